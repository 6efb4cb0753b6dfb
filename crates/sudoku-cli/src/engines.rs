//! The solvers behind the command line, one set per worker thread.

use sudoku_core::{CountSolutions, Grid, ParseErrorKind, Solver, Tally, Verdict};

use crate::Task;
use crate::input::Item;
use crate::output::{Answer, Outcome};

/// The algorithms `--algo` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Algo {
    /// Bitmask candidates, fewest-candidates cell first, singles propagation (fastest).
    Mrv,
    /// Dancing links over the exact-cover matrix.
    Dlx,
    /// Artificial bee colony after singles (incomplete: may give up; cannot count).
    Abc,
}

impl Algo {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algo::Mrv => "mrv",
            Algo::Dlx => "dlx",
            Algo::Abc => "abc",
        }
    }

    /// Whether it can count solutions and prove there is none.
    pub(crate) fn complete(self) -> bool {
        self != Algo::Abc
    }
}

/// A worker's solvers; each is built on first use.
pub(crate) struct Engine {
    task: Task,
    mrv: Option<sudoku_mrv::MrvSolver>,
    dlx: Option<sudoku_dlx::DlxSolver>,
    abc: Option<sudoku_abc::AbcSolver>,
}

impl Engine {
    pub(crate) fn new(task: Task) -> Engine {
        Engine {
            task,
            mrv: None,
            dlx: None,
            abc: None,
        }
    }

    /// Parses and answers one item.
    pub(crate) fn process(&mut self, item: &Item) -> Outcome {
        let text = match &item.text {
            Ok(text) => text,
            Err(message) => return Outcome::malformed(message.clone()),
        };
        let puzzle: Grid = match text.parse::<Grid>() {
            Ok(grid) => grid,
            Err(err) => return parse_failure(&err),
        };
        let (answer, stats) = match self.task {
            Task::Solve(algo) => self.solve(algo, &puzzle),
            Task::Count(algo, limit) => self.count(algo, &puzzle, limit),
            Task::Rate => {
                let rating = sudoku_gen::rate(&puzzle);
                let effort = sudoku_gen::search_effort(&puzzle, 8, 0);
                (Answer::Rated(rating, effort), Tally::default())
            }
            Task::Hint => (Answer::Hinted(sudoku_gen::hint(&puzzle)), Tally::default()),
            Task::Check => match puzzle.clash() {
                Some(clash) => (Answer::Checked(Verdict::Clash(clash), 0), Tally::default()),
                None => {
                    let (answer, stats) = self.count(Algo::Mrv, &puzzle, 2);
                    let Answer::Count(n, _) = answer else {
                        unreachable!("count answers a count")
                    };
                    (Answer::Checked(Verdict::NoSolution, n), stats)
                }
            },
        };
        Outcome {
            puzzle: Some(puzzle),
            answer,
            stats,
        }
    }

    fn solve(&mut self, algo: Algo, puzzle: &Grid) -> (Answer, Tally) {
        fn go<S: Solver<Puzzle = Grid>>(solver: &mut S, puzzle: &Grid) -> (Answer, Tally) {
            let verdict = solver.solve(puzzle);
            (Answer::Verdict(verdict), Tally::of(&solver.stats()))
        }
        match algo {
            Algo::Mrv => go(self.mrv.get_or_insert_with(Default::default), puzzle),
            Algo::Dlx => go(self.dlx.get_or_insert_with(Default::default), puzzle),
            Algo::Abc => go(self.abc.get_or_insert_with(Default::default), puzzle),
        }
    }

    fn count(&mut self, algo: Algo, puzzle: &Grid, limit: usize) -> (Answer, Tally) {
        fn go<S: CountSolutions<Puzzle = Grid>>(
            solver: &mut S,
            puzzle: &Grid,
            limit: usize,
        ) -> (Answer, Tally) {
            let n = solver.count_solutions(puzzle, limit);
            (Answer::Count(n, limit), Tally::of(&solver.stats()))
        }
        match algo {
            Algo::Dlx => go(self.dlx.get_or_insert_with(Default::default), puzzle, limit),
            // Only complete algorithms count; `main` refuses `count --algo abc`.
            Algo::Mrv | Algo::Abc => {
                go(self.mrv.get_or_insert_with(Default::default), puzzle, limit)
            }
        }
    }
}

/// A parse error placed in the file: the line within the puzzle's text becomes an offset from
/// the puzzle's first line, and only the column is said.
fn parse_failure(err: &sudoku_core::ParseError) -> Outcome {
    match *err.kind() {
        ParseErrorKind::InvalidChar { ch, line, column } => Outcome::malformed_at(
            line - 1,
            format!("column {column}: invalid character {ch:?} (a cell is 1-9, '.' or '0')"),
        ),
        ParseErrorKind::TooManyCells { line, column } => {
            Outcome::malformed_at(line - 1, format!("column {column}: more than 81 cells"))
        }
        _ => Outcome::malformed(err.to_string()),
    }
}
