//! A noise-resistant speed comparison of DLX against the crates.io `sudoku` crate (a
//! dev-dependency, used only in examples and benches), counting solutions up to 2.
//!
//! `cargo run --profile fast -p sudoku-dlx --example dlx_compare -- [PASSES] [SET[:N]...]`
//!
//! For each public set (default: the first 5,000 of 17_clue.txt, all of
//! magictour_top1465.txt, the first 2,000 of forum_hardest_1905_11plus.txt and all of
//! forum_hardest_1106.txt; `SET:N` takes the first N), it checks both solvers' answers, then
//! runs PASSES passes (default 9) of each over the set, alternating which solver goes first,
//! and prints the median time per puzzle of each over the passes and the median of the
//! per-pass ratios. Single-threaded.

use std::hint::black_box;
use std::time::Instant;

use sudoku_core::{CountSolutions, Counters, Grid, Solver};
use sudoku_dlx::CoverStats;
use sudoku_dlx::DlxSolver;
use sudoku_testing::public_set;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Microseconds per puzzle of one pass of `count` over `items`; checks the total count.
fn pass<T>(items: &[T], expected: usize, mut count: impl FnMut(&T) -> usize) -> f64 {
    let start = Instant::now();
    let total: usize = items.iter().map(|item| count(black_box(item))).sum();
    let micros = start.elapsed().as_secs_f64() * 1e6 / items.len() as f64;
    assert_eq!(total, expected, "a pass counted differently");
    micros
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let passes: usize = match args.peek().and_then(|a| a.parse().ok()) {
        Some(n) => {
            args.next();
            n
        }
        None => 9,
    };
    let mut sets: Vec<(String, Option<usize>)> = args
        .map(|arg| match arg.split_once(':') {
            Some((name, n)) => (name.to_string(), n.parse().ok()),
            None => (arg, None),
        })
        .collect();
    if sets.is_empty() {
        sets = vec![
            ("17_clue.txt".into(), Some(5000)),
            ("magictour_top1465.txt".into(), None),
            ("forum_hardest_1905_11plus.txt".into(), Some(2000)),
            ("forum_hardest_1106.txt".into(), None),
        ];
    }
    println!(
        "{:<32} {:>7} {:>10} {:>12} {:>7} {:>10}",
        "set", "puzzles", "dlx µs", "sudoku µs", "ratio", "dlx nodes"
    );
    for (file, take) in sets {
        let Some(mut puzzles) = public_set(&file) else {
            continue;
        };
        puzzles.truncate(take.unwrap_or(usize::MAX));
        let reference: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.cells()).expect("a valid puzzle"))
            .collect();
        let mut solver = DlxSolver::default();
        let mut expected = 0;
        let mut total = CoverStats::default();
        for (p, r) in puzzles.iter().zip(&reference) {
            let want = r.solutions_count_up_to(2);
            assert_eq!(solver.count_solutions(p, 2), want, "{file}: {p}");
            total.accumulate(&solver.stats());
            if want >= 1 {
                let answer: Option<Grid> = solver.solve(p).solution();
                assert!(answer.is_some_and(|g| g.solves(p)), "{file}: {p}");
            }
            expected += want;
        }
        let (mut dlx, mut crate_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..passes {
            let mut run_dlx = || pass(&puzzles, expected, |p| solver.count_solutions(p, 2));
            let run_crate = || pass(&reference, expected, |r| r.solutions_count_up_to(2));
            let (d, c) = if k % 2 == 0 {
                let d = run_dlx();
                (d, run_crate())
            } else {
                let c = run_crate();
                (run_dlx(), c)
            };
            dlx.push(d);
            crate_times.push(c);
            ratios.push(d / c);
        }
        println!(
            "{file:<32} {:>7} {:>10.2} {:>12.2} {:>7.2} {:>10.1}",
            puzzles.len(),
            median(dlx),
            median(crate_times),
            median(ratios),
            total.nodes as f64 / puzzles.len() as f64
        );
    }
}
