//! The pictures of docs/render/: a classic puzzle and its solution, a position with pencil
//! marks, a 16x16, a 25x25, a jigsaw, a killer, one puzzle with every kind of element,
//! variant puzzles that between them hold every kind of constraint with a drawing, an
//! explanation step, a ten-step explanation page and a printable page. Built from the
//! puzzles of benchdata/ and crates/sudoku-constraints/tests/published.jsonl and real steps
//! of sudoku-gen's technique ladder, the same on every run.

use std::path::PathBuf;

use sudoku_core::{ConstraintPuzzle, Grid, Puzzle, PuzzleReader};
use sudoku_gen::LogicSolver;
use sudoku_render::{
    Board, CageStyle, Cell, CellShape, Colour, Diagonal, DotKind, Element, LineStyle, Paper, Sheet,
    Side, Step, Style, cells, explain_page,
};

/// The workspace's root.
pub(crate) fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first puzzle of a benchdata file of any size or variant.
fn benchdata(name: &str) -> Puzzle {
    let text = std::fs::read_to_string(workspace().join("benchdata").join(name))
        .unwrap_or_else(|err| panic!("benchdata/{name}: {err}"));
    PuzzleReader::new(text.as_bytes())
        .any_size()
        .next()
        .expect("a puzzle")
        .expect("a valid puzzle")
        .puzzle
}

pub(crate) const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub(crate) const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The classic puzzle.
pub(crate) fn classic() -> Board {
    Board::from_grid(&CLASSIC.parse::<Grid>().unwrap())
}

/// The classic puzzle solved: givens black, the rest placed in blue.
pub(crate) fn classic_solved() -> Board {
    let mut board = classic();
    board
        .fill(CLASSIC_SOLUTION.parse::<Grid>().unwrap().cells())
        .unwrap();
    board
}

/// The first puzzle of benchdata/size16.txt.
pub(crate) fn sixteen() -> Board {
    Board::from_puzzle(&benchdata("size16.txt"))
}

/// The first puzzle of benchdata/size25.txt.
pub(crate) fn twenty_five() -> Board {
    Board::from_puzzle(&benchdata("size25.txt"))
}

/// The first puzzle of benchdata/jigsaw.jsonl.
pub(crate) fn jigsaw() -> Board {
    Board::from_puzzle(&benchdata("jigsaw.jsonl"))
}

/// Sudoku X: the first puzzle of benchdata/x.jsonl, the diagonals shaded.
pub(crate) fn sudoku_x() -> Board {
    Board::from_puzzle(&benchdata("x.jsonl"))
}

/// The first killer of benchdata/killer.jsonl: each cage of the JSON an element.
pub(crate) fn killer() -> Board {
    let text = std::fs::read_to_string(workspace().join("benchdata/killer.jsonl")).unwrap();
    let line = text
        .lines()
        .find(|line| line.contains("\"cages\""))
        .expect("a killer line");
    let json: serde_json::Value = serde_json::from_str(line).unwrap();
    let mut board = Board::new(9).unwrap();
    for cage in json["cages"].as_array().unwrap() {
        let cells: Vec<Cell> = cage["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| {
                Cell::new(
                    rc[0].as_u64().unwrap() as usize,
                    rc[1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        let sum = cage["sum"].as_u64().map(|s| s as u32);
        board.push(Element::killer_cage(cells, sum)).unwrap();
    }
    board
}

/// One 9x9 puzzle with every kind of element, a few givens among them.
pub(crate) fn variants() -> Board {
    let mut board = Board::new(9).unwrap();
    for (cell, digit) in [(40, 5), (16, 4), (60, 3), (77, 8)] {
        board.set_given(cell, digit).unwrap();
    }
    let c = Cell::new;
    board
        .push(Element::thermometer(cells(&[
            (2, 0),
            (1, 0),
            (0, 0),
            (0, 1),
        ])))
        .unwrap();
    board
        .extend(Element::arrow(
            cells(&[(0, 3)]),
            cells(&[(0, 3), (1, 4), (2, 4), (2, 5)]),
        ))
        .unwrap();
    board
        .extend(Element::arrow(
            cells(&[(0, 7), (0, 8)]),
            cells(&[(0, 7), (1, 6), (2, 6), (2, 7)]),
        ))
        .unwrap();
    let elements = vec![
        Element::dot(c(1, 1), c(1, 2), DotKind::White),
        Element::dot(c(2, 1), c(2, 2), DotKind::Black),
        Element::EdgeText {
            cells: [c(1, 3), c(2, 3)],
            text: "X".into(),
        },
        Element::EdgeText {
            cells: [c(1, 8), c(2, 8)],
            text: "V".into(),
        },
        Element::line(LineStyle::Renban, cells(&[(3, 0), (4, 0), (5, 0)])),
        Element::Shape {
            cell: c(4, 2),
            shape: CellShape::Odd,
        },
        Element::Shape {
            cell: c(5, 2),
            shape: CellShape::Even,
        },
        Element::line(LineStyle::Whisper, cells(&[(3, 3), (4, 4), (3, 5)])),
        Element::Shape {
            cell: c(5, 3),
            shape: CellShape::Minimum,
        },
        Element::Shape {
            cell: c(5, 5),
            shape: CellShape::Maximum,
        },
        Element::line(LineStyle::Palindrome, cells(&[(3, 6), (4, 7), (5, 6)])),
        Element::Quadruple {
            corner: c(4, 7),
            digits: vec![1, 2, 7],
        },
        Element::killer_cage(cells(&[(6, 0), (6, 1), (7, 0)]), Some(15)),
        Element::line(LineStyle::Between, cells(&[(7, 1), (8, 2), (8, 3), (7, 4)])),
        Element::line(
            LineStyle::RegionSum,
            cells(&[(6, 4), (6, 5), (6, 6), (6, 7)]),
        ),
        Element::Cage {
            cells: cells(&[(7, 7), (7, 8), (8, 8)]),
            label: None,
            style: CageStyle::ExtraRegion,
        },
        Element::Shade {
            cells: cells(&[(7, 5), (8, 5)]),
            colour: Colour::hex(0xffd27f).with_alpha(160),
        },
        Element::Shade {
            cells: cells(&[(7, 6), (8, 6)]),
            colour: Colour::hex(0xffd27f).with_alpha(160),
        },
        Element::Text {
            cell: c(8, 0),
            text: "A".into(),
        },
        Element::little_killer(Side::Top, 1, Diagonal::DownRight, "23"),
        Element::little_killer(Side::Right, 6, Diagonal::DownLeft, "15"),
        Element::outside(Side::Left, 4, "12"),
        Element::outside(Side::Bottom, 4, "28"),
    ];
    board.extend(elements).unwrap();
    board
}

/// A variant puzzle in f-puzzles JSON: line `line` (from 0) of benchdata/`name`.
pub(crate) fn benchdata_variant(name: &str, line: usize) -> ConstraintPuzzle {
    let text = std::fs::read_to_string(workspace().join("benchdata").join(name))
        .unwrap_or_else(|err| panic!("benchdata/{name}: {err}"));
    let json = text.lines().nth(line).expect("the line");
    ConstraintPuzzle::from_fpuzzles(json).unwrap_or_else(|err| panic!("{name}:{line}: {err}"))
}

/// The published puzzle titled `title` of sudoku-constraints' test set (f-puzzles JSON).
pub(crate) fn published(title: &str) -> ConstraintPuzzle {
    let path = workspace().join("crates/sudoku-constraints/tests/published.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let json = text
        .lines()
        .find(|line| line.contains(&format!("\"title\":\"{title}\"")))
        .unwrap_or_else(|| panic!("no puzzle titled {title}"));
    ConstraintPuzzle::from_fpuzzles(json).unwrap_or_else(|err| panic!("{title}: {err}"))
}

/// The variant puzzles of the docs and the browser's goldens, by picture name: between them
/// every kind of constraint that has a drawing, and anti-knight named in a caption.
pub(crate) fn variant_puzzles() -> Vec<(&'static str, ConstraintPuzzle)> {
    vec![
        // Thermometers, and anti-knight named in the caption.
        ("variant-thermo.svg", published("mixed 9x9 1 hard")),
        // Arrows with circles and pills, Kropki dots (Philip Newman's).
        (
            "variant-arrow-kropki.svg",
            published("That's 3 in the Top Right"),
        ),
        // Between lines, region-sum lines, slow thermometers, whispers of other gaps.
        (
            "variant-lines.svg",
            benchdata_variant("variants_lines.jsonl", 1),
        ),
        // Clones, dots with numbers, minimum, quadruples, XV.
        (
            "variant-cells.svg",
            benchdata_variant("variants_cells.jsonl", 3),
        ),
        // Maximum, and more of the same.
        (
            "variant-cells-max.svg",
            benchdata_variant("variants_cells.jsonl", 2),
        ),
        // Little killers, sandwich and X-sum totals, some in the same outside cell.
        (
            "variant-outside.svg",
            benchdata_variant("variants_outside.jsonl", 1),
        ),
        (
            "variant-killer.svg",
            benchdata_variant("variants_killer.jsonl", 1),
        ),
        (
            "variant-renban.svg",
            benchdata_variant("variants_renban.jsonl", 1),
        ),
        (
            "variant-palindrome.svg",
            benchdata_variant("variants_palindrome.jsonl", 2),
        ),
        (
            "variant-extraregion.svg",
            benchdata_variant("variants_extraregion.jsonl", 1),
        ),
        ("variant-oddeven-6x6.svg", published("odd even 6x6 1")),
        ("variant-diagonal.svg", published("diagonal 9x9 1 hard")),
    ]
}

/// A position: the classic puzzle with every candidate its givens leave.
pub(crate) fn position() -> Board {
    let puzzle: Grid = CLASSIC.parse().unwrap();
    let marks = sudoku_core::Candidates::from_grid(&puzzle);
    Board::from_position(&puzzle, &puzzle, &marks).unwrap()
}

/// The puzzle whose path the explanation shows: the first of benchdata/minimal.txt whose
/// path takes six techniques or more, rated 4.5 (pointing, hidden pairs, an XYZ-wing and a
/// unique rectangle).
pub(crate) const EXPLAINED: &str =
    ".4...85......75.8.......32469....4.5....2..7......9........3.9.8.6.97...7.....8..";

/// Steps of sudoku-gen's ladder on [`EXPLAINED`], each with the position before it: the ten
/// consecutive steps with the most different techniques.
pub(crate) fn explanation() -> Vec<Step> {
    let puzzle: Grid = EXPLAINED.parse().unwrap();
    let mut solver = LogicSolver::new(&puzzle);
    let mut all = Vec::new();
    while let Some(step) = solver.next_step() {
        all.push(step_of(&puzzle, &solver, &step));
        solver.apply(&step);
    }
    assert!(solver.grid().is_solved(), "the ladder solves {EXPLAINED}");
    assert!(all.len() >= 10);
    let distinct = |window: &[Step]| {
        let mut names: Vec<&str> = window.iter().map(|s| s.title.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names.len()
    };
    let best = (0..=all.len() - 10)
        .max_by_key(|&i| (distinct(&all[i..i + 10]), std::cmp::Reverse(i)))
        .unwrap();
    all.drain(best..best + 10).collect()
}

/// The renderer's step of one ladder step, on the position `solver` is at.
fn step_of(puzzle: &Grid, solver: &LogicSolver, step: &sudoku_gen::Step) -> Step {
    let board = Board::from_position(puzzle, &solver.grid(), &solver.position()).unwrap();
    let mut out = Step::new(board, step.name.to_string());
    out.rating = Some(step.difficulty.as_f64());
    out.text = step.to_string();
    // The pattern's cells, and the unit it lives in (a hidden single's row, say).
    out.pattern_cells = step.cells.clone();
    if let Some(unit) = step.unit {
        let cells = unit
            .cells()
            .expect("a unit of the 9x9 board")
            .iter()
            .map(|&c| usize::from(c));
        out.pattern_cells
            .extend(cells.filter(|c| !step.cells.contains(c)));
    }
    out.pattern = step
        .cells
        .iter()
        .flat_map(|&cell| {
            (step.digits & solver.candidates(cell).expect("a cell of the grid"))
                .iter()
                .map(move |d| (cell, d))
        })
        .filter(|pair| !step.eliminations.contains(pair) && !step.placements.contains(pair))
        .collect();
    out.eliminations = step.eliminations.clone();
    out.placements = step.placements.clone();
    out
}

/// The explanation page of the ten steps.
pub(crate) fn explanation_page() -> String {
    explain_page(
        "Ten steps of a puzzle rated 4.5",
        &explanation(),
        &Style::default(),
    )
    .unwrap()
}

/// A printable A4 page: six puzzles of benchdata/easy.txt.
pub(crate) fn sheet() -> Sheet {
    let text = std::fs::read_to_string(workspace().join("benchdata/easy.txt")).unwrap();
    let mut sheet = Sheet::new(Paper::A4);
    sheet.title = Some("Easy puzzles".to_string());
    sheet.name_line = true;
    for record in PuzzleReader::new(text.as_bytes()).take(6) {
        let record = record.unwrap();
        let mut solution = Board::from_grid(&record.puzzle);
        if let Some(answer) = record.solution {
            solution.fill(answer.cells()).unwrap();
        }
        sheet
            .add(Board::from_grid(&record.puzzle), Some(solution))
            .unwrap();
    }
    sheet
}

/// Every picture of docs/render/ by file name, SVG text.
pub(crate) fn pictures() -> Vec<(&'static str, String)> {
    let explained = explanation();
    let step = explained
        .iter()
        .find(|s| !s.eliminations.is_empty())
        .unwrap_or(&explained[0]);
    let mut pictures = vec![
        ("classic.svg", classic().to_svg()),
        ("classic-solved.svg", classic_solved().to_svg()),
        ("position.svg", position().to_svg()),
        ("size16.svg", sixteen().to_svg()),
        ("size25.svg", twenty_five().to_svg()),
        ("jigsaw.svg", jigsaw().to_svg()),
        ("sudoku-x.svg", sudoku_x().to_svg()),
        ("killer.svg", killer().to_svg()),
        ("variants.svg", variants().to_svg()),
        ("step.svg", step.to_svg().unwrap()),
        ("sheet-page1.svg", sheet().to_svg_pages().unwrap().remove(0)),
    ];
    for (name, puzzle) in variant_puzzles() {
        pictures.push((name, Board::from_constraints(&puzzle).to_svg()));
    }
    pictures
}
