//! Target `grid`: [`Grid`]'s parser against a plain statement of the language it accepts,
//! and both printed forms parsed back.

use sudoku_core::{Grid, ParseError, ParseErrorKind};

use crate::SeedData;

/// Parses the input as a [`Grid`] and checks the answer against [`expected`]; a grid must
/// print (`{}` and `{:#}`) to text that parses back to it.
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    let parsed = text.parse::<Grid>();
    let want = expected(&text);
    match (&parsed, &want) {
        (Ok(grid), Ok(cells)) => {
            assert_eq!(grid.cells(), cells, "cells of {text:?}");
            round_trip(grid);
        }
        (Err(err), Err(kind)) => {
            assert_eq!(err.kind(), kind, "error for {text:?}");
            check_error(err);
        }
        _ => panic!("{text:?}: parsed {parsed:?}, expected {want:?}"),
    }
}

/// Both printed forms of `grid` parse back to it, and the line is 81 characters.
pub fn round_trip(grid: &Grid) {
    assert!(grid.cells().iter().all(|&v| v <= 9), "{grid:?}");
    let line = grid.to_string();
    assert_eq!(line.len(), 81, "{line:?}");
    assert_eq!(line.parse::<Grid>().as_ref(), Ok(grid), "line {line:?}");
    let drawing = format!("{grid:#}");
    assert_eq!(
        drawing.parse::<Grid>().as_ref(),
        Ok(grid),
        "drawing {drawing:?}"
    );
}

/// An error has a message, and its position, when it has one, is 1-based.
pub(crate) fn check_error(err: &ParseError) {
    assert!(!err.to_string().is_empty());
    if let Some((line, column)) = err.position() {
        assert!(line >= 1 && column >= 1, "{err:?}");
    }
}

/// What the parser must answer, written as plainly as the contract states it: after an
/// optional byte-order mark, `1`-`9` are givens, `.`, `0` and `_` blanks, spaces, tabs,
/// `|`, `-`, `+`, CR and LF are ignored, except that a `-` or `+` right before a digit is a
/// sign, an error at the sign; any other character is an error at its line and column (in
/// characters), an 82nd cell is an error where it stands, fewer than 81 cells an error that
/// counts them.
pub fn expected(text: &str) -> Result<[u8; 81], ParseErrorKind> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cells = [0u8; 81];
    let mut n = 0;
    for (l, line) in text.split('\n').enumerate() {
        let mut before = None;
        for (c, ch) in line.chars().enumerate() {
            let (line, column) = (l + 1, c + 1);
            if let Some(sign @ ('-' | '+')) = before
                && ch.is_ascii_digit()
            {
                return Err(ParseErrorKind::Sign {
                    ch: sign,
                    line,
                    column: c,
                });
            }
            before = Some(ch);
            let value = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' | '_' => 0,
                ' ' | '\t' | '|' | '-' | '+' | '\r' => continue,
                _ => return Err(ParseErrorKind::InvalidChar { ch, line, column }),
            };
            if n == 81 {
                return Err(ParseErrorKind::TooManyCells { line, column });
            }
            cells[n] = value;
            n += 1;
        }
    }
    if n < 81 {
        return Err(ParseErrorKind::TooFewCells { found: n });
    }
    Ok(cells)
}

/// Every puzzle and solution of the data as a line and as a drawing.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    data.grids
        .iter()
        .flat_map(|g| [g.to_string(), format!("{g:#}")])
        .map(String::into_bytes)
        .collect()
}
