//! [`DlxSolver`]: the Sudoku solver over the exact-cover matrix.

use sudoku_core::{CountSolutions, Grid, Solver, Verdict};

use crate::CoverStats;

use crate::matrix::Matrix;

/// A Sudoku solver by dancing links over the 729 x 324 exact-cover matrix of
/// [`encoding`](crate::encoding).
///
/// The matrix is built once, in [`DlxSolver::new`] (a few hundred KB of address space, of
/// which the 3,240 nodes in use take 19 KB). Each puzzle restores the full matrix's links by
/// copying them (13 KB), removes the rows that clash with its givens, and runs Algorithm X:
/// nothing is allocated or rebuilt per puzzle. The search makes the same choices as
/// [`ExactCover`](crate::ExactCover) on the same matrix (the first column with the fewest
/// rows, rows in order), so both walk the same tree; this one is tuned for the fixed shape
/// (see `docs/dlx.md`).
///
/// [`stats`](Solver::stats) reports for the last call: `nodes` (the root plus every
/// placement tried by the search; givens excluded), `guesses` (placements tried from a
/// column that had two or more rows) and `updates` (link updates made by the search: nodes
/// and column headers unlinked while covering; removing the givens' rows is not counted) and
/// `solutions` (found, up to the limit). A clashing puzzle reports all zeros.
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
    matrix: Matrix,
    stats: CoverStats,
}

impl Default for DlxSolver {
    fn default() -> DlxSolver {
        DlxSolver::new()
    }
}

impl DlxSolver {
    /// A solver with its matrix built.
    pub fn new() -> DlxSolver {
        DlxSolver {
            matrix: Matrix::new(),
            stats: CoverStats::default(),
        }
    }

    /// Searches `puzzle` (whose givens must not clash) and records the statistics.
    fn search(&mut self, puzzle: &Grid, limit: usize) -> (usize, Option<Grid>) {
        let mut first = None;
        let found = self.matrix.search(puzzle, limit, &mut first);
        let counters = self.matrix.counters();
        self.stats = CoverStats {
            nodes: counters.nodes,
            guesses: counters.guesses,
            updates: counters.updates,
            solutions: found as u64,
        };
        (found, first)
    }
}

impl Solver for DlxSolver {
    type Puzzle = Grid;
    type Stats = CoverStats;

    fn solve(&mut self, puzzle: &Grid) -> Verdict {
        if let Some(clash) = puzzle.clash() {
            self.stats = CoverStats::default();
            return Verdict::Clash(clash);
        }
        match self.search(puzzle, 1) {
            (_, Some(grid)) => Verdict::Solved(grid),
            (_, None) => Verdict::NoSolution,
        }
    }

    fn stats(&self) -> CoverStats {
        self.stats
    }
}

impl CountSolutions for DlxSolver {
    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count(&mut self, puzzle: &Grid, limit: usize) -> (Verdict, usize) {
        if let Some(clash) = puzzle.clash() {
            self.stats = CoverStats::default();
            return (Verdict::Clash(clash), 0);
        }
        match self.search(puzzle, limit.max(1)) {
            (count, Some(grid)) => (Verdict::Solved(grid), count.min(limit)),
            (_, None) => (Verdict::NoSolution, 0),
        }
    }

    fn count_solutions(&mut self, puzzle: &Grid, limit: usize) -> usize {
        if puzzle.clash().is_some() || limit == 0 {
            self.stats = CoverStats::default();
            return 0;
        }
        self.search(puzzle, limit).0
    }
}
