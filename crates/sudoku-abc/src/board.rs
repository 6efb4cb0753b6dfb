//! The encoding and its O(1) moves.
//!
//! A [`Layout`] is what every food source of one puzzle shares: the fixed cells, the free
//! cells of each box with the digits the box misses, and the candidates of each free cell.
//! A [`Source`] is one food source: a complete grid in which each box holds a permutation
//! of its missing digits, with per-row and per-column digit counts and its conflict count,
//! so that the effect of swapping two cells is computed and applied in constant time.

use sudoku_core::{BOX_OF, COL_OF, ROW_OF, UNITS};

use crate::colony::{Encoding, FoodSource};
use crate::matching::random_matching;
use crate::presolve::Reduced;
use rand::Rng as _;
use sudoku_core::SeededRng as Rng;

/// A number in `0..n` (`0 < n < 2^32`) by Lemire's multiply-shift on 32 random bits: the
/// colony draws one per move, so this stays inline and branch-free (`rand`'s
/// `random_range` rejects to remove a bias of at most `n / 2^32`, which a heuristic search
/// does not need, and costs a fifth of the run when it is not inlined).
#[inline]
pub(crate) fn below(rng: &mut Rng, n: usize) -> usize {
    debug_assert!(n > 0 && n as u64 <= u64::from(u32::MAX));
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The free cells of one box and the digits the box misses (as many of each).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BoxCells {
    pub(crate) cells: [u8; 9],
    pub(crate) digits: [u8; 9],
    pub(crate) len: u8,
}

impl BoxCells {
    #[inline]
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// What every food source of one puzzle shares.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Digits of the fixed cells (givens and, with the pre-solver, what it filled); 0 = free.
    pub(crate) fixed: [u8; 81],
    /// The digits each free cell may take (bit `d - 1` for digit `d`). Without candidate
    /// restriction, every digit its box misses.
    pub(crate) allowed: [u16; 81],
    /// Free cells and missing digits of each box.
    pub(crate) boxes: [BoxCells; 9],
    /// Boxes with at least two free cells (where a swap exists).
    pub(crate) movable_boxes: Vec<u8>,
    /// Free cells of those boxes.
    pub(crate) movable_cells: Vec<u8>,
    /// Whether each cell is one of `movable_cells`.
    pub(crate) movable: [bool; 81],
}

impl Layout {
    /// The layout of a reduced puzzle. With `respect_candidates`, free cells may only take
    /// their candidates; `None` when some box then has no complete assignment (Hall's
    /// condition fails), which proves the puzzle has no solution.
    pub(crate) fn new(reduced: &Reduced, respect_candidates: bool) -> Option<Layout> {
        let mut boxes = [BoxCells::default(); 9];
        let mut allowed = [0u16; 81];
        for b in 0..9 {
            let unit = &UNITS[18 + b];
            let mut missing = 0x1FFu16;
            for &cell in unit {
                let digit = reduced.fixed[cell as usize];
                if digit != 0 {
                    missing &= !(1 << (digit - 1));
                }
            }
            let entry = &mut boxes[b];
            for &cell in unit {
                if reduced.fixed[cell as usize] == 0 {
                    entry.cells[entry.len as usize] = cell;
                    entry.len += 1;
                    allowed[cell as usize] = if respect_candidates {
                        reduced.candidates[cell as usize] as u16 & missing
                    } else {
                        missing
                    };
                }
            }
            let mut k = 0;
            for d in 1..=9u8 {
                if missing & (1 << (d - 1)) != 0 {
                    entry.digits[k] = d;
                    k += 1;
                }
            }
            debug_assert_eq!(k, entry.len as usize);
        }
        let movable_boxes: Vec<u8> = (0..9u8).filter(|&b| boxes[b as usize].len >= 2).collect();
        let movable_cells: Vec<u8> = movable_boxes
            .iter()
            .flat_map(|&b| boxes[b as usize].cells().to_vec())
            .collect();
        let mut movable = [false; 81];
        for &cell in &movable_cells {
            movable[cell as usize] = true;
        }
        let layout = Layout {
            fixed: (reduced.fixed.as_slice())
                .try_into()
                .expect("a classic board has 81 cells"),
            allowed,
            boxes,
            movable_boxes,
            movable_cells,
            movable,
        };
        let mut rng = sudoku_core::seeded_rng(0);
        let mut scratch = [0u8; 81];
        (0..9)
            .all(|b| layout.assign_box(b, &mut rng, &mut scratch))
            .then_some(layout)
    }

    /// Whether `a` may take digit `y` and `b` digit `x` (so that a swap keeps candidates).
    #[inline]
    pub(crate) fn swappable(&self, a: usize, x: u8, b: usize, y: u8) -> bool {
        self.allowed[a] & (1 << (y - 1)) != 0 && self.allowed[b] & (1 << (x - 1)) != 0
    }

    /// Writes into `cells` a random assignment of box `b`'s missing digits to its free
    /// cells, each cell getting an allowed digit. False when none exists.
    fn assign_box(&self, b: usize, rng: &mut Rng, cells: &mut [u8; 81]) -> bool {
        let entry = &self.boxes[b];
        let n = entry.len as usize;
        let mut allowed = [0u32; 9];
        for i in 0..n {
            allowed[i] = u32::from(self.allowed[entry.cells[i] as usize]);
        }
        let mut owner = [usize::MAX; 9];
        if !random_matching(n, &allowed, &entry.digits, rng, &mut owner) {
            return false;
        }
        for j in 0..n {
            cells[entry.cells[owner[j]] as usize] = entry.digits[j];
        }
        true
    }
}

/// One food source: a full grid whose boxes hold permutations of their missing digits.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    pub(crate) cells: [u8; 81],
    /// `rows[r][d]`: how many times digit `d` (1 to 9) appears in row `r`; index 0 unused.
    rows: [[u8; 10]; 9],
    cols: [[u8; 10]; 9],
    /// `row_dups[r]`: the digits that repeat in row `r` (bit `d - 1` for digit `d`).
    pub(crate) row_dups: [u16; 9],
    /// `col_dups[c]`: the digits that repeat in column `c`.
    pub(crate) col_dups: [u16; 9],
    /// The lines with a repeat: bit `r` for row `r`, bit `9 + c` for column `c`.
    dup_lines: u32,
    /// Row and column conflicts: for each row and column, the sum over digits of count - 1.
    pub(crate) fitness: u32,
    /// Moves applied to this source (the clock of the tabu memory).
    pub(crate) moves: u32,
    /// `tabu_until[cell]`: the move count until which `cell` may not be a swap partner
    /// unless the swap improves the source.
    pub(crate) tabu_until: [u32; 81],
}

impl Source {
    /// A random source: each box a random permutation (respecting allowed digits).
    pub(crate) fn random(layout: &Layout, rng: &mut Rng) -> Source {
        let mut cells = layout.fixed;
        for b in 0..9 {
            let ok = layout.assign_box(b, rng, &mut cells);
            debug_assert!(ok, "layouts are checked to admit assignments");
        }
        let mut source = Source {
            cells,
            rows: [[0; 10]; 9],
            cols: [[0; 10]; 9],
            row_dups: [0; 9],
            col_dups: [0; 9],
            dup_lines: 0,
            fitness: 0,
            moves: 0,
            tabu_until: [0; 81],
        };
        source.recount();
        source
    }

    /// Recomputes the counts and the fitness from the cells.
    pub(crate) fn recount(&mut self) {
        self.rows = [[0; 10]; 9];
        self.cols = [[0; 10]; 9];
        for cell in 0..81 {
            let d = self.cells[cell] as usize;
            self.rows[ROW_OF[cell] as usize][d] += 1;
            self.cols[COL_OF[cell] as usize][d] += 1;
        }
        self.dup_lines = 0;
        for unit in 0..9 {
            self.row_dups[unit] = 0;
            self.col_dups[unit] = 0;
            for d in 1..=9 {
                if self.rows[unit][d] >= 2 {
                    self.row_dups[unit] |= 1 << (d - 1);
                }
                if self.cols[unit][d] >= 2 {
                    self.col_dups[unit] |= 1 << (d - 1);
                }
            }
            if self.row_dups[unit] != 0 {
                self.dup_lines |= 1 << unit;
            }
            if self.col_dups[unit] != 0 {
                self.dup_lines |= 1 << (9 + unit);
            }
        }
        self.fitness = full_conflicts(&self.cells);
    }

    /// Records an applied move of cells `a` and `b` in the tabu memory.
    #[inline]
    pub(crate) fn remember(&mut self, a: usize, b: usize, tenure: u32) {
        self.moves = self.moves.wrapping_add(1);
        self.tabu_until[a] = self.moves.saturating_add(tenure);
        self.tabu_until[b] = self.tabu_until[a];
    }

    /// Whether `cell` is tabu as a swap partner.
    #[inline]
    pub(crate) fn is_tabu(&self, cell: usize) -> bool {
        self.moves < self.tabu_until[cell]
    }

    /// Whether the digit of `cell` repeats in its row or its column.
    #[inline]
    pub(crate) fn in_conflict(&self, cell: usize) -> bool {
        let d = self.cells[cell] as usize;
        self.rows[ROW_OF[cell] as usize][d] > 1 || self.cols[COL_OF[cell] as usize][d] > 1
    }

    /// The change of fitness if cells `a` and `b` (distinct, same box) swapped digits.
    #[inline(always)]
    pub(crate) fn swap_delta(&self, a: usize, b: usize) -> i32 {
        let x = self.cells[a] as usize;
        let y = self.cells[b] as usize;
        let mut delta = 0;
        let (ra, rb) = (ROW_OF[a] as usize, ROW_OF[b] as usize);
        if ra != rb {
            let (row_a, row_b) = (&self.rows[ra], &self.rows[rb]);
            delta += (row_a[y] >= 1) as i32 - (row_a[x] >= 2) as i32;
            delta += (row_b[x] >= 1) as i32 - (row_b[y] >= 2) as i32;
        }
        let (ca, cb) = (COL_OF[a] as usize, COL_OF[b] as usize);
        if ca != cb {
            let (col_a, col_b) = (&self.cols[ca], &self.cols[cb]);
            delta += (col_a[y] >= 1) as i32 - (col_a[x] >= 2) as i32;
            delta += (col_b[x] >= 1) as i32 - (col_b[y] >= 2) as i32;
        }
        delta
    }

    /// Swaps the digits of `a` and `b`, whose [`swap_delta`](Self::swap_delta) is `delta`.
    #[inline]
    pub(crate) fn swap(&mut self, a: usize, b: usize, delta: i32) {
        let x = self.cells[a] as usize;
        let y = self.cells[b] as usize;
        let (ra, rb) = (ROW_OF[a] as usize, ROW_OF[b] as usize);
        self.rows[ra][x] -= 1;
        self.rows[ra][y] += 1;
        self.rows[rb][y] -= 1;
        self.rows[rb][x] += 1;
        let (ca, cb) = (COL_OF[a] as usize, COL_OF[b] as usize);
        self.cols[ca][x] -= 1;
        self.cols[ca][y] += 1;
        self.cols[cb][y] -= 1;
        self.cols[cb][x] += 1;
        for (r, d) in [(ra, x), (ra, y), (rb, x), (rb, y)] {
            set_bit(&mut self.row_dups[r], d, self.rows[r][d] >= 2);
        }
        for (c, d) in [(ca, x), (ca, y), (cb, x), (cb, y)] {
            set_bit(&mut self.col_dups[c], d, self.cols[c][d] >= 2);
        }
        for line in [ra, rb] {
            set_line(&mut self.dup_lines, line, self.row_dups[line] != 0);
        }
        for line in [ca, cb] {
            set_line(&mut self.dup_lines, 9 + line, self.col_dups[line] != 0);
        }
        self.cells.swap(a, b);
        self.fitness = (self.fitness as i32 + delta) as u32;
    }

    /// A random free, movable cell whose digit repeats in its row or column: a random row or
    /// column with a repeat, a random repeated digit of it, a random movable cell holding
    /// it. `None` when no movable cell is in conflict.
    pub(crate) fn conflicting_cell(&self, layout: &Layout, rng: &mut Rng) -> Option<usize> {
        let lines = self.dup_lines;
        if lines == 0 {
            return None;
        }
        let unit = nth_bit(u64::from(lines), below(rng, lines.count_ones() as usize));
        let dups = u32::from(if unit < 9 {
            self.row_dups[unit]
        } else {
            self.col_dups[unit - 9]
        });
        let digit = nth_bit(u64::from(dups), below(rng, dups.count_ones() as usize)) as u8 + 1;
        let mut found = [0u8; 9];
        let mut n = 0;
        for &cell in &UNITS[unit] {
            if self.cells[cell as usize] == digit && layout.movable[cell as usize] {
                found[n] = cell;
                n += 1;
            }
        }
        (n > 0).then(|| found[below(rng, n)] as usize)
    }
}

/// Boxes that share a band or a stack with each box (4 of them).
const ALIGNED_BOXES: [[u8; 4]; 9] = {
    let mut t = [[0u8; 4]; 9];
    let mut b = 0;
    while b < 9 {
        let mut k = 0;
        let mut o = 0;
        while o < 9 {
            if o != b && (o / 3 == b / 3 || o % 3 == b % 3) {
                t[b][k] = o as u8;
                k += 1;
            }
            o += 1;
        }
        b += 1;
    }
    t
};

impl Encoding for Layout {
    type Cell = u8;
    type Source = Source;

    #[inline]
    fn box_cells(&self, b: usize) -> &[u8] {
        self.boxes[b].cells()
    }

    #[inline]
    fn box_of(&self, cell: usize) -> usize {
        box_of(cell)
    }

    #[inline]
    fn movable_boxes(&self) -> &[u8] {
        &self.movable_boxes
    }

    #[inline]
    fn movable_cells(&self) -> &[u8] {
        &self.movable_cells
    }

    #[inline]
    fn aligned_boxes(&self, b: usize) -> &[u8] {
        &ALIGNED_BOXES[b]
    }

    #[inline]
    fn swappable(&self, a: usize, x: u8, b: usize, y: u8) -> bool {
        Layout::swappable(self, a, x, b, y)
    }
}

impl FoodSource<Layout> for Source {
    fn random(layout: &Layout, rng: &mut Rng) -> Source {
        Source::random(layout, rng)
    }

    #[inline]
    fn fitness(&self) -> u32 {
        self.fitness
    }

    #[inline]
    fn digit(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    #[inline]
    fn in_conflict(&self, _: &Layout, cell: usize) -> bool {
        Source::in_conflict(self, cell)
    }

    #[inline]
    fn conflicting_cell(&self, layout: &Layout, rng: &mut Rng) -> Option<usize> {
        Source::conflicting_cell(self, layout, rng)
    }

    #[inline(always)]
    fn swap_delta(&self, _: &Layout, a: usize, b: usize) -> i32 {
        Source::swap_delta(self, a, b)
    }

    #[inline]
    fn swap(&mut self, _: &Layout, a: usize, b: usize, delta: i32) {
        Source::swap(self, a, b, delta);
    }

    #[inline]
    fn remember(&mut self, a: usize, b: usize, tenure: u32) {
        Source::remember(self, a, b, tenure);
    }

    #[inline]
    fn is_tabu(&self, cell: usize) -> bool {
        Source::is_tabu(self, cell)
    }
}

/// The index of the `k`-th set bit of `mask` (which has more than `k`).
#[inline]
pub(crate) fn nth_bit(mut mask: u64, k: usize) -> usize {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

#[inline]
fn set_line(mask: &mut u32, line: usize, on: bool) {
    if on {
        *mask |= 1 << line;
    } else {
        *mask &= !(1 << line);
    }
}

#[inline]
fn set_bit(mask: &mut u16, digit: usize, on: bool) {
    let bit = 1 << (digit - 1);
    if on {
        *mask |= bit;
    } else {
        *mask &= !bit;
    }
}

/// The conflict count of a complete grid, recounted from scratch: for each row and each
/// column, the sum over digits of (count - 1) where a digit appears more than once.
pub(crate) fn full_conflicts(cells: &[u8; 81]) -> u32 {
    let mut total = 0;
    for unit in &UNITS[..18] {
        let mut count = [0u32; 10];
        for &cell in unit {
            count[cells[cell as usize] as usize] += 1;
        }
        total += count[1..].iter().map(|&c| c.saturating_sub(1)).sum::<u32>();
    }
    total
}

/// Box of a cell, as an index.
#[inline]
pub(crate) fn box_of(cell: usize) -> usize {
    BOX_OF[cell] as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    fn layout(line: &str, respect: bool) -> Layout {
        let puzzle: Grid = line.parse().unwrap();
        Layout::new(
            &Reduced::classic(&puzzle, crate::Presolve::Off).unwrap(),
            respect,
        )
        .unwrap()
    }

    const ESCARGOT: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    #[test]
    fn random_sources_keep_givens_fill_boxes_and_respect_candidates() {
        let puzzle: Grid = ESCARGOT.parse().unwrap();
        for respect in [false, true] {
            let layout = layout(ESCARGOT, respect);
            let mut rng = sudoku_core::seeded_rng(3);
            for _ in 0..20 {
                let source = Source::random(&layout, &mut rng);
                for cell in 0..81 {
                    if puzzle[cell] != 0 {
                        assert_eq!(source.cells[cell], puzzle[cell]);
                    } else if respect {
                        assert!(
                            puzzle
                                .candidates(cell)
                                .unwrap()
                                .contains(source.cells[cell])
                        );
                    }
                }
                for unit in &UNITS[18..] {
                    let mut seen = 0u16;
                    for &cell in unit {
                        seen |= 1 << source.cells[cell as usize];
                    }
                    assert_eq!(seen, 0x3FE);
                }
                assert_eq!(source.fitness, full_conflicts(&source.cells));
            }
        }
    }

    #[test]
    fn incremental_fitness_matches_a_full_recount_after_many_moves() {
        let layout = layout(ESCARGOT, false);
        let mut rng = sudoku_core::seeded_rng(11);
        let mut source = Source::random(&layout, &mut rng);
        for step in 0..200_000 {
            let b = layout.movable_boxes[below(&mut rng, layout.movable_boxes.len())] as usize;
            let cells = layout.boxes[b].cells();
            let i = below(&mut rng, cells.len());
            let j = (i + 1 + below(&mut rng, cells.len() - 1)) % cells.len();
            let (a, c) = (cells[i] as usize, cells[j] as usize);
            let delta = source.swap_delta(a, c);
            source.swap(a, c, delta);
            if step % 997 == 0 {
                assert_eq!(source.fitness, full_conflicts(&source.cells), "step {step}");
                let mut fresh = source.clone();
                fresh.recount();
                assert_eq!(fresh.row_dups, source.row_dups, "step {step}");
                assert_eq!(fresh.col_dups, source.col_dups, "step {step}");
                assert_eq!(fresh.dup_lines, source.dup_lines, "step {step}");
                assert_eq!(fresh.rows, source.rows, "step {step}");
                assert_eq!(fresh.cols, source.cols, "step {step}");
            }
        }
        let fitness = source.fitness;
        source.recount();
        assert_eq!(source.fitness, fitness);
    }

    #[test]
    fn a_box_without_assignment_is_detected() {
        // Box 1 misses 1 and 2 in r1c1 and r1c2, and both see a 1 in their columns.
        let line = format!(
            "..3......456......789......1{}.1{}",
            ".".repeat(26),
            ".".repeat(25)
        );
        assert_eq!(line.len(), 81);
        let puzzle: Grid = line.parse().unwrap();
        assert_eq!(puzzle.clash(), None);
        assert!(
            Layout::new(
                &Reduced::classic(&puzzle, crate::Presolve::Off).unwrap(),
                true
            )
            .is_none()
        );
        assert!(
            Layout::new(
                &Reduced::classic(&puzzle, crate::Presolve::Off).unwrap(),
                false
            )
            .is_some()
        );
    }
}
