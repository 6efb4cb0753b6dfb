//! Cycles and forcing X-, Y- and XY-chains (Sudoku Explainer's unary chains): breadth-first
//! searches over the links of a board that does not change, from every candidate in turn.

use super::trail::Turned;
use super::{
    ALL_CELLS, Candidate, Cause, Chainer, Collector, Kind, NONE, Pot, base_difficulty, cell_of,
    digit_of, length_difficulty, pot,
};
use crate::logic::board::{Board, PEER_MASK, bit, cells128, digits};

/// The passes of unary chains (cell links, region links) that work out the reachability
/// first.
const CLOSURE_PASSES: [(bool, bool); 2] = [(false, true), (true, true)];

impl Chainer {
    /// One pass of cycles and forcing X- or Y-chains (`y`: through cells, `x`: through
    /// regions) from every candidate in turn.
    ///
    /// The X pass keeps to one digit a chain: a digit whose places are those it found nothing
    /// from before, searched as deep, is skipped.
    pub(super) fn unary_pass(
        &mut self,
        b: &Board,
        y: bool,
        x: bool,
        collector: &mut Collector<'_>,
    ) {
        let base = if x && y { 7.0 } else { 6.5 };
        let key = Kind::Cycle { x, y }.sort_key();
        // A pass whose hints would all be harder than one found is skipped.
        let Some(longest) = collector.longest(base, key) else {
            return;
        };
        let x_only = x && !y;
        // For each digit whose places are those the X pass found nothing from, how long the
        // chains it looked for then were; the digits it would skip at every length this pass
        // can keep.
        let known: [Option<u16>; 9] = std::array::from_fn(|i| {
            self.x_quiet[i]
                .filter(|&(places, _)| x_only && places == b.digit_cells[i])
                .map(|(_, deep)| deep)
        });
        let wanted = (1..=9u8)
            .filter(|&d| known[d as usize - 1].is_none_or(|deep| longest > deep))
            .fold(0u16, |m, d| m | bit(d));
        self.links.use_links(y, x);
        // What each assumption can lead to, to skip the searches that would find nothing:
        // not worth working out for the Y pass (few starts, short searches). The X pass
        // leaves out the digits it skips: its links keep to one digit.
        // The Y pass goes from cells with two candidates to cells with two candidates only.
        let cells = if x {
            ALL_CELLS
        } else {
            (0..81)
                .filter(|&c| b.count(c) == 2)
                .fold(0u128, |m, c| m | 1 << c)
        };
        self.build_reach(b, false, CLOSURE_PASSES.contains(&(y, x)), wanted, cells);
        let mut found_digits = 0u16;
        let mut depths = [u16::MAX; 9];
        for cell in 0..81 {
            // Without region links a chain leaves a cell through its other candidate: one
            // with more than two starts none.
            if b.values[cell] != 0 || b.count(cell) <= 1 || (!x && b.count(cell) > 2) {
                continue;
            }
            for d in digits(b.cands[cell] & wanted) {
                let i = d as usize - 1;
                // The bound as the hints found so far leave it.
                let longest = collector.longest(base, key);
                if x_only {
                    let depth = longest.unwrap_or(0);
                    depths[i] = depths[i].min(depth);
                    if known[i].is_some_and(|deep| depth <= deep) {
                        continue;
                    }
                }
                let Some(longest) = longest else {
                    continue;
                };
                if self.unary_chaining(b, pot(cell, d), longest, y, x, collector) {
                    found_digits |= bit(d);
                }
            }
        }
        if x_only {
            // A digit left out keeps its record; one searched is quiet to the least length its
            // starts were searched (or skipped) for.
            for d in digits(wanted) {
                let i = d as usize - 1;
                self.x_quiet[i] =
                    (found_digits & bit(d) == 0).then_some((b.digit_cells[i], depths[i]));
            }
        }
    }

    /// Cycles and forcing chains from `start`, of at most `longest` candidates: whether any
    /// was found (kept or not).
    fn unary_chaining(
        &mut self,
        b: &Board,
        start: Pot,
        longest: u16,
        y: bool,
        x: bool,
        collector: &mut Collector<'_>,
    ) -> bool {
        // A cycle through the start on passes through another candidate on, in the same
        // strongly connected part of the implications, and comes back from a candidate
        // that turns the start on (which the start off turns on). A forcing chain from the
        // start on ends in a candidate on that turns the start off.
        let on = self.dense[start as usize * 2];
        let closure = self.closure;
        let cycles_possible =
            self.links.turns_on(start) && (!closure || self.reach.cycles_with_others(on));
        let chains_on = x
            && (!closure
                || self.links.on_to_off(start).iter().any(|&(q, _)| {
                    let q_on = self.dense[q as usize * 2];
                    q_on != NONE && self.reach.reaches(on, q_on)
                }));
        let chains_off = x && (!closure || self.implies(start, false, start));
        if !cycles_possible && !chains_on && !chains_off {
            return false;
        }
        if !self.tick() {
            return false;
        }
        // The nodes of the search before are no longer needed.
        self.reset();
        let source = self.node(start, true, Cause::Start, None, &[]);
        let mut cycles = Vec::new();
        let mut chains: Vec<u32> = Vec::new();
        // Forcing chains run with region links only (Sudoku Explainer looks for them in its
        // X and XY passes); from the start on, the cycle search finds them too.
        if cycles_possible || chains_on {
            self.cycles(source, longest, &mut cycles, x.then_some(&mut chains));
        }
        if chains_off {
            let off = self.node(start, false, Cause::Start, None, &[]);
            self.forcing_chains(off, longest, &mut chains);
        }
        let found = !cycles.is_empty() || !chains.is_empty();
        for dst_on in cycles {
            // Unary chains rest on nothing nested: the length is the cycle's. Each node has one
            // parent and a path repeats no candidate but the start, where it closes: as many
            // candidates as steps.
            let flat = u32::from(self.nodes[dst_on as usize].depth);
            debug_assert_eq!(flat, self.ancestors(dst_on));
            let kind = Kind::Cycle { x, y };
            let difficulty = base_difficulty(collector.rule, kind) + length_difficulty(flat);
            if !collector.wants(difficulty, flat, kind) {
                continue;
            }
            // The cells of the cycle, and the candidates both of its directions turn off:
            // the peers of its candidates on (forward) and off (backward), outside it.
            let mut cells = 0u128;
            let mut at = dst_on;
            while let Some(up) = self.first_parent(at) {
                cells |= 1 << cell_of(self.nodes[at as usize].pot);
                at = up;
            }
            let mut forward = [0u128; 9];
            let mut backward = [0u128; 9];
            let mut at = dst_on;
            while let Some(up) = self.first_parent(at) {
                let node = self.nodes[at as usize];
                let d = digit_of(node.pot) as usize - 1;
                let seen = PEER_MASK[cell_of(node.pot)] & b.digit_cells[d] & !cells;
                if node.on {
                    forward[d] |= seen;
                } else {
                    backward[d] |= seen;
                }
                at = up;
            }
            let cancel: [u128; 9] = std::array::from_fn(|d| forward[d] & backward[d]);
            if cancel.iter().all(|&c| c == 0) {
                continue;
            }
            let dst_off = if collector.context.is_some() {
                self.reversed_cycle(dst_on)
            } else {
                // Only nested chains look at the reversed cycle (for what it rests on).
                dst_on
            };
            let candidate = Candidate {
                kind,
                start: Cause::Start,
                targets: &[dst_on, dst_off],
                flat,
                result: None,
                unit: None,
            };
            self.offer(collector, candidate, || {
                let mut removals: Vec<(usize, u8)> = (0..9)
                    .flat_map(|d| cells128(cancel[d]).map(move |c| (c, d as u8 + 1)))
                    .collect();
                removals.sort_unstable();
                removals
            });
        }
        for target in chains {
            let node = self.nodes[target as usize];
            let cell = cell_of(node.pot);
            let digit = digit_of(node.pot);
            if node.on && b.count(cell) < 2 {
                continue;
            }
            // One parent a node, no candidate twice on a path: one candidate more than steps.
            let flat = u32::from(self.nodes[target as usize].depth) + 1;
            debug_assert_eq!(flat, self.ancestors(target));
            let candidate = Candidate {
                kind: Kind::Forcing { x, y },
                start: Cause::Start,
                targets: &[target],
                flat,
                result: Some(target),
                unit: None,
            };
            self.offer(collector, candidate, || {
                if node.on {
                    digits(b.cands[cell] & !bit(digit))
                        .map(|d| (cell, d))
                        .collect()
                } else {
                    vec![(cell, digit)]
                }
            });
        }
        found
    }

    /// The cycle read backwards: the same candidates with the opposite polarity, each
    /// implied by the one after it.
    fn reversed_cycle(&mut self, dst_on: u32) -> u32 {
        let mut path = vec![dst_on];
        let mut at = dst_on;
        while let Some(up) = self.first_parent(at) {
            path.push(up);
            at = up;
        }
        // path: dst_on, ..., the start. Reversed: the start's opposite rests on the next
        // one's opposite, ..., dst_on's opposite on nothing.
        let mut prev: Option<u32> = None;
        for &n in &path {
            let node = self.nodes[n as usize];
            prev = Some(self.node(node.pot, !node.on, node.cause, prev, &[]));
        }
        prev.expect("a cycle has candidates")
    }

    /// Sudoku Explainer's `doCycles`: breadth first from `source`, layer by layer, the
    /// candidates off not deduplicated (each path to one counts), looking for the source on
    /// again, for cycles and chains of at most `longest` candidates. Uses the links built for
    /// this search. A candidate off gets a node only when something rests on it.
    ///
    /// With `chains`, it also collects what the forcing chains from the same assumption find
    /// (the start turned off): their search is the same breadth-first walk, candidate for
    /// candidate (the repeats kept here only close cycles), so one walk does both.
    pub(super) fn cycles(
        &mut self,
        source: u32,
        longest: u16,
        cycles: &mut Vec<u32>,
        mut chains: Option<&mut Vec<u32>>,
    ) {
        let links = std::mem::take(&mut self.links);
        let start = self.nodes[source as usize].pot;
        // What the search turned on is kept in `trail` (the start is `NONE`); nodes are made
        // only for the cycles and chains found.
        self.start_trail();
        self.turned_on.insert(start as usize);
        // The candidates on of this layer and of the next. Each candidate off is processed as
        // soon as it is reached: in the same order as layer by layer, and nothing the layer
        // of candidates on reads changes.
        let mut layer = std::mem::take(&mut self.layer);
        let mut next = std::mem::take(&mut self.next_layer);
        layer.clear();
        next.clear();
        layer.push(NONE);
        // What each candidate on turns off that leads further (`on_edges`), out of `self`
        // while the search makes nodes.
        let dense = std::mem::take(&mut self.dense);
        let graph = std::mem::take(&mut self.graph);
        let on_edges = std::mem::take(&mut self.on_edges);
        let edges_of = |p: Pot| {
            let n = dense[p as usize * 2] as usize;
            &on_edges[graph.start[n] as usize..graph.start[n + 1] as usize]
        };
        // A candidate off turns on what it turns on once: the first time it is processed
        // every conclusion is new or known, so a repeat can only close a cycle, which needs
        // it to be linked to the start (a conjugate of the start). Other repeats are skipped.
        let mut queued = [0u64; 12];
        let mut conjugates = [0u64; 12];
        for &(r, _) in links.off_to_on(start) {
            conjugates[r as usize / 64] |= 1 << (r % 64);
        }
        // The candidates that turn the start off (those it turns off: the links go both
        // ways, through the same region).
        let mut turn_start_off = [0u64; 12];
        if chains.is_some() {
            for &(r, _) in links.on_to_off(start) {
                turn_start_off[r as usize / 64] |= 1 << (r % 64);
            }
        }
        // The length of the candidates on of the layer; the candidates off are one longer,
        // and the cycles and chains found from them two longer (the start on or off again).
        let longest = u32::from(longest);
        let mut length = 1u32;
        while !layer.is_empty() && length < longest {
            // The next layer's cycles and chains would be two longer still.
            let grow = length + 2 < longest;
            for &t in &layer {
                let pp = if t == NONE {
                    start
                } else {
                    self.trail[t as usize].on
                };
                if turn_start_off[pp as usize / 64] & (1 << (pp % 64)) != 0
                    && let Some(chains) = chains.as_deref_mut()
                {
                    let nodes = &self.nodes;
                    let listed = chains
                        .iter()
                        .any(|&c| nodes[c as usize].pot == start && !nodes[c as usize].on);
                    if !listed {
                        let (_, cause) = *links
                            .on_to_off(start)
                            .iter()
                            .find(|&&(r, _)| r == pp)
                            .expect("a link goes both ways");
                        let p = self.turned_node(source, t, false);
                        let n = self.node(start, false, cause, Some(p), &[]);
                        chains.push(n);
                    }
                }
                // Only what leads further is queued: the candidates off that turn nothing
                // on are left out.
                for &(q, cause) in edges_of(pp) {
                    let bit = 1u64 << (q % 64);
                    let repeat = queued[q as usize / 64] & bit != 0;
                    if repeat && conjugates[q as usize / 64] & bit == 0 {
                        continue;
                    }
                    // A candidate on the path to p was queued: only a repeat can be on it.
                    if repeat && self.turned_after(t, q) {
                        continue;
                    }
                    queued[q as usize / 64] |= bit;
                    // In the last layer, only a candidate off that turns the start on matters.
                    if !grow && conjugates[q as usize / 64] & bit == 0 {
                        continue;
                    }
                    for &(r, cause2) in links.off_to_on(q) {
                        if length + 1 >= 4 && r == start {
                            let p = self.turned_node(source, t, false);
                            let off = self.node(q, false, cause, Some(p), &[]);
                            let n = self.node(r, true, cause2, Some(off), &[]);
                            cycles.push(n);
                        }
                        if grow && self.turned_on.insert(r as usize) {
                            next.push(self.turn(Turned {
                                on: r,
                                on_cause: cause2,
                                off: q,
                                off_cause: cause,
                                parent: t,
                            }));
                        }
                    }
                }
            }
            if !grow {
                break;
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
            length += 2;
        }
        self.layer = layer;
        self.next_layer = next;
        self.dense = dense;
        self.graph = graph;
        self.on_edges = on_edges;
        self.links = links;
    }

    /// Sudoku Explainer's `doForcingChains` from a candidate off (`source`): breadth first,
    /// each candidate once, looking for it on, for chains of at most `longest` candidates.
    /// Uses the links built for this search.
    fn forcing_chains(&mut self, source: u32, longest: u16, chains: &mut Vec<u32>) {
        let links = std::mem::take(&mut self.links);
        // The candidates turned on are kept in `trail` (whose entries that follow from the
        // source have `NONE` for parent).
        self.start_trail();
        // The candidates turned off: a bit set (each once).
        let mut off_seen = [0u64; 12];
        let seen = |set: &[u64; 12], q: Pot| set[q as usize / 64] & (1 << (q % 64)) != 0;
        let src = self.nodes[source as usize];
        debug_assert!(!src.on, "forcing chains start from a candidate off");
        // The candidates on of this layer and of the next; each candidate off is processed
        // as soon as it is reached (the same order as layer by layer).
        let mut layer = std::mem::take(&mut self.layer);
        let mut next = std::mem::take(&mut self.next_layer);
        layer.clear();
        next.clear();
        // What a candidate off `q` (reached from entry `parent`) turns on: the next layer, and
        // the source on (a chain).
        let mut turn_on = |this: &mut Chainer, next: &mut Vec<u32>, q: Pot, cause, parent| {
            for &(r, cause2) in links.off_to_on(q) {
                let target = src.pot == r && {
                    let nodes = &this.nodes;
                    !chains
                        .iter()
                        .any(|&c| nodes[c as usize].pot == r && nodes[c as usize].on)
                };
                let new = !this.turned_on.contains(r as usize);
                if !target && !new {
                    continue;
                }
                let t = this.turn(Turned {
                    on: r,
                    on_cause: cause2,
                    off: q,
                    off_cause: cause,
                    parent,
                });
                if target {
                    let n = this.turned_node(source, t, true);
                    chains.push(n);
                }
                if new {
                    next.push(t);
                    this.turned_on.insert(r as usize);
                }
            }
        };
        // The depth of the layer of candidates on; a chain to one at depth `k` has `k + 1`
        // candidates.
        let longest = u32::from(longest);
        let mut depth = u32::from(src.depth) + 1;
        if depth < longest {
            off_seen[src.pot as usize / 64] |= 1 << (src.pot % 64);
            turn_on(self, &mut layer, src.pot, src.cause, NONE);
        }
        while !layer.is_empty() && depth + 2 < longest {
            for &t in &layer {
                let pp = self.trail[t as usize].on;
                for &(q, cause) in links.on_to_off(pp) {
                    // Every candidate off on the path to p was seen, so an unseen one is
                    // not on it (Sudoku Explainer tests that too).
                    // One that turns nothing on leads nowhere and is left out.
                    if !seen(&off_seen, q) && links.turns_on(q) {
                        off_seen[q as usize / 64] |= 1 << (q % 64);
                        turn_on(self, &mut next, q, cause, t);
                    }
                }
            }
            depth += 2;
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        self.layer = layer;
        self.next_layer = next;
        self.links = links;
    }
}
