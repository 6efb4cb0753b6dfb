//! Puzzles on one line: 81 cells or a pencil-mark line, or `n x n` symbols of another size,
//! with what surrounds them (an identifier, a solution, a comment).

use std::sync::Arc;

use super::{Form, Kind, ReadError, ReadErrorKind, Record, VariantRecord};
use crate::candidates;
use crate::grid::Grid;
use crate::variant::{Puzzle, Rules, Shape, VariantError, parse_cells};

pub(super) fn is_cell(ch: char) -> bool {
    matches!(ch, '1'..='9' | '.' | '0' | '_')
}

pub(super) fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';')
}

/// The fields of `text` between separators, with their byte offsets.
pub(super) fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|ch: char| !is_separator(ch))?;
        let len = rest[start..]
            .find(is_separator)
            .unwrap_or(rest.len() - start);
        let field = &rest[start..start + len];
        let at = offset + start;
        offset += start + len;
        rest = &rest[start + len..];
        Some((at, field))
    })
}

pub(super) fn is_puzzle_field(field: &str) -> bool {
    field.len() == 81 && field.chars().all(is_cell)
}

pub(super) fn is_solution_field(field: &str) -> bool {
    field.len() == 81 && field.bytes().all(|b| (b'1'..=b'9').contains(&b))
}

/// Whether a field looks like a puzzle, perhaps a broken one: long, mostly cells.
pub(super) fn looks_like_cells(field: &str) -> bool {
    field.len() >= 17 && field.chars().filter(|&ch| is_cell(ch)).count() * 2 > field.chars().count()
}

pub(super) fn column_of(text: &str, byte: usize) -> usize {
    text[..byte].chars().count()
}

/// Joins what is left of a line around the puzzle, without the separators at its ends.
pub(super) fn comment(parts: &[&str]) -> String {
    let trim = |s: &str| {
        s.trim_matches(|ch: char| is_separator(ch) || ch == '#')
            .to_string()
    };
    parts
        .iter()
        .map(|part| trim(part))
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The grid of the 81 cells `data` starts with, when its end or a separator follows them:
/// the common case, where [`first_puzzle_field`] finds those cells, read without splitting
/// the line (81 bytes parse to a grid exactly when each is a cell).
pub(super) fn leading_grid(data: &str) -> Option<Grid> {
    let ends = data
        .as_bytes()
        .get(81)
        .is_none_or(|&b| b.is_ascii() && is_separator(char::from(b)));
    if !ends {
        return None;
    }
    data.get(..81)?.parse().ok()
}

/// The first field of `data` (a line without its comment) that is a puzzle, after fields such
/// as an identifier; a field before it that looks like a broken puzzle makes the line a
/// broken one (not, say, a line whose solution passes for its puzzle).
pub(super) fn first_puzzle_field(data: &str) -> Option<(usize, &str)> {
    fields(data)
        .take_while(|(_, f)| {
            !looks_like_cells(f) || is_puzzle_field(f) || candidates::is_marks_line(f.as_bytes())
        })
        .find(|(_, f)| is_puzzle_field(f) || candidates::is_marks_line(f.as_bytes()))
}

/// A puzzle on one line: an 81-cell or 729-character field, with what surrounds it.
pub(super) fn line_record(text: &str, line: usize) -> Option<Kind> {
    let data_end = text.find('#').unwrap_or(text.len());
    let data = &text[..data_end];
    let leading = leading_grid(data);
    let (at, field) = match leading {
        Some(_) => (0, &data[..81]),
        None => first_puzzle_field(data)?,
    };
    let mut end = at + field.len();
    let (puzzle, candidates, form) = if field.len() == 81 {
        let puzzle = leading.unwrap_or_else(|| field.parse().expect("81 cells"));
        (puzzle, None, Form::Line)
    } else {
        match candidates::parse_line(field.as_bytes(), line, column_of(text, at)) {
            Ok(marks) => (marks.to_grid(), Some(marks), Form::MarksLine),
            Err(err) => return Some(Kind::Error(ReadError::new(line, ReadErrorKind::Parse(err)))),
        }
    };
    let mut solution = None;
    if let Some((next_at, next)) = fields(&data[end..]).next() {
        if is_solution_field(next) {
            solution = Some(next.parse().expect("81 digits"));
            end += next_at + next.len();
        } else if next.len() == 81 && next.bytes().filter(u8::is_ascii_digit).count() >= 70 {
            // A damaged solution must not pass for a comment.
            let column = column_of(text, end + next_at) + 1;
            return Some(Kind::Error(ReadError::new(
                line,
                ReadErrorKind::BadSolution { column },
            )));
        }
    }
    Some(Kind::Record(Box::new(Record {
        line,
        puzzle,
        candidates,
        solution,
        comment: comment(&[&text[..at], &text[end..]]),
        form,
    })))
}

/// A puzzle of another size on one line: a field of `n x n` symbols (16, 36, 64, 100, 144,
/// 225, 256, 400 or 625), optionally followed by its solution and a comment.
pub(super) fn variant_line(text: &str, line: usize) -> Option<Kind> {
    let data_end = text.find('#').unwrap_or(text.len());
    let data = &text[..data_end];
    let (at, field) = fields(data).next()?;
    let shape = Shape::for_cells(field.chars().count()).filter(|s| *s != Shape::CLASSIC)?;
    if !field
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '.' | '_'))
    {
        return None;
    }
    let rules = Rules::plain(shape);
    let n = shape.size();
    let fail = |err: VariantError| Kind::Error(ReadError::new(line, ReadErrorKind::variant(err)));
    let cells = match parse_cells(field, n) {
        Ok(cells) => cells,
        Err(err) => return Some(fail(err)),
    };
    let puzzle = Puzzle::with_rules(Arc::clone(&rules), cells).expect("cells in range");
    let mut end = at + field.len();
    let mut solution = None;
    if let Some((next_at, next)) = fields(&data[end..]).next()
        && next.chars().count() == n * n
        && let Ok(cells) = parse_cells(next, n)
        && cells.iter().all(|&d| d != 0)
    {
        solution = Some(Puzzle::with_rules(rules, cells).expect("cells in range"));
        end += next_at + next.len();
    }
    Some(Kind::Variant(Box::new(VariantRecord {
        line,
        puzzle,
        candidates: None,
        solution,
        comment: comment(&[&text[..at], &text[end..]]),
        form: Form::Line,
    })))
}

/// The most useful error for a line that is no puzzle: the parse error of its first field
/// that looks like a broken puzzle (or of a short line of cells alone), else "not a puzzle".
pub(super) fn broken_line(text: &str, line: usize) -> ReadError {
    let data = text.split('#').next().unwrap_or("");
    let short = fields(data)
        .next()
        .filter(|(_, f)| fields(data).count() == 1 && f.chars().all(is_cell));
    if let Some((at, field)) = fields(data).find(|(_, f)| looks_like_cells(f)).or(short) {
        let column = column_of(text, at);
        let err = if field.len() > 400 {
            candidates::parse_line(field.as_bytes(), line, column)
                .map(|_| ())
                .unwrap_err()
        } else {
            match field.parse::<Grid>() {
                Err(err) => err.shifted(line, column),
                // 81 cells with layout characters in between, such as `1.2|...`.
                Ok(_) => return ReadError::new(line, ReadErrorKind::NotAPuzzle),
            }
        };
        return ReadError::new(line, ReadErrorKind::Parse(err));
    }
    ReadError::new(line, ReadErrorKind::NotAPuzzle)
}
