//! Criterion benchmarks of `KillerSolver`: proving uniqueness (counting to 2) on the first
//! 200 public krazydad puzzles and on 50 harder pure killers from the generator (larger cages,
//! fixed seeds). Every answer is checked before timing. One iteration is the whole slice, so
//! divide by the slice length for a per-puzzle time.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_core::{CountSolutions, Grid};
use sudoku_killer::{GeneratorConfig, KillerGenerator, KillerPuzzle, KillerSolver};

fn krazydad(limit: usize) -> Option<Vec<(KillerPuzzle, Grid)>> {
    let dir = sudoku_testing::public_data_dir()?;
    let path = dir.join("killer_krazydad_intermediate.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} absent", path.display());
        return None;
    };
    Some(
        text.lines()
            .take(limit)
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
                let sums: Vec<u32> = v["cage_sums"]
                    .as_array()
                    .expect("sums")
                    .iter()
                    .map(|s| s.as_u64().expect("sum") as u32)
                    .collect();
                let map = v["cage_map"].as_str().expect("cage_map");
                let puzzle = KillerPuzzle::from_cage_map(map, &sums).expect("valid puzzle");
                let solution: Grid = v["solution"]
                    .as_str()
                    .expect("solution")
                    .parse()
                    .expect("grid");
                (puzzle, solution)
            })
            .collect(),
    )
}

/// The harder generated set: cages of 3 to 7 cells mostly, merged while unique.
fn generated_hard(n: u64) -> Vec<(KillerPuzzle, Grid)> {
    let config = GeneratorConfig {
        cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
        check_nodes: 200,
        ..GeneratorConfig::default()
    };
    (0..n)
        .map(|seed| {
            let made = KillerGenerator::new(config).generate(1_000_000 + seed);
            (made.puzzle, made.solution)
        })
        .collect()
}

fn bench_set(c: &mut Criterion, name: &str, set: &[(KillerPuzzle, Grid)]) {
    let mut solver = KillerSolver::default();
    for (puzzle, solution) in set {
        let found = solver.solutions(puzzle, 2);
        let count = found.len();
        assert_eq!(count, 1, "not unique");
        assert_eq!(found.first(), Some(solution), "wrong answer");
    }
    let mut group = c.benchmark_group(name);
    group.bench_function("killer", |b| {
        b.iter(|| {
            for (puzzle, _) in set {
                black_box(solver.count_solutions(black_box(puzzle), 2));
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    if let Some(set) = krazydad(200) {
        bench_set(c, "killer_krazydad", &set);
    }
    bench_set(c, "killer_generated_hard", &generated_hard(50));
}

criterion_group!(killer, benches);
criterion_main!(killer);
