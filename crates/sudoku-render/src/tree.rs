//! Parsing SVG into usvg's tree, with the shipped font as the only font, for PNG and PDF.

use std::sync::{Arc, OnceLock};

#[cfg(feature = "png")]
pub(crate) use resvg::usvg;
#[cfg(all(feature = "pdf", not(feature = "png")))]
pub(crate) use svg2pdf::usvg;

use crate::error::{RenderError, RenderErrorKind};
use crate::font::{DEJAVU_SANS, FAMILY};

/// The parsing options, made once: a font database holding the shipped font alone (every
/// generic family resolves to it, no system font is read), and no image loaded from a file
/// or the network (data URLs only).
pub(crate) fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(DEJAVU_SANS.to_vec());
        fonts.set_sans_serif_family(FAMILY);
        fonts.set_serif_family(FAMILY);
        fonts.set_monospace_family(FAMILY);
        fonts.set_cursive_family(FAMILY);
        fonts.set_fantasy_family(FAMILY);
        usvg::Options {
            font_family: FAMILY.to_string(),
            fontdb: Arc::new(fonts),
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        }
    })
}

/// The tree of an SVG document.
pub(crate) fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    usvg::Tree::from_str(svg, options())
        .map_err(|err| RenderError::new(RenderErrorKind::Image, format!("invalid SVG: {err}")))
}
