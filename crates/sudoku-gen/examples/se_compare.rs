//! Compares the ladder's ratings with Sudoku Explainer's on a file of
//! `<puzzle> <ER> <EP> <ED> [SE seconds]` lines.
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a file of rated puzzles");
    if path == "--steps" {
        let puzzle: sudoku_gen::Grid = std::env::args().nth(2).unwrap().parse().unwrap();
        sudoku_gen::LogicSolver::new(&puzzle).solve_with(|step| {
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
        return;
    }
    if path == "--path" {
        let puzzle: sudoku_gen::Grid = std::env::args().nth(2).unwrap().parse().unwrap();
        let mut n = 0;
        sudoku_gen::LogicSolver::new(&puzzle).solve_with(|step| {
            n += 1;
            println!("{n} {step}");
        });
        return;
    }
    let text = std::fs::read_to_string(&path).expect("readable");
    let (mut n, mut exact, mut within, mut ep_ok, mut ed_ok) = (0, 0, 0, 0, 0);
    let (mut ours_total, mut se_total) = (0.0, 0.0);
    let mut slowest: Vec<(f64, f64, String)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let puzzle: sudoku_gen::Grid = fields[0].parse().expect("a puzzle");
        let er: f64 = fields[1].parse().expect("ER");
        let ep: f64 = fields[2].parse().expect("EP");
        let ed: f64 = fields[3].parse().expect("ED");
        let se_s: f64 = fields.get(4).and_then(|s| s.parse().ok()).unwrap_or(0.0);
        let t = Instant::now();
        let rating = sudoku_gen::rate(&puzzle);
        let s = t.elapsed().as_secs_f64();
        ours_total += s;
        se_total += se_s;
        slowest.push((s, se_s, format!("{} {er}", fields[0])));
        n += 1;
        let ours = rating.se();
        if (ours - er).abs() < 0.05 {
            exact += 1;
        } else {
            println!(
                "{} se {er} ours {ours} ({:?}) {:.3} s (se {se_s} s)",
                fields[0], rating.hardest, s
            );
        }
        ep_ok += usize::from((rating.ep.as_f64() - ep).abs() < 0.05);
        ed_ok += usize::from((rating.ed.as_f64() - ed).abs() < 0.05);
        if (ours - er).abs() <= 0.5 {
            within += 1;
        }
    }
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (s, se_s, what) in slowest.iter().take(8) {
        println!("slow: {what} {s:.3} s (SE {se_s} s)");
    }
    println!(
        "{n} puzzles: ER {exact} exact, {within} within 0.5; EP {ep_ok}, ED {ed_ok} exact; \
         {ours_total:.2} s here, {se_total:.2} s in SE ({:.1}x)",
        se_total / ours_total
    );
}
