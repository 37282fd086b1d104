//! Shanten, waits, completeness and tile acceptance on known hands, and the 200 hands
//! of `tests/data/hands_negative.json` (172 not tenpai; despite the file's name, 28 are
//! marked `is_tenpai: true`, and they are).

use mahjong::hand::{contains, is_complete, shanten, ukeire, waits, KindSet};
use mahjong::{Counts, Kind};
use serde::Deserialize;

/// Counts from Tenhou notation (`123m55p7z`).
fn hand(notation: &str) -> Counts {
    let mut counts = [0; 34];
    let mut digits = Vec::new();
    for ch in notation.chars() {
        match ch {
            '1'..='9' => digits.push(ch as usize - '1' as usize),
            'm' | 'p' | 's' | 'z' => {
                let base = 9 * "mpsz".find(ch).unwrap();
                for d in digits.drain(..) {
                    counts[base + d] += 1;
                }
            }
            _ => panic!("bad notation {notation}"),
        }
    }
    counts
}

/// The kinds of `set` in notation, for readable failures.
fn kinds(set: KindSet) -> Vec<String> {
    Kind::all()
        .filter(|&k| contains(set, k))
        .map(|k| k.to_string())
        .collect()
}

#[test]
fn shanten_of_known_hands() {
    // Complete: sets and a pair, seven pairs, thirteen orphans.
    assert_eq!(shanten(&hand("123m456p789s11122z")), -1);
    assert_eq!(shanten(&hand("1133m5577p99s2244z")), -1);
    assert_eq!(shanten(&hand("19m19p19s12345677z")), -1);
    // Tenpai.
    assert_eq!(shanten(&hand("123m456p789s1112z")), 0);
    assert_eq!(shanten(&hand("1133m5577p99s224z")), 0, "seven pairs");
    assert_eq!(shanten(&hand("19m19p19s1234567z")), 0, "thirteen-sided");
    // Thirteen orphans one away: twelve kinds and no pair.
    assert_eq!(shanten(&hand("19m19p19s123456z5m")), 1);
    // Far away.
    assert_eq!(shanten(&hand("147m258p369s1357z")), 6);
    // With melds (fewer tiles): one meld, ten tiles.
    assert_eq!(shanten(&hand("123m456p789s1z")), 0);
    assert_eq!(shanten(&hand("123m456p78s11z")), 0);
    assert_eq!(shanten(&hand("13m46p789s11z")), 1);
    assert_eq!(shanten(&hand("1z")), 0, "four melds, tanki");
    assert_eq!(shanten(&hand("11z")), -1);
}

#[test]
fn a_wait_only_on_a_kind_held_four_times_is_no_wait() {
    let dead = hand("123m456p789s1111z");
    assert_eq!(waits(&dead), 0);
    assert_eq!(shanten(&dead), 1);
    // Fourteen tiles: discarding a 1z leaves a live pair wait on 2z.
    assert_eq!(shanten(&hand("123m456p789s11112z")), 0);
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let gates = hand("1112345678999m");
    assert_eq!(
        kinds(waits(&gates)),
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    );
}

#[test]
fn waits_of_common_shapes() {
    assert_eq!(kinds(waits(&hand("123m456p789s11z45s"))), ["3s", "6s"]);
    assert_eq!(kinds(waits(&hand("123m456p789s11z46s"))), ["5s"]);
    assert_eq!(kinds(waits(&hand("123m456p789s11z12s"))), ["3s"]);
    assert_eq!(kinds(waits(&hand("123m456p789s11z55s"))), ["5s", "1z"]);
    assert_eq!(kinds(waits(&hand("1133m5577p99s224z"))), ["4z"]);
    assert_eq!(
        waits(&hand("19m19p19s1234567z")).count_ones(),
        13,
        "thirteen orphans waits on every terminal and honour"
    );
    assert_eq!(kinds(waits(&hand("19m19p19s1234566z"))), ["7z"]);
    assert_eq!(kinds(waits(&hand("2345m"))), ["2m", "5m"]);
}

#[test]
fn completeness() {
    assert!(is_complete(&hand("123m456p789s11122z")));
    assert!(is_complete(&hand("11122233344m")));
    assert!(is_complete(&hand("11223344556677m")));
    assert!(is_complete(&hand("11112233445566m")), "11 123 123 456 456");
    assert!(
        !is_complete(&hand("1133m5577p99s2222z")),
        "four of a kind is not two pairs"
    );
    assert!(!is_complete(&hand("123m456p789s1112z")), "13 tiles");
    assert!(!is_complete(&hand("123m456p789s11123z")));
}

#[test]
fn ukeire_counts_unseen_useful_tiles() {
    let hand13 = hand("123m456p789s11z45s");
    let none_seen = [0; 34];
    // Tenpai on 3s and 6s: completing counts as improving, 4 + 4 tiles.
    assert_eq!(ukeire(&hand13, &none_seen), 8);
    let mut seen = none_seen;
    seen[Kind::new(20).unwrap().index()] = 3;
    assert_eq!(ukeire(&hand13, &seen), 5);
    // A pair of 1z in hand leaves two to draw for the shanpon.
    assert_eq!(ukeire(&hand("123m456p789s11z55s"), &none_seen), 4);
}

#[derive(Deserialize)]
struct Negatives {
    cases: Vec<Negative>,
}

#[derive(Deserialize)]
struct Negative {
    counts_34: Vec<u8>,
    is_tenpai: bool,
}

#[test]
fn the_200_hands_are_tenpai_exactly_when_marked() {
    let text = include_str!("data/hands_negative.json");
    let negatives: Negatives = serde_json::from_str(text).expect("valid vectors");
    assert_eq!(negatives.cases.len(), 200);
    let mut not_tenpai = 0;
    for (i, case) in negatives.cases.iter().enumerate() {
        let counts: Counts = case.counts_34.as_slice().try_into().expect("34 counts");
        assert!(!is_complete(&counts), "case {i}");
        if case.is_tenpai {
            assert_eq!(shanten(&counts), 0, "case {i}");
            assert_ne!(waits(&counts), 0, "case {i}");
        } else {
            not_tenpai += 1;
            assert!(
                shanten(&counts) >= 1,
                "case {i}: shanten {}",
                shanten(&counts)
            );
            assert_eq!(waits(&counts), 0, "case {i}");
        }
    }
    assert_eq!(not_tenpai, 172);
}
