//! [`Model`]: what the engine derives from a [`ConstraintPuzzle`] before searching: peers
//! (cells that must differ), binary relations as support tables, houses for hidden singles,
//! unary masks and the propagators of the other constraints.

use std::collections::HashMap;

use sudoku_core::{Constraint, ConstraintPuzzle, orthogonal_neighbours};

/// A propagator of a constraint over several cells (see `props.rs`).
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    /// `sum(coefs[i] * cells[i]) == target` (little killers, arrows, region sum lines).
    Linear {
        cells: Vec<u16>,
        coefs: Vec<i32>,
        target: i32,
    },
    /// Different digits adding up to `sum` (killer cages with a sum).
    DistinctSum { cells: Vec<u16>, sum: u32 },
    /// The digits between the 1 and the largest digit of `line` add up to `sum`.
    Sandwich { line: Vec<u16>, sum: u32 },
    /// The first X digits of `line` add up to `sum`, X the first digit.
    XSum { line: Vec<u16>, sum: u32 },
    /// Different consecutive digits (their differences come from peers).
    Renban { cells: Vec<u16> },
    /// The middle cells lie strictly between the two ends.
    Between { cells: Vec<u16> },
    /// `digits` (with repeats) appear among the four cells.
    Quadruple { cells: [u16; 4], digits: Vec<u8> },
}

impl Prop {
    fn cells(&self) -> &[u16] {
        match self {
            Prop::Linear { cells, .. }
            | Prop::DistinctSum { cells, .. }
            | Prop::Renban { cells }
            | Prop::Between { cells } => cells,
            Prop::Sandwich { line, .. } | Prop::XSum { line, .. } => line,
            Prop::Quadruple { cells, .. } => cells,
        }
    }
}

/// The engine's view of one puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Model {
    pub(crate) n: usize,
    /// Every digit: the low `n` bits.
    pub(crate) all: u32,
    /// The cells that must differ from each cell.
    pub(crate) peers: Vec<Vec<u16>>,
    /// The same as bit sets (bit `c` for cell `c`).
    peer_bits: Vec<[u64; 4]>,
    /// Binary relations: for cell `a`, `(b, t)` says that `b` may hold only
    /// `tables[t][d]` when `a` holds digit `d + 1`.
    pub(crate) links: Vec<Vec<(u16, u32)>>,
    pub(crate) tables: Vec<Vec<u32>>,
    /// Units of `n` cells, each holding every digit once (hidden singles).
    pub(crate) houses: Vec<Vec<u16>>,
    /// The houses of each cell.
    pub(crate) cell_houses: Vec<Vec<u32>>,
    /// The starting mask of each cell (givens, odd and even cells).
    pub(crate) start: Vec<u32>,
    pub(crate) props: Vec<Prop>,
    /// The propagators holding each cell.
    pub(crate) cell_props: Vec<Vec<u32>>,
    /// How constrained each cell is (peers, links, propagators), to break MRV ties.
    pub(crate) degree: Vec<u32>,
}

impl Model {
    pub(crate) fn build(puzzle: &ConstraintPuzzle) -> Model {
        let n = puzzle.size();
        let cells = n * n;
        let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut model = Model {
            n,
            all,
            peers: vec![Vec::new(); cells],
            peer_bits: Vec::new(),
            links: vec![Vec::new(); cells],
            tables: Vec::new(),
            houses: Vec::new(),
            cell_houses: vec![Vec::new(); cells],
            start: vec![all; cells],
            props: Vec::new(),
            cell_props: vec![Vec::new(); cells],
            degree: vec![0; cells],
        };
        let mut distinct: Vec<Vec<usize>> = puzzle.units();
        for unit in &distinct {
            if unit.len() == n {
                for &c in unit {
                    model.cell_houses[c].push(model.houses.len() as u32);
                }
                model.houses.push(unit.iter().map(|&c| c as u16).collect());
            }
        }
        // Binary relations, merged per ordered pair (allowed digits of b for each digit of a).
        let mut pairs: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
        let mut relate = |a: usize, b: usize, rel: &dyn Fn(u32, u32) -> bool| {
            let forward = pairs.entry((a, b)).or_insert_with(|| vec![all; n]);
            for d in 1..=n as u32 {
                let mut allowed = 0;
                for e in 1..=n as u32 {
                    if rel(d, e) {
                        allowed |= 1 << (e - 1);
                    }
                }
                forward[d as usize - 1] &= allowed;
            }
            let backward = pairs.entry((b, a)).or_insert_with(|| vec![all; n]);
            for e in 1..=n as u32 {
                let mut allowed = 0;
                for d in 1..=n as u32 {
                    if rel(d, e) {
                        allowed |= 1 << (d - 1);
                    }
                }
                backward[e as usize - 1] &= allowed;
            }
        };
        let constraints = puzzle.constraints();
        let orthogonal: Vec<(usize, usize)> = (0..cells)
            .flat_map(|a| {
                let right = (a % n + 1 < n).then_some((a, a + 1));
                let down = (a / n + 1 < n).then_some((a, a + n));
                right.into_iter().chain(down)
            })
            .collect();
        let dotted = |pair: (usize, usize), pick: &dyn Fn(&Constraint) -> Option<[usize; 2]>| {
            constraints
                .iter()
                .any(|c| pick(c) == Some([pair.0, pair.1]))
        };
        let shown = |pick: &dyn Fn(&Constraint) -> Option<u32>, default: u32| {
            let mut values: Vec<u32> = constraints.iter().filter_map(pick).collect();
            if values.is_empty() {
                values.push(default);
            }
            values
        };
        // The negative Kropki rules exempt a pair carrying a dot of either colour.
        let kropki = |c: &Constraint| match c {
            Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. } => Some(*cells),
            _ => None,
        };
        for constraint in constraints {
            match constraint {
                Constraint::AntiKnight | Constraint::AntiKing => {
                    for (a, b) in constraint.move_pairs(n) {
                        distinct.push(vec![a, b]);
                    }
                }
                Constraint::NonConsecutive => {
                    for &pair in &orthogonal {
                        let marked = dotted(pair, &|c| match c {
                            Constraint::Difference {
                                cells,
                                difference: 1,
                            } => Some(*cells),
                            _ => None,
                        });
                        if !marked {
                            relate(pair.0, pair.1, &|d, e| d.abs_diff(e) != 1);
                        }
                    }
                }
                Constraint::NegativeDifference => {
                    let values = shown(
                        &|c| match c {
                            Constraint::Difference { difference, .. } => Some(*difference),
                            _ => None,
                        },
                        1,
                    );
                    for &pair in &orthogonal {
                        if !dotted(pair, &kropki) {
                            relate(pair.0, pair.1, &|d, e| !values.contains(&d.abs_diff(e)));
                        }
                    }
                }
                Constraint::NegativeRatio => {
                    let values = shown(
                        &|c| match c {
                            Constraint::Ratio { ratio, .. } => Some(*ratio),
                            _ => None,
                        },
                        2,
                    );
                    for &pair in &orthogonal {
                        if !dotted(pair, &kropki) {
                            relate(pair.0, pair.1, &|d, e| {
                                !values.iter().any(|&r| d.min(e) * r == d.max(e))
                            });
                        }
                    }
                }
                Constraint::NegativeXv => {
                    for &pair in &orthogonal {
                        if !dotted(pair, &|c| match c {
                            Constraint::Xv { cells, .. } => Some(*cells),
                            _ => None,
                        }) {
                            relate(pair.0, pair.1, &|d, e| d + e != 5 && d + e != 10);
                        }
                    }
                }
                Constraint::Odd(cell) => model.start[*cell] &= odd_mask(n),
                Constraint::Even(cell) => model.start[*cell] &= all & !odd_mask(n),
                Constraint::Minimum(cell) | Constraint::Maximum(cell) => {
                    let min = matches!(constraint, Constraint::Minimum(_));
                    for other in orthogonal_neighbours(*cell, n) {
                        if min {
                            relate(*cell, other, &|d, e| d < e);
                        } else {
                            relate(*cell, other, &|d, e| d > e);
                        }
                    }
                }
                Constraint::Killer { cells: cage, sum } => {
                    distinct.push(cage.clone());
                    if let Some(sum) = sum {
                        model.push(Prop::DistinctSum {
                            cells: to16(cage),
                            sum: *sum,
                        });
                    }
                }
                Constraint::LittleKiller { clue, sum } => {
                    let line = clue.cells(n);
                    model.push(Prop::Linear {
                        coefs: vec![1; line.len()],
                        cells: to16(&line),
                        target: *sum as i32,
                    });
                }
                Constraint::Sandwich { clue, sum } => model.push(Prop::Sandwich {
                    line: to16(&clue.cells(n)),
                    sum: *sum,
                }),
                Constraint::XSum { clue, sum } => model.push(Prop::XSum {
                    line: to16(&clue.cells(n)),
                    sum: *sum,
                }),
                Constraint::Thermometer(line) | Constraint::SlowThermometer(line) => {
                    let strict = matches!(constraint, Constraint::Thermometer(_));
                    for w in line.windows(2) {
                        if strict {
                            relate(w[0], w[1], &|d, e| d < e);
                        } else {
                            relate(w[0], w[1], &|d, e| d <= e);
                        }
                    }
                }
                Constraint::Arrow { bulb, shaft } => {
                    let k = bulb.len() as u32;
                    let mut coefs: Vec<i32> = (0..k).map(|i| -(10i32.pow(k - 1 - i))).collect();
                    coefs.extend(std::iter::repeat_n(1, shaft.len()));
                    let cells: Vec<usize> = bulb.iter().chain(shaft).copied().collect();
                    model.push(Prop::Linear {
                        cells: to16(&cells),
                        coefs,
                        target: 0,
                    });
                }
                Constraint::Difference {
                    cells: [a, b],
                    difference,
                } => {
                    let k = *difference;
                    relate(*a, *b, &|d, e| d.abs_diff(e) == k);
                }
                Constraint::Ratio {
                    cells: [a, b],
                    ratio,
                } => {
                    let r = *ratio;
                    relate(*a, *b, &|d, e| d.min(e) * r == d.max(e));
                }
                Constraint::Xv { cells: [a, b], sum } => {
                    let s = *sum;
                    relate(*a, *b, &|d, e| d + e == s);
                }
                Constraint::Palindrome(line) => {
                    let k = line.len();
                    for i in 0..k / 2 {
                        relate(line[i], line[k - 1 - i], &|d, e| d == e);
                    }
                }
                Constraint::Whispers { cells: line, gap } => {
                    let g = *gap;
                    for w in line.windows(2) {
                        relate(w[0], w[1], &|d, e| d.abs_diff(e) >= g);
                    }
                }
                Constraint::Renban(line) => {
                    distinct.push(line.clone());
                    model.push(Prop::Renban { cells: to16(line) });
                }
                Constraint::Between(line) => model.push(Prop::Between { cells: to16(line) }),
                Constraint::RegionSum(line) => {
                    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
                    for &c in line {
                        let region = puzzle.regions()[c];
                        match groups.iter_mut().find(|(r, _)| *r == region) {
                            Some((_, g)) => g.push(c),
                            None => groups.push((region, vec![c])),
                        }
                    }
                    for (_, other) in groups.iter().skip(1) {
                        let first = &groups[0].1;
                        let cells: Vec<usize> = first.iter().chain(other).copied().collect();
                        let mut coefs = vec![1; first.len()];
                        coefs.extend(std::iter::repeat_n(-1, other.len()));
                        model.push(Prop::Linear {
                            cells: to16(&cells),
                            coefs,
                            target: 0,
                        });
                    }
                }
                Constraint::Quadruple {
                    cells: block,
                    digits,
                } => model.push(Prop::Quadruple {
                    cells: [
                        block[0] as u16,
                        block[1] as u16,
                        block[2] as u16,
                        block[3] as u16,
                    ],
                    digits: digits.clone(),
                }),
                Constraint::Clone { cells: first, copy } => {
                    for (&a, &b) in first.iter().zip(copy) {
                        relate(a, b, &|d, e| d == e);
                    }
                }
                // Units (diagonals, extra regions, disjoint groups) come from puzzle.units().
                _ => {}
            }
        }
        for (cell, &given) in puzzle.givens().iter().enumerate() {
            if given != 0 {
                model.start[cell] &= 1 << (given - 1);
            }
        }
        // Peers as bit sets first (256 cells at most), then as lists.
        let mut peer_bits = vec![[0u64; 4]; cells];
        for unit in &distinct {
            let mut bits = [0u64; 4];
            for &c in unit {
                bits[c / 64] |= 1 << (c % 64);
            }
            for &a in unit {
                for (w, b) in peer_bits[a].iter_mut().zip(bits) {
                    *w |= b;
                }
            }
        }
        for (a, bits) in peer_bits.iter_mut().enumerate() {
            bits[a / 64] &= !(1 << (a % 64));
            for (w, &word) in bits.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    model.peers[a].push((w * 64 + rest.trailing_zeros() as usize) as u16);
                    rest &= rest - 1;
                }
            }
        }
        model.peer_bits = peer_bits;
        let mut pairs: Vec<((usize, usize), Vec<u32>)> = pairs.into_iter().collect();
        pairs.sort_unstable_by_key(|(pair, _)| *pair);
        for ((a, b), table) in pairs {
            let t = match model.tables.iter().position(|known| *known == table) {
                Some(t) => t,
                None => {
                    model.tables.push(table);
                    model.tables.len() - 1
                }
            };
            model.links[a].push((b as u16, t as u32));
        }
        model.add_45_rule(puzzle);
        // Numbered by size, so that the engine runs the smallest waiting propagator first.
        let mut props = std::mem::take(&mut model.props);
        props.sort_by_key(|p| p.cells().len());
        model.cell_props = vec![Vec::new(); cells];
        for prop in props {
            model.push(prop);
        }
        for cell in 0..cells {
            model.degree[cell] = (model.peers[cell].len()
                + 2 * model.links[cell].len()
                + 3 * model.cell_props[cell].len()) as u32;
        }
        model
    }

    /// The rule of 45 (innies and outies): the cells of a row, column or region, or of a run
    /// of consecutive rows or columns, add up to a known total; the killer cages with sums
    /// inside such an area leave the rest of it (the innies) a known sum, and the cages that
    /// cross it give the cells they hold outside it (the outies) a known sum. Sets of 1 to 5
    /// cells become sum constraints (of different digits when the cells are all peers).
    fn add_45_rule(&mut self, puzzle: &ConstraintPuzzle) {
        let n = self.n;
        let cages: Vec<(&Vec<usize>, u32)> = puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Killer {
                    cells,
                    sum: Some(sum),
                } => Some((cells, *sum)),
                _ => None,
            })
            .collect();
        if cages.is_empty() {
            return;
        }
        type Bits = [u64; 4];
        let bits_of = |cells: &mut dyn Iterator<Item = usize>| {
            let mut bits: Bits = [0; 4];
            for c in cells {
                bits[c / 64] |= 1 << (c % 64);
            }
            bits
        };
        let and = |a: &Bits, b: &Bits| [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]];
        let is_empty = |a: &Bits| a.iter().all(|&w| w == 0);
        // The rule adds up disjoint cages: a cage overlapping one kept before is left out (its
        // cells count as cells of no cage).
        let mut cage_bits: Vec<Bits> = Vec::new();
        let mut kept: Vec<(&Vec<usize>, u32)> = Vec::new();
        let mut taken: Bits = [0; 4];
        for (cage, sum) in cages {
            let bits = bits_of(&mut cage.iter().copied());
            if is_empty(&and(&bits, &taken)) {
                for w in 0..4 {
                    taken[w] |= bits[w];
                }
                cage_bits.push(bits);
                kept.push((cage, sum));
            }
        }
        let cages = kept;
        let caged = cage_bits.iter().fold([0u64; 4], |u, b| {
            [u[0] | b[0], u[1] | b[1], u[2] | b[2], u[3] | b[3]]
        });
        let house_total = (n * (n + 1) / 2) as u32;
        let mut areas: Vec<(Bits, u32)> = self
            .houses
            .iter()
            .map(|house| {
                (
                    bits_of(&mut house.iter().map(|&c| usize::from(c))),
                    house_total,
                )
            })
            .collect();
        for run in 2..n.min(5) {
            for first in 0..=n - run {
                let rows = (first..first + run).flat_map(|r| (0..n).map(move |c| r * n + c));
                let cols = (first..first + run).flat_map(|c| (0..n).map(move |r| r * n + c));
                areas.push((bits_of(&mut rows.into_iter()), house_total * run as u32));
                areas.push((bits_of(&mut cols.into_iter()), house_total * run as u32));
            }
        }
        let list = |bits: &Bits| -> Vec<usize> {
            let mut out = Vec::new();
            for (w, &word) in bits.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    out.push(w * 64 + rest.trailing_zeros() as usize);
                    rest &= rest - 1;
                }
            }
            out
        };
        let mut seen: Vec<(Bits, u32)> = Vec::new();
        for (inside, total) in areas {
            let (mut within, mut crossing) = (0u32, 0u32);
            let mut innies = and(&inside, &[!caged[0], !caged[1], !caged[2], !caged[3]]);
            let covered = is_empty(&innies);
            let mut outies: Bits = [0; 4];
            for (bits, (_, sum)) in cage_bits.iter().zip(&cages) {
                let common = and(bits, &inside);
                if is_empty(&common) {
                    continue;
                }
                if common == *bits {
                    within += sum;
                } else {
                    crossing += sum;
                    for w in 0..4 {
                        innies[w] |= common[w];
                        outies[w] |= bits[w] & !inside[w];
                    }
                }
            }
            let mut found = vec![(innies, total.checked_sub(within))];
            if covered {
                found.push((outies, (within + crossing).checked_sub(total)));
            }
            for (bits, sum) in found {
                let Some(sum) = sum else { continue };
                let size: u32 = bits.iter().map(|w| w.count_ones()).sum();
                if size == 0 || size > 5 || seen.contains(&(bits, sum)) {
                    continue;
                }
                seen.push((bits, sum));
                let set = list(&bits);
                let peers = set.iter().enumerate().all(|(i, &a)| {
                    set[i + 1..]
                        .iter()
                        .all(|&b| self.peer_bits[a][b / 64] >> (b % 64) & 1 != 0)
                });
                if peers {
                    self.push(Prop::DistinctSum {
                        cells: to16(&set),
                        sum,
                    });
                } else {
                    self.push(Prop::Linear {
                        coefs: vec![1; set.len()],
                        cells: to16(&set),
                        target: sum as i32,
                    });
                }
            }
        }
    }

    fn push(&mut self, prop: Prop) {
        let index = self.props.len() as u32;
        for &cell in prop.cells() {
            let list = &mut self.cell_props[usize::from(cell)];
            if !list.contains(&index) {
                list.push(index);
            }
        }
        self.props.push(prop);
    }
}

/// The odd digits of a board of side `n`.
pub(crate) fn odd_mask(n: usize) -> u32 {
    (0..n).step_by(2).fold(0, |m, i| m | 1 << i)
}

fn to16(cells: &[usize]) -> Vec<u16> {
    cells.iter().map(|&c| c as u16).collect()
}
