//! `cargo xtask python`: the Python package, built and installed the way a user installs it,
//! and its pytest suite.
//!
//! 1. The release `sudoku` binary, which the tests compare answers with (its dependencies
//!    are compiled with the features the package uses too, so the next build reuses them).
//! 2. A virtual environment at `target/py-venv`, made once with `python3` from the PATH (or
//!    `$PYTHON`), holding the build and test tools at pinned versions ([`TOOLS`]), installed
//!    again only when the pins change.
//! 3. `pip install crates/sudoku-py` without build isolation: pip runs the package's build
//!    backend (maturin, from the venv) in release mode, with the workspace's `target/` as the
//!    cargo target folder, so everything compiled before is reused.
//! 4. pytest on `crates/sudoku-py/tests`; a failing test fails the run, and `ci` adds the
//!    counts of pytest's closing line to its own.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{cargo, workspace_root};

/// The build and test tools, pinned so that a run today and a run next year agree.
/// pandas is there for the tests of the inputs pandas users pass (a DataFrame's column);
/// the package depends on numpy alone, not on pandas. dask, distributed and tqdm (the
/// `[dask]` extra) and pyarrow (`[parquet]`) are there so that the tests of
/// `sudoku_rs.distributed` and of Parquet output run rather than skip; mypy checks the
/// type stubs and what they tell an editor each kind of input gets back.
const TOOLS: &[&str] = &[
    "maturin==1.16.0",
    "pytest==9.2.0",
    "mypy==2.4.1",
    "numpy==2.4.6",
    "pandas==3.1.1",
    "dask==2026.8.0",
    "distributed==2026.8.0",
    "tqdm==4.70.1",
    "pyarrow==26.0.1",
];

/// The oldest Python the package supports.
const MIN_PYTHON: (u32, u32) = (3, 9);

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("`python` takes no options, got `{arg}`"));
    }
    test().map(|_| ())
}

/// What pytest counted: passed, failed (errors included) and skipped tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) passed: u64,
    pub(crate) failed: u64,
    pub(crate) skipped: u64,
}

/// Builds, installs and tests the package; the counts of its tests.
pub(crate) fn test() -> Result<Counts, String> {
    let root = workspace_root();
    let target = root.join("target");
    step("the release `sudoku` binary, to compare answers with");
    let status = cargo()
        .args(["build", "--release", "--locked", "-p", "sudoku-cli"])
        .current_dir(&root)
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))?;
    if !status.success() {
        return Err(format!("cargo build -p sudoku-cli failed ({status})"));
    }
    let venv = target.join("py-venv");
    let python = venv_python(&venv)?;
    install_tools(&venv, &python)?;
    step("pip install crates/sudoku-py (maturin, release)");
    // maturin from the venv, and the cargo that runs xtask (with its rustc) before any other.
    let mut dirs = vec![bin_dir(&venv)];
    if let Some(toolchain) = std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| cargo.parent().map(Path::to_path_buf))
    {
        dirs.push(toolchain);
    }
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = std::env::join_paths(dirs).map_err(|err| format!("PATH: {err}"))?;
    run_checked(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-build-isolation",
                "--no-deps",
                "--force-reinstall",
                "--no-cache-dir",
            ])
            .arg(root.join("crates").join("sudoku-py"))
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(&root),
        "pip install crates/sudoku-py",
    )?;
    step("pytest crates/sudoku-py/tests");
    let cli = target.join("release").join("sudoku");
    let mut child = Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root.join("crates").join("sudoku-py").join("tests"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("SUDOKU_CLI", &cli)
        .current_dir(&root)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|err| format!("cannot run pytest: {err}"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut counts = Counts::default();
    for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
        let line = line.map_err(|err| format!("reading pytest's output: {err}"))?;
        println!("{line}");
        if let Some(found) = summary(&line) {
            counts = found;
        }
    }
    let status = child
        .wait()
        .map_err(|err| format!("waiting for pytest: {err}"))?;
    if status.success() {
        Ok(counts)
    } else {
        Err(format!("pytest failed ({status})"))
    }
}

/// The counts of pytest's closing line, such as `1 failed, 89 passed, 1 skipped in 21.85s`.
fn summary(line: &str) -> Option<Counts> {
    let (counts, time) = line.trim().trim_matches('=').trim().rsplit_once(" in ")?;
    if !time.ends_with('s') {
        return None;
    }
    let mut found = Counts::default();
    for part in counts.split(", ") {
        let (number, word) = part.split_once(' ')?;
        let number: u64 = number.parse().ok()?;
        match word {
            "passed" => found.passed += number,
            "failed" | "error" | "errors" => found.failed += number,
            "skipped" => found.skipped += number,
            _ => {}
        }
    }
    Some(found)
}

fn step(what: &str) {
    eprintln!("==> python: {what}");
}

/// The venv's `bin` folder (`Scripts` on Windows).
fn bin_dir(venv: &Path) -> PathBuf {
    venv.join(if cfg!(windows) { "Scripts" } else { "bin" })
}

/// The venv's interpreter, making the venv first when there is none.
fn venv_python(venv: &Path) -> Result<PathBuf, String> {
    let python = bin_dir(venv).join(if cfg!(windows) {
        "python.exe"
    } else {
        "python"
    });
    if python.exists() {
        return Ok(python);
    }
    let base = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    step(&format!("{base} -m venv {}", venv.display()));
    check_version(&base)?;
    run_checked(
        Command::new(&base).arg("-m").arg("venv").arg(venv),
        "python -m venv",
    )?;
    Ok(python)
}

/// Fails with a clear message when `python` is missing or older than [`MIN_PYTHON`].
fn check_version(python: &str) -> Result<(), String> {
    let output = Command::new(python)
        .args(["-c", "import sys; print(*sys.version_info[:2])"])
        .output()
        .map_err(|err| format!("cannot run {python} (set PYTHON to a Python 3.9+): {err}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let version: Vec<u32> = text
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    match version.as_slice() {
        [major, minor] if (*major, *minor) >= MIN_PYTHON => Ok(()),
        _ => Err(format!(
            "{python} is Python {}; the package needs {}.{} or newer (set PYTHON)",
            text.trim(),
            MIN_PYTHON.0,
            MIN_PYTHON.1
        )),
    }
}

/// Installs [`TOOLS`] into the venv unless its record says they are there already.
fn install_tools(venv: &Path, python: &Path) -> Result<(), String> {
    let record = venv.join("sudoku-tools.txt");
    let wanted = TOOLS.join("\n");
    if std::fs::read_to_string(&record).is_ok_and(|have| have == wanted) {
        return Ok(());
    }
    step(&format!("pip install {}", TOOLS.join(" ")));
    run_checked(
        Command::new(python)
            .args(["-m", "pip", "install", "--quiet"])
            .args(TOOLS),
        "pip install of the build and test tools",
    )?;
    std::fs::write(&record, wanted).map_err(|err| format!("{}: {err}", record.display()))
}

fn run_checked(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|err| format!("cannot run {what}: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

#[cfg(test)]
mod tests {
    use super::{Counts, summary};

    #[test]
    fn pytest_summary_lines_are_counted() {
        let counts = |passed, failed, skipped| {
            Some(Counts {
                passed,
                failed,
                skipped,
            })
        };
        assert_eq!(summary("103 passed in 14.81s"), counts(103, 0, 0));
        assert_eq!(
            summary("1 failed, 89 passed, 1 skipped in 21.85s"),
            counts(89, 1, 1)
        );
        assert_eq!(
            summary("===== 2 passed, 1 error, 3 warnings in 0.50s ====="),
            counts(2, 1, 0)
        );
        assert_eq!(summary("........ [ 69%]"), None);
        assert_eq!(summary("a line that mentions passed in passing"), None);
    }
}
