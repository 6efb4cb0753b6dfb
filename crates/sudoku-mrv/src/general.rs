//! [`VariantSolver`]: the general engine, for puzzles of every size (4x4 to 25x25) and
//! variant (Sudoku X, windoku, jigsaw). The 9x9 band engine of [`MrvSolver`](crate::MrvSolver)
//! stays the classic solver; this one trades its tables for plain per-cell masks that fit
//! any shape and any set of units.

use std::sync::Arc;

use sudoku_core::{CountSolutions, Puzzle, Rules, SearchStats, Solver, Verdict};

/// A solver of Sudoku of every size and variant: a candidate mask per cell (a `u32`, bit
/// `d - 1` for digit `d`, up to 25 digits), naked and hidden singles propagated over every
/// unit, branching on the cell with the fewest candidates (minimum remaining values), and
/// undo on backtrack from a trail of changed masks.
///
/// - **Naked singles**: placing a digit removes it from the masks of the cell's peers (the
///   other cells of its rows, columns, region and extra units); a peer left with one
///   candidate is placed in turn, a peer left with none ends the branch.
/// - **Hidden singles**: for each unit and digit the engine counts the cells where the digit
///   may still go, updated with every mask change; a count that falls to 0 ends the branch,
///   one that falls to 1 places the digit in its last cell.
/// - **MRV**: when nothing more follows, the search branches on the unsolved cell with the
///   fewest candidates (the first such cell in row-major order), trying its digits in
///   increasing order.
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
/// use sudoku_mrv::{CountSolutions, Puzzle, Rules, Solver, VariantSolver};
///
/// // A 6x6 Sudoku X: both long diagonals hold 1 to 6 too.
/// let plain: Puzzle = "......2...56....1..4...............1".parse()?;
/// let puzzle = Puzzle::new(Rules::new(plain.rules().shape()).with_diagonals(true), plain.cells().to_vec())?;
/// let mut solver = VariantSolver::default();
/// let answer = solver.solve(&puzzle).solution().expect("a solution");
/// assert!(answer.solves(&puzzle));
/// assert_eq!(answer.to_string(), "516432234156652314341625165243423561");
/// assert!(solver.is_unique(&puzzle));
/// // Without the diagonals the same givens have many solutions.
/// assert_eq!(solver.count_solutions(&plain, 10), 10);
/// # Ok::<(), sudoku_mrv::VariantError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct VariantSolver {
    /// The units and peers of the last rules seen, with those rules.
    topology: Option<(Arc<Rules>, Topology)>,
    state: State,
    stats: SearchStats,
}

/// Which cells make up each unit and which cells see each other, for one set of rules.
#[derive(Clone, Debug)]
struct Topology {
    /// The side of the board.
    n: usize,
    /// Every unit's cells, unit after unit (`n` each).
    unit_cells: Vec<u16>,
    /// The units of each cell: `cell_units[cell_unit_start[c]..cell_unit_start[c + 1]]`.
    cell_units: Vec<u16>,
    cell_unit_start: Vec<u32>,
    /// The peers of each cell (each once): `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
}

impl Topology {
    fn new(rules: &Rules) -> Topology {
        let n = rules.size();
        let cells = n * n;
        let mut unit_cells = Vec::with_capacity(rules.units().len() * n);
        let mut units_of: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (u, (_, members)) in rules.units().iter().enumerate() {
            debug_assert_eq!(members.len(), n, "every unit has n cells");
            unit_cells.extend_from_slice(members);
            for &cell in members {
                units_of[usize::from(cell)].push(u as u16);
            }
        }
        let mut cell_units = Vec::new();
        let mut cell_unit_start = vec![0];
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        let mut seen = vec![false; cells];
        for (cell, units) in units_of.iter().enumerate() {
            cell_units.extend_from_slice(units);
            cell_unit_start.push(cell_units.len() as u32);
            let first = peers.len();
            for &u in units {
                for &other in &unit_cells[usize::from(u) * n..(usize::from(u) + 1) * n] {
                    if usize::from(other) != cell && !seen[usize::from(other)] {
                        seen[usize::from(other)] = true;
                        peers.push(other);
                    }
                }
            }
            for &other in &peers[first..] {
                seen[usize::from(other)] = false;
            }
            peer_start.push(peers.len() as u32);
        }
        Topology {
            n,
            unit_cells,
            cell_units,
            cell_unit_start,
            peers,
            peer_start,
        }
    }

    fn units(&self) -> usize {
        self.unit_cells.len() / self.n
    }

    fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    fn units_of(&self, cell: usize) -> &[u16] {
        &self.cell_units
            [self.cell_unit_start[cell] as usize..self.cell_unit_start[cell + 1] as usize]
    }

    fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
}

/// The search state, its buffers kept from one puzzle to the next.
#[derive(Clone, Debug, Default)]
struct State {
    /// The side of the board.
    n: usize,
    /// The candidates of each cell.
    masks: Vec<u32>,
    /// For unit `u` and digit `d` (index `u * n + d - 1`): the cells of the unit where the
    /// digit may still go (a placed cell counts for its digit).
    places: Vec<u8>,
    /// Whether each cell is placed (its digit removed from its peers).
    placed: Vec<bool>,
    /// The digits placed in each unit.
    done: Vec<u32>,
    /// The placed cells, in order, to undo placements.
    placements: Vec<u16>,
    /// Every mask change: the cell and the mask it had before.
    trail: Vec<(u16, u32)>,
    /// Cells narrowed to one candidate and not yet placed.
    queue: Vec<u16>,
    /// Units and digits (index into `places`) left with one place: hidden single candidates.
    hidden: Vec<u32>,
}

impl State {
    /// Sets up the puzzle's givens (which must not clash) on an empty board of `topology`;
    /// `false` when that alone leaves a digit without place in a unit.
    fn reset(&mut self, topology: &Topology, cells: &[u8]) -> bool {
        let n = topology.n;
        self.n = n;
        let count = cells.len();
        self.masks.clear();
        self.masks.resize(count, full_mask(n));
        self.places.clear();
        self.places.resize(topology.units() * n, n as u8);
        self.placed.clear();
        self.placed.resize(count, false);
        self.done.clear();
        self.done.resize(topology.units(), 0);
        self.placements.clear();
        self.trail.clear();
        self.queue.clear();
        self.hidden.clear();
        let mut ok = true;
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                ok &= self.set_mask(topology, cell, 1 << (digit - 1));
                self.queue.push(cell as u16);
            }
        }
        ok
    }

    /// Replaces the mask of `cell` by `mask` (a subset), recording the old one and counting
    /// the places each removed digit loses in the cell's units; `false` when a digit is left
    /// without place in a unit.
    #[inline]
    fn set_mask(&mut self, topology: &Topology, cell: usize, mask: u32) -> bool {
        let old = self.masks[cell];
        self.trail.push((cell as u16, old));
        self.masks[cell] = mask;
        let removed = old & !mask;
        let mut ok = true;
        for &u in topology.units_of(cell) {
            let base = usize::from(u) * self.n;
            let mut bits = removed;
            while bits != 0 {
                let at = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.places[at] -= 1;
                match self.places[at] {
                    0 => ok = false,
                    1 => self.hidden.push(at as u32),
                    _ => {}
                }
            }
        }
        ok
    }

    /// Places the one candidate of `cell` and removes it from every peer; `false` when a
    /// peer is left with no candidate or a digit without place.
    #[inline]
    fn place(&mut self, topology: &Topology, cell: usize) -> bool {
        let bit = self.masks[cell];
        self.placed[cell] = true;
        self.placements.push(cell as u16);
        for &u in topology.units_of(cell) {
            self.done[usize::from(u)] |= bit;
        }
        for &peer in topology.peers_of(cell) {
            let peer = usize::from(peer);
            let mask = self.masks[peer];
            if mask & bit != 0 {
                let left = mask & !bit;
                if left == 0 || !self.set_mask(topology, peer, left) {
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
        let n = self.n;
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
            let at = at as usize;
            let bit = 1u32 << (at % n);
            if self.places[at] != 1 || self.done[at / n] & bit != 0 {
                // Counts of 0 end the branch when they are made; a digit already placed in
                // the unit has its one place.
                continue;
            }
            let cell = topology
                .unit(at / n)
                .iter()
                .map(|&c| usize::from(c))
                .find(|&c| self.masks[c] & bit != 0)
                .expect("the one place left");
            let mask = self.masks[cell];
            if mask != bit {
                if !self.set_mask(topology, cell, bit) {
                    return false;
                }
                self.queue.push(cell as u16);
            }
        }
    }

    /// Undoes every change made after the trail had `trail` entries and `placements`
    /// placements.
    fn undo(&mut self, topology: &Topology, trail: usize, placements: usize) {
        for &cell in &self.placements[placements..] {
            let cell = usize::from(cell);
            self.placed[cell] = false;
            for &u in topology.units_of(cell) {
                self.done[usize::from(u)] &= !self.masks[cell]; // still its one digit
            }
        }
        self.placements.truncate(placements);
        let n = self.n;
        for &(cell, old) in self.trail[trail..].iter().rev() {
            let cell = usize::from(cell);
            let removed = old & !self.masks[cell];
            self.masks[cell] = old;
            for &u in topology.units_of(cell) {
                let base = usize::from(u) * n;
                let mut bits = removed;
                while bits != 0 {
                    self.places[base + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        self.trail.truncate(trail);
    }

    /// The unsolved cell with the fewest candidates (the first such cell), or `None` when
    /// every cell is placed.
    fn choose(&self) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, (&mask, &placed)) in self.masks.iter().zip(&self.placed).enumerate() {
            if !placed {
                let count = mask.count_ones();
                if count < fewest {
                    fewest = count;
                    best = Some(cell);
                    if count <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The mask of every digit of a board of side `n`.
fn full_mask(n: usize) -> u32 {
    (1u32 << n) - 1
}

/// One search: counters and what was found.
struct Search {
    nodes: u64,
    guesses: u64,
    limit: usize,
    found: usize,
    first: Option<Vec<u8>>,
}

impl Search {
    /// Propagates `state` and explores everything below it; returns `true` once `limit`
    /// solutions are found, which stops the whole search.
    fn run(&mut self, topology: &Topology, state: &mut State) -> bool {
        self.nodes += 1;
        if !state.propagate(topology) {
            return false;
        }
        let Some(cell) = state.choose() else {
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
            return self.found >= self.limit;
        };
        let (trail, placements) = (state.trail.len(), state.placements.len());
        let mut digits = state.masks[cell];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            self.guesses += 1;
            if state.set_mask(topology, cell, bit) {
                state.queue.push(cell as u16);
                if self.run(topology, state) {
                    return true;
                }
            } else {
                state.hidden.clear();
            }
            state.undo(topology, trail, placements);
        }
        false
    }
}

impl VariantSolver {
    /// A solver; the units and peers are built at the first puzzle (and again when the
    /// rules change).
    pub fn new() -> VariantSolver {
        VariantSolver::default()
    }

    /// Searches `puzzle` (whose givens must not clash) until `limit` solutions are found or
    /// the search space is exhausted; returns the count and the first solution, and records
    /// the statistics.
    fn run(&mut self, puzzle: &Puzzle, limit: usize) -> (usize, Option<Puzzle>) {
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
            nodes: 0,
            guesses: 0,
            limit,
            found: 0,
            first: None,
        };
        if limit > 0 {
            if self.state.reset(topology, puzzle.cells()) {
                search.run(topology, &mut self.state);
            } else {
                search.nodes = 1;
            }
        }
        self.stats = SearchStats {
            nodes: search.nodes,
            guesses: search.guesses,
        };
        let first = search.first.map(|cells| {
            Puzzle::with_rules(Arc::clone(rules), cells).expect("digits of the board")
        });
        (search.found, first)
    }
}

impl Solver for VariantSolver {
    type Puzzle = Puzzle;
    type Stats = SearchStats;

    /// The first solution found, [`Verdict::NoSolution`], or [`Verdict::Clash`] (without
    /// search) when two givens clash.
    fn solve(&mut self, puzzle: &Puzzle) -> Verdict<Puzzle> {
        if let Some(clash) = puzzle.clash() {
            self.stats = SearchStats::default();
            return Verdict::Clash(clash);
        }
        match self.run(puzzle, 1) {
            (_, Some(solution)) => Verdict::Solved(solution),
            (_, None) => Verdict::NoSolution,
        }
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}

impl CountSolutions for VariantSolver {
    /// Counts solutions up to `limit`; 0 for clashing givens (without search).
    fn count_solutions(&mut self, puzzle: &Puzzle, limit: usize) -> usize {
        if puzzle.clash().is_some() {
            self.stats = SearchStats::default();
            return 0;
        }
        self.run(puzzle, limit).0
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count(&mut self, puzzle: &Puzzle, limit: usize) -> (Verdict<Puzzle>, usize) {
        if let Some(clash) = puzzle.clash() {
            self.stats = SearchStats::default();
            return (Verdict::Clash(clash), 0);
        }
        match self.run(puzzle, limit.max(1)) {
            (count, Some(solution)) => (Verdict::Solved(solution), count.min(limit)),
            (_, None) => (Verdict::NoSolution, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;

    #[test]
    fn peers_and_units_follow_the_rules() {
        let plain = Topology::new(&Rules::new(Shape::for_size(16).unwrap()));
        assert_eq!(plain.units(), 48);
        // 15 in the row, 15 in the column, 9 more in the box.
        assert!((0..256).all(|c| plain.peers_of(c).len() == 39));
        assert_eq!(plain.units_of(17), [1, 16 + 1, 32]);
        let x = Topology::new(&Rules::classic().with_diagonals(true));
        // The centre: 20 classic peers and 8 + 8 on the diagonals, 4 of those in its box.
        assert_eq!(x.peers_of(40).len(), 20 + 16 - 4);
        assert_eq!(x.units_of(40), [4, 9 + 4, 18 + 4, 27, 28]);
    }

    #[test]
    fn propagation_alone_solves_an_easy_puzzle_and_undo_restores_it() {
        let puzzle: Puzzle = "..41....1.3.3..4".parse().unwrap();
        let topology = Topology::new(puzzle.rules());
        let mut state = State::default();
        assert!(state.reset(&topology, puzzle.cells()));
        assert!(state.propagate(&topology));
        assert_eq!(state.choose(), None);
        let line: String = state
            .masks
            .iter()
            .map(|m| char::from(b'1' + m.trailing_zeros() as u8))
            .collect();
        assert_eq!(line, "2341412314323214");
        state.undo(&topology, 0, 0);
        assert!(state.masks.iter().all(|&m| m == 0b1111));
        assert!(state.places.iter().all(|&p| p == 4));
        assert!(state.done.iter().all(|&d| d == 0));
        assert!(state.placed.iter().all(|&p| !p));
    }
}
