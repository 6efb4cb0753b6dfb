//! Evaluation harness for boards of every size and variant: runs the colony
//! ([`AbcVariantSolver`]) one puzzle at a time on one thread and prints, per set, the success
//! rate and the median and largest time, fitness evaluations and cycles per puzzle. Every
//! answer is checked with `Puzzle::solves`; a wrong one aborts the run.
//!
//! ```text
//! cargo run --release -p sudoku-abc --example abc_variants -- [options] SET[:COUNT]...
//! ```
//!
//! A `SET` is made here from seeded random solved grids with a share of cells blanked (the
//! instance class of Lewis and of Lloyd and Amos; see `tests/support/instances.rs`):
//! `N` (4 to 25: plain boxes of side N), `xN` (Sudoku X of side N), `windoku` (9x9),
//! `jigsawN` (a random jigsaw layout of side N for each puzzle), each `COUNT` puzzles (10 by
//! default); or a `FILE` of puzzles in any form the core reader takes, JSON lines for
//! variants included (a path with `/` or `.`). Options: `--given F` (share of cells given,
//! default 0.45), `--seed N` (instances, default 1), `--time-limit S` (seconds per puzzle),
//! `--show-best` (print the best grid of each puzzle given up on), and the configuration:
//! `--colonies N`, `--cycles N`, `--limit N`, `--colony-size N`, `--noise N`, `--tabu N`,
//! `--perturb K`, `--adaptive`, `--singles`, `--no-presolve`, `--no-candidates`,
//! `--cross-box`, `--walk-any-digit`, `--unscaled` (no adaptation to the board's size),
//! `--abc-seed N`. Limit, cycles and noise are given for 9x9 and adapted to larger boards
//! as `AbcConfig::for_side` says, unless `--unscaled`.

use std::io::BufReader;
use std::time::{Duration, Instant};

use sudoku_abc::{AbcConfig, AbcVariantSolver, Neighbourhood, Presolve, Puzzle, PuzzleReader};

#[path = "../tests/support/instances.rs"]
mod instances;
#[path = "support/run.rs"]
mod run;

use run::{Run, percentile};

struct Options {
    config: AbcConfig,
    given: f64,
    seed: u64,
    show_best: bool,
    sets: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        config: AbcConfig::default(),
        given: 0.45,
        seed: 1,
        show_best: false,
        sets: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    let value = |args: &mut dyn Iterator<Item = String>, flag: &str| {
        args.next().ok_or_else(|| format!("{flag} takes a value"))
    };
    let number = |text: String, flag: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
    };
    while let Some(arg) = args.next() {
        let config = &mut options.config;
        match arg.as_str() {
            "--given" => {
                let text = value(&mut args, &arg)?;
                options.given = text
                    .parse::<f64>()
                    .ok()
                    .filter(|g| (0.0..=1.0).contains(g))
                    .ok_or_else(|| format!("--given takes a share from 0 to 1, not {text:?}"))?;
            }
            "--seed" => options.seed = number(value(&mut args, &arg)?, &arg)?,
            "--abc-seed" => config.seed = number(value(&mut args, &arg)?, &arg)?,
            "--time-limit" => {
                let secs = number(value(&mut args, &arg)?, &arg)?;
                config.budget = config.budget.with_time(Duration::from_secs(secs));
            }
            "--colonies" => config.colonies = number(value(&mut args, &arg)?, &arg)? as usize,
            "--cycles" => {
                config.budget = config
                    .budget
                    .with_nodes(number(value(&mut args, &arg)?, &arg)?);
            }
            "--limit" => config.limit = number(value(&mut args, &arg)?, &arg)? as u32,
            "--colony-size" => config.colony_size = number(value(&mut args, &arg)?, &arg)? as usize,
            "--noise" => config.noise = number(value(&mut args, &arg)?, &arg)? as u32,
            "--singles" => config.presolve = Presolve::Singles,
            "--no-presolve" => config.presolve = Presolve::Off,
            "--no-candidates" => config.respect_candidates = false,
            "--perturb" => {
                config.scout =
                    sudoku_abc::Scout::Perturb(number(value(&mut args, &arg)?, &arg)? as u32)
            }
            "--tabu" => config.tabu_tenure = number(value(&mut args, &arg)?, &arg)? as u32,
            "--adaptive" => config.adaptive_limit = true,
            "--show-best" => options.show_best = true,
            "--walk-any-digit" => config.walk_any_digit = true,
            "--unscaled" => config.scale_to_board = false,
            "--cross-box" => config.neighbourhood = Neighbourhood::CrossBox,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => options.sets.push(arg),
        }
    }
    if options.sets.is_empty() {
        return Err("name at least one set, e.g. 16:20 25:20 x9 windoku jigsaw9".into());
    }
    options.config.check().map_err(|err| err.to_string())?;
    Ok(options)
}

/// The puzzles of `spec`, each with its expected solution when known.
fn load(spec: &str, given: f64, seed: u64) -> Result<Vec<(Puzzle, Option<Puzzle>)>, String> {
    if spec.contains('/') || spec.contains('.') {
        let file = std::fs::File::open(spec).map_err(|err| format!("{spec}: {err}"))?;
        return PuzzleReader::new(BufReader::new(file))
            .any_size()
            .map(|record| {
                record
                    .map(|r| (r.puzzle, r.solution))
                    .map_err(|err| format!("{spec}: {err}"))
            })
            .collect();
    }
    let (name, count) = spec.split_once(':').unwrap_or((spec, "10"));
    let count: u64 = count
        .parse()
        .map_err(|_| format!("{spec}: the count after ':' is a number"))?;
    let side = |digits: &str| {
        digits
            .parse::<usize>()
            .map_err(|_| format!("{spec}: unknown set"))
    };
    (0..count)
        .map(|i| {
            let (n, rules) = match name {
                "windoku" => (9, instances::windoku()),
                _ => match (name.strip_prefix('x'), name.strip_prefix("jigsaw")) {
                    (Some(n), _) => (side(n)?, instances::sudoku_x(side(n)?)),
                    (_, Some(n)) => {
                        // A fresh random layout (with a grid that solves it) for each puzzle.
                        let n = side(n)?;
                        let grid_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i);
                        let (_, solution) = instances::random_jigsaw(n, grid_seed);
                        let puzzle = instances::blanked(&solution, given, grid_seed);
                        return Ok((puzzle, Some(solution)));
                    }
                    _ => (side(name)?, instances::plain(side(name)?)),
                },
            };
            debug_assert_eq!(rules.size(), n);
            let (puzzle, solution) = instances::instance(&rules, given, seed, i);
            Ok((puzzle, Some(solution)))
        })
        .collect()
}

fn solve_one(options: &Options, puzzle: &Puzzle) -> Run {
    let mut solver =
        AbcVariantSolver::new(options.config).expect("checked when the options were read");
    run::solve_one(
        &mut solver,
        puzzle,
        |answer| answer.solves(puzzle),
        options.show_best,
    )
}

fn main() {
    let options = match parse_args() {
        Ok(options) => options,
        Err(err) => {
            eprintln!("abc_variants: {err}");
            std::process::exit(2);
        }
    };
    println!(
        "config: {:?}; instances: {:.0}% given, seed {}",
        options.config,
        options.given * 100.0,
        options.seed
    );
    println!(
        "| set | puzzles | solved | median ms | max ms | median evals | max evals | median cycles | max cycles |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for spec in &options.sets {
        let puzzles = match load(spec, options.given, options.seed) {
            Ok(puzzles) if !puzzles.is_empty() => puzzles,
            Ok(_) => {
                eprintln!("abc_variants: {spec}: no puzzles");
                continue;
            }
            Err(err) => {
                eprintln!("abc_variants: {err}");
                std::process::exit(2);
            }
        };
        let start = Instant::now();
        let runs: Vec<Run> = puzzles
            .iter()
            .map(|(puzzle, solution)| {
                if let Some(solution) = solution {
                    assert!(solution.solves(puzzle), "{spec}: a wrong expected solution");
                }
                solve_one(&options, puzzle)
            })
            .collect();
        let wall = start.elapsed();
        let solved = runs.iter().filter(|r| r.solved).count();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let times: Vec<Duration> = runs.iter().map(|r| r.time).collect();
        let evals: Vec<u64> = runs.iter().map(|r| r.evaluations).collect();
        let cycles: Vec<u64> = runs.iter().map(|r| r.cycles).collect();
        println!(
            "| {spec} | {} | {:.1}% ({solved}) | {:.2} | {:.2} | {} | {} | {} | {} |",
            runs.len(),
            100.0 * solved as f64 / runs.len() as f64,
            ms(percentile(times.clone(), 50)),
            ms(percentile(times, 100)),
            percentile(evals.clone(), 50),
            percentile(evals, 100),
            percentile(cycles.clone(), 50),
            percentile(cycles, 100),
        );
        for ((puzzle, _), run) in puzzles.iter().zip(&runs).filter(|(_, r)| !r.solved).take(5) {
            eprintln!("  gave up with {} conflicts: {puzzle}", run.conflicts);
        }
        eprintln!("  {spec}: wall {:.1} s", wall.as_secs_f64());
    }
}
