//! Course Truco's table: four players in connection order, then one match, played at
//! the kernel's table actor (`table::actor`). This file is what is course Truco's own:
//! how events read on the wire (`render.rs`), the lines the table announces itself with
//! (`WELCOME`, `WAITING`, `MATCH`, `LEFT`, `TOKEN`, `NAME`, `SEATS`, the `ERROR`s), the
//! rules of a name, and the CPU players' strategy. A player who leaves mid-match is
//! replaced by a CPU player unless they hold a token; after `MATCH_END` every
//! connection closes.

use super::render::{player, Renderer};
use crate::record::truco::TrucoChronicle;
use crate::record::{Carried, Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Hooks, Settings};
use crate::table::Timing;
use crate::text;
use parlor_wire::truco::{Occupant, ServerMsg};
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
pub type TableHandle = actor::TableHandle<truco::Game>;

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
    let name = Some(format!("table {}", config.id));
    let settings = settings(&config, name);
    actor::spawn(
        Course,
        settings,
        config.inbox,
        config.recorder,
        config.seeds,
        config.shutdown,
    )
}

/// Carries on a table another node of the cluster ran, from its game's steps.
pub fn carry(config: TableConfig, carried: &Carried) -> Result<TableHandle, String> {
    let settings = settings(&config, carried.table.clone());
    let (inbox, ledger, shutdown) = (config.inbox, config.recorder, config.shutdown);
    actor::carry(Course, settings, inbox, ledger, shutdown, carried)
}

/// How a table named `name` is set.
fn settings(config: &TableConfig, name: Option<String>) -> Settings<Rules> {
    Settings {
        protocol: "truco",
        rules: Rules::course(),
        variant: "course".to_owned(),
        seats: 4,
        timing: Timing {
            cpu_delay: config.bot_delay,
            turn_limit: config.turn_timeout,
        },
        grace: config.grace,
        name,
    }
}

/// The stand-in strategy, for CPU players and people out of time.
fn stand_in() -> Box<dyn Strategy<truco::Game>> {
    bots::by_name(STAND_IN).unwrap_or_else(|| Box::new(bots::RandomBot))
}

/// Course Truco at the kernel's table.
struct Course;

fn welcome(seat: Seat) -> String {
    let team = team_of(seat) as u8 + 1;
    ServerMsg::Welcome {
        player: player(seat),
        team,
    }
    .write()
}

/// An `ERROR` line.
fn error(code: &str, text: &str) -> String {
    let (code, text) = (code.to_owned(), text.to_owned());
    ServerMsg::Error { code, text }.write()
}

impl Hooks for Course {
    type Game = truco::Game;
    type Chronicle = TrucoChronicle;
    type Viewer = Renderer;

    fn viewer(&self, seat: Seat) -> Renderer {
        Renderer::new(seat)
    }

    fn render(&self, viewer: &mut Renderer, _: &truco::Game, event: &Event, out: &mut Vec<String>) {
        viewer.render(event, out);
    }

    fn seated(&self, seat: Seat, _token: Option<&str>) -> Vec<String> {
        vec![welcome(seat)]
    }

    fn refused(
        &self,
        _: &Renderer,
        _: &truco::Game,
        _: &Action,
        refusal: &RuleError,
    ) -> Vec<String> {
        vec![error_line(*refusal)]
    }

    fn cpu(&self) -> Box<dyn Strategy<truco::Game>> {
        stand_in()
    }

    fn chronicle(&self) -> TrucoChronicle {
        TrucoChronicle
    }

    /// Course clients ask for a token (`TOKEN`): the seed's players have none. The
    /// session tells it (`TOKEN <hex>`) once it can find the table by it.
    fn token_at_sit(&self) -> bool {
        false
    }

    fn cpu_name(&self, seat: Seat) -> String {
        format!("CPU{}", player(seat))
    }

    fn waiting(&self, seated: usize) -> Option<String> {
        Some(ServerMsg::Waiting(seated as u8).write())
    }

    fn started(&self) -> Vec<String> {
        vec![ServerMsg::Match(1).write()]
    }

    fn resumed(&self, seat: Seat, _token: Option<&str>, _names: &[String]) -> Vec<String> {
        vec![welcome(seat), ServerMsg::Match(1).write()]
    }

    fn replaced(&self) -> Option<String> {
        Some(error(
            "RESUMED",
            "your seat was taken with its token by a new connection",
        ))
    }

    fn left(&self, seat: Seat) -> Option<String> {
        Some(ServerMsg::Left(player(seat)).write())
    }

    fn timed_out(&self, _seat: Seat) -> Option<String> {
        Some(error(
            "TIMEOUT",
            "your time ran out; the server played for you",
        ))
    }

    fn not_playing(&self) -> Option<String> {
        Some(error("NOT_YOUR_TURN", "the match has not started"))
    }

    fn fill_refused(&self) -> Option<String> {
        Some(error("BAD_COMMAND", "the match has started"))
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
            return Err(error("BAD_COMMAND", "that name cannot be used"));
        }
        if taken(&name) {
            return Err(error(
                "BAD_COMMAND",
                "another player at this table has that name",
            ));
        }
        let line = ServerMsg::Name {
            player: player(seat),
            name: name.clone(),
        };
        Ok((name, line.write()))
    }

    /// `SEATS`: for players 1-4, `PERSON`, `AWAY`, `CPU` or `EMPTY`.
    fn seats(&self, kinds: &[Option<SeatKind>]) -> Option<String> {
        let occupant = |seat: usize| match kinds.get(seat).copied().flatten() {
            Some(SeatKind::Person) => Occupant::Person,
            Some(SeatKind::Away) => Occupant::Away,
            Some(SeatKind::Cpu) => Occupant::Cpu,
            // Course Truco never plays on without a seat: a CPU player takes it.
            Some(SeatKind::Left | SeatKind::Empty) | None => Occupant::Empty,
        };
        Some(ServerMsg::Seats([0, 1, 2, 3].map(occupant)).write())
    }

    /// A player catching up is shown only the last `TURN`.
    fn is_prompt(event: &Event) -> bool {
        event.is_turn()
    }
}

/// The `ERROR` line for a refused action.
pub fn error_line(refusal: RuleError) -> String {
    let code = match refusal {
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
    error(code, &refusal.to_string())
}
