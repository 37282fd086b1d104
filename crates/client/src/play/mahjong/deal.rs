//! One hand of mahjong as the server's `move`s describe it. mmj1 is an "intelligent
//! terminal" protocol: the server never says "Bo discards c5", it moves the tile from
//! `h2` to `d2`, so everything the screen shows (our tiles, the discards, the melds, the
//! dora, whose turn it is, the tile up for claiming) is kept here from the moves, as the
//! browser client does.

use super::tiles::{same_kind, show, show_all};
use mahjong::game::Place as Wire;

/// A place a tile moves between, as far as this client cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// `wNNN`: the live wall.
    Wall,
    /// `rNN`: the replacement tiles drawn after a kan.
    Replacement,
    /// `aN`: the dora wall; even places are indicators, odd ones the ura under them.
    DoraWall(usize),
    /// `hX`: a seat's concealed hand.
    Hand(usize),
    /// `dX`: a seat's discards.
    Discards(usize),
    /// `mXN`: a seat's meld N.
    Meld(usize, usize),
    /// `k` or flowers.
    Other,
}

/// The place a move names, as far as this client cares.
fn place(p: Wire) -> Place {
    let seat = usize::from;
    match p {
        Wire::Wall(_) => Place::Wall,
        Wire::Replacement(_) => Place::Replacement,
        Wire::DoraWall(n) => Place::DoraWall(usize::from(n)),
        Wire::Hand(s) => Place::Hand(seat(s)),
        Wire::Discards(s) => Place::Discards(seat(s)),
        Wire::Meld(s, n) => Place::Meld(seat(s), usize::from(n)),
        Wire::Deck | Wire::Flowers(_) => Place::Other,
    }
}

/// A discarded tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Discard {
    pub face: String,
    /// The discard that declared riichi (shown turned).
    pub riichi: bool,
}

/// A meld: its tiles in the order they came, and whose discard it called (none for a
/// concealed kan).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Meld {
    pub tiles: Vec<String>,
    pub from: Option<usize>,
}

impl Meld {
    /// What kind of meld it is, in words.
    fn kind(&self) -> &'static str {
        match (self.tiles.len(), self.from) {
            (4, None) => "concealed kan",
            (4, Some(_)) => "kan",
            _ if self.tiles.windows(2).all(|w| same_kind(&w[0], &w[1])) => "pon",
            _ => "chi",
        }
    }

    /// The meld in words: `pon dr dr dr`, `chi c3 c4 c5`, `kan ...`, `concealed kan ...`.
    pub(super) fn describe(&self) -> String {
        format!("{} {}", self.kind(), show_all(&self.tiles))
    }
}

/// What the tile up for claiming is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OfferKind {
    /// A discard: any call.
    Discard,
    /// A tile added to a pon (kakan): only ron, robbing the kan.
    AddedKan,
    /// A concealed kan: only thirteen orphans may rob it.
    ConcealedKan,
}

/// The last tile others could claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Offer {
    pub who: usize,
    pub face: String,
    pub kind: OfferKind,
    /// Who called it, once called.
    pub taken_by: Option<usize>,
}

/// What the last tile movement was, to tell a tsumo from a ron.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Draw,
    Other,
}

/// Something worth a line in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Happened {
    Discard {
        who: usize,
        face: String,
        riichi: bool,
    },
    /// Meld `n` of `who` is complete (a call or a concealed kan).
    Meld { who: usize, n: usize },
    /// `who` added `face` to a pon.
    AddedKan { who: usize, face: String },
}

/// One hand, from `newhand` to the next.
#[derive(Clone, Debug, Default)]
pub(super) struct Deal {
    /// Our seat.
    me: usize,
    /// Our concealed tiles, as the server spells them.
    pub mine: Vec<String>,
    /// The tile we just drew, while it is in our hand.
    pub drawn: Option<String>,
    /// Other players' hands as revealed at the end of the hand.
    pub shown: [Vec<String>; 4],
    /// Each seat's discards, those called away taken out.
    pub discards: [Vec<Discard>; 4],
    /// Each seat's melds by number (`mXN`).
    pub melds: [[Option<Meld>; 4]; 4],
    /// Dora indicators turned up, and the ura dora under them once shown.
    pub dora: Vec<String>,
    pub ura: Vec<String>,
    /// Tiles in the wall (live and dead), and the kans made: the live tiles left are
    /// their difference (each kan cuts the live wall by one).
    wall: i32,
    kans: i32,
    /// Who plays now: the last to draw or call, or the one after the last discard.
    pub turn: Option<usize>,
    /// The tile last up for claiming.
    pub offer: Option<Offer>,
    last: Option<Last>,
    /// The meld the last move went to: a fourth tile arriving later is an added kan.
    last_meld: Option<(usize, usize)>,
    /// A meld being built (a call or a concealed kan): its tiles come one move at a
    /// time, so it is told in words once the next message shows it complete.
    building: Option<(usize, usize)>,
    /// `riichi` came: the next discard declares it.
    pub riichi_next: bool,
    pub riichi: [bool; 4],
    /// Each seat's last discard or call, in words.
    pub notes: [Option<String>; 4],
}

impl Deal {
    /// A fresh hand, played from seat `me`.
    pub(super) fn new(me: usize) -> Deal {
        Deal {
            me,
            ..Deal::default()
        }
    }

    /// Live tiles left to draw; 0 means the last discard has been made or is due.
    pub(super) fn live(&self) -> i32 {
        self.wall - self.kans
    }

    /// Whether the last tile movement was `seat` drawing (so a win now is a tsumo).
    pub(super) fn just_drew(&self, seat: usize) -> bool {
        self.last == Some(Last::Draw) && self.turn == Some(seat)
    }

    /// Whether anyone has called or made a kan this hand.
    pub(super) fn any_meld(&self) -> bool {
        self.melds.iter().flatten().any(Option::is_some)
    }

    /// Whether our hand is closed: no melds but concealed kans.
    pub(super) fn closed(&self) -> bool {
        self.melds[self.me]
            .iter()
            .flatten()
            .all(|m| m.from.is_none())
    }

    /// Our pons, as their first tile.
    pub(super) fn pons(&self) -> Vec<String> {
        self.melds[self.me]
            .iter()
            .flatten()
            .filter(|m| m.tiles.len() == 3 && m.kind() == "pon")
            .filter_map(|m| m.tiles.first().cloned())
            .collect()
    }

    /// A meld being built is complete: it is told now.
    pub(super) fn settle(&mut self) -> Option<Happened> {
        let (who, n) = self.building.take()?;
        self.notes[who] = self.melds[who][n].as_ref().map(Meld::describe);
        Some(Happened::Meld { who, n })
    }

    /// Takes `move face from to`; returns what is worth telling.
    pub(super) fn apply(&mut self, face: &str, from: Wire, to: Wire) -> Vec<Happened> {
        let mut told = Vec::new();
        let (src, dst) = (place(from), place(to));
        if let Some((who, n)) = self.building {
            if src != Place::Hand(who) || dst != Place::Meld(who, n) {
                told.extend(self.settle());
            }
        }
        if from == to {
            self.reveal(face, src);
            return told;
        }
        match src {
            Place::Wall => self.wall -= 1,
            Place::Replacement => self.kans += 1,
            Place::Hand(s) if s == self.me => self.take(face),
            Place::Discards(s) => {
                self.discards[s].pop();
            }
            _ => {}
        }
        match dst {
            Place::Wall => self.wall += 1,
            Place::Hand(s) => {
                if s == self.me {
                    self.mine.push(face.to_owned());
                }
                if matches!(src, Place::Wall | Place::Replacement) {
                    self.turn = Some(s);
                    self.last = Some(Last::Draw);
                    if s == self.me {
                        self.drawn = Some(face.to_owned());
                    }
                }
            }
            Place::Discards(s) => told.push(self.discarded(s, face)),
            Place::Meld(s, n) => told.extend(self.melded(s, n, face, src)),
            _ => {}
        }
        if !matches!(dst, Place::Hand(_)) {
            self.last = Some(Last::Other);
        }
        self.last_meld = match dst {
            Place::Meld(s, n) => Some((s, n)),
            _ => None,
        };
        told
    }

    /// A tile leaves our hand: that face, or one of its kind, or (lost track) none.
    fn take(&mut self, face: &str) {
        let at = self
            .mine
            .iter()
            .position(|t| t == face)
            .or_else(|| self.mine.iter().position(|t| same_kind(t, face)));
        if let Some(at) = at {
            self.mine.remove(at);
        }
        if self.drawn.as_deref() == Some(face) && !self.mine.iter().any(|t| t == face) {
            self.drawn = None;
        }
    }

    fn discarded(&mut self, s: usize, face: &str) -> Happened {
        let riichi = std::mem::take(&mut self.riichi_next);
        self.discards[s].push(Discard {
            face: face.to_owned(),
            riichi,
        });
        self.riichi[s] |= riichi;
        self.offer = Some(Offer {
            who: s,
            face: face.to_owned(),
            kind: OfferKind::Discard,
            taken_by: None,
        });
        self.turn = Some((s + 1) % 4);
        if s == self.me {
            self.drawn = None;
        }
        let what = if riichi { "riichi with" } else { "discarded" };
        self.notes[s] = Some(format!("{what} {}", show(face)));
        Happened::Discard {
            who: s,
            face: face.to_owned(),
            riichi,
        }
    }

    /// A tile goes to meld `n` of seat `s`: a call (from the discards), a concealed kan
    /// being laid down, or a tile added to a pon.
    fn melded(&mut self, s: usize, n: usize, face: &str, src: Place) -> Option<Happened> {
        let added = self.last_meld != Some((s, n));
        let meld = self.melds[s][n].get_or_insert_with(Meld::default);
        let mut told = None;
        match src {
            Place::Discards(d) => {
                meld.from = Some(d);
                self.turn = Some(s);
                self.building = Some((s, n));
                if let Some(offer) = &mut self.offer {
                    offer.taken_by = Some(s);
                }
            }
            Place::Hand(_) if meld.tiles.len() == 3 && added => {
                self.offer = Some(Offer {
                    who: s,
                    face: face.to_owned(),
                    kind: OfferKind::AddedKan,
                    taken_by: None,
                });
                self.notes[s] = Some(format!("added kan {}", show(face)));
                told = Some(Happened::AddedKan {
                    who: s,
                    face: face.to_owned(),
                });
            }
            Place::Hand(_) if meld.from.is_none() => {
                self.building = Some((s, n));
                if face != "?" {
                    self.offer = Some(Offer {
                        who: s,
                        face: face.to_owned(),
                        kind: OfferKind::ConcealedKan,
                        taken_by: None,
                    });
                }
            }
            _ => {}
        }
        meld.tiles.push(face.to_owned());
        told
    }

    /// A tile moved to its own place: a dora indicator turned up, a hand shown at the
    /// end (ours we know already).
    fn reveal(&mut self, face: &str, at: Place) {
        match at {
            Place::DoraWall(n) if n % 2 == 0 => self.dora.push(face.to_owned()),
            Place::DoraWall(_) => self.ura.push(face.to_owned()),
            Place::Hand(s) if s != self.me => self.shown[s].push(face.to_owned()),
            _ => {}
        }
    }
}
