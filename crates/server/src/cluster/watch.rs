//! Watching a table that runs on another node. The node that holds the table answers
//! requests on `parlor.watch.<node>`: it joins the table's watchers as a local watcher
//! would and relays every frame to the asker's inbox, ending with `{"over":true}` when
//! the game ends or when the asker says goodbye (`<inbox>.bye`). The asking node hands the
//! frames to its watcher as if the table were its own. The frames are the watchers'
//! public frames: nothing more crosses NATS for a watcher than a watcher sees.

use super::Cluster;
use crate::record::Tables;
use bytes::Bytes;
use futures::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

/// How long an asker waits for the table's node to answer.
const ANSWER_WAIT: Duration = Duration::from_secs(5);

/// Frames a slow watcher may fall behind before it skips some (each frame holds the
/// whole table, so the next one shows it right).
const BEHIND: usize = 64;

/// The frame that ends a watch.
const OVER: &str = r#"{"over":true}"#;

/// The subject a node answers watch requests on.
fn subject(node: &str) -> String {
    format!("parlor.watch.{node}")
}

/// A request to watch table `id`, its frames to go to `to`.
#[derive(serde::Serialize, serde::Deserialize)]
struct Request {
    id: i64,
    to: String,
}

impl Cluster {
    /// Answers other nodes' requests to watch this node's tables until `stop`.
    pub async fn serve_watchers(self, tables: Tables, stop: CancellationToken) {
        let Ok(mut requests) = self.client.subscribe(subject(&self.run)).await else {
            crate::net::warn_limited!("the cluster's watchers: cannot subscribe");
            return;
        };
        loop {
            let message = tokio::select! {
                message = requests.next() => message,
                () = stop.cancelled() => break,
            };
            let Some(message) = message else { break };
            let Ok(request) = serde_json::from_slice::<Request>(&message.payload) else {
                continue;
            };
            let client = self.client.clone();
            let Some(feed) = tables.feed(request.id) else {
                let _ = client
                    .publish(request.to, Bytes::from_static(OVER.as_bytes()))
                    .await;
                continue;
            };
            let (first, frames) = feed.join();
            drop(feed);
            tokio::spawn(relay(client, request.to, first, frames, stop.clone()));
        }
    }

    /// Watches table `id` on node `node`: its first frame, and the frames to come, as a
    /// table of this node would give them. `None` if the node does not answer in time.
    pub async fn watch(
        &self,
        node: &str,
        id: i64,
    ) -> Option<(String, broadcast::Receiver<Arc<str>>)> {
        let to = self.client.new_inbox();
        let mut frames = self.client.subscribe(to.clone()).await.ok()?;
        let request = serde_json::to_vec(&Request { id, to: to.clone() }).ok()?;
        self.client
            .publish(subject(node), request.into())
            .await
            .ok()?;
        let first = tokio::time::timeout(ANSWER_WAIT, frames.next())
            .await
            .ok()??;
        let first = String::from_utf8(first.payload.to_vec()).ok()?;
        if first == OVER {
            return None;
        }
        let (tx, rx) = broadcast::channel(BEHIND);
        let client = self.client.clone();
        tokio::spawn(async move {
            while let Some(frame) = frames.next().await {
                let text: Arc<str> = String::from_utf8_lossy(&frame.payload).into();
                let over = &*text == OVER;
                // Nobody is watching any more, or the game is over: done.
                if over || tx.send(text).is_err() {
                    break;
                }
            }
            let _ = client.publish(format!("{to}.bye"), Bytes::new()).await;
        });
        Some((first, rx))
    }

    /// The node whose running tables include table `id`, if another node's do.
    pub async fn node_of(&self, id: i64, local: &Tables) -> Option<String> {
        let listed = self.listed(local).await;
        let table = listed.iter().find(|t| t["id"].as_i64() == Some(id))?;
        let node = table["node"].as_str()?;
        (node != self.run).then(|| node.to_owned())
    }
}

/// Sends a table's frames to `to` until its game ends, the asker says goodbye, or
/// `stop`.
async fn relay(
    client: async_nats::Client,
    to: String,
    first: String,
    mut frames: broadcast::Receiver<Arc<str>>,
    stop: CancellationToken,
) {
    let Ok(mut bye) = client.subscribe(format!("{to}.bye")).await else {
        return;
    };
    if client.publish(to.clone(), first.into()).await.is_err() {
        return;
    }
    loop {
        let frame = tokio::select! {
            frame = frames.recv() => frame,
            _ = bye.next() => return,
            () = stop.cancelled() => return,
        };
        let text: Bytes = match frame {
            Ok(frame) => Bytes::copy_from_slice(frame.as_bytes()),
            Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => Bytes::from_static(OVER.as_bytes()),
        };
        let over = text == OVER.as_bytes();
        if client.publish(to.clone(), text).await.is_err() || over {
            return;
        }
    }
}
