//! Knuth's Algorithm X with dancing links: a generic exact-cover engine, [`ExactCover`],
//! and Sudoku solvers on top of it: [`DlxSolver`] for the classic 9x9 [`Grid`], and
//! [`DlxVariantSolver`] for a [`Puzzle`] of any size (4x4 to 25x25) and variant (Sudoku X,
//! windoku, jigsaw), whose regions and extra units are more columns of the same matrix.
//!
//! ```
//! use sudoku_dlx::{CountSolutions, DlxSolver, Grid, Solver};
//!
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let mut solver = DlxSolver::default();
//! let answer = solver.solve(&puzzle).solution().expect("a solution");
//! assert!(answer.solves(&puzzle));
//! assert_eq!(solver.count_solutions(&puzzle, 2), 1); // proven unique
//! println!("{answer:#}");
//! # Ok::<(), sudoku_dlx::ParseError>(())
//! ```
//!
//! # The idea
//!
//! An *exact cover* problem gives a set of columns and a set of rows, each row a subset of
//! the columns; a solution is a set of rows that covers every column exactly once. Sudoku
//! is one: a row per placement (a digit in a cell, 729 rows) and a column per rule (each
//! cell filled, each digit once in each row, column and box: 324 columns); see
//! [`encoding`].
//!
//! Algorithm X solves it by backtracking: choose an uncovered column with the fewest rows
//! left, try each of its rows in turn, and for each remove ("cover") every column the row
//! meets and every other row meeting those columns. Dancing links make covering and
//! uncovering cost one update per removed node: each column is a circular doubly linked
//! list, and a removed node keeps its own links, so relinking it in reverse order restores
//! the matrix exactly. Here the links are indices into flat arrays, not pointers.
//!
//! The cost is exponential in the worst case (exact cover is NP-complete), but choosing the
//! column with the fewest rows is the "most constrained first" rule: on Sudoku it takes
//! naked singles (a cell column with one row) and hidden singles (a unit-digit column with
//! one row) for free, so most puzzles need few branches. One search node costs time
//! proportional to the rows it removes.
//!
//! Other sizes and variants change only the matrix: `n x n x n` rows, a column per cell and
//! `n` per unit (rows, columns, boxes or jigsaw regions, diagonals, windows); see
//! [`DlxVariantSolver`].
//!
//! Three refinements, all generic and all in [`SearchOptions`]: before branching, the
//! search removes the rows that *domination* rules out (when every row of a column covers
//! another column `j`, the rows of `j` that miss it can be in no solution; for Sudoku this is
//! the locked candidates rule); for its first guesses it branches, among the columns with the
//! fewest rows, on the one whose rows meet the most rows elsewhere; and with *conflict
//! weights*, once it has met a dead end, it weighs columns by the dead ends they caused and
//! branches on the fewest rows per weight (the dom/wdeg rule of constraint solvers), which
//! keeps it from wandering on puzzles whose contradiction lies in a few columns. The first
//! two are on by default; conflict weights are on in [`SearchOptions::FEW_SOLUTIONS`], with
//! which [`DlxSolver`] and [`DlxVariantSolver`] search (they cost where every solution is
//! enumerated). [`SearchOptions::PLAIN`] turns all three off. They change the tree, never
//! the solutions; [`DlxSolver::new`] and [`DlxVariantSolver::new`] take them.
//!
//! [`ExactCover`] takes primary columns (covered exactly once) and secondary columns
//! (covered at most once, as the diagonals of the n-queens problem), finds the first
//! solution, iterates over solutions or counts them up to a limit, and reports statistics.
//!
//! Source: Donald E. Knuth, "Dancing Links", in *Millennial Perspectives in Computer
//! Science* (2000), arXiv:cs/0011047; domination is one of the reductions of Knuth's
//! exact-cover preprocessor DLX-PRE, applied here during the search; conflict weights are
//! from F. Boussemart, F. Hemery, C. Lecoutre and L. Sais, "Boosting systematic search by
//! weighting constraints", ECAI 2004; the Sudoku encoding
//! is the usual exact-cover model (324 columns: cell, row-digit, column-digit, box-digit;
//! 729 rows).

mod cover;
mod dance;
pub mod encoding;
mod error;
mod solver;
mod store;
mod variant;

pub use cover::{CoverStats, ExactCover, SearchOptions, Solutions};
pub use error::{CoverError, CoverErrorKind};
pub use solver::DlxSolver;
pub use variant::DlxVariantSolver;

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Best, Budget, Candidates, Clash, CountSolutions, Counters, DigitSet, Exhausted, Form, Grid,
    ParseError, ParseErrorKind, PuzzleReader, ReadError, ReadErrorKind, Record, Solver, Unsettled,
    Verdict,
};
// The types of puzzles of other sizes and variants, and their reader.
pub use sudoku_core::{
    AnyReader, Puzzle, Rules, Shape, VariantError, VariantErrorKind, VariantRecord,
};
