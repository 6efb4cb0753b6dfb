//! `cargo xtask render-docs`: rewrites the pictures of docs/render/ (SVG of each kind of
//! board, an explanation step, a printable page, and the ten-step explanation page) from
//! sudoku-render's test gallery. `--check` fails when a committed picture is not what the
//! renderer draws now; CI runs the same check as a test of sudoku-render.

use crate::{cargo, workspace_root};

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        [other, ..] => {
            return Err(format!("`render-docs` takes only --check, got `{other}`"));
        }
    };
    let mut command = cargo();
    command
        .args([
            "test",
            "--package",
            "sudoku-render",
            "--all-features",
            "--test",
            "tests",
            "--",
            "--exact",
            "docs::the_pictures_of_the_docs_are_current",
        ])
        .current_dir(workspace_root());
    if !check {
        command.env("SUDOKU_RENDER_DOCS", "write");
    }
    let status = command
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    if !status.success() {
        return Err(if check {
            "docs/render/ is stale: run `cargo xtask render-docs` and review the pictures"
                .to_string()
        } else {
            format!("writing docs/render/ failed ({status})")
        });
    }
    if !check {
        eprintln!("render-docs: docs/render/ rewritten; review the pictures before committing");
    }
    Ok(())
}
