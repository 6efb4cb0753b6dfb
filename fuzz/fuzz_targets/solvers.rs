#![no_main]
//! Fuzz target `solvers`: see `sudoku_fuzz::solvers::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::solvers::check(data));
