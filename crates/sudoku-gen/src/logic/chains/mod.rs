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
//!
//! This module holds the rules, the hints and their measure (length and difficulty), and the
//! [`Chainer`] that runs a search; the searches and their machinery sit in its submodules:
//! - `nodes`: the candidates reached, with their parents, and the sets and queues holding them;
//! - `links`: what each candidate on or off implies on a board, and the reachability that
//!   skips the searches that cannot find anything;
//! - `trail`: what a cycle or forcing-chain search turned on, before any node is made;
//! - `cycles`: cycles and forcing X-, Y- and XY-chains;
//! - `multiple`: Nishio, cell, region, contradiction and double forcing chains;
//! - `propagate`: the propagation of assumptions, static or dynamic;
//! - `nested`: the techniques a nested chain calls on the boards its propagations reach;
//! - `notation`: the chains of a hint kept, as a learner reads them.

mod cycles;
mod links;
mod multiple;
mod nested;
mod nodes;
mod notation;
mod propagate;
mod trail;

use std::ops::ControlFlow;

use sudoku_core::{Meter, Unit};

use super::board::{BLOCK, Board, COL, ROW, bit};
use super::reach::{Graph, Reach};
use super::{Found, Parents, Sink, Technique};
use links::{Links, RegionPlaces};
use nested::NestedHint;
use nodes::{Node, PotSet, Queue, Stamps};
pub use notation::{Chain, Link, LinkReason};
use trail::Turned;

const NONE: u32 = u32::MAX;
const KINDS: [usize; 3] = [BLOCK, ROW, COL];

/// Every cell, as a set.
const ALL_CELLS: u128 = (1 << 81) - 1;

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
    Advanced(Technique),
}

/// The rule: which implications and which conclusions Sudoku Explainer's `Chaining` with the
/// same flags uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    pub(super) found: Found,
    /// The eliminations outside the board it was found on that it rests on (nested use).
    rule_parents: Vec<Pot>,
    /// The nodes its chains lead to, made into chains (`found.chains`) once the search is
    /// over and only if the hint is kept; empty when they are made already, or not needed.
    chain_ends: Vec<u32>,
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

/// The greatest length (complexity) a hint of at least `base` difficulty, of a kind sorted at
/// `sort_key`, may have and still sort before `best` (difficulty, length, kind): `None` when
/// none would.
///
/// A hint of the best one's difficulty comes first only when it is shorter (or as long, of a
/// kind sorted first), so the length stops at the best one's wherever the hint's difficulty
/// can only equal the best one's.
fn longest_kept(base: f64, sort_key: u8, best: (f64, u32, u8)) -> Option<u16> {
    let (difficulty, length, kind) = best;
    if base > difficulty {
        return None;
    }
    let as_long = u16::try_from(length).unwrap_or(u16::MAX);
    let as_hard = if sort_key < kind {
        as_long
    } else {
        as_long.saturating_sub(1)
    };
    let longest =
        longest_below(base, difficulty).max(longest_within(base, difficulty).min(as_hard));
    (longest > 0).then_some(longest)
}

/// The greatest complexity a chain of `base` difficulty may have and be easier than
/// `hardest` (0 when none is).
fn longest_below(base: f64, hardest: f64) -> u16 {
    if base >= hardest {
        return 0;
    }
    longest_while(|added| base + added < hardest)
}

/// The greatest complexity a chain of `base` difficulty may have and be at most `hardest`
/// (`base <= hardest`).
fn longest_within(base: f64, hardest: f64) -> u16 {
    longest_while(|added| base + added <= hardest)
}

/// The greatest complexity a chain may have while `fits` holds for the difficulty its length
/// adds (`fits(0.0)` holding): the length ceilings of `length_difficulty` passed one at a
/// time, its tenths added as it adds them.
fn longest_while(fits: impl Fn(f64) -> bool) -> u16 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while fits(added + 0.1) {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
        if ceil >= i64::from(u16::MAX) {
            return u16::MAX;
        }
    }
    // Lengths up to `ceil` add what was added; the complexity is two more.
    (ceil + 2).min(i64::from(u16::MAX)) as u16
}

/// The outcome of one propagation: the sets of candidates turned on and off, and the
/// contradiction it ran into (the node on and the node off), if any.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    on: usize,
    off: usize,
    absurd: Option<(u32, u32)>,
}

/// Where the hints of one search go: all of them (for nested chains), or only the first in
/// Sudoku Explainer's order, so that the others need not be built.
struct Collector<'a> {
    rule: ChainRule,
    keep_all: bool,
    /// The board the chain started from and the board the search runs on, for the
    /// eliminations a nested hint rests on.
    context: Option<(&'a Board, &'a Board)>,
    best: Option<ChainHint>,
    all: Vec<ChainHint>,
}

impl Collector<'_> {
    /// Whether a hint of this difficulty, length and kind would be kept.
    fn wants(&self, difficulty: f64, complexity: u32, kind: Kind) -> bool {
        self.keep_all
            || self.best.as_ref().is_none_or(|b| {
                (difficulty, complexity, kind.sort_key())
                    < (b.difficulty, b.complexity, b.kind.sort_key())
            })
    }

    /// The greatest length a hint of at least `base` difficulty, of a kind sorted at
    /// `sort_key`, may have and be kept: `None` when none would be.
    fn longest(&self, base: f64, sort_key: u8) -> Option<u16> {
        match self.best.as_ref().filter(|_| !self.keep_all) {
            None => Some(u16::MAX),
            Some(best) => longest_kept(
                base,
                sort_key,
                (best.difficulty, best.complexity, best.kind.sort_key()),
            ),
        }
    }

    fn push(&mut self, hint: ChainHint) {
        if self.keep_all {
            self.all.push(hint);
        } else {
            self.best = Some(hint);
        }
    }
}

/// A chain search: the nodes of the propagations made for one hint search, the sets that
/// hold them, scratch space, and the engines of the chains it nests.
pub(crate) struct Chainer {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The nodes of advanced eliminations with a nested chain behind them, in the order
    /// made: the nested chain's complexity and index.
    nested_of: Vec<(u32, u32, u32)>,
    /// What every outcome of a cell or region leads to (scratch space).
    kept: Vec<(Pot, u32)>,
    sets: Vec<PotSet>,
    /// The sets not in use.
    free: Vec<usize>,
    /// Whether each set is in use.
    in_use: Vec<bool>,
    /// The sets handed out since the last reset (some released since).
    live: Vec<usize>,
    /// The candidates (with polarity) a walk has visited.
    visited: Stamps,
    nested_count: u32,
    nested: Vec<(ChainRule, Chainer)>,
    /// The propagation of each assumption "on", made once per search (the same assumption
    /// starts a cell's chains and the region chains of the cells before it); empty until
    /// the first.
    memo: Vec<Option<Outcome>>,
    /// The candidates with an outcome in `memo`.
    memoised: Vec<Pot>,
    /// The nodes a propagation has yet to follow, with their candidates.
    pending_on: Queue<(u32, Pot)>,
    pending_off: Queue<(u32, Pot)>,
    offs: Vec<(Pot, Cause)>,
    ons: Vec<(Pot, Cause)>,
    hidden: Vec<u32>,
    todo: Vec<u32>,
    links: Links,
    /// What each candidate on or off implies through the links in use, for skipping the
    /// searches that cannot find anything.
    graph: Graph,
    /// The links behind the edges of each candidate on in `graph`, in the same order.
    on_edges: Vec<(Pot, Cause)>,
    reach: Reach,
    /// For each digit, its places on the last board where Nishio found no contradiction from
    /// any of them (Nishio's chains keep to one digit).
    nishio_quiet: [Option<u128>; 9],
    /// The candidates a cycle or forcing-chain search has turned on.
    turned_on: Stamps,
    /// For each digit, its places on the last board where the X pass found nothing from any of
    /// them, and the least length of chain its searches looked for.
    x_quiet: [Option<(u128, u16)>; 9],
    /// Whether `reach` was worked out for the links in use.
    closure: bool,
    /// The nodes of `graph`: candidate `p` on is `dense[2p]`, off `dense[2p + 1]` (`NONE`
    /// when left out).
    dense: Vec<u32>,
    /// The candidates of the board `graph` was built on (scratch space).
    live_pots: Vec<Pot>,
    /// The candidates on of a search's layer and of the next (entries of `trail`).
    layer: Vec<u32>,
    next_layer: Vec<u32>,
    /// What a cycle or forcing-chain search turned on, and the node made for each (`NONE`
    /// for none yet).
    trail: Vec<Turned>,
    trail_node: Vec<u32>,
    /// The region places of the board the dynamic rules search (which they change as they go,
    /// from a copy).
    places: RegionPlaces,
    /// The hints nested searches found, by rule, board and the board the outer chain started
    /// from; kept for one search.
    nested_cache: std::collections::HashMap<(ChainRule, Board, Board), Vec<NestedHint>>,
    /// The account of the caller's budget: each propagation is a node (see
    /// [`Chainer::propagate`]). Unlimited unless a budgeted call puts its meter here.
    pub(crate) meter: Meter,
    /// Scratch space of `chain_to`: the link of each candidate with its polarity.
    chain_index: Vec<u32>,
}

impl Default for Chainer {
    fn default() -> Self {
        Chainer {
            nodes: Vec::new(),
            parents: Vec::new(),
            nested_of: Vec::new(),
            kept: Vec::new(),
            sets: Vec::new(),
            free: Vec::new(),
            in_use: Vec::new(),
            live: Vec::new(),
            visited: Stamps::new(729 * 2),
            nested_count: 0,
            nested: Vec::new(),
            memo: Vec::new(),
            memoised: Vec::new(),
            pending_on: Default::default(),
            pending_off: Default::default(),
            offs: Vec::new(),
            ons: Vec::new(),
            hidden: Vec::new(),
            todo: Vec::new(),
            links: Links::default(),
            graph: Graph::default(),
            on_edges: Vec::new(),
            reach: Reach::default(),
            nishio_quiet: [None; 9],
            turned_on: Stamps::new(729),
            x_quiet: [None; 9],
            closure: false,
            dense: Vec::new(),
            live_pots: Vec::new(),
            layer: Vec::new(),
            next_layer: Vec::new(),
            trail: Vec::new(),
            trail_node: Vec::new(),
            places: RegionPlaces([[0; 27]; 9]),
            nested_cache: Default::default(),
            meter: Meter::default(),
            chain_index: Vec::new(),
        }
    }
}

impl std::fmt::Debug for Chainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chainer").finish_non_exhaustive()
    }
}

/// The base difficulty of a hint of this kind under this rule.
fn base_difficulty(rule: ChainRule, kind: Kind) -> f64 {
    match kind {
        Kind::Cycle { x, y } | Kind::Forcing { x, y } if x && y => 7.0,
        Kind::Cycle { .. } => 6.5,
        Kind::Forcing { .. } => 6.6,
        _ => rule.difficulty(),
    }
}

/// Sudoku Explainer's name of a hint: `flat` is its length without nested chains.
fn hint_name(rule: ChainRule, kind: Kind, flat: u32) -> String {
    match kind {
        Kind::Cycle { x: true, y: true } => "Bidirectional Cycle".into(),
        Kind::Cycle { y: true, .. } => "Bidirectional Y-Cycle".into(),
        Kind::Cycle { .. } if flat == 4 => "Generalized X-Wing".into(),
        Kind::Cycle { .. } => "Bidirectional X-Cycle".into(),
        Kind::Forcing { x: true, y: true } => "Forcing Chain".into(),
        Kind::Forcing { y: true, .. } => "Forcing Y-Chain".into(),
        Kind::Forcing { .. } if flat == 6 => "Turbot Fish".into(),
        Kind::Forcing { .. } => "Forcing X-Chain".into(),
        Kind::Binary { absurd } => rule.name(if rule.nishio {
            "Forcing"
        } else if absurd {
            "Contradiction Forcing"
        } else {
            "Double Forcing"
        }),
        Kind::Cell => rule.name("Cell Forcing"),
        Kind::Region => rule.name("Region Forcing"),
    }
}

/// A hint as found, before it is measured and built.
struct Candidate<'t> {
    kind: Kind,
    /// What the assumptions of cell and region chains rest on.
    start: Cause,
    targets: &'t [u32],
    /// Its length without nested chains.
    flat: u32,
    /// The node whose candidate is placed, when it is on.
    result: Option<u32>,
    unit: Option<Unit>,
}

impl Chainer {
    /// Counts one node of the caller's budget (an assumption propagated, or searched from),
    /// reading its clock and cancel flag: `false` once the budget ran out. A search goes on
    /// after that, each assumption followed no further, so that it ends soon; what it finds
    /// then is not kept (the ladder reads the meter).
    ///
    /// The clock is read at every node, not every [`Meter::STRIDE`]: an assumption costs
    /// microseconds to milliseconds (the nested chains), against tens of nanoseconds for a
    /// reading, and a stride of nested propagations would let a time limit slip by a tenth
    /// of a second.
    fn tick(&mut self) -> bool {
        self.meter.spend() && !self.meter.should_stop()
    }

    /// Every hint of `rule` on `b`, easiest first (difficulty, then length, then kind, then
    /// the order found), as Sudoku Explainer sorts them; with `keep_all` false, only the
    /// first of that order. `initial`: the board an outer chain started from, when this search
    /// is nested in one (each hint then says which of that chain's eliminations it rests on).
    pub(crate) fn hints(
        &mut self,
        b: &Board,
        rule: ChainRule,
        keep_all: bool,
        initial: Option<&Board>,
    ) -> Vec<ChainHint> {
        if self.meter.is_exhausted() {
            // Nothing found after the budget ran out is kept.
            return Vec::new();
        }
        let mut collector = Collector {
            rule,
            keep_all,
            context: initial.map(|i| (i, b)),
            best: None,
            all: Vec::new(),
        };
        self.nested_cache.clear();
        if rule.multiple || rule.dynamic {
            if !rule.dynamic {
                self.links.build(b);
                self.links.use_links(!rule.nishio, true);
            }
            self.multiple_chains(b, &mut collector);
        } else {
            self.links.build(b);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                self.unary_pass(b, y, x, &mut collector);
            }
        }
        // The chains of the hints kept, from nodes that are still there (a multiple chain
        // search resets them only when it starts).
        for hint in collector.best.iter_mut().chain(collector.all.iter_mut()) {
            let ends = std::mem::take(&mut hint.chain_ends);
            if !ends.is_empty() {
                hint.found.chains = ends.iter().map(|&t| self.chain_to(t)).collect();
            }
        }
        self.reset();
        if keep_all {
            let mut all = collector.all;
            // Stable, as Java's sort.
            all.sort_by(|a, b| {
                a.difficulty
                    .partial_cmp(&b.difficulty)
                    .expect("difficulties are numbers")
                    .then(a.complexity.cmp(&b.complexity))
                    .then(a.kind.sort_key().cmp(&b.kind.sort_key()))
            });
            all
        } else {
            collector.best.into_iter().collect()
        }
    }

    /// Whether a hint of `kind` resting on `targets` could be kept, by the least length it can
    /// have: each target's first-parent path, whose candidates all differ, is among its
    /// ancestors.
    fn may_keep(&self, collector: &Collector<'_>, kind: Kind, targets: &[u32]) -> bool {
        let least = self.least_length(targets);
        collector.wants(
            base_difficulty(collector.rule, kind) + length_difficulty(least),
            least,
            kind,
        )
    }

    /// The candidates on the targets' first-parent paths, counted once a target: a length no
    /// chain resting on them is shorter than.
    fn least_length(&self, targets: &[u32]) -> u32 {
        targets
            .iter()
            .map(|&t| u32::from(self.nodes[t as usize].depth) + 1)
            .sum()
    }

    /// Measures a hint and, when the collector keeps it, builds it. `removals` is called only
    /// then.
    fn offer(
        &mut self,
        collector: &mut Collector<'_>,
        candidate: Candidate<'_>,
        removals: impl FnOnce() -> Vec<(usize, u8)>,
    ) {
        let rule = collector.rule;
        let kind = candidate.kind;
        // Nested, a hint is of use only when it rests on eliminations of the outer chain: the
        // others are dropped before anything else is worked out. Its name is never shown.
        let (name, rule_parents) = match collector.context {
            Some((initial, current)) => {
                let parents =
                    self.rule_parents(candidate.targets, candidate.start, initial, current);
                if parents.is_empty() {
                    return;
                }
                (String::new(), parents)
            }
            None => (String::new(), Vec::new()),
        };
        // Only nested rules (level 1 and up) put nested chains behind their candidates.
        let nested = if rule.level > 0 {
            self.nested_complexity(candidate.targets)
        } else {
            0
        };
        debug_assert!(
            candidate.flat >= self.least_length(candidate.targets)
                || matches!(kind, Kind::Cycle { .. }),
            "a chain is at least as long as its first-parent paths"
        );
        let complexity = candidate.flat + nested;
        let difficulty = base_difficulty(rule, kind) + length_difficulty(complexity);
        if !collector.wants(difficulty, complexity, kind) {
            return;
        }
        let name = if collector.context.is_none() {
            hint_name(rule, kind, candidate.flat)
        } else {
            name
        };
        let placement = candidate.result.and_then(|n| {
            let node = self.nodes[n as usize];
            node.on.then(|| (cell_of(node.pot), digit_of(node.pot)))
        });
        // The chains a learner reads, only for the hints shown (not those nested in others).
        // Those of cycles and forcing chains are single paths, made now (their search resets
        // the nodes at each start); the others are made when the search is over, for the
        // hint it keeps.
        let (chains, chain_ends) = match (collector.context, kind) {
            (Some(_), _) => (Vec::new(), Vec::new()),
            (None, Kind::Cycle { .. } | Kind::Forcing { .. }) => {
                (vec![self.path_chain(candidate.targets[0])], Vec::new())
            }
            (None, _) => (Vec::new(), candidate.targets.to_vec()),
        };
        let mut cells: Vec<usize> = candidate
            .targets
            .iter()
            .map(|&t| cell_of(self.nodes[t as usize].pot))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let digits = candidate
            .targets
            .iter()
            .fold(0u16, |m, &t| m | bit(digit_of(self.nodes[t as usize].pot)));
        collector.push(ChainHint {
            kind,
            difficulty,
            complexity,
            rule_parents,
            chain_ends,
            found: Found {
                technique: match kind {
                    Kind::Cycle { .. } | Kind::Forcing { .. } => Technique::ForcingChainsAndCycles,
                    _ => rule.technique(),
                },
                name: name.into(),
                difficulty,
                cells,
                digits,
                unit: candidate.unit,
                placement,
                removals: removals(),
                parents: Parents::None,
                chains,
            },
        });
    }
}

/// A chaining rule as a ladder step: the first of its hints in Sudoku Explainer's order.
pub(crate) fn chains(
    chainer: &mut Chainer,
    b: &Board,
    rule: ChainRule,
    out: Sink<'_>,
) -> ControlFlow<()> {
    for hint in chainer.hints(b, rule, false, None) {
        out(hint.found)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_chain_within_a_difficulty_is_the_last_length_that_fits() {
        for base in [6.5, 6.6, 7.0, 7.5, 8.0, 8.5, 9.0, 9.5] {
            for tenths in 0..=40 {
                let hardest = base + f64::from(tenths) * 0.1;
                for hardest in [hardest - 1e-9, hardest, hardest + 1e-9] {
                    if base > hardest {
                        continue;
                    }
                    let mut depth = 0u16;
                    while depth < u16::MAX
                        && base + length_difficulty(u32::from(depth) + 1) <= hardest
                    {
                        depth += 1;
                    }
                    assert_eq!(longest_within(base, hardest), depth, "{base} {hardest}");
                }
            }
        }
    }

    #[test]
    fn searches_stop_where_no_longer_hint_would_be_kept() {
        // The hints of a pass: its cycles at its base and its forcing chains (a tenth more
        // outside the XY pass), all of the pass's kind.
        let passes = [(6.5, 6.6, 2u8), (6.5, 6.6, 3), (7.0, 7.0, 4)];
        let kept = |(cycle, forcing, key): (f64, f64, u8), length: u32, best: (f64, u32, u8)| {
            [cycle, forcing].iter().any(|&base| {
                let difficulty = base + length_difficulty(length);
                (difficulty, length, key) < best
            })
        };
        let mut bounded = 0;
        for best_base in [6.5, 6.6, 7.0, 7.5, 8.0] {
            for best_key in 1..=7 {
                for best_length in 2..60 {
                    let best = (
                        best_base + length_difficulty(best_length),
                        best_length,
                        best_key,
                    );
                    for pass in passes {
                        let longest = longest_kept(pass.0, pass.2, best);
                        let bound = u32::from(longest.unwrap_or(0));
                        for length in 1..100 {
                            assert_eq!(
                                kept(pass, length, best),
                                length <= bound,
                                "{pass:?} {best:?} length {length}"
                            );
                        }
                        bounded += usize::from(bound < longest_within(pass.0, best.0).into());
                    }
                }
            }
        }
        // The length of the best hint stops some searches before its difficulty would.
        assert!(bounded > 0);
    }

    #[test]
    fn length_adds_a_tenth_at_each_step() {
        // A chain of `complexity` candidates is `complexity - 2` long; a tenth is added each
        // time the length passes 4, 6, 8, 12, 16, 24, 32, ...
        let expected = [
            (6, 0.0),
            (7, 0.1),
            (8, 0.1),
            (9, 0.2),
            (10, 0.2),
            (11, 0.3),
            (14, 0.3),
            (15, 0.4),
            (18, 0.4),
            (19, 0.5),
            (26, 0.5),
            (27, 0.6),
            (34, 0.6),
            (35, 0.7),
        ];
        for (complexity, added) in expected {
            assert!(
                (length_difficulty(complexity) - added).abs() < 1e-9,
                "{complexity}: {}",
                length_difficulty(complexity)
            );
        }
    }
}
