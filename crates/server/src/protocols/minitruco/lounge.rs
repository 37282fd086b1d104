//! The lounge: the nickname registry and the directory of rooms.

use super::app::{self, Hall};
use super::game::CarrySettings;
use super::room::{self, RoomHandle};
use crate::config::Config;
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use crate::table::Timing;
use crate::text;
use parlor_wire::minitruco::{Refusal, ServerMsg};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// The longest nickname accepted (the seed sets no limit; a line-sized nick would make
/// every `I` line unwieldy).
pub const MAX_NICK_CHARS: usize = 32;

/// Why a nickname was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NickError {
    /// `X NI`: empty, too long, or a character outside letters, digits and `!@$()-_.`.
    Invalid,
    /// `X NE`: someone connected already uses it or a name that looks the same (in any
    /// letter case, or with look-alike letters from other scripts), or it looks like a
    /// CPU player's name.
    InUse,
}

impl NickError {
    /// The error notification.
    pub fn line(self) -> String {
        let refusal = match self {
            NickError::Invalid => Refusal::InvalidNick,
            NickError::InUse => Refusal::NickInUse,
        };
        ServerMsg::Refused(refusal).write()
    }
}

/// The nicknames in use, as their [`text::name_keys`] (two nicknames that share a key
/// look alike), and which of them belong to a person away from a game. Shared by
/// sessions and rooms.
#[derive(Clone, Debug, Default)]
pub struct Nicks(Arc<Mutex<Registry>>);

#[derive(Debug, Default)]
struct Registry {
    taken: HashSet<String>,
    /// Lower-cased nickname -> the nickname as its person wrote it, the room holding its
    /// seat and the address it may come back from.
    away: HashMap<String, (String, usize, IpAddr)>,
}

impl Nicks {
    /// Takes `new` for a user who had `old`; on success `old` is freed.
    pub fn claim(&self, old: Option<&str>, new: &str) -> Result<(), NickError> {
        let valid = !new.is_empty()
            && new.chars().count() <= MAX_NICK_CHARS
            && new
                .chars()
                .all(|c| c.is_alphanumeric() || "!@$()-_.".contains(c));
        if !valid {
            return Err(NickError::Invalid);
        }
        // `unnamed` is what the 2008 client calls a player who has not chosen a name.
        if text::look_alike(new, "unnamed") {
            return Err(NickError::Invalid);
        }
        if text::looks_like_cpu(new) {
            return Err(NickError::InUse);
        }
        let keys = text::name_keys(new);
        let mut registry = self.lock();
        let nicks = &mut registry.taken;
        // Renaming oneself to a look-alike (another case) is fine.
        let own = old.is_some_and(|o| text::look_alike(o, new));
        if !own && keys.iter().any(|key| nicks.contains(key)) {
            return Err(NickError::InUse);
        }
        if let Some(old) = old {
            for key in text::name_keys(old) {
                nicks.remove(&key);
            }
        }
        nicks.extend(keys);
        Ok(())
    }

    /// Frees a nickname (its user disconnected, or did not come back in time).
    pub fn release(&self, nick: &str) {
        let mut registry = self.lock();
        registry.away.remove(&nick.to_lowercase());
        for key in text::name_keys(nick) {
            registry.taken.remove(&key);
        }
    }

    /// The person called `nick` dropped from a game in `room` and may come back from
    /// `addr`: the nickname stays taken until they do or the room gives their seat up.
    pub fn set_away(&self, nick: &str, room: usize, addr: IpAddr) {
        let entry = (nick.to_owned(), room, addr);
        self.lock().away.insert(nick.to_lowercase(), entry);
    }

    /// The room where `nick` is away, if a connection from `addr` may come back to it:
    /// by the exact nickname (not another case or a look-alike) and from the address the
    /// person played from.
    pub fn away_room(&self, nick: &str, addr: IpAddr) -> Option<usize> {
        let registry = self.lock();
        let (exact, room, from) = registry.away.get(&nick.to_lowercase())?;
        (exact == nick && *from == addr).then_some(*room)
    }

    /// The person away is back: the nickname is theirs again, on their new connection.
    pub fn back(&self, nick: &str) {
        self.lock().away.remove(&nick.to_lowercase());
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Registry> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The lounge every miniTruco session shares. Cheap to clone.
#[derive(Clone)]
pub struct Lounge {
    inner: Arc<Inner>,
}

struct Inner {
    nicks: Nicks,
    /// The tables of today's app, which shares the port.
    hall: Hall,
    rooms: Vec<RoomHandle>,
    /// How a game carried over from another node is made again for its room.
    carrying: CarrySettings,
    keepalive: Duration,
    hello_timeout: Duration,
    max_line: usize,
    outbox_lines: usize,
}

impl Lounge {
    /// Starts one actor per room and returns the lounge that leads to them.
    pub fn start(
        config: &Config,
        seeds: SeedSource,
        recorder: &Ledger,
        shutdown: CancellationToken,
    ) -> Lounge {
        let nicks = Nicks::default();
        let own: super::MinitrucoSettings = config.game();
        let turn_limit = Some(own.turn_timeout).filter(|t| !t.is_zero());
        let settings = app::Settings {
            seeds: seeds.clone(),
            recorder: recorder.clone(),
            timing: Timing {
                cpu_delay: config.bot_delay,
                turn_limit,
            },
            cpu: own.cpu.clone(),
            inbox: config.limits.room_inbox,
            shutdown: shutdown.clone(),
        };
        let hall = Hall::new(settings, own.app_keepalive);
        let rooms = (1..=own.rooms.max(1))
            .map(|number| {
                room::spawn(room::RoomConfig {
                    number,
                    nicks: nicks.clone(),
                    seeds: seeds.clone(),
                    recorder: recorder.clone(),
                    bot_delay: config.bot_delay,
                    cpu_strategy: own.cpu.clone(),
                    turn_timeout: turn_limit,
                    grace: config.reconnect_grace,
                    inbox: config.limits.room_inbox,
                    shutdown: shutdown.clone(),
                })
            })
            .collect();
        Lounge {
            inner: Arc::new(Inner {
                nicks,
                hall,
                rooms,
                carrying: CarrySettings {
                    recorder: recorder.clone(),
                    timing: Timing {
                        cpu_delay: config.bot_delay,
                        turn_limit,
                    },
                    grace: config.reconnect_grace,
                    shutdown,
                },
                keepalive: own.keepalive,
                hello_timeout: config.limits.hello_timeout,
                max_line: config.limits.max_line,
                outbox_lines: config.limits.outbox_lines,
            }),
        }
    }

    /// Carries on games other nodes of a cluster ran in the 2008 rooms; a game at one
    /// of today's app's tables is refused (see `carry`).
    pub fn carrier(&self) -> Carry {
        let lounge = self.clone();
        Arc::new(move |carried: Carried| lounge.carry(&carried))
    }

    /// Hands game `carried` to its room. Today's app has no way to ask for a seat back,
    /// so its people cannot come back to a carried game: it ends with its node.
    fn carry(&self, carried: &Carried) -> Result<(), String> {
        let id = carried.id;
        let table = carried.table.as_deref().unwrap_or_default();
        let Some(number) = table.strip_prefix("room ").and_then(|n| n.parse().ok()) else {
            return Err(format!(
                "game {id} ({table}): today's app cannot take a seat back at another node"
            ));
        };
        let room = self
            .room(number)
            .ok_or_else(|| format!("game {id}: this node has no {table}"))?;
        let made = room::carry(carried, room, &self.inner.carrying)?;
        // The nicknames are the away people's before anyone may arrive (this node lets
        // the protocol's players in once its carriers return): a person coming back
        // finds their room at once.
        let away = made.away();
        let nicks = self.nicks();
        for (nick, addr) in &away {
            // Nobody here has it: this node takes the protocol's players only now.
            let _ = nicks.claim(None, nick);
            nicks.set_away(nick, number, *addr);
        }
        room.carry(made).inspect_err(|_| {
            for (nick, _) in &away {
                nicks.release(nick);
            }
        })
    }

    /// The tables of today's app.
    pub fn hall(&self) -> &Hall {
        &self.inner.hall
    }

    /// The nickname registry.
    pub fn nicks(&self) -> &Nicks {
        &self.inner.nicks
    }

    /// Room `number` (1-based), if it exists.
    pub fn room(&self, number: usize) -> Option<&RoomHandle> {
        self.inner.rooms.get(number.checked_sub(1)?)
    }

    /// Parses a room number argument: `None` for anything that is not an existing room.
    pub fn room_number(&self, arg: Option<&str>) -> Option<usize> {
        let number = arg?.parse::<usize>().ok()?;
        self.room(number).map(|_| number)
    }

    /// The `L` notification: how many seats are taken in each room.
    pub fn room_list(&self) -> String {
        let rooms = self.inner.rooms.iter();
        ServerMsg::Rooms(rooms.map(|room| u32::from(room.occupancy())).collect()).write()
    }

    /// Silence after which a client gets an empty keep-alive line.
    pub fn keepalive(&self) -> Duration {
        self.inner.keepalive
    }

    /// Time a new connection has to choose a nickname.
    pub fn hello_timeout(&self) -> Duration {
        self.inner.hello_timeout
    }

    /// The longest line a client may send.
    pub fn max_line(&self) -> usize {
        self.inner.max_line
    }

    /// Lines queued to a client before it is dropped as not reading.
    pub fn outbox_lines(&self) -> usize {
        self.inner.outbox_lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames_are_unique_in_any_case_and_validated() {
        let nicks = Nicks::default();
        assert_eq!(nicks.claim(None, "Alice"), Ok(()));
        assert_eq!(nicks.claim(None, "alice"), Err(NickError::InUse));
        assert_eq!(nicks.claim(None, "bob smith"), Err(NickError::Invalid));
        assert_eq!(nicks.claim(None, ""), Err(NickError::Invalid));
        assert_eq!(nicks.claim(None, "joão!@$()-_."), Ok(()));
        assert_eq!(nicks.claim(None, "cpu3"), Err(NickError::InUse));
        assert_eq!(nicks.claim(None, "CPU１"), Err(NickError::InUse));
        assert_eq!(nicks.claim(None, "CPU٣"), Err(NickError::InUse));
        assert_eq!(nicks.claim(None, "bοb"), Ok(()));
        assert_eq!(nicks.claim(None, "bob"), Err(NickError::InUse));
        assert_eq!(nicks.claim(None, &"x".repeat(33)), Err(NickError::Invalid));
        // Renaming frees the old nick; renaming to oneself in another case is fine.
        assert_eq!(nicks.claim(Some("Alice"), "ALICE"), Ok(()));
        assert_eq!(nicks.claim(Some("ALICE"), "carol"), Ok(()));
        assert_eq!(nicks.claim(None, "alice"), Ok(()));
        nicks.release("CAROL");
        assert_eq!(nicks.claim(None, "carol"), Ok(()));
    }

    #[test]
    fn a_nickname_away_is_kept_for_its_address() {
        let nicks = Nicks::default();
        let home = IpAddr::from([10, 0, 0, 1]);
        assert_eq!(nicks.claim(None, "Ana"), Ok(()));
        nicks.set_away("Ana", 3, home);
        assert_eq!(nicks.claim(None, "ana"), Err(NickError::InUse));
        assert_eq!(nicks.away_room("Ana", home), Some(3));
        assert_eq!(nicks.away_room("ANA", home), None, "the exact name only");
        assert_eq!(nicks.away_room("ana", IpAddr::from([10, 0, 0, 2])), None);
        nicks.back("ana");
        assert_eq!(nicks.away_room("Ana", home), None);
        assert_eq!(
            nicks.claim(None, "ana"),
            Err(NickError::InUse),
            "back, still hers"
        );
        nicks.set_away("Ana", 3, home);
        nicks.release("Ana");
        assert_eq!(nicks.away_room("ana", home), None);
        assert_eq!(nicks.claim(None, "ana"), Ok(()));
    }
}
