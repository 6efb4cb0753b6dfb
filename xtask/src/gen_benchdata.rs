//! `cargo xtask gen-benchdata`: makes the generated puzzle sets of benchdata/ from fixed
//! seeds with the workspace's generator (sudoku-gen); `--check` proves the committed files are
//! exactly what it makes.
//!
//! Every set starts from random minimal puzzles of sudoku-gen (puzzle `i` of seed `s` is the
//! same on every machine and whatever the thread count); the sets differ in what they keep or
//! change. See [`SETS`] and benchdata/README.md.

use std::path::Path;

use rand::RngExt;
use sudoku_core::{CountSolutions, DigitSet, SeededRng};
use sudoku_gen::{Band, GenConfig, Generated, Shape, VariantConfig, generate_n, generate_variants};
use sudoku_mrv::MrvSolver;
use sudoku_testing::reference_effort;

use crate::workspace_root;

/// One generated set: its file name, how many puzzles, and what it holds.
pub(crate) struct SetSpec {
    pub(crate) file: &'static str,
    pub(crate) count: usize,
    kind: Kind,
    seed: u64,
    about: &'static str,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Easy,
    Minimal,
    Hard {
        pool: usize,
    },
    Multi,
    NoSolution,
    Killer,
    /// Unique puzzles of another size or variant, from sudoku-gen's `generate_variants`.
    Sized {
        size: usize,
        diagonals: bool,
        windoku: bool,
        jigsaw: bool,
    },
}

/// Plain rules of a size.
const fn sized(size: usize) -> Kind {
    Kind::Sized {
        size,
        diagonals: false,
        windoku: false,
        jigsaw: false,
    }
}

pub(crate) const SETS: &[SetSpec] = &[
    SetSpec {
        file: "easy.txt",
        count: 300,
        kind: Kind::Easy,
        seed: 1,
        about: "random minimal puzzles rated easy: ER 2.0 or less (hidden singles, direct steps)",
    },
    SetSpec {
        file: "minimal.txt",
        count: 300,
        kind: Kind::Minimal,
        seed: 2,
        about: "random minimal puzzles: unique, and no clue can be removed without losing that",
    },
    SetSpec {
        file: "hard.txt",
        count: 100,
        kind: Kind::Hard { pool: 3000 },
        seed: 3,
        about: "the 100 minimal puzzles of a pool of 3000 that take the core's plain reference \
                search the most nodes",
    },
    SetSpec {
        file: "multi.txt",
        count: 300,
        kind: Kind::Multi,
        seed: 4,
        about: "minimal puzzles with one clue removed: each has 2 or more solutions",
    },
    SetSpec {
        file: "nosol.txt",
        count: 300,
        kind: Kind::NoSolution,
        seed: 5,
        about: "minimal puzzles plus one wrong given: no solution, though no givens clash and \
                every blank cell keeps a candidate",
    },
    SetSpec {
        file: "killer.jsonl",
        count: 40,
        kind: Kind::Killer,
        seed: 6,
        about: "pure killer puzzles (no givens) from sudoku-killer's generator, each unique",
    },
    SetSpec {
        file: "size4.txt",
        count: 100,
        kind: sized(4),
        seed: 7,
        about: "random minimal 4x4 puzzles (boxes of 2x2)",
    },
    SetSpec {
        file: "size6.txt",
        count: 100,
        kind: sized(6),
        seed: 8,
        about: "random minimal 6x6 puzzles (boxes of 2x3)",
    },
    SetSpec {
        file: "size8.txt",
        count: 100,
        kind: sized(8),
        seed: 9,
        about: "random minimal 8x8 puzzles (boxes of 2x4)",
    },
    SetSpec {
        file: "size12.txt",
        count: 50,
        kind: sized(12),
        seed: 10,
        about: "random minimal 12x12 puzzles (boxes of 3x4)",
    },
    SetSpec {
        file: "size16.txt",
        count: 30,
        kind: sized(16),
        seed: 11,
        about: "random unique 16x16 puzzles (boxes of 4x4), minimal where the generator's \
                uniqueness checks fit their budget",
    },
    SetSpec {
        file: "size25.txt",
        count: 20,
        kind: sized(25),
        seed: 12,
        about: "random unique 25x25 puzzles (boxes of 5x5), about 45% of the cells given \
                (clues stay where proving them unneeded would take long)",
    },
    SetSpec {
        file: "x.jsonl",
        count: 100,
        kind: Kind::Sized {
            size: 9,
            diagonals: true,
            windoku: false,
            jigsaw: false,
        },
        seed: 13,
        about: "random minimal Sudoku X puzzles (both long diagonals are units)",
    },
    SetSpec {
        file: "windoku.jsonl",
        count: 100,
        kind: Kind::Sized {
            size: 9,
            diagonals: false,
            windoku: true,
            jigsaw: false,
        },
        seed: 14,
        about: "random minimal windoku puzzles (four extra 3x3 windows)",
    },
    SetSpec {
        file: "jigsaw.jsonl",
        count: 100,
        kind: Kind::Sized {
            size: 9,
            diagonals: false,
            windoku: false,
            jigsaw: true,
        },
        seed: 15,
        about: "random minimal jigsaw puzzles, each on its own random layout that admits a grid",
    },
];

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => {
            return Err(format!(
                "usage: cargo xtask gen-benchdata [--check], got {args:?}"
            ));
        }
    };
    let stale = sync(&workspace_root().join("benchdata"), SETS, check)?;
    if stale.is_empty() {
        if check {
            eprintln!("benchdata: every generated set is what the generator makes");
        }
        Ok(())
    } else {
        Err(format!(
            "benchdata differs from what `cargo xtask gen-benchdata` makes: {}; regenerate and review",
            stale.join(", ")
        ))
    }
}

/// Writes each set into `dir`, or with `check` only compares; returns the files that differ.
fn sync(dir: &Path, specs: &[SetSpec], check: bool) -> Result<Vec<&'static str>, String> {
    let mut stale = Vec::new();
    for spec in specs {
        let path = dir.join(spec.file);
        let text = generate(spec);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(spec.file);
            }
        } else {
            std::fs::write(&path, text)
                .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
            eprintln!("wrote {} ({} puzzles)", spec.file, spec.count);
        }
    }
    Ok(stale)
}

/// The text of one set's file.
pub(crate) fn generate(spec: &SetSpec) -> String {
    if spec.kind == Kind::Killer {
        return killer_set(spec);
    }
    if let Kind::Sized {
        size,
        diagonals,
        windoku,
        jigsaw,
    } = spec.kind
    {
        let config = VariantConfig {
            shape: Shape::for_size(size).expect("sizes of the table have boxes"),
            diagonals,
            windoku,
            jigsaw,
            ..VariantConfig::default()
        };
        return sized_set(spec, config);
    }
    let mut out = format!(
        "# {}: {}.\n# Made by `cargo xtask gen-benchdata` (seed {}); do not edit by hand.\n# expect: {}\n",
        spec.file,
        spec.about,
        spec.seed,
        match spec.kind {
            Kind::Multi => "multi",
            Kind::NoSolution => "nosol",
            _ => "unique",
        }
    );
    let made = |band: Option<Band>, count: usize| -> Vec<Generated> {
        let config = GenConfig {
            band,
            ..GenConfig::default()
        };
        generate_n(config, spec.seed, count).expect("every band comes within the attempts allowed")
    };
    let mut solver = MrvSolver::default();
    let mut rng = sudoku_core::seeded_rng(spec.seed);
    let lines: Vec<String> = match spec.kind {
        Kind::Easy => made(Some(Band::Easy), spec.count)
            .iter()
            .map(|g| format!("{} {}", g.puzzle, g.solution))
            .collect(),
        Kind::Minimal => made(None, spec.count)
            .iter()
            .map(|g| format!("{} {}", g.puzzle, g.solution))
            .collect(),
        Kind::Hard { pool } => {
            // Ranked by the core's plain reference search, which does not change when the
            // fast solvers' heuristics do.
            let mut scored: Vec<(u64, Generated)> = made(None, pool)
                .into_iter()
                .map(|g| (reference_effort(&g.puzzle), g))
                .collect();
            // Most nodes first; ties by the puzzle, so the order is total.
            scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.puzzle.cmp(&b.1.puzzle)));
            scored
                .iter()
                .take(spec.count)
                .map(|(_, g)| format!("{} {}", g.puzzle, g.solution))
                .collect()
        }
        Kind::Multi => made(None, spec.count)
            .iter()
            .map(|g| {
                let clues: Vec<usize> = (0..81).filter(|&c| g.puzzle[c] != 0).collect();
                let mut puzzle = g.puzzle;
                puzzle.set(clues[rng.random_range(..clues.len())], 0);
                debug_assert_eq!(solver.count_solutions(&puzzle, 2), 2);
                puzzle.to_string()
            })
            .collect(),
        Kind::NoSolution => made(None, spec.count)
            .iter()
            .map(|g| wrong_given(g, &mut rng))
            .collect(),
        Kind::Killer | Kind::Sized { .. } => unreachable!("made by killer_set and sized_set"),
    };
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A killer set in the workspace's JSON Lines form: a first line with the expectation, then
/// one puzzle with its solution per line (puzzle `i` of the seed's sequence).
fn killer_set(spec: &SetSpec) -> String {
    let config = sudoku_killer::GeneratorConfig::default();
    let mut out = serde_json::json!({ "expect": "unique" }).to_string();
    out.push('\n');
    for i in 0..spec.count as u64 {
        let made = sudoku_killer::generate_indexed(spec.seed, i, &config);
        out.push_str(&sudoku_killer::KillerEntry::new(made.puzzle, Some(made.solution)).to_json());
        out.push('\n');
    }
    out
}

/// A set of another size or variant: the puzzle and its solution per line, as lines of
/// symbols for plain rules, as JSON lines (with `"solution"`) for variants.
fn sized_set(spec: &SetSpec, config: VariantConfig) -> String {
    let mut out = format!(
        "# {}: {}.\n# Made by `cargo xtask gen-benchdata` (seed {}); do not edit by hand.\n# expect: unique\n",
        spec.file, spec.about, spec.seed
    );
    let made = generate_variants(config, spec.seed, spec.count)
        .expect("the table's configurations make puzzles");
    for made in made {
        let rules = made.puzzle.rules();
        if rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() {
            out.push_str(&format!("{} {}\n", made.puzzle, made.solution));
        } else {
            let mut line: serde_json::Value =
                serde_json::from_str(&made.puzzle.to_json()).expect("to_json writes JSON");
            line["solution"] = made.solution.to_string().into();
            out.push_str(&format!("{line}\n"));
        }
    }
    out
}

/// The puzzle with one more given that differs from its solution, clashes with no given and
/// leaves every blank cell a candidate: no solution, and no sign of it without search.
fn wrong_given(made: &Generated, rng: &mut SeededRng) -> String {
    loop {
        let cell = rng.random_range(..81usize);
        if made.puzzle[cell] != 0 {
            continue;
        }
        let wrong = made.puzzle.candidates(cell) - DigitSet::only(made.solution[cell]);
        if wrong.is_empty() {
            continue;
        }
        let digit = wrong
            .iter()
            .nth(rng.random_range(..wrong.len() as usize))
            .expect("in range");
        let mut puzzle = made.puzzle;
        puzzle.set(cell, digit);
        if (0..81).all(|c| puzzle[c] != 0 || !puzzle.candidates(c).is_empty()) {
            break puzzle.to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    fn small(kind: Kind) -> SetSpec {
        SetSpec {
            file: "t.txt",
            count: 4,
            kind,
            seed: 9,
            about: "test",
        }
    }

    #[test]
    fn generated_sets_hold_what_they_promise() {
        for kind in [
            Kind::Easy,
            Kind::Minimal,
            Kind::Hard { pool: 8 },
            Kind::Multi,
            Kind::NoSolution,
        ] {
            let text = generate(&small(kind));
            let puzzles: Vec<Grid> = text
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
                .collect();
            assert_eq!(puzzles.len(), 4);
            for puzzle in puzzles {
                let count = sudoku_testing::reference_count(&puzzle, 2);
                match kind {
                    Kind::Multi => assert_eq!(count, 2),
                    Kind::NoSolution => {
                        assert_eq!(count, 0);
                        assert!(puzzle.clash().is_none());
                    }
                    _ => assert_eq!(count, 1),
                }
                if kind == Kind::Minimal {
                    for cell in (0..81).filter(|&c| puzzle[c] != 0) {
                        let mut less = puzzle;
                        less.set(cell, 0);
                        assert_eq!(sudoku_testing::reference_count(&less, 2), 2);
                    }
                }
            }
            assert_eq!(text, generate(&small(kind)), "same seed, same text");
        }
    }

    #[test]
    fn sets_of_other_sizes_and_variants_are_unique_under_their_rules() {
        for (file, kind) in [
            ("t.txt", sized(6)),
            (
                "t.jsonl",
                // 6x6: the core's plain reference search is slow on minimal 9x9 jigsaws.
                Kind::Sized {
                    size: 6,
                    diagonals: true,
                    windoku: false,
                    jigsaw: true,
                },
            ),
        ] {
            let spec = SetSpec {
                file,
                kind,
                ..small(Kind::Minimal)
            };
            let text = generate(&spec);
            let records: Vec<sudoku_core::VariantRecord> =
                sudoku_core::PuzzleReader::new(text.as_bytes())
                    .any_size()
                    .collect::<Result<_, _>>()
                    .unwrap();
            assert_eq!(records.len(), 4);
            for record in records {
                let puzzle = &record.puzzle;
                assert_eq!(
                    sudoku_testing::reference_count_any(puzzle, 2),
                    1,
                    "{puzzle}"
                );
                assert!(record.solution.unwrap().solves(puzzle));
                if file.ends_with("jsonl") {
                    assert!(puzzle.rules().diagonals() && puzzle.rules().jigsaw().is_some());
                }
            }
            assert_eq!(text, generate(&spec), "same seed, same text");
        }
    }

    #[test]
    fn check_detects_a_changed_file() {
        let dir = std::env::temp_dir().join(format!("gen-benchdata-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let specs = [small(Kind::Minimal)];
        assert!(sync(&dir, &specs, false).unwrap().is_empty());
        assert!(
            sync(&dir, &specs, true).unwrap().is_empty(),
            "fresh files match"
        );
        let path = dir.join("t.txt");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen('1', "2", 1)).unwrap();
        assert_eq!(sync(&dir, &specs, true).unwrap(), vec!["t.txt"]);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            sync(&dir, &specs, true).unwrap(),
            vec!["t.txt"],
            "a missing file is stale"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
