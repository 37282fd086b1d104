//! One connection of a protocol spoken over a byte stream: framed reading with the
//! protocol's own decoder (lines, Warlords' brackets, mmj1's grammar), a bounded outbox
//! and its writer task (on a bridged WebSocket, the WebSocket's), and the connection's
//! id.

use super::bridge::message_outbox;
use super::recorder::Heard;
use super::Socket;
use super::{write_lines, LineCodec, Outbox};
use futures::StreamExt;
use std::fmt::Display;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::ReadHalf;
use tokio::task::JoinHandle;
use tokio_util::codec::{Decoder, FramedRead};
use tokio_util::sync::CancellationToken;

/// Identifies one connection, of any protocol, for as long as it lives.
pub type ConnId = u64;

/// A fresh connection id: never one given before in this process.
pub fn next_conn_id() -> ConnId {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// What reading a connection gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Input<T = String> {
    /// A message, as the protocol's decoder framed it (a line, without its terminator).
    Message(T),
    /// The client said nothing for the idle time it was given.
    Idle,
    /// The client left, broke a framing limit, or the connection was told to stop.
    Closed,
}

/// A client connection whose messages `C` decodes.
pub struct Connection<C: Decoder> {
    id: ConnId,
    input: FramedRead<ReadHalf<Box<dyn Socket>>, C>,
    received: metrics::Counter,
    outbox: Outbox,
    /// The task writing the outbox to the socket; `None` on a WebSocket bridged by
    /// message, whose own writer sends each queued message as a frame.
    writer: Option<JoinHandle<()>>,
    stop: CancellationToken,
}

/// The read buffer a connection starts with (it grows for a longer message). Small on
/// purpose: most connections sit idle between short lines, and tokio-util's default of
/// 8 KiB per connection was most of an idle connection's memory.
const READ_BUFFER: usize = 512;

/// The read buffer of a connection on a browser's WebSocket (a
/// [`WsLines`](super::bridge::WsLines)), which hands over one frame at a time, already
/// whole in memory: a small buffer only means a few more copies for a long frame, never
/// more system calls. Browsers' commands are short.
const WS_READ_BUFFER: usize = 64;

/// A connection of a line protocol.
pub type LineConnection = Connection<LineCodec>;

/// How a connection is set up.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Messages queued to the client before it is dropped as not reading.
    pub outbox_lines: usize,
    /// What ends every message the server writes (`"\r\n"`, `"\n"`, or nothing).
    pub terminator: &'static str,
    /// The protocol, for the message counters.
    pub protocol: &'static str,
}

impl LineConnection {
    /// A line connection: lines of at most `max_line` bytes.
    pub fn lines(
        socket: impl Socket,
        max_line: usize,
        settings: Settings,
        stop: CancellationToken,
    ) -> Self {
        Connection::open(socket, LineCodec::new(max_line), settings, stop)
    }
}

impl<C> Connection<C>
where
    C: Decoder,
    C::Item: Heard,
    C::Error: Display,
{
    /// Starts the writer task; `stop` closes the connection when cancelled (by shutdown,
    /// by a full outbox, or by the protocol).
    pub fn open(
        socket: impl Socket,
        codec: C,
        settings: Settings,
        stop: CancellationToken,
    ) -> Self {
        let mut socket: Box<dyn Socket> = Box::new(socket);
        let frames = message_outbox(socket.as_mut());
        let read_buffer = if frames.is_some() {
            WS_READ_BUFFER
        } else {
            READ_BUFFER
        };
        let (reader, writer) = tokio::io::split(socket);
        let (outbox, writer) = match frames {
            Some(frames) => {
                frames.limit_to(settings.outbox_lines);
                (frames, None)
            }
            None => {
                let (outbox, lines) = Outbox::new(settings.outbox_lines, stop.clone());
                let writer = write_lines(writer, lines, settings.terminator, stop.clone());
                (outbox, Some(tokio::spawn(writer)))
            }
        };
        let outbox = outbox.counted(settings.protocol);
        let received =
            metrics::counter!("parlor_messages_in_total", "protocol" => settings.protocol);
        Connection {
            id: next_conn_id(),
            input: FramedRead::with_capacity(reader, codec, read_buffer),
            received,
            outbox,
            writer,
            stop,
        }
    }

    /// This connection's id.
    pub fn id(&self) -> ConnId {
        self.id
    }

    /// Where messages for this client go.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// The token that closes this connection.
    pub fn stop(&self) -> &CancellationToken {
        &self.stop
    }

    /// The next message; [`Input::Idle`] after `idle` of silence, if given.
    pub async fn next(&mut self, idle: Option<Duration>) -> Input<C::Item> {
        let read = async {
            match idle {
                Some(idle) => tokio::time::timeout(idle, self.input.next()).await.ok(),
                None => Some(self.input.next().await),
            }
        };
        let read = tokio::select! {
            read = read => read,
            _ = self.stop.cancelled() => return Input::Closed,
        };
        match read {
            None => Input::Idle,
            Some(Some(Ok(message))) => {
                self.received.increment(1);
                let conn = self.outbox.recorded();
                super::recorder::note(|| super::recorder::Event::Heard {
                    conn,
                    text: message.heard(),
                });
                Input::Message(message)
            }
            Some(Some(Err(error))) => {
                tracing::debug!(%error, "closing the connection");
                Input::Closed
            }
            Some(None) => Input::Closed,
        }
    }

    /// Closes the connection after writing what is queued.
    pub async fn close(self) {
        self.stop.cancel();
        if let Some(writer) = self.writer {
            let _ = writer.await;
        }
    }
}
