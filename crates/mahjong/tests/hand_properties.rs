//! Shanten, waits and completeness agree with each other and with a slow exhaustive
//! shanten on random hands: drawn from the whole wall, and from one suit only (dense
//! hands, often tenpai, with the most ways to split).

use mahjong::hand::{best_discards, is_complete, shanten, ukeire, waits};
use mahjong::{Counts, Kind};
use proptest::prelude::*;
use proptest::sample::subsequence;

fn counts_of(ids: &[u8]) -> Counts {
    let mut counts = [0; Kind::COUNT];
    for &id in ids {
        counts[usize::from(id / 4)] += 1;
    }
    counts
}

/// `len` distinct tiles from the whole wall or from the characters alone.
fn hand(len: usize) -> impl Strategy<Value = Counts> {
    let wall: Vec<u8> = (0..136).collect();
    let one_suit: Vec<u8> = (0..36).collect();
    prop_oneof![subsequence(wall, len), subsequence(one_suit, len)].prop_map(|ids| counts_of(&ids))
}

/// The kinds that complete `counts`, by trying every kind.
fn waits_by_trying(counts: &Counts) -> u64 {
    let mut waits = 0;
    for kind in 0..Kind::COUNT {
        if counts[kind] < 4 {
            let mut with = *counts;
            with[kind] += 1;
            if is_complete(&with) {
                waits |= 1 << kind;
            }
        }
    }
    waits
}

/// Tile acceptance of `counts` with nothing seen, by trying every draw.
fn ukeire_by_trying(counts: &Counts) -> u32 {
    let before = shanten(counts);
    let mut accepted = 0;
    for kind in 0..Kind::COUNT {
        let mut drawn = *counts;
        drawn[kind] += 1;
        if counts[kind] < 4 && shanten(&drawn) < before {
            accepted += 4 - u32::from(counts[kind]);
        }
    }
    accepted
}

/// `best_discards` of the 3n+2 tiles `counts` against the shanten and tile acceptance
/// of every discard, worked out one by one.
fn best_discards_agree(counts: &Counts) -> Result<(), TestCaseError> {
    let counts = *counts;
    let held: Vec<Kind> = (0..Kind::COUNT)
        .filter(|&k| counts[k] > 0)
        .map(|k| Kind::new(k as u8).expect("a kind"))
        .collect();
    let after = |kind: Kind| {
        let mut after = counts;
        after[kind.index()] -= 1;
        after
    };
    let lowest = held.iter().map(|&k| shanten(&after(k))).min().unwrap();
    let expected: Vec<(Kind, u32)> = held
        .iter()
        .filter(|&&k| shanten(&after(k)) == lowest)
        .map(|&k| (k, ukeire_by_trying(&after(k))))
        .collect();
    let got = best_discards(&counts, &held, &[0; Kind::COUNT]);
    prop_assert_eq!(got.as_slice(), expected.as_slice());
    Ok(())
}

/// Regular-hand shanten by trying every split of the whole hand into sets, a pair,
/// partial sets and loose tiles (blocks at one kind in a fixed order, so each split is
/// tried once), for comparison with the library's kind-by-kind count.
fn exhaustive_regular(
    counts: &mut Counts,
    at: usize,
    order: usize,
    found: [i8; 3],
    melds: i8,
) -> i8 {
    let [sets, partials, pair] = found;
    let Some(i) = (at..Kind::COUNT).find(|&k| counts[k] > 0) else {
        let sets = (sets + melds).min(4);
        return 8 - 2 * sets - partials.min(4 - sets) - pair;
    };
    let order = if i == at { order } else { 0 };
    let same_suit = |k: usize| i < 27 && k / 9 == i / 9;
    let blocks: [(&[usize], [i8; 3]); 7] = [
        (&[0, 0, 0], [1, 0, 0]),
        (&[0, 1, 2], [1, 0, 0]),
        (&[0, 0], [0, 0, 1]),
        (&[0, 0], [0, 1, 0]),
        (&[0, 1], [0, 1, 0]),
        (&[0, 2], [0, 1, 0]),
        (&[0], [0, 0, 0]),
    ];
    let mut best = 8;
    for (b, (offsets, gain)) in blocks.into_iter().enumerate().skip(order) {
        if gain[2] == 1 && pair == 1 {
            continue;
        }
        let kinds = offsets.iter().map(|&o| i + o);
        if kinds.clone().any(|k| k != i && !same_suit(k)) {
            continue;
        }
        let mut taken = Vec::new();
        for k in kinds {
            if counts[k] == 0 {
                break;
            }
            counts[k] -= 1;
            taken.push(k);
        }
        if taken.len() == offsets.len() {
            let found = [sets + gain[0], partials + gain[1], pair + gain[2]];
            best = best.min(exhaustive_regular(counts, i, b, found, melds));
        }
        for k in taken {
            counts[k] += 1;
        }
    }
    best
}

fn exhaustive_shanten(counts: &Counts) -> i8 {
    let tiles: u8 = counts.iter().sum();
    let melds = 4 - (tiles / 3).min(4) as i8;
    let regular = exhaustive_regular(&mut counts.clone(), 0, 0, [0, 0, 0], melds);
    if melds > 0 {
        return regular;
    }
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    let seven_pairs = 6 - pairs + (7 - kinds).max(0);
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let held = orphans.iter().filter(|&&k| counts[k] > 0).count() as i8;
    let paired = orphans.iter().any(|&k| counts[k] > 1);
    let thirteen_orphans = 13 - held - i8::from(paired);
    regular.min(seven_pairs).min(thirteen_orphans)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fourteen_tiles_are_as_good_as_their_best_discard(counts in hand(14)) {
        let best_discard = (0..Kind::COUNT)
            .filter(|&k| counts[k] > 0)
            .map(|k| {
                let mut after = counts;
                after[k] -= 1;
                shanten(&after)
            })
            .min()
            .unwrap();
        let own = shanten(&counts);
        prop_assert_eq!(own == -1, is_complete(&counts));
        if own >= 0 {
            prop_assert_eq!(own, best_discard);
        }
    }

    #[test]
    fn thirteen_tiles_wait_exactly_when_tenpai(counts in hand(13)) {
        let waits = waits(&counts);
        prop_assert_eq!(waits, waits_by_trying(&counts));
        prop_assert_eq!(shanten(&counts) == 0, waits != 0);
        for kind in 0..Kind::COUNT {
            if counts[kind] < 4 {
                let mut drawn = counts;
                drawn[kind] += 1;
                prop_assert!(shanten(&drawn) >= shanten(&counts) - 1);
            }
        }
    }

    #[test]
    fn shanten_matches_the_exhaustive_search(counts in hand(13)) {
        let expected = exhaustive_shanten(&counts);
        let got = shanten(&counts);
        // The one intended difference: waits only on kinds held four times.
        if expected == 0 && waits(&counts) == 0 {
            prop_assert_eq!(got, 1);
        } else {
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn ukeire_counts_the_draws_that_lower_shanten(counts in hand(13)) {
        prop_assert_eq!(ukeire(&counts, &[0; Kind::COUNT]), ukeire_by_trying(&counts));
    }

    #[test]
    fn ukeire_after_a_call_counts_the_draws_that_lower_shanten(counts in hand(10)) {
        prop_assert_eq!(ukeire(&counts, &[0; Kind::COUNT]), ukeire_by_trying(&counts));
    }

    #[test]
    fn the_best_discards_leave_the_lowest_shanten_with_their_ukeire(counts in hand(14)) {
        best_discards_agree(&counts)?;
    }

    #[test]
    fn after_a_call_the_best_discards_leave_the_lowest_shanten(counts in hand(11)) {
        best_discards_agree(&counts)?;
    }

    #[test]
    fn hands_after_melds_wait_exactly_when_tenpai(counts in hand(7)) {
        prop_assert_eq!(waits(&counts), waits_by_trying(&counts));
        prop_assert_eq!(shanten(&counts) == 0, waits(&counts) != 0);
    }
}
