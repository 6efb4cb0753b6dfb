//! The one place where a call picks its solver: the algorithm named by `algo`, classic or for
//! other sizes and variants, each used through core's [`DynSolver`] with the call's
//! [`Budget`]. Each worker thread owns an [`Engines`], whose solvers are built on first use and
//! keep their buffers.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{
    Best, Budget, Complete, DynSolver, Exhausted, Grid, Incomplete, Puzzle, Tally, Unsettled,
    Verdict,
};

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

/// The budget of one puzzle from a call's keyword arguments: `time_limit` in seconds and
/// `max_nodes` search nodes, either or both; none means no limit.
pub(crate) fn budget(time_limit: Option<f64>, max_nodes: Option<u64>) -> PyResult<Budget> {
    let mut budget = Budget::UNLIMITED;
    if let Some(seconds) = time_limit {
        if !(seconds > 0.0 && seconds.is_finite()) {
            return Err(PyValueError::new_err(format!(
                "time_limit is a number of seconds above 0, got {seconds}"
            )));
        }
        let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("time_limit of {seconds} seconds is too long"))
        })?;
        budget = budget.with_time(time);
    }
    if let Some(nodes) = max_nodes {
        budget = budget.with_nodes(nodes);
    }
    Ok(budget)
}

/// Why a call gave up, in words: what ran out (as the caller set it), with the keyword that
/// sets it.
pub(crate) fn gave_up(exhausted: Exhausted, budget: Budget) -> String {
    let keyword = match exhausted {
        Exhausted::Time(_) => " (time_limit)",
        Exhausted::Nodes(_) => " (max_nodes)",
        _ => "",
    };
    format!("gave up after {}{keyword}", budget.as_set(exhausted))
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
/// which cannot count, and when no count was asked), and the solver's statistics.
#[derive(Debug)]
pub(crate) struct Searched {
    pub(crate) verdict: Verdict<Answer>,
    pub(crate) count: Option<Result<usize, Unsettled>>,
    pub(crate) stats: Tally,
}

/// The classic 9x9 solver of `algo`.
fn classic(algo: Algo) -> Box<dyn DynSolver<Grid>> {
    match algo {
        Algo::Mrv => Box::new(Complete(sudoku_mrv::MrvSolver::default())),
        Algo::Dlx => Box::new(Complete(sudoku_dlx::DlxSolver::default())),
        Algo::Abc => Box::new(Incomplete(sudoku_abc::AbcSolver::default())),
    }
}

/// The solver of `algo` for puzzles of every size and variant.
fn general(algo: Algo) -> Box<dyn DynSolver<Puzzle>> {
    match algo {
        Algo::Mrv => Box::new(Complete(sudoku_mrv::MrvVariantSolver::default())),
        Algo::Dlx => Box::new(Complete(sudoku_dlx::DlxVariantSolver::default())),
        Algo::Abc => Box::new(Incomplete(sudoku_abc::AbcVariantSolver::default())),
    }
}

/// A worker's solvers, each built on first use.
#[derive(Default)]
pub(crate) struct Engines {
    classic: [Option<Box<dyn DynSolver<Grid>>>; 3],
    general: [Option<Box<dyn DynSolver<Puzzle>>>; 3],
    /// The classic MRV solver for the checks that hints and explanations make.
    mrv: Option<sudoku_mrv::MrvSolver>,
}

thread_local! {
    /// The engines a thread used last, kept for its next call: solvers are dear to build (the
    /// exact-cover matrix, the search stacks), and a program that solves one puzzle per call
    /// would otherwise build them every time.
    static KEPT: RefCell<Option<Engines>> = const { RefCell::new(None) };
}

/// A thread's engines for one call, taken from what the thread kept and given back when
/// dropped.
pub(crate) struct Lease(Option<Engines>);

impl Lease {
    pub(crate) fn new() -> Lease {
        let kept = KEPT
            .try_with(|kept| kept.borrow_mut().take())
            .ok()
            .flatten();
        Lease(Some(kept.unwrap_or_default()))
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
    /// The classic MRV solver (for the checks that hints and explanations make).
    pub(crate) fn mrv(&mut self) -> &mut sudoku_mrv::MrvSolver {
        self.mrv.get_or_insert_with(Default::default)
    }

    fn classic(&mut self, algo: Algo) -> &mut dyn DynSolver<Grid> {
        self.classic[algo as usize]
            .get_or_insert_with(|| classic(algo))
            .as_mut()
    }

    /// The solver of `algo` for every size and variant.
    pub(crate) fn general(&mut self, algo: Algo) -> &mut dyn DynSolver<Puzzle> {
        self.general[algo as usize]
            .get_or_insert_with(|| general(algo))
            .as_mut()
    }

    /// Solves `board` with `algo` within `budget`; with `count`, also counts solutions up to
    /// 2 when the algorithm can (in the same search).
    pub(crate) fn solve(
        &mut self,
        algo: Algo,
        board: &Board,
        count: bool,
        budget: Budget,
    ) -> Searched {
        match board {
            Board::Classic { grid, .. } => {
                search(self.classic(algo), grid, count, budget, Answer::Grid)
            }
            Board::Variant(puzzle) => {
                search(self.general(algo), puzzle, count, budget, Answer::Puzzle)
            }
        }
    }

    /// The number of solutions of `board`, up to `limit`, with a complete `algo` within
    /// `budget`.
    pub(crate) fn count(
        &mut self,
        algo: Algo,
        board: &Board,
        limit: usize,
        budget: Budget,
    ) -> (Result<usize, Unsettled>, Tally) {
        fn count<P: sudoku_core::Problem>(
            solver: &mut dyn DynSolver<P>,
            puzzle: &P,
            limit: usize,
            budget: Budget,
        ) -> (Result<usize, Unsettled>, Tally) {
            let count = solver
                .count_solutions_within(puzzle, limit, budget)
                .expect("counting takes a complete algorithm");
            (count, solver.tally())
        }
        match board {
            Board::Classic { grid, .. } => count(self.classic(algo), grid, limit, budget),
            Board::Variant(puzzle) => count(self.general(algo), puzzle, limit, budget),
        }
    }
}

/// A solver's answer, with the count up to 2 (in one search) when `count` and the solver can
/// count.
fn search<P: sudoku_core::Problem>(
    solver: &mut dyn DynSolver<P>,
    puzzle: &P,
    count: bool,
    budget: Budget,
    answer: impl Fn(P::Solution) -> Answer,
) -> Searched {
    let (verdict, count) = if count {
        solver.solve_and_count_within(puzzle, 2, budget)
    } else {
        (solver.solve_within(puzzle, budget), None)
    };
    Searched {
        verdict: map(verdict, answer),
        count,
        stats: solver.tally(),
    }
}

fn map<S, T>(verdict: Verdict<S>, f: impl Fn(S) -> T) -> Verdict<T> {
    match verdict {
        Verdict::Solved(solution) => Verdict::Solved(f(solution)),
        Verdict::NoSolution => Verdict::NoSolution,
        Verdict::Clash(clash) => Verdict::Clash(clash),
        Verdict::GaveUp { exhausted, best } => Verdict::GaveUp {
            exhausted,
            best: best.map(|best| Best {
                candidate: f(best.candidate),
                conflicts: best.conflicts,
            }),
        },
    }
}
