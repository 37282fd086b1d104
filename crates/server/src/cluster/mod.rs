//! A node's place in a cluster of parlor servers. NATS (with JetStream) carries what the
//! nodes share between them; finished games go to the PostgreSQL database they share
//! (`--database`, `parlor_store::PgStore`).
//!
//! The nodes share the list of running tables: each node keeps its own
//! list under its name in the JetStream key-value bucket [`BUCKET`], written as soon as
//! a table comes or goes, when it changes otherwise (looked at every [`LOOK_EVERY`]) and
//! again every [`REFRESH`]. The bucket
//! forgets an entry not written for [`FORGET_AFTER`], so the tables of a node that died
//! leave every list within that; a node that stops takes its entry out itself. Any node's
//! `/api/tables` lists every node's tables, each with its node's name, leaving out the
//! last list of a run that is gone once its node runs again (its tables are carried on
//! and listed by their heir).
//!
//! A watcher can watch any node's table through any node ([`watch`]).
//!
//! Inside the cluster a node is known by its run: its name and a number drawn at start
//! (`n1.3fa2c1d0`). Its claims, its list of tables, its liveness and its relays are its
//! run's, so a node restarted under the same name is a new node to the others: the
//! tables of the run that died are carried on (by it or another node) as any dead node's
//! are, and connections relayed through that run end. People see the name alone.
//!
//! The list holds what `/api/tables` shows and nothing more (names, seat kinds, hands):
//! no seed or card crosses NATS this way. The games themselves, step by step, go to the
//! stream of games ([`games`]), which only nodes read.

mod games;
mod homes;
mod living;
mod relay;
mod relay_ws;
mod takeover;
mod watch;

pub use games::{subject, KEEP, STREAM};
pub use homes::Homes;
pub use relay::Serve;
pub use takeover::Succession;

use crate::record::{Handover, Tables};
use async_nats::jetstream::{kv, stream};
use futures::StreamExt;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// The key-value bucket of the nodes' running tables.
pub const BUCKET: &str = "parlor_tables";

/// How often a node looks whether its tables changed.
pub const LOOK_EVERY: Duration = Duration::from_millis(250);

/// How often a node writes its tables even when nothing changed.
pub const REFRESH: Duration = Duration::from_secs(5);

/// How long the bucket keeps a node's tables after it last wrote them.
pub const FORGET_AFTER: Duration = Duration::from_secs(15);

/// A node joined to a cluster.
#[derive(Clone)]
pub struct Cluster {
    /// This run of the node: its name and a number drawn at start (`n1.3fa2c1d0`).
    run: String,
    /// The node's name, as people see it.
    name: String,
    client: async_nats::Client,
    jetstream: async_nats::jetstream::Context,
    tables: kv::Store,
    /// The protocols' homes, as this node last saw them.
    homes: Homes,
    /// The nodes seen alive.
    living: living::Living,
}

/// The settings of the key-value bucket `name`, whose entries last `keep` after their
/// last write, made as the stream a bucket is: that asks nothing of the server that
/// Debian's nats-server 2.9 cannot answer.
fn bucket(name: &str, keep: Duration) -> stream::Config {
    stream::Config {
        name: format!("KV_{name}"),
        subjects: vec![format!("$KV.{name}.>")],
        max_messages_per_subject: 1,
        max_age: keep,
        storage: stream::StorageType::Memory,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: stream::DiscardPolicy::New,
        num_replicas: 1,
        ..stream::Config::default()
    }
}

/// Whether `name` can name a node: letters, digits, `-` and `_` (it is a key in NATS).
pub fn valid_node_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Cluster {
    /// Connects to NATS at `url` as node `node`, making the bucket if no node has.
    pub async fn join(url: &str, node: &str) -> Result<Cluster, String> {
        if !valid_node_name(node) {
            return Err(format!(
                "{node:?} cannot name a node (letters, digits, - and _)"
            ));
        }
        let client = async_nats::connect(url)
            .await
            .map_err(|e| format!("NATS at {url}: {e}"))?;
        let jetstream = async_nats::jetstream::new(client.clone());
        // The first node makes the buckets and the stream (two making one at once make
        // the same one).
        jetstream
            .get_or_create_stream(bucket(BUCKET, FORGET_AFTER))
            .await
            .map_err(|e| format!("the {BUCKET} bucket: {e}"))?;
        let tables = jetstream
            .get_key_value(BUCKET)
            .await
            .map_err(|e| format!("the {BUCKET} bucket: {e}"))?;
        jetstream
            .get_or_create_stream(games::config())
            .await
            .map_err(|e| format!("the {} stream: {e}", games::STREAM))?;
        jetstream
            .get_or_create_stream(bucket(homes::BUCKET, homes::HOME_TTL))
            .await
            .map_err(|e| format!("the {} bucket: {e}", homes::BUCKET))?;
        Ok(Cluster {
            run: format!("{node}.{:08x}", rand::random::<u32>()),
            name: node.to_owned(),
            client,
            jetstream,
            tables,
            homes: Homes::default(),
            living: living::Living::default(),
        })
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.name
    }

    /// Keeps the homes of `protocols` (claiming and renewing them, carrying on the
    /// tables of a home that stopped) until `stop`.
    pub async fn homes(
        self,
        protocols: Vec<&'static str>,
        heirs: Succession,
        stop: CancellationToken,
    ) {
        let bucket = match self.jetstream.get_key_value(homes::BUCKET).await {
            Ok(bucket) => bucket,
            Err(error) => {
                tracing::error!(%error, "the cluster's homes: no bucket");
                return;
            }
        };
        let known = self.homes.clone();
        let handing = heirs.handover.clone();
        let living = self
            .clone()
            .keep_living(bucket.clone(), handing, stop.clone());
        tokio::join!(
            living,
            self.keep_homes(bucket, protocols, known, heirs, stop)
        );
    }

    /// Every protocol's home as this node last saw it, for `/healthz`.
    pub fn known_homes(&self) -> std::collections::BTreeMap<&'static str, String> {
        let mut homes = self.homes.all();
        for home in homes.values_mut() {
            *home = name_of(home).to_owned();
        }
        homes
    }

    /// The node `protocol`'s players meet on, when it is another node than this one,
    /// and a token cancelled when it stops being their home.
    pub fn home_elsewhere(&self, protocol: &str) -> Option<(String, CancellationToken)> {
        self.homes
            .tenure(protocol)
            .filter(|(home, _)| *home != self.run)
    }
}

/// Serves a connection of `protocol` with `local`, or relays it to the protocol's home
/// node when that is another node of `cluster`.
pub fn dispatch(cluster: Option<Cluster>, protocol: &'static str, local: Serve) -> Serve {
    Arc::new(move |socket, peer, stop| {
        let home = cluster
            .as_ref()
            .and_then(|c| c.home_elsewhere(protocol).map(|h| (c.clone(), h)));
        match home {
            Some((cluster, (home, tenure))) => {
                let relayed = cluster.relay(home, protocol, socket, peer, stop, tenure);
                Box::pin(relayed)
            }
            None => match cluster.as_ref().and_then(|c| c.homes.carrying(protocol)) {
                // The tables this node is carrying on first: the player may have one.
                Some(carried) => {
                    let local = local.clone();
                    Box::pin(async move {
                        carried.cancelled().await;
                        local(socket, peer, stop).await;
                    })
                }
                None => local(socket, peer, stop),
            },
        }
    })
}

/// Serves a browser of the WebSocket protocol `protocol` (upgraded by the HTTP port)
/// with `local`, or relays it to the protocol's home node when that is another node of
/// `cluster`.
pub fn dispatch_ws(
    cluster: Option<Cluster>,
    protocol: &'static str,
    local: crate::net::WsEntry,
) -> crate::net::WsEntry {
    Arc::new(move |browser, peer, stop, place| {
        let home = cluster
            .as_ref()
            .and_then(|c| c.home_elsewhere(protocol).map(|h| (c.clone(), h)));
        match home {
            Some((cluster, (home, tenure))) => {
                place.spawn(cluster.relay_websocket(home, tenure, protocol, browser, peer, stop))
            }
            None => local(browser, peer, stop, place),
        }
    })
}

impl Cluster {
    /// Writes this node's tables from `local` while it runs; at `stop`, takes them out,
    /// unless it hands them over (`handover`): then the list [`Cluster::hand_over`]
    /// wrote stays, for the node that carries them on.
    pub async fn publish(self, local: Tables, handover: Handover, stop: CancellationToken) {
        let mut written: Option<Vec<u8>> = None;
        let mut due = Instant::now();
        while !handover.is_on() {
            let now = serde_json::to_vec(&local.all()).unwrap_or_default();
            if written.as_ref() != Some(&now) || Instant::now() >= due {
                match self.tables.put(&self.run, now.clone().into()).await {
                    Ok(_) => {
                        written = Some(now);
                        due = Instant::now() + REFRESH;
                    }
                    Err(error) => {
                        crate::net::warn_limited!("the cluster's table list: {error}");
                    }
                }
            }
            tokio::select! {
                () = tokio::time::sleep(LOOK_EVERY) => {}
                () = local.came_or_went() => {}
                () = stop.cancelled() => break,
            }
        }
        if !handover.is_on() {
            let _ = self.tables.delete(&self.run).await;
        }
    }

    /// The nodes alive at the last look, this one included, for `/healthz`.
    pub fn nodes(&self) -> Vec<String> {
        let runs = self.living.all();
        let mut names: Vec<String> = runs.iter().map(|r| name_of(r).to_owned()).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Whether another node was alive at the last look (a node that drains hands its
    /// tables over only if one is).
    pub fn others_alive(&self) -> bool {
        self.living.others_than(&self.run)
    }

    /// Waits (a few seconds at most) until no other node holds a home: a node that
    /// drains gives its homes up once it has let its games go, and a dead node's claims
    /// lapse. Then the games in play that no node holds are all there are.
    pub async fn others_gone(&self) {
        let others = || self.homes.all().values().any(|home| *home != self.run);
        let wait = async {
            while others() {
                tokio::time::sleep(homes::RENEW / 4).await;
            }
        };
        let _ = tokio::time::timeout(homes::HOME_TTL + homes::RENEW * 2, wait).await;
    }

    /// This node is leaving (it drains): it says so at once, then looks again, so that
    /// nodes draining at the same moment do not count on one another. Whether another
    /// node still lives to carry its tables on.
    pub async fn heirs_left(&self) -> bool {
        if !self.others_alive() {
            return false;
        }
        self.living.leave();
        // The first look may have begun before this node's key went out, or before
        // another node leaving at the same moment took its own out.
        for _ in 0..2 {
            let _ = tokio::time::timeout(homes::RENEW * 3, self.living.looked()).await;
        }
        self.others_alive()
    }

    /// This node hands its tables over (it is draining): from now on they stop without
    /// ending, and the list of them is written one last time for the nodes that will
    /// carry them on. Call it before stopping the node.
    pub async fn hand_over(&self, local: &Tables, handover: &Handover) {
        handover.start();
        let listed = serde_json::to_vec(&local.all()).unwrap_or_default();
        if let Err(error) = self.tables.put(&self.run, listed.into()).await {
            tracing::error!(%error, "the list of tables to hand over could not be written");
        }
    }

    /// Every node's running tables, each with its `node`: this node's as they are now,
    /// the others' as they last wrote them (at most [`LOOK_EVERY`] and a round trip old).
    /// A node that cannot be read is left out (logged).
    pub async fn tables(&self, local: &Tables) -> Vec<Value> {
        let mut all = self.listed(local).await;
        for listing in &mut all {
            if let Some(Value::String(run)) = listing.get_mut("node") {
                let name = name_of(run).to_owned();
                *run = name;
            }
        }
        all
    }

    /// [`Cluster::tables`], each marked with its node's run.
    async fn listed(&self, local: &Tables) -> Vec<Value> {
        let mut all = with_node(serde_json::to_value(local.all()), &self.run);
        let mut keys = match self.runs_listed().await {
            Ok(keys) => keys,
            Err(error) => {
                crate::net::warn_limited!("the cluster's table list: {error}");
                return all;
            }
        };
        keys.retain(|node| *node != self.run);
        let alive = self.living.all();
        keys.retain(|node| !superseded(node, &alive));
        keys.sort();
        for node in keys {
            let Ok(Some(listed)) = self.tables.get(&node).await else {
                continue;
            };
            all.extend(with_node(serde_json::from_slice(&listed), &node));
        }
        all
    }
}

/// How long listing the runs that wrote tables may take.
const LIST_WAIT: Duration = Duration::from_secs(5);

impl Cluster {
    /// The runs with a list of tables in [`BUCKET`] (a run whose list was taken out may
    /// be among them: its list then reads as none). Read from the bucket's stream in one
    /// request: the bucket's own listing of keys runs a consumer, which at times never
    /// said it was done.
    async fn runs_listed(&self) -> Result<Vec<String>, String> {
        let prefix = format!("$KV.{BUCKET}.");
        let read = async {
            let stream = self.jetstream.get_stream(format!("KV_{BUCKET}")).await;
            let stream = stream.map_err(|e| e.to_string())?;
            let subjects = stream.info_with_subjects(format!("{prefix}>")).await;
            let subjects: Vec<_> = subjects.map_err(|e| e.to_string())?.collect().await;
            let runs = subjects.into_iter().filter_map(Result::ok);
            Ok(runs
                .filter_map(|(subject, _)| subject.strip_prefix(&prefix).map(str::to_owned))
                .collect())
        };
        tokio::time::timeout(LIST_WAIT, read)
            .await
            .map_err(|_| "the lists of tables did not come in time".to_owned())?
    }
}

/// Whether `run` is a run of a node that now runs again under another run, and is no
/// longer alive itself (of the runs in `alive`): its last list of tables is stale (the
/// tables it listed are carried on and listed by their heir, or ended), even while the
/// bucket still keeps it for [`FORGET_AFTER`].
fn superseded(run: &str, alive: &[String]) -> bool {
    !alive.iter().any(|a| a == run) && alive.iter().any(|a| name_of(a) == name_of(run))
}

/// The name of a node's run (`n1.3fa2c1d0` is a run of `n1`).
fn name_of(run: &str) -> &str {
    run.split('.').next().unwrap_or(run)
}

/// The listings in `list` (a JSON array), each marked with `node`.
fn with_node<E>(list: Result<Value, E>, node: &str) -> Vec<Value> {
    let Ok(Value::Array(listings)) = list else {
        return Vec::new();
    };
    listings
        .into_iter()
        .map(|mut listing| {
            if let Value::Object(fields) = &mut listing {
                fields.insert("node".into(), Value::from(node));
            }
            listing
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::superseded;

    #[test]
    fn a_run_is_superseded_once_its_node_runs_again_and_it_is_gone() {
        let alive = vec!["n1.aa".to_owned(), "n2.bb".to_owned()];
        // The run before n2's present one: stale.
        assert!(superseded("n2.00", &alive));
        // Alive runs, and a dead node that has not come back (its tables are to be
        // carried on): listed.
        assert!(!superseded("n2.bb", &alive));
        assert!(!superseded("n3.cc", &alive));
        // A node draining while its next run starts: both alive, both listed.
        let rolling = vec!["n2.bb".to_owned(), "n2.dd".to_owned()];
        assert!(!superseded("n2.bb", &rolling));
    }
}
