//! How many connections a listener has, and how many it may have: one count shared by
//! a protocol's TCP port and its WebSocket route on the HTTP port, and a second count per
//! remote address so that one host cannot take every place. It also keeps the
//! `parlor_connections_open` gauge and `parlor_connections_total` counter.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The connection limits of one listener. Cheap to clone; clones share the counts.
#[derive(Clone, Debug)]
pub struct Admission {
    protocol: &'static str,
    permits: Arc<Semaphore>,
    max: usize,
    /// Connections open per remote address, and how many one address may hold.
    per_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max_per_address: usize,
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The listener holds its limit of connections.
    Full,
    /// The remote address holds its limit of connections.
    AddressFull,
}

/// A connection's place, held while it is open.
#[derive(Debug)]
pub struct Admitted {
    _permit: OwnedSemaphorePermit,
    open: metrics::Gauge,
    address: IpAddr,
    per_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.open.decrement(1.0);
        super::trim::closed();
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

impl Admission {
    /// A limit of `max` connections at once for `protocol`, at most `max_per_address`
    /// of them from one remote address.
    pub fn new(protocol: &'static str, max: usize, max_per_address: usize) -> Admission {
        Admission {
            protocol,
            permits: Arc::new(Semaphore::new(max)),
            max,
            per_address: Arc::default(),
            max_per_address,
        }
    }

    /// A place for one more connection from `address` coming in over `transport`
    /// (`tcp`, `ws`), held until the returned guard is dropped.
    pub fn admit(&self, transport: &'static str, address: IpAddr) -> Result<Admitted, Refused> {
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.get(&address).copied().unwrap_or(0);
        if count >= self.max_per_address {
            return Err(Refused::AddressFull);
        }
        let permit = self
            .permits
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refused::Full)?;
        counts.insert(address, count + 1);
        drop(counts);
        let labels = [("protocol", self.protocol), ("transport", transport)];
        metrics::counter!("parlor_connections_total", &labels).increment(1);
        let open = metrics::gauge!("parlor_connections_open", &labels);
        open.increment(1.0);
        Ok(Admitted {
            _permit: permit,
            open,
            address,
            per_address: self.per_address.clone(),
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

    /// The limit per remote address.
    pub fn max_per_address(&self) -> usize {
        self.max_per_address
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_cannot_take_every_place() {
        let admission = Admission::new("test", 3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = admission.admit("tcp", a).unwrap();
        let _second = admission.admit("tcp", a).unwrap();
        assert_eq!(admission.admit("tcp", a).unwrap_err(), Refused::AddressFull);
        let _third = admission.admit("tcp", b).unwrap();
        assert_eq!(admission.admit("tcp", b).unwrap_err(), Refused::Full);
        assert_eq!(admission.open(), 3);
        drop(first);
        assert_eq!(admission.open(), 2);
        assert!(admission.admit("tcp", a).is_ok());
    }
}
