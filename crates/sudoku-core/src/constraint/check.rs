//! The direct check of a filled board against every rule of a [`ConstraintPuzzle`]: an
//! independent reference for solvers (it follows each rule's definition, cell by cell, and
//! shares nothing with any propagation).

use std::fmt;

use super::{Constraint, ConstraintPuzzle, name};
use crate::error::Clash;
use crate::tables::Unit;
use crate::variant::orthogonal_neighbours;

/// The first rule a filled board breaks, with where: `thermometer at r1c1: r1c2 (3) is not
/// above r1c1 (5)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

impl ConstraintPuzzle {
    /// The first two givens that repeat a digit in a row, column, region, diagonal or extra
    /// region (in that order), or `None`: what a solver reports before any search.
    ///
    /// ```
    /// use sudoku_core::{Constraint, ConstraintPuzzle};
    ///
    /// let mut puzzle = ConstraintPuzzle::new(6)?;
    /// puzzle.add(Constraint::ExtraRegion(vec![0, 35]))?;
    /// puzzle.set_given(0, 4)?;
    /// puzzle.set_given(35, 4)?;
    /// assert_eq!(
    ///     puzzle.clash().unwrap().to_string(),
    ///     "digit 4 appears twice in extra region 1, at r1c1 and r6c6"
    /// );
    /// # Ok::<(), sudoku_core::ConstraintError>(())
    /// ```
    pub fn clash(&self) -> Option<Clash> {
        let n = self.size;
        // Most puzzles have none: one pass over the givens with a digit mask per row, column
        // and region says so, unless diagonals or extra regions need the full look below.
        let more_units = self.constraints.iter().any(|c| {
            matches!(
                c,
                Constraint::PositiveDiagonal
                    | Constraint::NegativeDiagonal
                    | Constraint::ExtraRegion(_)
            )
        });
        if !more_units {
            let mut seen = vec![0u32; 3 * n];
            let repeat = self.givens.iter().enumerate().any(|(cell, &digit)| {
                let bit = 1u32
                    .checked_shl(u32::from(digit).wrapping_sub(1))
                    .unwrap_or(0);
                let units = [
                    cell / n,
                    n + cell % n,
                    2 * n + usize::from(self.regions[cell]),
                ];
                digit != 0
                    && units.into_iter().any(|u| {
                        let repeated = seen.get(u).is_none_or(|&m| m & bit != 0);
                        if let Some(m) = seen.get_mut(u) {
                            *m |= bit;
                        }
                        repeated
                    })
            });
            if !repeat {
                return None;
            }
        }
        let mut units: Vec<(Unit, Vec<usize>)> = Vec::new();
        let all = self.units();
        let boxes = self.has_default_regions();
        for (i, cells) in all.into_iter().enumerate().take(3 * n) {
            let unit = match i / n {
                0 => Unit::Row((i % n) as u8),
                1 => Unit::Col((i % n) as u8),
                _ if boxes => Unit::Box((i % n) as u8),
                _ => Unit::Region((i % n) as u8),
            };
            units.push((unit, cells));
        }
        let mut extra = 0u8;
        for constraint in &self.constraints {
            match constraint {
                Constraint::NegativeDiagonal => {
                    units.push((Unit::Diagonal(0), (0..n).map(|k| k * n + k).collect()))
                }
                Constraint::PositiveDiagonal => units.push((
                    Unit::Diagonal(1),
                    (0..n).map(|k| k * n + n - 1 - k).collect(),
                )),
                Constraint::ExtraRegion(cells) => {
                    units.push((Unit::Extra(extra), cells.clone()));
                    extra = extra.saturating_add(1);
                }
                _ => {}
            }
        }
        for (unit, cells) in units {
            for (i, &a) in cells.iter().enumerate() {
                let digit = self.givens[a];
                if digit == 0 {
                    continue;
                }
                if let Some(&b) = cells[i + 1..].iter().find(|&&b| self.givens[b] == digit) {
                    return Some(Clash {
                        digit,
                        unit,
                        cells: [a.min(b) as u16, a.max(b) as u16],
                        size: n as u8,
                    });
                }
            }
        }
        None
    }

    /// Whether `cells` (a filled board, row-major) solves the puzzle: every given kept,
    /// every unit without a repeat, every constraint met.
    pub fn is_solution(&self, cells: &[u8]) -> bool {
        self.violation(cells).is_none()
    }

    /// The first rule `cells` (a board, row-major) breaks, or `None` when it solves the
    /// puzzle. A board with blanks or digits off the board breaks the first rule of all.
    pub fn violation(&self, cells: &[u8]) -> Option<Violation> {
        let n = self.size;
        let fail = |message: String| Some(Violation { message });
        if cells.len() != n * n {
            return fail(format!(
                "{} cells for a board of {} cells",
                cells.len(),
                n * n
            ));
        }
        if let Some(cell) = cells.iter().position(|&d| d == 0 || usize::from(d) > n) {
            return fail(format!(
                "{}: {} is not a digit 1 to {n}",
                name(cell, n),
                cells[cell]
            ));
        }
        if let Some(cell) = (0..n * n).find(|&c| self.givens[c] != 0 && self.givens[c] != cells[c])
        {
            return fail(format!(
                "{} holds {}, the given is {}",
                name(cell, n),
                cells[cell],
                self.givens[cell]
            ));
        }
        for unit in self.units() {
            for (i, &a) in unit.iter().enumerate() {
                if let Some(&b) = unit[i + 1..].iter().find(|&&b| cells[b] == cells[a]) {
                    return fail(format!(
                        "digit {} appears twice, at {} and {}",
                        cells[a],
                        name(a, n),
                        name(b, n)
                    ));
                }
            }
        }
        let d = |cell: usize| u32::from(cells[cell]);
        let pairs = orthogonal_pairs(n);
        for constraint in &self.constraints {
            let broken = |what: String| fail(format!("{}: {what}", constraint.describe(n)));
            match constraint {
                Constraint::AntiKnight | Constraint::AntiKing => {
                    for (a, b) in constraint.move_pairs(n) {
                        if cells[a] == cells[b] {
                            return broken(format!(
                                "{} and {} both hold {}",
                                name(a, n),
                                name(b, n),
                                cells[a]
                            ));
                        }
                    }
                }
                Constraint::NonConsecutive => {
                    for &(a, b) in &pairs {
                        let dotted = self.constraints.iter().any(|c| {
                            matches!(c, Constraint::Difference { cells: [x, y], difference: 1 } if (*x, *y) == (a, b))
                        });
                        if !dotted && d(a).abs_diff(d(b)) == 1 {
                            return broken(format!(
                                "{} and {} are consecutive",
                                name(a, n),
                                name(b, n)
                            ));
                        }
                    }
                }
                Constraint::NegativeDifference
                | Constraint::NegativeRatio
                | Constraint::NegativeXv => {
                    for &(a, b) in &pairs {
                        if let Some(what) = self.negative_breaks(constraint, a, b, d(a), d(b)) {
                            return broken(what);
                        }
                    }
                }
                Constraint::Odd(cell) if d(*cell) % 2 == 0 => {
                    return broken(format!("{} is even", cells[*cell]));
                }
                Constraint::Even(cell) if d(*cell) % 2 == 1 => {
                    return broken(format!("{} is odd", cells[*cell]));
                }
                Constraint::Minimum(cell) | Constraint::Maximum(cell) => {
                    let min = matches!(constraint, Constraint::Minimum(_));
                    for other in self.extreme_neighbours(*cell, min) {
                        if (min && d(other) <= d(*cell)) || (!min && d(other) >= d(*cell)) {
                            return broken(format!(
                                "{} holds {} beside {}",
                                name(other, n),
                                cells[other],
                                cells[*cell]
                            ));
                        }
                    }
                }
                Constraint::Killer { cells: cage, sum } => {
                    for (i, &a) in cage.iter().enumerate() {
                        if let Some(&b) = cage[i + 1..].iter().find(|&&b| cells[b] == cells[a]) {
                            return broken(format!(
                                "{} and {} both hold {}",
                                name(a, n),
                                name(b, n),
                                cells[a]
                            ));
                        }
                    }
                    let total: u32 = cage.iter().map(|&c| d(c)).sum();
                    if sum.is_some_and(|sum| total != sum) {
                        return broken(format!("adds up to {total}"));
                    }
                }
                Constraint::LittleKiller { clue, sum } => {
                    let total: u32 = clue.cells(n).iter().map(|&c| d(c)).sum();
                    if total != *sum {
                        return broken(format!("adds up to {total}"));
                    }
                }
                Constraint::Sandwich { clue, sum } => {
                    let line = clue.cells(n);
                    let at = |v: u32| line.iter().position(|&c| d(c) == v).unwrap_or(0);
                    let (i, j) = (at(1), at(n as u32));
                    let (lo, hi) = (i.min(j), i.max(j));
                    let total: u32 = line[lo + 1..hi].iter().map(|&c| d(c)).sum();
                    if total != *sum {
                        return broken(format!("the sandwich adds up to {total}"));
                    }
                }
                Constraint::XSum { clue, sum } => {
                    let line = clue.cells(n);
                    let x = d(line[0]) as usize;
                    let total: u32 = line[..x].iter().map(|&c| d(c)).sum();
                    if total != *sum {
                        return broken(format!("the first {x} digits add up to {total}"));
                    }
                }
                Constraint::Thermometer(line) | Constraint::SlowThermometer(line) => {
                    let slow = matches!(constraint, Constraint::SlowThermometer(_));
                    for w in line.windows(2) {
                        let ok = if slow {
                            d(w[1]) >= d(w[0])
                        } else {
                            d(w[1]) > d(w[0])
                        };
                        if !ok {
                            return broken(format!(
                                "{} ({}) after {} ({})",
                                name(w[1], n),
                                cells[w[1]],
                                name(w[0], n),
                                cells[w[0]]
                            ));
                        }
                    }
                }
                Constraint::Arrow { bulb, shaft } => {
                    let number = bulb.iter().fold(0u64, |v, &c| v * 10 + u64::from(d(c)));
                    let total: u64 = shaft.iter().map(|&c| u64::from(d(c))).sum();
                    if number != total {
                        return broken(format!(
                            "the shaft adds up to {total}, the bulb says {number}"
                        ));
                    }
                }
                Constraint::Difference {
                    cells: [a, b],
                    difference,
                } if d(*a).abs_diff(d(*b)) != *difference => {
                    return broken(format!(
                        "{} and {} differ by {}",
                        cells[*a],
                        cells[*b],
                        d(*a).abs_diff(d(*b))
                    ));
                }
                Constraint::Ratio {
                    cells: [a, b],
                    ratio,
                } => {
                    let (lo, hi) = (d(*a).min(d(*b)), d(*a).max(d(*b)));
                    if lo * ratio != hi {
                        return broken(format!(
                            "{} and {} are not in ratio {ratio}",
                            cells[*a], cells[*b]
                        ));
                    }
                }
                Constraint::Xv { cells: [a, b], sum } if d(*a) + d(*b) != *sum => {
                    return broken(format!(
                        "{} and {} add up to {}",
                        cells[*a],
                        cells[*b],
                        d(*a) + d(*b)
                    ));
                }
                Constraint::Palindrome(line) => {
                    let k = line.len();
                    if let Some(i) = (0..k / 2).find(|&i| cells[line[i]] != cells[line[k - 1 - i]])
                    {
                        return broken(format!(
                            "{} and {} differ",
                            name(line[i], n),
                            name(line[k - 1 - i], n)
                        ));
                    }
                }
                Constraint::Whispers { cells: line, gap } => {
                    if let Some(w) = line.windows(2).find(|w| d(w[0]).abs_diff(d(w[1])) < *gap) {
                        return broken(format!(
                            "{} and {} differ by less than {gap}",
                            name(w[0], n),
                            name(w[1], n)
                        ));
                    }
                }
                Constraint::Renban(line) => {
                    let mut digits: Vec<u32> = line.iter().map(|&c| d(c)).collect();
                    digits.sort_unstable();
                    if digits.windows(2).any(|w| w[1] != w[0] + 1) {
                        return broken("its digits are not a run of consecutive digits".into());
                    }
                }
                Constraint::Between(line) => {
                    let (a, b) = (d(line[0]), d(line[line.len() - 1]));
                    let (lo, hi) = (a.min(b), a.max(b));
                    if let Some(&c) = line[1..line.len() - 1]
                        .iter()
                        .find(|&&c| d(c) <= lo || d(c) >= hi)
                    {
                        return broken(format!(
                            "{} holds {}, not between {lo} and {hi}",
                            name(c, n),
                            cells[c]
                        ));
                    }
                }
                Constraint::RegionSum(line) => {
                    // One total per run of cells in one region, in the line's order.
                    let mut totals: Vec<(u8, u32)> = Vec::new();
                    for &c in line {
                        let region = self.regions[c];
                        match totals.last_mut() {
                            Some((r, t)) if *r == region => *t += d(c),
                            _ => totals.push((region, d(c))),
                        }
                    }
                    if totals.windows(2).any(|w| w[0].1 != w[1].1) {
                        return broken("its totals in the regions it crosses differ".into());
                    }
                }
                Constraint::Quadruple {
                    cells: block,
                    digits,
                } => {
                    let mut present: Vec<u8> = block.iter().map(|&c| cells[c]).collect();
                    for digit in digits {
                        match present.iter().position(|v| v == digit) {
                            Some(i) => {
                                present.swap_remove(i);
                            }
                            None => return broken(format!("{digit} is missing")),
                        }
                    }
                }
                Constraint::Clone { cells: first, copy } => {
                    if let Some((&a, &b)) = first
                        .iter()
                        .zip(copy)
                        .find(|&(&a, &b)| cells[a] != cells[b])
                    {
                        return broken(format!("{} and {} differ", name(a, n), name(b, n)));
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Whether the pair `(a, b)` of orthogonal neighbours holding `x` and `y` breaks the
    /// negative constraint `constraint`: it carries no dot of that kind, yet its digits
    /// show a relation such a dot would mark.
    /// The orthogonal neighbours a minimum (`min`) or maximum cell is compared with: those
    /// that are not minimum (maximum) cells themselves, as f-puzzles and published puzzles
    /// read the rule (two maximum cells side by side constrain each other in no way).
    pub(crate) fn extreme_neighbours(&self, cell: usize, min: bool) -> Vec<usize> {
        orthogonal_neighbours(cell, self.size)
            .filter(|&other| {
                !self.constraints.iter().any(|c| {
                    if min {
                        *c == Constraint::Minimum(other)
                    } else {
                        *c == Constraint::Maximum(other)
                    }
                })
            })
            .collect()
    }

    fn negative_breaks(
        &self,
        constraint: &Constraint,
        a: usize,
        b: usize,
        x: u32,
        y: u32,
    ) -> Option<String> {
        let n = self.size;
        let marked = |pair: &[usize; 2]| *pair == [a, b];
        let (lo, hi) = (x.min(y), x.max(y));
        let mut shown: Vec<u32> = Vec::new();
        let mut is_marked = false;
        for c in &self.constraints {
            match (constraint, c) {
                // A pair carrying a Kropki dot of either colour is exempt: 1 and 2 take
                // either dot.
                (Constraint::NegativeDifference, Constraint::Difference { cells, difference }) => {
                    is_marked |= marked(cells);
                    shown.push(*difference);
                }
                (Constraint::NegativeDifference, Constraint::Ratio { cells, .. }) => {
                    is_marked |= marked(cells)
                }
                (Constraint::NegativeRatio, Constraint::Ratio { cells, ratio }) => {
                    is_marked |= marked(cells);
                    shown.push(*ratio);
                }
                (Constraint::NegativeRatio, Constraint::Difference { cells, .. }) => {
                    is_marked |= marked(cells)
                }
                (Constraint::NegativeXv, Constraint::Xv { cells, .. }) => {
                    is_marked |= marked(cells)
                }
                _ => {}
            }
        }
        if is_marked {
            return None;
        }
        let hit = match constraint {
            Constraint::NegativeDifference => {
                if shown.is_empty() {
                    shown.push(1);
                }
                shown.contains(&(hi - lo))
            }
            Constraint::NegativeRatio => {
                if shown.is_empty() {
                    shown.push(2);
                }
                shown.iter().any(|&r| lo * r == hi)
            }
            _ => x + y == 5 || x + y == 10,
        };
        hit.then(|| {
            format!(
                "{} ({x}) and {} ({y}) carry no mark",
                name(a, n),
                name(b, n)
            )
        })
    }
}

/// Every pair of orthogonal neighbours `(a, b)` with `a < b`.
pub(crate) fn orthogonal_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(2 * n * n);
    for a in 0..n * n {
        if a % n + 1 < n {
            pairs.push((a, a + 1));
        }
        if a / n + 1 < n {
            pairs.push((a, a + n));
        }
    }
    pairs
}
