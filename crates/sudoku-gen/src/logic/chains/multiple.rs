//! Multiple chains: Nishio, cell and region forcing chains and the binary (contradiction and
//! double) forcing chains of the dynamic rules, each from several assumptions whose
//! propagations are compared.

use sudoku_core::Unit;

use super::links::RegionPlaces;
use super::{
    ALL_CELLS, Candidate, Cause, ChainRule, Chainer, Collector, KINDS, Kind, Outcome, Pot, cell_of,
    digit_of, pot,
};
use crate::logic::board::{Board, REGION_OF, bit, cells128, digits};

impl Chainer {
    /// The propagation of `p` on, from memory when it was made before in this search.
    fn on_outcome(&mut self, grid: &mut Board, rule: ChainRule, p: Pot) -> Outcome {
        if self.memo.is_empty() {
            // Made on the first use: most paths never get this far.
            self.memo.resize(729, None);
        }
        if let Some(outcome) = self.memo[p as usize] {
            return outcome;
        }
        let outcome = self.assume(grid, rule, p, true);
        self.memo[p as usize] = Some(outcome);
        self.memoised.push(p);
        outcome
    }

    /// The propagation of `p` made `on` (or off), in two new sets.
    fn assume(&mut self, grid: &mut Board, rule: ChainRule, p: Pot, on: bool) -> Outcome {
        let outcome = Outcome {
            on: self.new_set(),
            off: self.new_set(),
            absurd: None,
        };
        let start = self.node(p, on, Cause::Start, None, &[]);
        self.sets[if on { outcome.on } else { outcome.off }].insert(p, start);
        self.propagate(grid, rule, outcome)
    }

    pub(super) fn multiple_chains(&mut self, b: &Board, collector: &mut Collector<'_>) {
        let rule = collector.rule;
        let mut grid = *b;
        self.reset();
        // On a board that does not change, an assumption's conclusions are known before it
        // is propagated: the static rule gives hints only through conclusions every
        // assumption of a cell or region shares, and propagates nothing else.
        let known = !rule.dynamic;
        if known {
            self.build_reach(b, true, true, 0x1ff, ALL_CELLS);
        } else {
            self.places = RegionPlaces::of(b);
        }
        let mut contradictions = 0u16;
        for cell in 0..81 {
            if b.values[cell] != 0 {
                continue;
            }
            let count = b.count(cell);
            if !(count > 2 || (count > 1 && rule.dynamic)) {
                continue;
            }
            let cell_chains = !rule.nishio
                && (count == 2 || rule.multiple)
                && (!known || self.share_conclusion(digits(b.cands[cell]).map(|d| pot(cell, d))));
            let mut outcomes: Vec<Outcome> = Vec::new();
            let cell_on = self.new_set();
            let cell_off = self.new_set();
            for digit in digits(b.cands[cell]) {
                let p = pot(cell, digit);
                let double = count >= 3 && !rule.nishio && rule.dynamic;
                let contradiction = rule.dynamic || rule.nishio;
                // Without contradictions or double conclusions, binary chaining finds
                // nothing: the static rule skips it. Nishio's chains keep to one digit: one
                // whose places are those it found no contradiction in before is skipped.
                let d = digit as usize - 1;
                let quiet = rule.nishio && self.nishio_quiet[d] == Some(b.digit_cells[d]);
                if !known
                    && !quiet
                    && self.binary_chaining(&mut grid, collector, p, double, contradiction)
                {
                    contradictions |= bit(digit);
                }
                if !rule.nishio {
                    self.region_chainings(&mut grid, collector, cell, digit);
                }
                if cell_chains {
                    outcomes.push(self.on_outcome(&mut grid, rule, p));
                }
            }
            if cell_chains {
                self.common_of((cell_on, cell_off), &outcomes);
                self.reductions(
                    b,
                    collector,
                    Kind::Cell,
                    Cause::Cell,
                    None,
                    cell_on,
                    cell_off,
                    &outcomes,
                );
            }
            self.release(cell_on);
            self.release(cell_off);
        }
        if rule.nishio {
            for digit in 1..=9u8 {
                let d = digit as usize - 1;
                if contradictions & bit(digit) == 0 {
                    self.nishio_quiet[d] = Some(b.digit_cells[d]);
                }
            }
        }
    }

    /// The hints of conclusions every assumption leads to (cell or region forcing chains):
    /// the candidates of `on_common` turned on and of `off_common` turned off by every one of
    /// `outcomes`.
    #[allow(clippy::too_many_arguments)]
    fn reductions(
        &mut self,
        b: &Board,
        collector: &mut Collector<'_>,
        kind: Kind,
        start: Cause,
        unit: Option<Unit>,
        on_common: usize,
        off_common: usize,
        outcomes: &[Outcome],
    ) {
        let mut targets: Vec<u32> = Vec::with_capacity(outcomes.len());
        for (set, on) in [(on_common, true), (off_common, false)] {
            for i in 0..self.sets[set].order.len() {
                let q = self.sets[set].order[i];
                let cell = cell_of(q);
                let digit = digit_of(q);
                if on && b.count(cell) < 2 {
                    continue;
                }
                targets.clear();
                for o in outcomes {
                    let s = if on { o.on } else { o.off };
                    targets.push(self.sets[s].get(q).expect("in every outcome"));
                }
                if !self.may_keep(collector, kind, &targets) {
                    continue;
                }
                let flat = targets.iter().map(|&t| self.ancestors(t)).sum();
                let candidate = Candidate {
                    kind,
                    start,
                    targets: &targets,
                    flat,
                    result: Some(targets[0]),
                    unit,
                };
                self.offer(collector, candidate, || {
                    if on {
                        digits(b.cands[cell] & !bit(digit))
                            .map(|d| (cell, d))
                            .collect()
                    } else {
                        vec![(cell, digit)]
                    }
                });
            }
        }
    }

    /// Fills the sets `common` (on, off) with what every one of `outcomes` turns on and off,
    /// in the order of the first, with its nodes.
    fn common_of(&mut self, (on, off): (usize, usize), outcomes: &[Outcome]) {
        let mut kept = std::mem::take(&mut self.kept);
        for (common, on) in [(on, true), (off, false)] {
            let pick = |o: &Outcome| if on { o.on } else { o.off };
            let first = &self.sets[pick(&outcomes[0])];
            debug_assert!(
                first
                    .order
                    .windows(2)
                    .all(|w| first.node[w[0] as usize] < first.node[w[1] as usize]),
                "a set is filled in the order its nodes are made"
            );
            // The smallest set is walked; what every set holds is put in the first one's
            // order, which is that of its nodes (made as it was filled).
            let smallest = outcomes
                .iter()
                .map(|o| &self.sets[pick(o)])
                .min_by_key(|s| s.order.len())
                .expect("outcomes");
            kept.clear();
            for &p in &smallest.order {
                if outcomes.iter().all(|o| self.sets[pick(o)].contains(p)) {
                    kept.push((p, first.node[p as usize]));
                }
            }
            kept.sort_unstable_by_key(|&(_, n)| n);
            let set = &mut self.sets[common];
            set.clear();
            for &(p, n) in &kept {
                set.insert(p, n);
            }
        }
        self.kept = kept;
    }

    /// Offers the binary chain whose two sides end in `targets` (a contradiction when
    /// `absurd`, else two sides that agree), proving `result` when it places a digit.
    fn offer_binary(
        &mut self,
        collector: &mut Collector<'_>,
        absurd: bool,
        targets: [u32; 2],
        result: Option<u32>,
        removals: impl FnOnce() -> Vec<(usize, u8)>,
    ) {
        let flat = self.ancestors(targets[0]) + self.ancestors(targets[1]);
        let candidate = Candidate {
            kind: Kind::Binary { absurd },
            start: Cause::Start,
            targets: &targets,
            flat,
            result,
            unit: None,
        };
        self.offer(collector, candidate, removals);
    }

    /// Sudoku Explainer's `doBinaryChaining`: `p` on and `p` off, each propagated; a
    /// contradiction proves the other; what both imply holds. Returns whether either side
    /// ran into a contradiction.
    fn binary_chaining(
        &mut self,
        grid: &mut Board,
        collector: &mut Collector<'_>,
        p: Pot,
        double: bool,
        contradiction: bool,
    ) -> bool {
        let rule = collector.rule;
        let b = *grid;
        let cell = cell_of(p);
        let digit = digit_of(p);
        let on = self.on_outcome(grid, rule, p);
        if contradiction
            && let Some((a, c)) = on
                .absurd
                .filter(|&(a, c)| self.may_keep(collector, Kind::Binary { absurd: true }, &[a, c]))
        {
            self.offer_binary(collector, true, [a, c], None, || vec![(cell, digit)]);
        }
        let off = self.assume(grid, rule, p, false);
        if contradiction
            && let Some((a, c)) = off
                .absurd
                .filter(|&(a, c)| self.may_keep(collector, Kind::Binary { absurd: true }, &[a, c]))
        {
            let result = self.node(p, true, Cause::Start, None, &[]);
            self.offer_binary(collector, true, [a, c], Some(result), || {
                digits(b.cands[cell] & !bit(digit))
                    .map(|d| (cell, d))
                    .collect()
            });
        }
        if double {
            for (from, to, placing) in [(on.on, off.on, true), (on.off, off.off, false)] {
                for i in 0..self.sets[from].order.len() {
                    let q = self.sets[from].order[i];
                    let Some(from_off) = self.sets[to].get(q) else {
                        continue;
                    };
                    let from_on = self.sets[from].get(q).expect("listed");
                    let (c, d) = (cell_of(q), digit_of(q));
                    if placing && b.count(c) < 2 {
                        continue;
                    }
                    let kind = Kind::Binary { absurd: false };
                    if !self.may_keep(collector, kind, &[from_on, from_off]) {
                        continue;
                    }
                    let targets = [from_on, from_off];
                    self.offer_binary(collector, false, targets, Some(from_on), || {
                        if placing {
                            digits(b.cands[c] & !bit(d)).map(|x| (c, x)).collect()
                        } else {
                            vec![(c, d)]
                        }
                    });
                }
            }
        }
        self.release(off.on);
        self.release(off.off);
        on.absurd.is_some() || off.absurd.is_some()
    }

    /// Sudoku Explainer's `doRegionChainings`: for each region where `cell` is the first place
    /// of `digit`, every place of the digit assumed in turn.
    fn region_chainings(
        &mut self,
        grid: &mut Board,
        collector: &mut Collector<'_>,
        cell: usize,
        digit: u8,
    ) {
        let rule = collector.rule;
        let b = *grid;
        for kind in KINDS {
            let region = REGION_OF[kind][cell] as usize;
            let places = b.places_set(kind, region, digit);
            let count = places.count_ones();
            if !(count == 2 || (rule.multiple && count > 2)) {
                continue;
            }
            if places.trailing_zeros() as usize != cell {
                continue;
            }
            if !rule.dynamic && !self.share_conclusion(cells128(places).map(|c| pot(c, digit))) {
                continue;
            }
            let region_on = self.new_set();
            let region_off = self.new_set();
            let mut outcomes: Vec<Outcome> = Vec::new();
            // `cell` is the first place.
            for other in cells128(places) {
                outcomes.push(self.on_outcome(grid, rule, pot(other, digit)));
            }
            self.common_of((region_on, region_off), &outcomes);
            let unit = Some(crate::logic::unit_of(kind, region));
            let start = Cause::Region(kind as u8);
            self.reductions(
                &b,
                collector,
                Kind::Region,
                start,
                unit,
                region_on,
                region_off,
                &outcomes,
            );
            self.release(region_on);
            self.release(region_off);
        }
    }
}
