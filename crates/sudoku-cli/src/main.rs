//! `sudoku`: solve, count, check, rate, hint and canonicalise Sudoku puzzles, generate new
//! ones, and solve, count and generate killer puzzles, from files or standard input.
//!
//! Standard output carries exactly one record per input puzzle, in input order; a puzzle that
//! fails gets a placeholder record there and one `FILE:LINE: message` line on standard error.
//! Exit status: 0 when every puzzle succeeded, 1 when any failed (or no puzzle was found), 2
//! for usage and I/O errors.

/// Writes a line to standard error, ignoring a failed write: a diagnostic that cannot be
/// written must never cost an answer (`eprintln!` would panic and lose the rest of the run).
macro_rules! diag {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod answer;
mod generate;
mod killer;
mod pipeline;
mod progress;
mod render;
mod signals;
mod sources;

use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use sudoku_api::{Algo, Budget, Choice, Front, ReadError, Scale, Shard, Tally, Worker};

use answer::{Job, Task};
use progress::{Measure, Progress};
pub(crate) use sources::Source;

const EXIT_STATUS: &str = "Exit status: 0 when every puzzle succeeded; 1 when any puzzle failed \
    (malformed, clashing givens, no solution, ...) or the input held no puzzle; 2 for usage and \
    I/O errors.";

const INPUT_FORMS: &str = "Input: files, or standard input when none is named ('-' names it \
    among files); an argument that names no file but is a puzzle's symbols is that puzzle \
    (sudoku solve 53..7....6..195...). Each puzzle is detected on its own: an 81-cell line ('1'-'9' givens, '.', '0' \
    or '_' blanks) with anything after it (a '# comment', a rating such as '9.0 1.2 1.2', an \
    81-digit solution), CSV with a header (Kaggle's 'quizzes,solutions'), a drawing over 9 rows, \
    a grid with its cells between commas (a spreadsheet's CSV, empty fields blank; a JSON list \
    of rows), or a pencil-mark position (a 729-character line or a candidate grid). Other sizes and \
    variants too, the size told by the length: a line of n*n symbols (1-9 then A-P, '.' blank; \
    16x16, 25x25, ...), rows of whitespace-separated numbers (0 blank), or a JSON line such as \
    {\"givens\": \"...\", \"regions\": \"...\", \"diagonals\": true, \"windoku\": true}. \
    Variant puzzles with constraints (thermometers, arrows, Kropki dots, cages, ...), one a line: \
    an f-puzzles link (https://f-puzzles.com/?load=...), a SudokuPad link carrying one \
    (https://sudokupad.app/fpuzzles...), f-puzzles JSON or ipuz JSON (a file that is one such \
    object over several lines is one puzzle); a constraint the solver does not know is an error \
    naming it. \
    Lines starting with '#' and blank lines are skipped.";

#[derive(Parser, Debug)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count, check, rate and generate Sudoku puzzles, and killer sudoku",
    long_about = format!(
        "Solve, count, check, rate and generate Sudoku puzzles, and killer sudoku.\n\n{INPUT_FORMS}\n\n\
         Output: exactly one record per input puzzle on standard output, in input order; a \
         puzzle that fails gets a placeholder record (a word such as 'malformed' or 'no \
         solution', or a JSON record with \"error\") and one FILE:LINE: message on standard \
         error."
    ),
    after_help = EXIT_STATUS
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options every classic subcommand that reads puzzles takes.
#[derive(Args, Debug)]
struct Input {
    /// Input files; standard input when none is given (or for `-`); an argument that names
    /// no file but is a puzzle's symbols is that puzzle.
    files: Vec<PathBuf>,
    /// Worker threads, 1 to 256 (default: every core); answers keep the input order and each
    /// is written as soon as it and every earlier one are done.
    #[arg(long, short, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
    /// Add each answer's search statistics (what the algorithm counts) to its record, and a
    /// summary line on standard error.
    #[arg(long)]
    stats: bool,
    /// Answer part I of N of the input's puzzles (1/4 is the first quarter), for batch
    /// schedulers (SLURM array jobs, GNU parallel): the parts' outputs concatenated in order
    /// are the whole run's output. The inputs are read twice (once to count their
    /// puzzles), so they must be files.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<Shard>,
}

/// `--shard I/N`.
pub(crate) fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
        .map_err(|err: sudoku_api::UsageError| err.to_string())
}

impl Input {
    /// The worker threads.
    pub(crate) fn jobs(&self) -> usize {
        jobs(self.jobs)
    }
}

/// `--jobs`: 1 to 256.
pub(crate) fn parse_jobs(text: &str) -> Result<usize, String> {
    let n: i128 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads"))?;
    sudoku_api::threads(Some(n), Front::Cli).map_err(|err| err.to_string())
}

/// A count of the command line as a count of memory: counts beyond what memory can index
/// mean "as many as there are".
fn fit(count: u64) -> usize {
    usize::try_from(count).unwrap_or(usize::MAX)
}

/// The worker threads of `--jobs`, every core when it is left out.
pub(crate) fn jobs(requested: Option<usize>) -> usize {
    sudoku_api::threads(requested.map(|n| n as i128), Front::Cli).unwrap_or(1)
}

/// The budget of each puzzle.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(crate) struct Limits {
    /// Give up on a puzzle after this many seconds (a decimal number, such as 0.5): its
    /// record then says "gave up" and the run goes on with the next. No limit by default.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Give up on a puzzle after this many search nodes (unlike a time limit, the same
    /// answer on every machine). No limit by default.
    #[arg(long, visible_alias = "max-nodes", value_name = "N", value_parser = parse_nodes)]
    node_limit: Option<u64>,
}

impl Limits {
    /// The budget the options set.
    pub(crate) fn budget(&self) -> Budget {
        let budget = match self.node_limit {
            Some(nodes) => Budget::nodes(nodes),
            None => Budget::UNLIMITED,
        };
        match self.time_limit {
            Some(time) => budget.with_time(time),
            None => budget,
        }
    }
}

/// The options of a count: its budget, and where it stops.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Counting {
    #[command(flatten)]
    pub(crate) limits: Limits,
    /// Stop counting at this many solutions; a count that reached it is written `N+`.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

impl Counting {
    /// Where the count stops.
    pub(crate) fn limit(&self) -> usize {
        usize::try_from(self.limit).unwrap_or(usize::MAX)
    }
}

/// A number of seconds, above zero.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    sudoku_api::time_limit(seconds, Front::Cli).map_err(|err| err.to_string())
}

/// A number of search nodes, at least 1.
fn parse_nodes(text: &str) -> Result<u64, String> {
    let nodes: i128 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of nodes"))?;
    let budget =
        sudoku_api::budget(None, Some(nodes), Front::Cli).map_err(|err| err.to_string())?;
    Ok(budget
        .node_limit()
        .expect("a budget made with a node limit has one"))
}

/// The values of an option by name, as the front door names and describes them.
pub(crate) fn choices<T: Choice + Send + Sync>(
    values: &'static [T],
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(
        values
            .iter()
            .map(|value| PossibleValue::new(value.name()).help(value.summary())),
    )
    .map(|name| T::parse(&name, Front::Cli).expect("clap checked the name"))
}

/// The complete algorithms, which count.
const COUNTING: &[Algo] = &[Algo::Mrv, Algo::Dlx];

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One line per puzzle.
    Line,
    /// A 9x9 drawing per answer that is a grid, then a blank line.
    Grid,
    /// One JSON object per line.
    Json,
}

/// How answers that are not grids are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum LineOrJson {
    /// One line per puzzle.
    Line,
    /// One JSON object per line.
    Json,
}

impl From<LineOrJson> for Format {
    fn from(format: LineOrJson) -> Format {
        match format {
            LineOrJson::Line => Format::Line,
            LineOrJson::Json => Format::Json,
        }
    }
}

/// The forms `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ConvertFormat {
    /// A SudokuPad link, to play the puzzle.
    Link,
    /// An f-puzzles link, to edit it.
    FpuzzlesLink,
    /// f-puzzles JSON, on one line.
    Fpuzzles,
    /// ipuz JSON, on one line (givens and regions only).
    Ipuz,
    /// The line every subcommand reads.
    Line,
}

impl ConvertFormat {
    /// The front door's form, `None` for `line`.
    pub(crate) fn form(self) -> Option<sudoku_api::PuzzleForm> {
        match self {
            ConvertFormat::Link => Some(sudoku_api::PuzzleForm::Link),
            ConvertFormat::FpuzzlesLink => Some(sudoku_api::PuzzleForm::FpuzzlesLink),
            ConvertFormat::Fpuzzles => Some(sudoku_api::PuzzleForm::Fpuzzles),
            ConvertFormat::Ipuz => Some(sudoku_api::PuzzleForm::Ipuz),
            ConvertFormat::Line => None,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print its solution.
    #[command(after_help = format!("Examples:\n  \
        sudoku solve puzzles.txt\n  \
        sudoku solve --jobs 2 --format json < puzzles.txt > answers.jsonl\n  \
        sudoku solve --unique --algo dlx --stats collection.csv\n  \
        sudoku solve --explain puzzle.txt\n  \
        sudoku solve --explain --html page.html puzzle.txt   # a page that steps through it\n\n{EXIT_STATUS}"))]
    Solve {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// The algorithm.
        #[arg(long, default_value = "mrv", value_parser = choices(<Algo as Choice>::ALL))]
        algo: Algo,
        /// Fail a puzzle with several solutions (without it, the first solution found is
        /// printed and a warning goes to standard error).
        #[arg(long)]
        unique: bool,
        /// Print the logical path before each solution: one step per line of the ladder of
        /// human techniques, and where search had to take over; the record ends with the
        /// solution and a blank line.
        #[arg(long)]
        explain: bool,
        /// With --explain, also write the path as an HTML page that steps through it, each
        /// step drawn on the grid (buttons and arrow keys; one file that works offline):
        /// PAGE.html for one puzzle, or a folder (ending in '/', or one that exists) for a
        /// page per puzzle (puzzle-0001.html, ... numbered by the puzzle's place in the
        /// input).
        #[arg(long, value_name = "PATH", requires = "explain")]
        html: Option<PathBuf>,
        /// How solutions are written: `line` (81 characters), `grid` (a drawing and a blank
        /// line) or `json` (status, solution, uniqueness, statistics with --stats).
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// Count the solutions of each puzzle, up to a limit.
    #[command(after_help = format!("Examples:\n  \
        sudoku count puzzles.txt            # 0, 1 or 2+ per puzzle: 1 means unique\n  \
        sudoku count --limit 1000 open.txt\n\n{EXIT_STATUS}"))]
    Count {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        counting: Counting,
        /// The algorithm (a complete one: the colony cannot count).
        #[arg(long, default_value = "mrv", value_parser = choices(COUNTING))]
        algo: Algo,
        /// How counts are written: `line` (the count, `N+` at the limit) or `json` (with
        /// `solutions`, `limit` and `complete`).
        #[arg(long, value_enum, default_value_t = LineOrJson::Line)]
        format: LineOrJson,
    },
    /// Check each puzzle: `ok` for exactly one solution, else what is wrong.
    ///
    /// When the input gives a puzzle's solution after it (a second field, a CSV column such as
    /// Kaggle's `solutions`, a JSON line's "solution"), it must be the puzzle's only
    /// solution; else the record is `wrong solution`.
    #[command(after_help = format!("Examples:\n  \
        sudoku check puzzles.txt\n  \
        sudoku check --format json a.txt b.txt\n\n\
        Each record is a word: ok, malformed, clash, no solution, several solutions or wrong\n\
        solution (the solution the input gives is not the puzzle's).\n\n{EXIT_STATUS}"))]
    Check {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// How results are written: `line` (a word per puzzle) or `json`.
        #[arg(long, value_enum, default_value_t = LineOrJson::Line)]
        format: LineOrJson,
    },
    /// Rate each puzzle on Sudoku Explainer's scale: ER (the hardest step of the path that
    /// always takes the easiest technique, 1.0 to about 12), EP and ED, the band of the ER,
    /// the hardest technique and the search effort. A puzzle without exactly one solution
    /// gets an error, not a rating.
    #[command(after_help = format!("Examples:\n  \
        sudoku rate puzzles.txt\n  \
        sudoku rate --scale se puzzles.txt | sort -n   # easiest first\n  \
        sudoku rate --format json --jobs 2 < puzzles.txt\n\n\
        ER is Sudoku Explainer 1.2.1's rating of the hardest step; EP the hardest step before \
        the first digit is placed; ED the first step's. Bands: easy up to 2.0 (hidden singles), \
        medium up to 3.4 (naked singles, locked candidates, pairs, X-Wing), hard up to 6.4 \
        (triplets, wings, uniqueness, quads, BUG, aligned pairs), expert from 6.5 (chains). \
        Puzzles that need chains take milliseconds to a second each, the hardest known a few \
        seconds.\n\n{EXIT_STATUS}"))]
    Rate {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// What leads each line: `band` (band, ER, technique, search effort) or `se` (ER, EP,
        /// ED, then band, technique and search effort, as Sudoku Explainer's serate
        /// writes its numbers).
        #[arg(long, default_value = "band", value_parser = choices(<Scale as Choice>::ALL))]
        scale: Scale,
        /// How ratings are written: `line` (fields separated by tabs, see --scale) or `json`
        /// (er, ep, ed, band, hardest, solved_by_logic, search_effort).
        #[arg(long, value_enum, default_value_t = LineOrJson::Line)]
        format: LineOrJson,
    },
    /// Give the next logical step for each puzzle or position (pencil marks are read).
    #[command(after_help = format!("Examples:\n  \
        sudoku hint puzzle.txt\n  \
        sudoku hint --apply puzzle.txt > next.txt   # the position after the step\n  \
        sudoku hint --apply next.txt                # ... and so on, step by step\n\n\
        A position that contradicts its solution (a wrong digit, a wrong elimination) is \
        reported as such.\n\n{EXIT_STATUS}"))]
    Hint {
        #[command(flatten)]
        input: Input,
        /// Print the position after the step instead of the step: an 81-character line, or a
        /// 729-character pencil-mark line once candidates have been eliminated, so that
        /// feeding the output back walks the puzzle to its solution.
        #[arg(long)]
        apply: bool,
        /// How hints are written: `line` (the step, or the position with --apply), `grid`
        /// (the position as a drawing, with --apply) or `json` (technique, cells,
        /// placements, eliminations).
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// Print each puzzle's canonical form: the smallest line over its symmetries and
    /// relabellings (blanks, written '.', count as 0), the same for every equivalent puzzle.
    #[command(after_help = format!("Examples:\n  \
        sudoku canon puzzles.txt | sort -u     # equivalent puzzles collapse\n  \
        sudoku canon --format json a.txt\n\n{EXIT_STATUS}"))]
    Canon {
        #[command(flatten)]
        input: Input,
        /// How forms are written: `line` (81 characters, '.' for blanks), `grid` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// List the true candidates of each puzzle: for every cell, the digits that appear in at
    /// least one solution (what a setter looks at while adding clues).
    #[command(after_help = format!("Examples:\n  \
        sudoku candidates 'https://f-puzzles.com/?load=...'\n  \
        sudoku candidates --format grid --limit 100 setting.txt\n\n\
        Each cell's digits are written together (1-9, then A-P), cells separated by spaces, \
        row after row. A puzzle with no solution gets 'no solution'. Boards up to 16x16; not \
        pencil-mark positions.\n\n{EXIT_STATUS}"))]
    Candidates {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// Look at no more than this many solutions: candidates cut short by it get a warning
        /// (digits of the solutions not seen may be missing).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// How candidates are written: `line` (each cell's digits, cells separated by
        /// spaces), `grid` (one row per line) or `json` (`candidates`, `solutions`,
        /// `complete`).
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// List the solutions of each puzzle, up to a limit (where a puzzle with several
    /// solutions needs another clue).
    #[command(after_help = format!("Examples:\n  \
        sudoku solutions --limit 2 puzzle.txt\n  \
        sudoku solutions --format json --limit 100 open.txt\n\n\
        Each record is the solutions, one a line, then a blank line; 'no solution' for none. \
        Boards up to 16x16; not pencil-mark positions.\n\n{EXIT_STATUS}"))]
    Solutions {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        limits: Limits,
        /// List no more than this many solutions: a listing cut short by it gets a warning.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// How solutions are written: `line` (one a line), `grid` (drawings) or `json`
        /// (`solutions`, `count`, `complete`).
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// Write each puzzle in another form: a link that opens it in SudokuPad or f-puzzles,
    /// f-puzzles or ipuz JSON, or the line every subcommand reads.
    #[command(after_help = format!("Examples:\n  \
        sudoku convert puzzles.txt > links.txt\n  \
        sudoku convert --format fpuzzles 'https://sudokupad.app/fpuzzles...'\n\n{EXIT_STATUS}"))]
    Convert {
        #[command(flatten)]
        input: Input,
        /// The form: `link` (SudokuPad, to play), `fpuzzles-link` (f-puzzles, to edit),
        /// `fpuzzles` (its JSON), `ipuz` (givens and regions only) or `line` (symbols, a
        /// JSON line for core's variants, or an f-puzzles link for other constraints).
        #[arg(long, value_enum, default_value_t = ConvertFormat::Link)]
        format: ConvertFormat,
    },
    /// Generate unique puzzles from a seed (minimal unless --clues is given), of any size and
    /// variant.
    #[command(after_help = "Examples:\n  \
        sudoku generate --count 10 --seed 1\n  \
        sudoku generate --count 1000 --seed 7 --symmetry rotate180 --jobs 2 > puzzles.txt\n  \
        sudoku generate --count 5 --seed 3 --difficulty hard --format json\n  \
        sudoku generate --size 16 --count 10         # 16x16, one line of 256 symbols each\n  \
        sudoku generate --variant jigsaw,x --count 3 # JSON lines with the regions\n\n\
        Puzzle i of a seed is the same whatever --count and --jobs.")]
    Generate(generate::GenerateArgs),
    /// Draw each puzzle: SVG (one line of standard output each, or a file), PNG, or a
    /// printable PDF sheet with the solutions on later pages.
    #[command(after_help = format!("Examples:\n  \
        sudoku render puzzle.txt > puzzle.svg\n  \
        sudoku render --solved puzzle.txt > solution.svg\n  \
        sudoku render -o pictures/ puzzles.txt        # pictures/puzzle-0001.svg, ...\n  \
        sudoku render -o grid.png --cell-size 40 puzzle.txt\n  \
        sudoku render -o book.pdf --per-page 4 --title 'Week 1' puzzles.txt\n\n\
        Each record of standard output is the puzzle's SVG (one line), the file written \
        (with -o DIR/ or -o FILE), or its place on a sheet (SHEET.pdf#page=2, then a tab and \
        its number on the sheet); a puzzle that fails gets a placeholder and is left off the sheet. \
        Pictures show every size and variant (jigsaw regions as thick outlines, diagonals \
        and windoku windows shaded, the constraints of f-puzzles and SudokuPad puzzles drawn \
        as they draw them), pencil-mark positions with their candidates, and with \
        --solved the digits found in blue. PNG and PDF need an installed font (DejaVu Sans \
        first: `apt-get install fonts-dejavu-core` on Debian and Ubuntu).\n\n{EXIT_STATUS}"))]
    Render(render::RenderArgs),
    /// Killer sudoku: solve, count, generate or draw.
    #[command(subcommand)]
    Killer(killer::KillerCommand),
}

fn main() -> ExitCode {
    signals::install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    if sources::stdout_was_closed() {
        // Only a warning: Python's subprocess.DEVNULL, Node's "ignore" and Go's os/exec give
        // a child the same standard output on purpose (see `stdout_was_closed`).
        diag!(
            "sudoku: warning: standard output is closed, or /dev/null opened for reading and \
             writing: the answers are discarded"
        );
    }
    let none = Limits::default();
    let mut pages = None;
    let (input, task, format, limits) = match cli.command {
        Command::Solve {
            input,
            limits,
            algo,
            unique,
            explain,
            html,
            format,
        } => {
            pages = html;
            (
                input,
                Task::Solve {
                    algo,
                    unique,
                    explain,
                },
                format,
                limits,
            )
        }
        Command::Count {
            input,
            counting,
            algo,
            format,
        } => {
            let limit = counting.limit();
            (
                input,
                Task::Count { algo, limit },
                format.into(),
                counting.limits,
            )
        }
        Command::Check {
            input,
            limits,
            format,
        } => (input, Task::Check, format.into(), limits),
        Command::Rate {
            input,
            limits,
            scale,
            format,
        } => (input, Task::Rate { scale }, format.into(), limits),
        Command::Hint {
            input,
            apply,
            format,
        } => {
            if format == Format::Grid && !apply {
                return usage("hint --format grid draws the position after the step: add --apply");
            }
            (input, Task::Hint { apply }, format, none)
        }
        Command::Canon { input, format } => (input, Task::Canon, format, none),
        Command::Candidates {
            input,
            limits,
            limit,
            format,
        } => (
            input,
            Task::Candidates { limit: fit(limit) },
            format,
            limits,
        ),
        Command::Solutions {
            input,
            limits,
            limit,
            format,
        } => (input, Task::Solutions { limit: fit(limit) }, format, limits),
        Command::Convert { input, format } => (
            input,
            Task::Convert {
                form: format.form(),
            },
            Format::Line,
            none,
        ),
        Command::Generate(args) => return finish(generate::run(args)),
        Command::Render(args) => return finish(render::run(&args, false)),
        Command::Killer(command) => return finish(killer::run(command)),
    };
    let job = Job {
        task,
        format,
        stats: input.stats,
        budget: limits.budget(),
    };
    finish(run(&input, job, pages.as_deref()))
}

fn usage(message: &str) -> ExitCode {
    diag!("sudoku: {message}");
    ExitCode::from(2)
}

/// The exit status of a run: 128 + the signal's number when a signal stopped it, 2 for I/O
/// errors, 1 when a puzzle failed, else 0.
fn finish(result: io::Result<Summary>) -> ExitCode {
    match result {
        Ok(Summary {
            stopped: Some(signal),
            ..
        }) => ExitCode::from(signal.exit_status()),
        Ok(summary) if summary.io_errors > 0 => ExitCode::from(2),
        Ok(summary) if summary.failed > 0 || summary.empty => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            diag!("sudoku: {err}");
            ExitCode::from(2)
        }
    }
}

/// A failed write to standard output, saying so (the error alone, "No space left on
/// device", would not say which output).
fn stdout_error(err: io::Error) -> io::Error {
    io::Error::new(err.kind(), format!("writing standard output: {err}"))
}

/// Totals of a run.
#[derive(Default)]
pub(crate) struct Summary {
    pub(crate) puzzles: usize,
    pub(crate) failed: usize,
    pub(crate) io_errors: usize,
    /// An input held no puzzle at all.
    pub(crate) empty: bool,
    /// The signal that stopped the run early, if one did.
    pub(crate) stopped: Option<signals::Signal>,
}

/// What the reader hands to the workers.
pub(crate) enum Item<P> {
    /// A puzzle read, or a piece of input that is not one, with the bytes of input read
    /// through it (for progress) and its index among the records of every input (from 0,
    /// the same whatever the shard).
    Puzzle(Arc<str>, P, u64, u64),
    /// Something about a whole input, passed through to the writer in order.
    Note(Note),
}

/// What the writer says about a whole input.
pub(crate) enum Note {
    CannotOpen(Arc<str>, io::Error),
    ReadFailed(Arc<str>, String),
    NoPuzzle(Arc<str>),
}

/// What a worker hands to the writer.
pub(crate) enum Done {
    /// An answer, with the bytes of input read through its puzzle.
    Reply(Reply, u64),
    Note(Note),
}

/// One puzzle's answer, ready to write (classic or killer).
pub(crate) struct Reply {
    pub(crate) source: Arc<str>,
    pub(crate) line: usize,
    /// The column a problem points at, if any.
    pub(crate) column: Option<usize>,
    /// The record for standard output, line breaks included.
    pub(crate) stdout: String,
    /// Why the puzzle failed, for standard error.
    pub(crate) problem: Option<String>,
    /// A remark that does not make the puzzle fail (several solutions, say).
    pub(crate) warning: Option<String>,
    /// What the algorithm counted.
    pub(crate) stats: Tally,
    /// A picture or page for the writer to put in its place (one file, a sheet), in order.
    pub(crate) made: Option<render::Made>,
    /// Whether the problem is an output that could not be written (an I/O error).
    pub(crate) io_error: bool,
}

/// Puzzles per batch of work: many when every input is a regular file (reading never
/// stalls), one otherwise (standard input may wait for a person or a pipe between puzzles,
/// and each answer must come out without waiting for more input).
pub(crate) fn batch_size(sources: &[Source]) -> usize {
    if sources.iter().all(|s| s.size().is_some()) {
        32
    } else {
        1
    }
}

/// The progress measure for a list of inputs: their bytes when all are regular files.
pub(crate) fn measure(sources: &[Source], read: &Arc<AtomicUsize>) -> Measure {
    let sizes: Option<Vec<u64>> = sources.iter().map(Source::size).collect();
    match sizes {
        Some(sizes) => Measure::Bytes {
            total: sizes.iter().sum::<u64>().max(1),
            read: Arc::clone(read),
        },
        None => Measure::Open,
    }
}

/// Reads every input with `read` (a streaming reader per input), emitting its items and the
/// notes about each input, and counting the puzzles read in `count`. Stops early when `emit`
/// returns `false`.
pub(crate) fn produce<P, E>(
    sources: &[Source],
    count: &AtomicUsize,
    part: Option<std::ops::Range<u64>>,
    read: impl Fn(Box<dyn io::BufRead + Send>) -> Box<dyn Iterator<Item = Result<P, E>>>,
    is_io: impl Fn(&E) -> bool,
    describe: impl Fn(&E) -> String,
    emit: &mut dyn FnMut(Item<Result<P, E>>) -> bool,
) {
    let bytes = Arc::new(AtomicU64::new(0));
    // The index of the next record over all inputs, for a shard's part.
    let mut record = 0u64;
    for source in sources {
        let reader = match source.open(Arc::clone(&bytes)) {
            Ok(reader) => reader,
            Err(err) => {
                if !emit(Item::Note(Note::CannotOpen(source.name.clone(), err))) {
                    return;
                }
                continue;
            }
        };
        let mut items = 0;
        for item in read(Box::new(reader)) {
            if let Err(err) = &item
                && is_io(err)
            {
                if !emit(Item::Note(Note::ReadFailed(
                    source.name.clone(),
                    describe(err),
                ))) {
                    return;
                }
                items += 1;
                break;
            }
            items += 1;
            let index = record;
            record += 1;
            if let Some(part) = &part {
                if index < part.start {
                    continue;
                }
                if index >= part.end {
                    return;
                }
            }
            count.fetch_add(1, Ordering::Relaxed);
            let through = bytes.load(Ordering::Relaxed);
            if !emit(Item::Puzzle(source.name.clone(), item, through, index)) {
                return;
            }
        }
        if items == 0 && !emit(Item::Note(Note::NoPuzzle(source.name.clone()))) {
            return;
        }
    }
}

/// Writes replies to standard output and problems to standard error, in order, and keeps
/// the totals.
pub(crate) struct Writer {
    out: BufWriter<StdoutLock<'static>>,
    pub(crate) summary: Summary,
    pub(crate) stats: Tally,
    progress: Progress,
    noun: &'static str,
    /// Whether to end with a summary line (`--stats`).
    summary_line: bool,
    started: Instant,
    /// Where pictures made by the workers go, in order: one file, or a sheet.
    pub(crate) gather: Option<render::Gather>,
}

impl Writer {
    /// A writer of answers about `noun` (`puzzles`), with a closing summary line when
    /// `summary_line`.
    pub(crate) fn new(progress: Progress, noun: &'static str, summary_line: bool) -> Writer {
        progress.keep_alive();
        Writer {
            out: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            summary: Summary::default(),
            stats: Tally::default(),
            progress,
            noun,
            summary_line,
            started: Instant::now(),
            gather: None,
        }
    }

    /// One answer: its record on standard output, its problem or warning on standard error,
    /// after `place` (`FILE:LINE` for a puzzle read).
    pub(crate) fn answer(
        &mut self,
        place: impl FnOnce() -> String,
        record: &str,
        problem: Option<&str>,
        warning: Option<&str>,
    ) -> io::Result<()> {
        self.out
            .write_all(record.as_bytes())
            .map_err(stdout_error)?;
        self.summary.puzzles += 1;
        if problem.is_some() {
            self.summary.failed += 1;
        }
        if problem.is_some() || warning.is_some() {
            // Standard output first, so that a terminal shows both in order.
            self.out.flush().map_err(stdout_error)?;
            let place = place();
            self.progress.suspend(|| {
                if let Some(problem) = problem {
                    diag!("{place}: {problem}");
                }
                if let Some(warning) = warning {
                    diag!("{place}: warning: {warning}");
                }
            });
        }
        self.progress.answered(self.noun);
        Ok(())
    }

    /// A note about a whole input.
    pub(crate) fn note(&mut self, note: Note) -> io::Result<()> {
        self.out.flush().map_err(stdout_error)?;
        let message = match note {
            Note::CannotOpen(name, err) => {
                self.summary.io_errors += 1;
                format!("sudoku: cannot open {name}: {err}")
            }
            Note::ReadFailed(name, err) => {
                self.summary.io_errors += 1;
                format!("sudoku: reading {name}: {err}")
            }
            Note::NoPuzzle(name) => {
                self.summary.empty = true;
                format!("sudoku: {name}: no puzzle found")
            }
        };
        self.progress.suspend(|| diag!("{message}"));
        Ok(())
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.out.flush().map_err(stdout_error)
    }

    /// The placeholder of a puzzle read but not answered when a signal stopped the run.
    pub(crate) fn unanswered(&mut self, index: usize) -> io::Result<()> {
        let signal = signals::received().map_or("a signal", signals::Signal::name);
        self.answer(
            || format!("sudoku: puzzle {} of the input", index + 1),
            "interrupted\n",
            Some(&format!("interrupted by {signal} before it was answered")),
            None,
        )
    }

    /// Clears the progress and, with `--stats`, writes the summary line; after a signal,
    /// says what was left undone.
    pub(crate) fn close(mut self, ended: pipeline::Ended) -> io::Result<Summary> {
        self.finish_gather();
        self.report(ended)?;
        Ok(self.summary)
    }

    /// Writes what was gathered (a sheet), reporting a failure as an I/O error.
    fn finish_gather(&mut self) {
        let Some(gather) = self.gather.take() else {
            return;
        };
        match gather.finish() {
            Ok(None) => {}
            Ok(Some(note)) => self.progress.suspend(|| diag!("sudoku: {note}")),
            Err(err) => {
                self.summary.io_errors += 1;
                self.progress.suspend(|| diag!("sudoku: {err}"));
            }
        }
    }

    fn report(&mut self, ended: pipeline::Ended) -> io::Result<()> {
        self.out.flush().map_err(stdout_error)?;
        self.progress.finish();
        if ended == pipeline::Ended::Stopped {
            let signal = signals::received();
            self.summary.stopped = signal;
            diag!(
                "sudoku: stopped by {}: {} {} answered and written, the rest not read or not \
                 finished",
                signal.map_or("a signal", signals::Signal::name),
                self.summary.puzzles,
                self.noun
            );
        }
        if self.summary_line {
            let seconds = self.started.elapsed().as_secs_f64();
            let counters = if self.stats.is_empty() {
                String::new()
            } else {
                format!("; {}", self.stats)
            };
            diag!(
                "{} {}, {} failed, in {seconds:.3} s ({:.0}/s){counters}",
                self.summary.puzzles,
                self.noun,
                self.summary.failed,
                self.summary.puzzles as f64 / seconds.max(1e-9),
            );
        }
        Ok(())
    }

    /// After a signal, once every finished answer is written: reports and ends the program
    /// now, without waiting for the workers' current puzzles.
    pub(crate) fn stopped(&mut self) {
        // The sheet of every puzzle answered: their records name its pages.
        self.finish_gather();
        let status = match self.report(pipeline::Ended::Stopped) {
            Ok(()) => self
                .summary
                .stopped
                .map_or(130, signals::Signal::exit_status),
            Err(_) => 2,
        };
        std::process::exit(i32::from(status));
    }
}

impl pipeline::Sink<Done> for Writer {
    fn write(&mut self, done: Done) -> io::Result<()> {
        match done {
            Done::Reply(mut reply, through) => {
                self.stats.merge(&reply.stats);
                self.progress.read_through(through);
                if let Some(made) = reply.made.take() {
                    render::place(self.gather.as_mut(), made, &mut reply);
                }
                if reply.io_error {
                    self.summary.io_errors += 1;
                }
                let (source, line, column) = (&reply.source, reply.line, reply.column);
                self.answer(
                    || match column {
                        Some(column) => format!("{source}:{line}:{column}"),
                        None => format!("{source}:{line}"),
                    },
                    &reply.stdout,
                    reply.problem.as_deref(),
                    reply.warning.as_deref(),
                )
            }
            Done::Note(note) => self.note(note),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Writer::flush(self)
    }

    fn idle(&mut self) {
        self.progress.idle(self.noun);
    }

    fn unanswered(&mut self, index: usize) -> io::Result<()> {
        Writer::unanswered(self, index)
    }

    fn stopped(&mut self) {
        Writer::stopped(self);
    }
}

/// Reads every input with `read` (a streaming reader per input) and answers each item with
/// `answer` (given its source, its index among the records and the item), on `--jobs`
/// workers each with its own `state` (its solvers), writing the answers in input order, and
/// the pictures they made to `gather`: the run of every subcommand that reads puzzles.
pub(crate) fn run_inputs<R, E, S>(
    input: &Input,
    read: impl Fn(Box<dyn io::BufRead + Send>) -> Box<dyn Iterator<Item = Result<R, E>>> + Send,
    is_io: impl Fn(&E) -> bool + Send,
    describe: impl Fn(&E) -> String + Send,
    state: impl Fn() -> S + Sync,
    answer: impl Fn(&mut S, Arc<str>, u64, Result<R, E>) -> Reply + Sync,
    gather: Option<render::Gather>,
) -> io::Result<Summary>
where
    R: Send,
    E: Send,
{
    let sources = Source::all(&input.files);
    let part = match input.shard {
        None => None,
        Some(shard) => Some(shard.range(count_records(&sources, &read, &is_io)?)),
    };
    let count = Arc::new(AtomicUsize::new(0));
    let mut writer = Writer::new(
        Progress::new(measure(&sources, &count), "puzzles"),
        "puzzles",
        input.stats,
    );
    writer.gather = gather;
    let ended = pipeline::run(
        input.jobs(),
        batch_size(&sources),
        |emit| produce(&sources, &count, part, read, is_io, describe, emit),
        state,
        |state, item: Item<Result<R, E>>| match item {
            Item::Puzzle(source, read, through, index) => {
                Done::Reply(answer(state, source, index, read), through)
            }
            Item::Note(note) => Done::Note(note),
        },
        &mut writer,
        signals::stop_flag(),
    )?;
    writer.close(ended)
}

/// How many records the inputs hold, read once before a shard's run (records that are
/// errors count: each has its record in the output). Standard input cannot be read twice.
fn count_records<P, E>(
    sources: &[Source],
    read: &impl Fn(Box<dyn io::BufRead + Send>) -> Box<dyn Iterator<Item = Result<P, E>>>,
    is_io: &impl Fn(&E) -> bool,
) -> io::Result<u64> {
    let mut total = 0;
    for source in sources {
        if source.is_stdin() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--shard reads its inputs twice (once to count their puzzles): name files, \
                 not standard input",
            ));
        }
        // An input that cannot be opened is reported by the run itself.
        let Ok(reader) = source.open(Arc::new(AtomicU64::new(0))) else {
            continue;
        };
        for item in read(Box::new(reader)) {
            if let Err(err) = &item
                && is_io(err)
            {
                break;
            }
            total += 1;
        }
    }
    Ok(total)
}

/// A subcommand that reads puzzles, over every input; `pages` is where `solve --explain
/// --html` writes its pages.
fn run(input: &Input, job: Job, pages: Option<&std::path::Path>) -> io::Result<Summary> {
    let (pages, gather) = match pages {
        Some(path) => {
            let (target, gather) = render::pages(path)?;
            (Some(target), gather)
        }
        None => (None, None),
    };
    let pages = pages.as_ref();
    run_inputs(
        input,
        |reader| Box::new(sudoku_api::read_puzzles(reader)),
        ReadError::is_io,
        ReadError::to_string,
        || Worker::new(Front::Cli),
        |worker, source, index, read| answer::answer(worker, job, pages, source, index, read),
        gather,
    )
}
