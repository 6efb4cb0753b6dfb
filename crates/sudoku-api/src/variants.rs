//! Variant puzzles with constraints (thermometers, arrows, Kropki dots, killer cages, ...) as
//! people share them: f-puzzles JSON, f-puzzles and SudokuPad links, and ipuz JSON, recognised
//! among the lines of every input; the tasks only the constraint engine answers (true
//! candidates, lists of solutions); and the forms a puzzle is written in for those tools.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};
use sudoku_constraints::{ConstraintPuzzle, CountSolutions, Filled, Solver, Unsettled, Verdict};
use sudoku_core::{Budget, DEFAULT_MAX_LINE, Grid, Puzzle, PuzzleReader, ReadError, Tally};
use sudoku_killer::{GeneratedKiller, KillerPuzzle};

use crate::failure::{Failure, FailureKind, plural};
use crate::generate::Made;
use crate::input::{Board, Record};
use crate::record::Output;
use crate::tasks::{Counted, Solution, Solved, Worker, outcome};

/// The largest side the constraint engine searches.
pub const MAX_CONSTRAINT_SIZE: usize = sudoku_constraints::MAX_SIZE;

/// Whether a text is, by its look, a puzzle in one of the constraint formats: an f-puzzles or
/// SudokuPad link, or a JSON object with f-puzzles' `"grid"` or ipuz's kind. Core's JSON
/// lines for variants (`{"givens": ...}`) are not.
pub fn is_constraint_text(text: &str) -> bool {
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.starts_with('{') {
        return text.contains("ipuz.org") || has_key(text, "grid");
    }
    ["http://", "https://", "f-puzzles.com", "sudokupad.app"]
        .iter()
        .any(|start| text.starts_with(start))
        || text.contains("?load=")
}

/// Whether a JSON object's text has the top-level key `key`; text that is not JSON but names
/// the key counts, so that the reader of its format says what is wrong with it.
fn has_key(text: &str, key: &str) -> bool {
    if !text.contains(&format!("\"{key}\"")) {
        return false;
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => map.contains_key(key),
        Ok(_) => false,
        Err(_) => true,
    }
}

impl Board {
    /// The board of a constraint puzzle: a classic grid or a puzzle of another size or region
    /// variant when it has no other rule (so that every engine and task takes it), else the
    /// puzzle with its constraints.
    pub fn from_constraint(puzzle: ConstraintPuzzle) -> Board {
        if let Some(grid) = puzzle.to_grid() {
            return Board::classic(grid);
        }
        match puzzle.to_puzzle() {
            Some(plain) => Board::Sized(plain),
            None => Board::Constraint(puzzle),
        }
    }

    /// Reads a puzzle in a constraint format (f-puzzles or ipuz JSON, an f-puzzles or
    /// SudokuPad link), as [`Board::from_constraint`] keeps it.
    ///
    /// ```
    /// use sudoku_api::{Board, ConstraintPuzzle};
    ///
    /// let link = ConstraintPuzzle::new(6)?.to_sudokupad_link()?;
    /// assert_eq!(Board::read_constraint(&link)?.describe(), "6x6");
    /// let err = Board::read_constraint("https://f-puzzles.com/?load=%%").unwrap_err();
    /// assert!(err.message().contains("escape"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What is wrong with the text, or a constraint this toolkit does not solve (named).
    pub fn read_constraint(text: &str) -> Result<Board, Failure> {
        ConstraintPuzzle::read(text)
            .map(Board::from_constraint)
            .map_err(|err| Failure::new(FailureKind::Malformed, err.to_string()))
    }

    /// The puzzle with its constraints, for the formats and the constraint engine: every
    /// board but a pencil-mark position converts.
    ///
    /// # Errors
    ///
    /// For a pencil-mark position, whose marks no constraint format holds.
    pub fn to_constraint(&self) -> Result<ConstraintPuzzle, Failure> {
        match self {
            Board::Classic { marks: Some(_), .. } => Err(Failure::new(
                FailureKind::Malformed,
                "a pencil-mark position: the constraint formats and the constraint engine take \
                 puzzles (pass its givens instead)",
            )),
            Board::Classic { grid, marks: None } => Ok(ConstraintPuzzle::from(grid)),
            Board::Sized(puzzle) => Ok(ConstraintPuzzle::from(puzzle)),
            Board::Constraint(puzzle) => Ok(puzzle.clone()),
        }
    }

    /// The puzzle written as `form`: a link to play it, f-puzzles or ipuz JSON.
    ///
    /// ```
    /// use sudoku_api::{Board, PuzzleForm};
    ///
    /// let board: Board = "1.3..4.1..1.3..2".parse()?;
    /// let link = board.write(PuzzleForm::Link)?;
    /// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
    /// assert_eq!(Board::read_constraint(&link)?, board);
    /// # Ok::<(), sudoku_api::Failure>(())
    /// ```
    ///
    /// # Errors
    ///
    /// For a pencil-mark position; a board larger than 16x16 in an f-puzzles form; a
    /// constraint other than regions in ipuz.
    pub fn write(&self, form: PuzzleForm) -> Result<String, Failure> {
        form.write(&self.to_constraint()?)
    }
}

/// `puzzle` carrying `solution`.
fn with_solution(puzzle: &mut ConstraintPuzzle, solution: &[u8]) -> Result<(), Failure> {
    puzzle
        .set_solution(Some(solution.to_vec()))
        .map_err(|err| Failure::new(FailureKind::Internal, err.to_string()))
}

/// A puzzle with constraints larger than the engine takes.
fn too_large(n: usize) -> Result<(), Failure> {
    if n > MAX_CONSTRAINT_SIZE {
        return Err(Failure::new(
            FailureKind::Malformed,
            format!(
                "a {n}x{n} puzzle with constraints: the constraint engine solves boards up to \
                 {MAX_CONSTRAINT_SIZE}x{MAX_CONSTRAINT_SIZE}"
            ),
        ));
    }
    Ok(())
}

/// A puzzle with constraints the engine can search: not too large, no clashing givens.
fn searchable(puzzle: &ConstraintPuzzle) -> Result<(), Failure> {
    too_large(puzzle.size())?;
    match puzzle.clash() {
        Some(clash) => Err(Failure::clash(clash)),
        None => Ok(()),
    }
}

/// The forms a puzzle is written in for the tools people set and play variants with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PuzzleForm {
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles...`), to play it.
    Link,
    /// An f-puzzles link (`https://f-puzzles.com/?load=...`), to edit it.
    FpuzzlesLink,
    /// f-puzzles JSON, on one line.
    Fpuzzles,
    /// ipuz JSON (`http://ipuz.org/sudoku#1`), on one line: givens and regions only.
    Ipuz,
}

impl PuzzleForm {
    /// Every form, in the order help texts list them.
    pub const ALL: &'static [PuzzleForm] = &[
        PuzzleForm::Link,
        PuzzleForm::FpuzzlesLink,
        PuzzleForm::Fpuzzles,
        PuzzleForm::Ipuz,
    ];

    /// Its name (`link`, `fpuzzles-link`, `fpuzzles`, `ipuz`).
    pub fn name(self) -> &'static str {
        match self {
            PuzzleForm::Link => "link",
            PuzzleForm::FpuzzlesLink => "fpuzzles-link",
            PuzzleForm::Fpuzzles => "fpuzzles",
            PuzzleForm::Ipuz => "ipuz",
        }
    }

    /// The form named `name`.
    pub fn parse(name: &str) -> Option<PuzzleForm> {
        PuzzleForm::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// `puzzle` written in this form.
    ///
    /// # Errors
    ///
    /// What the form cannot hold: a side above 16 (f-puzzles), constraints (ipuz).
    pub fn write(self, puzzle: &ConstraintPuzzle) -> Result<String, Failure> {
        let written = match self {
            PuzzleForm::Link => puzzle.to_sudokupad_link(),
            PuzzleForm::FpuzzlesLink => puzzle.to_fpuzzles_link(),
            PuzzleForm::Fpuzzles => puzzle.to_fpuzzles(),
            PuzzleForm::Ipuz => puzzle.to_ipuz(),
        };
        written
            .map(|text| text.replace('\n', ""))
            .map_err(|err| Failure::new(FailureKind::Malformed, err.to_string()))
    }

    /// A killer puzzle written in this form (cages as killer cages).
    ///
    /// # Errors
    ///
    /// As [`write`](PuzzleForm::write): ipuz holds no cages.
    pub fn write_killer(self, puzzle: &KillerPuzzle) -> Result<String, Failure> {
        self.write(&ConstraintPuzzle::from(puzzle))
    }

    /// A generated puzzle written in this form with its solution (which SudokuPad and
    /// f-puzzles check a player's answer against).
    ///
    /// # Errors
    ///
    /// As [`write`](PuzzleForm::write).
    pub fn write_made(self, made: &Made) -> Result<String, Failure> {
        let mut puzzle = made.puzzle.to_constraint()?;
        with_solution(&mut puzzle, made.solution.cells())?;
        self.write(&puzzle)
    }

    /// A generated killer puzzle written in this form with its solution.
    ///
    /// # Errors
    ///
    /// As [`write`](PuzzleForm::write): ipuz holds no cages.
    pub fn write_generated_killer(self, made: &GeneratedKiller) -> Result<String, Failure> {
        let mut puzzle = ConstraintPuzzle::from(&made.puzzle);
        with_solution(&mut puzzle, made.solution.cells())?;
        self.write(&puzzle)
    }
}

/// The line of a constraint puzzle that every reader reads back: its f-puzzles link (ipuz
/// JSON above 16x16, which f-puzzles does not draw).
pub(crate) fn constraint_line(puzzle: &ConstraintPuzzle) -> String {
    puzzle
        .to_fpuzzles_link()
        .or_else(|_| puzzle.to_ipuz().map(|text| text.replace('\n', "")))
        .unwrap_or_default()
}

/// The names of a puzzle's kinds of constraint, each once, in order of first appearance.
fn constraint_names(puzzle: &ConstraintPuzzle) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for constraint in puzzle.constraints() {
        if !names.contains(&constraint.name()) {
            names.push(constraint.name());
        }
    }
    names
}

/// A constraint puzzle's rules in words: `9x9 with thermometer, arrow`.
pub(crate) fn describe(puzzle: &ConstraintPuzzle) -> String {
    let n = puzzle.size();
    let mut names = constraint_names(puzzle);
    if !puzzle.has_default_regions() {
        names.insert(0, "irregular regions");
    }
    if names.is_empty() {
        format!("{n}x{n}")
    } else {
        format!("{n}x{n} with {}", names.join(", "))
    }
}

/// The JSON fields that say what a constraint puzzle is: `size` and the constraints' names.
pub(crate) fn rules_fields(output: Output, puzzle: &ConstraintPuzzle) -> Output {
    let output = output
        .field("size", json!(puzzle.size()))
        .field("constraints", json!(constraint_names(puzzle)));
    if puzzle.has_default_regions() {
        output
    } else {
        output.field("regions", json!(puzzle.regions()))
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: core's reader, with the lines of the constraint formats taken out on the way.

/// The lines of the constraint formats seen by a [`Tee`], by number, until the reader's
/// records pass them.
type Kept = Arc<Mutex<BTreeMap<usize, String>>>;

/// A reader that keeps, on the way through, the lines that look like constraint puzzles
/// (counting lines as core's reader does: LF, CRLF or CR ends one).
struct Tee<R> {
    inner: R,
    /// The number of the line being read; 0 before the first.
    line: usize,
    /// Whether bytes of that line were consumed.
    open: bool,
    /// Whether the last byte was a CR (a LF right after it ends no line).
    cr: bool,
    /// The bytes of the open line, up to the reader's cap.
    current: Vec<u8>,
    kept: Kept,
}

impl<R> Tee<R> {
    fn end_line(&mut self) {
        if self.open {
            // A line beyond the cap is core's error (skipped): never read from its start.
            if self.current.len() <= DEFAULT_MAX_LINE
                && let Ok(text) = std::str::from_utf8(&self.current)
                && is_constraint_text(text)
            {
                self.kept
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(self.line, text.to_string());
            }
            self.current.clear();
            self.open = false;
        }
    }

    fn take(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            match byte {
                b'\n' if self.cr => self.cr = false,
                b'\n' | b'\r' => {
                    if !self.open {
                        self.line += 1;
                        self.open = true;
                    }
                    self.end_line();
                    self.cr = byte == b'\r';
                }
                _ => {
                    self.cr = false;
                    if !self.open {
                        self.line += 1;
                        self.open = true;
                    }
                    if self.current.len() <= DEFAULT_MAX_LINE {
                        self.current.push(byte);
                    }
                }
            }
        }
    }
}

impl<R: BufRead> io::Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let empty = self.inner.fill_buf()?.is_empty();
        if empty {
            self.end_line();
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if amount > 0 {
            let bytes = match self.inner.fill_buf() {
                Ok(bytes) => bytes[..amount.min(bytes.len())].to_vec(),
                Err(_) => Vec::new(),
            };
            self.take(&bytes);
        }
        self.inner.consume(amount);
    }
}

/// The most bytes read ahead for a JSON object spanning lines (its spaces and line breaks
/// included); a longer one is read line by line as any other input.
const MAX_DOCUMENT: usize = 16 * DEFAULT_MAX_LINE;

/// Where [`read_ahead`] is in the input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ahead {
    /// At the start of a line before the object (blank and `#` lines may come first).
    LineStart,
    /// In a `#` line.
    Comment,
    /// In the object, `depth` brackets deep; `broken` once a line break was passed.
    Object {
        depth: usize,
        in_string: bool,
        escaped: bool,
        broken: bool,
    },
    /// After the object: only white space may follow.
    After,
}

/// Reads ahead the start of `input`, looking for one JSON object spanning lines that is the
/// whole input apart from blank and `#` lines before it: a pretty-printed f-puzzles or ipuz
/// file, as editors save them. Returns the bytes to read in place of those taken: with such
/// an object, the lines before it and the object on one line (its white space outside strings
/// dropped), so that it is one record starting on the line of its `{`; else the bytes taken,
/// unchanged. It stops taking bytes as soon as the input is not such a file: at the first
/// byte of another form, or at the end of a JSON object on the line it starts, so that JSON
/// lines stay one record a line.
fn read_ahead<R: BufRead>(input: &mut R) -> Vec<u8> {
    let mut taken = Vec::new();
    let mut state = Ahead::LineStart;
    // Where the object starts and ends (its `{` and its last byte) in `taken`.
    let (mut start, mut end) = (0, 0);
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            // The reader meets the error again and reports it.
            Err(_) => return taken,
        };
        if buffer.is_empty() {
            break;
        }
        let mut used = 0;
        let mut done = false;
        for &byte in buffer {
            let next = match state {
                Ahead::LineStart => match byte {
                    b'#' => Some(Ahead::Comment),
                    b'{' => {
                        start = taken.len() + used;
                        Some(Ahead::Object {
                            depth: 1,
                            in_string: false,
                            escaped: false,
                            broken: false,
                        })
                    }
                    // A byte order mark (EF BB BF) at the very start counts as white space.
                    0xEF | 0xBB | 0xBF if taken.len() + used < 3 => Some(state),
                    b if b.is_ascii_whitespace() => Some(state),
                    _ => None,
                },
                Ahead::Comment => Some(if byte == b'\n' || byte == b'\r' {
                    Ahead::LineStart
                } else {
                    state
                }),
                Ahead::Object {
                    depth,
                    in_string,
                    escaped,
                    broken,
                } => {
                    let broken = broken || byte == b'\n' || byte == b'\r';
                    let (depth, in_string, escaped) = match byte {
                        _ if escaped => (depth, true, false),
                        b'\\' if in_string => (depth, true, true),
                        b'"' => (depth, !in_string, false),
                        b'{' | b'[' if !in_string => (depth + 1, false, false),
                        b'}' | b']' if !in_string => (depth - 1, false, false),
                        _ => (depth, in_string, false),
                    };
                    match (depth, broken) {
                        (0, true) => {
                            end = taken.len() + used;
                            Some(Ahead::After)
                        }
                        // An object on one line: a JSON line, read as every line is.
                        (0, false) => None,
                        _ => Some(Ahead::Object {
                            depth,
                            in_string,
                            escaped,
                            broken,
                        }),
                    }
                }
                Ahead::After if byte.is_ascii_whitespace() => Some(state),
                // More after the object: not one object, read line by line.
                Ahead::After => {
                    done = true;
                    break;
                }
            };
            used += 1;
            match next {
                Some(next) => state = next,
                None => {
                    done = true;
                    break;
                }
            }
        }
        taken.extend_from_slice(&buffer[..used]);
        input.consume(used);
        if done || taken.len() > MAX_DOCUMENT {
            return taken;
        }
    }
    if state != Ahead::After {
        return taken;
    }
    let mut one = taken[..start].to_vec();
    let mut in_string = false;
    let mut escaped = false;
    for &byte in &taken[start..=end] {
        if in_string || !byte.is_ascii_whitespace() {
            one.push(byte);
        }
        match byte {
            _ if escaped => escaped = false,
            b'\\' if in_string => escaped = true,
            b'"' => in_string = !in_string,
            _ => {}
        }
    }
    one.push(b'\n');
    one
}

/// The records of a stream: core's, and a constraint puzzle (or its error) for each line of
/// a constraint format, in input order; a whole input that is one JSON object spanning lines
/// is one record (see [`read_ahead`]).
pub(crate) struct Records<R> {
    reader: sudoku_core::AnyReader<Tee<io::Chain<io::Cursor<Vec<u8>>, R>>>,
    kept: Kept,
}

impl<R: BufRead> Records<R> {
    pub(crate) fn new(mut input: R) -> Records<R> {
        let kept = Kept::default();
        let ahead = read_ahead(&mut input);
        let tee = Tee {
            inner: io::Read::chain(io::Cursor::new(ahead), input),
            line: 0,
            open: false,
            cr: false,
            current: Vec::new(),
            kept: Arc::clone(&kept),
        };
        Records {
            reader: PuzzleReader::new(tee).any_size(),
            kept,
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Result<Record, ReadError>> {
        let item = self.reader.next()?;
        let line = match &item {
            Ok(record) => record.line,
            Err(err) => err.line(),
        };
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let text = kept.remove(&line);
        // Lines before this record are behind the reader for good.
        *kept = kept.split_off(&line);
        drop(kept);
        match (item, text) {
            // Core's reader takes no line of these formats: each is an error there.
            (Err(err), Some(text)) if !err.is_io() => Some(constraint_record(line, &text)),
            (item, _) => Some(item.map(|mut record| Record {
                line: record.line,
                solution: record.solution.take(),
                board: Board::of_record(record),
            })),
        }
    }
}

/// The record of line `line`, in a constraint format.
fn constraint_record(line: usize, text: &str) -> Result<Record, ReadError> {
    match ConstraintPuzzle::read(text) {
        Ok(puzzle) => Ok(Record {
            line,
            board: Board::from_constraint(puzzle),
            solution: None,
        }),
        Err(err) => Err(ReadError::constraint(line, err)),
    }
}

// ---------------------------------------------------------------------------------------------
// The tasks.

/// For each cell, the digits that appear in at least one solution (up to a limit of
/// solutions): the setter's view of what a puzzle still allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Possible {
    /// The side of the board.
    pub size: usize,
    /// The digits of each cell, row-major, in increasing order.
    pub cells: Vec<Vec<u8>>,
    /// The solutions found on the way (at most the limit).
    pub solutions: usize,
    /// The limit of solutions looked at.
    pub limit: usize,
    /// Whether every digit of every cell was decided (else the limit stopped the search and
    /// the cells hold the digits of the solutions seen).
    pub complete: bool,
    /// What the search counted.
    pub stats: Tally,
}

impl Possible {
    /// One line: each cell's digits (`1`-`9`, then `A`-`P`), cells separated by spaces.
    pub fn line(&self) -> String {
        self.cells
            .iter()
            .map(|digits| symbols(digits))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A drawing: one row per line, each cell's digits padded to the widest cell.
    pub fn drawing(&self) -> String {
        let width = self.cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
        self.cells
            .chunks(self.size.max(1))
            .map(|row| {
                row.iter()
                    .map(|digits| format!("{:<width$}", symbols(digits)))
                    .collect::<Vec<_>>()
                    .join(" ")
                    .trim_end()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The symbols of digits: `1`-`9`, then `A` for 10 up to `P` for 25.
pub(crate) fn symbols(digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| match d {
            1..=9 => char::from(b'0' + d),
            _ => char::from(b'A' + d - 10),
        })
        .collect()
}

/// Solutions listed up to a limit.
#[derive(Clone, Debug)]
pub struct Listed {
    /// The solutions, in the order the search found them.
    pub solutions: Vec<Solution>,
    /// The limit of the listing.
    pub limit: usize,
    /// What the search counted.
    pub stats: Tally,
}

impl Listed {
    /// Whether every solution is listed (there are fewer than the limit).
    pub fn is_complete(&self) -> bool {
        self.solutions.len() < self.limit
    }
}

/// The name of cell `cell` of a board of side `n`: `r1c1`, ...
pub(crate) fn cell_at(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The cells where two solutions differ, named (at most 8, then how many more).
fn differences(a: &Filled, b: &Filled) -> String {
    let n = a.size();
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| a.cells()[c] != b.cells()[c])
        .collect();
    let mut names: Vec<String> = cells.iter().take(8).map(|&c| cell_at(c, n)).collect();
    if cells.len() > 8 {
        names.push(format!("and {} more", cells.len() - 8));
    }
    names.join(", ")
}

impl Worker {
    /// Solves a constraint puzzle (with `count`, counting up to 2 in the same search).
    pub(crate) fn solve_constraint(
        &mut self,
        puzzle: &ConstraintPuzzle,
        count: bool,
        budget: Budget,
    ) -> Solved {
        let front = self.front();
        if let Err(failure) = too_large(puzzle.size()) {
            return Solved::failed(failure, front, budget);
        }
        let solver = &mut self.constraints;
        let (verdict, counted) = if count {
            let (verdict, counted) = solver.solve_and_count_within(puzzle, 2, budget);
            (verdict, Some(counted))
        } else {
            (solver.solve_within(puzzle, budget), None)
        };
        let stats = Tally::of(&Solver::stats(solver));
        let verdict = match verdict {
            Verdict::Solved(found) => Verdict::Solved(Solution::Filled(found)),
            Verdict::NoSolution => Verdict::NoSolution,
            Verdict::Clash(clash) => Verdict::Clash(clash),
            Verdict::GaveUp { exhausted, .. } => Verdict::out_of_budget(exhausted),
        };
        let mut solved = outcome(verdict, counted, stats, front, budget);
        solved.compare_stated(puzzle.solution());
        solved
    }

    /// Counts a constraint puzzle's solutions up to `limit`.
    pub(crate) fn count_constraint(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<Counted, Failure> {
        searchable(puzzle)?;
        let counted = self
            .constraints
            .count_solutions_within(puzzle, limit, budget);
        let stats = Tally::of(&Solver::stats(&self.constraints));
        match counted {
            Ok(count) => Ok(Counted {
                count,
                limit,
                stats,
            }),
            Err(unsettled) => Err(Failure::unsettled(self.front(), unsettled, budget)),
        }
    }

    /// Checks that a constraint puzzle has one solution; when it has several, names the
    /// cells where two of them differ (where a setter adds a clue).
    pub(crate) fn check_constraint(
        &mut self,
        puzzle: &ConstraintPuzzle,
        budget: Budget,
    ) -> Result<Tally, Failure> {
        let (found, stats) = self.list_constraint(puzzle, 2, budget)?;
        match found.as_slice() {
            [] => Err(Failure::new(FailureKind::NoSolution, "no solution")),
            [only] => match puzzle.solution() {
                Some(expected) if expected != only.cells() => Err(Failure::new(
                    FailureKind::WrongSolution,
                    format!("one solution, but not the one the puzzle gives: it is {only}"),
                )),
                _ => Ok(stats),
            },
            [a, b, ..] => Err(Failure::new(
                FailureKind::Several,
                format!("several solutions: two differ at {}", differences(a, b)),
            )),
        }
    }

    /// For each cell of `board`, the digits that appear in at least one solution, looking at
    /// no more than `limit` solutions, within `budget`: every board but a pencil-mark
    /// position, through the constraint engine (sides up to 16).
    ///
    /// # Errors
    ///
    /// A pencil-mark position or a board above 16x16, clashing givens, no solution, or the
    /// budget ran out.
    pub fn true_candidates(
        &mut self,
        board: &Board,
        limit: usize,
        budget: Budget,
    ) -> Result<Possible, Failure> {
        let puzzle = board.to_constraint()?;
        searchable(&puzzle)?;
        let found = self
            .constraints
            .true_candidates_within(&puzzle, limit, budget);
        if let Some(exhausted) = found.exhausted {
            return Err(Failure::gave_up(self.front(), exhausted, budget));
        }
        if found.solutions == 0 && found.complete {
            return Err(Failure::new(FailureKind::NoSolution, "no solution"));
        }
        let n = puzzle.size();
        Ok(Possible {
            size: n,
            cells: (0..n * n).map(|cell| found.digits(cell)).collect(),
            solutions: found.solutions,
            limit,
            complete: found.complete,
            stats: Tally::of(&Solver::stats(&self.constraints)),
        })
    }

    /// The solutions of `board`, up to `limit`, within `budget`: every board but a
    /// pencil-mark position, through the constraint engine (sides up to 16).
    ///
    /// # Errors
    ///
    /// A pencil-mark position or a board above 16x16, clashing givens, or the budget ran out
    /// first (with the solutions found).
    pub fn solutions(
        &mut self,
        board: &Board,
        limit: usize,
        budget: Budget,
    ) -> Result<Listed, Failure> {
        let (found, stats) = self.list_constraint(&board.to_constraint()?, limit, budget)?;
        let solutions = found
            .into_iter()
            .map(|filled| solution_of(board, filled))
            .collect();
        Ok(Listed {
            solutions,
            limit,
            stats,
        })
    }

    /// The solutions of a constraint puzzle, up to `limit`, and what the search counted.
    fn list_constraint(
        &mut self,
        puzzle: &ConstraintPuzzle,
        limit: usize,
        budget: Budget,
    ) -> Result<(Vec<Filled>, Tally), Failure> {
        searchable(puzzle)?;
        let listed = self.constraints.solutions_within(puzzle, limit, budget);
        if let Some(exhausted) = listed.exhausted {
            let found = listed.found.len();
            return Err(Failure::unsettled(
                self.front(),
                Unsettled { found, exhausted },
                budget,
            ));
        }
        Ok((listed.found, Tally::of(&Solver::stats(&self.constraints))))
    }
}

/// A solution in the type of its board: a grid for a classic board, a filled puzzle of the
/// same rules for another size or variant.
fn solution_of(board: &Board, filled: Filled) -> Solution {
    match board {
        Board::Classic { .. } => match <[u8; 81]>::try_from(filled.cells())
            .ok()
            .and_then(|cells| Grid::from_cells(cells).ok())
        {
            Some(grid) => Solution::Grid(grid),
            None => Solution::Filled(filled),
        },
        Board::Sized(puzzle) => {
            match Puzzle::with_rules(Arc::clone(puzzle.shared_rules()), filled.cells().to_vec()) {
                Ok(filled_puzzle) => Solution::Sized(filled_puzzle),
                Err(_) => Solution::Filled(filled),
            }
        }
        Board::Constraint(_) => Solution::Filled(filled),
    }
}

impl Output {
    /// The answer of true candidates: each cell's digits; a warning when the limit of
    /// solutions stopped the search before every digit was decided.
    pub fn possible(possible: Result<Possible, Failure>) -> Output {
        let possible = match possible {
            Ok(possible) => possible,
            Err(failure) => return Output::failed(failure),
        };
        let mut output = Output::ok("candidates", possible.line())
            .field(
                "candidates",
                json!(
                    possible
                        .cells
                        .iter()
                        .map(|d| symbols(d))
                        .collect::<Vec<_>>()
                ),
            )
            .field("solutions", json!(possible.solutions))
            .field("limit", json!(possible.limit))
            .field("complete", json!(possible.complete))
            .with_stats(possible.stats.clone());
        output.drawing = Some(possible.drawing());
        if !possible.complete {
            output.warning = Some(format!(
                "stopped at the limit of {} solution{}: the candidates are those of the \
                 solutions seen, some may be missing",
                possible.limit,
                plural(possible.limit)
            ));
        }
        output
    }

    /// The answer of a listing: the solutions, one per line (each a drawing with `drawing`),
    /// as a block; none for a puzzle without a solution.
    pub fn listed(listed: Result<Listed, Failure>) -> Output {
        let listed = match listed {
            Ok(listed) => listed,
            Err(failure) => return Output::failed(failure),
        };
        let lines: Vec<String> = listed.solutions.iter().map(Solution::line).collect();
        let drawings: Vec<String> = listed.solutions.iter().map(Solution::drawing).collect();
        let count = listed.solutions.len();
        let complete = listed.is_complete();
        let mut text = lines.join("\n");
        if count == 0 {
            text = "no solution".into();
        }
        let mut output = Output::ok("listed", text)
            .field("solutions", json!(lines))
            .field("count", json!(count))
            .field("limit", json!(listed.limit))
            .field("complete", json!(complete))
            .with_stats(listed.stats);
        output.drawing = Some(if count == 0 {
            "no solution".into()
        } else {
            drawings.join("\n\n")
        });
        output.block = true;
        if !complete {
            output.warning = Some(format!(
                "stopped at the limit of {} solution{}: there may be more",
                listed.limit,
                plural(listed.limit)
            ));
        }
        output
    }
}
