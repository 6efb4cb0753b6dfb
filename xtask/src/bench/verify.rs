//! Every answer of every pass is checked, and none is taken on trust:
//!
//! - a solution must solve the puzzle (`Grid::solves`, or the killer cages), must equal the
//!   solution the file gives when the set says its puzzles are unique, and must not exist when
//!   the set says its puzzles have none;
//! - "no solution", "clashing givens" and counts (solutions up to 2) must match the set's
//!   expectation; a clash must be real (two givens break a rule);
//! - when the file states no expectation, a count or "no solution" is checked against a
//!   reference search independent of every algorithm benched (`reference_count`,
//!   `reference_count_killer` and `reference_count_any` of the workspace's test support,
//!   sudoku-testing), run once per puzzle that needs it, so even a run of a single algorithm
//!   is checked;
//! - a complete algorithm that gives up is wrong; an incomplete one that gives up is reported
//!   as such and never counted as verified;

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

use sudoku_testing::{reference_count, reference_count_any, reference_count_killer};

use sudoku_core::{Grid, Verdict};

use super::data::{Expect, Known, Puzzle, PuzzleSet};
use super::runners::Answer;

/// What checking one answer found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Proven right.
    Verified,
    /// Wrong, and why.
    Wrong(String),
    /// An incomplete algorithm gave up: not wrong, not right.
    GaveUp,
    /// Nothing independent decided it ("no solution" from an algorithm whose set states no
    /// expectation, when the reference search was not run for it).
    Unverified,
}

/// Solution counts (up to 2) by the reference search, for the puzzles whose answers need one.
#[derive(Debug, Default)]
pub(crate) struct Reference {
    counts: Vec<Option<usize>>,
}

impl Reference {
    /// Runs the reference search on every classic puzzle of `set` for which one of `answers`
    /// (puzzle index, answer) needs it, on all available cores (the search is slow: up to
    /// seconds on a 17-clue puzzle, tens of milliseconds on average).
    pub(crate) fn for_answers<'a>(
        set: &PuzzleSet,
        answers: impl IntoIterator<Item = (usize, &'a Answer)>,
    ) -> Reference {
        let mut needed = vec![false; set.len()];
        for (i, answer) in answers {
            needed[i] |= needs_reference(set, answer);
        }
        let todo: Vec<usize> = (0..set.len()).filter(|&i| needed[i]).collect();
        let mut counts = vec![None; set.len()];
        if todo.is_empty() {
            return Reference { counts };
        }
        let show = std::io::stderr().is_terminal();
        if show {
            eprint!(
                "\r\x1b[2K{}: checking {} puzzle(s) with the reference search",
                set.path.display(),
                todo.len()
            );
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let next = AtomicUsize::new(0);
        let found: Vec<(usize, usize)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.min(todo.len()))
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&i) = todo.get(k) else {
                                break mine;
                            };
                            mine.push((
                                i,
                                match set.puzzle(i) {
                                    Puzzle::Classic(grid) => reference_count(grid, 2),
                                    Puzzle::Killer(puzzle) => reference_count_killer(
                                        puzzle.cages().iter().map(|c| (c.sum, &c.cells[..])),
                                        puzzle.givens(),
                                        2,
                                    ),
                                    Puzzle::Variant(puzzle) => reference_count_any(puzzle, 2),
                                    // Plain enumeration judged by core's checker: small
                                    // boards only; 9x9 sets state their expectation.
                                    Puzzle::Constraint(puzzle) => {
                                        sudoku_testing::reference_constraint_solutions(
                                            puzzle,
                                            2,
                                            sudoku_core::Budget::nodes(50_000_000),
                                        )
                                        .map_or(2, |found| found.len())
                                    }
                                },
                            ));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("reference search panicked"))
                .collect()
        });
        if show {
            eprint!("\r\x1b[2K");
        }
        for (i, count) in found {
            counts[i] = Some(count);
        }
        Reference { counts }
    }

    /// How many puzzles the reference search ran on.
    #[cfg(test)]
    pub(crate) fn searched(&self) -> usize {
        self.counts.iter().flatten().count()
    }
}

/// Whether checking `answer` takes the reference search: a count or a "no solution" on a set
/// that states no expectation.
pub(crate) fn needs_reference(set: &PuzzleSet, answer: &Answer) -> bool {
    set.expect == Expect::Any
        && matches!(
            answer,
            Answer::Count(_)
                | Answer::Verdict(Verdict::NoSolution | Verdict::Clash(_))
                | Answer::Variant(Verdict::NoSolution | Verdict::Clash(_))
                | Answer::Filled(Verdict::NoSolution | Verdict::Clash(_))
        )
}

/// Checks `answer` to puzzle `i` of `set`, from an algorithm that is `complete` or not.
pub(crate) fn check(
    set: &PuzzleSet,
    i: usize,
    answer: &Answer,
    complete: bool,
    reference: &Reference,
) -> Outcome {
    match judge(set, i, answer, complete, reference) {
        Ok(outcome) => outcome,
        Err(why) => Outcome::Wrong(why),
    }
}

fn judge(
    set: &PuzzleSet,
    i: usize,
    answer: &Answer,
    complete: bool,
    reference: &Reference,
) -> Result<Outcome, String> {
    let puzzle = set.puzzle(i);
    let known = set.solution(i);
    // Solutions up to 2, when something independent of the algorithm knows them: the set's
    // expectation, else the reference search (classic), else the file's solution (at least 1).
    let truth = match set.expect {
        Expect::Unique => Some(1),
        Expect::Multi => Some(2),
        Expect::NoSolution => Some(0),
        Expect::Any => reference.counts.get(i).copied().flatten(),
    };
    let at_least_one = truth.map_or(known.is_some(), |n| n >= 1);
    // A solution: whether it solves the puzzle, whether it equals the file's, in words.
    let solution = match answer {
        Answer::Verdict(Verdict::Solved(grid)) => Some((
            solves(puzzle, grid),
            known.map(|k| *k == Known::Grid(*grid)),
            grid.to_string(),
        )),
        Answer::Variant(Verdict::Solved(found)) => Some((
            matches!(puzzle, Puzzle::Variant(p) if found.solves(p)),
            known.map(|k| matches!(k, Known::Variant(k) if **k == *found)),
            found.to_string(),
        )),
        Answer::Filled(Verdict::Solved(found)) => Some((
            matches!(puzzle, Puzzle::Constraint(p) if p.is_solution(found.cells())),
            known.map(|k| matches!(k, Known::Filled(k) if **k == *found)),
            found.to_string(),
        )),
        _ => None,
    };
    if let Some((solves, same_as_known, text)) = solution {
        if !solves {
            return Err(format!("{text} does not solve the puzzle"));
        }
        if truth == Some(0) {
            return Err("solved a puzzle that has no solution".into());
        }
        if truth == Some(1) && same_as_known == Some(false) {
            let known = match known {
                Some(Known::Grid(grid)) => grid.to_string(),
                Some(Known::Variant(p)) => p.to_string(),
                Some(Known::Filled(f)) => f.to_string(),
                None => unreachable!("compared with a known solution"),
            };
            return Err(format!("{text} differs from the known solution {known}"));
        }
        return Ok(Outcome::Verified);
    }
    let (gave_up, clash, none) = match answer {
        Answer::Verdict(v) => (
            matches!(v, Verdict::GaveUp { .. }),
            matches!(v, Verdict::Clash(_)),
            matches!(v, Verdict::NoSolution),
        ),
        Answer::Variant(v) => (
            matches!(v, Verdict::GaveUp { .. }),
            matches!(v, Verdict::Clash(_)),
            matches!(v, Verdict::NoSolution),
        ),
        Answer::Filled(v) => (
            matches!(v, Verdict::GaveUp { .. }),
            matches!(v, Verdict::Clash(_)),
            matches!(v, Verdict::NoSolution),
        ),
        Answer::Count(_) => (false, false, false),
    };
    if gave_up {
        return if complete {
            Err("a complete algorithm gave up".into())
        } else {
            Ok(Outcome::GaveUp)
        };
    }
    if clash && !clashes(puzzle) {
        return Err("reported clashing givens, but no two givens clash".into());
    }
    if clash || none {
        if at_least_one {
            return Err(format!("said `{answer}` on a puzzle with solutions"));
        }
        return Ok(if truth == Some(0) {
            Outcome::Verified
        } else {
            Outcome::Unverified
        });
    }
    let Answer::Count(count) = *answer else {
        unreachable!("every verdict is handled above")
    };
    match truth {
        Some(want) if count.min(2) != want => Err(match set.expect {
            Expect::Any => format!("counted {count}, the reference search counts {want}"),
            Expect::Multi => format!("counted {count}, expected 2 or more"),
            _ => format!("counted {count}, expected {want}"),
        }),
        Some(_) => Ok(Outcome::Verified),
        None if count == 0 && at_least_one => {
            Err("counted 0, but the file gives a solution".into())
        }
        None => Ok(Outcome::Unverified),
    }
}

fn solves(puzzle: &Puzzle, grid: &Grid) -> bool {
    match puzzle {
        Puzzle::Classic(puzzle) => grid.solves(puzzle),
        Puzzle::Killer(puzzle) => puzzle.is_solution(grid),
        Puzzle::Variant(_) | Puzzle::Constraint(_) => false,
    }
}

fn clashes(puzzle: &Puzzle) -> bool {
    match puzzle {
        Puzzle::Classic(grid) => grid.clash().is_some(),
        Puzzle::Killer(puzzle) => puzzle.givens().is_some_and(|g| g.clash().is_some()),
        Puzzle::Variant(puzzle) => puzzle.clash().is_some(),
        Puzzle::Constraint(puzzle) => puzzle.clash().is_some(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    const PUZZLE: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
    const SOLUTION: &str =
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

    fn set(header: &str, lines: &[&str]) -> PuzzleSet {
        let text = format!("{header}\n{}\n", lines.join("\n"));
        PuzzleSet::parse(Path::new("test.txt"), &text, None).unwrap()
    }

    fn solved() -> Answer {
        Answer::Verdict(Verdict::Solved(SOLUTION.parse().unwrap()))
    }

    #[test]
    fn expectations_are_enforced() {
        let none = Answer::Verdict(Verdict::NoSolution);
        let gave_up = Answer::Verdict(Verdict::GaveUp {
            exhausted: sudoku_core::Exhausted::Cycles(2000),
            best: Some(sudoku_core::Best {
                candidate: PUZZLE.parse().unwrap(),
                conflicts: 3,
            }),
        });
        let unique = set("# expect: unique", &[PUZZLE]);
        let nosol = set("# expect: nosol", &[PUZZLE]);
        let multi = set("# expect: multi", &[PUZZLE]);
        let r = Reference::default();
        assert_eq!(check(&unique, 0, &solved(), true, &r), Outcome::Verified);
        assert!(matches!(
            check(&nosol, 0, &solved(), true, &r),
            Outcome::Wrong(_)
        ));
        assert!(matches!(
            check(&unique, 0, &none, true, &r),
            Outcome::Wrong(_)
        ));
        assert_eq!(check(&nosol, 0, &none, true, &r), Outcome::Verified);
        assert_eq!(check(&unique, 0, &gave_up, false, &r), Outcome::GaveUp);
        let Outcome::Wrong(why) = check(&unique, 0, &gave_up, true, &r) else {
            panic!("a complete algorithm gave up without blame");
        };
        assert_eq!(why, "a complete algorithm gave up");
        assert!(matches!(
            check(&multi, 0, &Answer::Count(1), true, &r),
            Outcome::Wrong(_)
        ));
        assert_eq!(
            check(&unique, 0, &Answer::Count(1), true, &r),
            Outcome::Verified
        );
        // A solution that differs from the one the file gives, on a unique set.
        let other = set("# expect: unique", &[&format!("{PUZZLE} {SOLUTION}")]);
        let mut wrong = SOLUTION.as_bytes().to_vec();
        wrong.swap(0, 1);
        let wrong = Answer::Verdict(Verdict::Solved(
            std::str::from_utf8(&wrong).unwrap().parse().unwrap(),
        ));
        assert!(matches!(
            check(&other, 0, &wrong, true, &r),
            Outcome::Wrong(_)
        ));
    }

    #[test]
    fn a_clash_must_be_real() {
        let unique = set("# expect: unique", &[PUZZLE]);
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut clashing = grid;
        clashing.set(1, 1); // a second 1 in the first row
        let claim = Answer::Verdict(Verdict::Clash(clashing.clash().unwrap()));
        let r = Reference::default();
        let Outcome::Wrong(why) = check(&unique, 0, &claim, true, &r) else {
            panic!("a false clash passed");
        };
        assert!(why.contains("no two givens clash"), "{why}");
    }

    /// Without expectation, counts and "no solution" go to the reference search, and only the
    /// puzzles whose answers need it are searched.
    #[test]
    fn headerless_answers_are_checked_by_the_reference_search() {
        let grid: Grid = PUZZLE.parse().unwrap();
        // Three of its givens alone have several solutions; a wrong digit in an empty cell
        // (one that clashes with no given) leaves none.
        let mut several = Grid::EMPTY;
        for cell in [0, 5, 7] {
            several.set(cell, grid[cell]);
        }
        let several_line = several.to_string();
        let mut none = grid;
        none.set(1, SOLUTION.as_bytes()[2] - b'0'); // the digit that belongs two cells on
        assert!(none.clash().is_none());
        let none_line = none.to_string();
        let set = set("# no expectation", &[PUZZLE, &several_line, &none_line]);
        assert_eq!(set.expect, Expect::Any);
        let answers = [
            (0, Answer::Count(1)),
            (1, Answer::Count(2)),
            (2, Answer::Verdict(Verdict::NoSolution)),
            (0, solved()),
        ];
        let r = Reference::for_answers(&set, answers.iter().map(|(i, a)| (*i, a)));
        assert_eq!(r.searched(), 3);
        for (i, answer) in &answers {
            assert_eq!(check(&set, *i, answer, true, &r), Outcome::Verified, "{i}");
        }
        // Lies are caught.
        let lies = [
            (0, Answer::Count(2)),
            (1, Answer::Count(1)),
            (2, Answer::Count(1)),
            (0, Answer::Verdict(Verdict::NoSolution)),
            (2, solved()),
        ];
        let r = Reference::for_answers(&set, lies.iter().map(|(i, a)| (*i, a)));
        for (i, answer) in &lies {
            assert!(
                matches!(check(&set, *i, answer, true, &r), Outcome::Wrong(_)),
                "{i}: {answer}"
            );
        }
        // Solutions need no search.
        let r = Reference::for_answers(&set, [(0, &solved())]);
        assert_eq!(r.searched(), 0);
    }

    /// A killer file without expectation: counts and "no solution" go to the independent
    /// killer search, and lies are caught.
    #[test]
    fn headerless_killer_answers_are_checked_by_the_reference_search() {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../benchdata/killer.jsonl"),
        )
        .unwrap();
        let record = sudoku_killer::KillerReader::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap();
        let solution = record.solution.unwrap();
        // A third of the solution given keeps the reference search quick.
        let mut givens = Grid::EMPTY;
        for cell in (0..81).step_by(3) {
            givens.set(cell, solution[cell]);
        }
        let puzzle = record.puzzle.with_givens(Some(givens)).unwrap();
        let set =
            PuzzleSet::parse_killer(Path::new("test.jsonl"), &puzzle.to_json_line(), None).unwrap();
        assert_eq!(set.expect, Expect::Any);
        let truths = [Answer::Count(1), Answer::Verdict(Verdict::Solved(solution))];
        let lies = [
            Answer::Count(2),
            Answer::Count(0),
            Answer::Verdict(Verdict::NoSolution),
        ];
        let r = Reference::for_answers(&set, truths.iter().chain(&lies).map(|a| (0, a)));
        assert_eq!(r.searched(), 1);
        for answer in &truths {
            assert_eq!(
                check(&set, 0, answer, true, &r),
                Outcome::Verified,
                "{answer}"
            );
        }
        for answer in &lies {
            assert!(
                matches!(check(&set, 0, answer, true, &r), Outcome::Wrong(_)),
                "{answer}"
            );
        }
    }

    /// Sets of other sizes and variants: a solution must hold under the puzzle's own rules
    /// (a grid that breaks a diagonal of Sudoku X is wrong), and counts without expectation
    /// go to the core's general reference search.
    #[test]
    fn variant_answers_are_checked_under_their_rules() {
        let x = r#"{"givens":"......2...56....1..4...............1","diagonals":true}"#;
        let set = PuzzleSet::parse(Path::new("x.jsonl"), &format!("{x}\n"), None).unwrap();
        assert_eq!(set.kind, super::super::data::SetKind::Variant);
        let Puzzle::Variant(puzzle) = set.puzzle(0) else {
            panic!("a variant set holds variant puzzles");
        };
        let right: crate::bench::data::AnyPuzzle =
            "516432234156652314341625165243423561".parse().unwrap();
        let right =
            sudoku_core::Puzzle::with_rules(puzzle.shared_rules().clone(), right.cells().to_vec())
                .unwrap();
        assert!(right.solves(puzzle));
        let answers = [
            Answer::Variant(Verdict::Solved(right.clone())),
            Answer::Count(1),
            Answer::Count(2),
            Answer::Variant(Verdict::NoSolution),
        ];
        let r = Reference::for_answers(&set, answers.iter().map(|a| (0, a)));
        assert_eq!(r.searched(), 1);
        assert_eq!(check(&set, 0, &answers[0], true, &r), Outcome::Verified);
        assert_eq!(check(&set, 0, &answers[1], true, &r), Outcome::Verified);
        assert!(matches!(
            check(&set, 0, &answers[2], true, &r),
            Outcome::Wrong(_)
        ));
        assert!(matches!(
            check(&set, 0, &answers[3], true, &r),
            Outcome::Wrong(_)
        ));
        // A grid that keeps the givens and the plain rules but breaks a diagonal: the first
        // solution of the plain puzzle with a digit other than the right one in some cell.
        let plain: crate::bench::data::AnyPuzzle =
            "......2...56....1..4...............1".parse().unwrap();
        let mut solver = sudoku_mrv::MrvVariantSolver::default();
        let breaks = (0..36)
            .filter(|&cell| plain[cell] == 0)
            .flat_map(|cell| (1..=6).map(move |d| (cell, d)))
            .filter(|&(cell, d)| d != right[cell])
            .find_map(|(cell, d)| {
                let mut other = plain.clone();
                other.set(cell, d);
                sudoku_core::Solver::solve(&mut solver, &other).solution()
            })
            .expect("the plain puzzle has other solutions");
        assert!(breaks.solves(&plain));
        let breaks =
            sudoku_core::Puzzle::with_rules(puzzle.shared_rules().clone(), breaks.cells().to_vec())
                .unwrap();
        let Outcome::Wrong(why) =
            check(&set, 0, &Answer::Variant(Verdict::Solved(breaks)), true, &r)
        else {
            panic!("a grid breaking the diagonals passed");
        };
        assert!(why.contains("does not solve"), "{why}");
    }
}
