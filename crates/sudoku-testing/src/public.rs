//! The shared public benchmark sets (`../shared/benchdata-public/`), read for tests and
//! benches when they are there.

use std::path::{Path, PathBuf};

use sudoku_core::{Grid, PuzzleReader, Record};

/// The folder of shared public benchmark sets: `$SUDOKU_PUBLIC_DATA` when set, else
/// `shared/benchdata-public` beside the workspace. `None` when it does not exist.
pub fn public_data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("SUDOKU_PUBLIC_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchdata-public"),
    };
    dir.is_dir().then_some(dir)
}

/// The puzzles of public set `name` (such as `"17_clue.txt"`), read with
/// [`PuzzleReader`], or `None`, after printing why on standard error,
/// when the folder or the file is absent, so a test can skip cleanly.
///
/// # Panics
///
/// When the file exists but a line is not a puzzle: shared data must be clean.
pub fn public_set(name: &str) -> Option<Vec<Grid>> {
    public_records(name).map(|records| records.into_iter().map(|r| r.puzzle).collect())
}

/// Like [`public_set`], with each puzzle's whole [`Record`] (line, expected
/// solution, comment such as a rating).
///
/// # Panics
///
/// When the file exists but a line is not a puzzle.
pub fn public_records(name: &str) -> Option<Vec<Record>> {
    let Some(dir) = public_data_dir() else {
        eprintln!(
            "skipped: public data folder absent (set SUDOKU_PUBLIC_DATA); {name} not checked"
        );
        return None;
    };
    let path = dir.join(name);
    if !path.is_file() {
        eprintln!("skipped: {} absent", path.display());
        return None;
    }
    let reader =
        PuzzleReader::open(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let records = reader
        .map(|record| record.unwrap_or_else(|err| panic!("{}: {err}", path.display())))
        .collect();
    Some(records)
}
