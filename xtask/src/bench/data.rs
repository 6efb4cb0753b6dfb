//! Puzzle sets as the bench reads them.
//!
//! A classic set is a `.txt` file of one puzzle per line (81 cells, `.` or `0` blanks),
//! optionally followed by its solution and a `# comment`. Blank lines and comment lines are
//! skipped; a header line `# expect: unique|multi|nosol|any` says what every puzzle must give
//! (without one: `any`, except sets named `serg*`, which are known to have several solutions).
//!
//! A killer set is a `.jsonl` file of one JSON object per line: either the cage-map form
//! (`{"cage_map": "<81 letters>", "cage_sums": [..], "solution": "<81 digits>"}`) or the
//! workspace's JSON form (`{"cages": [..], "givens": null}`), `solution` optional in both. A
//! line `{"expect": "unique"}` (or another expectation) sets what every puzzle must give.

use std::path::{Path, PathBuf};

use serde_json::Value;
use sudoku_core::Grid;
use sudoku_killer::KillerPuzzle;

/// Which solvers a set is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    Classic,
    Killer,
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
}

/// A loaded set.
#[derive(Debug)]
pub(crate) struct PuzzleSet {
    pub(crate) path: PathBuf,
    pub(crate) kind: SetKind,
    pub(crate) expect: Expect,
    puzzles: Vec<Puzzle>,
    solutions: Vec<Option<Grid>>,
    lines: Vec<usize>,
}

impl PuzzleSet {
    /// Whether the bench reads this file as a set.
    pub(crate) fn is_set_file(path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "txt" || e == "jsonl")
    }

    /// Reads at most `limit` puzzles of `path`.
    pub(crate) fn load(path: &Path, limit: Option<usize>) -> Result<PuzzleSet, String> {
        if !Self::is_set_file(path) {
            return Err(format!(
                "{}: not a puzzle set (expected a .txt file of puzzle lines)",
                path.display()
            ));
        }
        let bytes =
            std::fs::read(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|err| {
            format!(
                "{}: not UTF-8 text (invalid byte at offset {})",
                path.display(),
                err.utf8_error().valid_up_to()
            )
        })?;
        if path.extension().is_some_and(|e| e == "jsonl") {
            PuzzleSet::parse_killer(path, &text, limit)
        } else {
            PuzzleSet::parse(path, &text, limit)
        }
    }

    /// Parses the text of a killer set.
    pub(crate) fn parse_killer(
        path: &Path,
        text: &str,
        limit: Option<usize>,
    ) -> Result<PuzzleSet, String> {
        let mut set = PuzzleSet {
            path: path.to_path_buf(),
            kind: SetKind::Killer,
            expect: Expect::Any,
            puzzles: Vec::new(),
            solutions: Vec::new(),
            lines: Vec::new(),
        };
        for (index, line) in text.lines().enumerate() {
            if limit.is_some_and(|n| set.puzzles.len() >= n) {
                break;
            }
            let number = index + 1;
            let at = |why: String| format!("{}: line {number}: {why}", path.display());
            if line.trim().is_empty() {
                continue;
            }
            let value: Value =
                serde_json::from_str(line).map_err(|err| at(format!("not JSON: {err}")))?;
            if let Some(expect) = value.get("expect").and_then(Value::as_str) {
                set.expect = Expect::from_keyword(expect)
                    .ok_or_else(|| at(format!("unknown expectation `{expect}`")))?;
                continue;
            }
            let entry =
                sudoku_killer::KillerEntry::from_json(line).map_err(|err| at(err.to_string()))?;
            let (puzzle, solution) = (entry.puzzle, entry.solution);
            if solution.is_some_and(|grid| !puzzle.is_solution(&grid)) {
                return Err(at("the solution given does not solve the puzzle".into()));
            }
            set.puzzles.push(Puzzle::Killer(Box::new(puzzle)));
            set.solutions.push(solution);
            set.lines.push(number);
        }
        if set.puzzles.is_empty() {
            return Err(format!("{}: no puzzles", path.display()));
        }
        Ok(set)
    }

    /// Parses the text of a classic set.
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
        let mut set = PuzzleSet {
            path: path.to_path_buf(),
            kind: SetKind::Classic,
            expect: if name.starts_with("serg") {
                Expect::Multi
            } else {
                Expect::Any
            },
            puzzles: Vec::new(),
            solutions: Vec::new(),
            lines: Vec::new(),
        };
        let at = |line: usize| format!("{}: line {line}", path.display());
        for (index, line) in text.lines().enumerate() {
            if limit.is_some_and(|n| set.puzzles.len() >= n) {
                break;
            }
            let number = index + 1;
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                if let Some(value) = comment.trim().strip_prefix("expect:") {
                    set.expect = match value.trim() {
                        "unique" => Expect::Unique,
                        "multi" => Expect::Multi,
                        "nosol" => Expect::NoSolution,
                        "any" => Expect::Any,
                        other => {
                            return Err(format!(
                                "{}: unknown expectation `{other}` (unique, multi, nosol, any)",
                                at(number)
                            ));
                        }
                    };
                }
                continue;
            }
            let content = line.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let mut fields = content.split_whitespace();
            let puzzle: Grid = fields
                .next()
                .unwrap_or_default()
                .parse()
                .map_err(|err| format!("{}: {err}", at(number)))?;
            let solution = match fields.next() {
                None => None,
                Some(field) => {
                    let solution: Grid = field
                        .parse()
                        .map_err(|err| format!("{}: solution: {err}", at(number)))?;
                    if !solution.solves(&puzzle) {
                        return Err(format!(
                            "{}: the solution given does not solve the puzzle",
                            at(number)
                        ));
                    }
                    Some(solution)
                }
            };
            if let Some(extra) = fields.next() {
                return Err(format!(
                    "{}: unexpected `{extra}` after the puzzle and its solution",
                    at(number)
                ));
            }
            set.puzzles.push(Puzzle::Classic(puzzle));
            set.solutions.push(solution);
            set.lines.push(number);
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
    pub(crate) fn solution(&self, i: usize) -> Option<Grid> {
        self.solutions[i]
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
        assert_eq!(set.solutions[0].unwrap().to_string(), S);
        assert!(set.solutions[1].is_none());
        let limited = PuzzleSet::parse(Path::new("x.txt"), &text, Some(1)).unwrap();
        assert_eq!(limited.len(), 1);
    }

    #[test]
    fn bad_lines_are_named() {
        let err = PuzzleSet::parse(Path::new("x.txt"), &format!("{P}\n{}\n", &P[..80]), None)
            .unwrap_err();
        assert_eq!(err, "x.txt: line 2: found 80 cells, expected 81");
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
