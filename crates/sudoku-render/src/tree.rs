//! Parsing SVG into usvg's tree for PNG and PDF, with the system's fonts.

use std::sync::{Arc, OnceLock};

use crate::error::{RenderError, RenderErrorKind};
use crate::font::{self, Fonts};

/// The parsing options of `fonts`: every generic family resolves to its best face, and no
/// image is loaded from a file or the network (data URLs only).
fn options_of(fonts: &Fonts) -> usvg::Options<'static> {
    usvg::Options {
        font_family: fonts
            .family
            .clone()
            .unwrap_or_else(|| font::FAMILY.to_string()),
        fontdb: Arc::clone(&fonts.database),
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    }
}

/// The parsing options with the system's fonts, made once.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| options_of(font::installed()))
}

/// The tree of an SVG document, its text laid out with the system's fonts.
///
/// # Errors
///
/// When the SVG does not parse, or it has text and no font is installed.
pub(crate) fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    font::installed().check(svg)?;
    usvg::Tree::from_str(svg, options())
        .map_err(|err| RenderError::new(RenderErrorKind::Image, format!("invalid SVG: {err}")))
}

/// The tree of an SVG document with its text turned into paths (the glyphs' outlines), for
/// PDF: the pages need no font of their own.
#[cfg(feature = "pdf")]
pub(crate) fn parse_outlined(svg: &str) -> Result<usvg::Tree, RenderError> {
    let tree = parse(svg)?;
    // usvg writes laid-out text as the groups of paths it became.
    let outlined = tree.to_string(&usvg::WriteOptions {
        indent: usvg::Indent::None,
        attributes_indent: usvg::Indent::None,
        ..usvg::WriteOptions::default()
    });
    usvg::Tree::from_str(&outlined, options())
        .map_err(|err| RenderError::new(RenderErrorKind::Image, format!("outlined SVG: {err}")))
}
