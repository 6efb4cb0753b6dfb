//! The search state and its propagation: candidate masks with a trail for undo, a queue of
//! changed cells, a queue of waiting propagators, hidden singles, MRV branching.

use sudoku_core::Meter;

use crate::model::{Model, Prop, bits_of, has};
use crate::sums::{Combos, EXACT_SIDE, cage_support, linear_support};

/// Why propagation stopped: the state has no solution.
pub(crate) struct Contradiction;

pub(crate) type Step<T = ()> = Result<T, Contradiction>;

/// What the search does with each solution it finds.
pub(crate) trait Visit {
    /// Takes a solution (every mask a single digit); `false` stops the search.
    fn solution(&mut self, masks: &[u32]) -> bool;
}

/// The state of one search: masks, the trail that undoes them, the queues.
#[derive(Clone, Debug, Default)]
pub(crate) struct Engine {
    pub(crate) masks: Vec<u32>,
    trail: Vec<(u16, u32)>,
    cell_queue: Vec<u16>,
    queued: Vec<bool>,
    /// The propagators waiting to run, bit `p` for propagator `p`; they are numbered by
    /// size, so the lowest waiting one (taken first) is one of the smallest.
    waiting: Vec<u64>,
    scratch: Vec<u64>,
    keep: Vec<u32>,
    /// What each cell keeps over several supports (an arrow's, one per bulb digit).
    kept: Vec<u32>,
    cell_masks: Vec<u32>,
    /// The propagator running, when it is exact (its own removals cannot enable more, so
    /// they need not wake it again); `u32::MAX` otherwise.
    running: u32,
    pub(crate) nodes: u64,
    pub(crate) guesses: u64,
    pub(crate) meter: Meter,
}

#[inline]
fn single(m: u32) -> bool {
    m & m.wrapping_sub(1) == 0
}

impl Engine {
    /// Sets up the masks of `model` (givens, odd and even) and propagates; `Err` when that
    /// alone finds no solution.
    pub(crate) fn reset(&mut self, model: &Model) -> Step {
        let cells = model.n * model.n;
        self.masks.clear();
        self.masks.resize(cells, model.all);
        self.trail.clear();
        self.cell_queue.clear();
        self.queued.clear();
        self.queued.resize(cells, false);
        self.waiting.clear();
        self.waiting.resize(model.props.len().div_ceil(64), 0);
        for p in 0..model.props.len() {
            self.waiting[p / 64] |= 1 << (p % 64);
        }
        self.running = u32::MAX;
        for cell in 0..cells {
            self.queue(cell);
            self.restrict(model, cell, model.start[cell])?;
        }
        self.propagate(model)
    }

    fn queue(&mut self, cell: usize) {
        if !self.queued[cell] {
            self.queued[cell] = true;
            self.cell_queue.push(cell as u16);
        }
    }

    /// Keeps only `keep` in `cell`'s mask.
    #[inline(always)]
    pub(crate) fn restrict(&mut self, model: &Model, cell: usize, keep: u32) -> Step {
        let old = self.masks[cell];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        self.change(model, cell, old, new)
    }

    /// [`restrict`](Self::restrict) when the mask changes (most calls leave it as it is).
    #[inline(never)]
    fn change(&mut self, model: &Model, cell: usize, old: u32, new: u32) -> Step {
        if new == 0 {
            return Err(Contradiction);
        }
        self.trail.push((cell as u16, old));
        self.masks[cell] = new;
        self.queue(cell);
        for &p in &model.cell_props[cell] {
            if p != self.running {
                self.waiting[p as usize / 64] |= 1 << (p % 64);
            }
        }
        Ok(())
    }

    /// Undoes every change after trail length `mark`, and empties the queues.
    pub(crate) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (cell, old) = self.trail.pop().expect("above the mark");
            self.masks[usize::from(cell)] = old;
        }
        for &cell in &self.cell_queue {
            self.queued[usize::from(cell)] = false;
        }
        self.cell_queue.clear();
        self.waiting.fill(0);
    }

    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Propagates to a fixpoint: peers of placed digits, binary relations, the waiting
    /// propagators, hidden singles.
    pub(crate) fn propagate(&mut self, model: &Model) -> Step {
        loop {
            while let Some(cell) = self.cell_queue.pop() {
                let cell = usize::from(cell);
                self.queued[cell] = false;
                let m = self.masks[cell];
                if single(m) {
                    for &peer in &model.peers[cell] {
                        if self.masks[usize::from(peer)] & m != 0 {
                            self.restrict(model, usize::from(peer), !m)?;
                        }
                    }
                }
                for &(other, t) in &model.links[cell] {
                    let table = &model.tables[t as usize];
                    let mut support = 0;
                    let mut rest = m;
                    while rest != 0 {
                        support |= table[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    self.restrict(model, usize::from(other), support)?;
                }
            }
            if let Some(p) = self.next_waiting() {
                let prop = &model.props[p as usize];
                let exact = match prop {
                    Prop::Linear { .. } | Prop::DistinctSumOf { .. } => true,
                    Prop::DistinctSum { .. } => model.n <= EXACT_SIDE,
                    _ => false,
                };
                self.running = if exact { p } else { u32::MAX };
                let result = self.run(model, prop);
                self.running = u32::MAX;
                result?;
                continue;
            }
            if !self.hidden_singles(model)? {
                return Ok(());
            }
        }
    }

    /// Takes the waiting propagator with the lowest index.
    #[inline]
    fn next_waiting(&mut self) -> Option<u32> {
        for (w, word) in self.waiting.iter_mut().enumerate() {
            if *word != 0 {
                let p = w * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(p as u32);
            }
        }
        None
    }

    /// Places every digit with one place left in a house; whether it placed any.
    fn hidden_singles(&mut self, model: &Model) -> Step<bool> {
        let mut placed = false;
        for house in &model.houses {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = self.masks[usize::from(c)];
                twice |= once & m;
                once |= m;
            }
            if once != model.all {
                return Err(Contradiction);
            }
            let singles = once & !twice;
            if singles == 0 {
                continue;
            }
            for &c in house {
                let m = self.masks[usize::from(c)];
                let hit = m & singles;
                if hit != 0 && !single(m) {
                    if !single(hit) {
                        return Err(Contradiction);
                    }
                    self.restrict(model, usize::from(c), hit)?;
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// Runs one propagator.
    fn run(&mut self, model: &Model, prop: &Prop) -> Step {
        match prop {
            Prop::Linear {
                cells,
                coefs,
                target,
            } => {
                let (cells, coefs) = (model.span(*cells), model.coefs(*coefs));
                let mut masks = std::mem::take(&mut self.cell_masks);
                masks.clear();
                masks.extend(cells.iter().map(|&c| self.masks[usize::from(c)]));
                self.keep.resize(cells.len(), 0);
                let mut keep = std::mem::take(&mut self.keep);
                let found = linear_support(&masks, coefs, *target, &mut keep, &mut self.scratch);
                let result = match found {
                    None => Err(Contradiction),
                    Some(()) => cells
                        .iter()
                        .zip(&keep)
                        .try_for_each(|(&c, &k)| self.restrict(model, usize::from(c), k)),
                };
                self.keep = keep;
                self.cell_masks = masks;
                result
            }
            Prop::DistinctSum { cells, sum } => self.distinct_sum(model, model.span(*cells), *sum),
            Prop::DistinctSumOf { cells } => self.distinct_sum_of(model, model.span(*cells)),
            Prop::Sandwich { line, sum } => self.sandwich(model, model.span(*line), *sum),
            Prop::XSum { line, sum } => self.x_sum(model, model.span(*line), *sum),
            Prop::Renban { cells } => {
                let cells = model.span(*cells);
                let k = cells.len();
                let mut keep = vec![0u32; k];
                let union = cells.iter().fold(0, |u, &c| u | self.masks[usize::from(c)]);
                for start in 0..=model.n - k {
                    let window = ((1u32 << k) - 1) << start;
                    if union & window != window {
                        continue;
                    }
                    if cells
                        .iter()
                        .all(|&c| self.masks[usize::from(c)] & window != 0)
                    {
                        for (kept, &c) in keep.iter_mut().zip(cells) {
                            *kept |= self.masks[usize::from(c)] & window;
                        }
                    }
                }
                self.restrict_all(model, cells, &keep)
            }
            Prop::Between { cells } => {
                let cells = model.span(*cells);
                let k = cells.len();
                let (a, b) = (usize::from(cells[0]), usize::from(cells[k - 1]));
                let middle = &cells[1..k - 1];
                let mut keep = vec![0u32; k];
                let (ma, mb) = (self.masks[a], self.masks[b]);
                for x in digits(ma) {
                    for y in digits(mb) {
                        let (lo, hi) = (x.min(y), x.max(y));
                        if hi < lo + 2 {
                            continue;
                        }
                        let inside = ((1u32 << (hi - 1)) - 1) & !((1u32 << lo) - 1);
                        if middle
                            .iter()
                            .all(|&c| self.masks[usize::from(c)] & inside != 0)
                        {
                            keep[0] |= 1 << (x - 1);
                            keep[k - 1] |= 1 << (y - 1);
                            for (i, &c) in middle.iter().enumerate() {
                                keep[i + 1] |= self.masks[usize::from(c)] & inside;
                            }
                        }
                    }
                }
                self.restrict_all(model, cells, &keep)
            }
            Prop::Quadruple {
                cells,
                digits: required,
            } => {
                let total = required.len();
                let mut set = 0u32;
                for &d in required {
                    let bit = 1u32 << (d - 1);
                    set |= bit;
                    let need = required.iter().filter(|&&e| e == d).count();
                    let places: Vec<u16> = cells
                        .iter()
                        .copied()
                        .filter(|&c| self.masks[usize::from(c)] & bit != 0)
                        .collect();
                    if places.len() < need {
                        return Err(Contradiction);
                    }
                    if places.len() == need {
                        for c in places {
                            self.restrict(model, usize::from(c), bit)?;
                        }
                    }
                }
                if total == 4 {
                    for &c in cells {
                        self.restrict(model, usize::from(c), set)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The different digits of `cells[1..]` adding up to the digit of `cells[0]`: for each
    /// digit the first cell can hold, the exact support of the others as a cage of that sum
    /// (see [`cage_support`]); the first cell keeps the digits with one.
    fn distinct_sum_of(&mut self, model: &Model, cells: &[u16]) -> Step {
        let (total, rest) = (usize::from(cells[0]), &cells[1..]);
        let mut masks = std::mem::take(&mut self.cell_masks);
        masks.clear();
        masks.extend(rest.iter().map(|&c| self.masks[usize::from(c)]));
        let mut keep = std::mem::take(&mut self.keep);
        keep.resize(rest.len(), 0);
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        kept.resize(rest.len(), 0);
        let mut totals = 0;
        let mut digits = self.masks[total];
        while digits != 0 {
            let d = digits.trailing_zeros();
            digits &= digits - 1;
            if cage_support(model.n, &masks, d + 1, &mut keep, &mut self.scratch).is_some() {
                totals |= 1 << d;
                for (k, &digit) in kept.iter_mut().zip(keep.iter()) {
                    *k |= digit;
                }
            }
        }
        self.keep = keep;
        self.cell_masks = masks;
        let result = self
            .restrict(model, total, totals)
            .and_then(|()| self.restrict_all(model, rest, &kept));
        self.kept = kept;
        result
    }

    fn restrict_all(&mut self, model: &Model, cells: &[u16], keep: &[u32]) -> Step {
        for (&c, &k) in cells.iter().zip(keep) {
            self.restrict(model, usize::from(c), k)?;
        }
        Ok(())
    }

    /// A cage of different digits adding up to `sum`. Up to [`EXACT_SIDE`] digits, exactly
    /// (each cell keeps the digits of some assignment, see [`cage_support`]); above, cells keep
    /// the digits of the digit sets that fit (each cell has a candidate in the set, the cells
    /// together can cover it). Then a digit every solution uses, with one place left, goes
    /// there, and with all its places in one house it leaves the rest of that house.
    fn distinct_sum(&mut self, model: &Model, cells: &[u16], sum: u32) -> Step {
        let must = if model.n <= EXACT_SIDE {
            let mut masks = std::mem::take(&mut self.cell_masks);
            masks.clear();
            masks.extend(cells.iter().map(|&c| self.masks[usize::from(c)]));
            let mut keep = std::mem::take(&mut self.keep);
            keep.resize(cells.len(), 0);
            let found = cage_support(model.n, &masks, sum, &mut keep, &mut self.scratch);
            let result = match found {
                None => Err(Contradiction),
                Some(must) => self.restrict_all(model, cells, &keep).map(|()| must),
            };
            self.keep = keep;
            self.cell_masks = masks;
            result?
        } else {
            let union = cells.iter().fold(0, |u, &c| u | self.masks[usize::from(c)]);
            let (mut valid, mut must) = (0u32, u32::MAX);
            'combo: for &combo in Combos::of(model.n).get(cells.len(), sum as usize) {
                if combo & !union != 0 {
                    continue;
                }
                for &c in cells {
                    if self.masks[usize::from(c)] & combo == 0 {
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
                self.restrict(model, usize::from(c), valid)?;
            }
            must
        };
        self.place_required(model, cells, must)
    }

    /// Digits that must go in `cells` (a group of different digits): one place left is a
    /// placement; places all in one house leave the rest of the house.
    fn place_required(&mut self, model: &Model, cells: &[u16], must: u32) -> Step {
        let mut group = None;
        for d in digits(must) {
            let bit = 1u32 << (d - 1);
            let mut places = cells
                .iter()
                .copied()
                .filter(|&c| self.masks[usize::from(c)] & bit != 0);
            let Some(first) = places.next() else {
                return Err(Contradiction);
            };
            let Some(second) = places.next() else {
                self.restrict(model, usize::from(first), bit)?;
                continue;
            };
            // Houses holding the first two places; keep those holding every place.
            for &h in &model.cell_houses[usize::from(first)] {
                let house = &model.house_bits[h as usize];
                if !has(house, usize::from(second)) {
                    continue;
                }
                let all_in = cells.iter().all(|&c| {
                    let c = usize::from(c);
                    self.masks[c] & bit == 0 || has(house, c)
                });
                if all_in {
                    let group =
                        group.get_or_insert_with(|| bits_of(cells.iter().map(|&c| usize::from(c))));
                    for &other in &model.houses[h as usize] {
                        let other = usize::from(other);
                        if self.masks[other] & bit != 0 && !has(group, other) {
                            self.restrict(model, other, !bit)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The digits between the 1 and the largest digit of `line` add up to `sum`.
    fn sandwich(&mut self, model: &Model, line: &[u16], sum: u32) -> Step {
        let n = model.n;
        let (one, top) = (1u32, 1u32 << (n - 1));
        let ends = one | top;
        let masks: Vec<u32> = line.iter().map(|&c| self.masks[usize::from(c)]).collect();
        let mut keep = vec![0u32; n];
        let mut inner = vec![0u32; n];
        for i in 0..n {
            if masks[i] & one == 0 {
                continue;
            }
            for j in 0..n {
                if i == j || masks[j] & top == 0 {
                    continue;
                }
                let (lo, hi) = (i.min(j), i.max(j));
                // The other cells hold neither end digit.
                let others_ok = (0..n).all(|x| x == i || x == j || masks[x] & !ends != 0);
                if !others_ok {
                    continue;
                }
                let between: Vec<u32> = masks[lo + 1..hi].iter().map(|&m| m & !ends).collect();
                let fits = if between.is_empty() {
                    sum == 0
                } else {
                    inner.resize(between.len(), 0);
                    distinct_sum_support(n, &between, sum, &mut inner, &mut self.scratch)
                };
                if !fits {
                    continue;
                }
                keep[i] |= one;
                keep[j] |= top;
                for x in 0..n {
                    if x > lo && x < hi {
                        keep[x] |= inner[x - lo - 1];
                    } else if x != i && x != j {
                        keep[x] |= masks[x] & !ends;
                    }
                }
            }
        }
        self.restrict_all(model, line, &keep)
    }

    /// The first X digits of `line` add up to `sum`, X being the first digit.
    fn x_sum(&mut self, model: &Model, line: &[u16], sum: u32) -> Step {
        let n = model.n;
        let masks: Vec<u32> = line.iter().map(|&c| self.masks[usize::from(c)]).collect();
        let mut keep = vec![0u32; n];
        let mut inner = vec![0u32; n];
        for x in digits(masks[0]) {
            let x = x as usize;
            let rest = sum as i32 - x as i32;
            let fits = if x == 1 {
                rest == 0
            } else {
                // The first X cells of a row or column hold different digits, the first X.
                inner.resize(x - 1, 0);
                let others: Vec<u32> = masks[1..x].iter().map(|&m| m & !(1 << (x - 1))).collect();
                rest >= 0
                    && distinct_sum_support(n, &others, rest as u32, &mut inner, &mut self.scratch)
            };
            if !fits {
                continue;
            }
            keep[0] |= 1 << (x - 1);
            for i in 1..n {
                keep[i] |= if i < x { inner[i - 1] } else { masks[i] };
            }
        }
        self.restrict_all(model, line, &keep)
    }

    /// Depth-first search from a propagated state, branching on the cell with the fewest
    /// candidates (ties to the most constrained). `false` when the visitor or the budget
    /// stopped it.
    pub(crate) fn search(&mut self, model: &Model, visit: &mut dyn Visit) -> bool {
        let mut best = usize::MAX;
        let mut best_score = u64::MAX;
        for (cell, &m) in self.masks.iter().enumerate() {
            if single(m) {
                continue;
            }
            let score = (u64::from(m.count_ones()) << 32) - u64::from(model.degree[cell]);
            if score < best_score {
                best_score = score;
                best = cell;
            }
        }
        if best == usize::MAX {
            return visit.solution(&self.masks);
        }
        let mark = self.mark();
        let mut rest = self.masks[best];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if !self.meter.spend() {
                self.undo(mark);
                return false;
            }
            self.nodes += 1;
            self.guesses += 1;
            let ok = self.restrict(model, best, bit).is_ok() && self.propagate(model).is_ok();
            let go_on = !ok || self.search(model, visit);
            self.undo(mark);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Support of different digits (cells of one row or column) among `masks` adding up to
/// `sum`, into `keep`: exact with the digit-set rule up to [`EXACT_SIDE`], by sums alone above.
/// Whether any assignment fits.
fn distinct_sum_support(
    n: usize,
    masks: &[u32],
    sum: u32,
    keep: &mut [u32],
    scratch: &mut Vec<u64>,
) -> bool {
    if n <= EXACT_SIDE {
        cage_support(n, masks, sum, keep, scratch).is_some()
    } else {
        let coefs = vec![1; masks.len()];
        linear_support(masks, &coefs, sum as i32, keep, scratch).is_some()
    }
}

/// The digits (1-based) of a mask.
pub(crate) fn digits(mut m: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Constraint, ConstraintPuzzle};

    use super::*;

    /// An arrow whose shaft cells are peers sums different digits: on 4x4, a shaft of two
    /// cells in one column makes at least 1 + 2, so the root leaves the bulb 3 and 4 (a
    /// plain linear sum would leave it 2 too, from 1 + 1).
    #[test]
    fn an_arrow_with_a_shaft_of_peers_sums_different_digits() {
        let mut puzzle = ConstraintPuzzle::new(4).unwrap();
        // Bulb r1c2, shaft r2c2 and r3c2.
        let arrow = Constraint::Arrow {
            bulb: vec![1],
            shaft: vec![5, 9],
        };
        puzzle.add(arrow).unwrap();
        let model = Model::build(&puzzle);
        let mut engine = Engine::default();
        assert!(engine.reset(&model).is_ok());
        assert_eq!(engine.masks[1], 0b1100);
        assert_eq!(engine.masks[5] | engine.masks[9], 0b0111);
    }
}
