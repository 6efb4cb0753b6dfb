#![no_main]
//! Fuzz target `grid`: see `sudoku_fuzz::grid::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::grid::check(data));
