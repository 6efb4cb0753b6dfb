//! scratch
use std::time::{Duration, Instant};
use sudoku_gen::{Budget, Grid};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).map_or(10, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let mut worst = 0.0f64;
    for line in text.lines().take(n) {
        let grid: Grid = line[..81].parse().unwrap();
        eprintln!("puzzle {}", &line[..20]);
        let mut over = vec![];
        for ms in [1u64, 7, 30, 100, 250, 600] {
            let start = Instant::now();
            let r = sudoku_gen::rate_within(&grid, Budget::time(Duration::from_millis(ms)));
            let t = start.elapsed().as_secs_f64() * 1000.0;
            if r.is_err() {
                over.push(t - ms as f64);
                worst = worst.max(t - ms as f64);
            }
        }
        println!(
            "{} overshoot ms {:?}",
            &line[..20],
            over.iter()
                .map(|x| (x * 10.0).round() / 10.0)
                .collect::<Vec<_>>()
        );
    }
    println!("worst overshoot {worst:.1} ms");
}
