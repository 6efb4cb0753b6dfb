//! Proves killer puzzles unique three times over, with the constraint engine or with
//! sudoku-killer's own solver, and prints the counts and the nodes: a fixed workload to
//! profile (`valgrind --tool=callgrind`) or to time one engine against the other.
//!
//! ```sh
//! cargo build --release -p sudoku-constraints --example killer_profile
//! target/release/examples/killer_profile constraints benchdata/killer.jsonl
//! target/release/examples/killer_profile killer benchdata/killer.jsonl
//! ```
//!
//! Without a file, it reads the first 200 puzzles of the public krazydad set.

use sudoku_constraints::ConstraintSolver;
use sudoku_core::{ConstraintPuzzle, CountSolutions, Solver};
use sudoku_killer::{KillerEntry, KillerSolver};

fn main() {
    let mut args = std::env::args().skip(1);
    let engine_name = args.next().unwrap_or_else(|| "constraints".into());
    let file = args
        .next()
        .unwrap_or_else(|| "../shared/benchdata-public/killer_krazydad_intermediate.jsonl".into());
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("{file}: {err}");
            std::process::exit(2);
        }
    };
    let set: Vec<_> = text
        .lines()
        .filter(|line| line.contains("cage"))
        .take(200)
        .map(|line| {
            KillerEntry::from_json(line)
                .expect("a killer puzzle")
                .puzzle
        })
        .collect();
    let described: Vec<ConstraintPuzzle> = set.iter().map(ConstraintPuzzle::from).collect();
    let mut engine = ConstraintSolver::default();
    let mut killer = KillerSolver::default();
    let (mut solutions, mut nodes) = (0, 0);
    for _ in 0..3 {
        for (puzzle, general) in set.iter().zip(&described) {
            if engine_name == "killer" {
                solutions += killer.count_solutions(puzzle, 2);
                nodes += killer.stats().nodes;
            } else {
                solutions += engine.count_solutions(general, 2);
                nodes += engine.stats().nodes;
            }
        }
    }
    println!(
        "{engine_name}: {} puzzles, {solutions} solutions, {nodes} nodes",
        3 * set.len()
    );
}
