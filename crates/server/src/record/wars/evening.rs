//! How a Warlords evening is recorded, replayed and watched: one game of the store for
//! the whole evening (`evening 3`: the players a hand needs), a hand record at the end of
//! each hand with its finishing order, the evening's end with each seat's points; its
//! replay and story redo the seats sitting down and leaving and the deals the table
//! asked for, which its log notes. Hands stored one game each before the evening was
//! one game replay as they always did (`super::replay`).

use super::watch::WarsNarrator;
use crate::record::generic::redo_note;
use crate::record::redo::{entries, redo, Replayed};
use crate::record::story::{name_of, Shot};
use crate::record::watch::{Narrator, Said, Watchable};
use crate::record::{ranks_by_score, Chronicle, Entry, GameLog, SeatKind, SeatListing};
use cards::seeded_rng;
use parlor_game::{Game, Seat};
use parlor_store::Placed;
use president::{EveningEvent, EveningEvents, EveningGame, EveningRules, Event, Order};
use serde_json::json;

/// Records each hand as it ends and the evening's end.
pub struct EveningChronicle;

impl Chronicle<EveningGame> for EveningChronicle {
    fn record(&mut self, game: &EveningGame, events: &EveningEvents, log: &mut GameLog) {
        for event in events {
            match event {
                EveningEvent::Hand {
                    event: Event::HandOver { order },
                    places,
                } => {
                    let result = json!({ "order": finishing_order(*order, *places) });
                    let placed = placed(*order, *places, &log.listed().seats());
                    log.standing_hand(result, placed);
                }
                EveningEvent::Over => {
                    let (scores, ranks) = standings(game);
                    log.finish_counted(json!({ "hands": game.hands() }), scores, ranks);
                }
                _ => {}
            }
        }
    }
}

/// How the players of a hand that ended in `order` placed, for the standings (each hand
/// of an evening counts as a game: whoever leaves it still ranks in it, last).
fn placed(order: Order, places: Order, seats: &[SeatListing]) -> Vec<Placed> {
    let table = order.seats().filter_map(|seat| places.seats().nth(seat));
    (table.enumerate())
        .filter_map(|(at, seat)| {
            let listed = seats.get(seat)?;
            Some(Placed {
                name: listed.name.clone(),
                cpu: listed.kind == SeatKind::Cpu,
                score: order.points(at),
                rank: at as u32 + 1,
            })
        })
        .collect()
}

/// A hand's finishing order as the table's seats, from 1 as the store shows them.
fn finishing_order(order: Order, places: Order) -> Vec<usize> {
    let table = |seat| places.seats().nth(seat).map_or(0, |s| s + 1);
    order.seats().map(table).collect()
}

/// Each seat's points over the evening and its rank by them (1 = best).
fn standings(game: &EveningGame) -> (Vec<i64>, Vec<u32>) {
    let scores: Vec<i64> = (0..game.seats()).map(|s| game.score(s)).collect();
    let ranks = ranks_by_score(&scores);
    (scores, ranks)
}

/// Whether a recorded variant is an evening's (else it is one hand's, from before).
pub fn is_evening(variant: &str) -> bool {
    variant.parse::<EveningRules>().is_ok()
}

/// The evening of `variant` made again from `seed`.
pub(super) fn begin(variant: &str, seed: u64) -> Result<EveningGame, String> {
    let rules: EveningRules = variant.parse()?;
    Ok(EveningGame::start(&rules, seeded_rng(seed)).0)
}

/// Replays an evening of `variant` from `seed` with its `log`: a line per hand (its
/// finishing order) and the points and ranks once it is over.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    let mut game = begin(variant, seed)?;
    let mut out = Replayed::default();
    for (at, entry) in entries(log) {
        let events = match entry? {
            Entry::Note(note) => {
                out.log.push(log[at].clone());
                redo_note(&mut game, &note).unwrap_or_default()
            }
            Entry::Action { seat, named } => {
                let (action, events) = redo(&mut game, at, seat, named)?;
                out.log
                    .push(crate::record::action_entry::<EveningGame>(seat, &action));
                events
            }
        };
        for event in &events {
            match event {
                EveningEvent::Hand {
                    event: Event::HandOver { order },
                    places,
                } => out.hands.push(format!(
                    "finishing order {:?}",
                    finishing_order(*order, *places)
                )),
                EveningEvent::Over => out.end = Some(standings(&game)),
                _ => {}
            }
        }
    }
    Ok(out)
}

/// A hand's table (`shot`, its seats the hand's) drawn at the table's `seats`: the hand's
/// seat `i` is `places` `i`; a seat not dealt in holds nothing.
pub(super) fn at_table(shot: Shot, places: Order, seats: usize) -> Shot {
    let mut hands = vec![Vec::new(); seats];
    let mut played = vec![Vec::new(); seats];
    let dealt = places.seats().zip(shot.hands.into_iter().zip(shot.played));
    for (seat, (held, front)) in dealt {
        if let (Some(h), Some(p)) = (hands.get_mut(seat), played.get_mut(seat)) {
            (*h, *p) = (held, front);
        }
    }
    Shot {
        hands,
        played,
        ..shot
    }
}

impl Watchable for EveningGame {
    type Narrator = EveningNarrator;

    fn narrator(&self, names: Vec<String>) -> EveningNarrator {
        EveningNarrator {
            names,
            hand: None,
            in_hand: false,
        }
    }
}

/// The public model of an evening: the seats' names and the hand under way, told by a
/// hand's narrator with its seats mapped to the table's (so steps and the table are
/// drawn by the table's seats, whose names the list of running tables gives).
#[derive(Clone, Debug)]
pub struct EveningNarrator {
    names: Vec<String>,
    /// The last hand dealt, with the table seats in it in social order.
    hand: Option<(WarsNarrator, Order)>,
    /// Whether that hand is being played.
    in_hand: bool,
}

impl EveningNarrator {
    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }

    /// The table seat of the hand's `seat`.
    fn at_table(places: Order, seat: Seat) -> Seat {
        places.seats().nth(seat).unwrap_or(seat)
    }
}

impl Narrator<EveningGame> for EveningNarrator {
    fn say(&self, event: &EveningEvent) -> Option<Said> {
        match event {
            // Who sits down is told with the deal that deals them in.
            EveningEvent::Sat { .. } => None,
            // Leaving a hand is told by the hand.
            EveningEvent::Left { .. } if self.in_hand => None,
            EveningEvent::Left { seat } => {
                Said::by(*seat, format!("{} leaves the table", self.name(*seat)))
            }
            EveningEvent::Dealt { places, ranked } => {
                let names: Vec<String> = places.seats().map(|s| self.name(s)).collect();
                let kind = match ranked {
                    true => "ranked, warlord first",
                    false => "a first hand",
                };
                Said::table(format!("A hand is dealt to {} ({kind})", names.join(", ")))
            }
            EveningEvent::Hand { event, places } => {
                let (narrator, _) = self.hand.as_ref()?;
                let said = narrator.say(event)?;
                let seat = said.seat.map(|s| Self::at_table(*places, s - 1) + 1);
                Some(Said { seat, ..said })
            }
            EveningEvent::Over => {
                Said::table("Too few are left for a hand: the evening is over".into())
            }
        }
    }

    fn take(&mut self, event: &EveningEvent) {
        match event {
            EveningEvent::Dealt { places, .. } => {
                let names = places.seats().map(|s| self.name(s)).collect();
                self.hand = Some((WarsNarrator::new(places.len(), names), *places));
                self.in_hand = true;
            }
            EveningEvent::Hand { event, .. } => {
                self.in_hand &= !matches!(event, Event::HandOver { .. });
                if let Some((narrator, _)) = self.hand.as_mut() {
                    narrator.take(event);
                }
            }
            _ => {}
        }
    }

    /// The hand's table drawn at the table's seats (a seat not dealt in is empty).
    fn shot(&self) -> Shot {
        let seats = self.names.len();
        let Some((narrator, places)) = &self.hand else {
            return Shot {
                hands: vec![Vec::new(); seats],
                played: vec![Vec::new(); seats],
                melds: Vec::new(),
                notes: Vec::new(),
                score: "between hands".to_owned(),
            };
        };
        let mut shot = at_table(narrator.shot(), *places, seats);
        let order: Vec<String> = places.seats().map(|s| self.name(s)).collect();
        shot.notes
            .insert(0, format!("in social order: {}", order.join(", ")));
        shot
    }

    fn names(&mut self) -> &mut Vec<String> {
        &mut self.names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{action_entry, Note};

    /// The log of an evening whose seat 0 changes hands: Ann, Ben and Cy play a hand,
    /// Ann leaves and Bea sits down in her seat, and the three play another; then Ben
    /// and Cy leave and the table asks for the next hand, which ends the evening.
    fn evening_log(seed: u64) -> Vec<String> {
        let mut game = begin("evening 3", seed).unwrap();
        let mut bot = president::bots::evening_by_name("sound").unwrap();
        let mut rng = seeded_rng(seed + 1);
        let mut log = Vec::new();
        let note = |game: &mut EveningGame, log: &mut Vec<String>, note: Note| {
            redo_note(game, &note).unwrap();
            log.push(format!("# {note}"));
        };
        let sit = |seat: usize, name: &str| Note::Sat {
            seat,
            name: name.into(),
        };
        for (seat, name) in ["Ann", "Ben", "Cy"].into_iter().enumerate() {
            note(&mut game, &mut log, sit(seat, name));
        }
        for hand in 0..2 {
            if hand == 1 {
                note(&mut game, &mut log, Note::Left { seat: 0 });
                note(&mut game, &mut log, sit(0, "Bea"));
            }
            note(&mut game, &mut log, Note::Next);
            loop {
                let Some(seat) = game.to_act().next() else {
                    break;
                };
                let legal = game.legal_actions(seat);
                let action = bot.choose(&game.view(seat), &legal, &mut rng);
                game.apply(seat, action).unwrap();
                log.push(action_entry::<EveningGame>(seat, &action));
            }
        }
        for seat in [1, 2] {
            note(&mut game, &mut log, Note::Left { seat });
        }
        note(&mut game, &mut log, Note::Next);
        assert!(game.is_over());
        log
    }

    #[test]
    fn an_evening_replays_and_is_told_with_whoever_sat_in_each_seat_then() {
        let log = evening_log(5);
        let replayed = replay("evening 3", 5, &log).unwrap();
        assert_eq!(replayed.hands.len(), 2);
        assert_eq!(replayed.log, log, "the log replays as it was written");
        let (scores, ranks) = replayed.end.expect("the evening ended");
        // Each hand of three scores 2 + 1 + 0; Ann's points from the first (seat 1 in the
        // stored order) left with her, and Bea scored in the second only.
        let first = &replayed.hands[0];
        let ann_place = ["[1,", ", 1,", ", 1]"]
            .iter()
            .position(|p| first.contains(p));
        let ann = 2 - ann_place.expect("Ann played the first hand") as i64;
        assert_eq!(
            scores.iter().sum::<i64>(),
            6 - ann,
            "{scores:?} after {first}"
        );
        assert!(
            scores[0] <= 2 && scores[3..].iter().all(|&s| s == 0),
            "{scores:?}"
        );
        assert_eq!(ranks.len(), 7);
        // The store names each seat after its last player; the story after each hand's.
        let names: Vec<String> = ["Bea", "Ben", "Cy", "", "", "", ""]
            .map(String::from)
            .into();
        let story = super::super::story("evening 3", 5, &log, &names).unwrap();
        assert_eq!(story.hands.len(), 2);
        let told = |hand: usize| {
            let steps = story.hands[hand].steps.iter().map(|s| s.text.as_str());
            steps.collect::<Vec<_>>().join(" / ")
        };
        let (first, second) = (told(0), told(1));
        assert!(first.contains("Ann") && !first.contains("Bea"), "{first}");
        assert!(
            second.contains("Bea") && !second.contains("Ann"),
            "{second}"
        );
        // Every card face up (the evening is over), drawn at the table's seven seats.
        let table = &story.hands[0].steps[0].table;
        assert_eq!(table.hands.len(), 7);
        assert_eq!(table.hands.iter().map(Vec::len).sum::<usize>(), 52);
        assert!(table.hands.iter().flatten().all(|face| face != "?"));
    }
}
