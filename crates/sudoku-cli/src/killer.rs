//! `sudoku killer solve|count|generate`: killer puzzles in JSON, JSON Lines or the text form.

use std::io;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::{Map, Value, json};
use sudoku_core::{CountSolutions, Solver, Tally, Verdict};
use sudoku_killer::{
    GeneratedKiller, GeneratorConfig, KillerEntry, KillerReadError, KillerReader, KillerRecord,
    KillerSolver,
};

use crate::progress::{Measure, Progress};
use crate::sources::Source;
use crate::{
    Done, Format, Input, Item, Reply, Summary, Writer, batch_size, measure, pipeline, produce,
};

const KILLER_INPUT: &str = "Input: JSON Lines (one puzzle per line: {\"cages\": [{\"sum\": 10, \
    \"cells\": [[0,0],[0,1]]}, ...], \"givens\": null} or the cage-map form {\"cage_map\": \
    \"<81 letters>\", \"cage_sums\": [...]}, each with an optional \"solution\"), JSON spread \
    over several lines, or the text form (9 lines of cage letters, then A=10 B=17 ...; puzzles \
    separated by blank lines). A line that is not JSON or not a valid puzzle is reported on \
    standard error and reading goes on.";

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
        /// Stop counting at this many solutions; a count that reached it is written `N+`.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// How counts are written: `line` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
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
    let (input, task, format) = match command {
        KillerCommand::Solve {
            input,
            unique,
            format,
        } => (input, Task::Solve { unique }, format),
        KillerCommand::Count {
            input,
            limit,
            format,
        } => {
            let limit = usize::try_from(limit).unwrap_or(usize::MAX);
            (input, Task::Count { limit }, format)
        }
        KillerCommand::Generate(args) => return generate(args),
    };
    let started = Instant::now();
    let sources = Source::all(&input.files);
    let bytes = Arc::new(AtomicU64::new(0));
    let mut writer = Writer::new(
        Progress::new(measure(&sources, &bytes), "puzzles"),
        "puzzles",
    );
    let stats = input.stats;
    pipeline::run(
        usize::from(input.jobs),
        batch_size(&sources),
        |emit| {
            produce(
                &sources,
                &bytes,
                |reader| Box::new(KillerReader::new(reader)),
                KillerReadError::is_io,
                KillerReadError::to_string,
                emit,
            )
        },
        KillerSolver::default,
        |solver, item: Item<Result<KillerRecord, KillerReadError>>| match item {
            Item::Puzzle(source, read) => {
                Done::Reply(answer(solver, task, format, stats, source, read))
            }
            Item::Note(note) => Done::Note(note),
        },
        &mut writer,
    )?;
    writer.close(stats, started)
}

fn answer(
    solver: &mut KillerSolver,
    task: Task,
    format: Format,
    with_stats: bool,
    source: Arc<str>,
    read: Result<KillerRecord, KillerReadError>,
) -> Reply {
    let record = match read {
        Ok(record) => record,
        Err(err) => {
            let stdout = match format {
                Format::Json => format!(
                    "{}\n",
                    json!({ "source": &*source, "line": err.line(), "status": "malformed", "error": err.message() })
                ),
                Format::Grid => "malformed\n\n".to_string(),
                Format::Line => "malformed\n".to_string(),
            };
            return Reply {
                line: err.line(),
                column: err.column(),
                source,
                stdout,
                problem: Some(err.message()),
                warning: None,
                stats: Tally::default(),
            };
        }
    };
    let mut fields = Map::new();
    let (status, line_text, drawing, problem, warning) = match task {
        Task::Solve { unique } => {
            let (verdict, count) = solver.solve_and_count(&record.puzzle, 2);
            match verdict {
                Verdict::Solved(solution) => {
                    fields.insert("solution".into(), json!(solution.to_string()));
                    fields.insert("unique".into(), json!(count == 1));
                    let known = record.solution.map(|s| s == solution);
                    if count > 1 && unique {
                        (
                            "several solutions",
                            "several solutions".to_string(),
                            None,
                            Some(format!("several solutions (--unique); one is {solution}")),
                            None,
                        )
                    } else {
                        let warning = match (count > 1, known) {
                            (true, _) => Some("several solutions; this is one of them".to_string()),
                            (false, Some(false)) => Some(
                                "the solution differs from the one the input gives".to_string(),
                            ),
                            _ => None,
                        };
                        (
                            "solved",
                            solution.to_string(),
                            Some(format!("{solution:#}")),
                            None,
                            warning,
                        )
                    }
                }
                _ => (
                    "no solution",
                    "no solution".into(),
                    None,
                    Some("no solution".into()),
                    None,
                ),
            }
        }
        Task::Count { limit } => {
            let count = solver.count_solutions(&record.puzzle, limit);
            fields.insert("solutions".into(), json!(count));
            fields.insert("limit".into(), json!(limit));
            fields.insert("complete".into(), json!(count < limit));
            let text = if count >= limit {
                format!("{count}+")
            } else {
                count.to_string()
            };
            ("counted", text, None, None, None)
        }
    };
    let stats = Tally::of(&solver.stats());
    let stdout = match format {
        Format::Json => {
            let mut object = Map::new();
            object.insert("source".into(), json!(&*source));
            object.insert("line".into(), json!(record.line));
            object.insert("status".into(), json!(status));
            object.extend(fields);
            if let Some(problem) = &problem {
                object.insert("error".into(), json!(problem));
            }
            if let Some(warning) = &warning {
                object.insert("warning".into(), json!(warning));
            }
            if with_stats {
                let counters: Map<String, Value> = stats
                    .iter()
                    .map(|(n, v)| (n.to_string(), json!(v)))
                    .collect();
                object.insert("stats".into(), Value::Object(counters));
            }
            format!("{}\n", Value::Object(object))
        }
        Format::Line | Format::Grid => {
            let mut text = match (format, drawing) {
                (Format::Grid, Some(drawing)) if problem.is_none() => drawing,
                _ => line_text,
            };
            if with_stats && problem.is_none() {
                text.push('\t');
                text.push_str(
                    &stats
                        .iter()
                        .map(|(n, v)| format!("{n}={v}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
            text.push('\n');
            if format == Format::Grid {
                text.push('\n');
            }
            text
        }
    };
    Reply {
        source,
        line: record.line,
        column: None,
        stdout,
        problem,
        warning,
        stats,
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
