//! A miniTruco player for the integration tests.

use super::LineClient;
use std::net::SocketAddr;

/// `nick` connects to the miniTruco server at `addr`, enters room 1 alone, starts a game
/// against three CPU players and plays it out (as [`play_until_game_over`]). Returns
/// every line up to `G`.
pub async fn play_alone_in_room_one(addr: SocketAddr, nick: &str) -> Vec<String> {
    let mut c = LineClient::connect(addr, "\r\n").await;
    c.send(&format!("N {nick}")).await;
    c.expect(&format!("N {nick}")).await;
    c.send("E 1").await;
    c.until(|l| l.starts_with("I 1 ")).await;
    c.send("Q").await;
    play_until_game_over(&mut c, 1).await
}

/// Seat 1, just dealt, opens the hand with its first card (so a person has played:
/// from then on the game keeps a dropped person's seat, and is stored). Returns the
/// deal (`M ...`) and the card played.
#[allow(dead_code)] // not every test binary uses it
pub async fn open_the_hand(c: &mut LineClient) -> (String, String) {
    let dealt = c.until(|l| l.starts_with("M ")).await.pop().unwrap();
    let card = dealt.split(' ').nth(1).unwrap().to_owned();
    c.until(|l| l.starts_with("V 1 ")).await;
    c.send(&format!("J {card}")).await;
    c.until(|l| l == format!("J 1 {card}")).await;
    (dealt, card)
}

/// A person who plays on their own: the first card they hold when it is their turn,
/// accepts every raise and every hand of 11. Returns every line up to `G`.
pub async fn play_until_game_over(c: &mut LineClient, position: usize) -> Vec<String> {
    play_until(c, position, |line| line.starts_with("G ")).await
}

/// Plays as [`play_until_game_over`] until a line satisfies `stop`; returns every line up
/// to that one. Speaks either dialect: today's app's deal names its opener before the
/// cards and its raises end in a phrase number, and its keep-alive is echoed.
pub async fn play_until(
    c: &mut LineClient,
    position: usize,
    stop: impl Fn(&str) -> bool,
) -> Vec<String> {
    play_on_until(c, position, Vec::new(), stop).await
}

/// As [`play_until`], for a player whose deal was read already: `hand` holds the cards
/// they still have.
pub async fn play_on_until(
    c: &mut LineClient,
    position: usize,
    mut hand: Vec<String>,
    stop: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = c.line().await;
        let words: Vec<&str> = line.split(' ').collect();
        match words.as_slice() {
            ["K", _] => c.send(&line).await,
            ["M", opener, cards @ ..] if opener.len() == 1 => {
                hand = cards[..3].iter().map(|s| s.to_string()).collect()
            }
            ["M", cards @ ..] => hand = cards[..3].iter().map(|s| s.to_string()).collect(),
            ["V", pos, _] if pos.parse() == Ok(position) => {
                let card = hand.first().expect("a card to play").clone();
                c.send(&format!("J {card}")).await;
            }
            ["J", pos, card, ..] if pos.parse() == Ok(position) => hand.retain(|h| h != card),
            ["T", pos, ..] if pos.parse::<usize>().unwrap() % 2 != position % 2 => {
                c.send("D").await
            }
            ["F", ..] => c.send("H T").await,
            _ => {}
        }
        let done = stop(&line);
        lines.push(line);
        if done {
            return lines;
        }
    }
}
