//! How a stored truco game is told step by step for the replay page (see
//! [`crate::record::story`]).

use super::recreate;
use crate::record::entries;
use crate::record::redo;
use crate::record::story::Story;
use crate::record::story::{card_text, face, joined, name_of, Shot, Step, StoryHand};
use crate::record::{Entry, Note};
use cards::{Card, Rank};
use truco::{team_of, Action, Answer, Event, Events, HandOutcome, RoundOutcome, Rules, Seat, Team};

/// Tells a game of `variant` from `seed` with its `log` step by step (see
/// [`crate::record::story`]); `names` are the seats' names in seat order.
pub fn story(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String> {
    let (mut game, events) = recreate(variant, seed)?;
    let mut teller = Teller::new(*game.rules(), names);
    teller.tell(None, &events);
    for (at, entry) in entries(log) {
        match entry? {
            Entry::Note(note) => teller.note(note),
            Entry::Action { seat, named } => {
                let (action, events) = redo(&mut game, at, seat, named)?;
                let said = teller.says(seat, action);
                teller.tell(Some((seat, said)), &events);
            }
        }
    }
    Ok(teller.finish())
}

/// A card in a step's words (`7♥`).
fn said(card: Card) -> String {
    card_text(&face(card))
}

fn team_name(team: Team) -> String {
    format!("Team {}", team + 1)
}

fn points(n: u8) -> String {
    if n == 1 {
        "1 point".to_owned()
    } else {
        format!("{n} points")
    }
}

/// The cards of a manilha rank in words ("the 5s", "the queens").
fn rank_plural(rank: Rank) -> String {
    match rank {
        Rank::Jack => "the jacks".to_owned(),
        Rank::Queen => "the queens".to_owned(),
        Rank::King => "the kings".to_owned(),
        Rank::Ace => "the aces".to_owned(),
        rank => format!("the {}s", rank.number()),
    }
}

/// Tells a Truco game while it is replayed: it keeps the table as the events show it
/// (the cards held and in front of each seat, the hand's value, the rounds) and writes a
/// step for the deal, each action and each note.
struct Teller<'a> {
    rules: Rules,
    names: &'a [String],
    story: Story,
    /// The hand being told; it stays open after the game's end, for late notes.
    hand: Option<StoryHand>,
    number: u32,
    opener: Seat,
    scores: [u8; 2],
    /// Each seat's cards, in the order they were dealt.
    held: [Vec<Card>; 4],
    vira: Option<Card>,
    /// The card in front of each seat, and whether it was played face down.
    shown: [Option<(Card, bool)>; 4],
    /// The round of the cards shown is over: the next card clears the table.
    round_over: bool,
    rounds: Vec<RoundOutcome>,
    /// The hand's accepted value.
    value: u8,
    /// A raise waiting for its answer: who asked, for what value.
    pending: Option<(Seat, u8)>,
    /// The seats that folded the pending raise.
    folds: Vec<Seat>,
    /// A hand of 11: the team at 11, and whether it chose to play.
    eleven: Option<(Team, bool)>,
    /// The seats that refused the hand of 11.
    refused: Vec<Seat>,
}

impl<'a> Teller<'a> {
    fn new(rules: Rules, names: &'a [String]) -> Teller<'a> {
        Teller {
            rules,
            names,
            story: Story::default(),
            hand: None,
            number: 0,
            opener: 0,
            scores: [0, 0],
            held: Default::default(),
            vira: None,
            shown: [None; 4],
            round_over: false,
            rounds: Vec::new(),
            value: rules.stakes.base,
            pending: None,
            folds: Vec::new(),
            eleven: None,
            refused: Vec::new(),
        }
    }

    fn name(&self, seat: Seat) -> String {
        name_of(self.names, seat)
    }

    /// A raise to `value` by its name ("truco", "seis", "nove", "doze").
    fn raise_name(&self, value: u8) -> &'static str {
        match self.rules.stakes.raises.iter().position(|&v| v == value) {
            Some(0) => "truco",
            Some(1) => "seis",
            Some(2) => "nove",
            Some(3) => "doze",
            _ => "a raise",
        }
    }

    /// What `seat` did, in words, as the table stood before it.
    fn says(&self, seat: Seat, action: Action) -> String {
        let who = self.name(seat);
        let next = |value: u8| self.rules.stakes.next_raise(value).unwrap_or(value);
        match action {
            Action::Play {
                card,
                closed: false,
            } => format!("{who} plays {}", said(card)),
            Action::Play { card, closed: true } => {
                format!("{who} plays a card face down ({})", said(card))
            }
            Action::Truco => {
                let value = next(self.value);
                format!(
                    "{who} asks for {} ({})",
                    self.raise_name(value),
                    points(value)
                )
            }
            Action::Answer(Answer::Accept) => format!("{who} accepts"),
            Action::Answer(Answer::Fold) => format!("{who} folds"),
            Action::Answer(Answer::Raise) => {
                let value = next(self.pending.map_or(self.value, |(_, asked)| asked));
                format!(
                    "{who} raises back: {} ({})",
                    self.raise_name(value),
                    points(value)
                )
            }
            Action::PlayHandOfEleven(true) => format!("{who} plays the hand of 11"),
            Action::PlayHandOfEleven(false) => format!("{who} refuses the hand of 11"),
        }
    }

    /// A note of the log, as a step of its own (notes do not change a Truco game).
    fn note(&mut self, note: Note) {
        let text = note.in_words(|seat| self.name(seat));
        self.push(None, text);
    }

    /// The step of an action (`None`: the first deal) and the events it gave: the
    /// action's step with what followed it, then the deal of a new hand if one began.
    fn tell(&mut self, action: Option<(Seat, String)>, events: &Events) {
        let mut action = action;
        let mut clauses = Vec::new();
        let mut dealt = false;
        for event in events {
            if let Event::HandStarted { .. } = event {
                if let Some((seat, text)) = action.take() {
                    self.push(Some(seat), joined(text, &clauses));
                }
                self.close_hand();
                dealt = true;
            }
            clauses.extend(self.absorb(event));
        }
        if let Some((seat, text)) = action {
            self.push(Some(seat), joined(text, &clauses));
        }
        if dealt {
            let text = self.deal_text();
            self.push(None, text);
        }
    }

    /// Takes one event into the table; what it adds to the step's words, if anything.
    fn absorb(&mut self, event: &Event) -> Option<String> {
        match *event {
            Event::HandStarted {
                number,
                opener,
                scores,
                value,
            } => {
                self.hand = Some(StoryHand {
                    number: number as usize,
                    ..StoryHand::default()
                });
                self.number = number;
                self.opener = opener;
                self.scores = scores;
                self.value = value;
                self.vira = None;
                self.shown = [None; 4];
                self.round_over = false;
                self.rounds.clear();
                self.pending = None;
                self.folds.clear();
                self.eleven = None;
                self.refused.clear();
                None
            }
            Event::Dealt { seat, cards } => {
                self.held[seat] = cards.to_vec();
                None
            }
            Event::Vira(card) => {
                self.vira = Some(card);
                None
            }
            Event::HandOfEleven { team } => {
                self.eleven = Some((team, false));
                None
            }
            Event::HandOfElevenDecided { seat, play } => {
                if play {
                    self.eleven = self.eleven.map(|(team, _)| (team, true));
                    self.value = self.rules.stakes.raises[0];
                    Some(format!("the hand is worth {}", self.value))
                } else {
                    self.refused.push(seat);
                    None
                }
            }
            Event::Played { seat, card, closed } => {
                if std::mem::take(&mut self.round_over) {
                    self.shown = [None; 4];
                }
                let card = card?;
                self.held[seat].retain(|&c| c != card);
                self.shown[seat] = Some((card, closed));
                None
            }
            Event::RaiseAsked { seat, value } => {
                // Asked while another raise was pending: both answerers raised, so that
                // raise holds and this one goes back to the team that asked first.
                let clause = self.pending.map(|(_, held)| {
                    self.value = held;
                    format!(
                        "the hand is worth {held} and {} asks for {} ({})",
                        team_name(team_of(seat)),
                        self.raise_name(value),
                        points(value)
                    )
                });
                self.pending = Some((seat, value));
                self.folds.clear();
                clause
            }
            Event::Answered { seat, answer } => {
                if answer == Answer::Fold {
                    self.folds.push(seat);
                }
                None
            }
            Event::RaiseAccepted { value, .. } => {
                self.value = value;
                self.pending = None;
                self.folds.clear();
                Some(format!("the hand is now worth {value}"))
            }
            Event::RoundEnded {
                round,
                outcome,
                next,
            } => {
                self.rounds.push(outcome);
                self.round_over = true;
                let round = round + 1;
                Some(match outcome {
                    // The winning card's player leads the next round.
                    RoundOutcome::Won(team) => {
                        let card = self.shown[next].map(|(card, _)| said(card));
                        format!(
                            "round {round} goes to {} ({}'s {})",
                            team_name(team),
                            self.name(next),
                            card.unwrap_or_default()
                        )
                    }
                    RoundOutcome::Tied => format!("round {round} is tied"),
                })
            }
            Event::HandEnded {
                outcome,
                points: won,
                scores,
            } => {
                self.scores = scores;
                let result = self.hand_result(outcome, won);
                self.pending = None;
                if let Some(hand) = &mut self.hand {
                    hand.result = result;
                }
                None
            }
            Event::GameEnded { winner, .. } => {
                let line = format!("{} wins the game: {}", team_name(winner), self.score());
                if let Some(hand) = &mut self.hand {
                    hand.result = format!("{}. {line}", hand.result);
                }
                None
            }
            Event::PartnerHand { .. } | Event::Turn { .. } => None,
        }
    }

    /// How the hand ended, in words.
    fn hand_result(&self, outcome: HandOutcome, won: u8) -> String {
        let HandOutcome::Won(team) = outcome else {
            return "tied hand: nobody scores".to_owned();
        };
        let scored = format!("{} scores {}", team_name(team), points(won));
        let names = |seats: &[Seat]| {
            seats
                .iter()
                .map(|&s| self.name(s))
                .collect::<Vec<_>>()
                .join(" and ")
        };
        if self.pending.is_some() && !self.folds.is_empty() {
            format!("{scored}: {} folded", names(&self.folds))
        } else if matches!(self.eleven, Some((_, false))) && !self.refused.is_empty() {
            format!("{scored}: {} refused the hand of 11", names(&self.refused))
        } else {
            format!("{} wins the hand ({})", team_name(team), points(won))
        }
    }

    /// The deal of the hand just started, in words.
    fn deal_text(&self) -> String {
        let mut text = format!(
            "Hand {} is dealt; {} opens",
            self.number,
            self.name(self.opener)
        );
        if let Some(vira) = self.vira {
            let rank = self.rules.manilha_rank(vira);
            text += &format!(
                "; the vira is {}, manilhas are {}",
                said(vira),
                rank_plural(rank)
            );
        }
        if let Some((team, _)) = self.eleven {
            let seats = (0..4).filter(|&s| team_of(s) == team);
            let members: Vec<String> = seats.map(|s| self.name(s)).collect();
            text += &format!(
                "; hand of 11: {} ({}) sees both hands and decides whether to play it",
                team_name(team),
                members.join(" and ")
            );
        }
        text
    }

    /// The manilhas, in words for the table's notes.
    fn manilhas(&self) -> String {
        match self.vira {
            Some(vira) => format!(
                "vira {} · manilhas: {}",
                said(vira),
                rank_plural(self.rules.manilha_rank(vira))
            ),
            None => {
                // Fixed manilhas: the cards stronger than any plain rank, strongest first.
                let plain = self.rules.rank_order().len() as u8;
                let mut fixed: Vec<Card> = (self.rules.deck().iter())
                    .filter(|&c| self.rules.strength(c, None) > plain)
                    .collect();
                fixed.sort_by_key(|&c| std::cmp::Reverse(self.rules.strength(c, None)));
                let fixed: Vec<String> = fixed.into_iter().map(said).collect();
                format!("manilhas: {}", fixed.join(" "))
            }
        }
    }

    fn score(&self) -> String {
        format!("Team 1 {} × {} Team 2", self.scores[0], self.scores[1])
    }

    /// The table now.
    fn shot(&self) -> Shot {
        let mut notes = vec![self.manilhas()];
        let mut worth = format!("hand worth {}", self.value);
        if let Some((seat, value)) = self.pending {
            worth += &format!(
                " · {} asked for {} ({}), {} to answer",
                self.name(seat),
                self.raise_name(value),
                value,
                team_name(1 - team_of(seat))
            );
        }
        notes.push(worth);
        if let Some((team, play)) = self.eleven {
            let what = if play { "plays it" } else { "decides" };
            notes.push(format!("hand of 11: {} {what}", team_name(team)));
        }
        if !self.rounds.is_empty() {
            let rounds: Vec<String> = (self.rounds.iter().enumerate())
                .map(|(i, outcome)| match outcome {
                    RoundOutcome::Won(team) => format!("round {}: {}", i + 1, team_name(*team)),
                    RoundOutcome::Tied => format!("round {}: tied", i + 1),
                })
                .collect();
            notes.push(rounds.join(" · "));
        }
        let closed: Vec<String> = (0..4)
            .filter_map(|s| match self.shown[s] {
                Some((card, true)) => Some(format!("{} ({})", said(card), self.name(s))),
                _ => None,
            })
            .collect();
        if !closed.is_empty() {
            notes.push(format!("face down: {}", closed.join(", ")));
        }
        Shot {
            hands: (self.held.iter())
                .map(|cards| cards.iter().map(|&c| face(c)).collect())
                .collect(),
            played: (self.shown.iter())
                .map(|shown| shown.iter().map(|&(card, _)| face(card)).collect())
                .collect(),
            melds: Vec::new(),
            notes,
            score: self.score(),
        }
    }

    /// A step by `seat` (none for a deal or a note) with the table now.
    fn push(&mut self, seat: Option<Seat>, text: String) {
        let table = self.shot();
        if let Some(hand) = &mut self.hand {
            hand.steps.push(Step {
                seat: seat.map(|s| s + 1),
                text,
                table,
            });
        }
    }

    fn close_hand(&mut self) {
        if let Some(mut hand) = self.hand.take() {
            if hand.result.is_empty() {
                hand.result = "the game ended before this hand did".to_owned();
            }
            self.story.hands.push(hand);
        }
    }

    fn finish(mut self) -> Story {
        self.close_hand();
        self.story
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::truco::replay;
    use cards::seeded_rng;
    use rand::Rng;

    const VARIANTS: [&str; 4] = [
        "course",
        "paulista clean new",
        "paulista dirty old",
        "paulista dirty new",
    ];

    /// One entry of a played game: the hand it belongs to and the action (none: a note).
    type Played = (u32, Option<(Seat, Action)>);

    /// Plays a whole game of `variant` from `seed` with random legal actions, logged as a
    /// table logs them; a CPU takes over seat 2 after the tenth action.
    fn play(variant: &str, seed: u64) -> (Vec<String>, Vec<Played>) {
        let (mut game, _) = recreate(variant, seed).unwrap();
        let mut rng = seeded_rng(seed ^ 0x5EED);
        let (mut log, mut played) = (Vec::new(), Vec::new());
        while !game.is_over() {
            if log.len() == 10 {
                log.push(format!("# {}", Note::CpuTookOver { seat: 2 }));
                played.push((game.hand_number(), None));
            }
            let seat = game.to_act()[0];
            let legal = game.legal_actions(seat);
            let index = rng.gen_range(0..legal.len());
            let action = legal[index];
            log.push(format!("{seat} {index} {action:?}"));
            played.push((game.hand_number(), Some((seat, action))));
            game.apply(seat, action).unwrap();
        }
        (log, played)
    }

    fn names() -> Vec<String> {
        ["Ana", "Bob", "Cy", "Dee"].map(str::to_owned).to_vec()
    }

    use crate::record::story::is_card_face as is_face;

    #[test]
    fn a_whole_game_is_told_step_by_step() {
        let names = names();
        for variant in VARIANTS {
            for seed in [1, 2, 3] {
                let (log, played) = play(variant, seed);
                let replayed = replay(variant, seed, &log).unwrap();
                let story = story(variant, seed, &log, &names).unwrap();
                assert_eq!(story.hands.len(), replayed.hands.len(), "{variant} {seed}");
                for (i, hand) in story.hands.iter().enumerate() {
                    assert_eq!(hand.number, i + 1);
                    let entries: Vec<_> = (played.iter())
                        .filter(|(n, _)| *n as usize == hand.number)
                        .map(|(_, e)| *e)
                        .collect();
                    assert_eq!(hand.steps.len(), entries.len() + 1, "{variant} {seed}");
                    assert!(!hand.result.is_empty());
                    assert!(hand.steps[0].seat.is_none());
                    assert!(hand.steps[0]
                        .text
                        .starts_with(&format!("Hand {} is dealt", hand.number)));
                    let mut plays = [0; 4];
                    for (step, entry) in hand.steps[1..].iter().zip(&entries) {
                        match entry {
                            Some((seat, action)) => {
                                assert_eq!(step.seat, Some(seat + 1));
                                assert!(step.text.starts_with(&names[*seat]), "{}", step.text);
                                if let Action::Play { .. } = action {
                                    plays[*seat] += 1;
                                }
                            }
                            None => {
                                assert_eq!(step.seat, None);
                                assert!(step.text.starts_with("Cy left"), "{}", step.text);
                            }
                        }
                        let table = &step.table;
                        assert_eq!(table.hands.len(), 4);
                        assert_eq!(table.played.len(), 4);
                        let counts: Vec<usize> = table.hands.iter().map(Vec::len).collect();
                        assert_eq!(counts, plays.map(|p| 3 - p), "{step:?}");
                        assert!(table.played.iter().all(|p| p.len() <= 1));
                        let faces = table.hands.iter().chain(&table.played).flatten();
                        for face in faces {
                            assert!(is_face(face), "{face}");
                        }
                        assert!(table.melds.is_empty());
                        assert!(table.score.starts_with("Team 1 "));
                    }
                    let deal = &hand.steps[0].table;
                    assert!(deal.hands.iter().all(|h| h.len() == 3));
                    assert!(deal.played.iter().all(Vec::is_empty));
                }
                let last = story.hands.last().unwrap();
                assert!(last.result.contains("wins the game"), "{}", last.result);
            }
        }
    }

    #[test]
    fn the_first_card_moves_from_the_hand_to_the_table() {
        let (mut game, _) = recreate("paulista dirty new", 7).unwrap();
        let vira = game.vira().unwrap();
        let seat = game.turn();
        let card = game.hand(seat).iter().next().unwrap();
        let action = Action::Play {
            card,
            closed: false,
        };
        let legal = game.legal_actions(seat);
        let index = legal.iter().position(|a| *a == action).unwrap();
        let log = vec![format!("{seat} {index} {action:?}")];
        game.apply(seat, action).unwrap();
        let names = names();
        let story = story("paulista dirty new", 7, &log, &names).unwrap();
        let hand = &story.hands[0];
        assert_eq!(hand.steps.len(), 2);
        let step = &hand.steps[1];
        assert_eq!(step.seat, Some(seat + 1));
        assert_eq!(
            step.text,
            format!("{} plays {}", names[seat], card_text(&face(card)))
        );
        assert_eq!(step.table.played[seat], [face(card)]);
        assert!(!step.table.hands[seat].contains(&face(card)));
        assert!(hand.steps[0].table.hands[seat].contains(&face(card)));
        assert_eq!(
            step.table.notes[0].split(' ').nth(1),
            Some(&*card_text(&face(vira)))
        );
        assert_eq!(step.table.score, "Team 1 0 × 0 Team 2");
        assert_eq!(hand.result, "the game ended before this hand did");
    }

    #[test]
    fn faces_use_english_suits() {
        assert_eq!(face("10c".parse().unwrap()), "10h");
        assert_eq!(face("Qe".parse().unwrap()), "Qs");
        assert_eq!(face("Ap".parse().unwrap()), "Ac");
        assert_eq!(face("4o".parse().unwrap()), "4d");
    }

    #[test]
    fn a_log_that_does_not_replay_names_its_entry() {
        let (log, _) = play("course", 5);
        let mut bad = log.clone();
        bad[3] = "1 0 Truco".to_owned();
        let err = story("course", 5, &bad, &names()).unwrap_err();
        assert!(err.starts_with("entry 3:"), "{err}");
        assert!(story("nonsense", 5, &log, &names()).is_err());
    }
}
