//! How many connections a listener has, and how many it may have: one count shared by
//! a protocol's TCP port and its WebSocket route on the HTTP port, a second count per
//! remote address so that one host cannot take every place, and a rate of new
//! connections per address (a token bucket), so that connecting and closing thousands
//! of times is no way around the limits a session keeps. It also keeps the
//! `parlor_connections_open` gauge and `parlor_connections_total` counter.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// What one remote address holds: its open connections and its rate bucket.
#[derive(Debug)]
struct Address {
    open: usize,
    /// New connections it may open now (refilled at the rate, up to the burst).
    tokens: f64,
    refilled: Instant,
}

/// Every address with open connections or a bucket not yet full.
type Addresses = Arc<Mutex<HashMap<IpAddr, Address>>>;

/// The connection limits of one listener. Cheap to clone; clones share the counts.
#[derive(Clone, Debug)]
pub struct Admission {
    protocol: &'static str,
    permits: Arc<Semaphore>,
    max: usize,
    /// Connections open per remote address, and how many one address may hold.
    per_address: Addresses,
    max_per_address: usize,
    /// New connections per second one address may open (0: no limit); twice as many
    /// at once.
    rate: f64,
    /// The balancers that say who their clients are (`net::proxy`): the limits count
    /// the clients they name.
    proxies: Arc<[IpAddr]>,
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The listener holds its limit of connections.
    Full,
    /// The remote address holds its limit of connections.
    AddressFull,
    /// The remote address opened connections faster than its rate.
    TooFast,
}

/// A connection's place, held while it is open.
#[derive(Debug)]
pub struct Admitted {
    _permit: OwnedSemaphorePermit,
    open: metrics::Gauge,
    address: IpAddr,
    per_address: Addresses,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.open.decrement(1.0);
        super::trim::closed();
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(address) = counts.get_mut(&self.address) {
            address.open -= 1;
        }
    }
}

impl Address {
    /// The bucket's tokens at `now`, refilled at `rate` per second up to `burst`.
    fn tokens_at(&self, now: Instant, rate: f64, burst: f64) -> f64 {
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        (self.tokens + elapsed * rate).min(burst)
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
            rate: 0.0,
            proxies: Arc::new([]),
        }
    }

    /// The same limits, for clients that the balancers at `proxies` name in a PROXY
    /// protocol header (`net::proxy`).
    pub fn with_proxies(mut self, proxies: &[IpAddr]) -> Admission {
        self.proxies = proxies.into();
        self
    }

    /// Whether a connection from `address` is a balancer's, which may name its client.
    pub fn is_proxy(&self, address: IpAddr) -> bool {
        self.proxies.contains(&address)
    }

    /// The same limits, with at most `per_second` new connections per second from one
    /// address (twice as many in a burst; 0: no limit).
    pub fn with_rate(mut self, per_second: u32) -> Admission {
        self.rate = f64::from(per_second);
        self
    }

    /// A place for one more connection from `address` coming in over `transport`
    /// (`tcp`, `ws`), held until the returned guard is dropped.
    pub fn admit(&self, transport: &'static str, address: IpAddr) -> Result<Admitted, Refused> {
        let now = Instant::now();
        let burst = self.rate * 2.0;
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > 4 * self.max.max(1024) {
            // Addresses with nothing open whose bucket is full again are forgotten.
            let rate = self.rate;
            counts.retain(|_, a| a.open > 0 || a.tokens_at(now, rate, burst) < burst);
        }
        let entry = counts.entry(address).or_insert(Address {
            open: 0,
            tokens: burst,
            refilled: now,
        });
        if entry.open >= self.max_per_address {
            return Err(Refused::AddressFull);
        }
        if self.rate > 0.0 {
            entry.tokens = entry.tokens_at(now, self.rate, burst);
            entry.refilled = now;
            if entry.tokens < 1.0 {
                return Err(Refused::TooFast);
            }
        }
        let permit = self
            .permits
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refused::Full)?;
        entry.open += 1;
        if self.rate > 0.0 {
            entry.tokens -= 1.0;
        }
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

    #[tokio::test(start_paused = true)]
    async fn one_address_opens_connections_at_its_rate() {
        let admission = Admission::new("test", 100, 100).with_rate(2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        // A burst of twice the rate, each closed at once: closing gives nothing back.
        for _ in 0..4 {
            drop(admission.admit("tcp", a).unwrap());
        }
        assert_eq!(admission.admit("tcp", a).unwrap_err(), Refused::TooFast);
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(
            admission.admit("tcp", other).is_ok(),
            "others are not slowed"
        );
        tokio::time::advance(std::time::Duration::from_millis(500)).await;
        assert!(
            admission.admit("tcp", a).is_ok(),
            "one more after half a second"
        );
        assert_eq!(admission.admit("tcp", a).unwrap_err(), Refused::TooFast);
    }
}
