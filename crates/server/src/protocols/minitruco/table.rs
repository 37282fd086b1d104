//! A game in progress in a room: the Truco engine, the CPU players in the empty seats and
//! the renderers that turn its events into each person's lines.

use super::command::Command;
use super::render::{position, Renderer};
use super::seating::Seating;
use crate::cpu::Cpus;
use crate::record::truco::variant;
use crate::record::{self, GameLog};
use crate::truco_match::TrucoMatch;
use crate::turn_timer::TurnTimer;
use cards::Card;
use parlor_store::Recorder;
use std::time::Duration;
use tokio::time::Instant;
use truco::{Action, Answer, Event, Phase, Seat, Team};

/// The strategy that plays for a person whose time ran out.
const STAND_IN: &str = "heuristic";

/// The game a room is playing.
pub struct Table {
    game: TrucoMatch,
    renderers: [Renderer; 4],
    cpus: Cpus,
    /// `CPU<pos>` for the seats CPU players took.
    cpu_names: [Option<String>; 4],
    /// The time the people who must act have.
    turn: TurnTimer,
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
        turn_timeout: Option<Duration>,
    ) -> Table {
        let rules = seating.rules();
        let mut cpus = Cpus::new(seed);
        let mut strategies = [None; 4];
        let cpu_names = [0, 1, 2, 3].map(|seat| {
            (!seating.is_person(seat)).then(|| {
                let strategy = cpus.seat(seat, cpu);
                strategies[seat] = Some(strategy);
                tracing::debug!(seat = position(seat), strategy, "CPU player seated");
                format!("CPU{}", position(seat))
            })
        });
        let names = seating.names();
        let seats = (0..4)
            .map(|s| match &cpu_names[s] {
                Some(cpu) => record::seat(cpu, strategies[s]),
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
        let (game, events) = TrucoMatch::new(rules, seed, log);
        let mut table = Table {
            renderers: [0, 1, 2, 3].map(|s| Renderer::new(s, rules.uses_vira())),
            game,
            cpus,
            cpu_names,
            turn: TurnTimer::new(turn_timeout),
        };
        for seat in 0..4 {
            seating.send_to(seat, &format!("P {}", position(seat)));
        }
        show(&mut table.renderers, &events, seating);
        table
    }

    /// The CPU players' names by seat, for `I` during the game.
    pub fn cpu_names(&self) -> [Option<&str>; 4] {
        [0, 1, 2, 3].map(|s| self.cpu_names[s].as_deref())
    }

    /// The game ends without a result, for `reason` (a person left the room).
    pub fn abandon(&mut self, reason: &str) {
        self.game.abandon(reason);
    }

    /// The winner and final scores once the game is over.
    pub fn result(&self) -> Option<(Team, [u8; 2])> {
        match self.game.phase() {
            Phase::Over { winner } => Some((winner, self.game.scores())),
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
                    closed: closed && self.game.closed_allowed(seat),
                }
            }
            Command::Truco => Action::Truco,
            Command::Accept => Action::Answer(Answer::Accept),
            Command::Decline => Action::Answer(Answer::Fold),
            Command::HandOfEleven(play) => Action::PlayHandOfEleven(play),
            _ => return,
        };
        if let Ok(events) = self.game.apply(seat, action) {
            self.cpus.reset_timer();
            self.turn.restart();
            show(&mut self.renderers, &events, seating);
        }
    }

    /// Starts or stops the turn timer: it runs while the game waits for a person.
    pub fn update_turn(&mut self, seating: &Seating) {
        let waiting =
            (0..4).any(|s| seating.is_person(s) && !self.game.legal_actions(s).is_empty());
        self.turn.update(waiting);
    }

    /// When the people the game waits for run out of time.
    pub fn turn_due(&self) -> Option<Instant> {
        self.turn.due()
    }

    /// The people the game waited for let their time run out: for each, the `heuristic`
    /// strategy makes the one move (what they see is that move's notification).
    pub fn time_out(&mut self, seating: &Seating) {
        self.turn.restart();
        for seat in (0..4).filter(|&s| seating.is_person(s)) {
            let renderers = &mut self.renderers;
            self.cpus
                .move_for(seat, STAND_IN, &mut self.game, |events| {
                    show(renderers, events, seating)
                });
        }
    }

    /// Lets every CPU player move until a person must act (no thinking time).
    pub fn play_bots(&mut self, seating: &Seating) {
        let renderers = &mut self.renderers;
        self.cpus
            .play_all(&mut self.game, |events| show(renderers, events, seating));
    }

    /// One move for each CPU player that has one.
    pub fn step_bots(&mut self, seating: &Seating) {
        let renderers = &mut self.renderers;
        self.cpus
            .step(&mut self.game, |events| show(renderers, events, seating));
    }

    /// Arms the CPU timer for `at` if a CPU player has a move and no timer runs.
    pub fn schedule_bots(&mut self, at: Instant) {
        self.cpus.schedule(&self.game, at);
    }

    /// When the CPU players move next.
    pub fn bot_due(&self) -> Option<Instant> {
        self.cpus.due()
    }
}

/// Sends each person the lines the events give their seat.
fn show(renderers: &mut [Renderer; 4], events: &[Event], seating: &Seating) {
    for seat in (0..4).filter(|&s| seating.is_person(s)) {
        for event in events {
            if let Some(line) = renderers[seat].render(event) {
                seating.send_to(seat, &line);
            }
        }
    }
}
