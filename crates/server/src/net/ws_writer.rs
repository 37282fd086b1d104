//! The writing side of a WebSocket connection: queued frames out as text, a ping every
//! [`PING_EVERY`], and a close frame at the end.
//!
//! Written as a state machine polled by hand rather than as an `async fn` with `select!`:
//! that one held a future for each branch and a second timer for the write timeout, some
//! 700 bytes for every browser; this holds one timer, one cancellation future and the
//! frame in hand.

use super::{Queue, Socket, PING_EVERY, WRITE_TIMEOUT};
use futures::stream::SplitSink;
use futures::SinkExt;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use tokio::time::{Instant, Sleep};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Error, Message};
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::{CancellationToken, WaitForCancellationFuture};

/// Sends the frames queued in `frames` until `stop` is cancelled or every outbox is
/// gone, then what is still queued and a close frame with the code in `close_code`. A
/// client that takes more than [`WRITE_TIMEOUT`] over a batch, or lets its queue
/// overflow, is dropped without the rest. When it ends, `stop` is cancelled.
pub(super) fn write_frames<S: Socket>(
    sink: SplitSink<WebSocketStream<S>, Message>,
    frames: Queue,
    stop: CancellationToken,
    close_code: Arc<AtomicU16>,
) -> impl Future<Output = ()> {
    let mut writer = Writer {
        sink,
        frames,
        close_code,
        phase: Phase::Waiting,
        held: None,
        next_ping: Instant::now() + PING_EVERY,
    };
    async move {
        let stopped = stop.cancelled();
        let timer = tokio::time::sleep_until(writer.next_ping);
        tokio::pin!(stopped, timer);
        std::future::poll_fn(|cx| writer.poll(cx, stopped.as_mut(), timer.as_mut())).await;
        // A writer that gave up (a client not reading, a broken socket) ends the
        // connection: its session must not hold a place for a client it cannot reach.
        stop.cancel();
    }
}

/// What the writer is doing; the timer's deadline depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing to write: the timer is the next ping.
    Waiting,
    /// Writing a batch: the timer is the batch's deadline.
    Sending,
    /// Stopped, writing what was queued: the timer is the deadline for all of it.
    Draining,
    /// The close frame is on its way, under the same deadline.
    Closing,
}

struct Writer<S> {
    sink: SplitSink<WebSocketStream<S>, Message>,
    frames: Queue,
    close_code: Arc<AtomicU16>,
    phase: Phase,
    /// A frame taken from the queue that the sink has not accepted yet.
    held: Option<Message>,
    next_ping: Instant,
}

impl<S: Socket> Writer<S> {
    /// Runs the writer until it is done.
    fn poll(
        &mut self,
        cx: &mut Context<'_>,
        mut stopped: Pin<&mut WaitForCancellationFuture<'_>>,
        mut timer: Pin<&mut Sleep>,
    ) -> Poll<()> {
        loop {
            // A full queue stops the connection: the client is dropped without the rest.
            let stopping = stopped.as_mut().poll(cx).is_ready();
            if self.frames.has_overflowed() {
                return Poll::Ready(());
            }
            match self.phase {
                Phase::Waiting => {
                    if stopping {
                        self.drain(timer.as_mut());
                        continue;
                    }
                    match self.frames.poll_recv(cx) {
                        Poll::Ready(Some(frame)) => self.held = Some(Message::text(frame)),
                        Poll::Ready(None) => {
                            self.drain(timer.as_mut());
                            continue;
                        }
                        Poll::Pending => {
                            ready!(timer.as_mut().poll(cx));
                            self.next_ping = Instant::now() + PING_EVERY;
                            self.held = Some(Message::Ping(Default::default()));
                        }
                    }
                    self.phase = Phase::Sending;
                    timer.as_mut().reset(Instant::now() + WRITE_TIMEOUT);
                }
                Phase::Sending | Phase::Draining | Phase::Closing => {
                    if timer.as_mut().poll(cx).is_ready() {
                        return Poll::Ready(());
                    }
                    if ready!(self.poll_send_queued(cx)).is_err() {
                        return Poll::Ready(());
                    }
                    match self.phase {
                        Phase::Sending => {
                            self.phase = Phase::Waiting;
                            timer.as_mut().reset(self.next_ping);
                        }
                        Phase::Draining => {
                            self.phase = Phase::Closing;
                            self.held = Some(self.close_frame());
                        }
                        _ => return Poll::Ready(()),
                    }
                }
            }
        }
    }

    /// Stops taking frames and starts writing what is queued, under [`WRITE_TIMEOUT`].
    fn drain(&mut self, timer: Pin<&mut Sleep>) {
        self.frames.close();
        self.phase = Phase::Draining;
        timer.reset(Instant::now() + WRITE_TIMEOUT);
    }

    /// Hands the frame in hand and everything queued to the sink, then flushes: one write
    /// for a wake-up's worth of frames. (Once draining, the queue takes no more frames,
    /// so the close frame is the last.)
    fn poll_send_queued(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Error>> {
        let frames = &mut self.frames;
        while let Some(message) = self
            .held
            .take()
            .or_else(|| frames.try_recv().map(Message::text))
        {
            match self.sink.poll_ready_unpin(cx) {
                Poll::Pending => {
                    self.held = Some(message);
                    return Poll::Pending;
                }
                Poll::Ready(ready) => ready?,
            }
            self.sink.start_send_unpin(message)?;
        }
        self.sink.poll_flush_unpin(cx)
    }

    /// The close frame: 1000 unless the client broke the protocol.
    fn close_frame(&self) -> Message {
        let code = CloseCode::from(self.close_code.load(Ordering::Relaxed));
        let reason = match code {
            CloseCode::Normal => "Game Finished",
            CloseCode::Size => "frame too large",
            CloseCode::Invalid => "text is not UTF-8",
            _ => "protocol error",
        };
        Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Outbox;
    use futures::{FutureExt, StreamExt};
    use tokio::io::DuplexStream;
    use tokio::task::JoinHandle;
    use tokio_tungstenite::tungstenite::protocol::Role;

    /// A writer on the server's end of a pipe of `pipe` bytes, its outbox and stop
    /// token, and the client's end.
    async fn writer(
        pipe: usize,
        frames: usize,
    ) -> (
        JoinHandle<()>,
        Outbox,
        CancellationToken,
        WebSocketStream<DuplexStream>,
    ) {
        let (server, client) = tokio::io::duplex(pipe);
        let server = WebSocketStream::from_raw_socket(server, Role::Server, None).await;
        let client = WebSocketStream::from_raw_socket(client, Role::Client, None).await;
        let (sink, _reader) = server.split();
        let stop = CancellationToken::new();
        let (outbox, queue) = Outbox::new(frames, stop.clone());
        let code = Arc::new(AtomicU16::new(CloseCode::Size.into()));
        let task = tokio::spawn(write_frames(sink, queue, stop.clone(), code));
        (task, outbox, stop, client)
    }

    #[tokio::test(start_paused = true)]
    async fn frames_go_out_a_quiet_client_is_pinged_and_a_stop_sends_the_rest_and_a_close() {
        let (task, outbox, stop, mut client) = writer(4096, 8).await;
        outbox.send("one");
        outbox.send("two");
        assert_eq!(client.next().await.unwrap().unwrap(), Message::text("one"));
        assert_eq!(client.next().await.unwrap().unwrap(), Message::text("two"));
        let quiet = Instant::now();
        let ping = client.next().await.unwrap().unwrap();
        assert!(matches!(ping, Message::Ping(_)), "{ping:?}");
        assert_eq!(quiet.elapsed(), PING_EVERY);
        assert!(matches!(
            client.next().await.unwrap().unwrap(),
            Message::Ping(_)
        ));
        assert_eq!(quiet.elapsed(), 2 * PING_EVERY, "every ten seconds");
        outbox.send("last");
        stop.cancel();
        assert_eq!(client.next().await.unwrap().unwrap(), Message::text("last"));
        let Message::Close(Some(close)) = client.next().await.unwrap().unwrap() else {
            panic!("a close frame")
        };
        task.await.unwrap();
        assert_eq!(close.code, CloseCode::Size, "the code the reader left");
        assert_eq!(close.reason.as_str(), "frame too large");
    }

    #[tokio::test(start_paused = true)]
    async fn every_outbox_gone_closes_normally_and_an_overflow_drops_the_client_at_once() {
        let (task, outbox, _stop, mut client) = writer(4096, 8).await;
        drop(outbox);
        task.await.unwrap();
        assert!(matches!(
            client.next().await.unwrap().unwrap(),
            Message::Close(Some(_))
        ));
        let (task, outbox, stop, mut client) = writer(4096, 2).await;
        for line in ["a", "b", "c"] {
            outbox.send(line);
        }
        assert!(stop.is_cancelled(), "the overflow stops the connection");
        task.await.unwrap();
        let rest: Vec<_> = std::iter::from_fn(|| client.next().now_or_never().flatten()).collect();
        assert!(
            rest.iter().all(|m| !matches!(m, Ok(Message::Close(_)))),
            "no close frame for a client that does not read: {rest:?}"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_client_that_stops_reading_is_given_up_after_the_write_timeout() {
        let (task, outbox, stop, _client) = writer(64, 4096).await;
        let long = "x".repeat(1000);
        outbox.send(long.as_str());
        let started = Instant::now();
        task.await.unwrap();
        assert_eq!(started.elapsed(), WRITE_TIMEOUT);
        assert!(
            stop.is_cancelled(),
            "the session is told the client is gone"
        );
        drop(outbox);
    }
}
