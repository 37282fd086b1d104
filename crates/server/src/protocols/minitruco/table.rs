//! A game in progress in a room: the Truco engine, the CPU players in the empty seats and
//! the renderers that turn its events into each person's lines.

use super::command::Command;
use super::render::{position, Renderer};
use super::seating::Seating;
use cards::{seeded_rng, Card, GameRng};
use rand::seq::SliceRandom;
use tokio::time::Instant;
use truco::bots::{self, Strategy};
use truco::{Action, Answer, Event, Game, Phase, Seat, Team};

/// A CPU player in a seat nobody took.
struct Cpu {
    name: String,
    strategy: Box<dyn Strategy>,
}

/// The game a room is playing.
pub struct Table {
    game: Game,
    renderers: [Renderer; 4],
    cpus: [Option<Cpu>; 4],
    rng: GameRng,
    due: Option<Instant>,
}

impl Table {
    /// Starts a game with the room's rules: CPU players fill the empty seats, each person
    /// is told their position (`P`) and gets the first deal.
    pub fn start(seed: u64, seating: &mut Seating) -> Table {
        let rules = seating.rules();
        let (game, events) = Game::new(rules, seeded_rng(seed));
        let mut rng = seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let cpus = [0, 1, 2, 3].map(|seat| {
            (!seating.is_person(seat)).then(|| Cpu {
                name: format!("CPU{}", position(seat)),
                strategy: cpu_strategy(&mut rng),
            })
        });
        let mut table = Table {
            renderers: [0, 1, 2, 3].map(|s| Renderer::new(s, rules.uses_vira())),
            game,
            cpus,
            rng,
            due: None,
        };
        for seat in 0..4 {
            seating.send_to(seat, &format!("P {}", position(seat)));
        }
        table.show(&events, seating);
        table
    }

    /// The CPU players' names by seat, for `I` during the game.
    pub fn cpu_names(&self) -> [Option<&str>; 4] {
        [0, 1, 2, 3].map(|s| self.cpus[s].as_ref().map(|c| c.name.as_str()))
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
            self.due = None;
            self.show(&events, seating);
        }
    }

    /// Lets every CPU player move until a person must act (no thinking time).
    pub fn play_bots(&mut self, seating: &Seating) {
        while self.step_bots(seating) {}
    }

    /// One move for each CPU player that has one; whether any moved.
    pub fn step_bots(&mut self, seating: &Seating) -> bool {
        self.due = None;
        let mut moved = false;
        for seat in 0..4 {
            let legal = self.game.legal_actions(seat);
            let Some(cpu) = self.cpus[seat].as_mut().filter(|_| !legal.is_empty()) else {
                continue;
            };
            let action = cpu
                .strategy
                .choose(&self.game.view(seat), &legal, &mut self.rng);
            if let Ok(events) = self.game.apply(seat, action) {
                moved = true;
                self.show(&events, seating);
            }
        }
        moved
    }

    /// Arms the CPU timer for `at` if a CPU player has a move and no timer runs.
    pub fn schedule_bots(&mut self, at: Instant) {
        let cpu_to_move =
            (0..4).any(|s| self.cpus[s].is_some() && !self.game.legal_actions(s).is_empty());
        if cpu_to_move && self.due.is_none() {
            self.due = Some(at);
        }
    }

    /// When the CPU players move next.
    pub fn bot_due(&self) -> Option<Instant> {
        self.due
    }

    fn show(&mut self, events: &[Event], seating: &Seating) {
        for seat in (0..4).filter(|&s| seating.is_person(s)) {
            for event in events {
                if let Some(line) = self.renderers[seat].render(event) {
                    seating.send_to(seat, &line);
                }
            }
        }
    }
}

/// A CPU player's strategy, picked at random per seat as the original server did.
fn cpu_strategy(rng: &mut GameRng) -> Box<dyn Strategy> {
    let _ = bots::RandomBot;
    let choices: [fn() -> Box<dyn Strategy>; 1] = [|| Box::new(bots::RandomBot)];
    (choices.choose(rng).copied().unwrap_or(choices[0]))()
}
