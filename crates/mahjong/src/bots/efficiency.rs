//! A tile-efficiency player: it races to a winning hand and never defends.
//!
//! - It always takes a win (tsumo or ron).
//! - It discards the tile that leaves the lowest shanten, then the most tiles that would
//!   improve the hand (ukeire, counting only copies it has not seen), then the least
//!   valuable tile (honours that are no yaku first, dora and middle tiles last).
//! - It declares riichi as soon as its closed hand is tenpai, on the discard that leaves
//!   the most winning tiles, and declares every legal kan.
//! - It pons a pair of dragons or of its seat or the round's wind (a yaku); once open
//!   that way it also pons and chis whatever lowers its shanten. Otherwise it passes.

use super::Strategy;
use crate::hand::{best_discards, shanten};
use crate::tile::{Kind, Tile};
use crate::{Action, Game, View};
use arrayvec::ArrayVec;
use cards::GameRng;

/// Plays for speed: shanten first, acceptance second.
#[derive(Clone, Copy, Debug, Default)]
pub struct EfficiencyBot;

impl Strategy<Game> for EfficiencyBot {
    fn name(&self) -> &'static str {
        "efficiency"
    }

    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let always = |a: &&Action| {
            matches!(
                a,
                Action::Tsumo | Action::Ron | Action::Ankan(_) | Action::Kakan(_)
            )
        };
        if let Some(&action) = legal.iter().find(always) {
            return action;
        }
        if legal.contains(&Action::Pass) {
            return claim(view, legal);
        }
        let riichi = tiles_of(legal, |a| match a {
            Action::Riichi(t) => Some(t),
            _ => None,
        });
        if let Some(tile) = best_discard(view, &riichi) {
            return Action::Riichi(tile);
        }
        let discards = tiles_of(legal, |a| match a {
            Action::Discard(t) => Some(t),
            _ => None,
        });
        best_discard(view, &discards).map_or(legal[0], Action::Discard)
    }
}

fn tiles_of(legal: &[Action], pick: impl Fn(Action) -> Option<Tile>) -> ArrayVec<Tile, 14> {
    legal.iter().filter_map(|&a| pick(a)).collect()
}

/// The call to make on the tile up for claiming, or `Pass`.
fn claim(view: &View, legal: &[Action]) -> Action {
    let Some((_, tile)) = view.claim() else {
        return Action::Pass;
    };
    let seat = view.seat();
    let kind = tile.kind();
    let yakuhai = kind.is_dragon()
        || kind.as_wind() == Some(view.seat_wind(seat))
        || kind.as_wind() == Some(view.round_wind());
    let open = view.melds(seat).iter().any(|m| m.is_open());
    // A closed hand calls nothing but a pon of a yaku tile, which needs no count.
    if !open {
        let pon = legal.iter().find(|a| matches!(a, Action::Pon(_)));
        return pon.filter(|_| yakuhai).copied().unwrap_or(Action::Pass);
    }
    let counts = crate::counts(view.hand());
    let now = shanten(&counts);
    let improves = |used: &[Tile]| {
        let mut after = counts;
        for t in used {
            after[t.kind().index()] -= 1;
        }
        shanten(&after) < now
    };
    for &action in legal {
        let take = match action {
            Action::Pon(pair) => yakuhai || improves(&pair),
            Action::Chi(pair) => improves(&pair),
            _ => false,
        };
        if take {
            return action;
        }
    }
    Action::Pass
}

/// The discard among `candidates` that keeps the hand fastest, or `None` if there are
/// none.
fn best_discard(view: &View, candidates: &[Tile]) -> Option<Tile> {
    let first = candidates.first()?.kind();
    // One kind to choose from (a hand in riichi lets go of what it draws): nothing to
    // weigh.
    if candidates.iter().all(|t| t.kind() == first) {
        return plain_copy(candidates, first);
    }
    let hand = crate::counts(view.hand());
    let dora: ArrayVec<Kind, 5> = view
        .dora_indicators()
        .iter()
        .map(|t| t.kind().dora_from_indicator())
        .collect();
    let kinds: ArrayVec<Kind, 14> = candidates.iter().map(|t| t.kind()).collect();
    let (kind, _) = best_discards(&hand, &kinds, &view.seen_counts())
        .into_iter()
        .min_by_key(|&(kind, accepted)| {
            (
                std::cmp::Reverse(accepted),
                keep_value(view, kind, &dora),
                kind,
            )
        })?;
    plain_copy(candidates, kind)
}

/// Of the candidates of `kind`, a plain copy rather than a red five.
fn plain_copy(candidates: &[Tile], kind: Kind) -> Option<Tile> {
    candidates
        .iter()
        .copied()
        .filter(|t| t.kind() == kind)
        .min_by_key(|t| t.is_red_five())
}

/// How much a kind is worth keeping, all else equal: dora most, then middle numbers,
/// then terminals, then honours that make a yaku, then other honours.
fn keep_value(view: &View, kind: Kind, dora: &[Kind]) -> u8 {
    let dora_bonus = 10 * dora.iter().filter(|&&d| d == kind).count() as u8;
    let shape = match kind.number() {
        Some(n) => 2 + n.min(10 - n),
        None => {
            let wind = kind.as_wind();
            let yakuhai = kind.is_dragon()
                || wind == Some(view.seat_wind(view.seat()))
                || wind == Some(view.round_wind());
            u8::from(yakuhai)
        }
    };
    dora_bonus + shape
}
