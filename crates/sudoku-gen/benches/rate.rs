//! Ratings on Sudoku Explainer's scale, by band of its ER: below 7, 7 to 8.9, 9 and up. The
//! puzzles are those of `tests/se_rated.txt` and, when the public data is there, of
//! `se_rated_public.txt`, each with Sudoku Explainer's ER, EP and ED. Before timing, every
//! puzzle is rated and its three ratings checked against Sudoku Explainer's: a rater that
//! rates otherwise must not look fast. A sample rates every puzzle of its band once; the
//! throughput is in puzzles.
//!
//! ```text
//! cargo bench -p sudoku-gen --bench rate
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_gen::{Difficulty, Grid, rate};

/// A puzzle and Sudoku Explainer's ER, EP and ED.
type Rated = (Grid, [Difficulty; 3]);

/// The puzzles of a file of `<puzzle> <ER> <EP> <ED>` lines (`#` lines are comments).
fn read(path: &std::path::Path) -> Vec<Rated> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with('#') || fields.is_empty() {
            continue;
        }
        let at = || format!("{}:{}", path.display(), n + 1);
        assert!(
            fields.len() >= 4,
            "{}: expected a puzzle and three ratings",
            at()
        );
        let puzzle: Grid = fields[0]
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", at()));
        let rating = |i: usize| -> Difficulty {
            fields[i]
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}", at()))
        };
        out.push((puzzle, [rating(1), rating(2), rating(3)]));
    }
    out
}

fn bench(c: &mut Criterion) {
    let own = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/se_rated.txt");
    let mut puzzles = read(&own);
    if let Some(public) = sudoku_testing::public_file("se_rated_public.txt") {
        puzzles.extend(read(&public));
    }
    let mut seen = std::collections::HashSet::new();
    puzzles.retain(|(puzzle, _)| seen.insert(*puzzle));
    for (puzzle, expected) in &puzzles {
        let rating = rate(puzzle).expect("a rated puzzle has one solution");
        assert_eq!([rating.er, rating.ep, rating.ed], *expected, "{puzzle}");
    }
    let bands = [
        ("rate-er-below-7", 0, 69),
        ("rate-er-7-to-8.9", 70, 89),
        ("rate-er-9-up", 90, Difficulty::FAILED.tenths()),
    ];
    for (name, low, high) in bands {
        let band: Vec<Grid> = puzzles
            .iter()
            .filter(|(_, [er, ..])| (low..=high).contains(&er.tenths()))
            .map(|(puzzle, _)| *puzzle)
            .collect();
        if band.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(band.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        group.bench_function("sudoku-gen", |b| {
            b.iter(|| {
                for puzzle in &band {
                    black_box(rate(black_box(puzzle)).ok());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
