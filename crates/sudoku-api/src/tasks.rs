//! [`Worker`]: the tasks every front end offers (solve, count, check, rate, hint, explain,
//! canonical form; solve and count killer puzzles), each on one puzzle within a budget, each
//! answering a typed result or a [`Failure`] worded once for every front end.

use std::sync::Arc;

use sudoku_core::{
    Budget, Candidates, DynSolver, Exhausted, Grid, Problem, Puzzle, Tally, Unsettled, Verdict,
    cell_name,
};
use sudoku_gen::{Hint, LogicReport, LogicSolver, PositionError, RateError, Rating, Step};
use sudoku_killer::KillerPuzzle;
use sudoku_mrv::Propagated;

use crate::engines::{Algo, Engines};
use crate::failure::{Failure, FailureKind, gave_up, plural};
use crate::front::{Front, Opt};
use crate::input::Board;
use crate::variants::{cell_at, symbols};

/// The note of a solution found that is not the one the input gives.
const DIFFERS: &str = "the solution differs from the one the input gives";

/// A solution: a classic grid, or a filled puzzle of another size or variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Solution {
    /// A classic 9x9 grid (classic and killer puzzles).
    Grid(Grid),
    /// A puzzle of another size or variant, filled.
    Sized(Puzzle),
    /// A puzzle with constraints, filled.
    Filled(sudoku_constraints::Filled),
}

impl Solution {
    /// The line of symbols.
    pub fn line(&self) -> String {
        match self {
            Solution::Grid(grid) => grid.to_string(),
            Solution::Sized(puzzle) => puzzle.to_string(),
            Solution::Filled(filled) => filled.to_string(),
        }
    }

    /// The drawing, one row per line.
    pub fn drawing(&self) -> String {
        match self {
            Solution::Grid(grid) => format!("{grid:#}"),
            Solution::Sized(puzzle) => format!("{puzzle:#}"),
            Solution::Filled(filled) => format!("{filled:#}"),
        }
    }

    /// The cells, row after row.
    pub fn cells(&self) -> &[u8] {
        match self {
            Solution::Grid(grid) => grid.cells(),
            Solution::Sized(puzzle) => puzzle.cells(),
            Solution::Filled(filled) => filled.cells(),
        }
    }
}

/// What a solve found: the solution or why there is none, the solutions counted up to 2
/// (when counted), and the search's statistics. Whether several solutions are a failure is
/// the caller's choice: [`require_unique`](Solved::require_unique) or
/// [`any`](Solved::any).
#[derive(Clone, Debug)]
pub struct Solved {
    solution: Option<Solution>,
    count: Option<Result<usize, Unsettled>>,
    stats: Tally,
    failure: Option<Failure>,
    /// A remark on the solution that does not make it fail.
    note: Option<String>,
    /// What ran out, when the search gave up.
    exhausted: Option<Exhausted>,
    /// The conflicts left in the colony's best candidate, when it gave up.
    conflicts: Option<u32>,
    front: Front,
    budget: Budget,
}

impl Solved {
    pub(crate) fn failed(failure: Failure, front: Front, budget: Budget) -> Solved {
        Solved {
            solution: None,
            count: None,
            stats: Tally::default(),
            failure: Some(failure),
            note: None,
            exhausted: None,
            conflicts: None,
            front,
            budget,
        }
    }

    /// The solution found, if any (one of several, when there are several).
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// Sets a remark on the solution that does not make it fail.
    pub(crate) fn set_note(&mut self, note: &str) {
        self.note = Some(note.to_string());
    }

    /// Notes (a warning the front ends show with the answer) that the solution found
    /// differs from `stated`, the one the input gives with the puzzle (see
    /// [`Record::solution`](crate::Record::solution)); nothing when it is the same, or when
    /// either is missing.
    pub fn compare_stated(&mut self, stated: Option<&[u8]>) {
        if let (Some(stated), Some(found)) = (stated, &self.solution)
            && found.cells() != stated
        {
            self.set_note(DIFFERS);
        }
    }

    /// The remark on the solution that does not make it fail: that it differs from the one
    /// the input gives (see [`compare_stated`](Solved::compare_stated); a puzzle in a
    /// constraint format is compared as it is solved).
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The solutions counted up to 2, when counted and settled.
    pub fn count(&self) -> Option<usize> {
        self.count.and_then(Result::ok)
    }

    /// Whether the solution is the only one: `None` when not counted or not settled.
    pub fn unique(&self) -> Option<bool> {
        self.count().map(|n| n == 1)
    }

    /// What the search counted.
    pub fn stats(&self) -> &Tally {
        &self.stats
    }

    /// Why there is no solution, when there is none.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// What ran out, when the search gave up.
    pub fn exhausted(&self) -> Option<Exhausted> {
        match self.count {
            Some(Err(unsettled)) => Some(unsettled.exhausted),
            _ => self.exhausted,
        }
    }

    /// The rule violations the colony's best candidate still had when it gave up.
    pub fn conflicts(&self) -> Option<u32> {
        self.conflicts
    }

    /// The solution when exactly one was required: several solutions, or a count the
    /// budget cut short, fail.
    ///
    /// # Errors
    ///
    /// Why there is no solution, or several (`several solutions (--unique); one is ...`).
    pub fn require_unique(&self) -> Result<&Solution, Failure> {
        let solution = self.found()?;
        let unique = self.front.setting(Opt::Unique, "");
        match self.count {
            Some(Ok(n)) if n > 1 => Err(Failure::new(
                FailureKind::Several,
                format!("several solutions ({unique}); one is {}", solution.line()),
            )),
            Some(Err(unsettled)) => {
                Err(
                    Failure::gave_up(self.front, unsettled.exhausted, self.budget)
                        .and(format_args!(" before uniqueness was settled ({unique})")),
                )
            }
            _ => Ok(solution),
        }
    }

    /// The solution when any will do, with a warning when there are several or uniqueness
    /// was not settled (and any note on the solution).
    ///
    /// # Errors
    ///
    /// Why there is no solution.
    pub fn any(&self) -> Result<(&Solution, Option<String>), Failure> {
        let solution = self.found()?;
        let warning = match self.count {
            Some(Ok(n)) if n > 1 => Some("several solutions; this is one of them".to_string()),
            Some(Err(unsettled)) => Some(format!(
                "uniqueness not settled: {}",
                gave_up(self.front, unsettled.exhausted, self.budget)
            )),
            _ => None,
        };
        Ok((solution, warning.or_else(|| self.note.clone())))
    }

    /// The status word with one solution required: `solved`, `several solutions`, or the
    /// failure's.
    pub fn status(&self) -> &'static str {
        match self.require_unique() {
            Ok(_) => "solved",
            Err(failure) => failure.status(),
        }
    }

    fn found(&self) -> Result<&Solution, Failure> {
        match (&self.failure, &self.solution) {
            (Some(failure), _) => Err(failure.clone()),
            (None, Some(solution)) => Ok(solution),
            (None, None) => Err(Failure::new(
                FailureKind::Internal,
                "a solve without an answer",
            )),
        }
    }
}

/// A count of solutions, up to a limit, with the search's statistics.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The solutions found: all of them when below the limit.
    pub count: usize,
    /// The limit counting stopped at.
    pub limit: usize,
    /// What the search counted.
    pub stats: Tally,
}

impl Counted {
    /// Whether the count is all the solutions (it stopped below the limit).
    pub fn is_complete(&self) -> bool {
        self.count < self.limit
    }
}

/// A rating on Sudoku Explainer's scale, with the search effort.
#[derive(Clone, Copy, Debug)]
pub struct Rated {
    /// ER, EP, ED, band and hardest technique.
    pub rating: Rating,
    /// The MRV solver's guesses averaged over 8 random symmetries of the puzzle.
    pub search_effort: f64,
}

impl Rated {
    /// The hardest technique in words: its name, `needs search` when the ladder got stuck,
    /// `nothing to do` for a full grid.
    pub fn hardest(&self) -> &'static str {
        match (self.rating.solved_by_logic, self.rating.hardest) {
            (false, _) => "needs search",
            (true, None) => "nothing to do",
            (true, Some(technique)) => technique.name(),
        }
    }
}

/// A position after a step: its placed digits and its pencil marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The digits placed.
    pub grid: Grid,
    /// The candidates of every cell.
    pub marks: Candidates,
    /// Whether the grid says everything: no candidate was eliminated beyond what the digits
    /// rule out.
    pub plain: bool,
}

impl Position {
    /// The position a classic board holds: its digits, and its pencil marks (the digits'
    /// candidates where none were written), as a hint or a picture of a step starts from.
    ///
    /// # Errors
    ///
    /// A board of another size or variant.
    pub fn of_board(board: &Board) -> Result<Position, Failure> {
        let (grid, marks) = classic(board, "a position")?;
        Ok(Position::of(&match marks {
            Some(marks) => LogicSolver::from_candidates(marks),
            None => LogicSolver::new(grid),
        }))
    }

    fn of(board: &LogicSolver) -> Position {
        Position {
            grid: board.grid(),
            marks: board.position(),
            plain: board.is_plain(),
        }
    }

    /// The position as one line: the grid while it says everything, else the 729-character
    /// pencil marks.
    pub fn line(&self) -> String {
        if self.plain {
            self.grid.to_string()
        } else {
            self.marks.to_string()
        }
    }

    /// The position as a drawing.
    pub fn drawing(&self) -> String {
        if self.plain {
            format!("{:#}", self.grid)
        } else {
            format!("{:#}", self.marks)
        }
    }
}

/// What a hint found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Hinted {
    /// The next step, and the position after it.
    Step(Step, Position),
    /// Every cell is filled: the position as it is.
    Solved(Position),
    /// No technique of the ladder applies: the position as it is.
    NeedsSearch(Position),
}

/// One step of an explained path, with the position after it.
#[derive(Clone, Debug)]
pub struct ExplainedStep {
    /// The step.
    pub step: Step,
    /// The position after it.
    pub after: Position,
}

/// A logical path: every step from the start, and the report of the path.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The position the path starts from.
    pub start: Position,
    /// The steps, in order.
    pub steps: Vec<ExplainedStep>,
    /// The path's ratings and where it ended.
    pub report: LogicReport,
}

impl Explained {
    /// The cells the ladder left open (search took over there): 0 for a path that solves.
    pub fn open_cells(&self) -> usize {
        (0..81).filter(|&c| self.report.grid[c] == 0).count()
    }
}

/// A worker's state: its solvers, and the front end it answers (whose option names its
/// messages use). Batch code gives each thread its own.
#[derive(Debug)]
pub struct Worker {
    engines: Engines,
    /// The engine of puzzles with constraints (and of true candidates and listings).
    pub(crate) constraints: sudoku_constraints::ConstraintSolver,
    front: Front,
}

impl Worker {
    /// A worker answering `front`.
    pub fn new(front: Front) -> Worker {
        Worker {
            engines: Engines::default(),
            constraints: sudoku_constraints::ConstraintSolver::new(),
            front,
        }
    }

    /// The front end it answers.
    pub fn front(&self) -> Front {
        self.front
    }

    /// Its solvers.
    pub fn engines(&mut self) -> &mut Engines {
        &mut self.engines
    }

    /// Solves `board` with `algo` within `budget`; with `count`, also counts solutions up to
    /// 2 (in the same search) when the algorithm can. A pencil-mark position is searched
    /// within its marks, from its candidates (by MRV, the engine that starts from
    /// candidates, whatever `algo`).
    pub fn solve(&mut self, board: &Board, algo: Algo, count: bool, budget: Budget) -> Solved {
        let front = self.front;
        match board {
            Board::Classic {
                marks: Some(marks), ..
            } => self.solve_position(marks, count, budget),
            Board::Classic { grid, marks: None } => {
                let engine = self.engines.classic(algo);
                searched(engine, grid, count, budget, front, Solution::Grid)
            }
            Board::Sized(puzzle) => {
                if let Some(clash) = puzzle.clash() {
                    return Solved::failed(Failure::clash(clash), front, budget);
                }
                let engine = self.engines.sized(algo);
                let mut solved = searched(engine, puzzle, count, budget, front, Solution::Sized);
                if solved
                    .failure
                    .as_ref()
                    .is_some_and(|f| f.kind() == FailureKind::NoSolution)
                {
                    solved.failure = Some(self.no_solution(puzzle, budget));
                }
                solved
            }
            Board::Constraint(puzzle) => self.solve_constraint(puzzle, count, budget),
        }
    }

    /// A pencil-mark position, searched within its marks.
    fn solve_position(&mut self, marks: &Candidates, count: bool, budget: Budget) -> Solved {
        let front = self.front;
        if let Some(clash) = marks.to_grid().clash() {
            return Solved::failed(Failure::clash(clash), front, budget);
        }
        let limit = if count { 2 } else { 1 };
        let solver = self.engines.mrv();
        let (verdict, counted) = match Propagated::from_candidates(marks) {
            Some(root) => solver.solve_and_count_from_within(&root, limit, budget),
            None => (Verdict::NoSolution, Ok(0)),
        };
        let stats = Tally::of(&sudoku_core::Solver::stats(solver));
        let verdict = match verdict {
            Verdict::Solved(grid) => Verdict::Solved(Solution::Grid(grid)),
            Verdict::NoSolution => Verdict::NoSolution,
            Verdict::Clash(clash) => Verdict::Clash(clash),
            Verdict::GaveUp { exhausted, .. } => Verdict::out_of_budget(exhausted),
        };
        let mut solved = outcome(verdict, count.then_some(counted), stats, front, budget);
        if matches!(&solved.failure, Some(f) if f.kind() == FailureKind::NoSolution) {
            solved.failure = Some(position_failure(marks, budget, front));
        }
        solved
    }

    /// "No solution", and for a jigsaw whose regions admit no grid at all, that reason
    /// (proved within the caller's budget, and at most 100,000 nodes).
    fn no_solution(&mut self, puzzle: &Puzzle, budget: Budget) -> Failure {
        let plain = Failure::new(FailureKind::NoSolution, "no solution");
        if puzzle.rules().jigsaw().is_none() {
            return plain;
        }
        let empty = Puzzle::empty(Arc::clone(puzzle.shared_rules()));
        let budget = budget.min(Budget::nodes(100_000));
        match self.engines.sized(Algo::Dlx).solve_within(&empty, budget) {
            Verdict::NoSolution => Failure::new(
                FailureKind::NoSolution,
                "no solution: no grid fits these regions, whatever the givens",
            ),
            _ => plain,
        }
    }

    /// The solutions of `board` counted up to `limit` with a complete `algo` (a pencil-mark
    /// position within its marks), within `budget`.
    ///
    /// # Errors
    ///
    /// Clashing givens, or the budget ran out first (with the solutions found).
    pub fn count(
        &mut self,
        board: &Board,
        algo: Algo,
        limit: usize,
        budget: Budget,
    ) -> Result<Counted, Failure> {
        let front = self.front;
        let (counted, stats) = match board {
            Board::Classic {
                marks: Some(marks), ..
            } => {
                if let Some(clash) = marks.to_grid().clash() {
                    return Err(Failure::clash(clash));
                }
                let solver = self.engines.mrv();
                let counted = match Propagated::from_candidates(marks) {
                    Some(root) => solver.solve_and_count_from_within(&root, limit, budget).1,
                    None => Ok(0),
                };
                (counted, Tally::of(&sudoku_core::Solver::stats(solver)))
            }
            Board::Classic { grid, marks: None } => {
                if let Some(clash) = grid.clash() {
                    return Err(Failure::clash(clash));
                }
                counted(self.engines.classic(algo), grid, limit, budget)
            }
            Board::Sized(puzzle) => {
                if let Some(clash) = puzzle.clash() {
                    return Err(Failure::clash(clash));
                }
                counted(self.engines.sized(algo), puzzle, limit, budget)
            }
            Board::Constraint(puzzle) => return self.count_constraint(puzzle, limit, budget),
        };
        match counted {
            Ok(count) => Ok(Counted {
                count,
                limit,
                stats,
            }),
            Err(unsettled) => Err(Failure::unsettled(front, unsettled, budget)),
        }
    }

    /// Checks that `board` has exactly one solution (a pencil-mark position: exactly one
    /// that fits its marks), within `budget`: the statistics of the count, or what is
    /// wrong.
    ///
    /// # Errors
    ///
    /// Clashing givens, no solution (with the reason, where one is known), several
    /// solutions, or the budget ran out.
    pub fn check(&mut self, board: &Board, budget: Budget) -> Result<Tally, Failure> {
        if let Board::Constraint(puzzle) = board {
            return self.check_constraint(puzzle, budget);
        }
        let counted = self.count(board, Algo::Mrv, 2, budget)?;
        match counted.count {
            1 => Ok(counted.stats),
            0 => Err(match board {
                Board::Classic {
                    marks: Some(marks), ..
                } => position_failure(marks, budget, self.front),
                Board::Sized(puzzle) => self.no_solution(puzzle, budget),
                _ => Failure::new(FailureKind::NoSolution, "no solution"),
            }),
            _ => Err(Failure::new(FailureKind::Several, "several solutions")),
        }
    }

    /// [`check`](Worker::check), then the solution the input gives with the puzzle
    /// (`stated`, see [`Record::solution`](crate::Record::solution)) against the puzzle's:
    /// since the puzzle has one solution, a stated grid that is complete, keeps every given,
    /// breaks no rule and fits the pencil marks is that solution. A puzzle with
    /// constraints compares the solution it carries itself.
    ///
    /// ```
    /// use sudoku_api::{Budget, FailureKind, Front, Worker, read_puzzles};
    ///
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let right = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// let wrong = "354678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// let file = format!("quizzes,solutions\n{puzzle},{right}\n{puzzle},{wrong}\n");
    /// let mut worker = Worker::new(Front::Cli);
    /// let checked: Vec<_> = read_puzzles(file.as_bytes())
    ///     .map(|record| {
    ///         let record = record.unwrap();
    ///         worker.check_stated(&record.board, record.solution.as_ref(), Budget::UNLIMITED)
    ///     })
    ///     .collect();
    /// assert!(checked[0].is_ok());
    /// let failure = checked[1].as_ref().unwrap_err();
    /// assert_eq!(failure.kind(), FailureKind::WrongSolution);
    /// assert_eq!(
    ///     failure.message(),
    ///     "one solution, but not the one the input gives: it has 3 at r1c1 where the puzzle gives 5"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// As [`check`](Worker::check); and [`FailureKind::WrongSolution`] saying what is wrong
    /// with the stated solution.
    pub fn check_stated(
        &mut self,
        board: &Board,
        stated: Option<&Puzzle>,
        budget: Budget,
    ) -> Result<Tally, Failure> {
        let tally = self.check(board, budget)?;
        match stated.and_then(|stated| not_the_solution(board, stated)) {
            Some(what) => Err(Failure::new(
                FailureKind::WrongSolution,
                format!("one solution, but not the one the input gives: {what}"),
            )),
            None => Ok(tally),
        }
    }

    /// Rates a classic puzzle or pencil-mark position on Sudoku Explainer's scale (ER, EP,
    /// ED), with its search effort, within `budget`.
    ///
    /// # Errors
    ///
    /// Only a classic puzzle with one solution has a rating.
    pub fn rate(&mut self, board: &Board, budget: Budget) -> Result<Rated, Failure> {
        let (grid, marks) = classic(board, "rate")?;
        let rated = match marks {
            Some(marks) => sudoku_gen::rate_position_within(marks, budget),
            None => sudoku_gen::rate_within(grid, budget),
        };
        let rating = rated.map_err(|err| match err {
            RateError::Clash(clash) => Failure::clash(clash),
            RateError::NoSolution => {
                Failure::new(FailureKind::NoSolution, "no solution: nothing to rate")
            }
            RateError::GaveUp(exhausted) => Failure::gave_up(self.front, exhausted, budget),
            other => Failure::new(FailureKind::Several, other.to_string()),
        })?;
        Ok(Rated {
            rating,
            search_effort: sudoku_gen::search_effort(grid, 8, 0),
        })
    }

    /// The next logical step of a classic puzzle or pencil-mark position (the hint of the
    /// ladder, the position checked first).
    ///
    /// # Errors
    ///
    /// What is wrong with the position: clashing digits, a cell without candidates, no
    /// solution, several, eliminations that removed the solution; or the budget ran out
    /// (the checks and the hardest steps search).
    pub fn hint(&mut self, board: &Board, budget: Budget) -> Result<Hinted, Failure> {
        let (grid, marks) = classic(board, "hint")?;
        let (found, mut logic) = match marks {
            Some(marks) => (
                sudoku_gen::hint_position_within(marks, budget),
                LogicSolver::from_candidates(marks),
            ),
            None => (
                sudoku_gen::hint_within(grid, budget),
                LogicSolver::new(grid),
            ),
        };
        let found = found.map_err(|exhausted| Failure::gave_up(self.front, exhausted, budget))?;
        match found {
            Hint::Step(step) => {
                logic.apply(&step);
                Ok(Hinted::Step(step, Position::of(&logic)))
            }
            Hint::Solved => Ok(Hinted::Solved(Position::of(&logic))),
            Hint::NeedsSearch => Ok(Hinted::NeedsSearch(Position::of(&logic))),
            problem => Err(hint_failure(&problem, None, marks.is_some())),
        }
    }

    /// The logical path of a classic puzzle or pencil-mark position: every step of the
    /// ladder, with the position after it, within `budget`.
    ///
    /// # Errors
    ///
    /// What is wrong with the position (only a puzzle with one solution has a path), or the
    /// budget ran out (with the steps taken).
    pub fn explain(&mut self, board: &Board, budget: Budget) -> Result<Explained, Failure> {
        let (grid, marks) = classic(board, "explain")?;
        let (marks, position) = match marks {
            Some(marks) => (*marks, true),
            None => (Candidates::from_grid(grid), false),
        };
        let mut meter = budget.meter();
        match sudoku_gen::solve_position(&marks, budget) {
            Ok(_) => {}
            Err(PositionError::Hint(problem)) => {
                return Err(hint_failure(&problem, Some(self.front), position));
            }
            Err(PositionError::GaveUp(exhausted)) => {
                return Err(Failure::gave_up(self.front, exhausted, budget));
            }
            Err(_) => {
                return Err(Failure::new(
                    FailureKind::Internal,
                    "an unknown position error",
                ));
            }
        }
        let mut logic = if position {
            LogicSolver::from_candidates(&marks)
        } else {
            LogicSolver::new(grid)
        };
        let start = Position::of(&logic);
        let mut after = logic.clone();
        let mut steps = Vec::new();
        let _ = meter.should_stop();
        let report = logic
            .explain_within(meter.remaining(), |step| {
                after.apply(step);
                steps.push(ExplainedStep {
                    step: step.clone(),
                    after: Position::of(&after),
                });
            })
            .map_err(|exhausted| {
                Failure::gave_up(self.front, exhausted, budget).and(format_args!(
                    " after {} step{} of the explanation",
                    steps.len(),
                    plural(steps.len())
                ))
            })?;
        Ok(Explained {
            start,
            steps,
            report,
        })
    }

    /// The canonical form of a classic puzzle.
    ///
    /// # Errors
    ///
    /// For a puzzle of another size or variant, and for a pencil-mark position.
    pub fn canonical(&self, board: &Board) -> Result<Grid, Failure> {
        match classic(board, "canon")? {
            (grid, None) => Ok(grid.canonical()),
            (_, Some(_)) => Err(Failure::new(
                FailureKind::Malformed,
                "canon takes puzzles; this is a pencil-mark position (its candidates have no \
                 canonical form)",
            )),
        }
    }

    /// Solves a killer puzzle within `budget`; with `count`, also counts solutions up to 2.
    /// `expected`, a solution the input gives, is compared with the one found.
    pub fn solve_killer(
        &mut self,
        puzzle: &KillerPuzzle,
        expected: Option<Grid>,
        count: bool,
        budget: Budget,
    ) -> Solved {
        let front = self.front;
        let mut solved = searched(
            self.engines.killer(),
            puzzle,
            count,
            budget,
            front,
            Solution::Grid,
        );
        solved.compare_stated(expected.as_ref().map(|grid| &grid.cells()[..]));
        solved
    }

    /// The solutions of a killer puzzle counted up to `limit`, within `budget`.
    ///
    /// # Errors
    ///
    /// The budget ran out first (with the solutions found).
    pub fn count_killer(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<Counted, Failure> {
        let (counted, stats) = counted(self.engines.killer(), puzzle, limit, budget);
        counted
            .map(|count| Counted {
                count,
                limit,
                stats,
            })
            .map_err(|unsettled| Failure::unsettled(self.front, unsettled, budget))
    }
}

/// A complete solver's count up to `limit`, and its statistics.
fn counted<P: Problem>(
    solver: &mut dyn DynSolver<P>,
    puzzle: &P,
    limit: usize,
    budget: Budget,
) -> (Result<usize, Unsettled>, Tally) {
    let counted = match solver.count_solutions_within(puzzle, limit, budget) {
        Some(counted) => counted,
        None => unreachable!("counting takes complete algorithms (Algo::counting)"),
    };
    (counted, solver.tally())
}

/// A solver's answer to `puzzle`, with the count up to 2 when `count` and the solver can
/// count.
fn searched<P: Problem>(
    solver: &mut dyn DynSolver<P>,
    puzzle: &P,
    count: bool,
    budget: Budget,
    front: Front,
    solution: impl Fn(P::Solution) -> Solution,
) -> Solved {
    let (verdict, counted) = if count {
        solver.solve_and_count_within(puzzle, 2, budget)
    } else {
        (solver.solve_within(puzzle, budget), None)
    };
    let verdict = match verdict {
        Verdict::Solved(found) => Verdict::Solved(solution(found)),
        Verdict::NoSolution => Verdict::NoSolution,
        Verdict::Clash(clash) => Verdict::Clash(clash),
        Verdict::GaveUp { exhausted, best } => Verdict::GaveUp {
            exhausted,
            best: best.map(|best| sudoku_core::Best {
                candidate: solution(best.candidate),
                conflicts: best.conflicts,
            }),
        },
    };
    outcome(verdict, counted, solver.tally(), front, budget)
}

/// The [`Solved`] of a verdict and count.
pub(crate) fn outcome(
    verdict: Verdict<Solution>,
    count: Option<Result<usize, Unsettled>>,
    stats: Tally,
    front: Front,
    budget: Budget,
) -> Solved {
    let mut solved = Solved {
        solution: None,
        count,
        stats,
        failure: None,
        note: None,
        exhausted: None,
        conflicts: None,
        front,
        budget,
    };
    match verdict {
        Verdict::Solved(found) => solved.solution = Some(found),
        Verdict::NoSolution => {
            solved.failure = Some(Failure::new(FailureKind::NoSolution, "no solution"));
        }
        Verdict::Clash(clash) => {
            solved.failure = Some(Failure::clash(clash));
            solved.count = None;
        }
        Verdict::GaveUp {
            exhausted,
            best: Some(best),
        } => {
            solved.exhausted = Some(exhausted);
            solved.conflicts = Some(best.conflicts);
            solved.failure = Some(Failure::gave_up(front, exhausted, budget).and(format_args!(
                " with {} conflicts left (the colony is incomplete: try {})",
                best.conflicts,
                front.setting(Opt::Algo, "mrv")
            )));
        }
        Verdict::GaveUp {
            exhausted,
            best: None,
        } => {
            solved.exhausted = Some(exhausted);
            solved.failure = Some(Failure::gave_up(front, exhausted, budget));
        }
    }
    solved
}

/// Why no solution fits a pencil-mark position: the digits, or the eliminations.
fn position_failure(marks: &Candidates, budget: Budget, front: Front) -> Failure {
    match sudoku_gen::solve_position(marks, budget) {
        Err(PositionError::Hint(problem)) => hint_failure(&problem, None, true),
        Err(PositionError::GaveUp(exhausted)) => Failure::gave_up(front, exhausted, budget),
        _ => Failure::new(FailureKind::NoSolution, "no solution"),
    }
}

/// The classic grid (and pencil marks) of a board, for the calls built on the 9x9 ladder of
/// techniques and symmetries (`what`).
fn classic<'a>(
    board: &'a Board,
    what: &str,
) -> Result<(&'a Grid, Option<&'a Candidates>), Failure> {
    match board {
        Board::Classic { grid, marks } => Ok((grid, marks.as_ref())),
        other => Err(Failure::not_classic(what, &other.describe())),
    }
}

/// What is wrong with a position, in words; `position` when it was written with pencil
/// marks (a person's work), else a puzzle; `explain` for the front end whose explanation
/// asked (only a puzzle with one solution has a path), `None` for the other tasks.
fn hint_failure(hint: &Hint, explain: Option<Front>, position: bool) -> Failure {
    match hint {
        Hint::Clash(clash) => Failure::clash(*clash),
        Hint::Contradiction => Failure::new(
            FailureKind::Contradiction,
            "a cell has no candidate left: a digit or an elimination is wrong",
        ),
        // A puzzle to explain has givens only; what else is asked about may hold a
        // person's digits.
        Hint::NoSolution if explain.is_some() && !position => {
            Failure::new(FailureKind::NoSolution, "no solution")
        }
        Hint::NoSolution => Failure::new(
            FailureKind::NoSolution,
            "the position has no solution: a digit written in is wrong",
        ),
        Hint::SeveralSolutions => match explain {
            Some(front) => Failure::new(
                FailureKind::Several,
                match front {
                    Front::Cli => {
                        "several solutions: only a puzzle with one solution has a logical path \
                         (solve without --explain prints one of them)"
                    }
                    _ => "several solutions: only a puzzle with one solution has a logical path",
                },
            ),
            _ => Failure::new(
                FailureKind::Several,
                "the position has several solutions: no step leads to one answer",
            ),
        },
        Hint::WrongElimination { cell, digit } => Failure::new(
            FailureKind::WrongElimination,
            format!(
                "the pencil marks exclude the solution: {} lost candidate {digit}",
                cell_name(*cell)
            ),
        ),
        Hint::MarksExcludeEverySolution => Failure::new(
            FailureKind::WrongElimination,
            "the pencil marks exclude every solution of the digits: an elimination is wrong",
        ),
        _ => Failure::new(FailureKind::Internal, "a hint that is no failure"),
    }
}

/// What keeps `stated` from being a solution of `board` (a board with one solution): a
/// blank, a given it changes, a broken rule, a digit the pencil marks exclude; `None` when it
/// is one. A puzzle with constraints checks its own.
fn not_the_solution(board: &Board, stated: &Puzzle) -> Option<String> {
    let (puzzle, marks) = match board {
        Board::Classic { grid, marks } => (Puzzle::from(grid), marks.as_ref()),
        Board::Sized(puzzle) => (puzzle.clone(), None),
        Board::Constraint(_) => return None,
    };
    let n = puzzle.size();
    let name = |cell: usize| cell_at(cell, n);
    let symbol = |digit: u8| symbols(&[digit]);
    if stated.rules() != puzzle.rules() {
        return Some(format!(
            "it is a {}, the puzzle a {}",
            stated.rules().describe(),
            puzzle.rules().describe()
        ));
    }
    let cells = stated.cells();
    if let Some(cell) = cells.iter().position(|&digit| digit == 0) {
        return Some(format!("it leaves {} blank", name(cell)));
    }
    let changed = (0..n * n).find(|&c| puzzle.cells()[c] != 0 && puzzle.cells()[c] != cells[c]);
    if let Some(cell) = changed {
        return Some(format!(
            "it has {} at {} where the puzzle gives {}",
            symbol(cells[cell]),
            name(cell),
            symbol(puzzle.cells()[cell])
        ));
    }
    if let Some(clash) = stated.clash() {
        return Some(format!("it breaks a rule: {clash}"));
    }
    let excluded = marks.and_then(|marks| (0..81).find(|&c| !marks.sets()[c].contains(cells[c])));
    excluded.map(|cell| {
        format!(
            "it has {} at {}, which the pencil marks exclude",
            symbol(cells[cell]),
            name(cell)
        )
    })
}
