//! The propagation of assumptions (Sudoku Explainer's `doChaining`), on a board that does not
//! change (with the links worked out for it) or, for the dynamic rules, on one each
//! elimination is made on as the propagation goes.

use super::links::{RegionPlaces, off_targets, on_to_off};
use super::{Cause, ChainRule, Chainer, Outcome, Pot, cell_of, digit_of, pot};
use crate::logic::board::{Board, REGION_OF, cells128, digits};

impl Chainer {
    /// Sudoku Explainer's `doChaining`: propagates the candidates in the outcome's sets (on
    /// first, one at a time), dynamic rules eliminating on `grid` as they go (undone at the
    /// end), until nothing new follows or a candidate is both on and off.
    ///
    /// Each propagation is a node of the search's meter ([`Chainer::tick`]): once it runs
    /// out, propagations follow nothing, so the search ends soon, finding nothing the caller
    /// may keep (it reads the meter).
    pub(super) fn propagate(
        &mut self,
        grid: &mut Board,
        rule: ChainRule,
        outcome: Outcome,
    ) -> Outcome {
        if !self.tick() {
            return outcome;
        }
        if rule.dynamic {
            self.propagate_as::<true>(grid, rule, outcome)
        } else {
            self.propagate_as::<false>(grid, rule, outcome)
        }
    }

    /// [`Chainer::propagate`] for dynamic rules or not (`CHANGING`: `rule.dynamic`), each
    /// compiled apart.
    fn propagate_as<const CHANGING: bool>(
        &mut self,
        grid: &mut Board,
        rule: ChainRule,
        mut outcome: Outcome,
    ) -> Outcome {
        debug_assert_eq!(CHANGING, rule.dynamic);
        let source = *grid;
        // The dynamic rules change the board as they go: its region places change with it.
        let mut places = self.places;
        debug_assert!(!CHANGING || places.0 == RegionPlaces::of(grid).0);
        let cell_links = !rule.nishio;
        // Boards that do not change during the search use the links worked out for it.
        let links = (!CHANGING).then(|| std::mem::take(&mut self.links));
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        let mut offs = std::mem::take(&mut self.offs);
        let mut targets = std::mem::take(&mut self.ons);
        pending_on.clear();
        pending_off.clear();
        let set = &self.sets[outcome.on];
        pending_on.extend(set.order.iter().map(|&p| (set.node[p as usize], p)));
        let set = &self.sets[outcome.off];
        pending_off.extend(set.order.iter().map(|&p| (set.node[p as usize], p)));
        'outer: while !pending_on.is_empty() || !pending_off.is_empty() {
            if let Some((p, pp)) = pending_on.pop_front() {
                let list: &[(Pot, Cause)] = match &links {
                    Some(links) => links.on_to_off(pp),
                    None => {
                        offs.clear();
                        on_to_off(grid, pp, cell_links, &mut offs);
                        &offs
                    }
                };
                for &(q, cause) in list {
                    if let Some(conj) = self.sets[outcome.on].get(q) {
                        let n = self.node(q, false, cause, Some(p), &[]);
                        outcome.absurd = Some((conj, n));
                        break 'outer;
                    } else if !self.sets[outcome.off].contains(q) {
                        let n = self.node(q, false, cause, Some(p), &[]);
                        self.sets[outcome.off].insert(q, n);
                        pending_off.push_back((n, q));
                    }
                }
            } else if let Some((p, pp)) = pending_off.pop_front() {
                let list: &[(Pot, Cause)] = match &links {
                    Some(links) => links.off_to_on(pp),
                    None => {
                        targets.clear();
                        off_targets(grid, &places, pp, cell_links, &mut targets);
                        &targets
                    }
                };
                for &(q, cause) in list {
                    let conj = self.sets[outcome.off].get(q);
                    if conj.is_none() && self.sets[outcome.on].contains(q) {
                        continue;
                    }
                    // The eliminations that made q single, while `grid` still has pp.
                    let (hs, hl) = if CHANGING {
                        self.hidden_parents(grid, &source, outcome.off, q, cause)
                    } else {
                        (0, 0)
                    };
                    let n = self.node_hidden(q, true, cause, p, hs, hl);
                    if let Some(conj) = conj {
                        outcome.absurd = Some((n, conj));
                        break 'outer;
                    }
                    self.sets[outcome.on].insert(q, n);
                    pending_on.push_back((n, q));
                }
                if CHANGING {
                    grid.remove(cell_of(pp), digit_of(pp));
                    places.remove(cell_of(pp), digit_of(pp));
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() && rule.level > 0 {
                if self.meter.is_exhausted() {
                    // A nested search ran the meter out: what follows is not kept.
                    break;
                }
                for n in self.advanced(grid, &source, rule, outcome.off) {
                    let q = self.nodes[n as usize].pot;
                    if self.sets[outcome.off].insert(q, n) {
                        pending_off.push_back((n, q));
                    }
                }
            }
        }
        self.pending_on = pending_on;
        self.pending_off = pending_off;
        self.offs = offs;
        self.ons = targets;
        if let Some(links) = links {
            self.links = links;
        }
        *grid = source;
        outcome
    }

    /// The eliminations (from `source` to `grid`, looked up in `off_set`) that leave `q` the
    /// last candidate of its cell (`Cause::Cell`) or the last place of its digit in the region
    /// of `cause`, appended to the hidden-parent buffer: `(start, len)` there.
    fn hidden_parents(
        &mut self,
        grid: &Board,
        source: &Board,
        off_set: usize,
        q: Pot,
        cause: Cause,
    ) -> (u32, u32) {
        self.hidden.clear();
        let cell = cell_of(q);
        let digit = digit_of(q);
        let offs = &self.sets[off_set];
        match cause {
            Cause::Cell => {
                self.hidden.extend(
                    digits(source.cands[cell] & !grid.cands[cell])
                        .filter_map(|d| offs.get(pot(cell, d))),
                );
            }
            Cause::Region(kind) => {
                let region = REGION_OF[kind as usize][cell] as usize;
                let removed = source.places_set(kind as usize, region, digit)
                    & !grid.places_set(kind as usize, region, digit);
                self.hidden
                    .extend(cells128(removed).filter_map(|c| offs.get(pot(c, digit))));
            }
            _ => {}
        }
        (0, self.hidden.len() as u32)
    }
}
