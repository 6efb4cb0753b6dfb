//! Which nodes of a directed graph reach which: the strongly connected components (Tarjan's
//! algorithm, without recursion) and, for each, the set of nodes it reaches as a bit set.
//!
//! The chain searches ask it before they search: an assumption whose conclusions cannot
//! include what a hint needs is not propagated at all.

const NONE: u32 = u32::MAX;

/// A graph in compressed rows: the successors of node `v` are
/// `targets[start[v]..start[v + 1]]`.
#[derive(Default)]
pub(crate) struct Graph {
    pub(crate) start: Vec<u32>,
    pub(crate) targets: Vec<u32>,
}

impl Graph {
    /// Starts an empty graph.
    pub(crate) fn clear(&mut self) {
        self.start.clear();
        self.targets.clear();
        self.start.push(0);
    }

    /// Closes the successors of the next node (those pushed onto `targets` since the last
    /// call).
    pub(crate) fn end_node(&mut self) {
        self.start.push(self.targets.len() as u32);
    }

    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The reachability of a graph: for each node, the nodes at the end of its paths (itself
/// included), among the first `bits` nodes (the others are only passed through).
#[derive(Default)]
pub(crate) struct Reach {
    bits: usize,
    words: usize,
    /// Each node's component.
    comp: Vec<u32>,
    /// Per component, `words` words: the nodes it reaches.
    rows: Vec<u64>,
    /// Per component, how many of its nodes are among the first `bits`.
    size: Vec<u32>,
    /// Per component, its node when it reaches nothing but itself (`NONE` otherwise).
    alone: Vec<u32>,
    // Scratch space of the component search: each node's index and low link.
    visit: Vec<[u32; 2]>,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
}

impl Reach {
    /// Works out what each node of `g` reaches among nodes `0..bits`.
    pub(crate) fn build(&mut self, g: &Graph, bits: usize) {
        let n = g.len();
        let words = bits.div_ceil(64).max(1);
        self.words = words;
        self.bits = bits;
        // At most one component a node.
        self.rows.clear();
        self.rows.resize(n * words, 0);
        self.comp.clear();
        self.comp.resize(n, NONE);
        self.visit.clear();
        self.visit.resize(n, [NONE; 2]);
        self.size.clear();
        self.alone.clear();
        self.stack.clear();
        let mut counter = 0u32;
        let mut comps = 0u32;
        for root in 0..n as u32 {
            if self.visit[root as usize][0] != NONE {
                continue;
            }
            self.open(root, &mut counter, g);
            while let Some(&mut (v, ref mut pos)) = self.call.last_mut() {
                if *pos < g.start[v as usize + 1] {
                    let w = g.targets[*pos as usize];
                    *pos += 1;
                    let index = self.visit[w as usize][0];
                    if index == NONE {
                        self.open(w, &mut counter, g);
                    } else if self.comp[w as usize] == NONE {
                        // Visited, in no component yet: on the stack.
                        let low = &mut self.visit[v as usize][1];
                        *low = (*low).min(index);
                    }
                    continue;
                }
                self.call.pop();
                let [index, low] = self.visit[v as usize];
                if let Some(&(u, _)) = self.call.last() {
                    let up = &mut self.visit[u as usize][1];
                    *up = (*up).min(low);
                }
                if low == index {
                    self.close(v, comps, g);
                    comps += 1;
                }
            }
        }
    }

    fn open(&mut self, v: u32, counter: &mut u32, g: &Graph) {
        self.visit[v as usize] = [*counter; 2];
        *counter += 1;
        self.stack.push(v);
        self.call.push((v, g.start[v as usize]));
    }

    /// Pops the component whose root is `v` and works out what it reaches: its nodes and
    /// what the components its edges lead to reach (all found before it).
    fn close(&mut self, v: u32, c: u32, g: &Graph) {
        let words = self.words;
        let row = c as usize * words;
        let mut top = self.stack.len();
        let mut size = 0;
        loop {
            top -= 1;
            let w = self.stack[top];
            self.comp[w as usize] = c;
            if (w as usize) < self.bits {
                self.rows[row + w as usize / 64] |= 1 << (w % 64);
                size += 1;
            }
            if w == v {
                break;
            }
        }
        let (done, rest) = self.rows.split_at_mut(row);
        let this = &mut rest[..words];
        let mut last = NONE;
        let mut leaves = false;
        for &w in &self.stack[top..] {
            for &t in g.successors(w as usize) {
                let ct = self.comp[t as usize];
                if ct == c || ct == last {
                    continue;
                }
                last = ct;
                leaves = true;
                // A node that leads nowhere adds its own bit only.
                let alone = self.alone[ct as usize];
                if alone != NONE {
                    if (alone as usize) < self.bits {
                        this[alone as usize / 64] |= 1 << (alone % 64);
                    }
                    continue;
                }
                let from = &done[ct as usize * words..ct as usize * words + words];
                for (a, b) in this.iter_mut().zip(from) {
                    *a |= b;
                }
            }
        }
        let single = top + 1 == self.stack.len();
        self.alone.push(if single && !leaves { v } else { NONE });
        self.stack.truncate(top);
        self.size.push(size);
    }

    /// Whether `v` is on a cycle through another of the first `bits` nodes.
    pub(crate) fn cycles_with_others(&self, v: u32) -> bool {
        self.size[self.comp[v as usize] as usize] >= 2
    }

    /// The nodes `v` reaches, itself included, as a bit set.
    pub(crate) fn row(&self, v: u32) -> &[u64] {
        let c = self.comp[v as usize] as usize;
        &self.rows[c * self.words..(c + 1) * self.words]
    }

    /// Whether a path leads from `a` to `b` (one of the first `bits` nodes).
    pub(crate) fn reaches(&self, a: u32, b: u32) -> bool {
        self.row(a)[b as usize / 64] & (1 << (b % 64)) != 0
    }

    /// Whether some node is reached from every node of `from` (none: false).
    pub(crate) fn meet(&self, from: &[u32]) -> bool {
        (0..self.words).any(|w| {
            from.iter()
                .map(|&v| self.row(v)[w])
                .reduce(|a, b| a & b)
                .is_some_and(|common| common != 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
        let mut g = Graph::default();
        g.clear();
        for v in 0..n as u32 {
            g.targets
                .extend(edges.iter().filter(|e| e.0 == v).map(|e| e.1));
            g.end_node();
        }
        g
    }

    /// Reachability by a search from each node, to check the components against.
    fn brute(n: usize, edges: &[(u32, u32)], a: u32, b: u32) -> bool {
        let mut seen = vec![false; n];
        let mut todo = vec![a];
        seen[a as usize] = true;
        while let Some(v) = todo.pop() {
            for &(x, y) in edges {
                if x == v && !seen[y as usize] {
                    seen[y as usize] = true;
                    todo.push(y);
                }
            }
        }
        seen[b as usize]
    }

    #[test]
    fn reach_matches_a_search_from_every_node() {
        // Two cycles joined one way, a tail, a node alone, and a graph over 64 nodes.
        let mut edges = vec![
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 3),
            (4, 5),
            (7, 0),
        ];
        for v in 8..99u32 {
            edges.push((v, (v * 7 + 3) % 99));
            if v % 5 == 0 {
                edges.push((v, v / 2));
            }
        }
        let n = 99;
        let g = graph(n, &edges);
        let mut reach = Reach::default();
        reach.build(&g, n);
        for a in 0..n as u32 {
            for b in 0..n as u32 {
                assert_eq!(reach.reaches(a, b), brute(n, &edges, a, b), "{a} -> {b}");
            }
        }
        assert!(reach.cycles_with_others(1) && reach.cycles_with_others(4));
        assert!(!reach.cycles_with_others(5) && !reach.cycles_with_others(7));
        assert!(reach.meet(&[0, 7]));
        assert!(!reach.meet(&[5, 6]));
        assert!(!reach.meet(&[]));
        // Only the first 50 nodes as ends: the others are passed through.
        reach.build(&g, 50);
        for a in 0..n as u32 {
            for b in 0..50 {
                assert_eq!(reach.reaches(a, b), brute(n, &edges, a, b), "{a} -> {b}");
            }
        }
    }
}
