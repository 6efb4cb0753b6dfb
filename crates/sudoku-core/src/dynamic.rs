//! [`DynSolver`]: any solver behind one object-safe trait, for front ends that choose the
//! algorithm at run time (the command line, the Python package, the benchmark).

use crate::budget::{Budget, Unsettled};
use crate::solver::{CountSolutions, Problem, Solver, Tally, Verdict};

/// The answer of a solve through [`DynSolver`]: the verdict and, from a complete solver, the
/// count of solutions up to the limit asked (`None` from an incomplete solver, which cannot
/// count).
pub type Counted<S> = (Verdict<S>, Option<Result<usize, Unsettled>>);

/// A solver of puzzles `P` behind a trait object. [`Solver`] and [`CountSolutions`] have
/// associated types (each solver its own statistics), so `dyn Solver` cannot hold solvers
/// of different crates; this trait can, with statistics as a [`Tally`]. Wrap a complete
/// solver in [`Complete`] and an incomplete one in [`Incomplete`].
///
/// ```
/// use sudoku_core::{
///     Budget, Complete, CountSolutions, DynSolver, Grid, Incomplete, SearchStats, Solver,
///     Unsettled, Verdict,
/// };
///
/// // A toy solver that only recognises grids already solved.
/// #[derive(Default)]
/// struct Checker;
/// impl Solver for Checker {
///     type Puzzle = Grid;
///     type Stats = SearchStats;
///     fn solve_within(&mut self, puzzle: &Grid, _: Budget) -> Verdict {
///         if puzzle.is_solved() { Verdict::Solved(*puzzle) } else { Verdict::NoSolution }
///     }
///     fn stats(&self) -> SearchStats {
///         SearchStats::default()
///     }
/// }
/// impl CountSolutions for Checker {
///     fn count_solutions_within(&mut self, p: &Grid, _: usize, _: Budget) -> Result<usize, Unsettled> {
///         Ok(usize::from(p.is_solved()))
///     }
/// }
///
/// // Chosen at run time, used through one trait.
/// let mut solvers: Vec<Box<dyn DynSolver<Grid>>> =
///     vec![Box::new(Complete(Checker)), Box::new(Incomplete(Checker))];
/// let puzzle: Grid = ".".repeat(81).parse()?;
/// let answers: Vec<_> = solvers
///     .iter_mut()
///     .map(|s| s.solve_and_count_within(&puzzle, 2, Budget::UNLIMITED))
///     .collect();
/// assert_eq!(answers, [(Verdict::NoSolution, Some(Ok(0))), (Verdict::NoSolution, None)]);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
pub trait DynSolver<P: Problem>: Send {
    /// Whether the solver is complete: it counts solutions and proves there are none. The
    /// provided methods describe an incomplete solver (`false`).
    fn can_count(&self) -> bool {
        false
    }

    /// Solves `puzzle` within `budget`, as [`Solver::solve_within`].
    fn solve_within(&mut self, puzzle: &P, budget: Budget) -> Verdict<P::Solution>;

    /// Solves `puzzle` within `budget` and, for a complete solver, counts its solutions up
    /// to `limit` in the same search, as [`CountSolutions::solve_and_count_within`]. The
    /// provided method solves without counting.
    fn solve_and_count_within(
        &mut self,
        puzzle: &P,
        limit: usize,
        budget: Budget,
    ) -> Counted<P::Solution> {
        let _ = limit;
        (self.solve_within(puzzle, budget), None)
    }

    /// Counts the solutions of `puzzle` up to `limit` within `budget`, as
    /// [`CountSolutions::count_solutions_within`]; `None` for an incomplete solver (the
    /// provided method).
    fn count_solutions_within(
        &mut self,
        puzzle: &P,
        limit: usize,
        budget: Budget,
    ) -> Option<Result<usize, Unsettled>> {
        let _ = (puzzle, limit, budget);
        None
    }

    /// The counters of the last call, by name.
    fn tally(&self) -> Tally;
}

/// The solution type of solver `S`'s puzzles.
type Answer<S> = <<S as Solver>::Puzzle as Problem>::Solution;

/// A complete solver (one that implements [`CountSolutions`]) as a [`DynSolver`].
#[derive(Clone, Debug, Default)]
pub struct Complete<S>(pub S);

/// An incomplete solver (one that implements [`Solver`] only, such as the bee colony) as a
/// [`DynSolver`].
#[derive(Clone, Debug, Default)]
pub struct Incomplete<S>(pub S);

impl<S: CountSolutions + Send> DynSolver<S::Puzzle> for Complete<S> {
    fn can_count(&self) -> bool {
        true
    }

    fn solve_within(&mut self, puzzle: &S::Puzzle, budget: Budget) -> Verdict<Answer<S>> {
        self.0.solve_within(puzzle, budget)
    }

    fn solve_and_count_within(
        &mut self,
        puzzle: &S::Puzzle,
        limit: usize,
        budget: Budget,
    ) -> Counted<Answer<S>> {
        let (verdict, count) = self.0.solve_and_count_within(puzzle, limit, budget);
        (verdict, Some(count))
    }

    fn count_solutions_within(
        &mut self,
        puzzle: &S::Puzzle,
        limit: usize,
        budget: Budget,
    ) -> Option<Result<usize, Unsettled>> {
        Some(self.0.count_solutions_within(puzzle, limit, budget))
    }

    fn tally(&self) -> Tally {
        Tally::of(&self.0.stats())
    }
}

impl<S: Solver + Send> DynSolver<S::Puzzle> for Incomplete<S> {
    fn solve_within(&mut self, puzzle: &S::Puzzle, budget: Budget) -> Verdict<Answer<S>> {
        self.0.solve_within(puzzle, budget)
    }

    fn tally(&self) -> Tally {
        Tally::of(&self.0.stats())
    }
}
