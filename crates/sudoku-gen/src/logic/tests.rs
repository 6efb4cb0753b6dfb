//! The ladder's techniques: each on a position where it applies, with what it concludes, and
//! where it must not; the steps Sudoku Explainer takes on positions of public puzzles; ratings
//! of public puzzles; and how ratings move under the symmetries of Sudoku.

use std::ops::ControlFlow;

use sudoku_core::{Candidates, Grid, Transform};

use super::basic::Scope;
use super::board::{Board, bit};
use super::chains::{ChainRule, Chainer};
use super::{Difficulty, Found, LogicSolver, Sink, Technique, aligned, basic, unique};

mod chains;

/// A board where every cell may hold every digit, then `edit` narrows it.
fn board(edit: impl Fn(&mut [u16; 81])) -> Board {
    let mut cands = [0x1FFu16; 81];
    edit(&mut cands);
    Board::new([0; 81], cands)
}

fn set(digits: &[u8]) -> u16 {
    digits.iter().fold(0, |m, &d| m | bit(d))
}

/// Row and column from 1: the cell index.
fn cell(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

/// Every step a technique finds, in its order.
fn all(b: &Board, technique: impl Fn(&Board, Sink<'_>) -> ControlFlow<()>) -> Vec<Found> {
    let mut out = Vec::new();
    let _ = technique(b, &mut |found| {
        out.push(found);
        ControlFlow::Continue(())
    });
    out
}

fn first(b: &Board, technique: impl Fn(&Board, Sink<'_>) -> ControlFlow<()>) -> Option<Found> {
    all(b, technique).into_iter().next()
}

/// Hidden singles on a board of their own.
fn singles(b: &Board, out: Sink<'_>) -> ControlFlow<()> {
    basic::hidden_singles(b, &mut basic::Singles::default(), out)
}

fn sorted(mut list: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    list.sort_unstable();
    list
}

#[test]
fn hidden_singles_apply_and_not() {
    // 7 only in r4c6 of row 4: a hidden single in a row (1.5).
    let b = board(|c| {
        for col in (1..=9).filter(|&col| col != 6) {
            c[cell(4, col)] &= !bit(7);
        }
    });
    let step = first(&b, singles).unwrap();
    assert_eq!(step.placement, Some((cell(4, 6), 7)));
    assert_eq!(step.difficulty, 1.5);
    assert_eq!(step.technique, Technique::HiddenSingle);
    // The same in a block is easier (1.2).
    let b = board(|c| {
        for k in [0usize, 1, 2, 9, 10, 11, 18, 19] {
            c[k] &= !bit(3);
        }
    });
    let step = first(&b, singles).unwrap();
    assert_eq!((step.placement, step.difficulty), (Some((20, 3)), 1.2));
    assert!(first(&board(|_| {}), singles).is_none());
}

/// Every hidden single of a board, by counting each digit's places in each region in the
/// order of the scan: regions with one empty cell first (blocks, columns, rows), then the
/// others.
fn hidden_singles_counted(b: &Board) -> Vec<(usize, u8, f64)> {
    use super::board::{BLOCK, COL, REGIONS, ROW};
    let mut out = Vec::new();
    for alone_only in [true, false] {
        for kind in [BLOCK, COL, ROW] {
            for region in &REGIONS[kind] {
                let empty = region
                    .iter()
                    .filter(|&&c| b.values[c as usize] == 0)
                    .count();
                if (empty == 1) != alone_only {
                    continue;
                }
                for digit in 1..=9u8 {
                    let places: Vec<usize> = region
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| b.has(c, digit))
                        .collect();
                    if let [cell] = places[..] {
                        let difficulty = match (alone_only, kind) {
                            (true, _) => 1.0,
                            (false, BLOCK) => 1.2,
                            _ => 1.5,
                        };
                        out.push((cell, digit, difficulty));
                    }
                }
            }
        }
    }
    out
}

/// The places of each digit kept from one board to the next give the hidden singles a count
/// gives, in the same order, on every board of the paths of the rated puzzles, and on boards
/// that gain candidates back.
#[test]
fn hidden_singles_kept_from_board_to_board_are_those_counted() {
    let mut kept = basic::Singles::default();
    let mut checked = 0;
    let mut check = |b: &Board, kept: &mut basic::Singles| {
        let mut found = Vec::new();
        let _ = basic::hidden_singles(b, kept, &mut |f| {
            found.push((f.placement.unwrap().0, f.placement.unwrap().1, f.difficulty));
            ControlFlow::Continue(())
        });
        assert_eq!(found, hidden_singles_counted(b));
        checked += 1;
    };
    // One memory for every path: from the end of one puzzle's path to the start of the
    // next, candidates come back.
    for &(puzzle, ..) in RATED {
        let mut board = LogicSolver::new(&puzzle.parse().unwrap()).board;
        let mut chainer = Chainer::default();
        let mut seen = super::Seen::default();
        while let Some(found) = super::first_step(&board, &mut chainer, &mut seen, 6.2, 0.0) {
            check(&board, &mut kept);
            super::apply_found(&mut board, &found);
        }
    }
    assert!(checked > 500, "{checked} boards");
}

#[test]
fn naked_single_applies_and_not() {
    let b = board(|c| c[cell(2, 3)] = set(&[4]));
    let step = first(&b, basic::naked_singles).unwrap();
    assert_eq!(
        (step.placement, step.difficulty),
        (Some((cell(2, 3), 4)), 2.3)
    );
    assert!(first(&board(|_| {}), basic::naked_singles).is_none());
}

#[test]
fn pointing_and_claiming_apply_and_not() {
    // In box 1, 4 only in row 1: it leaves r1c4..r1c9 (pointing, 2.6).
    let b = board(|c| {
        for r in 2..=3 {
            for col in 1..=3 {
                c[cell(r, col)] &= !bit(4);
            }
        }
    });
    let step = first(&b, |b, s| basic::intersections(b, false, Scope::ALL, s)).unwrap();
    assert_eq!(step.name, "Pointing");
    assert_eq!(step.difficulty, 2.6);
    assert_eq!(
        sorted(step.removals),
        (4..=9).map(|c| (cell(1, c), 4)).collect::<Vec<_>>()
    );
    // In row 5, 8 only in box 5: it leaves the rest of box 5 (claiming, 2.8).
    let b = board(|c| {
        for col in [1, 2, 3, 7, 8, 9] {
            c[cell(5, col)] &= !bit(8);
        }
    });
    let step = first(&b, |b, s| basic::intersections(b, false, Scope::ALL, s)).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("Claiming", 2.8));
    let mut expected: Vec<(usize, u8)> = [4, 6]
        .iter()
        .flat_map(|&r| (4..=6).map(move |c| (cell(r, c), 8)))
        .collect();
    expected.sort_unstable();
    assert_eq!(sorted(step.removals), expected);
    assert!(
        first(&board(|_| {}), |b, s| basic::intersections(
            b,
            false,
            Scope::ALL,
            s
        ))
        .is_none()
    );
}

#[test]
fn direct_pointing_places_the_single_it_leaves() {
    // 4 in box 1 only in row 1; in box 2, 4 only in row 1 and r2c5: pointing from box 1
    // leaves r2c5 the one place of 4 in box 2.
    let edit = |keep_second: bool| {
        move |c: &mut [u16; 81]| {
            for r in 2..=3 {
                for col in 1..=3 {
                    c[cell(r, col)] &= !bit(4);
                }
            }
            for (r, col) in [(2, 4), (2, 6), (3, 4), (3, 5), (3, 6)] {
                c[cell(r, col)] &= !bit(4);
            }
            if !keep_second {
                c[cell(2, 5)] &= !bit(4);
            }
        }
    };
    let step = first(&board(edit(true)), |b, s| {
        basic::intersections(b, true, Scope::ALL, s)
    })
    .unwrap();
    assert_eq!(step.name, "Direct Pointing");
    assert_eq!(step.difficulty, 1.7);
    assert_eq!(step.placement, Some((cell(2, 5), 4)));
    // A direct step keeps none of its eliminations (Sudoku Explainer places the single only).
    assert!(step.removals.is_empty());
    // Without a second place in box 2, box 2's 4 is in row 1 only: no single follows.
    assert!(
        first(&board(edit(false)), |b, s| basic::intersections(
            b,
            true,
            Scope::ALL,
            s
        ))
        .is_none()
    );
}

#[test]
fn naked_sets_apply_and_not() {
    let b = board(|c| {
        c[cell(1, 1)] = set(&[1, 2]);
        c[cell(1, 5)] = set(&[1, 2]);
    });
    let step = first(&b, |b, s| basic::naked_sets(b, 2, Scope::ALL, s)).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("Naked Pair", 3.0));
    assert_eq!(step.cells, vec![cell(1, 1), cell(1, 5)]);
    assert_eq!(
        step.removals.len(),
        14,
        "1 and 2 leave the 7 other cells of row 1"
    );
    let no_pair = board(|c| {
        c[cell(1, 1)] = set(&[1, 2]);
        c[cell(1, 5)] = set(&[1, 3]);
    });
    assert!(first(&no_pair, |b, s| basic::naked_sets(b, 2, Scope::ALL, s)).is_none());
    let triple = board(|c| {
        c[cell(3, 1)] = set(&[1, 2]);
        c[cell(3, 4)] = set(&[2, 3]);
        c[cell(3, 9)] = set(&[1, 3]);
    });
    let step = first(&triple, |b, s| basic::naked_sets(b, 3, Scope::ALL, s)).unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty, step.digits),
        ("Naked Triplet", 3.6, set(&[1, 2, 3]))
    );
    assert_eq!(step.removals.len(), 18);
    let quad = board(|c| {
        c[cell(7, 1)] = set(&[1, 2]);
        c[cell(7, 2)] = set(&[2, 3]);
        c[cell(7, 3)] = set(&[3, 4]);
        c[cell(7, 4)] = set(&[1, 4]);
    });
    let step = first(&quad, |b, s| basic::naked_sets(b, 4, Scope::ALL, s)).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("Naked Quad", 5.0));
    assert!(first(&no_pair, |b, s| basic::naked_sets(b, 4, Scope::ALL, s)).is_none());
}

#[test]
fn hidden_sets_apply_and_not() {
    let b = board(|c| {
        for col in 3..=9 {
            c[cell(6, col)] &= !set(&[5, 6]);
        }
    });
    let step = first(&b, |b, s| basic::hidden_sets(b, 2, false, Scope::ALL, s)).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("Hidden Pair", 3.4));
    assert_eq!(step.cells, vec![cell(6, 1), cell(6, 2)]);
    assert_eq!(
        step.removals.len(),
        14,
        "the other 7 digits leave both cells"
    );
    assert!(
        first(&board(|_| {}), |b, s| basic::hidden_sets(
            b,
            2,
            false,
            Scope::ALL,
            s
        ))
        .is_none()
    );
    let triple = board(|c| {
        for col in 4..=9 {
            c[cell(7, col)] &= !set(&[1, 2, 3]);
        }
    });
    let step = first(&triple, |b, s| {
        basic::hidden_sets(b, 3, false, Scope::ALL, s)
    })
    .unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty, step.removals.len()),
        ("Hidden Triplet", 4.0, 18)
    );
    let quad = board(|c| {
        for col in 5..=9 {
            c[cell(8, col)] &= !set(&[1, 2, 3, 4]);
        }
    });
    let step = first(&quad, |b, s| basic::hidden_sets(b, 4, false, Scope::ALL, s)).unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty, step.removals.len()),
        ("Hidden Quad", 5.4, 20)
    );
    assert!(
        first(&board(|_| {}), |b, s| basic::hidden_sets(
            b,
            4,
            false,
            Scope::ALL,
            s
        ))
        .is_none()
    );
}

#[test]
fn fish_apply_and_not() {
    // 5 in rows 1 and 5 only in columns 2 and 7 (or 8).
    let wing = |second: usize| {
        board(move |c| {
            for col in 1..=9 {
                if col != 2 && col != 7 {
                    c[cell(1, col)] &= !bit(5);
                }
                if col != 2 && col != second {
                    c[cell(5, col)] &= !bit(5);
                }
            }
        })
    };
    let step = first(&wing(7), |b, s| basic::fish(b, 2, Scope::ALL, s)).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("X-Wing", 3.2));
    assert_eq!(
        step.removals.len(),
        14,
        "5 leaves columns 2 and 7 in the other 7 rows"
    );
    assert!(step.removals.iter().all(|&(c, _)| c % 9 == 1 || c % 9 == 6));
    assert!(first(&wing(8), |b, s| basic::fish(b, 2, Scope::ALL, s)).is_none());
    let sword = |third: [usize; 2]| {
        board(move |c| {
            for (row, keep) in [(1, [1, 4]), (4, [4, 7]), (7, third)] {
                for col in (1..=9).filter(|col| !keep.contains(col)) {
                    c[cell(row, col)] &= !bit(5);
                }
            }
        })
    };
    let step = first(&sword([1, 7]), |b, s| basic::fish(b, 3, Scope::ALL, s)).unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty, step.removals.len()),
        ("Swordfish", 3.8, 18)
    );
    assert!(first(&sword([1, 8]), |b, s| basic::fish(b, 3, Scope::ALL, s)).is_none());
    let jelly = board(|c| {
        for (row, keep) in [(1, [1, 3]), (3, [3, 5]), (5, [5, 7]), (7, [7, 1])] {
            for col in (1..=9).filter(|col| !keep.contains(col)) {
                c[cell(row, col)] &= !bit(6);
            }
        }
    });
    let step = first(&jelly, |b, s| basic::fish(b, 4, Scope::ALL, s)).unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty, step.removals.len()),
        ("Jellyfish", 5.2, 20)
    );
    assert!(first(&board(|_| {}), |b, s| basic::fish(b, 4, Scope::ALL, s)).is_none());
}

#[test]
fn wings_apply_and_not() {
    // Every wing of a board, looked for everywhere.
    let xy_wing = |b: &Board, s: Sink<'_>| basic::wings(b, false, Scope::ALL, s);
    let xyz_wing = |b: &Board, s: Sink<'_>| basic::wings(b, true, Scope::ALL, s);
    let wing = |z: u8| {
        board(move |c| {
            c[cell(1, 1)] = set(&[1, 2]);
            c[cell(1, 5)] = set(&[1, 3]);
            c[cell(5, 1)] = set(&[2, z]);
        })
    };
    let step = first(&wing(3), xy_wing).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("XY-Wing", 4.2));
    assert_eq!(step.removals, vec![(cell(5, 5), 3)]);
    assert!(first(&wing(4), xy_wing).is_none());
    // XYZ: pivot {1,2,3}, pincers {1,3} in its box and {2,3} in its row: 3 leaves the cells
    // all three see.
    let xyz = |pincer: u16| {
        board(move |c| {
            c[cell(1, 1)] = set(&[1, 2, 3]);
            c[cell(2, 2)] = pincer;
            c[cell(1, 5)] = set(&[2, 3]);
        })
    };
    let step = first(&xyz(set(&[1, 3])), xyz_wing).unwrap();
    assert_eq!((step.name.as_ref(), step.difficulty), ("XYZ-Wing", 4.4));
    assert_eq!(
        sorted(step.removals),
        vec![(cell(1, 2), 3), (cell(1, 3), 3)]
    );
    assert!(first(&xyz(set(&[1, 4])), xyz_wing).is_none());
}

#[test]
fn unique_rectangle_type_1_applies_and_not() {
    // r1c1, r1c4, r2c1 hold {1,2}; r2c4 {1,2,7}: were it 1 or 2, the four cells (two rows,
    // two columns, two boxes) could swap their digits.
    let rect = |extra: u16| {
        board(move |c| {
            for k in [cell(1, 1), cell(1, 4), cell(2, 1)] {
                c[k] = set(&[1, 2]);
            }
            c[cell(2, 4)] = extra;
        })
    };
    let step = first(&rect(set(&[1, 2, 7])), unique::unique_loops).unwrap();
    assert_eq!(
        (step.name.as_ref(), step.difficulty),
        ("Unique Rectangle type 1", 4.5)
    );
    assert_eq!(
        sorted(step.removals),
        vec![(cell(2, 4), 1), (cell(2, 4), 2)]
    );
    // With one cell missing a digit of the pair there is no rectangle.
    assert!(first(&rect(set(&[1, 7])), unique::unique_loops).is_none());
}

#[test]
fn nothing_applies_to_a_board_without_links() {
    // Every cell may hold every digit: no single, no pattern, no link for a chain.
    let b = board(|_| {});
    assert!(first(&b, unique::bug).is_none());
    assert!(first(&b, |b, s| aligned::aligned_exclusion(b, 2, s)).is_none());
    assert!(first(&b, |b, s| aligned::aligned_exclusion(b, 3, s)).is_none());
    let mut chainer = Chainer::default();
    for rule in [
        ChainRule::CYCLES,
        ChainRule::NISHIO,
        ChainRule::MULTIPLE,
        ChainRule::DYNAMIC,
    ] {
        assert!(chainer.hints(&b, rule, true, None).is_empty(), "{rule:?}");
    }
}

/// A position reached on the path of a public puzzle, and the step Sudoku Explainer 1.2.1
/// takes there (its name, difficulty in tenths, eliminations and placement; each checked
/// against its own path through the puzzle).
struct Known {
    name: &'static str,
    position: &'static str,
    difficulty: u16,
    eliminations: &'static [(usize, u8)],
    placements: &'static [(usize, u8)],
}

fn check_known(known: &[Known]) {
    for k in known {
        let marks: Candidates = k.position.parse().expect("a pencil-mark position");
        let step = LogicSolver::from_candidates(&marks)
            .next_step()
            .unwrap_or_else(|| panic!("{}: no step", k.name));
        assert_eq!(step.name, k.name);
        assert_eq!(
            step.difficulty,
            Difficulty::from_tenths(k.difficulty),
            "{}",
            k.name
        );
        assert_eq!(step.eliminations, k.eliminations, "{}", k.name);
        assert_eq!(step.placements, k.placements, "{}", k.name);
    }
}

#[test]
fn steps_sudoku_explainer_takes() {
    check_known(KNOWN);
}

/// The nested chains: seconds in a debug build, run by `cargo xtask ci` in release.
#[test]
#[ignore = "slow in debug builds; run in release"]
fn nested_steps_sudoku_explainer_takes() {
    check_known(KNOWN_NESTED);
}

/// Puzzles with the ER, EP and ED Sudoku Explainer 1.2.1 gives them.
const RATED: &[(&str, u16, u16, u16)] = &[
    (
        ".68.49....5....94...1..2.6.......758.9.265..34..73...6.798........526...1....438.",
        12,
        12,
        12,
    ),
    (
        ".................1..2.34..........2....1.5....46...7......6...81.....9.59...2....",
        15,
        12,
        12,
    ),
    (
        "................12..3..4........34.5.6.......21...........2........673....8...9.4",
        17,
        12,
        12,
    ),
    (
        ".................1..2..3.4.......5......6.....7841.........892..1...5...6.....3..",
        20,
        12,
        12,
    ),
    (
        "..............1.23.45.6..........4.7..3...6..2....8.......9.......54....17.......",
        23,
        12,
        12,
    ),
    (
        "2.8.5.......7...4.3........5...2.9.......1......6......7.1.4.6.......3.2.1.......",
        26,
        12,
        12,
    ),
    (
        ".....1...84...75....5....8......9.23...26.7......7..5.7....24....8....35.21.....8",
        28,
        12,
        12,
    ),
    (
        "......31.7..5.....2...4.....39..8..........62.1.......5..6....7.8....9......5....",
        30,
        12,
        12,
    ),
    (
        "..............1..2..3.4..5............6...34..7.1.8.......3.9....27......1......8",
        32,
        12,
        12,
    ),
    (
        "......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....",
        34,
        12,
        12,
    ),
    (
        "4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9....",
        40,
        40,
        26,
    ),
    (
        ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4.",
        42,
        12,
        12,
    ),
    (
        ".2......6....41.....78....1......7....37.....6..412....1..74..5..8.5..7......39..",
        45,
        12,
        12,
    ),
    (
        ".8...4.5....7..3............1..85...6.....2......4....3.26............417........",
        56,
        12,
        12,
    ),
    (
        "................12..3.45......1...6...4.......7..3..8....2..5...1.6.....6.......4",
        57,
        12,
        12,
    ),
    (
        "1.........4..59....653....42..6...47.7..4...6.....58.......3.2...2..7..5......61.",
        66,
        12,
        12,
    ),
    (
        ".1.6...8.3.2..........49.....83...........4.7......5..46..........2...9.7...5....",
        67,
        12,
        12,
    ),
    (
        "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........",
        71,
        12,
        12,
    ),
    (
        "2....35....7....4..6.97...........62...42....9.58.....3.9...2.......18..4..7.....",
        72,
        12,
        12,
    ),
    (
        "..2.4.3.86....2.4...8...7..5.......7......9....4371..5...91....4.32...8..6.......",
        78,
        12,
        12,
    ),
    (
        "1..6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
        83,
        12,
        12,
    ),
    (
        "...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3...",
        84,
        12,
        12,
    ),
];

#[test]
fn ratings_match_sudoku_explainers() {
    for &(puzzle, er, ep, ed) in RATED {
        let rating = crate::rate(&puzzle.parse::<Grid>().unwrap()).unwrap();
        let got = (rating.er.tenths(), rating.ep.tenths(), rating.ed.tenths());
        assert_eq!(got, (er, ep, ed), "{puzzle}");
    }
}

/// What the ladder keeps from one board to the next (what the rules found nothing in, the
/// unique loops searched, what the chain passes found nothing from) never changes the step
/// found: along the paths of the rated puzzles that reach chains, the first step with that
/// memory is the first step of a ladder that starts afresh.
#[test]
fn remembering_earlier_boards_changes_no_step() {
    let mut checked = 0;
    for &(puzzle, er, _, _) in RATED.iter().filter(|&&(_, er, _, _)| er >= 65) {
        let puzzle: Grid = puzzle.parse().unwrap();
        let mut board = LogicSolver::new(&puzzle).board;
        let mut chainer = Chainer::default();
        let mut seen = super::Seen::default();
        let mut hardest = 0.0f64;
        while !board.is_full() {
            let kept = super::first_step(&board, &mut chainer, &mut seen, f64::INFINITY, 0.0);
            let fresh = super::first_step(
                &board,
                &mut Chainer::default(),
                &mut super::Seen::default(),
                f64::INFINITY,
                0.0,
            );
            assert_eq!(format!("{kept:?}"), format!("{fresh:?}"), "{puzzle}");
            let found = kept.expect("rated puzzles are solved");
            hardest = hardest.max(found.difficulty);
            super::apply_found(&mut board, &found);
            checked += 1;
        }
        assert_eq!(Difficulty::from_f64(hardest).tenths(), er, "{puzzle}");
    }
    assert!(checked > 100, "{checked} steps");
}

/// Every puzzle of the public file of Sudoku Explainer's ratings (skipped when the public
/// data is absent).
#[test]
#[ignore = "needs ../shared/benchdata-public, slow in debug; cargo xtask ci runs it in release"]
fn public_ratings_match_sudoku_explainers() {
    let Some(records) = sudoku_testing::public_records("se_rated_public.txt") else {
        return;
    };
    let mut checked = 0;
    for record in records {
        let comment = &record.comment;
        let ratings: Vec<Difficulty> = comment
            .split_whitespace()
            .take(3)
            .map(|r| r.parse().expect("a rating"))
            .collect();
        let rating = crate::rate(&record.puzzle).unwrap();
        assert_eq!(
            [rating.er, rating.ep, rating.ed][..],
            ratings[..],
            "line {}: {}",
            record.line,
            record.puzzle
        );
        checked += 1;
    }
    assert!(checked > 200);
}

/// Rotating, reflecting or relabelling a puzzle changes the order in which the ladder meets
/// its patterns, not which techniques it needs: ratings of steps with fixed difficulties do
/// not move. Chain lengths depend on the order of the search (in Sudoku Explainer too), so
/// chain ratings may move by a few tenths.
#[test]
fn ratings_hardly_depend_on_symmetries_and_labels() {
    let mut rng = sudoku_core::seeded_rng(11);
    for &(puzzle, er, ..) in RATED {
        let puzzle: Grid = puzzle.parse().unwrap();
        for _ in 0..3 {
            let image = Transform::random(&mut rng).apply(&puzzle);
            let moved = crate::rate(&image).unwrap().er.tenths();
            if er <= 62 {
                assert_eq!(moved, er, "{puzzle} -> {image}");
            } else {
                assert!(moved.abs_diff(er) <= 5, "{puzzle} {er} -> {image} {moved}");
            }
        }
    }
}

const KNOWN: &[Known] = &[
    Known {
        name: "Aligned Pair Exclusion",
        position: ".2.......1......891......89.....6.......5....1.....7.9..3.........4.....1.....789......7..1...5..89...4.....12......912.........3.......2..56.89....56..91....6.891.3.5...91.3.5...9.....6...12.4..7.9.......8.12.4....9.2..5...9....5.7.91.......9.......8....4.......3......1...5...9......7..1....6..9....56..9....56..9.2...........5...9.2..5...9.2..5.7.9.......8..2.4......2.4.6..91..........3...........67.91.......9.....6...12....7.9.2..5...9..3.......2......9....5.7.9.......8....4........4......2..5..89.2..5..89..3...........6....2....7........7891..............789.....6.........7..1......8.1..4.............9....5.......4...8..2.........3......1.3.....9123.....912......912.4..7..12.4............8....4.6..9.....67.9....5....",
        difficulty: 62,
        eliminations: &[(23, 2)],
        placements: &[],
    },
    Known {
        name: "Aligned Triplet Exclusion",
        position: "1....6.89....5.....2.........3..6...1.3..6..91.34.6..9..34.6.........7....34.6.891....6.891....6.89...4...........7......5....123..6..9..3..6....23..6..9.23..6.89.....6..9......7....3.......2.4..........6..9.......8.....5.....2.4.....1........123...7..12............6....234....9..3...7.9....5....1.34..7.........8...34....9..3...78....4...........78.1..........3..6789..3..6..9.2.........3.56..9..3.56..9....5....12.....8.........9.234.6.8...3..678..2.4.....1.34.67..1.3..6.....34.6....2.4.6....2...6...1...5......3..6.8.1.3..6.8.1.3..6...........9123456.........7.....4.6..9..3......1...5.........6..9.2.............7.........8.1..456......456....2...6789.2...6.89......78.....5.......4.....1.3..6..91.3..6...123..6....23..6...",
        difficulty: 75,
        eliminations: &[(72, 6)],
        placements: &[],
    },
    Known {
        name: "BUG type 1",
        position: ".....6.......5..8.1......8....4.......3............7..1...5............9.2.......1..4........4..7...2...............91....6.......5......3.............8......67..........9....5.7....3......1....6....2..............8....4.....1...5.........67.........8......6......4.........5..........7..........912.......12.........3............7...2...........5....1....6...1....6.....3..............9...4............8...3......1.......91.......9.......8....4......2............6.........7......5.......45.......4...8......6....2...........5..8.1..............7....3..............912..5....1.......9......7....3..........5...9.....6..........8..2..5.......4......2..5......3.............89......7.........89...4......2..5.........6...1........",
        difficulty: 56,
        eliminations: &[(63, 1), (63, 2)],
        placements: &[],
    },
    Known {
        name: "BUG type 2",
        position: ".23.......2..5.....23....8.....5...91...........4...8....4....9.....6.........7........7..........91......8....4...8..2............6...1..4.........5......3.........4.....1...5.........6.......5...9......7....3......1.......9.......8..2.......1.............6...........9..3.........4.........5..........7...2..............8..2.....8..2....7......5..........78......6...1..........3.........4.............9..3....8....4.......3...7...2...............9......78.....5....1.............6...........9.......8..2....7..1............5.....2....7.......6.....3.........4.........5......3.........4..........6..........8.........9.2.............7..1.............6...12....7..12..........4..7....3.......2.4............8.........9....5....",
        difficulty: 57,
        eliminations: &[(1, 2), (56, 2), (74, 2)],
        placements: &[],
    },
    Known {
        name: "Bidirectional Cycle",
        position: "1....6.89....5.....2.........34.6...1.3..6..91.34.6..9..34.6.........7....34.6.891....6.891....6.89...4...........7......5....123..6..9..3..6....23..6..9.23..6.89.....6..9......7....3.......2.4..........6..9.......8.....5.....2.4.....1........123...7..12............6....234....9..3...7.9....5....1.34..7.........8...34....9..3...78....4...........78.1..........3..6789..3..6..9.2.........3.56..9..3.56..9....5....12.....8.........9.234.6.8...3..678..234.6...1.34.67..1.3..6.....34.6....2.4.6....2...6...1...5......3..6.8.1.3..6.8.1.3..6...........9123456.........7.....4.6..9..3......1...5.........6..9.2.............7.........8.1..456......456....2...6789.2...6.89......78.....5.......4.....1.3..6..91.3..6...123..6....23..6...",
        difficulty: 70,
        eliminations: &[(3, 4)],
        placements: &[],
    },
    Known {
        name: "Bidirectional X-Cycle",
        position: "1.3....8912..5..8.123.5...9....56.8.......7.....4......2..56.....3.56..9.....6.89..34...8......6......45.....2...............91..........345......3...7....34..78....4...89.2.4...8.......7....3..........56.......56.8..2.456.......56..91.........2.......1..4.....1.34.6.......5..8.1.3..........5..8.......7..1.3..6..9.....6..91.3...7..1.....7.........8......6..9.2............6..91.3.........4.........5........5............91.3..6......4.....1.3............7.........8.1.3..6....2.......1..4.67....3......1..45........567.....456....2...............9.......8....4.67.....4.67.9.2.45.....2.4....9.....67.9.......8...3......1..4.6...1...567.....4.67.....4.6789......78....45...91...........456.......56..9..3456....2.........34.67..",
        difficulty: 65,
        eliminations: &[(2, 5), (6, 5), (24, 5)],
        placements: &[],
    },
    Known {
        name: "Bidirectional Y-Cycle",
        position: "....56789....56.8.....56.891...5.7......5...9.2.......1....6......4.......3.......2.........3......1...............8....4..........6...........9....5..........7......5.7.9....56......4.....1.3.5.7....3.5...91.3.5.7.........8..2...6...12..........456.8..2.............7..1..45........5..8.1...5..8.1...56.....3..............9...456.891..........3.56.89..345...9......7....3.5..89....56....2...6....2.4........45...9...45......3.5...9.2............6...1.3.5...9......7.........8.1..4........456.........7......56.....3.56..9.2.........3.5...9..34.....1...............8...3.........4.6.8..2...6.8......67..1..............78..2.4.............9....5....1................9.2..5..8...3.5......3.5..8....4......23............7.......6...",
        difficulty: 67,
        eliminations: &[(1, 5), (45, 4)],
        placements: &[],
    },
    Known {
        name: "Cell Forcing Chains",
        position: "...4.....12...67..12....7...23...78.....5.....23..678.1.3..6...123..6...........9.2...67.912...67.9..3.........4......2...67...2...67.........8.12..56...12..567...2...67.........8.....5....1.........23..67..........9..34.6....23..6....2.4.67...23..67.9.23..67.9.2....78..23.5.7..123...7.....4.....1.3.56...1.3.56...1...56.8...3..67....34.67.....4..7....3.5.7.........8.1.3.5.7...2...............91..456...1............5.....2.4...8......6...........9.23........34...........7.....4...8........8.123...7.......6....23.5.7.9123...7..123.5.7..1...5...9...4.....12..5........5....12.4..7..12.4..7...2....78912...67..12...678.1....6..912...6.....3.......23......123..............9.23.5.......4.....123.56.........7.........8.12..56...",
        difficulty: 84,
        eliminations: &[(26, 6)],
        placements: &[],
    },
    Known {
        name: "Claiming",
        position: "......7...2.......1.345...91.3456.8.1....6...1..456.8.1.3.56.....3.56..91.3.5...91..45...9.....6...1.345...912345....12....7..12.45....123.5.7....3.5.7.9.......8.1...5....1.3.5...........8.........912...67..12..56...123.567.....4.....123.5....1..45....1..45....12.45.7..12.45...........8.12.45...91.3.5.7....3.5.7.9.....6.....3......1..45..8.1..456...1..456...1....6..9......7..1...5..8..2.......1...5...91...56.8.........912..567..12..56.....3......12..56......4.........5.78.1...5....1...56.891.3.5..8.1.3.56..912...6.8....4.....12...6.89.23.56.8...3.56.8.......7...2.............7..1..456..91....6.8.1....6..9..3..........56.8.....56.8....45.......4.6.8...34...8...34.6.........7......5.....2...6.8.........91.........234.....",
        difficulty: 28,
        eliminations: &[(12, 2), (14, 2), (23, 2)],
        placements: &[],
    },
    Known {
        name: "Direct Hidden Pair",
        position: ".23.5678912..567.912....7.9.234.6....234.678...34..78....456789..3.56.8..23456789...4......2..567...2....7...23..6...1................9....5678...3.56.8..23.5678..23..6789.2...67.9.2....7.9.234.6....234.678.....5.......4.6789..3..6.8.1.........2...67.9..3.......2.4..7.9.......8..2.45.7.91..4..7..1..456..91...56......456..91.........2.4.6..9....5.....234....9.234....9..34........4.6.89......7....34.6.89......7.9...4..7.9.......8.1.345...9..345.7.9.....6....2.......1.3.5......345...9....5.7.91..45.7.91..4..7.91..456..9...456.891..4...8...3.......2...........5678.....5.7.........8...3......1..456......456....2.......1...567..........9....567...2..5...912..5...9.....6.........7....3.5..891.3....8.1...5..8....4.........5..8.",
        difficulty: 20,
        eliminations: &[],
        placements: &[(27, 6)],
    },
    Known {
        name: "Direct Hidden Triplet",
        position: "...4.6.8.1..4.6.891......8912345...912.456..9.23456...123..6.891.3...78.12.4.6789...4.6.8.......7....3......12.4....912.4.6..9.2.4.6.......5....1......8.12.4.6.89...4.6.......5.....2.............7..1..4.6..9.......8.1.3..6..91.3......1..4.6..91.........23....8.....5.78..2.45..8..2.45678..2.4567...23..6.8.........9.2..5678..23.5.78..23....8......6....2..5..89.2..5.789.2..5.7..123....8....4.....12..5.78.........9.2.....8....4......2..5..8...3......1.........2...6.8.....5.78..2..5678....45678.1..4.6.891...5.7891..45..8.1..45.78....45.7..1......89.2.........3.......2345..8.1234...891...5..8912345..8.12.45..8..2345..........7.......6...1...5..89.23.5.78.123....8.1...5.78......6...12..5.78.........9...4.....1...5..8.1...5..8.",
        difficulty: 25,
        eliminations: &[],
        placements: &[(73, 1)],
    },
    Known {
        name: "Direct Pointing",
        position: "...4.6.89...456..9...456.8..2....789.2...6789.2...67.9..3......1...........456.89......7.....4.6..91.34.6.8.....5....123..6.89123..6..9.2.4.6.8..2.4...89...4.6.89.2...........56..91.3.56.8.1.3...789...4.....1.3..67.9....5678.....5.789....56.89...4.6.....3..............912.4..7..12...67.........8.1..45.7.....45.7..1..45.......4...8....45.7.....45.78.1.34..7.91.3...7.91.345.7.91..45.78......6....2..........4.6.8.1.........2.........34..7.9..3..67.9..34567.9...45.78...345.789..345..89....5.....2.4....91.34..........6...123....891234....912.4...8..234...8.......7..1.34.6..........8.1.34.67..1234..7..123...7..1234..7..........9.2345....1.3456...1.34.6..9.2.4.67.91.34.67..1234..789....5....1234..7.912.4.6.8..234...8.1.34.6.8.",
        difficulty: 17,
        eliminations: &[],
        placements: &[(50, 5)],
    },
    Known {
        name: "Dynamic Cell Forcing Chains",
        position: "..3..67.9.23.....9.....67.9....5.....2.4....91.........2.4......2.4..7.........8.1......89.2.....89...4.......3.......2.....89......7.......6.......5....12.......1.....78.....5....1.....7...2.4..........6....2.4...8...3..............912.4..7...2..5..891..........3.......2.4.6....2.4...8..2.4...89......7...2.4.6....2.456....2..5...9......7......5...912.4.6.....3.......2.4....912.45...9.......8....456......4..........6..........89......7..12.....8.....5....12......9123.......23......1.3.5.78...34...8.1...5.78.12.4.....12.4..7.......6...12.45..8.1234..7..........91.3.5678...34...8..2...............91..4..7....34.....1..45..8.1.34.67....34567..1.3..67.9..34....91....67.9.......8.....5.....234.....12.4.....1234.67...234.67..",
        difficulty: 89,
        eliminations: &[(0, 7)],
        placements: &[],
    },
    Known {
        name: "Dynamic Contradiction Forcing Chains",
        position: "...4......2..5.7.9.2..5.7.9.....6...1.......91...5..8...3.......2..5.789.2.....89..3...7..1..........3.5.7.9..345...9.2.........345..8....4..789.....6......4...89.23..6....2..56..9.......8...345...9..34....9......7...2.4....9.2..5...91................9.2...67..123..67.........8.1.34.67..1.34.6.......5.....23.......234.6....23..678....4......23..67....3...7.9....5......3..6....2.....891.........23..6.891.3..6.8.....56.8.1.3.56...1.34....91.34.6..9.2..........4...89..3....89......7......5.....2....78912.4..7.91234..7..1.34..7..1.34..........6....23...789.23....8912...67....3......12...67.912..5.7.........8.....56...12....7.9...4......2......912...678..2...678.12.4.67..1234..7....34.67..........912....78..23...78.....5....",
        difficulty: 90,
        eliminations: &[(39, 3)],
        placements: &[],
    },
    Known {
        name: "Dynamic Double Forcing Chains",
        position: "1.3....8912..5..8.123.5...9....56.8.......7.....4......23.56.....3.56..9..3..6.89..34...8......6.....345.....2...............91..........345......3.5.7....34..78....4...89.2.45..8.......7....3..........56.......56.8..2.456.......56..91.........2.......1..4.....1.34.6.......5..8.1.3..........5..8.......7..1.3..6..9..3..6..91.3...7..1.....7.........8......6..9.2............6..91.3.........4.........5........5............91.3..6......4.....1.3............7.........8.1.3..6....2.......1..4.67....3......1..45........567.....456....2...............9.......8....4.67.....4.67.9.2.45.....2.45...9....567.9.......8...3......1..456...1...567.....4.67.....4.6789...45.78....45...91...........456.......56..9..3456....2.........34.67..",
        difficulty: 90,
        eliminations: &[(16, 5)],
        placements: &[],
    },
    Known {
        name: "Dynamic Region Forcing Chains",
        position: "....5.......4.678.1..4.6.89.2.......1....6..91.....7.9..3......1.....78.1..4..7..1.34.......34.67..1.34.6.......567.........8.1...5.7..12..5.7..........912.45.7..1......89......78..2...........5.7.9..3.........4.....1...5.78.1...5.78......6........6....2345..8...34...8.1.........2.45.....2..5.78.........9..3.5.7...23.5.7...23....891..........3....89....5678..2..56..9.2..5.789.2..567.....4......23.5.7...2.4....9.2.45..........7.....456..9.2.456..9..3......12..56...1...56..........8.......7...2...6.8.1....6.8...3......12..5...912..5..89...4.....1...56.8.1...5....1.34...8.........91.34.6.8....45..8.......7..1...5..8.1...56.8..2.......1.3.5....1234...8..234...8.....5.......4...8.12.4..........6...1.....78.1.3...78.........9",
        difficulty: 90,
        eliminations: &[(32, 5)],
        placements: &[],
    },
    Known {
        name: "Forcing Chain",
        position: "...45.7.9...45.7891.........23.5.7.9.2..5.789.234..7.....4.6.....3456....23.5.......45...9.....6....2.45..89.23.5...912..5..891234.....1..4.....1.345..........7....3.........45.7...2.45.7...2..5.7.......6...12.4..7.........8.........912..5...........8.1..45.7.....4567...2...67..12....7..........9..3......1..4567..1...5....1...567.9..3..........567.9...4.....1.....7..1....67...2.......1...5678.1...5..89.2.......1..4..7.9...4.67.9.......8...3..........5....1..4.67.91..4.67..1.......9....567.9....5.789..3.567891.........2..5.7.9.23..67........7.9..3...78....4.........567.9.2.........3.56789..3.567.9...4.......3..67..1.....7.91.3...78.1.3....891..4..7.91..4..7.9..34..7.9..3...7.9......7.9.......8.....5.....2............6...",
        difficulty: 71,
        eliminations: &[(58, 2)],
        placements: &[],
    },
    Known {
        name: "Forcing X-Chain",
        position: "...45.7.9...45.7891.........23.5.7.9.2..5.789..34..7.....4.6.....3456....23.5.......45...9.....6....2.45..89.23.5...912..5..891.34.....1..4.....1.345..........7....3.........45.7...2.45.7...2..5.7.......6...1..4..7.........8.........912..5...........8.1..45.7.....4567...2...67..12....7..........9..3......1..4567..1...5....1...567.9..3..........567.9...4.....1.....7..1....67...2.......1...5678.1...5..89.2.......1..4..7.9...4.67.9.......8...3..........5....1..4.67.91..4.67..1.......9....567.9....5.789..3.567891............5.7.9.2.............7.9..3...78....4.........5.7.9.2.........3.5.789..3.567.9...4.......3..67..1.....7.91.3...78.1.3....891..4..7.91..4..7.9..34..7.9..3...7.9......7.9.......8.....5.....2............6...",
        difficulty: 67,
        eliminations: &[(3, 3)],
        placements: &[],
    },
    Known {
        name: "Hidden Pair",
        position: "......7...2.......1.345...91.3456.8.1....6...1..456.8.1.3.56.....3.56..91.3.5...91..45...9.....6...1.345...91.345....12....7..1..45....123.5.7....3.5.7.9.......8.1...5....1.3.5...........8.........912...67..1...56...123.567.....4.....123.5....1..45....1..45....12.45.7..12.45...........8.12.45...91.3.5.7....3.5.7.9.....6.....3......1..45..8.1..456...1..456...1....6..9......7..1...5..8..2.......1...5...91...56.8.........912..567..12..56.....3......12..56......4.........5.78.1...5....1...56.891.3.5..8.1.3.56..912...6.8....4.....12...6.89.23.56.8...3.56.8.......7...2.............7..1..456..91....6.8.1....6..9..3..........56.8.....56.8....45.......4.6.8...34...8...34.6.........7......5.....2...6.8.........91.........234.....",
        difficulty: 34,
        eliminations: &[(13, 1), (22, 1), (22, 6)],
        placements: &[],
    },
    Known {
        name: "Hidden Single",
        position: ".2..5.78..2..56.8..2..567.......6789.2...678..2...6.89...4.....1..........3..6789........9.2..56.8.12.4567....3......12.4.678.12.4.6.8..2..567...2..5.78......678...3.......2...6.8.12.4.67..1..4.6789....5....12.4.6.89.2...67.9.2....789.....6789.2..5.......4............8.1...56..9123..6.........7..1.3.5...9..3.5...91.3.....9....5.7....3.5...9..3.5.7.91..45..891.34...8.1.345..891.3.5.7.9.....6....2........2..5.7..1.........23.567.9...456.89.234.6.8..23456.89..3.5.7.9..345.789..34..789.....6.....3....891.34....9.2.......1.34..78.1.34...8.1.3...7.9..34..7.9....5....12.45..........7..12345...91..456...1.34.6...1.3456..........8..234....91.34.6..912.45..8..23.5..8.12345....1..45678.........91.3456.8.123..67...234..7..1.34.67..",
        difficulty: 12,
        eliminations: &[],
        placements: &[(8, 3)],
    },
    Known {
        name: "Hidden Triplet",
        position: "...4.......3.56.89..3.56.89.23.56.8.......7...23.5..8.1.........23....89..3....89.23...7....3...78.1................9.2.....8....4..........6....23...78.....5.....23.5.7.9..3.56789..3.56.89.23.56.8..2..56.8.1.........2.4..7.9.234..789..34..7891.3.5...9..3.56..9..3.56..9......7..1..45..8.....5..89...45....1..456.8..2.......1...5...9....56..9.2.......1..45..8...3..........5..89...45.7..1..45678.1..4..78........8....4...........7..12..5....12..5.........6.......5...91.3.5...91.3.....9..3.5.7.91...........4......23.5.....2..5.....23.5.7.........8..2..5.7.9.....6.......5.7.9.2...........5..891..456.8.1..456.8.....5.78...3......1..45.7.91..4..7.9.....6.....3.5.78...3.5..8.12345..8.........9.23.5.78..2.45.7..12.45.7..1..4..7..",
        difficulty: 40,
        eliminations: &[
            (66, 5),
            (66, 8),
            (67, 5),
            (67, 8),
            (75, 2),
            (75, 3),
            (75, 5),
            (75, 8),
        ],
        placements: &[],
    },
    Known {
        name: "Jellyfish",
        position: ".2.......1..456.8...3......1..45..8.........91..4.....1...5678.1....67........78....4.6.8.1...56.8.1..45..8...3.........45..........7..1...56.8..2...............91...5..........7..........91...5..8..2............6...1...5..8...3.........4........4...8.1.34...8.1..4..78......6......4..7......5....12....78.........9123...78.........9.2..........4..78.1..4..7....34..7..1.34..........678......67......5....1...5.7..1.3.5.........6...........9.......8..2..........4.....1.....7..1.3...7.......6.8.........91......8....4..7....34.67....34.....12....7......5....12....7......5.7.....45.......45.7...2.......1................9..3.............8......6.....3......1....6....2...........5.7......567.........8.........9...4.....1.....7..",
        difficulty: 52,
        eliminations: &[(1, 1), (6, 1), (24, 1), (46, 1), (53, 1)],
        placements: &[],
    },
    Known {
        name: "Naked Pair",
        position: "...45...9.2.4..7.9....5.7.9..3.5.7.......6.....3.5.78..234...89.2.45.7891........1..45...9..3......1...5.7.9.2.......1......8.1...5.78......6......45.789...45...9.......8.12...67..1...567.....4.............91.3.5.7...23.......2..5.7...23.5......3.....9....5......3..6.89..3.....9.234...8...3..6.891.........2.4...89......7...2.......1....6.891.3..6.891.3.5.7.91.34...8.1.3.56789...4...89...45..89...456..9......7..1....6.89...4.....1...5...912.....8.1...56.89.2.....89..3.......2..56..9.....6...1..4...8.1.3....8.1.3.....9......7..1.3.....9....5....12.4......234.....1.345...91..4..7.91.3.5.7.9.....6...1.3.5.....2.........34....91..4....9.......8.1.3.5...91.......9.2..............8.1.3.5.......4...........7.......6.....3.....9",
        difficulty: 30,
        eliminations: &[(29, 3), (29, 9), (31, 3), (32, 3), (32, 9), (34, 9)],
        placements: &[],
    },
    Known {
        name: "Naked Quad",
        position: "1....67...2.......1.3..678....4.......3.5.7....3.5.7..1....678...3..678.........9...4.......3.5.7....3.567..1...............8.........9.2...67...23..67...23..6...1.....7..1.3...7891.3...789..3...7.......6....2.......1..4..78.....5....1.34...8.12..5.7..1..45.7891...5.789.2..5.7..12..5.7.......6.....3.........4..789...4...8...3......1.....78.1....678.........9...4.....1.....7......5.....2...678..2...6.8..2..567.....45.7.9....567.9.23.5.7...23.5.7.........8....4.67.91...........4.6...1...5.7..1.3.5.7..1.3.5.7...23..678.123...7.91.3...7..12.4.6.89.234.6.89123456.8........8.1.3.5.7...2.........3..67..1.3...7.9...4.....1....6..9..3..6..91.3.56...........9.....6......4......23.5..8.123.5....1.3.5....12.....8..23....8.......7..",
        difficulty: 50,
        eliminations: &[
            (57, 3),
            (57, 7),
            (58, 1),
            (58, 3),
            (58, 7),
            (60, 1),
            (61, 3),
            (62, 1),
            (62, 3),
            (62, 5),
        ],
        placements: &[],
    },
    Known {
        name: "Naked Single",
        position: "1.3..67.9123.567.9.2...67...2345....1234.6..912.456..9..345.7.9.......8...3.5.7..1.3..6..91.3.56..9.....6.........7.........8.1..456..9.2..........45...9..3.5......3...789.23.5.789...4......23.5.....23.....9.2..5...9.....6.......5.7.91.........2..........4.678.....5.......4...8....4.67.9...4.67891..........3............78.1.34.678.1.34.678......678..2.45..8..2.4.67...2.45678....45.78..2.45.7..........9...4..78....4..78.........91.........2.4..7....3.........45.78..2.45.7.......6........678..2...678.1................9.23...7...2....78...3.5.78..2..567.....4.........5.....2.4.6789.2...678..234...8.1234..7..12.4..78...3...78912...67.9.23...78....4..789.2.4..789..3...........6.......5....12.4..78.......78912....7.9.2....78.",
        difficulty: 23,
        eliminations: &[],
        placements: &[(11, 6)],
    },
    Known {
        name: "Naked Triplet",
        position: ".23..678..2...6.8......678...34.6...1.........2.4.6.8..234..7......5............9...4......2...6..91....67.9..3..6.......5.....2...6..9.......8..23..67..123..6...123..6.89....5....1....6.89......7...234.6.8..2.4.6.891234......234.6...1234.6....2...67...2...6........67......5............91..4.67..1234..7.........8.1234.6.......567891............56789.2..........4.678...3.........45.7.9...4.67.9...456....2..56789..3.........4.....1....6........678.1....678.12..5.7.9.2...67.912..56...1...56..9...4.6..9..3.............8..2.4.67..12.4567...2.45...9.2.4....9.2.45....1...5..89...4...891...5..891.34......234.....12.45.........6....234....9......7......56.........7...2...............9..34.6......456.....345....1...............8.",
        difficulty: 36,
        eliminations: &[
            (36, 6),
            (36, 7),
            (38, 6),
            (38, 7),
            (45, 2),
            (45, 6),
            (45, 7),
        ],
        placements: &[],
    },
    Known {
        name: "Nishio Forcing Chains",
        position: "...4......2..5.7.9.2..5.7.9.....6...1.......91...5..8...3.......2..5.789.2.....89..3...7..1..........3.5.7.9..345...9.2.........345..8....4..789.....6......4...89.23..6....2..56..9.......8...345...9..34....9......7...2.4....9.2..5...91................9.2...67..123..67.........8.1.34.67..1.34.6.......5.....23.......234.6....23..678....4......23..67....3...7.9....5......3..6....2.....891.........23..6.891.3..6.8.....56.8.1.3.56...1.34....91.34.6..9.2..........4...89..3....89......7......5.....2....78912.4..7.91234..7..1.34..7..1.34..........6....23...789.23....8912...67....3......12...67.912..5.7.........8.1...56...12....7.9...4......2......912...678..2...678.12.4.67..1234..7..1.34.67..........912....78..23...78.....5....",
        difficulty: 78,
        eliminations: &[(68, 1)],
        placements: &[],
    },
    Known {
        name: "Pointing",
        position: "..34567..........9.2.4.67....3.567....3.5.7..1.........23456.8..2.45..8...3.5..8...3.567.........8..2...67....3.567.9...4.......3..6..9123.56....2..5...91.3.5...9..3456...1...........4.6..........8...3.5...9.2.........3456......45...9......7..1..45..89.2.45......3.......2..5...912..5..89......7...2..5..8......6.......5..891...56789.2..567..12...6789.23.5...9123.5..89..3....89.23.5..8..2..5..89...4.........5..89.2..5.....2.....89...4..........6.....3....89......7..1..........3.5..89...4.6789...4.67......5....1..............789...4.6.89...4...8...3.......2.......1.34..789..34..7..1..4..789.23...7.9.23...789....5....1..4...8....4..78......6....2.........34.67..1..4.678...3..67....3...78...34.6.8.........9...45.78.1...5..8.",
        difficulty: 26,
        eliminations: &[(63, 3)],
        placements: &[],
    },
    Known {
        name: "Region Forcing Chains",
        position: "......7...2.......1.345...91.3456.8.1....6...1..456.8.1.3.56.....3.56..91.3.5...91..45...9.....6...1.345...91.345.....2....7..1..45....123.5.7....3.5.7.9.......8.1...5....1.3.5...........8.........9.2....7..1...56...123.567.....4.....123.5....1..45....1..45.....2....7..12.45...........8.12.45...91.3.5.7....3.5.7.9.....6.....3......1..45..8.1..456...1..456...1....6..9......7..1...5..8..2.......1...5...91...56.8.........9.2....7..12..56.....3......12..56......4.........5.78.1...5....1...56.891.3.5..8.1.3.56..912...6.8....4.....12...6.89.23.56.8...3.56.8.......7...2.............7..1..456..91....6.8.1....6..9..3..........56.8.....56.8....45.......4.6.8...34...8...34.6.........7......5.....2...6.8.........91.........234.....",
        difficulty: 84,
        eliminations: &[(77, 6)],
        placements: &[],
    },
    Known {
        name: "Swordfish",
        position: ".2345............9...45.....2345.........6.........7..1..........34...8...34...8.1.345....1.345...........8.1.345...91.3.5....1..4....9.2............6.........7..1234..........6.........7..1234.....123....8.12.4...8...34....9....5......34....9...45..89...45..8......6...1..4.....1.....78...3.........45..891..4..789.2.............7...234...8.1.........2.4.............9....5.........6.....34...8...34...8...345..89.2345..8....45...9.....6...12....78.12.4...8...345..891.34..7891.345..891..45...9......7....3.............8.12..5.........6......45...912.4....91..45...91...5..891...5..8.....5...9......7.....4.....12......9..3.5..89123....89.....6........6...1..45..8..2.......1.3.5...91.3.5....1.......9......7..1..4...891..45..89",
        difficulty: 38,
        eliminations: &[
            (28, 8),
            (34, 8),
            (46, 8),
            (52, 8),
            (53, 8),
            (64, 8),
            (70, 8),
        ],
        placements: &[],
    },
    Known {
        name: "Turbot Fish",
        position: "....5.......4.678.1..4.6.89.2.......1....6..91.....7.9..3......1.....78.1..4..7..1.34.......34.67..1.34.6.......567.........8.1...5.7..12..5.7..........912.45.7..1......89......78..2...........5.7.9..3.........4.....1...5.78.1...5.78......6........6....2345..8...34...8.1.........2.45.....2..5.78.........9..3.5.7...23.5.7...23....891..........3....89....56789.2..56..9.2..5.789.2..567.....4......23.5.7...2.4....9.2.45..........7.....456..9.2.456..9..3......12..56...1...56..........8.......7...2...6.8.1....6.8...3......12..5...912..5..89...4.....1...56.8.1...5....1.34...8.........91.34.6.8....45..8.......7..1...5..8.1...56.8..2.......1.3.5....1234...8..234...8.....5.......4...8.12.4..........6...1.....78.1.3...78.........9",
        difficulty: 66,
        eliminations: &[(39, 9)],
        placements: &[],
    },
    Known {
        name: "Unique Loop type 1",
        position: "12...........5....12.........3...7.........89.......89..3...7.......6......4............8......6.....3...7....3...7.....4.....1................9.2...........5............9..34..7....34..7.......6.......5.....2.........3...7.........8.1.........2..5....1...............89.......89..3.........4......2..5..........7.......6........6.....3.....9..3.5...9.2.......1.......9......7..1...5.......4............8.......7...2.4......2.4...8.....5....1......8......6...12.........3..............9..3.......2......912......9...4..........6.......5...........8.1.......9......7.....4...........7891...5.7..1......89.2..............89.....6...1...5...9..3......1...5...........89.....6...1......89......7....3.........4.....1...5...9.2.......",
        difficulty: 46,
        eliminations: &[(20, 3), (20, 7)],
        placements: &[],
    },
    Known {
        name: "Unique Loop type 2",
        position: "..3.....9..3.....9......7.....4............8.....5.........6...1.........2.......1.........2.4..........6.....3.......2....7..........9......78....4...8.....5.....2.4............8.....5....1.........2....7.......6.....3..............9...4..7...2.45.....2.4.............9.....6...1...............8.....5.7....3.........4..7........7.......6......4...8.....5............9..3.......2.....8..2.4...8.1............5..8.1..........3.......2..........4...........7......5..89....56........6.89..3.....9....5.....2..............8...3..6......4.....1..............7....3..6..9.....6.........7..1................9..3.5.....2..........4.........5..8...3....8....4...8...3.....9...4...8.......7....3.56...1.........2..5...9.2..56.....3..6..9",
        difficulty: 46,
        eliminations: &[(53, 6), (79, 6)],
        placements: &[],
    },
    Known {
        name: "Unique Loop type 4",
        position: "......7......5.....2.......1.............6.89.....6..9...4..........6.8...3......1...............8...3.........456......4.6....2.............7..........9....56......4..........6...........9..3.5......3....8.......7..1............5..8..2...........5......3...7.....4.6....2.......1...........4.6..........8...3...7..........9........9..3...7.....4.6.....34.6.....34.67.........8..2..5.....2..5....1.........2.......1...............8...3.....9..3...7.9....5.........6.....3...7.....4.......3....8....4...........7.......6..9.2.........3..6..9..3.5...91............56.8......6...........91...............8.....5......34......23.......2.4...........7....3....8..2...........5..........7.....4.6..91..........3.....9...4.6........6.8.",
        difficulty: 46,
        eliminations: &[(40, 3), (49, 3)],
        placements: &[],
    },
    Known {
        name: "Unique Rectangle type 1",
        position: ".....6.....3......12.....8912....78.....5.....2....7.9.2....78.12....78....4.....1......891......89....5....12...678.1..4..789.2.4.67.9.23...78.123...78.123....89......7.....4.....12.....8912.....8...3.......2......9.2..5..8......6...12..5..891.3....89.2.......1.3..6789...4...........789....5......3..6.8.1.3....8.1.3..6.8....45.........678...3..678..23...78.......78.1................9...45.....23..6.8....45....1......891.3....89.23....8......6....23.....9.234...8.12345..8.......7..1.3....8.1....678....4.....1.3..67...2.........3..67....3.5678.........9..3.56.8..2...........5....1.3..67..........91..4..7.........8...34.67....34..7....3..6.....3....89.....6789..3..6789....5.......4..7....34.67..1.........234..78..23..6.8.",
        difficulty: 45,
        eliminations: &[(52, 4), (52, 5)],
        placements: &[],
    },
    Known {
        name: "Unique Rectangle type 2",
        position: ".......8.........9.....6....2....7.....4......2....7..1...5......3.5....1.3.5....1..45.......45....1.34.....1....6.8......6.8.1.3....8.......7..........9.2.......12....7...2....7..123...7..........9....5....1.3.........4..........6..........8.....5.7..1...............8.....567.......67..........9..3.......2..........4..........6....2.45.7...2.4..7.9..3.......2....7...2.45.7..1...5...9.......8.1...5.7.9.2.45.7.9..3.......2.4..7.9.2..5.78.1.........2.45.78.....56..9....5.7......567.91.....7.9.....678.1.....7.9...4...........7891...5.....2.........3.5.7....3.567.9..3.......2....78.12....7.91...5.....2....789.....6.......5..89...4.........5.7.9.2.4..7.9.2.4.678.....5.....2....78...3.......2....78......6.891.............67.9",
        difficulty: 45,
        eliminations: &[(58, 8), (67, 8), (73, 8), (78, 8)],
        placements: &[],
    },
    Known {
        name: "Unique Rectangle type 3",
        position: "........9....5....1....6....2...6.8.12...67..12...678.1..4.6.....3......12.4.6.8...3....8..23....8.......7...2..56.8....4.....123.56.8.........912..56.8.12..56.8...34...8..234...8.1....6...........912...6...123.56.8.1...56.........7..12..56.8..2345.........6.....34...........7.........8.12.4.....1.3.5....1...5............9...45..8.......7.....4...89..3......1....6..91..4.6..9.2.......1...56.8.1...56.8..23....8.1..........3....89.2...6.......5.....2...6..9..3..67.....4.......3..678......6.....34...8...345..8.1.........2....7...2..5.78...345.7..........9.2345.7........7.....4....9...45.....2.456.....3.......2..56..9.......8.12..56...12.456...1..........34...89.2..........456.8......67.9....56789..34567......56.....34567..",
        difficulty: 46,
        eliminations: &[(76, 7)],
        placements: &[],
    },
    Known {
        name: "Unique Rectangle type 4",
        position: "1.........2....7...2....7....3.5......34.6.....3.56..........8.........9..34.6......4.6..9.......8...34.6..9.2.............7..1.3..6..91.3.56...1..456...1.34.6......4.6..9..34.6.......5....1.3.....9..34.6..9.......8..2.......1..4.6.........7...2...6.89.23..6...1..............7...23..6.89.23..6..9...4......2...6.8.....5.....2.456.89.23456....234.6.89..3....891.........234.6..9......7...2...6.8..23..6.89......7...234.6....234.6.89..3....89....5.....234.6..91.3..6...12...6.8.123..6.89..3......12.4567...2.4.678.1...5..89.2.....8912..5...9....56....2.456.8..2.4.6.8..2..56.8.12..56....2...6.8....4......23....8.123.5............9......7...2...6.8..2.45..8.........9.2.4...8......6....2.....8.......7..1...5......3......12.4...8.",
        difficulty: 45,
        eliminations: &[(55, 2), (56, 2)],
        placements: &[],
    },
    Known {
        name: "X-Wing",
        position: "1.34..7..1.3......1.3...7....3456...........9..3456......4567...2..............8......6..........8...3.....9..345..........7...2..........45...91...........4....9.2.4..7...2......9....5.......4.6...1...............8...3.........4.67.....4.67.9123.5..8.123...........6...1.3.5.78..23.5....1.3.5.7...2.4..7..........9.234..7..........9......7...23....8...3..6.8....4.......3..6....2...6.......5....1........123.5.......4.....123......1.3.567...23.5............9.......8......67...23..67....3...78...3..6..9...4......2.........3.5......3.5.7..1.............678......67.912....7..12...6...12....7..........9.......8.1..4..7...2.4.67....3..........5....123...78.....5....123...7891.34..7.......6...1.34..7...2.4..7.9...4..78..2.4..7.9",
        difficulty: 32,
        eliminations: &[(17, 9), (80, 9)],
        placements: &[],
    },
    Known {
        name: "XY-Wing",
        position: ".2...6.8..2.456.....3.........4.6....2.4.6...........91..45..8.......7..1...5..8.1................9...456..........8...34.67....34..7....345.....2.........3.5..........7...2.4......2.4...8.....5.....234.....1.............6.....3....89..3....89.23..6.8.1.........2.4.6.89..34.67.9..34.67.9..34..7...23...789....5......3..6789..3..6.8....456......456.89.2.......1..........34..7....3...789..3..6.89..3..6789.23..6.........7...2...6..9..3..6..9....5...........8.123.....91.3..6..9...4........4............8......67..1.3...7.9..3...7.9....5....1.3...7.91.3..6..9.2...............9..3..6...1..........3...7....3...78..2.........3.5.78....4.......3.5678.....5.....23.......2....7..1.34..7.9..34..789.....6...1.3...7891.3....891.3...789",
        difficulty: 42,
        eliminations: &[(57, 7), (58, 7)],
        placements: &[],
    },
    Known {
        name: "XYZ-Wing",
        position: "......7...2.......1.345...91.3456.8.1....6...1..456.8.1.3.56.....3.56..91.3.5...91..45...9.....6...1.345...91.345.....2....7..1..45....123.5.7....3.5.7.9.......8.1...5....1.3.5...........8.........9.2....7..1...56...123.567.....4.....123.5....1..45....1..45.....2....7..12.45...........8.12.45...91.3.5.7....3.5.7.9.....6.....3......1..45..8.1..456...1..456...1....6..9......7..1...5..8..2.......1...5...91...56.8.........9.2....7..12..56.....3......12..56......4.........5.78.1...5....1...5..891.3.5..8.1.3.5...912...6.8....4.....12...6.89.23.56.....3.56.8.......7...2.............7..1..45...91....6.8.1....6..9..3..........5..8.....56.8....45.......4.6.8...34...8...34.6.........7......5.....2.....8.........91.........234.....",
        difficulty: 44,
        eliminations: &[(33, 5)],
        placements: &[],
    },
];

const KNOWN_NESTED: &[Known] = &[
    Known {
        name: "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        position: ".23....89.2.4...8.1.........23...789..345.7.9.2.4..789...456789.23..67.9.2.4.6.89.234...89....5.....234...89.23...789..34..7.9.....6......4..789.23...7.91.............6....2.4...8.......7..123....891.345...9.2.4...89...45..89.23.....9.2.4...89....5.....2.4.678..2.4.6.8......6789.....67.91...........4.67.9.2....7.9..3......123...7..1....67...23..6......4.......3..67.9....5....1....67.9.......8..2...6..91.34..78.........9..34.6.8...3..678..2.............78.1..4.67......5.......4.6...12.4...8912.4.6.8.....5....12...6..91..4.6..9..3...........6.891....6..9......7..12....7.912...67...2...6..912...67.9.......8..2....7.9..3.........4.........5....1..4..789..3.........4.6.89....5....1..4.67.9...4..7.9.2.......1....6..9.....6.89",
        difficulty: 104,
        eliminations: &[(54, 1)],
        placements: &[],
    },
    Known {
        name: "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        position: ".234...89.2.4...8.1.........23...789..345.7.9.2.4..789...456789.23..67.9.2.4.6.89.234...89....5.....234...89.23...789..34..7.9.....6......4..789.23...7.91.............6....2.4...8.......7..123....891.345...9.2.4...89...45..89.23.....9.2.4...89....5.....2.4.678..2.4.6.8......6789.....67.91...........4.67.9.2....7.9..3......123...7..12...67...23..6......4.......3..67.9....5....1....67.9.......8..2...6..91.34..78.........9..34.6.8...3..678..2.............78.1..4.67......5.......4.6...12.4...8912.4.6.8.....5....12...6..91..4.6..9..3...........6.891....6..9......7..12....7.912...67...2...6..912...67.9.......8..2....7.9..3.........4.........5....1..4..789..3.........4.6.89....5....1..4.67.9...4..7.9.2.......1....6..9.....6.89",
        difficulty: 104,
        eliminations: &[(37, 2)],
        placements: &[],
    },
    Known {
        name: "Dynamic Contradiction Forcing Chains (+)",
        position: ".234...89.2.4...8.1.........23...789..345.7.9.2.4..789...456789.23..67.9.2.4.6.89.234...89....5.....234...89.23...789..34..7.9.....6......4..789.23...7.91.............6....2.4...8.......7..123....891.345...9.2.4...89...45..89.23.....9.2.4...89....5.....2.4.678..2.4.6.8......6789.....67.91...........4.67.9.2...67.9..3......123...7..12...67...23..6......4.......3..67.9....5....1....67.9.......8..2...6..91.34..78.........9..34.6.8...3..678..2.............78.1..4.67......5.......4.6...12.4...8912.4.6.8.....5....12...6..91..4.6..9..3...........6.891....6..9......7..12....7.912...67...2...6..912...67.9.......8..2....7.9..3.........4.........5....1..4..789..3.........4.6.89....5....1..4.67.9...4..7.9.2.......1....6..9.....6.89",
        difficulty: 100,
        eliminations: &[(34, 6)],
        placements: &[],
    },
    Known {
        name: "Dynamic Double Forcing Chains (+ Forcing Chains)",
        position: ".23....89.2.4...8.1.........23...789..345.7.9.2.4..789...456789.23..67.9.2.4.6.89.234...89....5.....234...89.23...789..34..7.9.....6......4..789.23...7.91.............6....2.4...8.......7..123....891.345...9.2.4...89...45..89.23.....9.2.4...89....5.....2.4.678..2.4.6.8......6789.....67.91...........4.67.9.2....7.9..3......1.3...7..1....67...23..6......4.......3..67.9....5....1....67.9.......8..2...6..91.34..78.........9..34.6.8...3..678..2.............78.1..4.67......5.......4.6....2.4...891..4.6.8.....5....12...6..91..4.6..9..3...........6.891....6..9......7..12....7.91....67...2...6..91....67.9.......8..2....7.9..3.........4.........5....1..4..789..3...........6.89....5....1..4.67.9...4..7.9.2.......1....6..9.....6.89",
        difficulty: 102,
        eliminations: &[(9, 4)],
        placements: &[],
    },
    Known {
        name: "Dynamic Region Forcing Chains (+ Forcing Chains)",
        position: ".23....89.2.4...8.1.........23...789..345.7.9.2.4..789...456789.23..67.9.2.4.6.89.234...89....5.....234...89.23...789..34..7.9.....6......4..789.23...7.91.............6....2.4...8.......7..123....891.345...9.2.4...89...45..89.23.....9.2.4...89....5.....2.4.678..2.4.6.8......6789.....67.91...........4.67.9.2....7.9..3......123...7..1....67...23..6......4.......3..67.9....5....1....67.9.......8..2...6..91.34..78.........9..34.6.8...3..678..2.............78.1..4.67......5.......4.6....2.4...8912.4.6.8.....5....12...6..91..4.6..9..3...........6.891....6..9......7..12....7.91....67...2...6..912...67.9.......8..2....7.9..3.........4.........5....1..4..789..3.........4.6.89....5....1..4.67.9...4..7.9.2.......1....6..9.....6.89",
        difficulty: 104,
        eliminations: &[(36, 2)],
        placements: &[],
    },
];

/// Aligned exclusion as Sudoku Explainer visits it, with nothing skipped: every pair with two
/// common excluders, every third cell one of them sees.
fn aligned_every_combination(b: &Board, degree: usize) -> Option<Found> {
    let list = aligned::bases(b, degree as u32);
    if list.len() > 64 {
        return None;
    }
    for i1 in 1..list.len() {
        for i0 in 0..i1 {
            let (b0, b1) = (&list[i0], &list[i1]);
            let common = b0.set & b1.set;
            if common.count_ones() < 2 {
                continue;
            }
            if degree == 2 {
                if let Some(hint) = aligned::exclusion(b, &[b0.cell, b1.cell], common) {
                    return Some(hint);
                }
                continue;
            }
            let mut area: Vec<u8> = Vec::new();
            for &c in b0.excluders().iter().chain(b1.excluders()) {
                let base = list.iter().position(|base| base.cell == c as usize);
                if base.is_some()
                    && !area.contains(&c)
                    && ![b0.cell, b1.cell].contains(&(c as usize))
                {
                    area.push(c);
                }
            }
            for &third in &area {
                let b2 = list
                    .iter()
                    .find(|base| base.cell == third as usize)
                    .unwrap();
                let common = common & b2.set;
                if common.count_ones() < 2 {
                    continue;
                }
                if let Some(hint) = aligned::exclusion(b, &[b0.cell, b1.cell, b2.cell], common) {
                    return Some(hint);
                }
            }
        }
    }
    None
}

#[test]
fn aligned_exclusion_skips_only_what_excludes_nothing() {
    // On every board along the paths of the rated puzzles (aligned exclusion applies on
    // hundreds of them), with the memory of the boards before: the first hint is the one of
    // the search that skips nothing.
    let mut compared = 0;
    let mut found_some = false;
    for &(puzzle, ..) in RATED {
        let puzzle: Grid = puzzle.parse().unwrap();
        let mut board = LogicSolver::new(&puzzle).board;
        let mut memos = [
            aligned::AlignedMemo::default(),
            aligned::AlignedMemo::default(),
        ];
        let mut chainer = Chainer::default();
        let mut seen = super::Seen::default();
        while !board.is_full() {
            let found = super::first_step(&board, &mut chainer, &mut seen, f64::INFINITY, 0.0)
                .expect("rated puzzles are solved");
            for (degree, memo) in [2, 3].into_iter().zip(&mut memos) {
                let mut first = None;
                let _ = aligned::aligned_exclusion_with(&board, degree, memo, &mut |f| {
                    first = Some(f);
                    ControlFlow::Break(())
                });
                let every = aligned_every_combination(&board, degree);
                found_some |= every.is_some();
                assert_eq!(format!("{first:?}"), format!("{every:?}"), "{puzzle}");
                compared += 1;
            }
            super::apply_found(&mut board, &found);
        }
    }
    assert!(compared > 1000 && found_some, "{compared} boards");
}

/// Where singles of one kind lead, taken one at a time by the ladder's own rules: the full
/// grid's digits, or `None` when they stop short.
fn singles_slowly(b: &Board, singles_up_to: basic::SinglesUpTo) -> Option<[u8; 81]> {
    use basic::SinglesUpTo;
    let cap = match singles_up_to {
        SinglesUpTo::None => return None,
        SinglesUpTo::FullHouses => 1.0,
        SinglesUpTo::BlockSingles => 1.2,
        SinglesUpTo::HiddenSingles | SinglesUpTo::AllSingles => 1.5,
    };
    let mut b = *b;
    while !b.is_full() {
        let step = all(&b, singles)
            .into_iter()
            .find(|f| f.difficulty <= cap)
            .or_else(|| {
                (singles_up_to == SinglesUpTo::AllSingles)
                    .then(|| first(&b, basic::naked_singles))
                    .flatten()
            })?;
        super::apply_found(&mut b, &step);
    }
    Some(b.values)
}

/// Singles that rise to the next kind only when none of the kinds before is left lead where
/// the ladder's easiest singles, one at a time, lead: the same board, whether full or not,
/// with the same kinds of single first and hardest; from every board of the rated paths,
/// starting from each kind and rising to each ceiling.
#[test]
fn rising_singles_follow_the_ladders_easiest_singles() {
    use basic::{SinglesReach, SinglesUpTo};
    let kinds = [
        SinglesUpTo::FullHouses,
        SinglesUpTo::BlockSingles,
        SinglesUpTo::HiddenSingles,
    ];
    let (mut rose, mut filled) = (0, 0);
    for &(puzzle, ..) in RATED {
        for board in path_boards(puzzle) {
            for start in kinds {
                for ceiling in kinds.into_iter().filter(|&c| c >= start) {
                    // The ladder: the easiest single each time, none harder than `ceiling`,
                    // and none harder than `start` taken as rising.
                    let mut slow = board;
                    let (mut easiest, mut hardest) = (None, start.difficulty());
                    while let Some(step) =
                        first(&slow, singles).filter(|f| f.difficulty <= ceiling.difficulty())
                    {
                        easiest.get_or_insert(step.difficulty);
                        hardest = hardest.max(step.difficulty);
                        super::apply_found(&mut slow, &step);
                    }
                    let mut reach = SinglesReach::default();
                    let mut fast = board;
                    let full = reach.advance(&mut fast, start, ceiling);
                    let context = format!("{puzzle} from {start:?} up to {ceiling:?}");
                    assert_eq!(fast.values, slow.values, "{context}");
                    assert_eq!(full, slow.is_full(), "{context}");
                    let placed_first = (reach.first() != SinglesUpTo::None)
                        .then(|| reach.first().difficulty().max(start.difficulty()));
                    assert_eq!(
                        placed_first,
                        easiest.map(|d: f64| d.max(start.difficulty())),
                        "{context}"
                    );
                    if easiest.is_some() {
                        let placed = reach.hardest().difficulty().max(start.difficulty());
                        assert_eq!(placed, hardest, "{context}");
                        rose += usize::from(hardest > start.difficulty());
                        filled += usize::from(slow.is_full());
                    }
                }
            }
        }
    }
    assert!(rose > 300 && filled > 300, "{rose} rose, {filled} filled");
}

/// The boards of the ladder's path on `puzzle`, from its givens to where it stops.
fn path_boards(puzzle: &str) -> Vec<Board> {
    let mut board = LogicSolver::new(&puzzle.parse().unwrap()).board;
    let mut chainer = Chainer::default();
    let mut seen = super::Seen::default();
    let mut boards = vec![board];
    while let Some(found) = super::first_step(&board, &mut chainer, &mut seen, f64::INFINITY, 0.0) {
        super::apply_found(&mut board, &found);
        boards.push(board);
    }
    boards
}

/// The rating's shortcut: singles filled in all at once reach the grid exactly when the
/// ladder's singles, one at a time, do; from every board of the rated paths, for each kind
/// of single, and with the reach kept from one board of a path to the next as the rating
/// keeps it.
#[test]
fn singles_fill_the_grid_when_the_ladders_singles_do() {
    use basic::{SinglesReach, SinglesUpTo};
    let kinds = [
        SinglesUpTo::None,
        SinglesUpTo::FullHouses,
        SinglesUpTo::BlockSingles,
        SinglesUpTo::HiddenSingles,
        SinglesUpTo::AllSingles,
    ];
    let (mut filled, mut stopped) = (0, 0);
    for &(puzzle, ..) in RATED {
        let mut kept: Vec<SinglesReach> = kinds.iter().map(|_| SinglesReach::default()).collect();
        // One reach kept along the path with another kind at each board, up and down.
        let mut mixed = SinglesReach::default();
        for (step, board) in path_boards(puzzle).into_iter().enumerate() {
            let kind = kinds[step * 3 % kinds.len()];
            let again = mixed.fill(&board, kind, kind);
            let slowly = singles_slowly(&board, kind);
            assert_eq!(again.map(|b| b.values), slowly, "{puzzle} {kind:?}, mixed");
            if again.is_some() {
                // A path ends where its singles fill the grid.
                mixed = SinglesReach::default();
            }
            for (kind, reach) in kinds.into_iter().zip(&mut kept) {
                let slowly = singles_slowly(&board, kind);
                let fresh = SinglesReach::default().fill(&board, kind, kind);
                assert_eq!(fresh.map(|b| b.values), slowly, "{puzzle} {kind:?}");
                let again = reach.fill(&board, kind, kind);
                assert_eq!(again.map(|b| b.values), slowly, "{puzzle} {kind:?}, kept");
                if slowly.is_some() {
                    filled += 1;
                } else {
                    stopped += 1;
                }
            }
        }
    }
    assert!(
        filled > 300 && stopped > 300,
        "{filled} filled, {stopped} stopped"
    );
}

/// Wings looked for only where a cell changed since they last found nothing find every wing
/// that looking everywhere finds, on every board of the rated paths.
#[test]
fn wings_in_scope_are_all_the_wings() {
    let (mut scoped, mut hints) = (0, 0);
    for &(puzzle, ..) in RATED {
        for xyz in [false, true] {
            let mut before: Option<[u128; 9]> = None;
            for board in path_boards(puzzle) {
                let scope = before.map_or(Scope::ALL, |before| Scope::changed(&before, &board));
                let key = |found: Found| (found.cells, found.removals);
                let everywhere: Vec<_> = all(&board, |b, s| basic::wings(b, xyz, Scope::ALL, s))
                    .into_iter()
                    .map(key)
                    .collect();
                let in_scope: Vec<_> = all(&board, |b, s| basic::wings(b, xyz, scope, s))
                    .into_iter()
                    .map(key)
                    .collect();
                assert_eq!(in_scope, everywhere, "{puzzle} xyz {xyz}");
                scoped += usize::from(scope != Scope::ALL);
                hints += everywhere.len();
                if everywhere.is_empty() {
                    before = Some(board.digit_cells);
                }
            }
        }
    }
    assert!(
        scoped > 2000 && hints > 1000,
        "{scoped} boards in scope, {hints} wings"
    );
}
