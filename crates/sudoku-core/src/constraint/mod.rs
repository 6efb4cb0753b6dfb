//! [`ConstraintPuzzle`]: a puzzle described by its size, regions, givens and a list of
//! [`Constraint`]s (thermometers, arrows, killer cages, Kropki dots and the rest of the
//! f-puzzles standard set). Pure data and validation: no search.
//!
//! This is the one description of a variant puzzle that the workspace's readers, writers,
//! solvers and renderers share. Everything the toolkit makes converts into it: a classic
//! [`Grid`](crate::Grid), a [`Puzzle`](crate::Puzzle) of any size with jigsaw regions,
//! diagonals or windoku windows, and (in `sudoku-killer`) killer puzzles.

mod check;
mod convert;
mod error;
mod filled;
#[cfg(feature = "fpuzzles")]
mod fpuzzles;
#[cfg(feature = "fpuzzles")]
mod ipuz;
#[cfg(feature = "fpuzzles")]
mod link;

use std::fmt;

use crate::variant::{RegionMapError, number_regions, region_cells};

pub use check::Violation;
pub use error::{ConstraintError, ConstraintErrorKind};
pub use filled::Filled;
#[cfg(feature = "fpuzzles")]
pub use link::MAX_LINK_PAYLOAD;

/// The name of a cell, `r1c1` for cell 0 of a board of side `n`.
pub(crate) fn name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The default box of a board of side `n`: `(rows, columns)`, rows the largest divisor of `n`
/// not above its square root, as f-puzzles draws them (3x3 for 9, 2x3 for 6, 3x4 for 12;
/// `1 x n`, that is rows, for prime sides, whose regions are given by the puzzle).
pub fn default_box(n: usize) -> (usize, usize) {
    let mut rows = (n as f64).sqrt().floor() as usize;
    while rows > 1 && n % rows != 0 {
        rows -= 1;
    }
    let rows = rows.max(1);
    (rows, n / rows)
}

/// One side of the board, where an outside clue sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Above the board: the clue reads its column downwards.
    Top,
    /// Below the board: the clue reads its column upwards.
    Bottom,
    /// Left of the board: the clue reads its row rightwards.
    Left,
    /// Right of the board: the clue reads its row leftwards.
    Right,
}

/// An outside clue of a row or column (sandwich sums, X-sums): the side it sits on and the
/// row or column (0-based) it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// Where the clue sits.
    pub side: Side,
    /// The column (clues above or below) or row (clues left or right), 0-based.
    pub index: usize,
}

impl Edge {
    /// The cells the clue reads, from its side inwards.
    pub fn cells(&self, n: usize) -> Vec<usize> {
        let i = self.index;
        match self.side {
            Side::Top => (0..n).map(|r| r * n + i).collect(),
            Side::Bottom => (0..n).rev().map(|r| r * n + i).collect(),
            Side::Left => (0..n).map(|c| i * n + c).collect(),
            Side::Right => (0..n).rev().map(|c| i * n + c).collect(),
        }
    }

    /// Where the clue sits, as 1-based row and column outside the board (`R0C3` above column
    /// 3, `R{n+1}C3` below it).
    pub fn position(&self, n: usize) -> (usize, usize) {
        let i = self.index + 1;
        match self.side {
            Side::Top => (0, i),
            Side::Bottom => (n + 1, i),
            Side::Left => (i, 0),
            Side::Right => (i, n + 1),
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index + 1;
        match self.side {
            Side::Top => write!(f, "above column {i}"),
            Side::Bottom => write!(f, "below column {i}"),
            Side::Left => write!(f, "left of row {i}"),
            Side::Right => write!(f, "right of row {i}"),
        }
    }
}

/// The way a little killer clue points along a diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Down and to the right (f-puzzles `DR`).
    DownRight,
    /// Down and to the left (`DL`).
    DownLeft,
    /// Up and to the right (`UR`).
    UpRight,
    /// Up and to the left (`UL`).
    UpLeft,
}

impl Direction {
    /// The step of one cell: (rows, columns).
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
        }
    }

    /// The f-puzzles code: `DR`, `DL`, `UR` or `UL`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::DownRight => "DR",
            Direction::DownLeft => "DL",
            Direction::UpRight => "UR",
            Direction::UpLeft => "UL",
        }
    }
}

/// A little killer clue: the first cell of its diagonal inside the board and the way the
/// diagonal runs. The clue itself sits one step before the first cell, outside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiagonalClue {
    /// The first cell the diagonal enters.
    pub first: usize,
    /// The way it runs.
    pub direction: Direction,
}

impl DiagonalClue {
    /// The clue whose arrow, sitting at 1-based `(row, col)` (one of them 0 or `n + 1`, or
    /// both: the clue is outside the board), points `direction`; `None` when that diagonal
    /// misses the board.
    pub fn from_position(row: isize, col: isize, direction: Direction, n: usize) -> Option<Self> {
        let (dr, dc) = direction.step();
        let (r, c) = (row - 1 + dr, col - 1 + dc);
        let inside = |v: isize| (0..n as isize).contains(&v);
        let outside = !inside(row - 1) || !inside(col - 1);
        (outside && inside(r) && inside(c)).then(|| DiagonalClue {
            first: r as usize * n + c as usize,
            direction,
        })
    }

    /// Where the clue sits: 1-based row and column, outside the board.
    pub fn position(&self, n: usize) -> (isize, isize) {
        let (dr, dc) = self.direction.step();
        (
            (self.first / n) as isize + 1 - dr,
            (self.first % n) as isize + 1 - dc,
        )
    }

    /// The cells of the diagonal, from the clue inwards.
    pub fn cells(&self, n: usize) -> Vec<usize> {
        let (dr, dc) = self.direction.step();
        let (mut r, mut c) = ((self.first / n) as isize, (self.first % n) as isize);
        let mut cells = Vec::new();
        while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            cells.push(r as usize * n + c as usize);
            r += dr;
            c += dc;
        }
        cells
    }

    /// Whether the clue sits outside the board (the cell before `first` is off the board).
    fn is_outside(&self, n: usize) -> bool {
        let (r, c) = self.position(n);
        let inside = |v: isize| (1..=n as isize).contains(&v);
        !inside(r) || !inside(c)
    }
}

/// One rule of a variant puzzle, beyond rows, columns and regions holding each digit once.
///
/// Cells are numbered row-major from 0 (`row * n + col`). Each variant says its rule in one
/// sentence; `docs/variants.md` in the repository gives the f-puzzles key and an example of
/// each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// The cells hold different digits (an extra region; f-puzzles `extraregion`).
    ExtraRegion(Vec<usize>),
    /// The diagonal from bottom left to top right holds different digits (`diagonal+`).
    PositiveDiagonal,
    /// The diagonal from top left to bottom right holds different digits (`diagonal-`).
    NegativeDiagonal,
    /// Cells a chess knight's move apart hold different digits (`antiknight`).
    AntiKnight,
    /// Cells a chess king's move apart hold different digits (`antiking`).
    AntiKing,
    /// Orthogonally adjacent cells do not hold consecutive digits, except where a difference
    /// dot of 1 joins them (`nonconsecutive`).
    NonConsecutive,
    /// Cells at the same place of their boxes hold different digits (`disjointgroups`).
    DisjointGroups,
    /// The cell holds an odd digit (`odd`).
    Odd(usize),
    /// The cell holds an even digit (`even`).
    Even(usize),
    /// The cell's digit is smaller than those of its orthogonal neighbours that are not
    /// minimum cells themselves (`minimum`; f-puzzles' rule).
    Minimum(usize),
    /// The cell's digit is larger than those of its orthogonal neighbours that are not
    /// maximum cells themselves (`maximum`; f-puzzles' rule).
    Maximum(usize),
    /// A killer cage: different digits, adding up to `sum` when it has one (`killercage`).
    Killer {
        /// The cells, in increasing order.
        cells: Vec<usize>,
        /// The sum, or `None` for a cage that only keeps its digits different.
        sum: Option<u32>,
    },
    /// The digits on a diagonal add up to `sum`; they may repeat (`littlekillersum`).
    LittleKiller {
        /// The clue and its diagonal.
        clue: DiagonalClue,
        /// The sum.
        sum: u32,
    },
    /// The digits between the 1 and the largest digit of a row or column add up to `sum`
    /// (`sandwichsum`).
    Sandwich {
        /// The row or column.
        clue: Edge,
        /// The sum.
        sum: u32,
    },
    /// The first X digits of a row or column, read from the clue, add up to `sum`, X being the
    /// first digit (`xsum`).
    XSum {
        /// The row or column and the side it is read from.
        clue: Edge,
        /// The sum.
        sum: u32,
    },
    /// Digits strictly increase from the bulb (the first cell) along the line
    /// (`thermometer`).
    Thermometer(Vec<usize>),
    /// Digits never decrease from the bulb (the first cell) along the line
    /// (`slowthermometer`).
    SlowThermometer(Vec<usize>),
    /// The digits on the shaft add up to the number in the bulb: one cell's digit, or the
    /// digits of a pill read as a number in reading order (`arrow`).
    Arrow {
        /// The circle or pill, in reading order (row-major).
        bulb: Vec<usize>,
        /// The shaft, from the bulb to the tip.
        shaft: Vec<usize>,
    },
    /// The two orthogonally adjacent cells differ by `difference` (a white Kropki dot;
    /// `difference`).
    Difference {
        /// The two cells, the smaller first.
        cells: [usize; 2],
        /// The difference (1 for a plain white dot).
        difference: u32,
    },
    /// One of the two orthogonally adjacent cells is `ratio` times the other (a black Kropki
    /// dot; `ratio`).
    Ratio {
        /// The two cells, the smaller first.
        cells: [usize; 2],
        /// The ratio (2 for a plain black dot).
        ratio: u32,
    },
    /// The two orthogonally adjacent cells add up to 10 (X) or 5 (V) (`xv`).
    Xv {
        /// The two cells, the smaller first.
        cells: [usize; 2],
        /// 10 or 5.
        sum: u32,
    },
    /// All difference dots are given: orthogonal neighbours without a Kropki dot (of either
    /// colour) do not differ by any difference a dot shows (1 when there is no dot)
    /// (`negative: ["difference"]`).
    NegativeDifference,
    /// All ratio dots are given: orthogonal neighbours without a Kropki dot (of either colour)
    /// are not in any ratio a dot shows (2 when there is no dot) (`negative: ["ratio"]`).
    NegativeRatio,
    /// All X and V are given: orthogonal neighbours without one add up to neither 5 nor 10
    /// (`negative: ["xv"]`).
    NegativeXv,
    /// The line reads the same digits from both ends (`palindrome`).
    Palindrome(Vec<usize>),
    /// Neighbours on the line differ by at least `gap` (German whispers: 5 on 9x9;
    /// `whispers`).
    Whispers {
        /// The line.
        cells: Vec<usize>,
        /// The smallest difference between neighbours on the line.
        gap: u32,
    },
    /// The line holds a set of different consecutive digits, in any order (`renban`).
    Renban(Vec<usize>),
    /// The digits between the two ends of the line lie strictly between the ends' digits
    /// (`betweenline`).
    Between(Vec<usize>),
    /// Region borders cut the line into segments whose digits add up to the same total; a
    /// line entering a region twice has two segments there (`regionsumline`; f-puzzles'
    /// rule).
    RegionSum(Vec<usize>),
    /// The digits appear among the four cells of a 2x2 block (repeated digits as often as
    /// repeated) (`quadruple`).
    Quadruple {
        /// The four cells, in increasing order.
        cells: Vec<usize>,
        /// The digits, in increasing order (one to four).
        digits: Vec<u8>,
    },
    /// Each cell of `copy` holds the digit of the cell at the same place of `cells`
    /// (`clone`).
    Clone {
        /// The first shape.
        cells: Vec<usize>,
        /// Its copy, cell for cell.
        copy: Vec<usize>,
    },
}

impl Constraint {
    /// The constraint's name in messages: `thermometer`, `killer cage`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::ExtraRegion(_) => "extra region",
            Constraint::PositiveDiagonal => "positive diagonal",
            Constraint::NegativeDiagonal => "negative diagonal",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::DisjointGroups => "disjoint groups",
            Constraint::Odd(_) => "odd cell",
            Constraint::Even(_) => "even cell",
            Constraint::Minimum(_) => "minimum cell",
            Constraint::Maximum(_) => "maximum cell",
            Constraint::Killer { .. } => "killer cage",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Sandwich { .. } => "sandwich sum",
            Constraint::XSum { .. } => "X-sum",
            Constraint::Thermometer(_) => "thermometer",
            Constraint::SlowThermometer(_) => "slow thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Difference { .. } => "difference dot",
            Constraint::Ratio { .. } => "ratio dot",
            Constraint::Xv { .. } => "XV",
            Constraint::NegativeDifference => "negative difference",
            Constraint::NegativeRatio => "negative ratio",
            Constraint::NegativeXv => "negative XV",
            Constraint::Palindrome(_) => "palindrome",
            Constraint::Whispers { .. } => "German whispers",
            Constraint::Renban(_) => "renban",
            Constraint::Between(_) => "between line",
            Constraint::RegionSum(_) => "region sum line",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Clone { .. } => "clone",
        }
    }

    /// The rank of the constraint's kind: a puzzle keeps its constraints sorted by kind (and
    /// in the order they came within a kind), the order in which the writers list them.
    pub(crate) fn rank(&self) -> u8 {
        match self {
            Constraint::ExtraRegion(_) => 0,
            Constraint::PositiveDiagonal => 1,
            Constraint::NegativeDiagonal => 2,
            Constraint::AntiKnight => 3,
            Constraint::AntiKing => 4,
            Constraint::NonConsecutive => 5,
            Constraint::DisjointGroups => 6,
            Constraint::Odd(_) => 7,
            Constraint::Even(_) => 8,
            Constraint::Minimum(_) => 9,
            Constraint::Maximum(_) => 10,
            Constraint::Killer { .. } => 11,
            Constraint::LittleKiller { .. } => 12,
            Constraint::Sandwich { .. } => 13,
            Constraint::XSum { .. } => 14,
            Constraint::Thermometer(_) => 15,
            Constraint::SlowThermometer(_) => 16,
            Constraint::Arrow { .. } => 17,
            Constraint::Difference { .. } => 18,
            Constraint::Ratio { .. } => 19,
            Constraint::Xv { .. } => 20,
            Constraint::NegativeDifference => 21,
            Constraint::NegativeRatio => 22,
            Constraint::NegativeXv => 23,
            Constraint::Palindrome(_) => 24,
            Constraint::Whispers { .. } => 25,
            Constraint::Renban(_) => 26,
            Constraint::Between(_) => 27,
            Constraint::RegionSum(_) => 28,
            Constraint::Quadruple { .. } => 29,
            Constraint::Clone { .. } => 30,
        }
    }

    /// The pairs of cells an anti-knight (anti-king) rule keeps apart on a board of side
    /// `n`: every two cells a knight's move (a diagonal step) apart, each pair once, the
    /// upper cell first. Empty for any other constraint (the king's orthogonal steps are
    /// the rows' and columns' business).
    ///
    /// ```
    /// use sudoku_core::Constraint;
    ///
    /// assert_eq!(Constraint::AntiKing.move_pairs(2), [(0, 3), (1, 2)]);
    /// assert_eq!(Constraint::AntiKnight.move_pairs(9).len(), 224);
    /// assert!(Constraint::NonConsecutive.move_pairs(9).is_empty());
    /// ```
    pub fn move_pairs(&self, n: usize) -> Vec<(usize, usize)> {
        let moves: &[(isize, isize)] = match self {
            Constraint::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
            Constraint::AntiKing => &[(1, 1), (1, -1)],
            _ => &[],
        };
        let mut pairs = Vec::new();
        for a in 0..n * n {
            for &(dr, dc) in moves {
                let (r, c) = ((a / n) as isize + dr, (a % n) as isize + dc);
                if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                    pairs.push((a, r as usize * n + c as usize));
                }
            }
        }
        pairs
    }

    /// The rules of the whole board (diagonals, anti-knight, ...: the constraints that name
    /// no cell), which a puzzle holds at most once each.
    ///
    /// ```
    /// use sudoku_core::Constraint;
    ///
    /// assert!(Constraint::GLOBAL.iter().all(Constraint::is_global));
    /// assert!(Constraint::GLOBAL.iter().all(|rule| rule.cells(9).is_empty()));
    /// assert!(!Constraint::Odd(0).is_global());
    /// ```
    pub const GLOBAL: [Constraint; 9] = [
        Constraint::PositiveDiagonal,
        Constraint::NegativeDiagonal,
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::NonConsecutive,
        Constraint::DisjointGroups,
        Constraint::NegativeDifference,
        Constraint::NegativeRatio,
        Constraint::NegativeXv,
    ];

    /// The usual gap of German whispers on a board of side `n`, what a line that gives none
    /// has: half the side rounded up (5 on 9x9).
    ///
    /// ```
    /// assert_eq!(sudoku_core::Constraint::default_whispers_gap(9), 5);
    /// ```
    pub fn default_whispers_gap(n: usize) -> u32 {
        n.div_ceil(2) as u32
    }

    /// Whether the constraint is a rule of the whole board (one of [`Constraint::GLOBAL`]),
    /// which a puzzle holds at most once.
    pub fn is_global(&self) -> bool {
        Constraint::GLOBAL.contains(self)
    }

    /// Every cell the constraint names, on a board of side `n` (the diagonal of a little
    /// killer, the row of a sandwich; nothing for a rule of the whole board).
    pub fn cells(&self, n: usize) -> Vec<usize> {
        match self {
            Constraint::ExtraRegion(cells)
            | Constraint::Thermometer(cells)
            | Constraint::SlowThermometer(cells)
            | Constraint::Palindrome(cells)
            | Constraint::Renban(cells)
            | Constraint::Between(cells)
            | Constraint::RegionSum(cells)
            | Constraint::Killer { cells, .. }
            | Constraint::Whispers { cells, .. }
            | Constraint::Quadruple { cells, .. } => cells.clone(),
            Constraint::Odd(cell)
            | Constraint::Even(cell)
            | Constraint::Minimum(cell)
            | Constraint::Maximum(cell) => vec![*cell],
            Constraint::LittleKiller { clue, .. } => clue.cells(n),
            Constraint::Sandwich { clue, .. } | Constraint::XSum { clue, .. } => clue.cells(n),
            Constraint::Arrow { bulb, shaft } => bulb.iter().chain(shaft).copied().collect(),
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::Clone { cells, copy } => cells.iter().chain(copy).copied().collect(),
            _ => Vec::new(),
        }
    }

    /// The same constraint in its normal form: sets of cells sorted (cages, extra regions,
    /// dots, quadruples, an arrow's bulb), so that two descriptions of one rule compare
    /// equal.
    fn normalized(mut self) -> Constraint {
        match &mut self {
            Constraint::ExtraRegion(cells)
            | Constraint::Killer { cells, .. }
            | Constraint::Arrow { bulb: cells, .. } => cells.sort_unstable(),
            Constraint::Quadruple { cells, digits } => {
                cells.sort_unstable();
                digits.sort_unstable();
            }
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => cells.sort_unstable(),
            _ => {}
        }
        self
    }

    /// A short description naming the constraint and where it is, for messages:
    /// `thermometer from r1c1`, `sandwich sum left of row 3`.
    pub fn describe(&self, n: usize) -> String {
        let at = |cell: usize| name(cell, n);
        match self {
            Constraint::LittleKiller { clue, .. } => {
                let (r, c) = clue.position(n);
                format!("{} at R{r}C{c}", self.name())
            }
            Constraint::Sandwich { clue, .. } | Constraint::XSum { clue, .. } => {
                format!("{} {clue}", self.name())
            }
            _ if self.is_global() => self.name().to_string(),
            _ => match self.cells(n).first() {
                Some(&cell) if cell < n * n => format!("{} at {}", self.name(), at(cell)),
                _ => self.name().to_string(),
            },
        }
    }
}

/// A variant puzzle: a board of side `n` (3 to 25; f-puzzles goes to 16), its regions, its
/// givens, a list of [`Constraint`]s, and optional title, author, rules text and solution.
///
/// Every `ConstraintPuzzle` is valid: [`add`](ConstraintPuzzle::add) and the setters check
/// each part (cells on the board, lines of neighbouring cells, dots between orthogonal
/// neighbours, sums that are numbers, a rule of the whole board given once, ...) and answer
/// a [`ConstraintError`] naming what and where. Constraints are kept sorted by kind, in the
/// order they came within a kind, and sets of cells sorted, so that two descriptions of one
/// puzzle compare equal.
///
/// ```
/// use sudoku_core::{Constraint, ConstraintPuzzle};
///
/// let mut puzzle = ConstraintPuzzle::new(9)?;
/// puzzle.add(Constraint::Thermometer(vec![0, 1, 2, 3]))?; // r1c1 to r1c4
/// puzzle.add(Constraint::AntiKnight)?;
/// puzzle.set_given(40, 5)?;
/// assert_eq!(puzzle.constraints().len(), 2);
/// let err = puzzle.add(Constraint::Thermometer(vec![0, 2])).unwrap_err();
/// assert_eq!(err.to_string(), "thermometer at r1c1: r1c1 and r1c3 are not neighbours");
/// # Ok::<(), sudoku_core::ConstraintError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstraintPuzzle {
    size: usize,
    /// The region of each cell, numbered in order of first appearance.
    regions: Vec<u8>,
    givens: Vec<u8>,
    constraints: Vec<Constraint>,
    title: Option<String>,
    author: Option<String>,
    rules: Option<String>,
    solution: Option<Vec<u8>>,
}

impl ConstraintPuzzle {
    /// The smallest board side.
    pub const MIN_SIZE: usize = 3;
    /// The largest board side (f-puzzles itself goes to 16).
    pub const MAX_SIZE: usize = 25;

    /// An empty puzzle of side `n` (3 to 25) with the default regions: boxes of
    /// [`default_box`] (rows for a prime side, which a puzzle then replaces with its own
    /// regions).
    ///
    /// # Errors
    ///
    /// When `n` is outside 3 to 25.
    pub fn new(n: usize) -> Result<ConstraintPuzzle, ConstraintError> {
        if !(Self::MIN_SIZE..=Self::MAX_SIZE).contains(&n) {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Size,
                format!(
                    "a board of side {n}; sides {} to {} are supported",
                    Self::MIN_SIZE,
                    Self::MAX_SIZE
                ),
            ));
        }
        Ok(ConstraintPuzzle {
            size: n,
            regions: default_regions(n),
            givens: vec![0; n * n],
            constraints: Vec::new(),
            title: None,
            author: None,
            rules: None,
            solution: None,
        })
    }

    /// The side of the board (the number of digits).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The region of each cell (0 to n - 1, numbered in order of first appearance).
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    /// Whether the regions are the default boxes of the size ([`default_box`]).
    pub fn has_default_regions(&self) -> bool {
        let n = self.size;
        let (br, bc) = default_box(n);
        // Row by row, without building the default layout: a region number per cell.
        self.regions.len() == n * n
            && self.regions.chunks_exact(n).enumerate().all(|(r, row)| {
                let band = (r / br) * (n / bc);
                row.iter()
                    .enumerate()
                    .all(|(c, &region)| usize::from(region) == band + c / bc)
            })
    }

    /// The givens, row-major (0 for a blank).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The constraints, sorted by kind.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The title, if any.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The author, if any.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The rules as the setter wrote them, if any.
    pub fn rules(&self) -> Option<&str> {
        self.rules.as_deref()
    }

    /// The solution the puzzle carries, if any (not checked against the constraints; see
    /// [`violation`](ConstraintPuzzle::violation)).
    pub fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    /// Sets the title (`None` removes it).
    pub fn set_title(&mut self, title: Option<String>) {
        self.title = title.filter(|t| !t.is_empty());
    }

    /// Sets the author (`None` removes it).
    pub fn set_author(&mut self, author: Option<String>) {
        self.author = author.filter(|t| !t.is_empty());
    }

    /// Sets the rules text (`None` removes it).
    pub fn set_rules(&mut self, rules: Option<String>) {
        self.rules = rules.filter(|t| !t.is_empty());
    }

    /// Replaces the regions: `map[cell]` is the region of each cell, any `n` distinct values
    /// (renumbered here in order of first appearance), `n` cells each. Regions need not be
    /// connected.
    ///
    /// # Errors
    ///
    /// When the map has the wrong number of cells, not `n` regions, or a region without `n`
    /// cells (named with its first cell).
    pub fn set_regions<T: PartialEq + Copy>(&mut self, map: &[T]) -> Result<(), ConstraintError> {
        let n = self.size;
        let fail = |problem: RegionMapError| {
            ConstraintError::new(ConstraintErrorKind::Regions, problem.message(n))
        };
        let regions = number_regions(map, n).map_err(fail)?;
        for region in 0..n {
            region_cells(&regions, region, n).map_err(fail)?;
        }
        self.regions = regions;
        Ok(())
    }

    /// Writes a given: `digit` (1 to n) in `cell`, or 0 to blank it.
    ///
    /// # Errors
    ///
    /// When the cell is off the board or the digit above `n`.
    pub fn set_given(&mut self, cell: usize, digit: u8) -> Result<(), ConstraintError> {
        let n = self.size;
        if cell >= n * n {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Given,
                format!("cell {cell} is off a board of {} cells", n * n),
            ));
        }
        if usize::from(digit) > n {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Given,
                format!(
                    "{}: {digit} is not a digit of a board of side {n}",
                    name(cell, n)
                ),
            ));
        }
        self.givens[cell] = digit;
        Ok(())
    }

    /// Replaces every given (`n * n` values, 0 for a blank).
    ///
    /// # Errors
    ///
    /// When there are not `n * n` values or one is above `n`.
    pub fn set_givens(&mut self, givens: &[u8]) -> Result<(), ConstraintError> {
        let n = self.size;
        if givens.len() != n * n {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Given,
                format!("{} givens for a board of {} cells", givens.len(), n * n),
            ));
        }
        for (cell, &digit) in givens.iter().enumerate() {
            self.set_given(cell, digit)?;
        }
        Ok(())
    }

    /// Sets the solution the puzzle carries (`None` removes it).
    ///
    /// # Errors
    ///
    /// When it has not `n * n` digits of 1 to `n`.
    pub fn set_solution(&mut self, solution: Option<Vec<u8>>) -> Result<(), ConstraintError> {
        let n = self.size;
        if let Some(cells) = &solution {
            let fail = |message: String| ConstraintError::new(ConstraintErrorKind::Given, message);
            if cells.len() != n * n {
                return Err(fail(format!(
                    "a solution of {} cells for a board of {} cells",
                    cells.len(),
                    n * n
                )));
            }
            if let Some(cell) = cells.iter().position(|&d| d == 0 || usize::from(d) > n) {
                return Err(fail(format!(
                    "solution at {}: {} is not a digit of a board of side {n}",
                    name(cell, n),
                    cells[cell]
                )));
            }
        }
        self.solution = solution;
        Ok(())
    }

    /// Adds a constraint, checked against the board and put in its place (constraints are
    /// kept sorted by kind).
    ///
    /// # Errors
    ///
    /// When the constraint is not valid on this board, naming it and the cell: a cell off the
    /// board, a cell twice, a line whose cells are not neighbours, a dot between cells that
    /// are not orthogonal neighbours, a rule of the whole board given twice, ...
    pub fn add(&mut self, constraint: Constraint) -> Result<(), ConstraintError> {
        let constraint = constraint.normalized();
        self.check(&constraint)?;
        let at = self
            .constraints
            .partition_point(|c| c.rank() <= constraint.rank());
        self.constraints.insert(at, constraint);
        Ok(())
    }

    /// Checks one constraint against the board.
    fn check(&self, constraint: &Constraint) -> Result<(), ConstraintError> {
        let n = self.size;
        let fail = |message: String| {
            ConstraintError::new(
                ConstraintErrorKind::Constraint,
                format!("{}: {message}", constraint.describe(n)),
            )
        };
        if constraint.is_global() && self.constraints.contains(constraint) {
            return Err(fail("given twice".into()));
        }
        let on_board = |cells: &[usize]| -> Result<(), ConstraintError> {
            if let Some(&cell) = cells.iter().find(|&&c| c >= n * n) {
                return Err(fail(format!(
                    "cell {cell} is off a board of {} cells",
                    n * n
                )));
            }
            Ok(())
        };
        let distinct = |cells: &[usize]| -> Result<(), ConstraintError> {
            on_board(cells)?;
            for (i, &cell) in cells.iter().enumerate() {
                if cells[..i].contains(&cell) {
                    return Err(fail(format!("{} appears twice", name(cell, n))));
                }
            }
            Ok(())
        };
        let king = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
        };
        let line = |cells: &[usize], least: usize| -> Result<(), ConstraintError> {
            distinct(cells)?;
            if cells.len() < least {
                return Err(fail(format!(
                    "a line of {} cell(s), it needs {least} or more",
                    cells.len()
                )));
            }
            for pair in cells.windows(2) {
                if !king(pair[0], pair[1]) {
                    return Err(fail(format!(
                        "{} and {} are not neighbours",
                        name(pair[0], n),
                        name(pair[1], n)
                    )));
                }
            }
            Ok(())
        };
        let dot = |cells: &[usize; 2]| -> Result<(), ConstraintError> {
            distinct(cells)?;
            let [a, b] = *cells;
            if (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n) != 1 {
                return Err(fail(format!(
                    "{} and {} are not orthogonal neighbours",
                    name(a, n),
                    name(b, n)
                )));
            }
            Ok(())
        };
        match constraint {
            Constraint::ExtraRegion(cells) => {
                distinct(cells)?;
                if cells.len() > n {
                    return Err(fail(format!(
                        "{} cells cannot all differ with {n} digits",
                        cells.len()
                    )));
                }
            }
            Constraint::Killer { cells, sum } => {
                distinct(cells)?;
                if cells.is_empty() || cells.len() > n {
                    return Err(fail(format!(
                        "a cage of {} cells; a cage has 1 to {n}",
                        cells.len()
                    )));
                }
                if *sum == Some(0) {
                    return Err(fail("a sum of 0".into()));
                }
            }
            Constraint::Odd(cell)
            | Constraint::Even(cell)
            | Constraint::Minimum(cell)
            | Constraint::Maximum(cell) => on_board(&[*cell])?,
            Constraint::LittleKiller { clue, .. } => {
                on_board(&[clue.first])?;
                if !clue.is_outside(n) {
                    return Err(fail(format!(
                        "the clue before {} is inside the board",
                        name(clue.first, n)
                    )));
                }
            }
            Constraint::Sandwich { clue, .. } | Constraint::XSum { clue, .. } => {
                if clue.index >= n {
                    return Err(fail(format!(
                        "row or column {} of a board of side {n}",
                        clue.index + 1
                    )));
                }
            }
            Constraint::Thermometer(cells) | Constraint::SlowThermometer(cells) => line(cells, 2)?,
            Constraint::Palindrome(cells) | Constraint::RegionSum(cells) => line(cells, 2)?,
            Constraint::Renban(cells) => {
                line(cells, 1)?;
                if cells.len() > n {
                    return Err(fail(format!(
                        "{} cells cannot hold different digits",
                        cells.len()
                    )));
                }
            }
            Constraint::Between(cells) => line(cells, 3)?,
            Constraint::Whispers { cells, gap } => {
                line(cells, 2)?;
                if *gap == 0 {
                    return Err(fail("a gap of 0".into()));
                }
            }
            Constraint::Arrow { bulb, shaft } => {
                let all: Vec<usize> = bulb.iter().chain(shaft).copied().collect();
                distinct(&all)?;
                if bulb.is_empty() || shaft.is_empty() {
                    return Err(fail("an arrow needs a bulb and a shaft".into()));
                }
                if !bulb.iter().any(|&b| king(b, shaft[0])) {
                    return Err(fail(format!(
                        "the shaft starts at {}, away from the bulb",
                        name(shaft[0], n)
                    )));
                }
                line(shaft, 1)?;
            }
            Constraint::Difference { cells, difference } => {
                dot(cells)?;
                if *difference == 0 {
                    return Err(fail("a difference of 0".into()));
                }
            }
            Constraint::Ratio { cells, ratio } => {
                dot(cells)?;
                if *ratio < 2 {
                    return Err(fail(format!("a ratio of {ratio}; ratios are 2 or more")));
                }
            }
            Constraint::Xv { cells, sum } => {
                dot(cells)?;
                if *sum != 5 && *sum != 10 {
                    return Err(fail(format!("a sum of {sum}; X is 10 and V is 5")));
                }
            }
            Constraint::Quadruple { cells, digits } => {
                distinct(cells)?;
                let block = cells.len() == 4 && {
                    let (r, c) = (cells[0] / n, cells[0] % n);
                    c + 1 < n
                        && cells[..] == [cells[0], cells[0] + 1, cells[0] + n, cells[0] + n + 1]
                        && r + 1 < n
                };
                if !block {
                    return Err(fail("the cells are not a 2x2 block".into()));
                }
                if digits.is_empty() || digits.len() > 4 {
                    return Err(fail(format!(
                        "{} digits; a quadruple shows 1 to 4",
                        digits.len()
                    )));
                }
                if let Some(&d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                    return Err(fail(format!("{d} is not a digit of a board of side {n}")));
                }
            }
            Constraint::Clone { cells, copy } => {
                let all: Vec<usize> = cells.iter().chain(copy).copied().collect();
                distinct(&all)?;
                if cells.is_empty() || cells.len() != copy.len() {
                    return Err(fail(format!(
                        "{} cells cloned into {}",
                        cells.len(),
                        copy.len()
                    )));
                }
            }
            Constraint::PositiveDiagonal
            | Constraint::NegativeDiagonal
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::DisjointGroups
            | Constraint::NegativeDifference
            | Constraint::NegativeRatio
            | Constraint::NegativeXv => {}
        }
        Ok(())
    }

    /// The cells of every unit that holds each digit once: rows, columns, regions, then the
    /// diagonals, extra regions, disjoint groups and cages without repeats, in that order.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let n = self.size;
        let mut units: Vec<Vec<usize>> = Vec::with_capacity(3 * n + 4);
        for r in 0..n {
            units.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| r * n + c).collect());
        }
        let first_region = units.len();
        units.extend((0..n).map(|_| Vec::with_capacity(n)));
        for (cell, &region) in self.regions.iter().enumerate() {
            if let Some(unit) = units[first_region..].get_mut(usize::from(region)) {
                unit.push(cell);
            }
        }
        let (br, bc) = default_box(n);
        for constraint in &self.constraints {
            match constraint {
                Constraint::PositiveDiagonal => {
                    units.push((0..n).map(|k| (n - 1 - k) * n + k).collect())
                }
                Constraint::NegativeDiagonal => units.push((0..n).map(|k| k * n + k).collect()),
                Constraint::ExtraRegion(cells) => units.push(cells.clone()),
                Constraint::DisjointGroups => {
                    for place in 0..n {
                        let (pr, pc) = (place / bc, place % bc);
                        units.push(
                            (0..n)
                                .map(|b| {
                                    let (r0, c0) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                                    (r0 + pr) * n + c0 + pc
                                })
                                .collect(),
                        );
                    }
                }
                _ => {}
            }
        }
        units
    }
}

/// The regions of [`default_box`] for a side `n`.
pub(crate) fn default_regions(n: usize) -> Vec<u8> {
    let (br, bc) = default_box(n);
    (0..n * n)
        .map(|cell| ((cell / n / br) * (n / bc) + (cell % n) / bc) as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 solution: 1234 / 3412 / 2143 / 4321.
    const FOUR: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    #[test]
    fn default_regions_are_recognised_on_every_side() {
        for n in ConstraintPuzzle::MIN_SIZE..=ConstraintPuzzle::MAX_SIZE {
            let mut puzzle = ConstraintPuzzle::new(n).unwrap();
            assert!(puzzle.has_default_regions(), "side {n}");
            assert_eq!(puzzle.regions(), default_regions(n), "side {n}");
            // Rows as regions: the default only on prime sides, whose default boxes are rows.
            let rows: Vec<usize> = (0..n * n).map(|cell| cell / n).collect();
            puzzle.set_regions(&rows).unwrap();
            assert_eq!(
                puzzle.has_default_regions(),
                rows == default_regions(n)
                    .iter()
                    .map(|&r| usize::from(r))
                    .collect::<Vec<_>>(),
                "side {n}"
            );
        }
    }

    #[test]
    fn default_boxes_follow_f_puzzles() {
        let boxes: Vec<(usize, usize)> = [3, 4, 5, 6, 8, 9, 10, 12, 16].map(default_box).to_vec();
        assert_eq!(
            boxes,
            [
                (1, 3),
                (2, 2),
                (1, 5),
                (2, 3),
                (2, 4),
                (3, 3),
                (2, 5),
                (3, 4),
                (4, 4)
            ]
        );
        let six = default_regions(6);
        assert_eq!(&six[..12], &[0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
        assert!(ConstraintPuzzle::new(2).is_err() && ConstraintPuzzle::new(26).is_err());
        assert_eq!(
            ConstraintPuzzle::new(30).unwrap_err().kind(),
            ConstraintErrorKind::Size
        );
    }

    #[test]
    fn constraints_are_checked_and_named() {
        let mut p = ConstraintPuzzle::new(4).unwrap();
        let cases: Vec<(Constraint, &str)> = vec![
            (
                Constraint::Thermometer(vec![0, 17]),
                "thermometer at r1c1: cell 17 is off a board of 16 cells",
            ),
            (
                Constraint::Renban(vec![0, 1, 0]),
                "renban at r1c1: r1c1 appears twice",
            ),
            (
                Constraint::Difference {
                    cells: [0, 5],
                    difference: 1,
                },
                "difference dot at r1c1: r1c1 and r2c2 are not orthogonal neighbours",
            ),
            (
                Constraint::Xv {
                    cells: [0, 1],
                    sum: 7,
                },
                "XV at r1c1: a sum of 7; X is 10 and V is 5",
            ),
            (
                Constraint::Ratio {
                    cells: [0, 1],
                    ratio: 1,
                },
                "ratio dot at r1c1: a ratio of 1; ratios are 2 or more",
            ),
            (
                Constraint::Quadruple {
                    cells: vec![0, 1, 2, 3],
                    digits: vec![1],
                },
                "quadruple at r1c1: the cells are not a 2x2 block",
            ),
            (
                Constraint::Killer {
                    cells: vec![0, 1, 2, 3, 4],
                    sum: None,
                },
                "killer cage at r1c1: a cage of 5 cells; a cage has 1 to 4",
            ),
            (
                Constraint::Between(vec![0, 1]),
                "between line at r1c1: a line of 2 cell(s), it needs 3 or more",
            ),
            (
                Constraint::Arrow {
                    bulb: vec![0],
                    shaft: vec![2, 3],
                },
                "arrow at r1c1: the shaft starts at r1c3, away from the bulb",
            ),
            (
                Constraint::Clone {
                    cells: vec![0, 1],
                    copy: vec![5],
                },
                "clone at r1c1: 2 cells cloned into 1",
            ),
            (
                Constraint::Sandwich {
                    clue: Edge {
                        side: Side::Left,
                        index: 4,
                    },
                    sum: 3,
                },
                "sandwich sum left of row 5: row or column 5 of a board of side 4",
            ),
            (
                Constraint::LittleKiller {
                    clue: DiagonalClue {
                        first: 5,
                        direction: Direction::DownRight,
                    },
                    sum: 3,
                },
                "little killer at R1C1: the clue before r2c2 is inside the board",
            ),
        ];
        for (constraint, message) in cases {
            let err = p.add(constraint).unwrap_err();
            assert_eq!(err.to_string(), message);
            assert_eq!(err.kind(), ConstraintErrorKind::Constraint);
        }
        p.add(Constraint::AntiKing).unwrap();
        assert_eq!(
            p.add(Constraint::AntiKing).unwrap_err().to_string(),
            "anti-king: given twice"
        );
        assert!(p.constraints().len() == 1);
    }

    #[test]
    fn constraints_keep_a_normal_order() {
        let mut a = ConstraintPuzzle::new(4).unwrap();
        let mut b = ConstraintPuzzle::new(4).unwrap();
        let killer = Constraint::Killer {
            cells: vec![1, 0],
            sum: Some(3),
        };
        let thermo = Constraint::Thermometer(vec![0, 4]);
        a.add(killer.clone()).unwrap();
        a.add(thermo.clone()).unwrap();
        b.add(thermo).unwrap();
        b.add(killer).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            a.constraints()[0],
            Constraint::Killer {
                cells: vec![0, 1],
                sum: Some(3)
            }
        );
    }

    #[test]
    fn a_region_sum_line_has_a_segment_for_each_visit_of_a_region() {
        // Rows 1234 / 3412 / 2341 / 4123: the line r3c2, r2c1, r3c1, r4c2 visits the bottom
        // left box twice, in segments of 3 and 2 + 1 = 3, beside a segment of 3 in the top left
        // box; its cells in the bottom left box add up to 6.
        let board = [1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3];
        let holds = |line: Vec<usize>| {
            let mut puzzle = ConstraintPuzzle::new(4).unwrap();
            puzzle.add(Constraint::RegionSum(line)).unwrap();
            puzzle.violation(&board).map(|v| v.to_string())
        };
        assert_eq!(holds(vec![9, 4, 8, 13]), None);
        assert!(holds(vec![9, 4, 8]).is_some());
    }

    #[test]
    fn the_checker_follows_each_rule() {
        let base = ConstraintPuzzle::new(4).unwrap();
        assert!(base.is_solution(&FOUR));
        let holds = |constraint: Constraint| {
            let mut p = base.clone();
            p.add(constraint.clone()).unwrap();
            p.violation(&FOUR).map(|v| v.to_string())
        };
        // Rows: 1234 / 3412 / 2143 / 4321.
        assert_eq!(holds(Constraint::Thermometer(vec![0, 1, 2, 3])), None);
        assert!(holds(Constraint::Thermometer(vec![4, 5, 6])).is_some());
        assert_eq!(holds(Constraint::SlowThermometer(vec![0, 1, 5])), None);
        assert_eq!(
            holds(Constraint::Killer {
                cells: vec![0, 1],
                sum: Some(3)
            }),
            None
        );
        assert!(
            holds(Constraint::Killer {
                cells: vec![0, 1],
                sum: Some(4)
            })
            .is_some()
        );
        assert_eq!(
            holds(Constraint::Arrow {
                bulb: vec![3],
                shaft: vec![2, 6]
            }),
            None
        );
        assert_eq!(
            holds(Constraint::Arrow {
                bulb: vec![4, 5],
                shaft: vec![9]
            }),
            Some("arrow at r2c1: the shaft adds up to 1, the bulb says 34".into())
        );
        assert_eq!(
            holds(Constraint::Difference {
                cells: [0, 4],
                difference: 2
            }),
            None
        );
        assert_eq!(
            holds(Constraint::Ratio {
                cells: [1, 5],
                ratio: 2
            }),
            None
        );
        assert_eq!(
            holds(Constraint::Xv {
                cells: [0, 1],
                sum: 5
            }),
            Some("XV at r1c1: 1 and 2 add up to 3".into())
        );
        assert_eq!(
            holds(Constraint::Sandwich {
                clue: Edge {
                    side: Side::Left,
                    index: 0
                },
                sum: 5
            }),
            None
        );
        assert_eq!(
            holds(Constraint::XSum {
                clue: Edge {
                    side: Side::Right,
                    index: 0
                },
                sum: 10
            }),
            None
        );
        assert_eq!(
            holds(Constraint::XSum {
                clue: Edge {
                    side: Side::Left,
                    index: 1
                },
                sum: 8
            }),
            None
        );
        let little = DiagonalClue::from_position(0, 0, Direction::DownRight, 4).unwrap();
        assert_eq!(little.cells(4), [0, 5, 10, 15]);
        assert_eq!(
            holds(Constraint::LittleKiller {
                clue: little,
                sum: 10
            }),
            None
        );
        assert!(holds(Constraint::Palindrome(vec![1, 6, 11])).is_some());
        assert_eq!(holds(Constraint::Palindrome(vec![0, 5, 10, 15])), None);
        assert_eq!(holds(Constraint::Renban(vec![0, 1, 2])), None);
        assert!(holds(Constraint::Renban(vec![0, 4])).is_some());
        assert_eq!(holds(Constraint::Between(vec![0, 1, 2])), None);
        assert_eq!(
            holds(Constraint::Whispers {
                cells: vec![0, 4],
                gap: 2
            }),
            None
        );
        assert_eq!(
            holds(Constraint::RegionSum(vec![1, 2])),
            Some("region sum line at r1c2: its totals in the regions it crosses differ".into())
        );
        assert_eq!(
            holds(Constraint::Quadruple {
                cells: vec![0, 1, 4, 5],
                digits: vec![1, 4]
            }),
            None
        );
        assert_eq!(
            holds(Constraint::Clone {
                cells: vec![0, 1],
                copy: vec![6, 7]
            }),
            None
        );
        // Regression: the checker once let a cage repeat a digit outside any unit.
        assert_eq!(
            holds(Constraint::Killer {
                cells: vec![0, 15],
                sum: None
            }),
            Some("killer cage at r1c1: r1c1 and r4c4 both hold 1".into())
        );
        assert_eq!(holds(Constraint::Minimum(0)), None);
        assert_eq!(holds(Constraint::Maximum(3)), None);
        assert!(holds(Constraint::Maximum(15)).is_some());
        // Two maximum (minimum) cells side by side are not compared with each other: r3c4 (3)
        // is below r3c3 (4), and r4c3 (2) above r4c4 (1), as in "Fortress Sudoku".
        let both = |a: Constraint, b: Constraint| {
            let mut p = base.clone();
            p.add(a).unwrap();
            p.add(b).unwrap();
            p.violation(&FOUR).map(|v| v.to_string())
        };
        assert!(holds(Constraint::Maximum(11)).is_some());
        assert_eq!(both(Constraint::Maximum(10), Constraint::Maximum(11)), None);
        assert!(holds(Constraint::Minimum(14)).is_some());
        assert_eq!(both(Constraint::Minimum(15), Constraint::Minimum(14)), None);
        assert!(both(Constraint::Minimum(15), Constraint::Maximum(14)).is_some());
        assert_eq!(holds(Constraint::Odd(0)), None);
        assert!(holds(Constraint::Even(0)).is_some());
        assert!(holds(Constraint::NonConsecutive).is_some());
        assert!(holds(Constraint::PositiveDiagonal).is_some());
        assert!(holds(Constraint::NegativeDiagonal).is_some());
        assert!(holds(Constraint::AntiKing).is_some());
        assert!(holds(Constraint::DisjointGroups).is_none());
        assert!(holds(Constraint::NegativeXv).is_some());
    }
}
