//! [`Grid`]: 81 cells, parsing, printing and validation.

use std::fmt;
use std::ops::Index;
use std::str::FromStr;

use crate::digits::DigitSet;
use crate::error::{Clash, ParseError, ParseErrorKind};
use crate::tables::{BOX_OF, COL_OF, PEERS, ROW_OF, UNITS, Unit};

/// A Sudoku grid: 81 cells in row-major order, each 0 (blank) or a digit 1 to 9.
///
/// A grid is a puzzle (its filled cells are the givens) or a solution (all cells filled).
/// It parses from the 81-character line (`.`, `0` or `_` for blanks) or from a drawing over
/// several lines, and prints back as the line (`{}`) or a drawing (`{:#}`):
///
/// ```
/// use sudoku_core::Grid;
///
/// let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let grid: Grid = text.parse()?;
/// assert_eq!(grid.to_string(), text);
/// assert_eq!(grid.cells()[0], 5);
/// assert_eq!(grid.filled(), 30);
/// let drawing = format!("{grid:#}");
/// assert!(drawing.starts_with("5 3 . | . 7 . | . . .\n"));
/// assert_eq!(drawing.parse::<Grid>()?, grid);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid([u8; 81]);

impl Default for Grid {
    fn default() -> Grid {
        Grid::EMPTY
    }
}

impl Grid {
    /// The grid with every cell blank.
    pub const EMPTY: Grid = Grid([0; 81]);

    /// A grid from its 81 cell values (0 = blank).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of kind [`ParseErrorKind::ValueOutOfRange`] for the first value above 9.
    pub fn from_cells(cells: [u8; 81]) -> Result<Grid, ParseError> {
        match cells.iter().position(|&v| v > 9) {
            Some(cell) => Err(ParseError::new(ParseErrorKind::ValueOutOfRange {
                cell,
                value: cells[cell],
            })),
            None => Ok(Grid(cells)),
        }
    }

    /// The 81 cell values in row-major order (0 = blank).
    #[inline]
    pub const fn cells(&self) -> &[u8; 81] {
        &self.0
    }

    /// The value of `cell` (0 to 80): 0 when blank; `None` for a cell off the grid.
    /// (`grid[cell]` is the same value, and panics off the grid, as slices do.)
    #[inline]
    pub const fn get(&self, cell: usize) -> Option<u8> {
        if cell < 81 { Some(self.0[cell]) } else { None }
    }

    /// Writes `digit` (1 to 9, or 0 to blank the cell) into `cell` (0 to 80); returns whether
    /// it did: `false`, the grid unchanged, for a cell off the grid or a value above 9.
    ///
    /// ```
    /// use sudoku_core::Grid;
    ///
    /// let mut grid = Grid::EMPTY;
    /// assert!(grid.set(80, 9));
    /// assert!(!grid.set(81, 9) && !grid.set(0, 10));
    /// assert_eq!((grid.get(80), grid.get(81)), (Some(9), None));
    /// ```
    #[inline]
    pub fn set(&mut self, cell: usize, digit: u8) -> bool {
        if cell >= 81 || digit > 9 {
            return false;
        }
        self.0[cell] = digit;
        true
    }

    /// How many cells are filled (the number of givens of a puzzle).
    pub fn filled(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled (valid or not).
    pub fn is_complete(&self) -> bool {
        self.0.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits in one unit, looking at rows, then columns, then boxes,
    /// or `None` when the filled cells break no rule.
    pub fn clash(&self) -> Option<Clash> {
        for (index, unit) in UNITS.iter().enumerate() {
            let mut first_at = [u8::MAX; 10];
            for &cell in unit {
                let digit = self.0[cell as usize];
                if digit == 0 {
                    continue;
                }
                let seen = first_at[digit as usize];
                if seen != u8::MAX {
                    return Some(Clash {
                        digit,
                        unit: Unit::from_index(index).expect("one of the 27 units"),
                        cells: [u16::from(seen), u16::from(cell)],
                        size: 9,
                    });
                }
                first_at[digit as usize] = cell;
            }
        }
        None
    }

    /// `Ok` when no digit repeats in a row, column or box; else the first [`Clash`].
    ///
    /// ```
    /// let line = format!("5...5{}", ".".repeat(76));
    /// let grid: sudoku_core::Grid = line.parse()?;
    /// let clash = grid.validate().unwrap_err();
    /// assert_eq!(clash.to_string(), "digit 5 appears twice in row 1, at r1c1 and r1c5");
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    pub fn validate(&self) -> Result<(), Clash> {
        match self.clash() {
            Some(clash) => Err(clash),
            None => Ok(()),
        }
    }

    /// Whether the grid is complete and breaks no rule.
    pub fn is_solved(&self) -> bool {
        if !self.is_complete() {
            return false;
        }
        let mut seen = [0u16; 27];
        for cell in 0..81 {
            let bit = 1u16 << self.0[cell];
            seen[ROW_OF[cell] as usize] |= bit;
            seen[9 + COL_OF[cell] as usize] |= bit;
            seen[18 + BOX_OF[cell] as usize] |= bit;
        }
        seen.iter().all(|&s| s == 0x3FE)
    }

    /// Whether `self` is a solution of `puzzle`: complete, valid, and equal to every given.
    ///
    /// This is the independent check that benchmarks and tests apply to every answer.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_solved()
            && puzzle
                .0
                .iter()
                .zip(&self.0)
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// The digits that no peer of `cell` holds (whatever `cell` itself holds); `None` for a
    /// cell off the grid (81 or more).
    pub fn candidates(&self, cell: usize) -> Option<DigitSet> {
        let peers = PEERS.get(cell)?;
        let mut used = 0u16;
        for &peer in peers {
            used |= (1u16 << self.0[peer as usize]) >> 1;
        }
        Some(!DigitSet::from_bits(used))
    }
}

impl Index<usize> for Grid {
    type Output = u8;

    #[inline]
    fn index(&self, cell: usize) -> &u8 {
        &self.0[cell]
    }
}

impl From<Grid> for [u8; 81] {
    fn from(grid: Grid) -> [u8; 81] {
        grid.0
    }
}

impl TryFrom<[u8; 81]> for Grid {
    type Error = ParseError;

    fn try_from(cells: [u8; 81]) -> Result<Grid, ParseError> {
        Grid::from_cells(cells)
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Parses one puzzle: 81 cells (`1`-`9` givens, `.`, `0` or `_` blanks) on one line or drawn
    /// over several lines, where spaces, tabs, `|`, `-`, `+` and line breaks (LF or CRLF) are
    /// ignored. A leading UTF-8 byte-order mark is skipped. A `-` or `+` right before a
    /// digit is a sign, which is an error (`-5` is not the cell 5).
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let bytes = text.as_bytes();
        // The common case, one plain line, without the position bookkeeping.
        if bytes.len() == 81 {
            // Without a branch per cell: any other byte sends the line to the full parse.
            let mut cells = [0u8; 81];
            let mut other = false;
            for (cell, &b) in cells.iter_mut().zip(bytes) {
                let digit = b.wrapping_sub(b'0');
                *cell = if digit <= 9 { digit } else { 0 };
                other |= digit > 9 && b != b'.' && b != b'_';
            }
            if !other {
                return Ok(Grid(cells));
            }
        }
        let mut cells = [0u8; 81];
        let mut n = 0;
        let (mut line, mut column) = (1, 0);
        // A `-` or `+` just before a digit is a sign, not layout.
        let mut sign: Option<(char, usize, usize)> = None;
        for ch in text.chars() {
            column += 1;
            if let Some((sign, line, column)) = sign.take()
                && ch.is_ascii_digit()
            {
                return Err(ParseError::new(ParseErrorKind::Sign {
                    ch: sign,
                    line,
                    column,
                }));
            }
            if matches!(ch, '-' | '+') {
                sign = Some((ch, line, column));
            }
            let value = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' | '_' => 0,
                '\n' => {
                    line += 1;
                    column = 0;
                    continue;
                }
                ' ' | '\t' | '|' | '-' | '+' | '\r' => continue,
                _ => {
                    return Err(ParseError::new(ParseErrorKind::InvalidChar {
                        ch,
                        line,
                        column,
                    }));
                }
            };
            if n == 81 {
                return Err(ParseError::new(ParseErrorKind::TooManyCells {
                    line,
                    column,
                }));
            }
            cells[n] = value;
            n += 1;
        }
        if n < 81 {
            return Err(ParseError::new(ParseErrorKind::TooFewCells { found: n }));
        }
        Ok(Grid(cells))
    }
}

/// The length of a grid's drawing (`{:#}`).
const DRAWING_LEN: usize = 9 * 21 + 8 + 2 * 22;

impl fmt::Display for Grid {
    /// `{}` writes the 81-character line with `.` for blanks; `{:#}` writes a 9x9 drawing
    /// with `|` between boxes and `------+-------+------` between bands (no final newline).
    /// Both parse back to the same grid.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ch = |v: u8| if v == 0 { '.' } else { (b'0' + v) as char };
        if !f.alternate() {
            let mut line = [0u8; 81];
            for (out, &v) in line.iter_mut().zip(&self.0) {
                *out = ch(v) as u8;
            }
            // Every byte is ASCII.
            return f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?);
        }
        // Nine rows of 21 characters, eight line breaks and two rules of 22: written at once
        // (a write per character made the drawing cost more than solving a puzzle).
        let mut drawing = [0u8; DRAWING_LEN];
        let mut at = 0;
        let mut put = |bytes: &[u8]| {
            drawing[at..at + bytes.len()].copy_from_slice(bytes);
            at += bytes.len();
        };
        for r in 0..9 {
            if r > 0 {
                put(b"\n");
                if r % 3 == 0 {
                    put(b"------+-------+------\n");
                }
            }
            for c in 0..9 {
                if c > 0 {
                    put(if c % 3 == 0 { b" | " } else { b" " });
                }
                put(&[ch(self.0[r * 9 + c]) as u8]);
            }
        }
        debug_assert_eq!(at, DRAWING_LEN);
        // Every byte is ASCII.
        f.write_str(std::str::from_utf8(&drawing).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid(\"{self}\")")
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Grid;
    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};
    use std::fmt;

    impl Serialize for Grid {
        /// A grid serializes as its 81-character line.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Grid {
        /// A grid deserializes from any text [`FromStr`](std::str::FromStr) accepts.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
            struct GridVisitor;
            impl Visitor<'_> for GridVisitor {
                type Value = Grid;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a Sudoku grid as an 81-character string")
                }
                fn visit_str<E: de::Error>(self, text: &str) -> Result<Grid, E> {
                    text.parse().map_err(E::custom)
                }
            }
            deserializer.deserialize_str(GridVisitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const CLASSIC_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn parse(text: &str) -> Result<Grid, ParseError> {
        text.parse()
    }

    /// One line of 81 characters reads as its cells when each is a cell, and is an error
    /// otherwise: every ASCII character at every position.
    #[test]
    fn a_plain_line_reads_cell_by_cell() {
        for at in 0..81 {
            for ch in (0u8..128).map(char::from) {
                let mut line: Vec<char> = CLASSIC.chars().collect();
                line[at] = ch;
                let line: String = line.into_iter().collect();
                let parsed = parse(&line);
                match ch {
                    '1'..='9' | '.' | '0' | '_' => {
                        let grid = parsed.unwrap_or_else(|e| panic!("{line:?}: {e}"));
                        let want = ch.to_digit(10).map_or(0, |d| d as u8);
                        assert_eq!(grid.get(at), Some(want));
                        assert_eq!(grid.cells()[..at], parse(CLASSIC).unwrap().cells()[..at]);
                    }
                    _ => assert!(parsed.is_err(), "{line:?}"),
                }
            }
        }
    }

    #[test]
    fn accepts_line_with_dots_or_zeros() {
        let dots = parse(CLASSIC).unwrap();
        let zeros = parse(&CLASSIC.replace('.', "0")).unwrap();
        assert_eq!(dots, zeros);
        assert_eq!(parse(&CLASSIC.replace('.', "_")).unwrap(), dots);
        assert_eq!(dots.get(0), Some(5));
        assert_eq!(dots.get(2), Some(0));
        assert_eq!(dots.get(81), None);
        assert_eq!(dots[80], 9);
        assert_eq!(dots.filled(), 30);
    }

    #[test]
    fn accepts_drawings_crlf_bom_and_trailing_newline() {
        let grid = parse(CLASSIC).unwrap();
        let drawing = format!("{grid:#}");
        assert_eq!(drawing.lines().count(), 11);
        assert_eq!(parse(&drawing).unwrap(), grid);
        assert_eq!(parse(&drawing.replace('\n', "\r\n")).unwrap(), grid);
        assert_eq!(parse(&format!("\u{feff}{CLASSIC}")).unwrap(), grid);
        assert_eq!(parse(&format!("{CLASSIC}\n")).unwrap(), grid);
        assert_eq!(parse(&format!("{CLASSIC}\r\n")).unwrap(), grid);
        // A boxed drawing with borders and tabs.
        let boxed: String = CLASSIC
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let row = std::str::from_utf8(row).unwrap();
                format!("|{} |\t{} | {}|\n", &row[..3], &row[3..6], &row[6..])
            })
            .collect();
        let boxed = format!("+---+---+---+\n{boxed}+---+---+---+\n");
        assert_eq!(parse(&boxed).unwrap(), grid);
    }

    #[test]
    fn display_round_trips() {
        let grid = parse(CLASSIC).unwrap();
        assert_eq!(grid.to_string(), CLASSIC);
        assert_eq!(format!("{grid:?}"), format!("Grid(\"{CLASSIC}\")"));
        let drawing = format!("{grid:#}");
        assert_eq!(drawing.lines().next(), Some("5 3 . | . 7 . | . . ."));
        assert_eq!(drawing.lines().nth(3), Some("------+-------+------"));
        assert!(!drawing.ends_with('\n'));
        assert_eq!(Grid::EMPTY.to_string(), ".".repeat(81));
    }

    #[test]
    fn invalid_character_names_line_and_column() {
        let mut text = CLASSIC.to_string();
        text.replace_range(16..17, "x");
        let err = parse(&text).unwrap_err();
        assert_eq!(
            err.kind(),
            &ParseErrorKind::InvalidChar {
                ch: 'x',
                line: 1,
                column: 17
            }
        );
        assert_eq!(
            err.to_string(),
            "line 1, column 17: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
        );
        let drawing = format!("{:#}", parse(CLASSIC).unwrap()).replacen('7', "é", 1);
        let err = parse(&drawing).unwrap_err();
        assert_eq!(
            err.kind(),
            &ParseErrorKind::InvalidChar {
                ch: 'é',
                line: 1,
                column: 11
            }
        );
        let err = parse("\0").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 1: invalid character '\\0' (a cell is 1-9, or '.', '0' or '_' for a blank)"
        );
    }

    #[test]
    fn too_few_and_too_many_cells() {
        let err = parse(&CLASSIC[..80]).unwrap_err();
        assert_eq!(err.kind(), &ParseErrorKind::TooFewCells { found: 80 });
        assert_eq!(err.to_string(), "found 80 cells, expected 81");
        let err = parse("").unwrap_err();
        assert_eq!(err.kind(), &ParseErrorKind::TooFewCells { found: 0 });
        assert_eq!(
            err.to_string(),
            "no cells found, expected 81 (empty puzzle)"
        );
        assert_eq!(
            parse(" \n|\r\n").unwrap_err().kind(),
            &ParseErrorKind::TooFewCells { found: 0 }
        );
        let err = parse(&format!("{CLASSIC}\n5")).unwrap_err();
        assert_eq!(
            err.kind(),
            &ParseErrorKind::TooManyCells { line: 2, column: 1 }
        );
        assert_eq!(err.to_string(), "line 2, column 1: more than 81 cells");
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0u8; 81];
        cells[40] = 10;
        let err = Grid::from_cells(cells).unwrap_err();
        assert_eq!(
            err.kind(),
            &ParseErrorKind::ValueOutOfRange {
                cell: 40,
                value: 10
            }
        );
        assert_eq!(
            err.to_string(),
            "cell 41 (r5c5): value 10 is not a digit 0-9"
        );
        cells[40] = 9;
        assert_eq!(Grid::from_cells(cells).unwrap()[40], 9);
        assert_eq!(<[u8; 81]>::from(Grid::try_from(cells).unwrap()), cells);
    }

    #[test]
    fn clash_reports_digit_unit_and_both_cells() {
        let mut text = ".".repeat(81);
        // Two 4s in column 3: r2c3 and r8c3.
        text.replace_range(11..12, "4");
        text.replace_range(65..66, "4");
        let clash = parse(&text).unwrap().validate().unwrap_err();
        assert_eq!(clash.digit(), 4);
        assert_eq!(clash.unit(), Unit::Col(2));
        assert_eq!(clash.cells(), [11, 65]);
        assert_eq!(
            clash.to_string(),
            "digit 4 appears twice in column 3, at r2c3 and r8c3"
        );

        let mut text = ".".repeat(81);
        // Two 9s in box 5 only: r4c4 and r6c6.
        text.replace_range(30..31, "9");
        text.replace_range(50..51, "9");
        let clash = parse(&text).unwrap().clash().unwrap();
        assert_eq!(
            clash.to_string(),
            "digit 9 appears twice in box 5, at r4c4 and r6c6"
        );

        assert_eq!(parse(CLASSIC).unwrap().validate(), Ok(()));
    }

    #[test]
    fn solved_and_solves() {
        let puzzle = parse(CLASSIC).unwrap();
        let solution = parse(CLASSIC_SOLUTION).unwrap();
        assert!(solution.is_solved());
        assert!(solution.solves(&puzzle));
        assert!(solution.solves(&Grid::EMPTY));
        assert!(solution.solves(&solution));
        assert!(!puzzle.is_solved());
        assert!(!puzzle.solves(&puzzle));

        // Swapping two digits of a row keeps rows valid but breaks columns.
        let mut swapped = solution;
        swapped.set(0, solution[1]);
        swapped.set(1, solution[0]);
        assert!(swapped.is_complete());
        assert!(!swapped.is_solved());

        // A valid solution that disagrees with a given does not solve the puzzle.
        let mut relabelled = solution;
        for cell in 0..81 {
            relabelled.set(cell, solution[cell] % 9 + 1);
        }
        assert!(relabelled.is_solved());
        assert!(!relabelled.solves(&puzzle));
    }

    #[test]
    fn candidates_exclude_peer_digits() {
        let puzzle = parse(CLASSIC).unwrap();
        // r1c3: row has 5,3,7; column has 8; box has 5,3,6,9,8.
        let expected: DigitSet = [1, 2, 4].into_iter().collect();
        assert_eq!(puzzle.candidates(2), Some(expected));
        assert_eq!(Grid::EMPTY.candidates(40), Some(DigitSet::ALL));
        assert_eq!(Grid::EMPTY.candidates(81), None);
    }

    #[test]
    fn set_refuses_ten_and_cells_off_the_grid() {
        let mut grid = Grid::EMPTY;
        assert!(!grid.set(0, 10) && !grid.set(81, 1) && !grid.set(usize::MAX, 0));
        assert_eq!(grid, Grid::EMPTY);
        assert!(grid.set(0, 9));
        assert_eq!(grid[0], 9);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_the_line() {
        let grid = parse(CLASSIC).unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(json, format!("\"{CLASSIC}\""));
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        let err = serde_json::from_str::<Grid>("\"12x\"").unwrap_err();
        assert!(err.to_string().contains("invalid character 'x'"), "{err}");
    }
}
