//! Speed of `Grid::canonical` (minlex form) on the public 17-clue list, the sparse puzzles
//! where ties between symmetries are most common, on top1465, and on random solved grids.
//! Every form is checked before anything is timed: it is what the symmetry returned by
//! `canonical_transform` makes of the grid, a random image of the grid has the same form, and
//! the forms of the 17-clue list, which holds no two equivalent puzzles, are all distinct.
//!
//! One iteration is one pass over the set; the throughput reads as grids per second.

use std::collections::HashSet;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::{Grid, Transform, seeded_rng};
use sudoku_testing::{public_set, random_solved_grid};

/// Solved grids timed: random ones, from seeds 0 and up.
const SOLVED: u64 = 2000;

fn check(grids: &[Grid], distinct: bool) {
    let mut rng = seeded_rng(0);
    let mut forms = HashSet::new();
    for grid in grids {
        let form = grid.canonical();
        assert_eq!(grid.canonical_transform().apply(grid), form, "{grid}");
        let image = Transform::random(&mut rng).apply(grid);
        assert_eq!(image.canonical(), form, "{grid} and its image {image}");
        assert!(
            forms.insert(form) || !distinct,
            "{grid}: form {form} seen twice"
        );
    }
}

fn bench_set(c: &mut Criterion, name: &str, grids: &[Grid]) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    group.bench_function("canonical", |b| {
        b.iter(|| {
            for grid in grids {
                black_box(black_box(grid).canonical());
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    // The 17-clue list holds no two equivalent puzzles; top1465 holds one equivalent pair.
    for (name, distinct) in [("17_clue", true), ("magictour_top1465", false)] {
        if let Some(puzzles) = public_set(&format!("{name}.txt")) {
            check(&puzzles, distinct);
            bench_set(c, name, &puzzles);
        }
    }
    let solved: Vec<Grid> = (0..SOLVED).map(random_solved_grid).collect();
    check(&solved, false);
    bench_set(c, "solved", &solved);
}

criterion_group!(canon, benches);
criterion_main!(canon);
