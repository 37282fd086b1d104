//! Property tests: a course Truco player sending arbitrary lines and bytes, cut off at any
//! point, gets only well-formed answers and never disturbs the rest of the table.

mod common;

use common::fuzz::known_or_garbage;
use common::{LineClient, TestServer};
use parlor_server::Config;
use proptest::prelude::*;
use std::net::SocketAddr;
use std::sync::OnceLock;
use tokio::io::AsyncWriteExt;
use tokio::runtime::Runtime;

fn server() -> &'static (Runtime, SocketAddr) {
    static SERVER: OnceLock<(Runtime, SocketAddr)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = Runtime::new().expect("runtime");
        let addr = runtime.block_on(async {
            let server = TestServer::start(Config::for_tests(77)).await;
            let addr = server.addr("truco");
            std::mem::forget(server); // lives as long as the test binary
            addr
        });
        (runtime, addr)
    })
}

const COMMANDS: &[&str] = &[
    "PLAY 3p",
    "PLAY 4o CLOSED",
    "play kc",
    "PLAY 10e closed",
    "TRUCO",
    "ACCEPT",
    "FOLD",
    "RAISE",
    "truco",
    "PLAY",
    "PLAY 3p OPEN",
    "HELLO",
];

fn line() -> impl Strategy<Value = Vec<u8>> {
    known_or_garbage(COMMANDS, 40)
}

const WORDS: &[&str] = &[
    "WELCOME",
    "WAITING",
    "MATCH",
    "HAND",
    "CARDS",
    "VIRA",
    "TURN",
    "PLAYED",
    "TRUCO",
    "ANSWERED",
    "ACCEPTED",
    "ROUND",
    "HAND_END",
    "MATCH_END",
    "LEFT",
    "ERROR",
];

async fn run_case(addr: SocketAddr, input: Vec<u8>) {
    let mut others = Vec::new();
    for _ in 0..3 {
        others.push(LineClient::connect(addr, "\n").await);
    }
    let mut fuzz = LineClient::connect(addr, "\n").await;
    fuzz.writer.write_all(&input).await.ok();
    fuzz.writer.shutdown().await.ok();
    while let Some(line) = fuzz.next().await {
        let word = line.split(' ').next().unwrap_or("");
        assert!(WORDS.contains(&word), "malformed line {line:?}");
    }
    // The others hear that player 4 left, and a CPU player took over.
    for other in others.iter_mut() {
        other.until(|l| l == "LEFT 4").await;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn arbitrary_input_never_disturbs_the_table(
        lines in proptest::collection::vec((line(), proptest::sample::select(vec!["\n", "\r\n", "\r"])), 0..40),
        cut in any::<proptest::sample::Index>(),
    ) {
        let mut input: Vec<u8> = lines
            .iter()
            .flat_map(|(l, t)| l.iter().chain(t.as_bytes()).copied())
            .collect();
        if !input.is_empty() {
            input.truncate(cut.index(input.len() + 1));
        }
        let (runtime, addr) = server();
        runtime.block_on(run_case(*addr, input));
    }
}
