//! Whole games played by parlor's own clients (the `parlor-client` crate), each over
//! its protocol's TCP port: for tests that need a game to happen, not to inspect it.

use super::PATIENCE;
use std::net::SocketAddr;

/// Four `heuristic` course Truco clients play one match at `addr`; returns each
/// client's last line (`MATCH_END ...`).
pub async fn course_truco_match(addr: SocketAddr) -> Vec<Option<String>> {
    course_truco_match_at([addr; 4]).await
}

/// [`course_truco_match`] with each client connecting to its own address (the nodes of
/// a cluster).
pub async fn course_truco_match_at(addrs: [SocketAddr; 4]) -> Vec<Option<String>> {
    let players = (0..4).map(|i| {
        let addr = addrs[i as usize].to_string();
        tokio::spawn(async move {
            let strategy = truco::bots::by_name("heuristic").unwrap();
            let mode = parlor_client::truco::Mode::Auto { strategy, seed: i };
            let input = tokio::io::BufReader::new(tokio::io::empty());
            parlor_client::truco::run(&addr, mode, None, input, std::io::sink())
                .await
                .unwrap()
        })
    });
    let mut ends = Vec::new();
    for p in players.collect::<Vec<_>>() {
        ends.push(tokio::time::timeout(PATIENCE, p).await.unwrap().unwrap());
    }
    ends
}

/// `players` automatic Warlords clients (`bot0`, `bot1`, ...) play `hands` hands at
/// `addr`; returns how many hands each was dealt.
pub async fn warlords_hands(addr: SocketAddr, players: u64, hands: usize) -> Vec<usize> {
    warlords_hands_at(&vec![addr; players as usize], hands).await
}

/// [`warlords_hands`] with each client connecting to its own address (the nodes of a
/// cluster).
pub async fn warlords_hands_at(addrs: &[SocketAddr], hands: usize) -> Vec<usize> {
    let clients = addrs.iter().enumerate().map(|(i, addr)| {
        let (addr, i) = (addr.to_string(), i as u64);
        tokio::spawn(async move {
            let mode = parlor_client::wars::Mode::Auto {
                seed: i,
                hands: Some(hands),
            };
            let input = tokio::io::BufReader::new(tokio::io::empty());
            parlor_client::wars::run(&addr, &format!("bot{i}"), mode, input, std::io::sink())
                .await
                .unwrap()
        })
    });
    let mut dealt = Vec::new();
    for c in clients.collect::<Vec<_>>() {
        let state = tokio::time::timeout(PATIENCE, c).await.unwrap().unwrap();
        dealt.push(state.hands_dealt);
    }
    dealt
}

/// Four `heuristic` Jass bots (`bot0`..`bot3`) play one single game in session
/// `session` at `url`; returns the games each saw finish.
pub async fn jass_game(url: &str, session: &str) -> Vec<u32> {
    jass_game_at(std::array::from_fn(|_| url.to_owned()), session).await
}

/// [`jass_game`] with each bot connecting to its own URL (the nodes of a cluster, the
/// Jass port or a node's `/ws/jass`).
pub async fn jass_game_at(urls: [String; 4], session: &str) -> Vec<u32> {
    let bots = urls.into_iter().enumerate().map(|(i, url)| {
        let options = parlor_client::jass::Options {
            url,
            name: format!("bot{i}"),
            strategy: "heuristic".into(),
            tournament: false,
            session: Some(session.into()),
            seed: i as u64,
            report: false,
        };
        tokio::spawn(async move { parlor_client::jass::run(&options).await })
    });
    let mut games = Vec::new();
    for b in bots.collect::<Vec<_>>() {
        let seen = tokio::time::timeout(PATIENCE, b)
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        games.extend(seen.iter().map(|p| p.games));
    }
    games
}
