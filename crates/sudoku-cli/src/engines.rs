//! The solvers behind `--algo`, one table for classic grids and one for other sizes and
//! variants, each solver used through core's [`DynSolver`] and built on a worker's first use.

use sudoku_core::{Complete, DynSolver, Grid, Incomplete, Problem, Puzzle};

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

/// The complete algorithms, which `count` and `check` take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CountAlgo {
    /// Bitmask candidates, fewest-candidates cell first, singles propagation (fastest).
    Mrv,
    /// Dancing links over the exact-cover matrix.
    Dlx,
}

impl From<CountAlgo> for Algo {
    fn from(algo: CountAlgo) -> Algo {
        match algo {
            CountAlgo::Mrv => Algo::Mrv,
            CountAlgo::Dlx => Algo::Dlx,
        }
    }
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

/// A worker's solvers of puzzles `P`, one per algorithm, each built on first use.
pub(crate) struct Engines<P: Problem> {
    made: [Option<Box<dyn DynSolver<P>>>; 3],
    make: fn(Algo) -> Box<dyn DynSolver<P>>,
}

impl<P: Problem> Engines<P> {
    /// The solver of `algo`.
    pub(crate) fn get(&mut self, algo: Algo) -> &mut dyn DynSolver<P> {
        let make = self.make;
        self.made[algo as usize]
            .get_or_insert_with(|| make(algo))
            .as_mut()
    }
}

impl Default for Engines<Grid> {
    fn default() -> Engines<Grid> {
        Engines {
            made: Default::default(),
            make: classic,
        }
    }
}

impl Default for Engines<Puzzle> {
    fn default() -> Engines<Puzzle> {
        Engines {
            made: Default::default(),
            make: general,
        }
    }
}
