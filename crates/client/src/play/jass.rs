//! Schieber Jass in `parlor play jass`: the Jass Challenge JSON protocol (one message per
//! WebSocket text frame, `docs/protocols/jass.md`), so a person sits at the same tables
//! as the challenge's bots and the browser client.
//!
//! The game is followed by the same [`JassState`] as `parlor jass-bot`, and the moves on
//! offer are the ones the `jass` rules crate allows from it; the suggested move is the
//! `heuristic` bot's, so Enter alone plays a sensible game. Before the game the client
//! names itself without asking (the name was given on the command line), offers to
//! create a table or join a waiting one, and then to fill the empty seats with the
//! server's CPU players, as the browser client does.
//!
//! Each move clears what offered it (the session question, the empty seats asked for,
//! the server's trumpf or card request), so the choices disappear until the server
//! answers, and a refused move comes back with the server's new question.

use super::screen::{printable, push_log, Choice, Screen, Seat, CARD_KEYS};
use super::Table;
use crate::jass::play::message;
use crate::jass::state::JassState;
use ::jass::bots::{HeuristicBot, Strategy};
use ::jass::{Action, Card, Mode, Suit};
use cards::seeded_rng;
use parlor_wire::jass::{Bad, Joined, Player, ServerMsg, Team, TeamPoints, TrumpfChoice};
use parlor_wire::jass::{Choice as Entry, ClientMsg, SessionRequest, SessionType};

/// The Schieber Jass client.
pub struct Jass {
    /// Our player name, as sent to the server.
    name: String,
    stage: Stage,
    /// The game as we know it: hand, mode, table, tricks, points, pending request.
    state: JassState,
    /// The session we sit in (empty before we join one).
    session: String,
    /// Our seat, from the server's announcement of our joining.
    my_seat: Option<usize>,
    /// Everyone's name by seat, cleaned for the screen.
    players: [Option<String>; 4],
    /// The player name was sent: a second request means it was refused.
    named: bool,
    /// The number in our next new table's name: one more than the last one asked for,
    /// so a name the server refused (it was taken) is not asked for again.
    next_table: u32,
    /// Server bots asked for (`JOIN_BOT`) and not seated yet.
    bots_pending: usize,
    /// The first chooser pushed the trumpf choice to the partner in this deal.
    pushed: bool,
    /// Who chose this deal's mode.
    declarer: Option<usize>,
    /// The `heuristic` bot's answer to the pending request: the suggested move.
    hint: Option<Action>,
    log: Vec<String>,
    /// The game's result, once `BROADCAST_WINNER_TEAM` came.
    result: Option<String>,
}

/// Where we are between connecting and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Connected: the server has not asked for a session yet.
    Connecting,
    /// The server asks which session to join; these are waiting for players.
    Lobby(Vec<String>),
    /// A session was chosen and the server has not answered yet.
    Joining,
    /// Seated in a session whose game has not started.
    Waiting,
    /// The game has started (and may be over: see `result`).
    Playing,
}

/// What a choice does.
enum Move {
    /// Create a single game with this session name and number.
    Create(String, u32),
    /// Join this waiting session.
    Join(String),
    /// Ask for this many server bots.
    Fill(usize),
    /// A trumpf choice or a card.
    Act(Action),
}

/// The trumpf choices in the order shown, with their keys (the ones the rules allow are
/// offered).
const TRUMPF_CHOICES: [(char, Action); 7] = [
    ('h', Action::Choose(Mode::Trumpf(Suit::Hearts))),
    ('s', Action::Choose(Mode::Trumpf(Suit::Spades))),
    ('d', Action::Choose(Mode::Trumpf(Suit::Diamonds))),
    ('c', Action::Choose(Mode::Trumpf(Suit::Clubs))),
    ('o', Action::Choose(Mode::Obeabe)),
    ('u', Action::Choose(Mode::Undeufe)),
    ('p', Action::Schiebe),
];

/// The order suits are shown in a hand: alternating colours.
const SUIT_ORDER: [Suit; 4] = [Suit::Hearts, Suit::Spades, Suit::Diamonds, Suit::Clubs];

/// The key of the "new game" choice in the lobby (the sessions take the other keys).
const NEW_GAME_KEY: char = 'n';

impl Jass {
    /// A client playing as `name`. The name is answered to the server without asking, so
    /// it is made acceptable here: the server refuses control characters and names over
    /// 64 characters, and would only ask again.
    pub fn new(name: &str) -> Jass {
        let cleaned: String = printable(name).chars().take(64).collect();
        let name = match cleaned.trim() {
            "" => "player".to_owned(),
            trimmed => trimmed.to_owned(),
        };
        Jass {
            name,
            stage: Stage::Connecting,
            state: JassState::default(),
            session: String::new(),
            my_seat: None,
            players: Default::default(),
            named: false,
            next_table: 1,
            bots_pending: 0,
            pushed: false,
            declarer: None,
            hint: None,
            log: Vec::new(),
            result: None,
        }
    }

    /// A name for a new table, with its number: not among the waiting `sessions`, nor
    /// asked for before (session names are at most 100 bytes).
    fn new_table(&self, sessions: &[String]) -> (String, u32) {
        let mut base = String::new();
        for c in self.name.chars() {
            if base.len() + c.len_utf8() > 80 {
                break;
            }
            base.push(c);
        }
        let mut number = self.next_table;
        loop {
            let name = match number {
                1 => format!("{base}'s table"),
                n => format!("{base}'s table {n}"),
            };
            if !sessions.contains(&name) {
                return (name, number);
            }
            number += 1;
        }
    }

    /// A seat's name for the screen and the log.
    fn name_of(&self, seat: usize) -> String {
        self.players[seat % 4]
            .clone()
            .unwrap_or_else(|| format!("seat {}", seat % 4 + 1))
    }

    /// The team we play for.
    fn our_team(&self) -> usize {
        self.my_seat.unwrap_or(0) % 2
    }

    /// The seat the game waits for, if any.
    fn turn(&self) -> Option<usize> {
        if self.stage != Stage::Playing || self.result.is_some() {
            return None;
        }
        let s = &self.state;
        match s.mode {
            None if self.pushed => Some((s.chooser() + 2) % 4),
            None => Some(s.chooser()),
            Some(_) if s.table.len() < 4 => Some((s.leader + s.table.len()) % 4),
            Some(_) => None,
        }
    }

    /// Takes in the seated players of a `BROADCAST_SESSION_JOINED` or a team.
    fn seat_players(&mut self, list: &[Player]) {
        for player in list.iter().filter(|p| p.seat_id < 4) {
            self.players[player.seat_id] = Some(printable(&player.name));
        }
    }

    /// The `heuristic` bot's answer to what the server asks of us now, if anything.
    fn suggestion(&self) -> Option<Action> {
        let legal = self.state.legal();
        // The heuristic bot ignores its random number generator: any seed will do.
        (!legal.is_empty())
            .then(|| HeuristicBot.choose(&self.state.view(), &legal, &mut seeded_rng(0)))
    }

    /// The moves open now, as choices with what each does.
    fn moves(&self) -> Vec<(Choice, Move)> {
        if self.result.is_some() {
            return Vec::new();
        }
        match &self.stage {
            Stage::Lobby(sessions) => {
                let (name, number) = self.new_table(sessions);
                let create = Choice::new(NEW_GAME_KEY, format!("create a new game: {name}"));
                let mut moves = vec![(create, Move::Create(name, number))];
                let keys = CARD_KEYS.chars().filter(|&k| k != NEW_GAME_KEY);
                for (key, session) in keys.zip(sessions) {
                    let join = Choice::new(key, format!("join {}", printable(session)));
                    moves.push((join, Move::Join(session.clone())));
                }
                moves
            }
            Stage::Waiting => {
                let empty = self.players.iter().filter(|p| p.is_none()).count();
                if empty == 0 || self.bots_pending > 0 {
                    return Vec::new();
                }
                let fill = Choice::new('c', "fill the empty seats with CPU players");
                vec![(fill, Move::Fill(empty))]
            }
            Stage::Playing => {
                let legal = self.state.legal();
                let trumpf = TRUMPF_CHOICES
                    .into_iter()
                    .filter(|(_, action)| legal.contains(action))
                    .map(|(key, action)| (Choice::new(key, action_label(action)), action));
                let cards = sorted(self.state.hand)
                    .into_iter()
                    .zip(CARD_KEYS.chars())
                    .map(|(c, key)| (Choice::new(key, card_text(c)), Action::Play(c)))
                    .filter(|(_, action)| legal.contains(action));
                trumpf
                    .chain(cards)
                    .map(|(choice, action)| (choice, Move::Act(action)))
                    .collect()
            }
            Stage::Connecting | Stage::Joining => Vec::new(),
        }
    }

    /// What the server's message means for the people at the table, and our answers.
    fn handle(&mut self, msg: &ServerMsg<'_>) -> Vec<String> {
        // What the state knew before the message, to tell what it changed.
        let deal_before = self.state.deal;
        let number = self.state.number;
        self.state.apply(msg);
        match msg {
            ServerMsg::RequestPlayerName if self.named => {
                let line = format!("The server refused the name {}", self.name);
                push_log(&mut self.log, line);
            }
            ServerMsg::RequestPlayerName => {
                self.named = true;
                return vec![ClientMsg::PlayerName(self.name.clone()).write()];
            }
            ServerMsg::RequestSessionChoice(names) => self.stage = Stage::Lobby(names.clone()),
            ServerMsg::BadMessage(bad) => {
                if self.stage == Stage::Waiting {
                    // A refused JOIN_BOT: offer the empty seats again.
                    self.bots_pending = 0;
                }
                let line = format!("The server refused: {}", refusal(bad));
                push_log(&mut self.log, line);
            }
            ServerMsg::BroadcastSessionJoined(joined) => self.joined(joined),
            ServerMsg::BroadcastTeams(teams) => self.teams(teams),
            ServerMsg::DealCards(_) => {
                let chooser = self.name_of(self.state.chooser());
                let line = format!("Deal {}: {chooser} chooses the trumpf", self.state.number);
                push_log(&mut self.log, line);
            }
            ServerMsg::RequestTrumpf(_) | ServerMsg::RequestCard(_) => {
                self.hint = self.suggestion()
            }
            ServerMsg::RejectTrumpf(_) => {
                push_log(&mut self.log, "You may not push twice: choose the trumpf");
            }
            ServerMsg::BroadcastTrumpf(choice) => self.trumpf(*choice),
            &ServerMsg::RejectCard(card) => {
                let line = format!(
                    "The server refused {}: choose another card",
                    card_text(card)
                );
                push_log(&mut self.log, line);
            }
            ServerMsg::PlayedCards(_) => {
                let s = &mut self.state;
                let seat = (s.leader + s.table.len() + 3) % 4;
                if Some(seat) == self.my_seat {
                    if let Some(&played) = s.table.last() {
                        // Ours, whether we chose it or the server's stand-in did.
                        s.hand.remove(played);
                        s.card_request = false;
                    }
                }
            }
            ServerMsg::BroadcastStich(_) => {
                let winner = self.state.leader;
                let team = winner % 2;
                let points = self.state.deal[team].saturating_sub(deal_before[team]);
                let line = format!(
                    "{} takes trick {} for {points} points",
                    self.name_of(winner),
                    self.state.tricks.len(),
                );
                push_log(&mut self.log, line);
            }
            ServerMsg::BroadcastGameFinished(teams) => self.deal_over(number, teams),
            ServerMsg::BroadcastWinnerTeam(team) => self.game_over(team),
            ServerMsg::Error(text) => {
                push_log(&mut self.log, format!("Server: {}", printable(text)));
            }
            _ => {}
        }
        Vec::new()
    }

    /// `BROADCAST_SESSION_JOINED`: the first is our own joining (we were not in the
    /// session before), the later ones the others'.
    fn joined(&mut self, joined: &Joined) {
        self.seat_players(&joined.players_in_session);
        let seat = joined.player.as_ref().map(|p| p.seat_id % 4);
        if matches!(self.stage, Stage::Waiting | Stage::Playing) {
            self.bots_pending = self.bots_pending.saturating_sub(1);
            if let Some(seat) = seat {
                let line = format!("{} joins", self.name_of(seat));
                push_log(&mut self.log, line);
            }
            return;
        }
        self.stage = Stage::Waiting;
        self.my_seat = seat;
        self.session.clone_from(&joined.session_name);
        let line = format!(
            "You joined {} in seat {}, Team {}",
            printable(&self.session),
            self.my_seat.map_or(0, |s| s + 1),
            self.our_team() + 1
        );
        push_log(&mut self.log, line);
    }

    /// `BROADCAST_TEAMS`: the game starts.
    fn teams(&mut self, teams: &[Team]) {
        self.stage = Stage::Playing;
        self.pushed = false;
        self.declarer = None;
        for team in teams {
            self.seat_players(&team.players);
        }
        if self.my_seat.is_none() {
            self.my_seat = (0..4).find(|&s| self.players[s].as_deref() == Some(&self.name));
        }
        let me = self.my_seat.unwrap_or(0);
        let line = format!(
            "The game starts: {} and {} against {} and {}",
            self.name_of(me),
            self.name_of(me + 2),
            self.name_of(me + 1),
            self.name_of(me + 3)
        );
        push_log(&mut self.log, line);
    }

    /// `BROADCAST_TRUMPF`: a push, or the deal's mode. Either way it answers a trumpf
    /// request of ours (the server's stand-in answers for a player out of time).
    fn trumpf(&mut self, choice: TrumpfChoice) {
        self.state.trumpf_request = None;
        let chooser = self.state.chooser();
        if choice == TrumpfChoice::Schiebe {
            self.pushed = true;
            let line = format!(
                "{} pushes (schiebe): {} chooses",
                self.name_of(chooser),
                self.name_of(chooser + 2)
            );
            push_log(&mut self.log, line);
        } else if let Some(mode) = self.state.mode {
            let by = if self.pushed { chooser + 2 } else { chooser } % 4;
            self.declarer = Some(by);
            let line = format!("{} chooses {}", self.name_of(by), mode_label(mode));
            push_log(&mut self.log, line);
        }
    }

    /// `BROADCAST_GAME_FINISHED` after deal `number`: its points and the totals.
    fn deal_over(&mut self, number: u32, teams: &[TeamPoints]) {
        let mut deal = [0, 0];
        for team in teams {
            self.state.totals[team.team()] = team.points;
            deal[team.team()] = team.current_round_points;
        }
        self.pushed = false;
        self.declarer = None;
        let us = self.our_team();
        let line = format!(
            "Deal {number} over: us {}, them {} (totals {}:{})",
            deal[us],
            deal[1 - us],
            self.state.totals[us],
            self.state.totals[1 - us]
        );
        push_log(&mut self.log, line);
    }

    /// `BROADCAST_WINNER_TEAM`: the game is over.
    fn game_over(&mut self, won: &TeamPoints) {
        let team = won.team();
        self.state.totals[team] = won.points;
        self.state.trumpf_request = None;
        self.state.card_request = false;
        let us = self.our_team();
        let winner = if team == us {
            "Your team"
        } else {
            "The other team"
        };
        let result = format!(
            "{winner} (Team {}) wins: us {}, them {}",
            team + 1,
            self.state.totals[us],
            self.state.totals[1 - us]
        );
        push_log(&mut self.log, result.clone());
        self.result = Some(result);
    }

    /// The table's own lines: the session or the deal, the mode, the last trick.
    fn table_lines(&self) -> Vec<String> {
        let s = &self.state;
        match self.stage {
            Stage::Connecting => vec!["Connecting...".into()],
            Stage::Lobby(_) => vec!["Create a game, or join one waiting for players".into()],
            Stage::Joining => vec!["Joining...".into()],
            Stage::Waiting => {
                let seated = self.players.iter().flatten().count();
                vec![
                    format!(
                        "Session {}: {seated} of 4 seats taken",
                        printable(&self.session)
                    ),
                    "The game starts when all four seats are taken".into(),
                ]
            }
            Stage::Playing => {
                let trick = (s.tricks.len() + 1).min(9);
                let mut lines = vec![format!("Deal {} · trick {trick} of 9", s.number)];
                lines.push(match (s.mode, self.declarer) {
                    // Over: no trumpf is being chosen any more.
                    _ if self.result.is_some() => "The game is over".into(),
                    (Some(mode), Some(by)) => {
                        format!("{}, chosen by {}", mode_label(mode), self.name_of(by))
                    }
                    (Some(mode), None) => mode_label(mode),
                    (None, _) if self.pushed => format!(
                        "{} pushed: {} chooses the trumpf",
                        self.name_of(s.chooser()),
                        self.name_of(s.chooser() + 2)
                    ),
                    (None, _) => format!("{} chooses the trumpf", self.name_of(s.chooser())),
                });
                if let Some(last) = s.tricks.last() {
                    let cards: Vec<String> = (0..4)
                        .map(|i| {
                            let seat = last.first() + i;
                            format!("{} {}", self.name_of(seat), card_text(last.cards()[i]))
                        })
                        .collect();
                    lines.push(format!(
                        "Last trick: {}, taken by {}",
                        cards.join(", "),
                        self.name_of(last.winner())
                    ));
                }
                lines
            }
        }
    }

    /// Everyone at the table, starting with us, in playing order.
    fn seats(&self) -> Vec<Seat> {
        let Some(me) = self.my_seat else {
            return Vec::new();
        };
        let s = &self.state;
        let playing = self.stage == Stage::Playing;
        let turn = self.turn();
        (0..4)
            .map(|i| (me + i) % 4)
            .map(|seat| {
                // Where this seat's card lies in the current trick, if it played one.
                let place = (seat + 4 - s.leader) % 4;
                let played = s.table.get(place).filter(|_| playing).copied();
                let held = 9usize.saturating_sub(s.tricks.len() + usize::from(played.is_some()));
                let name = match &self.players[seat] {
                    Some(name) if seat == me => format!("{name} (you)"),
                    Some(name) => name.clone(),
                    None => "empty seat".into(),
                };
                let info = if playing && self.result.is_none() {
                    format!("Team {} · {held} cards", seat % 2 + 1)
                } else {
                    format!("Team {}", seat % 2 + 1)
                };
                Seat {
                    name,
                    info,
                    turn: turn == Some(seat),
                    played: played.map(card_text),
                }
            })
            .collect()
    }
}

impl Table for Jass {
    /// Nothing: the server asks for the name first, and [`Table::receive`] answers it.
    fn hello(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn receive(&mut self, message: &str) -> Vec<String> {
        match ServerMsg::parse(message) {
            Ok(msg) => self.handle(&msg),
            Err(_) => {
                push_log(
                    &mut self.log,
                    "The server sent a message this client cannot read",
                );
                Vec::new()
            }
        }
    }

    fn screen(&self) -> Screen {
        let moves = self.moves();
        let s = &self.state;
        let prompt = match (&self.stage, s.trumpf_request) {
            _ if moves.is_empty() => None,
            (Stage::Lobby(_), _) => Some("create a game, or join one".into()),
            (Stage::Waiting, _) => Some("fill the empty seats, or wait for people".into()),
            (_, Some(true)) => Some("your partner pushed: choose the trumpf".into()),
            (_, Some(false)) => Some("choose the trumpf, or push (schiebe)".into()),
            (_, None) => Some("play a card".into()),
        };
        let score = match self.stage {
            Stage::Playing => {
                let us = self.our_team();
                format!(
                    "us {} · them {} · this deal {}:{} · to 2500",
                    s.totals[us],
                    s.totals[1 - us],
                    s.deal[us],
                    s.deal[1 - us]
                )
            }
            _ => String::new(),
        };
        let suggested = moves
            .iter()
            .position(|(_, m)| matches!(m, Move::Act(a) if Some(*a) == self.hint))
            .unwrap_or(0);
        let hand: Vec<String> = sorted(s.hand).into_iter().map(card_text).collect();
        Screen {
            title: format!("Jass · {}", self.name),
            score,
            seats: self.seats(),
            table: self.table_lines(),
            hand: hand.join("  "),
            prompt,
            choices: moves.into_iter().map(|(choice, _)| choice).collect(),
            suggested,
            log: self.log.clone(),
            over: self.result.clone(),
        }
    }

    fn choose(&mut self, index: usize) -> Vec<String> {
        let Some((_, chosen)) = self.moves().into_iter().nth(index) else {
            return Vec::new();
        };
        let session = |choice, name: String, kind| {
            let request = SessionRequest {
                choice,
                spectator: false,
                name: Some(name),
                kind,
                team: None,
                must_exist: false,
            };
            ClientMsg::ChooseSession(request).write()
        };
        match chosen {
            Move::Create(name, number) => {
                self.stage = Stage::Joining;
                self.next_table = number + 1;
                vec![session(
                    Entry::CreateNew,
                    name,
                    Some(SessionType::SingleGame),
                )]
            }
            Move::Join(name) => {
                self.stage = Stage::Joining;
                vec![session(Entry::JoinExisting, name, None)]
            }
            Move::Fill(empty) => {
                self.bots_pending = empty;
                let join = ClientMsg::JoinBot {
                    session: self.session.clone(),
                    team: None,
                };
                vec![join.write(); empty]
            }
            Move::Act(action) => {
                // Answered: nothing more to offer until the server's next request.
                self.state.trumpf_request = None;
                self.state.card_request = false;
                self.hint = None;
                vec![message(action).write()]
            }
        }
    }
}

/// A hand's cards by suit (alternating colours), then rank.
fn sorted(hand: ::jass::CardSet) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| (SUIT_ORDER.iter().position(|&s| s == c.suit()), c.rank()));
    cards
}

fn suit_symbol(suit: Suit) -> char {
    match suit {
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
        Suit::Spades => '♠',
    }
}

fn suit_word(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
    }
}

/// A card as its suit symbol and rank: `♥A`, `♠10`.
fn card_text(card: Card) -> String {
    // Rank first, as every other game here writes its cards (`J♥`).
    format!("{}{}", card.rank().symbol(), suit_symbol(card.suit()))
}

/// A mode in words: `trumpf ♥ hearts`, `Obeabe (high cards win)`.
fn mode_label(mode: Mode) -> String {
    match mode {
        Mode::Trumpf(suit) => format!("trumpf {} {}", suit_symbol(suit), suit_word(suit)),
        Mode::Obeabe => "Obeabe (high cards win)".into(),
        Mode::Undeufe => "Undeufe (low cards win)".into(),
    }
}

/// A trumpf choice's label.
fn action_label(action: Action) -> String {
    match action {
        Action::Choose(mode) => mode_label(mode),
        Action::Schiebe => "Schiebe (your partner chooses)".into(),
        Action::Play(card) => card_text(card),
    }
}

/// `BAD_MESSAGE` data in words: field errors, or the frame the server could not read.
fn refusal(bad: &Bad) -> String {
    let described = match bad {
        Bad::Fields(fields) => fields
            .iter()
            .map(|(field, errors)| format!("{field}: {}", errors.join(", ")))
            .collect::<Vec<_>>()
            .join("; "),
        Bad::Frame(_) => "it could not read our message".into(),
    };
    printable(&described)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::jass::{Config, Event, Game};
    use parlor_wire::jass::{card as card_json, mode as mode_json};
    use serde_json::{json, Value};

    fn feed(client: &mut Jass, messages: &[Value]) -> Vec<String> {
        messages
            .iter()
            .flat_map(|m| client.receive(&m.to_string()))
            .collect()
    }

    fn msg(kind: &str, data: Value) -> Value {
        json!({ "type": kind, "data": data })
    }

    fn c(number: u8, color: &str) -> Value {
        json!({ "number": number, "color": color })
    }

    fn player(seat: usize, name: &str) -> Value {
        json!({ "id": format!("p{seat}"), "seatId": seat, "name": name })
    }

    /// What we sent, parsed (the order of keys in a JSON text does not matter).
    fn sent(frames: &[String]) -> Vec<Value> {
        frames
            .iter()
            .map(|f| serde_json::from_str(f).unwrap())
            .collect()
    }

    fn keys(screen: &Screen) -> String {
        screen.choices.iter().map(|c| c.key).collect()
    }

    /// Connected, named, and seated in `seat` of a new session of our own.
    fn seated(seat: usize) -> Jass {
        let mut client = Jass::new("ana");
        let replies = feed(
            &mut client,
            &[
                json!({ "type": "REQUEST_PLAYER_NAME" }),
                msg("REQUEST_SESSION_CHOICE", json!([])),
            ],
        );
        assert_eq!(
            sent(&replies),
            [msg("CHOOSE_PLAYER_NAME", json!("ana"))],
            "the name is answered without asking"
        );
        client.choose(0);
        let me = player(seat, "ana");
        let joined =
            json!({ "sessionName": "ana's table", "player": me, "playersInSession": [me] });
        feed(&mut client, &[msg("BROADCAST_SESSION_JOINED", joined)]);
        client
    }

    /// The four players of a full table with us in seat `seat`, the others bots.
    fn everyone(seat: usize) -> [Value; 4] {
        [0, 1, 2, 3].map(|s| match s == seat {
            true => player(s, "ana"),
            false => player(s, &format!("bot{}", s + 1)),
        })
    }

    fn teams(seat: usize) -> Value {
        let [p0, p1, p2, p3] = everyone(seat);
        msg(
            "BROADCAST_TEAMS",
            json!([{ "name": "Team 1", "players": [p0, p2] }, { "name": "Team 2", "players": [p1, p3] }]),
        )
    }

    #[test]
    fn creates_a_game_and_fills_it_with_cpu_players() {
        let mut client = Jass::new("ana\u{1b}[2J");
        assert!(client.hello().is_empty());
        assert_eq!(client.screen().title, "Jass · ana[2J");
        feed(&mut client, &[json!({ "type": "REQUEST_PLAYER_NAME" })]);
        let sessions = json!(["Bob's\u{7} table", "ana[2J's table"]);
        feed(&mut client, &[msg("REQUEST_SESSION_CHOICE", sessions)]);
        let screen = client.screen();
        assert_eq!(keys(&screen), "n12");
        assert_eq!(screen.suggested, 0);
        assert_eq!(screen.prompt.as_deref(), Some("create a game, or join one"));
        assert_eq!(screen.choices[1].label, "join Bob's table", "no bell");
        // The waiting list already has our first name: the new table gets another.
        let create = json!({"sessionChoice": "CREATE_NEW", "sessionName": "ana[2J's table 2",
            "sessionType": "SINGLE_GAME"});
        assert_eq!(sent(&client.choose(0)), [msg("CHOOSE_SESSION", create)]);
        assert!(client.screen().choices.is_empty(), "waiting for the answer");
        // Taken meanwhile: refused, asked again, a new name.
        let refused = json!({ "data.sessionName": ["ana[2J's table 2 already exists"] });
        feed(&mut client, &[msg("BAD_MESSAGE", refused)]);
        assert!(client.screen().choices.is_empty());
        assert!(client.screen().log[0].contains("already exists"));
        feed(&mut client, &[msg("REQUEST_SESSION_CHOICE", json!([]))]);
        let retry = &sent(&client.choose(0))[0];
        assert_eq!(retry["data"]["sessionName"], "ana[2J's table 3");

        let me = player(1, "ana[2J");
        let bob = player(0, "e\u{1b}vil");
        let joined = json!({ "sessionName": "ana[2J's table 3", "player": me, "playersInSession": [bob, me] });
        feed(&mut client, &[msg("BROADCAST_SESSION_JOINED", joined)]);
        let screen = client.screen();
        assert_eq!(keys(&screen), "c");
        assert_eq!(screen.suggested, 0);
        assert!(screen.prompt.is_some());
        assert_eq!(screen.seats[0].name, "ana[2J (you)");
        assert_eq!(screen.seats[3].name, "evil", "seat 0 plays before us");
        assert_eq!(screen.seats[1].name, "empty seat");
        let join_bot = msg("JOIN_BOT", json!({"sessionName": "ana[2J's table 3"}));
        assert_eq!(sent(&client.choose(0)), [join_bot.clone(), join_bot]);
        assert!(client.screen().choices.is_empty(), "the bots are coming");
        let bot = player(2, "bot3");
        let joined = json!({ "sessionName": "ana[2J's table 3", "player": bot, "playersInSession": [bob, me, bot] });
        feed(&mut client, &[msg("BROADCAST_SESSION_JOINED", joined)]);
        assert!(client.screen().choices.is_empty(), "one bot still to come");
        assert!(client.screen().log.last().unwrap().contains("bot3 joins"));
    }

    #[test]
    fn chooses_the_trumpf_and_plays_the_legal_cards() {
        let mut client = seated(0);
        let hand = json!([
            c(6, "HEARTS"),
            c(14, "HEARTS"),
            c(11, "SPADES"),
            c(9, "CLUBS"),
            c(10, "CLUBS"),
            c(7, "DIAMONDS"),
            c(13, "DIAMONDS"),
            c(12, "SPADES"),
            c(8, "HEARTS")
        ]);
        feed(
            &mut client,
            &[
                teams(0),
                msg("DEAL_CARDS", hand),
                msg("REQUEST_TRUMPF", json!(false)),
            ],
        );
        let screen = client.screen();
        assert_eq!(screen.hand, "6♥  8♥  A♥  J♠  Q♠  7♦  K♦  9♣  10♣");
        assert_eq!(keys(&screen), "hsdcoup");
        assert!(screen.suggested < 7);
        assert!(screen.seats[0].turn);
        assert_eq!(screen.table[1], "ana chooses the trumpf");
        let schiebe = msg("CHOOSE_TRUMPF", json!({"mode": "SCHIEBE"}));
        assert_eq!(sent(&client.choose(6)), [schiebe]);
        assert!(client.screen().choices.is_empty());
        feed(
            &mut client,
            &[
                msg("BROADCAST_TRUMPF", json!({"mode": "SCHIEBE"})),
                msg(
                    "BROADCAST_TRUMPF",
                    json!({"mode": "TRUMPF", "trumpfColor": "SPADES"}),
                ),
                msg("REQUEST_CARD", json!([])),
            ],
        );
        let screen = client.screen();
        assert_eq!(screen.table[1], "trumpf ♠ spades, chosen by bot3");
        assert!(screen
            .log
            .iter()
            .any(|l| l == "ana pushes (schiebe): bot3 chooses"));
        assert_eq!(keys(&screen), "123456789", "we lead: any card");
        assert_eq!(screen.prompt.as_deref(), Some("play a card"));

        // A refused card: shown, and the same choices come back with the request.
        let ace = msg("CHOOSE_CARD", c(14, "HEARTS"));
        assert_eq!(sent(&client.choose(2)), [ace]);
        assert!(client.screen().choices.is_empty());
        feed(
            &mut client,
            &[
                msg("REJECT_CARD", c(14, "HEARTS")),
                msg("REQUEST_CARD", json!([])),
            ],
        );
        let screen = client.screen();
        assert_eq!(
            screen.log.last().unwrap(),
            "The server refused A♥: choose another card"
        );
        assert_eq!(keys(&screen), "123456789");
        client.choose(2);

        let trick = [
            c(14, "HEARTS"),
            c(10, "HEARTS"),
            c(6, "SPADES"),
            c(7, "HEARTS"),
        ];
        for n in 1..=4 {
            feed(&mut client, &[msg("PLAYED_CARDS", json!(trick[..n]))]);
        }
        let screen = client.screen();
        assert_eq!(screen.hand, "6♥  8♥  J♠  Q♠  7♦  K♦  9♣  10♣");
        assert_eq!(screen.seats[0].played.as_deref(), Some("A♥"));
        assert_eq!(screen.seats[2].played.as_deref(), Some("6♠"));
        let stich = json!({"name": "bot3", "id": "p2", "seatId": 2, "playedCards": trick,
            "teams": [{"name": "Team 1", "points": 62, "currentRoundPoints": 62},
                      {"name": "Team 2", "points": 0, "currentRoundPoints": 0}]});
        feed(&mut client, &[msg("BROADCAST_STICH", stich)]);
        let screen = client.screen();
        assert_eq!(
            screen.log.last().unwrap(),
            "bot3 takes trick 1 for 62 points"
        );
        assert_eq!(screen.score, "us 62 · them 0 · this deal 62:0 · to 2500");
        assert!(screen.seats.iter().all(|s| s.played.is_none()));
        assert!(screen.seats[2].turn, "the winner leads");
        assert!(screen.table[2].starts_with("Last trick: ana A♥, bot2 10♥"));
        assert_eq!(screen.seats[1].info, "Team 2 · 8 cards");

        // bot3 leads hearts: we must follow (or trump).
        feed(
            &mut client,
            &[msg(
                "REQUEST_CARD",
                json!([c(12, "HEARTS"), c(9, "HEARTS")]),
            )],
        );
        let screen = client.screen();
        let labels: Vec<&str> = screen.choices.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["6♥", "8♥", "J♠", "Q♠"]);
        assert_eq!(keys(&screen), "1234");
        assert!(screen.suggested < 4);
    }

    #[test]
    fn the_end_of_a_deal_and_of_the_game() {
        let mut client = seated(3);
        feed(&mut client, &[teams(3)]);
        let screen = client.screen();
        let names: Vec<&str> = screen.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ana (you)", "bot1", "bot2", "bot3"]);
        assert!(screen.seats[1].turn, "seat 0 chooses first");
        let start = "The game starts: ana and bot2 against bot1 and bot3";
        assert_eq!(screen.log.last().unwrap(), start);
        let deal = json!([{"name": "Team 2", "points": 1300, "currentRoundPoints": 257},
                          {"name": "Team 1", "points": 900, "currentRoundPoints": 0}]);
        feed(&mut client, &[msg("BROADCAST_GAME_FINISHED", deal)]);
        let screen = client.screen();
        assert_eq!(
            screen.log.last().unwrap(),
            "Deal 1 over: us 257, them 0 (totals 1300:900)"
        );
        assert!(screen.seats[2].turn, "seat 1 chooses in deal 2");
        feed(
            &mut client,
            &[
                msg("ERROR", json!("Player bo\u{1b}b left the game!")),
                msg(
                    "BROADCAST_WINNER_TEAM",
                    json!({"name": "Team 2", "points": 2510, "currentRoundPoints": 0}),
                ),
            ],
        );
        let screen = client.screen();
        assert!(screen
            .log
            .iter()
            .any(|l| l == "Server: Player bob left the game!"));
        assert_eq!(
            screen.over.as_deref(),
            Some("Your team (Team 2) wins: us 2510, them 900")
        );
        assert!(screen.choices.is_empty() && screen.prompt.is_none());
        assert_eq!(
            screen.table[1], "The game is over",
            "no trumpf to choose any more"
        );
        assert!(screen.seats.iter().all(|s| !s.turn));
    }

    /// What the server sends our seat for the engine's events (as the server's Jass
    /// table renders them).
    struct Server {
        game: Game,
        trick: Vec<Value>,
        me: usize,
    }

    impl Server {
        fn frames(&mut self, events: &[Event]) -> Vec<Value> {
            let team = |t: usize, totals: [u32; 2], deal: [u32; 2]| json!({"name": format!("Team {}", t + 1), "points": totals[t], "currentRoundPoints": deal[t]});
            let mut out = Vec::new();
            for event in events {
                match *event {
                    Event::Dealt { seat, cards } if seat == self.me => {
                        let cards: Vec<Value> = cards.iter().map(card_json).collect();
                        out.push(msg("DEAL_CARDS", json!(cards)));
                    }
                    Event::TrumpfRequested { seat, pushed } if seat == self.me => {
                        out.push(msg("REQUEST_TRUMPF", json!(pushed)));
                    }
                    Event::Pushed { .. } => {
                        out.push(msg("BROADCAST_TRUMPF", json!({"mode": "SCHIEBE"})));
                    }
                    Event::TrumpfChosen { mode, .. } => {
                        let data = mode_json(mode);
                        out.push(msg("BROADCAST_TRUMPF", data));
                    }
                    Event::CardRequested { seat } if seat == self.me => {
                        out.push(msg("REQUEST_CARD", json!(self.trick)));
                    }
                    Event::Played { card, .. } => {
                        self.trick.push(card_json(card));
                        out.push(msg("PLAYED_CARDS", json!(self.trick)));
                    }
                    Event::TrickWon {
                        winner,
                        cards,
                        totals,
                        deal,
                        ..
                    } => {
                        self.trick.clear();
                        let played: Vec<Value> = cards.into_iter().map(card_json).collect();
                        out.push(msg("BROADCAST_STICH", json!({"seatId": winner, "playedCards": played,
                            "teams": [team(winner % 2, totals, deal), team(1 - winner % 2, totals, deal)]})));
                    }
                    Event::DealFinished { totals, deal, .. } => {
                        let data = json!([team(0, totals, deal), team(1, totals, deal)]);
                        out.push(msg("BROADCAST_GAME_FINISHED", data));
                    }
                    Event::GameWon {
                        team: t,
                        totals,
                        deal,
                    } => {
                        out.push(msg("BROADCAST_WINNER_TEAM", team(t, totals, deal)));
                    }
                    _ => {}
                }
            }
            out
        }
    }

    /// Our message back as the engine's action.
    fn action(sent: &str) -> Action {
        let value: Value = serde_json::from_str(sent).unwrap();
        let data = &value["data"];
        match (value["type"].as_str(), data["mode"].as_str()) {
            (Some("CHOOSE_CARD"), _) => Action::Play(parlor_wire::jass::card_of(data).unwrap()),
            (_, Some("SCHIEBE")) => Action::Schiebe,
            (_, Some("OBEABE")) => Action::Choose(Mode::Obeabe),
            (_, Some("UNDEUFE")) => Action::Choose(Mode::Undeufe),
            _ => {
                let color = data["trumpfColor"].as_str().unwrap();
                let suit = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades]
                    .into_iter()
                    .find(|&s| mode_json(Mode::Trumpf(s))["trumpfColor"] == color)
                    .unwrap();
                Action::Choose(Mode::Trumpf(suit))
            }
        }
    }

    #[test]
    fn enter_alone_plays_a_whole_game() {
        let me = 2;
        let mut client = seated(me);
        let (game, events) = Game::new(Config::default(), seeded_rng(11));
        let mut server = Server {
            game,
            trick: Vec::new(),
            me,
        };
        let mut frames = vec![teams(me)];
        frames.extend(server.frames(&events));
        let mut moves = 0;
        while !server.game.is_over() {
            assert!(feed(&mut client, &frames).is_empty());
            let seat = server.game.to_act().unwrap();
            let action = if seat == me {
                let screen = client.screen();
                assert!(screen.prompt.is_some() && screen.seats[0].turn);
                let sent = client.choose(screen.suggested);
                assert!(client.screen().choices.is_empty());
                action(&sent[0])
            } else {
                assert!(client.screen().choices.is_empty(), "not our turn");
                server.game.legal_actions(seat)[0]
            };
            let events = server.game.apply(seat, action).expect("a legal move");
            frames = server.frames(&events);
            moves += 1;
        }
        feed(&mut client, &frames);
        let screen = client.screen();
        assert!(moves > 36 * 3, "several deals: {moves}");
        let winner = server.game.winner().unwrap();
        let verdict = if winner == me % 2 {
            "Your team"
        } else {
            "The other team"
        };
        assert!(screen.over.unwrap().starts_with(verdict));
        assert!(screen.choices.is_empty());
        assert_eq!(
            client.state.totals,
            server.game.totals(),
            "the score as the engine has it"
        );
    }
}
