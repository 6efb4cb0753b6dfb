//! Aligned pair and triplet exclusion: two or three cells whose every combination of
//! candidates that could stand together would empty a cell they all see are excluded.

use std::ops::ControlFlow;

use super::board::{Board, HOUSE, bit, cells128, digits, sees, subsets};
use super::{Found, Parents, Sink, Technique};

/// A cell the technique may start from: two candidates or more, no naked single among the
/// cells it sees, and at least one cell with 2 to `degree` candidates among them (its
/// excluders, in the order of `HOUSE`).
struct Base {
    cell: usize,
    excluders: Vec<u8>,
    set: u128,
}

fn bases(b: &Board, degree: u32) -> Vec<Base> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if b.count(cell) < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        let mut set = 0u128;
        for &other in &HOUSE[cell] {
            let n = b.count(other as usize);
            if n == 1 {
                single = true;
                break;
            } else if n >= 2 && n <= degree {
                excluders.push(other);
                set |= 1 << other;
            }
        }
        if !single && !excluders.is_empty() {
            out.push(Base {
                cell,
                excluders,
                set,
            });
        }
    }
    out
}

/// Aligned pair exclusion (6.2) when `degree` is 2, aligned triplet exclusion (7.5) when 3,
/// visiting pairs of cells (and third cells seen by one of them) in Sudoku Explainer's order.
pub(crate) fn aligned_exclusion(b: &Board, degree: usize, out: Sink<'_>) -> ControlFlow<()> {
    let list = bases(b, degree as u32);
    if list.len() < degree || list.len() > 64 {
        return ControlFlow::Continue(());
    }
    let mut index_of = [u8::MAX; 81];
    let mut all = 0u128;
    for (i, base) in list.iter().enumerate() {
        index_of[base.cell] = i as u8;
        all |= 1 << base.cell;
    }
    let mut area: Vec<u8> = Vec::new();
    for pair in subsets(2, list.len() as u32) {
        let i0 = pair.trailing_zeros() as usize;
        let i1 = 63 - pair.leading_zeros() as usize;
        let (b0, b1) = (&list[i0], &list[i1]);
        if degree == 2 {
            let common = b0.set & b1.set;
            if common.count_ones() >= 2 {
                if let Some(hint) = exclusion(b, &[b0.cell, b1.cell], common) {
                    out(hint)?;
                }
            }
            continue;
        }
        // Cells seen by one of the first two, among the bases, in first-seen order.
        area.clear();
        for &c in b0.excluders.iter().chain(&b1.excluders) {
            let c_bit = 1u128 << c;
            if all & c_bit != 0
                && c as usize != b0.cell
                && c as usize != b1.cell
                && !area.contains(&c)
            {
                area.push(c);
            }
        }
        for &third in &area {
            let b2 = &list[index_of[third as usize] as usize];
            let common = b0.set & b1.set & b2.set;
            if common.count_ones() < 2 {
                continue;
            }
            if let Some(hint) = exclusion(b, &[b0.cell, b1.cell, b2.cell], common) {
                out(hint)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The candidates of `cells` that no allowed combination uses: a combination is not allowed
/// when two cells that see each other take the same digit, or when it takes every candidate
/// of one of the `common` excluders.
fn exclusion(b: &Board, cells: &[usize], common: u128) -> Option<Found> {
    let excluders: Vec<u16> = cells128(common).map(|c| b.cands[c]).collect();
    let lists: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| digits(b.cands[c]).collect())
        .collect();
    let n = cells.len();
    let see: Vec<bool> = (0..n * n)
        .map(|k| sees(cells[k / n], cells[k % n]))
        .collect();
    let mut allowed = [0u16; 3];
    let mut index = [0usize; 3];
    loop {
        let values: [u8; 3] = std::array::from_fn(|i| if i < n { lists[i][index[i]] } else { 0 });
        let clash = (0..n).any(|i| (i + 1..n).any(|j| values[i] == values[j] && see[i * n + j]));
        if !clash {
            let taken = values[..n].iter().fold(0u16, |m, &v| m | bit(v));
            if !excluders.iter().any(|&x| x & !taken == 0) {
                for i in 0..n {
                    allowed[i] |= bit(values[i]);
                }
            }
        }
        // The next combination (the order does not change the outcome).
        let mut i = 0;
        while i < n {
            index[i] += 1;
            if index[i] < lists[i].len() {
                break;
            }
            index[i] = 0;
            i += 1;
        }
        if i == n {
            break;
        }
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
    })
}
