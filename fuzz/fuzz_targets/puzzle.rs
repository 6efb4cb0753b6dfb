#![no_main]
//! Fuzz target `puzzle`: see `sudoku_fuzz::puzzle::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::puzzle::check(data));
