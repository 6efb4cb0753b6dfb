//! One pass of one solver over a public set, for profilers: instruction counts under
//! `valgrind --tool=callgrind` repeat exactly on a noisy machine.
//!
//! ```text
//! cargo build --profile profiling -p sudoku-mrv --example mrv_pass
//! valgrind --tool=callgrind target/profiling/examples/mrv_pass mrv unique 17_clue 1000
//! ```
//!
//! Arguments: the solver, `first` or `unique` (count to 2), the set's name without `.txt`,
//! how many puzzles (default all). Solvers: `mrv` (the default configuration, branching in
//! the band or stack with the fewest open digits), `mrv-configurations` (branching in the one
//! with the fewest configurations), and `crate` (the crates.io `sudoku` crate). Prints how
//! many puzzles were solved (or the total count) and, for mrv, the total nodes and guesses.

use std::hint::black_box;

use sudoku_core::{CountSolutions, Solver};
use sudoku_mrv::{Branching, MrvConfig, MrvSolver};

const USAGE: &str = "usage: mrv_pass mrv|mrv-configurations|crate first|unique SET [TAKE]";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(solver), Some(mode), Some(set)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let first = match mode.as_str() {
        "first" => true,
        "unique" => false,
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let config = match solver.as_str() {
        "mrv" => Some(MrvConfig::default()),
        "mrv-configurations" => Some(MrvConfig {
            branching: Branching::FewestConfigurations,
        }),
        "crate" => None,
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let take: usize = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let Some(mut puzzles) = sudoku_testing::public_set(&format!("{set}.txt")) else {
        std::process::exit(1);
    };
    puzzles.truncate(take);
    let (mut total, mut nodes, mut guesses) = (0usize, 0, 0);
    if let Some(config) = config {
        let mut mrv = MrvSolver::new(config);
        for p in &puzzles {
            total += if first {
                usize::from(black_box(mrv.solve(p)).is_solved())
            } else {
                black_box(mrv.count_solutions(p, 2))
            };
            nodes += mrv.stats().nodes;
            guesses += mrv.stats().guesses;
        }
    } else {
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.to_string()).expect("readable"))
            .collect();
        for s in &theirs {
            total += if first {
                usize::from(black_box(*s).some_solution().is_some())
            } else {
                black_box(*s).solutions_count_up_to(2)
            };
        }
    }
    println!(
        "{total} of {} puzzles; {nodes} nodes, {guesses} guesses",
        puzzles.len()
    );
}
