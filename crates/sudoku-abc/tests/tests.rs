//! Integration tests of the bee colony solver.

use sudoku_abc::{AbcConfig, AbcSolver, Neighbourhood, Presolve, Scout};

#[path = "support/instances.rs"]
mod instances;
use sudoku_core::{BOX_OF, Best, Budget, Exhausted, Grid, Solver, Verdict};
use sudoku_testing::{CASES, Expect, check_incomplete_solver, public_set, random_puzzle};

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn grid(line: &str) -> Grid {
    line.parse().unwrap()
}

/// Checks that a grid is complete, keeps the givens and holds a permutation in every box
/// (what the encoding promises even when the colony gives up).
fn assert_encoding_holds(best: &Grid, puzzle: &Grid) {
    let mut seen = [0u16; 9];
    for cell in 0..81 {
        assert_ne!(best[cell], 0, "cell {cell} blank in {best}");
        if puzzle[cell] != 0 {
            assert_eq!(best[cell], puzzle[cell], "given changed at cell {cell}");
        }
        seen[BOX_OF[cell] as usize] |= 1 << best[cell];
    }
    assert!(
        seen.iter().all(|&s| s == 0x3FE),
        "a box is not a permutation: {best}"
    );
}

/// Checks the verdict of a colony with a small budget on a case of a conformance table:
/// clashes found, the unique solution or one that `solves` the puzzle, no solution or a
/// give-up where there is none, and a give-up elsewhere only with a grid that `holds` the
/// encoding.
fn check_small_budget<S: std::fmt::Display + std::fmt::Debug>(
    name: &str,
    expect: Expect,
    verdict: Verdict<S>,
    solves: impl Fn(&S) -> bool,
    holds: impl Fn(&S),
) {
    match (expect, verdict) {
        (Expect::Clash, Verdict::Clash(_)) => {}
        (Expect::NoSolution, Verdict::NoSolution | Verdict::GaveUp { .. }) => {}
        (Expect::Unique(solution), Verdict::Solved(answer)) => {
            assert_eq!(answer.to_string(), solution, "{name}")
        }
        (Expect::Solutions(_) | Expect::Many, Verdict::Solved(answer)) => {
            assert!(solves(&answer), "{name}")
        }
        (Expect::Unique(_) | Expect::Solutions(_) | Expect::Many, Verdict::GaveUp { best, .. }) => {
            holds(&best.expect("the colony keeps its best grid").candidate)
        }
        (_, verdict) => panic!("{name} answered {verdict:?}"),
    }
}

mod conformance {
    use super::*;

    /// The default configuration with a budget of 30,000 cycles instead of 200,000, so
    /// that the puzzle without solution that singles and subsets cannot refute gives up
    /// within seconds in the dev profile. The solvable cases need far fewer cycles.
    #[test]
    fn default_solver_with_a_smaller_budget_passes_the_table() {
        check_incomplete_solver(
            &mut AbcSolver::new(AbcConfig {
                budget: Budget::nodes(30_000),
                ..AbcConfig::default()
            })
            .unwrap(),
        );
    }

    #[test]
    #[ignore = "the full default budget on a puzzle without solution; cargo xtask ci runs it in release"]
    fn default_solver_passes_the_table() {
        check_incomplete_solver(&mut AbcSolver::default());
    }

    /// Every variant on the table with a small budget: clashes and contradictions found,
    /// solutions right, and when it gives up, a grid that keeps the encoding.
    #[test]
    fn variants_never_answer_wrong() {
        let variants = [
            AbcConfig::article(),
            AbcConfig {
                neighbourhood: Neighbourhood::CrossBox,
                ..AbcConfig::default()
            },
            AbcConfig {
                scout: Scout::Perturb(5),
                adaptive_limit: true,
                ..AbcConfig::default()
            },
            AbcConfig {
                noise: 200,
                tabu_tenure: 2,
                ..AbcConfig::default()
            },
            AbcConfig {
                respect_candidates: false,
                ..AbcConfig::default()
            },
            AbcConfig {
                colonies: 2,
                ..AbcConfig::default()
            },
        ];
        for config in variants {
            let mut solver = AbcSolver::new(AbcConfig {
                budget: Budget::nodes(300),
                ..config
            })
            .unwrap();
            for case in CASES {
                let puzzle = case.puzzle();
                check_small_budget(
                    &format!("{}: {config:?}", case.name),
                    case.expect,
                    solver.solve(&puzzle),
                    |answer| answer.solves(&puzzle),
                    |best| assert_encoding_holds(best, &puzzle),
                );
            }
        }
    }

    #[test]
    fn without_presolver_no_solution_cases_give_up_and_never_answer_wrong() {
        let mut solver = AbcSolver::new(AbcConfig {
            presolve: Presolve::Off,
            respect_candidates: false,
            budget: Budget::nodes(200),
            ..AbcConfig::default()
        })
        .unwrap();
        for case in CASES {
            let puzzle = case.puzzle();
            let verdict = solver.solve(&puzzle);
            match (case.expect, verdict) {
                (Expect::Clash, Verdict::Clash(_)) => {}
                (Expect::NoSolution, Verdict::GaveUp { best, .. }) => {
                    let best = best.expect("the colony keeps its best grid");
                    assert!(best.conflicts > 0);
                    assert_encoding_holds(&best.candidate, &puzzle);
                }
                (Expect::Clash | Expect::NoSolution, other) => {
                    panic!("{}: got {other:?}", case.name)
                }
                (_, Verdict::Solved(answer)) => assert!(answer.solves(&puzzle), "{}", case.name),
                (_, Verdict::GaveUp { best, .. }) => assert_encoding_holds(
                    &best.expect("the colony keeps its best grid").candidate,
                    &puzzle,
                ),
                (_, other) => panic!("{}: got {other:?}", case.name),
            }
        }
    }
}

mod repeatability {
    use super::*;

    #[test]
    fn same_seed_same_answer_and_statistics() {
        for line in [ESCARGOT, INKALA] {
            let puzzle = grid(line);
            let mut a = AbcSolver::default();
            let mut b = AbcSolver::default();
            let first = a.solve(&puzzle);
            assert!(first.is_solved());
            assert_eq!(first, b.solve(&puzzle));
            assert_eq!(a.stats(), b.stats());
            // The same solver again, after another puzzle in between.
            a.solve(&grid(EASY));
            assert_eq!(a.solve(&puzzle), first);
            assert_eq!(a.stats(), b.stats());
        }
    }

    #[test]
    fn a_budget_run_repeats_too() {
        let config = AbcConfig {
            budget: Budget::nodes(30),
            seed: 99,
            ..AbcConfig::default()
        };
        let puzzle = grid(INKALA);
        let mut a = AbcSolver::new(config).unwrap();
        let mut b = AbcSolver::new(config).unwrap();
        assert_eq!(a.solve(&puzzle), b.solve(&puzzle));
        assert_eq!(a.stats(), b.stats());
    }

    #[test]
    fn other_seeds_still_solve() {
        let puzzle = grid(ESCARGOT);
        for seed in 0..5 {
            let mut solver = AbcSolver::new(AbcConfig {
                seed,
                ..AbcConfig::default()
            })
            .unwrap();
            let answer = solver.solve(&puzzle).solution().expect("solved");
            assert!(answer.solves(&puzzle));
        }
    }
}

mod budget {
    use std::time::Duration;

    use super::*;

    #[test]
    fn giving_up_reports_the_best_grid_and_its_conflicts() {
        let puzzle = grid(INKALA);
        let mut solver = AbcSolver::new(AbcConfig {
            budget: Budget::nodes(1),
            ..AbcConfig::default()
        })
        .unwrap();
        match solver.solve(&puzzle) {
            Verdict::GaveUp {
                exhausted,
                best:
                    Some(Best {
                        candidate,
                        conflicts,
                    }),
            } => {
                assert_eq!(exhausted, Exhausted::Cycles(1));
                assert_encoding_holds(&candidate, &puzzle);
                assert!(conflicts > 0);
                assert_eq!(solver.stats().conflicts, u64::from(conflicts));
                assert_eq!(solver.stats().cycles, 1);
            }
            other => panic!("expected to give up after one cycle, got {other:?}"),
        }
    }

    /// The budget of `solve_within` tightens the configuration's: its nodes bound the
    /// cycles, and the verdict says what ran out.
    #[test]
    fn a_node_budget_bounds_the_cycles() {
        let puzzle = grid(INKALA);
        let mut solver = AbcSolver::default();
        match solver.solve_within(&puzzle, Budget::nodes(2)) {
            Verdict::GaveUp { exhausted, best } => {
                assert_eq!(exhausted, Exhausted::Cycles(2));
                assert!(best.is_some_and(|best| best.conflicts > 0));
            }
            other => panic!("expected to give up after two cycles, got {other:?}"),
        }
        assert_eq!(solver.stats().cycles, 2);
        let verdict = solver.solve_within(&puzzle, Budget::time(Duration::ZERO));
        assert!(matches!(
            verdict,
            Verdict::GaveUp {
                exhausted: Exhausted::Time(_),
                ..
            }
        ));
    }

    #[test]
    fn a_zero_time_budget_stops_before_the_first_cycle() {
        let puzzle = grid(INKALA);
        let mut solver = AbcSolver::new(AbcConfig {
            budget: Budget::time(Duration::ZERO),
            ..AbcConfig::default()
        })
        .unwrap();
        assert!(matches!(
            solver.solve(&puzzle),
            Verdict::GaveUp {
                exhausted: Exhausted::Time(Duration::ZERO),
                ..
            }
        ));
        assert_eq!(solver.stats().cycles, 0);
        // The initial sources were evaluated.
        assert_eq!(solver.stats().evaluations, 50);
    }

    /// Issue 34, item 6: a call is cancelled from another thread through its budget, and the
    /// colony's own budget must bound it (issue 35: it is a `Budget`).
    #[test]
    fn a_cancel_flag_stops_every_colony() {
        // AI Escargot with a 2 more: no solution, which the pre-solver does not see.
        let puzzle = grid(
            "12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let mut solver = AbcSolver::new(AbcConfig {
            budget: Budget::nodes(u64::MAX),
            colonies: 2,
            ..AbcConfig::default()
        })
        .unwrap();
        let verdict = sudoku_testing::cancel_during(|budget| solver.solve_within(&puzzle, budget));
        assert!(
            matches!(
                verdict,
                Verdict::GaveUp {
                    exhausted: Exhausted::Cancelled,
                    ..
                }
            ),
            "{verdict:?}"
        );
        let verdict = solver.solve_within(&puzzle, sudoku_testing::cancelled_budget());
        assert!(matches!(
            verdict,
            Verdict::GaveUp {
                exhausted: Exhausted::Cancelled,
                ..
            }
        ));
        assert_eq!(solver.stats().cycles, 0);
        let unbounded = AbcConfig {
            budget: Budget::UNLIMITED,
            ..AbcConfig::default()
        };
        assert_eq!(unbounded.check().unwrap_err().field(), "budget");
    }

    #[test]
    fn statistics_describe_the_last_call() {
        let mut solver = AbcSolver::default();
        assert!(solver.solve(&grid(ESCARGOT)).is_solved());
        let stats = solver.stats();
        assert!(stats.cycles > 0 && stats.evaluations > stats.cycles);
        assert_eq!(stats.conflicts, 0);
        // Singles solve the easy puzzle: no colony runs.
        assert!(solver.solve(&grid(EASY)).is_solved());
        assert_eq!(solver.stats().cycles, 0);
        assert_eq!(solver.stats().evaluations, 0);
    }

    #[test]
    fn several_colonies_sum_their_counters() {
        let puzzle = grid(ESCARGOT);
        let mut solver = AbcSolver::new(AbcConfig {
            colonies: 3,
            ..AbcConfig::default()
        })
        .unwrap();
        let answer = solver.solve(&puzzle).solution().expect("solved");
        assert!(answer.solves(&puzzle));
        // Each colony evaluates its 50 initial sources at least.
        assert!(solver.stats().evaluations >= 150);
    }
}

mod random_puzzles {
    use super::*;

    #[test]
    fn seeded_random_puzzles_are_solved_with_and_without_presolver() {
        let mut hybrid = AbcSolver::default();
        let mut plain = AbcSolver::new(AbcConfig {
            presolve: Presolve::Off,
            respect_candidates: false,
            ..AbcConfig::default()
        })
        .unwrap();
        for seed in 0..20 {
            let puzzle = random_puzzle(seed, 30 + (seed as usize % 20));
            for solver in [&mut hybrid, &mut plain] {
                let answer = solver.solve(&puzzle).solution().expect("solved");
                assert!(answer.solves(&puzzle), "seed {seed}");
            }
        }
    }

    #[test]
    fn the_article_configuration_solves_easy_puzzles() {
        let mut article = AbcSolver::new(AbcConfig::article()).unwrap();
        for seed in 0..10 {
            let puzzle = random_puzzle(seed, 50);
            let answer = article.solve(&puzzle).solution().expect("solved");
            assert!(answer.solves(&puzzle), "seed {seed}");
        }
    }
}

mod public_sets {
    use super::*;

    fn solve_all(name: &str, take: usize, config: AbcConfig) {
        let Some(puzzles) = public_set(name) else {
            return;
        };
        let mut solver = AbcSolver::new(config).unwrap();
        let mut gave_up = Vec::new();
        for puzzle in puzzles.iter().take(take) {
            match solver.solve(puzzle) {
                Verdict::Solved(answer) => assert!(answer.solves(puzzle), "wrong: {puzzle}"),
                other => gave_up.push(format!("{puzzle}: {other}")),
            }
        }
        assert!(gave_up.is_empty(), "{name}: {}", gave_up.join("\n"));
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn norvig_top95() {
        solve_all("norvig_top95.txt", usize::MAX, AbcConfig::default());
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn magictour_top1465_first_300() {
        solve_all("magictour_top1465.txt", 300, AbcConfig::default());
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn forum_hardest_all() {
        solve_all("forum_hardest_1106.txt", usize::MAX, AbcConfig::default());
    }

    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn seventeen_clues_first_200_with_all_cores() {
        solve_all(
            "17_clue.txt",
            200,
            AbcConfig {
                colonies: 0,
                ..AbcConfig::default()
            },
        );
    }
}

/// The colony on boards of every size and variant ([`sudoku_abc::AbcVariantSolver`]).
mod variants {
    use std::sync::Arc;

    use super::*;
    use sudoku_abc::{AbcVariantSolver, Puzzle, Rules};
    use sudoku_testing::{VARIANT_CASES, check_incomplete_variant_solver};

    /// Checks that `best` is complete, keeps the givens of `puzzle` and holds a permutation
    /// in every region (what the encoding promises even when the colony gives up).
    fn assert_regions_hold(best: &Puzzle, puzzle: &Puzzle) {
        let n = puzzle.size();
        let mut seen = vec![0u32; n];
        for cell in 0..n * n {
            assert_ne!(best[cell], 0, "cell {cell} blank in {best}");
            if puzzle[cell] != 0 {
                assert_eq!(best[cell], puzzle[cell], "given changed at {cell}");
            }
            seen[puzzle.rules().region_of(cell).unwrap()] |= 1 << best[cell];
        }
        assert!(seen.iter().all(|&s| s == ((1u32 << n) - 1) << 1), "{best}");
    }

    /// Solves `puzzle` and checks the answer.
    fn solve(solver: &mut AbcVariantSolver, puzzle: &Puzzle) {
        match solver.solve(puzzle) {
            Verdict::Solved(answer) => assert!(answer.solves(puzzle), "wrong: {puzzle}"),
            other => panic!("{puzzle}: {other}"),
        }
    }

    /// The default configuration with 30,000 cycles instead of 200,000, so that the puzzle
    /// without solution gives up within seconds in the dev profile.
    #[test]
    fn default_solver_with_a_smaller_budget_passes_the_variant_table() {
        check_incomplete_variant_solver(
            &mut AbcVariantSolver::new(AbcConfig {
                budget: Budget::nodes(30_000),
                ..AbcConfig::default()
            })
            .unwrap(),
        );
    }

    #[test]
    #[ignore = "the full default budget on a puzzle without solution; cargo xtask ci runs it in release"]
    fn default_solver_passes_the_variant_table() {
        check_incomplete_variant_solver(&mut AbcVariantSolver::default());
    }

    /// Other configurations on the table with a small budget: clashes found, solutions
    /// right, and when they give up, grids that keep the encoding.
    #[test]
    fn other_configurations_never_answer_wrong() {
        let configs = [
            AbcConfig::article(),
            AbcConfig {
                neighbourhood: Neighbourhood::CrossBox,
                scout: Scout::Perturb(5),
                ..AbcConfig::default()
            },
            AbcConfig {
                presolve: Presolve::Off,
                respect_candidates: false,
                ..AbcConfig::default()
            },
            AbcConfig {
                presolve: Presolve::Singles,
                walk_any_digit: true,
                scale_to_board: false,
                ..AbcConfig::default()
            },
        ];
        for config in configs {
            let mut solver = AbcVariantSolver::new(AbcConfig {
                budget: Budget::nodes(300),
                ..config
            })
            .unwrap();
            for case in VARIANT_CASES {
                let puzzle = case.puzzle();
                check_small_budget(
                    &format!("{}: {config:?}", case.name),
                    case.expect,
                    solver.solve(&puzzle),
                    |answer| answer.solves(&puzzle),
                    |best| assert_regions_hold(best, &puzzle),
                );
            }
        }
    }

    /// Classic puzzles go to the 9x9 engine: the same answer and statistics as
    /// [`AbcSolver`] with the same configuration.
    #[test]
    fn classic_puzzles_get_the_answers_of_the_9x9_solver() {
        for line in [ESCARGOT, INKALA, EASY] {
            let grid = grid(line);
            let puzzle = Puzzle::from(&grid);
            let mut classic = AbcSolver::default();
            let mut general = AbcVariantSolver::default();
            let expected = classic.solve(&grid).solution().expect("solved");
            let answer = general.solve(&puzzle).solution().expect("solved");
            assert_eq!(answer.cells(), expected.cells());
            assert_eq!(general.stats(), classic.stats());
        }
    }

    /// Seeded instances of the research literature's class (a random solved grid with 55%
    /// of its cells blanked) of every side up to 16, plain and with the extra units.
    #[test]
    fn random_instances_of_every_size_and_variant_are_solved() {
        let mut solver = AbcVariantSolver::default();
        let mut sets: Vec<Arc<Rules>> = [4, 6, 8, 9, 10, 12, 15, 16]
            .into_iter()
            .map(instances::plain)
            .collect();
        sets.extend([6, 9, 16].map(instances::sudoku_x));
        sets.push(instances::windoku());
        for rules in &sets {
            for i in 0..4 {
                let (puzzle, _) = instances::instance(rules, 0.45, 7, i);
                solve(&mut solver, &puzzle);
            }
        }
        // Fewer givens on smaller boards, where 45% is easy.
        for rules in [
            instances::plain(9),
            instances::sudoku_x(9),
            instances::windoku(),
        ] {
            for i in 0..4 {
                let (puzzle, _) = instances::instance(&rules, 0.30, 8, i);
                solve(&mut solver, &puzzle);
            }
        }
    }

    /// Jigsaw: random layouts, each a fresh map of regions.
    #[test]
    fn random_jigsaw_instances_are_solved() {
        let mut solver = AbcVariantSolver::default();
        for seed in 0..4 {
            let (rules, solution) = instances::random_jigsaw(9, seed);
            assert!(rules.jigsaw().is_some() && solution.is_solved());
            for given in [0.45, 0.35, 0.25] {
                solve(&mut solver, &instances::blanked(&solution, given, seed));
            }
        }
    }

    #[test]
    fn same_seed_same_answer_and_statistics() {
        let (puzzle, _) = instances::instance(&instances::plain(16), 0.45, 3, 0);
        let mut a = AbcVariantSolver::default();
        let mut b = AbcVariantSolver::default();
        let first = a.solve(&puzzle);
        assert!(first.is_solved());
        assert_eq!(first, b.solve(&puzzle));
        assert_eq!(a.stats(), b.stats());
        let other = instances::instance(&instances::sudoku_x(9), 0.45, 3, 0).0;
        a.solve(&other);
        assert_eq!(a.solve(&puzzle), first);
        assert_eq!(a.stats(), b.stats());
    }

    #[test]
    fn giving_up_reports_a_grid_that_keeps_the_encoding() {
        let (puzzle, _) = instances::instance(&instances::plain(16), 0.3, 5, 0);
        let mut solver = AbcVariantSolver::new(AbcConfig {
            budget: Budget::nodes(1),
            scale_to_board: false,
            ..AbcConfig::default()
        })
        .unwrap();
        match solver.solve(&puzzle) {
            Verdict::GaveUp {
                best:
                    Some(Best {
                        candidate,
                        conflicts,
                    }),
                ..
            } => {
                assert_regions_hold(&candidate, &puzzle);
                assert!(conflicts > 0);
                assert_eq!(solver.stats().conflicts, u64::from(conflicts));
                assert_eq!(solver.stats().cycles, 1);
            }
            other => panic!("expected to give up after one cycle, got {other:?}"),
        }
    }

    /// A puzzle the pre-solver or the candidate check refutes is `NoSolution`, on every
    /// size; the clash of two givens on a diagonal is reported before any search.
    #[test]
    fn contradictions_and_clashes_are_reported() {
        let plain: Puzzle = ".23.4..........1".parse().unwrap();
        let x = Puzzle::new(
            Rules::new(plain.rules().shape()).with_diagonals(true),
            plain.cells().to_vec(),
        )
        .unwrap();
        let mut solver = AbcVariantSolver::default();
        assert_eq!(solver.solve(&x), Verdict::NoSolution);
        let no_match: Puzzle = ".3...4..1.......".parse().unwrap();
        let mut strict = AbcVariantSolver::new(AbcConfig {
            presolve: Presolve::Off,
            ..AbcConfig::default()
        })
        .unwrap();
        assert_eq!(strict.solve(&no_match), Verdict::NoSolution);
        let clash: Puzzle = Puzzle::new(
            Rules::new(plain.rules().shape()).with_diagonals(true),
            "1..............1"
                .parse::<Puzzle>()
                .unwrap()
                .cells()
                .to_vec(),
        )
        .unwrap();
        assert!(matches!(solver.solve(&clash), Verdict::Clash(_)));
    }

    /// The targets of docs/abc.md on a few instances each: the default configuration on
    /// 16x16 and 25x25 boards with 45% of cells given.
    #[test]
    #[ignore = "25x25 boards take seconds; cargo xtask ci runs them in release"]
    fn large_boards_with_45_percent_given() {
        let mut solver = AbcVariantSolver::default();
        for (n, count) in [(16, 10), (25, 3)] {
            for i in 0..count {
                let (puzzle, _) = instances::instance(&instances::plain(n), 0.45, 11, i);
                solve(&mut solver, &puzzle);
            }
        }
    }
}

/// Parameters out of range are a typed error from `new` and `check`, naming the field,
/// never a capacity overflow, a panic or a run of a minute.
mod configuration {
    use sudoku_abc::{AbcConfig, AbcSolver, AbcVariantSolver};

    #[test]
    fn parameters_out_of_range_are_named() {
        for (config, field) in [
            (
                AbcConfig {
                    colony_size: usize::MAX,
                    ..AbcConfig::default()
                },
                "colony_size",
            ),
            (
                AbcConfig {
                    colony_size: 1,
                    ..AbcConfig::default()
                },
                "colony_size",
            ),
            (
                AbcConfig {
                    limit: 0,
                    ..AbcConfig::default()
                },
                "limit",
            ),
            (
                AbcConfig {
                    colonies: usize::MAX,
                    ..AbcConfig::default()
                },
                "colonies",
            ),
            (
                AbcConfig {
                    noise: 1001,
                    ..AbcConfig::default()
                },
                "noise",
            ),
        ] {
            assert_eq!(AbcSolver::new(config).unwrap_err().field(), field);
            assert_eq!(AbcVariantSolver::new(config).unwrap_err().field(), field);
        }
        assert!(AbcSolver::new(AbcConfig::article()).is_ok());
    }

    #[test]
    fn new_names_the_parameter_and_the_reason() {
        let err = AbcSolver::new(AbcConfig {
            limit: 0,
            ..AbcConfig::default()
        })
        .unwrap_err();
        assert!(err.to_string().starts_with("limit: 0 trials"), "{err}");
    }
}
