//! Concealed and added kans: the mmj1 concealed-kong pattern, immediate and delayed kan
//! dora, robbing a kakan (chankan) and thirteen orphans robbing an ankan.

mod game_support;

use game_support::{act, discard, kind, moves, pass_all, tsumogiri, wins, Script};
use mahjong::{Action, Event, MeldKind, Payment, Pending, Place, RuleError, SeatSet, Shown, Yaku};

/// Seat 0 deals with four 1m; seat 1 is thirteen-orphans tenpai on 1m; seat 2 waits on
/// 1m with an ordinary hand.
fn ankan_script() -> Script<'static> {
    Script {
        hands: [
            "1111m234p567p88s9s",
            "99m19p19s1234567z",
            "23m456p789p234s55s",
            "",
        ],
        draws: "3z",
        replacements: "6z",
        ..Script::default()
    }
}

#[test]
fn an_ankan_shows_two_tiles_to_others_and_turns_its_dora_at_once() {
    let mut script = ankan_script();
    script.hands[1] = "2z2z3z4z5z6z7z1p9p1s9s8m8m";
    let (mut game, _) = script.start();
    assert!(game.legal_actions(0).contains(&Action::Ankan(kind("1m"))));
    let events = act(&mut game, 0, Action::Ankan(kind("1m")));
    let Event::Meld {
        seat: 0,
        index: 0,
        meld,
    } = events[0]
    else {
        panic!("a meld first: {events:?}")
    };
    assert_eq!(
        (meld.kind, meld.called, meld.from),
        (MeldKind::Ankan, None, None)
    );
    let all = moves(&events);
    assert_eq!(all.len(), 7);
    let kan = &all[..5];
    assert!(kan[..4]
        .iter()
        .all(|m| (m.from, m.to) == (Place::Hand(0), Place::Meld(0, 0))));
    assert_eq!(
        (kan[4].from, kan[4].to),
        (Place::Meld(0, 0), Place::Meld(0, 0))
    );
    // Others: two face-down and two open moves, and no marker.
    for seat in 1..4 {
        let faces: Vec<bool> = kan[..4]
            .iter()
            .map(|m| m.face_for(seat).is_some())
            .collect();
        assert_eq!(faces, [false, true, true, false]);
        assert!(!kan[4].is_for(seat));
    }
    // The owner: four open moves, then one face-down move of the meld to itself.
    assert!(kan[..4].iter().all(|m| m.face_for(0).is_some()));
    assert!(kan[4].is_for(0) && kan[4].face_for(0).is_none());
    assert_eq!(kan[4].shown, Shown::Marker(0));
    // No thirteen orphans here: the dora (a2) comes up at once, then the replacement.
    assert_eq!(
        (all[5].from, all[5].to, all[5].shown),
        (Place::DoraWall(2), Place::DoraWall(2), Shown::All)
    );
    assert_eq!(
        (all[6].from, all[6].to),
        (Place::Replacement(0), Place::Hand(0))
    );
    assert_eq!(game.dora_indicators().len(), 2);
    assert_eq!(game.pending(), Pending::Turn(0));
    assert_eq!(game.hand(0).len(), 11);
    assert_eq!(game.wall_remaining(), 68);
}

#[test]
fn only_thirteen_orphans_may_rob_an_ankan() {
    let (mut game, _) = ankan_script().start();
    let events = act(&mut game, 0, Action::Ankan(kind("1m")));
    assert!(!moves(&events)
        .iter()
        .any(|m| m.from == Place::Replacement(0)));
    assert_eq!(game.pending(), Pending::Claims(SeatSet::EMPTY.with(1)));
    assert_eq!(
        game.legal_actions(1).as_slice(),
        &[Action::Pass, Action::Ron]
    );
    assert!(
        game.legal_actions(2).is_empty(),
        "an ordinary wait is not asked"
    );
    let mut passed = game.clone();
    let events = act(&mut game, 1, Action::Ron);
    let win = &wins(&events)[0];
    assert_eq!((win.winner, win.from), (1, Some(0)));
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Kokushi));
    assert_eq!(win.payment, Payment::Ron(32_000));
    // Letting it go: the kan completes, its dora comes up and the dealer draws on.
    let events = act(&mut passed, 1, Action::Pass);
    let route: Vec<_> = moves(&events).iter().map(|m| (m.from, m.to)).collect();
    assert_eq!(
        route,
        [
            (Place::DoraWall(2), Place::DoraWall(2)),
            (Place::Replacement(0), Place::Hand(0)),
        ]
    );
    assert_eq!(passed.pending(), Pending::Turn(0));
}

/// Seat 0 throws a 7p that seat 2 pons; three draws later seat 2 draws the fourth 7p.
/// Seat 3 waits on 4p-7p with pinfu.
fn kakan_script() -> Script<'static> {
    Script {
        hands: [
            "7p1z2z3z4z6z7z1m9m1s9s1p9p",
            "2m3m5m6m8m9m2s3s5s6s8s9s5z",
            "77p1m3m5m7m9m1s3s5s7s5z6z",
            "234m678m345s56p11s",
        ],
        draws: "9p 1p 9m 4z 7p",
        replacements: "4p",
        ..Script::default()
    }
}

/// Plays the script up to seat 2's kakan.
fn up_to_kakan() -> mahjong::Game {
    let (mut game, _) = kakan_script().start();
    discard(&mut game, 0, "7p");
    assert!(game.legal_actions(3).contains(&Action::Ron), "pinfu on 7p");
    let sevens: Vec<_> = game
        .hand(2)
        .iter()
        .copied()
        .filter(|t| t.kind() == kind("7p"))
        .collect();
    act(&mut game, 2, Action::Pon([sevens[0], sevens[1]]));
    pass_all(&mut game);
    discard(&mut game, 2, "5z");
    pass_all(&mut game);
    for seat in [3, 0, 1] {
        tsumogiri(&mut game, seat);
    }
    assert_eq!(game.pending(), Pending::Turn(2));
    assert!(game.legal_actions(2).contains(&Action::Kakan(kind("7p"))));
    game
}

#[test]
fn a_kakan_can_be_robbed() {
    let mut game = up_to_kakan();
    let events = act(&mut game, 2, Action::Kakan(kind("7p")));
    let Event::Meld {
        seat: 2,
        index: 0,
        meld,
    } = events[0]
    else {
        panic!("the meld is upgraded first: {events:?}")
    };
    assert_eq!(meld.kind, MeldKind::Kakan);
    assert_eq!(meld.tiles().len(), 4);
    let added = moves(&events);
    assert_eq!(added.len(), 1);
    assert_eq!(
        (added[0].from, added[0].to, added[0].shown),
        (Place::Hand(2), Place::Meld(2, 0), Shown::All)
    );
    assert_eq!(game.pending(), Pending::Claims(SeatSet::EMPTY.with(3)));
    // Views tell a seat only whether it owes an answer, not who can rob the kan.
    assert_eq!(
        game.view(3).pending(),
        Pending::Claims(SeatSet::EMPTY.with(3))
    );
    assert_eq!(game.view(2).pending(), Pending::Claims(SeatSet::EMPTY));
    assert_eq!(
        game.apply(3, Action::Pon([game.hand(3)[0], game.hand(3)[1]])),
        Err(RuleError::KanTileRonOnly)
    );
    let events = act(&mut game, 3, Action::Ron);
    let win = &wins(&events)[0];
    assert_eq!(
        (win.winner, win.from, win.tile),
        (3, Some(2), added[0].tile)
    );
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Chankan));
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Pinfu));
}

#[test]
fn a_kakan_let_go_draws_a_replacement_and_leaves_the_robber_furiten() {
    let mut game = up_to_kakan();
    act(&mut game, 2, Action::Kakan(kind("7p")));
    let events = act(&mut game, 3, Action::Pass);
    let route: Vec<_> = moves(&events).iter().map(|m| (m.from, m.to)).collect();
    assert_eq!(
        route,
        [(Place::Replacement(0), Place::Hand(2))],
        "the kakan's dora waits"
    );
    assert_eq!(game.dora_indicators().len(), 1);
    // Seat 2 discards the replacement 4p: the kan dora comes up, and seat 3, which let a
    // winning 7p go, may not ron the 4p (temporary furiten).
    let events = discard(&mut game, 2, "4p");
    assert!(moves(&events).iter().any(|m| m.from == Place::DoraWall(2)));
    assert_eq!(game.dora_indicators().len(), 2);
    assert!(!game.legal_actions(3).contains(&Action::Ron));
    assert_eq!(game.apply(3, Action::Ron), Err(RuleError::Furiten));
}
