//! Every kind of constraint of core's `ConstraintPuzzle` is drawn where it stands: each case
//! is a puzzle with one constraint, whose SVG must hold the constraint's marks (a bulb at
//! its cell's centre, a line from its first cell, a dot on its edge, a clue's text in its
//! outside cell), which the empty puzzle's SVG does not. Dropping a constraint, or drawing
//! it elsewhere, fails here.

use sudoku_core::{Constraint, ConstraintPuzzle, DiagonalClue, Direction, Edge, Side};
use sudoku_render::Board;

use crate::gallery;
use crate::svgscan::{attribute, frame, texts};

/// The cell of a 9x9 board by row and column, from 0.
const fn rc(row: usize, col: usize) -> usize {
    row * 9 + col
}

/// A mark an SVG must hold: an element with these attributes (a `d` that starts with the
/// value given), or a text with this content whose anchor lies in the square of side one
/// cell centred on (row, col) of the board (which may be outside it).
#[derive(Debug)]
enum Mark {
    Tag(&'static str, Vec<(&'static str, String)>),
    Text(&'static str, f32, f32),
}

/// The centre of cell (row, col) of a 9x9 board without outside clues, as a number in SVG.
fn centre(row: usize, col: usize) -> (String, String) {
    let at = |k: usize| (3 + 25 + 50 * k).to_string();
    (at(col), at(row))
}

fn circle(row: usize, col: usize, extra: &[(&'static str, &str)]) -> Mark {
    let (cx, cy) = centre(row, col);
    let mut attributes = vec![("cx", cx), ("cy", cy)];
    attributes.extend(extra.iter().map(|&(k, v)| (k, v.to_string())));
    Mark::Tag("circle", attributes)
}

/// A path of colour `stroke` that starts at the centre of (row, col).
fn line_from(row: usize, col: usize, stroke: &str) -> Mark {
    let (x, y) = centre(row, col);
    Mark::Tag(
        "path",
        vec![("stroke", stroke.to_string()), ("d", format!("M{x} {y} L"))],
    )
}

/// A cell washed in `fill`.
fn wash(row: usize, col: usize, fill: &str) -> Mark {
    let at = |k: usize| (3 + 50 * k).to_string();
    Mark::Tag(
        "rect",
        vec![("x", at(col)), ("y", at(row)), ("fill", fill.to_string())],
    )
}

/// Whether `svg` holds `mark`.
fn holds(svg: &str, mark: &Mark) -> bool {
    match mark {
        Mark::Tag(name, wanted) => svg.match_indices(&format!("<{name} ")).any(|(i, _)| {
            let tag = &svg[i..i + svg[i..].find('>').unwrap()];
            wanted.iter().all(|(key, value)| match attribute(tag, key) {
                Some(found) if *key == "d" => found.starts_with(value.as_str()),
                Some(found) => found == value,
                None => false,
            })
        }),
        Mark::Text(content, row, col) => {
            let (left, top, side) = frame(svg);
            let cell = side / 9.0;
            let (x, y) = (left + (col + 0.5) * cell, top + (row + 0.5) * cell);
            texts(svg).iter().any(|t| {
                t.content == *content
                    && (t.x - x).abs() <= cell / 2.0
                    && (t.y - y).abs() <= cell / 2.0
            })
        }
    }
}

/// One case a kind: the constraint and the marks it must draw.
fn cases() -> Vec<(Constraint, Vec<Mark>)> {
    let kropki = |cells: [usize; 2], fill: &str, r: &str| {
        let [(ax, ay), (bx, by)] = cells.map(|c| centre(c / 9, c % 9));
        let mid = |a: String, b: String| {
            ((a.parse::<u32>().unwrap() + b.parse::<u32>().unwrap()) / 2).to_string()
        };
        Mark::Tag(
            "circle",
            vec![
                ("cx", mid(ax, bx)),
                ("cy", mid(ay, by)),
                ("r", r.to_string()),
                ("fill", fill.to_string()),
            ],
        )
    };
    vec![
        (
            Constraint::Thermometer(vec![rc(1, 1), rc(1, 2), rc(2, 3)]),
            vec![
                circle(1, 1, &[("r", "20"), ("fill", "#cfcfcf")]),
                line_from(1, 1, "#cfcfcf"),
            ],
        ),
        (
            Constraint::SlowThermometer(vec![rc(4, 4), rc(5, 4)]),
            vec![
                circle(4, 4, &[("r", "20"), ("fill", "#cfcfcf")]),
                line_from(4, 4, "#cfcfcf"),
                // The white dashes that tell it from a thermometer, from the bulb's edge.
                Mark::Tag(
                    "path",
                    vec![
                        ("stroke", "#ffffff".to_string()),
                        ("d", "M228 248 L228 278".to_string()),
                    ],
                ),
            ],
        ),
        (
            Constraint::Arrow {
                bulb: vec![rc(2, 2)],
                shaft: vec![rc(3, 3), rc(4, 3)],
            },
            vec![
                circle(2, 2, &[("fill", "#ffffff"), ("stroke", "#a1a1a1")]),
                line_from(2, 2, "#a1a1a1"),
            ],
        ),
        (
            // A pill: a stroke through its cells.
            Constraint::Arrow {
                bulb: vec![rc(6, 1), rc(6, 2)],
                shaft: vec![rc(7, 3)],
            },
            vec![line_from(6, 1, "#a1a1a1"), line_from(6, 2, "#a1a1a1")],
        ),
        (
            Constraint::Difference {
                cells: [rc(0, 4), rc(0, 5)],
                difference: 1,
            },
            vec![kropki([rc(0, 4), rc(0, 5)], "#ffffff", "6")],
        ),
        (
            Constraint::Difference {
                cells: [rc(3, 6), rc(4, 6)],
                difference: 3,
            },
            vec![
                kropki([rc(3, 6), rc(4, 6)], "#ffffff", "7.5"),
                Mark::Text("3", 3.5, 6.0),
            ],
        ),
        (
            Constraint::Ratio {
                cells: [rc(7, 7), rc(7, 8)],
                ratio: 2,
            },
            vec![kropki([rc(7, 7), rc(7, 8)], "#000000", "6")],
        ),
        (
            Constraint::Ratio {
                cells: [rc(5, 0), rc(5, 1)],
                ratio: 4,
            },
            vec![
                kropki([rc(5, 0), rc(5, 1)], "#000000", "7.5"),
                Mark::Text("4", 5.0, 0.5),
            ],
        ),
        (
            Constraint::Xv {
                cells: [rc(8, 2), rc(8, 3)],
                sum: 10,
            },
            vec![Mark::Text("X", 8.0, 2.5)],
        ),
        (
            Constraint::Xv {
                cells: [rc(1, 7), rc(2, 7)],
                sum: 5,
            },
            vec![Mark::Text("V", 1.5, 7.0)],
        ),
        (
            Constraint::Palindrome(vec![rc(5, 5), rc(6, 6), rc(7, 6)]),
            vec![line_from(5, 5, "#c0c0c0")],
        ),
        (
            Constraint::Whispers {
                cells: vec![rc(0, 0), rc(1, 0)],
                gap: 5,
            },
            vec![line_from(0, 0, "#67f067")],
        ),
        (
            // A gap other than 5 is written by the first cell.
            Constraint::Whispers {
                cells: vec![rc(2, 8), rc(3, 8)],
                gap: 3,
            },
            vec![line_from(2, 8, "#67f067"), Mark::Text("≥3", 2.0, 8.0)],
        ),
        (
            Constraint::Renban(vec![rc(8, 8), rc(8, 7), rc(7, 6)]),
            vec![line_from(8, 8, "#f067f0")],
        ),
        (
            // One cell: a disc, the line going nowhere.
            Constraint::Renban(vec![rc(3, 1)]),
            vec![line_from(3, 1, "#f067f0")],
        ),
        (
            Constraint::Between(vec![rc(4, 0), rc(4, 1), rc(4, 2)]),
            vec![
                line_from(4, 0, "#a8b8d0"),
                circle(4, 0, &[("fill", "#ffffff"), ("stroke", "#a8b8d0")]),
                circle(4, 2, &[("fill", "#ffffff"), ("stroke", "#a8b8d0")]),
            ],
        ),
        (
            Constraint::RegionSum(vec![rc(2, 4), rc(2, 5), rc(2, 6)]),
            vec![line_from(2, 4, "#2ecbff")],
        ),
        (
            Constraint::Killer {
                cells: vec![rc(8, 0), rc(8, 1)],
                sum: Some(11),
            },
            vec![
                Mark::Tag("path", vec![("stroke-dasharray", "5 3.25".to_string())]),
                Mark::Text("11", 7.75, -0.25),
            ],
        ),
        (
            Constraint::Quadruple {
                cells: vec![rc(6, 6), rc(6, 7), rc(7, 6), rc(7, 7)],
                digits: vec![1, 9],
            },
            vec![
                Mark::Tag(
                    "circle",
                    vec![
                        ("cx", "353".to_string()),
                        ("cy", "353".to_string()),
                        ("r", "12".to_string()),
                    ],
                ),
                Mark::Text("1", 6.5, 6.5),
                Mark::Text("9", 6.5, 6.5),
            ],
        ),
        (
            Constraint::Odd(rc(0, 8)),
            vec![circle(0, 8, &[("r", "18"), ("fill", "#d0d0d0")])],
        ),
        (
            Constraint::Even(rc(1, 4)),
            vec![Mark::Tag(
                "rect",
                vec![
                    ("x", "210".to_string()),
                    ("y", "60".to_string()),
                    ("fill", "#d0d0d0".to_string()),
                ],
            )],
        ),
        (
            Constraint::Minimum(rc(5, 7)),
            vec![
                wash(5, 7, "#d0d0d0"),
                Mark::Tag("path", vec![("stroke", "#707070".to_string())]),
            ],
        ),
        (
            Constraint::Maximum(rc(6, 0)),
            vec![
                wash(6, 0, "#d0d0d0"),
                Mark::Tag("path", vec![("stroke", "#707070".to_string())]),
            ],
        ),
        (
            Constraint::Clone {
                cells: vec![rc(0, 1), rc(0, 2)],
                copy: vec![rc(8, 5), rc(8, 6)],
            },
            vec![
                wash(0, 1, "#ffd27f"),
                wash(0, 2, "#ffd27f"),
                wash(8, 5, "#ffd27f"),
                wash(8, 6, "#ffd27f"),
            ],
        ),
        (
            Constraint::ExtraRegion(vec![rc(3, 4), rc(4, 5), rc(5, 6)]),
            vec![
                wash(3, 4, "#c8c8c8"),
                wash(4, 5, "#c8c8c8"),
                wash(5, 6, "#c8c8c8"),
            ],
        ),
        (
            Constraint::NegativeDiagonal,
            vec![wash(0, 0, "#dde8f6"), wash(8, 8, "#dde8f6")],
        ),
        (
            Constraint::PositiveDiagonal,
            vec![wash(8, 0, "#dde8f6"), wash(0, 8, "#dde8f6")],
        ),
        (
            Constraint::LittleKiller {
                clue: DiagonalClue {
                    first: rc(0, 3),
                    direction: Direction::DownRight,
                },
                sum: 23,
            },
            // The clue before r1c4, above column 3 (rows and columns counted from the
            // board's frame).
            vec![Mark::Text("23", -1.0, 2.0)],
        ),
        (
            Constraint::LittleKiller {
                clue: DiagonalClue {
                    first: rc(8, 8),
                    direction: Direction::UpLeft,
                },
                sum: 45,
            },
            // At the bottom-right corner.
            vec![Mark::Text("45", 9.0, 9.0)],
        ),
        (
            Constraint::Sandwich {
                clue: Edge {
                    side: Side::Left,
                    index: 4,
                },
                sum: 17,
            },
            vec![Mark::Text("17", 4.0, -1.0)],
        ),
        (
            Constraint::XSum {
                clue: Edge {
                    side: Side::Bottom,
                    index: 6,
                },
                sum: 21,
            },
            vec![Mark::Text("21", 9.0, 6.0)],
        ),
        (
            Constraint::AntiKnight,
            vec![Mark::Text("Anti-knight", 9.2, 4.0)],
        ),
        (
            Constraint::AntiKing,
            vec![Mark::Text("Anti-king", 9.2, 4.0)],
        ),
        (
            Constraint::NonConsecutive,
            vec![Mark::Text("Non-consecutive", 9.2, 4.0)],
        ),
        (
            Constraint::DisjointGroups,
            vec![Mark::Text("Disjoint groups", 9.2, 4.0)],
        ),
        (
            Constraint::NegativeDifference,
            vec![Mark::Text("Negative difference", 9.2, 4.0)],
        ),
        (
            Constraint::NegativeRatio,
            vec![Mark::Text("Negative ratio", 9.2, 4.0)],
        ),
        (
            Constraint::NegativeXv,
            vec![Mark::Text("Negative XV", 9.2, 4.0)],
        ),
    ]
}

#[test]
fn every_kind_of_constraint_draws_its_marks_where_it_stands() {
    let empty = Board::from_constraints(&ConstraintPuzzle::new(9).unwrap()).to_svg();
    let mut kinds = Vec::new();
    for (constraint, marks) in cases() {
        let name = constraint.name();
        kinds.push(name);
        let mut puzzle = ConstraintPuzzle::new(9).unwrap();
        puzzle
            .add(constraint.clone())
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let svg = Board::from_constraints(&puzzle).to_svg();
        for mark in &marks {
            assert!(holds(&svg, mark), "{name}: no {mark:?} in\n{svg}");
            assert!(!holds(&empty, mark), "{name}: {mark:?} is drawn without it");
        }
    }
    // Every kind core names has a case (a new kind of constraint needs one here).
    let mut distinct = kinds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 31, "{distinct:?}");
}

/// Boards of every side from 4 to 16, the sides without boxes too (5, 7, 11, 13), draw
/// their regions and constraints.
#[test]
fn constraint_puzzles_of_every_side_are_drawn() {
    for n in 4..=16 {
        let mut puzzle = ConstraintPuzzle::new(n).unwrap();
        if sudoku_core::Shape::for_size(n).is_none() {
            // Rows as regions will not do for a puzzle; stripes of columns... any map of n
            // regions of n cells: the rows, shifted one more cell each row.
            let map: Vec<usize> = (0..n * n).map(|c| (c / n + c % n) % n).collect();
            puzzle.set_regions(&map).unwrap();
        }
        let last = n * n - 1;
        puzzle
            .add(Constraint::Thermometer(vec![0, 1, n + 2]))
            .unwrap();
        puzzle
            .add(Constraint::LittleKiller {
                clue: DiagonalClue {
                    first: last,
                    direction: Direction::UpLeft,
                },
                sum: 10,
            })
            .unwrap();
        puzzle.set_given(last, n as u8).unwrap();
        let board = Board::from_constraints(&puzzle);
        assert_eq!(board.size(), n);
        let svg = board.to_svg();
        assert!(svg.contains(r##"r="20" fill="#cfcfcf""##), "{n}: the bulb");
        let digit = char::from_digit(n as u32, 36).unwrap().to_ascii_uppercase();
        assert!(
            texts(&svg)
                .iter()
                .any(|t| t.content == digit.to_string() && t.class == "given"),
            "{n}: the given"
        );
        assert!(texts(&svg).iter().any(|t| t.content == "10"), "{n}");
        sudoku_render::png_from_svg(&svg, 0.25).unwrap_or_else(|err| panic!("{n}: {err}"));
    }
}

/// The variant puzzles of the docs keep every constraint they read: as many marks as
/// constraints of each kind, counted in the SVG.
#[test]
fn the_variant_pictures_draw_each_constraint_read() {
    for (name, puzzle) in gallery::variant_puzzles() {
        let board = Board::from_constraints(&puzzle);
        let drawn = board.elements().len();
        let global = puzzle
            .constraints()
            .iter()
            .filter(|c| c.is_global())
            .count();
        // One element a constraint; arrows two (shaft and bulb) or more (a bulb of cells
        // apart), whispers of another gap two (the line and its gap).
        let arrows = puzzle
            .constraints()
            .iter()
            .filter(|c| matches!(c, Constraint::Arrow { .. }))
            .count();
        assert!(
            drawn >= puzzle.constraints().len() - global + arrows,
            "{name}: {drawn} elements for {} constraints",
            puzzle.constraints().len()
        );
    }
}
