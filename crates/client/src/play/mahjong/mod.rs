//! Riichi mahjong in `parlor play mahjong`, over mmj1 (seed 004, as
//! `docs/protocols/mahjong.md` describes parlor's reading of it).
//!
//! mmj1 moves tiles between named places and leaves the meaning to the client, so this
//! client keeps the hand from the moves (`deal.rs`), as the browser client
//! (`web/mahjong.js`) does, and words it for the screen and the log. The choices are
//! what the hand makes possible, judged with the rules crate's hand analysis (`tiles.rs`):
//! tsumo or ron when the hand has a winning shape, riichi when a discard leaves it
//! tenpai, pon, chi and kan when the tiles are there. The server decides the rest (yaku,
//! furiten, kuikae) and answers `reject`, which puts the question back without the
//! refused answer. A `claim` that only `pass` could answer is passed without asking, so
//! the player is asked only real questions, and one who always takes the suggested
//! choice (the tile just drawn, pass, next hand) plays a whole game.

mod choices;
mod deal;
mod messages;
#[cfg(test)]
mod tests;
mod tiles;
mod view;
mod worth;

use super::screen::printable;
use super::screen::{push_log, Screen};
use super::Table;
use choices::Move;
use deal::Deal;
use mahjong::Wind;
use parlor_wire::mmj1::{ClientMsg, ServerMsg};
use tiles::sorted;

/// The mahjong client: the table as the server's messages described it, and the
/// question the server asked us, if any.
pub struct Mahjong {
    name: String,
    /// The server greeted us (`mmj1s`): we wait for a table.
    greeted: bool,
    /// We asked for a table now with CPU players (`fill`).
    filled: bool,
    /// Our seat 0..4, once `game` came.
    me: Option<usize>,
    names: [String; 4],
    /// The prevailing wind and each seat's wind, once a hand began.
    round: Option<Wind>,
    winds: [Option<Wind>; 4],
    scores: Option<[i64; 4]>,
    honba: i64,
    sticks: i64,
    deal: Deal,
    /// How this hand ended, in words, for the table until the next hand.
    results: Vec<String>,
    prompt: Option<Prompt>,
    /// The answer sent to the prompt, while the server has not taken or refused it.
    sent: Option<ClientMsg>,
    /// The discard choices declare riichi.
    riichi_mode: bool,
    /// "No calls for the rest of this hand": claims are passed unless ron is possible.
    no_calls: bool,
    log: Vec<String>,
    over: Option<String>,
}

/// What the server asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Play,
    Claim,
    Ack,
}

/// A question and the answers the server refused to it (it does not ask again after a
/// `reject`, so the question stays open without them).
#[derive(Clone, Debug)]
struct Prompt {
    ask: Ask,
    refused: Vec<ClientMsg>,
}

impl Prompt {
    fn new(ask: Ask) -> Option<Prompt> {
        Some(Prompt {
            ask,
            refused: Vec::new(),
        })
    }
}

/// A wind in words (`?` before the first hand said it).
fn wind(wind: Option<Wind>) -> &'static str {
    match wind {
        Some(Wind::East) => "East",
        Some(Wind::South) => "South",
        Some(Wind::West) => "West",
        Some(Wind::North) => "North",
        None => "?",
    }
}

/// 1st, 2nd, 3rd, 4th.
fn ordinal(place: usize) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

impl Mahjong {
    /// A client that will join as `name`.
    pub fn new(name: &str) -> Mahjong {
        Mahjong {
            name: name.to_owned(),
            greeted: false,
            filled: false,
            me: None,
            names: Default::default(),
            round: None,
            winds: [None; 4],
            scores: None,
            honba: 0,
            sticks: 0,
            deal: Deal::default(),
            results: Vec::new(),
            prompt: None,
            sent: None,
            riichi_mode: false,
            no_calls: false,
            log: Vec::new(),
            over: None,
        }
    }

    /// Our seat (seat 0 until `game` says).
    fn me(&self) -> usize {
        self.me.unwrap_or(0)
    }

    /// A seat's name, or its player number before `game` named it.
    fn name(&self, seat: usize) -> String {
        match self.names.get(seat) {
            Some(n) if !n.is_empty() => n.clone(),
            _ => format!("player {}", seat + 1),
        }
    }

    /// A seat as the subject of a sentence, and the verb ending that goes with it:
    /// ("You", "") or ("Bo", "s").
    fn subject(&self, seat: usize) -> (String, &'static str) {
        if seat == self.me() {
            ("You".into(), "")
        } else {
            (self.name(seat), "s")
        }
    }

    /// A seat named in the middle of a sentence: "you", "Bo".
    fn called(&self, seat: usize) -> String {
        if seat == self.me() {
            "you".into()
        } else {
            self.name(seat)
        }
    }

    /// A seat's possessive: "your", "Bo's".
    fn whose(&self, seat: usize) -> String {
        if seat == self.me() {
            "your".into()
        } else {
            format!("{}'s", self.name(seat))
        }
    }

    /// Our tiles in display order without the tile just drawn, and that tile (set apart,
    /// as it is the one to throw when nothing better comes).
    fn hand_split(&self) -> (Vec<String>, Option<String>) {
        let d = &self.deal;
        let mut rest = sorted(&d.mine);
        let drawn = d
            .drawn
            .clone()
            .filter(|t| d.mine.len() % 3 == 2 && d.mine.contains(t));
        if let Some(t) = &drawn {
            if let Some(at) = rest.iter().rposition(|x| x == t) {
                rest.remove(at);
            }
        }
        (rest, drawn)
    }
}

impl Table for Mahjong {
    fn hello(&mut self) -> Vec<String> {
        vec![ClientMsg::Hello(self.name.clone().into_bytes()).write()]
    }

    fn receive(&mut self, message: &str) -> Vec<String> {
        // A line this client cannot read changes nothing.
        let Ok(msg) = ServerMsg::parse(message) else {
            return Vec::new();
        };
        // Any news but a refusal or chat answers the open question: our answer was
        // taken, or the server acted for us when our time ran out.
        if !matches!(msg, ServerMsg::Reject(_) | ServerMsg::Chat { .. }) {
            self.prompt = None;
            self.sent = None;
            self.riichi_mode = false;
        }
        if !matches!(msg, ServerMsg::Move { .. }) {
            if let Some(happened) = self.deal.settle() {
                self.tell(happened);
            }
        }
        match msg {
            ServerMsg::Hello => self.greeted = true,
            ServerMsg::Game { you, names } => self.on_game(you, names),
            ServerMsg::NewHand { round, winds } => self.on_newhand(round, winds),
            ServerMsg::Score {
                scores,
                honba,
                sticks,
            } => {
                self.scores = Some(scores);
                (self.honba, self.sticks) = (honba, sticks);
            }
            ServerMsg::Move { face, from, to } => {
                for happened in self.deal.apply(&face.to_string(), from, to) {
                    self.tell(happened);
                }
            }
            ServerMsg::Riichi => self.deal.riichi_next = true,
            ServerMsg::Play => self.prompt = Prompt::new(Ask::Play),
            ServerMsg::Claim => return self.on_claim(),
            ServerMsg::Ack => self.prompt = Prompt::new(Ask::Ack),
            ServerMsg::Win {
                winner,
                entries,
                total,
            } => self.on_win(winner, &entries, total),
            ServerMsg::Draw => {
                let line = "The hand ends in a draw".to_owned();
                push_log(&mut self.log, line.clone());
                self.results.push(line);
            }
            ServerMsg::Reject(why) => self.on_reject(&why),
            ServerMsg::Chat { from, text, .. } => {
                let line = format!("{} says: {}", self.name(from), printable(&text));
                push_log(&mut self.log, line);
            }
            ServerMsg::GameOver(order) => self.on_gameover(order),
            ServerMsg::Break(_) => {}
        }
        Vec::new()
    }

    fn screen(&self) -> Screen {
        self.view()
    }

    fn choose(&mut self, index: usize) -> Vec<String> {
        let (moves, _) = self.moves();
        let Some((_, chosen)) = moves.into_iter().nth(index) else {
            return Vec::new();
        };
        match chosen {
            Move::ToggleRiichi => {
                self.riichi_mode = !self.riichi_mode;
                Vec::new()
            }
            Move::NoCalls => {
                self.no_calls = true;
                self.sent = Some(ClientMsg::Pass);
                vec![ClientMsg::Pass.write()]
            }
            Move::Send(op) => {
                let line = op.write();
                self.sent = Some(op);
                vec![line]
            }
            Move::Fill => {
                self.filled = true;
                vec![ClientMsg::Fill.write()]
            }
        }
    }
}
