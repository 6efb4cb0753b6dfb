//! Test support shared by the crates of the sudoku workspace, a dev-dependency of each (never
//! published, and never a dependency of a published crate):
//!
//! - [`CASES`], the conformance table, and [`check_solver`], [`check_incomplete_solver`] and
//!   [`check_counter`], which run it against a solver in one line; [`VARIANT_CASES`] and
//!   [`check_variant_solver`], [`check_incomplete_variant_solver`], [`check_variant_counter`]
//!   for other sizes and variants, with [`reference_count_any`] as their oracle;
//! - [`reference_count`], [`reference_solution`] and [`reference_effort`], slow but plain
//!   backtracking to cross-check solvers against ([`reference_count_within`] and
//!   [`reference_count_any_within`] with a node budget, for arbitrary grids);
//! - [`random_solved_grid`] and [`random_puzzle`], seeded and repeatable;
//! - [`public_set`] and [`public_records`], which read a set of the shared public benchmark
//!   data with sudoku-core's [`PuzzleReader`] or say why not.
//!
//! It depends on `sudoku-core` alone, so that every crate of the workspace, sudoku-core
//! included, can test with it without building another algorithm.
//!
//! ```
//! use sudoku_testing::{CASES, Expect, reference_count};
//!
//! for case in CASES {
//!     let puzzle = case.puzzle();
//!     if let Expect::Unique(_) = case.expect {
//!         assert_eq!(reference_count(&puzzle, 2), 1, "{}", case.name);
//!     }
//! }
//! ```

mod conformance;
mod public;
mod random;
mod reference;

pub use conformance::{
    CASES, Case, Expect, VARIANT_CASES, VariantCase, check_counter, check_incomplete_solver,
    check_incomplete_variant_solver, check_solver, check_variant_counter, check_variant_solver,
};
pub use public::{public_data_dir, public_records, public_set};
pub use random::{random_puzzle, random_solved_grid};
pub use reference::{
    reference_count, reference_count_any, reference_count_any_within, reference_count_within,
    reference_effort, reference_solution, reference_solution_any,
};
