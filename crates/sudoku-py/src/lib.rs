//! The Python package `sudoku_rs`: the workspace's solvers, counter, Sudoku Explainer
//! ratings, explained paths, hints, canonical forms and generators, called from Python on
//! strings, lists or numpy arrays of puzzles, with batches spread over every core and the GIL
//! released. A front end like the command line: it reads puzzles with the same reader, picks
//! solvers the same way and fails with the same messages; it has no algorithm of its own.
//!
//! Built with maturin (`pip install crates/sudoku-py`); the Python documentation is
//! `docs/python.md`, the type stubs `python/sudoku_rs/__init__.pyi`, the tests `tests/` (pytest).

mod batch;
mod classes;
mod convert;
mod dispatch;
mod errors;
mod generate;
mod input;
mod killer;
mod options;
mod output;
mod render;
mod tasks;
mod variants;

use pyo3::prelude::*;

/// Sudoku at scale: solve, count, rate (Sudoku Explainer's scale), explain step by step,
/// hint, canonicalise and generate puzzles, classic 9x9, sizes 4 to 25, Sudoku X, windoku,
/// jigsaw and killer.
///
/// Every function takes one puzzle (a str, or a dict for a variant), a list of them, a numpy
/// array (of strings, or of shape (N, n*n) with 0 for blanks) or a pandas Series (a
/// DataFrame's column), and answers in the same kind: a Series keeps its index. Batches run
/// on every core with the GIL released; answers keep the input order.
///
/// Errors are exceptions derived from SudokuError (a ValueError), with the messages of the
/// `sudoku` command line; in a batch the message starts with the puzzle's index
/// ('puzzle 17: no solution'). With errors='none', failed puzzles are marked instead
/// (None, a row of zeros, -1), and solve_detail() reports everything without raising.
///
/// Example:
///     >>> import sudoku_rs
///     >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
#[pymodule]
mod sudoku_rs {
    #[pymodule_export]
    use super::classes::{Rating, SolveResult, Step};
    #[pymodule_export]
    use super::convert::{read, to_array, to_strings};
    #[pymodule_export]
    use super::errors::{
        ClashError, GaveUpError, GenerateError, MultipleSolutionsError, NoSolutionError,
        NotClassicError, ParseError, SudokuError,
    };
    #[pymodule_export]
    use super::generate::generate;
    #[pymodule_export]
    use super::killer::{count_killer, generate_killer, solve_killer};
    #[pymodule_export]
    use super::render::{explain_html, render};
    #[pymodule_export]
    use super::tasks::{canonical, count, explain, hint, rate, solve, solve_detail};
    #[pymodule_export]
    use super::variants::{check, solutions, to_link, true_candidates};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(module: &Bound<'_, PyModule>) -> PyResult<()> {
        module.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
