//! The time a person has to act, shared by every table: armed when the game starts
//! waiting for a person, restarted when a person acts, expired when they let it run out
//! (the table then acts for them, by the expiry rule of its game). It is a deadline the
//! table actor selects on, so waiting never stops the actor reading its inbox.

use std::time::Duration;
use tokio::time::Instant;

/// One table's turn timer.
#[derive(Debug)]
pub struct TurnTimer {
    limit: Option<Duration>,
    due: Option<Instant>,
}

impl TurnTimer {
    /// A timer giving people `limit` to act (`None`: no timer).
    pub fn new(limit: Option<Duration>) -> TurnTimer {
        TurnTimer { limit, due: None }
    }

    /// After any change: `waiting` says whether the game now waits for a person. A
    /// person still waiting keeps the time already running.
    pub fn update(&mut self, waiting: bool) {
        match self.limit {
            Some(limit) if waiting && self.due.is_none() => {
                self.due = Some(Instant::now() + limit);
            }
            _ if !waiting => self.due = None,
            _ => {}
        }
    }

    /// A person acted: whoever must act next gets the whole time.
    pub fn restart(&mut self) {
        self.due = None;
    }

    /// When the time runs out, if a timer runs.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }

    /// Completes when the time runs out; never while no timer runs.
    pub async fn expired(&self) {
        crate::table::sleep_until(self.due).await
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
        off.update(true);
        assert!(
            tokio::time::timeout(Duration::from_secs(3600), off.expired())
                .await
                .is_err()
        );
    }
}
