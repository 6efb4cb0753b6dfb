//! `cargo xtask ci`: every check CI runs, with the same flags, in order, stopping at the first
//! failure.

use crate::{cargo, workspace_root};

/// One step: a title and the cargo arguments, plus extra environment.
struct Step {
    title: &'static str,
    args: &'static [&'static str],
    env: &'static [(&'static str, &'static str)],
}

const STEPS: &[Step] = &[
    Step {
        title: "format",
        args: &["fmt", "--all", "--", "--check"],
        env: &[],
    },
    Step {
        title: "clippy",
        args: &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--all-features",
            "--locked",
            "--",
            "-D",
            "warnings",
        ],
        env: &[],
    },
    Step {
        title: "tests",
        args: &["test", "--workspace", "--all-features", "--locked"],
        env: &[],
    },
    Step {
        title: "slow and public-data tests (release, ignored by plain cargo test)",
        args: &[
            "test",
            "--workspace",
            "--all-features",
            "--locked",
            "--release",
            "--",
            "--ignored",
        ],
        env: &[],
    },
    Step {
        title: "docs",
        args: &[
            "doc",
            "--workspace",
            "--no-deps",
            "--all-features",
            "--locked",
        ],
        env: &[("RUSTDOCFLAGS", "-D warnings")],
    },
];

/// `cargo package` of every published crate (not the unpublished xtask, sudoku-fuzz and
/// sudoku-testing, nor sudoku-py, a Python wheel), with the verify build (dirty trees allowed,
/// so that it runs before a commit too).
const PACKAGE: &[&str] = &[
    "package",
    "--workspace",
    "--exclude",
    "xtask",
    "--exclude",
    "sudoku-fuzz",
    "--exclude",
    "sudoku-testing",
    "--exclude",
    "sudoku-py",
    "--locked",
    "--allow-dirty",
];

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("`ci` takes no options, got `{arg}`"));
    }
    let root = workspace_root();
    let mut totals = Totals::default();
    for step in STEPS {
        eprintln!("==> {}: cargo {}", step.title, step.args.join(" "));
        let mut command = cargo();
        command
            .args(step.args)
            .envs(step.env.iter().copied())
            .current_dir(&root);
        let skipped_before = totals.skipped;
        let status = if step.args[0] == "test" {
            run_counting(&mut command, &mut totals)?
        } else {
            command
                .status()
                .map_err(|err| format!("cannot run cargo: {err}"))?
        };
        if !status.success() {
            return Err(format!("{} failed ({status})", step.title));
        }
        // Tests that read the public sets are ignored by plain `cargo test`: one that reports
        // a skip there would count as passed wherever the data is absent.
        let skipped = totals.skipped - skipped_before;
        if skipped > 0 && !step.args.contains(&"--ignored") {
            return Err(format!(
                "{skipped} test(s) above need ../shared/benchdata-public, a browser or a font \
                 without being ignored: give each `#[ignore = \"needs ...; cargo xtask ci runs it in \
                 release\"]`"
            ));
        }
    }
    msrv(&root)?;
    eprintln!("==> the Python package: build with maturin, pytest");
    let python = crate::python::test()?;
    totals.passed += python.passed;
    totals.failed += python.failed;
    totals.pytest_skipped += python.skipped;
    eprintln!("==> tidy");
    crate::tidy::run(&[])?;
    // Every fuzz target briefly, so that a stale oracle or a new crash is caught when it
    // lands (nightly only; skipped with the reason elsewhere).
    let fuzzed = crate::fuzz::ci()?;
    eprintln!("==> benchdata is what the generator makes");
    crate::gen_benchdata::run(&["--check".to_string()])?;
    eprintln!("==> README examples, each with its crate as the only dependency");
    crate::readme_examples::run(&[])?;
    eprintln!("==> every published crate packages and builds from its package alone");
    forget_packaged_sources();
    // Its own target folder, emptied first: cargo takes a registry crate of an unchanged
    // version for unchanged, so builds of an earlier run would be verified instead.
    let target = root.join("target").join("package-verify");
    let _ = std::fs::remove_dir_all(&target);
    let status = cargo()
        .args(PACKAGE)
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(&root)
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    if !status.success() {
        return Err(format!("cargo {} failed ({status})", PACKAGE.join(" ")));
    }
    eprintln!("==> all checks passed");
    match fuzzed {
        Some(targets) => eprintln!(
            "fuzz: {targets} targets, {} s each, no finding",
            crate::fuzz::CI_TIME
        ),
        None => eprintln!("fuzz: skipped (see above)"),
    }
    // One closing line for the whole run, as test runners write it. The tests ignored by the
    // debug run all ran in the release one; those skipped found no public data, or were
    // skipped by pytest.
    println!(
        "ci: {} passed, {} failed, {} skipped{}",
        totals.passed - totals.skipped,
        totals.failed,
        totals.skipped + totals.pytest_skipped,
        if totals.skipped > 0 {
            " (each skipped test said above what it needs: ../shared/benchdata-public, \
             chromium for the renderer's browser tests, or an installed font for PNG and PDF)"
        } else {
            ""
        }
    );
    Ok(())
}

/// Checks every crate, test and example with the oldest toolchain the workspace claims
/// (`rust-version` of `[workspace.package]`), when rustup has it: clippy's `incompatible_msrv`
/// flags standard-library APIs newer than that, but not language features (let-chains), which
/// only that compiler catches. Without the toolchain the step says so and passes.
fn msrv(root: &std::path::Path) -> Result<(), String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|err| format!("cannot read Cargo.toml: {err}"))?;
    let version = rust_version(&manifest).ok_or("no rust-version in [workspace.package]")?;
    let installed = std::process::Command::new("rustup")
        .args(["run", version, "rustc", "--version"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !installed {
        eprintln!(
            "==> minimum Rust version: skipped, toolchain {version} not installed \
             (`rustup toolchain install {version}` to check it)"
        );
        return Ok(());
    }
    let args = [
        "check",
        "--workspace",
        "--all-targets",
        "--all-features",
        "--locked",
    ];
    eprintln!(
        "==> minimum Rust version: rustup run {version} cargo {}",
        args.join(" ")
    );
    let status = std::process::Command::new("rustup")
        .args(["run", version, "cargo"])
        .args(args)
        // Its own target folder: another compiler's builds would evict this one's.
        .env("CARGO_TARGET_DIR", root.join("target").join("msrv"))
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .current_dir(root)
        .status()
        .map_err(|err| format!("cannot run rustup: {err}"))?;
    if !status.success() {
        return Err(format!(
            "the workspace does not build with Rust {version} ({status})"
        ));
    }
    Ok(())
}

/// The `rust-version` of a workspace manifest's `[workspace.package]` table.
fn rust_version(manifest: &str) -> Option<&str> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[workspace.package]";
        } else if in_package {
            let Some(value) = line.strip_prefix("rust-version") else {
                continue;
            };
            return value
                .trim()
                .strip_prefix('=')?
                .trim()
                .strip_prefix('"')?
                .split('"')
                .next();
        }
    }
    None
}

/// `cargo package` unpacks the workspace's own crates from a temporary registry into
/// `$CARGO_HOME/registry/src/<that registry>/`, and on the next run reuses what it finds there
/// when the version has not changed, so it would verify against stale sources. Those copies
/// (and only those: folders of other registries are left alone) are removed first.
fn forget_packaged_sources() {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry").join("src")) else {
        return;
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return;
    };
    for registry in registries.flatten() {
        let name = registry.file_name().to_string_lossy().into_owned();
        // crates.io's folder is `index.crates.io-<hash>`; the temporary one has no host.
        if name.starts_with("index.") {
            continue;
        }
        let Ok(crates) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for krate in crates.flatten() {
            if krate.file_name().to_string_lossy().starts_with("sudoku-") {
                let _ = std::fs::remove_dir_all(krate.path());
            }
        }
    }
}

/// Test counts summed over every `test result:` line of every test run, and the tests among
/// the passed ones that reported themselves skipped for want of the public sets (a line that
/// starts with [`sudoku_testing::SKIPPED`] and names the test, before the test's result).
#[derive(Default)]
struct Totals {
    passed: u64,
    failed: u64,
    /// Tests counted among the passed that reported a skip (no public data).
    skipped: u64,
    /// Tests pytest skipped (not among the passed).
    pytest_skipped: u64,
    /// The tests of the binary running now that reported a skip and have no result yet.
    pending: std::collections::HashSet<String>,
    /// A test whose skip line stands inside its own result line (tests run one at a time:
    /// `test NAME ... skipped: NAME: ...`, then `ok`), until that `ok`.
    awaiting: Option<String>,
}

impl Totals {
    /// Counts what one line of test output says.
    fn add_line(&mut self, line: &str) {
        self.add_summary(line);
        self.note_skip(line);
    }

    /// Adds the counts of a libtest summary line such as
    /// `test result: ok. 32 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; ...`.
    fn add_summary(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("test result: ") else {
            return;
        };
        for part in rest.split(';') {
            let mut words = part.split_whitespace().rev();
            let (Some(what), Some(count)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(count) = count.parse::<u64>() else {
                continue;
            };
            match what {
                "passed" => self.passed += count,
                "failed" => self.failed += count,
                _ => {}
            }
        }
    }

    /// Notes a test's report of a skip, and counts it skipped when its result says `ok`.
    fn note_skip(&mut self, line: &str) {
        let line = line.trim_end();
        if line.starts_with("running ") {
            // Another test binary.
            self.pending.clear();
            self.awaiting = None;
        } else if let Some(at) = line.find(sudoku_testing::SKIPPED) {
            let rest = &line[at + sudoku_testing::SKIPPED.len()..];
            let name = rest.split(": ").next().unwrap_or(rest).to_string();
            if at > 0 && line.starts_with("test ") {
                self.awaiting = Some(name);
            } else {
                self.pending.insert(name);
            }
        } else if line == "ok" {
            if self.awaiting.take().is_some() {
                self.skipped += 1;
            }
        } else if let Some(name) = line
            .strip_prefix("test ")
            .and_then(|rest| rest.strip_suffix(" ... ok"))
            && self.pending.remove(name)
        {
            self.skipped += 1;
        }
    }
}

/// Runs a test command, echoing its standard output line by line and counting its results.
fn run_counting(
    command: &mut std::process::Command,
    totals: &mut Totals,
) -> Result<std::process::ExitStatus, String> {
    use std::io::{BufRead, BufReader};
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|err| format!("reading test output: {err}"))?;
        println!("{line}");
        totals.add_line(&line);
    }
    child
        .wait()
        .map_err(|err| format!("waiting for cargo: {err}"))
}

#[cfg(test)]
mod tests {
    use super::Totals;

    #[test]
    fn the_rust_version_is_read_from_the_workspace_package() {
        let manifest = "[workspace]\nmembers = []\n\n[workspace.package]\nedition = \"2024\"\n\
             # oldest\nrust-version = \"1.88\"\n\n[package]\nrust-version = \"1.70\"\n";
        assert_eq!(super::rust_version(manifest), Some("1.88"));
        assert_eq!(
            super::rust_version("[package]\nrust-version = \"1.70\"\n"),
            None
        );
        let root = std::fs::read_to_string(crate::workspace_root().join("Cargo.toml")).unwrap();
        assert!(super::rust_version(&root).is_some());
    }

    #[test]
    fn summary_lines_are_counted() {
        let mut totals = Totals::default();
        totals.add_summary(
            "test result: ok. 32 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.46s",
        );
        totals.add_summary("test result: FAILED. 1 passed; 3 failed; 0 ignored; 0 measured");
        totals.add_summary("running 5 tests");
        assert_eq!((totals.passed, totals.failed), (33, 3));
    }

    /// A test that found no public data reports it before its result: it counts as skipped
    /// (the closing line takes it out of the passed ones), whether tests run side by side or
    /// one at a time, and only when it passed.
    #[test]
    fn tests_that_report_a_skip_count_as_skipped() {
        let mut totals = Totals::default();
        let output = "\
running 4 tests
skipped: public_sets::kaggle: needs ../shared/benchdata-public/kaggle.txt (absent)
skipped: public_sets::broken: needs the public data folder (absent)
test public_sets::kaggle ... ok
test conformance::table ... ok
test public_sets::broken ... FAILED
test public_sets::serg ... ignored, needs ../shared/benchdata-public

test result: FAILED. 2 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out

running 2 tests
test public_sets::one ... skipped: public_sets::one: needs the public data folder (absent)
ok
test public_sets::two ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out
";
        for line in output.lines() {
            totals.add_line(line);
        }
        assert_eq!((totals.passed, totals.failed, totals.skipped), (4, 1, 2));
    }
}
