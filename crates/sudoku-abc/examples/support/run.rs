//! What the evaluation examples share: one timed solve whose answer is checked, and
//! percentiles.

use std::fmt::Display;
use std::time::{Duration, Instant};

use sudoku_abc::{AbcStats, Solver, Verdict};
use sudoku_core::Solution;

/// One puzzle's run.
pub(crate) struct Run {
    pub(crate) solved: bool,
    pub(crate) time: Duration,
    pub(crate) evaluations: u64,
    pub(crate) cycles: u64,
    /// Conflicts left (0 when solved).
    pub(crate) conflicts: u64,
}

/// Solves `puzzle` with `solver`, timed, and panics on a wrong answer (`solves` says whether
/// a solution solves the puzzle) or an answer other than solved or gave up. With
/// `show_best`, prints the best grid of a puzzle it gave up on.
pub(crate) fn solve_one<S>(
    solver: &mut S,
    puzzle: &S::Puzzle,
    solves: impl Fn(&Solution<S>) -> bool,
    show_best: bool,
) -> Run
where
    S: Solver<Stats = AbcStats>,
    S::Puzzle: Display,
    Solution<S>: Display,
{
    let start = Instant::now();
    let verdict = solver.solve(puzzle);
    let time = start.elapsed();
    let solved = match verdict {
        Verdict::Solved(answer) => {
            assert!(solves(&answer), "WRONG ANSWER {answer} for {puzzle}");
            true
        }
        Verdict::GaveUp { best, .. } => {
            if let Some(best) = best.filter(|_| show_best) {
                eprintln!("  best grid: {}", best.candidate);
            }
            false
        }
        other => panic!("{puzzle}: unexpected {other}"),
    };
    let stats = solver.stats();
    Run {
        solved,
        time,
        evaluations: stats.evaluations,
        cycles: stats.cycles,
        conflicts: stats.conflicts,
    }
}

/// The `p`-th percentile (0 to 100) of `values`, which are not empty.
pub(crate) fn percentile<T: Copy + Ord>(mut values: Vec<T>, p: usize) -> T {
    values.sort_unstable();
    values[((values.len() - 1) * p) / 100]
}
