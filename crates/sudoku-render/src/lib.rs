//! Pictures of Sudoku puzzles: SVG of a puzzle, a solution or a position of any size from 4x4
//! to 25x25 and any variant, explanations as highlighted steps and a self-contained HTML
//! page that steps through them, printable sheets (SVG pages, PDF with the `pdf` feature) and
//! PNG images (the `png` feature).
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_render::{Board, Cell, Element};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let mut board = Board::from_grid(&puzzle);
//! board.push(Element::thermometer(vec![Cell::new(0, 2), Cell::new(1, 2), Cell::new(2, 3)]))?;
//! board.set_caption("A classic with a thermometer");
//! let svg = board.to_svg();
//! assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
//! // Every given is a text at its cell's centre (cells are 50 units, the frame 3 wide).
//! assert!(svg.contains(r#"<text x="28" y="39.32">5</text>"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The renderer draws; it solves nothing. A [`Board`] holds plain data: the rules' regions,
//! digits (givens told apart from placed ones), pencil marks, and [`Element`]s, a small
//! vocabulary of what variant puzzles draw (lines with a style, bulbs, dots, cages, outside
//! clues, cell shapes, shading, text) onto which any description of a variant maps, one
//! element per constraint, drawn with the colours and shapes of f-puzzles and SudokuPad so
//! that a setter recognises them. An explanation [`Step`] is a position with the cells and
//! candidates of a step marked by [`Role`] and a caption; [`explain_page`] writes the HTML
//! page. [`Sheet`] lays out puzzle books and worksheets.
//!
//! Text is drawn with DejaVu Sans, which the crate ships (a 33 KB subset, under its own
//! licence: `fonts/LICENSE-DejaVu.txt`): PNG and PDF output use it alone, so digits come out
//! the same on a machine without any font; SVG names it first in its font list, and the HTML
//! page embeds it.
//!
//! Features:
//! - `png`: `Board::to_png` and `png_from_svg`, with resvg.
//! - `pdf`: `Sheet::to_pdf`, with svg2pdf and pdf-writer.

mod board;
mod element;
mod error;
mod explain;
mod font;
#[cfg(feature = "pdf")]
mod pdf;
#[cfg(feature = "png")]
mod raster;
mod sheet;
mod style;
mod svg;
#[cfg(any(feature = "png", feature = "pdf"))]
mod tree;

pub use board::{Board, Role};
pub use element::{
    CageStyle, Cell, CellShape, Diagonal, DotKind, Element, LineStyle, OutsideClue, Side, cells,
};
pub use error::{RenderError, RenderErrorKind};
pub use explain::{Step, explain_page};
#[cfg(feature = "png")]
pub use raster::png_from_svg;
pub use sheet::{Paper, Sheet};
pub use style::{Colour, Style};
/// The core types a picture is made from, re-exported so that one dependency is enough.
pub use sudoku_core::{Candidates, Grid, Puzzle, Rules, Shape};

impl Board {
    /// The board as an SVG document in the default [`Style`].
    pub fn to_svg(&self) -> String {
        svg::document(self, &Style::default())
    }

    /// The board as an SVG document in `style`.
    pub fn to_svg_with(&self, style: &Style) -> String {
        svg::document(self, style)
    }
}
