//! Writes gathered in memory until a flush, for a WebSocket's socket.
//!
//! tungstenite buffers frames itself, but keeps its buffer at the largest size a burst
//! made it: after a Mahjong deal, some 600 bytes for every quiet browser. With its own
//! buffer set to nothing, each frame is written to this stream at once; this gathers
//! them and writes them in one call on the flush, then frees what it held. An idle
//! connection holds no write memory; a burst still costs one write per 16 KiB.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Bytes gathered before they are written without waiting for the flush.
const GATHER_LIMIT: usize = 16 * 1024;

/// `S` with its writes gathered until a flush (reads go straight through).
#[derive(Debug)]
pub struct Gathered<S: AsyncWrite + Unpin> {
    inner: S,
    /// Written by the caller, not yet to `inner`; freed once it all is.
    pending: Vec<u8>,
    /// How much of `pending` `inner` has taken.
    written: usize,
}

impl<S: AsyncWrite + Unpin> Gathered<S> {
    /// `inner`, its writes gathered.
    pub fn new(inner: S) -> Gathered<S> {
        Gathered {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

impl<S: AsyncWrite + Unpin> Gathered<S> {
    /// Writes everything gathered to `inner`, then frees the buffer.
    fn poll_drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending = Vec::new();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Gathered<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Gathered<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.pending.len() >= GATHER_LIMIT {
            ready!(this.poll_drain(cx))?;
        }
        this.pending.extend_from_slice(data);
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// What is still gathered is written as far as the socket takes it without waiting:
/// tungstenite answers a client's close frame and then reports the connection closed
/// without a flush, and that answer must still reach the client.
impl<S: AsyncWrite + Unpin> Drop for Gathered<S> {
    fn drop(&mut self) {
        if self.written < self.pending.len() {
            let waker = futures::task::noop_waker();
            let _ = self.poll_drain(&mut Context::from_waker(&waker));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn writes_wait_for_the_flush_and_then_nothing_is_held() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut gathered = Gathered::new(near);
        gathered.write_all(b"one ").await.unwrap();
        gathered.write_all(b"two").await.unwrap();
        let mut got = [0u8; 7];
        let early = futures::FutureExt::now_or_never(far.read(&mut got));
        assert!(early.is_none(), "nothing reaches the peer before the flush");
        // The peer's pipe takes 64 bytes at a time: the flush waits for it to read.
        let long = vec![b'x'; 200];
        gathered.write_all(&long).await.unwrap();
        let reader = tokio::spawn(async move {
            let mut all = vec![0u8; 207];
            far.read_exact(&mut all).await.unwrap();
            (all, far)
        });
        gathered.flush().await.unwrap();
        let (all, mut far) = reader.await.unwrap();
        assert_eq!(&all[..7], b"one two");
        assert_eq!(&all[7..], &long[..]);
        assert_eq!(gathered.pending.capacity(), 0, "the buffer is freed");
        far.write_all(b"back").await.unwrap();
        let mut back = [0u8; 4];
        gathered.read_exact(&mut back).await.unwrap();
        assert_eq!(&back, b"back", "reads go straight through");
    }

    #[tokio::test]
    async fn what_is_gathered_goes_out_when_the_stream_is_dropped_unflushed() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut gathered = Gathered::new(near);
        gathered.write_all(b"goodbye").await.unwrap();
        drop(gathered);
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, b"goodbye");
    }

    #[tokio::test]
    async fn a_burst_past_the_limit_is_written_without_a_flush() {
        let (near, mut far) = tokio::io::duplex(4 * GATHER_LIMIT);
        let mut gathered = Gathered::new(near);
        let chunk = vec![b'y'; 1024];
        for _ in 0..=GATHER_LIMIT / 1024 {
            gathered.write_all(&chunk).await.unwrap();
        }
        let mut first = vec![0u8; GATHER_LIMIT];
        far.read_exact(&mut first).await.unwrap();
        assert!(first.iter().all(|&b| b == b'y'));
        assert_eq!(gathered.pending.len(), 1024, "the rest waits for the flush");
    }
}
