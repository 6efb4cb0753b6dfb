//! `sudoku generate`: unique puzzles of a seed, streamed in order.

use std::io;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::json;
use sudoku_gen::{
    Attempt, Band, Budget, ErRange, GenConfig, Generated, GeneratedVariant, Generator, NotMade,
    Shape, Symmetry, TargetNotReached, VariantConfig, VariantGenerator,
};

use crate::progress::{Measure, Progress};
use crate::{MAX_JOBS, Summary, Writer, pipeline};

/// How many puzzles, from which seed, on how many threads: the options every generator takes.
#[derive(Args, Debug)]
pub(crate) struct Batch {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub(crate) count: u64,
    /// The seed: the same seed gives the same puzzles, whatever --jobs; puzzle i of a seed
    /// does not depend on --count.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads, 1 to 256.
    #[arg(long, short, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS as i64))]
    pub(crate) jobs: u16,
}

#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    #[command(flatten)]
    batch: Batch,
    /// Only puzzles of this band (of the ER rating, see `sudoku rate --help`).
    #[arg(long, value_enum)]
    difficulty: Option<Difficulty>,
    /// Only puzzles whose ER rating (Sudoku Explainer's scale, 1.0 to about 12) is in this
    /// range, both ends included: `4.0..6.0`, `8.5..` (8.5 and up) or `..2.0`. Harder
    /// ratings are rarer: above 6 expect many tries per puzzle (use --jobs).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_er_range)]
    se: Option<ErRange>,
    /// Symmetry of the clue pattern.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Exactly this many clues (17 to 81 on 9x9): removal stops there, and puzzles that
    /// cannot get down to it are made again (fewer than about 22 clues takes many tries).
    #[arg(long)]
    clues: Option<usize>,
    /// The side of the board: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25 (boxes as square as the
    /// side allows: 6 is 2x3, 12 is 3x4). Other sizes are minimal up to 16x16; above, a
    /// clue stays when proving it unneeded would take long (25x25 ends near 45% given).
    #[arg(long, default_value_t = 9, value_parser = parse_size)]
    size: usize,
    /// Extra rules, one or several (comma-separated or repeated): `x` (both long diagonals
    /// hold every digit), `windoku` (four extra 3x3 windows, 9x9 only), `jigsaw` (random
    /// irregular regions instead of boxes).
    #[arg(long, value_enum, value_delimiter = ',')]
    variant: Vec<VariantArg>,
    /// How puzzles are written: `line` (one line of symbols; for variants, a JSON line with
    /// the rules, which every subcommand reads back), `grid` (a drawing and a blank line;
    /// not for jigsaws, whose regions a drawing cannot show) or `json` (puzzle, solution,
    /// clue count, and the rating of 9x9 puzzles).
    #[arg(long, value_enum, default_value_t = crate::Format::Line)]
    format: crate::Format,
    /// Puzzles to try for each one asked, when --clues, --difficulty or --se make tries
    /// fail. Default: 2000 on 9x9, 100 on other boards.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    attempts: Option<u64>,
    /// Give up on a puzzle after this many seconds: its record says "not made", and the run
    /// goes on with the next. No limit by default.
    #[arg(long, value_name = "SECONDS", value_parser = crate::parse_seconds)]
    time_limit: Option<Duration>,
    /// Write a summary line on standard error.
    #[arg(long)]
    stats: bool,
}

impl GenerateArgs {
    /// The budget of each puzzle.
    fn budget(&self) -> Budget {
        self.time_limit.map_or(Budget::UNLIMITED, Budget::time)
    }
}

/// The progress message of an attempt that just ended, and what limits the search when
/// puzzles are slow to come.
fn attempt_message(index: u64, attempt: &Attempt, note: &str) -> String {
    format!(
        "puzzle {}: attempt {} of {} made {} clues{note}",
        index + 1,
        attempt.number,
        attempt.of,
        attempt.clues
    )
}

/// `--difficulty`: bands of the ER rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Difficulty {
    /// ER up to 2.0: hidden singles (and the direct steps that end in one).
    Easy,
    /// ER 2.1 to 3.4: also naked singles, locked candidates, pairs, X-Wing.
    Medium,
    /// ER 3.5 to 6.4: also triplets, Swordfish, wings, unique rectangles, quads, BUG.
    Hard,
    /// ER 6.5 and up: chains.
    Expert,
}

/// `--se`: a range of ER ratings.
fn parse_er_range(text: &str) -> Result<ErRange, String> {
    text.parse()
}

/// `--variant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum VariantArg {
    /// Sudoku X: both long diagonals hold every digit once.
    X,
    /// Windoku: four extra 3x3 windows hold every digit once (9x9 only).
    Windoku,
    /// Random irregular regions of n connected cells instead of boxes.
    Jigsaw,
}

/// `--size`: a side that has boxes.
fn parse_size(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    Shape::for_size(n).map(|_| n).ok_or_else(|| {
        format!("no board of side {n} with boxes; sides are 4, 6, 8, 9, 10, 12, 15, 16, 20 and 25")
    })
}

/// `--symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SymmetryArg {
    /// Any clue pattern.
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

pub(crate) fn run(args: GenerateArgs) -> io::Result<Summary> {
    if args.size != 9 || !args.variant.is_empty() {
        return run_variants(args);
    }
    let config = GenConfig {
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        target_clues: args.clues,
        band: args.difficulty.map(|d| match d {
            Difficulty::Easy => Band::Easy,
            Difficulty::Medium => Band::Medium,
            Difficulty::Hard => Band::Hard,
            Difficulty::Expert => Band::Expert,
        }),
        er: args.se,
        max_attempts: args
            .attempts
            .map_or(GenConfig::default().max_attempts, |n| n as usize),
    };
    if let Err(why) = config.check() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--clues {}: {why}", args.clues.unwrap_or(0)),
        ));
    }
    let started = Instant::now();
    let Batch { count, seed, jobs } = args.batch;
    let budget = args.budget();
    let progress = Progress::new(Measure::Items { total: count }, "puzzles");
    progress.keep_alive();
    let reporter = progress.reporter();
    let mut writer = Writer::new(progress, "puzzles");
    let format = args.format;
    let note = match (config.target_clues, config.band, config.er) {
        (Some(n), _, _) if n < 22 => ": fewer than about 22 clues are rare",
        (_, Some(Band::Expert), _) | (_, _, Some(_)) => ": harder ratings are rarer",
        _ => "",
    };
    pipeline::run(
        usize::from(jobs),
        1,
        |emit| {
            for index in 0..count {
                if !emit(index) {
                    break;
                }
            }
        },
        || Generator::new(config),
        |generator, index| {
            let made = generator.generate_indexed_within(seed, index, budget, |attempt| {
                if attempt.number % 16 == 0 {
                    reporter.say(attempt_message(index, attempt, note));
                }
            });
            (index, made)
        },
        &mut Sink(&mut writer, seed, format),
    )?;
    writer.close(args.stats, started)
}

struct Sink<'a>(&'a mut Writer, u64, crate::Format);

impl pipeline::Sink<(u64, Result<Generated, TargetNotReached>)> for Sink<'_> {
    fn write(
        &mut self,
        (index, made): (u64, Result<Generated, TargetNotReached>),
    ) -> io::Result<()> {
        let Sink(writer, seed, format) = self;
        let place = || format!("sudoku: puzzle {}", index + 1);
        match made {
            Err(err) => not_made(writer, place, index, *seed, *format, &err, ""),
            Ok(made) => {
                let record = match format {
                    crate::Format::Line => format!("{}\n", made.puzzle),
                    crate::Format::Grid => format!("{:#}\n\n", made.puzzle),
                    crate::Format::Json => {
                        let rating = made.rating.unwrap_or_else(|| {
                            sudoku_gen::rate(&made.puzzle)
                                .expect("a generated puzzle has one solution")
                        });
                        let line = json!({
                            "index": index,
                            "seed": seed,
                            "puzzle": made.puzzle.to_string(),
                            "solution": made.solution.to_string(),
                            "clues": made.puzzle.filled(),
                            "band": rating.band.name(),
                            "hardest": rating.hardest.map(|t| t.name()),
                            "er": rating.er.as_f64(),
                            "ep": rating.ep.as_f64(),
                            "ed": rating.ed.as_f64(),
                        });
                        format!("{line}\n")
                    }
                };
                writer.answer(place, &record, None, None)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

fn usage_error(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// `generate` with `--size` other than 9 or a `--variant`.
fn run_variants(args: GenerateArgs) -> io::Result<Summary> {
    let has = |v: VariantArg| args.variant.contains(&v);
    let config = VariantConfig {
        shape: Shape::for_size(args.size).expect("checked by parse_size"),
        diagonals: has(VariantArg::X),
        windoku: has(VariantArg::Windoku),
        jigsaw: has(VariantArg::Jigsaw),
        target_clues: args.clues,
        max_attempts: args
            .attempts
            .map_or(VariantConfig::default().max_attempts, |n| n as usize),
        ..VariantConfig::default()
    };
    if args.difficulty.is_some() || args.se.is_some() {
        let option = if args.se.is_some() {
            "--se"
        } else {
            "--difficulty"
        };
        return Err(usage_error(format!(
            "{option} rates with the ladder of 9x9 techniques: it takes classic 9x9 puzzles only"
        )));
    }
    if args.symmetry != SymmetryArg::None {
        return Err(usage_error(
            "--symmetry applies to classic 9x9 puzzles only".into(),
        ));
    }
    if config.jigsaw && args.format == crate::Format::Grid {
        return Err(usage_error(
            "--format grid cannot show jigsaw regions: use --format line (JSON lines) or json"
                .into(),
        ));
    }
    VariantGenerator::new(config).map_err(|err| usage_error(err.to_string()))?;
    let started = Instant::now();
    let Batch { count, seed, jobs } = args.batch;
    let budget = args.budget();
    let progress = Progress::new(Measure::Items { total: count }, "puzzles");
    progress.keep_alive();
    let reporter = progress.reporter();
    let mut writer = Writer::new(progress, "puzzles");
    let note = limits_of(&config);
    pipeline::run(
        usize::from(jobs),
        1,
        |emit| {
            for index in 0..count {
                if !emit(index) {
                    break;
                }
            }
        },
        || VariantGenerator::new(config).expect("checked above"),
        |generator, index| {
            reporter.say(format!("puzzle {}: attempt 1{note}", index + 1));
            let made = generator.generate_indexed_within(seed, index, budget, |attempt| {
                reporter.say(attempt_message(index, attempt, &note));
            });
            (index, made)
        },
        &mut VariantSink(&mut writer, seed, args.format, note.clone()),
    )?;
    writer.close(args.stats, started)
}

/// What limits the clue count of boards other than 9x9, said when a count is asked for.
fn limits_of(config: &VariantConfig) -> String {
    let Some(target) = config.target_clues else {
        return String::new();
    };
    let n = config.shape.size();
    let cells = n * n;
    if n <= 16 {
        return format!(
            "; removal stops at a minimal puzzle, so {target} of {cells} clues comes only \
             when an attempt ends at or below it"
        );
    }
    format!(
        "; on {n}x{n} a clue stays when proving it unneeded takes more than 500 search \
         nodes, which leaves about 45% of the {cells} cells given, so {target} clues comes \
         only when an attempt gets that far"
    )
}

struct VariantSink<'a>(&'a mut Writer, u64, crate::Format, String);

impl pipeline::Sink<(u64, Result<GeneratedVariant, TargetNotReached>)> for VariantSink<'_> {
    fn write(
        &mut self,
        (index, made): (u64, Result<GeneratedVariant, TargetNotReached>),
    ) -> io::Result<()> {
        let VariantSink(writer, seed, format, note) = self;
        let place = || format!("sudoku: puzzle {}", index + 1);
        let made = match made {
            Err(err) => return not_made(writer, place, index, *seed, *format, &err, note),
            Ok(made) => made,
        };
        let rules = made.puzzle.rules();
        let plain = rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku();
        let record = match format {
            crate::Format::Line if plain => format!("{}\n", made.puzzle),
            crate::Format::Line => format!("{}\n", made.puzzle.to_json()),
            crate::Format::Grid => format!("{:#}\n\n", made.puzzle),
            crate::Format::Json => {
                let mut line: serde_json::Value =
                    serde_json::from_str(&made.puzzle.to_json()).expect("to_json writes JSON");
                let object = line.as_object_mut().expect("an object");
                object.insert("index".into(), json!(index));
                object.insert("seed".into(), json!(seed));
                object.insert("solution".into(), json!(made.solution.to_string()));
                object.insert("clues".into(), json!(made.puzzle.filled()));
                object.insert("minimal".into(), json!(made.minimal));
                format!("{line}\n")
            }
        };
        writer.answer(place, &record, None, None)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The placeholder record of a puzzle that could not be made, and its message: what stopped
/// the tries, with the option that moves that limit, and `note`, what limits the search.
fn not_made(
    writer: &mut Writer,
    place: impl FnOnce() -> String,
    index: u64,
    seed: u64,
    format: crate::Format,
    err: &TargetNotReached,
    note: &str,
) -> io::Result<()> {
    let message = match err.why {
        NotMade::Attempts => format!("{err} (raise --attempts){note}"),
        NotMade::GaveUp(_) => format!("{err} (--time-limit){note}"),
        _ => err.to_string(),
    };
    let record = match format {
        crate::Format::Json => format!(
            "{}\n",
            json!({ "index": index, "seed": seed, "status": "not made", "error": message })
        ),
        crate::Format::Grid => "not made\n\n".to_string(),
        crate::Format::Line => "not made\n".to_string(),
    };
    writer.answer(place, &record, Some(&message), None)
}
