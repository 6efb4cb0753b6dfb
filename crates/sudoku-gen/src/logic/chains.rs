//! Chains: bidirectional cycles and forcing chains (X, Y and both), Nishio, multiple
//! (cell and region) forcing chains, dynamic forcing chains and their nested forms.
//!
//! Each search follows Sudoku Explainer's: the same implications (a candidate on turns its
//! cell's other candidates and its peers' same candidate off; a candidate off turns on the
//! last candidate of a cell or the last place of a digit in a region), visited breadth first
//! in the same order, each candidate remembered with the first implications that reached it.
//! A chain's length is the number of candidates it rests on (its ancestors), which is what
//! the rating adds to the technique's base difficulty, so the same order gives the same
//! lengths and the same ratings.

use std::ops::ControlFlow;

use super::board::{
    BLOCK, Board, COL, HOUSE, POSITION_IN, REGION_OF, REGIONS, ROW, bit, digits, positions,
};
use super::{Found, Parents, Sink, Technique, basic};

const NONE: u32 = u32::MAX;
const KINDS: [usize; 3] = [BLOCK, ROW, COL];

/// A candidate: `cell * 9 + digit - 1`.
type Pot = u16;

#[inline]
fn pot(cell: usize, digit: u8) -> Pot {
    (cell * 9 + digit as usize - 1) as Pot
}

#[inline]
fn cell_of(p: Pot) -> usize {
    p as usize / 9
}

#[inline]
fn digit_of(p: Pot) -> u8 {
    (p % 9) as u8 + 1
}

/// Why an implication holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The assumption a chain starts from.
    Start,
    /// A cell's only candidate, or a candidate a cell's value turns off.
    Cell,
    /// A digit's only place in a region (of this kind), or a place its value turns off.
    Region(u8),
    /// An elimination by another technique (the nested chains).
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    pot: Pot,
    on: bool,
    cause: Cause,
    parents_start: u32,
    parents_len: u32,
    /// The complexity of the nested chain behind an advanced elimination, and its index.
    nested: Option<(u32, u32)>,
}

/// Candidates of one polarity in the order they were reached, each with its node.
struct PotSet {
    order: Vec<Pot>,
    node: Box<[u32; 729]>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            order: Vec::new(),
            node: Box::new([NONE; 729]),
        }
    }

    #[inline]
    fn contains(&self, p: Pot) -> bool {
        self.node[p as usize] != NONE
    }

    #[inline]
    fn get(&self, p: Pot) -> Option<u32> {
        let n = self.node[p as usize];
        (n != NONE).then_some(n)
    }

    /// Adds `p` with `node` when absent; Sudoku Explainer's set keeps the first.
    #[inline]
    fn insert(&mut self, p: Pot, node: u32) -> bool {
        if self.node[p as usize] != NONE {
            return false;
        }
        self.node[p as usize] = node;
        self.order.push(p);
        true
    }

    /// Adds `p`, or makes `node` its node when present (a map's `put`).
    #[inline]
    fn put(&mut self, p: Pot, node: u32) {
        if self.node[p as usize] == NONE {
            self.order.push(p);
        }
        self.node[p as usize] = node;
    }

    fn clear(&mut self) {
        for &p in &self.order {
            self.node[p as usize] = NONE;
        }
        self.order.clear();
    }

    fn copy_from(&mut self, other: &PotSet) {
        self.clear();
        for &p in &other.order {
            self.insert(p, other.node[p as usize]);
        }
    }

    /// Keeps the candidates also in `other`, with their nodes here.
    fn retain_in(&mut self, other: &PotSet) {
        let node = &mut self.node;
        self.order.retain(|&p| {
            let keep = other.contains(p);
            if !keep {
                node[p as usize] = NONE;
            }
            keep
        });
    }
}

/// The rule: which implications and which conclusions Sudoku Explainer's `Chaining` with the
/// same flags uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChainRule {
    /// Multiple chains: several assumptions (every candidate of a cell or every place of a
    /// digit in a region) leading to one conclusion.
    pub(crate) multiple: bool,
    /// Dynamic chains: each elimination is made on the board as the chain goes, so later
    /// singles see it.
    pub(crate) dynamic: bool,
    /// Nishio: one digit only (no cell links), conclusions by contradiction only.
    pub(crate) nishio: bool,
    /// Nesting: 0 none, 1 with intersections, subsets and X-Wings, 2 and up with chains.
    pub(crate) level: u8,
}

impl ChainRule {
    pub(crate) const CYCLES: ChainRule = ChainRule::new(false, false, false, 0);
    pub(crate) const NISHIO: ChainRule = ChainRule::new(false, true, true, 0);
    pub(crate) const MULTIPLE: ChainRule = ChainRule::new(true, false, false, 0);
    pub(crate) const DYNAMIC: ChainRule = ChainRule::new(true, true, false, 0);

    pub(crate) const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> ChainRule {
        ChainRule {
            multiple,
            dynamic,
            nishio,
            level,
        }
    }

    /// The base difficulty of multiple, Nishio, dynamic and nested chains.
    fn difficulty(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn technique(self) -> Technique {
        match (self.level, self.nishio, self.dynamic, self.multiple) {
            (0, true, _, _) => Technique::NishioForcingChains,
            (0, _, true, _) => Technique::DynamicForcingChains,
            (0, _, _, true) => Technique::MultipleForcingChains,
            (0, _, _, _) => Technique::ForcingChainsAndCycles,
            (1, ..) => Technique::DynamicForcingChainsPlus,
            _ => Technique::NestedForcingChains,
        }
    }

    /// Sudoku Explainer's name of a hint of this rule: `what` is "Cell Forcing",
    /// "Region Forcing", "Contradiction Forcing", "Double Forcing" or "Forcing".
    fn name(self, what: &str) -> String {
        let prefix = if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        };
        format!("{prefix}{what} Chains{}", nested_suffix(self.level))
    }

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
                rules.push(Advanced::Chains(ChainRule::new(true, true, false, level - 3)));
            }
        }
        rules
    }
}

fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        _ => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(level - 3)),
    }
}

#[derive(Clone, Copy, Debug)]
enum Advanced {
    Intersections,
    HiddenPairs,
    NakedPairs,
    XWings,
    Chains(ChainRule),
}

/// The kind of a chain hint and what Sudoku Explainer sorts equal difficulties by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Cycle { x: bool, y: bool },
    Forcing { x: bool, y: bool },
    Binary { absurd: bool },
    Cell,
    Region,
}

impl Kind {
    fn sort_key(self) -> u8 {
        match self {
            Kind::Cycle { x, y } | Kind::Forcing { x, y } => match (x, y) {
                (true, true) => 4,
                (false, true) => 3,
                _ => 2,
            },
            Kind::Binary { absurd } => {
                if absurd {
                    7
                } else {
                    1
                }
            }
            Kind::Cell => 5,
            Kind::Region => 6,
        }
    }
}

/// A hint found by a chain search.
#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    kind: Kind,
    difficulty: f64,
    complexity: u32,
    found: Found,
    /// The eliminations outside the board it was found on that it rests on (nested use).
    rule_parents: Vec<Pot>,
}

/// The extra difficulty of a chain of `complexity` candidates: 0.1 each time the length
/// passes 4, 6, 8, 12, 16, 24, 32, ...
fn length_difficulty(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The outcome of one propagation: the candidates turned on and off, and the contradiction
/// it ran into, if any.
struct Outcome {
    on: usize,
    off: usize,
    absurd: Option<(u32, u32)>,
}

/// A chain search: the nodes of every propagation made for one hint search, sets to hold
/// them, and scratch space.
pub(crate) struct Chainer {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    sets: Vec<PotSet>,
    free: Vec<usize>,
    stamp: Vec<u32>,
    generation: u32,
    nested_count: u32,
    nested: Vec<(ChainRule, Chainer)>,
}

impl Default for Chainer {
    fn default() -> Self {
        Chainer {
            nodes: Vec::new(),
            parents: Vec::new(),
            sets: Vec::new(),
            free: Vec::new(),
            stamp: vec![0; 729 * 2],
            generation: 0,
            nested_count: 0,
            nested: Vec::new(),
        }
    }
}

impl std::fmt::Debug for Chainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chainer").finish_non_exhaustive()
    }
}

impl Chainer {
    fn reset(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        for set in &mut self.sets {
            set.clear();
        }
        self.free = (0..self.sets.len()).rev().collect();
    }

    fn new_set(&mut self) -> usize {
        if let Some(i) = self.free.pop() {
            return i;
        }
        self.sets.push(PotSet::new());
        self.sets.len() - 1
    }

    fn release(&mut self, set: usize) {
        self.sets[set].clear();
        self.free.push(set);
    }

    fn node(&mut self, p: Pot, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            pot: p,
            on,
            cause,
            parents_start: start,
            parents_len: parents.len() as u32,
            nested: None,
        });
        (self.nodes.len() - 1) as u32
    }

    #[inline]
    fn first_parent(&self, n: u32) -> Option<u32> {
        let node = &self.nodes[n as usize];
        (node.parents_len > 0).then(|| self.parents[node.parents_start as usize])
    }

    fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        let start = node.parents_start as usize;
        &self.parents[start..start + node.parents_len as usize]
    }

    /// Whether a candidate (with polarity) is on the first-parent path above `n`.
    fn is_parent(&self, n: u32, p: Pot, on: bool) -> bool {
        let mut at = n;
        while let Some(up) = self.first_parent(at) {
            let node = &self.nodes[up as usize];
            if node.pot == p && node.on == on {
                return true;
            }
            at = up;
        }
        false
    }

    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// The number of distinct candidates (with polarity) `n` rests on, itself included.
    fn ancestors(&mut self, n: u32) -> u32 {
        let generation = self.next_generation();
        let mut count = 0;
        let mut todo = vec![n];
        while let Some(at) = todo.pop() {
            let node = self.nodes[at as usize];
            let key = node.pot as usize * 2 + usize::from(node.on);
            if self.stamp[key] == generation {
                continue;
            }
            self.stamp[key] = generation;
            count += 1;
            todo.extend_from_slice(self.parents_of(at));
        }
        count
    }

    /// The complexity of nested chains behind the targets' ancestors, each counted once.
    fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        let mut seen: Vec<u32> = Vec::new();
        let mut total = 0;
        for &t in targets {
            let generation = self.next_generation();
            let mut todo = vec![t];
            while let Some(at) = todo.pop() {
                let node = self.nodes[at as usize];
                let key = node.pot as usize * 2 + usize::from(node.on);
                if self.stamp[key] == generation {
                    continue;
                }
                self.stamp[key] = generation;
                if let Some((complexity, id)) = node.nested {
                    if !seen.contains(&id) {
                        seen.push(id);
                        total += complexity;
                    }
                }
                todo.extend_from_slice(self.parents_of(at));
            }
        }
        total
    }

    /// The eliminations between `initial` and `current` the targets' chains rest on: for
    /// each candidate turned on by a single, the candidates that made it single.
    fn rule_parents(&mut self, targets: &[u32], start: Cause, initial: &Board, current: &Board) -> Vec<Pot> {
        let mut out: Vec<Pot> = Vec::new();
        for &t in targets {
            let generation = self.next_generation();
            let mut todo = vec![t];
            let mut head = 0;
            while head < todo.len() {
                let at = todo[head];
                head += 1;
                let node = self.nodes[at as usize];
                let key = node.pot as usize * 2 + usize::from(node.on);
                if self.stamp[key] == generation {
                    continue;
                }
                self.stamp[key] = generation;
                // The assumptions of cell and region chains rest on their cell or region.
                let cause = match node.cause {
                    Cause::Start => start,
                    c => c,
                };
                if node.on {
                    let cell = cell_of(node.pot);
                    let digit = digit_of(node.pot);
                    match cause {
                        Cause::Cell => {
                            for d in digits(initial.cands[cell] & !current.cands[cell]) {
                                push_unique(&mut out, pot(cell, d));
                            }
                        }
                        Cause::Region(kind) => {
                            let kind = kind as usize;
                            let region = REGION_OF[kind][cell] as usize;
                            for &c in &REGIONS[kind][region] {
                                let c = c as usize;
                                if initial.has(c, digit) && !current.has(c, digit) {
                                    push_unique(&mut out, pot(c, digit));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                todo.extend_from_slice(self.parents_of(at));
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

/// What an assumption turns off: with `cell_links`, the other candidates of its cell; then
/// its digit in the other cells of its block, row and column.
fn on_to_off(b: &Board, p: Pot, cell_links: bool, out: &mut Vec<(Pot, Cause)>) {
    out.clear();
    let cell = cell_of(p);
    let digit = digit_of(p);
    if cell_links {
        for d in digits(b.cands[cell] & !bit(digit)) {
            out.push((pot(cell, d), Cause::Cell));
        }
    }
    for kind in KINDS {
        let region = REGION_OF[kind][cell] as usize;
        for &c in &REGIONS[kind][region] {
            let c = c as usize;
            if c != cell && b.has(c, digit) {
                let q = pot(c, digit);
                if !out.iter().any(|&(o, _)| o == q) {
                    out.push((q, Cause::Region(kind as u8)));
                }
            }
        }
    }
}

/// What a candidate turned off turns on: with `cell_links`, the other candidate of a cell with
/// two; with `region_links`, the other place of its digit in a region with two. Each comes
/// with the eliminations (from `source` to `b`) that made it single, looked up in `offs`.
#[allow(clippy::too_many_arguments)]
fn off_to_on(
    b: &Board,
    source: &Board,
    p: Pot,
    cell_links: bool,
    region_links: bool,
    offs: &PotSet,
    out: &mut Vec<(Pot, Cause, Vec<u32>)>,
) {
    out.clear();
    let cell = cell_of(p);
    let digit = digit_of(p);
    if cell_links && b.count(cell) == 2 {
        let other = (b.cands[cell] & !bit(digit)).trailing_zeros() as u8 + 1;
        let hidden: Vec<u32> = digits(source.cands[cell] & !b.cands[cell])
            .filter_map(|d| offs.get(pot(cell, d)))
            .collect();
        out.push((pot(cell, other), Cause::Cell, hidden));
    }
    if region_links {
        for kind in KINDS {
            let region = REGION_OF[kind][cell] as usize;
            let places = b.places(kind, region, digit);
            if places.count_ones() != 2 {
                continue;
            }
            let mine = POSITION_IN[kind][cell] as usize;
            let other_pos = (places & !(1 << mine)).trailing_zeros() as usize;
            let other = REGIONS[kind][region][other_pos] as usize;
            let q = pot(other, digit);
            if out.iter().any(|(o, _, _)| *o == q) {
                continue;
            }
            let removed = source.places(kind, region, digit) & !places;
            let hidden: Vec<u32> = positions(removed)
                .filter_map(|k| offs.get(pot(REGIONS[kind][region][k] as usize, digit)))
                .collect();
            out.push((q, Cause::Region(kind as u8), hidden));
        }
    }
}

impl Chainer {
    /// Every hint of `rule` on `b`, easiest first (difficulty, then length, then kind, then
    /// the order found), as Sudoku Explainer sorts them. `stop_at_first`: only the first of
    /// that order is wanted (the others are dropped as soon as they cannot be it).
    pub(crate) fn hints(&mut self, b: &Board, rule: ChainRule, keep_all: bool, initial: Option<&Board>) -> Vec<ChainHint> {
        let mut found: Vec<ChainHint> = Vec::new();
        let mut best: Option<ChainHint> = None;
        let mut sink = |hint: ChainHint| {
            if keep_all {
                found.push(hint);
            } else if best.as_ref().is_none_or(|b| {
                (hint.difficulty, hint.complexity, hint.kind.sort_key())
                    < (b.difficulty, b.complexity, b.kind.sort_key())
            }) {
                best = Some(hint);
            }
        };
        if rule.multiple || rule.dynamic {
            self.multiple_chains(b, rule, initial, &mut sink);
        } else {
            for (y, x) in [(false, true), (true, false), (true, true)] {
                for cell in 0..81 {
                    if b.values[cell] != 0 || b.count(cell) <= 1 {
                        continue;
                    }
                    for d in digits(b.cands[cell]) {
                        self.reset();
                        self.unary_chaining(b, pot(cell, d), y, x, initial, &mut sink);
                    }
                }
            }
        }
        if keep_all {
            found.sort_by(|a, b| {
                a.difficulty
                    .partial_cmp(&b.difficulty)
                    .expect("numbers")
                    .then(a.complexity.cmp(&b.complexity))
                    .then(a.kind.sort_key().cmp(&b.kind.sort_key()))
            });
            found
        } else {
            best.into_iter().collect()
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        rule: ChainRule,
        kind: Kind,
        start: Cause,
        targets: &[u32],
        flat: u32,
        removals: Vec<(usize, u8)>,
        result: Option<u32>,
        initial: Option<(&Board, &Board)>,
    ) -> ChainHint {
        let complexity = flat + self.nested_complexity(targets);
        let base = match kind {
            Kind::Cycle { x, y } => {
                if x && y {
                    7.0
                } else {
                    6.5
                }
            }
            Kind::Forcing { x, y } => {
                if x && y {
                    7.0
                } else {
                    6.6
                }
            }
            _ => rule.difficulty(),
        };
        let difficulty = base + length_difficulty(complexity);
        let placement = result.and_then(|n| {
            let node = self.nodes[n as usize];
            node.on.then(|| (cell_of(node.pot), digit_of(node.pot)))
        });
        let name = match kind {
            Kind::Cycle { x, y } => match (x, y) {
                (true, true) => "Bidirectional Cycle".to_string(),
                (false, true) => "Bidirectional Y-Cycle".to_string(),
                _ => {
                    if flat == 4 {
                        "Generalized X-Wing".to_string()
                    } else {
                        "Bidirectional X-Cycle".to_string()
                    }
                }
            },
            Kind::Forcing { x, y } => match (x, y) {
                (true, true) => "Forcing Chain".to_string(),
                (false, true) => "Forcing Y-Chain".to_string(),
                _ => {
                    if flat == 6 {
                        "Turbot Fish".to_string()
                    } else {
                        "Forcing X-Chain".to_string()
                    }
                }
            },
            Kind::Binary { absurd } => rule.name(if rule.nishio {
                "Forcing"
            } else if absurd {
                "Contradiction Forcing"
            } else {
                "Double Forcing"
            }),
            Kind::Cell => rule.name("Cell Forcing"),
            Kind::Region => rule.name("Region Forcing"),
        };
        let rule_parents = match initial {
            Some((initial, current)) => self.rule_parents(targets, start, initial, current),
            None => Vec::new(),
        };
        let mut cells: Vec<usize> = targets
            .iter()
            .map(|&t| cell_of(self.nodes[t as usize].pot))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let digits = targets
            .iter()
            .fold(0u16, |m, &t| m | bit(digit_of(self.nodes[t as usize].pot)));
        ChainHint {
            kind,
            difficulty,
            complexity,
            rule_parents,
            found: Found {
                technique: match kind {
                    Kind::Cycle { .. } | Kind::Forcing { .. } => Technique::ForcingChainsAndCycles,
                    _ => rule.technique(),
                },
                name: name.into(),
                difficulty,
                cells,
                digits,
                unit: None,
                placement,
                removals,
                parents: Parents::None,
            },
        }
    }

    // ----- cycles and forcing X- and Y-chains -----

    #[allow(clippy::too_many_arguments)]
    fn unary_chaining(
        &mut self,
        b: &Board,
        start: Pot,
        y: bool,
        x: bool,
        initial: Option<&Board>,
        sink: &mut dyn FnMut(ChainHint),
    ) {
        if b.count(cell_of(start)) > 2 && !x {
            return;
        }
        let rule = ChainRule::CYCLES;
        let source = self.node(start, true, Cause::Start, &[]);
        let mut cycles = Vec::new();
        self.cycles(b, source, y, x, &mut cycles);
        let mut chains: Vec<u32> = Vec::new();
        if x {
            self.forcing_chains(b, source, y, &mut chains);
            let off = self.node(start, false, Cause::Start, &[]);
            self.forcing_chains(b, off, y, &mut chains);
        }
        let context = initial.map(|i| (i, b));
        for dst_on in cycles {
            // The cells of the cycle, and the candidates both of its directions turn off.
            let mut cells: Vec<usize> = Vec::new();
            let mut at = dst_on;
            while let Some(up) = self.first_parent(at) {
                let c = cell_of(self.nodes[at as usize].pot);
                if !cells.contains(&c) {
                    cells.push(c);
                }
                at = up;
            }
            let mut forward: Vec<Pot> = Vec::new();
            let mut backward: Vec<Pot> = Vec::new();
            let mut at = dst_on;
            while let Some(up) = self.first_parent(at) {
                let node = self.nodes[at as usize];
                let digit = digit_of(node.pot);
                for &h in &HOUSE[cell_of(node.pot)] {
                    let h = h as usize;
                    if !cells.contains(&h) && b.has(h, digit) {
                        let list = if node.on { &mut forward } else { &mut backward };
                        push_unique(list, pot(h, digit));
                    }
                }
                at = up;
            }
            forward.retain(|p| backward.contains(p));
            if forward.is_empty() {
                continue;
            }
            let mut removals: Vec<(usize, u8)> =
                forward.iter().map(|&p| (cell_of(p), digit_of(p))).collect();
            removals.sort_unstable();
            let dst_off = self.reversed_cycle(dst_on);
            let flat = self.ancestors(dst_on);
            let hint = self.finish(
                rule,
                Kind::Cycle { x, y },
                Cause::Start,
                &[dst_on, dst_off],
                flat,
                removals,
                None,
                context,
            );
            sink(hint);
        }
        for target in chains {
            let node = self.nodes[target as usize];
            let cell = cell_of(node.pot);
            let digit = digit_of(node.pot);
            let removals: Vec<(usize, u8)> = if node.on {
                digits(b.cands[cell] & !bit(digit)).map(|d| (cell, d)).collect()
            } else {
                vec![(cell, digit)]
            };
            if removals.is_empty() {
                continue;
            }
            let flat = self.ancestors(target);
            let hint = self.finish(
                rule,
                Kind::Forcing { x, y },
                Cause::Start,
                &[target],
                flat,
                removals,
                Some(target),
                context,
            );
            sink(hint);
        }
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
            let parents: Vec<u32> = prev.into_iter().collect();
            let rev = self.node(node.pot, !node.on, node.cause, &parents);
            prev = Some(rev);
        }
        prev.expect("a cycle has candidates")
    }

    fn cycles(&mut self, b: &Board, source: u32, y: bool, x: bool, cycles: &mut Vec<u32>) {
        let on_set = self.new_set();
        let off_set = self.new_set();
        let start = self.nodes[source as usize].pot;
        self.sets[on_set].insert(start, source);
        let mut pending_on: std::collections::VecDeque<u32> = [source].into();
        let mut pending_off: std::collections::VecDeque<u32> = Default::default();
        let mut length = 0;
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                let pp = self.nodes[p as usize].pot;
                on_to_off(b, pp, y, &mut offs);
                for &(q, cause) in &offs {
                    if !self.is_parent(p, q, false) {
                        let n = self.node(q, false, cause, &[p]);
                        pending_off.push_back(n);
                        self.sets[off_set].put(q, n);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                let pp = self.nodes[p as usize].pot;
                off_to_on(b, b, pp, y, x, &self.sets[off_set], &mut ons);
                for (q, cause, hidden) in ons.drain(..) {
                    let mut parents = vec![p];
                    parents.extend(hidden);
                    let is_start = q == start;
                    if length >= 4 && is_start {
                        let n = self.node(q, true, cause, &parents);
                        cycles.push(n);
                    }
                    if !self.sets[on_set].contains(q) {
                        let n = self.node(q, true, cause, &parents);
                        pending_on.push_back(n);
                        self.sets[on_set].insert(q, n);
                    }
                }
            }
        }
        self.release(on_set);
        self.release(off_set);
    }

    fn forcing_chains(&mut self, b: &Board, source: u32, y: bool, chains: &mut Vec<u32>) {
        let on_set = self.new_set();
        let off_set = self.new_set();
        let src = self.nodes[source as usize];
        let mut pending_on: std::collections::VecDeque<u32> = Default::default();
        let mut pending_off: std::collections::VecDeque<u32> = Default::default();
        if src.on {
            self.sets[on_set].insert(src.pot, source);
            pending_on.push_back(source);
        } else {
            self.sets[off_set].insert(src.pot, source);
            pending_off.push_back(source);
        }
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        let contains = |chains: &Vec<u32>, nodes: &Vec<Node>, q: Pot, on: bool| {
            chains.iter().any(|&c| nodes[c as usize].pot == q && nodes[c as usize].on == on)
        };
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                let pp = self.nodes[p as usize].pot;
                on_to_off(b, pp, y, &mut offs);
                for &(q, cause) in &offs {
                    let mut made = None;
                    if src.on && src.pot == q && !contains(chains, &self.nodes, q, false) {
                        let n = self.node(q, false, cause, &[p]);
                        chains.push(n);
                        made = Some(n);
                    }
                    if !self.is_parent(p, q, false) && !self.sets[off_set].contains(q) {
                        let n = made.unwrap_or_else(|| self.node(q, false, cause, &[p]));
                        pending_off.push_back(n);
                        self.sets[off_set].insert(q, n);
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                let pp = self.nodes[p as usize].pot;
                off_to_on(b, b, pp, y, true, &self.sets[off_set], &mut ons);
                for (q, cause, hidden) in ons.drain(..) {
                    let mut parents = vec![p];
                    parents.extend(hidden);
                    let mut made = None;
                    if !src.on && src.pot == q && !contains(chains, &self.nodes, q, true) {
                        let n = self.node(q, true, cause, &parents);
                        chains.push(n);
                        made = Some(n);
                    }
                    if !self.sets[on_set].contains(q) {
                        let n = made.unwrap_or_else(|| self.node(q, true, cause, &parents));
                        pending_on.push_back(n);
                        self.sets[on_set].insert(q, n);
                    }
                }
            }
        }
        self.release(on_set);
        self.release(off_set);
    }

    // ----- multiple, Nishio, dynamic and nested chains -----

    fn multiple_chains(
        &mut self,
        b: &Board,
        rule: ChainRule,
        initial: Option<&Board>,
        sink: &mut dyn FnMut(ChainHint),
    ) {
        let mut grid = *b;
        let context = initial.map(|i| (i, b));
        for cell in 0..81 {
            if b.values[cell] != 0 {
                continue;
            }
            let count = b.count(cell);
            if !(count > 2 || (count > 1 && rule.dynamic)) {
                continue;
            }
            self.reset();
            let mut value_sets: Vec<(u8, usize, usize)> = Vec::new();
            let cell_on = self.new_set();
            let cell_off = self.new_set();
            let mut first = true;
            for digit in digits(b.cands[cell]) {
                let p = pot(cell, digit);
                let on_on = self.new_set();
                let on_off = self.new_set();
                let double = count >= 3 && !rule.nishio && rule.dynamic;
                let contradiction = rule.dynamic || rule.nishio;
                self.binary_chaining(
                    &mut grid, rule, p, on_on, on_off, double, contradiction, context, sink,
                );
                if !rule.nishio {
                    self.region_chainings(&mut grid, rule, cell, digit, on_on, on_off, context, sink);
                }
                value_sets.push((digit, on_on, on_off));
                if first {
                    let (a, c) = (on_on, on_off);
                    let (sa, sc) = self.two_sets(cell_on, a);
                    sa.copy_from(sc);
                    let (sa, sc) = self.two_sets(cell_off, c);
                    sa.copy_from(sc);
                    first = false;
                } else {
                    let (sa, sc) = self.two_sets(cell_on, on_on);
                    sa.retain_in(sc);
                    let (sa, sc) = self.two_sets(cell_off, on_off);
                    sa.retain_in(sc);
                }
            }
            if !rule.nishio && (count == 2 || rule.multiple) {
                for (set, on) in [(cell_on, true), (cell_off, false)] {
                    let order = self.sets[set].order.clone();
                    for q in order {
                        let targets: Vec<u32> = value_sets
                            .iter()
                            .map(|&(_, s_on, s_off)| {
                                let s = if on { s_on } else { s_off };
                                self.sets[s].get(q).expect("in every outcome")
                            })
                            .collect();
                        if let Some(hint) =
                            self.reduction_hint(b, rule, Kind::Cell, Cause::Cell, q, on, &targets, context)
                        {
                            sink(hint);
                        }
                    }
                }
            }
        }
    }

    fn two_sets(&mut self, a: usize, b: usize) -> (&mut PotSet, &PotSet) {
        assert_ne!(a, b);
        if a < b {
            let (left, right) = self.sets.split_at_mut(b);
            (&mut left[a], &right[0])
        } else {
            let (left, right) = self.sets.split_at_mut(a);
            (&mut right[0], &left[b])
        }
    }

    /// A conclusion every assumption leads to (cell or region forcing chains).
    #[allow(clippy::too_many_arguments)]
    fn reduction_hint(
        &mut self,
        b: &Board,
        rule: ChainRule,
        kind: Kind,
        start: Cause,
        q: Pot,
        on: bool,
        targets: &[u32],
        context: Option<(&Board, &Board)>,
    ) -> Option<ChainHint> {
        let cell = cell_of(q);
        let digit = digit_of(q);
        let removals: Vec<(usize, u8)> = if on {
            digits(b.cands[cell] & !bit(digit)).map(|d| (cell, d)).collect()
        } else {
            vec![(cell, digit)]
        };
        if removals.is_empty() {
            return None;
        }
        let flat = targets.iter().map(|&t| self.ancestors(t)).sum();
        Some(self.finish(rule, kind, start, targets, flat, removals, Some(targets[0]), context))
    }

    #[allow(clippy::too_many_arguments)]
    fn binary_chaining(
        &mut self,
        grid: &mut Board,
        rule: ChainRule,
        p: Pot,
        on_on: usize,
        on_off: usize,
        double: bool,
        contradiction: bool,
        context: Option<(&Board, &Board)>,
        sink: &mut dyn FnMut(ChainHint),
    ) {
        let b = *grid;
        let cell = cell_of(p);
        let digit = digit_of(p);
        let off_on = self.new_set();
        let off_off = self.new_set();
        // p on.
        let start_on = self.node(p, true, Cause::Start, &[]);
        self.sets[on_on].insert(p, start_on);
        let outcome = self.propagate(grid, rule, Outcome { on: on_on, off: on_off, absurd: None });
        if contradiction {
            if let Some((a, c)) = outcome.absurd {
                let removals = vec![(cell, digit)];
                let flat = self.ancestors(a) + self.ancestors(c);
                let hint = self.finish(
                    rule,
                    Kind::Binary { absurd: true },
                    Cause::Start,
                    &[a, c],
                    flat,
                    removals,
                    None,
                    context,
                );
                sink(hint);
            }
        }
        // p off.
        let start_off = self.node(p, false, Cause::Start, &[]);
        self.sets[off_off].insert(p, start_off);
        let outcome = self.propagate(grid, rule, Outcome { on: off_on, off: off_off, absurd: None });
        if contradiction {
            if let Some((a, c)) = outcome.absurd {
                let removals: Vec<(usize, u8)> =
                    digits(b.cands[cell] & !bit(digit)).map(|d| (cell, d)).collect();
                if !removals.is_empty() {
                    let result = self.node(p, true, Cause::Start, &[]);
                    let flat = self.ancestors(a) + self.ancestors(c);
                    let hint = self.finish(
                        rule,
                        Kind::Binary { absurd: true },
                        Cause::Start,
                        &[a, c],
                        flat,
                        removals,
                        Some(result),
                        context,
                    );
                    sink(hint);
                }
            }
        }
        if double {
            let order = self.sets[on_on].order.clone();
            for q in order {
                if let Some(from_off) = self.sets[off_on].get(q) {
                    let from_on = self.sets[on_on].get(q).expect("listed");
                    let c = cell_of(q);
                    let removals: Vec<(usize, u8)> =
                        digits(b.cands[c] & !bit(digit_of(q))).map(|d| (c, d)).collect();
                    if removals.is_empty() {
                        continue;
                    }
                    let flat = self.ancestors(from_on) + self.ancestors(from_off);
                    let hint = self.finish(
                        rule,
                        Kind::Binary { absurd: false },
                        Cause::Start,
                        &[from_on, from_off],
                        flat,
                        removals,
                        Some(from_on),
                        context,
                    );
                    sink(hint);
                }
            }
            let order = self.sets[on_off].order.clone();
            for q in order {
                if let Some(from_off) = self.sets[off_off].get(q) {
                    let from_on = self.sets[on_off].get(q).expect("listed");
                    let removals = vec![(cell_of(q), digit_of(q))];
                    let flat = self.ancestors(from_on) + self.ancestors(from_off);
                    let hint = self.finish(
                        rule,
                        Kind::Binary { absurd: false },
                        Cause::Start,
                        &[from_on, from_off],
                        flat,
                        removals,
                        Some(from_on),
                        context,
                    );
                    sink(hint);
                }
            }
        }
        self.release(off_on);
        self.release(off_off);
    }

    #[allow(clippy::too_many_arguments)]
    fn region_chainings(
        &mut self,
        grid: &mut Board,
        rule: ChainRule,
        cell: usize,
        digit: u8,
        on_on: usize,
        on_off: usize,
        context: Option<(&Board, &Board)>,
        sink: &mut dyn FnMut(ChainHint),
    ) {
        let b = *grid;
        for kind in KINDS {
            let region = REGION_OF[kind][cell] as usize;
            let places = b.places(kind, region, digit);
            let count = places.count_ones();
            if !(count == 2 || (rule.multiple && count > 2)) {
                continue;
            }
            if REGIONS[kind][region][places.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            let region_on = self.new_set();
            let region_off = self.new_set();
            let mut outcomes: Vec<(usize, usize, bool)> = Vec::new();
            for k in positions(places) {
                let other = REGIONS[kind][region][k] as usize;
                if other == cell {
                    outcomes.push((on_on, on_off, false));
                    let (sa, sc) = self.two_sets(region_on, on_on);
                    sa.copy_from(sc);
                    let (sa, sc) = self.two_sets(region_off, on_off);
                    sa.copy_from(sc);
                } else {
                    let s_on = self.new_set();
                    let s_off = self.new_set();
                    let q = pot(other, digit);
                    let n = self.node(q, true, Cause::Start, &[]);
                    self.sets[s_on].insert(q, n);
                    self.propagate(grid, rule, Outcome { on: s_on, off: s_off, absurd: None });
                    outcomes.push((s_on, s_off, true));
                    let (sa, sc) = self.two_sets(region_on, s_on);
                    sa.retain_in(sc);
                    let (sa, sc) = self.two_sets(region_off, s_off);
                    sa.retain_in(sc);
                }
            }
            for (set, on) in [(region_on, true), (region_off, false)] {
                let order = self.sets[set].order.clone();
                for q in order {
                    let targets: Vec<u32> = outcomes
                        .iter()
                        .map(|&(s_on, s_off, _)| {
                            let s = if on { s_on } else { s_off };
                            self.sets[s].get(q).expect("in every outcome")
                        })
                        .collect();
                    let start = Cause::Region(kind as u8);
                    if let Some(mut hint) =
                        self.reduction_hint(&b, rule, Kind::Region, start, q, on, &targets, context)
                    {
                        hint.found.unit = Some(super::unit_of(kind, region));
                        sink(hint);
                    }
                }
            }
            self.release(region_on);
            self.release(region_off);
            for (s_on, s_off, owned) in outcomes {
                if owned {
                    self.release(s_on);
                    self.release(s_off);
                }
            }
        }
    }

    /// Sudoku Explainer's `doChaining`: propagates the candidates in the outcome's sets (on
    /// first, one at a time), dynamic rules eliminating on `grid` as they go (undone at the
    /// end), until nothing new follows or a candidate is both on and off.
    fn propagate(&mut self, grid: &mut Board, rule: ChainRule, mut outcome: Outcome) -> Outcome {
        let source = *grid;
        let cell_links = !rule.nishio;
        let mut pending_on: std::collections::VecDeque<u32> = self.sets[outcome.on]
            .order
            .iter()
            .map(|&p| self.sets[outcome.on].node[p as usize])
            .collect();
        let mut pending_off: std::collections::VecDeque<u32> = self.sets[outcome.off]
            .order
            .iter()
            .map(|&p| self.sets[outcome.off].node[p as usize])
            .collect();
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        'outer: loop {
            if pending_on.is_empty() && pending_off.is_empty() {
                break;
            }
            if let Some(p) = pending_on.pop_front() {
                let pp = self.nodes[p as usize].pot;
                on_to_off(grid, pp, cell_links, &mut offs);
                for &(q, cause) in &offs {
                    if let Some(conj) = self.sets[outcome.on].get(q) {
                        let n = self.node(q, false, cause, &[p]);
                        outcome.absurd = Some((conj, n));
                        break 'outer;
                    } else if !self.sets[outcome.off].contains(q) {
                        let n = self.node(q, false, cause, &[p]);
                        self.sets[outcome.off].insert(q, n);
                        pending_off.push_back(n);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let pp = self.nodes[p as usize].pot;
                off_to_on(grid, &source, pp, cell_links, true, &self.sets[outcome.off], &mut ons);
                if rule.dynamic {
                    grid.remove(cell_of(pp), digit_of(pp));
                }
                for (q, cause, hidden) in ons.drain(..) {
                    let mut parents = vec![p];
                    parents.extend(hidden);
                    if let Some(conj) = self.sets[outcome.off].get(q) {
                        let n = self.node(q, true, cause, &parents);
                        outcome.absurd = Some((n, conj));
                        break 'outer;
                    } else if !self.sets[outcome.on].contains(q) {
                        let n = self.node(q, true, cause, &parents);
                        self.sets[outcome.on].insert(q, n);
                        pending_on.push_back(n);
                    }
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() && rule.level > 0 {
                for n in self.advanced(grid, &source, rule, outcome.off) {
                    let q = self.nodes[n as usize].pot;
                    if self.sets[outcome.off].insert(q, n) {
                        pending_off.push_back(n);
                    }
                }
            }
        }
        *grid = source;
        outcome
    }

    /// Sudoku Explainer's `getAdvancedPotentials`: the eliminations the first advanced rule
    /// finds on the board the chain reached, each resting on the chain's eliminations its
    /// pattern needs.
    fn advanced(&mut self, grid: &Board, source: &Board, rule: ChainRule, off_set: usize) -> Vec<u32> {
        let mut out = Vec::new();
        for advanced in rule.advanced_rules() {
            let mut found: Vec<(Vec<(usize, u8)>, Vec<Pot>, Option<u32>)> = Vec::new();
            match advanced {
                Advanced::Chains(nested_rule) => {
                    let index = match self.nested.iter().position(|(r, _)| *r == nested_rule) {
                        Some(i) => i,
                        None => {
                            self.nested.push((nested_rule, Chainer::default()));
                            self.nested.len() - 1
                        }
                    };
                    let hints = self.nested[index].1.hints(grid, nested_rule, true, Some(source));
                    for hint in hints {
                        if !hint.rule_parents.is_empty() {
                            found.push((hint.found.removals, hint.rule_parents, Some(hint.complexity)));
                        }
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
                    let _ = match basic_rule {
                        Advanced::Intersections => basic::intersections(grid, false, &mut collect),
                        Advanced::HiddenPairs => basic::hidden_sets(grid, 2, false, &mut collect),
                        Advanced::NakedPairs => basic::naked_sets(grid, 2, &mut collect),
                        _ => basic::fish(grid, 2, &mut collect),
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
                for (cell, digit) in removals {
                    let n = self.node(pot(cell, digit), false, Cause::Advanced, &real);
                    self.nodes[n as usize].nested = nested.map(|c| (c, id));
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

/// The eliminations (from `initial` to `current`) an intersection, fish or subset found on
/// `current` rests on.
fn basic_rule_parents(hint: &Found, initial: &Board, current: &Board) -> Vec<Pot> {
    let mut out = Vec::new();
    match &hint.parents {
        Parents::Locking { digit, bases, covers } => {
            for &(kind, index) in bases {
                for &c in &REGIONS[kind][index] {
                    let c = c as usize;
                    if initial.has(c, *digit)
                        && !current.has(c, *digit)
                        && !covers.iter().any(|&(k2, i2)| REGION_OF[k2][c] as usize == i2)
                    {
                        out.push(pot(c, *digit));
                    }
                }
            }
        }
        Parents::Hidden { kind, index, digits: set } => {
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

/// A chaining rule as a ladder step: the first of its hints in Sudoku Explainer's order.
pub(crate) fn chains(chainer: &mut Chainer, b: &Board, rule: ChainRule, out: Sink<'_>) -> ControlFlow<()> {
    for hint in chainer.hints(b, rule, false, None) {
        out(hint.found)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_adds_a_tenth_at_each_step() {
        assert_eq!(length_difficulty(6), 0.0);
        assert!((length_difficulty(7) - 0.1).abs() < 1e-9);
        assert!((length_difficulty(8) - 0.1).abs() < 1e-9);
        assert!((length_difficulty(9) - 0.1).abs() < 1e-9);
        assert!((length_difficulty(10) - 0.1).abs() < 1e-9);
        assert!((length_difficulty(11) - 0.2).abs() < 1e-9);
        assert!((length_difficulty(15) - 0.3).abs() < 1e-9);
        assert!((length_difficulty(19) - 0.4).abs() < 1e-9);
    }
}
