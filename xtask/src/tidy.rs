//! `cargo xtask tidy`: workspace rules that no compiler checks.
//!
//! - the algorithm crates and the renderer depend on no workspace crate but `sudoku-core`
//!   (tests and benches may use others as dev-dependencies);
//! - the front ends (the command line, the Python package) reach the workspace through the
//!   front door, `sudoku-api`, alone: no algorithm crate, no generator, not even core (the
//!   front door re-exports what they name), so that nothing between their arguments and
//!   their output is written twice (their tests may check answers with other crates);
//! - `sudoku-testing`, the shared test support, stays unpublished, depends on no workspace
//!   crate but `sudoku-core`, and is only a dev-dependency of published crates (the
//!   unpublished xtask and sudoku-fuzz may depend on it);
//! - no published crate has the AGPL `sudoku` crate as a normal or build dependency, and the
//!   AGPL `lisudoku-solver` is a dependency of the unpublished xtask alone;
//! - every crate sits in a folder named like the package, and every published one has the
//!   workspace licence;
//! - every published crate ships the licence texts (the workspace's own `LICENSE-MIT` and
//!   `LICENSE-APACHE`, identical) and a README, and names no `repository` until the project
//!   has a public home;
//! - every crate takes the workspace lints (`[lints] workspace = true`);
//! - third-party dependencies come from the list the design allows (proptest as a
//!   dev-dependency only, pyo3 in the Python package only).

use serde_json::Value;

use crate::{cargo, workspace_root};

/// Crates that must stay independent of each other: they may depend on sudoku-core only.
const ALGORITHM_CRATES: &[&str] = &[
    "sudoku-mrv",
    "sudoku-dlx",
    "sudoku-abc",
    "sudoku-killer",
    "sudoku-constraints",
];

/// The front ends: they depend on no workspace crate but the front door.
const FRONT_ENDS: &[&str] = &["sudoku-cli", "sudoku-py"];

/// The front door every front end goes through.
const FRONT_DOOR: &str = "sudoku-api";

/// The renderer draws what other crates compute: it too depends on sudoku-core alone.
const DRAWING_CRATES: &[&str] = &["sudoku-render"];

/// The shared test support: never published, and never shipped with a published crate.
const TEST_SUPPORT: &str = "sudoku-testing";

/// Third-party crates a workspace crate may name directly. Add one only with a reason.
const ALLOWED_THIRD_PARTY: &[&str] = &[
    "rayon",
    "rand",
    // PCG-64, the pinned portable generator behind every seed (rand's own StdRng and SmallRng
    // may change from one version to the next).
    "rand_pcg",
    "clap",
    // Progress bars of the command line and the bench, as the ecosystem draws them.
    "indicatif",
    // Signals in the command line: finished answers are written before it exits.
    "signal-hook",
    "serde",
    "serde_json",
    "criterion",
    "insta",
    // Property tests with shrinking, as a dev-dependency only (checked below).
    "proptest",
    // SVG charts of benchmark results (xtask only).
    "plotters",
    // The AGPL reference solver: dev-dependency or unpublished xtask only (checked below).
    "sudoku",
    // The AGPL variant solver, a peer of the constraint engine: xtask only (checked below).
    "lisudoku-solver",
    // The Python bindings, in sudoku-py only (checked below).
    "pyo3",
    // PNG and PDF pictures, in sudoku-render only, each behind a feature (checked below):
    // SVG parsing and text layout with the system's fonts (usvg), rasterising (resvg), SVG
    // to PDF forms (svg2pdf), and the PDF pages round them (pdf-writer, the version svg2pdf
    // is built on).
    "usvg",
    "resvg",
    "svg2pdf",
    "pdf-writer",
    // The lz-string codec of f-puzzles and SudokuPad links, in sudoku-core's `fpuzzles`
    // feature only (checked below): a maintained port with the JavaScript library's output.
    "lz-str",
    // The C++ compiler driver of xtask's build script: tdoku, a bench peer, when its source
    // folder is named (xtask only, checked below).
    "cc",
    // The XML parser under usvg, in the unpublished fuzz checks only (checked below): every
    // picture the renderer writes must parse.
    "roxmltree",
];

/// Third-party crates for tests only: dev-dependencies, never shipped.
const DEV_ONLY: &[&str] = &["proptest"];

/// Third-party crates that one crate alone may name: the Python bindings stay out of the
/// libraries and the command line.
const ONLY_IN: &[(&str, &str)] = &[
    ("pyo3", "sudoku-py"),
    ("usvg", "sudoku-render"),
    ("resvg", "sudoku-render"),
    ("svg2pdf", "sudoku-render"),
    ("pdf-writer", "sudoku-render"),
    ("lz-str", "sudoku-core"),
    ("lisudoku-solver", "xtask"),
    ("cc", "xtask"),
    ("roxmltree", "sudoku-fuzz"),
];

const LICENCE: &str = "MIT OR Apache-2.0";

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("`tidy` takes no options, got `{arg}`"));
    }
    let problems = check()?;
    if problems.is_empty() {
        eprintln!("tidy: ok");
        Ok(())
    } else {
        Err(format!(
            "tidy found {} problem(s):\n  {}",
            problems.len(),
            problems.join("\n  ")
        ))
    }
}

/// Every broken rule, as a sentence.
pub(crate) fn check() -> Result<Vec<String>, String> {
    let root = workspace_root();
    let output = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(&root)
        .output()
        .map_err(|err| format!("cannot run cargo metadata: {err}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|err| format!("cargo metadata printed invalid JSON: {err}"))?;
    let packages = metadata["packages"]
        .as_array()
        .ok_or("no packages in cargo metadata")?;
    let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut problems = Vec::new();
    for package in packages {
        check_package(package, &members, &mut problems);
    }
    Ok(problems)
}

fn check_package(package: &Value, members: &[&str], problems: &mut Vec<String>) {
    let name = package["name"].as_str().unwrap_or("?");
    let manifest = package["manifest_path"].as_str().unwrap_or("");
    let published = !package["publish"].as_array().is_some_and(|p| p.is_empty());
    let folder = std::path::Path::new(manifest)
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|f| f.to_str())
        .unwrap_or("");
    if folder != name {
        problems.push(format!(
            "{name}: folder `{folder}` should be named like the package"
        ));
    }
    if published && package["license"].as_str() != Some(LICENCE) {
        problems.push(format!(
            "{name}: licence should be `{LICENCE}` (license.workspace = true)"
        ));
    }
    if published {
        check_package_files(name, manifest, package, problems);
    }
    if name == TEST_SUPPORT && published {
        problems.push(format!(
            "{name}: test support is not published: set `publish = false`"
        ));
    }
    match std::fs::read_to_string(manifest) {
        Ok(text) if has_workspace_lints(&text) => {}
        Ok(_) => problems.push(format!(
            "{name}: add `[lints]\\nworkspace = true` to Cargo.toml"
        )),
        Err(err) => problems.push(format!("{name}: cannot read {manifest}: {err}")),
    }
    for dep in package["dependencies"].as_array().into_iter().flatten() {
        let dep_name = dep["name"].as_str().unwrap_or("?");
        // `kind` is null for normal dependencies, "dev" or "build" otherwise.
        let kind = dep["kind"].as_str().unwrap_or("normal");
        let shipped = kind != "dev";
        if members.contains(&dep_name) {
            if shipped && ALGORITHM_CRATES.contains(&name) && dep_name != "sudoku-core" {
                problems.push(format!(
                    "{name}: algorithm crates depend only on sudoku-core, not on {dep_name} \
                     (a dev-dependency is fine)"
                ));
            }
            if shipped && FRONT_ENDS.contains(&name) && dep_name != FRONT_DOOR {
                problems.push(format!(
                    "{name}: front ends reach the workspace through {FRONT_DOOR} alone, not \
                     {dep_name} (what they need of it, {FRONT_DOOR} re-exports; a \
                     dev-dependency is fine)"
                ));
            }
            if shipped && DRAWING_CRATES.contains(&name) && dep_name != "sudoku-core" {
                problems.push(format!(
                    "{name}: the renderer draws what others compute and depends only on \
                     sudoku-core, not on {dep_name} (a dev-dependency is fine)"
                ));
            }
            if name == TEST_SUPPORT && dep_name != "sudoku-core" {
                problems.push(format!(
                    "{name}: the test support depends only on sudoku-core, not on {dep_name} \
                     (every crate tests with it, so it must not pull in another algorithm)"
                ));
            }
            if dep_name == TEST_SUPPORT && shipped && published {
                problems.push(format!(
                    "{name}: {TEST_SUPPORT} is test support: make it a dev-dependency"
                ));
            }
        } else if !ALLOWED_THIRD_PARTY.contains(&dep_name) {
            problems.push(format!(
                "{name}: dependency `{dep_name}` is not on the allowed list in xtask/src/tidy.rs"
            ));
        } else if dep_name == "sudoku" && shipped && published {
            problems.push(format!(
                "{name}: the AGPL `sudoku` crate may only be a dev-dependency of a published crate"
            ));
        } else if DEV_ONLY.contains(&dep_name) && shipped {
            problems.push(format!(
                "{name}: `{dep_name}` is for tests: make it a dev-dependency"
            ));
        } else if let Some((_, owner)) = ONLY_IN.iter().find(|(dep, _)| *dep == dep_name)
            && *owner != name
        {
            problems.push(format!("{name}: `{dep_name}` belongs in {owner} only"));
        }
    }
}

/// The files a published package ships beside its sources.
fn check_package_files(name: &str, manifest: &str, package: &Value, problems: &mut Vec<String>) {
    let dir = std::path::Path::new(manifest)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    let root = workspace_root();
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let own = std::fs::read(dir.join(licence));
        let workspace = std::fs::read(root.join(licence));
        match (own, workspace) {
            (Ok(own), Ok(workspace)) if own == workspace => {}
            (Ok(_), Ok(_)) => problems.push(format!(
                "{name}: {licence} differs from the workspace's; copy it again"
            )),
            _ => problems.push(format!(
                "{name}: {licence} is missing (copy the workspace's into the package)"
            )),
        }
    }
    if package["readme"].as_str().is_none() {
        problems.push(format!(
            "{name}: add a README.md and `readme = \"README.md\"` to Cargo.toml"
        ));
    }
    if !package["repository"].is_null() {
        problems.push(format!(
            "{name}: `repository` names a home the project does not have yet; remove it"
        ));
    }
}

fn has_workspace_lints(manifest: &str) -> bool {
    let mut in_lints = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_lints = line == "[lints]";
        } else if in_lints && line.replace(' ', "") == "workspace=true" {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_is_tidy() {
        let problems = check().expect("cargo metadata runs");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_forbidden_dependency_is_caught() {
        let members = ["sudoku-core", "sudoku-mrv", "sudoku-dlx"];
        let package = serde_json::json!({
            "name": "sudoku-dlx",
            "manifest_path": "/nowhere/sudoku-dlx/Cargo.toml",
            "publish": null,
            "license": LICENCE,
            "dependencies": [
                {"name": "sudoku-core", "kind": null},
                {"name": "sudoku-mrv", "kind": null},
                {"name": "sudoku-mrv", "kind": "dev"},
                {"name": "sudoku", "kind": null},
                {"name": "anyhow", "kind": null},
                {"name": "proptest", "kind": null},
                {"name": "proptest", "kind": "dev"},
                {"name": "pyo3", "kind": null},
            ],
        });
        let mut problems = Vec::new();
        check_package(&package, &members, &mut problems);
        let text = problems.join("\n");
        assert!(
            text.contains("depend only on sudoku-core, not on sudoku-mrv"),
            "{text}"
        );
        assert_eq!(
            text.matches("sudoku-mrv").count(),
            1,
            "dev-dependency is allowed: {text}"
        );
        assert!(text.contains("AGPL"), "{text}");
        assert!(
            text.contains("`anyhow` is not on the allowed list"),
            "{text}"
        );
        assert!(text.contains("cannot read"), "{text}");
        assert_eq!(
            text.matches("`proptest` is for tests").count(),
            1,
            "a dev-dependency is fine: {text}"
        );
        assert!(text.contains("`pyo3` belongs in sudoku-py only"), "{text}");
        assert!(text.contains("LICENSE-MIT is missing"), "{text}");
        assert!(text.contains("add a README.md"), "{text}");
    }

    #[test]
    fn front_ends_go_through_the_front_door() {
        let members = ["sudoku-core", "sudoku-gen", "sudoku-api", "sudoku-cli"];
        let package = serde_json::json!({
            "name": "sudoku-cli",
            "manifest_path": "/nowhere/sudoku-cli/Cargo.toml",
            "publish": null,
            "dependencies": [
                {"name": "sudoku-api", "kind": null},
                {"name": "sudoku-gen", "kind": null},
                {"name": "sudoku-core", "kind": "dev"},
            ],
        });
        let mut problems = Vec::new();
        check_package(&package, &members, &mut problems);
        let text = problems.join("\n");
        assert!(
            text.contains("sudoku-cli: front ends reach the workspace through sudoku-api alone, not sudoku-gen"),
            "{text}"
        );
        assert_eq!(text.matches("front ends reach").count(), 1, "{text}");
    }

    #[test]
    fn the_test_support_is_a_dev_dependency_only() {
        let members = ["sudoku-core", "sudoku-mrv", "sudoku-testing", "xtask"];
        let check = |package: serde_json::Value| {
            let mut problems = Vec::new();
            check_package(&package, &members, &mut problems);
            problems.join("\n")
        };
        // A published crate may take it for its tests only.
        let published = |kind: serde_json::Value| {
            serde_json::json!({
                "name": "sudoku-mrv",
                "manifest_path": "/nowhere/sudoku-mrv/Cargo.toml",
                "publish": null,
                "dependencies": [{"name": "sudoku-testing", "kind": kind}],
            })
        };
        let text = check(published(serde_json::json!("dev")));
        assert!(!text.contains("test support"), "{text}");
        let text = check(published(serde_json::Value::Null));
        assert!(
            text.contains("sudoku-mrv: sudoku-testing is test support: make it a dev-dependency"),
            "{text}"
        );
        // The unpublished xtask may depend on it.
        let text = check(serde_json::json!({
            "name": "xtask",
            "manifest_path": "/nowhere/xtask/Cargo.toml",
            "publish": [],
            "dependencies": [{"name": "sudoku-testing", "kind": null}],
        }));
        assert!(!text.contains("test support"), "{text}");
        // It stays unpublished and on sudoku-core alone.
        let text = check(serde_json::json!({
            "name": "sudoku-testing",
            "manifest_path": "/nowhere/sudoku-testing/Cargo.toml",
            "publish": null,
            "dependencies": [
                {"name": "sudoku-core", "kind": null},
                {"name": "sudoku-mrv", "kind": null},
            ],
        }));
        assert!(text.contains("test support is not published"), "{text}");
        assert!(
            text.contains("depends only on sudoku-core, not on sudoku-mrv"),
            "{text}"
        );
        assert!(!text.contains("not on sudoku-core"), "{text}");
    }

    #[test]
    fn workspace_lints_are_recognised() {
        assert!(has_workspace_lints(
            "[package]\nname = \"x\"\n\n[lints]\nworkspace = true\n"
        ));
        assert!(!has_workspace_lints("[lints.rust]\nworkspace = true\n"));
        assert!(!has_workspace_lints("[package]\nworkspace = true\n"));
    }
}
