//! The Sudoku matrix as dancing links tuned for speed: the same Algorithm X as
//! [`ExactCover`](crate::ExactCover), on the fixed 729 x 324 matrix.
//!
//! What differs from the generic engine, and why:
//! - every row has exactly four nodes, stored contiguously at a 4-aligned index, so a row
//!   needs no left/right links: its nodes are `base..base + 4`;
//! - a node is three `u16`s (up, down, column) in three arrays, so each is one load with
//!   a scaled index: 3,240 nodes in 19 KB, the whole matrix sits in the L1 cache;
//! - node and column indices are `u16` and the arrays they index have 65,536 entries (of
//!   which only the first few thousand are ever touched), so the inner loops need neither
//!   bounds checks nor masks;
//! - column sizes are bytes, with bit 7 set while a column is covered; the fewest-rows
//!   choice is a branch-free minimum over the 336 size bytes (it vectorises) and a search
//!   for the first byte of that size eight bytes at a time. Keeping sets of the columns
//!   with 0 or 1 rows up to date instead cost a data-dependent branch on every link update,
//!   and the mispredictions cost more than the scan;
//! - the loops over a column's rows are counted by its size, not run until the header
//!   comes round again, so their exit does not wait on a chain of link loads;
//! - the full matrix is a constant; a search starts by copying its links (13 KB) and
//!   removing the rows that clash with the givens directly (each such row unlinked once),
//!   and does not need to undo anything when it ends.
//!
//! The choices (the first column with the fewest rows, rows top to bottom) and so the
//! search tree and statistics are exactly those of the generic engine on the
//! [`encoding`](crate::encoding) matrix.

use sudoku_core::{BOX_OF, COL_OF, Grid, ROW_OF};

use crate::encoding;

/// Column headers are nodes `0..HEADERS`.
const HEADERS: usize = encoding::COLUMNS;
/// Every node: the headers, then 4 per row (row `r` at `HEADERS + 4r`, 4-aligned).
const NODES: usize = HEADERS + 4 * encoding::ROWS;
/// Arrays indexed by a `u16` have this many entries: no index can be out of bounds.
const SLOTS: usize = 1 << 16;
/// Bit 7 of a size byte: the column is covered.
const COVERED: u8 = 0x80;
/// Column sizes scanned by the column choice: the 324 columns and padding that is never
/// touched (`u8::MAX`), to a multiple of 16 bytes so the scan vectorises.
const SCANNED: usize = HEADERS.next_multiple_of(16);

/// The full matrix: every column lists its 9 rows in row order.
static FULL: Nodes = {
    let mut nodes = Nodes {
        up: [0; NODES],
        down: [0; NODES],
        col: [0; NODES],
    };
    let mut c = 0;
    while c < HEADERS {
        nodes.up[c] = c as u16;
        nodes.down[c] = c as u16;
        nodes.col[c] = c as u16;
        c += 1;
    }
    let mut row = 0;
    while row < encoding::ROWS {
        let (cell, digit) = encoding::placement(row);
        let columns = encoding::columns(cell, digit);
        let mut k = 0;
        while k < 4 {
            let n = row_node(row) + k;
            let c = columns[k];
            let last = nodes.up[c];
            nodes.up[n] = last;
            nodes.down[n] = c as u16;
            nodes.col[n] = c as u16;
            nodes.down[last as usize] = n as u16;
            nodes.up[c] = n as u16;
            k += 1;
        }
        row += 1;
    }
    nodes
};

/// The links and columns of every node of the full matrix.
struct Nodes {
    up: [u16; NODES],
    down: [u16; NODES],
    col: [u16; NODES],
}

/// The row, column and box of `cell` as unit numbers 0-8, 9-17 and 18-26.
#[inline(always)]
fn units(cell: usize) -> [usize; 3] {
    [
        ROW_OF[cell] as usize,
        9 + COL_OF[cell] as usize,
        18 + BOX_OF[cell] as usize,
    ]
}

/// The first node of row `row`.
const fn row_node(row: usize) -> usize {
    HEADERS + 4 * row
}

/// One level of the search: the column chosen and the row node being tried.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    col: u16,
    node: u16,
}

/// What a search reports besides its count.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    pub(crate) nodes: u64,
    pub(crate) guesses: u64,
    pub(crate) updates: u64,
}

/// The Sudoku matrix in dancing links, allocated once; each search restores the full
/// matrix, removes the rows that clash with the givens and runs.
#[derive(Clone)]
pub(crate) struct Matrix {
    /// Each node's up link; only `..NODES` is used.
    up: Box<[u16; SLOTS]>,
    /// Each node's down link.
    down: Box<[u16; SLOTS]>,
    /// Each node's column (constant).
    col: Box<[u16; SLOTS]>,
    /// Rows left in each column (only `..HEADERS` is used); `COVERED` set while covered.
    size: Box<[u8; SLOTS]>,
    stack: [Level; 81],
    counters: Counters,
}

impl std::fmt::Debug for Matrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matrix")
            .field("counters", &self.counters)
            .finish_non_exhaustive()
    }
}

impl Matrix {
    /// The full matrix.
    pub(crate) fn new() -> Matrix {
        let slots = || -> Box<[u16; SLOTS]> {
            vec![0; SLOTS]
                .into_boxed_slice()
                .try_into()
                .expect("SLOTS entries")
        };
        let mut col = slots();
        col[..NODES].copy_from_slice(&FULL.col);
        let size: Box<[u8; SLOTS]> = vec![u8::MAX; SLOTS]
            .into_boxed_slice()
            .try_into()
            .expect("SLOTS entries");
        let mut matrix = Matrix {
            up: slots(),
            down: slots(),
            col,
            size,
            stack: [Level::default(); 81],
            counters: Counters::default(),
        };
        matrix.restore();
        matrix
    }

    /// The counters of the last search.
    pub(crate) fn counters(&self) -> Counters {
        self.counters
    }

    /// Counts the solutions of `puzzle` (whose givens must not clash) up to `limit` (at
    /// least 1), and writes the first into `first` when there is one.
    pub(crate) fn search(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        first: &mut Option<Grid>,
    ) -> usize {
        self.restore();
        self.remove_givens(puzzle);
        self.run(limit, puzzle, first)
    }

    /// Back to the full matrix, whatever state the last search left.
    fn restore(&mut self) {
        self.up[..NODES].copy_from_slice(&FULL.up);
        self.down[..NODES].copy_from_slice(&FULL.down);
        self.size[..HEADERS].fill(9);
    }

    /// Covers the columns the givens fill, and unlinks every row that clashes with a given,
    /// each row once. This leaves the active columns exactly as covering the givens' rows
    /// one by one would.
    fn remove_givens(&mut self, puzzle: &Grid) {
        let cells = puzzle.cells();
        // Digits the givens put in each unit: rows 0-8, columns 9-17, boxes 18-26. Unit
        // `u` and digit `d` make column `81 + 9u + d - 1`.
        let mut used = [0u16; 27];
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                let bit = 1 << (digit - 1);
                for unit in units(cell) {
                    used[unit] |= bit;
                }
                self.size[cell] |= COVERED;
            }
        }
        for (unit, &digits) in used.iter().enumerate() {
            let mut bits = digits;
            while bits != 0 {
                self.size[81 + 9 * unit + bits.trailing_zeros() as usize] |= COVERED;
                bits &= bits - 1;
            }
        }
        for (cell, &digit) in cells.iter().enumerate() {
            let units = units(cell);
            // The rows of this cell that clash with a given: all 9 if the cell is given.
            let mut dead = if digit != 0 {
                0x1FF
            } else {
                used[units[0]] | used[units[1]] | used[units[2]]
            };
            while dead != 0 {
                let base = row_node(cell * 9 + dead.trailing_zeros() as usize) as u16;
                dead &= dead - 1;
                // All four nodes, without testing which columns are covered: a covered
                // column is never walked again, and its size (9 at most, below the
                // `COVERED` bit) cannot underflow the bit.
                for k in 0..4 {
                    self.unlink(base + k);
                }
            }
        }
    }

    /// Algorithm X from the current state (givens removed): counts solutions up to
    /// `limit`. When it returns below the limit the matrix is as it found it.
    fn run(&mut self, limit: usize, puzzle: &Grid, first: &mut Option<Grid>) -> usize {
        let mut found = 0;
        let mut level = 0;
        // Counters live in registers during the search.
        let (mut nodes, mut guesses, mut updates) = (1, 0, 0);
        'search: loop {
            // Enter a level: a dead end, a solution, or a column to branch on.
            let (mut c, mut x);
            let (column, rows) = self.choose();
            if rows != 0 && rows < COVERED {
                c = column;
                updates += self.cover(c);
                x = self.down[c as usize];
            } else {
                if rows != 0 {
                    found += 1;
                    if found == 1 {
                        *first = Some(self.solution(puzzle, level));
                    }
                    if found >= limit {
                        // The next search restores the matrix; nothing to undo.
                        break 'search;
                    }
                }
                // Back to the row of the level above, if any.
                if level == 0 {
                    break 'search;
                }
                level -= 1;
                Level { col: c, node: x } = self.stack[level];
                self.unselect_others(x);
                x = self.down[x as usize];
            }
            // Try the rows of column `c` from `x` on; back up while a column is exhausted.
            loop {
                if x != c {
                    nodes += 1;
                    if self.size[c as usize] & !COVERED >= 2 {
                        guesses += 1;
                    }
                    updates += self.select_others(x);
                    self.stack[level] = Level { col: c, node: x };
                    level += 1;
                    continue 'search;
                }
                self.uncover(c);
                if level == 0 {
                    break 'search;
                }
                level -= 1;
                Level { col: c, node: x } = self.stack[level];
                self.unselect_others(x);
                x = self.down[x as usize];
            }
        }
        self.counters = Counters {
            nodes,
            guesses,
            updates,
        };
        found
    }

    /// The grid of the current solution: the givens plus the rows on the stack.
    fn solution(&self, puzzle: &Grid, level: usize) -> Grid {
        let mut grid = *puzzle;
        for entry in &self.stack[..level] {
            let (cell, digit) = encoding::placement((entry.node as usize - HEADERS) / 4);
            grid.set(cell, digit);
        }
        grid
    }

    /// The active column with the fewest rows (the first on ties) and its size; a size
    /// with `COVERED` set means every column is covered (a solution), 0 a dead end.
    ///
    /// A branch-free minimum over the size bytes (it vectorises), then the first column
    /// of that size: cheaper overall than keeping sets of small columns up to date on
    /// every link update, whose branches the processor mispredicts.
    #[inline(always)]
    fn choose(&self) -> (u16, u8) {
        let sizes = &self.size[..SCANNED];
        let fewest = sizes.iter().fold(u8::MAX, |m, &s| m.min(s));
        // The first byte equal to `fewest`, eight at a time: a byte of `word` is zero where
        // the size equals `fewest`, and the lowest flagged byte is the first such zero.
        let pattern = u64::from_ne_bytes([fewest; 8]);
        for (i, chunk) in sizes.chunks_exact(8).enumerate() {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes")) ^ pattern;
            let zero = word.wrapping_sub(0x0101_0101_0101_0101) & !word & 0x8080_8080_8080_8080;
            if zero != 0 {
                return ((i * 8 + zero.trailing_zeros() as usize / 8) as u16, fewest);
            }
        }
        (0, fewest)
    }

    /// Covers the columns of the row at `node` other than its own (already covered), and
    /// returns the link updates made.
    #[inline(always)]
    fn select_others(&mut self, node: u16) -> u64 {
        // A row's nodes are 4-aligned, so the others of `node` are `node ^ 1, 2, 3`.
        let mut updates = 0;
        for k in 1..4 {
            updates += self.cover(self.col[(node ^ k) as usize]);
        }
        updates
    }

    /// Undoes [`select_others`](Self::select_others).
    #[inline(always)]
    fn unselect_others(&mut self, node: u16) {
        for k in (1..4).rev() {
            self.uncover(self.col[(node ^ k) as usize]);
        }
    }

    /// Removes column `c` and every row meeting it from the other columns, and returns the
    /// link updates made: the header and 3 nodes for each row.
    #[inline(always)]
    fn cover(&mut self, c: u16) -> u64 {
        let s = self.size[c as usize];
        self.size[c as usize] = s | COVERED;
        // The column has exactly `s` rows: a counted loop, whose exit the processor can
        // resolve without waiting for the links to load.
        let mut i = self.down[c as usize];
        for _ in 0..s {
            // The order of the three unlinks does not matter: they are in different columns.
            for k in 1..4 {
                self.unlink(i ^ k);
            }
            i = self.down[i as usize];
        }
        1 + 3 * s as u64
    }

    /// Unlinks node `j` from its column, whose size drops by one.
    #[inline(always)]
    fn unlink(&mut self, j: u16) {
        let (up, down, col) = (
            self.up[j as usize],
            self.down[j as usize],
            self.col[j as usize],
        );
        self.down[up as usize] = down;
        self.up[down as usize] = up;
        self.size[col as usize] -= 1;
    }

    /// Undoes [`cover`](Self::cover) of column `c`, relinking in reverse order.
    #[inline(always)]
    fn uncover(&mut self, c: u16) {
        let s = self.size[c as usize] & !COVERED;
        let mut i = self.up[c as usize];
        for _ in 0..s {
            for k in 1..4 {
                let j = i ^ k;
                let (up, down, col) = (
                    self.up[j as usize],
                    self.down[j as usize],
                    self.col[j as usize],
                );
                self.down[up as usize] = j;
                self.up[down as usize] = j;
                self.size[col as usize] += 1;
            }
            i = self.up[i as usize];
        }
        self.size[c as usize] = s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nodes_match_the_encoding() {
        for row in 0..encoding::ROWS {
            let (cell, digit) = encoding::placement(row);
            let columns = encoding::columns(cell, digit);
            for k in 0..4 {
                assert_eq!(FULL.col[row_node(row) + k] as usize, columns[k]);
            }
        }
        assert!(NODES <= u16::MAX as usize);
    }

    #[test]
    fn removing_the_givens_equals_covering_their_rows() {
        let puzzle: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let mut direct = Matrix::new();
        direct.remove_givens(&puzzle);
        let mut covered = Matrix::new();
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                let base = row_node(encoding::row(cell, puzzle[cell]));
                for j in base..base + 4 {
                    assert_eq!(covered.cover(FULL.col[j]) % 3, 1);
                }
            }
        }
        // Active columns have the same sizes (a covered column's count is never read).
        let active = |m: &Matrix| {
            m.size[..HEADERS]
                .iter()
                .map(|&s| if s & COVERED == 0 { s } else { COVERED })
                .collect::<Vec<u8>>()
        };
        assert_eq!(active(&direct), active(&covered));
        // Every active column lists the same rows in the same order.
        for c in 0..HEADERS {
            if direct.size[c] & COVERED == 0 {
                let walk = |m: &Matrix| {
                    let mut rows = Vec::new();
                    let mut i = m.down[c] as usize;
                    while i != c {
                        rows.push(i);
                        i = m.down[i] as usize;
                    }
                    rows
                };
                assert_eq!(walk(&direct), walk(&covered), "column {c}");
            }
        }
    }

    #[test]
    fn a_search_after_any_other_gives_the_same_answer() {
        let puzzles: Vec<Grid> = [
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
            ".................................................................................",
        ]
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
        let mut fresh_counts = Vec::new();
        for p in &puzzles {
            let mut first = None;
            fresh_counts.push(Matrix::new().search(p, 5, &mut first));
        }
        let mut reused = Matrix::new();
        for round in 0..3 {
            for (p, &want) in puzzles.iter().zip(&fresh_counts) {
                let mut first = None;
                assert_eq!(reused.search(p, 5, &mut first), want, "round {round}");
                assert!(first.unwrap().solves(p));
            }
        }
    }
}
