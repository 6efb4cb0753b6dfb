//! PNG images (feature `png`), rasterised by resvg with the system's fonts.

use resvg::tiny_skia;

use crate::board::Board;
use crate::error::{RenderError, RenderErrorKind};
use crate::style::Style;
use crate::tree;

/// The largest image made, in pixels on a side (a 25x25 board at scale 8 is 10,000).
const MAX_SIDE: f32 = 16_384.0;

/// Rasterises any SVG document (a board, a sheet's page, a chart) to PNG at `scale` pixels
/// per SVG unit, on its own background (transparent where the SVG paints nothing). Text is
/// drawn with an installed font (DejaVu Sans where installed, else a sans-serif face);
/// images the SVG links to are not loaded.
///
/// # Errors
///
/// When the SVG does not parse, the scale is not a positive number, the image would be
/// larger than 16,384 pixels on a side, or the SVG has text and no font is installed
/// ([`RenderErrorKind::Font`](crate::RenderErrorKind::Font), saying how to install one).
pub fn png_from_svg(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let image = |message: String| RenderError::new(RenderErrorKind::Image, message);
    if !(scale.is_finite() && scale > 0.0) {
        return Err(image(format!("scale {scale} is not a positive number")));
    }
    let tree = tree::parse(svg)?;
    let size = tree.size();
    let (width, height) = (size.width() * scale, size.height() * scale);
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(image(format!(
            "an image of {width:.0} x {height:.0} pixels: at most {MAX_SIDE} on a side"
        )));
    }
    let mut pixmap = tiny_skia::Pixmap::new(width.ceil() as u32, height.ceil() as u32)
        .ok_or_else(|| image(format!("an image of {width} x {height} pixels")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|err| image(format!("PNG encoding failed: {err}")))
}

impl Board {
    /// The board as PNG in the default style, `scale` pixels per SVG unit (a cell is 50
    /// units: scale 1 gives 50-pixel cells).
    ///
    /// ```
    /// let board = sudoku_render::Board::new(9)?;
    /// let png = board.to_png(1.0)?;
    /// assert_eq!(&png[1..4], b"PNG");
    /// # Ok::<(), sudoku_render::RenderError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`png_from_svg`].
    pub fn to_png(&self, scale: f32) -> Result<Vec<u8>, RenderError> {
        png_from_svg(&self.to_svg(), scale)
    }

    /// The board as PNG in `style`.
    ///
    /// # Errors
    ///
    /// As [`png_from_svg`].
    pub fn to_png_with(&self, style: &Style, scale: f32) -> Result<Vec<u8>, RenderError> {
        png_from_svg(&self.to_svg_with(style), scale)
    }
}
