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
//! explicit stack so that it can stop after any solution and resume. With byte sizes it
//! counts the columns that covering empties, and while none can be empty the choice stops
//! at the first column of one row (`Size::fewest_unless_empty`).
//!
//! For its first guesses (`SearchOptions::weighed_guesses`) the search weighs the first
//! [`WEIGHED`] columns with the fewest rows and branches on the one whose rows meet the most
//! rows elsewhere. With conflict weights (`SearchOptions::conflict_weights`), each dead end
//! (a primary column without rows) adds one to that column's weight, and from the search's
//! first dead end on it branches on the column with the fewest rows per weight instead:
//! one vectorised pass over the sizes and the weights' fixed-point inverses at each branch.
//! With them, a search that has found no solution within its budget of nodes
//! (`SearchOptions::restart_nodes`) starts over from its required rows, keeping the
//! weights, with a budget half as large again each time.
//!
//! Domination (on unless the caller turns it off): before branching, for each primary
//! column whose rows all cover some other column `j`, the rows of `j` that miss it are
//! removed (unlinked from all their columns) onto a trail, and relinked when the search
//! backs up past the level that removed them. Only columns of 2 to
//! `SearchOptions::domination_rows` rows that share two rows or more with another column in
//! the full matrix ("partners", found once per matrix) are looked at, none with more rows
//! than it shares with any one column, and each at most once per path for each size (a
//! column's rows only shrink along a path).

use std::fmt;

use sudoku_core::{Budget, Exhausted, Meter};

use crate::store::{CHUNK, Index, Size};
use crate::{CoverStats, SearchOptions};

/// The most columns the choice weighs at a branch (the first of those with the fewest rows).
const WEIGHED: usize = 12;

/// `Links::empty` when the empty columns have not been counted (at the start of a search):
/// never 0, so that the first choice looks at every column.
const UNKNOWN: usize = usize::MAX / 2;

/// The flag of a trail entry that records a column looked at by domination, with its
/// former `top` in bits 32 to 62 (else the entry records a removed row).
const CHECKED: u64 = 1 << 63;

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

/// One level of the search: the column chosen, the row node being tried, and the trail's
/// length when that row was chosen (what domination removed below it comes after).
#[derive(Clone, Copy, Debug, Default)]
struct Level<I> {
    col: I,
    node: I,
    mark: u32,
}

impl<I: Index> Level<I> {
    #[inline(always)]
    fn new(col: usize, node: usize, mark: usize) -> Level<I> {
        Level {
            col: I::from_usize(col),
            node: I::from_usize(node),
            mark: mark as u32,
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
    /// For each node, a bit for each other node `k` (1 to 8, see `Links::other`) of its row
    /// whose column shares two rows or more with the node's in the full matrix.
    partners: I::Slots<u8>,
    /// For each scanned primary column, the most rows it shares with one other column in
    /// the full matrix when that is two or more (its partners), else 0: a column with more
    /// rows than that cannot have all of them meet another column.
    reach: Vec<S>,
    /// `reach` capped at the current search's `SearchOptions::domination_rows` (0 below 2),
    /// copied into `top` at the start of each search.
    full_top: Vec<S>,
    /// The cap `full_top` was made for.
    top_cap: usize,
    /// The words (eight columns each) from the first with a column with a partner to the
    /// last, which the domination pass scans.
    able_words: (usize, usize),
    /// Whether some primary column has a partner (else domination has nothing to look at).
    dominable: bool,
    /// Whether the current search removes dominated rows.
    dominate: bool,
    /// Guesses of the current search that weigh the columns to branch on.
    weighed: u64,
    /// Whether the current search weighs columns by their dead ends
    /// (`SearchOptions::conflict_weights`).
    conflicts: bool,
    /// Whether the current search has met a dead end (a column without rows) since it
    /// started: until then every column's weight is 1.
    failed: bool,
    /// For each scanned primary column, the dead ends it caused in the current search
    /// (saturating at `u16::MAX - 1`).
    failures: Vec<u16>,
    /// For each scanned primary column, `65535 / (1 + failures)`: its weight's inverse in
    /// fixed point, which the conflict choice multiplies by the column's size.
    inverse: Vec<u16>,
    /// Scratch for the conflict choice: each scanned column's score.
    scores: Vec<u16>,
    /// The required rows of the current search, covered again at each restart.
    required: Vec<usize>,
    /// The node count at which the current search starts over if it has found no solution
    /// yet (`u64::MAX`: never).
    restart_at: u64,
    /// The nodes the current attempt was given; the next gets half as many more.
    budget: u64,
    /// The caller's budget for the current search.
    meter: Meter,
    /// For each scanned primary column, the most rows it may have for domination to look at
    /// it on the current path: `full_top` at first, then one less than its size each time
    /// domination looked at it (its rows only shrink along a path, so the same size again
    /// means the same rows).
    top: Vec<S>,
    /// Scratch for a domination pass: the columns to look at (the high bit of byte `k` of a
    /// word for the `k`-th of its eight), and the index of each word of them once packed.
    fresh: Vec<u64>,
    words: Vec<u32>,
    /// What domination did, to undo on backtracking, in order: a removed row (one of its
    /// nodes), or a column looked at (`CHECKED | former top << 32 | column`).
    trail: Vec<u64>,
    /// Entries of `trail` in use.
    trailed: usize,
    stack: Vec<Level<I>>,
    level: usize,
    /// Levels on the stack whose column has rows after the one being tried: while none
    /// has, backtracking would only undo, and the search is over.
    open: usize,
    phase: Phase,
    /// The search's `Links::empty` between runs.
    empty: usize,
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
            scan,
            headers,
            width,
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
        I::all_mut(&mut size)[layout.primary..scan].fill(S::FILL);
        // Each row's nodes join the bottom of their columns' lists, in row order.
        for r in 0..rows {
            let row = &columns[starts[r] as usize..starts[r + 1] as usize];
            for (k, &c) in row.iter().enumerate() {
                let n = layout.base + r * width + k;
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
        let xor = uniform == width && width <= 8;
        let (partners, reach) = partners::<I>(&layout, columns, starts, xor);
        let able = |w: &[usize]| w.iter().any(|&r| r != 0);
        let able_words = (
            reach.chunks(8).position(able).unwrap_or(0),
            reach.chunks(8).rposition(able).map_or(0, |w| w + 1),
        );
        // A path removes each row at most once and looks at each column at most once for
        // each size from its reach down to 2.
        let looks: usize = reach.iter().map(|&r| r.saturating_sub(1)).sum();
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
            partners,
            able_words,
            dominable: reach.iter().any(|&r| r != 0),
            dominate: false,
            weighed: 0,
            conflicts: false,
            failed: false,
            failures: vec![0; scan],
            inverse: vec![u16::MAX; scan],
            scores: vec![0; scan],
            required: Vec::new(),
            restart_at: u64::MAX,
            budget: 0,
            meter: Meter::default(),
            full_top: vec![S::default(); scan],
            top_cap: 0,
            top: vec![S::default(); scan],
            reach: reach.into_iter().map(S::of).collect(),
            fresh: vec![0; scan / 8],
            words: vec![0; scan / 8],
            trail: vec![0; rows + looks],
            trailed: 0,
            stack: vec![Level::default(); layout.primary + 1],
            level: 0,
            open: 0,
            phase: Phase::Done,
            empty: UNKNOWN,
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

    /// What ran out, when the caller's budget stopped the current search.
    pub(crate) fn exhausted(&self) -> Option<Exhausted> {
        self.meter.exhausted()
    }

    /// Starts a search whose solutions contain every row of `required` (rows that exist:
    /// the caller checked); `false`, with no search started, when two of them share a
    /// column (or one is given twice).
    ///
    /// Copies the full matrix's links back (whatever the last search left) and covers the
    /// required rows' columns, which are then never uncovered: the next search copies
    /// again. The copy costs less than undoing the last search would.
    pub(crate) fn start(
        &mut self,
        required: &[usize],
        options: SearchOptions,
        budget: Budget,
    ) -> bool {
        self.required.clear();
        self.required.extend_from_slice(required);
        if !self.relink() {
            self.phase = Phase::Done;
            return false;
        }
        self.meter = budget.meter();
        // Without conflict weights a restart would walk the same tree again.
        self.budget = if options.conflict_weights {
            options.restart_nodes
        } else {
            0
        };
        self.restart_at = if self.budget == 0 {
            u64::MAX
        } else {
            self.budget
        };
        self.level = 0;
        self.open = 0;
        self.trailed = 0;
        self.empty = UNKNOWN;
        self.dominate = options.domination && self.dominable && options.domination_rows >= 2;
        self.weighed = options.weighed_guesses;
        self.conflicts = options.conflict_weights;
        if self.failed {
            self.failures.fill(0);
            self.inverse.fill(u16::MAX);
            self.failed = false;
        }
        if self.dominate {
            if self.top_cap != options.domination_rows {
                self.top_cap = options.domination_rows;
                let cap = S::of(options.domination_rows.min(S::MAX));
                for (top, &reach) in self.full_top.iter_mut().zip(&self.reach) {
                    *top = reach.min(cap);
                }
            }
            self.top.copy_from_slice(&self.full_top);
        }
        self.phase = Phase::Fresh;
        self.stats = CoverStats {
            nodes: 1,
            ..CoverStats::default()
        };
        true
    }

    /// Starts the current search over from its required rows, keeping what it learned (the
    /// conflict weights) and its statistics; the next attempt gets half as many nodes more
    /// than this one.
    fn restart(&mut self) {
        let started = self.relink();
        debug_assert!(started, "the required rows were covered once already");
        self.level = 0;
        self.open = 0;
        self.trailed = 0;
        self.empty = UNKNOWN;
        if self.dominate {
            self.top.copy_from_slice(&self.full_top);
        }
        self.phase = Phase::Fresh;
        self.budget = self.budget.saturating_add(self.budget / 2);
        self.restart_at = self.stats.nodes.saturating_add(self.budget);
    }

    /// Copies the full matrix's links back and covers the required rows' columns; `false`
    /// (and the links left half set up) when two of them share a column.
    fn relink(&mut self) -> bool {
        let required = std::mem::take(&mut self.required);
        let Layout { headers, nodes, .. } = self.layout;
        I::all_mut(&mut self.up)[..nodes].copy_from_slice(&self.full_up);
        I::all_mut(&mut self.down)[..nodes].copy_from_slice(&self.full_down);
        I::all_mut(&mut self.size)[..headers].copy_from_slice(&self.full_size);
        let covered = match self.fixed_width() {
            1 => self.parts::<1>().0.select_all(&required),
            2 => self.parts::<2>().0.select_all(&required),
            4 => self.parts::<4>().0.select_all(&required),
            8 => self.parts::<8>().0.select_all(&required),
            _ => self.parts::<0>().0.select_all(&required),
        };
        self.required = required;
        covered
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
            partners: &*self.partners,
            able_words: self.able_words,
            top: &mut self.top,
            failures: &mut self.failures,
            inverse: &mut self.inverse,
            scores: &mut self.scores,
            fresh: &mut self.fresh,
            words: &mut self.words,
            trail: &mut self.trail,
            uniform: self.uniform,
            width: self.layout.width,
            base: self.layout.base,
            shift: self.shift,
            scan: self.layout.scan,
            empty: self.empty,
        };
        (links, &mut self.stack)
    }

    /// Runs the search to its next solution: `true` when one is on the stack, `false` when
    /// there are no more.
    pub(crate) fn next(&mut self) -> bool {
        loop {
            let outcome = match self.fixed_width() {
                1 => self.advance::<1>(),
                2 => self.advance::<2>(),
                4 => self.advance::<4>(),
                8 => self.advance::<8>(),
                _ => self.advance::<0>(),
            };
            match outcome {
                Some(found) => return found,
                None => {
                    // Paused at a checkpoint: over the budget, time to start over, or to
                    // read the clock.
                    if !self.meter.report(self.stats.nodes) {
                        self.phase = Phase::Done;
                        return false;
                    }
                    if self.stats.solutions == 0 && self.stats.nodes >= self.restart_at {
                        self.restart();
                    } else {
                        // Resume at the level where the search paused.
                        self.phase = Phase::Fresh;
                    }
                }
            }
        }
    }

    /// [`next`](Self::next) for rows of exactly `W` columns, or (`W` = 0) for any rows;
    /// `None` when the search paused at a checkpoint, before entering a new level: the
    /// attempt ran out of nodes before its first solution (the search must start over), or
    /// the caller's budget must be consulted.
    fn advance<const W: usize>(&mut self) -> Option<bool> {
        // Once a solution is reported, starting over would report it again.
        let restart_at = if self.stats.solutions == 0 {
            self.restart_at
        } else {
            u64::MAX
        };
        let pause_at = restart_at.min(self.meter.report_at());
        let mut pause = false;
        let mut backtrack = match self.phase {
            Phase::Done => return Some(false),
            Phase::Fresh => false,
            Phase::Found => true,
        };
        let mut level = self.level;
        let mut open = self.open;
        let mut trailed = self.trailed;
        let (dominate, weighed, conflicts) = (self.dominate, self.weighed, self.conflicts);
        let mut failed = self.failed;
        let mut stats = self.stats;
        // The arrays' addresses and the counters live in registers during the search.
        let (mut m, stack) = self.parts::<W>();
        let CoverStats {
            mut nodes,
            mut guesses,
            mut updates,
            mut dominated,
            ..
        } = stats;
        let (mut c, mut x) = (0, 0);
        let found = 'search: loop {
            if !backtrack {
                if nodes >= pause_at {
                    pause = true;
                    break 'search false;
                }
                // A new level: a solution, a dead end, or a column to branch on.
                let (mut column, mut rows) = m.choose();
                if dominate && rows >= S::of(2) && rows < S::COVERED {
                    // About to branch: first remove the rows that domination rules out.
                    let (removed, made) = m.dominate(&mut trailed);
                    if removed != 0 {
                        dominated += removed;
                        updates += made;
                        (column, rows) = m.choose();
                    }
                }
                if rows >= S::of(2) && rows < S::COVERED {
                    if failed {
                        // The fewest rows per dead end (the weights differ now).
                        column = m.least_ratio();
                        rows = m.size(column);
                    } else if guesses < weighed {
                        column = m.busiest(column, rows);
                    }
                }
                if rows >= S::COVERED {
                    break 'search true;
                }
                if rows == S::default() {
                    if conflicts {
                        m.failed_at(column);
                        failed = true;
                    }
                    backtrack = true;
                } else {
                    c = column;
                    // The level is open until its last row is tried.
                    open += usize::from(rows >= S::of(2));
                    updates += m.cover::<true>(c);
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
                if trailed > stack[level].mark as usize {
                    m.restore(&mut trailed, stack[level].mark as usize);
                }
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
                    stack[level] = Level::new(c, x, trailed);
                    level += 1;
                    continue 'search;
                }
                if open == 0 {
                    break 'search false;
                }
                m.uncover(c);
                level -= 1;
                (c, x) = stack[level].get();
                if trailed > stack[level].mark as usize {
                    m.restore(&mut trailed, stack[level].mark as usize);
                }
                x = m.next_row(c, x, &mut open);
            }
        };
        self.empty = m.empty;
        stats.nodes = nodes;
        stats.guesses = guesses;
        stats.updates = updates;
        stats.dominated = dominated;
        stats.solutions += u64::from(found);
        self.stats = stats;
        self.level = level;
        self.open = open;
        self.trailed = trailed;
        self.failed = failed;
        if pause {
            return None;
        }
        self.phase = if found { Phase::Found } else { Phase::Done };
        Some(found)
    }
}

/// The position in its row of the `k`-th other node of the node at position `p` of a row
/// of `len` nodes, as `Links::other` counts: `p ^ k` when rows fill blocks of a fixed
/// width (`xor`), else `p + k` modulo `len`.
fn other_position(p: usize, k: usize, len: usize, xor: bool) -> usize {
    if xor { p ^ k } else { (p + k) % len }
}

/// The partner masks of the nodes in primary columns, and the reach of every scanned
/// primary column (see [`Dance`]'s fields `partners` and `reach`).
fn partners<I: Index>(
    layout: &Layout,
    columns: &[u32],
    starts: &[u32],
    xor: bool,
) -> (I::Slots<u8>, Vec<usize>) {
    let all = layout.primary + layout.headers - layout.scan;
    let mut rows_of: Vec<Vec<usize>> = vec![Vec::new(); layout.primary];
    for r in 0..layout.rows {
        for &c in &columns[starts[r] as usize..starts[r + 1] as usize] {
            if let Some(rows) = rows_of.get_mut(c as usize) {
                rows.push(r);
            }
        }
    }
    let mut partners = I::slots(layout.nodes, 0u8);
    let mut reach = vec![0usize; layout.scan];
    // How many rows of column `c` each column meets.
    let mut shared = vec![0u32; all];
    for (c, rows) in rows_of.iter().enumerate() {
        let row = |r: usize| &columns[starts[r] as usize..starts[r + 1] as usize];
        for &r in rows {
            for &j in row(r) {
                shared[j as usize] += 1;
            }
        }
        for &r in rows {
            let cols = row(r);
            let len = cols.len();
            let p = cols
                .iter()
                .position(|&j| j as usize == c)
                .expect("the row has c");
            let mut mask = 0u8;
            for k in 1..len.min(9) {
                let j = cols[other_position(p, k, len, xor)] as usize;
                if shared[j] >= 2 {
                    mask |= 1 << (k - 1);
                }
            }
            if mask != 0 || len > 9 {
                I::put(&mut partners, layout.base + r * layout.width + p, mask);
            }
            for &j in cols.iter().filter(|&&j| j as usize != c) {
                let shared = shared[j as usize] as usize;
                if shared >= 2 {
                    reach[c] = reach[c].max(shared);
                }
            }
        }
        for &r in rows {
            for &j in row(r) {
                shared[j as usize] = 0;
            }
        }
    }
    (partners, reach)
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
    partners: &'a I::Array<u8>,
    able_words: (usize, usize),
    top: &'a mut [S],
    failures: &'a mut [u16],
    inverse: &'a mut [u16],
    scores: &'a mut [u16],
    fresh: &'a mut [u64],
    words: &'a mut [u32],
    trail: &'a mut [u64],
    uniform: usize,
    width: usize,
    base: usize,
    shift: u32,
    scan: usize,
    /// At least the number of uncovered primary columns without rows, when
    /// [`Size::TRACKS_EMPTY`]: 0 after a choice that saw none, then one more for each column
    /// that covering empties (secondary ones too), one fewer for each empty primary column
    /// covered (a column refilled by uncovering is not counted off). While it is 0, the
    /// choice takes the first column of one row (see [`Size::fewest_unless_empty`]).
    empty: usize,
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
    fn choose(&mut self) -> (usize, S) {
        let (c, rows) = S::fewest_unless_empty(&I::all(self.size)[..self.scan], self.empty != 0);
        if rows != S::default() {
            // No column is empty.
            self.empty = 0;
        }
        (c, rows)
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

    /// Among the first [`WEIGHED`] uncovered primary columns of `rows` rows (the fewest;
    /// `first` is the first of them), the one whose rows' other columns have the most rows
    /// in all, the first on ties: branching there removes the most rows on each side.
    #[inline(never)]
    fn busiest(&mut self, first: usize, rows: S) -> usize {
        let sizes = I::all(self.size)[first & !7..self.scan].chunks_exact(8);
        let words = self.fresh[first / 8..].iter_mut().zip(sizes);
        for (fresh, sizes) in words {
            *fresh = S::equal(sizes.try_into().expect("8 sizes"), rows);
        }
        let (mut best, mut most) = (first, 0);
        let mut left = WEIGHED;
        for w in first / 8..self.scan / 8 {
            let mut fresh = self.fresh[w];
            while fresh != 0 {
                let c = w * 8 + fresh.trailing_zeros() as usize / 8;
                fresh &= fresh - 1;
                let weight = self.weight(c, rows.count());
                if weight > most {
                    (best, most) = (c, weight);
                }
                left -= 1;
                if left == 0 {
                    return best;
                }
            }
        }
        best
    }

    /// The uncovered primary column with the smallest score, its rows per weight (see
    /// [`Size::least_ratio`]), the first on ties; at a branch, when every uncovered
    /// column has two rows or more.
    #[inline(never)]
    fn least_ratio(&mut self) -> usize {
        S::least_ratio(&I::all(self.size)[..self.scan], self.inverse, self.scores)
    }

    /// Counts a dead end at column `c`: its weight grows by one.
    #[inline(always)]
    fn failed_at(&mut self, c: usize) {
        let failures = self.failures[c].saturating_add(1).min(u16::MAX - 1);
        self.failures[c] = failures;
        self.inverse[c] = u16::MAX / (failures + 1);
    }

    /// The rows in all of the other columns of the `rows` rows of column `c`.
    #[inline(always)]
    fn weight(&self, c: usize, rows: usize) -> usize {
        let row = |r: usize| {
            (1..self.len_of(r))
                .map(|k| self.size(self.col(self.other(r, k))).count())
                .sum::<usize>()
        };
        let first = self.down(c);
        if rows == 2 {
            return row(first) + row(self.down(first));
        }
        let mut weight = 0;
        let mut r = first;
        for _ in 0..rows {
            weight += row(r);
            r = self.down(r);
        }
        weight
    }

    /// The `k`-th other node of the row of `x` (`k` in `1..len`).
    #[inline(always)]
    fn other(&self, x: usize, k: usize) -> usize {
        if W != 0 {
            x ^ k
        } else {
            let len = self.len_of(x);
            let first = x & !(self.width - 1);
            let p = x - first + k;
            first + if p >= len { p - len } else { p }
        }
    }

    /// Whether the row of `x` has a node in column `j` other than `x`.
    #[inline(always)]
    fn meets(&self, x: usize, j: usize) -> bool {
        (1..self.len_of(x)).any(|k| self.col(self.other(x, k)) == j)
    }

    /// Item domination: for each uncovered primary column `i` and each column `j` that all
    /// rows of `i` meet, removes the rows of `j` that miss `i`: a solution covers `i` with a
    /// row that covers `j` too, so those rows can be in none. Looks only at columns of 2 to
    /// `top` rows (their partners' reach, the search's cap, and below the size at which the
    /// path last looked at them). Returns the rows removed and the link updates made.
    #[inline(never)]
    fn dominate(&mut self, trailed: &mut usize) -> (u64, u64) {
        let (mut removed, mut updates) = (0, 0);
        // First the columns to look at, all at once (removals below may make more fresh:
        // the next pass sees them).
        let (from, to) = self.able_words;
        let sizes = I::all(self.size)[from * 8..to * 8].chunks_exact(8);
        let tops = self.top[from * 8..to * 8].chunks_exact(8);
        for (fresh, (sizes, tops)) in self.fresh[from..to].iter_mut().zip(sizes.zip(tops)) {
            *fresh = S::within(
                sizes.try_into().expect("8 sizes"),
                tops.try_into().expect("8 tops"),
            );
        }
        // The words with a column to look at, packed to the front without a branch (most
        // have none, and which is hard to predict).
        let mut words = 0;
        for w in from..to {
            let fresh = self.fresh[w];
            self.fresh[words] = fresh;
            self.words[words] = w as u32;
            words += usize::from(fresh != 0);
        }
        for k in 0..words {
            let (mut fresh, at) = (self.fresh[k], self.words[k] as usize * 8);
            while fresh != 0 {
                let i = at + fresh.trailing_zeros() as usize / 8;
                fresh &= fresh - 1;
                let (rows, made) = self.dominated(i, trailed);
                removed += rows;
                updates += made;
            }
        }
        (removed, updates)
    }

    /// Domination of column `i` (see [`dominate`](Self::dominate)), if it still has 2 to
    /// `top` rows; returns the rows removed and the link updates made.
    #[inline(always)]
    fn dominated(&mut self, i: usize, trailed: &mut usize) -> (u64, u64) {
        let (size, top) = (self.size(i), self.top[i]);
        if size < S::of(2) || size > top {
            return (0, 0);
        }
        let rows = size.count();
        self.top[i] = S::of(rows - 1);
        self.trail[*trailed] = CHECKED | (top.count() as u64) << 32 | i as u64;
        *trailed += 1;
        let first = self.down(i);
        let len = self.len_of(first);
        let mut partners = u32::from(I::at(self.partners, first));
        if W != 0 {
            // Rows of a fixed width: every other column of the first row is tested against
            // the other rows without a branch per test (the outcome is hard to predict).
            let mut js = [0; 8];
            let mut hits = 0u32;
            for k in 1..W {
                js[k] = self.col(first ^ k);
                let partner = partners >> (k - 1) & 1 != 0;
                let more = self.size(js[k]).count() > rows;
                hits |= u32::from(partner & more) << k;
            }
            let mut r = first;
            for _ in 1..rows {
                r = self.down(r);
                let mut meets = 0u32;
                for k in 1..W {
                    let meet = (1..W).fold(false, |any, l| any | (self.col(r ^ l) == js[k]));
                    meets |= u32::from(meet) << k;
                }
                hits &= meets;
                if hits == 0 {
                    break;
                }
            }
            partners = hits >> 1;
        } else if len > 9 {
            // Rows longer than the mask: the others past the eighth are all tried (up to
            // the 32nd; a longer row's further columns are not looked at).
            partners |= !0 << 8;
        }
        let (mut removed, mut updates) = (0, 0);
        'partners: while partners != 0 {
            let k = partners.trailing_zeros() as usize + 1;
            partners &= partners - 1;
            if k >= len {
                break;
            }
            let j = self.col(self.other(first, k));
            if W == 0 {
                if self.size(j).count() <= rows {
                    // Nothing to remove.
                    continue;
                }
                let mut r = first;
                for _ in 1..rows {
                    r = self.down(r);
                    if !self.meets(r, j) {
                        continue 'partners;
                    }
                }
            }
            let (rows, made) = self.remove_missing(j, i, trailed);
            removed += rows;
            updates += made;
        }
        (removed, updates)
    }

    /// Removes the rows of column `j` that miss column `i`, onto the trail; returns the rows
    /// removed and the link updates made.
    #[inline(never)]
    fn remove_missing(&mut self, j: usize, i: usize, trailed: &mut usize) -> (u64, u64) {
        let (mut removed, mut updates) = (0, 0);
        let mut n = self.down(j);
        for _ in 0..self.size(j).count() {
            let next = self.down(n);
            if !self.meets(n, i) {
                updates += self.remove_row(n);
                removed += 1;
                self.trail[*trailed] = n as u64;
                *trailed += 1;
            }
            n = next;
        }
        (removed, updates)
    }

    /// Unlinks every node of the row of `x` from its column; returns the nodes unlinked.
    #[inline(always)]
    fn remove_row(&mut self, x: usize) -> u64 {
        self.unlink::<true>(x);
        let len = self.len_of(x);
        for k in 1..len {
            self.unlink::<true>(self.other(x, k));
        }
        len as u64
    }

    /// Undoes the trail back to `mark` entries, the last entry first: relinks the rows that
    /// domination removed and puts back the `top` of the columns it looked at.
    #[inline(never)]
    fn restore(&mut self, trailed: &mut usize, mark: usize) {
        while *trailed > mark {
            *trailed -= 1;
            let entry = self.trail[*trailed];
            if entry & CHECKED != 0 {
                let i = entry as u32 as usize;
                self.top[i] = S::of((entry & !CHECKED) as usize >> 32);
            } else {
                let x = entry as usize;
                for k in (1..self.len_of(x)).rev() {
                    self.relink(self.other(x, k));
                }
                self.relink(x);
            }
        }
    }

    /// Undoes [`unlink`](Self::unlink) of node `j`.
    #[inline(always)]
    fn relink(&mut self, j: usize) {
        let (up, down, col) = (self.up(j), self.down(j), self.col(j));
        I::put(self.down, up, I::from_usize(j));
        I::put(self.up, down, I::from_usize(j));
        I::put(self.size, col, self.size(col).inc());
    }

    /// Covers every column of each row of `rows`, as choosing them would (the link
    /// updates are not counted); `false` as soon as a row meets a column already covered
    /// (two of the rows share a column).
    fn select_all(&mut self, rows: &[usize]) -> bool {
        for &r in rows {
            let first = self.base + (r << self.shift);
            let len = if W != 0 { W } else { self.lens[r] as usize };
            for n in first..first + len {
                let c = self.col(n);
                if self.size(c) >= S::COVERED {
                    return false;
                }
                self.cover::<false>(c);
            }
        }
        true
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
        self.for_others(x, false, |m, j| updates += m.cover::<true>(m.col(j)));
        updates
    }

    /// Undoes [`select_others`](Self::select_others).
    #[inline(always)]
    fn unselect_others(&mut self, x: usize) {
        self.for_others(x, true, |m, j| m.uncover(m.col(j)));
    }

    /// Removes column `c` and every row meeting it from the other columns, and returns the
    /// link updates made: one for the header, one for each node unlinked. With `TRACK`,
    /// `empty` follows.
    #[inline(always)]
    fn cover<const TRACK: bool>(&mut self, c: usize) -> u64 {
        let s = self.size(c);
        I::put(self.size, c, s.covered());
        if TRACK && S::TRACKS_EMPTY {
            // Only primary columns are counted off: an empty secondary column may not have
            // been counted (the choice that sets `empty` to 0 sees primary columns only).
            self.empty -= usize::from(s == S::default()) & usize::from(c < self.scan);
        }
        // The column has exactly `s` rows: a counted loop, whose exit the processor can
        // resolve without waiting for the links to load.
        let mut i = self.down(c);
        let mut updates = 1;
        for _ in 0..s.count() {
            // The next row is read first: unlinking this row's other nodes never changes
            // the links of column `c`, and the load need not wait for those stores.
            let next = self.down(i);
            self.for_others(i, false, |m, j| m.unlink::<TRACK>(j));
            updates += self.len_of(i) as u64 - 1;
            i = next;
        }
        updates
    }

    /// Unlinks node `j` from its column, whose size drops by one; with `TRACK`, counts the
    /// column in `empty` if that leaves it without rows.
    #[inline(always)]
    fn unlink<const TRACK: bool>(&mut self, j: usize) {
        let (up, down, col) = (self.up(j), self.down(j), self.col(j));
        I::put(self.down, up, I::from_usize(down));
        I::put(self.up, down, I::from_usize(up));
        let size = self.size(col).dec();
        I::put(self.size, col, size);
        if TRACK && S::TRACKS_EMPTY {
            self.empty += usize::from(size == S::default());
        }
    }

    /// Undoes [`cover`](Self::cover) of column `c`, relinking in reverse order.
    #[inline(always)]
    fn uncover(&mut self, c: usize) {
        let s = self.size(c).uncovered();
        let mut i = self.up(c);
        for _ in 0..s.count() {
            let next = self.up(i);
            self.for_others(i, true, |m, j| {
                let (up, down, col) = (m.up(j), m.down(j), m.col(j));
                I::put(m.down, up, I::from_usize(j));
                I::put(m.up, down, I::from_usize(j));
                I::put(m.size, col, m.size(col).inc());
            });
            i = next;
        }
        I::put(self.size, c, s);
        if S::TRACKS_EMPTY {
            // A column covered without rows is empty again.
            self.empty += usize::from(s == S::default());
        }
    }
}
