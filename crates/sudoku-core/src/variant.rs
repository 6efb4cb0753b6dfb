//! Sudoku of every size and the common variants: [`Shape`], [`Rules`] and [`Puzzle`].
//!
//! The classic 9x9 [`Grid`](crate::Grid) stays the fast type of the workspace; these types
//! describe any puzzle of the family: `n x n` boards with boxes of `r x c` cells (n = r c, 4 to
//! 25), irregular (jigsaw) regions instead of boxes, and extra units (the two long diagonals
//! of Sudoku X, the four windows of windoku).

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use crate::constraint::name;
use crate::error::Clash;
use crate::solver::Problem;
use crate::tables::Unit;

/// The symbols of digits 1 to 25: `1`-`9`, then `A` for 10 up to `P` for 25.
const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";

/// The symbol of a digit (1 to 25): `1`-`9`, then `A` (10) to `P` (25); `.` for 0.
pub(crate) fn symbol(digit: u8) -> char {
    match digit {
        0 => '.',
        d if usize::from(d) <= SYMBOLS.len() => SYMBOLS[usize::from(d) - 1] as char,
        _ => '?',
    }
}

/// The digit a symbol stands for on a board of side `n`, `Some(0)` for a blank (`.`, `_`,
/// and `0` up to 9x9), `None` for anything else.
pub(crate) fn digit_of(ch: char, n: usize) -> Option<u8> {
    let d = match ch {
        '.' | '_' => return Some(0),
        '0' if n <= 9 => return Some(0),
        '1'..='9' => ch as u8 - b'0',
        'A'..='Z' => ch as u8 - b'A' + 10,
        'a'..='z' => ch as u8 - b'a' + 10,
        _ => return None,
    };
    (usize::from(d) <= n).then_some(d)
}

/// The shape of the board: boxes of `box_rows` x `box_cols` cells, and a board of side
/// `n = box_rows * box_cols` (4 to 25).
///
/// ```
/// use sudoku_core::Shape;
///
/// let shape = Shape::for_size(16).unwrap();
/// assert_eq!((shape.box_rows(), shape.box_cols(), shape.size()), (4, 4, 16));
/// assert_eq!(Shape::for_size(6).unwrap().to_string(), "6x6 (boxes of 2x3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic board: 9x9 with boxes of 3x3.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The sizes [`for_size`](Shape::for_size) knows, with their box shapes: 4 (2x2), 6
    /// (2x3), 8 (2x4), 9 (3x3), 10 (2x5), 12 (3x4), 15 (3x5), 16 (4x4), 20 (4x5), 25 (5x5).
    pub const SIZES: [usize; 10] = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25];

    /// A shape from its box dimensions.
    ///
    /// # Errors
    ///
    /// When a box side is 0 or the board would be larger than 25x25 (digits are written
    /// `1`-`9` then `A`-`P`) or smaller than 4x4.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, VariantError> {
        let n = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || !(4..=25).contains(&n) {
            return Err(VariantError::new(
                VariantErrorKind::Shape,
                format!(
                    "boxes of {box_rows}x{box_cols} make a board of side {n}; sides 4 to 25 are supported"
                ),
            ));
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape of a board of side `n`: boxes as square as possible, wider than tall
    /// (6 is 2x3, 12 is 3x4, 14 is 2x7). `None` for sides without such boxes (prime sides,
    /// whose only boxes are whole rows or columns) or outside 4 to 25.
    pub fn for_size(n: usize) -> Option<Shape> {
        if !(4..=25).contains(&n) {
            return None;
        }
        let rows = (2..=n).rev().find(|&r| n % r == 0 && r * r <= n)?;
        (rows > 1)
            .then(|| Shape::new(rows, n / rows).ok())
            .flatten()
    }

    /// Whether this is the usual shape of its side ([`for_size`](Shape::for_size)), the one
    /// a line of symbols is read with. Puzzles of other shapes (boxes of 3x2 on a 6x6 board,
    /// of 7x1 on a 7x7) are written with their boxes: `"boxes"` in JSON
    /// ([`Puzzle::to_json`]), frames in a drawing (`{:#}`).
    ///
    /// ```
    /// use sudoku_core::Shape;
    ///
    /// assert!(Shape::new(2, 3)?.is_usual());
    /// assert!(!Shape::new(3, 2)?.is_usual());
    /// assert!(!Shape::new(7, 1)?.is_usual()); // side 7 has no usual boxes
    /// # Ok::<(), sudoku_core::VariantError>(())
    /// ```
    pub fn is_usual(&self) -> bool {
        Shape::for_size(self.size()) == Some(*self)
    }

    /// The side of a board with `cells` cells, when it is a square of a known size.
    pub fn for_cells(cells: usize) -> Option<Shape> {
        let n = (cells as f64).sqrt().round() as usize;
        (n.checked_mul(n) == Some(cells))
            .then(|| Shape::for_size(n))
            .flatten()
    }

    /// Rows of a box.
    pub fn box_rows(&self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns of a box.
    pub fn box_cols(&self) -> usize {
        usize::from(self.box_cols)
    }

    /// The side of the board: the number of digits, and of cells in each unit.
    pub fn size(&self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.size() * self.size()
    }

    /// The box (0 to n - 1, row-major) of `cell`.
    pub fn box_of(&self, cell: usize) -> usize {
        let n = self.size();
        let (r, c) = (cell / n, cell % n);
        (r / self.box_rows()) * (n / self.box_cols()) + c / self.box_cols()
    }
}

impl fmt::Display for Shape {
    /// E.g. `16x16 (boxes of 4x4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}x{n} (boxes of {}x{})", self.box_rows, self.box_cols)
    }
}

/// The rules of a puzzle: its shape, its regions (boxes, or an irregular jigsaw map), and
/// extra units. Build with [`Rules::new`] and the `with_*` methods, which check what they
/// are given.
///
/// ```
/// use sudoku_core::{Rules, Shape};
///
/// let x = Rules::new(Shape::CLASSIC).with_diagonals(true);
/// assert_eq!(x.units().len(), 27 + 2);
/// let windoku = Rules::new(Shape::CLASSIC).with_windoku(true)?;
/// assert_eq!(windoku.units().len(), 27 + 4);
/// # Ok::<(), sudoku_core::VariantError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    /// The region of each cell for a jigsaw; `None` for boxes.
    jigsaw: Option<Vec<u8>>,
    diagonals: bool,
    windoku: bool,
    /// Every unit with its name: rows, columns, regions, then extra units.
    units: Vec<(Unit, Vec<u16>)>,
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("shape", &self.shape)
            .field("jigsaw", &self.jigsaw.is_some())
            .field("diagonals", &self.diagonals)
            .field("windoku", &self.windoku)
            .finish()
    }
}

impl Rules {
    /// Plain rules of a shape: rows, columns and boxes.
    pub fn new(shape: Shape) -> Rules {
        let mut rules = Rules {
            shape,
            jigsaw: None,
            diagonals: false,
            windoku: false,
            units: Vec::new(),
        };
        rules.build_units();
        rules
    }

    /// The classic 9x9 rules.
    pub fn classic() -> Rules {
        Rules::new(Shape::CLASSIC)
    }

    /// The plain rules of a shape (rows, columns, boxes), built once per shape and shared:
    /// readers and conversions that make many puzzles of one shape hand them all the same
    /// rules, and solvers that keep the last rules seen recognise them at once.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_core::{Rules, Shape};
    ///
    /// let a = Rules::plain(Shape::CLASSIC);
    /// assert!(Arc::ptr_eq(&a, &Rules::plain(Shape::CLASSIC)));
    /// assert!(a.is_classic());
    /// ```
    pub fn plain(shape: Shape) -> Arc<Rules> {
        static PLAIN: [OnceLock<Arc<Rules>>; Shape::SIZES.len()] =
            [const { OnceLock::new() }; Shape::SIZES.len()];
        match Shape::SIZES.iter().position(|&n| n == shape.size()) {
            Some(i) if Shape::for_size(shape.size()) == Some(shape) => {
                Arc::clone(PLAIN[i].get_or_init(|| Arc::new(Rules::new(shape))))
            }
            _ => Arc::new(Rules::new(shape)),
        }
    }

    /// The same rules with irregular regions instead of boxes: `map[cell]` is the region of
    /// each cell (any `n` distinct values, numbered here in order of first appearance).
    ///
    /// # Errors
    ///
    /// When the map has the wrong number of cells, not `n` regions, a region without `n`
    /// cells, or a region whose cells are not connected (orthogonally); each error names the
    /// region and a cell.
    pub fn with_jigsaw<T: PartialEq + Copy>(mut self, map: &[T]) -> Result<Rules, VariantError> {
        let n = self.shape.size();
        let fail = |message: String| VariantError::new(VariantErrorKind::Regions, message);
        let problem = |problem: RegionMapError| {
            fail(match problem {
                RegionMapError::TooMany { .. } => {
                    format!("more than {n} regions: a board of side {n} has {n}")
                }
                problem => problem.message(n),
            })
        };
        let regions = number_regions(map, n).map_err(problem)?;
        for region in 0..n {
            let cells = region_cells(&regions, region, n).map_err(problem)?;
            if let Some(cell) = unreachable(&cells, &regions, n) {
                return Err(fail(format!(
                    "region {} (from {}) is not connected: {} cannot be reached from its other cells",
                    region + 1,
                    name(cells[0], n),
                    name(cell, n)
                )));
            }
        }
        self.jigsaw = Some(regions);
        self.build_units();
        Ok(self)
    }

    /// The same rules with the two long diagonals as extra units (Sudoku X), or without.
    pub fn with_diagonals(mut self, diagonals: bool) -> Rules {
        self.diagonals = diagonals;
        self.build_units();
        self
    }

    /// The same rules with the four windoku windows (the 3x3 blocks at rows and columns 2-4
    /// and 6-8) as extra units, or without.
    ///
    /// # Errors
    ///
    /// When the board is not 9x9.
    pub fn with_windoku(mut self, windoku: bool) -> Result<Rules, VariantError> {
        if windoku && self.shape != Shape::CLASSIC {
            return Err(VariantError::new(
                VariantErrorKind::Units,
                format!(
                    "windoku windows are defined on the 9x9 board, not on {}",
                    self.shape
                ),
            ));
        }
        self.windoku = windoku;
        self.build_units();
        Ok(self)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side of the board (the number of digits).
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The region of each cell when the regions are a jigsaw, `None` for boxes.
    pub fn jigsaw(&self) -> Option<&[u8]> {
        self.jigsaw.as_deref()
    }

    /// Whether the long diagonals are units.
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether the windoku windows are units.
    pub fn windoku(&self) -> bool {
        self.windoku
    }

    /// The rules in words, as messages name them: `16x16`, `6x6 Sudoku X`, `9x9 jigsaw
    /// windoku`.
    ///
    /// ```
    /// use sudoku_core::{Rules, Shape};
    ///
    /// let x = Rules::new(Shape::for_size(6).unwrap()).with_diagonals(true);
    /// assert_eq!(x.describe(), "6x6 Sudoku X");
    /// assert_eq!(Rules::classic().describe(), "9x9");
    /// ```
    pub fn describe(&self) -> String {
        let n = self.size();
        let mut text = format!("{n}x{n}");
        for (on, name) in [
            (self.jigsaw.is_some(), " jigsaw"),
            (self.windoku, " windoku"),
            (self.diagonals, " Sudoku X"),
        ] {
            if on {
                text.push_str(name);
            }
        }
        text
    }

    /// Whether these are the classic 9x9 rules, which [`Grid`](crate::Grid) and the 9x9
    /// solvers take.
    pub fn is_classic(&self) -> bool {
        self.shape == Shape::CLASSIC && self.jigsaw.is_none() && !self.diagonals && !self.windoku
    }

    /// The region (box or jigsaw region) of `cell`; `None` for a cell off the board.
    pub fn region_of(&self, cell: usize) -> Option<usize> {
        (cell < self.shape.cells()).then(|| self.region(cell))
    }

    /// [`region_of`](Rules::region_of) a cell known to be on the board.
    fn region(&self, cell: usize) -> usize {
        match &self.jigsaw {
            Some(map) => usize::from(map[cell]),
            None => self.shape.box_of(cell),
        }
    }

    /// Every unit, with its name and its cells (row-major indices): rows, columns, regions,
    /// then the extra units.
    pub fn units(&self) -> &[(Unit, Vec<u16>)] {
        &self.units
    }

    fn build_units(&mut self) {
        let n = self.size();
        let mut units = Vec::with_capacity(3 * n + 6);
        for r in 0..n {
            units.push((
                Unit::Row(r as u8),
                (0..n).map(|c| (r * n + c) as u16).collect(),
            ));
        }
        for c in 0..n {
            units.push((
                Unit::Col(c as u8),
                (0..n).map(|r| (r * n + c) as u16).collect(),
            ));
        }
        for region in 0..n {
            let cells = (0..n * n)
                .filter(|&cell| self.region(cell) == region)
                .map(|cell| cell as u16)
                .collect();
            let name = if self.jigsaw.is_some() {
                Unit::Region(region as u8)
            } else {
                Unit::Box(region as u8)
            };
            units.push((name, cells));
        }
        if self.diagonals {
            units.push((
                Unit::Diagonal(0),
                (0..n).map(|k| (k * n + k) as u16).collect(),
            ));
            units.push((
                Unit::Diagonal(1),
                (0..n).map(|k| (k * n + n - 1 - k) as u16).collect(),
            ));
        }
        if self.windoku {
            for (w, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                let cells = (0..9)
                    .map(|k| ((r0 + k / 3) * 9 + c0 + k % 3) as u16)
                    .collect();
                units.push((Unit::Window(w as u8), cells));
            }
        }
        self.units = units;
    }

    /// The region map as one symbol per cell (`A`, `B`, ... in order of first appearance),
    /// the form JSON puzzles give it in.
    pub fn region_letters(&self) -> String {
        (0..self.shape.cells())
            .map(|cell| (b'A' + self.region(cell) as u8) as char)
            .collect()
    }
}

/// The orthogonal neighbours of `cell` on a board of side `n` (cells numbered row by row):
/// above, below, left, right, those on the board.
///
/// ```
/// use sudoku_core::orthogonal_neighbours;
///
/// assert_eq!(orthogonal_neighbours(0, 9).collect::<Vec<_>>(), [9, 1]);
/// assert_eq!(orthogonal_neighbours(40, 9).collect::<Vec<_>>(), [31, 49, 39, 41]);
/// ```
pub fn orthogonal_neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// What is wrong with a region map, as [`number_regions`] finds it.
pub(crate) enum RegionMapError {
    /// The map does not have one label a cell.
    Length(usize),
    /// `cell` opens a region beyond the board's `n`.
    TooMany { cell: usize },
    /// Only this many regions.
    TooFew(usize),
    /// Region `region` (0-based), which opens at `first`, has `cells` cells, not `n`.
    Size {
        region: usize,
        first: usize,
        cells: usize,
    },
}

impl RegionMapError {
    /// The message for a board of side `n` (each reader words [`RegionMapError::TooMany`]
    /// its own way, naming what it knows).
    pub(crate) fn message(&self, n: usize) -> String {
        match *self {
            RegionMapError::Length(len) => {
                format!("a region map of {len} cells for a board of {} cells", n * n)
            }
            RegionMapError::TooMany { cell } => {
                format!(
                    "{}: a region beyond the {n} a board of side {n} has",
                    name(cell, n)
                )
            }
            RegionMapError::TooFew(count) => {
                format!("{count} regions, a board of side {n} needs {n}")
            }
            RegionMapError::Size {
                region,
                first,
                cells,
            } => format!(
                "region {} (from {}) has {cells} cells, each region needs {n}",
                region + 1,
                name(first, n)
            ),
        }
    }
}

/// The regions of `map` (a label for each cell of a board of side `n`, any `n` distinct
/// values), numbered from 0 in order of first appearance: the region of each cell. Checks
/// the number of cells and of regions; [`region_cells`] checks each region's size.
pub(crate) fn number_regions<T: PartialEq + Copy>(
    map: &[T],
    n: usize,
) -> Result<Vec<u8>, RegionMapError> {
    if map.len() != n * n {
        return Err(RegionMapError::Length(map.len()));
    }
    let mut labels: Vec<T> = Vec::new();
    let mut regions = Vec::with_capacity(n * n);
    for (cell, &label) in map.iter().enumerate() {
        let index = match labels.iter().position(|&l| l == label) {
            Some(index) => index,
            None => {
                labels.push(label);
                labels.len() - 1
            }
        };
        if index >= n {
            return Err(RegionMapError::TooMany { cell });
        }
        regions.push(index as u8);
    }
    if labels.len() < n {
        return Err(RegionMapError::TooFew(labels.len()));
    }
    Ok(regions)
}

/// The cells of region `region` of `regions` (numbered by [`number_regions`] for a board of
/// side `n`, so that every region has a cell), when it has `n`.
pub(crate) fn region_cells(
    regions: &[u8],
    region: usize,
    n: usize,
) -> Result<Vec<usize>, RegionMapError> {
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| usize::from(regions[c]) == region)
        .collect();
    if cells.len() == n {
        Ok(cells)
    } else {
        Err(RegionMapError::Size {
            region,
            first: cells[0],
            cells: cells.len(),
        })
    }
}

/// A cell of `cells` (a region) that the first cannot reach through orthogonal steps inside
/// the region, or `None` when it is connected.
fn unreachable(cells: &[usize], regions: &[u8], n: usize) -> Option<usize> {
    let region = regions[cells[0]];
    let mut reached = vec![false; n * n];
    let mut stack = vec![cells[0]];
    reached[cells[0]] = true;
    while let Some(cell) = stack.pop() {
        for next in orthogonal_neighbours(cell, n) {
            if regions[next] == region && !reached[next] {
                reached[next] = true;
                stack.push(next);
            }
        }
    }
    cells.iter().copied().find(|&c| !reached[c])
}

/// A puzzle (or solution) of any size and variant: its [`Rules`] and its cells (0 blank,
/// 1 to n digits), row-major.
///
/// It prints as a line of `n x n` symbols (`1`-`9`, then `A` for 10 up to `P` for 25, `.`
/// for blanks) and as a drawing with `{:#}`; it parses from such a line, the size told by its
/// length (16, 36, 64, 81, 100, 144, 225, 256, 400 or 625 cells), with the shape's plain
/// rules. Variants come from [`Puzzle::new`] with their [`Rules`], or from the JSON lines the
/// puzzle reader takes.
///
/// ```
/// use sudoku_core::{Puzzle, Rules, Shape};
///
/// let four: Puzzle = "1.3..4.1..1.3..2".parse()?;
/// assert_eq!(four.rules().size(), 4);
/// assert_eq!(four.to_string(), "1.3..4.1..1.3..2");
///
/// // Sudoku X: the givens 1 on both diagonals clash.
/// let mut cells = vec![0u8; 81];
/// cells[0] = 1;
/// cells[80] = 1;
/// let x = Puzzle::new(Rules::classic().with_diagonals(true), cells)?;
/// assert_eq!(
///     x.clash().unwrap().to_string(),
///     "digit 1 appears twice in the main diagonal, at r1c1 and r9c9"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rules: Arc<Rules>,
    cells: Vec<u8>,
}

impl Problem for Puzzle {
    type Solution = Puzzle;
}

impl Puzzle {
    /// A puzzle from its rules and cells.
    ///
    /// # Errors
    ///
    /// When there are not `n x n` cells, or a value is above `n` (named with its cell).
    pub fn new(rules: Rules, cells: Vec<u8>) -> Result<Puzzle, VariantError> {
        Puzzle::with_rules(Arc::new(rules), cells)
    }

    /// A puzzle sharing rules with others (a generator or a reader makes many).
    ///
    /// # Errors
    ///
    /// As [`new`](Puzzle::new).
    pub fn with_rules(rules: Arc<Rules>, cells: Vec<u8>) -> Result<Puzzle, VariantError> {
        let n = rules.size();
        if cells.len() != n * n {
            return Err(VariantError::new(
                VariantErrorKind::Cells,
                format!(
                    "{} cells for a board of {} cells ({})",
                    cells.len(),
                    n * n,
                    rules.shape()
                ),
            ));
        }
        if let Some(cell) = cells.iter().position(|&v| usize::from(v) > n) {
            return Err(VariantError::new(
                VariantErrorKind::Cells,
                format!(
                    "r{}c{}: value {} is not a digit of a board of side {n}",
                    cell / n + 1,
                    cell % n + 1,
                    cells[cell]
                ),
            ));
        }
        Ok(Puzzle { rules, cells })
    }

    /// The empty puzzle of some rules.
    pub fn empty(rules: Arc<Rules>) -> Puzzle {
        let cells = vec![0; rules.shape().cells()];
        Puzzle { rules, cells }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules, shared.
    pub fn shared_rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.rules.size()
    }

    /// The cells (0 = blank), row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of `cell` (0 blank); `None` for a cell off the board.
    pub fn get(&self, cell: usize) -> Option<u8> {
        self.cells.get(cell).copied()
    }

    /// Writes `digit` (0 blanks the cell) into `cell`; returns whether it did: `false`, the
    /// puzzle unchanged, for a cell off the board or a value above the board's side.
    pub fn set(&mut self, cell: usize, digit: u8) -> bool {
        if usize::from(digit) > self.size() || cell >= self.cells.len() {
            return false;
        }
        self.cells[cell] = digit;
        true
    }

    /// How many cells are filled.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits in one unit (rows, then columns, regions and extra
    /// units), or `None` when the filled cells break no rule.
    pub fn clash(&self) -> Option<Clash> {
        let n = self.size();
        let mut first_at = vec![u16::MAX; n + 1];
        for (unit, cells) in self.rules.units() {
            first_at.fill(u16::MAX);
            for &cell in cells {
                let digit = self.cells[usize::from(cell)];
                if digit == 0 {
                    continue;
                }
                let seen = first_at[usize::from(digit)];
                if seen != u16::MAX {
                    return Some(Clash {
                        digit,
                        unit: *unit,
                        cells: [seen.min(cell), seen.max(cell)],
                        size: n as u8,
                    });
                }
                first_at[usize::from(digit)] = cell;
            }
        }
        None
    }

    /// Whether the puzzle is complete and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.clash().is_none()
    }

    /// Whether `self` is a solution of `puzzle`: the same rules, complete, valid under every
    /// unit, and equal to every given.
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        *self.rules == *puzzle.rules
            && self.is_solved()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// The digits no peer of `cell` holds, as a bit mask (bit `d - 1` for digit `d`); `None`
    /// for a cell off the board (`n * n` or more).
    pub fn candidates(&self, cell: usize) -> Option<u32> {
        let n = self.size();
        if cell >= self.cells.len() {
            return None;
        }
        let mut used = 0u32;
        for (_, cells) in self.rules.units() {
            if cells.contains(&(cell as u16)) {
                for &other in cells {
                    let d = self.cells[usize::from(other)];
                    if d != 0 && usize::from(other) != cell {
                        used |= 1 << (d - 1);
                    }
                }
            }
        }
        Some(!used & ((1u32 << n) - 1))
    }

    /// The classic [`Grid`](crate::Grid) of a puzzle with the classic rules.
    pub fn to_grid(&self) -> Option<crate::Grid> {
        if !self.rules.is_classic() {
            return None;
        }
        let cells: [u8; 81] = self.cells.as_slice().try_into().ok()?;
        crate::Grid::from_cells(cells).ok()
    }

    /// The line of symbols, as `Display` writes it.
    fn line(&self) -> String {
        self.cells.iter().map(|&d| symbol(d)).collect()
    }

    /// One JSON object: `{"size": n, "givens": "<line>"}`, with `"boxes": "3x2"` (rows x
    /// columns of a box) when the shape is not the usual one of its side
    /// ([`Shape::is_usual`]), `"regions"` (region letters) for a jigsaw and
    /// `"diagonals": true`, `"windoku": true` when they apply. The puzzle reader reads it
    /// back as the same puzzle, rules and all.
    ///
    /// ```
    /// use sudoku_core::{Puzzle, PuzzleReader, Rules, Shape};
    ///
    /// let tall = Puzzle::new(Rules::new(Shape::new(3, 2)?), vec![0; 36])?;
    /// assert_eq!(tall.to_json(), format!(r#"{{"size":6,"boxes":"3x2","givens":"{}"}}"#, ".".repeat(36)));
    /// # #[cfg(feature = "json")] // reading JSON lines back needs the `json` feature
    /// # {
    /// let back = PuzzleReader::new(tall.to_json().as_bytes()).any_size().next().unwrap()?;
    /// assert_eq!(back.puzzle, tall);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> String {
        let shape = self.rules.shape();
        let mut out = format!("{{\"size\":{}", self.size());
        if !shape.is_usual() {
            out.push_str(&format!(
                ",\"boxes\":\"{}x{}\"",
                shape.box_rows(),
                shape.box_cols()
            ));
        }
        out.push_str(&format!(",\"givens\":\"{}\"", self.line()));
        if self.rules.jigsaw().is_some() {
            out.push_str(&format!(",\"regions\":\"{}\"", self.rules.region_letters()));
        }
        if self.rules.diagonals() {
            out.push_str(",\"diagonals\":true");
        }
        if self.rules.windoku() {
            out.push_str(",\"windoku\":true");
        }
        out.push('}');
        out
    }
}

impl std::ops::Index<usize> for Puzzle {
    type Output = u8;

    /// The value of `cell`, as [`get`](Puzzle::get) gives it; panics for a cell off the
    /// board, as slices do (`get` is the checked form).
    fn index(&self, cell: usize) -> &u8 {
        &self.cells[cell]
    }
}

impl From<&crate::Grid> for Puzzle {
    fn from(grid: &crate::Grid) -> Puzzle {
        Puzzle {
            rules: Rules::plain(Shape::CLASSIC),
            cells: grid.cells().to_vec(),
        }
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle({:?}, \"{}\")", self.rules, self.line())
    }
}

impl fmt::Display for Puzzle {
    /// `{}` writes the line of symbols (`.` for blanks), which holds the cells only (read
    /// back, it has the usual boxes of its side: [`Shape::is_usual`]); `{:#}` a drawing with
    /// the boxes framed (for rules without a jigsaw), one row per line, which reads back with
    /// the same box shape. [`to_json`](Puzzle::to_json) writes every rule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return f.write_str(&self.line());
        }
        let shape = self.rules.shape();
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let framed = self.rules.jigsaw().is_none();
        let separator: String = (0..n / bc)
            .map(|_| "-".repeat(2 * bc - 1))
            .collect::<Vec<_>>()
            .join("-+-");
        for r in 0..n {
            if r > 0 {
                f.write_str("\n")?;
                if framed && r % br == 0 {
                    f.write_str(&separator)?;
                    f.write_str("\n")?;
                }
            }
            for c in 0..n {
                if c > 0 {
                    f.write_str(if framed && c % bc == 0 { " | " } else { " " })?;
                }
                write!(f, "{}", symbol(self.cells[r * n + c]))?;
            }
        }
        Ok(())
    }
}

impl FromStr for Puzzle {
    type Err = VariantError;

    /// Parses a line of `n x n` symbols (`1`-`9` then `A`-`Z` for 10 and up, `.` or `_`
    /// blanks, `0` blanks too up to 9x9), the size told by the length, with the plain rules
    /// of the usual shape of that side; or the same symbols in a drawing (spaces, `|`, `-`,
    /// `+` and line breaks ignored; a `-` or `+` right before a digit is a sign, an error),
    /// whose boxes are those its frames draw (`|` between boxes of a row, a frame line or a
    /// blank line between bands), or the usual ones when it frames none.
    fn from_str(text: &str) -> Result<Puzzle, VariantError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (l, line) in text.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if let Some(c) = chars
                .windows(2)
                .position(|w| matches!(w[0], '-' | '+') && w[1].is_ascii_digit())
            {
                return Err(VariantError::new(
                    VariantErrorKind::Symbol,
                    format!(
                        "line {}, column {}: a sign {:?} before a number (a cell is a symbol, not a signed number)",
                        l + 1,
                        c + 1,
                        chars[c]
                    ),
                ));
            }
        }
        let symbols: Vec<(usize, usize, char)> = text
            .lines()
            .enumerate()
            .flat_map(|(l, line)| {
                line.chars()
                    .enumerate()
                    .filter(|(_, ch)| !matches!(ch, ' ' | '\t' | '|' | '-' | '+' | '\r'))
                    .map(move |(c, ch)| (l + 1, c + 1, ch))
            })
            .collect();
        let count = symbols.len();
        let n = (count as f64).sqrt().round() as usize;
        if n * n != count || !(4..=25).contains(&n) {
            return Err(VariantError::new(
                VariantErrorKind::Shape,
                format!(
                    "found {count} cells; a board has 16, 36, 64, 81, 100, 144, 225, 256, 400 or 625"
                ),
            ));
        }
        // A drawing that frames its boxes says their shape; a line (or a drawing without
        // frames) has the usual boxes of its side.
        let shape = drawn_shape(text, n)
            .or_else(|| Shape::for_size(n))
            .ok_or_else(|| {
                VariantError::new(VariantErrorKind::Shape, format!(
                    "found {count} cells, a board of side {n}, which has no usual boxes: frame them in a drawing, or give \"boxes\" in JSON"
                ))
            })?;
        let n = shape.size();
        let mut cells = Vec::with_capacity(n * n);
        for (line, column, ch) in symbols {
            let digit = digit_of(ch, n).ok_or_else(|| {
                VariantError::new(VariantErrorKind::Symbol, format!(
                    "line {line}, column {column}: {ch:?} is not a cell of a {n}x{n} board (1-{}, or '.' for a blank)",
                    symbol(n as u8)
                ))
            })?;
            cells.push(digit);
        }
        Puzzle::with_rules(Rules::plain(shape), cells)
    }
}

/// The shape of the boxes a drawing of a board of side `n` frames: the symbols between two
/// `|` of a row are a box's width, the rows between two lines without symbols (frame lines
/// such as `------+------`, or blank lines) its height. `None` when the drawing frames
/// nothing, is not one row of the board per line, or its frames disagree (with each other or
/// with a side of `n`): it then has the usual boxes of its side.
pub(crate) fn drawn_shape(text: &str, n: usize) -> Option<Shape> {
    let symbol = |ch: char| !(ch.is_whitespace() || matches!(ch, '|' | '-' | '+'));
    let mut framed = false;
    let mut width = None;
    let mut heights = Vec::new();
    let mut run = 0;
    for line in text.lines() {
        if !line.chars().any(symbol) {
            framed |= run > 0;
            if run > 0 {
                heights.push(run);
                run = 0;
            }
            continue;
        }
        run += 1;
        let row_width = if line.contains('|') {
            framed = true;
            let mut boxes = line
                .split('|')
                .map(|part| part.chars().filter(|&ch| symbol(ch)).count())
                .filter(|&count| count > 0);
            let first = boxes.next()?;
            if !boxes.all(|count| count == first) {
                return None;
            }
            first
        } else {
            n
        };
        if *width.get_or_insert(row_width) != row_width {
            return None;
        }
    }
    if run > 0 {
        heights.push(run);
    }
    let height = *heights.first()?;
    let rows: usize = heights.iter().sum();
    if !framed || rows != n || heights.iter().any(|&h| h != height) {
        return None;
    }
    Shape::new(height, width?)
        .ok()
        .filter(|shape| shape.size() == n)
}

/// Parses `n x n` symbols of a line for `rules` (used by the reader for JSON `givens`).
pub(crate) fn parse_cells(text: &str, n: usize) -> Result<Vec<u8>, VariantError> {
    if text.chars().count() != n * n {
        return Err(VariantError::new(
            VariantErrorKind::Cells,
            format!(
                "{} symbols for a board of {} cells",
                text.chars().count(),
                n * n
            ),
        ));
    }
    text.chars()
        .enumerate()
        .map(|(i, ch)| {
            digit_of(ch, n).ok_or_else(|| {
                VariantError::new(VariantErrorKind::Symbol, format!(
                    "character {}: {ch:?} is not a cell of a {n}x{n} board (1-{}, or '.' for a blank)",
                    i + 1,
                    symbol(n as u8)
                ))
            })
        })
        .collect()
}

/// `"3x2"`: the rows and columns of a box, as JSON's `"boxes"` gives them.
#[cfg(feature = "json")]
fn parse_boxes(text: &str) -> Result<Shape, VariantError> {
    let bad = || {
        VariantError::new(
            VariantErrorKind::Json,
            format!(
                "\"boxes\" is {text:?}; expected the rows and columns of a box, such as \"3x2\""
            ),
        )
    };
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows: usize = rows.trim().parse().map_err(|_| bad())?;
    let cols: usize = cols.trim().parse().map_err(|_| bad())?;
    Shape::new(rows, cols).map_err(|err| err.in_field("boxes"))
}

/// The keys of a JSON puzzle: what [`Puzzle::to_json`] writes, `puzzle` (another name for
/// `givens`, as the generator's records and other data sets call the cells), `solution`,
/// and `id` (an identifier, kept as the record's comment).
#[cfg(feature = "json")]
pub(crate) const JSON_KEYS: [&str; 9] = [
    "size",
    "boxes",
    "givens",
    "puzzle",
    "regions",
    "diagonals",
    "windoku",
    "solution",
    "id",
];

/// Keys that describe a puzzle without stating a rule of it, read and set aside: what the
/// generator's records add (`index`, `seed`, `clues`, `minimal`, and a classic puzzle's
/// rating: `band`, `hardest`, `er`, `ep`, `ed`), and the grade other data sets give
/// (`difficulty`, `rating`). So a generated file reads back as its puzzles.
#[cfg(feature = "json")]
pub(crate) const DESCRIPTIVE_KEYS: [&str; 11] = [
    "index",
    "seed",
    "clues",
    "minimal",
    "band",
    "hardest",
    "er",
    "ep",
    "ed",
    "difficulty",
    "rating",
];

/// A puzzle read from a JSON line: the puzzle, its solution if given, and its `id` (a string
/// or a number; empty when absent).
#[cfg(feature = "json")]
#[derive(Debug)]
pub(crate) struct JsonPuzzle {
    pub(crate) puzzle: Puzzle,
    pub(crate) solution: Option<Puzzle>,
    pub(crate) id: String,
}

/// Reads a JSON object describing a puzzle: `givens` or `puzzle` (a line of symbols, one of
/// them required), `size` (checked against the givens when given), `boxes` (`"3x2"`, when
/// not the usual shape of the side), `regions` (one region symbol per cell, for a jigsaw),
/// `diagonals` and `windoku` (booleans), `solution` (a line of symbols), `id` (a string or a
/// number), and the [`DESCRIPTIVE_KEYS`], set aside. A killer puzzle (`cages`) is refused as
/// such; any other key is an error naming it, and the known key nearest to it.
#[cfg(feature = "json")]
pub(crate) fn from_json(text: &str) -> Result<JsonPuzzle, VariantError> {
    use serde_json::Value;
    let value: Value = serde_json::from_str(text).map_err(|err| {
        VariantError::new(
            VariantErrorKind::Json,
            format!("column {}: invalid JSON: {err}", err.column()),
        )
    })?;
    let object = value.as_object().ok_or_else(|| {
        VariantError::new(
            VariantErrorKind::Json,
            "expected a JSON object with \"givens\"".into(),
        )
    })?;
    if let Some(key) = ["cages", "cage_map"]
        .into_iter()
        .find(|key| object.contains_key(*key))
    {
        return Err(VariantError::new(
            VariantErrorKind::Killer,
            format!("a killer puzzle (it has {key:?}), which this reader does not take"),
        ));
    }
    if let Some(key) = object
        .keys()
        .find(|key| !JSON_KEYS.contains(&key.as_str()) && !DESCRIPTIVE_KEYS.contains(&key.as_str()))
    {
        return Err(VariantError::new(
            VariantErrorKind::UnknownKey,
            unknown_key(key, &JSON_KEYS),
        ));
    }
    let id = match object.get("id") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(id)) => id.clone(),
        Some(Value::Number(id)) => id.to_string(),
        Some(_) => {
            return Err(VariantError::new(
                VariantErrorKind::Json,
                "\"id\" must be a string or a number".into(),
            ));
        }
    };
    let text_field = |key: &str| -> Result<Option<&str>, VariantError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(_) => Err(VariantError::new(
                VariantErrorKind::Json,
                format!("\"{key}\" must be a string"),
            )),
        }
    };
    let flag = |key: &str| -> Result<bool, VariantError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(VariantError::new(
                VariantErrorKind::Json,
                format!("\"{key}\" must be true or false"),
            )),
        }
    };
    let (givens, field) = match (text_field("givens")?, text_field("puzzle")?) {
        (Some(givens), None) => (givens, "givens"),
        (None, Some(puzzle)) => (puzzle, "puzzle"),
        (Some(_), Some(_)) => {
            return Err(VariantError::new(
                VariantErrorKind::Json,
                "both \"givens\" and \"puzzle\" (two names for the cells): keep one".into(),
            ));
        }
        (None, None) => {
            return Err(VariantError::new(
                VariantErrorKind::Json,
                "missing \"givens\" (a line of n x n symbols; \"puzzle\" is taken too)".into(),
            ));
        }
    };
    let count = givens.chars().count();
    let boxes = match text_field("boxes")? {
        None => None,
        Some(text) => Some(parse_boxes(text)?),
    };
    let shape = match boxes {
        Some(shape) if shape.cells() == count => shape,
        Some(shape) => {
            return Err(VariantError::new(VariantErrorKind::Shape, format!(
                "\"boxes\" are {}x{}, a board of {} cells, but \"{field}\" has {count} symbols",
                shape.box_rows(),
                shape.box_cols(),
                shape.cells()
            )));
        }
        None => Shape::for_cells(count).ok_or_else(|| {
            let n = (count as f64).sqrt().round() as usize;
            if n * n == count && (4..=25).contains(&n) {
                VariantError::new(VariantErrorKind::Shape, format!(
                    "\"{field}\" has {count} symbols, a board of side {n}, which has no usual boxes: give \"boxes\" (such as \"{n}x1\")"
                ))
            } else {
                VariantError::new(VariantErrorKind::Shape, format!(
                    "\"{field}\" has {count} symbols; a board has 16, 36, 64, 81, 100, 144, 225, 256, 400 or 625"
                ))
            }
        })?,
    };
    if let Some(size) = object.get("size").filter(|v| !v.is_null())
        && size.as_u64() != Some(shape.size() as u64)
    {
        return Err(VariantError::new(
            VariantErrorKind::Shape,
            format!(
                "\"size\" is {size} but \"{field}\" has {count} symbols, a board of side {}",
                shape.size()
            ),
        ));
    }
    let n = shape.size();
    let (diagonals, windoku, regions) =
        (flag("diagonals")?, flag("windoku")?, text_field("regions")?);
    let rules = if !diagonals && !windoku && regions.is_none() && shape.is_usual() {
        Rules::plain(shape)
    } else {
        let mut rules = Rules::new(shape)
            .with_diagonals(diagonals)
            .with_windoku(windoku)?;
        if let Some(regions) = regions {
            let map: Vec<char> = regions.chars().collect();
            rules = rules
                .with_jigsaw(&map)
                .map_err(|err| err.in_field("regions"))?;
        }
        Arc::new(rules)
    };
    let cells = parse_cells(givens, n).map_err(|err| err.in_field(field))?;
    let puzzle = Puzzle::with_rules(Arc::clone(&rules), cells)?;
    let solution = match text_field("solution")? {
        None => None,
        Some(line) => {
            let cells = parse_cells(line, n).map_err(|err| err.in_field("solution"))?;
            // A solution fills every cell: one with a blank is a damaged field, not a
            // solution to check answers against.
            if let Some(cell) = cells.iter().position(|&value| value == 0) {
                return Err(VariantError::new(
                    VariantErrorKind::Cells,
                    format!(
                        "\"solution\": r{}c{} is blank; a solution fills every cell",
                        cell / n + 1,
                        cell % n + 1
                    ),
                ));
            }
            Some(Puzzle::with_rules(rules, cells)?)
        }
    };
    Ok(JsonPuzzle {
        puzzle,
        solution,
        id,
    })
}

/// `unknown key "diagonal" (did you mean "diagonals"?)`, or with the keys listed when none
/// is near.
#[cfg(feature = "json")]
pub(crate) fn unknown_key(key: &str, known: &[&str]) -> String {
    match crate::closest_name(key, known) {
        Some(near) => format!("unknown key {key:?} (did you mean {near:?}?)"),
        None => format!("unknown key {key:?} (the keys are {})", known.join(", ")),
    }
}

/// Rules or a puzzle of another size or variant that are not valid: what and where (its
/// message), and the kind of fault ([`kind`](VariantError::kind)).
///
/// ```
/// use sudoku_core::{Shape, VariantErrorKind};
///
/// let err = Shape::new(6, 5).unwrap_err();
/// assert_eq!(err.kind(), VariantErrorKind::Shape);
/// assert_eq!(err.to_string(), "boxes of 6x5 make a board of side 30; sides 4 to 25 are supported");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    kind: VariantErrorKind,
    message: String,
}

/// What is wrong, for programs that react to a [`VariantError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantErrorKind {
    /// Box sides that make no board of 4 to 25, a side without usual boxes and none given, or
    /// a size or box shape that disagrees with the cells.
    Shape,
    /// A jigsaw map that is not `n` connected regions of `n` cells.
    Regions,
    /// Extra units the board cannot have (windoku windows off the 9x9 board).
    Units,
    /// The wrong number of cells, or a value above the board's side.
    Cells,
    /// A character or number that is no cell of the board (a sign, a letter beyond the side).
    Symbol,
    /// JSON that is no puzzle: invalid, not an object, a field of the wrong type, `givens`
    /// missing.
    Json,
    /// A JSON key the format does not know (its message names the nearest known key).
    UnknownKey,
    /// A puzzle this reader does not take (another size or variant in the 9x9 reader, JSON
    /// without the `json` feature).
    Unsupported,
    /// A killer puzzle's JSON (it has `cages`): `sudoku-killer` reads those.
    Killer,
}

impl VariantError {
    pub(crate) fn new(kind: VariantErrorKind, message: String) -> VariantError {
        VariantError { kind, message }
    }

    /// What is wrong.
    pub fn kind(&self) -> VariantErrorKind {
        self.kind
    }

    /// The same error, said of JSON field `field` (`"regions": ...`).
    #[cfg(feature = "json")]
    fn in_field(self, field: &str) -> VariantError {
        VariantError {
            message: format!("\"{field}\": {}", self.message),
            ..self
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VariantError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_for_every_size() {
        let dims: Vec<(usize, usize, usize)> = Shape::SIZES
            .iter()
            .map(|&n| {
                let s = Shape::for_size(n).unwrap();
                (n, s.box_rows(), s.box_cols())
            })
            .collect();
        assert_eq!(
            dims,
            [
                (4, 2, 2),
                (6, 2, 3),
                (8, 2, 4),
                (9, 3, 3),
                (10, 2, 5),
                (12, 3, 4),
                (15, 3, 5),
                (16, 4, 4),
                (20, 4, 5),
                (25, 5, 5)
            ]
        );
        assert_eq!(Shape::for_size(7), None);
        assert_eq!(Shape::for_size(36), None);
        assert!(Shape::new(1, 3).is_err());
        assert!(
            Shape::new(6, 5)
                .unwrap_err()
                .to_string()
                .contains("sides 4 to 25")
        );
        let six = Shape::for_size(6).unwrap();
        assert_eq!(six.box_of(0), 0);
        assert_eq!(six.box_of(3), 1);
        assert_eq!(six.box_of(12), 2);
        assert_eq!(six.box_of(35), 5);
    }

    #[test]
    fn units_of_plain_rules_and_variants() {
        let rules = Rules::new(Shape::for_size(16).unwrap());
        assert_eq!(rules.units().len(), 48);
        assert!(rules.units().iter().all(|(_, cells)| cells.len() == 16));
        let x = Rules::classic().with_diagonals(true);
        let diagonal: Vec<u16> = x.units()[27].1.clone();
        assert_eq!(diagonal, [0, 10, 20, 30, 40, 50, 60, 70, 80]);
        assert_eq!(x.units()[28].1, [8, 16, 24, 32, 40, 48, 56, 64, 72]);
        let windoku = Rules::classic().with_windoku(true).unwrap();
        assert_eq!(windoku.units()[27].1, [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert!(
            Rules::new(Shape::for_size(16).unwrap())
                .with_windoku(true)
                .is_err()
        );
        assert!(Rules::classic().is_classic());
        assert!(!x.is_classic());
    }

    #[test]
    fn jigsaw_maps_are_checked() {
        // Rows as regions: valid (each region a connected row).
        let rows: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        let rules = Rules::classic().with_jigsaw(&rows).unwrap();
        assert_eq!(rules.region_of(40), Some(4));
        assert_eq!(rules.region_of(81), None);
        assert_eq!(rules.units()[18].0, Unit::Region(0));
        // Columns of a 4x4 board as regions, with one cell swapped: two regions break.
        let mut map: Vec<char> = (0..16).map(|c| (b'a' + (c % 4) as u8) as char).collect();
        map.swap(0, 5);
        let err = Rules::new(Shape::for_size(4).unwrap())
            .with_jigsaw(&map)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "region 1 (from r1c1) is not connected: r3c2 cannot be reached from its other cells"
        );
        assert_eq!(err.kind(), VariantErrorKind::Regions);
        let wrong_size: Vec<u8> = (0..16).map(|c| u8::from(c == 0)).collect();
        let err = Rules::new(Shape::for_size(4).unwrap())
            .with_jigsaw(&wrong_size)
            .unwrap_err();
        assert_eq!(err.to_string(), "2 regions, a board of side 4 needs 4");
        let uneven: Vec<u8> = (0..16)
            .map(|c| [0, 0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 3, 3, 3, 3, 3][c])
            .collect();
        let err = Rules::new(Shape::for_size(4).unwrap())
            .with_jigsaw(&uneven)
            .unwrap_err();
        assert!(
            err.to_string().contains("has 3 cells, each region needs 4"),
            "{err}"
        );
        assert!(Rules::classic().with_jigsaw(&[0u8; 80]).is_err());
    }

    #[test]
    fn lines_and_drawings_round_trip_for_every_size() {
        for &n in &Shape::SIZES {
            let rules = Arc::new(Rules::new(Shape::for_size(n).unwrap()));
            let cells: Vec<u8> = (0..n * n)
                .map(|i| {
                    if i % 3 == 0 {
                        0
                    } else {
                        ((i * 7) % n + 1) as u8
                    }
                })
                .collect();
            let puzzle = Puzzle::with_rules(rules, cells).unwrap();
            let line = puzzle.to_string();
            assert_eq!(line.len(), n * n);
            assert_eq!(line.parse::<Puzzle>().unwrap(), puzzle, "{n}");
            assert_eq!(
                format!("{puzzle:#}").parse::<Puzzle>().unwrap(),
                puzzle,
                "{n}"
            );
        }
        let sixteen = "1.3..4.1..1.3..2".parse::<Puzzle>().unwrap();
        assert_eq!(sixteen.size(), 4);
        let err = "12345".parse::<Puzzle>().unwrap_err();
        assert!(err.to_string().starts_with("found 5 cells"), "{err}");
        let err = "1.3..4.1..1.3..5".parse::<Puzzle>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 16: '5' is not a cell of a 4x4 board (1-4, or '.' for a blank)"
        );
        // 0 is a blank up to 9x9 only.
        let big = format!("0{}", ".".repeat(255));
        assert!(big.parse::<Puzzle>().is_err());
        let small = format!("0{}", ".".repeat(80));
        assert_eq!(small.parse::<Puzzle>().unwrap().filled(), 0);
    }

    /// Issue 34, item 1: a 6x6 with boxes of 3x2 read back with boxes of 2x3 (and two
    /// solutions); boards of side 7 could not be read back at all.
    #[test]
    #[cfg(feature = "json")]
    fn a_box_shape_other_than_the_usual_reads_back_as_written() {
        let tall = Puzzle::new(
            Rules::new(Shape::new(3, 2).unwrap()),
            b"1.....2.....3.....4.....5.....6....."
                .map(|b| b.saturating_sub(b'0'))
                .to_vec(),
        )
        .unwrap();
        assert!(
            tall.to_json().contains(r#""boxes":"3x2""#),
            "{}",
            tall.to_json()
        );
        let back = from_json(&tall.to_json()).unwrap().puzzle;
        assert_eq!(back, tall);
        let drawing = format!("{tall:#}");
        assert_eq!(drawing.lines().next(), Some("1 . | . . | . ."));
        assert_eq!(drawing.parse::<Puzzle>().unwrap(), tall);
        // The line holds the cells only: it has the usual boxes.
        assert_eq!(
            tall.to_string().parse::<Puzzle>().unwrap().rules().shape(),
            Shape::for_size(6).unwrap()
        );
        // The usual shape writes no "boxes".
        let wide = Puzzle::new(
            Rules::new(Shape::for_size(6).unwrap()),
            tall.cells().to_vec(),
        )
        .unwrap();
        assert!(!wide.to_json().contains("boxes"));
        // Side 7: boxes of whole columns, or of whole rows.
        for shape in [Shape::new(7, 1).unwrap(), Shape::new(1, 7).unwrap()] {
            let cells = (0..49).map(|i| ((i % 7 + i / 7) % 7 + 1) as u8).collect();
            let latin = Puzzle::new(Rules::new(shape), cells).unwrap();
            assert!(latin.is_solved());
            assert_eq!(from_json(&latin.to_json()).unwrap().puzzle, latin);
            assert_eq!(
                format!("{latin:#}").parse::<Puzzle>().unwrap(),
                latin,
                "{latin:#}"
            );
            let err = latin.to_string().parse::<Puzzle>().unwrap_err();
            assert!(
                err.to_string().contains("side 7, which has no usual boxes"),
                "{err}"
            );
        }
        let err = from_json(&format!(r#"{{"givens":"{}"}}"#, ".".repeat(49))).unwrap_err();
        assert!(
            err.to_string().contains(r#"give "boxes" (such as "7x1")"#),
            "{err}"
        );
        let err = from_json(&format!(
            r#"{{"givens":"{}","boxes":"3x3"}}"#,
            ".".repeat(36)
        ))
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#""boxes" are 3x3, a board of 81 cells, but "givens" has 36 symbols"#
        );
        let err = from_json(&format!(
            r#"{{"givens":"{}","boxes":"3 by 2"}}"#,
            ".".repeat(36)
        ))
        .unwrap_err();
        assert!(
            err.to_string().starts_with(r#""boxes" is "3 by 2""#),
            "{err}"
        );
    }

    /// Issue 34, item 9: `"diagonal": true`, `"Diagonals": true` and `"variant": "x"` were
    /// ignored, and the puzzle solved as a classic one.
    #[test]
    #[cfg(feature = "json")]
    fn unknown_json_keys_are_errors_that_name_the_nearest_key() {
        let givens = ".".repeat(81);
        let error = |extra: &str| {
            from_json(&format!(r#"{{"givens":"{givens}",{extra}}}"#))
                .err()
                .map(|err| err.to_string())
        };
        assert_eq!(
            error(r#""diagonal":true"#).as_deref(),
            Some(r#"unknown key "diagonal" (did you mean "diagonals"?)"#)
        );
        assert_eq!(
            error(r#""Diagonals":true"#).as_deref(),
            Some(r#"unknown key "Diagonals" (did you mean "diagonals"?)"#)
        );
        assert_eq!(
            error(r#""variant":"x""#).as_deref(),
            Some(
                r#"unknown key "variant" (the keys are size, boxes, givens, puzzle, regions, diagonals, windoku, solution, id)"#
            )
        );
        assert_eq!(error(r#""diagonals":true"#), None);
        let kind = |text: &str| from_json(text).err().map(|err| err.kind());
        assert_eq!(
            kind(r#"{"givens":"1","Diagonals":true}"#),
            Some(VariantErrorKind::UnknownKey)
        );
        assert_eq!(kind(r#"{"givens":"1"}"#), Some(VariantErrorKind::Shape));
        assert_eq!(kind(r#"{"givens":7}"#), Some(VariantErrorKind::Json));
        assert_eq!(
            kind(&format!(
                r#"{{"givens":"{}","regions":"{}"}}"#,
                ".".repeat(16),
                "A".repeat(16)
            )),
            Some(VariantErrorKind::Regions)
        );
        let read = from_json(&format!(r#"{{"givens":"{givens}","id":17}}"#)).unwrap();
        assert_eq!(read.id, "17");
        assert!(from_json(&format!(r#"{{"givens":"{givens}","id":[1]}}"#)).is_err());
    }

    #[test]
    #[cfg(feature = "json")]
    fn puzzle_names_the_cells_and_descriptions_are_set_aside() {
        let givens = format!("1{}", ".".repeat(80));
        // The generator's record of a classic puzzle, and another data set's.
        let generated = format!(
            r#"{{"band":"easy","clues":1,"ed":1.2,"ep":1.2,"er":2.0,"hardest":"Hidden Single","index":0,"puzzle":"{givens}","seed":1}}"#
        );
        let read = from_json(&generated).unwrap();
        assert_eq!(read.puzzle.line(), givens);
        assert_eq!(read.id, "");
        let graded = format!(r#"{{"puzzle":"{givens}","difficulty":"hard","rating":3}}"#);
        assert_eq!(from_json(&graded).unwrap().puzzle.line(), givens);
        // Messages name the field the cells came in.
        assert_eq!(
            from_json(r#"{"puzzle":"12"}"#).unwrap_err().to_string(),
            r#""puzzle" has 2 symbols; a board has 16, 36, 64, 81, 100, 144, 225, 256, 400 or 625"#
        );
        let both = format!(r#"{{"puzzle":"{givens}","givens":"{givens}"}}"#);
        assert_eq!(from_json(&both).unwrap_err().kind(), VariantErrorKind::Json);
        // A typo is still an error, and a killer puzzle is told apart.
        assert_eq!(
            from_json(&format!(r#"{{"puzzle":"{givens}","ratings":1}}"#))
                .unwrap_err()
                .kind(),
            VariantErrorKind::UnknownKey
        );
        let killer = r#"{"cages":[{"sum":45,"cells":[[0,0]]}]}"#;
        assert_eq!(
            from_json(killer).unwrap_err().kind(),
            VariantErrorKind::Killer
        );
    }

    #[test]
    fn frames_that_disagree_leave_the_usual_boxes() {
        // One row per line is needed: a line with bars is not a drawing of 1x4 boxes.
        assert_eq!(drawn_shape("1.3.|.4.1|..1.|3..2", 4), None);
        // A blank line between bands frames them as a frame line does.
        let two = Shape::new(2, 2).unwrap();
        assert_eq!(
            drawn_shape("1 2 | 3 4\n3 4 | 1 2\n\n2 1 | 4 3\n4 3 | 2 1", 4),
            Some(two)
        );
        // Bands of unequal height, boxes of unequal width, rows beyond the side.
        assert_eq!(
            drawn_shape("1 2 | 3 4\n---\n3 4 | 1 2\n2 1 | 4 3\n---\n4 3 | 2 1", 4),
            None
        );
        assert_eq!(
            drawn_shape("1 2 3 | 4\n3 4 1 | 2\n2 1 4 | 3\n4 3 2 | 1", 4),
            None
        );
        assert_eq!(
            drawn_shape("1 2\n3 4\n---\n2 1\n4 3\n---\n1 2\n3 4", 4),
            None
        );
        // No frames at all.
        assert_eq!(drawn_shape("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", 4), None);
    }

    #[test]
    fn clashes_and_solutions_under_every_unit() {
        let four: Puzzle = "1234341221434321".parse().unwrap();
        assert!(four.is_solved());
        let puzzle: Puzzle = "1.3.3..2.1.3.3.1".parse().unwrap();
        assert!(four.solves(&puzzle));
        let mut other = four.clone();
        other.set(0, 2);
        other.set(2, 1);
        assert!(!other.solves(&puzzle));
        let err = "11.............."
            .parse::<Puzzle>()
            .unwrap()
            .clash()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "digit 1 appears twice in row 1, at r1c1 and r1c2"
        );
        let sixteen_clash = {
            let mut cells = vec![0u8; 256];
            cells[0] = 16;
            cells[17] = 16;
            Puzzle::new(Rules::new(Shape::for_size(16).unwrap()), cells).unwrap()
        };
        assert_eq!(
            sixteen_clash.clash().unwrap().to_string(),
            "digit G appears twice in box 1, at r1c1 and r2c2"
        );
        assert!(Puzzle::new(Rules::classic(), vec![10; 81]).is_err());
        assert!(Puzzle::new(Rules::classic(), vec![0; 80]).is_err());
        let grid: crate::Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let general = Puzzle::from(&grid);
        assert!(general.is_solved());
        assert_eq!(general.to_grid(), Some(grid));
        assert_eq!(general.to_string(), grid.to_string());
        // The classic solution breaks the diagonals rule.
        let x = Puzzle::new(Rules::classic().with_diagonals(true), grid.cells().to_vec()).unwrap();
        assert!(!x.is_solved());
    }
}
