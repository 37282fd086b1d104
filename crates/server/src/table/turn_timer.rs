//! The time a person has to act, shared by every table: armed when the game starts
//! waiting for a person, restarted when a person acts, expired when they let it run out
//! (the table then acts for them, by the expiry rule of its game). It is a deadline the
//! table actor selects on, so waiting never stops the actor reading its inbox.
//!
//! The deadline belongs to the turn, not to the connection: a person who drops and comes
//! back within their turn finds the time that was left (or none), so leaving and coming
//! back just before the time runs out cannot hold a table for ever.

use std::time::Duration;
use tokio::time::Instant;

/// One table's turn timer.
#[derive(Debug)]
pub struct TurnTimer {
    limit: Option<Duration>,
    due: Option<Instant>,
    /// The people's seats (a bit each) whose turn `due` is the deadline of.
    turn: u64,
    /// Whether one of them is at the keyboard: only then does the deadline act.
    running: bool,
}

impl TurnTimer {
    /// A timer giving people `limit` to act (`None`: no timer).
    pub fn new(limit: Option<Duration>) -> TurnTimer {
        TurnTimer {
            limit,
            due: None,
            turn: 0,
            running: true,
        }
    }

    /// After any change at a table: `people` are the seats of people (here or away) the
    /// game waits for, a bit each, and `here` says whether one of them is at the
    /// keyboard. A turn's deadline is set when it is first waited for with someone
    /// there; it is kept while the same people are waited for, also while they are
    /// away (not acting then), and dropped when other people's turn begins.
    pub fn wait_for(&mut self, people: u64, here: bool) {
        if people != self.turn {
            self.due = None;
            self.turn = people;
        }
        self.running = here;
        if let Some(limit) = self.limit.filter(|_| here && people != 0) {
            self.due.get_or_insert_with(|| Instant::now() + limit);
        }
    }

    /// After any change: `waiting` says whether the game now waits for a person. A
    /// person still waiting keeps the time already running.
    pub fn update(&mut self, waiting: bool) {
        self.running = true;
        match self.limit {
            Some(limit) if waiting && self.due.is_none() => {
                self.due = Some(Instant::now() + limit);
            }
            _ if !waiting => self.due = None,
            _ => {}
        }
    }

    /// A person acted (or was acted for): whoever must act next gets the whole time.
    pub fn restart(&mut self) {
        self.due = None;
        self.turn = 0;
    }

    /// When the time runs out, if a timer runs (not while the people waited for are
    /// all away).
    pub fn due(&self) -> Option<Instant> {
        self.due.filter(|_| self.running)
    }

    /// Completes when the time runs out; never while no timer runs.
    pub async fn expired(&self) {
        super::sleep_until(self.due()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_time_runs_while_a_person_is_waited_for() {
        let mut timer = TurnTimer::new(Some(Duration::from_secs(60)));
        timer.update(true);
        let started = Instant::now();
        tokio::time::advance(Duration::from_secs(30)).await;
        timer.update(true);
        timer.expired().await;
        assert_eq!(started.elapsed(), Duration::from_secs(60), "not restarted");
        timer.restart();
        timer.update(false);
        let idle = tokio::time::timeout(Duration::from_secs(3600), timer.expired()).await;
        assert!(idle.is_err(), "nobody waited for, nothing expires");
        let mut off = TurnTimer::new(None);
        off.wait_for(1, true);
        assert_eq!(off.due(), None);
        off.update(true);
        assert!(
            tokio::time::timeout(Duration::from_secs(3600), off.expired())
                .await
                .is_err()
        );
    }

    #[tokio::test(start_paused = true)]
    async fn coming_back_does_not_restart_the_turn() {
        let mut timer = TurnTimer::new(Some(Duration::from_secs(4)));
        let started = Instant::now();
        timer.wait_for(0b10, true);
        tokio::time::advance(Duration::from_millis(3900)).await;
        // Seat 1 drops: nothing is due while they are away, and the deadline is kept.
        timer.wait_for(0b10, false);
        assert_eq!(timer.due(), None);
        tokio::time::advance(Duration::from_secs(10)).await;
        timer.wait_for(0b10, true);
        assert_eq!(timer.due(), Some(started + Duration::from_secs(4)));
        // Another person's turn gets the whole time.
        timer.wait_for(0b100, true);
        assert_eq!(timer.due(), Some(Instant::now() + Duration::from_secs(4)));
        // A turn begun while its person is away starts counting when they are back.
        timer.restart();
        timer.wait_for(0b1, false);
        tokio::time::advance(Duration::from_secs(10)).await;
        timer.wait_for(0b1, true);
        assert_eq!(timer.due(), Some(Instant::now() + Duration::from_secs(4)));
        timer.wait_for(0, false);
        assert_eq!(timer.due(), None);
    }
}
