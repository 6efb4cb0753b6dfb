//! [`DlxVariantSolver`]: puzzles of every size (4x4 to 25x25) and variant (Sudoku X, windoku,
//! jigsaw) as exact cover, on the same generic engine as the classic solver.

use std::sync::Arc;

use sudoku_core::{Budget, CountSolutions, Puzzle, Rules, Solver, Unsettled, Verdict};

use crate::solver::Found;
use crate::{CoverStats, ExactCover, SearchOptions};

/// A solver of Sudoku of every size and variant by dancing links: the puzzle's rules as an
/// exact-cover matrix on the generic [`ExactCover`] engine, with the givens as required rows.
///
/// For a board of side `n` the matrix has a row per placement (`n` digits in each of `n x n`
/// cells: row `cell * n + digit - 1`) and `n` columns per unit plus one per cell:
///
/// | columns | constraint |
/// |---|---|
/// | `0 .. n²` | each cell holds one digit |
/// | `n² + u n + d - 1` | unit `u` of [`Rules::units`] holds digit `d` exactly once |
///
/// The units are the rows, columns and regions (boxes or jigsaw regions), then the extra
/// units: the two long diagonals of Sudoku X and the four windoku windows. Every unit has `n`
/// cells, so each must hold every digit exactly once and all columns are primary. A
/// placement covers its cell column and one column for each unit the cell belongs to: 4 for
/// plain rules, up to 6 on an X-windoku (a cell on a diagonal and in a window). A 25x25 board has 15,625 rows and
/// 2,500 columns.
///
/// The matrix of the last rules seen is kept, so a run of puzzles with the same rules (a file
/// of 16x16 puzzles, a generator removing clues) builds it once; a puzzle with other rules
/// rebuilds it. [`stats`](Solver::stats) are [`CoverStats`], as for
/// [`DlxSolver`](crate::DlxSolver); a clashing puzzle reports all zeros.
///
/// ```
/// use sudoku_dlx::{CountSolutions, Puzzle, Rules, Solver, DlxVariantSolver};
///
/// // A 6x6 Sudoku X: both long diagonals hold 1 to 6 too.
/// let plain: Puzzle = "......2...56....1..4...............1".parse()?;
/// let puzzle = Puzzle::new(Rules::new(plain.rules().shape()).with_diagonals(true), plain.cells().to_vec())?;
/// let mut solver = DlxVariantSolver::default();
/// let answer = solver.solve(&puzzle).solution().expect("a solution");
/// assert!(answer.solves(&puzzle));
/// assert_eq!(answer.to_string(), "516432234156652314341625165243423561");
/// assert!(solver.is_unique(&puzzle));
/// // Without the diagonals the same givens have many solutions.
/// assert_eq!(solver.count_solutions(&plain, 10), 10);
/// # Ok::<(), sudoku_dlx::VariantError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DlxVariantSolver {
    /// The matrix of the last rules seen, with those rules.
    matrix: Option<(Arc<Rules>, ExactCover)>,
    /// How the searches prune and choose.
    options: SearchOptions,
    /// The givens' rows of the current puzzle, kept to avoid allocating.
    givens: Vec<usize>,
    stats: CoverStats,
}

/// The exact-cover matrix of `rules`, rows numbered `cell * n + digit - 1`.
fn exact_cover(rules: &Rules) -> ExactCover {
    let n = rules.size();
    let cells = n * n;
    let units = rules.units();
    let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (u, (_, members)) in units.iter().enumerate() {
        debug_assert_eq!(members.len(), n, "every unit has n cells");
        for &cell in members {
            units_of[usize::from(cell)].push(u);
        }
    }
    let mut matrix =
        ExactCover::new(cells + units.len() * n, 0).expect("columns of a board of side 25 at most");
    for (cell, units) in units_of.iter().enumerate() {
        for d in 0..n {
            let columns = std::iter::once(cell).chain(units.iter().map(|&u| cells + u * n + d));
            matrix
                .add_row(columns)
                .expect("a cell's units are distinct columns of the matrix");
        }
    }
    matrix
}

impl Default for DlxVariantSolver {
    /// A solver searching with [`SearchOptions::FEW_SOLUTIONS`].
    fn default() -> DlxVariantSolver {
        DlxVariantSolver::new(SearchOptions::FEW_SOLUTIONS)
    }
}

impl DlxVariantSolver {
    /// A solver searching with `options` (every value of which is valid), fixed for the
    /// solver's life; the matrix is built at the first puzzle (and again when the rules
    /// change).
    pub fn new(options: SearchOptions) -> DlxVariantSolver {
        DlxVariantSolver {
            matrix: None,
            options,
            givens: Vec::new(),
            stats: CoverStats::default(),
        }
    }

    /// How the searches prune and choose.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// The matrix of `puzzle`'s rules, built when they differ from the last puzzle's.
    fn matrix_for(&mut self, puzzle: &Puzzle) -> &mut ExactCover {
        let rules = puzzle.shared_rules();
        let same = self
            .matrix
            .as_ref()
            .is_some_and(|(known, _)| Arc::ptr_eq(known, rules) || **known == **rules);
        if !same {
            self.matrix = Some((Arc::clone(rules), exact_cover(rules)));
        }
        let matrix = &mut self.matrix.as_mut().expect("built above").1;
        matrix.set_options(self.options);
        matrix
    }

    /// Searches `puzzle` (whose givens must not clash) within `budget`: counts its
    /// solutions up to `limit` (at least 1) and keeps the first when `want_first`.
    fn search(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        want_first: bool,
        budget: Budget,
    ) -> Found<Puzzle> {
        let n = puzzle.size();
        let mut givens = std::mem::take(&mut self.givens);
        givens.clear();
        givens.extend(
            puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != 0)
                .map(|(cell, &d)| cell * n + usize::from(d) - 1),
        );
        let rules = Arc::clone(puzzle.shared_rules());
        let search = self
            .matrix_for(puzzle)
            .search_within(&givens, budget)
            .expect("givens that do not clash never share a column");
        let found = Found::explore(search, limit, want_first, |rows| {
            let mut cells = vec![0u8; n * n];
            for &row in rows {
                cells[row / n] = (row % n + 1) as u8;
            }
            Puzzle::with_rules(rules, cells).expect("digits of the board")
        });
        self.stats = found.stats;
        self.givens = givens;
        found
    }
}

impl Solver for DlxVariantSolver {
    type Puzzle = Puzzle;
    type Stats = CoverStats;

    fn solve_within(&mut self, puzzle: &Puzzle, budget: Budget) -> Verdict<Puzzle> {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> CoverStats {
        self.stats
    }
}

impl CountSolutions for DlxVariantSolver {
    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict<Puzzle>, Result<usize, Unsettled>) {
        if let Some(clash) = puzzle.clash() {
            self.stats = CoverStats::default();
            return (Verdict::Clash(clash), Ok(0));
        }
        self.search(puzzle, limit.max(1), true, budget)
            .answer(limit)
    }

    fn count_solutions_within(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        if puzzle.clash().is_some() || limit == 0 {
            self.stats = CoverStats::default();
            return Ok(0);
        }
        self.search(puzzle, limit, false, budget).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;

    #[test]
    fn columns_per_placement_follow_the_units() {
        let plain = exact_cover(&Rules::new(Shape::for_size(16).unwrap()));
        assert_eq!(plain.rows(), 16 * 256);
        assert_eq!(plain.primary_columns(), 256 + 48 * 16);
        // r1c1 digit 1: cell 0, row 0, column 0 (unit 16), box 0 (unit 32).
        assert_eq!(
            plain.row(0).unwrap().collect::<Vec<_>>(),
            [0, 256, 256 + 16 * 16, 256 + 32 * 16]
        );
        let x = Rules::classic()
            .with_diagonals(true)
            .with_windoku(true)
            .unwrap();
        let matrix = exact_cover(&x);
        assert_eq!(matrix.primary_columns(), 81 + (27 + 2 + 4) * 9);
        // The centre cell is on both diagonals but in no window: 6 columns. r2c2 is on the
        // main diagonal and in window 1: 6 columns too; r1c2 is in neither: 4.
        assert_eq!(matrix.row(40 * 9).unwrap().count(), 6);
        assert_eq!(matrix.row(10 * 9).unwrap().count(), 6);
        assert_eq!(matrix.row(9).unwrap().count(), 4);
    }
}
