//! Printable sheets: puzzles laid out several to a page, as puzzle books and class worksheets
//! are, with their solutions, smaller, on the pages after.

use std::fmt::Write;

use crate::board::Board;
use crate::error::{RenderError, RenderErrorKind};
use crate::style::Style;
use crate::svg::text::{Num, escape_into};
use crate::svg::{Frame, write_board};

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    /// A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in (215.9 x 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// The layouts of a page: puzzles a page, as columns x rows.
const LAYOUTS: [(usize, (usize, usize)); 9] = [
    (1, (1, 1)),
    (2, (1, 2)),
    (4, (2, 2)),
    (6, (2, 3)),
    (8, (2, 4)),
    (9, (3, 3)),
    (12, (3, 4)),
    (16, (4, 4)),
    (20, (4, 5)),
];

/// A printable sheet: puzzles, numbered from 1, `per_page` to a page, then their solutions
/// `solutions_per_page` to a page; a title and, for class worksheets, a line for a name and
/// a date at the top of each puzzle page, and page numbers at the foot.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_render::{Board, Paper, Sheet};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let solution: Grid =
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
/// let mut sheet = Sheet::new(Paper::A4);
/// sheet.title = Some("Week 1".to_string());
/// for _ in 0..7 {
///     let mut answer = Board::from_grid(&puzzle);
///     answer.fill(solution.cells())?;
///     sheet.add(Board::from_grid(&puzzle), Some(answer))?;
/// }
/// let pages = sheet.to_svg_pages()?;
/// // Six puzzles a page: two pages of puzzles, then one of the seven solutions.
/// assert_eq!(pages.len(), 3);
/// assert!(pages[0].contains(r#"width="210mm" height="297mm""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The paper. Default: as given to [`Sheet::new`].
    pub paper: Paper,
    /// Puzzles a page: 1, 2, 4, 6, 8, 9, 12, 16 or 20. Default: 6 (two columns of three).
    pub per_page: usize,
    /// Solutions a page, one of the same numbers. Default: 12.
    pub solutions_per_page: usize,
    /// The heading of every page. Default: none.
    pub title: Option<String>,
    /// Whether puzzle pages have a line for a name and a date, as worksheets do. Default:
    /// false.
    pub name_line: bool,
    /// The style of the boards (sizes are scaled to fit). Default: [`Style::default`].
    pub style: Style,
    entries: Vec<(Board, Option<Board>)>,
}

/// The page margin, the heading's and footer's heights, the gap between boards, in mm.
const MARGIN: f32 = 14.0;
const HEADING: f32 = 12.0;
const FOOTER: f32 = 8.0;
const GAP: f32 = 6.0;
/// The height of a board's number above it, in mm.
const LABEL: f32 = 5.0;

impl Sheet {
    /// The numbers of puzzles (or solutions) a page can hold: 1, 2, 4, 6, 8, 9, 12, 16 and 20.
    pub const PER_PAGE: [usize; LAYOUTS.len()] = {
        let mut counts = [0; LAYOUTS.len()];
        let mut i = 0;
        while i < LAYOUTS.len() {
            counts[i] = LAYOUTS[i].0;
            i += 1;
        }
        counts
    };

    /// An empty sheet on `paper` with the defaults.
    pub fn new(paper: Paper) -> Sheet {
        Sheet {
            paper,
            per_page: 6,
            solutions_per_page: 12,
            title: None,
            name_line: false,
            style: Style::default(),
            entries: Vec::new(),
        }
    }

    /// Adds a puzzle and, if given, its solution (drawn on the solution pages under the same
    /// number).
    ///
    /// # Errors
    ///
    /// When the solution's board is not the puzzle's size.
    pub fn add(&mut self, puzzle: Board, solution: Option<Board>) -> Result<(), RenderError> {
        if let Some(solution) = &solution
            && solution.size() != puzzle.size()
        {
            return Err(RenderError::new(
                RenderErrorKind::Sheet,
                format!(
                    "puzzle {}: a {m}x{m} solution for a {n}x{n} puzzle",
                    self.entries.len() + 1,
                    m = solution.size(),
                    n = puzzle.size()
                ),
            ));
        }
        self.entries.push((puzzle, solution));
        Ok(())
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no puzzle yet.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every page as an SVG document sized in millimetres: the puzzle pages, then the
    /// solution pages (when any puzzle has a solution).
    ///
    /// # Errors
    ///
    /// When the sheet has no puzzle, or a number a page is not one of the layouts.
    pub fn to_svg_pages(&self) -> Result<Vec<String>, RenderError> {
        if self.entries.is_empty() {
            return Err(RenderError::new(
                RenderErrorKind::Sheet,
                "a sheet without any puzzle",
            ));
        }
        let layout = |per_page: usize, what: &str| {
            LAYOUTS
                .iter()
                .find(|(count, _)| *count == per_page)
                .map(|&(_, grid)| grid)
                .ok_or_else(|| {
                    let counts: Vec<String> =
                        LAYOUTS.iter().map(|(count, _)| count.to_string()).collect();
                    RenderError::new(
                        RenderErrorKind::Sheet,
                        format!(
                            "{per_page} {what} a page: the layouts hold {}",
                            counts.join(", ")
                        ),
                    )
                })
        };
        let puzzle_grid = layout(self.per_page, "puzzles")?;
        let solution_grid = layout(self.solutions_per_page, "solutions")?;
        let puzzles: Vec<(usize, &Board)> = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, (puzzle, _))| (i + 1, puzzle))
            .collect();
        let solutions: Vec<(usize, &Board)> = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, (_, solution))| solution.as_ref().map(|s| (i + 1, s)))
            .collect();
        let puzzle_pages = puzzles.len().div_ceil(self.per_page);
        let solution_pages = solutions.len().div_ceil(self.solutions_per_page);
        let total = puzzle_pages + solution_pages;
        let mut pages = Vec::with_capacity(total);
        for chunk in puzzles.chunks(self.per_page) {
            pages.push(self.page(chunk, puzzle_grid, false, pages.len() + 1, total));
        }
        for chunk in solutions.chunks(self.solutions_per_page) {
            pages.push(self.page(chunk, solution_grid, true, pages.len() + 1, total));
        }
        Ok(pages)
    }

    /// One page of `boards` (each with its number) in a grid of `cols` x `rows` slots.
    fn page(
        &self,
        boards: &[(usize, &Board)],
        (cols, rows): (usize, usize),
        solutions: bool,
        number: usize,
        total: usize,
    ) -> String {
        let (width, height) = self.paper.size_mm();
        let mut out = String::with_capacity(boards.len() * 16 * 1024);
        let _ = write!(
            out,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}"><rect width="{w}" height="{h}" fill="#ffffff"/>"##,
            w = Num(width),
            h = Num(height)
        );
        out.push_str(r#"<g font-family=""#);
        escape_into(&mut out, &self.style.font_family);
        out.push_str(r##"" fill="#222222">"##);
        // The heading: the title on the left, the name and date line or "Solutions" on the
        // right.
        let baseline = MARGIN + 6.0;
        if let Some(title) = &self.title {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="6">"#,
                Num(MARGIN),
                Num(baseline)
            );
            escape_into(&mut out, title);
            out.push_str("</text>");
        }
        let right = if solutions {
            Some("Solutions".to_string())
        } else if self.name_line {
            Some("Name ________________  Date __________".to_string())
        } else {
            None
        };
        if let Some(right) = right {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="4.2" text-anchor="end">{right}</text>"#,
                Num(width - MARGIN),
                Num(baseline)
            );
        }
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="3.5" text-anchor="middle">{number} / {total}</text>"#,
            Num(width / 2.0),
            Num(height - MARGIN + 2.0)
        );
        // The slots.
        let top = MARGIN + HEADING;
        let (area_w, area_h) = (
            width - 2.0 * MARGIN,
            height - 2.0 * MARGIN - HEADING - FOOTER,
        );
        let slot_w = (area_w - GAP * (cols - 1) as f32) / cols as f32;
        let slot_h = (area_h - GAP * (rows - 1) as f32) / rows as f32;
        let label_size = if solutions { 3.2 } else { 4.0 };
        for (k, &(index, board)) in boards.iter().enumerate() {
            let (col, row) = (k % cols, k / cols);
            let x = MARGIN + col as f32 * (slot_w + GAP);
            let y = top + row as f32 * (slot_h + GAP);
            let frame = Frame::of(board, self.style.cell);
            let scale = (slot_w / frame.width).min((slot_h - LABEL) / frame.height);
            let left = x + (slot_w - frame.width * scale) / 2.0;
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}">{index}</text>"#,
                Num(left),
                Num(y + LABEL - 1.2),
                Num(label_size)
            );
            let _ = write!(
                out,
                r#"<g transform="translate({} {}) scale({})">"#,
                Num(left),
                Num(y + LABEL),
                scale
            );
            write_board(&mut out, board, &self.style, &frame);
            out.push_str("</g>");
        }
        out.push_str("</g></svg>\n");
        out
    }
}
