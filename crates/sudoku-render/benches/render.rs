//! How long pictures take: the SVG of a 9x9 puzzle, of a 9x9 position with every pencil mark,
//! of a 9x9 variant puzzle (its constraints mapped to elements, then drawn), of a 25x25
//! puzzle, a 9x9 PNG, and a 100-puzzle PDF sheet (100 puzzles six a page, their solutions
//! twelve a page: 26 A4 pages). Each picture is checked before it is timed: every
//! given appears as text, the PNG decodes to the right size, the PDF has its pages.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use resvg::tiny_skia::Pixmap;
use sudoku_core::{Candidates, ConstraintPuzzle, Grid, PuzzleReader};
use sudoku_render::{Board, Paper, Sheet};

/// The first `count` puzzles of benchdata/easy.txt with their solutions.
fn easy(count: usize) -> Vec<(Grid, Grid)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benchdata/easy.txt");
    let text = std::fs::read_to_string(path).expect("benchdata/easy.txt");
    PuzzleReader::new(text.as_bytes())
        .take(count)
        .map(|record| {
            let record = record.expect("a puzzle");
            (record.puzzle, record.solution.expect("a solution"))
        })
        .collect()
}

/// Every given of `puzzle` is a text of the SVG (as many `>d</text>` as givens of each digit,
/// at least: pencil marks may add more).
fn check_givens(svg: &str, puzzle: &Grid) {
    for digit in 1..=9u8 {
        let givens = puzzle.cells().iter().filter(|&&d| d == digit).count();
        let texts = svg.matches(&format!(">{digit}</text>")).count();
        assert!(
            texts >= givens,
            "digit {digit}: {texts} texts, {givens} givens"
        );
    }
}

fn bench(c: &mut Criterion) {
    let puzzles = easy(100);
    let (puzzle, _) = puzzles[0];
    let mut group = c.benchmark_group("render");

    let board = Board::from_grid(&puzzle);
    check_givens(&board.to_svg(), &puzzle);
    group.bench_function("svg-9x9", |b| b.iter(|| black_box(board.to_svg())));

    let position = Board::from_position(&puzzle, &puzzle, &Candidates::from_grid(&puzzle)).unwrap();
    check_givens(&position.to_svg(), &puzzle);
    group.bench_function("svg-9x9-position", |b| {
        b.iter(|| black_box(position.to_svg()))
    });

    // A variant puzzle as the front ends draw one: its constraints mapped, then the SVG.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../benchdata/variants_cells.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("benchdata/variants_cells.jsonl");
    let variant = ConstraintPuzzle::from_fpuzzles(text.lines().nth(3).unwrap()).unwrap();
    let svg = Board::from_constraints(&variant).to_svg();
    let givens = variant.givens().iter().filter(|&&d| d != 0).count();
    assert_eq!(
        svg.split(r#"<g class="given""#)
            .nth(1)
            .unwrap()
            .split("</g>")
            .next()
            .unwrap()
            .matches("<text")
            .count(),
        givens,
        "one text a given"
    );
    assert_eq!(
        Board::from_constraints(&variant).elements().len(),
        variant.constraints().len(),
        "one element a constraint"
    );
    group.bench_function("svg-9x9-variant", |b| {
        b.iter(|| black_box(Board::from_constraints(black_box(&variant)).to_svg()))
    });

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benchdata/size25.txt");
    let text = std::fs::read_to_string(path).expect("benchdata/size25.txt");
    let big = PuzzleReader::new(text.as_bytes())
        .any_size()
        .next()
        .unwrap()
        .unwrap()
        .puzzle;
    let big_board = Board::from_puzzle(&big);
    let svg = big_board.to_svg();
    assert_eq!(
        svg.matches("</text>").count(),
        big.filled(),
        "one text a given"
    );
    group.bench_function("svg-25x25", |b| b.iter(|| black_box(big_board.to_svg())));

    let png = board.to_png(1.0).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (456, 456));
    group.bench_function("png-9x9", |b| {
        b.iter(|| black_box(board.to_png(1.0).unwrap()))
    });

    let mut sheet = Sheet::new(Paper::A4);
    sheet.title = Some("One hundred easy puzzles".to_string());
    for (puzzle, solution) in &puzzles {
        let mut answer = Board::from_grid(puzzle);
        answer.fill(solution.cells()).unwrap();
        sheet.add(Board::from_grid(puzzle), Some(answer)).unwrap();
    }
    let pdf = sheet.to_pdf().unwrap();
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(
        pages,
        17 + 9,
        "100 puzzles 6 a page, 100 solutions 12 a page"
    );
    group.sample_size(10);
    group.bench_function("pdf-sheet-100", |b| {
        b.iter(|| black_box(sheet.to_pdf().unwrap()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
