#![no_main]
//! Fuzz target `reader`: see `sudoku_fuzz::reader::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::reader::check(data));
