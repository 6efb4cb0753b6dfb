//! Puzzles per second: this crate's generator (minimal, with and without 180-degree symmetry)
//! side by side with the crates.io `sudoku` crate's `Sudoku::generate()` (minimal under
//! 180-degree symmetry). Before timing, a sample of each generator's output is checked: unique
//! (by the core's independent reference counter) and symmetric.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_core::Grid;
use sudoku_gen::{GenConfig, Generator, Symmetry};
use sudoku_testing::reference_count;

fn check(puzzle: &Grid, symmetry: Symmetry) {
    assert_eq!(reference_count(puzzle, 2), 1, "not unique: {puzzle}");
    assert!(symmetry.holds(puzzle), "not {symmetry:?}: {puzzle}");
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    for symmetry in [Symmetry::Rotate180, Symmetry::None] {
        let mut generator = Generator::new(GenConfig {
            symmetry,
            ..GenConfig::default()
        })
        .expect("a valid configuration");
        for i in 0..20 {
            check(&generator.generate_indexed(1, i).unwrap().puzzle, symmetry);
        }
        let mut index = 0;
        group.bench_function(format!("gen-{}", symmetry.name()), |b| {
            b.iter(|| {
                index += 1;
                black_box(generator.generate_indexed(1, index).unwrap())
            })
        });
    }
    for _ in 0..20 {
        let puzzle: Grid = sudoku::Sudoku::generate().to_str_line().parse().unwrap();
        check(&puzzle, Symmetry::Rotate180);
    }
    group.bench_function("sudoku-crate-rotate180", |b| {
        b.iter(|| black_box(sudoku::Sudoku::generate()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
