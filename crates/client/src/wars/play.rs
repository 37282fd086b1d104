//! The connection loop: show what happens, and when the server waits for us, ask the
//! person (`-m`) or let the bot choose.

use super::auto;
use super::message::{card_name, cchat, cjoin, cplay, cswap, parse, ServerMsg};
use super::state::{Prompt, Sent, WarsState};
use cards::{seeded_rng, GameRng};
use std::io::Write;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::TcpStream;

/// Who decides.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// A bot plays; `hands` leaves the table once that many hands at it have ended
    /// (`None`: keep playing).
    Auto { seed: u64, hands: Option<usize> },
    /// A person types commands (`-m`).
    Manual,
}

/// Plays on the server at `addr` as `name` until the server closes (or, in auto mode,
/// the hand limit is reached). Returns what the client knew at the end.
pub async fn run<I, O>(
    addr: &str,
    name: &str,
    mode: Mode,
    input: I,
    mut out: O,
) -> std::io::Result<WarsState>
where
    I: AsyncBufRead + Unpin,
    O: Write,
{
    let socket = TcpStream::connect(addr).await?;
    let (mut reader, mut writer) = socket.into_split();
    writer.write_all(cjoin(name).as_bytes()).await?;
    let mut keyboard = input.lines();
    let mut keyboard_open = matches!(mode, Mode::Manual);
    let mut state = WarsState::default();
    let mut rng: GameRng = seeded_rng(match mode {
        Mode::Auto { seed, .. } => seed,
        Mode::Manual => 0,
    });
    let mut pending = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        tokio::select! {
            read = reader.read(&mut chunk) => {
                let n = read?;
                if n == 0 {
                    break;
                }
                pending.extend_from_slice(&chunk[..n]);
                while let Some(end) = pending.iter().position(|&b| b == b']') {
                    let raw: Vec<u8> = pending.drain(..=end).collect();
                    let text = String::from_utf8_lossy(&raw);
                    let start = text.find('[').unwrap_or(0);
                    let Some(msg) = parse(&text[start..]) else { continue };
                    state.apply(&msg);
                    if let Mode::Manual = mode {
                        show(&msg, &state, &mut out)?;
                    }
                    if let Mode::Auto { hands: Some(limit), .. } = mode {
                        if state.hands_played >= limit {
                            return Ok(state);
                        }
                    }
                    if let (Some(prompt), Mode::Auto { .. }) = (state.prompt(), mode) {
                        decide(prompt, &mut state, &mut rng, &mut writer).await?;
                    }
                }
            }
            typed = keyboard.next_line(), if keyboard_open => {
                let Some(typed) = typed? else {
                    keyboard_open = false;
                    continue;
                };
                if let Some(message) = command(&typed, &mut state, &mut out)? {
                    writer.write_all(message.as_bytes()).await?;
                }
            }
        }
        out.flush()?;
    }
    Ok(state)
}

/// The bot's move.
async fn decide(
    prompt: Prompt,
    state: &mut WarsState,
    rng: &mut GameRng,
    writer: &mut OwnedWriteHalf,
) -> std::io::Result<()> {
    let message = match prompt {
        Prompt::Play => play_message(state, auto::choose_play(state, rng)),
        Prompt::Swap => swap_message(state, auto::choose_swap(state, rng)),
    };
    writer.write_all(message.as_bytes()).await
}

/// The `cswap` giving `card`, recorded as our move in flight.
pub fn swap_message(state: &mut WarsState, card: u8) -> String {
    state.swapped(card);
    cswap(card)
}

/// The `cplay` for these cards (none: a pass), recorded as our move in flight.
pub fn play_message(state: &mut WarsState, cards: Vec<u8>) -> String {
    let sent = if cards.is_empty() {
        Sent::Pass
    } else {
        Sent::Play {
            cards_before: state.hand.len(),
        }
    };
    state.played(&cards);
    state.send(sent);
    cplay(&cards)
}

/// A person's command, turned into a message (or help when it makes no sense).
fn command<O: Write>(
    typed: &str,
    state: &mut WarsState,
    out: &mut O,
) -> std::io::Result<Option<String>> {
    let mut words = typed.split_whitespace();
    let hand = state.hand.clone();
    let picked = |words: std::str::SplitWhitespace| -> Option<Vec<u8>> {
        words
            .map(|w| {
                w.parse::<usize>()
                    .ok()
                    .and_then(|i| hand.get(i.checked_sub(1)?).copied())
            })
            .collect()
    };
    let message = match words.next().map(str::to_ascii_lowercase).as_deref() {
        Some("play") => picked(words)
            .filter(|c| !c.is_empty() && c.len() <= 4)
            .map(|c| play_message(state, c)),
        Some("pass") => Some(play_message(state, Vec::new())),
        Some("swap") => picked(words)
            .filter(|c| c.len() == 1)
            .map(|c| swap_message(state, c[0])),
        Some("chat") => Some(cchat(typed.trim_start()[4..].trim_start())),
        Some("hand") => Some("[chand]".to_owned()),
        // parlor's extension: CPU players fill the next game.
        Some("fill") => Some("[cfill]".to_owned()),
        _ => None,
    };
    if message.is_none() {
        writeln!(out, "Commands: play N [N ...] (cards by their number in your hand) | pass | swap N | chat TEXT | hand | fill (parlor: CPU players fill the game)")?;
    }
    Ok(message)
}

/// What a person sees for a message.
fn show<O: Write>(msg: &ServerMsg, state: &WarsState, out: &mut O) -> std::io::Result<()> {
    match msg {
        ServerMsg::Joined(name) => writeln!(out, "You are {name}.")?,
        ServerMsg::Lobby(names) => writeln!(out, "Lobby ({}): {}", names.len(), names.join(", "))?,
        ServerMsg::Hand(_) => {
            writeln!(out, "Your hand: {}", state.hand_text())?;
            if state.prompt() == Some(Prompt::Play) {
                writeln!(out, "Still your turn: play N [N ...] | pass")?;
            }
        }
        ServerMsg::Strike { code, count } => {
            writeln!(out, "Strike {code:02} ({}): {count} of 3.", strike_meaning(*code))?
        }
        ServerMsg::Chat { name, text } => writeln!(out, "<{name}> {text}")?,
        ServerMsg::SwapW(card) => writeln!(
            out,
            "You are the warlord and got {} from the scumbag. Give a card back: swap N.\nYour hand: {}",
            card_name(*card),
            state.hand_text()
        )?,
        ServerMsg::SwapS { received, lost } => writeln!(
            out,
            "You are the scumbag: you gave {} and got {}.",
            card_name(*lost),
            card_name(*received)
        )?,
        ServerMsg::Table { seats, last, first_hand } => {
            let heading = if *first_hand { "Table (first hand: the 3♣ opens)" } else { "Table (warlord first)" };
            writeln!(out, "{heading}")?;
            for seat in seats.iter().filter(|s| s.status != 'e') {
                let status = match seat.status {
                    'a' => "to play",
                    'p' => "passed",
                    'd' => "left",
                    _ => "waiting",
                };
                writeln!(out, "  {:<8} {:<8} {:>2} cards, {} strikes", seat.name, status, seat.cards, seat.strikes)?;
            }
            let names: Vec<String> = last.iter().map(|&c| card_name(c)).collect();
            writeln!(out, "  Last play: {}", if names.is_empty() { "none (new round)".into() } else { names.join(" ") })?;
            if let Some(ranks) = ranks_after_hand(seats) {
                writeln!(out, "Hand over. {ranks}")?;
            }
            if state.prompt() == Some(Prompt::Play) {
                writeln!(out, "Your turn. Your hand: {}\n  play N [N ...] | pass", state.hand_text())?;
                if let Some(hint) = what_beats(last) {
                    writeln!(out, "  {hint}")?;
                }
            }
        }
    }
    Ok(())
}

/// What a play must be to beat `last` (the rules of the seed: at least as many cards, of
/// the same value or higher, or any 2s); `None` at the start of a round.
pub(crate) fn what_beats(last: &[u8]) -> Option<String> {
    let first = *last.first()?;
    let value = card_name(first);
    let value = value.trim_end_matches(['♣', '♦', '♥', '♠']);
    let count = last.len();
    let cards = if count == 1 { "card" } else { "cards" };
    Some(format!(
        "To beat it: {count} or more {cards} of value {value} or higher, or 2s; or pass."
    ))
}

/// The ranks, warlord first, when a table shows a hand just over (every seat empty-handed,
/// seated in their new order); `None` otherwise.
pub(crate) fn ranks_after_hand(seats: &[super::message::SeatInfo]) -> Option<String> {
    let seated: Vec<&str> = seats
        .iter()
        .filter(|s| s.status != 'e')
        .map(|s| s.name.as_str())
        .collect();
    if seated.len() < 3 || seats.iter().any(|s| s.cards > 0) {
        return None;
    }
    let last = seated.len() - 1;
    let ranks: Vec<String> = seated
        .iter()
        .enumerate()
        .map(|(i, name)| match i {
            0 => format!("1. {name} (warlord)"),
            i if i == last => format!("{}. {name} (scumbag)", i + 1),
            i => format!("{}. {name}", i + 1),
        })
        .collect();
    Some(format!("Ranks: {}", ranks.join(", ")))
}

/// A strike code in words.
pub(crate) fn strike_meaning(code: u8) -> &'static str {
    match code {
        11 => "cards of different values",
        12 => "value too low",
        13 => "too few cards",
        14 => "card not in your hand",
        15 => "not your turn",
        16 => "the first play must include the 3 of clubs",
        17 => "the same card twice",
        18 => "you cannot pass when starting a round",
        20 => "too slow",
        30..=34 => "bad message",
        60 => "chat flood",
        70..=72 => "bad swap",
        81 => "the server is full",
        _ => "illegal move",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wars::message::SeatInfo;

    #[test]
    fn a_person_is_told_what_beats_the_table_and_the_ranks_at_the_end() {
        assert_eq!(what_beats(&[]), None);
        assert_eq!(
            what_beats(&[20, 21]).as_deref(),
            Some("To beat it: 2 or more cards of value 8 or higher, or 2s; or pass.")
        );
        let seat = |name: &str, cards| SeatInfo {
            status: 'w',
            strikes: 0,
            name: name.into(),
            cards,
        };
        let over = [seat("ann", 0), seat("ben", 0), seat("cat", 0)];
        assert_eq!(
            ranks_after_hand(&over).as_deref(),
            Some("Ranks: 1. ann (warlord), 2. ben, 3. cat (scumbag)")
        );
        let playing = [seat("ann", 3), seat("ben", 0), seat("cat", 5)];
        assert_eq!(ranks_after_hand(&playing), None);
    }
}
