//! Pentomino tilings through the generic exact-cover engine: the twelve pentominoes, each
//! used once, in any orientation, cover a rectangle of 60 cells.
//!
//! Run `cargo run --release -p sudoku-dlx --example pentomino -- 6 10`: it counts the
//! tilings of the 6 x 10 rectangle (2339 up to symmetry, so 9356 counting the four
//! symmetries of the rectangle; 3 x 20 has 8) and draws the first.

use sudoku_dlx::ExactCover;

/// The twelve pentominoes, each drawn row by row (`/` ends a row), with its letter.
const PIECES: [(char, &str); 12] = [
    ('F', ".##/##./.#."),
    ('I', "#####"),
    ('L', "####/#..."),
    ('N', "##../.###"),
    ('P', "###/##."),
    ('T', "###/.#./.#."),
    ('U', "#.#/###"),
    ('V', "#../#../###"),
    ('W', "#../##./.##"),
    ('X', ".#./###/.#."),
    ('Y', "####/.#.."),
    ('Z', "##./.#./.##"),
];

/// The cells of a picture as (row, col) pairs.
fn cells_of(picture: &str) -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for (r, line) in picture.split('/').enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '#' {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// The distinct orientations (rotations and reflections) of a shape, each shifted so that
/// its smallest row and column are 0 and its cells sorted.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
    for k in 0..8 {
        let mut shape: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
                let r = if k & 1 != 0 { -r } else { r };
                let c = if k & 2 != 0 { -c } else { c };
                (r, c)
            })
            .collect();
        let min_r = shape.iter().map(|p| p.0).min().unwrap_or(0);
        let min_c = shape.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut shape {
            *p = (p.0 - min_r, p.1 - min_c);
        }
        shape.sort_unstable();
        if !all.contains(&shape) {
            all.push(shape);
        }
    }
    all
}

/// A tiling problem and, for each of its rows, the piece letter and the board cells it
/// covers. Columns: the 12 pieces, then the `height * width` cells (all primary).
pub(crate) fn pentominoes(height: usize, width: usize) -> (ExactCover, Vec<(char, Vec<usize>)>) {
    let mut problem = ExactCover::new(12 + height * width, 0).expect("few columns");
    let mut placements = Vec::new();
    for (piece, &(letter, picture)) in PIECES.iter().enumerate() {
        for shape in orientations(&cells_of(picture)) {
            for top in 0..height as i32 {
                for left in 0..width as i32 {
                    let cells: Option<Vec<usize>> = shape
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = (top + r, left + c);
                            (r < height as i32 && c < width as i32)
                                .then(|| r as usize * width + c as usize)
                        })
                        .collect();
                    if let Some(cells) = cells {
                        let columns = std::iter::once(piece).chain(cells.iter().map(|&x| 12 + x));
                        problem.add_row(columns).expect("columns in range");
                        placements.push((letter, cells));
                    }
                }
            }
        }
    }
    (problem, placements)
}

/// Draws a tiling: each cell shows the letter of the piece covering it.
pub(crate) fn drawing(
    height: usize,
    width: usize,
    placements: &[(char, Vec<usize>)],
    rows: &[usize],
) -> String {
    let mut board = vec!['.'; height * width];
    for &row in rows {
        let (letter, cells) = &placements[row];
        for &cell in cells {
            board[cell] = *letter;
        }
    }
    board
        .chunks(width)
        .map(|line| line.iter().collect::<String>() + "\n")
        .collect()
}

#[allow(dead_code)]
fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let height = args.next().flatten().unwrap_or(6);
    let width = args.next().flatten().unwrap_or(10);
    if height * width != 60 {
        eprintln!(
            "the twelve pentominoes cover 60 cells; {height} x {width} has {}",
            height * width
        );
        std::process::exit(2);
    }
    let (mut problem, placements) = pentominoes(height, width);
    let count = problem.count_solutions(usize::MAX);
    let stats = problem.stats();
    println!(
        "{height} x {width}: {count} tilings ({} nodes, {} link updates)",
        stats.nodes, stats.updates
    );
    if let Some(first) = problem.first_solution() {
        print!("{}", drawing(height, width, &placements, &first));
    }
}
