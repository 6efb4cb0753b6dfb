//! Nested chains: the eliminations that other techniques (intersections, pairs, X-Wings and,
//! deeper, chains themselves) find on the board a dynamic propagation reached, each resting
//! on the eliminations of the outer chain that it needs.

use std::ops::ControlFlow;

use super::{Cause, ChainRule, Chainer, Pot, cell_of, digit_of, pot};
use crate::logic::board::{Board, REGION_OF, REGIONS, cells128, digits};
use crate::logic::{Found, Parents, Technique, basic};

#[derive(Clone, Copy, Debug)]
enum Advanced {
    Intersections,
    HiddenPairs,
    NakedPairs,
    XWings,
    Chains(ChainRule),
}

impl Advanced {
    /// The technique of the ladder that names it in a chain's text.
    fn technique(self) -> Technique {
        match self {
            Advanced::Intersections => Technique::PointingClaiming,
            Advanced::HiddenPairs => Technique::HiddenPair,
            Advanced::NakedPairs => Technique::NakedPair,
            Advanced::XWings => Technique::XWing,
            Advanced::Chains(rule) => rule.technique(),
        }
    }
}

impl ChainRule {
    /// The rules a nested chain of this level calls on the board it reached.
    fn advanced_rules(self) -> Vec<Advanced> {
        let mut rules = vec![
            Advanced::Intersections,
            Advanced::HiddenPairs,
            Advanced::NakedPairs,
            Advanced::XWings,
        ];
        let level = self.level;
        if level < 4 {
            if level >= 2 {
                rules.push(Advanced::Chains(ChainRule::CYCLES));
            }
            if level >= 3 {
                rules.push(Advanced::Chains(ChainRule::MULTIPLE));
            }
        } else {
            rules.push(Advanced::Chains(ChainRule::DYNAMIC));
            if level >= 5 {
                rules.push(Advanced::Chains(ChainRule::new(
                    true,
                    true,
                    false,
                    level - 3,
                )));
            }
        }
        rules
    }
}

/// What an outer chain takes from a nested hint: its eliminations, the eliminations of the
/// outer chain it rests on, and its complexity (`None` for the techniques below chains).
pub(super) type NestedHint = (Vec<(usize, u8)>, Vec<Pot>, Option<u32>);

impl Chainer {
    /// The complexity of nested chains behind the targets' ancestors, each counted once.
    pub(super) fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        let mut seen: Vec<u32> = Vec::new();
        let mut total = 0;
        let nested = std::mem::take(&mut self.nested_of);
        for &t in targets {
            self.walk(t, |n, node| {
                if !matches!(node.cause, Cause::Advanced(_)) {
                    return;
                }
                if let Ok(i) = nested.binary_search_by_key(&n, |&(node, ..)| node) {
                    let (_, complexity, id) = nested[i];
                    if !seen.contains(&id) {
                        seen.push(id);
                        total += complexity;
                    }
                }
            });
        }
        self.nested_of = nested;
        total
    }

    /// The eliminations between `initial` and `current` the targets' chains rest on: for
    /// each candidate turned on by a single, the candidates that made it single. `start` is
    /// what the assumptions of cell and region chains rest on.
    pub(super) fn rule_parents(
        &mut self,
        targets: &[u32],
        start: Cause,
        initial: &Board,
        current: &Board,
    ) -> Vec<Pot> {
        let mut out: Vec<Pot> = Vec::new();
        for &t in targets {
            self.walk(t, |_, node| {
                let cause = match node.cause {
                    Cause::Start => start,
                    c => c,
                };
                if !node.on {
                    return;
                }
                let cell = cell_of(node.pot);
                let digit = digit_of(node.pot);
                match cause {
                    Cause::Cell => {
                        for d in digits(initial.cands[cell] & !current.cands[cell]) {
                            push_unique(&mut out, pot(cell, d));
                        }
                    }
                    Cause::Region(kind) => {
                        let region = REGION_OF[kind as usize][cell] as usize;
                        let removed = initial.places_set(kind as usize, region, digit)
                            & !current.places_set(kind as usize, region, digit);
                        for c in cells128(removed) {
                            push_unique(&mut out, pot(c, digit));
                        }
                    }
                    _ => {}
                }
            });
        }
        out
    }

    /// Sudoku Explainer's `getAdvancedPotentials`: the eliminations the first advanced rule
    /// finds on the board the chain reached, each resting on the chain's eliminations its
    /// pattern needs.
    pub(super) fn advanced(
        &mut self,
        grid: &Board,
        source: &Board,
        rule: ChainRule,
        off_set: usize,
    ) -> Vec<u32> {
        let mut out = Vec::new();
        for advanced in rule.advanced_rules() {
            let mut found: Vec<NestedHint> = Vec::new();
            match advanced {
                Advanced::Chains(nested_rule) => {
                    // The same board is often reached again by another propagation: its
                    // nested hints (a function of the two boards) are kept.
                    let key = (nested_rule, *grid, *source);
                    if let Some(cached) = self.nested_cache.get(&key) {
                        found.extend(cached.iter().cloned());
                    } else {
                        let index = match self.nested.iter().position(|(r, _)| *r == nested_rule) {
                            Some(i) => i,
                            None => {
                                self.nested.push((nested_rule, Chainer::default()));
                                self.nested.len() - 1
                            }
                        };
                        // The nested search spends the nodes of the same meter.
                        let nested = &mut self.nested[index].1;
                        nested.meter = std::mem::take(&mut self.meter);
                        let hints = nested.hints(grid, nested_rule, true, Some(source));
                        self.meter = std::mem::take(&mut nested.meter);
                        let useful: Vec<NestedHint> = hints
                            .into_iter()
                            .filter(|hint| !hint.rule_parents.is_empty())
                            .map(|hint| {
                                (
                                    hint.found.removals,
                                    hint.rule_parents,
                                    Some(hint.complexity),
                                )
                            })
                            .collect();
                        found.extend(useful.iter().cloned());
                        self.nested_cache.insert(key, useful);
                    }
                }
                basic_rule => {
                    let mut collect = |hint: Found| {
                        let parents = basic_rule_parents(&hint, source, grid);
                        if !parents.is_empty() {
                            found.push((hint.removals, parents, None));
                        }
                        ControlFlow::Continue(())
                    };
                    let all = basic::Scope::ALL;
                    let _ = match basic_rule {
                        Advanced::Intersections => {
                            basic::intersections(grid, false, all, &mut collect)
                        }
                        Advanced::HiddenPairs => {
                            basic::hidden_sets(grid, 2, false, all, &mut collect)
                        }
                        Advanced::NakedPairs => basic::naked_sets(grid, 2, all, &mut collect),
                        _ => basic::fish(grid, 2, all, &mut collect),
                    };
                }
            }
            for (removals, parents, nested) in found {
                let real: Vec<u32> = parents
                    .iter()
                    .filter_map(|&p| self.sets[off_set].get(p))
                    .collect();
                let id = self.nested_count;
                self.nested_count += 1;
                let cause = Cause::Advanced(advanced.technique());
                for (cell, digit) in removals {
                    let n = self.node(pot(cell, digit), false, cause, None, &real);
                    if let Some(complexity) = nested {
                        self.nested_of.push((n, complexity, id));
                    }
                    out.push(n);
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        out
    }
}

fn push_unique(out: &mut Vec<Pot>, p: Pot) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// The eliminations (from `initial` to `current`) an intersection, fish or subset found on
/// `current` rests on.
fn basic_rule_parents(hint: &Found, initial: &Board, current: &Board) -> Vec<Pot> {
    let mut out = Vec::new();
    match &hint.parents {
        Parents::Locking {
            digit,
            bases,
            covers,
        } => {
            for &(kind, index) in bases {
                for &c in &REGIONS[kind][index] {
                    let c = c as usize;
                    if initial.has(c, *digit)
                        && !current.has(c, *digit)
                        && !covers
                            .iter()
                            .any(|&(k2, i2)| REGION_OF[k2][c] as usize == i2)
                    {
                        out.push(pot(c, *digit));
                    }
                }
            }
        }
        Parents::Hidden {
            kind,
            index,
            digits: set,
        } => {
            let mut mine = 0u16;
            for d in digits(*set) {
                mine |= current.places(*kind, *index, d);
            }
            for (k, &c) in REGIONS[*kind][*index].iter().enumerate() {
                let c = c as usize;
                if mine & (1 << k) == 0 {
                    for d in digits(*set) {
                        if initial.has(c, d) {
                            out.push(pot(c, d));
                        }
                    }
                }
            }
        }
        Parents::Naked { cells, digits: set } => {
            for &c in cells {
                for d in digits(initial.cands[c] & !set) {
                    out.push(pot(c, d));
                }
            }
        }
        Parents::None => {}
    }
    out
}
