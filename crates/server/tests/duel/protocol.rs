//! Duel's wire and its registry entry: a line protocol on its own port, played at the
//! kernel's table actor. The whole protocol is this file: what a line asks for, how an
//! event reads, and which table a newcomer joins.
//!
//! ```text
//! client: NAME <name> | RESUME <token> | CPU | PLAY <card>
//! server: SEAT <seat> <token> | HAND <n> <leader> | CARDS <c> <c> <c> | TURN <seat>
//!         PLAYED <seat> <card> | TRICK <seat> | HANDWON <seat> <p0> <p1> | OVER <p0> <p1>
//!         ERROR <text>
//! ```

use super::rules::{Action, Duel, Event, Rules};
use parlor_game::{RandomBot, Seat, Strategy};
use parlor_server::config::Config;
use parlor_server::net::{Framing, Input as Line, LineConnection, Peer, Settings, Socket};
use parlor_server::protocols::{Context, Entry, GameFlags, Options, Protocol};
use parlor_server::record::generic;
use parlor_server::table::actor::{self, Hooks, Input, Newcomer, TableHandle};
use parlor_server::table::Timing;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// Duel in the registry.
pub const PROTOCOL: Protocol = Protocol {
    name: "duel",
    title: "Duel",
    blurb: "Two players, three cards each: the higher card takes the trick.",
    teams: false,
    options: Options::of::<DuelFlags>(),
    start,
    replay: generic::replay::<Duel>,
    story: generic::story::<Duel>,
};

/// Duel's settings: its own, kept in the configuration by their type.
#[derive(Clone, Debug)]
pub struct DuelSettings {
    /// The TCP port (0: any free one).
    pub port: u16,
    /// Time a person has to play before a CPU stand-in plays for them (zero: no timer).
    pub turn_timeout: Duration,
}

impl Default for DuelSettings {
    fn default() -> DuelSettings {
        DuelSettings {
            port: 0,
            turn_timeout: Duration::from_secs(60),
        }
    }
}

/// Duel's flags, for a program that serves it with `parlor serve`'s flags.
#[derive(clap::Args, Debug)]
pub struct DuelFlags {
    /// Duel TCP port.
    #[arg(long, default_value_t = 0)]
    duel_port: u16,
    /// Duel: seconds a person has to play (0: no timer).
    #[arg(long, default_value_t = 60)]
    duel_turn_timeout: u64,
}

impl GameFlags for DuelFlags {
    fn apply(self, config: &mut Config) {
        *config.game_mut() = DuelSettings {
            port: self.duel_port,
            turn_timeout: Duration::from_secs(self.duel_turn_timeout),
        };
    }

    fn port(config: &Config) -> u16 {
        config.game::<DuelSettings>().port
    }
}

/// What Duel tells the kernel's table.
struct DuelHooks;

impl Hooks for DuelHooks {
    type Game = Duel;
    type Chronicle = generic::OutcomeChronicle;
    type Viewer = ();

    fn viewer(&self, _seat: Seat) {}

    fn chronicle(&self) -> generic::OutcomeChronicle {
        generic::OutcomeChronicle::default()
    }

    fn render(&self, _viewer: &mut (), _: &Duel, event: &Event, out: &mut Vec<String>) {
        out.push(match event {
            Event::HandStarted { number, leader } => format!("HAND {number} {leader}"),
            Event::Dealt { cards, .. } => format!("CARDS {} {} {}", cards[0], cards[1], cards[2]),
            Event::Turn { seat } => format!("TURN {seat}"),
            Event::Played { seat, card } => format!("PLAYED {seat} {card}"),
            Event::TrickWon { winner } => format!("TRICK {winner}"),
            Event::HandWon { winner, points } => {
                format!("HANDWON {winner} {} {}", points[0], points[1])
            }
            Event::GameOver { points } => format!("OVER {} {}", points[0], points[1]),
        });
    }

    fn seated(&self, seat: Seat, token: Option<&str>) -> Vec<String> {
        vec![format!("SEAT {seat} {}", token.unwrap_or_default())]
    }

    fn refused(&self, _: &(), _: &Duel, _: &Action, refusal: &&'static str) -> Vec<String> {
        vec![format!("ERROR {refusal}")]
    }

    fn cpu(&self) -> Box<dyn Strategy<Duel>> {
        Box::new(RandomBot)
    }
}

/// The tables: the one forming, and every one started (to find a token's seat).
#[derive(Clone)]
struct Lobby {
    tables: Arc<Mutex<Vec<TableHandle<Duel>>>>,
    open: Arc<dyn Fn() -> TableHandle<Duel> + Send + Sync>,
}

impl Lobby {
    fn tables(&self) -> std::sync::MutexGuard<'_, Vec<TableHandle<Duel>>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A seat at the table being formed (a new one when it has begun).
    async fn sit(
        &self,
        conn: u64,
        outbox: parlor_server::net::Outbox,
        name: String,
    ) -> Option<TableHandle<Duel>> {
        for _ in 0..3 {
            let table = {
                let mut tables = self.tables();
                tables.retain(|t| !t.is_closed());
                match tables.last() {
                    Some(table) => table.clone(),
                    None => {
                        let table = (self.open)();
                        tables.push(table.clone());
                        table
                    }
                }
            };
            let (reply, seat) = oneshot::channel();
            let newcomer = Newcomer::named(conn, outbox.clone(), name.clone());
            let sit = Input::Sit { newcomer, reply };
            if table.send(sit).await && matches!(seat.await, Ok(Ok(_))) {
                return Some(table);
            }
            // That table has begun: the next newcomer opens another.
            let fresh = (self.open)();
            self.tables().push(fresh);
        }
        None
    }

    /// The table that gave `token` out takes this connection back to its seat.
    async fn resume(
        &self,
        token: &str,
        conn: u64,
        outbox: &parlor_server::net::Outbox,
    ) -> Option<TableHandle<Duel>> {
        let tables: Vec<_> = self.tables().clone();
        for table in tables {
            let (reply, taken) = oneshot::channel();
            let resume = Input::Resume {
                token: token.to_owned(),
                conn,
                outbox: outbox.clone(),
                reply,
            };
            if table.send(resume).await && taken.await == Ok(true) {
                return Some(table);
            }
        }
        None
    }
}

fn start(cx: &Context<'_>) -> Entry {
    let settings = actor::Settings {
        protocol: "duel",
        rules: Rules { hands: 3 },
        variant: Rules { hands: 3 }.to_string(),
        seats: 2,
        timing: Timing {
            cpu_delay: cx.config.bot_delay,
            turn_limit: Some(cx.config.game::<DuelSettings>().turn_timeout)
                .filter(|limit| !limit.is_zero()),
        },
        grace: cx.config.reconnect_grace,
        name: None,
    };
    let (ledger, seeds, shutdown) = (cx.recorder.clone(), cx.seeds.clone(), cx.shutdown.clone());
    let lobby = Lobby {
        tables: Arc::default(),
        open: Arc::new(move || {
            actor::spawn(
                DuelHooks,
                settings.clone(),
                64,
                ledger.clone(),
                seeds.clone(),
                shutdown.clone(),
            )
        }),
    };
    Entry::stream(Framing::Lines, move |socket, peer, stop| {
        session(socket, peer, lobby.clone(), stop)
    })
}

/// One connection: `NAME` or `RESUME` first, then moves.
async fn session(
    socket: Box<dyn Socket>,
    _peer: Peer,
    lobby: Lobby,
    stop: tokio_util::sync::CancellationToken,
) {
    let settings = Settings {
        outbox_lines: 256,
        terminator: "\n",
        protocol: "duel",
    };
    let mut connection = LineConnection::lines(socket, 256, settings, stop);
    let conn = connection.id();
    let mut table: Option<TableHandle<Duel>> = None;
    loop {
        let line = match connection.next(Some(Duration::from_secs(60))).await {
            Line::Message(line) => line,
            Line::Idle => continue,
            Line::Closed => break,
        };
        let mut words = line.split_whitespace();
        let input = match (words.next(), words.next(), &table) {
            (Some("NAME"), Some(name), None) => {
                table = lobby
                    .sit(conn, connection.outbox().clone(), name.to_owned())
                    .await;
                continue;
            }
            (Some("RESUME"), Some(token), None) => {
                table = lobby.resume(token, conn, connection.outbox()).await;
                if table.is_none() {
                    connection
                        .outbox()
                        .send("ERROR no seat to come back to with that token");
                }
                continue;
            }
            (Some("CPU"), None, Some(_)) => Input::Fill { conn },
            (Some("PLAY"), Some(card), Some(_)) => match card.parse() {
                Ok(card) => Input::Act {
                    conn,
                    action: Action(card),
                },
                Err(_) => {
                    connection.outbox().send("ERROR not a card");
                    continue;
                }
            },
            _ => {
                connection.outbox().send("ERROR not a command");
                continue;
            }
        };
        if let Some(at) = &table {
            if !at.send(input).await {
                break;
            }
        }
    }
    if let Some(table) = table {
        let _ = table.send(Input::Leave { conn }).await;
    }
    connection.close().await;
}
