//! The one font pictures use: a subset of DejaVu Sans (see `fonts/README.md` for what it
//! holds and `fonts/LICENSE-DejaVu.txt` for its licence).

/// The font file, a TrueType subset of DejaVu Sans 2.37.
pub(crate) const DEJAVU_SANS: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");

/// The family name the font declares, first in every picture's font list.
pub(crate) const FAMILY: &str = "DejaVu Sans";

/// A CSS `@font-face` rule that carries the font as a data URL, for pages and SVGs that must
/// draw the same glyphs without any installed font.
pub(crate) fn font_face_css() -> String {
    format!(
        "@font-face{{font-family:\"{FAMILY}\";src:url(data:font/ttf;base64,{})}}",
        crate::svg::text::base64(DEJAVU_SANS)
    )
}
