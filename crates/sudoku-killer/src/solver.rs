//! [`KillerSolver`]: candidate masks, cage and 45-rule propagation, singles, MRV search.

use sudoku_core::{
    BOX_OF, Budget, COL_OF, CountSolutions, Grid, Meter, PEERS, ROW_OF, Solver, UNITS, Unsettled,
    Verdict,
};

use crate::combos::combinations;
use crate::puzzle::{Cage, KillerPuzzle, share_unit};

/// Settings of [`KillerSolver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerConfig {
    /// Derive extra sum constraints with the 45 rule (innies and outies of rows, columns,
    /// boxes and runs of them). Turning it off shows what the rule is worth.
    ///
    /// Default: `true`.
    pub rule_45: bool,
    /// The largest set of innies or outies kept as a constraint. Larger sets prune less and
    /// cost more to propagate.
    ///
    /// Default: 5.
    pub max_45_cells: usize,
    /// Propagate cages exactly: keep a digit in a cell only when the other cells can take
    /// different digits completing the sum (sets of used digits as bit sets). Off, a
    /// cheaper rule keeps the digits of the digit combinations that merely overlap every
    /// cell's candidates.
    ///
    /// Default: `true`.
    pub exact_cages: bool,
}

impl Default for KillerConfig {
    fn default() -> KillerConfig {
        KillerConfig {
            rule_45: true,
            max_45_cells: 5,
            exact_cages: true,
        }
    }
}

/// A complete killer sudoku solver: constraint propagation inside a depth-first search.
///
/// Each cell holds a 9-bit candidate mask. Propagation runs to a fixpoint:
/// - a placed digit leaves the cell's row, column, box and cage;
/// - each cage keeps, in every cell, only the digits with which the other cells can still
///   take different candidates adding up to the cage's sum (exact; see
///   [`KillerConfig::exact_cages`]), which takes placed digits and min/max bounds into
///   account; a digit that every fitting digit set holds and that only one cell can take is
///   placed there, and when the cells that can take it share a row, column or box it leaves
///   the rest of that unit;
/// - hidden singles in rows, columns and boxes are placed;
/// - extra constraints from the 45 rule (see [`KillerConfig::rule_45`]) are propagated like
///   cages when their cells must differ, else by reachable partial sums.
///
/// When propagation stalls, the search branches on a cell with the fewest candidates (MRV),
/// copying the 180-byte state per level, so undo is free.
///
/// [`Solver::stats`] gives a [`KillerStats`]: states propagated, guesses, and constraint
/// propagations run.
///
/// ```
/// use sudoku_killer::{KillerPuzzle, KillerSolver, Solver};
///
/// let puzzle = KillerPuzzle::from_cage_map(
///     "ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee",
///     &[11, 25, 14, 9, 12, 15, 4, 14, 6, 40, 3, 15, 9, 8, 12, 38, 11, 15, 13, 6, 4, 17, 7, 13,
///       10, 6, 26, 4, 15, 11, 12],
/// )?;
/// let mut solver = KillerSolver::default();
/// let solution = solver.solve(&puzzle).solution().expect("solvable");
/// assert!(puzzle.is_solution(&solution));
/// # Ok::<(), sudoku_killer::KillerError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct KillerSolver {
    config: KillerConfig,
    stats: KillerStats,
    model: Model,
    queue: Vec<u8>,
    /// The constraints waiting to run, as a bit set of their indices. Constraints are
    /// numbered by size, so taking the lowest runs the smallest first.
    waiting: Waiting,
    /// The constraint being propagated: its own removals need not wake it again, since its
    /// propagation is exact (idempotent).
    running: usize,
    /// The budget of the current search (the generator bounds its checks with it).
    meter: Meter,
    /// How many solutions the current search keeps.
    keep: usize,
}

/// What [`KillerSolver`] counts of its last call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct KillerStats {
    /// States propagated: the root and every branch tried.
    pub nodes: u64,
    /// Branches tried at cells with two or more candidates.
    pub guesses: u64,
    /// Constraint propagations run (cages and 45-rule sets).
    pub propagations: u64,
}

impl sudoku_core::Counters for KillerStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("propagations", self.propagations),
        ]
    }

    fn accumulate(&mut self, other: &KillerStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.propagations += other.propagations;
    }
}

/// One sum constraint: a cage, or a set of innies or outies from the 45 rule.
#[derive(Clone, Copy, Debug)]
struct Con {
    start: u16,
    len: u8,
    sum: u8,
    /// Whether the cells must hold different digits (a cage, or cells that pairwise share a
    /// unit or a cage).
    distinct: bool,
}

/// What the solver derives from a puzzle before searching.
#[derive(Clone, Debug, Default)]
struct Model {
    cons: Vec<Con>,
    con_cells: Vec<u8>,
    /// The constraints holding each cell, as bit sets of their indices, and how many.
    cell_cons: Vec<Waiting>,
    links: Vec<u8>,
    /// Peers plus cage-mates of each cell.
    neighbors: Vec<[u8; 28]>,
    neighbor_len: Vec<u8>,
    givens: Vec<(u8, u8)>,
    /// The innie and outie sets of the 45 rule with their sums (a buffer kept between
    /// puzzles).
    found: Vec<(u128, u32)>,
}

/// The search state: candidates per cell and the cells already fixed (placed and queued).
#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
    fixed: u128,
}

const ALL: u16 = 0x1FF;

/// The most constraints a puzzle can have: 81 cages and 2 sets for each of the 109 regions of
/// the 45 rule.
const MAX_CONS: usize = 81 + 2 * 109;

/// Words of a bit set of constraints.
const WAITING_WORDS: usize = MAX_CONS.div_ceil(64);

/// A set of constraints, bit `k` for constraint `k`.
type Waiting = [u64; WAITING_WORDS];

/// Each 9-bit digit set reversed: digit `d` becomes digit `10 - d`.
const REVERSED: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m & (1 << d) != 0 {
                table[m] |= 1 << (8 - d);
            }
            d += 1;
        }
        m += 1;
    }
    table
};

/// The digits `sum - e` for the digits `e` of `m`, those from 1 to 9.
#[inline]
fn mirror(m: u16, sum: u32) -> u16 {
    // Reversed, digit e is 10 - e; shifting by sum - 10 makes it sum - e.
    let reversed = u32::from(REVERSED[m as usize]);
    let shifted = if sum >= 10 {
        reversed << (sum - 10).min(16)
    } else {
        reversed >> (10 - sum)
    };
    shifted as u16 & ALL
}

/// Two cells with candidates `a` and `b` holding different digits that add up to `sum`: the
/// digits each can keep.
#[inline]
fn pair(a: u16, b: u16, sum: u32) -> (u16, u16) {
    if !(3..=17).contains(&sum) {
        return (0, 0);
    }
    // A digit cannot pair with itself.
    let half = if sum % 2 == 0 { 1 << (sum / 2 - 1) } else { 0 };
    let keep_a = a & mirror(b, sum) & !half;
    (keep_a, mirror(keep_a, sum))
}

/// Three cells with candidates `cand` holding different digits that add up to `sum`: the
/// digits each can keep, and the digits every fitting combination holds. Each digit `d` of
/// the first cell stays when the other two can take different digits other than `d` adding up
/// to `sum - d` (see [`pair`]).
#[inline]
fn triple(cand: [u16; 3], sum: u32) -> ([u16; 3], u16) {
    let mut keep = [0u16; 3];
    let mut must = ALL;
    let mut digits = cand[0];
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let d = bit.trailing_zeros() + 1;
        if d >= sum {
            break;
        }
        let rest = sum - d;
        let (with_b, with_c) = pair(cand[1] & !bit, cand[2] & !bit, rest);
        if with_b == 0 {
            continue;
        }
        keep[0] |= bit;
        keep[1] |= with_b;
        keep[2] |= with_c;
        let mut m = with_b;
        while m != 0 && must != 0 {
            let e = m & m.wrapping_neg();
            m &= m - 1;
            must &= bit | e | mirror(e, rest);
        }
    }
    (keep, must)
}

/// Positions `p` within a 64-bit word whose bit `d` is clear, for `d` below 6.
const LOW: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// Over sets of digit sets (bit `m` = digit set `m`, in `W` words): adds to `dst` every
/// `S + {d}` for `S` in `src` without digit bit `d`.
#[inline]
fn add_digit<const W: usize>(src: &[u64; W], d: usize, dst: &mut [u64; W]) {
    if d < 6 {
        for w in 0..W {
            dst[w] |= (src[w] & LOW[d]) << (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                dst[w + off] |= src[w];
            }
        }
    }
}

/// Adds to `dst` every `T` without digit bit `d` such that `T + {d}` is in `src`.
#[inline]
fn remove_digit<const W: usize>(src: &[u64; W], d: usize, dst: &mut [u64; W]) {
    if d < 6 {
        for w in 0..W {
            dst[w] |= (src[w] & !LOW[d]) >> (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                dst[w] |= src[w + off];
            }
        }
    }
}

/// Whether some `S + {d}` for `S` in `src` without digit bit `d` is in `goal`.
#[inline]
fn meets<const W: usize>(src: &[u64; W], d: usize, goal: &[u64; W]) -> bool {
    let mut hit = 0;
    if d < 6 {
        for w in 0..W {
            hit |= src[w] & LOW[d] & goal[w] >> (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                hit |= src[w] & goal[w + off];
            }
        }
    }
    hit != 0
}

/// Cells with candidates `cand` holding different digits that add up to `sum`: the digits
/// each cell can keep and the digits every fitting digit set holds (see [`exact_sum`]).
fn distinct_sum(cand: &[u16], sum: u32) -> ([u16; 9], u16) {
    // Work over the digits some cell can still take, renumbered 0..n, so the sets of digit
    // sets usually fit one 64-bit word (n <= 6) instead of eight.
    let union = cand.iter().fold(0, |u, &m| u | m);
    let mut index = [0u8; 9];
    let mut rest = union;
    let mut k = 0;
    while rest != 0 {
        index[rest.trailing_zeros() as usize] = k;
        rest &= rest - 1;
        k += 1;
    }
    let sum = sum as usize;
    match union.count_ones() {
        0..=6 => exact_sum::<1>(cand, &index, union, sum),
        7 => exact_sum::<2>(cand, &index, union, sum),
        8 => exact_sum::<4>(cand, &index, union, sum),
        _ => exact_sum::<8>(cand, &index, union, sum),
    }
}

/// Cells with candidates `cand` holding different digits that add up to `sum`, exactly: the
/// digits each cell can keep (a digit stays when some assignment of different candidates to
/// all the cells reaches the sum), and the digits every fitting digit set holds.
///
/// The digits some cell can take (`union`) are renumbered by `index` to 0..n, and sets of
/// those digit sets are bit sets of `W` 64-bit words (bit `m` = digit set `m`): `forward[i]`
/// holds the digit sets the first `i` cells can take, and going backward `goal` holds those
/// the first `i` cells must take for the rest to complete a fitting digit set. A digit is kept
/// in cell `i` when one step forward from `forward[i]` meets `goal`.
fn exact_sum<const W: usize>(
    cand: &[u16],
    index: &[u8; 9],
    union: u16,
    sum: usize,
) -> ([u16; 9], u16) {
    let len = cand.len();
    let mut forward = [[0u64; W]; 10];
    forward[0][0] = 1;
    for i in 0..len {
        let mut next = [0u64; W];
        let mut m = cand[i];
        while m != 0 {
            let d = index[m.trailing_zeros() as usize] as usize;
            m &= m - 1;
            add_digit(&forward[i], d, &mut next);
        }
        forward[i + 1] = next;
    }
    let mut goal = [0u64; W];
    let mut valid = 0u16;
    let mut must = ALL;
    for &combo in combinations(len, sum) {
        if combo & !union != 0 {
            continue;
        }
        let mut packed = 0usize;
        let mut m = combo;
        while m != 0 {
            packed |= 1 << index[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let (w, b) = (packed / 64, packed % 64);
        if forward[len][w] >> b & 1 != 0 {
            goal[w] |= 1 << b;
            valid |= combo;
            must &= combo;
        }
    }
    let mut keep = [0u16; 9];
    if valid == 0 {
        return (keep, must);
    }
    for i in (0..len).rev() {
        let mut before = [0u64; W];
        let mut m = cand[i] & valid;
        while m != 0 {
            let bit = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = index[bit] as usize;
            if meets(&forward[i], d, &goal) {
                keep[i] |= 1 << bit;
                remove_digit(&goal, d, &mut before);
            }
        }
        goal = before;
    }
    (keep, must)
}

impl Model {
    fn build(&mut self, puzzle: &KillerPuzzle, config: &KillerConfig) {
        self.cons.clear();
        self.con_cells.clear();
        self.givens.clear();
        let cages = puzzle.cages();
        let mut cage_mask = Vec::with_capacity(cages.len());
        for cage in cages {
            self.cons.push(Con {
                start: self.con_cells.len() as u16,
                len: cage.cells.len() as u8,
                sum: cage.sum as u8,
                distinct: true,
            });
            self.con_cells.extend(cage.cells.iter().map(|&c| c as u8));
            cage_mask.push(cage.cells.iter().fold(0u128, |m, &c| m | 1 << c));
        }
        if config.rule_45 {
            self.add_45_rule(puzzle, &cage_mask, config.max_45_cells);
        }
        // Numbered by size (ties in the order they were made), so that the smallest waiting
        // constraint is the one with the lowest index.
        self.cons.sort_unstable_by_key(|con| (con.len, con.start));
        assert!(self.cons.len() <= MAX_CONS, "at most 81 cages and 218 sets");
        self.cell_cons.clear();
        self.cell_cons.resize(81, [0; WAITING_WORDS]);
        self.links.clear();
        self.links.resize(81, 0);
        for (k, con) in self.cons.iter().enumerate() {
            for &cell in &self.con_cells[con.start as usize..][..con.len as usize] {
                self.cell_cons[cell as usize][k / 64] |= 1 << (k % 64);
                self.links[cell as usize] += 1;
            }
        }
        // Neighbours: peers and cage-mates.
        self.neighbors.clear();
        self.neighbor_len.clear();
        for cell in 0..81 {
            let mut list = [0u8; 28];
            list[..20].copy_from_slice(&PEERS[cell]);
            let mut n = 20;
            for &mate in &cages[puzzle.cage_of(cell)].cells {
                if mate != cell && !share_unit(mate, cell) {
                    list[n] = mate as u8;
                    n += 1;
                }
            }
            self.neighbors.push(list);
            self.neighbor_len.push(n as u8);
        }
        if let Some(givens) = puzzle.givens() {
            for (cell, &digit) in givens.cells().iter().enumerate() {
                if digit != 0 {
                    self.givens.push((cell as u8, digit));
                }
            }
        }
    }

    fn push(&mut self, cells: &[u8], sum: u8, distinct: bool) {
        self.cons.push(Con {
            start: self.con_cells.len() as u16,
            len: cells.len() as u8,
            sum,
            distinct,
        });
        self.con_cells.extend_from_slice(cells);
    }

    /// Adds the innies and outies of rows, columns, boxes, runs of consecutive rows or
    /// columns, and pairs of neighbouring boxes, when they have at most `max` cells.
    ///
    /// A region of `n` whole rows, columns or boxes adds up to `45 * n`; the cages inside it
    /// add up to a known amount, so the cells of the cages that cross its border have a known
    /// sum inside it (the innies) and outside it (the outies).
    fn add_45_rule(&mut self, puzzle: &KillerPuzzle, cage_mask: &[u128], max: usize) {
        let cages = puzzle.cages();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let mut add = |region: Crossing| {
            let Some(innie_sum) = (45 * region.units).checked_sub(region.inside_sum) else {
                return;
            };
            let outie_sum = region.crossing_sum.checked_sub(innie_sum);
            for (set, sum) in [(region.innies, Some(innie_sum)), (region.outies, outie_sum)] {
                let size = set.count_ones() as usize;
                if let Some(sum) = sum
                    && size > 0
                    && size <= max.min(9)
                    && sum <= 81
                {
                    found.push((set, sum));
                }
            }
        };
        for axis in 0..2 {
            runs_45(cages, cage_mask, axis, &mut add);
        }
        boxes_45(cages, cage_mask, &mut add);
        // The same set can come from several regions (with the same sum when the puzzle has
        // a solution): keep the first, found with an open-addressing table, which always has
        // room (at most two sets per region: 218).
        let mut seen = [0u128; 256];
        for &(set, sum) in &found {
            let mut slot = ((set as u64 ^ (set >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                >> 56) as usize;
            while seen[slot] != 0 && seen[slot] != set {
                slot = (slot + 1) % seen.len();
            }
            if seen[slot] == set {
                continue;
            }
            seen[slot] = set;
            // A set that is a whole cage adds nothing.
            let first = set.trailing_zeros() as usize;
            if cage_mask[puzzle.cage_of(first)] == set {
                continue;
            }
            let mut cells = [0u8; 9];
            let mut n = 0;
            let mut rest = set;
            while rest != 0 {
                cells[n] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                n += 1;
            }
            let cells = &cells[..n];
            let distinct = cells.iter().enumerate().all(|(i, &a)| {
                cells[i + 1..].iter().all(|&b| {
                    share_unit(a as usize, b as usize)
                        || puzzle.cage_of(a as usize) == puzzle.cage_of(b as usize)
                })
            });
            self.push(cells, sum as u8, distinct);
        }
        self.found = found;
    }
}

/// What the 45 rule needs of a region: its number of whole units, the sums of the cages
/// inside it and of those crossing its border, and the cells of the crossing cages inside it
/// (innies) and outside it (outies).
struct Crossing {
    units: u32,
    inside_sum: u32,
    crossing_sum: u32,
    innies: u128,
    outies: u128,
}

/// The cells of each row (`LINES[0]`) and column (`LINES[1]`).
const LINES: [[u128; 9]; 2] = {
    let mut lines = [[0u128; 9]; 2];
    let mut cell = 0;
    while cell < 81 {
        lines[0][cell / 9] |= 1 << cell;
        lines[1][cell % 9] |= 1 << cell;
        cell += 1;
    }
    lines
};

/// The box regions of the 45 rule, each a 9-bit set of boxes with its cells: every box, and
/// every pair of side-by-side or stacked boxes.
const BOX_REGIONS: [(u16, u128); 21] = {
    let mut box_cells = [0u128; 9];
    let mut cell = 0;
    while cell < 81 {
        box_cells[cell / 27 * 3 + cell % 9 / 3] |= 1 << cell;
        cell += 1;
    }
    let mut regions = [(0u16, 0u128); 21];
    let mut n = 0;
    let mut b = 0;
    while b < 9 {
        regions[n] = (1 << b, box_cells[b]);
        n += 1;
        if b % 3 < 2 {
            regions[n] = (3 << b, box_cells[b] | box_cells[b + 1]);
            n += 1;
        }
        if b < 6 {
            regions[n] = (9 << b, box_cells[b] | box_cells[b + 3]);
            n += 1;
        }
        b += 1;
    }
    regions
};

/// The 45 rule over every run of 1 to 8 consecutive rows (`axis` 0) or columns (`axis` 1).
/// A connected cage covers a run of lines too, from its first to its last, so sums and cells
/// by first and by last line, accumulated once, give every run's figures without a pass over
/// the cages per run.
fn runs_45(cages: &[Cage], cage_mask: &[u128], axis: usize, add: &mut impl FnMut(Crossing)) {
    let line_of = |cell: usize| {
        usize::from(if axis == 0 {
            ROW_OF[cell]
        } else {
            COL_OF[cell]
        })
    };
    let lines = &LINES[axis];
    // Sums of the cages by (first line, last line), by first line and by last line; cells by
    // first and by last line.
    let mut span_sum = [[0u32; 9]; 9];
    let mut first_sum = [0u32; 9];
    let mut last_sum = [0u32; 9];
    let mut by_first = [0u128; 9];
    let mut by_last = [0u128; 9];
    for (cage, &mask) in cages.iter().zip(cage_mask) {
        let (lo, hi) = cage.cells.iter().fold((8, 0), |(lo, hi), &c| {
            (line_of(c).min(lo), line_of(c).max(hi))
        });
        span_sum[lo][hi] += cage.sum;
        first_sum[lo] += cage.sum;
        last_sum[hi] += cage.sum;
        by_first[lo] |= mask;
        by_last[hi] |= mask;
    }
    // Index `x`: the lines before line `x`, or from line `x` on; the cells of the cages that
    // start before it or end from it on; the sums of the cages that end before it or start
    // from it on.
    let mut lines_before = [0u128; 10];
    let mut lines_from = [0u128; 10];
    let mut starts_before = [0u128; 10];
    let mut ends_from = [0u128; 10];
    let mut ends_before_sum = [0u32; 10];
    let mut starts_from_sum = [0u32; 10];
    for x in 0..9 {
        lines_before[x + 1] = lines_before[x] | lines[x];
        starts_before[x + 1] = starts_before[x] | by_first[x];
        ends_before_sum[x + 1] = ends_before_sum[x] + last_sum[x];
    }
    for x in (0..9).rev() {
        lines_from[x] = lines_from[x + 1] | lines[x];
        ends_from[x] = ends_from[x + 1] | by_last[x];
        starts_from_sum[x] = starts_from_sum[x + 1] + first_sum[x];
    }
    let total = starts_from_sum[0];
    for a in 0..9 {
        let mut inside_sum = 0;
        for b in a..9 {
            // The cages of lines a..=b that end at line b.
            inside_sum += (a..=b).map(|lo| span_sum[lo][b]).sum::<u32>();
            if b - a == 8 {
                continue;
            }
            add(Crossing {
                units: (b - a + 1) as u32,
                inside_sum,
                // All cages but those inside, before or after the run.
                crossing_sum: total - inside_sum - ends_before_sum[a] - starts_from_sum[b + 1],
                // Cells of the run whose cage starts before it or ends after it.
                innies: lines_from[a] & lines_before[b + 1] & (starts_before[a] | ends_from[b + 1]),
                // Cells before the run whose cage reaches it, and after it likewise.
                outies: (lines_before[a] & ends_from[a])
                    | (lines_from[b + 1] & starts_before[b + 1]),
            });
        }
    }
}

/// The 45 rule over every box and every pair of neighbouring boxes.
fn boxes_45(cages: &[Cage], cage_mask: &[u128], add: &mut impl FnMut(Crossing)) {
    let mut spans = [0u16; 81];
    for (span, cage) in spans.iter_mut().zip(cages) {
        *span = cage.cells.iter().fold(0, |m, &c| m | 1 << BOX_OF[c]);
    }
    let spans = &spans[..cages.len()];
    for &(boxes, cells) in &BOX_REGIONS {
        let mut inside_sum = 0;
        let mut crossing_sum = 0;
        let mut inside = 0u128;
        let mut crossing = 0u128;
        for ((&span, cage), &mask) in spans.iter().zip(cages).zip(cage_mask) {
            if span & boxes == 0 {
                continue;
            }
            if span & !boxes == 0 {
                inside_sum += cage.sum;
                inside |= mask;
            } else {
                crossing_sum += cage.sum;
                crossing |= mask;
            }
        }
        add(Crossing {
            units: boxes.count_ones(),
            inside_sum,
            crossing_sum,
            innies: cells & !inside,
            outies: crossing & !cells,
        });
    }
}

/// Why propagation stopped: the state has no solution.
struct Contradiction;

type Step<T = ()> = Result<T, Contradiction>;

impl KillerSolver {
    /// A solver with `config`.
    pub fn new(config: KillerConfig) -> KillerSolver {
        KillerSolver {
            config,
            ..KillerSolver::default()
        }
    }

    /// The settings.
    pub fn config(&self) -> &KillerConfig {
        &self.config
    }

    /// Prepares the model and the root state, propagated; `None` when propagation alone
    /// shows there is no solution.
    #[inline(never)]
    fn root(&mut self, puzzle: &KillerPuzzle) -> Option<State> {
        self.stats = KillerStats::default();
        self.running = usize::MAX;
        self.model.build(puzzle, &self.config);
        self.queue.clear();
        let mut st = State {
            cand: [ALL; 81],
            fixed: 0,
        };
        self.waiting = [0; WAITING_WORDS];
        for k in 0..self.model.cons.len() {
            self.waiting[k / 64] |= 1 << (k % 64);
        }
        let givens = std::mem::take(&mut self.model.givens);
        let mut ok = true;
        for &(cell, digit) in &givens {
            if self
                .restrict(&mut st, cell as usize, 1 << (digit - 1))
                .is_err()
            {
                ok = false;
                break;
            }
        }
        self.model.givens = givens;
        if !self.meter.spend() {
            self.reset_work();
            return None;
        }
        self.stats.nodes += 1;
        if ok && self.propagate(&mut st).is_ok() {
            Some(st)
        } else {
            self.reset_work();
            None
        }
    }

    fn reset_work(&mut self) {
        self.queue.clear();
        self.waiting = [0; WAITING_WORDS];
    }

    /// Takes the waiting constraint with the lowest index (one of the smallest).
    #[inline]
    fn next_waiting(&mut self) -> Option<usize> {
        for (w, word) in self.waiting.iter_mut().enumerate() {
            if *word != 0 {
                let k = w * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(k);
            }
        }
        None
    }

    /// Keeps only the digits of `keep` in `cell`.
    #[inline]
    fn restrict(&mut self, st: &mut State, cell: usize, keep: u16) -> Step {
        let old = st.cand[cell];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Contradiction);
        }
        st.cand[cell] = new;
        if new & (new - 1) == 0 && st.fixed >> cell & 1 == 0 {
            st.fixed |= 1 << cell;
            self.queue.push(cell as u8);
        }
        // Wake the constraints holding the cell.
        for (waiting, cons) in self.waiting.iter_mut().zip(&self.model.cell_cons[cell]) {
            *waiting |= cons;
        }
        Ok(())
    }

    fn propagate(&mut self, st: &mut State) -> Step {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = st.cand[cell];
                let n = self.model.neighbor_len[cell] as usize;
                for i in 0..n {
                    let other = self.model.neighbors[cell][i] as usize;
                    if st.cand[other] & bit != 0 {
                        self.restrict(st, other, !bit)?;
                    }
                }
            }
            // Small constraints first: they are cheap, and what they remove makes the
            // larger ones cheaper and often settles them before they run.
            if let Some(k) = self.next_waiting() {
                self.stats.propagations += 1;
                let con = self.model.cons[k];
                self.running = k;
                let result = if con.distinct {
                    self.run_distinct(st, con)
                } else {
                    self.run_sum(st, con)
                };
                // An exact rule is done with its own removals: drop the wake they caused.
                if self.running == k {
                    self.waiting[k / 64] &= !(1 << (k % 64));
                }
                self.running = usize::MAX;
                result?;
                continue;
            }
            if !self.hidden_singles(st)? {
                return Ok(());
            }
        }
    }

    /// Propagates a constraint whose cells hold different digits adding up to `con.sum`,
    /// exactly: a digit stays in a cell when some assignment of different candidates to all
    /// the cells reaches the sum ([`pair`] and [`triple`] in closed form, [`distinct_sum`]
    /// for more cells); then [`place_required`](Self::place_required).
    fn run_distinct(&mut self, st: &mut State, con: Con) -> Step {
        let start = con.start as usize;
        let len = con.len as usize;
        let mut cells = [0u8; 9];
        cells[..len].copy_from_slice(&self.model.con_cells[start..start + len]);
        let cells = &cells[..len];
        // All fixed: only the sum is left to check.
        let mut fixed_sum = 0u32;
        let mut all_fixed = true;
        for &c in cells {
            let m = st.cand[c as usize];
            if m & (m - 1) != 0 {
                all_fixed = false;
                break;
            }
            fixed_sum += m.trailing_zeros() + 1;
        }
        if all_fixed {
            return if fixed_sum == u32::from(con.sum) {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        if !self.config.exact_cages {
            let union = cells.iter().fold(0, |u, &c| u | st.cand[c as usize]);
            return self.run_combinations(st, con, cells, union);
        }
        let sum = u32::from(con.sum);
        match len {
            2 => return self.run_pair(st, cells, sum),
            3 => return self.run_triple(st, cells, sum),
            _ => {}
        }
        let mut cand = [0u16; 9];
        for (m, &c) in cand.iter_mut().zip(cells) {
            *m = st.cand[c as usize];
        }
        let (keep, must) = distinct_sum(&cand[..len], sum);
        for (&c, &keep) in cells.iter().zip(&keep) {
            self.restrict(st, c as usize, keep)?;
        }
        self.place_required(st, cells, must)
    }

    /// [`run_distinct`](Self::run_distinct) for two cells, in closed form (see [`pair`]).
    fn run_pair(&mut self, st: &mut State, cells: &[u8], sum: u32) -> Step {
        let (a, b) = (cells[0] as usize, cells[1] as usize);
        let (keep_a, keep_b) = pair(st.cand[a], st.cand[b], sum);
        self.restrict(st, a, keep_a)?;
        self.restrict(st, b, keep_b)?;
        // One combination left ({d, sum - d}): both its digits are required.
        let both = keep_a | keep_b;
        if both.count_ones() == 2 {
            self.place_required(st, cells, both)?;
        }
        Ok(())
    }

    /// [`run_distinct`](Self::run_distinct) for three cells (see [`triple`]).
    fn run_triple(&mut self, st: &mut State, cells: &[u8], sum: u32) -> Step {
        let cells3 = [cells[0] as usize, cells[1] as usize, cells[2] as usize];
        let (keep, must) = triple(cells3.map(|c| st.cand[c]), sum);
        for (c, keep) in cells3.into_iter().zip(keep) {
            self.restrict(st, c, keep)?;
        }
        self.place_required(st, cells, must)
    }

    /// The cheaper, weaker cage rule ([`KillerConfig::exact_cages`] off): a combination fits
    /// when each of its digits is a candidate of some cell and each cell has a candidate in
    /// it; cells keep the union of fitting combinations.
    fn run_combinations(&mut self, st: &mut State, con: Con, cells: &[u8], union: u16) -> Step {
        // Not exact, so its own removals may enable more: let them wake it again.
        self.running = usize::MAX;
        let mut valid = 0u16;
        let mut must = ALL;
        'combo: for &combo in combinations(cells.len(), con.sum as usize) {
            if combo & !union != 0 {
                continue;
            }
            for &c in cells {
                if st.cand[c as usize] & combo == 0 {
                    continue 'combo;
                }
            }
            valid |= combo;
            must &= combo;
        }
        if valid == 0 {
            return Err(Contradiction);
        }
        for &c in cells {
            self.restrict(st, c as usize, valid)?;
        }
        self.place_required(st, cells, must)
    }

    /// Digits every fitting combination holds (`must`): a single place is a placement; places
    /// that share a unit remove the digit from the rest of that unit.
    fn place_required(&mut self, st: &mut State, cells: &[u8], must: u16) -> Step {
        let mut rest = must;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut count = 0;
            let mut last = 0usize;
            let mut same_row = true;
            let mut same_col = true;
            let mut same_box = true;
            let mut first = usize::MAX;
            for &c in cells {
                let c = c as usize;
                if st.cand[c] & bit != 0 {
                    count += 1;
                    last = c;
                    if first == usize::MAX {
                        first = c;
                    } else {
                        same_row &= ROW_OF[c] == ROW_OF[first];
                        same_col &= COL_OF[c] == COL_OF[first];
                        same_box &= BOX_OF[c] == BOX_OF[first];
                    }
                }
            }
            match count {
                0 => return Err(Contradiction),
                1 => self.restrict(st, last, bit)?,
                _ => {
                    let units = [
                        (same_row, ROW_OF[first] as usize),
                        (same_col, 9 + COL_OF[first] as usize),
                        (same_box, 18 + BOX_OF[first] as usize),
                    ];
                    for (same, unit) in units {
                        if !same {
                            continue;
                        }
                        for &other in &UNITS[unit] {
                            let other = other as usize;
                            if st.cand[other] & bit != 0 && !cells.contains(&(other as u8)) {
                                self.restrict(st, other, !bit)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Propagates a sum over cells that may repeat digits: a digit stays when some choice of
    /// candidates for the other cells completes the sum (reachable sums as bit sets).
    fn run_sum(&mut self, st: &mut State, con: Con) -> Step {
        let start = con.start as usize;
        let len = con.len as usize;
        let mut cells = [0u8; 9];
        cells[..len].copy_from_slice(&self.model.con_cells[start..start + len]);
        let mut prefix = [0u128; 10];
        prefix[0] = 1;
        for i in 0..len {
            let mut reach = 0u128;
            let mut m = st.cand[cells[i] as usize];
            while m != 0 {
                let d = m.trailing_zeros() + 1;
                m &= m - 1;
                reach |= prefix[i] << d;
            }
            prefix[i + 1] = reach;
        }
        let sum = con.sum as u32;
        if prefix[len] >> sum & 1 == 0 {
            return Err(Contradiction);
        }
        let mut need = 1u128 << sum;
        for i in (0..len).rev() {
            let cell = cells[i] as usize;
            let mut keep = 0u16;
            let mut next = 0u128;
            let mut m = st.cand[cell];
            while m != 0 {
                let d = m.trailing_zeros() + 1;
                m &= m - 1;
                if (prefix[i] << d) & need != 0 {
                    keep |= 1 << (d - 1);
                    next |= need >> d;
                }
            }
            self.restrict(st, cell, keep)?;
            need = next;
        }
        Ok(())
    }

    /// Places every digit that has one place left in a row, column or box. Returns whether it
    /// placed any.
    fn hidden_singles(&mut self, st: &mut State) -> Step<bool> {
        let mut placed = false;
        for unit in &UNITS {
            let mut once = 0u16;
            let mut twice = 0u16;
            for &c in unit {
                let m = st.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != ALL {
                return Err(Contradiction);
            }
            let singles = once & !twice;
            if singles == 0 {
                continue;
            }
            for &c in unit {
                let c = c as usize;
                if st.fixed >> c & 1 != 0 {
                    continue;
                }
                let m = st.cand[c] & singles;
                if m != 0 {
                    if m & (m - 1) != 0 {
                        return Err(Contradiction);
                    }
                    self.restrict(st, c, m)?;
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// Depth-first search from a propagated state; stops at `limit` solutions. The first
    /// solution goes to `first`.
    fn search(&mut self, st: &State, limit: usize, count: &mut usize, found: &mut Vec<Grid>) {
        let keep = limit.min(self.keep);
        let mut best = usize::MAX;
        let mut best_score = u32::MAX;
        let mut open = !st.fixed & ((1u128 << 81) - 1);
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let links = u32::from(self.model.links[cell]);
            let score = (st.cand[cell].count_ones() << 8) - links;
            if score < best_score {
                best_score = score;
                best = cell;
            }
        }
        if best == usize::MAX {
            *count += 1;
            if found.len() < keep {
                let mut cells = [0u8; 81];
                for (cell, value) in cells.iter_mut().enumerate() {
                    *value = st.cand[cell].trailing_zeros() as u8 + 1;
                }
                found.extend(Grid::from_cells(cells).ok());
            }
            return;
        }
        let mut digits = st.cand[best];
        while digits != 0 {
            if !self.meter.spend() {
                return;
            }
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            self.stats.guesses += 1;
            self.stats.nodes += 1;
            let mut child = *st;
            let ok =
                self.restrict(&mut child, best, bit).is_ok() && self.propagate(&mut child).is_ok();
            if ok {
                self.search(&child, limit, count, found);
                if *count >= limit {
                    return;
                }
            } else {
                self.reset_work();
            }
        }
    }

    /// Counts solutions up to `limit`; keeps the first `keep` found.
    fn run(&mut self, puzzle: &KillerPuzzle, limit: usize, keep: usize) -> (usize, Vec<Grid>) {
        self.run_within(puzzle, limit, keep, Budget::UNLIMITED)
    }

    /// Like `run` with two solutions kept, but gives up after `max_nodes` search nodes:
    /// `None` then. A search that spent the whole budget without two solutions counts as
    /// given up, even when it ended at its last node.
    pub(crate) fn count_bounded(
        &mut self,
        puzzle: &KillerPuzzle,
        max_nodes: u64,
    ) -> Option<(usize, Vec<Grid>)> {
        let result = self.run_within(puzzle, 2, 2, Budget::nodes(max_nodes));
        let gave_up = self.stats.nodes >= max_nodes && result.0 < 2;
        (!gave_up).then_some(result)
    }

    /// Counts solutions up to `limit` within `budget` (see [`Meter::exhausted`] after it);
    /// keeps the first `keep` found.
    fn run_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        keep: usize,
        budget: Budget,
    ) -> (usize, Vec<Grid>) {
        let mut count = 0;
        let mut found = Vec::new();
        self.keep = keep;
        self.meter = budget.meter();
        if limit == 0 {
            self.stats = KillerStats::default();
            return (0, found);
        }
        if let Some(root) = self.root(puzzle) {
            self.search(&root, limit, &mut count, &mut found);
        }
        (count, found)
    }

    /// The solutions of `puzzle`, up to `limit` of them, in the order the search finds them:
    /// one proves the puzzle unique when `limit` is 2, and two show where uniqueness fails
    /// (cells where they differ).
    ///
    /// ```
    /// use sudoku_killer::{KillerPuzzle, KillerSolver};
    ///
    /// // Two cages of two cells each that only fix the sum: many solutions.
    /// let puzzle = KillerPuzzle::from_cage_map(
    ///     "ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee",
    ///     &[11, 25, 14, 9, 12, 15, 4, 14, 6, 40, 3, 15, 9, 8, 12, 38, 11, 15, 13, 6, 4, 17, 7, 13,
    ///       10, 6, 26, 4, 15, 11, 12],
    /// )?;
    /// let found = KillerSolver::default().solutions(&puzzle, 2);
    /// assert_eq!(found.len(), 1); // unique
    /// assert!(puzzle.is_solution(&found[0]));
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    pub fn solutions(&mut self, puzzle: &KillerPuzzle, limit: usize) -> Vec<Grid> {
        self.run(puzzle, limit, limit).1
    }
}

impl Solver for KillerSolver {
    type Puzzle = KillerPuzzle;
    type Stats = KillerStats;

    /// Solves `puzzle` within `budget`: [`Verdict::Solved`] with the first solution found,
    /// [`Verdict::NoSolution`] when the search ended without one, or [`Verdict::GaveUp`]
    /// when the budget ran out first. Invalid puzzles and clashing givens cannot reach here:
    /// [`KillerPuzzle`] rejects them when it is built. A killer with few constraining cages
    /// can take a long search, so callers that take puzzles from outside set a budget.
    ///
    /// ```
    /// use sudoku_killer::{Budget, Cage, Exhausted, KillerPuzzle, KillerSolver, Solver, Verdict};
    ///
    /// // Nine row cages of sum 45: any solved grid fits, found at once.
    /// let cages = (0..9).map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c))).collect();
    /// let puzzle = KillerPuzzle::new(cages, None)?;
    /// let mut solver = KillerSolver::default();
    /// let solution = solver.solve_within(&puzzle, Budget::nodes(1_000)).solution().expect("solved");
    /// assert!(puzzle.is_solution(&solution));
    /// // With no node to spend, the solver gives up, and says what ran out.
    /// assert_eq!(
    ///     solver.solve_within(&puzzle, Budget::nodes(0)),
    ///     Verdict::GaveUp { exhausted: Exhausted::Nodes(0), best: None }
    /// );
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    fn solve_within(&mut self, puzzle: &KillerPuzzle, budget: Budget) -> Verdict {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> KillerStats {
        self.stats
    }
}

impl CountSolutions for KillerSolver {
    fn count_solutions_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        let (found, _) = self.run_within(puzzle, limit, 0, budget);
        match self.meter.exhausted() {
            Some(exhausted) => Err(Unsettled { found, exhausted }),
            None => Ok(found),
        }
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict, Result<usize, Unsettled>) {
        let (count, found) = self.run_within(puzzle, limit.max(1), 1, budget);
        let count = match self.meter.exhausted() {
            Some(exhausted) => Err(Unsettled {
                found: count,
                exhausted,
            }),
            None => Ok(count.min(limit)),
        };
        let verdict = match (found.first(), self.meter.exhausted()) {
            (Some(&grid), _) => Verdict::Solved(grid),
            (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
            (None, None) => Verdict::NoSolution,
        };
        (verdict, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every assignment of different candidates adding up to `sum`: the
    /// digits each cell can keep, and the digits every fitting assignment uses.
    fn brute(cand: &[u16], sum: u32) -> (Vec<u16>, u16) {
        let mut keep = vec![0u16; cand.len()];
        let mut must = ALL;
        let mut digits = vec![0u32; cand.len()];
        fn go(
            i: usize,
            cand: &[u16],
            sum: u32,
            digits: &mut Vec<u32>,
            keep: &mut [u16],
            must: &mut u16,
        ) {
            if i == cand.len() {
                if digits.iter().sum::<u32>() == sum {
                    let mut used = 0;
                    for (k, &d) in keep.iter_mut().zip(digits.iter()) {
                        *k |= 1 << (d - 1);
                        used |= 1 << (d - 1);
                    }
                    *must &= used;
                }
                return;
            }
            for d in 1..=9u32 {
                if cand[i] >> (d - 1) & 1 != 0 && !digits[..i].contains(&d) {
                    digits[i] = d;
                    go(i + 1, cand, sum, digits, keep, must);
                }
            }
        }
        go(0, cand, sum, &mut digits, &mut keep, &mut must);
        (keep, must)
    }

    /// The general rule keeps exactly what brute force keeps, for 2 to 6 cells, on seeded
    /// random candidates (often all nine digits, so that the sets of digit sets take one to
    /// eight words) and sums around each size's middle.
    #[test]
    fn distinct_sums_agree_with_brute_force() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(405);
        for _ in 0..400 {
            let len = rng.random_range(2..=6usize);
            let cand: Vec<u16> = (0..len)
                .map(|_| {
                    if rng.random_bool(0.3) {
                        ALL
                    } else {
                        rng.random_range(1..512u16)
                    }
                })
                .collect();
            let middle = 5 * len as u32;
            for sum in middle.saturating_sub(8)..=middle + 8 {
                let (keep, must) = brute(&cand, sum);
                let (got, got_must) = distinct_sum(&cand, sum);
                assert_eq!(got[..len], keep[..], "{cand:?} sum {sum}");
                assert!(got[len..].iter().all(|&k| k == 0));
                if keep[0] != 0 {
                    assert_eq!(got_must, must, "{cand:?} sum {sum}");
                }
            }
        }
    }

    /// The 45-rule sets as a plain pass over the cages per region would find them: every
    /// run of 1 to 8 rows or columns, every box and pair of neighbouring boxes; the sets of
    /// 1 to `max` cells that are not a whole cage, with their sums, sorted.
    fn sets_45_plainly(puzzle: &KillerPuzzle, max: usize) -> Vec<(u128, u32)> {
        let mask = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |m, c| m | 1 << c);
        let mut regions = Vec::new();
        for first in 0..9 {
            for last in first..9 {
                if last - first < 8 {
                    let n = (last - first + 1) as u32;
                    regions.push((
                        mask(&mut (0..81).filter(|c| (first..=last).contains(&(c / 9)))),
                        n,
                    ));
                    regions.push((
                        mask(&mut (0..81).filter(|c| (first..=last).contains(&(c % 9)))),
                        n,
                    ));
                }
            }
        }
        let box_of = |c: usize| c / 27 * 3 + c % 9 / 3;
        for b in 0..9 {
            regions.push((mask(&mut (0..81).filter(|&c| box_of(c) == b)), 1));
            for other in [b + 1, b + 3] {
                if (other == b + 1 && b % 3 < 2) || (other == b + 3 && b < 6) {
                    let both = mask(&mut (0..81).filter(|&c| box_of(c) == b || box_of(c) == other));
                    regions.push((both, 2));
                }
            }
        }
        let cages: Vec<(u128, u32)> = puzzle
            .cages()
            .iter()
            .map(|cage| (mask(&mut cage.cells.iter().copied()), cage.sum))
            .collect();
        let mut sets = Vec::new();
        for (region, units) in regions {
            let (mut inside, mut crossing, mut innies, mut outies) = (0, 0, 0, 0);
            for &(cage, sum) in &cages {
                if cage & region == 0 {
                    continue;
                }
                if cage & !region == 0 {
                    inside += sum;
                } else {
                    crossing += sum;
                    innies |= cage & region;
                    outies |= cage & !region;
                }
            }
            let Some(innie_sum) = (45 * units).checked_sub(inside) else {
                continue;
            };
            for (set, sum) in [
                (innies, Some(innie_sum)),
                (outies, crossing.checked_sub(innie_sum)),
            ] {
                let size = set.count_ones() as usize;
                if let Some(sum) = sum
                    && (1..=max).contains(&size)
                    && sum <= 81
                    && !cages.iter().any(|&(cage, _)| cage == set)
                {
                    sets.push((set, sum));
                }
            }
        }
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    /// The 45 rule derives the same sets as a plain pass per region would, and each holds in
    /// the solution (its sum, and different digits where the solver assumes them), on
    /// generated puzzles of small and large cages, with the default limit and with every size.
    #[test]
    fn sets_of_the_45_rule_are_those_a_plain_pass_finds_and_hold() {
        let small = crate::GeneratorConfig {
            cage_sizes: [1, 6, 4, 1, 0, 0, 0, 0, 0],
            ..Default::default()
        };
        let large = crate::GeneratorConfig {
            cage_sizes: [0, 0, 1, 2, 3, 3, 2, 1, 1],
            max_nodes: 200,
            ..Default::default()
        };
        let mut checked = 0;
        for config in [crate::GeneratorConfig::default(), small, large] {
            for seed in 0..15 {
                let made = crate::generate(seed, &config);
                for max in [5, 9] {
                    let mut model = Model::default();
                    let settings = KillerConfig {
                        max_45_cells: max,
                        ..KillerConfig::default()
                    };
                    model.build(&made.puzzle, &settings);
                    let cages = made.puzzle.cages().len();
                    let mut sets: Vec<(u128, u32)> = Vec::new();
                    for con in &model.cons {
                        let cells = &model.con_cells[con.start as usize..][..con.len as usize];
                        let digits: Vec<u32> = cells
                            .iter()
                            .map(|&c| u32::from(made.solution.get(c as usize)))
                            .collect();
                        assert_eq!(
                            digits.iter().sum::<u32>(),
                            u32::from(con.sum),
                            "seed {seed}"
                        );
                        if con.distinct {
                            let used = digits.iter().fold(0u16, |m, &d| m | 1 << d);
                            assert_eq!(used.count_ones() as usize, digits.len(), "seed {seed}");
                        }
                        // The cages' cells come first (81 of them), then the sets'.
                        if con.start >= 81 {
                            sets.push((
                                cells.iter().fold(0, |m, &c| m | 1 << c),
                                u32::from(con.sum),
                            ));
                        }
                    }
                    assert_eq!(model.cons.len() - sets.len(), cages);
                    sets.sort_unstable();
                    assert_eq!(
                        sets,
                        sets_45_plainly(&made.puzzle, max),
                        "seed {seed} max {max}"
                    );
                    checked += sets.len();
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The closed forms for two and three cells keep exactly what brute force keeps, on
    /// seeded random candidates and every sum.
    #[test]
    fn pairs_and_triples_agree_with_brute_force() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(45);
        for _ in 0..3000 {
            let cand: [u16; 3] = std::array::from_fn(|_| rng.random_range(1..512u16));
            for sum in 0..=30 {
                let (keep, _) = brute(&cand[..2], sum);
                let (a, b) = pair(cand[0], cand[1], sum);
                assert_eq!([a, b], keep[..], "{cand:?} sum {sum}");
                let (keep, must) = brute(&cand, sum);
                let (got, got_must) = triple(cand, sum);
                assert_eq!(got, keep[..], "{cand:?} sum {sum}");
                if keep[0] != 0 {
                    assert_eq!(got_must, must, "{cand:?} sum {sum}");
                }
            }
        }
    }
}
