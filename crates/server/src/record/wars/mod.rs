//! How a hand of Warlords & Scumbags is recorded and replayed: its variant's name (table
//! size, ranked or not), the replay of its action log (departures included), and its
//! story for the replay page.

use crate::record::{action_entry, Entry, GameLog, Note};
use crate::record::{entries, Replayed};
use crate::record::{Chronicle, Recorded};
use cards::seeded_rng;
use president::{Action, Event, Events, Hand, Seat};
use serde_json::json;

mod story;
mod watch;

pub use story::story;

/// A hand being played and recorded (each hand is a game in the store).
pub type WarsRecord = Recorded<Hand, WarsChronicle>;

/// Records the finishing order when the hand is over.
pub struct WarsChronicle;

impl Chronicle<Hand> for WarsChronicle {
    fn record(&mut self, hand: &Hand, events: &Events, log: &mut GameLog) {
        for event in events {
            if let Event::HandOver { order } = event {
                let (scores, ranks) = standings(hand.players(), &order.to_vec());
                // Seats count from 1 in what the store shows, as everywhere.
                let order: Vec<usize> = order.seats().map(|seat| seat + 1).collect();
                let result = json!({ "order": order });
                log.hand(result.clone());
                log.finish(result, scores, ranks);
            }
        }
    }
}

/// Each seat's score (how many it finished ahead of) and rank (1 = warlord) from the
/// finishing order.
fn standings(players: usize, order: &[Seat]) -> (Vec<i64>, Vec<u32>) {
    let mut ranks = vec![0u32; players];
    for (place, &seat) in order.iter().enumerate() {
        ranks[seat] = place as u32 + 1;
    }
    let scores = ranks
        .iter()
        .map(|&r| players as i64 - i64::from(r))
        .collect();
    (scores, ranks)
}

/// Deals a hand of `players` (`ranked`: with the swap) from `seed`; `log` has recorded
/// its start. `None` for a table size that cannot be dealt.
pub fn start(
    players: usize,
    ranked: bool,
    seed: u64,
    log: GameLog,
) -> Option<(WarsRecord, Events)> {
    let (hand, events) = Hand::deal(players, ranked, &mut seeded_rng(seed))?;
    Some((Recorded::new(hand, log, WarsChronicle), events))
}

/// The rule variant as the store records it: the table size and whether the hand
/// starts with ranks (and the swap). [`players_of`] reads it back.
pub fn variant(players: usize, ranked: bool) -> String {
    let kind = if ranked { "ranked" } else { "first" };
    format!("{players} players {kind}")
}

/// The table size and ranked flag a recorded variant names.
pub fn players_of(variant: &str) -> Option<(usize, bool)> {
    let mut words = variant.split(' ');
    let players = words.next()?.parse().ok()?;
    let ranked = match (words.next()?, words.next()?) {
        ("players", "ranked") => true,
        ("players", "first") => false,
        _ => return None,
    };
    Some((players, ranked))
}

/// The hand of `variant` dealt again from `seed`, with the events of the deal.
fn redeal(variant: &str, seed: u64) -> Result<(Hand, Events), String> {
    let (players, ranked) =
        players_of(variant).ok_or_else(|| format!("unknown wars variant {variant}"))?;
    Hand::deal(players, ranked, &mut seeded_rng(seed))
        .ok_or_else(|| format!("{players} players cannot be dealt"))
}

/// Applies log entry `at` again: the action it names (none for a note) and the events
/// that followed (none for a note that changes nothing).
fn redo(hand: &mut Hand, at: usize, entry: Entry<'_>) -> Result<(Option<Action>, Events), String> {
    match entry {
        Entry::Note(Note::Left { seat }) => Ok((None, hand.leave(seat))),
        Entry::Note(_) => Ok((None, Events::new())),
        Entry::Action { seat, named } => {
            let (action, events) = crate::record::redo(hand, at, seat, named)?;
            Ok((Some(action), events))
        }
    }
}

/// Replays a hand of `variant` from `seed` with its `log`.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    let (mut hand, _) = redeal(variant, seed)?;
    let players = hand.players();
    let mut out = Replayed::default();
    for (at, entry) in entries(log) {
        let entry = entry?;
        let seat = match entry {
            Entry::Action { seat, .. } => seat,
            Entry::Note(_) => 0,
        };
        let (action, events) = redo(&mut hand, at, entry)?;
        out.log.push(match action {
            Some(action) => action_entry::<Hand>(seat, &action),
            None => log[at].clone(),
        });
        for event in events {
            if let Event::HandOver { order } = event {
                let (scores, ranks) = standings(players, &order.to_vec());
                out.hands.push(format!(
                    "finishing order {:?}",
                    order.seats().map(|s| s + 1).collect::<Vec<_>>()
                ));
                out.end = Some((scores, ranks));
            }
        }
    }
    Ok(out)
}
