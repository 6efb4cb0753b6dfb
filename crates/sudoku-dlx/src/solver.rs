//! [`DlxSolver`]: the Sudoku encoding on the generic exact-cover engine.

use sudoku_core::{Budget, Clash, CountSolutions, Exhausted, Grid, Solver, Unsettled, Verdict};

use crate::{CoverStats, ExactCover, SearchOptions, Solutions, encoding};

/// A Sudoku solver by dancing links: the 729 x 324 exact-cover matrix of
/// [`encoding`](crate::encoding) on the generic [`ExactCover`] engine, with the givens as
/// required rows.
///
/// The matrix is built once, in [`DlxSolver::new`]; each puzzle only relinks the rows that
/// agree with its givens (the engine's start of a search) and runs Algorithm X: nothing is
/// allocated per puzzle.
///
/// [`stats`](Solver::stats) reports for the last call: `nodes` (the root plus every
/// placement tried by the search; givens excluded), `guesses` (placements tried from a
/// column that had two or more rows) and `updates` (link updates made by the search: nodes
/// and column headers unlinked while covering; setting up the givens is not counted) and
/// `solutions` (found, up to the limit), as [`CoverStats`] counts them. A clashing puzzle
/// reports all zeros.
///
/// ```
/// use sudoku_dlx::{CountSolutions, DlxSolver, Grid, Solver};
///
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
/// let mut solver = DlxSolver::default();
/// let answer = solver.solve(&puzzle).solution().unwrap();
/// assert!(answer.solves(&puzzle));
/// assert!(solver.is_unique(&puzzle));
/// # Ok::<(), sudoku_dlx::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DlxSolver {
    matrix: ExactCover,
    stats: CoverStats,
}

impl Default for DlxSolver {
    /// A solver searching with [`SearchOptions::FEW_SOLUTIONS`].
    fn default() -> DlxSolver {
        DlxSolver::new(SearchOptions::FEW_SOLUTIONS)
    }
}

impl DlxSolver {
    /// A solver with its matrix built, searching with `options` (every value of which is
    /// valid), fixed for the solver's life.
    pub fn new(options: SearchOptions) -> DlxSolver {
        let mut matrix = encoding::exact_cover();
        matrix.set_options(options);
        DlxSolver {
            matrix,
            stats: CoverStats::default(),
        }
    }

    /// How the searches prune and choose.
    pub fn options(&self) -> SearchOptions {
        self.matrix.options()
    }

    /// Searches `puzzle` within `budget`: counts its solutions up to `limit` (at least 1)
    /// and keeps the first when `want_first`; `None` when two givens clash. The engine
    /// finds a clash anyway (two required rows that share a column), so the grid is not
    /// checked apart.
    fn search(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        want_first: bool,
        budget: Budget,
    ) -> Option<Found<Grid>> {
        // Without a branch per cell (where the givens lie is hard to predict): each cell
        // writes its row, which the next given overwrites unless the cell holds one.
        let mut givens = [0; 81];
        let mut count = 0;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            givens[count] = (9 * cell + usize::from(digit)).wrapping_sub(1);
            count += usize::from(digit != 0);
        }
        let Ok(search) = self.matrix.search_within(&givens[..count], budget) else {
            self.stats = CoverStats::default();
            return None;
        };
        let found = Found::explore(search, limit, want_first, encoding::grid_of);
        self.stats = found.stats;
        Some(found)
    }
}

/// What one search of a Sudoku encoding found.
pub(crate) struct Found<S> {
    /// Solutions counted, up to the limit.
    count: usize,
    /// The first solution, when it was asked for and found.
    first: Option<S>,
    /// What ran out, when the budget stopped the search.
    exhausted: Option<Exhausted>,
    /// The search's statistics, `solutions` set to `count`.
    pub(crate) stats: CoverStats,
}

impl<S> Found<S> {
    /// Runs `search` until `limit` solutions (at least 1) are found, the search space is
    /// exhausted or its budget runs out; keeps the first solution, decoded from its rows,
    /// when `want_first`.
    pub(crate) fn explore(
        mut search: Solutions<'_>,
        limit: usize,
        want_first: bool,
        decode: impl FnOnce(&[usize]) -> S,
    ) -> Found<S> {
        let (count, first) = if want_first {
            match search.next_solution() {
                Some(rows) => {
                    let first = decode(rows);
                    (1 + search.count_up_to(limit.max(1) - 1), Some(first))
                }
                None => (0, None),
            }
        } else {
            (search.count_up_to(limit), None)
        };
        let mut stats = search.stats();
        stats.solutions = count as u64;
        Found {
            count,
            first,
            exhausted: search.exhausted(),
            stats,
        }
    }

    /// The count, or what the budget cut short.
    pub(crate) fn count(&self) -> Result<usize, Unsettled> {
        Unsettled::count(self.count, self.exhausted)
    }

    /// The verdict and the count up to `limit`.
    pub(crate) fn answer(self, limit: usize) -> (Verdict<S>, Result<usize, Unsettled>) {
        let count = self.count().map(|count| count.min(limit));
        let verdict = match (self.first, self.exhausted) {
            (Some(first), _) => Verdict::Solved(first),
            (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
            (None, None) => Verdict::NoSolution,
        };
        (verdict, count)
    }
}

/// The clash of `puzzle`, whose givens' rows share a column.
fn clash_of(puzzle: &Grid) -> Clash {
    puzzle
        .clash()
        .expect("givens whose rows share a column clash")
}

impl Solver for DlxSolver {
    type Puzzle = Grid;
    type Stats = CoverStats;

    fn solve_within(&mut self, puzzle: &Grid, budget: Budget) -> Verdict {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> CoverStats {
        self.stats
    }
}

impl CountSolutions for DlxSolver {
    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        budget: Budget,
    ) -> (Verdict, Result<usize, Unsettled>) {
        match self.search(puzzle, limit.max(1), true, budget) {
            None => (Verdict::Clash(clash_of(puzzle)), Ok(0)),
            Some(found) => found.answer(limit),
        }
    }

    fn count_solutions_within(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        if limit == 0 {
            self.stats = CoverStats::default();
            return Ok(0);
        }
        self.search(puzzle, limit, false, budget)
            .map_or(Ok(0), |found| found.count())
    }
}
