//! One game of a tournament's pairing: four programs that are always there, no CPU
//! players and no turn timer (the tournament's own deadline forfeits a missed answer).
//! It runs the game on the kernel's [`Play`] (for its record and watchers) and renders
//! its frames with [`Render`], addressed to seats or to everyone; the tournament actor
//! delivers them. Single games run at the kernel's table actor instead (`single.rs`).

use super::message::{ClientMsg, TrumpfChoice};
use super::render::{forfeit, Out, Pending, PlayerInfo, Players, Render, To};
use crate::record::jass::{self as record_jass, JassChronicle};
use crate::record::{self, GameLog, Ledger};
use crate::table::{EveryoneHere, Play, Timing};
use cards::seeded_rng;
use jass::{Action, Config, Event, Seat};
use parlor_wire::jass::{Bad, ServerMsg};

/// A pairing's game.
pub struct JassTable {
    play: Play<jass::Game, JassChronicle>,
    players: Players,
    render: Render,
}

impl JassTable {
    /// Starts a game stored under the pairing's session name (`record`):
    /// `BROADCAST_TEAMS`, the deal and the first request.
    pub fn start(
        players: [PlayerInfo; 4],
        seed: u64,
        config: Config,
        record: (&Ledger, &str),
    ) -> (JassTable, Vec<Out>) {
        let seats = players
            .iter()
            .map(|p| record::seat(&p.name, None))
            .collect();
        let variant = record::jass::variant(&config);
        let (recorder, session) = record;
        let name = Some(session.to_owned());
        let log = GameLog::start(recorder, "jass", variant, seed, seats, name);
        let (game, events) = record_jass::start(config, seed, log);
        let rng = seeded_rng(seed ^ 0x0BAD_5EED);
        let timing = Timing {
            cpu_delay: std::time::Duration::ZERO,
            turn_limit: None,
        };
        // Nothing ever plays for a tournament's programs: the stand-in is never asked.
        let stand_in = Box::new(jass::bots::HeuristicBot);
        let play = Play::new(game, &events, rng, timing, stand_in);
        let mut table = JassTable {
            play,
            players: players.map(Some),
            render: Render::default(),
        };
        let mut out = vec![Out {
            to: To::Everyone,
            frame: super::render::teams(&table.players),
        }];
        table.show(&events, &mut out);
        (table, out)
    }

    /// The game's id in the store.
    pub fn game_id(&self) -> parlor_store::GameId {
        self.play.game_id()
    }

    /// Whether a player has made a move of their own (see `table::Play::anyone_played`).
    pub fn anyone_played(&self) -> bool {
        self.play.anyone_played()
    }

    /// The request waiting for an answer.
    pub fn pending(&self) -> Option<Pending> {
        self.render.pending()
    }

    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.play.winner()
    }

    /// A player's message to the game: a trumpf or card answer; anything else is not
    /// expected now (and the player's pending request, if any, is asked again).
    pub fn client_message(&mut self, seat: Seat, msg: ClientMsg) -> Vec<Out> {
        let action = match msg {
            ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(mode)) => Action::Choose(mode),
            ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe) => Action::Schiebe,
            ClientMsg::ChooseCard(card) => Action::Play(card),
            _ => {
                let bad = ServerMsg::BadMessage(Bad::field("type", "not expected now")).write();
                let mut out = vec![Out {
                    to: To::Seat(seat),
                    frame: bad,
                }];
                out.extend(self.repeat_request(seat));
                return out;
            }
        };
        // Only the seat asked may answer.
        if self.render.pending().is_none_or(|p| p.seat() != seat) {
            return self.render.refused(seat, action);
        }
        match self.play.act(seat, action) {
            Ok(events) => {
                let mut out = Vec::new();
                self.render.answered();
                self.show(&events, &mut out);
                // Nothing plays for anyone here: this only keeps the kernel's books.
                self.play.after_change(&EveryoneHere, |_| {});
                out
            }
            Err(_) => self.render.refused(seat, action),
        }
    }

    /// After a bad message from `seat`, its pending request (if any) again.
    pub fn repeat_request(&self, seat: Seat) -> Option<Out> {
        self.render.request(seat)
    }

    /// The team that did not include `seat` wins (a player left or missed a deadline):
    /// `BROADCAST_WINNER_TEAM` with the current totals.
    pub fn forfeit(&mut self, seat: Seat) -> (usize, Out) {
        self.render.answered();
        let (team, frame) = forfeit(&mut self.play, seat);
        let out = Out {
            to: To::Everyone,
            frame,
        };
        (team, out)
    }

    fn show(&mut self, events: &[Event], out: &mut Vec<Out>) {
        for event in events.iter().filter_map(Render::seen) {
            self.render.event(&event, &self.players, out);
        }
    }
}
