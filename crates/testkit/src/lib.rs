//! What parlor's tests start for real rather than imitate: a private PostgreSQL server,
//! run as an unprivileged user in a temporary directory, with a fresh database for each
//! test that asks, and a private NATS server with JetStream; one of each per test binary.
//!
//! When either is not installed it is installed (Debian's `postgresql` and `nats-server`
//! packages), so `cargo test --workspace` on a fresh machine runs these tests too; if that
//! fails they fail with the reason, never skipped silently.

mod nats;
mod postgres;
mod process;

pub use nats::{nats, Nats};
pub use postgres::{postgres, Postgres};
