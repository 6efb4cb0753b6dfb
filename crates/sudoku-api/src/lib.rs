//! The front door of the sudoku workspace: the one crate every front end (the `sudoku`
//! command line, the Python package `sudoku_rs`, the bench, and whatever comes next) goes
//! through. A front end parses its own arguments and formats its own output; what lies
//! between lives here, once:
//!
//! - the engine table ([`ENGINES`], [`Algo`]): every solver of every size, variant and
//!   killer, by name, with its constructor, and a worker's cache of built solvers
//!   ([`Engines`]);
//! - the tasks ([`Worker`]): solve, count, check, rate, hint, explain, canonical form, on
//!   classic puzzles, pencil-mark positions (whose candidates every task honours), other
//!   sizes and variants, and killer puzzles, each within a [`Budget`];
//! - what users are told ([`Failure`], [`FailureKind`], [`UsageError`]): every problem
//!   worded once, naming the option to change the way the asking front end spells it
//!   ([`Front`]);
//! - generation ([`GenerateRequest`], [`KillerRequest`]): requests checked up front
//!   (contradictory or impossible targets refused with a reason), then routed to the
//!   generator of their kind;
//! - input ([`Board`], [`read_puzzles`], [`parse_killer`]) and the output records
//!   ([`Output`]);
//! - pictures ([`picture`]): boards, solutions, killer puzzles, explained paths and
//!   printable sheets, drawn by `sudoku-render` (PNG and PDF behind the features `png` and
//!   `pdf`).
//! - puzzles with constraints (thermometers, arrows, Kropki dots, cages, ...) as people share
//!   them: f-puzzles JSON, f-puzzles and SudokuPad links and ipuz, recognised on any line of
//!   any input ([`Board::Constraint`]) and solved by the constraint engine; true candidates
//!   and lists of solutions for every board ([`Worker::true_candidates`],
//!   [`Worker::solutions`]); and every puzzle written as a link to play it or as f-puzzles or
//!   ipuz JSON ([`PuzzleForm`]).
//!
//! ```
//! use sudoku_api::{Algo, Board, Budget, FailureKind, Front, Output, Worker};
//!
//! let mut worker = Worker::new(Front::Cli);
//! let board: Board =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solved = worker.solve(&board, Algo::Mrv, true, Budget::UNLIMITED);
//! assert_eq!((solved.status(), solved.count()), ("solved", Some(1)));
//!
//! // Several solutions fail when one is required, in the words of the front end that asks.
//! let open: Board = ".".repeat(81).parse()?;
//! let err = worker.solve(&open, Algo::Mrv, true, Budget::UNLIMITED).require_unique().unwrap_err();
//! assert_eq!(err.kind(), FailureKind::Several);
//! assert!(err.message().starts_with("several solutions (--unique); one is "));
//!
//! // The same answer as a record, written as the command line writes JSON.
//! let record = Output::solved(&worker.solve(&board, Algo::Mrv, true, Budget::UNLIMITED), true);
//! assert_eq!(record.to_json(None, None, false)["unique"], true);
//! # Ok::<(), sudoku_api::Failure>(())
//! ```
//!
//! The algorithm crates (`sudoku-mrv`, `sudoku-dlx`, `sudoku-abc`, `sudoku-killer`) depend on
//! sudoku-core alone; this crate combines them with the generator (`sudoku-gen`), and the
//! front ends depend on it instead of on them (`cargo xtask tidy` checks both rules).

mod choice;
mod engines;
mod failure;
mod front;
mod generate;
mod input;
mod limits;
pub mod picture;
mod record;
mod shard;
mod tasks;
mod variants;

pub use choice::Choice;
pub use engines::{Algo, Built, ENGINES, Engine, Engines, Family, classic, killer, sized};
pub use failure::{Failure, FailureKind, UsageError, gave_up};
pub use front::{Front, Opt, Setting};
pub use generate::{
    KillerDifficulty, KillerPlan, KillerRequest, Made, Maker, Plan, Request as GenerateRequest,
    Variant, check_size, killer_line, not_made, parse_se, se_range,
};
pub use input::{
    Board, Record, cell_out_of_range, is_board_width, killer_read_failure, parse_killer,
    read_killers, read_puzzles, sized_line,
};
pub use limits::{MAX_THREADS, budget, threads, time_limit};
pub use record::{Output, Scale, step_fields};
pub use shard::Shard;
pub use tasks::{
    Counted, Explained, ExplainedStep, Hinted, Position, Rated, Solution, Solved, Worker,
};
pub use variants::{Listed, MAX_CONSTRAINT_SIZE, Possible, PuzzleForm, is_constraint_text};

// The types the tasks take and give, re-exported so that a front end needs no other crate of
// the workspace.
pub use sudoku_constraints::{Constraint, ConstraintError, ConstraintPuzzle, Filled};
pub use sudoku_core::{
    Budget, Candidates, Clash, Exhausted, Grid, Puzzle, ReadError, Rules, Shape, Tally, cell_name,
    closest_name,
};
pub use sudoku_gen::{Attempt, Band, ErRange, LogicReport, Rating, Step, Symmetry, Technique};
pub use sudoku_killer::{GeneratedKiller, KillerPuzzle, KillerReadError, KillerRecord};
