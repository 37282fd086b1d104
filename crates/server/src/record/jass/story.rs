//! How a stored jass game is told step by step for the replay page (see
//! [`crate::record::story`]).

use super::{config_of, team_name};
use crate::record::entries;
use crate::record::redo;
use crate::record::story::{card_text, name_of, Shot, Step, Story, StoryHand};
use crate::record::{Entry, Note};
use cards::seeded_rng;
use jass::{Events, Game};

/// Tells a finished game of `variant` from `seed` with its `log` deal by deal, naming
/// the seats by `names` (see [`crate::record::story`]).
///
/// A deal is told from its first entry, so a game abandoned right after a deal ends has
/// no empty deal at its end; a forfeit or a leave in a deal is a step of it.
pub fn story(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String> {
    let config = config_of(variant);
    let (mut game, _) = Game::new(config, seeded_rng(seed));
    let mut teller = Teller::new(names, config.multipliers);
    for (at, entry) in entries(log) {
        let entry = entry?;
        teller.begin_if_dealt(&game);
        match entry {
            Entry::Note(note) => teller.note(note, &game),
            Entry::Action { seat, named } => {
                let (action, events) = redo(&mut game, at, seat, named)?;
                teller.action(seat, action, &events);
            }
        }
    }
    Ok(teller.story)
}

/// Writes a Jass story: follows each deal from its events (the engine moves on to the
/// next deal within the action that ends one, so the table is kept here) and adds a step
/// per entry.
struct Teller<'a> {
    names: &'a [String],
    multipliers: bool,
    story: Story,
    /// A deal was dealt that the story has not begun yet.
    dealt: bool,
    /// Whether the deal being told has its result.
    finished: bool,
    hands: [jass::CardSet; 4],
    /// The card each seat played to the trick shown.
    played: [Option<jass::Card>; 4],
    /// The number of the trick shown (0 before the first card).
    trick: usize,
    /// Who took the trick shown, once it is complete.
    taken_by: Option<usize>,
    /// Tricks each team took this deal.
    tricks: [usize; 2],
    /// Who is to choose the trumpf, and who pushed the choice to it.
    choosing: (usize, Option<usize>),
    /// The deal's mode and who chose it.
    mode: Option<(jass::Mode, usize)>,
    deal: [u32; 2],
    totals: [u32; 2],
}

impl<'a> Teller<'a> {
    fn new(names: &'a [String], multipliers: bool) -> Teller<'a> {
        Teller {
            names,
            multipliers,
            story: Story::default(),
            dealt: true,
            finished: false,
            hands: [jass::CardSet::EMPTY; 4],
            played: [None; 4],
            trick: 0,
            taken_by: None,
            tricks: [0; 2],
            choosing: (0, None),
            mode: None,
            deal: [0; 2],
            totals: [0; 2],
        }
    }

    fn name(&self, seat: usize) -> String {
        name_of(self.names, seat)
    }

    /// Begins the deal `game` is at if it was dealt since the last entry (or nothing has
    /// been told yet): its first step is the deal.
    fn begin_if_dealt(&mut self, game: &Game) {
        if !self.dealt && !self.story.hands.is_empty() {
            return;
        }
        self.dealt = false;
        self.finished = false;
        self.hands = std::array::from_fn(|seat| game.hand(seat));
        self.played = [None; 4];
        self.trick = 0;
        self.taken_by = None;
        self.tricks = [0; 2];
        self.choosing = (game.chooser(), None);
        self.mode = None;
        self.deal = game.deal_points();
        self.totals = game.totals();
        let text = format!(
            "Deal {}: {} chooses the trumpf",
            game.deal_number(),
            self.name(game.chooser())
        );
        let step = self.step(None, text);
        self.story.begin_hand(step);
    }

    /// The deal being told (begun by `begin_if_dealt` before every entry).
    fn hand(&mut self) -> &mut StoryHand {
        self.story
            .hands
            .last_mut()
            .expect("a deal is begun before each entry")
    }

    /// A step by `seat` (none: the table's) with the table as it is now.
    fn step(&self, seat: Option<usize>, text: String) -> Step {
        Step {
            seat: seat.map(|s| s + 1),
            text,
            table: self.shot(),
        }
    }

    fn shot(&self) -> Shot {
        let hands = self
            .hands
            .iter()
            .map(|hand| {
                let mut cards: Vec<jass::Card> = hand.iter().collect();
                cards.sort_by_key(|c| (suit_order(c.suit()), c.rank()));
                cards.into_iter().map(card_face).collect()
            })
            .collect();
        let played = self
            .played
            .iter()
            .map(|card| card.map(card_face).into_iter().collect())
            .collect();
        let mut notes = vec![match (self.mode, self.choosing) {
            (Some((mode, by)), _) => format!("{} (chosen by {})", mode_note(mode), self.name(by)),
            (None, (seat, None)) => format!("trumpf: to be chosen by {}", self.name(seat)),
            (None, (seat, Some(by))) => format!(
                "trumpf: to be chosen by {} ({} pushed)",
                self.name(seat),
                self.name(by)
            ),
        }];
        if let (true, Some((mode, _))) = (self.multipliers, self.mode) {
            notes.push(format!("points count ×{}", jass::multiplier(mode)));
        }
        if self.trick > 0 {
            notes.push(match self.taken_by {
                Some(seat) => format!("trick {} of 9, taken by {}", self.trick, self.name(seat)),
                None => format!("trick {} of 9", self.trick),
            });
            notes.push(format!(
                "this deal: Team 1 {} · Team 2 {}",
                self.deal[0], self.deal[1]
            ));
        }
        Shot {
            hands,
            played,
            melds: Vec::new(),
            notes,
            score: format!("Team 1 {} · Team 2 {}", self.totals[0], self.totals[1]),
        }
    }

    /// `seat` did `action`, which brought `events`.
    fn action(&mut self, seat: usize, action: jass::Action, events: &Events) {
        use jass::{Action, Event};
        let mut text = match action {
            Action::Choose(mode) => format!("{} chooses {}", self.name(seat), mode_name(mode)),
            Action::Schiebe => format!(
                "{} pushes (schiebt) to {}",
                self.name(seat),
                self.name(jass::partner_of(seat))
            ),
            Action::Play(card) => {
                format!("{} plays {}", self.name(seat), card_text(&card_face(card)))
            }
        };
        let mut result = None;
        for event in events {
            match *event {
                Event::TrumpfRequested { seat, .. } => self.choosing.0 = seat,
                Event::Pushed { by } => self.choosing.1 = Some(by),
                Event::TrumpfChosen { by, mode } => self.mode = Some((mode, by)),
                Event::Played { seat, card } => {
                    if self.trick == 0 || self.taken_by.is_some() {
                        self.trick += 1;
                        self.taken_by = None;
                        self.played = [None; 4];
                    }
                    self.hands[seat].remove(card);
                    self.played[seat] = Some(card);
                }
                Event::TrickWon {
                    winner,
                    points,
                    totals,
                    deal,
                    ..
                } => {
                    self.taken_by = Some(winner);
                    self.tricks[jass::team_of(winner)] += 1;
                    self.totals = totals;
                    self.deal = deal;
                    text += &format!("; {} takes the trick ({points} points)", self.name(winner));
                }
                Event::DealFinished { totals, deal, .. } => {
                    self.totals = totals;
                    self.deal = deal;
                    let mut line = format!("Team 1 {}, Team 2 {}", deal[0], deal[1]);
                    if self.tricks.contains(&9) {
                        line += " (match)";
                    }
                    result = Some(line);
                }
                Event::GameWon { team, totals, .. } => {
                    let line = format!(
                        "{} wins the game, {} to {}",
                        team_name(team),
                        totals[team],
                        totals[1 - team]
                    );
                    result = Some(match result {
                        Some(deal) => format!("{deal}. {line}"),
                        None => line,
                    });
                }
                Event::DealStarted { .. } => self.dealt = true,
                Event::Dealt { .. } | Event::CardRequested { .. } => {}
            }
        }
        let step = self.step(Some(seat), text);
        let finished = result.is_some();
        let hand = self.hand();
        hand.steps.push(step);
        if let Some(result) = result {
            hand.result = result;
        }
        self.finished |= finished;
    }

    /// A note of the log, told as a step of the table.
    fn note(&mut self, note: Note, game: &Game) {
        let text = match note {
            Note::Forfeit { seat } => {
                let text = format!(
                    "{} forfeits: {} wins the game",
                    self.name(seat),
                    team_name(1 - jass::team_of(seat))
                );
                self.totals = game.totals();
                if !self.finished {
                    self.finished = true;
                    self.hand().result = text.clone();
                }
                text
            }
            Note::Left { seat } => format!("{} left the table", self.name(seat)),
            other => other.in_words(|seat| self.name(seat)),
        };
        let step = self.step(None, text);
        self.hand().steps.push(step);
    }
}

/// Where a suit goes in a hand as the story shows it: the order the trumpf is offered.
fn suit_order(suit: jass::Suit) -> usize {
    jass::Mode::ALL
        .iter()
        .position(|m| m.trumpf() == Some(suit))
        .unwrap_or(0)
}

/// A suit's letter on the replay page.
fn suit_letter(suit: jass::Suit) -> char {
    use jass::Suit;
    match suit {
        Suit::Hearts => 'h',
        Suit::Diamonds => 'd',
        Suit::Clubs => 'c',
        Suit::Spades => 's',
    }
}

/// A card's face for the replay page (`10h`, `Qs`).
pub(super) fn card_face(card: jass::Card) -> String {
    crate::record::story::card_face(card.rank().number(), suit_letter(card.suit()))
}

/// A mode as a chooser announces it: `Hearts as trumpf`, `Obeabe`.
pub(super) fn mode_name(mode: jass::Mode) -> String {
    use jass::{Mode, Suit};
    match mode {
        Mode::Trumpf(suit) => {
            let suit = match suit {
                Suit::Hearts => "Hearts",
                Suit::Diamonds => "Diamonds",
                Suit::Clubs => "Clubs",
                Suit::Spades => "Spades",
            };
            format!("{suit} as trumpf")
        }
        Mode::Obeabe => "Obeabe".to_owned(),
        Mode::Undeufe => "Undeufe".to_owned(),
    }
}

/// A mode as the table's note says it: `trumpf: ♥`, `Obeabe`.
pub(super) fn mode_note(mode: jass::Mode) -> String {
    match mode {
        jass::Mode::Trumpf(suit) => {
            format!("trumpf: {}", card_text(&suit_letter(suit).to_string()))
        }
        jass::Mode::Obeabe => "Obeabe".to_owned(),
        jass::Mode::Undeufe => "Undeufe".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::jass::replay;
    use rand::Rng;

    fn names() -> Vec<String> {
        ["Ana", "Bob", "", "Dan"].map(str::to_owned).to_vec()
    }

    /// A whole game of random legal actions, logged as `GameLog::action` logs them, and
    /// how many actions each deal had.
    fn played_game(variant: &str, seed: u64) -> (Vec<String>, Vec<usize>) {
        let (mut game, _) = Game::new(config_of(variant), seeded_rng(seed));
        let mut rng = seeded_rng(seed ^ 0x5eed);
        let (mut log, mut per_deal) = (Vec::new(), Vec::new());
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions(seat);
            let index = rng.gen_range(0..legal.len());
            let action = legal[index];
            log.push(format!("{seat} {index} {action:?}"));
            let deal = game.deal_number() as usize;
            per_deal.resize(per_deal.len().max(deal), 0);
            per_deal[deal - 1] += 1;
            game.apply(seat, action).unwrap();
        }
        (log, per_deal)
    }

    /// A Jass card face: no 2-5 in its deck.
    fn is_face(face: &str) -> bool {
        crate::record::story::is_card_face(face) && !face.starts_with(['2', '3', '4', '5'])
    }

    #[test]
    fn a_whole_game_is_told_deal_by_deal() {
        let names = names();
        for (variant, seed) in [("multipliers", 7), ("no-multipliers", 8)] {
            let (log, per_deal) = played_game(variant, seed);
            let replayed = replay(variant, seed, &log).unwrap();
            let story = story(variant, seed, &log, &names).unwrap();
            assert_eq!(story.hands.len(), replayed.hands.len());
            assert_eq!(story.hands.len(), per_deal.len());
            for (i, hand) in story.hands.iter().enumerate() {
                assert_eq!(hand.number, i + 1);
                assert_eq!(hand.steps.len(), per_deal[i] + 1, "deal {}", i + 1);
                let deal = &hand.steps[0];
                assert_eq!(deal.seat, None);
                assert!(deal.text.starts_with(&format!("Deal {}: ", i + 1)));
                assert!(deal.table.hands.iter().all(|h| h.len() == 9));
                assert!(hand.result.starts_with("Team 1 "), "{}", hand.result);
                for step in &hand.steps {
                    let table = &step.table;
                    assert_eq!(table.hands.len(), 4);
                    assert_eq!(table.played.len(), 4);
                    assert!(table.melds.is_empty());
                    assert!(table.score.starts_with("Team 1 "));
                    let faces = table.hands.iter().chain(&table.played).flatten();
                    assert!(faces.clone().all(|f| is_face(f)), "{table:?}");
                    if let Some(seat) = step.seat {
                        assert!((1..=4).contains(&seat));
                        assert!(step.text.starts_with(&name_of(&names, seat - 1)));
                    }
                }
            }
            let last = story.hands.last().unwrap();
            assert!(last.result.contains("wins the game"), "{}", last.result);
        }
    }

    #[test]
    fn a_played_card_leaves_the_hand_for_the_table() {
        let (log, _) = played_game("multipliers", 3);
        let story = story("multipliers", 3, &log, &names()).unwrap();
        let steps = &story.hands[0].steps;
        let at = steps
            .iter()
            .position(|s| s.text.contains(" plays "))
            .unwrap();
        let (before, after) = (&steps[at - 1].table, &steps[at].table);
        let seat = steps[at].seat.unwrap() - 1;
        let card = &after.played[seat];
        assert_eq!(card.len(), 1);
        assert!(steps[at].text.ends_with(&card_text(&card[0])));
        assert!(before.hands[seat].contains(&card[0]));
        assert!(!after.hands[seat].contains(&card[0]));
        assert_eq!(after.hands[seat].len(), 8);
        assert!(after.notes.contains(&"trick 1 of 9".to_owned()));
        // The first trick stays on the table until the next card is played.
        let fourth = &steps[at + 3];
        assert!(fourth.text.contains("takes the trick"));
        assert!(fourth.table.played.iter().all(|p| p.len() == 1));
        assert_eq!(steps[at + 4].table.played.iter().flatten().count(), 1);
    }

    #[test]
    fn a_forfeit_ends_the_deal_it_happens_in() {
        let (mut log, _) = played_game("multipliers", 5);
        log.truncate(12);
        log.push("# forfeit 1".to_owned());
        let story = story("multipliers", 5, &log, &names()).unwrap();
        assert_eq!(story.hands.len(), 1);
        let hand = &story.hands[0];
        assert_eq!(hand.steps.len(), 14);
        let last = hand.steps.last().unwrap();
        assert_eq!(last.seat, None);
        assert_eq!(last.text, "Bob forfeits: Team 1 wins the game");
        assert_eq!(hand.result, last.text);
    }

    #[test]
    fn a_log_that_does_not_replay_names_its_entry() {
        let (mut log, _) = played_game("multipliers", 9);
        log.truncate(3);
        log.push("2 40 Schiebe".to_owned());
        let err = story("multipliers", 9, &log, &names()).unwrap_err();
        assert!(err.starts_with("entry 3:"), "{err}");
    }
}
