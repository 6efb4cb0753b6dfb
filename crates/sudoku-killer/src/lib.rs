//! Killer sudoku: puzzles made of cages, a solver that proves uniqueness, and a generator of
//! unique killer puzzles.
//!
//! ```
//! use sudoku_killer::{CountSolutions, KillerPuzzle, KillerSolver, Solver};
//!
//! // The text form: 9 lines of cage letters, then each cage's sum.
//! let puzzle: KillerPuzzle = "\
//! ABBBCDDEE
//! AAFBCGGHI
//! JAFKLMMHI
//! JNNKLOOPP
//! JJJJQQPPP
//! JRRSTUUPP
//! JVWSTXXYZ
//! VVWabccYZ
//! Vaaabddee
//! A=11 B=25 C=14 D=9 E=12 F=15 G=4 H=14 I=6
//! J=40 K=3 L=15 M=9 N=8 O=12 P=38 Q=11 R=15
//! S=13 T=6 U=4 V=17 W=7 X=13 Y=10 Z=6 a=26
//! b=4 c=15 d=11 e=12
//! ".parse()?;
//!
//! let mut solver = KillerSolver::default();
//! let solution = solver.solve(&puzzle).solution().expect("a solution");
//! assert!(puzzle.is_solution(&solution));
//! assert!(solver.is_unique(&puzzle));
//! println!("{solution:#}");
//! # Ok::<(), sudoku_killer::KillerError>(())
//! ```
//!
//! # The idea
//!
//! A killer sudoku replaces givens with cages: groups of cells whose different digits add up
//! to a sum. [`KillerSolver`] keeps a 9-bit candidate mask per cell and propagates to a
//! fixpoint before each guess:
//!
//! - **Cages.** A table lists, for every cage size and sum, the sets of different digits
//!   that reach it (all 512 digit sets, sorted at compile time). A cage keeps a digit in a
//!   cell only when the other cells can take different candidates completing the sum: the
//!   digit sets the cells can use are tracked as 512-bit sets, forward and backward, so the
//!   propagation is exact and covers placed digits and min/max bounds at once. A digit that
//!   every fitting set holds is placed when one cell can take it, and leaves the rest of a
//!   row, column or box when all cells that can take it lie there.
//! - **Singles.** A placed digit leaves its row, column, box and cage; a digit with one place
//!   left in a row, column or box goes there.
//! - **The 45 rule.** A row, column or box holds 1 to 9, which add up to 45. For a region of
//!   `n` such units (a row, column, box, a run of consecutive rows or columns, or two
//!   neighbouring boxes), the cages inside it add up to a known amount, so the cells of the
//!   cages that stick out of it (the *innies*, and on the other side the *outies*) have a
//!   known sum. Small such sets become extra constraints.
//! - **Search.** When propagation stalls, the solver branches on a cell with the fewest
//!   candidates (MRV). A state is 180 bytes, copied per level, so backtracking costs nothing.
//!
//! Cost: each propagation step is linear in the cells and digit sets it touches; the 8,000
//! krazydad "intermediate" puzzles are solved and proven unique in about 24 µs each
//! (median, one thread), almost always without guessing, about 850 times as fast as
//! OR-tools CP-SAT; figures are in `docs/killer.md`. Counting solutions
//! (`count_solutions(puzzle, 2)`) decides uniqueness.
//!
//! [`KillerGenerator`] makes pure killers (no givens) with a unique solution from a seed: a
//! random solved grid, random connected cages, then cages split until the solver proves the
//! solution unique.
//!
//! # Formats
//!
//! - Text ([`FromStr`](std::str::FromStr) / `Display`): the cage map, 81 letters (usually 9
//!   lines of 9), cells with the same letter forming a cage; then `letter=sum` for each cage;
//!   optionally a line `givens: <81-character grid line>`.
//! - JSON ([`KillerPuzzle::from_json`] / [`KillerPuzzle::to_json`], one line with
//!   [`KillerPuzzle::to_json_line`]): `{"cages": [{"sum": 10, "cells": [[0,0],[0,1]]}, ...],
//!   "givens": null}` with 0-based `[row, col]` cells and givens `null` or an 81-character
//!   line. The same readers take the cage-map form of the public krazydad set, `{"cage_map":
//!   "<81 letters>", "cage_sums": [...]}`, and an optional `"solution"`, which
//!   [`KillerEntry`] keeps: one family that the solver, the command line and the benchmarks
//!   all read and write.
//! - A cage map plus a list of sums ([`KillerPuzzle::from_cage_map`]).
//!
//! Every puzzle is validated when it is built (cages covering each cell once, connected, of 1
//! to 9 cells, with reachable sums adding up to 405, givens that neither clash nor break a
//! cage), so the solver only meets valid puzzles; each defect is a [`KillerError`] naming the
//! cage, the cell, or the line and column.
//!
//! Source: the article "使用java实现杀手数独：约束传播与候选数排除" (killer sudoku in Java:
//! constraint propagation and candidate elimination), whose combination tables and
//! propagation this crate builds on; its sketch copied candidate sets per node and did not
//! restore them on backtracking, which this design avoids by copying a small fixed state.
//!
//! Feature `json` (default): [`KillerPuzzle::from_json`], [`KillerEntry::from_json`] and the
//! streaming [`KillerReader`], with `serde_json`.

mod combos;
mod error;
mod generate;
#[cfg(feature = "json")]
mod json;
mod puzzle;
#[cfg(feature = "json")]
mod reader;
mod solver;

pub use error::{KillerError, KillerErrorKind};
pub use generate::{GeneratedKiller, GeneratorConfig, KillerGenerator};
pub use puzzle::{Cage, KillerEntry, KillerPuzzle};
#[cfg(feature = "json")]
pub use reader::{KillerReadError, KillerReadErrorKind, KillerReader, KillerRecord};
pub use solver::{KillerConfig, KillerSolver, KillerStats};

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Best, Budget, Candidates, Clash, CountSolutions, Counters, DigitSet, Exhausted, Form, Grid,
    ParseError, ParseErrorKind, PuzzleReader, ReadError, ReadErrorKind, Record, Solver, Unsettled,
    Verdict,
};
// The pinned generator behind every seed, for `generate_with`.
pub use sudoku_core::{SeededRng, seeded_rng, seeded_rng_for};
