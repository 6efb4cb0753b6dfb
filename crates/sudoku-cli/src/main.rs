//! `sudoku`: solve, count and check Sudoku puzzles from files or standard input.
//!
//! Puzzles stream through in input order, one answer line each; a bad puzzle gets a line
//! naming its file and line, and the run goes on. Exit status: 0 when every puzzle
//! succeeded, 1 when any was rejected or had no solution, 2 for usage or I/O errors.

mod engines;
mod input;
mod killer;
mod output;

use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use engines::Algo;
use input::{Item, Puzzles};
use output::{Format, Outcome};

#[derive(Parser, Debug)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count and check Sudoku puzzles",
    long_about = "Solve, count and check Sudoku puzzles.\n\n\
        Puzzles are read from files or standard input: an 81-cell line ('1'-'9' givens, '.' or '0' \
        blanks) or a drawing of 9 rows of 9 cells (spaces, '|' and '-+' separator rows ignored), \
        detected per puzzle. Answers come one per puzzle, in input order.",
    after_help = "Exit status: 0 when every puzzle succeeded, 1 when any puzzle was rejected or had \
        no solution, 2 for usage or I/O errors."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print its solution.
    #[command(after_help = "Examples:\n  \
        sudoku solve puzzles.txt\n  \
        sudoku solve --jobs 2 --format json < puzzles.txt > answers.jsonl\n  \
        echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | sudoku solve --format grid\n  \
        sudoku solve --algo dlx --stats hard.txt")]
    Solve {
        #[command(flatten)]
        common: Common,
        /// The algorithm.
        #[arg(long, value_enum, default_value_t = Algo::Mrv)]
        algo: Algo,
    },
    /// Count the solutions of each puzzle, up to a limit.
    #[command(after_help = "Examples:\n  \
        sudoku count puzzles.txt            # 0, 1 or 2 per puzzle (2 means 2 or more)\n  \
        sudoku count --limit 1000 open.txt")]
    Count {
        #[command(flatten)]
        common: Common,
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: usize,
        /// The algorithm (a complete one).
        #[arg(long, value_enum, default_value_t = Algo::Mrv)]
        algo: Algo,
    },
    /// Check each puzzle: ok (one solution), clashing givens, malformed, no solution or
    /// several solutions.
    #[command(after_help = "Examples:\n  \
        sudoku check puzzles.txt\n  \
        sudoku check --format json a.txt b.txt")]
    Check {
        #[command(flatten)]
        common: Common,
    },
    /// Generate unique puzzles from a seed (minimal unless --clues is given).
    #[command(after_help = "Examples:\n  \
        sudoku generate --count 10 --seed 1\n  \
        sudoku generate --count 1000 --seed 7 --symmetry rotate180 --jobs 2 > puzzles.txt\n  \
        sudoku generate --count 5 --seed 3 --difficulty hard --format json")]
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The seed: the same seed gives the same puzzles, whatever --jobs.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads.
        #[arg(long, short, default_value_t = 1)]
        jobs: usize,
        /// Only puzzles of this band (rated by the ladder of human techniques).
        #[arg(long, value_enum)]
        difficulty: Option<Difficulty>,
        /// Symmetry of the clue pattern.
        #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
        symmetry: SymmetryArg,
        /// Stop removing clues at this many (unique, not minimal).
        #[arg(long)]
        clues: Option<usize>,
        /// How puzzles are written (json adds the solution and the rating).
        #[arg(long, value_enum, default_value_t = Format::Line)]
        format: Format,
    },
    /// Rate each puzzle: the hardest human technique it needs (its band) and the search
    /// effort (the MRV solver's guesses averaged over 8 random symmetries of the puzzle).
    #[command(after_help = "Examples:\n  \
        sudoku rate puzzles.txt\n  \
        sudoku rate --format json < puzzles.txt")]
    Rate {
        #[command(flatten)]
        common: Common,
    },
    /// Give the next logical step for each puzzle (or partly filled position).
    #[command(after_help = "Examples:\n  \
        sudoku hint puzzle.txt\n  \
        echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | sudoku hint")]
    Hint {
        #[command(flatten)]
        common: Common,
    },
    /// Killer sudoku: solve, count or generate.
    #[command(subcommand)]
    Killer(KillerCommand),
}

#[derive(Subcommand, Debug)]
enum KillerCommand {
    /// Solve killer puzzles (JSON, JSON Lines, or one puzzle in the text form per file).
    #[command(after_help = "Examples:\n  \
        sudoku killer solve puzzles.jsonl\n  \
        sudoku killer solve puzzle.txt        # 9 lines of cage letters, then A=10 B=17 ...")]
    Solve {
        /// Input files; standard input when none (or for `-`).
        files: Vec<std::path::PathBuf>,
        /// Write JSON Lines instead of solution lines.
        #[arg(long)]
        json: bool,
    },
    /// Count solutions of killer puzzles, up to a limit.
    #[command(after_help = "Examples:\n  \
        sudoku killer count puzzles.jsonl     # 1 means unique")]
    Count {
        /// Input files; standard input when none (or for `-`).
        files: Vec<std::path::PathBuf>,
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: usize,
        /// Write JSON Lines instead of counts.
        #[arg(long)]
        json: bool,
    },
    /// Generate unique pure killer puzzles (JSON Lines, cage-map form, with solutions).
    #[command(after_help = "Examples:\n  \
        sudoku killer generate --count 10 --seed 1 > killers.jsonl")]
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The seed: puzzle i comes from seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads.
        #[arg(long, short, default_value_t = 1)]
        jobs: usize,
    },
}

/// `--difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Difficulty {
    /// Naked and hidden singles suffice.
    Easy,
    /// Also locked candidates and pairs.
    Medium,
    /// Also triples, X-Wing, Swordfish, XY-Wing.
    Hard,
    /// The ladder gets stuck: needs search.
    Expert,
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

#[derive(Args, Debug)]
struct Common {
    /// Input files; standard input when none (or for `-`).
    files: Vec<PathBuf>,
    /// Worker threads; answers keep the input order.
    #[arg(long, short, default_value_t = 1)]
    jobs: usize,
    /// How answers are written.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Add search statistics to each answer and a summary on standard error.
    #[arg(long)]
    stats: bool,
}

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    Solve(Algo),
    Count(Algo, usize),
    Check,
    Rate,
    Hint,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    let (common, task) = match cli.command {
        Command::Solve { common, algo } => (common, Task::Solve(algo)),
        Command::Count {
            common,
            limit,
            algo,
        } => {
            if !algo.complete() {
                eprintln!(
                    "sudoku: --algo {} cannot count (it is incomplete); use mrv or dlx",
                    algo.name()
                );
                return ExitCode::from(2);
            }
            if limit == 0 {
                eprintln!("sudoku: --limit must be at least 1");
                return ExitCode::from(2);
            }
            (common, Task::Count(algo, limit))
        }
        Command::Check { common } => (common, Task::Check),
        Command::Rate { common } => (common, Task::Rate),
        Command::Hint { common } => (common, Task::Hint),
        Command::Generate {
            count,
            seed,
            jobs,
            difficulty,
            symmetry,
            clues,
            format,
        } => {
            if jobs == 0 {
                eprintln!("sudoku: --jobs must be at least 1");
                return ExitCode::from(2);
            }
            let band = difficulty.map(|d| match d {
                Difficulty::Easy => sudoku_gen::Band::Easy,
                Difficulty::Medium => sudoku_gen::Band::Medium,
                Difficulty::Hard => sudoku_gen::Band::Hard,
                Difficulty::Expert => sudoku_gen::Band::Expert,
            });
            let symmetry = match symmetry {
                SymmetryArg::None => sudoku_gen::Symmetry::None,
                SymmetryArg::Rotate180 => sudoku_gen::Symmetry::Rotate180,
                SymmetryArg::Rotate90 => sudoku_gen::Symmetry::Rotate90,
                SymmetryArg::Mirror => sudoku_gen::Symmetry::Mirror,
                SymmetryArg::Diagonal => sudoku_gen::Symmetry::Diagonal,
            };
            let config = sudoku_gen::GenConfig {
                symmetry,
                target_clues: clues,
                band,
                ..Default::default()
            };
            return finish(
                output::generate(config, seed, count, jobs, format).map(|failed| Summary {
                    failed,
                    ..Summary::default()
                }),
            );
        }
        Command::Killer(command) => return finish(run_killer(command)),
    };
    if common.jobs == 0 {
        eprintln!("sudoku: --jobs must be at least 1");
        return ExitCode::from(2);
    }
    finish(run(&common, task))
}

/// The exit status of a run: 2 for I/O errors, 1 when a puzzle failed, else 0.
fn finish(result: io::Result<Summary>) -> ExitCode {
    match result {
        Ok(summary) if summary.io_errors > 0 => ExitCode::from(2),
        Ok(summary) if summary.failed > 0 => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sudoku: {err}");
            ExitCode::from(2)
        }
    }
}

/// `sudoku killer ...`.
fn run_killer(command: KillerCommand) -> io::Result<Summary> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (files, task, json) = match command {
        KillerCommand::Generate { count, seed, jobs } => {
            if jobs == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--jobs must be at least 1",
                ));
            }
            killer::generate(&mut out, seed, count, jobs)?;
            return Ok(Summary::default());
        }
        KillerCommand::Solve { files, json } => (files, killer::KillerTask::Solve, json),
        KillerCommand::Count { files, limit, json } => {
            if limit == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--limit must be at least 1",
                ));
            }
            (files, killer::KillerTask::Count(limit), json)
        }
    };
    let mut summary = Summary::default();
    let mut solver = sudoku_killer::KillerSolver::default();
    let sources: Vec<Option<PathBuf>> = if files.is_empty() {
        vec![None]
    } else {
        files
            .iter()
            .map(|f| (f.as_os_str() != "-").then(|| f.clone()))
            .collect()
    };
    for source in sources {
        let (items, name) = match &source {
            None => (killer::read(io::stdin().lock())?, "<stdin>".to_string()),
            Some(path) => match std::fs::File::open(path) {
                Ok(file) => (killer::read(file)?, path.display().to_string()),
                Err(err) => {
                    out.flush()?;
                    eprintln!("sudoku: cannot open {}: {err}", path.display());
                    summary.io_errors += 1;
                    continue;
                }
            },
        };
        summary.puzzles += items.len();
        summary.failed += killer::answer(&mut out, &name, &items, task, json, &mut solver)?;
        out.flush()?;
    }
    Ok(summary)
}

/// Totals of a run.
#[derive(Default)]
struct Summary {
    puzzles: usize,
    failed: usize,
    io_errors: usize,
}

/// How many puzzles are read ahead and solved together with `--jobs` above 1.
const CHUNK_PER_JOB: usize = 1024;

fn run(common: &Common, task: Task) -> io::Result<Summary> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let mut progress = Progress::new();
    let started = Instant::now();
    let pool = if common.jobs > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(common.jobs)
                .build()
                .map_err(io::Error::other)?,
        )
    } else {
        None
    };
    let mut engine = engines::Engine::new(task);
    let mut stats = sudoku_core::Tally::default();
    let sources: Vec<Option<PathBuf>> = if common.files.is_empty() {
        vec![None]
    } else {
        common
            .files
            .iter()
            .map(|f| (f.as_os_str() != "-").then(|| f.clone()))
            .collect()
    };
    for source in sources {
        let (reader, name): (Box<dyn BufRead>, String) = match &source {
            None => (Box::new(BufReader::new(io::stdin())), "<stdin>".into()),
            Some(path) => match std::fs::File::open(path) {
                Ok(file) => (
                    Box::new(BufReader::with_capacity(64 * 1024, file)),
                    path.display().to_string(),
                ),
                Err(err) => {
                    out.flush()?;
                    eprintln!("sudoku: cannot open {}: {err}", path.display());
                    summary.io_errors += 1;
                    continue;
                }
            },
        };
        let mut puzzles = Puzzles::new(reader, &name);
        let mut chunk: Vec<Item> = Vec::new();
        loop {
            let mut ended = false;
            let size = if pool.is_some() {
                common.jobs * CHUNK_PER_JOB
            } else {
                1
            };
            while chunk.len() < size {
                match puzzles.next() {
                    Some(Ok(item)) => chunk.push(item),
                    Some(Err(err)) => {
                        out.flush()?;
                        eprintln!("sudoku: reading {name}: {err}");
                        summary.io_errors += 1;
                        ended = true;
                        break;
                    }
                    None => {
                        ended = true;
                        break;
                    }
                }
            }
            let outcomes: Vec<Outcome> = match &pool {
                Some(pool) => {
                    use rayon::prelude::*;
                    pool.install(|| {
                        chunk
                            .par_iter()
                            .map_init(
                                || engines::Engine::new(task),
                                |engine, item| engine.process(item),
                            )
                            .collect()
                    })
                }
                None => chunk.iter().map(|item| engine.process(item)).collect(),
            };
            for (item, outcome) in chunk.iter().zip(&outcomes) {
                output::write(&mut out, common.format, common.stats, item, outcome)?;
                summary.puzzles += 1;
                summary.failed += usize::from(outcome.failed());
                stats.merge(&outcome.stats);
            }
            if pool.is_none() {
                // Stream: with one job each answer goes out as soon as it exists.
                out.flush()?;
            }
            progress.update(summary.puzzles, started);
            chunk.clear();
            if ended {
                break;
            }
        }
    }
    out.flush()?;
    progress.finish();
    if common.stats {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{} puzzles, {} failed, in {seconds:.3} s ({:.0} puzzles/s); {stats}",
            summary.puzzles,
            summary.failed,
            summary.puzzles as f64 / seconds.max(1e-9),
        );
    }
    Ok(summary)
}

/// Progress on standard error, only when it is a terminal and the run takes a while.
struct Progress {
    enabled: bool,
    last: Option<Instant>,
    shown: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            last: None,
            shown: false,
        }
    }

    fn update(&mut self, done: usize, started: Instant) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let due = match self.last {
            None => now.duration_since(started).as_millis() >= 500,
            Some(last) => now.duration_since(last).as_millis() >= 200,
        };
        if due {
            let rate = done as f64 / now.duration_since(started).as_secs_f64().max(1e-9);
            eprint!("\r\x1b[2K{done} puzzles, {rate:.0}/s");
            self.last = Some(now);
            self.shown = true;
        }
    }

    fn finish(&self) {
        if self.shown {
            eprint!("\r\x1b[2K");
        }
    }
}
