//! One game of either dialect at the kernel's table actor (`table::actor`): the people a
//! room or a table seated, CPU players in the other seats (each of the configured
//! strategy, or one drawn per seat), and the game until it ends. The room (`room.rs`, or
//! today's app's `app/room.rs`) stays the lobby: who sits where, the manager, the rules,
//! the `I` lines, the chat.
//!
//! What is miniTruco's own is here: `P` to each person as the game begins, the lines of
//! each seat ([`Render`], one per dialect), one phrase number per event for everyone,
//! rules' refusals answered with nothing, and what a person's leaving does ([`Host`]):
//! in today's app's public games a CPU player takes the seat, in its private games the
//! game ends for everyone (`A <pos> <phrase>`); in a 2008 room any leaving ends the game
//! (`A <pos>`), and a person whose connection drops keeps the seat for the grace period
//! and takes it back by nickname from their address.

use super::app::hall::Kind;
use super::render::{position, Renderer};
use crate::net::ConnId;
use crate::record::truco::{self as record_truco, TrucoChronicle};
use crate::record::{Carried, Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Gone, Hooks, Input, Newcomer, Settings, Starter, TableHandle};
use crate::table::{Play, Timing};
use cards::{seeded_rng, Card, GameRng};
use parlor_wire::minitruco::{Command, ServerMsg};
use rand::seq::SliceRandom;
use rand::Rng;
use std::cell::{Cell, RefCell};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use truco::bots::{self, Strategy};
use truco::{Action, Answer, Event, Phase, Rules, Seat, Team};

/// The strategy that plays for a person who is away or whose time ran out, and that
/// takes the seat of a person who left a public game of today's app.
pub const STAND_IN: &str = "heuristic";

/// How many inputs wait for a game.
const INBOX: usize = 64;

/// How a dialect writes the game for one seat.
pub trait Render: Sized + Send + 'static {
    /// A renderer for `seat` in a game under `rules`.
    fn new(seat: Seat, rules: &Rules) -> Self;
    /// The line `event` gives this seat, if any. `phrase` is drawn once per event and is
    /// the same for every seat (today's app picks its speech balloon from it).
    fn render(&mut self, event: &Event, phrase: u32) -> Option<String>;
}

/// The strategy named `name`, or the random one.
pub fn strategy(name: &str) -> Box<dyn Strategy<truco::Game>> {
    bots::by_name(name).unwrap_or_else(|| Box::new(bots::RandomBot))
}

/// A CPU player's name in the record and in the 2008 `I` line.
pub fn cpu_name(seat: Seat) -> String {
    format!("CPU{}", position(seat))
}

/// A way to a game.
pub type GameHandle = TableHandle<truco::Game>;

/// A 2008 room's game made again from another node's, waiting to run.
pub type RoomStarter = Starter<GameHooks<Renderer>>;

/// How a game ended, for the room or table that started it.
#[derive(Clone, Copy, Debug)]
pub struct Over {
    /// The game's number, as its room gave it.
    pub id: u64,
    /// The winner and the scores, if it ended by its rules.
    pub result: Option<(Team, [u8; 2])>,
    /// The seat whose person left, if that ended a 2008 room's game: the room hears
    /// this way alone of a person away whose grace period ran out (the other leavings it
    /// asked for itself).
    pub gone: Option<Seat>,
}

/// Where a game is played: what a person's leaving does there.
#[derive(Clone, Debug)]
pub enum Host {
    /// A table of today's app.
    App(Kind),
    /// A 2008 room.
    Room(RoomGame),
}

/// What a 2008 room's game knows of its room.
#[derive(Clone, Debug)]
pub struct RoomGame {
    pub number: usize,
    /// Its people's nicknames, by seat (empty for a CPU player).
    pub nicks: [String; 4],
    /// The room's `I` line while the game runs (it cannot change meanwhile), told to a
    /// person coming back.
    pub info: String,
    /// How long a person whose connection dropped keeps the seat.
    pub grace: Duration,
}

/// What a game is started with.
pub struct Start<'a> {
    pub rules: Rules,
    pub host: Host,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu: Option<&'a str>,
    pub timing: Timing,
    pub seeds: &'a SeedSource,
    pub recorder: &'a Ledger,
    pub shutdown: CancellationToken,
}

/// Begins game `id` for `people` (by seat; CPU players in the empty seats), rendered
/// with `R`; `over` hears how it ended. [`Starter::run`] runs it.
pub fn start<R: Render>(
    people: Vec<Option<Newcomer>>,
    start: Start<'_>,
    (id, over): (u64, mpsc::UnboundedSender<Over>),
) -> (GameHandle, Starter<GameHooks<R>>) {
    let settings = table_settings(&start.rules, &start.host, start.timing);
    let empty = std::array::from_fn(|seat| people.get(seat).is_none_or(Option::is_none));
    let hooks = GameHooks::new(start.rules, start.host, start.cpu, empty, (id, over));
    let ledger = (start.recorder.clone(), start.seeds.clone());
    actor::seat_group(hooks, settings, people, INBOX, ledger, start.shutdown)
}

/// What a 2008 room's game carried over from another node is made again with.
#[derive(Clone)]
pub struct CarrySettings {
    pub recorder: Ledger,
    pub timing: Timing,
    pub grace: Duration,
    pub shutdown: CancellationToken,
}

/// Makes game `carried` of room `number` (played by `rules`) again as game `id` of the
/// room (`over` hears how it ended): each person who played from an address the record knows may take
/// their seat back from it by their nickname. It runs on [`Starter::run`]; the seats it
/// kept for their people are [`Starter::kept`]. An error if it cannot be made again here.
pub fn carry(
    carried: &Carried,
    (number, rules): (usize, Rules),
    settings: &CarrySettings,
    (id, over): (u64, mpsc::UnboundedSender<Over>),
) -> Result<(GameHandle, RoomStarter), String> {
    let nicks = std::array::from_fn(|seat| match carried.seats.get(seat) {
        Some((nick, None)) => nick.clone(),
        _ => String::new(),
    });
    let host = Host::Room(RoomGame {
        number,
        nicks,
        info: String::new(),
        grace: settings.grace,
    });
    let table = table_settings(&rules, &host, settings.timing);
    let hooks = GameHooks::new(rules, host, None, [false; 4], (id, over));
    let ledger = (INBOX, settings.recorder.clone());
    actor::carry_paused(hooks, table, ledger, settings.shutdown.clone(), carried)
}

/// How a game's table is set.
fn table_settings(rules: &Rules, host: &Host, timing: Timing) -> Settings<Rules> {
    let (name, grace) = match host {
        // Today's app has no way to ask for a seat back.
        Host::App(kind) => (kind.store_name().to_owned(), Duration::ZERO),
        Host::Room(room) => (format!("room {}", room.number), room.grace),
    };
    Settings {
        protocol: "minitruco",
        rules: *rules,
        variant: record_truco::variant(rules).to_owned(),
        seats: 4,
        timing,
        grace,
        name: Some(name),
    }
}

/// The input a person's in-game command makes (the rules' refusals get no answer, as
/// both dialects say).
pub fn input(conn: ConnId, command: Command) -> Input<truco::Game> {
    // An empty refusal: the table answers it with nothing.
    let op = move |game: &truco::Game, seat| action_of(game, seat, command).ok_or_else(String::new);
    Input::Op {
        conn,
        op: Box::new(op),
    }
}

/// The action a person's in-game command asks for, in `game` as it is (a closed card
/// where none is allowed is played open); `None` for anything else.
fn action_of(game: &truco::Game, seat: Seat, command: Command) -> Option<Action> {
    Some(match command {
        Command::Play { card, closed } => Action::Play {
            card: card.parse::<Card>().ok()?,
            closed: closed && game.closed_allowed(seat),
        },
        Command::Truco => Action::Truco,
        Command::Accept => Action::Answer(Answer::Accept),
        Command::Decline => Action::Answer(Answer::Fold),
        Command::HandOfEleven(play) => Action::PlayHandOfEleven(play),
        _ => return None,
    })
}

/// miniTruco's part at the table actor.
pub struct GameHooks<R> {
    rules: Rules,
    host: Host,
    /// The configured CPU strategy, if one is.
    cpu: Option<String>,
    /// The seats nobody took: CPU players play them.
    empty: [bool; 4],
    /// The strategies of this game's CPU players, by seat.
    cpus: RefCell<[Option<String>; 4]>,
    /// Draws the phrase numbers: apart from the game's streams, so they say nothing of it
    /// (seeded from the game's seed as it begins, [`Hooks::seeds`]).
    phrases: RefCell<GameRng>,
    /// The phrase of the event being shown.
    phrase: Cell<u32>,
    /// The seat whose person left, ending the game, if one did.
    gone: Option<Seat>,
    /// The game's number at its room, and where the room hears how it ended.
    id: u64,
    over: mpsc::UnboundedSender<Over>,
    renderer: std::marker::PhantomData<fn() -> R>,
}

impl<R> GameHooks<R> {
    fn new(
        rules: Rules,
        host: Host,
        cpu: Option<&str>,
        empty: [bool; 4],
        (id, over): (u64, mpsc::UnboundedSender<Over>),
    ) -> GameHooks<R> {
        GameHooks {
            rules,
            host,
            cpu: cpu.map(str::to_owned),
            empty,
            cpus: RefCell::default(),
            phrases: RefCell::new(seeded_rng(0)),
            phrase: Cell::new(0),
            gone: None,
            id,
            over,
            renderer: std::marker::PhantomData,
        }
    }

    /// The 2008 room's `I` line while its game runs, once the room knows it.
    pub fn set_info(&mut self, info: String) {
        if let Host::Room(room) = &mut self.host {
            room.info = info;
        }
    }

    fn next_phrase(&self) -> u32 {
        self.phrases.borrow_mut().gen_range(0..=i32::MAX as u32)
    }
}

impl<R: Render> Hooks for GameHooks<R> {
    type Game = truco::Game;
    type Chronicle = TrucoChronicle;
    type Viewer = R;

    fn viewer(&self, seat: Seat) -> R {
        R::new(seat, &self.rules)
    }

    fn render(&self, viewer: &mut R, _: &truco::Game, event: &Event, out: &mut Vec<String>) {
        out.extend(viewer.render(event, self.phrase.get()));
    }

    fn shown(&self, _event: &Event) {
        self.phrase.set(self.next_phrase());
    }

    fn seated(&self, _seat: Seat, _token: Option<&str>) -> Vec<String> {
        Vec::new()
    }

    fn refused(
        &self,
        _: &R,
        _: &truco::Game,
        _: &truco::Action,
        _: &truco::RuleError,
    ) -> Vec<String> {
        Vec::new()
    }

    /// A CPU player taking a person's seat plays as the stand-in does.
    fn cpu(&self) -> Box<dyn Strategy<truco::Game>> {
        strategy(STAND_IN)
    }

    fn cpu_at(&self, seat: Seat) -> Box<dyn Strategy<truco::Game>> {
        strategy(self.cpus.borrow()[seat].as_deref().unwrap_or(STAND_IN))
    }

    fn cpu_named(&self, name: &str) -> Box<dyn Strategy<truco::Game>> {
        strategy(name)
    }

    fn stand_in(&self) -> Box<dyn Strategy<truco::Game>> {
        strategy(STAND_IN)
    }

    /// The CPU players' strategies are drawn first from the CPU players' stream (one
    /// per empty seat, unless one is configured); the phrases have a stream of their own.
    fn seeds(&self, seed: u64) -> (u64, GameRng) {
        let mut rng = seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let mut cpus = self.cpus.borrow_mut();
        for seat in (0..4).filter(|&seat| self.empty[seat]) {
            let drawn = (self.cpu.clone())
                .or_else(|| bots::NAMES.choose(&mut rng).map(|&name| name.to_owned()));
            cpus[seat] = Some(drawn.unwrap_or_else(|| "random".to_owned()));
        }
        *self.phrases.borrow_mut() = seeded_rng(seed.rotate_left(29) ^ 0x0F8A_5E5F);
        (seed, rng)
    }

    fn chronicle(&self) -> TrucoChronicle {
        TrucoChronicle
    }

    fn token_at_sit(&self) -> bool {
        false
    }

    fn cpu_name(&self, seat: Seat) -> String {
        cpu_name(seat)
    }

    fn opening(&self, seat: Seat, _names: &[String]) -> Vec<String> {
        vec![ServerMsg::Position(position(seat)).write()]
    }

    /// A 2008 room's person coming back is told who and where they are, the room, and
    /// their position (`N`, `E`, `I`, `P`), then the hand so far.
    fn resumed(&self, seat: Seat, _token: Option<&str>, names: &[String]) -> Vec<String> {
        let Host::Room(room) = &self.host else {
            return self.opening(seat, names);
        };
        let nick = names.get(seat).cloned().unwrap_or_default();
        let mut lines = vec![
            ServerMsg::Nick(nick).write(),
            ServerMsg::Entered(room.number).write(),
        ];
        lines.extend(Some(room.info.clone()).filter(|info| !info.is_empty()));
        lines.extend(self.opening(seat, names));
        lines
    }

    /// A `V` is a prompt: a person coming back sees only the one still standing.
    fn is_prompt(event: &Event) -> bool {
        event.is_turn()
    }

    fn back_by_name(&self) -> bool {
        matches!(self.host, Host::Room(_))
    }

    /// Any game ends when its room asks (`A <pos>`, with a phrase in today's app); a
    /// leaving ends a 2008 room's game and a private game of today's app, while a
    /// public game's leaver is replaced by a CPU player.
    fn forfeit(
        &mut self,
        play: &mut Play<truco::Game, TrucoChronicle>,
        seat: Seat,
        _kinds: &[Option<SeatKind>],
        why: Gone,
    ) -> Option<Vec<String>> {
        let reason = match (why, &self.host) {
            (Gone::Ended(reason), _) => reason,
            (_, Host::App(Kind::Public)) => return None,
            (_, Host::App(Kind::Private(_))) => format!("the player at {} left", position(seat)),
            (_, Host::Room(room)) => {
                self.gone = Some(seat);
                format!("{} left the room", room.nicks[seat])
            }
        };
        play.abandon(&reason);
        let phrase = match self.host {
            Host::App(_) => Some(self.next_phrase()),
            Host::Room(_) => None,
        };
        let position = position(seat);
        Some(vec![ServerMsg::Abandoned { position, phrase }.write()])
    }

    /// The people stay in their room after the game.
    fn lets_go(&self) -> bool {
        false
    }

    fn ended(&mut self, play: Option<&Play<truco::Game, TrucoChronicle>>) {
        let result = play.and_then(|play| match play.phase() {
            Phase::Over { winner } => Some((winner, play.scores())),
            _ => None,
        });
        let (id, gone) = (self.id, self.gone);
        // The room may have closed already (the server is stopping).
        let _ = self.over.send(Over { id, result, gone });
    }
}
