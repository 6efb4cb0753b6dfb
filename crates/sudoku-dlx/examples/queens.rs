//! The n-queens problem through the generic exact-cover engine: every rank and file holds
//! exactly one queen (primary columns), every diagonal at most one (secondary columns).
//!
//! Run `cargo run --release -p sudoku-dlx --example queens -- 8`: it prints how many ways
//! there are to place n queens (92 for 8) and draws the first.

use sudoku_dlx::ExactCover;

/// The n-queens problem: row `r * n + c` puts a queen on rank `r`, file `c`.
///
/// Columns: ranks `0..n`, files `n..2n` (primary); diagonals `r + c` and anti-diagonals
/// `r + n - 1 - c`, `2n - 1` of each (secondary).
pub(crate) fn queens(n: usize) -> ExactCover {
    let diagonals = 2 * n - 1;
    let mut problem = ExactCover::new(2 * n, 2 * diagonals).expect("few columns");
    for r in 0..n {
        for c in 0..n {
            let columns = [r, n + c, 2 * n + r + c, 2 * n + diagonals + r + n - 1 - c];
            problem.add_row(columns).expect("columns in range");
        }
    }
    problem
}

/// Draws a solution (rows of [`queens`]) as an n x n board.
pub(crate) fn board(n: usize, rows: &[usize]) -> String {
    let mut cells = vec![vec!['.'; n]; n];
    for &row in rows {
        cells[row / n][row % n] = 'Q';
    }
    cells
        .iter()
        .map(|line| line.iter().collect::<String>() + "\n")
        .collect()
}

#[allow(dead_code)]
fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(8);
    let mut problem = queens(n);
    let count = problem.count_solutions(usize::MAX);
    let stats = problem.stats();
    println!(
        "{n} queens: {count} solutions ({} nodes, {} link updates)",
        stats.nodes, stats.updates
    );
    if let Some(first) = problem.first_solution() {
        print!("{}", board(n, &first));
    }
}
