//! [`KillerReader`]: killer puzzles streamed from any [`BufRead`], in every form the crate
//! reads.

use std::fmt;
use std::io::{self, BufRead};

use sudoku_core::Grid;

use crate::error::{KillerError, KillerErrorKind};
use crate::puzzle::{KillerEntry, KillerPuzzle};

/// The longest line [`KillerReader`] reads, and the largest JSON value, in bytes.
const MAX_LINE: usize = 64 * 1024;
const MAX_VALUE: usize = 1024 * 1024;

/// Reads killer puzzles one by one: JSON Lines (one value of the JSON family per line, see
/// [`KillerPuzzle::from_json`]), JSON values spread over several lines, and the text form
/// (the cage map, then the sums; puzzles separated by blank lines). Lines starting with `#`,
/// blank lines and header objects without cages (such as `{"expect": "unique"}`) are skipped.
///
/// Each item is a [`KillerRecord`] with the line its puzzle starts on, or a
/// [`KillerReadError`] naming the line; after a line that is not JSON or a puzzle that is not
/// valid, reading goes on with the next one, so nothing after a bad puzzle is lost. After an
/// I/O error the iteration ends.
///
/// ```
/// use sudoku_killer::{GeneratorConfig, KillerEntry, KillerReader, generate};
///
/// let made = generate(5, &GeneratorConfig::default());
/// let line = KillerEntry::new(made.puzzle.clone(), Some(made.solution)).to_json();
/// let text = format!("{{\"expect\": \"unique\"}}\n{line}\nnot json\n{line}\n");
/// let items: Vec<_> = KillerReader::new(text.as_bytes()).collect();
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[0].as_ref().unwrap().line, 2);
/// assert_eq!(items[1].as_ref().unwrap_err().line(), 3);
/// assert_eq!(items[2].as_ref().unwrap().puzzle, made.puzzle);
/// ```
#[derive(Debug)]
pub struct KillerReader<R> {
    input: R,
    line: usize,
    ahead: Option<(usize, String)>,
    done: bool,
}

/// One killer puzzle read by [`KillerReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KillerRecord {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    /// The puzzle.
    pub puzzle: KillerPuzzle,
    /// Its expected solution, when the input gives one (as written: check it with
    /// [`KillerPuzzle::is_solution`]).
    pub solution: Option<Grid>,
}

/// A killer puzzle that could not be read, with the line where it starts.
#[derive(Debug)]
pub struct KillerReadError {
    line: usize,
    kind: ReadErrorKind,
}

#[derive(Debug)]
enum ReadErrorKind {
    Puzzle(KillerError),
    TooLong(usize),
    NotUtf8,
    Io(io::Error),
}

impl KillerReadError {
    /// The 1-based line of the error.
    pub fn line(&self) -> usize {
        match &self.kind {
            ReadErrorKind::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, .. } if *line > 0 => *line,
                _ => self.line,
            },
            _ => self.line,
        }
    }

    /// The 1-based column of the error, when it points at one.
    pub fn column(&self) -> Option<usize> {
        match &self.kind {
            ReadErrorKind::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, column, .. } if *line > 0 => Some(*column),
                _ => None,
            },
            _ => None,
        }
    }

    /// What went wrong, without the line and column (see [`line`](KillerReadError::line)
    /// and [`column`](KillerReadError::column)), for programs that write the place their own
    /// way, such as `FILE:LINE:COLUMN: message`.
    pub fn message(&self) -> String {
        match &self.kind {
            ReadErrorKind::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, message, .. } if *line > 0 => message.clone(),
                _ => err.to_string(),
            },
            ReadErrorKind::TooLong(max) => format!("longer than {max} bytes, skipped"),
            ReadErrorKind::NotUtf8 => "not UTF-8 text".into(),
            ReadErrorKind::Io(err) => format!("read error: {err}"),
        }
    }

    /// The puzzle error, when the input was read but is not a valid puzzle.
    pub fn puzzle_error(&self) -> Option<&KillerError> {
        match &self.kind {
            ReadErrorKind::Puzzle(err) => Some(err),
            _ => None,
        }
    }

    /// Whether reading the input failed (the iteration ends).
    pub fn is_io(&self) -> bool {
        matches!(self.kind, ReadErrorKind::Io(_))
    }
}

impl fmt::Display for KillerReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line())?;
        if let Some(column) = self.column() {
            write!(f, ", column {column}")?;
        }
        write!(f, ": {}", self.message())
    }
}

impl std::error::Error for KillerReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Puzzle(err) => Some(err),
            ReadErrorKind::Io(err) => Some(err),
            _ => None,
        }
    }
}

/// A syntax error of a piece of text that starts at line `first` of the input, its lines
/// counted from there.
fn shift(err: KillerError, first: usize) -> KillerError {
    match err.kind() {
        KillerErrorKind::Syntax {
            line,
            column,
            message,
        } if *line > 0 => KillerError::syntax(line + first - 1, *column, message.clone()),
        _ => err,
    }
}

impl<R: BufRead> KillerReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> KillerReader<R> {
        KillerReader {
            input,
            line: 0,
            ahead: None,
            done: false,
        }
    }

    /// The next line (without its line break), or an error for an unreadable one.
    fn next_line(&mut self) -> Option<Result<(usize, String), KillerReadError>> {
        if let Some(line) = self.ahead.take() {
            return Some(Ok(line));
        }
        if self.done {
            return None;
        }
        let mut bytes = Vec::new();
        let mut too_long = false;
        let mut started = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => {
                    self.done = true;
                    return Some(Err(KillerReadError {
                        line: self.line + 1,
                        kind: ReadErrorKind::Io(err),
                    }));
                }
            };
            if available.is_empty() {
                self.done = true;
                if !started {
                    return None;
                }
                break;
            }
            started = true;
            let (chunk, used, end) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (&available[..at], at + 1, true),
                None => (available, available.len(), false),
            };
            if !too_long {
                if bytes.len() + chunk.len() > MAX_LINE {
                    too_long = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if end {
                break;
            }
        }
        self.line += 1;
        let line = self.line;
        if too_long {
            return Some(Err(KillerReadError {
                line,
                kind: ReadErrorKind::TooLong(MAX_LINE),
            }));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if line == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Ok((line, text)),
            Err(_) => Err(KillerReadError {
                line,
                kind: ReadErrorKind::NotUtf8,
            }),
        })
    }

    /// A JSON value starting at `first` with `text`, continued over more lines until its
    /// braces balance, a blank line, or a line that starts a new value at its first column
    /// (so that a broken line cannot swallow the puzzles after it).
    fn json(
        &mut self,
        first: usize,
        text: String,
    ) -> Result<Option<KillerRecord>, KillerReadError> {
        let mut value = text;
        let mut depth = Depth::default();
        depth.scan(&value);
        while depth.open() && value.len() <= MAX_VALUE {
            match self.next_line() {
                Some(Ok((number, more))) => {
                    if more.trim().is_empty() || more.starts_with('{') {
                        self.ahead = Some((number, more));
                        break;
                    }
                    depth.scan(&more);
                    value.push('\n');
                    value.push_str(&more);
                }
                Some(Err(err)) => {
                    self.done = self.done || err.is_io();
                    return Err(err);
                }
                None => break,
            }
        }
        let fail = |err: KillerError| KillerReadError {
            line: first,
            kind: ReadErrorKind::Puzzle(shift(err, first)),
        };
        let parsed: serde_json::Value = serde_json::from_str(&value).map_err(|err| {
            fail(KillerError::syntax(
                err.line(),
                err.column(),
                format!("invalid JSON: {err}"),
            ))
        })?;
        let is_header = parsed.as_object().is_some_and(|o| {
            !o.contains_key("cages") && !o.contains_key("cage_map") && o.contains_key("expect")
        });
        if is_header {
            return Ok(None);
        }
        let (puzzle, solution) = crate::json::from_value(&parsed).map_err(fail)?;
        Ok(Some(KillerRecord {
            line: first,
            puzzle,
            solution,
        }))
    }

    /// A puzzle in the text form starting at `first`, up to a blank line.
    fn text(&mut self, first: usize, text: String) -> Result<KillerRecord, KillerReadError> {
        let mut block = text;
        loop {
            match self.next_line() {
                Some(Ok((number, more))) => {
                    // A blank line ends the puzzle once its sums have begun (a blank line
                    // between the cage map and the sums belongs to it); a JSON line always.
                    let ends = (more.trim().is_empty() && block.contains('='))
                        || more.trim_start().starts_with('{');
                    if ends {
                        self.ahead = Some((number, more));
                        break;
                    }
                    block.push('\n');
                    block.push_str(&more);
                }
                Some(Err(err)) => {
                    self.done = self.done || err.is_io();
                    return Err(err);
                }
                None => break,
            }
        }
        let puzzle: KillerPuzzle = block.parse().map_err(|err| KillerReadError {
            line: first,
            kind: ReadErrorKind::Puzzle(shift(err, first)),
        })?;
        Ok(KillerRecord {
            line: first,
            puzzle,
            solution: None,
        })
    }
}

/// Brace depth of JSON text, outside strings.
#[derive(Default)]
struct Depth {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Depth {
    fn scan(&mut self, text: &str) {
        for ch in text.chars() {
            if self.in_string {
                match (self.escaped, ch) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => self.in_string = true,
                '{' | '[' => self.depth += 1,
                '}' | ']' => self.depth -= 1,
                _ => {}
            }
        }
    }

    fn open(&self) -> bool {
        self.depth > 0
    }
}

impl<R: BufRead> Iterator for KillerReader<R> {
    type Item = Result<KillerRecord, KillerReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (number, text) = match self.next_line()? {
                Ok(line) => line,
                Err(err) => return Some(Err(err)),
            };
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if trimmed.starts_with('{') {
                match self.json(number, text) {
                    Ok(None) => continue,
                    Ok(Some(record)) => return Some(Ok(record)),
                    Err(err) => return Some(Err(err)),
                }
            }
            return Some(self.text(number, text));
        }
    }
}

impl From<KillerRecord> for KillerEntry {
    fn from(record: KillerRecord) -> KillerEntry {
        KillerEntry::new(record.puzzle, record.solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeneratorConfig, generate};

    fn lines(seed: u64) -> (KillerPuzzle, Grid, String) {
        let made = generate(seed, &GeneratorConfig::default());
        let line = KillerEntry::new(made.puzzle.clone(), Some(made.solution)).to_json();
        (made.puzzle, made.solution, line)
    }

    #[test]
    fn a_bad_line_in_the_middle_loses_nothing() {
        let (a, sa, la) = lines(1);
        let (b, _, lb) = lines(2);
        let text = format!(
            "{{\"expect\":\"unique\"}}\n# a comment\n{la}\n{{not json\n\n{lb}\n{}\n",
            r#"{"cages": []}"#
        );
        let items: Vec<_> = KillerReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 4, "{items:?}");
        let first = items[0].as_ref().unwrap();
        assert_eq!(
            (first.line, &first.puzzle, first.solution),
            (3, &a, Some(sa))
        );
        let err = items[1].as_ref().unwrap_err();
        assert_eq!(err.line(), 4);
        assert!(err.to_string().starts_with("line 4, column "), "{err}");
        assert!(err.to_string().contains("invalid JSON"), "{err}");
        assert_eq!(items[2].as_ref().unwrap().puzzle, b);
        assert_eq!(items[2].as_ref().unwrap().line, 6);
        let err = items[3].as_ref().unwrap_err();
        assert_eq!(err.line(), 7);
        assert!(err.puzzle_error().is_some());
    }

    #[test]
    fn pretty_json_and_the_text_form_mix() {
        let (a, _, _) = lines(3);
        let (b, _, _) = lines(4);
        let text = format!("{}\n{b}\n\n{}", a.to_json(), a.to_json_line());
        let items: Vec<_> = KillerReader::new(text.as_bytes())
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
            .collect();
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].puzzle, a);
        assert_eq!(items[0].line, 1);
        assert_eq!(items[1].puzzle, b);
        assert_eq!(items[2].puzzle, a);
    }

    #[test]
    fn text_form_errors_name_the_line_of_the_input() {
        let (a, _, line) = lines(5);
        let bad = a.to_string().replacen('=', "=x", 1);
        let text = format!("{line}\n{bad}\n{line}\n");
        let items: Vec<_> = KillerReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 3);
        let err = items[1].as_ref().unwrap_err().to_string();
        assert!(err.starts_with("line 11, column "), "{err}");
        assert!(items[2].is_ok());
    }
}
