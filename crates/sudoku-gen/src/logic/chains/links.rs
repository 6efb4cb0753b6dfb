//! The links between candidates: what a candidate on turns off and what a candidate off turns
//! on, worked out once for a board that does not change during a search, and the graph and
//! reachability over them that decide which searches can find anything.

use super::{Cause, Chainer, KINDS, NONE, Pot, cell_of, digit_of, pot};
use crate::logic::board::{
    BLOCK, Board, COL, PEER_PARTS, POSITION_IN, REGION_OF, REGIONS, ROW, bit, cells128, count9,
    digits,
};

/// What an assumption turns off, appended to `out`: with `cell_links`, the other candidates
/// of its cell; then its digit in the other cells of its block, row and column (in that
/// order, each cell once).
#[inline(always)]
pub(super) fn on_to_off(b: &Board, p: Pot, cell_links: bool, out: &mut Vec<(Pot, Cause)>) {
    let cell = cell_of(p);
    let digit = digit_of(p);
    let [block, row, col] = &PEER_PARTS[cell];
    out.reserve(28);
    if cell_links {
        for d in digits(b.cands[cell] & !bit(digit)) {
            out.push((pot(cell, d), Cause::Cell));
        }
    }
    let others = b.digit_cells[digit as usize - 1];
    for (set, kind) in [
        (others & block, BLOCK),
        (others & row, ROW),
        (others & col, COL),
    ] {
        for c in cells128(set) {
            out.push((pot(c, digit), Cause::Region(kind as u8)));
        }
    }
}

/// The places of each digit in each region (`[digit - 1][kind * 9 + region]`, a bit for each
/// position in the region), kept beside a board: what turns a candidate on when another is
/// turned off is read from them.
#[derive(Clone, Copy)]
pub(super) struct RegionPlaces(pub(super) [[u16; 27]; 9]);

impl RegionPlaces {
    pub(super) fn of(b: &Board) -> RegionPlaces {
        let mut places = [[0u16; 27]; 9];
        for cell in 0..81 {
            for d in digits(b.cands[cell]) {
                for kind in KINDS {
                    places[d as usize - 1][kind * 9 + REGION_OF[kind][cell] as usize] |=
                        1 << POSITION_IN[kind][cell];
                }
            }
        }
        RegionPlaces(places)
    }

    /// Takes `digit` out of `cell`'s places, as `Board::remove` does on the board.
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, digit: u8) {
        let places = &mut self.0[digit as usize - 1];
        for kind in KINDS {
            places[kind * 9 + REGION_OF[kind][cell] as usize] &= !(1 << POSITION_IN[kind][cell]);
        }
    }
}

/// What a candidate turned off turns on, appended to `out`: with `cell_links`, the other
/// candidate of a cell with two; then the other place of its digit in a region with two
/// (block, row, column, each candidate once). `places`: those of the board `b`. The
/// eliminations behind each are `Chainer::hidden_parents`.
#[inline(always)]
pub(super) fn off_targets(
    b: &Board,
    places: &RegionPlaces,
    p: Pot,
    cell_links: bool,
    out: &mut Vec<(Pot, Cause)>,
) {
    let first = out.len();
    let cell = cell_of(p);
    let digit = digit_of(p);
    let cands = b.cands[cell];
    debug_assert!(
        cands & bit(digit) != 0,
        "a candidate turned off is on the board"
    );
    let rest = cands & !bit(digit);
    if cell_links && rest != 0 && rest & (rest - 1) == 0 {
        let other = rest.trailing_zeros() as u8 + 1;
        out.push((pot(cell, other), Cause::Cell));
    }
    let now = &places.0[digit as usize - 1];
    for kind in KINDS {
        let region = REGION_OF[kind][cell] as usize;
        let places = now[kind * 9 + region];
        let rest = places & !(1 << POSITION_IN[kind][cell]);
        // Two places: this one and one other.
        if rest == 0 || rest & (rest - 1) != 0 || places == rest {
            continue;
        }
        let q = pot(
            REGIONS[kind][region][rest.trailing_zeros() as usize] as usize,
            digit,
        );
        if out[first..].iter().any(|&(o, _)| o == q) {
            continue;
        }
        out.push((q, Cause::Region(kind as u8)));
    }
}

/// The implications of every candidate on a board that does not change during a search
/// (every chain but the dynamic ones), worked out once, in the order `on_to_off` and
/// `off_targets` give them: for each candidate, the links through its cell first, then those
/// through its regions, so that one table serves searches with either kind or both.
#[derive(Default)]
pub(super) struct Links {
    /// Per candidate: where its cell links and its region links start.
    on_at: Vec<[u32; 2]>,
    on: Vec<(Pot, Cause)>,
    off_at: Vec<[u32; 2]>,
    off: Vec<(Pot, Cause)>,
    /// Which links the search uses.
    cell_links: bool,
    region_links: bool,
    /// The board they were worked out on (the rules of one step share them), boxed so that
    /// the links move cheaply in and out of the chainer.
    board: Option<Box<Board>>,
}

impl Links {
    pub(super) fn build(&mut self, b: &Board) {
        match &mut self.board {
            Some(board) if **board == *b => return,
            Some(board) => **board = *b,
            None => self.board = Some(Box::new(*b)),
        }
        let places = RegionPlaces::of(b);
        self.on_at.clear();
        self.on.clear();
        self.off_at.clear();
        self.off.clear();
        for cell in 0..81 {
            let cands = b.cands[cell];
            for digit in 1..=9u8 {
                let on_start = self.on.len() as u32;
                let off_start = self.off.len() as u32;
                if cands & bit(digit) == 0 {
                    self.on_at.push([on_start, on_start]);
                    self.off_at.push([off_start, off_start]);
                    continue;
                }
                // The links through the cell come first: its other candidates, and the other
                // one of a cell with two.
                let p = pot(cell, digit);
                on_to_off(b, p, true, &mut self.on);
                self.on_at.push([on_start, on_start + count9(cands) - 1]);
                off_targets(b, &places, p, true, &mut self.off);
                let cell_ons = u32::from(count9(cands) == 2);
                self.off_at.push([off_start, off_start + cell_ons]);
            }
        }
        self.on_at.push([self.on.len() as u32; 2]);
        self.off_at.push([self.off.len() as u32; 2]);
    }

    /// Which links the next searches use.
    pub(super) fn use_links(&mut self, cell_links: bool, region_links: bool) {
        self.cell_links = cell_links;
        self.region_links = region_links;
    }

    #[inline]
    pub(super) fn on_to_off(&self, p: Pot) -> &[(Pot, Cause)] {
        let [start, regions] = self.on_at[p as usize];
        let end = self.on_at[p as usize + 1][0];
        let start = if self.cell_links { start } else { regions };
        &self.on[start as usize..end as usize]
    }

    /// Whether `p` turned off turns anything on.
    #[inline]
    pub(super) fn turns_on(&self, p: Pot) -> bool {
        !self.off_to_on(p).is_empty()
    }

    #[inline]
    pub(super) fn off_to_on(&self, p: Pot) -> &[(Pot, Cause)] {
        let [start, regions] = self.off_at[p as usize];
        let end = self.off_at[p as usize + 1][0];
        let start = if self.cell_links { start } else { regions };
        let end = if self.region_links { end } else { regions };
        &self.off[start as usize..end as usize]
    }
}

impl Chainer {
    /// Works out which candidates on each candidate of `b`, on or off, implies through the
    /// links in use, and with `offs` which candidates off too. The candidates on are nodes
    /// `0..n`; the candidates off follow (without `offs`, only those that turn something on:
    /// the others lead nowhere). Only the candidates of the `wanted` digits in the cells of
    /// `cells` are taken, which is exact for links that keep to one digit, or that reach no
    /// other cells; `closure`: work out the reachability too, not only the graph.
    pub(super) fn build_reach(
        &mut self,
        b: &Board,
        offs: bool,
        closure: bool,
        wanted: u16,
        cells: u128,
    ) {
        let mut live = std::mem::take(&mut self.live_pots);
        // Only the candidates of the last build have nodes.
        if self.dense.is_empty() {
            self.dense.resize(729 * 2, NONE);
        }
        for &p in &live {
            self.dense[p as usize * 2] = NONE;
            self.dense[p as usize * 2 + 1] = NONE;
        }
        live.clear();
        for cell in cells128(cells) {
            live.extend(digits(b.cands[cell] & wanted).map(|d| pot(cell, d)));
        }
        let mut nodes = 0;
        for &p in &live {
            self.dense[p as usize * 2] = nodes;
            nodes += 1;
        }
        let on_nodes = nodes;
        for &p in &live {
            if offs || self.links.turns_on(p) {
                self.dense[p as usize * 2 + 1] = nodes;
                nodes += 1;
            }
        }
        self.graph.clear();
        self.on_edges.clear();
        for &p in &live {
            for &(q, cause) in self.links.on_to_off(p) {
                let n = self.dense[q as usize * 2 + 1];
                if n != NONE {
                    self.graph.targets.push(n);
                    self.on_edges.push((q, cause));
                }
            }
            self.graph.end_node();
        }
        for &p in &live {
            if self.dense[p as usize * 2 + 1] != NONE {
                for &(q, _) in self.links.off_to_on(p) {
                    self.graph.targets.push(self.dense[q as usize * 2]);
                }
                self.graph.end_node();
            }
        }
        self.live_pots = live;
        self.closure = closure;
        if closure {
            let bits = if offs { nodes } else { on_nodes };
            self.reach.build(&self.graph, bits as usize);
        }
    }

    /// Whether some candidate, on or off, follows from every candidate of `from` on, by the
    /// reachability worked out last (with the candidates off).
    pub(super) fn share_conclusion(&self, from: impl Iterator<Item = Pot>) -> bool {
        // A cell's candidates or a digit's places in a region: nine at most.
        let mut nodes = [0u32; 9];
        let mut n = 0;
        for p in from {
            nodes[n] = self.dense[p as usize * 2];
            n += 1;
        }
        self.reach.meet(&nodes[..n])
    }

    /// Whether `from` (a candidate on or off) implies `to` on, through the links of the
    /// reachability worked out last.
    pub(super) fn implies(&self, from: Pot, from_on: bool, to: Pot) -> bool {
        let a = self.dense[from as usize * 2 + usize::from(!from_on)];
        a != NONE && self.reach.reaches(a, self.dense[to as usize * 2])
    }
}
