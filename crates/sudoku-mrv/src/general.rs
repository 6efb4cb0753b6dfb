//! [`MrvVariantSolver`]: the general engine, for puzzles of every size (4x4 to 25x25) and
//! variant (Sudoku X, windoku, jigsaw). The 9x9 band engine of [`MrvSolver`](crate::MrvSolver)
//! stays the classic solver; this one trades its tables for plain per-cell masks that fit
//! any shape and any set of units.

use std::sync::Arc;

use sudoku_core::{
    Budget, Clash, CountSolutions, Meter, Puzzle, Rules, SearchStats, Solver, Unsettled, Verdict,
};

/// A solver of Sudoku of every size and variant: a candidate mask per cell (a `u32`, bit
/// `d - 1` for digit `d`, up to 25 digits), naked and hidden singles propagated over every
/// unit, branching where the fewest choices are left (minimum remaining values), and undo
/// on backtrack from a trail of changed masks.
///
/// - **Naked singles**: placing a digit removes it from the masks of the cell's peers (the
///   other cells of its rows, columns, region and extra units); a peer left with one
///   candidate is placed in turn, a peer left with none ends the branch.
/// - **Hidden singles**: for each unit and digit the engine counts the cells where the digit
///   may still go, updated with every mask change; a count that falls to 0 ends the branch,
///   one that falls to 1 places the digit in its last cell.
/// - **Locked candidates**: when singles give nothing more, for every two units that meet
///   in two cells or more (a box and a row, a jigsaw region and a column, a diagonal and a
///   box), a digit whose places in one lie all where it meets the other leaves the rest of
///   the other; only the units and digits whose places changed since the last look are
///   looked at again.
/// - **Where to branch**: when nothing more follows, the search branches on the unsolved
///   cell with the fewest candidates (minimum remaining values), of those the one whose units
///   have the fewest digits left to place (where the board is nearly settled, a wrong guess
///   fails soonest), trying its digits in increasing order; or, when a digit has fewer places
///   left in some unit than that cell has candidates, on the places of that digit, as an
///   exact-cover search would. Each cell and each digit of a unit is weighted by the dead
///   ends it caused so far in this puzzle (a cell left without candidate, a digit left
///   without place), and choices are compared per weight, so the search goes first where
///   the board keeps failing.
/// - **Restarts**: while no solution is found, the search starts over from the givens after
///   5,000 nodes, then after half as many more each time, keeping the weights: a search for
///   one solution is heavy-tailed (on half-empty 25x25 boards one early wrong guess can cost
///   millions of nodes that another order avoids), and the growing attempts keep it
///   complete, so counts and proofs of no solution stay exact.
/// - **Undo**: every mask change is pushed on a trail with the mask it replaced; a failed
///   branch pops the trail back to where it started (restoring the counts of places too), so
///   the state is never copied.
///
/// The units and peers of the last rules seen are kept, so a run of puzzles with the same
/// rules builds them once; nothing is allocated per search node. [`stats`](Solver::stats)
/// counts `nodes` (states propagated, the root included) and `guesses` (digits tried at
/// branch points).
///
/// ```
/// use sudoku_mrv::{CountSolutions, Puzzle, Rules, Solver, MrvVariantSolver};
///
/// // A 6x6 Sudoku X: both long diagonals hold 1 to 6 too.
/// let plain: Puzzle = "......2...56....1..4...............1".parse()?;
/// let puzzle = Puzzle::new(Rules::new(plain.rules().shape()).with_diagonals(true), plain.cells().to_vec())?;
/// let mut solver = MrvVariantSolver::default();
/// let answer = solver.solve(&puzzle).solution().expect("a solution");
/// assert!(answer.solves(&puzzle));
/// assert_eq!(answer.to_string(), "516432234156652314341625165243423561");
/// assert!(solver.is_unique(&puzzle));
/// // Without the diagonals the same givens have many solutions.
/// assert_eq!(solver.count_solutions(&plain, 10), 10);
/// # Ok::<(), sudoku_mrv::VariantError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct MrvVariantSolver {
    config: MrvVariantConfig,
    /// The units and peers of the last rules seen, with those rules.
    topology: Option<(Arc<Rules>, Topology)>,
    state: State,
    stats: SearchStats,
}

/// Settings of [`MrvVariantSolver`]; every value is valid. Answers never depend on them,
/// only the effort does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MrvVariantConfig {
    /// Nodes of a first attempt that finds no solution before the search starts over from
    /// the givens, keeping the dead ends it counted; each attempt is then half as long again
    /// as the one before. 0 never starts over.
    ///
    /// Default: 5,000 (the restarts take the slowest of the half-empty 25x25 boards measured
    /// from millions of nodes to thousands; see `docs/mrv.md`).
    pub restart_nodes: u64,
}

impl Default for MrvVariantConfig {
    fn default() -> MrvVariantConfig {
        MrvVariantConfig {
            restart_nodes: 5_000,
        }
    }
}

/// Which cells make up each unit, and where each cell sits in its units, for one set of
/// rules.
#[derive(Clone, Debug)]
struct Topology {
    /// The side of the board.
    n: usize,
    /// Every unit's cells, unit after unit (`n` each).
    unit_cells: Vec<u16>,
    /// The units of each cell, `slots[slot_start[c]..slot_start[c + 1]]`.
    slots: Vec<Slot>,
    slot_start: Vec<u32>,
    /// Every ordered pair of units that share two cells or more (and not all): where locked
    /// candidates are looked for; the pairs of unit `u` first are
    /// `pairs[pair_start[u]..pair_start[u + 1]]`.
    pairs: Vec<Pair>,
    pair_start: Vec<u32>,
    /// For each unit, the most cells it shares with another: a digit with more places than
    /// that cannot be locked in an intersection.
    widest: Vec<u32>,
}

/// Two units `u` and `v` that meet in two cells or more: the cells they share, as positions
/// in each.
#[derive(Clone, Copy, Debug)]
struct Pair {
    /// Unit `v` times 32, as in [`Slot::base`].
    v: u32,
    /// The shared cells' positions in `u`.
    in_u: u32,
    /// The shared cells' positions in `v`.
    in_v: u32,
}

/// A cell's place in one of its units.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The unit times 32: the index of the unit's digit 1 in [`State::places`].
    base: u32,
    /// The bit of the cell's position in the unit.
    bit: u32,
}

impl Topology {
    fn new(rules: &Rules) -> Topology {
        let n = rules.size();
        let cells = n * n;
        let mut unit_cells = Vec::with_capacity(rules.units().len() * n);
        let mut slots_of: Vec<Vec<Slot>> = vec![Vec::new(); cells];
        for (u, (_, members)) in rules.units().iter().enumerate() {
            debug_assert_eq!(members.len(), n, "every unit has n cells");
            unit_cells.extend_from_slice(members);
            for (pos, &cell) in members.iter().enumerate() {
                slots_of[usize::from(cell)].push(Slot {
                    base: (u as u32) << 5,
                    bit: 1 << pos,
                });
            }
        }
        let units = rules.units().len();
        let mut shared = vec![(0u32, 0u32); units * units];
        for cell_slots in &slots_of {
            for a in cell_slots {
                for b in cell_slots {
                    let at = (a.base >> 5) as usize * units + (b.base >> 5) as usize;
                    shared[at].0 |= a.bit;
                    shared[at].1 |= b.bit;
                }
            }
        }
        let mut pairs = Vec::new();
        let mut pair_start = vec![0];
        for u in 0..units {
            for v in (0..units).filter(|&v| v != u) {
                let (in_u, in_v) = shared[u * units + v];
                if in_u.count_ones() >= 2 && (in_u.count_ones() as usize) < n {
                    pairs.push(Pair {
                        v: (v as u32) << 5,
                        in_u,
                        in_v,
                    });
                }
            }
            pair_start.push(pairs.len() as u32);
        }
        let widest = (0..units)
            .map(|u| {
                pairs[pair_start[u] as usize..pair_start[u + 1] as usize]
                    .iter()
                    .map(|p| p.in_u.count_ones())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut slots = Vec::new();
        let mut slot_start = vec![0];
        for cell_slots in slots_of {
            slots.extend(cell_slots);
            slot_start.push(slots.len() as u32);
        }
        Topology {
            n,
            unit_cells,
            slots,
            slot_start,
            pairs,
            pair_start,
            widest,
        }
    }

    fn units(&self) -> usize {
        self.unit_cells.len() / self.n
    }

    /// The cell at position `pos` of unit `u`.
    #[inline]
    fn cell(&self, u: usize, pos: usize) -> usize {
        usize::from(self.unit_cells[u * self.n + pos])
    }

    /// The units of `cell` with its position in each.
    #[inline]
    fn slots(&self, cell: usize) -> &[Slot] {
        &self.slots[self.slot_start[cell] as usize..self.slot_start[cell + 1] as usize]
    }
}

/// How setting up a puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setup {
    /// Ready to search.
    Ready,
    /// Two givens clash.
    Clash,
    /// A cell, or a digit of a unit, has no place left.
    NoSolution,
}

/// The search state, its buffers kept from one puzzle to the next.
#[derive(Clone, Debug, Default)]
struct State {
    /// The candidates of each cell.
    masks: Vec<u32>,
    /// For unit `u` and digit `d` (index `u * 32 + d - 1`): the positions in the unit of the
    /// cells where the digit may still go, as bits (a placed cell counts for its digit).
    places: Vec<u32>,
    /// Whether each cell is placed (its digit removed from the rest of its units).
    placed: Vec<bool>,
    /// The number of places of each digit of each unit (kept with `places`).
    place_counts: Vec<u8>,
    /// The digits placed in each unit.
    done: Vec<u32>,
    /// The placed cells, in order, to undo placements.
    placements: Vec<u16>,
    /// Every mask change: the cell and the mask it had before.
    trail: Vec<(u16, u32)>,
    /// For each unit, the digits whose places changed since locked candidates last looked at
    /// it (every other unit and digit has none to give).
    dirty: Vec<u32>,
    /// Cells narrowed to one candidate and not yet placed.
    queue: Vec<u16>,
    /// Units and digits (indices into `places`) left with one place: hidden singles.
    hidden: Vec<u32>,
    /// The dead ends each cell caused (left without candidate) in this puzzle's search.
    cell_weight: Vec<u32>,
    /// The dead ends each digit of each unit caused (left without place), as `places`.
    place_weight: Vec<u32>,
    /// Whether a weight was counted since they were last cleared.
    weighted: bool,
}

impl State {
    /// Sets up the puzzle's givens on an empty board of `topology`: places them, leaves
    /// each open cell the digits its units do not hold, and records where each digit may go
    /// in each unit, all without the trail (the search never undoes the givens). Queues the
    /// naked and hidden singles this reveals.
    fn reset(&mut self, topology: &Topology, cells: &[u8]) -> Setup {
        let n = topology.n;
        let count = cells.len();
        self.masks.clear();
        self.masks.resize(count, full_mask(n));
        self.places.clear();
        self.places.resize(topology.units() << 5, 0);
        self.placed.clear();
        self.placed.resize(count, false);
        self.done.clear();
        self.done.resize(topology.units(), 0);
        self.dirty.clear();
        self.dirty.resize(topology.units(), full_mask(n));
        self.placements.clear();
        self.trail.clear();
        self.queue.clear();
        self.hidden.clear();
        // Sized for these rules; the counts carry over a restart (see `clear_weights`).
        self.cell_weight.resize(count, 0);
        self.place_weight.resize(self.places.len(), 0);
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                let bit = 1 << (digit - 1);
                self.masks[cell] = bit;
                self.placed[cell] = true;
                self.placements.push(cell as u16);
                for slot in topology.slots(cell) {
                    let done = &mut self.done[(slot.base >> 5) as usize];
                    if *done & bit != 0 {
                        return Setup::Clash;
                    }
                    *done |= bit;
                }
            }
        }
        for cell in 0..count {
            let mut mask = self.masks[cell];
            if !self.placed[cell] {
                let mut used = 0;
                for slot in topology.slots(cell) {
                    used |= self.done[(slot.base >> 5) as usize];
                }
                mask &= !used;
                if mask == 0 {
                    return Setup::NoSolution;
                }
                self.masks[cell] = mask;
                if mask & (mask - 1) == 0 {
                    self.queue.push(cell as u16);
                }
            }
            for slot in topology.slots(cell) {
                let mut bits = mask;
                while bits != 0 {
                    self.places[(slot.base + bits.trailing_zeros()) as usize] |= slot.bit;
                    bits &= bits - 1;
                }
            }
        }
        // Only the first `n` digits of each unit are ever read.
        self.place_counts.resize(self.places.len(), 0);
        for u in 0..topology.units() {
            for d in 0..n {
                let at = u << 5 | d;
                let places = self.places[at];
                self.place_counts[at] = places.count_ones() as u8;
                if places == 0 {
                    return Setup::NoSolution;
                }
                if places & (places - 1) == 0 && self.done[u] & 1 << d == 0 {
                    self.hidden.push(at as u32);
                }
            }
        }
        Setup::Ready
    }

    /// Forgets the dead ends counted so far (for a new puzzle).
    fn clear_weights(&mut self) {
        if self.weighted {
            self.cell_weight.fill(0);
            self.place_weight.fill(0);
            self.weighted = false;
        }
    }

    /// Replaces the mask of `cell` by `mask` (a subset), recording the old one and removing
    /// the cell from the places of each removed digit in its units; `false` when a digit is
    /// left without place in a unit.
    #[inline]
    fn set_mask(&mut self, topology: &Topology, cell: usize, mask: u32) -> bool {
        let old = self.masks[cell];
        self.trail.push((cell as u16, old));
        self.masks[cell] = mask;
        let removed = old & !mask;
        let mut ok = true;
        for slot in topology.slots(cell) {
            self.dirty[(slot.base >> 5) as usize] |= removed;
            let mut bits = removed;
            while bits != 0 {
                let at = (slot.base + bits.trailing_zeros()) as usize;
                bits &= bits - 1;
                let left = self.places[at] & !slot.bit;
                self.places[at] = left;
                self.place_counts[at] -= 1;
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        self.place_weight[at] = self.place_weight[at].saturating_add(1);
                        self.weighted = true;
                        ok = false;
                    } else {
                        self.hidden.push(at as u32);
                    }
                }
            }
        }
        ok
    }

    /// Places the one candidate of `cell` and removes it from the other cells of its units
    /// that still have it; `false` when one of them is left with no candidate or a digit
    /// without place.
    #[inline]
    fn place(&mut self, topology: &Topology, cell: usize) -> bool {
        let bit = self.masks[cell];
        let digit = bit.trailing_zeros();
        self.placed[cell] = true;
        self.placements.push(cell as u16);
        // Every unit first: undo gives the digit back to all of them, even when a removal
        // below ends the branch halfway.
        for slot in topology.slots(cell) {
            let unit = (slot.base >> 5) as usize;
            self.done[unit] |= bit;
        }
        for &slot in topology.slots(cell) {
            let unit = (slot.base >> 5) as usize;
            let mut others = self.places[(slot.base + digit) as usize] & !slot.bit;
            while others != 0 {
                let peer = topology.cell(unit, others.trailing_zeros() as usize);
                others &= others - 1;
                let left = self.masks[peer] & !bit;
                if left == 0 {
                    self.cell_weight[peer] = self.cell_weight[peer].saturating_add(1);
                    self.weighted = true;
                    return false;
                }
                if !self.set_mask(topology, peer, left) {
                    return false;
                }
                if left & (left - 1) == 0 {
                    self.queue.push(peer as u16);
                }
            }
        }
        true
    }

    /// Naked and hidden singles until nothing follows; `false` when the board has no
    /// solution (a cell without candidate, a digit without place in a unit, a cell needed by
    /// two digits). Leaves the queues empty either way.
    fn propagate(&mut self, topology: &Topology) -> bool {
        let ok = self.singles(topology);
        if !ok {
            self.queue.clear();
            self.hidden.clear();
        }
        ok
    }

    fn singles(&mut self, topology: &Topology) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                if !self.placed[cell] && !self.place(topology, cell) {
                    return false;
                }
            }
            let Some(at) = self.hidden.pop() else {
                return true;
            };
            let (unit, bit) = ((at >> 5) as usize, 1u32 << (at & 31));
            let places = self.places[at as usize];
            if places & places.wrapping_sub(1) != 0 || self.done[unit] & bit != 0 {
                // Places were restored by an undo, or the digit is placed in the unit.
                continue;
            }
            let cell = topology.cell(unit, places.trailing_zeros() as usize);
            let mask = self.masks[cell];
            if mask != bit {
                // The digit's last place in the unit: the cell holds nothing else.
                if !self.set_mask(topology, cell, bit) {
                    return false;
                }
                self.queue.push(cell as u16);
            }
        }
    }

    /// Locked candidates over every pair of units that meet in two cells or more (a box and
    /// a row, a jigsaw region and a column, a diagonal and a box, ...): when a digit's places
    /// in unit `u` all lie where `u` meets `v`, the digit leaves the rest of `v`. Returns
    /// whether anything was removed, or `None` when a removal emptied a cell or a unit.
    fn locked(&mut self, topology: &Topology) -> Option<bool> {
        let mut changed = false;
        for u in 0..topology.units() {
            let digits = self.dirty[u] & !self.done[u];
            self.dirty[u] = 0;
            if digits == 0 {
                continue;
            }
            let pairs = &topology.pairs
                [topology.pair_start[u] as usize..topology.pair_start[u + 1] as usize];
            let mut open = digits;
            while open != 0 {
                let d = open.trailing_zeros();
                open &= open - 1;
                let places = self.places[(u << 5) + d as usize];
                if places.count_ones() > topology.widest[u] {
                    continue;
                }
                for pair in pairs {
                    if places & !pair.in_u != 0 {
                        continue;
                    }
                    let v = (pair.v >> 5) as usize;
                    let mut others = self.places[(pair.v + d) as usize] & !pair.in_v;
                    while others != 0 {
                        let cell = topology.cell(v, others.trailing_zeros() as usize);
                        others &= others - 1;
                        let left = self.masks[cell] & !(1 << d);
                        changed = true;
                        if left == 0 {
                            self.cell_weight[cell] = self.cell_weight[cell].saturating_add(1);
                            self.weighted = true;
                        }
                        if left == 0 || !self.set_mask(topology, cell, left) {
                            self.queue.clear();
                            self.hidden.clear();
                            return None;
                        }
                        if left & (left - 1) == 0 {
                            self.queue.push(cell as u16);
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Undoes every change made after the trail had `trail` entries and `placements`
    /// placements.
    fn undo(&mut self, topology: &Topology, trail: usize, placements: usize) {
        for &cell in &self.placements[placements..] {
            let cell = usize::from(cell);
            self.placed[cell] = false;
            for slot in topology.slots(cell) {
                // A placed cell's mask is still its one digit.
                let unit = (slot.base >> 5) as usize;
                self.done[unit] &= !self.masks[cell];
            }
        }
        self.placements.truncate(placements);
        for &(cell, old) in self.trail[trail..].iter().rev() {
            let cell = usize::from(cell);
            let removed = old & !self.masks[cell];
            self.masks[cell] = old;
            for slot in topology.slots(cell) {
                let mut bits = removed;
                while bits != 0 {
                    let at = (slot.base + bits.trailing_zeros()) as usize;
                    self.places[at] |= slot.bit;
                    self.place_counts[at] += 1;
                    bits &= bits - 1;
                }
            }
        }
        self.trail.truncate(trail);
    }

    /// Where to branch: the unsolved cell, or the digit of a unit, with the fewest choices
    /// (candidates of the cell, places of the digit) per weight, a weight being one plus
    /// the dead ends it caused so far; among cells as good, the one whose units have the
    /// fewest digits left to place, the first in row order; a digit of a unit only when it
    /// is strictly better. `None` when every cell is placed.
    fn choose(&self, topology: &Topology) -> Option<Branch> {
        let mut best = None;
        // The best choices and weight so far: `count / weight` compared by cross products.
        let (mut fewest, mut weight) = (u64::MAX, 1u64);
        let mut least = u32::MAX;
        for (cell, (&mask, &dead_ends)) in self.masks.iter().zip(&self.cell_weight).enumerate() {
            if self.placed[cell] {
                continue;
            }
            let (count, own) = (u64::from(mask.count_ones()), 1 + u64::from(dead_ends));
            let (this, that) = (count * weight, fewest.saturating_mul(own));
            if this > that {
                continue;
            }
            // Among cells as good, the one whose units have the fewest digits still to
            // place: the search stays where the board is nearly settled, and a wrong guess
            // fails soon (on half-empty 25x25 boards the first such cell in row order can
            // lead to trees a thousand times as large).
            let open: u32 = topology
                .slots(cell)
                .iter()
                .map(|slot| topology.n as u32 - self.done[(slot.base >> 5) as usize].count_ones())
                .sum();
            if this < that || open < least {
                (fewest, weight, least) = (count, own, open);
                best = Some(Branch::Cell(cell));
            }
        }
        best?;
        // A digit with fewer places in a unit (per weight) than the best cell has
        // candidates: fewer branches, each placing the digit, as an exact-cover search
        // would choose.
        for unit in 0..topology.units() {
            let mut open = full_mask(topology.n) & !self.done[unit];
            while open != 0 {
                let at = unit << 5 | open.trailing_zeros() as usize;
                open &= open - 1;
                let count = u64::from(self.place_counts[at]);
                debug_assert_eq!(count, u64::from(self.places[at].count_ones()));
                let own = 1 + u64::from(self.place_weight[at]);
                if count * weight < fewest * own {
                    (fewest, weight) = (count, own);
                    best = Some(Branch::Places(at));
                }
            }
        }
        best
    }
}

/// What the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Each candidate of the cell.
    Cell(usize),
    /// Each place of a digit in a unit (an index into [`State::places`]).
    Places(usize),
}

/// The mask of every digit of a board of side `n`.
fn full_mask(n: usize) -> u32 {
    (1u32 << n) - 1
}

/// How a subtree of the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Explored: go on with the next branch.
    Explored,
    /// Enough solutions found or the budget ran out: stop the whole search.
    Stop,
    /// Start over from the givens (see [`Search::restart_at`]).
    Restart,
}

/// One search: its budget, counters and what was found.
struct Search {
    /// The budget's account; its nodes are the search's.
    meter: Meter,
    guesses: u64,
    limit: usize,
    found: usize,
    first: Option<Vec<u8>>,
    /// While no solution is found, the search starts over from the givens once it has
    /// spent this many nodes, keeping the dead ends counted (so it branches first where the
    /// board keeps failing), and gives the next attempt half as many nodes more than this
    /// one. Searches for a few solutions are heavy-tailed: on half-empty 25x25 boards an
    /// early wrong guess can cost millions of nodes that another order avoids.
    restart_at: u64,
    /// The nodes of the current attempt.
    attempt: u64,
}

impl Search {
    /// The count, or what the budget cut short.
    fn count(&self) -> Result<usize, Unsettled> {
        Unsettled::count(self.found, self.meter.exhausted())
    }

    /// Searches from the givens set up in `state`, starting over (with a fresh set-up of
    /// `cells`) as [`restart_at`](Self::restart_at) says.
    fn run(&mut self, topology: &Topology, state: &mut State, cells: &[u8]) {
        while self.explore(topology, state) == Flow::Restart {
            // Half as long again, and at least one node longer (an attempt of one node
            // would otherwise never grow).
            self.attempt = self.attempt.saturating_add((self.attempt / 2).max(1));
            self.restart_at = self.meter.spent().saturating_add(self.attempt);
            if state.reset(topology, cells) != Setup::Ready {
                unreachable!("the same givens set up as before");
            }
        }
    }

    /// Propagates `state` and explores everything below it.
    fn explore(&mut self, topology: &Topology, state: &mut State) -> Flow {
        if !self.meter.spend() {
            return Flow::Stop;
        }
        if self.found == 0 && self.meter.spent() >= self.restart_at {
            return Flow::Restart;
        }
        loop {
            if !state.propagate(topology) {
                return Flow::Explored;
            }
            if state.placements.len() == state.masks.len() {
                break;
            }
            match state.locked(topology) {
                None => return Flow::Explored,
                Some(true) => {}
                Some(false) => break,
            }
        }
        let Some(branch) = state.choose(topology) else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(
                    state
                        .masks
                        .iter()
                        .map(|&m| m.trailing_zeros() as u8 + 1)
                        .collect(),
                );
            }
            return if self.found >= self.limit {
                Flow::Stop
            } else {
                Flow::Explored
            };
        };
        let (trail, placements) = (state.trail.len(), state.placements.len());
        // Each choice is a cell and the one digit it keeps.
        let (mut choices, at) = match branch {
            Branch::Cell(cell) => (state.masks[cell], cell),
            Branch::Places(at) => (state.places[at], at),
        };
        while choices != 0 {
            let (cell, bit) = match branch {
                Branch::Cell(cell) => (cell, choices & choices.wrapping_neg()),
                Branch::Places(_) => (
                    topology.cell(at >> 5, choices.trailing_zeros() as usize),
                    1 << (at & 31),
                ),
            };
            choices &= choices - 1;
            self.guesses += 1;
            if state.set_mask(topology, cell, bit) {
                state.queue.push(cell as u16);
                match self.explore(topology, state) {
                    Flow::Explored => {}
                    flow => return flow,
                }
            } else {
                state.hidden.clear();
            }
            state.undo(topology, trail, placements);
        }
        Flow::Explored
    }
}

impl MrvVariantSolver {
    /// A solver with `config`, fixed for its life; the units and peers are built at the
    /// first puzzle (and again when the rules change).
    pub fn new(config: MrvVariantConfig) -> MrvVariantSolver {
        MrvVariantSolver {
            config,
            ..MrvVariantSolver::default()
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MrvVariantConfig {
        &self.config
    }

    /// Searches `puzzle` until `limit` solutions are found, the search space is exhausted or
    /// `budget` runs out; returns the search, or the clash of the givens (found while
    /// setting up, so a clash costs no search), and records the statistics.
    fn search(&mut self, puzzle: &Puzzle, limit: usize, budget: Budget) -> Result<Search, Clash> {
        let rules = puzzle.shared_rules();
        let same = self
            .topology
            .as_ref()
            .is_some_and(|(known, _)| Arc::ptr_eq(known, rules) || **known == **rules);
        if !same {
            self.topology = Some((Arc::clone(rules), Topology::new(rules)));
        }
        let topology = &self.topology.as_ref().expect("built above").1;
        let mut search = Search {
            meter: budget.meter(),
            guesses: 0,
            limit,
            found: 0,
            first: None,
            restart_at: match self.config.restart_nodes {
                0 => u64::MAX,
                nodes => nodes,
            },
            attempt: self.config.restart_nodes,
        };
        if limit > 0 {
            match self.state.reset(topology, puzzle.cells()) {
                Setup::Ready => {
                    self.state.clear_weights();
                    search.run(topology, &mut self.state, puzzle.cells());
                }
                Setup::NoSolution => {
                    search.meter.spend();
                }
                Setup::Clash => {
                    self.stats = SearchStats::default();
                    return Err(puzzle.clash().expect("the setup fails on clashing givens"));
                }
            }
        }
        self.stats = SearchStats::new(search.meter.spent(), search.guesses);
        Ok(search)
    }
}

impl Solver for MrvVariantSolver {
    type Puzzle = Puzzle;
    type Stats = SearchStats;

    /// The first solution found, [`Verdict::NoSolution`], [`Verdict::Clash`] (without
    /// search) when two givens clash, or [`Verdict::GaveUp`] when `budget` runs out first.
    ///
    /// ```
    /// use sudoku_mrv::{Budget, Puzzle, Solver, MrvVariantSolver, Verdict};
    ///
    /// let open: Puzzle = ".".repeat(256).parse()?;
    /// let mut solver = MrvVariantSolver::default();
    /// assert!(matches!(solver.solve_within(&open, Budget::nodes(1)), Verdict::GaveUp { .. }));
    /// assert!(solver.solve_within(&open, Budget::nodes(10_000)).is_solved());
    /// # Ok::<(), sudoku_mrv::VariantError>(())
    /// ```
    fn solve_within(&mut self, puzzle: &Puzzle, budget: Budget) -> Verdict<Puzzle> {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}

impl CountSolutions for MrvVariantSolver {
    /// Counts solutions up to `limit`; 0 for clashing givens (without search).
    fn count_solutions_within(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        match self.search(puzzle, limit, budget) {
            Ok(search) => search.count(),
            Err(_) => Ok(0),
        }
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict<Puzzle>, Result<usize, Unsettled>) {
        let rules = Arc::clone(puzzle.shared_rules());
        match self.search(puzzle, limit.max(1), budget) {
            Ok(search) => {
                let count = search.count().map(|count| count.min(limit));
                let verdict = match (search.first, search.meter.exhausted()) {
                    (Some(cells), _) => Verdict::Solved(
                        Puzzle::with_rules(rules, cells).expect("digits of the board"),
                    ),
                    (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
                    (None, None) => Verdict::NoSolution,
                };
                (verdict, count)
            }
            Err(clash) => (Verdict::Clash(clash), Ok(0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;

    /// Each cell's units with its position in each, as `(unit, position)`.
    fn slots(topology: &Topology, cell: usize) -> Vec<(u32, u32)> {
        topology
            .slots(cell)
            .iter()
            .map(|s| (s.base >> 5, s.bit.trailing_zeros()))
            .collect()
    }

    #[test]
    fn slots_follow_the_rules() {
        let plain = Topology::new(&Rules::new(Shape::for_size(16).unwrap()));
        assert_eq!(plain.units(), 48);
        // r2c2: row 2 at position 2, column 2 at position 2, box 1 at position 6.
        assert_eq!(slots(&plain, 17), [(1, 1), (16 + 1, 1), (32, 5)]);
        assert!((0..48).all(|u| (0..16).all(|p| {
            let cell = plain.cell(u, p);
            slots(&plain, cell).contains(&(u as u32, p as u32))
        })));
        let x = Topology::new(&Rules::classic().with_diagonals(true));
        assert_eq!(slots(&x, 40), [(4, 4), (13, 4), (22, 4), (27, 4), (28, 4)]);
        assert_eq!(slots(&x, 8), [(0, 8), (17, 0), (20, 2), (28, 0)]);
    }

    #[test]
    fn propagation_alone_solves_an_easy_puzzle_and_undo_restores_it() {
        let puzzle: Puzzle = "..41....1.3.3..4".parse().unwrap();
        let topology = Topology::new(puzzle.rules());
        let mut state = State::default();
        assert_eq!(state.reset(&topology, puzzle.cells()), Setup::Ready);
        let (masks, places) = (state.masks.clone(), state.places.clone());
        let (trail, placements) = (state.trail.len(), state.placements.len());
        assert!(state.propagate(&topology));
        assert_eq!(state.choose(&topology), None);
        let line: String = state
            .masks
            .iter()
            .map(|m| char::from(b'1' + m.trailing_zeros() as u8))
            .collect();
        assert_eq!(line, "2341412314323214");
        state.undo(&topology, trail, placements);
        assert_eq!((state.masks, state.places), (masks, places));
        let givens: Vec<bool> = puzzle.cells().iter().map(|&d| d != 0).collect();
        assert_eq!(state.placed, givens);
    }

    #[test]
    fn setup_finds_clashes_and_dead_ends() {
        let topology = Topology::new(&Rules::new(Shape::for_size(4).unwrap()));
        let mut state = State::default();
        let clash: Puzzle = "1...1...........".parse().unwrap();
        assert_eq!(state.reset(&topology, clash.cells()), Setup::Clash);
        // r1c4 sees 1, 2 and 3 in its row and 4 in its column.
        let dead: Puzzle = "123............4".parse().unwrap();
        assert_eq!(state.reset(&topology, dead.cells()), Setup::NoSolution);
        let mut solver = MrvVariantSolver::default();
        assert_eq!(solver.count_solutions(&dead, 10), 0);
        assert!(matches!(solver.solve(&clash), Verdict::Clash(_)));
    }
}
