//! Puzzles per second of the generator, on one thread and with every core, side by side with
//! the crates.io `sudoku` crate's generator, in alternating rounds.
//!
//! `cargo run --release -p sudoku-gen --example throughput [COUNT]`

use std::time::Instant;

use sudoku_gen::{GenConfig, Generator, Symmetry, generate_n};

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let rounds = 5;
    let mut best = std::collections::BTreeMap::<String, Vec<f64>>::new();
    for round in 0..rounds {
        for symmetry in [Symmetry::Rotate180, Symmetry::None] {
            let mut generator = Generator::new(GenConfig {
                symmetry,
                ..GenConfig::default()
            });
            let started = Instant::now();
            for i in 0..count {
                std::hint::black_box(generator.generate_indexed(round, i as u64).unwrap());
            }
            let rate = count as f64 / started.elapsed().as_secs_f64();
            best.entry(format!("sudoku-gen {} (1 thread)", symmetry.name()))
                .or_default()
                .push(rate);
            let started = Instant::now();
            let config = GenConfig {
                symmetry,
                ..GenConfig::default()
            };
            std::hint::black_box(generate_n(config, round, count).unwrap());
            let rate = count as f64 / started.elapsed().as_secs_f64();
            best.entry(format!("sudoku-gen {} (all cores)", symmetry.name()))
                .or_default()
                .push(rate);
        }
        let started = Instant::now();
        for _ in 0..count {
            std::hint::black_box(sudoku::Sudoku::generate());
        }
        let rate = count as f64 / started.elapsed().as_secs_f64();
        best.entry("sudoku crate rotate180 (1 thread)".into())
            .or_default()
            .push(rate);
    }
    println!("{count} puzzles per measurement, {rounds} alternating rounds, median puzzles/s:");
    for (name, mut rates) in best {
        rates.sort_by(f64::total_cmp);
        println!("  {name:<36} {:>9.0}", rates[rates.len() / 2]);
    }
}
