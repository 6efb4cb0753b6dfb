//! Cross-checks every complete solver runs in one line each: its counts against the reference
//! counters on seeded random puzzles of the classic grid and of every size and variant, and
//! its answers against those published with the public sets.

use rand::{Rng, RngExt};
use sudoku_core::{CountSolutions, Grid, Puzzle, Verdict, seeded_rng};

use crate::{Expect, VARIANT_CASES, public_set, random_puzzle, random_solved_grid};
use crate::{reference_count, reference_count_any};

/// Checks the solution a solver gave for `puzzle`, if any: it must solve it.
fn check_solution<P: std::fmt::Display>(
    verdict: &Verdict<P>,
    solves: impl Fn(&P) -> bool,
    puzzle: &dyn std::fmt::Display,
) {
    if let Verdict::Solved(answer) = verdict {
        assert!(solves(answer), "{answer} does not solve {puzzle}");
    }
}

/// Counts and solves 300 seeded random puzzles of 20 to 59 clues (from many solutions down to
/// one): every count up to 100 equals [`reference_count`]'s, every puzzle is solved, and every
/// solution solves its puzzle. Panics at the first disagreement.
pub fn check_random_puzzles<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    let mut rng = seeded_rng(2024);
    let mut kinds = [0; 3];
    for seed in 0..300 {
        let clues = 20 + rng.random_range(..40usize);
        let puzzle = random_puzzle(seed, clues);
        let want = reference_count(&puzzle, 100);
        let got = solver.count_solutions(&puzzle, 100);
        assert_eq!(got, want, "seed {seed}, {clues} clues: {puzzle}");
        kinds[want.min(2)] += 1;
        let verdict = solver.solve(&puzzle);
        assert!(verdict.is_solved(), "{puzzle}: {verdict:?}");
        check_solution(&verdict, |g| g.solves(&puzzle), &puzzle);
    }
    // Both unique and multi-solution puzzles were exercised.
    assert!(kinds[1] > 10 && kinds[2] > 10, "{kinds:?}");
}

/// Counts and solves seeded random puzzles spoiled by one wrong given that does not clash,
/// made two ways: a given changed to another digit (200 puzzles of 24 to 33 clues), and a
/// blank cell given a candidate other than its solution's digit (200 puzzles of 24 clues).
/// Every count up to 100 equals [`reference_count`]'s, `solve` finds a solution exactly when
/// there is one, and that solution solves the puzzle; many of the puzzles have none.
pub fn check_wrong_givens<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    let mut none = 0;
    let mut check = |solver: &mut S, puzzle: &Grid| {
        let want = reference_count(puzzle, 100);
        assert_eq!(solver.count_solutions(puzzle, 100), want, "{puzzle}");
        let verdict = solver.solve(puzzle);
        match verdict {
            Verdict::NoSolution => assert_eq!(want, 0, "{puzzle}: no solution found"),
            Verdict::Solved(_) => assert!(want > 0, "{puzzle}: solved without a solution"),
            ref other => panic!("{puzzle}: {other:?}"),
        }
        check_solution(&verdict, |g| g.solves(puzzle), puzzle);
        none += usize::from(want == 0);
    };
    // A given changed.
    let mut rng = seeded_rng(7);
    for seed in 0..200 {
        let mut puzzle = random_puzzle(1000 + seed, 24 + rng.random_range(..10usize));
        let cells: Vec<usize> = (0..81).filter(|&c| puzzle[c] != 0).collect();
        let cell = cells[rng.random_range(..cells.len())];
        for d in 1..=9 {
            let mut p = puzzle;
            p.set(cell, d);
            if d != puzzle[cell] && p.clash().is_none() {
                puzzle = p;
                break;
            }
        }
        check(solver, &puzzle);
    }
    // A blank given a digit other than its solution's.
    for seed in 0..200u64 {
        let solution = random_solved_grid(seed);
        let mut puzzle = random_puzzle(seed, 24);
        let mut rng = seeded_rng(seed);
        let cell = (0..81usize)
            .cycle()
            .skip(rng.random_range(..81))
            .take(81)
            .find(|&c| puzzle[c] == 0)
            .expect("a blank cell");
        let Some(wrong) = (1..=9).find(|&d| {
            d != solution[cell] && puzzle.candidates(cell).is_some_and(|set| set.contains(d))
        }) else {
            continue;
        };
        puzzle.set(cell, wrong);
        check(solver, &puzzle);
    }
    assert!(none > 10, "only {none} puzzles without a solution");
}

/// A random share of `solution`'s cells (each kept with probability `share`) under its rules:
/// a puzzle with one or more solutions.
fn thinned(solution: &Puzzle, share: f64, rng: &mut impl Rng) -> Puzzle {
    let cells = solution
        .cells()
        .iter()
        .map(|&d| if rng.random_bool(share) { d } else { 0 })
        .collect();
    Puzzle::with_rules(solution.shared_rules().clone(), cells).expect("digits of the board")
}

/// Puzzles thinned at random from the solutions of the unique cases of [`VARIANT_CASES`]
/// (sizes 4 to 16, Sudoku X, windoku, jigsaw; twelve shares of given cells each): every count
/// up to 50 equals [`reference_count_any`]'s, `solve_and_count` says the same, and the
/// solution found solves the puzzle under every unit.
pub fn check_thinned_variants<S: CountSolutions<Puzzle = Puzzle>>(solver: &mut S) {
    let mut rng = seeded_rng(17);
    let mut kinds = [0; 3];
    for case in VARIANT_CASES {
        let Expect::Unique(line) = case.expect else {
            continue;
        };
        let puzzle = case.puzzle();
        let cells = line.parse::<Puzzle>().expect("a board").cells().to_vec();
        let solution =
            Puzzle::with_rules(puzzle.shared_rules().clone(), cells).expect("digits of the board");
        // Large boards keep more cells, so that the reference search stays quick.
        let (low, high) = if puzzle.size() >= 12 {
            (0.55, 0.8)
        } else {
            (0.2, 0.6)
        };
        for round in 0..12 {
            let share = low + (high - low) * f64::from(round) / 11.0;
            let thin = thinned(&solution, share, &mut rng);
            let want = reference_count_any(&thin, 50);
            assert_eq!(
                solver.count_solutions(&thin, 50),
                want,
                "{}: {thin}",
                case.name
            );
            kinds[want.min(2)] += 1;
            let (verdict, count) = solver.solve_and_count(&thin, 50);
            assert_eq!(count, want, "{}: {thin}", case.name);
            assert!(verdict.is_solved(), "{}: {thin}: {verdict:?}", case.name);
            check_solution(&verdict, |p| p.solves(&thin), &thin);
        }
    }
    assert!(kinds[1] > 10 && kinds[2] > 10, "{kinds:?}");
}

/// The public sets of puzzles with one solution each.
const UNIQUE_SETS: &[&str] = &[
    "17_clue.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "kaggle_first20k.txt",
    "norvig_top95.txt",
    "norvig_hardest.txt",
];

/// Every puzzle of the public sets of unique puzzles (17-clue, top1465, the forum's hardest
/// lists, Kaggle's first 20,000, Norvig's) is solved, the answer solves it, and a count up to
/// 2 proves it unique. Sets absent from the public data folder are skipped, saying so.
pub fn check_public_unique_sets<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    for name in UNIQUE_SETS {
        let Some(puzzles) = public_set(name) else {
            continue;
        };
        for (i, puzzle) in puzzles.iter().enumerate() {
            let verdict = solver.solve(puzzle);
            assert!(
                verdict.solution().is_some_and(|g| g.solves(puzzle)),
                "{name} line {}: not solved: {verdict:?}",
                i + 1
            );
            assert_eq!(
                solver.count_solutions(puzzle, 2),
                1,
                "{name} line {}: not proven unique",
                i + 1
            );
        }
    }
}

/// Kaggle's first 20,000 puzzles come with their solutions: the solver finds exactly those.
/// Skipped, saying so, when the files are absent.
pub fn check_kaggle_solutions<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    let (Some(puzzles), Some(solutions)) = (
        public_set("kaggle_first20k.txt"),
        public_set("kaggle_first20k_solutions.txt"),
    ) else {
        return;
    };
    assert_eq!(puzzles.len(), solutions.len());
    for (line, (puzzle, expected)) in puzzles.iter().zip(&solutions).enumerate() {
        assert!(expected.solves(puzzle), "kaggle line {}", line + 1);
        assert_eq!(
            solver.solve(puzzle),
            Verdict::Solved(*expected),
            "kaggle line {}",
            line + 1
        );
    }
}

/// Every puzzle of Serg's benchmark has several solutions: the solver counts 2 of 2 and finds
/// one that solves it. Skipped, saying so, when the file is absent.
pub fn check_serg_several_solutions<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    let Some(puzzles) = public_set("serg_benchmark.txt") else {
        return;
    };
    for (line, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(
            solver.count_solutions(puzzle, 2),
            2,
            "serg_benchmark.txt line {}",
            line + 1
        );
        let verdict = solver.solve(puzzle);
        assert!(
            verdict.solution().is_some_and(|g| g.solves(puzzle)),
            "serg_benchmark.txt line {}: {verdict:?}",
            line + 1
        );
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Budget, SearchStats, Solver, Unsettled};

    use super::*;
    use crate::reference::oracles::{AnyOracle, Oracle};

    /// The reference counters as solvers must pass their own cross-checks.
    #[test]
    fn the_reference_passes_the_cross_checks() {
        check_wrong_givens(&mut Oracle);
        check_thinned_variants(&mut AnyOracle);
    }

    /// A counter that is off by one on puzzles with several solutions.
    struct OffByOne;

    impl Solver for OffByOne {
        type Puzzle = Grid;
        type Stats = SearchStats;
        fn solve_within(&mut self, puzzle: &Grid, budget: Budget) -> Verdict {
            Oracle.solve_within(puzzle, budget)
        }
        fn stats(&self) -> SearchStats {
            SearchStats::default()
        }
    }

    impl CountSolutions for OffByOne {
        fn count_solutions_within(
            &mut self,
            puzzle: &Grid,
            limit: usize,
            within: Budget,
        ) -> Result<usize, Unsettled> {
            let count = Oracle.count_solutions_within(puzzle, limit, within)?;
            Ok(count - usize::from(count > 1))
        }
    }

    #[test]
    #[should_panic(expected = "clues")]
    fn a_wrong_count_is_caught() {
        check_random_puzzles(&mut OffByOne);
    }
}
