//! The bounded queue of lines waiting to be written to one client.

use std::time::Duration;
use tokio::io::{AsyncWrite, AsyncWriteExt};
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
    /// Cancelled when the queue overflowed: the writer drops the client at once instead
    /// of draining what is queued.
    overflow: CancellationToken,
    /// `parlor_messages_out_total` for the protocol, once [`Outbox::counted`].
    sent: Option<metrics::Counter>,
}

impl Outbox {
    /// An outbox of `capacity` lines; `closer` is cancelled when the client must go. The
    /// receiver is for [`write_lines`].
    pub fn new(capacity: usize, closer: CancellationToken) -> (Outbox, Queue) {
        let (tx, rx) = mpsc::channel(capacity);
        let overflow = CancellationToken::new();
        let outbox = Outbox {
            tx,
            closer,
            overflow: overflow.clone(),
            sent: None,
        };
        (outbox, Queue { rx, overflow })
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
            if !self.overflow.is_cancelled() {
                crate::net::warn_limited!(
                    "client is not reading its lines; dropping the connection"
                );
            }
            self.overflow.cancel();
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

/// The receiving end of an [`Outbox`], for the task that writes to the client.
#[derive(Debug)]
pub struct Queue {
    rx: mpsc::Receiver<String>,
    overflow: CancellationToken,
}

impl Queue {
    /// The next queued line; `None` once every outbox is dropped.
    pub async fn recv(&mut self) -> Option<String> {
        self.rx.recv().await
    }

    /// A queued line, if one is waiting.
    pub fn try_recv(&mut self) -> Option<String> {
        self.rx.try_recv().ok()
    }

    /// No more lines are taken (what is queued can still be received).
    pub fn close(&mut self) {
        self.rx.close();
    }

    /// A token cancelled when the client lets its queue overflow: it is to be dropped at
    /// once, without writing what is queued.
    pub fn overflow(&self) -> CancellationToken {
        self.overflow.clone()
    }

    /// Whether the client let its queue overflow.
    pub fn has_overflowed(&self) -> bool {
        self.overflow.is_cancelled()
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
    mut lines: Queue,
    terminator: &str,
    stop: CancellationToken,
) {
    // No buffer is kept between batches: an idle connection holds no write memory.
    let mut writer = writer;
    let overflow = lines.overflow();
    loop {
        let first = tokio::select! {
            line = lines.recv() => line,
            _ = stop.cancelled() => None,
        };
        let Some(first) = first else { break };
        let batch = write_batch(&mut writer, Some(first), &mut lines, terminator);
        let written = tokio::select! {
            written = timeout(WRITE_TIMEOUT, batch) => written,
            _ = overflow.cancelled() => return,
        };
        if !matches!(written, Ok(Ok(()))) {
            return;
        }
    }
    if lines.has_overflowed() {
        return;
    }
    lines.close();
    let drain = async {
        write_batch(&mut writer, None, &mut lines, terminator).await?;
        writer.shutdown().await
    };
    let _ = timeout(WRITE_TIMEOUT, drain).await;
}

/// Bytes gathered before they are written in one call.
const BATCH_BYTES: usize = 16 * 1024;

/// Writes `first` and whatever else is already queued, gathered into as few writes as
/// possible in a buffer that lives only for the batch, then flushes.
async fn write_batch<W: AsyncWrite + Unpin>(
    writer: &mut W,
    first: Option<String>,
    lines: &mut Queue,
    terminator: &str,
) -> std::io::Result<()> {
    let mut batch = Vec::new();
    let mut next = first;
    while let Some(line) = next.take().or_else(|| lines.try_recv()) {
        batch.extend_from_slice(line.as_bytes());
        batch.extend_from_slice(terminator.as_bytes());
        if batch.len() >= BATCH_BYTES {
            writer.write_all(&batch).await?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        writer.write_all(&batch).await?;
    }
    writer.flush().await
}
