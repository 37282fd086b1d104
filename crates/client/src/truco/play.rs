//! The connection loop: show what happens, and when the server waits for this player ask
//! the person at the keyboard, or let a bot choose.

use super::state::TableState;
use super::text::{command, describe, menu};
use super::{card_played, line_for};
use cards::{seeded_rng, GameRng};
use parlor_wire::truco::{ClientMsg, ServerMsg};
use std::io::Write;
use std::time::Duration;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;
use tokio::time::Instant;
use truco::bots::Strategy;

/// Who makes this player's decisions.
pub enum Mode {
    /// A person, through `input` (usually stdin).
    Person,
    /// A bot strategy, seeded.
    Auto {
        strategy: Box<dyn Strategy<truco::Game>>,
        seed: u64,
    },
}

/// How long a player whose connection dropped mid-match keeps trying to come back.
const COMING_BACK: Duration = Duration::from_secs(60);

/// How long between two tries to come back.
const RETRY: Duration = Duration::from_millis(500);

/// The server's answer to a token that holds no seat (yet: a table carried over to
/// another node of a cluster takes a moment to be there).
const NO_SEAT: &str = "ERROR BAD_COMMAND no seat to come back to";

/// Plays one match on the server at `addr`, writing what happens to `out`, until the
/// match ends or the server closes. Returns the final line (`MATCH_END ...`) if any.
/// With a `name`, the player says it first (parlor's `NAME` line: the server records
/// and rates the player under it; a server without it just refuses the line).
///
/// Once the match begins the player asks for a token (parlor's `TOKEN`); if the
/// connection drops before the match ends, it connects again and comes back to its
/// seat with it (`RESUME`), trying for a minute. A server without tokens refuses the
/// line, and a dropped connection then ends the match for this player.
pub async fn run<I, O>(
    addr: &str,
    mut mode: Mode,
    name: Option<&str>,
    input: I,
    mut out: O,
) -> std::io::Result<Option<String>>
where
    I: AsyncBufRead + Unpin,
    O: Write,
{
    let (mut server, mut writer) = connect(addr).await?;
    let mut keyboard = input.lines();
    let mut keyboard_open = true;
    let mut state = TableState::default();
    let mut rng: GameRng = seeded_rng(match &mode {
        Mode::Auto { seed, .. } => *seed,
        Mode::Person => 0,
    });
    let mut last = None;
    let mut token: Option<String> = None;
    // While coming back: when the tries end.
    let mut coming_back: Option<Instant> = None;
    writeln!(out, "Connected to {addr}. Waiting for the server...")?;
    if let Some(name) = name {
        send(&mut writer, &ClientMsg::Name(name.to_owned()).write()).await?;
    }
    // A write that fails means the connection dropped: the read that follows sees it.
    loop {
        tokio::select! {
            line = server.next_line() => {
                let line = match (line, &token) {
                    (Ok(Some(line)), _) => line.trim_end_matches('\r').to_owned(),
                    (_, Some(token)) if last.is_none() => {
                        if coming_back.is_none() {
                            writeln!(out, "The connection dropped: coming back to the seat...")?;
                        }
                        let until = *coming_back.get_or_insert_with(|| Instant::now() + COMING_BACK);
                        (server, writer) = come_back(addr, token, until).await?;
                        continue;
                    }
                    _ => break,
                };
                if line.starts_with(NO_SEAT) && coming_back.is_some() {
                    // Not there yet: this connection is dropped and the next try made,
                    // until the time to come back is over (the seat is gone).
                    let until = coming_back.unwrap_or_else(Instant::now);
                    if Instant::now() >= until {
                        writeln!(out, "The seat is gone: the match went on without us.")?;
                        break;
                    }
                    tokio::time::sleep(RETRY).await;
                    if let Some(token) = &token {
                        (server, writer) = come_back(addr, token, until).await?;
                    }
                    continue;
                }
                let message = ServerMsg::parse(&line);
                match &message {
                    Some(ServerMsg::Match(_)) if token.is_none() => {
                        let _ = send(&mut writer, &ClientMsg::Token.write()).await;
                    }
                    Some(ServerMsg::Token(given)) => {
                        token = Some(given.clone());
                        continue;
                    }
                    Some(ServerMsg::Hand { .. } | ServerMsg::Turn { .. }) if coming_back.is_some() => {
                        coming_back = None;
                        writeln!(out, "Back in the seat: the hand so far.")?;
                    }
                    _ => {}
                }
                state.apply(&line);
                // Coming back, a connection sits at the table being formed before its
                // token takes the seat back: that table's lines are not ours to show.
                let forming = matches!(message, Some(ServerMsg::Welcome { .. } | ServerMsg::Waiting(_)));
                if let Some(text) = describe(&line, &state).filter(|_| !(forming && coming_back.is_some())) {
                    writeln!(out, "{text}")?;
                }
                if line.starts_with("MATCH_END") {
                    last = Some(line.clone());
                }
                // A timeout is not a refusal: the server made the move, so nothing is
                // asked again.
                let refused = line.starts_with("ERROR") && !line.starts_with("ERROR TIMEOUT");
                let fresh = matches!(message, Some(ServerMsg::Turn { .. } | ServerMsg::Truco { .. }));
                if let Some(prompt) = state.prompt.filter(|_| refused || fresh) {
                    match &mut mode {
                        Mode::Person => writeln!(out, "{}", menu(prompt, &state))?,
                        Mode::Auto { strategy, .. } => {
                            if let Some(reply) = bot_move(strategy.as_mut(), &mut state, &mut rng) {
                                let _ = send(&mut writer, &reply).await;
                            }
                        }
                    }
                }
            }
            typed = keyboard.next_line(), if keyboard_open && matches!(mode, Mode::Person) => {
                let Some(typed) = typed? else {
                    keyboard_open = false;
                    continue;
                };
                match state.prompt {
                    // Waiting for the table: `cpu` asks for CPU players in the empty seats.
                    None if typed.trim().eq_ignore_ascii_case("cpu") => {
                        {
                        let _ = send(&mut writer, &ClientMsg::Cpu.write()).await;
                    }
                    }
                    None => writeln!(out, "(nothing to decide right now)")?,
                    Some(prompt) => match command(prompt, &typed, &state) {
                        Some(reply) => {
                            remember_card(&mut state, &reply);
                            let _ = send(&mut writer, &reply).await;
                        }
                        None => writeln!(out, "{}", menu(prompt, &state))?,
                    },
                }
            }
        }
        out.flush()?;
    }
    Ok(last)
}

/// A connection: the server's lines and the way to it.
pub(super) type Link = (Lines<BufReader<OwnedReadHalf>>, OwnedWriteHalf);

async fn connect(addr: &str) -> std::io::Result<Link> {
    let socket = TcpStream::connect(addr).await?;
    let (reader, writer) = socket.into_split();
    Ok((BufReader::new(reader).lines(), writer))
}

/// Connects and asks for the seat `token` holds (`RESUME`); the server answers on the
/// connection returned.
pub(super) async fn resume(addr: &str, token: &str) -> std::io::Result<Link> {
    let (server, mut writer) = connect(addr).await?;
    send(&mut writer, &ClientMsg::Resume(token.to_owned()).write()).await?;
    Ok((server, writer))
}

/// Connects again and asks for the seat `token` holds, trying until `until`.
async fn come_back(addr: &str, token: &str, until: Instant) -> std::io::Result<Link> {
    loop {
        match resume(addr, token).await {
            Ok(link) => return Ok(link),
            Err(error) if Instant::now() >= until => return Err(error),
            Err(_) => tokio::time::sleep(RETRY).await,
        }
    }
}

/// The bot's choice as a protocol line.
fn bot_move(
    strategy: &mut dyn Strategy<truco::Game>,
    state: &mut TableState,
    rng: &mut GameRng,
) -> Option<String> {
    let view = state.view()?;
    let legal = state.legal_actions(rng);
    if legal.is_empty() {
        return None;
    }
    let line = line_for(strategy.choose(&view, &legal, rng))?;
    remember_card(state, &line);
    Some(line)
}

/// Remembers the card we asked to play, so our own closed card stays known.
fn remember_card(state: &mut TableState, line: &str) {
    if let Some(card) = card_played(line) {
        state.sent_card = Some(card);
    }
}

async fn send(writer: &mut tokio::net::tcp::OwnedWriteHalf, line: &str) -> std::io::Result<()> {
    writer.write_all(format!("{line}\n").as_bytes()).await
}
