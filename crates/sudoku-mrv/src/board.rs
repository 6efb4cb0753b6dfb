//! The search state: one candidate bitboard per digit, cut into three bands of 27 cells.
//!
//! Cell `c` (0 to 80, row-major) lies in band `c / 27` (rows 0-2, 3-5, 6-8) at bit `c % 27`
//! of that band's word, so bit `9 * r + col` of a band is row `r` of the band, column `col`.
//! `cand[9 * band + d]` holds the cells of the band where digit `d + 1` may still go,
//! **including** the cells where it is already placed: a placed cell keeps the bit of its
//! digit and loses the bits of the eight others. Read across the nine digits at one cell, the
//! bits form the cell's 9-bit candidate mask of the classic formulation
//! (`~(row | col | box) & 0x1FF`); read along one digit they form its possible positions,
//! which is what the band-wise inference below works on.

use crate::{Branching, lanes};

/// All 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// Column `c` of a band: bits `c`, `c + 9` and `c + 18`.
const COL: [u32; 9] = {
    let mut t = [0; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = 0x40201 << c;
        c += 1;
    }
    t
};

/// For each cell of a band, the other cells of its row and its box (which cover its column
/// inside the band).
const ROW_BOX_PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut p = 0;
    while p < 27 {
        let row = 0x1FF << (9 * (p / 9));
        let bx = (7 << (3 * ((p % 9) / 3))) * 0x40201;
        t[p] = (row | bx) & !(1 << p);
        p += 1;
    }
    t
};

/// The six configurations of a digit in a band: the box used by each of the band's three
/// rows, a permutation. (In a stack: the column used in each of its three boxes.)
const PERMS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The mini-rows of configuration `i`, as a pattern: bit `3 * row + box`. A mini-row is a
/// row's three cells inside one box. (In a stack, bit `3 * band + column`: the mini-columns.)
const fn used(i: usize) -> u32 {
    let p = PERMS[i];
    (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]))
}

/// For each pattern of occupied mini-rows: the configurations that fit it, using only
/// occupied mini-rows (bit `i` for `PERMS[i]`).
const CONFIGS: [u8; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if m as u32 & used(i) == used(i) {
                t[m] |= 1 << i;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// For each pattern: the mini-rows some fitting configuration uses, the only ones that can
/// keep the digit (0 when none fits: a row or a box lost the digit, or two rows need the
/// same box). This is the pointing and claiming of "locked candidates" between rows and
/// boxes, and it turns a hidden single of a box into a row with one cell.
const ALLOWED: [u16; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if CONFIGS[m] & (1 << i) != 0 {
                t[m] |= used(i) as u16;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// For each pattern: the mini-rows every fitting configuration uses (where the digit must
/// sit: it is *confined* there); 0 when none fits.
const CONFINED: [u16; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut all = 0x1FF;
        let mut i = 0;
        while i < 6 {
            if CONFIGS[m] & (1 << i) != 0 {
                all &= used(i);
            }
            i += 1;
        }
        t[m] = if CONFIGS[m] == 0 { 0 } else { all as u16 };
        m += 1;
    }
    t
};

/// A mini-row pattern as the cells of those mini-rows in a band word.
const fn minirow_cells(m: u32) -> u32 {
    let mut cells = 0;
    let mut s = 0;
    while s < 9 {
        if m & (1 << s) != 0 {
            cells |= 7 << (3 * s);
        }
        s += 1;
    }
    cells
}

/// [`minirow_cells`] as a table.
const MINIROW_CELLS: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = minirow_cells(m as u32);
        m += 1;
    }
    t
};

/// The band reduction of a digit: for each pattern of occupied mini-rows, the cells of the
/// [`ALLOWED`] ones.
const KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = minirow_cells(ALLOWED[m] as u32);
        m += 1;
    }
    t
};

/// For each pattern, what the choice of a branch weighs: the number of fitting
/// configurations, plus 256 when there are two or more (the digit is still open). Summed
/// over the nine digits of a band or stack, the low byte counts the configurations and the
/// next one the open digits.
const WEIGHT: [u16; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let n = CONFIGS[m].count_ones() as u16;
        t[m] = n + if n >= 2 { 256 } else { 0 };
        m += 1;
    }
    t
};

/// What the board keeps of a digit's band pattern: [`CONFINED`] in bits 0-8, [`CONFIGS`]
/// in bits 9-14, [`WEIGHT`] in bits 16-31.
const ROW_INFO: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = CONFINED[m] as u32 | (CONFIGS[m] as u32) << 9 | (WEIGHT[m] as u32) << 16;
        m += 1;
    }
    t
};

/// For the nine bits of one row: bit `k` for each of its three mini-rows that holds a bit,
/// bit `9 + k` for each that holds exactly one.
const MINIROW_BITS: [u16; 512] = {
    let mut t = [0; 512];
    let mut r = 0;
    while r < 512 {
        let mut k = 0;
        while k < 3 {
            let m = (r >> (3 * k)) & 7;
            if m != 0 {
                t[r] |= 1 << k;
            }
            if m != 0 && m & (m - 1) == 0 {
                t[r] |= 1 << (9 + k);
            }
            k += 1;
        }
        r += 1;
    }
    t
};

/// The mini-row pattern of a band word (bit `3 * row + box` for an occupied mini-row), and
/// the pattern of its mini-rows with exactly one cell.
#[inline(always)]
fn minirows(x: u32) -> (usize, u32) {
    let bits = u32::from(MINIROW_BITS[(x & 0x1FF) as usize])
        | u32::from(MINIROW_BITS[((x >> 9) & 0x1FF) as usize]) << 3
        | u32::from(MINIROW_BITS[((x >> 18) & 0x1FF) as usize]) << 6;
    ((bits & 0x1FF) as usize, bits >> 9)
}

/// A stack pattern (bit `3 * band + column`) spread to bit `9 * band + column`, so that
/// shifted by `3 * stack` it lands on the column of each band.
const fn spread_stack(m: u32) -> u32 {
    (m & 7) | (m & 0o70) << 6 | (m & 0o700) << 12
}

/// For each stack pattern: [`ALLOWED`] spread with [`spread_stack`] in the low 32 bits,
/// [`CONFINED`] spread the same way in the high 32 bits. The configurations of a digit in a
/// stack pair its columns with its boxes as those in a band pair rows with boxes, so the
/// band tables serve, read with bands for rows and columns for boxes.
const STACK_INFO: [u64; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = spread_stack(ALLOWED[m] as u32) as u64
            | (spread_stack(CONFINED[m] as u32) as u64) << 32;
        m += 1;
    }
    t
};

/// The three stack patterns of a digit (stack `s` at bits `9 * s`, bit `3 * band + column`
/// within it) from the columns it occupies in each band (bit `9 * band + column`): the
/// 3-bit groups, one per band and stack, transposed.
#[inline(always)]
fn stack_patterns(columns: u32) -> u32 {
    const STAY: u32 = 0o7 | 0o7 << 12 | 0o7 << 24;
    const BY_6: u32 = 0o7 << 3 | 0o7 << 15;
    const BY_12: u32 = 0o7 << 6;
    (columns & STAY)
        | (columns & BY_6) << 6
        | (columns >> 6) & BY_6
        | (columns & BY_12) << 12
        | (columns >> 12) & BY_12
}

/// The cells of stack `s` in a band word: its three columns.
const STACK_COLS: [u32; 3] = [0o7 * 0x40201, 0o70 * 0x40201, 0o700 * 0x40201];

/// Takes `cells` from the nine digit words of one band and returns the digits (bit `d`)
/// that had a candidate there ([`lanes::had_cells`]: two vector compares on x86-64).
#[inline(always)]
fn take_cells(band: &mut [u32], cells: u32) -> u32 {
    let band: &mut [u32; 9] = band.try_into().expect("nine digits");
    let changed = lanes::had_cells(band, cells);
    for x in band.iter_mut() {
        *x &= !cells;
    }
    changed
}

/// The whole search state. `Copy`: a branch copies it, so backtracking is dropping the copy
/// (see the crate docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cand[9 * band + digit]`: the cells of the band where `digit + 1` may go or is placed.
    cand: [u32; 27],
    /// The cells without a placed digit, per band.
    unsolved: [u32; 3],
    /// `rows[9 * band + digit]`: [`ROW_INFO`] of the digit's band pattern at its last band
    /// reduction.
    rows: [u32; 27],
    /// `stack_confined[digit]`: the mini-columns where the digit must sit (bit
    /// `9 * band + column`), as of its last stack reduction.
    stack_confined: [u32; 9],
    /// `stack_columns[digit]`: the columns the digit occupies in each band (bit
    /// `9 * band + column`) after its last stack reduction.
    stack_columns: [u32; 9],
    /// `stack_weight[digit]`: the [`WEIGHT`] of its pattern in stack `s` at bits `16 * s`,
    /// as of its last stack reduction.
    stack_weight: [u64; 9],
    /// The mini-rows (bit `9 * band + 3 * row + box`) and mini-columns (bit
    /// `32 + 9 * band + column`) where three digits must sit, as of the last look for
    /// hidden triads.
    full: u64,
    /// Digit-bands (bit `9 * band + digit`) changed since their band reduction last saw
    /// them.
    dirty: u32,
    /// Digit-bands changed since the last stack reduction.
    stack_touched: u32,
}

/// Where to branch.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Choice {
    /// The configurations (bits of [`PERMS`]) of `digit` in band (`unit < 3`) or stack
    /// `unit - 3`.
    Configurations {
        unit: usize,
        digit: usize,
        configs: u32,
    },
    /// A cell and its candidates.
    Cell { band: usize, pos: u32, digits: u32 },
}

impl Board {
    /// The board of `cells` (0 = blank, else 1 to 9) with every given placed, or `None` when
    /// two givens clash (the same digit twice in a row, column or box).
    pub(crate) fn new(cells: &[u8; 81]) -> Option<Board> {
        // Per digit and band: where the digit is given, the cells its givens there see in
        // their rows and boxes, and the columns they take.
        let mut given = [0u32; 27];
        let mut seen = [0u32; 27];
        let mut cols = [0u32; 27];
        let mut filled = [0u32; 3];
        for band in 0..3 {
            let values: &[u8; 27] = cells[27 * band..27 * band + 27]
                .try_into()
                .expect("27 cells");
            // The givens as a mask first, then a visit of each: a 17-clue puzzle has 64
            // blanks, and a test per cell cost a branch each.
            let mut mask = 0;
            for pos in 0..27 {
                mask |= u32::from(values[pos] != 0) << pos;
            }
            filled[band] = mask;
            while mask != 0 {
                let pos = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let i = 9 * band + usize::from(values[pos] - 1) % 9;
                given[i] |= 1 << pos;
                seen[i] |= ROW_BOX_PEERS[pos];
                cols[i] |= COL[pos % 9];
            }
        }
        // A digit's givens in the other two bands take their columns here too.
        for d in 0..9 {
            let [a, b, c] = [cols[d], cols[9 + d], cols[18 + d]];
            seen[d] |= b | c;
            seen[9 + d] |= a | c;
            seen[18 + d] |= a | b;
        }
        let mut board = Board {
            cand: [0; 27],
            unsolved: [BAND & !filled[0], BAND & !filled[1], BAND & !filled[2]],
            rows: [ROW_INFO[0x1FF]; 27],
            stack_confined: [0; 9],
            stack_columns: [BAND; 9],
            stack_weight: [u64::from(WEIGHT[0x1FF]) * 0x0001_0001_0001; 9],
            full: 0,
            dirty: 0,
            stack_touched: 0,
        };
        let mut clash = 0;
        for band in 0..3 {
            for d in 0..9 {
                let i = 9 * band + d;
                clash |= given[i] & seen[i];
                board.cand[i] = (board.unsolved[band] & !seen[i]) | given[i];
                board.dirty |= u32::from(board.cand[i] != BAND) << i;
            }
        }
        (clash == 0).then_some(board)
    }

    /// Whether every cell has its digit.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Whether bit `pos` of `band` has no digit placed yet.
    #[inline]
    pub(crate) fn is_unsolved(&self, band: usize, pos: u32) -> bool {
        self.unsolved[band] & 1 << pos != 0
    }

    /// Places `digit` (0-based) at bit `pos` of `band`: the cell loses every other digit,
    /// and the digit leaves the cell's row, box and column. Marks what changed as dirty.
    #[inline]
    pub(crate) fn assign(&mut self, digit: usize, band: usize, pos: u32) {
        let bit = 1u32 << pos;
        self.unsolved[band] &= !bit;
        let base = 9 * band;
        let changed = take_cells(&mut self.cand[base..base + 9], bit);
        let x = self.cand[base + digit] | bit;
        let y = x & !ROW_BOX_PEERS[pos as usize];
        self.cand[base + digit] = y;
        let changed = (changed & !(1 << digit)) | (u32::from(x != y) << digit);
        self.dirty |= changed << base | self.take_columns(digit, band, COL[(pos % 9) as usize]);
    }

    /// Places `digit` (0-based) at every cell of `cells`, cells of one band that are alone
    /// in their row of the digit's reduced board: the band reduction has already taken the
    /// digit from their rows, boxes and columns inside the band, so what is left is to take
    /// the cells from the other digits and the columns from the other bands. Returns the
    /// digit-bands this changed.
    #[inline(always)]
    fn place_row_singles(&mut self, digit: usize, band: usize, cells: u32) -> u32 {
        self.unsolved[band] &= !cells;
        let base = 9 * band;
        let changed = take_cells(&mut self.cand[base..base + 9], cells);
        self.cand[base + digit] |= cells;
        let cols = ((cells | (cells >> 9) | (cells >> 18)) & 0x1FF) * 0x40201;
        (changed & !(1 << digit)) << base | self.take_columns(digit, band, cols)
    }

    /// Takes the cells `cols` (whole columns of a band word) from `digit` in the two bands
    /// other than `band`, and returns the digit-bands this changed.
    #[inline(always)]
    fn take_columns(&mut self, digit: usize, band: usize, cols: u32) -> u32 {
        // The other bands' first words written out: `(band + 1) % 3` and `(band + 2) % 3`
        // compiled to conditional moves and bounds checks on this hot path.
        let others = match band {
            0 => [9, 18],
            1 => [0, 18],
            _ => [0, 9],
        };
        let mut changed = 0;
        for base in others {
            let i = base + digit;
            let x = self.cand[i];
            let y = x & !cols;
            self.cand[i] = y;
            changed |= u32::from(x != y) << i;
        }
        changed
    }

    /// Takes `digit` (0-based) from the unsolved cell at bit `pos` of `band` (a pencil mark
    /// crossed out), marking it dirty.
    #[inline]
    pub(crate) fn remove(&mut self, digit: usize, band: usize, pos: u32) {
        let i = 9 * band + digit;
        let x = self.cand[i];
        let y = x & !(1 << pos);
        self.cand[i] = y;
        self.dirty |= u32::from(x != y) << i;
    }

    /// Keeps only the cells of `keep` in word `i` (a digit in a band), marking it dirty when
    /// that removed any; whether it did.
    #[inline(always)]
    fn narrow(&mut self, i: usize, keep: u32) -> bool {
        let x = self.cand[i];
        let y = x & keep;
        if x == y {
            return false;
        }
        self.cand[i] = y;
        self.dirty |= 1 << i;
        true
    }

    /// Restricts `digit` to configuration `config` of `unit` (a band, or stack `unit - 3`).
    #[inline]
    pub(crate) fn restrict(&mut self, unit: usize, digit: usize, config: usize) {
        let p = PERMS[config];
        if unit < 3 {
            let i = 9 * unit + digit;
            self.cand[i] &= MINIROW_CELLS[used(config) as usize];
            self.dirty |= 1 << i;
        } else {
            let s = unit - 3;
            for band in 0..3 {
                let i = 9 * band + digit;
                let x = self.cand[i];
                let y = x & (!STACK_COLS[s] | COL[3 * s + p[band] as usize]);
                self.cand[i] = y;
                self.dirty |= u32::from(x != y) << i;
            }
        }
    }

    /// Propagates to a fixed point, cheapest rules first and back to the first after any
    /// change: band reductions with their row singles, naked singles, stack reductions,
    /// hidden triads. Returns `false` on a contradiction: a digit with no configuration in
    /// a band or stack, a cell without candidates, two digits needing one cell, or four
    /// digits needing one mini-line.
    #[inline]
    pub(crate) fn propagate(&mut self) -> bool {
        // Digit-bands reduced since the naked singles were last looked for.
        let mut unchecked = 0;
        loop {
            let mut touched = 0;
            // Kept in a register while the band reductions run.
            let mut dirty = std::mem::take(&mut self.dirty);
            while dirty != 0 {
                touched |= dirty;
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let x = self.cand[i];
                let (p, ones) = minirows(x);
                let keep = KEEP[p];
                if keep == 0 {
                    return false;
                }
                let info = ROW_INFO[p];
                self.rows[i] = info;
                let y = x & keep;
                self.cand[i] = y;
                let (band, digit) = (i / 9, i % 9);
                // A row of the reduced word has one cell exactly when its only mini-row
                // left (a confined one) had one cell: more mini-rows mean more cells.
                let new = MINIROW_CELLS[(ones & info & 0x1FF) as usize] & x & self.unsolved[band];
                if new != 0 {
                    dirty |= self.place_row_singles(digit, band, new);
                }
            }
            self.stack_touched |= touched;
            unchecked |= touched;
            let mut placed = false;
            for band in 0..3 {
                let unsolved = self.unsolved[band];
                if unsolved == 0 || (unchecked >> (9 * band)) & 0x1FF == 0 {
                    continue;
                }
                let base = 9 * band;
                let (one, two) =
                    lanes::one_and_two(self.cand[base..base + 9].try_into().expect("nine digits"));
                if unsolved & !one != 0 {
                    return false;
                }
                let singles = unsolved & !two;
                if singles == 0 {
                    continue;
                }
                placed = true;
                let mut digits = lanes::had_cells(
                    self.cand[base..base + 9].try_into().expect("nine digits"),
                    singles,
                );
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut s = singles & self.cand[base + d];
                    while s != 0 {
                        let pos = s.trailing_zeros();
                        s &= s - 1;
                        // An earlier single of this pass may have taken the digit from
                        // this cell, its only candidate.
                        if self.cand[base + d] & (1 << pos) == 0 {
                            return false;
                        }
                        self.assign(d, band, pos);
                    }
                }
            }
            unchecked = 0;
            if placed {
                continue;
            }
            match self.reduce_stacks() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_triads() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Configurations across the stacks, for every digit whose columns changed since its
    /// last stack reduction: keeps the mini-columns some fitting configuration uses
    /// ([`STACK_INFO`]) and records the confined ones and the configuration counts. Returns
    /// `Some(changed anything)`, or `None` when a digit has no configuration in some stack.
    #[inline]
    fn reduce_stacks(&mut self) -> Option<bool> {
        let mut changed = false;
        let touched = self.stack_touched;
        self.stack_touched = 0;
        let mut digits = (touched | touched >> 9 | touched >> 18) & 0x1FF;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let fold = |x: u32| (x | (x >> 9) | (x >> 18)) & 0x1FF;
            let columns =
                fold(self.cand[d]) | fold(self.cand[9 + d]) << 9 | fold(self.cand[18 + d]) << 18;
            // The reduction depends only on the columns the digit occupies in each band;
            // when they are those of its last reduction, it has nothing new to say.
            if columns == self.stack_columns[d] {
                continue;
            }
            let patterns = stack_patterns(columns);
            let mut keep = 0;
            let mut confined = 0;
            let mut weight = 0;
            for stack in 0..3 {
                let m = ((patterns >> (9 * stack)) & 0x1FF) as usize;
                let info = STACK_INFO[m];
                let allowed = info as u32;
                if allowed == 0 {
                    return None;
                }
                keep |= allowed << (3 * stack);
                confined |= ((info >> 32) as u32) << (3 * stack);
                weight |= u64::from(WEIGHT[m]) << (16 * stack);
            }
            self.stack_confined[d] = confined;
            self.stack_weight[d] = weight;
            self.stack_columns[d] = keep & columns;
            for band in 0..3 {
                let kept = ((keep >> (9 * band)) & 0x1FF) * 0x40201;
                if self.narrow(9 * band + d, kept) {
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Hidden triads: a mini-row (mini-column) where three digits must sit holds only
    /// them. Returns `Some(changed anything)`, or `None` when more than three digits must sit
    /// in one.
    #[inline]
    fn hidden_triads(&mut self) -> Option<bool> {
        let (three, four) = lanes::three_and_four(&self.rows, &self.stack_confined);
        if four != 0 {
            return None;
        }
        // A mini-line stays full once it is: its three digits stay confined to it, and its
        // cells, once cleared of the other digits, never get them back. So only the lines
        // full since the last look need work.
        let new = three & !self.full;
        self.full = three;
        if new == 0 {
            return Some(false);
        }
        let mut changed = false;
        for band in 0..3 {
            let rcells = MINIROW_CELLS[((new >> (9 * band)) & 0x1FF) as usize];
            let ccells = (((new >> (32 + 9 * band)) & 0x1FF) as u32) * 0x40201;
            if (rcells | ccells) & self.unsolved[band] == 0 {
                continue;
            }
            for d in 0..9 {
                let own_r = MINIROW_CELLS[(self.rows[9 * band + d] & 0x1FF) as usize];
                let own_c = ((self.stack_confined[d] >> (9 * band)) & 0x1FF) * 0x40201;
                let remove = ((rcells & !own_r) | (ccells & !own_c)) & self.unsolved[band];
                if self.narrow(9 * band + d, !remove) {
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// The 9-bit candidate mask of bit `pos` of `band` (digit `d + 1` is bit `d`).
    #[inline]
    pub(crate) fn candidates(&self, band: usize, pos: u32) -> u32 {
        let mut mask = 0;
        for d in 0..9 {
            mask |= ((self.cand[9 * band + d] >> pos) & 1) << d;
        }
        mask
    }

    /// Where to branch: a band or stack chosen by `branching` (see [`Branching`]), and in it
    /// the digit with the fewest configurations (two or more; ties: the lowest). Call only
    /// after a successful [`propagate`](Board::propagate) on an unsolved board.
    pub(crate) fn choose(&self, branching: Branching) -> Choice {
        // Each band's and stack's summed WEIGHT: configurations in the low byte, open
        // digits above.
        let mut ws = [0u32; 6];
        for band in 0..3 {
            let mut w = 0;
            for d in 0..9 {
                w += self.rows[9 * band + d] >> 16;
            }
            ws[band] = w;
        }
        let mut w = 0;
        for d in 0..9 {
            w += self.stack_weight[d];
        }
        for stack in 0..3 {
            ws[3 + stack] = ((w >> (16 * stack)) & 0xFFFF) as u32;
        }
        // Fewest open digits is the rule of the middle of a search. A band or stack with 17
        // configurations or fewer over its nine digits is nearly settled, and branching
        // there settles it; while every band and stack has seven or more open digits (near
        // the root of an easy puzzle), open digits tell them apart poorly. In both cases the
        // fewest configurations choose better.
        // A unit with no open digit weighs less than 256; counted as u32::MAX, it stays above
        // every open one in both minimums.
        let (mut fewest_open, mut fewest_configurations) = (u32::MAX, u32::MAX);
        for w in ws {
            let open = if w >= 256 { w } else { u32::MAX };
            fewest_open = fewest_open.min(open >> 8);
            fewest_configurations = fewest_configurations.min(open & 0xFF);
        }
        let by_configurations = match branching {
            Branching::FewestOpenDigits => fewest_open >= 7 || fewest_configurations <= 17,
            Branching::FewestConfigurations => true,
        };
        // The smallest key wins, ties going to the first unit: the unit is the key's low
        // bits.
        let mut best = u32::MAX;
        for unit in 0..6 {
            let w = ws[unit];
            let key = if by_configurations {
                w & 0xFF
            } else {
                w ^ 0xFF
            };
            if w >= 256 {
                best = best.min(key << 3 | unit as u32);
            }
        }
        if best != u32::MAX {
            let unit = (best & 7) as usize;
            // The fewest configurations (two or more), ties going to the lowest digit.
            let mut pick = u32::MAX;
            for d in 0..9 {
                let n = if unit < 3 {
                    (self.rows[9 * unit + d] >> 16) & 0xFF
                } else {
                    ((self.stack_weight[d] >> (16 * (unit - 3))) & 0xFF) as u32
                };
                if n >= 2 {
                    pick = pick.min(n << 4 | d as u32);
                }
            }
            let digit = (pick & 15) as usize;
            let configs = if unit < 3 {
                (self.rows[9 * unit + digit] >> 9) & 0x3F
            } else {
                let shift = 3 * (unit - 3);
                let fold = |x: u32| ((x | (x >> 9) | (x >> 18)) >> shift) & 7;
                let m = fold(self.cand[digit])
                    | fold(self.cand[9 + digit]) << 3
                    | fold(self.cand[18 + digit]) << 6;
                u32::from(CONFIGS[m as usize])
            };
            return Choice::Configurations {
                unit,
                digit,
                configs,
            };
        }
        let mut best = (u32::MAX, 0, 0, 0);
        for band in 0..3 {
            let mut cells = self.unsolved[band];
            while cells != 0 {
                let pos = cells.trailing_zeros();
                cells &= cells - 1;
                let digits = self.candidates(band, pos);
                let len = digits.count_ones();
                if len < best.0 {
                    best = (len, band, pos, digits);
                }
            }
        }
        Choice::Cell {
            band: best.1,
            pos: best.2,
            digits: best.3,
        }
    }

    /// The digits of a solved board, row-major.
    pub(crate) fn cells(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for band in 0..3 {
            for d in 0..9 {
                let mut x = self.cand[9 * band + d];
                while x != 0 {
                    let pos = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[27 * band + pos] = d as u8 + 1;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_shapes_they_claim() {
        assert_eq!(COL[0].count_ones(), 3);
        for p in 0..27 {
            assert_eq!(
                ROW_BOX_PEERS[p].count_ones(),
                8 + 6,
                "8 others in the row, 6 more in the box"
            );
            assert_eq!(ROW_BOX_PEERS[p] & (1 << p), 0);
        }
        // Every mini-row occupied: everything stays.
        assert_eq!(KEEP[511], BAND);
        // Row 0 only in box 0: box 0 is taken, the other rows lose it, row 0 keeps box 0.
        let m = 0b110_110_001;
        let keep = KEEP[m];
        assert_eq!(keep & 0x1FF, 7);
        assert_eq!((keep >> 9) & 7, 0);
        assert_eq!((keep >> 18) & 7, 0);
        // Across a stack: every mini-column occupied keeps all; a column of the stack in
        // band 0 only takes band 0 from the other two columns.
        assert_eq!(ALLOWED[511], 0x1FF);
        assert_eq!(ALLOWED[0b110_110_111], 0b110_110_001);
        // A row with no cell: no permutation.
        assert_eq!(KEEP[0b111_111_000], 0);
        // Two rows confined to the same box: no permutation.
        assert_eq!(KEEP[0b111_001_001], 0);
        // Row 0 has one cell in its first mini-row and one in its last, row 1 one cell in
        // its first mini-row, row 2 none; another cell beside row 1's makes two there.
        assert_eq!(
            minirows(0b100_000_001 | 0b000_000_100 << 9),
            (0b000_001_101, 0b000_001_101)
        );
        assert_eq!(minirows(0b110 << 9), (0b000_001_000, 0));
    }

    /// The configuration tables against a direct enumeration of the six permutations.
    #[test]
    fn configuration_tables_agree_with_the_permutations() {
        for m in 0..512u32 {
            let fitting: Vec<usize> = (0..6).filter(|&i| m & used(i) == used(i)).collect();
            let configs = fitting.iter().fold(0, |acc, &i| acc | 1 << i);
            assert_eq!(u32::from(CONFIGS[m as usize]), configs, "{m:09b}");
            let union = fitting.iter().fold(0, |acc, &i| acc | used(i));
            let common = fitting.iter().fold(0x1FF, |acc, &i| acc & used(i));
            assert_eq!(KEEP[m as usize], MINIROW_CELLS[union as usize], "{m:09b}");
            assert_eq!(u32::from(ALLOWED[m as usize]), union, "{m:09b}");
            let confined = if fitting.is_empty() { 0 } else { common };
            assert_eq!(u32::from(CONFINED[m as usize]), confined, "{m:09b}");
            let n = fitting.len() as u32;
            let weight = n + if n >= 2 { 256 } else { 0 };
            assert_eq!(u32::from(WEIGHT[m as usize]), weight);
            assert_eq!(ROW_INFO[m as usize], confined | configs << 9 | weight << 16);
            assert_eq!(STACK_INFO[m as usize] as u32, spread_stack(union));
            assert_eq!(
                (STACK_INFO[m as usize] >> 32) as u32,
                spread_stack(confined)
            );
        }
    }

    /// Stack patterns gather, for each stack, the three columns of each band.
    #[test]
    fn stack_patterns_transpose_the_column_word() {
        for columns in [
            1u32,
            0o7,
            0o700,
            0o7 << 9,
            0o123_456_701,
            BAND,
            0o070_007_700,
        ] {
            let patterns = stack_patterns(columns);
            for stack in 0..3 {
                for band in 0..3 {
                    for col in 0..3 {
                        let have = (columns >> (9 * band + 3 * stack + col)) & 1;
                        let got = (patterns >> (9 * stack + 3 * band + col)) & 1;
                        assert_eq!(have, got, "{columns:o} stack {stack} band {band} col {col}");
                    }
                }
            }
        }
    }

    /// The board after propagating `givens` (cell, digit 1 to 9) on an empty grid.
    fn propagated(givens: &[(usize, u8)]) -> Board {
        let mut cells = [0u8; 81];
        for &(cell, digit) in givens {
            cells[cell] = digit;
        }
        let mut board = Board::new(&cells).expect("no clash");
        assert!(board.propagate(), "no contradiction");
        board
    }

    /// Digits 1, 2 and 3 fill rows 1 and 2 of boxes 1 and 2, so in row 0 each must sit in
    /// box 0: the three cells of that mini-row hold only them. The same across stack 0:
    /// they fill columns 1 and 2 of boxes 3 and 6, so column 0 holds them in box 0.
    #[test]
    fn hidden_triads_empty_a_mini_line_of_other_digits() {
        let rows = propagated(&[(12, 1), (24, 1), (13, 2), (25, 2), (14, 3), (26, 3)]);
        for pos in 0..3 {
            assert_eq!(rows.candidates(0, pos), 0b111, "cell {pos}");
        }
        let cols = propagated(&[(28, 1), (56, 1), (37, 2), (65, 2), (46, 3), (74, 3)]);
        for pos in [0, 9, 18] {
            assert_eq!(cols.candidates(0, pos), 0b111, "cell {pos}");
        }
    }

    /// Restricting a digit to one configuration keeps exactly its mini-rows (band) or its
    /// mini-columns (stack).
    #[test]
    fn restrict_keeps_one_configuration() {
        for config in 0..6 {
            let mut band = Board::new(&[0; 81]).unwrap();
            band.restrict(1, 4, config);
            assert_eq!(band.cand[9 + 4], MINIROW_CELLS[used(config) as usize]);
            assert_eq!(band.cand[4], BAND);
            let mut stack = Board::new(&[0; 81]).unwrap();
            stack.restrict(3 + 2, 4, config);
            for b in 0..3 {
                let column = 6 + PERMS[config][b] as usize;
                let inside = stack.cand[9 * b + 4] & STACK_COLS[2];
                assert_eq!(inside, COL[column], "band {b}");
                assert_eq!(
                    stack.cand[9 * b + 4] & !STACK_COLS[2],
                    BAND & !STACK_COLS[2]
                );
            }
        }
    }

    /// After propagation the search branches on a digit of the chosen band or stack with
    /// the fewest configurations, trying exactly those configurations.
    #[test]
    fn choose_branches_on_the_fewest_configurations_of_a_digit() {
        let grid: sudoku_core::Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let mut board = Board::new(grid.cells()).unwrap();
        assert!(board.propagate());
        for branching in [Branching::FewestOpenDigits, Branching::FewestConfigurations] {
            let Choice::Configurations {
                unit,
                digit,
                configs,
            } = board.choose(branching)
            else {
                panic!("every unit fixed before the grid is full");
            };
            let count = |d: usize| {
                if unit < 3 {
                    (board.rows[9 * unit + d] >> 16) & 0xFF
                } else {
                    ((board.stack_weight[d] >> (16 * (unit - 3))) & 0xFF) as u32
                }
            };
            assert!(count(digit) >= 2, "an open digit");
            assert_eq!(configs.count_ones(), count(digit));
            if unit < 3 {
                assert_eq!(configs, (board.rows[9 * unit + digit] >> 9) & 0x3F);
            }
            for d in 0..9 {
                if count(d) >= 2 {
                    assert!(count(digit) <= count(d), "digit {d} has fewer");
                }
            }
        }
    }

    /// Should every band and stack be fixed on an unsolved board, the cell with the fewest
    /// candidates is the branch.
    #[test]
    fn choose_falls_back_to_the_cell_with_fewest_candidates() {
        let grid: sudoku_core::Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let mut board = Board::new(grid.cells()).unwrap();
        board.rows = [ROW_INFO[0b100_010_001]; 27];
        board.stack_weight = [u64::from(WEIGHT[0b100_010_001]) * 0x0001_0001_0001; 9];
        let Choice::Cell { band, pos, digits } = board.choose(Branching::default()) else {
            panic!("no configuration is open");
        };
        let cell = 27 * band + pos as usize;
        assert_eq!(grid[cell], 0);
        assert_eq!(digits as u16, grid.candidates(cell).unwrap().bits());
        let fewest = (0..81)
            .filter(|&c| grid[c] == 0)
            .map(|c| grid.candidates(c).unwrap().bits().count_ones())
            .min();
        assert_eq!(Some(digits.count_ones()), fewest);
    }

    #[test]
    fn the_board_is_as_small_as_the_docs_say() {
        assert_eq!(std::mem::size_of::<Board>(), 392);
    }

    #[test]
    fn candidates_match_the_grid() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: sudoku_core::Grid = line.parse().unwrap();
        let board = Board::new(grid.cells()).unwrap();
        for cell in 0..81 {
            if grid[cell] == 0 {
                let mask = board.candidates(cell / 27, (cell % 27) as u32);
                assert_eq!(
                    mask as u16,
                    grid.candidates(cell).unwrap().bits(),
                    "cell {cell}"
                );
            }
        }
    }
}
