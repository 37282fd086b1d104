//! One Jass game between four seats, independent of the transport: it turns the rules
//! engine's events into the frames each seat (or everyone) gets, remembers which request
//! is pending so a bad answer can be asked again, and lets server bots take their turns.

use super::message::{bare, card, cards, frame, mode, ClientMsg, TrumpfChoice};
use crate::record::{self, GameLog, Note};
use cards::{seeded_rng, Card, GameRng};
use jass::bots::Strategy;
use jass::{Action, Config, Event, Game, Seat};
use parlor_store::Recorder;
use serde_json::{json, Value};

/// Who a frame is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    Seat(Seat),
    /// Every player and spectator.
    Everyone,
}

/// A frame and its recipients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Out {
    pub to: To,
    pub frame: String,
}

/// A seated player as the protocol shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    pub id: String,
    pub name: String,
    pub seat: Seat,
}

impl PlayerInfo {
    /// `{"id", "seatId", "name"}`
    pub fn json(&self) -> Value {
        json!({ "id": self.id, "seatId": self.seat, "name": self.name })
    }
}

/// The request a seat owes an answer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    Trumpf { seat: Seat, pushed: bool },
    Card { seat: Seat },
}

impl Pending {
    /// The seat that must answer.
    pub fn seat(self) -> Seat {
        match self {
            Pending::Trumpf { seat, .. } | Pending::Card { seat } => seat,
        }
    }
}

/// The game.
pub struct JassTable {
    game: Game,
    players: [PlayerInfo; 4],
    bots: [Option<Box<dyn Strategy<jass::Game>>>; 4],
    pending: Option<Pending>,
    trick: Vec<Card>,
    rng: GameRng,
    /// The game's record for the store.
    log: GameLog,
    /// Actions applied so far: with the pending request, it tells a new request from
    /// the same one asked again.
    moves: u64,
}

/// The wire name of a team (team 0 is seats 0 and 2).
pub fn team_name(team: usize) -> String {
    format!("Team {}", team + 1)
}

fn team_points(team: usize, totals: [u32; 2], deal: [u32; 2]) -> Value {
    json!({ "name": team_name(team), "points": totals[team], "currentRoundPoints": deal[team] })
}

impl JassTable {
    /// Starts a game: `BROADCAST_TEAMS`, the deal and the first request (bots in the
    /// seats that have one play at once).
    pub fn start(
        players: [PlayerInfo; 4],
        bots: [Option<Box<dyn Strategy<jass::Game>>>; 4],
        seed: u64,
        config: Config,
        record: (&Recorder, &str),
    ) -> (JassTable, Vec<Out>) {
        let (game, events) = Game::new(config, seeded_rng(seed));
        let seats = players
            .iter()
            .zip(&bots)
            .map(|(p, b)| record::seat(&p.name, b.as_ref().map(|b| b.name())))
            .collect();
        let variant = record::jass::variant(&config);
        let (recorder, session) = record;
        let log = GameLog::start(
            recorder,
            "jass",
            variant,
            seed,
            seats,
            Some(session.to_owned()),
        );
        let mut table = JassTable {
            game,
            players,
            bots,
            pending: None,
            moves: 0,
            trick: Vec::new(),
            rng: seeded_rng(seed ^ 0x0BAD_5EED),
            log,
        };
        let teams: Vec<Value> = (0..2)
            .map(|t| {
                let members: Vec<Value> = table
                    .players
                    .iter()
                    .filter(|p| p.seat % 2 == t)
                    .map(PlayerInfo::json)
                    .collect();
                json!({ "name": team_name(t), "players": members })
            })
            .collect();
        let mut out = vec![Out {
            to: To::Everyone,
            frame: frame("BROADCAST_TEAMS", Value::Array(teams)),
        }];
        table.show(&events, &mut out);
        table.play_bots(&mut out);
        (table, out)
    }

    /// The game's id in the store.
    pub fn game_id(&self) -> parlor_store::GameId {
        self.log.id()
    }

    /// The request waiting for an answer.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The request pending now and how many actions came before it: it changes with
    /// every new request, even one to the same seat.
    pub fn request_now(&self) -> Option<(Pending, u64)> {
        self.pending.map(|p| (p, self.moves))
    }

    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.game.winner()
    }

    /// Team totals.
    pub fn totals(&self) -> [u32; 2] {
        self.game.totals()
    }

    /// A player's message to the game: a trumpf or card answer; anything else is not
    /// expected now (and the player's pending request, if any, is asked again).
    pub fn client_message(&mut self, seat: Seat, msg: ClientMsg) -> Vec<Out> {
        match msg {
            ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(mode)) => {
                self.choose_trumpf(seat, Action::Choose(mode))
            }
            ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe) => {
                self.choose_trumpf(seat, Action::Schiebe)
            }
            ClientMsg::ChooseCard(card) => self.choose_card(seat, card),
            _ => {
                let bad = frame("BAD_MESSAGE", json!({ "type": ["not expected now"] }));
                let mut out = vec![Out {
                    to: To::Seat(seat),
                    frame: bad,
                }];
                out.extend(self.repeat_request(seat));
                out
            }
        }
    }

    /// A seat's `CHOOSE_TRUMPF` (a mode, or SCHIEBE).
    pub fn choose_trumpf(&mut self, seat: Seat, action: Action) -> Vec<Out> {
        let mut out = Vec::new();
        match self.pending {
            Some(Pending::Trumpf { seat: s, pushed }) if s == seat => {
                if self.answer_for(seat, action, &mut out) {
                    self.play_bots(&mut out);
                } else {
                    // A pushed partner answering SCHIEBE, or another refused choice.
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: frame("REJECT_TRUMPF", json!({ "mode": "SCHIEBE" })),
                    });
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: frame("REQUEST_TRUMPF", json!(pushed)),
                    });
                }
            }
            _ => out.push(not_requested(seat, "CHOOSE_TRUMPF")),
        }
        out
    }

    /// A seat's `CHOOSE_CARD`: played, or `REJECT_CARD` and the request again.
    pub fn choose_card(&mut self, seat: Seat, chosen: Card) -> Vec<Out> {
        let mut out = Vec::new();
        match self.pending {
            Some(Pending::Card { seat: s }) if s == seat => {
                if self.answer_for(seat, Action::Play(chosen), &mut out) {
                    self.play_bots(&mut out);
                } else {
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: frame("REJECT_CARD", card(chosen)),
                    });
                    out.push(self.card_request(seat));
                }
            }
            _ => out.push(not_requested(seat, "CHOOSE_CARD")),
        }
        out
    }

    /// After a bad message from `seat`, its pending request (if any) again.
    pub fn repeat_request(&self, seat: Seat) -> Option<Out> {
        match self.pending? {
            Pending::Trumpf { seat: s, pushed } if s == seat => Some(Out {
                to: To::Seat(seat),
                frame: frame("REQUEST_TRUMPF", json!(pushed)),
            }),
            Pending::Card { seat: s } if s == seat => Some(self.card_request(seat)),
            _ => None,
        }
    }

    /// The team that did not include `seat` wins (a player left or missed a deadline):
    /// `BROADCAST_WINNER_TEAM` with the current totals.
    pub fn forfeit(&mut self, seat: Seat) -> (usize, Out) {
        let team = 1 - seat % 2;
        self.pending = None;
        let totals = self.game.totals();
        self.log.note(Note::Forfeit { seat });
        self.finish_record(team, totals, "forfeit");
        let frame = frame("BROADCAST_WINNER_TEAM", team_points(team, totals, [0, 0]));
        (
            team,
            Out {
                to: To::Everyone,
                frame,
            },
        )
    }

    /// The game's end for the store: `winner` team, final totals, and how it ended.
    fn finish_record(&mut self, winner: usize, totals: [u32; 2], how: &str) {
        let scores = (0..4).map(|s| i64::from(totals[s % 2])).collect();
        let ranks = (0..4)
            .map(|s| if s % 2 == winner { 1 } else { 2 })
            .collect();
        let result = json!({ "winner": team_name(winner), "totals": totals, "ended": how });
        self.log.finish(result, scores, ranks);
    }

    fn card_request(&self, seat: Seat) -> Out {
        Out {
            to: To::Seat(seat),
            frame: frame("REQUEST_CARD", cards(self.trick.iter().copied())),
        }
    }

    /// Server bots answer every request addressed to them.
    fn play_bots(&mut self, out: &mut Vec<Out>) {
        while let Some(seat) = self.pending.map(Pending::seat) {
            let Some(bot) = self.bots[seat].as_mut() else {
                return;
            };
            let legal = self.game.legal_actions(seat);
            if legal.is_empty() {
                return;
            }
            let action = bot.choose(&self.game.view(seat), &legal, &mut self.rng);
            if !self.answer_for(seat, action, out) {
                return;
            }
        }
    }

    /// The person asked now let their time run out: the `heuristic` strategy answers the
    /// pending request for them (a trumpf, or a card), then the bots go on.
    pub fn time_out(&mut self) -> Vec<Out> {
        let mut out = Vec::new();
        let Some(seat) = self.pending.map(Pending::seat) else {
            return out;
        };
        let legal = self.game.legal_actions(seat);
        if legal.is_empty() {
            return out;
        }
        let mut stand_in = jass::bots::HeuristicBot;
        let action = stand_in.choose(&self.game.view(seat), &legal, &mut self.rng);
        if self.answer_for(seat, action, &mut out) {
            self.play_bots(&mut out);
        }
        out
    }

    /// Applies `action` for `seat` (a bot, or a person whose time ran out); whether the
    /// rules took it.
    fn answer_for(&mut self, seat: Seat, action: Action, out: &mut Vec<Out>) -> bool {
        let legal = self.game.legal_actions(seat);
        match self.game.apply(seat, action) {
            Ok(events) => {
                self.log.action(seat, &action, &legal);
                self.moves += 1;
                self.pending = None;
                self.show(&events, out);
                true
            }
            Err(_) => false,
        }
    }

    fn show(&mut self, events: &[Event], out: &mut Vec<Out>) {
        for event in events {
            match event {
                Event::Dealt { seat, cards: dealt } => {
                    out.push(Out {
                        to: To::Seat(*seat),
                        frame: frame("DEAL_CARDS", cards(dealt.iter())),
                    });
                }
                Event::TrumpfRequested { seat, pushed } => {
                    self.pending = Some(Pending::Trumpf {
                        seat: *seat,
                        pushed: *pushed,
                    });
                    out.push(Out {
                        to: To::Seat(*seat),
                        frame: frame("REQUEST_TRUMPF", json!(pushed)),
                    });
                }
                Event::Pushed { .. } => out.push(Out {
                    to: To::Everyone,
                    frame: frame("BROADCAST_TRUMPF", json!({ "mode": "SCHIEBE" })),
                }),
                Event::TrumpfChosen { mode: m, .. } => out.push(Out {
                    to: To::Everyone,
                    frame: frame("BROADCAST_TRUMPF", mode(*m)),
                }),
                Event::CardRequested { seat } => {
                    self.pending = Some(Pending::Card { seat: *seat });
                    out.push(self.card_request(*seat));
                }
                Event::Played { card: c, .. } => {
                    self.trick.push(*c);
                    out.push(Out {
                        to: To::Everyone,
                        frame: frame("PLAYED_CARDS", cards(self.trick.iter().copied())),
                    });
                }
                Event::TrickWon {
                    winner,
                    cards: played,
                    totals,
                    deal,
                    ..
                } => {
                    self.trick.clear();
                    let team = winner % 2;
                    let player = &self.players[*winner];
                    let data = json!({
                        "name": player.name,
                        "id": player.id,
                        "seatId": winner,
                        "playedCards": cards(played.iter().copied()),
                        "teams": [team_points(team, *totals, *deal), team_points(1 - team, *totals, *deal)],
                    });
                    out.push(Out {
                        to: To::Everyone,
                        frame: frame("BROADCAST_STICH", data),
                    });
                }
                Event::DealFinished {
                    totals,
                    deal,
                    last_trick,
                } => {
                    let team = last_trick % 2;
                    self.log.hand(json!({ "points": deal, "totals": totals }));
                    let data = json!([
                        team_points(team, *totals, *deal),
                        team_points(1 - team, *totals, *deal)
                    ]);
                    out.push(Out {
                        to: To::Everyone,
                        frame: frame("BROADCAST_GAME_FINISHED", data),
                    });
                }
                Event::GameWon { team, totals, deal } => {
                    self.pending = None;
                    self.finish_record(*team, *totals, "won");
                    out.push(Out {
                        to: To::Everyone,
                        frame: frame("BROADCAST_WINNER_TEAM", team_points(*team, *totals, *deal)),
                    });
                }
                Event::DealStarted { .. } => {}
            }
        }
    }
}

/// The answer to a choice nobody asked this seat for.
fn not_requested(seat: Seat, kind: &str) -> Out {
    Out {
        to: To::Seat(seat),
        frame: frame(
            "BAD_MESSAGE",
            json!({ "type": [format!("{kind} was not requested")] }),
        ),
    }
}

/// `ERROR "<text>"`
pub fn error(text: &str) -> String {
    frame("ERROR", json!(text))
}

/// `REQUEST_PLAYER_NAME` (no data).
pub fn request_player_name() -> String {
    bare("REQUEST_PLAYER_NAME")
}
