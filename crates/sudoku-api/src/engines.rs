//! The engine table: every solver of the workspace by name, for every kind of puzzle, with
//! its constructor; and [`Engines`], a worker's solvers, built on first use.

use sudoku_core::{Complete, DynSolver, Grid, Incomplete, Puzzle};
use sudoku_killer::KillerPuzzle;

use crate::failure::UsageError;
use crate::front::{Front, Opt};

/// The algorithms a front end offers by name (`--algo`, `algo=`): each solves classic
/// puzzles and puzzles of every size and variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// Bitmask candidates, fewest-candidates cell first, singles propagation (the fastest).
    Mrv,
    /// Dancing links over the exact-cover matrix.
    Dlx,
    /// The artificial bee colony after singles: incomplete (it may give up, and cannot
    /// count).
    Abc,
}

impl Algo {
    /// Every algorithm, in the order front ends list them.
    pub const ALL: [Algo; 3] = [Algo::Mrv, Algo::Dlx, Algo::Abc];

    /// The name front ends use: `mrv`, `dlx`, `abc`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Mrv => "mrv",
            Algo::Dlx => "dlx",
            Algo::Abc => "abc",
        }
    }

    /// One line on what it is, for help texts.
    pub fn summary(self) -> &'static str {
        match self {
            Algo::Mrv => {
                "Bitmask candidates, fewest-candidates cell first, singles propagation (fastest)"
            }
            Algo::Dlx => "Dancing links over the exact-cover matrix",
            Algo::Abc => {
                "Artificial bee colony after singles (incomplete: may give up; cannot count)"
            }
        }
    }

    /// Whether it is complete: it settles every puzzle given the budget, and counts.
    pub fn is_complete(self) -> bool {
        self != Algo::Abc
    }

    /// The algorithm named `name`.
    ///
    /// ```
    /// use sudoku_api::{Algo, Front};
    ///
    /// assert_eq!(Algo::parse("dlx", Front::Cli), Ok(Algo::Dlx));
    /// let err = Algo::parse("x", Front::Python).unwrap_err();
    /// assert_eq!(err.to_string(), "algo must be 'mrv', 'dlx' or 'abc', got \"x\"");
    /// ```
    ///
    /// # Errors
    ///
    /// When no algorithm has that name.
    pub fn parse(name: &str, front: Front) -> Result<Algo, UsageError> {
        Algo::ALL
            .into_iter()
            .find(|algo| algo.name() == name)
            .ok_or_else(|| {
                UsageError::new(format!(
                    "{} must be 'mrv', 'dlx' or 'abc', got {name:?}",
                    front.name(Opt::Algo)
                ))
            })
    }

    /// The algorithm named `name`, for a call that counts: a complete one.
    ///
    /// # Errors
    ///
    /// When no algorithm has that name, or it cannot count.
    pub fn parse_counting(name: &str, front: Front) -> Result<Algo, UsageError> {
        let algo = Algo::parse(name, front)?;
        algo.counting(front)
    }

    /// This algorithm, for a call that counts.
    ///
    /// # Errors
    ///
    /// For the colony, which cannot count.
    pub fn counting(self, front: Front) -> Result<Algo, UsageError> {
        if self.is_complete() {
            return Ok(self);
        }
        Err(UsageError::new(format!(
            "{} cannot count (it is incomplete); use {} or {}",
            front.setting(Opt::Algo, self.name()),
            front.setting(Opt::Algo, "mrv"),
            front.setting(Opt::Algo, "dlx")
        )))
    }
}

/// The kinds of puzzle an engine takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Classic 9x9 grids.
    Classic,
    /// Every size (4x4 to 25x25) and the region variants (jigsaw, X, windoku).
    Sized,
    /// Killer puzzles.
    Killer,
}

/// A solver built from the table: of one family of puzzles.
#[non_exhaustive]
pub enum Built {
    /// A solver of classic grids.
    Classic(Box<dyn DynSolver<Grid>>),
    /// A solver of every size and variant.
    Sized(Box<dyn DynSolver<Puzzle>>),
    /// A solver of killer puzzles.
    Killer(Box<dyn DynSolver<KillerPuzzle>>),
}

/// One entry of the engine table.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    /// Its name, as front ends and the bench show it.
    pub name: &'static str,
    /// The puzzles it takes.
    pub family: Family,
    /// Whether it is complete (settles every puzzle given the budget, and counts).
    pub complete: bool,
    make: fn() -> Built,
}

impl Engine {
    /// A new solver of this entry.
    pub fn build(&self) -> Built {
        (self.make)()
    }
}

/// Every engine of the workspace: for each family, each algorithm that takes it.
pub const ENGINES: &[Engine] = &[
    Engine {
        name: "mrv",
        family: Family::Classic,
        complete: true,
        make: || Built::Classic(classic(Algo::Mrv)),
    },
    Engine {
        name: "dlx",
        family: Family::Classic,
        complete: true,
        make: || Built::Classic(classic(Algo::Dlx)),
    },
    Engine {
        name: "abc",
        family: Family::Classic,
        complete: false,
        make: || Built::Classic(classic(Algo::Abc)),
    },
    Engine {
        name: "mrv",
        family: Family::Sized,
        complete: true,
        make: || Built::Sized(sized(Algo::Mrv)),
    },
    Engine {
        name: "dlx",
        family: Family::Sized,
        complete: true,
        make: || Built::Sized(sized(Algo::Dlx)),
    },
    Engine {
        name: "abc",
        family: Family::Sized,
        complete: false,
        make: || Built::Sized(sized(Algo::Abc)),
    },
    Engine {
        name: "killer",
        family: Family::Killer,
        complete: true,
        make: || Built::Killer(killer()),
    },
];

/// The classic 9x9 solver of `algo`.
pub fn classic(algo: Algo) -> Box<dyn DynSolver<Grid>> {
    match algo {
        Algo::Mrv => Box::new(Complete(sudoku_mrv::MrvSolver::default())),
        Algo::Dlx => Box::new(Complete(sudoku_dlx::DlxSolver::default())),
        Algo::Abc => Box::new(Incomplete(sudoku_abc::AbcSolver::default())),
    }
}

/// The solver of `algo` for puzzles of every size and variant.
pub fn sized(algo: Algo) -> Box<dyn DynSolver<Puzzle>> {
    match algo {
        Algo::Mrv => Box::new(Complete(sudoku_mrv::MrvVariantSolver::default())),
        Algo::Dlx => Box::new(Complete(sudoku_dlx::DlxVariantSolver::default())),
        Algo::Abc => Box::new(Incomplete(sudoku_abc::AbcVariantSolver::default())),
    }
}

/// The killer solver.
pub fn killer() -> Box<dyn DynSolver<KillerPuzzle>> {
    Box::new(Complete(sudoku_killer::KillerSolver::default()))
}

/// A worker's solvers, one per algorithm and family, each built on first use and kept (their
/// buffers are reused from one puzzle to the next). Batch code gives each thread its own.
#[derive(Default)]
pub struct Engines {
    classic: [Option<Box<dyn DynSolver<Grid>>>; 3],
    sized: [Option<Box<dyn DynSolver<Puzzle>>>; 3],
    killer: Option<Box<dyn DynSolver<KillerPuzzle>>>,
    /// The classic MRV solver itself, for what only it does (searching from candidates).
    mrv: Option<sudoku_mrv::MrvSolver>,
}

impl std::fmt::Debug for Engines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engines").finish_non_exhaustive()
    }
}

impl Engines {
    /// The classic solver of `algo`.
    pub fn classic(&mut self, algo: Algo) -> &mut dyn DynSolver<Grid> {
        self.classic[algo as usize]
            .get_or_insert_with(|| classic(algo))
            .as_mut()
    }

    /// The solver of `algo` for every size and variant.
    pub fn sized(&mut self, algo: Algo) -> &mut dyn DynSolver<Puzzle> {
        self.sized[algo as usize]
            .get_or_insert_with(|| sized(algo))
            .as_mut()
    }

    /// The killer solver.
    pub fn killer(&mut self) -> &mut dyn DynSolver<KillerPuzzle> {
        self.killer.get_or_insert_with(killer).as_mut()
    }

    /// The classic MRV solver.
    pub(crate) fn mrv(&mut self) -> &mut sudoku_mrv::MrvSolver {
        self.mrv.get_or_insert_with(Default::default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_each_algorithm_for_each_family_once() {
        for family in [Family::Classic, Family::Sized] {
            let names: Vec<_> = ENGINES
                .iter()
                .filter(|e| e.family == family)
                .map(|e| e.name)
                .collect();
            assert_eq!(names, Algo::ALL.map(Algo::name));
        }
        for engine in ENGINES {
            let built_complete = match engine.build() {
                Built::Classic(solver) => solver.can_count(),
                Built::Sized(solver) => solver.can_count(),
                Built::Killer(solver) => solver.can_count(),
            };
            assert_eq!(built_complete, engine.complete, "{}", engine.name);
        }
    }

    #[test]
    fn the_colony_cannot_count() {
        let err = Algo::parse_counting("abc", Front::Cli).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--algo abc cannot count (it is incomplete); use --algo mrv or --algo dlx"
        );
        assert_eq!(Algo::parse_counting("mrv", Front::Python), Ok(Algo::Mrv));
    }
}
