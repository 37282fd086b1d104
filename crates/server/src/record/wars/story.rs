//! How a stored wars game is told step by step for the replay page (see
//! [`crate::record::story`]).

use super::evening;
use super::{redeal, redo};
use crate::record::entries;
use crate::record::generic::redo_note;
use crate::record::story::Story;
use crate::record::story::{card_text, name_of, Shot, Step, StoryHand};
use crate::record::story::{face, joined};
use crate::record::{Entry, Note};
use president::{in_order, Action, CardSet, Event, Events, Hand, Seat, Status, THREE_OF_CLUBS};
use president::{EveningEvent, Order};

/// Tells a hand of `variant` from `seed` with its `log` step by step (see
/// [`crate::record::story`]): one [`StoryHand`], as each hand is a game in the store;
/// `names` are the seats' names in seat order (the hand's social order).
pub fn story(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String> {
    let (mut hand, events) = redeal(variant, seed)?;
    let mut teller = Teller::new(names.to_vec());
    let deal = teller.deal_text(&hand, &events);
    teller.push(&hand, None, deal);
    for (at, entry) in entries(log) {
        let entry = entry?;
        let (seat, note) = match entry {
            Entry::Action { seat, .. } => (Some(seat), None),
            Entry::Note(ref note) => (None, Some(note.clone())),
        };
        let (action, events) = redo(&mut hand, at, entry)?;
        let text = match (seat, action, note) {
            (Some(seat), Some(action), _) => teller.says(seat, action, hand.players()),
            (_, _, Some(note)) => teller.note_text(note),
            _ => String::new(),
        };
        let clauses: Vec<String> = (events.iter())
            .filter_map(|event| teller.absorb(event, action.is_none()))
            .collect();
        let text = joined(text, &clauses);
        teller.push(&hand, seat, text);
    }
    let mut story = Story::default();
    finish(&mut story, teller);
    Ok(story)
}

/// Cards in the replay page's faces, lowest first.
fn faces(cards: CardSet) -> Vec<String> {
    in_order(cards).map(face).collect()
}

/// Cards in a step's words, lowest first (`7♦ 7♥`).
fn said(cards: CardSet) -> String {
    let words: Vec<String> = in_order(cards).map(|c| card_text(&face(c))).collect();
    words.join(" ")
}

/// A place in the finishing order in words (0: "1st").
fn ordinal(place: usize) -> String {
    let n = place + 1;
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Tells a hand while it is replayed: the steps so far and what the engine's state does
/// not keep (the last play shown after its round ended, who left).
struct Teller {
    /// The hand's seats' names, in the hand's seat order (social order).
    names: Vec<String>,
    steps: Vec<Step>,
    /// The last play and who made it: it stays in front of them until the next play.
    shown: Option<(Seat, CardSet)>,
    /// Seats that went out, in order.
    out: Vec<Seat>,
    /// Seats that left the hand holding cards.
    left: Vec<Seat>,
    /// How the hand ended, once it has.
    result: Option<String>,
}

impl Teller {
    /// A teller of a hand dealt to `names`, in social order.
    fn new(names: Vec<String>) -> Teller {
        Teller {
            names,
            steps: Vec::new(),
            shown: None,
            out: Vec::new(),
            left: Vec::new(),
            result: None,
        }
    }

    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }

    /// The deal, in words: who opens, or who swaps with whom.
    fn deal_text(&self, hand: &Hand, events: &Events) -> String {
        let players = hand.players();
        let swap = events.iter().find_map(|event| match *event {
            Event::SwapTaken { from, to, card } => Some((from, to, card)),
            _ => None,
        });
        match (swap, hand.active()) {
            (Some((from, to, card)), _) => format!(
                "The hand is dealt to {players} players; {} (warlord) swaps with {} \
                 (scumbag): {}'s highest card, {}, goes to {}",
                self.name(to),
                self.name(from),
                self.name(from),
                card_text(&face(card)),
                self.name(to)
            ),
            (None, Some(opener)) if hand.needs_three_of_clubs() => format!(
                "The first hand is dealt to {players} players; {} holds {} and opens",
                self.name(opener),
                card_text(&face(THREE_OF_CLUBS))
            ),
            (None, Some(opener)) => format!(
                "The hand is dealt to {players} players; {} opens",
                self.name(opener)
            ),
            (None, None) => format!("The hand is dealt to {players} players"),
        }
    }

    /// What `seat` did at a table of `players`, in words.
    fn says(&self, seat: Seat, action: Action, players: usize) -> String {
        let who = self.name(seat);
        match action {
            Action::Play(cards) => format!("{who} plays {}", said(cards)),
            Action::Pass => format!("{who} passes"),
            Action::Swap(card) => format!(
                "{who} gives {} to {} (swap)",
                card_text(&face(card)),
                self.name(players - 1)
            ),
        }
    }

    /// A note of the log, in words.
    fn note_text(&self, note: Note) -> String {
        match note {
            Note::Left { seat } => format!(
                "{} leaves the hand; their cards are out of play",
                self.name(seat)
            ),
            other => other.in_words(|seat| self.name(seat)),
        }
    }

    /// Takes one event in; what it adds to the step's words, if anything. `noted`: the
    /// step is a note's, so a swap in its events is told too.
    fn absorb(&mut self, event: &Event, noted: bool) -> Option<String> {
        match *event {
            Event::Played {
                seat,
                cards,
                skipped,
            } => {
                self.shown = Some((seat, cards));
                skipped.map(|s| format!("{} is skipped", self.name(s)))
            }
            Event::RoundCleared { next } => Some(format!(
                "the round is over; {} leads the next",
                self.name(next)
            )),
            Event::WentOut { seat, rank } => {
                self.out.push(seat);
                Some(format!("{} goes out ({})", self.name(seat), ordinal(rank)))
            }
            Event::SwapGiven { from, to, card } if noted => Some(format!(
                "{} gives {} to {} first (swap)",
                self.name(from),
                card_text(&face(card)),
                self.name(to)
            )),
            Event::Left { seat } => {
                if !self.out.contains(&seat) {
                    self.left.push(seat);
                }
                None
            }
            Event::HandOver { order } => {
                let order = order.to_vec();
                let (first, last) = (order.first()?, order.last()?);
                self.result = Some(format!(
                    "{} is warlord, {} scumbag; finishing order: {}",
                    self.name(*first),
                    self.name(*last),
                    self.order(&order)
                ));
                Some("the hand is over".to_owned())
            }
            Event::Passed { .. }
            | Event::Dealt { .. }
            | Event::SwapTaken { .. }
            | Event::SwapGiven { .. } => None,
        }
    }

    /// A finishing order in words: "1. Ana, 2. Bob, 3. Cy (left)".
    fn order(&self, order: &[Seat]) -> String {
        let places: Vec<String> = (order.iter().enumerate())
            .map(|(i, &seat)| {
                let gone = if self.left.contains(&seat) {
                    " (left)"
                } else {
                    ""
                };
                format!("{}. {}{gone}", i + 1, self.name(seat))
            })
            .collect();
        places.join(", ")
    }

    /// The table now.
    fn shot(&self, hand: &Hand) -> Shot {
        let players = hand.players();
        let mut notes = Vec::new();
        if hand.ranked() {
            notes.push(format!(
                "ranks: {} warlord · {} scumbag",
                self.name(0),
                self.name(players - 1)
            ));
        } else {
            notes.push(format!(
                "first hand: {} opens",
                card_text(&face(THREE_OF_CLUBS))
            ));
        }
        if let Some(card) = hand.swap_card() {
            notes.push(format!(
                "{} took {} from {} and gives a card back",
                self.name(0),
                card_text(&face(card)),
                self.name(players - 1)
            ));
        }
        match (hand.active(), hand.last_player()) {
            (Some(active), Some(last)) => notes.push(format!(
                "to beat: {} ({}) · {} to play",
                said(hand.last_play()),
                self.name(last),
                self.name(active)
            )),
            (Some(active), None) if !hand.swap_pending() => {
                notes.push(format!("new round: {} leads", self.name(active)))
            }
            _ => {}
        }
        let passed: Vec<String> = (0..players)
            .filter(|&s| hand.status(s) == Status::Passed)
            .map(|s| self.name(s))
            .collect();
        if !passed.is_empty() {
            notes.push(format!("passed: {}", passed.join(", ")));
        }
        let score = if hand.is_over() {
            format!(
                "finishing order: {}",
                self.order(&hand.finishing_order().to_vec())
            )
        } else {
            let mut score = if self.out.is_empty() {
                "nobody is out yet".to_owned()
            } else {
                format!("out so far: {}", self.order(&self.out))
            };
            if !self.left.is_empty() {
                let left: Vec<String> = self.left.iter().map(|&s| self.name(s)).collect();
                score += &format!(" · left: {}", left.join(", "));
            }
            score
        };
        Shot {
            hands: (0..players).map(|s| faces(hand.cards(s))).collect(),
            played: (0..players)
                .map(|s| match self.shown {
                    Some((seat, cards)) if seat == s => faces(cards),
                    _ => Vec::new(),
                })
                .collect(),
            melds: Vec::new(),
            notes,
            score,
        }
    }

    /// A step by `seat` (none for the deal or a note) with the table now.
    fn push(&mut self, hand: &Hand, seat: Option<Seat>, text: String) {
        let table = self.shot(hand);
        self.steps.push(Step {
            seat: seat.map(|s| s + 1),
            text,
            table,
        });
    }
}

/// Tells a Warlords evening of `variant` from `seed` with its `log` step by step, hand by
/// hand as a hand stored on its own is told (every card face up: the evening is over),
/// with the table drawn at the table's seats; `names` are the seats' names as stored
/// (their last players), each hand told with whoever sat in its seats then.
pub fn evening_story(
    variant: &str,
    seed: u64,
    log: &[String],
    names: &[String],
) -> Result<Story, String> {
    let mut game = evening::begin(variant, seed)?;
    let mut names = names.to_vec();
    let mut story = Story::default();
    // The hand being told and the table's seats in it, in social order.
    let mut telling: Option<(Teller, Order)> = None;
    for (at, entry) in entries(log) {
        let (seat, text, events) = match entry? {
            Entry::Note(note) => {
                if let Note::Sat { seat, name } = &note {
                    if let Some(slot) = names.get_mut(*seat) {
                        slot.clone_from(name);
                    }
                }
                let events = redo_note(&mut game, &note).unwrap_or_default();
                // Only a leaving during a hand (the hand's own events follow) is a step.
                let in_hand = events
                    .iter()
                    .any(|e| matches!(e, EveningEvent::Hand { .. }));
                let text = match (&note, &telling) {
                    (Note::Left { seat }, Some((teller, places))) if in_hand => {
                        let at = places.seats().position(|s| s == *seat);
                        at.map(|seat| teller.note_text(Note::Left { seat }))
                    }
                    _ => None,
                };
                (None, text, events)
            }
            Entry::Action { seat, named } => {
                let (action, events) = crate::record::redo::redo(&mut game, at, seat, named)?;
                let text = telling.as_ref().and_then(|(teller, places)| {
                    let at = places.seats().position(|s| s == seat)?;
                    Some(teller.says(at, action, places.len()))
                });
                (Some(seat), text, events)
            }
        };
        for event in &events {
            if let EveningEvent::Dealt { places, .. } = event {
                if let Some((teller, _)) = telling.take() {
                    finish(&mut story, teller);
                }
                let hand_names = places.seats().map(|s| name_of(&names, s)).collect();
                telling = Some((Teller::new(hand_names), *places));
            }
        }
        let Some((teller, places)) = telling.as_mut() else {
            continue;
        };
        let Some((hand, _)) = game.hand() else {
            continue;
        };
        let in_hand: Events = (events.iter())
            .filter_map(|event| match event {
                EveningEvent::Hand { event, .. } => Some(event.clone()),
                _ => None,
            })
            .collect();
        let text = match (text, teller.steps.is_empty()) {
            (_, true) => Some(teller.deal_text(hand, &in_hand)),
            (text, false) => text,
        };
        let Some(text) = text else {
            continue;
        };
        let noted = seat.is_none();
        let clauses: Vec<String> = (in_hand.iter())
            .filter_map(|event| teller.absorb(event, noted))
            .collect();
        let text = joined(text, &clauses);
        let at = seat.and_then(|seat| places.seats().position(|s| s == seat));
        teller.push(hand, at, text);
        let last = teller.steps.last_mut().expect("a step was just told");
        last.seat = seat.map(|seat| seat + 1);
        last.table = evening::at_table(std::mem::take(&mut last.table), *places, names.len());
    }
    if let Some((teller, _)) = telling {
        finish(&mut story, teller);
    }
    Ok(story)
}

/// Adds the hand `teller` told to `story`.
fn finish(story: &mut Story, mut teller: Teller) {
    let result = (teller.result.take()).unwrap_or_else(|| "the hand did not finish".to_owned());
    story.hands.push(StoryHand {
        number: story.hands.len() + 1,
        steps: teller.steps,
        result,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse_entry;
    use crate::record::wars::{players_of, replay};
    use cards::seeded_rng;
    use rand::Rng;

    const VARIANTS: [&str; 5] = [
        "4 players first",
        "4 players ranked",
        "3 players ranked",
        "5 players first",
        "7 players ranked",
    ];

    /// Plays a hand of `variant` from `seed` with random legal actions, logged as a table
    /// logs them; with `leaver`, that seat leaves after the eighth entry. Also gives how
    /// many cards each seat held after each entry.
    fn play(variant: &str, seed: u64, leaver: Option<Seat>) -> (Vec<String>, Vec<Vec<usize>>) {
        let (mut hand, _) = redeal(variant, seed).unwrap();
        let mut rng = seeded_rng(seed ^ 0x5EED);
        let (mut log, mut held) = (Vec::new(), Vec::new());
        let count = |hand: &Hand| (0..hand.players()).map(|s| hand.cards(s).len()).collect();
        while let Some(seat) = hand.active() {
            match leaver {
                Some(gone) if log.len() == 8 => {
                    log.push(format!("# {}", Note::Left { seat: gone }));
                    hand.leave(gone);
                }
                _ => {
                    let legal = hand.legal_actions(seat);
                    let index = rng.gen_range(0..legal.len());
                    let action = legal[index];
                    log.push(format!("{seat} {index} {action:?}"));
                    hand.apply(seat, action).unwrap();
                }
            }
            held.push(count(&hand));
        }
        (log, held)
    }

    fn names() -> Vec<String> {
        ["Ana", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"]
            .map(str::to_owned)
            .to_vec()
    }

    use crate::record::story::is_card_face as is_face;

    #[test]
    fn a_whole_hand_is_told_step_by_step() {
        let names = names();
        for variant in VARIANTS {
            let (players, _) = players_of(variant).unwrap();
            for (seed, leaver) in [(1, None), (2, Some(1)), (3, Some(0))] {
                let (log, held) = play(variant, seed, leaver);
                let replayed = replay(variant, seed, &log).unwrap();
                let story = story(variant, seed, &log, &names).unwrap();
                assert_eq!(story.hands.len(), replayed.hands.len(), "{variant} {seed}");
                let hand = &story.hands[0];
                assert_eq!(hand.number, 1);
                assert_eq!(hand.steps.len(), log.len() + 1, "{variant} {seed}");
                assert!(hand.steps[0].seat.is_none());
                assert!(hand.steps[0].text.contains("dealt"));
                let dealt: usize = hand.steps[0].table.hands.iter().map(Vec::len).sum();
                assert_eq!(dealt, 52);
                assert!(hand.result.contains(" is warlord, "), "{}", hand.result);
                for ((step, entry), held) in hand.steps[1..].iter().zip(&log).zip(&held) {
                    match parse_entry(entry).unwrap() {
                        Entry::Action { seat, .. } => {
                            assert_eq!(step.seat, Some(seat + 1));
                            assert!(step.text.starts_with(&names[seat]), "{}", step.text);
                        }
                        Entry::Note(Note::Left { seat }) => {
                            assert_eq!(step.seat, None);
                            assert!(step.text.starts_with(&names[seat]), "{}", step.text);
                            let left = format!("left: {}", names[seat]);
                            assert!(step.table.score.contains(&left), "{}", step.table.score);
                            assert!(step.table.hands[seat].is_empty());
                        }
                        Entry::Note(_) => unreachable!(),
                    }
                    let table = &step.table;
                    assert_eq!(table.hands.len(), players);
                    assert_eq!(table.played.len(), players);
                    let counts: Vec<usize> = table.hands.iter().map(Vec::len).collect();
                    assert_eq!(&counts, held, "{step:?}");
                    assert!(table.played.iter().filter(|p| !p.is_empty()).count() <= 1);
                    for face in table.hands.iter().chain(&table.played).flatten() {
                        assert!(is_face(face), "{face}");
                    }
                    assert!(table.melds.is_empty());
                    assert!(!table.notes.is_empty() && !table.score.is_empty());
                }
                let last = &hand.steps.last().unwrap().table;
                assert!(
                    last.score.starts_with("finishing order: 1. "),
                    "{}",
                    last.score
                );
            }
        }
    }

    #[test]
    fn a_play_goes_from_the_hand_to_the_table() {
        let (mut hand, _) = redeal("4 players first", 9).unwrap();
        let seat = hand.active().unwrap();
        let legal = hand.legal_actions(seat);
        let Action::Play(cards) = legal[0] else {
            panic!("the opening is a play: {legal:?}");
        };
        let log = vec![format!("{seat} 0 {:?}", legal[0])];
        hand.apply(seat, legal[0]).unwrap();
        let names = names();
        let story = story("4 players first", 9, &log, &names).unwrap();
        let steps = &story.hands[0].steps;
        assert_eq!(
            steps[0].text,
            format!(
                "The first hand is dealt to 4 players; {} holds 3♣ and opens",
                names[seat]
            )
        );
        assert_eq!(steps[0].table.notes[0], "first hand: 3♣ opens");
        let step = &steps[1];
        assert_eq!(step.seat, Some(seat + 1));
        assert_eq!(step.text, format!("{} plays 3♣", names[seat]));
        assert_eq!(cards.len(), 1);
        assert_eq!(step.table.played[seat], ["3c"]);
        assert!(!step.table.hands[seat].contains(&"3c".to_owned()));
        assert!(steps[0].table.hands[seat].contains(&"3c".to_owned()));
        assert_eq!(step.table.score, "nobody is out yet");
        assert_eq!(story.hands[0].result, "the hand did not finish");
    }

    #[test]
    fn a_ranked_hand_starts_with_the_swap() {
        let (hand, _) = redeal("4 players ranked", 4).unwrap();
        let legal = hand.legal_actions(0);
        let Action::Swap(card) = legal[0] else {
            panic!("the warlord swaps first: {legal:?}");
        };
        let log = vec![format!("0 0 {:?}", legal[0])];
        let story = story("4 players ranked", 4, &log, &names()).unwrap();
        let steps = &story.hands[0].steps;
        assert!(steps[0]
            .text
            .contains("Ana (warlord) swaps with Dee (scumbag)"));
        assert_eq!(steps[0].table.hands[0].len(), 14);
        let given = format!("Ana gives {} to Dee (swap)", card_text(&face(card)));
        assert_eq!(steps[1].text, given);
        assert_eq!(steps[1].table.hands[0].len(), 13);
        assert!(steps[1].table.hands[3].contains(&face(card)));
    }

    #[test]
    fn a_warlord_leaving_during_the_swap_gives_a_card_first() {
        let log = vec![format!("# {}", Note::Left { seat: 0 })];
        let story = story("4 players ranked", 4, &log, &names()).unwrap();
        let step = &story.hands[0].steps[1];
        assert_eq!(step.seat, None);
        assert!(
            step.text
                .starts_with("Ana leaves the hand; their cards are out of play; Ana gives "),
            "{}",
            step.text
        );
        assert!(step.text.ends_with(" to Dee first (swap)"), "{}", step.text);
        assert_eq!(step.table.hands[3].len(), 13);
        assert!(step.table.hands[0].is_empty());
        assert_eq!(step.table.score, "nobody is out yet · left: Ana");
    }

    #[test]
    fn a_log_that_does_not_replay_names_its_entry() {
        let (log, _) = play("4 players first", 5, None);
        let mut bad = log.clone();
        bad[2] = "0 99 Pass".to_owned();
        let err = story("4 players first", 5, &bad, &names()).unwrap_err();
        assert!(err.starts_with("entry 2:"), "{err}");
        assert!(story("9 players first", 5, &log, &names()).is_err());
    }
}
