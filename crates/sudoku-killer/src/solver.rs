//! [`KillerSolver`]: candidate masks, cage and 45-rule propagation, singles, MRV search.

use sudoku_core::{
    BOX_OF, Budget, COL_OF, CountSolutions, Grid, Meter, PEERS, ROW_OF, Solver, UNITS, Unsettled,
    Verdict,
};

use crate::combos::combinations;
use crate::puzzle::{Cage, KillerPuzzle, share_unit};

mod rule45;
mod sums;

use sums::{distinct_sum, pair, triple};

/// Settings of [`KillerSolver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerConfig {
    /// Derive extra sum constraints with the 45 rule (innies and outies of rows, columns,
    /// boxes and runs of them). Turning it off shows what the rule is worth.
    ///
    /// Default: `true`.
    pub rule_45: bool,
    /// The largest set of innies or outies kept as a constraint. Larger sets prune less and
    /// cost more to propagate.
    ///
    /// Default: 5.
    pub max_45_cells: usize,
    /// Propagate cages exactly: keep a digit in a cell only when the other cells can take
    /// different digits completing the sum (sets of used digits as bit sets). Off, a
    /// cheaper rule keeps the digits of the digit combinations that merely overlap every
    /// cell's candidates.
    ///
    /// Default: `true`.
    pub exact_cages: bool,
}

impl Default for KillerConfig {
    fn default() -> KillerConfig {
        KillerConfig {
            rule_45: true,
            max_45_cells: 5,
            exact_cages: true,
        }
    }
}

/// A complete killer sudoku solver: constraint propagation inside a depth-first search.
///
/// Each cell holds a 9-bit candidate mask. Propagation runs to a fixpoint:
/// - a placed digit leaves the cell's row, column, box and cage;
/// - each cage keeps, in every cell, only the digits with which the other cells can still
///   take different candidates adding up to the cage's sum (exact; see
///   [`KillerConfig::exact_cages`]), which takes placed digits and min/max bounds into
///   account; a digit that every fitting digit set holds and that only one cell can take is
///   placed there, and when the cells that can take it share a row, column or box it leaves
///   the rest of that unit;
/// - hidden singles in rows, columns and boxes are placed;
/// - extra constraints from the 45 rule (see [`KillerConfig::rule_45`]) are propagated like
///   cages when their cells must differ, else by reachable partial sums.
///
/// When propagation stalls, the search branches on a cell with the fewest candidates (MRV),
/// copying the 180-byte state per level, so undo is free.
///
/// [`Solver::stats`] gives a [`KillerStats`]: states propagated, guesses, and constraint
/// propagations run.
///
/// ```
/// use sudoku_killer::{KillerPuzzle, KillerSolver, Solver};
///
/// let puzzle = KillerPuzzle::from_cage_map(
///     "ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee",
///     &[11, 25, 14, 9, 12, 15, 4, 14, 6, 40, 3, 15, 9, 8, 12, 38, 11, 15, 13, 6, 4, 17, 7, 13,
///       10, 6, 26, 4, 15, 11, 12],
/// )?;
/// let mut solver = KillerSolver::default();
/// let solution = solver.solve(&puzzle).solution().expect("solvable");
/// assert!(puzzle.is_solution(&solution));
/// # Ok::<(), sudoku_killer::KillerError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct KillerSolver {
    config: KillerConfig,
    pub(crate) stats: KillerStats,
    model: Model,
    queue: Vec<u8>,
    /// The constraints waiting to run, as a bit set of their indices. Constraints are
    /// numbered by size, so taking the lowest runs the smallest first.
    waiting: Waiting,
    /// The constraint being propagated: its own removals need not wake it again, since its
    /// propagation is exact (idempotent).
    running: usize,
    /// The budget of the current search (the generator bounds its checks with it).
    pub(crate) meter: Meter,
    /// How many solutions the current search keeps.
    keep: usize,
}

/// What [`KillerSolver`] counts of its last call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct KillerStats {
    /// States propagated: the root and every branch tried.
    pub nodes: u64,
    /// Branches tried at cells with two or more candidates.
    pub guesses: u64,
    /// Constraint propagations run (cages and 45-rule sets).
    pub propagations: u64,
}

impl sudoku_core::Counters for KillerStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("propagations", self.propagations),
        ]
    }

    fn accumulate(&mut self, other: &KillerStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.propagations += other.propagations;
    }
}

/// One sum constraint: a cage, or a set of innies or outies from the 45 rule.
#[derive(Clone, Copy, Debug)]
struct Con {
    start: u16,
    len: u8,
    sum: u8,
    /// Whether the cells must hold different digits (a cage, or cells that pairwise share a
    /// unit or a cage).
    distinct: bool,
}

/// What the solver derives from a puzzle before searching.
#[derive(Clone, Debug, Default)]
struct Model {
    cons: Vec<Con>,
    con_cells: Vec<u8>,
    /// The constraints holding each cell, as bit sets of their indices, and how many.
    cell_cons: Vec<Waiting>,
    links: Vec<u8>,
    /// Peers plus cage-mates of each cell.
    neighbors: Vec<[u8; 28]>,
    neighbor_len: Vec<u8>,
    givens: Vec<(u8, u8)>,
    /// The innie and outie sets of the 45 rule with their sums (a buffer kept between
    /// puzzles).
    found: Vec<(u128, u32)>,
}

/// The search state: candidates per cell and the cells already fixed (placed and queued).
#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
    fixed: u128,
}

const ALL: u16 = 0x1FF;

/// The most constraints a puzzle can have: 81 cages and 2 sets for each of the 109 regions of
/// the 45 rule.
const MAX_CONS: usize = 81 + 2 * 109;

/// Words of a bit set of constraints.
const WAITING_WORDS: usize = MAX_CONS.div_ceil(64);

/// A set of constraints, bit `k` for constraint `k`.
type Waiting = [u64; WAITING_WORDS];

impl Model {
    fn build(&mut self, puzzle: &KillerPuzzle, config: &KillerConfig) {
        self.cons.clear();
        self.con_cells.clear();
        self.givens.clear();
        let cages = puzzle.cages();
        let mut cage_mask = Vec::with_capacity(cages.len());
        for cage in cages {
            self.cons.push(Con {
                start: self.con_cells.len() as u16,
                len: cage.cells.len() as u8,
                sum: cage.sum as u8,
                distinct: true,
            });
            self.con_cells.extend(cage.cells.iter().map(|&c| c as u8));
            cage_mask.push(cage.cells.iter().fold(0u128, |m, &c| m | 1 << c));
        }
        if config.rule_45 {
            self.add_45_rule(puzzle, &cage_mask, config.max_45_cells);
        }
        // Numbered by size (ties in the order they were made), so that the smallest waiting
        // constraint is the one with the lowest index.
        self.cons.sort_unstable_by_key(|con| (con.len, con.start));
        assert!(self.cons.len() <= MAX_CONS, "at most 81 cages and 218 sets");
        self.cell_cons.clear();
        self.cell_cons.resize(81, [0; WAITING_WORDS]);
        self.links.clear();
        self.links.resize(81, 0);
        for (k, con) in self.cons.iter().enumerate() {
            for &cell in &self.con_cells[con.start as usize..][..con.len as usize] {
                self.cell_cons[cell as usize][k / 64] |= 1 << (k % 64);
                self.links[cell as usize] += 1;
            }
        }
        // Neighbours: peers and cage-mates.
        self.neighbors.clear();
        self.neighbor_len.clear();
        for cell in 0..81 {
            let mut list = [0u8; 28];
            list[..20].copy_from_slice(&PEERS[cell]);
            let mut n = 20;
            for &mate in &cages[puzzle.cage(cell)].cells {
                if mate != cell && !share_unit(mate, cell) {
                    list[n] = mate as u8;
                    n += 1;
                }
            }
            self.neighbors.push(list);
            self.neighbor_len.push(n as u8);
        }
        if let Some(givens) = puzzle.givens() {
            for (cell, &digit) in givens.cells().iter().enumerate() {
                if digit != 0 {
                    self.givens.push((cell as u8, digit));
                }
            }
        }
    }

    fn push(&mut self, cells: &[u8], sum: u8, distinct: bool) {
        self.cons.push(Con {
            start: self.con_cells.len() as u16,
            len: cells.len() as u8,
            sum,
            distinct,
        });
        self.con_cells.extend_from_slice(cells);
    }
}

/// Why propagation stopped: the state has no solution.
struct Contradiction;

type Step<T = ()> = Result<T, Contradiction>;

impl KillerSolver {
    /// A solver with `config`.
    pub fn new(config: KillerConfig) -> KillerSolver {
        KillerSolver {
            config,
            ..KillerSolver::default()
        }
    }

    /// The settings.
    pub fn config(&self) -> &KillerConfig {
        &self.config
    }

    /// Prepares the model and the root state, propagated; `None` when propagation alone
    /// shows there is no solution.
    #[inline(never)]
    fn root(&mut self, puzzle: &KillerPuzzle) -> Option<State> {
        self.stats = KillerStats::default();
        self.running = usize::MAX;
        self.model.build(puzzle, &self.config);
        self.queue.clear();
        let mut st = State {
            cand: [ALL; 81],
            fixed: 0,
        };
        self.waiting = [0; WAITING_WORDS];
        for k in 0..self.model.cons.len() {
            self.waiting[k / 64] |= 1 << (k % 64);
        }
        let givens = std::mem::take(&mut self.model.givens);
        let mut ok = true;
        for &(cell, digit) in &givens {
            if self
                .restrict(&mut st, cell as usize, 1 << (digit - 1))
                .is_err()
            {
                ok = false;
                break;
            }
        }
        self.model.givens = givens;
        if !self.meter.spend() {
            self.reset_work();
            return None;
        }
        self.stats.nodes += 1;
        if ok && self.propagate(&mut st).is_ok() {
            Some(st)
        } else {
            self.reset_work();
            None
        }
    }

    fn reset_work(&mut self) {
        self.queue.clear();
        self.waiting = [0; WAITING_WORDS];
    }

    /// Takes the waiting constraint with the lowest index (one of the smallest).
    #[inline]
    fn next_waiting(&mut self) -> Option<usize> {
        for (w, word) in self.waiting.iter_mut().enumerate() {
            if *word != 0 {
                let k = w * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(k);
            }
        }
        None
    }

    /// Keeps only the digits of `keep` in `cell`.
    #[inline]
    fn restrict(&mut self, st: &mut State, cell: usize, keep: u16) -> Step {
        let old = st.cand[cell];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Contradiction);
        }
        st.cand[cell] = new;
        if new & (new - 1) == 0 && st.fixed >> cell & 1 == 0 {
            st.fixed |= 1 << cell;
            self.queue.push(cell as u8);
        }
        // Wake the constraints holding the cell.
        for (waiting, cons) in self.waiting.iter_mut().zip(&self.model.cell_cons[cell]) {
            *waiting |= cons;
        }
        Ok(())
    }

    fn propagate(&mut self, st: &mut State) -> Step {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = st.cand[cell];
                let n = self.model.neighbor_len[cell] as usize;
                for i in 0..n {
                    let other = self.model.neighbors[cell][i] as usize;
                    if st.cand[other] & bit != 0 {
                        self.restrict(st, other, !bit)?;
                    }
                }
            }
            // Small constraints first: they are cheap, and what they remove makes the
            // larger ones cheaper and often settles them before they run.
            if let Some(k) = self.next_waiting() {
                self.stats.propagations += 1;
                let con = self.model.cons[k];
                self.running = k;
                let result = if con.distinct {
                    self.run_distinct(st, con)
                } else {
                    self.run_sum(st, con)
                };
                // An exact rule is done with its own removals: drop the wake they caused.
                if self.running == k {
                    self.waiting[k / 64] &= !(1 << (k % 64));
                }
                self.running = usize::MAX;
                result?;
                continue;
            }
            if !self.hidden_singles(st)? {
                return Ok(());
            }
        }
    }

    /// Propagates a constraint whose cells hold different digits adding up to `con.sum`,
    /// exactly: a digit stays in a cell when some assignment of different candidates to all
    /// the cells reaches the sum ([`pair`] and [`triple`] in closed form, [`distinct_sum`]
    /// for more cells); then [`place_required`](Self::place_required).
    fn run_distinct(&mut self, st: &mut State, con: Con) -> Step {
        let start = con.start as usize;
        let len = con.len as usize;
        let mut cells = [0u8; 9];
        cells[..len].copy_from_slice(&self.model.con_cells[start..start + len]);
        let cells = &cells[..len];
        // All fixed: only the sum is left to check.
        let mut fixed_sum = 0u32;
        let mut all_fixed = true;
        for &c in cells {
            let m = st.cand[c as usize];
            if m & (m - 1) != 0 {
                all_fixed = false;
                break;
            }
            fixed_sum += m.trailing_zeros() + 1;
        }
        if all_fixed {
            return if fixed_sum == u32::from(con.sum) {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        if !self.config.exact_cages {
            let union = cells.iter().fold(0, |u, &c| u | st.cand[c as usize]);
            return self.run_combinations(st, con, cells, union);
        }
        let sum = u32::from(con.sum);
        match len {
            2 => return self.run_pair(st, cells, sum),
            3 => return self.run_triple(st, cells, sum),
            _ => {}
        }
        let mut cand = [0u16; 9];
        for (m, &c) in cand.iter_mut().zip(cells) {
            *m = st.cand[c as usize];
        }
        let (keep, must) = distinct_sum(&cand[..len], sum);
        for (&c, &keep) in cells.iter().zip(&keep) {
            self.restrict(st, c as usize, keep)?;
        }
        self.place_required(st, cells, must)
    }

    /// [`run_distinct`](Self::run_distinct) for two cells, in closed form (see [`pair`]).
    fn run_pair(&mut self, st: &mut State, cells: &[u8], sum: u32) -> Step {
        let (a, b) = (cells[0] as usize, cells[1] as usize);
        let (keep_a, keep_b) = pair(st.cand[a], st.cand[b], sum);
        self.restrict(st, a, keep_a)?;
        self.restrict(st, b, keep_b)?;
        // One combination left ({d, sum - d}): both its digits are required.
        let both = keep_a | keep_b;
        if both.count_ones() == 2 {
            self.place_required(st, cells, both)?;
        }
        Ok(())
    }

    /// [`run_distinct`](Self::run_distinct) for three cells (see [`triple`]).
    fn run_triple(&mut self, st: &mut State, cells: &[u8], sum: u32) -> Step {
        let cells3 = [cells[0] as usize, cells[1] as usize, cells[2] as usize];
        let (keep, must) = triple(cells3.map(|c| st.cand[c]), sum);
        for (c, keep) in cells3.into_iter().zip(keep) {
            self.restrict(st, c, keep)?;
        }
        self.place_required(st, cells, must)
    }

    /// The cheaper, weaker cage rule ([`KillerConfig::exact_cages`] off): a combination fits
    /// when each of its digits is a candidate of some cell and each cell has a candidate in
    /// it; cells keep the union of fitting combinations.
    fn run_combinations(&mut self, st: &mut State, con: Con, cells: &[u8], union: u16) -> Step {
        // Not exact, so its own removals may enable more: let them wake it again.
        self.running = usize::MAX;
        let mut valid = 0u16;
        let mut must = ALL;
        'combo: for &combo in combinations(cells.len(), con.sum as usize) {
            if combo & !union != 0 {
                continue;
            }
            for &c in cells {
                if st.cand[c as usize] & combo == 0 {
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
            self.restrict(st, c as usize, valid)?;
        }
        self.place_required(st, cells, must)
    }

    /// Digits every fitting combination holds (`must`): a single place is a placement; places
    /// that share a unit remove the digit from the rest of that unit.
    fn place_required(&mut self, st: &mut State, cells: &[u8], must: u16) -> Step {
        let mut rest = must;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut count = 0;
            let mut last = 0usize;
            let mut same_row = true;
            let mut same_col = true;
            let mut same_box = true;
            let mut first = usize::MAX;
            for &c in cells {
                let c = c as usize;
                if st.cand[c] & bit != 0 {
                    count += 1;
                    last = c;
                    if first == usize::MAX {
                        first = c;
                    } else {
                        same_row &= ROW_OF[c] == ROW_OF[first];
                        same_col &= COL_OF[c] == COL_OF[first];
                        same_box &= BOX_OF[c] == BOX_OF[first];
                    }
                }
            }
            match count {
                0 => return Err(Contradiction),
                1 => self.restrict(st, last, bit)?,
                _ => {
                    let units = [
                        (same_row, ROW_OF[first] as usize),
                        (same_col, 9 + COL_OF[first] as usize),
                        (same_box, 18 + BOX_OF[first] as usize),
                    ];
                    for (same, unit) in units {
                        if !same {
                            continue;
                        }
                        for &other in &UNITS[unit] {
                            let other = other as usize;
                            if st.cand[other] & bit != 0 && !cells.contains(&(other as u8)) {
                                self.restrict(st, other, !bit)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Propagates a sum over cells that may repeat digits: a digit stays when some choice of
    /// candidates for the other cells completes the sum (reachable sums as bit sets).
    fn run_sum(&mut self, st: &mut State, con: Con) -> Step {
        let start = con.start as usize;
        let len = con.len as usize;
        let mut cells = [0u8; 9];
        cells[..len].copy_from_slice(&self.model.con_cells[start..start + len]);
        let mut prefix = [0u128; 10];
        prefix[0] = 1;
        for i in 0..len {
            let mut reach = 0u128;
            let mut m = st.cand[cells[i] as usize];
            while m != 0 {
                let d = m.trailing_zeros() + 1;
                m &= m - 1;
                reach |= prefix[i] << d;
            }
            prefix[i + 1] = reach;
        }
        let sum = con.sum as u32;
        if prefix[len] >> sum & 1 == 0 {
            return Err(Contradiction);
        }
        let mut need = 1u128 << sum;
        for i in (0..len).rev() {
            let cell = cells[i] as usize;
            let mut keep = 0u16;
            let mut next = 0u128;
            let mut m = st.cand[cell];
            while m != 0 {
                let d = m.trailing_zeros() + 1;
                m &= m - 1;
                if (prefix[i] << d) & need != 0 {
                    keep |= 1 << (d - 1);
                    next |= need >> d;
                }
            }
            self.restrict(st, cell, keep)?;
            need = next;
        }
        Ok(())
    }

    /// Places every digit that has one place left in a row, column or box. Returns whether it
    /// placed any.
    fn hidden_singles(&mut self, st: &mut State) -> Step<bool> {
        let mut placed = false;
        for unit in &UNITS {
            let mut once = 0u16;
            let mut twice = 0u16;
            for &c in unit {
                let m = st.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != ALL {
                return Err(Contradiction);
            }
            let singles = once & !twice;
            if singles == 0 {
                continue;
            }
            for &c in unit {
                let c = c as usize;
                if st.fixed >> c & 1 != 0 {
                    continue;
                }
                let m = st.cand[c] & singles;
                if m != 0 {
                    if m & (m - 1) != 0 {
                        return Err(Contradiction);
                    }
                    self.restrict(st, c, m)?;
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// Depth-first search from a propagated state; stops at `limit` solutions. The first
    /// solution goes to `first`.
    fn search(&mut self, st: &State, limit: usize, count: &mut usize, found: &mut Vec<Grid>) {
        let keep = limit.min(self.keep);
        let mut best = usize::MAX;
        let mut best_score = u32::MAX;
        let mut open = !st.fixed & ((1u128 << 81) - 1);
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let links = u32::from(self.model.links[cell]);
            let score = (st.cand[cell].count_ones() << 8) - links;
            if score < best_score {
                best_score = score;
                best = cell;
            }
        }
        if best == usize::MAX {
            *count += 1;
            if found.len() < keep {
                let mut cells = [0u8; 81];
                for (cell, value) in cells.iter_mut().enumerate() {
                    *value = st.cand[cell].trailing_zeros() as u8 + 1;
                }
                found.extend(Grid::from_cells(cells).ok());
            }
            return;
        }
        let mut digits = st.cand[best];
        while digits != 0 {
            if !self.meter.spend() {
                return;
            }
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            self.stats.guesses += 1;
            self.stats.nodes += 1;
            let mut child = *st;
            let ok =
                self.restrict(&mut child, best, bit).is_ok() && self.propagate(&mut child).is_ok();
            if ok {
                self.search(&child, limit, count, found);
                if *count >= limit {
                    return;
                }
            } else {
                self.reset_work();
            }
        }
    }

    /// Counts solutions up to `limit`; keeps the first `keep` found.
    fn run(&mut self, puzzle: &KillerPuzzle, limit: usize, keep: usize) -> (usize, Vec<Grid>) {
        self.run_within(puzzle, limit, keep, Budget::UNLIMITED)
    }

    /// Counts solutions up to `limit` within `budget` (see [`Meter::exhausted`] after it);
    /// keeps the first `keep` found.
    pub(crate) fn run_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        keep: usize,
        budget: Budget,
    ) -> (usize, Vec<Grid>) {
        let mut count = 0;
        let mut found = Vec::new();
        self.keep = keep;
        self.meter = budget.meter();
        if limit == 0 {
            self.stats = KillerStats::default();
            return (0, found);
        }
        if let Some(root) = self.root(puzzle) {
            self.search(&root, limit, &mut count, &mut found);
        }
        (count, found)
    }

    /// The solutions of `puzzle`, up to `limit` of them, in the order the search finds them:
    /// one proves the puzzle unique when `limit` is 2, and two show where uniqueness fails
    /// (cells where they differ).
    ///
    /// ```
    /// use sudoku_killer::{KillerPuzzle, KillerSolver};
    ///
    /// // Two cages of two cells each that only fix the sum: many solutions.
    /// let puzzle = KillerPuzzle::from_cage_map(
    ///     "ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee",
    ///     &[11, 25, 14, 9, 12, 15, 4, 14, 6, 40, 3, 15, 9, 8, 12, 38, 11, 15, 13, 6, 4, 17, 7, 13,
    ///       10, 6, 26, 4, 15, 11, 12],
    /// )?;
    /// let found = KillerSolver::default().solutions(&puzzle, 2);
    /// assert_eq!(found.len(), 1); // unique
    /// assert!(puzzle.is_solution(&found[0]));
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    pub fn solutions(&mut self, puzzle: &KillerPuzzle, limit: usize) -> Vec<Grid> {
        self.run(puzzle, limit, limit).1
    }
}

impl Solver for KillerSolver {
    type Puzzle = KillerPuzzle;
    type Stats = KillerStats;

    /// Solves `puzzle` within `budget`: [`Verdict::Solved`] with the first solution found,
    /// [`Verdict::NoSolution`] when the search ended without one, or [`Verdict::GaveUp`]
    /// when the budget ran out first. Invalid puzzles and clashing givens cannot reach here:
    /// [`KillerPuzzle`] rejects them when it is built. A killer with few constraining cages
    /// can take a long search, so callers that take puzzles from outside set a budget.
    ///
    /// ```
    /// use sudoku_killer::{Budget, Cage, Exhausted, KillerPuzzle, KillerSolver, Solver, Verdict};
    ///
    /// // Nine row cages of sum 45: any solved grid fits, found at once.
    /// let cages = (0..9).map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c))).collect();
    /// let puzzle = KillerPuzzle::new(cages, None)?;
    /// let mut solver = KillerSolver::default();
    /// let solution = solver.solve_within(&puzzle, Budget::nodes(1_000)).solution().expect("solved");
    /// assert!(puzzle.is_solution(&solution));
    /// // With no node to spend, the solver gives up, and says what ran out.
    /// assert_eq!(
    ///     solver.solve_within(&puzzle, Budget::nodes(0)),
    ///     Verdict::GaveUp { exhausted: Exhausted::Nodes(0), best: None }
    /// );
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    fn solve_within(&mut self, puzzle: &KillerPuzzle, budget: Budget) -> Verdict {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> KillerStats {
        self.stats
    }
}

impl CountSolutions for KillerSolver {
    fn count_solutions_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        let (found, _) = self.run_within(puzzle, limit, 0, budget);
        Unsettled::count(found, self.meter.exhausted())
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict, Result<usize, Unsettled>) {
        let (count, found) = self.run_within(puzzle, limit.max(1), 1, budget);
        let count = Unsettled::count(count, self.meter.exhausted()).map(|c| c.min(limit));
        let verdict = match (found.first(), self.meter.exhausted()) {
            (Some(&grid), _) => Verdict::Solved(grid),
            (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
            (None, None) => Verdict::NoSolution,
        };
        (verdict, count)
    }
}
