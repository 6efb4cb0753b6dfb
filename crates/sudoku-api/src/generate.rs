//! Generation: a request checked up front (targets that cannot be met, or that contradict each
//! other, are refused with a reason before any work), then routed to the generator of its kind
//! (classic 9x9, other sizes and variants, killer).

use sudoku_core::Budget;
use sudoku_gen::{
    Attempt, Band, Difficulty, ErRange, GenConfig, Generator, NotMade, Rating, Shape, Symmetry,
    TargetNotReached, VariantConfig, VariantGenerator,
};
use sudoku_killer::{GeneratedKiller, GeneratorConfig, KillerEntry};

use crate::choice::Choice;
use crate::failure::{Failure, FailureKind, UsageError};
use crate::front::{Front, Opt};
use crate::input::Board;
use crate::tasks::Solution;

/// Extra rules of generated puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Sudoku X: both long diagonals hold every digit once.
    X,
    /// Windoku: four extra 3x3 windows hold every digit once (9x9 only).
    Windoku,
    /// Random irregular regions of n connected cells instead of boxes.
    Jigsaw,
}

impl Choice for Variant {
    const ALL: &'static [Variant] = &[Variant::X, Variant::Windoku, Variant::Jigsaw];
    const OPT: Opt = Opt::Variant;

    fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            Variant::X => "Sudoku X: both long diagonals hold every digit once",
            Variant::Windoku => "Windoku: four extra 3x3 windows hold every digit once (9x9 only)",
            Variant::Jigsaw => "Random irregular regions of n connected cells instead of boxes",
        }
    }
}

/// What to generate: the options every front end offers, not yet checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The side of the board. Default: 9.
    pub size: usize,
    /// Extra rules. Default: none.
    pub variants: Vec<Variant>,
    /// The symmetry of the clues (9x9 only). Default: none.
    pub symmetry: Symmetry,
    /// Only puzzles of this band (9x9 only).
    pub band: Option<Band>,
    /// Only puzzles whose ER is in this range (9x9 only).
    pub se: Option<ErRange>,
    /// Exactly this many clues.
    pub clues: Option<usize>,
    /// Tries per puzzle for a band, rating or clue count; `None` for the default (2,000 on
    /// 9x9, 100 on other boards).
    pub attempts: Option<u64>,
    /// The budget of each puzzle.
    pub budget: Budget,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            size: 9,
            variants: Vec::new(),
            symmetry: Symmetry::None,
            band: None,
            se: None,
            clues: None,
            attempts: None,
            budget: Budget::UNLIMITED,
        }
    }
}

/// The sides a generated board may have: those with boxes.
pub fn check_size(size: usize) -> Result<Shape, UsageError> {
    Shape::for_size(size).ok_or_else(|| {
        UsageError::new(format!(
            "no board of side {size} with boxes; sides are 4, 6, 8, 9, 10, 12, 15, 16, 20 and 25"
        ))
    })
}

/// A range of ER ratings from its ends (`None` for an open end), each 0 to 20.
///
/// # Errors
///
/// An end that is no rating, or an empty range.
pub fn se_range(low: Option<f64>, high: Option<f64>, front: Front) -> Result<ErRange, UsageError> {
    let end = |value: Option<f64>, open: Difficulty| match value {
        None => Ok(open),
        Some(v) if (0.0..=20.0).contains(&v) => Ok(Difficulty::from_f64(v)),
        Some(v) => Err(format!("{v} is not a rating (0 to 20)")),
    };
    let range = match (end(low, Difficulty::ZERO), end(high, Difficulty::FAILED)) {
        (Ok(min), Ok(max)) if min <= max => Ok(ErRange { min, max }),
        (Ok(min), Ok(max)) => Err(format!("the range is empty: {min} is above {max}")),
        (Err(why), _) | (_, Err(why)) => Err(why),
    };
    range.map_err(|why| UsageError::new(format!("{}: {why}", front.name(Opt::Se))))
}

/// A range of ER ratings written `lo..hi` (an end may be left out).
///
/// # Errors
///
/// Text that is no such range.
pub fn parse_se(text: &str, front: Front) -> Result<ErRange, UsageError> {
    text.parse::<ErRange>()
        .map_err(|why| UsageError::new(format!("{}: {why}", front.name(Opt::Se))))
}

/// The ER ratings of a band, both ends included.
fn band_range(band: Band) -> ErRange {
    let (min, max) = match band {
        Band::Easy => (0.0, 2.0),
        Band::Medium => (2.1, 3.4),
        Band::Hard => (3.5, 6.4),
        Band::Expert => (6.5, Difficulty::FAILED.as_f64()),
    };
    ErRange {
        min: Difficulty::from_f64(min),
        max: Difficulty::from_f64(max),
    }
}

impl Request {
    /// Checks the request and picks its generator.
    ///
    /// ```
    /// use sudoku_api::{Band, Front, GenerateRequest, parse_se};
    ///
    /// let request = GenerateRequest {
    ///     band: Some(Band::Easy),
    ///     se: Some(parse_se("8.0..9.0", Front::Cli)?),
    ///     ..GenerateRequest::default()
    /// };
    /// assert_eq!(
    ///     request.plan(Front::Cli).unwrap_err().to_string(),
    ///     "--difficulty easy is ER 0.0..2.0, which --se 8.0..9.0 leaves out: no puzzle is both"
    /// );
    /// # Ok::<(), sudoku_api::UsageError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Targets no puzzle can meet, or that contradict each other, with the reason.
    pub fn plan(&self, front: Front) -> Result<Plan, UsageError> {
        let name = |opt| front.name(opt);
        let shape = check_size(self.size)?;
        if self.attempts == Some(0) {
            return Err(UsageError::new(format!(
                "{} must be at least 1",
                name(Opt::Attempts)
            )));
        }
        let attempts = |default: usize| {
            self.attempts
                .map_or(default, |n| usize::try_from(n).unwrap_or(usize::MAX))
        };
        if let (Some(band), Some(se)) = (self.band, self.se) {
            let range = band_range(band);
            if range.max < se.min || se.max < range.min {
                return Err(UsageError::new(format!(
                    "{} {} is ER {range}, which {} {se} leaves out: no puzzle is both",
                    name(Opt::Difficulty),
                    band.name(),
                    name(Opt::Se)
                )));
            }
        }
        if self.size == 9 && self.variants.is_empty() {
            let config = GenConfig {
                symmetry: self.symmetry,
                target_clues: self.clues,
                band: self.band,
                er: self.se,
                max_attempts: attempts(GenConfig::default().max_attempts),
            };
            config.check().map_err(|why| {
                UsageError::new(format!(
                    "{} {}: {why}",
                    name(Opt::Clues),
                    self.clues.unwrap_or(0)
                ))
            })?;
            return Ok(Plan {
                kind: Kind::Classic(config),
                budget: self.budget,
            });
        }
        if self.se.is_some() || self.band.is_some() {
            let opt = if self.se.is_some() {
                Opt::Se
            } else {
                Opt::Difficulty
            };
            return Err(UsageError::new(format!(
                "{} rates with the ladder of 9x9 techniques: it takes classic 9x9 puzzles only",
                name(opt)
            )));
        }
        if self.symmetry != Symmetry::None {
            return Err(UsageError::new(format!(
                "{} applies to classic 9x9 puzzles only",
                name(Opt::Symmetry)
            )));
        }
        let has = |v: Variant| self.variants.contains(&v);
        let config = VariantConfig {
            shape,
            diagonals: has(Variant::X),
            windoku: has(Variant::Windoku),
            jigsaw: has(Variant::Jigsaw),
            target_clues: self.clues,
            max_attempts: attempts(VariantConfig::default().max_attempts),
            ..VariantConfig::default()
        };
        VariantGenerator::new(config).map_err(|err| UsageError::new(err.to_string()))?;
        Ok(Plan {
            kind: Kind::Sized(config),
            budget: self.budget,
        })
    }
}

/// A checked request: which generator, with what configuration.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    kind: Kind,
    budget: Budget,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Classic(GenConfig),
    Sized(VariantConfig),
}

impl Plan {
    /// Whether it makes classic 9x9 puzzles (which have ratings).
    pub fn is_classic(&self) -> bool {
        matches!(self.kind, Kind::Classic(_))
    }

    /// Whether its puzzles have rules beyond rows, columns and boxes (irregular regions,
    /// diagonals, windows), which a drawing cannot show.
    pub fn has_variant_rules(&self) -> bool {
        matches!(self.kind, Kind::Sized(config) if config.jigsaw || config.diagonals || config.windoku)
    }

    /// What limits the search when puzzles are slow to come, for progress messages: rare
    /// clue counts and ratings.
    pub fn note(&self) -> String {
        match self.kind {
            Kind::Classic(config) => match (config.target_clues, config.band, config.er) {
                (Some(n), _, _) if n < 22 => ": fewer than about 22 clues are rare".into(),
                (_, Some(Band::Expert), _) | (_, _, Some(_)) => ": harder ratings are rarer".into(),
                _ => String::new(),
            },
            Kind::Sized(config) => {
                let Some(target) = config.target_clues else {
                    return String::new();
                };
                let n = config.shape.size();
                let cells = n * n;
                if n <= 16 {
                    return format!(
                        "; removal stops at a minimal puzzle, so {target} of {cells} clues comes \
                         only when an attempt ends at or below it"
                    );
                }
                format!(
                    "; on {n}x{n} a clue stays when proving it unneeded takes more than 500 \
                     search nodes, which leaves about 45% of the {cells} cells given, so \
                     {target} clues comes only when an attempt gets that far"
                )
            }
        }
    }

    /// A maker of this plan's puzzles: one per worker thread (it keeps its solver's buffers).
    pub fn maker(&self) -> Maker {
        let generator = match self.kind {
            Kind::Classic(config) => {
                Gen::Classic(Generator::new(config).expect("the plan checked the configuration"))
            }
            Kind::Sized(config) => Gen::Sized(Box::new(
                VariantGenerator::new(config).expect("the plan checked the configuration"),
            )),
        };
        // Only the sizes and variants name what limits the search in their messages.
        let note = match self.kind {
            Kind::Classic(_) => String::new(),
            Kind::Sized(_) => self.note(),
        };
        Maker {
            generator,
            budget: self.budget,
            note,
        }
    }
}

enum Gen {
    Classic(Generator),
    Sized(Box<VariantGenerator>),
}

/// Makes the puzzles of a [`Plan`].
pub struct Maker {
    generator: Gen,
    budget: Budget,
    /// What limits the search, said when no puzzle was made.
    note: String,
}

impl std::fmt::Debug for Maker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Maker").finish_non_exhaustive()
    }
}

/// A puzzle made.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Made {
    /// The seed.
    pub seed: u64,
    /// The puzzle's index in the seed's sequence.
    pub index: u64,
    /// The puzzle: exactly one solution.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Solution,
    /// Its rating, for classic puzzles when asked for (or when the targets needed it).
    pub rating: Option<Rating>,
    /// Whether every clue was proven necessary (other sizes and variants; classic puzzles
    /// are minimal unless a clue count was asked for).
    pub minimal: Option<bool>,
}

impl Made {
    /// The puzzle as the line every reader reads back (symbols, or a JSON line with the
    /// rules for a variant).
    pub fn line(&self) -> String {
        self.puzzle.line()
    }

    /// How many clues it has.
    pub fn clues(&self) -> usize {
        match &self.puzzle {
            Board::Classic { grid, .. } => grid.filled(),
            Board::Sized(puzzle) => puzzle.filled(),
            Board::Constraint(puzzle) => puzzle.givens().iter().filter(|&&d| d != 0).count(),
        }
    }
}

impl Maker {
    /// Makes each puzzle within `budget` from now on, in place of the plan's (the same
    /// limits with a caller's cancel flag, say).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Puzzle `index` of `seed`'s sequence (the same whatever else is made), rated when
    /// `rate` and it is classic; `observe` sees each attempt as it ends.
    ///
    /// # Errors
    ///
    /// No puzzle met the targets within the attempts, or the budget ran out: the message
    /// names the option that moves the limit.
    pub fn make(
        &mut self,
        seed: u64,
        index: u64,
        rate: bool,
        front: Front,
        observe: impl FnMut(&Attempt),
    ) -> Result<Made, Failure> {
        let budget = self.budget;
        match &mut self.generator {
            Gen::Classic(generator) => {
                let made = generator
                    .generate_indexed_within(seed, index, budget, observe)
                    .map_err(|err| not_made(&err, front, &self.note))?;
                let rating = match made.rating {
                    Some(rating) => Some(rating),
                    None if rate => Some(
                        sudoku_gen::rate(&made.puzzle)
                            .map_err(|err| Failure::new(FailureKind::Internal, err.to_string()))?,
                    ),
                    None => None,
                };
                Ok(Made {
                    seed,
                    index,
                    puzzle: Board::classic(made.puzzle),
                    solution: Solution::Grid(made.solution),
                    rating,
                    minimal: None,
                })
            }
            Gen::Sized(generator) => {
                let made = generator
                    .generate_indexed_within(seed, index, budget, observe)
                    .map_err(|err| not_made(&err, front, &self.note))?;
                Ok(Made {
                    seed,
                    index,
                    puzzle: Board::Sized(made.puzzle),
                    solution: Solution::Sized(made.solution),
                    rating: None,
                    minimal: Some(made.minimal),
                })
            }
        }
    }
}

/// The failure of a puzzle not made: what stopped the tries, with the option that moves
/// that limit, and `note`, what limits the search.
pub fn not_made(err: &TargetNotReached, front: Front, note: &str) -> Failure {
    let message = match err.why {
        NotMade::Attempts => format!("{err} (raise {}){note}", front.name(Opt::Attempts)),
        NotMade::GaveUp(_) => format!("{err} ({}){note}", front.name(Opt::TimeLimit)),
        _ => err.to_string(),
    };
    Failure::new(FailureKind::NotMade, message)
}

/// How hard generated killer puzzles are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KillerDifficulty {
    /// Small cages, no merging.
    Easy,
    /// Cages merged while the solver proves uniqueness within 40 nodes.
    Medium,
    /// Larger cages, up to 200 nodes.
    Hard,
}

impl Choice for KillerDifficulty {
    const ALL: &'static [KillerDifficulty] = &[
        KillerDifficulty::Easy,
        KillerDifficulty::Medium,
        KillerDifficulty::Hard,
    ];
    const OPT: Opt = Opt::Difficulty;

    fn name(self) -> &'static str {
        match self {
            KillerDifficulty::Easy => "easy",
            KillerDifficulty::Medium => "medium",
            KillerDifficulty::Hard => "hard",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            KillerDifficulty::Easy => "Small cages, no merging",
            KillerDifficulty::Medium => "The generator's defaults",
            KillerDifficulty::Hard => "Larger cages and a larger search budget",
        }
    }
}

/// What killer puzzles to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerRequest {
    /// How hard. Default: medium.
    pub difficulty: KillerDifficulty,
    /// The largest cage, 2 to 9 cells.
    pub max_cage: Option<usize>,
    /// Reach uniqueness by adding givens instead of splitting cages.
    pub givens: bool,
}

impl Default for KillerRequest {
    fn default() -> KillerRequest {
        KillerRequest {
            difficulty: KillerDifficulty::Medium,
            max_cage: None,
            givens: false,
        }
    }
}

impl KillerRequest {
    /// Checks the request: the configuration of the killer generator.
    ///
    /// # Errors
    ///
    /// A largest cage outside 2 to 9 cells.
    pub fn plan(&self, front: Front) -> Result<KillerPlan, UsageError> {
        let mut config = match self.difficulty {
            KillerDifficulty::Easy => GeneratorConfig {
                merge: false,
                ..GeneratorConfig::default()
            },
            KillerDifficulty::Medium => GeneratorConfig::default(),
            KillerDifficulty::Hard => GeneratorConfig {
                cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
                check_nodes: 200,
                ..GeneratorConfig::default()
            },
        };
        config.givens = self.givens;
        if let Some(max) = self.max_cage {
            if !(2..=9).contains(&max) {
                return Err(UsageError::new(format!(
                    "{} is 2 to 9 cells, got {max}",
                    front.name(Opt::MaxCage)
                )));
            }
            for (size, weight) in config.cage_sizes.iter_mut().enumerate() {
                if size + 1 > max {
                    *weight = 0;
                }
            }
            if config.cage_sizes.iter().all(|&w| w == 0) {
                config.cage_sizes[max - 1] = 1;
            }
        }
        Ok(KillerPlan { config })
    }
}

/// A checked killer request.
#[derive(Clone, Debug)]
pub struct KillerPlan {
    config: GeneratorConfig,
}

impl KillerPlan {
    /// Killer puzzle `index` of `seed`'s sequence.
    pub fn make(&self, seed: u64, index: u64) -> GeneratedKiller {
        sudoku_killer::KillerGenerator::new(self.config).generate_indexed(seed, index)
    }
}

/// A killer puzzle made, as the JSON line `killer solve` reads (with its solution).
pub fn killer_line(made: &GeneratedKiller) -> String {
    KillerEntry::new(made.puzzle.clone(), Some(made.solution)).to_json()
}
