//! Property tests: arbitrary command sequences and arbitrary bytes, cut off at any point,
//! never break the miniTruco server for the next client.

mod common;

use common::fuzz::known_or_garbage;
use common::{connect_from, LineClient, TestServer};
use parlor_server::Config;
use proptest::prelude::*;
use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::runtime::Runtime;

/// One server for all cases, on its own runtime.
fn server() -> &'static (Runtime, SocketAddr) {
    static SERVER: OnceLock<(Runtime, SocketAddr)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = Runtime::new().expect("runtime");
        let addr = runtime.block_on(async {
            // A short grace period: a session dropped mid-game is away for a moment,
            // then its seat and nickname are given up.
            let config = Config {
                reconnect_grace: Duration::from_millis(50),
                ..Config::for_tests(99)
            };
            let server = TestServer::start(config).await;
            let addr = server.addr("minitruco");
            std::mem::forget(server); // lives as long as the test binary
            addr
        });
        (runtime, addr)
    })
}

const COMMANDS: &[&str] = &[
    "W",
    "L",
    "I",
    "I 1",
    "I 2",
    "E 1",
    "E 2",
    "S",
    "R TF",
    "R FT",
    "R TT",
    "V",
    "O",
    "K 2",
    "K x",
    "Q",
    "Q",
    "Q",
    "J 4p",
    "J 3c T",
    "J Ko",
    "T",
    "D",
    "C",
    "H T",
    "H F",
    "B hi there",
    "M fuzz hello",
    "N fuzz",
    "N Fuzz",
    "N other",
    "n fuzz",
    "q",
];

fn line() -> impl Strategy<Value = Vec<u8>> {
    known_or_garbage(COMMANDS, 40)
}

fn terminator() -> impl Strategy<Value = &'static [u8]> {
    proptest::sample::select(vec![&b"\n"[..], b"\r", b"\r\n"])
}

/// The letters a server notification may start with.
fn is_notification(line: &str) -> bool {
    line.is_empty()
        || line
            .split(' ')
            .next()
            .is_some_and(|head| head.len() == 1 && "WNLESIPMVJROGATDCFHXB".contains(head))
}

async fn run_case(addr: SocketAddr, input: Vec<u8>) {
    let mut fuzz = LineClient::connect(addr, "\r\n").await;
    let mut reading = LineClient::connect(addr, "\r\n").await; // a bystander in room 3
    reading.send("N bystander").await;
    reading.expect("N bystander").await;
    reading.send("E 3").await;
    reading.expect("E 3").await;
    reading.line().await;

    fuzz.writer.write_all(&input).await.ok();
    fuzz.writer.shutdown().await.ok();
    while let Some(line) = fuzz.next().await {
        assert!(is_notification(&line), "malformed notification {line:?}");
    }

    // The bystander was not disturbed.
    reading.send("W").await;
    reading.expect("W 2.00.00").await;
    drop(reading);

    // Everything the fuzzing client held is released: its nickname and its seats. Its
    // session finishes a moment after the disconnect (and a seat in a game is kept for
    // the grace period), so this polls, within a deadline
    // that turns a leak into a failure rather than a hang.
    // From another address, so the probe cannot take a seat left away back.
    let mut probe = LineClient::over(connect_from([127, 0, 0, 2], addr).await, "\r\n");
    let released = async {
        loop {
            probe.send("N fuzz").await;
            let answer = probe.line().await;
            if answer == "N fuzz" {
                break;
            }
            assert_eq!(answer, "X NE");
            tokio::task::yield_now().await;
        }
        loop {
            probe.send("L").await;
            if probe.line().await == "L 0|0|0|0|0|0|0|0|0|0" {
                break;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(RELEASE_DEADLINE, released)
        .await
        .expect("the nickname and the seats were released");
}

/// Commands of today's app's dialect, valid and not.
const APP_COMMANDS: &[&str] = &[
    "W",
    "N fuzz",
    "N",
    "N bot",
    "E PUB P",
    "E PUB M",
    "E NPU V",
    "E PRI L",
    "E PRI-00000",
    "E PRI-",
    "E XYZ P",
    "S",
    "A",
    "A",
    "Q",
    "Q",
    "R T",
    "R I",
    "K 1",
    "J 4p",
    "J 3c T",
    "T",
    "D",
    "C",
    "H T",
    "H F",
    "B 20600",
    "I",
    "L",
];

fn app_line() -> impl Strategy<Value = Vec<u8>> {
    known_or_garbage(APP_COMMANDS, 40)
}

/// The letters a notification of the app's dialect may start with.
fn is_app_notification(line: &str) -> bool {
    line.split(' ')
        .next()
        .is_some_and(|head| head.len() == 1 && "KWNISXPMVJTDCFHROGA!".contains(head))
}

/// A `/status` request's answer.
async fn status(addr: SocketAddr) -> String {
    use tokio::io::AsyncReadExt;
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    socket
        .write_all(b"GET /status HTTP/1.1\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).await.unwrap();
    answer
}

async fn run_app_case(addr: SocketAddr, input: Vec<u8>) {
    // A bystander at a private table of their own.
    let mut reading = LineClient::connect(addr, "\r\n").await;
    reading.send("B 20600").await;
    reading.send("E PRI P").await;
    let info = reading.until(|l| !l.starts_with("K ")).await;
    assert!(info.last().unwrap().starts_with("I sem_nome_"), "{info:?}");
    let mut fuzz = LineClient::connect(addr, "\r\n").await;
    fuzz.writer.write_all(b"B 20600\n").await.ok();
    fuzz.writer.write_all(&input).await.ok();
    fuzz.writer.shutdown().await.ok();
    while let Some(line) = fuzz.next().await {
        assert!(
            is_app_notification(&line),
            "malformed notification {line:?}"
        );
    }
    reading.send("W").await;
    assert_eq!(
        reading
            .until(|l| !l.starts_with("K "))
            .await
            .last()
            .unwrap(),
        "W 3.0"
    );
    drop(reading);
    // Every table the fuzzing client opened closes once it is gone: no public table is
    // left waiting.
    let released = async {
        while !status(addr).await.ends_with("AGUARDANDO \r\n") {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(RELEASE_DEADLINE, released)
        .await
        .expect("the tables were closed");
}

/// Far longer than a session takes to wind down, even on a loaded CI machine.
const RELEASE_DEADLINE: Duration = Duration::from_secs(10);

/// The lines with their terminators as one input, cut at an arbitrary point (possibly
/// mid-line): where the client disconnects.
fn cut_off(lines: &[(Vec<u8>, &[u8])], cut: proptest::sample::Index) -> Vec<u8> {
    let mut input: Vec<u8> = lines
        .iter()
        .flat_map(|(l, t)| l.iter().chain(t.iter()).copied())
        .collect();
    if !input.is_empty() {
        input.truncate(cut.index(input.len() + 1));
    }
    input
}

/// Today's app opens with its build and its name from threads of their own, then its
/// table request once the name is answered: `B` may come before `N`, between `N` and
/// `E`, or after `E`, with empty lines anywhere. Every such interleaving ends at the
/// app's table, the name answered once.
async fn run_app_opening(addr: SocketAddr, name: String, build_at: usize, blanks: Vec<usize>) {
    let mut lines = vec![format!("N {name}"), "E NPU P".to_owned()];
    lines.insert(build_at.min(2), "B 30101".to_owned());
    for at in blanks {
        lines.insert(at.min(lines.len()), String::new());
    }
    let mut app = LineClient::connect(addr, "\r\n").await;
    let opening: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    app.writer.write_all(opening.as_bytes()).await.unwrap();
    let answers = app.until(|l| l.starts_with("I ")).await;
    let answers: Vec<&String> = answers.iter().filter(|l| !l.starts_with("K ")).collect();
    let want = [format!("N {name}"), format!("I {name}|bot|bot|bot P 1 PUB")];
    assert_eq!(answers, want.iter().collect::<Vec<_>>(), "{lines:?}");
}

/// The 2008 client's openings: an optional version check, its nickname, then a lounge
/// command, each answered as the 2008 server does.
async fn run_classic_opening(addr: SocketAddr, name: String, version: bool) {
    let mut c = LineClient::connect(addr, "\r\n").await;
    if version {
        c.send("W").await;
        c.expect("W 2.00.00").await;
    }
    c.send(&format!("N {name}")).await;
    c.expect(&format!("N {name}")).await;
    c.send("L").await;
    assert!(c.line().await.starts_with("L "));
    c.send("B 30101").await;
    c.expect("X FS").await;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_interleaving_of_the_apps_opening_reaches_its_table(
        name in "App[0-9]{1,8}",
        build_at in 0usize..3,
        blanks in proptest::collection::vec(0usize..4, 0..3),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(run_app_opening(*addr, name, build_at, blanks));
    }

    #[test]
    fn the_2008_openings_stay_the_2008_protocol(
        name in "Old[0-9]{1,8}",
        version in any::<bool>(),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(run_classic_opening(*addr, name, version));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn arbitrary_sessions_leave_the_server_consistent(
        lines in proptest::collection::vec((line(), terminator()), 0..50),
        cut in any::<proptest::sample::Index>(),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(run_case(*addr, cut_off(&lines, cut)));
    }

    #[test]
    fn arbitrary_app_sessions_leave_the_server_consistent(
        lines in proptest::collection::vec((app_line(), terminator()), 0..50),
        cut in any::<proptest::sample::Index>(),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(run_app_case(*addr, cut_off(&lines, cut)));
    }
}
