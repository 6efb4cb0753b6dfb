//! The nodes of a chain search (a candidate on or off, with the implications that reached
//! it), the sets and queues that hold them, and the walks over a node's ancestors that measure
//! a chain.

use super::{Cause, Chainer, NONE, Pot};

#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) pot: Pot,
    pub(super) on: bool,
    pub(super) cause: Cause,
    /// Its first parent (`NONE` for none); the others are
    /// `parents[rest_start..rest_start + rest_len]`.
    pub(super) first: u32,
    pub(super) rest_start: u32,
    pub(super) rest_len: u32,
    /// The length of its first-parent path.
    pub(super) depth: u16,
}

/// A set of indexes emptied at once: an index is in it when it holds the current round's
/// number (a new round empties it). The numbers are allocated on the first insertion, so
/// that a ladder that never reaches the chains does not pay for them.
pub(super) struct Stamps {
    of: Vec<u32>,
    len: usize,
    round: u32,
}

impl Stamps {
    /// A set of indexes below `len`.
    pub(super) fn new(len: usize) -> Stamps {
        Stamps {
            of: Vec::new(),
            len,
            round: 1,
        }
    }

    /// Empties the set.
    pub(super) fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.of.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }

    #[inline]
    pub(super) fn contains(&self, i: usize) -> bool {
        debug_assert!(i < self.len);
        self.of.get(i) == Some(&self.round)
    }

    /// Adds `i`: whether it was not in the set.
    #[inline]
    pub(super) fn insert(&mut self, i: usize) -> bool {
        if self.of.is_empty() {
            self.of = vec![0; self.len];
        }
        let new = self.of[i] != self.round;
        self.of[i] = self.round;
        new
    }
}

/// A first-in first-out queue for breadth-first searches: a vector read from the front,
/// emptied when all of it has been read.
pub(super) struct Queue<T> {
    items: Vec<T>,
    head: usize,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue {
            items: Vec::new(),
            head: 0,
        }
    }
}

impl<T: Copy> Queue<T> {
    #[inline]
    pub(super) fn push_back(&mut self, item: T) {
        self.items.push(item);
    }

    #[inline]
    pub(super) fn pop_front(&mut self) -> Option<T> {
        let item = self.items.get(self.head).copied();
        if item.is_some() {
            self.head += 1;
        } else {
            self.clear();
        }
        item
    }

    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }

    pub(super) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(super) fn extend(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
    }
}

/// Candidates of one polarity in the order they were reached, each with its node.
pub(super) struct PotSet {
    pub(super) order: Vec<Pot>,
    pub(super) node: Box<[u32; 729]>,
}

impl PotSet {
    pub(super) fn new() -> PotSet {
        PotSet {
            order: Vec::new(),
            node: Box::new([NONE; 729]),
        }
    }

    #[inline]
    pub(super) fn contains(&self, p: Pot) -> bool {
        self.node[p as usize] != NONE
    }

    #[inline]
    pub(super) fn get(&self, p: Pot) -> Option<u32> {
        let n = self.node[p as usize];
        (n != NONE).then_some(n)
    }

    /// Adds `p` with `node` when absent; Sudoku Explainer's set keeps the first.
    #[inline]
    pub(super) fn insert(&mut self, p: Pot, node: u32) -> bool {
        if self.node[p as usize] != NONE {
            return false;
        }
        self.node[p as usize] = node;
        self.order.push(p);
        true
    }

    pub(super) fn clear(&mut self) {
        for &p in &self.order {
            self.node[p as usize] = NONE;
        }
        self.order.clear();
    }
}

thread_local! {
    /// Empty sets that chain searches of this thread dropped, for the next ones (a rating
    /// makes a search of its own, and a set's table is worth keeping).
    static SPARE_SETS: std::cell::RefCell<Vec<PotSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many spare sets a thread keeps at most (3 MB): a search keeps what each candidate
/// assumed implies, two sets a candidate.
const SPARE_SETS_KEPT: usize = 1024;

impl Drop for Chainer {
    fn drop(&mut self) {
        let _ = SPARE_SETS.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            let room = SPARE_SETS_KEPT.saturating_sub(spare.len());
            for mut set in self.sets.drain(..).take(room) {
                set.clear();
                spare.push(set);
            }
        });
    }
}

impl Chainer {
    pub(super) fn reset(&mut self) {
        self.nodes.clear();
        self.nested_of.clear();
        self.parents.clear();
        // Only the sets handed out since the last reset can hold anything.
        for i in self.live.drain(..) {
            if self.in_use[i] {
                self.sets[i].clear();
                self.in_use[i] = false;
                self.free.push(i);
            }
        }
        for p in self.memoised.drain(..) {
            self.memo[p as usize] = None;
        }
    }

    pub(super) fn new_set(&mut self) -> usize {
        let i = self.free.pop().unwrap_or_else(|| {
            let set = SPARE_SETS
                .with(|spare| spare.borrow_mut().pop())
                .unwrap_or_else(PotSet::new);
            self.sets.push(set);
            self.in_use.push(false);
            self.sets.len() - 1
        });
        self.in_use[i] = true;
        self.live.push(i);
        i
    }

    pub(super) fn release(&mut self, set: usize) {
        self.sets[set].clear();
        self.in_use[set] = false;
        self.free.push(set);
    }

    /// A new node resting on `first` (when there is one) and `rest`.
    #[inline]
    pub(super) fn node(
        &mut self,
        p: Pot,
        on: bool,
        cause: Cause,
        first: Option<u32>,
        rest: &[u32],
    ) -> u32 {
        let (first, rest) = match (first, rest) {
            (Some(f), rest) => (f, rest),
            (None, [f, rest @ ..]) => (*f, rest),
            (None, []) => (NONE, rest),
        };
        let rest_start = self.parents.len() as u32;
        if !rest.is_empty() {
            self.parents.extend_from_slice(rest);
        }
        self.push(p, on, cause, first, rest_start)
    }

    /// Adds the node of `p` resting on `first` (or none: [`NONE`]) and the parents from
    /// `rest_start` to the end of `parents`, one deeper than `first`.
    #[inline]
    fn push(&mut self, p: Pot, on: bool, cause: Cause, first: u32, rest_start: u32) -> u32 {
        let depth = if first == NONE {
            0
        } else {
            self.nodes[first as usize].depth.saturating_add(1)
        };
        self.nodes.push(Node {
            pot: p,
            on,
            cause,
            first,
            rest_start,
            rest_len: self.parents.len() as u32 - rest_start,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    /// A node resting on `first` and the hidden parents `hidden[start..start + len]`.
    pub(super) fn node_hidden(
        &mut self,
        p: Pot,
        on: bool,
        cause: Cause,
        first: u32,
        start: u32,
        len: u32,
    ) -> u32 {
        let rest_start = self.parents.len() as u32;
        for i in start..start + len {
            let h = self.hidden[i as usize];
            self.parents.push(h);
        }
        self.push(p, on, cause, first, rest_start)
    }

    #[inline]
    pub(super) fn first_parent(&self, n: u32) -> Option<u32> {
        let first = self.nodes[n as usize].first;
        (first != NONE).then_some(first)
    }

    /// Visits the distinct candidates (with polarity) `n` rests on, itself included, once
    /// each in breadth-first order.
    pub(super) fn walk(&mut self, n: u32, mut visit: impl FnMut(u32, &Node)) {
        self.visited.next_round();
        let mut todo = std::mem::take(&mut self.todo);
        todo.clear();
        todo.push(n);
        let mut head = 0;
        while head < todo.len() {
            let at = todo[head];
            head += 1;
            let node = self.nodes[at as usize];
            let key = node.pot as usize * 2 + usize::from(node.on);
            if !self.visited.insert(key) {
                continue;
            }
            visit(at, &node);
            if node.first != NONE {
                todo.push(node.first);
            }
            let start = node.rest_start as usize;
            todo.extend_from_slice(&self.parents[start..start + node.rest_len as usize]);
        }
        self.todo = todo;
    }

    /// The number of distinct candidates (with polarity) `n` rests on, itself included.
    pub(super) fn ancestors(&mut self, n: u32) -> u32 {
        let mut count = 0;
        self.walk(n, |_, _| count += 1);
        count
    }
}
