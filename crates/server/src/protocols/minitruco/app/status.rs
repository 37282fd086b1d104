//! The plain HTTP health check today's app asks on the game port (`GET /status`): its
//! `AGUARDANDO <letters>` line lists the modes of public tables waiting for people, and
//! the app invites its player online when theirs is among them.

use super::hall::Hall;
use crate::net::{Input, LineConnection};
use std::time::Duration;

/// How long the request's headers may take to arrive after its first line.
const HEADERS: Duration = Duration::from_secs(2);

/// Whether a first line asks for the status: `GET` or `HEAD` `/status` over HTTP.
pub fn asks(line: &str) -> bool {
    let mut words = line.split(' ');
    matches!(words.next(), Some("GET" | "HEAD"))
        && words.next() == Some("/status")
        && words.next().is_some_and(|v| v.starts_with("HTTP/"))
        && words.next().is_none()
}

/// Reads the request's headers (up to the blank line that ends them, or a short wait),
/// answers and closes.
pub async fn answer(mut connection: LineConnection, request: &str, hall: &Hall) {
    // Lines may end in CRLF, which the line reader gives as a line and an empty one:
    // the headers end at two empty lines in a row (one, for a bare LF).
    let mut empty = 0;
    while empty < 2 {
        match connection.next(Some(HEADERS)).await {
            Input::Message(line) if line.is_empty() => empty += 1,
            Input::Message(_) => empty = 0,
            Input::Idle => break,
            Input::Closed => return connection.close().await,
        }
    }
    let body = format!("OK\r\nAGUARDANDO {}\r\n", hall.waiting_modes());
    let outbox = connection.outbox();
    outbox.send("HTTP/1.1 200 OK");
    outbox.send("Content-Type: text/plain; charset=utf-8");
    outbox.send(format!("Content-Length: {}", body.len()));
    outbox.send("Connection: close");
    outbox.send("");
    if request.starts_with("GET") {
        // The body's lines, each ended by the connection's CRLF.
        for line in body.lines() {
            outbox.send(line);
        }
    }
    connection.close().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_status_path_is_answered() {
        assert!(asks("GET /status HTTP/1.1"));
        assert!(asks("HEAD /status HTTP/1.0"));
        assert!(!asks("GET / HTTP/1.1"));
        assert!(!asks("POST /status HTTP/1.1"));
        assert!(!asks("GET /status"));
        assert!(!asks("get /status HTTP/1.1"));
    }
}
