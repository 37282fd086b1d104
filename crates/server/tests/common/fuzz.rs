//! What the session property tests throw at a server.

use proptest::prelude::*;

/// One piece of input: mostly one of `known` (messages the protocol knows, so that
/// sessions get far into lobbies and games), otherwise up to `garbage` arbitrary bytes.
pub fn known_or_garbage(
    known: &'static [&'static str],
    garbage: usize,
) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => proptest::sample::select(known).prop_map(|m| m.as_bytes().to_vec()),
        1 => proptest::collection::vec(any::<u8>(), 0..garbage),
    ]
}
