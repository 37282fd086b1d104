//! A scripted mmj1 client for the mahjong tests: it keeps the table as the server's
//! moves describe it, checks that no move shows it a tile it may not see, and plays by
//! shanten (from the `mahjong` crate's hand analysis, on its own tiles only).

#![allow(dead_code)] // each test uses a different part of this helper

mod expect;

use crate::common::LineClient;
use expect::Context;
use mahjong::hand::shanten;
use mahjong::{Kind, Suit, Wind};
use std::net::SocketAddr;

/// How the client answers `claim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calls {
    /// Pass everything but ron.
    Never,
    /// Claim every pon and chi its hand allows.
    Always,
}

/// What the client saw and did over a game.
#[derive(Debug, Default)]
pub struct Record {
    pub hands: usize,
    pub pons: usize,
    pub chis: usize,
    pub riichis: usize,
    /// `win` lines naming this client.
    pub wins: Vec<String>,
    /// Every `win` line.
    pub all_wins: Vec<String>,
    pub draws: usize,
    pub rejects: Vec<String>,
    /// `score` lines in order.
    pub scores: Vec<[i64; 4]>,
    pub gameover: Option<String>,
    /// Own wins whose breakdown was checked against the client's own scoring.
    pub checked_wins: usize,
    /// Every line from the server, as sent.
    pub lines: Vec<String>,
}

pub struct Mj {
    pub conn: LineClient,
    /// Seat 0..4 (player ID - 1).
    pub me: usize,
    pub calls: Calls,
    /// This client's concealed tiles, as spelled by the server.
    pub hand: Vec<String>,
    pub melds: usize,
    /// The last discard: who and what.
    pub last_discard: Option<(usize, String)>,
    /// Operations still to try for the decision being made (after a reject).
    pub fallbacks: Vec<String>,
    /// A hand has ended and its tiles are being revealed.
    pub revealing: bool,
    pub riichi_declared: bool,
    /// The next own discard follows a `riichi`.
    riichi_pending: bool,
    /// What the client saw of this hand, for checking its own wins.
    ctx: Context,
    /// The last operation sent (to tell tsumo from ron).
    last_op: String,
    pub record: Record,
}

/// The kind a spelled tile is (`c5`, `d0`, `we`, `dr`...).
pub fn kind(face: &str) -> Kind {
    let b = face.as_bytes();
    let n = b[1];
    match (b[0], n) {
        (b'c', b'0'..=b'9') => Kind::numbered(Suit::Man, if n == b'0' { 5 } else { n - b'0' }),
        (b'd', b'0'..=b'9') => Kind::numbered(Suit::Pin, if n == b'0' { 5 } else { n - b'0' }),
        (b'b', b'0'..=b'9') => Kind::numbered(Suit::Sou, if n == b'0' { 5 } else { n - b'0' }),
        (b'd', b'r') => Kind::RED,
        (b'd', b'g') => Kind::GREEN,
        (b'd', b'w') => Kind::WHITE,
        (b'w', w) => Kind::wind(match w {
            b'e' => Wind::East,
            b's' => Wind::South,
            b'w' => Wind::West,
            _ => Wind::North,
        }),
        _ => panic!("not a tile: {face}"),
    }
}

/// The entries of a `win` line: (what, value), the zero-length total last.
pub fn breakdown(line: &str) -> Vec<(String, i64)> {
    let mut rest = line.split_once(' ').unwrap().1; // after "win"
    rest = rest.split_once(' ').unwrap().1; // after the player ID
    let mut entries = Vec::new();
    while !rest.is_empty() {
        let (len, tail) = rest.split_once(':').unwrap();
        let len: usize = len.trim().parse().unwrap();
        let what = tail[..len].to_owned();
        let (value, tail) = tail[len..].trim_start().split_once('.').unwrap();
        entries.push((what, value.parse().unwrap()));
        rest = tail.trim_start();
    }
    entries
}

/// Whether a breakdown entry names a score limit.
fn is_limit(what: &str) -> bool {
    ["Mangan", "Haneman", "Baiman", "Sanbaiman", "Kazoe yakuman"].contains(&what)
}

/// What a breakdown entry counts, read back from its name: `("Riichi", 1)` from
/// `Riichi (1 han)`, `("Fu", 30)` from `30 fu`, 13 per yakuman.
fn counted_in(what: &str) -> (String, i64) {
    if let Some(fu) = what.strip_suffix(" fu") {
        return ("Fu".into(), fu.parse().unwrap());
    }
    let (name, count) = what
        .strip_suffix(')')
        .and_then(|w| w.rsplit_once(" ("))
        .unwrap_or_else(|| panic!("an entry with its count: {what:?}"));
    let han = match count {
        "yakuman" => 13,
        c if c.ends_with("x yakuman") => 13 * c.split('x').next().unwrap().parse::<i64>().unwrap(),
        c => c.strip_suffix(" han").unwrap().parse().unwrap(),
    };
    (name.to_owned(), han)
}

/// Whether an entry is paid on top of the hand (honba, riichi sticks).
fn is_extra(what: &str) -> bool {
    what.starts_with("Honba (") || what.starts_with("Riichi sticks (")
}

/// The player ID digit of a hand/discard/meld place (`h3` → seat 2).
fn owner(place: &str) -> Option<usize> {
    let b = place.as_bytes();
    matches!(b[0], b'h' | b'd' | b'm' | b'f').then(|| usize::from(b[1] - b'1'))
}

impl Mj {
    /// Connects, says `mmj1c`, and reads up to `game`.
    pub async fn join(addr: SocketAddr, name: &str, calls: Calls) -> Mj {
        let mut conn = LineClient::connect(addr, "\n").await;
        conn.send(&format!("mmj1c {}:{name}", name.len())).await;
        conn.expect("mmj1s").await;
        Mj::from_greeted(conn, calls).await
    }

    /// A client that has had its `mmj1s`: reads up to `game`.
    pub async fn from_greeted(mut conn: LineClient, calls: Calls) -> Mj {
        let game = conn.line().await;
        assert!(game.starts_with("game "), "{game}");
        let me = usize::from(game.as_bytes()[5] - b'1');
        Mj {
            conn,
            me,
            calls,
            hand: Vec::new(),
            melds: 0,
            last_discard: None,
            fallbacks: Vec::new(),
            revealing: false,
            riichi_declared: false,
            riichi_pending: false,
            ctx: Context::default(),
            last_op: String::new(),
            record: Record::default(),
        }
    }

    fn counts(&self, extra: Option<&str>) -> mahjong::Counts {
        let mut c = [0u8; 34];
        for t in self.hand.iter().map(String::as_str).chain(extra) {
            c[kind(t).index()] += 1;
        }
        c
    }

    /// Plays until the game ends; returns what happened.
    pub async fn play_game(&mut self) -> &Record {
        while let Some(line) = self.conn.next().await {
            if self.on_line(&line).await {
                break;
            }
        }
        &self.record
    }

    /// Plays up to and including this player's first discard, and waits until the table
    /// has shown it (a person has then played: the table keeps their seat if they drop,
    /// and the game is stored).
    pub async fn first_move(&mut self) {
        loop {
            let line = self.conn.line().await;
            self.on_line(&line).await;
            if line == "play" {
                break;
            }
        }
        let mine = format!(" h{} d{}", self.me + 1, self.me + 1);
        self.conn
            .until(|l| l.starts_with("move ") && l.ends_with(&mine))
            .await;
    }

    /// Handles one server line; `true` at `gameover`.
    pub async fn on_line(&mut self, line: &str) -> bool {
        self.record.lines.push(line.to_owned());
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "newhand" => {
                self.ctx = Context {
                    round: Some(expect::wind(words[1])),
                    my_wind: Some(expect::wind(words[2 + self.me])),
                    ..Context::default()
                };
                self.record.hands += 1;
                self.hand.clear();
                self.melds = 0;
                self.revealing = false;
                self.riichi_declared = false;
                self.last_discard = None;
            }
            "score" => {
                let s: Vec<i64> = words[1..5]
                    .iter()
                    .map(|w| w.trim_end_matches('.').parse().unwrap())
                    .collect();
                self.record.scores.push([s[0], s[1], s[2], s[3]]);
            }
            "move" => self.on_move(words[1], words[2], words[3]),
            "riichi" => self.riichi_pending = true,
            "play" => self.on_play().await,
            "claim" => self.on_claim().await,
            "reject" => {
                self.record.rejects.push(line.to_owned());
                let next = self.fallbacks.pop().expect("a fallback after a reject");
                self.send_op(next).await;
            }
            "win" => {
                self.revealing = true;
                self.record.all_wins.push(line.to_owned());
                if usize::from(words[1].as_bytes()[0] - b'1') == self.me {
                    self.record.wins.push(line.to_owned());
                    self.check_own_win(line);
                }
            }
            "draw" => {
                self.revealing = true;
                self.record.draws += 1;
            }
            "ack" => self.send_op("ack".into()).await,
            "gameover" => {
                self.record.gameover = Some(line.to_owned());
                return true;
            }
            "game" | "break" | "chat" => {}
            other => panic!("unexpected message {other}: {line}"),
        }
        false
    }

    /// Compares the server's breakdown of this client's win with its own scoring.
    fn check_own_win(&mut self, line: &str) {
        let tsumo = self.last_op == "out";
        let win_face = if tsumo {
            self.ctx.last_draw.clone().expect("a drawn tile").0
        } else {
            self.last_discard.clone().expect("a discard").1
        };
        let (want, paid) = self.ctx.expected(&self.hand, &win_face, tsumo);
        let got = breakdown(line);
        let extra: i64 = got
            .iter()
            .filter(|(w, _)| is_extra(w))
            .map(|(_, v)| v)
            .sum();
        let total = got.last().expect("a total").1;
        // Each entry gives the points it brings, and they add up to the total.
        let (entries, _) = got.split_at(got.len() - 1);
        assert!(entries.iter().all(|(_, v)| *v >= 0), "{line}");
        assert_eq!(entries.iter().map(|(_, v)| v).sum::<i64>(), total, "{line}");
        let listed: Vec<(String, i64)> = entries
            .iter()
            .filter(|(w, _)| !is_extra(w) && !is_limit(w))
            .map(|(w, _)| counted_in(w))
            .collect();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        let mut listed_sorted = listed.clone();
        listed_sorted.sort();
        assert_eq!(
            listed_sorted, want_sorted,
            "breakdown of {line} (hand {:?}, on {win_face})",
            self.hand
        );
        assert_eq!(total - extra, paid, "payment in {line}");
        self.record.checked_wins += 1;
    }

    /// Tracks the table from a line without answering anything.
    pub fn on_line_quietly(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "move" {
            self.on_move(words[1], words[2], words[3]);
        }
    }

    /// The spelling of a kind this client does not hold.
    pub fn absent_tile(&self) -> String {
        let counts = self.counts(None);
        let spelled = [
            "c1", "c9", "d1", "d9", "b1", "b9", "we", "ws", "ww", "wn", "dr", "dg", "dw",
        ];
        spelled
            .iter()
            .find(|t| counts[kind(t).index()] == 0)
            .expect("a hand without every terminal and honour")
            .to_string()
    }

    /// Tracks a move and checks that it shows nothing hidden.
    fn on_move(&mut self, face: &str, from: &str, to: &str) {
        let hidden = face == "?";
        let me = Some(self.me);
        let (src, dst) = (owner(from), owner(to));
        let public = to.starts_with('m') || (to.starts_with('d') && to.len() == 2);
        if !hidden {
            let allowed = if from == to {
                match from.as_bytes()[0] {
                    b'a' => true,
                    b'h' => self.revealing || dst == me,
                    _ => false,
                }
            } else {
                public || (to.starts_with('h') && dst == me)
            };
            assert!(
                allowed,
                "seat {} was shown {face} moving {from} -> {to}",
                self.me
            );
        }
        if to.starts_with('d') && to.len() == 2 {
            self.last_discard = Some((src.unwrap(), face.to_owned()));
        }
        self.track(face, from, to);
        if from == to {
            return;
        }
        if dst == me && to.starts_with('h') {
            assert!(!hidden, "own draw hidden");
            self.hand.push(face.to_owned());
        }
        if src == me && from.starts_with('h') {
            let at = self
                .hand
                .iter()
                .position(|t| t == face)
                .unwrap_or_else(|| panic!("{face} not in {:?}", self.hand));
            self.hand.remove(at);
        }
        if from.starts_with('d') && dst == me {
            // We claimed the discard: count what kind of meld it became.
            let taken = kind(face);
            let pair = self.hand.iter().filter(|t| kind(t) == taken).count();
            if pair >= 2 {
                self.record.pons += 1;
            } else {
                self.record.chis += 1;
            }
            self.melds += 1;
        }
    }

    /// Discards by shanten; riichi when it leaves the closed hand tenpai; out when complete.
    async fn on_play(&mut self) {
        let mut ops = Vec::new();
        if shanten(&self.counts(None)) == -1 {
            ops.push("out".to_owned());
        }
        let mut options: Vec<(i8, String)> = self
            .hand
            .iter()
            .map(|t| {
                let mut rest = self.hand.clone();
                let at = rest.iter().position(|x| x == t).unwrap();
                rest.remove(at);
                let mut c = [0u8; 34];
                for r in &rest {
                    c[kind(r).index()] += 1;
                }
                (shanten(&c), t.clone())
            })
            .collect();
        options.sort_by_key(|(s, _)| *s);
        if options[0].0 == 0 && self.melds == 0 && !self.riichi_declared {
            ops.push(format!("riichi {}", options[0].1));
        }
        // After riichi the drawn tile goes (unless it wins).
        if self.riichi_declared {
            if let Some((drawn, _)) = &self.ctx.last_draw {
                ops.push(format!("discard {drawn}"));
            }
        }
        // Every tile as a fallback (kuikae may refuse some).
        for (_, t) in &options {
            ops.push(format!("discard {t}"));
        }
        ops.dedup();
        self.decide(ops).await;
    }

    async fn on_claim(&mut self) {
        let Some((from, tile)) = self.last_discard.clone() else {
            return self.decide(vec!["pass".into()]).await;
        };
        let mut ops = Vec::new();
        if shanten(&self.counts(Some(&tile))) == -1 {
            ops.push("ron".to_owned());
        }
        if self.calls == Calls::Always && !self.riichi_declared {
            let k = kind(&tile);
            let same: Vec<&String> = self.hand.iter().filter(|t| kind(t) == k).collect();
            if same.len() >= 2 {
                ops.push(format!("claim {} {} ?", same[0], same[1]));
            }
            if (from + 1) % 4 == self.me {
                if let Some((a, b)) = self.run_partners(k) {
                    ops.push(format!("claim {a} {b} ?"));
                }
            }
        }
        ops.push("pass".into());
        self.decide(ops).await;
    }

    /// Two tiles in hand that make a run with kind `k`.
    fn run_partners(&self, k: Kind) -> Option<(String, String)> {
        let n = k.number()?;
        let find = |d: i8| -> Option<String> {
            let m = i8::try_from(n).ok()? + d;
            if !(1..=9).contains(&m) {
                return None;
            }
            let want = Kind::numbered(k.suit()?, m as u8);
            self.hand.iter().find(|t| kind(t) == want).cloned()
        };
        [(1, 2), (-1, 1), (-2, -1)]
            .iter()
            .find_map(|&(a, b)| Some((find(a)?, find(b)?)))
    }

    /// Sends the first operation; keeps the rest for rejects.
    async fn decide(&mut self, mut ops: Vec<String>) {
        ops.reverse();
        let first = ops.pop().expect("an operation");
        self.fallbacks = ops;
        self.send_op(first).await;
    }

    async fn send_op(&mut self, op: String) {
        self.conn.send(&op).await;
        self.last_op = op;
    }

    /// Updates what the client knows of the hand from one move.
    fn track(&mut self, face: &str, from: &str, to: &str) {
        let me = Some(self.me);
        let ctx = &mut self.ctx;
        let (f, t) = (from.as_bytes()[0], to.as_bytes()[0]);
        match (f, t) {
            (b'w', b'h') => {
                ctx.wall_draws += 1;
                if owner(to) == me {
                    ctx.last_draw = Some((face.to_owned(), false));
                }
            }
            (b'r', b'h') => {
                ctx.replacements += 1;
                if owner(to) == me {
                    ctx.last_draw = Some((face.to_owned(), true));
                }
            }
            (b'h', b'd') if to.len() == 2 => {
                // `riichi` announces the next discard, whoever makes it.
                let riichi = std::mem::take(&mut self.riichi_pending);
                if owner(from) == me {
                    ctx.my_discards += 1;
                    if riichi {
                        self.riichi_declared = true;
                        self.record.riichis += 1;
                        ctx.riichi = true;
                        ctx.double_riichi = ctx.my_discards == 1 && ctx.calls == 0;
                        ctx.ippatsu_open = true;
                    } else {
                        ctx.ippatsu_open = false;
                    }
                }
            }
            (b'd' | b'h', b'm') => {
                // Calls and kongs alike end ippatsu and the first go-around.
                ctx.calls += 1;
                ctx.ippatsu_open = false;
                if owner(to) == me {
                    let n = usize::from(to.as_bytes()[2] - b'0');
                    if ctx.melds.len() <= n {
                        ctx.melds.resize(n + 1, Vec::new());
                    }
                    ctx.melds[n].push(face.to_owned());
                }
            }
            (b'a', b'a') => {
                let n: usize = from[1..].parse().expect("a dora place");
                if n.is_multiple_of(2) {
                    ctx.dora.push(face.to_owned());
                } else {
                    ctx.ura.push(face.to_owned());
                }
            }
            _ => {}
        }
    }
}
