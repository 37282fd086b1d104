//! Chaos against every listener at once: random bytes, floods without reading, slow
//! readers, half-closed and reset sockets, broken WebSockets, each at a random stage of
//! its connection. Afterwards a whole game of every protocol still completes, `/healthz`
//! answers, and the server holds no connection that is not a live client's.
//!
//! Seeded: the same attacks every run.

mod common;
mod mmj1;

use cards::seeded_rng;
use common::bots::{course_truco_match, jass_game, warlords_hands};
use common::minitruco::play_alone_in_room_one;
use common::{TestServer, PATIENCE};
use futures::{SinkExt, StreamExt};
use mmj1::{Calls, Mj};
use parlor_server::config::Limits;
use parlor_server::Config;
use rand::{Rng, RngCore};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// Connections the attack opens, all at once.
const ATTACKERS: usize = 240;

/// Lines each protocol answers, for floods that pile up replies.
fn chatter(protocol: &str) -> &'static [u8] {
    match protocol {
        "minitruco" => b"L\r\n",
        "mahjong" => b"pass\n",
        "wars" => b"[chand]",
        "truco" => b"PLAY 1\n",
        _ => b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
    }
}

/// One attack on `protocol` at `addr`, chosen by `kind`, shaped by `rng`.
async fn attack(protocol: &'static str, addr: SocketAddr, http: SocketAddr, kind: u32, seed: u64) {
    let mut rng = seeded_rng(seed);
    let mut junk = vec![0u8; rng.gen_range(0..8192)];
    rng.fill_bytes(&mut junk);
    match kind {
        // Random bytes, then gone.
        0 => {
            let Ok(mut tcp) = TcpStream::connect(addr).await else {
                return;
            };
            let _ = tcp.write_all(&junk).await;
        }
        // A flood of requests whose answers are never read.
        1 => {
            let Ok(mut tcp) = TcpStream::connect(addr).await else {
                return;
            };
            let flood = chatter(protocol).repeat(20_000);
            let _ = tokio::time::timeout(Duration::from_secs(2), tcp.write_all(&flood)).await;
        }
        // A slow reader: asks, then reads a byte now and then.
        2 => {
            let Ok(mut tcp) = TcpStream::connect(addr).await else {
                return;
            };
            let _ = tcp.write_all(&chatter(protocol).repeat(200)).await;
            let mut byte = [0u8; 1];
            for _ in 0..rng.gen_range(1..20) {
                if tcp.read(&mut byte).await.unwrap_or(0) == 0 {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        // Half-closed: part of a message, then our side shut, reading on.
        3 => {
            let Ok(mut tcp) = TcpStream::connect(addr).await else {
                return;
            };
            let cut = rng.gen_range(0..junk.len().max(1));
            let _ = tcp.write_all(&junk[..cut]).await;
            let _ = tcp.shutdown().await;
            let mut rest = Vec::new();
            let _ = tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut rest)).await;
        }
        // A reset at a random point.
        4 => {
            let Ok(mut tcp) = TcpStream::connect(addr).await else {
                return;
            };
            let cut = rng.gen_range(0..junk.len().max(1));
            let _ = tcp.write_all(&junk[..cut]).await;
            let _ = tcp.set_zero_linger();
        }
        // A table started and left at once (a ghost): nothing of it may stay.
        5 => ghost(protocol, addr, seed).await,
        // A WebSocket on the HTTP port that sends junk frames and vanishes.
        _ => {
            let url = format!("ws://{http}/ws/{protocol}");
            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
                return;
            };
            for _ in 0..rng.gen_range(0..50) {
                let text = String::from_utf8_lossy(&junk[..junk.len().min(200)]).into_owned();
                if ws.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
            if rng.gen_bool(0.5) {
                let _ = ws.send(Message::binary(junk.clone())).await;
            }
        }
    }
}

/// Starts a table (or session) of `protocol` with CPU players and leaves it before
/// anyone played: it must end at once and leave nothing in the store.
async fn ghost(protocol: &'static str, addr: SocketAddr, seed: u64) {
    let opening: Vec<u8> = match protocol {
        "minitruco" => format!("N ghost{seed}\r\nE {}\r\nQ\r\n", seed % 10 + 1).into_bytes(),
        "truco" => b"CPU\n".to_vec(),
        "wars" => format!("[cjoin|g{seed:<7}][cfill]").into_bytes(),
        "mahjong" => format!("mmj1c {}:ghost{seed}\n", 5 + seed.to_string().len()).into_bytes(),
        _ => {
            let url = format!("ws://{addr}/");
            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
                return;
            };
            let frames = [
                r#"{"type":"CHOOSE_PLAYER_NAME","data":"ghost"}"#.to_owned(),
                format!(
                    r#"{{"type":"CHOOSE_SESSION","data":{{"sessionChoice":"CREATE_NEW","sessionName":"ghost{seed}"}}}}"#
                ),
                format!(r#"{{"type":"JOIN_BOT","data":{{"sessionName":"ghost{seed}"}}}}"#),
            ];
            for frame in frames {
                let _ = ws.send(Message::text(frame)).await;
            }
            let _ = tokio::time::timeout(Duration::from_millis(200), ws.next()).await;
            return;
        }
    };
    let Ok(mut tcp) = TcpStream::connect(addr).await else {
        return;
    };
    let _ = tcp.write_all(&opening).await;
    let mut answer = [0u8; 256];
    let _ = tokio::time::timeout(Duration::from_millis(200), tcp.read(&mut answer)).await;
}

#[tokio::test]
async fn every_game_survives_an_attack_on_every_listener() {
    let (s, _dir) = TestServer::storing(Config {
        limits: Limits {
            hello_timeout: Duration::from_secs(1),
            http_header_timeout: Duration::from_secs(1),
            http_idle_timeout: Duration::from_secs(2),
            connect_rate: 0,
            ..Limits::default()
        },
        // The survivors' seats are kept a moment after they leave, then their games end.
        reconnect_grace: Duration::from_secs(1),
        ..Config::for_tests(101)
    })
    .await;
    let protocols = ["minitruco", "truco", "wars", "jass", "mahjong", "http"];
    let http = s.addr("http");
    let mut rng = seeded_rng(101);
    let mut attacks = JoinSet::new();
    for n in 0..ATTACKERS {
        let protocol = protocols[rng.gen_range(0..protocols.len())];
        let target = if protocol == "http" {
            "minitruco"
        } else {
            protocol
        };
        let kind = if protocol == "http" {
            6
        } else {
            rng.gen_range(0..6)
        };
        let addr = s.addr(protocol);
        attacks.spawn(attack(target, addr, http, kind, n as u64));
    }
    tokio::time::timeout(PATIENCE * 2, async {
        while attacks.join_next().await.is_some() {}
    })
    .await
    .expect("every attack ended");

    // A whole game of each protocol.
    let minitruco = play_alone_in_room_one(s.addr("minitruco"), "survivor").await;
    assert!(minitruco.last().unwrap().starts_with("G "));
    let truco = course_truco_match(s.addr("truco")).await;
    assert!(truco
        .iter()
        .all(|end| end.as_deref().is_some_and(|e| e.starts_with("MATCH_END"))));
    assert!(warlords_hands(s.addr("wars"), 3, 1)
        .await
        .iter()
        .all(|&h| h >= 1));
    let jass = jass_game(&format!("ws://{}", s.addr("jass")), "after-the-storm").await;
    assert!(jass.iter().all(|&g| g == 1), "{jass:?}");
    let mut mj = Mj::join(s.addr("mahjong"), "Calm", Calls::Always).await;
    assert!(mj.play_game().await.gameover.is_some());
    drop(mj);

    // Nothing is held for clients that are gone.
    let settled = async {
        loop {
            let (status, health) = s.get_json("/healthz").await;
            assert_eq!(status, 200);
            let open = &health["connections"];
            let held: u64 = protocols
                .iter()
                .map(|p| open[*p].as_u64().unwrap_or(0))
                .sum();
            // The only live client is this request itself.
            if held <= 1 {
                return health;
            }
            tokio::task::yield_now().await;
        }
    };
    let health = tokio::time::timeout(PATIENCE, settled)
        .await
        .expect("every connection of a gone client was released");
    assert_eq!(health["status"], "ok", "{health}");
    // No ghost is left: no game is still being played, and the tables started and left
    // before anyone played were not stored (only the survivors' games are).
    let ended = async {
        while s.get_json("/api/games?status=playing").await.1 != serde_json::json!([]) {
            tokio::task::yield_now().await;
        }
    };
    if tokio::time::timeout(PATIENCE, ended).await.is_err() {
        let (_, playing) = s.get_json("/api/games?status=playing").await;
        panic!("games left running: {playing}");
    }
    let (_, abandoned) = s.get_json("/api/games?status=abandoned").await;
    assert_eq!(abandoned, serde_json::json!([]), "ghost games stored");
    s.stop().await;
}
