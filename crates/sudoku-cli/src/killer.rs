//! `sudoku killer solve|count|generate`: killer puzzles in JSON, JSON Lines or the text form.

use std::io;

use clap::{Args, Subcommand};
use sudoku_api::{
    Choice, Front, GeneratedKiller, KillerDifficulty, KillerReadError, KillerRequest, Output,
    PuzzleForm, Worker,
};

use crate::answer::{Job, Task};
use crate::{Format, Input, Limits, LineOrJson, Summary, choices};

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
        counting: crate::Counting,
        /// How counts are written: `line` or `json`.
        #[arg(long, value_enum, default_value_t = LineOrJson::Line)]
        format: LineOrJson,
    },
    /// Draw killer puzzles (their cages dashed, with the sums in the corner): SVG, PNG, or a
    /// printable PDF sheet with the solutions on later pages.
    #[command(after_help = format!("Examples:\n  \
        sudoku killer render puzzle.jsonl > killer.svg\n  \
        sudoku killer render -o book.pdf --per-page 4 killers.jsonl\n\n\
        The options are those of `sudoku render` (see `sudoku render --help`).\n\n\
        {KILLER_INPUT}\n\n{}", crate::EXIT_STATUS))]
    Render(crate::render::RenderArgs),
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
    #[arg(long, default_value = "medium", value_parser = choices(<KillerDifficulty as Choice>::ALL))]
    difficulty: KillerDifficulty,
    /// The largest cage, 2 to 9 cells.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=9))]
    max_cage: Option<u8>,
    /// Reach uniqueness by adding givens instead of splitting cages.
    #[arg(long)]
    givens: bool,
    /// How puzzles are written: `json` (one JSON line per puzzle with its solution, the
    /// format `killer solve` reads), `text` (the cage map and sums, then a blank line),
    /// `link` (a SudokuPad link to play it), `fpuzzles-link` (an f-puzzles link to edit it)
    /// or `fpuzzles` (its JSON on one line). Links and f-puzzles JSON carry the solution and
    /// are read back by `sudoku solve`, `count` and `check`.
    #[arg(long, value_enum, default_value_t = KillerFormat::Json)]
    format: KillerFormat,
    /// Write a summary line on standard error, with the solver's effort.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum KillerFormat {
    /// One JSON line per puzzle, with its solution.
    Json,
    /// The text form, then a blank line.
    Text,
    /// A SudokuPad link per line, to play the puzzle.
    Link,
    /// An f-puzzles link per line, to edit the puzzle.
    FpuzzlesLink,
    /// f-puzzles JSON, one puzzle per line.
    Fpuzzles,
}

pub(crate) fn run(command: KillerCommand) -> io::Result<Summary> {
    let (input, task, format, limits) = match command {
        KillerCommand::Solve {
            input,
            limits,
            unique,
            format,
        } => (
            input,
            Task::Solve {
                algo: sudoku_api::Algo::Mrv,
                unique,
                explain: false,
            },
            format,
            limits,
        ),
        KillerCommand::Count {
            input,
            counting,
            format,
        } => {
            let (algo, limit) = (sudoku_api::Algo::Mrv, counting.limit());
            (
                input,
                Task::Count { algo, limit },
                format.into(),
                counting.limits,
            )
        }
        KillerCommand::Generate(args) => return generate(args),
        KillerCommand::Render(args) => return crate::render::run(&args, true),
    };
    let job = Job {
        task,
        format,
        stats: input.stats,
        budget: limits.budget(),
    };
    crate::run_inputs(
        &input,
        |reader| Box::new(sudoku_api::read_killers(reader)),
        KillerReadError::is_io,
        KillerReadError::to_string,
        || Worker::new(Front::Cli),
        |worker, source, _, read| {
            let (line, column, output) = match read {
                Ok(record) => {
                    let output = match job.task {
                        Task::Solve { unique, .. } => Output::solved(
                            &worker.solve_killer(&record.puzzle, record.solution, true, job.budget),
                            unique,
                        ),
                        Task::Count { limit, .. } => Output::counted(
                            worker.count_killer(&record.puzzle, limit, job.budget),
                            limit,
                        ),
                        _ => unreachable!("killer solves and counts"),
                    };
                    (record.line, None, output)
                }
                Err(err) => (
                    err.line(),
                    err.column(),
                    Output::failed(sudoku_api::killer_read_failure(&err)),
                ),
            };
            let mut reply = crate::answer::reply(job, source, line, None, output);
            reply.column = column;
            reply
        },
        None,
    )
}

/// `killer generate`: puzzle `i` of the seed's sequence, in order.
fn generate(args: GenerateArgs) -> io::Result<Summary> {
    let request = KillerRequest {
        difficulty: args.difficulty,
        max_cage: args.max_cage.map(usize::from),
        givens: args.givens,
    };
    let plan = request
        .plan(Front::Cli)
        .map_err(|err| io::Error::new(io::ErrorKind::InvalidInput, err.to_string()))?;
    let (seed, format) = (args.batch.seed, args.format);
    crate::generate::make_all(
        &args.batch,
        args.stats,
        || (),
        |_, index, _| plan.make(seed, index),
        |writer, made: GeneratedKiller| {
            // A form for another tool is one line.
            let written =
                |form: PuzzleForm| form.write_generated_killer(&made).map(|text| text + "\n");
            let form = match format {
                KillerFormat::Json => Ok(format!("{}\n", sudoku_api::killer_line(&made))),
                KillerFormat::Text => Ok(format!("{}\n\n", made.puzzle.to_string().trim_end())),
                KillerFormat::Link => written(PuzzleForm::Link),
                KillerFormat::FpuzzlesLink => written(PuzzleForm::FpuzzlesLink),
                KillerFormat::Fpuzzles => written(PuzzleForm::Fpuzzles),
            };
            writer.stats.add(&made.difficulty);
            match form {
                Ok(record) => writer.answer(String::new, &record, None, None),
                Err(failure) => {
                    writer.answer(String::new, "not made\n", Some(failure.message()), None)
                }
            }
        },
    )
}
