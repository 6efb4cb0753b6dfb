//! [`DlxSolver`]: the Sudoku encoding on the generic exact-cover engine.

use sudoku_core::{Clash, CountSolutions, Grid, Solver, Verdict};

use crate::{CoverStats, ExactCover, SearchOptions, encoding};

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
    /// The givens' rows of the current puzzle, kept to avoid allocating.
    givens: Vec<usize>,
    stats: CoverStats,
}

impl Default for DlxSolver {
    fn default() -> DlxSolver {
        DlxSolver::new()
    }
}

impl DlxSolver {
    /// A solver with its matrix built, searching with [`SearchOptions::FEW_SOLUTIONS`].
    pub fn new() -> DlxSolver {
        let mut matrix = encoding::exact_cover();
        matrix.set_options(SearchOptions::FEW_SOLUTIONS);
        DlxSolver {
            matrix,
            givens: Vec::with_capacity(81),
            stats: CoverStats::default(),
        }
    }

    /// Sets how the searches that follow prune and choose (see [`SearchOptions`]).
    pub fn set_options(&mut self, options: SearchOptions) -> &mut DlxSolver {
        self.matrix.set_options(options);
        self
    }

    /// How the searches prune and choose.
    pub fn options(&self) -> SearchOptions {
        self.matrix.options()
    }

    /// Searches `puzzle`: counts its solutions up to `limit` (at least 1) and returns the
    /// first when `want_first`; `None` when two givens clash. The engine finds a clash
    /// anyway (two required rows that share a column), so the grid is not checked apart.
    fn search(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        want_first: bool,
    ) -> Option<(u64, Option<Grid>)> {
        self.givens.clear();
        self.givens.extend(
            (0..81)
                .filter(|&cell| puzzle[cell] != 0)
                .map(|cell| encoding::row(cell, puzzle[cell])),
        );
        let Ok(mut search) = self.matrix.search(&self.givens) else {
            self.stats = CoverStats::default();
            return None;
        };
        let (found, first) = if want_first {
            match search.next_solution() {
                Some(rows) => {
                    let grid = encoding::grid_of(rows);
                    (1 + search.count_up_to(limit - 1), Some(grid))
                }
                None => (0, None),
            }
        } else {
            (search.count_up_to(limit), None)
        };
        self.stats = search.stats();
        self.stats.solutions = found;
        Some((found, first))
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

    fn solve(&mut self, puzzle: &Grid) -> Verdict {
        match self.search(puzzle, 1, true) {
            None => Verdict::Clash(clash_of(puzzle)),
            Some((_, Some(grid))) => Verdict::Solved(grid),
            Some((_, None)) => Verdict::NoSolution,
        }
    }

    fn stats(&self) -> CoverStats {
        self.stats
    }
}

impl CountSolutions for DlxSolver {
    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count(&mut self, puzzle: &Grid, limit: usize) -> (Verdict, usize) {
        match self.search(puzzle, limit.max(1) as u64, true) {
            None => (Verdict::Clash(clash_of(puzzle)), 0),
            Some((count, Some(grid))) => (Verdict::Solved(grid), (count as usize).min(limit)),
            Some((_, None)) => (Verdict::NoSolution, 0),
        }
    }

    fn count_solutions(&mut self, puzzle: &Grid, limit: usize) -> usize {
        if limit == 0 {
            self.stats = CoverStats::default();
            return 0;
        }
        self.search(puzzle, limit as u64, false)
            .map_or(0, |(found, _)| found as usize)
    }
}
