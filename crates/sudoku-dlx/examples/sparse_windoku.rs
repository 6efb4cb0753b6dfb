//! Random sparse windoku puzzles, the kind on which fuzzing once found DLX wandering for
//! millions of nodes: how long `VariantSolver` takes to count each up to 3.
//!
//! `cargo run --release -p sudoku-dlx --example sparse_windoku -- [PUZZLES] [SEED] [--plain-choice]`
//!
//! Makes PUZZLES puzzles (default 2,000) from SEED (default 1): 9x9 windoku, one in four
//! with both diagonals too, with 6 to 24 givens at random cells with random digits (clashing
//! ones are drawn again; about a fifth have no solution, most have several). Counts each up to
//! 3 and prints how many have 0, 1, 2 and 3 or more solutions, the total, median and 99th
//! percentile of the time per puzzle, and the slowest puzzle as a JSON line. With
//! `--plain-choice` the search runs without conflict weights
//! (`SearchOptions::conflict_weights`), and so without restarts. Single-threaded.

use std::time::Instant;

use rand::RngExt;
use sudoku_core::{CountSolutions, Puzzle, Rules, Solver};
use sudoku_dlx::{SearchOptions, VariantSolver};

fn main() {
    let plain = std::env::args().any(|a| a == "--plain-choice");
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut options = SearchOptions::FEW_SOLUTIONS;
    options.conflict_weights = !plain;
    let mut solver = VariantSolver::default();
    solver.set_options(options);
    let mut rng = sudoku_core::seeded_rng(seed);
    let mut counts = [0usize; 4];
    let mut millis = Vec::with_capacity(count);
    let mut slowest = (0.0, 0, String::new());
    while millis.len() < count {
        let diagonals = rng.random_range(0..4) == 0;
        let rules = Rules::classic()
            .with_windoku(true)
            .expect("9x9")
            .with_diagonals(diagonals);
        let mut cells = vec![0u8; 81];
        for _ in 0..rng.random_range(6..=24) {
            cells[rng.random_range(0..81)] = rng.random_range(1..=9);
        }
        let puzzle = Puzzle::new(rules, cells).expect("digits of the board");
        if puzzle.clash().is_some() {
            continue;
        }
        let start = Instant::now();
        let found = solver.count_solutions(&puzzle, 3);
        let took = start.elapsed().as_secs_f64() * 1e3;
        counts[found] += 1;
        millis.push(took);
        if took > slowest.0 {
            slowest = (took, solver.stats().nodes, puzzle.to_json());
        }
    }
    let total: f64 = millis.iter().sum();
    millis.sort_by(f64::total_cmp);
    println!(
        "{count} puzzles: {} without a solution, {} with one, {} with two, {} with three or more",
        counts[0], counts[1], counts[2], counts[3]
    );
    println!(
        "total {total:.0} ms, median {:.3} ms, 99th percentile {:.2} ms, slowest {:.1} ms ({} nodes):",
        millis[count / 2],
        millis[count * 99 / 100],
        slowest.0,
        slowest.1
    );
    println!("{}", slowest.2);
}
