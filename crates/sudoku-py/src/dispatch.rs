//! The one place where a call picks its solver: the algorithm named by `algo`, classic or for
//! other sizes and variants, with the call's [`Budget`]. Each worker thread owns an
//! [`Engines`], whose solvers are built on first use and keep their buffers.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{CountSolutions, Grid, Puzzle, Solver, Tally, Verdict};

use crate::input::Board;

/// The algorithms `algo` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Algo {
    /// Bitmask candidates, fewest-candidates cell first (the fastest).
    Mrv,
    /// Dancing links over the exact-cover matrix.
    Dlx,
    /// The artificial bee colony: incomplete (it may give up, and cannot count).
    Abc,
}

impl Algo {
    pub(crate) fn parse(name: &str) -> PyResult<Algo> {
        match name {
            "mrv" => Ok(Algo::Mrv),
            "dlx" => Ok(Algo::Dlx),
            "abc" => Ok(Algo::Abc),
            _ => Err(PyValueError::new_err(format!(
                "algo must be 'mrv', 'dlx' or 'abc', got {name:?}"
            ))),
        }
    }

    /// The algorithm for counting: a complete one.
    pub(crate) fn for_counting(name: &str) -> PyResult<Algo> {
        match Algo::parse(name)? {
            Algo::Abc => Err(PyValueError::new_err(
                "algo='abc' cannot count (it is incomplete); use 'mrv' or 'dlx'",
            )),
            algo => Ok(algo),
        }
    }
}

/// How much work one search may take. Today only the colony takes a limit (a wall-clock
/// time); the node and time budgets of every solver will be added here, so that each call's
/// keyword arguments reach every algorithm through this one type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Budget {
    time_limit: Option<Duration>,
}

impl Budget {
    /// The budget of a call's keyword arguments, checked against the algorithm.
    pub(crate) fn new(algo: Algo, time_limit: Option<f64>) -> PyResult<Budget> {
        let time_limit = match time_limit {
            None => None,
            Some(seconds) if !(seconds > 0.0 && seconds.is_finite()) => {
                return Err(PyValueError::new_err(format!(
                    "time_limit is a number of seconds above 0, got {seconds}"
                )));
            }
            Some(_) if algo != Algo::Abc => {
                return Err(PyValueError::new_err(
                    "time_limit is taken by algo='abc' only (the complete solvers take no \
                     budget yet)",
                ));
            }
            Some(seconds) => Some(Duration::from_secs_f64(seconds)),
        };
        Ok(Budget { time_limit })
    }

    fn abc_config(&self) -> sudoku_abc::AbcConfig {
        sudoku_abc::AbcConfig {
            time_limit: self.time_limit,
            ..sudoku_abc::AbcConfig::default()
        }
    }
}

/// A solution, of a classic grid or of a puzzle of another size or variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Grid(Grid),
    Puzzle(Puzzle),
}

impl Answer {
    /// The line of symbols, as the command line writes it.
    pub(crate) fn line(&self) -> String {
        match self {
            Answer::Grid(grid) => grid.to_string(),
            Answer::Puzzle(puzzle) => puzzle.to_string(),
        }
    }

    /// The cells (0 for a blank), row after row.
    pub(crate) fn cells(&self) -> &[u8] {
        match self {
            Answer::Grid(grid) => grid.cells(),
            Answer::Puzzle(puzzle) => puzzle.cells(),
        }
    }
}

/// What a search found: the verdict, the solutions counted up to 2 (none for the colony,
/// which cannot count), and the solver's statistics.
#[derive(Debug)]
pub(crate) struct Searched {
    pub(crate) verdict: Verdict<Answer>,
    pub(crate) count: Option<usize>,
    pub(crate) stats: Tally,
}

/// A worker's solvers, each built on first use.
#[derive(Default)]
pub(crate) struct Engines {
    budget: Budget,
    mrv: Option<sudoku_mrv::MrvSolver>,
    dlx: Option<sudoku_dlx::DlxSolver>,
    abc: Option<sudoku_abc::AbcSolver>,
    variant_mrv: Option<sudoku_mrv::VariantSolver>,
    variant_dlx: Option<sudoku_dlx::VariantSolver>,
    variant_abc: Option<sudoku_abc::VariantSolver>,
}

thread_local! {
    /// The engines a thread used last, kept for its next call: solvers are dear to build (the
    /// exact-cover matrix, the search stacks), and a program that solves one puzzle per call
    /// would otherwise build them every time.
    static KEPT: RefCell<Option<Engines>> = const { RefCell::new(None) };
}

/// A thread's engines for one call, taken from what the thread kept (when the budget is the
/// same) and given back when dropped.
pub(crate) struct Lease(Option<Engines>);

impl Lease {
    pub(crate) fn new(budget: Budget) -> Lease {
        let kept = KEPT
            .try_with(|kept| kept.borrow_mut().take())
            .ok()
            .flatten()
            .filter(|engines| engines.budget == budget);
        Lease(Some(kept.unwrap_or_else(|| Engines {
            budget,
            ..Engines::default()
        })))
    }
}

impl Deref for Lease {
    type Target = Engines;

    fn deref(&self) -> &Engines {
        self.0
            .as_ref()
            .expect("a lease holds its engines until dropped")
    }
}

impl DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut Engines {
        self.0
            .as_mut()
            .expect("a lease holds its engines until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let engines = self.0.take();
        // A thread being torn down keeps nothing.
        let _ = KEPT.try_with(|kept| *kept.borrow_mut() = engines);
    }
}

impl Engines {
    /// The classic MRV solver (for the checks that rating and hints make).
    pub(crate) fn mrv(&mut self) -> &mut sudoku_mrv::MrvSolver {
        self.mrv.get_or_insert_with(Default::default)
    }

    /// The MRV solver of every size and variant.
    pub(crate) fn variant_mrv(&mut self) -> &mut sudoku_mrv::VariantSolver {
        self.variant_mrv.get_or_insert_with(Default::default)
    }

    /// Solves `board` with `algo`; with `count`, also counts solutions up to 2 when the
    /// algorithm can (in the same search).
    pub(crate) fn solve(&mut self, algo: Algo, board: &Board, count: bool) -> Searched {
        let budget = self.budget;
        match board {
            Board::Classic { grid, .. } => match algo {
                Algo::Mrv => complete(self.mrv(), grid, count, Answer::Grid),
                Algo::Dlx => complete(
                    self.dlx.get_or_insert_with(Default::default),
                    grid,
                    count,
                    Answer::Grid,
                ),
                Algo::Abc => incomplete(
                    self.abc
                        .get_or_insert_with(|| sudoku_abc::AbcSolver::new(budget.abc_config())),
                    grid,
                    Answer::Grid,
                ),
            },
            Board::Variant(puzzle) => match algo {
                Algo::Mrv => complete(self.variant_mrv(), puzzle, count, Answer::Puzzle),
                Algo::Dlx => complete(
                    self.variant_dlx.get_or_insert_with(Default::default),
                    puzzle,
                    count,
                    Answer::Puzzle,
                ),
                Algo::Abc => incomplete(
                    self.variant_abc
                        .get_or_insert_with(|| sudoku_abc::VariantSolver::new(budget.abc_config())),
                    puzzle,
                    Answer::Puzzle,
                ),
            },
        }
    }

    /// The number of solutions of `board`, up to `limit`, with a complete `algo`.
    pub(crate) fn count(&mut self, algo: Algo, board: &Board, limit: usize) -> (usize, Tally) {
        fn count<S: CountSolutions>(
            solver: &mut S,
            puzzle: &S::Puzzle,
            limit: usize,
        ) -> (usize, Tally) {
            let count = solver.count_solutions(puzzle, limit);
            (count, Tally::of(&solver.stats()))
        }
        match (board, algo) {
            (Board::Classic { grid, .. }, Algo::Dlx) => {
                count(self.dlx.get_or_insert_with(Default::default), grid, limit)
            }
            (Board::Classic { grid, .. }, _) => count(self.mrv(), grid, limit),
            (Board::Variant(puzzle), Algo::Dlx) => count(
                self.variant_dlx.get_or_insert_with(Default::default),
                puzzle,
                limit,
            ),
            (Board::Variant(puzzle), _) => count(self.variant_mrv(), puzzle, limit),
        }
    }
}

/// A complete solver's answer, with the count up to 2 (in one search) when `count`.
fn complete<S: CountSolutions>(
    solver: &mut S,
    puzzle: &S::Puzzle,
    count: bool,
    answer: impl Fn(sudoku_core::Solution<S>) -> Answer,
) -> Searched {
    if !count {
        return incomplete(solver, puzzle, answer);
    }
    let (verdict, count) = solver.solve_and_count(puzzle, 2);
    Searched {
        verdict: map(verdict, answer),
        count: Some(count),
        stats: Tally::of(&solver.stats()),
    }
}

/// A solver's first answer, without a count.
fn incomplete<S: Solver>(
    solver: &mut S,
    puzzle: &S::Puzzle,
    answer: impl Fn(sudoku_core::Solution<S>) -> Answer,
) -> Searched {
    let verdict = solver.solve(puzzle);
    Searched {
        verdict: map(verdict, answer),
        count: None,
        stats: Tally::of(&solver.stats()),
    }
}

fn map<S, T>(verdict: Verdict<S>, f: impl Fn(S) -> T) -> Verdict<T> {
    match verdict {
        Verdict::Solved(solution) => Verdict::Solved(f(solution)),
        Verdict::NoSolution => Verdict::NoSolution,
        Verdict::Clash(clash) => Verdict::Clash(clash),
        Verdict::GaveUp { best, conflicts } => Verdict::GaveUp {
            best: f(best),
            conflicts,
        },
    }
}
