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
//! Pictures carry no font. SVG and the HTML page name a font list, DejaVu Sans first, and the
//! browser draws the text with the first it has; PNG and PDF draw it with a font installed on
//! the system, DejaVu Sans where it is (the glyphs a browser with it draws), else a
//! sans-serif face. Where no font is installed, a PNG or PDF with text is an error saying how
//! to install one, never a picture with blank digits.
//!
//! Features:
//! - `png`: `Board::to_png` and `png_from_svg`, with resvg.
//! - `pdf`: `Sheet::to_pdf`, with svg2pdf and pdf-writer; the text becomes the outlines of
//!   its glyphs, so a PDF needs no font to show.

mod board;
mod constraint;
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

/// The family PNG and PDF draw text with: DejaVu Sans where it is installed, else a
/// sans-serif face of the system's (Liberation Sans, Noto Sans, Arial, ...). The system's
/// fonts are read once, at the first call (or the first PNG or PDF).
///
/// # Errors
///
/// When no font is installed ([`RenderErrorKind::Font`]): the message says how to install
/// one. A PNG or PDF with text is then the same error; one without text is drawn.
#[cfg(any(feature = "png", feature = "pdf"))]
pub fn installed_font() -> Result<&'static str, RenderError> {
    font::installed().family()
}
pub use sheet::{Paper, Sheet};
pub use style::{Colour, Style};
/// The core types a picture is made from, re-exported so that one dependency is enough.
pub use sudoku_core::{Candidates, ConstraintPuzzle, Grid, Puzzle, Rules, Shape};

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
