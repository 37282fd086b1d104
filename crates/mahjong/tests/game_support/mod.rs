//! Shared helpers of the `game_*` tests: tiles from Tenhou notation, walls laid out so a
//! hand deals exactly the tiles a test wants, and short ways to act.
#![allow(dead_code)] // each test file uses its own share of the helpers

use cards::seeded_rng;
use mahjong::game::wall::{
    break_start, dead_position, dora_wall_index, live_position, replacement_index,
};
use mahjong::{Action, Event, Game, Kind, Pending, Rules, Seat, Setup, Tile};

/// Kinds from notation like `"123m 55p 0s 7z"`: digits then a suit letter (m, p, s, z
/// for honours 1-7 = E S W N white green red); `0` is a red five (here: a five).
pub fn kinds(notation: &str) -> Vec<(Kind, bool)> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in notation.chars().filter(|c| !c.is_whitespace()) {
        if let Some(d) = c.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        let base = match c {
            'm' => 0,
            'p' => 9,
            's' => 18,
            'z' => 27,
            _ => panic!("bad suit {c:?} in {notation:?}"),
        };
        for d in digits.drain(..) {
            let (number, red) = if d == 0 { (5, true) } else { (d, false) };
            out.push((Kind::new(base + number - 1).expect("a kind"), red));
        }
    }
    assert!(digits.is_empty(), "digits without a suit in {notation:?}");
    out
}

/// The kind of one tile in notation (`"5m"`, `"7z"`).
pub fn kind(notation: &str) -> Kind {
    let all = kinds(notation);
    assert_eq!(all.len(), 1, "{notation:?} is not one tile");
    all[0].0
}

/// Hands out physical tiles without repeating one: red fives only when asked for.
pub struct Pool {
    used: [bool; 136],
}

impl Default for Pool {
    fn default() -> Pool {
        Pool { used: [false; 136] }
    }
}

impl Pool {
    /// An unused tile of `kind` (the red five if `red`, a plain copy otherwise).
    pub fn take(&mut self, kind: Kind, red: bool) -> Tile {
        let tile = (0..4)
            .map(|i| Tile::new(kind.index() as u8 * 4 + i).unwrap())
            .find(|t| !self.used[t.id() as usize] && t.is_red_five() == red)
            .unwrap_or_else(|| panic!("no {} left (red: {red})", kind));
        self.used[tile.id() as usize] = true;
        tile
    }

    /// Unused tiles for `notation`.
    pub fn tiles(&mut self, notation: &str) -> Vec<Tile> {
        kinds(notation)
            .into_iter()
            .map(|(k, red)| self.take(k, red))
            .collect()
    }

    /// Every tile not handed out yet, in id order.
    pub fn rest(&mut self) -> Vec<Tile> {
        let rest: Vec<Tile> = Tile::all()
            .filter(|t| !self.used[t.id() as usize])
            .collect();
        for t in &rest {
            self.used[t.id() as usize] = true;
        }
        rest
    }
}

/// A hand to deal: what each seat gets and what comes off the walls after.
pub struct Script<'a> {
    /// The dice.
    pub dice: [u8; 2],
    /// Dealer turns already played (0: East 1, seat 0 deals).
    pub round: u8,
    pub honba: u8,
    pub sticks: u8,
    pub scores: [i32; 4],
    /// Each seat's 13 tiles, by seat (not by wind).
    pub hands: [&'a str; 4],
    /// Live draws in order from the dealer's first (its 14th tile).
    pub draws: &'a str,
    /// Replacement tiles r00, r01, ...
    pub replacements: &'a str,
    /// Dora-wall tiles a0, a1, a2, ... (a0 is the first dora indicator, a1 its ura).
    pub dora_wall: &'a str,
    /// The last live tile (haitei) of a hand without kans.
    pub last: &'a str,
}

impl Default for Script<'_> {
    fn default() -> Self {
        Script {
            dice: [3, 4],
            round: 0,
            honba: 0,
            sticks: 0,
            scores: [25_000; 4],
            hands: [""; 4],
            draws: "",
            replacements: "",
            dora_wall: "",
            last: "",
        }
    }
}

impl Script<'_> {
    /// The wall that deals this script; unnamed positions get the leftover tiles.
    pub fn wall(&self) -> [Tile; 136] {
        let mut pool = Pool::default();
        let mut wall: [Option<Tile>; 136] = [None; 136];
        let start = break_start(self.dice[0] + self.dice[1]);
        let dealer = usize::from(self.round % 4);
        let hands: Vec<Vec<Tile>> = self.hands.iter().map(|h| pool.tiles(h)).collect();
        for (hand, notation) in hands.iter().zip(self.hands) {
            assert!(
                hand.is_empty() || hand.len() == 13,
                "{notation:?} is not 13 tiles"
            );
        }
        let mut next = [0usize; 4];
        for k in 0..52u8 {
            let seat = if k < 48 {
                (dealer + usize::from(k / 4)) % 4
            } else {
                (dealer + usize::from(k - 48)) % 4
            };
            if let Some(&tile) = hands[seat].get(next[seat]) {
                wall[usize::from(live_position(start, k))] = Some(tile);
            }
            next[seat] += 1;
        }
        for (i, tile) in pool.tiles(self.draws).into_iter().enumerate() {
            wall[usize::from(live_position(start, 52 + i as u8))] = Some(tile);
        }
        for (r, tile) in pool.tiles(self.replacements).into_iter().enumerate() {
            let j = replacement_index(r as u8);
            wall[usize::from(dead_position(start, j))] = Some(tile);
        }
        for (a, tile) in pool.tiles(self.dora_wall).into_iter().enumerate() {
            let j = dora_wall_index(a as u8);
            wall[usize::from(dead_position(start, j))] = Some(tile);
        }
        for tile in pool.tiles(self.last) {
            wall[usize::from(live_position(start, 121))] = Some(tile);
        }
        let mut rest = pool.rest().into_iter();
        wall.map(|t| t.unwrap_or_else(|| rest.next().expect("136 tiles")))
    }

    /// The game dealt from this script, and the events of the deal.
    pub fn start(&self) -> (Game, Vec<Event>) {
        self.start_with(Rules::default())
    }

    /// [`Script::start`] under other rules.
    pub fn start_with(&self, rules: Rules) -> (Game, Vec<Event>) {
        let setup = Setup {
            wall: self.wall(),
            dice: self.dice,
            round: self.round,
            honba: self.honba,
            sticks: self.sticks,
            scores: self.scores,
        };
        Game::from_setup(rules, seeded_rng(99), setup).expect("a valid setup")
    }
}

/// Applies an action that must be legal, checking that `legal_actions` listed it.
pub fn act(game: &mut Game, seat: Seat, action: Action) -> Vec<Event> {
    assert!(
        game.legal_actions(seat).contains(&action),
        "{action:?} by seat {seat} is not listed in {:?}",
        game.legal_actions(seat)
    );
    game.apply(seat, action)
        .unwrap_or_else(|e| panic!("{action:?} by seat {seat}: {e}"))
}

/// The seat's tile of this kind (a plain copy, or the red five with `"0m"`-style).
pub fn tile_of(game: &Game, seat: Seat, notation: &str) -> Tile {
    let (k, red) = kinds(notation)[0];
    game.find_tile(seat, k, red)
        .unwrap_or_else(|| panic!("seat {seat} holds no {notation}"))
}

/// The seat on turn discards a tile of this kind.
pub fn discard(game: &mut Game, seat: Seat, notation: &str) -> Vec<Event> {
    let tile = tile_of(game, seat, notation);
    act(game, seat, Action::Discard(tile))
}

/// Every seat that owes an answer passes; returns the events of the last pass.
pub fn pass_all(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let Pending::Claims(owed) = game.pending() {
        let seat = owed.iter().next().unwrap();
        events = act(game, seat, Action::Pass);
    }
    events
}

/// Discards, then everyone passes: the events of both.
pub fn discard_and_pass(game: &mut Game, seat: Seat, notation: &str) -> Vec<Event> {
    let mut events = discard(game, seat, notation);
    events.extend(pass_all(game));
    events
}

/// The seat on turn discards the tile it drew, then everyone passes.
pub fn tsumogiri(game: &mut Game, seat: Seat) -> Vec<Event> {
    let tile = game.drawn_tile().expect("a drawn tile");
    let mut events = act(game, seat, Action::Discard(tile));
    events.extend(pass_all(game));
    events
}

/// The moves among `events`.
pub fn moves(events: &[Event]) -> Vec<mahjong::Move> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            _ => None,
        })
        .collect()
}

/// The win events among `events`.
pub fn wins(events: &[Event]) -> Vec<mahjong::Win> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Win(w) => Some((**w).clone()),
            _ => None,
        })
        .collect()
}

/// The draw event among `events`, if any.
pub fn draw_of(events: &[Event]) -> Option<(mahjong::DrawKind, [i32; 4])> {
    events.iter().find_map(|e| match e {
        Event::Draw(drawn) => Some((drawn.kind, drawn.deltas)),
        _ => None,
    })
}

/// The seat on turn declares riichi with a tile of this kind.
pub fn riichi(game: &mut Game, seat: Seat, notation: &str) -> Vec<Event> {
    let tile = tile_of(game, seat, notation);
    act(game, seat, Action::Riichi(tile))
}
