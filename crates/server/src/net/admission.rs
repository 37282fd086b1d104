//! How many connections a protocol has, and how many it may have: one count shared by
//! its TCP port and its WebSocket route on the HTTP port. It also keeps the
//! `parlor_connections_open` gauge and `parlor_connections_total` counter.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The connection limit of one protocol. Cheap to clone; clones share the count.
#[derive(Clone, Debug)]
pub struct Admission {
    protocol: &'static str,
    permits: Arc<Semaphore>,
    max: usize,
}

/// A connection's place, held while it is open.
#[derive(Debug)]
pub struct Admitted {
    _permit: OwnedSemaphorePermit,
    open: metrics::Gauge,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.open.decrement(1.0);
    }
}

impl Admission {
    /// A limit of `max` connections at once for `protocol`.
    pub fn new(protocol: &'static str, max: usize) -> Admission {
        Admission {
            protocol,
            permits: Arc::new(Semaphore::new(max)),
            max,
        }
    }

    /// A place for one more connection coming in over `transport` (`tcp`, `ws`), held
    /// until the returned guard is dropped; `None` when the protocol is full.
    pub fn admit(&self, transport: &'static str) -> Option<Admitted> {
        let permit = self.permits.clone().try_acquire_owned().ok()?;
        let labels = [("protocol", self.protocol), ("transport", transport)];
        metrics::counter!("parlor_connections_total", &labels).increment(1);
        let open = metrics::gauge!("parlor_connections_open", &labels);
        open.increment(1.0);
        Some(Admitted {
            _permit: permit,
            open,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.max - self.permits.available_permits()
    }

    /// The limit.
    pub fn max(&self) -> usize {
        self.max
    }
}
