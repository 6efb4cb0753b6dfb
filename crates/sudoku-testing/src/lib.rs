//! Test support shared by the crates of the sudoku workspace, a dev-dependency of each (never
//! published, and never a dependency of a published crate). A solver crate runs the shared
//! conformance table and cross-checks in a line each:
//!
//! ```
//! use sudoku_testing::{CASES, Expect, reference_count};
//!
//! // In a solver crate: `sudoku_testing::check_solver(&mut MrvSolver::default());`
//! for case in CASES {
//!     let puzzle = case.puzzle();
//!     if let Expect::Unique(_) = case.expect {
//!         assert_eq!(reference_count(&puzzle, 2), 1, "{}", case.name);
//!     }
//! }
//! ```
//!
//! - [`CASES`], the conformance table, and [`check_solver`], [`check_incomplete_solver`] and
//!   [`check_counter`], which run it against a solver in one line; [`VARIANT_CASES`] and
//!   [`check_variant_solver`], [`check_incomplete_variant_solver`], [`check_variant_counter`]
//!   for other sizes and variants, with [`reference_count_any`] as their oracle;
//! - [`reference_count`], [`reference_solution`] and [`reference_effort`], slow but plain
//!   backtracking to cross-check solvers against ([`reference_count_within`] and
//!   [`reference_count_any_within`] with a node budget, for arbitrary grids);
//! - [`check_random_puzzles`], [`check_wrong_givens`] and [`check_thinned_variants`], which
//!   cross-check a complete solver against the reference counters on seeded random puzzles,
//!   and [`check_public_unique_sets`], [`check_kaggle_solutions`] and
//!   [`check_serg_several_solutions`], against the answers the public sets publish;
//! - [`reference_count_killer`], an independent counter of killer puzzles;
//! - [`random_solved_grid`] and [`random_puzzle`], seeded and repeatable;
//! - [`random_variant`], seeded variant puzzles with constraints of every kind, and
//!   [`reference_constraint_solutions`], their independent counter (a plain fill judged by core's direct
//!   checker);
//! - [`cancel_during`] and [`cancelled_budget`], budgets whose cancel flag is set during a
//!   call or before it, for the checks that every long call honours it;
//! - [`public_set`] and [`public_records`], which read a set of the shared public benchmark
//!   data with sudoku-core's [`PuzzleReader`](sudoku_core::PuzzleReader), and [`public_file`] and [`public_folder`];
//!   each reports the running test skipped when the data is absent.
//!
//! It depends on `sudoku-core` alone, so that every crate of the workspace, sudoku-core
//! included, can test with it without building another algorithm.
//!
//! # Tests that need the public sets
//!
//! The public sets live outside the repository, in `../shared/benchdata-public/` (or the
//! folder `SUDOKU_PUBLIC_DATA` names). A test that reads them is ignored with a reason that
//! says so, `#[ignore = "needs ../shared/benchdata-public; ..."]`: plain `cargo test` lists it
//! as ignored, never as passed, and `cargo xtask ci` runs it in its release step
//! (`cargo test --release -- --ignored`). When the data is absent there, the loaders return
//! `None` after writing a line to standard output, past the harness's capture, that starts
//! with [`SKIPPED`] and names the test; the test returns, and ci counts it as skipped in its
//! closing line (`ci: ... passed, ... failed, ... skipped`) instead of passed.

mod cancel;
mod conformance;
mod cross;
mod killer;
mod public;
mod random;
mod reference;
mod variants;

pub use cancel::{cancel_during, cancel_flag, cancelled_budget};
pub use conformance::{
    CASES, Case, Expect, VARIANT_CASES, VariantCase, check_counter, check_incomplete_solver,
    check_incomplete_variant_solver, check_solver, check_variant_counter, check_variant_solver,
};
pub use cross::{
    check_kaggle_solutions, check_public_unique_sets, check_random_puzzles,
    check_serg_several_solutions, check_thinned_variants, check_wrong_givens,
};
pub use killer::reference_count_killer;
pub use public::{
    SKIPPED, public_data_dir, public_file, public_folder, public_records, public_set,
};
pub use random::{random_puzzle, random_solved_grid};
pub use reference::{
    reference_count, reference_count_any, reference_count_any_within, reference_count_within,
    reference_effort, reference_solution, reference_solution_any, reference_solutions,
};
pub use variants::{
    random_solved_board, random_variant, random_variant_with, reference_constraint_solutions,
};
