#![no_main]
//! Fuzz target `front`: see `sudoku_fuzz::front::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::front::check(data));
