//! Who is at the other end of a connection, as far as a table may trust it: the address
//! it comes from and, for parlor's own clients, a seat token.
//!
//! Names and addresses prove little: people behind one address (a school, a café, a
//! reverse proxy) share it, and anyone may type anyone's name. So a seat is taken back by
//! its name only while its owner is away and only from the owner's address; a connection
//! that is still open is replaced only by one holding the same [`SeatToken`], a secret
//! parlor's web client makes for itself (`/ws/<protocol>?token=...`) and keeps for its
//! tab. [`may_take`] is that rule, used by every game.

use std::net::SocketAddr;

/// Shortest and longest token accepted: long enough not to be guessed, short enough to
/// cost nothing to keep.
const TOKEN_LEN: std::ops::RangeInclusive<usize> = 16..=64;

/// A secret a client holds for the seats it sits in.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

impl SeatToken {
    /// A token from a client: 16 to 64 letters, digits, `-` or `_`; anything else is
    /// no token.
    pub fn parse(text: &str) -> Option<SeatToken> {
        let fits = TOKEN_LEN.contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        fits.then(|| SeatToken(text.to_owned()))
    }

    /// A fresh token the server gives out (32 random hex digits).
    pub fn random() -> SeatToken {
        SeatToken(format!("{:032x}", rand::random::<u128>()))
    }

    /// The token in a request's query string (`token=...`), if a valid one is there.
    pub fn from_query(query: Option<&str>) -> Option<SeatToken> {
        query?
            .split('&')
            .find_map(|pair| pair.strip_prefix("token="))
            .and_then(SeatToken::parse)
    }

    /// The token's text, to hand a relayed connection's token to the node that serves
    /// it (`cluster::relay`); never for a log.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Compared in time that does not depend on where they first differ.
    fn matches(&self, other: &SeatToken) -> bool {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
    }
}

/// Never printed: a token in a log would let its reader take the seat.
impl std::fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

/// The other end of a connection.
#[derive(Clone, Debug)]
pub struct Peer {
    pub addr: SocketAddr,
    /// The client's seat token, if it sent one.
    pub token: Option<SeatToken>,
}

impl Peer {
    /// A client known by its address alone (every TCP client).
    pub fn at(addr: SocketAddr) -> Peer {
        Peer { addr, token: None }
    }
}

/// Who holds a seat, as the rule of taking it back needs them.
#[derive(Clone, Copy, Debug)]
pub struct Holder<'a> {
    pub name: &'a str,
    pub addr: std::net::IpAddr,
    pub token: Option<&'a SeatToken>,
}

/// Whether `claimant` may take the seat `holder` holds. With the holder's token, yes,
/// whether the holder is still connected (a reload) or `away`. Without it, only a seat
/// whose holder is away, by its exact name (not a case or look-alike variant) from the
/// holder's address.
pub fn may_take(holder: Holder<'_>, away: bool, claimant: Holder<'_>) -> bool {
    if let (Some(held), Some(given)) = (holder.token, claimant.token) {
        if held.matches(given) {
            return true;
        }
    }
    away && holder.name == claimant.name && holder.addr == claimant.addr
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn holder<'a>(name: &'a str, addr: [u8; 4], token: Option<&'a SeatToken>) -> Holder<'a> {
        Holder {
            name,
            addr: IpAddr::from(addr),
            token,
        }
    }

    #[test]
    fn tokens_are_long_plain_and_found_in_a_query() {
        assert!(SeatToken::parse("short").is_none());
        assert!(SeatToken::parse(&"a".repeat(65)).is_none());
        assert!(SeatToken::parse("0123456789abcdef|").is_none());
        let token = SeatToken::parse("0123456789abcdef").unwrap();
        assert_eq!(format!("{token:?}"), "SeatToken(..)");
        let found = SeatToken::from_query(Some("x=1&token=0123456789abcdef")).unwrap();
        assert!(found.matches(&token));
        assert!(SeatToken::from_query(Some("token=bad")).is_none());
        assert!(SeatToken::from_query(None).is_none());
    }

    #[test]
    fn a_seat_is_taken_by_its_token_or_while_away_by_its_exact_name_and_address() {
        let mine = SeatToken::parse("0123456789abcdef").unwrap();
        let other = SeatToken::parse("fedcba9876543210").unwrap();
        let owner = holder("ana", [10, 0, 0, 1], Some(&mine));
        // The owner's own token, from anywhere, also over a live connection.
        assert!(may_take(
            owner,
            false,
            holder("x", [9, 9, 9, 9], Some(&mine))
        ));
        // A namesake at the same address never takes a live seat.
        assert!(!may_take(owner, false, holder("ana", [10, 0, 0, 1], None)));
        assert!(!may_take(
            owner,
            false,
            holder("ana", [10, 0, 0, 1], Some(&other))
        ));
        // An away seat: the exact name from the same address.
        assert!(may_take(owner, true, holder("ana", [10, 0, 0, 1], None)));
        assert!(!may_take(owner, true, holder("ANA", [10, 0, 0, 1], None)));
        assert!(!may_take(owner, true, holder("ana", [10, 0, 0, 2], None)));
    }
}
