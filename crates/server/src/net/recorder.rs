//! What a run sent and heard, connection by connection, batch by batch: the script of
//! the floor benchmark (`parlor bench jass --floor`, `parlor bench play --game mahjong
//! --floor`).
//!
//! The floor server plays back a real run's frames without deciding anything, to measure
//! what the messages cost by themselves. Played back from what the clients *read*, it
//! gathered frames of several moves into one write whenever a client read late, which a
//! live server cannot do; played back from what the server *queued*, batch by batch, it
//! writes as often as the server did. So the server records its batches, for a run made
//! only to record them.
//!
//! Off unless [`start`] turned it on (`parlor serve --record-frames FILE`, a hidden flag
//! for the benchmarks): then every batch queued to an outbox and every message read from
//! a connection is one JSON line of the file, in the order they happened. A line is
//! written as it happens, so a server killed at the end of a run has lost none. The file
//! holds every hand dealt: it is for benchmark runs, never for a server people play on,
//! and is made afresh, readable by its owner only.
//! A connection is known in the file by an id of its queue's ([`super::next_conn_id`]).
//! While off, recording costs each batch one atomic load.

use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

/// One line of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A batch queued to connection `conn`: the writer sees all of it or none.
    Sent { conn: u64, frames: Vec<String> },
    /// A message read from connection `conn`, as its text.
    Heard { conn: u64, text: String },
}

/// The file being written, when recording is on.
static FILE: OnceLock<Mutex<File>> = OnceLock::new();

/// Records every connection's batches and messages to `path` from now on, for as long
/// as the process lives. `path` must not exist yet (it is never one followed through a
/// link or another's file written over).
pub fn start(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    FILE.set(Mutex::new(file))
        .map_err(|_| std::io::Error::other("frames are already being recorded"))
}

/// Whether batches are being recorded (so a sender knows to keep a copy).
pub(super) fn on() -> bool {
    FILE.get().is_some()
}

/// Writes `event` as a line, if recording. A batch is recorded before its writer can
/// take it, and a message after it is read, so the file's order is an order the moves
/// allowed.
pub(super) fn note(event: impl FnOnce() -> Event) {
    let Some(file) = FILE.get() else { return };
    let Ok(mut line) = serde_json::to_vec(&event()) else {
        return;
    };
    line.push(b'\n');
    let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(error) = file.write_all(&line) {
        crate::net::warn_limited!(%error, "cannot record a frame");
    }
}

/// A message a connection's decoder gives, as the text the floor reads a player's name
/// from.
pub trait Heard {
    /// The message as its client sent it, or near enough to name the player.
    fn heard(&self) -> String;
}

impl Heard for String {
    fn heard(&self) -> String {
        self.clone()
    }
}

impl Heard for parlor_wire::mmj1::Frame {
    fn heard(&self) -> String {
        match self {
            parlor_wire::mmj1::Frame::Message(message) => message.write(),
            parlor_wire::mmj1::Frame::Bad(why) => why.clone(),
        }
    }
}

/// Reads back a file [`start`] wrote. Its last line may have been cut short by a kill
/// and is then left out; any other line that does not read is an error.
pub fn read(path: &Path) -> std::io::Result<Vec<Event>> {
    let text = std::fs::read_to_string(path)?;
    let lines: Vec<&str> = text.lines().collect();
    let mut events = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        match serde_json::from_str(line) {
            Ok(event) => events.push(event),
            Err(_) if i + 1 == lines.len() => {}
            Err(error) => return Err(std::io::Error::other(format!("line {}: {error}", i + 1))),
        }
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::{read, Event};

    #[test]
    fn a_record_reads_back_but_for_a_last_line_cut_short() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("record.jsonl");
        let sent = Event::Sent {
            conn: 1,
            frames: vec!["a".into(), "b".into()],
        };
        let heard = Event::Heard {
            conn: 1,
            text: "c".into(),
        };
        let line = |e: &Event| serde_json::to_string(e).unwrap();
        let whole = format!("{}\n{}\n{{\"Sent\":{{\"co", line(&sent), line(&heard));
        std::fs::write(&file, whole).unwrap();
        assert_eq!(read(&file).unwrap(), [sent.clone(), heard.clone()]);
        let broken = format!("{}\nnot a line\n{}\n", line(&sent), line(&heard));
        std::fs::write(&file, broken).unwrap();
        assert!(read(&file).is_err(), "only the last line may be cut short");
    }
}
