//! Warlords & Scumbags (seed 001) in `parlor play wars`: the bracketed protocol of
//! `docs/protocols/wars.md`, followed by the same [`WarsState`] as `parlor wars-client`,
//! with the moves on offer taken from the `president` crate's [`legal_plays`] (the one
//! place the beating rules live), so the player is never offered a move the server
//! would strike.
//!
//! The protocol names no player's plays: who played what is read from the difference
//! between one `stabl` and the next (whose card count dropped, who stopped being active),
//! as the browser client does. Nor does it mark CPU players (parlor's are named `cpu`,
//! `cpu1`, ... but a person may be too), so the seats do not either.
//!
//! **When the game is over.** The server never ends a game by itself: while a person
//! sits at its table it deals hand after hand (after each hand a `stabl` with every seat
//! empty-handed, in the new rank order, then after `-l` seconds the next deal). This
//! client therefore calls a game [`HANDS`] hands dealt to the player: once the table
//! shows the last of them over, the screen says the game is over (with the ranks the
//! player finished in) and offers no more moves. The server goes on dealing: a player
//! who stays connected without moving gets the server's timeout moves and strikes.
//!
//! Instead of course Truco's `busy` flag, a move in flight is [`WarsState`]'s: it holds
//! the choices back until the server shows the move done (a `stabl` arriving in the
//! meantime may have been sent before the server saw it), or refuses it with a strike,
//! after which the `shand` that follows offers the same decision again.

use super::screen::{printable, push_log, Choice, Screen, Seat, CARD_KEYS};
use super::Table;
use crate::wars::message::{card_name, cjoin, parse, SeatInfo, ServerMsg};
use crate::wars::play::{play_message, ranks_after_hand, strike_meaning, swap_message, what_beats};
use crate::wars::state::{Prompt, WarsState};
use parlor_wire::wars::card as card_of;
use president::{legal_plays, Action, CardSet, THREE_OF_CLUBS};

/// Hands dealt to the player that make one game of this client (the server deals on for
/// ever; see the module documentation).
pub const HANDS: usize = 5;

/// The key for a pass (kept out of the keys given to plays).
const PASS_KEY: char = 'p';

/// The Warlords & Scumbags client.
pub struct Wars {
    /// The name asked for, until the server says which one we got.
    asked_name: String,
    state: WarsState,
    log: Vec<String>,
    /// We asked the server for CPU players (`[cfill]`): it is not offered again.
    filled: bool,
    /// The latest `slobb` lists us: we wait in the lobby, not at the table.
    in_lobby: bool,
    /// Hands dealt to us so far.
    hands: usize,
    /// A hand dealt to us is being played (or swapped): not yet shown over.
    playing: bool,
    /// For each hand of ours that ended: where we finished (1 = warlord) and of how many.
    finishes: Vec<(usize, usize)>,
    /// Players out of cards so far this hand, for their finishing place.
    out: usize,
    /// The latest play of each player (by name) in the round under way, as shown.
    trick: Vec<(String, String)>,
    /// Who made the play lying on the table.
    last_by: Option<String>,
    /// The cards we sent last, to name our play when a round ends with it (the table
    /// then shows nothing).
    sent_cards: Vec<u8>,
    /// The card the scumbag gave us, while our swap as warlord is pending.
    swap_card: Option<u8>,
    /// The game's result, once [`HANDS`] hands of ours are over.
    result: Option<String>,
}

/// What a choice does.
enum Move {
    /// Ask for CPU players to fill the table (parlor's `[cfill]`).
    Fill,
    /// Play these cards (none: a pass).
    Play(Vec<u8>),
    /// Give this card to the scumbag.
    Swap(u8),
}

impl Wars {
    /// A client that will join as `name` (the server may change it; see wars.md).
    pub fn new(name: &str) -> Wars {
        Wars {
            asked_name: name.to_owned(),
            state: WarsState::default(),
            log: Vec::new(),
            filled: false,
            in_lobby: false,
            hands: 0,
            playing: false,
            finishes: Vec::new(),
            out: 0,
            trick: Vec::new(),
            last_by: None,
            sent_cards: Vec::new(),
            swap_card: None,
            result: None,
        }
    }

    /// Our name as the server knows it (the one asked for until `sjoin`).
    fn name(&self) -> &str {
        self.state.name.as_deref().unwrap_or(&self.asked_name)
    }

    /// The moves open now, as choices with what each does.
    fn moves(&self) -> Vec<(Choice, Move)> {
        if self.result.is_some() {
            return Vec::new();
        }
        let s = &self.state;
        match s.prompt() {
            Some(Prompt::Swap) => CARD_KEYS
                .chars()
                .zip(&s.hand)
                .map(|(key, &card)| {
                    let label = format!("give {}", card_name(card));
                    (Choice::new(key, label), Move::Swap(card))
                })
                .collect(),
            Some(Prompt::Play) => self.plays(),
            None if self.in_lobby && !self.filled => {
                let fill = Choice::new('c', "fill the empty seats with CPU players");
                vec![(fill, Move::Fill)]
            }
            None => Vec::new(),
        }
    }

    /// Our plays: for each value, 1 to all of our cards of it (the lowest suits first)
    /// where that beats the table, lowest value first; then a pass where allowed. Which
    /// suits go never matters for beating, so one choice per value and count is enough.
    fn plays(&self) -> Vec<(Choice, Move)> {
        let s = &self.state;
        let hand = card_set(&s.hand);
        let needs_three = s.opening_play() && hand.contains(THREE_OF_CLUBS);
        let legal = legal_plays(hand, card_set(&s.last_play), needs_three);
        let mut keys = CARD_KEYS.chars().filter(|&k| k != PASS_KEY);
        let mut moves = Vec::new();
        for value in 0..13u8 {
            let group: Vec<u8> = s.hand.iter().copied().filter(|c| c / 4 == value).collect();
            for count in 1..=group.len() {
                let cards = &group[..count];
                if !legal.contains(&Action::Play(card_set(cards))) {
                    continue;
                }
                let Some(key) = keys.next() else {
                    break;
                };
                moves.push((Choice::new(key, names(cards)), Move::Play(cards.to_vec())));
            }
        }
        if legal.contains(&Action::Pass) {
            moves.push((Choice::new(PASS_KEY, "pass"), Move::Play(Vec::new())));
        }
        moves
    }

    /// The choice Enter makes: starting a round, all our cards of the lowest value (they
    /// only get harder to place); answering one, the lowest play that beats it, or the
    /// pass when nothing does. Always legal, and it always moves the hand on.
    fn suggested(&self, moves: &[(Choice, Move)]) -> usize {
        if !self.state.last_play.is_empty() {
            return 0;
        }
        let value = |m: &Move| match m {
            Move::Play(cards) => cards.first().map(|c| c / 4),
            _ => None,
        };
        let Some(lowest) = moves.iter().find_map(|(_, m)| value(m)) else {
            return 0;
        };
        moves
            .iter()
            .rposition(|(_, m)| value(m) == Some(lowest))
            .unwrap_or(0)
    }

    /// `name` in a sentence: "you" for us ("You" to `start` one).
    fn who(&self, name: &str, start: bool) -> String {
        match (name == self.name(), start) {
            (true, true) => "You".into(),
            (true, false) => "you".into(),
            (false, _) => name.to_owned(),
        }
    }

    /// `name`, then the verb in the right person ("You pass", "bob passes").
    fn says(&self, start: bool, name: &str, you: &str, other: &str) -> String {
        let verb = if name == self.name() { you } else { other };
        format!("{} {verb}", self.who(name, start))
    }

    /// Logs what one server message means (after the state took it in).
    fn describe(&mut self, msg: &ServerMsg, before: &[SeatInfo], before_last: &[u8]) {
        match msg {
            ServerMsg::Joined(name) => {
                push_log(&mut self.log, format!("You joined as {name}."));
            }
            ServerMsg::Lobby(names) => {
                let was = self.in_lobby;
                self.in_lobby = names.iter().any(|n| n == self.name());
                if self.in_lobby && !was {
                    push_log(&mut self.log, "You wait in the lobby for the next game.");
                }
            }
            ServerMsg::Table { .. } => self.table_changed(before, before_last),
            ServerMsg::Hand(_) => {}
            ServerMsg::Strike { code, count } => {
                let then = match code {
                    20 => ": the server moved for you",
                    15 => "",
                    10..=19 | 70 => ": choose again",
                    _ => "",
                };
                let gone = if *count >= 3 {
                    " Three strikes: the server disconnects you."
                } else {
                    ""
                };
                let meaning = strike_meaning(*code);
                let line = format!("Strike {count} of 3 ({meaning}){then}.{gone}");
                push_log(&mut self.log, line);
            }
            ServerMsg::Chat { name, text } => {
                push_log(&mut self.log, format!("<{name}> {text}"));
            }
            ServerMsg::SwapW(card) => {
                self.swap_card = Some(*card);
                let line = format!(
                    "You are the warlord: the scumbag gave you the {}. Give a card back.",
                    card_name(*card)
                );
                push_log(&mut self.log, line);
            }
            ServerMsg::SwapS { received, lost } => {
                let line = format!(
                    "You are the scumbag: you gave the warlord your {} and got the {}.",
                    card_name(*lost),
                    card_name(*received)
                );
                push_log(&mut self.log, line);
            }
        }
    }

    /// A new `stabl`: what changed since the one `before` (with `before_last` on the
    /// table), in words.
    fn table_changed(&mut self, before: &[SeatInfo], before_last: &[u8]) {
        let seats = self.state.seats.clone();
        let (was, now) = (total(before), total(&seats));
        if now == 52 && was != 52 {
            return self.dealt();
        }
        if now == 0 {
            if was > 0 {
                self.hand_over();
            }
            return;
        }
        let previous = |name: &str| before.iter().find(|b| b.name == name);
        // Only the swap gives a player a card during a hand.
        if seats
            .iter()
            .any(|s| previous(&s.name).is_some_and(|b| s.cards > b.cards))
        {
            let ours = self.state.our_seat();
            if ours.is_none_or(|s| s != 0 && s + 1 != seated(&seats)) {
                push_log(&mut self.log, "The warlord gave the scumbag a card back.");
            }
            return;
        }
        let played = seats.iter().find_map(|s| {
            let b = previous(&s.name)?;
            (s.status != 'd' && s.cards < b.cards).then(|| (s.name.clone(), b.cards - s.cards))
        });
        let last = self.state.last_play.clone();
        if let Some((name, count)) = &played {
            let cards = if last.len() == *count {
                last.clone()
            } else if *name == self.name() && self.sent_cards.len() == *count {
                self.sent_cards.clone()
            } else {
                Vec::new()
            };
            let label = match (cards.is_empty(), *count) {
                (false, _) => names(&cards),
                // Fewer cards than the play they beat: only 2s do that.
                (true, 1) if before_last.len() > 1 => "a 2".into(),
                (true, n) if n < before_last.len() => format!("{n} 2s"),
                (true, 1) => "1 card".into(),
                (true, n) => format!("{n} cards"),
            };
            if before_last.is_empty() {
                self.trick.clear();
            }
            self.trick.retain(|(n, _)| n != name);
            self.trick.push((name.clone(), label.clone()));
            self.last_by = Some(name.clone());
            let line = format!("{} {label}.", self.says(true, name, "play", "plays"));
            push_log(&mut self.log, line);
            // An exact match costs the next player their turn: they read as passed.
            for s in &seats {
                let newly_passed =
                    s.status == 'p' && previous(&s.name).is_some_and(|b| b.status != 'p');
                if newly_passed && s.name != *name {
                    let line = format!(
                        "{} (an exact match).",
                        self.says(true, &s.name, "are skipped", "is skipped")
                    );
                    push_log(&mut self.log, line);
                }
            }
        } else if let Some(active) = before.iter().find(|b| b.status == 'a') {
            let now = seats.iter().find(|s| s.name == active.name);
            let cleared = !before_last.is_empty() && last.is_empty();
            if now.is_some_and(|s| s.status != 'd' && (s.status != 'a' || cleared)) {
                let line = format!("{}.", self.says(true, &active.name, "pass", "passes"));
                push_log(&mut self.log, line);
            }
        }
        for s in &seats {
            let Some(b) = previous(&s.name) else { continue };
            if s.status == 'd' && b.status != 'd' {
                let line = format!("{} left the table.", self.who(&s.name, true));
                push_log(&mut self.log, line);
            } else if s.status != 'd' && s.cards == 0 && b.cards > 0 {
                self.out += 1;
                let line = format!(
                    "{} out of cards ({}).",
                    self.says(true, &s.name, "are", "is"),
                    ordinal(self.out)
                );
                push_log(&mut self.log, line);
            }
        }
        if !before_last.is_empty() && last.is_empty() {
            self.last_by = None;
            if let Some(leader) = seats.iter().find(|s| s.status == 'a') {
                let line = format!(
                    "Round over: {} the next one.",
                    self.says(false, &leader.name, "start", "starts")
                );
                push_log(&mut self.log, line);
            }
        }
    }

    /// A table holding all 52 cards after one that did not: a new hand.
    fn dealt(&mut self) {
        self.trick.clear();
        self.last_by = None;
        self.out = 0;
        let seats = &self.state.seats;
        let Some(ours) = self.state.our_seat() else {
            push_log(
                &mut self.log,
                "A hand is dealt at the table: you join a later one.",
            );
            return;
        };
        self.hands += 1;
        self.playing = true;
        let n = seated(seats);
        let line = if self.state.first_hand {
            format!(
                "Hand {} of {HANDS}: {n} players, no ranks yet; the 3♣ opens.",
                self.hands
            )
        } else {
            let warlord = self.who(&seats[0].name, false);
            let scumbag = self.who(&seats[n - 1].name, false);
            let you = match ours {
                0 => " You take the scumbag's best card and give one back.",
                s if s + 1 == n => " Your best card goes to the warlord.",
                _ => "",
            };
            format!(
                "Hand {} of {HANDS}: {n} players; warlord {warlord}, scumbag {scumbag}.{you}",
                self.hands
            )
        };
        push_log(&mut self.log, line);
    }

    /// Every seat empty-handed after a hand: the seats are in the new rank order.
    fn hand_over(&mut self) {
        self.trick.clear();
        self.last_by = None;
        let line = match ranks_after_hand(&self.state.seats) {
            Some(ranks) => format!("The hand is over. {ranks}"),
            None => "The hand is over.".into(),
        };
        push_log(&mut self.log, line);
        if !std::mem::take(&mut self.playing) {
            return;
        }
        let Some(ours) = self.state.our_seat() else {
            return;
        };
        let n = seated(&self.state.seats);
        self.finishes.push((ours + 1, n));
        if self.finishes.len() >= HANDS {
            let places: Vec<String> = self
                .finishes
                .iter()
                .map(|&(place, of)| format!("{} of {of}", ordinal(place)))
                .collect();
            self.result = Some(format!(
                "after {HANDS} hands you are {}; you finished {}.",
                rank_name(ours + 1, n),
                places.join(", ")
            ));
        }
    }

    /// The top line: the hand, our rank, our cards.
    fn score(&self) -> String {
        let s = &self.state;
        let last = self
            .finishes
            .last()
            .map(|&(place, of)| format!("{} of {of}", ordinal(place)));
        match (&self.result, self.playing, last) {
            (Some(_), _, Some(last)) => format!("{HANDS} hands played · last hand: {last}"),
            (None, true, _) => {
                let rank = match s.our_seat() {
                    _ if s.first_hand => "no ranks yet".to_owned(),
                    Some(seat) => format!("you are {}", rank_name(seat + 1, seated(&s.seats))),
                    None => String::new(),
                };
                let cards = s.our_seat().map_or(0, |i| s.seats[i].cards);
                let plural = if cards == 1 { "" } else { "s" };
                format!(
                    "Hand {} of {HANDS} · {rank} · {cards} card{plural} left",
                    self.hands
                )
            }
            (_, false, Some(last)) => {
                format!("Hand {} of {HANDS} over · you finished {last}", self.hands)
            }
            _ => format!("Lobby · {} waiting", s.lobby.len()),
        }
    }

    /// Everyone at the table, us first, then in playing order; in the lobby, us and
    /// whoever plays at the table (or waits with us). `turn`: a decision is ours (the
    /// swap is, while the table marks nobody active).
    fn seats(&self, turn: bool) -> Vec<Seat> {
        let s = &self.state;
        let table: Vec<&SeatInfo> = s.seats.iter().filter(|x| x.status != 'e').collect();
        let n = table.len();
        let hand_on = total(&s.seats) > 0;
        let seat = |i: usize, info: &SeatInfo| {
            let mut notes = Vec::new();
            if hand_on {
                let plural = if info.cards == 1 { "" } else { "s" };
                notes.push(format!("{} card{plural}", info.cards));
            }
            match info.status {
                'p' => notes.push("passed".into()),
                'd' => notes.push("left".into()),
                _ if hand_on && info.cards == 0 => notes.push("out".into()),
                _ => {}
            }
            if !s.first_hand && n >= 3 && (i == 0 || i + 1 == n) {
                notes.push(rank_name(i + 1, n));
            }
            if info.strikes > 0 {
                notes.push(format!(
                    "{} strike{}",
                    info.strikes,
                    if info.strikes == 1 { "" } else { "s" }
                ));
            }
            let me = info.name == self.name();
            Seat {
                name: if me {
                    format!("{} (you)", info.name)
                } else {
                    info.name.clone()
                },
                info: notes.join(", "),
                turn: info.status == 'a' || (me && turn),
                played: self
                    .trick
                    .iter()
                    .find(|(name, _)| *name == info.name)
                    .map(|(_, p)| p.clone()),
            }
        };
        let ours = table.iter().position(|x| x.name == self.name());
        match ours.filter(|_| !self.in_lobby) {
            Some(ours) => (0..n)
                .map(|k| (ours + k) % n)
                .map(|i| seat(i, table[i]))
                .collect(),
            None => {
                let me = Seat {
                    name: format!("{} (you)", self.name()),
                    info: "in the lobby".into(),
                    ..Seat::default()
                };
                let others: Vec<Seat> = if table.is_empty() {
                    s.lobby
                        .iter()
                        .filter(|name| *name != self.name())
                        .map(|name| Seat {
                            name: name.clone(),
                            info: "in the lobby".into(),
                            ..Seat::default()
                        })
                        .collect()
                } else {
                    table
                        .iter()
                        .enumerate()
                        .map(|(i, info)| seat(i, info))
                        .collect()
                };
                std::iter::once(me).chain(others).collect()
            }
        }
    }

    /// The lines in the middle of the table: the hand, the last play and who made it,
    /// what beats it.
    fn table_lines(&self) -> Vec<String> {
        let s = &self.state;
        let mut lines = Vec::new();
        let hand_on = total(&s.seats) > 0;
        if !hand_on {
            lines.push(match (self.finishes.is_empty(), self.filled) {
                (false, _) if self.result.is_some() => "The game is over.".into(),
                (false, _) => "Between hands: the next one is dealt shortly.".into(),
                (true, true) => {
                    "CPU players asked for: the game starts after the lobby countdown.".into()
                }
                (true, false) => format!("Waiting for players: {} in the lobby.", s.lobby.len()),
            });
            return lines;
        }
        if !self.playing {
            lines.push("A hand is being played: you join the table for the next one.".into());
        } else if s.first_hand {
            lines.push(format!("Hand {} of {HANDS} · no ranks yet", self.hands));
        } else {
            lines.push(format!(
                "Hand {} of {HANDS} · seats in rank order",
                self.hands
            ));
        }
        if s.last_play.is_empty() {
            let active = s.seats.iter().find(|x| x.status == 'a');
            lines.push(match active {
                _ if s.opening_play() => "Nothing played yet: the 3♣ opens.".into(),
                Some(a) => format!(
                    "Nothing on the table: {} a round.",
                    self.says(false, &a.name, "start", "starts")
                ),
                None if total(&s.seats) == 52 && !s.first_hand => {
                    "The swap: the warlord gives the scumbag a card back.".into()
                }
                None => "Nothing on the table.".into(),
            });
        } else {
            let by = match &self.last_by {
                Some(name) if name == self.name() => " by you".to_owned(),
                Some(name) => format!(" by {name}"),
                None => String::new(),
            };
            lines.push(format!("Last play: {}{by}", names(&s.last_play)));
            lines.extend(what_beats(&s.last_play));
        }
        lines
    }

    /// What the choices decide, in words.
    fn prompt(&self, moves: &[(Choice, Move)]) -> Option<String> {
        if moves.is_empty() {
            return None;
        }
        let s = &self.state;
        Some(match s.prompt() {
            Some(Prompt::Swap) => match self.swap_card {
                Some(card) => format!(
                    "you are the warlord (you got the {}): give the scumbag a card",
                    card_name(card)
                ),
                None => "you are the warlord: give the scumbag a card".into(),
            },
            Some(Prompt::Play) if s.last_play.is_empty() => {
                if s.opening_play() && s.hand.contains(&0) {
                    "open the hand with the 3♣ (and any other 3s)".into()
                } else {
                    "start a round with any cards of one value".into()
                }
            }
            Some(Prompt::Play) if moves.len() == 1 => {
                format!("nothing you hold beats {}: pass", names(&s.last_play))
            }
            Some(Prompt::Play) => format!("beat {} or pass", names(&s.last_play)),
            None => "wait for more players, or fill the table with CPU players".into(),
        })
    }
}

impl Table for Wars {
    fn hello(&mut self) -> Vec<String> {
        vec![cjoin(&self.asked_name)]
    }

    fn receive(&mut self, message: &str) -> Vec<String> {
        // Names and chat come from other players: no control characters reach the screen.
        let message = printable(message);
        let Some(msg) = parse(&message) else {
            return Vec::new();
        };
        let before = self.state.seats.clone();
        let before_last = self.state.last_play.clone();
        self.state.apply(&msg);
        self.describe(&msg, &before, &before_last);
        Vec::new()
    }

    fn screen(&self) -> Screen {
        let moves = self.moves();
        let prompt = self.prompt(&moves);
        Screen {
            title: format!("Warlords · {}", self.name()),
            score: self.score(),
            seats: self.seats(self.result.is_none() && self.state.prompt().is_some()),
            table: self.table_lines(),
            hand: hand_text(&self.state.hand),
            prompt,
            suggested: self.suggested(&moves),
            choices: moves.into_iter().map(|(choice, _)| choice).collect(),
            log: self.log.clone(),
            over: self.result.clone(),
        }
    }

    fn choose(&mut self, index: usize) -> Vec<String> {
        let Some((_, chosen)) = self.moves().into_iter().nth(index) else {
            return Vec::new();
        };
        match chosen {
            Move::Fill => {
                self.filled = true;
                push_log(
                    &mut self.log,
                    "You asked for CPU players to fill the table.",
                );
                vec!["[cfill]".to_owned()]
            }
            Move::Play(cards) => {
                self.sent_cards.clone_from(&cards);
                vec![play_message(&mut self.state, cards)]
            }
            Move::Swap(card) => {
                self.swap_card = None;
                let line = format!("You give the scumbag your {}.", card_name(card));
                push_log(&mut self.log, line);
                vec![swap_message(&mut self.state, card)]
            }
        }
    }
}

/// Card numbers as the `president` crate's set (the `52`s of no card are dropped).
fn card_set(codes: &[u8]) -> CardSet {
    codes.iter().filter_map(|&c| card_of(c)).collect()
}

/// Cards by name: `7♦ 7♥`.
fn names(cards: &[u8]) -> String {
    let names: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
    names.join(" ")
}

/// Our hand by name, cards of one value together: `3♣ 3♦  5♠  7♦ 7♥`.
fn hand_text(hand: &[u8]) -> String {
    let mut text = String::new();
    for (i, &card) in hand.iter().enumerate() {
        if i > 0 {
            text.push_str(if hand[i - 1] / 4 == card / 4 {
                " "
            } else {
                "  "
            });
        }
        text.push_str(&card_name(card));
    }
    text
}

/// Cards held at the table, all seats together.
fn total(seats: &[SeatInfo]) -> usize {
    seats.iter().map(|s| s.cards).sum()
}

/// Seats taken (empty seats come last in a `stabl`).
fn seated(seats: &[SeatInfo]) -> usize {
    seats.iter().filter(|s| s.status != 'e').count()
}

/// `1st`, `2nd`, `3rd`, `4th`...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The social rank of place `place` of `of`: warlord first, scumbag last.
fn rank_name(place: usize, of: usize) -> String {
    match place {
        1 => "the warlord".into(),
        p if p == of => "the scumbag".into(),
        p => format!("rank {p} of {of}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `stabl` for these seats (status and strikes, name, cards), padded to seven.
    fn stabl(seats: &[(&str, &str, usize)], last: &[u8], first: bool) -> String {
        let mut entries: Vec<String> = seats
            .iter()
            .map(|(status, name, cards)| format!("{status}:{name:<8}:{cards:02}"))
            .collect();
        entries.resize(7, "e0:        :00".into());
        let mut cards: Vec<String> = last.iter().map(|c| format!("{c:02}")).collect();
        cards.resize(4, "52".into());
        format!(
            "[stabl|{}|{}|{}]",
            entries.join(","),
            cards.join(","),
            u8::from(first)
        )
    }

    fn shand(cards: &[u8]) -> String {
        let mut codes: Vec<String> = cards.iter().map(|c| format!("{c:02}")).collect();
        codes.resize(codes.len().max(18), "52".into());
        format!("[shand|{}]", codes.join(","))
    }

    fn labels(w: &Wars) -> Vec<String> {
        w.screen().choices.iter().map(|c| c.label.clone()).collect()
    }

    fn logged(w: &Wars, text: &str) -> bool {
        w.screen().log.iter().any(|l| l.contains(text))
    }

    const ANA: [u8; 18] = [
        0, 1, 5, 9, 13, 17, 18, 22, 25, 29, 33, 37, 41, 45, 48, 49, 50, 51,
    ];

    /// Joined, CPU players asked for, the first hand dealt with Ana holding the 3♣.
    fn first_hand() -> Wars {
        let mut w = Wars::new("Ana");
        assert_eq!(w.hello(), ["[cjoin|Ana     ]"]);
        w.receive("[sjoin|Ana     ]");
        w.receive("[slobb|01|Ana     ]");
        let screen = w.screen();
        assert_eq!(
            screen.choices,
            [Choice::new('c', "fill the empty seats with CPU players")]
        );
        assert_eq!(screen.suggested, 0);
        assert!(screen.prompt.is_some());
        assert_eq!(w.choose(0), ["[cfill]"]);
        assert!(w.screen().choices.is_empty(), "asked once");
        w.receive("[slobb|00|]");
        w.receive(&shand(&ANA));
        w.receive(&stabl(
            &[("a0", "Ana", 18), ("w0", "cpu", 17), ("w0", "cpu1", 17)],
            &[],
            true,
        ));
        w
    }

    #[test]
    fn a_first_hand_opens_with_the_three_of_clubs_and_offers_what_beats_the_table() {
        let mut w = first_hand();
        let screen = w.screen();
        assert_eq!(screen.title, "Warlords · Ana");
        assert_eq!(screen.score, "Hand 1 of 5 · no ranks yet · 18 cards left");
        assert_eq!(labels(&w), ["3♣", "3♣ 3♦"]);
        assert_eq!(screen.suggested, 1, "both 3s to start the round");
        assert!(screen.prompt.unwrap().contains("3♣"));
        assert_eq!(screen.seats[0].name, "Ana (you)");
        assert!(screen.seats[0].turn);
        assert_eq!(screen.seats[1].info, "17 cards");
        assert!(screen.hand.starts_with("3♣ 3♦  4♦  5♦"));
        assert_eq!(w.choose(1), ["[cplay|00,01,52,52]"]);
        assert!(
            w.screen().choices.is_empty(),
            "nothing until the server answers"
        );

        w.receive(&stabl(
            &[("w0", "Ana", 16), ("a0", "cpu", 17), ("w0", "cpu1", 17)],
            &[0, 1],
            true,
        ));
        let screen = w.screen();
        assert_eq!(screen.seats[0].played.as_deref(), Some("3♣ 3♦"));
        assert!(screen.seats[1].turn);
        assert!(screen.table.iter().any(|l| l == "Last play: 3♣ 3♦ by you"));
        assert!(logged(&w, "You play 3♣ 3♦."));

        w.receive(&stabl(
            &[("w0", "Ana", 16), ("w0", "cpu", 15), ("a0", "cpu1", 17)],
            &[4, 6],
            true,
        ));
        w.receive(&stabl(
            &[("a0", "Ana", 16), ("w0", "cpu", 15), ("p0", "cpu1", 17)],
            &[4, 6],
            true,
        ));
        assert!(logged(&w, "cpu plays 4♣ 4♥."));
        assert!(logged(&w, "cpu1 passes."));
        let screen = w.screen();
        assert_eq!(screen.seats[1].played.as_deref(), Some("4♣ 4♥"));
        assert_eq!(screen.seats[2].info, "17 cards, passed");
        assert!(screen.table.iter().any(|l| l == "Last play: 4♣ 4♥ by cpu"));
        assert_eq!(
            labels(&w),
            ["7♦ 7♥", "2♣", "2♣ 2♦", "2♣ 2♦ 2♥", "2♣ 2♦ 2♥ 2♠", "pass"]
        );
        let keys: String = screen.choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, "12345p");
        assert_eq!(screen.suggested, 0, "the lowest play that beats the table");

        // A refusal is shown, and the same decision comes back with the hand.
        assert_eq!(w.choose(0), ["[cplay|17,18,52,52]"]);
        assert!(!w.screen().hand.contains("7♦"));
        w.receive("[strik|13|1]");
        w.receive(&shand(&ANA[2..]));
        assert!(logged(&w, "Strike 1 of 3 (too few cards): choose again."));
        assert_eq!(w.screen().choices.len(), 6, "offered again");
        assert_eq!(w.choose(5), ["[cplay|52,52,52,52]"]);

        // Our pass ends the round: cpu made the last play and starts the next.
        w.receive(&stabl(
            &[("w0", "Ana", 16), ("a0", "cpu", 15), ("w0", "cpu1", 17)],
            &[],
            true,
        ));
        assert!(logged(&w, "You pass."));
        assert!(logged(&w, "Round over: cpu starts the next one."));
        // An exact match skips the next player.
        w.receive(&stabl(
            &[("w0", "Ana", 16), ("w0", "cpu", 14), ("a0", "cpu1", 17)],
            &[8],
            true,
        ));
        w.receive(&stabl(
            &[("p0", "Ana", 16), ("a0", "cpu", 14), ("w0", "cpu1", 16)],
            &[11],
            true,
        ));
        assert!(logged(&w, "cpu1 plays 5♠."));
        assert!(logged(&w, "You are skipped (an exact match)."));
        assert_eq!(
            w.screen().seats[1].played.as_deref(),
            Some("5♣"),
            "a new round"
        );
        assert_eq!(w.screen().seats[0].played, None);
        // A pair beaten by a single card clears the round: a 2, whichever it was.
        w.receive(&stabl(
            &[("p0", "Ana", 16), ("w0", "cpu", 12), ("a0", "cpu1", 16)],
            &[20, 21],
            true,
        ));
        w.receive(&stabl(
            &[("w0", "Ana", 16), ("w0", "cpu", 12), ("a0", "cpu1", 15)],
            &[],
            true,
        ));
        assert!(logged(&w, "cpu1 plays a 2."));
        assert!(logged(&w, "Round over: cpu1 starts the next one."));
        assert_eq!(w.screen().seats[2].played.as_deref(), Some("a 2"));
        let table = w.screen().table;
        assert!(table.contains(&"Nothing on the table: cpu1 starts a round.".into()));
    }

    #[test]
    fn hands_end_with_ranks_the_swap_is_offered_and_the_fifth_hand_ends_the_game() {
        let mut w = first_hand();
        // The rest of the first hand, then the table in rank order, all empty-handed.
        w.receive(&stabl(
            &[("w0", "Ana", 0), ("w0", "cpu", 0), ("w0", "cpu1", 9)],
            &[49],
            true,
        ));
        w.receive(&stabl(
            &[("w0", "Ana", 0), ("w0", "cpu", 0), ("w0", "cpu1", 0)],
            &[],
            false,
        ));
        assert!(logged(
            &w,
            "The hand is over. Ranks: 1. Ana (warlord), 2. cpu, 3. cpu1 (scumbag)"
        ));
        assert_eq!(w.screen().score, "Hand 1 of 5 over · you finished 1st of 3");
        assert_eq!(w.screen().seats[0].info, "the warlord");
        assert!(w.screen().over.is_none());

        // The next deal: we are the warlord and hold the scumbag's best card.
        w.receive(&shand(&ANA));
        w.receive("[swapw|51]");
        w.receive(&stabl(
            &[("w0", "Ana", 18), ("w0", "cpu", 17), ("w0", "cpu1", 17)],
            &[],
            false,
        ));
        let screen = w.screen();
        assert_eq!(screen.choices.len(), 18);
        assert_eq!(screen.choices[0].label, "give 3♣");
        assert_eq!(screen.suggested, 0);
        assert!(screen.prompt.unwrap().contains("you got the 2♠"));
        assert!(screen.table.iter().any(|l| l.contains("The swap")));
        assert_eq!(w.choose(0), ["[cswap|00]"]);
        assert!(w.screen().choices.is_empty());
        w.receive(&shand(&ANA[1..]));
        w.receive(&stabl(
            &[("a0", "Ana", 17), ("w0", "cpu", 17), ("w0", "cpu1", 18)],
            &[],
            false,
        ));
        let screen = w.screen();
        assert_eq!(
            screen.score,
            "Hand 2 of 5 · you are the warlord · 17 cards left"
        );
        assert_eq!(
            screen.choices[0].label, "3♦",
            "no 3♣ needed in a ranked hand"
        );
        assert_eq!(screen.suggested, 0);
        assert_eq!(screen.seats[2].info, "18 cards, the scumbag");
        assert!(logged(
            &w,
            "Hand 2 of 5: 3 players; warlord you, scumbag cpu1."
        ));

        // Hand 2 ends with us last: in hand 3 we are the scumbag.
        let over = |w: &mut Wars, order: [&str; 3]| {
            let seats = order.map(|name| ("w0", name, usize::from(name == order[2])));
            w.receive(&stabl(&seats, &[], false));
            w.receive(&stabl(&order.map(|name| ("w0", name, 0)), &[], false));
        };
        over(&mut w, ["cpu", "cpu1", "Ana"]);
        assert_eq!(w.screen().score, "Hand 2 of 5 over · you finished 3rd of 3");
        w.receive(&stabl(
            &[("w0", "cpu", 18), ("w0", "cpu1", 17), ("w0", "Ana", 17)],
            &[],
            false,
        ));
        assert!(w.screen().choices.is_empty(), "the warlord swaps");
        w.receive("[swaps|00|51]");
        assert!(logged(
            &w,
            "You are the scumbag: you gave the warlord your 2♠ and got the 3♣."
        ));
        for hand in 3..=5 {
            if hand > 3 {
                w.receive(&stabl(
                    &[("w0", "cpu", 18), ("w0", "Ana", 17), ("w0", "cpu1", 17)],
                    &[],
                    false,
                ));
            }
            assert!(w.screen().over.is_none(), "hand {hand} is played");
            over(&mut w, ["cpu", "Ana", "cpu1"]);
        }
        let screen = w.screen();
        let over = screen.over.expect("five hands make a game");
        assert!(over.contains("after 5 hands you are rank 2 of 3"), "{over}");
        assert!(
            over.contains("1st of 3, 3rd of 3, 2nd of 3, 2nd of 3, 2nd of 3"),
            "{over}"
        );
        assert!(screen.choices.is_empty() && screen.prompt.is_none());
        // The server deals on; the game stays over.
        w.receive(&stabl(
            &[("a0", "cpu", 18), ("w0", "Ana", 17), ("w0", "cpu1", 17)],
            &[],
            false,
        ));
        assert!(w.screen().choices.is_empty());
    }

    /// A whole game against the `president` crate's rules and sound bots, with the
    /// server's messages (wars.md): the suggested move is taken whenever one is offered,
    /// the rules accept every one, and the game is over after [`HANDS`] hands.
    #[test]
    fn the_suggested_moves_play_whole_hands_until_the_game_is_over() {
        use parlor_wire::wars::{code as wars_code, in_order};
        use president::bots::{SoundBot, Strategy};
        use president::{Hand, Status};

        fn codes(cards: CardSet) -> Vec<u8> {
            in_order(cards).map(wars_code).collect()
        }
        fn table(hand: &Hand, order: &[&str]) -> String {
            let seats: Vec<(&str, &str, usize)> = (0..order.len())
                .map(|seat| {
                    let status = match hand.status(seat) {
                        Status::Active if hand.swap_pending() => "w0",
                        Status::Active => "a0",
                        Status::Passed => "p0",
                        Status::Gone => "d0",
                        Status::Waiting | Status::Out => "w0",
                    };
                    (status, order[seat], hand.cards(seat).len())
                })
                .collect();
            stabl(&seats, &codes(hand.last_play()), !hand.ranked())
        }
        fn pick(w: &mut Wars) -> Vec<String> {
            let screen = w.screen();
            match screen.prompt {
                Some(_) if !screen.choices.is_empty() => w.choose(screen.suggested),
                _ => Vec::new(),
            }
        }
        /// The `Action` a `cplay` or `cswap` asks for.
        fn action(message: &str) -> Action {
            let body = &message[7..message.len() - 1];
            let cards = card_set(
                &body
                    .split(',')
                    .map(|c| c.parse().unwrap())
                    .collect::<Vec<u8>>(),
            );
            match (&message[..6], cards.iter().next()) {
                ("[cswap", Some(card)) => Action::Swap(card),
                (_, None) => Action::Pass,
                _ => Action::Play(cards),
            }
        }

        let mut rng = cards::seeded_rng(5);
        let mut w = Wars::new("Ana");
        w.hello();
        w.receive("[sjoin|Ana     ]");
        w.receive("[slobb|01|Ana     ]");
        assert_eq!(pick(&mut w), ["[cfill]"]);
        w.receive("[slobb|00|]");
        let mut order = vec!["cpu", "Ana", "cpu1"];
        let mut our_moves = 0;
        for hand_number in 0..HANDS {
            assert!(w.screen().over.is_none());
            let (mut hand, _) = Hand::deal(3, hand_number > 0, &mut rng).unwrap();
            let me = order.iter().position(|n| *n == "Ana").unwrap();
            if !(hand.ranked() && me == 2) {
                w.receive(&shand(&codes(hand.cards(me))));
            }
            if let (Some(card), 0) = (hand.swap_card(), me) {
                w.receive(&format!("[swapw|{:02}]", wars_code(card)));
            }
            w.receive(&table(&hand, &order));
            let taken = hand.swap_card();
            while let Some(seat) = hand.active() {
                let sent = pick(&mut w);
                let chosen = if seat == me {
                    assert_eq!(sent.len(), 1, "a move is offered: {:?}", w.screen());
                    our_moves += 1;
                    action(&sent[0])
                } else {
                    assert!(sent.is_empty(), "nothing to do on another's turn");
                    SoundBot.choose(&hand.view(seat), &hand.legal_actions(seat), &mut rng)
                };
                let events = hand.apply(seat, chosen).expect("a legal move");
                for event in events {
                    if let president::Event::SwapGiven { from, to, card } = event {
                        if from == me {
                            w.receive(&shand(&codes(hand.cards(me))));
                        }
                        if to == me {
                            let lost = taken.map_or(52, wars_code);
                            w.receive(&format!("[swaps|{:02}|{lost:02}]", wars_code(card)));
                            w.receive(&shand(&codes(hand.cards(me))));
                        }
                    }
                }
                w.receive(&table(&hand, &order));
            }
            order = hand.finishing_order().seats().map(|s| order[s]).collect();
            let empty: Vec<(&str, &str, usize)> = order.iter().map(|n| ("w0", *n, 0)).collect();
            w.receive(&stabl(&empty, &[], false));
        }
        let screen = w.screen();
        assert!(our_moves > 10, "{our_moves} moves");
        assert!(screen.over.is_some(), "{:?}", screen.log);
        assert!(!screen.log.iter().any(|l| l.contains("Strike")));
    }

    #[test]
    fn chat_and_names_lose_their_control_characters() {
        let mut w = Wars::new("Ana");
        w.receive("[sjoin|Ana     ]");
        w.receive("[slobb|02|Ana     ,b\u{7}ob    ]");
        w.receive("[schat|bob     |hi\u{7} there\u{1b}                                                   ]");
        let screen = w.screen();
        assert!(logged(&w, "<bob> hi there"));
        assert_eq!(screen.seats[1].name, "bob");
        assert!(screen.log.iter().all(|l| !l.chars().any(char::is_control)));
        assert_eq!(screen.score, "Lobby · 2 waiting");
    }
}
