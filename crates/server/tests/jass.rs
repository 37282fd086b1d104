//! Jass Challenge over real WebSocket connections: sessions, whole games, spectators,
//! SCHIEBE, rejected cards, bad input, disconnects, server bots and a tournament.

mod common;

use common::{digest, TestServer, PATIENCE};
use futures::{SinkExt, StreamExt};
use jass::rules::legal_cards;
use jass::{Card, CardSet, Mode, Rank, Suit};
use parlor_server::protocols::jass::JassSettings;
use parlor_server::Config;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A Jass client speaking raw JSON.
struct Player {
    ws: Ws,
    hand: CardSet,
    mode: Option<Mode>,
    /// Every message type received, in order.
    seen: Vec<String>,
    /// Every frame received, as sent.
    frames: Vec<String>,
}

fn to_card(v: &Value) -> Card {
    let rank = Rank::from_number(v["number"].as_u64().unwrap() as u8).unwrap();
    let suit = match v["color"].as_str().unwrap() {
        "HEARTS" => Suit::Hearts,
        "DIAMONDS" => Suit::Diamonds,
        "CLUBS" => Suit::Clubs,
        _ => Suit::Spades,
    };
    Card::new(rank, suit)
}

fn card_json(c: Card) -> Value {
    let color = match c.suit() {
        Suit::Hearts => "HEARTS",
        Suit::Diamonds => "DIAMONDS",
        Suit::Clubs => "CLUBS",
        Suit::Spades => "SPADES",
    };
    json!({"number": c.rank().number(), "color": color})
}

impl Player {
    async fn connect(addr: SocketAddr, path: &str) -> Player {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
            .await
            .expect("connect");
        Player {
            ws,
            hand: CardSet::EMPTY,
            mode: None,
            seen: Vec::new(),
            frames: Vec::new(),
        }
    }

    async fn send(&mut self, kind: &str, data: Value) {
        let frame = json!({"type": kind, "data": data}).to_string();
        self.ws.send(Message::text(frame)).await.unwrap();
    }

    async fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::text(text.to_owned())).await.unwrap();
    }

    /// The next message, or `None` when the server closed. The deadline covers the whole
    /// wait: the server's pings must not keep a stuck test alive.
    async fn next(&mut self) -> Option<Value> {
        let ws = &mut self.ws;
        let text = tokio::time::timeout(PATIENCE, async {
            loop {
                match ws.next().await {
                    Some(Ok(Message::Text(t))) => return Some(t.to_string()),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                    Some(Ok(_)) => continue,
                }
            }
        })
        .await
        .expect("the server answered in time")?;
        let v: Value = serde_json::from_str(&text).expect("JSON from the server");
        self.frames.push(text);
        let kind = v["type"].as_str().expect("a type").to_owned();
        match kind.as_str() {
            "DEAL_CARDS" => self.hand = v["data"].as_array().unwrap().iter().map(to_card).collect(),
            "BROADCAST_TRUMPF" if v["data"]["mode"] != "SCHIEBE" => {
                self.mode = Some(mode_of(&v["data"]))
            }
            _ => {}
        }
        self.seen.push(kind);
        Some(v)
    }

    async fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed before {kind}: {:?}", self.seen));
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// Name and session choice; returns the `BROADCAST_SESSION_JOINED` for this player.
    async fn join(addr: SocketAddr, name: &str, session: Value) -> (Player, Value) {
        let mut p = Player::connect(addr, "/").await;
        p.until("REQUEST_PLAYER_NAME").await;
        p.send("CHOOSE_PLAYER_NAME", json!(name)).await;
        p.until("REQUEST_SESSION_CHOICE").await;
        p.send("CHOOSE_SESSION", session).await;
        let joined = p.until("BROADCAST_SESSION_JOINED").await;
        (p, joined)
    }

    /// Answers the request `v`, if it is one: a trumpf, or the first legal card; whether
    /// it was one.
    async fn answer(&mut self, v: &Value) -> bool {
        match v["type"].as_str().unwrap() {
            "REQUEST_TRUMPF" => {
                let hearts = json!({"mode": "TRUMPF", "trumpfColor": "HEARTS"});
                self.send("CHOOSE_TRUMPF", hearts).await;
                true
            }
            "REQUEST_CARD" => {
                let table: Vec<Card> = v["data"].as_array().unwrap().iter().map(to_card).collect();
                let card = legal_cards(self.hand, &table, self.mode.unwrap())
                    .iter()
                    .next()
                    .unwrap();
                self.hand.remove(card);
                self.send("CHOOSE_CARD", card_json(card)).await;
                true
            }
            _ => false,
        }
    }

    /// Plays legal cards (and chooses trumpf) until the game is won; returns the winner message.
    async fn play_game(&mut self) -> Value {
        loop {
            let v = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed early: {:?}", self.seen));
            if v["type"] == "BROADCAST_WINNER_TEAM" {
                return v;
            }
            self.answer(&v).await;
        }
    }

    /// Plays until the game's first card is on the table: this player's, or another's
    /// (then a request after it stays unread).
    async fn until_first_card(&mut self) {
        loop {
            let v = self.next().await.expect("the game begins");
            if v["type"] == "PLAYED_CARDS" || v["type"] == "REQUEST_CARD" {
                self.answer(&v).await;
                return;
            }
            self.answer(&v).await;
        }
    }

    async fn expect_closed(&mut self) {
        while self.next().await.is_some() {}
    }
}

fn mode_of(data: &Value) -> Mode {
    match data["mode"].as_str().unwrap() {
        "OBEABE" => Mode::Obeabe,
        "UNDEUFE" => Mode::Undeufe,
        _ => Mode::Trumpf(match data["trumpfColor"].as_str().unwrap() {
            "HEARTS" => Suit::Hearts,
            "DIAMONDS" => Suit::Diamonds,
            "CLUBS" => Suit::Clubs,
            _ => Suit::Spades,
        }),
    }
}

async fn server() -> TestServer {
    TestServer::start(Config::for_tests(3)).await
}

async fn four(addr: SocketAddr, session: &str) -> Vec<Player> {
    let mut players = Vec::new();
    for name in ["Jen", "Roy", "Douglas", "Moss"] {
        let (p, _) = Player::join(
            addr,
            name,
            json!({"sessionChoice": "AUTOJOIN", "sessionName": session}),
        )
        .await;
        players.push(p);
    }
    players
}

#[tokio::test]
async fn four_clients_play_a_whole_game_and_are_closed() {
    let s = server().await;
    let players = four(s.addr("jass"), "Game 1").await;
    let mut runs = Vec::new();
    for mut p in players {
        runs.push(tokio::spawn(async move {
            let winner = p.play_game().await;
            p.expect_closed().await;
            (winner, p.seen)
        }));
    }
    let mut winners = Vec::new();
    for run in runs {
        let (winner, seen) = run.await.unwrap();
        assert_eq!(seen.iter().filter(|k| *k == "BROADCAST_TEAMS").count(), 1);
        assert!(seen.iter().any(|k| k == "BROADCAST_STICH"));
        assert!(seen.iter().any(|k| k == "BROADCAST_GAME_FINISHED"));
        winners.push(winner);
    }
    assert!(winners.iter().all(|w| *w == winners[0]));
    let data = &winners[0]["data"];
    assert!(data["points"].as_u64().unwrap() >= 2500, "{data}");
    assert!(["Team 1", "Team 2"].contains(&data["name"].as_str().unwrap()));
    s.stop().await;
}

#[tokio::test]
async fn sessions_by_choice_and_team() {
    let s = server().await;
    let addr = s.addr("jass");
    let (_a, joined) = Player::join(
        addr,
        "A",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "S", "chosenTeamIndex": 1}),
    )
    .await;
    assert_eq!(joined["data"]["player"]["seatId"], 1);
    assert_eq!(joined["data"]["sessionName"], "S");
    let (_b, joined) = Player::join(
        addr,
        "B",
        json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "S", "chosenTeamIndex": 1}),
    )
    .await;
    assert_eq!(joined["data"]["player"]["seatId"], 3);
    assert_eq!(
        joined["data"]["playersInSession"].as_array().unwrap().len(),
        2
    );
    // Team 2 is full: the next one goes to team 1.
    let (_c, joined) = Player::join(
        addr,
        "C",
        json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "S", "chosenTeamIndex": 1}),
    )
    .await;
    assert_eq!(joined["data"]["player"]["seatId"], 0);
    // The session is offered to newcomers while it waits.
    let mut d = Player::connect(addr, "/any/path").await;
    d.until("REQUEST_PLAYER_NAME").await;
    d.send("CHOOSE_PLAYER_NAME", json!("D")).await;
    let choice = d.until("REQUEST_SESSION_CHOICE").await;
    assert_eq!(choice["data"], json!(["S"]));
    // Creating a name that exists, or joining one that does not, is refused; then it asks again.
    d.send(
        "CHOOSE_SESSION",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "S"}),
    )
    .await;
    assert_eq!(
        d.until("BAD_MESSAGE").await["data"],
        json!({"data.sessionName": ["S already exists"]})
    );
    d.until("REQUEST_SESSION_CHOICE").await;
    d.send("CHOOSE_SESSION", json!({"sessionChoice": "AUTOJOIN"}))
        .await;
    let joined = d.until("BROADCAST_SESSION_JOINED").await;
    assert_eq!(joined["data"]["player"]["seatId"], 2);
    d.until("BROADCAST_TEAMS").await;
    // Joining a running game is refused.
    let mut e = Player::connect(addr, "/").await;
    e.until("REQUEST_PLAYER_NAME").await;
    e.send("CHOOSE_PLAYER_NAME", json!("E")).await;
    e.until("REQUEST_SESSION_CHOICE").await;
    e.send(
        "CHOOSE_SESSION",
        json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "S"}),
    )
    .await;
    assert_eq!(
        e.until("BAD_MESSAGE").await["data"],
        json!({"data.sessionName": ["S has already started"]})
    );
    e.until("REQUEST_SESSION_CHOICE").await;
    s.stop().await;
}

/// A spectator who arrives in the middle of a trick is shown it whole: the next card
/// comes with the one already on the table, and every trick taken has the four cards it
/// saw played.
#[tokio::test]
async fn a_spectator_arriving_mid_trick_sees_the_whole_trick() {
    let s = server().await;
    let addr = s.addr("jass");
    let mut players = Vec::new();
    for (i, name) in ["P0", "P1", "P2", "P3"].into_iter().enumerate() {
        let choice = if i == 0 {
            "CREATE_NEW"
        } else {
            "JOIN_EXISTING"
        };
        let session = json!({"sessionChoice": choice, "sessionName": "Mid"});
        players.push(Player::join(addr, name, session).await.0);
    }
    let firsts: Vec<_> = (players.into_iter())
        .map(|mut p| {
            tokio::spawn(async move {
                p.until_first_card().await;
                p
            })
        })
        .collect();
    let mut players = Vec::new();
    for first in firsts {
        players.push(first.await.unwrap());
    }
    // One card is on the table; the second waits until the players go on.
    let mut spectator = Player::connect(addr, "/").await;
    spectator.until("REQUEST_PLAYER_NAME").await;
    spectator.send("CHOOSE_PLAYER_NAME", json!("watcher")).await;
    spectator.until("REQUEST_SESSION_CHOICE").await;
    let watch = json!({"sessionChoice": "SPECTATOR", "sessionName": "Mid"});
    spectator.send("CHOOSE_SESSION", watch).await;
    spectator.until("SESSION_JOINED").await;
    let runs: Vec<_> = (players.into_iter())
        .map(|mut p| tokio::spawn(async move { p.play_game().await }))
        .collect();
    let first = spectator.until("PLAYED_CARDS").await;
    let mut played = first["data"].as_array().unwrap().clone();
    assert_eq!(
        played.len(),
        2,
        "the trick so far and the new card: {first}"
    );
    let mut tricks = 0;
    loop {
        let v = spectator.next().await.expect("the game goes on");
        match v["type"].as_str().unwrap() {
            "PLAYED_CARDS" => played = v["data"].as_array().unwrap().clone(),
            "BROADCAST_STICH" => {
                assert_eq!(v["data"]["playedCards"].as_array().unwrap(), &played);
                tricks += 1;
            }
            "BROADCAST_WINNER_TEAM" => break,
            _ => {}
        }
    }
    assert!(tricks >= 9, "a whole deal at least: {tricks}");
    for run in runs {
        run.await.unwrap();
    }
}

#[tokio::test]
async fn a_spectator_sees_the_game_but_no_hands_or_requests() {
    let s = server().await;
    let addr = s.addr("jass");
    let (mut first, _) = Player::join(
        addr,
        "P0",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "W"}),
    )
    .await;
    let mut spectator = Player::connect(addr, "/").await;
    spectator.until("REQUEST_PLAYER_NAME").await;
    spectator.send("CHOOSE_PLAYER_NAME", json!("watcher")).await;
    spectator.until("REQUEST_SESSION_CHOICE").await;
    spectator
        .send(
            "CHOOSE_SESSION",
            json!({"sessionChoice": "SPECTATOR", "sessionName": "W"}),
        )
        .await;
    spectator.until("SESSION_JOINED").await;
    let mut others = Vec::new();
    for name in ["P1", "P2", "P3"] {
        others.push(
            Player::join(
                addr,
                name,
                json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "W"}),
            )
            .await
            .0,
        );
    }
    let mut runs = vec![tokio::spawn(async move { first.play_game().await })];
    for mut p in others {
        runs.push(tokio::spawn(async move { p.play_game().await }));
    }
    let winner = spectator.until("BROADCAST_WINNER_TEAM").await;
    spectator.expect_closed().await;
    for run in runs {
        assert_eq!(run.await.unwrap(), winner);
    }
    for kind in [
        "BROADCAST_TEAMS",
        "BROADCAST_TRUMPF",
        "PLAYED_CARDS",
        "BROADCAST_STICH",
        "BROADCAST_GAME_FINISHED",
    ] {
        assert!(
            spectator.seen.iter().any(|k| k == kind),
            "spectator missed {kind}"
        );
    }
    for kind in ["DEAL_CARDS", "REQUEST_TRUMPF", "REQUEST_CARD"] {
        assert!(
            !spectator.seen.iter().any(|k| k == kind),
            "spectator got {kind}"
        );
    }
    s.stop().await;
}

/// Four players seated, each having read up to the first deal; returns them and which
/// one was asked for the trumpf.
async fn dealt(addr: SocketAddr, session: &str) -> (Vec<Player>, usize) {
    let mut players = four(addr, session).await;
    for p in players.iter_mut() {
        p.until("DEAL_CARDS").await;
    }
    let chooser = 0; // seat 0 (the first to join) chooses first
    players[chooser].until("REQUEST_TRUMPF").await;
    (players, chooser)
}

#[tokio::test]
async fn schiebe_twice_is_rejected() {
    let s = server().await;
    let (mut p, chooser) = dealt(s.addr("jass"), "Push").await;
    p[chooser]
        .send("CHOOSE_TRUMPF", json!({"mode": "SCHIEBE"}))
        .await;
    let partner = (chooser + 2) % 4;
    let request = p[partner].until("REQUEST_TRUMPF").await;
    assert_eq!(request["data"], json!(true));
    assert_eq!(
        p[1].until("BROADCAST_TRUMPF").await["data"],
        json!({"mode": "SCHIEBE"})
    );
    p[partner]
        .send("CHOOSE_TRUMPF", json!({"mode": "SCHIEBE"}))
        .await;
    assert_eq!(
        p[partner].until("REJECT_TRUMPF").await["data"],
        json!({"mode": "SCHIEBE"})
    );
    assert_eq!(p[partner].next().await.unwrap()["data"], json!(true));
    p[partner]
        .send("CHOOSE_TRUMPF", json!({"mode": "OBEABE"}))
        .await;
    assert_eq!(
        p[3].until("BROADCAST_TRUMPF").await["data"],
        json!({"mode": "SCHIEBE"})
    );
    assert_eq!(
        p[3].until("BROADCAST_TRUMPF").await["data"],
        json!({"mode": "OBEABE"})
    );
    // The chooser still leads the first trick.
    p[chooser].until("REQUEST_CARD").await;
    s.stop().await;
}

#[tokio::test]
async fn rejected_cards_and_bad_answers_are_asked_again() {
    let s = server().await;
    let (mut p, chooser) = dealt(s.addr("jass"), "Reject").await;
    // A bad answer to the pending trumpf request: BAD_MESSAGE, then the request again.
    p[chooser].send_raw("not json").await;
    assert_eq!(
        p[chooser].until("BAD_MESSAGE").await["data"],
        json!("not json")
    );
    assert_eq!(p[chooser].next().await.unwrap()["type"], "REQUEST_TRUMPF");
    p[chooser]
        .send("CHOOSE_TRUMPF", json!({"mode": "TRUMPF"}))
        .await;
    assert_eq!(
        p[chooser].until("BAD_MESSAGE").await["data"],
        json!({"data.trumpfColor": ["can't be blank"]})
    );
    assert_eq!(p[chooser].next().await.unwrap()["type"], "REQUEST_TRUMPF");
    p[chooser]
        .send(
            "CHOOSE_TRUMPF",
            json!({"mode": "TRUMPF", "trumpfColor": "SPADES"}),
        )
        .await;
    let request = p[chooser].until("REQUEST_CARD").await;
    assert_eq!(request["data"], json!([]));
    // A card not in hand: REJECT_CARD, then the request again.
    let missing = jass::rules::deck()
        .difference(p[chooser].hand)
        .iter()
        .next()
        .unwrap();
    p[chooser].send("CHOOSE_CARD", card_json(missing)).await;
    assert_eq!(
        p[chooser].until("REJECT_CARD").await["data"],
        card_json(missing)
    );
    assert_eq!(p[chooser].next().await.unwrap()["type"], "REQUEST_CARD");
    // A card number out of range is a validation error, and the request comes again.
    p[chooser]
        .send("CHOOSE_CARD", json!({"number": 15, "color": "SPADES"}))
        .await;
    assert_eq!(
        p[chooser].until("BAD_MESSAGE").await["data"],
        json!({"data.number": ["15 is not included in the list"]})
    );
    assert_eq!(p[chooser].next().await.unwrap()["type"], "REQUEST_CARD");
    // Someone not asked is told so.
    let unasked = p[1].hand.iter().next().unwrap();
    p[1].send("CHOOSE_CARD", card_json(unasked)).await;
    assert_eq!(
        p[1].until("BAD_MESSAGE").await["data"],
        json!({"type": ["CHOOSE_CARD was not requested"]})
    );
    // A good card is played.
    let good = p[chooser].hand.iter().next().unwrap();
    p[chooser].send("CHOOSE_CARD", card_json(good)).await;
    assert_eq!(
        p[2].until("PLAYED_CARDS").await["data"],
        json!([card_json(good)])
    );
    s.stop().await;
}

#[tokio::test]
async fn a_player_leaving_ends_the_game_for_the_other_team() {
    // A player whose connection drops and who does not come back within the grace period
    // has left.
    let config = Config {
        reconnect_grace: Duration::from_millis(20),
        ..Config::for_tests(3)
    };
    let s = TestServer::start(config).await;
    let (mut p, _) = dealt(s.addr("jass"), "Leave").await;
    let gone = p.remove(1); // Roy, team 2
    drop(gone);
    for other in p.iter_mut() {
        assert_eq!(
            other.until("ERROR").await["data"],
            "Player Roy left the game!"
        );
        let winner = other.until("BROADCAST_WINNER_TEAM").await;
        assert_eq!(winner["data"]["name"], "Team 1");
        other.expect_closed().await;
    }
    s.stop().await;
}

#[tokio::test]
async fn a_player_who_drops_comes_back_to_the_same_seat_and_the_game_goes_on() {
    let (s, _dir) = TestServer::storing(Config::for_tests(3)).await;
    let addr = s.addr("jass");
    let (mut p, chooser) = dealt(addr, "Back").await;
    let trumpf = json!({"mode": "TRUMPF", "trumpfColor": "HEARTS"});
    p[chooser].send("CHOOSE_TRUMPF", trumpf).await;
    // Roy (seat 1, to play the second card) drops: a stand-in plays for him meanwhile.
    drop(p.remove(1));
    s.open_connections("jass", 3).await;
    // Someone else cannot take his seat...
    let mut other = Player::connect(addr, "/").await;
    other.until("REQUEST_PLAYER_NAME").await;
    other.send("CHOOSE_PLAYER_NAME", json!("Rita")).await;
    other.until("REQUEST_SESSION_CHOICE").await;
    let back = json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "Back"});
    other.send("CHOOSE_SESSION", back.clone()).await;
    let refused = other.until("BAD_MESSAGE").await;
    assert!(
        refused.to_string().contains("has already started"),
        "{refused}"
    );
    // ...but Roy, from his address, can: he gets his seat, his cards and the trumpf.
    let mut roy = Player::connect(addr, "/").await;
    roy.until("REQUEST_PLAYER_NAME").await;
    roy.send("CHOOSE_PLAYER_NAME", json!("Roy")).await;
    roy.until("REQUEST_SESSION_CHOICE").await;
    roy.send("CHOOSE_SESSION", back).await;
    let joined = roy.until("BROADCAST_SESSION_JOINED").await;
    assert_eq!(joined["data"]["player"]["seatId"], 1, "{joined}");
    roy.until("BROADCAST_TEAMS").await;
    roy.until("DEAL_CARDS").await;
    assert!(!roy.hand.is_empty());
    p.insert(1, roy);
    let games = p.iter_mut().map(Player::play_game);
    let winners = futures::future::join_all(games).await;
    assert!(winners.windows(2).all(|w| w[0] == w[1]), "{winners:?}");
    let game = &s.stored("jass", "finished", 1).await[0];
    assert_eq!(game["seats"][1]["name"], "Roy", "{game}");
    s.stop().await;
}

/// Everyone drops mid-game and nobody comes back: when the first grace period ends, no
/// team is declared the winner by seat order; the game is stored abandoned.
#[tokio::test]
async fn a_game_everyone_left_is_abandoned_not_forfeited() {
    let mut config = Config::for_tests(5);
    config.reconnect_grace = std::time::Duration::from_millis(300);
    let (s, _dir) = TestServer::storing(config).await;
    let (mut p, chooser) = dealt(s.addr("jass"), "Empty").await;
    let trumpf = json!({"mode": "TRUMPF", "trumpfColor": "HEARTS"});
    p[chooser].send("CHOOSE_TRUMPF", trumpf).await;
    p[chooser].until("BROADCAST_TRUMPF").await;
    drop(p);
    let games = s.stored("jass", "abandoned", 1).await;
    assert_eq!(games.len(), 1, "{games:?}");
    s.stop().await;
}

#[tokio::test]
async fn bad_frames_before_joining_and_a_spectator_leaving() {
    let s = server().await;
    let addr = s.addr("jass");
    let mut c = Player::connect(addr, "/").await;
    c.until("REQUEST_PLAYER_NAME").await;
    c.send_raw("{\"type\":\"WHAT\"}").await;
    assert_eq!(c.until("BAD_MESSAGE").await["data"], "{\"type\":\"WHAT\"}");
    c.until("REQUEST_PLAYER_NAME").await;
    c.ws.send(Message::Binary(vec![0, 1, 2].into()))
        .await
        .unwrap();
    c.until("BAD_MESSAGE").await;
    c.send("CHOOSE_SESSION", json!({})).await;
    assert_eq!(
        c.until("BAD_MESSAGE").await["data"],
        json!({"type": ["CHOOSE_PLAYER_NAME expected"]})
    );
    // A spectator who comes and goes disturbs nobody.
    let (mut p, _) = Player::join(
        addr,
        "P",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "X"}),
    )
    .await;
    let mut spy = Player::connect(addr, "/").await;
    spy.until("REQUEST_PLAYER_NAME").await;
    spy.send("CHOOSE_PLAYER_NAME", json!("spy")).await;
    spy.until("REQUEST_SESSION_CHOICE").await;
    spy.send(
        "CHOOSE_SESSION",
        json!({"sessionChoice": "SPECTATOR", "sessionName": "X"}),
    )
    .await;
    spy.until("SESSION_JOINED").await;
    drop(spy);
    let (_q, joined) = Player::join(
        addr,
        "Q",
        json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "X"}),
    )
    .await;
    assert_eq!(joined["data"]["player"]["seatId"], 1);
    p.until("BROADCAST_SESSION_JOINED").await;
    s.stop().await;
}

#[tokio::test]
async fn server_bots_fill_a_game_for_one_person() {
    let s = server().await;
    let addr = s.addr("jass");
    let (mut p, _) = Player::join(
        addr,
        "Solo",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "Bots"}),
    )
    .await;
    for team in [1, 0, 1] {
        p.send(
            "JOIN_BOT",
            json!({"sessionName": "Bots", "chosenTeamIndex": team}),
        )
        .await;
    }
    let winner = p.play_game().await;
    assert!(winner["data"]["points"].as_u64().unwrap() >= 2500);
    p.expect_closed().await;
    s.stop().await;
}

/// Only a player seated in a session may add bots to it: a player of another session
/// (or a spectator) who names it gets BAD_MESSAGE, and the table does not fill.
#[tokio::test]
async fn bots_join_only_at_the_request_of_a_seated_player() {
    let s = server().await;
    let addr = s.addr("jass");
    let (mut alice, _) = Player::join(
        addr,
        "Alice",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "alices-table"}),
    )
    .await;
    let (mut mallory, _) = Player::join(
        addr,
        "Mallory",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "mallorys-table"}),
    )
    .await;
    for _ in 0..3 {
        mallory
            .send("JOIN_BOT", json!({"sessionName": "alices-table"}))
            .await;
        let refused = mallory.until("BAD_MESSAGE").await;
        assert!(refused.to_string().contains("not in session"), "{refused}");
    }
    let mut watcher = Player::connect(addr, "/").await;
    watcher.until("REQUEST_PLAYER_NAME").await;
    watcher.send("CHOOSE_PLAYER_NAME", json!("Eve")).await;
    watcher.until("REQUEST_SESSION_CHOICE").await;
    watcher
        .send(
            "CHOOSE_SESSION",
            json!({"sessionChoice": "SPECTATOR", "sessionName": "alices-table"}),
        )
        .await;
    watcher.until("SESSION_JOINED").await;
    watcher
        .send("JOIN_BOT", json!({"sessionName": "alices-table"}))
        .await;
    let refused = watcher.until("BAD_MESSAGE").await;
    assert!(refused.to_string().contains("seated"), "{refused}");
    // Alice's own request is the first to seat anyone: nobody was added before it.
    alice
        .send("JOIN_BOT", json!({"sessionName": "alices-table"}))
        .await;
    let joined = alice.until("BROADCAST_SESSION_JOINED").await;
    assert_eq!(
        joined["data"]["playersInSession"].as_array().unwrap().len(),
        2
    );
    s.stop().await;
}

/// A spectator connection that created tournament `cup`.
async fn open_tournament(addr: SocketAddr, cup: &str) -> Player {
    let mut spectator = Player::connect(addr, "/").await;
    spectator.until("REQUEST_PLAYER_NAME").await;
    spectator.send("CHOOSE_PLAYER_NAME", json!("host")).await;
    spectator.until("REQUEST_SESSION_CHOICE").await;
    spectator.send("CHOOSE_SESSION", json!({"sessionChoice": "CREATE_NEW", "sessionName": cup, "sessionType": "TOURNAMENT", "asSpectator": true})).await;
    spectator
}

/// Both connections of bot `name` in tournament `cup`.
async fn enter(addr: SocketAddr, cup: &str, name: &str) -> [Player; 2] {
    let choice = json!({"sessionChoice": "JOIN_EXISTING", "sessionName": cup});
    enter_with(addr, name, choice).await
}

/// Both connections of bot `name`, each answering the session question with `choice`,
/// once the tournament's ranking table shows them.
async fn enter_with(addr: SocketAddr, name: &str, choice: Value) -> [Player; 2] {
    let mut conns = Vec::new();
    for _ in 0..2 {
        let mut b = Player::connect(addr, "/").await;
        b.until("REQUEST_PLAYER_NAME").await;
        b.send("CHOOSE_PLAYER_NAME", json!(name)).await;
        b.until("REQUEST_SESSION_CHOICE").await;
        b.send("CHOOSE_SESSION", choice.clone()).await;
        b.until("BROADCAST_TOURNAMENT_RANKING_TABLE").await;
        conns.push(b);
    }
    conns.try_into().ok().unwrap()
}

/// Waits until the ranking table shows `bots` entrants with both connections, then starts.
async fn start_when_full(spectator: &mut Player, bots: usize) {
    loop {
        let table = spectator.until("BROADCAST_TOURNAMENT_RANKING_TABLE").await;
        let ready = table["data"]["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["connectedClients"] == 2)
            .count();
        if ready == bots {
            break;
        }
    }
    spectator.send("START_TOURNAMENT", Value::Null).await;
    spectator.until("BROADCAST_TOURNAMENT_STARTED").await;
}

/// Plays every game this connection is seated in until the tournament closes it.
fn answer_until_closed(mut b: Player) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let Some(v) = b.next().await else { return };
            match v["type"].as_str().unwrap() {
                "REQUEST_TRUMPF" => b.send("CHOOSE_TRUMPF", json!({"mode": "OBEABE"})).await,
                "REQUEST_CARD" => {
                    let table: Vec<Card> =
                        v["data"].as_array().unwrap().iter().map(to_card).collect();
                    let card = legal_cards(b.hand, &table, b.mode.unwrap())
                        .iter()
                        .next()
                        .unwrap();
                    b.hand.remove(card);
                    b.send("CHOOSE_CARD", card_json(card)).await;
                }
                _ => {}
            }
        }
    })
}

/// The ranking table once `pairings` results are in.
async fn results(spectator: &mut Player, pairings: usize) -> Value {
    loop {
        let table = spectator.until("BROADCAST_TOURNAMENT_RANKING_TABLE").await;
        if table["data"]["pairingResults"].as_array().unwrap().len() == pairings {
            return table;
        }
    }
}

/// The winner's name of each pairing result in a ranking table.
fn winners(table: &Value) -> Vec<String> {
    table["data"]["pairingResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let key = if r["firstPlayerWon"] == true {
                "player1"
            } else {
                "player2"
            };
            r[key].as_str().unwrap().to_owned()
        })
        .collect()
}

fn tournament_config(deadline: Duration) -> Config {
    Config::for_tests(4).with(|jass: &mut JassSettings| jass.tournament_deadline = deadline)
}

#[tokio::test]
async fn a_tournament_of_three_bots_ranks_them() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: Some(dir.path().to_owned()),
        ..tournament_config(Duration::from_secs(5))
    };
    let s = TestServer::start(config).await;
    let addr = s.addr("jass");
    let mut spectator = open_tournament(addr, "Cup").await;
    let mut bots = Vec::new();
    for name in ["alpha", "beta", "gamma"] {
        bots.extend(enter(addr, "Cup", name).await);
    }
    start_when_full(&mut spectator, 3).await;
    // A second start is refused.
    spectator.send("START_TOURNAMENT", Value::Null).await;
    assert_eq!(
        spectator.until("BAD_MESSAGE").await["data"],
        json!({"type": ["the tournament has already started"]})
    );
    let runs: Vec<_> = bots.into_iter().map(answer_until_closed).collect();
    let last = results(&mut spectator, 3).await;
    let ids: Vec<&Value> = last["data"]["pairingResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["id"])
        .collect();
    assert_eq!(ids, [2, 1, 0], "newest first, numbered from 0");
    let ranking = last["data"]["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 3);
    let ranks: Vec<u64> = ranking
        .iter()
        .map(|r| r["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, [1, 2, 3]);
    let ratings: Vec<f64> = ranking
        .iter()
        .map(|r| r["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    spectator.expect_closed().await;
    for run in runs {
        tokio::time::timeout(PATIENCE, run)
            .await
            .expect("bots are closed")
            .unwrap();
    }
    // The store has the tournament: its pairings, each with its stored game, and ratings.
    let stored = tokio::time::timeout(PATIENCE, async {
        loop {
            let store = parlor_store::SqliteStore::open_reader(dir.path()).unwrap();
            let all = parlor_store::Reader::tournaments(&store).unwrap();
            if let Some(t) = all.into_iter().find(|t| t.ended_at_ms.is_some()) {
                return (t, store);
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the tournament was stored");
    let (tournament, store) = stored;
    assert_eq!(tournament.name, "Cup");
    assert_eq!(tournament.pairings.len(), 3);
    assert_eq!(
        tournament.ratings[0].0,
        ranking[0]["playerName"].as_str().unwrap()
    );
    for (_, _, game, _) in &tournament.pairings {
        let game = parlor_store::Reader::game(&store, game.expect("played")).unwrap();
        let game = game.expect("stored");
        assert_eq!(game.summary.status, parlor_store::Status::Finished);
        // Stored under its pairing's session name, as its bots were told it: a node of
        // a cluster knows a tournament's game by it.
        let table = game.summary.table.unwrap_or_default();
        assert!(table.starts_with("Cup pairing "), "{table}");
    }
    s.stop().await;
}

/// A pairing's session name (`Cup pairing 3`) says a game is a tournament's: no new
/// session may take one, whatever its type.
#[tokio::test]
async fn a_session_may_not_be_named_like_a_tournament_pairing() {
    let s = server().await;
    let addr = s.addr("jass");
    let mut player = Player::connect(addr, "/").await;
    player.until("REQUEST_PLAYER_NAME").await;
    player.send("CHOOSE_PLAYER_NAME", json!("Jen")).await;
    player.until("REQUEST_SESSION_CHOICE").await;
    for choice in ["CREATE_NEW", "JOIN_EXISTING"] {
        let request = json!({"sessionChoice": choice, "sessionName": "Cup pairing 3"});
        player.send("CHOOSE_SESSION", request).await;
        let refused = player.until("BAD_MESSAGE").await;
        let why = refused["data"]["data.sessionName"][0]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(why.contains("tournament's pairing"), "{why}");
        player.until("REQUEST_SESSION_CHOICE").await;
    }
    // A name that only mentions a pairing is a name like any other.
    let request = json!({"sessionChoice": "CREATE_NEW", "sessionName": "Cup pairing night"});
    player.send("CHOOSE_SESSION", request).await;
    player.until("BROADCAST_SESSION_JOINED").await;
    s.stop().await;
}

/// Bots written for the reference server answer the session question with a bare
/// AUTOJOIN (no type, no name): they enter the waiting tournament, not new single games.
#[tokio::test]
async fn a_bare_autojoin_enters_the_waiting_tournament() {
    let s = TestServer::start(tournament_config(Duration::from_secs(5))).await;
    let addr = s.addr("jass");
    let mut spectator = open_tournament(addr, "Open").await;
    let mut bots = Vec::new();
    for name in ["alpha", "beta"] {
        bots.extend(enter_with(addr, name, json!({"sessionChoice": "AUTOJOIN"})).await);
    }
    start_when_full(&mut spectator, 2).await;
    let runs: Vec<_> = bots.into_iter().map(answer_until_closed).collect();
    let last = results(&mut spectator, 1).await;
    assert_eq!(last["data"]["ranking"].as_array().unwrap().len(), 2);
    for run in runs {
        tokio::time::timeout(PATIENCE, run).await.unwrap().unwrap();
    }
    // Once the tournament has started, a bare AUTOJOIN creates a single game again.
    let (_, joined) = Player::join(addr, "late", json!({"sessionChoice": "AUTOJOIN"})).await;
    assert_ne!(joined["data"]["sessionName"], "Open", "{joined}");
    s.stop().await;
}

#[tokio::test]
async fn a_bot_that_misses_the_deadline_forfeits_the_game() {
    let s = TestServer::start(tournament_config(Duration::from_millis(200))).await;
    let addr = s.addr("jass");
    let mut spectator = open_tournament(addr, "Cup").await;
    let alpha = enter(addr, "Cup", "alpha").await;
    // `mute` is connected and seated but never answers a request.
    let mut mute = enter(addr, "Cup", "mute").await;
    start_when_full(&mut spectator, 2).await;
    let runs: Vec<_> = alpha.into_iter().map(answer_until_closed).collect();
    let last = results(&mut spectator, 1).await;
    assert_eq!(winners(&last), ["alpha"]);
    let ranking = last["data"]["ranking"].as_array().unwrap();
    assert_eq!(ranking[0]["playerName"], "alpha");
    assert_eq!(ranking[1]["playerName"], "mute");
    assert_eq!(
        ranking[1].get("crashed"),
        None,
        "a slow bot has not crashed"
    );
    // The mute bot is told, like everyone at its table, that the game is over.
    let [m0, m1] = &mut mute;
    for m in [m0, m1] {
        m.until("BROADCAST_WINNER_TEAM").await;
        m.expect_closed().await;
    }
    spectator.expect_closed().await;
    for run in runs {
        tokio::time::timeout(PATIENCE, run).await.unwrap().unwrap();
    }
    s.stop().await;
}

#[tokio::test]
async fn a_crashed_bot_loses_its_pairings_and_the_rest_play_on() {
    let s = TestServer::start(tournament_config(Duration::from_secs(5))).await;
    let addr = s.addr("jass");
    let mut spectator = open_tournament(addr, "Cup").await;
    let mut bots = Vec::new();
    for name in ["alpha", "beta"] {
        bots.extend(enter(addr, "Cup", name).await);
    }
    let crashing = enter(addr, "Cup", "crash").await;
    start_when_full(&mut spectator, 3).await;
    // Both of its connections drop without a word as soon as the tournament runs.
    drop(crashing);
    let runs: Vec<_> = bots.into_iter().map(answer_until_closed).collect();
    let last = results(&mut spectator, 3).await;
    let won = winners(&last);
    assert_eq!(won.iter().filter(|w| *w == "crash").count(), 0, "{won:?}");
    let ranking = last["data"]["ranking"].as_array().unwrap();
    let crash = &ranking[2];
    assert_eq!(crash["playerName"], "crash");
    assert_eq!(crash["crashed"], true);
    assert_eq!(crash["connectedClients"], 0);
    spectator.expect_closed().await;
    for run in runs {
        tokio::time::timeout(PATIENCE, run).await.unwrap().unwrap();
    }
    s.stop().await;
}

/// As the reference's `findSession`: `JOIN_EXISTING` with a name no session has creates
/// that session, so bots can meet on a fixed name; with `sessionType` a tournament.
#[tokio::test]
async fn joining_a_session_no_one_made_creates_it() {
    let s = server().await;
    let addr = s.addr("jass");
    let meet = json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "meet"});
    let (mut first, joined) = Player::join(addr, "A", meet.clone()).await;
    assert_eq!(joined["data"]["sessionName"], "meet");
    assert_eq!(joined["data"]["player"]["seatId"], 0);
    let (_second, joined) = Player::join(addr, "B", meet).await;
    assert_eq!(joined["data"]["sessionName"], "meet");
    assert_eq!(joined["data"]["player"]["seatId"], 1);
    let heard = first.until("BROADCAST_SESSION_JOINED").await;
    assert_eq!(heard["data"]["player"]["name"], "B");
    // parlor's web client asks for an existing one only.
    let mut page = Player::connect(addr, "/").await;
    page.until("REQUEST_PLAYER_NAME").await;
    page.send("CHOOSE_PLAYER_NAME", json!("C")).await;
    page.until("REQUEST_SESSION_CHOICE").await;
    let back = json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "gone", "mustExist": true});
    page.send("CHOOSE_SESSION", back).await;
    assert_eq!(
        page.until("BAD_MESSAGE").await["data"],
        json!({"data.sessionName": ["gone is not a session"]})
    );
    // Watching a name no session has makes it too; the spectator hears of the players
    // as they sit down.
    page.until("REQUEST_SESSION_CHOICE").await;
    let watch = json!({"sessionChoice": "SPECTATOR", "sessionName": "later"});
    page.send("CHOOSE_SESSION", watch).await;
    let (_d, _) = Player::join(
        addr,
        "D",
        json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "later"}),
    )
    .await;
    let heard = page.next().await.unwrap();
    assert_eq!(heard["type"], "BROADCAST_SESSION_JOINED", "{heard}");
    assert_eq!(heard["data"]["player"]["name"], "D");
    // A tournament named by its first bot: its ranking table answers.
    let cup = json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "newcup", "sessionType": "TOURNAMENT"});
    let [mut bot, _bot] = enter_with(addr, "early", cup).await;
    let mut spectator = Player::connect(addr, "/").await;
    spectator.until("REQUEST_PLAYER_NAME").await;
    spectator.send("CHOOSE_PLAYER_NAME", json!("host")).await;
    spectator.until("REQUEST_SESSION_CHOICE").await;
    let watch = json!({"sessionChoice": "SPECTATOR", "sessionName": "newcup"});
    spectator.send("CHOOSE_SESSION", watch).await;
    // A tournament's spectator gets the ranking table first, and no SESSION_JOINED.
    let table = spectator.next().await.unwrap();
    assert_eq!(
        table["type"], "BROADCAST_TOURNAMENT_RANKING_TABLE",
        "{table}"
    );
    assert_eq!(table["data"]["ranking"][0]["playerName"], "early");
    assert_eq!(
        table["data"]["ranking"][0]["connectedClients"], 2,
        "{table}"
    );
    bot.until("BROADCAST_TOURNAMENT_RANKING_TABLE").await;
    s.stop().await;
}

/// A spectator of a single game gets `SESSION_JOINED` naming the player seated last,
/// with the seat the reference's web client draws the table from.
#[tokio::test]
async fn a_spectator_is_told_of_the_last_seated_player() {
    let s = server().await;
    let addr = s.addr("jass");
    let create = json!({"sessionChoice": "CREATE_NEW", "sessionName": "T", "chosenTeamIndex": 1});
    let (_a, _) = Player::join(addr, "A", create).await;
    let mut watcher = Player::connect(addr, "/").await;
    watcher.until("REQUEST_PLAYER_NAME").await;
    watcher.send("CHOOSE_PLAYER_NAME", json!("Eve")).await;
    watcher.until("REQUEST_SESSION_CHOICE").await;
    let watch = json!({"sessionChoice": "SPECTATOR", "sessionName": "T"});
    watcher.send("CHOOSE_SESSION", watch).await;
    let joined = watcher.until("SESSION_JOINED").await;
    assert_eq!(joined["data"]["sessionName"], "T");
    assert_eq!(joined["data"]["player"]["name"], "A");
    assert_eq!(joined["data"]["player"]["seatId"], 1);
    assert!(joined["data"]["player"]["id"].is_string());
    assert_eq!(
        joined["data"]["playersInSession"].as_array().unwrap().len(),
        1
    );
    s.stop().await;
}

/// Each pairing starts as the reference starts it: its four seats join one by one
/// (`BROADCAST_SESSION_JOINED` to the seats joined so far), so the first a connection
/// hears names its own seat; pairing results are numbered from 0, newest first.
#[tokio::test]
async fn a_pairing_announces_its_seats_and_results_are_numbered_from_zero() {
    let s = TestServer::start(tournament_config(Duration::from_secs(5))).await;
    let addr = s.addr("jass");
    let mut spectator = open_tournament(addr, "Cup").await;
    let [mut a0, mut a1] = enter(addr, "Cup", "alpha").await;
    let [mut b0, mut b1] = enter(addr, "Cup", "beta").await;
    start_when_full(&mut spectator, 2).await;
    // Seats in the order the reference fills them: alpha, beta, alpha, beta.
    let mut session = None;
    for (seat, conn) in [&mut a0, &mut b0, &mut a1, &mut b1].into_iter().enumerate() {
        let mut heard = Vec::new();
        loop {
            let v = conn.next().await.expect("a frame");
            match v["type"].as_str().unwrap() {
                "BROADCAST_SESSION_JOINED" => heard.push(v["data"].clone()),
                "BROADCAST_TEAMS" => break,
                _ => {}
            }
        }
        assert_eq!(heard.len(), 4 - seat, "seat {seat}: {heard:?}");
        for (k, joined) in heard.iter().enumerate() {
            assert_eq!(joined["player"]["seatId"], seat + k);
            let name = if (seat + k) % 2 == 0 { "alpha" } else { "beta" };
            assert_eq!(joined["player"]["name"], name);
            assert_eq!(
                joined["playersInSession"].as_array().unwrap().len(),
                seat + k + 1
            );
        }
        let name = heard[0]["sessionName"].clone();
        assert_eq!(session.get_or_insert(name.clone()), &name);
    }
    let runs: Vec<_> = [a0, a1, b0, b1]
        .into_iter()
        .map(answer_until_closed)
        .collect();
    let last = results(&mut spectator, 1).await;
    let pairings = last["data"]["pairingResults"].as_array().unwrap();
    assert_eq!(pairings[0]["id"], 0);
    let rating = &last["data"]["ranking"][0]["rating"];
    assert!(
        rating.is_f64() && rating.as_f64().unwrap().fract() != 0.0,
        "{rating}"
    );
    for run in runs {
        tokio::time::timeout(PATIENCE, run).await.unwrap().unwrap();
    }
    s.stop().await;
}

/// A game is listed on `/api/tables` while it plays (the session's name, the person and
/// three server bots) and leaves the list when it ends (here: its person left).
#[tokio::test]
async fn a_running_game_is_listed_until_it_ends() {
    let s = server().await;
    let (mut p, _) = Player::join(
        s.addr("jass"),
        "Solo",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "Listed"}),
    )
    .await;
    for team in [1, 0, 1] {
        p.send(
            "JOIN_BOT",
            json!({"sessionName": "Listed", "chosenTeamIndex": team}),
        )
        .await;
    }
    let listed = s.tables_until(|t| t.len() == 1).await;
    assert_eq!(listed[0]["game"], "jass");
    assert_eq!(listed[0]["table"], "Listed");
    let seats = listed[0]["seats"].as_array().unwrap();
    assert_eq!(seats.iter().filter(|s| s["kind"] == "cpu").count(), 3);
    assert!(seats
        .iter()
        .any(|s| s["name"] == "Solo" && s["kind"] == "person"));
    // A watcher gets the hand so far (every hand face down), then the end.
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: serde_json::Value =
        serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    let hands = first["table"]["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 4, "{first}");
    assert!(hands
        .iter()
        .flat_map(|h| h.as_array().unwrap())
        .all(|f| f == "?"));
    assert!(!first["steps"].as_array().unwrap().is_empty(), "{first}");
    drop(p);
    common::ws::watch_to_the_end(&mut watcher).await;
    s.tables_until(|t| t.is_empty()).await;
    s.stop().await;
}

/// A watcher sees a whole game from the first deal: the trumpf, every card and trick in
/// words, every hand face down, then the end.
#[tokio::test]
async fn a_watcher_sees_a_whole_game() {
    let s = server().await;
    let (mut p, _) = Player::join(
        s.addr("jass"),
        "Solo",
        json!({"sessionChoice": "CREATE_NEW", "sessionName": "Watched"}),
    )
    .await;
    for team in [1, 0, 1] {
        p.send(
            "JOIN_BOT",
            json!({"sessionName": "Watched", "chosenTeamIndex": team}),
        )
        .await;
    }
    let listed = s.tables_until(|t| t.len() == 1).await;
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let (_, frames) = tokio::join!(p.play_game(), common::ws::watch_to_the_end(&mut watcher));
    let said: Vec<&str> = frames
        .iter()
        .flat_map(|f| f["steps"].as_array().unwrap())
        .map(|step| step["text"].as_str().unwrap())
        .collect();
    assert!(
        said.iter().any(|t| t.starts_with("Solo plays ")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|t| t.contains("takes the trick")),
        "{said:?}"
    );
    assert!(said.last().unwrap().contains("wins the game"), "{said:?}");
    s.stop().await;
}

/// The frames of a seeded game, exactly: what every seat receives must not change by a
/// byte when the server's insides do (batching writes, serialising differently). Every
/// seat's frames are kept by their digest; seat 0's first 150 (joining and the first
/// deals) in full in the fixture, so that a difference there shows where it is.
#[tokio::test]
async fn a_seeded_game_sends_the_same_bytes_as_before() {
    let s = server().await;
    let players = four(s.addr("jass"), "Bytes").await;
    let mut runs = Vec::new();
    for mut p in players {
        runs.push(tokio::spawn(async move {
            p.play_game().await;
            p.expect_closed().await;
            p.frames
        }));
    }
    let mut seats = Vec::new();
    for run in runs {
        seats.push(run.await.unwrap());
    }
    s.stop().await;
    let fixture = include_str!("fixtures/jass_seeded_game_seat0.txt");
    for (i, want) in fixture.lines().enumerate() {
        assert_eq!(
            seats[0].get(i).map(String::as_str),
            Some(want),
            "seat 0's frame {i}"
        );
    }
    let digests: Vec<String> = seats.iter().map(|f| digest(f)).collect();
    assert_eq!(digests, SEATS, "the seats' frames");
}

/// [`digest`] of each seat's frames in the seeded game.
const SEATS: [&str; 4] = [
    "5d3ee9106c61b373 1840 frames",
    "4d50e3a96e734f51 1839 frames",
    "b29d5ecb9dc7f334 1838 frames",
    "4df87c8637f4d2e9 1837 frames",
];
