//! The foundation of the Sudoku workspace: the [`Grid`], the [`DigitSet`] bitmask, constant
//! tables of units and peers, parsing and printing, validation, and the [`Solver`] traits
//! that every algorithm crate implements.
//!
//! ```
//! use sudoku_core::{DigitSet, Grid, PEERS};
//!
//! // Parse a puzzle (81 cells, `.`, `0` or `_` for blanks; drawings over 9 rows work too).
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! assert!(puzzle.validate().is_ok());
//!
//! // Candidates of r1c3 are the digits none of its 20 peers holds.
//! assert_eq!(PEERS[2].len(), 20);
//! assert_eq!(puzzle.candidates(2), Some([1, 2, 4].into_iter().collect::<DigitSet>()));
//!
//! // Check an answer independently of whichever solver produced it.
//! let answer: Grid =
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
//! assert!(answer.solves(&puzzle));
//! println!("{answer:#}");
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```
//!
//! Solvers live in their own crates (`sudoku-mrv`, `sudoku-dlx`, `sudoku-abc`,
//! `sudoku-killer`); each implements [`Solver`], and the complete ones [`CountSolutions`].
//! This crate solves nothing: no function here looks for a puzzle's solutions. Two of its
//! functions do search, over something else: [`Grid::canonical`], a branch and bound over the
//! symmetries of a grid, and (feature `rand`) `Grid::random_solved`, a backtracking fill of a
//! grid from three random boxes.
//!
//! Variant puzzles (thermometers, arrows, killer cages, Kropki dots and the rest of
//! f-puzzles' standard set, on boards of side 3 to 25) are described by a
//! [`ConstraintPuzzle`]: size, regions, givens and a list of [`Constraint`]s, each checked
//! when it is added, with [`ConstraintPuzzle::violation`] as a direct check of a filled
//! board against every rule. Classic grids and core's [`Puzzle`] convert into it.
//!
//! With the default features the crate has no dependencies; each feature adds only the crates
//! it names:
//! - `rand`: random solved grids and transforms, and the pinned generator behind every seed of
//!   the workspace (`rand`, `rand_pcg`).
//! - `serde`: [`Grid`] serializes as its 81-character line (`serde`).
//! - `json`: the reader takes JSON lines describing variants (`serde_json`).
//! - `fpuzzles`: [`ConstraintPuzzle`] reads and writes f-puzzles JSON, f-puzzles and
//!   SudokuPad links, and ipuz (`serde_json`, `lz-str`).

mod budget;
mod candidates;
mod canon;
mod constraint;
mod digits;
mod dynamic;
mod error;
mod grid;
#[cfg(feature = "rand")]
mod random;
mod reader;
mod solver;
mod tables;
mod transform;
mod unit_digits;
mod variant;

pub use budget::{Budget, Exhausted, Meter, Unsettled};
pub use candidates::Candidates;
#[cfg(feature = "fpuzzles")]
pub use constraint::MAX_LINK_PAYLOAD;
pub use constraint::{
    Constraint, ConstraintError, ConstraintErrorKind, ConstraintPuzzle, DiagonalClue, Direction,
    Edge, Filled, Side, Violation, default_box,
};
pub use digits::{DigitSet, Digits};
pub use dynamic::{Complete, Counted, DynSolver, Incomplete};
pub use error::{Clash, ConfigError, ConfigErrorKind, ParseError, ParseErrorKind, closest_name};
pub use grid::Grid;
#[cfg(feature = "rand")]
pub use random::{SeededRng, seeded_rng, seeded_rng_for};
pub use reader::{
    AnyReader, DEFAULT_MAX_LINE, Form, LineError, LineErrorKind, LineReader, PuzzleReader,
    ReadError, ReadErrorKind, Record, VariantRecord,
};
pub use solver::{
    Best, CountSolutions, Counters, Problem, SearchStats, Solution, Solver, Tally, Verdict,
};
pub use tables::{BOX_OF, COL_OF, PEERS, ROW_OF, UNITS, UNITS_OF, Unit, cell_name};
pub use transform::{Transform, TransformError, TransformErrorKind};
pub use unit_digits::UnitDigits;
pub use variant::{Puzzle, Rules, Shape, VariantError, VariantErrorKind, orthogonal_neighbours};
