//! The cluster's stream of games: every node publishes each step of its games (their
//! start with rules and seed, each action, each hand's end and their end:
//! [`crate::record::Step`]) to the JetStream stream [`STREAM`], game `N` under the
//! subject `parlor.games.N`, in order, as they happen. From a game's steps any node can
//! make the game again exactly: the ground for carrying a table over when its node dies.
//!
//! The stream keeps a game's steps for [`KEEP`], far longer than any game lasts. It holds
//! seeds and every action of games in play: NATS must be reachable by the nodes alone
//! (`docs/security.md`).

use super::Cluster;
use crate::record::Step;
use async_nats::jetstream::stream;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// The stream of every node's games.
pub const STREAM: &str = "parlor_games";

/// How long the stream keeps a step.
pub const KEEP: Duration = Duration::from_secs(24 * 60 * 60);

/// The subject of game `id`'s steps.
pub fn subject(id: i64) -> String {
    format!("parlor.games.{id}")
}

/// The stream's settings: every game's subject, on disk, kept for [`KEEP`].
pub(super) fn config() -> stream::Config {
    stream::Config {
        name: STREAM.into(),
        subjects: vec!["parlor.games.>".into()],
        max_age: KEEP,
        storage: stream::StorageType::File,
        num_replicas: 1,
        ..stream::Config::default()
    }
}

impl Cluster {
    /// Publishes the steps from `steps` in order until every journal is gone, or `stop`
    /// (then what is queued still goes; `flushed` is cancelled once it has). What queued
    /// up while a publish was on its way goes out together, and its acknowledgements are
    /// awaited together; a step the stream did not take is logged.
    pub async fn publish_steps(
        self,
        mut steps: mpsc::Receiver<(i64, Step)>,
        stop: CancellationToken,
        flushed: CancellationToken,
    ) {
        let mut acks = Vec::new();
        loop {
            let first = tokio::select! {
                first = steps.recv() => first,
                () = stop.cancelled() => steps.try_recv().ok(),
            };
            let Some(first) = first else { break };
            let mut next = Some(first);
            while let Some((game, step)) = next.take() {
                let payload = serde_json::to_vec(&step).unwrap_or_default();
                match self.jetstream.publish(subject(game), payload.into()).await {
                    Ok(ack) => acks.push(ack),
                    Err(error) => crate::net::warn_limited!("the games' stream: {error}"),
                }
                next = steps.try_recv().ok();
            }
            for ack in acks.drain(..) {
                if let Err(error) = ack.await {
                    crate::net::warn_limited!("the games' stream: {error}");
                }
            }
        }
        flushed.cancel();
    }
}

/// How long reading a game back waits for the next step.
const READ_WAIT: Duration = Duration::from_secs(2);

impl Cluster {
    /// Game `id`'s steps so far, from the stream, in order.
    pub async fn steps(&self, id: i64) -> Result<Vec<Step>, String> {
        use async_nats::jetstream::consumer::{pull, DeliverPolicy};
        use futures::StreamExt;
        let stream = self
            .jetstream
            .get_stream(STREAM)
            .await
            .map_err(|e| format!("the games' stream: {e}"))?;
        let consumer = stream
            .create_consumer(pull::Config {
                filter_subject: subject(id),
                deliver_policy: DeliverPolicy::All,
                ack_policy: async_nats::jetstream::consumer::AckPolicy::None,
                ..pull::Config::default()
            })
            .await
            .map_err(|e| format!("reading game {id}: {e}"))?;
        let pending = consumer.cached_info().num_pending;
        let mut messages = consumer
            .fetch()
            .max_messages(pending.max(1) as usize)
            .expires(READ_WAIT)
            .messages()
            .await
            .map_err(|e| format!("reading game {id}: {e}"))?;
        let mut steps = Vec::new();
        while steps.len() < pending as usize {
            let Some(message) = messages.next().await else {
                break;
            };
            let message = message.map_err(|e| format!("reading game {id}: {e}"))?;
            let step = serde_json::from_slice(&message.payload)
                .map_err(|e| format!("game {id}: a step that is not one: {e}"))?;
            steps.push(step);
        }
        Ok(steps)
    }
}
