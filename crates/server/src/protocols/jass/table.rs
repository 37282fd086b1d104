//! One Jass game between four seats, independent of the transport: the game on the
//! table kernel ([`Play`]: server bots, a stand-in for people away or out of time, the
//! turn timer, the record) and the frames its events give each seat (or everyone); it
//! remembers which request is pending so a bad answer can be asked again.

use super::message::{ClientMsg, TrumpfChoice};
pub use crate::record::jass::team_name;
use crate::record::jass::{self as record_jass, ending, JassChronicle};
use crate::record::{self, Carried, GameLog, Holder, Ledger, Note};
use crate::table::{seat_carried, Play, Presence, Seats, Timing};
use cards::{seeded_rng, Card};
use jass::bots::Strategy;
use jass::{Action, Config, Event, Phase, Seat};
use parlor_wire::jass::{Bad, Player, ServerMsg, Stich, Team, TeamPoints};
use std::borrow::Cow;
use tokio::time::Instant;

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
    /// As the frames name a player.
    pub fn player(&self) -> Player {
        Player {
            id: self.id.clone(),
            name: self.name.clone(),
            seat_id: self.seat,
        }
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
    play: Play<jass::Game, JassChronicle>,
    players: [PlayerInfo; 4],
    pending: Option<Pending>,
    trick: Vec<Card>,
}

fn team_points(team: usize, totals: [u32; 2], deal: [u32; 2]) -> TeamPoints {
    TeamPoints {
        current_round_points: deal[team],
        name: team_name(team),
        points: totals[team],
    }
}

/// The events an action (or the machines' moves) gave, collected to be shown.
type Shown = Vec<Event>;

impl JassTable {
    /// Starts a game: `BROADCAST_TEAMS`, the deal and the first request (bots in the
    /// seats that have one play at once, or on their timer; `here` says which people are
    /// at the keyboard).
    pub fn start(
        players: [PlayerInfo; 4],
        bots: [Option<Box<dyn Strategy<jass::Game>>>; 4],
        seed: u64,
        config: Config,
        record: (&Ledger, &str),
        timing: Timing,
        here: &impl Presence,
    ) -> (JassTable, Vec<Out>) {
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
        let (game, events) = record_jass::start(config, seed, log);
        let rng = seeded_rng(seed ^ 0x0BAD_5EED);
        let stand_in = Box::new(jass::bots::HeuristicBot);
        let mut play = Play::new(game, &events, rng, timing, stand_in);
        for (seat, bot) in bots.into_iter().enumerate() {
            if let Some(bot) = bot {
                play.seat_cpu(seat, players[seat].name.clone(), bot);
            }
        }
        let mut table = JassTable {
            play,
            players,
            pending: None,
            trick: Vec::new(),
        };
        let mut out = vec![table.teams()];
        table.show(&events, &mut out);
        table.settle(here, &mut out);
        (table, out)
    }

    /// Carries on game `carried`, which another node of a cluster ran, for `players`:
    /// made again from its settings, seed and log, its server bots seated again, and
    /// each seat whose person may come back (`person` makes them) kept away in `seats`
    /// for the grace period while a stand-in plays it. An error if the game cannot be
    /// made again here (another variant, a log that does not replay).
    pub fn carry<P>(
        players: [PlayerInfo; 4],
        carried: &Carried,
        config: Config,
        recorder: &Ledger,
        timing: Timing,
        seats: &mut Seats<P>,
        person: impl FnMut(Seat) -> Option<P>,
    ) -> Result<JassTable, String> {
        carried.plays(record::jass::variant(&config), 4)?;
        let log = GameLog::carry(recorder, carried);
        let (game, events) = record_jass::start(config, carried.seed, log);
        let stand_in = Box::new(jass::bots::HeuristicBot);
        let mut play = Play::new(game, &events, carried.cpu_rng(), timing, stand_in);
        let taken_over = play.redo_log(&carried.entries)?;
        play.caught_up();
        let cpu = |seat: Seat, took_over: bool| {
            let at_start = carried.seats[seat].1.as_deref().filter(|_| !took_over);
            let bot = at_start.and_then(jass::bots::by_name);
            let bot = bot.unwrap_or_else(|| Box::new(jass::bots::HeuristicBot));
            (players[seat].name.clone(), bot)
        };
        seat_carried(&mut play, seats, carried, &taken_over, person, cpu);
        let mut table = JassTable {
            play,
            players,
            pending: None,
            trick: Vec::new(),
        };
        table.pending_from_the_game();
        Ok(table)
    }

    /// The request pending and the trick on the table, read from the game itself (a
    /// carried game was not rendered as it went).
    fn pending_from_the_game(&mut self) {
        let view = self.play.view(0);
        self.trick = view.table.to_vec();
        self.pending = match view.public.phase {
            Phase::Choosing { seat, pushed } => Some(Pending::Trumpf { seat, pushed }),
            Phase::Playing => view.to_act().map(|seat| Pending::Card { seat }),
            Phase::Over { .. } => None,
        };
    }

    /// The game ends without a result, for `reason`.
    pub fn abandon(&mut self, reason: &str) {
        self.pending = None;
        self.play.abandon(reason);
    }

    /// Who may take `seat` back if their connection drops: journaled, for a node that
    /// carries the game on.
    pub fn holder(&self, seat: Seat, holder: &Holder) {
        self.play.holder(seat, holder);
    }

    /// Whether the node is handing its tables over (draining): a connection it closes
    /// is not its person leaving.
    pub fn handing_over(&self) -> bool {
        self.play.handing_over()
    }

    /// `BROADCAST_TEAMS`: the two teams and their players.
    fn teams(&self) -> Out {
        let teams = (0..2)
            .map(|t| Team {
                name: team_name(t),
                players: (self.players.iter())
                    .filter(|p| p.seat % 2 == t)
                    .map(PlayerInfo::player)
                    .collect(),
            })
            .collect();
        Out {
            to: To::Everyone,
            frame: ServerMsg::BroadcastTeams(teams).write(),
        }
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
        self.pending
    }

    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.play.winner()
    }

    /// Team totals.
    pub fn totals(&self) -> [u32; 2] {
        self.play.totals()
    }

    /// A player's message to the game: a trumpf or card answer; anything else is not
    /// expected now (and the player's pending request, if any, is asked again).
    pub fn client_message(&mut self, seat: Seat, msg: ClientMsg, here: &impl Presence) -> Vec<Out> {
        match msg {
            ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(mode)) => {
                self.choose_trumpf(seat, Action::Choose(mode), here)
            }
            ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe) => {
                self.choose_trumpf(seat, Action::Schiebe, here)
            }
            ClientMsg::ChooseCard(card) => self.choose_card(seat, card, here),
            _ => {
                let bad = ServerMsg::BadMessage(Bad::field("type", "not expected now")).write();
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
    pub fn choose_trumpf(&mut self, seat: Seat, action: Action, here: &impl Presence) -> Vec<Out> {
        let mut out = Vec::new();
        match self.pending {
            Some(Pending::Trumpf { seat: s, pushed }) if s == seat => {
                if !self.act(seat, action, here, &mut out) {
                    // A pushed partner answering SCHIEBE, or another refused choice.
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: ServerMsg::RejectTrumpf(TrumpfChoice::Schiebe).write(),
                    });
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: ServerMsg::RequestTrumpf(pushed).write(),
                    });
                }
            }
            _ => out.push(not_requested(seat, "CHOOSE_TRUMPF")),
        }
        out
    }

    /// A seat's `CHOOSE_CARD`: played, or `REJECT_CARD` and the request again.
    pub fn choose_card(&mut self, seat: Seat, chosen: Card, here: &impl Presence) -> Vec<Out> {
        let mut out = Vec::new();
        match self.pending {
            Some(Pending::Card { seat: s }) if s == seat => {
                if !self.act(seat, Action::Play(chosen), here, &mut out) {
                    out.push(Out {
                        to: To::Seat(seat),
                        frame: ServerMsg::RejectCard(chosen).write(),
                    });
                    out.push(self.card_request(seat));
                }
            }
            _ => out.push(not_requested(seat, "CHOOSE_CARD")),
        }
        out
    }

    /// A person's answer, applied (then the machines go on); whether the rules took it.
    fn act(
        &mut self,
        seat: Seat,
        action: Action,
        here: &impl Presence,
        out: &mut Vec<Out>,
    ) -> bool {
        let Ok(events) = self.play.act(seat, action) else {
            return false;
        };
        self.pending = None;
        self.show(&events, out);
        self.settle(here, out);
        true
    }

    /// Lets the machines (server bots, stand-ins for people away) answer what is asked of
    /// them: at once without a thinking delay, else when [`JassTable::due`] comes.
    pub fn settle(&mut self, here: &impl Presence, out: &mut Vec<Out>) {
        let mut shown = Shown::new();
        self.play
            .after_change(here, |events| shown.extend(events.iter().cloned()));
        self.show_all(&shown, out);
    }

    /// When the table must wake up: a machine's answer, or a person's time running out.
    pub fn due(&self) -> Option<Instant> {
        self.play.due()
    }

    /// The table woke up: due machines answer, and a person whose time ran out gets the
    /// `heuristic` strategy's answer (a trumpf, or a card); then the machines go on.
    pub fn wake(&mut self, here: &impl Presence) -> Vec<Out> {
        let mut shown = Shown::new();
        self.play.wake(
            Instant::now(),
            here,
            |events| shown.extend(events.iter().cloned()),
            |_| {},
        );
        let mut out = Vec::new();
        self.show_all(&shown, &mut out);
        self.settle(here, &mut out);
        out
    }

    fn show_all(&mut self, events: &[Event], out: &mut Vec<Out>) {
        if !events.is_empty() {
            self.pending = None;
        }
        self.show(events, out);
    }

    /// After a bad message from `seat`, its pending request (if any) again.
    pub fn repeat_request(&self, seat: Seat) -> Option<Out> {
        match self.pending? {
            Pending::Trumpf { seat: s, pushed } if s == seat => Some(Out {
                to: To::Seat(seat),
                frame: ServerMsg::RequestTrumpf(pushed).write(),
            }),
            Pending::Card { seat: s } if s == seat => Some(self.card_request(seat)),
            _ => None,
        }
    }

    /// What a person coming back to `seat` must be shown to play on, from the seat's view:
    /// the teams, the cards they hold now, the trumpf, each trick taken this deal (the
    /// last says who leads; they give the points), the trick on the table, and the
    /// request that waits for them.
    pub fn catch_up(&self, seat: Seat) -> Vec<Out> {
        let view = self.play.view(seat);
        let to_seat = |frame| Out {
            to: To::Seat(seat),
            frame,
        };
        let mut out = vec![to_seat(self.teams().frame)];
        let hand: Vec<Card> = view.hand.iter().collect();
        out.push(to_seat(ServerMsg::DealCards(Cow::Owned(hand)).write()));
        if let Some(m) = view.public.mode {
            out.push(to_seat(
                ServerMsg::BroadcastTrumpf(TrumpfChoice::Mode(m)).write(),
            ));
        }
        // Each trick taken this deal, with the points as they stood after it.
        let mut deal = [0, 0];
        let before = [0, 1].map(|t| view.public.totals[t] - view.public.deal[t]);
        for trick in &view.tricks {
            deal[trick.winner() % 2] += trick.points();
            let totals = [0, 1].map(|t| before[t] + deal[t]);
            out.push(to_seat(self.stich(
                trick.winner(),
                &trick.cards(),
                totals,
                deal,
            )));
        }
        if !self.trick.is_empty() {
            out.push(to_seat(
                ServerMsg::PlayedCards(Cow::Borrowed(&self.trick)).write(),
            ));
        }
        out.extend(self.repeat_request(seat));
        out
    }

    /// The team that did not include `seat` wins (a player left or missed a deadline):
    /// `BROADCAST_WINNER_TEAM` with the current totals.
    pub fn forfeit(&mut self, seat: Seat) -> (usize, Out) {
        let team = 1 - seat % 2;
        self.pending = None;
        let totals = self.play.totals();
        self.play.note(Note::Forfeit { seat });
        if self.play.anyone_played() {
            let (result, scores, ranks) = ending(team, totals, "forfeit");
            self.play.finish(result, scores, ranks);
        } else {
            // A game left before anyone's first move is not kept.
            self.play.abandon("a player left before anyone played");
        }
        let frame = ServerMsg::BroadcastWinnerTeam(team_points(team, totals, [0, 0])).write();
        (
            team,
            Out {
                to: To::Everyone,
                frame,
            },
        )
    }

    /// `BROADCAST_STICH`: who took the trick (and so leads the next), its cards, and the
    /// teams' points after it.
    fn stich(&self, winner: Seat, played: &[Card; 4], totals: [u32; 2], deal: [u32; 2]) -> String {
        let team = winner % 2;
        let player = &self.players[winner];
        ServerMsg::BroadcastStich(Stich {
            id: player.id.clone(),
            name: player.name.clone(),
            played_cards: played.to_vec(),
            seat_id: winner,
            teams: vec![
                team_points(team, totals, deal),
                team_points(1 - team, totals, deal),
            ],
        })
        .write()
    }

    fn card_request(&self, seat: Seat) -> Out {
        Out {
            to: To::Seat(seat),
            frame: ServerMsg::RequestCard(Cow::Borrowed(&self.trick)).write(),
        }
    }

    /// Renders `events`. Every frame goes through the rules crate's one projection: a
    /// frame for one seat renders the event as that seat sees it, a frame for everyone
    /// as a watcher does (what is face up), and an event that projection hides is not
    /// rendered at all.
    fn show(&mut self, events: &[Event], out: &mut Vec<Out>) {
        for event in events {
            let seen = match *event {
                Event::Dealt { seat, .. }
                | Event::TrumpfRequested { seat, .. }
                | Event::CardRequested { seat } => event.for_seat(seat),
                _ => event.for_seat(parlor_game::WATCHER),
            };
            let Some(event) = seen else {
                continue;
            };
            match &event {
                Event::Dealt { seat, cards: dealt } => {
                    let dealt: Vec<Card> = dealt.iter().collect();
                    out.push(Out {
                        to: To::Seat(*seat),
                        frame: ServerMsg::DealCards(Cow::Owned(dealt)).write(),
                    });
                }
                Event::TrumpfRequested { seat, pushed } => {
                    self.pending = Some(Pending::Trumpf {
                        seat: *seat,
                        pushed: *pushed,
                    });
                    out.push(Out {
                        to: To::Seat(*seat),
                        frame: ServerMsg::RequestTrumpf(*pushed).write(),
                    });
                }
                Event::Pushed { .. } => out.push(Out {
                    to: To::Everyone,
                    frame: ServerMsg::BroadcastTrumpf(TrumpfChoice::Schiebe).write(),
                }),
                Event::TrumpfChosen { mode: m, .. } => out.push(Out {
                    to: To::Everyone,
                    frame: ServerMsg::BroadcastTrumpf(TrumpfChoice::Mode(*m)).write(),
                }),
                Event::CardRequested { seat } => {
                    self.pending = Some(Pending::Card { seat: *seat });
                    out.push(self.card_request(*seat));
                }
                Event::Played { card: c, .. } => {
                    self.trick.push(*c);
                    out.push(Out {
                        to: To::Everyone,
                        frame: ServerMsg::PlayedCards(Cow::Borrowed(&self.trick)).write(),
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
                    out.push(Out {
                        to: To::Everyone,
                        frame: self.stich(*winner, played, *totals, *deal),
                    });
                }
                Event::DealFinished {
                    totals,
                    deal,
                    last_trick,
                } => {
                    let team = last_trick % 2;
                    let teams = vec![
                        team_points(team, *totals, *deal),
                        team_points(1 - team, *totals, *deal),
                    ];
                    out.push(Out {
                        to: To::Everyone,
                        frame: ServerMsg::BroadcastGameFinished(teams).write(),
                    });
                }
                Event::GameWon { team, totals, deal } => {
                    self.pending = None;
                    out.push(Out {
                        to: To::Everyone,
                        frame: ServerMsg::BroadcastWinnerTeam(team_points(*team, *totals, *deal))
                            .write(),
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
        frame: ServerMsg::BadMessage(Bad::field("type", format!("{kind} was not requested")))
            .write(),
    }
}

/// `ERROR "<text>"`
pub fn error(text: &str) -> String {
    ServerMsg::Error(text.to_owned()).write()
}

/// `REQUEST_PLAYER_NAME` (no data).
pub fn request_player_name() -> String {
    ServerMsg::RequestPlayerName.write()
}
