//! Warnings that a client (or a flood of them) can cause are rate-limited: at most one
//! line per second from each place in the code, with the number left out since the last
//! one. A misbehaving client must not be able to fill the disk with our logs.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

/// The gap between two lines from one place, in milliseconds.
const EVERY_MS: u64 = 1000;

/// The rate limit of one place that logs.
#[derive(Debug)]
pub struct LogLimit {
    /// Milliseconds since [`epoch`] when the last line was let through, plus one
    /// (zero: never).
    last: AtomicU64,
    /// Lines held back since the last one let through.
    held: AtomicU64,
}

impl LogLimit {
    /// A limit that lets the first line through.
    pub const fn new() -> LogLimit {
        LogLimit {
            last: AtomicU64::new(0),
            held: AtomicU64::new(0),
        }
    }

    /// `Some(lines held back since the last one)` if a line may be logged now.
    pub fn allow(&self) -> Option<u64> {
        self.allow_at(epoch().elapsed().as_millis() as u64 + 1)
    }

    /// [`LogLimit::allow`] at `now` milliseconds (at least 1) since [`epoch`].
    fn allow_at(&self, now: u64) -> Option<u64> {
        let last = self.last.load(Ordering::Relaxed);
        let due = last == 0 || now.saturating_sub(last) >= EVERY_MS;
        if due
            && self
                .last
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            return Some(self.held.swap(0, Ordering::Relaxed));
        }
        self.held.fetch_add(1, Ordering::Relaxed);
        None
    }
}

impl Default for LogLimit {
    fn default() -> LogLimit {
        LogLimit::new()
    }
}

/// The instant the rate limits count from.
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// `tracing::warn!`, at most once a second from this place; each line that gets through
/// says how many were held back (`held_back`).
macro_rules! warn_limited {
    ($($arg:tt)+) => {{
        static LIMIT: $crate::net::LogLimit = $crate::net::LogLimit::new();
        if let Some(held_back) = LIMIT.allow() {
            tracing::warn!(held_back, $($arg)+);
        }
    }};
}
pub(crate) use warn_limited;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_through_then_the_rest_held_back() {
        let limit = LogLimit::new();
        assert_eq!(limit.allow_at(5), Some(0));
        for ms in 5..1000 {
            assert_eq!(limit.allow_at(ms), None);
        }
        assert_eq!(limit.allow_at(1005), Some(995));
        assert_eq!(limit.allow_at(1006), None);
    }
}
