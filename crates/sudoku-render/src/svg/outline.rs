//! The outline of a group of cells drawn a little inside them, as killer cages are: closed
//! loops around the group (and around any hole in it), corners cut in or out so that the
//! outline keeps the same distance from every edge it follows.

use std::collections::HashMap;

use crate::element::Cell;

/// A coordinate on the grid in cells: a whole line `base` moved by `offset` insets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Coord {
    base: i32,
    offset: i8,
}

impl Coord {
    fn at(self, inset: f32) -> f32 {
        self.base as f32 + f32::from(self.offset) * inset
    }
}

type Point = (Coord, Coord);

/// The closed loops around `cells` on a board of side `n`, drawn `inset` cells inside them,
/// as points in cells (x = column, y = row), clockwise; collinear points are merged.
pub(crate) fn outline(cells: &[Cell], n: usize, inset: f32) -> Vec<Vec<(f32, f32)>> {
    let mut inside = vec![false; n * n];
    for cell in cells {
        inside[cell.index(n)] = true;
    }
    let has = |r: i32, c: i32| -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && inside[r as usize * n + c as usize]
    };
    // The end of an edge at a corner: convex (the outline turns in), straight (it runs on
    // into the next cell) or concave (it turns out, round a cell of the group).
    let corner = |base: i32, inward: i8, along: bool, diagonal: bool| -> Coord {
        let offset = match (along, diagonal) {
            (false, _) => inward,
            (true, false) => 0,
            (true, true) => -inward,
        };
        Coord { base, offset }
    };
    let mut edges: Vec<(Point, Point)> = Vec::new();
    for cell in cells {
        let (r, c) = (cell.row as i32, cell.col as i32);
        let at = |base: i32, offset: i8| Coord { base, offset };
        if !has(r - 1, c) {
            // Top edge, left to right.
            let y = at(r, 1);
            let x0 = corner(c, 1, has(r, c - 1), has(r - 1, c - 1));
            let x1 = corner(c + 1, -1, has(r, c + 1), has(r - 1, c + 1));
            edges.push(((x0, y), (x1, y)));
        }
        if !has(r, c + 1) {
            // Right edge, top to bottom.
            let x = at(c + 1, -1);
            let y0 = corner(r, 1, has(r - 1, c), has(r - 1, c + 1));
            let y1 = corner(r + 1, -1, has(r + 1, c), has(r + 1, c + 1));
            edges.push(((x, y0), (x, y1)));
        }
        if !has(r + 1, c) {
            // Bottom edge, right to left.
            let y = at(r + 1, -1);
            let x0 = corner(c + 1, -1, has(r, c + 1), has(r + 1, c + 1));
            let x1 = corner(c, 1, has(r, c - 1), has(r + 1, c - 1));
            edges.push(((x0, y), (x1, y)));
        }
        if !has(r, c - 1) {
            // Left edge, bottom to top.
            let x = at(c, 1);
            let y0 = corner(r + 1, -1, has(r + 1, c), has(r + 1, c - 1));
            let y1 = corner(r, 1, has(r - 1, c), has(r - 1, c - 1));
            edges.push(((x, y0), (x, y1)));
        }
    }
    let mut from: HashMap<Point, usize> = HashMap::with_capacity(edges.len());
    for (i, &(start, _)) in edges.iter().enumerate() {
        from.insert(start, i);
    }
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        let mut points: Vec<Point> = Vec::new();
        let mut i = first;
        while !used[i] {
            used[i] = true;
            points.push(edges[i].0);
            match from.get(&edges[i].1) {
                Some(&next) => i = next,
                None => break,
            }
        }
        loops.push(merge_collinear(&points, inset));
    }
    loops
}

/// The points of a closed loop without those in the middle of a straight run.
fn merge_collinear(points: &[Point], inset: f32) -> Vec<(f32, f32)> {
    let len = points.len();
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let (prev, here, next) = (
            points[(i + len - 1) % len],
            points[i],
            points[(i + 1) % len],
        );
        let vertical = prev.0 == here.0 && here.0 == next.0;
        let horizontal = prev.1 == here.1 && here.1 == next.1;
        if len <= 2 || !(vertical || horizontal) {
            out.push((here.0.at(inset), here.1.at(inset)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::cells;

    #[test]
    fn one_cell_is_a_square_inside_it() {
        let loops = outline(&cells(&[(1, 2)]), 9, 0.1);
        assert_eq!(loops.len(), 1);
        let expected = [(2.1, 1.1), (2.9, 1.1), (2.9, 1.9), (2.1, 1.9)];
        assert_eq!(loops[0].len(), 4);
        for (got, want) in loops[0].iter().zip(expected) {
            assert!((got.0 - want.0).abs() < 1e-6 && (got.1 - want.1).abs() < 1e-6);
        }
    }

    #[test]
    fn a_row_of_cells_is_one_rectangle() {
        let loops = outline(&cells(&[(0, 0), (0, 1), (0, 2)]), 9, 0.1);
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].len(), 4, "{:?}", loops[0]);
    }

    /// An L of three cells has six corners, one of them concave: the outline goes round
    /// the inner corner at the inset distance.
    #[test]
    fn an_l_has_six_corners_and_turns_out_at_the_inner_one() {
        let loops = outline(&cells(&[(0, 0), (1, 0), (1, 1)]), 9, 0.1);
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].len(), 6, "{:?}", loops[0]);
        assert!(
            loops[0]
                .iter()
                .any(|&(x, y)| (x - 0.9).abs() < 1e-6 && (y - 1.1).abs() < 1e-6),
            "{:?}",
            loops[0]
        );
    }

    /// A ring of eight cells round a hole has two loops: outside and inside.
    #[test]
    fn a_ring_has_an_outer_and_an_inner_loop() {
        let ring: Vec<(usize, usize)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .filter(|&p| p != (1, 1))
            .collect();
        let loops = outline(&cells(&ring), 9, 0.1);
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4));
    }

    /// Two cells that touch at a corner only are two loops.
    #[test]
    fn cells_touching_at_a_corner_are_two_loops() {
        let loops = outline(&cells(&[(0, 0), (1, 1)]), 9, 0.1);
        assert_eq!(loops.len(), 2);
    }
}
