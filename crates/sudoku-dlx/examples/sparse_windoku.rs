//! Random sparse windoku puzzles, the kind on which fuzzing once found DLX wandering for
//! millions of nodes: how long `DlxVariantSolver` takes to count each up to 3.
//!
//! `cargo run --release -p sudoku-dlx --example sparse_windoku -- [PUZZLES] [SEED]
//! [--plain-choice] [--no-restarts] [--diagonals] [--givens MIN-MAX]`
//!
//! Makes PUZZLES puzzles (default 2,000) from SEED (default 1): 9x9 windoku, one in four
//! with both diagonals too (all with `--diagonals`), with 6 to 24 givens (or MIN to MAX) at
//! random cells with random digits (clashing ones are drawn again; with the default range
//! about a fifth have no solution, most have several). Counts each up to
//! 3 and prints how many have 0, 1, 2 and 3 or more solutions, the nodes in all and the
//! total, median and 99th percentile of the time per puzzle, and the puzzle that took the
//! most nodes (the same on every run) with its time, as a JSON line. With
//! `--plain-choice` the search runs without conflict weights
//! (`SearchOptions::conflict_weights`), and so without restarts; with `--no-restarts`, with
//! conflict weights and without restarts (`SearchOptions::restart_nodes`). Single-threaded.

use std::time::Instant;

use rand::RngExt;
use sudoku_core::{CountSolutions, Puzzle, Rules, Solver};
use sudoku_dlx::{DlxVariantSolver, SearchOptions};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let plain = all.iter().any(|a| a == "--plain-choice");
    let no_restarts = all.iter().any(|a| a == "--no-restarts");
    let all_diagonals = all.iter().any(|a| a == "--diagonals");
    let range = all
        .iter()
        .position(|a| a == "--givens")
        .and_then(|i| all.get(i + 1))
        .and_then(|r| r.split_once('-'))
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
    let (fewest, most_givens): (usize, usize) = range.unwrap_or((6, 24));
    let mut args = all
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || all[i - 1] != "--givens"))
        .map(|(_, a)| a);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut options = SearchOptions::FEW_SOLUTIONS;
    options.conflict_weights = !plain;
    if no_restarts {
        options.restart_nodes = 0;
    }
    let mut solver = DlxVariantSolver::new(options);
    let mut rng = sudoku_core::seeded_rng(seed);
    let mut counts = [0usize; 4];
    let mut millis = Vec::with_capacity(count);
    let (mut nodes, mut most) = (0, (0, 0.0, String::new()));
    while millis.len() < count {
        let diagonals = rng.random_range(0..4) == 0 || all_diagonals;
        let rules = Rules::classic()
            .with_windoku(true)
            .expect("9x9")
            .with_diagonals(diagonals);
        let mut cells = vec![0u8; 81];
        for _ in 0..rng.random_range(fewest..=most_givens) {
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
        let these = solver.stats().nodes;
        nodes += these;
        if these > most.0 {
            most = (these, took, puzzle.to_json());
        }
    }
    let total: f64 = millis.iter().sum();
    millis.sort_by(f64::total_cmp);
    println!(
        "{count} puzzles: {} without a solution, {} with one, {} with two, {} with three or more",
        counts[0], counts[1], counts[2], counts[3]
    );
    println!(
        "{nodes} nodes, {total:.0} ms in all, median {:.3} ms, 99th percentile {:.2} ms",
        millis[count / 2],
        millis[count * 99 / 100],
    );
    println!("the most nodes: {} ({:.1} ms)", most.0, most.1);
    println!("{}", most.2);
}
