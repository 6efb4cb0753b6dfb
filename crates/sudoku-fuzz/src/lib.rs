//! The checks that the fuzz targets under `fuzz/` run on every input, in one place: the
//! targets call them from libFuzzer on nightly, and the stable test suite replays through
//! them every input kept under `fuzz/regressions/<target>/` and every seed.
//!
//! Each check takes raw bytes, as outside input arrives, and asserts more than "no panic":
//! what a parser accepts prints and parses back to the same value, what a solver answers is
//! checked independently (a solution solves its puzzle, counts agree between engines and
//! with a brute-force or reference count). Bad input must come back as an error, never a
//! panic, so any panic here is a finding.
//!
//! ```
//! use sudoku_fuzz::{TARGETS, target};
//!
//! let grid = target("grid").expect("a target");
//! (grid.check)(b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
//! (grid.check)(b"not a puzzle");
//! assert!(TARGETS.iter().any(|t| t.name == "solvers"));
//! ```

use std::path::{Path, PathBuf};

mod bytes;
pub mod candidates;
pub mod canonical;
pub mod cover;
pub mod front;
pub mod grid;
pub mod killer;
pub mod logic;
pub mod puzzle;
pub mod reader;
mod seeds;
pub mod solvers;
pub mod variant;

pub use seeds::SeedData;

/// One fuzz target: its name (the binary under `fuzz/fuzz_targets/`), what it checks, the
/// check itself, and how to make its seed corpus from puzzle data.
pub struct Target {
    /// The name of the target, as `cargo fuzz run` and `cargo xtask fuzz` take it.
    pub name: &'static str,
    /// One line on what the target feeds and checks.
    pub about: &'static str,
    /// The check of one input; panics on a finding.
    pub check: fn(&[u8]),
    /// Seed inputs made from puzzle data, in the form the check reads.
    pub seeds: fn(&SeedData) -> Vec<Vec<u8>>,
}

/// Every fuzz target, in the order `cargo xtask fuzz` runs them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "grid",
        about: "Grid from a line or a drawing: the exact accepted language, both printed forms parse back",
        check: grid::check,
        seeds: grid::seeds,
    },
    Target {
        name: "reader",
        about: "PuzzleReader and AnyReader on a whole file: every record prints and reads back",
        check: reader::check,
        seeds: reader::seeds,
    },
    Target {
        name: "candidates",
        about: "pencil marks in the 729-character and grid forms: both round-trip",
        check: candidates::check,
        seeds: candidates::seeds,
    },
    Target {
        name: "puzzle",
        about: "puzzles of every size and variant, from a line, a drawing or a JSON line: round trips",
        check: puzzle::check,
        seeds: puzzle::seeds,
    },
    Target {
        name: "killer",
        about: "killer text, JSON and JSON-lines files: exact round trips, budgeted solving checked",
        check: killer::check,
        seeds: killer::seeds,
    },
    Target {
        name: "cover",
        about: "ExactCover from arbitrary rows: errors as specified, solutions exact, counts brute-forced",
        check: cover::check,
        seeds: cover::seeds,
    },
    Target {
        name: "solvers",
        about: "MRV, DLX and the reference counter on arbitrary grids and variants: the same answers",
        check: solvers::check,
        seeds: solvers::seeds,
    },
    Target {
        name: "canonical",
        about: "canonical form: invariant under a random symmetry, a fixed point, its transform right",
        check: canonical::check,
        seeds: canonical::seeds,
    },
    Target {
        name: "front",
        about: "the front door's reading of one puzzle: its line and every form it writes mean the same",
        check: front::check,
        seeds: front::seeds,
    },
    Target {
        name: "logic",
        about: "hints, explanations and ratings on pencil-mark positions: every step kept to the solution",
        check: logic::check,
        seeds: logic::seeds,
    },
    Target {
        name: "variant",
        about: "variant puzzles from f-puzzles JSON, links and ipuz: round trips, budgeted answers checked",
        check: variant::check,
        seeds: variant::seeds,
    },
];

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The folder of the `fuzz/` layout (the cargo-fuzz project, its corpora and regressions).
pub fn fuzz_dir() -> PathBuf {
    workspace_dir().join("fuzz")
}

/// The workspace root.
pub fn workspace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The inputs kept for `target` under `fuzz/regressions/<target>/`, sorted by file name, each
/// with its path.
///
/// # Errors
///
/// When the folder exists but cannot be read.
pub fn regressions(target: &str) -> std::io::Result<Vec<(PathBuf, Vec<u8>)>> {
    let dir = fuzz_dir().join("regressions").join(target);
    let mut inputs = Vec::new();
    if !dir.is_dir() {
        return Ok(inputs);
    }
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.is_file() {
            let bytes = std::fs::read(&path)?;
            inputs.push((path, bytes));
        }
    }
    inputs.sort();
    Ok(inputs)
}

/// Text from bytes as a program reading a file would get it: invalid UTF-8 replaced.
pub(crate) fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every input a fuzzer ever found, kept under `fuzz/regressions/<target>/`, passes its
    /// target's check on stable: each finding stays fixed.
    #[test]
    fn every_kept_finding_passes_its_check() {
        let dir = fuzz_dir().join("regressions");
        for entry in std::fs::read_dir(&dir).expect("fuzz/regressions exists") {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                assert!(
                    target(&name).is_some(),
                    "fuzz/regressions/{name}/ names no target"
                );
            }
        }
        let mut replayed = 0;
        for target in TARGETS {
            for (path, bytes) in regressions(target.name).unwrap() {
                eprintln!("replaying {}", path.display());
                (target.check)(&bytes);
                replayed += 1;
            }
        }
        eprintln!("replayed {replayed} kept inputs");
    }

    /// Every seed of every target passes its check: the checks accept what valid data looks
    /// like, so a fuzzer starts from inputs that reach deep.
    #[test]
    fn every_seed_passes_its_check() {
        let data = SeedData::load(&workspace_dir(), false);
        for target in TARGETS {
            let seeds = (target.seeds)(&data);
            assert!(seeds.len() >= 5, "{}: {} seeds", target.name, seeds.len());
            for seed in seeds.iter().step_by(seeds.len().div_ceil(60)) {
                (target.check)(seed);
            }
        }
    }
}
