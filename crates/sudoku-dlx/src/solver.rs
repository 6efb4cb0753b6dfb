//! [`DlxSolver`]: the Sudoku solver over the exact-cover matrix.

use sudoku_core::{CountSolutions, Grid, Solver, Stats, Verdict};

use crate::{ExactCover, encoding};

/// A Sudoku solver by dancing links over the 729 x 324 exact-cover matrix.
///
/// The matrix is built once, in [`DlxSolver::new`]; each puzzle covers its givens, searches
/// and uncovers them again, so a batch does not rebuild or allocate the matrix per puzzle.
///
/// [`stats`](Solver::stats) reports for the last call: `nodes` (the root plus every
/// placement tried by the search; givens excluded), `guesses` (placements tried from a
/// column that had two or more rows) and `updates` (link updates: nodes and column headers
/// unlinked while covering). Other fields are 0.
///
/// ```
/// use sudoku_core::{CountSolutions, Grid, Solver};
/// use sudoku_dlx::DlxSolver;
///
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
/// let mut solver = DlxSolver::default();
/// let answer = solver.solve(&puzzle).solution().unwrap();
/// assert!(answer.solves(&puzzle));
/// assert!(solver.is_unique(&puzzle));
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DlxSolver {
    matrix: ExactCover,
    givens: Vec<usize>,
    stats: Stats,
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
            matrix: encoding::exact_cover(),
            givens: Vec::with_capacity(81),
            stats: Stats::default(),
        }
    }

    /// Runs `f` on the search of `puzzle` (whose givens must not clash) and records stats.
    fn with_search<T>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(&mut crate::Solutions<'_>) -> T,
    ) -> T {
        self.givens.clear();
        self.givens.extend(
            (0..81)
                .filter(|&cell| puzzle[cell] != 0)
                .map(|cell| encoding::row(cell, puzzle[cell])),
        );
        let mut search = self
            .matrix
            .search(&self.givens)
            .expect("givens without a clash never share a column");
        let answer = f(&mut search);
        let cover = search.stats();
        drop(search);
        let mut stats = Stats::default();
        stats.nodes = cover.nodes;
        stats.guesses = cover.guesses;
        stats.updates = cover.updates;
        self.stats = stats;
        answer
    }
}

impl Solver for DlxSolver {
    type Puzzle = Grid;

    fn solve(&mut self, puzzle: &Grid) -> Verdict {
        if let Some(clash) = puzzle.clash() {
            self.stats = Stats::default();
            return Verdict::Clash(clash);
        }
        self.with_search(puzzle, |search| {
            search.next_solution().map_or(Verdict::NoSolution, |rows| {
                Verdict::Solved(encoding::grid_of(rows))
            })
        })
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

impl CountSolutions for DlxSolver {
    fn count_solutions(&mut self, puzzle: &Grid, limit: usize) -> usize {
        if puzzle.clash().is_some() || limit == 0 {
            self.stats = Stats::default();
            return 0;
        }
        self.with_search(puzzle, |search| search.count_up_to(limit as u64) as usize)
    }
}
