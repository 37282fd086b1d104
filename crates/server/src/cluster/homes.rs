//! Where each protocol's players meet: its home node. Every protocol has one home in
//! the cluster, held in the key-value bucket [`BUCKET`] (key: the protocol, value: the
//! node). A node that finds a protocol without a home claims it (create-if-absent, so one
//! claim wins) and, while it lives, writes its claim again every [`RENEW`]; the bucket
//! forgets a claim not written for [`HOME_TTL`], so when a home node dies another node
//! claims the protocol within that. Connections reaching any other node are relayed to
//! the home ([`super::relay`]), so lobbies, tables, names and pairing are the home's,
//! whatever node a player reached. A node that claims a home another node held carries
//! that node's tables of the protocol on ([`super::takeover`]).

use super::{Cluster, Succession};
use async_nats::jetstream::kv;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// The bucket of the protocols' homes.
pub const BUCKET: &str = "parlor_homes";

/// How often a node looks at the homes, and renews the claims it holds.
pub const RENEW: Duration = Duration::from_secs(1);

/// How long a claim lasts without being renewed.
pub const HOME_TTL: Duration = Duration::from_secs(5);

/// How long a node handing its tables over waits for its last steps to reach the stream
/// before it gives its homes up.
const FLUSH_WAIT: Duration = Duration::from_secs(10);

/// The homes as this node last saw them: protocol → node, and a token cancelled when
/// that node stops being the protocol's home (its relayed connections end then); and the
/// protocols whose stopped home's tables this node is carrying on, each with a token
/// cancelled once it has.
#[derive(Clone, Default)]
pub struct Homes(Arc<Mutex<Known>>);

#[derive(Default)]
struct Known {
    homes: HashMap<&'static str, (String, CancellationToken)>,
    carrying: HashMap<&'static str, CancellationToken>,
}

impl Homes {
    /// The node `protocol`'s players meet on, if known.
    pub fn of(&self, protocol: &str) -> Option<String> {
        self.lock()
            .homes
            .get(protocol)
            .map(|(node, _)| node.clone())
    }

    /// The node `protocol`'s players meet on, if known, and a token cancelled when it
    /// stops being their home.
    pub fn tenure(&self, protocol: &str) -> Option<(String, CancellationToken)> {
        self.lock().homes.get(protocol).cloned()
    }

    /// Every protocol's home, by protocol.
    pub fn all(&self) -> std::collections::BTreeMap<&'static str, String> {
        let known = self.lock();
        known
            .homes
            .iter()
            .map(|(p, (n, _))| (*p, n.clone()))
            .collect()
    }

    /// While this node carries a stopped home's tables of `protocol` on: a token
    /// cancelled once it has (a player of the protocol waits for it, so that their table
    /// is there when they come back).
    pub fn carrying(&self, protocol: &str) -> Option<CancellationToken> {
        self.lock().carrying.get(protocol).cloned()
    }

    fn set(&self, protocol: &'static str, node: String) {
        let mut known = self.lock();
        if known.homes.get(protocol).is_some_and(|(k, _)| *k == node) {
            return;
        }
        if let Some((_, ended)) = known
            .homes
            .insert(protocol, (node, CancellationToken::new()))
        {
            ended.cancel();
        }
    }

    /// This node starts carrying `protocol`'s tables on; the returned token is cancelled
    /// to say it has.
    fn carry(&self, protocol: &'static str) -> CancellationToken {
        let done = CancellationToken::new();
        self.lock().carrying.insert(protocol, done.clone());
        done
    }

    /// This node has carried `protocol`'s tables on.
    fn carried(&self, protocol: &'static str, done: &CancellationToken) {
        self.lock().carrying.remove(protocol);
        done.cancel();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Known> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Cluster {
    /// Keeps `homes` up to date for `protocols` until `stop`, claiming a protocol that
    /// has no home and renewing this node's claims; at `stop`, gives its claims up.
    pub async fn keep_homes(
        self,
        bucket: kv::Store,
        protocols: Vec<&'static str>,
        homes: Homes,
        heirs: Succession,
        stop: CancellationToken,
    ) {
        loop {
            for &protocol in &protocols {
                let home = match bucket.get(protocol).await {
                    Ok(Some(node)) => String::from_utf8_lossy(&node).into_owned(),
                    Ok(None) => match bucket.create(protocol, self.run.clone().into()).await {
                        Ok(_) => {
                            tracing::info!(protocol, "this node is the protocol's home now");
                            // The nodes that held it before stopped: their tables of
                            // the protocol go on here (whichever run held it, seen by
                            // this one or not: it may have just started). They are made
                            // on a task of their own (claims are renewed meanwhile), and
                            // the protocol's players wait until they are there.
                            let (cluster, heirs) = (self.clone(), heirs.clone());
                            let (known, done) = (homes.clone(), homes.carry(protocol));
                            tokio::spawn(async move {
                                cluster.take_over_all(protocol, heirs).await;
                                known.carried(protocol, &done);
                            });
                            self.run.clone()
                        }
                        // Another node's claim came first: it is read next time.
                        Err(_) => continue,
                    },
                    Err(error) => {
                        crate::net::warn_limited!("the cluster's homes: {error}");
                        continue;
                    }
                };
                if home != self.run && homes.of(protocol).as_deref() == Some(&self.run) {
                    // This node's claim lapsed while it lived (it was cut off from NATS,
                    // or stalled) and another node carries its tables on now: it must not
                    // play them on. It stops, handing over, for its supervisor to start
                    // it again as a node like any other.
                    tracing::error!(
                        protocol,
                        %home,
                        "another node holds this node's home: this node was cut off; it stops"
                    );
                    heirs.handover.start();
                    stop.cancel();
                }
                if home == self.run {
                    let _ = bucket.put(protocol, self.run.clone().into()).await;
                }
                homes.set(protocol, home);
            }
            tokio::select! {
                () = tokio::time::sleep(RENEW) => {}
                () = stop.cancelled() => break,
            }
        }
        if heirs.handover.is_on() {
            // The node that claims a home next reads this node's last steps.
            let flushed = heirs.flushed.cancelled();
            let _ = tokio::time::timeout(FLUSH_WAIT, flushed).await;
        }
        for &protocol in &protocols {
            if homes.of(protocol).as_deref() == Some(self.run.as_str()) {
                let _ = bucket.purge(protocol).await;
            }
        }
    }
}
