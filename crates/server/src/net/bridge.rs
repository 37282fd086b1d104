//! A line protocol spoken over a WebSocket: one protocol message per text frame, exactly
//! the bytes a TCP client would send or get, without the line terminator.
//!
//! The session runs unchanged on one end of an in-memory pipe; the bridge writes each
//! frame the browser sends into the pipe (with the terminator the protocol's clients
//! use) and cuts what the session writes back into messages, one frame each. So a
//! browser and a telnet client are the same kind of player to the rooms.

use super::{WsConnection, WsInput};
use std::future::Future;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

/// How a protocol's messages are delimited on its TCP stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Lines: the server ends each with `\n` (a `\r` before it is dropped); the bridge
    /// ends each client frame with `\n`.
    Lines,
    /// Bracketed messages back to back (`[...]`, Warlords): no terminator either way.
    Brackets,
}

/// Bytes in flight between the bridge and the session, each way.
const PIPE: usize = 64 * 1024;

/// The longest message the bridge keeps while waiting for its end; a session never
/// writes one this long, so more means something is wrong and the bridge closes.
const MAX_MESSAGE: usize = 64 * 1024;

/// Runs `session` on a pipe and relays between it and `ws` until either side ends.
pub async fn bridge<F, Fut>(mut ws: WsConnection, framing: Framing, session: F)
where
    F: FnOnce(DuplexStream) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (ours, theirs) = tokio::io::duplex(PIPE);
    let running = tokio::spawn(session(theirs));
    let (mut from_session, mut to_session) = tokio::io::split(ours);
    let outbox = ws.outbox().clone();
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = vec![0u8; 8192];
    loop {
        tokio::select! {
            input = ws.next() => match input {
                WsInput::Text(text) => {
                    let mut bytes = text.into_bytes();
                    if framing == Framing::Lines {
                        bytes.push(b'\n');
                    }
                    if to_session.write_all(&bytes).await.is_err() {
                        break;
                    }
                }
                // No protocol on the HTTP port has binary messages.
                WsInput::Binary => continue,
                WsInput::Closed => break,
            },
            read = from_session.read(&mut buf) => match read {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    pending.extend_from_slice(&buf[..n]);
                    for message in cut(&mut pending, framing) {
                        outbox.send(message);
                    }
                    if pending.len() > MAX_MESSAGE {
                        break;
                    }
                }
            },
        }
    }
    // The session sees the end of its input and finishes like after a disconnect.
    drop(to_session);
    let _ = running.await;
    ws.close().await;
}

/// Takes every complete message off the front of `pending`.
fn cut(pending: &mut Vec<u8>, framing: Framing) -> Vec<String> {
    let end = match framing {
        Framing::Lines => b'\n',
        Framing::Brackets => b']',
    };
    let mut messages = Vec::new();
    let mut start = 0;
    while let Some(at) = pending[start..].iter().position(|&b| b == end) {
        let mut message = &pending[start..start + at + usize::from(framing == Framing::Brackets)];
        if framing == Framing::Lines {
            message = message.strip_suffix(b"\r").unwrap_or(message);
        }
        messages.push(String::from_utf8_lossy(message).into_owned());
        start += at + 1;
    }
    pending.drain(..start);
    messages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_lines_and_brackets() {
        let mut p = b"a\r\nb\nc".to_vec();
        assert_eq!(cut(&mut p, Framing::Lines), ["a", "b"]);
        assert_eq!(p, b"c");
        let mut p = b"[sjoin|x][slobb|0".to_vec();
        assert_eq!(cut(&mut p, Framing::Brackets), ["[sjoin|x]"]);
        assert_eq!(p, b"[slobb|0");
        let mut p = b"\n".to_vec();
        assert_eq!(cut(&mut p, Framing::Lines), [""]);
    }
}
