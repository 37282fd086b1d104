//! Every table playing on this server right now, for `/api/tables` and the home page:
//! which game, who sits where (a person, a person away, a CPU player), since when and
//! which hand. A game's log lists it when the game starts ([`Tables::list`]); the game in
//! play keeps its seats and hand up to date; the listing goes when the game ends (its
//! [`Listed`] is dropped with the log).
//!
//! Nothing here says anything a player may not know: names, seat kinds, hand numbers.
//! A running game's seed and cards never enter a listing. A table's entry also holds
//! how to watch it (its [`Feed`]), for `/ws/watch/<id>`.

use super::watch::Feed;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// The running tables, shared by every protocol and the HTTP port.
#[derive(Clone, Default)]
pub struct Tables(Arc<Shared>);

#[derive(Default)]
struct Shared {
    entries: Mutex<BTreeMap<i64, Entry>>,
    /// Told when a table comes or goes (a cluster node writes its list at once then).
    came_or_went: tokio::sync::Notify,
}

/// A running table: its listing, and how to watch it.
struct Entry {
    listing: Listing,
    feed: Option<Arc<dyn Feed>>,
}

/// One running table, as the API shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// The game's id, the one it is stored under (its replay's once it is over).
    pub id: i64,
    /// The protocol it is played over (`minitruco`, `truco`, `wars`, `jass`, `mahjong`).
    pub game: String,
    /// Its rule variant, as the store names it.
    pub variant: String,
    /// The room, table or session name, if it has one.
    pub table: Option<String>,
    /// When the game started, in Unix milliseconds.
    pub started_at_ms: i64,
    /// The hand (deal, kyoku) being played, from 1.
    pub hand: u32,
    /// The seats in seat order.
    pub seats: Vec<SeatListing>,
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatListing {
    pub name: String,
    pub kind: SeatKind,
}

/// What kind of player a seat has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the keyboard.
    Person,
    /// A person whose connection dropped, who may come back (a stand-in plays meanwhile).
    Away,
    /// A CPU player.
    Cpu,
    /// Nobody: the person left for good and the game goes on without the seat
    /// (Warlords).
    Left,
    /// Nobody has sat there yet: a game that takes players as it goes (a Warlords
    /// evening) seats its newcomers there.
    Empty,
}

impl Tables {
    /// Lists `listing` until the returned [`Listed`] is dropped.
    pub fn list(&self, listing: Listing) -> Listed {
        let id = listing.id;
        self.lock().insert(
            id,
            Entry {
                listing,
                feed: None,
            },
        );
        self.0.came_or_went.notify_one();
        Listed {
            tables: self.clone(),
            id,
        }
    }

    /// Waits until a table comes or goes (at once if one did since the last call).
    pub async fn came_or_went(&self) {
        self.0.came_or_went.notified().await;
    }

    /// Every running table, oldest first.
    pub fn all(&self) -> Vec<Listing> {
        self.lock().values().map(|e| e.listing.clone()).collect()
    }

    /// Whether game `id`'s table runs here.
    pub fn runs(&self, id: i64) -> bool {
        self.lock().contains_key(&id)
    }

    /// How to watch running table `id`, if it is running.
    pub fn feed(&self, id: i64) -> Option<Arc<dyn Feed>> {
        self.lock().get(&id)?.feed.clone()
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<i64, Entry>> {
        self.0.entries.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A table's place in [`Tables`]; dropping it takes the table off the list.
pub struct Listed {
    tables: Tables,
    id: i64,
}

impl std::fmt::Debug for Listed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Listed({})", self.id)
    }
}

impl Listed {
    /// Changes the listing.
    pub fn update(&self, change: impl FnOnce(&mut Listing)) {
        if let Some(entry) = self.tables.lock().get_mut(&self.id) {
            change(&mut entry.listing);
        }
    }

    /// The seats' names as listed now.
    pub fn names(&self) -> Vec<String> {
        self.seats().into_iter().map(|s| s.name).collect()
    }

    /// The seats as listed now: who plays each, and how.
    pub fn seats(&self) -> Vec<SeatListing> {
        let tables = self.tables.lock();
        let seats = tables.get(&self.id).map(|e| e.listing.seats.as_slice());
        seats.unwrap_or_default().to_vec()
    }

    /// Watchers of this table are told by `feed`.
    pub fn watch(&self, feed: Arc<dyn Feed>) {
        if let Some(entry) = self.tables.lock().get_mut(&self.id) {
            entry.feed = Some(feed);
        }
    }
}

impl Drop for Listed {
    fn drop(&mut self) {
        self.tables.lock().remove(&self.id);
        self.tables.0.came_or_went.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_listed_while_its_listing_lives() {
        let tables = Tables::default();
        let listing = |id| Listing {
            id,
            game: "truco".into(),
            variant: "course".into(),
            table: None,
            started_at_ms: 0,
            hand: 1,
            seats: vec![],
        };
        let first = tables.list(listing(7));
        let second = tables.list(listing(3));
        first.update(|l| l.hand = 2);
        let ids: Vec<(i64, u32)> = tables.all().iter().map(|l| (l.id, l.hand)).collect();
        assert_eq!(ids, [(3, 1), (7, 2)]);
        drop(first);
        assert_eq!(tables.all(), [listing(3)]);
        drop(second);
        assert!(tables.all().is_empty());
    }
}
