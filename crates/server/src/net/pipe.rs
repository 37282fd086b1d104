//! An in-memory byte pipe, both ways, that holds no memory while it is empty: what the
//! WebSocket bridge and the protocol session it runs talk through.
//!
//! tokio's `duplex` keeps each direction's buffer at the largest size it ever reached.
//! A session writes a burst when a game starts (a Mahjong deal is some 200 lines), so
//! every bridged connection kept several KiB for as long as it stayed open. Here a
//! direction gives its buffer back each time the reader empties it.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Two connected ends: what one writes the other reads. Each direction holds at most
/// `max` unread bytes; a writer waits for the reader beyond that.
pub fn pipe(max: usize) -> (PipeEnd, PipeEnd) {
    let one = Arc::new(Mutex::new(Direction::new(max)));
    let two = Arc::new(Mutex::new(Direction::new(max)));
    (
        PipeEnd {
            reads: one.clone(),
            writes: two.clone(),
        },
        PipeEnd {
            reads: two,
            writes: one,
        },
    )
}

/// One end of a [`pipe`]. Dropping it ends both directions: the other end reads what is
/// left and then the end of the stream, and its writes fail.
#[derive(Debug)]
pub struct PipeEnd {
    reads: Arc<Mutex<Direction>>,
    writes: Arc<Mutex<Direction>>,
}

/// The bytes going one way, and who waits on them.
#[derive(Debug)]
struct Direction {
    /// Written and not yet read from `start` on; empty (no allocation) once all is read.
    bytes: Vec<u8>,
    start: usize,
    max: usize,
    /// The writer finished, or either end is gone.
    closed: bool,
    reader: Option<Waker>,
    writer: Option<Waker>,
}

impl Direction {
    fn new(max: usize) -> Direction {
        Direction {
            bytes: Vec::new(),
            start: 0,
            max: max.max(1),
            closed: false,
            reader: None,
            writer: None,
        }
    }

    fn unread(&self) -> usize {
        self.bytes.len() - self.start
    }

    /// Marks the direction closed and wakes whoever waits on it.
    fn close(&mut self) {
        self.closed = true;
        wake(self.reader.take());
        wake(self.writer.take());
    }
}

fn wake(waker: Option<Waker>) {
    if let Some(waker) = waker {
        waker.wake();
    }
}

/// The direction's lock. Nothing panics while holding it, so a poisoned lock still holds
/// consistent bytes.
fn lock(direction: &Mutex<Direction>) -> MutexGuard<'_, Direction> {
    direction
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AsyncRead for PipeEnd {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let mut d = lock(&self.reads);
        if d.unread() == 0 {
            if d.closed || buf.remaining() == 0 {
                return Poll::Ready(Ok(()));
            }
            d.reader = Some(cx.waker().clone());
            return Poll::Pending;
        }
        let n = d.unread().min(buf.remaining());
        let start = d.start;
        buf.put_slice(&d.bytes[start..start + n]);
        d.start += n;
        if d.unread() == 0 {
            d.bytes = Vec::new();
            d.start = 0;
        }
        if n > 0 {
            wake(d.writer.take());
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for PipeEnd {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let mut d = lock(&self.writes);
        if d.closed {
            return Poll::Ready(Err(io::ErrorKind::BrokenPipe.into()));
        }
        if data.is_empty() {
            return Poll::Ready(Ok(0));
        }
        let room = d.max - d.unread();
        if room == 0 {
            d.writer = Some(cx.waker().clone());
            return Poll::Pending;
        }
        if d.start > 0 {
            // Move what is unread to the front rather than grow behind read bytes.
            let start = d.start;
            d.bytes.drain(..start);
            d.start = 0;
        }
        let n = room.min(data.len());
        d.bytes.extend_from_slice(&data[..n]);
        wake(d.reader.take());
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        lock(&self.writes).close();
        Poll::Ready(Ok(()))
    }
}

impl Drop for PipeEnd {
    fn drop(&mut self) {
        lock(&self.writes).close();
        lock(&self.reads).close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn bytes_cross_both_ways_and_the_buffer_is_freed_once_read() {
        let (mut a, mut b) = pipe(1024);
        a.write_all(b"hello\n").await.unwrap();
        b.write_all(b"back\n").await.unwrap();
        let mut got = [0u8; 6];
        b.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"hello\n");
        assert_eq!(lock(&b.reads).bytes.capacity(), 0, "read out, freed");
        let mut got = [0u8; 5];
        a.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"back\n");
    }

    #[tokio::test]
    async fn a_writer_waits_for_the_reader_beyond_the_limit() {
        let (mut a, mut b) = pipe(8);
        let big = vec![7u8; 100];
        let writer = tokio::spawn(async move {
            a.write_all(&big).await.unwrap();
            a
        });
        let mut got = vec![0u8; 100];
        b.read_exact(&mut got).await.unwrap();
        assert!(got.iter().all(|&x| x == 7));
        let a = writer.await.unwrap();
        assert!(
            lock(&a.writes).bytes.capacity() <= 16,
            "never above the limit"
        );
    }

    #[tokio::test]
    async fn dropping_an_end_ends_the_stream_after_what_was_written() {
        let (mut a, mut b) = pipe(64);
        a.write_all(b"last words").await.unwrap();
        drop(a);
        let mut rest = Vec::new();
        b.read_to_end(&mut rest).await.unwrap();
        assert_eq!(rest, b"last words");
        let refused = b.write_all(b"anyone?").await.unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::BrokenPipe);
    }

    #[tokio::test]
    async fn a_waiting_reader_wakes_when_the_other_end_goes() {
        let (a, mut b) = pipe(64);
        let reader = tokio::spawn(async move {
            let mut rest = Vec::new();
            b.read_to_end(&mut rest).await.map(|_| rest)
        });
        tokio::task::yield_now().await;
        drop(a);
        assert_eq!(reader.await.unwrap().unwrap(), b"");
    }

    #[tokio::test]
    async fn shutdown_ends_one_direction_only() {
        let (mut a, mut b) = pipe(64);
        a.shutdown().await.unwrap();
        let mut rest = Vec::new();
        b.read_to_end(&mut rest).await.unwrap();
        assert!(rest.is_empty());
        b.write_all(b"still open").await.unwrap();
        let mut got = [0u8; 10];
        a.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"still open");
    }
}
