//! [`RenderError`]: what was wrong with what a picture was asked to show.

use std::fmt;

/// What kind of problem a [`RenderError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RenderErrorKind {
    /// A board size the renderer does not draw (4 to 25 with boxes: 4, 6, 8, 9, 10, 12, 15,
    /// 16, 20, 25), or data of the wrong length for the board.
    Size,
    /// A cell outside the board.
    Cell,
    /// A digit or candidate outside 1 to n.
    Digit,
    /// An element that cannot be drawn as given: a line of one cell, a dot between cells that
    /// do not touch, an outside clue on no row or column, ...
    Element,
    /// A sheet that cannot be laid out: no puzzle, a solution of another size than its
    /// puzzle, a number of puzzles a page the layouts do not have.
    Sheet,
    /// The PNG or PDF conversion failed (a picture too large to rasterise, say).
    Image,
    /// A PNG or PDF with text, and no font installed to draw it with.
    Font,
}

/// A picture that cannot be drawn: what and where, e.g. `element 3 (Kropki dot): r1c1 and
/// r1c3 do not touch`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError {
    kind: RenderErrorKind,
    message: String,
}

impl RenderError {
    pub(crate) fn new(kind: RenderErrorKind, message: impl Into<String>) -> RenderError {
        RenderError {
            kind,
            message: message.into(),
        }
    }

    /// What kind of problem this is.
    pub fn kind(&self) -> RenderErrorKind {
        self.kind
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RenderError {}
