//! The three ways parlor's protocols frame a message, for `parlor play`: lines over TCP
//! (miniTruco, course Truco, Mahjong), Warlords' `[...]` messages over TCP, and text
//! frames over a WebSocket (Jass). A reader task turns the server's bytes into whole
//! messages on a channel, so the screen loop only ever waits on channels.

use futures::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// How a protocol frames its messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One message per line; the client ends its lines with `terminator`.
    Lines { terminator: &'static str },
    /// Warlords: each message is `[...]`, sent as written.
    Brackets,
    /// One message per WebSocket text frame.
    WebSocket,
}

/// The server's longest message this client takes; a longer one ends the connection.
const MAX_MESSAGE: usize = 1 << 20;

/// A connection: messages from the server arrive on `incoming` (closed when the server
/// closes), and [`Wire::send`] writes one message.
pub struct Wire {
    pub incoming: mpsc::Receiver<String>,
    sender: Sender,
}

enum Sender {
    Tcp {
        writer: OwnedWriteHalf,
        terminator: &'static str,
    },
    WebSocket(mpsc::Sender<String>),
}

impl Wire {
    /// Connects to `addr` (`host:port`, or a `ws://` address for [`Framing::WebSocket`]).
    pub async fn connect(addr: &str, framing: Framing) -> Result<Wire, String> {
        let (tx, incoming) = mpsc::channel(1024);
        let sender = match framing {
            Framing::WebSocket => {
                let (socket, _) = tokio_tungstenite::connect_async(addr)
                    .await
                    .map_err(|e| e.to_string())?;
                let (mut write, mut read) = socket.split();
                let (out_tx, mut out_rx) = mpsc::channel::<String>(64);
                tokio::spawn(async move {
                    while let Some(text) = out_rx.recv().await {
                        if write.send(Message::text(text)).await.is_err() {
                            break;
                        }
                    }
                    let _ = write.close().await;
                });
                tokio::spawn(async move {
                    while let Some(Ok(message)) = read.next().await {
                        let text = match message {
                            Message::Text(text) => text.to_string(),
                            Message::Close(_) => break,
                            _ => continue,
                        };
                        if tx.send(text).await.is_err() {
                            break;
                        }
                    }
                });
                Sender::WebSocket(out_tx)
            }
            Framing::Lines { terminator } => {
                let (reader, writer) = tcp(addr).await?;
                tokio::spawn(read_frames(reader, tx, next_line));
                Sender::Tcp { writer, terminator }
            }
            Framing::Brackets => {
                let (reader, writer) = tcp(addr).await?;
                tokio::spawn(read_frames(reader, tx, next_bracketed));
                Sender::Tcp {
                    writer,
                    terminator: "",
                }
            }
        };
        Ok(Wire { incoming, sender })
    }

    /// Sends one message (a line gets its terminator).
    pub async fn send(&mut self, message: &str) -> std::io::Result<()> {
        match &mut self.sender {
            Sender::Tcp { writer, terminator } => {
                writer
                    .write_all(format!("{message}{terminator}").as_bytes())
                    .await
            }
            Sender::WebSocket(tx) => tx
                .send(message.to_owned())
                .await
                .map_err(|_| std::io::Error::other("the connection closed")),
        }
    }
}

async fn tcp(addr: &str) -> Result<(tokio::net::tcp::OwnedReadHalf, OwnedWriteHalf), String> {
    let socket = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("{addr}: {e}"))?;
    Ok(socket.into_split())
}

/// Reads bytes, cuts whole messages out of them with `next`, and passes them on.
async fn read_frames(
    mut reader: tokio::net::tcp::OwnedReadHalf,
    tx: mpsc::Sender<String>,
    next: fn(&mut Vec<u8>) -> Option<String>,
) {
    let mut pending = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        while let Some(message) = next(&mut pending) {
            if tx.send(message).await.is_err() {
                return;
            }
        }
        if pending.len() > MAX_MESSAGE {
            return;
        }
        match reader.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => pending.extend_from_slice(&chunk[..n]),
        }
    }
}

/// The first line of `pending` (without `\r\n` or `\n`), taken out of it.
fn next_line(pending: &mut Vec<u8>) -> Option<String> {
    let end = pending.iter().position(|&b| b == b'\n')?;
    let line: Vec<u8> = pending.drain(..=end).collect();
    let text = String::from_utf8_lossy(&line[..end]);
    Some(text.trim_end_matches('\r').to_owned())
}

/// The first `[...]` message of `pending`, taken out of it with whatever came before.
fn next_bracketed(pending: &mut Vec<u8>) -> Option<String> {
    let end = pending.iter().position(|&b| b == b']')?;
    let raw: Vec<u8> = pending.drain(..=end).collect();
    let text = String::from_utf8_lossy(&raw);
    let start = text.find('[').unwrap_or(0);
    Some(text[start..].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_cut_from_partial_reads() {
        let mut pending = b"N ana\r\nE 1\nhalf".to_vec();
        assert_eq!(next_line(&mut pending).as_deref(), Some("N ana"));
        assert_eq!(next_line(&mut pending).as_deref(), Some("E 1"));
        assert_eq!(next_line(&mut pending), None);
        assert_eq!(pending, b"half");
        let mut pending = b"noise[sjoin|ana][stab".to_vec();
        assert_eq!(next_bracketed(&mut pending).as_deref(), Some("[sjoin|ana]"));
        assert_eq!(next_bracketed(&mut pending), None);
    }
}
