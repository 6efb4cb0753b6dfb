//! The crates.io variant solver `lisudoku-solver` (AGPL-3.0, xtask only) as a peer of the
//! constraint engine (`--peer`): its brute-force solver, which counts solutions up to 2, on
//! the constraint sets whose every rule it knows (givens, regions, extra regions, killer cages,
//! thermometers, arrows, both diagonals, anti-knight, anti-king, Kropki dots of 1 and 2 with
//! their negative rule, odd and even cells, renban lines, palindromes).

use lisudoku_solver::solver::Solver as LiSolver;
use lisudoku_solver::types::SudokuConstraints;
use serde_json::{Value, json};
use sudoku_core::{Constraint, ConstraintPuzzle, Filled, Tally, Verdict};

use super::args::Mode;
use super::data::{Puzzle, SetKind};
use super::runners::{Answer, Registry, Runner, constraint};

/// The peer's name in tables and `--algo`.
const NAME: &str = "lisudoku";

pub(crate) fn register(registry: &mut Registry) {
    registry.add(SetKind::Constraint, NAME, || Box::new(Lisudoku));
}

struct Lisudoku;

/// The puzzle in lisudoku's input form, or `None` when it has a rule lisudoku lacks.
pub(crate) fn convert(puzzle: &ConstraintPuzzle) -> Option<SudokuConstraints> {
    let n = puzzle.size();
    if n > 9 {
        return None;
    }
    let at = |cell: usize| json!({"row": cell / n, "col": cell % n});
    let cells = |list: &[usize]| Value::Array(list.iter().map(|&c| at(c)).collect());
    let mut out = json!({"gridSize": n});
    let fixed: Vec<Value> = (0..n * n)
        .filter(|&c| puzzle.givens()[c] != 0)
        .map(|c| json!({"position": at(c), "value": puzzle.givens()[c]}))
        .collect();
    out["fixedNumbers"] = Value::Array(fixed);
    let regions: Vec<Value> = (0..n)
        .map(|r| {
            let list: Vec<usize> = (0..n * n)
                .filter(|&c| usize::from(puzzle.regions()[c]) == r)
                .collect();
            cells(&list)
        })
        .collect();
    out["regions"] = Value::Array(regions);
    let mut lists: [Vec<Value>; 8] = Default::default();
    let (mut negative_difference, mut negative_ratio) = (false, false);
    for c in puzzle.constraints() {
        match c {
            Constraint::ExtraRegion(list) => lists[0].push(cells(list)),
            Constraint::Killer { cells: list, sum } => {
                lists[1].push(json!({"sum": sum, "region": cells(list)}))
            }
            Constraint::Thermometer(list) => lists[2].push(cells(list)),
            Constraint::Arrow { bulb, shaft } => {
                lists[3].push(json!({"circleCells": cells(bulb), "arrowCells": cells(shaft)}))
            }
            Constraint::Difference {
                cells: [a, b],
                difference: 1,
            } => lists[4].push(json!({"dotType": "Consecutive", "cell1": at(*a), "cell2": at(*b)})),
            Constraint::Ratio {
                cells: [a, b],
                ratio: 2,
            } => lists[4].push(json!({"dotType": "Double", "cell1": at(*a), "cell2": at(*b)})),
            Constraint::Odd(cell) => lists[5].push(at(*cell)),
            Constraint::Even(cell) => lists[6].push(at(*cell)),
            Constraint::Renban(list) => lists[7].push(cells(list)),
            Constraint::Palindrome(list) => {
                out.as_object_mut()?
                    .entry("palindromes")
                    .or_insert_with(|| json!([]))
                    .as_array_mut()?
                    .push(cells(list));
            }
            Constraint::NegativeDiagonal => out["primaryDiagonal"] = json!(true),
            Constraint::PositiveDiagonal => out["secondaryDiagonal"] = json!(true),
            Constraint::AntiKnight => out["antiKnight"] = json!(true),
            Constraint::AntiKing => out["antiKing"] = json!(true),
            Constraint::NegativeDifference => negative_difference = true,
            Constraint::NegativeRatio => negative_ratio = true,
            _ => return None,
        }
    }
    // lisudoku's negative rule covers both dots at once.
    if negative_difference != negative_ratio {
        return None;
    }
    if negative_difference {
        out["kropkiNegative"] = json!(true);
    }
    let keys = [
        "extraRegions",
        "killerCages",
        "thermos",
        "arrows",
        "kropkiDots",
        "oddCells",
        "evenCells",
        "renbans",
    ];
    for (key, list) in keys.into_iter().zip(lists) {
        if !list.is_empty() {
            out[key] = Value::Array(list);
        }
    }
    serde_json::from_value(out).ok()
}

impl Runner for Lisudoku {
    fn name(&self) -> &str {
        NAME
    }
    fn complete(&self) -> bool {
        true
    }
    fn accepts(&self, puzzle: &Puzzle) -> bool {
        matches!(puzzle, Puzzle::Constraint(p) if convert(p).is_some())
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let puzzle = constraint(puzzle);
        let input = convert(puzzle).expect("accepted puzzles convert");
        let result = LiSolver::new(input).brute_solve(true);
        match mode {
            Mode::Count => Answer::Count(result.solution_count as usize),
            Mode::Solve => Answer::Filled(match result.solution {
                Some(grid) => {
                    let cells = grid.0.iter().flatten().map(|&d| d as u8).collect();
                    Verdict::Solved(Filled::new(puzzle.size(), cells).expect("a filled board"))
                }
                None => Verdict::NoSolution,
            }),
        }
    }
    fn stats(&self) -> Tally {
        Tally::default()
    }
}
