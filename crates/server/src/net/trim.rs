//! Giving freed memory back to the system after connections leave.
//!
//! glibc's allocator keeps what a thread freed in that thread's arena for later reuse, so
//! a server's resident memory stayed at its peak after thousands of connections left
//! (`parlor bench idle --churn` measured twice the starting memory, for good). For ten
//! seconds after a connection closed (what its tasks and tables still held is freed by
//! then), this asks glibc every two seconds to return its free pages (`malloc_trim`); it
//! costs a walk over the free lists, and nothing when nobody left. `parlor serve` also
//! starts with allocator settings without which this gives back much less (the binary's
//! `malloc_tuning`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Connections closed since the last trim.
static CLOSED: AtomicU64 = AtomicU64::new(0);

/// How often the trimmer looks.
const EVERY: Duration = Duration::from_secs(2);

/// A connection closed: memory may be free to give back.
pub fn closed() {
    CLOSED.fetch_add(1, Ordering::Relaxed);
}

/// How many ticks after a connection closed the trimmer keeps trimming: what a closed
/// connection's tasks and tables still held (a WebSocket's closing handshake, a table
/// ending without its people) is freed within them.
const TICKS_AFTER: u32 = 5;

/// Trims at every [`EVERY`] tick within [`TICKS_AFTER`] ticks of a connection closing,
/// until `shutdown`.
pub async fn trimmer(shutdown: CancellationToken) {
    let mut tick = tokio::time::interval(EVERY);
    let mut ticks_left = 0;
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.cancelled() => return,
        }
        if CLOSED.swap(0, Ordering::Relaxed) > 0 {
            ticks_left = TICKS_AFTER;
        }
        if ticks_left > 0 {
            ticks_left -= 1;
            let _ = tokio::task::spawn_blocking(give_back).await;
        }
    }
}

/// Returns the allocator's free pages to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back() {
    // SAFETY: malloc_trim only releases memory the allocator holds free; it takes the
    // allocator's own locks and touches no memory the program uses.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Other allocators give memory back by themselves (or offer no way to ask).
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back() {}
