//! How many connections the process can hold: every connection is a file descriptor,
//! and a process that runs out of them stops answering on every port at once. So at
//! start the soft limit is raised to the hard one, a reserve is kept for everything that
//! is not a client (the store, logs, the listeners themselves), and the rest is shared
//! out between the listeners so that one of them, full, cannot starve another. An
//! operator who sets a cap (a server for one protocol's crowd) gets it, up to the whole
//! budget.

/// Descriptors kept back for the store, the listeners, logs and the runtime.
const RESERVE: u64 = 64;

/// Raises the soft file-descriptor limit to the hard limit and returns how many
/// descriptors connections may use.
pub fn descriptor_budget() -> usize {
    let limit = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => limit,
        Err(error) => {
            let soft = rlimit::getrlimit(rlimit::Resource::NOFILE)
                .map(|(soft, _)| soft)
                .unwrap_or(1024);
            tracing::warn!(%error, soft, "the file descriptor limit could not be raised");
            soft
        }
    };
    usize::try_from(limit.saturating_sub(RESERVE).max(1)).unwrap_or(usize::MAX)
}

/// Connections per listener when the operator sets no cap.
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;

/// The connection cap of each of `listeners` listeners: with no cap `asked`,
/// [`DEFAULT_MAX_CONNECTIONS`] within an equal share of `budget`; with one, that cap
/// within the whole budget (the listeners together may then run short).
pub fn listener_cap(asked: Option<usize>, budget: usize, listeners: usize) -> usize {
    match asked {
        None => DEFAULT_MAX_CONNECTIONS.min(budget / listeners.max(1)),
        Some(asked) => asked.min(budget),
    }
    .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listeners_share_the_budget() {
        assert_eq!(listener_cap(None, 1024 - RESERVE as usize, 6), 160);
        assert_eq!(listener_cap(None, 1_048_576, 6), 4096);
        assert_eq!(listener_cap(None, 0, 6), 1);
        // A cap the operator set is theirs, within what the process can open at all.
        assert_eq!(listener_cap(Some(19_000), 19_936, 2), 19_000);
        assert_eq!(listener_cap(Some(50_000), 19_936, 2), 19_936);
        assert_eq!(listener_cap(Some(24), 19_936, 6), 24);
        assert!(descriptor_budget() >= 1);
    }
}
