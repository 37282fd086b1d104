//! The hall: every table of today's app, public or private, created on demand and gone
//! when its last person leaves. Sessions look tables up here; each table is its own actor
//! ([`super::room`]).

use super::guard::CodeGuard;
use super::room::{self, RoomHandle, Settings};
use parlor_wire::minitruco::mode_letter;
use rand::Rng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use truco::AppMode;

/// Public (found by mode) or private (found by its code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Public,
    /// A five-digit code, 0..=99999.
    Private(u32),
}

impl Kind {
    /// The table's name in the store.
    pub fn store_name(self) -> &'static str {
        match self {
            Kind::Public => "public table",
            Kind::Private(_) => "private table",
        }
    }

    /// The room field of `I`: `PUB` or `PRI-<code>`.
    pub fn label(self) -> String {
        match self {
            Kind::Public => "PUB".into(),
            Kind::Private(code) => format!("PRI-{code:05}"),
        }
    }
}

/// What the hall knows of a table without asking its actor: kept up to date by it.
#[derive(Debug, Default)]
pub struct Listing {
    people: AtomicU8,
    playing: AtomicBool,
}

impl Listing {
    /// The table's actor reports who is there and whether a game runs.
    pub fn update(&self, people: usize, playing: bool) {
        self.people.store(people.min(4) as u8, Ordering::Relaxed);
        self.playing.store(playing, Ordering::Relaxed);
    }

    /// Whether someone could sit down now.
    fn open(&self) -> bool {
        self.people.load(Ordering::Relaxed) < 4 && !self.playing.load(Ordering::Relaxed)
    }
}

struct Listed {
    kind: Kind,
    mode: AppMode,
    handle: RoomHandle,
    listing: Arc<Listing>,
}

#[derive(Default)]
struct Directory {
    tables: HashMap<u64, Listed>,
    next_id: u64,
}

/// Every app table. Cheap to clone.
#[derive(Clone)]
pub struct Hall {
    directory: Arc<Mutex<Directory>>,
    settings: Arc<Settings>,
    keepalive: Duration,
    codes: Arc<CodeGuard>,
}

impl Hall {
    /// An empty hall whose tables start with `settings`; app connections get a `K` every
    /// `keepalive`.
    pub fn new(settings: Settings, keepalive: Duration) -> Hall {
        Hall {
            directory: Arc::default(),
            settings: Arc::new(settings),
            keepalive,
            codes: Arc::default(),
        }
    }

    /// What wrong private codes cost, shared by every app connection.
    pub fn codes(&self) -> &CodeGuard {
        &self.codes
    }

    /// How often an app connection is sent a keep-alive it must echo.
    pub fn keepalive(&self) -> Duration {
        self.keepalive
    }

    /// A public table of `mode` where someone could sit down now (`fresh`: always a new
    /// one). The table may fill up before the person arrives: joining can still fail.
    pub fn public(&self, mode: AppMode, fresh: bool) -> RoomHandle {
        let mut directory = self.lock();
        let mut open: Vec<(&u64, &Listed)> = directory
            .tables
            .iter()
            .filter(|(_, t)| t.kind == Kind::Public && t.mode == mode && t.listing.open())
            .collect();
        open.sort_by_key(|(id, _)| **id);
        if let Some((_, table)) = open.first().filter(|_| !fresh) {
            return table.handle.clone();
        }
        self.open_table(&mut directory, Kind::Public, mode)
    }

    /// A new private table of `mode`, under a code no other table has.
    pub fn new_private(&self, mode: AppMode) -> RoomHandle {
        let mut directory = self.lock();
        let taken = |d: &Directory, code| d.tables.values().any(|t| t.kind == Kind::Private(code));
        // Codes are drawn from the OS's randomness: a code is the key to a table.
        let mut rng = rand::rngs::OsRng;
        let mut code = rng.gen_range(0..100_000);
        while taken(&directory, code) {
            code = rng.gen_range(0..100_000);
        }
        self.open_table(&mut directory, Kind::Private(code), mode)
    }

    /// The private table with this code (five digits), if there is one.
    pub fn private(&self, code: &str) -> Option<RoomHandle> {
        if code.len() != 5 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let code: u32 = code.parse().ok()?;
        let directory = self.lock();
        let table = directory
            .tables
            .values()
            .find(|t| t.kind == Kind::Private(code))?;
        Some(table.handle.clone())
    }

    /// The modes of the public tables waiting for people (someone there, a seat free,
    /// no game), as the app's `/status` line `AGUARDANDO <letters>` lists them.
    pub fn waiting_modes(&self) -> String {
        let directory = self.lock();
        let mut letters: Vec<char> = directory
            .tables
            .values()
            .filter(|t| t.kind == Kind::Public && t.listing.open())
            .filter(|t| t.listing.people.load(Ordering::Relaxed) > 0)
            .map(|t| mode_letter(t.mode))
            .collect();
        letters.sort_unstable();
        letters.dedup();
        letters.into_iter().collect()
    }

    /// A table's actor ends: it is no longer found.
    pub fn close(&self, id: u64) {
        self.lock().tables.remove(&id);
    }

    fn open_table(&self, directory: &mut Directory, kind: Kind, mode: AppMode) -> RoomHandle {
        directory.next_id += 1;
        let id = directory.next_id;
        let listing = Arc::new(Listing::default());
        let handle = room::spawn(
            id,
            kind,
            mode,
            listing.clone(),
            self.clone(),
            &self.settings,
        );
        directory.tables.insert(
            id,
            Listed {
                kind,
                mode,
                handle: handle.clone(),
                listing,
            },
        );
        handle
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Directory> {
        self.directory.lock().unwrap_or_else(|e| e.into_inner())
    }
}
