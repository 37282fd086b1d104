//! The PROXY protocol (versions 1 and 2, as HAProxy's `send-proxy` and `send-proxy-v2`
//! write it): a balancer in front of parlor says first who the client is. Behind a TCP
//! balancer every connection comes from the balancer's address, so without it the rules
//! that trust an address (a seat taken back by name only from its owner's address, the
//! limits per address) would see one client.
//!
//! Only connections from the addresses `--proxy-from` names are read for a header, and
//! every one of them must start with one (the protocol's rule: a balancer that passes
//! its clients' bytes on without a header, whose clients could then send one of their
//! own choosing, is found out at its first client instead of trusted quietly). A
//! balancer's own health check sends a v2 `LOCAL` header, or connects and closes without
//! a byte. From any other address a PROXY line is the game protocol's bytes like any
//! other: nobody can claim an address by sending one.

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// How long a trusted balancer has to send its header.
pub const WAIT: Duration = Duration::from_secs(5);

/// The first bytes of a version 1 header.
const V1: &[u8] = b"PROXY ";
/// The longest version 1 header, its CRLF included.
const V1_MAX: usize = 107;
/// The first bytes of a version 2 header; four more follow before its addresses.
const V2: &[u8] = b"\r\n\r\n\0\r\nQUIT\n";
/// The longest version 2 address block parlor reads (room for its optional fields).
const V2_MAX: usize = 1024;

/// The client's address, as the header at the start of `socket` (from a trusted
/// balancer at `peer`) names it: `peer` itself for a header that names no client (v1
/// `UNKNOWN`, a v2 `LOCAL` health check, an address family other than TCP over IPv4 or
/// IPv6). The header's bytes are consumed, nothing after them. An error for a
/// connection that does not start with a header (one that closes first included): it is
/// to be closed.
pub async fn client_of(socket: &mut TcpStream, peer: SocketAddr) -> io::Result<SocketAddr> {
    let mut start = [0u8; 16];
    loop {
        let seen = socket.peek(&mut start).await?;
        let seen = &start[..seen];
        if seen.is_empty() {
            // A health check that connects and closes.
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        let (v1, v2) = (could_be(seen, V1), could_be(seen, V2));
        if v1 && seen.len() >= V1.len() {
            return read_v1(socket).await.map(|named| named.unwrap_or(peer));
        }
        if v2 && seen.len() >= 16 {
            return read_v2(socket).await.map(|named| named.unwrap_or(peer));
        }
        if !v1 && !v2 {
            return Err(bad("no PROXY header from a balancer"));
        }
        // The start of a header, not yet whole: a balancer sends it in one piece, so
        // this is rare; the caller's deadline bounds it.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Whether `seen` may be the start of something beginning with `signature`.
fn could_be(seen: &[u8], signature: &[u8]) -> bool {
    let n = seen.len().min(signature.len());
    seen[..n] == signature[..n]
}

/// Reads a version 1 header, one byte at a time up to its CRLF (nothing after it).
async fn read_v1(socket: &mut TcpStream) -> io::Result<Option<SocketAddr>> {
    let mut line = Vec::with_capacity(V1_MAX);
    while !line.ends_with(b"\r\n") {
        if line.len() == V1_MAX {
            return Err(bad("a PROXY line longer than 107 bytes"));
        }
        line.push(socket.read_u8().await?);
    }
    parse_v1(&line)
}

/// Reads a version 2 header: its sixteen fixed bytes, then its address block.
async fn read_v2(socket: &mut TcpStream) -> io::Result<Option<SocketAddr>> {
    let mut fixed = [0u8; 16];
    socket.read_exact(&mut fixed).await?;
    let length = usize::from(u16::from_be_bytes([fixed[14], fixed[15]]));
    if length > V2_MAX {
        return Err(bad("a PROXY v2 address block too long"));
    }
    let mut block = vec![0u8; length];
    socket.read_exact(&mut block).await?;
    parse_v2(&fixed, &block)
}

/// `PROXY TCP4|TCP6 <source> <destination> <source port> <destination port>\r\n`, or
/// `PROXY UNKNOWN ...\r\n` (no client named).
pub fn parse_v1(line: &[u8]) -> io::Result<Option<SocketAddr>> {
    let line = line
        .strip_suffix(b"\r\n")
        .and_then(|l| std::str::from_utf8(l).ok())
        .ok_or_else(|| bad("a PROXY line not ended by CRLF"))?;
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        ["PROXY", "UNKNOWN", ..] => Ok(None),
        ["PROXY", family @ ("TCP4" | "TCP6"), source, _, port, _] => {
            let ip: IpAddr = source.parse().map_err(|_| bad("a PROXY source address"))?;
            if ip.is_ipv4() != (family == "TCP4") {
                return Err(bad("a PROXY address of another family"));
            }
            let port = port.parse().map_err(|_| bad("a PROXY source port"))?;
            Ok(Some(SocketAddr::new(ip, port)))
        }
        _ => Err(bad("a PROXY line that is not one")),
    }
}

/// A version 2 header: `fixed` (signature, version and command, family, length) and its
/// address `block`.
pub fn parse_v2(fixed: &[u8; 16], block: &[u8]) -> io::Result<Option<SocketAddr>> {
    if &fixed[..12] != V2 || fixed[12] >> 4 != 2 {
        return Err(bad("a PROXY v2 header that is not one"));
    }
    match (fixed[12] & 0x0f, fixed[13]) {
        // LOCAL: the balancer's own connection (a health check).
        (0, _) => Ok(None),
        (1, 0x11) if block.len() >= 12 => {
            let ip = Ipv4Addr::new(block[0], block[1], block[2], block[3]);
            let port = u16::from_be_bytes([block[8], block[9]]);
            Ok(Some(SocketAddr::new(ip.into(), port)))
        }
        (1, 0x21) if block.len() >= 36 => {
            let mut octets = [0u8; 16];
            octets.copy_from_slice(&block[..16]);
            let port = u16::from_be_bytes([block[32], block[33]]);
            Ok(Some(SocketAddr::new(Ipv6Addr::from(octets).into(), port)))
        }
        (1, 0x11 | 0x21) => Err(bad("a PROXY v2 address block too short")),
        // Another family (UNIX sockets, UDP, unspecified): no client address to use.
        (1, _) => Ok(None),
        _ => Err(bad("a PROXY v2 command that is not one")),
    }
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn v2(command: u8, family: u8, block: &[u8]) -> [u8; 16] {
        let mut fixed = [0u8; 16];
        fixed[..12].copy_from_slice(V2);
        fixed[12] = 0x20 | command;
        fixed[13] = family;
        fixed[14..].copy_from_slice(&(block.len() as u16).to_be_bytes());
        fixed
    }

    #[test]
    fn version_1_names_the_client() {
        let line = b"PROXY TCP4 10.1.2.3 192.168.0.9 40000 6912\r\n";
        assert_eq!(
            parse_v1(line).unwrap(),
            Some("10.1.2.3:40000".parse().unwrap())
        );
        let line = b"PROXY TCP6 2001:db8::7 2001:db8::1 4000 6912\r\n";
        assert_eq!(
            parse_v1(line).unwrap(),
            Some("[2001:db8::7]:4000".parse().unwrap())
        );
        assert_eq!(parse_v1(b"PROXY UNKNOWN\r\n").unwrap(), None);
        for wrong in [
            &b"PROXY TCP4 10.1.2.3 192.168.0.9 40000 6912"[..],
            b"PROXY TCP4 2001:db8::7 192.168.0.9 1 2\r\n",
            b"PROXY TCP4 10.1.2.3 192.168.0.9 70000 6912\r\n",
            b"PROXY UDP4 10.1.2.3 192.168.0.9 1 2\r\n",
            b"PROXY TCP4 10.1.2.3\r\n",
        ] {
            assert!(
                parse_v1(wrong).is_err(),
                "{}",
                String::from_utf8_lossy(wrong)
            );
        }
    }

    #[test]
    fn version_2_names_the_client() {
        let block = [10, 1, 2, 3, 192, 168, 0, 9, 0x9c, 0x40, 0x1b, 0x00];
        let addr = parse_v2(&v2(1, 0x11, &block), &block).unwrap();
        assert_eq!(addr, Some("10.1.2.3:40000".parse().unwrap()));
        let mut block6 = [0u8; 36];
        block6[15] = 7;
        block6[32..34].copy_from_slice(&4000u16.to_be_bytes());
        let addr = parse_v2(&v2(1, 0x21, &block6), &block6).unwrap();
        assert_eq!(addr, Some("[::7]:4000".parse().unwrap()));
        assert_eq!(
            parse_v2(&v2(0, 0, &[]), &[]).unwrap(),
            None,
            "a health check"
        );
        assert!(parse_v2(&v2(1, 0x11, &block[..8]), &block[..8]).is_err());
        assert!(parse_v2(&v2(5, 0x11, &block), &block).is_err());
        let mut wrong = v2(1, 0x11, &block);
        wrong[0] = b'X';
        assert!(parse_v2(&wrong, &block).is_err());
    }

    #[test]
    fn a_start_tells_a_header_from_a_game_line() {
        assert!(could_be(b"PRO", V1) && could_be(b"PROXY TCP4", V1));
        assert!(!could_be(b"PLAY 4o", V1) && !could_be(b"N ana", V1));
        assert!(could_be(b"\r\n\r", V2) && !could_be(b"\r\n", b"N"));
    }

    proptest! {
        /// Any bytes at all: an address or an error, never a panic.
        #[test]
        fn any_header_is_read_or_refused(line in proptest::collection::vec(any::<u8>(), 0..120),
                                         fixed in any::<[u8; 16]>(),
                                         block in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = parse_v1(&line);
            let _ = parse_v2(&fixed, &block);
        }
    }
}
