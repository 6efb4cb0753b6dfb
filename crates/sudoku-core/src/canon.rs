//! [`Grid::canonical`]: the minlex form of a grid, found by a row-by-row branch-and-bound search
//! over the 2 x 6^8 geometric symmetries, with digits labelled in order of first appearance.
//!
//! The search fixes the output one row at a time. Every candidate left after row `k` writes
//! the same (smallest possible) first `k` rows, and keeps as much freedom as those rows leave:
//! columns that looked alike so far, and stacks that did, stay in unordered groups instead of
//! being enumerated, and a digit first met in such a group gets its label only when its column
//! gets a place. See `docs/canonical.md` for the argument and the figures.

use crate::grid::Grid;
use crate::transform::Transform;

impl Grid {
    /// The canonical (minlex) form of the grid: the smallest 81-cell string, blanks as 0,
    /// among its images under every symmetry ([`Transform`]): transposition, band and stack
    /// permutations, row and column permutations within them, and every relabelling of the
    /// digits. Two grids have the same canonical form exactly when a symmetry maps one onto
    /// the other, so the form is a key to deduplicate collections of puzzles or solutions.
    ///
    /// It is a pure function of the cells: puzzles, solved grids, partial positions and grids
    /// whose givens clash all have one. In the form, digits are numbered 1, 2, 3... in order of
    /// first appearance, and blanks come as early as they can, since 0 is the smallest value.
    ///
    /// ```
    /// use sudoku_core::{Grid, Transform};
    ///
    /// let puzzle: Grid =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// // The same puzzle with its first two rows swapped, transposed, and digits 1 and 2 exchanged.
    /// let t = Transform::new(
    ///     [1, 0, 2, 3, 4, 5, 6, 7, 8],
    ///     [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ///     true,
    ///     [2, 1, 3, 4, 5, 6, 7, 8, 9],
    /// )?;
    /// let disguised = t.apply(&puzzle);
    /// assert_ne!(disguised, puzzle);
    /// assert_eq!(disguised.canonical(), puzzle.canonical());
    /// assert_eq!(
    ///     puzzle.canonical().to_string(),
    ///     "........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45."
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self) -> Grid {
        let (form, _) = Search::run(self);
        form
    }

    /// A symmetry that maps the grid onto its [canonical](Grid::canonical) form:
    /// `g.canonical_transform().apply(&g) == g.canonical()`. Its [inverse](Transform::inverse)
    /// maps anything worked out on the canonical form (a solution, say) back onto the grid.
    ///
    /// When the grid has automorphisms several transforms qualify; this is one of them. Digits
    /// that do not occur in the grid take the labels left over, in increasing order.
    ///
    /// ```
    /// use sudoku_core::Grid;
    ///
    /// let puzzle: Grid =
    ///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
    /// let t = puzzle.canonical_transform();
    /// assert_eq!(t.apply(&puzzle), puzzle.canonical());
    /// assert_eq!(t.inverse().apply(&puzzle.canonical()), puzzle);
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    pub fn canonical_transform(&self) -> Transform {
        let (_, transform) = Search::run(self);
        transform
    }
}

/// In [`Node::labels`], the code `DEFERRED * (j + 1) + x` marks a digit first met in output
/// row `j` in source column `x` while that column had no place yet: its label is the value row
/// `j` of the output shows at the place the column eventually takes.
const DEFERRED: u8 = 16;

/// The deferred code of a digit first met in output row `row`, source column `x`.
fn deferred(row: usize, x: u8) -> u8 {
    DEFERRED * (row as u8 + 1) + x
}

/// The output cell whose value labels the digit with deferred code `code`, given the place of
/// its column.
fn deferred_cell(code: u8, place: usize) -> usize {
    9 * (code / DEFERRED - 1) as usize + place
}

/// A candidate: a set of partial symmetries that all write the smallest first rows found so
/// far, described by what is fixed and which lines are still interchangeable.
///
/// Places within a stack and slots of stacks are grouped by bit masks: bit `i` of a mask is
/// set when a group starts at place `i`, and bit 3 is always set. A group of one is fixed.
/// The members of a larger group looked alike (up to the labels they defer) in every row
/// written so far, so any order of them writes the same output.
#[derive(Clone, Copy)]
struct Node {
    /// Whether the source is the transposed grid.
    transposed: bool,
    /// The source row of each output row written so far.
    rows: [u8; 9],
    /// The source rows used, one bit each.
    used: u16,
    /// The source stack in each output slot (within a group, in no particular order).
    slots: [u8; 3],
    /// Groups of slots.
    slot_starts: u8,
    /// For each source stack, the source column at each of its three places.
    cols: [[u8; 3]; 3],
    /// For each source stack, groups of its places.
    col_starts: [u8; 3],
    /// For each source digit: 0 when not met yet, its label 1 to 9, or a deferred code.
    labels: [u8; 10],
    /// The label the next new digit gets.
    next_label: u8,
}

/// Bit 0 (a group starts at the first place) and bit 3 (the end): one group of three.
const ONE_GROUP: u8 = 0b1001;

impl Node {
    fn new(transposed: bool) -> Node {
        Node {
            transposed,
            rows: [0; 9],
            used: 0,
            slots: [0, 1, 2],
            slot_starts: ONE_GROUP,
            cols: [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
            col_starts: [ONE_GROUP; 3],
            labels: [0; 10],
            next_label: 1,
        }
    }

    /// The current place (0 to 8) of source column `x`, with no change.
    fn place(&self, x: usize) -> usize {
        3 * self.slot_of(x / 3) + index_of(&self.cols[x / 3], x)
    }

    /// The slot that holds source stack `stack`.
    fn slot_of(&self, stack: usize) -> usize {
        index_of(&self.slots, stack)
    }

    /// Fixes source column `x` at the first place its groups allow, and returns that place.
    /// Used when a deferred digit of the column is read: its label is then the smallest the
    /// column's group can give, since labels deferred in one group grow with the place.
    fn pin(&mut self, x: usize) -> usize {
        let stack = x / 3;
        let mut slot = self.slot_of(stack);
        if !alone(self.slot_starts, slot) {
            let (first, _) = group(self.slot_starts, slot);
            self.slots.swap(first, slot);
            self.slot_starts |= 1 << (first + 1);
            slot = first;
        }
        let cols = &mut self.cols[stack];
        let mut i = index_of(cols, x);
        if !alone(self.col_starts[stack], i) {
            let (first, _) = group(self.col_starts[stack], i);
            cols.swap(first, i);
            self.col_starts[stack] |= 1 << (first + 1);
            i = first;
        }
        3 * slot + i
    }
}

/// Where `value` is in `three`, which holds it once.
fn index_of(three: &[u8; 3], value: usize) -> usize {
    usize::from(three[1] as usize == value) + 2 * usize::from(three[2] as usize == value)
}

/// Whether place `i` is a group of its own.
fn alone(starts: u8, i: usize) -> bool {
    (starts >> i) & 3 == 3
}

/// The group `[first, end)` that holds place `i`.
fn group(starts: u8, i: usize) -> (usize, usize) {
    let first = 7 - (starts & ((2 << i) - 1)).leading_zeros() as usize;
    let end = i + 1 + (starts >> (i + 1)).trailing_zeros() as usize;
    (first, end)
}

/// How a cell of the row being written compares with its neighbours when ordering a group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A blank: the smallest value, first in any group.
    Blank,
    /// A digit with a label (fixed or deferred), or any digit of a row that repeats one:
    /// placed one at a time, trying each.
    Labelled,
    /// A digit not met yet, once in the row: it gets the next label wherever it goes, so new
    /// digits of a group stay interchangeable, after the labelled ones.
    New,
}

/// The search: the output written so far and the candidates of the row being written.
struct Search {
    /// The grid and its transpose, row-major.
    grids: [[u8; 81]; 2],
    /// Rows before `k`: the canonical form; row `k`: the best row found so far, its first
    /// `known` places.
    out: [u8; 81],
    /// How many places of row `k` the best row has so far.
    known: usize,
    /// The output row being written.
    k: usize,
    /// The source row being tried for output row `k`, by source column.
    row: [u8; 9],
    /// Whether digits not met yet are [`Kind::New`] in this row: the row repeats no digit.
    group_new: bool,
    /// Candidates that wrote the best row `k` so far.
    next: Vec<Node>,
}

impl Search {
    fn run(grid: &Grid) -> (Grid, Transform) {
        let cells = *grid.cells();
        let mut transposed = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                transposed[c * 9 + r] = cells[r * 9 + c];
            }
        }
        let mut search = Search {
            grids: [cells, transposed],
            out: [0; 81],
            known: 0,
            k: 0,
            row: [0; 9],
            group_new: true,
            next: Vec::new(),
        };
        let mut lines = [Lines::of(&cells), Lines::of(&transposed)];
        // The first output row: rows that repeat no digit are written blanks first, stacks by
        // their number of digits, labels 1, 2, 3...; only those whose counts sort smallest
        // can win. Rows that repeat a digit are all tried.
        let least = lines.iter().flat_map(|l| l.key).min().expect("nine rows");
        for l in &mut lines {
            l.top = (0..9).fold(0, |top, r| {
                top | u16::from(l.key[r] == least || l.key[r] == REPEATS) << r
            });
        }
        let mut current = vec![Node::new(false)];
        if transposed != cells {
            current.push(Node::new(true));
        }
        for k in 0..9 {
            search.k = k;
            search.known = 0;
            search.next.clear();
            for node in &current {
                search.extend(node, &lines[usize::from(node.transposed)]);
            }
            std::mem::swap(&mut current, &mut search.next);
        }
        let form = Grid::from_cells(search.out).expect("labels are digits");
        let transform = search.transform(&current[0]);
        debug_assert_eq!(transform.apply(grid), form);
        (form, transform)
    }

    /// Tries every source row that may come next in `node`, one of each set of twins.
    fn extend(&mut self, node: &Node, lines: &Lines) {
        let k = self.k;
        let (lo, hi) = if k % 3 == 0 {
            (0, 9)
        } else {
            let band = node.rows[k - k % 3] as usize / 3;
            (3 * band, 3 * band + 3)
        };
        let free_bands = (0..3)
            .filter(|b| node.used >> (3 * b) & 7 == 0)
            .fold(0u8, |m, b| m | 1 << b);
        for r in lo..hi {
            if node.used >> r & 1 != 0 || lines.twin_rows[r] & !node.used != 0 {
                continue;
            }
            if k % 3 == 0
                && (free_bands >> (r / 3) & 1 == 0 || lines.twin_bands[r / 3] & free_bands != 0)
            {
                continue;
            }
            if k == 0 && lines.top >> r & 1 == 0 {
                continue;
            }
            let mut child = *node;
            child.rows[k] = r as u8;
            child.used |= 1 << r;
            let source = &self.grids[usize::from(node.transposed)];
            self.row.copy_from_slice(&source[r * 9..r * 9 + 9]);
            self.group_new = lines.key[r] != REPEATS;
            self.walk(child, 0);
        }
    }

    /// Writes value `v` at place `p` of the row: false when it makes the row worse than the
    /// best so far; when it makes it better, the candidates of the old best are dropped.
    fn emit(&mut self, p: usize, v: u8) -> bool {
        let at = self.k * 9 + p;
        if p < self.known {
            let best = self.out[at];
            if v > best {
                return false;
            }
            if v == best {
                return true;
            }
            self.next.clear();
        }
        self.out[at] = v;
        self.known = p + 1;
        true
    }

    /// The kind of the cell of source column `x` in the row being written.
    fn kind(&self, node: &Node, x: u8) -> Kind {
        let d = self.row[x as usize];
        if d == 0 {
            Kind::Blank
        } else if self.group_new && node.labels[d as usize] == 0 {
            Kind::New
        } else {
            Kind::Labelled
        }
    }

    /// The label digit `d` shows at a place that is fixed now (0 for a blank): a new digit
    /// takes the next label, a deferred one fixes its column's place.
    fn label(&self, node: &mut Node, d: u8) -> u8 {
        let d = d as usize;
        let label = node.labels[d];
        if d == 0 {
            0
        } else if label == 0 {
            node.labels[d] = node.next_label;
            node.next_label += 1;
            node.labels[d]
        } else if label < DEFERRED {
            label
        } else {
            let place = node.pin((label % DEFERRED) as usize);
            node.labels[d] = self.out[deferred_cell(label, place)];
            node.labels[d]
        }
    }

    /// Writes the rest of row `k` from place `p` on, for every arrangement that `node` allows
    /// and that stays as small as the best row, and keeps the candidates that finish it.
    fn walk(&mut self, mut node: Node, mut p: usize) {
        while p < 9 {
            let (slot, i) = (p / 3, p % 3);
            if i == 0 && !alone(node.slot_starts, slot) {
                return self.stacks(node, slot);
            }
            let stack = node.slots[slot] as usize;
            let starts = node.col_starts[stack];
            if alone(starts, i) {
                let d = self.row[node.cols[stack][i] as usize];
                let v = self.label(&mut node, d);
                if !self.emit(p, v) {
                    return;
                }
                p += 1;
                continue;
            }
            // A group of places [i, end) in a placed stack: blanks first, then labelled
            // digits (one at a time), then new digits.
            let (_, end) = group(starts, i);
            let members = node.cols[stack];
            let mut count = [0usize; 3];
            for &x in &members[i..end] {
                count[self.kind(&node, x) as usize] += 1;
            }
            let size = end - i;
            if count[Kind::Blank as usize] == size {
                for q in p..p + size {
                    if !self.emit(q, 0) {
                        return;
                    }
                }
                p += size;
            } else if count[Kind::New as usize] == size {
                for &x in &members[i..end] {
                    let d = self.row[x as usize] as usize;
                    node.labels[d] = deferred(self.k, x);
                    let v = node.next_label;
                    node.next_label += 1;
                    if !self.emit(p, v) {
                        return;
                    }
                    p += 1;
                }
            } else if count[Kind::Labelled as usize] == size && self.group_new {
                // Each member in turn takes place `i`; only those with the smallest value
                // there go on, so no branch is walked that a later one would beat at once.
                let mut children = [node; 3];
                let mut values = [u8::MAX; 3];
                for q in i..end {
                    let child = &mut children[q - i];
                    child.cols[stack].swap(i, q);
                    child.col_starts[stack] |= 1 << (i + 1);
                    let d = self.row[child.cols[stack][i] as usize];
                    values[q - i] = self.label(child, d);
                }
                let least = values.iter().copied().min().expect("three values");
                if self.emit(p, least) {
                    for (child, v) in children.into_iter().zip(values).take(size) {
                        if v == least {
                            self.walk(child, p + 1);
                        }
                    }
                }
                return;
            } else if count[Kind::Labelled as usize] == size {
                return self.repeated(node, stack, p);
            } else {
                // Mixed: sort the group by kind and split it; the loop takes the parts.
                let mut at = i;
                for kind in [Kind::Blank, Kind::Labelled, Kind::New] {
                    for &x in &members[i..end] {
                        if self.kind(&node, x) == kind {
                            node.cols[stack][at] = x;
                            at += 1;
                        }
                    }
                    if at < end {
                        node.col_starts[stack] |= 1 << at;
                    }
                }
            }
        }
        self.next.push(node);
    }

    /// A group of digits at place `p` of a row that repeats a digit: each digit in turn comes
    /// first with all its columns, which stay grouped (they looked alike before, and do now).
    fn repeated(&mut self, node: Node, stack: usize, p: usize) {
        let (i, end) = group(node.col_starts[stack], p % 3);
        let members = node.cols[stack];
        for q in i..end {
            let d = self.row[members[q] as usize];
            if members[i..q].iter().any(|&x| self.row[x as usize] == d) {
                continue;
            }
            let mut child = node;
            let mut at = i;
            for keep in [true, false] {
                for &x in &members[i..end] {
                    if (self.row[x as usize] == d) == keep {
                        child.cols[stack][at] = x;
                        at += 1;
                    }
                }
                if keep {
                    child.col_starts[stack] |= 1 << at;
                }
            }
            let size = members[i..end]
                .iter()
                .filter(|&&x| self.row[x as usize] == d)
                .count();
            let v = self.label(&mut child, d);
            if (p..p + size).all(|place| self.emit(place, v)) {
                self.walk(child, p + size);
            }
        }
    }

    /// The stacks of a group of slots starting at `first`, for row `k`: stacks whose row is
    /// blank come first and stay grouped; then each stack with a labelled digit, and each set
    /// of stacks that hold only blanks and new digits in the same pattern, is tried first.
    fn stacks(&mut self, mut node: Node, first: usize) {
        let (_, end) = group(node.slot_starts, first);
        let mut patterns = [None; 3];
        for s in first..end {
            patterns[s] = self.pattern(&node, node.slots[s] as usize);
        }
        let blank = (first..end).filter(|&s| patterns[s] == Some(0)).count();
        if blank > 0 {
            node.slots = gather(node.slots, &patterns, first, end, Some(0));
            if first + blank < end {
                node.slot_starts |= 1 << (first + blank);
            }
            for p in 3 * first..3 * (first + blank) {
                if !self.emit(p, 0) {
                    return;
                }
            }
            return self.walk(node, 3 * (first + blank));
        }
        for s in first..end {
            let pattern = patterns[s];
            if pattern.is_some() && (first..s).any(|t| patterns[t] == pattern) {
                continue;
            }
            let mut child = node;
            let size = if pattern.is_some() {
                child.slots = gather(node.slots, &patterns, first, end, pattern);
                (first..end).filter(|&t| patterns[t] == pattern).count()
            } else {
                child.slots.swap(first, s);
                1
            };
            child.slot_starts |= 1 << (first + size);
            if size == 1 {
                self.walk(child, 3 * first);
                continue;
            }
            // A block of stacks with one pattern of blanks and new digits: they stay grouped,
            // and so do their new digits, deferred.
            let pattern = pattern.expect("blocks have a pattern");
            for t in first..first + size {
                let stack = child.slots[t] as usize;
                self.split_blanks_first(&mut child, stack);
            }
            let mut fits = true;
            for p in 3 * first..3 * (first + size) {
                let v = if pattern >> (p % 3) & 1 != 0 {
                    child.next_label += 1;
                    child.next_label - 1
                } else {
                    0
                };
                if !self.emit(p, v) {
                    fits = false;
                    break;
                }
            }
            if fits {
                self.walk(child, 3 * (first + size));
            }
        }
    }

    /// The places of a stack that row `k` fills, blanks first within each group, when it
    /// holds only blanks and new digits; `None` when it holds a labelled digit.
    fn pattern(&self, node: &Node, stack: usize) -> Option<u8> {
        let starts = node.col_starts[stack];
        let mut pattern = 0;
        let mut i = 0;
        while i < 3 {
            let (_, end) = group(starts, i);
            let mut blanks = 0;
            for &x in &node.cols[stack][i..end] {
                match self.kind(node, x) {
                    Kind::Blank => blanks += 1,
                    Kind::New => {}
                    Kind::Labelled => return None,
                }
            }
            for q in i + blanks..end {
                pattern |= 1 << q;
            }
            i = end;
        }
        Some(pattern)
    }

    /// Orders each group of `stack`'s places blanks first, splits blanks from new digits,
    /// and defers the new digits' labels to their columns' places.
    fn split_blanks_first(&self, node: &mut Node, stack: usize) {
        let mut i = 0;
        while i < 3 {
            let (_, end) = group(node.col_starts[stack], i);
            let members = node.cols[stack];
            let mut at = i;
            for &x in members[i..end]
                .iter()
                .filter(|&&x| self.row[x as usize] == 0)
            {
                node.cols[stack][at] = x;
                at += 1;
            }
            if at > i && at < end {
                node.col_starts[stack] |= 1 << at;
            }
            for &x in members[i..end]
                .iter()
                .filter(|&&x| self.row[x as usize] != 0)
            {
                node.cols[stack][at] = x;
                node.labels[self.row[x as usize] as usize] = deferred(self.k, x);
                at += 1;
            }
            i = end;
        }
    }

    /// The symmetry a finished candidate stands for: groups still open take any order, and
    /// digits that never occur take the labels left.
    fn transform(&self, node: &Node) -> Transform {
        let mut cols = [0u8; 9];
        for (slot, &stack) in node.slots.iter().enumerate() {
            cols[3 * slot..3 * slot + 3].copy_from_slice(&node.cols[stack as usize]);
        }
        let mut digits = [0u8; 9];
        let mut taken = 0u16;
        for d in 1..=9 {
            let label = node.labels[d];
            let label = if label >= DEFERRED {
                self.out[deferred_cell(label, node.place((label % DEFERRED) as usize))]
            } else {
                label
            };
            digits[d - 1] = label;
            taken |= 1 << label;
        }
        let mut spare = (1..=9u8).filter(|&l| taken >> l & 1 == 0);
        for label in digits.iter_mut().filter(|l| **l == 0) {
            *label = spare.next().expect("as many spare labels as unseen digits");
        }
        Transform::new(node.rows, cols, node.transposed, digits)
            .expect("the search moves whole bands and stacks")
    }
}

/// The slots `first..end` with the stacks whose pattern is `pattern` first, the others after,
/// each part in its former order.
fn gather(
    slots: [u8; 3],
    patterns: &[Option<u8>; 3],
    first: usize,
    end: usize,
    pattern: Option<u8>,
) -> [u8; 3] {
    let mut out = slots;
    let mut at = first;
    for keep in [true, false] {
        for s in first..end {
            if (patterns[s] == pattern) == keep {
                out[at] = slots[s];
                at += 1;
            }
        }
    }
    out
}

/// What the search needs to know of the rows of the grid or of its transpose.
struct Lines {
    /// For each row, the earlier rows of its band with the same cells: trying one of a set of
    /// twins stands for trying any.
    twin_rows: [u16; 9],
    /// For each band, the earlier bands with the same cells.
    twin_bands: [u8; 3],
    /// For each row, its numbers of digits per stack sorted, base 4, or [`REPEATS`] when it
    /// repeats a digit.
    key: [u8; 9],
    /// The rows worth trying as the first output row.
    top: u16,
}

/// The [`Lines::key`] of a row that repeats a digit: it may come first whatever its counts,
/// since a repeated digit can give it smaller labels.
const REPEATS: u8 = u8::MAX;

impl Lines {
    fn of(cells: &[u8; 81]) -> Lines {
        let row = |r: usize| &cells[r * 9..r * 9 + 9];
        let band = |b: usize| &cells[b * 27..b * 27 + 27];
        let mut lines = Lines {
            twin_rows: [0; 9],
            twin_bands: [0; 3],
            key: [0; 9],
            top: 0,
        };
        for r in 0..9 {
            for earlier in r - r % 3..r {
                if row(earlier) == row(r) {
                    lines.twin_rows[r] |= 1 << earlier;
                }
            }
            let mut seen = 0u16;
            let mut counts = [0u8; 3];
            for (c, &d) in row(r).iter().enumerate().filter(|&(_, &d)| d != 0) {
                if seen >> d & 1 != 0 {
                    lines.key[r] = REPEATS;
                }
                seen |= 1 << d;
                counts[c / 3] += 1;
            }
            if lines.key[r] != REPEATS {
                counts.sort_unstable();
                lines.key[r] = 16 * counts[0] + 4 * counts[1] + counts[2];
            }
        }
        for b in 0..3 {
            for earlier in 0..b {
                if band(earlier) == band(b) {
                    lines.twin_bands[b] |= 1 << earlier;
                }
            }
        }
        lines
    }
}
