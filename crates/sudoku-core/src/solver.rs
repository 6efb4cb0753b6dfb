//! The traits every solver implements and the answers they give.

use std::fmt;

use crate::budget::{Budget, Exhausted, Unsettled};
use crate::error::Clash;
use crate::grid::Grid;

/// What a solver solves, and what a solution of it is: a [`Grid`] solves a classic
/// [`Grid`] puzzle, a filled [`Puzzle`](crate::Puzzle) a puzzle of any size and variant, a
/// [`Grid`] a killer puzzle.
pub trait Problem {
    /// A solution.
    type Solution: Clone + fmt::Debug + PartialEq;
}

impl Problem for Grid {
    type Solution = Grid;
}

/// The answer of a solver to one puzzle: `Verdict` (that is, `Verdict<Grid>`) for the classic
/// 9x9 grid, `Verdict<Puzzle>` for puzzles of other sizes and variants.
///
/// "No solution" is an ordinary answer, not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict<S = Grid> {
    /// A solution. When the puzzle has several, complete solvers return the first they find.
    Solved(S),
    /// The puzzle has no solution, although its givens do not clash.
    NoSolution,
    /// Two givens already break a rule, so nothing was searched.
    Clash(Clash),
    /// The solver ran out of budget before it settled the puzzle: the nodes or time of the
    /// caller's [`Budget`](crate::Budget), or an incomplete solver's own limit of cycles.
    /// Says nothing about whether a solution exists. The same in every solver crate.
    GaveUp {
        /// What ran out.
        exhausted: Exhausted,
        /// The best candidate an incomplete solver (the bee colony) reached, with the rule
        /// violations it still has; `None` for complete searches, which keep no partial
        /// answer.
        best: Option<Best<S>>,
    },
}

/// The best candidate an incomplete solver reached before it gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Best<S = Grid> {
    /// The candidate: every cell filled, but it may break rules.
    pub candidate: S,
    /// How many rule violations it still has, as the solver counts them (at least 1).
    pub conflicts: u32,
}

impl<S: Clone> Verdict<S> {
    /// The solution, when there is one.
    pub fn solution(&self) -> Option<S> {
        match self {
            Verdict::Solved(solution) => Some(solution.clone()),
            _ => None,
        }
    }

    /// Whether this is [`Verdict::Solved`].
    pub fn is_solved(&self) -> bool {
        matches!(self, Verdict::Solved(_))
    }

    /// Whether this is [`Verdict::GaveUp`].
    pub fn gave_up(&self) -> bool {
        matches!(self, Verdict::GaveUp { .. })
    }
}

impl<S> Verdict<S> {
    /// A verdict of a complete search that ran out of budget: [`Verdict::GaveUp`] without a
    /// best candidate.
    pub fn out_of_budget(exhausted: Exhausted) -> Verdict<S> {
        Verdict::GaveUp {
            exhausted,
            best: None,
        }
    }
}

impl<S: fmt::Display> fmt::Display for Verdict<S> {
    /// The solution's line, `no solution`, the clash, or `gave up after 2 s` (`gave up after
    /// 2000 cycles, best with 4 conflicts` for an incomplete solver).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solved(solution) => fmt::Display::fmt(solution, f),
            Verdict::NoSolution => f.write_str("no solution"),
            Verdict::Clash(clash) => write!(f, "clashing givens: {clash}"),
            Verdict::GaveUp { exhausted, best } => {
                write!(f, "gave up after {exhausted}")?;
                if let Some(best) = best {
                    write!(f, ", best with {} conflicts", best.conflicts)?;
                }
                Ok(())
            }
        }
    }
}

/// What a solver counts of its work: each solver has its own statistics type, with exactly the
/// counters that mean something for it (a backtracking search counts nodes and guesses, a bee
/// colony counts cycles and evaluations), and this trait lets generic code (benchmarks, the
/// command line) show and total them.
pub trait Counters: Copy + Default + fmt::Debug + PartialEq {
    /// Every counter with its name, in a fixed order.
    fn counters(&self) -> Vec<(&'static str, u64)>;

    /// Adds the counters of another call to these, to total a batch.
    fn accumulate(&mut self, other: &Self);
}

/// The counters of any solver by name, summed over calls: totals for code that drives several
/// kinds of solver (benchmarks, the command line).
///
/// ```
/// use sudoku_core::{SearchStats, Tally};
///
/// let mut tally = Tally::default();
/// tally.add(&SearchStats::new(5, 2));
/// tally.add(&SearchStats::new(1, 0));
/// assert_eq!(tally.get("nodes"), Some(6));
/// assert_eq!(tally.get("cycles"), None); // not counted, rather than 0
/// assert_eq!(tally.to_string(), "nodes 6, guesses 2");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    counters: Vec<(&'static str, u64)>,
}

impl Tally {
    /// The counters of one call.
    pub fn of<C: Counters>(stats: &C) -> Tally {
        Tally {
            counters: stats.counters(),
        }
    }

    /// Adds the counters of one call.
    pub fn add<C: Counters>(&mut self, stats: &C) {
        self.merge(&Tally::of(stats));
    }

    /// Adds another tally, counter by counter (names it lacks are added).
    pub fn merge(&mut self, other: &Tally) {
        for &(name, value) in &other.counters {
            match self.counters.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total += value,
                None => self.counters.push((name, value)),
            }
        }
    }

    /// The counter named `name`, or `None` when the solver does not keep it.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.counters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }

    /// Every counter with its name, in the solver's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.counters.iter().copied()
    }

    /// Whether no counter was added.
    pub fn is_empty(&self) -> bool {
        self.counters.is_empty()
    }
}

impl fmt::Display for Tally {
    /// `name value` pairs separated by commas, e.g. `nodes 6, guesses 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name} {value}")?;
        }
        Ok(())
    }
}

/// The statistics of a backtracking search: the counters of
/// [`sudoku-mrv`](https://docs.rs/sudoku-mrv)'s solver and of any plain search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchStats {
    /// Search nodes: states the search visited, the root included.
    pub nodes: u64,
    /// Guesses: tentative choices among two or more alternatives.
    pub guesses: u64,
}

impl SearchStats {
    /// The statistics of a search that visited `nodes` nodes and made `guesses` guesses (the
    /// struct is `#[non_exhaustive]`, so other crates build it here).
    pub const fn new(nodes: u64, guesses: u64) -> SearchStats {
        SearchStats { nodes, guesses }
    }
}

impl Counters for SearchStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("nodes", self.nodes), ("guesses", self.guesses)]
    }

    fn accumulate(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
    }
}

impl fmt::Display for SearchStats {
    /// `nodes N, guesses G`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nodes {}, guesses {}", self.nodes, self.guesses)
    }
}

/// The solution type of a solver's puzzles.
pub type Solution<S> = <<S as Solver>::Puzzle as Problem>::Solution;

/// A Sudoku solver.
///
/// `solve` takes `&mut self` so that a solver can keep and reuse its buffers from one puzzle
/// to the next; batch code gives each thread its own solver.
///
/// Every solver takes a [`Budget`] the same way: [`solve_within`](Solver::solve_within)
/// answers [`Verdict::GaveUp`] when the budget runs out first, and
/// [`solve`](Solver::solve) is `solve_within` with [`Budget::UNLIMITED`].
pub trait Solver {
    /// What the solver solves: [`Grid`] for classic Sudoku, [`Puzzle`](crate::Puzzle) for
    /// other sizes and variants, a killer puzzle for killer.
    type Puzzle: Problem;

    /// What the solver counts of its work ([`SearchStats`] for a plain search).
    type Stats: Counters;

    /// Solves one puzzle within `budget`: [`Verdict::GaveUp`] when the budget runs out
    /// before the puzzle is settled.
    fn solve_within(&mut self, puzzle: &Self::Puzzle, budget: Budget) -> Verdict<Solution<Self>>;

    /// Solves one puzzle without a budget (an incomplete solver still stops at its own
    /// limit).
    fn solve(&mut self, puzzle: &Self::Puzzle) -> Verdict<Solution<Self>> {
        self.solve_within(puzzle, Budget::UNLIMITED)
    }

    /// Statistics of the last call of [`solve`](Solver::solve) (or of counting, for a
    /// [`CountSolutions`] solver).
    fn stats(&self) -> Self::Stats;
}

/// A complete solver, which can count solutions and so decide uniqueness.
pub trait CountSolutions: Solver {
    /// The number of solutions of `puzzle`, counting stops as soon as `limit` are found (so
    /// the answer is at most `limit`), or [`Unsettled`] when `budget` runs out first.
    /// Puzzles with clashing givens have 0 solutions.
    fn count_solutions_within(
        &mut self,
        puzzle: &Self::Puzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled>;

    /// The number of solutions of `puzzle`, counting stops as soon as `limit` are found (so
    /// the answer is at most `limit`). Puzzles with clashing givens have 0 solutions.
    fn count_solutions(&mut self, puzzle: &Self::Puzzle, limit: usize) -> usize {
        self.count_solutions_within(puzzle, limit, Budget::UNLIMITED)
            .unwrap_or_else(|unsettled| unsettled.found)
    }

    /// Whether `puzzle` has exactly one solution (counts up to 2).
    fn is_unique(&mut self, puzzle: &Self::Puzzle) -> bool {
        self.count_solutions(puzzle, 2) == 1
    }

    /// The first solution and the number of solutions up to `limit` together, within
    /// `budget`: what a caller needs to solve and warn about several solutions. When the
    /// budget runs out before the first solution, the verdict is [`Verdict::GaveUp`]; when
    /// it runs out while counting, the count is [`Unsettled`].
    ///
    /// Solvers that find the first solution on the way to counting answer in one search;
    /// this provided version solves, then counts, each within `budget` (statistics are then
    /// those of the count).
    fn solve_and_count_within(
        &mut self,
        puzzle: &Self::Puzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict<Solution<Self>>, Result<usize, Unsettled>) {
        let verdict = self.solve_within(puzzle, budget);
        let count = match &verdict {
            Verdict::Solved(_) => self.count_solutions_within(puzzle, limit, budget),
            Verdict::GaveUp { exhausted, .. } => Err(Unsettled {
                found: 0,
                exhausted: *exhausted,
            }),
            _ => Ok(0),
        };
        (verdict, count)
    }

    /// [`solve_and_count_within`](CountSolutions::solve_and_count_within) without a budget.
    fn solve_and_count(
        &mut self,
        puzzle: &Self::Puzzle,
        limit: usize,
    ) -> (Verdict<Solution<Self>>, usize) {
        let (verdict, count) = self.solve_and_count_within(puzzle, limit, Budget::UNLIMITED);
        (verdict, count.unwrap_or_else(|unsettled| unsettled.found))
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
        assert_eq!(Verdict::<Grid>::NoSolution.solution(), None);
        assert_eq!(Verdict::<Grid>::NoSolution.to_string(), "no solution");
        let gave_up = Verdict::GaveUp {
            exhausted: Exhausted::Cycles(2000),
            best: Some(Best {
                candidate: grid,
                conflicts: 4,
            }),
        };
        assert!(!gave_up.is_solved() && gave_up.gave_up());
        assert_eq!(
            gave_up.to_string(),
            "gave up after 2000 cycles, best with 4 conflicts"
        );
        let out = Verdict::<Grid>::out_of_budget(Exhausted::Nodes(10));
        assert_eq!(out.to_string(), "gave up after 10 nodes");
        let clash = format!("11{}", ".".repeat(79))
            .parse::<Grid>()
            .unwrap()
            .clash()
            .unwrap();
        assert_eq!(
            Verdict::<Grid>::Clash(clash).to_string(),
            "clashing givens: digit 1 appears twice in row 1, at r1c1 and r1c2"
        );
    }

    #[test]
    fn search_stats_name_and_total_their_counters() {
        let mut total = SearchStats::default();
        let one = SearchStats {
            nodes: 3,
            guesses: 1,
        };
        total.accumulate(&one);
        total.accumulate(&one);
        assert_eq!(
            total,
            SearchStats {
                nodes: 6,
                guesses: 2
            }
        );
        assert_eq!(total.counters(), vec![("nodes", 6), ("guesses", 2)]);
        assert_eq!(total.to_string(), "nodes 6, guesses 2");
    }
}
