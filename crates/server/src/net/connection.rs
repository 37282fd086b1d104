//! One line-protocol connection: framed reading, a bounded outbox and its writer task.

use super::Socket;
use super::{write_lines, LineCodec, LineError, Outbox};
use futures::StreamExt;
use std::time::Duration;
use tokio::io::ReadHalf;
use tokio::task::JoinHandle;
use tokio_util::codec::FramedRead;
use tokio_util::sync::CancellationToken;

/// What reading a connection gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, without its terminator.
    Line(String),
    /// The client said nothing for the idle time it was given.
    Idle,
    /// The client left, broke the line limit, or the connection was told to stop.
    Closed,
}

/// A client connection of a line protocol.
pub struct LineConnection {
    input: FramedRead<ReadHalf<Box<dyn Socket>>, LineCodec>,
    received: metrics::Counter,
    outbox: Outbox,
    writer: JoinHandle<()>,
    stop: CancellationToken,
}

/// How a line connection is set up.
#[derive(Clone, Copy, Debug)]
pub struct LineSettings {
    pub max_line: usize,
    pub outbox_lines: usize,
    /// What ends every line the server writes (`"\r\n"` or `"\n"`).
    pub terminator: &'static str,
    /// The protocol, for the message counters.
    pub protocol: &'static str,
}

impl LineConnection {
    /// Starts the writer task; `stop` closes the connection when cancelled (by shutdown,
    /// by a full outbox, or by the protocol).
    pub fn open(socket: impl Socket, settings: LineSettings, stop: CancellationToken) -> Self {
        let socket: Box<dyn Socket> = Box::new(socket);
        let (reader, writer) = tokio::io::split(socket);
        let (outbox, lines) = Outbox::new(settings.outbox_lines, stop.clone());
        let outbox = outbox.counted(settings.protocol);
        let received =
            metrics::counter!("parlor_messages_in_total", "protocol" => settings.protocol);
        let writer = tokio::spawn(write_lines(
            writer,
            lines,
            settings.terminator,
            stop.clone(),
        ));
        LineConnection {
            input: FramedRead::new(reader, LineCodec::new(settings.max_line)),
            received,
            outbox,
            writer,
            stop,
        }
    }

    /// Where lines for this client go.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// The token that closes this connection.
    pub fn stop(&self) -> &CancellationToken {
        &self.stop
    }

    /// The next line; [`Input::Idle`] after `idle` of silence, if given.
    pub async fn next(&mut self, idle: Option<Duration>) -> Input {
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
            Some(Some(Ok(line))) => {
                self.received.increment(1);
                Input::Line(line)
            }
            Some(Some(Err(LineError::TooLong))) => {
                tracing::warn!("line too long; closing the connection");
                Input::Closed
            }
            Some(None | Some(Err(LineError::Io(_)))) => Input::Closed,
        }
    }

    /// Closes the connection after writing what is queued.
    pub async fn close(self) {
        self.stop.cancel();
        let _ = self.writer.await;
    }
}
