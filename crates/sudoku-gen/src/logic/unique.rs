//! Uniqueness techniques: unique rectangles and loops (types 1 to 4) and the bivalue
//! universal grave (BUG, types 1 to 4). Both assume the puzzle has one solution.

use std::ops::ControlFlow;

use sudoku_core::Unit;

use super::board::{
    BLOCK, Board, COL, HOUSE, POSITION_IN, REGION_MASK, REGION_OF, REGIONS, ROW, bit, bits64,
    cells128, count9, digits, positions, subsets,
};
use super::{Found, Parents, Sink, Technique, unit_of};

const KINDS: [usize; 3] = [BLOCK, ROW, COL];

/// One unique-loop hint before sorting, with what Sudoku Explainer compares to drop repeats.
struct LoopHint {
    found: Found,
    kind: u8,
    loop_cells: Vec<usize>,
    /// Type 3 with a hidden set: its region, digits and positions.
    hidden: Option<(usize, usize, u16, u16)>,
}

impl LoopHint {
    fn same_as(&self, other: &LoopHint) -> bool {
        self.kind == other.kind
            && self.hidden.is_some() == other.hidden.is_some()
            && self.loop_cells.len() == other.loop_cells.len()
            && other.loop_cells.iter().all(|c| self.loop_cells.contains(c))
            && self.hidden == other.hidden
    }
}

/// The loops found from each cell on an earlier board, with what the search read there: on a
/// board where the cells holding both digits and their candidates are the same, the search
/// finds the same loops.
#[derive(Default)]
pub(crate) struct LoopMemo {
    from: Vec<Option<Searched>>,
}

struct Searched {
    digits2: u16,
    both: u128,
    cands: [u16; 81],
    loops: Vec<Vec<usize>>,
}

/// Unique rectangles and loops: every hint found, then the easiest (then the lowest type)
/// first, as Sudoku Explainer sorts them.
#[cfg(test)]
pub(crate) fn unique_loops(b: &Board, out: Sink<'_>) -> ControlFlow<()> {
    unique_loops_with(b, &mut LoopMemo::default(), out)
}

/// [`unique_loops`], taking the loops searched on earlier boards from `memo` when the search
/// would read the same candidates, and keeping this board's there.
pub(crate) fn unique_loops_with(b: &Board, memo: &mut LoopMemo, out: Sink<'_>) -> ControlFlow<()> {
    if memo.from.is_empty() {
        memo.from.resize_with(81, || None);
    }
    let mut hints: Vec<LoopHint> = Vec::new();
    let mut add = |hint: LoopHint| {
        if hint.found.is_worth() && !hints.iter().any(|h| h.same_as(&hint)) {
            hints.push(hint);
        }
    };
    let mut path = Vec::new();
    // The cells of a loop with more than the two digits.
    let mut extra: Vec<usize> = Vec::new();
    for cell in 0..81 {
        if b.count(cell) != 2 {
            continue;
        }
        let v1 = b.cands[cell].trailing_zeros() as u8 + 1;
        let v2 = (b.cands[cell] & (b.cands[cell] - 1)).trailing_zeros() as u8 + 1;
        let both = b.digit_cells[v1 as usize - 1] & b.digit_cells[v2 as usize - 1];
        let digits2 = bit(v1) | bit(v2);
        let same = memo.from[cell].as_ref().is_some_and(|m| {
            m.digits2 == digits2
                && m.both == both
                && cells128(both).all(|c| m.cands[c] == b.cands[c])
        });
        if !same {
            let mut loops = memo.from[cell].take().map(|m| m.loops).unwrap_or_default();
            loops.clear();
            check_for_loops(
                b, cell, both, digits2, &mut path, 0, [0; 6], 2, 0, None, &mut loops,
            );
            memo.from[cell] = Some(Searched {
                digits2,
                both,
                cands: b.cands,
                loops,
            });
        }
        let loops = &memo.from[cell].as_ref().expect("searched").loops;
        for lp in loops {
            extra.clear();
            extra.extend(lp.iter().copied().filter(|&c| b.count(c) > 2));
            match extra.len() {
                0 => {}
                1 => add(type1(b, lp, extra[0], v1, v2)),
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let others = (b.cands[c1] | b.cands[c2]) & !bit(v1) & !bit(v2);
                    if others.count_ones() == 1 {
                        if let Some(hint) = type2(b, lp, &extra, v1, v2) {
                            add(hint);
                        }
                    } else if others.count_ones() >= 2 {
                        for hint in type3(b, lp, c1, c2, v1, v2) {
                            add(hint);
                        }
                    }
                    if let Some(hint) = type4(b, lp, c1, c2, v1, v2) {
                        add(hint);
                    }
                }
                _ => {
                    if let Some(hint) = type2(b, lp, &extra, v1, v2) {
                        add(hint);
                    }
                }
            }
        }
    }
    // A stable sort, as Java's.
    hints.sort_by(|a, b| {
        a.found
            .difficulty
            .partial_cmp(&b.found.difficulty)
            .expect("difficulties are numbers")
            .then(a.kind.cmp(&b.kind))
    });
    for hint in hints {
        out(hint.found)?;
    }
    ControlFlow::Continue(())
}

/// Sudoku Explainer's loop search: from `cell`, through the cells holding both digits
/// (`both`), changing region kind at each step, with at most two cells holding more digits
/// (or more when they all add the same one digit). Keeps the valid loops, in the order found.
///
/// `seen`: the regions of the path's cells at even and at odd steps. A valid loop has two
/// cells in each region it enters, one at an even step and one at an odd: the search does not
/// go on from a cell in a region that holds a cell of the path at a step of the same parity
/// (what it gathers from the cell is gathered still), nor from a path that entered a region
/// once and has no cell left there to leave it by.
#[allow(clippy::too_many_arguments)]
fn check_for_loops(
    b: &Board,
    cell: usize,
    both: u128,
    digits2: u16,
    path: &mut Vec<usize>,
    in_path: u128,
    mut seen: [u32; 6],
    allowed_extra: i32,
    extra_values: u16,
    last_kind: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    let parity = path.len() % 2;
    for kind in KINDS {
        seen[parity * 3 + kind] |= 1 << REGION_OF[kind][cell];
    }
    let in_path = in_path | 1 << cell;
    // A valid loop has two cells in each region it visits: a region with one cell of the
    // path and no other cell left to take leaves every loop through here invalid.
    for kind in KINDS {
        let open = seen[kind] ^ seen[3 + kind];
        for region in bits64(u64::from(open)) {
            if both & REGION_MASK[kind][region] & !in_path == 0 {
                return;
            }
        }
    }
    path.push(cell);
    let next_parity = 1 - parity;
    // Sudoku Explainer gathers the extra digits of every cell it looks at from here, the
    // loop's or not: kept as it does, it decides which loops are found.
    let mut extra_values = extra_values;
    for kind in KINDS {
        if Some(kind) == last_kind {
            continue;
        }
        let region = REGION_OF[kind][cell] as usize;
        for next in cells128(both & REGION_MASK[kind][region]) {
            if path[0] == next && path.len() >= 4 {
                if is_valid_loop(path) {
                    loops.push(path.clone());
                }
            } else if in_path & (1 << next) == 0 {
                let cands = b.cands[next];
                extra_values |= cands;
                extra_values &= !digits2;
                let count = count9(cands);
                let open = KINDS
                    .iter()
                    .all(|&k| seen[next_parity * 3 + k] & 1 << REGION_OF[k][next] == 0);
                if open && (count == 2 || extra_values.count_ones() == 1 || allowed_extra > 0) {
                    let allowed = allowed_extra - i32::from(count > 2);
                    check_for_loops(
                        b,
                        next,
                        both,
                        digits2,
                        path,
                        in_path,
                        seen,
                        allowed,
                        extra_values,
                        Some(kind),
                        loops,
                    );
                }
            }
        }
    }
    path.pop();
}

/// A loop is valid when it enters every region it visits once on an odd and once on an even
/// step, and no region twice with the same parity.
fn is_valid_loop(lp: &[usize]) -> bool {
    let mut seen = [[0u32; 3]; 2];
    for (i, &cell) in lp.iter().enumerate() {
        let parity = i % 2;
        for kind in KINDS {
            let region = 1 << REGION_OF[kind][cell];
            if seen[parity][kind] & region != 0 {
                return false;
            }
            seen[parity][kind] |= region;
        }
    }
    seen[0] == seen[1]
}

fn loop_difficulty(len: usize) -> f64 {
    let mut result = 4.5;
    if len >= 10 {
        result += 0.3;
    }
    if len >= 8 {
        result += 0.2;
    } else if len >= 6 {
        result += 0.1;
    }
    result
}

fn loop_name(len: usize, kind: u8) -> String {
    let what = if len == 4 { "Rectangle" } else { "Loop" };
    if len > 6 {
        format!("Unique {what} {len} type {kind}")
    } else {
        format!("Unique {what} type {kind}")
    }
}

fn loop_hint(
    lp: &[usize],
    kind: u8,
    v1: u8,
    v2: u8,
    difficulty: f64,
    removals: Vec<(usize, u8)>,
) -> LoopHint {
    let mut cells = lp.to_vec();
    cells.sort_unstable();
    LoopHint {
        found: Found {
            technique: Technique::UniqueLoop,
            name: loop_name(lp.len(), kind).into(),
            difficulty,
            cells,
            digits: bit(v1) | bit(v2),
            unit: None,
            placement: None,
            removals,
            parents: Parents::None,
            chains: Vec::new(),
        },
        kind,
        loop_cells: lp.to_vec(),
        hidden: None,
    }
}

fn type1(_b: &Board, lp: &[usize], rescue: usize, v1: u8, v2: u8) -> LoopHint {
    let removals = vec![(rescue, v1), (rescue, v2)];
    loop_hint(lp, 1, v1, v2, loop_difficulty(lp.len()), removals)
}

/// Sudoku Explainer's type 2, when it removes something (a hint that removes nothing would be
/// dropped: it is not built).
fn type2(b: &Board, lp: &[usize], extra: &[usize], v1: u8, v2: u8) -> Option<LoopHint> {
    let value = (b.cands[extra[0]] & !bit(v1) & !bit(v2)).trailing_zeros() as u8 + 1;
    let removals: Vec<(usize, u8)> = HOUSE[extra[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| extra[1..].iter().all(|&e| super::board::sees(c, e)))
        .filter(|c| !extra.contains(c) && b.has(*c, value))
        .map(|c| (c, value))
        .collect();
    if removals.is_empty() {
        return None;
    }
    let mut hint = loop_hint(lp, 2, v1, v2, loop_difficulty(lp.len()), removals);
    hint.found.digits |= bit(value);
    Some(hint)
}

/// Sudoku Explainer's type 3 hints (a naked or hidden set with the loop's extra cells) that
/// remove something.
fn type3(b: &Board, lp: &[usize], c1: usize, c2: usize, v1: u8, v2: u8) -> Vec<LoopHint> {
    let mut out = Vec::new();
    let both = bit(v1) | bit(v2);
    let extra = (b.cands[c1] | b.cands[c2]) & !both;
    // The regions c1 and c2 share, with their empty cells.
    let shared = KINDS.map(|kind| {
        let region = REGION_OF[kind][c1] as usize;
        (REGION_OF[kind][c2] as usize == region).then(|| (region, b.empty_count(kind, region)))
    });
    for degree in count9(extra)..=7 {
        for kind in KINDS {
            let Some((region, empty)) = shared[kind] else {
                continue;
            };
            let cells = &REGIONS[kind][region];
            let (index1, index2) = (
                POSITION_IN[kind][c1] as usize,
                POSITION_IN[kind][c2] as usize,
            );
            // The hint of a set of `size` cells of digits `set`, removing the digits of
            // `removed` from the region's cells at `at`, if any.
            let set_hint = |at: u16, removed: u16, set: u16, size: u32| {
                let removals: Vec<(usize, u8)> = positions(at)
                    .map(|k| cells[k] as usize)
                    .flat_map(|c| digits(b.cands[c] & removed).map(move |d| (c, d)))
                    .collect();
                if removals.is_empty() {
                    return None;
                }
                let difficulty = loop_difficulty(lp.len()) + f64::from(size - 1) * 0.1;
                let mut hint = loop_hint(lp, 3, v1, v2, difficulty, removals);
                hint.found.digits |= set;
                hint.found.unit = Some(unit_of(kind, region));
                Some(hint)
            };
            if degree * 2 <= empty && extra.count_ones() > 1 {
                // The sets hold c1 and not c2 (Sudoku Explainer's containsFirst), and cells
                // with two candidates or more: the others are taken in order from those.
                let mut others = [0usize; 9];
                let mut n = 0;
                for (k, &cell) in cells.iter().enumerate() {
                    if k != index1 && k != index2 && b.count(cell as usize) > 1 {
                        others[n] = k;
                        n += 1;
                    }
                }
                for pick in subsets(degree - 1, n as u32) {
                    let combo = bits64(pick).fold(1u64 << index1, |m, i| m | 1 << others[i]);
                    let mut naked = extra & b.cands[c1] & b.cands[c2];
                    let mut common = extra;
                    for k in bits64(pick) {
                        let cands = b.cands[cells[others[k]] as usize];
                        naked |= cands;
                        common |= cands;
                    }
                    if count9(naked) != degree || count9(common) != degree {
                        continue;
                    }
                    // The region's other cells: outside the set, c1 and c2.
                    let outside = 0x1ff & !combo & !(1 << index1) & !(1 << index2);
                    out.extend(set_hint(outside as u16, common, common, count9(common)));
                }
            }
            if degree * 2 < empty {
                // The digits neither of the loop nor extra, in order.
                let remaining = 0x1ff & !both & !extra;
                let count = count9(remaining);
                if degree - 2 > count {
                    continue;
                }
                let mut order = [0u16; 9];
                for (slot, d) in order.iter_mut().zip(digits(remaining)) {
                    *slot = bit(d);
                }
                for combo in subsets(degree - 2, count) {
                    let hidden = bits64(combo).fold(both, |m, i| m | order[i]);
                    let mut common = 0u16;
                    let mut ok = true;
                    for v in digits(hidden) {
                        let places = b.places(kind, region, v) & !(1 << index2);
                        if places == 0 {
                            ok = false;
                        }
                        common |= places;
                    }
                    if !ok || count9(common) != degree {
                        continue;
                    }
                    let indexes = common & !(1 << index1) & !(1 << index2);
                    if let Some(mut hint) = set_hint(indexes, !hidden, hidden, count9(indexes)) {
                        hint.hidden = Some((kind, region, hidden, indexes));
                        out.push(hint);
                    }
                }
            }
        }
    }
    out
}

fn type4(b: &Board, lp: &[usize], c1: usize, c2: usize, v1: u8, v2: u8) -> Option<LoopHint> {
    let mut r1 = None;
    let mut r2 = None;
    for kind in KINDS {
        let region = REGION_OF[kind][c1] as usize;
        if REGION_OF[kind][c2] as usize != region {
            continue;
        }
        let others = REGIONS[kind][region]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= b.has(c, v1);
            has2 |= b.has(c, v2);
        }
        if !has1 {
            r1 = Some((kind, region));
        }
        if !has2 {
            r2 = Some((kind, region));
        }
    }
    let ((kind, region), lock, remove) = match (r1, r2) {
        (Some(r), _) => (r, v1, v2),
        (None, Some(r)) => (r, v2, v1),
        (None, None) => return None,
    };
    let _ = lock;
    let removals = vec![(c1, remove), (c2, remove)];
    let mut hint = loop_hint(lp, 4, v1, v2, loop_difficulty(lp.len()), removals);
    hint.found.unit = Some(unit_of(kind, region));
    Some(hint)
}

/// The bivalue universal grave: were it not for a few extra candidates, every empty cell would
/// have two candidates and every digit two places in each region (a deadly pattern).
pub(crate) fn bug(b: &Board, out: Sink<'_>) -> ControlFlow<()> {
    let mut temp = *b;
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<Vec<usize>> = None;
    // The cells with three candidates or more.
    let many = (0..81)
        .filter(|&c| b.count(c) >= 3)
        .fold(0u128, |m, c| m | 1 << c);
    for kind in KINDS {
        for index in 0..9 {
            for digit in 1..=9u8 {
                let places = b.places_set(kind, index, digit);
                let count = places.count_ones();
                if count == 0 || count == 2 {
                    continue;
                }
                // The places in cells with three candidates or more.
                let new_cells = places & many;
                if new_cells != 0 && new_cells & (new_cells - 1) == 0 {
                    let cell = new_cells.trailing_zeros() as usize;
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    bug_values[cell] |= bit(digit);
                    all_values |= bit(digit);
                    temp.remove(cell, digit);
                    let shared = common
                        .get_or_insert_with(|| HOUSE[cell].iter().map(|&c| c as usize).collect());
                    shared.retain(|&c| c != cell && super::board::sees(c, cell));
                    shared.retain(|c| !bug_cells.contains(c));
                    if bug_cells.len() > 1 && all_values.count_ones() > 1 && shared.is_empty() {
                        return ControlFlow::Continue(());
                    }
                }
                if new_cells == 0 {
                    return ControlFlow::Continue(());
                }
            }
        }
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.count(c) != 2) {
        return ControlFlow::Continue(());
    }
    for kind in KINDS {
        for index in 0..9 {
            for digit in 1..=9u8 {
                let count = temp.places_set(kind, index, digit).count_ones();
                if count != 0 && count != 2 {
                    return ControlFlow::Continue(());
                }
            }
        }
    }
    let common = common.unwrap_or_default();
    let hint = |name, difficulty, removals| {
        bug_hint(
            name,
            difficulty,
            bug_cells.to_vec(),
            all_values,
            None,
            removals,
        )
    };
    if let [cell] = bug_cells[..] {
        let removals = digits(b.cands[cell] & !all_values)
            .map(|d| (cell, d))
            .collect();
        return out(hint("BUG type 1", 5.6, removals));
    }
    if all_values.count_ones() == 1 {
        let value = all_values.trailing_zeros() as u8 + 1;
        let removals: Vec<(usize, u8)> = common
            .iter()
            .filter(|&&c| b.has(c, value))
            .map(|&c| (c, value))
            .collect();
        if !removals.is_empty() {
            out(hint("BUG type 2", 5.7, removals))?;
        }
        if bug_cells.len() == 2 {
            bug4(b, &bug_cells, &bug_values, all_values, out)?;
        }
    } else if !common.is_empty() {
        if bug_cells.len() == 2 {
            bug4(b, &bug_cells, &bug_values, all_values, out)?;
        }
        bug3(b, &bug_cells, all_values, &common, out)?;
    }
    ControlFlow::Continue(())
}

fn bug3(
    b: &Board,
    bug_cells: &[usize],
    all_values: u16,
    common: &[usize],
    out: Sink<'_>,
) -> ControlFlow<()> {
    for kind in KINDS {
        let region = REGION_OF[kind][bug_cells[0]];
        if bug_cells.iter().any(|&c| REGION_OF[kind][c] != region) {
            continue;
        }
        let region_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| REGION_OF[kind][c] == region)
            .collect();
        for degree in 2..=6u32 {
            if (region_cells.len() as u32) < degree {
                continue;
            }
            for combo in subsets(degree - 1, region_cells.len() as u32) {
                let naked_cells: Vec<usize> = bits64(combo).map(|i| region_cells[i]).collect();
                let other_common = naked_cells.iter().fold(0u16, |m, &c| m | b.cands[c]);
                if count9(other_common) != degree {
                    continue;
                }
                let mut union = all_values;
                let mut ok = all_values.count_ones() > 1;
                for &c in &naked_cells {
                    ok &= b.count(c) > 1;
                    union |= b.cands[c];
                }
                if !ok || count9(union) != degree {
                    continue;
                }
                let removals: Vec<(usize, u8)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked_cells.contains(c) && !bug_cells.contains(c))
                    .flat_map(|c| digits(b.cands[c] & union).map(move |d| (c, d)))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let mut cells = bug_cells.to_vec();
                cells.extend(&naked_cells);
                let difficulty = 5.7 + f64::from(count9(union) - 1) * 0.1;
                let unit = Some(unit_of(kind, region as usize));
                out(bug_hint(
                    "BUG type 3",
                    difficulty,
                    cells,
                    union,
                    unit,
                    removals,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn bug4(
    b: &Board,
    bug_cells: &[usize],
    bug_values: &[u16; 81],
    all_values: u16,
    out: Sink<'_>,
) -> ControlFlow<()> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let common = b.cands[c1] & b.cands[c2] & !all_values;
    if common.count_ones() != 1 {
        return ControlFlow::Continue(());
    }
    for kind in KINDS {
        if REGION_OF[kind][c1] != REGION_OF[kind][c2] {
            continue;
        }
        let removals: Vec<(usize, u8)> = [c1, c2]
            .into_iter()
            .flat_map(|c| digits(b.cands[c] & !bug_values[c] & !common).map(move |d| (c, d)))
            .collect();
        let unit = Some(unit_of(kind, REGION_OF[kind][c1] as usize));
        let digits = all_values | common;
        out(bug_hint(
            "BUG type 4",
            5.7,
            vec![c1, c2],
            digits,
            unit,
            removals,
        ))?;
    }
    ControlFlow::Continue(())
}

/// A BUG hint: its name, rating, cells, digits and region.
fn bug_hint(
    name: &'static str,
    difficulty: f64,
    cells: Vec<usize>,
    digits: u16,
    unit: Option<Unit>,
    removals: Vec<(usize, u8)>,
) -> Found {
    Found {
        technique: Technique::Bug,
        name: name.into(),
        difficulty,
        cells,
        digits,
        unit,
        placement: None,
        removals,
        parents: Parents::None,
        chains: Vec::new(),
    }
}
