//! Placeholder until the hanchan benchmark is written.
fn main() {}
