//! Unique Sudoku puzzles from a seed, ratings on Sudoku Explainer's scale, and hints.
//!
//! ```
//! use sudoku_gen::{GenConfig, Generator, Symmetry};
//!
//! let mut generator = Generator::new(GenConfig { symmetry: Symmetry::Rotate180, ..GenConfig::default() })?;
//! let made = generator.generate(42).expect("no band was asked for");
//! assert!(made.solution.solves(&made.puzzle));
//! let rating = sudoku_gen::rate(&made.puzzle).expect("a generated puzzle has one solution");
//! println!("{}  ({} clues, ER {}, {})", made.puzzle, made.puzzle.filled(), rating.er, rating.band);
//!
//! // The next logical step, as a hint for a person.
//! if let sudoku_gen::Hint::Step(step) = sudoku_gen::hint(&made.puzzle) {
//!     println!("hint: {step}");
//! }
//! # Ok::<(), sudoku_gen::ConfigError>(())
//! ```
//!
//! How a puzzle is made: a random solved grid ([`Grid::random_solved`]: boxes 1, 5 and 9
//! filled with random permutations, which any grid completes, the rest by a small randomised
//! backtracking, then shuffled by a random symmetry of the grid), then clues removed in random
//! order, a symmetric group of cells at a time, keeping each removal only while the solution
//! stays unique: no other digit in a removed cell leads to a solution (decided by singles
//! from the remaining clues, by an unavoidable set of the grid left blank, or by the MRV
//! solver). One pass leaves a minimal puzzle: a clue whose removal was refused could not be
//! removed later either, when fewer clues are left.
//!
//! Two ratings. [`rate`] gives the ER, EP and ED of Sudoku Explainer 1.2.1 (the scale puzzle
//! makers and forums use, 1.0 to about 12): [`LogicSolver`] takes, at every step, the first
//! step of Sudoku Explainer's ladder of techniques ([`Technique`]: singles, intersections,
//! subsets, fish, wings, uniqueness, BUG, aligned exclusion, then cycles, forcing chains,
//! Nishio, multiple, dynamic and nested forcing chains), visiting the board in its order and
//! measuring chains as it does, so the path is Sudoku Explainer's own, step for step, and ER is
//! the difficulty of its hardest step. [`search_effort`] is the MRV solver's guesses averaged
//! over random relabellings and symmetries of the puzzle (so that it does not depend on how
//! the puzzle is written).

mod logic;
use logic::Proof;
mod variant;

/// The workspace README's examples (which use sudoku-core and sudoku-mrv, both dependencies
/// of this crate), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

use rand::Rng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use sudoku_core::{Meter, UnitDigits, Unsettled};

use sudoku_mrv::{MrvSolver, Propagated};

pub use logic::{
    Band, Chain, Difficulty, Link, LinkReason, LogicReport, LogicSolver, Step, Technique,
};
pub use variant::{
    GeneratedVariant, VariantConfig, VariantGenerator, generate_variants, generate_variants_within,
    random_jigsaw, random_jigsaw_within, random_solution, random_solution_within,
};

/// The general engine of sudoku-mrv, which [`random_solution`] takes to fill its grids
/// (usable as a solver here too: [`Solver`] and [`CountSolutions`] are re-exported).
pub use sudoku_mrv::MrvVariantSolver;

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Budget, Candidates, Clash, ConfigError, ConfigErrorKind, CountSolutions, DigitSet, Exhausted,
    Form, Grid, ParseError, Puzzle, PuzzleReader, ReadError, Record, Rules, SearchStats, SeededRng,
    Shape, Solver, Transform, TransformError, TransformErrorKind, VariantError, VariantErrorKind,
    Verdict, seeded_rng, seeded_rng_for,
};

/// Which cells are removed together, so the clues keep a symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any clue pattern.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rotate180,
    /// Unchanged by a quarter turn.
    Rotate90,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every option.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cells that must be blank or given together with `cell` (including it, first);
    /// `None` for a cell off the grid (81 or more).
    pub fn orbit(self, cell: usize) -> Option<Orbit> {
        if cell >= 81 {
            return None;
        }
        let (r, c) = (cell / 9, cell % 9);
        let mut orbit = Orbit {
            cells: [cell as u8; 4],
            len: 1,
        };
        let mut add = |r: usize, c: usize| {
            let other = (r * 9 + c) as u8;
            if !orbit.cells[..orbit.len].contains(&other) {
                orbit.cells[orbit.len] = other;
                orbit.len += 1;
            }
        };
        match self {
            Symmetry::None => {}
            Symmetry::Rotate180 => add(8 - r, 8 - c),
            Symmetry::Rotate90 => {
                add(c, 8 - r);
                add(8 - r, 8 - c);
                add(8 - c, r);
            }
            Symmetry::Mirror => add(r, 8 - c),
            Symmetry::Diagonal => add(c, r),
        }
        Some(orbit)
    }

    /// Lower-case name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// Whether `grid`'s clue pattern has this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        (0..81).all(|c| {
            self.orbit(c)
                .expect("a cell of the grid")
                .cells()
                .all(|o| (grid[o] == 0) == (grid[c] == 0))
        })
    }
}

/// The cells of one orbit of a [`Symmetry`]: 1, 2 or 4 cells, without allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orbit {
    cells: [u8; 4],
    len: usize,
}

impl Orbit {
    /// The cells (0 to 80), the starting cell first.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..self.len].iter().map(|&c| c as usize)
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true: an orbit holds its starting cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// Symmetry of the clue pattern. Default: [`Symmetry::None`].
    pub symmetry: Symmetry,
    /// Exactly this many clues: removal stops there (the puzzle is then unique but not
    /// always minimal), and a puzzle whose removal got stuck above it is thrown away and
    /// another made, up to `max_attempts`. [`GenConfig::check`] refuses targets no puzzle can
    /// reach. Default: `None` (remove until minimal).
    pub target_clues: Option<usize>,
    /// Keep generating until a puzzle of this band comes. Default: `None` (any band).
    pub band: Option<Band>,
    /// Keep generating until a puzzle whose ER rating is in this range comes. Default: `None`
    /// (any rating).
    pub er: Option<ErRange>,
    /// How many puzzles to try for a band, a rating or a clue count before giving up (at
    /// least 1). Default: 2,000.
    pub max_attempts: usize,
}

impl Default for GenConfig {
    fn default() -> GenConfig {
        GenConfig {
            symmetry: Symmetry::None,
            target_clues: None,
            band: None,
            er: None,
            max_attempts: 2000,
        }
    }
}

impl GenConfig {
    /// Whether the targets can be met at all: at least one attempt; a clue count of 17 to
    /// 81 (no Sudoku with fewer than 17 clues has a unique solution: McGuire, Tugemann and
    /// Civario, 2012) that the symmetry can make (a quarter turn keeps clues in fours around
    /// the centre); and a band whose ratings meet the ER range, when both are asked for.
    ///
    /// ```
    /// use sudoku_gen::{Band, ConfigErrorKind, GenConfig};
    ///
    /// let clash = GenConfig { band: Some(Band::Easy), er: Some("8.0..9.0".parse()?), ..GenConfig::default() };
    /// let err = clash.check().unwrap_err();
    /// assert_eq!((err.kind(), err.field()), (ConfigErrorKind::Conflict, "er"));
    /// assert_eq!(err.to_string(), "an easy puzzle is rated 0.0 to 2.0, never 8.0..9.0");
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] saying which target cannot be met, and why.
    pub fn check(&self) -> Result<(), ConfigError> {
        check_attempts(self.max_attempts)?;
        if let (Some(band), Some(range)) = (self.band, self.er)
            && !(Band::of(range.min) <= band && band <= Band::of(range.max))
        {
            let (low, high) = band.ratings();
            let article = if matches!(band, Band::Easy | Band::Expert) {
                "an"
            } else {
                "a"
            };
            return Err(ConfigError::new(
                ConfigErrorKind::Conflict,
                "er",
                format!("{article} {band} puzzle is rated {low} to {high}, never {range}"),
            ));
        }
        let Some(clues) = self.target_clues else {
            return Ok(());
        };
        if clues < 17 {
            return Err(ConfigError::new(
                ConfigErrorKind::Unreachable,
                "target_clues",
                format!(
                    "no Sudoku with {clues} clues has a unique solution (17 is the fewest possible)"
                ),
            ));
        }
        if clues > 81 {
            return Err(ConfigError::new(
                ConfigErrorKind::OutOfRange,
                "target_clues",
                format!("a grid has 81 cells, so {clues} clues cannot be"),
            ));
        }
        if self.symmetry == Symmetry::Rotate90 && clues % 4 > 1 {
            return Err(ConfigError::new(
                ConfigErrorKind::Conflict,
                "target_clues",
                format!(
                    "quarter-turn symmetry keeps clues in groups of four around the centre, so \
                     the count is 4k or 4k + 1; {clues} is neither"
                ),
            ));
        }
        Ok(())
    }
}

/// A generated puzzle with its solution and rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its human rating when a band or a rating was asked for (the generator had to rate it
    /// anyway); otherwise `None`, and [`rate`] gives it on demand.
    pub rating: Option<Rating>,
    /// How many puzzles were made to find this one (1 unless a band, a rating or a clue count
    /// was asked for).
    pub attempts: usize,
}

/// No puzzle was made: the requested band, rating or clue count did not come within
/// `max_attempts` tries, no grid of the rules could be drawn, or the budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetNotReached {
    /// The band asked for, if any.
    pub band: Option<Band>,
    /// The range of ER ratings asked for, if any.
    pub er: Option<ErRange>,
    /// The clue count asked for, if any.
    pub clues: Option<usize>,
    /// How many puzzles were tried.
    pub attempts: usize,
    /// What stopped the tries.
    pub why: NotMade,
}

/// What stopped a generator before it made a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotMade {
    /// Every attempt allowed was made, and none met the targets.
    Attempts,
    /// No grid of the rules could be drawn (extra units that leave no room, or almost
    /// none).
    NoGrid,
    /// The budget ran out first.
    GaveUp(Exhausted),
}

/// One attempt of a generator, as it ends: what a progress display shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attempt {
    /// Which attempt, from 1.
    pub number: usize,
    /// The most attempts the request allows.
    pub of: usize,
    /// The clues of the puzzle the attempt made, before the targets were checked.
    pub clues: usize,
}

impl Attempt {
    /// Tells `observe` that attempt `number` of `of` made a puzzle of `clues` clues, and
    /// says whether that is the clue count asked for (any, without a target).
    fn ended(
        observe: &mut impl FnMut(&Attempt),
        number: usize,
        of: usize,
        clues: usize,
        target: Option<usize>,
    ) -> bool {
        observe(&Attempt { number, of, clues });
        target.is_none_or(|n| clues == n)
    }
}

/// Whether removing clues stops at `filled`: a target clue count is reached.
fn down_to(target: Option<usize>, filled: usize) -> bool {
    target.is_some_and(|target| filled <= target)
}

/// A request's number of attempts: at least one.
fn check_attempts(max_attempts: usize) -> Result<(), ConfigError> {
    if max_attempts == 0 {
        return Err(ConfigError::new(
            ConfigErrorKind::OutOfRange,
            "max_attempts",
            "0 attempts make no puzzle (at least 1)",
        ));
    }
    Ok(())
}

impl std::fmt::Display for TargetNotReached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let band = self.band.map(|b| format!("{b} ")).unwrap_or_default();
        let clues = self
            .clues
            .map(|n| format!(" with {n} clues"))
            .unwrap_or_default();
        let er = self
            .er
            .map(|r| format!(" rated ER {r}"))
            .unwrap_or_default();
        let tries = match self.attempts {
            1 => "1 attempt".to_string(),
            n => format!("{n} attempts"),
        };
        match self.why {
            NotMade::Attempts => write!(
                f,
                "no {band}puzzle{clues}{er} in {tries}: fewer clues and harder ratings are rarer"
            ),
            NotMade::NoGrid => f.write_str("no grid of these rules could be drawn"),
            NotMade::GaveUp(exhausted) if clues.is_empty() && er.is_empty() && band.is_empty() => {
                write!(
                    f,
                    "gave up after {exhausted}, during attempt {}",
                    self.attempts
                )
            }
            NotMade::GaveUp(exhausted) => write!(
                f,
                "gave up after {exhausted}: no {band}puzzle{clues}{er} in {tries}"
            ),
        }
    }
}

impl TargetNotReached {
    /// What stopped the tries ([`why`](TargetNotReached::why)).
    pub fn kind(&self) -> NotMade {
        self.why
    }
}

impl std::error::Error for TargetNotReached {}

/// A puzzle's human rating on Sudoku Explainer's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The band of the ER rating.
    pub band: Band,
    /// The technique of the hardest step (`None` when no step was needed).
    pub hardest: Option<Technique>,
    /// Whether the ladder solved it (it fails only on puzzles without exactly one solution,
    /// or beyond its deepest nesting).
    pub solved_by_logic: bool,
    /// ER: the difficulty of the hardest step of the path.
    pub er: Difficulty,
    /// EP: the hardest step up to the first digit placed.
    pub ep: Difficulty,
    /// ED: the difficulty of the first step.
    pub ed: Difficulty,
}

impl Rating {
    /// The ER rating as a number (1.0 to about 12; 20.0 when the ladder failed).
    pub fn se(&self) -> f64 {
        self.er.as_f64()
    }
}

/// Rates a puzzle as Sudoku Explainer does: the path that always takes the first step of its
/// ladder, and the hardest step on it.
///
/// # Errors
///
/// Only a puzzle with one solution has a rating (the uniqueness techniques assume it): a
/// puzzle whose givens clash, or that has no solution or several, is a [`RateError`], found
/// by the MRV solver before the path needs a technique that assumes one solution (a path
/// that fills the grid without one proves it, and then no search runs).
///
/// ```
/// use sudoku_gen::{Grid, RateError};
///
/// // Sudoku Explainer rates this puzzle 7.1: a forcing chain is its hardest step.
/// let puzzle: Grid =
///     "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........".parse()?;
/// let rating = sudoku_gen::rate(&puzzle)?;
/// assert_eq!(rating.er.to_string(), "7.1");
/// assert_eq!(rating.se(), 7.1);
/// println!("ER {} EP {} ED {} ({})", rating.er, rating.ep, rating.ed, rating.band);
///
/// assert_eq!(sudoku_gen::rate(&Grid::EMPTY), Err(RateError::SeveralSolutions));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    rate_within(puzzle, Budget::UNLIMITED)
}

/// Rates a puzzle as [`rate`] does, within `budget`, which bounds the whole call: its
/// nodes are those of the uniqueness check and of the path (see
/// [`LogicSolver::explain_within`]: a node per step and per assumption the chains
/// propagate), and its time and cancel flag are read every few milliseconds, inside the
/// chains too.
///
/// ```
/// use std::time::{Duration, Instant};
/// use sudoku_gen::{Budget, Exhausted, Grid, RateError};
///
/// // AI Escargot (Arto Inkala, 2006): nested forcing chains, ER 10.5, a second or more.
/// let hard: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
/// let start = Instant::now();
/// let rated = sudoku_gen::rate_within(&hard, Budget::time(Duration::from_millis(10)));
/// assert_eq!(rated, Err(RateError::GaveUp(Exhausted::Time(Duration::from_millis(10)))));
/// assert!(start.elapsed() < Duration::from_millis(500));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`rate`], and [`RateError::GaveUp`] when the budget runs out.
pub fn rate_within(puzzle: &Grid, budget: Budget) -> Result<Rating, RateError> {
    if let Some(clash) = puzzle.clash() {
        return Err(RateError::Clash(clash));
    }
    let mut meter = budget.meter();
    let count = |meter: &mut Meter| {
        let mut solver = MrvSolver::default();
        let count = solver.count_solutions_within(puzzle, 2, meter.remaining());
        meter.charge(solver.stats().nodes, count.err().map(|u| u.exhausted));
        count
    };
    // The search that proves one solution runs only when the path needs a technique that
    // assumes it: a path that fills the grid without one proves it too.
    let mut counted = None;
    let report = LogicSolver::new(puzzle).walk(
        None,
        &mut meter,
        Proof::WhenNeeded(&mut |meter| *counted.insert(count(meter)) == Ok(1)),
        true,
        None,
    );
    let count = match counted {
        Some(counted) => counted,
        None if report.solved => Ok(1),
        // The path stopped without asking (its budget ran out): the count tells the rest.
        None => count(&mut meter),
    };
    rate_unique(count, budget, meter, |_| report)
}

/// The rating of the ladder's path that `walk` takes, once `count` says there is one
/// solution; the errors of a count of none or several, or of a budget spent.
fn rate_unique(
    count: Result<usize, Unsettled>,
    budget: Budget,
    mut meter: Meter,
    walk: impl FnOnce(&mut Meter) -> LogicReport,
) -> Result<Rating, RateError> {
    match count {
        Ok(0) => return Err(RateError::NoSolution),
        Ok(1) => {}
        Ok(_) => return Err(RateError::SeveralSolutions),
        Err(unsettled) => return Err(RateError::GaveUp(budget.as_set(unsettled.exhausted))),
    }
    let report = walk(&mut meter);
    match meter.exhausted() {
        Some(exhausted) => Err(RateError::GaveUp(exhausted)),
        None => Ok(rating_of(&report)),
    }
}

/// Why a puzzle has no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RateError {
    /// Two givens clash.
    Clash(Clash),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has several solutions: no logical path leads to one answer.
    SeveralSolutions,
    /// The budget ran out first.
    GaveUp(Exhausted),
}

impl std::fmt::Display for RateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RateError::Clash(clash) => write!(f, "clashing givens: {clash}"),
            RateError::NoSolution => f.write_str("no solution: nothing to rate"),
            RateError::SeveralSolutions => {
                f.write_str("several solutions: only a puzzle with one solution has a rating")
            }
            RateError::GaveUp(exhausted) => write!(f, "gave up after {exhausted}"),
        }
    }
}

impl std::error::Error for RateError {}

/// Rates a puzzle as [`rate`] does, but gives up as soon as a step harder than `max` is
/// needed: `None` then (the ER rating is above `max`). Much faster than [`rate`] for puzzles
/// far harder than `max`, since the hardest steps are the dearest to find.
pub fn rate_up_to(puzzle: &Grid, max: Difficulty) -> Option<Rating> {
    LogicSolver::new(puzzle)
        .solve_up_to_metered(max, &mut Meter::default(), true)
        .map(|report| rating_of(&report))
}

fn rating_of(report: &LogicReport) -> Rating {
    Rating {
        band: report.band(),
        hardest: report.hardest,
        solved_by_logic: report.solved,
        er: report.er,
        ep: report.ep,
        ed: report.ed,
    }
}

/// A range of ER ratings, both ends included, written `4.0..6.0` (`4.0..` or `..6.0` leave
/// an end open).
///
/// ```
/// use sudoku_gen::{Difficulty, ErRange};
///
/// let range: ErRange = "4.0..6.0".parse()?;
/// assert!(range.contains(Difficulty::from_tenths(45)));
/// assert!(!range.contains(Difficulty::from_tenths(62)));
/// assert_eq!(range.to_string(), "4.0..6.0");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ErRange {
    /// The lowest rating (included).
    pub min: Difficulty,
    /// The highest rating (included).
    pub max: Difficulty,
}

impl ErRange {
    /// Whether `er` is in the range.
    pub fn contains(&self, er: Difficulty) -> bool {
        self.min <= er && er <= self.max
    }
}

impl std::fmt::Display for ErRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

impl std::str::FromStr for ErRange {
    type Err = String;

    fn from_str(text: &str) -> Result<ErRange, String> {
        let (low, high) = text
            .split_once("..")
            .ok_or_else(|| format!("`{text}` is not a range such as 4.0..6.0"))?;
        let end = |part: &str, open: Difficulty| -> Result<Difficulty, String> {
            if part.trim().is_empty() {
                Ok(open)
            } else {
                part.trim().parse::<Difficulty>()
            }
        };
        let min = end(low, Difficulty::ZERO)?;
        let max = end(high, Difficulty::FAILED)?;
        if min > max {
            return Err(format!("the range {text} is empty: {min} is above {max}"));
        }
        Ok(ErRange { min, max })
    }
}

/// The search effort: the MRV solver's guesses on `puzzle`, averaged over `samples` random
/// symmetries and relabellings of it drawn from `seed` (at least one).
pub fn search_effort(puzzle: &Grid, samples: usize, seed: u64) -> f64 {
    search_effort_within(puzzle, samples, seed, Budget::UNLIMITED).unwrap_or(f64::NAN)
}

/// As [`search_effort`], within `budget`: its nodes are the searches' (all samples together),
/// its time and cancel flag are read every [`Meter::STRIDE`](sudoku_core::Meter::STRIDE)
/// nodes and between samples.
///
/// ```
/// use sudoku_gen::{Budget, Exhausted, Grid};
///
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
/// let effort = sudoku_gen::search_effort_within(&puzzle, 100, 1, Budget::nodes(1_000_000));
/// assert_eq!(effort, Ok(sudoku_gen::search_effort(&puzzle, 100, 1)));
/// let cut = sudoku_gen::search_effort_within(&puzzle, 100, 1, Budget::nodes(50));
/// assert_eq!(cut, Err(Exhausted::Nodes(50)));
/// # Ok::<(), sudoku_gen::ParseError>(())
/// ```
///
/// # Errors
///
/// What ran out, when the budget did.
pub fn search_effort_within(
    puzzle: &Grid,
    samples: usize,
    seed: u64,
    budget: Budget,
) -> Result<f64, Exhausted> {
    let mut solver = MrvSolver::default();
    let mut rng = sudoku_core::seeded_rng(seed);
    let mut meter = budget.meter();
    let samples = samples.max(1);
    let mut total = 0u64;
    for _ in 0..samples {
        if meter.should_stop() {
            break;
        }
        let verdict = solver.solve_within(
            &Transform::random(&mut rng).apply(puzzle),
            meter.remaining(),
        );
        let exhausted = match verdict {
            Verdict::GaveUp { exhausted, .. } => Some(exhausted),
            _ => None,
        };
        if !meter.charge(solver.stats().nodes, exhausted) {
            break;
        }
        total += solver.stats().guesses;
    }
    match meter.exhausted() {
        Some(exhausted) => Err(budget.as_set(exhausted)),
        None => Ok(total as f64 / samples as f64),
    }
}

/// A hint: what a person should do next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// The next logical step.
    Step(Step),
    /// No technique of the ladder applies, not even its deepest nested chains (which reach
    /// every puzzle rated so far): the puzzle needs search from here.
    NeedsSearch,
    /// Every cell is filled.
    Solved,
    /// Two givens clash.
    Clash(Clash),
    /// A blank cell has no candidate: there is a mistake among the digits.
    Contradiction,
    /// The position has no solution: a digit written in is wrong.
    NoSolution,
    /// The position has several solutions, so no step can lead to one answer.
    SeveralSolutions,
    /// The pencil marks removed the solution's digit from a cell: an elimination was wrong.
    WrongElimination {
        /// The cell (0 to 80).
        cell: usize,
        /// The solution's digit there.
        digit: u8,
    },
    /// The digits have several solutions and the pencil marks exclude every one of them: an
    /// elimination was wrong.
    MarksExcludeEverySolution,
}

/// The next logical step for `puzzle` (a puzzle or a position partly filled by a person),
/// checked first as [`hint_position`] does.
pub fn hint(puzzle: &Grid) -> Hint {
    hint_within(puzzle, Budget::UNLIMITED).unwrap_or(Hint::NeedsSearch)
}

/// As [`hint`], within `budget`: its nodes are those of the checks (a search for the
/// solution) and of the ladder (see [`LogicSolver::next_step_within`]), its time and cancel
/// flag are read as they go.
///
/// # Errors
///
/// What ran out, when the budget did.
pub fn hint_within(puzzle: &Grid, budget: Budget) -> Result<Hint, Exhausted> {
    match puzzle.clash() {
        Some(clash) => Ok(Hint::Clash(clash)),
        None => hint_board(&LogicSolver::new(puzzle), budget),
    }
}

/// The next logical step for a pencil-mark position, checked first: clashing digits, a cell
/// without candidates, no solution (a wrong digit), several solutions, and marks that exclude
/// the solution (a wrong elimination) are reported instead of a step.
///
/// ```
/// use sudoku_gen::{Grid, Hint, LogicSolver};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut board = LogicSolver::new(&puzzle);
/// let Hint::Step(step) = sudoku_gen::hint_position(&board.position()) else { panic!() };
/// board.apply(&step); // the position after the step, pencil marks and all
/// assert!(matches!(sudoku_gen::hint_position(&board.position()), Hint::Step(_)));
/// # Ok::<(), sudoku_gen::ParseError>(())
/// ```
pub fn hint_position(marks: &Candidates) -> Hint {
    hint_position_within(marks, Budget::UNLIMITED).unwrap_or(Hint::NeedsSearch)
}

/// As [`hint_position`], within `budget` (see [`hint_within`]).
///
/// # Errors
///
/// What ran out, when the budget did.
pub fn hint_position_within(marks: &Candidates, budget: Budget) -> Result<Hint, Exhausted> {
    // Two cells of a unit left with the same single digit clash, written in or not.
    match marks.to_grid().clash() {
        Some(clash) => Ok(Hint::Clash(clash)),
        None => hint_board(&LogicSolver::from_candidates(marks), budget),
    }
}

fn hint_board(board: &LogicSolver, budget: Budget) -> Result<Hint, Exhausted> {
    if board.grid().is_complete() && board.position().empty_cell().is_none() {
        return Ok(Hint::Solved);
    }
    let mut meter = budget.meter();
    match solve_position_metered(&board.position(), &mut meter) {
        Ok(_) => {}
        Err(PositionError::Hint(problem)) => return Ok(problem),
        Err(PositionError::GaveUp(exhausted)) => return Err(budget.as_set(exhausted)),
    }
    let step = board.next_step_metered(&mut meter);
    match meter.exhausted() {
        Some(exhausted) => Err(budget.as_set(exhausted)),
        None => Ok(step.map_or(Hint::NeedsSearch, Hint::Step)),
    }
}

/// The one solution of a pencil-mark position that fits its marks, or what is wrong with the
/// position, as [`hint_position`] checks it: two singles of a unit that clash, a cell with no
/// candidate, no solution, several solutions, marks that exclude the only solution of the
/// digits ([`Hint::WrongElimination`], naming the cell) or every one of them. The marks are
/// honoured: of a position whose digits have many solutions, only those that fit the marks
/// count. `budget` bounds the searches.
///
/// ```
/// use sudoku_gen::{Candidates, Grid, Hint, PositionError, Budget};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut marks = Candidates::from_grid(&puzzle);
/// let solution = sudoku_gen::solve_position(&marks, Budget::UNLIMITED).unwrap();
/// assert!(solution.solves(&puzzle));
/// marks.remove(2, solution[2]); // a wrong elimination in r1c3
/// assert_eq!(
///     sudoku_gen::solve_position(&marks, Budget::UNLIMITED),
///     Err(PositionError::Hint(Hint::WrongElimination { cell: 2, digit: solution[2] }))
/// );
/// # Ok::<(), sudoku_gen::ParseError>(())
/// ```
///
/// # Errors
///
/// What is wrong, as a [`Hint`] other than a step; or that the budget ran out.
pub fn solve_position(marks: &Candidates, budget: Budget) -> Result<Grid, PositionError> {
    solve_position_metered(marks, &mut budget.meter()).map_err(|err| match err {
        PositionError::GaveUp(exhausted) => PositionError::GaveUp(budget.as_set(exhausted)),
        other => other,
    })
}

/// [`solve_position`], its searches spending the nodes of `meter`.
fn solve_position_metered(marks: &Candidates, meter: &mut Meter) -> Result<Grid, PositionError> {
    let problem = |hint: Hint| Err(PositionError::Hint(hint));
    if let Some(clash) = marks.to_grid().clash() {
        return problem(Hint::Clash(clash));
    }
    if marks.empty_cell().is_some() {
        return problem(Hint::Contradiction);
    }
    let gave_up =
        |meter: &Meter| PositionError::GaveUp(meter.exhausted().expect("a stopped meter says why"));
    let mut solver = MrvSolver::default();
    let (verdict, count) = match Propagated::from_candidates(marks) {
        Some(root) => solver.solve_and_count_from_within(&root, 2, meter.remaining()),
        None => (Verdict::NoSolution, Ok(0)),
    };
    if !meter.charge(solver.stats().nodes, count.err().map(|u| u.exhausted)) {
        return Err(gave_up(meter));
    }
    match (verdict, count) {
        (Verdict::Solved(solution), Ok(1)) => return Ok(solution),
        (_, Ok(0)) => {}
        _ => return problem(Hint::SeveralSolutions),
    }
    // No solution fits the marks: are the digits wrong, or the eliminations?
    let (verdict, count) = solver.solve_and_count_within(&marks.to_grid(), 2, meter.remaining());
    if !meter.charge(solver.stats().nodes, count.err().map(|u| u.exhausted)) {
        return Err(gave_up(meter));
    }
    match (verdict, count) {
        (Verdict::Solved(solution), Ok(1)) => {
            let cell = (0..81)
                .find(|&c| !marks.sets()[c].contains(solution[c]))
                .expect("the marks exclude the solution");
            problem(Hint::WrongElimination {
                cell,
                digit: solution[cell],
            })
        }
        (_, Ok(0)) => problem(Hint::NoSolution),
        _ => problem(Hint::MarksExcludeEverySolution),
    }
}

/// Why [`solve_position`] found no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// What is wrong with the position, as [`hint_position`] says it.
    Hint(Hint),
    /// The budget ran out first.
    GaveUp(Exhausted),
}

/// Rates a pencil-mark position as [`rate_within`] rates a puzzle: the path of the ladder
/// from the position's candidates, when exactly one solution fits them.
///
/// # Errors
///
/// As [`rate_within`]: a clash of its singles, no solution or several fitting the marks, or
/// the budget ran out.
pub fn rate_position_within(marks: &Candidates, budget: Budget) -> Result<Rating, RateError> {
    if let Some(clash) = marks.to_grid().clash() {
        return Err(RateError::Clash(clash));
    }
    let mut meter = budget.meter();
    let mut solver = MrvSolver::default();
    let count = match Propagated::from_candidates(marks) {
        Some(root) => {
            let (_, count) = solver.solve_and_count_from_within(&root, 2, meter.remaining());
            meter.charge(solver.stats().nodes, count.err().map(|u| u.exhausted));
            count
        }
        None => Ok(0),
    };
    rate_unique(count, budget, meter, |meter| {
        LogicSolver::from_candidates(marks).walk(None, meter, Proof::Given, true, None)
    })
}

/// Makes puzzles; keeps a solver so that its buffers are reused.
#[derive(Debug, Default)]
pub struct Generator {
    config: GenConfig,
    solver: MrvSolver,
    /// Unavoidable sets of the current solution (see [`unavoidable_sets`]).
    sets: Vec<u128>,
}

impl Generator {
    /// A generator with `config`, checked ([`GenConfig::check`]) and fixed for its life.
    ///
    /// # Errors
    ///
    /// When a target cannot be met (see [`GenConfig::check`]).
    pub fn new(config: GenConfig) -> Result<Generator, ConfigError> {
        config.check()?;
        Ok(Generator {
            config,
            solver: MrvSolver::default(),
            sets: Vec::new(),
        })
    }

    /// Puzzle number `index` of the sequence of `seed` (the same whatever else is made).
    ///
    /// # Errors
    ///
    /// When a band or a clue count was asked for and none of `max_attempts` puzzles had it.
    pub fn generate_indexed(
        &mut self,
        seed: u64,
        index: u64,
    ) -> Result<Generated, TargetNotReached> {
        self.generate_indexed_within(seed, index, Budget::UNLIMITED, |_| {})
    }

    /// As [`generate_indexed`](Generator::generate_indexed), within `budget`, which bounds
    /// the whole call: its nodes are one for each removal of clues tried, those of the
    /// searches that prove a removal keeps the solution unique, and those of the rating of
    /// each attempt when a band or an ER range was asked for (see [`rate_within`]); its time
    /// and cancel flag are read before each removal and inside the rating. `observe` is called as each attempt ends. The puzzle made
    /// is the same as without a budget, if one is made.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_gen::{Budget, Exhausted, GenConfig, Generator, NotMade};
    ///
    /// let mut generator = Generator::new(GenConfig { target_clues: Some(20), ..GenConfig::default() })?;
    /// let mut attempts = 0;
    /// let err = generator
    ///     .generate_indexed_within(1, 0, Budget::time(Duration::from_millis(20)), |_| attempts += 1)
    ///     .unwrap_err(); // 20 clues take thousands of attempts
    /// assert!(matches!(err.why, NotMade::GaveUp(_)));
    /// // No node, no puzzle: a node budget is honoured as exactly as a time limit.
    /// let mut plain = Generator::new(GenConfig::default())?;
    /// let err = plain.generate_indexed_within(1, 0, Budget::nodes(0), |_| {}).unwrap_err();
    /// assert_eq!(err.why, NotMade::GaveUp(Exhausted::Nodes(0)));
    /// # Ok::<(), sudoku_gen::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`generate_indexed`](Generator::generate_indexed), and when the budget runs out.
    pub fn generate_indexed_within(
        &mut self,
        seed: u64,
        index: u64,
        budget: Budget,
        mut observe: impl FnMut(&Attempt),
    ) -> Result<Generated, TargetNotReached> {
        let mut meter = budget.meter();
        let mut rng = sudoku_core::seeded_rng_for(seed, index);
        let GenConfig {
            band,
            er,
            target_clues,
            ..
        } = self.config;
        let attempts = if band.is_some() || er.is_some() || target_clues.is_some() {
            self.config.max_attempts
        } else {
            1
        };
        let not_made = |attempts, why| TargetNotReached {
            band,
            er,
            clues: target_clues,
            attempts,
            why,
        };
        let gave_up = |attempts, meter: &Meter| {
            let exhausted = meter.exhausted().expect("a stopped meter says why");
            not_made(attempts, NotMade::GaveUp(budget.as_set(exhausted)))
        };
        for attempt in 1..=attempts {
            let Some((puzzle, solution)) = self.make(&mut rng, &mut meter) else {
                return Err(gave_up(attempt - 1, &meter));
            };
            if !Attempt::ended(
                &mut observe,
                attempt,
                attempts,
                puzzle.filled(),
                target_clues,
            ) {
                continue;
            }
            // A generated puzzle has one solution: the ladder needs no check.
            let rating = match (band, er) {
                (None, None) => None,
                // A rating above the range is known as soon as one step is too hard.
                (_, Some(range)) => {
                    let report =
                        LogicSolver::new(&puzzle).solve_up_to_metered(range.max, &mut meter, true);
                    if meter.is_exhausted() {
                        return Err(gave_up(attempt, &meter));
                    }
                    match report {
                        Some(report) => Some(rating_of(&report)),
                        None => continue,
                    }
                }
                _ => {
                    let report =
                        LogicSolver::new(&puzzle).walk(None, &mut meter, Proof::Given, true, None);
                    if meter.is_exhausted() {
                        return Err(gave_up(attempt, &meter));
                    }
                    Some(rating_of(&report))
                }
            };
            if rating.is_some_and(|r| {
                band.is_some_and(|b| b != r.band) || er.is_some_and(|range| !range.contains(r.er))
            }) {
                continue;
            }
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                attempts: attempt,
            });
        }
        Err(not_made(attempts, NotMade::Attempts))
    }

    /// The first puzzle of the sequence of `seed`.
    ///
    /// # Errors
    ///
    /// As [`generate_indexed`](Generator::generate_indexed).
    pub fn generate(&mut self, seed: u64) -> Result<Generated, TargetNotReached> {
        self.generate_indexed(seed, 0)
    }

    /// One attempt from `rng`: the puzzle and its solution, or `None` when `meter` ran out
    /// (a node for each removal tried, read before it, and the searches' nodes).
    fn make<R: Rng + ?Sized>(&mut self, rng: &mut R, meter: &mut Meter) -> Option<(Grid, Grid)> {
        let solution = Grid::random_solved(rng);
        let mut puzzle = solution;
        let mut givens = UnitDigits::of(&solution);
        let mut blank = 0u128;
        unavoidable_sets(&solution, &mut self.sets);
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(rng);
        // A refused orbit is not tried again from another of its cells.
        let mut tried = [false; 81];
        for cell in order {
            if tried[cell] {
                continue;
            }
            if down_to(self.config.target_clues, puzzle.filled()) {
                break;
            }
            let orbit = self
                .config
                .symmetry
                .orbit(cell)
                .expect("a cell of the grid");
            if self
                .config
                .target_clues
                .is_some_and(|target| puzzle.filled() < target + orbit.len())
            {
                // Removing this orbit would go below the target; a smaller one may not.
                continue;
            }
            // Each removal tried is a node, and the clock is read before it.
            if !meter.spend() || meter.should_stop() {
                return None;
            }
            for c in orbit.cells() {
                tried[c] = true;
                puzzle.set(c, 0);
                givens.remove(c, solution[c]);
            }
            let removed = orbit.cells().fold(0, |m, c| m | 1u128 << c);
            let unique =
                self.still_unique(&puzzle, &givens, blank | removed, orbit, &solution, meter)?;
            if unique {
                blank |= removed;
            } else {
                for c in orbit.cells() {
                    puzzle.set(c, solution[c]);
                    givens.insert(c, solution[c]);
                }
            }
        }
        Some((puzzle, solution))
    }

    /// Whether `puzzle`, a unique puzzle with the cells of `orbit` just blanked, still has
    /// `solution` as its only solution. `givens` are its clues by unit, `blank` its blank
    /// cells (bit `c` for cell `c`).
    ///
    /// Any other solution differs from `solution` in a blanked cell. Cheapest first:
    /// 1. When the clues give each blanked cell its digit back by a single, naked or hidden
    ///    (the earlier cells of the orbit put back), the solution stays unique. Most
    ///    removals early on end here, without search.
    /// 2. When the blank cells hold a whole unavoidable set of `solution` (see
    ///    [`unavoidable_sets`]), another solution exists. Most refusals with half-turn
    ///    symmetry, and 4 in 10 without, end here, without search.
    /// 3. Otherwise the puzzle is propagated once ([`Propagated`]), and for each blanked
    ///    cell in turn (the earlier ones put back to their digit), each other digit that
    ///    propagation leaves it is added and the solver looks for one solution from there.
    ///    This walks only the search tree outside `solution`'s branch; a cell that
    ///    propagation gives back its digit needs no search. The searches spend the nodes of
    ///    `meter`: `None` when it runs out before the answer is known.
    fn still_unique(
        &mut self,
        puzzle: &Grid,
        givens: &UnitDigits,
        blank: u128,
        orbit: Orbit,
        solution: &Grid,
        meter: &mut Meter,
    ) -> Option<bool> {
        let mut probe = *puzzle;
        let mut with = *givens;
        let forced = orbit.cells().all(|cell| {
            let digit = solution[cell];
            let forced = forced(&with, &probe, cell, digit);
            probe.set(cell, digit);
            with.insert(cell, digit);
            forced
        });
        if forced {
            return Some(true);
        }
        if self.sets.iter().any(|&set| set & !blank == 0) {
            return Some(false);
        }
        let mut root = Propagated::new(puzzle).expect("`solution` solves it");
        for (k, cell) in orbit.cells().enumerate() {
            let digit = solution[cell];
            for other in root.candidates(cell) - DigitSet::only(digit) {
                let Some(probe) = root.with(cell, other) else {
                    continue;
                };
                let count = self
                    .solver
                    .count_solutions_from_within(&probe, 1, meter.remaining());
                if !meter.charge(self.solver.stats().nodes, count.err().map(|u| u.exhausted)) {
                    return None;
                }
                if count.is_ok_and(|found| found > 0) {
                    return Some(false);
                }
            }
            if k + 1 < orbit.len() {
                root = root.with(cell, digit).expect("`solution` solves it");
            }
        }
        Some(true)
    }
}

/// Fills `sets` with unavoidable sets of `solution` (bit `c` for cell `c`): sets of cells
/// whose digits can be rearranged into another solution, so that a puzzle of `solution`
/// with all of them blank has two solutions, and every unique puzzle keeps a clue in each.
/// Three small families, cheap to find (about 42 sets a grid); in each, the rearrangement
/// keeps every row, column and box valid:
/// - two rows of a band (two columns of a stack) swapped on a cycle of the map from a
///   column of the first row to the column of its digit in the second: 4 cells for a
///   2-cycle (the classic unique rectangle), 6 for a 3-cycle, and so on;
/// - two mini-columns of a band (three cells of a column inside a box) that hold the same
///   three digits, swapped; likewise two mini-rows of a stack: 6 cells;
/// - two digits that take the same three columns in a band (rows in a stack), swapped
///   there: 6 cells.
fn unavoidable_sets(solution: &Grid, sets: &mut Vec<u128>) {
    /// The cells at positions `m` (bit `k` for position `k`) of row `line`.
    fn along_row(line: usize, m: u16) -> u128 {
        u128::from(m) << (9 * line)
    }
    /// The cells at positions `m` of column `line`.
    fn along_col(line: usize, mut m: u16) -> u128 {
        let mut cells = 0;
        while m != 0 {
            cells |= 1 << (9 * m.trailing_zeros() as usize + line);
            m &= m - 1;
        }
        cells
    }
    sets.clear();
    // The digits (0-based) of each row, and of each column.
    let rows: [[u8; 9]; 9] =
        std::array::from_fn(|r| std::array::from_fn(|k| solution[9 * r + k] - 1));
    let cols: [[u8; 9]; 9] =
        std::array::from_fn(|c| std::array::from_fn(|k| solution[9 * k + c] - 1));
    // Rows in bands, then the same families transposed: columns in stacks.
    for (lines, along) in [
        (&rows, along_row as fn(usize, u16) -> u128),
        (&cols, along_col),
    ] {
        // Two lines of a band: the cycles of the map from a position of line a to the
        // position of its digit in line b.
        for a in 0..9 {
            let mut at = [0u8; 9];
            for k in 0..9 {
                at[usize::from(lines[a][k])] = k as u8;
            }
            for b in a + 1..a - a % 3 + 3 {
                let mut left = 0x1FFu16;
                while left != 0 {
                    let mut k = left.trailing_zeros() as usize;
                    let mut cycle = 0u16;
                    while cycle & 1 << k == 0 {
                        cycle |= 1 << k;
                        k = usize::from(at[usize::from(lines[b][k])]);
                    }
                    left &= !cycle;
                    sets.push(along(a, cycle) | along(b, cycle));
                }
            }
        }
        // Two mini-lines across a band (three cells of one position, one in each line) with
        // the same three digits.
        for band in 0..3 {
            let digits: [u16; 9] = std::array::from_fn(|k| {
                (3 * band..3 * band + 3).fold(0, |m, line| m | 1 << lines[line][k])
            });
            for k in 0..9 {
                for l in k + 1..9 {
                    if digits[k] == digits[l] {
                        let cells = (3 * band..3 * band + 3)
                            .fold(0, |m, line| m | along(line, 1 << k | 1 << l));
                        sets.push(cells);
                    }
                }
            }
        }
        // Two digits with the same three positions in the three lines of a band.
        for band in 0..3 {
            let mut places = [0u16; 9];
            for line in 3 * band..3 * band + 3 {
                for k in 0..9 {
                    places[usize::from(lines[line][k])] |= 1 << k;
                }
            }
            for x in 0..9 {
                for y in x + 1..9 {
                    if places[x] == places[y] {
                        let mut set = 0;
                        for line in 3 * band..3 * band + 3 {
                            for k in 0..9 {
                                if lines[line][k] == x as u8 || lines[line][k] == y as u8 {
                                    set |= along(line, 1 << k);
                                }
                            }
                        }
                        sets.push(set);
                    }
                }
            }
        }
    }
}

/// Whether the givens of `grid`, whose units hold `givens`, leave blank `cell` no digit but
/// `digit` (a naked single), or leave `digit` no other place in one of its units (a hidden
/// single).
fn forced(givens: &UnitDigits, grid: &Grid, cell: usize, digit: u8) -> bool {
    let bit = 1 << (digit - 1);
    let seen = |cell| givens.seen(cell).expect("a cell of the grid").bits();
    if seen(cell) | bit == 0x1FF {
        return true;
    }
    sudoku_core::UNITS_OF[cell].iter().any(|&unit| {
        sudoku_core::UNITS[usize::from(unit)].iter().all(|&other| {
            let other = usize::from(other);
            other == cell || grid[other] != 0 || seen(other) & bit != 0
        })
    })
}

/// `count` puzzles of the sequence of `seed`, made in parallel with rayon. Puzzle `i` depends
/// only on `seed` and `i`, so the result is the same whatever the number of threads.
///
/// # Errors
///
/// A [`ConfigError`] when the configuration cannot be met (see [`GenConfig::check`]), or
/// the [`TargetNotReached`] of the first puzzle (in order) that could not be made.
pub fn generate_n(
    config: GenConfig,
    seed: u64,
    count: usize,
) -> Result<Vec<Generated>, Box<dyn std::error::Error + Send + Sync>> {
    generate_n_within(config, seed, count, Budget::UNLIMITED)
}

/// How many puzzles a batch makes at a time: memory grows with the puzzles made, never
/// with the count asked for, and a batch that fails stops within one chunk.
const BATCH_CHUNK: u64 = 1024;

/// Makes puzzles `0..count` in parallel, each thread with its own generator from `init`,
/// a chunk of [`BATCH_CHUNK`] at a time: the puzzles in order, or the first failure.
pub(crate) fn batch<G, T: Send, E: Send>(
    count: usize,
    init: impl Fn() -> G + Sync + Send,
    make: impl Fn(&mut G, u64) -> Result<T, E> + Sync + Send,
) -> Result<Vec<T>, E> {
    let mut made = Vec::new();
    let count = count as u64;
    let mut start = 0;
    while start < count {
        let end = count.min(start.saturating_add(BATCH_CHUNK));
        let chunk: Result<Vec<T>, E> = (start..end)
            .into_par_iter()
            .map_init(&init, &make)
            .collect();
        made.extend(chunk?);
        start = end;
    }
    Ok(made)
}

/// As [`generate_n`], each puzzle within `budget` (see
/// [`Generator::generate_indexed_within`]; a cancel flag stops the whole batch). The batch is
/// made a chunk of a thousand puzzles at a time, so that a huge count asks for memory only
/// as puzzles come, and stops at the first chunk with a failure.
///
/// ```
/// use sudoku_gen::{Budget, Exhausted, GenConfig, NotMade, TargetNotReached};
///
/// let made = sudoku_gen::generate_n_within(GenConfig::default(), 3, 4, Budget::nodes(100_000))?;
/// assert_eq!(made, sudoku_gen::generate_n(GenConfig::default(), 3, 4)?);
/// let err = sudoku_gen::generate_n_within(GenConfig::default(), 3, usize::MAX, Budget::nodes(0))
///     .unwrap_err();
/// let not_made = err.downcast_ref::<TargetNotReached>().expect("the budget ran out");
/// assert_eq!(not_made.kind(), NotMade::GaveUp(Exhausted::Nodes(0)));
/// # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
/// ```
///
/// # Errors
///
/// As [`generate_n`], and the first puzzle (in order) whose budget ran out.
pub fn generate_n_within(
    config: GenConfig,
    seed: u64,
    count: usize,
    budget: Budget,
) -> Result<Vec<Generated>, Box<dyn std::error::Error + Send + Sync>> {
    Generator::new(config)?;
    let made = batch(
        count,
        || Generator::new(config).expect("checked above"),
        |generator, i| generator.generate_indexed_within(seed, i, budget, |_| {}),
    )?;
    Ok(made)
}

#[cfg(test)]
mod tests;
