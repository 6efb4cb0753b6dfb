//! `sudoku killer solve|count|generate`: killer puzzles in JSON, JSON Lines or the text form.

use std::io;
use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::json;
use sudoku_core::{Budget, Complete, Grid};
use sudoku_killer::{
    GeneratedKiller, GeneratorConfig, KillerEntry, KillerReadError, KillerReader, KillerRecord,
    KillerSolver,
};

use crate::classic::{Outcome, count_with, render, solve_with};
use crate::progress::{Measure, Progress};
use crate::{Format, Input, Limits, LineOrJson, Summary, Writer, pipeline};

const KILLER_INPUT: &str = "Input: JSON Lines (one puzzle per line: {\"cages\": [{\"sum\": 10, \
    \"cells\": [[0,0],[0,1]]}, ...], \"givens\": null} or the cage-map form {\"cage_map\": \
    \"<81 letters>\", \"cage_sums\": [...]}, each with an optional \"solution\"), JSON spread \
    over several lines, JSON arrays of puzzles (on one line or pretty-printed; one record per \
    element), or the text form (9 lines of cage letters, then A=10 B=17 ...; puzzles separated \
    by blank lines). A line that is not JSON or not a valid puzzle is reported on standard \
    error and reading goes on.";

#[derive(Subcommand, Debug)]
pub(crate) enum KillerCommand {
    /// Solve killer puzzles.
    #[command(after_help = format!("Examples:\n  \
        sudoku killer solve puzzles.jsonl\n  \
        sudoku killer solve --jobs 2 --format json puzzles.jsonl > answers.jsonl\n  \
        sudoku killer solve puzzle.txt        # 9 lines of cage letters, then A=10 B=17 ...\n\n\
        {KILLER_INPUT}\n\n{}", crate::EXIT_STATUS))]
    Solve {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// Fail a puzzle with several solutions (without it, the first solution found is
        /// printed and a warning goes to standard error).
        #[arg(long)]
        unique: bool,
        /// How solutions are written: `line` (81 digits), `grid` (a drawing and a blank line)
        /// or `json`.
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// Count the solutions of killer puzzles, up to a limit.
    #[command(after_help = format!("Examples:\n  \
        sudoku killer count puzzles.jsonl     # 1 means unique, 2+ several\n\n\
        {KILLER_INPUT}\n\n{}", crate::EXIT_STATUS))]
    Count {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// Stop counting at this many solutions; a count that reached it is written `N+`.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// How counts are written: `line` or `json`.
        #[arg(long, value_enum, default_value_t = LineOrJson::Line)]
        format: LineOrJson,
    },
    /// Generate unique killer puzzles.
    #[command(after_help = "Examples:\n  \
        sudoku killer generate --count 10 --seed 1 > killers.jsonl\n  \
        sudoku killer generate --difficulty hard --max-cage 5 --format text\n\n\
        Puzzle i of a seed is the same whatever --count and --jobs.")]
    Generate(GenerateArgs),
}

#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    #[command(flatten)]
    batch: crate::generate::Batch,
    /// How hard: `easy` (small cages, no merging: mostly solved by propagation alone),
    /// `medium` (cages merged while the solver proves uniqueness within 40 nodes) or `hard`
    /// (larger cages, up to 200 nodes).
    #[arg(long, value_enum, default_value_t = KillerDifficulty::Medium)]
    difficulty: KillerDifficulty,
    /// The largest cage, 2 to 9 cells.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=9))]
    max_cage: Option<u8>,
    /// Reach uniqueness by adding givens instead of splitting cages.
    #[arg(long)]
    givens: bool,
    /// How puzzles are written: `json` (one JSON line per puzzle with its solution, the
    /// format `killer solve` reads) or `text` (the cage map and sums, then a blank line).
    #[arg(long, value_enum, default_value_t = KillerFormat::Json)]
    format: KillerFormat,
    /// Write a summary line on standard error, with the solver's effort.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum KillerDifficulty {
    /// Small cages, no merging.
    Easy,
    /// The generator's defaults.
    Medium,
    /// Larger cages and a larger search budget.
    Hard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum KillerFormat {
    /// One JSON line per puzzle, with its solution.
    Json,
    /// The text form, then a blank line.
    Text,
}

#[derive(Clone, Copy)]
enum Task {
    Solve { unique: bool },
    Count { limit: usize },
}

pub(crate) fn run(command: KillerCommand) -> io::Result<Summary> {
    let (input, task, format, limits) = match command {
        KillerCommand::Solve {
            input,
            limits,
            unique,
            format,
        } => (input, Task::Solve { unique }, format, limits),
        KillerCommand::Count {
            input,
            limits,
            limit,
            format,
        } => {
            let limit = usize::try_from(limit).unwrap_or(usize::MAX);
            (input, Task::Count { limit }, format.into(), limits)
        }
        KillerCommand::Generate(args) => return generate(args),
    };
    let (stats, budget) = (input.stats, limits.budget());
    crate::run_inputs(
        &input,
        |reader| Box::new(KillerReader::new(reader)),
        KillerReadError::is_io,
        KillerReadError::to_string,
        || Complete(KillerSolver::default()),
        |solver, source, read| {
            let (line, column, outcome) = match read {
                Ok(record) => (record.line, None, outcome(solver, task, budget, &record)),
                Err(err) => (
                    err.line(),
                    err.column(),
                    Outcome::failed("malformed", err.message()),
                ),
            };
            let mut reply = render(format, stats, source, line, None, outcome);
            reply.column = column;
            reply
        },
    )
}

/// One killer puzzle's outcome.
fn outcome(
    solver: &mut Complete<KillerSolver>,
    task: Task,
    budget: Budget,
    record: &KillerRecord,
) -> Outcome {
    match task {
        Task::Solve { unique } => {
            let solved = |solution: Grid| {
                let mut outcome = Outcome::ok("solved", solution.to_string())
                    .field("solution", json!(solution.to_string()));
                outcome.drawing = Some(format!("{solution:#}"));
                if record.solution.is_some_and(|known| known != solution) {
                    outcome.warning =
                        Some("the solution differs from the one the input gives".to_string());
                }
                outcome
            };
            solve_with(solver, &record.puzzle, unique, budget, solved).0
        }
        Task::Count { limit } => count_with(solver, &record.puzzle, limit, budget),
    }
}

/// `killer generate`: puzzle `i` of the seed's sequence, in order.
fn generate(args: GenerateArgs) -> io::Result<Summary> {
    let mut config = match args.difficulty {
        KillerDifficulty::Easy => GeneratorConfig {
            merge: false,
            ..GeneratorConfig::default()
        },
        KillerDifficulty::Medium => GeneratorConfig::default(),
        KillerDifficulty::Hard => GeneratorConfig {
            cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
            max_nodes: 200,
            ..GeneratorConfig::default()
        },
    };
    config.givens = args.givens;
    if let Some(max) = args.max_cage {
        let max = usize::from(max);
        for (size, weight) in config.cage_sizes.iter_mut().enumerate() {
            if size + 1 > max {
                *weight = 0;
            }
        }
        if config.cage_sizes.iter().all(|&w| w == 0) {
            config.cage_sizes[max - 1] = 1;
        }
    }
    let started = Instant::now();
    let crate::generate::Batch { count, seed, jobs } = args.batch;
    let progress = Progress::new(Measure::Items { total: count }, "puzzles");
    let mut writer = Writer::new(progress, "puzzles");
    let format = args.format;
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
        || (),
        |_, index| sudoku_killer::generate_indexed(seed, index, &config),
        &mut GenerateSink(&mut writer, format),
    )?;
    writer.close(args.stats, started)
}

struct GenerateSink<'a>(&'a mut Writer, KillerFormat);

impl pipeline::Sink<GeneratedKiller> for GenerateSink<'_> {
    fn write(&mut self, made: GeneratedKiller) -> io::Result<()> {
        let record = match self.1 {
            KillerFormat::Json => {
                format!(
                    "{}\n",
                    KillerEntry::new(made.puzzle, Some(made.solution)).to_json()
                )
            }
            KillerFormat::Text => format!("{}\n\n", made.puzzle.to_string().trim_end()),
        };
        self.0.stats.add(&made.difficulty);
        self.0.answer(String::new, &record, None, None)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
