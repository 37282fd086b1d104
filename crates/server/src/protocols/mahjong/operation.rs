//! mmj1 operations to the rules engine's actions: mmj1 names tile kinds (and whether a
//! red five), the engine wants physical tiles, so the tiles are picked from the hand.

use mahjong::game::{Action, Game};
use parlor_wire::mmj1::{ClientMsg, TileName};

/// The engine action an mmj1 operation asks for, as the action the engine offers when
/// several physical tiles would do.
pub fn action(game: &Game, red_fives: bool, seat: usize, msg: ClientMsg) -> Result<Action, String> {
    let tile = |name: TileName| -> Result<mahjong::Tile, String> {
        match name {
            TileName::Tile { kind, red } => game
                .find_tile(seat, kind, red && red_fives)
                .ok_or_else(|| "you do not hold that tile".to_owned()),
            TileName::Bonus { .. } => Err("riichi mahjong has no flowers or seasons".into()),
            TileName::Hidden => Err("name the tile".into()),
        }
    };
    let action = match msg {
        ClientMsg::Discard(t) => Action::Discard(tile(t)?),
        ClientMsg::Riichi(t) => Action::Riichi(tile(t)?),
        ClientMsg::Out => {
            let legal = game.legal_actions(seat);
            if legal.contains(&Action::NineTerminals) && !legal.contains(&Action::Tsumo) {
                Action::NineTerminals
            } else {
                Action::Tsumo
            }
        }
        ClientMsg::ConcealedKong(t) => Action::Ankan(kind_of(t)?),
        ClientMsg::PungKong(t) => Action::Kakan(kind_of(t)?),
        ClientMsg::Claim(tiles) => claim(game, red_fives, seat, tiles)?,
        ClientMsg::Swap(_) => return Err("riichi mahjong has no swap".into()),
        ClientMsg::Ron => Action::Ron,
        ClientMsg::Pass => Action::Pass,
        ClientMsg::Hello(_) | ClientMsg::Ack | ClientMsg::Fill | ClientMsg::Chat { .. } => {
            return Err("not a game operation".into())
        }
    };
    Ok(as_offered(action, || game.legal_actions(seat)))
}

/// `claim T T T`: the hand's tiles that go with the discard; `?` third for pon or chi.
fn claim(
    game: &Game,
    red_fives: bool,
    seat: usize,
    names: [TileName; 3],
) -> Result<Action, String> {
    let Some((_, discard)) = game.claim_tile() else {
        return Err("there is no tile to claim".into());
    };
    let kinds: Vec<(mahjong::Kind, bool)> = names
        .iter()
        .filter_map(|n| match n {
            TileName::Tile { kind, red } => Some((*kind, *red && red_fives)),
            _ => None,
        })
        .collect();
    if names.iter().any(|n| matches!(n, TileName::Bonus { .. })) {
        return Err("riichi mahjong has no flowers or seasons".into());
    }
    let hidden_third = names[2] == TileName::Hidden;
    if kinds.len() != if hidden_third { 2 } else { 3 } {
        return Err("claim names two tiles and ?, or three tiles for a kong".into());
    }
    let tiles = pick(game, seat, &kinds)?;
    Ok(match tiles.len() {
        3 => Action::Daiminkan([tiles[0], tiles[1], tiles[2]]),
        _ if kinds.iter().all(|(k, _)| *k == discard.kind()) => Action::Pon([tiles[0], tiles[1]]),
        _ => Action::Chi([tiles[0], tiles[1]]),
    })
}

/// Distinct physical tiles of the named kinds from `seat`'s hand.
fn pick(
    game: &Game,
    seat: usize,
    kinds: &[(mahjong::Kind, bool)],
) -> Result<Vec<mahjong::Tile>, String> {
    let hand = game.hand(seat);
    let mut chosen: Vec<mahjong::Tile> = Vec::new();
    for &(kind, red) in kinds {
        let candidates = hand
            .iter()
            .filter(|t| t.kind() == kind && !chosen.contains(t))
            .filter(|t| !red || t.is_red_five());
        // Prefer plain copies unless the red five was named.
        let tile = candidates
            .clone()
            .find(|t| red || !t.is_red_five())
            .or_else(|| candidates.clone().next());
        match tile {
            Some(t) => chosen.push(*t),
            None => return Err("you do not hold those tiles".into()),
        }
    }
    Ok(chosen)
}

/// The kind named in `ckong`/`pkong`.
fn kind_of(name: TileName) -> Result<mahjong::Kind, String> {
    match name {
        TileName::Tile { kind, .. } => Ok(kind),
        TileName::Bonus { .. } => Err("riichi mahjong has no flowers or seasons".into()),
        TileName::Hidden => Err("name the tile".into()),
    }
}

/// The engine's own form of a call. A client names the kinds of the tiles it calls with
/// (and whether a red five), not physical tiles, while the engine offers one pair per
/// shape; taking the offered action of the same shape changes nothing in the game and
/// keeps the action log replayable (it records actions by their place among the offered
/// ones).
fn as_offered<L: std::ops::Deref<Target = [Action]>>(
    action: Action,
    legal: impl FnOnce() -> L,
) -> Action {
    fn shape(action: &Action) -> Option<(u8, Vec<(mahjong::Kind, bool)>)> {
        let (call, tiles): (u8, &[mahjong::Tile]) = match action {
            Action::Pon(pair) => (0, pair),
            Action::Chi(pair) => (1, pair),
            Action::Daiminkan(three) => (2, three),
            _ => return None,
        };
        let mut tiles: Vec<_> = tiles.iter().map(|t| (t.kind(), t.is_red_five())).collect();
        tiles.sort_unstable();
        Some((call, tiles))
    }
    // Only a call can be offered in another shape; the legal moves (a riichi check per
    // tile in hand) are worked out for nothing else.
    let Some(wanted) = shape(&action) else {
        return action;
    };
    let legal = legal();
    if legal.contains(&action) {
        return action;
    }
    legal
        .iter()
        .find(|offered| shape(offered).as_ref() == Some(&wanted))
        .copied()
        .unwrap_or(action)
}
