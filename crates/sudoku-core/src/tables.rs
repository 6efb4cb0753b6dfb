//! Constant tables of the 9x9 board: the row, column and box of each cell, the 27 units
//! and the 20 peers of each cell. Cells are numbered 0 to 80 in row-major order.

use std::fmt;

/// The row (0 to 8) of each cell.
pub const ROW_OF: [u8; 81] = {
    let mut t = [0; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
};

/// The column (0 to 8) of each cell.
pub const COL_OF: [u8; 81] = {
    let mut t = [0; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
};

/// The box (0 to 8, row-major from the top-left box) of each cell.
pub const BOX_OF: [u8; 81] = {
    let mut t = [0; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
};

/// The 27 units as lists of cells: rows 0 to 8 at indices 0 to 8, columns at 9 to 17,
/// boxes at 18 to 26. Cells of each unit are in increasing order.
pub const UNITS: [[u8; 9]; 27] = {
    let mut t = [[0; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut k = 0;
        while k < 9 {
            t[u][k] = (u * 9 + k) as u8;
            t[9 + u][k] = (k * 9 + u) as u8;
            t[18 + u][k] = ((u / 3) * 27 + (u % 3) * 3 + (k / 3) * 9 + k % 3) as u8;
            k += 1;
        }
        u += 1;
    }
    t
};

/// The three units of each cell, as indices into [`UNITS`]: its row, column and box.
pub const UNITS_OF: [[u8; 3]; 81] = {
    let mut t = [[0; 3]; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = [ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]];
        i += 1;
    }
    t
};

/// The 20 peers of each cell (the other cells of its row, column and box), in increasing
/// order.
pub const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if j != i
                && (ROW_OF[i] == ROW_OF[j] || COL_OF[i] == COL_OF[j] || BOX_OF[i] == BOX_OF[j])
            {
                t[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        assert!(n == 20);
        i += 1;
    }
    t
};

/// A unit (a group of cells that holds each digit once), named the way people name them
/// (1-based in messages): the 27 rows, columns and boxes of the classic board, and on boards
/// of other sizes and variants their rows, columns, boxes, jigsaw regions, diagonals and
/// windoku windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Unit {
    /// Row 0 to 8 (written "row 1" to "row 9"); up to 24 on larger boards.
    Row(u8),
    /// Column 0 to 8 (written "column 1" to "column 9"); up to 24 on larger boards.
    Col(u8),
    /// Box 0 to 8, row-major from the top left (written "box 1" to "box 9"); up to 24.
    Box(u8),
    /// A jigsaw region, numbered in order of first cell (written "region 1", ...).
    Region(u8),
    /// The main diagonal (0, from the top left) or the anti-diagonal (1).
    Diagonal(u8),
    /// A windoku window, 0 to 3 row-major (written "window 1" to "window 4").
    Window(u8),
    /// An extra region of a variant puzzle, numbered from 0 in the puzzle's order (written
    /// "extra region 1", ...).
    Extra(u8),
}

impl Unit {
    /// The unit at `index` of [`UNITS`] (0 to 26); `None` for 27 and more.
    pub const fn from_index(index: usize) -> Option<Unit> {
        let n = (index % 9) as u8;
        match index / 9 {
            0 => Some(Unit::Row(n)),
            1 => Some(Unit::Col(n)),
            2 => Some(Unit::Box(n)),
            _ => None,
        }
    }

    /// The index of this unit in [`UNITS`]; `None` for a unit that is not a row, column or
    /// box of the classic board.
    pub const fn index(self) -> Option<usize> {
        match self {
            Unit::Row(n) if n < 9 => Some(n as usize),
            Unit::Col(n) if n < 9 => Some(9 + n as usize),
            Unit::Box(n) if n < 9 => Some(18 + n as usize),
            _ => None,
        }
    }

    /// The nine cells of this unit of the classic board; `None` as for
    /// [`index`](Unit::index).
    pub const fn cells(self) -> Option<&'static [u8; 9]> {
        match self.index() {
            Some(index) => Some(&UNITS[index]),
            None => None,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(n) => write!(f, "row {}", n + 1),
            Unit::Col(n) => write!(f, "column {}", n + 1),
            Unit::Box(n) => write!(f, "box {}", n + 1),
            Unit::Region(n) => write!(f, "region {}", n + 1),
            Unit::Diagonal(0) => f.write_str("the main diagonal"),
            Unit::Diagonal(_) => f.write_str("the anti-diagonal"),
            Unit::Window(n) => write!(f, "window {}", n + 1),
            Unit::Extra(n) => write!(f, "extra region {}", n + 1),
        }
    }
}

/// A cell's name as people write it: `r1c1` for cell 0 up to `r9c9` for cell 80.
///
/// ```
/// assert_eq!(sudoku_core::cell_name(10).to_string(), "r2c2");
/// ```
pub fn cell_name(cell: usize) -> impl fmt::Display {
    struct Name(usize);
    impl fmt::Display for Name {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "r{}c{}", self.0 / 9 + 1, self.0 % 9 + 1)
        }
    }
    Name(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn row_col_box_agree_with_coordinates() {
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            assert_eq!(ROW_OF[cell] as usize, r);
            assert_eq!(COL_OF[cell] as usize, c);
            assert_eq!(BOX_OF[cell] as usize, (r / 3) * 3 + c / 3);
        }
    }

    #[test]
    fn every_unit_has_nine_distinct_cells_and_each_cell_is_in_three_units() {
        let mut seen = [0u8; 81];
        for unit in &UNITS {
            let distinct: BTreeSet<u8> = unit.iter().copied().collect();
            assert_eq!(distinct.len(), 9);
            assert!(unit.windows(2).all(|w| w[0] < w[1]));
            for &cell in unit {
                seen[cell as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
        for cell in 0..81 {
            for (k, &u) in UNITS_OF[cell].iter().enumerate() {
                assert!(UNITS[u as usize].contains(&(cell as u8)));
                assert_eq!(u as usize / 9, k, "row, column, box in that order");
            }
        }
    }

    #[test]
    fn units_share_rows_columns_and_boxes() {
        for u in 0..9 {
            assert!(UNITS[u].iter().all(|&c| ROW_OF[c as usize] as usize == u));
            assert!(
                UNITS[9 + u]
                    .iter()
                    .all(|&c| COL_OF[c as usize] as usize == u)
            );
            assert!(
                UNITS[18 + u]
                    .iter()
                    .all(|&c| BOX_OF[c as usize] as usize == u)
            );
        }
    }

    #[test]
    fn every_cell_has_twenty_peers_which_are_exactly_the_other_cells_of_its_units() {
        for cell in 0..81 {
            let peers: BTreeSet<u8> = PEERS[cell].iter().copied().collect();
            assert_eq!(peers.len(), 20);
            assert!(!peers.contains(&(cell as u8)));
            let from_units: BTreeSet<u8> = UNITS_OF[cell]
                .iter()
                .flat_map(|&u| UNITS[u as usize])
                .filter(|&c| c as usize != cell)
                .collect();
            assert_eq!(peers, from_units);
            for &p in &PEERS[cell] {
                assert!(
                    PEERS[p as usize].contains(&(cell as u8)),
                    "peer relation is symmetric"
                );
            }
        }
    }

    #[test]
    fn unit_names_and_indices_round_trip() {
        for index in 0..27 {
            let unit = Unit::from_index(index).unwrap();
            assert_eq!(unit.index(), Some(index));
            assert_eq!(unit.cells(), Some(&UNITS[index]));
        }
        assert_eq!(Unit::from_index(0).unwrap().to_string(), "row 1");
        assert_eq!(Unit::from_index(17).unwrap().to_string(), "column 9");
        assert_eq!(Unit::from_index(22).unwrap().to_string(), "box 5");
        assert_eq!(Unit::from_index(27), None);
        assert_eq!(
            (Unit::Row(9).index(), Unit::Region(0).cells()),
            (None, None)
        );
        assert_eq!(cell_name(0).to_string(), "r1c1");
        assert_eq!(cell_name(80).to_string(), "r9c9");
    }
}
