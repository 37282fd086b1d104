//! Tables outlive their node. When a node claims a protocol's home that another node held
//! (that node was killed, or handed its tables over as it drained), it carries on every
//! table of that protocol the other node was running: the tables the other node listed
//! last in the bucket of running tables, each game read from the stream of games and made
//! again by the protocol's carrier (`record::Carriers`). The people of those tables come
//! back to their seats with their tokens, through any node, within the grace period.
//!
//! What a node that dies had not yet published is lost with it: a carried game goes on
//! from its last step in the stream, and a table whose listing had not reached the
//! bucket (it is written as soon as a table starts, a round trip to NATS) is not carried
//! on. A game of a
//! protocol whose tables cannot be carried over (yet) is ended as abandoned.

use super::Cluster;
use crate::record::{now_ms, Carried, Carriers, Handover, Tables};
use parlor_store::{GameAbandon, GameId, Recorder};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

/// What a node needs to take other nodes' tables on, and to hand its own over.
#[derive(Clone)]
pub struct Succession {
    /// The protocols that can carry tables on.
    pub carriers: Carriers,
    /// Where a game that cannot be carried on is ended.
    pub recorder: Recorder,
    /// Set when this node hands its tables over.
    pub handover: Handover,
    /// This node's running tables: a game listed by two stopped runs (one that carried
    /// it on, and the one before, whose list still had it) is carried on once.
    pub running: Tables,
    /// Cancelled once this node's last steps are in the stream: only then may it give
    /// its homes up to a node that would read them.
    pub flushed: CancellationToken,
}

impl Cluster {
    /// Carries on the tables of `protocol` that any other run listed last: this node has
    /// just claimed the protocol's home, so a table of it listed elsewhere has lost its
    /// home (its node stopped, or was cut off and stops).
    pub(super) async fn take_over_all(&self, protocol: &'static str, heirs: Succession) {
        let runs = match self.runs_listed().await {
            Ok(runs) => runs,
            Err(error) => {
                tracing::error!(%error, protocol, "the lists of tables cannot be read: none carried on");
                return;
            }
        };
        for run in runs.into_iter().filter(|run| *run != self.run) {
            self.take_over(run, protocol, &heirs).await;
        }
    }

    /// Carries on the tables of `protocol` that node `gone` listed last.
    async fn take_over(&self, gone: String, protocol: &'static str, heirs: &Succession) {
        let listed = match self.tables.get(&gone).await {
            Ok(Some(listed)) => listed,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(node = %gone, %error, "its tables cannot be read: not carried on");
                return;
            }
        };
        let games = games_of(&listed, protocol);
        if games.is_empty() {
            return;
        }
        tracing::info!(node = %gone, protocol, tables = games.len(), "carrying on the tables of a node that stopped");
        for (id, started_at_ms) in games {
            if heirs.running.runs(id) {
                continue;
            }
            let (carried, steps) = match self.steps(id).await {
                Ok(steps) => (Carried::from_steps(id, started_at_ms, &steps), steps.len()),
                Err(error) => (Err(error), 0),
            };
            let carried = match carried {
                Ok(Some(carried)) => carried,
                Ok(None) => {
                    tracing::info!(
                        game = id,
                        protocol,
                        steps,
                        "nothing to carry on: the game ended"
                    );
                    continue;
                }
                Err(error) => {
                    tracing::error!(game = id, protocol, from = %gone, %error, "table not carried on: its steps do not make a game");
                    continue;
                }
            };
            let (start, hands) = (carried.start(), carried.hands);
            match heirs.carriers.carry(carried) {
                Ok(()) => {
                    metrics::counter!("parlor_tables_carried_total", "protocol" => protocol)
                        .increment(1);
                    tracing::info!(game = id, protocol, from = %gone, "table carried on");
                }
                Err(error) => {
                    tracing::warn!(game = id, protocol, from = %gone, %error, "table not carried on: ended as abandoned");
                    // The game is this node's to end: the store takes no write for a
                    // game from a node that does not hold it.
                    heirs.recorder.carry_game(start, hands);
                    heirs.recorder.abandon_game(GameAbandon {
                        game: GameId(id),
                        ended_at_ms: now_ms(),
                        reason: format!("its node {gone} stopped and it could not be carried on"),
                        actions: Vec::new(),
                    });
                }
            }
        }
        self.forget_carried(&gone, protocol).await;
    }
}

impl Cluster {
    /// Takes the games of `protocol` out of node `gone`'s last listing, once they are
    /// carried on here (they are listed here now): the other protocols' games stay for
    /// their own heirs. A write that meets another heir's is tried again.
    async fn forget_carried(&self, gone: &str, protocol: &str) {
        for _ in 0..3 {
            let Ok(Some(entry)) = self.tables.entry(gone).await else {
                return;
            };
            let Ok(Value::Array(listings)) = serde_json::from_slice(&entry.value) else {
                return;
            };
            let left: Vec<&Value> = listings.iter().filter(|l| l["game"] != protocol).collect();
            if left.len() == listings.len() {
                return;
            }
            let written = serde_json::to_vec(&left).unwrap_or_default();
            if self
                .tables
                .update(gone, written.into(), entry.revision)
                .await
                .is_ok()
            {
                return;
            }
        }
    }
}

/// The games of `protocol` in a node's listing of its tables: each one's id and start.
fn games_of(listed: &[u8], protocol: &str) -> Vec<(i64, i64)> {
    let Ok(Value::Array(listings)) = serde_json::from_slice(listed) else {
        return Vec::new();
    };
    listings
        .iter()
        .filter(|l| l["game"] == protocol)
        .filter_map(|l| Some((l["id"].as_i64()?, l["started_at_ms"].as_i64()?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_names_its_games_by_protocol() {
        let listed = br#"[{"id":4,"game":"truco","started_at_ms":1},{"id":5,"game":"jass","started_at_ms":2},{"id":6,"game":"truco","started_at_ms":3}]"#;
        assert_eq!(games_of(listed, "truco"), [(4, 1), (6, 3)]);
        assert_eq!(games_of(b"not json", "truco"), Vec::<(i64, i64)>::new());
    }
}
