//! f-puzzles and SudokuPad links (feature `fpuzzles`): an f-puzzles JSON text compressed with
//! lz-string to base64, after `?load=` (f-puzzles) or `/fpuzzles` (SudokuPad).

use super::{ConstraintError, ConstraintErrorKind, ConstraintPuzzle};

/// The longest compressed text a link may carry (32 KiB; real puzzles take a few KiB):
/// lz-string output can grow with the square of its input, so a bound on the input bounds
/// the memory a hostile link can ask for.
pub const MAX_LINK_PAYLOAD: usize = 32 * 1024;

/// Where links that this crate writes point.
const FPUZZLES: &str = "https://f-puzzles.com/?load=";
const SUDOKUPAD: &str = "https://sudokupad.app/fpuzzles";

fn fail(kind: ConstraintErrorKind, message: String) -> ConstraintError {
    ConstraintError::new(kind, message)
}

/// The compressed payload of an f-puzzles or SudokuPad link.
fn payload(link: &str) -> Result<&str, ConstraintError> {
    let link = link.trim();
    let start = if let Some(at) = link.find("load=") {
        at + "load=".len()
    } else if let Some(at) = link.rfind("fpuzzles") {
        at + "fpuzzles".len()
    } else if link.contains("sudokupad") || link.contains("crackingthecryptic") {
        return Err(fail(
            ConstraintErrorKind::Unsupported,
            "a SudokuPad link without an f-puzzles puzzle (`.../fpuzzles...`); SudokuPad's own format is not read".into(),
        ));
    } else {
        return Err(fail(
            ConstraintErrorKind::Syntax,
            "not an f-puzzles link (`?load=...`) or a SudokuPad link carrying one (`.../fpuzzles...`)".into(),
        ));
    };
    let rest = &link[start..];
    let end = rest.find(['&', '#']).unwrap_or(rest.len());
    Ok(&rest[..end])
}

/// Undoes the URL escapes a base64 text may pick up: `%2B` `%2F` `%3D`, and spaces for `+`.
fn unescape(text: &str) -> Result<String, ConstraintError> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices();
    while let Some((i, ch)) = chars.next() {
        match ch {
            '%' => {
                let code = text.get(i + 1..i + 3).unwrap_or("");
                let decoded = match code.to_ascii_uppercase().as_str() {
                    "2B" => '+',
                    "2F" => '/',
                    "3D" => '=',
                    _ => {
                        return Err(fail(
                            ConstraintErrorKind::Syntax,
                            format!(
                                "link character {}: escape %{code} has no place in base64",
                                i + 1
                            ),
                        ));
                    }
                };
                out.push(decoded);
                chars.next();
                chars.next();
            }
            ' ' => out.push('+'),
            ch if ch.is_ascii_alphanumeric() || matches!(ch, '+' | '/' | '=') => out.push(ch),
            ch => {
                return Err(fail(
                    ConstraintErrorKind::Syntax,
                    format!("link payload character {}: {ch:?} is not base64", i + 1),
                ));
            }
        }
    }
    Ok(out)
}

impl ConstraintPuzzle {
    /// Reads an f-puzzles link (`https://f-puzzles.com/?load=<data>`) or a SudokuPad link
    /// carrying an f-puzzles puzzle (`https://sudokupad.app/fpuzzles<data>`).
    ///
    /// # Errors
    ///
    /// When the link is neither, its data does not decompress (or is longer than
    /// [`MAX_LINK_PAYLOAD`]), or the puzzle inside is refused (see
    /// [`from_fpuzzles`](ConstraintPuzzle::from_fpuzzles)).
    pub fn from_link(link: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        let data = unescape(payload(link)?)?;
        if data.len() > MAX_LINK_PAYLOAD {
            return Err(fail(
                ConstraintErrorKind::Syntax,
                format!(
                    "the link carries {} characters of data; at most {MAX_LINK_PAYLOAD} are read",
                    data.len()
                ),
            ));
        }
        let bad = || {
            fail(
                ConstraintErrorKind::Syntax,
                "the link's data does not decompress (lz-string base64)".into(),
            )
        };
        let wide = lz_str::decompress_from_base64(&data).ok_or_else(bad)?;
        let text = String::from_utf16(&wide).map_err(|_| bad())?;
        ConstraintPuzzle::from_fpuzzles(&text)
    }

    /// A link that opens the puzzle in f-puzzles.
    ///
    /// # Errors
    ///
    /// When the board is larger than 16x16.
    pub fn to_fpuzzles_link(&self) -> Result<String, ConstraintError> {
        Ok(format!(
            "{FPUZZLES}{}",
            lz_str::compress_to_base64(self.to_fpuzzles()?.as_str())
        ))
    }

    /// A link that opens the puzzle in SudokuPad.
    ///
    /// # Errors
    ///
    /// When the board is larger than 16x16.
    pub fn to_sudokupad_link(&self) -> Result<String, ConstraintError> {
        Ok(format!(
            "{SUDOKUPAD}{}",
            lz_str::compress_to_base64(self.to_fpuzzles()?.as_str())
        ))
    }

    /// Reads one puzzle in any form this module knows, told apart by its look: f-puzzles
    /// JSON or ipuz JSON (`{...}`), an f-puzzles link or a SudokuPad link. What the front
    /// ends call on a line of input.
    ///
    /// ```
    /// use sudoku_core::ConstraintPuzzle;
    ///
    /// let mut puzzle = ConstraintPuzzle::new(6)?;
    /// puzzle.set_given(0, 3)?;
    /// let link = puzzle.to_sudokupad_link()?;
    /// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
    /// assert_eq!(ConstraintPuzzle::read(&link)?, puzzle);
    /// assert_eq!(ConstraintPuzzle::read(&puzzle.to_fpuzzles()?)?, puzzle);
    /// assert!(ConstraintPuzzle::read("hello").is_err());
    /// # Ok::<(), sudoku_core::ConstraintError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As the reader of the form found.
    pub fn read(text: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        let text = text.trim().trim_start_matches('\u{feff}');
        if text.starts_with('{') {
            if text.contains("ipuz.org") {
                ConstraintPuzzle::from_ipuz(text)
            } else {
                ConstraintPuzzle::from_fpuzzles(text)
            }
        } else {
            ConstraintPuzzle::from_link(text)
        }
    }
}
