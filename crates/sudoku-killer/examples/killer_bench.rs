//! Times `KillerSolver` per puzzle on a killer JSONL file and prints median, 99th percentile
//! and maximum, after checking every answer.
//!
//! ```text
//! cargo run --profile fast -p sudoku-killer --example killer_bench -- [FILE.jsonl] [--limit N] [--rounds R]
//! cargo run --profile fast -p sudoku-killer --example killer_bench -- --generate N --seed S [--hard] --out FILE.jsonl
//! ```
//!
//! Solver options: `--no-45` (no 45 rule), `--cheap-cages` (`exact_cages: false`),
//! `--max-45 N` (largest innie/outie set kept).
//!
//! FILE defaults to the public krazydad set. It is read with `KillerReader`, so any form of
//! the JSON family works (`cages`, or `cage_map` with `cage_sums`), each line with its
//! `solution` (81 digits); header lines such as `{"expect": "unique"}` are skipped. Each
//! puzzle is counted up to 2 solutions (which proves uniqueness); the time covers building the
//! solver's model and the whole search. With `--rounds R` every puzzle is timed R times and
//! the fastest kept, to damp the noise of a shared machine. `--times` prints each puzzle's
//! line, time (µs) and search nodes.
//!
//! `--generate N` instead makes N puzzles with the generator from seeds S, S+1, ...
//! (`--hard`: larger cages; `--no-merge`: no merging, so more and smaller cages), proves each
//! unique, prints puzzles per second and writes them in the same JSONL layout to `--out`.

use std::time::Instant;

use sudoku_core::{CountSolutions, Counters, Grid, Solver};
use sudoku_killer::{
    GeneratorConfig, KillerConfig, KillerGenerator, KillerPuzzle, KillerReader, KillerSolver,
    KillerStats,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    if let Some(n) = value("--generate") {
        let n: u64 = n.parse().expect("--generate N");
        let seed: u64 = value("--seed").map_or(0, |s| s.parse().expect("--seed S"));
        let mut config = if args.iter().any(|a| a == "--hard") {
            hard_config()
        } else {
            GeneratorConfig::default()
        };
        config.merge = !args.iter().any(|a| a == "--no-merge");
        generate_set(n, seed, &config, value("--out"));
        return;
    }
    let path = args
        .iter()
        .enumerate()
        .find(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a.clone())
        .or_else(|| {
            sudoku_testing::public_data_dir().map(|d| {
                d.join("killer_krazydad_intermediate.jsonl")
                    .display()
                    .to_string()
            })
        })
        .expect("give a JSONL file (public data folder absent)");
    let limit: usize = value("--limit").map_or(usize::MAX, |s| s.parse().expect("--limit N"));
    let rounds: usize = value("--rounds").map_or(1, |s| s.parse().expect("--rounds R"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    let records: Vec<_> = KillerReader::new(text.as_bytes())
        .take(limit)
        .map(|record| record.expect("a valid killer puzzle"))
        .collect();
    let puzzles: Vec<(KillerPuzzle, Grid)> = records
        .iter()
        .map(|record| {
            let solution = record.solution.expect("each puzzle gives its solution");
            assert!(record.puzzle.is_solution(&solution), "line {}", record.line);
            (record.puzzle.clone(), solution)
        })
        .collect();
    let config = KillerConfig {
        rule_45: !args.iter().any(|a| a == "--no-45"),
        exact_cages: !args.iter().any(|a| a == "--cheap-cages"),
        max_45_cells: value("--max-45").map_or(KillerConfig::default().max_45_cells, |s| {
            s.parse().expect("--max-45 N")
        }),
    };
    let mut solver = KillerSolver::new(config);
    let mut times = vec![f64::INFINITY; puzzles.len()];
    let mut not_unique = 0;
    let mut total = KillerStats::default();
    let mut nodes = vec![0; puzzles.len()];
    for round in 0..rounds {
        for (i, (puzzle, expected)) in puzzles.iter().enumerate() {
            let start = Instant::now();
            let found = solver.solutions(puzzle, 2);
            let count = found.len();
            let elapsed = start.elapsed().as_secs_f64() * 1e6;
            times[i] = times[i].min(elapsed);
            assert_eq!(found.first(), Some(expected), "puzzle {} wrong", i + 1);
            if round == 0 {
                if count != 1 {
                    not_unique += 1;
                    println!("puzzle {} has {} solutions (counted up to 2)", i + 1, count);
                }
                total.accumulate(&solver.stats());
                nodes[i] = solver.stats().nodes;
            }
        }
    }
    // Cross-check the trait path once.
    assert!(
        puzzles
            .iter()
            .all(|(p, _)| solver.count_solutions(p, 2) >= 1)
    );
    if args.iter().any(|a| a == "--times") {
        for ((record, time), nodes) in records.iter().zip(&times).zip(&nodes) {
            println!("line {}: {time:.1} us, {nodes} nodes", record.line);
        }
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let pct = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{path}: {} puzzles, all answers equal the file's, {} not unique",
        puzzles.len(),
        not_unique
    );
    println!(
        "per puzzle (count to 2, best of {rounds}): median {:.1} us, p90 {:.1} us, p99 {:.1} us, max {:.1} us, mean {:.1} us",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        sorted[sorted.len() - 1],
        times.iter().sum::<f64>() / times.len() as f64
    );
    println!(
        "nodes {} ({:.2} per puzzle), guesses {} ({:.2} per puzzle), constraint runs {:.0} per puzzle, puzzles solved without guessing: {}",
        total.nodes,
        total.nodes as f64 / puzzles.len() as f64,
        total.guesses,
        total.guesses as f64 / puzzles.len() as f64,
        total.propagations as f64 / puzzles.len() as f64,
        puzzles
            .iter()
            .filter(|(p, _)| {
                solver.count_solutions(p, 2);
                solver.stats().guesses == 0
            })
            .count()
    );
}

fn hard_config() -> GeneratorConfig {
    GeneratorConfig {
        cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
        check_nodes: 200,
        ..GeneratorConfig::default()
    }
}

fn generate_set(n: u64, seed: u64, config: &GeneratorConfig, out: Option<String>) {
    let start = Instant::now();
    let made: Vec<_> = (seed..seed + n)
        .map(|s| KillerGenerator::new(*config).generate(s))
        .collect();
    let secs = start.elapsed().as_secs_f64();
    let mut solver = KillerSolver::default();
    let mut lines = String::new();
    let mut nodes = Vec::new();
    let mut cages = 0;
    for (k, m) in made.iter().enumerate() {
        assert_eq!(
            solver.count_solutions(&m.puzzle, 2),
            1,
            "seed {}",
            seed + k as u64
        );
        assert!(m.puzzle.is_solution(&m.solution));
        nodes.push(m.difficulty.nodes);
        cages += m.puzzle.cages().len();
        let sums: Vec<String> = m.puzzle.cage_sums().iter().map(|s| s.to_string()).collect();
        lines.push_str(&format!(
            "{{\"id\":\"seed-{}\",\"cage_map\":\"{}\",\"cage_sums\":[{}],\"solution\":\"{}\"}}\n",
            seed + k as u64,
            m.puzzle.cage_map(),
            sums.join(","),
            m.solution
        ));
    }
    nodes.sort_unstable();
    println!(
        "{n} puzzles from seeds {seed}..{}: all proven unique; {:.1} puzzles/s; mean {:.1} cages; \
         difficulty (search nodes) median {}, max {}",
        seed + n,
        n as f64 / secs,
        cages as f64 / n as f64,
        nodes[nodes.len() / 2],
        nodes[nodes.len() - 1]
    );
    if let Some(out) = out {
        std::fs::write(&out, lines).expect("writable output");
        println!("written to {out}");
    }
}
