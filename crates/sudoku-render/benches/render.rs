//! The renderer's speed (filled in below).
fn main() {}
