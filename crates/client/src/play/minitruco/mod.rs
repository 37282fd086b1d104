//! miniTruco in `parlor play minitruco`: the 2008 protocol (seed 000: the lounge's rooms,
//! the room's seats and ready flags, then the game), or with `--app`/`--code` today's
//! app's dialect ([`app`]: public and private tables, then the same game).
//!
//! The 2008 server ignores a refused move without a word, so the client works out what
//! is allowed from the notifications (as the browser page does) and offers nothing else;
//! a move the server did not show back is offered again at the next message (the
//! keep-alive line it sends after 5 s of silence, if nothing else).

mod app;

use super::screen::{printable, push_log, truco_card, Choice, Screen, Seat};
use super::Table;
use app::Tables;
use cards::Card;
use parlor_wire::minitruco::{Command, Dialect, Refusal, Room, ServerMsg};
use truco::{DeckStyle, ManilhaStyle, Rules, Stakes};

/// The team of seat `pos` (1-4): team 1 is seats 1 and 3.
fn team(pos: usize) -> usize {
    if pos % 2 == 1 {
        1
    } else {
        2
    }
}

/// What a raise to `value` is called.
fn raise_name(value: u32) -> &'static str {
    match value {
        3 | 4 => "truco",
        6 => "six",
        9 => "nine",
        10 => "ten",
        _ => "twelve",
    }
}

/// A nickname the server accepts: letters, digits and `!@$()-_.`, at most 32.
fn valid_nick(name: &str) -> String {
    let nick: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || "!@$()-_.".contains(*c))
        .take(32)
        .collect();
    if nick.is_empty() {
        "guest".into()
    } else {
        nick
    }
}

/// A card on the table.
#[derive(Clone, Debug)]
struct Played {
    pos: usize,
    /// Known to us: open cards, and our own face-down card.
    card: Option<String>,
    closed: bool,
}

/// The game in progress (from `P` to `G`).
#[derive(Clone, Debug, Default)]
struct Game {
    scores: [u32; 2],
    hands: u32,
    hand: Vec<String>,
    vira: Option<String>,
    turn: usize,
    closed_allowed: bool,
    face_down: bool,
    played: Vec<Played>,
    /// Each round's winner: 1, 2, or 3 for a tie.
    rounds: Vec<u32>,
    stake: u32,
    last_raiser: usize,
    /// A raise waiting for an answer: who asked, for how much, and whether we answered.
    raise: Option<(usize, u32, bool)>,
    /// Whether one of the two asked has refused the raise already (the second refusal
    /// folds the hand).
    refused: bool,
    /// Our partner's cards in a hand of 11, until we decide.
    eleven: Option<Vec<String>>,
    eleven_team: usize,
    /// The score of the "hand of 11" (10 in Mineiro).
    eleven_at: u32,
    names: Vec<String>,
    over: Option<usize>,
}

/// The miniTruco client.
pub struct MiniTruco {
    nick: String,
    named: bool,
    tries: u32,
    rooms: Vec<u32>,
    room: Option<usize>,
    seats: Vec<String>,
    ready: Vec<bool>,
    manager: usize,
    clean: bool,
    old: bool,
    pos: usize,
    game: Option<Game>,
    log: Vec<String>,
    /// A move was sent and nothing has come back yet.
    busy: bool,
    /// We said `Q` and the room has not shown us ready yet (other `I`s may come first).
    asked_ready: bool,
    result: Option<String>,
    /// Today's app's dialect: its tables instead of the lounge's rooms.
    app: Option<Tables>,
}

impl MiniTruco {
    /// A 2008-protocol client, playing as `name`.
    pub fn new(name: &str) -> MiniTruco {
        MiniTruco {
            nick: valid_nick(name),
            named: false,
            tries: 0,
            rooms: Vec::new(),
            room: None,
            seats: vec![String::new(); 4],
            ready: vec![false; 4],
            manager: 0,
            clean: false,
            old: false,
            pos: 0,
            game: None,
            log: Vec::new(),
            busy: false,
            asked_ready: false,
            result: None,
            app: None,
        }
    }

    /// A client of today's app's dialect, playing as `name`; with a `code`, it goes
    /// straight to that private table.
    pub fn app(name: &str, code: Option<&str>) -> MiniTruco {
        MiniTruco {
            nick: app::clean_name(name),
            app: Some(Tables::new(code)),
            ..MiniTruco::new(name)
        }
    }

    /// What hands are worth under the rules in force.
    fn stakes(&self) -> Stakes {
        match &self.app {
            Some(tables) => Rules::app(tables.mode).stakes,
            None => Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New)
                .map(|r| r.stakes)
                .unwrap_or(Rules::course().stakes),
        }
    }

    fn name_of(&self, pos: usize) -> String {
        if pos == self.pos {
            return "you".into();
        }
        let names = self.game.as_ref().map_or(&self.seats, |g| &g.names);
        match names.get(pos.wrapping_sub(1)) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => format!("CPU{pos}"),
        }
    }

    fn note(&mut self, text: String) {
        push_log(&mut self.log, text);
    }

    /// The moves open now, each with the lines it sends (none: a toggle).
    fn moves(&self) -> Vec<(Choice, Vec<String>)> {
        if self.busy || self.result.is_some() || !self.named {
            return Vec::new();
        }
        if let (Some(tables), None) = (&self.app, &self.game) {
            return tables.moves(self.room.is_some(), self.pos);
        }
        if self.room.is_none() {
            // The first ten rooms with a free seat, keys 1-9 and 0 (a server may have
            // thousands of rooms; one key each would repeat).
            let rooms = self.rooms.iter().enumerate().filter(|(_, &n)| n < 4);
            return rooms
                .take(10)
                .zip("1234567890".chars())
                .map(|((i, n), key)| {
                    let label = format!("enter room {} ({n}/4)", i + 1);
                    let enter = Command::Enter(Some((i + 1).to_string()));
                    (Choice::new(key, label), vec![enter.write()])
                })
                .collect();
        }
        let Some(g) = &self.game else {
            return self.room_moves();
        };
        let mut moves = Vec::new();
        let mine = team(self.pos);
        if g.eleven.is_some() {
            let play = format!("play the hand of {}", g.eleven_at);
            let (play_it, give_up) = (Command::HandOfEleven(true), Command::HandOfEleven(false));
            moves.push((Choice::new('p', play), vec![play_it.write()]));
            moves.push((Choice::new('g', "give it up"), vec![give_up.write()]));
            return moves;
        }
        let stakes = self.stakes();
        if let Some((raiser, value, answered)) = g.raise {
            if team(raiser) != mine && !answered {
                let accept = format!("accept ({value} points)");
                moves.push((Choice::new('a', accept), vec![Command::Accept.write()]));
                let fold = format!("fold (they score {})", g.stake);
                moves.push((Choice::new('f', fold), vec![Command::Decline.write()]));
            }
            return moves;
        }
        if g.over.is_some() || g.turn != self.pos {
            return moves;
        }
        let face_down = g.face_down && g.closed_allowed;
        for (i, card) in g.hand.iter().enumerate() {
            let key = char::from_digit(i as u32 + 1, 10).unwrap_or('?');
            let label = match face_down {
                true => format!("{} face down", truco_card(card)),
                false => truco_card(card),
            };
            let play = Command::Play {
                card: card.clone(),
                closed: face_down,
            };
            moves.push((Choice::new(key, label), vec![play.write()]));
        }
        if g.closed_allowed {
            let flip = if g.face_down {
                "play face up"
            } else {
                "play face down"
            };
            moves.push((Choice::new('d', flip), Vec::new()));
        }
        let both_at = g.scores == [g.eleven_at; 2];
        let raise_open = stakes.raise_when_both_at_hand_of || !both_at;
        if g.eleven_team == 0 && g.last_raiser != mine && raise_open {
            if let Some(value) = stakes.next_raise(g.stake as u8).map(u32::from) {
                let raise = format!("ask for {} ({value} points)", raise_name(value));
                moves.push((Choice::new('t', raise), vec![Command::Truco.write()]));
            }
        }
        moves
    }

    /// In a room before the game: ready, leave, and the manager's rules and seats.
    fn room_moves(&self) -> Vec<(Choice, Vec<String>)> {
        let mut moves = Vec::new();
        let ready = self.ready.get(self.pos.wrapping_sub(1)).copied();
        if !ready.unwrap_or(false) && !self.asked_ready {
            let ready = "ready: start (CPU players take the empty seats)";
            moves.push((Choice::new('r', ready), vec![Command::Ready.write()]));
        }
        if self.manager == self.pos {
            let flag = |b: bool| if b { 'T' } else { 'F' };
            let deck = if self.clean {
                "use the dirty deck"
            } else {
                "use the clean deck"
            };
            let old = if self.clean { false } else { self.old };
            let rules = Command::Rules(Some(format!("{}{}", flag(!self.clean), flag(old))));
            moves.push((Choice::new('k', deck), vec![rules.write()]));
            if !self.clean {
                let manilha = if self.old {
                    "use the new manilha"
                } else {
                    "use the old manilha"
                };
                let rules = Command::Rules(Some(format!("F{}", flag(!self.old))));
                moves.push((Choice::new('m', manilha), vec![rules.write()]));
            }
            moves.push((
                Choice::new('v', "swap the players beside you"),
                vec![Command::SwapFoes.write()],
            ));
            moves.push((
                Choice::new('o', "rotate partner and foes"),
                vec![Command::CyclePartner.write()],
            ));
        }
        moves.push((
            Choice::new('s', "leave the room"),
            vec![Command::Leave.write()],
        ));
        moves
    }

    fn room_info(&mut self, room: &Room) {
        if Some(room.number) != self.room {
            return;
        }
        self.seats = room.names.iter().map(|n| printable(n)).collect();
        self.ready = room.ready.to_vec();
        self.manager = room.manager;
        self.clean = room.clean_deck;
        self.old = room.old_manilha;
        let me = self.nick.to_lowercase();
        if let Some(i) = self.seats.iter().position(|n| n.to_lowercase() == me) {
            self.pos = i + 1;
        }
    }

    /// Takes in one game notification.
    fn game_msg(&mut self, msg: &ServerMsg) {
        let pos = self.pos;
        let stakes = self.stakes();
        let Some(g) = &mut self.game else { return };
        let mut notes = Vec::new();
        match msg {
            ServerMsg::Cards { cards, vira, .. } => {
                g.hand = cards.iter().map(Card::to_string).collect();
                g.vira = vira.map(|c| c.to_string());
                g.played.clear();
                g.rounds.clear();
                g.turn = 0;
                g.stake = u32::from(stakes.base);
                g.last_raiser = 0;
                g.raise = None;
                g.eleven = None;
                g.face_down = false;
                g.hands += 1;
                let at = g.eleven_at;
                g.eleven_team = match g.scores {
                    [a, b] if a == at && b != at => 1,
                    [a, b] if b == at && a != at => 2,
                    _ => 0,
                };
                if g.eleven_team != 0 {
                    notes.push(format!(
                        "Hand of {at}: team {} decides whether to play it.",
                        g.eleven_team
                    ));
                }
            }
            ServerMsg::PartnerCards(cards) => {
                g.eleven = Some(cards.iter().map(Card::to_string).collect());
            }
            &ServerMsg::HandOfEleven { position, play, .. } => {
                if position == pos {
                    g.eleven = None;
                }
                if play {
                    g.stake = u32::from(stakes.raises[0]);
                    g.eleven = None;
                }
                let what = if play { "plays" } else { "would give up" };
                notes.push(format!("{position} {what} the hand of {}.", g.eleven_at));
            }
            &ServerMsg::Turn {
                position,
                closed_allowed,
            } => {
                g.turn = position;
                g.closed_allowed = closed_allowed;
            }
            &ServerMsg::Played {
                position,
                card,
                closed,
            } => {
                if g.played.len() == 4 {
                    g.played.clear();
                }
                let card = card.map(|c| c.to_string());
                if position == pos {
                    if let Some(card) = &card {
                        g.hand.retain(|c| c != card);
                    }
                }
                g.played.push(Played {
                    pos: position,
                    closed: card.is_none() || closed,
                    card,
                });
                g.turn = 0;
            }
            &ServerMsg::Round { team, .. } => {
                g.rounds.push(u32::from(team));
                notes.push(match team {
                    3 => "The round was tied.".into(),
                    t => format!("Team {t} won round {}.", g.rounds.len()),
                });
            }
            &ServerMsg::Score(scores) => {
                let gained = (0..2).find(|&t| scores[t] > g.scores[t]);
                g.scores = scores;
                g.raise = None;
                g.turn = 0;
                notes.push(match gained {
                    Some(t) => format!(
                        "Hand {}: team {} scored. Score {} x {}.",
                        g.hands,
                        t + 1,
                        scores[0],
                        scores[1]
                    ),
                    None => format!("Hand {}: nobody scored.", g.hands),
                });
            }
            &ServerMsg::Raise {
                position, value, ..
            } => {
                g.raise = Some((position, value, false));
                g.refused = false;
                g.last_raiser = team(position);
                notes.push(format!("{position} asked for {value} points."));
            }
            &ServerMsg::Accepted {
                position, value, ..
            } => {
                g.stake = value;
                g.raise = None;
                notes.push(format!("{position} accepted: the hand is worth {value}."));
            }
            &ServerMsg::Declined { position, .. } => {
                if let Some(raise) = &mut g.raise {
                    if position == pos {
                        raise.2 = true;
                    }
                }
                // One refusal does not end the hand: the partner may still accept.
                let partner = (position + 1) % 4 + 1;
                notes.push(if std::mem::replace(&mut g.refused, true) {
                    format!(
                        "{position} refuses too: team {} folds the hand.",
                        team(position)
                    )
                } else {
                    format!(
                        "{position} refuses the raise; {partner} may still accept it (both must refuse to fold)."
                    )
                });
            }
            &ServerMsg::GameOver { team: winner, .. } => {
                let winner = usize::from(winner);
                g.over = Some(winner);
                g.turn = 0;
                g.raise = None;
                let [s1, s2] = g.scores;
                let verdict = if winner == team(pos) {
                    "You win!"
                } else {
                    "You lose."
                };
                self.result = Some(format!("team {winner} wins, {s1} x {s2}. {verdict}"));
            }
            _ => {}
        }
        for note in notes {
            // Notes name players by seat number; say who.
            let named = match note.split_once(' ') {
                Some((who, rest)) if who.parse::<usize>().is_ok() => {
                    format!("{} {rest}", self.name_of(who.parse().unwrap_or(0)))
                }
                _ => note,
            };
            self.note(named);
        }
    }
}

impl Table for MiniTruco {
    /// The end of a round (1 s) and of a hand (1.5 s) stay in view before the next
    /// cards (`R` and `O`, in both dialects' game lines).
    fn hold_after(&self, message: &str) -> std::time::Duration {
        let dialect = match self.app {
            Some(_) => Dialect::App,
            None => Dialect::Lounge,
        };
        let ms = match ServerMsg::parse(message, dialect) {
            Some(ServerMsg::Round { .. }) if self.game.is_some() => 1000,
            Some(ServerMsg::Score(_)) if self.game.is_some() => 1500,
            _ => 0,
        };
        std::time::Duration::from_millis(ms)
    }

    fn hello(&mut self) -> Vec<String> {
        match &self.app {
            Some(tables) => tables.hello(&self.nick),
            None => vec![Command::Nick(self.nick.clone()).write()],
        }
    }

    fn receive(&mut self, line: &str) -> Vec<String> {
        let dialect = match self.app {
            Some(_) => Dialect::App,
            None => Dialect::Lounge,
        };
        let msg = match ServerMsg::parse(line, dialect) {
            Some(ServerMsg::KeepAlive) => return Vec::new(),
            Some(msg) => msg,
            // A line this client cannot read (another server's) changes nothing but
            // settling a move sent, as any line does.
            None => {
                self.busy = false;
                return Vec::new();
            }
        };
        if let Some(tables) = &mut self.app {
            match tables.receive(&msg) {
                Some(app::Heard::Answer(lines)) => return lines,
                Some(app::Heard::Note(text)) => {
                    self.note(text);
                    return Vec::new();
                }
                Some(app::Heard::Table { names, pos }) => {
                    self.seats = names;
                    self.pos = pos;
                    self.manager = 1;
                    self.room = Some(0);
                    (self.clean, self.old) = tables.deck_and_manilha();
                    self.busy = false;
                    return Vec::new();
                }
                None => {}
            }
        }
        // Whatever comes next settles a move we sent: its echo, the game moving on, or a
        // keep-alive (the server is silent about a move it ignores, then sends one).
        self.busy = false;
        match &msg {
            ServerMsg::Nick(nick) => {
                self.nick = printable(nick.split(' ').next().unwrap_or(""));
                self.named = true;
                if self.app.is_some() {
                    return Vec::new();
                }
                return vec![Command::List.write()];
            }
            ServerMsg::Rooms(counts) => self.rooms = counts.clone(),
            &ServerMsg::Entered(room) => {
                self.room = Some(room);
                self.asked_ready = false;
            }
            ServerMsg::Room(room) => self.room_info(room),
            ServerMsg::Left => {
                self.room = None;
                self.game = None;
                self.pos = 0;
                if self.app.is_some() {
                    return Vec::new();
                }
                return vec![Command::List.write()];
            }
            &ServerMsg::Position(pos) => {
                self.asked_ready = false;
                self.pos = pos;
                let names = (0..4)
                    .map(|i| match self.seats.get(i) {
                        Some(n) if !n.is_empty() => n.clone(),
                        _ => format!("CPU{}", i + 1),
                    })
                    .collect();
                let stakes = self.stakes();
                self.game = Some(Game {
                    stake: u32::from(stakes.base),
                    eleven_at: u32::from(stakes.hand_of.unwrap_or(11)),
                    names,
                    ..Game::default()
                });
                self.note("The game starts: first team to 12 points wins.".into());
            }
            ServerMsg::Whisper { from, text } => {
                let text = printable(&format!("{from} {text}"));
                self.note(format!("(privately) {text}"));
            }
            &ServerMsg::Abandoned { position, .. } => {
                let who = self.name_of(position);
                self.note(format!("{who} left the room: the game is over."));
                self.result = Some(format!("{who} left the room, so the game ended."));
            }
            ServerMsg::Chat { from, text } => {
                let text = printable(&format!("{from} {text}"));
                self.note(text);
            }
            ServerMsg::Refused(refusal) => {
                if *refusal == Refusal::NickInUse && !self.named && self.tries < 5 {
                    self.tries += 1;
                    let stem: String = self.nick.chars().take(28).collect();
                    self.nick = format!("{stem}{}", 10 + self.tries);
                    return vec![Command::Nick(self.nick.clone()).write()];
                }
                let text = match &self.app {
                    Some(_) if *refusal == Refusal::NoSuchRoom => app::NO_TABLE,
                    _ => refusal_text(refusal),
                };
                self.note(text.into());
                // A room that filled or went away since the list came: ask for it again.
                let gone = matches!(refusal, Refusal::RoomFull | Refusal::NoSuchRoom);
                if gone && self.room.is_none() && self.app.is_none() {
                    self.rooms.clear();
                    return vec![Command::List.write()];
                }
            }
            _ => self.game_msg(&msg),
        }
        Vec::new()
    }

    fn screen(&self) -> Screen {
        let moves = self.moves();
        let choices = moves.iter().map(|(c, _)| c.clone()).collect();
        let mut screen = Screen {
            title: format!("miniTruco · {}", self.nick),
            log: self.log.clone(),
            over: self.result.clone(),
            choices,
            ..Screen::default()
        };
        if let (Some(tables), None) = (&self.app, &self.game) {
            tables.screen(&mut screen, &self.seats, self.pos, !moves.is_empty());
            return screen;
        }
        let Some(room) = self.room else {
            screen.score = "the lounge".into();
            screen.table = vec![
                "Pick a room: up to four people play; CPU players take the empty seats.".into(),
            ];
            screen.prompt = (!moves.is_empty()).then(|| "choose a room".into());
            return screen;
        };
        let order = |pos: usize| (0..4).map(move |i| (pos.max(1) - 1 + i) % 4 + 1);
        let Some(g) = &self.game else {
            screen.score = format!("room {room}");
            screen.seats = order(self.pos)
                .map(|pos| Seat {
                    name: match self.seats.get(pos - 1) {
                        Some(n) if !n.is_empty() => n.clone(),
                        _ => "(empty: a CPU player)".into(),
                    },
                    info: format!(
                        "team {}{}{}",
                        team(pos),
                        // An empty seat shows `T` in the room's line: it is not a
                        // person who is ready.
                        match (self.seats.get(pos - 1), self.ready.get(pos - 1)) {
                            (Some(n), Some(&true)) if !n.is_empty() => ", ready",
                            _ => "",
                        },
                        if self.manager == pos { ", manager" } else { "" }
                    ),
                    ..Seat::default()
                })
                .collect();
            let deck = if self.clean {
                "clean deck"
            } else {
                "dirty deck"
            };
            let manilha = if self.old {
                "old manilha"
            } else {
                "new manilha"
            };
            screen.table = vec![
                format!("Rules: {deck}, {manilha}."),
                "The game starts when everyone here is ready.".into(),
            ];
            // Once ready there is nothing to decide: the other choices (leave, the
            // manager's rules) stay on offer, but Enter must not pick one.
            let ready = moves.iter().any(|(choice, _)| choice.key == 'r');
            screen.prompt = ready.then(|| "get ready".into());
            return screen;
        };
        let mine = team(self.pos);
        screen.score = format!(
            "us {} x {} them · hand worth {}",
            g.scores[mine - 1],
            g.scores[2 - mine],
            g.stake
        );
        screen.seats = order(self.pos)
            .map(|pos| Seat {
                name: if pos == self.pos {
                    format!("{} (you)", g.names[pos - 1])
                } else {
                    g.names[pos - 1].clone()
                },
                info: format!("team {}", team(pos)),
                turn: g.turn == pos && g.raise.is_none(),
                played: g
                    .played
                    .iter()
                    .find(|p| p.pos == pos)
                    .map(|p| match &p.card {
                        Some(card) if p.closed => format!("{} (face down)", truco_card(card)),
                        Some(card) => truco_card(card),
                        None => "face down".into(),
                    }),
            })
            .collect();
        if let Some(vira) = &g.vira {
            screen.table.push(format!(
                "Vira {} · {}",
                truco_card(vira),
                manilhas(vira, self.clean, self.old)
            ));
        }
        let rounds: Vec<String> = g
            .rounds
            .iter()
            .map(|&w| {
                if w == 3 {
                    "tie".into()
                } else {
                    format!("team {w}")
                }
            })
            .collect();
        screen.table.push(format!(
            "Hand {} · rounds: {}",
            g.hands,
            if rounds.is_empty() {
                "-".into()
            } else {
                rounds.join(", ")
            }
        ));
        if let Some(cards) = &g.eleven {
            screen.table.push(format!(
                "Hand of {}: your partner holds {}",
                g.eleven_at,
                cards
                    .iter()
                    .map(|c| truco_card(c))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        if let Some((raiser, value, _)) = g.raise {
            screen
                .table
                .push(format!("{} asks for {value} points", self.name_of(raiser)));
        }
        screen.hand = g
            .hand
            .iter()
            .map(|c| truco_card(c))
            .collect::<Vec<_>>()
            .join("  ");
        screen.prompt = if moves.is_empty() {
            None
        } else if g.eleven.is_some() {
            Some(format!("decide on the hand of {}", g.eleven_at))
        } else if g.raise.is_some() {
            Some("answer the raise".into())
        } else {
            Some("play a card".into())
        };
        screen
    }

    fn choose(&mut self, index: usize) -> Vec<String> {
        let Some((_, lines)) = self.moves().into_iter().nth(index) else {
            return Vec::new();
        };
        if lines.is_empty() {
            if let Some(g) = &mut self.game {
                g.face_down = !g.face_down;
            }
            return lines;
        }
        if lines[0] == "Q" {
            self.asked_ready = true;
        }
        if let Some(g) = &mut self.game {
            match lines[0].as_str() {
                // The server answers an answer to everyone; ours closes the question now.
                "D" | "C" => {
                    if let Some(raise) = &mut g.raise {
                        raise.2 = true;
                    }
                }
                "H T" | "H F" => g.eleven = None,
                _ => {}
            }
        }
        self.busy = true;
        lines
    }
}

/// The manilhas for `vira` under the room's rules, in words.
fn manilhas(vira: &str, clean: bool, old: bool) -> String {
    if old {
        return "manilhas: 4 of clubs, 7 of hearts, ace of spades, 7 of diamonds".into();
    }
    let ranks: &[&str] = if clean {
        &["Q", "J", "K", "A", "2", "3"]
    } else {
        &["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
    };
    let rank = &vira[..vira.len().saturating_sub(1)];
    match ranks.iter().position(|r| r.eq_ignore_ascii_case(rank)) {
        Some(i) => format!("manilhas: the {}s", ranks[(i + 1) % ranks.len()]),
        None => "manilhas: ?".into(),
    }
}

/// An `X` code in words.
fn refusal_text(refusal: &Refusal) -> &'static str {
    match refusal {
        Refusal::NoNick => "Choose a name first.",
        Refusal::InvalidNick => "That name is not allowed.",
        Refusal::NickInUse => "That name is taken.",
        Refusal::AlreadyIn(_) => "You are already in a room.",
        Refusal::NoSuchRoom => "There is no such room.",
        Refusal::RoomFull => "That room is full or its game has started.",
        Refusal::NotInRoom => "You are not in a room.",
        Refusal::BadRules => "A clean deck cannot be played with the old manilha.",
        Refusal::NoSuchPlayer => "There is nobody to kick in that seat.",
        Refusal::InGame => "You cannot change your name during a game.",
        Refusal::UnknownCommand => "The server did not understand that.",
        Refusal::Other(_) => "The server refused that.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives the client these server lines; returns what it answered.
    pub(super) fn feed(t: &mut MiniTruco, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| t.receive(l)).collect()
    }

    #[test]
    fn from_the_lounge_to_a_whole_hand() {
        let mut t = MiniTruco::new("Ana Lu\u{1b}");
        assert_eq!(t.hello(), ["N AnaLu"]);
        assert_eq!(
            feed(&mut t, &["X NE"]),
            ["N AnaLu11"],
            "a taken name gets a number"
        );
        assert_eq!(feed(&mut t, &["N AnaLu11"]), ["L"]);
        feed(&mut t, &["L 4|1|0|0|0|0|0|0|0|0"]);
        let screen = t.screen();
        assert_eq!(
            screen.choices[0].label, "enter room 2 (1/4)",
            "full rooms are not offered"
        );
        assert_eq!(t.choose(0), ["E 2"]);
        assert_eq!(
            feed(&mut t, &["X CH"]),
            ["L"],
            "a room that filled: the list again"
        );
        feed(&mut t, &["L 4|1|0|0|0|0|0|0|0|0"]);
        assert_eq!(t.choose(0), ["E 2"]);
        feed(&mut t, &["E 2", "I 2 bob|AnaLu11|| FFTT 1 FF"]);
        assert_eq!(t.pos, 2);
        assert_eq!(t.screen().choices[0].key, 'r');
        assert_eq!(t.choose(0), ["Q"]);
        feed(
            &mut t,
            &[
                "I 2 bob|AnaLu11|| TTTT 1 FF",
                "P 2",
                "M 3p 6c 10e 4o",
                "V 1 F",
            ],
        );
        let screen = t.screen();
        assert_eq!(screen.seats[0].name, "AnaLu11 (you)");
        assert_eq!(screen.seats[2].name, "CPU4");
        assert!(
            screen.table[0].contains("manilhas: the 5s"),
            "{:?}",
            screen.table
        );
        assert!(screen.choices.is_empty(), "not our turn");
        feed(&mut t, &["J 1 7c", "V 2 F"]);
        let keys: String = t.screen().choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, "123t", "no face down in the first round");
        assert_eq!(t.choose(1), ["J 6c"]);
        assert!(t.screen().choices.is_empty(), "sent");
        feed(&mut t, &["J 2 6c"]);
        assert_eq!(t.screen().seats[0].played.as_deref(), Some("6♥"));
        assert_eq!(t.game.as_ref().unwrap().hand, ["3p", "10e"]);
        feed(&mut t, &["T 3 3"]);
        let labels: Vec<String> = t.screen().choices.iter().map(|c| c.label.clone()).collect();
        assert_eq!(labels, ["accept (3 points)", "fold (they score 1)"]);
        assert_eq!(t.choose(0), ["D"]);
        feed(&mut t, &["D 2 3", "J 3", "J 4 5e", "R 2 2", "V 2 T"]);
        let screen = t.screen();
        let keys: String = screen.choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, "12dt", "face down from the second round");
        assert_eq!(
            screen.choices[3].label, "ask for six (6 points)",
            "they raised last"
        );
        t.choose(2);
        assert_eq!(t.choose(0), ["J 3p T"]);
        feed(&mut t, &["J 2 3p T", "O 0 3", "G 2"]);
        assert!(t.screen().over.unwrap().contains("You win"));
        assert!(
            t.log.iter().any(|l| l.contains("team 2 scored")),
            "{:?}",
            t.log
        );
    }

    #[test]
    fn the_end_of_a_round_and_of_a_hand_stay_in_view() {
        let mut t = MiniTruco::new("ana");
        feed(&mut t, &["N ana", "E 1", "I 1 ana||| FTTT 1 FF"]);
        assert!(t.hold_after("O 1 0").is_zero(), "no game yet");
        feed(&mut t, &["P 1", "M 3p 6c 10e 4o"]);
        assert_eq!(t.hold_after("R 1 1").as_millis(), 1000);
        assert_eq!(t.hold_after("O 1 0").as_millis(), 1500);
        assert!(t.hold_after("J 2 4c").is_zero());
    }

    #[test]
    fn an_empty_seat_is_not_a_player_who_is_ready() {
        let mut t = MiniTruco::new("ana");
        feed(&mut t, &["N ana", "E 1", "I 1 ana||| FTTT 1 FF"]);
        let seats = t.screen().seats;
        assert_eq!(seats[0].info, "team 1, manager");
        assert_eq!(seats[1].name, "(empty: a CPU player)");
        assert_eq!(seats[1].info, "team 2", "not ready: nobody is there");
        feed(&mut t, &["I 1 ana||| TTTT 1 FF"]);
        assert_eq!(t.screen().seats[0].info, "team 1, ready, manager");
    }

    #[test]
    fn one_refused_raise_is_told_as_the_partner_still_to_answer() {
        let mut t = MiniTruco::new("ana");
        feed(
            &mut t,
            &[
                "N ana",
                "E 1",
                "I 1 ana||| FTTT 1 FF",
                "P 1",
                "M 3p 6c 10e 4o",
                "V 1 F",
            ],
        );
        feed(&mut t, &["T 1 3", "C 2"]);
        let last = t.log.last().unwrap();
        assert!(
            last.contains("2 refuses the raise; 4 may still accept"),
            "{last}"
        );
        feed(&mut t, &["C 4"]);
        let last = t.log.last().unwrap();
        assert!(last.contains("4 refuses too: team 2 folds"), "{last}");
    }

    #[test]
    fn a_move_the_server_ignored_is_offered_again() {
        let mut t = MiniTruco::new("ana");
        feed(
            &mut t,
            &[
                "N ana",
                "E 1",
                "I 1 ana||| FTTT 1 FF",
                "P 1",
                "M 3p 6c 10e 4o",
                "V 1 F",
            ],
        );
        assert_eq!(t.choose(0), ["J 3p"]);
        feed(&mut t, &["B bob hi\u{7}"]);
        assert!(!t.screen().choices.is_empty(), "offered again");
        assert!(t.log.last().unwrap().ends_with("bob hi"));
    }

    #[test]
    fn junk_never_panics() {
        let mut t = MiniTruco::new("");
        for line in [
            "P",
            "M",
            "V x",
            "J",
            "I",
            "I 1",
            "O 1",
            "G",
            "X",
            "P 9",
            "M a b c d",
            "V 9 T",
            "J 9 xx T",
            "F",
            "H 1",
        ] {
            t.receive(line);
            let _ = t.screen();
        }
    }
}
