//! What a client can work out for itself about its own win: the context it saw (winds,
//! dora indicators, riichi, ippatsu, the wall count, where its winning tile came from),
//! scored with the `mahjong` crate and compared with the server's `win` breakdown.

use super::kind;
use mahjong::{evaluate, Meld, MeldKind, Payment, Tile, WinContext, Wind};

/// The table as one client saw it during a hand.
#[derive(Debug, Default)]
pub struct Context {
    pub round: Option<Wind>,
    pub my_wind: Option<Wind>,
    pub dora: Vec<String>,
    pub ura: Vec<String>,
    pub wall_draws: u32,
    pub replacements: u32,
    /// Calls and kongs by anyone (they end ippatsu and first-turn specials).
    pub calls: u32,
    pub my_discards: u32,
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu_open: bool,
    /// The last tile this client drew, and whether it came from the replacement wall.
    pub last_draw: Option<(String, bool)>,
    /// This client's melds (pon and chi; the test clients never kong), by meld number.
    pub melds: Vec<Vec<String>>,
}

pub fn wind(letter: &str) -> Wind {
    match letter {
        "e" => Wind::East,
        "s" => Wind::South,
        "w" => Wind::West,
        _ => Wind::North,
    }
}

/// Physical tiles for faces: distinct copies per kind, the red five as copy 0.
fn tiles(faces: &[&str]) -> Vec<Tile> {
    let mut used = [0u8; 34];
    faces
        .iter()
        .map(|f| {
            let k = kind(f);
            let red = f.as_bytes()[1] == b'0';
            let five = k.number() == Some(5) && k.suit().is_some();
            let copy = if red {
                0
            } else {
                used[k.index()] += 1;
                used[k.index()] - 1 + u8::from(five)
            };
            Tile::new(k.index() as u8 * 4 + copy).expect("a tile")
        })
        .collect()
}

impl Context {
    /// The breakdown entries the server should send (without honba and sticks), and the
    /// payment, for this client's win with `hand` (its concealed tiles at the win, the
    /// winning tile included for tsumo) on `win_face`.
    pub fn expected(
        &self,
        hand: &[String],
        win_face: &str,
        tsumo: bool,
    ) -> (Vec<(String, i64)>, i64) {
        let mut concealed: Vec<&str> = hand.iter().map(String::as_str).collect();
        if tsumo {
            let at = concealed
                .iter()
                .position(|t| *t == win_face)
                .expect("the drawn tile");
            concealed.remove(at);
        }
        let mut all = concealed.clone();
        for meld in &self.melds {
            all.extend(meld.iter().map(String::as_str));
        }
        all.push(win_face);
        let physical = tiles(&all);
        let (win, rest) = physical.split_last().expect("tiles");
        let (rest, mut meld_tiles) = rest.split_at(concealed.len());
        let melds: Vec<Meld> = self
            .melds
            .iter()
            .map(|m| {
                let (these, others) = meld_tiles.split_at(m.len());
                meld_tiles = others;
                let pon = these.iter().all(|t| t.kind() == these[0].kind());
                Meld {
                    kind: if pon { MeldKind::Pon } else { MeldKind::Chi },
                    tiles: [these[0], these[1], these[2], these[2]],
                    called: Some(these[0]),
                    from: Some(0),
                }
            })
            .collect();
        let dora: Vec<&str> = self.dora.iter().map(String::as_str).collect();
        let ura: Vec<&str> = self.ura.iter().map(String::as_str).collect();
        let dora = tiles(&dora);
        let ura = tiles(&ura);
        let remaining = 122 - self.wall_draws - self.replacements;
        let rinshan = tsumo && self.last_draw.as_ref().is_some_and(|(_, r)| *r);
        let ctx = WinContext {
            tsumo,
            riichi: self.riichi,
            double_riichi: self.double_riichi,
            ippatsu: self.riichi && self.ippatsu_open,
            haitei: tsumo && remaining == 0 && !rinshan,
            houtei: !tsumo && remaining == 0,
            rinshan,
            chankan: false,
            first_turn: tsumo && self.calls == 0 && self.my_discards == 0,
            seat_wind: self.my_wind,
            round_wind: self.round,
            dora_indicators: &dora,
            ura_indicators: if self.riichi { &ura } else { &[] },
            red_fives: true,
        };
        let agari = evaluate(rest, &melds, *win, &ctx).expect("the server's win is a win");
        let mut entries: Vec<(String, i64)> = agari
            .yaku
            .iter()
            .map(|(y, han)| (y.name().to_owned(), i64::from(*han)))
            .collect();
        for (what, n) in [
            ("Dora", agari.dora),
            ("Red fives", agari.aka),
            ("Ura dora", agari.ura),
        ] {
            if n > 0 {
                entries.push((what.to_owned(), i64::from(n)));
            }
        }
        if agari.fu > 0 {
            entries.push(("Fu".to_owned(), i64::from(agari.fu)));
        }
        let dealer = self.my_wind == Some(Wind::East);
        let paid = match agari.payment(dealer, tsumo) {
            Payment::Ron(p) => p,
            Payment::DealerTsumo(each) => 3 * each,
            Payment::Tsumo { dealer, other } => dealer + 2 * other,
        };
        (entries, i64::from(paid))
    }
}
