//! Errors of parsing and validation: what went wrong and where.

use std::fmt;

use crate::tables::{Unit, cell_name};

/// A puzzle text that is not a Sudoku grid.
///
/// Its message says what is wrong and where, e.g.
/// `line 2, column 5: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)`.
/// [`kind`](ParseError::kind) gives the same facts to programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
}

/// What made a text fail to parse as a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a cell (`1`-`9`, `.`, `0`) nor ignored layout
    /// (space, tab, `|`, `-`, `+`, line breaks).
    InvalidChar {
        /// The character.
        ch: char,
        /// 1-based line of the text.
        line: usize,
        /// 1-based column (in characters) within that line.
        column: usize,
    },
    /// The text ended before 81 cells were read.
    TooFewCells {
        /// How many cells it held.
        found: usize,
    },
    /// An 82nd cell was found.
    TooManyCells {
        /// 1-based line of the 82nd cell.
        line: usize,
        /// 1-based column of the 82nd cell.
        column: usize,
    },
    /// [`Grid::from_cells`](crate::Grid::from_cells) got a value above 9.
    ValueOutOfRange {
        /// The cell (0 to 80).
        cell: usize,
        /// The value found.
        value: u8,
    },
    /// A pencil-mark line that is not 729 characters long.
    MarksLength {
        /// How many characters it has.
        found: usize,
    },
    /// A digit at the wrong place of a pencil-mark line: each cell is 9 characters, digit
    /// `d` at place `d`.
    MisplacedCandidate {
        /// The digit found.
        digit: u8,
        /// The place (1 to 9) it stands at within its cell.
        place: u8,
        /// 1-based line of the text.
        line: usize,
        /// 1-based column within that line.
        column: usize,
    },
    /// A character that has no place in a pencil-mark position.
    InvalidCandidate {
        /// The character.
        ch: char,
        /// 1-based line of the text.
        line: usize,
        /// 1-based column (in characters) within that line.
        column: usize,
    },
    /// A `-` or `+` right before a digit: a sign, which no cell has (in a drawing these
    /// characters are layout only between cells).
    Sign {
        /// The sign.
        ch: char,
        /// 1-based line of the text.
        line: usize,
        /// 1-based column of the sign.
        column: usize,
    },
    /// A digit written twice in one cell of a candidate grid.
    RepeatedCandidate {
        /// The digit.
        digit: u8,
        /// 1-based line of the text.
        line: usize,
        /// 1-based column of the second occurrence.
        column: usize,
    },
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError { kind }
    }

    /// The 1-based line and column the error points at, when it points at one.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self.kind {
            ParseErrorKind::InvalidChar { line, column, .. }
            | ParseErrorKind::TooManyCells { line, column }
            | ParseErrorKind::MisplacedCandidate { line, column, .. }
            | ParseErrorKind::InvalidCandidate { line, column, .. }
            | ParseErrorKind::Sign { line, column, .. }
            | ParseErrorKind::RepeatedCandidate { line, column, .. } => Some((line, column)),
            _ => None,
        }
    }

    /// The same error for a text that starts at line `first` of a larger one (lines counted
    /// from 1), and whose first line starts at column `indent + 1` there.
    pub(crate) fn shifted(mut self, first: usize, indent: usize) -> ParseError {
        match &mut self.kind {
            ParseErrorKind::InvalidChar { line, column, .. }
            | ParseErrorKind::TooManyCells { line, column }
            | ParseErrorKind::MisplacedCandidate { line, column, .. }
            | ParseErrorKind::InvalidCandidate { line, column, .. }
            | ParseErrorKind::Sign { line, column, .. }
            | ParseErrorKind::RepeatedCandidate { line, column, .. } => {
                if *line == 1 {
                    *column += indent;
                }
                *line += first - 1;
            }
            _ => {}
        }
        self
    }

    /// What went wrong, for programs that react to it.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

impl ParseError {
    /// What went wrong, without where (see [`position`](ParseError::position)), for
    /// programs that write the place their own way, such as `FILE:LINE:COLUMN: message`.
    pub fn message(&self) -> String {
        match self.kind {
            ParseErrorKind::InvalidChar { ch, .. } => {
                format!("invalid character {ch:?} (a cell is 1-9, or '.', '0' or '_' for a blank)")
            }
            ParseErrorKind::TooFewCells { found: 0 } => {
                "no cells found, expected 81 (empty puzzle)".into()
            }
            ParseErrorKind::TooFewCells { found } => format!("found {found} cells, expected 81"),
            ParseErrorKind::TooManyCells { .. } => "more than 81 cells".into(),
            ParseErrorKind::ValueOutOfRange { cell, value } => format!(
                "cell {} ({}): value {value} is not a digit 0-9",
                cell + 1,
                cell_name(cell)
            ),
            ParseErrorKind::MarksLength { found } => {
                format!("found {found} characters, expected 729 (9 per cell)")
            }
            ParseErrorKind::MisplacedCandidate { digit, place, .. } => format!(
                "digit {digit} in the place of candidate {place} (each cell is 9 characters, digit d at place d, '.' elsewhere)"
            ),
            ParseErrorKind::InvalidCandidate { ch, .. } => {
                format!("invalid character {ch:?} in a candidate grid")
            }
            ParseErrorKind::RepeatedCandidate { digit, .. } => {
                format!("candidate {digit} repeated in one cell")
            }
            ParseErrorKind::Sign { ch, .. } => format!(
                "a sign {ch:?} before a number (a cell is 1-9, or '.', '0' or '_' for a blank)"
            ),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.position() {
            write!(f, "line {line}, column {column}: ")?;
        }
        f.write_str(&self.message())
    }
}

impl std::error::Error for ParseError {}

/// Two givens that break a rule: the same digit twice in one unit.
///
/// Its message names the digit, the unit and both cells, e.g.
/// `digit 5 appears twice in row 1, at r1c2 and r1c7` (on a board larger than 9x9, digits
/// above 9 are written with their symbols, `A` for 10 up to `P` for 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clash {
    pub(crate) digit: u8,
    pub(crate) unit: Unit,
    pub(crate) cells: [u16; 2],
    /// The side of the board (9 for the classic grid), to name cells.
    pub(crate) size: u8,
}

impl Clash {
    /// The repeated digit.
    pub fn digit(&self) -> u8 {
        self.digit
    }

    /// The unit in which it repeats.
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// The two cells (0 to 80 on the classic board, row-major; increasing) holding it.
    pub fn cells(&self) -> [usize; 2] {
        [self.cells[0] as usize, self.cells[1] as usize]
    }
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells();
        let n = usize::from(self.size);
        let name = |cell: usize| format!("r{}c{}", cell / n + 1, cell % n + 1);
        write!(
            f,
            "digit {} appears twice in {}, at {} and {}",
            crate::variant::symbol(self.digit),
            self.unit,
            name(a),
            name(b)
        )
    }
}

impl std::error::Error for Clash {}
/// A configuration that cannot be used: which field, what kind of fault, and why. The one
/// error of every constructor that checks its configuration (the colony's solvers, the
/// generators): `new(config)` returns it.
///
/// ```
/// use sudoku_core::{ConfigError, ConfigErrorKind};
///
/// let err = ConfigError::new(ConfigErrorKind::OutOfRange, "limit", "limit: 0 trials (at least 1)");
/// assert_eq!((err.kind(), err.field()), (ConfigErrorKind::OutOfRange, "limit"));
/// assert_eq!(err.to_string(), "limit: 0 trials (at least 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    kind: ConfigErrorKind,
    field: &'static str,
    message: String,
}

/// What is wrong with a configuration, for programs that react to a [`ConfigError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    /// A value outside its range: no bees, no attempt, more clues than cells.
    OutOfRange,
    /// A target no puzzle can meet: 16 clues on a 9x9 board (none has a unique solution).
    Unreachable,
    /// Settings that contradict each other: an easy band with ratings of 8 to 9, windows on
    /// a board that has none, a clue count a symmetry cannot make.
    Conflict,
}

impl ConfigError {
    /// An error of `kind` in `field` (as the configuration names it), with the message a
    /// person reads.
    pub fn new(
        kind: ConfigErrorKind,
        field: &'static str,
        message: impl Into<String>,
    ) -> ConfigError {
        ConfigError {
            kind,
            field,
            message: message.into(),
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> ConfigErrorKind {
        self.kind
    }

    /// The field at fault, as the configuration names it (`"colony_size"`, `"target_clues"`).
    pub fn field(&self) -> &'static str {
        self.field
    }
}

impl fmt::Display for ConfigError {
    /// The message: what is wrong and why.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The name of `known` closest to `name`, for a message about a misspelt key or option:
/// equal but for case, or within a few edits (a letter added, dropped, changed, or two
/// swapped; one edit for every three letters, at least one). `None` when none is that close,
/// and a message then lists the names.
///
/// ```
/// use sudoku_core::closest_name;
///
/// let keys = ["size", "givens", "regions", "diagonals", "windoku", "solution"];
/// assert_eq!(closest_name("diagonal", &keys), Some("diagonals"));
/// assert_eq!(closest_name("Diagonals", &keys), Some("diagonals"));
/// assert_eq!(closest_name("soltuion", &keys), Some("solution"));
/// assert_eq!(closest_name("variant", &keys), None);
/// ```
pub fn closest_name<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let name: Vec<char> = name.to_lowercase().chars().collect();
    let allowed = (name.len() / 3).max(1);
    known
        .iter()
        .map(|&candidate| {
            let other: Vec<char> = candidate.to_lowercase().chars().collect();
            (edits(&name, &other), candidate)
        })
        .filter(|&(distance, _)| distance <= allowed)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// The edits (insertions, deletions, substitutions and swaps of neighbours) that turn `a`
/// into `b`: the optimal string alignment distance.
fn edits(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * width + j] = if i == 0 || j == 0 {
                i + j
            } else {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[(i - 1) * width + j] + 1)
                    .min(d[i * width + j - 1] + 1)
                    .min(d[(i - 1) * width + j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * width + j - 2] + 1);
                }
                best
            };
        }
    }
    d[a.len() * width + b.len()]
}
