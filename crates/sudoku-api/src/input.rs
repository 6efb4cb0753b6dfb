//! What front ends hand in: a [`Board`] (a classic grid with its pencil marks, or a puzzle of
//! another size or variant) read from text, from a row of cells, or from a stream of records;
//! and killer puzzles.

use std::io::BufRead;
use std::str::FromStr;

use sudoku_core::{
    Candidates, Grid, Puzzle, PuzzleReader, ReadError, Rules, Shape, VariantRecord, cell_name,
};
use sudoku_killer::{KillerPuzzle, KillerReadError, KillerReader, KillerRecord};

use crate::failure::{Failure, FailureKind};
use crate::front::Front;

/// A puzzle as the tasks take it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one per puzzle, on the stack: boxing costs more
#[non_exhaustive]
pub enum Board {
    /// A classic 9x9 puzzle, with its pencil marks when it was written as a position.
    Classic {
        /// The givens (for a position, the cells with one candidate).
        grid: Grid,
        /// The candidates of a pencil-mark position: every task honours them.
        marks: Option<Candidates>,
    },
    /// A puzzle of another size or variant.
    Sized(Puzzle),
    /// A puzzle with constraints (thermometers, arrows, cages, ...), read from f-puzzles or
    /// ipuz JSON or from an f-puzzles or SudokuPad link; solved by the constraint engine
    /// whatever the algorithm asked for.
    Constraint(sudoku_constraints::ConstraintPuzzle),
}

impl Board {
    /// A classic puzzle without pencil marks.
    pub fn classic(grid: Grid) -> Board {
        Board::Classic { grid, marks: None }
    }

    /// The board of a record of core's reader: a classic grid when its rules are the classic
    /// ones.
    pub fn of_record(record: VariantRecord) -> Board {
        match record.into_classic() {
            Ok(record) => Board::Classic {
                grid: record.puzzle,
                marks: record.candidates,
            },
            Err(record) => Board::Sized(record.puzzle),
        }
    }

    /// A puzzle from a row of cells (0 for a blank), of `n * n` cells for a side `n` with
    /// boxes: 81 cells make a classic grid, other sizes a puzzle with plain boxes.
    ///
    /// ```
    /// use sudoku_api::Board;
    ///
    /// let board = Board::from_cells(&[0; 16])?;
    /// assert_eq!(board.line(), "................");
    /// assert!(Board::from_cells(&[0; 80]).is_err());
    /// # Ok::<(), sudoku_api::Failure>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the length is no board's, or a value is above the side.
    pub fn from_cells(cells: &[u8]) -> Result<Board, Failure> {
        if let Ok(cells81) = <[u8; 81]>::try_from(cells) {
            return match cells81.iter().position(|&v| v > 9) {
                Some(cell) => Err(cell_out_of_range(81, cell, i64::from(cells81[cell]))),
                None => Grid::from_cells(cells81)
                    .map(Board::classic)
                    .map_err(|err| Failure::new(FailureKind::Malformed, err.to_string())),
            };
        }
        let shape = Shape::for_cells(cells.len()).ok_or_else(|| no_board(cells.len()))?;
        let n = shape.size();
        if let Some(cell) = cells.iter().position(|&v| usize::from(v) > n) {
            return Err(cell_out_of_range(cells.len(), cell, i64::from(cells[cell])));
        }
        Puzzle::with_rules(Rules::plain(shape), cells.to_vec())
            .map(Board::Sized)
            .map_err(|err| Failure::new(FailureKind::Malformed, err.to_string()))
    }

    /// The line every reader reads back: 81 characters for a classic grid, 729 for a
    /// pencil-mark position, `n * n` symbols for other sizes, a JSON line for a variant.
    pub fn line(&self) -> String {
        match self {
            Board::Classic {
                marks: Some(marks), ..
            } => marks.to_string(),
            Board::Classic { grid, .. } => grid.to_string(),
            Board::Sized(puzzle) => sized_line(puzzle),
            Board::Constraint(puzzle) => crate::variants::constraint_line(puzzle),
        }
    }

    /// The rules in words: `classic 9x9`, `16x16 jigsaw`, ...
    pub fn describe(&self) -> String {
        match self {
            Board::Classic { .. } => "classic 9x9".into(),
            Board::Sized(puzzle) => puzzle.rules().describe(),
            Board::Constraint(puzzle) => crate::variants::describe(puzzle),
        }
    }

    /// The cells a row of an array holds: the givens of a puzzle with plain boxes.
    ///
    /// # Errors
    ///
    /// For a pencil-mark position and a variant, which an array cannot hold.
    pub fn cells(&self) -> Result<&[u8], Failure> {
        match self {
            Board::Classic { grid, marks: None } => Ok(grid.cells()),
            Board::Classic { marks: Some(_), .. } => Err(Failure::new(
                FailureKind::Malformed,
                "a pencil-mark position: an array holds givens only (pass its 729-character line instead)",
            )),
            Board::Sized(puzzle) if is_plain(puzzle.rules()) => Ok(puzzle.cells()),
            Board::Sized(_) => Err(Failure::new(
                FailureKind::Malformed,
                "a variant: an array holds plain boxes only (keep its JSON line instead)",
            )),
            Board::Constraint(_) => Err(Failure::new(
                FailureKind::Malformed,
                "a puzzle with constraints: an array holds plain boxes only (keep its link or \
                 JSON instead)",
            )),
        }
    }
}

impl Board {
    /// Reads one puzzle from a text, as the command line reads a record: every form its
    /// reader takes (a line with a comment or a rating after the cells, a drawing, pencil
    /// marks, other sizes, a JSON line for a variant). The text must hold exactly one
    /// puzzle; a killer puzzle is refused with a pointer to `front`'s killer calls.
    ///
    /// # Errors
    ///
    /// What is wrong, and where; no puzzle, or a second one.
    pub fn parse(text: &str, front: Front) -> Result<Board, Failure> {
        Board::parse_with_solution(text, front).map(|(board, _)| board)
    }

    /// [`Board::parse`], with the solution the text gives after the puzzle (a second field
    /// of cells, a JSON line's `"solution"`; see [`Record::solution`]), as written.
    ///
    /// # Errors
    ///
    /// As [`Board::parse`].
    pub fn parse_with_solution(
        text: &str,
        front: Front,
    ) -> Result<(Board, Option<Puzzle>), Failure> {
        if crate::variants::is_constraint_text(text) {
            return Board::read_constraint(text).map(|board| (board, None));
        }
        if looks_like_killer(text) {
            return Err(Failure::killer(front));
        }
        // One text: the message says where in it, as no file name and line lead it.
        let failure = |err: &ReadError| {
            Failure::new(FailureKind::Malformed, err.to_string()).at(Some(err.line()), err.column())
        };
        one(PuzzleReader::new(text.as_bytes()).any_size(), failure).map(|mut record| {
            let solution = record.solution.take();
            (Board::of_record(record), solution)
        })
    }
}

impl FromStr for Board {
    type Err = Failure;

    /// [`Board::parse`] for the command line.
    fn from_str(text: &str) -> Result<Board, Failure> {
        Board::parse(text, Front::Cli)
    }
}

/// Whether a text is a killer puzzle's JSON form.
fn looks_like_killer(text: &str) -> bool {
    text.trim_start().starts_with('{')
        && (text.contains("\"cages\"") || text.contains("\"cage_map\""))
}

/// The one record of a text read by `records`: a second puzzle is an error.
fn one<T, E>(
    mut records: impl Iterator<Item = Result<T, E>>,
    failure: impl Fn(&E) -> Failure,
) -> Result<T, Failure>
where
    T: HasLine,
{
    let record = match records.next() {
        None => return Err(Failure::new(FailureKind::Malformed, "no puzzle found")),
        Some(Err(err)) => return Err(failure(&err)),
        Some(Ok(record)) => record,
    };
    match records.next() {
        None => Ok(record),
        Some(Err(err)) => Err(failure(&err)),
        Some(Ok(next)) => Err(Failure::new(
            FailureKind::Malformed,
            format!(
                "line {}: a second puzzle; pass one puzzle per string (a list for many)",
                next.line()
            ),
        )
        .at(Some(next.line()), None)),
    }
}

/// A record with the line it starts on.
trait HasLine {
    fn line(&self) -> usize;
}

impl HasLine for VariantRecord {
    fn line(&self) -> usize {
        self.line
    }
}

impl HasLine for KillerRecord {
    fn line(&self) -> usize {
        self.line
    }
}

/// Whether rules are plain boxes, the usual ones of their side, which a line of symbols says
/// all of: a side's line reads back with its usual boxes, so a 6x6 with boxes of 3 rows by 2
/// columns is not plain.
pub(crate) fn is_plain(rules: &Rules) -> bool {
    rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() && rules.shape().is_usual()
}

/// A puzzle of another size or variant as one line: its symbols when its rules are the plain
/// boxes of its side, else the JSON line with the rules (boxes of another shape among them).
pub fn sized_line(puzzle: &Puzzle) -> String {
    if is_plain(puzzle.rules()) {
        puzzle.to_string()
    } else {
        puzzle.to_json()
    }
}

/// A row of an array whose length is no board's.
fn no_board(width: usize) -> Failure {
    Failure::new(
        FailureKind::Malformed,
        format!(
            "rows of {width} cells are no board: a row holds n*n cells for a side n of 4, 6, 8, \
             9, 10, 12, 15, 16, 20 or 25 (81 for 9x9)"
        ),
    )
}

/// Whether a row of `width` cells can be a board.
pub fn is_board_width(width: usize) -> Result<(), Failure> {
    match Shape::for_cells(width) {
        Some(_) => Ok(()),
        None => Err(no_board(width)),
    }
}

/// A value no cell of a row of `width` cells can hold, in the words the readers use.
pub fn cell_out_of_range(width: usize, cell: usize, value: i64) -> Failure {
    let message = if width == 81 {
        format!(
            "cell {} ({}): value {value} is not a digit 0-9",
            cell + 1,
            cell_name(cell)
        )
    } else {
        let n = Shape::for_cells(width).map_or(9, |shape| shape.size());
        format!(
            "r{}c{}: value {value} is not a digit of a board of side {n}",
            cell / n + 1,
            cell % n + 1
        )
    };
    Failure::new(FailureKind::Malformed, message)
}

/// A record of a stream of puzzles: the line it starts on, and the board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    /// The puzzle.
    pub board: Board,
    /// The solution the input gives with the puzzle (a second field of cells, a CSV column, a
    /// JSON line's `"solution"`), as written: [`Worker::check_stated`](crate::Worker::check_stated)
    /// compares it with the puzzle's. A puzzle with constraints carries its own inside
    /// ([`ConstraintPuzzle::solution`](sudoku_constraints::ConstraintPuzzle::solution)).
    pub solution: Option<Puzzle>,
}

/// Reads the puzzles of a stream in every form core's reader takes (every size and
/// variant), and puzzles with constraints, one a line (f-puzzles or ipuz JSON, an f-puzzles
/// or SudokuPad link): each record, or the error of a piece that is not one, in order;
/// reading goes on after an error, and ends after an I/O error. An input that is one JSON
/// object spread over several lines (a pretty-printed f-puzzles or ipuz file), after blank
/// and `#` lines only, is one record starting on the line of its `{`.
pub fn read_puzzles<R: BufRead>(input: R) -> impl Iterator<Item = Result<Record, ReadError>> {
    crate::variants::Records::new(input)
}

/// Reads the killer puzzles of a stream (JSON lines, JSON arrays, the text form), as
/// [`read_puzzles`] does.
pub fn read_killers<R: BufRead>(input: R) -> KillerReader<R> {
    KillerReader::new(input)
}

/// The failure of a killer record that could not be read.
pub fn killer_read_failure(err: &KillerReadError) -> Failure {
    Failure::new(FailureKind::Malformed, err.message()).at(Some(err.line()), err.column())
}

/// Reads one killer puzzle from a text (the JSON form or the text form), as the command
/// line reads a record. The text must hold exactly one puzzle.
///
/// # Errors
///
/// When it is not a valid killer puzzle (the message names the cage, cell or line), or
/// holds none or several.
pub fn parse_killer(text: &str) -> Result<KillerPuzzle, Failure> {
    let failure = |err: &KillerReadError| {
        Failure::new(FailureKind::Malformed, err.to_string()).at(Some(err.line()), err.column())
    };
    one(KillerReader::new(text.as_bytes()), failure).map(|record| record.puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_text_holds_one_puzzle() {
        let two = "1.3..4.1..1.3..2\n1.3..4.1..1.3..2\n";
        let err = two.parse::<Board>().unwrap_err();
        assert_eq!(
            err.message(),
            "line 2: a second puzzle; pass one puzzle per string (a list for many)"
        );
        assert_eq!(
            "".parse::<Board>().unwrap_err().message(),
            "no puzzle found"
        );
        let killer = r#"{"cages": [{"sum": 45, "cells": [[0,0]]}]}"#;
        assert!(
            killer
                .parse::<Board>()
                .unwrap_err()
                .message()
                .contains("killer")
        );
    }

    #[test]
    fn rows_of_cells_are_checked() {
        let mut cells = [0u8; 81];
        cells[3] = 10;
        assert_eq!(
            Board::from_cells(&cells).unwrap_err().message(),
            "cell 4 (r1c4): value 10 is not a digit 0-9"
        );
        let mut small = [0u8; 16];
        small[5] = 5;
        assert_eq!(
            Board::from_cells(&small).unwrap_err().message(),
            "r2c2: value 5 is not a digit of a board of side 4"
        );
        assert!(
            Board::from_cells(&[0u8; 80])
                .unwrap_err()
                .message()
                .contains("80 cells")
        );
    }
}
