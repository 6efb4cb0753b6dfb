//! Target `logic`: the ladder of techniques (hints, explanations, ratings) on pencil-mark
//! positions, every step checked against the position's one solution.
//!
//! The input is a puzzle and a list of pencil-mark eliminations. A puzzle is either the
//! input's first 81 bytes, when they are a grid line, or a random solved grid (seeded by the
//! first 8 bytes) with the cells the next 11 bytes' bits name kept as givens. Then each pair
//! of bytes `(a, b)` removes digit `b % 9 + 1` from cell `a % 81`: only where it is not the
//! digit of the givens' one solution when `b < 128`, anywhere otherwise (a wrong elimination,
//! which the checks must name rather than build on).

use sudoku_core::{Budget, Candidates, Grid};
use sudoku_gen::{Hint, LogicSolver, PositionError, RateError, Step};
use sudoku_mrv::MrvSolver;

use crate::SeedData;

/// The nodes each call may take: search nodes, steps and chain assumptions (see
/// `LogicSolver::explain_within`). Enough for every technique below nested chains on most
/// positions, and quick for the fuzzer.
pub const MAX_NODES: u64 = 20_000;

/// Builds the position the input describes (see the module's documentation) and checks the
/// ladder on it ([`check_position`]).
pub fn check(data: &[u8]) {
    let (grid, rest) = match data.get(..81).map(|line| std::str::from_utf8(line)) {
        Some(Ok(line)) if line.parse::<Grid>().is_ok() => {
            (line.parse::<Grid>().expect("parsed above"), &data[81..])
        }
        _ => random_puzzle(data),
    };
    let mut marks = Candidates::from_grid(&grid);
    let solution = unique_solution(&grid);
    for pair in rest.chunks_exact(2) {
        let (cell, digit) = (usize::from(pair[0]) % 81, pair[1] % 9 + 1);
        let wrong = solution.is_some_and(|s| s[cell] == digit);
        if grid[cell] == 0 && (pair[1] >= 128 || !wrong) {
            marks.remove(cell, digit);
        }
    }
    check_position(&marks);
}

/// A random solved grid from the first 8 bytes, keeping the cells the next 11 bytes' bits
/// name; and the bytes after those.
fn random_puzzle(data: &[u8]) -> (Grid, &[u8]) {
    let mut seed = [0u8; 8];
    let head = data.len().min(8);
    seed[..head].copy_from_slice(&data[..head]);
    let solution = sudoku_testing::random_solved_grid(u64::from_le_bytes(seed));
    let mut keep = [0u8; 11];
    let bits = data.len().clamp(head, 19);
    keep[..bits - head].copy_from_slice(&data[head..bits]);
    let mut grid = Grid::EMPTY;
    for cell in 0..81 {
        if keep[cell / 8] >> (cell % 8) & 1 == 1 {
            assert!(grid.set(cell, solution[cell]), "a cell and a digit");
        }
    }
    (grid, &data[bits..])
}

/// The grid's solution when it has exactly one.
fn unique_solution(grid: &Grid) -> Option<Grid> {
    let mut solver = MrvSolver::default();
    let (verdict, count) = sudoku_core::CountSolutions::solve_and_count(&mut solver, grid, 2);
    (count == 1).then(|| verdict.solution().expect("one solution"))
}

/// Within [`MAX_NODES`], on the position `marks`:
/// - [`sudoku_gen::solve_position`] gives a grid that fits the marks and solves the digits,
///   or names a fault, and [`sudoku_gen::hint_position_within`] names the same fault;
/// - a hint, and every step of the explanation, places only the solution's digits and
///   removes none of them;
/// - a rating of the position or of its digits comes with ED ≤ EP ≤ ER when the ladder
///   solved it, and is refused exactly when the digits do not have one solution.
pub fn check_position(marks: &Candidates) {
    let budget = || Budget::nodes(MAX_NODES);
    let solved = sudoku_gen::solve_position(marks, budget());
    let solution = match &solved {
        Ok(solution) => {
            assert!(solution.is_complete() && solution.clash().is_none());
            assert!(marks.allows(solution), "{solution}");
            assert!(solution.solves(&marks.to_grid()), "{solution}");
            Some(*solution)
        }
        Err(_) => None,
    };
    let hint = sudoku_gen::hint_position_within(marks, budget());
    match (&hint, &solved) {
        (Ok(Hint::Step(step)), Ok(solution)) => sound(step, solution),
        (Ok(Hint::Step(step)), Err(err)) => panic!("a step {step} for a faulty position: {err:?}"),
        (Ok(Hint::NeedsSearch | Hint::Solved), Ok(_)) | (Err(_), _) => {}
        (Ok(fault), Err(PositionError::Hint(named))) => assert_eq!(fault, named),
        (Ok(found), Err(PositionError::GaveUp(_))) => {
            panic!("the hint settled {found:?} where the same check within the same budget gave up")
        }
        (Ok(found), Err(err)) => panic!("{found:?} beside {err:?}"),
        (Ok(other), Ok(_)) => panic!("{other:?} for a position with one solution"),
    }
    if let Some(solution) = &solution {
        let mut board = LogicSolver::from_candidates(marks);
        let explained = board.explain_within(budget(), |step| sound(step, solution));
        if explained.is_ok_and(|report| report.solved) {
            assert_eq!(board.grid(), *solution);
        }
    }
    let rated = sudoku_gen::rate_position_within(marks, budget());
    if let Ok(rating) = &rated {
        assert!(
            solution.is_some(),
            "a rating of a faulty position: {solved:?}"
        );
        if rating.solved_by_logic {
            assert!(
                rating.ed <= rating.ep && rating.ep <= rating.er,
                "{rating:?}"
            );
        }
    }
    let grid = marks.to_grid();
    match sudoku_gen::rate_within(&grid, budget()) {
        Ok(rating) => {
            assert!(unique_solution(&grid).is_some(), "{grid}");
            if rating.solved_by_logic {
                assert!(
                    rating.ed <= rating.ep && rating.ep <= rating.er,
                    "{rating:?}"
                );
            }
        }
        Err(RateError::Clash(clash)) => assert_eq!(grid.clash(), Some(clash)),
        Err(RateError::NoSolution | RateError::SeveralSolutions) => {
            assert!(unique_solution(&grid).is_none(), "{grid}");
        }
        Err(_) => {}
    }
}

/// The step places only the solution's digits and removes none of them.
fn sound(step: &Step, solution: &Grid) {
    for &(cell, digit) in &step.placements {
        assert_eq!(solution[cell], digit, "{step} places a wrong digit");
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(solution[cell], digit, "{step} removes the solution's digit");
    }
}

/// The puzzles of the benchdata sets (hard ones among them), each alone and with a few
/// eliminations, and random puzzles from seeds with about a third of the cells kept.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (i, grid) in data.grids.iter().enumerate().take(60) {
        let mut seed = grid.to_string().into_bytes();
        seeds.push(seed.clone());
        seed.extend((0..8u8).flat_map(|k| [k.wrapping_mul(37).wrapping_add(i as u8), k]));
        seeds.push(seed);
    }
    for seed in 1..=20u64 {
        let mut bytes = seed.to_le_bytes().to_vec();
        bytes.extend((0..11u64).map(|k| (seed.wrapping_mul(0x9e37_79b9) >> k) as u8 & 0x6d));
        seeds.push(bytes);
    }
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The oracle catches a step that removes the solution's digit: the check fails when a
    /// technique goes wrong.
    #[test]
    #[should_panic(expected = "removes the solution's digit")]
    fn a_step_removing_the_solution_digit_is_a_finding() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = unique_solution(&puzzle).unwrap();
        let Hint::Step(mut step) = sudoku_gen::hint(&puzzle) else {
            panic!("a step")
        };
        sound(&step, &solution);
        step.eliminations.push((2, solution[2]));
        sound(&step, &solution);
    }

    /// An input whose eliminations have their high bit set removes the solution's digit;
    /// the position is then named as wrong, and the check passes.
    #[test]
    fn a_wrong_elimination_is_named_not_built_on() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = unique_solution(&puzzle).unwrap();
        let mut input = PUZZLE.as_bytes().to_vec();
        let wrong = (128..=255u8).find(|b| b % 9 + 1 == solution[2]).unwrap();
        input.extend([2, wrong]);
        check(&input);
        let mut marks = Candidates::from_grid(&puzzle);
        marks.remove(2, solution[2]);
        assert_eq!(
            sudoku_gen::hint_position(&marks),
            Hint::WrongElimination {
                cell: 2,
                digit: solution[2]
            }
        );
    }
}
