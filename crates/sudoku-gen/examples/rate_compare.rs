//! Compares `sudoku_gen::rate` with Sudoku Explainer's ratings of the same puzzles.
//!
//! ```text
//! cargo run --release -p sudoku-gen --example rate_compare -- FILE
//! cargo run --release -p sudoku-gen --example rate_compare -- --steps PUZZLE
//! ```
//!
//! FILE holds one puzzle a line, `<81 characters> <ER> <EP> <ED> [seconds]`, as Sudoku
//! Explainer's `serate --format="%g %r %p %d %e"` writes them (the seconds, its own time for
//! the puzzle, may be written `1.23s`, `2m05s` or left out). The report gives, by range of
//! Sudoku Explainer's ER: how many ratings are equal, how many within 0.5, and the time of
//! both; then Spearman's rank correlation over all puzzles, and the puzzles rated otherwise.
//!
//! `--steps PUZZLE` prints the path, a step a line (`STEP <tenths> remove r1c2<>3,...
//! place r4c5=6`), to compare with Sudoku Explainer's own path step by step.

use std::time::Instant;

use sudoku_gen::{Grid, LogicSolver, rate};

/// Ranges of ER for the report: up to 4.4 (no chains, no uniqueness), 4.5 to 6.4, 6.5 to
/// 8.9, 9.0 and up.
const RANGES: [(f64, f64, &str); 4] = [
    (0.0, 4.45, "1.0 - 4.4"),
    (4.45, 6.45, "4.5 - 6.4"),
    (6.45, 8.95, "6.5 - 8.9"),
    (8.95, 99.0, "9.0 and up"),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, puzzle] if flag == "--steps" => steps(puzzle),
        [file] => {
            if let Err(err) = compare(file) {
                eprintln!("rate_compare: {err}");
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!("usage: rate_compare FILE | rate_compare --steps PUZZLE");
            std::process::exit(2);
        }
    }
}

fn steps(puzzle: &str) {
    let puzzle: Grid = match puzzle.parse() {
        Ok(puzzle) => puzzle,
        Err(err) => {
            eprintln!("rate_compare: {err}");
            std::process::exit(1);
        }
    };
    LogicSolver::new(&puzzle).solve_with(|step| {
        let mut removals: Vec<String> = step
            .eliminations
            .iter()
            .map(|&(c, d)| format!("r{}c{}<>{d}", c / 9 + 1, c % 9 + 1))
            .collect();
        removals.sort();
        let mut line = format!("STEP {}", step.difficulty.tenths());
        if !removals.is_empty() {
            line += &format!(" remove {}", removals.join(","));
        }
        for &(c, d) in &step.placements {
            line += &format!(" place r{}c{}={d}", c / 9 + 1, c % 9 + 1);
        }
        println!("{line}");
    });
}

/// Seconds written by serate's `%e`: `1.23s`, `2m05s`, `1h02m`.
fn seconds(text: &str) -> Option<f64> {
    let text = text.trim();
    if let Some(s) = text.strip_suffix('s') {
        if let Some((m, s)) = s.split_once('m') {
            return Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?);
        }
        return s.parse().ok();
    }
    if let Some((h, m)) = text.strip_suffix('m').and_then(|t| t.split_once('h')) {
        return Some(h.parse::<f64>().ok()? * 3600.0 + m.parse::<f64>().ok()? * 60.0);
    }
    text.parse().ok()
}

struct Row {
    puzzle: String,
    se: [f64; 3],
    ours: [f64; 3],
    se_seconds: Option<f64>,
    seconds: f64,
}

fn compare(file: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|err| format!("{file}: {err}"))?;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with('#') || fields.is_empty() {
            continue;
        }
        let at = format!("{file}:{}", n + 1);
        if fields.len() < 4 {
            return Err(format!("{at}: expected a puzzle and three ratings"));
        }
        let number = |i: usize| -> Result<f64, String> {
            fields[i]
                .parse()
                .map_err(|_| format!("{at}: `{}` is not a rating", fields[i]))
        };
        let puzzle: Grid = fields[0].parse().map_err(|err| format!("{at}: {err}"))?;
        let se = [number(1)?, number(2)?, number(3)?];
        let started = Instant::now();
        let rating = rate(&puzzle).map_err(|err| format!("{at}: {err}"))?;
        let elapsed = started.elapsed().as_secs_f64();
        rows.push(Row {
            puzzle: fields[0].to_string(),
            se,
            ours: [rating.er.as_f64(), rating.ep.as_f64(), rating.ed.as_f64()],
            se_seconds: fields.get(4).and_then(|s| seconds(s)),
            seconds: elapsed,
        });
    }
    println!(
        "| ER (Sudoku Explainer) | puzzles | ER equal | ER within 0.5 | EP, ED equal | SE s | here s | SE / here |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let line = |name: &str, rows: &[&Row]| {
        let n = rows.len().max(1) as f64;
        let equal = |i: usize, r: &&Row| (r.se[i] - r.ours[i]).abs() < 0.05;
        let exact = rows.iter().filter(|r| equal(0, r)).count();
        let close = rows
            .iter()
            .filter(|r| (r.se[0] - r.ours[0]).abs() <= 0.5 + 1e-9)
            .count();
        let pe = rows.iter().filter(|r| equal(1, r) && equal(2, r)).count();
        let here: f64 = rows.iter().map(|r| r.seconds).sum();
        // Sudoku Explainer's time, when the file gives it for every puzzle of the range.
        let se: Option<f64> = rows.iter().map(|r| r.se_seconds).sum();
        let (se, ratio) = match se {
            Some(se) if !rows.is_empty() => (format!("{se:.2}"), format!("{:.0}", se / here)),
            _ => ("-".to_string(), "-".to_string()),
        };
        println!(
            "| {name} | {} | {exact} ({:.1}%) | {close} ({:.1}%) | {pe} | {se} | {here:.3} | {ratio} |",
            rows.len(),
            100.0 * exact as f64 / n,
            100.0 * close as f64 / n,
        );
    };
    for (low, high, name) in RANGES {
        let part: Vec<&Row> = rows
            .iter()
            .filter(|r| r.se[0] >= low && r.se[0] < high)
            .collect();
        line(name, &part);
    }
    line("all", &rows.iter().collect::<Vec<_>>());
    let se: Vec<f64> = rows.iter().map(|r| r.se[0]).collect();
    let ours: Vec<f64> = rows.iter().map(|r| r.ours[0]).collect();
    println!(
        "\nSpearman's rank correlation of ER: {:.4}",
        spearman(&se, &ours)
    );
    let others: Vec<&Row> = rows
        .iter()
        .filter(|r| (r.se[0] - r.ours[0]).abs() >= 0.05)
        .collect();
    if !others.is_empty() {
        println!("\nRated otherwise (puzzle, Sudoku Explainer's ER, this ER):");
        for r in others {
            println!("{} {} {}", r.puzzle, r.se[0], r.ours[0]);
        }
    }
    Ok(())
}

/// Ranks, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = mean;
        }
        i = j + 1;
    }
    out
}

/// Pearson's correlation of the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
