//! How Warlords & Scumbags is recorded and replayed. An evening is one game
//! (`evening.rs`: its chronicle, replay and watch narrator). Before it was, each hand was
//! stored as a game of its own: such a hand's variant (table size, ranked or not), the
//! replay of its action log (departures included) and its story for the replay page are
//! here, and go on replaying the hands stored then.

use crate::record::story::Story;
use crate::record::{action_entry, Entry, Note};
use crate::record::{entries, Replayed};
use cards::seeded_rng;
use president::{Action, Event, Events, Hand, Seat};

mod evening;
mod story;
mod watch;

use evening::is_evening;
pub use evening::EveningChronicle;

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
fn replay_hand(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
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

/// Replays a stored Warlords game: an evening, or a hand stored as a game of its own
/// before the evening was one game.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    match is_evening(variant) {
        true => evening::replay(variant, seed, log),
        false => replay_hand(variant, seed, log),
    }
}

/// Tells a stored Warlords game that is over: an evening as its watchers saw it, or a
/// hand stored as a game of its own before.
pub fn story(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String> {
    match is_evening(variant) {
        true => story::evening_story(variant, seed, log, names),
        false => story::story(variant, seed, log, names),
    }
}
