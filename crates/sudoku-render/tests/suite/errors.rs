//! Bad input gets an error that says what and where, never a panic.

use sudoku_render::{
    Board, CageStyle, Cell, Diagonal, DotKind, Element, LineStyle, OutsideClue, Paper,
    RenderErrorKind, Sheet, Side, Step, cells,
};

#[test]
fn sizes_without_boxes_are_refused() {
    for n in [0, 1, 2, 3, 5, 7, 11, 26, 100, usize::MAX] {
        let err = Board::new(n).unwrap_err();
        assert_eq!(err.kind(), RenderErrorKind::Size);
        assert!(err.to_string().contains(&format!("side {n}")), "{err}");
    }
    // With regions of their own, sides 3 to 25 are drawn; the map covers the board.
    let err = Board::with_regions(26, &[0; 676]).unwrap_err();
    assert_eq!(err.kind(), RenderErrorKind::Size);
    assert_eq!(
        err.to_string(),
        "a board of side 26: regions are drawn on sides 3 to 25"
    );
    let err = Board::with_regions(5, &[0; 24]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a region map of 24 cells for a 5x5 board of 25 cells"
    );
    let stripes: Vec<u8> = (0..49).map(|cell| (cell % 7) as u8).collect();
    assert_eq!(Board::with_regions(7, &stripes).unwrap().size(), 7);
}

#[test]
fn cells_and_digits_off_the_board_are_named() {
    let mut board = Board::new(4).unwrap();
    let err = board.set_given(16, 1).unwrap_err();
    assert_eq!(err.kind(), RenderErrorKind::Cell);
    assert_eq!(
        err.to_string(),
        "cell 16 is off the 4x4 board (cells 0 to 15)"
    );
    let err = board.set_placed(5, 5).unwrap_err();
    assert_eq!(err.kind(), RenderErrorKind::Digit);
    assert_eq!(
        err.to_string(),
        "r2c2: digit 5 is not 1 to 4 on a 4x4 board"
    );
    assert!(board.set_given(0, 0).is_err());
    assert!(board.set_candidates(3, &[1, 9]).is_err());
    assert!(
        board
            .mark_candidate(99, 1, sudoku_render::Role::Pattern)
            .is_err()
    );
    board.set_given(0, 1).unwrap();
    let err = board.set_candidates(0, &[2]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "r1c1: pencil marks in a cell that holds a digit"
    );
    let err = board.fill(&[1, 2, 3]).unwrap_err();
    assert_eq!(err.kind(), RenderErrorKind::Size);
    let mut wrong = vec![0u8; 16];
    wrong[0] = 2;
    let err = board.fill(&wrong).unwrap_err();
    assert_eq!(
        err.to_string(),
        "r1c1: the solution holds 2 where the puzzle gives 1"
    );
}

#[test]
fn malformed_elements_are_refused_with_their_number_and_kind() {
    let c = Cell::new;
    let cases: Vec<(Element, &str)> = vec![
        (
            Element::thermometer(cells(&[(0, 0)])),
            "element 1 (thermometer): 1 cell(s), a line needs two or more",
        ),
        (
            Element::line(LineStyle::Renban, cells(&[(0, 0), (0, 2)])),
            "element 1 (renban line): the line goes from r1c1 to r1c3, which do not touch",
        ),
        (
            Element::line(LineStyle::Whisper, cells(&[(8, 8), (9, 8)])),
            "element 1 (German whisper): r10c9 is outside the 9x9 board",
        ),
        (
            Element::dot(c(0, 0), c(1, 1), DotKind::Black),
            "element 1 (Kropki dot): r1c1 and r2c2 do not share a side",
        ),
        (
            Element::Quadruple {
                corner: c(8, 0),
                digits: vec![1],
            },
            "element 1 (quadruple): r9c1 has no cells right of and below it on the 9x9 board",
        ),
        (
            Element::Quadruple {
                corner: c(0, 0),
                digits: vec![1, 2, 3, 4, 5],
            },
            "element 1 (quadruple): 5 digits, a quadruple holds 1 to 4",
        ),
        (
            Element::Cage {
                cells: cells(&[(0, 0), (0, 0)]),
                label: None,
                style: CageStyle::Killer,
            },
            "element 1 (killer cage): r1c1 is named twice",
        ),
        (
            Element::killer_cage(vec![], Some(3)),
            "element 1 (killer cage): no cell",
        ),
        (
            Element::outside(Side::Left, 9, "3"),
            "element 1 (outside clue): row 10 is outside the 9x9 board",
        ),
        (
            Element::little_killer(Side::Top, 0, Diagonal::UpLeft, "3"),
            "element 1 (little-killer clue): its arrow points UpLeft, away from the board",
        ),
        (
            Element::little_killer(Side::Top, 8, Diagonal::DownRight, "3"),
            "element 1 (little-killer clue): its diagonal DownRight misses the board",
        ),
        (
            Element::line(
                LineStyle::Custom {
                    colour: sudoku_render::Colour::BLACK,
                    width: f32::NAN,
                },
                cells(&[(0, 0), (0, 1)]),
            ),
            "element 1 (line): width NaN is not between 0 and 1 cell",
        ),
        (
            Element::line(LineStyle::Renban, vec![]),
            "element 1 (renban line): no cell",
        ),
        (
            Element::labelled_dot(c(0, 0), c(0, 1), DotKind::White, "1234567890123"),
            "element 1 (Kropki dot): text of 13 characters, at most 12 fit",
        ),
        (
            // Only little killers stand at the corners.
            Element::Outside(OutsideClue {
                side: Side::Top,
                index: -1,
                text: "3".into(),
                arrow: None,
            }),
            "element 1 (outside clue): column 0 is outside the 9x9 board",
        ),
        (
            Element::little_killer(Side::Top, -1, Diagonal::DownLeft, "3"),
            "element 1 (little-killer clue): its diagonal DownLeft misses the board",
        ),
        (
            Element::outside(Side::Top, 0, "a very long clue text"),
            "element 1 (outside clue): text of 21 characters, at most 12 fit",
        ),
    ];
    for (element, message) in cases {
        let mut board = Board::new(9).unwrap();
        let err = board.push(element).unwrap_err();
        assert_eq!(err.kind(), RenderErrorKind::Element);
        assert_eq!(err.to_string(), message);
        assert!(board.elements().is_empty());
    }
}

#[test]
fn a_step_with_marks_off_the_board_is_refused() {
    let mut step = Step::new(Board::new(4).unwrap(), "Nothing");
    step.eliminations = vec![(3, 7)];
    let err = step.to_svg().unwrap_err();
    assert_eq!(
        err.to_string(),
        "r1c4: digit 7 is not 1 to 4 on a 4x4 board"
    );
}

#[test]
fn sheets_that_cannot_be_laid_out_are_refused() {
    let mut sheet = Sheet::new(Paper::Letter);
    let err = sheet.to_svg_pages().unwrap_err();
    assert_eq!(err.kind(), RenderErrorKind::Sheet);
    sheet.add(Board::new(9).unwrap(), None).unwrap();
    sheet.per_page = 7;
    let err = sheet.to_svg_pages().unwrap_err();
    assert_eq!(
        err.to_string(),
        "7 puzzles a page: the layouts hold 1, 2, 4, 6, 8, 9, 12, 16, 20"
    );
    let err = sheet
        .add(Board::new(9).unwrap(), Some(Board::new(4).unwrap()))
        .unwrap_err();
    assert_eq!(err.to_string(), "puzzle 2: a 4x4 solution for a 9x9 puzzle");
}

#[test]
fn images_refuse_bad_scales_and_huge_sizes() {
    let board = Board::new(25).unwrap();
    for scale in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert_eq!(
            board.to_png(scale).unwrap_err().kind(),
            RenderErrorKind::Image
        );
    }
    let err = board.to_png(20.0).unwrap_err();
    assert!(err.to_string().contains("at most 16384 on a side"), "{err}");
    let err = sudoku_render::png_from_svg("not svg \u{0} at all", 1.0).unwrap_err();
    assert!(err.to_string().starts_with("invalid SVG"), "{err}");
}
