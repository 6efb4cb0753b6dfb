#![no_main]
//! Fuzz target `logic`: see `sudoku_fuzz::logic::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::logic::check(data));
