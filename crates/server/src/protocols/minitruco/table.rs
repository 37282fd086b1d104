//! A game in progress in a room: the Truco game on the table kernel (CPU players in the
//! empty seats, a stand-in for people away or out of time) and the renderers that turn
//! its events into each person's lines.

use super::command::Command;
use super::render::{position, Renderer};
use super::seating::Seating;
use crate::record::truco::{self as record_truco, variant, TrucoChronicle};
use crate::record::{self, GameLog};
use crate::table::{Play, Timing};
use cards::{seeded_rng, Card};
use parlor_store::Recorder;
use rand::seq::SliceRandom;
use tokio::time::Instant;
use truco::bots;
use truco::{Action, Answer, Event, Phase, Seat, Team};

/// The strategy that plays for a person who is away or whose time ran out.
const STAND_IN: &str = "heuristic";

/// The game a room is playing.
pub struct Table {
    play: Play<truco::Game, TrucoChronicle>,
    renderers: [Renderer; 4],
}

/// The strategy named `name`, or the random one.
fn strategy(name: &str) -> Box<dyn bots::Strategy<truco::Game>> {
    bots::by_name(name).unwrap_or_else(|| Box::new(bots::RandomBot))
}

impl Table {
    /// Starts a game with the room's rules: CPU players (of strategy `cpu`, or drawn per
    /// seat) fill the empty seats, each person is told their position (`P`) and gets the
    /// first deal.
    pub fn start(
        seed: u64,
        seating: &mut Seating,
        recorder: &Recorder,
        room: usize,
        cpu: Option<&str>,
        timing: Timing,
    ) -> Table {
        let rules = seating.rules();
        let mut rng = seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let strategies = [0, 1, 2, 3].map(|seat| {
            (!seating.is_person(seat)).then(|| {
                cpu.or_else(|| bots::NAMES.choose(&mut rng).copied())
                    .unwrap_or("random")
            })
        });
        let names = seating.names();
        let cpu_name = |seat| format!("CPU{}", position(seat));
        let seats = (0..4)
            .map(|s| match strategies[s] {
                Some(strategy) => record::seat(&cpu_name(s), Some(strategy)),
                None => record::seat(names[s], None),
            })
            .collect();
        let table_name = Some(format!("room {room}"));
        let log = GameLog::start(
            recorder,
            "minitruco",
            variant(&rules),
            seed,
            seats,
            table_name,
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
            renderers: [0, 1, 2, 3].map(|s| Renderer::new(s, rules.uses_vira())),
            play,
        };
        for seat in 0..4 {
            seating.send_to(seat, &format!("P {}", position(seat)));
        }
        show(&mut table.renderers, &events, seating);
        table
    }

    /// The CPU players' names by seat, for `I` during the game.
    pub fn cpu_names(&self) -> [Option<&str>; 4] {
        [0, 1, 2, 3].map(|s| self.play.cpu_name(s))
    }

    /// The game ends without a result, for `reason` (a person left the room).
    pub fn abandon(&mut self, reason: &str) {
        self.play.abandon(reason);
    }

    /// The winner and final scores once the game is over.
    pub fn result(&self) -> Option<(Team, [u8; 2])> {
        match self.play.phase() {
            Phase::Over { winner } => Some((winner, self.play.scores())),
            _ => None,
        }
    }

    /// A person's in-game command. Anything the rules refuse is ignored without a reply,
    /// as the seed says; a closed card where none is allowed is played open.
    pub fn person_command(&mut self, seat: Seat, command: Command, seating: &Seating) {
        let action = match command {
            Command::Play { card, closed } => {
                let Ok(card) = card.parse::<Card>() else {
                    return;
                };
                Action::Play {
                    card,
                    closed: closed && self.play.closed_allowed(seat),
                }
            }
            Command::Truco => Action::Truco,
            Command::Accept => Action::Answer(Answer::Accept),
            Command::Decline => Action::Answer(Answer::Fold),
            Command::HandOfEleven(play) => Action::PlayHandOfEleven(play),
            _ => return,
        };
        if let Ok(events) = self.play.act(seat, action) {
            show(&mut self.renderers, &events, seating);
        }
    }

    /// After any change: CPU players and stand-ins move or get their timer, and the turn
    /// timer runs while a person must act.
    pub fn after_change(&mut self, seating: &Seating) {
        let renderers = &mut self.renderers;
        self.play
            .after_change(seating.seats(), |events| show(renderers, events, seating));
    }

    /// When the table must wake up for the game.
    pub fn due(&self) -> Option<Instant> {
        self.play.due()
    }

    /// The table woke up: due machines move, and people out of time get the stand-in's
    /// move (what they see is that move's notification).
    pub fn wake(&mut self, seating: &Seating) {
        let renderers = &mut self.renderers;
        self.play.wake(
            Instant::now(),
            seating.seats(),
            |events| show(renderers, events, seating),
            |_| {},
        );
    }

    /// Brings the person back in `seat` up to date: the current hand so far, as their
    /// seat saw it, in the notifications they would have had, except turns already
    /// taken (a `V` is a prompt: only the last one still stands).
    pub fn catch_up(&self, seat: Seat, seating: &Seating) {
        let mut renderer = Renderer::new(seat, self.play.rules().uses_vira());
        for event in self.play.catch_up_standing(seat, Event::is_turn) {
            if let Some(line) = renderer.render(&event) {
                seating.send_to(seat, &line);
            }
        }
    }
}

/// Sends each person the lines the events give their seat.
fn show(renderers: &mut [Renderer; 4], events: &[Event], seating: &Seating) {
    for seat in (0..4).filter(|&s| seating.seats().is_here(s)) {
        for event in events {
            if let Some(line) = renderers[seat].render(event) {
                seating.send_to(seat, &line);
            }
        }
    }
}
