//! What parlor's tests start for real rather than imitate: a private PostgreSQL server,
//! run as an unprivileged user in a temporary directory, one per test binary, with a
//! fresh database for each test that asks.
//!
//! When PostgreSQL is not installed it is installed (Debian's `postgresql` package), so
//! `cargo test --workspace` on a fresh machine runs these tests too; if that fails they
//! fail with the reason, never skipped silently.

mod postgres;

pub use postgres::{postgres, Postgres};
