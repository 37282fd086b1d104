//! A connection's frames as a client saw them, each with when it was read or sent: what
//! a benchmark keeps of a real run so that a floor server can play the server's part
//! back (`parlor bench jass --floor`, `parlor bench play --floor`).

use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One frame of a [`Transcript`].
#[derive(Clone, Debug)]
pub struct Frame {
    /// When the client read it (from the server) or was about to send it.
    pub at: Instant,
    /// Whether the server sent it.
    pub from_server: bool,
    pub text: String,
}

/// A connection's frames in order, shared with whoever keeps them.
pub type Transcript = Arc<Mutex<Vec<Frame>>>;

/// Keeps `text` in `transcript`, if there is one.
pub fn note(transcript: &Option<Transcript>, from_server: bool, text: &str) {
    if let Some(transcript) = transcript {
        let frame = Frame {
            at: Instant::now(),
            from_server,
            text: text.to_owned(),
        };
        transcript
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(frame);
    }
}

/// Takes the frames kept so far out of `transcript`.
pub fn take(transcript: &Transcript) -> Vec<Frame> {
    std::mem::take(&mut *transcript.lock().unwrap_or_else(|e| e.into_inner()))
}
