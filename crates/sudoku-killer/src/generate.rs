//! [`KillerGenerator`]: seeded killer puzzles with a unique solution.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{Budget, Exhausted, Grid, Meter};

use crate::puzzle::{Cage, KillerPuzzle};
use crate::solver::{KillerSolver, KillerStats};

/// Settings of [`KillerGenerator`]. Every value is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeneratorConfig {
    /// Relative weights of cage sizes 1 to 9 when cages are first grown (index 0 is size 1;
    /// any values, all zero meaning single cells). A cage stops growing early when no
    /// neighbouring cell can join it with a new digit. The largest size with a non-zero
    /// weight is also the largest cage merging may make.
    ///
    /// Default: `[0, 4, 6, 4, 2, 1, 0, 0, 0]` (mostly 2 to 4 cells, up to 6).
    pub cage_sizes: [u32; 9],
    /// After the puzzle is unique, try to merge neighbouring cages (in random order) and keep
    /// each merge that leaves the solution unique: fewer, larger cages, harder puzzles.
    ///
    /// Default: `true`.
    pub merge: bool,
    /// The most search nodes of [`KillerSolver`] one uniqueness check may take: a merge whose
    /// check needs more is refused, a split puzzle whose check needs more is split further.
    /// This shapes the puzzles (it bounds their difficulty), whatever the [`Budget`] of the
    /// call, which bounds the call. Any value works; below about 10, most cages end split to
    /// single cells.
    ///
    /// Default: 40.
    pub check_nodes: u64,
    /// Reach uniqueness by adding givens (cells where a second solution differs) instead of
    /// splitting cages. Pure killers, without givens, are made when this is off.
    ///
    /// Default: `false`.
    pub givens: bool,
}

impl Default for GeneratorConfig {
    fn default() -> GeneratorConfig {
        GeneratorConfig {
            cage_sizes: [0, 4, 6, 4, 2, 1, 0, 0, 0],
            merge: true,
            check_nodes: 40,
            givens: false,
        }
    }
}

/// A generated puzzle, its solution and how hard the solver found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedKiller {
    /// The puzzle; its solution is unique.
    pub puzzle: KillerPuzzle,
    /// The unique solution.
    pub solution: Grid,
    /// Statistics of [`KillerSolver`] (default settings) proving uniqueness: the difficulty
    /// figure. `guesses == 0` means propagation alone solves it; more search nodes mean a
    /// harder puzzle.
    pub difficulty: KillerStats,
}

const NONE: u8 = u8::MAX;

fn orthogonal(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / 9, cell % 9);
    [
        (r > 0).then(|| cell - 9),
        (r < 8).then(|| cell + 9),
        (c > 0).then(|| cell - 1),
        (c < 8).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Makes pure killer sudoku (no givens unless [`GeneratorConfig::givens`]) with a unique
/// solution, the same one for the same seed and configuration; keeps a solver so that its
/// buffers are reused.
///
/// 1. A random solved grid (a randomised search on the empty grid).
/// 2. Random connected cages: from each uncovered cell in random order, a cage grows to a
///    size drawn from [`GeneratorConfig::cage_sizes`], joining neighbouring cells whose digit
///    it does not hold yet; left-over single cells join a neighbouring cage when they can.
/// 3. While the solver finds a second solution, a cage holding a cell where the two differ is
///    split in two (or, with `givens`, that cell becomes a given); when it cannot decide
///    within [`GeneratorConfig::check_nodes`] search nodes, a random cage is split. Splitting
///    only adds information, so this ends.
/// 4. Optionally ([`GeneratorConfig::merge`]), neighbouring cages merge while the solution
///    stays unique and the solver proves it within [`GeneratorConfig::check_nodes`] nodes.
///
/// ```
/// use sudoku_killer::{CountSolutions, GeneratorConfig, KillerGenerator, KillerSolver};
///
/// let made = KillerGenerator::new(GeneratorConfig::default()).generate(7);
/// assert!(made.puzzle.givens().is_none());
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(KillerSolver::default().count_solutions(&made.puzzle, 2), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct KillerGenerator {
    config: GeneratorConfig,
    solver: KillerSolver,
}

impl KillerGenerator {
    /// A generator with `config` (every configuration is valid).
    pub fn new(config: GeneratorConfig) -> KillerGenerator {
        KillerGenerator {
            config,
            solver: KillerSolver::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &GeneratorConfig {
        &self.config
    }

    /// The first puzzle of the sequence of `seed`.
    pub fn generate(&mut self, seed: u64) -> GeneratedKiller {
        self.generate_indexed(seed, 0)
    }

    /// Puzzle number `index` of the sequence of `seed`: it depends on `seed`, `index` and the
    /// configuration only, so a batch made in parallel is the same whatever the number of
    /// threads, and the puzzles of one seed are not those of another.
    pub fn generate_indexed(&mut self, seed: u64, index: u64) -> GeneratedKiller {
        self.generate_with(&mut sudoku_core::seeded_rng_for(seed, index))
    }

    /// As [`generate_indexed`](KillerGenerator::generate_indexed), within `budget`, which
    /// bounds the whole call: its nodes are one for each split or merge tried and those of
    /// every uniqueness check, its time and cancel flag are read before each. The puzzle
    /// made is the same as without a budget, if one is made.
    ///
    /// ```
    /// use sudoku_killer::{Budget, Exhausted, GeneratorConfig, KillerGenerator};
    ///
    /// let mut generator = KillerGenerator::new(GeneratorConfig::default());
    /// let made = generator.generate_indexed_within(7, 0, Budget::nodes(1_000_000));
    /// assert_eq!(made, Ok(generator.generate_indexed(7, 0)));
    /// let cut = generator.generate_indexed_within(7, 0, Budget::nodes(10));
    /// assert_eq!(cut, Err(Exhausted::Nodes(10)));
    /// ```
    ///
    /// # Errors
    ///
    /// What ran out, when the budget did.
    pub fn generate_indexed_within(
        &mut self,
        seed: u64,
        index: u64,
        budget: Budget,
    ) -> Result<GeneratedKiller, Exhausted> {
        self.generate_with_within(&mut sudoku_core::seeded_rng_for(seed, index), budget)
    }

    /// Makes a puzzle as [`generate`](KillerGenerator::generate) does, with random numbers
    /// from `rng`.
    pub fn generate_with<R: Rng + ?Sized>(&mut self, rng: &mut R) -> GeneratedKiller {
        self.generate_with_within(rng, Budget::UNLIMITED)
            .expect("an unlimited budget does not run out")
    }

    /// As [`generate_with`](KillerGenerator::generate_with), within `budget` (see
    /// [`generate_indexed_within`](KillerGenerator::generate_indexed_within)).
    ///
    /// # Errors
    ///
    /// What ran out, when the budget did.
    pub fn generate_with_within<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        budget: Budget,
    ) -> Result<GeneratedKiller, Exhausted> {
        let mut meter = budget.meter();
        self.make(rng, &mut meter)
            .map_err(|exhausted| budget.as_set(exhausted))
    }

    /// Whether the puzzle of `cage_of` is unique as far as a check of the configuration's
    /// nodes can tell: `Some((count, solutions))` (up to two), `None` when the check gave up
    /// (it spent its whole limit without two solutions), `Err` when `meter` ran out. A node
    /// of `meter` is spent for the try, and its clock read.
    fn check(
        &mut self,
        puzzle: &KillerPuzzle,
        meter: &mut Meter,
    ) -> Result<Option<(usize, Vec<Grid>)>, Exhausted> {
        if !meter.spend() || meter.should_stop() {
            return Err(meter.exhausted().expect("a stopped meter says why"));
        }
        let own = self.config.check_nodes;
        let solver = &mut self.solver;
        meter.step(own, |budget| {
            let found = solver.run_within(puzzle, 2, 2, budget);
            let nodes = solver.stats.nodes;
            // Spending the whole limit without two solutions counts as giving up, even when
            // the search ended at its last node.
            let gave_up = nodes >= own && found.0 < 2;
            let exhausted = solver
                .meter
                .exhausted()
                .or(gave_up.then_some(Exhausted::Nodes(own)));
            (found, nodes, exhausted)
        })
    }

    fn make<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        meter: &mut Meter,
    ) -> Result<GeneratedKiller, Exhausted> {
        let config = self.config;
        let solution = Grid::random_solved(rng);
        let digits = solution.cells();
        let max_size = (1..=9)
            .rev()
            .find(|&s| config.cage_sizes[s - 1] > 0)
            .unwrap_or(1);
        let mut cage_of = grow_cages(rng, digits, &config.cage_sizes, max_size);
        let mut givens = Grid::EMPTY;

        // Split (or give) until the solver proves the solution unique within the check's
        // nodes.
        loop {
            let puzzle = build(&cage_of, digits, &givens);
            let cell = match self.check(&puzzle, meter)? {
                Some((1, _)) => break,
                Some((_, found)) => {
                    let other = found
                        .into_iter()
                        .find(|g| g != &solution)
                        .expect("two solutions, one differs");
                    let differ: Vec<usize> = (0..81).filter(|&c| other[c] != digits[c]).collect();
                    differ[rng.random_range(..differ.len())]
                }
                // Too hard to decide within the check's nodes: add information anywhere.
                None => {
                    let open: Vec<usize> = (0..81)
                        .filter(|&c| {
                            givens[c] == 0
                                && cage_of.iter().filter(|&&x| x == cage_of[c]).count() > 1
                        })
                        .collect();
                    if open.is_empty() {
                        // Every cell is a cage of its own or given: the solution is the only
                        // one, whatever a limit this small could prove.
                        break;
                    }
                    open[rng.random_range(..open.len())]
                }
            };
            if config.givens {
                givens.set(cell, digits[cell]);
            } else {
                split(rng, &mut cage_of, cell);
            }
        }

        if config.merge {
            let mut pairs: Vec<(u8, u8)> = Vec::new();
            for cell in 0..81 {
                for next in orthogonal(cell) {
                    let (a, b) = (cage_of[cell], cage_of[next]);
                    if a < b && !pairs.contains(&(a, b)) {
                        pairs.push((a, b));
                    }
                }
            }
            pairs.shuffle(rng);
            for (a, b) in pairs {
                // Earlier merges may have renamed cages; find the current ids through a cell.
                let Some(cell_a) = (0..81).find(|&c| cage_of[c] == a) else {
                    continue;
                };
                let Some(cell_b) = (0..81).find(|&c| cage_of[c] == b) else {
                    continue;
                };
                let (a, b) = (cage_of[cell_a], cage_of[cell_b]);
                if a == b {
                    continue;
                }
                let size = cage_of.iter().filter(|&&c| c == a || c == b).count();
                let mut seen = 0u16;
                let mut distinct = true;
                for c in 0..81 {
                    if cage_of[c] == a || cage_of[c] == b {
                        let bit = 1 << digits[c];
                        distinct &= seen & bit == 0;
                        seen |= bit;
                    }
                }
                if size > max_size || !distinct {
                    continue;
                }
                let mut merged = cage_of;
                for c in merged.iter_mut() {
                    if *c == b {
                        *c = a;
                    }
                }
                let puzzle = build(&merged, digits, &givens);
                if let Some((1, _)) = self.check(&puzzle, meter)? {
                    cage_of = merged;
                }
            }
        }

        let puzzle = build(&cage_of, digits, &givens);
        // The difficulty figure: the statistics of a full proof of uniqueness.
        let proof = meter.step(u64::MAX, |budget| {
            let found = self.solver.run_within(&puzzle, 2, 2, budget);
            let exhausted = self.solver.meter.exhausted();
            (found.0, self.solver.stats.nodes, exhausted)
        })?;
        debug_assert_eq!(proof, Some(1));
        Ok(GeneratedKiller {
            puzzle,
            solution,
            difficulty: self.solver.stats,
        })
    }
}

/// The puzzle of a cage assignment (cage ids per cell) with sums taken from `digits`.
fn build(cage_of: &[u8; 81], digits: &[u8; 81], givens: &Grid) -> KillerPuzzle {
    let mut cages: Vec<Cage> = Vec::new();
    let mut index = [NONE; 256];
    for cell in 0..81 {
        let id = cage_of[cell] as usize;
        if index[id] == NONE {
            index[id] = cages.len() as u8;
            cages.push(Cage::new(0, []));
        }
        let cage = &mut cages[index[id] as usize];
        cage.cells.push(cell);
        cage.sum += u32::from(digits[cell]);
    }
    let givens = (givens.filled() > 0).then_some(*givens);
    KillerPuzzle::new(cages, givens).expect("cages of a solved grid form a valid puzzle")
}

/// Random connected cages of different digits; returns the cage id of each cell.
fn grow_cages<R: Rng + ?Sized>(
    rng: &mut R,
    digits: &[u8; 81],
    weights: &[u32; 9],
    max_size: usize,
) -> [u8; 81] {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let mut cage_of = [NONE; 81];
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let mut next_id = 0u8;
    for &start in &order {
        if cage_of[start] != NONE {
            continue;
        }
        let mut target = 1;
        if total > 0 {
            // Drawn as before weights could sum beyond u32, so seeds keep their puzzles.
            let mut pick = match usize::try_from(total) {
                Ok(total) if total <= u32::MAX as usize => rng.random_range(..total) as u64,
                _ => rng.random_range(..total),
            };
            for (k, &w) in weights.iter().enumerate() {
                if pick < u64::from(w) {
                    target = k + 1;
                    break;
                }
                pick -= u64::from(w);
            }
        }
        let id = next_id;
        next_id += 1;
        cage_of[start] = id;
        let mut cells = vec![start];
        let mut used = 1u16 << digits[start];
        while cells.len() < target {
            let mut frontier: Vec<usize> = Vec::new();
            for &c in &cells {
                for n in orthogonal(c) {
                    if cage_of[n] == NONE && used & (1 << digits[n]) == 0 && !frontier.contains(&n)
                    {
                        frontier.push(n);
                    }
                }
            }
            if frontier.is_empty() {
                break;
            }
            let n = frontier[rng.random_range(..frontier.len())];
            cage_of[n] = id;
            used |= 1 << digits[n];
            cells.push(n);
        }
    }
    if weights[0] == 0 {
        // Single cells act as givens; let them join a neighbouring cage when possible.
        for cell in 0..81 {
            let id = cage_of[cell];
            if cage_of.iter().filter(|&&c| c == id).count() != 1 {
                continue;
            }
            let mut options: Vec<u8> = orthogonal(cell)
                .map(|n| cage_of[n])
                .filter(|&other| {
                    let members: Vec<usize> = (0..81).filter(|&c| cage_of[c] == other).collect();
                    members.len() < max_size.max(2)
                        && members.iter().all(|&c| digits[c] != digits[cell])
                })
                .collect();
            options.dedup();
            if !options.is_empty() {
                cage_of[cell] = options[rng.random_range(..options.len())];
            }
        }
    }
    cage_of
}

/// Splits the cage holding `cell` (it has two cells or more) into connected parts: a random
/// connected piece grown from `cell`, and the connected components of the rest.
fn split<R: Rng + ?Sized>(rng: &mut R, cage_of: &mut [u8; 81], cell: usize) {
    let id = cage_of[cell];
    let members: Vec<usize> = (0..81).filter(|&c| cage_of[c] == id).collect();
    debug_assert!(members.len() >= 2);
    let size = 1 + rng.random_range(..members.len() - 1);
    let mut fresh = (0..=255u8).filter(|i| !cage_of.contains(i));
    let piece_id = fresh.next().expect("fewer than 256 cages");
    let mut piece = vec![cell];
    cage_of[cell] = piece_id;
    while piece.len() < size {
        let frontier: Vec<usize> = piece
            .iter()
            .flat_map(|&c| orthogonal(c))
            .filter(|&n| cage_of[n] == id)
            .collect();
        if frontier.is_empty() {
            break;
        }
        let n = frontier[rng.random_range(..frontier.len())];
        cage_of[n] = piece_id;
        piece.push(n);
    }
    // The rest may fall apart: each connected component becomes a cage.
    let mut first = true;
    for &start in &members {
        if cage_of[start] != id {
            continue;
        }
        let component_id = if first {
            first = false;
            id
        } else {
            (0..=255u8)
                .find(|i| !cage_of.contains(i))
                .expect("fewer than 256 cages")
        };
        // Flood fill with a temporary marker, then assign.
        let mut stack = vec![start];
        let mut component = vec![start];
        cage_of[start] = NONE - 1;
        while let Some(c) = stack.pop() {
            for n in orthogonal(c) {
                if cage_of[n] == id {
                    cage_of[n] = NONE - 1;
                    stack.push(n);
                    component.push(n);
                }
            }
        }
        for c in component {
            cage_of[c] = component_id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_cages_connected() {
        let mut rng = sudoku_core::seeded_rng(3);
        let digits = Grid::random_solved(&mut rng);
        let mut cage_of = grow_cages(&mut rng, digits.cells(), &[0, 0, 0, 0, 0, 0, 1, 1, 1], 9);
        for cell in 0..81 {
            let id = cage_of[cell];
            if cage_of.iter().filter(|&&c| c == id).count() >= 2 {
                split(&mut rng, &mut cage_of, cell);
            }
            // `build` validates connectivity and sizes.
            build(&cage_of, digits.cells(), &Grid::EMPTY);
        }
    }
}
