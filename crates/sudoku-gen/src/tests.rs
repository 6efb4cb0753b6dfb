//! Unit tests of the classic generator.

use super::*;

fn minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let mut solver = MrvSolver::default();
    (0..81).filter(|&c| puzzle[c] != 0).all(|c| {
        let mut less = *puzzle;
        for o in symmetry.orbit(c).unwrap().cells() {
            less.set(o, 0);
        }
        solver.count_solutions(&less, 2) == 2
    })
}

#[test]
fn orbits_have_the_right_sizes() {
    let cells = |s: Symmetry, c: usize| s.orbit(c).unwrap().cells().collect::<Vec<_>>();
    assert_eq!(cells(Symmetry::None, 3), vec![3]);
    assert_eq!(cells(Symmetry::Rotate180, 40), vec![40]);
    assert_eq!(cells(Symmetry::Rotate180, 0), vec![0, 80]);
    assert_eq!(cells(Symmetry::Rotate90, 0), vec![0, 8, 80, 72]);
    assert_eq!(cells(Symmetry::Mirror, 4), vec![4]);
    assert_eq!(cells(Symmetry::Diagonal, 1), vec![1, 9]);
}

#[test]
fn generated_puzzles_are_unique_minimal_and_symmetric() {
    for symmetry in Symmetry::ALL {
        let mut generator = Generator::new(GenConfig {
            symmetry,
            ..GenConfig::default()
        })
        .unwrap();
        for seed in 0..6 {
            let made = generator.generate(seed).unwrap();
            assert!(made.solution.solves(&made.puzzle));
            assert_eq!(sudoku_testing::reference_count(&made.puzzle, 2), 1);
            assert!(symmetry.holds(&made.puzzle), "{symmetry:?} {}", made.puzzle);
            assert!(
                minimal(&made.puzzle, symmetry),
                "{symmetry:?} {}",
                made.puzzle
            );
            if symmetry == Symmetry::None {
                // Minimal in the strict sense: any single clue removed gives 2+ solutions.
                assert!(minimal(&made.puzzle, Symmetry::None));
            }
        }
    }
}

/// Every set the generator treats as unavoidable is one: blanking it alone in its solved
/// grid leaves two solutions or more (by the core's reference counter).
#[test]
fn unavoidable_sets_are_unavoidable() {
    let mut sets = Vec::new();
    for seed in 0..40 {
        let solution = sudoku_testing::random_solved_grid(seed);
        unavoidable_sets(&solution, &mut sets);
        // Each of the 18 pairs of rows in a band or columns in a stack has a cycle.
        assert!(sets.len() >= 18, "{solution}");
        for &set in &sets {
            let mut puzzle = solution;
            for cell in (0..81).filter(|&c| set >> c & 1 == 1) {
                puzzle.set(cell, 0);
            }
            assert_eq!(sudoku_testing::reference_count(&puzzle, 2), 2, "{puzzle}");
        }
    }
}

#[test]
fn target_clues_stop_removal_early() {
    let mut generator = Generator::new(GenConfig {
        target_clues: Some(40),
        ..GenConfig::default()
    })
    .unwrap();
    let made = generator.generate(7).unwrap();
    assert_eq!(made.puzzle.filled(), 40);
    assert_eq!(sudoku_testing::reference_count(&made.puzzle, 2), 1);
}

#[test]
fn clue_counts_below_the_usual_minimum_are_made_by_retrying() {
    // Minimal puzzles have 22 to 28 clues without symmetry (22 in about 3 in 100), 24 to
    // 33 with a half-turn symmetry.
    for (symmetry, clues) in [(Symmetry::None, 22), (Symmetry::Rotate180, 24)] {
        let mut generator = Generator::new(GenConfig {
            target_clues: Some(clues),
            symmetry,
            ..GenConfig::default()
        })
        .unwrap();
        for seed in 0..3 {
            let made = generator.generate(seed).unwrap();
            assert_eq!(made.puzzle.filled(), clues, "{symmetry:?}");
            assert!(symmetry.holds(&made.puzzle));
            assert_eq!(sudoku_testing::reference_count(&made.puzzle, 2), 1);
        }
    }
    let mut stubborn = Generator::new(GenConfig {
        target_clues: Some(18),
        max_attempts: 3,
        ..GenConfig::default()
    })
    .unwrap();
    let err = stubborn.generate(1).unwrap_err();
    assert_eq!(err.clues, Some(18));
    assert_eq!(
        err.to_string(),
        "no puzzle with 18 clues in 3 attempts: fewer clues and harder ratings are rarer"
    );
    assert_eq!(err.why, NotMade::Attempts);
}

#[test]
fn impossible_targets_are_refused_with_the_reason() {
    let with = |clues, symmetry| GenConfig {
        target_clues: Some(clues),
        symmetry,
        ..GenConfig::default()
    };
    assert!(with(17, Symmetry::None).check().is_ok());
    assert!(with(81, Symmetry::None).check().is_ok());
    assert!(
        with(16, Symmetry::None)
            .check()
            .unwrap_err()
            .to_string()
            .contains("17 is the fewest")
    );
    assert!(with(0, Symmetry::None).check().is_err());
    assert!(
        with(82, Symmetry::None)
            .check()
            .unwrap_err()
            .to_string()
            .contains("81 cells")
    );
    assert!(
        with(22, Symmetry::Rotate90)
            .check()
            .unwrap_err()
            .to_string()
            .contains("4k + 1")
    );
    assert!(with(21, Symmetry::Rotate90).check().is_ok());
    // The generator refuses what the check refuses, up front.
    assert_eq!(
        Generator::new(with(16, Symmetry::None)).unwrap_err().kind(),
        ConfigErrorKind::Unreachable
    );
}

/// Issue 34, item 10: `generate(difficulty="easy", se=(8,9))` ran 2,000 attempts before it
/// said "raise --attempts", and `max_attempts=0` silently meant 1.
#[test]
fn contradictory_targets_and_no_attempt_are_refused_up_front() {
    let er = |text: &str| Some(text.parse::<ErRange>().unwrap());
    let both = |band, range: &str| GenConfig {
        band: Some(band),
        er: er(range),
        ..GenConfig::default()
    };
    let err = Generator::new(both(Band::Easy, "8.0..9.0")).unwrap_err();
    assert_eq!((err.kind(), err.field()), (ConfigErrorKind::Conflict, "er"));
    assert_eq!(
        err.to_string(),
        "an easy puzzle is rated 0.0 to 2.0, never 8.0..9.0"
    );
    let err = both(Band::Hard, "..3.4").check().unwrap_err();
    assert_eq!(
        err.to_string(),
        "a hard puzzle is rated 3.5 to 6.4, never 0.0..3.4"
    );
    // Ranges that meet the band are fine, at its edges too.
    for (band, range) in [
        (Band::Easy, "2.0..9.0"),
        (Band::Hard, "6.4.."),
        (Band::Expert, "6.5..6.5"),
    ] {
        assert!(both(band, range).check().is_ok(), "{band} {range}");
    }
    let none = GenConfig {
        max_attempts: 0,
        ..GenConfig::default()
    };
    let err = Generator::new(none).unwrap_err();
    assert_eq!(
        (err.kind(), err.field()),
        (ConfigErrorKind::OutOfRange, "max_attempts")
    );
    let variant = VariantConfig {
        max_attempts: 0,
        ..VariantConfig::default()
    };
    assert_eq!(
        VariantGenerator::new(variant).unwrap_err().field(),
        "max_attempts"
    );
}

#[test]
fn same_seed_same_puzzles_whatever_the_thread_count() {
    let config = GenConfig::default();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let a = one.install(|| generate_n(config, 99, 24)).unwrap();
    let b = two.install(|| generate_n(config, 99, 24)).unwrap();
    assert_eq!(a, b);
    let mut generator = Generator::new(config).unwrap();
    assert_eq!(a[5], generator.generate_indexed(99, 5).unwrap());
    let distinct: std::collections::HashSet<Grid> = a.iter().map(|g| g.puzzle).collect();
    assert_eq!(distinct.len(), 24);
}

#[test]
fn bands_can_be_requested() {
    for band in [Band::Easy, Band::Medium, Band::Expert] {
        let mut generator = Generator::new(GenConfig {
            band: Some(band),
            ..GenConfig::default()
        })
        .unwrap();
        let made = generator.generate(3).unwrap();
        assert_eq!(made.rating.map(|r| r.band), Some(band));
        assert_eq!(rate(&made.puzzle).unwrap().band, band);
    }
    let mut stubborn = Generator::new(GenConfig {
        band: Some(Band::Expert),
        max_attempts: 1,
        ..GenConfig::default()
    })
    .unwrap();
    let failures = (0..20).filter(|&s| stubborn.generate(s).is_err()).count();
    assert!(failures > 0, "one attempt rarely hits expert");
}

#[test]
fn hints_cover_every_case() {
    let easy: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let Hint::Step(step) = hint(&easy) else {
        panic!("an easy puzzle has a step")
    };
    assert_eq!(step.technique, Technique::HiddenSingle);
    let solution = sudoku_testing::reference_solution(&easy).unwrap();
    for &(cell, digit) in &step.placements {
        assert_eq!(solution[cell], digit, "a hint never places a wrong digit");
    }
    assert_eq!(hint(&solution), Hint::Solved);
    let clash: Grid = format!("55{}", ".".repeat(79)).parse().unwrap();
    assert!(matches!(hint(&clash), Hint::Clash(_)));
    let dead: Grid = format!(".12345678{}9{}", "", ".".repeat(71))
        .parse()
        .unwrap();
    assert_eq!(hint(&dead), Hint::Contradiction);
    assert_eq!(hint(&Grid::EMPTY), Hint::SeveralSolutions);
    // The hardest of the conformance table still has a step: the ladder's chains reach
    // every puzzle with one solution.
    let escargot: Grid =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
            .parse()
            .unwrap();
    assert!(matches!(hint(&escargot), Hint::Step(_)));
    // A wrong digit written in: the position has no solution.
    let mut wrong = easy;
    let cell = (0..81).find(|&c| easy[c] == 0).unwrap();
    let digit = easy
        .candidates(cell)
        .unwrap()
        .iter()
        .find(|&d| d != solution[cell])
        .unwrap();
    wrong.set(cell, digit);
    assert_eq!(hint(&wrong), Hint::NoSolution);
    // A wrong elimination in the pencil marks is named.
    let mut marks = Candidates::from_grid(&easy);
    marks.remove(cell, solution[cell]);
    assert_eq!(
        hint_position(&marks),
        Hint::WrongElimination {
            cell,
            digit: solution[cell]
        }
    );
}

#[test]
fn search_effort_is_repeatable_and_grows_with_difficulty() {
    let easy: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let hard: Grid =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
            .parse()
            .unwrap();
    assert_eq!(search_effort(&easy, 8, 1), 0.0);
    let h = search_effort(&hard, 8, 1);
    assert!(h > 0.0);
    assert_eq!(h, search_effort(&hard, 8, 1));
}
