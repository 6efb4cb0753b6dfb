//! [`Board::from_constraints`]: a variant puzzle described by core's [`ConstraintPuzzle`],
//! each of its constraints mapped onto the element f-puzzles and SudokuPad draw for it.

use sudoku_core::{Constraint, ConstraintPuzzle, Direction, Edge};

use crate::board::{Board, Value};
use crate::element::{CageStyle, Cell, CellShape, Diagonal, DotKind, Element, LineStyle, Side};
use crate::style::Colour;

/// The washes of clones, one per clone in turn: each shape and its copy share a colour.
const CLONE_COLOURS: [Colour; 4] = [
    Colour::hex(0xffd27f),
    Colour::hex(0xa8d8ff),
    Colour::hex(0xc7efa0),
    Colour::hex(0xf3b6e6),
];

impl Board {
    /// A variant puzzle: its regions (thick outlines; jigsaw regions too), its givens, and
    /// each constraint drawn as f-puzzles and SudokuPad draw it: thermometers (a slow one
    /// with white dashes down its tube), arrows with their circle or pill, Kropki dots (with
    /// the difference or ratio written in when it is not 1 or 2), X and V on the edges,
    /// coloured lines (whispers green, renban purple, palindromes grey, between lines with a
    /// circle at each end, region-sum lines blue), killer cages dashed with their sums,
    /// little-killer sums with their arrows and sandwich and X-sum totals outside the grid,
    /// quadruple circles, odd circles and even squares, minimum and maximum chevrons, clones
    /// washed in one colour a pair, extra regions shaded grey, diagonals shaded.
    ///
    /// Where f-puzzles has nothing to copy: X-sum totals read `x12` in a puzzle that also
    /// has sandwich totals, and German whispers with a gap other than the side's usual one
    /// (5 on 9x9) carry `≥gap` by their first cell.
    ///
    /// Rules of the whole board that have no drawing (anti-knight, anti-king,
    /// non-consecutive, disjoint groups, and the negative rules of dots and XV) are named in
    /// the caption.
    ///
    /// ```
    /// use sudoku_core::{Constraint, ConstraintPuzzle};
    /// use sudoku_render::Board;
    ///
    /// let mut puzzle = ConstraintPuzzle::new(9)?;
    /// puzzle.add(Constraint::Thermometer(vec![0, 1, 2]))?;
    /// puzzle.add(Constraint::AntiKnight)?;
    /// let svg = Board::from_constraints(&puzzle).to_svg();
    /// // The bulb at r1c1's centre, the rule without a drawing in the caption.
    /// assert!(svg.contains(r#"<circle cx="28" cy="28" r="20""#));
    /// assert!(svg.contains(">Anti-knight</text>"));
    /// # Ok::<(), sudoku_core::ConstraintError>(())
    /// ```
    pub fn from_constraints(puzzle: &ConstraintPuzzle) -> Board {
        let n = puzzle.size();
        let mut board = Board::with_regions(n, puzzle.regions())
            .expect("a constraint puzzle has a side of 3 to 25 and n x n regions");
        board.jigsaw = !puzzle.has_default_regions();
        for (value, &digit) in board.values.iter_mut().zip(puzzle.givens()) {
            if digit != 0 {
                *value = Value::Given(digit);
            }
        }
        let mut rules = Vec::new();
        let mut clones = 0;
        let has = |kind: fn(&Constraint) -> bool| puzzle.constraints().iter().any(kind);
        // Where sandwich and X-sum totals meet, the X-sums are written `x12`.
        let mark_x_sums = has(|c| matches!(c, Constraint::Sandwich { .. }))
            && has(|c| matches!(c, Constraint::XSum { .. }));
        for constraint in puzzle.constraints() {
            if let (Constraint::XSum { clue, sum }, true) = (constraint, mark_x_sums) {
                board.elements.push(outside(clue, format!("x{sum}")));
                continue;
            }
            for element in elements(constraint, n, &mut board, &mut clones) {
                debug_assert_eq!(element.check(n), Ok(()), "{constraint:?}");
                board.elements.push(element);
            }
            if constraint.is_global()
                && !matches!(
                    constraint,
                    Constraint::PositiveDiagonal | Constraint::NegativeDiagonal
                )
            {
                rules.push(constraint.name());
            }
        }
        if !rules.is_empty() {
            let rules = rules.join(", ");
            let mut chars = rules.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            board.caption = Some(first.into_iter().chain(chars).collect());
        }
        board
    }
}

/// The elements of one constraint on a board of side `n` (none for the rules of the whole
/// board: the diagonals are set on `board`, the others named in its caption). `clones`
/// counts the clones so far, for their colours.
fn elements(
    constraint: &Constraint,
    n: usize,
    board: &mut Board,
    clones: &mut usize,
) -> Vec<Element> {
    let cell = |index: usize| Cell::from_index(index, n);
    let line = |cells: &[usize]| cells.iter().map(|&c| cell(c)).collect::<Vec<Cell>>();
    let shape = |index: usize, shape: CellShape| Element::Shape {
        cell: cell(index),
        shape,
    };
    match constraint {
        Constraint::ExtraRegion(cells) => vec![Element::Cage {
            cells: line(cells),
            label: None,
            style: CageStyle::ExtraRegion,
        }],
        Constraint::NegativeDiagonal => {
            board.diagonals[0] = true;
            Vec::new()
        }
        Constraint::PositiveDiagonal => {
            board.diagonals[1] = true;
            Vec::new()
        }
        Constraint::Odd(index) => vec![shape(*index, CellShape::Odd)],
        Constraint::Even(index) => vec![shape(*index, CellShape::Even)],
        Constraint::Minimum(index) => vec![shape(*index, CellShape::Minimum)],
        Constraint::Maximum(index) => vec![shape(*index, CellShape::Maximum)],
        Constraint::Killer { cells, sum } => vec![Element::killer_cage(line(cells), *sum)],
        Constraint::LittleKiller { clue, sum } => {
            let (row, col) = clue.position(n);
            let last = n as isize + 1;
            let (side, index) = if row == 0 {
                (Side::Top, col - 1)
            } else if row == last {
                (Side::Bottom, col - 1)
            } else if col == 0 {
                (Side::Left, row - 1)
            } else {
                (Side::Right, row - 1)
            };
            let direction = match clue.direction {
                Direction::DownRight => Diagonal::DownRight,
                Direction::DownLeft => Diagonal::DownLeft,
                Direction::UpRight => Diagonal::UpRight,
                Direction::UpLeft => Diagonal::UpLeft,
            };
            vec![Element::little_killer(
                side,
                index,
                direction,
                sum.to_string(),
            )]
        }
        Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
            vec![outside(clue, sum.to_string())]
        }
        Constraint::Thermometer(cells) => vec![Element::thermometer(line(cells))],
        Constraint::SlowThermometer(cells) => {
            vec![Element::line(LineStyle::SlowThermometer, line(cells))]
        }
        Constraint::Arrow { bulb, shaft } => arrow(&line(bulb), &line(shaft)),
        Constraint::Difference { cells, difference } => {
            let [a, b] = [cell(cells[0]), cell(cells[1])];
            vec![match difference {
                1 => Element::dot(a, b, DotKind::White),
                d => Element::labelled_dot(a, b, DotKind::White, d.to_string()),
            }]
        }
        Constraint::Ratio { cells, ratio } => {
            let [a, b] = [cell(cells[0]), cell(cells[1])];
            vec![match ratio {
                2 => Element::dot(a, b, DotKind::Black),
                r => Element::labelled_dot(a, b, DotKind::Black, r.to_string()),
            }]
        }
        Constraint::Xv { cells, sum } => vec![Element::EdgeText {
            cells: [cell(cells[0]), cell(cells[1])],
            text: if *sum == 5 { "V" } else { "X" }.to_string(),
        }],
        Constraint::Palindrome(cells) => vec![Element::line(LineStyle::Palindrome, line(cells))],
        Constraint::Whispers { cells, gap } => {
            let mut drawn = vec![Element::line(LineStyle::Whisper, line(cells))];
            // A gap other than the side's usual one (5 on 9x9) is written by the first cell.
            if *gap != Constraint::default_whispers_gap(n) {
                drawn.push(Element::Text {
                    cell: cell(cells[0]),
                    text: format!("≥{gap}"),
                });
            }
            drawn
        }
        Constraint::Renban(cells) => vec![Element::line(LineStyle::Renban, line(cells))],
        Constraint::Between(cells) => vec![Element::line(LineStyle::Between, line(cells))],
        Constraint::RegionSum(cells) => vec![Element::line(LineStyle::RegionSum, line(cells))],
        Constraint::Quadruple { cells, digits } => vec![Element::Quadruple {
            corner: cell(cells[0]),
            digits: digits.clone(),
        }],
        Constraint::Clone { cells, copy } => {
            let colour = CLONE_COLOURS[*clones % CLONE_COLOURS.len()].with_alpha(170);
            *clones += 1;
            vec![Element::Shade {
                cells: line(cells).into_iter().chain(line(copy)).collect(),
                colour,
            }]
        }
        // Rules of the whole board: named in the caption. Constraints of later versions of
        // core: not drawn.
        _ => Vec::new(),
    }
}

/// A sandwich or X-sum total outside the grid.
fn outside(clue: &Edge, text: String) -> Element {
    let side = match clue.side {
        sudoku_core::Side::Top => Side::Top,
        sudoku_core::Side::Bottom => Side::Bottom,
        sudoku_core::Side::Left => Side::Left,
        sudoku_core::Side::Right => Side::Right,
    };
    Element::outside(side, clue.index, text)
}

/// An arrow: its shaft drawn from the bulb's cell next to the shaft's first cell, its bulb a
/// circle or a pill (cells in reading order, when each touches the next; else a circle on
/// each).
fn arrow(bulb: &[Cell], shaft: &[Cell]) -> Vec<Element> {
    let start = bulb
        .iter()
        .copied()
        .filter(|&b| b.adjoins(shaft[0]))
        .min_by_key(|&b| b.row.abs_diff(shaft[0].row) + b.col.abs_diff(shaft[0].col))
        .unwrap_or(bulb[0]);
    let mut elements = vec![Element::line(
        LineStyle::Arrow,
        std::iter::once(start)
            .chain(shaft.iter().copied())
            .collect(),
    )];
    if bulb.windows(2).all(|pair| pair[0].adjoins(pair[1])) {
        elements.push(Element::Bulb {
            cells: bulb.to_vec(),
        });
    } else {
        elements.extend(bulb.iter().map(|&b| Element::Bulb { cells: vec![b] }));
    }
    elements
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_little_killer_widens_both_margins() {
        let mut puzzle = ConstraintPuzzle::new(9).unwrap();
        puzzle
            .add(Constraint::LittleKiller {
                clue: sudoku_core::DiagonalClue {
                    first: 0,
                    direction: Direction::DownRight,
                },
                sum: 45,
            })
            .unwrap();
        let board = Board::from_constraints(&puzzle);
        let Element::Outside(clue) = &board.elements()[0] else {
            panic!("{:?}", board.elements());
        };
        assert_eq!((clue.side, clue.index), (Side::Top, -1));
        // A cell more above and to the left: the grid starts one cell (50) in.
        let svg = board.to_svg();
        assert!(svg.contains(r#"<rect x="53" y="53" width="450""#), "{svg}");
    }
}
