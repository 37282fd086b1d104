//! Watching a running table: what a watcher is told, built only from what anyone at the
//! table may see.
//!
//! Every event a table's game produces passes, in [`Hub::take`], through
//! [`Projected::for_watcher`] (the rules crate's one projection, the same `for_seat`
//! that serves the players) before anything else reads it. The game's [`Narrator`]
//! keeps a public model of the table from those events alone, so a watcher cannot be
//! told what the projection took out. While nobody watches, the hub only keeps the model
//! and the current hand's public events; words and tables are written for watchers only.
//!
//! A watcher ([`Feed::join`]) gets one frame with the current hand from its start (every
//! step in words, and the table now), then a frame per step as the game goes, each
//! `{"hand": n, "steps": [{"seat": from 1 or null, "text": ...}], "table": Shot}`, the
//! table drawn as the replay page draws it, with `?` for every face down.

use super::story::Shot;
use parlor_game::Projected;
use serde::Serialize;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// Frames a slow watcher may fall behind by; past that it misses the oldest steps' words
/// (each frame still carries the whole table).
const BACKLOG: usize = 64;

/// One step of a hand, as a watcher is told it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    /// Who acted, from 1; none for what the table did (a deal, a trick taken).
    pub seat: Option<usize>,
    pub text: String,
}

impl Said {
    /// A step by `seat` (from 0).
    pub fn by(seat: usize, text: String) -> Option<Said> {
        Some(Said {
            seat: Some(seat + 1),
            text,
        })
    }

    /// A step of the table's own.
    pub fn table(text: String) -> Option<Said> {
        Some(Said { seat: None, text })
    }
}

/// A game's public model for watchers, one per rules crate (`record/<game>/watch.rs`).
/// It sees only events projected for a watcher.
pub trait Narrator<G: Projected>: Clone + Send + 'static {
    /// `event` in words, as the table stood before it; `None` for one not worth a step.
    fn say(&self, event: &G::Event) -> Option<Said>;
    /// Takes `event` into the model.
    fn take(&mut self, event: &G::Event);
    /// The table now.
    fn shot(&self) -> Shot;
    /// The seats' names the narrator tells steps with (renamed as the table renames).
    fn names(&mut self) -> &mut Vec<String>;
}

/// A game that can be watched: its narrator, made when the game starts from its seats'
/// names (and the rules the game plays, which are public).
pub trait Watchable: Projected + Sized {
    type Narrator: Narrator<Self>;
    fn narrator(&self, names: Vec<String>) -> Self::Narrator;
}

/// What the HTTP port needs of a table to let someone watch it.
pub trait Feed: Send + Sync {
    /// The current hand so far as one frame, and the frames to come.
    fn join(&self) -> (String, broadcast::Receiver<Arc<str>>);
}

/// A table's watchers and the public model they are told from.
pub struct Hub<G: Watchable> {
    state: Mutex<HubState<G>>,
    frames: broadcast::Sender<Arc<str>>,
}

struct HubState<G: Watchable> {
    narrator: G::Narrator,
    /// The model as the current hand began, to tell it again from its start.
    at_start: G::Narrator,
    /// The current hand's events, as a watcher sees them.
    hand: Vec<G::Event>,
    number: u32,
}

#[derive(Serialize)]
struct Frame<'a> {
    hand: u32,
    steps: &'a [Said],
    table: Shot,
}

impl<G: Watchable> Hub<G> {
    /// A hub told by `narrator`, before the game's first event.
    pub fn new(narrator: G::Narrator) -> Arc<Hub<G>> {
        Arc::new(Hub {
            state: Mutex::new(HubState {
                at_start: narrator.clone(),
                narrator,
                hand: Vec::new(),
                number: 1,
            }),
            frames: broadcast::channel(BACKLOG).0,
        })
    }

    fn lock(&self) -> MutexGuard<'_, HubState<G>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a batch of the game's events (full information); watchers, if any, are sent
    /// a frame for each step.
    pub fn take(&self, events: &[G::Event]) {
        let mut state = self.lock();
        // Asked under the lock, as a watcher joins under it: a new watcher is either in
        // the hand told to it or sent this batch's frames.
        let watched = self.frames.receiver_count() > 0;
        for event in events {
            let Some(event) = G::for_watcher(event) else {
                continue;
            };
            // The game's first events begin its first hand, whatever they are.
            if G::starts_hand(&event) && !state.hand.is_empty() {
                state.at_start = state.narrator.clone();
                state.hand.clear();
                state.number += 1;
            }
            let said = if watched {
                state.narrator.say(&event)
            } else {
                None
            };
            state.narrator.take(&event);
            state.hand.push(event);
            if let Some(said) = said {
                let frame = frame(state.number, &[said], state.narrator.shot());
                let _ = self.frames.send(frame);
            }
        }
    }
}

impl<G: Watchable> Hub<G> {
    /// The seat `seat` is called `name` from now on (a player named themselves, a CPU
    /// player took the seat over).
    pub fn rename(&self, seat: usize, name: &str) {
        let mut state = self.lock();
        let state = &mut *state;
        for narrator in [&mut state.narrator, &mut state.at_start] {
            if let Some(slot) = narrator.names().get_mut(seat) {
                name.clone_into(slot);
            }
        }
    }
}

impl<G: Watchable> Feed for Hub<G>
where
    G::Event: Send + Sync,
{
    fn join(&self) -> (String, broadcast::Receiver<Arc<str>>) {
        let state = self.lock();
        // Subscribed under the lock: no frame falls between the hand told and the next.
        let frames = self.frames.subscribe();
        let mut model = state.at_start.clone();
        let mut steps = Vec::new();
        for event in &state.hand {
            steps.extend(model.say(event));
            model.take(event);
        }
        let first = frame(state.number, &steps, state.narrator.shot());
        (first.to_string(), frames)
    }
}

fn frame(hand: u32, steps: &[Said], table: Shot) -> Arc<str> {
    let frame = Frame { hand, steps, table };
    serde_json::to_string(&frame)
        .unwrap_or_else(|_| "{}".to_owned())
        .into()
}

/// Faces a watcher may not see, as many as there are: `?` each.
pub fn backs(count: usize) -> Vec<String> {
    vec!["?".to_owned(); count]
}

#[cfg(test)]
pub mod leaks {
    //! The leak test every game's narrator runs: whole games played by CPU players, and
    //! every frame a watcher would get checked against the cards each seat holds then.

    use super::*;
    use parlor_game::{Game, GameRng, Strategy};

    /// Plays `game` to its end with `players`, sending every event through a hub with a
    /// watcher; after each action, no frame so far may show a face `hidden(game)` lists
    /// (every seat's hidden cards or tiles, as the frames write faces). Returns how many
    /// frames the watcher got.
    pub fn check<G: Watchable + Game>(
        mut game: G,
        first: &[G::Event],
        players: &mut [Box<dyn Strategy<G>>],
        rng: &mut GameRng,
        hidden: impl Fn(&G) -> Vec<String>,
        events: impl Fn(&G::Events) -> &[G::Event],
    ) -> usize
    where
        G::Event: Send + Sync,
    {
        let names = (0..game.seats()).map(|s| format!("P{s}")).collect();
        let hub = Hub::<G>::new(game.narrator(names));
        let (_, mut frames) = hub.join();
        hub.take(first);
        let mut seen = 0;
        while !game.is_over() {
            let Some(seat) = game.to_act().next() else {
                let Some(more) = game.advance() else {
                    panic!("a game that is not over has a seat to act");
                };
                hub.take(events(&more));
                continue;
            };
            let legal = game.legal_actions(seat);
            let action = players[seat].choose(&game.view(seat), &legal, rng);
            let applied = game.apply(seat, action).expect("a legal move");
            hub.take(events(&applied));
            let secret = hidden(&game);
            let mut batch = Vec::new();
            while let Ok(frame) = frames.try_recv() {
                batch.push(serde_json::from_str::<serde_json::Value>(&frame).unwrap());
            }
            seen += batch.len();
            // Frames of a hand that ended in this batch (a new one was dealt) showed the
            // old hand's table; the cards held now are the new hand's.
            let now = batch.iter().filter_map(|f| f["hand"].as_u64()).max();
            for frame in batch.iter().filter(|f| f["hand"].as_u64() == now) {
                let faces = faces(&frame["table"]);
                for face in &faces {
                    assert!(
                        face == "?" || !secret.contains(face),
                        "a watcher saw {face}, held hidden: {frame}"
                    );
                }
                for hand in frame["table"]["hands"].as_array().unwrap() {
                    let shown = hand.as_array().unwrap();
                    assert!(shown.iter().all(|f| f == "?"), "a hand shown: {frame}");
                }
            }
        }
        seen
    }

    /// Every face a frame's table shows.
    fn faces(table: &serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        let mut walk = vec![table.clone()];
        while let Some(value) = walk.pop() {
            match value {
                serde_json::Value::String(s) => out.push(s),
                serde_json::Value::Array(items) => walk.extend(items),
                serde_json::Value::Object(fields) => {
                    walk.extend(
                        fields
                            .into_iter()
                            .filter(|(k, _)| k != "notes" && k != "score")
                            .map(|(_, v)| v),
                    );
                }
                _ => {}
            }
        }
        out
    }
}
