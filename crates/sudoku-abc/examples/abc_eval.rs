//! Evaluation harness: runs the bee colony over public puzzle sets and prints, per set, the
//! success rate and the median and 90th-percentile time, fitness evaluations and cycles per
//! puzzle. Every answer is checked with `Grid::solves`; a wrong one aborts the run.
//!
//! ```text
//! cargo run --release -p sudoku-abc --example abc_eval -- [options] SET[:N]...
//! ```
//!
//! `SET` is a file of `../shared/benchdata-public/` (without `.txt`), `:N` takes its first N
//! puzzles (`:N/S` takes N puzzles spread evenly over the set). Options change the default
//! configuration: `--article` (start from the article's configuration), `--colonies N`
//! (0 = all cores), `--cycles N`, `--limit N`, `--adaptive`, `--colony-size N`,
//! `--no-presolve`, `--singles` (singles only), `--no-candidates`, `--random-moves`, `--no-sideways`, `--cross-box`,
//! `--perturb K` (scouts shake the best source by K swaps), `--tabu N` (tabu tenure), `--noise N` (random-walk trials per 1,000), `--seed N`, `--jobs N`
//! (puzzles solved at once, each by its own solver; 1 by default, for clean timings).

use std::time::{Duration, Instant};

use sudoku_abc::{AbcConfig, AbcSolver, MoveChoice, Neighbourhood, Presolve, Scout};
use sudoku_core::Grid;
use sudoku_testing::public_set;

#[path = "support/run.rs"]
mod run;

use run::{Run, percentile};

fn parse_args() -> Result<(AbcConfig, usize, Vec<String>), String> {
    let mut config = AbcConfig::default();
    let mut jobs = 1;
    let mut sets = Vec::new();
    let mut args = std::env::args().skip(1);
    let number = |args: &mut dyn Iterator<Item = String>, flag: &str| {
        args.next()
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| format!("{flag} takes a number"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--article" => config = AbcConfig::article(),
            "--colonies" => config.colonies = number(&mut args, &arg)? as usize,
            "--cycles" => config.budget = config.budget.with_nodes(number(&mut args, &arg)?),
            "--limit" => config.limit = number(&mut args, &arg)? as u32,
            "--colony-size" => config.colony_size = number(&mut args, &arg)? as usize,
            "--seed" => config.seed = number(&mut args, &arg)?,
            "--jobs" => jobs = number(&mut args, &arg)? as usize,
            "--perturb" => config.scout = Scout::Perturb(number(&mut args, &arg)? as u32),
            "--tabu" => config.tabu_tenure = number(&mut args, &arg)? as u32,
            "--noise" => config.noise = number(&mut args, &arg)? as u32,
            "--adaptive" => config.adaptive_limit = true,
            "--no-presolve" => config.presolve = Presolve::Off,
            "--singles" => config.presolve = Presolve::Singles,
            "--no-candidates" => config.respect_candidates = false,
            "--random-moves" => config.move_choice = MoveChoice::Random,
            "--min-conflicts" => config.move_choice = MoveChoice::MinConflicts,
            "--no-sideways" => config.sideways = false,
            "--cross-box" => config.neighbourhood = Neighbourhood::CrossBox,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => sets.push(arg),
        }
    }
    if sets.is_empty() {
        return Err("name at least one set, e.g. magictour_top1465:300/1".into());
    }
    config.check().map_err(|err| err.to_string())?;
    Ok((config, jobs.max(1), sets))
}

/// The puzzles of `spec` (`name`, `name:N` or `name:N/S`).
fn load(spec: &str) -> Option<(String, Vec<Grid>)> {
    let (name, take) = spec.split_once(':').unwrap_or((spec, ""));
    let puzzles = public_set(&format!("{name}.txt"))?;
    let puzzles = match take.split_once('/') {
        Some((n, _)) => {
            let n: usize = n.parse().ok()?;
            let step = (puzzles.len() / n.max(1)).max(1);
            puzzles.into_iter().step_by(step).take(n).collect()
        }
        None if !take.is_empty() => puzzles.into_iter().take(take.parse().ok()?).collect(),
        None => puzzles,
    };
    Some((spec.to_string(), puzzles))
}

fn solve_one(config: &AbcConfig, puzzle: &Grid) -> Run {
    run::solve_one(
        &mut AbcSolver::new(*config).expect("checked when the options were read"),
        puzzle,
        |grid| grid.solves(puzzle),
        false,
    )
}

fn main() {
    let (config, jobs, sets) = match parse_args() {
        Ok(parsed) => parsed,
        Err(err) => {
            eprintln!("abc_eval: {err}");
            std::process::exit(2);
        }
    };
    println!("config: {config:?}, jobs {jobs}");
    println!(
        "| set | puzzles | solved | median ms | p90 ms | median evals | p90 evals | mean evals | max evals | median cycles |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for spec in sets {
        let Some((name, puzzles)) = load(&spec) else {
            eprintln!("abc_eval: cannot load {spec}");
            continue;
        };
        let start = Instant::now();
        let runs: Vec<Run> = if jobs == 1 {
            puzzles.iter().map(|p| solve_one(&config, p)).collect()
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .expect("thread pool");
            pool.install(|| {
                use rayon::prelude::*;
                puzzles.par_iter().map(|p| solve_one(&config, p)).collect()
            })
        };
        let wall = start.elapsed();
        let solved = runs.iter().filter(|r| r.solved).count();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let evals: Vec<u64> = runs.iter().map(|r| r.evaluations).collect();
        let mean = evals.iter().sum::<u64>() as f64 / evals.len() as f64;
        println!(
            "| {name} | {} | {:.1}% ({solved}) | {:.2} | {:.2} | {} | {} | {:.0} | {} | {} |",
            runs.len(),
            100.0 * solved as f64 / runs.len() as f64,
            ms(percentile(runs.iter().map(|r| r.time).collect(), 50)),
            ms(percentile(runs.iter().map(|r| r.time).collect(), 90)),
            percentile(evals.clone(), 50),
            percentile(evals.clone(), 90),
            mean,
            percentile(evals, 100),
            percentile(runs.iter().map(|r| r.cycles).collect(), 50),
        );
        let failed: Vec<String> = puzzles
            .iter()
            .zip(&runs)
            .filter(|(_, r)| !r.solved)
            .map(|(p, r)| format!("{p} (best {})", r.conflicts))
            .collect();
        for line in failed.iter().take(5) {
            eprintln!("  gave up: {line}");
        }
        eprintln!("  {name}: wall {:.1} s", wall.as_secs_f64());
    }
}
