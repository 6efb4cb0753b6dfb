//! CSV files with a header naming the puzzle column, such as Kaggle's `quizzes,solutions`.

use super::line::{column_of, comment, is_solution_field};
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

/// The fields of a CSV line split at `delimiter`, each with the byte offset of its content:
/// a field in double quotes may hold the delimiter, and `""` for a quote (RFC 4180; a quoted
/// field does not span lines). White space around a field is dropped.
pub(super) fn split_fields(text: &str, delimiter: char) -> Vec<(usize, String)> {
    let mut fields = Vec::new();
    let mut chars = text.char_indices().peekable();
    loop {
        while chars
            .next_if(|&(_, ch)| ch != delimiter && ch.is_whitespace())
            .is_some()
        {}
        let mut value = String::new();
        let mut start = chars.peek().map_or(text.len(), |&(at, _)| at);
        if chars.next_if(|&(_, ch)| ch == '"').is_some() {
            start = chars.peek().map_or(text.len(), |&(at, _)| at);
            while let Some((_, ch)) = chars.next() {
                if ch == '"' && chars.next_if(|&(_, ch)| ch == '"').is_none() {
                    break;
                }
                value.push(ch);
            }
        }
        while let Some((_, ch)) = chars.next_if(|&(_, ch)| ch != delimiter) {
            value.push(ch);
        }
        fields.push((start, value.trim().to_string()));
        if chars.next().is_none() {
            return fields;
        }
    }
}

/// A data line of a CSV file whose header named the puzzle column.
pub(super) fn csv_record(text: &str, line: usize, csv: &Csv) -> Kind {
    let fields = split_fields(text, csv.delimiter);
    let cells: Vec<(usize, &str)> = fields.iter().map(|(at, f)| (*at, f.as_str())).collect();
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
        // As on a line: without the separators around it, so that the record written as a
        // line (`<puzzle> <solution> # <comment>`) reads back the same.
        comment: comment(&rest),
        form,
    }))
}

/// A CSV header: names separated by `,`, `;` or a tab (or one known name alone).
pub(super) fn header(text: &str) -> Option<Csv> {
    let delimiter = [',', ';', '\t'].into_iter().find(|&d| text.contains(d));
    let names: Vec<String> = match delimiter {
        Some(d) => split_fields(text, d)
            .into_iter()
            .map(|(_, name)| name.to_ascii_lowercase())
            .collect(),
        None => vec![text.trim().trim_matches('"').to_ascii_lowercase()],
    };
    // A column name: a word, perhaps of several, starting with a letter (a quoted name may
    // hold punctuation, the delimiter included); a puzzle or a number is no name.
    let name_like = |n: &String| {
        n.starts_with(|ch: char| ch.is_ascii_alphabetic())
            && n.len() <= 64
            && n.chars().all(|ch| !ch.is_control())
            && n.chars().filter(|ch| ch.is_ascii_digit()).count() * 2 < n.len()
    };
    // An empty name is a column without one, as pandas writes its index; at least one name.
    if !names.iter().all(|n| n.is_empty() || name_like(n)) || !names.iter().any(name_like) {
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

#[cfg(test)]
mod tests {
    use super::split_fields;

    fn values(text: &str) -> Vec<String> {
        split_fields(text, ',')
            .into_iter()
            .map(|(_, f)| f)
            .collect()
    }

    #[test]
    fn quoted_fields_keep_their_commas_and_quotes() {
        assert_eq!(values("a,b,,c"), ["a", "b", "", "c"]);
        assert_eq!(values(r#"1,"x, y",2"#), ["1", "x, y", "2"]);
        assert_eq!(values(r#""say ""hi""",z"#), [r#"say "hi""#, "z"]);
        assert_eq!(values(" a , \"b\" "), ["a", "b"]);
        assert_eq!(values(""), [""]);
        assert_eq!(values(r#""open"#), ["open"]);
        // Offsets point at each field's content.
        let text = r#"id,"p,q",x"#;
        let offsets: Vec<usize> = split_fields(text, ',').iter().map(|f| f.0).collect();
        assert_eq!(offsets, [0, 4, 9]);
    }
}
