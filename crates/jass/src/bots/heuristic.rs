//! A rule-based player: chooses the trumpf by what its hand is worth in each mode and
//! plays cards the way a careful human does.

use super::hand_value::estimate;
use super::knowledge::Knowledge;
use super::Strategy;
use crate::rules::{legal_cards, suit_cards, Mode};
use crate::{team_of, Action, Game, Phase, Seat, View};
use cards::{Card, CardSet, GameRng};

/// Push the choice to the partner when the best mode is expected to bring less than
/// this (point difference times the multiplier).
const SCHIEBE_BELOW: f64 = 85.0;
/// Spend a trump on a trick of a non-trump suit only if it brings at least this many
/// card points (or it is the last trick).
const RUFF_WORTH: u32 = 20;
/// How much less attractive a low lead is in a suit whose top card the partner cannot hold.
const PARTNER_TOP: u32 = 15;
/// What keeping a card that is sure to take a trick later is worth.
const BOSS_KEEP: u32 = 20;
/// How much less a sure winner is worth giving to a partner than its points.
const SMEAR_BOSS_KEEP: i32 = 20;

/// Plays by rules of thumb.
///
/// Trumpf: declares the mode with the best estimated worth for its hand (times the
/// multiplier), or pushes with a weak hand. Cards: when the partner is sure to take the
/// trick it gives it points ("smearing"); otherwise it takes the trick as cheaply as is
/// safe from the opponents still to play, spends trumps only on tricks worth it, and
/// throws its least useful card when it cannot win. Leading, the declaring team pulls
/// trumps with the top trump (or plays a small one back to a declaring partner); anyone
/// cashes cards that are sure to win and cannot be ruffed; otherwise it leads low,
/// preferably in a suit whose top card the partner may hold.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

impl Strategy<Game> for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        match (view.public.phase, view.public.mode) {
            (Phase::Choosing { pushed, .. }, _) => choose_mode(view, !pushed),
            (_, Some(mode)) => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Play(card) => Some(*card),
                        _ => None,
                    })
                    .collect();
                if cards.is_empty() {
                    legal[0]
                } else {
                    Action::Play(play_card(&Knowledge::new(view, mode), cards))
                }
            }
            _ => legal[0],
        }
    }
}

/// The heuristic's move for `seat` straight from a game (the seat must be the one to
/// act): what [`HeuristicBot::choose`] would pick from the seat's view, without building
/// the view or the list of actions. Rollouts run on this.
pub(crate) fn act(game: &Game, seat: Seat) -> Option<Action> {
    match (game.phase(), game.mode()) {
        (Phase::Choosing { pushed, .. }, _) => Some(choose_mode(&game.view(seat), !pushed)),
        (Phase::Playing, Some(mode)) => {
            let legal = legal_cards(game.hand(seat), &game.table, mode);
            let card = match legal.len() {
                0 => return None,
                1 => legal.iter().next()?,
                _ => play_card(&Knowledge::from_game(game, seat, mode), legal),
            };
            Some(Action::Play(card))
        }
        _ => None,
    }
}

/// The mode worth most for this hand, or schiebe when none is worth enough.
pub(crate) fn choose_mode(view: &View, may_push: bool) -> Action {
    let (mode, value) = best_mode(view);
    if may_push && value < SCHIEBE_BELOW {
        Action::Schiebe
    } else {
        Action::Choose(mode)
    }
}

/// The mode with the best estimated worth for the seat's hand, and that worth.
pub(crate) fn best_mode(view: &View) -> (Mode, f64) {
    Mode::ALL
        .into_iter()
        .map(|mode| {
            let factor = f64::from(view.public.config.factor(mode));
            (mode, factor * estimate(view.hand, mode))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((Mode::Obeabe, 0.0))
}

/// The card to play from `legal` (not empty).
pub(crate) fn play_card(k: &Knowledge, legal: CardSet) -> Card {
    if k.table.is_empty() {
        lead(k, legal)
    } else {
        follow(k, legal)
    }
}

/// What giving `card` away costs beyond its points: trumps and sure winners are worth
/// keeping, low cards are not.
fn keep_value(k: &Knowledge, card: Card) -> u32 {
    let points = k.points(card);
    if k.is_trump(card) {
        points + 10 + 3 * u32::from(k.power(card))
    } else if k.is_boss(card) {
        points + BOSS_KEEP
    } else {
        points + u32::from(k.power(card)) / 2
    }
}

/// The card of `set` that minimizes `cost`, if any.
fn cheapest(set: CardSet, mut cost: impl FnMut(Card) -> u32) -> Option<Card> {
    set.iter().min_by_key(|&c| cost(c))
}

/// Leading a trick.
fn lead(k: &Knowledge, legal: CardSet) -> Card {
    if let Some(trumpf) = k.mode.trumpf() {
        let trumps = legal.intersection(suit_cards(trumpf));
        // The declaring team pulls the opponents' trumps with the top trump.
        if k.we_declared && k.opponents_may_trump() {
            if let Some(top) = trumps.iter().max_by_key(|&c| k.power(c)) {
                if k.is_boss(top) {
                    return top;
                }
                // The partner declared: play a small trump to it.
                if !k.i_declared {
                    if let Some(low) = trumps.iter().min_by_key(|&c| k.power(c)) {
                        return low;
                    }
                }
            }
        }
    }
    // Cash a card that is sure to take the trick.
    let sure = legal
        .iter()
        .filter(|&c| k.is_boss(c) && !ruffable(k, c))
        .max_by_key(|&c| (k.points(c), k.hand.intersection(suit_cards(c.suit())).len()));
    if let Some(card) = sure {
        return card;
    }
    // Otherwise lead low, from a suit the opponents cannot ruff, keeping trumps.
    let side: CardSet = legal.iter().filter(|&c| !k.is_trump(c)).collect();
    let pool = if side.is_empty() { legal } else { side };
    let partner = crate::partner_of(k.seat);
    cheapest(pool, |c| {
        let ruff = if ruffable(k, c) { 6 } else { 0 };
        let help = if k.may_hold_top(partner, c.suit()) {
            0
        } else {
            PARTNER_TOP
        };
        keep_value(k, c) + ruff + help
    })
    .unwrap_or_else(|| legal.iter().next().expect("legal is not empty"))
}

/// Whether an opponent may trump a lead of `card` (void in its suit, holding a trump).
fn ruffable(k: &Knowledge, card: Card) -> bool {
    let Some(trumpf) = k.mode.trumpf() else {
        return false;
    };
    if card.suit() == trumpf {
        return false;
    }
    let trumps = suit_cards(trumpf);
    (0..4)
        .filter(|&s| team_of(s) != team_of(k.seat))
        .any(|s| k.void(s, card.suit()) && !k.possible[s].intersection(trumps).is_empty())
}

/// Playing onto a trick already led.
fn follow(k: &Knowledge, legal: CardSet) -> Card {
    let Some((winning, winner)) = k.winning() else {
        return lead(k, legal);
    };
    let opponents = k.opponents_after();
    let partner_winning = team_of(winner) == team_of(k.seat);
    if partner_winning && !k.beatable_by(winning, opponents) {
        return smear(k, legal);
    }
    let trick = k.table_points() + if k.tricks_done == 8 { 5 } else { 0 };
    let to_beat = k.strength(winning);
    let winners: CardSet = legal.iter().filter(|&c| k.strength(c) > to_beat).collect();
    let safe: CardSet = winners
        .iter()
        .filter(|&c| !k.beatable_by(c, opponents))
        .collect();
    let worth = |c: Card| {
        let ruff = k.is_trump(c) && k.lead() != Some(c.suit());
        !ruff || trick + k.points(c) >= RUFF_WORTH || k.tricks_done == 8
    };
    let take =
        cheapest(safe, |c| keep_value(k, c).saturating_sub(k.points(c))).filter(|&c| worth(c));
    if let Some(card) = take {
        return card;
    }
    if !partner_winning && !k.partner_after() {
        // Last word for our side: make the opponents pay with a strong non-trump card.
        let forcing = winners
            .iter()
            .filter(|&c| !k.is_trump(c))
            .max_by_key(|&c| k.power(c));
        if let Some(card) = forcing.filter(|_| trick >= RUFF_WORTH) {
            return card;
        }
    }
    discard(k, legal)
}

/// The partner is sure to take the trick: give it the most points that cost little.
fn smear(k: &Knowledge, legal: CardSet) -> Card {
    legal
        .iter()
        .max_by_key(|&c| {
            let points = k.points(c) as i32;
            let keep = if k.is_trump(c) {
                20 + i32::from(k.power(c)) * 3
            } else if k.is_boss(c) && k.tricks_done < 8 {
                SMEAR_BOSS_KEEP
            } else {
                0
            };
            (points - keep, -i32::from(k.power(c)))
        })
        .unwrap_or_else(|| legal.iter().next().expect("legal is not empty"))
}

/// Nothing worth winning with: give up the least useful card.
fn discard(k: &Knowledge, legal: CardSet) -> Card {
    cheapest(legal, |c| keep_value(k, c))
        .unwrap_or_else(|| legal.iter().next().expect("legal is not empty"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Position};
    use cards::{seeded_rng, Rank, Suit};

    fn card(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    /// A deal numbered `number` with these hands (ranks per suit: hearts, diamonds,
    /// clubs, spades).
    fn game(number: u32, hands: [[&[Rank]; 4]; 4]) -> Game {
        let hands = hands.map(|suits| {
            let mut set = CardSet::EMPTY;
            for (ranks, suit) in
                suits
                    .iter()
                    .zip([Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades])
            {
                set.extend(ranks.iter().map(|&r| card(r, suit)));
            }
            set
        });
        let position = Position {
            totals: [0, 0],
            number,
            hands,
        };
        Game::from_position(Config::default(), seeded_rng(1), position)
            .expect("a valid deal")
            .0
    }

    use Rank::*;
    const DEAL: [[&[Rank]; 4]; 4] = [
        [
            &[Ace, King, Queen, Jack],
            &[Ace, King, Queen, Jack],
            &[Ace],
            &[],
        ],
        [
            &[Nine, Eight, Six],
            &[Ten, Nine, Eight, Seven],
            &[],
            &[Ace, King],
        ],
        [
            &[Ten, Seven],
            &[Six],
            &[King, Queen, Jack, Ten, Nine, Eight],
            &[],
        ],
        [
            &[],
            &[],
            &[Seven, Six],
            &[Queen, Jack, Ten, Nine, Eight, Seven, Six],
        ],
    ];

    fn choice(game: &Game, seat: Seat) -> Action {
        let legal = game.legal_actions(seat);
        HeuristicBot.choose(&game.view(seat), &legal, &mut seeded_rng(1))
    }

    #[test]
    fn declares_obeabe_with_runs_of_top_cards_and_pushes_a_weak_hand() {
        let g = game(1, DEAL);
        assert_eq!(choice(&g, 0), Action::Choose(Mode::Obeabe));
        // Seat 1 (deal 2) holds neither runs nor trumpf strength.
        let g = game(2, DEAL);
        assert_eq!(choice(&g, 1), Action::Schiebe);
        let mut g = g;
        g.apply(1, Action::Schiebe).unwrap();
        assert!(
            matches!(choice(&g, 3), Action::Choose(_)),
            "pushed: must choose"
        );
    }

    #[test]
    fn smears_points_onto_a_partner_sure_to_win_and_never_overtakes_it() {
        let mut g = game(1, DEAL);
        g.apply(0, Action::Choose(Mode::Obeabe)).unwrap();
        // Seat 0 leads the ace: nothing can beat it.
        g.apply(0, Action::Play(card(Ace, Suit::Hearts))).unwrap();
        g.apply(1, Action::Play(card(Six, Suit::Hearts))).unwrap();
        assert_eq!(choice(&g, 2), Action::Play(card(Ten, Suit::Hearts)));
    }

    #[test]
    fn gives_the_partner_the_ten_when_its_ace_holds() {
        let mut g = game(1, DEAL);
        g.apply(0, Action::Choose(Mode::Obeabe)).unwrap();
        g.apply(0, Action::Play(card(Ace, Suit::Clubs))).unwrap();
        // Seat 1 has no clubs; seat 2 follows low; seat 3 cannot beat the ace.
        g.apply(1, Action::Play(card(Seven, Suit::Diamonds)))
            .unwrap();
        let legal = g.legal_actions(2);
        assert!(legal.len() > 1);
        let played = choice(&g, 2);
        // The partner's ace is the top club: give it the most points that cost little.
        assert_eq!(played, Action::Play(card(Ten, Suit::Clubs)));
    }
}
