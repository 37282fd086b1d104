//! Where each seat stands in the round, as the table message shows it.

/// A seat's state, one of the protocol's status letters ([`Status::letter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The seat must act now (play, pass or swap).
    Active,
    /// The seat passed, or was skipped, this round.
    Passed,
    /// The seat holds cards and waits for its turn.
    Waiting,
    /// The seat has played its last card (it has a rank).
    Out,
    /// The seat left the hand (disconnected), or no one sits there.
    Gone,
}

impl Status {
    /// The table message's letter: `a`, `p`, `w` (waiting and out share it: "has played,
    /// new round, or out of cards") or `d` (disconnected).
    pub fn letter(self) -> char {
        match self {
            Status::Active => 'a',
            Status::Passed => 'p',
            Status::Waiting | Status::Out => 'w',
            Status::Gone => 'd',
        }
    }
}
