//! Puzzles per second of the generator, on one thread and with every core, side by side with
//! the crates.io `sudoku` crate's generator (minimal puzzles with half-turn symmetry), in
//! alternating rounds; prints the median of the rounds and the median of each round's ratio
//! to the `sudoku` crate. Before timing, a sample of each generator's output is checked:
//! unique (by the core's independent reference counter), symmetric, and for this crate
//! minimal under its symmetry.
//!
//! `cargo run --release -p sudoku-gen --example throughput [COUNT] [ROUNDS]`

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_gen::{GenConfig, Generator, Grid, Symmetry, generate_n};
use sudoku_testing::reference_count;

/// Unique, with `symmetry`, and (when `minimal`) no orbit of clues can go.
fn check(puzzle: &Grid, symmetry: Symmetry, minimal: bool) {
    assert_eq!(reference_count(puzzle, 2), 1, "not unique: {puzzle}");
    assert!(symmetry.holds(puzzle), "not {symmetry:?}: {puzzle}");
    if minimal {
        for cell in (0..81).filter(|&c| puzzle[c] != 0) {
            let mut less = *puzzle;
            for c in symmetry.orbit(cell).expect("a cell of the grid").cells() {
                less.set(c, 0);
            }
            assert_eq!(reference_count(&less, 2), 2, "not minimal: {puzzle}");
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let count = args.next().and_then(Result::ok).unwrap_or(2000);
    let rounds = args.next().and_then(Result::ok).unwrap_or(5);
    let symmetries = [Symmetry::Rotate180, Symmetry::None];
    for symmetry in symmetries {
        let mut generator = Generator::new(GenConfig {
            symmetry,
            ..GenConfig::default()
        })
        .expect("a valid configuration");
        for i in 0..20 {
            let made = generator.generate_indexed(0, i).unwrap();
            assert!(made.solution.solves(&made.puzzle));
            check(&made.puzzle, symmetry, true);
        }
    }
    for _ in 0..20 {
        let puzzle: Grid = sudoku::Sudoku::generate().to_str_line().parse().unwrap();
        check(&puzzle, Symmetry::Rotate180, false);
    }

    let crate_name = "sudoku crate rotate180 (1 thread)".to_string();
    let mut rates = BTreeMap::<String, Vec<f64>>::new();
    let mut ratios = BTreeMap::<String, Vec<f64>>::new();
    for round in 0..rounds as u64 {
        let mut this_round = Vec::new();
        for symmetry in symmetries {
            let mut generator = Generator::new(GenConfig {
                symmetry,
                ..GenConfig::default()
            })
            .expect("a valid configuration");
            let started = Instant::now();
            for i in 0..count {
                std::hint::black_box(generator.generate_indexed(round, i as u64).unwrap());
            }
            let rate = count as f64 / started.elapsed().as_secs_f64();
            this_round.push((format!("sudoku-gen {} (1 thread)", symmetry.name()), rate));
            let config = GenConfig {
                symmetry,
                ..GenConfig::default()
            };
            let started = Instant::now();
            std::hint::black_box(generate_n(config, round, count).unwrap());
            let rate = count as f64 / started.elapsed().as_secs_f64();
            this_round.push((format!("sudoku-gen {} (all cores)", symmetry.name()), rate));
        }
        let started = Instant::now();
        for _ in 0..count {
            std::hint::black_box(sudoku::Sudoku::generate());
        }
        let reference = count as f64 / started.elapsed().as_secs_f64();
        this_round.push((crate_name.clone(), reference));
        for (name, rate) in this_round {
            ratios
                .entry(name.clone())
                .or_default()
                .push(rate / reference);
            rates.entry(name).or_default().push(rate);
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "{count} puzzles per measurement, {rounds} alternating rounds, medians; \
         ratio: to the sudoku crate in the same round"
    );
    println!("  {:<36} {:>10} {:>7}", "generator", "puzzles/s", "ratio");
    for (name, rate) in rates {
        let ratio = median(ratios.remove(&name).unwrap_or_default());
        println!("  {name:<36} {:>10.0} {ratio:>6.2}x", median(rate));
    }
}
