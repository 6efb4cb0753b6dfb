#![no_main]
//! Fuzz target `canonical`: see `sudoku_fuzz::canonical::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::canonical::check(data));
