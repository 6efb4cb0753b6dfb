//! Target `front`: the front door's reading of one puzzle ([`Board::parse`], what the command
//! line and the Python package call on a string) and every form it writes the board back in,
//! compared by what the puzzle means: its givens, its pencil marks and the cells each of its
//! units holds.

use sudoku_api::{Board, Front, PuzzleForm};

use crate::SeedData;

/// Parses the input as both front ends do (the same answer but for the wording of messages
/// that name their own calls); a board read must mean the same once written back (see
/// [`round_trip`]).
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    let cli = Board::parse(&text, Front::Cli);
    let python = Board::parse(&text, Front::Python);
    match (&cli, &python) {
        (Ok(board), Ok(other)) => {
            assert_eq!(board, other);
            round_trip(board);
        }
        (Err(err), Err(other)) => {
            assert!(!err.message().is_empty() && !other.message().is_empty());
            assert_eq!(err.kind(), other.kind());
        }
        _ => panic!("the front ends disagree: {cli:?} and {python:?}"),
    }
}

/// The givens, the pencil marks (a classic position's) and the sorted cells of each unit,
/// sorted: what the board means, whatever form it is held in.
type Meaning = (Vec<u8>, Option<String>, Vec<Vec<usize>>);

fn meaning(board: &Board) -> Meaning {
    if let Board::Classic {
        grid,
        marks: Some(marks),
    } = board
    {
        return (grid.cells().to_vec(), Some(marks.to_string()), Vec::new());
    }
    let puzzle = board
        .to_constraint()
        .expect("every board but a position converts");
    let mut units: Vec<Vec<usize>> = puzzle
        .units()
        .into_iter()
        .map(|mut unit| {
            unit.sort_unstable();
            unit
        })
        .collect();
    units.sort();
    units.dedup();
    let mut constraints: Vec<String> = puzzle
        .constraints()
        .iter()
        .map(|c| format!("{c:?}"))
        .collect();
    constraints.sort();
    let rest = (!constraints.is_empty()).then(|| constraints.join(";"));
    (puzzle.givens().to_vec(), rest, units)
}

/// The board's line (what every answer carries) reads back to a board that means the same,
/// and so does each form it can be written in (a link, f-puzzles, ipuz) and its conversion to
/// a constraint puzzle and back; a row of cells comes only from a board a row can hold.
pub fn round_trip(board: &Board) {
    let meant = meaning(board);
    let line = board.line();
    assert!(!line.contains('\n'), "{line:?}");
    let back = Board::parse(&line, Front::Cli).unwrap_or_else(|e| panic!("{line}: {e:?}"));
    assert_eq!(meaning(&back), meant, "line {line}");
    if let Ok(cells) = board.cells() {
        let row = Board::from_cells(cells).unwrap_or_else(|e| panic!("{cells:?}: {e:?}"));
        assert_eq!(meaning(&row), meant, "row {cells:?}");
    }
    let Ok(puzzle) = board.to_constraint() else {
        assert!(matches!(board, Board::Classic { marks: Some(_), .. }));
        return;
    };
    assert_eq!(meaning(&Board::from_constraint(puzzle)), meant);
    for &form in PuzzleForm::ALL {
        if let Ok(text) = board.write(form) {
            let back = Board::parse(&text, Front::Cli).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(meaning(&back), meant, "{} {text}", form.name());
        }
    }
}

/// Single puzzles in every form the readers take (lines with comments, drawings, pencil
/// marks, boards of other sizes and variants as JSON lines), and the variant target's
/// f-puzzles JSON and links.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = crate::puzzle::seeds(data);
    for grid in data.grids.iter().take(6) {
        let marks = sudoku_core::Candidates::from_grid(grid);
        seeds.push(format!("{grid} # a comment").into_bytes());
        seeds.push(marks.to_string().into_bytes());
        seeds.push(format!("{marks:#}").into_bytes());
    }
    seeds.extend(crate::variant::seeds(data).into_iter().step_by(3));
    seeds
}
