//! Puzzle sets as the bench reads them.
//!
//! A classic set is any file `sudoku_core::PuzzleReader` reads (usually `.txt`: one puzzle per
//! line, 81 cells, optionally followed by its solution and a `# comment`; CSV with a header,
//! drawings and the other forms work too). A comment line `# expect: unique|multi|nosol|any`
//! says what every puzzle must give (without one: `any`, except sets named `serg*`, which are
//! known to have several solutions).
//!
//! A set of other sizes and variants is a file whose puzzles are not all classic 9x9 ones,
//! read by the reader's `any_size()`: lines of `n x n` symbols, rows of numbers, and (in
//! `.jsonl` files without cages) JSON lines with the variant's rules
//! (`{"size": 9, "givens": "..", "regions": "..", "diagonals": true}`); the same `# expect:`
//! comment line sets the expectation.
//!
//! A killer set is a `.jsonl` file with cages, read by `sudoku_killer::KillerReader`: one JSON
//! object of the workspace's JSON family per line (`{"cages": [..], "givens": null,
//! "solution": ..}` or the cage-map form), `solution` optional. A line `{"expect": "unique"}`
//! (or another expectation) sets what every puzzle must give.

use std::path::{Path, PathBuf};

use serde_json::Value;
use sudoku_core::{ConstraintPuzzle, Filled, Grid, PuzzleReader};

/// A puzzle of any size and variant (sudoku-core's general type).
pub(crate) type AnyPuzzle = sudoku_core::Puzzle;
use sudoku_killer::{KillerPuzzle, KillerReader};

/// Which solvers a set is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    Classic,
    Killer,
    /// Other sizes and variants.
    Variant,
    /// Variant puzzles with constraints (f-puzzles JSON lines), for the constraint engine.
    Constraint,
}

impl SetKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            SetKind::Classic => "classic",
            SetKind::Killer => "killer",
            SetKind::Variant => "variant",
            SetKind::Constraint => "constraint",
        }
    }
}

/// What every puzzle of a set must give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multi,
    /// No solution.
    NoSolution,
    /// Not stated: each answer is checked on its own (see [`verify`](super::verify)).
    Any,
}

impl Expect {
    fn from_keyword(word: &str) -> Option<Expect> {
        [
            Expect::Unique,
            Expect::Multi,
            Expect::NoSolution,
            Expect::Any,
        ]
        .into_iter()
        .find(|e| e.keyword() == word)
    }

    pub(crate) fn keyword(self) -> &'static str {
        match self {
            Expect::Unique => "unique",
            Expect::Multi => "multi",
            Expect::NoSolution => "nosol",
            Expect::Any => "any",
        }
    }

    pub(crate) fn describe(self) -> &'static str {
        match self {
            Expect::Unique => "each with one solution",
            Expect::Multi => "each with several solutions",
            Expect::NoSolution => "none with a solution",
            Expect::Any => "no expectation stated, each answer checked on its own",
        }
    }
}

/// One puzzle.
#[derive(Clone, Debug)]
pub(crate) enum Puzzle {
    Classic(Grid),
    Killer(Box<KillerPuzzle>),
    Variant(Box<AnyPuzzle>),
    Constraint(Box<ConstraintPuzzle>),
}

/// A solution a file gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    Grid(Grid),
    Variant(Box<AnyPuzzle>),
    Filled(Box<Filled>),
}

/// A loaded set.
#[derive(Debug)]
pub(crate) struct PuzzleSet {
    pub(crate) path: PathBuf,
    pub(crate) kind: SetKind,
    pub(crate) expect: Expect,
    puzzles: Vec<Puzzle>,
    solutions: Vec<Option<Known>>,
    lines: Vec<usize>,
}

impl PuzzleSet {
    /// A set of `kind` read from `path` with no puzzles yet, expecting any answer.
    fn empty(path: &Path, kind: SetKind) -> PuzzleSet {
        PuzzleSet {
            path: path.to_path_buf(),
            kind,
            expect: Expect::Any,
            puzzles: Vec::new(),
            solutions: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// Whether the bench reads this file as a set when it finds it in a folder.
    pub(crate) fn is_set_file(path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "txt" || e == "jsonl")
    }

    /// Reads at most `limit` puzzles of `path`: a killer set for `.jsonl`, a classic set
    /// otherwise.
    pub(crate) fn load(path: &Path, limit: Option<usize>) -> Result<PuzzleSet, String> {
        let bytes =
            std::fs::read(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|err| {
            format!(
                "{}: not UTF-8 text (invalid byte at offset {})",
                path.display(),
                err.utf8_error().valid_up_to()
            )
        })?;
        if path.extension().is_some_and(|e| e == "jsonl") && text.contains("\"grid\"") {
            PuzzleSet::parse_constraints(path, &text, limit)
        } else if path.extension().is_some_and(|e| e == "jsonl")
            && (text.contains("\"cages\"") || text.contains("\"cage_map\""))
        {
            PuzzleSet::parse_killer(path, &text, limit)
        } else {
            PuzzleSet::parse(path, &text, limit)
        }
    }

    /// Parses a set of variant puzzles with constraints: one puzzle per line as f-puzzles JSON
    /// or an f-puzzles or SudokuPad link (read by `ConstraintPuzzle::read`), its `"solution"`
    /// kept as the known one; a line `{"expect": ...}` sets the expectation.
    pub(crate) fn parse_constraints(
        path: &Path,
        text: &str,
        limit: Option<usize>,
    ) -> Result<PuzzleSet, String> {
        let mut set = PuzzleSet::empty(path, SetKind::Constraint);
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.contains("\"expect\"") && !line.contains("\"grid\"") {
                let value: Value = serde_json::from_str(line)
                    .map_err(|err| format!("{}: line {}: {err}", path.display(), index + 1))?;
                let word = value.get("expect").and_then(Value::as_str).unwrap_or("");
                set.expect = Expect::from_keyword(word).ok_or_else(|| {
                    format!(
                        "{}: line {}: unknown expectation `{word}`",
                        path.display(),
                        index + 1
                    )
                })?;
                continue;
            }
            if limit.is_some_and(|n| set.puzzles.len() >= n) {
                break;
            }
            let puzzle = ConstraintPuzzle::read(line)
                .map_err(|err| format!("{}: line {}: {err}", path.display(), index + 1))?;
            let known = match puzzle.solution() {
                Some(cells) if !puzzle.is_solution(cells) => {
                    return Err(format!(
                        "{}: line {}: the solution given does not solve the puzzle",
                        path.display(),
                        index + 1
                    ));
                }
                Some(cells) => Filled::new(puzzle.size(), cells.to_vec())
                    .ok()
                    .map(|f| Known::Filled(Box::new(f))),
                None => None,
            };
            set.puzzles.push(Puzzle::Constraint(Box::new(puzzle)));
            set.solutions.push(known);
            set.lines.push(index + 1);
        }
        if set.puzzles.is_empty() {
            return Err(format!("{}: no puzzles", path.display()));
        }
        Ok(set)
    }

    /// Parses the text of a killer set.
    pub(crate) fn parse_killer(
        path: &Path,
        text: &str,
        limit: Option<usize>,
    ) -> Result<PuzzleSet, String> {
        let mut set = PuzzleSet::empty(path, SetKind::Killer);
        // The expectation: a header object, which the puzzle reader skips.
        for (index, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !trimmed.starts_with('{') || !trimmed.contains("\"expect\"") {
                continue;
            }
            if let Ok(value) = serde_json::from_str::<Value>(trimmed)
                && let Some(expect) = value.get("expect").and_then(Value::as_str)
            {
                set.expect = Expect::from_keyword(expect).ok_or_else(|| {
                    format!(
                        "{}: line {}: unknown expectation `{expect}`",
                        path.display(),
                        index + 1
                    )
                })?;
            }
        }
        for record in KillerReader::new(text.as_bytes()) {
            if limit.is_some_and(|n| set.puzzles.len() >= n) {
                break;
            }
            let record = record.map_err(|err| format!("{}: {err}", path.display()))?;
            if record
                .solution
                .is_some_and(|grid| !record.puzzle.is_solution(&grid))
            {
                return Err(format!(
                    "{}: line {}: the solution given does not solve the puzzle",
                    path.display(),
                    record.line
                ));
            }
            set.puzzles.push(Puzzle::Killer(Box::new(record.puzzle)));
            set.solutions.push(record.solution.map(Known::Grid));
            set.lines.push(record.line);
        }
        if set.puzzles.is_empty() {
            return Err(format!("{}: no puzzles", path.display()));
        }
        Ok(set)
    }

    /// Parses the text of a classic set, or of a set of other sizes and variants when some
    /// puzzle is not a classic one.
    pub(crate) fn parse(
        path: &Path,
        text: &str,
        limit: Option<usize>,
    ) -> Result<PuzzleSet, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let name = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut set = PuzzleSet::empty(path, SetKind::Classic);
        if name.starts_with("serg") {
            set.expect = Expect::Multi;
        }
        let at = |line: usize| format!("{}: line {line}", path.display());
        // The expectation: a comment line, which the puzzle reader skips.
        for (index, line) in text.lines().enumerate() {
            let Some(comment) = line.trim().strip_prefix('#') else {
                continue;
            };
            if let Some(value) = comment.trim().strip_prefix("expect:") {
                set.expect = Expect::from_keyword(value.trim()).ok_or_else(|| {
                    format!(
                        "{}: unknown expectation `{}` (unique, multi, nosol, any)",
                        at(index + 1),
                        value.trim()
                    )
                })?;
            }
        }
        let mut records = Vec::new();
        for record in PuzzleReader::new(text.as_bytes()).any_size() {
            if limit.is_some_and(|n| records.len() >= n) {
                break;
            }
            let record = record.map_err(|err| format!("{}: {err}", path.display()))?;
            if record
                .solution
                .as_ref()
                .is_some_and(|solution| !solution.solves(&record.puzzle))
            {
                return Err(format!(
                    "{}: the solution given does not solve the puzzle",
                    at(record.line)
                ));
            }
            records.push(record);
        }
        if records.iter().any(|r| !r.puzzle.rules().is_classic()) {
            set.kind = SetKind::Variant;
        }
        for record in records {
            set.lines.push(record.line);
            if set.kind == SetKind::Variant {
                set.solutions
                    .push(record.solution.map(|s| Known::Variant(Box::new(s))));
                set.puzzles.push(Puzzle::Variant(Box::new(record.puzzle)));
            } else {
                let record = record.into_classic().expect("every puzzle is classic");
                set.solutions.push(record.solution.map(Known::Grid));
                set.puzzles.push(Puzzle::Classic(record.puzzle));
            }
        }
        if set.puzzles.is_empty() {
            return Err(format!("{}: no puzzles", path.display()));
        }
        Ok(set)
    }

    pub(crate) fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub(crate) fn puzzle(&self, i: usize) -> &Puzzle {
        &self.puzzles[i]
    }

    /// The solution the file gives for puzzle `i`, if any (checked when the file was read).
    pub(crate) fn solution(&self, i: usize) -> Option<&Known> {
        self.solutions[i].as_ref()
    }

    /// The line of the file puzzle `i` came from.
    pub(crate) fn line(&self, i: usize) -> usize {
        self.lines[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const S: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn reads_headers_solutions_and_comments() {
        let text = format!("# expect: unique\n\n{P} {S} # classic\n{P}\n");
        let set = PuzzleSet::parse(Path::new("x.txt"), &text, None).unwrap();
        assert_eq!(set.expect, Expect::Unique);
        assert_eq!(set.len(), 2);
        assert_eq!(set.line(0), 3);
        assert_eq!(set.solutions[0], Some(Known::Grid(S.parse().unwrap())));
        assert!(set.solutions[1].is_none());
        let limited = PuzzleSet::parse(Path::new("x.txt"), &text, Some(1)).unwrap();
        assert_eq!(limited.len(), 1);
    }

    #[test]
    fn bad_lines_are_named() {
        let err = PuzzleSet::parse(Path::new("x.txt"), &format!("{P}\n{}\n", &P[..80]), None)
            .unwrap_err();
        assert_eq!(err, "x.txt: line 2: found 80 cells, expected 81");
        // Every form of the puzzle reader is a set: ratings after the cells, a CSV header.
        let csv = format!("quizzes,solutions\n{P},{S}\n");
        let set = PuzzleSet::parse(Path::new("k.csv"), &csv, None).unwrap();
        assert_eq!((set.len(), set.line(0)), (1, 2));
        assert!(set.solutions[0].is_some());
        let rated = format!("{P} 9.0 1.2 1.2\n");
        assert_eq!(
            PuzzleSet::parse(Path::new("se.txt"), &rated, None)
                .unwrap()
                .len(),
            1
        );
        let wrong = S.replace("534", "354");
        let err =
            PuzzleSet::parse(Path::new("x.txt"), &format!("{P} {wrong}\n"), None).unwrap_err();
        assert!(
            err.contains("line 1: the solution given does not solve"),
            "{err}"
        );
        let err = PuzzleSet::parse(Path::new("x.txt"), "# expect: maybe\n", None).unwrap_err();
        assert!(err.contains("unknown expectation `maybe`"), "{err}");
        let err = PuzzleSet::parse(Path::new("x.txt"), "", None).unwrap_err();
        assert_eq!(err, "x.txt: no puzzles");
    }
}
