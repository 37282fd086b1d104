//! A Mahjong table at the kernel's table actor (`table::actor`): the group the lobby
//! formed, CPU players in the empty seats, one game.
//!
//! What is Mahjong's own is here: how each event reads for a seat (`move` lines as each
//! receiver may see them), `play` and `claim` drawn from what the game waits for, told
//! once per decision, `ack` after every hand but the last (each person acknowledges
//! before the next `newhand`; the turn limit applies), `game` with everyone's names on
//! sitting down and on coming back, `reject` with the engine's reason, the stand-in that
//! passes every claim window, and a CPU player named after the person whose seat it
//! takes. Operations are read into the engine's actions against the game itself
//! (`operation.rs`), and chat is relayed, both by the sessions through the actor's
//! inputs. A person whose connection drops keeps the seat for the grace period and may
//! come back under the same name from the same address (or with their seat token).

use super::render;
use super::MahjongSettings;
use crate::net::{Outbox, SeatToken};
use crate::record::mahjong::{self as record_mahjong, MahjongChronicle};
use crate::record::{Carried, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Hooks, Newcomer, Settings, Starter};
use crate::table::Timing;
use cards::{seeded_rng, GameRng};
use mahjong::bots::{self, Strategy};
use mahjong::game::{Action, Event, Game, Length, Pending, Rules, View};
use parlor_wire::mmj1::ServerMsg;
use std::net::IpAddr;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

pub use crate::net::ConnId;

/// A way to a Mahjong table.
pub type TableHandle = actor::TableHandle<Game>;

/// How many inputs wait for a table.
const INBOX: usize = 64;

/// A person waiting in the lobby or seated at a table.
#[derive(Clone, Debug)]
pub struct Human {
    /// The name from `mmj1c` (made distinct in the lobby).
    pub name: String,
    /// Where their lines go.
    pub outbox: Outbox,
    /// Where they connect from: coming back under the same name is allowed from there.
    pub addr: IpAddr,
    /// Their connection: messages from an earlier connection of theirs are ignored.
    pub conn: ConnId,
    /// parlor's web client's seat token (`net::SeatToken`).
    pub token: Option<SeatToken>,
}

impl Human {
    /// This person as the rule of taking a seat back sees them (`net::may_take`).
    pub fn holder(&self) -> crate::net::Holder<'_> {
        crate::net::Holder {
            name: &self.name,
            addr: self.addr,
            token: self.token.as_ref(),
        }
    }

    /// This person asking the table for a seat (their own again, when they come back).
    pub fn newcomer(self) -> Newcomer {
        Newcomer {
            conn: self.conn,
            outbox: self.outbox,
            name: self.name,
            addr: Some(self.addr),
            token: self.token,
            preference: None,
        }
    }
}

/// Seats `humans` in seat order (CPU players in the empty seats) at a new table and
/// begins the game with the seed drawn from `seeds`; [`Starter::run`] runs it, once
/// every session knows its table (a client may answer `game` at once).
pub fn create(
    humans: Vec<Human>,
    settings: MahjongSettings,
    grace: Duration,
    (recorder, seeds): (&Ledger, &SeedSource),
    shutdown: CancellationToken,
) -> (TableHandle, Starter<MahjongHooks>) {
    let people = humans.into_iter().map(|h| Some(h.newcomer())).collect();
    let table_settings = table_settings(&settings, grace);
    let hooks = MahjongHooks { settings };
    let ledger = (recorder.clone(), seeds.clone());
    actor::seat_group(hooks, table_settings, people, INBOX, ledger, shutdown)
}

/// Carries on a table another node of the cluster ran: its game made again from its log
/// ([`Carried`]), each person who may take their seat back (by token, or by name from
/// their address) away for the grace period while a stand-in plays for them, CPU players
/// in the other seats.
pub fn carry(
    carried: &Carried,
    settings: MahjongSettings,
    grace: Duration,
    recorder: &Ledger,
    shutdown: CancellationToken,
) -> Result<TableHandle, String> {
    let table_settings = table_settings(&settings, grace);
    let hooks = MahjongHooks { settings };
    actor::carry(
        hooks,
        table_settings,
        INBOX,
        recorder.clone(),
        shutdown,
        carried,
    )
}

/// How a table is set.
fn table_settings(settings: &MahjongSettings, grace: Duration) -> Settings<Rules> {
    let rules = Rules {
        red_fives: settings.red_fives,
        length: if settings.east_only {
            Length::Tonpuusen
        } else {
            Length::Hanchan
        },
        ..Rules::default()
    };
    Settings {
        protocol: "mahjong",
        variant: record_mahjong::variant(&rules),
        rules,
        seats: 4,
        timing: Timing {
            cpu_delay: settings.cpu_delay,
            turn_limit: Some(settings.turn_timeout).filter(|t| !t.is_zero()),
        },
        grace,
        name: None,
    }
}

/// Plays for a person who is away or out of time: passes every claim window (the expiry
/// rule: a call or a win off a discard is the person's to make) and plays turns as the
/// efficiency player does.
struct StandIn(Box<dyn Strategy<Game>>);

impl Strategy<Game> for StandIn {
    fn name(&self) -> &'static str {
        "stand-in"
    }

    fn choose(&mut self, view: &View<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        self.0.choose(view, legal, rng)
    }
}

/// A CPU player of the configured strategy (the strongest if the name is unknown).
fn cpu(strategy: &str) -> Box<dyn Strategy<Game>> {
    bots::by_name(strategy).unwrap_or_else(|| bots::by_name("efficiency").expect("a bot"))
}

/// Mahjong's part at the table actor.
pub struct MahjongHooks {
    settings: MahjongSettings,
}

impl Hooks for MahjongHooks {
    type Game = Game;
    type Chronicle = MahjongChronicle;
    /// The seat whose lines are rendered.
    type Viewer = usize;

    fn viewer(&self, seat: usize) -> usize {
        seat
    }

    fn render(&self, &mut seat: &mut usize, game: &Game, event: &Event, out: &mut Vec<String>) {
        let red = self.settings.red_fives;
        match event {
            Event::NewHand {
                round,
                dealer,
                honba,
                sticks,
                scores,
                ..
            } => {
                out.push(render::newhand(
                    *round,
                    &mahjong::seat_winds((*dealer).into()),
                ));
                out.push(render::score(scores, *honba, *sticks));
            }
            Event::Move(m) if m.is_for(seat) => out.push(render::move_for(m, seat, red)),
            Event::Break { dice } => out.push(render::dice(*dice)),
            Event::Riichi { .. } => out.push(ServerMsg::Riichi.line()),
            Event::Win(w) => out.push(render::win(w)),
            Event::Draw(_) => out.push(ServerMsg::Draw.line()),
            // After the last hand the game is over: nothing to acknowledge.
            Event::HandOver { .. } if game.pending() == Pending::HandOver => {
                out.push(ServerMsg::Ack.line());
            }
            Event::GameOver { scores, ranks } => {
                out.push(render::score(scores, game.honba(), game.sticks()));
                out.push(render::gameover(ranks));
            }
            _ => {}
        }
    }

    /// Never asked: the lobby seats its groups whole.
    fn seated(&self, _seat: usize, _token: Option<&str>) -> Vec<String> {
        Vec::new()
    }

    fn refused(
        &self,
        _seat: &usize,
        _game: &Game,
        _action: &Action,
        refusal: &mahjong::game::RuleError,
    ) -> Vec<String> {
        vec![render::reject(refusal.message())]
    }

    fn cpu(&self) -> Box<dyn Strategy<Game>> {
        cpu(&self.settings.cpu_strategy)
    }

    fn stand_in(&self) -> Box<dyn Strategy<Game>> {
        Box::new(StandIn(cpu("efficiency")))
    }

    /// The table's seed draws the game's seed first, then the CPU players' choices go on
    /// from the same stream.
    fn seeds(&self, drawn: u64) -> (u64, GameRng) {
        let mut rng = seeded_rng(drawn);
        let game_seed: u64 = rand::Rng::gen(&mut rng);
        (game_seed, rng)
    }

    fn chronicle(&self) -> MahjongChronicle {
        MahjongChronicle::default()
    }

    /// Seat tokens are the clients' own (parlor's web client's), never given out.
    fn token_at_sit(&self) -> bool {
        false
    }

    fn cpu_name_after(&self, _seat: usize, person: &str) -> String {
        format!("{person} (CPU)")
    }

    fn opening(&self, seat: usize, names: &[String]) -> Vec<String> {
        vec![render::game(seat, names)]
    }

    fn resumed(&self, seat: usize, _token: Option<&str>, names: &[String]) -> Vec<String> {
        tracing::debug!(seat, "mahjong: back at the table");
        vec![render::game(seat, names)]
    }

    fn prompt(&self, game: &Game, seat: usize) -> Option<String> {
        match game.pending() {
            Pending::Turn(turn) if turn == seat => Some(ServerMsg::Play.line()),
            Pending::Claims(owed) if owed.contains(seat) => Some(ServerMsg::Claim.line()),
            _ => None,
        }
    }

    fn ends_decision(event: &Event) -> bool {
        matches!(event, Event::Move(_) | Event::HandOver { .. })
    }

    fn acknowledges(&self) -> bool {
        true
    }

    fn nothing_to_ack(&self) -> Option<String> {
        Some(render::reject("there is nothing to acknowledge"))
    }

    fn back_by_name(&self) -> bool {
        true
    }
}
