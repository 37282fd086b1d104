//! A line protocol spoken over a WebSocket: one protocol message per text frame, exactly
//! the bytes a TCP client would send or get, without the line terminator.
//!
//! The session runs unchanged on a byte stream, [`WsLines`]: reading it gives each frame
//! the browser sent (with the terminator the protocol's clients use). A session's
//! [`Connection`](super::Connection) finds the WebSocket under the stream
//! ([`message_outbox`]) and queues each message as one frame, with no writer task of its
//! own; bytes written to the stream itself are cut into messages, one frame each. So a
//! browser and a telnet client are the same kind of player to the rooms. (An earlier
//! bridge ran the session on an in-memory pipe and relayed in a task of its own: two more
//! buffers and two more tasks per browser.)

use super::{Outbox, WsConnection, WsInput};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_util::sync::WaitForCancellationFutureOwned;

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

/// The longest message the bridge keeps while waiting for its end; a session never
/// writes one this long, so more means something is wrong and the connection closes.
const MAX_MESSAGE: usize = 64 * 1024;

/// Runs `session` on `ws` until either side ends, then waits for the last frames (and
/// the close frame) to be written.
pub async fn bridge<F, Fut>(mut ws: WsConnection, framing: Framing, session: F)
where
    F: FnOnce(WsLines) -> Fut,
    Fut: Future<Output = ()>,
{
    let writer = ws.take_writer();
    session(WsLines::new(ws, framing)).await;
    if let Some(writer) = writer {
        let _ = writer.await;
    }
}

/// A WebSocket as the byte stream a line protocol's session reads and writes. Dropping
/// it (the session is over) closes the connection after what was queued.
pub struct WsLines {
    ws: WsConnection,
    outbox: Outbox,
    framing: Framing,
    /// The rest of the last frame the client sent, not yet read by the session; freed
    /// once read, as is `pending`, so a quiet connection holds neither.
    unread: Vec<u8>,
    /// What the session wrote that is not yet a whole message.
    pending: Vec<u8>,
    /// Ready once the connection is stopped (by the server, a full outbox, the client).
    stopped: Pin<Box<WaitForCancellationFutureOwned>>,
    /// The client is gone: reads give the end of the stream.
    ended: bool,
}

impl WsLines {
    fn new(ws: WsConnection, framing: Framing) -> WsLines {
        let stopped = Box::pin(ws.stop().clone().cancelled_owned());
        let outbox = ws.outbox().clone();
        WsLines {
            ws,
            outbox,
            framing,
            unread: Vec::new(),
            pending: Vec::new(),
            stopped,
            ended: false,
        }
    }

    /// The next frame's bytes, as the session's TCP clients would send them; `None` at
    /// the end of the stream.
    fn poll_frame(&mut self, cx: &mut Context<'_>) -> Poll<Option<Vec<u8>>> {
        loop {
            if self.ended || self.stopped.as_mut().poll(cx).is_ready() {
                self.ended = true;
                return Poll::Ready(None);
            }
            match std::task::ready!(self.ws.poll_frame(cx)) {
                WsInput::Text(text) => {
                    let mut bytes = text.into_bytes();
                    if self.framing != Framing::Brackets {
                        bytes.push(b'\n');
                    }
                    return Poll::Ready(Some(bytes));
                }
                // No protocol on the HTTP port has binary messages.
                WsInput::Binary => continue,
                WsInput::Closed => self.ended = true,
            }
        }
    }
}

/// The outbox of the WebSocket `socket` is (or wraps, boxed), if it is a [`WsLines`]: each
/// message queued there goes out as one frame, without passing through the stream.
pub fn message_outbox(socket: &mut dyn super::Socket) -> Option<Outbox> {
    let any = socket.as_any_mut();
    if let Some(lines) = any.downcast_mut::<WsLines>() {
        return Some(lines.outbox.clone());
    }
    let inner = any.downcast_mut::<Box<dyn super::Socket>>()?;
    message_outbox(inner.as_mut())
}

impl AsyncRead for WsLines {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.unread.is_empty() {
            match std::task::ready!(this.poll_frame(cx)) {
                Some(bytes) => this.unread = bytes,
                None => return Poll::Ready(Ok(())),
            }
        }
        let n = this.unread.len().min(buf.remaining());
        buf.put_slice(&this.unread[..n]);
        this.unread.drain(..n);
        if this.unread.is_empty() {
            this.unread = Vec::new();
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for WsLines {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.outbox.is_closed() {
            return Poll::Ready(Err(io::ErrorKind::BrokenPipe.into()));
        }
        this.pending.extend_from_slice(data);
        for message in cut(&mut this.pending, this.framing) {
            this.outbox.send(message);
        }
        if this.pending.len() > MAX_MESSAGE {
            this.outbox.close();
            return Poll::Ready(Err(io::ErrorKind::InvalidData.into()));
        }
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    /// The session is done writing: the connection closes after what is queued.
    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.outbox.close();
        Poll::Ready(Ok(()))
    }
}

impl Drop for WsLines {
    fn drop(&mut self) {
        self.outbox.close();
    }
}

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
    use futures::{SinkExt, StreamExt};
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    use tokio_tungstenite::tungstenite::protocol::Role;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::WebSocketStream;

    /// A server-side [`WsLines`] and the browser's end of the WebSocket.
    async fn connected(framing: Framing) -> (WsLines, WebSocketStream<tokio::io::DuplexStream>) {
        let (server, browser) = tokio::io::duplex(4096);
        let server = WebSocketStream::from_raw_socket(server, Role::Server, None).await;
        let browser = WebSocketStream::from_raw_socket(browser, Role::Client, None).await;
        let ws = WsConnection::from_stream(server, 64, tokio_util::sync::CancellationToken::new());
        (WsLines::new(ws, framing), browser)
    }

    #[tokio::test]
    async fn frames_become_lines_and_lines_become_frames_holding_nothing_after() {
        let (lines, mut browser) = connected(Framing::Lines).await;
        let (reader, mut writer) = tokio::io::split(lines);
        let mut reader = BufReader::new(reader);
        browser.send(Message::text("JOIN alice")).await.unwrap();
        browser.send(Message::binary(vec![1, 2])).await.unwrap();
        browser.send(Message::text("PLAY 4c")).await.unwrap();
        let mut line = String::new();
        reader.read_line(&mut line).await.unwrap();
        assert_eq!(line, "JOIN alice\n");
        line.clear();
        reader.read_line(&mut line).await.unwrap();
        assert_eq!(line, "PLAY 4c\n", "a binary frame is not a line");
        writer.write_all(b"HELLO 1\r\nHA").await.unwrap();
        writer.write_all(b"ND 4c 5d\n").await.unwrap();
        let texts: Vec<String> = (&mut browser)
            .take(2)
            .map(|m| m.unwrap().into_text().unwrap().to_string())
            .collect()
            .await;
        assert_eq!(texts, ["HELLO 1", "HAND 4c 5d"]);
        let lines = reader.into_inner().unsplit(writer);
        assert_eq!(lines.unread.capacity() + lines.pending.capacity(), 0);
    }

    #[tokio::test]
    async fn a_connection_on_a_bridged_websocket_queues_its_lines_as_frames() {
        use crate::net::{Input, LineCodec, Settings, Socket};
        let (lines, mut browser) = connected(Framing::Lines).await;
        let mut boxed: Box<dyn Socket> = Box::new(Box::new(lines) as Box<dyn Socket>);
        assert!(
            message_outbox(boxed.as_mut()).is_some(),
            "found under two boxes"
        );
        let (mut bytes, _other) = tokio::io::duplex(64);
        assert!(message_outbox(&mut bytes).is_none());
        let settings = Settings {
            outbox_lines: 8,
            terminator: "\r\n",
            protocol: "test",
        };
        let stop = tokio_util::sync::CancellationToken::new();
        let mut connection =
            crate::net::Connection::open(boxed, LineCodec::new(64), settings, stop);
        browser.send(Message::text("JOIN alice")).await.unwrap();
        assert_eq!(
            connection.next(None).await,
            Input::Message("JOIN alice".into())
        );
        connection.outbox().send("WELCOME alice");
        connection.outbox().send("");
        let texts: Vec<String> = (&mut browser)
            .take(2)
            .map(|m| m.unwrap().into_text().unwrap().to_string())
            .collect()
            .await;
        assert_eq!(
            texts,
            ["WELCOME alice", ""],
            "one frame per line, no terminator"
        );
        // The last lines before the server closes still go out, then the close frame.
        connection.outbox().send("MATCH_END");
        connection.close().await;
        let mut rest = Vec::new();
        while let Some(Ok(message)) = browser.next().await {
            rest.push(message);
        }
        assert_eq!(rest[0], Message::text("MATCH_END"));
        assert!(matches!(rest.last(), Some(Message::Close(_))), "{rest:?}");
    }

    #[tokio::test]
    async fn the_browser_leaving_ends_the_stream_and_the_session_ending_closes_the_socket() {
        let (lines, mut browser) = connected(Framing::Lines).await;
        let (mut reader, writer) = tokio::io::split(lines);
        browser.close(None).await.unwrap();
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).await.unwrap();
        assert!(rest.is_empty());
        drop(reader.unsplit(writer));
        let (lines, mut browser) = connected(Framing::Brackets).await;
        let (reader, mut writer) = tokio::io::split(lines);
        writer.write_all(b"[sjoin|x][slobb|0]").await.unwrap();
        writer.shutdown().await.unwrap();
        // The session is over: its stream goes, and the socket with the last frame.
        drop(reader.unsplit(writer));
        let mut got = Vec::new();
        while let Some(Ok(message)) = browser.next().await {
            got.push(message);
        }
        assert_eq!(
            got[..2],
            [Message::text("[sjoin|x]"), Message::text("[slobb|0]")]
        );
        assert!(matches!(got.last(), Some(Message::Close(_))), "{got:?}");
    }

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
