//! [`Colour`] and [`Style`]: the colours and sizes of a picture.

use std::fmt;

/// A colour with opacity, written into SVG as `#rrggbb` (and an opacity where it is not 1).
///
/// ```
/// use sudoku_render::Colour;
///
/// assert_eq!(Colour::rgb(0x1a, 0x56, 0xc4).to_string(), "#1a56c4");
/// assert_eq!(Colour::hex(0xcfcfcf), Colour::rgb(0xcf, 0xcf, 0xcf));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
    /// Opacity, 0 (transparent) to 255 (opaque).
    pub a: u8,
}

impl Colour {
    /// Black.
    pub const BLACK: Colour = Colour::hex(0x000000);
    /// White.
    pub const WHITE: Colour = Colour::hex(0xffffff);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r, g, b, a: 255 }
    }

    /// An opaque colour from `0xrrggbb`.
    pub const fn hex(rgb: u32) -> Colour {
        Colour::rgb((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
    }

    /// The same colour with opacity `a` (0 to 255).
    pub const fn with_alpha(self, a: u8) -> Colour {
        Colour { a, ..self }
    }

    /// The opacity as SVG writes it, 0 to 1.
    pub(crate) fn opacity(self) -> f32 {
        f32::from(self.a) / 255.0
    }
}

impl fmt::Display for Colour {
    /// `#rrggbb`, without the opacity.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// The colours of the element kinds, as f-puzzles and SudokuPad draw them.
pub(crate) mod palette {
    use super::Colour;

    /// Thermometers: a light grey bulb and tube.
    pub(crate) const THERMO: Colour = Colour::hex(0xcfcfcf);
    /// Arrows and their bulbs: a mid grey outline.
    pub(crate) const ARROW: Colour = Colour::hex(0xa1a1a1);
    /// German whispers: green.
    pub(crate) const WHISPER: Colour = Colour::hex(0x67f067);
    /// Renban: purple.
    pub(crate) const RENBAN: Colour = Colour::hex(0xf067f0);
    /// Palindromes: grey.
    pub(crate) const PALINDROME: Colour = Colour::hex(0xc0c0c0);
    /// Between lines: a light grey-blue line between two circles.
    pub(crate) const BETWEEN: Colour = Colour::hex(0xa8b8d0);
    /// Region-sum lines: blue.
    pub(crate) const REGION_SUM: Colour = Colour::hex(0x2ecbff);
    /// Odd circles, even squares, minimum and maximum cells: grey.
    pub(crate) const SHAPE: Colour = Colour::hex(0xd0d0d0);
    /// Extra regions: a grey wash.
    pub(crate) const EXTRA_REGION: Colour = Colour::hex(0xc8c8c8);
    /// Diagonals and windoku windows: a light blue wash.
    pub(crate) const DIAGONAL: Colour = Colour::hex(0xdde8f6);
    /// Thin cell lines.
    pub(crate) const CELL_LINE: Colour = Colour::hex(0x555555);
}

/// How a picture looks: the size of a cell and the colours of digits and highlights. Every
/// default is written in its field's doc; [`Style::default`] is what the pictures of the docs
/// use.
///
/// ```
/// use sudoku_render::{Board, Colour, Style};
///
/// let board = Board::new(9)?;
/// let style = Style { cell: 32.0, placed: Colour::hex(0x000000), ..Style::default() };
/// assert!(board.to_svg_with(&style).contains(r#"width="292""#));
/// # Ok::<(), sudoku_render::RenderError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// The side of a cell in SVG user units (pixels at 100%). Default: 50.
    pub cell: f32,
    /// Givens. Default: black.
    pub given: Colour,
    /// Digits placed by a solver or a person. Default: blue `#1a56c4`.
    pub placed: Colour,
    /// Pencil marks. Default: grey `#4a4a4a`.
    pub pencil: Colour,
    /// Candidates of an explanation's pattern. Default: green `#2e9d3f`.
    pub pattern: Colour,
    /// Candidates an explanation's step removes. Default: red `#e0322b`.
    pub elimination: Colour,
    /// Digits an explanation's step places. Default: blue `#1f6fe0`.
    pub placement: Colour,
    /// The background of the cells of an explanation's pattern. Default: pale yellow
    /// `#fff4b8`.
    pub pattern_cell: Colour,
    /// The background of a cell an explanation's step fills. Default: pale blue `#d3e4fd`.
    pub placement_cell: Colour,
    /// The font list of every text, as browsers read it: the first installed family draws.
    /// PNG and PDF draw with DejaVu Sans where it is installed, so a browser that has it
    /// draws the same glyphs. Default: `DejaVu Sans, Verdana, Arial, sans-serif`.
    pub font_family: String,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            cell: 50.0,
            given: Colour::BLACK,
            placed: Colour::hex(0x1a56c4),
            pencil: Colour::hex(0x4a4a4a),
            pattern: Colour::hex(0x2e9d3f),
            elimination: Colour::hex(0xe0322b),
            placement: Colour::hex(0x1f6fe0),
            pattern_cell: Colour::hex(0xfff4b8),
            placement_cell: Colour::hex(0xd3e4fd),
            font_family: "DejaVu Sans, Verdana, Arial, sans-serif".to_string(),
        }
    }
}
