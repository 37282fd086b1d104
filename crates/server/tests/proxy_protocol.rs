//! Behind a TCP balancer that speaks the PROXY protocol (HAProxy's `send-proxy`), the
//! address rules see the clients the balancer names, not the balancer: a miniTruco
//! player who drops mid-game takes the seat back by name from their own address only,
//! even though every connection comes from the balancer. A header is required from the
//! balancer (a v2 `LOCAL` one names nobody), refused when it is not one, and never read
//! from another address.

mod common;

use common::minitruco::open_the_hand;
use common::{connect_from, LineClient, TestServer};
use parlor_server::Config;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// The server trusts the balancer at 127.0.0.1 (the tests' own address).
async fn behind_a_balancer() -> TestServer {
    let mut config = Config::for_tests(17);
    config.limits.proxy_from = vec![[127, 0, 0, 1].into()];
    TestServer::start(config).await
}

/// A version 1 header for a client at `ip`.
fn v1(ip: &str) -> Vec<u8> {
    format!("PROXY TCP4 {ip} 127.0.0.1 40000 6912\r\n").into_bytes()
}

/// A version 2 header for a client at 10.0.0.`last`.
fn v2(last: u8) -> Vec<u8> {
    let mut header = b"\r\n\r\n\0\r\nQUIT\n\x21\x11\x00\x0c".to_vec();
    header.extend_from_slice(&[10, 0, 0, last, 127, 0, 0, 1, 0x9c, 0x40, 0x1b, 0x00]);
    header
}

/// A miniTruco client through the balancer, which sent `header` first.
async fn through(server: &TestServer, header: &[u8]) -> LineClient {
    let mut socket = TcpStream::connect(server.addr("minitruco")).await.unwrap();
    socket.write_all(header).await.unwrap();
    LineClient::over(socket, "\r\n")
}

#[tokio::test]
async fn a_seat_is_taken_back_from_the_address_the_balancer_names() {
    let s = behind_a_balancer().await;
    let mut alice = through(&s, &v1("10.0.0.1")).await;
    let mut bob = through(&s, &v2(2)).await;
    for (c, nick) in [(&mut alice, "alice"), (&mut bob, "bob")] {
        c.send(&format!("N {nick}")).await;
        c.expect(&format!("N {nick}")).await;
        c.send("E 1").await;
        c.expect("E 1").await;
    }
    alice.send("Q").await;
    bob.send("Q").await;
    alice.until(|l| l == "P 1").await;
    // A person has played: a person who drops keeps the seat.
    open_the_hand(&mut alice).await;
    drop(bob);
    // From another address the balancer names, the nickname is not bob's to take.
    let mut other = through(&s, &v1("10.0.0.3")).await;
    other.send("N bob").await;
    other.expect("X NE").await;
    // From bob's, it is (once the room has heard of the drop).
    let mut bob = loop {
        let mut again = through(&s, &v2(2)).await;
        again.send("N bob").await;
        if again.line().await == "N bob" {
            break again;
        }
    };
    bob.expect("E 1").await;
    s.stop().await;
}

#[tokio::test]
async fn a_header_is_required_from_the_balancer_and_read_from_nobody_else() {
    let s = behind_a_balancer().await;
    // A v2 LOCAL header (a health check's) names nobody: the balancer's own address.
    let mut local = through(&s, b"\r\n\r\n\0\r\nQUIT\n\x20\x00\x00\x00").await;
    local.send("N carol").await;
    local.expect("N carol").await;
    // Without a header, the balancer's connection is not served: a balancer set up to
    // pass clients' bytes on as they came (whose clients could then send a header of
    // their own choosing) is found out at its first client.
    let mut plain = through(&s, b"").await;
    plain.send("N dave").await;
    plain.expect_closed().await;
    // A header that is not one closes the connection.
    let mut wrong = through(&s, b"PROXY TCP4 10.0.0.9\r\nN dave\r\n").await;
    wrong.expect_closed().await;
    // From an address that is not the balancer's, a PROXY line is a line of the game's
    // protocol (an unknown command), never an address.
    let socket = connect_from([127, 0, 0, 2], s.addr("minitruco")).await;
    let mut stranger = LineClient::over(socket, "\r\n");
    stranger.send("PROXY TCP4 10.0.0.1 127.0.0.1 1 2").await;
    stranger.send("N erin").await;
    stranger.until(|l| l == "N erin").await;
    s.stop().await;
}
