//! Drawing a [`Board`] as SVG.
//!
//! The picture is built in layers, bottom to top: the white ground; washes (diagonals,
//! windoku windows, shaded cells, extra regions, explanation cells); lines and bulbs; cell
//! shapes; the grid (thin cell lines, thick region borders, the frame); cages; dots, edge
//! texts and quadruples; digits and pencil marks; outside clues; the caption. Each layer is
//! one `<g>` whose attributes carry the shared style, so a 9x9 puzzle is a few kilobytes.

mod draw;
pub(crate) mod outline;
pub(crate) mod text;

use std::fmt::Write;

use crate::board::Board;
use crate::element::{Element, Side, outside_position};
use crate::style::Style;
use text::Num;

/// Where the grid sits in a board's picture, and the picture's size, in user units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Frame {
    /// The side of a cell.
    pub(crate) cell: f32,
    /// The grid's left edge.
    pub(crate) left: f32,
    /// The grid's top edge.
    pub(crate) top: f32,
    /// The picture's width.
    pub(crate) width: f32,
    /// The picture's height.
    pub(crate) height: f32,
}

impl Frame {
    /// The frame of `board` drawn with cells of side `cell`: a margin of half the frame's
    /// width (rounded up) round the grid, a cell more on each side that has outside clues,
    /// and room for the caption below.
    pub(crate) fn of(board: &Board, cell: f32) -> Frame {
        let pad = (outer_width(cell) / 2.0 + 0.5).ceil();
        let mut sides = [false; 4];
        let n = board.n as i32;
        for element in &board.elements {
            if let Element::Outside(clue) = element {
                // A clue at a corner needs the margins of both its sides.
                let (row, col) = outside_position(clue.side, clue.index, board.n);
                sides[Side::Top as usize] |= row < 0;
                sides[Side::Bottom as usize] |= row >= n;
                sides[Side::Left as usize] |= col < 0;
                sides[Side::Right as usize] |= col >= n;
            }
        }
        let margin = |side: Side| if sides[side as usize] { cell } else { 0.0 };
        let grid = cell * board.n as f32;
        let caption = if board.caption.is_some() {
            cell * 0.7
        } else {
            0.0
        };
        let left = pad + margin(Side::Left);
        let top = pad + margin(Side::Top);
        Frame {
            cell,
            left,
            top,
            width: left + grid + margin(Side::Right) + pad,
            height: top + grid + margin(Side::Bottom) + pad + caption,
        }
    }

    /// The centre of cell (row, col) (which may be outside the board, for outside clues).
    pub(crate) fn centre(&self, row: f32, col: f32) -> (f32, f32) {
        (
            self.left + (col + 0.5) * self.cell,
            self.top + (row + 0.5) * self.cell,
        )
    }

    /// The point at (x, y) in cells from the grid's top-left corner.
    pub(crate) fn point(&self, x: f32, y: f32) -> (f32, f32) {
        (self.left + x * self.cell, self.top + y * self.cell)
    }
}

/// The width of the board's outer frame.
pub(crate) fn outer_width(cell: f32) -> f32 {
    cell * 0.07
}

/// A whole SVG document of `board`.
pub(crate) fn document(board: &Board, style: &Style) -> String {
    let frame = Frame::of(board, style.cell);
    let mut out = String::with_capacity(8192 + board.n * board.n * 120);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = Num(frame.width),
        h = Num(frame.height)
    );
    write_board(&mut out, board, style, &frame);
    out.push_str("</svg>\n");
    out
}

/// The layers of `board` in `frame`, without the `<svg>` element around them, as one `<g>`.
pub(crate) fn write_board(out: &mut String, board: &Board, style: &Style, frame: &Frame) {
    out.push_str(r#"<g font-family=""#);
    text::escape_into(out, &style.font_family);
    out.push_str(r#"">"#);
    let _ = write!(
        out,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        Num(frame.width),
        Num(frame.height)
    );
    let mut pen = draw::Pen {
        out,
        board,
        style,
        frame: *frame,
    };
    pen.washes();
    pen.lines();
    pen.shapes();
    pen.grid();
    pen.cages();
    pen.edge_marks();
    pen.digits();
    pen.pencil_marks();
    pen.outside_clues();
    pen.caption();
    pen.out.push_str("</g>");
}
