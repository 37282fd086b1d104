//! Starting the server with two glibc allocator settings that let memory freed after a
//! burst go back to the system.
//!
//! glibc's per-thread cache (seven freed chunks of each small size per thread) stays on.
//! An earlier version turned it off (`tcache_count=0`) so that those chunks could not
//! keep freed memory from merging into pages `malloc_trim` gives back. Measured against
//! the floor (`docs/benchmarks.md`), that made every allocation take the arena's lock,
//! where the worker threads and the store's thread met: `parlor bench jass --games 100`
//! made 48,650 futex calls with the cache off and 18,043 with it on, and the server's
//! CPU per deal was the same or a little lower with it (1.27 against 1.30 ms, the medians
//! of three alternating runs of 200 games). The memory the cache holds is small: after
//! 2,000 Jass connections came and went twice, 17.3 MB with it against 14.7 MB without
//! (+21% and +5% of the start).
//!
//! - **A fixed threshold for mapping large blocks** (`mmap_threshold=131072`). glibc
//!   raises the threshold each time a mapped block is freed, so after the first large
//!   API answer every later one came from the heap and left it fragmented. Fixed, blocks
//!   of 128 KiB and more are mapped and unmapped on their own: `parlor bench api`'s peak
//!   went from 30-45 MB to 25 MB.
//! - **One arena** (`arena_max=1`). Threads that meet on a locked arena make new ones,
//!   and memory freed into an arena that no busy thread uses stayed there: Jass after a
//!   churn measured +4% or +50% from run to run. With one arena the churn ends the same
//!   every time, and the API burst (`parlor bench api`) ends 11% above its start. With the per-thread
//!   cache in front of it, the shared arena is taken only when a cache is empty or full.
//!
//! glibc reads these settings (`GLIBC_TUNABLES`) only when a process starts, so the
//! server re-executes itself once with them, before any thread exists. A setting that
//! `GLIBC_TUNABLES` already names is the operator's choice and is left alone.

// Elsewhere the restart does nothing; what builds the settings is then used by tests only.
#![cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]

use std::ffi::{OsStr, OsString};

/// The environment variable glibc reads its tunables from.
const TUNABLES: &str = "GLIBC_TUNABLES";

/// Set on the re-execution, so that it can never happen twice: glibc 2.36 splits
/// `GLIBC_TUNABLES` in place while parsing it (`/proc/<pid>/environ` shows the pieces),
/// and a C library that left the process only the first piece would otherwise make it
/// restart forever.
const RESTARTED: &str = "PARLOR_ALLOCATOR_RESTARTED";

/// The settings, as glibc names them, and their values.
const SETTINGS: [(&str, &str); 2] = [
    ("glibc.malloc.mmap_threshold", "131072"),
    ("glibc.malloc.arena_max", "1"),
];

/// Re-executes this process with the settings, unless it already has them (or the
/// operator chose otherwise). Returns only if no re-execution happened or it failed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn restart_with_settings() {
    use std::os::unix::process::CommandExt;
    if std::env::var_os(RESTARTED).is_some() {
        return;
    }
    let current = std::env::var_os(TUNABLES);
    let Some(wanted) = tunables_with_settings(current.as_deref()) else {
        return;
    };
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(TUNABLES, wanted)
        .env(RESTARTED, "1")
        .exec();
    // Serving with glibc's defaults is still correct, only slower to give memory back.
    eprintln!("parlor: running with glibc's default allocator settings ({error})");
}

/// Other C libraries have no such settings.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn restart_with_settings() {}

/// The `GLIBC_TUNABLES` value that adds the missing settings to `current`, or `None`
/// when `current` names them all already (after the re-execution, or the operator's).
fn tunables_with_settings(current: Option<&OsStr>) -> Option<OsString> {
    let current = current.map_or(String::new(), |v| v.to_string_lossy().into_owned());
    let named = |name: &str| {
        current
            .split(':')
            .any(|t| t.split('=').next() == Some(name))
    };
    let missing: Vec<String> = SETTINGS
        .iter()
        .filter(|(name, _)| !named(name))
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    if missing.is_empty() {
        return None;
    }
    let kept = (!current.is_empty()).then_some(current.as_str());
    Some(
        kept.into_iter()
            .chain(missing.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(":")
            .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(current: Option<&str>) -> Option<String> {
        tunables_with_settings(current.map(OsStr::new)).map(|v| v.into_string().unwrap())
    }

    #[test]
    fn both_settings_are_added_once_beside_the_operators_own() {
        let ours = "glibc.malloc.mmap_threshold=131072:glibc.malloc.arena_max=1";
        assert_eq!(with(None).as_deref(), Some(ours));
        assert_eq!(with(Some("")).as_deref(), Some(ours));
        assert_eq!(
            with(Some("glibc.malloc.check=0")),
            Some(format!("glibc.malloc.check=0:{ours}"))
        );
        // After the re-execution: nothing more to do.
        assert_eq!(with(Some(ours)), None);
        // The operator chose no cache and two arenas: kept, the other setting added.
        assert_eq!(
            with(Some("glibc.malloc.tcache_count=0:glibc.malloc.arena_max=2")).as_deref(),
            Some("glibc.malloc.tcache_count=0:glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072")
        );
    }
}
