//! What a wrong private-table code costs. A code has five digits (the app's format), so
//! counting through them must be slower than any private game lasts.
//!
//! - Per address (an IPv4 address, or an IPv6 /64, which one host usually holds whole):
//!   [`FREE_TRIES`] wrong codes cost nothing (a typo, a friend's code misheard); after
//!   that each further try must wait twice as long as the one before, from 1 s up to
//!   [`LONGEST_WAIT`]; an address that stays quiet for [`FORGIVEN_AFTER`] starts again.
//!   One address then gets some 20 tries in its first hour and 6 an hour after that.
//! - Overall: wrong codes from every address together spend one bucket of
//!   [`PER_SECOND`] a second (a burst of [`BURST`]); while it is empty no code is
//!   looked up, so many addresses together still try at most that many a second.
//!
//! A try that is not allowed is answered as a wrong code, without looking the code up:
//! waiting cannot be skipped by trying the right code sooner. Codes tried are never
//! logged; an address that starts waiting is (rate-limited).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// Wrong codes an address may give before each try costs a wait.
pub const FREE_TRIES: u32 = 5;
/// The longest wait between two tries of one address.
pub const LONGEST_WAIT: Duration = Duration::from_secs(600);
/// Quiet time after which an address's wrong codes are forgotten.
pub const FORGIVEN_AFTER: Duration = Duration::from_secs(3600);
/// Wrong codes per second from everyone together, and how many at once.
pub const PER_SECOND: f64 = 5.0;
pub const BURST: f64 = 20.0;

/// How many addresses are remembered before the forgiven ones are dropped.
const PRUNE_AT: usize = 4096;

/// One address's wrong codes.
#[derive(Debug)]
struct Record {
    wrong: u32,
    last: Instant,
}

#[derive(Debug)]
struct State {
    addresses: HashMap<IpAddr, Record>,
    tokens: f64,
    refilled: Instant,
}

/// The guard every app session of a server shares.
#[derive(Debug)]
pub struct CodeGuard(Mutex<State>);

impl Default for CodeGuard {
    fn default() -> CodeGuard {
        CodeGuard(Mutex::new(State {
            addresses: HashMap::new(),
            tokens: BURST,
            refilled: Instant::now(),
        }))
    }
}

/// The key an address is counted under: IPv6 hosts hold whole /64 networks.
fn key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => {
            let mut octets = v6.octets();
            octets[8..].fill(0);
            IpAddr::from(octets)
        }
    }
}

/// The wait before the try after `wrong` wrong codes.
fn wait_after(wrong: u32) -> Duration {
    match wrong.checked_sub(FREE_TRIES) {
        None => Duration::ZERO,
        Some(extra) => Duration::from_secs(1u64 << extra.min(10)).min(LONGEST_WAIT),
    }
}

impl CodeGuard {
    /// Whether `addr` may have a code looked up at `now`.
    pub fn may_try(&self, addr: IpAddr, now: Instant) -> bool {
        let mut state = self.lock();
        state.refill(now);
        if state.tokens < 1.0 {
            return false;
        }
        match state.addresses.get(&key(addr)) {
            Some(r) if now.duration_since(r.last) < FORGIVEN_AFTER => {
                now.duration_since(r.last) >= wait_after(r.wrong)
            }
            _ => true,
        }
    }

    /// `addr` gave a wrong code at `now` (or tried when it may not).
    pub fn wrong(&self, addr: IpAddr, now: Instant) {
        let mut state = self.lock();
        state.refill(now);
        state.tokens = (state.tokens - 1.0).max(0.0);
        if state.addresses.len() >= PRUNE_AT {
            state
                .addresses
                .retain(|_, r| now.duration_since(r.last) < FORGIVEN_AFTER);
        }
        let record = state.addresses.entry(key(addr)).or_insert(Record {
            wrong: 0,
            last: now,
        });
        if now.duration_since(record.last) >= FORGIVEN_AFTER {
            record.wrong = 0;
        }
        record.wrong = record.wrong.saturating_add(1);
        record.last = now;
        if record.wrong == FREE_TRIES + 1 {
            crate::net::warn_limited!(
                address = %addr,
                "wrong private codes from one address; each further try waits longer"
            );
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl State {
    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        self.tokens = (self.tokens + elapsed * PER_SECOND).min(BURST);
        self.refilled = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn each_wrong_code_past_the_free_ones_waits_twice_as_long() {
        let guard = CodeGuard::default();
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let t = Instant::now();
        for _ in 0..FREE_TRIES {
            assert!(guard.may_try(me, t));
            guard.wrong(me, t);
        }
        assert!(!guard.may_try(me, t));
        assert!(guard.may_try(me, t + Duration::from_secs(1)));
        guard.wrong(me, t + Duration::from_secs(1));
        assert!(!guard.may_try(me, t + Duration::from_millis(2900)));
        assert!(guard.may_try(me, t + Duration::from_secs(3)));
        // Another address is not slowed by this one.
        assert!(guard.may_try("10.0.0.2".parse().unwrap(), t));
        // The same IPv6 /64 is one address.
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        let b: IpAddr = "2001:db8::ffff".parse().unwrap();
        let later = t + Duration::from_secs(10);
        for _ in 0..=FREE_TRIES {
            guard.wrong(a, later);
        }
        assert!(!guard.may_try(b, later));
        // Forgiven after a quiet hour.
        assert!(guard.may_try(me, t + FORGIVEN_AFTER + Duration::from_secs(2)));
        assert_eq!(wait_after(FREE_TRIES + 30), LONGEST_WAIT);
    }

    #[tokio::test(start_paused = true)]
    async fn many_addresses_together_try_at_most_the_overall_rate() {
        let guard = CodeGuard::default();
        let t = Instant::now();
        let mut looked_up = 0;
        for i in 0..1000u32 {
            let addr = IpAddr::from((0x0a00_0000 + i).to_be_bytes());
            if guard.may_try(addr, t) {
                looked_up += 1;
                guard.wrong(addr, t);
            }
        }
        assert_eq!(looked_up, BURST as u32);
        let second = t + Duration::from_secs(1);
        assert!(guard.may_try("10.9.9.9".parse().unwrap(), second));
    }
}
