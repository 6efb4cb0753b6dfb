//! [`PuzzleReader`]: puzzles streamed from any [`BufRead`], in every common file form.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use std::sync::Arc;

use crate::candidates::{self, Candidates};
use crate::error::ParseError;
use crate::grid::Grid;
use crate::variant::{Puzzle, Rules, Shape, VariantError, digit_of, parse_cells};

/// The longest line [`PuzzleReader`] reads by default, in bytes: far above any puzzle line
/// (a pencil-mark line with a comment is under 1 KiB), low enough that a binary or
/// runaway file cannot fill memory.
pub const DEFAULT_MAX_LINE: usize = 64 * 1024;

/// Reads puzzles one by one from any [`BufRead`], in the forms people's files hold:
///
/// - one puzzle per line, 81 cells with `.`, `0` or `_` for blanks, optionally followed
///   (after whitespace, `#`, `;`, `,` or a tab) by a second 81-digit field, kept as the
///   expected [`solution`](Record::solution), and by any text, kept as the
///   [`comment`](Record::comment) (a note, or a rating such as Sudoku Explainer's
///   `9.0 1.2 1.2`); a puzzle field after an identifier (`id,puzzle,...`) is found too;
/// - CSV with a header row, such as Kaggle's `quizzes,solutions`: columns named like a
///   puzzle (`puzzle`, `quizzes`, `grid`, ...) and a solution (`solution`, `solutions`,
///   `answer`, ...) are taken by name;
/// - a drawing over 9 rows (spaces, `|`, `-`, `+` and frame lines ignored), as
///   [`Grid`]'s `{:#}` prints it;
/// - pencil-mark positions, as a 729-character line or a candidate grid over 9 rows (see
///   [`Candidates`]);
/// - blank lines and `#` comment lines between puzzles; CRLF line ends and a byte-order mark.
///
/// Each item is a [`Record`] with the line it starts on, or a [`ReadError`] naming line and
/// column; after an error, reading goes on with the next line (or, for a broken drawing, the
/// next puzzle), so nothing after a bad puzzle is lost. A line longer than the cap
/// ([`DEFAULT_MAX_LINE`], see [`max_line`](PuzzleReader::max_line)) is an error and is skipped
/// without being held in memory. After an I/O error the iteration ends.
///
/// ```
/// use sudoku_core::PuzzleReader;
///
/// let text = "\
/// # two puzzles, one with its solution, and a bad line between them
/// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 # Wikipedia
/// 1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.x
/// 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........;468931527751624839392578461134756298289413675675289314846192753513867942927345186
/// ";
/// let mut reader = PuzzleReader::new(text.as_bytes());
/// let first = reader.next().unwrap()?;
/// assert_eq!((first.line, first.comment.as_str()), (2, "Wikipedia"));
/// let err = reader.next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "line 3, column 81: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)");
/// let third = reader.next().unwrap()?;
/// assert!(third.solution.unwrap().solves(&third.puzzle));
/// assert!(reader.next().is_none());
/// # Ok::<(), sudoku_core::ReadError>(())
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    max_line: usize,
    /// The number of the last line read.
    line: usize,
    /// A line read but not used yet.
    ahead: Option<Line>,
    /// The layout of a CSV file, once its header was read.
    csv: Option<Csv>,
    /// Whether a line with data (a puzzle, a row, an error) came: a header only comes first.
    data_seen: bool,
    /// End of input, or an I/O error that ends the iteration.
    done: bool,
    buf: Vec<u8>,
    /// Whether puzzles of every size and variant are read ([`PuzzleReader::any_size`]).
    any: bool,
}

/// One puzzle read by [`PuzzleReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    /// The puzzle: its givens (for a pencil-mark position, the cells with one candidate).
    pub puzzle: Grid,
    /// The pencil marks, when the puzzle was written as a position with candidates.
    pub candidates: Option<Candidates>,
    /// The expected solution, when the line carries one. Read as written: check it with
    /// [`Grid::solves`] before trusting it.
    pub solution: Option<Grid>,
    /// Other text of the puzzle's line (an identifier before it, a comment or a rating
    /// after it, other CSV fields), without the separators around it; empty when none.
    pub comment: String,
    /// How the puzzle was written.
    pub form: Form,
}

/// How a puzzle was written in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// 81 cells on one line (plain, with a comment or solution, or a CSV field).
    Line,
    /// A drawing over 9 rows.
    Drawing,
    /// A 729-character pencil-mark line.
    MarksLine,
    /// A candidate grid over 9 rows.
    MarksGrid,
    /// Rows of whitespace-separated numbers (any size).
    Numbers,
    /// A JSON line describing a variant.
    Json,
}

/// One puzzle of any size and variant read by [`AnyReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantRecord {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    /// The puzzle with its rules.
    pub puzzle: Puzzle,
    /// The pencil marks, for a 9x9 position written with candidates.
    pub candidates: Option<Candidates>,
    /// The expected solution, when the input gives one (as written: check it with
    /// [`Puzzle::solves`]).
    pub solution: Option<Puzzle>,
    /// Other text of the puzzle's line, as in [`Record::comment`].
    pub comment: String,
    /// How the puzzle was written.
    pub form: Form,
}

impl From<Record> for VariantRecord {
    fn from(record: Record) -> VariantRecord {
        VariantRecord {
            line: record.line,
            puzzle: Puzzle::from(&record.puzzle),
            candidates: record.candidates,
            solution: record.solution.as_ref().map(Puzzle::from),
            comment: record.comment,
            form: record.form,
        }
    }
}

impl VariantRecord {
    /// The classic 9x9 [`Record`] of a puzzle with the classic rules (for the fast 9x9
    /// solvers), or the record unchanged when it is of another size or variant.
    ///
    /// ```
    /// use sudoku_core::PuzzleReader;
    ///
    /// let text = "1.3..4.1..1.3..2\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    /// let mut records = PuzzleReader::new(text.as_bytes()).any_size();
    /// assert!(records.next().unwrap()?.into_classic().is_err());
    /// let classic = records.next().unwrap()?.into_classic().unwrap();
    /// assert_eq!((classic.line, classic.puzzle.filled()), (2, 18));
    /// # Ok::<(), sudoku_core::ReadError>(())
    /// ```
    #[allow(clippy::result_large_err)] // the record is handed back whole, as it came
    pub fn into_classic(self) -> Result<Record, VariantRecord> {
        let Some(puzzle) = self.puzzle.to_grid() else {
            return Err(self);
        };
        let solution = match &self.solution {
            None => None,
            Some(solution) => match solution.to_grid() {
                Some(grid) => Some(grid),
                None => return Err(self),
            },
        };
        Ok(Record {
            line: self.line,
            puzzle,
            candidates: self.candidates,
            solution,
            comment: self.comment,
            form: self.form,
        })
    }
}

/// A [`PuzzleReader`] that reads puzzles of every size and variant (see
/// [`PuzzleReader::any_size`]).
#[derive(Debug)]
pub struct AnyReader<R>(PuzzleReader<R>);

impl<R: BufRead> Iterator for AnyReader<R> {
    type Item = Result<VariantRecord, ReadError>;

    fn next(&mut self) -> Option<Result<VariantRecord, ReadError>> {
        Some(match self.0.read_item()? {
            Ok(Item::Classic(record)) => Ok(VariantRecord::from(record)),
            Ok(Item::Variant(record)) => Ok(record),
            Err(err) => Err(err),
        })
    }
}

/// A puzzle as read, before the iterator says how it hands it over.
enum Item {
    Classic(Record),
    Variant(VariantRecord),
}

/// A puzzle that could not be read: what and where.
///
/// Its message names the line, and the column where it can:
/// `line 12, column 40: invalid character 'x' (...)`.
#[derive(Debug)]
pub struct ReadError {
    line: usize,
    kind: ReadErrorKind,
}

/// What made a puzzle unreadable.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The text looks like a puzzle but is not a valid one (its position, if any, counts
    /// lines and columns of the whole input).
    Parse(ParseError),
    /// The line is none of the forms the reader knows.
    NotAPuzzle,
    /// A drawing or candidate grid ended before its ninth row.
    UnfinishedDrawing {
        /// How many rows it had.
        rows: usize,
    },
    /// A solution field (after the puzzle, or in a CSV solution column) that is not 81
    /// digits 1 to 9.
    BadSolution {
        /// 1-based column where the field starts.
        column: usize,
    },
    /// The line is longer than the reader's cap; it was skipped.
    LineTooLong {
        /// The cap, in bytes.
        max: usize,
    },
    /// The line is not UTF-8 text (a binary file?).
    InvalidUtf8 {
        /// 1-based column (in characters) of the first byte that is not UTF-8.
        column: usize,
    },
    /// A puzzle of another size or variant that is not valid, or is not read by this reader
    /// (the 9x9 one) or without feature `json` (JSON lines).
    Variant {
        /// What is wrong.
        error: VariantError,
        /// 1-based column, when the error points at one.
        column: Option<usize>,
    },
    /// Reading the input failed; the iteration ends.
    Io(io::Error),
}

impl ReadErrorKind {
    fn variant(error: VariantError) -> ReadErrorKind {
        ReadErrorKind::Variant {
            error,
            column: None,
        }
    }
}

impl ReadError {
    fn new(line: usize, kind: ReadErrorKind) -> ReadError {
        ReadError { line, kind }
    }

    /// The 1-based line of the error (for an unfinished drawing, its first line).
    pub fn line(&self) -> usize {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.position().map_or(self.line, |(line, _)| line),
            _ => self.line,
        }
    }

    /// The 1-based column of the error, when it points at one.
    pub fn column(&self) -> Option<usize> {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.position().map(|(_, column)| column),
            ReadErrorKind::BadSolution { column } | ReadErrorKind::InvalidUtf8 { column } => {
                Some(*column)
            }
            ReadErrorKind::Variant { column, .. } => *column,
            _ => None,
        }
    }

    /// What went wrong, for programs that react to it.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }

    /// Whether the input itself failed (the iteration ends), rather than one puzzle.
    pub fn is_io(&self) -> bool {
        matches!(self.kind, ReadErrorKind::Io(_))
    }
}

impl ReadError {
    /// What went wrong, without where (see [`line`](ReadError::line) and
    /// [`column`](ReadError::column)), for programs that write the place their own way, such
    /// as `FILE:LINE:COLUMN: message`.
    pub fn message(&self) -> String {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.message(),
            ReadErrorKind::NotAPuzzle => {
                "not a puzzle (expected 81 cells, 1-9 with '.', '0' or '_' \
                for blanks, a 729-character pencil-mark line, or a drawing over 9 rows)"
                    .into()
            }
            ReadErrorKind::UnfinishedDrawing { rows } => format!(
                "a drawing of {rows} row{}, expected 9",
                if *rows == 1 { "" } else { "s" }
            ),
            ReadErrorKind::BadSolution { .. } => "the solution field is not 81 digits 1-9".into(),
            ReadErrorKind::LineTooLong { max } => format!("longer than {max} bytes, skipped"),
            ReadErrorKind::InvalidUtf8 { .. } => "not UTF-8 text (a binary file?)".into(),
            ReadErrorKind::Variant { error, .. } => error.to_string(),
            ReadErrorKind::Io(err) => format!("read error: {err}"),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line())?;
        if let Some(column) = self.column() {
            write!(f, ", column {column}")?;
        }
        write!(f, ": {}", self.message())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Parse(err) => Some(err),
            ReadErrorKind::Io(err) => Some(err),
            ReadErrorKind::Variant { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A line as read: its number and text, or why it could not be read.
#[derive(Debug)]
enum Line {
    Text(usize, String),
    Bad(ReadError),
}

/// The columns of a CSV file, from its header.
#[derive(Clone, Copy, Debug)]
struct Csv {
    delimiter: char,
    puzzle: Option<usize>,
    solution: Option<usize>,
}

/// What one line is, read on its own.
enum Kind {
    Blank,
    /// A frame line of a drawing, such as `------+-------+------`.
    Frame,
    Record(Box<Record>),
    Variant(Box<VariantRecord>),
    /// A row of a drawing or candidate grid.
    Row,
    Header(Csv),
    /// A line holding only the side (or box side) of the board, before rows of numbers.
    SizeLine(usize),
    Error(ReadError),
}

impl PuzzleReader<BufReader<File>> {
    /// A reader of the file at `path`.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened.
    pub fn open(path: impl AsRef<Path>) -> io::Result<PuzzleReader<BufReader<File>>> {
        Ok(PuzzleReader::new(BufReader::new(File::open(path)?)))
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            max_line: DEFAULT_MAX_LINE,
            line: 0,
            ahead: None,
            csv: None,
            data_seen: false,
            done: false,
            buf: Vec::new(),
            any: false,
        }
    }

    /// Reads puzzles of every size and variant instead of 9x9 grids only: lines of `n x n`
    /// symbols (the size told by the length), rows of whitespace-separated numbers (`0`
    /// blank; an optional first line with the side or the box side), drawings of any size,
    /// and, with feature `json`, JSON lines for variants (`{"size": 9, "givens": "...",
    /// "regions": "...", "diagonals": true, "windoku": true, "solution": "..."}`, every field
    /// but `givens` optional); 9x9 puzzles in every form of the classic reader come as
    /// puzzles with the classic rules.
    ///
    /// ```
    /// use sudoku_core::PuzzleReader;
    ///
    /// let text = "1.3..4.1..1.3..2\n\
    ///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 # classic\n";
    /// let sizes: Vec<usize> = PuzzleReader::new(text.as_bytes())
    ///     .any_size()
    ///     .map(|record| record.map(|r| r.puzzle.size()))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(sizes, [4, 9]);
    /// # Ok::<(), sudoku_core::ReadError>(())
    /// ```
    pub fn any_size(mut self) -> AnyReader<R> {
        self.any = true;
        AnyReader(self)
    }

    /// Sets the longest line accepted, in bytes (at least 1,000). Default:
    /// [`DEFAULT_MAX_LINE`].
    pub fn max_line(mut self, bytes: usize) -> PuzzleReader<R> {
        self.max_line = bytes.max(1000);
        self
    }

    /// The number of the last line read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// The next line, from the look-ahead or the input.
    fn next_line(&mut self) -> Option<Line> {
        if let Some(line) = self.ahead.take() {
            return Some(line);
        }
        self.read_line()
    }

    /// Reads one line; keeps at most `max_line` bytes of it.
    fn read_line(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        self.buf.clear();
        let mut started = false;
        let mut too_long = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => {
                    self.done = true;
                    return Some(Line::Bad(ReadError::new(
                        self.line + 1,
                        ReadErrorKind::Io(err),
                    )));
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
                if self.buf.len() + chunk.len() > self.max_line {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(chunk);
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
            return Some(Line::Bad(ReadError::new(
                line,
                ReadErrorKind::LineTooLong { max: self.max_line },
            )));
        }
        let mut bytes = std::mem::take(&mut self.buf);
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if line == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(line, text),
            Err(err) => {
                let valid = err.utf8_error().valid_up_to();
                let bytes = err.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                Line::Bad(ReadError::new(line, ReadErrorKind::InvalidUtf8 { column }))
            }
        })
    }

    /// Reads the rows of a drawing or candidate grid whose first line, `first`, is `text`
    /// (a row, or a frame line when `framed`): 9 rows, or in any-size mode as many rows as
    /// the first row has cells.
    fn block(&mut self, first: usize, text: String, framed: bool) -> Result<Item, ReadError> {
        // Frame lines stay as empty lines, so that positions in errors stay right.
        let mut rows = Vec::with_capacity(13);
        let mut content = 0;
        let mut expected = (!framed && self.any)
            .then(|| row_width(&text))
            .flatten()
            .map_or(9, |(cells, _)| cells);
        if !Shape::SIZES.contains(&expected) {
            expected = 9;
        }
        rows.push(if framed { String::new() } else { text });
        content += usize::from(!framed);
        while content < expected {
            match self.next_line() {
                None => break,
                Some(Line::Bad(err)) => {
                    // The drawing is cut short; report it, and the bad line after it.
                    self.ahead = Some(Line::Bad(err));
                    break;
                }
                Some(Line::Text(number, text)) => match self.classify(&text, number) {
                    Kind::Blank | Kind::Record(_) | Kind::Variant(_) | Kind::Header(_) => {
                        self.ahead = Some(Line::Text(number, text));
                        break;
                    }
                    Kind::Frame => rows.push(String::new()),
                    Kind::Row | Kind::Error(_) | Kind::SizeLine(_) => {
                        if content == 0 && self.any {
                            // A block opened by a frame: its first row tells the size.
                            expected = row_width(&text)
                                .map(|(cells, _)| cells)
                                .filter(|w| Shape::SIZES.contains(w))
                                .unwrap_or(9);
                        }
                        rows.push(text);
                        content += 1;
                    }
                },
            }
        }
        if content == 1 && !framed {
            // One short line alone is more likely a cut-off puzzle line than a drawing.
            return Err(broken_line(&rows[0], first));
        }
        if content < expected {
            return Err(ReadError::new(
                first,
                ReadErrorKind::UnfinishedDrawing { rows: content },
            ));
        }
        // Frame lines under the last row belong to the drawing.
        loop {
            match self.next_line() {
                Some(Line::Text(number, text)) => {
                    if frame(&text) {
                        continue;
                    }
                    self.ahead = Some(Line::Text(number, text));
                }
                Some(bad) => self.ahead = Some(bad),
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
    fn variant_block(&self, first: usize, rows: &[String], n: usize) -> Result<Item, ReadError> {
        let fail =
            |line: usize, err: VariantError| ReadError::new(line, ReadErrorKind::variant(err));
        let numbers = rows
            .iter()
            .any(|row| row_width(row).is_some_and(|(_, numbers)| numbers));
        let (puzzle, form) = if numbers {
            let shape = Shape::for_size(n)
                .ok_or_else(|| fail(first, VariantError::new(format!("no board of side {n}"))))?;
            let mut cells = Vec::with_capacity(n * n);
            for (offset, row) in rows.iter().enumerate().filter(|(_, r)| !r.is_empty()) {
                let line = first + offset;
                let values: Vec<&str> = row.split_whitespace().collect();
                if values.len() != n {
                    return Err(fail(
                        line,
                        VariantError::new(format!(
                            "{} numbers, a row of this board has {n}",
                            values.len()
                        )),
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
                                VariantError::new(format!(
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
            let shape = Shape::for_size(n)
                .ok_or_else(|| fail(first, VariantError::new(format!("no board of side {n}"))))?;
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
                                error: VariantError::new(format!(
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

    /// What `text`, line `line`, is on its own.
    fn classify(&self, text: &str, line: usize) -> Kind {
        let data = text.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            return Kind::Blank;
        }
        if frame(text) {
            return Kind::Frame;
        }
        if let Some(csv) = self.csv.filter(|csv| csv.puzzle.is_some()) {
            return csv_record(text, line, &csv);
        }
        if data.trim_start().starts_with('{') {
            return json_variant(text, line, self.any);
        }
        if let Some(kind) = line_record(text, line) {
            return kind;
        }
        if let Some(kind) = variant_line(text, line) {
            return kind;
        }
        if self.any {
            let tokens: Vec<&str> = data.split_whitespace().collect();
            if let [single] = tokens.as_slice()
                && let Ok(size) = single.parse::<usize>()
                && (Shape::SIZES.contains(&size) || side_of_box(size).is_some())
            {
                return Kind::SizeLine(size);
            }
            if row_width(data).is_some_and(|(cells, _)| Shape::SIZES.contains(&cells) && cells != 9)
            {
                return Kind::Row;
            }
        }
        if row_like(data) || candidate_row(data) {
            return Kind::Row;
        }
        if !self.data_seen
            && let Some(csv) = header(data)
        {
            return Kind::Header(csv);
        }
        Kind::Error(broken_line(text, line))
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next puzzle, of whichever kind.
    fn read_item(&mut self) -> Option<Result<Item, ReadError>> {
        loop {
            let (number, text) = match self.next_line()? {
                Line::Text(number, text) => (number, text),
                Line::Bad(err) => {
                    self.data_seen = true;
                    return Some(Err(err));
                }
            };
            let kind = self.classify(&text, number);
            if !matches!(kind, Kind::Blank) {
                self.data_seen = true;
            }
            return Some(match kind {
                Kind::Blank => continue,
                Kind::Header(csv) => {
                    self.csv = Some(csv);
                    continue;
                }
                Kind::SizeLine(size) => match self.size_line(number, text, size) {
                    Some(result) => result,
                    None => continue,
                },
                Kind::Record(record) => Ok(Item::Classic(*record)),
                Kind::Variant(record) => Ok(Item::Variant(*record)),
                Kind::Error(err) => Err(err),
                Kind::Row => self.block(number, text, false),
                Kind::Frame => self.block(number, text, true),
            });
        }
    }

    /// A line with one number: the header of rows of numbers of that size (skipped), or, when
    /// no such rows follow, an error.
    fn size_line(
        &mut self,
        number: usize,
        text: String,
        size: usize,
    ) -> Option<Result<Item, ReadError>> {
        let follows = match self.next_line() {
            Some(Line::Text(next_number, next)) => {
                let width = row_width(&next).map(|(cells, _)| cells);
                self.ahead = Some(Line::Text(next_number, next));
                width.is_some_and(|w| w == size || Some(w) == side_of_box(size))
            }
            Some(bad) => {
                self.ahead = Some(bad);
                false
            }
            None => false,
        };
        if follows {
            None
        } else {
            Some(Err(broken_line(&text, number)))
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Result<Record, ReadError>> {
        Some(match self.read_item()? {
            Ok(Item::Classic(record)) => Ok(record),
            Ok(Item::Variant(record)) => Err(ReadError::new(
                record.line,
                ReadErrorKind::variant(VariantError::new(format!(
                    "a {} puzzle; this reader takes 9x9 puzzles (read others with any_size())",
                    record.puzzle.rules().shape()
                ))),
            )),
            Err(err) => Err(err),
        })
    }
}

/// The side of the board whose boxes have side `box_side` (2 to 5: square boxes).
fn side_of_box(box_side: usize) -> Option<usize> {
    (2..=5).contains(&box_side).then(|| box_side * box_side)
}

/// The cells of one row of a drawing or of numbers: how many, and whether they are numbers
/// (whitespace-separated, some of more than one digit). `None` for text that is neither.
fn row_width(text: &str) -> Option<(usize, bool)> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.is_empty() {
        return None;
    }
    if tokens.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit()))
        && tokens.iter().any(|t| t.len() > 1)
    {
        return Some((tokens.len(), true));
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

fn is_cell(ch: char) -> bool {
    matches!(ch, '1'..='9' | '.' | '0' | '_')
}

fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';')
}

/// A frame line of a drawing: only `-`, `=`, `+`, `|`, `.`, `:`, `'`, `*` and spaces, with
/// at least one `-` or `=`.
fn frame(text: &str) -> bool {
    text.contains(['-', '='])
        && text.chars().all(|ch| {
            matches!(ch, '-' | '=' | '+' | '|' | '.' | ':' | '\'' | '*') || ch.is_whitespace()
        })
}

/// The number of cells of a drawing row (cells, spaces, `|`, `+`, `-`), or `None` when the
/// text holds anything else.
fn drawing_cells(text: &str) -> Option<usize> {
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
fn digit_groups(text: &str) -> usize {
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
fn row_like(text: &str) -> bool {
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
fn candidate_row(text: &str) -> bool {
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

/// The fields of `text` between separators, with their byte offsets.
fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
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

fn is_puzzle_field(field: &str) -> bool {
    field.len() == 81 && field.chars().all(is_cell)
}

fn is_solution_field(field: &str) -> bool {
    field.len() == 81 && field.bytes().all(|b| (b'1'..=b'9').contains(&b))
}

/// Whether a field looks like a puzzle, perhaps a broken one: long, mostly cells.
fn looks_like_cells(field: &str) -> bool {
    field.len() >= 17 && field.chars().filter(|&ch| is_cell(ch)).count() * 2 > field.chars().count()
}

fn column_of(text: &str, byte: usize) -> usize {
    text[..byte].chars().count()
}

/// Joins what is left of a line around the puzzle, without the separators at its ends.
fn comment(parts: &[&str]) -> String {
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

/// A puzzle on one line: an 81-cell or 729-character field, with what surrounds it.
fn line_record(text: &str, line: usize) -> Option<Kind> {
    let data_end = text.find('#').unwrap_or(text.len());
    let data = &text[..data_end];
    // The first field that is a puzzle, after fields such as an identifier; a field before it
    // that looks like a broken puzzle makes the line a broken one (not, say, a line whose
    // solution passes for its puzzle).
    let (at, field) = fields(data)
        .take_while(|(_, f)| {
            !looks_like_cells(f) || is_puzzle_field(f) || candidates::is_marks_line(f.as_bytes())
        })
        .find(|(_, f)| is_puzzle_field(f) || candidates::is_marks_line(f.as_bytes()))?;
    let mut end = at + field.len();
    let (puzzle, candidates, form) = if field.len() == 81 {
        (field.parse().expect("81 cells"), None, Form::Line)
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
fn variant_line(text: &str, line: usize) -> Option<Kind> {
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

/// A JSON line describing a variant (feature `json`).
#[cfg(feature = "json")]
fn json_variant(text: &str, line: usize, any: bool) -> Kind {
    let fail = |err: VariantError| Kind::Error(ReadError::new(line, ReadErrorKind::variant(err)));
    match crate::variant::from_json(text) {
        Ok((puzzle, solution)) => {
            if let Some(grid) = puzzle.to_grid() {
                return Kind::Record(Box::new(Record {
                    line,
                    puzzle: grid,
                    candidates: None,
                    solution: solution.and_then(|s| s.to_grid()),
                    comment: String::new(),
                    form: Form::Json,
                }));
            }
            if !any {
                return fail(VariantError::new(format!(
                    "a {} puzzle{}; this reader takes classic 9x9 puzzles (read others with any_size())",
                    puzzle.rules().shape(),
                    if puzzle.rules().size() == 9 {
                        " with variant rules"
                    } else {
                        ""
                    }
                )));
            }
            Kind::Variant(Box::new(VariantRecord {
                line,
                puzzle,
                candidates: None,
                solution,
                comment: String::new(),
                form: Form::Json,
            }))
        }
        Err(err) => fail(err),
    }
}

#[cfg(not(feature = "json"))]
fn json_variant(_: &str, line: usize, _: bool) -> Kind {
    Kind::Error(ReadError::new(
        line,
        ReadErrorKind::variant(VariantError::new(
            "a JSON line: reading variants needs sudoku-core's `json` feature".into(),
        )),
    ))
}

/// A data line of a CSV file whose header named the puzzle column.
fn csv_record(text: &str, line: usize, csv: &Csv) -> Kind {
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
fn header(text: &str) -> Option<Csv> {
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

/// The most useful error for a line that is no puzzle: the parse error of its first field
/// that looks like a broken puzzle (or of a short line of cells alone), else "not a puzzle".
fn broken_line(text: &str, line: usize) -> ReadError {
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

#[cfg(test)]
mod tests {
    use super::*;

    const WIKI: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const WIKI_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn read(text: &str) -> Vec<Result<Record, ReadError>> {
        PuzzleReader::new(text.as_bytes()).collect()
    }

    fn ok(text: &str) -> Vec<Record> {
        read(text)
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
            .collect()
    }

    fn errors(text: &str) -> Vec<String> {
        read(text)
            .into_iter()
            .filter_map(|r| r.err().map(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn plain_lines_with_every_blank_and_line_end() {
        let wiki: Grid = WIKI.parse().unwrap();
        let text = format!(
            "\u{feff}{WIKI}\r\n{}\n\n# comment\n   # indented comment\n{}",
            WIKI.replace('.', "0"),
            WIKI.replace('.', "_")
        );
        let records = ok(&text);
        assert_eq!(records.len(), 3);
        assert!(
            records
                .iter()
                .all(|r| r.puzzle == wiki && r.form == Form::Line)
        );
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            vec![1, 2, 6]
        );
        assert!(
            records
                .iter()
                .all(|r| r.comment.is_empty() && r.solution.is_none())
        );
    }

    #[test]
    fn text_after_the_cells_is_a_comment_rating_or_solution() {
        let solution: Grid = WIKI_SOLUTION.parse().unwrap();
        for (line, expect_comment, expect_solution) in [
            (format!("{WIKI} # a note"), "a note", false),
            (format!("{WIKI}#note"), "note", false),
            (format!("{WIKI};1.2"), "1.2", false),
            (format!("{WIKI} 9.0 1.2 1.2"), "9.0 1.2 1.2", false),
            (format!("{WIKI}\t{WIKI_SOLUTION}"), "", true),
            (format!("{WIKI},{WIKI_SOLUTION},easy"), "easy", true),
            (
                format!("{WIKI} {WIKI_SOLUTION} # Wikipedia"),
                "Wikipedia",
                true,
            ),
            (
                format!("0000183b305c {WIKI}  1.2"),
                "0000183b305c 1.2",
                false,
            ),
            (format!("7,{WIKI},{WIKI_SOLUTION},30,1.5"), "7 30,1.5", true),
        ] {
            let records = ok(&line);
            assert_eq!(records.len(), 1, "{line}");
            let record = &records[0];
            assert_eq!(record.puzzle.to_string(), WIKI, "{line}");
            assert_eq!(record.comment, expect_comment, "{line}");
            assert_eq!(record.solution == Some(solution), expect_solution, "{line}");
        }
    }

    #[test]
    fn kaggle_csv_with_header() {
        let text = format!(
            "quizzes,solutions\n{},{WIKI_SOLUTION}\n{},{WIKI_SOLUTION}\n",
            WIKI.replace('.', "0"),
            WIKI.replace('.', "0")
        );
        let records = ok(&text);
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 2);
        assert!(
            records
                .iter()
                .all(|r| r.solution.unwrap().solves(&r.puzzle))
        );
        // Columns are taken by name, in any order, with other columns kept as the comment.
        let text = format!("id;Solution;\"Puzzle\";difficulty\n1;{WIKI_SOLUTION};\"{WIKI}\";2.5\n");
        let records = ok(&text);
        assert_eq!(records[0].puzzle.to_string(), WIKI);
        assert_eq!(records[0].comment, "1 2.5");
        assert!(records[0].solution.is_some());
        // A bad puzzle field is named by its column; the next line is read.
        let text = format!("puzzle,solution\n{}x,\n{WIKI},\n", &WIKI[..80]);
        let results = read(&text);
        assert_eq!(
            results[0].as_ref().unwrap_err().to_string(),
            "line 2, column 81: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
        );
        assert!(results[1].is_ok());
        let text = format!("puzzle,solution\n{WIKI},12345\n");
        assert_eq!(
            errors(&text),
            ["line 2, column 83: the solution field is not 81 digits 1-9"]
        );
        let damaged = WIKI_SOLUTION.replacen('9', "x", 1);
        assert_eq!(
            errors(&format!("{WIKI} {damaged}\n")),
            ["line 1, column 83: the solution field is not 81 digits 1-9"]
        );
    }

    #[test]
    fn a_header_comes_first_only() {
        let text = format!("{WIKI}\nquizzes,solutions\n");
        let results = read(&text);
        assert!(results[0].is_ok());
        assert!(
            results[1].is_err(),
            "a header after data is an error, not skipped"
        );
    }

    #[test]
    fn drawings_with_frames() {
        let wiki: Grid = WIKI.parse().unwrap();
        let drawing = format!("{wiki:#}");
        let compact: String = WIKI
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let hodoku = "\
.-------.-------.-------.
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
:-------+-------+-------:
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
:-------+-------+-------:
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
'-------'-------'-------'
";
        let text = format!("{drawing}\n\n{compact}\n{hodoku}{WIKI}\n");
        let records = ok(&text);
        assert_eq!(records.len(), 4);
        assert!(records.iter().all(|r| r.puzzle == wiki));
        assert_eq!(
            records.iter().map(|r| (r.line, r.form)).collect::<Vec<_>>(),
            vec![
                (1, Form::Drawing),
                (13, Form::Drawing),
                (23, Form::Drawing),
                (36, Form::Line)
            ]
        );
    }

    #[test]
    fn a_broken_drawing_is_one_error_and_reading_goes_on() {
        let wiki: Grid = WIKI.parse().unwrap();
        let drawing = format!("{wiki:#}");
        let broken = drawing.replacen("7", "x", 1);
        let short: String = drawing.lines().take(6).map(|l| format!("{l}\n")).collect();
        let text = format!("{broken}\n{short}\n{WIKI}\n");
        let results = read(&text);
        assert_eq!(results.len(), 3, "{results:?}");
        assert_eq!(
            results[0].as_ref().unwrap_err().to_string(),
            "line 1, column 11: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
        );
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 12: a drawing of 5 rows, expected 9"
        );
        assert_eq!(results[2].as_ref().unwrap().line, 19);
    }

    #[test]
    fn pencil_marks_in_both_forms() {
        let wiki: Grid = WIKI.parse().unwrap();
        let mut marks = Candidates::from_grid(&wiki);
        marks.remove(2, 4);
        let text = format!("{marks} # after an elimination\n{marks:#}\n{WIKI}\n");
        let records = ok(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[0].form, Form::MarksLine);
        assert_eq!(records[0].candidates, Some(marks));
        assert_eq!(records[0].comment, "after an elimination");
        assert_eq!(records[1].form, Form::MarksGrid);
        assert_eq!(records[1].candidates, Some(marks));
        assert_eq!(records[1].puzzle, marks.to_grid());
        assert_eq!(
            marks.to_grid().filled(),
            wiki.filled() + 4,
            "givens and naked singles"
        );
        assert_eq!(records[2].line, 15);
        let mut bad = marks.to_string().into_bytes();
        bad[13] = b'4';
        let text = format!("x {}\n", String::from_utf8(bad).unwrap());
        assert_eq!(
            errors(&text),
            [
                "line 1, column 16: digit 4 in the place of candidate 5 (each cell is 9 characters, digit d at place d, '.' elsewhere)"
            ]
        );
    }

    #[test]
    fn a_candidate_grid_with_an_empty_cell_reads_back() {
        // Found by fuzzing: the lone `0` that `Candidates` prints for a cell without candidates
        // made the reader take the candidate grid for a broken drawing ("more than 81 cells").
        let wiki: Grid = WIKI.parse().unwrap();
        let mut marks = Candidates::from_grid(&wiki);
        marks.set(2, crate::DigitSet::EMPTY);
        let records = ok(&format!("{marks:#}\n{WIKI}\n"));
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].form, Form::MarksGrid);
        assert_eq!(records[0].candidates, Some(marks));
        assert_eq!(records[0].candidates.unwrap().empty_cell(), Some(2));
        assert_eq!(records[1].puzzle, wiki);
    }

    #[test]
    fn a_huge_number_alone_on_a_line_is_an_error() {
        // Found by fuzzing: a line holding one large number overflowed (a panic with debug
        // assertions) when the any-size reader squared it as a possible box side.
        let results = any("6892368923754\n\n18446744073709551615\n");
        let lines: Vec<usize> = results
            .iter()
            .map(|r| r.as_ref().unwrap_err().line())
            .collect();
        assert_eq!(lines, [1, 3], "{results:?}");
    }

    #[test]
    fn bad_lines_are_named_and_skipped() {
        let text = format!(
            "{}\n{WIKI}5\nhello world\n{}\n{WIKI}\n",
            &WIKI[..80],
            WIKI.replacen('.', "x", 1)
        );
        assert_eq!(
            errors(&text),
            [
                "line 1: found 80 cells, expected 81".to_string(),
                "line 2, column 82: more than 81 cells".to_string(),
                "line 3: not a puzzle (expected 81 cells, 1-9 with '.', '0' or '_' for blanks, a 729-character pencil-mark line, or a drawing over 9 rows)".to_string(),
                "line 4, column 3: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)".to_string(),
            ]
        );
        let results = read(&text);
        assert_eq!(results.len(), 5);
        assert_eq!(results[4].as_ref().unwrap().line, 5);
        // A short line of cells alone is a cut-off puzzle, not the start of a drawing.
        assert_eq!(
            errors(&format!("12\n\n{WIKI}\n")),
            ["line 1: found 2 cells, expected 81"]
        );
    }

    #[test]
    fn long_lines_and_binary_data_are_errors_not_memory() {
        let long = "1".repeat(5000);
        let text = format!("{WIKI}\n{long}\n{WIKI}");
        let results: Vec<_> = PuzzleReader::new(text.as_bytes()).max_line(1000).collect();
        assert_eq!(results.len(), 3);
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 2: longer than 1000 bytes, skipped"
        );
        assert_eq!(results[2].as_ref().unwrap().line, 3);

        let mut bytes = format!("{WIKI}\n").into_bytes();
        bytes.extend_from_slice(b"53..\xff\xfe..\n");
        bytes.extend_from_slice(format!("{WIKI}\n").as_bytes());
        let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
        assert_eq!(results.len(), 3);
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 2, column 5: not UTF-8 text (a binary file?)"
        );
        assert_eq!(results[1].as_ref().unwrap_err().column(), Some(5));
    }

    #[test]
    fn an_unbounded_line_is_not_held_in_memory() {
        // A reader over an endless line of cells: the reader must give up at the cap, not
        // grow its buffer until memory runs out.
        struct Endless(usize);
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Ok(0);
                }
                let n = buf.len().min(self.0);
                buf[..n].fill(b'1');
                self.0 -= n;
                Ok(n)
            }
        }
        let mut reader = PuzzleReader::new(BufReader::new(Endless(50_000_000)));
        let err = reader.next().unwrap().unwrap_err();
        assert!(matches!(err.kind(), ReadErrorKind::LineTooLong { .. }));
        assert!(reader.buf.capacity() <= DEFAULT_MAX_LINE + 8192);
        assert!(reader.next().is_none());
    }

    #[test]
    fn io_errors_end_the_iteration() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut reader = PuzzleReader::new(BufReader::new(Failing));
        let err = reader.next().unwrap().unwrap_err();
        assert!(err.is_io());
        assert_eq!(err.to_string(), "line 1: read error: disk on fire");
        assert!(reader.next().is_none());
    }

    #[test]
    fn empty_input_gives_nothing() {
        assert!(read("").is_empty());
        assert!(read("\n\n# only comments\n").is_empty());
    }

    fn any(text: &str) -> Vec<Result<VariantRecord, ReadError>> {
        PuzzleReader::new(text.as_bytes()).any_size().collect()
    }

    /// A puzzle of side `n` with a few givens, for the round trips.
    fn sample(n: usize) -> Puzzle {
        let rules = Arc::new(Rules::new(Shape::for_size(n).unwrap()));
        let cells = (0..n * n)
            .map(|i| {
                if i % (n + 1) == 0 {
                    (i / n % n + 1) as u8
                } else {
                    0
                }
            })
            .collect();
        Puzzle::with_rules(rules, cells).unwrap()
    }

    #[test]
    fn every_size_in_every_form_reads_back() {
        for &n in &Shape::SIZES {
            let puzzle = sample(n);
            let numbers: String = puzzle
                .cells()
                .chunks(n)
                .map(|row| {
                    let values: Vec<String> = row.iter().map(u8::to_string).collect();
                    format!("{}\n", values.join(" "))
                })
                .collect();
            let text = format!("{puzzle} # side {n}\n\n{puzzle:#}\n\n{n}\n{numbers}\n{numbers}");
            let records: Vec<VariantRecord> = any(&text)
                .into_iter()
                .map(|r| r.unwrap_or_else(|e| panic!("{n}: {e}\n{text}")))
                .collect();
            assert_eq!(records.len(), 4, "{n}");
            for record in &records {
                assert_eq!(record.puzzle, puzzle, "{n}");
            }
            assert_eq!(records[0].comment, format!("side {n}"));
            if n > 9 {
                assert_eq!(records[2].form, Form::Numbers);
            }
        }
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_lines_describe_variants() {
        let jigsaw_map: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        let rules = [
            Rules::classic().with_diagonals(true),
            Rules::classic().with_windoku(true).unwrap(),
            Rules::classic().with_jigsaw(&jigsaw_map).unwrap(),
            Rules::new(Shape::for_size(6).unwrap()).with_diagonals(true),
        ];
        for rules in rules {
            let n = rules.size();
            let mut cells = vec![0u8; n * n];
            cells[1] = 2;
            let puzzle = Puzzle::new(rules, cells).unwrap();
            let line = puzzle.to_json();
            let records: Vec<_> = any(&format!("{line}\n"))
                .into_iter()
                .map(Result::unwrap)
                .collect();
            assert_eq!(records[0].puzzle, puzzle, "{line}");
            assert_eq!(records[0].form, Form::Json);
            // The 9x9 reader names what it cannot take.
            let err = PuzzleReader::new(line.as_bytes())
                .next()
                .unwrap()
                .unwrap_err();
            assert!(
                err.to_string().contains("read others with any_size()"),
                "{err}"
            );
        }
        // A classic puzzle as JSON, with its solution, reads in both readers.
        let text = format!("{{\"givens\": \"{WIKI}\", \"solution\": \"{WIKI_SOLUTION}\"}}\n");
        let record = PuzzleReader::new(text.as_bytes()).next().unwrap().unwrap();
        assert!(record.solution.unwrap().solves(&record.puzzle));
        // Errors name the field.
        for (line, want) in [
            (
                r#"{"size": 4, "givens": "1.3..4.1..1.3..2", "regions": "AABBAABBCCDDCCDC"}"#,
                "\"regions\": region 3 (from r3c1) has 5 cells",
            ),
            (
                r#"{"givens": "1.3..4.1..1.3..2", "size": 9}"#,
                "\"size\" is 9 but",
            ),
            (
                r#"{"givens": "1.3..4.1..1.3..2", "windoku": true}"#,
                "windoku windows are defined on the 9x9 board",
            ),
            (r#"{"givens": 12}"#, "\"givens\" must be a string"),
            (
                r#"{"givens": "1.3..4.1..1.3..9"}"#,
                "\"givens\": character 16: '9' is not a cell of a 4x4 board",
            ),
            ("{oops", "invalid JSON"),
        ] {
            let err = any(&format!("{line}\n"))[0]
                .as_ref()
                .unwrap_err()
                .to_string();
            assert!(err.contains(want), "{line}: {err}");
        }
    }

    #[test]
    fn the_classic_reader_names_other_sizes() {
        let sixteen = sample(16);
        let text = format!("{sixteen}\n{WIKI}\n");
        let results = read(&text);
        assert_eq!(
            results[0].as_ref().unwrap_err().to_string(),
            "line 1: a 16x16 (boxes of 4x4) puzzle; this reader takes 9x9 puzzles (read others with any_size())"
        );
        assert!(results[1].is_ok());
        // Sizes need their own digits: 'Z' is not one of a 16x16 board.
        let bad = sixteen.to_string().replacen('.', "Z", 1);
        let err = any(&bad)[0].as_ref().unwrap_err().to_string();
        assert!(err.contains("'Z' is not a cell of a 16x16 board"), "{err}");
        // A row of numbers with a value too large names its line.
        let err = any("2 0 0 0\n0 0 0 7\n0 0 0 0\n0 0 0 0\n")[0]
            .as_ref()
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2"), "{err}");
    }
}
