//! Drawings, candidate grids and rows of numbers: puzzles written over several lines.

use std::io::BufRead;

use super::line::{broken_line, is_cell};
use super::{
    Form, Item, Kind, Line, PuzzleReader, ReadError, ReadErrorKind, Record, VariantRecord,
};
use crate::candidates::Candidates;
use crate::error::ParseError;
use crate::grid::Grid;
use crate::variant::{Puzzle, Rules, Shape, VariantError, VariantErrorKind, digit_of, drawn_shape};

/// Whether a drawing may have side `n`: every side of [`Shape::new`], 4 to 25 (a side
/// without usual boxes, such as 7, needs its frames to tell them).
pub(super) fn drawing_side(n: usize) -> bool {
    (4..=25).contains(&n)
}

/// The side of the board whose boxes have side `box_side` (2 to 5: square boxes).
pub(super) fn side_of_box(box_side: usize) -> Option<usize> {
    (2..=5).contains(&box_side).then(|| box_side * box_side)
}

/// A line of numbers between commas or semicolons, in brackets or not, as the rows and
/// lines this reader takes: a grid saved by a spreadsheet (`5,3,,,7,,,,`: an empty field is
/// a blank), or written as a JSON or Python list of rows (`[[5, 3, 0, ...], ...]`, a row a
/// line or the whole list on one). The fields become whitespace-separated cells (a blank
/// `0`). A whole board on one line (n x n cells, more than a row can hold, or a list of n
/// lists of n) becomes its rows, or the line of its symbols up to 9x9. Any other line (one
/// of brackets alone among them), and a field that is no cell (`1.5`, `123`), is left as it
/// is. Returns the line, and the rows after it when a board was split into its rows. The
/// reader calls it on lines that no form reads as they are, and on a drawing's rows.
pub(super) fn separated_cells(text: String) -> (String, Vec<String>) {
    let allowed = |b: u8| {
        b.is_ascii_digit()
            || b.is_ascii_whitespace()
            || matches!(b, b'.' | b',' | b';' | b'[' | b']')
    };
    let (commas, semicolons) = (text.contains(','), text.contains(';'));
    if !text.bytes().all(allowed) || (commas && semicolons) {
        return (text, Vec::new());
    }
    // Rows of cells between spaces are drawings, read as they are; only a whole board on
    // one line is taken apart.
    let bracketed = text.contains(['[', ']']);
    if !(commas || semicolons || bracketed) && text.split_whitespace().count() <= 25 {
        return (text, Vec::new());
    }
    let unbracketed = text.replace(['[', ']'], " ");
    let mut fields: Vec<&str> = if commas || semicolons {
        unbracketed.split([',', ';']).map(str::trim).collect()
    } else {
        unbracketed.split_whitespace().collect()
    };
    if fields.iter().all(|field| field.is_empty()) {
        return (text, Vec::new());
    }
    // A separator after a list's row (`[...],`) ends it; one closing a row of cells
    // (`5,3,0,...,9,`) does too, unless the fields with that last one blank are as many as
    // a board's side.
    let listed = text
        .trim_end()
        .strip_suffix([',', ';'])
        .is_some_and(|rest| rest.trim_end().ends_with(']'));
    if fields.last() == Some(&"")
        && (listed
            || (Shape::SIZES.contains(&(fields.len() - 1))
                && !Shape::SIZES.contains(&fields.len())))
    {
        fields.pop();
    }
    let cell = |field: &&str| {
        field.is_empty()
            || *field == "."
            || (field.len() <= 2 && field.bytes().all(|b| b.is_ascii_digit()))
    };
    if fields.len() < 4 || !fields.iter().all(cell) {
        return (text, Vec::new());
    }
    let cells: Vec<&str> = fields
        .iter()
        .map(|field| {
            if matches!(*field, "" | ".") {
                "0"
            } else {
                field
            }
        })
        .collect();
    // A whole board: more cells than a row holds, or a list of n lists of n cells.
    let lists = text.bytes().filter(|&b| b == b'[').count();
    let side = Shape::SIZES.into_iter().find(|&n| {
        n * n == cells.len()
            && (n * n > 25 || (lists == n + 1 && text.trim_start().starts_with('[')))
    });
    match side {
        Some(n) if n <= 9 && cells.iter().all(|cell| cell.len() == 1) => {
            (cells.concat(), Vec::new())
        }
        Some(n) => {
            let mut rows = cells.chunks(n).map(|row| row.join(" "));
            let first = rows.next().unwrap_or_default();
            (first, rows.collect())
        }
        None => (cells.join(" "), Vec::new()),
    }
}

/// The cells of one row of a drawing or of numbers: how many, and whether they are numbers
/// (whitespace-separated, some of more than one digit or signed: a sign makes the row one of
/// numbers, so that the number is reported, not read without its sign). `None` for text that
/// is neither.
pub(super) fn row_width(text: &str) -> Option<(usize, bool)> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.is_empty() {
        return None;
    }
    let number = |t: &&str| {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if tokens.len() >= 2
        && tokens.iter().all(number)
        && tokens
            .iter()
            .any(|t| t.len() > 1 || t.starts_with(['-', '+']))
    {
        return Some((tokens.len(), true));
    }
    // One word of exactly `n` symbols of a board of side `n` (letters included): a row
    // written without separators, such as `1A..B.C9..5.` on a 12x12 board.
    if let [word] = tokens.as_slice() {
        let symbols: Vec<char> = word.chars().filter(|ch| !matches!(ch, '|' | '+')).collect();
        let n = symbols.len();
        if drawing_side(n)
            && symbols.iter().any(|ch| ch.is_ascii_alphabetic())
            && symbols.iter().all(|&ch| digit_of(ch, n).is_some())
        {
            return Some((n, false));
        }
    }
    // Symbols: digits and blanks in any layout; letters (10 and up) only between spaces.
    let mut cells = 0;
    for token in tokens {
        let symbols = token
            .chars()
            .filter(|ch| !matches!(ch, '|' | '+' | '-'))
            .collect::<Vec<_>>();
        let letters = symbols.iter().any(|ch| ch.is_ascii_alphabetic());
        if letters && symbols.len() > 1 {
            return None;
        }
        if !symbols
            .iter()
            .all(|&ch| ch.is_ascii_alphanumeric() || matches!(ch, '.' | '_'))
        {
            return None;
        }
        cells += symbols.len();
    }
    Some((cells, false))
}

/// The side of the board a row of a drawing or of numbers tells: its cells, when they are
/// the side of a usual board ([`Shape::SIZES`]); or any side of 4 to 25 (a 7x7 framed by
/// columns, a 14x14) when the row is numbers or each cell stands alone between spaces or
/// bars, as `{:#}` writes them, which a candidate grid's runs of digits are not.
pub(super) fn row_side(text: &str) -> Option<usize> {
    let (cells, numbers) = row_width(text)?;
    if Shape::SIZES.contains(&cells) {
        return Some(cells);
    }
    let spaced = text
        .split(|ch: char| ch.is_whitespace() || matches!(ch, '|' | '+'))
        .filter(|token| !token.is_empty() && !token.chars().all(|ch| ch == '-'))
        .all(|token| token.chars().count() == 1);
    (drawing_side(cells) && (numbers || spaced)).then_some(cells)
}

/// A frame line of a drawing: only `-`, `=`, `+`, `|`, `.`, `:`, `'`, `*` and spaces, with
/// at least one `-` or `=`.
pub(super) fn frame(text: &str) -> bool {
    text.bytes()
        .fold(false, |found, b| found | (b == b'-') | (b == b'='))
        && text.chars().all(|ch| {
            matches!(ch, '-' | '=' | '+' | '|' | '.' | ':' | '\'' | '*') || ch.is_whitespace()
        })
}

/// The number of cells of a drawing row (cells, spaces, `|`, `+`, `-`), or `None` when the
/// text holds anything else.
pub(super) fn drawing_cells(text: &str) -> Option<usize> {
    let mut cells = 0;
    for ch in text.chars() {
        if is_cell(ch) {
            cells += 1;
        } else if !(ch.is_whitespace() || matches!(ch, '|' | '+' | '-')) {
            return None;
        }
    }
    Some(cells)
}

/// The number of runs of digits (`0`-`9`) in the text: the cells of a candidate-grid row.
pub(super) fn digit_groups(text: &str) -> usize {
    let mut groups = 0;
    let mut in_group = false;
    for ch in text.chars() {
        let digit = ch.is_ascii_digit();
        groups += usize::from(digit && !in_group);
        in_group = digit;
    }
    groups
}

/// Whether the text is a row of a drawing, perhaps a broken one: a few cells (1 to 18)
/// between spaces and `|`, `+`, `-`, with at most three other characters.
pub(super) fn row_like(text: &str) -> bool {
    let (mut cells, mut other) = (0, 0);
    for ch in text.chars() {
        if is_cell(ch) {
            cells += 1;
        } else if !(ch.is_whitespace() || matches!(ch, '|' | '+' | '-')) {
            other += 1;
        }
    }
    (1..=18).contains(&cells) && (other == 0 || (cells >= 5 && other <= 3))
}

/// Whether the text is a row of a candidate grid: 2 to 9 groups of digits 1-9 between
/// spaces and `|`.
pub(super) fn candidate_row(text: &str) -> bool {
    let mut groups = 0;
    let mut in_group = false;
    for ch in text.chars() {
        match ch {
            '1'..='9' => {
                if !in_group {
                    groups += 1;
                    in_group = true;
                }
            }
            '|' => in_group = false,
            _ if ch.is_whitespace() => in_group = false,
            _ => return false,
        }
    }
    (2..=9).contains(&groups)
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads the rows of a drawing or candidate grid whose first line, `first`, is `text`
    /// (a row, or a frame line when `framed`): 9 rows, or in any-size mode as many rows as
    /// the first row has cells.
    pub(super) fn block(
        &mut self,
        first: usize,
        text: String,
        framed: bool,
    ) -> Result<Item, ReadError> {
        // Frame lines stay as empty lines, so that positions in errors stay right.
        let mut rows = Vec::with_capacity(13);
        let mut content = 0;
        let mut expected = (!framed && self.any)
            .then(|| row_side(&text))
            .flatten()
            .unwrap_or(9);
        rows.push(if framed { String::new() } else { text });
        content += usize::from(!framed);
        while content < expected {
            match self.next_line() {
                None => break,
                Some(Line::Bad(err)) => {
                    // The drawing is cut short; report it, and the bad line after it.
                    self.ahead.push_front(Line::Bad(err));
                    break;
                }
                Some(Line::Text(number, text)) => {
                    let text = self.unseparated(number, text);
                    match self.classify(&text, number) {
                        Kind::Blank | Kind::Record(_) | Kind::Variant(_) | Kind::Header(_) => {
                            self.ahead.push_front(Line::Text(number, text));
                            break;
                        }
                        Kind::Frame => rows.push(String::new()),
                        Kind::Row | Kind::Error(_) | Kind::SizeLine(_) => {
                            if content == 0 && self.any {
                                // A block opened by a frame: its first row tells the size.
                                expected = row_side(&text).unwrap_or(9);
                            }
                            rows.push(text);
                            content += 1;
                        }
                    }
                }
            }
        }
        if content == 1 && !framed {
            // One short line alone is more likely a cut-off puzzle line than a drawing.
            return Err(broken_line(&rows[0], first));
        }
        if content < expected {
            return Err(ReadError::new(
                first,
                ReadErrorKind::UnfinishedDrawing {
                    rows: content,
                    expected,
                },
            ));
        }
        // Frame lines under the last row belong to the drawing, and so does the bracket
        // closing a list of rows.
        loop {
            match self.next_line() {
                Some(Line::Text(number, text)) => {
                    if frame(&text) || text.trim() == "]" {
                        continue;
                    }
                    self.ahead.push_front(Line::Text(number, text));
                }
                Some(bad) => self.ahead.push_front(bad),
                None => {}
            }
            break;
        }
        let joined = rows.join("\n");
        if expected != 9
            || rows
                .iter()
                .any(|row| row_width(row).is_some_and(|(_, numbers)| numbers))
        {
            return self.variant_block(first, &rows, expected);
        }
        // Rows of 9 cells make a drawing; 81 groups of digits (a lone `0` for a cell without
        // candidates) a candidate grid; else blanks tell a broken drawing.
        let groups: usize = rows.iter().map(|row| digit_groups(row)).sum();
        let drawing = rows
            .iter()
            .all(|row| row.is_empty() || drawing_cells(row) == Some(9))
            || (groups != 81 && rows.iter().any(|row| row.contains(['.', '0', '_'])))
            || rows.iter().any(|row| row.contains(['.', '_']));
        let record = |puzzle, candidates, form| Record {
            line: first,
            puzzle,
            candidates,
            solution: None,
            comment: String::new(),
            form,
        };
        let shift =
            |err: ParseError| ReadError::new(first, ReadErrorKind::Parse(err.shifted(first, 0)));
        if drawing && drawn_shape(&joined, 9).is_some_and(|shape| shape != Shape::CLASSIC) {
            // A 9x9 drawing whose frames draw other boxes (9x1, 1x9).
            return self.variant_block(first, &rows, 9);
        }
        if drawing {
            let grid: Grid = joined.parse().map_err(shift)?;
            Ok(Item::Classic(record(grid, None, Form::Drawing)))
        } else {
            let marks: Candidates = joined.parse().map_err(shift)?;
            Ok(Item::Classic(record(
                marks.to_grid(),
                Some(marks),
                Form::MarksGrid,
            )))
        }
    }

    /// A drawing of another size, or rows of numbers, of side `n`.
    pub(super) fn variant_block(
        &self,
        first: usize,
        rows: &[String],
        n: usize,
    ) -> Result<Item, ReadError> {
        let fail =
            |line: usize, err: VariantError| ReadError::new(line, ReadErrorKind::variant(err));
        // Rows of numbers: some number of two digits or a sign, or, on a board above 9x9
        // (where `0` is no symbol), rows of whitespace-separated digits only.
        let digits_only = |row: &String| {
            row.split_whitespace()
                .all(|token| token.bytes().all(|b| b.is_ascii_digit()))
        };
        let numbers = rows
            .iter()
            .any(|row| row_width(row).is_some_and(|(_, numbers)| numbers))
            || (n > 9
                && rows.iter().all(digits_only)
                && rows.iter().any(|row| row.split_whitespace().count() == n));
        let (puzzle, form) = if numbers {
            let shape = Shape::for_size(n).ok_or_else(|| {
                fail(
                    first,
                    VariantError::new(VariantErrorKind::Shape, format!("no board of side {n}")),
                )
            })?;
            let mut cells = Vec::with_capacity(n * n);
            for (offset, row) in rows.iter().enumerate().filter(|(_, r)| !r.is_empty()) {
                let line = first + offset;
                let values: Vec<&str> = row.split_whitespace().collect();
                if let Some(signed) = values.iter().find(|v| v.starts_with(['-', '+'])) {
                    return Err(fail(
                        line,
                        VariantError::new(
                            VariantErrorKind::Symbol,
                            format!(
                                "{signed:?}: a sign before a number (a cell is 0 for a blank, or 1 to {n})"
                            ),
                        ),
                    ));
                }
                if values.len() != n {
                    return Err(fail(
                        line,
                        VariantError::new(
                            VariantErrorKind::Cells,
                            format!("{} numbers, a row of this board has {n}", values.len()),
                        ),
                    ));
                }
                for value in values {
                    let digit = value
                        .parse::<usize>()
                        .ok()
                        .filter(|&d| d <= n)
                        .ok_or_else(|| {
                            fail(
                                line,
                                VariantError::new(VariantErrorKind::Symbol, format!(
                                    "{value:?} is not a cell of a {n}x{n} board (0 for a blank, 1 to {n})"
                                )),
                            )
                        })?;
                    cells.push(digit as u8);
                }
            }
            let puzzle =
                Puzzle::with_rules(Rules::plain(shape), cells).map_err(|e| fail(first, e))?;
            (puzzle, Form::Numbers)
        } else {
            // The boxes the frames draw (frame lines are the empty rows), else the usual ones.
            let shape = drawn_shape(&rows.join("\n"), n)
                .or_else(|| Shape::for_size(n))
                .ok_or_else(|| {
                    fail(
                        first,
                        VariantError::new(VariantErrorKind::Shape, format!("no board of side {n}")),
                    )
                })?;
            let mut cells = Vec::with_capacity(n * n);
            for (offset, row) in rows.iter().enumerate() {
                for (column, ch) in row.chars().enumerate() {
                    if ch.is_whitespace() || matches!(ch, '|' | '+' | '-') {
                        continue;
                    }
                    let digit = digit_of(ch, n).ok_or_else(|| {
                        ReadError::new(
                            first + offset,
                            ReadErrorKind::Variant {
                                error: VariantError::new(VariantErrorKind::Symbol, format!(
                                    "{ch:?} is not a cell of a {n}x{n} board (1-{}, or '.' for a blank)",
                                    crate::variant::symbol(n as u8)
                                )),
                                column: Some(column + 1),
                            },
                        )
                    })?;
                    cells.push(digit);
                }
            }
            let puzzle =
                Puzzle::with_rules(Rules::plain(shape), cells).map_err(|e| fail(first, e))?;
            (puzzle, Form::Drawing)
        };
        Ok(Item::Variant(VariantRecord {
            line: first,
            puzzle,
            candidates: None,
            solution: None,
            comment: String::new(),
            form,
        }))
    }
}
