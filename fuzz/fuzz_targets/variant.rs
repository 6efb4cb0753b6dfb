#![no_main]
//! Fuzz target `variant`: see `sudoku_fuzz::variant::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_fuzz::variant::check(data));
