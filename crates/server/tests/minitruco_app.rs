//! Today's miniTruco app's dialect over real TCP, on the miniTruco port beside the 2008
//! protocol: every command and notification, public and private tables, whole games in
//! the four modes, leaving, the keep-alive and the `/status` check.

mod common;

use common::minitruco::{play_until, play_until_game_over};
use common::{LineClient, TestServer};
use parlor_server::Config;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn server(seed: u64) -> TestServer {
    TestServer::start(Config::for_tests(seed)).await
}

/// An app connection that said its build and chose `name`.
async fn app(server: &TestServer, name: &str) -> LineClient {
    let mut c = LineClient::connect(server.addr("minitruco"), "\r\n").await;
    c.send("B 20600").await;
    c.send(&format!("N {name}")).await;
    c.expect(&format!("N {name}")).await;
    c
}

/// The next line that is not a keep-alive (which is echoed).
async fn line(c: &mut LineClient) -> String {
    loop {
        let line = c.line().await;
        if line.starts_with("K ") {
            c.send(&line).await;
            continue;
        }
        return line;
    }
}

async fn expect(c: &mut LineClient, want: &str) {
    assert_eq!(line(c).await, want);
}

/// Asserts nothing was answered to the lines sent since the last read: a `W` probe must
/// be answered next.
async fn expect_silence(c: &mut LineClient) {
    c.send("W").await;
    expect(c, "W 3.0").await;
}

/// The private code in an `I` line.
fn code_of(info: &str) -> String {
    let room = info.rsplit(' ').next().unwrap();
    room.strip_prefix("PRI-")
        .expect("a private table")
        .to_owned()
}

/// The phrase number that ends a line: a non-negative 32-bit integer.
fn phrase(line: &str) -> u32 {
    let n: u32 = line.rsplit(' ').next().unwrap().parse().expect("a phrase");
    assert!(n <= i32::MAX as u32, "{line}");
    n
}

#[tokio::test]
async fn build_version_names_and_errors() {
    let s = server(1).await;
    let mut old = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    old.send("B 20502").await;
    old.expect("! T Atualize o jogo para a versão mais recente para jogar online")
        .await;
    old.expect_closed().await;

    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("B 20600").await;
    expect_silence(&mut c).await;
    c.send("N joão do pulo 23!").await;
    expect(&mut c, "N joão_do_pulo_23").await;
    c.send("N !@#$").await;
    assert!(line(&mut c).await.starts_with("N sem_nome_"));
    c.send("N bot").await;
    assert!(line(&mut c).await.starts_with("N sem_nome_"));
    for (command, answer) in [
        ("Z", "X CI"),
        ("S", "X FS"),
        ("Q", "X FS"),
        ("K 123", "X CI"),
    ] {
        c.send(command).await;
        expect(&mut c, answer).await;
    }
    for code in ["E PRI-99999", "E PRI-SALA404", "E PRI-"] {
        c.send(code).await;
        expect(&mut c, "X SI").await;
    }
    // Wrong shapes and game commands away from a table: nothing.
    for ignored in [
        "B foobar", "E PUB", "E PUB X", "R T", "J 4c", "T", "D", "C", "H T", "A", "QUIT",
    ] {
        c.send(ignored).await;
    }
    expect_silence(&mut c).await;
    // Before any `N` a connection has a default name.
    let mut anon = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    anon.send("B 20600").await;
    anon.send("E PUB P").await;
    let info = line(&mut anon).await;
    assert!(
        info.starts_with("I sem_nome_") && info.ends_with("|bot|bot|bot P 1 PUB"),
        "{info}"
    );
}

#[tokio::test]
async fn the_keep_alive_must_be_echoed() {
    let config = Config::for_tests(2).with(
        |m: &mut parlor_server::protocols::minitruco::MinitrucoSettings| {
            m.app_keepalive = Duration::from_millis(300)
        },
    );
    let s = TestServer::start(config).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("B 20600").await;
    let first = c.line().await;
    assert!(
        first.starts_with("K ") && first[2..].parse::<u64>().is_ok(),
        "{first}"
    );
    c.send(&first).await;
    // Echoed: another comes; this one is left unanswered, and the server hangs up.
    let second = c.line().await;
    assert!(second.starts_with("K "), "{second}");
    c.expect_closed().await;
}

#[tokio::test]
async fn public_tables_are_found_by_mode() {
    let s = server(3).await;
    let mut ana = app(&s, "ana").await;
    ana.send("E PUB P").await;
    expect(&mut ana, "I ana|bot|bot|bot P 1 PUB").await;
    let mut bia = app(&s, "bia").await;
    bia.send("E PUB P").await;
    expect(&mut bia, "I ana|bia|bot|bot P 2 PUB").await;
    expect(&mut ana, "I ana|bia|bot|bot P 1 PUB").await;
    // Another mode, and a new public table on demand, are other tables.
    let mut caio = app(&s, "caio").await;
    caio.send("E PUB M").await;
    expect(&mut caio, "I caio|bot|bot|bot M 1 PUB").await;
    let mut davi = app(&s, "davi").await;
    davi.send("E NPU P").await;
    expect(&mut davi, "I davi|bot|bot|bot P 1 PUB").await;
    // `E` while at a table leaves it first: `S` to the leaver, `I` to those left.
    davi.send("E PUB P").await;
    expect(&mut davi, "S").await;
    expect(&mut davi, "I ana|bia|davi|bot P 3 PUB").await;
    expect(&mut ana, "I ana|bia|davi|bot P 1 PUB").await;
    expect(&mut bia, "I ana|bia|davi|bot P 2 PUB").await;
    // Leaving seat 1 moves everyone one seat to the left: bia manages now.
    ana.send("S").await;
    expect(&mut ana, "S").await;
    expect(&mut bia, "I bia|davi|bot|bot P 1 PUB").await;
    expect(&mut davi, "I bia|davi|bot|bot P 2 PUB").await;
    // The status check lists the modes with a public table waiting for people.
    let status = http(
        &s,
        "GET /status HTTP/1.1\r\nHost: x\r\nUser-Agent: app\r\n\r\n",
    )
    .await;
    assert!(status.starts_with("HTTP/1.1 200 OK\r\n"), "{status}");
    assert!(
        status.ends_with("\r\n\r\nOK\r\nAGUARDANDO MP\r\n"),
        "{status}"
    );
}

/// Sends a raw request to the miniTruco port; returns everything until the server closes.
async fn http(s: &TestServer, request: &str) -> String {
    let mut socket = tokio::net::TcpStream::connect(s.addr("minitruco"))
        .await
        .unwrap();
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).await.unwrap();
    answer
}

#[tokio::test]
async fn the_status_check_answers_http_on_the_game_port() {
    let s = server(4).await;
    let get = http(&s, "GET /status HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let body = "OK\r\nAGUARDANDO \r\n";
    assert_eq!(
        get,
        format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    );
    let head = http(&s, "HEAD /status HTTP/1.0\r\n\r\n").await;
    assert!(head.ends_with("Connection: close\r\n\r\n"), "{head}");
    let other = http(&s, "GET / HTTP/1.1\r\n\r\n").await;
    assert!(other.starts_with("HTTP/1.0 404 Not Found"), "{other}");
}

#[tokio::test]
async fn a_private_table_for_two_friends() {
    let s = server(5).await;
    let mut ana = app(&s, "ana").await;
    ana.send("E PRI L").await;
    let info = line(&mut ana).await;
    assert!(info.starts_with("I ana|bot|bot|bot L 1 PRI-"), "{info}");
    let code = code_of(&info);
    assert!(
        code.len() == 5 && code.bytes().all(|b| b.is_ascii_digit()),
        "{code}"
    );
    let mut bia = app(&s, "bia").await;
    bia.send(&format!("E PRI-{code}")).await;
    expect(&mut bia, &format!("I ana|bia|bot|bot L 2 PRI-{code}")).await;
    expect(&mut ana, &format!("I ana|bia|bot|bot L 1 PRI-{code}")).await;
    // Private tables are never found by mode.
    let mut caio = app(&s, "caio").await;
    caio.send("E PUB L").await;
    expect(&mut caio, "I caio|bot|bot|bot L 1 PUB").await;
    // Only the manager arranges the seats: partners rotate, opponents swap.
    bia.send("R T").await;
    bia.send("Q").await;
    expect_silence(&mut bia).await;
    ana.send("R T").await;
    expect(&mut ana, &format!("I ana|bot|bot|bia L 1 PRI-{code}")).await;
    expect(&mut bia, &format!("I ana|bot|bot|bia L 4 PRI-{code}")).await;
    ana.send("R I").await;
    expect(&mut ana, &format!("I ana|bia|bot|bot L 1 PRI-{code}")).await;
    expect(&mut bia, &format!("I ana|bia|bot|bot L 2 PRI-{code}")).await;
    // The manager starts; CPU players take the empty seats; both play to the end.
    ana.send("Q").await;
    let (a, b) = tokio::join!(
        play_until(&mut ana, 1, |l| l.starts_with("G ")),
        play_until(&mut bia, 2, |l| l.starts_with("G ")),
    );
    assert_eq!(a[0], "P 1");
    assert_eq!(b[0], "P 2");
    assert_eq!(
        a.last().map(|g| phrase(g)),
        b.last().map(|g| phrase(g)),
        "one phrase for all"
    );
    // A game is full: nobody else comes in meanwhile, and no `I` during the game.
    assert!(a.iter().chain(&b).all(|l| !l.starts_with("I ")));
    // Baralho limpo: a vira with every deal, cards from Q J K A 2 3 only.
    for deal in a.iter().filter(|l| l.starts_with("M ")) {
        let words: Vec<&str> = deal.split(' ').collect();
        assert_eq!(words.len(), 6, "{deal}");
        assert!(
            words[2..].iter().all(|c| "QJKA23".contains(&c[..1])),
            "{deal}"
        );
    }
    // Back to the table: the first to leave the result sends `A`; everyone gets `I`.
    ana.send("A").await;
    expect(&mut ana, &format!("I ana|bia|bot|bot L 1 PRI-{code}")).await;
    expect(&mut bia, &format!("I ana|bia|bot|bot L 2 PRI-{code}")).await;
    // A full private table, or a wrong code, is refused.
    let mut friends = Vec::new();
    for name in ["caio", "davi"] {
        let mut c = app(&s, name).await;
        c.send(&format!("E PRI-{code}")).await;
        assert!(line(&mut c).await.starts_with("I "));
        friends.push(c);
    }
    let mut eva = app(&s, "eva").await;
    eva.send(&format!("E PRI-{code}")).await;
    expect(&mut eva, "X SI").await;
}

/// One person alone at a new public table of `mode` plays a whole game against three
/// CPU players; returns what they saw.
async fn whole_game(s: &TestServer, mode: char) -> Vec<String> {
    let mut c = app(s, "solo").await;
    c.send(&format!("E NPU {mode}")).await;
    expect(&mut c, &format!("I solo|bot|bot|bot {mode} 1 PUB")).await;
    // The app sends `Q` again when its game screen opens: ignored during the game.
    c.send("Q").await;
    c.send("Q").await;
    let lines = play_until(&mut c, 1, |l| l.starts_with("G ")).await;
    assert_eq!(lines.iter().filter(|l| l.starts_with("P ")).count(), 1);
    lines
}

#[tokio::test]
async fn whole_games_in_the_four_modes() {
    let s = server(6).await;
    let mut kinds = std::collections::BTreeSet::new();
    for (mode, ladder, vira) in [
        ('P', [3, 6, 9, 12], true),
        ('M', [4, 6, 10, 12], false),
        ('V', [3, 6, 9, 12], false),
        ('L', [3, 6, 9, 12], true),
    ] {
        let lines = whole_game(&s, mode).await;
        assert_eq!(lines[0], "P 1");
        assert!(
            lines[1].starts_with("M 1 "),
            "the first hand is opened by seat 1: {}",
            lines[1]
        );
        let mut opener = 0;
        for line in &lines {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["M", o, ..] => {
                    // Each hand is opened by the next seat; the vira only where it matters.
                    let o: usize = o.parse().unwrap();
                    assert!(
                        opener == 0 || o == opener % 4 + 1,
                        "{mode}: {line} after {opener}"
                    );
                    opener = o;
                    assert_eq!(words.len(), if vira { 6 } else { 5 }, "{mode}: {line}");
                }
                ["T", _, value, _] | ["D", _, value, _] => {
                    assert!(ladder.contains(&value.parse().unwrap()), "{mode}: {line}");
                    phrase(line);
                }
                ["C", _, _] | ["H", _, _, _] => {
                    phrase(line);
                }
                _ => {}
            }
        }
        kinds.extend(lines.iter().map(|l| l[..1].to_owned()));
        let scores = lines.iter().rev().find(|l| l.starts_with("O ")).unwrap();
        let scores: Vec<u32> = scores[2..].split(' ').map(|n| n.parse().unwrap()).collect();
        assert!(scores.iter().any(|&p| p >= 12), "{mode}: {scores:?}");
    }
    // Every notification of a game came in these four games.
    let all: Vec<&str> = kinds.iter().map(String::as_str).collect();
    assert_eq!(all, ["C", "D", "G", "J", "M", "O", "P", "R", "T", "V"]);
}

#[tokio::test]
async fn a_hand_of_eleven_shows_the_partners_cards_and_asks() {
    let s = server(11).await;
    // Games are played until one has a hand of 11 for the person's team.
    for _ in 0..40 {
        let lines = whole_game(&s, 'P').await;
        let Some(at) = lines.iter().position(|l| l.starts_with("F ")) else {
            continue;
        };
        let cards: Vec<&str> = lines[at].split(' ').skip(1).collect();
        assert_eq!(cards.len(), 3, "{}", lines[at]);
        // The deal came just before; no turn until the team decides.
        assert!(lines[at - 1].starts_with("M "), "{}", lines[at - 1]);
        let decided = lines[at..].iter().find(|l| l.starts_with("H ")).unwrap();
        let words: Vec<&str> = decided.split(' ').collect();
        assert!(
            matches!(words[..], [_, "1" | "3", "T" | "F", _]),
            "{decided}"
        );
        phrase(decided);
        return;
    }
    panic!("no hand of 11 in 40 games");
}

/// Ana opens a new public table of `mode`; Bia joins it (seat 2). Their `I` lines read.
async fn two_at_a_public_table(s: &TestServer, mode: char) -> (LineClient, LineClient) {
    let mut ana = app(s, "ana").await;
    ana.send(&format!("E NPU {mode}")).await;
    expect(&mut ana, &format!("I ana|bot|bot|bot {mode} 1 PUB")).await;
    let mut bia = app(s, "bia").await;
    bia.send(&format!("E PUB {mode}")).await;
    expect(&mut bia, &format!("I ana|bia|bot|bot {mode} 2 PUB")).await;
    expect(&mut ana, &format!("I ana|bia|bot|bot {mode} 1 PUB")).await;
    (ana, bia)
}

#[tokio::test]
async fn a_raise_and_its_answers_carry_one_phrase_for_everyone() {
    let s = server(10).await;
    let (mut ana, mut bia) = two_at_a_public_table(&s, 'P').await;
    ana.send("Q").await;
    ana.until(|l| l == "V 1 F").await;
    ana.send("T").await;
    let asked = ana.until(|l| l.starts_with("T ")).await.pop().unwrap();
    assert!(asked.starts_with("T 1 3 "), "{asked}");
    assert_eq!(bia.until(|l| l.starts_with("T ")).await.pop(), Some(asked));
    // Seat 4, a CPU player moving at once, answers first: it refuses; bia's refusal
    // then ends the raise, and the raiser's team scores what the hand was worth.
    let first = ana.until(|l| l.starts_with("C ")).await.pop().unwrap();
    assert!(first.starts_with("C 4 "), "{first}");
    bia.send("C").await;
    let refused = bia.until(|l| l.starts_with("C 2 ")).await.pop().unwrap();
    phrase(&refused);
    assert_eq!(
        ana.until(|l| l.starts_with("C 2 ")).await.pop(),
        Some(refused)
    );
    expect(&mut ana, "O 1 0").await;
}

#[tokio::test]
async fn leaving_a_public_game_hands_the_seat_to_a_cpu_player() {
    let s = server(7).await;
    let (mut ana, mut bia) = two_at_a_public_table(&s, 'V').await;
    ana.send("Q").await;
    expect(&mut bia, "P 2").await;
    bia.send("A").await;
    // The others are told, the game goes on without an `A` or an `I`, to its end.
    let lines = play_until(&mut ana, 1, |l| l.starts_with("G ")).await;
    assert!(
        lines.contains(&"! T bia saiu; bot\u{1F916} entrou no lugar.".to_owned()),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .all(|l| !l.starts_with("A ") && !l.starts_with("I ")));
    // The leaver was disconnected (after the lines of the game so far).
    bia.expect_closed().await;
    ana.send("A").await;
    expect(&mut ana, "I ana|bot|bot|bot V 1 PUB").await;
}

#[tokio::test]
async fn leaving_a_private_game_ends_it_for_everyone() {
    let s = server(8).await;
    let mut ana = app(&s, "ana").await;
    ana.send("E PRI P").await;
    let code = code_of(&line(&mut ana).await);
    let mut bia = app(&s, "bia").await;
    bia.send(&format!("E PRI-{code}")).await;
    line(&mut bia).await;
    line(&mut ana).await;
    ana.send("Q").await;
    expect(&mut bia, "P 2").await;
    bia.send("A").await;
    let aborted = bia.until(|l| l.starts_with("A ")).await;
    let abort = aborted.last().unwrap().clone();
    assert!(abort.starts_with("A 2 "), "{abort}");
    let seen = ana.until(|l| l.starts_with("A ")).await;
    assert_eq!(seen.last(), Some(&abort), "the same phrase for everyone");
    // Both stay at the table, no `I` follows; the manager can start again.
    ana.send("Q").await;
    expect(&mut bia, "P 2").await;
    // A dropped connection mid-game ends it too; the others get `A`, then the table.
    drop(bia);
    let seen = play_until(&mut ana, 1, |l| l.starts_with("A ")).await;
    assert!(seen.last().unwrap().starts_with("A 2 "));
    expect(&mut ana, &format!("I ana|bot|bot|bot P 1 PRI-{code}")).await;
}

#[tokio::test]
async fn a_2008_client_and_an_app_play_on_one_server_at_once() {
    let s = server(9).await;
    let mut old = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    old.send("N velho").await;
    old.expect("N velho").await;
    old.send("E 1").await;
    old.expect("E 1").await;
    old.line().await;
    let mut new = app(&s, "novo").await;
    new.send("E PUB P").await;
    expect(&mut new, "I novo|bot|bot|bot P 1 PUB").await;
    old.send("Q").await;
    new.send("Q").await;
    let (a, b) = tokio::join!(
        play_until_game_over(&mut old, 1),
        play_until(&mut new, 1, |l| l.starts_with("G ")),
    );
    // Each in its own dialect: the 2008 deal has no opener, the app's does.
    assert!(a
        .iter()
        .any(|l| l.starts_with("M ") && l.split(' ').count() == 5));
    assert!(b
        .iter()
        .any(|l| l.starts_with("M 1 ") && l.split(' ').count() == 6));
}

#[tokio::test]
async fn a_card_played_face_down_is_shown_only_to_its_player() {
    let s = server(12).await;
    let (mut ana, mut bia) = two_at_a_public_table(&s, 'P').await;
    ana.send("Q").await;
    // Ana plays open until she may play face down, then does; Bia plays along until
    // she sees a card of Ana's face down.
    let ana_plays = async {
        let mut hand: Vec<String> = Vec::new();
        loop {
            let l = line(&mut ana).await;
            let words: Vec<&str> = l.split(' ').collect();
            match words[..] {
                ["M", _, ref cards @ ..] => {
                    hand = cards[..3].iter().map(|c| c.to_string()).collect()
                }
                ["V", "1", "T"] => {
                    ana.send(&format!("J {} T", hand[0])).await;
                    break hand[0].clone();
                }
                ["V", "1", "F"] => ana.send(&format!("J {}", hand[0])).await,
                ["J", "1", card, ..] => hand.retain(|c| c != card),
                ["T", p, ..] if p == "2" || p == "4" => ana.send("D").await,
                ["G", ..] => panic!("no face-down turn in a whole game"),
                _ => {}
            }
        }
    };
    let (closed, seen) = tokio::join!(ana_plays, play_until(&mut bia, 2, |l| l == "J 1"));
    expect_eventually(&mut ana, &format!("J 1 {closed} T")).await;
    // Nothing Bia saw in this hand names the card.
    let hand_start = seen.iter().rposition(|l| l.starts_with("M ")).unwrap_or(0);
    let shown = format!("J 1 {closed}");
    assert!(!seen[hand_start..].contains(&shown), "{seen:?}");
}

/// Reads (echoing keep-alives) until `want` comes.
async fn expect_eventually(c: &mut LineClient, want: &str) {
    while line(c).await != want {}
}

/// The app sends its build and its name from threads of their own, so either may come
/// first; its `E` follows the answer to `N`, possibly before the build. Every such order
/// ends at the app's table, with its name answered once.
#[tokio::test]
async fn the_apps_opening_lines_in_any_order() {
    let orders: [&[&str]; 5] = [
        &["B 30101", "N Ana", "E PUB P"],
        &["N Ana", "B 30101", "E PUB P"],
        &["N Ana", "E PUB P", "B 30101"],
        &["N Ana", "", "E PRI M", "B 30101"],
        &["W", "N Ana", "B 30101", "E NPU V"],
    ];
    for (seed, order) in (20..).zip(orders) {
        let s = server(seed).await;
        let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
        let opening: String = order.iter().map(|l| format!("{l}\r\n")).collect();
        c.send_raw(opening.as_bytes()).await;
        if order[0] == "W" {
            // Asked before anything told the dialects apart: the 2008 server's answer.
            expect(&mut c, "W 2.00.00").await;
        }
        expect(&mut c, "N Ana").await;
        let info = line(&mut c).await;
        let mode = order.iter().find_map(|l| l.strip_prefix("E ")).unwrap();
        let want = format!("I Ana|bot|bot|bot {} 1 ", &mode[4..]);
        assert!(info.starts_with(&want), "{order:?}: {info}");
        expect_silence(&mut c).await;
    }
}

/// A name a 2008 player holds answers the app's early `N` with the 2008 refusal (which
/// the app ignores); once the app is known, its name is answered as the app's server
/// does, and the 2008 player keeps theirs.
#[tokio::test]
async fn an_early_name_the_2008_lounge_refuses_is_answered_again_as_the_app() {
    let s = server(30).await;
    let mut old = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    old.send("N Ana").await;
    old.expect("N Ana").await;
    let mut app = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    app.send("N Ana").await;
    expect(&mut app, "X NE").await;
    app.send("B 30101").await;
    expect(&mut app, "N Ana").await;
    app.send("E PUB P").await;
    expect(&mut app, "I Ana|bot|bot|bot P 1 PUB").await;
    // An early `N` that went through frees its 2008 nickname when the app is known.
    let mut app2 = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    app2.send("N Bia").await;
    expect(&mut app2, "N Bia").await;
    app2.send("B 30101").await;
    expect_silence(&mut app2).await;
    let mut bia = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    bia.send("N bia").await;
    bia.expect("N bia").await;
}

/// The 2008 client's openings stay the 2008 protocol, whatever shared lines come first.
#[tokio::test]
async fn the_2008_openings_stay_the_2008_protocol() {
    let s = server(31).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("W").await;
    c.expect("W 2.00.00").await;
    c.send("N velho").await;
    c.expect("N velho").await;
    c.send("L").await;
    assert!(c.line().await.starts_with("L 0|0|0"));
    // After a 2008 line, a build number is 2008 chat outside a room.
    c.send("B 30101").await;
    c.expect("X FS").await;
    let mut d = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    d.send("N novo").await;
    d.expect("N novo").await;
    d.send("E 2").await;
    d.expect("E 2").await;
    assert!(d.line().await.starts_with("I 2 novo|||"));
    d.send("W").await;
    d.expect("W 2.00.00").await;
}
