//! Scoring against the 612 winning hands of `tests/data/agari_4p.json` (real games and
//! synthetic yakuman, see `tests/data/README.md`), then hand-made hands for what the
//! vectors do not reach, and payments.

use mahjong::{evaluate, Agari, Limit, Meld, MeldKind, Payment, Tile, WinContext, Wind, Yaku};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    tiles_136: Vec<u8>,
    melds: Vec<VectorMeld>,
    win_tile_136: u8,
    dora_indicators: Vec<u8>,
    ura_indicators: Vec<u8>,
    conditions: Conditions,
    expected: Expected,
}

#[derive(Deserialize)]
struct VectorMeld {
    meld_type: String,
    tiles: Vec<u8>,
    opened: bool,
    /// -1 for an ankan.
    from_who: i8,
}

#[derive(Deserialize)]
struct Conditions {
    tsumo: bool,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    tsumo_first_turn: bool,
    player_wind: usize,
    round_wind: usize,
}

#[derive(Deserialize)]
struct Expected {
    is_win: bool,
    han: u8,
    fu: u8,
    yaku: Vec<u8>,
}

/// Yaku ids the vectors use for counts rather than yaku.
const DORA_ID: u8 = 31;
const AKA_ID: u8 = 32;
const URA_ID: u8 = 33;

fn tile(id: u8) -> Tile {
    Tile::new(id).expect("a tile id below 136")
}

fn meld(json: &VectorMeld) -> Meld {
    let kind = match json.meld_type.as_str() {
        "chi" => MeldKind::Chi,
        "pon" => MeldKind::Pon,
        "daiminkan" => MeldKind::Daiminkan,
        "kakan" => MeldKind::Kakan,
        "ankan" => MeldKind::Ankan,
        other => panic!("unknown meld type {other}"),
    };
    assert_eq!(json.opened, kind != MeldKind::Ankan);
    let mut tiles = [tile(json.tiles[0]); 4];
    for (slot, &id) in tiles.iter_mut().zip(&json.tiles) {
        *slot = tile(id);
    }
    Meld {
        kind,
        tiles,
        called: json.opened.then(|| tile(json.tiles[0])),
        from: u8::try_from(json.from_who).ok(),
    }
}

/// Scores one vector; `Err` describes a mismatch.
fn check(index: usize, case: &Case) -> Result<(), String> {
    let melds: Vec<Meld> = case.melds.iter().map(meld).collect();
    let mut concealed: Vec<Tile> = case.tiles_136.iter().map(|&id| tile(id)).collect();
    // One synthetic case lists the winning tile among the concealed tiles as well.
    if concealed.len() + 3 * melds.len() == 14 {
        let at = case
            .tiles_136
            .iter()
            .position(|&id| id == case.win_tile_136);
        concealed.remove(at.expect("the extra tile is the winning tile"));
    }
    let dora: Vec<Tile> = case.dora_indicators.iter().map(|&id| tile(id)).collect();
    let ura: Vec<Tile> = case.ura_indicators.iter().map(|&id| tile(id)).collect();
    let c = &case.conditions;
    let ctx = WinContext {
        tsumo: c.tsumo,
        riichi: c.riichi,
        double_riichi: c.double_riichi,
        ippatsu: c.ippatsu,
        haitei: c.haitei,
        houtei: c.houtei,
        rinshan: c.rinshan,
        chankan: c.chankan,
        first_turn: c.tsumo_first_turn,
        seat_wind: Some(Wind::ALL[c.player_wind]),
        round_wind: Some(Wind::ALL[c.round_wind]),
        dora_indicators: &dora,
        ura_indicators: &ura,
        red_fives: true,
    };
    let hand: Vec<String> = case
        .tiles_136
        .iter()
        .map(|&id| tile(id).to_string())
        .collect();
    let describe = || {
        format!(
            "case {index}: {} + {} melds {:?}",
            hand.join(""),
            tile(case.win_tile_136),
            case.melds.iter().map(|m| &m.meld_type).collect::<Vec<_>>()
        )
    };
    assert!(case.expected.is_win);
    let agari = evaluate(&concealed, &melds, tile(case.win_tile_136), &ctx)
        .ok_or_else(|| format!("{}: no win", describe()))?;
    let mut ids: Vec<u8> = agari.yaku.iter().map(|&(yaku, _)| yaku.id()).collect();
    for (count, id) in [
        (agari.dora, DORA_ID),
        (agari.aka, AKA_ID),
        (agari.ura, URA_ID),
    ] {
        if count > 0 {
            ids.push(id);
        }
    }
    ids.sort_unstable();
    let mut expected_ids = case.expected.yaku.clone();
    expected_ids.sort_unstable();
    let got = (agari.han, agari.fu, &ids);
    let want = (case.expected.han, case.expected.fu, &expected_ids);
    if got == want {
        Ok(())
    } else {
        Err(format!("{}: got {got:?}, want {want:?}", describe()))
    }
}

#[test]
fn all_612_vectors_score_as_expected() {
    let text = include_str!("data/agari_4p.json");
    let vectors: Vectors = serde_json::from_str(text).expect("valid vectors");
    assert_eq!(vectors.cases.len(), 612);
    let failures: Vec<String> = vectors
        .cases
        .iter()
        .enumerate()
        .filter_map(|(i, case)| check(i, case).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of 612 failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Tiles in Tenhou notation (`123m0p77z`, `0` a red five); copies of a kind get ids in
/// order, a red five the copy that is red.
fn tiles(notation: &str) -> Vec<Tile> {
    let mut used = [0u8; 34];
    let mut digits = Vec::new();
    let mut out = Vec::new();
    for ch in notation.chars() {
        match ch {
            '0'..='9' => digits.push(ch as u8 - b'0'),
            'm' | 'p' | 's' | 'z' => {
                let base = [0, 9, 18, 27]["mpsz".find(ch).unwrap()];
                for d in digits.drain(..) {
                    let kind = base + if d == 0 { 4 } else { d - 1 };
                    let copy = if d == 0 {
                        0
                    } else {
                        used[kind as usize] += 1;
                        used[kind as usize] - u8::from(!(base < 27 && d == 5))
                    };
                    out.push(tile(kind * 4 + copy));
                }
            }
            _ => panic!("bad notation {notation}"),
        }
    }
    out
}

/// A hand won with `win` (the last tile of `hand`) and no melds.
fn closed(hand: &str, ctx: &WinContext) -> Option<Agari> {
    let mut tiles = tiles(hand);
    let win = tiles.pop().unwrap();
    evaluate(&tiles, &[], win, ctx)
}

fn east_round(seat: Wind) -> WinContext<'static> {
    WinContext {
        seat_wind: Some(seat),
        round_wind: Some(Wind::East),
        ..WinContext::default()
    }
}

fn yaku_of(agari: &Agari) -> Vec<Yaku> {
    agari.yaku.iter().map(|&(yaku, _)| yaku).collect()
}

/// A meld of `kind` made of the tiles in `notation`, called from seat 1 unless it is an
/// ankan.
fn shown(notation: &str, kind: MeldKind) -> Meld {
    let t = tiles(notation);
    let mut four = [t[0]; 4];
    four[..t.len()].copy_from_slice(&t);
    Meld {
        kind,
        tiles: four,
        called: (kind != MeldKind::Ankan).then_some(t[0]),
        from: (kind != MeldKind::Ankan).then_some(1),
    }
}

#[test]
fn no_yaku_is_no_win() {
    let ron = east_round(Wind::South);
    // A closed ron on a kanchan with no yaku.
    assert_eq!(closed("123m456p789s11z46s5s", &ron), None);
    // Not complete at all.
    assert_eq!(closed("123m456p789s11z46s7s", &ron), None);
    // Dora alone do not make a yaku.
    let indicator = tiles("4s");
    let ctx = WinContext {
        dora_indicators: &indicator,
        ..ron
    };
    assert_eq!(closed("123m456p789s11z46s5s", &ctx), None);
}

#[test]
fn riichi_pinfu_ron_is_30_fu_and_tsumo_20() {
    let riichi = WinContext {
        riichi: true,
        ..east_round(Wind::South)
    };
    let ron = closed("234m456p789s55s67m8m", &riichi).unwrap();
    assert_eq!((ron.han, ron.fu), (2, 30));
    assert_eq!(yaku_of(&ron), [Yaku::Riichi, Yaku::Pinfu]);
    let tsumo = WinContext {
        tsumo: true,
        ..riichi
    };
    let won = closed("234m456p789s55s67m8m", &tsumo).unwrap();
    assert_eq!((won.han, won.fu), (3, 20));
}

#[test]
fn double_wind_pair_is_4_fu() {
    // East seat in the east round, pair of east, kanchan wait: 20 + 10 + 4 + 2 = 36.
    let riichi = WinContext {
        riichi: true,
        ..east_round(Wind::East)
    };
    let agari = closed("123m456p789s11z35s4s", &riichi).unwrap();
    assert_eq!((agari.han, agari.fu), (1, 40));
    let south = WinContext {
        riichi: true,
        ..east_round(Wind::South)
    };
    // As south, the pair of east (round wind) is 2: 20 + 10 + 2 + 2 = 34, still 40.
    assert_eq!(closed("123m456p789s11z35s4s", &south).unwrap().fu, 40);
    // A pair of north (nobody's wind here) on a two-sided wait is pinfu, 30 fu on ron.
    assert_eq!(closed("123m456p789s44z34s5s", &south).unwrap().fu, 30);
}

#[test]
fn tenhou_chiihou_stack_with_other_yakuman() {
    let first = |seat| WinContext {
        tsumo: true,
        first_turn: true,
        ..east_round(seat)
    };
    let dealer = closed("123m456p789s11z46s5s", &first(Wind::East)).unwrap();
    assert_eq!(yaku_of(&dealer), [Yaku::Tenhou]);
    assert_eq!(
        (dealer.han, dealer.fu, dealer.limit),
        (13, 0, Limit::Yakuman(1))
    );
    let other = closed("19m19p19s1234566z7z", &first(Wind::West)).unwrap();
    assert_eq!(yaku_of(&other), [Yaku::Chiihou, Yaku::Kokushi]);
    assert_eq!(other.limit, Limit::Yakuman(2));
    assert_eq!(
        other.payment(false, true),
        Payment::Tsumo {
            dealer: 32000,
            other: 16000
        }
    );
}

#[test]
fn nine_gates_double_only_on_the_nine_sided_wait() {
    let tsumo = WinContext {
        tsumo: true,
        ..east_round(Wind::South)
    };
    let pure = closed("1112345678999p5p", &tsumo).unwrap();
    assert_eq!(yaku_of(&pure), [Yaku::JunseiChuuren]);
    assert_eq!(pure.han, 26);
    // Waiting 1112345678899 on 6 or 9 (not the nine-sided shape).
    let plain = closed("1112345678899p9p", &tsumo).unwrap();
    assert_eq!(yaku_of(&plain), [Yaku::ChuurenPoutou]);
    assert_eq!(plain.han, 13);
}

#[test]
fn ron_completed_triplet_is_open() {
    let ron = east_round(Wind::South);
    // 222m 444p 555z concealed, 999s completed by ron on a shanpon: three concealed
    // triplets, not four, and the ron triplet earns 4 fu, not 8:
    // 20 + 10 + 4 + 4 + 8 + 4 = 50.
    let agari = closed("222m444p99s555z88s9s", &ron).unwrap();
    assert_eq!(yaku_of(&agari), [Yaku::Haku, Yaku::Toitoi, Yaku::Sanankou]);
    assert_eq!(agari.fu, 50);
    let tsumo = WinContext { tsumo: true, ..ron };
    let agari = closed("222m444p99s555z88s9s", &tsumo).unwrap();
    assert_eq!(
        yaku_of(&agari),
        [Yaku::Suuankou],
        "four concealed triplets on tsumo"
    );
}

#[test]
fn kans_chankan_and_rinshan() {
    let kans = [
        shown("2222m", MeldKind::Ankan),
        shown("7777z", MeldKind::Daiminkan),
        shown("9999p", MeldKind::Kakan),
    ];
    let rinshan = WinContext {
        tsumo: true,
        rinshan: true,
        ..east_round(Wind::South)
    };
    let hand = tiles("345s1z1z");
    let agari = evaluate(&hand[..4], &kans, hand[4], &rinshan).unwrap();
    assert_eq!(
        yaku_of(&agari),
        [Yaku::Rinshan, Yaku::Chun, Yaku::Sankantsu]
    );
    // 20 + 2 tsumo + 16 (2m ankan) + 16 (chun minkan) + 16 (9p minkan) + 2 (pair of
    // the round wind) + 2 tanki = 74.
    assert_eq!((agari.han, agari.fu), (4, 80));
    assert_eq!(agari.limit, Limit::Mangan);

    let chankan = WinContext {
        chankan: true,
        ..east_round(Wind::South)
    };
    let open = [shown("777z", MeldKind::Pon)];
    let hand = tiles("123m456p99s68s7s");
    let agari = evaluate(&hand[..10], &open, hand[10], &chankan).unwrap();
    assert_eq!(yaku_of(&agari), [Yaku::Chankan, Yaku::Chun]);
    assert_eq!((agari.han, agari.fu), (2, 30));
}

#[test]
fn yakuman_the_vectors_lack() {
    let ron = east_round(Wind::South);
    let little_winds = closed("111222333z44z56m7m", &ron).unwrap();
    assert_eq!(yaku_of(&little_winds), [Yaku::Shousuushii]);
    assert_eq!((little_winds.han, little_winds.fu), (13, 0));

    let tsumo = WinContext { tsumo: true, ..ron };
    let open_kans = [
        shown("2222m", MeldKind::Ankan),
        shown("9999p", MeldKind::Daiminkan),
        shown("1111s", MeldKind::Kakan),
        shown("7777s", MeldKind::Daiminkan),
    ];
    let pair = tiles("5z5z");
    let agari = evaluate(&pair[..1], &open_kans, pair[1], &tsumo).unwrap();
    assert_eq!(yaku_of(&agari), [Yaku::Suukantsu]);
    let closed_kans = open_kans.map(|meld| Meld {
        kind: MeldKind::Ankan,
        called: None,
        from: None,
        ..meld
    });
    let agari = evaluate(&pair[..1], &closed_kans, pair[1], &tsumo).unwrap();
    assert_eq!(yaku_of(&agari), [Yaku::SuuankouTanki, Yaku::Suukantsu]);
    assert_eq!((agari.han, agari.limit), (39, Limit::Yakuman(3)));
}

#[test]
fn seven_pairs_and_ryanpeikou_prefer_the_higher_score() {
    let riichi = WinContext {
        riichi: true,
        ..east_round(Wind::South)
    };
    let agari = closed("223344m556677p9s9s", &riichi).unwrap();
    assert_eq!(yaku_of(&agari), [Yaku::Riichi, Yaku::Ryanpeikou]);
    assert_eq!((agari.han, agari.fu), (4, 40));
    let pairs = closed("1133m5577p99s22z4z4z", &riichi).unwrap();
    assert_eq!(yaku_of(&pairs), [Yaku::Riichi, Yaku::Chiitoitsu]);
    assert_eq!((pairs.han, pairs.fu), (3, 25));
}

#[test]
fn red_fives_and_ura_count_only_when_on() {
    let dora = tiles("4m");
    let ura = tiles("9p");
    let ctx = WinContext {
        tsumo: true,
        dora_indicators: &dora,
        ura_indicators: &ura,
        ..east_round(Wind::South)
    };
    let hand = "0m67m234p11p678s78s9s";
    let agari = closed(hand, &ctx).unwrap();
    assert_eq!((agari.dora, agari.aka, agari.ura), (1, 0, 0));
    let agari = closed(
        hand,
        &WinContext {
            red_fives: true,
            riichi: true,
            ..ctx
        },
    )
    .unwrap();
    assert_eq!((agari.dora, agari.aka, agari.ura), (1, 1, 2));
    // Riichi, menzen tsumo and pinfu (no tanyao: 11p, 9s), with four dora.
    assert_eq!(agari.han, 7);
    assert_eq!(agari.limit, Limit::Haneman);
}

#[test]
fn yaku_ids_round_trip() {
    for yaku in Yaku::ALL {
        assert_eq!(Yaku::from_id(yaku.id()), Some(yaku));
        assert!(!yaku.name().is_empty());
    }
    assert_eq!(Yaku::from_id(31), None);
    assert_eq!(Yaku::Haku.name(), "Yakuhai (haku)");
}

fn agari(han: u8, fu: u8) -> Agari {
    Agari {
        yaku: Vec::new(),
        dora: 0,
        aka: 0,
        ura: 0,
        han,
        fu,
        limit: Limit::for_han_fu(han, fu),
    }
}

#[test]
fn payments_round_up_to_100() {
    assert_eq!(agari(1, 30).payment(false, false), Payment::Ron(1000));
    assert_eq!(agari(1, 30).payment(true, false), Payment::Ron(1500));
    assert_eq!(agari(4, 30).payment(false, false), Payment::Ron(7700));
    assert_eq!(agari(4, 30).limit, Limit::None, "no kiriage mangan");
    assert_eq!(
        agari(3, 40).payment(false, true),
        Payment::Tsumo {
            dealer: 2600,
            other: 1300
        }
    );
    assert_eq!(agari(5, 30).payment(true, true), Payment::DealerTsumo(4000));
    assert_eq!(agari(2, 25).payment(false, false), Payment::Ron(1600));
    assert_eq!(
        agari(2, 20).payment(false, true),
        Payment::Tsumo {
            dealer: 700,
            other: 400
        }
    );
}

#[test]
fn limits() {
    assert_eq!(agari(4, 40).limit, Limit::Mangan);
    assert_eq!(agari(3, 70).limit, Limit::Mangan);
    assert_eq!(agari(3, 60).limit, Limit::None);
    assert_eq!(agari(7, 30).payment(false, false), Payment::Ron(12000));
    assert_eq!(agari(10, 30).payment(true, false), Payment::Ron(24000));
    assert_eq!(agari(12, 30).payment(false, false), Payment::Ron(24000));
    assert_eq!(agari(13, 30).limit, Limit::KazoeYakuman);
    assert_eq!(agari(20, 30).payment(false, false), Payment::Ron(32000));
    let double = Agari {
        limit: Limit::Yakuman(2),
        ..agari(26, 0)
    };
    assert_eq!(double.payment(true, true), Payment::DealerTsumo(32000));
}
