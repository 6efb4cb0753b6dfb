//! PNG and PDF: digits come out in an installed font, pages have the paper's size, and a
//! picture without text needs no font.
//!
//! The tests that draw text need a font on the system: they are ignored by plain `cargo
//! test`, and `cargo xtask ci` runs them in its release step, where each reports itself
//! skipped when no font is installed.

use std::io::Write as _;

use resvg::tiny_skia::Pixmap;
use sudoku_render::{Board, Paper, Sheet};

use crate::gallery;

/// Whether a font is installed; when none is, reports the running test skipped.
pub(crate) fn font_installed() -> bool {
    if sudoku_render::installed_font().is_ok() {
        return true;
    }
    let thread = std::thread::current();
    let _ = writeln!(
        std::io::stdout().lock(),
        "{}{}: needs an installed font (as root `apt-get install fonts-dejavu-core`, which \
         .ci/run does)",
        sudoku_testing::SKIPPED,
        thread.name().unwrap_or("images")
    );
    false
}

/// Dark pixels (any channel below 128) in the square of `cell` of a 9x9 board drawn at
/// scale 1 (cells of 50 pixels from (3, 3)), away from the grid lines.
fn ink(pixmap: &Pixmap, cell: usize) -> usize {
    let (row, col) = (cell / 9, cell % 9);
    let (x0, y0) = (3 + col as u32 * 50 + 6, 3 + row as u32 * 50 + 6);
    let mut dark = 0;
    for y in y0..y0 + 38 {
        for x in x0..x0 + 38 {
            let p = pixmap.pixel(x, y).unwrap();
            if p.red() < 128 && p.green() < 128 && p.blue() < 128 {
                dark += 1;
            }
        }
    }
    dark
}

#[test]
#[ignore = "needs an installed font; cargo xtask ci runs it"]
fn png_digits_are_drawn_with_an_installed_font() {
    if !font_installed() {
        return;
    }
    let board = gallery::classic();
    let png = board.to_png(1.0).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (456, 456));
    // r1c1 holds a given 5, r1c3 is empty.
    assert!(ink(&pixmap, 0) > 60, "the 5 of r1c1 is drawn");
    assert_eq!(ink(&pixmap, 2), 0, "r1c3 is empty");
    // Different digits leave different ink: a 1 (r4c9... r5c9) less than an 8 (r4c1).
    let one = ink(&pixmap, 44);
    let eight = ink(&pixmap, 27);
    assert!(one > 20 && eight > one + 20, "1: {one}, 8: {eight}");
}

/// An empty board has no text: it needs no font, wherever the tests run.
#[test]
fn png_scale_sets_the_size() {
    let png = Board::new(4).unwrap().to_png(2.0).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!(pixmap.width(), 2 * (4 * 50 + 2 * 3));
}

/// The number of pages of a PDF, read from its page tree.
fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
#[ignore = "needs an installed font; cargo xtask ci runs it"]
fn a_pdf_sheet_has_its_pages_and_its_text_as_outlines() {
    if !font_installed() {
        return;
    }
    let mut sheet = gallery::sheet();
    // Six puzzles, six solutions: one page of puzzles, one of solutions.
    let pdf = sheet.to_pdf().unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(pages(&pdf), 2);
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        !text.contains("/Font") && !text.contains("/FontFile"),
        "no font in the document: its text is drawn as outlines"
    );
    assert!(
        text.contains("/MediaBox [0 0 595.27") && text.contains("841.88"),
        "A4"
    );
    sheet.paper = Paper::Letter;
    sheet.per_page = 1;
    sheet.solutions_per_page = 4;
    let pdf = sheet.to_pdf().unwrap();
    assert_eq!(pages(&pdf), 6 + 2);
    assert!(
        String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 612 792"),
        "Letter"
    );
}

/// The digits are drawn: the outlines of a puzzle's 30 givens make its page larger than the
/// same page with an empty board (text that found no font would be dropped without a word).
#[test]
#[ignore = "needs an installed font; cargo xtask ci runs it"]
fn pdf_digits_are_drawn() {
    if !font_installed() {
        return;
    }
    let size = |board: Board| {
        let mut sheet = Sheet::new(Paper::A4);
        sheet.per_page = 1;
        sheet.add(board, None).unwrap();
        sheet.to_pdf().unwrap().len()
    };
    let (given, empty) = (size(gallery::classic()), size(Board::new(9).unwrap()));
    assert!(
        given > empty + 30 * 40,
        "30 givens add {} bytes",
        given as i64 - empty as i64
    );
}

#[test]
fn a_sheet_numbers_puzzles_and_solutions_alike() {
    let mut sheet = Sheet::new(Paper::A4);
    sheet.per_page = 4;
    sheet.solutions_per_page = 9;
    for k in 0..10 {
        let mut puzzle = Board::new(4).unwrap();
        puzzle.set_given(0, 1 + (k % 4) as u8).unwrap();
        let solution = (k % 2 == 0).then(|| puzzle.clone());
        sheet.add(puzzle, solution).unwrap();
    }
    let pages = sheet.to_svg_pages().unwrap();
    // Ten puzzles four a page: three pages; five solutions: one page.
    assert_eq!(pages.len(), 4);
    assert!(pages[3].contains("Solutions"));
    assert!(pages[3].contains("4 / 4"));
    for number in [1, 3, 5, 7, 9] {
        assert!(pages[3].contains(&format!(">{number}</text>")), "{number}");
    }
    // The even puzzles have no solution: no board on the solution page is numbered 2.
    assert!(!pages[3].contains(r#"font-size="3.2">2</text>"#));
}
