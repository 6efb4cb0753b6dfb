//! Property tests: the invariants of the workspace on generated puzzles, symmetries,
//! positions and exact-cover instances, checked through the same functions the fuzz targets
//! run (and shrunk to a small counterexample when one fails).

use proptest::prelude::*;
use sudoku_core::{Budget, Candidates, DigitSet, Grid, Puzzle, Rules, Shape, Solver, Transform};
use sudoku_testing::{random_puzzle, random_solved_grid};

/// A grid of any values (it may clash).
fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(0u8..=9, 81).prop_map(grid_of)
}

/// A grid with about one cell in five filled (it may clash).
fn sparse_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(prop_oneof![4 => Just(0u8), 1 => 1u8..=9], 81).prop_map(grid_of)
}

/// A puzzle with at least one solution: 17 to 40 cells of a random solved grid.
fn solvable_puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 17usize..=40).prop_map(|(seed, clues)| random_puzzle(seed, clues))
}

/// Any symmetry: geometry and relabelling.
fn symmetry() -> impl Strategy<Value = Transform> {
    any::<u64>().prop_map(|seed| Transform::random(&mut sudoku_core::seeded_rng(seed)))
}

fn grid_of(cells: Vec<u8>) -> Grid {
    Grid::from_cells(cells.try_into().expect("81 cells")).expect("digits")
}

mod parsers {
    use super::*;
    use sudoku_fuzz::{candidates, grid, puzzle, reader};

    /// Characters the grid parser treats specially, and a few it rejects.
    const ALPHABET: &[char] = &[
        '1', '5', '9', '0', '.', '_', ' ', '\t', '|', '-', '+', '\n', '\r', 'x', '#', 'é',
        '\u{feff}',
    ];

    proptest! {
        #[test]
        fn a_grid_prints_and_parses_back(grid in any_grid()) {
            grid::round_trip(&grid);
            grid::check(grid.to_string().as_bytes());
            grid::check(format!("{grid:#}").as_bytes());
        }

        #[test]
        fn the_grid_parser_accepts_exactly_its_language(
            picks in prop::collection::vec(0..ALPHABET.len(), 0..200),
            grid in sparse_grid(),
            cut in 0usize..200,
        ) {
            let noise: String = picks.iter().map(|&i| ALPHABET[i]).collect();
            grid::check(noise.as_bytes());
            // A drawing with some of the noise spliced in.
            let mut text = format!("{grid:#}");
            let at = text.char_indices().nth(cut % text.chars().count()).map_or(0, |(i, _)| i);
            let spliced: String = noise.chars().take(3).collect();
            text.insert_str(at, &spliced);
            grid::check(text.as_bytes());
        }

        #[test]
        fn pencil_marks_print_and_parse_back(bits in prop::collection::vec(0u16..512, 81)) {
            let sets: Vec<DigitSet> = bits.into_iter().map(DigitSet::from_bits).collect();
            let marks = Candidates::from_sets(sets.try_into().expect("81 sets"));
            candidates::round_trip(&marks);
        }

        #[test]
        fn puzzles_of_every_size_print_and_parse_back(
            size in 0..Shape::SIZES.len(),
            values in prop::collection::vec(any::<u8>(), 625),
            diagonals in any::<bool>(),
        ) {
            let n = Shape::SIZES[size];
            let rules = Rules::new(Shape::for_size(n).unwrap()).with_diagonals(diagonals);
            let cells = values[..n * n].iter().map(|v| v % (n as u8 + 1)).collect();
            puzzle::round_trip(&Puzzle::new(rules, cells).unwrap());
        }

        /// A file of puzzles in every form the reader takes reads back in order, each the
        /// same, nothing lost.
        #[test]
        fn a_file_in_every_form_reads_back(
            entries in prop::collection::vec((sparse_grid(), 0usize..5), 1..8),
        ) {
            let mut file = String::new();
            for (grid, form) in &entries {
                let marks = Candidates::from_grid(grid);
                file.push_str(&match form {
                    0 => format!("{grid}\n"),
                    1 => format!("{grid} # note\n"),
                    2 => format!("{grid:#}\n\n"),
                    3 => format!("{marks}\n"),
                    _ => format!("{marks:#}\n\n"),
                });
            }
            let records: Vec<_> = sudoku_core::PuzzleReader::new(file.as_bytes())
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{file}")))
                .collect();
            prop_assert_eq!(records.len(), entries.len());
            for (record, (grid, form)) in records.iter().zip(&entries) {
                reader::round_trip(record);
                if *form >= 3 {
                    prop_assert_eq!(record.puzzle, Candidates::from_grid(grid).to_grid());
                } else {
                    prop_assert_eq!(record.puzzle, *grid);
                }
            }
        }
    }
}

mod symmetries {
    use super::*;
    use sudoku_core::CountSolutions;
    use sudoku_dlx::DlxSolver;
    use sudoku_fuzz::canonical;
    use sudoku_mrv::MrvSolver;
    use sudoku_testing::reference_count_within;

    /// Solutions counted up to this limit.
    const LIMIT: usize = 4;

    proptest! {
        #[test]
        fn the_canonical_form_is_invariant_and_a_fixed_point(
            grid in prop_oneof![sparse_grid(), solvable_puzzle(), any_grid()],
            t in symmetry(),
        ) {
            canonical::check_grid(&grid, &t);
        }

        #[test]
        fn solved_grids_have_one_canonical_form_per_class(seed in any::<u64>(), t in symmetry()) {
            let grid = random_solved_grid(seed);
            canonical::check_grid(&grid, &t);
            prop_assert!(grid.canonical().is_solved());
        }

        /// Counts do not change under a symmetry, nor under its geometry or its relabelling
        /// alone, for both complete solvers and the reference counter.
        #[test]
        fn counts_are_invariant_under_symmetries_and_relabellings(
            puzzle in solvable_puzzle(),
            t in symmetry(),
        ) {
            let relabel = Transform::new(
                [0, 1, 2, 3, 4, 5, 6, 7, 8],
                [0, 1, 2, 3, 4, 5, 6, 7, 8],
                false,
                t.digits(),
            ).unwrap();
            let count = MrvSolver::default().count_solutions(&puzzle, LIMIT);
            prop_assert!(count >= 1);
            let reference = reference_count_within(&puzzle, LIMIT, 50_000);
            for image in [t.apply(&puzzle), t.geometry().apply(&puzzle), relabel.apply(&puzzle)] {
                prop_assert_eq!(MrvSolver::default().count_solutions(&image, LIMIT), count);
                prop_assert_eq!(DlxSolver::default().count_solutions(&image, LIMIT), count);
                if let (Some(a), Some(b)) = (reference, reference_count_within(&image, LIMIT, 50_000)) {
                    prop_assert_eq!(a, b);
                }
            }
        }
    }
}

mod solvers {
    use super::*;
    use sudoku_core::{CountSolutions, Solver};
    use sudoku_fuzz::{cover, solvers};
    use sudoku_mrv::MrvSolver;

    proptest! {
        /// Every solver's solution solves its puzzle, and the solvers agree with each other
        /// and with the reference counter.
        #[test]
        fn a_solution_solves_its_puzzle(grid in prop_oneof![solvable_puzzle(), sparse_grid()]) {
            solvers::check_grid(&grid);
        }

        /// The image of a solution under a symmetry solves the image of the puzzle.
        #[test]
        fn a_symmetry_maps_solutions_to_solutions(puzzle in solvable_puzzle(), t in symmetry()) {
            let solution = MrvSolver::default().solve(&puzzle).solution().expect("solvable");
            prop_assert!(solution.solves(&puzzle));
            prop_assert!(t.apply(&solution).solves(&t.apply(&puzzle)));
        }

        #[test]
        fn variant_solvers_agree(
            size in 0usize..3,
            values in prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => any::<u8>()], 81),
            diagonals in any::<bool>(),
            windoku in any::<bool>(),
        ) {
            let n = [4, 6, 9][size];
            let mut rules = Rules::new(Shape::for_size(n).unwrap()).with_diagonals(diagonals);
            if n == 9 && windoku {
                rules = rules.with_windoku(true).unwrap();
            }
            let cells = values[..n * n].iter().map(|v| v % (n as u8 + 1)).collect();
            solvers::check_puzzle(&Puzzle::new(rules, cells).unwrap());
        }

        #[test]
        fn exact_cover_answers_match_brute_force(data in prop::collection::vec(any::<u8>(), 1..60)) {
            cover::check_instance(&cover::Instance::read(&data));
        }

        /// A count is at most its limit and grows with it.
        #[test]
        fn counts_respect_their_limit(grid in sparse_grid(), limit in 0usize..6) {
            let mut mrv = MrvSolver::default();
            let count = mrv.count_solutions(&grid, limit);
            prop_assert!(count <= limit);
            prop_assert!(mrv.count_solutions(&grid, limit + 1) >= count);
        }
    }
}

/// Finding 4 of docs/reliability.md: sparse windoku puzzles on which DLX's variant solver
/// wandered (81 million nodes, half a minute, to prove that the first has no solution; on
/// the second, millions of nodes in an earlier version).
mod sparse_windoku {
    use sudoku_core::Budget;
    use sudoku_core::{CountSolutions, Puzzle, Rules, Solver, Verdict};
    use sudoku_fuzz::solvers::{self, LIMIT, MRV_NODES};
    use sudoku_testing::reference_count_any_within;

    /// The puzzles and their counts up to [`LIMIT`].
    const CASES: [(&str, usize); 2] = [
        (
            "7.........2............3.........4......9...7......5..8.........9................",
            0,
        ),
        (
            "1.4..................561.............................2.........................2.",
            3,
        ),
    ];

    fn windoku(givens: &str) -> Puzzle {
        let cells = givens
            .bytes()
            .map(|b| b.saturating_sub(b'0') % 10)
            .collect();
        Puzzle::new(Rules::classic().with_windoku(true).unwrap(), cells).unwrap()
    }

    /// DLX settles both in a few hundred nodes, MRV's general engine and the reference
    /// counter give the same count where they settle (the second), and both pass the
    /// target's check.
    #[test]
    fn sparse_windoku_puzzles_settle_quickly() {
        let mut settled = 0;
        for (givens, count) in CASES {
            let puzzle = windoku(givens);
            let mut dlx = sudoku_dlx::DlxVariantSolver::default();
            assert_eq!(dlx.count_solutions(&puzzle, LIMIT), count, "{givens}");
            let nodes = dlx.stats().nodes;
            assert!(nodes < 2_000, "{givens}: {nodes} nodes");
            match dlx.solve(&puzzle) {
                Verdict::Solved(solution) => assert!(count > 0 && solution.solves(&puzzle)),
                verdict => assert_eq!((verdict, count), (Verdict::NoSolution, 0)),
            }
            let mut mrv = sudoku_mrv::MrvVariantSolver::default();
            let others = [
                mrv.count_solutions_within(&puzzle, LIMIT, Budget::nodes(MRV_NODES))
                    .ok(),
                reference_count_any_within(&puzzle, LIMIT, 1_000_000),
            ];
            for other in others.into_iter().flatten() {
                assert_eq!(other, count, "{givens}");
                settled += 1;
            }
            solvers::check_puzzle(&puzzle);
        }
        assert!(settled >= 2, "only {settled} other answers");
    }

    /// Finding 5: three givens on which MRV's general engine takes 169 million nodes to find
    /// a first solution. DLX counts it in a few hundred nodes, as the reference does, and
    /// the target's check (which gives MRV a budget) passes.
    #[test]
    fn a_sparse_windoku_that_takes_mrv_minutes_is_checked_quickly() {
        let puzzle = windoku(
            "1..............................3.........9.......................................",
        );
        let mut dlx = sudoku_dlx::DlxVariantSolver::default();
        assert_eq!(dlx.count_solutions(&puzzle, LIMIT), LIMIT);
        assert!(dlx.stats().nodes < 2_000, "{:?}", dlx.stats());
        let reference = reference_count_any_within(&puzzle, LIMIT, solvers::REFERENCE_NODES);
        assert_eq!(reference, Some(LIMIT));
        solvers::check_puzzle(&puzzle);
    }

    /// The second run's finding: near-empty boards with both windoku windows and diagonals,
    /// on which DLX took 204,675 to 852,256 nodes to count 3 solutions (a timeout under the
    /// fuzzer). Restarts (`SearchOptions::restart_nodes`) bring each under 10,000, with the
    /// reference's count.
    #[test]
    fn near_empty_x_windoku_boards_settle_quickly() {
        let rules = Rules::classic()
            .with_windoku(true)
            .unwrap()
            .with_diagonals(true);
        for givens in [".48.7", "...1......2....9", "51"] {
            let mut cells = vec![0u8; 81];
            for (cell, b) in givens.bytes().enumerate() {
                cells[cell] = b.saturating_sub(b'0') % 10;
            }
            let puzzle = Puzzle::new(rules.clone(), cells).unwrap();
            let mut dlx = sudoku_dlx::DlxVariantSolver::default();
            assert_eq!(dlx.count_solutions(&puzzle, LIMIT), LIMIT, "{givens}");
            assert!(dlx.stats().nodes < 10_000, "{givens}: {:?}", dlx.stats());
            let reference = reference_count_any_within(&puzzle, LIMIT, solvers::REFERENCE_NODES);
            assert_eq!(reference, Some(LIMIT), "{givens}");
            solvers::check_puzzle(&puzzle);
        }
    }

    /// The first puzzle has no solution by MRV's general engine too, without a budget (it
    /// takes it millions of nodes).
    #[test]
    #[ignore = "seconds in release: cargo xtask ci runs it"]
    fn mrv_proves_the_first_has_no_solution_too() {
        let puzzle = windoku(CASES[0].0);
        let mut mrv = sudoku_mrv::MrvVariantSolver::default();
        assert_eq!(mrv.count_solutions(&puzzle, LIMIT), 0);
    }
}

mod killer {
    use super::*;
    use sudoku_fuzz::killer::{MAX_NODES, check_puzzle};
    use sudoku_killer::{Cage, KillerGenerator, KillerPuzzle, KillerSolver, Verdict};

    /// Whether `grid` meets every cage of `puzzle`, checked here without the puzzle's own
    /// `is_solution`: different digits adding up to the sum.
    fn meets_every_cage(puzzle: &KillerPuzzle, grid: &Grid) -> bool {
        grid.is_solved()
            && puzzle.cages().iter().all(|cage| {
                let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[c]).collect();
                let distinct = digits
                    .iter()
                    .collect::<std::collections::BTreeSet<_>>()
                    .len();
                distinct == digits.len()
                    && digits.iter().map(|&d| u32::from(d)).sum::<u32>() == cage.sum
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Cages cut out of the rows of a solved grid (runs of 1 to 4 cells): the grid is a
        /// solution, and whatever solution the solver finds meets every cage.
        #[test]
        fn a_killer_solution_meets_every_cage(
            seed in any::<u64>(),
            runs in prop::collection::vec(1usize..=4, 81),
        ) {
            let grid = random_solved_grid(seed);
            let mut cages = Vec::new();
            let mut runs = runs.into_iter();
            for row in 0..9 {
                let mut col = 0;
                while col < 9 {
                    let len = runs.next().unwrap_or(1).min(9 - col);
                    let cells: Vec<usize> = (col..col + len).map(|c| row * 9 + c).collect();
                    let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
                    cages.push(Cage::new(sum, cells));
                    col += len;
                }
            }
            let puzzle = KillerPuzzle::new(cages, None).unwrap();
            prop_assert!(meets_every_cage(&puzzle, &grid));
            prop_assert!(puzzle.is_solution(&grid));
            check_puzzle(&puzzle);
            match KillerSolver::default().solve_within(&puzzle, Budget::nodes(MAX_NODES)) {
                Verdict::Solved(found) => prop_assert!(meets_every_cage(&puzzle, &found)),
                Verdict::GaveUp { .. } => {}
                other => prop_assert!(false, "{other:?}: the grid it was cut from solves it"),
            }
        }

        /// Generated killers: the solution meets every cage, the solver finds it and proves
        /// it unique, and every printed form reads back.
        #[test]
        fn generated_killers_are_unique(seed in any::<u64>()) {
            let made = KillerGenerator::default().generate(seed);
            prop_assert!(meets_every_cage(&made.puzzle, &made.solution));
            let found = KillerSolver::default().solutions(&made.puzzle, 2);
            prop_assert_eq!(found, vec![made.solution]);
            check_puzzle(&made.puzzle);
        }
    }
}

mod generator {
    use super::*;
    use sudoku_core::CountSolutions;
    use sudoku_dlx::DlxSolver;
    use sudoku_gen::{GenConfig, Generator, Symmetry};
    use sudoku_mrv::MrvSolver;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// A generated puzzle has one solution, the one given with it, and is minimal: each
        /// clue removed leaves several.
        #[test]
        fn generated_puzzles_are_unique_and_minimal(seed in any::<u64>(), symmetric in any::<bool>()) {
            let symmetry = if symmetric { Symmetry::Rotate180 } else { Symmetry::None };
            let config = GenConfig { symmetry, ..GenConfig::default() };
            let made = Generator::new(config).unwrap().generate(seed).expect("no target asked for");
            prop_assert!(made.solution.solves(&made.puzzle));
            prop_assert_eq!(MrvSolver::default().count_solutions(&made.puzzle, 2), 1);
            prop_assert_eq!(DlxSolver::default().count_solutions(&made.puzzle, 2), 1);
            prop_assert!(symmetry.holds(&made.puzzle));
            if !symmetric {
                for cell in (0..81).filter(|&c| made.puzzle[c] != 0) {
                    let mut fewer = made.puzzle;
                    fewer.set(cell, 0);
                    prop_assert_eq!(
                        MrvSolver::default().count_solutions(&fewer, 2),
                        2,
                        "clue r{}c{} can go", cell / 9 + 1, cell % 9 + 1
                    );
                }
            }
        }
    }
}

/// Records out equal records in: every reader, given a file of puzzles in the forms people
/// write (every line end, blank and comment lines between, every size, killer JSON lines and
/// arrays), gives back each puzzle once, in order, and nothing else.
mod nothing_lost {
    use std::sync::OnceLock;

    use super::*;
    use sudoku_core::{PuzzleReader, VariantRecord};
    use sudoku_killer::{KillerEntry, KillerGenerator, KillerReader};

    const ENDS: [&str; 3] = ["\n", "\r\n", "\r"];

    /// A puzzle of any size: random cells (they may clash, which reading does not mind).
    fn any_size_puzzle() -> impl Strategy<Value = Puzzle> {
        (
            0..Shape::SIZES.len(),
            prop::collection::vec(any::<u8>(), 625),
        )
            .prop_map(|(s, values)| {
                let n = Shape::SIZES[s];
                let cells = values[..n * n]
                    .iter()
                    .map(|v| if v % 3 == 0 { v % (n as u8 + 1) } else { 0 })
                    .collect();
                Puzzle::new(Rules::new(Shape::for_size(n).unwrap()), cells).unwrap()
            })
    }

    /// The symbol of a cell (`.` blank), as the line form writes it.
    fn symbol(line: &str, cell: usize) -> char {
        line.chars().nth(cell).expect("a cell of the line")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn classic_files_lose_no_puzzle(
            entries in prop::collection::vec((sparse_grid(), 0usize..6), 1..10),
            end in 0..ENDS.len(),
            spacers in prop::collection::vec(0usize..3, 10),
        ) {
            let end = ENDS[end];
            let mut file = String::new();
            for (k, (grid, form)) in entries.iter().enumerate() {
                match spacers[k] {
                    1 => file.push_str(end),
                    2 => file.push_str(&format!("# puzzle {k}{end}")),
                    _ => {}
                }
                let line = grid.to_string();
                let text = match form {
                    0 => line,
                    1 => format!("{line} # note, with a comma"),
                    2 => format!("{grid:#}{end}"),
                    // Rows of digits, 0 for a blank, without separators.
                    3 => line.replace('.', "0").as_bytes().chunks(9)
                        .map(|row| String::from_utf8(row.to_vec()).unwrap())
                        .collect::<Vec<_>>().join(end) + end,
                    4 => Candidates::from_grid(grid).to_string(),
                    _ => format!("{:#}{end}", Candidates::from_grid(grid)),
                };
                file.push_str(&text);
                file.push_str(end);
            }
            let records: Vec<_> = PuzzleReader::new(file.as_bytes())
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{file:?}")))
                .collect();
            prop_assert_eq!(records.len(), entries.len(), "{:?}", file);
            for (record, (grid, form)) in records.iter().zip(&entries) {
                let want = if *form >= 4 { Candidates::from_grid(grid).to_grid() } else { *grid };
                prop_assert_eq!(record.puzzle, want);
            }
        }

        #[test]
        fn csv_files_lose_no_puzzle(
            grids in prop::collection::vec(sparse_grid(), 1..10),
            end in 0..ENDS.len(),
        ) {
            let end = ENDS[end];
            let mut file = format!("id,\"source, page\",puzzle{end}");
            for (k, grid) in grids.iter().enumerate() {
                file.push_str(&format!("{k},\"book {k}, p. {k}\",\"{grid}\"{end}"));
            }
            let records: Vec<_> = PuzzleReader::new(file.as_bytes())
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{file:?}")))
                .collect();
            prop_assert_eq!(records.len(), grids.len());
            for (k, (record, grid)) in records.iter().zip(&grids).enumerate() {
                prop_assert_eq!(record.puzzle, *grid);
                prop_assert_eq!(&record.comment, &format!("{k} book {k}, p. {k}"));
            }
        }

        #[test]
        fn files_of_every_size_lose_no_puzzle(
            entries in prop::collection::vec((any_size_puzzle(), 0usize..4), 1..6),
            end in 0..ENDS.len(),
        ) {
            let end = ENDS[end];
            let mut file = String::new();
            for (puzzle, form) in &entries {
                let n = puzzle.size();
                let line = puzzle.to_string();
                let rows = |sep: &str| -> String {
                    (0..n)
                        .map(|r| (0..n).map(|c| symbol(&line, r * n + c).to_string())
                            .collect::<Vec<_>>().join(sep))
                        .collect::<Vec<_>>()
                        .join(end)
                };
                let text = match form {
                    0 => line.clone(),
                    1 => format!("{puzzle:#}"),
                    // Rows without separators.
                    2 => rows(""),
                    // Rows of numbers, 0 for a blank.
                    _ => (0..n)
                        .map(|r| (0..n).map(|c| puzzle[r * n + c].to_string())
                            .collect::<Vec<_>>().join(" "))
                        .collect::<Vec<_>>()
                        .join(end),
                };
                file.push_str(&text);
                file.push_str(end);
                file.push_str(end);
            }
            let records: Vec<VariantRecord> = PuzzleReader::new(file.as_bytes())
                .any_size()
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{file:?}")))
                .collect();
            prop_assert_eq!(records.len(), entries.len(), "{:?}", file);
            for (record, (puzzle, _)) in records.iter().zip(&entries) {
                prop_assert_eq!(&record.puzzle, puzzle);
            }
        }
    }

    /// A few killer puzzles, made once.
    fn killers() -> &'static [KillerEntry] {
        static KILLERS: OnceLock<Vec<KillerEntry>> = OnceLock::new();
        KILLERS.get_or_init(|| {
            (0..6)
                .map(|seed| {
                    let made = KillerGenerator::default().generate(seed);
                    KillerEntry::new(made.puzzle, Some(made.solution))
                })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn killer_files_lose_no_puzzle(
            picks in prop::collection::vec((0usize..6, 0usize..5), 1..12),
            end in 0..ENDS.len(),
        ) {
            let end = ENDS[end];
            let pool = killers();
            let mut file = String::new();
            let mut want = Vec::new();
            let mut k = 0;
            while k < picks.len() {
                let (which, form) = picks[k];
                let entry = &pool[which];
                match form {
                    0 => file.push_str(&entry.to_json()),
                    1 => file.push_str(&entry.puzzle.to_json()),
                    2 => file.push_str(entry.puzzle.to_string().trim_end()),
                    // This puzzle and the next two, as one array on one line or pretty.
                    _ => {
                        let group: Vec<&KillerEntry> =
                            picks[k..].iter().take(3).map(|&(w, _)| &pool[w]).collect();
                        let values: Vec<serde_json::Value> = group
                            .iter()
                            .map(|e| serde_json::from_str(&e.to_json()).unwrap())
                            .collect();
                        let array = serde_json::Value::Array(values);
                        let text = if form == 3 {
                            array.to_string()
                        } else {
                            serde_json::to_string_pretty(&array).unwrap()
                        };
                        file.push_str(&text);
                        want.extend(group.iter().map(|e| e.puzzle.clone()));
                        k += group.len();
                        file.push_str(end);
                        file.push_str(end);
                        continue;
                    }
                }
                want.push(entry.puzzle.clone());
                k += 1;
                file.push_str(end);
                file.push_str(end);
            }
            let file = file.replace('\n', end).replace("\r\r\n", "\r\n");
            let records: Vec<_> = KillerReader::new(file.as_bytes())
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{file:?}")))
                .collect();
            prop_assert_eq!(records.len(), want.len(), "{:?}", file);
            for (record, puzzle) in records.iter().zip(&want) {
                prop_assert_eq!(&record.puzzle, puzzle);
            }
        }
    }
}

/// Every puzzle the toolkit writes reads back as the same puzzle: for every box shape
/// [`Shape::new`] accepts and every variant the generator makes on it, the JSON line reads
/// back with the same rules and cells, and the drawing (which frames the boxes) with the same
/// shape.
mod round_trip {
    use super::*;
    use sudoku_core::{PuzzleReader, VariantRecord};
    use sudoku_gen::{VariantConfig, VariantGenerator};

    /// Every shape of board: boxes of `r x c` for every `r` and `c` that make a side of 4 to
    /// 25, squares and long boxes alike (2x3 and 3x2, 1x7 and 7x1).
    fn every_shape() -> Vec<Shape> {
        (1..=25)
            .flat_map(|r| (1..=25).filter_map(move |c| Shape::new(r, c).ok()))
            .collect()
    }

    /// The records of a file read by the any-size reader.
    fn read(text: &str) -> Vec<VariantRecord> {
        PuzzleReader::new(text.as_bytes())
            .any_size()
            .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn generated_puzzles_of_every_shape_and_variant_read_back(
            pick in any::<prop::sample::Index>(),
            diagonals in any::<bool>(),
            windoku in any::<bool>(),
            jigsaw in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let shapes = every_shape();
            let shape = shapes[pick.index(shapes.len())];
            let n = shape.size();
            let config = VariantConfig {
                shape,
                diagonals,
                windoku: windoku && shape == Shape::CLASSIC,
                jigsaw,
                // A few clues removed: the rules are what is at stake, and big boards stay quick.
                target_clues: Some(n * n - n),
                ..VariantConfig::default()
            };
            let Ok(mut generator) = VariantGenerator::new(config) else {
                return Err(TestCaseError::reject("rules the generator refuses"));
            };
            let Ok(made) = generator.generate_indexed(seed, 0) else {
                return Err(TestCaseError::reject("no grid of these rules"));
            };
            for puzzle in [&made.puzzle, &made.solution] {
                let json = puzzle.to_json();
                let records = read(&json);
                prop_assert_eq!(records.len(), 1, "{}", json);
                prop_assert_eq!(&records[0].puzzle, puzzle, "{}", json);
                let rules = puzzle.rules();
                if rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() {
                    // The drawing frames the boxes, so it holds the whole puzzle.
                    let drawing = format!("{puzzle:#}");
                    let parsed: Puzzle = drawing.parse().unwrap_or_else(|e| panic!("{e}\n{drawing}"));
                    prop_assert_eq!(&parsed, puzzle, "{}", drawing);
                    let records = read(&drawing);
                    prop_assert_eq!(records.len(), 1, "{}", drawing);
                    prop_assert_eq!(&records[0].puzzle, puzzle, "{}", drawing);
                }
            }
        }
    }
}

/// Issue 34, item 10: no public function of a library crate panics on any argument. Every
/// function that takes a cell, a digit, an index, a size or a count is called with values
/// from the whole range of its type (edges and beyond the board most often); each answers,
/// `None` or an error for what is off the board, and the values it keeps stay consistent.
mod any_argument {
    use std::time::Duration;

    use super::*;
    use sudoku_abc::AbcConfig;
    use sudoku_core::{Budget, Exhausted, Unit, UnitDigits, cell_name};
    use sudoku_gen::{Difficulty, GenConfig, Symmetry, VariantConfig, VariantGenerator};
    use sudoku_killer::{Cage, KillerPuzzle};
    use sudoku_mrv::Propagated;

    /// A `usize` near the edges (0, a board's sides and cell counts, the type's maximum) or
    /// anywhere.
    fn index() -> impl Strategy<Value = usize> {
        prop_oneof![
            0usize..700,
            prop::sample::select(vec![
                80,
                81,
                255,
                256,
                624,
                625,
                65535,
                65536,
                usize::MAX - 1,
                usize::MAX
            ]),
            any::<usize>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn core_answers_every_index_and_digit(cell in index(), digit in any::<u8>(), grid in any_grid()) {
            let on = cell < 81;
            let mut copy = grid;
            prop_assert_eq!(copy.set(cell, digit), on && digit <= 9);
            prop_assert_eq!(grid.get(cell).is_some(), on);
            prop_assert_eq!(grid.candidates(cell).is_some(), on);
            let mut marks = Candidates::from_grid(&grid);
            prop_assert_eq!(marks.get(cell).is_some(), on);
            prop_assert_eq!(marks.place(cell, digit), on && (1..=9).contains(&digit));
            prop_assert!(!marks.set(cell, DigitSet::ALL) || on);
            let _ = marks.remove(cell, digit);
            let mut set = DigitSet::only(digit);
            prop_assert_eq!(set.len(), u32::from((1..=9).contains(&digit)));
            let _ = (set.insert(digit), set.remove(digit), set.contains(digit));
            let mut units = UnitDigits::of(&grid);
            let _ = (units.insert(cell, digit), units.remove(cell, digit));
            prop_assert_eq!(units.free(cell).is_some(), on);
            let t = Transform::random(&mut sudoku_core::seeded_rng(cell as u64));
            prop_assert_eq!(t.image_of(cell).is_some(), on);
            prop_assert_eq!(t.source_of(cell).is_some(), on);
            prop_assert_eq!(t.relabel(digit).is_some(), digit <= 9);
            prop_assert_eq!(Unit::from_index(cell).is_some(), cell < 27);
            prop_assert!(!cell_name(cell).to_string().is_empty());
        }

        #[test]
        fn shapes_and_puzzles_answer_every_size_and_cell(
            rows in index(),
            cols in index(),
            cell in index(),
            digit in any::<u8>(),
        ) {
            let _ = (Shape::for_size(rows), Shape::for_cells(rows));
            if let Ok(shape) = Shape::new(rows, cols) {
                let _ = shape.box_of(cell);
                let mut puzzle = Puzzle::empty(std::sync::Arc::new(Rules::new(shape)));
                let on = cell < shape.cells();
                prop_assert_eq!(puzzle.set(cell, digit), on && usize::from(digit) <= shape.size());
                prop_assert_eq!(puzzle.get(cell).is_some(), on);
                prop_assert_eq!(puzzle.candidates(cell).is_some(), on);
                prop_assert_eq!(puzzle.rules().region_of(cell).is_some(), on);
            }
        }

        #[test]
        fn budgets_take_any_limit(nodes in any::<u64>(), nanos in any::<u64>(), seconds in any::<u64>()) {
            let time = Duration::new(seconds, (nanos % 1_000_000_000) as u32);
            let budget = Budget::nodes(nodes).with_time(time);
            let mut meter = budget.meter();
            let _ = (meter.spend(), meter.should_stop(), meter.remaining(), budget.to_string());
            let _ = (meter.charge(nodes, None), meter.step(nodes, |b| ((), 0, b.node_limit().map(Exhausted::Nodes))));
        }

        #[test]
        fn solvers_and_generators_take_any_setting(
            cell in index(),
            digit in any::<u8>(),
            side in index(),
            count in index(),
            limit in any::<u32>(),
            value in any::<f64>(),
        ) {
            let root = Propagated::new(&Grid::EMPTY).expect("the empty grid has solutions");
            let _ = (root.candidates(cell), root.with(cell, digit));
            let config = AbcConfig { limit, colony_size: count, noise: limit, ..AbcConfig::default() };
            let _ = (config.check(), config.for_side(side));
            for symmetry in Symmetry::ALL {
                prop_assert_eq!(symmetry.orbit(cell).is_some(), cell < 81);
            }
            let config = GenConfig { target_clues: Some(count), max_attempts: count, ..GenConfig::default() };
            let _ = config.check();
            let _ = Difficulty::from_f64(value);
            if let Ok(shape) = Shape::new(side % 26, 1) {
                let config = VariantConfig { shape, target_clues: Some(count), ..VariantConfig::default() };
                let _ = VariantGenerator::new(config);
            }
            let puzzle = KillerPuzzle::new(vec![Cage::new(limit, [cell, count])], None);
            prop_assert!(puzzle.is_err());
            let made = sudoku_killer::KillerGenerator::default().generate(3).puzzle;
            prop_assert_eq!(made.cage_of(cell).is_some(), cell < 81);
        }
    }
}
