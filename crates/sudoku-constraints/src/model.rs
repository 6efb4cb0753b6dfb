//! [`Model`]: what the engine derives from a [`ConstraintPuzzle`] before searching: peers
//! (cells that must differ), binary relations as support tables, houses for hidden singles,
//! unary masks and the propagators of the other constraints.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use sudoku_core::{Constraint, ConstraintPuzzle, orthogonal_neighbours};

use crate::sums::EXACT_SIDE;

/// A propagator of a constraint over several cells. Its cells (and a linear sum's
/// coefficients) lie in the model's pools, as a [`Span`].
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    /// `sum(coefs[i] * cells[i]) == target` (little killers, arrows, region sum lines).
    Linear {
        cells: Span,
        coefs: Span,
        target: i32,
    },
    /// Different digits adding up to `sum` (killer cages with a sum).
    DistinctSum { cells: Span, sum: u32 },
    /// The different digits of `cells[1..]` add up to the digit of `cells[0]` (an arrow with
    /// a one-cell bulb whose shaft holds no digit twice).
    DistinctSumOf { cells: Span },
    /// The digits between the 1 and the largest digit of `line` add up to `sum`.
    Sandwich { line: Span, sum: u32 },
    /// The first X digits of `line` add up to `sum`, X the first digit.
    XSum { line: Span, sum: u32 },
    /// Different consecutive digits (their differences come from peers).
    Renban { cells: Span },
    /// The middle cells lie strictly between the two ends.
    Between { cells: Span },
    /// `digits` (with repeats) appear among the four cells.
    Quadruple { cells: [u16; 4], digits: Vec<u8> },
}

/// Items `start..start + len` of one of the model's pools: one buffer for the cells of every
/// propagator and one for the coefficients, rather than two small vectors for each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// The engine's view of one puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Model {
    pub(crate) n: usize,
    /// Every digit: the low `n` bits.
    pub(crate) all: u32,
    /// The cells that must differ from each cell.
    pub(crate) peers: Lists<u16>,
    /// The same as bit sets (bit `c` for cell `c`).
    peer_bits: Vec<[u64; 4]>,
    /// Binary relations: for cell `a`, `(b, t)` says that `b` may hold only
    /// `tables[t][d]` when `a` holds digit `d + 1`.
    pub(crate) links: Lists<(u16, u32)>,
    pub(crate) tables: Vec<Vec<u32>>,
    /// Units of `n` cells, each holding every digit once (hidden singles).
    pub(crate) houses: Vec<Vec<u16>>,
    /// The same as bit sets.
    pub(crate) house_bits: Vec<Bits>,
    /// The houses of each cell.
    pub(crate) cell_houses: Lists<u32>,
    /// The starting mask of each cell (givens, odd and even cells).
    pub(crate) start: Vec<u32>,
    pub(crate) props: Vec<Prop>,
    /// The cells of the propagators, and the coefficients of the linear sums.
    cell_pool: Vec<u16>,
    coef_pool: Vec<i32>,
    /// The propagators holding each cell.
    pub(crate) cell_props: Lists<u32>,
    /// How constrained each cell is (peers, links, propagators), to break MRV ties.
    pub(crate) degree: Vec<u32>,
}

impl Model {
    /// The model of `puzzle`, whose side is at most [`MAX_SIZE`](crate::MAX_SIZE).
    pub(crate) fn build(puzzle: &ConstraintPuzzle) -> Model {
        let n = puzzle.size();
        let cells = n * n;
        let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut model = Model {
            n,
            all,
            peers: Lists::default(),
            peer_bits: Vec::new(),
            links: Lists::default(),
            tables: Vec::new(),
            houses: Vec::new(),
            house_bits: Vec::new(),
            cell_houses: Lists::default(),
            start: vec![all; cells],
            // Room for the constraints and the sets of the rule of 45 of a killer.
            props: Vec::with_capacity(puzzle.constraints().len() + 8 * n),
            cell_pool: Vec::with_capacity(4 * cells),
            coef_pool: Vec::new(),
            cell_props: Lists::default(),
            degree: vec![0; cells],
        };
        // Peers as bit sets first (256 cells at most), then as lists: each group of cells that
        // must differ adds its cells to each of its cells' set.
        let mut peer_bits = vec![[0u64; 4]; cells];
        let mut differ = |group: &[usize]| {
            let bits = bits_of(group.iter().copied());
            for &a in group {
                peer_bits[a] = or(peer_bits[a], bits);
            }
        };
        let units = puzzle.units();
        let mut cell_houses = Vec::with_capacity(3 * cells);
        for unit in &units {
            differ(unit);
            if unit.len() == n {
                for &c in unit {
                    cell_houses.push((c, model.houses.len() as u32));
                }
                model.houses.push(unit.iter().map(|&c| c as u16).collect());
                model.house_bits.push(bits_of(unit.iter().copied()));
            }
        }
        model.cell_houses = Lists::grouped(cells, cell_houses);
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
        // The propagators of arrows with a one-cell bulb.
        let mut arrows = Vec::new();
        // Made only for the rules over every pair of neighbours.
        let orthogonal = std::cell::LazyCell::new(|| -> Vec<(usize, usize)> {
            (0..cells)
                .flat_map(|a| {
                    let right = (a % n + 1 < n).then_some((a, a + 1));
                    let down = (a / n + 1 < n).then_some((a, a + n));
                    right.into_iter().chain(down)
                })
                .collect()
        });
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
                        differ(&[a, b]);
                    }
                }
                Constraint::NonConsecutive => {
                    for &pair in orthogonal.iter() {
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
                    for &pair in orthogonal.iter() {
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
                    for &pair in orthogonal.iter() {
                        if !dotted(pair, &kropki) {
                            relate(pair.0, pair.1, &|d, e| {
                                !values.iter().any(|&r| d.min(e) * r == d.max(e))
                            });
                        }
                    }
                }
                Constraint::NegativeXv => {
                    for &pair in orthogonal.iter() {
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
                    // Compared only with neighbours of the other kind or none (f-puzzles' rule).
                    let same = |other: usize| {
                        constraints.contains(&if min {
                            Constraint::Minimum(other)
                        } else {
                            Constraint::Maximum(other)
                        })
                    };
                    for other in orthogonal_neighbours(*cell, n).filter(|&o| !same(o)) {
                        if min {
                            relate(*cell, other, &|d, e| d < e);
                        } else {
                            relate(*cell, other, &|d, e| d > e);
                        }
                    }
                }
                Constraint::Killer { cells: cage, sum } => {
                    differ(cage);
                    if let Some(sum) = sum {
                        let cells = model.add_cells(cage);
                        model.props.push(Prop::DistinctSum { cells, sum: *sum });
                    }
                }
                Constraint::LittleKiller { clue, sum } => {
                    let line = clue.cells(n);
                    model.push_linear(&line, std::iter::repeat_n(1, line.len()), *sum as i32);
                }
                Constraint::Sandwich { clue, sum } => {
                    let line = model.add_cells(&clue.cells(n));
                    model.props.push(Prop::Sandwich { line, sum: *sum });
                }
                Constraint::XSum { clue, sum } => {
                    let line = model.add_cells(&clue.cells(n));
                    model.props.push(Prop::XSum { line, sum: *sum });
                }
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
                    if k == 1 {
                        arrows.push(model.props.len());
                    }
                    model.push_linear(&cells, coefs, 0);
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
                    differ(line);
                    let cells = model.add_cells(line);
                    model.props.push(Prop::Renban { cells });
                }
                Constraint::Between(line) => {
                    let cells = model.add_cells(line);
                    model.props.push(Prop::Between { cells });
                }
                Constraint::RegionSum(line) => {
                    // A segment is a run of the line's cells in one region: a line that
                    // enters a region twice has two segments there.
                    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
                    for &c in line {
                        let region = puzzle.regions()[c];
                        match groups.last_mut() {
                            Some((r, g)) if *r == region => g.push(c),
                            _ => groups.push((region, vec![c])),
                        }
                    }
                    for (_, other) in groups.iter().skip(1) {
                        let first = &groups[0].1;
                        let cells: Vec<usize> = first.iter().chain(other).copied().collect();
                        let mut coefs = vec![1; first.len()];
                        coefs.extend(std::iter::repeat_n(-1, other.len()));
                        model.push_linear(&cells, coefs, 0);
                    }
                }
                Constraint::Quadruple {
                    cells: block,
                    digits,
                } => model.props.push(Prop::Quadruple {
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
        for (a, bits) in peer_bits.iter_mut().enumerate() {
            bits[a / 64] &= !(1 << (a % 64));
        }
        let count: u32 = peer_bits.iter().flatten().map(|w| w.count_ones()).sum();
        model.peers = Lists::in_order(cells, count as usize, |a, peers| {
            for (w, &word) in peer_bits[a].iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    peers.push((w * 64 + rest.trailing_zeros() as usize) as u16);
                    rest &= rest - 1;
                }
            }
        });
        model.peer_bits = peer_bits;
        let mut pairs: Vec<((usize, usize), Vec<u32>)> = pairs.into_iter().collect();
        pairs.sort_unstable_by_key(|(pair, _)| *pair);
        let mut links = Vec::with_capacity(pairs.len());
        for ((a, b), table) in pairs {
            let t = match model.tables.iter().position(|known| *known == table) {
                Some(t) => t,
                None => {
                    model.tables.push(table);
                    model.tables.len() - 1
                }
            };
            links.push((a, (b as u16, t as u32)));
        }
        model.links = Lists::grouped(cells, links);
        // An arrow whose shaft cells are all peers is a cage whose sum is the bulb's digit:
        // exact support, where a linear sum allows repeats.
        for index in arrows {
            let Prop::Linear { cells: span, .. } = model.props[index] else {
                continue;
            };
            let shaft = &model.span(span)[1..];
            let peers = shaft.iter().enumerate().all(|(i, &a)| {
                shaft[i + 1..].iter().all(|&b| {
                    let (a, b) = (usize::from(a), usize::from(b));
                    model.peer_bits[a][b / 64] >> (b % 64) & 1 != 0
                })
            });
            if peers && n <= EXACT_SIDE {
                model.props[index] = Prop::DistinctSumOf { cells: span };
            }
        }
        model.add_45_rule(puzzle);
        // Numbered by size, so that the engine runs the smallest waiting propagator first.
        let mut props = std::mem::take(&mut model.props);
        props.sort_by_key(|p| model.cells(p).len());
        let mut cell_props = Vec::with_capacity(model.cell_pool.len() + 4 * props.len());
        for (index, prop) in props.iter().enumerate() {
            let cells = model.cells(prop);
            for (i, &cell) in cells.iter().enumerate() {
                if !cells[..i].contains(&cell) {
                    cell_props.push((usize::from(cell), index as u32));
                }
            }
        }
        model.props = props;
        model.cell_props = Lists::grouped(cells, cell_props);
        for cell in 0..cells {
            model.degree[cell] = (model.peers[cell].len()
                + 2 * model.links[cell].len()
                + 3 * model.cell_props[cell].len()) as u32;
        }
        model
    }

    /// The cells of `prop`.
    fn cells<'a>(&'a self, prop: &'a Prop) -> &'a [u16] {
        match prop {
            Prop::Linear { cells, .. }
            | Prop::DistinctSum { cells, .. }
            | Prop::DistinctSumOf { cells }
            | Prop::Renban { cells }
            | Prop::Between { cells }
            | Prop::Sandwich { line: cells, .. }
            | Prop::XSum { line: cells, .. } => self.span(*cells),
            Prop::Quadruple { cells, .. } => cells,
        }
    }

    /// The cells of a propagator.
    pub(crate) fn span(&self, cells: Span) -> &[u16] {
        &self.cell_pool[cells.range()]
    }

    /// The coefficients of a linear sum.
    pub(crate) fn coefs(&self, coefs: Span) -> &[i32] {
        &self.coef_pool[coefs.range()]
    }

    /// Adds the cells of a propagator to the pool.
    fn add_cells(&mut self, cells: &[usize]) -> Span {
        let start = self.cell_pool.len() as u32;
        self.cell_pool.extend(cells.iter().map(|&c| c as u16));
        Span {
            start,
            len: cells.len() as u32,
        }
    }

    /// Adds the linear sum `sum(coefs[i] * cells[i]) == target`.
    fn push_linear(&mut self, cells: &[usize], coefs: impl IntoIterator<Item = i32>, target: i32) {
        let cells = self.add_cells(cells);
        let start = self.coef_pool.len() as u32;
        self.coef_pool.extend(coefs);
        let coefs = Span {
            start,
            len: self.coef_pool.len() as u32 - start,
        };
        self.props.push(Prop::Linear {
            cells,
            coefs,
            target,
        });
    }

    /// The rule of 45 (innies and outies): the cells of a row, column or region, or of a run
    /// of consecutive rows or columns, add up to a known total; the killer cages with sums
    /// inside such an area leave the rest of it (the innies) a known sum, and the cages that
    /// cross it give the cells they hold outside it (the outies) a known sum. Sets of 1 to 5
    /// cells become sum constraints (of different digits when the cells are all peers).
    fn add_45_rule(&mut self, puzzle: &ConstraintPuzzle) {
        let n = self.n;
        // The rule adds up disjoint cages: a cage overlapping one kept before is left out (its
        // cells count as cells of no cage).
        let mut cages: Vec<(Bits, u32)> = Vec::with_capacity(puzzle.constraints().len());
        let mut caged: Bits = [0; 4];
        for constraint in puzzle.constraints() {
            if let Constraint::Killer {
                cells,
                sum: Some(sum),
            } = constraint
            {
                let bits = bits_of(cells.iter().copied());
                if is_empty(and(bits, caged)) {
                    caged = or(caged, bits);
                    cages.push((bits, *sum));
                }
            }
        }
        if cages.is_empty() {
            return;
        }
        let uncaged = without(bits_of(0..n * n), caged);
        // Room for two sets for each run of lines and a few houses and pairs of regions.
        let mut found: Vec<(Bits, u32)> = Vec::with_capacity(2 * (n * n + 3 * n));
        let mut add = |area: Area| {
            let Some(innie_sum) = area.total.checked_sub(area.within) else {
                return;
            };
            let outie_sum = (area.within + area.crossing).checked_sub(area.total);
            let outies = area.covered.then_some((area.outies, outie_sum));
            for (bits, sum) in [(area.innies, Some(innie_sum))].into_iter().chain(outies) {
                let size: u32 = bits.iter().map(|w| w.count_ones()).sum();
                if let Some(sum) = sum
                    && (1..=5).contains(&size)
                {
                    found.push((bits, sum));
                }
            }
        };
        for axis in 0..2 {
            runs_45(n, &cages, uncaged, axis, &mut add);
        }
        // The other houses (rows and columns are runs of one line), and two regions side by
        // side or one above the other.
        let house_total = (n * (n + 1) / 2) as u32;
        let regions = puzzle.regions();
        let mut region_bits: Vec<Bits> = vec![[0; 4]; n];
        for (c, &r) in regions.iter().enumerate() {
            region_bits[usize::from(r)][c / 64] |= 1 << (c % 64);
        }
        let mut touching = vec![false; n * n];
        for c in 0..n * n {
            let (a, right, down) = (regions[c], c + 1, c + n);
            for b in [
                (c % n + 1 < n).then_some(right),
                (down < n * n).then_some(down),
            ]
            .into_iter()
            .flatten()
            .map(|b| regions[b])
            {
                if a != b {
                    touching[usize::from(a.min(b)) * n + usize::from(a.max(b))] = true;
                }
            }
        }
        // The houses begin with the rows and the columns.
        let houses = self.house_bits[2 * n..]
            .iter()
            .map(|&bits| (bits, house_total));
        let pairs = (0..n * n).filter(|&pair| touching[pair]).map(|pair| {
            let (a, b) = (region_bits[pair / n], region_bits[pair % n]);
            (or(a, b), 2 * house_total)
        });
        for (inside, total) in houses.chain(pairs) {
            add(area_45(&cages, uncaged, inside, total));
        }
        let mut seen: HashSet<(Bits, u32), BuildHasherDefault<SetHasher>> =
            HashSet::with_capacity_and_hasher(2 * found.len(), BuildHasherDefault::default());
        for (bits, sum) in found {
            if !seen.insert((bits, sum)) {
                continue;
            }
            // Its cells: at most five.
            let mut cells = [0usize; 5];
            let mut len = 0;
            for (w, &word) in bits.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    cells[len] = w * 64 + rest.trailing_zeros() as usize;
                    len += 1;
                    rest &= rest - 1;
                }
            }
            let set = &cells[..len];
            let peers = set.iter().enumerate().all(|(i, &a)| {
                set[i + 1..]
                    .iter()
                    .all(|&b| self.peer_bits[a][b / 64] >> (b % 64) & 1 != 0)
            });
            if peers {
                let cells = self.add_cells(set);
                self.props.push(Prop::DistinctSum { cells, sum });
            } else {
                self.push_linear(set, std::iter::repeat_n(1, set.len()), sum as i32);
            }
        }
    }
}

/// A set of cells, bit `c` for cell `c` (256 cells at most).
pub(crate) type Bits = [u64; 4];

/// Whether `cell` is in `bits`.
pub(crate) fn has(bits: &Bits, cell: usize) -> bool {
    bits[cell / 64] >> (cell % 64) & 1 != 0
}

fn and(a: Bits, b: Bits) -> Bits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

fn or(a: Bits, b: Bits) -> Bits {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

fn without(a: Bits, b: Bits) -> Bits {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

fn is_empty(a: Bits) -> bool {
    a == [0; 4]
}

pub(crate) fn bits_of(cells: impl IntoIterator<Item = usize>) -> Bits {
    let mut bits = [0; 4];
    for c in cells {
        bits[c / 64] |= 1 << (c % 64);
    }
    bits
}

/// What the rule of 45 needs of an area: its total, the sums of the cages inside it and of
/// those crossing its border, its innies (its cells of no cage or of a crossing cage), the
/// cells of the crossing cages outside it (its outies, known when every cell of the area is
/// caged).
#[derive(Debug, PartialEq)]
struct Area {
    total: u32,
    within: u32,
    crossing: u32,
    innies: Bits,
    outies: Bits,
    covered: bool,
}

/// The area of the cells `inside`, adding up to `total`, by a pass over the cages.
fn area_45(cages: &[(Bits, u32)], uncaged: Bits, inside: Bits, total: u32) -> Area {
    let mut area = Area {
        total,
        within: 0,
        crossing: 0,
        innies: and(inside, uncaged),
        outies: [0; 4],
        covered: is_empty(and(inside, uncaged)),
    };
    for &(bits, sum) in cages {
        let common = and(bits, inside);
        if is_empty(common) {
            continue;
        }
        if common == bits {
            area.within += sum;
        } else {
            area.crossing += sum;
            area.innies = or(area.innies, common);
            area.outies = or(area.outies, without(bits, inside));
        }
    }
    area
}

/// The areas of every run of 1 to `n - 1` consecutive rows (`axis` 0) or columns (`axis`
/// 1). A run holds, crosses or misses a cage by the cage's first and last line alone (a cage
/// whose lines straddle the run without a cell in it crosses it with no innie, which the sums
/// allow), so the sums and cells of the cages by first and by last line, gathered once, give
/// every run's area without a pass over the cages per run. `n` is at most
/// [`MAX_SIZE`](crate::MAX_SIZE).
fn runs_45(
    n: usize,
    cages: &[(Bits, u32)],
    uncaged: Bits,
    axis: usize,
    add: &mut impl FnMut(Area),
) {
    let line_of = |c: usize| if axis == 0 { c / n } else { c % n };
    // Sums of the cages by (first line, last line), by first line and by last line; cells by
    // first and by last line.
    const SIDE: usize = crate::MAX_SIZE;
    let mut span_sum = [0u32; SIDE * SIDE];
    let mut first_sum = [0u32; SIDE];
    let mut last_sum = [0u32; SIDE];
    let mut by_first = [[0u64; 4]; SIDE];
    let mut by_last = [[0u64; 4]; SIDE];
    for &(bits, sum) in cages {
        let (mut lo, mut hi) = (n, 0);
        for (w, &word) in bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let line = line_of(w * 64 + rest.trailing_zeros() as usize);
                (lo, hi) = (lo.min(line), hi.max(line));
                rest &= rest - 1;
            }
        }
        span_sum[lo * n + hi] += sum;
        first_sum[lo] += sum;
        last_sum[hi] += sum;
        by_first[lo] = or(by_first[lo], bits);
        by_last[hi] = or(by_last[hi], bits);
    }
    // Index `x`: the lines before line `x`, or from line `x` on; the cells of the cages that
    // start before it, or end from it on; the sums of the cages that end before it, or start
    // from it on.
    let mut lines_before = [[0u64; 4]; SIDE + 1];
    let mut lines_from = [[0u64; 4]; SIDE + 1];
    let mut starts_before = [[0u64; 4]; SIDE + 1];
    let mut ends_from = [[0u64; 4]; SIDE + 1];
    let mut ends_before_sum = [0u32; SIDE + 1];
    let mut starts_from_sum = [0u32; SIDE + 1];
    for x in 0..n {
        let line = bits_of((0..n).map(|i| if axis == 0 { x * n + i } else { i * n + x }));
        lines_before[x + 1] = or(lines_before[x], line);
        starts_before[x + 1] = or(starts_before[x], by_first[x]);
        ends_before_sum[x + 1] = ends_before_sum[x] + last_sum[x];
    }
    for x in (0..n).rev() {
        lines_from[x] = or(
            lines_from[x + 1],
            without(lines_before[x + 1], lines_before[x]),
        );
        ends_from[x] = or(ends_from[x + 1], by_last[x]);
        starts_from_sum[x] = starts_from_sum[x + 1] + first_sum[x];
    }
    let all = starts_from_sum[0];
    let house_total = (n * (n + 1) / 2) as u32;
    for a in 0..n {
        let mut within = 0;
        for b in a..n {
            // The cages of lines a..=b that end at line b.
            within += (a..=b).map(|lo| span_sum[lo * n + b]).sum::<u32>();
            if b - a == n - 1 {
                continue;
            }
            let run = and(lines_from[a], lines_before[b + 1]);
            add(Area {
                total: house_total * (b - a + 1) as u32,
                within,
                // All cages but those inside, before or after the run.
                crossing: all - within - ends_before_sum[a] - starts_from_sum[b + 1],
                // Cells of the run of no cage, or whose cage starts before it or ends after it.
                innies: and(run, or(uncaged, or(starts_before[a], ends_from[b + 1]))),
                // Cells before the run whose cage reaches it, and after it likewise.
                outies: or(
                    and(lines_before[a], ends_from[a]),
                    and(lines_from[b + 1], starts_before[b + 1]),
                ),
                covered: is_empty(and(run, uncaged)),
            });
        }
    }
}

/// A multiply-and-rotate hash for the cell sets of the rule of 45, which no one picks to
/// collide: cheaper than the default hasher, which guards against that.
#[derive(Default)]
struct SetHasher(u64);

impl Hasher for SetHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517C_C1B7_2722_0A95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Lists of items by number (a cell's peers, say) in one buffer: list `i` is
/// `items[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lists<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T> Lists<T> {
    /// `count` lists made one after the other, `fill(i, items)` pushing the items of list
    /// `i`; `total` items in all, as a hint.
    fn in_order(count: usize, total: usize, mut fill: impl FnMut(usize, &mut Vec<T>)) -> Lists<T> {
        let mut starts = Vec::with_capacity(count + 1);
        let mut items = Vec::with_capacity(total);
        starts.push(0);
        for list in 0..count {
            fill(list, &mut items);
            starts.push(items.len() as u32);
        }
        Lists { starts, items }
    }
}

impl<T: Copy + Default> Lists<T> {
    /// `count` lists from `(list, item)` pairs, each list's items in the pairs' order (a
    /// counting sort).
    fn grouped(count: usize, pairs: Vec<(usize, T)>) -> Lists<T> {
        let mut starts = vec![0u32; count + 1];
        for &(list, _) in &pairs {
            starts[list + 1] += 1;
        }
        for i in 0..count {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut items = vec![T::default(); pairs.len()];
        for (list, item) in pairs {
            items[next[list] as usize] = item;
            next[list] += 1;
        }
        Lists { starts, items }
    }
}

impl<T> std::ops::Index<usize> for Lists<T> {
    type Output = [T];

    fn index(&self, list: usize) -> &[T] {
        &self.items[self.starts[list] as usize..self.starts[list + 1] as usize]
    }
}

/// The odd digits of a board of side `n`.
pub(crate) fn odd_mask(n: usize) -> u32 {
    (0..n).step_by(2).fold(0, |m, i| m | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The areas of runs of lines by the cages' first and last lines are those of a pass over
    /// the cages per run: random connected cages on boards of several sides, with some cells
    /// in no cage.
    #[test]
    fn runs_of_lines_agree_with_a_pass_over_the_cages() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        let mut below = move |bound: usize| (next() % bound as u64) as usize;
        let mut areas = 0;
        for n in [4, 6, 9, 12, 16] {
            for _ in 0..10 {
                // Cages grown from each free cell into free neighbours; some cells stay free.
                let mut free = vec![true; n * n];
                let mut cages: Vec<(Bits, u32)> = Vec::new();
                for start in 0..n * n {
                    if !free[start] || below(6) == 0 {
                        continue;
                    }
                    free[start] = false;
                    let (size, mut cells) = (1 + below(6), vec![start]);
                    for _ in 0..4 * size {
                        let from = cells[below(cells.len())];
                        let next: Vec<usize> = orthogonal_neighbours(from, n)
                            .filter(|&c| free[c])
                            .collect();
                        if cells.len() < size && !next.is_empty() {
                            let c = next[below(next.len())];
                            free[c] = false;
                            cells.push(c);
                        }
                    }
                    cages.push((bits_of(cells), 1 + below(60) as u32));
                }
                let caged = cages.iter().fold([0; 4], |u, &(bits, _)| or(u, bits));
                let uncaged = without(bits_of(0..n * n), caged);
                let total = (n * (n + 1) / 2) as u32;
                for axis in 0..2 {
                    let mut by_runs = Vec::new();
                    runs_45(n, &cages, uncaged, axis, &mut |area| by_runs.push(area));
                    let line = |c: usize| if axis == 0 { c / n } else { c % n };
                    let mut by_pass = Vec::new();
                    for a in 0..n {
                        for b in (a..n).filter(|&b| b - a < n - 1) {
                            let inside =
                                bits_of((0..n * n).filter(|&c| (a..=b).contains(&line(c))));
                            let area = area_45(&cages, uncaged, inside, total * (b - a + 1) as u32);
                            by_pass.push(area);
                        }
                    }
                    assert_eq!(by_runs, by_pass, "n {n}, axis {axis}");
                    areas += by_pass.len();
                }
            }
        }
        assert!(areas > 1000, "{areas}");
    }
}
