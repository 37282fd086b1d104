//! Puts every new connection at the table being formed, and starts a new one when it fills.

use super::table::{self, ConnId, Joined, TableConfig, TableHandle, TableMsg};
use crate::config::Config;
use crate::net::Outbox;
use crate::seeds::SeedSource;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{oneshot, Mutex};
use tokio_util::sync::CancellationToken;

/// The course Truco lobby, shared by all its sessions. Cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    forming: Arc<Mutex<TableHandle>>,
    factory: Arc<TableFactory>,
    /// The longest line a client may send.
    pub max_line: usize,
    /// Lines queued to a client before it is dropped as not reading.
    pub outbox_lines: usize,
}

/// Starts tables, numbering them.
struct TableFactory {
    tables: AtomicU64,
    seeds: SeedSource,
    bot_delay: Duration,
    inbox: usize,
    shutdown: CancellationToken,
}

impl TableFactory {
    fn new_table(&self) -> TableHandle {
        table::spawn(TableConfig {
            id: self.tables.fetch_add(1, Ordering::Relaxed) + 1,
            seeds: self.seeds.clone(),
            bot_delay: self.bot_delay,
            inbox: self.inbox,
            shutdown: self.shutdown.clone(),
        })
    }
}

impl Lobby {
    /// A lobby with its first table waiting.
    pub fn start(config: &Config, seeds: SeedSource, shutdown: CancellationToken) -> Lobby {
        let factory = TableFactory {
            tables: AtomicU64::new(0),
            seeds,
            bot_delay: config.bot_delay,
            inbox: config.limits.room_inbox,
            shutdown,
        };
        Lobby {
            forming: Arc::new(Mutex::new(factory.new_table())),
            factory: Arc::new(factory),
            max_line: config.limits.max_line,
            outbox_lines: config.limits.outbox_lines,
        }
    }

    /// Seats a connection at the forming table; returns the table and the seat. Joins are
    /// taken one at a time, so players are numbered in connection order.
    pub async fn join(&self, conn: ConnId, outbox: Outbox) -> Option<(TableHandle, Joined)> {
        let mut forming = self.forming.lock().await;
        for _attempt in 0..2 {
            let (reply, answer) = oneshot::channel();
            let join = TableMsg::Join {
                conn,
                outbox: outbox.clone(),
                reply,
            };
            let joined = match forming.send(join).await {
                true => answer.await.ok().flatten(),
                false => None,
            };
            match joined {
                Some(joined) => {
                    let table = forming.clone();
                    if joined.full {
                        *forming = self.factory.new_table();
                    }
                    return Some((table, joined));
                }
                // The forming table is gone (server stopping) or already playing.
                None => *forming = self.factory.new_table(),
            }
        }
        None
    }
}
