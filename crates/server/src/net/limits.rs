//! How many connections the process can hold: every connection is a file descriptor,
//! and a process that runs out of them stops answering on every port at once. So at
//! start the soft limit is raised to the hard one, a reserve is kept for everything that
//! is not a client (the store, logs, the listeners themselves), and the rest is shared
//! out between the listeners so that one of them, full, cannot starve another.

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

/// The connection cap of each of `listeners` listeners: what was asked for, but no more
/// than an equal share of `budget`.
pub fn listener_cap(asked: usize, budget: usize, listeners: usize) -> usize {
    asked.min(budget / listeners.max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listeners_share_the_budget() {
        assert_eq!(listener_cap(4096, 1024 - RESERVE as usize, 6), 160);
        assert_eq!(listener_cap(4096, 1_048_576, 6), 4096);
        assert_eq!(listener_cap(4096, 0, 6), 1);
        assert!(descriptor_budget() >= 1);
    }
}
