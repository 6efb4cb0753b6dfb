//! The colony's parameters.

use sudoku_core::{Budget, ConfigError, ConfigErrorKind};

/// Which cells a move changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Neighbourhood {
    /// Swap the digits of two free cells of one box (the article's move).
    InBox,
    /// The article's optional variant: one move swaps two free cells in each of two
    /// different boxes of the same band or stack at once, evaluated together, so that the
    /// search can leave optima where no single in-box swap helps. Boxes still hold
    /// permutations.
    CrossBox,
}

/// How a bee picks the swap it tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveChoice {
    /// A random box and two random free cells of it: one fitness evaluation per move (the
    /// article's move).
    Random,
    /// Min-conflicts: a random free cell whose digit repeats in its row or column, swapped
    /// with the partner in its box that lowers the conflicts most (ties broken at random);
    /// each partner tried is one fitness evaluation.
    MinConflicts,
}

/// What a scout puts in place of an abandoned food source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scout {
    /// A new random source (the article's scout).
    Random,
    /// A copy of the colony's best current source shaken by this many random swaps,
    /// an "iterated local search" restart that keeps most of what the colony learnt. When
    /// the abandoned source is itself the best, a new random source.
    Perturb(u32),
}

/// What the pre-solver does before the colony starts. A contradiction it finds is a
/// `NoSolution` answer; the cells it fills are fixed for the colony, and the candidates it
/// leaves restrict the colony's moves when [`AbcConfig::respect_candidates`] is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Presolve {
    /// No pre-solver: the colony works on every blank cell (the plain article algorithm).
    Off,
    /// Naked and hidden singles to a fixed point (the article's hybrid).
    Singles,
    /// Singles, locked candidates (pointing and claiming) and naked and hidden subsets of
    /// 2 to 4 cells, to a fixed point. Eliminations only: no guess, no search.
    Subsets,
}

/// Parameters of [`AbcSolver`](crate::AbcSolver).
///
/// [`AbcConfig::default()`] is tuned to solve the hardest public puzzle sets (see the
/// crate's `docs/abc.md`); [`AbcConfig::article()`] is the article's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbcConfig {
    /// Number of bees: half are employed bees, one per food source, half onlookers. So the
    /// colony keeps `colony_size / 2` food sources (at least 2).
    ///
    /// Default: 100.
    pub colony_size: usize,
    /// Trials without improvement after which a scout abandons a food source.
    ///
    /// Default: 50.
    pub limit: u32,
    /// When true, a source's limit is `15 + 5 x its conflicts` instead of `limit` (the
    /// article's adaptive limit).
    ///
    /// Default: false.
    pub adaptive_limit: bool,
    /// The colony's own budget: its nodes are cycles (employed, onlooker and scout phases)
    /// of each colony, its time the wall clock of one call, read every 16 cycles (a run
    /// stopped by time does not repeat exactly). The budget of
    /// [`solve_within`](sudoku_core::Solver::solve_within) tightens it. It must bound the
    /// colony, which never settles a puzzle without a solution: a node or time limit.
    ///
    /// Default: `Budget::nodes(200_000)` (200,000 cycles, no time limit).
    pub budget: Budget,
    /// Seed of the random generator; colony `i` uses a seed derived from this and `i`.
    ///
    /// Default: `0x5EED`.
    pub seed: u64,
    /// How many independent colonies search at once (on rayon's pool with the `parallel`
    /// feature, one after the other without it); the first to reach 0 conflicts stops the
    /// others. 0 means one per thread of rayon's pool (1 without the feature). With one
    /// colony, a run repeats exactly from its seed.
    ///
    /// Default: 1.
    pub colonies: usize,
    /// Which cells a move changes.
    ///
    /// Default: [`Neighbourhood::InBox`].
    pub neighbourhood: Neighbourhood,
    /// How a bee picks its swap.
    ///
    /// Default: [`MoveChoice::MinConflicts`].
    pub move_choice: MoveChoice,
    /// Whether a bee keeps a move that leaves the conflicts unchanged (a sideways move on a
    /// plateau; it does not count as an improvement).
    ///
    /// Default: true.
    pub sideways: bool,
    /// Tabu memory of min-conflicts moves: a cell moved at a source may not be picked as a
    /// swap partner there during the next `tabu_tenure` moves of that source, unless the
    /// swap lowers the conflicts. 0 turns it off.
    ///
    /// Default: 0.
    pub tabu_tenure: u32,
    /// Random-walk noise, per 1,000 trials: that many trials (on average) swap a
    /// conflicting cell with a random partner of its box and keep the swap even when it
    /// adds conflicts, as WalkSAT does to leave local minima. 0 turns it off.
    ///
    /// Default: 400 (measured best of 0, 50, 200, 400 and 600 on forum_hardest; see
    /// `docs/abc.md`).
    pub noise: u32,
    /// What a scout puts in place of an abandoned source.
    ///
    /// Default: [`Scout::Random`].
    pub scout: Scout,
    /// Whether a random-walk trial may give the two cells it swaps any digit their box
    /// misses, candidate or not. The min-conflicts moves still give cells only candidates
    /// (with [`respect_candidates`](Self::respect_candidates)), so they move such digits on
    /// to where they fit; the walk can then cross from one part of the candidate-respecting
    /// grids to another through grids outside them, which frees the colony from the local
    /// optima of large boards. Without `respect_candidates` it changes nothing.
    ///
    /// Default: false (on boards larger than 9x9, [`scale_to_board`](Self::scale_to_board)
    /// turns it on).
    pub walk_any_digit: bool,
    /// Whether the colony adapts `limit`, the budget's cycles, `noise` and `walk_any_digit` to
    /// boards larger than 9x9 ([`for_side`](Self::for_side)): the values here are those of
    /// the 9x9 board, where they were tuned.
    ///
    /// Default: true.
    pub scale_to_board: bool,
    /// The pre-solver run before the colony starts.
    ///
    /// Default: [`Presolve::Subsets`].
    pub presolve: Presolve,
    /// Whether initial permutations and moves give each free cell only its candidates
    /// (digits no fixed peer holds), instead of any digit its box misses. A box whose
    /// candidates admit no permutation proves there is no solution.
    ///
    /// Default: true.
    pub respect_candidates: bool,
}

impl Default for AbcConfig {
    fn default() -> AbcConfig {
        AbcConfig {
            colony_size: 100,
            limit: 50,
            adaptive_limit: false,
            budget: Budget::nodes(200_000),
            seed: 0x5EED,
            colonies: 1,
            neighbourhood: Neighbourhood::InBox,
            move_choice: MoveChoice::MinConflicts,
            sideways: true,
            tabu_tenure: 0,
            noise: 400,
            scout: Scout::Random,
            walk_any_digit: false,
            scale_to_board: true,
            presolve: Presolve::Subsets,
            respect_candidates: true,
        }
    }
}

impl AbcConfig {
    /// The most bees a colony may have: 50,000 food sources of a few hundred bytes each.
    pub const MAX_COLONY_SIZE: usize = 100_000;

    /// The most colonies that may search at once.
    pub const MAX_COLONIES: usize = 1024;

    /// Checks that every parameter is in its range.
    ///
    /// ```
    /// use sudoku_abc::AbcConfig;
    ///
    /// assert!(AbcConfig::default().check().is_ok());
    /// let err = AbcConfig { limit: 0, ..AbcConfig::default() }.check().unwrap_err();
    /// assert_eq!(err.field(), "limit");
    /// assert!(AbcConfig { colony_size: usize::MAX, ..AbcConfig::default() }.check().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// The first parameter out of range: `colony_size` (2 to [`MAX_COLONY_SIZE`](Self::MAX_COLONY_SIZE)),
    /// `limit` (at least 1: a source abandoned before any trial never improves),
    /// `colonies` (0 to [`MAX_COLONIES`](Self::MAX_COLONIES)), `noise` (0 to 1,000 per
    /// 1,000 trials), `budget` (a limit of cycles or of time).
    pub fn check(&self) -> Result<(), ConfigError> {
        // The message names the field, as `colony_size: 1 bees, expected 2 to 100000`.
        let fail = |field, message: String| {
            Err(ConfigError::new(
                ConfigErrorKind::OutOfRange,
                field,
                format!("{field}: {message}"),
            ))
        };
        if !(2..=Self::MAX_COLONY_SIZE).contains(&self.colony_size) {
            return fail(
                "colony_size",
                format!(
                    "{} bees, expected 2 to {}",
                    self.colony_size,
                    Self::MAX_COLONY_SIZE
                ),
            );
        }
        if self.limit == 0 {
            return fail(
                "limit",
                "0 trials: a source abandoned before any trial never improves (at least 1)".into(),
            );
        }
        if self.colonies > Self::MAX_COLONIES {
            return fail(
                "colonies",
                format!(
                    "{} colonies, expected 0 (one per thread) to {}",
                    self.colonies,
                    Self::MAX_COLONIES
                ),
            );
        }
        if self.noise > 1000 {
            return fail(
                "noise",
                format!("{} per 1,000 trials, expected 0 to 1000", self.noise),
            );
        }
        if self.budget.is_unlimited() {
            return fail(
                "budget",
                "no limit: the colony never settles a puzzle without a solution, so it needs a \
                 limit of cycles (nodes) or time"
                    .into(),
            );
        }
        Ok(())
    }

    /// The configuration the colony uses on a board of side `n`: this one on boards of side
    /// 9 or less, or when [`scale_to_board`](Self::scale_to_board) is off; on larger boards,
    /// with `s = n * n / 81` (about 7.7 for 25x25), the limit and the budget's cycles
    /// multiplied by `s` (a trial moves one cell, and there are `s` times more to settle),
    /// the noise divided by `s`, and [`walk_any_digit`](Self::walk_any_digit) on. These rules
    /// were measured on 12x12, 16x16 and 25x25 boards (`docs/abc.md`).
    ///
    /// ```
    /// use sudoku_abc::AbcConfig;
    ///
    /// let config = AbcConfig::default();
    /// assert_eq!(config.for_side(9), config);
    /// let large = config.for_side(25);
    /// assert_eq!((large.limit, large.budget.node_limit(), large.noise), (386, Some(1_543_210), 52));
    /// assert!(large.walk_any_digit && !large.scale_to_board);
    /// // Any side: the values saturate instead of overflowing.
    /// assert_eq!(config.for_side(usize::MAX).limit, u32::MAX);
    /// ```
    pub fn for_side(&self, n: usize) -> AbcConfig {
        if !self.scale_to_board || n <= 9 {
            return *self;
        }
        // In floating point: `n * n` overflows for the largest `n` (the values saturate).
        let s = (n as f64) * (n as f64) / 81.0;
        let budget = match self.budget.node_limit() {
            Some(cycles) => self.budget.with_nodes((cycles as f64 * s).round() as u64),
            None => self.budget,
        };
        AbcConfig {
            limit: (f64::from(self.limit) * s).round() as u32,
            budget,
            noise: (f64::from(self.noise) / s).round() as u32,
            walk_any_digit: true,
            scale_to_board: false,
            ..*self
        }
    }

    /// The article's configuration: 100 bees (50 food sources), limit 50, 2,000 cycles
    /// (`budget`),
    /// random in-box swaps kept only when they lower the conflicts, random scouts, singles
    /// pre-solver, moves free to put any missing digit anywhere in a box.
    pub fn article() -> AbcConfig {
        AbcConfig {
            colony_size: 100,
            limit: 50,
            adaptive_limit: false,
            budget: Budget::nodes(2_000),
            seed: 0x5EED,
            colonies: 1,
            neighbourhood: Neighbourhood::InBox,
            move_choice: MoveChoice::Random,
            sideways: false,
            tabu_tenure: 0,
            noise: 0,
            scout: Scout::Random,
            walk_any_digit: false,
            scale_to_board: true,
            presolve: Presolve::Singles,
            respect_candidates: false,
        }
    }
}
