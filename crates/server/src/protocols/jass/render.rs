//! How a Jass game reads as frames, for one seat (or a spectator) at the table actor:
//! each frame is addressed to a seat or to everyone, and a viewer keeps those for it. It
//! remembers the trick on the table and the request that waits for an answer, so a
//! refused answer can be asked again.

use super::message::TrumpfChoice;
use crate::record::jass::{ending, team_name, JassChronicle};
use crate::record::Note;
use crate::table::Play;
use arrayvec::ArrayVec;
use cards::Card;
use jass::{Event, Phase, Seat, View};
use parlor_wire::jass::{Bad, Player, ServerMsg, Stich, Team, TeamPoints};
use std::borrow::Cow;

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

/// Everyone seated, by seat (`None`: nobody yet).
pub type Players = [Option<PlayerInfo>; 4];

/// The request a seat owes an answer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Trumpf { seat: Seat, pushed: bool },
    Card { seat: Seat },
}

/// What rendering remembers between events.
#[derive(Clone, Debug, Default)]
pub struct Render {
    trick: Trick,
    pending: Option<Pending>,
}

/// The cards of the trick on the table, in play order.
pub type Trick = ArrayVec<Card, 4>;

impl Render {
    /// The trick on the table.
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// What `event` changes of what rendering remembers, without its frames.
    pub fn track(&mut self, event: &Event) {
        match *event {
            Event::TrumpfRequested { seat, pushed } => {
                self.pending = Some(Pending::Trumpf { seat, pushed });
            }
            Event::CardRequested { seat } => self.pending = Some(Pending::Card { seat }),
            Event::Played { card, .. } => {
                // Four cards at most: a fifth would be a new trick's, after `TrickWon`.
                let _ = self.trick.try_push(card);
            }
            Event::TrickWon { .. } => self.trick.clear(),
            Event::GameWon { .. } => self.pending = None,
            _ => {}
        }
    }

    /// No request waits any more (it was answered, or the game ended).
    pub fn answered(&mut self) {
        self.pending = None;
    }

    /// The trick on the table and the request pending, read from the game itself (a
    /// game carried over, a person coming back).
    pub fn sync(&mut self, view: &View) {
        self.trick = view.table.iter().copied().collect();
        self.pending = match view.public.phase {
            Phase::Choosing { seat, pushed } => Some(Pending::Trumpf { seat, pushed }),
            Phase::Playing => view.to_act().map(|seat| Pending::Card { seat }),
            Phase::Over { .. } => None,
        };
    }

    /// The frames of `event` for the viewer at `viewer`, the event already as that seat
    /// may see it (the table actor projects every event before it is rendered). A frame
    /// for another seat alone is not made at all.
    pub fn event(&mut self, event: &Event, players: &Players, viewer: Seat, out: &mut Vec<Out>) {
        self.track(event);
        let everyone = |frame| Out {
            to: To::Everyone,
            frame,
        };
        match event {
            Event::Dealt { seat, .. }
            | Event::TrumpfRequested { seat, .. }
            | Event::CardRequested { seat }
                if *seat != viewer => {}
            Event::Dealt { seat, cards: dealt } => {
                let dealt: Vec<Card> = dealt.iter().collect();
                out.push(Out {
                    to: To::Seat(*seat),
                    frame: ServerMsg::DealCards(Cow::Owned(dealt)).write(),
                });
            }
            Event::TrumpfRequested { seat, pushed } => {
                out.push(Out {
                    to: To::Seat(*seat),
                    frame: ServerMsg::RequestTrumpf(*pushed).write(),
                });
            }
            Event::Pushed { .. } => {
                out.push(everyone(
                    ServerMsg::BroadcastTrumpf(TrumpfChoice::Schiebe).write(),
                ));
            }
            Event::TrumpfChosen { mode: m, .. } => {
                out.push(everyone(
                    ServerMsg::BroadcastTrumpf(TrumpfChoice::Mode(*m)).write(),
                ));
            }
            Event::CardRequested { seat } => out.push(self.card_request(*seat)),
            Event::Played { .. } => {
                out.push(everyone(
                    ServerMsg::PlayedCards(Cow::Borrowed(&self.trick)).write(),
                ));
            }
            Event::TrickWon {
                winner,
                cards: played,
                totals,
                deal,
                ..
            } => {
                out.push(everyone(stich(players, *winner, played, *totals, *deal)));
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
                out.push(everyone(ServerMsg::BroadcastGameFinished(teams).write()));
            }
            Event::GameWon { team, totals, deal } => {
                let points = team_points(*team, *totals, *deal);
                out.push(everyone(ServerMsg::BroadcastWinnerTeam(points).write()));
            }
            Event::DealStarted { .. } => {}
        }
    }

    /// The request pending for `seat`, if any, again.
    pub fn request(&self, seat: Seat) -> Option<Out> {
        match self.pending? {
            Pending::Trumpf { seat: s, pushed } if s == seat => Some(Out {
                to: To::Seat(seat),
                frame: ServerMsg::RequestTrumpf(pushed).write(),
            }),
            Pending::Card { seat: s } if s == seat => Some(self.card_request(seat)),
            _ => None,
        }
    }

    /// `REQUEST_CARD` with the trick on the table.
    fn card_request(&self, seat: Seat) -> Out {
        Out {
            to: To::Seat(seat),
            frame: ServerMsg::RequestCard(Cow::Borrowed(&self.trick)).write(),
        }
    }

    /// The frames answering `seat`'s refused choice: rejected and asked again if it was
    /// asked for, else "not requested".
    pub fn refused(&self, seat: Seat, action: jass::Action) -> Vec<Out> {
        let to_seat = |frame| Out {
            to: To::Seat(seat),
            frame,
        };
        match (action, self.pending) {
            (jass::Action::Play(card), Some(Pending::Card { seat: s })) if s == seat => {
                vec![
                    to_seat(ServerMsg::RejectCard(card).write()),
                    self.card_request(seat),
                ]
            }
            (jass::Action::Play(_), _) => vec![not_requested(seat, "CHOOSE_CARD")],
            (_, Some(Pending::Trumpf { seat: s, pushed })) if s == seat => {
                // A pushed partner answering SCHIEBE, or another refused choice.
                vec![
                    to_seat(ServerMsg::RejectTrumpf(TrumpfChoice::Schiebe).write()),
                    to_seat(ServerMsg::RequestTrumpf(pushed).write()),
                ]
            }
            (_, _) => vec![not_requested(seat, "CHOOSE_TRUMPF")],
        }
    }

    /// What a person coming back to the seat of `view` must be shown to play on: the
    /// teams, the cards they hold now, the trumpf, each trick taken this deal (the last
    /// says who leads; they give the points), the trick on the table, and the request
    /// that waits for them. Call [`Render::sync`] with the same view first.
    pub fn catch_up(&self, view: &View, players: &Players) -> Vec<String> {
        let mut out = vec![teams(players)];
        let hand: Vec<Card> = view.hand.iter().collect();
        out.push(ServerMsg::DealCards(Cow::Owned(hand)).write());
        if let Some(m) = view.public.mode {
            out.push(ServerMsg::BroadcastTrumpf(TrumpfChoice::Mode(m)).write());
        }
        // Each trick taken this deal, with the points as they stood after it.
        let mut deal = [0, 0];
        let before = [0, 1].map(|t| view.public.totals[t] - view.public.deal[t]);
        for trick in &view.tricks {
            deal[trick.winner() % 2] += trick.points();
            let totals = [0, 1].map(|t| before[t] + deal[t]);
            out.push(stich(players, trick.winner(), &trick.cards(), totals, deal));
        }
        if !self.trick.is_empty() {
            out.push(ServerMsg::PlayedCards(Cow::Borrowed(&self.trick)).write());
        }
        out.extend(self.request(view.seat).map(|out| out.frame));
        out
    }
}

/// A team's points as the frames show them.
fn team_points(team: usize, totals: [u32; 2], deal: [u32; 2]) -> TeamPoints {
    TeamPoints {
        current_round_points: deal[team],
        name: team_name(team),
        points: totals[team],
    }
}

/// `BROADCAST_TEAMS`: the two teams and their players.
pub fn teams(players: &Players) -> String {
    let teams = (0..2)
        .map(|t| Team {
            name: team_name(t),
            players: (players.iter().flatten())
                .filter(|p| p.seat % 2 == t)
                .map(PlayerInfo::player)
                .collect(),
        })
        .collect();
    ServerMsg::BroadcastTeams(teams).write()
}

/// `BROADCAST_STICH`: who took the trick (and so leads the next), its cards, and the
/// teams' points after it.
fn stich(
    players: &Players,
    winner: Seat,
    played: &[Card; 4],
    totals: [u32; 2],
    deal: [u32; 2],
) -> String {
    let team = winner % 2;
    let player = players[winner].as_ref();
    ServerMsg::BroadcastStich(Stich {
        id: player.map(|p| p.id.clone()).unwrap_or_default(),
        name: player.map(|p| p.name.clone()).unwrap_or_default(),
        played_cards: played.to_vec(),
        seat_id: winner,
        teams: vec![
            team_points(team, totals, deal),
            team_points(1 - team, totals, deal),
        ],
    })
    .write()
}

/// The answer to a choice nobody asked this seat for.
fn not_requested(seat: Seat, kind: &str) -> Out {
    Out {
        to: To::Seat(seat),
        frame: ServerMsg::BadMessage(Bad::field("type", format!("{kind} was not requested")))
            .write(),
    }
}

/// The team that did not include `seat` wins (a player left or missed a deadline),
/// recorded in `play`: the team and its `BROADCAST_WINNER_TEAM` with the current totals.
/// A game left before anyone's first move is not kept.
pub fn forfeit(play: &mut Play<jass::Game, JassChronicle>, seat: Seat) -> (usize, String) {
    let team = 1 - seat % 2;
    let totals = play.totals();
    play.note(Note::Forfeit { seat });
    if play.anyone_played() {
        let (result, scores, ranks) = ending(team, totals, "forfeit");
        play.finish(result, scores, ranks);
    } else {
        play.abandon("a player left before anyone played");
    }
    let frame = ServerMsg::BroadcastWinnerTeam(team_points(team, totals, [0, 0])).write();
    (team, frame)
}

/// `ERROR "<text>"`
pub fn error(text: &str) -> String {
    ServerMsg::Error(text.to_owned()).write()
}

/// `REQUEST_PLAYER_NAME` (no data).
pub fn request_player_name() -> String {
    ServerMsg::RequestPlayerName.write()
}
