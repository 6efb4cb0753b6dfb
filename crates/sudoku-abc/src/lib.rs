//! An artificial bee colony (ABC) Sudoku solver: a population search that minimises row and
//! column conflicts, after a naked- and hidden-singles pre-solver.
//!
//! ```
//! use sudoku_abc::{AbcSolver, Grid, Solver, Verdict};
//!
//! let puzzle: Grid =
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
//! let mut solver = AbcSolver::default();
//! match solver.solve(&puzzle) {
//!     Verdict::Solved(grid) => {
//!         assert!(grid.solves(&puzzle));
//!         println!("{grid:#}");
//!     }
//!     Verdict::GaveUp { exhausted, best } => {
//!         let conflicts = best.map_or(0, |best| best.conflicts);
//!         println!("gave up after {exhausted} with {conflicts} conflicts")
//!     }
//!     other => println!("{other}"),
//! }
//! println!("{} fitness evaluations", solver.stats().evaluations);
//! # Ok::<(), sudoku_abc::ParseError>(())
//! ```
//!
//! # The algorithm
//!
//! The encoding gives each 3x3 box a permutation of the digits its givens leave missing, so
//! every candidate grid is complete, keeps every given and satisfies every box; what is
//! left to fix is the **fitness**, the number of row and column conflicts (for each row and
//! column, the sum over digits of count - 1 where a digit repeats). 0 means solved.
//!
//! A colony keeps `colony_size / 2` food sources (candidate grids). Each cycle, every
//! **employed bee** tries one move at its source, the same number of **onlookers** try
//! moves at sources drawn by roulette with weight (max conflicts - conflicts) + 1, and
//! **scouts** replace every source that has gone `limit` trials without improving. A move
//! swaps two free cells of one box. By default a trial takes a cell in conflict and the
//! partner in its box that lowers the conflicts most (min-conflicts), kept when it lowers
//! them or keeps them (a sideways move); 40% of trials instead make a random-walk swap of a
//! conflicting cell, kept whatever it costs. [`AbcConfig::article()`] is the article's
//! plain version: a random swap, kept only when it lowers the conflicts.
//!
//! Before the colony starts, naked and hidden singles fill what they can, and locked
//! candidates and naked and hidden subsets remove candidates (eliminations only, no
//! search); a contradiction is a [`Verdict::NoSolution`]. The colony then gives each free
//! cell only the candidates left, a restriction that also proves some puzzles unsolvable.
//!
//! **Cost.** Each source keeps per-row and per-column digit counts, so evaluating a swap
//! and applying it cost O(1), with no allocation. A min-conflicts move evaluates every
//! partner of a conflicting cell in its box (at most 8 evaluations). Memory is about 300
//! bytes per food source.
//!
//! **Incomplete.** The colony never backtracks and cannot prove that a puzzle has no
//! solution (except through the pre-solver's contradictions): when its budget of cycles
//! (and optionally time) runs out it answers [`Verdict::GaveUp`] with the fewest conflicts
//! it reached. Its budget is [`AbcConfig::budget`] (cycles and time), tightened by the
//! [`Budget`] of [`Solver::solve_within`], whose nodes bound the cycles (of each colony, when
//! several run) and whose cancel flag stops every colony. So [`AbcSolver`] implements [`Solver`] but not
//! `CountSolutions`. Every grid it returns as solved has
//! been checked with [`Grid::solves`].
//!
//! Several independent colonies can run in parallel ([`AbcConfig::colonies`], feature
//! `parallel`, on by default); the first to reach 0 conflicts stops the others.
//!
//! # Other sizes and variants
//!
//! [`AbcVariantSolver`] runs the same colony on a [`Puzzle`] of any size (4x4 to 25x25) and
//! variant: each region (box or jigsaw region) holds a permutation of its missing digits,
//! and the fitness counts repeats in rows, columns and the extra units (the diagonals of
//! Sudoku X, the windoku windows). The pre-solver, the same for both solvers, works on every
//! unit with masks of up to 25 digits. On boards larger than 9x9 the configuration adapts to the board
//! ([`AbcConfig::for_side`]): a longer limit and budget, less noise, and a random walk free
//! to leave the candidates. Classic 9x9 puzzles go to [`AbcSolver`].
//!
//! ```
//! use sudoku_abc::{Puzzle, Solver, AbcVariantSolver};
//!
//! // A 16x16 puzzle (digits 1-9 and A-G).
//! let puzzle: Puzzle = "..A87C...B.FE..5C.F4B9A61.5...7....7...1.3G2.BA..9.........A...2..49...F..7.....F1.2..7...94.6.A7.CDG.B.....F5..B.GACD648....3.7..1..247DF8G.9.C..7E...G592B4.D6..5F...B..6C.G1E2.9...5...1..7..D425971CF8....B..7...GE..5B.3C...F..6..5..C9..8.9B........E..25D".parse()?;
//! let answer = AbcVariantSolver::default().solve(&puzzle).solution().expect("solved");
//! assert!(answer.solves(&puzzle));
//! # Ok::<(), sudoku_abc::VariantError>(())
//! ```
//!
//! # Statistics
//!
//! [`Solver::stats`] reports an [`AbcStats`] for the last call, summed over colonies when
//! several ran: cycles, fitness evaluations, restarts and the conflicts left.
//!
//! # Source
//!
//! The method follows the article "使用java实现数独：人工蜂群算法与适应度引导填充" ("Sudoku
//! in Java: artificial bee colony and fitness-guided filling", 2026), built on Karaboga's
//! artificial bee colony (D. Karaboga, "An idea based on honey bee swarm for numerical
//! optimization", Technical report TR06, Erciyes University, 2005). The min-conflicts move
//! comes from S. Minton et al., "Minimizing conflicts: a heuristic repair method for
//! constraint satisfaction and scheduling problems", Artificial Intelligence 58, 1992.
//! Design notes and measurements: `docs/abc.md` in the repository.

mod board;
mod colony;
mod config;
mod matching;
mod presolve;
mod variant;

pub use config::{AbcConfig, MoveChoice, Neighbourhood, Presolve, Scout};
pub use sudoku_core::{ConfigError, ConfigErrorKind};

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Best, Budget, Candidates, Clash, Counters, DigitSet, Exhausted, Form, Grid, ParseError,
    ParseErrorKind, PuzzleReader, ReadError, ReadErrorKind, Record, Solver, Verdict,
};
// The types of puzzles of other sizes and variants, and their reader.
pub use sudoku_core::{
    AnyReader, Puzzle, Rules, Shape, VariantError, VariantErrorKind, VariantRecord,
};

pub use variant::AbcVariantSolver;

use board::{Layout, Source};
use presolve::Reduced;

/// What the colony counts of one call ([`Solver::stats`]), summed over colonies when several
/// ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct AbcStats {
    /// Colony cycles started (0 when the pre-solver solved the puzzle).
    pub cycles: u64,
    /// Fitness evaluations: one per candidate move evaluated (a min-conflicts move counts each
    /// partner it tried), one per source created (initial and scout).
    pub evaluations: u64,
    /// Sources abandoned and replaced by scouts.
    pub restarts: u64,
    /// Conflicts (repeated digits in rows and columns) of the best grid reached: 0 when the
    /// puzzle was solved. In a total ([`accumulate`](Counters::accumulate)), the
    /// sum over calls, so 0 means every call solved its puzzle.
    pub conflicts: u64,
}

impl sudoku_core::Counters for AbcStats {
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("cycles", self.cycles),
            ("evaluations", self.evaluations),
            ("restarts", self.restarts),
            ("conflicts", self.conflicts),
        ]
    }

    fn accumulate(&mut self, other: &AbcStats) {
        self.cycles += other.cycles;
        self.evaluations += other.evaluations;
        self.restarts += other.restarts;
        self.conflicts += other.conflicts;
    }
}

/// The artificial bee colony solver. See the [crate documentation](crate) for the method.
///
/// It is incomplete: it may answer [`Verdict::GaveUp`], and cannot count solutions.
#[derive(Clone, Debug, Default)]
pub struct AbcSolver {
    config: AbcConfig,
    stats: AbcStats,
}

impl AbcSolver {
    /// A solver with the given parameters, checked ([`AbcConfig::check`]); they are fixed
    /// for the solver's life (make another solver for others).
    ///
    /// ```
    /// use sudoku_abc::{AbcConfig, AbcSolver, ConfigErrorKind};
    ///
    /// assert!(AbcSolver::new(AbcConfig::article()).is_ok());
    /// let err = AbcSolver::new(AbcConfig { limit: 0, ..AbcConfig::default() }).unwrap_err();
    /// assert_eq!((err.kind(), err.field()), (ConfigErrorKind::OutOfRange, "limit"));
    /// ```
    ///
    /// # Errors
    ///
    /// The first parameter out of range (see [`AbcConfig::check`]).
    pub fn new(config: AbcConfig) -> Result<AbcSolver, ConfigError> {
        config.check()?;
        Ok(AbcSolver {
            config,
            stats: AbcStats::default(),
        })
    }

    /// The solver's parameters.
    pub fn config(&self) -> &AbcConfig {
        &self.config
    }

    fn run(&mut self, puzzle: &Grid, budget: Budget) -> Verdict {
        if let Some(clash) = puzzle.clash() {
            return Verdict::Clash(clash);
        }
        let Ok(reduced) = Reduced::classic(puzzle, self.config.presolve) else {
            return Verdict::NoSolution;
        };
        if reduced.fixed.iter().all(|&digit| digit != 0) {
            // The pre-solver filled every cell; propagation without contradiction means a
            // valid grid, checked all the same.
            let fixed = reduced
                .fixed
                .try_into()
                .expect("a classic board has 81 cells");
            return self.answer(puzzle, &fixed, 0, None);
        }
        let Some(layout) = Layout::new(&reduced, self.config.respect_candidates) else {
            return Verdict::NoSolution;
        };
        if layout.movable_boxes.is_empty() {
            // Every box has at most one free cell, so there is one candidate grid.
            let mut rng = sudoku_core::seeded_rng(0);
            let only = Source::random(&layout, &mut rng);
            self.stats.evaluations = 1;
            self.stats.conflicts = u64::from(only.fitness);
            return self.answer(puzzle, &only.cells, only.fitness, None);
        }
        let (outcome, exhausted) = run_within(&layout, &self.config, budget);
        self.stats.cycles = outcome.counters.cycles;
        self.stats.evaluations = outcome.counters.evaluations;
        self.stats.restarts = outcome.counters.restarts;
        self.stats.conflicts = u64::from(outcome.conflicts);
        self.answer(
            puzzle,
            &outcome.best.cells,
            outcome.conflicts,
            Some(exhausted),
        )
    }

    /// The verdict for the best grid reached. `searched` says what ran out when the colony
    /// searched; `None` when that grid was the only one possible, so conflicts prove there
    /// is no solution.
    fn answer(
        &self,
        puzzle: &Grid,
        cells: &[u8; 81],
        conflicts: u32,
        searched: Option<Exhausted>,
    ) -> Verdict {
        let grid = Grid::from_cells(*cells).unwrap_or(Grid::EMPTY);
        let solves = conflicts == 0 && grid.solves(puzzle);
        verdict(grid, solves, conflicts, searched)
    }
}

/// Runs the colonies of `config` (already scaled to the board) on `layout` within its budget
/// tightened by the caller's: the outcome, and what ran out when none solved the puzzle (the
/// cycles, reported as such, else the time or the cancel flag).
pub(crate) fn run_within<E: colony::Encoding>(
    layout: &E,
    config: &AbcConfig,
    budget: Budget,
) -> (colony::Outcome<E::Source>, Exhausted) {
    let tight = config.budget.min(budget);
    let meter = tight.meter();
    let outcome = colony::run_colonies(layout, config, &meter);
    let mut after = meter;
    let exhausted = if after.should_stop() {
        after.exhausted().expect("a stopped meter says why")
    } else {
        Exhausted::Cycles(tight.node_limit().unwrap_or(outcome.counters.cycles))
    };
    (outcome, exhausted)
}

/// The verdict for the best grid a colony reached: solved when `solves` (checked by the
/// caller), else no solution when that grid was the only one possible (`searched` is
/// `None`), else gave up with its conflicts and what ran out.
fn verdict<S>(best: S, solves: bool, conflicts: u32, searched: Option<Exhausted>) -> Verdict<S> {
    match searched {
        _ if solves => Verdict::Solved(best),
        None => Verdict::NoSolution,
        Some(exhausted) => {
            debug_assert!(conflicts > 0, "0 conflicts must be a solution");
            Verdict::GaveUp {
                exhausted,
                best: Some(Best {
                    candidate: best,
                    conflicts: conflicts.max(1),
                }),
            }
        }
    }
}

impl Solver for AbcSolver {
    type Puzzle = Grid;
    type Stats = AbcStats;

    /// Solves `puzzle`: [`Verdict::Clash`] for clashing givens (before any search),
    /// [`Verdict::NoSolution`] when the pre-solver or the candidate check finds a
    /// contradiction, [`Verdict::Solved`] with a verified solution, or [`Verdict::GaveUp`]
    /// with the best grid and its conflicts when the cycles or time of the configuration or
    /// of `budget` (whichever is tighter; its nodes bound the cycles) run out.
    fn solve_within(&mut self, puzzle: &Grid, budget: Budget) -> Verdict {
        self.stats = AbcStats::default();
        self.run(puzzle, budget)
    }

    /// Statistics of the last call; see the [crate documentation](crate#statistics).
    fn stats(&self) -> AbcStats {
        self.stats
    }
}
