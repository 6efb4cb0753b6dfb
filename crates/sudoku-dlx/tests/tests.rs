//! Integration tests of sudoku-dlx: the conformance table, cross-checks against an
//! independent counter, the public puzzle sets, and other exact-cover problems with known
//! answers.

#[allow(dead_code)]
#[path = "../examples/queens.rs"]
mod queens_example;

#[allow(dead_code)]
#[path = "../examples/pentomino.rs"]
mod pentomino_example;

#[allow(dead_code)]
#[path = "../examples/variant_compare.rs"]
mod variant_maker;

mod conformance {
    use sudoku_dlx::DlxSolver;
    use sudoku_testing::{check_counter, check_solver};

    #[test]
    fn the_conformance_table() {
        let mut solver = DlxSolver::default();
        check_solver(&mut solver);
        check_counter(&mut solver);
    }
}

mod cross_check {
    use sudoku_core::{CountSolutions, Grid, Solver, Verdict};
    use sudoku_dlx::{DlxSolver, encoding};
    use sudoku_testing::random_puzzle;

    /// Random puzzles from many solutions down to one, and puzzles spoiled by a wrong given:
    /// DLX counts and solves them as the reference counter does.
    #[test]
    fn the_shared_cross_checks() {
        let mut solver = DlxSolver::default();
        sudoku_testing::check_random_puzzles(&mut solver);
        sudoku_testing::check_wrong_givens(&mut solver);
    }

    /// Givens that clash are found by the engine as it covers them: the verdict names the
    /// grid's own clash and the count is 0, and the next puzzle is solved as by a fresh
    /// solver (the half-made setup of the clash leaves nothing behind).
    #[test]
    fn clashing_givens_are_refused_and_leave_nothing_behind() {
        let mut solver = DlxSolver::default();
        for seed in 0..200 {
            let puzzle = random_puzzle(7000 + seed, 18 + seed as usize % 30);
            // A copy of a given's digit into another empty cell of one of its units.
            let mut clashing = puzzle;
            let given = (0..81).find(|&c| puzzle[c] != 0).expect("a given");
            let unit = [
                (0..9).map(|k| given / 9 * 9 + k).collect::<Vec<_>>(),
                (0..9).map(|k| given % 9 + 9 * k).collect(),
            ];
            let spot = unit[seed as usize % 2]
                .iter()
                .copied()
                .find(|&c| puzzle[c] == 0)
                .expect("an empty cell in the unit");
            clashing.set(spot, puzzle[given]);
            let clash = clashing.clash().expect("two equal digits in a unit");
            assert_eq!(solver.solve(&clashing), Verdict::Clash(clash), "{clashing}");
            assert_eq!(solver.count_solutions(&clashing, 2), 0);
            let mut fresh = DlxSolver::default();
            assert_eq!(
                solver.count_solutions(&puzzle, 3),
                fresh.count_solutions(&puzzle, 3)
            );
            assert_eq!(solver.stats(), fresh.stats(), "{puzzle}");
        }
    }

    /// `DlxSolver` is the encoding on the generic engine: the matrix of
    /// `encoding::exact_cover()` with the givens as required rows, searched with the same
    /// options, counts the same, finds the same first solution and reports the same nodes,
    /// guesses and link updates.
    #[test]
    fn the_generic_engine_on_the_sudoku_matrix_agrees() {
        let mut solver = DlxSolver::default();
        let mut matrix = encoding::exact_cover();
        matrix.set_options(solver.options());
        for seed in 0..100 {
            let puzzle = random_puzzle(5000 + seed, 20 + seed as usize % 20);
            let mut search = matrix.search(&encoding::given_rows(&puzzle)).unwrap();
            let first: Grid = encoding::grid_of(search.next_solution().unwrap());
            assert!(first.solves(&puzzle));
            let more = search.count_up_to(19);
            let generic = search.stats();
            assert_eq!(solver.count_solutions(&puzzle, 20), 1 + more);
            let stats = solver.stats();
            assert_eq!(
                (stats.nodes, stats.guesses, stats.updates),
                (generic.nodes, generic.guesses, generic.updates),
                "{puzzle}"
            );
            assert_eq!(solver.solve(&puzzle), Verdict::Solved(first));
        }
    }

    #[test]
    fn stats_describe_the_last_call() {
        let puzzle: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let mut solver = DlxSolver::default();
        solver.solve(&puzzle);
        let solve = solver.stats();
        assert!(solve.nodes > 1 && solve.guesses > 0 && solve.updates > solve.nodes);
        solver.count_solutions(&puzzle, 2);
        let count = solver.stats();
        assert!(count.nodes >= solve.nodes && count.updates >= solve.updates);
        // Deterministic: the same call gives the same statistics.
        solver.solve(&puzzle);
        assert_eq!(solver.stats(), solve);
        insta::assert_snapshot!(
            "ai_escargot_stats",
            format!(
                "solve: {} nodes, {} guesses, {} updates\ncount to 2: {} nodes, {} guesses, {} updates",
                solve.nodes,
                solve.guesses,
                solve.updates,
                count.nodes,
                count.guesses,
                count.updates
            )
        );
    }

    /// The search options reach the solvers: Knuth's plain algorithm removes nothing by
    /// domination, the default does, and wider domination removes more here; the answers
    /// stay the same.
    #[test]
    fn options_change_the_tree_not_the_answer() {
        use sudoku_dlx::{DlxVariantSolver, Puzzle, SearchOptions};
        let puzzle: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let mut wide = SearchOptions::default();
        wide.domination_rows = 9;
        let mut dominated = Vec::new();
        for options in [SearchOptions::PLAIN, SearchOptions::default(), wide] {
            let mut solver = DlxSolver::new(options);
            assert_eq!(solver.options(), options);
            let answer = solver.solve(&puzzle).solution().unwrap();
            assert!(answer.solves(&puzzle));
            assert_eq!(solver.count_solutions(&puzzle, 2), 1);
            let stats = solver.stats();
            let mut variant = DlxVariantSolver::new(options);
            assert_eq!(variant.count_solutions(&Puzzle::from(&puzzle), 2), 1);
            assert_eq!(variant.stats(), stats, "the same matrix, the same tree");
            dominated.push(stats.dominated);
        }
        assert!(
            dominated[0] == 0 && dominated[1] > 0 && dominated[2] > dominated[1],
            "{dominated:?}"
        );
        // The Sudoku solvers search with conflict weights.
        assert_eq!(DlxSolver::default().options(), SearchOptions::FEW_SOLUTIONS);
        assert_eq!(
            DlxVariantSolver::default().options(),
            SearchOptions::FEW_SOLUTIONS
        );
    }
}

mod cross_check_mrv {
    use sudoku_core::CountSolutions;
    use sudoku_dlx::DlxSolver;
    use sudoku_mrv::MrvSolver;
    use sudoku_testing::random_puzzle;

    /// Two independent complete solvers agree on the number of solutions (up to 100) of
    /// random puzzles made by keeping 17 to 40 cells of random solved grids, and on the same
    /// puzzles spoiled by a wrong given.
    #[test]
    fn counts_equal_mrv_on_random_puzzles() {
        let (mut dlx, mut mrv) = (DlxSolver::default(), MrvSolver::default());
        let mut seen = [0usize; 3];
        for seed in 0..400u64 {
            let mut puzzle = random_puzzle(seed, 17 + (seed as usize % 24));
            if seed % 4 == 3 {
                // A wrong given in the first blank cell that does not clash.
                if let Some(cell) =
                    (0..81).find(|&c| puzzle[c] == 0 && !puzzle.candidates(c).unwrap().is_empty())
                {
                    let digit = puzzle.candidates(cell).unwrap().max().expect("not empty");
                    puzzle.set(cell, digit);
                }
            }
            let expected = mrv.count_solutions(&puzzle, 100);
            assert_eq!(
                dlx.count_solutions(&puzzle, 100),
                expected,
                "seed {seed}: {puzzle}"
            );
            seen[expected.min(2)] += 1;
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "no solution, one and many all occur: {seen:?}"
        );
    }
}

mod public_sets {
    use sudoku_dlx::DlxSolver;

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn every_public_puzzle_is_solved_and_unique() {
        sudoku_testing::check_public_unique_sets(&mut DlxSolver::default());
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn kaggle_solutions_match() {
        sudoku_testing::check_kaggle_solutions(&mut DlxSolver::default());
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn serg_benchmark_has_several_solutions_each() {
        sudoku_testing::check_serg_several_solutions(&mut DlxSolver::default());
    }
}

mod exact_cover {
    use sudoku_dlx::{CoverErrorKind, ExactCover};

    use crate::pentomino_example::{drawing, pentominoes};
    use crate::queens_example::{board, queens};

    /// Checks a queens solution independently: n queens, no two attacking.
    fn queens_ok(n: usize, rows: &[usize]) -> bool {
        let squares: Vec<(i64, i64)> = rows
            .iter()
            .map(|&r| ((r / n) as i64, (r % n) as i64))
            .collect();
        squares.len() == n
            && squares.iter().enumerate().all(|(i, a)| {
                squares[i + 1..]
                    .iter()
                    .all(|b| a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs())
            })
    }

    #[test]
    fn n_queens_counts_through_secondary_columns() {
        // OEIS A000170.
        for (n, want) in [
            (1, 1),
            (2, 0),
            (3, 0),
            (4, 2),
            (5, 10),
            (6, 4),
            (7, 40),
            (8, 92),
        ] {
            let mut problem = queens(n);
            let mut found = 0;
            let mut search = problem.solutions();
            while let Some(rows) = search.next_solution() {
                assert!(queens_ok(n, rows), "{n} queens: {rows:?}");
                found += 1;
            }
            assert_eq!(found, want, "{n} queens");
        }
        assert_eq!(queens(10).count_solutions(usize::MAX), 724);
    }

    #[test]
    fn eight_queens_first_solution() {
        let mut problem = queens(8);
        let first = problem.first_solution().unwrap();
        insta::assert_snapshot!("eight_queens_first", board(8, &first));
    }

    #[test]
    fn pentominoes_tile_3_by_20_in_eight_ways() {
        // Two tilings up to symmetry, each seen in the rectangle's four symmetries.
        let (mut problem, placements) = pentominoes(3, 20);
        let mut drawings = Vec::new();
        for rows in problem.solutions() {
            assert_eq!(rows.len(), 12);
            let picture = drawing(3, 20, &placements, &rows);
            assert!(!picture.contains('.'), "{picture}");
            drawings.push(picture);
        }
        assert_eq!(drawings.len(), 8);
        drawings.sort();
        drawings.dedup();
        assert_eq!(drawings.len(), 8);
        insta::assert_snapshot!("pentomino_3x20_first", drawings[0]);
    }

    /// Langford pairs: numbers 1..=n each twice in 2n places, k numbers between the two
    /// k's. Counts (both directions) for n = 3, 4, 7, 8: 2, 2, 52, 300 (OEIS A014552 doubled).
    #[test]
    fn langford_pairs() {
        for (n, want) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
            let mut problem = ExactCover::new(3 * n, 0).expect("few columns");
            for k in 1..=n {
                for i in 0..2 * n - k - 1 {
                    problem.add_row([k - 1, n + i, n + i + k + 1]).unwrap();
                }
            }
            assert_eq!(problem.count_solutions(usize::MAX), want, "n = {n}");
        }
    }

    #[test]
    fn counting_stops_at_the_limit_and_the_matrix_is_reusable() {
        let mut problem = queens(8);
        assert_eq!(problem.count_solutions(10), 10);
        assert_eq!(problem.stats().solutions, 10);
        let partial = problem.stats().nodes;
        assert_eq!(problem.count_solutions(usize::MAX), 92);
        assert!(problem.stats().nodes > partial);
        let all: Vec<Vec<usize>> = problem.solutions().collect();
        assert_eq!(all.len(), 92);
        assert_eq!(problem.first_solution().as_ref(), all.first());
    }

    #[test]
    fn required_rows_extend_a_partial_answer() {
        // 8 queens with a queen fixed on a1: 4 of the 92 solutions.
        let mut problem = queens(8);
        let mut search = problem.search(&[0]).unwrap();
        let mut n = 0;
        while let Some(rows) = search.next_solution() {
            assert_eq!(rows[0], 0);
            n += 1;
        }
        assert_eq!(n, 4);
        // Two queens on one rank conflict.
        let err = problem.search(&[0, 1]).unwrap_err();
        assert!(matches!(
            err.kind(),
            CoverErrorKind::ConflictingRows {
                other: 0,
                column: 0
            }
        ));
    }

    #[test]
    fn error_messages() {
        let mut problem = ExactCover::new(2, 1).expect("few columns");
        let messages = [
            problem.add_row([0, 7]).unwrap_err().to_string(),
            problem.add_row([]).unwrap_err().to_string(),
            problem.add_row([2, 2]).unwrap_err().to_string(),
            problem.search(&[0]).unwrap_err().to_string(),
        ];
        insta::assert_snapshot!("error_messages", messages.join("\n"));
    }
}

mod variants {
    use sudoku_dlx::{CountSolutions, DlxVariantSolver, Puzzle, Rules, Shape, Solver, Verdict};
    use sudoku_testing::{
        VARIANT_CASES, check_variant_counter, check_variant_solver, reference_count_any,
    };

    use crate::variant_maker::{solved_grid, unique_puzzle};

    #[test]
    fn the_variant_conformance_table() {
        let mut solver = DlxVariantSolver::default();
        check_variant_solver(&mut solver);
        check_variant_counter(&mut solver);
    }

    /// Puzzles thinned at random from the solutions of the variant table's unique cases
    /// (every size and variant there): DLX counts as the reference counter does.
    #[test]
    fn counts_agree_with_the_reference_on_thinned_variant_puzzles() {
        sudoku_testing::check_thinned_variants(&mut DlxVariantSolver::default());
    }

    /// Grids made from a pattern and shuffled are solved, and blanking cells while DLX says
    /// unique gives puzzles the reference counter also finds unique, on every size.
    #[test]
    fn made_puzzles_are_unique_on_every_size() {
        let mut solver = DlxVariantSolver::default();
        for (i, n) in [4, 6, 8, 9, 12, 16, 25].into_iter().enumerate() {
            let mut rng = sudoku_core::seeded_rng(i as u64);
            let shape = Shape::for_size(n).unwrap();
            let solution = solved_grid(shape, &mut rng);
            assert!(solution.is_solved(), "{solution}");
            // Down to about 60% givens on the large boards, as far as it goes on the small.
            let givens = if n >= 16 { n * n * 6 / 10 } else { 0 };
            let puzzle = unique_puzzle(&solution, givens, &mut rng, &mut solver);
            assert!(puzzle.filled() < n * n, "{n}");
            assert_eq!(
                solver.solve(&puzzle).solution(),
                Some(solution.clone()),
                "{puzzle}"
            );
            if n <= 12 {
                assert_eq!(reference_count_any(&puzzle, 2), 1, "{puzzle}");
            }
            // One blank more than a minimal puzzle's: with limit 2 DLX finds two solutions
            // for the classic-size boards where blanking stopped at a minimal puzzle.
            if givens == 0 {
                let filled: Vec<usize> = (0..n * n).filter(|&c| puzzle[c] != 0).collect();
                for &cell in filled.iter().take(5) {
                    let mut less = puzzle.clone();
                    less.set(cell, 0);
                    assert_eq!(solver.count_solutions(&less, 2), 2, "{less}");
                    if n <= 9 {
                        assert_eq!(reference_count_any(&less, 2), 2, "{less}");
                    }
                }
            }
        }
    }

    /// Sparse windoku puzzles found by fuzzing (docs/reliability.md, finding 4): the first
    /// has no solution, which the search once took 81 million nodes (half a minute) to
    /// prove; the second once took millions of nodes. With conflict weights both settle in
    /// a few hundred nodes, with the count of the general MRV engine where it settles.
    #[test]
    fn sparse_windoku_puzzles_settle_in_few_nodes() {
        let cases = [
            (
                "7.........2............3.........4......9...7......5..8.........9................",
                0,
            ),
            (
                "1.4..................561.............................2.........................2.",
                3,
            ),
        ];
        let rules = Rules::classic().with_windoku(true).unwrap();
        let mut solver = DlxVariantSolver::default();
        let mut mrv = sudoku_mrv::MrvVariantSolver::default();
        for (givens, count) in cases {
            let cells = givens
                .bytes()
                .map(|b| b.saturating_sub(b'0') % 10)
                .collect();
            let puzzle = Puzzle::new(rules.clone(), cells).unwrap();
            assert_eq!(solver.count_solutions(&puzzle, 3), count, "{givens}");
            let nodes = solver.stats().nodes;
            assert!(nodes < 2_000, "{givens}: {nodes} nodes");
            match solver.solve(&puzzle) {
                Verdict::Solved(solution) => assert!(count > 0 && solution.solves(&puzzle)),
                verdict => assert_eq!((verdict, count), (Verdict::NoSolution, 0)),
            }
            if let Ok(settled) =
                mrv.count_solutions_within(&puzzle, 3, sudoku_core::Budget::nodes(50_000))
            {
                assert_eq!(settled, count, "{givens}");
            }
        }
    }

    /// One solver takes puzzles of different rules one after another (the matrix is
    /// rebuilt), and a classic puzzle as a `Puzzle` gets the classic solver's answer.
    #[test]
    fn rules_change_between_puzzles() {
        let mut solver = DlxVariantSolver::default();
        let mut classic = sudoku_dlx::DlxSolver::default();
        for case in VARIANT_CASES.iter().chain(VARIANT_CASES) {
            let puzzle = case.puzzle();
            assert_eq!(
                solver.count_solutions(&puzzle, 1001),
                reference_count_any(&puzzle, 1001).min(1001),
                "{}",
                case.name
            );
        }
        let grid: sudoku_dlx::Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let answer = solver.solve(&Puzzle::from(&grid)).solution().unwrap();
        assert_eq!(answer.to_grid(), classic.solve(&grid).solution());
        assert_eq!(solver.stats().solutions, 1);
        assert!(solver.stats().guesses > 0);
    }
}

mod budgets {
    use std::time::Duration;

    use sudoku_dlx::{
        Budget, CountSolutions, DlxSolver, DlxVariantSolver, Exhausted, Puzzle, Solver, Verdict,
    };
    use sudoku_testing::CASES;

    /// Under a time limit the search pauses every few hundred nodes to read the clock (and,
    /// on large boards, meets its restarts at the same checkpoints): it must resume exactly
    /// where it stopped, so answers, counts and nodes equal those without a budget.
    #[test]
    fn pausing_for_the_clock_changes_nothing() {
        let hour = Budget::time(Duration::from_secs(3600));
        let mut solver = DlxSolver::default();
        for case in CASES {
            let puzzle = case.puzzle();
            let count = solver.count_solutions(&puzzle, 50);
            let nodes = solver.stats().nodes;
            assert_eq!(solver.count_solutions_within(&puzzle, 50, hour), Ok(count));
            assert_eq!(solver.stats().nodes, nodes, "{}", case.name);
            let verdict = solver.solve(&puzzle);
            assert_eq!(solver.solve_within(&puzzle, hour), verdict, "{}", case.name);
        }
        let mut solver = DlxVariantSolver::default();
        // Open boards take hundreds of nodes to their 50th solution, the 25x25 puzzles of
        // benchdata search with restarts: many readings of the clock (every 256 nodes).
        let mut puzzles: Vec<Puzzle> = [16, 25]
            .iter()
            .map(|side| ".".repeat(side * side).parse().unwrap())
            .collect();
        let file = format!("{}/../../benchdata/size25.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(file).unwrap();
        let records = sudoku_core::PuzzleReader::new(text.as_bytes()).any_size();
        puzzles.extend(records.take(4).map(|record| record.unwrap().puzzle));
        let mut paused = 0;
        for puzzle in &puzzles {
            let count = solver.count_solutions(puzzle, 50);
            let nodes = solver.stats().nodes;
            paused += usize::from(nodes > 256);
            assert_eq!(solver.count_solutions_within(puzzle, 50, hour), Ok(count));
            assert_eq!(solver.stats().nodes, nodes, "{puzzle}");
            let first = solver.solve(puzzle);
            assert_eq!(solver.solve_within(puzzle, hour), first, "{puzzle}");
        }
        assert!(paused >= 3, "only {paused} searches long enough to pause");
    }

    /// A node limit stops the search at that node and says so; the count found so far is a
    /// lower bound.
    #[test]
    fn a_node_limit_stops_the_search_and_says_so() {
        let open: Puzzle = ".".repeat(256).parse().unwrap();
        let mut solver = DlxVariantSolver::default();
        for limit in [0, 1, 10, 300, 1000] {
            let counted = solver.count_solutions_within(&open, 1_000_000, Budget::nodes(limit));
            let unsettled = counted.expect_err("a million solutions take more nodes");
            assert_eq!(unsettled.exhausted, Exhausted::Nodes(limit));
            assert!(solver.stats().nodes <= limit + 1, "{limit}");
        }
        assert_eq!(
            solver.solve_within(&open, Budget::nodes(0)),
            Verdict::out_of_budget(Exhausted::Nodes(0))
        );
        let mut classic = DlxSolver::default();
        let grid = CASES[1].puzzle();
        assert_eq!(
            classic.solve_within(&grid, Budget::time(Duration::ZERO)),
            Verdict::out_of_budget(Exhausted::Time(Duration::ZERO))
        );
    }

    /// Issue 34, item 6: a call is cancelled from another thread through its budget.
    #[test]
    fn a_cancel_flag_ends_a_count_that_would_never_end() {
        let mut solver = DlxSolver::default();
        let open = sudoku_dlx::Grid::EMPTY;
        let counted = sudoku_testing::cancel_during(|budget| {
            solver.count_solutions_within(&open, usize::MAX, budget)
        });
        assert_eq!(counted.map_err(|u| u.exhausted), Err(Exhausted::Cancelled));
        let mut general = DlxVariantSolver::default();
        let open: Puzzle = ".".repeat(625).parse().unwrap();
        let counted = sudoku_testing::cancel_during(|budget| {
            general.count_solutions_within(&open, usize::MAX, budget)
        });
        assert_eq!(counted.map_err(|u| u.exhausted), Err(Exhausted::Cancelled));
        assert_eq!(
            general.solve_within(&open, sudoku_testing::cancelled_budget()),
            Verdict::out_of_budget(Exhausted::Cancelled)
        );
    }
}
