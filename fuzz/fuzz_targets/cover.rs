#![no_main]
//! Fuzz target `cover`: see `sudoku_fuzz::cover::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::cover::check(data));
