//! The command line of `cargo xtask bench`.

use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};

/// Command-line options of `cargo xtask bench`.
#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask bench",
    about = "Benchmark every algorithm, verifying every answer of every pass",
    after_help = ENVIRONMENT
)]
pub(crate) struct BenchArgs {
    /// Puzzle files to run (line files `.txt`, killer `.jsonl`). Default: every set in benchdata/.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub(crate) data: Vec<PathBuf>,
    /// Algorithms to run (default: all that apply to each set, but incomplete ones such as
    /// abc only when named on sets without solution, where they can only give up).
    #[arg(long, value_delimiter = ',', value_name = "ALGO")]
    pub(crate) algo: Vec<String>,
    /// What to time: the first solution, counting to 2 (proving uniqueness), or rating on
    /// Sudoku Explainer's scale (ER, EP, ED), beside Sudoku Explainer itself where
    /// `SUDOKU_SE_JAR` names its jar (default set: crates/sudoku-gen/tests/se_rated.txt).
    #[arg(long = "mode", value_enum, default_value_t = Measure::Solve)]
    pub(crate) measure: Measure,
    /// Also run reference solvers side by side: the crates.io `sudoku` crate and, when xtask
    /// was built with `SUDOKU_TDOKU_DIR`, tdoku on classic sets; OR-tools CP-SAT on killer sets
    /// where Python has it (`pip install ortools`; Python is `python3`, or `SUDOKU_PYTHON`).
    #[arg(long)]
    pub(crate) peer: bool,
    /// The algorithm the ratio column compares against.
    #[arg(long, default_value = "mrv")]
    pub(crate) baseline: String,
    /// Threads per algorithm (batch throughput); 1 measures single-thread latency.
    #[arg(long, default_value_t = 1)]
    pub(crate) jobs: usize,
    /// At most this many puzzles of each set (the first ones).
    #[arg(long, value_name = "N")]
    pub(crate) limit: Option<usize>,
    /// Passes over each set (default: enough for each algorithm to spend about half a second
    /// on the set, at most 5; `--mode rate`: 3, after a warm-up pass).
    #[arg(long, value_name = "N")]
    pub(crate) passes: Option<usize>,
    /// A quick look: at most 100 puzzles per set and a single pass.
    #[arg(long)]
    pub(crate) quick: bool,
    /// Wider tables: add the total time and the counters each algorithm keeps (nodes and
    /// guesses; cycles and fitness evaluations for the colony). The default fits in 100
    /// columns.
    #[arg(long)]
    pub(crate) wide: bool,
    /// Write the results as JSON to FILE (every figure, whatever the width of the tables).
    #[arg(long, value_name = "FILE")]
    pub(crate) json: Option<PathBuf>,
    /// Draw an SVG bar chart of the medians to FILE.
    #[arg(long, value_name = "FILE")]
    pub(crate) chart: Option<PathBuf>,
}

/// The environment the bench reads, for `--help`.
const ENVIRONMENT: &str = "\
Environment:
  SUDOKU_SE_JAR     a Sudoku Explainer jar (serate inside): --mode rate times it beside
                    sudoku-gen in one JVM; without it (or without java) that column is skipped
  JAVA_HOME         the JDK whose bin/java runs it (default: java on the PATH)
  SUDOKU_TDOKU_DIR  a tdoku source folder, read when xtask is built: --peer adds tdoku
                    (its dpll_triad_simd solver, compiled with -O3 -march=native)
  SUDOKU_PYTHON     the Python of the CP-SAT peer (default: python3)";

/// What the run measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Measure {
    /// Find one solution.
    Solve,
    /// Count solutions up to 2.
    Count,
    /// Rate on Sudoku Explainer's scale, beside Sudoku Explainer when it is there.
    Rate,
}

/// What each solver call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Find one solution.
    Solve,
    /// Count solutions up to 2.
    Count,
}

impl Mode {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mode::Solve => "solve",
            Mode::Count => "count to 2",
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub(crate) enum Request {
    /// Run the bench.
    Run(BenchArgs),
    /// Print this text on standard output and stop (for `--help`).
    Print(String),
}

impl BenchArgs {
    /// Parses the arguments after `bench`. `--help` is a request to print, not an error.
    pub(crate) fn parse(args: &[String]) -> Result<Request, String> {
        let parsed = BenchArgs::try_parse_from(
            std::iter::once("cargo xtask bench".to_string()).chain(args.iter().cloned()),
        );
        let args = match parsed {
            Ok(args) => args,
            Err(err)
                if matches!(
                    err.kind(),
                    ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
                ) =>
            {
                return Ok(Request::Print(err.render().to_string()));
            }
            // `main` says "error: " itself.
            Err(err) => {
                let text = err.to_string();
                return Err(text
                    .strip_prefix("error: ")
                    .unwrap_or(&text)
                    .trim_end()
                    .to_string());
            }
        };
        if args.jobs == 0 {
            return Err("--jobs must be at least 1".into());
        }
        if args.passes == Some(0) {
            return Err("--passes must be at least 1".into());
        }
        if args.measure == Measure::Rate {
            let unused = [
                ("--algo", !args.algo.is_empty()),
                ("--peer", args.peer),
                ("--baseline", args.baseline != "mrv"),
                ("--jobs", args.jobs != 1),
                ("--wide", args.wide),
                ("--chart", args.chart.is_some()),
            ];
            if let Some((flag, _)) = unused.iter().find(|(_, given)| *given) {
                return Err(format!(
                    "{flag} does not apply to --mode rate (sudoku-gen beside Sudoku \
                     Explainer, one thread each)"
                ));
            }
        }
        Ok(Request::Run(args))
    }

    /// What each solver call does: count to 2 for `--mode count`, else solve (`--mode rate`
    /// too).
    pub(crate) fn mode(&self) -> Mode {
        match self.measure {
            Measure::Count => Mode::Count,
            Measure::Solve | Measure::Rate => Mode::Solve,
        }
    }

    /// The puzzle limit per set: `--limit`, or 100 with `--quick`.
    pub(crate) fn puzzle_limit(&self) -> Option<usize> {
        self.limit.or(self.quick.then_some(100))
    }
}

/// The arguments of a run from `extra`, for tests (panics when they ask for a printout or
/// are wrong).
#[cfg(test)]
pub(crate) fn run_args(extra: &[&str]) -> BenchArgs {
    let all: Vec<String> = extra.iter().map(|a| a.to_string()).collect();
    match BenchArgs::parse(&all) {
        Ok(Request::Run(args)) => args,
        Ok(Request::Print(text)) => panic!("{text}"),
        Err(err) => panic!("{err}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Request, String> {
        BenchArgs::parse(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn help_is_printed_not_an_error() {
        for flag in ["--help", "-h"] {
            let Ok(Request::Print(text)) = parse(&[flag]) else {
                panic!("{flag} is not a request to print");
            };
            assert!(text.contains("Usage: cargo xtask bench"), "{text}");
            assert!(text.contains("--passes"), "{text}");
            assert!(text.contains("SUDOKU_TDOKU_DIR"), "{text}");
            assert!(text.contains("SUDOKU_SE_JAR"), "{text}");
        }
    }

    #[test]
    fn bad_arguments_are_errors() {
        assert!(parse(&["--jobs", "0"]).unwrap_err().contains("--jobs"));
        assert!(parse(&["--passes", "0"]).unwrap_err().contains("--passes"));
        let err = parse(&["--mode", "guess"]).unwrap_err();
        assert!(err.starts_with("invalid value 'guess'"), "{err}");
        let Ok(Request::Run(args)) = parse(&["--quick"]) else {
            panic!("--quick runs");
        };
        assert_eq!(args.puzzle_limit(), Some(100));
    }

    #[test]
    fn rate_mode_takes_only_what_applies() {
        let Ok(Request::Run(args)) = parse(&["--mode", "rate", "--passes", "2", "--limit", "9"])
        else {
            panic!("--mode rate runs");
        };
        assert_eq!((args.measure, args.mode()), (Measure::Rate, Mode::Solve));
        assert_eq!((args.passes, args.puzzle_limit()), (Some(2), Some(9)));
        let Ok(Request::Run(args)) = parse(&["--mode", "count"]) else {
            panic!("--mode count runs");
        };
        assert_eq!((args.measure, args.mode()), (Measure::Count, Mode::Count));
        for flag in [
            &["--peer"][..],
            &["--algo", "mrv"],
            &["--jobs", "2"],
            &["--wide"],
            &["--baseline", "dlx"],
            &["--chart", "x.svg"],
        ] {
            let mut all = vec!["--mode", "rate"];
            all.extend_from_slice(flag);
            let err = parse(&all).unwrap_err();
            assert!(
                err.starts_with(&format!("{} does not apply to --mode rate", flag[0])),
                "{err}"
            );
        }
    }
}
