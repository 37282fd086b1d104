//! CPU players in a Truco game, shared by both Truco protocols: who they are, when they
//! move (at once, or after a thinking delay), and their moves, chosen from their seat's
//! view only.

use crate::truco_match::TrucoMatch;
use cards::{seeded_rng, GameRng};
use rand::seq::SliceRandom;
use tokio::time::Instant;
use truco::bots::{self, Strategy};
use truco::{Events, Game, Seat};

/// The CPU players at one table.
pub struct Cpus {
    seats: [Option<Box<dyn Strategy<truco::Game>>>; 4],
    rng: GameRng,
    due: Option<Instant>,
}

impl Cpus {
    /// No CPU players yet; their choices will be drawn from `seed`.
    pub fn new(seed: u64) -> Cpus {
        Cpus {
            seats: [None, None, None, None],
            rng: seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075),
            due: None,
        }
    }

    /// Seats a CPU player with the named strategy (see [`bots::NAMES`]), or one picked at
    /// random if `None`. Returns the strategy's name.
    pub fn seat(&mut self, seat: Seat, strategy: Option<&str>) -> &'static str {
        let name = strategy
            .or_else(|| bots::NAMES.choose(&mut self.rng).copied())
            .unwrap_or("random");
        let bot = bots::by_name(name).unwrap_or_else(|| Box::new(bots::RandomBot));
        let chosen = bot.name();
        self.seats[seat] = Some(bot);
        chosen
    }

    /// Whether a CPU player sits in `seat`.
    pub fn is_cpu(&self, seat: Seat) -> bool {
        self.seats[seat].is_some()
    }

    /// Lets every CPU player move until a person must act (no thinking time).
    pub fn play_all(&mut self, game: &mut TrucoMatch, mut show: impl FnMut(&Events)) {
        while self.step(game, &mut show) {}
    }

    /// One move for each CPU player that has one; whether any moved.
    pub fn step(&mut self, game: &mut TrucoMatch, mut show: impl FnMut(&Events)) -> bool {
        self.due = None;
        let mut moved = false;
        for seat in 0..4 {
            let legal = game.legal_actions(seat);
            let Some(bot) = self.seats[seat].as_mut().filter(|_| !legal.is_empty()) else {
                continue;
            };
            let action = bot.choose(&game.view(seat), &legal, &mut self.rng);
            if let Ok(events) = game.apply(seat, action) {
                moved = true;
                show(&events);
            }
        }
        moved
    }

    /// Makes one move for a person in `seat` whose time ran out, as the stand-in
    /// strategy `strategy` would; whether there was a move to make.
    pub fn move_for(
        &mut self,
        seat: Seat,
        strategy: &str,
        game: &mut TrucoMatch,
        show: impl FnOnce(&Events),
    ) -> bool {
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return false;
        }
        let mut bot = bots::by_name(strategy).unwrap_or_else(|| Box::new(bots::RandomBot));
        let action = bot.choose(&game.view(seat), &legal, &mut self.rng);
        match game.apply(seat, action) {
            Ok(events) => {
                show(&events);
                true
            }
            Err(_) => false,
        }
    }

    /// Arms the timer for `at` if a CPU player has a move and no timer runs.
    pub fn schedule(&mut self, game: &Game, at: Instant) {
        let to_move = (0..4).any(|s| self.is_cpu(s) && !game.legal_actions(s).is_empty());
        if to_move && self.due.is_none() {
            self.due = Some(at);
        }
    }

    /// Forgets the timer (a person moved; the CPU players' turn is recomputed).
    pub fn reset_timer(&mut self) {
        self.due = None;
    }

    /// When the CPU players move next.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }
}

/// Sleeps until `due`, or forever without one (for `select!` arms).
pub async fn sleep_until(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}
