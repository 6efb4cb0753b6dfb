//! Algorithm X on dancing links in flat arrays: the engine under
//! [`ExactCover`](crate::ExactCover).
//!
//! Layout, built once per matrix:
//! - nodes are indices into arrays `up`, `down`, `col` (struct of arrays); `size` holds each
//!   column's remaining rows, with a flag bit while the column is covered;
//! - column headers come first: the primary columns, then padding up to a multiple of
//!   [`CHUNK`] (so the column choice scans whole chunks), then the secondary columns;
//! - rows follow, each in a block of `width` slots (the longest row's length rounded up to a
//!   power of two) at an aligned index, so rows need no left/right links: when every row
//!   fills its block, the other nodes of a row are `node ^ 1 .. node ^ (width - 1)`;
//!   otherwise the row's `len` nodes sit at the start of the block and the others of the
//!   node at position `p` are at positions `p + 1 .. p + len - 1` modulo `len`. Slots past a
//!   row's end are never touched;
//! - a copy of the full matrix's links, restored at the start of every search.
//!
//! A search does not undo anything when it ends: the next one copies the full matrix back,
//! which costs less than uncovering would. It ends as soon as no level on the stack has a
//! row left to try, without backing up through the levels that had only one.
//!
//! The search chooses the primary column with the fewest rows (the first on ties), covers
//! it, and tries its rows top to bottom, as Knuth's Algorithm X; it runs as a loop over an
//! explicit stack so that it can stop after any solution and resume.

use std::fmt;

use crate::CoverStats;
use crate::store::{CHUNK, Index, Size};

/// The shape of a matrix in the engine's layout, before any array is allocated.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Primary columns: header slots `0..primary`.
    pub(crate) primary: usize,
    /// Header slots scanned by the column choice: `primary` rounded up to [`CHUNK`].
    pub(crate) scan: usize,
    /// All header slots: `scan` plus the secondary columns.
    pub(crate) headers: usize,
    /// Slots per row, a power of two.
    pub(crate) width: usize,
    /// The first row's first slot: `headers` rounded up to `width`.
    pub(crate) base: usize,
    /// Rows.
    pub(crate) rows: usize,
    /// Slots in all: `base + rows * width`.
    pub(crate) nodes: usize,
    /// The most rows any column has.
    pub(crate) tallest: usize,
}

impl Layout {
    /// The layout of `rows` rows (row `r` covers public columns
    /// `columns[starts[r]..starts[r + 1]]`) with `primary` primary and `secondary` secondary
    /// columns; `None` when it would not fit `u32` indices.
    pub(crate) fn new(
        primary: usize,
        secondary: usize,
        columns: &[u32],
        starts: &[u32],
    ) -> Option<Layout> {
        let rows = starts.len() - 1;
        let longest = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(1) as usize;
        let nodes = Layout::slots(primary, secondary, rows, longest)?;
        let scan = primary.next_multiple_of(CHUNK);
        let headers = scan + secondary;
        let width = longest.next_power_of_two();
        let base = headers.next_multiple_of(width);
        let mut heights = vec![0usize; primary + secondary];
        for &c in columns {
            heights[c as usize] += 1;
        }
        Some(Layout {
            primary,
            scan,
            headers,
            width,
            base,
            rows,
            nodes,
            tallest: heights.into_iter().max().unwrap_or(0),
        })
    }

    /// The node slots of a matrix of `rows` rows, the longest of `longest` columns, when
    /// they fit `u32` indices (and the rows are fewer than 2^31, so that any column size fits
    /// 31 bits).
    pub(crate) fn slots(
        primary: usize,
        secondary: usize,
        rows: usize,
        longest: usize,
    ) -> Option<usize> {
        let width = longest.max(1).checked_next_power_of_two()?;
        let headers = primary
            .checked_next_multiple_of(CHUNK)?
            .checked_add(secondary)?;
        let base = headers.checked_next_multiple_of(width)?;
        let nodes = rows.checked_mul(width)?.checked_add(base)?;
        (nodes <= u32::MAX as usize && rows < 1 << 31).then_some(nodes)
    }

    /// The header slot of public column `c`.
    fn header(&self, c: usize) -> usize {
        if c < self.primary {
            c
        } else {
            self.scan + (c - self.primary)
        }
    }
}

/// One level of the search: the column chosen and the row node being tried.
#[derive(Clone, Copy, Debug, Default)]
struct Level<I> {
    col: I,
    node: I,
}

impl<I: Index> Level<I> {
    #[inline(always)]
    fn new(col: usize, node: usize) -> Level<I> {
        Level {
            col: I::from_usize(col),
            node: I::from_usize(node),
        }
    }

    #[inline(always)]
    fn get(self) -> (usize, usize) {
        (self.col.to_usize(), self.node.to_usize())
    }
}

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Started, nothing explored.
    Fresh,
    /// A solution is on the stack; resuming backtracks from it.
    Found,
    /// Every branch explored.
    Done,
}

/// The dancing-links matrix and the state of its current search.
#[derive(Clone)]
pub(crate) struct Dance<I: Index, S: Size> {
    layout: Layout,
    /// `log2(width)`.
    shift: u32,
    up: I::Slots<I>,
    down: I::Slots<I>,
    /// Each node's column header (constant); a header's own slot for headers.
    col: I::Slots<I>,
    /// Rows left in each column (slots `..headers`), flagged while covered.
    size: I::Slots<S>,
    /// The full matrix's `up`, `down` (slots `..nodes`) and `size` (slots `..headers`),
    /// copied back at the start of every search.
    full_up: Vec<I>,
    full_down: Vec<I>,
    full_size: Vec<S>,
    /// The length of every row when all rows have the same length, else 0.
    uniform: usize,
    /// Each row's length.
    lens: Vec<u32>,
    stack: Vec<Level<I>>,
    level: usize,
    /// Levels on the stack whose column has rows after the one being tried: while none
    /// has, backtracking would only undo, and the search is over.
    open: usize,
    phase: Phase,
    stats: CoverStats,
}

impl<I: Index, S: Size> fmt::Debug for Dance<I, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dance")
            .field("layout", &self.layout)
            .field("level", &self.level)
            .field("phase", &self.phase)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<I: Index, S: Size> Dance<I, S> {
    /// The matrix of `layout`, whose rows are `columns[starts[r]..starts[r + 1]]` (public
    /// column numbers). `I` must address `layout.nodes` slots and `S` hold
    /// `layout.tallest`.
    pub(crate) fn new(layout: Layout, columns: &[u32], starts: &[u32]) -> Dance<I, S> {
        let Layout {
            primary,
            scan,
            headers,
            width,
            base,
            rows,
            nodes,
            ..
        } = layout;
        let mut col = I::slots(nodes, I::default());
        let mut up = I::slots(nodes, I::default());
        let mut down = I::slots(nodes, I::default());
        let mut size = I::slots(headers, S::default());
        for h in 0..headers {
            let n = I::from_usize(h);
            I::put(&mut col, h, n);
            I::put(&mut up, h, n);
            I::put(&mut down, h, n);
        }
        I::all_mut(&mut size)[primary..scan].fill(S::FILL);
        // Each row's nodes join the bottom of their columns' lists, in row order.
        for r in 0..rows {
            let row = &columns[starts[r] as usize..starts[r + 1] as usize];
            for (k, &c) in row.iter().enumerate() {
                let n = base + r * width + k;
                let c = layout.header(c as usize);
                I::put(&mut col, n, I::from_usize(c));
                let last = I::at(&up, c);
                I::put(&mut down, last.to_usize(), I::from_usize(n));
                I::put(&mut up, n, last);
                I::put(&mut down, n, I::from_usize(c));
                I::put(&mut up, c, I::from_usize(n));
                let height = I::at(&size, c).inc();
                I::put(&mut size, c, height);
            }
        }
        let lens: Vec<u32> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        let uniform = match lens.first() {
            Some(&len) if lens.iter().all(|&l| l == len) => len as usize,
            _ => 0,
        };
        Dance {
            layout,
            shift: width.trailing_zeros(),
            full_up: I::all(&up)[..nodes].to_vec(),
            full_down: I::all(&down)[..nodes].to_vec(),
            full_size: I::all(&size)[..headers].to_vec(),
            up,
            down,
            col,
            size,
            uniform,
            lens,
            stack: vec![Level::default(); layout.primary + 1],
            level: 0,
            open: 0,
            phase: Phase::Done,
            stats: CoverStats::default(),
        }
    }

    /// The layout of the matrix.
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Statistics of the current (or last) search.
    pub(crate) fn stats(&self) -> CoverStats {
        self.stats
    }

    /// Starts a search whose solutions contain every row of `required` (rows that exist
    /// and share no column: the caller checked).
    ///
    /// Copies the full matrix's links back (whatever the last search left) and covers the
    /// required rows' columns, which are then never uncovered: the next search copies
    /// again. The copy costs less than undoing the last search would.
    pub(crate) fn start(&mut self, required: &[usize]) {
        let Layout { headers, nodes, .. } = self.layout;
        I::all_mut(&mut self.up)[..nodes].copy_from_slice(&self.full_up);
        I::all_mut(&mut self.down)[..nodes].copy_from_slice(&self.full_down);
        I::all_mut(&mut self.size)[..headers].copy_from_slice(&self.full_size);
        match self.fixed_width() {
            1 => self.parts::<1>().0.select_all(required),
            2 => self.parts::<2>().0.select_all(required),
            4 => self.parts::<4>().0.select_all(required),
            8 => self.parts::<8>().0.select_all(required),
            _ => self.parts::<0>().0.select_all(required),
        }
        self.level = 0;
        self.open = 0;
        self.phase = Phase::Fresh;
        self.stats = CoverStats {
            nodes: 1,
            ..CoverStats::default()
        };
    }

    /// The rows the search has chosen so far, in order (a solution right after
    /// [`next`](Self::next) returned `true`).
    pub(crate) fn chosen(&self) -> impl Iterator<Item = usize> + '_ {
        let (base, shift) = (self.layout.base, self.shift);
        self.stack[..self.level]
            .iter()
            .map(move |l| (l.node.to_usize() - base) >> shift)
    }

    /// The row width to compile the search for: rows that all fill their slots (no
    /// padding) of 1, 2, 4 or 8 get code for their exact width; 0 means any rows.
    fn fixed_width(&self) -> usize {
        let width = self.layout.width;
        if self.uniform == width && width <= 8 {
            width
        } else {
            0
        }
    }

    /// The arrays and shape the search works on, and its stack, borrowed for one run, so
    /// that their addresses stay in registers.
    fn parts<const W: usize>(&mut self) -> (Links<'_, I, S, W>, &mut [Level<I>]) {
        let links = Links {
            up: &mut *self.up,
            down: &mut *self.down,
            col: &*self.col,
            size: &mut *self.size,
            lens: &self.lens,
            uniform: self.uniform,
            width: self.layout.width,
            base: self.layout.base,
            shift: self.shift,
            scan: self.layout.scan,
        };
        (links, &mut self.stack)
    }

    /// Runs the search to its next solution: `true` when one is on the stack, `false` when
    /// there are no more.
    pub(crate) fn next(&mut self) -> bool {
        match self.fixed_width() {
            1 => self.advance::<1>(),
            2 => self.advance::<2>(),
            4 => self.advance::<4>(),
            8 => self.advance::<8>(),
            _ => self.advance::<0>(),
        }
    }

    /// [`next`](Self::next) for rows of exactly `W` columns, or (`W` = 0) for any rows.
    fn advance<const W: usize>(&mut self) -> bool {
        let mut backtrack = match self.phase {
            Phase::Done => return false,
            Phase::Fresh => false,
            Phase::Found => true,
        };
        let mut level = self.level;
        let mut open = self.open;
        let mut stats = self.stats;
        // The arrays' addresses and the counters live in registers during the search.
        let (mut m, stack) = self.parts::<W>();
        let CoverStats {
            mut nodes,
            mut guesses,
            mut updates,
            ..
        } = stats;
        let (mut c, mut x) = (0, 0);
        let found = 'search: loop {
            if !backtrack {
                // A new level: a solution, a dead end, or a column to branch on.
                let (column, rows) = m.choose();
                if rows >= S::COVERED {
                    break 'search true;
                }
                if rows == S::default() {
                    backtrack = true;
                } else {
                    c = column;
                    // The level is open until its last row is tried.
                    open += usize::from(rows >= S::of(2));
                    updates += m.cover(c);
                    x = m.down(c);
                }
            }
            if backtrack {
                // Back to the row of the level above, if any.
                backtrack = false;
                if open == 0 {
                    // No level has a row left to try: the search is over, and nothing
                    // needs undoing (the next search starts from a copy).
                    break 'search false;
                }
                level -= 1;
                (c, x) = stack[level].get();
                x = m.next_row(c, x, &mut open);
            }
            // Try the rows of column `c` from `x` on; back up while a column is exhausted.
            loop {
                if x != c {
                    nodes += 1;
                    if m.size(c).uncovered() >= S::of(2) {
                        guesses += 1;
                    }
                    updates += m.select_others(x);
                    stack[level] = Level::new(c, x);
                    level += 1;
                    continue 'search;
                }
                if open == 0 {
                    break 'search false;
                }
                m.uncover(c);
                level -= 1;
                (c, x) = stack[level].get();
                x = m.next_row(c, x, &mut open);
            }
        };
        stats.nodes = nodes;
        stats.guesses = guesses;
        stats.updates = updates;
        stats.solutions += u64::from(found);
        self.stats = stats;
        self.level = level;
        self.open = open;
        self.phase = if found { Phase::Found } else { Phase::Done };
        found
    }
}

/// What the search touches, borrowed from a [`Dance`] for one run: for rows of exactly `W`
/// columns, or (`W` = 0) for rows of any length in slots of `width`.
///
/// Node and column indices are `usize` here (narrow only in the arrays), so that index
/// arithmetic needs no widening.
struct Links<'a, I: Index, S: Size, const W: usize> {
    up: &'a mut I::Array<I>,
    down: &'a mut I::Array<I>,
    col: &'a I::Array<I>,
    size: &'a mut I::Array<S>,
    lens: &'a [u32],
    uniform: usize,
    width: usize,
    base: usize,
    shift: u32,
    scan: usize,
}

impl<I: Index, S: Size, const W: usize> Links<'_, I, S, W> {
    #[inline(always)]
    fn up(&self, n: usize) -> usize {
        I::at(self.up, n).to_usize()
    }

    #[inline(always)]
    fn down(&self, n: usize) -> usize {
        I::at(self.down, n).to_usize()
    }

    #[inline(always)]
    fn col(&self, n: usize) -> usize {
        I::at(self.col, n).to_usize()
    }

    #[inline(always)]
    fn size(&self, c: usize) -> S {
        I::at(self.size, c)
    }

    /// The uncovered primary column with the fewest rows (the first on ties) and its size;
    /// a size at or above `COVERED` means every primary column is covered.
    #[inline(always)]
    fn choose(&self) -> (usize, S) {
        S::fewest(&I::all(self.size)[..self.scan])
    }

    /// Undoes the choice of row `x` of column `c` and returns the next row to try (`c` when
    /// none is left); `open` counts the levels with rows left, this one among them until
    /// its last row.
    #[inline(always)]
    fn next_row(&mut self, c: usize, x: usize, open: &mut usize) -> usize {
        self.unselect_others(x);
        let next = self.down(x);
        if next != c {
            *open -= usize::from(self.down(next) == c);
        }
        next
    }

    /// Covers every column of each row of `rows` (which share no column), as choosing
    /// them would; the link updates are not counted.
    fn select_all(&mut self, rows: &[usize]) {
        for &r in rows {
            let first = self.base + (r << self.shift);
            let len = if W != 0 { W } else { self.lens[r] as usize };
            for n in first..first + len {
                self.cover(self.col(n));
            }
        }
    }

    /// The length of the row of node `x`.
    #[inline(always)]
    fn len_of(&self, x: usize) -> usize {
        if W != 0 {
            W
        } else if self.uniform != 0 {
            self.uniform
        } else {
            self.lens[(x - self.base) >> self.shift] as usize
        }
    }

    /// The other nodes of the row of `x`, in order around the row starting after `x`
    /// (reversed when `rev`), each passed to `f`.
    #[inline(always)]
    fn for_others(&mut self, x: usize, rev: bool, mut f: impl FnMut(&mut Self, usize)) {
        if W != 0 {
            // The row fills its block: the others are `x ^ k`.
            if rev {
                for k in (1..W).rev() {
                    f(self, x ^ k);
                }
            } else {
                for k in 1..W {
                    f(self, x ^ k);
                }
            }
        } else {
            let len = self.len_of(x);
            let first = x & !(self.width - 1);
            let at = x - first;
            let other = |k: usize| {
                let p = at + k;
                first + if p >= len { p - len } else { p }
            };
            if rev {
                for k in (1..len).rev() {
                    f(self, other(k));
                }
            } else {
                for k in 1..len {
                    f(self, other(k));
                }
            }
        }
    }

    /// Covers the columns of the row of `x` other than `x`'s own (already covered), and
    /// returns the link updates made.
    #[inline(always)]
    fn select_others(&mut self, x: usize) -> u64 {
        let mut updates = 0;
        self.for_others(x, false, |m, j| updates += m.cover(m.col(j)));
        updates
    }

    /// Undoes [`select_others`](Self::select_others).
    #[inline(always)]
    fn unselect_others(&mut self, x: usize) {
        self.for_others(x, true, |m, j| m.uncover(m.col(j)));
    }

    /// Removes column `c` and every row meeting it from the other columns, and returns the
    /// link updates made: one for the header, one for each node unlinked.
    #[inline(always)]
    fn cover(&mut self, c: usize) -> u64 {
        let s = self.size(c);
        I::put(self.size, c, s.covered());
        // The column has exactly `s` rows: a counted loop, whose exit the processor can
        // resolve without waiting for the links to load.
        let mut i = self.down(c);
        let mut updates = 1;
        for _ in 0..s.count() {
            self.for_others(i, false, |m, j| m.unlink(j));
            updates += self.len_of(i) as u64 - 1;
            i = self.down(i);
        }
        updates
    }

    /// Unlinks node `j` from its column, whose size drops by one.
    #[inline(always)]
    fn unlink(&mut self, j: usize) {
        let (up, down, col) = (self.up(j), self.down(j), self.col(j));
        I::put(self.down, up, I::from_usize(down));
        I::put(self.up, down, I::from_usize(up));
        I::put(self.size, col, self.size(col).dec());
    }

    /// Undoes [`cover`](Self::cover) of column `c`, relinking in reverse order.
    #[inline(always)]
    fn uncover(&mut self, c: usize) {
        let s = self.size(c).uncovered();
        let mut i = self.up(c);
        for _ in 0..s.count() {
            self.for_others(i, true, |m, j| {
                let (up, down, col) = (m.up(j), m.down(j), m.col(j));
                I::put(m.down, up, I::from_usize(j));
                I::put(m.up, down, I::from_usize(j));
                I::put(m.size, col, m.size(col).inc());
            });
            i = self.up(i);
        }
        I::put(self.size, c, s);
    }
}
