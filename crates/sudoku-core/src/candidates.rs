//! [`Candidates`]: a pencil-mark position, the digits still possible in each cell.

use std::fmt;
use std::str::FromStr;

use crate::digits::DigitSet;
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::tables::PEERS;

/// A pencil-mark position: the candidates (digits still possible) of each of the 81 cells.
///
/// A grid gives its candidates with [`Candidates::from_grid`] (a given keeps only its digit,
/// a blank cell every digit its peers do not hold); eliminations are made with
/// [`remove`](Candidates::remove); [`to_grid`](Candidates::to_grid) reads back the cells
/// with one candidate.
///
/// It prints and parses in the two forms people exchange:
/// - `{}`: the 729-character line, 9 characters per cell, the digit `d` at place `d` where
///   it is a candidate and `.` where it is not (`0` is read as `.` too);
/// - `{:#}`: the candidate grid that Sudoku Explainer and HoDoKu print, each cell a group of
///   its candidate digits, boxes framed by `|`, `-` and `+` (`.`, `:` and `'` frames are
///   read too).
///
/// ```
/// use sudoku_core::{Candidates, Grid};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut marks = Candidates::from_grid(&puzzle);
/// assert_eq!(marks.sets()[2].iter().collect::<Vec<_>>(), vec![1, 2, 4]);
/// marks.remove(2, 4);
///
/// let line = marks.to_string();
/// assert_eq!(line.len(), 729);
/// assert_eq!(&line[18..27], "12.......");
/// assert_eq!(line.parse::<Candidates>()?, marks);
/// let drawing = format!("{marks:#}");
/// assert_eq!(drawing.parse::<Candidates>()?, marks);
/// // The givens, and the cells the givens leave with one candidate (naked singles).
/// assert_eq!(marks.to_grid().filled(), puzzle.filled() + 4);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates([DigitSet; 81]);

impl Default for Candidates {
    fn default() -> Candidates {
        Candidates::ALL
    }
}

impl Candidates {
    /// Every digit a candidate of every cell: the empty grid's position.
    pub const ALL: Candidates = Candidates([DigitSet::ALL; 81]);

    /// The position of a grid: a filled cell keeps its digit only, a blank cell every digit
    /// that none of its peers holds.
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut marks = [DigitSet::EMPTY; 81];
        for (cell, set) in marks.iter_mut().enumerate() {
            *set = match grid[cell] {
                0 => grid.candidates(cell).expect("a cell of the grid"),
                digit => DigitSet::only(digit),
            };
        }
        Candidates(marks)
    }

    /// A position from the candidates of each cell.
    pub const fn from_sets(sets: [DigitSet; 81]) -> Candidates {
        Candidates(sets)
    }

    /// The candidates of every cell, in row-major order.
    #[inline]
    pub const fn sets(&self) -> &[DigitSet; 81] {
        &self.0
    }

    /// The candidates of `cell` (0 to 80); `None` for a cell off the grid.
    #[inline]
    pub const fn get(&self, cell: usize) -> Option<DigitSet> {
        if cell < 81 { Some(self.0[cell]) } else { None }
    }

    /// Replaces the candidates of `cell`; returns whether it did (`false` for a cell off the
    /// grid, 81 or more).
    #[inline]
    pub fn set(&mut self, cell: usize, candidates: DigitSet) -> bool {
        match self.0.get_mut(cell) {
            Some(slot) => {
                *slot = candidates;
                true
            }
            None => false,
        }
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was there (never
    /// for a cell off the grid or a value outside 1..=9).
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        self.0.get_mut(cell).is_some_and(|set| set.remove(digit))
    }

    /// Places `digit` in `cell`: it becomes the cell's only candidate, and leaves the
    /// candidates of the cell's 20 peers. Returns whether it did: `false`, the position
    /// unchanged, for a cell off the grid or a value outside 1..=9.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        if cell >= 81 || !(1..=9).contains(&digit) {
            return false;
        }
        self.0[cell] = DigitSet::only(digit);
        for &peer in &PEERS[cell] {
            self.0[peer as usize].remove(digit);
        }
        true
    }

    /// The grid of the cells that have exactly one candidate (the others blank).
    pub fn to_grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (out, set) in cells.iter_mut().zip(&self.0) {
            *out = set.single().unwrap_or(0);
        }
        Grid::from_cells(cells).expect("a single candidate is a digit 1 to 9")
    }

    /// The first cell without any candidate: a contradiction, the position has no solution.
    pub fn empty_cell(&self) -> Option<usize> {
        self.0.iter().position(|set| set.is_empty())
    }

    /// Whether `solution` fits: each of its digits is a candidate of its cell.
    pub fn allows(&self, solution: &Grid) -> bool {
        (0..81).all(|cell| solution[cell] != 0 && self.0[cell].contains(solution[cell]))
    }

    /// How many candidates the position holds in all.
    pub fn count(&self) -> usize {
        self.0.iter().map(|set| set.len() as usize).sum()
    }
}

impl From<&Grid> for Candidates {
    fn from(grid: &Grid) -> Candidates {
        Candidates::from_grid(grid)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates(\"{self}\")")
    }
}

impl fmt::Display for Candidates {
    /// `{}` writes the 729-character line; `{:#}` the candidate grid, columns aligned, with
    /// `|` between boxes and `+---` lines between bands (no final newline). Both parse back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            let mut line = [b'.'; 729];
            for (cell, set) in self.0.iter().enumerate() {
                for digit in set.iter() {
                    line[cell * 9 + digit as usize - 1] = b'0' + digit;
                }
            }
            return f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?);
        }
        let text = |cell: usize| -> String {
            let set = self.0[cell];
            if set.is_empty() {
                // A cell without candidates (a contradiction) is written as a lone `0`.
                return "0".to_string();
            }
            set.iter().map(|d| (b'0' + d) as char).collect()
        };
        let mut width = [1usize; 9];
        for cell in 0..81 {
            width[cell % 9] = width[cell % 9].max(self.0[cell].len() as usize);
        }
        let border: String = (0..3)
            .map(|s| {
                let inner: usize = width[s * 3..s * 3 + 3].iter().sum::<usize>() + 4;
                format!("+{}", "-".repeat(inner))
            })
            .collect::<String>()
            + "+";
        f.write_str(&border)?;
        for r in 0..9 {
            f.write_str("\n")?;
            if r > 0 && r % 3 == 0 {
                f.write_str(&border)?;
                f.write_str("\n")?;
            }
            let mut row = String::new();
            for c in 0..9 {
                row.push_str(if c % 3 == 0 { "| " } else { " " });
                row.push_str(&format!("{:<w$}", text(r * 9 + c), w = width[c]));
                if c % 3 == 2 {
                    row.push(' ');
                }
            }
            row.push('|');
            f.write_str(&row)?;
        }
        f.write_str("\n")?;
        f.write_str(&border)
    }
}

impl FromStr for Candidates {
    type Err = ParseError;

    /// Parses a position in either form: the 729-character line (`1`-`9` at their place,
    /// `.` or `0` elsewhere) or the candidate grid (81 groups of distinct digits separated by
    /// spaces, with `|`, `-`, `+`, `.`, `:`, `'` frames and line breaks ignored; a lone `0` is a
    /// cell without candidates). A leading
    /// byte-order mark and a final line break are ignored.
    fn from_str(text: &str) -> Result<Candidates, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let trimmed = text.trim_end_matches(['\r', '\n']);
        if !trimmed.contains('\n') && is_marks_line(trimmed.as_bytes()) {
            return parse_line(trimmed.as_bytes(), 1, 0);
        }
        parse_grid(text)
    }
}

/// Whether `bytes` looks like a 729-character line: that long, only digits and dots.
pub(crate) fn is_marks_line(bytes: &[u8]) -> bool {
    bytes.len() == 729 && bytes.iter().all(|b| matches!(b, b'0'..=b'9' | b'.'))
}

/// Parses a 729-character line at `line`, its first character at column `offset + 1`.
pub(crate) fn parse_line(
    bytes: &[u8],
    line: usize,
    offset: usize,
) -> Result<Candidates, ParseError> {
    if bytes.len() != 729 {
        return Err(ParseError::new(ParseErrorKind::MarksLength {
            found: bytes.len(),
        }));
    }
    let mut sets = [DigitSet::EMPTY; 81];
    for (i, &b) in bytes.iter().enumerate() {
        let place = (i % 9) as u8 + 1;
        match b {
            b'.' | b'0' => {}
            b'1'..=b'9' if b - b'0' == place => {
                sets[i / 9].insert(place);
            }
            _ => {
                let column = offset + i + 1;
                return Err(ParseError::new(if b.is_ascii_digit() {
                    ParseErrorKind::MisplacedCandidate {
                        digit: b - b'0',
                        place,
                        line,
                        column,
                    }
                } else {
                    ParseErrorKind::InvalidCandidate {
                        ch: b as char,
                        line,
                        column,
                    }
                }));
            }
        }
    }
    Ok(Candidates(sets))
}

/// Parses the candidate grid form: 81 groups of digits.
fn parse_grid(text: &str) -> Result<Candidates, ParseError> {
    let mut sets = [DigitSet::EMPTY; 81];
    let mut n = 0;
    let mut in_group = false;
    // Just after a `0` group (a cell without candidates), which must stand alone.
    let mut after_zero = false;
    let (mut line, mut column) = (1, 0);
    let invalid =
        |ch, line, column| ParseError::new(ParseErrorKind::InvalidCandidate { ch, line, column });
    for ch in text.chars() {
        column += 1;
        if after_zero && ch.is_ascii_digit() {
            return Err(invalid(ch, line, column));
        }
        after_zero = false;
        match ch {
            '0' if in_group => return Err(invalid(ch, line, column)),
            '0' => {
                if n == 81 {
                    return Err(ParseError::new(ParseErrorKind::TooManyCells {
                        line,
                        column,
                    }));
                }
                n += 1;
                after_zero = true;
            }
            '1'..='9' => {
                if !in_group {
                    if n == 81 {
                        return Err(ParseError::new(ParseErrorKind::TooManyCells {
                            line,
                            column,
                        }));
                    }
                    in_group = true;
                    n += 1;
                }
                let digit = ch as u8 - b'0';
                if !sets[n - 1].insert(digit) {
                    return Err(ParseError::new(ParseErrorKind::RepeatedCandidate {
                        digit,
                        line,
                        column,
                    }));
                }
            }
            '\n' => {
                in_group = false;
                line += 1;
                column = 0;
            }
            ' ' | '\t' | '\r' | '|' | '-' | '+' | '.' | ':' | '\'' | '=' | '*' => {
                in_group = false;
            }
            _ => return Err(invalid(ch, line, column)),
        }
    }
    if n < 81 {
        return Err(ParseError::new(ParseErrorKind::TooFewCells { found: n }));
    }
    Ok(Candidates(sets))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn classic() -> Candidates {
        Candidates::from_grid(&CLASSIC.parse().unwrap())
    }

    #[test]
    fn from_grid_keeps_givens_and_peer_free_digits() {
        let marks = classic();
        assert_eq!(marks.get(0), Some(DigitSet::only(5)));
        assert_eq!(marks.get(2), Some([1, 2, 4].into_iter().collect()));
        assert_eq!(marks.get(81), None);
        // The givens, and the naked singles they leave.
        let grid = marks.to_grid();
        assert_eq!(grid.filled(), 34);
        assert!(
            (0..81)
                .all(|c| CLASSIC.as_bytes()[c] == b'.' || grid[c] == CLASSIC.as_bytes()[c] - b'0')
        );
        assert_eq!(Candidates::from_grid(&Grid::EMPTY), Candidates::ALL);
        assert_eq!(Candidates::ALL.count(), 729);
        assert_eq!(marks.empty_cell(), None);
    }

    #[test]
    fn both_forms_round_trip() {
        let mut marks = classic();
        marks.remove(2, 4);
        marks.remove(40, 5);
        let line = marks.to_string();
        assert_eq!(line.len(), 729);
        assert!(line.starts_with("....5....")); // r1c1 holds 5
        assert_eq!(line.parse::<Candidates>().unwrap(), marks);
        assert_eq!(line.replace('.', "0").parse::<Candidates>().unwrap(), marks);
        let grid = format!("{marks:#}");
        assert_eq!(grid.lines().count(), 13);
        assert!(grid.starts_with("+-"), "{grid}");
        assert_eq!(grid.parse::<Candidates>().unwrap(), marks);
        assert_eq!(
            grid.replace('\n', "\r\n").parse::<Candidates>().unwrap(),
            marks
        );
        assert_eq!(
            Candidates::ALL.to_string().parse::<Candidates>().unwrap(),
            Candidates::ALL
        );
        let all = format!("{:#}", Candidates::ALL);
        assert_eq!(all.parse::<Candidates>().unwrap(), Candidates::ALL);
    }

    #[test]
    fn reads_hodoku_style_frames() {
        // HoDoKu frames its candidate grid with '.', ':' and '\'' corners.
        let marks = classic();
        let rows: Vec<String> = format!("{marks:#}")
            .lines()
            .filter(|l| l.starts_with('|'))
            .map(str::to_string)
            .collect();
        let frame = |c: char| format!("{c}-----------{c}-----------{c}-----------{c}");
        let mut text = frame('.');
        for (r, row) in rows.iter().enumerate() {
            if r == 3 || r == 6 {
                text.push('\n');
                text.push_str(&frame(':'));
            }
            text.push('\n');
            text.push_str(row);
        }
        text.push('\n');
        text.push_str(&frame('\''));
        assert_eq!(text.parse::<Candidates>().unwrap(), marks);
    }

    #[test]
    fn errors_name_what_and_where() {
        let mut line = classic().to_string().into_bytes();
        line[12] = b'5'; // place of candidate 4 in r1c2
        let err = std::str::from_utf8(&line)
            .unwrap()
            .parse::<Candidates>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 13: digit 5 in the place of candidate 4 (each cell is 9 characters, digit d at place d, '.' elsewhere)"
        );
        let err = "12 x".parse::<Candidates>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 4: invalid character 'x' in a candidate grid"
        );
        let err = "1 2 3 | 44".parse::<Candidates>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 10: candidate 4 repeated in one cell"
        );
        let err = "1 2 3".parse::<Candidates>().unwrap_err();
        assert_eq!(err.to_string(), "found 3 cells, expected 81");
        let too_many = format!("{:#} 5", classic());
        let err = too_many.parse::<Candidates>().unwrap_err();
        assert!(err.to_string().ends_with("more than 81 cells"), "{err}");
        let err = parse_line(b"123", 1, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "found 3 characters, expected 729 (9 per cell)"
        );
    }

    #[test]
    fn place_clears_peers_and_allows_checks_solutions() {
        let mut marks = Candidates::ALL;
        assert!(marks.place(0, 7));
        assert_eq!(marks.get(0), Some(DigitSet::only(7)));
        for &peer in &PEERS[0] {
            assert!(!marks.sets()[peer as usize].contains(7));
        }
        assert!(marks.sets()[80].contains(7));
        // Off the grid, or not a digit: nothing changes.
        let before = marks;
        assert!(!marks.place(81, 7) && !marks.place(1, 0) && !marks.place(1, 10));
        assert!(!marks.set(81, DigitSet::ALL) && !marks.remove(usize::MAX, 1));
        assert_eq!(marks, before);
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        assert!(classic().allows(&solution));
        let mut wrong = classic();
        wrong.remove(2, 4); // the solution has 4 in r1c3
        assert!(!wrong.allows(&solution));
        wrong.set(2, DigitSet::EMPTY);
        assert_eq!(wrong.empty_cell(), Some(2));
        // A cell without candidates survives both forms.
        assert_eq!(wrong.to_string().parse::<Candidates>().unwrap(), wrong);
        assert_eq!(format!("{wrong:#}").parse::<Candidates>().unwrap(), wrong);
        assert!("10 2".parse::<Candidates>().is_err());
        assert!("01 2".parse::<Candidates>().is_err());
    }
}
