//! Aligned pair and triplet exclusion: two or three cells whose every combination of
//! candidates that could stand together would empty a cell they all see are excluded.

use std::ops::ControlFlow;

use super::board::{Board, HOUSE, bits64, sees, subsets};
use super::{Found, Parents, Sink, Technique};

/// The cells with at least two candidates, no naked single among the cells they see, and at
/// least one cell with 2 to `degree` candidates among them, each with those cells.
fn candidates(b: &Board, degree: u32) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if b.count(cell) < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for &other in &HOUSE[cell] {
            let n = b.count(other as usize);
            if n == 1 {
                single = true;
            } else if n >= 2 && n <= degree {
                excluders.push(other as usize);
            }
        }
        if !single && !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// Aligned pair exclusion (6.2) when `degree` is 2, aligned triplet exclusion (7.5) when 3.
pub(crate) fn aligned_exclusion(b: &Board, degree: usize, out: Sink<'_>) -> ControlFlow<()> {
    let list = candidates(b, degree as u32);
    if list.len() < degree {
        return ControlFlow::Continue(());
    }
    for pair in subsets(2, list.len() as u32) {
        let mut it = bits64(pair);
        let (i0, i1) = (it.next().expect("two"), it.next().expect("two"));
        let (cell0, ex0) = &list[i0];
        let (cell1, ex1) = &list[i1];
        let tails: Vec<Vec<usize>> = if degree == 2 {
            vec![Vec::new()]
        } else {
            // Cells seen by one of the first two, among the candidates, in first-seen order.
            let mut area: Vec<usize> = Vec::new();
            for &c in ex0.iter().chain(ex1.iter()) {
                if !area.contains(&c) && c != *cell0 && c != *cell1 && list.iter().any(|(l, _)| *l == c) {
                    area.push(c);
                }
            }
            if area.len() < degree - 2 {
                continue;
            }
            subsets(degree as u32 - 2, area.len() as u32)
                .map(|m| bits64(m).map(|k| area[k]).collect())
                .collect()
        };
        for tail in tails {
            let mut cells = vec![*cell0, *cell1];
            cells.extend(&tail);
            let excluders_of = |c: usize| -> &Vec<usize> {
                &list.iter().find(|(l, _)| *l == c).expect("a candidate").1
            };
            let mut common: Vec<usize> = excluders_of(cells[0]).clone();
            for &c in &cells[1..] {
                let ex = excluders_of(c);
                common.retain(|x| ex.contains(x));
            }
            if common.len() < 2 {
                continue;
            }
            if let Some(hint) = exclusion(b, &cells, &common) {
                out(hint)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The candidates of `cells` that no allowed combination uses.
fn exclusion(b: &Board, cells: &[usize], common: &[usize]) -> Option<Found> {
    let n = cells.len();
    let cands: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| super::board::digits(b.cands[c]).collect())
        .collect();
    let mut allowed = vec![0u16; n];
    let mut index = vec![0usize; n];
    loop {
        let values: Vec<u8> = (0..n).map(|i| cands[i][index[i]]).collect();
        let clash = (0..n).any(|i| {
            (i + 1..n).any(|j| values[i] == values[j] && sees(cells[i], cells[j]))
        });
        let emptied = !clash
            && common.iter().any(|&x| {
                let rest = values.iter().fold(b.cands[x], |m, &v| m & !super::board::bit(v));
                rest == 0
            });
        if !clash && !emptied {
            for i in 0..n {
                allowed[i] |= super::board::bit(values[i]);
            }
        }
        // The next combination (the order does not change the outcome).
        let mut i = 0;
        while i < n {
            index[i] += 1;
            if index[i] < cands[i].len() {
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
        .flat_map(|i| {
            super::board::digits(b.cands[cells[i]] & !allowed[i]).map(move |d| (cells[i], d))
        })
        .collect();
    let hint = Found {
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
    };
    hint.is_worth().then_some(hint)
}
