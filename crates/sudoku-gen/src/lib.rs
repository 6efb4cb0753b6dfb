//! Unique Sudoku puzzles from a seed, ratings on Sudoku Explainer's scale, and hints.
//!
//! ```
//! use sudoku_gen::{GenConfig, Generator, Symmetry};
//!
//! let mut generator = Generator::new(GenConfig { symmetry: Symmetry::Rotate180, ..GenConfig::default() });
//! let made = generator.generate(42).expect("no band was asked for");
//! assert!(made.solution.solves(&made.puzzle));
//! let rating = sudoku_gen::rate(&made.puzzle).expect("a generated puzzle has one solution");
//! println!("{}  ({} clues, ER {}, {})", made.puzzle, made.puzzle.filled(), rating.er, rating.band);
//!
//! // The next logical step, as a hint for a person.
//! if let sudoku_gen::Hint::Step(step) = sudoku_gen::hint(&made.puzzle) {
//!     println!("hint: {step}");
//! }
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
mod variant;

/// The workspace README's examples (which use sudoku-core and sudoku-mrv, both dependencies
/// of this crate), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

use rand::Rng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use sudoku_core::UnitDigits;

use sudoku_mrv::{MrvSolver, Propagated};

pub use logic::{
    Band, Chain, Difficulty, Link, LinkReason, LogicReport, LogicSolver, Step, Technique,
};
pub use variant::{
    GeneratedVariant, VariantConfig, VariantGenerator, generate_variants, random_jigsaw,
    random_solution,
};

/// The general engine of sudoku-mrv, which [`random_solution`] takes to fill its grids
/// (usable as a solver here too: [`Solver`] and [`CountSolutions`] are re-exported).
pub use sudoku_mrv::MrvVariantSolver;

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Budget, Candidates, Clash, CountSolutions, DigitSet, Exhausted, Form, Grid, ParseError, Puzzle,
    PuzzleReader, ReadError, Record, Rules, SearchStats, SeededRng, Shape, Solver, Transform,
    VariantError, Verdict, seeded_rng, seeded_rng_for,
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

    /// The cells that must be blank or given together with `cell` (including it, first).
    pub fn orbit(self, cell: usize) -> Orbit {
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
        orbit
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
    /// How many puzzles to try for a band, a rating or a clue count before giving up.
    /// Default: 2,000.
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
    /// Whether the targets can be met at all: a clue count of 17 to 81 (no Sudoku with fewer
    /// than 17 clues has a unique solution: McGuire, Tugemann and Civario, 2012), that the
    /// symmetry can make (a quarter turn keeps clues in fours around the centre), and a band
    /// that a puzzle with that many clues can have (a full grid, or nearly, needs nothing).
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] saying why the targets cannot be met.
    pub fn check(&self) -> Result<(), ConfigError> {
        let Some(clues) = self.target_clues else {
            return Ok(());
        };
        if clues < 17 {
            return Err(ConfigError(format!(
                "no Sudoku with {clues} clues has a unique solution (17 is the fewest possible)"
            )));
        }
        if clues > 81 {
            return Err(ConfigError(format!(
                "a grid has 81 cells, so {clues} clues cannot be"
            )));
        }
        if self.symmetry == Symmetry::Rotate90 && clues % 4 > 1 {
            return Err(ConfigError(format!(
                "quarter-turn symmetry keeps clues in groups of four around the centre, so the \
                 count is 4k or 4k + 1; {clues} is neither"
            )));
        }
        Ok(())
    }
}

/// A [`GenConfig`] or [`VariantConfig`] no puzzle can meet: what and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub(crate) String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

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
/// at once by the MRV solver.
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

/// Rates a puzzle as [`rate`] does, within `budget`: its nodes bound the uniqueness check,
/// its time the whole call (read before each step of the path: see
/// [`LogicSolver::explain_within`]).
///
/// # Errors
///
/// As [`rate`], and [`RateError::GaveUp`] when the budget runs out.
pub fn rate_within(puzzle: &Grid, budget: Budget) -> Result<Rating, RateError> {
    if let Some(clash) = puzzle.clash() {
        return Err(RateError::Clash(clash));
    }
    let mut meter = budget.meter();
    match MrvSolver::default().count_solutions_within(puzzle, 2, budget) {
        Ok(0) => return Err(RateError::NoSolution),
        Ok(1) => {}
        Ok(_) => return Err(RateError::SeveralSolutions),
        Err(unsettled) => return Err(RateError::GaveUp(unsettled.exhausted)),
    }
    let report = LogicSolver::new(puzzle).walk(None, Some(&mut meter), |_| {});
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
        .solve_up_to(max)
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
/// symmetries and relabellings of it drawn from `seed`.
pub fn search_effort(puzzle: &Grid, samples: usize, seed: u64) -> f64 {
    let mut solver = MrvSolver::default();
    let mut rng = sudoku_core::seeded_rng(seed);
    let samples = samples.max(1);
    let total: u64 = (0..samples)
        .map(|_| {
            solver.solve(&Transform::random(&mut rng).apply(puzzle));
            solver.stats().guesses
        })
        .sum();
    total as f64 / samples as f64
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
    match puzzle.clash() {
        Some(clash) => Hint::Clash(clash),
        None => hint_board(&LogicSolver::new(puzzle)),
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
    // Two cells of a unit left with the same single digit clash, written in or not.
    match marks.to_grid().clash() {
        Some(clash) => Hint::Clash(clash),
        None => hint_board(&LogicSolver::from_candidates(marks)),
    }
}

fn hint_board(board: &LogicSolver) -> Hint {
    if board.grid().is_complete() && board.position().empty_cell().is_none() {
        return Hint::Solved;
    }
    match solve_position(&board.position(), Budget::UNLIMITED) {
        Ok(_) => board.next_step().map_or(Hint::NeedsSearch, Hint::Step),
        Err(PositionError::Hint(problem)) => problem,
        Err(PositionError::GaveUp(_)) => unreachable!("no budget"),
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
    let problem = |hint: Hint| Err(PositionError::Hint(hint));
    if let Some(clash) = marks.to_grid().clash() {
        return problem(Hint::Clash(clash));
    }
    if marks.empty_cell().is_some() {
        return problem(Hint::Contradiction);
    }
    let mut meter = budget.meter();
    let mut solver = MrvSolver::default();
    let fits = match Propagated::from_candidates(marks) {
        Some(root) => solver.solve_and_count_from_within(&root, 2, meter.remaining()),
        None => (Verdict::NoSolution, Ok(0)),
    };
    meter.report(meter.spent() + solver.stats().nodes);
    match fits {
        (Verdict::Solved(solution), Ok(1)) => return Ok(solution),
        (_, Ok(0)) => {}
        (_, Ok(_)) => return problem(Hint::SeveralSolutions),
        (_, Err(unsettled)) => {
            return Err(PositionError::GaveUp(budget.as_set(unsettled.exhausted)));
        }
    }
    // No solution fits the marks: are the digits wrong, or the eliminations?
    match solver.solve_and_count_within(&marks.to_grid(), 2, meter.remaining()) {
        (Verdict::Solved(solution), Ok(1)) => {
            let cell = (0..81)
                .find(|&c| !marks.get(c).contains(solution[c]))
                .expect("the marks exclude the solution");
            problem(Hint::WrongElimination {
                cell,
                digit: solution[cell],
            })
        }
        (_, Ok(0)) => problem(Hint::NoSolution),
        (_, Ok(_)) => problem(Hint::MarksExcludeEverySolution),
        (_, Err(unsettled)) => Err(PositionError::GaveUp(budget.as_set(unsettled.exhausted))),
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
        Some(root) => solver.solve_and_count_from_within(&root, 2, budget).1,
        None => Ok(0),
    };
    match count {
        Ok(0) => return Err(RateError::NoSolution),
        Ok(1) => {}
        Ok(_) => return Err(RateError::SeveralSolutions),
        Err(unsettled) => return Err(RateError::GaveUp(unsettled.exhausted)),
    }
    let report = LogicSolver::from_candidates(marks).walk(None, Some(&mut meter), |_| {});
    match meter.exhausted() {
        Some(exhausted) => Err(RateError::GaveUp(exhausted)),
        None => Ok(rating_of(&report)),
    }
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
    /// A generator with `config`.
    pub fn new(config: GenConfig) -> Generator {
        Generator {
            config,
            solver: MrvSolver::default(),
            sets: Vec::new(),
        }
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

    /// As [`generate_indexed`](Generator::generate_indexed), within `budget` (its time is read
    /// between attempts; a 9x9 attempt takes about a millisecond), calling `observe` as each
    /// attempt ends. The puzzle made is the same as without a budget, if one is made.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_gen::{Budget, GenConfig, Generator, NotMade};
    ///
    /// let mut generator = Generator::new(GenConfig { target_clues: Some(20), ..GenConfig::default() });
    /// let mut attempts = 0;
    /// let err = generator
    ///     .generate_indexed_within(1, 0, Budget::time(Duration::from_millis(20)), |_| attempts += 1)
    ///     .unwrap_err(); // 20 clues take thousands of attempts
    /// assert!(matches!(err.why, NotMade::GaveUp(_)) && attempts > 0);
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
            self.config.max_attempts.max(1)
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
        for attempt in 1..=attempts {
            if meter.out_of_time() {
                let exhausted = meter.exhausted().expect("out of time");
                return Err(not_made(attempt - 1, NotMade::GaveUp(exhausted)));
            }
            let (puzzle, solution) = self.make(&mut rng);
            observe(&Attempt {
                number: attempt,
                of: attempts,
                clues: puzzle.filled(),
            });
            if target_clues.is_some_and(|n| puzzle.filled() != n) {
                continue;
            }
            let rating = match (band, er) {
                (None, None) => None,
                // A rating above the range is known as soon as one step is too hard.
                (_, Some(range)) => match rate_up_to(&puzzle, range.max) {
                    Some(rating) => Some(rating),
                    None => continue,
                },
                _ => Some(rate(&puzzle).expect("a generated puzzle has one solution")),
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

    fn make<R: Rng + ?Sized>(&mut self, rng: &mut R) -> (Grid, Grid) {
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
            if self
                .config
                .target_clues
                .is_some_and(|target| puzzle.filled() <= target)
            {
                break;
            }
            let orbit = self.config.symmetry.orbit(cell);
            if self
                .config
                .target_clues
                .is_some_and(|target| puzzle.filled() < target + orbit.len())
            {
                // Removing this orbit would go below the target; a smaller one may not.
                continue;
            }
            for c in orbit.cells() {
                tried[c] = true;
                puzzle.set(c, 0);
                givens.remove(c, solution[c]);
            }
            let removed = orbit.cells().fold(0, |m, c| m | 1u128 << c);
            if self.still_unique(&puzzle, &givens, blank | removed, orbit, &solution) {
                blank |= removed;
            } else {
                for c in orbit.cells() {
                    puzzle.set(c, solution[c]);
                    givens.insert(c, solution[c]);
                }
            }
        }
        (puzzle, solution)
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
    ///    propagation gives back its digit needs no search.
    fn still_unique(
        &mut self,
        puzzle: &Grid,
        givens: &UnitDigits,
        blank: u128,
        orbit: Orbit,
        solution: &Grid,
    ) -> bool {
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
            return true;
        }
        if self.sets.iter().any(|&set| set & !blank == 0) {
            return false;
        }
        let mut root = Propagated::new(puzzle).expect("`solution` solves it");
        for (k, cell) in orbit.cells().enumerate() {
            let digit = solution[cell];
            for other in root.candidates(cell) - DigitSet::only(digit) {
                if root
                    .with(cell, other)
                    .is_some_and(|probe| self.solver.count_solutions_from(&probe, 1) > 0)
                {
                    return false;
                }
            }
            if k + 1 < orbit.len() {
                root = root.with(cell, digit).expect("`solution` solves it");
            }
        }
        true
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
    if givens.seen(cell).bits() | bit == 0x1FF {
        return true;
    }
    sudoku_core::UNITS_OF[cell].iter().any(|&unit| {
        sudoku_core::UNITS[usize::from(unit)].iter().all(|&other| {
            let other = usize::from(other);
            other == cell || grid[other] != 0 || givens.seen(other).bits() & bit != 0
        })
    })
}

/// `count` puzzles of the sequence of `seed`, made in parallel with rayon. Puzzle `i` depends
/// only on `seed` and `i`, so the result is the same whatever the number of threads.
///
/// # Errors
///
/// The first puzzle (in order) whose band could not be reached.
pub fn generate_n(
    config: GenConfig,
    seed: u64,
    count: usize,
) -> Result<Vec<Generated>, TargetNotReached> {
    (0..count as u64)
        .into_par_iter()
        .map_init(
            || Generator::new(config),
            |generator, i| generator.generate_indexed(seed, i),
        )
        .collect()
}

#[cfg(test)]
mod tests;
