//! A fast, complete Sudoku solver: bitmask candidates, propagation to a fixed point,
//! fewest-remaining-values (MRV) branching, and undo on backtrack.
//!
//! ```
//! use sudoku_mrv::{CountSolutions, Grid, MrvSolver, Solver, Verdict};
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
//! # Ok::<(), sudoku_mrv::ParseError>(())
//! ```
//!
//! # The idea
//!
//! Backtracking search is as fast as its choice of where to branch and as its propagation.
//! The classic bitmask formulation keeps, for each row, column and box, a 9-bit mask of the
//! digits it already holds, so that a cell's candidates are `~(row | col | box) & 0x1FF`;
//! it fills cells with one candidate (naked singles) until nothing changes, stops a branch
//! as soon as a cell has no candidate, branches at the cell with the **fewest candidates**
//! (minimum remaining values, MRV), enumerates a mask lowest bit first (`trailing_zeros`,
//! then `m &= m - 1`) and, on backtrack, undoes everything the failed level placed,
//! propagation included.
//!
//! This crate keeps those ideas but holds the bits the other way round: one 81-bit board
//! per digit (the cells where the digit may still go), cut into three bands of 27 cells,
//! one `u32` each. Reading the nine boards at one cell gives that cell's candidate mask;
//! reading one board gives every place of a digit at once. That makes the strong rules
//! cheap:
//! - **configurations**: in a band a digit sits once in each row and once in each box, so
//!   its three cells pair the rows with the boxes, one of six ways; one table look-up on
//!   the digit's occupied mini-rows (a row's three cells inside one box) keeps the mini-rows
//!   some fitting configuration uses. This is the pointing and claiming of locked
//!   candidates and the hidden singles of rows and boxes in one step; the same argument
//!   across each stack (columns with boxes) gives those of columns;
//! - **naked singles** of 27 cells at once: the nine boards of a band accumulated into "at
//!   least one candidate" and "at least two" (four boards to an SSE2 register on x86-64); an
//!   unsolved cell outside the first has no candidate (the branch ends), one outside the
//!   second has one (placed);
//! - **hidden triads**: a digit every fitting configuration puts in the same mini-row (or
//!   mini-column) must sit there; when three digits must sit in one, its cells hold only
//!   them;
//! - **MRV on configurations**: the search branches on the configuration of one digit in
//!   one band or stack, the digit with the fewest configurations left in the band or stack
//!   that has the fewest digits still open ([`Branching`] says which, and why), so each
//!   branch fixes three mini-rows or mini-columns of a digit at once. Tom Dillon's tdoku
//!   showed how well this combines with triads;
//! - **undo on backtrack**: the whole state is a few hundred bytes and `Copy`. A branch
//!   works on a copy and backtracking drops it, so whatever the failed level placed is gone
//!   at once; the last configuration of a branch reuses the parent's state.
//!
//! There is no allocation during search. The cost is exponential in the worst case, like
//! any complete Sudoku search, but proving one of the forum's hardest puzzles unique takes
//! about 140 nodes; `docs/mrv.md` in the repository gives measured times beside the
//! `sudoku` crate and tdoku.
//!
//! Code that asks many questions about one puzzle (a generator checking that a removal
//! keeps the solution unique asks "is there a solution with this other digit here?" for
//! several cells and digits) propagates the givens once into a [`Propagated`] puzzle and
//! searches from there with [`MrvSolver::count_solutions_from`].
//!
//! Sources: the bitmask, MRV, singles-propagation and trail-undo design follows the article
//! "使用java实现数独：MRV启发式与位掩码候选域回溯" (Daily Algorithm series, a Java sketch);
//! the band-wise digit boards follow the approach made known by zhouyundong's JCZSolve;
//! the configurations, triads and branching on a digit's band configuration are described
//! in Tom Dillon's write-up of his solver tdoku (2019).
//!
//! # Statistics
//!
//! [`Solver::stats`] reports the last call (solve or count):
//! - `nodes`: search states propagated, the root included;
//! - `guesses`: alternatives tried at branch points (a digit with two configurations left,
//!   both tried, counts two).
//!

mod board;
mod general;
mod lanes;

// Re-exported from sudoku-core, so that a program depending on this crate alone has every
// type its API takes and returns, and can read puzzle files.
pub use sudoku_core::{
    Best, Budget, Candidates, Clash, CountSolutions, Counters, DigitSet, Exhausted, Form, Grid,
    ParseError, ParseErrorKind, PuzzleReader, ReadError, ReadErrorKind, Record, SearchStats,
    Solver, Unsettled, Verdict,
};
// The types of puzzles of other sizes and variants, and their reader.
pub use sudoku_core::{
    AnyReader, Puzzle, Rules, Shape, VariantError, VariantErrorKind, VariantRecord,
};

pub use general::{MrvVariantConfig, MrvVariantSolver};

use board::{Board, Choice};
use sudoku_core::Meter;

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
    /// going to the one with the most configurations left over its nine digits. Two cases
    /// take the one with the fewest configurations instead, as
    /// [`FewestConfigurations`](Branching::FewestConfigurations) does: a band or stack
    /// nearly settled (17 configurations or fewer over its nine digits), and every band and
    /// stack with seven or more open digits (near the root of an easy puzzle). Counting to
    /// 2, this takes 60% of the nodes of that rule on forum_hardest_1106 and 84% on
    /// forum_hardest_1905_11plus, and 4 to 6% more on top1465 and 17-clue puzzles.
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
    stats: SearchStats,
}

impl MrvSolver {
    /// A solver with the given rules ([`MrvSolver::default`] uses [`MrvConfig::default`]).
    pub fn new(config: MrvConfig) -> MrvSolver {
        MrvSolver {
            config,
            stats: SearchStats::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MrvConfig {
        &self.config
    }

    /// Searches `puzzle` until `limit` solutions are found, the search space is exhausted or
    /// `budget` runs out, and returns the search, or the clash of the givens (found while
    /// setting up the board, so a clash costs no search). Records the statistics.
    fn run(&mut self, puzzle: &Grid, limit: usize, budget: Budget) -> Result<Search, Clash> {
        let Some(board) = Board::new(puzzle.cells()) else {
            self.stats = SearchStats::default();
            return Err(puzzle
                .clash()
                .expect("the board fails only on clashing givens"));
        };
        Ok(self.search(board, limit, budget))
    }

    /// Searches from `board` until `limit` solutions are found, the search space is
    /// exhausted or `budget` runs out, and records the statistics.
    fn search(&mut self, mut board: Board, limit: usize, budget: Budget) -> Search {
        let mut search = Search {
            config: self.config,
            meter: budget.meter(),
            guesses: 0,
            limit,
            found: 0,
            first: None,
        };
        if limit > 0 {
            search.run(&mut board);
        }
        self.stats = SearchStats::new(search.meter.spent(), search.guesses);
        search
    }

    /// Searches from `propagated` until `limit` solutions are found, the search space is
    /// exhausted or `budget` runs out, as
    /// [`solve_and_count_within`](CountSolutions::solve_and_count_within) does from a puzzle:
    /// the first solution found and the count. Records the statistics. With
    /// [`Propagated::from_candidates`], this searches a pencil-mark position within its
    /// marks.
    pub fn solve_and_count_from_within(
        &mut self,
        propagated: &Propagated,
        limit: usize,
        budget: Budget,
    ) -> (Verdict, Result<usize, Unsettled>) {
        let search = self.search(propagated.board, limit.max(1), budget);
        search.outcome(limit)
    }

    /// Counts the solutions of `propagated` up to `limit`, as
    /// [`count_solutions`](CountSolutions::count_solutions) counts those of a puzzle, and
    /// records the statistics.
    pub fn count_solutions_from(&mut self, propagated: &Propagated, limit: usize) -> usize {
        self.search(propagated.board, limit, Budget::UNLIMITED)
            .found
    }

    /// As [`count_solutions_from`](MrvSolver::count_solutions_from), within `budget`, as
    /// [`count_solutions_within`](CountSolutions::count_solutions_within) counts.
    ///
    /// ```
    /// use sudoku_mrv::{Budget, Exhausted, Grid, MrvSolver, Propagated};
    ///
    /// let root = Propagated::new(&Grid::EMPTY).expect("an empty grid has solutions");
    /// let mut solver = MrvSolver::default();
    /// let counted = solver.count_solutions_from_within(&root, 1000, Budget::nodes(10));
    /// assert_eq!(counted.map_err(|u| u.exhausted), Err(Exhausted::Nodes(10)));
    /// assert_eq!(solver.count_solutions_from_within(&root, 1, Budget::nodes(1000)), Ok(1));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Unsettled`] when the budget runs out before the count is settled.
    pub fn count_solutions_from_within(
        &mut self,
        propagated: &Propagated,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        self.search(propagated.board, limit, budget).count()
    }
}

impl Solver for MrvSolver {
    type Puzzle = Grid;
    type Stats = SearchStats;

    /// The first solution found, [`Verdict::NoSolution`], [`Verdict::Clash`] (without
    /// search) when two givens clash, or [`Verdict::GaveUp`] when `budget` runs out first.
    fn solve_within(&mut self, puzzle: &Grid, budget: Budget) -> Verdict {
        self.solve_and_count_within(puzzle, 1, budget).0
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}

impl CountSolutions for MrvSolver {
    /// Counts solutions up to `limit`; 0 for clashing givens (without search).
    fn count_solutions_within(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        budget: Budget,
    ) -> Result<usize, Unsettled> {
        match self.run(puzzle, limit, budget) {
            Ok(search) => search.count(),
            Err(_) => Ok(0),
        }
    }

    /// One search that counts up to `limit` and keeps the first solution found.
    fn solve_and_count_within(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        budget: Budget,
    ) -> (Verdict, Result<usize, Unsettled>) {
        match self.run(puzzle, limit.max(1), budget) {
            Ok(search) => search.outcome(limit),
            Err(clash) => (Verdict::Clash(clash), Ok(0)),
        }
    }
}

/// A puzzle with its givens placed and propagated, from which searches start.
///
/// Code that asks many questions about one puzzle ("is there a solution with this digit in
/// this cell?", as a generator checking uniqueness does) builds the propagated puzzle once,
/// adds a digit with [`with`](Propagated::with), which propagates only what the digit
/// changes, and searches from there with [`MrvSolver::count_solutions_from`]. `Copy`: each
/// question works on its own copy (a few hundred bytes).
///
/// ```
/// use sudoku_mrv::{CountSolutions, Grid, MrvSolver, Propagated};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut less = puzzle;
/// less.set(0, 0);
/// let root = Propagated::new(&less).expect("it has a solution");
/// // Propagation alone gives the cell back its 5, so no other digit fits there.
/// assert_eq!(root.candidates(0).iter().collect::<Vec<_>>(), [5]);
/// assert!(root.with(0, 1).is_none());
/// let mut solver = MrvSolver::default();
/// assert_eq!(solver.count_solutions_from(&root, 2), 1);
/// # Ok::<(), sudoku_mrv::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Propagated {
    board: Board,
}

impl Propagated {
    /// `puzzle` with its givens placed and propagated, or `None` when two givens clash or
    /// propagation finds that the puzzle has no solution.
    pub fn new(puzzle: &Grid) -> Option<Propagated> {
        let mut board = Board::new(puzzle.cells())?;
        board.propagate().then_some(Propagated { board })
    }

    /// The digits propagation leaves possible in `cell` (0 to 80): its digit for a cell
    /// given or placed by propagation. Empty for a cell off the grid (81 or more), where no
    /// digit can go.
    pub fn candidates(&self, cell: usize) -> DigitSet {
        if cell >= 81 {
            return DigitSet::EMPTY;
        }
        DigitSet::from_bits(self.board.candidates(cell / 27, (cell % 27) as u32) as u16)
    }

    /// A pencil-mark position with its singles placed and every candidate it crossed out
    /// taken away, propagated: searches from it find the solutions that fit the marks.
    /// `None` when two singles clash, a cell has no candidate, or propagation finds that no
    /// solution fits.
    ///
    /// ```
    /// use sudoku_mrv::{Candidates, Grid, MrvSolver, Propagated, Budget};
    ///
    /// // The empty grid, with 5 crossed out of r1c1: every solution has another digit there.
    /// let mut marks = Candidates::from_grid(&Grid::EMPTY);
    /// marks.remove(0, 5);
    /// let root = Propagated::from_candidates(&marks).expect("solutions fit");
    /// assert!(!root.candidates(0).contains(5));
    /// let (verdict, _) = MrvSolver::default().solve_and_count_from_within(&root, 1, Budget::UNLIMITED);
    /// assert_ne!(verdict.solution().unwrap()[0], 5);
    /// ```
    pub fn from_candidates(marks: &Candidates) -> Option<Propagated> {
        let mut board = Board::new(marks.to_grid().cells())?;
        for cell in 0..81 {
            let (band, pos) = (cell / 27, (cell % 27) as u32);
            if !board.is_unsolved(band, pos) {
                continue;
            }
            let keep = marks.sets()[cell].bits();
            for digit in 0..9 {
                if keep & 1 << digit == 0 {
                    board.remove(digit, band, pos);
                }
            }
        }
        board.propagate().then_some(Propagated { board })
    }

    /// This puzzle with `digit` (1 to 9) in `cell` (0 to 80), propagated; `None` when the
    /// digit is not a candidate there (never off the grid, nor outside 1 to 9) or
    /// propagation then finds no solution.
    pub fn with(&self, cell: usize, digit: u8) -> Option<Propagated> {
        if cell >= 81 || !(1..=9).contains(&digit) {
            return None;
        }
        let (band, pos) = (cell / 27, (cell % 27) as u32);
        if self.board.candidates(band, pos) & 1 << (digit - 1) == 0 {
            return None;
        }
        let mut board = self.board;
        if board.is_unsolved(band, pos) {
            board.assign(usize::from(digit - 1), band, pos);
            if !board.propagate() {
                return None;
            }
        }
        Some(Propagated { board })
    }
}

/// One search: its budget, counters and what was found.
struct Search {
    config: MrvConfig,
    /// The budget's account; its nodes are the search's.
    meter: Meter,
    guesses: u64,
    limit: usize,
    found: usize,
    /// The first solution found, as the board: its digits are read only when asked for, so
    /// counting does not pay for them.
    first: Option<Board>,
}

impl Search {
    /// The first solution found (or why there is none) and the count up to `limit`.
    fn outcome(&self, limit: usize) -> (Verdict, Result<usize, Unsettled>) {
        let count = self.count().map(|count| count.min(limit));
        let verdict = match (self.first, self.meter.exhausted()) {
            (Some(board), _) => Verdict::Solved(
                Grid::from_cells(board.cells()).expect("a solved board holds digits 1 to 9"),
            ),
            (None, Some(exhausted)) => Verdict::out_of_budget(exhausted),
            (None, None) => Verdict::NoSolution,
        };
        (verdict, count)
    }

    /// The count, or what the budget cut short.
    fn count(&self) -> Result<usize, Unsettled> {
        Unsettled::count(self.found, self.meter.exhausted())
    }

    /// Explores `board` and everything below it; returns `true` once `limit` solutions are
    /// found or the budget runs out, which stops the whole search. The board is the caller's
    /// scratch: its last alternative at each branch point is tried on it in place, and it is
    /// taken by reference so that the other alternatives cost one copy each, not two.
    fn run(&mut self, board: &mut Board) -> bool {
        loop {
            if !self.meter.spend() {
                return true;
            }
            if !board.propagate() {
                return false;
            }
            if board.is_solved() {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(*board);
                }
                return self.found >= self.limit;
            }
            // Every alternative but the last is tried on a copy; dropping the copy undoes it.
            // The last one reuses the board itself, and the loop continues with it as the
            // next node.
            match board.choose(self.config.branching) {
                Choice::Configurations {
                    unit,
                    digit,
                    mut configs,
                } => loop {
                    if configs == 0 {
                        return false;
                    }
                    let config = configs.trailing_zeros() as usize;
                    configs &= configs - 1;
                    self.guesses += 1;
                    if configs == 0 {
                        board.restrict(unit, digit, config);
                        break;
                    }
                    let mut next = *board;
                    next.restrict(unit, digit, config);
                    if self.run(&mut next) {
                        return true;
                    }
                },
                Choice::Cell {
                    band,
                    pos,
                    mut digits,
                } => loop {
                    if digits == 0 {
                        return false;
                    }
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    self.guesses += 1;
                    if digits == 0 {
                        board.assign(digit, band, pos);
                        break;
                    }
                    let mut next = *board;
                    next.assign(digit, band, pos);
                    if self.run(&mut next) {
                        return true;
                    }
                },
            }
        }
    }
}
