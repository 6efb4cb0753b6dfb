#![no_main]
//! Fuzz target `killer`: see `sudoku_fuzz::killer::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::killer::check(data));
