//! [`AbcVariantSolver`]: the colony on boards of every size (4x4 to 25x25) and variant (Sudoku X,
//! windoku, jigsaw). Classic 9x9 puzzles go to the 9x9 engine of [`AbcSolver`].

mod board;

use std::sync::Arc;

use sudoku_core::{Best, Budget, Exhausted, Grid, Puzzle, Rules, Solver, Unit, Verdict};

use crate::colony::{Encoding, FoodSource};
use crate::presolve::Reduced;
use crate::{AbcConfig, AbcSolver, AbcStats, ConfigError};
use board::{Layout, Source};

/// The artificial bee colony on puzzles of every size and variant: the encoding, moves and
/// phases of [`AbcSolver`], on any board.
///
/// - **Encoding.** Each region (a box, or a jigsaw region) holds a permutation of the
///   digits its fixed cells leave missing, each free cell taking only its candidates (with
///   [`AbcConfig::respect_candidates`]).
/// - **Fitness.** The repeats in every unit that is not a region: rows and columns, and the
///   extra units of the variant (both long diagonals of Sudoku X, the four windoku
///   windows). Each source keeps per-unit digit counts, so a swap is evaluated and applied
///   in O(1).
/// - **Moves and phases** are those of [`AbcSolver`] (min-conflicts swaps inside a region,
///   random-walk noise, employed, onlooker and scout bees, parallel colonies), with the same
///   [`AbcConfig`].
/// - **Pre-solver.** Naked and hidden singles over every unit, to a fixed point, on masks
///   of up to 25 digits; with [`Presolve::Subsets`](crate::Presolve::Subsets) (the default) also locked candidates
///   between any two units and naked and hidden subsets of 2 to 4 cells.
///
/// Puzzles with the classic 9x9 rules are solved by [`AbcSolver`] itself (the same answers
/// and statistics). Like it, this solver is incomplete: it may answer [`Verdict::GaveUp`]
/// with the best grid it reached, and every grid it calls solved has been checked with
/// [`Puzzle::solves`]. `docs/abc.md` in the repository measures it on every size and
/// variant.
///
/// ```
/// use sudoku_abc::{Puzzle, Rules, Solver, AbcVariantSolver};
///
/// // A 6x6 Sudoku X: both long diagonals hold 1 to 6 too.
/// let plain: Puzzle = "......2...56....1..4...............1".parse()?;
/// let rules = Rules::new(plain.rules().shape()).with_diagonals(true);
/// let puzzle = Puzzle::new(rules, plain.cells().to_vec())?;
/// let mut solver = AbcVariantSolver::default();
/// let answer = solver.solve(&puzzle).solution().expect("solved");
/// assert!(answer.solves(&puzzle));
/// assert_eq!(answer.to_string(), "516432234156652314341625165243423561");
/// # Ok::<(), sudoku_abc::VariantError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct AbcVariantSolver {
    config: AbcConfig,
    stats: AbcStats,
    /// The units of the last rules seen, with those rules.
    topology: Option<(Arc<Rules>, Arc<Topology>)>,
}

impl AbcVariantSolver {
    /// A solver with the given parameters, checked ([`AbcConfig::check`]); they are fixed
    /// for the solver's life.
    ///
    /// # Errors
    ///
    /// The first parameter out of range (see [`AbcConfig::check`]).
    pub fn new(config: AbcConfig) -> Result<AbcVariantSolver, ConfigError> {
        config.check()?;
        Ok(AbcVariantSolver {
            config,
            stats: AbcStats::default(),
            topology: None,
        })
    }

    /// The solver's parameters.
    pub fn config(&self) -> &AbcConfig {
        &self.config
    }

    fn run(&mut self, puzzle: &Puzzle, budget: Budget) -> Verdict<Puzzle> {
        match puzzle.to_grid() {
            Some(grid) => self.classic(puzzle, &grid, budget),
            None => self.general(puzzle, budget),
        }
    }

    /// A classic 9x9 puzzle, by the 9x9 engine.
    fn classic(&mut self, puzzle: &Puzzle, grid: &Grid, budget: Budget) -> Verdict<Puzzle> {
        let mut solver = AbcSolver::new(self.config).expect("checked when this solver was made");
        let verdict = solver.solve_within(grid, budget);
        self.stats = solver.stats();
        let lift = |grid: &Grid| board_of(puzzle, grid.cells().to_vec());
        match verdict {
            Verdict::Solved(grid) => Verdict::Solved(lift(&grid)),
            Verdict::NoSolution => Verdict::NoSolution,
            Verdict::Clash(clash) => Verdict::Clash(clash),
            Verdict::GaveUp { exhausted, best } => Verdict::GaveUp {
                exhausted,
                best: best.map(|best| Best {
                    candidate: lift(&best.candidate),
                    conflicts: best.conflicts,
                }),
            },
        }
    }

    /// Any puzzle, by the general encoding.
    fn general(&mut self, puzzle: &Puzzle, budget: Budget) -> Verdict<Puzzle> {
        if let Some(clash) = puzzle.clash() {
            return Verdict::Clash(clash);
        }
        let topology = self.topology(puzzle.shared_rules());
        let Ok(reduced) = Reduced::new(puzzle.cells(), &topology, self.config.presolve) else {
            return Verdict::NoSolution;
        };
        if reduced.fixed.iter().all(|&digit| digit != 0) {
            // Propagation without contradiction filled every cell: a valid grid, checked
            // all the same.
            return answer(puzzle, reduced.fixed, 0, None);
        }
        let Some(layout) = Layout::new(&reduced, &topology, self.config.respect_candidates) else {
            return Verdict::NoSolution;
        };
        if layout.movable_boxes().is_empty() {
            // Every region has at most one free cell, so there is one candidate grid.
            let only = Source::random(&layout, &mut sudoku_core::seeded_rng(0));
            self.stats.evaluations = 1;
            self.stats.conflicts = u64::from(only.fitness);
            return answer(puzzle, only.cells, only.fitness, None);
        }
        let config = self.config.for_side(puzzle.size());
        let (outcome, exhausted) = crate::run_within(&layout, &config, budget);
        self.stats.cycles = outcome.counters.cycles;
        self.stats.evaluations = outcome.counters.evaluations;
        self.stats.restarts = outcome.counters.restarts;
        self.stats.conflicts = u64::from(outcome.conflicts);
        answer(
            puzzle,
            outcome.best.cells,
            outcome.conflicts,
            Some(exhausted),
        )
    }

    /// The units of `rules`, built once for a run of puzzles with the same rules.
    fn topology(&mut self, rules: &Arc<Rules>) -> Arc<Topology> {
        match &self.topology {
            Some((seen, topology)) if Arc::ptr_eq(seen, rules) || **seen == **rules => {
                Arc::clone(topology)
            }
            _ => {
                let topology = Arc::new(Topology::new(rules));
                self.topology = Some((Arc::clone(rules), Arc::clone(&topology)));
                topology
            }
        }
    }
}

/// A board with the rules of `puzzle` and the given cells.
fn board_of(puzzle: &Puzzle, cells: Vec<u8>) -> Puzzle {
    Puzzle::with_rules(Arc::clone(puzzle.shared_rules()), cells)
        .expect("the colony writes digits of the board")
}

/// The verdict for the best grid reached. `searched` says what ran out when the colony
/// searched; `None` when that grid was the only one possible, so conflicts prove there is
/// no solution.
fn answer(
    puzzle: &Puzzle,
    cells: Vec<u8>,
    conflicts: u32,
    searched: Option<Exhausted>,
) -> Verdict<Puzzle> {
    let grid = board_of(puzzle, cells);
    let solves = conflicts == 0 && grid.solves(puzzle);
    crate::verdict(grid, solves, conflicts, searched)
}

impl Solver for AbcVariantSolver {
    type Puzzle = Puzzle;
    type Stats = AbcStats;

    /// Solves `puzzle`: [`Verdict::Clash`] for clashing givens (before any search),
    /// [`Verdict::NoSolution`] when the pre-solver or the candidate check finds a
    /// contradiction, [`Verdict::Solved`] with a verified solution, or [`Verdict::GaveUp`]
    /// with the best grid and its conflicts when the cycles or time of the configuration
    /// (scaled to the board) or of `budget` (whichever is tighter) run out.
    fn solve_within(&mut self, puzzle: &Puzzle, budget: Budget) -> Verdict<Puzzle> {
        self.stats = AbcStats::default();
        self.run(puzzle, budget)
    }

    /// Statistics of the last call; see the [crate documentation](crate#statistics).
    fn stats(&self) -> AbcStats {
        self.stats
    }
}

/// The layout of `puzzle`'s givens (no propagation) and the units of its rules, for the
/// colony's tests.
#[cfg(test)]
pub(crate) fn layout_of(puzzle: &Puzzle, respect_candidates: bool) -> (Layout, Topology) {
    let topology = Topology::new(puzzle.rules());
    let reduced = Reduced::givens(puzzle.cells(), &topology);
    let layout = Layout::new(&reduced, &topology, respect_candidates).expect("an assignment");
    (layout, topology)
}

#[cfg(test)]
pub(crate) use board::full_conflicts;

/// The units of one set of rules, as the pre-solver and the encoding read them.
#[derive(Debug)]
pub(crate) struct Topology {
    /// The side of the board.
    pub(crate) n: usize,
    /// The number of cells.
    pub(crate) cells: usize,
    /// Every digit: the low `n` bits.
    pub(crate) all: u32,
    /// Every unit's cells: rows, columns, regions, extra units.
    pub(crate) units: Vec<Vec<u16>>,
    /// The index in `units` of each region (boxes or jigsaw regions), region 0 first.
    pub(crate) region_units: Vec<usize>,
    /// The region of each cell.
    pub(crate) region_of: Vec<u8>,
    /// The units of each cell (indices into `units`).
    pub(crate) cell_units: Vec<Vec<u8>>,
    /// The other cells of each cell's units.
    pub(crate) peers: Vec<Vec<u16>>,
}

impl Topology {
    /// The units of `rules`.
    pub(crate) fn new(rules: &Rules) -> Topology {
        let n = rules.size();
        let cells = n * n;
        let units: Vec<Vec<u16>> = rules.units().iter().map(|(_, c)| c.clone()).collect();
        let region_units: Vec<usize> = rules
            .units()
            .iter()
            .enumerate()
            .filter(|(_, (unit, _))| matches!(unit, Unit::Box(_) | Unit::Region(_)))
            .map(|(u, _)| u)
            .collect();
        let mut region_of = vec![0u8; cells];
        for (r, &u) in region_units.iter().enumerate() {
            for &cell in &units[u] {
                region_of[usize::from(cell)] = r as u8;
            }
        }
        let mut cell_units = vec![Vec::new(); cells];
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for &cell in unit {
                cell_units[usize::from(cell)].push(u as u8);
                for &other in unit {
                    if other != cell && !peers[usize::from(cell)].contains(&other) {
                        peers[usize::from(cell)].push(other);
                    }
                }
            }
        }
        Topology {
            n,
            cells,
            all: (1u32 << n) - 1,
            units,
            region_units,
            region_of,
            cell_units,
            peers,
        }
    }
}
