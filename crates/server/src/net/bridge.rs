//! A line protocol spoken over a WebSocket: one protocol message per text frame, exactly
//! the bytes a TCP client would send or get, without the line terminator.
//!
//! The session runs unchanged on a byte stream, [`WsLines`]: reading it gives each frame
//! the browser sent, ended as the protocol's TCP clients end their messages. A session's
//! [`Connection`](super::Connection) finds the WebSocket under that stream
//! ([`message_outbox`]) and queues each message it sends as one frame in the WebSocket's
//! own outbox, so a message is never cut or joined on its way to the browser. So a
//! browser and a telnet client are the same kind of player to the rooms. (An earlier
//! bridge ran the session on an in-memory pipe, cut what it wrote back into messages and
//! relayed them in a task of its own: two more buffers and two more tasks per browser.)

use super::{Outbox, WsConnection, WsInput};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::{CancellationToken, WaitForCancellationFutureOwned};

/// How a protocol's clients end their messages on its TCP stream; the bridge ends each
/// browser frame the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Lines, each ended with `\n` (mmj1's counted strings included: its decoder reads
    /// them whole).
    Lines,
    /// Bracketed messages back to back (`[...]`, Warlords): no terminator.
    Brackets,
}

/// Runs `session` on the WebSocket `ws` (its handshake done) until either side ends,
/// then waits for the last frames (and the close frame) to be written. At most
/// `outbox_frames` frames wait for a browser that does not read.
pub fn bridge<S, F, Fut>(
    ws: WebSocketStream<S>,
    outbox_frames: usize,
    stop: CancellationToken,
    framing: Framing,
    session: F,
) -> impl Future<Output = ()>
where
    S: super::Socket,
    F: FnOnce(WsLines) -> Fut,
    Fut: Future<Output = ()>,
{
    WsConnection::serve(ws, outbox_frames, stop, move |ws| {
        session(WsLines::new(ws, framing))
    })
}

/// A WebSocket as the byte stream a line protocol's session reads. Its messages go out
/// through the WebSocket's outbox ([`message_outbox`]); bytes written to the stream (a
/// relayed connection's) are cut into messages. Dropping it (the session is over) closes
/// the connection after what was queued.
pub struct WsLines {
    ws: WsConnection,
    framing: Framing,
    /// The rest of the last frame the client sent, not yet read by the session; freed
    /// once read, so a quiet connection holds none.
    unread: Vec<u8>,
    /// Ready once the connection is stopped (by the server, a full outbox, the client).
    stopped: Pin<Box<WaitForCancellationFutureOwned>>,
    /// The client is gone: reads give the end of the stream.
    ended: bool,
    /// The start of a message written to the stream, until its end comes.
    written: Vec<u8>,
}

impl WsLines {
    fn new(ws: WsConnection, framing: Framing) -> WsLines {
        let stopped = Box::pin(ws.stop().clone().cancelled_owned());
        WsLines {
            ws,
            framing,
            unread: Vec::new(),
            stopped,
            ended: false,
            written: Vec::new(),
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
                    if self.framing == Framing::Lines {
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
/// message queued there goes out as one frame.
pub fn message_outbox(socket: &mut dyn super::Socket) -> Option<Outbox> {
    let any = socket.as_any_mut();
    if let Some(lines) = any.downcast_mut::<WsLines>() {
        return Some(lines.ws.outbox().clone());
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

/// A session sends through its connection's outbox, which [`message_outbox`] makes the
/// WebSocket's. Bytes written to the stream come from a connection relayed from another
/// node of a cluster (`cluster::relay`: the home's session wrote them to its TCP-like
/// end): they are cut into the protocol's messages as its TCP clients read them (a line
/// without its terminator, a bracketed message), each one frame. Text a client sent never
/// holds a terminator or a bracket by the time another client sees it (`text.rs`), so
/// cutting there cuts only between messages.
impl AsyncWrite for WsLines {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.written.extend_from_slice(data);
        while let Some(message) = cut(&mut this.written, this.framing) {
            this.ws.outbox().send(message);
        }
        if this.written.len() > MAX_WRITTEN {
            let why = "a relayed message longer than any protocol's";
            return Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, why)));
        }
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// The longest part of a message written to a [`WsLines`] that it keeps until the
/// message's end comes.
const MAX_WRITTEN: usize = 1 << 20;

/// The first whole message in `bytes`, taken out, as its frame's text.
fn cut(bytes: &mut Vec<u8>, framing: Framing) -> Option<String> {
    let end = match framing {
        Framing::Lines => b'\n',
        Framing::Brackets => b']',
    };
    let at = bytes.iter().position(|&b| b == end)?;
    let mut message: Vec<u8> = bytes.drain(..=at).collect();
    if framing == Framing::Lines {
        message.pop();
        if message.last() == Some(&b'\r') {
            message.pop();
        }
    }
    Some(String::from_utf8_lossy(&message).into_owned())
}

impl Drop for WsLines {
    fn drop(&mut self) {
        self.ws.outbox().close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::{Connection, Input, LineCodec, Settings, Socket};
    use futures::{SinkExt, StreamExt};
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    use tokio_tungstenite::tungstenite::protocol::Role;
    use tokio_tungstenite::tungstenite::Message;

    /// A server-side [`WsLines`] and the browser's end of the WebSocket.
    async fn connected(framing: Framing) -> (WsLines, WebSocketStream<tokio::io::DuplexStream>) {
        let (server, browser) = tokio::io::duplex(4096);
        // As the HTTP port sets a browser's WebSocket up.
        let server = crate::net::Gathered::new(server);
        let config = Some(crate::net::ws_config());
        let server = WebSocketStream::from_raw_socket(server, Role::Server, config).await;
        let browser = WebSocketStream::from_raw_socket(browser, Role::Client, None).await;
        let (ws, writer) = WsConnection::from_stream(server, 64, CancellationToken::new());
        tokio::spawn(writer);
        (WsLines::new(ws, framing), browser)
    }

    /// Every frame the browser gets until the connection closes.
    async fn all_frames(browser: &mut WebSocketStream<tokio::io::DuplexStream>) -> Vec<Message> {
        let mut frames = Vec::new();
        while let Some(Ok(message)) = browser.next().await {
            frames.push(message);
        }
        frames
    }

    #[tokio::test]
    async fn frames_read_as_lines_holding_nothing_after() {
        let (lines, mut browser) = connected(Framing::Lines).await;
        let mut reader = BufReader::new(lines);
        browser.send(Message::text("JOIN alice")).await.unwrap();
        browser.send(Message::binary(vec![1, 2])).await.unwrap();
        browser.send(Message::text("PLAY 4c")).await.unwrap();
        let mut line = String::new();
        reader.read_line(&mut line).await.unwrap();
        assert_eq!(line, "JOIN alice\n");
        line.clear();
        reader.read_line(&mut line).await.unwrap();
        assert_eq!(line, "PLAY 4c\n", "a binary frame is not a line");
        let lines = reader.into_inner();
        assert_eq!(lines.unread.capacity(), 0);
    }

    #[tokio::test]
    async fn bytes_written_go_out_one_message_a_frame() {
        let (mut lines, mut browser) = connected(Framing::Lines).await;
        lines.write_all(b"WELCOME 1 1\nWAIT").await.unwrap();
        lines.write_all(b"ING 1\r\n\n").await.unwrap();
        drop(lines);
        let frames = all_frames(&mut browser).await;
        let texts = ["WELCOME 1 1", "WAITING 1", ""].map(Message::text);
        assert_eq!(frames[..3], texts);
        let (mut lines, mut browser) = connected(Framing::Brackets).await;
        lines.write_all(b"[sjoin|x][sst").await.unwrap();
        lines.write_all(b"art]").await.unwrap();
        drop(lines);
        let frames = all_frames(&mut browser).await;
        assert_eq!(frames[..2], ["[sjoin|x]", "[sstart]"].map(Message::text));
    }

    #[tokio::test]
    async fn a_connection_on_a_bridged_websocket_queues_its_messages_as_frames() {
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
        let mut connection = Connection::open(
            boxed,
            LineCodec::new(64),
            settings,
            CancellationToken::new(),
        );
        browser.send(Message::text("JOIN alice")).await.unwrap();
        assert_eq!(
            connection.next(None).await,
            Input::Message("JOIN alice".into())
        );
        // A message is one frame whatever it holds: an mmj1 counted string may hold a
        // newline, and it must not become two messages.
        let counted = "game 1 7:x\nwin 2 5:alice";
        for message in ["WELCOME alice", "", counted] {
            connection.outbox().send(message);
        }
        // The last messages before the server closes still go out, then the close frame.
        connection.outbox().send("MATCH_END");
        connection.close().await;
        let frames = all_frames(&mut browser).await;
        let texts = ["WELCOME alice", "", counted, "MATCH_END"].map(Message::text);
        assert_eq!(frames[..4], texts, "one frame per message, no terminator");
        assert!(matches!(frames[4..], [Message::Close(_)]), "{frames:?}");
    }

    #[tokio::test]
    async fn the_browser_leaving_ends_the_stream_and_brackets_get_no_terminator() {
        let (mut lines, mut browser) = connected(Framing::Lines).await;
        browser.close(None).await.unwrap();
        let mut rest = Vec::new();
        lines.read_to_end(&mut rest).await.unwrap();
        assert!(rest.is_empty());
        drop(lines);
        // The server answers the browser's close frame: a clean close, not a cut.
        assert!(
            matches!(all_frames(&mut browser).await[..], [Message::Close(_)]),
            "the close is answered"
        );
        let (mut lines, mut browser) = connected(Framing::Brackets).await;
        browser.send(Message::text("[cjoin|x]")).await.unwrap();
        browser.send(Message::text("[cplay|4c]")).await.unwrap();
        let mut got = [0u8; 19];
        lines.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"[cjoin|x][cplay|4c]");
        // The session is over: the socket closes.
        drop(lines);
        assert!(matches!(
            all_frames(&mut browser).await[..],
            [Message::Close(_)]
        ));
    }
}
