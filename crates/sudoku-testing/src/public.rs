//! The shared public benchmark sets (`../shared/benchdata-public/`), read for tests and
//! benches when they are there, and the report of a test skipped when they are not.
//!
//! A test that reads them is `#[ignore]`d with a reason naming the folder, so that plain
//! `cargo test` lists it as ignored rather than passed; `cargo xtask ci` runs it in its
//! release step (`cargo test --release -- --ignored`). There, without the data, the loaders
//! below write a line starting with [`SKIPPED`] that names the test, past the test harness's
//! capture, and ci counts that test as skipped, not passed.

use std::cell::Cell;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use sudoku_core::{Grid, PuzzleReader, Record};

/// How the line that reports a test skipped for want of public data starts; the name of the
/// test and what it needs follow: `skipped: public_sets::kaggle: needs ...`.
pub const SKIPPED: &str = "skipped: ";

/// The folder of shared public benchmark sets: `$SUDOKU_PUBLIC_DATA` when set, else
/// `shared/benchdata-public` beside the workspace. `None` when it does not exist. Says
/// nothing: for benches and tools; tests use [`public_folder`] or [`public_file`].
pub fn public_data_dir() -> Option<PathBuf> {
    let dir = where_public_data_is();
    dir.is_dir().then_some(dir)
}

/// Where the public sets are looked for, whether they are there or not.
fn where_public_data_is() -> PathBuf {
    match std::env::var_os("SUDOKU_PUBLIC_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchdata-public"),
    }
}

/// The public data folder, for a test, or `None` after reporting the running test skipped
/// (see [`SKIPPED`] and the [crate documentation](crate#tests-that-need-the-public-sets)).
pub fn public_folder() -> Option<PathBuf> {
    let dir = public_data_dir();
    if dir.is_none() {
        report_skip(&where_public_data_is().display().to_string());
    }
    dir
}

/// The file `name` of the public data folder (such as `"17_clue.txt"`), for a test, or `None`
/// after reporting the running test skipped when the folder or the file is absent.
pub fn public_file(name: &str) -> Option<PathBuf> {
    let path = public_folder()?.join(name);
    if path.is_file() {
        Some(path)
    } else {
        report_skip(&path.display().to_string());
        None
    }
}

/// Writes the line that reports the running test skipped for want of `what`, once a test, to
/// the process's standard output directly: the test harness captures what `println!` writes
/// (and shows it only for failures), not this. The test is named by its thread, which the
/// harness names after it.
fn report_skip(what: &str) {
    thread_local! {
        static REPORTED: Cell<bool> = const { Cell::new(false) };
    }
    if REPORTED.with(|reported| reported.replace(true)) {
        return;
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("main");
    let _ = writeln!(
        std::io::stdout().lock(),
        "{SKIPPED}{test}: needs {what}, which is absent (SUDOKU_PUBLIC_DATA names the public sets' folder)"
    );
}

/// The puzzles of public set `name` (such as `"17_clue.txt"`), read with [`PuzzleReader`], or
/// `None` after reporting the running test skipped when the file is absent (see
/// [`public_file`]).
///
/// # Panics
///
/// When the file exists but a line is not a puzzle: shared data must be clean.
pub fn public_set(name: &str) -> Option<Vec<Grid>> {
    public_records(name).map(|records| records.into_iter().map(|r| r.puzzle).collect())
}

/// Like [`public_set`], with each puzzle's whole [`Record`] (line, expected solution, comment
/// such as a rating).
///
/// # Panics
///
/// When the file exists but a line is not a puzzle.
pub fn public_records(name: &str) -> Option<Vec<Record>> {
    let path = public_file(name)?;
    let reader =
        PuzzleReader::open(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let records = reader
        .map(|record| record.unwrap_or_else(|err| panic!("{}: {err}", path.display())))
        .collect();
    Some(records)
}
