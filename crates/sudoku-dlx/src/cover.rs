//! [`ExactCover`]: the public face of the exact-cover engine. It keeps the problem as a plain
//! list of rows and builds the dancing-links arrays ([`Dance`]) from it when a search
//! starts after rows were added.

use sudoku_core::{Budget, Exhausted};

use crate::dance::{Dance, Layout};
use crate::error::{CoverError, CoverErrorKind};
use crate::store::Size;

/// An exact-cover problem: columns (primary ones, which every solution covers exactly
/// once, and secondary ones, which it covers at most once) and rows, each a set of columns.
/// A solution is a set of rows that covers every primary column exactly once and no
/// secondary column twice. As in Knuth's formulation, the search branches on primary
/// columns only, so a row without a primary column is never part of a solution.
///
/// Build it with [`new`](ExactCover::new) and [`add_row`](ExactCover::add_row), then search
/// as often as you like: [`first_solution`](ExactCover::first_solution),
/// [`count_solutions`](ExactCover::count_solutions), [`solutions`](ExactCover::solutions)
/// (an iterator), or [`search`](ExactCover::search) with rows that must be part of the
/// answer. Searching never changes the problem: each search starts from the full matrix,
/// whatever the last one did (an iterator may be dropped at any point).
///
/// The search chooses, at each step, the primary column with the fewest remaining rows
/// (the first such column on ties) and tries its rows top to bottom, so results come in a
/// fixed order.
///
/// The engine keeps its links in flat arrays of `u16` indices when the matrix has at most
/// 65,536 node slots (with `u8` column sizes when no column has more than 127 rows, else
/// `u16`), and of `u32` otherwise; a row takes as many slots as the longest row has
/// columns, rounded up to a power of two. A search costs no allocation; the arrays are built
/// at the first search after rows were added.
///
/// ```
/// use sudoku_dlx::ExactCover;
///
/// // Knuth's example: 7 columns, 6 rows, one solution (rows 0, 3 and 4).
/// let mut problem = ExactCover::new(7, 0)?;
/// for row in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
///     problem.add_row(row.iter().copied())?;
/// }
/// let mut solution = problem.first_solution().unwrap();
/// solution.sort();
/// assert_eq!(solution, [0, 3, 4]);
/// assert_eq!(problem.count_solutions(10), 1);
/// # Ok::<(), sudoku_dlx::CoverError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExactCover {
    primary: usize,
    secondary: usize,
    /// Every row's columns, row after row.
    columns: Vec<u32>,
    /// Where each row starts in `columns`, plus one entry past the last row.
    starts: Vec<u32>,
    /// The most columns a row has.
    longest: usize,
    /// Scratch marks per column for checking rows, kept to avoid allocating.
    marks: Vec<bool>,
    /// The engine for the first `engine.rows()` rows; rebuilt when rows were added since.
    engine: Option<Engine>,
    /// How searches prune and choose.
    options: SearchOptions,
    /// The required rows of the current search.
    required: Vec<usize>,
    /// The rows of the last solution reported.
    solution: Vec<usize>,
}

/// How an [`ExactCover`] search prunes and chooses, beyond Knuth's Algorithm X: neither
/// changes the solutions, only the tree that finds them (and so the order in which rows are
/// chosen and solutions come).
///
/// ```
/// use sudoku_dlx::{ExactCover, SearchOptions};
///
/// let mut problem = ExactCover::new(3, 0)?;
/// for row in [&[0, 1][..], &[2], &[0], &[1, 2]] {
///     problem.add_row(row.iter().copied())?;
/// }
/// assert_eq!(problem.count_solutions(10), 2);
/// problem.set_options(SearchOptions::PLAIN);
/// assert_eq!(problem.count_solutions(10), 2);
/// # Ok::<(), sudoku_dlx::CoverError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchOptions {
    /// Remove dominated rows before branching. When every row of a primary column `i` also
    /// covers column `j`, a solution covers `i` with a row that covers `j` too, so the rows
    /// of `j` that miss `i` can be in none: the search removes them (and puts them back
    /// when it backtracks). This is one of the reductions of Knuth's exact-cover
    /// preprocessor, applied at every branch to the columns of 2 to
    /// [`domination_rows`](Self::domination_rows) rows; in Sudoku it is the locked
    /// candidates rule (pointing and claiming). Only columns that share two rows or more
    /// with another are looked at, so a problem without any (such as n queens) pays
    /// nothing.
    ///
    /// Default: `true`.
    pub domination: bool,
    /// The most rows a column may have for domination to look at it (values below 2 turn
    /// domination off). Whatever the cap, a column is looked at only while it has no more
    /// rows than it shares with some other column in the full matrix (more could not all
    /// cover one column), and at most once for each size it has along a path (its rows
    /// only shrink along a path, so the same size means the same rows). Columns of two
    /// rows are the cheapest to look at and the most often fruitful; on Sudoku, larger caps
    /// remove a few more rows for more work.
    ///
    /// Default: 2.
    pub domination_rows: usize,
    /// For this many guesses (see [`CoverStats::guesses`]) from the start of a search, the
    /// column to branch on is, among the first twelve with the fewest rows, the one whose
    /// rows meet the most rows in their other columns (the first on ties), rather than
    /// simply the first: each branch then removes more rows. Weighing costs a few loads per
    /// node of each candidate's rows, and the first branchings shape most of the tree, so
    /// it stops after this many; 0 is Knuth's rule (the first column with the fewest rows).
    /// With [`conflict_weights`](Self::conflict_weights) it also stops at the search's first
    /// dead end, where the weights take over.
    ///
    /// Default: 64.
    pub weighed_guesses: u64,
    /// Branch where the search has failed before: each primary column counts the dead ends
    /// it caused (it was left without rows), and at a branch the search takes the column
    /// with the fewest rows per weight, a column's weight being one plus its dead ends (the
    /// first on ties; the ratio is taken in 16-bit fixed point). Columns that keep
    /// emptying are the hard core of the problem: branching on them early proves a
    /// subtree empty before the search spreads over the rest. Until the first dead end of
    /// a search every weight is 1, and the choice is the weighed one (see
    /// [`weighed_guesses`](Self::weighed_guesses)). This is the "dom/wdeg" rule of
    /// Boussemart, Hemery, Lecoutre and Sais (2004), with columns as constraints.
    ///
    /// It pays where a search stops after a few solutions and spends its time proving
    /// subtrees empty (puzzles: find one solution, prove there is no second), and costs
    /// where it enumerates many: counting every solution of 14 queens takes 1.8 times the
    /// nodes with it, of the 6 x 10 pentomino rectangle 27 times. So it is off by default
    /// and on in [`FEW_SOLUTIONS`](Self::FEW_SOLUTIONS), which the Sudoku solvers use.
    ///
    /// Default: `false`.
    pub conflict_weights: bool,
    /// With [`conflict_weights`](Self::conflict_weights), a search that has found no
    /// solution after this many nodes starts over from its required rows, keeping the
    /// weights it learned (so it walks another tree), with half as many nodes more for each
    /// attempt than the one before; once it has found a solution it never starts over (it
    /// would find it again). Searches with a few solutions or none are heavy-tailed: an
    /// early wrong choice can cost millions of nodes that another order avoids, and the
    /// weights learned meanwhile point the next attempt at the hard core. 0 never starts
    /// over; [`CoverStats::nodes`] counts the nodes of every attempt.
    ///
    /// Default: 0.
    pub restart_nodes: u64,
}

impl SearchOptions {
    /// Knuth's plain Algorithm X: no domination, and the first column with the fewest rows
    /// (no weighing, no conflict weights).
    pub const PLAIN: SearchOptions = SearchOptions {
        domination: false,
        domination_rows: 2,
        weighed_guesses: 0,
        conflict_weights: false,
        restart_nodes: 0,
    };
}

impl SearchOptions {
    /// The default with [`conflict_weights`](Self::conflict_weights) on and restarts after
    /// 5,000 nodes without a solution ([`restart_nodes`](Self::restart_nodes)): for
    /// searches that stop after a few solutions, such as solving a puzzle and proving it
    /// unique, where most of the work is proving subtrees empty.
    /// [`DlxSolver`](crate::DlxSolver) and [`DlxVariantSolver`](crate::DlxVariantSolver) search
    /// with it.
    pub const FEW_SOLUTIONS: SearchOptions = SearchOptions {
        domination: true,
        domination_rows: 2,
        weighed_guesses: 64,
        conflict_weights: true,
        restart_nodes: 5_000,
    };
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            domination: true,
            domination_rows: 2,
            weighed_guesses: 64,
            conflict_weights: false,
            restart_nodes: 0,
        }
    }
}

/// Statistics of the last search of an [`ExactCover`] (for an iterator: so far), and of
/// [`DlxSolver`](crate::DlxSolver)'s last call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CoverStats {
    /// Search nodes: the root plus one for every row tried (required rows not included).
    pub nodes: u64,
    /// Rows tried from a column that had two or more rows: the real choices.
    pub guesses: u64,
    /// Link updates: one for every node unlinked from its column and every column header
    /// unlinked while the search covers columns or removes dominated rows (Knuth's
    /// "updates"; the same number of relinks undo them). Setting up the required rows before
    /// the search is not counted.
    pub updates: u64,
    /// Rows removed by domination (see [`SearchOptions::domination`]).
    pub dominated: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl sudoku_core::Counters for CoverStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("updates", self.updates),
            ("dominated", self.dominated),
            ("solutions", self.solutions),
        ]
    }

    fn accumulate(&mut self, other: &CoverStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.updates += other.updates;
        self.dominated += other.dominated;
        self.solutions += other.solutions;
    }
}

impl ExactCover {
    /// An empty problem with `primary` columns (numbered `0..primary`) that each solution
    /// covers exactly once, then `secondary` columns (numbered `primary..primary +
    /// secondary`) that it covers at most once.
    ///
    /// # Errors
    ///
    /// [`CoverErrorKind::TooManyColumns`](crate::CoverErrorKind::TooManyColumns) when the
    /// columns alone would exceed `u32::MAX` node slots (node indices are at most `u32`).
    pub fn new(primary: usize, secondary: usize) -> Result<ExactCover, CoverError> {
        if Layout::slots(primary, secondary, 0, 1).is_none() {
            return Err(CoverError {
                row: 0,
                kind: CoverErrorKind::TooManyColumns { primary, secondary },
            });
        }
        Ok(ExactCover {
            primary,
            secondary,
            columns: Vec::new(),
            starts: vec![0],
            longest: 0,
            marks: vec![false; primary + secondary],
            engine: None,
            options: SearchOptions::default(),
            required: Vec::new(),
            solution: Vec::new(),
        })
    }

    /// The number of primary columns.
    pub fn primary_columns(&self) -> usize {
        self.primary
    }

    /// The number of secondary columns.
    pub fn secondary_columns(&self) -> usize {
        self.secondary
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.starts.len() - 1
    }

    /// The columns of `row`, in the order they were given, or `None` if there is no such row.
    pub fn row(&self, row: usize) -> Option<impl Iterator<Item = usize> + '_> {
        Some(self.row_columns(row)?.iter().map(|&c| c as usize))
    }

    fn row_columns(&self, row: usize) -> Option<&[u32]> {
        let (&start, &end) = (self.starts.get(row)?, self.starts.get(row + 1)?);
        Some(&self.columns[start as usize..end as usize])
    }

    /// Adds a row covering `columns` and returns its number (rows are numbered from 0 in
    /// the order they are added).
    ///
    /// # Errors
    ///
    /// The row is empty, names a column that does not exist or names a column twice; or
    /// the matrix would grow too large (see [`CoverErrorKind::TooLarge`]). The problem is
    /// unchanged then.
    pub fn add_row(
        &mut self,
        columns: impl IntoIterator<Item = usize>,
    ) -> Result<usize, CoverError> {
        let row = self.rows();
        let first = self.columns.len();
        let all = self.primary + self.secondary;
        let mut fail = None;
        for column in columns {
            if column >= all {
                fail = Some(CoverErrorKind::NoSuchColumn {
                    column,
                    columns: all,
                });
                break;
            }
            if self.marks[column] {
                fail = Some(CoverErrorKind::RepeatedColumn { column });
                break;
            }
            self.marks[column] = true;
            self.columns.push(column as u32);
        }
        for &c in &self.columns[first..] {
            self.marks[c as usize] = false;
        }
        let len = self.columns.len() - first;
        if fail.is_none() && len == 0 {
            fail = Some(CoverErrorKind::EmptyRow);
        }
        let slots = Layout::slots(self.primary, self.secondary, row + 1, self.longest.max(len));
        if fail.is_none() && slots.is_none() {
            fail = Some(CoverErrorKind::TooLarge);
        }
        if let Some(kind) = fail {
            self.columns.truncate(first);
            return Err(CoverError { row, kind });
        }
        self.longest = self.longest.max(len);
        self.starts.push(self.columns.len() as u32);
        Ok(row)
    }

    /// Sets how the searches that follow prune and choose (see [`SearchOptions`]); the
    /// default is [`SearchOptions::default()`], [`SearchOptions::PLAIN`] is Knuth's plain
    /// Algorithm X.
    pub fn set_options(&mut self, options: SearchOptions) -> &mut ExactCover {
        self.options = options;
        self
    }

    /// How searches prune and choose.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// Statistics of the last search.
    pub fn stats(&self) -> CoverStats {
        self.engine
            .as_ref()
            .map_or_else(CoverStats::default, Engine::stats)
    }

    /// The first solution in search order (rows in the order they were chosen), or `None`.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        self.solutions().next()
    }

    /// The number of solutions, counting stops as soon as `limit` are found.
    pub fn count_solutions(&mut self, limit: usize) -> usize {
        self.solutions().count_up_to(limit)
    }

    /// An iterator over every solution, in search order.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.search(&[])
            .expect("no required rows, nothing to reject")
    }

    /// An iterator over the solutions that contain every row of `required` (which appear
    /// first in each solution, in the order given). This is how a partial answer, such as
    /// the givens of a puzzle, is fixed before the search.
    ///
    /// # Errors
    ///
    /// A required row does not exist, or two required rows share a column (then no
    /// solution can contain both).
    pub fn search(&mut self, required: &[usize]) -> Result<Solutions<'_>, CoverError> {
        self.search_within(required, Budget::UNLIMITED)
    }

    /// [`search`](ExactCover::search) within `budget`: the search stops when the budget
    /// runs out (nodes are those of [`CoverStats::nodes`], the root included), and
    /// [`Solutions::exhausted`] then says what ran out.
    ///
    /// ```
    /// use sudoku_dlx::{Budget, ExactCover};
    ///
    /// // Every way to cover 12 columns with rows of one or two neighbouring columns.
    /// let mut cover = ExactCover::new(12, 0)?;
    /// for c in 0..12 {
    ///     cover.add_row([c])?;
    ///     if c + 1 < 12 {
    ///         cover.add_row([c, c + 1])?;
    ///     }
    /// }
    /// let mut solutions = cover.search_within(&[], Budget::nodes(20))?;
    /// let found = solutions.count_up_to(usize::MAX);
    /// assert!(found < 233); // the Fibonacci number F(13): all of them take more nodes
    /// assert!(solutions.exhausted().is_some());
    /// # Ok::<(), sudoku_dlx::CoverError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`search`](ExactCover::search).
    pub fn search_within(
        &mut self,
        required: &[usize],
        budget: Budget,
    ) -> Result<Solutions<'_>, CoverError> {
        let rows = self.rows();
        if required.iter().any(|&row| row >= rows) {
            return Err(self
                .check_required(required)
                .expect_err("a row out of range"));
        }
        if self.engine.as_ref().is_none_or(|e| e.rows() != rows) {
            self.engine = Some(Engine::new(
                self.primary,
                self.secondary,
                &self.columns,
                &self.starts,
            ));
        }
        let engine = self.engine.as_mut().expect("built above");
        // The engine finds two required rows sharing a column as it covers them; the
        // error then names them.
        if !engine.start(required, self.options, budget) {
            return Err(self
                .check_required(required)
                .expect_err("rows sharing a column"));
        }
        let engine = self.engine.as_mut().expect("built above");
        self.required.clear();
        self.required.extend_from_slice(required);
        Ok(Solutions {
            engine,
            required: &self.required,
            solution: &mut self.solution,
        })
    }

    /// Checks that every required row exists and that no two share a column; the error
    /// names the first row at fault.
    fn check_required(&mut self, required: &[usize]) -> Result<(), CoverError> {
        let rows = self.rows();
        let (columns, starts) = (&self.columns, &self.starts);
        let row_columns = |row: usize| &columns[starts[row] as usize..starts[row + 1] as usize];
        let mut conflict = None;
        'rows: for (i, &row) in required.iter().enumerate() {
            if row >= rows {
                conflict = Some(CoverError {
                    row,
                    kind: CoverErrorKind::NoSuchRow { rows },
                });
                break;
            }
            for &c in row_columns(row) {
                if self.marks[c as usize] {
                    let other = required[..i]
                        .iter()
                        .copied()
                        .find(|&r| row_columns(r).contains(&c))
                        .unwrap_or(row);
                    conflict = Some(CoverError {
                        row,
                        kind: CoverErrorKind::ConflictingRows {
                            other,
                            column: c as usize,
                        },
                    });
                    break 'rows;
                }
                self.marks[c as usize] = true;
            }
        }
        for &row in required.iter().filter(|&&r| r < rows) {
            for &c in row_columns(row) {
                self.marks[c as usize] = false;
            }
        }
        conflict.map_or(Ok(()), Err)
    }
}

/// The engine in the narrowest storage that holds the matrix.
#[derive(Clone, Debug)]
enum Engine {
    /// `u16` links, `u8` sizes: at most 65,536 slots, at most 127 rows per column.
    Narrow(Dance<u16, u8>),
    /// `u16` links and sizes: at most 65,536 slots, at most 32,767 rows per column.
    Middle(Dance<u16, u16>),
    /// `u32` links and sizes.
    Wide(Dance<u32, u32>),
}

impl Engine {
    fn new(primary: usize, secondary: usize, columns: &[u32], starts: &[u32]) -> Engine {
        let layout = Layout::new(primary, secondary, columns, starts)
            .expect("add_row keeps the matrix within u32 indices");
        if layout.nodes > 1 << 16 {
            Engine::Wide(Dance::new(layout, columns, starts))
        } else if layout.tallest <= <u8 as Size>::MAX {
            Engine::Narrow(Dance::new(layout, columns, starts))
        } else if layout.tallest <= <u16 as Size>::MAX {
            Engine::Middle(Dance::new(layout, columns, starts))
        } else {
            Engine::Wide(Dance::new(layout, columns, starts))
        }
    }

    fn rows(&self) -> usize {
        match self {
            Engine::Narrow(d) => d.layout().rows,
            Engine::Middle(d) => d.layout().rows,
            Engine::Wide(d) => d.layout().rows,
        }
    }

    fn stats(&self) -> CoverStats {
        match self {
            Engine::Narrow(d) => d.stats(),
            Engine::Middle(d) => d.stats(),
            Engine::Wide(d) => d.stats(),
        }
    }

    fn start(&mut self, required: &[usize], options: SearchOptions, budget: Budget) -> bool {
        match self {
            Engine::Narrow(d) => d.start(required, options, budget),
            Engine::Middle(d) => d.start(required, options, budget),
            Engine::Wide(d) => d.start(required, options, budget),
        }
    }

    fn exhausted(&self) -> Option<Exhausted> {
        match self {
            Engine::Narrow(d) => d.exhausted(),
            Engine::Middle(d) => d.exhausted(),
            Engine::Wide(d) => d.exhausted(),
        }
    }

    fn next(&mut self) -> bool {
        match self {
            Engine::Narrow(d) => d.next(),
            Engine::Middle(d) => d.next(),
            Engine::Wide(d) => d.next(),
        }
    }

    /// Appends the rows the search has chosen to `rows`.
    fn chosen(&self, rows: &mut Vec<usize>) {
        match self {
            Engine::Narrow(d) => rows.extend(d.chosen()),
            Engine::Middle(d) => rows.extend(d.chosen()),
            Engine::Wide(d) => rows.extend(d.chosen()),
        }
    }
}

/// The solutions of an [`ExactCover`] search, found one at a time (the search stops after
/// each and resumes on demand).
///
/// As an [`Iterator`] it yields each solution as a `Vec` of row numbers;
/// [`next_solution`](Solutions::next_solution) and [`count_up_to`](Solutions::count_up_to)
/// avoid that allocation.
#[derive(Debug)]
pub struct Solutions<'a> {
    engine: &'a mut Engine,
    required: &'a [usize],
    solution: &'a mut Vec<usize>,
}

impl Solutions<'_> {
    /// Advances to the next solution and returns its rows (required rows first, then the
    /// rows in the order the search chose them), or `None` when there are no more.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.engine.next() {
            return None;
        }
        self.solution.clear();
        self.solution.extend_from_slice(self.required);
        self.engine.chosen(self.solution);
        Some(self.solution)
    }

    /// Counts the remaining solutions, stopping as soon as `limit` are found.
    pub fn count_up_to(&mut self, limit: usize) -> usize {
        let mut found = 0;
        while found < limit && self.engine.next() {
            found += 1;
        }
        found
    }

    /// Statistics of this search so far.
    pub fn stats(&self) -> CoverStats {
        self.engine.stats()
    }

    /// What ran out, when the budget of [`ExactCover::search_within`] stopped the search
    /// (then no more solutions come, although there may be more); `None` otherwise.
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.engine.exhausted()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use rand::RngExt;
    use rand::seq::SliceRandom;
    use sudoku_core::SeededRng as TestRng;

    use super::*;

    fn knuth() -> ExactCover {
        knuth_with(0)
    }

    /// Knuth's example (7 primary columns, 6 rows, one solution) with `secondary` secondary
    /// columns that no row covers.
    fn knuth_with(secondary: usize) -> ExactCover {
        let mut problem = ExactCover::new(7, secondary).unwrap();
        for row in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            problem.add_row(row.iter().copied()).unwrap();
        }
        problem
    }

    #[test]
    fn knuths_example_has_one_solution() {
        let mut problem = knuth();
        // Plain Algorithm X: Knuth's order (column A first, then D's other row...).
        problem.set_options(SearchOptions::PLAIN);
        let all: Vec<_> = problem.solutions().collect();
        assert_eq!(all, [vec![3, 0, 4]]); // in search order
        let stats = problem.stats();
        assert_eq!(stats.solutions, 1);
        assert!(stats.nodes > 1 && stats.updates > 0);
        assert_eq!(stats.dominated, 0);
        // With domination: both rows of column A (0) cover D (3), so D's row 5 goes first;
        // E is then left with row 0 alone.
        problem.set_options(SearchOptions {
            domination: true,
            ..SearchOptions::PLAIN
        });
        let all: Vec<_> = problem.solutions().collect();
        assert_eq!(all, [vec![0, 4, 3]]);
        let stats = problem.stats();
        assert_eq!((stats.solutions, stats.dominated), (1, 1));
        assert!(stats.nodes < 5, "{stats:?}");
    }

    #[test]
    fn domination_removes_exactly_the_rows_that_miss_the_dominated_column() {
        // Column 0 has rows 0 and 1, both covering column 1, so row 2 ({1, 3}) can be in no
        // solution. Nothing else is dominated.
        let mut problem = ExactCover::new(4, 0).unwrap();
        for row in [&[0, 1][..], &[0, 1, 2], &[1, 3], &[2, 3], &[3], &[2]] {
            problem.add_row(row.iter().copied()).unwrap();
        }
        let mut all: Vec<Vec<usize>> = problem.solutions().collect();
        all.iter_mut().for_each(|s| s.sort_unstable());
        all.sort();
        assert_eq!(all, [vec![0, 3], vec![0, 4, 5], vec![1, 4]]);
        let stats = problem.stats();
        assert_eq!(stats.dominated, 1);
        problem.set_options(SearchOptions::PLAIN);
        assert_eq!(problem.count_solutions(10), 3);
        assert_eq!(problem.stats().dominated, 0);
        // Undone when the search backtracks: a second search finds row 2 again.
        assert_eq!(problem.search(&[2]).unwrap().count_up_to(10), 0);
    }

    #[test]
    fn domination_looks_at_larger_columns_up_to_the_cap() {
        // Column 0 has three rows, all covering column 1, so row 3 ({1, 4}) can be in no
        // solution; with the default cap of two rows nothing is removed.
        let mut problem = ExactCover::new(5, 0).unwrap();
        for row in [
            &[0, 1][..],
            &[0, 1, 2],
            &[0, 1, 3],
            &[1, 4],
            &[2, 3, 4],
            &[4],
        ] {
            problem.add_row(row.iter().copied()).unwrap();
        }
        let count = |problem: &mut ExactCover, rows: usize| {
            problem.set_options(SearchOptions {
                domination_rows: rows,
                ..SearchOptions::default()
            });
            let mut all: Vec<Vec<usize>> = problem.solutions().collect();
            all.iter_mut().for_each(|s| s.sort_unstable());
            all.sort();
            (all, problem.stats().dominated)
        };
        let want = vec![vec![0, 4]];
        assert_eq!(count(&mut problem, 2), (want.clone(), 0));
        assert_eq!(count(&mut problem, 3), (want.clone(), 1));
        assert_eq!(count(&mut problem, usize::MAX), (want.clone(), 1));
        // Below 2, domination is off.
        assert_eq!(count(&mut problem, 1), (want, 0));
    }

    #[test]
    fn a_search_dropped_early_leaves_nothing_behind() {
        // 4 columns in a ring; rows {c} and {c, c + 1}: several solutions.
        let mut problem = ExactCover::new(4, 0).unwrap();
        for c in 0..4 {
            problem.add_row([c]).unwrap();
            problem.add_row([c, (c + 1) % 4]).unwrap();
        }
        let all: Vec<Vec<usize>> = problem.solutions().collect();
        let stats = problem.stats();
        assert!(all.len() > 2);
        for take in 0..all.len() {
            let mut it = problem.solutions();
            for want in &all[..take] {
                assert_eq!(it.next_solution(), Some(&want[..]));
            }
            assert_eq!(problem.solutions().collect::<Vec<_>>(), all, "after {take}");
            assert_eq!(problem.stats(), stats);
        }
    }

    #[test]
    fn required_rows_fix_part_of_the_answer() {
        let mut problem = knuth();
        let mut search = problem.search(&[3]).unwrap();
        assert_eq!(search.next_solution(), Some(&[3, 0, 4][..]));
        assert_eq!(search.next_solution(), None);
        assert_eq!(problem.search(&[1]).unwrap().count_up_to(5), 0);
        assert_eq!(problem.count_solutions(5), 1);
    }

    #[test]
    fn malformed_rows_are_rejected_and_leave_the_problem_unchanged() {
        let mut problem = ExactCover::new(3, 1).unwrap();
        problem.add_row([0, 3]).unwrap();
        let err = problem.add_row([1, 4]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 1: column 4 does not exist (the problem has 4 columns)"
        );
        assert_eq!(err.row(), 1);
        let err = problem.add_row([]).unwrap_err();
        assert_eq!(err.kind(), &CoverErrorKind::EmptyRow);
        let err = problem.add_row([2, 1, 2]).unwrap_err();
        assert_eq!(err.to_string(), "row 1: column 2 appears twice");
        assert_eq!(problem.rows(), 1);
        // The rejected rows left no marks behind: a row naming those columns is fine now.
        assert_eq!(problem.add_row([1, 2]).unwrap(), 1);
        assert_eq!(problem.row(1).unwrap().collect::<Vec<_>>(), [1, 2]);
        assert!(problem.row(2).is_none());
    }

    #[test]
    fn bad_required_rows_are_rejected() {
        let mut problem = knuth();
        let err = problem.search(&[6]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "required row 6 does not exist (the problem has 6 rows)"
        );
        let err = problem.search(&[1, 3]).unwrap_err();
        assert_eq!(err.to_string(), "required rows 1 and 3 both cover column 0");
        let err = problem.search(&[2, 2]).unwrap_err();
        assert_eq!(err.to_string(), "required row 2 is given twice");
        // Rejections leave nothing behind.
        assert_eq!(problem.count_solutions(5), 1);
    }

    #[test]
    fn more_columns_than_u32_indices_is_refused() {
        for (primary, secondary) in [(u32::MAX as usize, 1), (usize::MAX, usize::MAX)] {
            let err = ExactCover::new(primary, secondary).unwrap_err();
            assert!(
                matches!(err.kind(), CoverErrorKind::TooManyColumns { .. }),
                "{err}"
            );
        }
    }

    #[test]
    fn no_primary_columns_means_one_empty_solution() {
        let mut problem = ExactCover::new(0, 2).unwrap();
        problem.add_row([0, 1]).unwrap();
        assert_eq!(problem.first_solution(), Some(vec![]));
        assert_eq!(problem.count_solutions(10), 1);
        assert_eq!(ExactCover::new(0, 0).unwrap().count_solutions(10), 1);
        assert_eq!(ExactCover::new(3, 0).unwrap().count_solutions(10), 0);
    }

    #[test]
    fn rows_added_after_a_search_take_part_in_the_next() {
        let mut problem = knuth_with(3);
        assert_eq!(problem.count_solutions(10), 1);
        problem.add_row([0, 1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(problem.count_solutions(10), 2);
        // A row of 10 columns widens every row's slots to 16: the others count the same.
        problem.add_row(0..10).unwrap();
        assert_eq!(problem.count_solutions(10), 3);
        let mut first = problem.first_solution().unwrap();
        first.sort_unstable();
        assert_eq!(first, [0, 3, 4]);
        // In Knuth's order with the plain algorithm.
        problem.set_options(SearchOptions::PLAIN);
        assert_eq!(problem.first_solution(), Some(vec![3, 0, 4]));
    }

    #[test]
    fn each_matrix_gets_the_narrowest_storage_that_holds_it() {
        // Column 0 has `tall` rows of one column; column 1 one row, and one row covers both.
        let storage = |tall: usize| {
            let mut problem = ExactCover::new(2, 0).unwrap();
            for _ in 0..tall {
                problem.add_row([0]).unwrap();
            }
            problem.add_row([1]).unwrap();
            problem.add_row([0, 1]).unwrap();
            assert_eq!(problem.count_solutions(usize::MAX), tall + 1);
            match problem.engine {
                Some(Engine::Narrow(_)) => "narrow",
                Some(Engine::Middle(_)) => "middle",
                Some(Engine::Wide(_)) => "wide",
                None => "none",
            }
        };
        // Byte sizes count up to 127 rows, u16 sizes to 32,767; u16 links 65,536 slots.
        assert_eq!(storage(126), "narrow");
        assert_eq!(storage(127), "middle");
        assert_eq!(storage(20_000), "middle");
        assert_eq!(storage(40_000), "wide");
    }

    /// The solutions of `problem` with `required` rows by brute force over every subset of
    /// rows (few rows only) that have a primary column, each sorted.
    fn brute_force(problem: &ExactCover, required: &[usize]) -> Vec<Vec<usize>> {
        let (primary, all) = (
            problem.primary_columns(),
            problem.primary_columns() + problem.secondary_columns(),
        );
        let rows = problem.rows();
        let mut found = Vec::new();
        for subset in 0u32..1 << rows {
            let chosen: Vec<usize> = (0..rows).filter(|&r| subset >> r & 1 == 1).collect();
            let primary_in = |r: usize| problem.row(r).unwrap().any(|c| c < primary);
            if !required.iter().all(|r| chosen.contains(r))
                || !chosen.iter().all(|&r| primary_in(r))
            {
                continue;
            }
            let mut covered = vec![0; all];
            for &r in &chosen {
                for c in problem.row(r).unwrap() {
                    covered[c] += 1;
                }
            }
            if covered[..primary].iter().all(|&n| n == 1) && covered.iter().all(|&n| n <= 1) {
                found.push(chosen);
            }
        }
        found
    }

    /// A random problem: up to 9 primary and 3 secondary columns, up to 14 rows of 1 to all
    /// columns (mixed lengths: padded slots; rows longer than 8: the code for any width).
    fn random_problem(rng: &mut TestRng) -> ExactCover {
        let primary = rng.random_range(0..10);
        let secondary = rng.random_range(0..4);
        let all = primary + secondary;
        let mut problem = ExactCover::new(primary, secondary).unwrap();
        if all == 0 {
            return problem;
        }
        let uniform = rng.random_range(0..3) == 0;
        let fixed_len = 1 + rng.random_range(0..all.min(8));
        for _ in 0..rng.random_range(0..15) {
            let len = if uniform {
                fixed_len
            } else {
                1 + rng.random_range(0..all)
            };
            let mut columns: Vec<usize> = (0..all).collect();
            columns.shuffle(rng);
            columns.truncate(len);
            problem.add_row(columns).unwrap();
        }
        problem
    }

    /// The option sets the random problems run with: the default, Knuth's plain algorithm,
    /// the default with conflict weights and restarts, domination at any size with them,
    /// and restarts after every few nodes.
    fn option_sets() -> [SearchOptions; 5] {
        let wide = SearchOptions {
            domination_rows: usize::MAX,
            ..SearchOptions::FEW_SOLUTIONS
        };
        let eager = SearchOptions {
            restart_nodes: 2,
            ..SearchOptions::FEW_SOLUTIONS
        };
        [
            SearchOptions::default(),
            SearchOptions::PLAIN,
            SearchOptions::FEW_SOLUTIONS,
            wide,
            eager,
        ]
    }

    /// Builds `problem`'s engine in storage `storage`: 0 byte sizes, 1 `u16` sizes, 2 `u32`
    /// links and sizes, whatever the matrix would get.
    fn use_storage(problem: &mut ExactCover, storage: usize) {
        let (columns, starts) = (&problem.columns, &problem.starts);
        let layout = Layout::new(problem.primary, problem.secondary, columns, starts).unwrap();
        problem.engine = Some(match storage {
            0 => Engine::Narrow(Dance::new(layout, columns, starts)),
            1 => Engine::Middle(Dance::new(layout, columns, starts)),
            _ => Engine::Wide(Dance::new(layout, columns, starts)),
        });
    }

    /// Every solution the engine reports, sorted, for every storage and each of
    /// [`option_sets`]; also the statistics of each set.
    fn engine_solutions(
        problem: &mut ExactCover,
        required: &[usize],
    ) -> (Vec<Vec<usize>>, [CoverStats; 5]) {
        let mut all = Vec::new();
        let sets = option_sets();
        for (storage, options) in (0..3).flat_map(|s| sets.map(|o| (s, o))) {
            use_storage(problem, storage);
            problem.set_options(options);
            let mut search = problem.search(required).unwrap();
            let mut found = Vec::new();
            while let Some(rows) = search.next_solution() {
                assert_eq!(&rows[..required.len()], required);
                let mut rows = rows.to_vec();
                rows.sort_unstable();
                found.push(rows);
            }
            assert_eq!(search.stats().solutions, found.len() as u64);
            found.sort();
            all.push((found, problem.stats()));
        }
        problem.set_options(SearchOptions::default());
        let n = sets.len();
        // Every storage walks the same tree.
        for storage in 1..3 {
            assert_eq!(all[..n], all[n * storage..n * (storage + 1)]);
        }
        // The options change the tree, never the solutions.
        for other in &all[1..n] {
            assert_eq!(all[0].0, other.0);
        }
        assert_eq!(all[1].1.dominated, 0);
        let stats = [0, 1, 2, 3, 4].map(|k| all[k].1);
        (all.swap_remove(0).0, stats)
    }

    /// The engine itself finds required rows that share a column (as it covers them): on
    /// random problems and random sets of required rows, in every storage, a search is
    /// refused exactly when two of them share a column or one is given twice, with the error
    /// that names the first row at fault, and a refused search leaves nothing behind (the
    /// next one finds what a fresh problem finds).
    #[test]
    fn required_rows_that_share_a_column_are_refused() {
        let mut rng = sudoku_core::seeded_rng(59);
        let (mut refused, mut searched) = (0, 0);
        for case in 0..300 {
            let mut problem = random_problem(&mut rng);
            let rows = problem.rows();
            if rows == 0 {
                continue;
            }
            let fresh = problem.clone();
            for storage in 0..3 {
                use_storage(&mut problem, storage);
                for _ in 0..4 {
                    let required: Vec<usize> = (0..rng.random_range(1..4))
                        .map(|_| rng.random_range(0..rows))
                        .collect();
                    // Which row is at fault, found the plain way: the first that meets a
                    // column of an earlier one.
                    let fault = required.iter().enumerate().find_map(|(i, &row)| {
                        let earlier = &required[..i];
                        problem.row(row).unwrap().find_map(|c| {
                            let other = earlier
                                .iter()
                                .copied()
                                .find(|&r| problem.row(r).unwrap().any(|d| d == c))?;
                            Some((row, other, c))
                        })
                    });
                    match (problem.search(&required), fault) {
                        (Err(err), Some((row, other, column))) => {
                            assert_eq!(err.row(), row, "case {case}");
                            assert_eq!(
                                err.kind(),
                                &CoverErrorKind::ConflictingRows { other, column },
                                "case {case}"
                            );
                            refused += 1;
                        }
                        (Ok(mut search), None) => {
                            search.count_up_to(usize::MAX);
                            searched += 1;
                        }
                        (result, fault) => {
                            panic!(
                                "case {case}: {required:?} gave {:?}, fault {fault:?}",
                                result.err()
                            )
                        }
                    }
                    let mut fresh = fresh.clone();
                    let want = brute_force(&fresh, &[]).len();
                    assert_eq!(problem.count_solutions(usize::MAX), want, "case {case}");
                    assert_eq!(fresh.count_solutions(usize::MAX), want, "case {case}");
                    assert_eq!(problem.stats(), fresh.stats(), "case {case}");
                }
            }
        }
        assert!(refused > 300 && searched > 300, "{refused} {searched}");
    }

    #[test]
    fn random_problems_agree_with_brute_force_in_every_layout() {
        let mut rng = sudoku_core::seeded_rng(31);
        let (mut some, mut several, mut dominated, mut wider) = (0, 0, 0, 0);
        for case in 0..400 {
            let mut problem = random_problem(&mut rng);
            let mut want = brute_force(&problem, &[]);
            want.sort();
            let (got, stats) = engine_solutions(&mut problem, &[]);
            assert_eq!(got, want, "case {case}: {problem:?}");
            dominated += usize::from(stats[0].dominated > 0);
            wider += usize::from(stats[3].dominated > stats[2].dominated);
            some += usize::from(!want.is_empty());
            several += usize::from(want.len() > 1);
            // With the first row of a solution required.
            if let Some(first) = want.first().map(|s| s.first().copied()) {
                let required: Vec<usize> = first.into_iter().collect();
                let mut want = brute_force(&problem, &required);
                want.sort();
                assert_eq!(
                    engine_solutions(&mut problem, &required).0,
                    want,
                    "case {case}"
                );
            }
        }
        assert!(
            some > 100 && several > 30 && dominated > 20 && wider > 5,
            "{some} {several} {dominated} {wider}"
        );
    }

    /// Larger random problems (too many rows for brute force): every option set finds the
    /// same solutions, each an exact cover, in every storage; conflict weights change the
    /// tree of many, and so do restarts every few nodes (each solution still found once).
    #[test]
    fn larger_random_problems_agree_across_options() {
        let mut rng = sudoku_core::seeded_rng(47);
        let (mut weighted, mut restarted, mut some) = (0, 0, 0);
        for case in 0..120 {
            let primary = rng.random_range(12..24);
            let mut problem = ExactCover::new(primary, 2).unwrap();
            // A planted solution (a partition of the columns into rows of 1 to 4), then
            // random rows of 2 to 4 columns.
            let mut columns: Vec<usize> = (0..primary).collect();
            columns.shuffle(&mut rng);
            while !columns.is_empty() {
                let len = rng.random_range(1..5).min(columns.len());
                problem.add_row(columns.drain(..len)).unwrap();
            }
            for _ in 0..rng.random_range(30..70) {
                let mut row: Vec<usize> = (0..primary + 2).collect();
                row.shuffle(&mut rng);
                row.truncate(rng.random_range(2..5));
                problem.add_row(row).unwrap();
            }
            let (found, stats) = engine_solutions(&mut problem, &[]);
            for solution in &found {
                let mut covered = vec![0; primary + 2];
                for &r in solution {
                    problem.row(r).unwrap().for_each(|c| covered[c] += 1);
                }
                assert!(covered[..primary].iter().all(|&n| n == 1), "case {case}");
                assert!(covered.iter().all(|&n| n <= 1), "case {case}");
            }
            some += usize::from(!found.is_empty());
            weighted += usize::from(stats[0].nodes != stats[2].nodes);
            restarted += usize::from(stats[4].nodes != stats[2].nodes);
        }
        assert!(
            some == 120 && weighted > 60 && restarted > 60,
            "{some} {weighted} {restarted}"
        );
    }

    /// The byte-size storage takes the first column of one row without the minimum while
    /// no column is empty; the wider storages always take the minimum. On the Sudoku
    /// matrix, whose searches are mostly forced, every storage must walk the same tree
    /// (the same solutions in the same order and the same statistics) for puzzles with one
    /// solution, several, none (a wrong given) and clashing givens, under every option set.
    #[test]
    fn the_sudoku_matrix_walks_the_same_tree_in_every_storage() {
        let mut problem = crate::encoding::exact_cover();
        let (mut several, mut none, mut clashes, mut forced) = (0, 0, 0, 0);
        for seed in 0..160u64 {
            let mut puzzle = sudoku_testing::random_puzzle(9000 + seed, 17 + seed as usize % 30);
            match seed % 4 {
                // A wrong digit in a blank cell: a clash, or often no solution.
                1 | 2 => {
                    let cell = (0..81).find(|&c| puzzle[c] == 0).unwrap();
                    puzzle.set(cell, 1 + (seed / 4 % 9) as u8);
                }
                _ => {}
            }
            let givens = crate::encoding::given_rows(&puzzle);
            for options in option_sets() {
                let mut walks = Vec::new();
                for storage in 0..3 {
                    use_storage(&mut problem, storage);
                    problem.set_options(options);
                    let walk = match problem.search_within(&givens, Budget::nodes(200_000)) {
                        Err(err) => Err(err),
                        Ok(mut search) => {
                            let mut found = Vec::new();
                            while found.len() < 10
                                && let Some(rows) = search.next_solution()
                            {
                                found.push(rows.to_vec());
                            }
                            Ok((found, search.stats()))
                        }
                    };
                    walks.push(walk);
                }
                assert_eq!(walks[0], walks[1], "seed {seed}: {puzzle} {options:?}");
                assert_eq!(walks[0], walks[2], "seed {seed}: {puzzle} {options:?}");
                match &walks[0] {
                    Err(_) => clashes += 1,
                    Ok((found, stats)) => {
                        several += usize::from(found.len() > 1);
                        none += usize::from(found.is_empty());
                        forced += usize::from(stats.nodes > 2 * stats.guesses + 20);
                    }
                }
            }
        }
        assert!(
            several > 100 && none > 20 && clashes > 20 && forced > 300,
            "{several} {none} {clashes} {forced}"
        );
    }
}
