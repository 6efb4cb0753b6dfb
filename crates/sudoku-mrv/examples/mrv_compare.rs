//! Times `MrvSolver` against the crates.io `sudoku` crate on public sets, alternating
//! passes of the two solvers over the same puzzles so that both see the same machine load,
//! and prints the median time per puzzle of each and their ratio, in both modes (first
//! solution; uniqueness proof, counting to 2). Answers are checked first.
//!
//! ```text
//! cargo run --release -p sudoku-mrv --example mrv_compare -- [PASSES] [TAKE] [SET...]
//! ```
//!
//! Defaults: 15 passes, 5,000 puzzles per set, the sets 17_clue, magictour_top1465,
//! forum_hardest_1106 and forum_hardest_1905_11plus (read from the shared public data
//! folder).

use std::hint::black_box;
use std::time::Instant;

use sudoku_core::{CountSolutions, Solver};
use sudoku_mrv::MrvSolver;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let passes: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(15);
    let take: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let mut sets: Vec<String> = args.iter().skip(2).cloned().collect();
    if sets.is_empty() {
        sets = [
            "17_clue",
            "magictour_top1465",
            "forum_hardest_1106",
            "forum_hardest_1905_11plus",
        ]
        .map(String::from)
        .to_vec();
    }
    println!(
        "set                         mode    puzzles  mrv µs  crate µs  ratio  mrv nodes guesses"
    );
    for name in &sets {
        let Some(mut puzzles) = sudoku_testing::public_set(&format!("{name}.txt")) else {
            continue;
        };
        puzzles.truncate(take);
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.to_string()).expect("readable"))
            .collect();
        let mut mrv = MrvSolver::default();
        let (mut nodes, mut guesses) = (0, 0);
        for (puzzle, sudoku) in puzzles.iter().zip(&theirs) {
            let solution = mrv.solve(puzzle).solution().expect("solvable");
            assert!(solution.solves(puzzle), "wrong answer to {puzzle}");
            let count = mrv.count_solutions(puzzle, 2);
            nodes += mrv.stats().nodes;
            guesses += mrv.stats().guesses;
            assert_eq!(
                count,
                sudoku.solutions_count_up_to(2),
                "counts differ on {puzzle}"
            );
        }
        let n = puzzles.len() as f64;
        for mode in ["first", "unique"] {
            let (mut ours, mut crate_times) = (Vec::new(), Vec::new());
            for _ in 0..passes {
                let start = Instant::now();
                for puzzle in &puzzles {
                    if mode == "first" {
                        black_box(mrv.solve(black_box(puzzle)));
                    } else {
                        black_box(mrv.count_solutions(black_box(puzzle), 2));
                    }
                }
                ours.push(start.elapsed().as_secs_f64() * 1e6 / n);
                let start = Instant::now();
                for sudoku in &theirs {
                    if mode == "first" {
                        black_box(black_box(*sudoku).some_solution());
                    } else {
                        black_box(black_box(*sudoku).solutions_count_up_to(2));
                    }
                }
                crate_times.push(start.elapsed().as_secs_f64() * 1e6 / n);
            }
            let (a, b) = (median(ours), median(crate_times));
            let stats = if mode == "unique" {
                format!("{:>9.1} {:>7.2}", nodes as f64 / n, guesses as f64 / n)
            } else {
                String::new()
            };
            println!(
                "{name:<27} {mode:<7} {:>7} {a:>7.2} {b:>9.2} {:>6.2} {stats}",
                puzzles.len(),
                a / b
            );
        }
    }
}
