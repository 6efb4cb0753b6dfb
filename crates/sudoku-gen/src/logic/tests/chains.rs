//! Every chain a step shows is a valid chain: each link follows from its premises on the
//! position before the step, by the rule it names, and the chains together prove what the
//! step concludes. Checked on Sudoku Explainer's step of each chain technique (the positions
//! of `KNOWN`, nested ones in release) and along whole paths of rated puzzles.

use std::ops::ControlFlow;

use sudoku_core::{Candidates, Grid, Unit};

use super::{KNOWN, KNOWN_NESTED, Known};
use crate::logic::basic::{self, Scope};
use crate::logic::board::{BLOCK, Board, COL, REGIONS, ROW, sees};
use crate::logic::chains::{ChainRule, Chainer};
use crate::logic::{Chain, Found, Link, LinkReason, LogicSolver, Step, Technique};

/// The cells of a unit of the classic board.
fn unit_cells(unit: Unit) -> Vec<usize> {
    let (kind, index) = match unit {
        Unit::Box(i) => (BLOCK, i),
        Unit::Row(i) => (ROW, i),
        Unit::Col(i) => (COL, i),
        other => panic!("{other} is no unit of the classic board"),
    };
    REGIONS[kind][index as usize]
        .iter()
        .map(|&c| c as usize)
        .collect()
}

fn same(a: &Link, b: &Link) -> bool {
    (a.cell, a.digit, a.on) == (b.cell, b.digit, b.on)
}

/// Whether `technique` finds the elimination `(cell, digit)` on `b`: the patterns a nested
/// chain uses, as the chain's rule calls them.
fn technique_eliminates(b: &Board, technique: Technique, cell: usize, digit: u8) -> bool {
    let mut found = false;
    let mut look = |hint: Found| {
        found |= hint.removals.contains(&(cell, digit));
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let all = Scope::ALL;
    let rule = match technique {
        Technique::PointingClaiming => {
            let _ = basic::intersections(b, false, all, &mut look);
            return found;
        }
        Technique::HiddenPair => {
            let _ = basic::hidden_sets(b, 2, false, all, &mut look);
            return found;
        }
        Technique::NakedPair => {
            let _ = basic::naked_sets(b, 2, all, &mut look);
            return found;
        }
        Technique::XWing => {
            let _ = basic::fish(b, 2, all, &mut look);
            return found;
        }
        Technique::ForcingChainsAndCycles => ChainRule::CYCLES,
        Technique::MultipleForcingChains => ChainRule::MULTIPLE,
        Technique::DynamicForcingChains => ChainRule::DYNAMIC,
        Technique::DynamicForcingChainsPlus => ChainRule::new(true, true, false, 1),
        Technique::NestedForcingChains => ChainRule::new(true, true, false, 2),
        other => panic!("{other} is not used inside chains"),
    };
    Chainer::default()
        .hints(b, rule, true, None)
        .iter()
        .any(|hint| hint.found.removals.contains(&(cell, digit)))
}

/// Checks each link of `chain` on `b`, the position before the step.
fn check_links(b: &Board, chain: &Chain) -> Result<(), String> {
    let links = &chain.links;
    if links.len() < 2 {
        return Err("a chain has an assumption and a conclusion".into());
    }
    for (i, link) in links.iter().enumerate() {
        let at = || format!("link {} ({link})", i + 1);
        if !b.has(link.cell, link.digit) {
            return Err(format!("{}: not a candidate of the position", at()));
        }
        if link.premises.iter().any(|&p| p >= i) {
            return Err(format!("{}: a premise that does not come before it", at()));
        }
        let premises: Vec<&Link> = link.premises.iter().map(|&p| &links[p]).collect();
        let one_on = || match premises.as_slice() {
            [p] if p.on => Ok(*p),
            _ => Err(format!("{}: false because of one candidate true", at())),
        };
        let all_off = || {
            if premises.is_empty() || premises.iter().any(|p| p.on) {
                Err(format!("{}: follows from candidates false", at()))
            } else {
                Ok(())
            }
        };
        match link.reason {
            LinkReason::Assumption => {
                if i != 0 || !premises.is_empty() {
                    return Err(format!("{}: an assumption inside the chain", at()));
                }
            }
            LinkReason::Cell if link.on => {
                all_off()?;
                let mut left = b.cands[link.cell];
                for p in &premises {
                    if p.cell != link.cell {
                        return Err(format!("{}: {p} is in another cell", at()));
                    }
                    left &= !(1 << (p.digit - 1));
                }
                if left != 1 << (link.digit - 1) {
                    return Err(format!("{}: other candidates of the cell are left", at()));
                }
            }
            LinkReason::Cell => {
                let p = one_on()?;
                if p.cell != link.cell || p.digit == link.digit {
                    return Err(format!("{}: {p} is not another digit of its cell", at()));
                }
            }
            LinkReason::Region(unit) if link.on => {
                all_off()?;
                let cells = unit_cells(unit);
                let mut left: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| b.has(c, link.digit))
                    .collect();
                for p in &premises {
                    if p.digit != link.digit || !cells.contains(&p.cell) {
                        return Err(format!(
                            "{}: {p} is not a place of the digit in {unit}",
                            at()
                        ));
                    }
                    left.retain(|&c| c != p.cell);
                }
                if left != [link.cell] {
                    return Err(format!("{}: other places in {unit} are left", at()));
                }
            }
            LinkReason::Region(unit) => {
                let p = one_on()?;
                let cells = unit_cells(unit);
                if p.digit != link.digit
                    || p.cell == link.cell
                    || !cells.contains(&p.cell)
                    || !cells.contains(&link.cell)
                {
                    return Err(format!(
                        "{}: {p} is not the digit elsewhere in {unit}",
                        at()
                    ));
                }
            }
            LinkReason::Technique(technique) => {
                all_off()?;
                if link.on {
                    return Err(format!("{}: a technique only eliminates", at()));
                }
                let mut reduced = *b;
                for p in &premises {
                    reduced.remove(p.cell, p.digit);
                }
                if !technique_eliminates(&reduced, technique, link.cell, link.digit) {
                    return Err(format!("{}: {technique} does not eliminate it", at()));
                }
            }
        }
    }
    Ok(())
}

/// Candidates, as `(cell, digit)`.
type Cands = Vec<(usize, u8)>;

/// What a conclusion `link` gives (placements, eliminations): a digit placed and the cell's
/// other candidates removed, or a candidate removed.
fn concluded(b: &Board, link: &Link) -> (Cands, Cands) {
    if link.on {
        let others = (1..=9u8)
            .filter(|&d| d != link.digit && b.has(link.cell, d))
            .map(|d| (link.cell, d))
            .collect();
        (vec![(link.cell, link.digit)], others)
    } else {
        (Vec::new(), vec![(link.cell, link.digit)])
    }
}

/// The opposite of a link's candidate, as the conclusion that it is false (or true).
fn opposite(link: &Link) -> Link {
    Link {
        on: !link.on,
        premises: Vec::new(),
        reason: LinkReason::Assumption,
        ..*link
    }
}

/// Checks every chain of `step` on `b` (the position before it) and that together they prove
/// the step's placements and eliminations.
fn check_step(b: &Board, step: &Step) -> Result<(), String> {
    if step.chains.is_empty() {
        return Err("no chain".into());
    }
    for (k, chain) in step.chains.iter().enumerate() {
        check_links(b, chain).map_err(|err| format!("chain {}: {err}", k + 1))?;
    }
    let starts: Vec<&Link> = step.chains.iter().map(|c| &c.links[0]).collect();
    let ends: Vec<&Link> = step
        .chains
        .iter()
        .map(|c| c.links.last().expect("not empty"))
        .collect();
    let (placements, eliminations) = match &step.chains[..] {
        // A cycle: both directions hold, so a candidate that sees a candidate true in it and
        // one false of the same digit (one of the two is true) goes.
        [chain] if same(starts[0], ends[0]) => {
            let links = &chain.links;
            for &(cell, digit) in &step.eliminations {
                let sees_one = |on: bool| {
                    links
                        .iter()
                        .any(|l| l.on == on && l.digit == digit && sees(l.cell, cell))
                };
                let inside = links.iter().any(|l| l.cell == cell);
                if inside || !b.has(cell, digit) || !sees_one(true) || !sees_one(false) {
                    return Err(format!("the cycle does not remove {cell}<>{digit}"));
                }
            }
            if !step.placements.is_empty() || step.eliminations.is_empty() {
                return Err("a cycle only eliminates".into());
            }
            return Ok(());
        }
        // A forcing chain from a candidate to its opposite: the assumption is false.
        [_] if same(&opposite(starts[0]), ends[0]) => concluded(b, &opposite(starts[0])),
        // A contradiction: one assumption leads to a candidate both true and false.
        [_, _]
            if same(starts[0], starts[1])
                && ends[0].cell == ends[1].cell
                && ends[0].digit == ends[1].digit
                && ends[0].on != ends[1].on =>
        {
            concluded(b, &opposite(starts[0]))
        }
        // Every case leads to the same conclusion.
        chains => {
            if ends.iter().any(|e| !same(e, ends[0])) {
                return Err("the chains end in different places".into());
            }
            let double = chains.len() == 2
                && starts[0].cell == starts[1].cell
                && starts[0].digit == starts[1].digit
                && starts[0].on != starts[1].on;
            let cell = starts.iter().all(|s| s.on && s.cell == starts[0].cell)
                && (1..=9u8)
                    .filter(|&d| b.has(starts[0].cell, d))
                    .eq(starts.iter().map(|s| s.digit));
            let digit = starts[0].digit;
            let region = starts.iter().all(|s| s.on && s.digit == digit)
                && step.unit.is_some_and(|unit| {
                    let places: Vec<usize> = unit_cells(unit)
                        .into_iter()
                        .filter(|&c| b.has(c, digit))
                        .collect();
                    places == starts.iter().map(|s| s.cell).collect::<Vec<_>>()
                });
            if !(double || cell || region) {
                return Err("the assumptions are not every case".into());
            }
            concluded(b, ends[0])
        }
    };
    let mut eliminations = eliminations;
    eliminations.sort_unstable();
    if placements != step.placements || eliminations != step.eliminations {
        return Err(format!(
            "the chains prove {placements:?} and {eliminations:?}, the step says {:?} and {:?}",
            step.placements, step.eliminations
        ));
    }
    Ok(())
}

/// Checks the chains of Sudoku Explainer's step on each position: the number of steps with
/// chains.
fn check_known_chains(known: &[Known]) -> usize {
    let mut checked = 0;
    for k in known {
        let marks: Candidates = k.position.parse().expect("a pencil-mark position");
        let solver = LogicSolver::from_candidates(&marks);
        let step = solver.next_step().expect("a step");
        if step.technique < Technique::ForcingChainsAndCycles
            || step.technique == Technique::AlignedTripletExclusion
        {
            assert!(step.chains.is_empty(), "{}: {step}", k.name);
            continue;
        }
        if let Err(err) = check_step(&solver.board, &step) {
            panic!("{}: {err}\n{step}", k.name);
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_chain_technique_shows_valid_chains() {
    // Cycles (X, Y, XY), forcing chains (X, XY, Turbot Fish), Nishio, cell and region
    // forcing chains, dynamic contradiction, double, cell and region forcing chains.
    assert_eq!(check_known_chains(KNOWN), 13);
}

/// The nested chains: seconds in a debug build, run by `cargo xtask ci` in release.
#[test]
#[ignore = "slow in debug builds; run in release"]
fn nested_chains_are_valid() {
    assert_eq!(check_known_chains(KNOWN_NESTED), KNOWN_NESTED.len());
}

/// Walks the ladder's path through `puzzle`, checking every step with chains: how many, and
/// how many of their links another technique gives.
fn check_path(puzzle: &Grid) -> (usize, usize) {
    let mut solver = LogicSolver::new(puzzle);
    let (mut steps, mut nested) = (0, 0);
    while let Some(step) = solver.next_step() {
        if !step.chains.is_empty() {
            if let Err(err) = check_step(&solver.board, &step) {
                panic!("{puzzle}: {err}\n{step}");
            }
            steps += 1;
            nested += step
                .chains
                .iter()
                .flat_map(|c| &c.links)
                .filter(|l| matches!(l.reason, LinkReason::Technique(_)))
                .count();
        }
        solver.apply(&step);
    }
    (steps, nested)
}

#[test]
fn chains_along_a_path_are_valid() {
    // Sudoku Explainer rates it 7.1: forcing chains from its fourth step on.
    let puzzle: Grid =
        "...6.37...51...........2.......1..546..7............8.14.58....3.....2..........."
            .parse()
            .unwrap();
    assert!(check_path(&puzzle).0 > 0);
}

/// Every path of the puzzles Sudoku Explainer rated (tests/se_rated.txt, up to 8.5).
#[test]
#[ignore = "slow in debug builds; cargo xtask ci runs it in release"]
fn chains_along_rated_paths_are_valid() {
    let local = include_str!("../../../tests/se_rated.txt");
    let (steps, _) = local
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| check_path(&l[..81].parse().expect("a puzzle")))
        .fold((0, 0), add);
    assert!(steps > 300, "{steps} steps with chains");
}

/// Every path of the public file of Sudoku Explainer's ratings (up to 10), whose chains from
/// 9.0 on use intersections, pairs, X-Wings and chains (skipped when the public data is
/// absent).
#[test]
#[ignore = "needs ../shared/benchdata-public, slow in debug; cargo xtask ci runs it in release"]
fn chains_along_public_rated_paths_are_valid() {
    let Some(records) = sudoku_testing::public_records("se_rated_public.txt") else {
        return;
    };
    let (steps, nested) = records
        .iter()
        .map(|r| check_path(&r.puzzle))
        .fold((0, 0), add);
    assert!(
        steps > 300 && nested > 100,
        "{steps} steps, {nested} nested links"
    );
}

fn add(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    (a.0 + b.0, a.1 + b.1)
}

/// The notation: `->` on from the link before, `; ` back to an earlier link, `(a & b)` for
/// several premises, the technique on the arrow; a premise that is no earlier link is written
/// `?`, never a panic.
#[test]
fn chain_text_names_each_links_premises() {
    let link = |cell: usize, digit: u8, on: bool, premises: &[usize], reason| Link {
        cell,
        digit,
        on,
        premises: premises.to_vec(),
        reason,
    };
    let chain = Chain {
        links: vec![
            link(0, 5, true, &[], LinkReason::Assumption),
            link(1, 5, false, &[0], LinkReason::Region(Unit::Row(0))),
            link(9, 5, false, &[0], LinkReason::Region(Unit::Box(0))),
            link(10, 5, true, &[2, 1], LinkReason::Region(Unit::Box(0))),
            link(
                20,
                3,
                false,
                &[3],
                LinkReason::Technique(Technique::PointingClaiming),
            ),
        ],
    };
    assert_eq!(
        chain.to_string(),
        "r1c1=5 -> r1c2<>5; r1c1=5 -> r2c1<>5; (r2c1<>5 & r1c2<>5) -> r2c2=5 \
         -[Pointing & Claiming]-> r3c3<>3"
    );
    let broken = Chain {
        links: vec![
            link(0, 5, true, &[], LinkReason::Assumption),
            link(1, 5, false, &[7], LinkReason::Cell),
        ],
    };
    assert_eq!(broken.to_string(), "r1c1=5; ? -> r1c2<>5");
}
