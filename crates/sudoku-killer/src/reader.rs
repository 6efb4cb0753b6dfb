//! [`KillerReader`]: killer puzzles streamed from any [`BufRead`], in every form the crate
//! reads.

use std::fmt;
use std::io::{self, BufRead};

use sudoku_core::{Grid, LineErrorKind, LineReader};

use crate::error::{KillerError, KillerErrorKind};
use crate::puzzle::{KillerEntry, KillerPuzzle};

/// The largest JSON value (a puzzle, or an element of an array), in bytes.
const MAX_VALUE: usize = 1024 * 1024;

/// Reads killer puzzles one by one: JSON Lines (one value of the JSON family per line, see
/// [`KillerPuzzle::from_json`]), JSON values spread over several lines, JSON arrays of them
/// (on one line of any length, or pretty-printed over many; each element is one record, read
/// as it comes, so memory does not grow with the array), and the text form (the cage map,
/// then the sums; puzzles separated by blank lines). Lines starting with `#`, blank lines and
/// header objects without cages (such as `{"expect": "unique"}`) are skipped. Lines end with
/// LF, CRLF or a lone CR ([`LineReader`]).
///
/// Each item is a [`KillerRecord`] with the line its puzzle starts on, or a
/// [`KillerReadError`] naming the line; after a line that is not JSON or a puzzle that is not
/// valid, reading goes on with the next one, so nothing after a bad puzzle is lost. After an
/// I/O error the iteration ends.
///
/// ```
/// use sudoku_killer::{KillerEntry, KillerGenerator, KillerReader};
///
/// let made = KillerGenerator::default().generate(5);
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
    lines: LineReader<R>,
    ahead: Option<(usize, String)>,
    /// Inside a JSON array: what is left of the line it opened on, read before the input.
    array: Option<Array>,
    done: bool,
}

/// A JSON array being read element by element.
#[derive(Debug)]
struct Array {
    /// The line the array opened on.
    line: usize,
    /// The rest of the opening line, when the line was read whole (an indented array), and
    /// how much of it was read.
    rest: Vec<u8>,
    at: usize,
    /// The line of the last byte read.
    last_line: usize,
    /// Elements read so far.
    elements: usize,
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
    fault: Fault,
}

/// What went wrong, for programs that react to a [`KillerReadError`] (its
/// [`message`](KillerReadError::message) says it to a person).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KillerReadErrorKind {
    /// Read, but not a valid puzzle: bad JSON of the family, a bad text form, or cages that
    /// break a rule ([`puzzle_error`](KillerReadError::puzzle_error) gives the details).
    Puzzle,
    /// Not a form the reader knows, or a JSON array that is not one of puzzles.
    Format,
    /// A line or a JSON value longer than the reader takes.
    TooLong,
    /// Bytes that are not UTF-8 text.
    NotUtf8,
    /// Reading the input failed (the iteration ends).
    Io,
}

/// The fault behind a [`KillerReadError`], with what each kind needs to be told.
#[derive(Debug)]
enum Fault {
    Puzzle(KillerError),
    /// Not a form the reader knows, or a JSON array that is not one of puzzles.
    Format(String),
    TooLong(usize),
    NotUtf8 {
        column: usize,
    },
    Io(io::Error),
}

impl KillerReadError {
    /// What went wrong.
    pub fn kind(&self) -> KillerReadErrorKind {
        match self.fault {
            Fault::Puzzle(_) => KillerReadErrorKind::Puzzle,
            Fault::Format(_) => KillerReadErrorKind::Format,
            Fault::TooLong(_) => KillerReadErrorKind::TooLong,
            Fault::NotUtf8 { .. } => KillerReadErrorKind::NotUtf8,
            Fault::Io(_) => KillerReadErrorKind::Io,
        }
    }

    /// The 1-based line of the error.
    pub fn line(&self) -> usize {
        match &self.fault {
            Fault::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, .. } if *line > 0 => *line,
                _ => self.line,
            },
            _ => self.line,
        }
    }

    /// The 1-based column of the error, when it points at one.
    pub fn column(&self) -> Option<usize> {
        match &self.fault {
            Fault::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, column, .. } if *line > 0 => Some(*column),
                _ => None,
            },
            Fault::NotUtf8 { column } => Some(*column),
            _ => None,
        }
    }

    /// What went wrong, without the line and column (see [`line`](KillerReadError::line)
    /// and [`column`](KillerReadError::column)), for programs that write the place their own
    /// way, such as `FILE:LINE:COLUMN: message`.
    pub fn message(&self) -> String {
        match &self.fault {
            Fault::Puzzle(err) => match err.kind() {
                KillerErrorKind::Syntax { line, message, .. } if *line > 0 => message.clone(),
                _ => err.to_string(),
            },
            Fault::Format(message) => message.clone(),
            Fault::TooLong(max) => format!("longer than {max} bytes, skipped"),
            Fault::NotUtf8 { .. } => "not UTF-8 text (a binary file?)".into(),
            Fault::Io(err) => format!("read error: {err}"),
        }
    }

    /// The puzzle error, when the input was read but is not a valid puzzle.
    pub fn puzzle_error(&self) -> Option<&KillerError> {
        match &self.fault {
            Fault::Puzzle(err) => Some(err),
            _ => None,
        }
    }

    /// Whether reading the input failed (the iteration ends).
    pub fn is_io(&self) -> bool {
        matches!(self.fault, Fault::Io(_))
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
        match &self.fault {
            Fault::Puzzle(err) => Some(err),
            Fault::Io(err) => Some(err),
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
            lines: LineReader::new(input),
            ahead: None,
            array: None,
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
        Some(self.lines.next_line()?.map_err(|err| {
            let line = err.line();
            let kind = match err.into_kind() {
                LineErrorKind::TooLong { max } => Fault::TooLong(max),
                LineErrorKind::InvalidUtf8 { column } => Fault::NotUtf8 { column },
                LineErrorKind::Io(err) => Fault::Io(err),
                other => Fault::Format(format!("{other:?}")),
            };
            self.done = matches!(kind, Fault::Io(_));
            KillerReadError { line, fault: kind }
        }))
    }

    /// The next byte of an array: from what is left of its opening line, then the input.
    fn array_byte(&mut self) -> Result<Option<u8>, KillerReadError> {
        if let Some(array) = &mut self.array
            && let Some(&byte) = array.rest.get(array.at)
        {
            array.at += 1;
            array.last_line = array.line;
            return Ok(Some(byte));
        }
        let byte = self.lines.next_byte().map_err(|err| {
            self.done = true;
            KillerReadError {
                line: err.line(),
                fault: match err.into_kind() {
                    LineErrorKind::Io(err) => Fault::Io(err),
                    other => Fault::Format(format!("{other:?}")),
                },
            }
        })?;
        if let Some(array) = &mut self.array {
            array.last_line = self.lines.line();
        }
        Ok(byte)
    }

    /// The line of the last byte [`array_byte`](Self::array_byte) gave.
    fn array_line(&self) -> usize {
        self.array
            .as_ref()
            .map_or(self.lines.line(), |array| array.last_line)
    }

    /// The next element of the array being read: a record, an error (reading goes on with
    /// the next element), or `None` at its end.
    fn array_element(&mut self) -> Option<Result<KillerRecord, KillerReadError>> {
        // Up to the element: white space and the comma between elements.
        let first = loop {
            match self.array_byte() {
                Err(err) => {
                    self.array = None;
                    return Some(Err(err));
                }
                Ok(None) => {
                    let opened = self.array.take().map_or(0, |a| a.line);
                    return Some(Err(KillerReadError {
                        line: opened,
                        fault: Fault::Format(format!(
                            "the JSON array opened on line {opened} is not closed"
                        )),
                    }));
                }
                Ok(Some(byte)) if byte.is_ascii_whitespace() || byte == b',' => continue,
                Ok(Some(b']')) => {
                    self.array = None;
                    return None;
                }
                Ok(Some(byte)) => break byte,
            }
        };
        let line = self.array_line();
        let mut value = vec![first];
        let mut depth = Depth::default();
        depth.scan_byte(first);
        let mut too_big = false;
        // Scalars end at the comma or bracket after them, values at their closing brace.
        while depth.open()
            || depth.in_string
            || !matches!(
                self.peek_array_byte(),
                Ok(Some(b',' | b']')) | Ok(None) | Err(_)
            )
        {
            match self.array_byte() {
                Err(err) => {
                    self.array = None;
                    return Some(Err(err));
                }
                Ok(None) => break,
                Ok(Some(byte)) => {
                    depth.scan_byte(byte);
                    if value.len() < MAX_VALUE {
                        value.push(byte);
                    } else {
                        too_big = true;
                    }
                }
            }
        }
        let elements = self.array.as_mut().map_or(0, |array| {
            array.elements += 1;
            array.elements
        });
        if too_big {
            return Some(Err(KillerReadError {
                line,
                fault: Fault::Format(format!(
                    "element {elements} of the JSON array is longer than {MAX_VALUE} bytes"
                )),
            }));
        }
        let text = String::from_utf8_lossy(&value);
        if first != b'{' {
            return Some(Err(KillerReadError {
                line,
                fault: Fault::Format(format!(
                    "element {elements} of the JSON array is not a puzzle (a JSON object)"
                )),
            }));
        }
        self.value(line, &text).transpose()
    }

    /// The byte [`array_byte`](Self::array_byte) would give next.
    fn peek_array_byte(&mut self) -> Result<Option<u8>, KillerReadError> {
        if let Some(array) = &self.array
            && let Some(&next) = array.rest.get(array.at)
        {
            return Ok(Some(next));
        }
        self.lines.peek_byte().map_err(|err| KillerReadError {
            line: err.line(),
            fault: Fault::Format(err.message()),
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
        self.value(first, &value)
    }

    /// A JSON value (`text`, starting on line `first`): a record, or `None` for a header.
    fn value(&self, first: usize, text: &str) -> Result<Option<KillerRecord>, KillerReadError> {
        let fail = |err: KillerError| KillerReadError {
            line: first,
            fault: Fault::Puzzle(shift(err, first)),
        };
        let parsed: serde_json::Value = serde_json::from_str(text).map_err(|err| {
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
                        || more.trim_start().starts_with(['{', '[']);
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
            fault: Fault::Puzzle(shift(err, first)),
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
        for byte in text.bytes() {
            self.scan_byte(byte);
        }
    }

    /// One byte of UTF-8 text: the structure of JSON is all ASCII, and no byte of a longer
    /// character is.
    fn scan_byte(&mut self, byte: u8) {
        if self.in_string {
            match (self.escaped, byte) {
                (true, _) => self.escaped = false,
                (false, b'\\') => self.escaped = true,
                (false, b'"') => self.in_string = false,
                _ => {}
            }
            return;
        }
        match byte {
            b'"' => self.in_string = true,
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => self.depth -= 1,
            _ => {}
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
            if self.array.is_some() {
                match self.array_element() {
                    Some(item) => return Some(item),
                    None => continue,
                }
            }
            // An array that opens a line is read byte by byte, whatever its length.
            if self.ahead.is_none() && !self.done {
                match self.lines.peek_byte() {
                    Ok(Some(b'[')) => {
                        let _ = self.lines.next_byte();
                        self.array = Some(Array {
                            line: self.lines.line(),
                            rest: Vec::new(),
                            at: 0,
                            last_line: self.lines.line(),
                            elements: 0,
                        });
                        continue;
                    }
                    Ok(_) => {}
                    Err(err) => {
                        self.done = true;
                        return Some(Err(KillerReadError {
                            line: err.line(),
                            fault: Fault::Format(err.message()),
                        }));
                    }
                }
            }
            let (number, text) = match self.next_line()? {
                Ok(line) => line,
                Err(err) => return Some(Err(err)),
            };
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix('[') {
                // An indented array: the rest of its line first, then the input.
                self.array = Some(Array {
                    line: number,
                    rest: format!("{rest}\n").into_bytes(),
                    at: 0,
                    last_line: number,
                    elements: 0,
                });
                continue;
            }
            if trimmed.starts_with('{') {
                match self.json(number, text) {
                    Ok(None) => continue,
                    Ok(Some(record)) => return Some(Ok(record)),
                    Err(err) => return Some(Err(err)),
                }
            }
            if !cage_map_row(trimmed) {
                return Some(Err(KillerReadError {
                    line: number,
                    fault: Fault::Format(
                        "not JSON, nor the text form (a killer puzzle is a JSON object, a JSON \
                         array of them, or 9 rows of cage letters followed by the sums)"
                            .into(),
                    ),
                }));
            }
            return Some(self.text(number, text));
        }
    }
}

/// Whether a line can open the text form: a row of the cage map (9 cage letters, spaces
/// between them allowed) or the whole map on one line (81 letters).
fn cage_map_row(text: &str) -> bool {
    let cells: Vec<char> = text.chars().filter(|ch| !ch.is_whitespace()).collect();
    matches!(cells.len(), 9 | 81) && cells.iter().all(|ch| ch.is_alphanumeric())
}

impl From<KillerRecord> for KillerEntry {
    fn from(record: KillerRecord) -> KillerEntry {
        KillerEntry::new(record.puzzle, record.solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KillerGenerator;

    fn lines(seed: u64) -> (KillerPuzzle, Grid, String) {
        let made = KillerGenerator::default().generate(seed);
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
        assert_eq!(err.kind(), KillerReadErrorKind::Puzzle);
        let items: Vec<_> = KillerReader::new(&b"not json\n\xff\xfe\n"[..]).collect();
        let kinds: Vec<_> = items
            .iter()
            .map(|item| item.as_ref().unwrap_err().kind())
            .collect();
        assert_eq!(
            kinds,
            [KillerReadErrorKind::Format, KillerReadErrorKind::NotUtf8]
        );
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

#[cfg(test)]
mod array_tests {
    use super::*;
    use crate::KillerGenerator;

    fn made(count: u64) -> Vec<KillerEntry> {
        (0..count)
            .map(|seed| {
                let made = KillerGenerator::default().generate(seed);
                KillerEntry::new(made.puzzle, Some(made.solution))
            })
            .collect()
    }

    fn read(text: &str) -> Vec<Result<KillerRecord, KillerReadError>> {
        KillerReader::new(text.as_bytes()).collect()
    }

    /// An array on one line far longer than any line cap: one record per element, in order.
    #[test]
    fn a_one_line_array_of_any_length_is_read_element_by_element() {
        let distinct = made(20);
        let entries: Vec<&KillerEntry> = distinct.iter().cycle().take(400).collect();
        let array = format!(
            "[{}]",
            entries
                .iter()
                .map(|e| e.to_json())
                .collect::<Vec<_>>()
                .join(",")
        );
        assert!(array.len() > 64 * 1024);
        let records = read(&format!("{array}\n"));
        assert_eq!(records.len(), entries.len());
        for (record, entry) in records.iter().zip(&entries) {
            let record = record.as_ref().unwrap();
            assert_eq!((record.line, &record.puzzle), (1, &entry.puzzle));
            assert_eq!(record.solution, entry.solution);
        }
    }

    /// A pretty-printed array (as `json.dumps(indent=2)` writes it), with CRLF or CR line
    /// ends, between JSON lines: every puzzle, each with the line it starts on.
    #[test]
    fn pretty_printed_arrays_and_json_lines_mix() {
        let entries = made(3);
        let value = serde_json::Value::Array(
            entries
                .iter()
                .map(|e| serde_json::from_str(&e.to_json()).unwrap())
                .collect(),
        );
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        for end in ["\n", "\r\n", "\r"] {
            let text = format!(
                "{}\n{pretty}\n{}\n",
                entries[2].to_json(),
                entries[0].to_json()
            )
            .replace('\n', end);
            let records: Vec<KillerRecord> = read(&text)
                .into_iter()
                .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
                .collect();
            let puzzles: Vec<_> = records.iter().map(|r| &r.puzzle).collect();
            assert_eq!(
                puzzles,
                [2, 0, 1, 2, 0].map(|i| &entries[i].puzzle),
                "{end:?}"
            );
            assert_eq!(records[0].line, 1);
            assert_eq!(records[1].line, 3, "the first element's line");
            assert!(records[2].line > records[1].line);
            let last = text.split(end).filter(|l| !l.is_empty()).count();
            assert_eq!(records[4].line, last);
        }
        // Indented, and empty.
        let text = format!("  [ {} ]\n[]\n  []\n", entries[1].to_json());
        let records = read(&text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].as_ref().unwrap().puzzle, entries[1].puzzle);
    }

    /// Elements that are not puzzles are errors of their own: the others are read.
    #[test]
    fn a_bad_element_loses_nothing_else() {
        let entries = made(2);
        let bad_sum = entries[0].to_json().replacen("\"sum\":", "\"sum\":1", 1);
        let text = format!(
            "[{}, 7, \"a,b\", {bad_sum}, {{\"cages\": oops}}, {}]\n{}\n",
            entries[0].to_json(),
            entries[1].to_json(),
            entries[1].to_json()
        );
        let items = read(&text);
        assert_eq!(items.len(), 7, "{items:?}");
        assert!(items[0].is_ok() && items[5].is_ok() && items[6].is_ok());
        let message = |i: usize| items[i].as_ref().unwrap_err().to_string();
        assert!(message(1).contains("element 2 of the JSON array is not a puzzle"));
        assert!(message(2).contains("element 3 of the JSON array is not a puzzle"));
        assert!(items[3].as_ref().unwrap_err().puzzle_error().is_some());
        assert!(message(4).contains("invalid JSON"), "{}", message(4));
        assert_eq!(items[6].as_ref().unwrap().line, 2);
        // An array never closed says so, once.
        let items = read(&format!("[{}, ", entries[0].to_json()));
        assert_eq!(items.len(), 2);
        assert!(
            items[1]
                .as_ref()
                .unwrap_err()
                .to_string()
                .contains("not closed")
        );
    }

    /// A line that is neither JSON nor the text form says so, not "cage map has N cells".
    #[test]
    fn a_line_that_is_not_json_is_reported_as_such() {
        let entries = made(1);
        let text = format!("not json\n{}\n", entries[0].to_json());
        let items = read(&text);
        assert_eq!(items.len(), 2);
        let err = items[0].as_ref().unwrap_err().to_string();
        assert!(err.starts_with("line 1: not JSON"), "{err}");
        assert!(items[1].is_ok());
    }
}
