//! Target `canonical`: the canonical (minlex) form under a symmetry the input chooses.

use sudoku_core::{Candidates, Grid, Transform};

use crate::SeedData;
use crate::bytes::{Bytes, grid_bytes};

/// Reads a grid (81 bytes, each modulo 10) and a symmetry (row and column permutations by
/// bands and stacks, a transposition, a relabelling) from the input and checks that the
/// image has the same canonical form, that the form is its own canonical form, and that
/// the canonical transform maps the grid onto the form and back.
pub fn check(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let grid = bytes.grid();
    let symmetry = read_transform(&mut bytes);
    check_grid(&grid, &symmetry);
}

/// The checks of [`check`] on a grid and a symmetry.
pub fn check_grid(grid: &Grid, symmetry: &Transform) {
    let image = symmetry.apply(grid);
    assert_eq!(symmetry.inverse().apply(&image), *grid, "{symmetry:?}");
    assert_eq!(
        symmetry.apply_candidates(&Candidates::from_grid(grid)),
        Candidates::from_grid(&image),
        "a symmetry moves pencil marks with the digits"
    );
    assert_eq!(image.filled(), grid.filled());
    assert_eq!(image.clash().is_some(), grid.clash().is_some());
    let form = grid.canonical();
    assert_eq!(image.canonical(), form, "{grid:?} under {symmetry:?}");
    assert_eq!(
        form.canonical(),
        form,
        "the form of {grid:?} is not a fixed point"
    );
    assert!(
        form.cells() <= grid.cells() && form.cells() <= image.cells(),
        "the form is the smallest image"
    );
    let to_form = grid.canonical_transform();
    assert_eq!(to_form.apply(grid), form);
    assert_eq!(to_form.inverse().apply(&form), *grid);
}

/// A symmetry from the input: band and stack orders, row and column orders within each,
/// a transposition bit and a digit permutation.
fn read_transform(bytes: &mut Bytes<'_>) -> Transform {
    let lines = |bytes: &mut Bytes<'_>| {
        let groups = bytes.permutation::<3>();
        let mut out = [0u8; 9];
        for (g, &group) in groups.iter().enumerate() {
            let within = bytes.permutation::<3>();
            for k in 0..3 {
                out[g * 3 + k] = group * 3 + within[k];
            }
        }
        out
    };
    let rows = lines(bytes);
    let cols = lines(bytes);
    let transpose = bytes.byte() & 1 == 1;
    let digits = bytes.permutation::<9>().map(|d| d + 1);
    Transform::new(rows, cols, transpose, digits).expect("lines moved by bands and stacks")
}

/// Every puzzle and solution of the data, each with a few symmetries.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (k, grid) in data.grids.iter().enumerate() {
        let mut seed = grid_bytes(grid);
        seed.extend((0..20).map(|i| (k * 7 + i * 13) as u8));
        seeds.push(seed);
    }
    seeds.push(grid_bytes(&Grid::EMPTY));
    seeds
}
