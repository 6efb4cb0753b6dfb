//! One pass of one solver over a public set, for profilers: instruction counts under
//! `valgrind --tool=callgrind` repeat exactly on a noisy machine.
//!
//! ```text
//! cargo build --release -p sudoku-mrv --example pass
//! valgrind --tool=callgrind target/release/examples/pass mrv unique 17_clue 1000
//! ```
//!
//! Arguments: `mrv` or `crate` (the crates.io `sudoku` crate), `first` or `unique`
//! (count to 2), the set's name without `.txt`, how many puzzles (default all).

use std::hint::black_box;

use sudoku_core::{CountSolutions, Solver};
use sudoku_mrv::MrvSolver;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: pass mrv|crate first|unique SET [TAKE]";
    let (Some(solver), Some(mode), Some(set)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let take: usize = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let Some(mut puzzles) = sudoku_core::testing::public_set(&format!("{set}.txt")) else {
        std::process::exit(1);
    };
    puzzles.truncate(take);
    let mut total = 0usize;
    match (solver.as_str(), mode.as_str()) {
        ("mrv", "first") => {
            let mut mrv = MrvSolver::default();
            for p in &puzzles {
                total += usize::from(black_box(mrv.solve(p)).is_solved());
            }
        }
        ("mrv", "unique") => {
            let mut mrv = MrvSolver::default();
            for p in &puzzles {
                total += black_box(mrv.count_solutions(p, 2));
            }
        }
        ("crate", m @ ("first" | "unique")) => {
            let theirs: Vec<sudoku::Sudoku> = puzzles
                .iter()
                .map(|p| sudoku::Sudoku::from_str_line(&p.to_string()).expect("readable"))
                .collect();
            for s in &theirs {
                total += if m == "first" {
                    usize::from(black_box(*s).some_solution().is_some())
                } else {
                    black_box(*s).solutions_count_up_to(2)
                };
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
    println!("{total} of {} puzzles", puzzles.len());
}
