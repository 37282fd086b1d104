//! A single-game session at the kernel's table actor (`table::actor`): four seats
//! taken by team (people, or server bots a seated person asks for with `JOIN_BOT`),
//! spectators, and the game once the fourth seat is taken. A person whose connection
//! drops keeps the seat for the grace period (a stand-in plays for them) and may come
//! back by joining the session again under the same name from the same address, or
//! with their seat token; when the grace period ends their team forfeits. When the game
//! ends, every connection is closed and the session is forgotten.
//!
//! A tournament's pairing plays at the same actor ([`pairing`]): its four programs are
//! seated together, never waited for nor played for: a missed deadline (the turn limit)
//! or a dropped connection forfeits, and the tournament hears how it ended.
//!
//! What is Jass's own is here: the seat rule by team, the frames (`render.rs`), the
//! player ids and `BROADCAST_SESSION_JOINED`, the forfeit, and the catch-up from the
//! game's state for a person coming back.

use super::lobby::Lobby;
use super::message::{Bad, ClientMsg, ServerMsg, TrumpfChoice};
use super::render::{self, error, Out, PlayerInfo, Players, Render, To, Trick};
use super::{Client, SessionMsg};
use crate::record::jass::JassChronicle;
use crate::record::{Carried, SeatKind};
use crate::table::actor::{
    self, Gone, Hooks, Input, Newcomer, NoCpu, Settings, Starter, TableHandle,
};
use crate::table::{Play, Timing};
use jass::{Action, Config, Event, Seat};
use parlor_store::GameId;
use parlor_wire::jass::{Joined, Player};
use std::cell::RefCell;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// A way to a single game's table.
pub type SingleHandle = TableHandle<jass::Game>;

/// How many inputs wait for a single game's table.
const INBOX: usize = 256;

/// Starts a single-game session named `name`, waiting for its four players.
pub fn spawn(
    name: String,
    lobby: Lobby,
    grace: Duration,
    shutdown: CancellationToken,
) -> SingleHandle {
    let settings = settings(&name, &lobby, grace);
    let (ledger, seeds) = (lobby.recorder.clone(), lobby.seeds());
    let hooks = SingleHooks::new(name, lobby, [None, None, None, None], Kind::Single);
    actor::spawn(hooks, settings, INBOX, ledger, seeds, shutdown)
}

/// How a tournament's pairing ended: the winning team (`None` if it did not end by
/// a result: the server stopped), and its game in the store, if anyone moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairingOver {
    pub pairing: u32,
    pub winner: Option<usize>,
    pub game: Option<GameId>,
}

/// Seats a tournament's pairing, `players` on the connections of `clients`, in the
/// session `name` (its game stored under it), and begins its game; each request has the
/// tournament's deadline. `over` hears how it ended. [`Starter::run`] runs it.
pub fn pairing(
    name: String,
    lobby: Lobby,
    (players, clients): ([PlayerInfo; 4], [&Client; 4]),
    (pairing, over): (u32, mpsc::Sender<SessionMsg>),
    shutdown: CancellationToken,
) -> (SingleHandle, Starter<impl Hooks<Game = jass::Game>>) {
    let mut settings = settings(&name, &lobby, Duration::ZERO);
    settings.timing.turn_limit = Some(lobby.settings.tournament_deadline);
    let people = clients
        .iter()
        .map(|c| Some(Newcomer::named(c.conn, c.outbox.clone(), c.name.clone())))
        .collect();
    let (ledger, seeds) = (lobby.recorder.clone(), lobby.seeds());
    let kind = Kind::Pairing {
        pairing,
        over,
        winner: None,
    };
    let hooks = SingleHooks::new(name, lobby, players.map(Some), kind);
    actor::seat_group(hooks, settings, people, INBOX, (ledger, seeds), shutdown)
}

/// Starts a single-game session carried over from another node of a cluster: its game
/// made again from the stream ([`Carried`]), its people away (each may come back by
/// joining the session again, by name from their address or with their seat token), its
/// server bots seated again. An error if the game cannot be made again here.
pub fn carry(
    name: String,
    lobby: Lobby,
    grace: Duration,
    shutdown: CancellationToken,
    carried: &Carried,
) -> Result<SingleHandle, String> {
    let players = std::array::from_fn(|seat| {
        Some(PlayerInfo {
            id: lobby.player_id(),
            name: (carried.seats.get(seat)).map_or(String::new(), |s| s.0.clone()),
            seat,
        })
    });
    let settings = settings(&name, &lobby, grace);
    let ledger = lobby.recorder.clone();
    let hooks = SingleHooks::new(name, lobby, players, Kind::Single);
    actor::carry(hooks, settings, INBOX, ledger, shutdown, carried)
}

/// How a session's table is set: the lobby's multipliers; server bots answer at once,
/// people have the lobby's turn limit.
fn settings(name: &str, lobby: &Lobby, grace: Duration) -> Settings<Config> {
    let rules = Config {
        multipliers: lobby.settings.multipliers,
        ..Config::default()
    };
    Settings {
        protocol: "jass",
        variant: crate::record::jass::variant(&rules).to_owned(),
        rules,
        seats: 4,
        timing: Timing {
            cpu_delay: Duration::ZERO,
            turn_limit: Some(lobby.settings.turn_timeout).filter(|t| !t.is_zero()),
        },
        grace,
        name: Some(name.to_owned()),
    }
}

/// Asks the table for a seat for `client` (in `team` if possible), or to watch; the
/// answer is the `BAD_MESSAGE` data when refused.
pub async fn join(
    table: &SingleHandle,
    name: &str,
    client: Client,
    team: Option<usize>,
    spectator: bool,
) -> Result<(), Bad> {
    let ended = || Bad::field("data.sessionName", format!("{name} has ended"));
    if spectator {
        let watch = Input::Watch {
            conn: client.conn,
            outbox: client.outbox,
        };
        return table.send(watch).await.then_some(()).ok_or_else(ended);
    }
    let newcomer = Newcomer {
        conn: client.conn,
        outbox: client.outbox,
        name: client.name,
        addr: Some(client.addr),
        token: client.token,
        preference: team,
    };
    let (reply, answer) = tokio::sync::oneshot::channel();
    if !table.send(Input::Sit { newcomer, reply }).await {
        return Err(ended());
    }
    match answer.await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(actor::NoSeat::Full)) => {
            Err(Bad::field("data.sessionName", format!("{name} is full")))
        }
        Ok(Err(actor::NoSeat::Started)) => Err(Bad::field(
            "data.sessionName",
            format!("{name} has already started"),
        )),
        Err(_) => Err(ended()),
    }
}

/// What a member's connection asks of the table (`None`: a join, which
/// [`join`] asks).
pub fn input_of(msg: SessionMsg) -> Option<Input<jass::Game>> {
    Some(match msg {
        SessionMsg::Join { .. } | SessionMsg::PairingOver(_) => return None,
        SessionMsg::JoinBot { team, from } => Input::Cpu {
            conn: from,
            preference: team,
        },
        SessionMsg::Leave { conn } => Input::Leave { conn },
        SessionMsg::Client { conn, msg } => input(conn, msg),
        SessionMsg::Bad { conn, data } => Input::Again {
            conn,
            line: ServerMsg::BadMessage(data).write(),
        },
    })
}

/// What a member's message asks of the table: a choice, or (anything else) "not
/// expected now" and their request again.
pub fn input(conn: crate::net::ConnId, msg: ClientMsg) -> Input<jass::Game> {
    let action = match msg {
        ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(mode)) => Action::Choose(mode),
        ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe) => Action::Schiebe,
        ClientMsg::ChooseCard(card) => Action::Play(card),
        _ => {
            let line = not_expected();
            return Input::Again { conn, line };
        }
    };
    Input::Act { conn, action }
}

/// `BAD_MESSAGE` for a message the session does not expect now.
fn not_expected() -> String {
    ServerMsg::BadMessage(Bad::field("type", "not expected now")).write()
}

/// The seat for a newcomer: 2 x (players already in the team) + team index, in the
/// chosen team if it has room, else the other.
fn seat_for(taken: &[bool], team: Option<usize>) -> Option<usize> {
    let taken = |s: usize| taken.get(s).copied().unwrap_or(true);
    let count = |t: usize| [t, t + 2].iter().filter(|&&s| taken(s)).count();
    let preferred = team.unwrap_or_else(|| if count(1) < count(0) { 1 } else { 0 });
    [preferred, 1 - preferred]
        .into_iter()
        .find(|&t| count(t) < 2)
        .map(|t| [t, t + 2].into_iter().find(|&s| !taken(s)).unwrap_or(t))
}

/// One seat's renderer: the frames for that seat and for everyone (a spectator's: for
/// everyone only).
pub struct Viewer {
    seat: Seat,
    render: Render,
}

/// The last frame rendered for everyone, with what it was made from: the same event
/// over the same trick. The table actor shows an event to each seat in turn, and a frame
/// for everyone reads alike for all of them, so the next seat gets a copy instead of a
/// new rendering.
#[derive(Default)]
struct Shared {
    event: Option<Event>,
    before: Trick,
    frame: String,
}

impl Shared {
    /// The frame for everyone `event` gives over the trick `before`, if it was the last
    /// one rendered.
    fn reuse(&self, event: &Event, before: &Trick) -> Option<String> {
        (self.event.as_ref() == Some(event) && &self.before == before).then(|| self.frame.clone())
    }
}

/// Which kind of session a table is.
enum Kind {
    /// A single game, offered in the lobby.
    Single,
    /// A tournament's pairing; `over` hears how it ended (`winner`, once forfeited).
    Pairing {
        pairing: u32,
        over: mpsc::Sender<SessionMsg>,
        winner: Option<usize>,
    },
}

/// A Jass session's part at the table actor.
struct SingleHooks {
    name: String,
    lobby: Lobby,
    /// Everyone seated, people and bots, as the protocol shows them.
    players: Players,
    /// The seat announced last: a spectator joining is told of it, as the reference
    /// server does (its web client reads the seat to draw the table from).
    last_joined: Option<Seat>,
    kind: Kind,
    shared: RefCell<Shared>,
}

impl SingleHooks {
    fn new(name: String, lobby: Lobby, players: Players, kind: Kind) -> SingleHooks {
        SingleHooks {
            name,
            lobby,
            players,
            last_joined: None,
            kind,
            shared: RefCell::default(),
        }
    }

    fn is_pairing(&self) -> bool {
        matches!(self.kind, Kind::Pairing { .. })
    }

    /// `player` joined, with everyone seated.
    fn joined(&self, player: Option<Player>) -> Joined {
        Joined {
            player,
            players_in_session: self
                .players
                .iter()
                .flatten()
                .map(PlayerInfo::player)
                .collect(),
            session_name: self.name.clone(),
        }
    }

    /// `BROADCAST_SESSION_JOINED` for `player`.
    fn joined_line(&self, player: Option<Player>) -> String {
        ServerMsg::BroadcastSessionJoined(self.joined(player)).write()
    }

    fn player(&self, seat: Seat) -> Option<Player> {
        self.players.get(seat)?.as_ref().map(PlayerInfo::player)
    }
}

impl Hooks for SingleHooks {
    type Game = jass::Game;
    type Chronicle = JassChronicle;
    type Viewer = Viewer;

    fn viewer(&self, seat: Seat) -> Viewer {
        Viewer {
            seat,
            render: Render::default(),
        }
    }

    fn render(&self, viewer: &mut Viewer, _: &jass::Game, event: &Event, out: &mut Vec<String>) {
        // Whatever happens next answers any request.
        viewer.render.answered();
        let before = viewer.render.trick().clone();
        if let Some(frame) = self.shared.borrow().reuse(event, &before) {
            viewer.render.track(event);
            out.push(frame);
            return;
        }
        let mut frames = Vec::new();
        viewer
            .render
            .event(event, &self.players, viewer.seat, &mut frames);
        for Out { to, frame } in frames {
            if to == To::Everyone {
                *self.shared.borrow_mut() = Shared {
                    event: Some(*event),
                    before: before.clone(),
                    frame: frame.clone(),
                };
            }
            if to == To::Everyone || to == To::Seat(viewer.seat) {
                out.push(frame);
            }
        }
    }

    fn seated(&self, _seat: Seat, _token: Option<&str>) -> Vec<String> {
        Vec::new()
    }

    fn refused(
        &self,
        viewer: &Viewer,
        _: &jass::Game,
        action: &Action,
        _: &jass::RuleError,
    ) -> Vec<String> {
        let frames = viewer.render.refused(viewer.seat, *action);
        frames.into_iter().map(|o| o.frame).collect()
    }

    fn cpu(&self) -> Box<dyn jass::bots::Strategy<jass::Game>> {
        Box::new(jass::bots::HeuristicBot)
    }

    fn chronicle(&self) -> JassChronicle {
        JassChronicle
    }

    /// Seat tokens are the clients' own (parlor's web client's), never given out.
    fn token_at_sit(&self) -> bool {
        false
    }

    fn cpu_name(&self, seat: Seat) -> String {
        format!("bot{}", seat + 1)
    }

    /// `BROADCAST_TEAMS`; a single game is no longer offered to newcomers.
    fn started(&self) -> Vec<String> {
        if !self.is_pairing() {
            self.lobby.update(&self.name, false);
        }
        tracing::debug!(session = self.name, "jass game started");
        vec![render::teams(&self.players)]
    }

    /// `BROADCAST_SESSION_JOINED` to them alone (the others know them already).
    fn resumed(&self, seat: Seat, _token: Option<&str>, _names: &[String]) -> Vec<String> {
        tracing::debug!(session = self.name, seat, "jass player back at the table");
        vec![self.joined_line(self.player(seat))]
    }

    fn caught_up(&self, viewer: &mut Viewer, game: &jass::Game, seat: Seat) -> Option<Vec<String>> {
        let view = game.view(seat);
        viewer.render.sync(&view);
        Some(viewer.render.catch_up(&view, &self.players))
    }

    fn again(&self, viewer: &Viewer) -> Option<String> {
        viewer.render.request(viewer.seat).map(|out| out.frame)
    }

    /// A tournament's programs never come back: they forfeit.
    fn back_by_name(&self) -> bool {
        !self.is_pairing()
    }

    fn seat_for(&self, taken: &[bool], team: Option<usize>) -> Option<Seat> {
        seat_for(taken, team)
    }

    /// Names are unique at a table, so a name can only ever mean one seat.
    fn seat_name(&self, name: &str, taken: &dyn Fn(&str) -> bool) -> String {
        crate::text::distinct_name(name, taken)
    }

    fn joined(&mut self, seat: Seat, name: &str) -> Option<String> {
        let info = PlayerInfo {
            id: self.lobby.player_id(),
            name: name.to_owned(),
            seat,
        };
        let player = info.player();
        self.players[seat] = Some(info);
        self.last_joined = Some(seat);
        Some(self.joined_line(Some(player)))
    }

    fn vacated(&mut self, seat: Seat) {
        self.players[seat] = None;
    }

    fn cpu_refused(&self, why: NoCpu) -> Option<String> {
        let why = match why {
            NoCpu::NotSeated => "only a player seated in this session may add bots to it",
            NoCpu::Started => "the game has started",
        };
        Some(ServerMsg::BadMessage(Bad::field("data.sessionName", why)).write())
    }

    /// Before anyone is seated there is nothing to tell: the spectator learns of each
    /// player from the broadcasts (the reference would fail here).
    fn watching(&self) -> Vec<String> {
        let last = (self.last_joined.and_then(|seat| self.player(seat))).or_else(|| {
            self.players
                .iter()
                .flatten()
                .next_back()
                .map(PlayerInfo::player)
        });
        let joined = last.map(|player| self.joined(Some(player)));
        joined
            .map(|joined| ServerMsg::SessionJoined(joined).write())
            .into_iter()
            .collect()
    }

    fn not_playing(&self) -> Option<String> {
        Some(not_expected())
    }

    /// The person of `seat` left the game: the other team wins. But when a grace
    /// period ends with nobody at the table and people of both teams away (everyone
    /// left, or a carried game nobody came back to), whose grace ended first says
    /// nothing of who won: the game is abandoned.
    fn forfeit(
        &mut self,
        play: &mut Play<jass::Game, JassChronicle>,
        seat: Seat,
        kinds: &[Option<SeatKind>],
        why: Gone,
    ) -> Option<Vec<String>> {
        if let Kind::Pairing { winner, .. } = &mut self.kind {
            let (team, frame) = render::forfeit(play, seat);
            tracing::info!(
                session = self.name,
                seat,
                "request timed out or bot left; game forfeited"
            );
            *winner = Some(team);
            return Some(vec![frame]);
        }
        let nobody_here = !kinds.contains(&Some(SeatKind::Person));
        let other_away = (0..4).any(|s| s % 2 != seat % 2 && kinds[s] == Some(SeatKind::Away));
        if why == Gone::Expired && nobody_here && other_away {
            tracing::debug!(session = self.name, "jass game abandoned: nobody came back");
            play.abandon("every person left and none came back in time");
            return Some(Vec::new());
        }
        let name = self.players[seat].as_ref().map_or("", |p| p.name.as_str());
        let (team, winner) = render::forfeit(play, seat);
        tracing::debug!(
            session = self.name,
            player = name,
            winner = team + 1,
            "jass player left; game forfeited"
        );
        Some(vec![
            error(&format!("Player {name} left the game!")),
            winner,
        ])
    }

    /// Server bots stay only for the person who asked for them.
    fn ends_deserted(&self) -> bool {
        true
    }

    fn late_forfeits(&self) -> bool {
        self.is_pairing()
    }

    /// A tournament's programs play on at its next pairing.
    fn lets_go(&self) -> bool {
        !self.is_pairing()
    }

    fn ended(&mut self, play: Option<&Play<jass::Game, JassChronicle>>) {
        let Kind::Pairing {
            pairing,
            over,
            winner,
        } = &self.kind
        else {
            self.lobby.update(&self.name, true);
            return;
        };
        let over_msg = PairingOver {
            pairing: *pairing,
            winner: winner.or_else(|| play.and_then(|p| p.winner())),
            game: play.filter(|p| p.anyone_played()).map(Play::game_id),
        };
        let over = over.clone();
        tokio::spawn(async move { over.send(SessionMsg::PairingOver(over_msg)).await });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(seats: &[usize]) -> [bool; 4] {
        let mut all = [false; 4];
        for &s in seats {
            all[s] = true;
        }
        all
    }

    #[test]
    fn seats_follow_the_team_rule() {
        assert_eq!(seat_for(&taken(&[]), None), Some(0));
        assert_eq!(seat_for(&taken(&[0]), None), Some(1));
        assert_eq!(seat_for(&taken(&[0, 1]), None), Some(2));
        assert_eq!(seat_for(&taken(&[]), Some(1)), Some(1));
        assert_eq!(seat_for(&taken(&[1]), Some(1)), Some(3));
        // A full team sends you to the other.
        assert_eq!(seat_for(&taken(&[1, 3]), Some(1)), Some(0));
        assert_eq!(seat_for(&taken(&[0, 1, 2, 3]), Some(0)), None);
    }
}
