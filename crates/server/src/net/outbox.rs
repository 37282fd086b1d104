//! The bounded queue of lines waiting to be written to one client.

use std::time::Duration;
use tokio::io::{AsyncWrite, AsyncWriteExt, BufWriter};
use tokio::sync::mpsc;
use tokio::time::timeout;
use tokio_util::sync::CancellationToken;

/// Where a room or session puts lines for one client. Sending never waits: if the client
/// has stopped reading and its queue is full, the connection is closed instead, so one
/// stuck client can never stall a room or anybody else in it.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<String>,
    closer: CancellationToken,
    /// `parlor_messages_out_total` for the protocol, once [`Outbox::counted`].
    sent: Option<metrics::Counter>,
}

impl Outbox {
    /// An outbox of `capacity` lines; `closer` is cancelled when the client must go. The
    /// receiver is for [`write_lines`].
    pub fn new(capacity: usize, closer: CancellationToken) -> (Outbox, mpsc::Receiver<String>) {
        let (tx, rx) = mpsc::channel(capacity);
        let outbox = Outbox {
            tx,
            closer,
            sent: None,
        };
        (outbox, rx)
    }

    /// This outbox, counting what it sends as `protocol`'s messages out.
    pub fn counted(mut self, protocol: &'static str) -> Outbox {
        self.sent = Some(metrics::counter!("parlor_messages_out_total", "protocol" => protocol));
        self
    }

    /// Queues one line (without its terminator); closes the connection if the queue is full.
    pub fn send(&self, line: impl Into<String>) {
        if let Some(sent) = &self.sent {
            sent.increment(1);
        }
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(line.into()) {
            tracing::warn!("client is not reading its lines; closing the connection");
            self.closer.cancel();
        }
    }

    /// Asks for the connection to be closed (after what is queued is written).
    pub fn close(&self) {
        self.closer.cancel();
    }

    /// Whether the connection has been asked to close.
    pub fn is_closed(&self) -> bool {
        self.closer.is_cancelled()
    }
}

/// How long a client may take to accept one batch of lines before it is judged dead.
/// Bounds both normal writing and the final drain after a connection is told to close.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Writes queued lines to `writer`, each followed by `terminator`, until every [`Outbox`]
/// is dropped or `stop` is cancelled; then writes what is still queued and shuts the
/// writer down. A client that stops accepting bytes for [`WRITE_TIMEOUT`] is abandoned.
pub async fn write_lines<W: AsyncWrite + Unpin>(
    writer: W,
    mut lines: mpsc::Receiver<String>,
    terminator: &str,
    stop: CancellationToken,
) {
    let mut writer = BufWriter::new(writer);
    loop {
        let first = tokio::select! {
            line = lines.recv() => line,
            _ = stop.cancelled() => None,
        };
        let Some(first) = first else { break };
        let batch = write_batch(&mut writer, Some(first), &mut lines, terminator);
        if !matches!(timeout(WRITE_TIMEOUT, batch).await, Ok(Ok(()))) {
            return;
        }
    }
    lines.close();
    let drain = async {
        write_batch(&mut writer, None, &mut lines, terminator).await?;
        writer.shutdown().await
    };
    let _ = timeout(WRITE_TIMEOUT, drain).await;
}

/// Writes `first` and whatever else is already queued, then flushes.
async fn write_batch<W: AsyncWrite + Unpin>(
    writer: &mut BufWriter<W>,
    first: Option<String>,
    lines: &mut mpsc::Receiver<String>,
    terminator: &str,
) -> std::io::Result<()> {
    let mut next = first;
    while let Some(line) = next.take().or_else(|| lines.try_recv().ok()) {
        writer.write_all(line.as_bytes()).await?;
        writer.write_all(terminator.as_bytes()).await?;
    }
    writer.flush().await
}
