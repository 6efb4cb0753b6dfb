//! Counts the solutions (up to a limit) of every puzzle in a file with [`DlxSolver`] and
//! prints the totals: a small batch driver, handy under a profiler.
//!
//! `cargo run --release -p sudoku-dlx --example dlx_count -- FILE [LIMIT] [--reference]`
//! (LIMIT defaults to 2). With `--reference` the crates.io `sudoku` crate counts instead, to
//! compare instruction counts under `valgrind --tool=callgrind`.

use sudoku_core::{CountSolutions, Counters, Grid, PuzzleReader, Solver};
use sudoku_dlx::CoverStats;
use sudoku_dlx::DlxSolver;

fn main() {
    let reference = std::env::args().any(|a| a == "--reference");
    let mut args = std::env::args().skip(1).filter(|a| a != "--reference");
    let Some(path) = args.next() else {
        eprintln!("usage: count FILE [LIMIT]");
        std::process::exit(2);
    };
    let limit = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let fail = |err: &dyn std::fmt::Display| -> ! {
        eprintln!("{path}: {err}");
        std::process::exit(1);
    };
    let reader = PuzzleReader::open(&path).unwrap_or_else(|err| fail(&err));
    let puzzles: Vec<Grid> = reader
        .map(|record| record.map(|r| r.puzzle).unwrap_or_else(|err| fail(&err)))
        .collect();
    let mut solver = DlxSolver::default();
    let mut histogram = vec![0usize; limit + 1];
    let mut total = CoverStats::default();
    if reference {
        for puzzle in &puzzles {
            let line = puzzle.to_string();
            let sudoku = sudoku::Sudoku::from_str_line(&line).expect("a valid line");
            histogram[sudoku.solutions_count_up_to(limit)] += 1;
        }
    }
    for puzzle in puzzles.iter().filter(|_| !reference) {
        histogram[solver.count_solutions(puzzle, limit)] += 1;
        total.accumulate(&solver.stats());
    }
    let n = puzzles.len().max(1) as f64;
    for (count, puzzles) in histogram.iter().enumerate().filter(|&(_, &p)| p > 0) {
        let more = if count == limit { "+" } else { "" };
        println!("{puzzles} puzzles with {count}{more} solutions");
    }
    println!(
        "per puzzle: {:.1} nodes, {:.1} guesses, {:.1} link updates, {:.1} rows dominated",
        total.nodes as f64 / n,
        total.guesses as f64 / n,
        total.updates as f64 / n,
        total.dominated as f64 / n
    );
}
