//! The algorithms the bench knows, behind one small trait.

use std::fmt;
use std::time::Duration;

use sudoku_api::{Built, ENGINES, Family};
use sudoku_core::{
    Budget, Complete, ConstraintPuzzle, DynSolver, Filled, Grid, Problem, Tally, Verdict,
};

use super::args::Mode;
use super::data::{AnyPuzzle, Puzzle, SetKind};

/// What one call answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// `solve` mode.
    Verdict(Verdict),
    /// `solve` mode on a puzzle of another size or variant.
    Variant(Verdict<AnyPuzzle>),
    /// `solve` mode on a variant puzzle with constraints.
    Filled(Verdict<Filled>),
    /// `count` mode: solutions up to 2.
    Count(usize),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Verdict(Verdict::Solved(_))
            | Answer::Variant(Verdict::Solved(_))
            | Answer::Filled(Verdict::Solved(_)) => f.write_str("solved"),
            Answer::Filled(verdict) => write!(f, "{verdict}"),
            Answer::Verdict(verdict) => write!(f, "{verdict}"),
            Answer::Variant(verdict) => write!(f, "{verdict}"),
            Answer::Count(n) => write!(f, "{n} solution(s)"),
        }
    }
}

/// One algorithm, as the bench drives it.
pub(crate) trait Runner: Send {
    fn name(&self) -> &str;
    /// Whether it is a complete algorithm (can count, never gives up).
    fn complete(&self) -> bool;
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer;
    /// The counters of the last call, by name (none for a solver that reports none).
    fn stats(&self) -> Tally;
    /// The time of the last call as the algorithm measured it, taken instead of the bench's
    /// own measure: a peer in another process counts its work without the pipe.
    fn own_time(&self) -> Option<Duration> {
        None
    }
    /// Whether it can take `puzzle` (a peer that lacks one of its rules cannot); a set is run
    /// by the algorithms that take all its puzzles.
    fn accepts(&self, _puzzle: &Puzzle) -> bool {
        true
    }
}

/// A solver of the workspace, through core's [`DynSolver`] adapter, on the puzzles of one
/// kind of set: complete solvers solve and count, incomplete ones solve.
struct Workspace<P: Problem> {
    name: &'static str,
    solver: Box<dyn DynSolver<P>>,
    /// The puzzle of this kind inside a set's puzzle.
    take: fn(&Puzzle) -> &P,
    /// A verdict as the bench's answer.
    answer: fn(Verdict<P::Solution>) -> Answer,
}

impl<P: Problem> Runner for Workspace<P> {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        self.solver.can_count()
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let puzzle = (self.take)(puzzle);
        match mode {
            Mode::Count if self.solver.can_count() => Answer::Count(
                self.solver
                    .count_solutions_within(puzzle, 2, Budget::UNLIMITED)
                    .expect("a complete solver counts")
                    .unwrap_or_else(|unsettled| unsettled.found),
            ),
            _ => (self.answer)(self.solver.solve_within(puzzle, Budget::UNLIMITED)),
        }
    }
    fn stats(&self) -> Tally {
        self.solver.tally()
    }
}

pub(crate) fn classic(puzzle: &Puzzle) -> &Grid {
    match puzzle {
        Puzzle::Classic(grid) => grid,
        _ => unreachable!("classic solvers get classic sets"),
    }
}

fn variant(puzzle: &Puzzle) -> &AnyPuzzle {
    match puzzle {
        Puzzle::Variant(puzzle) => puzzle,
        _ => unreachable!("variant solvers get variant sets"),
    }
}

pub(crate) fn constraint(puzzle: &Puzzle) -> &ConstraintPuzzle {
    match puzzle {
        Puzzle::Constraint(puzzle) => puzzle,
        _ => unreachable!("constraint solvers get constraint sets"),
    }
}

fn killer(puzzle: &Puzzle) -> &sudoku_killer::KillerPuzzle {
    match puzzle {
        Puzzle::Killer(puzzle) => puzzle,
        _ => unreachable!("the killer solver gets killer sets"),
    }
}

/// A runner of the workspace's classic solver `solver`.
fn classic_runner(name: &'static str, solver: Box<dyn DynSolver<Grid>>) -> Box<dyn Runner> {
    Box::new(Workspace {
        name,
        solver,
        take: classic,
        answer: Answer::Verdict,
    })
}

/// A runner of the workspace's solver `solver` of other sizes and variants.
fn variant_runner(name: &'static str, solver: Box<dyn DynSolver<AnyPuzzle>>) -> Box<dyn Runner> {
    Box::new(Workspace {
        name,
        solver,
        take: variant,
        answer: Answer::Variant,
    })
}

/// The crates.io `sudoku` crate (0.8), a reference for speed. It reports no statistics.
struct SudokuCrate;

impl Runner for SudokuCrate {
    fn name(&self) -> &str {
        "sudoku-crate"
    }
    fn complete(&self) -> bool {
        true
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let Puzzle::Classic(grid) = puzzle else {
            unreachable!("classic solvers get classic sets")
        };
        if let Some(clash) = grid.clash() {
            return Answer::Verdict(Verdict::Clash(clash));
        }
        let Ok(sudoku) = sudoku::Sudoku::from_bytes(*grid.cells()) else {
            return Answer::Verdict(Verdict::NoSolution);
        };
        match mode {
            Mode::Solve => Answer::Verdict(match sudoku.some_solution() {
                Some(solution) => Verdict::Solved(
                    Grid::from_cells(solution.to_bytes())
                        .expect("the sudoku crate writes digits 1-9"),
                ),
                None => Verdict::NoSolution,
            }),
            Mode::Count => Answer::Count(sudoku.solutions_count_up_to(2)),
        }
    }
    fn stats(&self) -> Tally {
        Tally::default()
    }
}

type Make = Box<dyn Fn() -> Box<dyn Runner> + Send + Sync>;

/// Every algorithm the bench can run, by name and kind of set.
pub(crate) struct Registry {
    entries: Vec<(SetKind, &'static str, Make)>,
}

impl Registry {
    /// The workspace's algorithms (the front door's engine table), plus the reference
    /// solvers when `peer` is set.
    pub(crate) fn new(peer: bool) -> Registry {
        let mut registry = Registry {
            entries: Vec::new(),
        };
        for engine in ENGINES {
            let kind = match engine.family {
                Family::Classic => SetKind::Classic,
                Family::Sized => SetKind::Variant,
                Family::Killer => SetKind::Killer,
                _ => continue,
            };
            let name = engine.name;
            registry.add(kind, name, move || match engine.build() {
                Built::Classic(solver) => classic_runner(name, solver),
                Built::Sized(solver) => variant_runner(name, solver),
                Built::Killer(solver) => Box::new(Workspace {
                    name,
                    solver,
                    take: killer,
                    answer: Answer::Verdict,
                }),
                _ => unreachable!("every family of the table has a runner"),
            });
        }
        // The constraint engine, until the front door's table names it.
        registry.add(SetKind::Constraint, "constraints", || {
            Box::new(Workspace {
                name: "constraints",
                solver: Box::new(Complete(sudoku_constraints::ConstraintSolver::default())),
                take: constraint,
                answer: Answer::Filled,
            })
        });
        if peer {
            registry.add(SetKind::Classic, "sudoku-crate", || Box::new(SudokuCrate));
            super::tdoku::register(&mut registry);
            super::lisudoku::register(&mut registry);
            super::cpsat::register(&mut registry);
        }
        registry
    }

    pub(crate) fn add(
        &mut self,
        kind: SetKind,
        name: &'static str,
        make: impl Fn() -> Box<dyn Runner> + Send + Sync + 'static,
    ) {
        self.entries.push((kind, name, Box::new(make)));
    }

    pub(crate) fn knows(&self, name: &str) -> bool {
        self.entries.iter().any(|(_, n, _)| *n == name)
    }

    /// Every name, once (an algorithm may run on several kinds of set).
    pub(crate) fn names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for (_, name, _) in &self.entries {
            if !names.contains(name) {
                names.push(name);
            }
        }
        names
    }

    /// A fresh runner of `name` for sets of `kind`.
    pub(crate) fn make(&self, kind: SetKind, name: &str) -> Option<Box<dyn Runner>> {
        self.entries
            .iter()
            .find(|(k, n, _)| *k == kind && *n == name)
            .map(|(_, _, make)| make())
    }

    pub(crate) fn for_kind(&self, kind: SetKind) -> Vec<(&'static str, &Make)> {
        self.entries
            .iter()
            .filter(|(k, _, _)| *k == kind)
            .map(|(_, n, m)| (*n, m))
            .collect()
    }
}
