//! Warlords & Scumbags over real TCP: joining and names, the lobby, chat, strikes,
//! timeouts, bad input, and whole games.

mod common;

use common::{TestServer, PATIENCE};
use parlor_server::protocols::wars::WarsSettings;
use parlor_server::Config;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A client of the bracketed protocol.
struct Wars {
    socket: TcpStream,
    buffer: Vec<u8>,
}

impl Wars {
    async fn connect(addr: SocketAddr) -> Wars {
        Wars {
            socket: TcpStream::connect(addr).await.unwrap(),
            buffer: Vec::new(),
        }
    }

    async fn send(&mut self, raw: &str) {
        self.socket.write_all(raw.as_bytes()).await.unwrap();
    }

    /// The next server message, brackets included; `None` once the server closed.
    async fn next(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b']') {
                let message: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8(message).unwrap();
                assert!(text.starts_with("[s"), "not a server message: {text:?}");
                return Some(text);
            }
            let mut chunk = [0u8; 4096];
            let read = tokio::time::timeout(PATIENCE, self.socket.read(&mut chunk))
                .await
                .expect("the server answered in time");
            match read {
                Ok(0) | Err(_) => return None,
                Ok(n) => self.buffer.extend_from_slice(&chunk[..n]),
            }
        }
    }

    async fn message(&mut self) -> String {
        self.next()
            .await
            .expect("a message, not a closed connection")
    }

    async fn expect(&mut self, want: &str) {
        assert_eq!(self.message().await, want);
    }

    /// Reads until a message starting with `prefix`; returns it.
    async fn until(&mut self, prefix: &str) -> String {
        loop {
            let m = self.message().await;
            if m.starts_with(prefix) {
                return m;
            }
        }
    }

    async fn expect_closed(&mut self) {
        while self.next().await.is_some() {}
    }

    /// Connects and joins as `name`; returns the client and the name it got.
    async fn joined(addr: SocketAddr, name: &str) -> (Wars, String) {
        Wars::join(Wars::connect(addr).await, name).await
    }

    /// Joins as `name` on connection `c`; returns the client and the name it got.
    async fn join(mut c: Wars, name: &str) -> (Wars, String) {
        c.send(&format!("[cjoin|{name:<8}]")).await;
        let sjoin = c.message().await;
        let got = sjoin["[sjoin|".len()..sjoin.len() - 1]
            .trim_end()
            .to_owned();
        (c, got)
    }
}

/// A test server's configuration with these Warlords settings, its CPU players moving at
/// once as on every test server.
fn config(settings: WarsSettings) -> Config {
    Config::for_tests(1).with(|wars: &mut WarsSettings| {
        *wars = WarsSettings {
            cpu_delay: Duration::ZERO,
            ..settings
        }
    })
}

/// A server whose games need more players than the tests bring: lobby only.
async fn lobby_server() -> TestServer {
    TestServer::start(config(WarsSettings {
        min_players: 7,
        lobby_timeout: Duration::from_secs(600),
        ..WarsSettings::default()
    }))
    .await
}

#[tokio::test]
async fn joining_the_lobby_and_name_mangling() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    let (mut a, name) = Wars::joined(addr, "alice").await;
    assert_eq!(name, "alice");
    a.expect("[slobb|01|alice   ]").await;
    let cases = [
        ("alice", "alice1"),
        ("ALICE", "ALICE2"),
        ("bob smith", "bob_smit"),
        ("9lives", "_9lives"),
        ("", "player"),
        ("x-y!", "x_y_"),
    ];
    let mut kept = Vec::new();
    for (requested, expected) in cases {
        let (c, got) = Wars::joined(addr, requested).await;
        assert_eq!(got, expected, "{requested:?}");
        kept.push(c);
    }
    // A name longer than 8 characters cannot even be sent in `cjoin`; a long body is cut.
    let mut long = Wars::connect(addr).await;
    long.send("[cjoin|averyverylongname]").await;
    long.expect("[sjoin|averyver]").await;
    let slobb = a.until("[slobb|08|").await;
    // The seed's length: 8 + 2 + 9 per name.
    assert_eq!(slobb.len(), 8 + 2 + 8 * 9);
    s.stop().await;
}

#[tokio::test]
async fn thirty_five_clients_with_one_name_and_the_thirty_sixth_refused() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    let mut clients = Vec::new();
    let mut names = Vec::new();
    // Five people behind each of seven addresses (one address may hold 8 places).
    for i in 0..35u8 {
        let socket = common::connect_from([127, 0, 1, 1 + i / 5], addr).await;
        let c = Wars {
            socket,
            buffer: Vec::new(),
        };
        let (c, name) = Wars::join(c, "same").await;
        assert!(!names.contains(&name), "{name} twice");
        names.push(name);
        clients.push(c);
    }
    let mut extra = Wars::connect(addr).await;
    extra.expect("[strik|81|1]").await;
    extra.expect_closed().await;
    let last = clients.last_mut().unwrap();
    let slobb = last.until("[slobb|35|").await;
    assert_eq!(slobb.len(), 325);
    s.stop().await;
}

#[tokio::test]
async fn chat_goes_to_everyone_and_floods_are_struck() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    let (mut a, _) = Wars::joined(addr, "alice").await;
    let (mut b, _) = Wars::joined(addr, "bob").await;
    a.send(&format!("[cchat|{:<63}]", "hello there")).await;
    let expected = format!("[schat|alice   |{:<63}]", "hello there");
    assert_eq!(a.until("[schat|").await, expected);
    assert_eq!(b.until("[schat|").await, expected);
    for _ in 0..5 {
        b.send("[cchat|spam]").await;
    }
    for _ in 0..5 {
        b.until("[schat|bob").await;
    }
    b.send("[cchat|one too many]").await;
    b.expect("[strik|60|1]").await;
    s.stop().await;
}

#[tokio::test]
async fn bad_messages_get_their_strikes_and_three_disconnect() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    // Before joining, only cjoin is welcome.
    let mut c = Wars::connect(addr).await;
    c.send("[chand]").await;
    c.expect("[strik|30|1]").await;
    c.send("[cjoin|carol   ]").await;
    c.expect("[sjoin|carol   ]").await;
    c.until("[slobb|").await;
    c.send("[cxxxx|1]").await;
    c.expect("[strik|33|2]").await;
    // The third strike is delivered, then the connection closes.
    c.send("[cplay|00,52,52,52]").await;
    c.expect("[strik|31|3]").await;
    c.expect_closed().await;

    let cases: [(&str, &str); 8] = [
        ("[cplay|1,2,3]", "34"),
        ("[cswap|99]", "34"),
        ("garbage", "30"),
        ("[sjoin|bob]", "30"),
        ("[cchat|xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx]", "32"),
        ("[cplay|00,00,52,52]", "17"),
        ("[cswap|04]", "71"),
        ("[cjoin|again   ]", "30"),
    ];
    for (input, code) in cases {
        let (mut c, _) = Wars::joined(addr, "striker").await;
        c.until("[slobb|").await;
        c.send(input).await;
        let strike = c.until("[strik|").await;
        assert_eq!(strike, format!("[strik|{code}|1]"), "{input}");
    }
    s.stop().await;
}

#[tokio::test]
async fn split_messages_and_several_in_one_packet() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    let mut c = Wars::connect(addr).await;
    c.send("[cjo").await;
    c.send("in|dave    ][chand][cchat|hi]").await;
    c.expect("[sjoin|dave    ]").await;
    c.expect("[slobb|01|dave    ]").await;
    c.expect(&format!("[shand|{}]", ["52"; 18].join(","))).await;
    c.until("[schat|dave    |hi").await;
    // An unterminated over-long message is struck once; what follows still works.
    c.send(&format!("[cchat|{}", "z".repeat(300))).await;
    c.expect("[strik|32|1]").await;
    c.send("zz][chand]").await;
    c.until("[shand|").await;
    s.stop().await;
}

/// A server whose games start as soon as `players` clients joined.
async fn game_server(players: usize, turn_timeout: Duration) -> TestServer {
    TestServer::start(config(WarsSettings {
        min_players: players,
        lobby_timeout: Duration::ZERO,
        turn_timeout,
        ..WarsSettings::default()
    }))
    .await
}

async fn auto_players_finish_hands(players: usize) {
    let s = game_server(players, Duration::from_secs(60)).await;
    let addr = s.addr("wars").to_string();
    let clients: Vec<_> = (0..players)
        .map(|i| {
            let addr = addr.clone();
            tokio::spawn(async move {
                let mode = parlor_client::wars::Mode::Auto {
                    seed: i as u64,
                    hands: Some(3),
                };
                let input = tokio::io::BufReader::new(tokio::io::empty());
                parlor_client::wars::run(&addr, &format!("bot{i}"), mode, input, std::io::sink())
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut swaps = 0;
    for client in clients {
        let state = tokio::time::timeout(PATIENCE, client)
            .await
            .expect("in time")
            .unwrap();
        assert_eq!(
            (state.hands_dealt, state.hands_played),
            (3, 3),
            "three whole hands, then the bot leaves"
        );
        assert!(
            state.strikes.is_empty(),
            "the bot was struck: {:?}",
            state.strikes
        );
        swaps += state.swaps;
    }
    // Hands 2 and 3 each had a swap, seen by the warlord and by the scumbag.
    assert_eq!(swaps, 4);
    s.stop().await;
}

#[tokio::test]
async fn three_players_finish_several_hands() {
    auto_players_finish_hands(3).await;
}

#[tokio::test]
async fn five_players_finish_several_hands() {
    auto_players_finish_hands(5).await;
}

#[tokio::test]
async fn seven_players_finish_several_hands() {
    auto_players_finish_hands(7).await;
}

/// One seat of a `stabl`: (status, name, cards).
fn seats(stabl: &str) -> Vec<(char, String, usize)> {
    let body = &stabl["[stabl|".len()..];
    body.split('|')
        .next()
        .unwrap()
        .split(',')
        .filter(|e| !e.starts_with('e'))
        .map(|e| {
            let parts: Vec<&str> = e.split(':').collect();
            (
                parts[0].chars().next().unwrap(),
                parts[1].trim_end().to_owned(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Three raw players at a fresh game: their names, each one's first hand (card numbers)
/// and the first `stabl`.
async fn raw_game(s: &TestServer) -> (Vec<Wars>, Vec<String>, Vec<Vec<u8>>, String) {
    let addr = s.addr("wars");
    let mut clients = Vec::new();
    let mut names = Vec::new();
    for name in ["ann", "ben", "cat"] {
        let (c, got) = Wars::joined(addr, name).await;
        clients.push(c);
        names.push(got);
    }
    let mut hands = Vec::new();
    let mut table = String::new();
    for c in clients.iter_mut() {
        let shand = c.until("[shand|").await;
        hands.push(
            shand[7..shand.len() - 1]
                .split(',')
                .map(|x| x.parse().unwrap())
                .filter(|&x| x != 52)
                .collect(),
        );
        table = c.until("[stabl|").await;
    }
    (clients, names, hands, table)
}

fn play(cards: &[u8]) -> String {
    let mut codes: Vec<String> = cards.iter().map(|c| format!("{c:02}")).collect();
    codes.resize(4, "52".into());
    format!("[cplay|{}]", codes.join(","))
}

/// Sends `input` and expects strike `code` (the client's `count`-th) and a `shand`.
async fn expect_strike(c: &mut Wars, input: String, code: u8, count: u8) {
    c.send(&input).await;
    assert_eq!(
        c.until("[strik|").await,
        format!("[strik|{code:02}|{count}]"),
        "{input}"
    );
    assert!(
        c.message().await.starts_with("[shand|"),
        "a hand follows strike {code}"
    );
}

#[tokio::test]
async fn every_rule_strike_is_provoked_and_followed_by_the_hand() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, names, hands, table) = raw_game(&s).await;
    let order = seats(&table);
    assert!(table.ends_with("|52,52,52,52|1]"));
    let idx = |name: &str| names.iter().position(|n| n == name).unwrap();
    let first = idx(&order.iter().find(|s| s.0 == 'a').unwrap().1);
    assert!(hands[first].contains(&0), "the 3 of clubs opens");
    let next = idx(&order[(order.iter().position(|s| s.0 == 'a').unwrap() + 1) % 3].1);

    // 15: out of turn.
    expect_strike(&mut c[next], play(&hands[next][..1]), 15, 1).await;
    // 18: a pass when starting the round.
    expect_strike(&mut c[first], play(&[]), 18, 1).await;
    // 16: the opening without the 3 of clubs.
    let other = *hands[first].iter().find(|&&x| x != 0).unwrap();
    expect_strike(&mut c[first], play(&[other]), 16, 2).await;
    s.stop().await;

    // A fresh server for the next strikes, so nobody is struck out.
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, names, hands, table) = raw_game(&s).await;
    let order = seats(&table);
    let idx = |name: &str| names.iter().position(|n| n == name).unwrap();
    let at = order.iter().position(|s| s.0 == 'a').unwrap();
    let first = idx(&order[at].1);
    let second = idx(&order[(at + 1) % 3].1);
    // 14: a card the player does not hold.
    let missing = (0..52).find(|x| !hands[first].contains(x)).unwrap();
    c[first].send(&play(&[missing])).await;
    assert_eq!(c[first].until("[strik|").await, "[strik|14|1]");
    // 11: cards of different values (the 3 of clubs and a higher card).
    let high = *hands[first].iter().find(|&&x| x / 4 != 0).unwrap();
    c[first].send(&play(&[0, high])).await;
    assert_eq!(c[first].until("[strik|").await, "[strik|11|2]");
    // The opener plays the 3 of clubs; the next player must now beat a single 3.
    c[first].send(&play(&[0])).await;
    let after = c[second].until("[stabl|").await;
    assert!(after.contains("|00,52,52,52|"), "{after}");
    // The second plays its highest single below a 2; then the third cannot go lower (12)
    // and cannot play fewer cards than a pair (13).
    let third = 3 - first - second;
    let top = *hands[second].iter().filter(|&&x| x / 4 < 12).max().unwrap();
    c[second].send(&play(&[top])).await;
    c[third].until("[stabl|").await;
    let third_table = c[third].until("[stabl|").await;
    assert!(
        third_table.contains(&format!("|{top:02},52,52,52|")),
        "{third_table}"
    );
    let low = *hands[third]
        .iter()
        .filter(|&&x| x / 4 < top / 4)
        .min()
        .unwrap();
    c[third].send(&play(&[low])).await;
    assert_eq!(c[third].until("[strik|").await, "[strik|12|1]");
    s.stop().await;
}

#[tokio::test]
async fn swap_strikes() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, ..) = raw_game(&s).await;
    // No swap in an unranked hand.
    c[0].send("[cswap|00]").await;
    assert_eq!(c[0].until("[strik|").await, "[strik|72|1]");
    s.stop().await;
}

#[tokio::test]
async fn a_silent_player_is_timed_out_struck_out_and_the_game_goes_on() {
    let s = game_server(3, Duration::from_millis(200)).await;
    let (mut c, names, _, table) = raw_game(&s).await;
    let order = seats(&table);
    let active = names
        .iter()
        .position(|n| *n == order.iter().find(|s| s.0 == 'a').unwrap().1)
        .unwrap();
    // Nobody answers: the active player gets strike 20 and an automatic move each time.
    let mut silent = c.remove(active);
    let mut strikes = Vec::new();
    while let Some(m) = silent.next().await {
        if m.starts_with("[strik|") {
            strikes.push(m);
        }
    }
    assert_eq!(strikes.last().unwrap(), "[strik|20|3]");
    // The others see the player marked disconnected.
    let gone = &names[active];
    loop {
        let t = c[0].until("[stabl|").await;
        if seats(&t).iter().any(|s| &s.1 == gone && s.0 == 'd') {
            break;
        }
    }
    s.stop().await;
}

/// Three players at a fresh game; the first plays the 3 of clubs (a person has then
/// played, so seats are kept for people who drop), and the next one to play is gone:
/// the two left, the gone player's name and their place in `stabl`.
async fn active_drops(s: &TestServer) -> (Vec<Wars>, String, usize) {
    let (mut c, names, hands, table) = raw_game(s).await;
    let order = seats(&table);
    let first = order.iter().position(|s| s.0 == 'a').unwrap();
    let opener = names.iter().position(|n| *n == order[first].1).unwrap();
    assert!(hands[opener].contains(&0), "the 3 of clubs leads");
    c[opener].send(&play(&[0])).await;
    let mut table = String::new();
    for client in c.iter_mut() {
        table = client.until("[stabl|").await;
    }
    let order = seats(&table);
    let at = order.iter().position(|s| s.0 == 'a').unwrap();
    let active = names.iter().position(|n| *n == order[at].1).unwrap();
    drop(c.remove(active));
    (c, names[active].clone(), at)
}

#[tokio::test]
async fn the_active_player_disconnecting_passes_the_turn_on() {
    // Without a grace period a dropped connection leaves the hand at once.
    let s = TestServer::start(Config {
        reconnect_grace: Duration::ZERO,
        ..config(WarsSettings {
            min_players: 3,
            lobby_timeout: Duration::ZERO,
            ..WarsSettings::default()
        })
    })
    .await;
    let (mut c, _, at) = active_drops(&s).await;
    let t = c[0].until("[stabl|").await;
    let now = seats(&t);
    assert_eq!(now[at].0, 'd', "{t}");
    assert_eq!(now[(at + 1) % 3].0, 'a', "{t}");
    s.stop().await;
}

#[tokio::test]
async fn a_player_who_drops_comes_back_to_the_same_seat() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, name, at) = active_drops(&s).await;
    // The hand goes on: the timeout move is made for the player away, whose seat stays.
    let t = c[0].until("[stabl|").await;
    assert_ne!(seats(&t)[at].0, 'd', "{t}");
    assert_eq!(seats(&t)[at].1, name, "{t}");
    // Back under the same name from the same address: the seat, the cards, the table.
    let (mut back, got) = Wars::joined(s.addr("wars"), &name).await;
    assert_eq!(got, name);
    let cards = back.until("[shand|").await;
    assert!(cards.len() > "[shand|]".len(), "{cards}");
    let t = back.until("[stabl|").await;
    assert_eq!(seats(&t)[at].1, name, "{t}");
    // Someone else (another address) asking for that name gets another one.
    let elsewhere = common::connect_from([127, 0, 0, 2], s.addr("wars")).await;
    let elsewhere = Wars {
        socket: elsewhere,
        buffer: Vec::new(),
    };
    let (_other, other_name) = Wars::join(elsewhere, &name).await;
    assert_ne!(other_name, name);
    // A second connection with that name from the same address, while the seat's person
    // is connected, does not take the seat: it is someone else, with a name of its own.
    let (_namesake, got) = Wars::joined(s.addr("wars"), &name).await;
    assert_ne!(got, name);
    back.send("[chand]").await;
    assert_eq!(
        back.until("[shand|").await,
        cards,
        "still in the seat, same cards"
    );
    s.stop().await;
}

#[tokio::test]
async fn no_message_reveals_another_players_cards() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, ..) = raw_game(&s).await;
    // Each player's hand message holds only their cards: the three hands are disjoint and
    // together make the deck; `chand` repeats one's own.
    let mut all = Vec::new();
    for client in c.iter_mut() {
        client.send("[chand]").await;
        let hand = client.until("[shand|").await;
        all.extend(
            hand[7..hand.len() - 1]
                .split(',')
                .filter(|x| *x != "52")
                .map(str::to_owned),
        );
    }
    all.sort();
    let before = all.len();
    all.dedup();
    assert_eq!((before, all.len()), (52, 52));
    s.stop().await;
}

/// Plays out the current hand with a simple legal policy (lead the lowest card, otherwise
/// pass), watching the tables through client 0. Returns the deal `stabl` of the next hand.
async fn play_out_hand(
    c: &mut [Wars],
    names: &[String],
    hands: &mut [Vec<u8>],
    table: String,
) -> String {
    play_until_over(c, names, hands, table).await;
    // The next deal follows at once (no lobby pause here).
    loop {
        let next = c[0].until("[stabl|").await;
        if seats(&next).iter().map(|s| s.2).sum::<usize>() == 52 {
            return next;
        }
    }
}

/// Plays as [`play_out_hand`] until the hand is over (a table with nobody active).
async fn play_until_over(
    c: &mut [Wars],
    names: &[String],
    hands: &mut [Vec<u8>],
    mut table: String,
) {
    loop {
        let Some(active) = seats(&table)
            .iter()
            .find(|s| s.0 == 'a')
            .map(|s| s.1.clone())
        else {
            return;
        };
        let i = names.iter().position(|n| *n == active).unwrap();
        if table.contains("|52,52,52,52|") {
            let lowest = *hands[i].iter().min().unwrap();
            hands[i].retain(|&x| x != lowest);
            c[i].send(&play(&[lowest])).await;
        } else {
            c[i].send(&play(&[])).await;
        }
        table = c[0].until("[stabl|").await;
    }
}

/// The client's next `shand`, as card numbers.
async fn hand_of(c: &mut Wars) -> Vec<u8> {
    let shand = c.until("[shand|").await;
    shand[7..shand.len() - 1]
        .split(',')
        .map(|x| x.parse().unwrap())
        .filter(|&x| x != 52)
        .collect()
}

/// Three players at the deal of their second hand, the first ranked one: the clients
/// (in join order), the deal's `stabl`, and which clients are warlord and scumbag.
struct Ranked {
    s: TestServer,
    c: Vec<Wars>,
    deal: String,
    warlord: usize,
    scumbag: usize,
}

async fn ranked_hand(turn_timeout: Duration) -> Ranked {
    let s = game_server(3, turn_timeout).await;
    let (mut c, names, mut hands, table) = raw_game(&s).await;
    let deal = play_out_hand(&mut c, &names, &mut hands, table).await;
    let order = seats(&deal);
    let client = |seat: usize| names.iter().position(|n| *n == order[seat].1).unwrap();
    let (warlord, scumbag) = (client(0), client(2));
    Ranked {
        s,
        c,
        deal,
        warlord,
        scumbag,
    }
}

#[tokio::test]
async fn the_swap_and_its_strikes() {
    let Ranked {
        s,
        mut c,
        deal,
        warlord,
        scumbag,
    } = ranked_hand(Duration::from_secs(60)).await;
    assert!(deal.ends_with("|52,52,52,52|0]"), "ranked now: {deal}");
    let order = seats(&deal);
    let middle = 3 - warlord - scumbag;
    // While the swap is pending nobody is marked active: a client that plays whenever
    // it sees itself active must not play before swapping.
    assert!(order.iter().all(|s| s.0 != 'a'), "nobody active: {deal}");

    let held = hand_of(&mut c[warlord]).await;
    let swapw = c[warlord].message().await;
    let taken: u8 = swapw[7..9].parse().unwrap();
    assert!(held.contains(&taken), "{swapw}");
    // 71: the swap is the warlord's; 15: no play before the swap; 70: a card not held.
    // Asked for: the middle player's deal may already have been read past (by
    // `play_out_hand`, when it is client 0).
    c[middle].send("[chand]").await;
    let middle_card = hand_of(&mut c[middle]).await[0];
    c[middle].send(&format!("[cswap|{middle_card:02}]")).await;
    assert_eq!(c[middle].until("[strik|").await, "[strik|71|1]");
    let missing = (0..52).find(|x| !held.contains(x)).unwrap();
    c[warlord].send(&format!("[cswap|{missing:02}]")).await;
    assert_eq!(c[warlord].until("[strik|").await, "[strik|70|1]");
    assert_eq!(
        hand_of(&mut c[warlord]).await,
        held,
        "a hand follows strike 70"
    );
    // The real swap: the warlord's lowest card goes to the scumbag.
    let given = *held.iter().min().unwrap();
    c[warlord].send(&format!("[cswap|{given:02}]")).await;
    let after = hand_of(&mut c[warlord]).await;
    assert!(!after.contains(&given) && after.contains(&taken));
    assert_eq!(
        c[scumbag].until("[swaps|").await,
        format!("[swaps|{given:02}|{taken:02}]")
    );
    assert!(hand_of(&mut c[scumbag]).await.contains(&given));
    // The swap done, the warlord is marked to play first.
    let table = c[warlord].until("[stabl|").await;
    assert_eq!(seats(&table)[0].0, 'a', "the warlord acts first: {table}");
    // Now a swap is out of turn (72).
    c[warlord].send(&format!("[cswap|{:02}]", after[0])).await;
    assert_eq!(c[warlord].until("[strik|").await, "[strik|72|2]");
    s.stop().await;
}

/// A warlord whose connection resets right after `swapw` does not leave the scumbag
/// short: the swap completes (the lowest card back) and the scumbag learns its hand.
#[tokio::test]
async fn a_warlord_who_vanishes_before_swapping_still_gives_a_card_back() {
    let Ranked {
        s,
        mut c,
        warlord,
        scumbag,
        ..
    } = ranked_hand(Duration::from_secs(60)).await;
    let held = hand_of(&mut c[warlord]).await;
    c[warlord].until("[swapw|").await;
    let gone = c.remove(warlord);
    let scumbag = if scumbag > warlord {
        scumbag - 1
    } else {
        scumbag
    };
    gone.socket.set_zero_linger().unwrap();
    drop(gone);
    let lowest = *held.iter().min().unwrap();
    let swaps = c[scumbag].until("[swaps|").await;
    assert!(
        swaps.starts_with(&format!("[swaps|{lowest:02}|")),
        "{swaps}"
    );
    assert!(hand_of(&mut c[scumbag]).await.contains(&lowest));
    s.stop().await;
}

/// Ranks belong to the players who earned them: when they have all left, newcomers
/// start an unranked hand, without a swap.
#[tokio::test]
async fn newcomers_never_inherit_the_ranks_of_players_who_left() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::from_secs(1),
        turn_timeout: Duration::from_secs(60),
        ..WarsSettings::default()
    }))
    .await;
    let (mut c, names, mut hands, table) = raw_game(&s).await;
    play_until_over(&mut c, &names, &mut hands, table).await;
    // Everybody leaves during the pause before the next hand; three others come.
    drop(c);
    let mut newcomers = Vec::new();
    for name in ["dan", "eve", "fay"] {
        newcomers.push(Wars::joined(s.addr("wars"), name).await.0);
    }
    for n in &mut newcomers {
        let deal = loop {
            let table = n.until("[stabl|").await;
            if seats(&table).iter().map(|s| s.2).sum::<usize>() == 52 {
                break table;
            }
        };
        assert!(deal.ends_with("|1]"), "a first, unranked hand: {deal}");
    }
    s.stop().await;
}

#[tokio::test]
async fn a_silent_warlord_gives_the_lowest_card_on_timeout() {
    let Ranked {
        s,
        mut c,
        warlord,
        scumbag,
        ..
    } = ranked_hand(Duration::from_millis(400)).await;
    let held = hand_of(&mut c[warlord]).await;
    let swapw = c[warlord].message().await;
    let taken: u8 = swapw[7..9].parse().unwrap();
    assert_eq!(c[warlord].until("[strik|").await, "[strik|20|1]");
    let lowest = *held.iter().min().unwrap();
    assert_eq!(
        c[scumbag].until("[swaps|").await,
        format!("[swaps|{lowest:02}|{taken:02}]")
    );
    s.stop().await;
}

#[tokio::test]
async fn quantity_too_low() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, names, hands, table) = raw_game(&s).await;
    let order = seats(&table);
    let at = order.iter().position(|s| s.0 == 'a').unwrap();
    let idx = |k: usize| {
        names
            .iter()
            .position(|n| *n == order[(at + k) % 3].1)
            .unwrap()
    };
    // A multi-card play is on the table, then the next player answers with one card.
    let threes: Vec<u8> = hands[idx(0)]
        .iter()
        .copied()
        .filter(|x| x / 4 == 0)
        .collect();
    let (answerer, single) = if threes.len() > 1 {
        c[idx(0)].send(&play(&threes)).await;
        c[idx(1)].until("[stabl|").await;
        (idx(1), hands[idx(1)][hands[idx(1)].len() / 2])
    } else {
        c[idx(0)].send(&play(&[0])).await;
        let second = &hands[idx(1)];
        let pair: Vec<u8> = second
            .iter()
            .copied()
            .filter(|x| second.iter().filter(|y| *y / 4 == x / 4).count() >= 2)
            .take(2)
            .collect();
        assert_eq!(
            pair.len(),
            2,
            "with 17 cards the second player holds a pair"
        );
        c[idx(1)].send(&play(&pair)).await;
        c[idx(2)].until("[stabl|").await;
        c[idx(2)].until("[stabl|").await;
        (idx(2), hands[idx(2)][hands[idx(2)].len() / 2])
    };
    c[answerer].send(&play(&[single])).await;
    assert_eq!(c[answerer].until("[strik|").await, "[strik|13|1]");
    s.stop().await;
}

/// With `--wars-cpu 2` one person is enough for a game: two CPU players join it and every
/// hand is played to its end with the person's automatic client.
#[tokio::test]
async fn cpu_players_make_a_game_for_one_person() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::ZERO,
        turn_timeout: Duration::from_secs(60),
        cpu_players: 2,
        ..WarsSettings::default()
    }))
    .await;
    let dealt = common::bots::warlords_hands(s.addr("wars"), 1, 2).await;
    assert_eq!(dealt, [2], "two whole hands");
    s.stop().await;
}

/// A lone client asks for CPU players (`[cfill]`, parlor's extension): a full table now,
/// six CPU players beside it, dealt without waiting for the lobby's countdown (an hour
/// here).
#[tokio::test]
async fn a_lone_client_asks_for_cpu_players() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::from_secs(3600),
        ..WarsSettings::default()
    }))
    .await;
    let (mut c, _) = Wars::joined(s.addr("wars"), "solo").await;
    c.send("[cfill]").await;
    let table = loop {
        let table = c.until("[stabl|").await;
        if seats(&table).iter().map(|s| s.2).sum::<usize>() == 52 {
            break table;
        }
    };
    let seated = seats(&table);
    assert_eq!(seated.len(), 7, "a full table: {table}");
    assert!(seated.iter().any(|s| s.1 == "solo"), "{table}");
    assert_eq!(
        seated.iter().filter(|s| s.1.starts_with("cpu")).count(),
        6,
        "{table}"
    );
    s.stop().await;
}

/// One address cannot hold the hall: past `max_per_address` places (8 by default) its
/// next connection gets strike 81, and other addresses still get in.
#[tokio::test]
async fn one_address_cannot_fill_the_hall() {
    let s = lobby_server().await;
    let addr = s.addr("wars");
    let mut held = Vec::new();
    for _ in 0..WarsSettings::default().max_per_address {
        held.push(Wars::joined(addr, "squat").await.0);
    }
    let mut extra = Wars::connect(addr).await;
    extra.expect("[strik|81|1]").await;
    extra.expect_closed().await;
    let elsewhere = Wars {
        socket: common::connect_from([127, 0, 0, 2], addr).await,
        buffer: Vec::new(),
    };
    let (_guest, name) = Wars::join(elsewhere, "guest").await;
    assert_eq!(name, "guest");
    s.stop().await;
}

/// A hand is listed on `/api/tables` while it plays (seven places: the person and six
/// CPU players) and leaves the list when it ends (here: its only person left).
#[tokio::test]
async fn a_running_hand_is_listed_until_it_ends() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::from_secs(3600),
        ..WarsSettings::default()
    }))
    .await;
    let (mut c, _) = Wars::joined(s.addr("wars"), "solo").await;
    c.send("[cfill]").await;
    c.until("[stabl|").await;
    let listed = s.tables_until(|t| t.len() == 1).await;
    assert_eq!(listed[0]["game"], "wars");
    let seats = listed[0]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 7);
    assert_eq!(seats.iter().filter(|s| s["kind"] == "cpu").count(), 6);
    assert!(seats
        .iter()
        .any(|s| s["name"] == "solo" && s["kind"] == "person"));
    // A watcher gets the hand so far (every hand face down), then the end.
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: serde_json::Value =
        serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    let hands = first["table"]["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 7, "{first}");
    assert!(hands
        .iter()
        .flat_map(|h| h.as_array().unwrap())
        .all(|f| f == "?"));
    assert!(!first["steps"].as_array().unwrap().is_empty(), "{first}");
    drop(c);
    common::ws::watch_to_the_end(&mut watcher).await;
    s.tables_until(|t| t.is_empty()).await;
    s.stop().await;
}

/// A person who leaves a hand for good is out of it (the hand goes on without the seat):
/// the running tables say `left` for that seat, not away or a CPU player.
#[tokio::test]
async fn a_seat_that_left_the_hand_is_listed_left() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::from_secs(3600),
        ..WarsSettings::default()
    }))
    .await;
    let (mut ana, _) = Wars::joined(s.addr("wars"), "ana").await;
    let (bo, _) = Wars::joined(s.addr("wars"), "bo").await;
    ana.send("[cfill]").await;
    ana.until("[stabl|").await;
    s.tables_until(|t| t.len() == 1).await;
    drop(bo);
    let listed = s
        .tables_until(|t| {
            t.len() == 1
                && t[0]["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|seat| seat["name"] == "bo" && seat["kind"] == "left")
        })
        .await;
    let seats = listed[0]["seats"].as_array().unwrap();
    assert!(seats
        .iter()
        .any(|seat| seat["name"] == "ana" && seat["kind"] == "person"));
    s.stop().await;
}

/// A client who joins while a hand is played watches it from the lobby (its table line
/// at once, then every change), stays connected when the hand ends, and is dealt into
/// the next (as its scumbag: the newest at the table ranks last).
#[tokio::test]
async fn a_lobby_client_watches_the_hand_and_plays_the_next() {
    let s = game_server(3, Duration::from_secs(60)).await;
    let (mut c, names, mut hands, table) = raw_game(&s).await;
    let (mut dan, got) = Wars::joined(s.addr("wars"), "dan").await;
    assert_eq!(got, "dan");
    dan.expect("[slobb|01|dan     ]").await;
    let watched = dan.message().await;
    let listed: Vec<String> = seats(&watched).into_iter().map(|s| s.1).collect();
    assert_eq!(listed, names, "the hand's table, at once: {watched}");
    play_until_over(&mut c, &names, &mut hands, table).await;
    loop {
        let next = seats(&dan.until("[stabl|").await);
        if next.iter().map(|s| s.2).sum::<usize>() == 52 && next.len() == 4 {
            assert_eq!(next[3].1, "dan", "the newcomer ranks last");
            break;
        }
    }
    s.stop().await;
}

/// CPU players moving without a delay still show each play in a table line of its own:
/// between two `stabl`s at most one seat's card count goes down.
#[tokio::test]
async fn every_cpu_play_gets_its_own_table_line() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::ZERO,
        turn_timeout: Duration::from_secs(60),
        cpu_players: 4,
        ..WarsSettings::default()
    }))
    .await;
    let (mut c, me) = Wars::joined(s.addr("wars"), "solo").await;
    let mut hand = hand_of(&mut c).await;
    let mut before: Option<Vec<usize>> = None;
    let mut plays = 0;
    loop {
        let table = c.until("[stabl|").await;
        let seated = seats(&table);
        let counts: Vec<usize> = seated.iter().map(|s| s.2).collect();
        if let Some(before) = &before {
            let fewer = before.iter().zip(&counts).filter(|(b, n)| n < b).count();
            assert!(fewer <= 1, "two plays in one table line: {table}");
            plays += fewer;
        }
        before = Some(counts);
        let Some(active) = seated.iter().find(|s| s.0 == 'a') else {
            break; // the hand is over
        };
        if active.1 == me {
            let lowest = *hand.iter().min().unwrap();
            let lead = table.contains("|52,52,52,52|");
            let cards = if lead { vec![lowest] } else { Vec::new() };
            c.send(&play(&cards)).await;
            if lead {
                hand.retain(|&card| card != lowest);
            }
        }
    }
    assert!(plays > 20, "a whole hand was watched: {plays} plays");
    s.stop().await;
}

/// CPU players asked for (`--wars-cpu`) take only the places people leave free: seven
/// people and one CPU player asked for make a table of the seven people.
#[tokio::test]
async fn cpu_players_never_crowd_out_people() {
    let s = TestServer::start(config(WarsSettings {
        min_players: 3,
        lobby_timeout: Duration::from_secs(3600),
        cpu_players: 1,
        ..WarsSettings::default()
    }))
    .await;
    let mut c = Vec::new();
    for i in 0..7 {
        c.push(Wars::joined(s.addr("wars"), &format!("p{i}")).await.0);
    }
    c[0].send("[cfill]").await;
    let table = loop {
        let table = c[0].until("[stabl|").await;
        if seats(&table).iter().map(|s| s.2).sum::<usize>() == 52 {
            break table;
        }
    };
    let names: Vec<String> = seats(&table).into_iter().map(|s| s.1).collect();
    assert_eq!(names.len(), 7, "{table}");
    assert!(names.iter().all(|n| n.starts_with('p')), "{table}");
    s.stop().await;
}
