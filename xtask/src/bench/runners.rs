//! The algorithms the bench knows, behind one small trait.

use std::fmt;
use std::time::Duration;

use sudoku_core::{CountSolutions, Grid, Solver, Tally, Verdict};

use super::args::Mode;
use super::data::{AnyPuzzle, Puzzle, SetKind};

/// What one call answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// `solve` mode.
    Verdict(Verdict),
    /// `solve` mode on a puzzle of another size or variant.
    Variant(Verdict<AnyPuzzle>),
    /// `count` mode: solutions up to 2.
    Count(usize),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Verdict(Verdict::Solved(_)) | Answer::Variant(Verdict::Solved(_)) => {
                f.write_str("solved")
            }
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
}

/// A complete classic solver: solves and counts.
struct Counting<S> {
    name: &'static str,
    solver: S,
}

impl<S: CountSolutions<Puzzle = Grid> + Send> Runner for Counting<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        true
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let Puzzle::Classic(grid) = puzzle else {
            unreachable!("classic solvers get classic sets")
        };
        match mode {
            Mode::Solve => Answer::Verdict(self.solver.solve(grid)),
            Mode::Count => Answer::Count(self.solver.count_solutions(grid, 2)),
        }
    }
    fn stats(&self) -> Tally {
        Tally::of(&self.solver.stats())
    }
}

/// An incomplete classic solver: solves only.
struct SolveOnly<S> {
    name: &'static str,
    solver: S,
}

impl<S: Solver<Puzzle = Grid> + Send> Runner for SolveOnly<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        false
    }
    fn run(&mut self, puzzle: &Puzzle, _: Mode) -> Answer {
        let Puzzle::Classic(grid) = puzzle else {
            unreachable!("classic solvers get classic sets")
        };
        Answer::Verdict(self.solver.solve(grid))
    }
    fn stats(&self) -> Tally {
        Tally::of(&self.solver.stats())
    }
}

/// A complete solver of other sizes and variants: solves and counts.
struct VariantCounting<S> {
    name: &'static str,
    solver: S,
}

impl<S: CountSolutions<Puzzle = AnyPuzzle> + Send> Runner for VariantCounting<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        true
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let Puzzle::Variant(puzzle) = puzzle else {
            unreachable!("variant solvers get variant sets")
        };
        match mode {
            Mode::Solve => Answer::Variant(self.solver.solve(puzzle)),
            Mode::Count => Answer::Count(self.solver.count_solutions(puzzle, 2)),
        }
    }
    fn stats(&self) -> Tally {
        Tally::of(&self.solver.stats())
    }
}

/// An incomplete solver of other sizes and variants: solves only.
struct VariantSolveOnly<S> {
    name: &'static str,
    solver: S,
}

impl<S: Solver<Puzzle = AnyPuzzle> + Send> Runner for VariantSolveOnly<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        false
    }
    fn run(&mut self, puzzle: &Puzzle, _: Mode) -> Answer {
        let Puzzle::Variant(puzzle) = puzzle else {
            unreachable!("variant solvers get variant sets")
        };
        Answer::Variant(self.solver.solve(puzzle))
    }
    fn stats(&self) -> Tally {
        Tally::of(&self.solver.stats())
    }
}

/// The killer solver.
struct Killer(sudoku_killer::KillerSolver);

impl Runner for Killer {
    fn name(&self) -> &str {
        "killer"
    }
    fn complete(&self) -> bool {
        true
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let Puzzle::Killer(puzzle) = puzzle else {
            unreachable!("the killer solver gets killer sets")
        };
        match mode {
            Mode::Solve => Answer::Verdict(self.0.solve(puzzle)),
            Mode::Count => Answer::Count(self.0.count_solutions(puzzle, 2)),
        }
    }
    fn stats(&self) -> Tally {
        Tally::of(&self.0.stats())
    }
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
    /// The workspace's algorithms, plus the reference solvers when `peer` is set.
    pub(crate) fn new(peer: bool) -> Registry {
        let mut registry = Registry {
            entries: Vec::new(),
        };
        registry.add(SetKind::Classic, "mrv", || {
            Box::new(Counting {
                name: "mrv",
                solver: sudoku_mrv::MrvSolver::default(),
            })
        });
        registry.add(SetKind::Classic, "dlx", || {
            Box::new(Counting {
                name: "dlx",
                solver: sudoku_dlx::DlxSolver::default(),
            })
        });
        registry.add(SetKind::Classic, "abc", || {
            Box::new(SolveOnly {
                name: "abc",
                solver: sudoku_abc::AbcSolver::default(),
            })
        });
        registry.add(SetKind::Variant, "mrv", || {
            Box::new(VariantCounting {
                name: "mrv",
                solver: sudoku_mrv::VariantSolver::default(),
            })
        });
        registry.add(SetKind::Variant, "dlx", || {
            Box::new(VariantCounting {
                name: "dlx",
                solver: sudoku_dlx::VariantSolver::default(),
            })
        });
        registry.add(SetKind::Variant, "abc", || {
            Box::new(VariantSolveOnly {
                name: "abc",
                solver: sudoku_abc::VariantSolver::default(),
            })
        });
        registry.add(SetKind::Killer, "killer", || {
            Box::new(Killer(sudoku_killer::KillerSolver::default()))
        });
        if peer {
            registry.add(SetKind::Classic, "sudoku-crate", || Box::new(SudokuCrate));
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
