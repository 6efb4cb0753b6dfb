//! A fast, complete Sudoku solver: bitmask candidates, singles propagation to a fixed point,
//! fewest-candidates (MRV) guessing, and undo on backtrack.
//!
//! ```
//! use sudoku_core::{CountSolutions, Grid, Solver, Verdict};
//! use sudoku_mrv::MrvSolver;
//!
//! // AI Escargot.
//! let puzzle: Grid =
//!     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
//! let mut solver = MrvSolver::default();
//! let Verdict::Solved(solution) = solver.solve(&puzzle) else { panic!("it has a solution") };
//! assert!(solution.solves(&puzzle));
//! println!("{solution:#}");
//! println!("{} nodes, {} guesses", solver.stats().nodes, solver.stats().guesses);
//!
//! // Proving uniqueness counts solutions up to 2.
//! assert_eq!(solver.count_solutions(&puzzle, 2), 1);
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```
//!
//! # The idea
//!
//! Backtracking search is as fast as its choice of the next cell and as its propagation. The
//! classic bitmask formulation keeps, for each row, column and box, a 9-bit mask of the
//! digits it already holds, so that a cell's candidates are `~(row | col | box) & 0x1FF`;
//! it fills cells with one candidate (naked singles) until nothing changes, stops a branch
//! as soon as a cell has no candidate, guesses at the cell with the **fewest candidates**
//! (minimum remaining values, MRV, counted with `popcount`), enumerates a mask's digits
//! lowest bit first (`trailing_zeros`, then `m &= m - 1`) and, on backtrack, undoes
//! everything the failed level placed, propagation included.
//!
//! This crate keeps every one of those ideas but holds the same bits the other way round,
//! which is what makes it fast: one 81-bit board per digit (the cells where the digit may
//! still go), cut into three bands of 27 cells, one `u32` each. Reading the nine boards at
//! one cell gives that cell's 9-bit candidate mask; reading one board gives all places of a
//! digit at once, so that
//! - placing a digit is a few `AND`s (the cell leaves the other eight boards; the digit's
//!   board loses the cell's row, box and column);
//! - **naked singles** of 27 cells at once: accumulate the nine boards of a band into "at
//!   least one candidate" and "at least two" words; unsolved cells outside the first have
//!   no candidate (the branch ends at once), cells in the first but not the second have one
//!   (placed at once);
//! - **hidden singles** and **locked candidates** come from one table look-up per changed
//!   digit-band: the digit must sit once in each row and each box of the band, so its three
//!   cells pair rows with boxes one to one; only mini-rows (a row's three cells inside one
//!   box) used by such a pairing can keep the digit, and a row left with one cell is a
//!   hidden single; the same pairing argument across each stack (columns with boxes)
//!   finishes the locked candidates and, with it, the hidden singles of columns (see
//!   [`MrvConfig`]);
//! - **MRV**: after propagation nearly every position has a cell with two candidates, found
//!   for a whole band with one more accumulated word ("at least three"); among them the
//!   one that sees the most unsolved cells is taken; otherwise each unsolved cell's mask is
//!   counted with `count_ones` and the smallest wins;
//! - **undo on backtrack**: the whole state is 132 bytes and `Copy`. A guess works on a
//!   copy, and backtracking drops the copy, so whatever the failed level placed,
//!   propagation included, is gone at once; the last candidate of a cell reuses the
//!   parent's state.
//!
//! There is no allocation during search. The cost is exponential in the worst case, like
//! any complete Sudoku search, but hard 17-clue puzzles take a few microseconds and a few
//! guesses; `docs/mrv.md` in the repository gives measured figures against the fastest
//! solvers.
//!
//! Source: the bitmask, MRV, singles-propagation and trail-undo design follows the article
//! "使用java实现数独：MRV启发式与位掩码候选域回溯" (Daily Algorithm series, a Java sketch);
//! the band-wise digit boards follow the approach made known by zhouyundong's JCZSolve and
//! described in Tom Dillon's write-up of his solver tdoku (2019).
//!
//! # Statistics
//!
//! [`Solver::stats`] reports the last call (solve or count):
//! - `nodes`: search states propagated, the root included;
//! - `guesses`: candidates tried at branch cells (a cell with two candidates where both
//!   are tried counts two).
//!
//! The other counters stay 0.

mod board;

use board::{Board, Choice};
use sudoku_core::{Clash, CountSolutions, Grid, Solver, Stats, Verdict};

/// How the search chooses where to branch (see [`Branching`]). Answers never depend on
/// the configuration, only the effort does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MrvConfig {
    /// The branching rule. Default: [`Branching::FewestOpenDigits`].
    pub branching: Branching,
}

/// Where the search branches. Either way it branches on the configuration of one digit in
/// one band or stack (the mini-rows or mini-columns its three cells use, one of six
/// arrangements), taking the digit with the fewest configurations left in the chosen band
/// or stack; the rules differ in which band or stack they choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// The band or stack with the fewest digits whose configuration is still open, ties
    /// going to the one with the most configurations left over its nine digits; but while
    /// every band and stack has seven or more open digits (near the root of an easy
    /// puzzle), the one with the fewest configurations, as
    /// [`FewestConfigurations`](Branching::FewestConfigurations) does. About two thirds of
    /// the nodes of that rule on the forum's hardest lists, slightly more nodes on easy
    /// puzzles.
    #[default]
    FewestOpenDigits,
    /// The band or stack with the fewest configurations left over its nine digits (the rule
    /// of tdoku). Slightly fewer nodes on easy puzzles.
    FewestConfigurations,
}

/// The solver. Keeps its configuration and the statistics of its last call; holds no other
/// state between calls.
#[derive(Clone, Debug, Default)]
pub struct MrvSolver {
    config: MrvConfig,
    stats: Stats,
}

impl MrvSolver {
    /// A solver with the given rules ([`MrvSolver::default`] uses [`MrvConfig::default`]).
    pub fn new(config: MrvConfig) -> MrvSolver {
        MrvSolver {
            config,
            stats: Stats::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MrvConfig {
        &self.config
    }

    /// Searches `puzzle` until `limit` solutions are found or the search space is exhausted,
    /// and returns the count and the first solution, or the clash of the givens (found while
    /// setting up the board, so a clash costs no search). Records the statistics.
    fn run(&mut self, puzzle: &Grid, limit: usize) -> Result<(usize, Option<Grid>), Clash> {
        let mut search = Search {
            config: self.config,
            nodes: 0,
            guesses: 0,
            limit,
            found: 0,
            first: None,
        };
        let Some(board) = Board::new(puzzle.cells()) else {
            self.stats = Stats::default();
            return Err(puzzle
                .clash()
                .expect("the board fails only on clashing givens"));
        };
        if limit > 0 {
            search.run(board);
        }
        let mut stats = Stats::default();
        stats.nodes = search.nodes;
        stats.guesses = search.guesses;
        self.stats = stats;
        let first = search
            .first
            .map(|cells| Grid::from_cells(cells).expect("a solved board holds digits 1 to 9"));
        Ok((search.found, first))
    }
}

impl Solver for MrvSolver {
    type Puzzle = Grid;

    /// The first solution found, [`Verdict::NoSolution`], or [`Verdict::Clash`] (without
    /// search) when two givens clash.
    fn solve(&mut self, puzzle: &Grid) -> Verdict {
        match self.run(puzzle, 1) {
            Ok((_, Some(solution))) => Verdict::Solved(solution),
            Ok((_, None)) => Verdict::NoSolution,
            Err(clash) => Verdict::Clash(clash),
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

impl CountSolutions for MrvSolver {
    /// Counts solutions up to `limit`; 0 for clashing givens (without search).
    fn count_solutions(&mut self, puzzle: &Grid, limit: usize) -> usize {
        self.run(puzzle, limit).map_or(0, |(count, _)| count)
    }
}

/// One search: counters and what was found.
struct Search {
    config: MrvConfig,
    nodes: u64,
    guesses: u64,
    limit: usize,
    found: usize,
    first: Option<[u8; 81]>,
}

impl Search {
    /// Explores `board` and everything below it; returns `true` once `limit` solutions are
    /// found, which stops the whole search.
    fn run(&mut self, mut board: Board) -> bool {
        loop {
            self.nodes += 1;
            if !board.propagate() {
                return false;
            }
            if board.is_solved() {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(board.cells());
                }
                return self.found >= self.limit;
            }
            match board.choose(self.config.branching) {
                Choice::Configurations {
                    unit,
                    digit,
                    mut configs,
                } => loop {
                    let config = configs.trailing_zeros() as usize;
                    configs &= configs - 1;
                    self.guesses += 1;
                    if configs == 0 {
                        board.restrict(unit, digit, config);
                        break;
                    }
                    let mut next = board;
                    next.restrict(unit, digit, config);
                    if self.run(next) {
                        return true;
                    }
                },
                Choice::Cell {
                    band,
                    pos,
                    mut digits,
                } => loop {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    self.guesses += 1;
                    if digits == 0 {
                        board.assign(digit, band, pos);
                        break;
                    }
                    let mut next = board;
                    next.assign(digit, band, pos);
                    if self.run(next) {
                        return true;
                    }
                },
            }
        }
    }
}
