//! The registry of sessions by name: which are waiting (offered in
//! `REQUEST_SESSION_CHOICE`), and how to reach each.

use super::message::{Bad, Choice, SessionRequest, SessionType};
use super::JassSettings;
use super::{single, tournament, Client, SessionMsg};
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

/// How a session is reached: a single game's table, or a tournament's actor.
#[derive(Clone)]
pub enum SessionHandle {
    Single(single::SingleHandle),
    Tournament(mpsc::Sender<SessionMsg>),
}

impl SessionHandle {
    /// Whether both lead to the same session.
    pub fn same(&self, other: &SessionHandle) -> bool {
        match (self, other) {
            (SessionHandle::Single(a), SessionHandle::Single(b)) => a.same(b),
            (SessionHandle::Tournament(a), SessionHandle::Tournament(b)) => a.same_channel(b),
            _ => false,
        }
    }

    /// Tells the session what a member's connection asks (a join goes through
    /// [`Lobby::join`]); waits while its inbox is full; `false` once it has ended.
    pub async fn send(&self, msg: SessionMsg) -> bool {
        match self {
            SessionHandle::Tournament(tx) => tx.send(msg).await.is_ok(),
            SessionHandle::Single(table) => match single::input_of(msg) {
                Some(input) => table.send(input).await,
                None => !table.is_closed(),
            },
        }
    }
}

struct Entry {
    name: String,
    kind: SessionType,
    started: bool,
    handle: SessionHandle,
}

/// The Jass lobby. Cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    sessions: Arc<Mutex<Vec<Entry>>>,
    counter: Arc<AtomicU64>,
    pub settings: JassSettings,
    seeds: SeedSource,
    /// Where finished games are stored.
    pub recorder: Ledger,
    /// How long a player whose connection drops keeps their seat in a single game.
    grace: Duration,
    shutdown: CancellationToken,
}

impl Lobby {
    /// An empty lobby.
    pub fn new(
        settings: JassSettings,
        grace: Duration,
        seeds: SeedSource,
        recorder: Ledger,
        shutdown: CancellationToken,
    ) -> Lobby {
        Lobby {
            sessions: Arc::default(),
            counter: Arc::default(),
            settings,
            seeds,
            recorder,
            grace,
            shutdown,
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Names of the sessions not yet started.
    pub fn waiting(&self) -> Vec<String> {
        self.entries()
            .iter()
            .filter(|e| !e.started)
            .map(|e| e.name.clone())
            .collect()
    }

    /// Marks a session started (no longer offered) or, with `gone`, forgets it.
    pub fn update(&self, name: &str, gone: bool) {
        let mut entries = self.entries();
        if gone {
            entries.retain(|e| e.name != name);
        } else if let Some(e) = entries.iter_mut().find(|e| e.name == name) {
            e.started = true;
        }
    }

    /// The session with this name.
    pub fn find(&self, name: &str) -> Option<SessionHandle> {
        self.entries()
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.handle.clone())
    }

    /// A fresh player id in the UUID format the reference uses.
    pub fn player_id(&self) -> String {
        let a = self.seeds.next_seed();
        let b = self.seeds.next_seed();
        format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0xffff,
            b >> 48,
            b & 0xffff_ffff_ffff
        )
    }

    /// The next seed for a game.
    pub fn seed(&self) -> u64 {
        self.seeds.next_seed()
    }

    /// The seeds games and player ids are drawn from.
    pub fn seeds(&self) -> SeedSource {
        self.seeds.clone()
    }

    fn create(&self, entries: &mut Vec<Entry>, name: String, kind: SessionType) -> SessionHandle {
        let shutdown = self.shutdown.clone();
        let handle = match kind {
            SessionType::SingleGame => SessionHandle::Single(single::spawn(
                name.clone(),
                self.clone(),
                self.grace,
                shutdown,
            )),
            SessionType::Tournament => {
                let (tx, rx) = mpsc::channel(256);
                tournament::spawn(name.clone(), self.clone(), (tx.clone(), rx), shutdown);
                SessionHandle::Tournament(tx)
            }
        };
        entries.push(Entry {
            name,
            kind,
            started: false,
            handle: handle.clone(),
        });
        handle
    }

    /// Carries on single games other nodes of a cluster ran (see [`Lobby::carry`]).
    pub fn carrier(&self) -> Carry {
        let lobby = self.clone();
        Arc::new(move |carried: Carried| lobby.carry(&carried))
    }

    /// Starts the single-game session of game `carried` again here, under its name, its
    /// people away from it. A tournament's pairing is refused: its tournament (players,
    /// deadlines, standings) lives on the node that stopped, and ends with it.
    fn carry(&self, carried: &Carried) -> Result<(), String> {
        let id = carried.id;
        let name = carried.table.clone().unwrap_or_default();
        if name.is_empty() || tournament::is_pairing(&name) {
            return Err(format!(
                "game {id} ({name}): a tournament's games end with their node"
            ));
        }
        let mut entries = self.entries();
        if entries.iter().any(|e| e.name == name) {
            return Err(format!("game {id}: a session {name} runs here already"));
        }
        let (grace, shutdown) = (self.grace, self.shutdown.clone());
        let table = single::carry(name.clone(), self.clone(), grace, shutdown, carried)?;
        entries.push(Entry {
            name,
            kind: SessionType::SingleGame,
            started: true,
            handle: SessionHandle::Single(table),
        });
        Ok(())
    }

    /// Puts a client in the session it asked for; the answer is the `BAD_MESSAGE` data
    /// when that is impossible (the client may choose again).
    pub async fn join(
        &self,
        client: Client,
        request: SessionRequest,
    ) -> Result<(String, SessionHandle), Bad> {
        let kind = request.kind.unwrap_or(SessionType::SingleGame);
        // Find or create under one lock, so two clients naming the same new session at
        // once end up in the same one.
        let (name, handle) = {
            let mut entries = self.entries();
            let named = |entries: &[Entry], name: &str| entries.iter().position(|e| e.name == name);
            let found = match (request.choice, request.name.as_deref()) {
                (Choice::CreateNew, Some(name)) if named(&entries, name).is_some() => {
                    return Err(Bad::field(
                        "data.sessionName",
                        format!("{name} already exists"),
                    ));
                }
                (Choice::CreateNew, Some(name)) if tournament::is_pairing(name) => {
                    return Err(pairing_refused(name));
                }
                (Choice::CreateNew, Some(_)) => None,
                // As the reference's `findSession`: a name no session has creates that
                // session (of the requested type), so bots can meet on a fixed name.
                (Choice::JoinExisting | Choice::Spectator, Some(name)) => {
                    match named(&entries, name) {
                        None if request.must_exist => {
                            return Err(Bad::field(
                                "data.sessionName",
                                format!("{name} is not a session"),
                            ))
                        }
                        found => found,
                    }
                }
                (Choice::Spectator, None) if entries.is_empty() => {
                    return Err(Bad::field(
                        "data.sessionName",
                        "there is no session to watch",
                    ));
                }
                (Choice::Spectator, None) => Some(0),
                // AUTOJOIN: the first session not started, of the requested type or,
                // without one, of any type (a tournament included, as bots written for
                // the reference server expect); a new single game only if there is none.
                (_, name) => entries.iter().position(|e| {
                    !e.started
                        && request.kind.as_ref().is_none_or(|k| e.kind == *k)
                        && name.is_none_or(|n| n == e.name)
                }),
            };
            match found {
                Some(i) => (entries[i].name.clone(), entries[i].handle.clone()),
                None if request.name.as_deref().is_some_and(tournament::is_pairing) => {
                    return Err(pairing_refused(request.name.as_deref().unwrap_or("")));
                }
                None => {
                    let name = request.name.clone().unwrap_or_else(|| {
                        format!(
                            "Session {}",
                            self.counter.fetch_add(1, Ordering::Relaxed) + 1
                        )
                    });
                    let handle = self.create(&mut entries, name.clone(), kind);
                    (name, handle)
                }
            }
        };
        let (team, spectator) = (request.team, request.spectator);
        let tx = match &handle {
            SessionHandle::Single(table) => {
                single::join(table, &name, client, team, spectator).await?;
                return Ok((name, handle));
            }
            SessionHandle::Tournament(tx) => tx,
        };
        let ended = || Bad::field("data.sessionName", format!("{name} has ended"));
        let (reply, answer) = oneshot::channel();
        let join = SessionMsg::Join {
            client,
            spectator,
            reply,
        };
        if tx.send(join).await.is_err() {
            return Err(ended());
        }
        match answer.await {
            Ok(Ok(())) => Ok((name, handle)),
            Ok(Err(bad)) => Err(bad),
            Err(_) => Err(ended()),
        }
    }
}

/// The answer to a new session named as a tournament's pairing is (`... pairing 3`):
/// such names say a game is a tournament's, to bots and to the nodes of a cluster.
fn pairing_refused(name: &str) -> Bad {
    let why = format!("{name} is named like a tournament's pairing");
    Bad::field("data.sessionName", why)
}
