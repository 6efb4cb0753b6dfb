//! Solving as a person does, on Sudoku Explainer's ladder: its techniques, in its order, with
//! its difficulties, each step explained.
//!
//! [`LogicSolver`] keeps a pencil-mark board and repeatedly applies the first step the ladder
//! finds, trying the techniques in Sudoku Explainer 1.2.1's order (cheapest first) and, within
//! a technique, regions, digits and cells in the order it visits them; chains are compared by
//! difficulty and length as it compares them. The hardest step of that path is the puzzle's
//! ER rating, the scale puzzle makers and forums grade on; the first step is a hint.

mod aligned;
mod basic;
mod board;
mod chains;
mod reach;
mod unique;

use std::borrow::Cow;
use std::fmt;
use std::ops::ControlFlow;

use sudoku_core::{Budget, Candidates, DigitSet, Exhausted, Grid, Meter, Solver, Unit, cell_name};

use basic::{SinglesReach, SinglesUpTo};
use board::{BLOCK, Board, HOUSE, ROW};
pub use chains::{Chain, Link, LinkReason};
use chains::{ChainRule, Chainer};

/// The techniques of the ladder, in the order Sudoku Explainer 1.2.1 tries them.
///
/// Each is a rule of its solver; one rule gives steps of a few difficulties (a hidden single
/// in a block is easier than one in a row, a longer chain harder than a shorter one), which
/// [`Step::difficulty`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A digit with one place left in a block (1.2), row or column (1.5), or the last empty
    /// cell of a region (1.0).
    HiddenSingle,
    /// Pointing (1.7) or claiming (1.9) that leaves a hidden single, placed at once.
    DirectPointing,
    /// A hidden pair whose eliminations leave a hidden single (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single (2.5).
    DirectHiddenTriplet,
    /// Locked candidates: pointing (2.6), claiming (2.8).
    PointingClaiming,
    /// Two cells of a region with the same two candidates (3.0).
    NakedPair,
    /// A digit in two rows (columns) limited to the same two columns (rows) (3.2).
    XWing,
    /// Two digits with the same two places in a region (3.4).
    HiddenPair,
    /// Three cells of a region whose candidates are three digits (3.6).
    NakedTriplet,
    /// The X-Wing of three rows and columns (3.8).
    Swordfish,
    /// Three digits whose places in a region are three cells (4.0).
    HiddenTriplet,
    /// A pivot xy sees pincers xz and yz: z leaves the cells both pincers see (4.2).
    XyWing,
    /// The same with a pivot xyz: z leaves the cells all three see (4.4).
    XyzWing,
    /// Unique rectangles and loops, types 1 to 4 (4.5 to 5.0 and up).
    UniqueLoop,
    /// Four cells of a region whose candidates are four digits (5.0).
    NakedQuad,
    /// The X-Wing of four rows and columns (5.2).
    Jellyfish,
    /// Four digits whose places in a region are four cells (5.4).
    HiddenQuad,
    /// Bivalue universal grave, types 1 to 4 (5.6 to 5.7 and up).
    Bug,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// Bidirectional X-, Y- and XY-cycles (6.5, 7.0) and forcing X-, Y- and XY-chains (6.6,
    /// 7.0), plus their length.
    ForcingChainsAndCycles,
    /// Aligned triplet exclusion (7.5).
    AlignedTripletExclusion,
    /// Nishio forcing chains (7.5 plus length).
    NishioForcingChains,
    /// Cell and region forcing chains (8.0 plus length).
    MultipleForcingChains,
    /// Dynamic contradiction, double, cell and region forcing chains (8.5 plus length).
    DynamicForcingChains,
    /// Dynamic forcing chains that also use intersections, pairs and X-Wings (9.0 plus
    /// length).
    DynamicForcingChainsPlus,
    /// Dynamic forcing chains that use forcing chains themselves (9.5 to 11.0 plus length).
    NestedForcingChains,
}

impl Technique {
    /// Every technique, in the ladder's order.
    pub const ALL: [Technique; 27] = [
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriplet,
        Technique::PointingClaiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriplet,
        Technique::Swordfish,
        Technique::HiddenTriplet,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
        Technique::AlignedPairExclusion,
        Technique::ForcingChainsAndCycles,
        Technique::AlignedTripletExclusion,
        Technique::NishioForcingChains,
        Technique::MultipleForcingChains,
        Technique::DynamicForcingChains,
        Technique::DynamicForcingChainsPlus,
        Technique::NestedForcingChains,
    ];

    /// The technique's name, as Sudoku Explainer lists it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriplet => "Direct Hidden Triplet",
            Technique::PointingClaiming => "Pointing & Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriplet => "Naked Triplet",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriplet => "Hidden Triplet",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueLoop => "Unique Rectangle / Loop",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Bug => "Bivalue Universal Grave",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::ForcingChainsAndCycles => "Forcing Chains & Cycles",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::NishioForcingChains => "Nishio Forcing Chains",
            Technique::MultipleForcingChains => "Multiple Forcing Chains",
            Technique::DynamicForcingChains => "Dynamic Forcing Chains",
            Technique::DynamicForcingChainsPlus => "Dynamic Forcing Chains (+)",
            Technique::NestedForcingChains => "Nested Forcing Chains",
        }
    }

    /// Its place in [`Technique::ALL`].
    pub fn index(self) -> usize {
        Technique::ALL
            .iter()
            .position(|&t| t == self)
            .expect("every technique is listed")
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty on Sudoku Explainer's scale (1.0 to about 12), in tenths, rounded as it
/// prints them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Difficulty(u16);

impl Difficulty {
    /// No difficulty (0.0): nothing to do.
    pub const ZERO: Difficulty = Difficulty(0);
    /// What Sudoku Explainer gives a puzzle its ladder cannot finish (20.0).
    pub const FAILED: Difficulty = Difficulty(200);

    /// The difficulty of `tenths` tenths (`72` is 7.2).
    pub const fn from_tenths(tenths: u16) -> Difficulty {
        Difficulty(tenths)
    }

    /// The difficulty rounded to a tenth as Sudoku Explainer prints it.
    pub fn from_f64(value: f64) -> Difficulty {
        Difficulty(((value + 0.05) * 10.0).max(0.0) as u16)
    }

    /// In tenths.
    pub const fn tenths(self) -> u16 {
        self.0
    }

    /// As a number (7.2).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;

    /// `7.2`, `7` or `10.5`: a number from 0 to 20 with at most one decimal.
    fn from_str(text: &str) -> Result<Difficulty, String> {
        let bad = || format!("`{text}` is not a rating such as 4.5 (0 to 20, one decimal)");
        let (whole, tenth) = match text.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some(_) => return Err(bad()),
            None => (text, "0"),
        };
        let whole: u16 = whole.parse().map_err(|_| bad())?;
        let tenth: u16 = tenth.parse().map_err(|_| bad())?;
        if whole > 20 || (whole == 20 && tenth > 0) {
            return Err(bad());
        }
        Ok(Difficulty(whole * 10 + tenth))
    }
}

impl fmt::Display for Difficulty {
    /// E.g. `7.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// Difficulty bands, defined on the ER rating: singles (up to 2.0: hidden singles and the
/// direct techniques that end in one), then naked singles, intersections, pairs and X-Wings
/// (up to 3.4), then triplets, wings, uniqueness, quads, BUG and aligned pairs (up to 6.4),
/// and chains beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// ER 1.0 to 2.0: hidden singles, direct pointing and claiming, direct hidden pairs.
    Easy,
    /// ER 2.1 to 3.4: naked singles, intersections, naked and hidden pairs, X-Wing.
    Medium,
    /// ER 3.5 to 6.4: triplets, Swordfish, XY- and XYZ-Wing, unique rectangles, quads,
    /// Jellyfish, BUG, aligned pair exclusion.
    Hard,
    /// ER 6.5 and up: chains.
    Expert,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 4] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert];

    /// The band of an ER rating.
    pub fn of(er: Difficulty) -> Band {
        match er.tenths() {
            0..=20 => Band::Easy,
            21..=34 => Band::Medium,
            35..=64 => Band::Hard,
            _ => Band::Expert,
        }
    }

    /// The ratings of the band, lowest and highest ([`Difficulty::FAILED`] at the top of
    /// [`Band::Expert`]).
    pub fn ratings(self) -> (Difficulty, Difficulty) {
        let (low, high) = match self {
            Band::Easy => (0, 20),
            Band::Medium => (21, 34),
            Band::Hard => (35, 64),
            Band::Expert => (65, Difficulty::FAILED.tenths()),
        };
        (Difficulty::from_tenths(low), Difficulty::from_tenths(high))
    }

    /// Lower-case name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: a technique, its difficulty, the cells and digits that make it work,
/// and what it concludes (digits placed, candidates removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique (the ladder's rule).
    pub technique: Technique,
    /// The step's name as Sudoku Explainer gives it ("Claiming", "Unique Rectangle type 2",
    /// "Dynamic Region Forcing Chains (+)", ...).
    pub name: Cow<'static, str>,
    /// Its difficulty.
    pub difficulty: Difficulty,
    /// The cells of the pattern (0 to 80).
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: DigitSet,
    /// The region the pattern lives in, where there is one.
    pub unit: Option<Unit>,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// The chains the step rests on, for the chain techniques (cycles, forcing chains,
    /// Nishio, multiple, dynamic and nested forcing chains): one for a cycle or a forcing
    /// chain, two for a contradiction (from one assumption to a candidate both true and false)
    /// or a double forcing chain (from a candidate true and from it false to the same
    /// conclusion), one for each candidate of a cell or each place of a digit in a region.
    /// Empty for the other techniques. (A boxed slice, so that a step, and the results that
    /// carry one, stay small.)
    pub chains: Box<[Chain]>,
}

impl fmt::Display for Step {
    /// E.g. `Hidden Single (1.2) in box 2 on r3c5 with {7}: place r3c5=7`; each of the
    /// step's [`chains`](Step::chains) follows in brackets: `Forcing Chain (7.1) on r7c5 with
    /// {2}: remove r7c5<>2 [r7c5=2 -> r7c5<>5 -> r8c4=5 -> r8c4<>6 -> r4c4=6 -> r4c4<>2 ->
    /// r4c5=2 -> r7c5<>2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = |list: &[usize]| {
            list.iter()
                .map(|&c| cell_name(c).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{} ({})", self.name, self.difficulty)?;
        if let Some(unit) = self.unit {
            write!(f, " in {unit}")?;
        }
        if !self.cells.is_empty() {
            write!(f, " on {} with {}", cells(&self.cells), self.digits)?;
        }
        if !self.eliminations.is_empty() {
            let removed: Vec<String> = self
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell_name(c)))
                .collect();
            write!(f, ": remove {}", removed.join(", "))?;
        }
        if !self.placements.is_empty() {
            let placed: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{}={d}", cell_name(c)))
                .collect();
            let sep = if self.eliminations.is_empty() {
                ":"
            } else {
                ","
            };
            write!(f, "{sep} place {}", placed.join(", "))?;
        }
        for chain in self.chains.iter() {
            write!(f, " [{chain}]")?;
        }
        Ok(())
    }
}

/// What the rules of chains nested in others need to know of a pattern: the eliminations
/// (made by the outer chain) it rests on are derived from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Parents {
    None,
    /// Intersections and fish: a digit confined by base regions to cover regions.
    Locking {
        digit: u8,
        bases: Vec<(usize, usize)>,
        covers: Vec<(usize, usize)>,
    },
    /// A naked set: these cells, these digits.
    Naked {
        cells: Vec<usize>,
        digits: u16,
    },
    /// A hidden set: these digits in this region.
    Hidden {
        kind: usize,
        index: usize,
        digits: u16,
    },
}

/// A step as found, before it becomes a [`Step`].
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) technique: Technique,
    pub(crate) name: Cow<'static, str>,
    pub(crate) difficulty: f64,
    pub(crate) cells: Vec<usize>,
    pub(crate) digits: u16,
    pub(crate) unit: Option<Unit>,
    pub(crate) placement: Option<(usize, u8)>,
    pub(crate) removals: Vec<(usize, u8)>,
    pub(crate) parents: Parents,
    /// The chains of a chain hint (made only for the hint a search keeps).
    pub(crate) chains: Vec<Chain>,
}

/// Where a technique sends the steps it finds; `Break` stops it.
pub(crate) type Sink<'a> = &'a mut dyn FnMut(Found) -> ControlFlow<()>;

impl Found {
    fn placing(
        technique: Technique,
        name: &'static str,
        difficulty: f64,
        (cell, digit): (usize, u8),
        unit: Option<Unit>,
    ) -> Found {
        Found {
            technique,
            name: name.into(),
            difficulty,
            cells: vec![cell],
            digits: board::bit(digit),
            unit,
            placement: Some((cell, digit)),
            removals: Vec::new(),
            parents: Parents::None,
            chains: Vec::new(),
        }
    }

    fn with_placement(mut self, placement: (usize, u8)) -> Found {
        self.placement = Some(placement);
        self
    }

    /// Whether the step removes something (Sudoku Explainer's `isWorth`).
    fn is_worth(&self) -> bool {
        !self.removals.is_empty()
    }

    fn into_step(self) -> Step {
        let mut eliminations = self.removals;
        eliminations.sort_unstable();
        eliminations.dedup();
        Step {
            technique: self.technique,
            name: self.name,
            difficulty: Difficulty::from_f64(self.difficulty),
            cells: self.cells,
            digits: DigitSet::from_bits(self.digits),
            unit: self.unit,
            placements: self.placement.into_iter().collect(),
            eliminations,
            chains: self.chains.into_boxed_slice(),
        }
    }
}

/// The unit of a region of the ladder's tables.
fn unit_of(kind: usize, index: usize) -> Unit {
    let index = index as u8;
    match kind {
        BLOCK => Unit::Box(index),
        ROW => Unit::Row(index),
        _ => Unit::Col(index),
    }
}

/// The rules that take a [`basic::Scope`], numbered for [`Seen`].
const SCOPED: usize = 15;

/// What the rules keep from one board to the next: where each digit has one place left; for
/// each rule that takes a [`basic::Scope`], the candidates of each digit when it last found
/// nothing (on a board with fewer candidates since, it needs to look only at what changed);
/// the unique loops searched; the boards on which aligned pair and triplet exclusion found
/// nothing.
#[derive(Default)]
struct Seen {
    singles: basic::Singles,
    nothing: [Option<[u128; 9]>; SCOPED],
    loops: unique::LoopMemo,
    aligned: [aligned::AlignedMemo; 2],
}

impl Seen {
    /// Runs rule `slot` on `b` in the scope of what changed since it last found nothing.
    fn run(
        &mut self,
        slot: usize,
        b: &Board,
        rule: impl FnOnce(basic::Scope) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let scope = self.nothing[slot].map_or(basic::Scope::ALL, |before| {
            basic::Scope::changed(&before, b)
        });
        let flow = rule(scope);
        if flow.is_continue() {
            self.nothing[slot] = Some(b.digit_cells);
        }
        flow
    }
}

/// The difficulty of the hardest technique (XYZ-wing) before the first whose steps may
/// stop being true when other steps refine the board (unique loops). Up to it, every step
/// stays true, or is taken by another no harder, however the board is refined: whatever
/// their order, the board where none of them is left is the same. A path takes them before
/// any harder step (the ladder goes by difficulty), so it reaches that board, and its next
/// step is the one taken there. A rating may therefore take the steps up to this and up to
/// its hardest so far in any order.
const ORDER_FREE_UP_TO: f64 = 4.4;

/// The difficulty of the first technique (unique loops) that assumes the puzzle has one
/// solution. The easier ones remove only what no solution holds, however many there are: a
/// path of them that fills the grid proves the solution unique.
const ASSUMES_ONE_SOLUTION: f64 = 4.5;

/// How a path knows that the puzzle has one solution, which the uniqueness techniques
/// assume.
pub(crate) enum Proof<'a> {
    /// The caller proved it.
    Given,
    /// The path proves it by a search before its first step.
    Search,
    /// The path calls this before the first step that needs a technique assuming it (most
    /// easy paths never do, and then filling the grid proved it); `false` ends the path,
    /// unsolved. It spends the nodes of the meter it is given.
    WhenNeeded(&'a mut dyn FnMut(&mut Meter) -> bool),
}

/// The first step of the ladder on `b`, with its difficulty as Sudoku Explainer computes it
/// (before rounding). Techniques whose easiest step is harder than `limit` are not tried:
/// `None` is then also the answer when only they could have found a step. `seen`: what the
/// rules found nothing in on the boards before (empty for a board of its own).
///
/// `free`: the difficulty up to which a rating's path may take its steps in any order
/// ([`ORDER_FREE_UP_TO`]), 0 for a path taken step by step; with it, `b` holds no single
/// that easy (the rating placed them all). A direct step (one found by its
/// eliminations, which then places a single) is then not looked for when the technique that
/// finds its eliminations is no harder: that one finds a step wherever it does.
fn first_step(
    b: &Board,
    chainer: &mut Chainer,
    seen: &mut Seen,
    limit: f64,
    free: f64,
) -> Option<Found> {
    let mut first = None;
    let mut take = |found: Found| {
        first = Some(found);
        ControlFlow::Break(())
    };
    let sink: Sink<'_> = &mut take;
    // Each technique with the difficulty of its easiest step.
    let _ = (|| {
        let within = |easiest: f64| {
            if easiest <= limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        };
        // Where the path may take its singles in any order, the rating placed every single
        // no harder than its hardest step before asking for the next.
        if free < 1.5 {
            basic::hidden_singles(b, &mut seen.singles, sink)?;
        }
        within(1.7)?;
        if free < 2.6 {
            seen.run(0, b, |s| basic::intersections(b, true, s, sink))?;
        }
        within(2.0)?;
        if free < 3.4 {
            seen.run(1, b, |s| basic::hidden_sets(b, 2, true, s, sink))?;
        }
        within(2.3)?;
        if free < 2.3 {
            basic::naked_singles(b, sink)?;
        }
        within(2.5)?;
        if free < 4.0 {
            seen.run(2, b, |s| basic::hidden_sets(b, 3, true, s, sink))?;
        }
        within(2.6)?;
        seen.run(3, b, |s| basic::intersections(b, false, s, sink))?;
        within(3.0)?;
        seen.run(4, b, |s| basic::naked_sets(b, 2, s, sink))?;
        within(3.2)?;
        seen.run(5, b, |s| basic::fish(b, 2, s, sink))?;
        within(3.4)?;
        seen.run(6, b, |s| basic::hidden_sets(b, 2, false, s, sink))?;
        within(3.6)?;
        seen.run(7, b, |s| basic::naked_sets(b, 3, s, sink))?;
        within(3.8)?;
        seen.run(8, b, |s| basic::fish(b, 3, s, sink))?;
        within(4.0)?;
        seen.run(9, b, |s| basic::hidden_sets(b, 3, false, s, sink))?;
        within(4.2)?;
        seen.run(13, b, |s| basic::wings(b, false, s, sink))?;
        within(4.4)?;
        seen.run(14, b, |s| basic::wings(b, true, s, sink))?;
        within(4.5)?;
        unique::unique_loops_with(b, &mut seen.loops, sink)?;
        within(5.0)?;
        seen.run(10, b, |s| basic::naked_sets(b, 4, s, sink))?;
        within(5.2)?;
        seen.run(11, b, |s| basic::fish(b, 4, s, sink))?;
        within(5.4)?;
        seen.run(12, b, |s| basic::hidden_sets(b, 4, false, s, sink))?;
        within(5.6)?;
        unique::bug(b, sink)?;
        within(6.2)?;
        aligned::aligned_exclusion_with(b, 2, &mut seen.aligned[0], sink)?;
        within(6.5)?;
        chains::chains(chainer, b, ChainRule::CYCLES, sink)?;
        within(7.5)?;
        aligned::aligned_exclusion_with(b, 3, &mut seen.aligned[1], sink)?;
        chains::chains(chainer, b, ChainRule::NISHIO, sink)?;
        within(8.0)?;
        chains::chains(chainer, b, ChainRule::MULTIPLE, sink)?;
        within(8.5)?;
        chains::chains(chainer, b, ChainRule::DYNAMIC, sink)?;
        for level in 1..=5u8 {
            within(8.5 + 0.5 * f64::from(level))?;
            chains::chains(chainer, b, ChainRule::new(true, true, false, level), sink)?;
        }
        ControlFlow::Continue(())
    })();
    first
}

/// Applies a step as Sudoku Explainer does: the eliminations, then the placement (which also
/// removes the digit from every cell the cell sees).
fn apply_found(b: &mut Board, found: &Found) {
    for &(cell, digit) in &found.removals {
        b.remove(cell, digit);
    }
    if let Some((cell, digit)) = found.placement
        && b.values[cell] == 0
    {
        b.place(cell, digit);
    }
}

/// The outcome of solving by the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicReport {
    /// The grid reached (the solution when `solved`).
    pub grid: Grid,
    /// Whether the ladder filled every cell.
    pub solved: bool,
    /// The technique of the hardest step, `None` when no step was needed.
    pub hardest: Option<Technique>,
    /// How many steps each technique took, indexed like [`Technique::ALL`].
    pub uses: [u32; 27],
    /// The ER rating: the difficulty of the hardest step ([`Difficulty::FAILED`] when the
    /// ladder got stuck, [`Difficulty::ZERO`] when nothing was left to do).
    pub er: Difficulty,
    /// The EP rating: the hardest step up to the first digit placed.
    pub ep: Difficulty,
    /// The ED rating: the difficulty of the first step.
    pub ed: Difficulty,
}

impl LogicReport {
    /// The band of the ER rating ([`Band::Expert`] when the ladder got stuck).
    pub fn band(&self) -> Band {
        if self.solved {
            Band::of(self.er)
        } else {
            Band::Expert
        }
    }
}

/// A pencil-mark board and the ladder of techniques.
#[derive(Clone, Debug)]
pub struct LogicSolver {
    board: Board,
}

impl LogicSolver {
    /// The board of `puzzle`, with the candidates its givens leave. Clashing givens leave a
    /// board on which logic finds no progress or a dead cell; check the grid first.
    pub fn new(puzzle: &Grid) -> LogicSolver {
        LogicSolver {
            board: Board::from_givens(*puzzle.cells()),
        }
    }

    /// The board of a pencil-mark position. A cell with one candidate counts as placed when
    /// no peer still has that digit as a candidate (a digit written in), and as a naked single
    /// still to find otherwise; every other cell keeps the candidates given, so eliminations
    /// made earlier are kept.
    pub fn from_candidates(marks: &Candidates) -> LogicSolver {
        let mut values = [0u8; 81];
        let mut cands: [u16; 81] = std::array::from_fn(|cell| marks.sets()[cell].bits());
        for cell in 0..81 {
            let Some(digit) = marks.sets()[cell].single() else {
                continue;
            };
            let settled = HOUSE[cell]
                .iter()
                .all(|&peer| !marks.sets()[peer as usize].contains(digit));
            if settled {
                values[cell] = digit;
                cands[cell] = 0;
            }
        }
        LogicSolver {
            board: Board::new(values, cands),
        }
    }

    /// The position as pencil marks: a placed digit is its cell's only candidate, and each
    /// other cell keeps its candidates. [`from_candidates`](LogicSolver::from_candidates)
    /// reads it back to the same board.
    pub fn position(&self) -> Candidates {
        let sets = std::array::from_fn(|cell| {
            if self.board.values[cell] != 0 {
                DigitSet::only(self.board.values[cell])
            } else {
                DigitSet::from_bits(self.board.cands[cell])
            }
        });
        Candidates::from_sets(sets)
    }

    /// Whether the candidates are exactly those the placed digits leave, so that the grid
    /// alone describes the position (no elimination made beyond them).
    pub fn is_plain(&self) -> bool {
        let grid = self.grid();
        (0..81).all(|cell| {
            self.board.values[cell] != 0
                || grid
                    .candidates(cell)
                    .is_some_and(|set| set.bits() == self.board.cands[cell])
        })
    }

    /// The grid of placed digits.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.board.values).expect("values stay digits")
    }

    /// The candidates of `cell` (empty once it is filled); `None` for a cell off the grid.
    pub fn candidates(&self, cell: usize) -> Option<DigitSet> {
        self.board
            .cands
            .get(cell)
            .map(|&bits| DigitSet::from_bits(bits))
    }

    /// Whether a blank cell has no candidate left (the puzzle has no solution).
    pub fn is_dead(&self) -> bool {
        (0..81).any(|c| self.board.values[c] == 0 && self.board.cands[c] == 0)
    }

    /// Whether exactly one solution fits the position (its placed digits and its
    /// candidates): the ladder's precondition (its uniqueness techniques assume it, and on a
    /// board with many solutions its deepest chains would search for a long time to no
    /// purpose). The search spends the nodes of `meter`; `false` when it runs out (the meter
    /// then says so).
    fn is_unique(&self, meter: &mut Meter) -> bool {
        let Some(root) = sudoku_mrv::Propagated::from_candidates(&self.position()) else {
            return false;
        };
        let mut solver = sudoku_mrv::MrvSolver::default();
        let (_, count) = solver.solve_and_count_from_within(&root, 2, meter.remaining());
        meter.charge(
            solver.stats().nodes,
            count.err().map(|unsettled| unsettled.exhausted),
        ) && count == Ok(1)
    }

    /// The step Sudoku Explainer would take next, or `None` when the ladder is stuck or the
    /// grid is full. `None` at once, too, when not exactly one solution fits the position
    /// (its digits clash, or none or several fit), since the techniques assume one.
    pub fn next_step(&self) -> Option<Step> {
        self.next_step_within(Budget::UNLIMITED).unwrap_or(None)
    }

    /// As [`next_step`](LogicSolver::next_step), within `budget`: its nodes are those of
    /// the uniqueness check and of the chains (one per assumption propagated; see
    /// [`explain_within`](LogicSolver::explain_within)), and its time and cancel flag are
    /// read as they go. `Err` with what ran out when the budget ran out first.
    ///
    /// # Errors
    ///
    /// What ran out, when the budget did.
    pub fn next_step_within(&self, budget: Budget) -> Result<Option<Step>, Exhausted> {
        let mut meter = budget.meter();
        let step = self.next_step_metered(&mut meter);
        match meter.exhausted() {
            Some(exhausted) => Err(exhausted),
            None => Ok(step),
        }
    }

    /// The next step, spending the nodes of `meter` (and nothing to keep once it ran out).
    pub(crate) fn next_step_metered(&self, meter: &mut Meter) -> Option<Step> {
        if self.board.is_full() || !self.is_unique(meter) || meter.should_stop() {
            return None;
        }
        let mut chainer = Chainer::default();
        chainer.meter = std::mem::take(meter);
        let found = first_step(
            &self.board,
            &mut chainer,
            &mut Seen::default(),
            f64::INFINITY,
            0.0,
        );
        *meter = std::mem::take(&mut chainer.meter);
        found
            .filter(|_| !meter.is_exhausted())
            .map(Found::into_step)
    }

    /// Applies a step's eliminations and placements; returns whether it did: `false`, the
    /// board unchanged, for a step naming a cell off the grid or a value outside 1 to 9.
    pub fn apply(&mut self, step: &Step) -> bool {
        let on_board = |&(cell, digit): &(usize, u8)| cell < 81 && (1..=9).contains(&digit);
        if !step
            .eliminations
            .iter()
            .chain(&step.placements)
            .all(on_board)
        {
            return false;
        }
        for &(cell, digit) in &step.eliminations {
            self.board.remove(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            if self.board.values[cell] == 0 {
                self.board.place(cell, digit);
            }
        }
        true
    }

    /// Takes the ladder's steps until the grid is full or the ladder is stuck, and rates the
    /// path as Sudoku Explainer does. When the placed digits do not have exactly one
    /// solution (clashing givens, none, several: an empty grid, say), the report comes at
    /// once, unsolved and rated [`Difficulty::FAILED`], without a step: the techniques
    /// assume one solution.
    pub fn solve(&mut self) -> LogicReport {
        self.walk(None, &mut Meter::default(), Proof::Search, false, None)
    }

    /// As [`solve_with`](LogicSolver::solve_with), within `budget`, which bounds the whole
    /// path: its nodes are those of the uniqueness check (search nodes), one for each step
    /// taken, and one for each assumption the chains propagate (the dear part of the hardest
    /// steps: a step of nested forcing chains propagates up to millions); its time and cancel
    /// flag are read before each step and every [`Meter::STRIDE`] nodes inside the chains, a
    /// few milliseconds apart even on the hardest puzzles known, so that a time limit holds
    /// to within about that. `Err` with what ran out when it stopped the path.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_gen::{Budget, Exhausted, Grid, LogicSolver};
    ///
    /// let puzzle: Grid =
    ///     "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........".parse()?;
    /// let mut steps = 0;
    /// let report = LogicSolver::new(&puzzle)
    ///     .explain_within(Budget::time(Duration::from_secs(60)), |_| steps += 1)
    ///     .expect("well within a minute");
    /// assert!(report.solved && steps > 10);
    /// assert!(LogicSolver::new(&puzzle).explain_within(Budget::time(Duration::ZERO), |_| {}).is_err());
    /// // A node budget repeats exactly: the same steps, then the same node runs out.
    /// let (mut first, mut again) = (0, 0);
    /// let err = LogicSolver::new(&puzzle).explain_within(Budget::nodes(60), |_| first += 1);
    /// assert_eq!(err, Err(Exhausted::Nodes(60)));
    /// let _ = LogicSolver::new(&puzzle).explain_within(Budget::nodes(60), |_| again += 1);
    /// assert_eq!(first, again);
    /// # Ok::<(), sudoku_gen::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What ran out, when the budget did.
    pub fn explain_within(
        &mut self,
        budget: Budget,
        mut each: impl FnMut(&Step),
    ) -> Result<LogicReport, Exhausted> {
        let mut meter = budget.meter();
        let report = self.walk(None, &mut meter, Proof::Search, false, Some(&mut each));
        match meter.exhausted() {
            Some(exhausted) => Err(exhausted),
            None => Ok(report),
        }
    }

    /// As [`solve`](LogicSolver::solve), but stops as soon as a step harder than `max` is
    /// needed: `None` then. Techniques whose easiest step is harder than `max` are never
    /// tried, so this is much faster than `solve` on puzzles far above `max`.
    pub fn solve_up_to(&mut self, max: Difficulty) -> Option<LogicReport> {
        self.solve_up_to_metered(max, &mut Meter::default(), false)
    }

    /// [`solve_up_to`](LogicSolver::solve_up_to) spending the nodes of `meter` (`None` too
    /// when it runs out: the meter says so).
    pub(crate) fn solve_up_to_metered(
        &mut self,
        max: Difficulty,
        meter: &mut Meter,
        rating_only: bool,
    ) -> Option<LogicReport> {
        let report = self.walk(Some(max), meter, Proof::Search, rating_only, None);
        (report.solved && report.er <= max && !meter.is_exhausted()).then_some(report)
    }

    /// As [`solve`](LogicSolver::solve), calling `each` with every step taken.
    pub fn solve_with(&mut self, mut each: impl FnMut(&Step)) -> LogicReport {
        self.walk(
            None,
            &mut Meter::default(),
            Proof::Search,
            false,
            Some(&mut each),
        )
    }

    /// Takes steps up to difficulty `max`, spending the nodes of `meter` (see
    /// [`explain_within`](LogicSolver::explain_within)); the path ends unsolved when it runs
    /// out. `proof`: how the walk knows that the placed digits have one solution.
    /// `each`, when given, is called with every step taken (a rating needs none, and skips
    /// making them). `rating_only`: the caller reads the ratings, the grid and the hardest
    /// technique but not [`LogicReport::uses`], so the path may end as soon as singles no
    /// harder than its hardest step fill the grid (see [`SinglesReach::fill`]); no step is
    /// reported then.
    pub(crate) fn walk(
        &mut self,
        max: Option<Difficulty>,
        meter: &mut Meter,
        proof: Proof<'_>,
        rating_only: bool,
        mut each: Option<&mut dyn FnMut(&Step)>,
    ) -> LogicReport {
        debug_assert!(
            !(rating_only && each.is_some()),
            "a shortcut takes no steps to report"
        );
        // The highest difficulty that still rounds to `max`.
        let limit = max.map_or(f64::INFINITY, |m| m.as_f64() + 0.049);
        let mut seen = Seen::default();
        let mut uses = [0u32; 27];
        let mut hardest: Option<(f64, Technique)> = None;
        let mut pearl = 0.0;
        let mut diamond = 0.0;
        let mut failed =
            !self.board.is_full() && matches!(proof, Proof::Search) && !self.is_unique(meter);
        let mut prove = match proof {
            Proof::WhenNeeded(prove) => Some(prove),
            Proof::Given | Proof::Search => None,
        };
        // The chains spend the meter's nodes; it comes back when the path ends.
        let mut chainer = Chainer::default();
        chainer.meter = std::mem::take(meter);
        // Where the singles no harder than the hardest step so far lead.
        let mut reach = SinglesReach::default();
        // The singles the path may rise to without a step of another technique between.
        let ceiling = SinglesUpTo::at(limit).min(SinglesUpTo::HiddenSingles);
        if rating_only && !failed && ceiling != SinglesUpTo::None && !self.board.is_full() {
            // The path starts with singles when there are any: the easiest first, then the
            // next kind only when none of the kinds before is left. Their order is free
            // ([`ORDER_FREE_UP_TO`]), so where the singles lead is where the path goes.
            reach.advance(&mut self.board, SinglesUpTo::FullHouses, ceiling);
            if reach.first() != SinglesUpTo::None {
                (diamond, pearl) = (reach.first().difficulty(), reach.first().difficulty());
                hardest = Some((reach.hardest().difficulty(), Technique::HiddenSingle));
                uses[Technique::HiddenSingle.index()] += 1;
            }
        }
        while !failed && !self.board.is_full() {
            // Each step is a node, and the clock and the cancel flag are read before it.
            if chainer.meter.should_stop() || !chainer.meter.spend() {
                failed = true;
                break;
            }
            let free = if rating_only && pearl != 0.0 {
                hardest.map_or(0.0, |(d, _)| d).min(ORDER_FREE_UP_TO)
            } else {
                0.0
            };
            let cap = if prove.is_some() {
                limit.min(ASSUMES_ONE_SOLUTION - 0.01)
            } else {
                limit
            };
            let mut found = first_step(&self.board, &mut chainer, &mut seen, cap, free);
            if found.is_none()
                && cap < limit
                && let Some(prove) = prove.take()
            {
                if !prove(&mut chainer.meter) {
                    failed = true;
                    break;
                }
                found = first_step(&self.board, &mut chainer, &mut seen, limit, free);
            }
            let Some(found) = found.filter(|_| !chainer.meter.is_exhausted()) else {
                failed = true;
                break;
            };
            let before = self.board;
            apply_found(&mut self.board, &found);
            if self.board == before {
                // A step that changes nothing would be taken forever.
                failed = true;
                break;
            }
            uses[found.technique.index()] += 1;
            if hardest.is_none_or(|(d, _)| found.difficulty > d) {
                hardest = Some((found.difficulty, found.technique));
            }
            let difficulty = hardest.map_or(0.0, |(d, _)| d);
            if pearl == 0.0 {
                if diamond == 0.0 {
                    diamond = difficulty;
                }
                if found.placement.is_some() {
                    pearl = difficulty;
                }
            }
            let over = found.difficulty > limit;
            if let Some(each) = each.as_mut() {
                each(&found.into_step());
            }
            if over {
                failed = true;
                break;
            }
            if rating_only && pearl != 0.0 {
                // Once the first placement fixes EP and ED, only a step harder than the
                // hardest so far can change the rating. Singles no harder that fill the grid
                // from here rule that out: they stay true on any board sound steps lead to,
                // so one of them is there at every later step. When they stop short, they
                // are placed all at once ([`ORDER_FREE_UP_TO`]).
                let full = reach.advance(&mut self.board, SinglesUpTo::at(difficulty), ceiling);
                if reach.hardest().difficulty() > difficulty {
                    hardest = Some((reach.hardest().difficulty(), Technique::HiddenSingle));
                }
                if full {
                    break;
                }
            }
        }
        *meter = std::mem::take(&mut chainer.meter);
        let grid = self.grid();
        let er = if failed {
            Difficulty::FAILED
        } else {
            hardest.map_or(Difficulty::ZERO, |(d, _)| Difficulty::from_f64(d))
        };
        LogicReport {
            solved: grid.is_solved(),
            grid,
            hardest: hardest.map(|(_, t)| t),
            uses,
            er,
            ep: Difficulty::from_f64(pearl),
            ed: Difficulty::from_f64(diamond),
        }
    }
}

#[cfg(test)]
mod tests;
