//! The bounded queue of lines waiting to be written to one client.
//!
//! A queue of its own rather than a tokio channel: a channel allocates a block of 32
//! slots when it is made, about 800 bytes for every connection even while it sits idle
//! (and a bridged browser has two). This one holds nothing while empty.

use super::recorder;
use futures::task::AtomicWaker;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::time::timeout;
use tokio_util::sync::CancellationToken;

/// The lines between the outboxes and the writer.
#[derive(Debug)]
struct Shared {
    state: Mutex<State>,
    /// The writer, woken when a line is queued or the last outbox goes (one reader, so
    /// one waker: nothing to allocate or to pin).
    ready: AtomicWaker,
    /// The connection's number in the floor benchmark's record ([`super::recorder`]).
    recorded: u64,
}

#[derive(Debug)]
struct State {
    lines: VecDeque<String>,
    capacity: usize,
    /// Outboxes alive: at zero the writer ends once the queue is empty.
    senders: usize,
    /// The writer takes no more lines.
    closed: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Where a room or session puts lines for one client. Sending never waits: if the client
/// has stopped reading and its queue is full, the connection is closed instead, so one
/// stuck client can never stall a room or anybody else in it.
#[derive(Debug)]
pub struct Outbox {
    shared: Arc<Shared>,
    closer: CancellationToken,
    /// Cancelled when the queue overflowed: the writer drops the client at once instead
    /// of draining what is queued.
    overflow: CancellationToken,
    /// `parlor_messages_out_total` for the protocol, once [`Outbox::counted`].
    sent: Option<metrics::Counter>,
}

impl Clone for Outbox {
    fn clone(&self) -> Outbox {
        self.shared.lock().senders += 1;
        Outbox {
            shared: self.shared.clone(),
            closer: self.closer.clone(),
            overflow: self.overflow.clone(),
            sent: self.sent.clone(),
        }
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        let last = {
            let mut state = self.shared.lock();
            state.senders -= 1;
            state.senders == 0
        };
        if last {
            self.shared.ready.wake();
        }
    }
}

impl Outbox {
    /// An outbox of `capacity` lines; `closer` is cancelled when the client must go. The
    /// receiver is for [`write_lines`].
    pub fn new(capacity: usize, closer: CancellationToken) -> (Outbox, Queue) {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                lines: VecDeque::new(),
                capacity: capacity.max(1),
                senders: 1,
                closed: false,
            }),
            ready: AtomicWaker::new(),
            recorded: super::next_conn_id(),
        });
        let overflow = CancellationToken::new();
        let outbox = Outbox {
            shared: shared.clone(),
            closer,
            overflow: overflow.clone(),
            sent: None,
        };
        (outbox, Queue { shared, overflow })
    }

    /// An outbox with no connection behind it, closed: a person away from a table carried
    /// over from another node holds one until they come back.
    pub fn gone() -> Outbox {
        let (outbox, _) = Outbox::new(1, CancellationToken::new());
        outbox.close();
        outbox
    }

    /// Holds at most `capacity` lines from now on (a protocol's own limit, on the outbox
    /// of the WebSocket it is bridged over).
    pub fn limit_to(&self, capacity: usize) {
        self.shared.lock().capacity = capacity.max(1);
    }

    /// This outbox, counting what it sends as `protocol`'s messages out.
    pub fn counted(mut self, protocol: &'static str) -> Outbox {
        self.sent = Some(metrics::counter!("parlor_messages_out_total", "protocol" => protocol));
        self
    }

    /// Queues one line (without its terminator); closes the connection if the queue is full.
    pub fn send(&self, line: impl Into<String>) {
        self.send_all(std::iter::once(line.into()));
    }

    /// Queues `lines` in order at once: the writer sees all of them or none, so what a
    /// client is owed after one move goes out in one write. Closes the connection if the
    /// queue fills.
    pub fn send_all(&self, lines: impl IntoIterator<Item = String>) {
        if recorder::on() {
            return self.send_recorded(lines.into_iter().collect());
        }
        self.queue(lines, |_| {});
    }

    /// [`Outbox::send_all`] while the floor benchmark's record is kept: the batch is
    /// recorded before its writer can see it.
    fn send_recorded(&self, lines: Vec<String>) {
        let conn = self.shared.recorded;
        let mut frames = lines.clone();
        self.queue(lines, move |queued| {
            frames.truncate(queued);
            recorder::note(|| recorder::Event::Sent { conn, frames });
        });
    }

    /// Queues `lines`; `noted(n)` is told how many went in, while the writer is kept
    /// out.
    fn queue(&self, lines: impl IntoIterator<Item = String>, noted: impl FnOnce(usize)) {
        let (queued, full) = {
            let mut state = self.shared.lock();
            if state.closed {
                return;
            }
            let mut queued = 0;
            let mut full = false;
            for line in lines {
                if state.lines.len() >= state.capacity {
                    full = true;
                    break;
                }
                state.lines.push_back(line);
                queued += 1;
            }
            noted(queued);
            (queued, full)
        };
        if let Some(sent) = &self.sent {
            sent.increment(queued as u64);
        }
        if !full {
            if queued > 0 {
                self.shared.ready.wake();
            }
            return;
        }
        if !self.overflow.is_cancelled() {
            crate::net::warn_limited!("client is not reading its lines; dropping the connection");
        }
        self.overflow.cancel();
        self.closer.cancel();
    }

    /// The connection's number in the floor benchmark's record.
    pub(super) fn recorded(&self) -> u64 {
        self.shared.recorded
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
    shared: Arc<Shared>,
    overflow: CancellationToken,
}

impl Queue {
    /// The next queued line; `None` once every outbox is dropped and the queue is empty.
    pub async fn recv(&mut self) -> Option<String> {
        std::future::poll_fn(|cx| self.poll_recv(cx)).await
    }

    /// [`Queue::recv`] for a hand-written future.
    pub fn poll_recv(&mut self, cx: &mut Context<'_>) -> Poll<Option<String>> {
        // Registered before looking, so a line queued after the look wakes this task.
        self.shared.ready.register(cx.waker());
        let mut state = self.shared.lock();
        match take(&mut state) {
            Some(line) => Poll::Ready(Some(line)),
            None if state.senders == 0 => Poll::Ready(None),
            None => Poll::Pending,
        }
    }

    /// A queued line, if one is waiting.
    pub fn try_recv(&mut self) -> Option<String> {
        take(&mut self.shared.lock())
    }

    /// No more lines are taken (what is queued can still be received).
    pub fn close(&mut self) {
        self.shared.lock().closed = true;
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

/// The first queued line; an emptied queue gives its memory back (a burst of lines to a
/// client is followed by a long quiet).
fn take(state: &mut State) -> Option<String> {
    let line = state.lines.pop_front()?;
    if state.lines.is_empty() {
        state.lines = VecDeque::new();
    }
    Some(line)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_come_out_in_order_until_every_outbox_is_gone() {
        let (outbox, mut queue) = Outbox::new(8, CancellationToken::new());
        let second = outbox.clone();
        outbox.send("a");
        second.send("b");
        assert_eq!(queue.recv().await.as_deref(), Some("a"));
        assert_eq!(queue.try_recv().as_deref(), Some("b"));
        assert_eq!(queue.try_recv(), None);
        drop(outbox);
        let waiting = tokio::spawn(async move { (queue.recv().await, queue) });
        second.send("c");
        drop(second);
        let (line, mut queue) = waiting.await.unwrap();
        assert_eq!(line.as_deref(), Some("c"));
        assert_eq!(queue.recv().await, None, "every outbox dropped");
    }

    #[tokio::test]
    async fn a_full_queue_closes_the_connection_and_a_closed_one_takes_nothing() {
        let closer = CancellationToken::new();
        let (outbox, mut queue) = Outbox::new(2, closer.clone());
        outbox.send("1");
        outbox.send("2");
        assert!(!queue.has_overflowed());
        outbox.send("3");
        assert!(queue.has_overflowed() && closer.is_cancelled());
        assert_eq!(queue.try_recv().as_deref(), Some("1"));
        queue.close();
        outbox.send("4");
        assert_eq!(queue.try_recv().as_deref(), Some("2"));
        assert_eq!(queue.try_recv(), None, "nothing taken after close");
    }
}
