//! A byte stream that remembers when bytes last moved, so a connection that has gone
//! quiet can be closed however it went quiet (an idle keep-alive, a client that stopped
//! reading our answer, one that sends nothing after connecting).

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Instant;

/// A stream whose reads and writes are noted in an [`Activity`].
#[derive(Debug)]
pub struct Watched<S> {
    inner: S,
    activity: Activity,
}

/// When a [`Watched`] stream last moved bytes. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Activity {
    start: Instant,
    /// Milliseconds after `start` of the last read or write.
    last_ms: Arc<AtomicU64>,
}

impl<S> Watched<S> {
    /// Watches `inner`, from now.
    pub fn new(inner: S) -> (Watched<S>, Activity) {
        let activity = Activity {
            start: Instant::now(),
            last_ms: Arc::default(),
        };
        let watched = Watched {
            inner,
            activity: activity.clone(),
        };
        (watched, activity)
    }
}

impl Activity {
    fn touch(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    /// The instant bytes last moved.
    fn last(&self) -> Instant {
        self.start + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }

    /// Completes once no bytes have moved for `limit`.
    pub async fn idle_for(&self, limit: Duration) {
        loop {
            let deadline = self.last() + limit;
            if Instant::now() >= deadline {
                return;
            }
            tokio::time::sleep_until(deadline).await;
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn idle_counts_from_the_last_byte_either_way() {
        let (ours, mut theirs) = tokio::io::duplex(64);
        let (mut watched, activity) = Watched::new(ours);
        tokio::time::advance(Duration::from_secs(20)).await;
        theirs.write_all(b"x").await.unwrap();
        let mut byte = [0u8];
        watched.read_exact(&mut byte).await.unwrap();
        let started = Instant::now();
        activity.idle_for(Duration::from_secs(30)).await;
        assert_eq!(started.elapsed(), Duration::from_secs(30));
    }
}
