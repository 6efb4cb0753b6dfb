//! [`Bytes`]: structured values read off raw fuzz input, so that every byte string means
//! something and a mutation changes a little of it.

use sudoku_core::Grid;

/// A cursor over the input; past its end every byte reads as 0.
pub(crate) struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }

    /// The next byte (0 past the end).
    pub(crate) fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A value in `0..n` (`n` at most 256).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// Whether bytes are left.
    pub(crate) fn is_empty(&self) -> bool {
        self.at >= self.data.len()
    }

    /// What is left.
    pub(crate) fn rest(&self) -> &'a [u8] {
        &self.data[self.at.min(self.data.len())..]
    }

    /// `cells` cell values of a board of side `n`: each byte modulo `n + 1`, 0 a blank.
    pub(crate) fn cells(&mut self, cells: usize, n: usize) -> Vec<u8> {
        (0..cells).map(|_| self.below(n + 1) as u8).collect()
    }

    /// A 9x9 grid, one byte per cell (modulo 10, 0 a blank).
    pub(crate) fn grid(&mut self) -> Grid {
        let cells: [u8; 81] = self.cells(81, 9).try_into().expect("81 cells");
        Grid::from_cells(cells).expect("values 0 to 9")
    }

    /// A permutation of `0..N` made by a Fisher-Yates shuffle driven by the input.
    pub(crate) fn permutation<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for (i, v) in out.iter_mut().enumerate() {
            *v = i as u8;
        }
        for i in (1..N).rev() {
            out.swap(i, self.below(i + 1));
        }
        out
    }
}

/// The bytes [`Bytes::grid`] reads back as `grid`.
pub(crate) fn grid_bytes(grid: &Grid) -> Vec<u8> {
    grid.cells().to_vec()
}
