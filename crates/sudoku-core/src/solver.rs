//! The traits every solver implements and the answers they give.

use std::fmt;

use crate::error::Clash;
use crate::grid::Grid;

/// The answer of a solver to one puzzle.
///
/// "No solution" is an ordinary answer, not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A solution. When the puzzle has several, complete solvers return the first they find.
    Solved(Grid),
    /// The puzzle has no solution, although its givens do not clash.
    NoSolution,
    /// Two givens already break a rule, so nothing was searched.
    Clash(Clash),
    /// An incomplete solver ran out of budget. Says nothing about whether a solution exists.
    GaveUp {
        /// The best candidate the solver reached (may break rules).
        best: Grid,
        /// How many rule violations `best` still has, as the solver counts them.
        conflicts: u32,
    },
}

impl Verdict {
    /// The solution, when there is one.
    pub fn solution(&self) -> Option<Grid> {
        match *self {
            Verdict::Solved(grid) => Some(grid),
            _ => None,
        }
    }

    /// Whether this is [`Verdict::Solved`].
    pub fn is_solved(&self) -> bool {
        matches!(self, Verdict::Solved(_))
    }
}

impl fmt::Display for Verdict {
    /// The solution's line, `no solution`, the clash, or `gave up with N conflicts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solved(grid) => fmt::Display::fmt(grid, f),
            Verdict::NoSolution => f.write_str("no solution"),
            Verdict::Clash(clash) => write!(f, "clashing givens: {clash}"),
            Verdict::GaveUp { conflicts, .. } => write!(f, "gave up with {conflicts} conflicts"),
        }
    }
}

/// Statistics of a solver's last call. Each solver fills the counters that apply to it and
/// leaves the others at zero; each solver's docs say exactly what it counts.
///
/// The struct is `#[non_exhaustive]`: build one with `Stats::default()` and set fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Search nodes: states the search visited.
    pub nodes: u64,
    /// Guesses: tentative choices among two or more alternatives.
    pub guesses: u64,
    /// Iterations of an iterative algorithm (cycles of a bee colony).
    pub cycles: u64,
    /// Evaluations of an objective (fitness evaluations of a bee colony).
    pub evaluations: u64,
    /// Restarts (scout bees abandoning a source).
    pub restarts: u64,
    /// Elementary updates of the data structure (link updates in dancing links).
    pub updates: u64,
    /// The best objective value reached (fewest conflicts of a bee colony); 0 when solved.
    pub best: u64,
}

impl Stats {
    /// Adds every counter of `other` to `self`, and keeps the smaller `best`.
    ///
    /// Batch code uses this to total the statistics of many calls.
    pub fn accumulate(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.cycles += other.cycles;
        self.evaluations += other.evaluations;
        self.restarts += other.restarts;
        self.updates += other.updates;
        self.best = self.best.min(other.best);
    }
}

/// A Sudoku solver.
///
/// `solve` takes `&mut self` so that a solver can keep and reuse its buffers from one puzzle
/// to the next; batch code gives each thread its own solver.
pub trait Solver {
    /// What the solver solves: [`Grid`] for classic Sudoku, a killer puzzle for killer.
    type Puzzle;

    /// Solves one puzzle.
    fn solve(&mut self, puzzle: &Self::Puzzle) -> Verdict;

    /// Statistics of the last call of [`solve`](Solver::solve) (or of counting, for a
    /// [`CountSolutions`] solver).
    fn stats(&self) -> Stats;
}

/// A complete solver, which can count solutions and so decide uniqueness.
pub trait CountSolutions: Solver {
    /// The number of solutions of `puzzle`, counting stops as soon as `limit` are found (so
    /// the answer is at most `limit`). Puzzles with clashing givens have 0 solutions.
    fn count_solutions(&mut self, puzzle: &Self::Puzzle, limit: usize) -> usize;

    /// Whether `puzzle` has exactly one solution (counts up to 2).
    fn is_unique(&mut self, puzzle: &Self::Puzzle) -> bool {
        self.count_solutions(puzzle, 2) == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_accessors_and_display() {
        let grid = Grid::EMPTY;
        assert_eq!(Verdict::Solved(grid).solution(), Some(grid));
        assert!(Verdict::Solved(grid).is_solved());
        assert_eq!(Verdict::NoSolution.solution(), None);
        assert_eq!(Verdict::NoSolution.to_string(), "no solution");
        let gave_up = Verdict::GaveUp {
            best: grid,
            conflicts: 4,
        };
        assert!(!gave_up.is_solved());
        assert_eq!(gave_up.to_string(), "gave up with 4 conflicts");
        let clash = format!("11{}", ".".repeat(79))
            .parse::<Grid>()
            .unwrap()
            .clash()
            .unwrap();
        assert_eq!(
            Verdict::Clash(clash).to_string(),
            "clashing givens: digit 1 appears twice in row 1, at r1c1 and r1c2"
        );
    }

    #[test]
    fn stats_accumulate() {
        let mut total = Stats {
            best: u64::MAX,
            ..Stats::default()
        };
        let one = Stats {
            nodes: 3,
            guesses: 1,
            best: 2,
            ..Stats::default()
        };
        total.accumulate(&one);
        total.accumulate(&one);
        assert_eq!(total.nodes, 6);
        assert_eq!(total.guesses, 2);
        assert_eq!(total.best, 2);
    }
}
