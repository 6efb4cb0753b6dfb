//! Criterion benchmarks of `ConstraintSolver`: proving uniqueness (counting to 2) on killer
//! puzzles beside `sudoku-killer`'s own solver (the first 200 public krazydad puzzles, and the
//! project's generated set `benchdata/killer.jsonl`), and on generated variant sets of
//! benchdata/ (counting, and true candidates). Every answer is checked before timing; one
//! iteration is the whole set.

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

/// A generated variant set of benchdata/ (f-puzzles JSON lines, each unique): proving
/// uniqueness, and true candidates (which of a unique puzzle are its solution's digits).
fn bench_variants(c: &mut Criterion, root: &std::path::Path, name: &str) {
    let text =
        std::fs::read_to_string(root.join(format!("{name}.jsonl"))).expect("a benchdata set");
    let set: Vec<ConstraintPuzzle> = text
        .lines()
        .filter(|line| line.contains("\"grid\""))
        .map(|line| ConstraintPuzzle::read(line).expect("a puzzle"))
        .collect();
    let mut engine = ConstraintSolver::default();
    for puzzle in &set {
        let found = engine.solutions(puzzle, 2);
        assert_eq!(found.len(), 1, "not unique");
        assert_eq!(Some(found[0].cells()), puzzle.solution(), "wrong answer");
        let candidates = engine.true_candidates(puzzle, 100);
        assert!(candidates.complete);
        let digits: Vec<u32> = found[0].cells().iter().map(|&d| 1 << (d - 1)).collect();
        assert_eq!(
            candidates.masks, digits,
            "true candidates of a unique puzzle"
        );
    }
    let mut group = c.benchmark_group(name);
    group.bench_function("count", |b| {
        b.iter(|| {
            for puzzle in &set {
                black_box(engine.count_solutions(black_box(puzzle), 2));
            }
        })
    });
    group.bench_function("true_candidates", |b| {
        b.iter(|| {
            for puzzle in &set {
                black_box(engine.true_candidates(black_box(puzzle), 100));
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchdata");
    for name in [
        "variants_thermo",
        "variants_kropki",
        "variants_lines",
        "variants_cells",
    ] {
        bench_variants(c, &root, name);
    }
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
