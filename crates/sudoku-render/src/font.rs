//! Fonts. Pictures name a font list and carry no font: SVG and the HTML page leave the
//! choice to the browser (DejaVu Sans first), and PNG and PDF draw text with a font installed
//! on the system, found once (DejaVu Sans where installed, else a common sans-serif face,
//! else any face).

#[cfg(any(feature = "png", feature = "pdf"))]
pub(crate) use system::{Fonts, installed};

/// The family named first in every picture's font list, and taken first for PNG and PDF.
#[cfg(any(feature = "png", feature = "pdf"))]
pub(crate) const FAMILY: &str = "DejaVu Sans";

#[cfg(any(feature = "png", feature = "pdf"))]
mod system {
    use std::collections::HashSet;
    use std::sync::{Arc, OnceLock};

    use usvg::fontdb::{Database, Source};

    use super::FAMILY;
    use crate::error::{RenderError, RenderErrorKind};

    /// Common sans-serif families, taken in this order when DejaVu Sans is not installed:
    /// the faces that Linux distributions, macOS and Windows ship.
    const SANS_SERIF: &[&str] = &[
        "Liberation Sans",
        "Noto Sans",
        "Arial",
        "Helvetica",
        "Helvetica Neue",
        "FreeSans",
        "Verdana",
        "Bitstream Vera Sans",
        "Open Sans",
        "Roboto",
        "Ubuntu",
        "Cantarell",
        "Droid Sans",
        "Segoe UI",
    ];

    /// The fonts PNG and PDF draw text with: a database of the system's fonts and the
    /// family every generic name (`sans-serif`, ...) resolves to, `None` when no font is
    /// installed.
    pub(crate) struct Fonts {
        pub(crate) database: Arc<Database>,
        pub(crate) family: Option<String>,
    }

    impl Fonts {
        /// The fonts of `database`: every generic family resolves to the best face it
        /// holds ([`best_family`]).
        pub(crate) fn new(mut database: Database) -> Fonts {
            let family = best_family(&database);
            if let Some(family) = &family {
                database.set_sans_serif_family(family.as_str());
                database.set_serif_family(family.as_str());
                database.set_monospace_family(family.as_str());
                database.set_cursive_family(family.as_str());
                database.set_fantasy_family(family.as_str());
            }
            Fonts {
                database: Arc::new(database),
                family,
            }
        }

        /// The family text is drawn with.
        pub(crate) fn family(&self) -> Result<&str, RenderError> {
            self.family.as_deref().ok_or_else(no_font)
        }

        /// An error when `svg` has text and no font is installed to draw it: a picture
        /// with blank digits would look right and say nothing.
        pub(crate) fn check(&self, svg: &str) -> Result<(), RenderError> {
            if svg.contains("<text") {
                self.family()?;
            }
            Ok(())
        }
    }

    /// The system's fonts, found once (the font folders of fontconfig's configuration on
    /// Linux, the system's font folders elsewhere), and the files of the family text is
    /// drawn with read into memory ([`in_memory`]).
    pub(crate) fn installed() -> &'static Fonts {
        static FONTS: OnceLock<Fonts> = OnceLock::new();
        FONTS.get_or_init(|| {
            let mut system = Database::new();
            system.load_system_fonts();
            Fonts::new(in_memory(&system))
        })
    }

    /// The faces of `system`'s best family ([`best_family`]), their files read into memory.
    /// usvg reads a face's data for every run of text it lays out, and fontdb opens and maps
    /// a face's file at each read (the bench's PDF sheet took 2.5 times as long, its PNG 3
    /// times). Only that family is kept, as the pictures name no other.
    fn in_memory(system: &Database) -> Database {
        let mut database = Database::new();
        let Some(family) = best_family(system) else {
            return database;
        };
        let mut files = HashSet::new();
        for face in system.faces() {
            if face
                .families
                .first()
                .is_none_or(|(name, _)| *name != family)
            {
                continue;
            }
            match &face.source {
                Source::File(path) => {
                    // A file of several faces is read once, with all of them.
                    if files.insert(path.clone())
                        && let Ok(data) = std::fs::read(path)
                    {
                        database.load_font_data(data);
                    }
                }
                source => {
                    database.load_font_source(source.clone());
                }
            }
        }
        database
    }

    /// The family text is drawn with: DejaVu Sans, else the first installed family of
    /// [`SANS_SERIF`], else the first family (by name) that says it is a sans, else the
    /// first that is not monospaced, else any; `None` for an empty database.
    pub(crate) fn best_family(database: &Database) -> Option<String> {
        let mut families: Vec<(&str, bool)> = database
            .faces()
            .filter_map(|face| {
                let (name, _) = face.families.first()?;
                Some((name.as_str(), face.monospaced))
            })
            .collect();
        families.sort_unstable();
        families.dedup();
        let has = |wanted: &str| families.iter().any(|(name, _)| *name == wanted);
        if has(FAMILY) {
            return Some(FAMILY.to_string());
        }
        if let Some(name) = SANS_SERIF.iter().find(|name| has(name)) {
            return Some((*name).to_string());
        }
        let sans = |name: &str| {
            let lower = name.to_lowercase();
            lower.contains("sans") && !lower.contains("mono")
        };
        families
            .iter()
            .find(|(name, monospaced)| sans(name) && !monospaced)
            .or_else(|| families.iter().find(|(_, monospaced)| !monospaced))
            .or_else(|| families.first())
            .map(|(name, _)| (*name).to_string())
    }

    /// The error of text to draw without any font.
    fn no_font() -> RenderError {
        RenderError::new(
            RenderErrorKind::Font,
            "no font is installed to draw the picture's digits and text in PNG or PDF: \
             install one (Debian and Ubuntu: `apt-get install fonts-dejavu-core`; Fedora: \
             `dnf install dejavu-sans-fonts`; or copy a .ttf file into ~/.local/share/fonts)",
        )
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn without_fonts_text_is_an_error_and_a_picture_without_text_is_not() {
            let fonts = Fonts::new(Database::new());
            assert_eq!(fonts.family().unwrap_err().kind(), RenderErrorKind::Font);
            let err = fonts
                .check(r#"<svg xmlns="http://www.w3.org/2000/svg"><text>5</text></svg>"#)
                .unwrap_err();
            assert_eq!(err.kind(), RenderErrorKind::Font);
            assert!(
                err.to_string()
                    .contains("apt-get install fonts-dejavu-core"),
                "{err}"
            );
            assert!(
                fonts
                    .check(r#"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#)
                    .is_ok()
            );
        }
    }
}
