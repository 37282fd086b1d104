//! Notes: what changes a recorded game besides the seats' actions. Each is written in
//! the action log as `# TEXT`; the texts are those parlor has always stored, so older
//! logs replay too.

use std::fmt;

/// Something that changed a game without being a seat's action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The player in `seat` left the hand; it goes on without the seat (Warlords).
    Left { seat: usize },
    /// The team without `seat` won because that seat's player left or missed a
    /// deadline (Jass).
    Forfeit { seat: usize },
    /// The player in `seat` left; a CPU player plays the seat from now on (course
    /// Truco, Mahjong). The game itself does not change.
    CpuTookOver { seat: usize },
    /// `name` sat down in `seat` at the game under way (a Warlords evening, whose next
    /// hand deals them in): the seat is theirs from now on, in its story too.
    Sat { seat: usize, name: String },
    /// The table asked the game for its next step, which nobody's action takes (the
    /// next hand of a Warlords evening, or its end).
    Next,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Left { seat } => write!(f, "leave {seat}"),
            Note::Forfeit { seat } => write!(f, "forfeit {seat}"),
            Note::CpuTookOver { seat } => write!(f, "seat {seat} left; a CPU player took over"),
            Note::Sat { seat, name } => write!(f, "sit {seat} {name}"),
            Note::Next => write!(f, "next"),
        }
    }
}

impl Note {
    /// The note in words for a story, `name` naming a seat (a game's story may tell its
    /// own notes more closely).
    pub fn in_words(&self, name: impl Fn(usize) -> String) -> String {
        match self {
            Note::Left { seat } => format!("{} left", name(*seat)),
            Note::Forfeit { seat } => format!("{} forfeits", name(*seat)),
            Note::CpuTookOver { seat } => format!(
                "{} left; a CPU player plays the seat from now on",
                name(*seat)
            ),
            Note::Sat { name: who, .. } => format!("{who} sits down at the table"),
            Note::Next => "The next hand is dealt".to_owned(),
        }
    }

    /// A note read back from its text; `None` if it is none of parlor's.
    pub fn parse(text: &str) -> Option<Note> {
        if let Some(seat) = text.strip_prefix("leave ") {
            return Some(Note::Left {
                seat: seat.parse().ok()?,
            });
        }
        if let Some(rest) = text.strip_prefix("sit ") {
            let (seat, name) = rest.split_once(' ')?;
            return Some(Note::Sat {
                seat: seat.parse().ok()?,
                name: name.to_owned(),
            });
        }
        if text == "next" {
            return Some(Note::Next);
        }
        if let Some(seat) = text.strip_prefix("forfeit ") {
            return Some(Note::Forfeit {
                seat: seat.parse().ok()?,
            });
        }
        let seat = text
            .strip_prefix("seat ")?
            .strip_suffix(" left; a CPU player took over")?;
        Some(Note::CpuTookOver {
            seat: seat.parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_through_their_stored_text() {
        for note in [
            Note::Left { seat: 3 },
            Note::Forfeit { seat: 0 },
            Note::CpuTookOver { seat: 2 },
            Note::Sat {
                seat: 6,
                name: "Ana Lu".into(),
            },
            Note::Next,
        ] {
            assert_eq!(Note::parse(&note.to_string()), Some(note));
        }
        assert_eq!(Note::parse("leave x"), None);
        assert_eq!(Note::parse("something else"), None);
    }
}
