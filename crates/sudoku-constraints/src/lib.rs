//! A constraint engine for variant sudoku: thermometers, arrows, killer cages, Kropki dots,
//! German whispers, sandwiches, little killers and the rest of f-puzzles' standard set, on
//! boards of side 3 to 16, read straight from the links people share.
//!
//! ```
//! use sudoku_constraints::{ConstraintPuzzle, ConstraintSolver, CountSolutions, Solver};
//!
//! // A 6x6 puzzle written in code, shared as a SudokuPad link, read back from the link.
//! let mut puzzle = ConstraintPuzzle::new(6)?;
//! puzzle.add(sudoku_constraints::Constraint::Thermometer(vec![0, 1, 2, 3]))?;
//! puzzle.add(sudoku_constraints::Constraint::AntiKing)?;
//! let link = puzzle.to_sudokupad_link()?;
//! let puzzle = ConstraintPuzzle::read(&link)?; // f-puzzles JSON, f-puzzles or SudokuPad links
//!
//! let mut solver = ConstraintSolver::default();
//! let solution = solver.solve(&puzzle).solution().expect("a solution");
//! assert!(puzzle.is_solution(solution.cells()));
//! println!("{solution:#}");
//! assert!(solver.count_solutions(&puzzle, 2) == 2); // not unique yet: the setter adds clues
//!
//! // The setter's tool: which digits can still go where.
//! let candidates = solver.true_candidates(&puzzle, 1000);
//! assert!(candidates.complete);
//! assert_eq!(candidates.digits(0), vec![1, 2, 3]); // a thermometer bulb of 4 cells
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The idea
//!
//! The method of the killer solver's source article (tables of digit combinations,
//! propagation of candidates, search on the cell with the fewest candidates), generalised from
//! cages to every constraint. Each cell holds its candidates as a bit mask; every change goes
//! on a trail, so backtracking restores the masks exactly (the article's sketch never restored
//! them). Constraints propagate in four ways:
//!
//! - **Peers**: rows, columns, regions, diagonals, extra regions, disjoint groups, killer
//!   cages, renban lines, and the anti-knight and anti-king moves make cells differ; a placed
//!   digit leaves its peers, and a digit with one place left in a house of `n` cells goes there.
//! - **Binary relations** (Kropki and XV dots, their negative rules, non-consecutive, thermometer
//!   steps, whispers, palindromes, clones, minimum and maximum cells): each is a table of the
//!   digits a cell may hold for each digit of its partner, and a change of one cell's mask keeps
//!   in the other only what some digit still supports (arc consistency).
//! - **Sums** (little killers, arrows with circles or pills, region sum lines): exact support by
//!   reachable partial sums as bit sets, forward and backward; killer cages with a sum use the
//!   table of digit sets of each size and sum, and so does an arrow with a one-cell bulb whose
//!   shaft cells are peers (a cage whose sum is the bulb's digit). The rule of 45 adds the
//!   innies and outies of every house, run of rows or columns and two regions side by side.
//! - **Lines and clues** (sandwiches, X-sums, renban, between lines, quadruples): each keeps the
//!   digits of the placements that still fit.
//!
//! When propagation stalls, the search branches on a cell with the fewest candidates, ties to
//! the most constrained. Counting to 2 proves uniqueness; [`ConstraintSolver::true_candidates`]
//! gives for each cell the digits of some solution, and [`ConstraintSolver::solutions`] lists
//! solutions. Figures against CP-SAT and `lisudoku-solver` are in `docs/variants.md`.
//!
//! Source: the article "使用java实现杀手数独：约束传播与候选数排除" (killer sudoku in Java:
//! constraint propagation and candidate elimination), as for `sudoku-killer`.

mod engine;
mod model;
mod sums;

/// A xorshift generator of 64-bit words from `seed` (not zero), for the tests' random
/// instances: the same words on every run.
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

use engine::{Engine, Visit};
use model::Model;

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns.
pub use sudoku_core::{
    Budget, Clash, Constraint, ConstraintError, ConstraintErrorKind, ConstraintPuzzle,
    CountSolutions, DiagonalClue, Direction, Edge, Exhausted, Filled, SearchStats, Side, Solver,
    Unsettled, Verdict, Violation,
};

/// The largest board side the engine searches (its tables of digit sets and cell sets stop at
/// 16, as f-puzzles does); larger boards are answered [`Verdict::GaveUp`] after 0 nodes.
pub const MAX_SIZE: usize = 16;

/// The constraint engine. Keeps the statistics of its last call and its buffers; holds no
/// other state between calls.
#[derive(Clone, Debug, Default)]
pub struct ConstraintSolver {
    engine: Engine,
    stats: sudoku_core::SearchStats,
}

/// What [`ConstraintSolver::true_candidates_within`] found: for each cell, the digits that
/// appear in at least one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// For each cell, a mask of digits (bit `d - 1` for digit `d`) seen in a solution.
    pub masks: Vec<u32>,
    /// The solutions found on the way (at most the limit).
    pub solutions: usize,
    /// Whether every digit was decided: `false` when the limit of solutions or the budget
    /// stopped the search first (the masks then hold only the digits seen so far).
    pub complete: bool,
    /// What ran out, when the budget did.
    pub exhausted: Option<Exhausted>,
}

impl TrueCandidates {
    /// The digits of `cell`, in increasing order.
    pub fn digits(&self, cell: usize) -> Vec<u8> {
        engine::digits(self.masks[cell]).map(|d| d as u8).collect()
    }
}

/// Solutions listed by [`ConstraintSolver::solutions_within`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// The solutions, in the order the search found them.
    pub found: Vec<Filled>,
    /// What ran out, when the budget stopped the listing before the limit or the end.
    pub exhausted: Option<Exhausted>,
}

/// Keeps up to `keep` solutions and counts up to `limit`.
struct Collect {
    n: usize,
    count: usize,
    limit: usize,
    keep: usize,
    found: Vec<Filled>,
}

impl Visit for Collect {
    fn solution(&mut self, masks: &[u32]) -> bool {
        self.count += 1;
        if self.found.len() < self.keep {
            let cells = masks.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
            self.found.extend(Filled::new(self.n, cells).ok());
        }
        self.count < self.limit
    }
}

/// Why a puzzle was not searched.
enum Refused {
    Clash(Clash),
    /// Propagation at the root found no solution, or nothing was searched (the side is too
    /// large or the budget ran out at once; the meter then says so).
    NoSolution,
}

impl ConstraintSolver {
    /// A solver.
    pub fn new() -> ConstraintSolver {
        ConstraintSolver::default()
    }

    /// Builds the model and propagates the root; the model, or why there is nothing to
    /// search.
    fn root(&mut self, puzzle: &ConstraintPuzzle, budget: Budget) -> Result<Model, Refused> {
        self.engine.nodes = 0;
        self.engine.guesses = 0;
        self.engine.meter = budget.meter();
        if let Some(clash) = puzzle.clash() {
            return Err(Refused::Clash(clash));
        }
        if puzzle.size() > MAX_SIZE {
            // Not searched: the answer says nothing about solutions (given up after 0 nodes).
            self.engine.meter = Budget::nodes(0).meter();
            self.engine.meter.spend();
            return Err(Refused::NoSolution);
        }
        let model = Model::build(puzzle);
        if !self.engine.meter.spend() {
            return Err(Refused::NoSolution);
        }
        self.engine.nodes += 1;
        match self.engine.reset(&model) {
            Ok(()) => Ok(model),
            Err(_) => Err(Refused::NoSolution),
        }
    }

    fn finish(&mut self) {
        self.stats = sudoku_core::SearchStats::new(self.engine.nodes, self.engine.guesses);
    }

    /// Counts up to `limit` solutions, keeping the first `keep`.
    fn run(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        keep: usize,
        budget: Budget,
    ) -> (Result<Collect, Clash>, Option<Exhausted>) {
        let mut collect = Collect {
            n: puzzle.size(),
            count: 0,
            limit,
            keep,
            found: Vec::new(),
        };
        if limit == 0 {
            self.engine.meter = budget.meter();
            self.stats = sudoku_core::SearchStats::default();
            return (Ok(collect), None);
        }
        let result = match self.root(puzzle, budget) {
            Ok(model) => {
                self.engine.search(&model, &mut collect);
                Ok(collect)
            }
            Err(Refused::Clash(clash)) => Err(clash),
            Err(Refused::NoSolution) => Ok(collect),
        };
        self.finish();
        (result, self.engine.meter.exhausted())
    }

    /// The solutions of `puzzle`, up to `limit`, within `budget`: setters use two of them to
    /// see where a puzzle with several solutions needs another clue.
    pub fn solutions_within(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Solutions {
        let (result, exhausted) = self.run(puzzle, limit, limit, budget);
        Solutions {
            found: result.map(|c| c.found).unwrap_or_default(),
            exhausted,
        }
    }

    /// [`solutions_within`](Self::solutions_within) without a budget.
    pub fn solutions(&mut self, puzzle: &ConstraintPuzzle, limit: usize) -> Vec<Filled> {
        self.solutions_within(puzzle, limit, Budget::UNLIMITED)
            .found
    }

    /// For each cell, the digits that appear in at least one solution ("true candidates"),
    /// looking at no more than `limit` solutions, within `budget`. Each solution found marks
    /// its digits; each candidate not yet marked is then tried alone (a search for one
    /// solution with that digit in that cell). `complete` says whether every candidate was
    /// decided before the limit or the budget ran out.
    pub fn true_candidates_within(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> TrueCandidates {
        let n = puzzle.size();
        let mut masks = vec![0u32; n * n];
        let mut seen = 0usize;
        let model = match self.root(puzzle, budget) {
            Ok(model) => model,
            Err(_) => {
                self.finish();
                let exhausted = self.engine.meter.exhausted();
                return TrueCandidates {
                    masks,
                    solutions: 0,
                    complete: exhausted.is_none(),
                    exhausted,
                };
            }
        };
        struct Mark<'a> {
            masks: &'a mut [u32],
            seen: &'a mut usize,
        }
        impl Visit for Mark<'_> {
            fn solution(&mut self, found: &[u32]) -> bool {
                for (m, &f) in self.masks.iter_mut().zip(found) {
                    *m |= f;
                }
                *self.seen += 1;
                false
            }
        }
        let root: Vec<u32> = self.engine.masks.clone();
        let base = self.engine.mark();
        let mut complete = true;
        'cells: for cell in 0..n * n {
            for d in engine::digits(root[cell]) {
                let bit = 1u32 << (d - 1);
                if masks[cell] & bit != 0 {
                    continue;
                }
                if seen >= limit || self.engine.meter.is_exhausted() {
                    complete = false;
                    break 'cells;
                }
                self.engine.nodes += 1;
                if self.engine.restrict(&model, cell, bit).is_ok()
                    && self.engine.propagate(&model).is_ok()
                {
                    let mut mark = Mark {
                        masks: &mut masks,
                        seen: &mut seen,
                    };
                    self.engine.search(&model, &mut mark);
                }
                self.engine.undo(base);
            }
        }
        self.finish();
        let exhausted = self.engine.meter.exhausted();
        TrueCandidates {
            masks,
            solutions: seen,
            complete: complete && exhausted.is_none(),
            exhausted,
        }
    }

    /// [`true_candidates_within`](Self::true_candidates_within) without a budget.
    pub fn true_candidates(&mut self, puzzle: &ConstraintPuzzle, limit: usize) -> TrueCandidates {
        self.true_candidates_within(puzzle, limit, Budget::UNLIMITED)
    }
}

impl Solver for ConstraintSolver {
    type Puzzle = ConstraintPuzzle;
    type Stats = sudoku_core::SearchStats;

    /// The first solution found, [`Verdict::NoSolution`], [`Verdict::Clash`] (before any
    /// search) for givens that repeat a digit in a unit, or [`Verdict::GaveUp`] when `budget`
    /// runs out first. Boards larger than [`MAX_SIZE`] are not searched: the answer is
    /// [`Verdict::GaveUp`] after 0 nodes.
    fn solve_within(&mut self, puzzle: &ConstraintPuzzle, budget: Budget) -> Verdict<Filled> {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> sudoku_core::SearchStats {
        self.stats
    }
}

impl CountSolutions for ConstraintSolver {
    fn count_solutions_within(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        let (result, exhausted) = self.run(puzzle, limit, 0, budget);
        Unsettled::count(result.map(|c| c.count).unwrap_or(0), exhausted)
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> (Verdict<Filled>, Result<usize, Unsettled>) {
        let (result, exhausted) = self.run(puzzle, limit.max(1), 1, budget);
        let collect = match result {
            Ok(collect) => collect,
            Err(clash) => return (Verdict::Clash(clash), Ok(0)),
        };
        let count = Unsettled::count(collect.count, exhausted).map(|c| c.min(limit));
        let verdict = match (collect.found.into_iter().next(), exhausted) {
            (Some(solution), _) => Verdict::Solved(solution),
            (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
            (None, None) => Verdict::NoSolution,
        };
        (verdict, count)
    }
}
