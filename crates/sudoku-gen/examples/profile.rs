//! One generator on one thread, for profilers: puzzles 0 to COUNT - 1 of seed 1 with the
//! given symmetry (`none`, `rotate180`, `rotate90`, `mirror`, `diagonal`), or COUNT puzzles
//! of the crates.io `sudoku` crate's `Sudoku::generate()` (`crate`). Prints the mean clue
//! count.
//!
//! ```text
//! cargo build --profile profiling -p sudoku-gen --example profile
//! valgrind --tool=callgrind target/profiling/examples/profile rotate180 300
//! ```

use sudoku_gen::{GenConfig, Generator, Symmetry};

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "rotate180".into());
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let clues: usize = if which == "crate" {
        (0..count)
            .map(|_| usize::from(sudoku::Sudoku::generate().n_clues()))
            .sum()
    } else {
        let Some(symmetry) = Symmetry::ALL.into_iter().find(|s| s.name() == which) else {
            eprintln!("unknown generator {which:?}: crate, or a symmetry (none, rotate180, ...)");
            std::process::exit(2);
        };
        let mut generator = Generator::new(GenConfig {
            symmetry,
            ..GenConfig::default()
        })
        .expect("a valid configuration");
        (0..count)
            .map(|i| generator.generate_indexed(1, i).unwrap().puzzle.filled())
            .sum()
    };
    println!(
        "{which}: {count} puzzles, {:.2} clues on average",
        clues as f64 / count as f64
    );
}
