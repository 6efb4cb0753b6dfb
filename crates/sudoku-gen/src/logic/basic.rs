//! The techniques below the chains: singles, intersections, subsets, fish and wings, each
//! visiting regions, digits and cells in the order Sudoku Explainer does, so that the first
//! step found is the one it takes.

use std::ops::ControlFlow;

use super::board::{
    BLOCK, Board, COL, COLUMN_0, HOUSE, PEER_MASK, REGION_MASK, REGION_OF, REGIONS, ROW, bit,
    bits64, cells128, count9, digits, every, one, several, subsets,
};
use super::{Found, Parents, Sink, Technique, unit_of};

/// What a rule looks at: the digits (bit `digit - 1`), the regions (bit `9 * kind +
/// index`) and the cells whose candidates changed since it last found nothing. The others
/// would give nothing again: each rule taking a scope finds a step for a digit or a region
/// from the candidates of that digit or region alone, or (wings) a step resting on three
/// cells from their candidates, removing what the other cells, which only lose candidates,
/// still hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scope {
    pub(crate) digits: u16,
    pub(crate) regions: u32,
    pub(crate) cells: u128,
}

impl Scope {
    /// Everything.
    pub(crate) const ALL: Scope = Scope {
        digits: 0x1ff,
        regions: (1 << 27) - 1,
        cells: (1 << 81) - 1,
    };

    /// What changed from the candidates of each digit `before` to those of `b`.
    pub(crate) fn changed(before: &[u128; 9], b: &Board) -> Scope {
        let mut digits = 0;
        let mut cells = 0u128;
        for d in 0..9 {
            let diff = before[d] ^ b.digit_cells[d];
            if diff != 0 {
                digits |= 1 << d;
                cells |= diff;
            }
        }
        let mut regions = 0;
        for kind in [BLOCK, ROW, COL] {
            for index in 0..9 {
                if cells & REGION_MASK[kind][index] != 0 {
                    regions |= 1 << (9 * kind + index);
                }
            }
        }
        Scope {
            digits,
            regions,
            cells,
        }
    }

    fn digit(self, digit: u8) -> bool {
        self.digits & bit(digit) != 0
    }

    fn region(self, kind: usize, index: usize) -> bool {
        self.regions & (1 << (9 * kind + index)) != 0
    }
}

/// The kinds of region in the order hidden singles visits them: blocks, columns, rows. A
/// region's bit in a [`Singles`] mask is `9 * k + index`, `k` its kind's place here.
const SINGLES_ORDER: [usize; 3] = [BLOCK, COL, ROW];

/// The regions of each cell, as bits of a [`Singles`] mask.
static CELL_REGIONS: [u32; 81] = {
    let mut out = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        while k < 3 {
            out[cell] |= 1 << (9 * k + REGION_OF[SINGLES_ORDER[k]][cell] as usize);
            k += 1;
        }
        cell += 1;
    }
    out
};

/// The cells of each region, indexed by its bit in a [`Singles`] mask.
static SINGLES_REGIONS: [u128; 27] = {
    let mut out = [0u128; 27];
    let mut k = 0;
    while k < 27 {
        out[k] = REGION_MASK[SINGLES_ORDER[k / 9]][k % 9];
        k += 1;
    }
    out
};

/// The regions holding a cell of `cells`, as bits of a [`Singles`] mask.
fn regions_of(cells: u128) -> u32 {
    cells128(cells).fold(0, |m, c| m | CELL_REGIONS[c])
}

/// Where each digit has one place left and which regions have one empty cell, kept from one
/// board to the next: a step changes the candidates of a few digits in a few regions, and
/// only those regions are counted again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Singles {
    /// The candidates of each digit when `alone` was worked out (none at first, which leaves
    /// no region with one place: the empty state is a true one).
    cells: [u128; 9],
    /// For each digit, the regions where it has exactly one place (bits as in
    /// [`SINGLES_ORDER`]).
    alone: [u32; 9],
    /// The empty cells when `full` was worked out (none at first).
    empty: u128,
    /// The regions with exactly one empty cell.
    full: u32,
}

impl Singles {
    /// Brings the masks up to date with `b`.
    fn update(&mut self, b: &Board) {
        for d in 0..9 {
            let cells = b.digit_cells[d];
            let changed = cells ^ self.cells[d];
            if changed != 0 {
                self.cells[d] = cells;
                self.alone[d] = recount(self.alone[d], regions_of(changed), |r| {
                    (cells & SINGLES_REGIONS[r]).count_ones() == 1
                });
            }
        }
        let empty = b.empty_cells();
        let changed = empty ^ self.empty;
        if changed != 0 {
            self.empty = empty;
            self.full = recount(self.full, regions_of(changed), |r| {
                one(empty & SINGLES_REGIONS[r])
            });
        }
    }
}

/// `mask` with the bits of `regions` set again by `holds`.
fn recount(mask: u32, regions: u32, holds: impl Fn(usize) -> bool) -> u32 {
    bits64(u64::from(regions)).fold(mask & !regions, |m, r| m | u32::from(holds(r)) << r)
}

/// Full houses and hidden singles: a digit with one place left in a region. Regions with one
/// empty cell left first (blocks, columns, rows), then the others in the same order; within
/// a region, digits in increasing order. `singles` carries the places of each digit from
/// the board of the last call.
pub(crate) fn hidden_singles(b: &Board, singles: &mut Singles, out: Sink<'_>) -> ControlFlow<()> {
    singles.update(b);
    let any = singles.alone.iter().fold(0, |m, &a| m | a);
    if any == 0 {
        return ControlFlow::Continue(());
    }
    let full = singles.full;
    for (alone_only, regions) in [(true, any & full), (false, any & !full)] {
        for region in bits64(u64::from(regions)) {
            let (kind, index) = (SINGLES_ORDER[region / 9], region % 9);
            let difficulty = match (alone_only, kind) {
                (true, _) => 1.0,
                (false, BLOCK) => 1.2,
                _ => 1.5,
            };
            for d in 0..9 {
                if singles.alone[d] >> region & 1 == 0 {
                    continue;
                }
                let places = b.digit_cells[d] & SINGLES_REGIONS[region];
                let cell = places.trailing_zeros() as usize;
                out(Found::placing(
                    Technique::HiddenSingle,
                    "Hidden Single",
                    difficulty,
                    (cell, d as u8 + 1),
                    Some(unit_of(kind, index)),
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The singles that the path may take at a difficulty of `hardest` or less: none below 1.0;
/// full houses (1.0); hidden singles in blocks too (1.2); in every region (1.5); and naked
/// singles (2.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SinglesUpTo {
    /// No single is that easy.
    #[default]
    None,
    /// Full houses: a region with one empty cell.
    FullHouses,
    /// And hidden singles in blocks.
    BlockSingles,
    /// And hidden singles in rows and columns.
    HiddenSingles,
    /// And naked singles.
    AllSingles,
}

impl SinglesUpTo {
    /// The difficulty of the hardest of these singles (0 for none).
    pub(crate) fn difficulty(self) -> f64 {
        match self {
            SinglesUpTo::None => 0.0,
            SinglesUpTo::FullHouses => 1.0,
            SinglesUpTo::BlockSingles => 1.2,
            SinglesUpTo::HiddenSingles => 1.5,
            SinglesUpTo::AllSingles => 2.3,
        }
    }

    /// The kind the ladder takes next when none of these is left: no technique lies between
    /// full houses, hidden singles in blocks and those in rows and columns, while direct
    /// pointing (1.7) comes before naked singles.
    fn rise(self) -> Option<SinglesUpTo> {
        match self {
            SinglesUpTo::None => Some(SinglesUpTo::FullHouses),
            SinglesUpTo::FullHouses => Some(SinglesUpTo::BlockSingles),
            SinglesUpTo::BlockSingles => Some(SinglesUpTo::HiddenSingles),
            SinglesUpTo::HiddenSingles | SinglesUpTo::AllSingles => None,
        }
    }

    /// The regions whose hidden singles count, as bits of a [`Singles`] mask: blocks only
    /// (bits 0 to 8), or all 27.
    fn hidden_regions(self) -> u32 {
        match self {
            SinglesUpTo::None | SinglesUpTo::FullHouses => 0,
            SinglesUpTo::BlockSingles => 0x1FF,
            SinglesUpTo::HiddenSingles | SinglesUpTo::AllSingles => (1 << 27) - 1,
        }
    }

    /// The singles whose difficulty is at most `hardest`.
    pub(crate) fn at(hardest: f64) -> SinglesUpTo {
        match hardest {
            h if h >= 2.3 => SinglesUpTo::AllSingles,
            h if h >= 1.5 => SinglesUpTo::HiddenSingles,
            h if h >= 1.2 => SinglesUpTo::BlockSingles,
            h if h >= 1.0 => SinglesUpTo::FullHouses,
            _ => SinglesUpTo::None,
        }
    }
}

/// Where singles alone lead from the boards of a path, kept from one try to the next: a
/// try starts from what the last one reached, refined by the board of now, which a path of
/// sound steps only ever refines.
#[derive(Clone, Debug)]
pub(crate) struct SinglesReach {
    /// The cells where each digit is a candidate.
    cells: [u128; 9],
    /// The same candidates by cell (bit `d` for digit `d + 1`).
    by_cell: [u16; 81],
    /// The empty cells.
    empty: u128,
    /// The cells each digit was placed in by singles.
    placed: [u128; 9],
    /// Whether a try was made (before, the fields hold nothing).
    tried: bool,
    /// The singles of the last try, risen to where it stopped.
    singles: SinglesUpTo,
    /// The kind of the first single the last try placed (`None` when it placed none).
    first: SinglesUpTo,
    /// The hardest kind of single the last try placed.
    hardest: SinglesUpTo,
}

impl Default for SinglesReach {
    fn default() -> SinglesReach {
        SinglesReach {
            cells: [0; 9],
            by_cell: [0; 81],
            empty: 0,
            placed: [0; 9],
            tried: false,
            singles: SinglesUpTo::None,
            first: SinglesUpTo::None,
            hardest: SinglesUpTo::None,
        }
    }
}

impl SinglesReach {
    /// The full board that `singles` alone lead to from `b`, or `None` when they stop short
    /// (or meet a contradiction, which a board of a puzzle with one solution never holds).
    /// Where none of them is left, they rise to the next kind the ladder would take, up to
    /// `ceiling` ([`first`](SinglesReach::first) and [`hardest`](SinglesReach::hardest) tell
    /// which kinds placed something): the ladder's next step is then one of that kind.
    ///
    /// The rating's shortcut rests on it: these singles only ever need more placements and
    /// fewer candidates to stay true, so if they fill the grid from `b`, they fill it from
    /// every board that sound steps lead to from `b` as well. A single of them is then there
    /// at each step of the path, which takes nothing harder, and the rating is already
    /// known. For the same reason a try may start from where the last one stopped: that
    /// board's placements and eliminations were reached from an earlier board of the path
    /// by singles of this kind or fewer, so they are reached from `b` too.
    pub(crate) fn fill(
        &mut self,
        b: &Board,
        singles: SinglesUpTo,
        ceiling: SinglesUpTo,
    ) -> Option<Board> {
        (self.first, self.hardest) = (SinglesUpTo::None, SinglesUpTo::None);
        if singles == SinglesUpTo::None {
            return None;
        }
        let mut hidden = singles.hidden_regions();
        let naked = singles == SinglesUpTo::AllSingles;
        // What is left to look at: for each digit, the regions where it lost a place; the
        // regions that lost an empty cell; the cells that lost a candidate. Everything at
        // first; after a try that stopped short, where none of its kinds was left (nor any
        // easier), only what the board of now changed and what kinds harder than its own
        // add.
        let mut places = [(1u32 << 27) - 1; 9];
        let mut houses = (1u32 << 27) - 1;
        let mut cands = u128::MAX;
        if self.tried {
            let stopped = self.empty != 0;
            let empty = self.empty & b.empty_cells();
            if stopped {
                houses = regions_of(self.empty & !empty);
                let more = hidden & !self.singles.hidden_regions();
                places = [more; 9];
                if !naked || self.singles == SinglesUpTo::AllSingles {
                    cands = 0;
                }
            }
            for d in 0..9 {
                let now = self.cells[d] & b.digit_cells[d];
                if stopped {
                    places[d] |= regions_of(self.cells[d] & !now);
                    cands |= self.cells[d] & !now;
                }
                self.cells[d] = now;
            }
            for (mine, now) in self.by_cell.iter_mut().zip(&b.cands) {
                *mine &= now;
            }
            self.empty = empty;
        } else {
            (self.cells, self.empty, self.tried) = (b.digit_cells, b.empty_cells(), true);
            self.by_cell = b.cands;
        }
        self.singles = singles;
        while self.empty != 0 {
            let mut progress = false;
            if naked && cands != 0 {
                let look = std::mem::take(&mut cands) & self.empty;
                let (mut once, mut twice) = (0u128, 0u128);
                for &set in &self.cells {
                    twice |= once & set & look;
                    once |= set & look;
                }
                for cell in cells128(once & !twice) {
                    if self.by_cell[cell] != 0 {
                        let d = self.by_cell[cell].trailing_zeros() as usize;
                        self.place(cell, d, &mut places, &mut houses, &mut cands);
                        progress = true;
                    }
                }
            }
            for region in bits64(u64::from(std::mem::take(&mut houses))) {
                let open = self.empty & SINGLES_REGIONS[region];
                if one(open) {
                    let cell = open.trailing_zeros() as usize;
                    if self.by_cell[cell] != 0 {
                        let d = self.by_cell[cell].trailing_zeros() as usize;
                        self.place(cell, d, &mut places, &mut houses, &mut cands);
                        progress = true;
                    }
                }
            }
            for d in 0..9 {
                let look = std::mem::take(&mut places[d]) & hidden;
                for region in bits64(u64::from(look)) {
                    let at = self.cells[d] & SINGLES_REGIONS[region];
                    if one(at) {
                        let cell = at.trailing_zeros() as usize;
                        self.place(cell, d, &mut places, &mut houses, &mut cands);
                        progress = true;
                    }
                }
            }
            // With nothing placed, nothing is left to look at but the regions the next kind
            // adds.
            if !progress {
                let next = self.singles.rise().filter(|&next| next <= ceiling)?;
                let more = next.hidden_regions() & !hidden;
                hidden |= more;
                for look in &mut places {
                    *look |= more;
                }
                self.singles = next;
            }
        }
        let mut values = b.values;
        for (d, &set) in self.placed.iter().enumerate() {
            for cell in cells128(set & b.empty_cells()) {
                values[cell] = d as u8 + 1;
            }
        }
        Some(Board::new(values, [0; 81]))
    }

    /// Takes `b` where [`fill`](SinglesReach::fill) leads: the full grid when the singles
    /// fill it (`true`), else the board where they stopped.
    pub(crate) fn advance(
        &mut self,
        b: &mut Board,
        singles: SinglesUpTo,
        ceiling: SinglesUpTo,
    ) -> bool {
        match self.fill(b, singles, ceiling) {
            Some(full) => {
                *b = full;
                true
            }
            None => {
                self.place_on(b);
                false
            }
        }
    }

    /// Places on `b` what the last [`fill`](SinglesReach::fill) placed and `b` has not:
    /// the board where those singles stopped.
    fn place_on(&self, b: &mut Board) {
        for (d, &set) in self.placed.iter().enumerate() {
            for cell in cells128(set & b.empty_cells()) {
                b.place(cell, d as u8 + 1);
            }
        }
    }

    /// Places digit `d + 1` (`d` from 0): the cell leaves every digit's set, and the
    /// digit leaves the cell's peers; what changed is marked to be looked at.
    fn place(
        &mut self,
        cell: usize,
        d: usize,
        places: &mut [u32; 9],
        houses: &mut u32,
        cands: &mut u128,
    ) {
        let bit = 1u128 << cell;
        let mut digits = std::mem::take(&mut self.by_cell[cell]);
        while digits != 0 {
            let k = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.cells[k] &= !bit;
            places[k] |= CELL_REGIONS[cell];
        }
        let lost = self.cells[d] & PEER_MASK[cell];
        if lost != 0 {
            self.cells[d] &= !lost;
            // The regions of the cell hold the digit now: no single of it is left there.
            let around = CELL_REGIONS[cell];
            for other in cells128(lost) {
                self.by_cell[other] &= !(1 << d);
                places[d] |= CELL_REGIONS[other] & !around;
            }
            *cands |= lost;
        }
        self.empty &= !bit;
        *houses |= CELL_REGIONS[cell];
        self.placed[d] |= bit;
        if self.first == SinglesUpTo::None {
            self.first = self.singles;
        }
        self.hardest = self.singles;
    }

    /// The kind of the first single the last [`fill`](SinglesReach::fill) placed: `None`
    /// when it placed none.
    pub(crate) fn first(&self) -> SinglesUpTo {
        self.first
    }

    /// The hardest kind of single the last [`fill`](SinglesReach::fill) placed: `None` when
    /// it placed none.
    pub(crate) fn hardest(&self) -> SinglesUpTo {
        self.hardest
    }
}

/// Naked singles: a cell with one candidate.
pub(crate) fn naked_singles(b: &Board, out: Sink<'_>) -> ControlFlow<()> {
    for cell in 0..81 {
        if b.values[cell] == 0 && b.count(cell) == 1 {
            let digit = b.cands[cell].trailing_zeros() as u8 + 1;
            out(Found::placing(
                Technique::NakedSingle,
                "Naked Single",
                2.3,
                (cell, digit),
                None,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// The pairs of region kinds that intersections look at, in Sudoku Explainer's order: a
/// block and a column, a block and a row (pointing), a column and a block, a row and a block
/// (claiming).
const INTERSECTIONS: [(usize, usize); 4] = [(BLOCK, COL), (BLOCK, ROW), (COL, BLOCK), (ROW, BLOCK)];

/// Pointing and claiming. `direct`: only those that leave a hidden single in another region
/// of the first kind crossing the second (Sudoku Explainer's direct pointing and claiming),
/// which place that single too.
/// Only the digits in `scope` are looked at.
pub(crate) fn intersections(
    b: &Board,
    direct: bool,
    scope: Scope,
    out: Sink<'_>,
) -> ControlFlow<()> {
    let all_locked = locked(b, scope.digits);
    for (pair, (kind1, kind2)) in INTERSECTIONS.into_iter().enumerate() {
        for i1 in 0..9 {
            let locked = all_locked[pair][i1];
            if locked == [0; 3] {
                continue;
            }
            let mask1 = REGION_MASK[kind1][i1];
            for (k, i2) in crossing(kind1, i1, kind2).enumerate() {
                let mask2 = REGION_MASK[kind2][i2];
                for digit in digits(locked[k]) {
                    let cells = b.digit_cells[digit as usize - 1];
                    if direct {
                        // The other regions of the first kind that cross the second.
                        for i3 in crossing(kind2, i2, kind1).filter(|&i3| i3 != i1) {
                            let places3 = cells & REGION_MASK[kind1][i3];
                            let outside = places3 & !mask2;
                            if several(places3) && one(outside) {
                                // A direct step only places its single (its eliminations
                                // are the reason, not kept on the board).
                                let single = outside.trailing_zeros() as usize;
                                let mut hint =
                                    locking_hint(b, (kind1, i1), (kind2, i2), digit, true)
                                        .with_placement((single, digit));
                                hint.removals.clear();
                                out(hint)?;
                            }
                        }
                    } else {
                        debug_assert!(cells & mask2 & !mask1 != 0, "it removes something");
                        out(locking_hint(b, (kind1, i1), (kind2, i2), digit, false))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The first cell of each row's three cells in a block (bit `9 * row + 3 * stack`).
const ROW_SEGMENTS: u128 = every(27, 3);

/// The first cell of each column's three cells in a block (bit `27 * band + column`).
const COLUMN_SEGMENTS: u128 = every(9, 1) * every(3, 27);

/// For each pair of [`INTERSECTIONS`], each region of the first kind and each of the three
/// regions of the second kind crossing it (in [`crossing`]'s order), the digits of `scope`
/// with two places or more in the first region, all of them in that crossing region, and
/// places in the crossing region outside the first: those whose pointing or claiming
/// removes something, as a direct one does too.
///
/// Worked out for every region at once on the digits' cell sets: a row and a block share
/// three cells (a row segment), a column and a block too (a column segment). Whether a
/// segment holds a place, and whether it holds two, are one bit each at the segment's first
/// cell; a region's places are all in one crossing region when exactly one of its three
/// segments holds any, and they are two or more when that segment holds two. The crossing
/// region has places outside when one of its other two segments holds any.
fn locked(b: &Board, scope: u16) -> [[[u16; 3]; 9]; 4] {
    let mut out = [[[0u16; 3]; 9]; 4];
    for digit in digits(scope) {
        let x = b.digit_cells[digit as usize - 1];
        let rows = (x | x >> 1 | x >> 2) & ROW_SEGMENTS;
        let rows2 = (x & x >> 1 | x & x >> 2 | x >> 1 & x >> 2) & ROW_SEGMENTS;
        let cols = (x | x >> 9 | x >> 18) & COLUMN_SEGMENTS;
        let cols2 = (x & x >> 9 | x & x >> 18 | x >> 9 & x >> 18) & COLUMN_SEGMENTS;
        // For a pair: the segments each region of the first kind has alone, by crossing
        // region, from how far apart a region's three segments are (`apart`); whether the
        // other segments of each crossing region hold a place, at each segment's bit; and the
        // index of the region from the bit of its first segment.
        let mut put = |pair: usize, alone: [u128; 3], others: u128, apart: u32| {
            for (k, alone) in alone.into_iter().enumerate() {
                for p in cells128(alone & others >> (apart * k as u32)) {
                    let index = match pair {
                        0 | 1 => p / 27 * 3 + p % 27 / 3,
                        2 => p,
                        _ => p / 9,
                    };
                    out[pair][index][k] |= bit(digit);
                }
            }
        };
        // A block's columns: its segments side by side, from 27 * band + 3 * stack; a
        // column's segments are a band (27 cells) apart, from its first cell.
        put(
            0,
            alone::<1>(cols, cols2, BLOCK_FIRSTS),
            others::<27>(cols, every(9, 1)),
            1,
        );
        // A block's rows: a row (9 cells) apart; a row's segments three cells apart.
        put(
            1,
            alone::<9>(rows, rows2, BLOCK_FIRSTS),
            others::<3>(rows, COLUMN_0),
            9,
        );
        // A column's blocks: a band apart, from the column's first cell; a block's column
        // segments side by side.
        put(
            2,
            alone::<27>(cols, cols2, every(9, 1)),
            others::<1>(cols, BLOCK_FIRSTS),
            27,
        );
        // A row's blocks: three cells apart, from the row's first cell; a block's row
        // segments a row apart.
        put(
            3,
            alone::<3>(rows, rows2, COLUMN_0),
            others::<9>(rows, BLOCK_FIRSTS),
            3,
        );
    }
    out
}

/// Of the segments `held` (those holding two places or more: `two`), for each of the three a
/// region has (`APART` cells apart, the first at a bit of `firsts`), those the region holds
/// alone, at the region's first bit.
#[inline(always)]
fn alone<const APART: u32>(held: u128, two: u128, firsts: u128) -> [u128; 3] {
    let (h0, h1, h2) = (held, held >> APART, held >> (2 * APART));
    [
        h0 & !(h1 | h2) & two & firsts,
        h1 & !(h0 | h2) & two >> APART & firsts,
        h2 & !(h0 | h1) & two >> (2 * APART) & firsts,
    ]
}

/// Of the segments `held`, in groups of three (`APART` cells apart, the first at a bit of
/// `firsts`), whether another segment of the same group is held, at each segment's bit.
#[inline(always)]
fn others<const APART: u32>(held: u128, firsts: u128) -> u128 {
    let (g0, g1, g2) = (
        held & firsts,
        held >> APART & firsts,
        held >> (2 * APART) & firsts,
    );
    (g1 | g2) | (g0 | g2) << APART | (g0 | g1) << (2 * APART)
}

/// The first cell of each block (bit `27 * band + 3 * stack`).
const BLOCK_FIRSTS: u128 = every(3, 3) * every(3, 27);

/// [`locked`] is what looking at each region's places one by one finds.
#[cfg(test)]
#[test]
fn locked_digits_are_those_of_each_region_alone() {
    let mut rng = sudoku_core::seeded_rng(7);
    let mut random = || rand::RngExt::random_range(&mut rng, 0..512u16);
    let mut found = 0;
    for _ in 0..2000 {
        // Each digit a candidate in about one cell in eight: sparse enough for many
        // regions to hold a digit in one crossing region only.
        let cands: [u16; 81] = std::array::from_fn(|_| random() & random() & random());
        let b = Board::new([0; 81], cands);
        let fast = locked(&b, 0x1FF);
        for (pair, (kind1, kind2)) in INTERSECTIONS.into_iter().enumerate() {
            for i1 in 0..9 {
                let mut slow = [0u16; 3];
                for digit in 1..=9u8 {
                    let places = b.digit_cells[digit as usize - 1] & REGION_MASK[kind1][i1];
                    if !several(places) {
                        continue;
                    }
                    for (k, i2) in crossing(kind1, i1, kind2).enumerate() {
                        let outside = b.digit_cells[digit as usize - 1]
                            & REGION_MASK[kind2][i2]
                            & !REGION_MASK[kind1][i1];
                        if places & !REGION_MASK[kind2][i2] == 0 && outside != 0 {
                            slow[k] |= bit(digit);
                        }
                    }
                }
                assert_eq!(fast[pair][i1], slow, "{kind1} {i1} {kind2}");
                found += slow.iter().map(|m| m.count_ones()).sum::<u32>();
            }
        }
    }
    assert!(found > 10_000, "{found} locked digits");
}

/// [`digits_placed`] counts what each digit's places in each region count, for every range.
#[cfg(test)]
#[test]
fn digits_placed_are_those_whose_places_count_so() {
    let mut rng = sudoku_core::seeded_rng(11);
    let mut random = || rand::RngExt::random_range(&mut rng, 0..512u16);
    let mut seen = [0u32; 10];
    for round in 0..500 {
        // Dense and sparse boards, for counts from none to nine.
        let cands: [u16; 81] = std::array::from_fn(|_| match round % 3 {
            0 => random() | random(),
            1 => random(),
            _ => random() & random(),
        });
        let b = Board::new([0; 81], cands);
        for kind in [BLOCK, ROW, COL] {
            for index in 0..9 {
                let counts: [u32; 9] =
                    std::array::from_fn(|d| b.places(kind, index, d as u8 + 1).count_ones());
                for &n in &counts {
                    seen[n as usize] += 1;
                }
                for low in 0..=7 {
                    for high in low..=7 {
                        let slow = (0..9)
                            .filter(|&d| (low..=high).contains(&counts[d]))
                            .fold(0u16, |m, d| m | 1 << d);
                        let fast = digits_placed(&b, &REGIONS[kind][index], low, high);
                        assert_eq!(fast, slow, "{kind} {index} {low}..={high}");
                    }
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[cfg(test)]
#[test]
fn crossing_lists_the_regions_that_share_cells() {
    for (kind, other) in INTERSECTIONS {
        for index in 0..9 {
            let listed: Vec<usize> = crossing(kind, index, other).collect();
            let shared: Vec<usize> = (0..9)
                .filter(|&i| super::board::crosses(kind, index, other, i))
                .collect();
            assert_eq!(listed, shared);
        }
    }
}

/// The three regions of kind `other` that cross region `index` of `kind` (a block and a row
/// or column), in increasing order.
fn crossing(kind: usize, index: usize, other: usize) -> impl Iterator<Item = usize> {
    let (first, step) = match (kind, other) {
        // A block's band of rows, its stack of columns.
        (BLOCK, ROW) => (index / 3 * 3, 1),
        (BLOCK, _) => (index % 3 * 3, 1),
        // A row's band of blocks, a column's stack of blocks.
        (ROW, _) => (index / 3 * 3, 1),
        _ => (index / 3, 3),
    };
    (0..3).map(move |k| first + k * step)
}

fn locking_hint(
    b: &Board,
    (kind1, i1): (usize, usize),
    (kind2, i2): (usize, usize),
    digit: u8,
    direct: bool,
) -> Found {
    let pointing = kind1 == BLOCK;
    let (technique, name, difficulty) = match (direct, pointing) {
        (true, true) => (Technique::DirectPointing, "Direct Pointing", 1.7),
        (true, false) => (Technique::DirectPointing, "Direct Claiming", 1.9),
        (false, true) => (Technique::PointingClaiming, "Pointing", 2.6),
        (false, false) => (Technique::PointingClaiming, "Claiming", 2.8),
    };
    let mut cells = Vec::new();
    let mut removals = Vec::new();
    for &cell in &REGIONS[kind2][i2] {
        let cell = cell as usize;
        if !b.has(cell, digit) {
            continue;
        }
        if REGION_OF[kind1][cell] as usize == i1 {
            cells.push(cell);
        } else {
            removals.push((cell, digit));
        }
    }
    Found {
        technique,
        name: name.into(),
        difficulty,
        cells,
        digits: bit(digit),
        unit: Some(unit_of(kind1, i1)),
        placement: None,
        removals,
        parents: Parents::Locking {
            digit,
            bases: vec![(kind1, i1)],
            covers: vec![(kind2, i2)],
        },
        chains: Vec::new(),
    }
}

/// The digits (bit `d - 1` for digit `d`) with `low` to `high` places (`high` at most 7)
/// among `cells`, counted for all nine digits at once: a binary counter per digit, one bit
/// plane per power of two.
fn digits_placed(b: &Board, cells: &[u8; 9], low: u32, high: u32) -> u16 {
    let (mut ones, mut twos, mut fours, mut more) = (0u16, 0u16, 0u16, 0u16);
    for &cell in cells {
        let x = b.cands[cell as usize];
        let carry = ones & x;
        ones ^= x;
        let carry2 = twos & carry;
        twos ^= carry;
        let carry4 = fours & carry2;
        fours ^= carry2;
        more |= carry4;
    }
    let mut out = 0;
    for n in low..=high {
        let bit_of = |plane: u16, k: u32| if n >> k & 1 != 0 { plane } else { !plane };
        out |= bit_of(ones, 0) & bit_of(twos, 1) & bit_of(fours, 2) & !more;
    }
    out & 0x1FF
}

/// Hidden pairs, triplets and quads (`degree` 2 to 4). `direct`: only those whose
/// eliminations leave a hidden single in the same region, which they place.
/// Only the regions in `scope` are looked at.
pub(crate) fn hidden_sets(
    b: &Board,
    degree: u32,
    direct: bool,
    scope: Scope,
    out: Sink<'_>,
) -> ControlFlow<()> {
    for kind in [BLOCK, COL, ROW] {
        for index in 0..9 {
            if !scope.region(kind, index) {
                continue;
            }
            let empty = b.empty_count(kind, index);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            // Only digits with two places or more, and no more than the set has, can be in a
            // set: the subsets of those, in the same order as all subsets (a monotone map
            // keeps the order of subsets).
            let wanted = digits_placed(b, &REGIONS[kind][index], 2, degree);
            if wanted.count_ones() < degree {
                continue;
            }
            let places: [u16; 9] = std::array::from_fn(|d| b.places(kind, index, d as u8 + 1));
            let mut eligible = [0u8; 9];
            let mut count = 0;
            for d in super::board::digits(wanted) {
                eligible[count] = d - 1;
                count += 1;
            }
            for combo in subsets(degree, count as u32) {
                let mut common = 0u16;
                let mut digits = 0u16;
                for i in bits64(combo) {
                    let d = eligible[i] as usize;
                    common |= places[d];
                    digits |= 1 << d;
                }
                if count9(common) != degree {
                    continue;
                }
                // A direct set places a single in its region; another must remove something.
                // Both are told before anything is made, as most sets found do neither.
                let single = if direct {
                    let single = (1..=9u8).filter(|&d| digits & bit(d) == 0).find_map(|d| {
                        let p = places[d as usize - 1];
                        (p.count_ones() > 1 && (p & !common).count_ones() == 1).then(|| {
                            (
                                REGIONS[kind][index][(p & !common).trailing_zeros() as usize]
                                    as usize,
                                d,
                            )
                        })
                    });
                    let Some(single) = single else { continue };
                    Some(single)
                } else {
                    let others = super::board::positions(common)
                        .any(|k| b.cands[REGIONS[kind][index][k] as usize] & !digits != 0);
                    if !others {
                        continue;
                    }
                    None
                };
                let cells: Vec<usize> = super::board::positions(common)
                    .map(|k| REGIONS[kind][index][k] as usize)
                    .collect();
                let removals: Vec<(usize, u8)> = cells
                    .iter()
                    .flat_map(|&c| super::board::digits(b.cands[c] & !digits).map(move |d| (c, d)))
                    .collect();
                let mut hint = Found {
                    technique: [
                        Technique::HiddenPair,
                        Technique::HiddenTriplet,
                        Technique::HiddenQuad,
                    ][degree as usize - 2],
                    name: ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][degree as usize - 2]
                        .into(),
                    difficulty: [3.4, 4.0, 5.4][degree as usize - 2],
                    cells,
                    digits,
                    unit: Some(unit_of(kind, index)),
                    placement: None,
                    removals,
                    parents: Parents::Hidden {
                        kind,
                        index,
                        digits,
                    },
                    chains: Vec::new(),
                };
                if let Some(single) = single {
                    hint.technique = if degree == 2 {
                        Technique::DirectHiddenPair
                    } else {
                        Technique::DirectHiddenTriplet
                    };
                    hint.name = [
                        "Direct Hidden Pair",
                        "Direct Hidden Triplet",
                        "Direct Hidden Quad",
                    ][degree as usize - 2]
                        .into();
                    hint.difficulty = [2.0, 2.5, 4.3][degree as usize - 2];
                    hint.placement = Some(single);
                    // As for direct intersections, only the single is placed.
                    hint.removals.clear();
                }
                out(hint)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked pairs, triplets and quads (`degree` 2 to 4): `degree` cells of a region whose
/// candidates, two or more each, are `degree` digits.
/// Only the regions in `scope` are looked at.
pub(crate) fn naked_sets(b: &Board, degree: u32, scope: Scope, out: Sink<'_>) -> ControlFlow<()> {
    for kind in [BLOCK, COL, ROW] {
        for index in 0..9 {
            if !scope.region(kind, index) {
                continue;
            }
            if b.empty_count(kind, index) < degree * 2 {
                continue;
            }
            let region = &REGIONS[kind][index];
            // Only cells with 2 to `degree` candidates can be in a set: the subsets of those,
            // in the order of all subsets (a monotone map keeps the order of subsets).
            let mut eligible = [0usize; 9];
            let mut count = 0;
            for (k, &cell) in region.iter().enumerate() {
                let n = b.count(cell as usize);
                if n >= 2 && n <= degree {
                    eligible[count] = k;
                    count += 1;
                }
            }
            for combo in subsets(degree, count as u32) {
                let mut common = 0u16;
                for i in bits64(combo) {
                    common |= b.cands[region[eligible[i]] as usize];
                }
                if count9(common) != degree {
                    continue;
                }
                let cells: Vec<usize> = bits64(combo)
                    .map(|i| region[eligible[i]] as usize)
                    .collect();
                let removals: Vec<(usize, u8)> = region
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|c| !cells.contains(c))
                    .flat_map(|c| super::board::digits(b.cands[c] & common).map(move |d| (c, d)))
                    .collect();
                let hint = Found {
                    technique: [
                        Technique::NakedPair,
                        Technique::NakedTriplet,
                        Technique::NakedQuad,
                    ][degree as usize - 2],
                    name: ["Naked Pair", "Naked Triplet", "Naked Quad"][degree as usize - 2].into(),
                    difficulty: [3.0, 3.6, 5.0][degree as usize - 2],
                    cells: cells.clone(),
                    digits: common,
                    unit: Some(unit_of(kind, index)),
                    placement: None,
                    removals,
                    parents: Parents::Naked {
                        cells,
                        digits: common,
                    },
                    chains: Vec::new(),
                };
                if hint.is_worth() {
                    out(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// X-Wing, Swordfish and Jellyfish (`degree` 2 to 4): columns as the base first, then rows.
/// Only the digits in `scope` are looked at.
pub(crate) fn fish(b: &Board, degree: u32, scope: Scope, out: Sink<'_>) -> ControlFlow<()> {
    let mut occurrences = [0u32; 10];
    for &v in &b.values {
        occurrences[v as usize] += 1;
    }
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        // The places of each digit in each base line, and the lines where it has two or more
        // (only those can be in a fish).
        let mut places = [[0u16; 9]; 9];
        let mut lines = [0u16; 9];
        for digit in 1..=9u8 {
            let d = digit as usize - 1;
            if occurrences[digit as usize] + degree * 2 > 9 || !scope.digit(digit) {
                continue;
            }
            for i in 0..9 {
                places[d][i] = b.places(base, i, digit);
                if places[d][i] & places[d][i].wrapping_sub(1) != 0 {
                    lines[d] |= 1 << i;
                }
            }
        }
        // The digits with enough lines for a fish.
        let active = (1..=9u8)
            .filter(|&digit| lines[digit as usize - 1].count_ones() >= degree)
            .fold(0u16, |m, digit| m | bit(digit));
        for combo in subsets(degree, 9) {
            for digit in digits(active) {
                let d = digit as usize - 1;
                if lines[d] & combo as u16 != combo as u16 {
                    continue;
                }
                let mut common = 0u16;
                for i in bits64(combo) {
                    common |= places[d][i];
                }
                if count9(common) != degree {
                    continue;
                }
                let bases: Vec<usize> = bits64(combo).collect();
                let covers: Vec<usize> = super::board::positions(common).collect();
                let mut cells = Vec::new();
                let mut removals = Vec::new();
                for &j in &covers {
                    for (k, &cell) in REGIONS[cover][j].iter().enumerate() {
                        let cell = cell as usize;
                        if !b.has(cell, digit) {
                            continue;
                        }
                        if combo & (1 << k) != 0 {
                            cells.push(cell);
                        } else {
                            removals.push((cell, digit));
                        }
                    }
                }
                cells.sort_unstable();
                removals.sort_unstable();
                let hint = Found {
                    technique: [Technique::XWing, Technique::Swordfish, Technique::Jellyfish]
                        [degree as usize - 2],
                    name: ["X-Wing", "Swordfish", "Jellyfish"][degree as usize - 2].into(),
                    difficulty: [3.2, 3.8, 5.2][degree as usize - 2],
                    cells,
                    digits: bit(digit),
                    unit: None,
                    placement: None,
                    removals,
                    parents: Parents::Locking {
                        digit,
                        bases: bases.iter().map(|&i| (base, i)).collect(),
                        covers: covers.iter().map(|&j| (cover, j)).collect(),
                    },
                    chains: Vec::new(),
                };
                if hint.is_worth() {
                    out(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wing (a pivot with two candidates) or XYZ-Wing (`xyz`: a pivot with three).
pub(crate) fn wings(b: &Board, xyz: bool, scope: Scope, out: Sink<'_>) -> ControlFlow<()> {
    let target = if xyz { 3 } else { 2 };
    let counts: [u32; 81] = std::array::from_fn(|c| b.count(c));
    let changed = |cell: usize| scope.cells & (1 << cell) != 0;
    for pivot in 0..81 {
        let xy = b.cands[pivot];
        if counts[pivot] != target {
            continue;
        }
        // A wing none of whose three cells changed removes nothing, as before.
        let pivot_changed = changed(pivot);
        if !pivot_changed && scope.cells & PEER_MASK[pivot] == 0 {
            continue;
        }
        for &xz_cell in &HOUSE[pivot] {
            let xz = b.cands[xz_cell as usize];
            let only_pivot = xy & !xz;
            if counts[xz_cell as usize] != 2
                || only_pivot == 0
                || only_pivot & (only_pivot - 1) != 0
            {
                continue;
            }
            let either_changed = pivot_changed || changed(xz_cell as usize);
            for &yz_cell in &HOUSE[pivot] {
                let yz = b.cands[yz_cell as usize];
                if counts[yz_cell as usize] != 2 || !(either_changed || changed(yz_cell as usize)) {
                    continue;
                }
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                let fits = count9(union) == 3
                    && if xyz {
                        inter.count_ones() == 1
                    } else {
                        inter == 0
                    };
                if !fits {
                    continue;
                }
                let (xz_cell, yz_cell) = (xz_cell as usize, yz_cell as usize);
                let z = (xz & yz).trailing_zeros() as u8 + 1;
                let removals: Vec<(usize, u8)> = HOUSE[xz_cell]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| super::board::sees(c, yz_cell) || c == yz_cell)
                    .filter(|&c| !xyz || super::board::sees(c, pivot))
                    .filter(|&c| c != pivot && c != xz_cell && c != yz_cell && b.has(c, z))
                    .map(|c| (c, z))
                    .collect();
                // A wing that removes nothing is not worth a hint (nor building one).
                if removals.is_empty() {
                    continue;
                }
                let hint = Found {
                    technique: if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    },
                    name: if xyz { "XYZ-Wing" } else { "XY-Wing" }.into(),
                    difficulty: if xyz { 4.4 } else { 4.2 },
                    cells: vec![pivot, xz_cell, yz_cell],
                    digits: union,
                    unit: None,
                    placement: None,
                    removals,
                    parents: Parents::None,
                    chains: Vec::new(),
                };
                out(hint)?;
            }
        }
    }
    ControlFlow::Continue(())
}
