//! A miniTruco player for the integration tests.

use super::LineClient;

/// A person who plays on their own: the first card they hold when it is their turn,
/// accepts every raise and every hand of 11. Returns every line up to `G`.
pub async fn play_until_game_over(c: &mut LineClient, position: usize) -> Vec<String> {
    let mut hand: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    loop {
        let line = c.line().await;
        let words: Vec<&str> = line.split(' ').collect();
        match words.as_slice() {
            ["M", cards @ ..] => hand = cards[..3].iter().map(|s| s.to_string()).collect(),
            ["V", pos, _] if pos.parse() == Ok(position) => {
                let card = hand.first().expect("a card to play").clone();
                c.send(&format!("J {card}")).await;
            }
            ["J", pos, card, ..] if pos.parse() == Ok(position) => hand.retain(|h| h != card),
            ["T", pos, _] if pos.parse::<usize>().unwrap() % 2 != position % 2 => c.send("D").await,
            ["F", ..] => c.send("H T").await,
            _ => {}
        }
        lines.push(line);
        if lines.last().unwrap().starts_with("G ") {
            return lines;
        }
    }
}
