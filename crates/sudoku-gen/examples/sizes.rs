//! Makes unique puzzles of every size and variant on one thread, checks each (one solution by
//! the general MRV engine; minimal where the generator says so) and reports puzzles per
//! second and clues.
//!
//! `cargo run --release -p sudoku-gen --example sizes -- [PUZZLES] [SEED]`

use std::time::Instant;

use sudoku_core::CountSolutions;
use sudoku_gen::{Shape, VariantConfig, VariantGenerator};
use sudoku_mrv::MrvVariantSolver;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args
        .next()
        .map_or(20, |a| a.parse().expect("a puzzle count"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    let shape = |n| Shape::for_size(n).expect("a size with boxes");
    let plain = |n| VariantConfig {
        shape: shape(n),
        ..VariantConfig::default()
    };
    let configs: Vec<(String, VariantConfig)> = vec![
        ("4x4".into(), plain(4)),
        ("6x6".into(), plain(6)),
        ("8x8".into(), plain(8)),
        ("9x9".into(), plain(9)),
        ("12x12".into(), plain(12)),
        ("16x16".into(), plain(16)),
        ("20x20".into(), plain(20)),
        ("25x25".into(), plain(25)),
        (
            "9x9 X".into(),
            VariantConfig {
                diagonals: true,
                ..plain(9)
            },
        ),
        (
            "9x9 windoku".into(),
            VariantConfig {
                windoku: true,
                ..plain(9)
            },
        ),
        (
            "9x9 jigsaw".into(),
            VariantConfig {
                jigsaw: true,
                ..plain(9)
            },
        ),
    ];
    println!("| set | puzzles/s | mean clues | minimal | attempts |");
    println!("|---|---:|---:|---:|---:|");
    let mut solver = MrvVariantSolver::default();
    for (name, config) in configs {
        let mut generator = VariantGenerator::new(config).expect("valid configurations");
        let started = Instant::now();
        let made: Vec<_> = (0..count)
            .map(|i| generator.generate_indexed(seed, i).expect("a puzzle"))
            .collect();
        let seconds = started.elapsed().as_secs_f64();
        for m in &made {
            assert!(m.solution.solves(&m.puzzle), "{name}: {}", m.puzzle);
            assert_eq!(
                solver.count_solutions(&m.puzzle, 2),
                1,
                "{name}: {}",
                m.puzzle
            );
        }
        let clues = made.iter().map(|m| m.puzzle.filled()).sum::<usize>() as f64 / count as f64;
        let minimal = made.iter().filter(|m| m.minimal).count();
        let attempts: usize = made.iter().map(|m| m.attempts).sum();
        println!(
            "| {name} | {:.1} | {clues:.1} | {minimal}/{count} | {attempts} |",
            count as f64 / seconds
        );
    }
}
