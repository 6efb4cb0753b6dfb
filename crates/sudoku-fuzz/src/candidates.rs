//! Target `candidates`: the pencil-mark parser in both its forms, with round trips.

use sudoku_core::{Candidates, Form, Grid};

use crate::SeedData;
use crate::reader::read_one;

/// Parses the input as [`Candidates`]; a position must print in both forms to text that
/// parses back to it, and its grid holds exactly its cells with one candidate.
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    match text.parse::<Candidates>() {
        Ok(marks) => round_trip(&marks),
        Err(err) => crate::grid::check_error(&err),
    }
}

/// Both printed forms of `marks` parse back to it, with [`Candidates`]'s parser and with
/// the puzzle reader (the grid form as a drawing when no cell has two candidates: the two
/// forms are then the same text); [`Candidates::to_grid`] keeps the cells with one candidate.
pub fn round_trip(marks: &Candidates) {
    let line = marks.to_string();
    assert_eq!(line.len(), 729, "{line:?}");
    assert_eq!(
        line.parse::<Candidates>().as_ref(),
        Ok(marks),
        "line {line:?}"
    );
    let drawing = format!("{marks:#}");
    assert_eq!(
        drawing.parse::<Candidates>().as_ref(),
        Ok(marks),
        "drawing {drawing:?}"
    );
    let back = read_one(&line);
    assert_eq!(
        (back.form, back.candidates.as_ref()),
        (Form::MarksLine, Some(marks))
    );
    let back = read_one(&drawing);
    if marks.sets().iter().any(|set| set.len() > 1) {
        assert_eq!(
            (back.form, back.candidates.as_ref()),
            (Form::MarksGrid, Some(marks))
        );
    } else {
        assert_eq!(back.form, Form::Drawing);
        assert_eq!(back.puzzle, marks.to_grid());
    }
    let grid = marks.to_grid();
    for cell in 0..81 {
        assert_eq!(
            grid[cell],
            marks.sets()[cell].single().unwrap_or(0),
            "cell {cell}"
        );
    }
    crate::grid::round_trip(&grid);
}

/// Each puzzle's position, also after a few eliminations, in both forms.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (k, grid) in data.grids.iter().enumerate() {
        let mut marks = Candidates::from_grid(grid);
        if k % 2 == 1 {
            for cell in (k % 7..81).step_by(5) {
                marks.remove(cell, (cell % 9) as u8 + 1);
            }
        }
        seeds.push(marks.to_string().into_bytes());
        seeds.push(format!("{marks:#}").into_bytes());
    }
    seeds.push(format!("{:#}", Candidates::from_grid(&Grid::EMPTY)).into_bytes());
    seeds
}
