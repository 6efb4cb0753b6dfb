//! `cargo xtask readme-examples`: each library crate's README example, built and run as a
//! program whose only dependency is that crate, as a user who pastes it would.
//!
//! For every published library crate with a `README.md`, the first ```` ```rust ```` block
//! becomes `src/main.rs` of a scratch package under `target/readme-examples/`, with one
//! dependency (the crate, by path) and the workspace's `Cargo.lock` as a starting point;
//! the packages share one target directory. The workspace README's example is checked the
//! same way against `sudoku-mrv`. A crate whose re-exports miss a type its example needs,
//! or an example that does not compile or panics, fails the run.

use std::path::{Path, PathBuf};

use crate::{cargo, workspace_root};

/// The crates whose README examples are checked, and the workspace README's crate.
const CRATES: &[&str] = &[
    "sudoku-core",
    "sudoku-mrv",
    "sudoku-dlx",
    "sudoku-abc",
    "sudoku-killer",
    "sudoku-gen",
    "sudoku-render",
    "sudoku-constraints",
];

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("`readme-examples` takes no options, got `{arg}`"));
    }
    let root = workspace_root();
    let scratch = root.join("target").join("readme-examples");
    let mut cases: Vec<(String, &str, PathBuf)> = CRATES
        .iter()
        .map(|name| {
            (
                name.to_string(),
                *name,
                root.join("crates").join(name).join("README.md"),
            )
        })
        .collect();
    cases.push(("workspace".into(), "sudoku-mrv", root.join("README.md")));
    for (label, dependency, readme) in cases {
        let text = std::fs::read_to_string(&readme)
            .map_err(|err| format!("{}: {err}", readme.display()))?;
        let example = first_rust_block(&text)
            .ok_or_else(|| format!("{}: no ```rust example", readme.display()))?;
        let package = scratch.join(&label);
        write_package(&package, &label, dependency, &root, example)?;
        eprintln!("==> {label}: README example with `{dependency}` as its only dependency");
        let status = cargo()
            .args(["run", "--quiet", "--manifest-path"])
            .arg(package.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|err| format!("cannot run cargo: {err}"))?;
        if !status.success() {
            return Err(format!(
                "{}: the README example does not build or run with `{dependency}` alone",
                readme.display()
            ));
        }
    }
    eprintln!("readme-examples: ok");
    Ok(())
}

/// The body of the first ```` ```rust ```` block.
fn first_rust_block(markdown: &str) -> Option<&str> {
    let start = markdown.find("```rust\n")? + "```rust\n".len();
    let end = markdown[start..].find("\n```")? + start;
    Some(&markdown[start..=end])
}

fn write_package(
    dir: &Path,
    label: &str,
    dependency: &str,
    root: &Path,
    example: &str,
) -> Result<(), String> {
    let io = |err: std::io::Error| format!("{}: {err}", dir.display());
    std::fs::create_dir_all(dir.join("src")).map_err(io)?;
    let manifest = format!(
        "[package]\nname = \"readme-{label}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{dependency} = {{ path = {:?} }}\n\n\
         # Its own workspace: not a member of the one around it.\n[workspace]\n",
        root.join("crates").join(dependency).display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).map_err(io)?;
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).map_err(io)?;
    std::fs::write(dir.join("src").join("main.rs"), example).map_err(io)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::first_rust_block;

    #[test]
    fn the_first_rust_block_is_taken() {
        let md = "text\n```sh\nls\n```\n```rust\nfn main() {}\n```\n```rust\nother\n```\n";
        assert_eq!(first_rust_block(md), Some("fn main() {}\n"));
        assert_eq!(first_rust_block("no code"), None);
    }
}
