//! A game in progress in a room, for both miniTruco dialects: the Truco game on the table
//! kernel (CPU players in the empty seats, a stand-in for people away or out of time) and
//! one renderer per seat that turns its events into that person's lines.
//!
//! What differs between the 2008 protocol and today's app is behind two small traits:
//! [`Render`] (how events are written) and [`Audience`] (the room's people).

use super::render::position;
use crate::record::truco::{self as record_truco, variant, TrucoChronicle};
use crate::record::{self, Carried, GameLog, Holder, Ledger, Note};
use crate::table::{seat_carried, Play, Seats, Timing};
use cards::{seeded_rng, Card, GameRng};
use parlor_wire::minitruco::{Command, ServerMsg};
use rand::seq::SliceRandom;
use rand::Rng;
use std::net::IpAddr;
use tokio::time::Instant;
use truco::bots;
use truco::{Action, Answer, Event, Phase, Rules, Seat, Team};

/// The strategy that plays for a person who is away or whose time ran out.
pub const STAND_IN: &str = "heuristic";

/// How a dialect writes the game for one seat.
pub trait Render: Sized {
    /// A renderer for `seat` in a game under `rules`.
    fn new(seat: Seat, rules: &Rules) -> Self;
    /// The line `event` gives this seat, if any. `phrase` is drawn once per event and is
    /// the same for every seat (today's app picks its speech balloon from it).
    fn render(&mut self, event: &Event, phrase: u32) -> Option<String>;
}

/// The people of a room, as the game needs them.
pub trait Audience {
    type Person;
    /// Who holds each seat (a person, a person away, or nobody: a CPU player).
    fn seats(&self) -> &Seats<Self::Person>;
    /// The name a seat's person is recorded under (empty: not rated).
    fn record_name(&self, seat: Seat) -> &str;
    /// Sends a line to the person at the keyboard in `seat`.
    fn send_to(&self, seat: Seat, line: &str);
}

/// How a table is set up.
pub struct Setup<'a> {
    pub seed: u64,
    pub rules: Rules,
    pub recorder: &'a Ledger,
    /// The table's name in the store ("room 3", "private table").
    pub name: String,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu: Option<&'a str>,
    pub timing: Timing,
}

/// The game a room is playing.
pub struct Table<R> {
    play: Play<truco::Game, TrucoChronicle>,
    renderers: [R; 4],
    /// Draws the phrase numbers: apart from the game's RNG, so they say nothing of it.
    phrases: GameRng,
}

/// The strategy named `name`, or the random one.
pub fn strategy(name: &str) -> Box<dyn bots::Strategy<truco::Game>> {
    bots::by_name(name).unwrap_or_else(|| Box::new(bots::RandomBot))
}

/// A CPU player's name in the record and in the 2008 `I` line.
pub fn cpu_name(seat: Seat) -> String {
    format!("CPU{}", position(seat))
}

impl<R: Render> Table<R> {
    /// Starts a game: CPU players (of strategy `cpu`, or drawn per seat) fill the seats
    /// nobody holds, each person is told their position (`P`) and gets the first deal.
    pub fn start(setup: Setup<'_>, people: &impl Audience) -> Table<R> {
        let Setup {
            seed,
            rules,
            recorder,
            name,
            cpu,
            timing,
        } = setup;
        let mut rng = seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let strategies = [0, 1, 2, 3].map(|seat| {
            people.seats().holder(seat).is_none().then(|| {
                cpu.or_else(|| bots::NAMES.choose(&mut rng).copied())
                    .unwrap_or("random")
            })
        });
        let seats = (0..4)
            .map(|s| match strategies[s] {
                Some(strategy) => record::seat(&cpu_name(s), Some(strategy)),
                None => record::seat(people.record_name(s), None),
            })
            .collect();
        let log = GameLog::start(
            recorder,
            "minitruco",
            variant(&rules),
            seed,
            seats,
            Some(name),
        );
        let (game, events) = record_truco::start(rules, seed, log);
        let mut play = Play::new(game, &events, rng, timing, strategy(STAND_IN));
        for (seat, name) in strategies.iter().enumerate() {
            if let Some(name) = name {
                tracing::debug!(seat = position(seat), strategy = name, "CPU player seated");
                play.seat_cpu(seat, cpu_name(seat), strategy(name));
            }
        }
        let mut table = Table {
            renderers: [0, 1, 2, 3].map(|s| R::new(s, &rules)),
            play,
            phrases: seeded_rng(seed.rotate_left(29) ^ 0x0F8A_5E5F),
        };
        for seat in 0..4 {
            people.send_to(seat, &ServerMsg::Position(position(seat)).write());
        }
        table.show(&events, people);
        table
    }

    /// Carries on game `carried`, which another node of a cluster ran: made again from
    /// its rules, seed and log, its CPU players seated again with their strategies, and
    /// each seat whose person may come back (`person` makes them, from their seat) kept
    /// away in `seats` for the grace period while a stand-in plays it. Returns the table
    /// and the seats kept; an error if the game cannot be made again here.
    pub fn carry<P>(
        carried: &Carried,
        recorder: &Ledger,
        timing: Timing,
        seats: &mut Seats<P>,
        person: impl FnMut(Seat) -> Option<P>,
    ) -> Result<(Table<R>, Vec<Seat>), String> {
        let id = carried.id;
        let rules = record_truco::rules_of(&carried.variant)
            .filter(|_| carried.seats.len() == 4 && carried.holders.len() == 4)
            .ok_or_else(|| format!("game {id} is not a miniTruco game ({:?})", carried.variant))?;
        let log = GameLog::carry(recorder, carried);
        let (game, events) = record_truco::start(rules, carried.seed, log);
        let mut play = Play::new(game, &events, carried.cpu_rng(), timing, strategy(STAND_IN));
        let taken_over = play.redo_log(&carried.entries)?;
        play.caught_up();
        let cpu = |seat: Seat, took_over: bool| {
            let at_start = carried.seats[seat].1.as_deref();
            let name = at_start.filter(|_| !took_over).unwrap_or(STAND_IN);
            (cpu_name(seat), strategy(name))
        };
        let kept = seat_carried(&mut play, seats, carried, &taken_over, person, cpu);
        // The phrases go on from a stream of their own too (they never said anything of
        // the game).
        let phrases = carried.seed.rotate_left(29) ^ 0x0F8A_5E5F ^ carried.entries.len() as u64;
        let table = Table {
            renderers: [0, 1, 2, 3].map(|s| R::new(s, &rules)),
            play,
            phrases: seeded_rng(phrases),
        };
        Ok((table, kept))
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> Rules {
        *self.play.rules()
    }

    /// The person in `seat` connects from `addr`: journaled, so that a node carrying the
    /// game on lets them take the seat back from there.
    pub fn holder(&self, seat: Seat, addr: IpAddr) {
        self.play.holder(seat, &Holder::of(None, Some(addr)));
    }

    /// Whether the node is handing its tables over (draining): a connection it closes
    /// is not its person leaving.
    pub fn handing_over(&self) -> bool {
        self.play.handing_over()
    }

    /// The CPU players' names by seat, for the 2008 `I` during the game.
    pub fn cpu_names(&self) -> [Option<&str>; 4] {
        [0, 1, 2, 3].map(|s| self.play.cpu_name(s))
    }

    /// The game ends without a result, for `reason` (a person left the room).
    pub fn abandon(&mut self, reason: &str) {
        self.play.abandon(reason);
    }

    /// Whether a person has made a move of their own (see `table::Play::anyone_played`).
    pub fn anyone_played(&self) -> bool {
        self.play.anyone_played()
    }

    /// The person in `seat` left for good: a CPU player of the stand-in's strategy plays
    /// the seat from now on (today's app, in a public room).
    pub fn cpu_takes_over(&mut self, seat: Seat) {
        self.play.note(Note::CpuTookOver { seat });
        self.play.seat_cpu(seat, cpu_name(seat), strategy(STAND_IN));
    }

    /// A phrase number for a line outside the game's events (`A`).
    pub fn phrase(&mut self) -> u32 {
        self.phrases.gen_range(0..=i32::MAX as u32)
    }

    /// The winner and final scores once the game is over.
    pub fn result(&self) -> Option<(Team, [u8; 2])> {
        match self.play.phase() {
            Phase::Over { winner } => Some((winner, self.play.scores())),
            _ => None,
        }
    }

    /// A person's in-game command. Anything the rules refuse is ignored without a reply,
    /// as both dialects say; a closed card where none is allowed is played open.
    pub fn person_command(&mut self, seat: Seat, command: Command, people: &impl Audience) {
        let Some(action) = action_of(&self.play, seat, command) else {
            return;
        };
        if let Ok(events) = self.play.act(seat, action) {
            self.show(&events, people);
        }
    }

    /// After any change: CPU players and stand-ins move or get their timer, and the turn
    /// timer runs while a person must act.
    pub fn after_change(&mut self, people: &impl Audience) {
        let Table {
            play,
            renderers,
            phrases,
        } = self;
        play.after_change(people.seats(), |events| {
            show(renderers, phrases, events, people)
        });
    }

    /// When the table must wake up for the game.
    pub fn due(&self) -> Option<Instant> {
        self.play.due()
    }

    /// The table woke up: due machines move, and people out of time get the stand-in's
    /// move (what they see is that move's notification).
    pub fn wake(&mut self, people: &impl Audience) {
        let Table {
            play,
            renderers,
            phrases,
        } = self;
        play.wake(
            Instant::now(),
            people.seats(),
            |events| show(renderers, phrases, events, people),
            |_| true,
        );
    }

    /// Brings the person back in `seat` up to date: the current hand so far, as their
    /// seat saw it, in the notifications they would have had, except turns already
    /// taken (a `V` is a prompt: only the last one still stands).
    pub fn catch_up(&self, seat: Seat, people: &impl Audience) {
        let mut renderer = R::new(seat, self.play.rules());
        for event in self.play.catch_up_standing(seat, Event::is_turn) {
            if let Some(line) = renderer.render(&event, 0) {
                people.send_to(seat, &line);
            }
        }
    }

    fn show(&mut self, events: &[Event], people: &impl Audience) {
        show(&mut self.renderers, &mut self.phrases, events, people);
    }
}

/// The action a person's in-game command asks for, in `game` as it is (a closed card
/// where none is allowed is played open); `None` for anything else.
pub fn action_of(game: &truco::Game, seat: Seat, command: Command) -> Option<Action> {
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

/// Sends each person the lines the events give their seat; one phrase per event.
fn show<R: Render>(
    renderers: &mut [R; 4],
    phrases: &mut GameRng,
    events: &[Event],
    people: &impl Audience,
) {
    for event in events {
        let phrase = phrases.gen_range(0..=i32::MAX as u32);
        for seat in (0..4).filter(|&s| people.seats().is_here(s)) {
            if let Some(line) = renderers[seat].render(event, phrase) {
                people.send_to(seat, &line);
            }
        }
    }
}
