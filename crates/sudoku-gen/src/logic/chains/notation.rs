//! The chains of a chain or forcing step as a learner reads them: each candidate found true or
//! false, with the earlier candidates it follows from and why, written in the notation of
//! forcing chains (`r1c7=5 -> r1c2<>5 -> r1c2=3`).
//!
//! A chain is made from the nodes of a search only for a hint the search keeps (for the
//! multiple chains, once the search is over, for the hint it returns), and its text only when
//! it is printed.

use std::fmt;

use sudoku_core::{Unit, cell_name};

use super::{Cause, Chainer, NONE, cell_of, digit_of, pot};
use crate::logic::Technique;
use crate::logic::board::REGION_OF;

/// One candidate of a [`Chain`] (a digit in a cell) found true or false, with the earlier
/// links it follows from.
///
/// Written `r1c7=5` (true: the cell holds the digit) or `r1c2<>5` (false).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The cell, 0 to 80.
    pub cell: usize,
    /// The digit, 1 to 9.
    pub digit: u8,
    /// True (the cell holds the digit) or false (it does not).
    pub on: bool,
    /// The earlier links this one follows from, as indexes into [`Chain::links`]: none for
    /// the assumption, one for a digit placed (it removes its cell's other candidates and its
    /// peers' same digit), every other candidate of the cell or place of the digit in the
    /// region for a single, and the eliminations a pattern needs for a
    /// [`LinkReason::Technique`].
    pub premises: Vec<usize>,
    /// Why it follows.
    pub reason: LinkReason,
}

/// Why a [`Link`] follows from its premises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkReason {
    /// It is the assumption the chain starts from.
    Assumption,
    /// Within its cell: a digit placed in the cell removes the others, and a cell whose other
    /// candidates are all false holds the last one.
    Cell,
    /// Within this region: a digit placed removes it from the region's other cells, and a
    /// digit whose other places in the region are all false goes in the last one.
    Region(Unit),
    /// An elimination this technique makes once the premises are false (the chains of Dynamic
    /// Forcing Chains (+) and of nested forcing chains use intersections, pairs, X-Wings and
    /// chains themselves on the board they reach).
    Technique(Technique),
}

/// A chain of implications: from an assumption to a conclusion, each link after the links it
/// follows from, as Sudoku Explainer and HoDoKu show forcing chains.
///
/// A forcing chain (or net) has one assumption; a step rests on one chain (a forcing chain,
/// a cycle) or on several: the two sides of a contradiction or of a double forcing chain, one
/// chain for each candidate of a cell or each place of a digit in a region. `Display` writes
/// the notation: `->` between a link and the one that follows from it, `(a & b) -> c` for a
/// link that needs several, `-[X-Wing]->` for one another technique gives, and `; ` where
/// the text goes back to an earlier link:
///
/// ```text
/// r3c1=8 -> r2c1<>8; r3c1=8 -> r3c6<>8 -> r4c6=8 -> r4c6<>9 -> r4c1=9 -> r2c1<>9;
/// (r2c1<>9 & r2c1<>8) -> r2c1=1 -> r3c3<>1 -> r3c3=7 -> r1c1<>7
/// ```
///
/// ```
/// use sudoku_gen::{Grid, LogicSolver, Technique};
///
/// let puzzle: Grid =
///     "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........".parse()?;
/// let mut chains = Vec::new();
/// LogicSolver::new(&puzzle).solve_with(|step| {
///     if step.technique >= Technique::ForcingChainsAndCycles {
///         chains.extend(step.chains.iter().map(|chain| chain.to_string()));
///     }
/// });
/// assert!(chains.iter().any(|c| c.contains(" -> ")), "{chains:?}");
/// # Ok::<(), sudoku_gen::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The links, the assumption first and the conclusion last; each link comes after its
    /// premises. A cycle ends on its assumption again.
    pub links: Vec<Link>,
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { "=" } else { "<>" };
        write!(f, "{}{sign}{}", cell_name(self.cell), self.digit)
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A premise by its index (`?` for one that is not an earlier link).
        let premise = |f: &mut fmt::Formatter<'_>, p: usize, i: usize| match self.links.get(p) {
            Some(link) if p < i => write!(f, "{link}"),
            _ => f.write_str("?"),
        };
        for (i, link) in self.links.iter().enumerate() {
            match link.premises.as_slice() {
                [] if i == 0 => {}
                [] => f.write_str("; ")?,
                [p] if *p + 1 == i => {}
                [p] => {
                    f.write_str("; ")?;
                    premise(f, *p, i)?;
                }
                several => {
                    f.write_str("; (")?;
                    for (k, &p) in several.iter().enumerate() {
                        if k > 0 {
                            f.write_str(" & ")?;
                        }
                        premise(f, p, i)?;
                    }
                    f.write_str(")")?;
                }
            }
            match (link.premises.is_empty(), link.reason) {
                (true, _) => {}
                (false, LinkReason::Technique(technique)) => write!(f, " -[{technique}]-> ")?,
                (false, _) => f.write_str(" -> ")?,
            }
            write!(f, "{link}")?;
        }
        Ok(())
    }
}

impl Cause {
    fn reason(self, cell: usize) -> LinkReason {
        match self {
            Cause::Start => LinkReason::Assumption,
            Cause::Cell => LinkReason::Cell,
            Cause::Region(kind) => LinkReason::Region(crate::logic::unit_of(
                kind as usize,
                REGION_OF[kind as usize][cell] as usize,
            )),
            Cause::Advanced(technique) => LinkReason::Technique(technique),
        }
    }
}

/// A candidate with its polarity, as an index: `2 * pot + on`.
fn key(pot: u16, on: bool) -> usize {
    pot as usize * 2 + usize::from(on)
}

impl Chainer {
    /// The chain that leads to node `target`: every candidate it rests on, once each (the
    /// first node reached of each), its premises before it. A depth-first walk from the
    /// target, each node's first parent (the one its first-parent path goes through) visited
    /// last, so that a node follows its first parent wherever it can and the text reads on.
    pub(super) fn chain_to(&mut self, target: u32) -> Chain {
        const UNSEEN: u32 = u32::MAX;
        const OPEN: u32 = u32::MAX - 1;
        // Each candidate's link (`UNSEEN` in every entry between calls).
        let mut index = std::mem::take(&mut self.chain_index);
        index.resize(729 * 2, UNSEEN);
        let mut links: Vec<Link> = Vec::new();
        let parent_count = |n: u32| {
            let node = &self.nodes[n as usize];
            node.rest_len + u32::from(node.first != NONE)
        };
        // The `i`-th parent in the order visited: the others, then the first.
        let parent = |n: u32, i: u32| {
            let node = &self.nodes[n as usize];
            if i < node.rest_len {
                self.parents[(node.rest_start + i) as usize]
            } else {
                node.first
            }
        };
        let start = &self.nodes[target as usize];
        index[key(start.pot, start.on)] = OPEN;
        let mut stack: Vec<(u32, u32)> = vec![(target, 0)];
        while let Some(top) = stack.last_mut() {
            let (n, next) = *top;
            if next < parent_count(n) {
                top.1 += 1;
                let p = parent(n, next);
                let node = &self.nodes[p as usize];
                let k = key(node.pot, node.on);
                if index[k] == UNSEEN {
                    index[k] = OPEN;
                    stack.push((p, 0));
                }
                continue;
            }
            stack.pop();
            let node = &self.nodes[n as usize];
            let mut premises: Vec<usize> = Vec::with_capacity(parent_count(n) as usize);
            // The first parent first, then the others, as the search found them.
            let count = parent_count(n);
            for i in (0..count).map(|i| (i + count - 1) % count) {
                let p = &self.nodes[parent(n, i) as usize];
                let at = index[key(p.pot, p.on)];
                debug_assert!(at < OPEN, "a node's parents come before it");
                if at < OPEN && !premises.contains(&(at as usize)) {
                    premises.push(at as usize);
                }
            }
            index[key(node.pot, node.on)] = links.len() as u32;
            links.push(Link {
                cell: cell_of(node.pot),
                digit: digit_of(node.pot),
                on: node.on,
                premises,
                reason: node.cause.reason(cell_of(node.pot)),
            });
        }
        for link in &links {
            index[key(pot(link.cell, link.digit), link.on)] = UNSEEN;
        }
        self.chain_index = index;
        Chain { links }
    }

    /// The chain of a cycle or a forcing chain, whose nodes have one parent each: the
    /// first-parent path from the start to node `end` (a cycle's ends on the start again).
    pub(super) fn path_chain(&self, end: u32) -> Chain {
        let mut path = vec![end];
        let mut at = end;
        while let Some(up) = self.first_parent(at) {
            path.push(up);
            at = up;
        }
        let links = path
            .iter()
            .rev()
            .enumerate()
            .map(|(i, &n)| {
                let node = &self.nodes[n as usize];
                Link {
                    cell: cell_of(node.pot),
                    digit: digit_of(node.pot),
                    on: node.on,
                    premises: if i == 0 { Vec::new() } else { vec![i - 1] },
                    reason: if i == 0 {
                        LinkReason::Assumption
                    } else {
                        node.cause.reason(cell_of(node.pot))
                    },
                }
            })
            .collect();
        Chain { links }
    }
}
