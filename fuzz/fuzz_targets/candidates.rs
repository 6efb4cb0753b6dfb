#![no_main]
//! Fuzz target `candidates`: see `sudoku_fuzz::candidates::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::candidates::check(data));
