//! WebSocket connections: accepted on any path, text frames in and out through the same
//! bounded [`Outbox`] the line protocols use, pings every 10 seconds, and a close frame
//! when the server ends the connection.
//!
//! A connection's writer runs in the task of its session ([`WsConnection::serve`]), not
//! in a task of its own: a task costs its future plus a header rounded up to 128 bytes,
//! and a quiet browser's memory is what a game server holds most of.

use super::ws_writer::write_frames;
use super::{Gathered, Outbox, Socket};
use futures::stream::BoxStream;
use futures::{FutureExt, StreamExt};
use std::future::Future;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error, Message};
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;

/// The largest frame a client may send (a Jass message is under 300 bytes).
pub const MAX_FRAME: usize = 64 * 1024;

/// How often the server pings an idle client, as the Jass reference server does.
pub const PING_EVERY: Duration = Duration::from_secs(10);

/// What reading a WebSocket gave.
#[derive(Debug, PartialEq, Eq)]
pub enum WsInput {
    Text(String),
    /// A binary frame (the text protocols answer it as a bad message).
    Binary,
    Closed,
}

/// An accepted WebSocket client.
pub struct WsConnection {
    reader: BoxStream<'static, Result<Message, Error>>,
    outbox: Outbox,
    stop: CancellationToken,
    /// `parlor_messages_in_total` for the protocol, once [`WsConnection::count_as`].
    received: Option<metrics::Counter>,
    /// The code of the close frame the writer ends with (1000 unless the client broke
    /// the protocol), shared with the writer.
    close_code: Arc<AtomicU16>,
}

/// Completes a WebSocket handshake (any path); `None` if the client did not speak
/// WebSocket within 10 seconds.
pub async fn handshake<S: Socket>(socket: S) -> Option<WebSocketStream<Gathered<S>>> {
    let socket = Gathered::new(socket);
    let handshake = tokio_tungstenite::accept_async_with_config(socket, Some(config()));
    tokio::time::timeout(Duration::from_secs(10), handshake)
        .await
        .ok()?
        .ok()
}

impl WsConnection {
    /// Runs `session` on the WebSocket `ws` (its handshake done), writing the frames it
    /// queues in the same task, until the session ends and its last frames and the close
    /// frame are written. The writer stops when the connection does: `stop` cancelled
    /// (by the server, a full outbox, the client leaving or [`WsConnection::close`]).
    ///
    /// Not an `async fn`: one would keep its arguments, the whole WebSocket among them,
    /// in its state for as long as the connection lives.
    pub fn serve<S, F, Fut>(
        ws: WebSocketStream<S>,
        outbox_frames: usize,
        stop: CancellationToken,
        session: F,
    ) -> impl Future<Output = ()>
    where
        S: Socket,
        F: FnOnce(WsConnection) -> Fut,
        Fut: Future<Output = ()>,
    {
        let (connection, writer) = WsConnection::from_stream(ws, outbox_frames, stop);
        futures::future::join(session(connection), writer).map(drop)
    }

    /// A connection over `ws`, and the future that writes its frames (which must be
    /// run: [`WsConnection::serve`] does).
    pub(crate) fn from_stream<S: Socket>(
        ws: WebSocketStream<S>,
        outbox_frames: usize,
        stop: CancellationToken,
    ) -> (WsConnection, impl Future<Output = ()>) {
        let (sink, reader) = ws.split();
        let (outbox, frames) = Outbox::new(outbox_frames, stop.clone());
        let close_code = Arc::new(AtomicU16::new(CloseCode::Normal.into()));
        let writer = write_frames(sink, frames, stop.clone(), close_code.clone());
        let connection = WsConnection {
            reader: reader.boxed(),
            outbox,
            stop,
            received: None,
            close_code,
        };
        (connection, writer)
    }

    /// Counts this connection's frames in and out as `protocol`'s messages (a protocol
    /// spoken natively over WebSocket; bridged line protocols count in their sessions).
    pub fn count_as(&mut self, protocol: &'static str) {
        self.outbox = self.outbox.clone().counted(protocol);
        self.received = Some(metrics::counter!("parlor_messages_in_total", "protocol" => protocol));
    }

    /// Where frames for this client go.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// The next frame from the client.
    pub async fn next(&mut self) -> WsInput {
        let stop = self.stop.clone();
        let input = tokio::select! {
            input = std::future::poll_fn(|cx| self.poll_frame(cx)) => input,
            _ = stop.cancelled() => WsInput::Closed,
        };
        if let WsInput::Text(text) = &input {
            let conn = self.outbox.recorded();
            super::recorder::note(|| super::recorder::Event::Heard {
                conn,
                text: text.clone(),
            });
        }
        input
    }

    /// [`WsConnection::next`] without watching for the connection to be stopped: the
    /// caller does (the bridge's byte stream polls it).
    pub fn poll_frame(&mut self, cx: &mut Context<'_>) -> Poll<WsInput> {
        loop {
            let message = std::task::ready!(self.reader.poll_next_unpin(cx));
            match message {
                Some(Ok(Message::Text(text))) => {
                    if let Some(received) = &self.received {
                        received.increment(1);
                    }
                    return Poll::Ready(WsInput::Text(text.to_string()));
                }
                Some(Ok(Message::Binary(_))) => return Poll::Ready(WsInput::Binary),
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                Some(Err(error)) => {
                    let code = close_code_for(&error);
                    self.close_code.store(code.into(), Ordering::Relaxed);
                    self.stop.cancel();
                    return Poll::Ready(WsInput::Closed);
                }
                Some(Ok(Message::Close(_))) | None => {
                    self.stop.cancel();
                    return Poll::Ready(WsInput::Closed);
                }
            }
        }
    }

    /// The token that ends this connection: cancelled by the server, by a full outbox,
    /// or by the client leaving.
    pub fn stop(&self) -> &CancellationToken {
        &self.stop
    }

    /// Closes the connection: the writer sends what is queued, then the close frame.
    pub fn close(self) {
        self.stop.cancel();
    }
}

/// The close code that answers a broken frame: 1009 for one over [`MAX_FRAME`], 1007
/// for a text frame that is not UTF-8, 1002 for any other breach of the protocol.
fn close_code_for(error: &Error) -> CloseCode {
    match error {
        Error::Capacity(_) => CloseCode::Size,
        Error::Utf8(_) => CloseCode::Invalid,
        _ => CloseCode::Protocol,
    }
}

/// The limits every WebSocket of the server runs with, on a socket whose writes are
/// [`Gathered`].
pub fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME))
        .max_frame_size(Some(MAX_FRAME))
        // tungstenite's defaults (128 KiB each way) suit a few busy streams; a game
        // server holds many quiet ones: 138 KiB per idle Jass connection before.
        .read_buffer_size(READ_BUFFER)
        // Every frame goes to the socket at once, where `Gathered` holds it until the
        // flush: tungstenite would keep its own buffer at the size of the largest burst.
        .write_buffer_size(0)
}

/// A WebSocket's read buffer (a longer frame still arrives: it grows for it). Players'
/// frames are a few dozen bytes.
const READ_BUFFER: usize = 256;
