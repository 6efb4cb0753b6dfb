//! Conversions between [`ConstraintPuzzle`] and the other puzzle types of core.

use std::sync::Arc;

use super::{Constraint, ConstraintPuzzle, default_box};
use crate::grid::Grid;
use crate::variant::{Puzzle, Rules, Shape};

impl From<&Grid> for ConstraintPuzzle {
    /// The classic puzzle: 9x9, boxes, the grid's givens, no constraint.
    fn from(grid: &Grid) -> ConstraintPuzzle {
        let mut puzzle = ConstraintPuzzle::new(9).expect("9 is a supported side");
        puzzle.givens = grid.cells().to_vec();
        puzzle
    }
}

impl From<&Puzzle> for ConstraintPuzzle {
    /// A puzzle of any size and variant: its regions (boxes or jigsaw), the diagonals as
    /// [`Constraint::NegativeDiagonal`] and [`Constraint::PositiveDiagonal`], the windoku
    /// windows as four [`Constraint::ExtraRegion`]s, and its givens.
    fn from(source: &Puzzle) -> ConstraintPuzzle {
        let rules = source.rules();
        let n = rules.size();
        let mut puzzle = ConstraintPuzzle::new(n).expect("core's sides are 4 to 25");
        let map: Vec<usize> = (0..n * n)
            .map(|cell| rules.region_of(cell).expect("a cell of the board"))
            .collect();
        puzzle
            .set_regions(&map)
            .expect("core's regions are n regions of n cells");
        puzzle.givens = source.cells().to_vec();
        if rules.diagonals() {
            puzzle.constraints.push(Constraint::PositiveDiagonal);
            puzzle.constraints.push(Constraint::NegativeDiagonal);
        }
        if rules.windoku() {
            for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                let cells = (0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3).collect();
                puzzle.constraints.push(Constraint::ExtraRegion(cells));
            }
        }
        puzzle.constraints.sort_by_key(Constraint::rank);
        puzzle
    }
}

impl ConstraintPuzzle {
    /// The same puzzle as core's [`Puzzle`] (sizes 4 to 25 with boxes, jigsaw regions, both
    /// diagonals, windoku), when it has no other rule; `None` otherwise (one diagonal alone,
    /// other extra regions, any other constraint, or a side core has no boxes for).
    pub fn to_puzzle(&self) -> Option<Puzzle> {
        let n = self.size;
        let shape = Shape::for_size(n)?;
        if default_box(n) != (shape.box_rows(), shape.box_cols()) {
            return None;
        }
        let windows: Vec<Vec<usize>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r0, c0)| (0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3).collect())
            .collect();
        let mut positive = false;
        let mut negative = false;
        let mut found_windows = 0;
        for constraint in &self.constraints {
            match constraint {
                Constraint::PositiveDiagonal => positive = true,
                Constraint::NegativeDiagonal => negative = true,
                Constraint::ExtraRegion(cells) if n == 9 && windows.contains(cells) => {
                    found_windows += 1
                }
                _ => return None,
            }
        }
        if positive != negative || !(found_windows == 0 || found_windows == 4) {
            return None;
        }
        let mut rules = Rules::new(shape)
            .with_diagonals(positive)
            .with_windoku(found_windows == 4)
            .ok()?;
        if !self.has_default_regions() {
            rules = rules.with_jigsaw(&self.regions).ok()?;
        }
        let rules = if rules.is_classic() || rules == Rules::new(shape) {
            Rules::plain(shape)
        } else {
            Arc::new(rules)
        };
        Puzzle::with_rules(rules, self.givens.clone()).ok()
    }

    /// The classic [`Grid`] of a puzzle with the classic rules and nothing else.
    pub fn to_grid(&self) -> Option<Grid> {
        if self.size != 9 || !self.constraints.is_empty() || !self.has_default_regions() {
            return None;
        }
        Grid::from_cells(self.givens.as_slice().try_into().ok()?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_puzzles_convert_both_ways() {
        let grid: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .unwrap();
        let classic = ConstraintPuzzle::from(&grid);
        assert_eq!(classic.to_grid(), Some(grid));
        let x = Puzzle::new(
            Rules::classic()
                .with_diagonals(true)
                .with_windoku(true)
                .unwrap(),
            grid.cells().to_vec(),
        )
        .unwrap();
        let described = ConstraintPuzzle::from(&x);
        assert_eq!(described.constraints().len(), 6);
        assert_eq!(described.to_puzzle(), Some(x));
        assert_eq!(described.to_grid(), None);
        let rows: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        let jigsaw = Puzzle::new(
            Rules::new(Shape::for_size(6).unwrap())
                .with_jigsaw(&rows)
                .unwrap(),
            vec![0; 36],
        )
        .unwrap();
        let described = ConstraintPuzzle::from(&jigsaw);
        assert!(!described.has_default_regions());
        assert_eq!(described.to_puzzle(), Some(jigsaw));
    }
}
