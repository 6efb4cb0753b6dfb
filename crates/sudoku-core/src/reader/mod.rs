//! [`PuzzleReader`]: puzzles streamed from any [`BufRead`], in every common file form.

mod block;
mod csv;
mod error;
mod json;
mod line;
mod lines;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::variant::{Puzzle, Shape, VariantError, VariantErrorKind};

use block::{candidate_row, frame, row_like, row_side, row_width, side_of_box};
use csv::{Csv, csv_record, header};
pub use error::{ReadError, ReadErrorKind};
use json::json_variant;
use line::{broken_line, line_record, variant_line};
pub use lines::{LineError, LineErrorKind, LineReader};

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
    lines: LineReader<R>,
    /// Lines read but not used yet, in order.
    ahead: VecDeque<Line>,
    /// The layout of a CSV file, once its header was read.
    csv: Option<Csv>,
    /// Whether a line with data (a puzzle, a row, an error) came: a header only comes first.
    data_seen: bool,
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

/// A line as read: its number and text, or why it could not be read.
#[derive(Debug)]
enum Line {
    Text(usize, String),
    Bad(ReadError),
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
            lines: LineReader::new(input),
            ahead: VecDeque::new(),
            csv: None,
            data_seen: false,
            any: false,
        }
    }

    /// Reads puzzles of every size and variant instead of 9x9 grids only: lines of `n x n`
    /// symbols (the size told by the length), rows of whitespace-separated numbers (`0`
    /// blank; an optional first line with the side or the box side), drawings of any size,
    /// and, with feature `json`, JSON lines for variants (`{"size": 9, "boxes": "3x3",
    /// "givens": "...", "regions": "...", "diagonals": true, "windoku": true, "solution":
    /// "...", "id": "..."}`, every field but `givens` optional, any other key an error
    /// naming it and the nearest known key); 9x9 puzzles in every form of the classic reader come as
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
    pub fn max_line(self, bytes: usize) -> PuzzleReader<R> {
        PuzzleReader {
            lines: self.lines.max_line(bytes),
            ..self
        }
    }

    /// The number of the last line read so far.
    pub fn lines_read(&self) -> usize {
        self.lines.line()
    }

    /// The next line, from the look-ahead or the input.
    fn next_line(&mut self) -> Option<Line> {
        if let Some(line) = self.ahead.pop_front() {
            return Some(line);
        }
        Some(match self.lines.next_line()? {
            Ok((number, text)) => Line::Text(number, text),
            Err(err) => {
                let line = err.line();
                let kind = match err.into_kind() {
                    LineErrorKind::TooLong { max } => ReadErrorKind::LineTooLong { max },
                    LineErrorKind::InvalidUtf8 { column } => ReadErrorKind::InvalidUtf8 { column },
                    LineErrorKind::Io(err) => ReadErrorKind::Io(err),
                };
                Line::Bad(ReadError::new(line, kind))
            }
        })
    }

    /// `text`, line `number`, with cells between commas or semicolons, or in brackets, as
    /// the reader's rows and lines ([`block::separated_cells`]); the other rows of a board
    /// written on one line are read next, as that line. The records of a CSV file with a
    /// puzzle column keep their commas; after a header without one (a spreadsheet's column
    /// letters), the rows are cells as elsewhere.
    pub(super) fn unseparated(&mut self, number: usize, text: String) -> String {
        if self.csv.is_some_and(|csv| csv.puzzle.is_some()) {
            return text;
        }
        let (first, rows) = block::separated_cells(text);
        for row in rows.into_iter().rev() {
            self.ahead.push_front(Line::Text(number, row));
        }
        first
    }

    /// Whether the next line is a row of cells in brackets (`[5, 3, 0, ...],`, read as the
    /// cells between its commas), the first of a list of rows; it stays the next line.
    fn list_follows(&mut self) -> bool {
        let Some(line) = self.next_line() else {
            return false;
        };
        let follows = match &line {
            Line::Text(number, text) => {
                text.trim_start().starts_with('[') && {
                    let (cells, _) = block::separated_cells(text.clone());
                    cells != *text && matches!(self.classify(&cells, *number), Kind::Row)
                }
            }
            Line::Bad(_) => false,
        };
        self.ahead.push_front(line);
        follows
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
            if row_side(data).is_some_and(|cells| cells != 9) {
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
            let (number, mut text) = match self.next_line()? {
                Line::Text(number, text) => (number, text),
                Line::Bad(err) => {
                    self.data_seen = true;
                    return Some(Err(err));
                }
            };
            if self.any
                && self.csv.is_none()
                && sixteen_symbols(&text)
                && let Some(item) = self.sixteen_rows(number, &text)
            {
                self.data_seen = true;
                return Some(item);
            }
            let mut kind = self.classify(&text, number);
            if matches!(kind, Kind::Error(_)) {
                if text.trim() == "[" && self.list_follows() {
                    // The bracket opening a list of rows, one a line.
                    continue;
                }
                // Not a line of any form: maybe cells between separators.
                text = self.unseparated(number, text);
                kind = self.classify(&text, number);
            }
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

    /// Sixteen lines of 16 symbols each, starting with `text` on line `first`: a 16x16
    /// drawing written without separators when some symbol is beyond a 4x4 board's (16
    /// symbols are also a 4x4 puzzle on one line); `None` otherwise, every line read kept
    /// for the next items.
    fn sixteen_rows(&mut self, first: usize, text: &str) -> Option<Result<Item, ReadError>> {
        let mut rows = vec![text.trim().to_string()];
        let mut read = Vec::new();
        while rows.len() < 16 {
            match self.next_line() {
                Some(Line::Text(number, next)) if sixteen_symbols(&next) => {
                    rows.push(next.trim().to_string());
                    read.push(Line::Text(number, next));
                }
                Some(other) => {
                    read.push(other);
                    break;
                }
                None => break,
            }
        }
        let beyond_four = rows.len() == 16
            && rows.iter().any(|row| {
                row.chars()
                    .any(|ch| !matches!(ch, '1'..='4' | '.' | '_' | '0'))
            });
        if beyond_four {
            return Some(self.variant_block(first, &rows, 16));
        }
        for line in read.into_iter().rev() {
            self.ahead.push_front(line);
        }
        None
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
                self.ahead.push_front(Line::Text(next_number, next));
                width.is_some_and(|w| w == size || Some(w) == side_of_box(size))
            }
            Some(bad) => {
                self.ahead.push_front(bad);
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
                ReadErrorKind::variant(VariantError::new(
                    VariantErrorKind::Unsupported,
                    format!(
                        "a {} puzzle; this reader takes 9x9 puzzles (read others with any_size())",
                        record.puzzle.rules().shape()
                    ),
                )),
            )),
            Err(err) => Err(err),
        })
    }
}

/// Whether a line is one word of 16 symbols of a 16x16 board: a 4x4 puzzle, or a row of a
/// 16x16 drawing without separators.
fn sixteen_symbols(text: &str) -> bool {
    let word = text.trim();
    word.len() == 16
        && word
            .chars()
            .all(|ch| crate::variant::digit_of(ch, 16).is_some())
}
