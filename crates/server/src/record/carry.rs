//! Carrying a game over to another node of a cluster: what a game is, read back from its
//! steps in the cluster's stream ([`Carried`]), and who can take one on ([`Carriers`]:
//! each protocol whose tables can be carried over offers itself at start).
//!
//! A carried game is made again exactly from its rules, seed and action log (the same
//! pure replay the store's replays are), its people's seats kept for them with their
//! tokens for the grace period, its CPU players seated again.

use super::Step;
use parlor_store::{GameId, GameStart};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A game still being played when its node stopped, as its steps tell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// Its id in the store.
    pub id: i64,
    pub protocol: String,
    pub variant: String,
    pub seed: u64,
    /// Each seat's name, and its CPU strategy if a CPU player sat there at the start.
    pub seats: Vec<(String, Option<String>)>,
    pub table: Option<String>,
    pub started_at_ms: i64,
    /// Its action log so far, every entry (`SEAT NOTATION`, notes `# TEXT`).
    pub entries: Vec<String>,
    /// Who may take each seat back (nobody: a CPU player takes it on).
    pub holders: Vec<Holder>,
    /// The hands the steps hold whole (each hand's end follows its last action).
    pub hands: u32,
}

impl Carried {
    /// The game's start as the store keeps it.
    pub fn start(&self) -> GameStart {
        let seats = self.seats.iter();
        GameStart {
            id: GameId(self.id),
            protocol: self.protocol.clone(),
            variant: self.variant.clone(),
            seed: self.seed,
            started_at_ms: self.started_at_ms,
            seats: seats
                .map(|(name, cpu)| super::seat(name, cpu.as_deref()))
                .collect(),
            table: self.table.clone(),
        }
    }

    /// An error unless the game is one of `variant` with `seats` seats: what the table
    /// carrying it on plays.
    pub fn plays(&self, variant: &str, seats: usize) -> Result<(), String> {
        if self.variant == variant && self.seats.len() == seats {
            return Ok(());
        }
        Err(format!(
            "game {}: {} seats of {:?}, not this node's {seats} of {variant:?}",
            self.id,
            self.seats.len(),
            self.variant
        ))
    }

    /// Whether a CPU player plays each seat: those it sat in at the start, and
    /// `taken_over` (from the log's notes).
    pub fn cpu_seats(&self, taken_over: &[usize]) -> Vec<bool> {
        let mut cpu: Vec<bool> = self.seats.iter().map(|(_, c)| c.is_some()).collect();
        for &seat in taken_over {
            if let Some(cpu) = cpu.get_mut(seat) {
                *cpu = true;
            }
        }
        cpu
    }

    /// Where the CPU players' choices come from once the game is carried on: the seed
    /// and the place in the log.
    pub fn cpu_rng(&self) -> cards::GameRng {
        let stream = self.seed.rotate_left(17) ^ 0x5EED_B075 ^ self.entries.len() as u64;
        cards::seeded_rng(stream)
    }
}

/// Who may take a seat back, as its table told the stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The token the seat's person was given.
    pub token: Option<String>,
    /// Where the seat's person connected from.
    pub addr: Option<IpAddr>,
}

impl Holder {
    /// Who may take a seat back: the person with `token` (parlor's web client's seat
    /// token), or the person with the seat's name from `addr`.
    pub fn of(token: Option<&crate::net::SeatToken>, addr: Option<IpAddr>) -> Holder {
        Holder {
            token: token.map(|t| t.as_str().to_owned()),
            addr,
        }
    }

    /// Whether anybody may take the seat back.
    pub fn is_anyone(&self) -> bool {
        self.token.is_some() || self.addr.is_some()
    }
}

impl Carried {
    /// Game `id`, started at `started_at_ms`, from its `steps`: `None` if it ended (or
    /// never started), so there is nothing to carry on; an error if the steps do not
    /// make a game. Only the steps from its own start to the next count: an id the
    /// stream saw before (a store started afresh within the stream's day) named another
    /// game then.
    pub fn from_steps(
        id: i64,
        started_at_ms: i64,
        steps: &[Step],
    ) -> Result<Option<Carried>, String> {
        let starts =
            |s: &Step| matches!(s, Step::Start { started_at_ms: at, .. } if *at == started_at_ms);
        let Some(first) = steps.iter().rposition(starts) else {
            return Ok(None);
        };
        let steps = &steps[first..];
        let next = steps[1..]
            .iter()
            .position(|s| matches!(s, Step::Start { .. }));
        let steps = &steps[..next.map_or(steps.len(), |n| n + 1)];
        let Some(Step::Start {
            protocol,
            variant,
            seed,
            seats,
            table,
            started_at_ms,
        }) = steps.first()
        else {
            return Ok(None);
        };
        let seed = seed
            .parse()
            .map_err(|_| format!("game {id}: its seed is not a number"))?;
        let mut carried = Carried {
            id,
            protocol: protocol.clone(),
            variant: variant.clone(),
            seed,
            seats: seats.clone(),
            table: table.clone(),
            started_at_ms: *started_at_ms,
            entries: Vec::new(),
            holders: vec![Holder::default(); seats.len()],
            hands: 0,
        };
        for step in &steps[1..] {
            match step {
                Step::Entry { text } => carried.entries.push(text.clone()),
                Step::Holder { seat, token, addr } => match carried.holders.get_mut(*seat) {
                    Some(holder) => {
                        holder.token.clone_from(token);
                        holder.addr = addr.as_deref().and_then(|a| a.parse().ok());
                    }
                    None => return Err(format!("game {id} has no seat {seat}")),
                },
                Step::Name { seat, name } => match carried.seats.get_mut(*seat) {
                    Some(slot) => slot.0.clone_from(name),
                    None => return Err(format!("game {id} has no seat {seat}")),
                },
                Step::Hand { number } => carried.hands = carried.hands.max(*number),
                // (The steps end before the next start.)
                Step::Start { .. } => {}
                Step::End { .. } => return Ok(None),
            }
        }
        Ok(Some(carried))
    }
}

/// How a protocol takes a carried game on: makes its table again and keeps its seats'
/// tokens where its returning people look for them.
pub type Carry = Arc<dyn Fn(Carried) -> Result<(), String> + Send + Sync>;

/// The protocols whose tables can be carried over, by name. Cheap to clone.
#[derive(Clone, Default)]
pub struct Carriers(Arc<Mutex<HashMap<String, Carry>>>);

impl Carriers {
    /// `protocol`'s tables can be carried over with `carry`.
    pub fn offer(&self, protocol: &str, carry: Carry) {
        self.lock().insert(protocol.to_owned(), carry);
    }

    /// Takes `carried` on with its protocol's carrier; an error if its protocol has none
    /// on this node or the game cannot be made again.
    pub fn carry(&self, carried: Carried) -> Result<(), String> {
        let carry = self.lock().get(&carried.protocol).cloned();
        match carry {
            Some(carry) => carry(carried),
            None => Err(format!(
                "{} tables cannot be carried over (yet)",
                carried.protocol
            )),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Carry>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Whether this node is handing its tables over (a cluster node draining): its games
/// then stop without being ended in the store, for another node to carry them on.
/// Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Handover(Arc<AtomicBool>);

impl Handover {
    /// From now on, a table that stops is handed over, not abandoned.
    pub fn start(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the node is handing its tables over.
    pub fn is_on(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Step {
        Step::Start {
            protocol: "truco".into(),
            variant: "course".into(),
            seed: u64::MAX.to_string(),
            seats: vec![
                ("ana".into(), None),
                ("CPU 2".into(), Some("heuristic".into())),
            ],
            table: Some("table 1".into()),
            started_at_ms: 7,
        }
    }

    #[test]
    fn a_game_is_read_back_from_its_steps() {
        let steps = [
            start(),
            Step::Holder {
                seat: 0,
                token: Some("abc".into()),
                addr: Some("127.0.0.1".into()),
            },
            Step::Entry {
                text: "0 play 4o".into(),
            },
            Step::Hand { number: 1 },
            Step::Name {
                seat: 0,
                name: "Ana".into(),
            },
            Step::Entry {
                text: "1 play 7c".into(),
            },
        ];
        let carried = Carried::from_steps(9, 7, &steps).unwrap().unwrap();
        assert_eq!(carried.seed, u64::MAX);
        assert_eq!(carried.entries, ["0 play 4o", "1 play 7c"]);
        let first = Holder {
            token: Some("abc".into()),
            addr: Some([127, 0, 0, 1].into()),
        };
        assert_eq!(carried.holders, [first, Holder::default()]);
        assert!(!carried.holders[1].is_anyone());
        assert_eq!(carried.seats[0].0, "Ana");
        assert_eq!(carried.table.as_deref(), Some("table 1"));
        assert_eq!(
            carried.hands, 1,
            "the first hand whole, the second under way"
        );
    }

    #[test]
    fn an_ended_or_broken_game_is_not_carried() {
        let ended = [start(), Step::End { finished: true }];
        assert_eq!(Carried::from_steps(1, 7, &ended), Ok(None));
        assert_eq!(Carried::from_steps(1, 7, &[]), Ok(None));
        // An id seen before: the game that started when the listing says counts.
        let mut other = start();
        if let Step::Start { started_at_ms, .. } = &mut other {
            *started_at_ms = 3;
        }
        let again = [other.clone(), Step::End { finished: true }, start()];
        assert!(Carried::from_steps(1, 7, &again).unwrap().is_some());
        let before = [start(), other, Step::End { finished: true }];
        assert!(
            Carried::from_steps(1, 7, &before).unwrap().is_some(),
            "the other's end is not its"
        );
        assert_eq!(
            Carried::from_steps(1, 9, &before),
            Ok(None),
            "no game started then"
        );
        let no_seat = [
            start(),
            Step::Holder {
                seat: 5,
                token: Some("x".into()),
                addr: None,
            },
        ];
        assert!(Carried::from_steps(1, 7, &no_seat).is_err());
    }

    #[test]
    fn a_protocol_without_a_carrier_says_so() {
        let carriers = Carriers::default();
        let carried = Carried::from_steps(1, 7, &[start()]).unwrap().unwrap();
        assert!(carriers.carry(carried.clone()).is_err());
        let taken = Arc::new(Mutex::new(Vec::new()));
        let into = taken.clone();
        carriers.offer(
            "truco",
            Arc::new(move |c: Carried| {
                into.lock().unwrap().push(c.id);
                Ok(())
            }),
        );
        assert_eq!(carriers.carry(carried), Ok(()));
        assert_eq!(*taken.lock().unwrap(), [1]);
    }
}
