//! Target `puzzle`: puzzles of every size and variant, from a line or a drawing
//! ([`Puzzle`]'s `FromStr`) or a JSON line (through [`AnyReader`](sudoku_core::AnyReader)),
//! with round trips.

use sudoku_core::{Puzzle, PuzzleReader, Rules, Shape};
use sudoku_testing::VARIANT_CASES;

use crate::SeedData;

/// Parses the input as a [`Puzzle`], and reads it as a file of JSON lines when it starts
/// with `{`; every puzzle must round-trip (see [`round_trip`]).
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    match text.parse::<Puzzle>() {
        Ok(puzzle) => round_trip(&puzzle),
        Err(err) => assert!(!err.to_string().is_empty()),
    }
    if text.trim_start().starts_with('{') {
        for record in PuzzleReader::new(data).any_size() {
            match record {
                Ok(record) => round_trip(&record.puzzle),
                Err(err) => assert!(!err.to_string().is_empty()),
            }
        }
    }
}

/// A puzzle's values fit its board; its JSON line reads back to it; with plain rules (no
/// jigsaw, no extra units), its drawing (`{:#}`, which frames the boxes) parses back to it
/// too, and so does its line (`{}`) when its boxes are the usual ones of its side.
pub fn round_trip(puzzle: &Puzzle) {
    let n = puzzle.size();
    assert_eq!(puzzle.cells().len(), n * n);
    assert!(
        puzzle.cells().iter().all(|&v| usize::from(v) <= n),
        "{puzzle:?}"
    );
    let json = puzzle.to_json();
    let back: Vec<_> = PuzzleReader::new(json.as_bytes()).any_size().collect();
    assert_eq!(back.len(), 1, "{json}");
    match &back[0] {
        Ok(record) => assert_eq!(&record.puzzle, puzzle, "{json}"),
        Err(err) => panic!("{json}: {err}"),
    }
    let shape = puzzle.rules().shape();
    if Rules::new(shape) == *puzzle.rules() {
        let drawing = format!("{puzzle:#}");
        assert_eq!(
            drawing.parse::<Puzzle>().as_ref(),
            Ok(puzzle),
            "drawing {drawing:?}"
        );
        if shape.is_usual() {
            let line = puzzle.to_string();
            assert_eq!(line.parse::<Puzzle>().as_ref(), Ok(puzzle), "line {line:?}");
        }
    }
}

/// The variant cases of the conformance table (every size, jigsaw, diagonals, windows) in
/// every form, classic puzzles, classic givens under variant rules as JSON lines, and boards
/// of other box shapes.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for case in VARIANT_CASES {
        let puzzle = case.puzzle();
        seeds.push(puzzle.to_string());
        seeds.push(format!("{puzzle:#}"));
        seeds.push(puzzle.to_json());
    }
    for grid in data.grids.iter().take(20) {
        let puzzle = Puzzle::from(grid);
        seeds.push(puzzle.to_string());
        seeds.push(format!("{puzzle:#}"));
        let jigsaw: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        for rules in [
            Rules::classic().with_diagonals(true),
            Rules::classic().with_windoku(true).expect("9x9"),
            Rules::classic()
                .with_jigsaw(&jigsaw)
                .expect("rows as regions"),
        ] {
            let variant = Puzzle::new(rules, puzzle.cells().to_vec()).expect("9x9 cells");
            seeds.push(variant.to_json());
        }
    }
    // Boxes other than the usual ones of their side: tall, and whole columns of a side
    // without usual boxes.
    for (rows, cols) in [(3, 2), (9, 1), (7, 1), (1, 7)] {
        let shape = Shape::new(rows, cols).expect("a side of 4 to 25");
        let n = shape.size();
        let cells = (0..n * n)
            .map(|i| {
                if i % 3 == 0 {
                    0
                } else {
                    ((i % n + i / n) % n + 1) as u8
                }
            })
            .collect();
        let puzzle = Puzzle::new(Rules::new(shape), cells).expect("digits of the board");
        seeds.push(format!("{puzzle:#}"));
        seeds.push(puzzle.to_json());
    }
    seeds.into_iter().map(String::into_bytes).collect()
}
