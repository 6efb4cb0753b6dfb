//! A quick, noise-resistant speed comparison of DLX against the crates.io `sudoku` crate
//! (a dev-dependency, used only here and in the benches).
//!
//! `cargo run --profile fast -p sudoku-dlx --example dlx_compare -- [PUZZLES] [PASSES] [FILES...]`
//!
//! For each public set (default: 17_clue.txt, magictour_top1465.txt,
//! forum_hardest_1905_11plus.txt), it takes the first PUZZLES puzzles (default 5000),
//! checks both solvers' answers, then alternates PASSES passes (default 7) of each solver
//! counting solutions up to 2, and prints the median time per puzzle of each and their
//! ratio. Single-threaded.

use std::hint::black_box;
use std::time::Instant;

use sudoku_core::testing::public_set;
use sudoku_core::{CountSolutions, Counters, Solver};
use sudoku_dlx::CoverStats;
use sudoku_dlx::DlxSolver;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let take: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(5000);
    let passes: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(7);
    let files: Vec<&str> = if args.len() > 2 {
        args[2..].iter().map(String::as_str).collect()
    } else {
        vec![
            "17_clue.txt",
            "magictour_top1465.txt",
            "forum_hardest_1905_11plus.txt",
        ]
    };
    println!(
        "{:<32} {:>7} {:>12} {:>12} {:>7} {:>10}",
        "set", "puzzles", "dlx µs", "sudoku µs", "ratio", "dlx nodes"
    );
    for file in files {
        let Some(mut puzzles) = public_set(file) else {
            continue;
        };
        puzzles.truncate(take);
        let reference: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.to_string()).expect("a valid line"))
            .collect();
        let mut solver = DlxSolver::default();
        let mut expected = Vec::with_capacity(puzzles.len());
        let mut total = CoverStats::default();
        for (p, r) in puzzles.iter().zip(&reference) {
            let want = r.solutions_count_up_to(2);
            assert_eq!(solver.count_solutions(p, 2), want, "{file}: {p}");
            total.accumulate(&solver.stats());
            if want >= 1 {
                assert!(solver.solve(p).solution().is_some_and(|g| g.solves(p)));
            }
            expected.push(want);
        }
        let n = puzzles.len() as f64;
        let (mut dlx, mut reference_times) = (Vec::new(), Vec::new());
        for _ in 0..passes {
            let start = Instant::now();
            let sum: usize = puzzles
                .iter()
                .map(|p| solver.count_solutions(black_box(p), 2))
                .sum();
            dlx.push(start.elapsed().as_secs_f64() * 1e6 / n);
            assert_eq!(sum, expected.iter().sum::<usize>());
            let start = Instant::now();
            let sum: usize = reference
                .iter()
                .map(|r| black_box(*r).solutions_count_up_to(2))
                .sum();
            reference_times.push(start.elapsed().as_secs_f64() * 1e6 / n);
            assert_eq!(sum, expected.iter().sum::<usize>());
        }
        let (d, r) = (median(dlx), median(reference_times));
        println!(
            "{file:<32} {:>7} {d:>12.2} {r:>12.2} {:>7.2} {:>10.1}",
            puzzles.len(),
            d / r,
            total.nodes as f64 / n
        );
    }
}
