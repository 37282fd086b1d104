//! Course Truco's table: four players in connection order, then one match, played at
//! the kernel's table actor (`table::actor`). This file is what is course Truco's own:
//! how events read on the wire (`render.rs`), the lines the table announces itself with
//! (`WELCOME`, `WAITING`, `MATCH`, `LEFT`, `TOKEN`, `NAME`, `SEATS`, the `ERROR`s), the
//! rules of a name, and the CPU players' strategy. A player who leaves mid-match is
//! replaced by a CPU player unless they hold a token; after `MATCH_END` every
//! connection closes.

use super::render::{player, Renderer};
use crate::record::truco::TrucoChronicle;
use crate::record::{Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Hooks, Settings};
use crate::table::Timing;
use crate::text;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use truco::bots::{self, Strategy};
use truco::{team_of, Action, Event, RuleError, Rules, Seat};

pub use crate::net::ConnId;

/// The strategy of the CPU player that takes over from someone who left.
pub const STAND_IN: &str = "heuristic";

/// The longest name kept from `NAME`, in bytes (cut on a character boundary).
const MAX_NAME_BYTES: usize = 24;

/// A way to a course Truco table.
pub type TableHandle = actor::TableHandle<Action>;

/// The tokens given out by every table, to find the table a `RESUME` goes to. Shared by
/// the lobby and the sessions.
pub type Tokens = Arc<Mutex<HashMap<String, TableHandle>>>;

/// What a table needs to start.
pub struct TableConfig {
    pub id: u64,
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub bot_delay: Duration,
    /// Time a person has to act before the server acts for them.
    pub turn_timeout: Option<Duration>,
    pub inbox: usize,
    /// How long a player with a token keeps the seat after dropping mid-match.
    pub grace: Duration,
    pub shutdown: CancellationToken,
}

/// Starts a table waiting for its four players.
pub fn spawn(config: TableConfig) -> TableHandle {
    let settings = Settings {
        protocol: "truco",
        rules: Rules::course(),
        variant: "course".to_owned(),
        seats: 4,
        timing: Timing {
            cpu_delay: config.bot_delay,
            turn_limit: config.turn_timeout,
        },
        grace: config.grace,
        name: Some(format!("table {}", config.id)),
    };
    actor::spawn(
        Course,
        settings,
        config.inbox,
        config.recorder,
        config.seeds,
        config.shutdown,
    )
}

/// The stand-in strategy, for CPU players and people out of time.
fn stand_in() -> Box<dyn Strategy<truco::Game>> {
    bots::by_name(STAND_IN).unwrap_or_else(|| Box::new(bots::RandomBot))
}

/// Course Truco at the kernel's table.
struct Course;

fn welcome(seat: Seat) -> String {
    format!("WELCOME {} {}", player(seat), team_of(seat) + 1)
}

impl Hooks for Course {
    type Game = truco::Game;
    type Chronicle = TrucoChronicle;
    type Viewer = Renderer;

    fn viewer(&self, seat: Seat) -> Renderer {
        Renderer::new(seat)
    }

    fn render(&self, viewer: &mut Renderer, event: &Event, out: &mut Vec<String>) {
        viewer.render(event, out);
    }

    fn seated(&self, seat: Seat, _token: Option<&str>) -> Vec<String> {
        vec![welcome(seat)]
    }

    fn refused(&self, refusal: &RuleError) -> String {
        error_line(*refusal)
    }

    fn cpu(&self) -> Box<dyn Strategy<truco::Game>> {
        stand_in()
    }

    fn chronicle(&self) -> TrucoChronicle {
        TrucoChronicle
    }

    /// Course clients ask for a token (`TOKEN`): the seed's players have none.
    fn token_at_sit(&self) -> bool {
        false
    }

    fn token(&self, token: &str) -> Option<String> {
        Some(format!("TOKEN {token}"))
    }

    fn cpu_name(&self, seat: Seat) -> String {
        format!("CPU{}", player(seat))
    }

    fn waiting(&self, seated: usize) -> Option<String> {
        Some(format!("WAITING {seated}"))
    }

    fn started(&self) -> Vec<String> {
        vec!["MATCH 1".to_owned()]
    }

    fn resumed(&self, seat: Seat, _token: &str) -> Vec<String> {
        vec![welcome(seat), "MATCH 1".to_owned()]
    }

    fn replaced(&self) -> Option<String> {
        Some("ERROR RESUMED your seat was taken with its token by a new connection".to_owned())
    }

    fn left(&self, seat: Seat) -> Option<String> {
        Some(format!("LEFT {}", player(seat)))
    }

    fn timed_out(&self, _seat: Seat) -> Option<String> {
        Some("ERROR TIMEOUT your time ran out; the server played for you".to_owned())
    }

    fn not_started(&self) -> Option<String> {
        Some("ERROR NOT_YOUR_TURN the match has not started".to_owned())
    }

    fn fill_refused(&self) -> Option<String> {
        Some("ERROR BAD_COMMAND the match has started".to_owned())
    }

    /// `NAME <name>`: the name made safe to show and store, unless it is empty, a CPU
    /// player's or another player's at this table.
    fn rename(
        &self,
        seat: Seat,
        name: &str,
        taken: &dyn Fn(&str) -> bool,
    ) -> Result<(String, String), String> {
        let name = text::clean(name, "", ' ', MAX_NAME_BYTES);
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() || text::looks_like_cpu(&name) {
            return Err("ERROR BAD_COMMAND that name cannot be used".to_owned());
        }
        if taken(&name) {
            return Err("ERROR BAD_COMMAND another player at this table has that name".to_owned());
        }
        let line = format!("NAME {} {name}", player(seat));
        Ok((name, line))
    }

    /// `SEATS`: for players 1-4, `PERSON`, `AWAY`, `CPU` or `EMPTY`.
    fn seats(&self, kinds: &[Option<SeatKind>]) -> Option<String> {
        let words = kinds.iter().map(|kind| match kind {
            Some(SeatKind::Person) => " PERSON",
            Some(SeatKind::Away) => " AWAY",
            Some(SeatKind::Cpu) => " CPU",
            None => " EMPTY",
        });
        Some(words.fold(String::from("SEATS"), |line, word| line + word))
    }

    /// A player catching up is shown only the last `TURN`.
    fn is_prompt(event: &Event) -> bool {
        event.is_turn()
    }
}

/// The `ERROR` line for a refused action.
pub fn error_line(error: RuleError) -> String {
    let code = match error {
        RuleError::NotYourTurn | RuleError::GameOver => "NOT_YOUR_TURN",
        RuleError::CardNotHeld => "NOT_IN_HAND",
        RuleError::TrucoNotAllowed => "TRUCO_NOT_ALLOWED",
        RuleError::RaisePending => "RAISE_PENDING",
        RuleError::NoRaisePending => "NO_RAISE_PENDING",
        RuleError::NotYourAnswer => "NOT_YOUR_ANSWER",
        // Not reachable under the course rules (closed cards always allowed, no hand of
        // 11), but every refusal gets an answer.
        RuleError::ClosedNotAllowed
        | RuleError::HandOfElevenPending
        | RuleError::NotYourDecision => "BAD_COMMAND",
    };
    format!("ERROR {code} {error}")
}
