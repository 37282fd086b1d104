//! Riichi mahjong as a [`parlor_game::Game`]: four seats; a seat's score is its points.

use super::{Action, Actions, Event, Game, RuleError, Rules, Seat, View};
use crate::{Kind, Tile};

impl parlor_game::Game for Game {
    type Rules = Rules;
    type Action = Action;
    type Actions = Actions;
    type Events = Vec<Event>;
    type Refusal = RuleError;
    type View<'a> = View<'a>;

    parlor_game::inherent_game_methods!();

    fn start(rules: &Rules, rng: parlor_game::GameRng) -> (Game, Vec<Event>) {
        Game::new(*rules, rng)
    }

    fn rules(&self) -> Rules {
        Game::rules(self)
    }

    fn seats(&self) -> usize {
        4
    }

    /// Places as the game ranks them: equal points go to the seat nearer the first
    /// dealer.
    fn outcome(&self) -> Option<parlor_game::Outcome> {
        if !self.is_over() {
            return None;
        }
        let ranks = self.ranks();
        Some(parlor_game::Outcome {
            places: ranks.iter().map(|&r| u32::from(r)).collect(),
            points: self.scores().iter().map(|&p| i64::from(p)).collect(),
        })
    }

    /// The next hand, once the last one is over (a server waits for every person's
    /// `ack` first).
    fn advance(&mut self) -> Option<Vec<Event>> {
        self.next_hand().ok()
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.scores()[seat])
    }

    /// The seat whose turn it is, or the seats that still owe an answer to a discard:
    /// the seats with a legal action, without working the actions out (a turn's include
    /// a riichi check per tile in hand, and a table asks after every change).
    fn to_act(&self) -> impl Iterator<Item = Seat> + '_ {
        let seats = match self.pending() {
            super::Pending::Turn(seat) => super::SeatSet::EMPTY.with(seat),
            super::Pending::Claims(owed) => owed,
            super::Pending::HandOver | super::Pending::GameOver => super::SeatSet::EMPTY,
        };
        seats.iter()
    }
}

impl parlor_game::Projected for Game {
    type Event = Event;

    fn events(events: &Vec<Event>) -> &[Event] {
        events
    }

    /// A move whose face the seat may not see keeps only its places: the physical tile
    /// (which names its kind) is replaced by the first tile and its face by `Nobody`.
    fn for_seat(event: &Event, seat: Seat) -> Option<Event> {
        match event {
            Event::Move(m) if !m.is_for(seat) => None,
            Event::Move(m) if m.face_for(seat).is_none() => Some(Event::Move(super::Move {
                tile: crate::Tile::new(0).expect("tile 0 exists"),
                shown: super::Shown::Nobody,
                ..*m
            })),
            event => Some(event.clone()),
        }
    }

    fn starts_hand(event: &Event) -> bool {
        matches!(event, Event::NewHand { .. })
    }
}

/// `discard 5m.2`, `riichi 5m.2`, `tsumo`, `ankan 5m`, `kakan 5m`, `nine terminals`,
/// `pass`, `ron`, `chi 3m.1 4m.0`, `pon 5m.1 5m.3`, `kan 5m.1 5m.2 5m.3`. A tile is its
/// kind in Tenhou's short form and which of its four copies it is (`5m.0` is the red
/// five when red fives play), so a replay takes the very tile the player took.
impl parlor_game::Notation for Game {
    fn write_notation(action: &Action, out: &mut String) {
        let (verb, tiles): (&str, &[Tile]) = match action {
            Action::Discard(tile) => ("discard", std::slice::from_ref(tile)),
            Action::Riichi(tile) => ("riichi", std::slice::from_ref(tile)),
            Action::Chi(two) => ("chi", two),
            Action::Pon(two) => ("pon", two),
            Action::Daiminkan(three) => ("kan", three),
            // A kan of the hand's own tiles is named by its kind alone.
            Action::Ankan(_) => ("ankan", &[]),
            Action::Kakan(_) => ("kakan", &[]),
            Action::Tsumo => ("tsumo", &[]),
            Action::NineTerminals => ("nine terminals", &[]),
            Action::Pass => ("pass", &[]),
            Action::Ron => ("ron", &[]),
        };
        out.push_str(verb);
        if let Action::Ankan(kind) | Action::Kakan(kind) = action {
            out.push(' ');
            out.push_str(kind.short());
        }
        for &tile in tiles {
            out.push(' ');
            push_tile_word(tile, out);
        }
    }

    fn read(text: &str) -> Option<Action> {
        let words: Vec<&str> = text.split(' ').collect();
        let tile = |word: &str| read_tile(word);
        Some(match words[..] {
            ["discard", t] => Action::Discard(tile(t)?),
            ["riichi", t] => Action::Riichi(tile(t)?),
            ["tsumo"] => Action::Tsumo,
            ["ankan", k] => Action::Ankan(read_kind(k)?),
            ["kakan", k] => Action::Kakan(read_kind(k)?),
            ["nine", "terminals"] => Action::NineTerminals,
            ["pass"] => Action::Pass,
            ["ron"] => Action::Ron,
            ["chi", a, b] => Action::Chi([tile(a)?, tile(b)?]),
            ["pon", a, b] => Action::Pon([tile(a)?, tile(b)?]),
            ["kan", a, b, c] => Action::Daiminkan([tile(a)?, tile(b)?, tile(c)?]),
            _ => return None,
        })
    }
}

/// A physical tile in the notation: `5m.2`, its kind and copy.
fn push_tile_word(tile: Tile, out: &mut String) {
    out.push_str(tile.kind().short());
    out.push('.');
    out.push(char::from(b'0' + tile.id() % 4));
}

/// Reads [`push_tile_word`]'s form.
fn read_tile(word: &str) -> Option<Tile> {
    let (kind, copy) = word.split_once('.')?;
    let copy: u8 = match copy.as_bytes() {
        [digit @ b'0'..=b'3'] => digit - b'0',
        _ => return None,
    };
    Tile::new(u8::try_from(read_kind(kind)?.index()).ok()? * 4 + copy)
}

/// Reads a kind in Tenhou's short form as [`Kind`]'s `Display` writes it (`5m`, `7z`).
fn read_kind(word: &str) -> Option<Kind> {
    let (base, top) = match word.as_bytes() {
        [_, b'm'] => (0, 9),
        [_, b'p'] => (9, 9),
        [_, b's'] => (18, 9),
        [_, b'z'] => (27, 7),
        _ => return None,
    };
    let n = word.as_bytes()[0].checked_sub(b'1')?;
    (n < top).then(|| Kind::new(base + n))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_game::Notation;

    /// The notation is what stored games are replayed from: these words never change.
    #[test]
    fn the_notation_is_pinned() {
        let t = |id| Tile::new(id).unwrap();
        let k = |index| Kind::new(index).unwrap();
        let pinned = [
            (Action::Discard(t(16)), "discard 5m.0"),
            (Action::Riichi(t(135)), "riichi 7z.3"),
            (Action::Tsumo, "tsumo"),
            (Action::Ankan(k(4)), "ankan 5m"),
            (Action::Kakan(k(27)), "kakan 1z"),
            (Action::NineTerminals, "nine terminals"),
            (Action::Pass, "pass"),
            (Action::Ron, "ron"),
            (Action::Chi([t(37), t(42)]), "chi 1p.1 2p.2"),
            (Action::Pon([t(72), t(73)]), "pon 1s.0 1s.1"),
            (Action::Daiminkan([t(0), t(1), t(2)]), "kan 1m.0 1m.1 1m.2"),
        ];
        for (action, text) in pinned {
            assert_eq!(Game::notate(&action), text);
            assert_eq!(Game::read(text), Some(action));
        }
        for junk in [
            "",
            "discard",
            "discard 5m",
            "discard 5m.4",
            "discard 0m.0",
            "ankan 8z",
            "chi 1p.1",
        ] {
            assert_eq!(Game::read(junk), None, "{junk:?}");
        }
    }
}
