//! CSV files with a header naming the puzzle column, such as Kaggle's `quizzes,solutions`.

use super::line::{column_of, is_solution_field};
use super::{Form, Kind, ReadError, ReadErrorKind, Record};
use crate::candidates;
use crate::grid::Grid;

/// The columns of a CSV file, from its header.
#[derive(Clone, Copy, Debug)]
pub(super) struct Csv {
    pub(super) delimiter: char,
    pub(super) puzzle: Option<usize>,
    pub(super) solution: Option<usize>,
}

/// A data line of a CSV file whose header named the puzzle column.
pub(super) fn csv_record(text: &str, line: usize, csv: &Csv) -> Kind {
    let mut cells: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for part in text.split(csv.delimiter) {
        let trimmed = part.trim().trim_matches('"');
        let lead = part.find(trimmed).unwrap_or(0);
        cells.push((offset + lead, trimmed));
        offset += part.len() + csv.delimiter.len_utf8();
    }
    let puzzle_col = csv.puzzle.expect("csv_record needs a puzzle column");
    let Some(&(at, field)) = cells.get(puzzle_col) else {
        return Kind::Error(ReadError::new(line, ReadErrorKind::NotAPuzzle));
    };
    let column = column_of(text, at);
    let (puzzle, candidates, form) = if candidates::is_marks_line(field.as_bytes()) {
        match candidates::parse_line(field.as_bytes(), line, column) {
            Ok(marks) => (marks.to_grid(), Some(marks), Form::MarksLine),
            Err(err) => return Kind::Error(ReadError::new(line, ReadErrorKind::Parse(err))),
        }
    } else {
        match field.parse::<Grid>() {
            Ok(grid) if field.len() == 81 => (grid, None, Form::Line),
            Ok(_) => return Kind::Error(ReadError::new(line, ReadErrorKind::NotAPuzzle)),
            Err(err) => {
                return Kind::Error(ReadError::new(
                    line,
                    ReadErrorKind::Parse(err.shifted(line, column)),
                ));
            }
        }
    };
    let mut solution = None;
    if let Some(&(at, field)) = csv.solution.and_then(|col| cells.get(col))
        && !field.is_empty()
    {
        if !is_solution_field(field) {
            return Kind::Error(ReadError::new(
                line,
                ReadErrorKind::BadSolution {
                    column: column_of(text, at) + 1,
                },
            ));
        }
        solution = Some(field.parse().expect("81 digits"));
    }
    let rest: Vec<&str> = cells
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != puzzle_col && Some(i) != csv.solution)
        .map(|(_, &(_, field))| field)
        .filter(|field| !field.is_empty())
        .collect();
    Kind::Record(Box::new(Record {
        line,
        puzzle,
        candidates,
        solution,
        comment: rest.join(" "),
        form,
    }))
}

/// A CSV header: names separated by `,`, `;` or a tab (or one known name alone).
pub(super) fn header(text: &str) -> Option<Csv> {
    let delimiter = [',', ';', '\t'].into_iter().find(|&d| text.contains(d));
    let names: Vec<String> = match delimiter {
        Some(d) => text
            .split(d)
            .map(|n| n.trim().trim_matches('"').to_ascii_lowercase())
            .collect(),
        None => vec![text.trim().trim_matches('"').to_ascii_lowercase()],
    };
    let name_like = |n: &String| {
        n.starts_with(|ch: char| ch.is_ascii_alphabetic())
            && n.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '-' | ' '))
    };
    if !names.iter().all(name_like) {
        return None;
    }
    let find = |known: &[&str]| names.iter().position(|n| known.contains(&n.as_str()));
    let puzzle = find(&[
        "puzzle", "puzzles", "quiz", "quizzes", "grid", "grids", "sudoku", "sudokus", "question",
        "problem", "givens",
    ]);
    let solution = find(&["solution", "solutions", "answer", "answers", "solved"]);
    if delimiter.is_none() && puzzle.is_none() {
        return None;
    }
    Some(Csv {
        delimiter: delimiter.unwrap_or(','),
        puzzle,
        solution,
    })
}
