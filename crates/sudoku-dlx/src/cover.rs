//! The generic exact-cover engine: Knuth's Algorithm X with dancing links held in index
//! arrays.
//!
//! The matrix is a set of circular doubly linked lists threaded through flat `Vec<u32>`
//! arrays (`left`, `right`, `up`, `down`, `col`): node 0 is the root, nodes `1..=columns` are
//! the column headers, and every row's nodes follow, contiguous. Covering a column unlinks
//! its header and every row that meets it; uncovering relinks them in reverse order, so the
//! matrix is exactly as it was after every search.

use std::fmt;

/// The root node: the head of the list of active primary columns.
const ROOT: u32 = 0;

/// An exact-cover problem: columns (primary ones, which every solution covers exactly
/// once, and secondary ones, which it covers at most once) and rows, each a set of columns.
/// A solution is a set of rows that covers every primary column exactly once and no
/// secondary column twice.
///
/// Build it with [`new`](ExactCover::new) and [`add_row`](ExactCover::add_row), then search
/// as often as you like: [`first_solution`](ExactCover::first_solution),
/// [`count_solutions`](ExactCover::count_solutions), [`solutions`](ExactCover::solutions)
/// (an iterator), or [`search`](ExactCover::search) with rows that must be part of the
/// answer. Every search leaves the matrix as it found it, even when an iterator is dropped
/// early.
///
/// The search chooses, at each step, the primary column with the fewest remaining rows
/// (the first such column on ties) and tries its rows top to bottom, so results come in a
/// fixed order.
///
/// ```
/// use sudoku_dlx::ExactCover;
///
/// // Knuth's example: 7 columns, 6 rows, one solution (rows 0, 3 and 4).
/// let mut problem = ExactCover::new(7, 0);
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
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The header node of each node's column (a header's own index for headers).
    col: Vec<u32>,
    /// The row of each row node (unused for the root and headers).
    row_of: Vec<u32>,
    /// The first node of each row, plus one entry past the last row.
    row_start: Vec<u32>,
    /// Remaining rows of each column, indexed by header node.
    size: Vec<u32>,
    /// Scratch marks per column for checking required rows, kept to avoid allocating.
    marks: Vec<bool>,
    stats: CoverStats,
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
    /// unlinked while the search covers columns (Knuth's "updates"; the same number of
    /// relinks undo them). Covering the required rows before the search is not counted.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl sudoku_core::Counters for CoverStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("updates", self.updates),
            ("solutions", self.solutions),
        ]
    }

    fn accumulate(&mut self, other: &CoverStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.updates += other.updates;
        self.solutions += other.solutions;
    }
}

impl ExactCover {
    /// An empty problem with `primary` columns (numbered `0..primary`) that each solution
    /// covers exactly once, then `secondary` columns (numbered `primary..primary +
    /// secondary`) that it covers at most once.
    ///
    /// # Panics
    ///
    /// If there are `u32::MAX` columns or more (node indices are `u32`).
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        let headers = primary + secondary;
        let nodes = headers + 1;
        let mut problem = ExactCover {
            primary,
            secondary,
            left: Vec::with_capacity(nodes),
            right: Vec::with_capacity(nodes),
            up: Vec::with_capacity(nodes),
            down: Vec::with_capacity(nodes),
            col: Vec::with_capacity(nodes),
            row_of: Vec::with_capacity(nodes),
            row_start: vec![to_u32(nodes)],
            size: vec![0; nodes],
            marks: vec![false; nodes],
            stats: CoverStats::default(),
        };
        for node in 0..nodes {
            let n = to_u32(node);
            // The root and the primary headers form one circular list; each secondary header
            // is a list of its own, so the search never chooses it.
            let (l, r) = if node <= primary {
                (
                    if node == 0 { to_u32(primary) } else { n - 1 },
                    if node == primary { ROOT } else { n + 1 },
                )
            } else {
                (n, n)
            };
            problem.left.push(l);
            problem.right.push(r);
            problem.up.push(n);
            problem.down.push(n);
            problem.col.push(n);
            problem.row_of.push(u32::MAX);
        }
        problem
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
        self.row_start.len() - 1
    }

    /// The columns of `row`, in the order they were given, or `None` if there is no such row.
    pub fn row(&self, row: usize) -> Option<impl Iterator<Item = usize> + '_> {
        let range = self.row_start.get(row)?..self.row_start.get(row + 1)?;
        Some((*range.start..*range.end).map(|node| self.col[node as usize] as usize - 1))
    }

    /// Adds a row covering `columns` and returns its number (rows are numbered from 0 in
    /// the order they are added).
    ///
    /// # Errors
    ///
    /// The row is empty, names a column that does not exist or names a column twice; or
    /// the matrix would exceed `u32::MAX` nodes. The problem is unchanged then.
    pub fn add_row(
        &mut self,
        columns: impl IntoIterator<Item = usize>,
    ) -> Result<usize, CoverError> {
        let row = self.rows();
        let first = self.col.len();
        let headers = self.primary + self.secondary;
        let fail = |problem: &mut ExactCover, kind| {
            for &c in &problem.col[first..] {
                problem.marks[c as usize] = false;
            }
            problem.col.truncate(first);
            Err(CoverError { row, kind })
        };
        for column in columns {
            if column >= headers {
                return fail(
                    self,
                    CoverErrorKind::NoSuchColumn {
                        column,
                        columns: headers,
                    },
                );
            }
            if self.col.len() >= u32::MAX as usize - 1 {
                return fail(self, CoverErrorKind::TooLarge);
            }
            let header = column + 1;
            if self.marks[header] {
                return fail(self, CoverErrorKind::RepeatedColumn { column });
            }
            self.marks[header] = true;
            self.col.push(to_u32(header));
        }
        let end = self.col.len();
        if end == first {
            return fail(self, CoverErrorKind::EmptyRow);
        }
        for node in first..end {
            let header = self.col[node] as usize;
            self.marks[header] = false;
            let n = to_u32(node);
            let last = self.up[header];
            self.up.push(last);
            self.down.push(to_u32(header));
            self.down[last as usize] = n;
            self.up[header] = n;
            self.size[header] += 1;
            self.left.push(if node == first {
                to_u32(end - 1)
            } else {
                n - 1
            });
            self.right.push(if node == end - 1 {
                to_u32(first)
            } else {
                n + 1
            });
            self.row_of.push(to_u32(row));
        }
        self.row_start.push(to_u32(end));
        Ok(row)
    }

    /// Statistics of the last search.
    pub fn stats(&self) -> CoverStats {
        self.stats
    }

    /// The first solution in search order (rows in the order they were chosen), or `None`.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        self.solutions().next()
    }

    /// The number of solutions, counting stops as soon as `limit` are found.
    pub fn count_solutions(&mut self, limit: u64) -> u64 {
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
        let rows = self.rows();
        let mut conflict = None;
        'rows: for (i, &row) in required.iter().enumerate() {
            if row >= rows {
                conflict = Some(CoverError {
                    row,
                    kind: CoverErrorKind::NoSuchRow { rows },
                });
                break;
            }
            for node in self.row_start[row]..self.row_start[row + 1] {
                let header = self.col[node as usize] as usize;
                if self.marks[header] {
                    let other = required[..i]
                        .iter()
                        .copied()
                        .find(|&r| self.row_cols(r).any(|h| h as usize == header))
                        .unwrap_or(row);
                    conflict = Some(CoverError {
                        row,
                        kind: CoverErrorKind::ConflictingRows {
                            other,
                            column: header - 1,
                        },
                    });
                    break 'rows;
                }
                self.marks[header] = true;
            }
        }
        for &row in required.iter().filter(|&&r| r < rows) {
            for node in self.row_start[row]..self.row_start[row + 1] {
                self.marks[self.col[node as usize] as usize] = false;
            }
        }
        if let Some(err) = conflict {
            return Err(err);
        }
        for &row in required {
            for node in self.row_start[row]..self.row_start[row + 1] {
                self.cover(self.col[node as usize]);
            }
        }
        self.stats = CoverStats {
            nodes: 1,
            ..CoverStats::default()
        };
        Ok(Solutions {
            required: required.iter().map(|&r| to_u32(r)).collect(),
            dlx: self,
            stack: Vec::new(),
            phase: Phase::Enter,
            solution: Vec::new(),
        })
    }

    fn row_cols(&self, row: usize) -> impl Iterator<Item = u32> + '_ {
        (self.row_start[row]..self.row_start[row + 1]).map(|n| self.col[n as usize])
    }

    /// Unlinks column `c` (a header node) and every row that meets it from the other
    /// columns.
    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut updates = 1;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let ju = j as usize;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[ju] as usize] -= 1;
                updates += 1;
                j = self.right[ju];
            }
            i = self.down[i as usize];
        }
        self.stats.updates += updates;
    }

    /// Undoes [`cover`](Self::cover) of column `c`, relinking in exactly the reverse order.
    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                let ju = j as usize;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                self.size[self.col[ju] as usize] += 1;
                j = self.left[ju];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// The active primary column with the fewest rows (the first on ties), or `None` when
    /// every primary column is covered.
    fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut best_size = u32::MAX;
        let mut c = self.right[ROOT as usize];
        while c != ROOT {
            let s = self.size[c as usize];
            if s < best_size {
                best_size = s;
                best = Some(c);
                if s == 0 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).expect("node count checked against u32::MAX")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A new level: report a solution or choose a column.
    Enter,
    /// Try the row at the top of the stack (or finish the column if exhausted).
    Try,
    /// Undo the row at the top of the stack and move to the next row of its column.
    Backtrack,
    /// The search is over.
    Done,
}

/// The solutions of an [`ExactCover`] search, found one at a time (Algorithm X run as an
/// explicit state machine, so it can stop after any solution and resume).
///
/// As an [`Iterator`] it yields each solution as a `Vec` of row numbers;
/// [`next_solution`](Solutions::next_solution) and [`count_up_to`](Solutions::count_up_to)
/// avoid that allocation. Dropping it restores the matrix.
#[derive(Debug)]
pub struct Solutions<'a> {
    dlx: &'a mut ExactCover,
    required: Vec<u32>,
    /// The row node chosen at each level.
    stack: Vec<u32>,
    phase: Phase,
    solution: Vec<usize>,
}

impl Solutions<'_> {
    /// Advances to the next solution and returns its rows (required rows first, then the
    /// rows in the order the search chose them), or `None` when there are no more.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance() {
            return None;
        }
        self.solution.clear();
        self.solution
            .extend(self.required.iter().map(|&r| r as usize));
        let row_of = &self.dlx.row_of;
        self.solution
            .extend(self.stack.iter().map(|&x| row_of[x as usize] as usize));
        Some(&self.solution)
    }

    /// Counts the remaining solutions, stopping as soon as `limit` are found.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit && self.advance() {
            found += 1;
        }
        found
    }

    /// Statistics of this search so far.
    pub fn stats(&self) -> CoverStats {
        self.dlx.stats
    }

    /// Runs the search to the next solution; `true` when one is on the stack.
    fn advance(&mut self) -> bool {
        let dlx = &mut *self.dlx;
        loop {
            match self.phase {
                Phase::Enter => {
                    let Some(c) = dlx.choose() else {
                        dlx.stats.solutions += 1;
                        self.phase = Phase::Backtrack;
                        return true;
                    };
                    if dlx.size[c as usize] == 0 {
                        // A dead end: nothing to cover, go straight back.
                        self.phase = Phase::Backtrack;
                        continue;
                    }
                    dlx.cover(c);
                    self.stack.push(dlx.down[c as usize]);
                    self.phase = Phase::Try;
                }
                Phase::Try => {
                    let Some(&x) = self.stack.last() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    let c = dlx.col[x as usize];
                    if x == c {
                        dlx.uncover(c);
                        self.stack.pop();
                        self.phase = Phase::Backtrack;
                        continue;
                    }
                    dlx.stats.nodes += 1;
                    if dlx.size[c as usize] >= 2 {
                        dlx.stats.guesses += 1;
                    }
                    let mut j = dlx.right[x as usize];
                    while j != x {
                        dlx.cover(dlx.col[j as usize]);
                        j = dlx.right[j as usize];
                    }
                    self.phase = Phase::Enter;
                }
                Phase::Backtrack => {
                    let Some(x) = self.stack.last_mut() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    let row = *x;
                    let mut j = dlx.left[row as usize];
                    while j != row {
                        dlx.uncover(dlx.col[j as usize]);
                        j = dlx.left[j as usize];
                    }
                    *x = dlx.down[row as usize];
                    self.phase = Phase::Try;
                }
                Phase::Done => return false,
            }
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        let dlx = &mut *self.dlx;
        // Every row on the stack has its other columns covered, and its own column too.
        while let Some(x) = self.stack.pop() {
            let mut j = dlx.left[x as usize];
            while j != x {
                dlx.uncover(dlx.col[j as usize]);
                j = dlx.left[j as usize];
            }
            dlx.uncover(dlx.col[x as usize]);
        }
        for &row in self.required.iter().rev() {
            let (first, end) = (dlx.row_start[row as usize], dlx.row_start[row as usize + 1]);
            for node in (first..end).rev() {
                dlx.uncover(dlx.col[node as usize]);
            }
        }
    }
}

/// A malformed exact-cover problem or search: which row, and what is wrong with it.
///
/// Messages read like `row 3: column 12 does not exist (the problem has 10 columns)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverError {
    row: usize,
    kind: CoverErrorKind,
}

/// What is wrong, for programs that react to a [`CoverError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverErrorKind {
    /// A row has no columns.
    EmptyRow,
    /// A row names a column that does not exist.
    NoSuchColumn {
        /// The column named.
        column: usize,
        /// How many columns (primary and secondary) the problem has.
        columns: usize,
    },
    /// A row names the same column twice.
    RepeatedColumn {
        /// The column named twice.
        column: usize,
    },
    /// The matrix would have more than `u32::MAX` nodes.
    TooLarge,
    /// A required row does not exist.
    NoSuchRow {
        /// How many rows the problem has.
        rows: usize,
    },
    /// Two required rows share a column, so no solution holds both.
    ConflictingRows {
        /// The earlier required row it conflicts with.
        other: usize,
        /// A column both cover.
        column: usize,
    },
}

impl CoverError {
    /// What is wrong.
    pub fn kind(&self) -> &CoverErrorKind {
        &self.kind
    }

    /// The row at fault: the row being added, or the required row that was rejected.
    pub fn row(&self) -> usize {
        self.row
    }
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = self.row;
        match self.kind {
            CoverErrorKind::EmptyRow => write!(f, "row {row}: empty row (no columns)"),
            CoverErrorKind::NoSuchColumn { column, columns } => write!(
                f,
                "row {row}: column {column} does not exist (the problem has {columns} columns)"
            ),
            CoverErrorKind::RepeatedColumn { column } => {
                write!(f, "row {row}: column {column} appears twice")
            }
            CoverErrorKind::TooLarge => {
                write!(f, "row {row}: the matrix would exceed {} nodes", u32::MAX)
            }
            CoverErrorKind::NoSuchRow { rows } => write!(
                f,
                "required row {row} does not exist (the problem has {rows} rows)"
            ),
            CoverErrorKind::ConflictingRows { other, .. } if other == row => {
                write!(f, "required row {row} is given twice")
            }
            CoverErrorKind::ConflictingRows { other, column } => write!(
                f,
                "required rows {other} and {row} both cover column {column}"
            ),
        }
    }
}

impl std::error::Error for CoverError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> ExactCover {
        let mut problem = ExactCover::new(7, 0);
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

    /// The whole link structure, to check that searches restore it exactly.
    fn snapshot(p: &ExactCover) -> Vec<Vec<u32>> {
        vec![
            p.left.clone(),
            p.right.clone(),
            p.up.clone(),
            p.down.clone(),
            p.size.clone(),
        ]
    }

    #[test]
    fn knuths_example_has_one_solution() {
        let mut problem = knuth();
        let before = snapshot(&problem);
        let all: Vec<_> = problem.solutions().collect();
        assert_eq!(all, [vec![3, 0, 4]]); // in search order
        assert_eq!(snapshot(&problem), before);
        let stats = problem.stats();
        assert_eq!(stats.solutions, 1);
        assert!(stats.nodes > 1 && stats.updates > 0);
    }

    #[test]
    fn dropping_an_iterator_early_restores_the_matrix() {
        // 4 columns, every pair of rows {a}, {b} ... has many solutions.
        let mut problem = ExactCover::new(4, 0);
        for c in 0..4 {
            problem.add_row([c]).unwrap();
            problem.add_row([c, (c + 1) % 4]).unwrap();
        }
        let before = snapshot(&problem);
        let total = problem.count_solutions(u64::MAX);
        assert!(total > 2);
        for take in 0..total as usize {
            let mut it = problem.solutions();
            for _ in 0..take {
                assert!(it.next_solution().is_some());
            }
            drop(it);
            assert_eq!(snapshot(&problem), before, "after taking {take}");
        }
    }

    #[test]
    fn required_rows_fix_part_of_the_answer() {
        let mut problem = knuth();
        let mut search = problem.search(&[3]).unwrap();
        assert_eq!(search.next_solution(), Some(&[3, 0, 4][..]));
        assert_eq!(search.next_solution(), None);
        drop(search);
        assert_eq!(problem.search(&[1]).unwrap().count_up_to(5), 0);
        assert_eq!(problem.count_solutions(5), 1);
    }

    #[test]
    fn malformed_rows_are_rejected_and_leave_the_problem_unchanged() {
        let mut problem = ExactCover::new(3, 1);
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
    fn no_primary_columns_means_one_empty_solution() {
        let mut problem = ExactCover::new(0, 2);
        problem.add_row([0, 1]).unwrap();
        assert_eq!(problem.first_solution(), Some(vec![]));
        assert_eq!(problem.count_solutions(10), 1);
    }
}
