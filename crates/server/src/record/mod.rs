//! Recording games for the store: every table keeps a [`GameLog`] that tells the
//! [`Recorder`] when its game starts, what each seat did, each hand's result and the end.
//!
//! The action log is what makes a game replayable exactly: every game is a pure value
//! created from a seed, so replaying means creating it again and applying the same
//! actions. Each action is logged as `SEAT NOTATION`: the seat and the action in its
//! game's stable notation ([`parlor_game::Notation`]: `2 play 10c`, `0 discard 5m.2`),
//! words a person can read and a later parlor reads back whatever its types are then
//! called. Anything else that changes a game (a player leaving, a forfeit) is a note:
//! `# TEXT`.
//!
//! Games stored before the notation (the store's notation 1) logged `SEAT INDEX DEBUG`:
//! the action's position among the legal actions and its Rust `Debug` text. Those
//! entries are still read ([`Named::Legacy`]), so that [`upgrade`] can rewrite such logs
//! in the notation when a store is opened.
//!
//! Recording never blocks or fails a game: the [`Recorder`] queues writes for its own
//! thread and reports trouble on `/healthz` and `/metrics`.

mod carry;
pub mod generic;
pub mod jass;
mod journal;
pub mod mahjong;
mod note;
mod recorded;
mod redo;
pub mod story;
mod tables;
pub mod truco;
pub mod upgrade;
pub mod wars;
pub mod watch;

pub use carry::{Carried, Carriers, Carry, Handover, Holder};
pub use journal::{journal, Journal, Step};
pub use note::Note;
pub use recorded::{Chronicle, Recorded};
pub(crate) use redo::{entries, redo};
pub use redo::{Replayed, Teller};
pub use tables::{Listed, Listing, SeatKind, SeatListing, Tables};

use parlor_game::Notation;
use parlor_store::{
    GameAbandon, GameEnd, GameId, GameStart, HandRecord, Placed, Recorder, SeatName, SeatRecord,
};
use serde_json::Value;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, as the store keeps times.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Where games are written down: the store's recorder (every game, for good) and the
/// list of running tables (each game while it is played). Every protocol gets one, and
/// reaches the recorder through it as if it were one.
#[derive(Clone)]
pub struct Ledger {
    pub recorder: Recorder,
    pub tables: Tables,
    /// A cluster node's journal of its games' steps ([`Journal`]); `None` alone.
    pub journal: Option<Journal>,
    /// Whether this node is handing its tables over to the others (draining).
    pub handover: Handover,
}

impl Ledger {
    /// A ledger that stores nothing and lists on its own list (tests, benchmarks).
    pub fn disabled() -> Ledger {
        Ledger {
            recorder: Recorder::disabled(),
            tables: Tables::default(),
            journal: None,
            handover: Handover::default(),
        }
    }
}

impl std::ops::Deref for Ledger {
    type Target = Recorder;

    fn deref(&self) -> &Recorder {
        &self.recorder
    }
}

/// One game's record in the making.
#[derive(Debug)]
pub struct GameLog {
    recorder: Recorder,
    id: GameId,
    hands: u32,
    actions: Vec<String>,
    finished: bool,
    /// Whether a person made a move of their own (not a CPU player, not a stand-in).
    played: bool,
    protocol: String,
    /// The game among the server's running tables, until the log is dropped.
    listed: Listed,
    /// Where its steps go as they happen, on a node of a cluster.
    journal: Option<Journal>,
    /// A carried game redoing its log so far: its steps are in the stream already, and
    /// its hands may be in the store already.
    catching_up: bool,
    /// Set when the node hands its tables over: a game that stops then is not ended.
    handover: Handover,
}

impl Drop for GameLog {
    /// The table is gone: one game fewer in progress. A game without its result (a
    /// player left and it could not go on, or the server is stopping) is stored as
    /// abandoned at once, not left `playing` until the next start. A carried game that
    /// could not be made again here (dropped while catching up) is left to the takeover,
    /// which ends it with the reason.
    fn drop(&mut self) {
        metrics::gauge!("parlor_games_active", "protocol" => self.protocol.clone()).decrement(1.0);
        if !self.finished && self.handover.is_on() {
            // Another node carries it on from its steps.
            self.recorder.release_game(self.id);
        } else if !self.finished && !self.catching_up {
            self.abandon("the game ended before its result: a player left or disconnected, or the server stopped");
        }
    }
}

/// Who sits in a seat, for the record.
pub fn seat(name: &str, cpu: Option<&str>) -> SeatRecord {
    SeatRecord {
        name: name.to_owned(),
        cpu: cpu.map(str::to_owned),
    }
}

impl GameLog {
    /// Records the start of a game of `protocol` under rule `variant`, created from
    /// `seed`, with these seats (in seat order), in the `ledger`'s store, and lists it
    /// among its running tables until the log is dropped.
    pub fn start(
        ledger: &Ledger,
        protocol: &str,
        variant: &str,
        seed: u64,
        seats: Vec<SeatRecord>,
        table: Option<String>,
    ) -> GameLog {
        let start = GameStart {
            id: ledger.recorder.new_game_id(),
            protocol: protocol.to_owned(),
            variant: variant.to_owned(),
            seed,
            started_at_ms: now_ms(),
            seats,
            table,
        };
        if let Some(journal) = &ledger.journal {
            let seats = start.seats.iter().map(|s| (s.name.clone(), s.cpu.clone()));
            let step = Step::Start {
                protocol: protocol.to_owned(),
                variant: variant.to_owned(),
                seed: seed.to_string(),
                seats: seats.collect(),
                table: start.table.clone(),
                started_at_ms: start.started_at_ms,
            };
            journal.write(start.id.0, step);
        }
        metrics::counter!("parlor_games_started_total", "protocol" => protocol.to_owned())
            .increment(1);
        let log = GameLog::open(ledger, &start);
        ledger.recorder.start_game(start);
        log
    }

    /// Carries on game `carried`, which another node started: stored as this node's,
    /// listed among its running tables. Until [`GameLog::caught_up`], what it logs is
    /// the game redone from its log (not journaled again; hands stored once).
    pub fn carry(ledger: &Ledger, carried: &Carried) -> GameLog {
        let start = carried.start();
        let mut log = GameLog::open(ledger, &start);
        log.catching_up = true;
        // People played it on the other node.
        log.played = true;
        ledger.recorder.carry_game(start, carried.hands);
        log
    }

    /// The log of the game `start` tells, listed among the running tables until dropped.
    fn open(ledger: &Ledger, start: &GameStart) -> GameLog {
        let listed = ledger.tables.list(Listing {
            id: start.id.0,
            game: start.protocol.clone(),
            variant: start.variant.clone(),
            table: start.table.clone(),
            started_at_ms: start.started_at_ms,
            hand: 1,
            seats: start
                .seats
                .iter()
                .map(|s| SeatListing {
                    name: s.name.clone(),
                    kind: match s.cpu {
                        Some(_) => SeatKind::Cpu,
                        None => SeatKind::Person,
                    },
                })
                .collect(),
        });
        metrics::gauge!("parlor_games_active", "protocol" => start.protocol.clone()).increment(1.0);
        GameLog {
            recorder: ledger.recorder.clone(),
            id: start.id,
            hands: 0,
            actions: Vec::new(),
            finished: false,
            played: false,
            protocol: start.protocol.clone(),
            listed,
            journal: ledger.journal.clone(),
            catching_up: false,
            handover: ledger.handover.clone(),
        }
    }

    /// Whether the node is handing its tables over (draining): a connection that closes
    /// now is the node's doing, not its person's leaving.
    pub fn handing_over(&self) -> bool {
        self.handover.is_on()
    }

    /// A carried game has redone its log: from now on it is journaled and stored as it
    /// goes.
    pub fn caught_up(&mut self) {
        self.catching_up = false;
    }

    /// Who may take `seat` back (journaled, so that a node carrying the table on keeps
    /// the seat for them).
    pub fn holder(&self, seat: usize, holder: &Holder) {
        self.journal(Step::Holder {
            seat,
            token: holder.token.clone(),
            addr: holder.addr.map(|a| a.to_string()),
        });
    }

    /// Writes `step` to the journal, on a node of a cluster (not while catching up).
    fn journal(&self, step: Step) {
        if self.catching_up {
            return;
        }
        if let Some(journal) = &self.journal {
            journal.write(self.id.0, step);
        }
    }

    /// Adds `entry` to the action log.
    fn log(&mut self, entry: String) {
        if self.journal.is_some() && !self.catching_up {
            self.journal(Step::Entry {
                text: entry.clone(),
            });
        }
        self.actions.push(entry);
    }

    /// The protocol the game is played over.
    pub fn protocol(&self) -> &str {
        &self.protocol
    }

    /// The game's place among the running tables.
    pub fn listed(&self) -> &Listed {
        &self.listed
    }

    /// The person in `seat` is called `name` from now on, in the store and the listing.
    pub fn name_seat(&mut self, seat: usize, name: &str) {
        let named = name.to_owned();
        self.journal(Step::Name { seat, name: named });
        self.recorder.name_seat(SeatName {
            game: self.id,
            seat,
            name: name.to_owned(),
        });
        self.listed.update(|l| {
            if let Some(listed) = l.seats.get_mut(seat) {
                listed.name = name.to_owned();
            }
        });
    }

    /// The game's id in the store.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// `seat` did `action` in game `G`.
    pub fn action<G: Notation>(&mut self, seat: usize, action: &G::Action) {
        self.log(action_entry::<G>(seat, action));
    }

    /// A person made a move of their own: the game is kept even if it is abandoned.
    pub fn person_played(&mut self) {
        self.played = true;
    }

    /// Whether any person has made a move of their own.
    pub fn anyone_played(&self) -> bool {
        self.played
    }

    /// Something else that changed the game (a leave, a forfeit), for replays to redo.
    pub fn note(&mut self, note: Note) {
        self.log(format!("# {note}"));
    }

    /// A hand ended with `result`: it is committed with the actions since the last one.
    pub fn hand(&mut self, result: Value) {
        self.record_hand(result, Vec::new());
    }

    /// A hand ended with `result` that counts in the standings as a game of its own
    /// (a Warlords evening's, whose players change between hands): `placed`, who played
    /// it and how they placed. End such a game with [`GameLog::finish_counted`].
    pub fn standing_hand(&mut self, result: Value, placed: Vec<Placed>) {
        self.record_hand(result, placed);
    }

    fn record_hand(&mut self, result: Value, rated: Vec<Placed>) {
        self.hands += 1;
        self.journal(Step::Hand { number: self.hands });
        let hand = HandRecord {
            game: self.id,
            number: self.hands,
            result,
            actions: std::mem::take(&mut self.actions),
            rated,
        };
        match self.catching_up {
            true => self.recorder.record_hand_once(hand),
            false => self.recorder.record_hand(hand),
        }
    }

    /// The game ended without a result, for `reason`; the players' standings do not
    /// change. A game in which no person made a move is not kept at all (tables
    /// started and left at once would otherwise fill the store). Nothing happens if it
    /// already ended.
    pub fn abandon(&mut self, reason: &str) {
        if std::mem::replace(&mut self.finished, true) {
            return;
        }
        self.journal(Step::End { finished: false });
        if !self.played {
            self.recorder.discard_game(self.id);
            return;
        }
        self.recorder.abandon_game(GameAbandon {
            game: self.id,
            ended_at_ms: now_ms(),
            reason: reason.to_owned(),
            actions: std::mem::take(&mut self.actions),
        });
    }

    /// The game ended: final `scores` and `ranks` (1 = best) per seat, which its players'
    /// standings count.
    pub fn finish(&mut self, result: Value, scores: Vec<i64>, ranks: Vec<u32>) {
        self.end(result, (scores, ranks), true);
    }

    /// The game ended, its hands counted in the standings one by one
    /// ([`GameLog::standing_hand`]): final `scores` and `ranks` per seat, which the
    /// standings do not count again.
    pub fn finish_counted(&mut self, result: Value, scores: Vec<i64>, ranks: Vec<u32>) {
        self.end(result, (scores, ranks), false);
    }

    fn end(&mut self, result: Value, (scores, ranks): (Vec<i64>, Vec<u32>), rated: bool) {
        if std::mem::replace(&mut self.finished, true) {
            return;
        }
        metrics::counter!("parlor_games_finished_total", "protocol" => self.protocol.clone())
            .increment(1);
        self.journal(Step::End { finished: true });
        self.recorder.finish_game(GameEnd {
            game: self.id,
            ended_at_ms: now_ms(),
            result,
            scores,
            ranks,
            actions: std::mem::take(&mut self.actions),
            rated,
        });
    }
}

/// The log entry of `seat` doing `action` in game `G`: `SEAT NOTATION`.
pub fn action_entry<G: Notation>(seat: usize, action: &G::Action) -> String {
    let mut entry = String::with_capacity(24);
    match u8::try_from(seat) {
        Ok(digit @ 0..=9) => entry.push(char::from(b'0' + digit)),
        _ => entry.push_str(&seat.to_string()),
    }
    entry.push(' ');
    G::write_notation(action, &mut entry);
    entry
}

/// One entry of an action log, parsed back.
#[derive(Debug, PartialEq, Eq)]
pub enum Entry<'a> {
    /// `seat` took the action `named`.
    Action { seat: usize, named: Named<'a> },
    /// A note.
    Note(Note),
}

/// How an entry names its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named<'a> {
    /// In its game's notation (`play 10c`).
    Notation(&'a str),
    /// As games stored before the notation named it: its `index` among the legal
    /// actions (None: it was not among them) and its Rust `Debug` text then.
    Legacy { index: Option<usize>, text: &'a str },
}

/// Parses one log entry; `None` if it is not one. A notation never starts with a digit
/// or `!`, which is how an entry from before the notation is told apart.
pub fn parse_entry(entry: &str) -> Option<Entry<'_>> {
    if let Some(note) = entry.strip_prefix("# ") {
        return Note::parse(note).map(Entry::Note);
    }
    let (seat, rest) = entry.split_once(' ')?;
    let seat = seat.parse().ok()?;
    let named = match rest.split_once(' ') {
        Some(("!", text)) => Named::Legacy { index: None, text },
        Some((index, text)) if index.bytes().all(|b| b.is_ascii_digit()) => Named::Legacy {
            index: Some(index.parse().ok()?),
            text,
        },
        _ if rest.starts_with(|c: char| c.is_ascii_lowercase()) => Named::Notation(rest),
        _ => return None,
    };
    Some(Entry::Action { seat, named })
}

/// Ranks (1 = best) from scores, higher is better; equal scores share a rank.
pub fn ranks_by_score(scores: &[i64]) -> Vec<u32> {
    parlor_game::Outcome::by_points(scores.to_vec()).places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        assert_eq!(
            parse_entry("2 discard 5m.2"),
            Some(Entry::Action {
                seat: 2,
                named: Named::Notation("discard 5m.2"),
            })
        );
        assert_eq!(
            parse_entry("2 5 Discard(Tile(53))"),
            Some(Entry::Action {
                seat: 2,
                named: Named::Legacy {
                    index: Some(5),
                    text: "Discard(Tile(53))"
                },
            })
        );
        assert_eq!(
            parse_entry("0 ! Pass"),
            Some(Entry::Action {
                seat: 0,
                named: Named::Legacy {
                    index: None,
                    text: "Pass"
                },
            })
        );
        assert_eq!(
            parse_entry("# leave 3"),
            Some(Entry::Note(Note::Left { seat: 3 }))
        );
        for junk in [
            "# nonsense",
            "x y",
            "1",
            "1 Play",
            "1 5",
            "-1 pass",
            "1 ",
            "1 12x pass",
        ] {
            assert_eq!(parse_entry(junk), None, "{junk:?}");
        }
        assert_eq!(ranks_by_score(&[10, 30, 10, 20]), [3, 1, 3, 2]);
    }
}
