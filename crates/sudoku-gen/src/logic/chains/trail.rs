//! The trail of a cycle or forcing-chain search: what it turned on, in a compact entry a
//! candidate, from which the nodes of a chain are made only when one is found.

use super::{Cause, Chainer, NONE, Pot};

/// A candidate a cycle or forcing-chain search turned on, with the candidate off it follows
/// from and the entry that turned that one off (`NONE`: the search's source).
#[derive(Clone, Copy)]
pub(super) struct Turned {
    pub(super) on: Pot,
    pub(super) on_cause: Cause,
    pub(super) off: Pot,
    pub(super) off_cause: Cause,
    pub(super) parent: u32,
}

impl Chainer {
    /// Whether a candidate off `q` is on the path of the cycle search's entry `t` (`NONE`:
    /// the start).
    pub(super) fn turned_after(&self, mut t: u32, q: Pot) -> bool {
        while t != NONE {
            let turned = &self.trail[t as usize];
            if turned.off == q {
                return true;
            }
            t = turned.parent;
        }
        false
    }

    /// The node of the search's entry `t` (`NONE`: the start, `source`), made with the nodes
    /// of its path when it has none yet. `from_off`: the source is a candidate off, the one
    /// the entries without parent follow from (a cycle search starts from one on).
    pub(super) fn turned_node(&mut self, source: u32, t: u32, from_off: bool) -> u32 {
        if t == NONE {
            return source;
        }
        if self.trail_node[t as usize] != NONE {
            return self.trail_node[t as usize];
        }
        let turned = self.trail[t as usize];
        let off = if from_off && turned.parent == NONE {
            source
        } else {
            let up = self.turned_node(source, turned.parent, from_off);
            self.node(turned.off, false, turned.off_cause, Some(up), &[])
        };
        let on = self.node(turned.on, true, turned.on_cause, Some(off), &[]);
        self.trail_node[t as usize] = on;
        on
    }

    /// Empties the trail and what was turned on, for a new search.
    pub(super) fn start_trail(&mut self) {
        self.trail.clear();
        self.trail_node.clear();
        self.turned_on.next_round();
    }

    /// Adds an entry to the trail (without a node yet): its index.
    pub(super) fn turn(&mut self, turned: Turned) -> u32 {
        self.trail.push(turned);
        self.trail_node.push(NONE);
        (self.trail.len() - 1) as u32
    }
}
