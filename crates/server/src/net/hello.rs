//! The time a new connection has to say who it is. Until then it holds a place that a
//! real player may need (Warlords has 35 of them in all), so a connection that stays
//! silent is closed when its time is up.

use std::time::Duration;
use tokio::time::Instant;

/// The hello deadline of one connection.
#[derive(Debug)]
pub struct HelloTimer {
    deadline: Option<Instant>,
}

impl HelloTimer {
    /// A connection that must say hello within `limit` from now.
    pub fn start(limit: Duration) -> HelloTimer {
        HelloTimer {
            deadline: Some(Instant::now() + limit),
        }
    }

    /// The connection said hello: the deadline no longer applies.
    pub fn greeted(&mut self) {
        self.deadline = None;
    }

    /// Completes when the deadline passes without a hello; never once greeted.
    pub async fn expired(&self) {
        match self.deadline {
            Some(deadline) => tokio::time::sleep_until(deadline).await,
            None => std::future::pending().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn silence_expires_and_a_hello_never_does() {
        let timer = HelloTimer::start(Duration::from_secs(30));
        let started = Instant::now();
        timer.expired().await;
        assert_eq!(started.elapsed(), Duration::from_secs(30));
        let mut greeted = HelloTimer::start(Duration::from_secs(30));
        greeted.greeted();
        let waited = tokio::time::timeout(Duration::from_secs(3600), greeted.expired()).await;
        assert!(waited.is_err());
    }
}
