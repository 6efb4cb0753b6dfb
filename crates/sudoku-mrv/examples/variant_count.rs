//! Counts the solutions (up to 2) of every puzzle of a file of any size or variant with the
//! general engine, checks each first solution, and prints the totals: for timing and for
//! instruction counts (`valgrind --tool=callgrind`).
//!
//! `cargo run --release -p sudoku-mrv --example variant_count -- FILE [PASSES]`

use std::time::Instant;

use sudoku_mrv::{CountSolutions, MrvVariantSolver, PuzzleReader, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: variant_count FILE [PASSES]");
    let passes: usize = args.next().map_or(1, |a| a.parse().expect("a pass count"));
    let puzzles: Vec<_> = PuzzleReader::open(&path)
        .expect("the file opens")
        .any_size()
        .map(|r| r.expect("the file reads").puzzle)
        .collect();
    let mut solver = MrvVariantSolver::default();
    let (mut nodes, mut unique, mut most) = (0, 0, 0);
    for puzzle in &puzzles {
        let (verdict, count) = solver.solve_and_count(puzzle, 2);
        if let Some(solution) = verdict.solution() {
            assert!(solution.solves(puzzle), "{puzzle}");
        }
        nodes += solver.stats().nodes;
        most = most.max(solver.stats().nodes);
        unique += usize::from(count == 1);
    }
    let started = Instant::now();
    for _ in 1..passes {
        for puzzle in &puzzles {
            solver.count_solutions(puzzle, 2);
        }
    }
    let seconds = started.elapsed().as_secs_f64() / (passes.max(2) - 1) as f64;
    println!(
        "{path}: {} puzzles, {unique} unique, {:.1} nodes per puzzle (at most {most}), {:.3} ms per pass",
        puzzles.len(),
        nodes as f64 / puzzles.len() as f64,
        seconds * 1e3
    );
}
