//! A line protocol spoken over a WebSocket: one protocol message per text frame, exactly
//! the bytes a TCP client would send or get, without the line terminator.
//!
//! The session runs unchanged on one end of an in-memory pipe; the bridge writes each
//! frame the browser sends into the pipe (with the terminator the protocol's clients
//! use) and cuts what the session writes back into messages, one frame each. So a
//! browser and a telnet client are the same kind of player to the rooms.

use super::pipe::{pipe, PipeEnd};
use super::{WsConnection, WsInput};
use std::future::Future;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How a protocol's messages are delimited on its TCP stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Lines: the server ends each with `\n` (a `\r` before it is dropped); the bridge
    /// ends each client frame with `\n`.
    Lines,
    /// Bracketed messages back to back (`[...]`, Warlords): no terminator either way.
    Brackets,
    /// Lines whose tokens may be counted strings (`N:DATA`, mmj1): a newline inside a
    /// counted string's data is data, not the end of the message.
    CountedLines,
}

/// Bytes in flight between the bridge and the session, each way.
const PIPE: usize = 64 * 1024;

/// The longest message the bridge keeps while waiting for its end; a session never
/// writes one this long, so more means something is wrong and the bridge closes.
const MAX_MESSAGE: usize = 64 * 1024;

/// Runs `session` on a pipe and relays between it and `ws` until either side ends.
pub async fn bridge<F, Fut>(mut ws: WsConnection, framing: Framing, session: F)
where
    F: FnOnce(PipeEnd) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (ours, theirs) = pipe(PIPE);
    let running = tokio::spawn(session(theirs));
    let (mut from_session, mut to_session) = tokio::io::split(ours);
    let outbox = ws.outbox().clone();
    // What the session wrote and the WebSocket has not taken yet; read into directly, so
    // a quiet connection keeps no read buffer of its own.
    let mut pending: Vec<u8> = Vec::new();
    loop {
        tokio::select! {
            input = ws.next() => match input {
                WsInput::Text(text) => {
                    let mut bytes = text.into_bytes();
                    if framing != Framing::Brackets {
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
            read = read_some(&mut from_session, &mut pending) => match read {
                Ok(0) | Err(_) => break,
                Ok(_) => {
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
    // The session sees the end of its input and finishes like after a disconnect. Both
    // halves go: the pipe only closes when the whole of our end is dropped, and a
    // session still writing must not wait for a reader that is gone.
    drop(to_session);
    drop(from_session);
    let _ = running.await;
    ws.close().await;
}

/// Reads what the session has written onto the end of `pending`. The read goes through
/// a small buffer on the task's stack, so a quiet connection holds no buffer of its own
/// while it waits.
async fn read_some(
    from: &mut tokio::io::ReadHalf<PipeEnd>,
    pending: &mut Vec<u8>,
) -> std::io::Result<usize> {
    let mut chunk = [0u8; READ_CHUNK];
    let n = from.read(&mut chunk).await?;
    pending.extend_from_slice(&chunk[..n]);
    Ok(n)
}

/// The most read from the session at once (its messages are short lines).
const READ_CHUNK: usize = 256;

/// Takes every complete message off the front of `pending`.
fn cut(pending: &mut Vec<u8>, framing: Framing) -> Vec<String> {
    let mut messages = Vec::new();
    let mut start = 0;
    while let Some(end) = message_end(&pending[start..], framing) {
        let mut message = &pending[start..start + end];
        if framing != Framing::Brackets {
            message = message.strip_suffix(b"\n").unwrap_or(message);
            message = message.strip_suffix(b"\r").unwrap_or(message);
        }
        messages.push(String::from_utf8_lossy(message).into_owned());
        start += end;
    }
    pending.drain(..start);
    if pending.is_empty() {
        // Nothing half-read: give the memory back while the connection is quiet.
        *pending = Vec::new();
    }
    messages
}

/// The length of the first whole message in `bytes`, its terminator included; `None`
/// while its end has not arrived.
fn message_end(bytes: &[u8], framing: Framing) -> Option<usize> {
    match framing {
        Framing::Lines => bytes.iter().position(|&b| b == b'\n').map(|at| at + 1),
        Framing::Brackets => bytes.iter().position(|&b| b == b']').map(|at| at + 1),
        Framing::CountedLines => counted_line_end(bytes),
    }
}

/// The end of a line whose tokens may be counted strings: a token that starts with
/// digits and a colon carries that many bytes of data, newlines included.
fn counted_line_end(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    let mut token_start = true;
    while at < bytes.len() {
        let byte = bytes[at];
        if byte == b'\n' {
            return Some(at + 1);
        }
        if token_start && byte.is_ascii_digit() {
            let digits = bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let colon = at + digits;
            match bytes.get(colon) {
                None => return None,
                Some(b':') => {
                    let count = std::str::from_utf8(&bytes[at..colon])
                        .ok()
                        .and_then(|n| n.parse::<usize>().ok())
                        .unwrap_or(usize::MAX);
                    at = colon.saturating_add(1).saturating_add(count);
                }
                Some(_) => at = colon,
            }
            token_start = false;
            continue;
        }
        token_start = byte == b' ' || byte == b'\t';
        at += 1;
    }
    None
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

    #[test]
    fn a_newline_inside_a_counted_string_does_not_cut_the_message() {
        let forged = "x\nmove dr w000 h1\nwin 2 0: 64000.";
        let line = format!("game 1 {}:{forged} 5:alice\nack 1\n", forged.len());
        let mut p = line.clone().into_bytes();
        let cut_off = cut(&mut p, Framing::CountedLines);
        assert_eq!(cut_off.len(), 2, "{cut_off:?}");
        assert_eq!(
            cut_off[0],
            line.split_once(" 5:alice").unwrap().0.to_owned() + " 5:alice"
        );
        assert_eq!(cut_off[1], "ack 1");
        // Split anywhere, the same messages come out.
        for split in 0..line.len() {
            let mut p = line.as_bytes()[..split].to_vec();
            let mut got = cut(&mut p, Framing::CountedLines);
            p.extend_from_slice(&line.as_bytes()[split..]);
            got.extend(cut(&mut p, Framing::CountedLines));
            assert_eq!(got, cut_off, "split at {split}");
        }
        // Numbers that are not counts, and the zero-length total.
        let mut p = b"win 2 4:Dora 2. 0: 8000.\nscore 25000. -300.\n".to_vec();
        assert_eq!(
            cut(&mut p, Framing::CountedLines),
            ["win 2 4:Dora 2. 0: 8000.", "score 25000. -300."]
        );
    }
}
