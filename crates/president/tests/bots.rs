//! The bots: they always choose a legal action, finish hands at every table size, and the
//! sound bot plays sensibly (and better than chance).

use cards::{seeded_rng, GameRng, Rank, Suit};
use president::bots::{by_name, RandomBot, SoundBot, Strategy, NAMES};
use president::{Action, Card, CardSet, Hand, Position};
use rand::Rng;

fn c(text: &str) -> Card {
    let (rank, suit) = text.split_at(text.len() - 1);
    let rank = Rank::ALL
        .into_iter()
        .find(|r| r.symbol().eq_ignore_ascii_case(rank))
        .unwrap();
    let suit = match suit {
        "c" => Suit::Clubs,
        "d" => Suit::Diamonds,
        "h" => Suit::Hearts,
        _ => Suit::Spades,
    };
    Card::new(rank, suit)
}

fn set(text: &str) -> CardSet {
    text.split_whitespace().map(c).collect()
}

fn hands(texts: &[&str]) -> Vec<CardSet> {
    texts.iter().map(|t| set(t)).collect()
}

/// What the sound bot does for the seat to act in `position`.
fn sound_choice(position: Position) -> Action {
    let (hand, _) = Hand::from_position(position).expect("a valid position");
    let seat = hand.active().unwrap();
    let legal = hand.legal_actions(seat);
    SoundBot.choose(&hand.view(seat), &legal, &mut seeded_rng(0))
}

/// Plays a hand out with one strategy per seat; returns the finishing order.
fn play_out(
    hand: &mut Hand,
    bots: &mut [Box<dyn Strategy<Hand>>],
    rng: &mut GameRng,
) -> Vec<usize> {
    let mut steps = 0;
    while let Some(seat) = hand.active() {
        let legal = hand.legal_actions(seat);
        let action = bots[seat].choose(&hand.view(seat), &legal, rng);
        assert!(
            legal.contains(&action),
            "{} chose {action:?}",
            bots[seat].name()
        );
        hand.apply(seat, action).unwrap();
        steps += 1;
        assert!(steps < 2_000);
    }
    hand.finishing_order().to_vec()
}

#[test]
fn every_bot_finishes_hands_at_every_table_size() {
    let mut rng = seeded_rng(1);
    for players in 3..=7 {
        for ranked in [false, true] {
            for mix in 0..3 {
                let mut bots: Vec<Box<dyn Strategy<Hand>>> = (0..players)
                    .map(|s| by_name(NAMES[(s + mix) % NAMES.len()]).unwrap())
                    .collect();
                if mix == 2 {
                    bots = (0..players).map(|_| by_name("sound").unwrap()).collect();
                }
                let (mut hand, _) = Hand::deal(players, ranked, &mut rng).unwrap();
                let order = play_out(&mut hand, &mut bots, &mut rng);
                assert_eq!(order.len(), players);
            }
        }
    }
}

#[test]
fn the_sound_bot_beats_random_players() {
    let mut rng = seeded_rng(2);
    let hands = 400;
    let mut total_rank = 0.0;
    for i in 0..hands {
        let players = 4;
        let sound_seat = i % players;
        let mut bots: Vec<Box<dyn Strategy<Hand>>> = (0..players)
            .map(|s| -> Box<dyn Strategy<Hand>> {
                if s == sound_seat {
                    Box::new(SoundBot)
                } else {
                    Box::new(RandomBot)
                }
            })
            .collect();
        let (mut hand, _) = Hand::deal(players, rng.gen(), &mut rng).unwrap();
        let order = play_out(&mut hand, &mut bots, &mut rng);
        total_rank += order.iter().position(|&s| s == sound_seat).unwrap() as f64;
    }
    let mean = total_rank / hands as f64;
    // A random player's mean rank at four seats is 1.5 (0 is best).
    eprintln!("sound bot's mean rank against three random players: {mean:.3}");
    assert!(mean < 0.75, "sound bot's mean rank {mean}");
}

#[test]
fn the_sound_bot_gives_back_its_lowest_card() {
    let choice =
        sound_choice(Position::new(&hands(&["9c 4d Kc", "5c 6c", "7c Ad 2c 2h"])).ranked());
    assert_eq!(choice, Action::Swap(c("4d")));
}

#[test]
fn the_sound_bot_leads_its_lowest_group_whole_and_keeps_its_2s() {
    let position = Position::new(&hands(&["2c 4d 4h 9c Kc", "5c 6c", "7c Ad"])).active(0);
    assert_eq!(sound_choice(position), Action::Play(set("4d 4h")));
}

#[test]
fn the_sound_bot_does_not_break_a_pair_to_answer() {
    // A single 8 to beat: the 9s go together (a play may hold more cards than the
    // table's), rather than one 9 leaving its partner alone.
    let position = Position::new(&hands(&["4c", "9c 9d Jh Kc Kd", "5c 6c", "7c Ad"]))
        .active(1)
        .table(0, set("8c"));
    assert_eq!(sound_choice(position), Action::Play(set("9c 9d")));
    // Against a pair of jacks: the kings, whole.
    let position = Position::new(&hands(&["4c", "9c 9d Jh Kc Kd", "5c 6c", "7c Ad"]))
        .active(1)
        .table(0, set("Jc Jd"));
    assert_eq!(sound_choice(position), Action::Play(set("Kc Kd")));
    // Against a triple of jacks: the three kings.
    let position = Position::new(&hands(&[
        "4c 5s 6s 7s",
        "9c 9d Jh Kc Kd Ks Ah",
        "5c 6c 7h 8h",
        "7c Ad 8s 10s",
    ]))
    .active(1)
    .table(0, set("Jc Jd Js"));
    assert_eq!(sound_choice(position), Action::Play(set("Kc Kd Ks")));
}

#[test]
fn the_sound_bot_keeps_its_2s_unless_in_danger() {
    let hand_text = "2c 5d 5h 9c 9d";
    // Nobody is close to going out: pass rather than spend a 2 or break a pair.
    let position = Position::new(&hands(&[
        "4c 6c 7c 8c",
        hand_text,
        "5c 6d 7d 8d",
        "7h 8h 9h 10h",
    ]))
    .active(1)
    .table(0, set("Kc"));
    assert_eq!(sound_choice(position), Action::Pass);
    // Seat 2 is down to two cards: take the lead with the 2.
    let position = Position::new(&hands(&["4c 6c 7c 8c", hand_text, "5c 6d", "7h 8h 9h 10h"]))
        .active(1)
        .table(0, set("Kc"));
    assert_eq!(sound_choice(position), Action::Play(set("2c")));
}

#[test]
fn the_sound_bot_goes_out_when_it_can() {
    let position = Position::new(&hands(&["4c", "Qc Qd", "5c 6c", "7c Ad"]))
        .active(1)
        .table(0, set("8c"));
    assert_eq!(sound_choice(position), Action::Play(set("Qc Qd")));
}

#[test]
fn the_sound_bot_takes_the_lead_with_a_2_when_one_more_lead_finishes_it() {
    let position = Position::new(&hands(&[
        "4c 5d 6d 7d 8d",
        "2s 6c 6h",
        "5c 6s 7s 8s",
        "7c Ad 9s 10s",
    ]))
    .active(1)
    .table(0, set("Kc"));
    assert_eq!(sound_choice(position), Action::Play(set("2s")));
}
