//! The pencil-mark board the ladder works on, and the tables of its regions in the order
//! Sudoku Explainer visits them.

use sudoku_core::{BOX_OF, COL_OF, PEERS, ROW_OF, UNITS};

/// Region types, in the order Sudoku Explainer lists them (`Grid.getRegionTypes`).
pub(crate) const BLOCK: usize = 0;
pub(crate) const ROW: usize = 1;
pub(crate) const COL: usize = 2;

/// Where each kind's regions start in `sudoku_core::UNITS` (rows, columns, then boxes).
const UNIT_BASE: [usize; 3] = [18, 0, 9];

/// The cells of each region: `REGIONS[kind][index][position]` (core's units, whose cells
/// come in increasing order, as Sudoku Explainer's do).
pub(crate) static REGIONS: [[[u8; 9]; 9]; 3] = {
    let mut out = [[[0u8; 9]; 9]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < 9 {
            out[kind][i] = UNITS[UNIT_BASE[kind] + i];
            i += 1;
        }
        kind += 1;
    }
    out
};

/// The region of each kind a cell is in: `REGION_OF[kind][cell]`.
pub(crate) static REGION_OF: [[u8; 81]; 3] = [BOX_OF, ROW_OF, COL_OF];

/// A cell's position inside its region of each kind: `POSITION_IN[kind][cell]`.
pub(crate) static POSITION_IN: [[u8; 81]; 3] = {
    let mut out = [[0u8; 81]; 3];
    let mut cell = 0;
    while cell < 81 {
        out[BLOCK][cell] = (cell / 9 % 3 * 3 + cell % 3) as u8;
        out[ROW][cell] = (cell % 9) as u8;
        out[COL][cell] = (cell / 9) as u8;
        cell += 1;
    }
    out
};

/// Each cell's peers, in three parts: those of its block, those of its row outside the
/// block, those of its column outside the block. Each part's cells in increasing order, one
/// part after another, are those of [`HOUSE`] in its order.
pub(crate) static PEER_PARTS: [[u128; 3]; 81] = {
    let mut parts = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let block = REGION_MASK[BLOCK][REGION_OF[BLOCK][cell] as usize] & !(1u128 << cell);
        let row = REGION_MASK[ROW][REGION_OF[ROW][cell] as usize] & !block & !(1u128 << cell);
        let col = REGION_MASK[COL][REGION_OF[COL][cell] as usize] & !block & !(1u128 << cell);
        parts[cell] = [block, row, col];
        cell += 1;
    }
    parts
};

/// The cells of `set` that `cell` sees, in the order of [`HOUSE`].
#[inline]
pub(crate) fn house_cells(cell: usize, set: u128) -> impl Iterator<Item = usize> {
    PEER_PARTS[cell]
        .into_iter()
        .flat_map(move |part| cells128(set & part))
}

/// The 20 cells a cell sees, in Sudoku Explainer's order (`Cell.getHouseCells`): its block,
/// then the rest of its row, then the rest of its column.
pub(crate) static HOUSE: [[u8; 20]; 81] = {
    let mut out = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut n = 0;
        let mut kind = 0;
        while kind < 3 {
            let region = REGION_OF[kind][cell] as usize;
            let mut k = 0;
            while k < 9 {
                let other = REGIONS[kind][region][k];
                let mut seen = other as usize == cell;
                let mut j = 0;
                while j < n {
                    if out[cell][j] == other {
                        seen = true;
                    }
                    j += 1;
                }
                if !seen {
                    out[cell][n] = other;
                    n += 1;
                }
                k += 1;
            }
            kind += 1;
        }
        cell += 1;
    }
    out
};

/// The 20 cells a cell sees, as a set of cells.
pub(crate) static PEER_MASK: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        while k < 20 {
            out[cell] |= 1 << PEERS[cell][k];
            k += 1;
        }
        cell += 1;
    }
    out
};

/// Whether two cells see each other (share a region), itself excluded.
#[inline]
pub(crate) fn sees(a: usize, b: usize) -> bool {
    PEER_MASK[a] >> b & 1 != 0
}

/// Whether a region of one kind and one of another share cells (two different regions of
/// the same kind never do).
#[cfg(test)]
pub(crate) fn crosses(kind1: usize, i1: usize, kind2: usize, i2: usize) -> bool {
    match (kind1, kind2) {
        (BLOCK, ROW) => i1 / 3 == i2 / 3,
        (ROW, BLOCK) => i2 / 3 == i1 / 3,
        (BLOCK, COL) => i1 % 3 == i2 / 3,
        (COL, BLOCK) => i2 % 3 == i1 / 3,
        (ROW, COL) | (COL, ROW) => true,
        _ => i1 == i2,
    }
}

/// The bit of a digit in a candidate mask (digit `d` is bit `d - 1`, as in `DigitSet`).
#[inline]
pub(crate) const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
#[inline]
pub(crate) fn digits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// The positions (or bit indexes) of a mask, smallest first.
#[inline]
pub(crate) fn positions(mask: u16) -> impl Iterator<Item = usize> {
    bits64(u64::from(mask))
}

/// Every `k`-subset of `0..n` (`n` at most 64) as a bit mask, in increasing order of the
/// mask (the order of Sudoku Explainer's `Permutations`).
///
/// As there, `k = 0` gives the empty subset once (when `n > 0`).
pub(crate) fn subsets(k: u32, n: u32) -> impl Iterator<Item = u64> {
    debug_assert!(n <= 64);
    let ones = |k: u32| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    let first = if k > n || n == 0 { None } else { Some(ones(k)) };
    let last = if k > n || n == 0 {
        0
    } else {
        ones(k) << (n - k)
    };
    let mut next = first;
    std::iter::from_fn(move || {
        let current = next?;
        next = (current != last).then(|| {
            let smallest = current & current.wrapping_neg();
            let ripple = current.wrapping_add(smallest);
            // `smallest` is a power of two: dividing by it is a shift.
            let ones = ((current ^ ripple) >> 2) >> smallest.trailing_zeros();
            ripple | ones
        });
        Some(current)
    })
}

/// The set bits of a 64-bit mask, smallest first.
#[inline]
pub(crate) fn bits64(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

/// The cells of each region as a bit set of cells: `REGION_MASK[kind][index]`.
pub(crate) static REGION_MASK: [[u128; 9]; 3] = {
    let mut out = [[0u128; 9]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < 9 {
            let mut k = 0;
            while k < 9 {
                out[kind][i] |= 1 << REGIONS[kind][i][k];
                k += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    out
};

/// The cells of `set` in region `index` of `kind`, as a mask of positions in the region.
#[inline]
pub(crate) fn positions_of(set: u128, kind: usize, index: usize) -> u16 {
    match kind {
        // Nine cells in a row of the set.
        ROW => (set >> (9 * index)) as u16 & 0x1FF,
        // Three rows of three cells, from the block's first cell.
        BLOCK => {
            let rows = (set >> (index / 3 * 27 + index % 3 * 3)) as u32;
            (rows & 7 | rows >> 6 & 7 << 3 | rows >> 12 & 7 << 6) as u16
        }
        // One cell every nine: the multiplication moves the bit of row k (9k) to 64 + k,
        // and no other product of two bits lands there or carries into it.
        _ => {
            let column = (set >> index) & COLUMN_0;
            (column.wrapping_mul(GATHER_COLUMN) >> 64) as u16 & 0x1FF
        }
    }
}

/// How many of the nine bits of `mask` (a set of digits or of a region's cells) are set, by
/// table: the baseline x86-64 target has no population count instruction, and the software
/// count it falls back on takes a dozen operations where this takes one load.
#[inline]
pub(crate) fn count9(mask: u16) -> u32 {
    debug_assert!(mask < 1 << 9, "{mask:#x} is not a set of nine");
    u32::from(COUNT9[usize::from(mask & 0x1FF)])
}

/// The number of bits set in each 9-bit mask.
static COUNT9: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut mask = 1;
    while mask < 512 {
        out[mask] = out[mask >> 1] + (mask & 1) as u8;
        mask += 1;
    }
    out
};

/// Whether a set holds exactly one element.
#[inline]
pub(crate) fn one(set: u128) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// Whether a set holds two elements or more.
#[inline]
pub(crate) fn several(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// The cells of a set in increasing order, which in a region is the order of its positions.
#[inline]
pub(crate) fn cells128(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// `count` bits, `stride` apart, from bit 0. The product of two such sets whose bits do not
/// overlap when shifted is every sum of a bit of each: `every(3, 3) * every(3, 27)` is the
/// first cell of each block.
pub(crate) const fn every(count: u32, stride: u32) -> u128 {
    let mut out = 0u128;
    let mut k = 0;
    while k < count {
        out |= 1 << (k * stride);
        k += 1;
    }
    out
}

/// The cells of the first column (the first cell of each row).
pub(crate) const COLUMN_0: u128 = every(9, 9);

/// The multiplier that gathers the cells of the first column, rows 0 to 8, to bits 64 to 72.
const GATHER_COLUMN: u128 = {
    let mut out = 0u128;
    let mut k = 0;
    while k < 9 {
        out |= 1 << (64 - 8 * k);
        k += 1;
    }
    out
};

/// A pencil-mark board: placed digits and the candidates of the empty cells, by cell and by
/// digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// 0 for an empty cell.
    pub(crate) values: [u8; 81],
    /// Candidates of each empty cell (0 for a filled one).
    pub(crate) cands: [u16; 81],
    /// The cells where each digit is a candidate (bit `cell`), kept in step with `cands`.
    pub(crate) digit_cells: [u128; 9],
    /// The empty cells (bit `cell`), kept in step with `values`.
    empty: u128,
}

impl Board {
    /// A board of these values and candidates.
    pub(crate) fn new(values: [u8; 81], cands: [u16; 81]) -> Board {
        let mut digit_cells = [0u128; 9];
        let mut empty = 0u128;
        for cell in 0..81 {
            for d in digits(cands[cell]) {
                digit_cells[d as usize - 1] |= 1 << cell;
            }
            if values[cell] == 0 {
                empty |= 1 << cell;
            }
        }
        Board {
            values,
            cands,
            digit_cells,
            empty,
        }
    }

    /// The board of a puzzle's givens (`values`, 0 for an empty cell): each empty cell keeps
    /// the digits no given peer holds.
    pub(crate) fn from_givens(values: [u8; 81]) -> Board {
        // The cells each digit is placed in or seen from.
        let mut taken = [0u128; 9];
        let mut empty = 0u128;
        for (cell, &value) in values.iter().enumerate() {
            if value == 0 {
                empty |= 1 << cell;
            } else {
                taken[value as usize - 1] |= PEER_MASK[cell] | 1 << cell;
            }
        }
        let digit_cells = taken.map(|taken| empty & !taken);
        // The digits given in each region; an empty cell keeps the others.
        let mut placed = [[0u16; 9]; 3];
        for (cell, &value) in values.iter().enumerate().filter(|&(_, &v)| v != 0) {
            for (kind, regions) in placed.iter_mut().enumerate() {
                regions[REGION_OF[kind][cell] as usize] |= bit(value);
            }
        }
        let cands = std::array::from_fn(|cell| {
            let taken = (0..3).fold(0, |m, kind| {
                m | placed[kind][REGION_OF[kind][cell] as usize]
            });
            if values[cell] == 0 { 0x1FF & !taken } else { 0 }
        });
        Board {
            values,
            cands,
            digit_cells,
            empty,
        }
    }

    /// The cells of region `index` of `kind` holding `digit` as a candidate, as a mask of
    /// positions.
    #[inline]
    pub(crate) fn places(&self, kind: usize, index: usize, digit: u8) -> u16 {
        positions_of(self.digit_cells[digit as usize - 1], kind, index)
    }

    /// The empty cells, as a set of cells.
    #[inline]
    pub(crate) fn empty_cells(&self) -> u128 {
        self.empty
    }

    /// The cells of a region holding `digit` as a candidate.
    #[inline]
    pub(crate) fn places_set(&self, kind: usize, index: usize, digit: u8) -> u128 {
        self.digit_cells[digit as usize - 1] & REGION_MASK[kind][index]
    }

    /// How many cells of a region are still empty.
    #[inline]
    pub(crate) fn empty_count(&self, kind: usize, index: usize) -> u32 {
        count9(positions_of(self.empty, kind, index))
    }

    /// Removes a candidate.
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !bit(digit);
        self.digit_cells[digit as usize - 1] &= !(1 << cell);
    }

    /// Places a digit and removes it from the candidates of every cell the cell sees.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        for d in digits(self.cands[cell]) {
            self.digit_cells[d as usize - 1] &= !(1 << cell);
        }
        self.values[cell] = digit;
        self.empty &= !(1 << cell);
        self.cands[cell] = 0;
        let seen = &mut self.digit_cells[digit as usize - 1];
        for other in cells128(*seen & PEER_MASK[cell]) {
            self.cands[other] &= !bit(digit);
        }
        *seen &= !PEER_MASK[cell];
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.empty == 0
    }

    /// The number of candidates of a cell.
    #[inline]
    pub(crate) fn count(&self, cell: usize) -> u32 {
        count9(self.cands[cell])
    }

    /// Whether `cell` has `digit` as a candidate.
    #[inline]
    pub(crate) fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & bit(digit) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_cover_each_cell_once_per_kind() {
        for kind in [BLOCK, ROW, COL] {
            let mut seen = [0u8; 81];
            for i in 0..9 {
                for k in 0..9 {
                    let cell = REGIONS[kind][i][k] as usize;
                    seen[cell] += 1;
                    assert_eq!(REGION_OF[kind][cell] as usize, i);
                    assert_eq!(POSITION_IN[kind][cell] as usize, k);
                }
            }
            assert!(seen.iter().all(|&n| n == 1));
        }
    }

    #[test]
    fn count9_counts_the_bits_of_every_set_of_nine() {
        for mask in 0..512u16 {
            assert_eq!(count9(mask), mask.count_ones(), "{mask:#b}");
        }
    }

    #[test]
    fn house_lists_the_twenty_peers_block_first() {
        for cell in 0..81 {
            let house = HOUSE[cell];
            assert!(house.iter().all(|&o| sees(cell, o as usize)));
            let mut sorted = house;
            sorted.sort_unstable();
            assert!(sorted.windows(2).all(|w| w[0] < w[1]));
            // The three parts, one after another, list the same cells in the same order.
            let parts: Vec<u8> = house_cells(cell, !0).map(|c| c as u8).collect();
            assert_eq!(parts, house, "{cell}");
        }
        // r1c1: its block (8 cells), then r1c4..r1c9, then r4c1..r9c1.
        assert_eq!(&HOUSE[0][..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&HOUSE[0][8..14], &[3, 4, 5, 6, 7, 8]);
        assert_eq!(&HOUSE[0][14..], &[27, 36, 45, 54, 63, 72]);
    }

    #[test]
    fn subsets_come_in_increasing_order() {
        let all: Vec<u64> = subsets(2, 4).collect();
        assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 9).count(), 84);
        assert_eq!(subsets(4, 3).count(), 0);
        assert_eq!(subsets(9, 9).collect::<Vec<_>>(), vec![0x1FF]);
        assert_eq!(subsets(0, 3).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(0, 0).count(), 0);
        assert_eq!(subsets(2, 60).count(), 1770);
        assert_eq!(subsets(1, 64).last(), Some(1 << 63));
    }

    #[test]
    fn empty_counts_are_the_empty_cells_of_each_region() {
        // A scattered set of filled cells: every region with its own count.
        let values: [u8; 81] = std::array::from_fn(|cell| u8::from(cell * 7 % 11 < 4));
        let b = Board::new(values, [0; 81]);
        for kind in [BLOCK, ROW, COL] {
            for index in 0..9 {
                let slow = REGIONS[kind][index]
                    .iter()
                    .filter(|&&c| values[c as usize] == 0)
                    .count();
                assert_eq!(b.empty_count(kind, index) as usize, slow, "{kind} {index}");
            }
        }
    }

    #[test]
    fn places_read_the_digit_boards() {
        let mut cands = [0x1FFu16; 81];
        for cell in [0usize, 10, 20, 40, 44, 80, 8, 72] {
            cands[cell] = bit(5);
        }
        let b = Board::new([0; 81], cands);
        for kind in [BLOCK, ROW, COL] {
            for index in 0..9 {
                for digit in 1..=9u8 {
                    let slow = REGIONS[kind][index]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| b.has(c as usize, digit))
                        .fold(0u16, |m, (k, _)| m | 1 << k);
                    assert_eq!(b.places(kind, index, digit), slow);
                    assert_eq!(
                        b.places_set(kind, index, digit).count_ones(),
                        slow.count_ones()
                    );
                }
            }
        }
    }

    #[test]
    fn places_gather_every_pattern_of_a_region() {
        for kind in [BLOCK, ROW, COL] {
            for index in 0..9 {
                for pattern in 0..512u16 {
                    let mut cands = [0x1FFu16; 81];
                    for (k, &cell) in REGIONS[kind][index].iter().enumerate() {
                        if pattern >> k & 1 == 0 {
                            cands[cell as usize] &= !bit(4);
                        }
                    }
                    // Other cells holding the digit must not leak in.
                    let b = Board::new([0; 81], cands);
                    assert_eq!(b.places(kind, index, 4), pattern, "{kind} {index}");
                }
            }
        }
    }

    #[test]
    fn crossing_regions_share_cells() {
        for k1 in 0..3 {
            for k2 in 0..3 {
                for i1 in 0..9 {
                    for i2 in 0..9 {
                        let shared = REGIONS[k1][i1].iter().any(|c| REGIONS[k2][i2].contains(c));
                        assert_eq!(crosses(k1, i1, k2, i2), shared, "{k1} {i1} {k2} {i2}");
                    }
                }
            }
        }
    }
}
