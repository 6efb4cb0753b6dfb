//! `cargo xtask snapshots`: checks every insta snapshot of the workspace (the answers and
//! statistics of each algorithm on benchdata/, pinned puzzles of the solver crates, the
//! command line's help and error texts); `--accept` rewrites the stale ones for review with
//! `git diff`.

use crate::{cargo, workspace_root};

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let accept = match args {
        [] => false,
        [flag] if flag == "--accept" => true,
        _ => {
            return Err(format!(
                "usage: cargo xtask snapshots [--accept], got {args:?}"
            ));
        }
    };
    let status = cargo()
        .args(["test", "--workspace", "--all-features", "--release"])
        .env("INSTA_UPDATE", if accept { "always" } else { "no" })
        .env("INSTA_FORCE_PASS", "0")
        .current_dir(workspace_root())
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    if !status.success() {
        return Err(if accept {
            "tests failed even with snapshots accepted: see above".into()
        } else {
            "snapshots are stale or tests failed: review, then `cargo xtask snapshots --accept`"
                .into()
        });
    }
    if accept {
        eprintln!("snapshots written; review them with `git diff -- '*.snap'` before committing");
    } else {
        eprintln!("every snapshot matches");
    }
    Ok(())
}
