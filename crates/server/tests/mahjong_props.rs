//! Property tests: arbitrary bytes and mmj1 operations, split anywhere and cut off at any
//! point, only ever get server messages back and never stop the server serving others.

mod common;

use common::fuzz::known_or_garbage;
use common::{LineClient, TestServer, PATIENCE};
use parlor_server::Config;
use proptest::prelude::*;
use std::net::SocketAddr;
use std::sync::OnceLock;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;

fn server() -> &'static (Runtime, SocketAddr) {
    static SERVER: OnceLock<(Runtime, SocketAddr)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = Runtime::new().expect("runtime");
        let addr = runtime.block_on(async {
            let server = TestServer::start(Config::for_tests(7)).await;
            let addr = server.addr("mahjong");
            std::mem::forget(server); // lives as long as the test binary
            addr
        });
        (runtime, addr)
    })
}

const MESSAGES: &[&str] = &[
    "mmj1c 4:fuzz\n",
    "discard c1\n",
    "discard dr\n",
    "riichi b5\n",
    "out\n",
    "ckong we\n",
    "pkong d0\n",
    "claim c1 c1 ?\n",
    "claim c2 c3 ?\n",
    "swap c1\n",
    "ron\n",
    "pass\n",
    "ack\n",
    "chat 1234.2:hi\n",
    "chat 9.1:x\n",
    "mmj1c 99999999:",
    "discard\n",
    "claim ? ? ?\n",
];

fn chunk() -> impl Strategy<Value = Vec<u8>> {
    known_or_garbage(MESSAGES, 60)
}

/// Every line the server sends starts with one of its message words.
async fn drain(mut socket: TcpStream) {
    let mut all = Vec::new();
    let read = tokio::time::timeout(PATIENCE, socket.read_to_end(&mut all)).await;
    let _ = read.expect("the server closes in time");
    let text = String::from_utf8_lossy(&all);
    let words = [
        "mmj1s", "game", "newhand", "score", "move", "break", "riichi", "play", "claim", "win",
        "draw", "ack", "reject", "chat", "gameover",
    ];
    for line in text.lines() {
        let word = line.split(' ').next().unwrap_or("");
        assert!(words.contains(&word), "{line:?}");
    }
}

async fn run_case(addr: SocketAddr, input: Vec<u8>, split: usize) {
    let mut fuzz = TcpStream::connect(addr).await.unwrap();
    let (head, tail) = input.split_at(split.min(input.len()));
    fuzz.write_all(head).await.ok();
    fuzz.write_all(tail).await.ok();
    // Half-close: the server sees the end of input and lets a CPU player take the seat.
    fuzz.shutdown().await.ok();
    drain(fuzz).await;
    // Somebody else still gets a game.
    let mut probe = LineClient::connect(addr, "\n").await;
    probe.send("mmj1c 5:probe").await;
    probe.expect("mmj1s").await;
    assert!(probe.line().await.starts_with("game "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn arbitrary_input_never_disturbs_other_players(
        chunks in proptest::collection::vec(chunk(), 0..30),
        split in any::<usize>(),
        cut in any::<proptest::sample::Index>(),
    ) {
        let mut input: Vec<u8> = chunks.concat();
        if !input.is_empty() {
            input.truncate(cut.index(input.len() + 1));
        }
        let (runtime, addr) = server();
        runtime.block_on(run_case(*addr, input, split % 97));
    }
}
