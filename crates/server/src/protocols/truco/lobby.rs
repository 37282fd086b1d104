//! Puts every new connection at the table being formed, in the order the connections
//! were accepted, and starts a new table when one fills.
//!
//! The lobby is an actor fed from the accept loop itself: a connection is queued the
//! moment it is accepted, so player numbers follow connection order even though each
//! connection's session runs as its own task.

use super::table::{self, ConnId, TableConfig, TableHandle, Tokens};
use crate::config::Config;
use crate::net::Outbox;
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Newcomer, Seated as Joined};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

/// Where a connection was seated: its table and seat.
pub type Seated = Option<(TableHandle, Joined)>;

/// The course Truco lobby. Cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    queue: mpsc::UnboundedSender<JoinRequest>,
    /// The longest line a client may send.
    pub max_line: usize,
    /// Lines queued to a client before it is dropped as not reading.
    pub outbox_lines: usize,
    /// The tokens players may come back to their seat with, and their tables.
    pub tokens: Tokens,
    /// Carries on a table another node of a cluster ran.
    pub carry: Carry,
}

struct JoinRequest {
    conn: ConnId,
    outbox: Outbox,
    reply: oneshot::Sender<Seated>,
}

/// Starts tables, numbering them.
#[derive(Clone)]
struct TableFactory {
    tables: u64,
    seeds: SeedSource,
    recorder: Ledger,
    bot_delay: Duration,
    turn_timeout: Option<Duration>,
    inbox: usize,
    grace: Duration,
    shutdown: CancellationToken,
}

impl TableFactory {
    fn new_table(&mut self) -> TableHandle {
        self.tables += 1;
        table::spawn(self.config(self.tables))
    }

    /// How table number `id` is set.
    fn config(&self, id: u64) -> TableConfig {
        TableConfig {
            id,
            seeds: self.seeds.clone(),
            recorder: self.recorder.clone(),
            bot_delay: self.bot_delay,
            turn_timeout: self.turn_timeout,
            inbox: self.inbox,
            grace: self.grace,
            shutdown: self.shutdown.clone(),
        }
    }

    /// Carries on a table another node ran; its people come back with their tokens.
    fn carry(&self, carried: Carried, tokens: &Tokens) -> Result<(), String> {
        let table = table::carry(self.config(0), &carried)?;
        for token in carried.holders.into_iter().filter_map(|h| h.token) {
            super::session::remember(tokens, token, &table);
        }
        Ok(())
    }
}

impl Lobby {
    /// Starts the lobby actor with its first table waiting.
    pub fn start(
        config: &Config,
        seeds: SeedSource,
        recorder: &Ledger,
        shutdown: CancellationToken,
    ) -> Lobby {
        let tokens = Tokens::default();
        let factory = TableFactory {
            tables: 0,
            seeds,
            recorder: recorder.clone(),
            bot_delay: config.bot_delay,
            turn_timeout: Some(config.game::<super::TrucoSettings>().turn_timeout)
                .filter(|t| !t.is_zero()),
            inbox: config.limits.room_inbox,
            grace: config.reconnect_grace,
            shutdown,
        };
        let (carrier, kept) = (factory.clone(), tokens.clone());
        let carry = std::sync::Arc::new(move |carried| carrier.carry(carried, &kept));
        let (queue, requests) = mpsc::unbounded_channel();
        tokio::spawn(seat_in_order(factory, requests));
        Lobby {
            queue,
            max_line: config.limits.max_line,
            outbox_lines: config.limits.outbox_lines,
            tokens,
            carry,
        }
    }

    /// Queues a connection for a seat; call it in accept order. The answer is `None` if
    /// the server is stopping.
    pub fn enqueue(&self, conn: ConnId, outbox: Outbox) -> oneshot::Receiver<Seated> {
        let (reply, answer) = oneshot::channel();
        let _ = self.queue.send(JoinRequest {
            conn,
            outbox,
            reply,
        });
        answer
    }
}

/// Seats queued connections one at a time at the forming table.
async fn seat_in_order(
    mut factory: TableFactory,
    mut requests: mpsc::UnboundedReceiver<JoinRequest>,
) {
    let mut forming = factory.new_table();
    while let Some(request) = requests.recv().await {
        let mut seated = None;
        for _attempt in 0..2 {
            let (reply, answer) = oneshot::channel();
            let newcomer = Newcomer::named(request.conn, request.outbox.clone(), String::new());
            let join = Input::Sit { newcomer, reply };
            let joined = match forming.send(join).await {
                true => answer.await.ok().and_then(Result::ok),
                false => None,
            };
            match joined {
                Some(joined) => {
                    seated = Some((forming.clone(), joined));
                    if joined.full {
                        forming = factory.new_table();
                    }
                    break;
                }
                // The forming table is gone (the server is stopping) or already playing.
                None => forming = factory.new_table(),
            }
        }
        let _ = request.reply.send(seated);
    }
}
