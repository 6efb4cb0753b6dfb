//! The vocabulary of drawable elements: lines with a style, dots, bulbs, cages, outside clues,
//! cell shapes, shading and text. Any description of a variant puzzle maps onto it, one
//! element per constraint.

use crate::error::{RenderError, RenderErrorKind};
use crate::style::Colour;

/// A cell by row and column, both from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: usize,
    /// The column, 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The cell of row-major index `index` on a board of side `n`.
    pub const fn from_index(index: usize, n: usize) -> Cell {
        Cell {
            row: index / n,
            col: index % n,
        }
    }

    /// The row-major index on a board of side `n`.
    pub const fn index(self, n: usize) -> usize {
        self.row * n + self.col
    }

    /// Whether `other` shares a side with this cell.
    pub fn touches(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }

    /// Whether `other` is another cell sharing a side or a corner with this one: the next
    /// cell of a line or a bulb.
    pub(crate) fn adjoins(self, other: Cell) -> bool {
        self != other && self.row.abs_diff(other.row) <= 1 && self.col.abs_diff(other.col) <= 1
    }
}

impl From<(usize, usize)> for Cell {
    fn from((row, col): (usize, usize)) -> Cell {
        Cell { row, col }
    }
}

impl std::fmt::Display for Cell {
    /// `r1c1` style, from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Cells from `(row, col)` pairs: `cells(&[(0, 0), (0, 1)])`.
pub fn cells(pairs: &[(usize, usize)]) -> Vec<Cell> {
    pairs.iter().map(|&pair| Cell::from(pair)).collect()
}

/// How a line through cell centres is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum LineStyle {
    /// A thermometer: a light grey bulb on the first cell and a wide tube to the last.
    Thermometer,
    /// A slow thermometer (digits may repeat): a thermometer with a white dashed line down
    /// its tube. f-puzzles has no tool for it; the dashes tell it from a thermometer.
    SlowThermometer,
    /// The shaft of an arrow: a thin grey line with a head on the last cell (its bulb is a
    /// [`Element::Bulb`], drawn over the line's start).
    Arrow,
    /// A German whisper: a wide green line.
    Whisper,
    /// A renban line: a wide purple line (a purple disc when it has one cell).
    Renban,
    /// A palindrome: a wide grey line.
    Palindrome,
    /// A between line: a thin line with a hollow circle on each end cell.
    Between,
    /// A region-sum line: a blue line.
    RegionSum,
    /// Any other line: its colour and its width as a fraction of a cell.
    Custom {
        /// The colour (with its opacity).
        colour: Colour,
        /// The width, as a fraction of a cell's side (0.05 to 0.6 read well).
        width: f32,
    },
}

impl LineStyle {
    fn name(self) -> &'static str {
        match self {
            LineStyle::Thermometer => "thermometer",
            LineStyle::SlowThermometer => "slow thermometer",
            LineStyle::Arrow => "arrow",
            LineStyle::Whisper => "German whisper",
            LineStyle::Renban => "renban line",
            LineStyle::Palindrome => "palindrome",
            LineStyle::Between => "between line",
            LineStyle::RegionSum => "region-sum line",
            LineStyle::Custom { .. } => "line",
        }
    }
}

/// The two kinds of Kropki dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotKind {
    /// White: the two digits are consecutive.
    White,
    /// Black: one digit is twice the other.
    Black,
}

/// A side of the board, where outside clues stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the board: the clue belongs to a column.
    Top,
    /// Below the board: the clue belongs to a column.
    Bottom,
    /// Left of the board: the clue belongs to a row.
    Left,
    /// Right of the board: the clue belongs to a row.
    Right,
}

/// A diagonal direction, for the arrow of a little-killer clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// Towards the top left.
    UpLeft,
    /// Towards the top right.
    UpRight,
    /// Towards the bottom left.
    DownLeft,
    /// Towards the bottom right.
    DownRight,
}

impl Diagonal {
    /// The step in rows and columns.
    pub(crate) fn step(self) -> (i32, i32) {
        match self {
            Diagonal::UpLeft => (-1, -1),
            Diagonal::UpRight => (-1, 1),
            Diagonal::DownLeft => (1, -1),
            Diagonal::DownRight => (1, 1),
        }
    }
}

/// A clue outside the board, on a row's or column's end: a sandwich or X-sum total (no
/// arrow), or a little-killer sum (an arrow along the diagonal it sums).
#[derive(Clone, Debug, PartialEq)]
pub struct OutsideClue {
    /// The side it stands on.
    pub side: Side,
    /// The column (on the top or bottom) or row (on the left or right) it stands at, from
    /// 0. A little-killer clue may also stand at a corner, outside both a row and a column:
    /// -1 before the first, `n` after the last (on the top, -1 is the top-left corner).
    pub index: isize,
    /// Its text, usually a number.
    pub text: String,
    /// For a little-killer clue, the diagonal it sums, pointing into the board.
    pub arrow: Option<Diagonal>,
}

/// A cell's shape or mark drawn under its digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CellShape {
    /// A grey circle: the digit is odd.
    Odd,
    /// A grey square: the digit is even.
    Even,
    /// A grey cell with chevrons pointing in: the digit is smaller than its neighbours'.
    Minimum,
    /// A grey cell with chevrons pointing out: the digit is larger than its neighbours'.
    Maximum,
}

/// How a group of cells is outlined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CageStyle {
    /// A killer cage: a dashed outline inside the cells, its sum in the top-left corner.
    Killer,
    /// An extra region: the cells washed grey inside a thin solid outline.
    ExtraRegion,
}

/// Something drawn on a board besides its digits: the constraints of variant puzzles and
/// free marks. Build them with the constructors (`Element::line`, `Element::dot`, ...) or
/// the variants directly; [`Board::push`](crate::Board::push) checks them against the board.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Element {
    /// A line through the centres of `cells`, in order, drawn in `style`.
    Line {
        /// The cells, at least two, each touching the next (orthogonally or diagonally).
        cells: Vec<Cell>,
        /// How it is drawn.
        style: LineStyle,
    },
    /// The bulb of an arrow: a circle on one cell, a rounded pill over several touching
    /// cells (for two-digit sums).
    Bulb {
        /// The cells, each touching the next.
        cells: Vec<Cell>,
    },
    /// A Kropki dot on the edge between two touching cells.
    Dot {
        /// The two cells.
        cells: [Cell; 2],
        /// White or black.
        kind: DotKind,
        /// A number written in the dot, as f-puzzles shows a difference other than 1 or a
        /// ratio other than 2; `None` for a plain dot.
        label: Option<String>,
    },
    /// A short text on the edge between two touching cells: `X` or `V` for XV, `<` or `>`.
    EdgeText {
        /// The two cells.
        cells: [Cell; 2],
        /// The text.
        text: String,
    },
    /// A quadruple: a white circle where four cells meet, with up to four digits that the
    /// four cells contain.
    Quadruple {
        /// The top-left cell of the four.
        corner: Cell,
        /// The digits (1 to n), at most four.
        digits: Vec<u8>,
    },
    /// A killer cage or an extra region.
    Cage {
        /// The cells.
        cells: Vec<Cell>,
        /// The sum (or any short text) in the top-left corner; `None` for none.
        label: Option<String>,
        /// How it is outlined.
        style: CageStyle,
    },
    /// A clue outside the board.
    Outside(OutsideClue),
    /// A shape under a cell's digit.
    Shape {
        /// The cell.
        cell: Cell,
        /// The shape.
        shape: CellShape,
    },
    /// Cells washed in a colour: clones (each group its own colour), highlights.
    Shade {
        /// The cells.
        cells: Vec<Cell>,
        /// The colour (a light one, or one with opacity, keeps digits readable).
        colour: Colour,
    },
    /// A small text in a cell's top-left corner (a label, a cage-less sum).
    Text {
        /// The cell.
        cell: Cell,
        /// The text.
        text: String,
    },
}

impl Element {
    /// A line of `style` through `cells`.
    pub fn line(style: LineStyle, cells: Vec<Cell>) -> Element {
        Element::Line { cells, style }
    }

    /// A thermometer from its bulb (the first cell) to its tip.
    pub fn thermometer(cells: Vec<Cell>) -> Element {
        Element::line(LineStyle::Thermometer, cells)
    }

    /// An arrow: its bulb, and its shaft from a bulb cell to the tip. Two elements, the shaft
    /// under the bulb.
    pub fn arrow(bulb: Vec<Cell>, shaft: Vec<Cell>) -> [Element; 2] {
        [
            Element::line(LineStyle::Arrow, shaft),
            Element::Bulb { cells: bulb },
        ]
    }

    /// A Kropki dot between two touching cells.
    pub fn dot(a: Cell, b: Cell, kind: DotKind) -> Element {
        Element::Dot {
            cells: [a, b],
            kind,
            label: None,
        }
    }

    /// A Kropki dot with a number in it (a difference of 3, a ratio of 3).
    pub fn labelled_dot(a: Cell, b: Cell, kind: DotKind, label: impl Into<String>) -> Element {
        Element::Dot {
            cells: [a, b],
            kind,
            label: Some(label.into()),
        }
    }

    /// A killer cage with its sum.
    pub fn killer_cage(cells: Vec<Cell>, sum: Option<u32>) -> Element {
        Element::Cage {
            cells,
            label: sum.map(|s| s.to_string()),
            style: CageStyle::Killer,
        }
    }

    /// A sandwich or X-sum clue: a number outside the board at a row's or column's end.
    pub fn outside(side: Side, index: usize, text: impl Into<String>) -> Element {
        Element::Outside(OutsideClue {
            side,
            index: isize::try_from(index).unwrap_or(isize::MAX),
            text: text.into(),
            arrow: None,
        })
    }

    /// A little-killer clue: the sum of the diagonal that starts next to the outside cell at
    /// `side`, `index` (-1 or `n` for a corner) and runs in `direction`.
    pub fn little_killer(
        side: Side,
        index: isize,
        direction: Diagonal,
        sum: impl Into<String>,
    ) -> Element {
        Element::Outside(OutsideClue {
            side,
            index,
            text: sum.into(),
            arrow: Some(direction),
        })
    }

    /// The element's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Element::Line { style, .. } => style.name(),
            Element::Bulb { .. } => "arrow bulb",
            Element::Dot { .. } => "Kropki dot",
            Element::EdgeText { .. } => "edge text",
            Element::Quadruple { .. } => "quadruple",
            Element::Cage {
                style: CageStyle::Killer,
                ..
            } => "killer cage",
            Element::Cage { .. } => "extra region",
            Element::Outside(OutsideClue { arrow: None, .. }) => "outside clue",
            Element::Outside(_) => "little-killer clue",
            Element::Shape { .. } => "cell shape",
            Element::Shade { .. } => "shading",
            Element::Text { .. } => "text",
        }
    }

    /// Checks the element against a board of side `n`; `Err` with the problem, which
    /// [`Board::push`](crate::Board::push) prefixes with the element's number and name.
    pub(crate) fn check(&self, n: usize) -> Result<(), String> {
        let on_board = |cell: &Cell| {
            if cell.row < n && cell.col < n {
                Ok(())
            } else {
                Err(format!("{cell} is outside the {n}x{n} board"))
            }
        };
        let all_on_board = |cells: &[Cell]| cells.iter().try_for_each(on_board);
        let chained = |cells: &[Cell], what: &str| {
            for pair in cells.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if !a.adjoins(b) {
                    return Err(format!("{what} goes from {a} to {b}, which do not touch"));
                }
            }
            Ok(())
        };
        let neighbours = |[a, b]: &[Cell; 2]| {
            on_board(a)?;
            on_board(b)?;
            if a.touches(*b) {
                Ok(())
            } else {
                Err(format!("{a} and {b} do not share a side"))
            }
        };
        let short = |text: &str| {
            if text.chars().count() <= 12 {
                Ok(())
            } else {
                Err(format!(
                    "text of {} characters, at most 12 fit",
                    text.chars().count()
                ))
            }
        };
        match self {
            Element::Line { cells, style } => {
                if *style == LineStyle::Renban && cells.is_empty() {
                    return Err("no cell".to_string());
                }
                if *style != LineStyle::Renban && cells.len() < 2 {
                    return Err(format!("{} cell(s), a line needs two or more", cells.len()));
                }
                if let LineStyle::Custom { width, .. } = style
                    && !(width.is_finite() && *width > 0.0 && *width <= 1.0)
                {
                    return Err(format!("width {width} is not between 0 and 1 cell"));
                }
                all_on_board(cells)?;
                chained(cells, "the line")
            }
            Element::Bulb { cells } => {
                if cells.is_empty() {
                    return Err("no cell".to_string());
                }
                all_on_board(cells)?;
                chained(cells, "the bulb")
            }
            Element::Dot { cells, label, .. } => {
                neighbours(cells)?;
                label.as_deref().map_or(Ok(()), short)
            }
            Element::EdgeText { cells, text } => {
                neighbours(cells)?;
                short(text)
            }
            Element::Quadruple { corner, digits } => {
                if corner.row + 1 >= n || corner.col + 1 >= n {
                    return Err(format!(
                        "{corner} has no cells right of and below it on the {n}x{n} board"
                    ));
                }
                if digits.is_empty() || digits.len() > 4 {
                    return Err(format!("{} digits, a quadruple holds 1 to 4", digits.len()));
                }
                match digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                    Some(d) => Err(format!("digit {d} is not 1 to {n}")),
                    None => Ok(()),
                }
            }
            Element::Cage { cells, label, .. } => {
                if cells.is_empty() {
                    return Err("no cell".to_string());
                }
                all_on_board(cells)?;
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                if let Some(pair) = sorted.windows(2).find(|p| p[0] == p[1]) {
                    return Err(format!("{} is named twice", pair[0]));
                }
                label.as_deref().map_or(Ok(()), short)
            }
            Element::Outside(clue) => {
                // Little-killer clues may stand at the corners, -1 and n.
                let corner = clue.arrow.is_some() && (clue.index == -1 || clue.index == n as isize);
                if !corner && !(0..n as isize).contains(&clue.index) {
                    let line = match clue.side {
                        Side::Top | Side::Bottom => "column",
                        Side::Left | Side::Right => "row",
                    };
                    return Err(format!(
                        "{line} {} is outside the {n}x{n} board",
                        clue.index + 1
                    ));
                }
                if let Some(direction) = clue.arrow {
                    let (dr, dc) = direction.step();
                    let inward = match clue.side {
                        Side::Top => dr > 0,
                        Side::Bottom => dr < 0,
                        Side::Left => dc > 0,
                        Side::Right => dc < 0,
                    };
                    if !inward {
                        return Err(format!(
                            "its arrow points {direction:?}, away from the board"
                        ));
                    }
                    // The first cell of the diagonal must be on the board.
                    let (r, c) = outside_position(clue.side, clue.index, n);
                    let (r, c) = (r + dr, c + dc);
                    if r < 0 || c < 0 || r >= n as i32 || c >= n as i32 {
                        return Err(format!("its diagonal {direction:?} misses the board"));
                    }
                }
                short(&clue.text)
            }
            Element::Shape { cell, .. } => on_board(cell),
            Element::Shade { cells, .. } => all_on_board(cells),
            Element::Text { cell, text } => {
                on_board(cell)?;
                short(text)
            }
        }
    }
}

/// The (row, column) of the outside cell where a clue stands: row -1 or n, or column -1 or
/// n.
pub(crate) fn outside_position(side: Side, index: isize, n: usize) -> (i32, i32) {
    let (i, n) = (index as i32, n as i32);
    match side {
        Side::Top => (-1, i),
        Side::Bottom => (n, i),
        Side::Left => (i, -1),
        Side::Right => (i, n),
    }
}

/// Wraps an element's problem with its number and name.
pub(crate) fn element_error(number: usize, element: &Element, problem: String) -> RenderError {
    RenderError::new(
        RenderErrorKind::Element,
        format!("element {number} ({}): {problem}", element.name()),
    )
}
