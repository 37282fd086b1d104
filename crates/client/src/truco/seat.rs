//! A seat held mid-match and taken back with its token: how tests and `parlor bench
//! cluster` see a course Truco table outlive the node it ran on.

use cards::Card;
use parlor_wire::truco::{Answer, ClientMsg, ServerMsg};
use std::io;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::time::Instant;

/// How long between two tries to take a seat back.
const RETRY: Duration = Duration::from_millis(100);

/// Sits at the table being formed at `addr` (and, with `fill`, asks for CPU players in
/// its empty seats), asks for a token, makes one decision (plays the first card it
/// holds, or accepts a raise) and stops when the next one is owed: the match is then
/// under way and waits for this seat. Returns the token; the connection stays open,
/// read by a task of its own, until the server closes it.
pub async fn hold_seat(addr: &str, fill: bool) -> io::Result<String> {
    let socket = TcpStream::connect(addr).await?;
    let (reader, mut writer) = socket.into_split();
    let mut lines = BufReader::new(reader).lines();
    if fill {
        writer.write_all(b"CPU\n").await?;
    }
    let (mut me, mut team, mut token, mut cards) = (0, 0, None, Vec::<Card>::new());
    let mut decided = false;
    while let Some(line) = lines.next_line().await? {
        let answer = match ServerMsg::parse(&line) {
            Some(ServerMsg::Welcome { player, team: t }) => {
                (me, team) = (player, t);
                continue;
            }
            Some(ServerMsg::Match(_)) => {
                writer.write_all(b"TOKEN\n").await?;
                continue;
            }
            Some(ServerMsg::Token(given)) => {
                token = Some(given);
                continue;
            }
            Some(ServerMsg::Cards(dealt)) => {
                cards = dealt.to_vec();
                continue;
            }
            Some(ServerMsg::Turn { player, .. }) if player == me => ClientMsg::Play {
                card: cards[0],
                closed: false,
            },
            // A raise by the other team is this seat's to answer.
            Some(ServerMsg::Truco { player, .. }) if (player % 2 == 1) != (team == 1) => {
                ClientMsg::Answer(Answer::Accept)
            }
            _ => continue,
        };
        if std::mem::replace(&mut decided, true) {
            let token = token.ok_or_else(|| io::Error::other("no token was given"))?;
            tokio::spawn(async move {
                let _open = writer;
                while let Ok(Some(_)) = lines.next_line().await {}
            });
            return Ok(token);
        }
        if let ClientMsg::Play { card, .. } = answer {
            cards.retain(|c| *c != card);
        }
        writer
            .write_all(format!("{}\n", answer.write()).as_bytes())
            .await?;
    }
    Err(io::Error::other(
        "the match ended before the seat's second decision",
    ))
}

/// Takes the seat `token` holds back through `addr`, trying until `patience` has passed
/// (a table being carried over to another node is not there at once). Returns once the
/// server shows the match again; the connection is then closed, so a stand-in plays the
/// seat for the grace period.
pub async fn take_seat_back(addr: &str, token: &str, patience: Duration) -> io::Result<()> {
    let until = Instant::now() + patience;
    loop {
        if seat_back(addr, token).await {
            return Ok(());
        }
        if Instant::now() >= until {
            return Err(io::Error::other("no seat to come back to"));
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// One try: whether the seat came back (a connection refused or closed is a try that
/// failed).
async fn seat_back(addr: &str, token: &str) -> bool {
    let Ok((mut lines, _writer)) = super::play::resume(addr, token).await else {
        return false;
    };
    while let Ok(Some(line)) = lines.next_line().await {
        match ServerMsg::parse(&line) {
            Some(ServerMsg::Hand { .. } | ServerMsg::Cards(_)) => return true,
            Some(ServerMsg::Error { code, .. }) if code == "BAD_COMMAND" => return false,
            _ => {}
        }
    }
    false
}
