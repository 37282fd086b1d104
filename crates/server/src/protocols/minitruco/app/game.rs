//! One game at a table of today's app, on the kernel's table actor (`table::actor`):
//! the people the table seated, CPU players in the other seats (each of the configured
//! strategy, or one drawn per seat), and the game until it ends. The table (`room.rs`)
//! stays the app's lobby: who sits where, the manager, the mode, the `I` lines.
//!
//! What is the app's own is here: `P` to each person as the game begins, the lines of
//! each seat ([`AppRenderer`]), one phrase number per event for everyone, rules'
//! refusals answered with nothing, a public game's leaver replaced by a CPU player, and a
//! private game ended for everyone (`A <pos> <phrase>`) when one of its people leaves.

use super::super::render::position;
use super::super::table::{action_of, cpu_name, strategy, Render, STAND_IN};
use super::hall::Kind;
use super::render::AppRenderer;
use crate::net::ConnId;
use crate::record::truco::TrucoChronicle;
use crate::record::{Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Gone, Hooks, Input, Newcomer, Settings, Starter, TableHandle};
use crate::table::{Play, Timing};
use cards::{seeded_rng, GameRng};
use parlor_wire::minitruco::{Command, ServerMsg};
use rand::seq::SliceRandom;
use rand::Rng;
use std::cell::{Cell, RefCell};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use truco::bots::{self, Strategy};
use truco::{Event, Phase, Rules, Seat, Team};

/// A way to the game of an app table.
pub type GameHandle = TableHandle<truco::Game>;

/// How many inputs wait for a game.
const INBOX: usize = 64;

/// How game `.0` of a table ended, for its table: the winner and the scores, if it
/// ended by its rules.
pub type Over = (u64, Option<(Team, [u8; 2])>);

/// What a table's games are started with.
pub struct Start<'a> {
    pub rules: Rules,
    pub kind: Kind,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu: Option<&'a str>,
    pub timing: Timing,
    pub seeds: &'a SeedSource,
    pub recorder: &'a Ledger,
    pub shutdown: CancellationToken,
}

/// Begins game `id` of a table for `people` (by seat; CPU players in the empty seats);
/// `over` hears how it ended. [`Starter::run`] runs it.
pub fn start(
    people: Vec<Option<Newcomer>>,
    start: Start<'_>,
    (id, over): (u64, mpsc::Sender<Over>),
) -> (GameHandle, Starter<impl Hooks<Game = truco::Game>>) {
    let settings = Settings {
        protocol: "minitruco",
        rules: start.rules,
        variant: crate::record::truco::variant(&start.rules).to_owned(),
        seats: 4,
        timing: start.timing,
        grace: std::time::Duration::ZERO,
        name: Some(start.kind.store_name().to_owned()),
    };
    let empty = std::array::from_fn(|seat| people.get(seat).is_none_or(Option::is_none));
    let hooks = GameHooks {
        rules: start.rules,
        kind: start.kind,
        cpu: start.cpu.map(str::to_owned),
        empty,
        cpus: RefCell::default(),
        phrases: RefCell::new(seeded_rng(0)),
        phrase: Cell::new(0),
        id,
        over,
    };
    let ledger = (start.recorder.clone(), start.seeds.clone());
    actor::seat_group(hooks, settings, people, INBOX, ledger, start.shutdown)
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

/// The app's part at the table actor.
struct GameHooks {
    rules: Rules,
    kind: Kind,
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
    /// The game's number at its table, and where the table hears how it ended.
    id: u64,
    over: mpsc::Sender<Over>,
}

impl GameHooks {
    fn next_phrase(&self) -> u32 {
        self.phrases.borrow_mut().gen_range(0..=i32::MAX as u32)
    }
}

impl Hooks for GameHooks {
    type Game = truco::Game;
    type Chronicle = TrucoChronicle;
    type Viewer = AppRenderer;

    fn viewer(&self, seat: Seat) -> AppRenderer {
        AppRenderer::new(seat, &self.rules)
    }

    fn render(
        &self,
        viewer: &mut AppRenderer,
        _: &truco::Game,
        event: &Event,
        out: &mut Vec<String>,
    ) {
        out.extend(viewer.render(event, self.phrase.get()));
    }

    fn shown(&self, _event: &Event) {
        self.phrase.set(self.next_phrase());
    }

    fn seated(&self, _seat: Seat, _token: Option<&str>) -> Vec<String> {
        Vec::new()
    }

    fn refused(&self, _: &AppRenderer, _: &truco::Action, _: &truco::RuleError) -> Vec<String> {
        Vec::new()
    }

    /// A CPU player taking a person's seat plays as the stand-in does.
    fn cpu(&self) -> Box<dyn Strategy<truco::Game>> {
        strategy(STAND_IN)
    }

    fn cpu_at(&self, seat: Seat) -> Box<dyn Strategy<truco::Game>> {
        strategy(self.cpus.borrow()[seat].as_deref().unwrap_or(STAND_IN))
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

    /// A private game ends for everyone when one of its people leaves, and any game when
    /// one asks it to (`A <pos> <phrase>`); a public game's leaver is replaced by a CPU
    /// player.
    fn forfeit(
        &mut self,
        play: &mut Play<truco::Game, TrucoChronicle>,
        seat: Seat,
        _kinds: &[Option<SeatKind>],
        why: Gone,
    ) -> Option<Vec<String>> {
        let reason = match why {
            Gone::Ended(reason) => reason,
            _ if matches!(self.kind, Kind::Public) => return None,
            _ => format!("the player at {} left", position(seat)),
        };
        play.abandon(&reason);
        let line = ServerMsg::Abandoned {
            position: position(seat),
            phrase: Some(self.next_phrase()),
        };
        Some(vec![line.write()])
    }

    /// The app's people stay at their table after the game.
    fn lets_go(&self) -> bool {
        false
    }

    fn ended(&mut self, play: Option<&Play<truco::Game, TrucoChronicle>>) {
        let result = play.and_then(|play| match play.phase() {
            Phase::Over { winner } => Some((winner, play.scores())),
            _ => None,
        });
        let (over, id) = (self.over.clone(), self.id);
        tokio::spawn(async move { over.send((id, result)).await });
    }
}
