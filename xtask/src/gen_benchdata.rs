//! `cargo xtask gen-benchdata`: makes the generated puzzle sets of benchdata/ from fixed
//! seeds with the workspace's generator (sudoku-gen); `--check` proves the committed files are
//! exactly what it makes.
//!
//! Every set starts from random minimal puzzles of sudoku-gen (puzzle `i` of seed `s` is the
//! same on every machine and whatever the thread count); the sets differ in what they keep or
//! change. See [`SETS`] and benchdata/README.md.

use std::path::Path;
use std::sync::Arc;

use rand::RngExt;
use rand::seq::SliceRandom;
use sudoku_core::{Budget, CountSolutions, Puzzle, Rules, SeededRng, Verdict};
use sudoku_gen::{
    Band, GenConfig, Generated, Shape, VariantConfig, generate_n, generate_variants,
    random_solution,
};
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
    /// Unique puzzles of another size or variant, from sudoku-gen's `generate_variants`;
    /// with `nosol` the same plus one wrong given.
    Sized {
        size: usize,
        diagonals: bool,
        windoku: bool,
        jigsaw: bool,
        nosol: bool,
    },
    /// Puzzles of side `size` grown from `percent`% random givens of a random grid: unique
    /// ones, or with `nosol` the same plus one wrong given.
    Dense {
        size: usize,
        percent: usize,
        nosol: bool,
    },
    /// Unique 9x9 variant puzzles whose constraints are of one family (see [`Family`]), in
    /// f-puzzles JSON lines.
    Constraints(Family),
}

/// The families of constraints of the variant sets: the first eight are the rules the
/// crates.io solver `lisudoku-solver` shares with sudoku-constraints, the last three the rest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Family {
    Killer,
    Thermo,
    Arrow,
    /// Difference dots of 1 and ratio dots of 2 (the plain Kropki dots).
    Kropki,
    OddEven,
    Renban,
    Palindrome,
    ExtraRegion,
    /// Whispers, between lines, region sum lines, slow thermometers.
    Lines,
    /// Sandwich sums, X-sums, little killers.
    Outside,
    /// Quadruples, clones, minimum and maximum cells, XV, dots of any value.
    Cells,
}

impl Family {
    /// Whether `constraint` belongs to the family.
    pub(crate) fn holds(self, constraint: &sudoku_core::Constraint) -> bool {
        use sudoku_core::Constraint as C;
        match self {
            Family::Killer => matches!(constraint, C::Killer { sum: Some(_), .. }),
            Family::Thermo => matches!(constraint, C::Thermometer(_)),
            Family::Arrow => matches!(constraint, C::Arrow { .. }),
            Family::Kropki => matches!(
                constraint,
                C::Difference { difference: 1, .. } | C::Ratio { ratio: 2, .. }
            ),
            Family::OddEven => matches!(constraint, C::Odd(_) | C::Even(_)),
            Family::Renban => matches!(constraint, C::Renban(_)),
            Family::Palindrome => matches!(constraint, C::Palindrome(_)),
            Family::ExtraRegion => matches!(constraint, C::ExtraRegion(_)),
            Family::Lines => matches!(
                constraint,
                C::Whispers { .. } | C::Between(_) | C::RegionSum(_) | C::SlowThermometer(_)
            ),
            Family::Outside => matches!(
                constraint,
                C::Sandwich { .. } | C::XSum { .. } | C::LittleKiller { .. }
            ),
            Family::Cells => matches!(
                constraint,
                C::Quadruple { .. }
                    | C::Clone { .. }
                    | C::Minimum(_)
                    | C::Maximum(_)
                    | C::Xv { .. }
                    | C::Difference { .. }
                    | C::Ratio { .. }
            ),
        }
    }
}

/// Plain rules of a size.
const fn sized(size: usize) -> Kind {
    Kind::Sized {
        size,
        diagonals: false,
        windoku: false,
        jigsaw: false,
        nosol: false,
    }
}

/// The puzzles of [`sized`] plus one wrong given each.
const fn sized_nosol(size: usize) -> Kind {
    Kind::Sized {
        size,
        diagonals: false,
        windoku: false,
        jigsaw: false,
        nosol: true,
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
            nosol: false,
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
            nosol: false,
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
            nosol: false,
        },
        seed: 15,
        about: "random minimal jigsaw puzzles, each on its own random layout that admits a grid",
    },
    SetSpec {
        file: "nosol16.txt",
        count: 20,
        kind: sized_nosol(16),
        seed: 11,
        about: "the first 20 puzzles of size16.txt plus one wrong given each: no solution, though no givens clash",
    },
    SetSpec {
        file: "size16_45.txt",
        count: 20,
        kind: Kind::Dense {
            size: 16,
            percent: 45,
            nosol: false,
        },
        seed: 17,
        about: "random unique 16x16 puzzles grown from 45% random givens (givens added where two solutions differ)",
    },
    SetSpec {
        file: "nosol16_45.txt",
        count: 20,
        kind: Kind::Dense {
            size: 16,
            percent: 45,
            nosol: true,
        },
        seed: 17,
        about: "the puzzles of size16_45.txt's recipe (seed 17) plus one wrong given: no solution, though no givens clash",
    },
    SetSpec {
        file: "size16_60.txt",
        count: 20,
        kind: Kind::Dense {
            size: 16,
            percent: 60,
            nosol: false,
        },
        seed: 18,
        about: "random unique 16x16 puzzles grown from 60% random givens (givens added where two solutions differ)",
    },
    SetSpec {
        file: "nosol16_60.txt",
        count: 20,
        kind: Kind::Dense {
            size: 16,
            percent: 60,
            nosol: true,
        },
        seed: 18,
        about: "the puzzles of size16_60.txt's recipe (seed 18) plus one wrong given: no solution, though no givens clash",
    },
    SetSpec {
        file: "nosol25.txt",
        count: 10,
        kind: sized_nosol(25),
        seed: 12,
        about: "the first 10 puzzles of size25.txt plus one wrong given each: no solution, though no givens clash",
    },
    SetSpec {
        file: "size25_45.txt",
        count: 10,
        kind: Kind::Dense {
            size: 25,
            percent: 45,
            nosol: false,
        },
        seed: 20,
        about: "random unique 25x25 puzzles grown from 45% random givens (givens added where two solutions differ)",
    },
    SetSpec {
        file: "nosol25_45.txt",
        count: 10,
        kind: Kind::Dense {
            size: 25,
            percent: 45,
            nosol: true,
        },
        seed: 20,
        about: "the puzzles of size25_45.txt's recipe (seed 20) plus one wrong given: no solution, though no givens clash",
    },
    SetSpec {
        file: "size25_60.txt",
        count: 10,
        kind: Kind::Dense {
            size: 25,
            percent: 60,
            nosol: false,
        },
        seed: 21,
        about: "random unique 25x25 puzzles grown from 60% random givens (givens added where two solutions differ)",
    },
    SetSpec {
        file: "nosol25_60.txt",
        count: 10,
        kind: Kind::Dense {
            size: 25,
            percent: 60,
            nosol: true,
        },
        seed: 21,
        about: "the puzzles of size25_60.txt's recipe (seed 21) plus one wrong given: no solution, though no givens clash",
    },
    SetSpec {
        file: "variants_killer.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Killer),
        seed: 31,
        about: "unique 9x9 puzzles with killer cages with sums drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_thermo.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Thermo),
        seed: 32,
        about: "unique 9x9 puzzles with thermometers drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_arrow.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Arrow),
        seed: 33,
        about: "unique 9x9 puzzles with arrows with one-cell bulbs drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_kropki.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Kropki),
        seed: 34,
        about: "unique 9x9 puzzles with difference dots of 1 and ratio dots of 2 drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_oddeven.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::OddEven),
        seed: 35,
        about: "unique 9x9 puzzles with odd and even cells drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_renban.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Renban),
        seed: 36,
        about: "unique 9x9 puzzles with renban lines drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_palindrome.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Palindrome),
        seed: 37,
        about: "unique 9x9 puzzles with palindromes drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_extraregion.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::ExtraRegion),
        seed: 38,
        about: "unique 9x9 puzzles with extra regions drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_lines.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Lines),
        seed: 39,
        about: "unique 9x9 puzzles with German whispers, between lines, region sum lines and slow thermometers drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_outside.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Outside),
        seed: 40,
        about: "unique 9x9 puzzles with sandwich sums, X-sums and little killers drawn from a random solved board, givens added where two solutions differ until unique",
    },
    SetSpec {
        file: "variants_cells.jsonl",
        count: 10,
        kind: Kind::Constraints(Family::Cells),
        seed: 41,
        about: "unique 9x9 puzzles with quadruples, clones, minimum and maximum cells, XV and Kropki dots of any value drawn from a random solved board, givens added where two solutions differ until unique",
    },
];

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let check = args.iter().any(|arg| arg == "--check");
    let files: Vec<&String> = args.iter().filter(|arg| *arg != "--check").collect();
    if let Some(flag) = files.iter().find(|arg| arg.starts_with('-')) {
        return Err(format!(
            "unknown option {flag}; usage: cargo xtask gen-benchdata [--check] [FILE...]"
        ));
    }
    let mut specs: Vec<&SetSpec> = Vec::new();
    for file in &files {
        match SETS.iter().find(|spec| spec.file == file.as_str()) {
            Some(spec) => specs.push(spec),
            None => {
                let known: Vec<&str> = SETS.iter().map(|spec| spec.file).collect();
                return Err(format!(
                    "no generated set is named {file}; the sets are {}",
                    known.join(", ")
                ));
            }
        }
    }
    if specs.is_empty() {
        specs = SETS.iter().collect();
    }
    let stale = sync(&workspace_root().join("benchdata"), &specs, check)?;
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
fn sync(dir: &Path, specs: &[&SetSpec], check: bool) -> Result<Vec<&'static str>, String> {
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
    if let Kind::Constraints(family) = spec.kind {
        return constraint_set(spec, family);
    }
    if let Kind::Dense {
        size,
        percent,
        nosol,
    } = spec.kind
    {
        return dense_set(spec, size, percent, nosol);
    }
    if let Kind::Sized {
        size,
        diagonals,
        windoku,
        jigsaw,
        nosol,
    } = spec.kind
    {
        let config = VariantConfig {
            shape: Shape::for_size(size).expect("sizes of the table have boxes"),
            diagonals,
            windoku,
            jigsaw,
            ..VariantConfig::default()
        };
        return sized_set(spec, config, nosol);
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
        Kind::Killer | Kind::Sized { .. } | Kind::Dense { .. } | Kind::Constraints(_) => {
            unreachable!("made by killer_set, sized_set and dense_set")
        }
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
        let made = sudoku_killer::KillerGenerator::new(config).generate_indexed(spec.seed, i);
        out.push_str(&sudoku_killer::KillerEntry::new(made.puzzle, Some(made.solution)).to_json());
        out.push('\n');
    }
    out
}

/// A variant set: a first line with the expectation, then one unique puzzle per line as
/// f-puzzles JSON with its `"solution"`. Puzzle `i` draws constraints of `family` from a random
/// solved board (seed `spec.seed * 1000 + i`), then takes givens of the board (where two solutions differ, first in a random
/// order) until sudoku-constraints proves it unique.
fn constraint_set(spec: &SetSpec, family: Family) -> String {
    use sudoku_constraints::ConstraintSolver;
    let mut out = serde_json::json!({ "expect": "unique" }).to_string();
    out.push('\n');
    let mut solver = ConstraintSolver::default();
    for i in 0..spec.count as u64 {
        let seed = spec.seed * 1000 + i;
        let (mut puzzle, board) =
            sudoku_testing::random_variant_with(seed, 9, 14, 0, true, &|c| family.holds(c));
        let mut rng = sudoku_core::seeded_rng(seed);
        let mut cells: Vec<usize> = (0..81).collect();
        cells.shuffle(&mut rng);
        loop {
            let found = solver.solutions_within(&puzzle, 2, Budget::nodes(20_000));
            if found.found.len() == 1 && found.exhausted.is_none() {
                break;
            }
            // A given where two solutions differ, or (the budget ran out) the next cell.
            let cell = match &found.found[..] {
                [a, b, ..] => cells
                    .iter()
                    .copied()
                    .find(|&c| a.cells()[c] != b.cells()[c]),
                _ => cells.iter().copied().find(|&c| puzzle.givens()[c] == 0),
            }
            .expect("an open cell");
            puzzle
                .set_given(cell, board[cell])
                .expect("a digit of the board");
        }
        puzzle.set_solution(Some(board)).expect("a solved board");
        out.push_str(&puzzle.to_fpuzzles().expect("9x9 is an f-puzzles size"));
        out.push('\n');
    }
    out
}

/// A set of another size or variant: the puzzle and its solution per line, as lines of
/// symbols for plain rules, as JSON lines (with `"solution"`) for variants.
fn sized_set(spec: &SetSpec, config: VariantConfig, nosol: bool) -> String {
    let mut out = format!(
        "# {}: {}.\n# Made by `cargo xtask gen-benchdata` (seed {}); do not edit by hand.\n# expect: {}\n",
        spec.file,
        spec.about,
        spec.seed,
        if nosol { "nosol" } else { "unique" },
    );
    let made = generate_variants(config, spec.seed, spec.count)
        .expect("the table's configurations make puzzles");
    let mut rng = sudoku_core::seeded_rng(spec.seed);
    for made in made {
        let rules = made.puzzle.rules();
        if nosol {
            out.push_str(&format!(
                "{}\n",
                wrong_variant_given(&made.puzzle, &made.solution, &mut rng)
            ));
        } else if rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() {
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

/// Node budget of one count while a dense set grows its puzzles; a count that runs out
/// adds the next given of the random order instead of one where two solutions differ.
const DENSE_NODES: u64 = 200_000;

/// A set of side `size` grown from `percent`% random givens of a random grid (the first
/// cells of a random order): while two solutions are known, the grid's digit is given in a
/// random cell where they differ (the second solution comes from solving the puzzle with its
/// digits relabelled at random, which changes which solution a search meets first), until
/// the puzzle is unique. With `nosol`, each puzzle then gets one wrong given (see
/// [`wrong_variant_given`]): a puzzle with a unique solution and a blank set to another digit
/// has no solution, with no proof needed.
fn dense_set(spec: &SetSpec, size: usize, percent: usize, nosol: bool) -> String {
    let rules = Arc::new(Rules::new(
        Shape::for_size(size).expect("sizes of the table"),
    ));
    let mut mrv = sudoku_mrv::MrvVariantSolver::default();
    let mut dlx = sudoku_dlx::DlxVariantSolver::default();
    let cells = size * size;
    let mut lines = Vec::new();
    let mut given = 0;
    for index in 0..spec.count as u64 {
        let mut rng = sudoku_core::seeded_rng_for(spec.seed, index);
        let grid = random_solution(&rules, &mut rng, &mut mrv).expect("plain rules admit grids");
        let mut order: Vec<usize> = (0..cells).collect();
        order.shuffle(&mut rng);
        let mut next = (cells * percent + 50) / 100;
        let mut puzzle = Puzzle::empty(Arc::clone(&rules));
        for &cell in &order[..next] {
            puzzle.set(cell, grid[cell]);
        }
        loop {
            let mut relabel: Vec<u8> = (1..=size as u8).collect();
            relabel.shuffle(&mut rng);
            let mut mapped = puzzle.clone();
            for cell in 0..cells {
                let digit = puzzle[cell];
                if digit != 0 {
                    mapped.set(cell, relabel[usize::from(digit) - 1]);
                }
            }
            let (verdict, count) =
                dlx.solve_and_count_within(&mapped, 2, Budget::nodes(DENSE_NODES));
            let differ: Vec<usize> = match (&verdict, count) {
                (_, Ok(1)) => break,
                (Verdict::Solved(other), Ok(_)) => {
                    // The relabelled solution's digits back to the puzzle's.
                    let mut back = vec![0; size + 1];
                    for (digit, &label) in (1..).zip(&relabel) {
                        back[usize::from(label)] = digit;
                    }
                    (0..cells)
                        .filter(|&cell| back[usize::from(other[cell])] != grid[cell])
                        .collect()
                }
                _ => Vec::new(),
            };
            if differ.is_empty() {
                if count.is_ok() {
                    // Two solutions, and the search met the grid first: relabel anew.
                    continue;
                }
                // The count ran out of budget: the next given of the random order.
                while puzzle[order[next]] != 0 {
                    next += 1;
                }
                puzzle.set(order[next], grid[order[next]]);
            } else {
                let cell = differ[rng.random_range(..differ.len())];
                puzzle.set(cell, grid[cell]);
            }
        }
        given += puzzle.cells().iter().filter(|&&d| d != 0).count();
        if nosol {
            lines.push(wrong_variant_given(&puzzle, &grid, &mut rng).to_string());
        } else {
            lines.push(format!("{puzzle} {grid}"));
        }
    }
    let mut out = format!(
        "# {}: {}; {}% of the cells given on average.\n# Made by `cargo xtask gen-benchdata` (seed {}); do not edit by hand.\n# expect: {}\n",
        spec.file,
        spec.about,
        (given * 100 + cells * spec.count / 2) / (cells * spec.count),
        spec.seed,
        if nosol { "nosol" } else { "unique" },
    );
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// [`wrong_variant_given`] for a classic puzzle, as a line.
fn wrong_given(made: &Generated, rng: &mut SeededRng) -> String {
    let puzzle = Puzzle::from(&made.puzzle);
    wrong_variant_given(&puzzle, &Puzzle::from(&made.solution), rng).to_string()
}

/// `puzzle` (whose solution, `solution`, is unique) with one more given that differs from
/// its solution, clashes with no given and leaves every blank cell a candidate: no
/// solution, and no sign of it without search.
fn wrong_variant_given(puzzle: &Puzzle, solution: &Puzzle, rng: &mut SeededRng) -> Puzzle {
    let cells = puzzle.cells().len();
    loop {
        let cell = rng.random_range(..cells);
        if puzzle[cell] != 0 {
            continue;
        }
        let wrong =
            puzzle.candidates(cell).expect("a cell of the board") & !(1 << (solution[cell] - 1));
        if wrong == 0 {
            continue;
        }
        let mut digits = wrong;
        for _ in 0..rng.random_range(..wrong.count_ones() as usize) {
            digits &= digits - 1;
        }
        let mut out = puzzle.clone();
        out.set(cell, digits.trailing_zeros() as u8 + 1);
        if (0..cells).all(|c| out[c] != 0 || out.candidates(c) != Some(0)) {
            return out;
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

    /// The records of a generated set of any size or variant.
    fn read_records(text: &str) -> Vec<sudoku_core::VariantRecord> {
        sudoku_core::PuzzleReader::new(text.as_bytes())
            .any_size()
            .collect::<Result<_, _>>()
            .unwrap()
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
                    nosol: false,
                },
            ),
        ] {
            let spec = SetSpec {
                file,
                kind,
                ..small(Kind::Minimal)
            };
            let text = generate(&spec);
            let records = read_records(&text);
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

    /// The grown sets are unique at about the density asked for, and their no-solution
    /// twins have no solution and no clash; likewise the no-solution twins of sized sets.
    #[test]
    fn dense_and_no_solution_sets_hold_what_they_promise() {
        for (kind, count) in [
            (
                Kind::Dense {
                    size: 16,
                    percent: 45,
                    nosol: false,
                },
                1,
            ),
            (
                Kind::Dense {
                    size: 16,
                    percent: 45,
                    nosol: true,
                },
                0,
            ),
            (sized_nosol(8), 0),
        ] {
            let spec = SetSpec {
                count: 2,
                ..small(kind)
            };
            let text = generate(&spec);
            let records = read_records(&text);
            assert_eq!(records.len(), 2);
            for record in &records {
                let puzzle = &record.puzzle;
                assert_eq!(
                    sudoku_testing::reference_count_any(puzzle, 2),
                    count,
                    "{puzzle}"
                );
                assert!(puzzle.clash().is_none(), "{puzzle}");
                if count == 1 {
                    let given = puzzle.cells().iter().filter(|&&d| d != 0).count();
                    assert!((115..=160).contains(&given), "{given} givens of 256");
                    assert!(record.solution.as_ref().unwrap().solves(puzzle));
                }
            }
            assert_eq!(text, generate(&spec), "same seed, same text");
        }
    }

    #[test]
    fn check_detects_a_changed_file() {
        let dir = std::env::temp_dir().join(format!("gen-benchdata-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let spec = small(Kind::Minimal);
        let specs = [&spec];
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
