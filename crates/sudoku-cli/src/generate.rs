//! `sudoku generate`: unique puzzles of a seed, streamed in order.

use std::io;
use std::time::Duration;

use clap::Args;
use sudoku_api::{
    Attempt, Band, Choice, ErRange, Failure, Front, GenerateRequest, Made, Output, PuzzleForm,
    Symmetry, Variant,
};

use crate::progress::{Measure, Progress, Reporter};
use crate::{Summary, Writer, choices, pipeline, signals};

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
    /// Worker threads, 1 to 256 (default: every core).
    #[arg(long, short, value_name = "N", value_parser = crate::parse_jobs)]
    pub(crate) jobs: Option<usize>,
    /// Make part I of N of the --count puzzles (1/4 is the first quarter), for batch
    /// schedulers (SLURM array jobs, GNU parallel): the parts' outputs concatenated in order
    /// are the whole run's output.
    #[arg(long, value_name = "I/N", value_parser = crate::parse_shard)]
    pub(crate) shard: Option<sudoku_api::Shard>,
}

impl Batch {
    /// The indexes of the puzzles to make.
    pub(crate) fn indexes(&self) -> std::ops::Range<u64> {
        match self.shard {
            Some(shard) => shard.range(self.count),
            None => 0..self.count,
        }
    }
}

#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    #[command(flatten)]
    batch: Batch,
    /// Only puzzles of this band (of the ER rating, see `sudoku rate --help`).
    #[arg(long, value_parser = choices(<Band as Choice>::ALL))]
    difficulty: Option<Band>,
    /// Only puzzles whose ER rating (Sudoku Explainer's scale, 1.0 to about 12) is in this
    /// range, both ends included: `4.0..6.0`, `8.5..` (8.5 and up) or `..2.0`. Harder
    /// ratings are rarer: above 6 expect many tries per puzzle (use --jobs).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_er_range)]
    se: Option<ErRange>,
    /// Symmetry of the clue pattern.
    #[arg(long, default_value = "none", value_parser = choices(<Symmetry as Choice>::ALL))]
    symmetry: Symmetry,
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
    #[arg(long, value_delimiter = ',', value_parser = choices(<Variant as Choice>::ALL))]
    variant: Vec<Variant>,
    /// How puzzles are written: `line` (one line of symbols; for variants, a JSON line with
    /// the rules, which every subcommand reads back), `grid` (a drawing and a blank line;
    /// not for variants, whose rules a drawing cannot show), `json` (puzzle, solution,
    /// clue count, and the rating of 9x9 puzzles), `link` (a SudokuPad link to play it),
    /// `fpuzzles-link` (an f-puzzles link to edit it), `fpuzzles` or `ipuz` (their JSON on
    /// one line). Links and f-puzzles and ipuz JSON carry the solution, which SudokuPad and
    /// f-puzzles check answers against; every subcommand reads them back.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line)]
    format: GenerateFormat,
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

/// How `generate` writes puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GenerateFormat {
    /// One line per puzzle.
    Line,
    /// A drawing per puzzle, then a blank line.
    Grid,
    /// One JSON object per line.
    Json,
    /// A SudokuPad link per line, to play the puzzle.
    Link,
    /// An f-puzzles link per line, to edit the puzzle.
    FpuzzlesLink,
    /// f-puzzles JSON, one puzzle per line.
    Fpuzzles,
    /// ipuz JSON, one puzzle per line.
    Ipuz,
}

impl GenerateFormat {
    /// The form of a puzzle written for another tool, if it is one.
    fn form(self) -> Option<PuzzleForm> {
        match self {
            GenerateFormat::Link => Some(PuzzleForm::Link),
            GenerateFormat::FpuzzlesLink => Some(PuzzleForm::FpuzzlesLink),
            GenerateFormat::Fpuzzles => Some(PuzzleForm::Fpuzzles),
            GenerateFormat::Ipuz => Some(PuzzleForm::Ipuz),
            GenerateFormat::Line | GenerateFormat::Grid | GenerateFormat::Json => None,
        }
    }
}

/// `--se`: a range of ER ratings.
fn parse_er_range(text: &str) -> Result<ErRange, String> {
    sudoku_api::parse_se(text, Front::Cli)
        .map_err(|err| err.to_string().trim_start_matches("--se: ").to_string())
}

/// `--size`: a side that has boxes.
fn parse_size(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    sudoku_api::check_size(n)
        .map(|_| n)
        .map_err(|err| err.to_string())
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

fn usage_error(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

pub(crate) fn run(args: GenerateArgs) -> io::Result<Summary> {
    let request = GenerateRequest {
        size: args.size,
        variants: args.variant.clone(),
        symmetry: args.symmetry,
        band: args.difficulty,
        se: args.se,
        clues: args.clues,
        attempts: args.attempts,
        budget: args
            .time_limit
            .map_or(sudoku_api::Budget::UNLIMITED, sudoku_api::Budget::time),
    };
    let plan = request
        .plan(Front::Cli)
        .map_err(|err| usage_error(err.to_string()))?;
    if plan.has_variant_rules() && args.format == GenerateFormat::Grid {
        return Err(usage_error(
            "--format grid cannot show a variant's rules (jigsaw regions, diagonals, windows): \
             its drawing would read back as another puzzle; use --format line (JSON lines), \
             json or link"
                .into(),
        ));
    }
    let note = plan.note();
    let (seed, format, classic) = (args.batch.seed, args.format, plan.is_classic());
    make_all(
        &args.batch,
        args.stats,
        || plan.maker(),
        |maker, index, reporter| {
            if !classic {
                reporter.say(format!("puzzle {}: attempt 1{note}", index + 1));
            }
            let made = maker.make(
                seed,
                index,
                format == GenerateFormat::Json,
                Front::Cli,
                |attempt| {
                    if !classic || attempt.number % 16 == 0 {
                        reporter.say(attempt_message(index, attempt, &note));
                    }
                },
            );
            (index, made)
        },
        |writer, (index, made): (u64, Result<Made, Failure>)| {
            let output = match (made, format.form()) {
                (Ok(made), Some(form)) => match form.write_made(&made) {
                    Ok(text) => Output::ok("made", text),
                    Err(failure) => Output::not_made(failure, seed, index),
                },
                (Ok(made), None) => Output::made(&made),
                (Err(failure), _) => Output::not_made(failure, seed, index),
            };
            let record = match format {
                GenerateFormat::Json if output.problem.is_none() => {
                    format!("{}\n", serde_json::Value::Object(output.fields.clone()))
                }
                GenerateFormat::Json => format!(
                    "{}\n",
                    serde_json::Value::Object(output.to_json(None, None, false))
                ),
                GenerateFormat::Grid => output.to_text(true, false),
                _ => output.to_text(false, false),
            };
            let problem = output.problem.as_ref().map(|p| p.message());
            writer.answer(
                || format!("sudoku: puzzle {}", index + 1),
                &record,
                problem,
                None,
            )
        },
    )
}

/// Makes puzzle `i` of every index of `batch` with `work` (`--jobs` workers, each with the
/// `state` it makes, and a handle to put a message on the progress bar) and writes each with
/// `write`, in order: the run of both generators.
pub(crate) fn make_all<S, O: Send>(
    batch: &Batch,
    stats: bool,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64, &Reporter) -> O + Sync,
    write: impl FnMut(&mut Writer, O) -> io::Result<()>,
) -> io::Result<Summary> {
    let indexes = batch.indexes();
    let progress = Progress::new(
        Measure::Items {
            total: indexes.end - indexes.start,
        },
        "puzzles",
    );
    let reporter = progress.reporter();
    let mut writer = Writer::new(progress, "puzzles", stats);
    let ended = pipeline::run(
        crate::jobs(batch.jobs),
        1,
        |emit| {
            for index in indexes {
                if !emit(index) {
                    break;
                }
            }
        },
        state,
        |state, index| work(state, index, &reporter),
        &mut Sink {
            writer: &mut writer,
            write,
        },
        signals::stop_flag(),
    )?;
    writer.close(ended)
}

/// The writer of a generator's run, writing each puzzle made with its `write`.
struct Sink<'a, W> {
    writer: &'a mut Writer,
    write: W,
}

impl<O, W: FnMut(&mut Writer, O) -> io::Result<()>> pipeline::Sink<O> for Sink<'_, W> {
    fn write(&mut self, made: O) -> io::Result<()> {
        (self.write)(self.writer, made)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }

    fn unanswered(&mut self, index: usize) -> io::Result<()> {
        self.writer.unanswered(index)
    }

    fn stopped(&mut self) {
        self.writer.stopped();
    }
}
