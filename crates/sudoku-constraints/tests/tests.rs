//! Integration tests of sudoku-constraints: the conformance tables through the variant
//! description, and every constraint cross-checked against an independent reference (a plain
//! enumeration judged by core's direct checker) on random 4x4 and 6x6 puzzles.

mod conformance {
    use sudoku_constraints::{ConstraintPuzzle, ConstraintSolver, CountSolutions, Solver, Verdict};
    use sudoku_testing::{CASES, Expect, VARIANT_CASES};

    fn check(name: &str, puzzle: &ConstraintPuzzle, expect: &Expect) {
        let mut solver = ConstraintSolver::default();
        let verdict = solver.solve(puzzle);
        let count = solver.count_solutions(puzzle, 1001);
        match expect {
            Expect::Unique(line) => {
                let solution = verdict.solution().expect(name);
                assert_eq!(solution.to_string(), *line, "{name}");
                assert_eq!(count, 1, "{name}");
            }
            Expect::Solutions(k) => assert_eq!(count, *k, "{name}"),
            Expect::Many => assert_eq!(count, 1001, "{name}"),
            Expect::NoSolution => assert_eq!((verdict, count), (Verdict::NoSolution, 0), "{name}"),
            Expect::Clash => assert!(matches!(verdict, Verdict::Clash(_)), "{name}"),
        }
        if let Verdict::Solved(solution) = solver.solve(puzzle) {
            assert!(puzzle.is_solution(solution.cells()), "{name}");
        }
    }

    #[test]
    fn the_classic_table() {
        for case in CASES {
            check(
                case.name,
                &ConstraintPuzzle::from(&case.puzzle()),
                &case.expect,
            );
        }
    }

    #[test]
    fn the_variant_table() {
        for case in VARIANT_CASES {
            check(
                case.name,
                &ConstraintPuzzle::from(&case.puzzle()),
                &case.expect,
            );
        }
    }
}

mod limits {
    use sudoku_constraints::{
        Budget, ConstraintPuzzle, ConstraintSolver, CountSolutions, Exhausted, Solver, Verdict,
    };

    /// Boards above 16x16 are not searched: the engine gives up rather than answer wrongly.
    #[test]
    fn boards_above_sixteen_give_up_at_once() {
        let puzzle = ConstraintPuzzle::new(25).unwrap();
        let mut solver = ConstraintSolver::default();
        assert_eq!(
            solver.solve(&puzzle),
            Verdict::out_of_budget(Exhausted::Nodes(0))
        );
        let count = solver.count_solutions_within(&puzzle, 2, Budget::UNLIMITED);
        assert_eq!(count.unwrap_err().found, 0);
        assert!(!solver.true_candidates(&puzzle, 10).complete);
    }
}

mod cross_check {
    use proptest::prelude::*;
    use sudoku_constraints::{Budget, ConstraintPuzzle, ConstraintSolver, CountSolutions};
    use sudoku_testing::{random_variant, reference_constraint_solutions};

    /// The engine's solutions of `puzzle` (all, up to `limit`) equal the reference's, as sets,
    /// and its true candidates are their union.
    fn agree(puzzle: &ConstraintPuzzle, limit: usize) -> Result<(), TestCaseError> {
        let Ok(mut expected) =
            reference_constraint_solutions(puzzle, limit, Budget::nodes(3_000_000))
        else {
            return Ok(()); // too many boards to enumerate: no verdict
        };
        let mut solver = ConstraintSolver::default();
        let mut found: Vec<Vec<u8>> = solver
            .solutions(puzzle, limit)
            .iter()
            .map(|s| s.cells().to_vec())
            .collect();
        prop_assert_eq!(
            solver.count_solutions(puzzle, limit),
            expected.len().min(limit)
        );
        if expected.len() < limit {
            expected.sort();
            found.sort();
            prop_assert_eq!(&found, &expected, "{:?}", puzzle.constraints());
            let candidates = solver.true_candidates(puzzle, limit);
            prop_assert!(candidates.complete);
            let n = puzzle.size();
            for cell in 0..n * n {
                let union = expected.iter().fold(0u32, |m, s| m | 1 << (s[cell] - 1));
                prop_assert_eq!(candidates.masks[cell], union, "cell {}", cell);
            }
        }
        Ok(())
    }

    /// Regression: the rule of 45 once added up overlapping cages (a 6x6 puzzle whose random
    /// cages share cells), which cut off its solutions.
    #[test]
    fn overlapping_cages_are_not_added_up() {
        let (puzzle, board) = random_variant(2398229985034687266, 6, 11, 8, true);
        assert!(puzzle.is_solution(&board));
        agree(&puzzle, 50).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// 4x4: every board is enumerated (288 with boxes); constraints of every kind, kept
        /// whether the board meets them or not, so rules of the whole board come up too.
        #[test]
        fn every_constraint_on_4x4(seed in any::<u64>(), count in 1usize..8, givens in 0usize..3) {
            let (puzzle, _) = random_variant(seed, 4, count, givens, false);
            agree(&puzzle, 300)?;
        }

        /// 6x6 with givens: constraints read from a solved board, so the puzzle has a solution.
        #[test]
        fn every_constraint_on_6x6(seed in any::<u64>(), count in 2usize..14, givens in 8usize..16) {
            let (puzzle, board) = random_variant(seed, 6, count, givens, true);
            prop_assert!(puzzle.is_solution(&board));
            agree(&puzzle, 50)?;
        }

        /// 5x5 and 7x7 (regions are rows) and 6x6 without the board's consent.
        #[test]
        fn other_sides_and_inconsistent_rules(seed in any::<u64>(), count in 1usize..10) {
            let n = [5, 6, 7][(seed % 3) as usize];
            let (puzzle, board) = random_variant(seed, n, count, 2 * n, seed % 2 == 0);
            let _ = board;
            agree(&puzzle, 20)?;
        }
    }
}

mod published {
    use sudoku_constraints::{ConstraintPuzzle, ConstraintSolver, Solver};

    /// Real published variant puzzles with their known solutions (tests/published.jsonl, one
    /// f-puzzles JSON line each, the source in its rules text): competition booklets (WPF
    /// Sudoku GP, WSC, UK championship, Logic Masters India), videos and puzzle sites as
    /// lisudoku-solver's tests transcribe them, f-puzzles exports, setters' f-puzzles links as
    /// SudokuSolver's tests hold them, and Cracking the Cryptic puzzles whose solution the
    /// engine and CP-SAT agree on. Each is read, proven unique, solved to its known solution,
    /// and pinned with the search's effort.
    #[test]
    fn published_puzzles_have_their_known_unique_solutions() {
        let text = include_str!("published.jsonl");
        let mut solver = ConstraintSolver::default();
        let mut pinned = String::new();
        for (i, line) in text.lines().enumerate() {
            let puzzle =
                ConstraintPuzzle::read(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            let title = puzzle.title().unwrap_or("?").to_string();
            let known = puzzle.solution().expect("a known solution").to_vec();
            assert!(
                puzzle.is_solution(&known),
                "{title}: {:?}",
                puzzle.violation(&known)
            );
            let found = solver.solutions(&puzzle, 2);
            assert_eq!(found.len(), 1, "{title}: not unique");
            assert_eq!(found[0].cells(), &known[..], "{title}");
            let kinds: std::collections::BTreeSet<&str> =
                puzzle.constraints().iter().map(|c| c.name()).collect();
            let nodes = solver.stats().nodes;
            pinned.push_str(&format!(
                "{title} [{}]: {} ({nodes} nodes)\n",
                kinds.into_iter().collect::<Vec<_>>().join(", "),
                found[0]
            ));
        }
        insta::assert_snapshot!(pinned);
    }
}
