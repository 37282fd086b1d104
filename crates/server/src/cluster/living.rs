//! Which nodes of the cluster live. Every node writes the key `node.<run>` (its name and
//! the number its run drew at start) in the homes
//! bucket every [`RENEW`] (the bucket forgets it [`super::homes::HOME_TTL`] after the
//! last write) and reads which other nodes are there. A connection relayed from an edge
//! node lasts as long as that node lives: when it dies, the home ends the relayed
//! sessions it held for it, so their people are away (a stand-in plays for them, their
//! seats kept for the grace period) and may come back through another node as after any
//! dropped connection, by name as well as by token.

use super::homes::RENEW;
use super::Cluster;
use crate::record::Handover;
use async_nats::jetstream::kv;
use futures::StreamExt;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// The nodes seen alive, each with a token cancelled when it is no longer seen.
#[derive(Clone, Default)]
pub struct Living(Arc<Mutex<Seen>>, Arc<Looks>);

/// Whether this node is leaving, and a wake-up for each look at the living nodes.
#[derive(Default)]
struct Looks {
    leaving: AtomicBool,
    looked: Notify,
}

#[derive(Default)]
struct Seen {
    /// The nodes relayed connections came from.
    tenures: HashMap<String, Tenure>,
    /// Every node seen alive at the last look, this one included.
    alive: HashSet<String>,
}

struct Tenure {
    /// Whether the node has been seen alive at all (a node that just joined may open a
    /// relayed connection before its first key is read).
    seen: bool,
    ended: CancellationToken,
}

impl Living {
    /// A token cancelled once `node`, seen alive, is no longer seen.
    pub fn tenure(&self, node: &str) -> CancellationToken {
        let mut seen = self.lock();
        let tenure = seen
            .tenures
            .entry(node.to_owned())
            .or_insert_with(|| Tenure {
                seen: false,
                ended: CancellationToken::new(),
            });
        tenure.ended.clone()
    }

    /// This node is leaving: from now on it takes its key out instead of writing it, so
    /// the others stop counting on it.
    pub fn leave(&self) {
        self.1.leaving.store(true, Ordering::Relaxed);
    }

    fn leaving(&self) -> bool {
        self.1.leaving.load(Ordering::Relaxed)
    }

    /// Waits for the next look at the living nodes to be done.
    pub async fn looked(&self) {
        self.1.looked.notified().await;
    }

    /// The nodes in `alive` live; any other seen before has died.
    fn seen(&self, alive: &HashSet<String>) {
        let mut seen = self.lock();
        seen.alive.clone_from(alive);
        seen.tenures.retain(|node, tenure| {
            if alive.contains(node) {
                tenure.seen = true;
                return true;
            }
            if tenure.seen {
                tenure.ended.cancel();
            }
            !tenure.seen
        });
        drop(seen);
        self.1.looked.notify_waiters();
    }

    /// The nodes alive at the last look, by run.
    pub fn all(&self) -> Vec<String> {
        let mut nodes: Vec<String> = self.lock().alive.iter().cloned().collect();
        nodes.sort();
        nodes
    }

    /// Whether a node other than `me` was alive at the last look.
    pub fn others_than(&self, me: &str) -> bool {
        self.lock().alive.iter().any(|node| node != me)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Seen> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A node's key in the homes bucket.
fn key(node: &str) -> String {
    format!("node.{node}")
}

impl Cluster {
    /// Writes that this node lives, and reads which others do, every [`RENEW`] until
    /// `stop`; then takes its key out. A node handing its tables over takes it out at
    /// once: another node draining at the same moment must not count on it.
    pub(super) async fn keep_living(
        self,
        bucket: kv::Store,
        handover: Handover,
        stop: CancellationToken,
    ) {
        loop {
            let look = async {
                let written = match handover.is_on() || self.living.leaving() {
                    true => bucket
                        .purge(key(&self.run))
                        .await
                        .map_err(|e| e.to_string()),
                    false => (bucket.put(key(&self.run), "".into()).await)
                        .map(|_| ())
                        .map_err(|e| e.to_string()),
                };
                if let Err(error) = written {
                    crate::net::warn_limited!("the cluster's living nodes: {error}");
                }
                let keys = bucket.keys().await.ok()?;
                let keys: Vec<_> = keys.collect().await;
                let alive: HashSet<String> = keys
                    .into_iter()
                    .filter_map(Result::ok)
                    .filter_map(|k| k.strip_prefix("node.").map(str::to_owned))
                    .collect();
                Some(alive)
            };
            // A list that cannot be read in time ends nobody's connections.
            let looked = tokio::select! {
                looked = tokio::time::timeout(RENEW, look) => looked.ok().flatten(),
                () = stop.cancelled() => break,
            };
            if let Some(alive) = looked {
                self.living.seen(&alive);
            }
            tokio::select! {
                () = tokio::time::sleep(RENEW) => {}
                () = stop.cancelled() => break,
            }
        }
        let _ = bucket.purge(key(&self.run)).await;
    }
}

/// A token cancelled when `a` or `b` is.
pub(super) fn either(a: &CancellationToken, b: CancellationToken) -> CancellationToken {
    let ended = a.child_token();
    let over = ended.clone();
    tokio::spawn(async move {
        tokio::select! {
            () = b.cancelled() => over.cancel(),
            () = over.cancelled() => {}
        }
    });
    ended
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_seen_then_gone_ends_its_tenure_and_a_new_one_waits() {
        let living = Living::default();
        let (a, b) = (living.tenure("a"), living.tenure("b"));
        living.seen(&["a".to_owned()].into());
        assert!(
            !a.is_cancelled() && !b.is_cancelled(),
            "b was never seen: it may be new"
        );
        living.seen(&HashSet::new());
        assert!(a.is_cancelled());
        assert!(!b.is_cancelled());
        let again = living.tenure("a");
        assert!(!again.is_cancelled(), "a node back is a new tenure");
        assert!(!living.others_than("a"));
        living.seen(&["a".to_owned(), "c".to_owned()].into());
        assert!(living.others_than("a"), "c lives");
        living.seen(&["a".to_owned()].into());
        assert!(!living.others_than("a"), "a alone");
    }
}
