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

use sudoku_core::Unit;

use super::board::{
    BLOCK, Board, COL, PEER_MASK, POSITION_IN, REGION_MASK, REGION_OF, REGIONS, ROW, bit, cells128,
    digits,
};
use super::reach::{Graph, Reach};
use super::{Found, Parents, Sink, Technique, basic};

const NONE: u32 = u32::MAX;
const KINDS: [usize; 3] = [BLOCK, ROW, COL];

/// The passes of unary chains (cell links, region links) that work out the reachability
/// first.
const CLOSURE_PASSES: [(bool, bool); 2] = [(false, true), (true, true)];

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
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    pot: Pot,
    on: bool,
    cause: Cause,
    /// Its first parent (`NONE` for none); the others are
    /// `parents[rest_start..rest_start + rest_len]`.
    first: u32,
    rest_start: u32,
    rest_len: u32,
    /// The length of its first-parent path.
    depth: u16,
}

/// A candidate a cycle or forcing-chain search turned on, with the candidate off it follows
/// from and the entry that turned that one off (`NONE`: the search's source).
#[derive(Clone, Copy)]
struct Turned {
    on: Pot,
    on_cause: Cause,
    off: Pot,
    off_cause: Cause,
    parent: u32,
}

/// A set of indexes emptied at once: an index is in it when it holds the current round's
/// number (a new round empties it).
struct Stamps {
    of: Vec<u32>,
    round: u32,
}

impl Stamps {
    fn new(len: usize) -> Stamps {
        Stamps {
            of: vec![0; len],
            round: 1,
        }
    }

    /// Empties the set.
    fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.of.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }

    #[inline]
    fn contains(&self, i: usize) -> bool {
        self.of[i] == self.round
    }

    /// Adds `i`: whether it was not in the set.
    #[inline]
    fn insert(&mut self, i: usize) -> bool {
        let new = self.of[i] != self.round;
        self.of[i] = self.round;
        new
    }
}

/// A first-in first-out queue for breadth-first searches: a vector read from the front,
/// emptied when all of it has been read.
struct Queue<T> {
    items: Vec<T>,
    head: usize,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue {
            items: Vec::new(),
            head: 0,
        }
    }
}

impl<T: Copy> Queue<T> {
    #[inline]
    fn push_back(&mut self, item: T) {
        self.items.push(item);
    }

    #[inline]
    fn pop_front(&mut self) -> Option<T> {
        let item = self.items.get(self.head).copied();
        if item.is_some() {
            self.head += 1;
        } else {
            self.clear();
        }
        item
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }

    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn extend(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
    }
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

    fn clear(&mut self) {
        for &p in &self.order {
            self.node[p as usize] = NONE;
        }
        self.order.clear();
    }
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

/// The greatest complexity a chain of `base` difficulty may have and be at most `hardest`
/// (`base <= hardest`): the length ceilings of `length_difficulty` passed one at a time, its
/// tenths added as it adds them.
fn longest_within(base: f64, hardest: f64) -> u16 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while base + (added + 0.1) <= hardest {
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

    /// How deep a breadth-first search whose hints have at least `base` difficulty and a
    /// length at least their depth may go and still find a hint that would be kept: `None`
    /// when none would be.
    fn max_depth(&self, base: f64) -> Option<u16> {
        let Some(best) = self.best.as_ref().filter(|_| !self.keep_all) else {
            return Some(u16::MAX);
        };
        if base > best.difficulty {
            return None;
        }
        Some(longest_within(base, best.difficulty))
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
    /// starts a cell's chains and the region chains of the cells before it).
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
    /// them, and the least depth it searched to.
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
}

/// What an outer chain takes from a nested hint: its eliminations, the eliminations of the
/// outer chain it rests on, and its complexity (`None` for the techniques below chains).
type NestedHint = (Vec<(usize, u8)>, Vec<Pot>, Option<u32>);

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
            memo: vec![None; 729],
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
        }
    }
}

thread_local! {
    /// Empty sets that chain searches of this thread dropped, for the next ones (a rating
    /// makes a search of its own, and a set's table is worth keeping).
    static SPARE_SETS: std::cell::RefCell<Vec<PotSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many spare sets a thread keeps at most (3 MB): a search keeps what each candidate
/// assumed implies, two sets a candidate.
const SPARE_SETS_KEPT: usize = 1024;

impl Drop for Chainer {
    fn drop(&mut self) {
        let _ = SPARE_SETS.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            let room = SPARE_SETS_KEPT.saturating_sub(spare.len());
            for mut set in self.sets.drain(..).take(room) {
                set.clear();
                spare.push(set);
            }
        });
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
        self.nested_of.clear();
        self.parents.clear();
        // Only the sets handed out since the last reset can hold anything.
        for i in self.live.drain(..) {
            if self.in_use[i] {
                self.sets[i].clear();
                self.in_use[i] = false;
                self.free.push(i);
            }
        }
        for p in self.memoised.drain(..) {
            self.memo[p as usize] = None;
        }
    }

    fn new_set(&mut self) -> usize {
        let i = self.free.pop().unwrap_or_else(|| {
            let set = SPARE_SETS
                .with(|spare| spare.borrow_mut().pop())
                .unwrap_or_else(PotSet::new);
            self.sets.push(set);
            self.in_use.push(false);
            self.sets.len() - 1
        });
        self.in_use[i] = true;
        self.live.push(i);
        i
    }

    fn release(&mut self, set: usize) {
        self.sets[set].clear();
        self.in_use[set] = false;
        self.free.push(set);
    }

    /// Works out which candidates on each candidate of `b`, on or off, implies through the
    /// links in use, and with `offs` which candidates off too. The candidates on are nodes
    /// `0..n`; the candidates off follow (without `offs`, only those that turn something on:
    /// the others lead nowhere). Only the candidates of the `wanted` digits in the cells of
    /// `cells` are taken, which is exact for links that keep to one digit, or that reach no
    /// other cells; `closure`: work out the reachability too, not only the graph.
    fn build_reach(&mut self, b: &Board, offs: bool, closure: bool, wanted: u16, cells: u128) {
        let mut live = std::mem::take(&mut self.live_pots);
        // Only the candidates of the last build have nodes.
        if self.dense.is_empty() {
            self.dense.resize(729 * 2, NONE);
        }
        for &p in &live {
            self.dense[p as usize * 2] = NONE;
            self.dense[p as usize * 2 + 1] = NONE;
        }
        live.clear();
        for cell in cells128(cells) {
            live.extend(digits(b.cands[cell] & wanted).map(|d| pot(cell, d)));
        }
        let mut nodes = 0;
        for &p in &live {
            self.dense[p as usize * 2] = nodes;
            nodes += 1;
        }
        let on_nodes = nodes;
        for &p in &live {
            if offs || self.links.turns_on(p) {
                self.dense[p as usize * 2 + 1] = nodes;
                nodes += 1;
            }
        }
        self.graph.clear();
        self.on_edges.clear();
        for &p in &live {
            for &(q, cause) in self.links.on_to_off(p) {
                let n = self.dense[q as usize * 2 + 1];
                if n != NONE {
                    self.graph.targets.push(n);
                    self.on_edges.push((q, cause));
                }
            }
            self.graph.end_node();
        }
        for &p in &live {
            if self.dense[p as usize * 2 + 1] != NONE {
                for &(q, _) in self.links.off_to_on(p) {
                    self.graph.targets.push(self.dense[q as usize * 2]);
                }
                self.graph.end_node();
            }
        }
        self.live_pots = live;
        self.closure = closure;
        if closure {
            let bits = if offs { nodes } else { on_nodes };
            self.reach.build(&self.graph, bits as usize);
        }
    }

    /// Whether some candidate, on or off, follows from every candidate of `from` on, by the
    /// reachability worked out last (with the candidates off).
    fn share_conclusion(&self, from: impl Iterator<Item = Pot>) -> bool {
        // A cell's candidates or a digit's places in a region: nine at most.
        let mut nodes = [0u32; 9];
        let mut n = 0;
        for p in from {
            nodes[n] = self.dense[p as usize * 2];
            n += 1;
        }
        self.reach.meet(&nodes[..n])
    }

    /// Whether `from` (a candidate on or off) implies `to` on, through the links of the
    /// reachability worked out last.
    fn implies(&self, from: Pot, from_on: bool, to: Pot) -> bool {
        let a = self.dense[from as usize * 2 + usize::from(!from_on)];
        a != NONE && self.reach.reaches(a, self.dense[to as usize * 2])
    }

    /// A new node resting on `first` (when there is one) and `rest`.
    #[inline]
    fn node(&mut self, p: Pot, on: bool, cause: Cause, first: Option<u32>, rest: &[u32]) -> u32 {
        let (first, rest) = match (first, rest) {
            (Some(f), rest) => (f, rest),
            (None, [f, rest @ ..]) => (*f, rest),
            (None, []) => (NONE, rest),
        };
        let rest_start = self.parents.len() as u32;
        if !rest.is_empty() {
            self.parents.extend_from_slice(rest);
        }
        let depth = if first == NONE {
            0
        } else {
            self.nodes[first as usize].depth.saturating_add(1)
        };
        self.nodes.push(Node {
            pot: p,
            on,
            cause,
            first,
            rest_start,
            rest_len: rest.len() as u32,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    /// A node resting on `first` and the hidden parents `hidden[start..start + len]`.
    fn node_hidden(
        &mut self,
        p: Pot,
        on: bool,
        cause: Cause,
        first: u32,
        start: u32,
        len: u32,
    ) -> u32 {
        let rest_start = self.parents.len() as u32;
        for i in start..start + len {
            let h = self.hidden[i as usize];
            self.parents.push(h);
        }
        let depth = self.nodes[first as usize].depth.saturating_add(1);
        self.nodes.push(Node {
            pot: p,
            on,
            cause,
            first,
            rest_start,
            rest_len: len,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    #[inline]
    fn first_parent(&self, n: u32) -> Option<u32> {
        let first = self.nodes[n as usize].first;
        (first != NONE).then_some(first)
    }

    /// Visits the distinct candidates (with polarity) `n` rests on, itself included, once
    /// each in breadth-first order.
    fn walk(&mut self, n: u32, mut visit: impl FnMut(u32, &Node)) {
        self.visited.next_round();
        let mut todo = std::mem::take(&mut self.todo);
        todo.clear();
        todo.push(n);
        let mut head = 0;
        while head < todo.len() {
            let at = todo[head];
            head += 1;
            let node = self.nodes[at as usize];
            let key = node.pot as usize * 2 + usize::from(node.on);
            if !self.visited.insert(key) {
                continue;
            }
            visit(at, &node);
            if node.first != NONE {
                todo.push(node.first);
            }
            let start = node.rest_start as usize;
            todo.extend_from_slice(&self.parents[start..start + node.rest_len as usize]);
        }
        self.todo = todo;
    }

    /// The number of distinct candidates (with polarity) `n` rests on, itself included.
    fn ancestors(&mut self, n: u32) -> u32 {
        let mut count = 0;
        self.walk(n, |_, _| count += 1);
        count
    }

    /// The complexity of nested chains behind the targets' ancestors, each counted once.
    fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        let mut seen: Vec<u32> = Vec::new();
        let mut total = 0;
        let nested = std::mem::take(&mut self.nested_of);
        for &t in targets {
            self.walk(t, |n, node| {
                if node.cause != Cause::Advanced {
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
    fn rule_parents(
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
}

fn push_unique(out: &mut Vec<Pot>, p: Pot) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// Each cell's peers, in three parts: those of its block, those of its row outside the
/// block, those of its column outside the block.
static PEER_PARTS: [[u128; 3]; 81] = {
    let mut parts = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let block = REGION_MASK[BLOCK][REGION_OF[BLOCK][cell] as usize] & !(1u128 << cell);
        let row = REGION_MASK[ROW][REGION_OF[ROW][cell] as usize] & !block & !(1u128 << cell);
        let col = REGION_MASK[COL][REGION_OF[COL][cell] as usize] & !block & !(1u128 << cell);
        parts[cell] = [block, row, col];
        cell += 1;
    }
    parts
};

/// What an assumption turns off, appended to `out`: with `cell_links`, the other candidates
/// of its cell; then its digit in the other cells of its block, row and column (in that
/// order, each cell once).
#[inline(always)]
fn on_to_off(b: &Board, p: Pot, cell_links: bool, out: &mut Vec<(Pot, Cause)>) {
    let cell = cell_of(p);
    let digit = digit_of(p);
    let [block, row, col] = &PEER_PARTS[cell];
    out.reserve(28);
    if cell_links {
        for d in digits(b.cands[cell] & !bit(digit)) {
            out.push((pot(cell, d), Cause::Cell));
        }
    }
    let others = b.digit_cells[digit as usize - 1];
    for (set, kind) in [
        (others & block, BLOCK),
        (others & row, ROW),
        (others & col, COL),
    ] {
        for c in cells128(set) {
            out.push((pot(c, digit), Cause::Region(kind as u8)));
        }
    }
}

/// The places of each digit in each region (`[digit - 1][kind * 9 + region]`, a bit for each
/// position in the region), kept beside a board: what turns a candidate on when another is
/// turned off is read from them.
#[derive(Clone, Copy)]
struct RegionPlaces([[u16; 27]; 9]);

impl RegionPlaces {
    fn of(b: &Board) -> RegionPlaces {
        let mut places = [[0u16; 27]; 9];
        for cell in 0..81 {
            for d in digits(b.cands[cell]) {
                for kind in KINDS {
                    places[d as usize - 1][kind * 9 + REGION_OF[kind][cell] as usize] |=
                        1 << POSITION_IN[kind][cell];
                }
            }
        }
        RegionPlaces(places)
    }

    /// Takes `digit` out of `cell`'s places, as `Board::remove` does on the board.
    #[inline]
    fn remove(&mut self, cell: usize, digit: u8) {
        let places = &mut self.0[digit as usize - 1];
        for kind in KINDS {
            places[kind * 9 + REGION_OF[kind][cell] as usize] &= !(1 << POSITION_IN[kind][cell]);
        }
    }
}

/// What a candidate turned off turns on, appended to `out`: with `cell_links`, the other
/// candidate of a cell with two; then the other place of its digit in a region with two
/// (block, row, column, each candidate once). `places`: those of the board `b`. The
/// eliminations behind each are `Chainer::hidden_parents`.
#[inline(always)]
fn off_targets(
    b: &Board,
    places: &RegionPlaces,
    p: Pot,
    cell_links: bool,
    out: &mut Vec<(Pot, Cause)>,
) {
    let first = out.len();
    let cell = cell_of(p);
    let digit = digit_of(p);
    let cands = b.cands[cell];
    debug_assert!(
        cands & bit(digit) != 0,
        "a candidate turned off is on the board"
    );
    let rest = cands & !bit(digit);
    if cell_links && rest != 0 && rest & (rest - 1) == 0 {
        let other = rest.trailing_zeros() as u8 + 1;
        out.push((pot(cell, other), Cause::Cell));
    }
    let now = &places.0[digit as usize - 1];
    for kind in KINDS {
        let region = REGION_OF[kind][cell] as usize;
        let places = now[kind * 9 + region];
        let rest = places & !(1 << POSITION_IN[kind][cell]);
        // Two places: this one and one other.
        if rest == 0 || rest & (rest - 1) != 0 || places == rest {
            continue;
        }
        let q = pot(
            REGIONS[kind][region][rest.trailing_zeros() as usize] as usize,
            digit,
        );
        if out[first..].iter().any(|&(o, _)| o == q) {
            continue;
        }
        out.push((q, Cause::Region(kind as u8)));
    }
}

/// The implications of every candidate on a board that does not change during a search
/// (every chain but the dynamic ones), worked out once, in the order `on_to_off` and
/// `off_targets` give them: for each candidate, the links through its cell first, then those
/// through its regions, so that one table serves searches with either kind or both.
#[derive(Default)]
struct Links {
    /// Per candidate: where its cell links and its region links start.
    on_at: Vec<[u32; 2]>,
    on: Vec<(Pot, Cause)>,
    off_at: Vec<[u32; 2]>,
    off: Vec<(Pot, Cause)>,
    /// Which links the search uses.
    cell_links: bool,
    region_links: bool,
    /// The board they were worked out on (the rules of one step share them).
    board: Option<Board>,
}

impl Links {
    fn build(&mut self, b: &Board) {
        if self.board == Some(*b) {
            return;
        }
        self.board = Some(*b);
        let places = RegionPlaces::of(b);
        self.on_at.clear();
        self.on.clear();
        self.off_at.clear();
        self.off.clear();
        for cell in 0..81 {
            let cands = b.cands[cell];
            for digit in 1..=9u8 {
                let on_start = self.on.len() as u32;
                let off_start = self.off.len() as u32;
                if cands & bit(digit) == 0 {
                    self.on_at.push([on_start, on_start]);
                    self.off_at.push([off_start, off_start]);
                    continue;
                }
                // The links through the cell come first: its other candidates, and the other
                // one of a cell with two.
                let p = pot(cell, digit);
                on_to_off(b, p, true, &mut self.on);
                self.on_at
                    .push([on_start, on_start + cands.count_ones() - 1]);
                off_targets(b, &places, p, true, &mut self.off);
                let cell_ons = u32::from(cands.count_ones() == 2);
                self.off_at.push([off_start, off_start + cell_ons]);
            }
        }
        self.on_at.push([self.on.len() as u32; 2]);
        self.off_at.push([self.off.len() as u32; 2]);
    }

    /// Which links the next searches use.
    fn use_links(&mut self, cell_links: bool, region_links: bool) {
        self.cell_links = cell_links;
        self.region_links = region_links;
    }

    #[inline]
    fn on_to_off(&self, p: Pot) -> &[(Pot, Cause)] {
        let [start, regions] = self.on_at[p as usize];
        let end = self.on_at[p as usize + 1][0];
        let start = if self.cell_links { start } else { regions };
        &self.on[start as usize..end as usize]
    }

    /// Whether `p` turned off turns anything on.
    #[inline]
    fn turns_on(&self, p: Pot) -> bool {
        !self.off_to_on(p).is_empty()
    }

    #[inline]
    fn off_to_on(&self, p: Pot) -> &[(Pot, Cause)] {
        let [start, regions] = self.off_at[p as usize];
        let end = self.off_at[p as usize + 1][0];
        let start = if self.cell_links { start } else { regions };
        let end = if self.region_links { end } else { regions };
        &self.off[start as usize..end as usize]
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

    /// One pass of cycles and forcing X- or Y-chains (`y`: through cells, `x`: through
    /// regions) from every candidate in turn.
    ///
    /// The X pass keeps to one digit a chain: a digit whose places are those it found nothing
    /// from before, searched as deep, is skipped.
    fn unary_pass(&mut self, b: &Board, y: bool, x: bool, collector: &mut Collector<'_>) {
        let base = if x && y { 7.0 } else { 6.5 };
        // A pass whose hints would all be harder than one found is skipped.
        let Some(deepest) = collector.max_depth(base) else {
            return;
        };
        let x_only = x && !y;
        // For each digit whose places are those the X pass found nothing from, how deep it
        // searched then; the digits it would skip at every depth this pass can reach.
        let known: [Option<u16>; 9] = std::array::from_fn(|i| {
            self.x_quiet[i]
                .filter(|&(places, _)| x_only && places == b.digit_cells[i])
                .map(|(_, deep)| deep)
        });
        let wanted = (1..=9u8)
            .filter(|&d| known[d as usize - 1].is_none_or(|deep| deepest > deep))
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
            if b.values[cell] != 0 || b.count(cell) <= 1 {
                continue;
            }
            for d in digits(b.cands[cell] & wanted) {
                let i = d as usize - 1;
                if x_only {
                    let depth = collector.max_depth(base).unwrap_or(0);
                    depths[i] = depths[i].min(depth);
                    if known[i].is_some_and(|deep| depth <= deep) {
                        continue;
                    }
                }
                if self.unary_chaining(b, pot(cell, d), y, x, collector) {
                    found_digits |= bit(d);
                }
            }
        }
        if x_only {
            // A digit left out keeps its record; one searched is quiet to the least depth its
            // starts were searched (or skipped) at.
            for d in digits(wanted) {
                let i = d as usize - 1;
                self.x_quiet[i] =
                    (found_digits & bit(d) == 0).then_some((b.digit_cells[i], depths[i]));
            }
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
            },
        });
    }

    // ----- cycles and forcing X- and Y-chains -----

    fn unary_chaining(
        &mut self,
        b: &Board,
        start: Pot,
        y: bool,
        x: bool,
        collector: &mut Collector<'_>,
    ) -> bool {
        if b.count(cell_of(start)) > 2 && !x {
            return false;
        }
        let Some(max_depth) = collector.max_depth(if x && y { 7.0 } else { 6.5 }) else {
            return false;
        };
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
        // The nodes of the search before are no longer needed.
        self.reset();
        let source = self.node(start, true, Cause::Start, None, &[]);
        let mut cycles = Vec::new();
        let mut chains: Vec<u32> = Vec::new();
        // Forcing chains run with region links only (Sudoku Explainer looks for them in its
        // X and XY passes); from the start on, the cycle search finds them too.
        if cycles_possible || chains_on {
            self.cycles(source, max_depth, &mut cycles, x.then_some(&mut chains));
        }
        if chains_off {
            let off = self.node(start, false, Cause::Start, None, &[]);
            self.forcing_chains(off, max_depth, &mut chains);
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
    /// again, no deeper than `max_depth`. Uses the links built for this search. A candidate
    /// off gets a node only when something rests on it.
    ///
    /// With `chains`, it also collects what the forcing chains from the same assumption find
    /// (the start turned off): their search is the same breadth-first walk, candidate for
    /// candidate (the repeats kept here only close cycles), so one walk does both.
    fn cycles(
        &mut self,
        source: u32,
        max_depth: u16,
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
        // The length of the candidates on of the layer; the candidates off are one longer.
        let mut length = 1u16;
        while !layer.is_empty() && length <= max_depth {
            let offs_too = length < max_depth;
            for &t in &layer {
                let pp = if t == NONE {
                    start
                } else {
                    self.trail[t as usize].on
                };
                if turn_start_off[pp as usize / 64] & (1 << (pp % 64)) != 0 {
                    if let Some(chains) = chains.as_deref_mut() {
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
                    if !offs_too {
                        continue;
                    }
                    for &(r, cause2) in links.off_to_on(q) {
                        if length + 1 >= 4 && r == start {
                            let p = self.turned_node(source, t, false);
                            let off = self.node(q, false, cause, Some(p), &[]);
                            let n = self.node(r, true, cause2, Some(off), &[]);
                            cycles.push(n);
                        }
                        if self.turned_on.insert(r as usize) {
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
            if !offs_too {
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

    /// Whether a candidate off `q` is on the path of the cycle search's entry `t` (`NONE`:
    /// the start).
    fn turned_after(&self, mut t: u32, q: Pot) -> bool {
        while t != NONE {
            let turned = &self.trail[t as usize];
            if turned.off == q {
                return true;
            }
            t = turned.parent;
        }
        false
    }

    /// The node of the search's entry `t` (`NONE`: the start, `source`), made with the nodes
    /// of its path when it has none yet. `from_off`: the source is a candidate off, the one
    /// the entries without parent follow from (a cycle search starts from one on).
    fn turned_node(&mut self, source: u32, t: u32, from_off: bool) -> u32 {
        if t == NONE {
            return source;
        }
        if self.trail_node[t as usize] != NONE {
            return self.trail_node[t as usize];
        }
        let turned = self.trail[t as usize];
        let off = if from_off && turned.parent == NONE {
            source
        } else {
            let up = self.turned_node(source, turned.parent, from_off);
            self.node(turned.off, false, turned.off_cause, Some(up), &[])
        };
        let on = self.node(turned.on, true, turned.on_cause, Some(off), &[]);
        self.trail_node[t as usize] = on;
        on
    }

    /// Empties the trail and what was turned on, for a new search.
    fn start_trail(&mut self) {
        self.trail.clear();
        self.trail_node.clear();
        self.turned_on.next_round();
    }

    /// Adds an entry to the trail (without a node yet): its index.
    fn turn(&mut self, turned: Turned) -> u32 {
        self.trail.push(turned);
        self.trail_node.push(NONE);
        (self.trail.len() - 1) as u32
    }

    /// Sudoku Explainer's `doForcingChains` from a candidate off (`source`): breadth first,
    /// each candidate once, looking for it on. Uses the links built for this search.
    fn forcing_chains(&mut self, source: u32, max_depth: u16, chains: &mut Vec<u32>) {
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
        // The layer (depth of the candidates reached): the source's, then on and off
        // alternately.
        let mut depth = src.depth;
        if depth < max_depth {
            depth += 1;
            off_seen[src.pot as usize / 64] |= 1 << (src.pot % 64);
            turn_on(self, &mut layer, src.pot, src.cause, NONE);
        }
        while !layer.is_empty() && depth < max_depth {
            depth += 1;
            let offs_too = depth < max_depth;
            let mut offs = false;
            for &t in &layer {
                let pp = self.trail[t as usize].on;
                for &(q, cause) in links.on_to_off(pp) {
                    // Every candidate off on the path to p was seen, so an unseen one is
                    // not on it (Sudoku Explainer tests that too).
                    // One that turns nothing on leads nowhere and is left out.
                    if !seen(&off_seen, q) && links.turns_on(q) {
                        off_seen[q as usize / 64] |= 1 << (q % 64);
                        offs = true;
                        if offs_too {
                            turn_on(self, &mut next, q, cause, t);
                        }
                    }
                }
            }
            if !offs_too {
                break;
            }
            if offs {
                depth += 1;
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        self.layer = layer;
        self.next_layer = next;
        self.links = links;
    }

    // ----- multiple, Nishio, dynamic and nested chains -----

    /// The propagation of `p` on, from memory when it was made before in this search.
    fn on_outcome(&mut self, grid: &mut Board, rule: ChainRule, p: Pot) -> Outcome {
        if let Some(outcome) = self.memo[p as usize] {
            return outcome;
        }
        let on = self.new_set();
        let off = self.new_set();
        let start = self.node(p, true, Cause::Start, None, &[]);
        self.sets[on].insert(p, start);
        let outcome = self.propagate(
            grid,
            rule,
            Outcome {
                on,
                off,
                absurd: None,
            },
        );
        self.memo[p as usize] = Some(outcome);
        self.memoised.push(p);
        outcome
    }

    fn multiple_chains(&mut self, b: &Board, collector: &mut Collector<'_>) {
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
        if contradiction {
            if let Some((a, c)) = on
                .absurd
                .filter(|&(a, c)| self.may_keep(collector, Kind::Binary { absurd: true }, &[a, c]))
            {
                let flat = self.ancestors(a) + self.ancestors(c);
                let candidate = Candidate {
                    kind: Kind::Binary { absurd: true },
                    start: Cause::Start,
                    targets: &[a, c],
                    flat,
                    result: None,
                    unit: None,
                };
                self.offer(collector, candidate, || vec![(cell, digit)]);
            }
        }
        let off_on = self.new_set();
        let off_off = self.new_set();
        let start_off = self.node(p, false, Cause::Start, None, &[]);
        self.sets[off_off].insert(p, start_off);
        let off = self.propagate(
            grid,
            rule,
            Outcome {
                on: off_on,
                off: off_off,
                absurd: None,
            },
        );
        if contradiction {
            if let Some((a, c)) = off
                .absurd
                .filter(|&(a, c)| self.may_keep(collector, Kind::Binary { absurd: true }, &[a, c]))
            {
                let result = self.node(p, true, Cause::Start, None, &[]);
                let flat = self.ancestors(a) + self.ancestors(c);
                let candidate = Candidate {
                    kind: Kind::Binary { absurd: true },
                    start: Cause::Start,
                    targets: &[a, c],
                    flat,
                    result: Some(result),
                    unit: None,
                };
                self.offer(collector, candidate, || {
                    digits(b.cands[cell] & !bit(digit))
                        .map(|d| (cell, d))
                        .collect()
                });
            }
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
                    let flat = self.ancestors(from_on) + self.ancestors(from_off);
                    let candidate = Candidate {
                        kind,
                        start: Cause::Start,
                        targets: &[from_on, from_off],
                        flat,
                        result: Some(from_on),
                        unit: None,
                    };
                    self.offer(collector, candidate, || {
                        if placing {
                            digits(b.cands[c] & !bit(d)).map(|x| (c, x)).collect()
                        } else {
                            vec![(c, d)]
                        }
                    });
                }
            }
        }
        self.release(off_on);
        self.release(off_off);
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
            let unit = Some(super::unit_of(kind, region));
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

    /// Sudoku Explainer's `doChaining`: propagates the candidates in the outcome's sets (on
    /// first, one at a time), dynamic rules eliminating on `grid` as they go (undone at the
    /// end), until nothing new follows or a candidate is both on and off.
    fn propagate(&mut self, grid: &mut Board, rule: ChainRule, outcome: Outcome) -> Outcome {
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

    /// Sudoku Explainer's `getAdvancedPotentials`: the eliminations the first advanced rule
    /// finds on the board the chain reached, each resting on the chain's eliminations its
    /// pattern needs.
    fn advanced(
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
                        let hints =
                            self.nested[index]
                                .1
                                .hints(grid, nested_rule, true, Some(source));
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
                for (cell, digit) in removals {
                    let n = self.node(pot(cell, digit), false, Cause::Advanced, None, &real);
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
