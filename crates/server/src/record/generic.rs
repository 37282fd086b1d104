//! Recording, replaying and telling any game from the rules contract alone, for a game
//! that brings nothing of its own to the record: its hands are counted by
//! `Projected::starts_hand`, its end is its `Game::outcome`, its variant is its rules
//! written with `Display` and read back with `FromStr`, and its story is told by its
//! watch narrator (what anyone at the table saw, step by step).
//!
//! The five games parlor ships have richer records of their own (`record/<game>/`); a
//! new game starts with these.

use super::redo::{entries, redo, Replayed};
use super::story::{Step, Story};
use super::watch::{Narrator, Said, Watchable};
use super::{Chronicle, Entry, GameLog, Note};
use cards::seeded_rng;
use parlor_game::{Game, Notation, Outcome, Projected};
use serde_json::json;
use std::str::FromStr;

/// Records each hand's end (a new hand begins, or the game ends) and the game's end with
/// its outcome: places and points per seat.
#[derive(Clone, Copy, Debug, Default)]
pub struct OutcomeChronicle {
    hands: u32,
    finished: bool,
}

impl<G: Game + Projected> Chronicle<G> for OutcomeChronicle {
    fn record(&mut self, game: &G, events: &G::Events, log: &mut GameLog) {
        for event in G::events(events) {
            if G::starts_hand(event) {
                self.hands += 1;
                log.hand(json!({ "hand": self.hands }));
            }
        }
        if self.finished {
            return;
        }
        if let Some(outcome) = game.outcome() {
            self.finished = true;
            self.hands += 1;
            log.hand(json!({ "hand": self.hands }));
            log.finish(result(&outcome), outcome.points, outcome.places);
        }
    }
}

/// A game's result for the store, in common terms.
fn result(outcome: &Outcome) -> serde_json::Value {
    json!({ "places": outcome.places, "points": outcome.points })
}

/// The rules a recorded variant names.
fn rules<G: Game>(variant: &str) -> Result<G::Rules, String>
where
    G::Rules: FromStr,
{
    G::Rules::from_str(variant).map_err(|_| format!("unknown variant {variant}"))
}

/// Replays a game of `variant` from `seed` with its `log`: a line per hand, and the
/// outcome once over.
pub fn replay<G>(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String>
where
    G: Notation + Projected,
    G::Rules: FromStr,
{
    let (mut game, _) = G::start(&rules::<G>(variant)?, seeded_rng(seed));
    let mut out = Replayed::default();
    let mut hands = 0;
    for (at, entry) in entries(log) {
        let events = match entry? {
            Entry::Note(note) => {
                out.log.push(log[at].clone());
                redo_note(&mut game, &note).map(|e| G::events(&e).to_vec())
            }
            Entry::Action { seat, named } => {
                let mut events: Vec<G::Event> = advanced(&mut game);
                let (action, applied) = redo(&mut game, at, seat, named)?;
                out.log.push(super::action_entry::<G>(seat, &action));
                events.extend_from_slice(G::events(&applied));
                Some(events)
            }
        };
        for event in events.iter().flatten() {
            if G::starts_hand(event) {
                hands += 1;
                out.hands.push(format!("hand {hands}"));
            }
        }
        if out.end.is_none() {
            if let Some(outcome) = game.outcome() {
                hands += 1;
                out.hands.push(format!("hand {hands}"));
                out.end = Some((outcome.points, outcome.places));
            }
        }
    }
    Ok(out)
}

/// Tells a game that is over step by step, as its watchers saw it: each hand's steps in
/// its narrator's words, with the table after each.
pub fn story<G>(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String>
where
    G: Notation + Watchable,
    G::Rules: FromStr,
{
    let (mut game, first) = G::start(&rules::<G>(variant)?, seeded_rng(seed));
    let mut narrator = game.narrator(names.to_vec());
    let mut story = Story::default();
    tell::<G>(&mut narrator, G::events(&first), &mut story);
    for (at, entry) in entries(log) {
        match entry? {
            Entry::Note(note) => {
                // Whoever sits down has the seat's name from now on.
                if let Note::Sat { seat, name } = &note {
                    if let Some(slot) = narrator.names().get_mut(*seat) {
                        slot.clone_from(name);
                    }
                }
                if let Some(events) = redo_note(&mut game, &note) {
                    tell::<G>(&mut narrator, G::events(&events), &mut story);
                }
            }
            Entry::Action { seat, named } => {
                tell::<G>(&mut narrator, &advanced(&mut game), &mut story);
                let events = redo(&mut game, at, seat, named)?.1;
                tell::<G>(&mut narrator, G::events(&events), &mut story);
            }
        }
    }
    for hand in &mut story.hands {
        hand.result = hand
            .steps
            .last()
            .map_or_else(String::new, |s| s.text.clone());
    }
    Ok(story)
}

/// Tells `events` into `story` as a watcher saw them, through `narrator`: a step for each
/// one it tells, a new hand where one begins.
fn tell<G: Watchable>(narrator: &mut G::Narrator, events: &[G::Event], story: &mut Story) {
    for event in events.iter().filter_map(G::for_watcher) {
        let said = narrator.say(&event);
        narrator.take(&event);
        // A hand begins with its first event, told or not (the game's first hand with
        // its first told event: who sat down before it is not a hand).
        let step = |text: String, seat| Step {
            seat,
            text,
            table: narrator.shot(),
        };
        if G::starts_hand(&event) || story.hands.is_empty() && said.is_some() {
            let said = said.clone().unwrap_or_else(|| Said {
                seat: None,
                text: String::new(),
            });
            story.begin_hand(step(said.text, said.seat));
        } else if let (Some(hand), Some(said)) = (story.hands.last_mut(), said) {
            hand.steps.push(step(said.text, said.seat));
        }
    }
}

/// The steps the game took by itself before the next action (`Game::advance`: a next
/// hand dealt once nobody may act), as the table takes them.
fn advanced<G: Projected>(game: &mut G) -> Vec<G::Event> {
    let mut events = Vec::new();
    while !game.is_over() && game.to_act().next().is_none() {
        let Some(more) = game.advance() else {
            break;
        };
        events.extend_from_slice(G::events(&more));
    }
    events
}

/// What a note changed in the game, done again: a seat leaving or sitting down, or the
/// step the table asked for; `None` for a note that changes nothing in the game.
pub fn redo_note<G: Game>(game: &mut G, note: &Note) -> Option<G::Events> {
    match *note {
        Note::Left { seat } => game.leave(seat),
        Note::Sat { seat, .. } => game.join(seat),
        Note::Next => game.advance(),
        Note::Forfeit { .. } | Note::CpuTookOver { .. } => None,
    }
}
