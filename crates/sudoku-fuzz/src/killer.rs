//! Target `killer`: killer puzzles in the text form, the JSON form and JSON-lines files,
//! with exact round trips and a budgeted solve whose answer is checked.

use sudoku_killer::{
    Budget, KillerEntry, KillerPuzzle, KillerReader, KillerSolver, Solver, Verdict,
};

use crate::SeedData;

/// The search nodes a solve may take. Arbitrary cages can make a puzzle whose search is
/// long; a budget keeps each input quick while the answer is still checked.
pub const MAX_NODES: u64 = 2_000;

/// Parses the input as the text form and as JSON, and reads it as a file with
/// [`KillerReader`]; every puzzle must round-trip and solve right (see [`check_puzzle`]).
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    match text.parse::<KillerPuzzle>() {
        Ok(puzzle) => check_puzzle(&puzzle),
        Err(err) => assert!(!err.to_string().is_empty()),
    }
    match KillerEntry::from_json(&text) {
        Ok(entry) => {
            check_puzzle(&entry.puzzle);
            let line = entry.to_json();
            assert_eq!(KillerEntry::from_json(&line).as_ref(), Ok(&entry), "{line}");
        }
        Err(err) => assert!(!err.to_string().is_empty()),
    }
    for record in KillerReader::new(data) {
        match record {
            Ok(record) => check_puzzle(&record.puzzle),
            Err(err) => {
                assert!(!err.to_string().is_empty());
                assert!(!err.is_io(), "reading memory cannot fail: {err}");
            }
        }
    }
}

/// The JSON forms and the text form read back to the same puzzle (and the JSON text is
/// the same when written again); solving within [`MAX_NODES`] gives a grid that meets every
/// cage and given, or a verdict without one, never a clash (the puzzle was validated).
pub fn check_puzzle(puzzle: &KillerPuzzle) {
    let json = puzzle.to_json();
    let back = KillerPuzzle::from_json(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, puzzle, "{json}");
    assert_eq!(back.to_json(), json);
    let line = puzzle.to_json_line();
    assert!(!line.contains('\n'));
    assert_eq!(
        KillerPuzzle::from_json(&line).as_ref(),
        Ok(puzzle),
        "{line}"
    );
    let text = puzzle.to_string();
    assert_eq!(text.parse::<KillerPuzzle>().as_ref(), Ok(puzzle), "{text}");
    let cells: usize = puzzle.cages().iter().map(|c| c.cells.len()).sum();
    assert_eq!(cells, 81, "cages cover every cell once");
    match KillerSolver::default().solve_within(puzzle, Budget::nodes(MAX_NODES)) {
        Verdict::Solved(grid) => {
            assert!(puzzle.is_solution(&grid), "{grid:?} for\n{text}");
            if let Some(givens) = puzzle.givens() {
                assert!(grid.solves(givens));
            }
        }
        Verdict::NoSolution | Verdict::GaveUp { .. } => {}
        Verdict::Clash(clash) => panic!("a validated puzzle clashes: {clash}\n{text}"),
    }
}

/// Each killer of the data in the text, JSON and JSON-line forms, and a file of them.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    let mut file = String::new();
    for (k, puzzle) in data.killers.iter().enumerate() {
        seeds.push(puzzle.to_string());
        seeds.push(puzzle.to_json());
        file.push_str(&puzzle.to_json_line());
        file.push('\n');
        if k % 4 == 0 {
            seeds.push(file.clone());
        }
    }
    seeds.into_iter().map(String::into_bytes).collect()
}
