//! How many connections a protocol has, and how many it may have: one count shared by
//! its TCP port and its WebSocket route on the HTTP port.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The connection limit of one protocol. Cheap to clone; clones share the count.
#[derive(Clone, Debug)]
pub struct Admission {
    permits: Arc<Semaphore>,
    max: usize,
}

impl Admission {
    /// A limit of `max` connections at once.
    pub fn new(max: usize) -> Admission {
        Admission {
            permits: Arc::new(Semaphore::new(max)),
            max,
        }
    }

    /// A place for one more connection, held until the permit is dropped; `None` when
    /// the protocol is full.
    pub fn admit(&self) -> Option<OwnedSemaphorePermit> {
        self.permits.clone().try_acquire_owned().ok()
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
