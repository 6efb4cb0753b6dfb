//! Aligned pair and triplet exclusion: two or three cells whose every combination of
//! candidates that could stand together would empty a cell they all see are excluded.

use std::ops::ControlFlow;

use super::board::{Board, PEER_MASK, bit, cells128, digits, house_cells, sees};
use super::{Found, Parents, Sink, Technique};

/// A cell the technique may start from: two candidates or more, no naked single among the
/// cells it sees, and at least one cell with 2 to `degree` candidates among them (its
/// excluders, in the order of `HOUSE`).
pub(super) struct Base {
    pub(super) cell: usize,
    /// The cell as a set.
    bit: u128,
    /// The excluders are `peers[..count]`.
    peers: [u8; 20],
    count: u8,
    pub(super) set: u128,
}

impl Base {
    pub(super) fn excluders(&self) -> &[u8] {
        &self.peers[..self.count as usize]
    }
}

pub(super) fn bases(b: &Board, degree: u32) -> Vec<Base> {
    // The cells with one candidate, and those with 2 to `degree`.
    let (mut singles, mut small, mut several) = (0u128, 0u128, 0u128);
    for cell in 0..81 {
        match b.count(cell) {
            0 => {}
            1 => singles |= 1 << cell,
            n => {
                several |= 1 << cell;
                if n <= degree {
                    small |= 1 << cell;
                }
            }
        }
    }
    let mut out = Vec::with_capacity(81);
    for cell in cells128(several) {
        let set = PEER_MASK[cell] & small;
        if PEER_MASK[cell] & singles != 0 || set == 0 {
            continue;
        }
        let mut peers = [0u8; 20];
        let mut count = 0u8;
        for other in house_cells(cell, set) {
            peers[count as usize] = other as u8;
            count += 1;
        }
        out.push(Base {
            cell,
            bit: 1 << cell,
            peers,
            count,
            set,
        });
    }
    out
}

/// The board on which aligned exclusion last found nothing: the candidates of each digit and
/// the cells it started from then.
#[derive(Default)]
pub(crate) struct AlignedMemo {
    before: Option<([u128; 9], u128)>,
}

/// Aligned pair exclusion (6.2) when `degree` is 2, aligned triplet exclusion (7.5) when 3,
/// visiting pairs of cells (and third cells seen by one of them) in Sudoku Explainer's order.
#[cfg(test)]
pub(crate) fn aligned_exclusion(b: &Board, degree: usize, out: Sink<'_>) -> ControlFlow<()> {
    aligned_exclusion_with(b, degree, &mut AlignedMemo::default(), out)
}

/// [`aligned_exclusion`], skipping the cells it looked at on the board in `memo` when neither
/// they nor a cell they all see have changed since (the same candidates exclude nothing
/// again), and keeping this board in `memo` when it finds nothing.
pub(crate) fn aligned_exclusion_with(
    b: &Board,
    degree: usize,
    memo: &mut AlignedMemo,
    out: Sink<'_>,
) -> ControlFlow<()> {
    let list = bases(b, degree as u32);
    let all: u128 = list.iter().fold(0, |m, base| m | base.bit);
    let flow = search(b, degree, &list, all, memo.before, out);
    if flow.is_continue() {
        // Too many bases: none was looked at.
        let looked_at = if list.len() > 64 { 0 } else { all };
        memo.before = Some((b.digit_cells, looked_at));
    }
    flow
}

/// The search on the bases `list` (the cells `all`), skipping what was unchanged since the
/// board `before` where it found nothing.
fn search(
    b: &Board,
    degree: usize,
    list: &[Base],
    all: u128,
    before: Option<([u128; 9], u128)>,
    out: Sink<'_>,
) -> ControlFlow<()> {
    if list.len() < degree || list.len() > 64 {
        return ControlFlow::Continue(());
    }
    // Cells whose candidates changed since the last search found nothing, and the cells that
    // search started from (everything, without one).
    let (changed, looked_at) = before.map_or((u128::MAX, 0), |(cells, looked_at)| {
        let changed = (0..9).fold(0, |m, d| m | (cells[d] ^ b.digit_cells[d]));
        (changed, looked_at)
    });
    // Whether the cells `set` were looked at last time and neither they nor a cell they all
    // see changed: then they exclude nothing now either.
    let unchanged =
        |set: u128, seen_by_all: u128| looked_at & set == set && (set | seen_by_all) & changed == 0;
    let mut index_of = [u8::MAX; 81];
    for (i, base) in list.iter().enumerate() {
        index_of[base.cell] = i as u8;
    }
    let mut area: Vec<u8> = Vec::new();
    // Which cells the current pair's area lists: those stamped with the pair's number.
    let mut stamp = [0u32; 81];
    let mut pairs = 0u32;
    // For each cell, the bases (by index) it is an excluder of.
    let mut bases_of = [0u64; 81];
    for (i, base) in list.iter().enumerate() {
        for &c in base.excluders() {
            bases_of[c as usize] |= 1 << i;
        }
    }
    // Pairs in Sudoku Explainer's order: by the later one, then the earlier.
    for i1 in 1..list.len() {
        let b1 = &list[i1];
        // The earlier bases with two common excluders at least (the cells a third one adds
        // can only be fewer): those among the bases of two of b1's excluders.
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in b1.excluders() {
            twice |= once & bases_of[c as usize];
            once |= bases_of[c as usize];
        }
        for i0 in super::board::bits64(twice & ((1 << i1) - 1)) {
            let b0 = &list[i0];
            let common = b0.set & b1.set;
            let pair = b0.bit | b1.bit;
            let seen_by_both = PEER_MASK[b0.cell] & PEER_MASK[b1.cell];
            if degree == 2 {
                if unchanged(pair, seen_by_both) {
                    continue;
                }
                if let Some(hint) = exclusion(b, &[b0.cell, b1.cell], common) {
                    out(hint)?;
                }
                continue;
            }
            // With the pair and the cells both see unchanged, only a third cell that changed
            // (or was not looked at) can make a triplet that excludes something now.
            if unchanged(pair, seen_by_both)
                && (b0.set | b1.set) & all & !pair & (changed | !looked_at) == 0
            {
                continue;
            }
            // Cells seen by one of the first two, among the bases, in first-seen order.
            area.clear();
            pairs += 1;
            stamp[b0.cell] = pairs;
            stamp[b1.cell] = pairs;
            for &c in b0.excluders().iter().chain(b1.excluders()) {
                if index_of[c as usize] != u8::MAX && stamp[c as usize] != pairs {
                    stamp[c as usize] = pairs;
                    area.push(c);
                }
            }
            for &third in &area {
                let i2 = index_of[third as usize] as usize;
                let b2 = &list[i2];
                let common = common & b2.set;
                if common & common.wrapping_sub(1) == 0 {
                    continue;
                }
                // A triplet met before (from another of its pairs) excluded nothing: the
                // search goes on only when it finds nothing.
                if i2 < i1 {
                    let excluder = |of: &Base, cell: usize| of.set & (1 << cell) != 0;
                    // As the third of the pair of b0 and b2 (both before b1), or of b2 and b1
                    // (earlier in this round when b2 comes before b0).
                    let with_b1 = excluder(b0, b1.cell) || excluder(b2, b1.cell);
                    let with_b0 = i2 < i0 && (excluder(b2, b0.cell) || excluder(b1, b0.cell));
                    if with_b1 || with_b0 {
                        continue;
                    }
                }
                if unchanged(pair | b2.bit, seen_by_both & PEER_MASK[b2.cell]) {
                    continue;
                }
                if let Some(hint) = exclusion(b, &[b0.cell, b1.cell, b2.cell], common) {
                    out(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The candidates of `cells` that no allowed combination uses: a combination is not allowed
/// when two cells that see each other take the same digit, or when it takes every candidate
/// of one of the `common` excluders.
///
/// The values of all cells but the last are enumerated; the last cell's allowed values come
/// as one mask: an excluder whose candidates the others took all forbids every value, one
/// with a single candidate left forbids that one.
pub(super) fn exclusion(b: &Board, cells: &[usize], common: u128) -> Option<Found> {
    let n = cells.len();
    let full: [u16; 3] = std::array::from_fn(|i| if i < n { b.cands[cells[i]] } else { 0 });
    // An excluder forbids a combination only when the combination covers its candidates:
    // one with a candidate none of the cells has never does, and is left out.
    let union = full[0] | full[1] | full[2];
    let mut excluders = [0u16; 20];
    let mut count = 0;
    for c in cells128(common) {
        if b.cands[c] & !union == 0 {
            excluders[count] = b.cands[c];
            count += 1;
        }
    }
    // Two cells of two candidates or more always have a combination of different digits.
    if count == 0 && n == 2 {
        return None;
    }
    let excluders = &excluders[..count];
    // Whether the last cell sees the first, the second; whether those two see each other.
    let last = n - 1;
    let see = [
        sees(cells[0], cells[last]),
        n > 2 && sees(cells[1], cells[last]),
        n > 2 && sees(cells[0], cells[1]),
    ];
    let only_if = |condition: bool, mask: u16| if condition { mask } else { 0 };
    // The values the last cell may take when the others took `taken`, `seen` of them in
    // cells it sees.
    let last_allowed = |taken: u16, seen: u16| {
        let mut allowed = full[last] & !seen;
        for &x in excluders {
            let rest = x & !taken;
            if rest == 0 {
                return 0;
            }
            if rest & (rest - 1) == 0 {
                allowed &= !rest;
            }
        }
        allowed
    };
    let mut allowed = [0u16; 3];
    for v0 in digits(full[0]) {
        let b0 = bit(v0);
        if n == 2 {
            let last = last_allowed(b0, only_if(see[0], b0));
            if last != 0 {
                allowed[0] |= b0;
                allowed[1] |= last;
            }
        } else {
            for v1 in digits(full[1] & !only_if(see[2], b0)) {
                let b1 = bit(v1);
                let last = last_allowed(b0 | b1, only_if(see[0], b0) | only_if(see[1], b1));
                if last != 0 {
                    allowed[0] |= b0;
                    allowed[1] |= b1;
                    allowed[2] |= last;
                }
            }
        }
        // Every candidate has an allowed combination: nothing to exclude.
        if allowed == full {
            break;
        }
    }
    if allowed == full {
        return None;
    }
    let removals: Vec<(usize, u8)> = (0..n)
        .flat_map(|i| digits(b.cands[cells[i]] & !allowed[i]).map(move |d| (cells[i], d)))
        .collect();
    if removals.is_empty() {
        return None;
    }
    Some(Found {
        technique: if n == 2 {
            Technique::AlignedPairExclusion
        } else {
            Technique::AlignedTripletExclusion
        },
        name: if n == 2 {
            "Aligned Pair Exclusion"
        } else {
            "Aligned Triplet Exclusion"
        }
        .into(),
        difficulty: if n == 2 { 6.2 } else { 7.5 },
        cells: cells.to_vec(),
        digits: cells.iter().fold(0, |m, &c| m | b.cands[c]),
        unit: None,
        placement: None,
        removals,
        parents: Parents::None,
        chains: Vec::new(),
    })
}
