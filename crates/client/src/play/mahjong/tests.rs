//! The mahjong client fed transcripts in the server's formats, junk, and whole games
//! against the rules engine rendered as parlor renders it.

use super::*;
use mahjong::bots::{EfficiencyBot, Strategy};
use mahjong::{Action, Event, Game, Kind, Pending, Place, Rules, Tile};
use std::collections::VecDeque;

/// The lines of a hand's start as seat `me` (0..4) sees it, seat 0 dealing: the wall, the
/// break, the dead wall, the deal (`mine` shown, others `?`; the dealer's 14th tile
/// last) and the first dora indicator.
fn hand_start(me: usize, mine: &[&str], dealer_14th: &str) -> Vec<String> {
    let winds = ["e", "s", "w", "n"];
    let mut lines = vec![
        format!("newhand e {}", winds.join(" ")),
        "score 25000. 25000. 25000. 25000. 0. 0.".to_owned(),
    ];
    lines.extend((0..136).map(|i| format!("move ? k w{i:03}")));
    lines.push("break 4 6".into());
    lines.extend((0..4).map(|i| format!("move ? w{:03} r{i:02}", 38 + i)));
    lines.extend((0..10).map(|i| format!("move ? w{:03} a{i}", 42 + i)));
    let mut pos = 52;
    for seat in 0..4 {
        for face in mine {
            let face = if seat == me { face } else { "?" };
            lines.push(format!("move {face} w{pos:03} h{}", seat + 1));
            pos += 1;
        }
    }
    let face = if me == 0 { dealer_14th } else { "?" };
    lines.push(format!("move {face} w{pos:03} h1"));
    lines.push("move dg a0 a0".into());
    lines
}

fn feed(mj: &mut Mahjong, lines: &[impl AsRef<str>]) -> Vec<String> {
    lines.iter().flat_map(|l| mj.receive(l.as_ref())).collect()
}

fn labels(mj: &Mahjong) -> Vec<String> {
    mj.screen()
        .choices
        .iter()
        .map(|c| c.label.clone())
        .collect()
}

fn keys(mj: &Mahjong) -> String {
    mj.screen().choices.iter().map(|c| c.key).collect()
}

const HAND: [&str; 13] = [
    "c1", "c2", "c3", "d4", "d5", "d6", "b7", "b8", "b9", "we", "we", "dr", "dr",
];

#[test]
fn hello_counts_the_name_in_bytes() {
    assert_eq!(Mahjong::new("José").hello(), ["mmj1c 5:José"]);
    assert_eq!(Mahjong::new("Ana").screen().title, "Mahjong · Ana");
}

#[test]
fn waiting_for_a_table_offers_to_start_now_with_cpu_players() {
    let mut mj = Mahjong::new("Ana");
    feed(&mut mj, &["mmj1s"]);
    let screen = mj.screen();
    assert_eq!(screen.choices.len(), 1);
    assert_eq!(screen.choices[0].key, 'c');
    assert!(
        screen.table[0].contains("c: start now"),
        "{:?}",
        screen.table
    );
    assert_eq!(mj.choose(0), ["fill"]);
    assert!(mj.screen().choices.is_empty(), "asked once");
    feed(&mut mj, &["game 1 3:Ana 5:CPU 2 5:CPU 3 5:CPU 4"]);
    assert!(mj.screen().choices.is_empty(), "seated: nothing asked yet");
}

#[test]
fn the_dealer_discards_the_drawn_tile_then_calls_pon() {
    let mut mj = Mahjong::new("Ana");
    feed(&mut mj, &["mmj1s", "game 1 3:Ana 3:Bob 5:CPU 3 5:CPU 4"]);
    feed(&mut mj, &hand_start(0, &HAND, "wn"));
    assert!(mj.screen().choices.is_empty(), "nothing asked yet");
    assert!(feed(&mut mj, &["play"]).is_empty());
    let screen = mj.screen();
    assert_eq!(
        screen.hand,
        "1m 2m 3m 4p 5p 6p 7s 8s 9s East East Chun Chun   + North"
    );
    assert!(
        screen.table[0].starts_with("Dora indicators: Hatsu"),
        "{:?}",
        screen.table
    );
    assert!(
        screen.table[0].ends_with("69 tiles left"),
        "{:?}",
        screen.table
    );
    assert_eq!(
        screen.score,
        "you 25000 · East round, dealer you · honba 0 · riichi sticks 0"
    );
    assert_eq!(screen.seats.len(), 4);
    assert_eq!(screen.seats[1].name, "Bob");
    assert!(screen.seats[0].turn && !screen.seats[1].turn);
    assert_eq!(screen.seats[0].info, "East · 25000");
    // Eleven kinds and the drawn tile, which is suggested; riichi (the hand is tenpai
    // without the wn), no tsumo.
    assert_eq!(keys(&mj), "123456789abcr");
    assert_eq!(screen.choices[screen.suggested].label, "North (drawn)");
    assert_eq!(screen.prompt.as_deref(), Some("your turn: discard a tile"));
    assert_eq!(mj.choose(screen.suggested), ["discard wn"]);
    assert!(
        mj.screen().choices.is_empty(),
        "nothing until the server answers"
    );
    feed(&mut mj, &["move wn h1 d1"]);
    assert_eq!(
        mj.screen().hand,
        "1m 2m 3m 4p 5p 6p 7s 8s 9s East East Chun Chun"
    );
    assert_eq!(
        mj.screen().seats[0].played.as_deref(),
        Some("discarded North")
    );
    assert_eq!(mj.log.last().unwrap(), "You discard North");

    // Bob discards a red dragon: pon is possible, pass suggested.
    assert!(feed(&mut mj, &["move ? w105 h2", "move dr h2 d2", "claim"]).is_empty());
    let screen = mj.screen();
    // (We wait on we and dr, so ron too.)
    assert_eq!(
        labels(&mj),
        [
            "ron (win on Chun)",
            "pon Chun",
            "pass",
            "pass, and no calls for the rest of this hand"
        ]
    );
    assert_eq!(screen.choices[screen.suggested].label, "pass");
    assert_eq!(
        screen.prompt.as_deref(),
        Some("Bob discarded Chun: call it or pass")
    );
    assert!(
        screen.seats[0].turn && !screen.seats[2].turn,
        "the claim waits for us"
    );
    assert!(screen
        .table
        .iter()
        .any(|l| l == "Last discard: Chun by Bob"));
    assert_eq!(mj.choose(1), ["claim dr dr ?"]);
    feed(
        &mut mj,
        &["move dr d2 m10", "move dr h1 m10", "move dr h1 m10", "play"],
    );
    assert_eq!(
        mj.log.last().unwrap(),
        "You call pon Chun Chun Chun from Bob"
    );
    let screen = mj.screen();
    assert_eq!(
        screen.hand,
        "1m 2m 3m 4p 5p 6p 7s 8s 9s East East   | pon Chun Chun Chun"
    );
    assert!(screen.table.iter().any(|l| l.contains("(called by Ana)")));
    // No tile drawn, an open hand: no riichi; a discard that keeps the hand tenpai
    // is suggested.
    assert_eq!(keys(&mj), "123456789a");
    assert_eq!(screen.choices[screen.suggested].label, "1m");
    assert_eq!(mj.choose(screen.suggested), ["discard c1"]);
    // The server refuses: the question comes back without that answer.
    feed(&mut mj, &["reject 9:no reason"]);
    assert_eq!(keys(&mj), "23456789a", "the other choices keep their keys");
    assert!(!labels(&mj).contains(&"1m".to_owned()));
    assert!(mj.log.last().unwrap().contains("no reason"));
    let screen = mj.screen();
    assert_eq!(mj.choose(screen.suggested), ["discard c2"]);
    feed(&mut mj, &["move c2 h1 d1"]);
    // The rivers keep their columns after the pon: the meld has a line of its own, and
    // every river line is as wide as the others.
    let table = mj.screen().table;
    let rivers: Vec<&String> = table.iter().filter(|l| l.contains('\u{a0}')).collect();
    let first = |who: &str| {
        let row = rivers.iter().find(|l| l.starts_with(who)).unwrap();
        row.split('\u{a0}')
            .filter(|w| !w.is_empty())
            .skip(1)
            .collect::<Vec<_>>()
    };
    assert_eq!(first("You"), ["North", "2m"], "{table:?}");
    assert!(first("Bob").is_empty(), "the called Chun left Bob's river");
    assert!(rivers
        .iter()
        .any(|l| l.trim_matches('\u{a0}') == "pon Chun Chun Chun"));
    let widths: Vec<usize> = rivers.iter().map(|l| l.chars().count()).collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{table:?}");

    // A discard we cannot use: passed without asking, and nothing is left to choose.
    assert_eq!(
        feed(&mut mj, &["move ? w106 h3", "move c9 h3 d3", "claim"]),
        ["pass"]
    );
    assert!(mj.screen().choices.is_empty() && mj.screen().prompt.is_none());
    assert_eq!(mj.log.last().unwrap(), "CPU 3 discards 9m");
}

#[test]
fn ron_is_offered_and_the_win_is_told_with_its_breakdown() {
    let mut mj = Mahjong::new("Ana");
    feed(&mut mj, &["mmj1s", "game 2 3:Bob 3:Ana 5:CPU 3 5:CPU 4"]);
    feed(&mut mj, &hand_start(1, &HAND, "?"));
    assert_eq!(mj.screen().seats[0].info, "South · 25000");
    assert_eq!(mj.screen().seats[3].name, "Bob", "Bob plays before us");
    feed(&mut mj, &["riichi", "move dr h1 d1"]);
    assert_eq!(
        mj.log.last().unwrap(),
        "Bob declares riichi, discarding Chun"
    );
    assert!(mj.screen().seats[3].info.ends_with("riichi"));
    assert!(mj.screen().table.iter().any(|l| l.contains("[Chun]")));
    assert!(feed(&mut mj, &["claim"]).is_empty());
    assert_eq!(keys(&mj), "rpnx");
    let screen = mj.screen();
    assert_eq!(screen.choices[screen.suggested].label, "pass");
    assert_eq!(mj.choose(0), ["ron"]);
    let win = "win 2 5:30 fu 500. 14:Riichi (1 han) 500. 14:Tanyao (1 han) 1000. \
               12:Dora (2 han) 5700. 0: 7700.";
    feed(&mut mj, &[win, "move c5 h1 h1", "move c6 h1 h1", "ack"]);
    let log = &mj.log;
    assert_eq!(
        log[log.len() - 2],
        "You win by ron on Bob's Chun: 7700 points"
    );
    assert_eq!(
        log[log.len() - 1],
        "  4 han 30 fu, 7700 · Riichi 1 han, Tanyao 1 han, Dora 2 han"
    );
    let screen = mj.screen();
    assert!(
        screen
            .table
            .iter()
            .any(|l| l.trim_matches('\u{a0}') == "hand: 5m 6m"),
        "{:?}",
        screen.table
    );
    assert!(screen.table.iter().any(|l| l.starts_with("You win by ron")));
    assert_eq!(labels(&mj), ["next hand"]);
    assert_eq!(mj.choose(screen.suggested), ["ack"]);
    feed(
        &mut mj,
        &[
            "score 17300. 32700. 25000. 25000. 0. 0.",
            "gameover 2 1 3 4",
        ],
    );
    let over = mj.screen().over.unwrap();
    assert_eq!(
        over,
        "You finish 1st. 1st you (32700), 2nd Bob (17300), 3rd CPU 3 (25000), 4th CPU 4 (25000)"
    );
    assert!(mj.screen().choices.is_empty());
}

#[test]
fn riichi_is_declared_with_a_tenpai_discard() {
    let mut mj = Mahjong::new("Ana");
    feed(&mut mj, &["game 1 3:Ana 3:Bob 5:CPU 3 5:CPU 4"]);
    feed(&mut mj, &hand_start(0, &HAND, "wn"));
    feed(&mut mj, &["play"]);
    let r = mj
        .screen()
        .choices
        .iter()
        .position(|c| c.key == 'r')
        .unwrap();
    assert!(mj.choose(r).is_empty());
    assert_eq!(
        labels(&mj),
        ["riichi, discarding North (drawn)", "cancel riichi"]
    );
    assert_eq!(mj.screen().suggested, 0);
    assert_eq!(mj.choose(0), ["riichi wn"]);
    feed(&mut mj, &["riichi", "move wn h1 d1"]);
    assert!(mj.screen().seats[0].info.ends_with("riichi"));
    // After riichi only the drawn tile goes, or the win.
    feed(&mut mj, &["move dr w070 h1", "play"]);
    assert_eq!(labels(&mj), ["Chun (drawn)", "tsumo (win)"]);
    assert_eq!(mj.choose(1), ["out"]);
}

#[test]
fn no_calls_for_the_rest_of_the_hand_passes_but_still_offers_ron() {
    let mut mj = Mahjong::new("Ana");
    feed(&mut mj, &["game 2 3:Bob 3:Ana 5:CPU 3 5:CPU 4"]);
    feed(&mut mj, &hand_start(1, &HAND, "?"));
    feed(&mut mj, &["move c1 h1 d1", "claim"]);
    assert_eq!(keys(&mj), "1nx", "chi from the player before us");
    assert_eq!(labels(&mj)[0], "chi 1m with 2m 3m");
    assert_eq!(mj.choose(2), ["pass"]);
    // Bob's c4 would make a chi: passed without asking now.
    assert_eq!(
        feed(&mut mj, &["move ? w070 h1", "move c4 h1 d1", "claim"]),
        ["pass"]
    );
    // A dr completes the hand: ron is still asked.
    assert!(feed(&mut mj, &["move ? w071 h4", "move dr h4 d4", "claim"]).is_empty());
    assert_eq!(keys(&mj), "rn");
    // The next hand takes calls again.
    feed(&mut mj, &["newhand s e s w n"]);
    assert!(mj.deal.mine.is_empty(), "a new hand starts empty");
    assert!(!mj.no_calls);
}

#[test]
fn names_and_chat_lose_their_control_characters() {
    let mut mj = Mahjong::new("Ana");
    let evil = "Ev\u{1b}[2Jil\n";
    let game = format!("game 1 3:Ana {}:{evil} 5:CPU 3 5:CPU 4", evil.len());
    feed(&mut mj, &[game.as_str(), "chat 2 . 8:hi\u{7}there"]);
    assert_eq!(mj.screen().seats[1].name, "Ev[2Jil");
    assert_eq!(mj.log.last().unwrap(), "Ev[2Jil says: hithere");
}

#[test]
fn junk_never_panics() {
    let mut mj = Mahjong::new("Ana");
    let junk = [
        "",
        " ",
        "move",
        "move c1",
        "move c1 h9 d0",
        "move d5 h1 m19",
        "win",
        "win 9",
        "win 1 5:ab",
        "win 1 3:abc 7.",
        "game 0",
        "game 4 1:a",
        "game 3",
        "score x",
        "score 1. 2.",
        "gameover 7 7",
        "gameover",
        "99999999999999999999:abc",
        "5:ab",
        "claim",
        "play",
        "ack",
        "reject",
        "reject 99:x",
        "chat",
        "chat 9 . 3:abc",
        "newhand",
        "newhand q q",
        "move ? r00 h1",
        "move c1 a99999999999999999999 a1",
        "move zz h1 h1",
        "move c0 w000 h1",
        "move é h1 d1",
        "riichi",
        "draw",
        "move ? h2 m23",
        "move c1 d4 m40",
        "move c1 h1 m10",
    ];
    let mut seed = 7u64;
    let mut lines: Vec<String> = junk.iter().map(|s| s.to_string()).collect();
    for _ in 0..2000 {
        let mut line = String::new();
        for _ in 0..(seed % 12) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let words = [
                "move", "claim", "play", "c1", "h1", "d1", "m10", "w000", "r00", "a0", "?", "3:",
                "we", "win", "1", "0:", "5.", "ack", "game", "2",
            ];
            line.push_str(words[(seed >> 33) as usize % words.len()]);
            line.push(' ');
        }
        lines.push(line);
    }
    for line in &lines {
        mj.receive(line);
        let screen = mj.screen();
        let pick = screen.suggested;
        mj.choose(pick);
        mj.choose(99);
    }
    // Twenty tiles in hand: no analysis is attempted, nothing breaks.
    for _ in 0..20 {
        mj.receive("move c1 w001 h1");
    }
    mj.receive("play");
    mj.screen();
    mj.receive("claim");
    mj.screen();
}

// ---- whole games against the rules engine -----------------------------------------

/// A tile as parlor spells it (red fives with rank 0).
fn spell(tile: Tile) -> String {
    let k = tile.kind().index();
    let face = match k {
        0..=26 => format!("{}{}", ['c', 'd', 'b'][k / 9], k % 9 + 1),
        27..=30 => format!("w{}", ['e', 's', 'w', 'n'][k - 27]),
        31 => "dw".into(),
        32 => "dg".into(),
        _ => "dr".into(),
    };
    if tile.is_red_five() {
        face.replace('5', "0")
    } else {
        face
    }
}

fn spell_place(p: Place) -> String {
    match p {
        Place::Deck => "k".into(),
        Place::Wall(n) => format!("w{n:03}"),
        Place::Replacement(n) => format!("r{n:02}"),
        Place::DoraWall(n) => format!("a{n}"),
        Place::Hand(s) => format!("h{}", s + 1),
        Place::Discards(s) => format!("d{}", s + 1),
        Place::Flowers(s) => format!("f{}", s + 1),
        Place::Meld(s, n) => format!("m{}{n}", s + 1),
    }
}

/// parlor's mahjong table reduced to one person in seat 0 and three CPU players: the
/// engine's events rendered as the server renders them, `play`/`claim` sent once per
/// question, `reject` with the engine's reason.
struct Server {
    game: Game,
    rng: cards::GameRng,
    to_client: VecDeque<String>,
    prompted: bool,
}

impl Server {
    fn publish(&mut self, events: Vec<Event>) {
        for event in &events {
            if matches!(event, Event::Move(_) | Event::HandOver { .. }) {
                self.prompted = false;
            }
            let lines: Vec<String> = match event {
                Event::NewHand {
                    round,
                    dealer,
                    honba,
                    sticks,
                    scores,
                    ..
                } => {
                    let w = |w: &mahjong::Wind| ['e', 's', 'w', 'n'][w.index()].to_string();
                    let winds = mahjong::seat_winds((*dealer).into());
                    let winds: Vec<String> = winds.iter().map(w).collect();
                    let scores: Vec<String> = scores.iter().map(|s| format!("{s}.")).collect();
                    vec![
                        format!("newhand {} {}", w(round), winds.join(" ")),
                        format!("score {} {honba}. {sticks}.", scores.join(" ")),
                    ]
                }
                Event::Move(m) if m.is_for(0) => {
                    let face = m.face_for(0).map_or("?".into(), spell);
                    vec![format!(
                        "move {face} {} {}",
                        spell_place(m.from),
                        spell_place(m.to)
                    )]
                }
                Event::Break { dice } => vec![format!("break {} {}", dice[0], dice[1])],
                Event::Riichi { .. } => vec!["riichi".into()],
                Event::Win(w) => vec![format!(
                    "win {} 5:30 fu 1000. 0: {}.",
                    w.winner + 1,
                    w.deltas[w.winner]
                )],
                Event::Draw { .. } => vec!["draw".into()],
                Event::HandOver { .. } if self.game.pending() == Pending::HandOver => {
                    vec!["ack".into()]
                }
                Event::GameOver { scores, ranks } => {
                    let mut order: Vec<usize> = (0..4).collect();
                    order.sort_by_key(|&s| ranks[s]);
                    let ids: Vec<String> = order.iter().map(|s| (s + 1).to_string()).collect();
                    let scores: Vec<String> = scores.iter().map(|s| format!("{s}.")).collect();
                    vec![
                        format!("score {} 0. 0.", scores.join(" ")),
                        format!("gameover {}", ids.join(" ")),
                    ]
                }
                _ => Vec::new(),
            };
            self.to_client.extend(lines);
        }
        if self.game.pending().includes(0) && !self.prompted {
            self.prompted = true;
            let word = match self.game.pending() {
                Pending::Turn(_) => "play",
                _ => "claim",
            };
            self.to_client.push_back(word.into());
        }
    }

    /// The engine's action for an mmj1 operation from seat 0.
    fn action(&self, op: &str) -> Option<Action> {
        let named = |face: &str| -> Option<(Kind, bool)> {
            Some((Kind::new(tiles::kind(face)? as u8)?, face.ends_with('0')))
        };
        let tile = |face: &str| {
            let (kind, red) = named(face)?;
            self.game.find_tile(0, kind, red)
        };
        let legal = self.game.legal_actions(0);
        // A call as the engine offers it: the same tiles by spelling.
        let offered = |faces: &[&str]| {
            let mut want: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
            want.sort();
            legal.iter().copied().find(|a| {
                let tiles: &[Tile] = match a {
                    Action::Pon(t) | Action::Chi(t) => t,
                    Action::Daiminkan(t) => t,
                    _ => return false,
                };
                let mut got: Vec<String> = tiles.iter().map(|t| spell(*t)).collect();
                got.sort();
                got == want
            })
        };
        let words: Vec<&str> = op.split(' ').collect();
        Some(match words.as_slice() {
            ["discard", t] => Action::Discard(tile(t)?),
            ["riichi", t] => Action::Riichi(tile(t)?),
            ["out"]
                if legal.contains(&Action::NineTerminals) && !legal.contains(&Action::Tsumo) =>
            {
                Action::NineTerminals
            }
            ["out"] => Action::Tsumo,
            ["ron"] => Action::Ron,
            ["pass"] => Action::Pass,
            ["ckong", t] => Action::Ankan(named(t)?.0),
            ["pkong", t] => Action::Kakan(named(t)?.0),
            ["claim", a, b, "?"] => offered(&[a, b])?,
            ["claim", a, b, c] => offered(&[a, b, c])?,
            _ => return None,
        })
    }

    /// Seat 0 sent `op`.
    fn answer(&mut self, op: &str) {
        let result = if op == "ack" {
            self.game.next_hand().map_err(|e| e.message())
        } else {
            match self.action(op) {
                Some(action) => self.game.apply(0, action).map_err(|e| e.message()),
                None => Err("you do not hold those tiles"),
            }
        };
        match result {
            Ok(events) => self.publish(events),
            Err(why) => self
                .to_client
                .push_back(format!("reject {}:{why}", why.len())),
        }
    }
}

/// What a whole game showed the player.
struct Played {
    client: Mahjong,
    sent: Vec<String>,
    rejects: usize,
}

/// Plays a whole game from `hello()`, seat 0 choosing with `pick`, checking the hand the
/// client keeps against the engine's whenever it is asked something.
fn play_game(seed: u64, pick: impl Fn(&Mahjong, &Screen) -> usize) -> Played {
    let (game, events) = Game::new(Rules::default(), cards::seeded_rng(seed));
    let mut table = Server {
        game,
        rng: cards::seeded_rng(seed + 1),
        to_client: VecDeque::new(),
        prompted: false,
    };
    let mut client = Mahjong::new("Ana");
    assert_eq!(client.hello(), ["mmj1c 3:Ana"]);
    table.to_client.push_back("mmj1s".into());
    table
        .to_client
        .push_back("game 1 3:Ana 5:CPU 2 5:CPU 3 5:CPU 4".into());
    table.publish(events);
    let mut sent = Vec::new();
    let mut rejects = 0;
    for _ in 0..200_000 {
        while let Some(line) = table.to_client.pop_front() {
            rejects += usize::from(line.starts_with("reject"));
            for reply in client.receive(&line) {
                sent.push(reply.clone());
                table.answer(&reply);
            }
        }
        if table.game.is_over() {
            return Played {
                client,
                sent,
                rejects,
            };
        }
        let cpu = match table.game.pending() {
            Pending::Turn(s) if s != 0 => Some(s),
            Pending::Claims(seats) => seats.iter().find(|&s| s != 0),
            _ => None,
        };
        if let Some(seat) = cpu {
            let legal = table.game.legal_actions(seat);
            let action = EfficiencyBot.choose(&table.game.view(seat), &legal, &mut table.rng);
            let events = table.game.apply(seat, action).expect("a legal CPU move");
            table.publish(events);
            continue;
        }
        let screen = client.screen();
        if matches!(table.game.pending(), Pending::Turn(0) | Pending::Claims(_)) {
            let mut want: Vec<String> = table.game.hand(0).iter().map(|t| spell(*t)).collect();
            want = tiles::sorted(&want);
            assert_eq!(
                tiles::sorted(&client.deal.mine),
                want,
                "the hand as tracked"
            );
        }
        assert!(
            screen.prompt.is_some() && !screen.choices.is_empty(),
            "stuck at {:?}: {screen:?}",
            table.game.pending()
        );
        for reply in client.choose(pick(&client, &screen)) {
            sent.push(reply.clone());
            table.answer(&reply);
        }
    }
    panic!("the game did not end");
}

#[test]
fn always_taking_the_suggestion_plays_whole_games() {
    for seed in [1, 2, 3] {
        let played = play_game(seed, |_, s| s.suggested);
        let screen = played.client.screen();
        let over = screen.over.expect("game over");
        assert!(over.starts_with("You finish "), "{over}");
        assert!(played.sent.iter().any(|s| s == "ack"));
        assert!(
            played.sent.iter().any(|s| s == "pass"),
            "claims were answered"
        );
        assert_eq!(played.rejects, 0, "the suggestions are legal");
        assert!(screen.log.iter().any(|l| l.starts_with("Game over")));
    }
}

#[test]
fn an_eager_player_wins_calls_and_declares_riichi_through_rejects() {
    // Wins, riichi, kans and dragon pons when offered; otherwise the discard that
    // brings the hand nearest to tenpai.
    let eager = |mj: &Mahjong, s: &Screen| {
        let first = [
            "tsumo", "ron", "riichi", "kan", "pon Chun", "pon dg", "pon dw",
        ];
        let best = tiles::best_discard(&mj.deal.mine).map(|t| format!("discard {t}"));
        first
            .iter()
            .find_map(|w| s.choices.iter().position(|c| c.label.starts_with(w)))
            .or_else(|| {
                mj.moves()
                    .0
                    .iter()
                    .position(|(_, m)| matches!(m, Move::Send(op) if Some(op.write()) == best))
            })
            .unwrap_or(s.suggested)
    };
    let (mut calls, mut wins, mut riichi) = (0, 0, 0);
    for seed in [4, 5, 6] {
        let played = play_game(seed, eager);
        assert!(played.client.screen().over.is_some());
        calls += played
            .sent
            .iter()
            .filter(|s| s.starts_with("claim"))
            .count();
        wins += played
            .sent
            .iter()
            .filter(|s| *s == "ron" || *s == "out")
            .count();
        riichi += played
            .sent
            .iter()
            .filter(|s| s.starts_with("riichi"))
            .count();
    }
    assert!(
        calls > 0 && wins > 0 && riichi > 0,
        "{calls} calls, {wins} wins, {riichi} riichi"
    );
}
