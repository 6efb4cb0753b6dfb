//! [`Board`]: everything one picture of a grid shows.

use sudoku_core::{Candidates, Grid, Puzzle, Rules, Shape};

use crate::element::{Element, element_error};
use crate::error::{RenderError, RenderErrorKind};

/// The part a cell or a candidate plays in an explanation's step, which gives its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Part of the pattern that makes the step work (green).
    Pattern,
    /// Removed by the step (red).
    Elimination,
    /// Placed by the step (blue).
    Placement,
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Value {
    /// Empty, maybe with pencil marks.
    Empty,
    /// A given of the puzzle.
    Given(u8),
    /// A digit placed by a solver or a person.
    Placed(u8),
}

/// Everything one picture of a grid shows: the board's size and regions (boxes or a jigsaw),
/// extra units (diagonals, windoku windows), givens and placed digits, pencil marks, the
/// elements of variant constraints, an explanation's highlights and a caption.
///
/// Build it from core's types ([`Board::from_grid`], [`Board::from_puzzle`],
/// [`Board::from_position`]) or from a size ([`Board::new`]), add to it, then draw it with
/// [`to_svg`](Board::to_svg) (or, with the features, as PNG or on a PDF sheet). Every
/// method that takes cells or digits checks them and says what is wrong and where.
///
/// ```
/// use sudoku_render::{Board, Cell, DotKind, Element};
///
/// let mut board = Board::new(6)?;
/// board.set_given(0, 3)?.set_placed(1, 5)?.set_candidates(2, &[1, 2, 6])?;
/// board.push(Element::dot(Cell::new(1, 1), Cell::new(1, 2), DotKind::Black))?;
/// let svg = board.to_svg();
/// assert!(svg.starts_with("<svg") && svg.contains(">3</text>"));
///
/// let wrong = board.push(Element::dot(Cell::new(0, 0), Cell::new(2, 0), DotKind::White));
/// assert_eq!(
///     wrong.unwrap_err().to_string(),
///     "element 2 (Kropki dot): r1c1 and r3c1 do not share a side"
/// );
/// # Ok::<(), sudoku_render::RenderError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub(crate) n: usize,
    /// The region of each cell (boxes or a jigsaw).
    pub(crate) regions: Vec<u8>,
    pub(crate) jigsaw: bool,
    /// Whether the diagonal from the top left (the negative one) and the one from the
    /// bottom left (the positive one) are shaded.
    pub(crate) diagonals: [bool; 2],
    pub(crate) windoku: bool,
    pub(crate) values: Vec<Value>,
    /// Pencil marks of each cell, bit `d - 1` for digit `d`.
    pub(crate) candidates: Vec<u32>,
    pub(crate) elements: Vec<Element>,
    /// Cells with an explanation role, in the order given.
    pub(crate) cell_roles: Vec<(usize, Role)>,
    /// Candidates with an explanation role.
    pub(crate) candidate_roles: Vec<(usize, u8, Role)>,
    pub(crate) caption: Option<String>,
}

impl Board {
    /// An empty board of side `n` with its boxes (4, 6, 8, 9, 10, 12, 15, 16, 20 or 25).
    ///
    /// # Errors
    ///
    /// When `n` is not one of those sizes.
    pub fn new(n: usize) -> Result<Board, RenderError> {
        let shape = Shape::for_size(n).ok_or_else(|| {
            RenderError::new(
                RenderErrorKind::Size,
                format!(
                    "a board of side {n}: the sizes drawn are {}",
                    sizes_in_words()
                ),
            )
        })?;
        Ok(Board::from_rules(&Rules::plain(shape)))
    }

    /// An empty board with the rules' size, regions (jigsaw ones drawn as thick outlines),
    /// diagonals and windoku windows (shaded).
    pub fn from_rules(rules: &Rules) -> Board {
        let n = rules.size();
        Board {
            n,
            regions: (0..n * n)
                .map(|cell| rules.region_of(cell).expect("a cell of the board") as u8)
                .collect(),
            jigsaw: rules.jigsaw().is_some(),
            diagonals: [rules.diagonals(); 2],
            windoku: rules.windoku(),
            values: vec![Value::Empty; n * n],
            candidates: vec![0; n * n],
            elements: Vec::new(),
            cell_roles: Vec::new(),
            candidate_roles: Vec::new(),
            caption: None,
        }
    }

    /// An empty board of side `n` (3 to 25) whose regions are `regions[cell]`, row-major: a
    /// thick border runs between cells of different values (a jigsaw's regions, or those of
    /// a side without boxes, such as 5 or 7).
    ///
    /// # Errors
    ///
    /// When `n` is outside 3 to 25, or `regions` has not `n x n` cells.
    pub fn with_regions(n: usize, regions: &[u8]) -> Result<Board, RenderError> {
        if !(3..=25).contains(&n) {
            return Err(RenderError::new(
                RenderErrorKind::Size,
                format!("a board of side {n}: regions are drawn on sides 3 to 25"),
            ));
        }
        let mut board = Board::from_rules(&Rules::classic());
        board.n = n;
        board.check_len(regions.len(), "region map")?;
        board.regions = regions.to_vec();
        board.jigsaw = true;
        board.diagonals = [false; 2];
        board.values = vec![Value::Empty; n * n];
        board.candidates = vec![0; n * n];
        Ok(board)
    }

    /// Shades the diagonal from the top left to the bottom right (`negative`) and the one
    /// from the bottom left to the top right (`positive`), as Sudoku X does both.
    pub fn set_diagonals(&mut self, negative: bool, positive: bool) -> &mut Board {
        self.diagonals = [negative, positive];
        self
    }

    /// A classic puzzle: its filled cells as givens.
    pub fn from_grid(puzzle: &Grid) -> Board {
        let mut board = Board::from_rules(&Rules::classic());
        for (value, &digit) in board.values.iter_mut().zip(puzzle.cells()) {
            if digit != 0 {
                *value = Value::Given(digit);
            }
        }
        board
    }

    /// A puzzle of any size and variant: its rules and its filled cells as givens.
    pub fn from_puzzle(puzzle: &Puzzle) -> Board {
        let mut board = Board::from_rules(puzzle.rules());
        for (value, &digit) in board.values.iter_mut().zip(puzzle.cells()) {
            if digit != 0 {
                *value = Value::Given(digit);
            }
        }
        board
    }

    /// A position being solved: the puzzle's givens, the digits placed since (the cells of
    /// `values` that are not givens) and the pencil marks of the cells still empty.
    ///
    /// # Errors
    ///
    /// When `values` changes or clears a given of `puzzle`.
    pub fn from_position(
        puzzle: &Grid,
        values: &Grid,
        marks: &Candidates,
    ) -> Result<Board, RenderError> {
        let mut board = Board::from_grid(puzzle);
        for cell in 0..81 {
            match (puzzle[cell], values[cell]) {
                (0, 0) => board.candidates[cell] = u32::from(marks.sets()[cell].bits()),
                (0, digit) => board.values[cell] = Value::Placed(digit),
                (given, value) if given == value => {}
                (given, value) => {
                    return Err(RenderError::new(
                        RenderErrorKind::Digit,
                        format!(
                            "{}: the position holds {value} where the puzzle gives {given}",
                            crate::element::Cell::from_index(cell, 9)
                        ),
                    ));
                }
            }
        }
        Ok(board)
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Fills every empty cell with the digit `solution` has there, as placed digits (a
    /// solution drawn over its puzzle, givens still told apart).
    ///
    /// # Errors
    ///
    /// When `solution` has not `n x n` cells, holds a digit above `n`, or differs from a
    /// given.
    pub fn fill(&mut self, solution: &[u8]) -> Result<&mut Board, RenderError> {
        self.check_len(solution.len(), "solution")?;
        for (cell, &digit) in solution.iter().enumerate() {
            self.check_digit(cell, digit, true)?;
            match self.values[cell] {
                Value::Given(given) if digit != given => {
                    return Err(RenderError::new(
                        RenderErrorKind::Digit,
                        format!(
                            "{}: the solution holds {digit} where the puzzle gives {given}",
                            self.cell_name(cell)
                        ),
                    ));
                }
                Value::Given(_) => {}
                _ if digit == 0 => {}
                _ => {
                    self.values[cell] = Value::Placed(digit);
                    self.candidates[cell] = 0;
                }
            }
        }
        Ok(self)
    }

    /// Makes `digit` a given of `cell` (row-major, from 0).
    ///
    /// # Errors
    ///
    /// When the cell is off the board or the digit is not 1 to n.
    pub fn set_given(&mut self, cell: usize, digit: u8) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        self.check_digit(cell, digit, false)?;
        self.values[cell] = Value::Given(digit);
        self.candidates[cell] = 0;
        Ok(self)
    }

    /// Places `digit` in `cell` (drawn in the placed colour, not as a given).
    ///
    /// # Errors
    ///
    /// As [`set_given`](Board::set_given).
    pub fn set_placed(&mut self, cell: usize, digit: u8) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        self.check_digit(cell, digit, false)?;
        self.values[cell] = Value::Placed(digit);
        self.candidates[cell] = 0;
        Ok(self)
    }

    /// Empties `cell`: no digit, no pencil mark.
    ///
    /// # Errors
    ///
    /// When the cell is off the board.
    pub fn clear(&mut self, cell: usize) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        self.values[cell] = Value::Empty;
        self.candidates[cell] = 0;
        Ok(self)
    }

    /// Sets the pencil marks of an empty `cell`, each in its fixed place (digit 1 at the top
    /// left, as on a phone's keypad).
    ///
    /// # Errors
    ///
    /// When the cell is off the board, holds a digit, or a candidate is not 1 to n.
    pub fn set_candidates(
        &mut self,
        cell: usize,
        digits: &[u8],
    ) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        if self.values[cell] != Value::Empty {
            return Err(RenderError::new(
                RenderErrorKind::Cell,
                format!(
                    "{}: pencil marks in a cell that holds a digit",
                    self.cell_name(cell)
                ),
            ));
        }
        let mut bits = 0;
        for &digit in digits {
            self.check_digit(cell, digit, false)?;
            bits |= 1 << (digit - 1);
        }
        self.candidates[cell] = bits;
        Ok(self)
    }

    /// Adds an element (a constraint of a variant, a mark) after checking it against the
    /// board.
    ///
    /// # Errors
    ///
    /// When it names a cell off the board or is malformed; the message numbers the element
    /// (from 1, in the order pushed) and names its kind.
    pub fn push(&mut self, element: Element) -> Result<&mut Board, RenderError> {
        element
            .check(self.n)
            .map_err(|problem| element_error(self.elements.len() + 1, &element, problem))?;
        self.elements.push(element);
        Ok(self)
    }

    /// Adds several elements, each checked as [`push`](Board::push) does.
    ///
    /// # Errors
    ///
    /// At the first element that [`push`](Board::push) refuses; those before it stay.
    pub fn extend(
        &mut self,
        elements: impl IntoIterator<Item = Element>,
    ) -> Result<&mut Board, RenderError> {
        for element in elements {
            self.push(element)?;
        }
        Ok(self)
    }

    /// The elements pushed so far.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// Gives `cell` a role in an explanation: its background takes the role's cell colour
    /// (pattern cells pale yellow, placed cells pale blue).
    ///
    /// # Errors
    ///
    /// When the cell is off the board.
    pub fn mark_cell(&mut self, cell: usize, role: Role) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        self.cell_roles.push((cell, role));
        Ok(self)
    }

    /// Gives the candidate `digit` of `cell` a role in an explanation: a disc of the role's
    /// colour behind it. For a placement, the digit shows as a placed digit in that colour
    /// if the cell is empty; an elimination is also struck through.
    ///
    /// # Errors
    ///
    /// When the cell is off the board or the digit is not 1 to n.
    pub fn mark_candidate(
        &mut self,
        cell: usize,
        digit: u8,
        role: Role,
    ) -> Result<&mut Board, RenderError> {
        self.check_cell(cell)?;
        self.check_digit(cell, digit, false)?;
        self.candidate_roles.push((cell, digit, role));
        Ok(self)
    }

    /// Sets the caption written under the board (a technique's name and rating, a title).
    pub fn set_caption(&mut self, caption: impl Into<String>) -> &mut Board {
        self.caption = Some(caption.into());
        self
    }

    /// The given, if any, of `cell`.
    pub fn given(&self, cell: usize) -> Option<u8> {
        match self.values.get(cell) {
            Some(Value::Given(digit)) => Some(*digit),
            _ => None,
        }
    }

    /// The digit, given or placed, of `cell`; 0 for an empty cell (or one off the board).
    pub fn digit(&self, cell: usize) -> u8 {
        match self.values.get(cell) {
            Some(Value::Given(digit) | Value::Placed(digit)) => *digit,
            _ => 0,
        }
    }

    pub(crate) fn cell_name(&self, cell: usize) -> crate::element::Cell {
        crate::element::Cell::from_index(cell, self.n)
    }

    fn check_len(&self, len: usize, what: &str) -> Result<(), RenderError> {
        if len == self.n * self.n {
            Ok(())
        } else {
            Err(RenderError::new(
                RenderErrorKind::Size,
                format!(
                    "a {what} of {len} cells for a {n}x{n} board of {} cells",
                    self.n * self.n,
                    n = self.n
                ),
            ))
        }
    }

    fn check_cell(&self, cell: usize) -> Result<(), RenderError> {
        if cell < self.n * self.n {
            Ok(())
        } else {
            Err(RenderError::new(
                RenderErrorKind::Cell,
                format!(
                    "cell {cell} is off the {n}x{n} board (cells 0 to {})",
                    self.n * self.n - 1,
                    n = self.n
                ),
            ))
        }
    }

    fn check_digit(&self, cell: usize, digit: u8, blank_ok: bool) -> Result<(), RenderError> {
        if (digit == 0 && blank_ok) || (digit >= 1 && usize::from(digit) <= self.n) {
            Ok(())
        } else {
            Err(RenderError::new(
                RenderErrorKind::Digit,
                format!(
                    "{}: digit {digit} is not 1 to {n} on a {n}x{n} board",
                    self.cell_name(cell),
                    n = self.n
                ),
            ))
        }
    }
}

/// `4, 6, 8, 9, 10, 12, 15, 16, 20 and 25`.
fn sizes_in_words() -> String {
    let sizes: Vec<String> = Shape::SIZES.iter().map(usize::to_string).collect();
    let (last, rest) = sizes.split_last().expect("sizes");
    format!("{} and {last}", rest.join(", "))
}
