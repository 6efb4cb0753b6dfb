//! What the SVG says, read back: every given once as text at its cell, placed digits and
//! pencil marks where they belong, well-formed documents.

use sudoku_render::{Board, Cell, Element, Role, Side};

use crate::gallery;
use crate::svgscan::{frame, texts};

/// The symbol of a digit on boards up to 25x25.
fn symbol(digit: u8) -> String {
    let symbols = "123456789ABCDEFGHIJKLMNOP";
    symbols[usize::from(digit) - 1..usize::from(digit)].to_string()
}

/// Every given of `board` appears exactly once as text inside its cell (in the givens'
/// group, none elsewhere), and the givens' group holds nothing else.
fn givens_appear_once_at_their_cells(name: &str, board: &Board) {
    let svg = board.to_svg();
    let (left, top, side) = frame(&svg);
    let n = board.size();
    let cell = side / n as f32;
    let all = texts(&svg);
    let mut givens = 0;
    for index in 0..n * n {
        let Some(digit) = board.given(index) else {
            continue;
        };
        givens += 1;
        let at = Cell::from_index(index, n);
        let (x0, y0) = (left + at.col as f32 * cell, top + at.row as f32 * cell);
        let inside: Vec<_> = all
            .iter()
            .filter(|t| t.x > x0 && t.x < x0 + cell && t.y > y0 && t.y < y0 + cell)
            .filter(|t| t.content == symbol(digit))
            .collect();
        assert_eq!(
            inside.len(),
            1,
            "{name}: given {digit} of {at} appears {} times in its cell",
            inside.len()
        );
        assert_eq!(inside[0].class, "given", "{name}: {at}");
        // Centred: the text's anchor is the cell's centre across, its baseline below the
        // centre.
        assert!(
            (inside[0].x - (x0 + cell / 2.0)).abs() < 0.01,
            "{name}: {at}"
        );
        assert!(inside[0].y > y0 + cell / 2.0, "{name}: {at}");
    }
    let in_group = all.iter().filter(|t| t.class == "given").count();
    assert_eq!(in_group, givens, "{name}: texts in the givens' group");
    assert!(givens > 0, "{name} has givens");
}

#[test]
fn every_given_appears_once_as_text_at_its_cell() {
    let boards = [
        ("classic", gallery::classic()),
        ("solved", gallery::classic_solved()),
        ("position", gallery::position()),
        ("16x16", gallery::sixteen()),
        ("25x25", gallery::twenty_five()),
        ("jigsaw", gallery::jigsaw()),
        ("sudoku x", gallery::sudoku_x()),
        ("variants", gallery::variants()),
    ];
    for (name, board) in &boards {
        givens_appear_once_at_their_cells(name, board);
    }
    for step in gallery::explanation() {
        givens_appear_once_at_their_cells(&step.title, &step.picture().unwrap());
    }
}

/// Each size from 4 to 25 draws its symbols: a board with 1 to n down its diagonal.
#[test]
fn every_size_draws_digits_then_letters() {
    for n in [4, 6, 8, 9, 10, 12, 15, 16, 20, 25] {
        let mut board = Board::new(n).unwrap();
        for d in 1..=n {
            board.set_given((d - 1) * n + d - 1, d as u8).unwrap();
        }
        givens_appear_once_at_their_cells(&format!("{n}x{n}"), &board);
        let contents: Vec<String> = texts(&board.to_svg())
            .into_iter()
            .map(|t| t.content)
            .collect();
        assert_eq!(contents.last().unwrap(), &symbol(n as u8));
    }
}

/// A solution over its puzzle: givens stay givens, the other 81 - givens digits are placed.
#[test]
fn a_solution_tells_givens_from_placed_digits() {
    let board = gallery::classic_solved();
    let all = texts(&board.to_svg());
    let given = all.iter().filter(|t| t.class == "given").count();
    let placed = all.iter().filter(|t| t.class == "placed").count();
    assert_eq!((given, placed), (30, 51));
}

/// Pencil marks sit in fixed places: digit d of a cell at the same offset in every cell.
#[test]
fn pencil_marks_keep_fixed_places() {
    let mut board = Board::new(9).unwrap();
    board.set_candidates(0, &[1, 5, 9]).unwrap();
    board.set_candidates(40, &[5, 9]).unwrap();
    let svg = board.to_svg();
    let marks: Vec<_> = texts(&svg)
        .into_iter()
        .filter(|t| t.class == "pencil")
        .collect();
    assert_eq!(marks.len(), 5);
    let (_, _, side) = frame(&svg);
    let cell = side / 9.0;
    let offset = |content: &str, which: usize| {
        let t = marks
            .iter()
            .filter(|t| t.content == content)
            .nth(which)
            .unwrap();
        (t.x % cell, t.y % cell)
    };
    for digit in ["5", "9"] {
        let (a, b) = (offset(digit, 0), offset(digit, 1));
        assert!(
            (a.0 - b.0).abs() < 0.01 && (a.1 - b.1).abs() < 0.01,
            "{digit}"
        );
    }
    // 1 top left, 5 in the middle, 9 bottom right.
    let (one, five, nine) = (offset("1", 0), offset("5", 0), offset("9", 0));
    assert!(one.0 < five.0 && five.0 < nine.0 && one.1 < five.1 && five.1 < nine.1);
}

/// An explanation's candidates are drawn on discs of their role, eliminations struck out.
#[test]
fn roles_are_drawn_on_discs() {
    let mut board = Board::new(9).unwrap();
    board.set_candidates(0, &[1, 2, 3]).unwrap();
    board.mark_candidate(0, 1, Role::Pattern).unwrap();
    board.mark_candidate(0, 2, Role::Elimination).unwrap();
    board.mark_candidate(0, 3, Role::Placement).unwrap();
    let svg = board.to_svg();
    for class in ["pattern", "elimination", "placement"] {
        assert_eq!(
            svg.matches(&format!(r#"<circle class="{class}""#)).count(),
            1,
            "{class}"
        );
    }
    let all = texts(&svg);
    assert_eq!(all.iter().filter(|t| t.class == "roles").count(), 3);
    assert_eq!(all.iter().filter(|t| t.class == "pencil").count(), 0);
}

/// A label on a board without any cage is drawn (labels were once drawn only beside cage
/// sums).
#[test]
fn a_text_element_is_drawn_without_any_cage() {
    let mut board = Board::new(6).unwrap();
    board
        .push(Element::Text {
            cell: Cell::new(2, 3),
            text: "A1".into(),
        })
        .unwrap();
    let svg = board.to_svg();
    let (left, top, side) = frame(&svg);
    let cell = side / 6.0;
    let label = texts(&svg)
        .into_iter()
        .find(|t| t.content == "A1")
        .expect("the label is drawn");
    assert!(label.x > left + 3.0 * cell && label.x < left + 3.5 * cell);
    assert!(label.y > top + 2.0 * cell && label.y < top + 2.5 * cell);
}

/// Text from outside (captions, clues) is escaped, control characters replaced: the SVG
/// stays well formed whatever the bytes were.
#[test]
fn hostile_text_stays_well_formed() {
    let mut board = Board::new(9).unwrap();
    board.set_caption("<script>alert('x')</script> & \u{0}\u{1b}[31m \"q\"");
    board.push(Element::outside(Side::Top, 0, "<&>")).unwrap();
    let svg = board.to_svg();
    assert!(!svg.contains("<script>"));
    assert!(svg.contains("&lt;script&gt;"));
    assert!(!svg.contains('\u{0}') && !svg.contains('\u{1b}'));
    sudoku_render::png_from_svg(&svg, 0.5).expect("the SVG parses");
}

/// Every picture of the gallery is well-formed SVG (it parses and rasterises).
#[test]
fn every_picture_parses() {
    for (name, svg) in gallery::pictures() {
        let png =
            sudoku_render::png_from_svg(&svg, 0.25).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert!(png.starts_with(b"\x89PNG"), "{name}");
    }
}

/// The explanation page: one section a step, the first shown, ids to link to; an empty list
/// says so.
#[test]
fn the_explanation_page_has_a_section_a_step() {
    let page = gallery::explanation_page();
    assert_eq!(page.matches("<section class=\"step").count(), 10);
    assert_eq!(page.matches("<section class=\"step current\"").count(), 1);
    assert!(page.contains(r#"id="step-10""#) && page.contains("Step 1 of 10"));
    assert_eq!(page.matches("<svg").count(), 10);
    let empty = sudoku_render::explain_page("Nothing", &[], &Default::default()).unwrap();
    assert!(empty.contains(">No step</span>") && !empty.contains("<section"));
}
