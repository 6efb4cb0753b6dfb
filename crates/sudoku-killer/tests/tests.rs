//! Integration tests of sudoku-killer: a conformance table with known answers, every
//! validation error, the text and JSON round trips, the generator, and the public krazydad set.

/// Shared helpers: an independent slow counter and the public set loader.
mod support {
    use sudoku_core::Grid;
    use sudoku_killer::KillerPuzzle;

    /// The independent killer counter of the test support (it shares nothing with the
    /// solver), on a puzzle.
    pub(crate) fn reference_count(puzzle: &KillerPuzzle, limit: usize) -> usize {
        sudoku_testing::reference_count_killer(
            puzzle.cages().iter().map(|c| (c.sum, &c.cells[..])),
            puzzle.givens(),
            limit,
        )
    }

    /// The krazydad puzzles with their solutions, or `None` (after reporting the test skipped)
    /// when the public data is absent.
    pub(crate) fn krazydad() -> Option<Vec<(String, KillerPuzzle, Grid)>> {
        let path = sudoku_testing::public_file("killer_krazydad_intermediate.jsonl")?;
        let text = std::fs::read_to_string(&path).unwrap();
        Some(
            text.lines()
                .map(|line| {
                    let v: serde_json::Value = serde_json::from_str(line).unwrap();
                    let sums: Vec<u32> = v["cage_sums"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_u64().unwrap() as u32)
                        .collect();
                    let map = v["cage_map"].as_str().unwrap();
                    let puzzle = KillerPuzzle::from_cage_map(map, &sums)
                        .unwrap_or_else(|e| panic!("{}: {e}", v["id"]));
                    let solution: Grid = v["solution"].as_str().unwrap().parse().unwrap();
                    (v["id"].as_str().unwrap().to_string(), puzzle, solution)
                })
                .collect(),
        )
    }
}

mod conformance {
    use std::time::Duration;

    use sudoku_core::{Budget, CountSolutions, Exhausted, Grid, Solver, Verdict};
    use sudoku_killer::{Cage, KillerConfig, KillerErrorKind, KillerPuzzle, KillerSolver};
    use sudoku_testing::{CASES, Expect};

    /// Killer puzzles with known unique answers (the first three of the krazydad
    /// "intermediate" books, written in the text form), one with several solutions and one
    /// with none.
    const KILLERS: &[(&str, &str, &str)] = &[
        (
            "krazydad IM1-B1-P1",
            "ABBBCDDEE AAFBCGGHI JAFKLMMHI JNNKLOOPP JJJJQQPPP JRRSTUUPP JVWSTXXYZ VVWabccYZ Vaaabddee
             A=11 B=25 C=14 D=9 E=12 F=15 G=4 H=14 I=6 J=40 K=3 L=15 M=9 N=8 O=12 P=38 Q=11 R=15
             S=13 T=6 U=4 V=17 W=7 X=13 Y=10 Z=6 a=26 b=4 c=15 d=11 e=12",
            "184652793526793184739184562653278419941365827278941356895427631412836975367519248",
        ),
        (
            "krazydad IM1-B1-P2",
            "ABBCDEEEF AGGCDHIEF JJGKLHIMF NJOKLPPMQ NOOOOOQQQ NROSTUUVQ RRWSTXYVZ aWWbcXYdZ aeebcdddZ
             A=16 B=13 C=5 D=13 E=16 F=12 G=7 H=9 I=16 J=16 K=17 L=13 M=5 N=15 O=32 P=15 Q=24
             R=12 S=8 T=5 U=7 V=13 W=16 X=14 Y=12 Z=19 a=10 b=9 c=10 d=11 e=15",
            "958271346712364985364985721471859632523647198689132574135728469247596813896413257",
        ),
        (
            "krazydad IM1-B1-P3",
            "AABCCCDEE FBBGCHDDI FJJGKHLLI MMNNKOOPP QRRSKTUUV QWRSXTUYV ZWRSXTUYa Zbccdeefa bbdddddff
             A=15 B=8 C=16 D=23 E=7 F=10 G=5 H=16 I=9 J=12 K=19 L=6 M=4 N=12 O=14 P=13 Q=14 R=23
             S=18 T=11 U=13 V=8 W=10 X=6 Y=10 Z=10 a=7 b=8 c=14 d=34 e=6 f=24",
            "871265934425139867693487152137528649584796213962314785749851326358672491216943578",
        ),
    ];

    /// The default settings and each rule switched off, which must all give the same answers.
    fn configs() -> [KillerConfig; 4] {
        let default = KillerConfig::default();
        [
            default,
            KillerConfig {
                rule_45: false,
                ..default
            },
            KillerConfig {
                exact_cages: false,
                ..default
            },
            KillerConfig {
                max_45_cells: 9,
                ..default
            },
        ]
    }

    fn text_puzzle(text: &str) -> KillerPuzzle {
        // The table writes each map row as a word; the parser takes 81 letters over any lines.
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn known_killers_are_solved_and_unique() {
        for &(name, text, answer) in KILLERS {
            let puzzle = text_puzzle(text);
            let answer: Grid = answer.parse().unwrap();
            for config in configs() {
                let mut solver = KillerSolver::new(config);
                assert_eq!(solver.solve(&puzzle), Verdict::Solved(answer), "{name}");
                assert!(solver.stats().nodes >= 1);
                assert_eq!(solver.count_solutions(&puzzle, 2), 1, "{name}");
                assert!(solver.is_unique(&puzzle), "{name}");
                assert_eq!(solver.count_solutions(&puzzle, 0), 0);
            }
        }
    }

    /// Nine row cages of 45 say nothing beyond Sudoku itself, so with givens a killer
    /// puzzle is a classic one: the whole classic conformance table runs through the killer
    /// solver.
    fn classic(givens: Grid) -> Result<KillerPuzzle, sudoku_killer::KillerError> {
        let rows = (0..9)
            .map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c)))
            .collect();
        KillerPuzzle::new(rows, Some(givens))
    }

    #[test]
    fn classic_conformance_table_through_row_cages() {
        let mut solver = KillerSolver::default();
        for case in CASES {
            let grid = case.puzzle();
            let puzzle = classic(grid);
            match case.expect {
                Expect::Clash => {
                    let err = puzzle.expect_err(case.name);
                    assert!(
                        matches!(err.kind(), KillerErrorKind::GivensClash(_)),
                        "{}: {err}",
                        case.name
                    );
                }
                Expect::Unique(answer) => {
                    let puzzle = puzzle.unwrap();
                    let answer: Grid = answer.parse().unwrap();
                    assert_eq!(
                        solver.solve(&puzzle),
                        Verdict::Solved(answer),
                        "{}",
                        case.name
                    );
                    assert_eq!(solver.count_solutions(&puzzle, 2), 1, "{}", case.name);
                }
                Expect::Solutions(n) => {
                    let puzzle = puzzle.unwrap();
                    let solution = solver.solve(&puzzle).solution().expect(case.name);
                    assert!(solution.solves(&grid) && puzzle.is_solution(&solution));
                    assert_eq!(solver.count_solutions(&puzzle, n + 5), n, "{}", case.name);
                    assert_eq!(solver.count_solutions(&puzzle, n - 1), n - 1);
                }
                Expect::Many => {
                    let puzzle = puzzle.unwrap();
                    assert!(solver.solve(&puzzle).is_solved(), "{}", case.name);
                    assert_eq!(solver.count_solutions(&puzzle, 1001), 1001, "{}", case.name);
                }
                Expect::NoSolution => {
                    let puzzle = puzzle.unwrap();
                    assert_eq!(solver.solve(&puzzle), Verdict::NoSolution, "{}", case.name);
                    assert_eq!(solver.count_solutions(&puzzle, 2), 0, "{}", case.name);
                }
            }
        }
    }

    /// Swapping two sums of a unique puzzle keeps it valid (same total) but, here, leaves it
    /// without a solution; the independent counter agrees once a few givens are added.
    #[test]
    fn swapped_sums_have_no_solution() {
        let puzzle = text_puzzle(KILLERS[0].1);
        let mut cages = puzzle.cages().to_vec();
        // Cages A (11, 3 cells) and B (25, 4 cells): 25 in three cells and 11 in four are
        // both reachable.
        let (a, b) = (cages[0].sum, cages[1].sum);
        cages[0].sum = b;
        cages[1].sum = a;
        let swapped = KillerPuzzle::new(cages, None).unwrap();
        let mut solver = KillerSolver::default();
        assert_eq!(solver.solve(&swapped), Verdict::NoSolution);
        assert_eq!(solver.count_solutions(&swapped, 2), 0);
    }

    /// A budget large enough changes nothing; one too small gives up, never a wrong answer.
    #[test]
    fn solve_within_a_budget_answers_or_gives_up() {
        let mut solver = KillerSolver::default();
        for (name, text, solution) in KILLERS {
            let puzzle = text_puzzle(text);
            let solution: Grid = solution.parse().unwrap();
            assert_eq!(
                solver.solve_within(&puzzle, Budget::nodes(10_000)),
                Verdict::Solved(solution),
                "{name}"
            );
        }
        let rows = (0..9)
            .map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c)))
            .collect();
        let open = KillerPuzzle::new(rows, None).unwrap();
        // Giving up means the same as in every solver: what ran out, no partial grid.
        assert_eq!(
            solver.solve_within(&open, Budget::nodes(0)),
            Verdict::out_of_budget(Exhausted::Nodes(0))
        );
        assert_eq!(
            solver.solve_within(&open, Budget::time(Duration::ZERO)),
            Verdict::out_of_budget(Exhausted::Time(Duration::ZERO))
        );
        // A count cut short says how many solutions it had found.
        let counted = solver.count_solutions_within(&open, 1000, Budget::nodes(200));
        let unsettled = counted.expect_err("thousands of grids fit nine row cages");
        assert_eq!(unsettled.exhausted, Exhausted::Nodes(200));
        assert!(unsettled.found > 0);
        let puzzle = text_puzzle(KILLERS[0].1);
        let mut cages = puzzle.cages().to_vec();
        (cages[0].sum, cages[1].sum) = (cages[1].sum, cages[0].sum);
        let swapped = KillerPuzzle::new(cages, None).unwrap();
        assert_eq!(
            solver.solve_within(&swapped, Budget::nodes(10_000)),
            Verdict::NoSolution
        );
        // Issue 34, item 6: cancelled from another thread, a count of every grid of nine row
        // cages ends.
        let counted = sudoku_testing::cancel_during(|budget| {
            solver.count_solutions_within(&open, usize::MAX, budget)
        });
        assert_eq!(counted.map_err(|u| u.exhausted), Err(Exhausted::Cancelled));
    }

    /// Seeded random cages over random grids, with some of the solution given, counted by the
    /// solver and by the slow independent counter. Three mixes of cage sizes, so that every
    /// form of the cage rule runs (two and three cells in closed form, four to nine cells on
    /// sets of digit sets of one to eight words), with every setting.
    #[test]
    fn counts_agree_with_an_independent_counter() {
        let mixes = [
            sudoku_killer::GeneratorConfig::default(),
            // Mostly pairs and triples.
            sudoku_killer::GeneratorConfig {
                cage_sizes: [0, 6, 4, 1, 0, 0, 0, 0, 0],
                ..Default::default()
            },
            // Mostly large cages (merged pairwise below: up to nine cells).
            sudoku_killer::GeneratorConfig {
                cage_sizes: [0, 0, 1, 2, 3, 3, 2, 0, 0],
                check_nodes: 200,
                ..Default::default()
            },
        ];
        let mut several = 0;
        for (mix, config) in mixes.iter().enumerate() {
            for seed in 0..20u64 {
                several += usize::from(count_cross_check(seed, config, mix));
            }
        }
        eprintln!("{several} puzzles of 60 had several solutions");
    }

    /// One puzzle of [`counts_agree_with_an_independent_counter`]: whether it has several
    /// solutions.
    fn count_cross_check(seed: u64, config: &sudoku_killer::GeneratorConfig, mix: usize) -> bool {
        use rand::RngExt;
        let mut solver = KillerSolver::default();
        let made = sudoku_killer::KillerGenerator::new(*config).generate(seed);
        let solution = made.solution;
        // Merge neighbouring cages pairwise (keeping digits different): less information,
        // so often several solutions.
        let mut cages: Vec<Cage> = made.puzzle.cages().to_vec();
        let mut k = 0;
        while k < cages.len() {
            let touching = |a: &Cage, b: &Cage| {
                a.cells.iter().any(|&x| {
                    b.cells
                        .iter()
                        .any(|&y| (x / 9 == y / 9 && x.abs_diff(y) == 1) || x.abs_diff(y) == 9)
                })
            };
            let partner = (k + 1..cages.len()).find(|&j| {
                let digits = cages[k]
                    .cells
                    .iter()
                    .chain(&cages[j].cells)
                    .map(|&c| solution[c]);
                let mut seen = 0u16;
                let distinct = digits.clone().all(|d| {
                    let fresh = seen & (1 << d) == 0;
                    seen |= 1 << d;
                    fresh
                });
                distinct && digits.count() <= 9 && touching(&cages[k], &cages[j])
            });
            if let Some(j) = partner {
                let other = cages.remove(j);
                cages[k].sum += other.sum;
                cages[k].cells.extend(other.cells);
            }
            k += 1;
        }
        let mut rng = sudoku_core::seeded_rng(seed);
        let mut givens = Grid::EMPTY;
        for _ in 0..25 {
            let cell = rng.random_range(..81usize);
            givens.set(cell, solution[cell]);
        }
        let puzzle = KillerPuzzle::new(cages, Some(givens)).unwrap();
        let expected = super::support::reference_count(&puzzle, 5);
        assert!(expected >= 1, "the grid itself solves it");
        for config in configs() {
            let mut other = KillerSolver::new(config);
            assert_eq!(
                other.count_solutions(&puzzle, 5),
                expected,
                "mix {mix} seed {seed} {config:?}"
            );
        }
        let found = solver.solve(&puzzle).solution().unwrap();
        assert!(puzzle.is_solution(&found));
        expected > 1
    }

    /// Cages of two horizontally adjacent cells (a lone cell at each row's end) summed from a
    /// solved grid: the solver counts as the independent counter does, with no givens, with
    /// every cell given, and with a wrong first given.
    #[test]
    fn pair_cages_count_as_the_independent_counter() {
        let grid: Grid =
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
                .parse()
                .unwrap();
        let mut cages = Vec::new();
        for row in 0..9 {
            for start in (0..8).step_by(2) {
                let cells = [row * 9 + start, row * 9 + start + 1];
                let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
                cages.push(Cage::new(sum, cells));
            }
            let cell = row * 9 + 8;
            cages.push(Cage::new(u32::from(grid[cell]), [cell]));
        }
        let puzzle = KillerPuzzle::new(cages, None).unwrap();
        let mut solver = KillerSolver::default();
        let count = super::support::reference_count(&puzzle, 2);
        assert!(count >= 1);
        assert_eq!(count, solver.solutions(&puzzle, 2).len());
        let with_all = puzzle.with_givens(Some(grid)).unwrap();
        assert_eq!(super::support::reference_count(&with_all, 2), 1);
        let mut wrong = Grid::EMPTY;
        wrong.set(0, grid[0] % 9 + 1);
        if let Ok(bad) = puzzle.with_givens(Some(wrong)) {
            assert_eq!(
                super::support::reference_count(&bad, 2),
                solver.solutions(&bad, 2).len()
            );
        }
    }

    /// The bundled puzzles with a third of their solution given (the independent search on a
    /// bare hard puzzle takes seconds): one solution; with two givens of a row swapped, the
    /// counts of the solver and of the independent counter agree.
    #[test]
    fn bundled_killer_puzzles_with_givens() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchdata/killer.jsonl"),
        )
        .unwrap();
        let mut solver = KillerSolver::default();
        let mut seen = 0;
        for record in sudoku_killer::KillerReader::new(text.as_bytes()).take(10) {
            let record = record.unwrap();
            let solution = record.solution.expect("the bundled set gives solutions");
            let mut givens = Grid::EMPTY;
            for cell in (0..81).step_by(3) {
                givens.set(cell, solution[cell]);
            }
            let puzzle = record.puzzle.with_givens(Some(givens)).unwrap();
            assert_eq!(super::support::reference_count(&puzzle, 2), 1);
            let (a, b) = (givens[0], givens[3]);
            givens.set(0, b);
            givens.set(3, a);
            if let Ok(puzzle) = record.puzzle.with_givens(Some(givens)) {
                assert_eq!(
                    super::support::reference_count(&puzzle, 2),
                    solver.solutions(&puzzle, 2).len()
                );
            }
            seen += 1;
        }
        assert_eq!(seen, 10);
    }

    #[test]
    fn solutions_and_node_counts_snapshot() {
        let mut solver = KillerSolver::default();
        let mut text = String::new();
        for &(name, body, _) in KILLERS {
            let puzzle = text_puzzle(body);
            let count = solver.count_solutions(&puzzle, 2);
            let stats = solver.stats();
            let solution = solver.solve(&puzzle).solution().unwrap();
            text.push_str(&format!(
                "{name}: {count} solution(s), nodes {}, guesses {}\n{solution:#}\n",
                stats.nodes, stats.guesses
            ));
        }
        insta::assert_snapshot!(text);
    }
}

mod validation {
    use sudoku_core::Grid;
    use sudoku_killer::{Cage, KillerErrorKind, KillerPuzzle};

    fn rows() -> Vec<Cage> {
        (0..9)
            .map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c)))
            .collect()
    }

    const MAP: &str = "AAAAAAAAA\nBBBBBBBBB\nCCCCCCCCC\nDDDDDDDDD\nEEEEEEEEE\nFFFFFFFFF\nGGGGGGGGG\nHHHHHHHHH\nIIIIIIIII\n";
    const SUMS: &str = "A=45 B=45 C=45 D=45 E=45 F=45 G=45 H=45 I=45\n";

    /// Every kind of defect, its kind and its message.
    #[test]
    fn every_error_names_what_and_where() {
        let mut report = String::new();
        let mut note = |label: &str, result: Result<KillerPuzzle, sudoku_killer::KillerError>| {
            let err = result.expect_err(label);
            report.push_str(&format!("{label}: {err}\n"));
            err
        };

        // A cell in two cages.
        let mut cages = rows();
        cages[1].cells[0] = 0;
        let err = note("cell in two cages", KillerPuzzle::new(cages, None));
        assert_eq!(
            err.kind(),
            &KillerErrorKind::CellInTwoCages {
                cell: 0,
                first: 0,
                second: 1
            }
        );
        // A cell listed twice in one cage.
        let mut cages = rows();
        cages[0].cells[8] = 3;
        note("cell listed twice", KillerPuzzle::new(cages, None));
        // A cell in no cage.
        let mut cages = rows();
        cages[4].cells.retain(|&c| c != 40);
        cages[4].sum = 40;
        let err = note("cell in no cage", KillerPuzzle::new(cages, None));
        assert_eq!(err.kind(), &KillerErrorKind::CellInNoCage { cell: 40 });
        // A cage that is not connected (row 1 without r1c2, which is a cage of its own).
        let mut cages = rows();
        cages[0] = Cage::new(40, [0, 2, 3, 4, 5, 6, 7, 8]);
        cages.push(Cage::new(5, [1]));
        let err = note("cage not connected", KillerPuzzle::new(cages, None));
        assert_eq!(
            err.kind(),
            &KillerErrorKind::CageNotConnected { cage: 0, cell: 2 }
        );
        // A cage of 0 cells and one of 10.
        let mut cages = rows();
        cages.push(Cage::new(0, []));
        let err = note("empty cage", KillerPuzzle::new(cages, None));
        assert_eq!(err.kind(), &KillerErrorKind::CageSize { cage: 9, size: 0 });
        let mut cages = rows();
        let moved = cages[1].cells.remove(0);
        cages[0].cells.push(moved);
        let err = note("cage of 10 cells", KillerPuzzle::new(cages, None));
        assert_eq!(err.kind(), &KillerErrorKind::CageSize { cage: 0, size: 10 });
        // Unreachable sums: 2 cells to 2 and to 18, 1 cell to 10.
        for (sum, label) in [(2, "2 cells summing to 2"), (18, "2 cells summing to 18")] {
            let mut cages = rows();
            cages[0] = Cage::new(sum, [0, 1]);
            cages.push(Cage::new(45 - sum, 2..9));
            let err = note(label, KillerPuzzle::new(cages, None));
            assert_eq!(
                err.kind(),
                &KillerErrorKind::UnreachableSum {
                    cage: 0,
                    size: 2,
                    sum
                }
            );
        }
        let mut cages = rows();
        cages[0] = Cage::new(10, [0]);
        cages.push(Cage::new(35, 1..9));
        note("1 cell summing to 10", KillerPuzzle::new(cages, None));
        // Sums not adding up to 405.
        let mut cages = rows();
        cages[0] = Cage::new(3, [0, 1]);
        cages.push(Cage::new(41, 2..9));
        let err = note("total not 405", KillerPuzzle::new(cages, None));
        assert_eq!(err.kind(), &KillerErrorKind::TotalSum { total: 404 });
        // A cell outside the board.
        let mut cages = rows();
        cages[8].cells.pop();
        cages[8].cells.push(81);
        note("cell outside the board", KillerPuzzle::new(cages, None));
        // Givens that clash, and givens that break a cage.
        let clash: Grid = format!("5...5{}", ".".repeat(76)).parse().unwrap();
        let err = note("givens clash", KillerPuzzle::new(rows(), Some(clash)));
        assert!(matches!(err.kind(), KillerErrorKind::GivensClash(_)));
        let mut cages = rows();
        cages[0] = Cage::new(3, [0, 1]);
        cages.push(Cage::new(42, 2..9));
        let breaking: Grid = format!("3{}", ".".repeat(80)).parse().unwrap();
        let err = note(
            "given breaks a cage",
            KillerPuzzle::new(cages, Some(breaking)),
        );
        assert_eq!(
            err.kind(),
            &KillerErrorKind::GivenBreaksCage { cage: 0, cell: 0 }
        );

        // Text form: malformed files with line and column.
        let text = |s: &str| s.parse::<KillerPuzzle>();
        note("text: short map", text("AAAA\n"));
        note(
            "text: long map line",
            text(&format!("{}AAAAAAAAAA\n{SUMS}", &MAP[..80])),
        );
        note("text: bad sum token", text(&format!("{MAP}A=45 B=4x\n")));
        note(
            "text: sum for unknown cage",
            text(&format!("{MAP}{SUMS}Z=3\n")),
        );
        note("text: two sums", text(&format!("{MAP}{SUMS}A=3\n")));
        let err = note("text: missing sum", text(&format!("{MAP}A=45 B=45\n")));
        assert_eq!(err.kind(), &KillerErrorKind::MissingSum { label: 'C' });
        note(
            "text: bad givens",
            text(&format!("{MAP}{SUMS}givens: 12x\n")),
        );
        note(
            "text: named cage with bad sum",
            text(&format!(
                "{MAP}A=2 B=88 C=45 D=45 E=45 F=45 G=45 H=45 I=45\n"
            )),
        );
        let err = text(&format!("{MAP}A=45 B=4x\n")).unwrap_err();
        assert!(matches!(
            err.kind(),
            KillerErrorKind::Syntax {
                line: 10,
                column: 6,
                ..
            }
        ));

        // JSON: malformed documents.
        let json = |s: &str| KillerPuzzle::from_json(s);
        let err = note("json: syntax", json("{ \"cages\": [ }"));
        assert!(matches!(
            err.kind(),
            KillerErrorKind::Syntax { line: 1, .. }
        ));
        note("json: no cages", json("{}"));
        note(
            "json: bad cell",
            json(r#"{"cages": [{"sum": 3, "cells": [[0]]}]}"#),
        );
        note(
            "json: cell off the board",
            json(r#"{"cages": [{"sum": 3, "cells": [[0,9]]}]}"#),
        );
        note("json: bad givens", json(r#"{"cages": [], "givens": 5}"#));
        note(
            "json: cell in no cage",
            json(r#"{"cages": [], "givens": null}"#),
        );

        insta::assert_snapshot!(report);
    }
}

mod formats {
    use sudoku_core::Grid;
    use sudoku_killer::{GeneratorConfig, KillerEntry, KillerGenerator, KillerPuzzle};

    /// One family: what the generator's users write (one line, with the solution) and the
    /// krazydad cage-map form both read back, through the puzzle and the entry readers.
    #[test]
    fn the_json_family_reads_back_in_every_form() {
        for seed in 0..12 {
            let config = GeneratorConfig {
                givens: seed % 3 == 0,
                ..GeneratorConfig::default()
            };
            let made = KillerGenerator::new(config).generate(seed);
            let entry = KillerEntry::new(made.puzzle.clone(), Some(made.solution));
            let line = entry.to_json();
            assert!(!line.contains('\n'));
            assert_eq!(KillerEntry::from_json(&line).unwrap(), entry);
            assert_eq!(KillerPuzzle::from_json(&line).unwrap(), made.puzzle);
            assert_eq!(
                KillerPuzzle::from_json(&made.puzzle.to_json_line()).unwrap(),
                made.puzzle
            );
            let givens = match made.puzzle.givens() {
                Some(grid) => format!("\"{grid}\""),
                None => "null".into(),
            };
            let map_form = format!(
                r#"{{"cage_map":"{}","cage_sums":{:?},"givens":{givens},"solution":"{}","id":"KD-7"}}"#,
                made.puzzle.cage_map(),
                made.puzzle.cage_sums(),
                made.solution
            );
            let back = KillerEntry::from_json(&map_form).unwrap();
            assert_eq!(back.puzzle.cages(), made.puzzle.cages(), "{map_form}");
            assert_eq!(back.puzzle.givens(), made.puzzle.givens());
            assert_eq!(back.solution, Some(made.solution));
        }
    }

    #[test]
    fn json_family_errors_name_the_field() {
        let made = KillerGenerator::default().generate(1);
        let line = KillerEntry::new(made.puzzle.clone(), None).to_json();
        let bad_solution = line.replace("\"givens\":null", "\"givens\":null,\"solution\":\"12x\"");
        let err = KillerEntry::from_json(&bad_solution)
            .unwrap_err()
            .to_string();
        assert!(err.contains("\"solution\": line 1, column 3"), "{err}");
        let err = KillerPuzzle::from_json(r#"{"cage_map":"AB"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("\"cage_map\" without \"cage_sums\""), "{err}");
        let err = KillerPuzzle::from_json(r#"{"solution":null}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing \"cages\""), "{err}");
    }

    /// Issue 34, item 10: `"sum": -5` said "must be a whole number", which -5 is.
    #[test]
    fn a_bad_sum_says_what_is_wrong_with_it() {
        let line = KillerGenerator::default().generate(1).puzzle.to_json_line();
        let start = line.find("\"sum\":").expect("a sum") + 6;
        let end = start + line[start..].find(',').expect("cells follow");
        for (value, message) in [
            (
                "-5",
                "cage 1: \"sum\": -5 is negative; a sum is a whole number, 1 or more",
            ),
            ("2.5", "cage 1: \"sum\": 2.5 is not a whole number"),
            ("\"7\"", "cage 1: \"sum\": \"7\" is not a number"),
        ] {
            let text = format!("{}{value}{}", &line[..start], &line[end..]);
            let err = KillerPuzzle::from_json(&text).unwrap_err().to_string();
            assert_eq!(err, message);
        }
        let err = KillerPuzzle::from_json(r#"{"cage_map":"AB","cage_sums":[3,-1]}"#)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "cage sum 2: -1 is negative; a sum is a whole number, 1 or more"
        );
    }

    /// Issue 34, item 9: keys the format does not know were ignored.
    #[test]
    fn unknown_keys_are_errors_that_name_the_nearest_key() {
        let made = KillerGenerator::default().generate(1);
        let line = made.puzzle.to_json_line();
        let error = |from: &str, to: &str| {
            let text = line.replacen(from, to, 1);
            assert_ne!(text, line);
            KillerPuzzle::from_json(&text).unwrap_err().to_string()
        };
        assert_eq!(
            error("\"givens\"", "\"given\""),
            r#"unknown key "given" (did you mean "givens"?)"#
        );
        assert_eq!(
            error("\"sum\"", "\"Sum\""),
            r#"cage 1: unknown key "Sum" (did you mean "sum"?)"#
        );
        assert_eq!(
            error("\"givens\"", "\"difficulty\""),
            r#"unknown key "difficulty" (the keys are cages, cage_map, cage_sums, givens, solution, id)"#
        );
        let err = KillerPuzzle::from_json(r#"{"expect":"unique"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with(r#"unknown key "expect""#), "{err}");
    }

    #[test]
    fn text_and_json_round_trip_on_generated_puzzles() {
        for seed in 0..30 {
            let config = GeneratorConfig {
                givens: seed % 3 == 0,
                ..GeneratorConfig::default()
            };
            let puzzle = KillerGenerator::new(config).generate(seed).puzzle;
            let text = puzzle.to_string();
            assert_eq!(text.parse::<KillerPuzzle>().unwrap(), puzzle, "{text}");
            let json = puzzle.to_json();
            assert_eq!(KillerPuzzle::from_json(&json).unwrap(), puzzle, "{json}");
            let back =
                KillerPuzzle::from_cage_map(&puzzle.cage_map(), &puzzle.cage_sums()).unwrap();
            assert_eq!(back.cages(), puzzle.cages());
        }
    }

    #[test]
    fn every_cage_letter_round_trips_with_81_single_cells() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let cages = (0..81)
            .map(|c| sudoku_killer::Cage::new(u32::from(solution[c]), [c]))
            .collect();
        let puzzle = KillerPuzzle::new(cages, None).unwrap();
        let text = puzzle.to_string();
        assert_eq!(text.parse::<KillerPuzzle>().unwrap(), puzzle);
        assert_eq!(KillerPuzzle::from_json(&puzzle.to_json()).unwrap(), puzzle);
    }

    #[test]
    fn text_form_accepts_comments_commas_and_one_line_maps() {
        let map =
            "AAAAAAAAABBBBBBBBBCCCCCCCCCDDDDDDDDDEEEEEEEEEFFFFFFFFFGGGGGGGGGHHHHHHHHHIIIIIIIII";
        let text = format!(
            "# nine rows\n\n{map}\nA=45, B=45,C=45\n\nD=45 E=45 F=45 G=45 H=45 I=45\ngivens: 1{}\n",
            ".".repeat(80)
        );
        let puzzle: KillerPuzzle = text.parse().unwrap();
        assert_eq!(puzzle.cage_map(), map);
        assert_eq!(puzzle.givens().unwrap()[0], 1);
        insta::assert_snapshot!(puzzle.to_string());
        insta::assert_snapshot!("json_form", puzzle.to_json());
    }

    /// Random damage to valid texts and JSON documents gives an error or a valid puzzle,
    /// never a panic; whatever parses is valid and round-trips.
    #[test]
    fn mutated_input_never_panics() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(11);
        let alphabet: Vec<char> = "AB=, \n#019[]{}\":.-x".chars().collect();
        for seed in 0..20 {
            let puzzle = KillerGenerator::default().generate(seed).puzzle;
            for original in [puzzle.to_string(), puzzle.to_json()] {
                for _ in 0..50 {
                    let mut chars: Vec<char> = original.chars().collect();
                    for _ in 0..1 + rng.random_range(..3usize) {
                        let at = rng.random_range(..chars.len());
                        match rng.random_range(..3usize) {
                            0 => {
                                chars.remove(at);
                            }
                            1 => chars.insert(at, alphabet[rng.random_range(..alphabet.len())]),
                            _ => chars[at] = alphabet[rng.random_range(..alphabet.len())],
                        }
                    }
                    let text: String = chars.into_iter().collect();
                    let parsed = if text.starts_with('{') {
                        KillerPuzzle::from_json(&text)
                    } else {
                        text.parse()
                    };
                    if let Ok(p) = parsed {
                        assert_eq!(p.to_string().parse::<KillerPuzzle>().unwrap(), p);
                    }
                }
            }
        }
    }

    /// Every public krazydad puzzle reads, writes and reads back in both forms.
    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn round_trips_on_every_krazydad_puzzle() {
        let Some(set) = super::support::krazydad() else {
            return;
        };
        for (id, puzzle, _) in &set {
            let text = puzzle.to_string();
            assert_eq!(&text.parse::<KillerPuzzle>().unwrap(), puzzle, "{id}");
            assert_eq!(
                &KillerPuzzle::from_json(&puzzle.to_json()).unwrap(),
                puzzle,
                "{id}"
            );
        }
    }
}

mod generator {
    use sudoku_core::{CountSolutions, Solver};
    use sudoku_killer::{GeneratorConfig, KillerGenerator, KillerSolver};

    fn check(seeds: std::ops::Range<u64>, config: &GeneratorConfig) {
        let mut solver = KillerSolver::default();
        for seed in seeds {
            let made = KillerGenerator::new(*config).generate(seed);
            assert!(made.puzzle.is_solution(&made.solution), "seed {seed}");
            assert_eq!(solver.count_solutions(&made.puzzle, 2), 1, "seed {seed}");
            assert_eq!(solver.stats(), made.difficulty, "seed {seed}");
            if !config.givens {
                assert!(made.puzzle.givens().is_none(), "seed {seed}: pure killer");
            }
            let max = (1..=9)
                .rev()
                .find(|&s| config.cage_sizes[s - 1] > 0)
                .unwrap();
            assert!(
                made.puzzle.cages().iter().all(|c| c.cells.len() <= max),
                "seed {seed}"
            );
            assert_eq!(solver.solve(&made.puzzle).solution(), Some(made.solution));
        }
    }

    #[test]
    fn generated_puzzles_are_unique_and_repeat() {
        check(0..25, &GeneratorConfig::default());
        assert_eq!(
            KillerGenerator::default().generate(5),
            KillerGenerator::default().generate(5)
        );
        assert_ne!(
            KillerGenerator::default().generate(5).puzzle,
            KillerGenerator::default().generate(6).puzzle
        );
    }

    #[test]
    fn other_settings_make_unique_puzzles_too() {
        check(
            0..10,
            &GeneratorConfig {
                cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
                ..GeneratorConfig::default()
            },
        );
        check(
            0..10,
            &GeneratorConfig {
                givens: true,
                merge: false,
                ..GeneratorConfig::default()
            },
        );
        check(
            0..10,
            &GeneratorConfig {
                cage_sizes: [1, 1, 1, 0, 0, 0, 0, 0, 0],
                merge: false,
                ..GeneratorConfig::default()
            },
        );
    }

    #[test]
    #[ignore = "a thousand generated puzzles; cargo xtask ci runs them in release"]
    fn a_thousand_seeds_give_unique_puzzles() {
        check(0..1000, &GeneratorConfig::default());
    }
}

mod public {
    use sudoku_core::CountSolutions;
    use sudoku_killer::KillerSolver;

    /// All 8,000 krazydad puzzles: the answer equals the file's and is unique.
    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn every_krazydad_puzzle_is_solved_and_unique() {
        let Some(set) = super::support::krazydad() else {
            return;
        };
        assert_eq!(set.len(), 8000);
        let mut solver = KillerSolver::default();
        for (id, puzzle, solution) in &set {
            let found = solver.solutions(puzzle, 2);
            let count = found.len();
            assert_eq!(found.first(), Some(solution), "{id}");
            assert_eq!(count, 1, "{id} is not unique");
            assert_eq!(solver.count_solutions(puzzle, 2), 1);
        }
        // The independent counter agrees on the first 50.
        for (id, puzzle, _) in set.iter().take(50) {
            assert_eq!(super::support::reference_count(puzzle, 2), 1, "{id}");
        }
    }
}

/// Odd settings of the generator end with a puzzle, never a panic or an endless loop.
mod odd_settings {
    use sudoku_core::CountSolutions;
    use sudoku_killer::{GeneratorConfig, KillerGenerator, KillerSolver};

    #[test]
    fn any_budget_and_any_weights_make_a_unique_puzzle() {
        let configs = [
            GeneratorConfig {
                check_nodes: 0,
                ..GeneratorConfig::default()
            },
            GeneratorConfig {
                check_nodes: 1,
                givens: true,
                ..GeneratorConfig::default()
            },
            GeneratorConfig {
                cage_sizes: [u32::MAX; 9],
                ..GeneratorConfig::default()
            },
            GeneratorConfig {
                cage_sizes: [0; 9],
                merge: false,
                ..GeneratorConfig::default()
            },
        ];
        for (i, config) in configs.iter().enumerate() {
            let made = KillerGenerator::new(*config).generate(i as u64);
            assert!(made.puzzle.is_solution(&made.solution), "{config:?}");
            assert_eq!(
                KillerSolver::default().count_solutions(&made.puzzle, 2),
                1,
                "{config:?}"
            );
        }
    }
}

/// Issue 35: the generator takes a budget of nodes and time for the whole call, and honours
/// both; issue 34, item 6: a cancel flag stops it.
mod generator_budgets {
    use std::time::Duration;

    use sudoku_killer::{Budget, Exhausted, GeneratorConfig, KillerGenerator};

    #[test]
    fn a_budget_bounds_the_whole_call_and_changes_no_puzzle_it_allows() {
        let hard = GeneratorConfig {
            cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
            check_nodes: 200,
            ..GeneratorConfig::default()
        };
        let mut generator = KillerGenerator::new(hard);
        for seed in 0..4 {
            let free = generator.generate_indexed(seed, 1);
            let ample = generator.generate_indexed_within(seed, 1, Budget::nodes(1 << 40));
            assert_eq!(ample.as_ref(), Ok(&free));
            for nodes in [0, 7, 300] {
                assert_eq!(
                    generator.generate_indexed_within(seed, 1, Budget::nodes(nodes)),
                    Err(Exhausted::Nodes(nodes))
                );
            }
        }
        assert_eq!(
            generator.generate_indexed_within(0, 0, Budget::time(Duration::ZERO)),
            Err(Exhausted::Time(Duration::ZERO))
        );
        let cancelled = sudoku_testing::cancelled_budget();
        assert_eq!(
            generator.generate_indexed_within(0, 0, cancelled),
            Err(Exhausted::Cancelled)
        );
    }
}
