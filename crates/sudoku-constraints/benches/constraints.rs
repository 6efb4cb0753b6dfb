//! Criterion benchmarks of `ConstraintSolver`: proving uniqueness (counting to 2) on killer
//! puzzles beside `sudoku-killer`'s own solver (the first 200 public krazydad puzzles, and the
//! project's generated set `benchdata/killer.jsonl`), and on generated variant puzzles of each
//! kind. Every answer is checked before timing; one iteration is the whole set.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_constraints::{ConstraintPuzzle, ConstraintSolver, CountSolutions};
use sudoku_killer::{KillerPuzzle, KillerSolver};

/// Killer puzzles of a JSONL file in the cage-map or cages form, with their solutions when
/// the file gives them.
fn killers(text: &str, limit: usize) -> Vec<KillerPuzzle> {
    text.lines()
        .filter(|line| line.contains("cage"))
        .take(limit)
        .map(|line| {
            sudoku_killer::KillerEntry::from_json(line)
                .expect("a killer puzzle")
                .puzzle
        })
        .collect()
}

fn bench_killers(c: &mut Criterion, name: &str, set: &[KillerPuzzle]) {
    let described: Vec<ConstraintPuzzle> = set.iter().map(ConstraintPuzzle::from).collect();
    let mut engine = ConstraintSolver::default();
    let mut killer = KillerSolver::default();
    for (puzzle, general) in set.iter().zip(&described) {
        let theirs = killer.solutions(puzzle, 2);
        let ours = engine.solutions(general, 2);
        assert_eq!(ours.len(), theirs.len(), "counts differ");
        assert_eq!(ours[0].cells(), theirs[0].cells(), "solutions differ");
    }
    let mut group = c.benchmark_group(name);
    group.bench_function("constraints", |b| {
        b.iter(|| {
            for puzzle in &described {
                black_box(engine.count_solutions(black_box(puzzle), 2));
            }
        })
    });
    group.bench_function("killer", |b| {
        b.iter(|| {
            for puzzle in set {
                black_box(sudoku_core::CountSolutions::count_solutions(
                    &mut killer,
                    black_box(puzzle),
                    2,
                ));
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchdata");
    let generated =
        std::fs::read_to_string(root.join("killer.jsonl")).expect("benchdata/killer.jsonl");
    bench_killers(c, "killer_generated", &killers(&generated, 40));
    match sudoku_testing::public_data_dir() {
        Some(dir) => {
            let text = std::fs::read_to_string(dir.join("killer_krazydad_intermediate.jsonl"))
                .expect("the public killer set");
            bench_killers(c, "killer_krazydad", &killers(&text, 200));
        }
        None => eprintln!("skipped: killer_krazydad (no public data)"),
    }
}

criterion_group!(all, benches);
criterion_main!(all);
