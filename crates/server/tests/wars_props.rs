//! Property tests: arbitrary bytes and message sequences, split anywhere and cut off at
//! any point, never disturb another Warlords client and always get server messages back.

mod common;

use common::fuzz::known_or_garbage;
use common::{TestServer, PATIENCE};
use parlor_server::protocols::wars::WarsSettings;
use parlor_server::Config;
use proptest::prelude::*;
use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;

fn server() -> &'static (Runtime, SocketAddr) {
    static SERVER: OnceLock<(Runtime, SocketAddr)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = Runtime::new().expect("runtime");
        let addr = runtime.block_on(async {
            let config = Config::for_tests(5).with(|wars: &mut WarsSettings| {
                wars.min_players = 3;
                wars.lobby_timeout = Duration::ZERO;
            });
            let server = TestServer::start(config).await;
            let addr = server.addr("wars");
            std::mem::forget(server); // lives as long as the test binary
            addr
        });
        (runtime, addr)
    })
}

const MESSAGES: &[&str] = &[
    "[cjoin|fuzz    ]",
    "[chand]",
    "[cplay|00,52,52,52]",
    "[cplay|52,52,52,52]",
    "[cplay|04,05,52,52]",
    "[cswap|03]",
    "[cchat|hello]",
    "[cjoin|x]",
    "[cplay|1]",
    "[cxxxx]",
];

fn chunk() -> impl Strategy<Value = Vec<u8>> {
    known_or_garbage(MESSAGES, 90)
}

/// Reads what the server sends until it closes; checks every message is a server one.
async fn drain(mut socket: TcpStream) {
    let mut all = Vec::new();
    let read = tokio::time::timeout(PATIENCE, socket.read_to_end(&mut all)).await;
    let _ = read.expect("the server closes in time");
    let text = String::from_utf8_lossy(&all);
    for message in text.split_inclusive(']') {
        assert!(
            message.starts_with("[s") && message.ends_with(']'),
            "{message:?}"
        );
        assert!(message.len() <= 325);
    }
}

async fn run_case(addr: SocketAddr, input: Vec<u8>, split: usize) {
    let mut bystander = TcpStream::connect(addr).await.unwrap();
    bystander.write_all(b"[cjoin|watcher ]").await.unwrap();
    let mut fuzz = TcpStream::connect(addr).await.unwrap();
    let (head, tail) = input.split_at(split.min(input.len()));
    fuzz.write_all(head).await.ok();
    fuzz.write_all(tail).await.ok();
    fuzz.shutdown().await.ok();
    drain(fuzz).await;
    // The bystander still gets answers.
    bystander.write_all(b"[chand]").await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !String::from_utf8_lossy(&got).contains("[shand|") {
        let n = tokio::time::timeout(PATIENCE, bystander.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(n > 0, "the bystander was disconnected");
        got.extend_from_slice(&buf[..n]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn arbitrary_input_never_disturbs_other_clients(
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
