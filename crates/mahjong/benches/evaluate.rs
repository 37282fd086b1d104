//! How fast hands are analysed: scoring the 612 winning hands of the test vectors, and
//! the calls CPU players make in their inner loops (shanten, waits, tile acceptance)
//! on random hands, both drawn from the whole wall and from one suit (the densest
//! hands, with the most ways to split).
//!
//! `cargo bench -p mahjong --bench evaluate` (add `-- --quick` for a short run).

use cards::seeded_rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mahjong::hand::{shanten, ukeire, waits};
use mahjong::{evaluate, Counts, Meld, MeldKind, Tile, WinContext, Wind};
use rand::seq::SliceRandom;
use serde_json::Value;

/// One winning hand of the vectors, ready to score.
struct Win {
    concealed: Vec<Tile>,
    melds: Vec<Meld>,
    win: Tile,
    dora: Vec<Tile>,
    flags: [bool; 9],
    seat: Wind,
    round: Wind,
}

fn tiles(value: &Value) -> Vec<Tile> {
    let ids = value.as_array().expect("a list of tile ids");
    ids.iter()
        .map(|id| Tile::new(id.as_u64().expect("an id") as u8).expect("a tile"))
        .collect()
}

fn meld(value: &Value) -> Meld {
    let kind = match value["meld_type"].as_str().expect("a meld type") {
        "chi" => MeldKind::Chi,
        "pon" => MeldKind::Pon,
        "daiminkan" => MeldKind::Daiminkan,
        "kakan" => MeldKind::Kakan,
        _ => MeldKind::Ankan,
    };
    let list = tiles(&value["tiles"]);
    let mut four = [list[0]; 4];
    four[..list.len()].copy_from_slice(&list);
    let open = kind != MeldKind::Ankan;
    Meld {
        kind,
        tiles: four,
        called: open.then_some(list[0]),
        from: open.then_some(0),
    }
}

fn wins() -> Vec<Win> {
    let text = include_str!("../tests/data/agari_4p.json");
    let vectors: Value = serde_json::from_str(text).expect("valid vectors");
    let cases = vectors["cases"].as_array().expect("cases");
    cases
        .iter()
        .map(|case| {
            let win = tiles(&Value::Array(vec![case["win_tile_136"].clone()]))[0];
            let mut concealed = tiles(&case["tiles_136"]);
            let melds: Vec<Meld> = case["melds"].as_array().unwrap().iter().map(meld).collect();
            if concealed.len() + 3 * melds.len() == 14 {
                let at = concealed.iter().position(|&t| t == win).unwrap();
                concealed.remove(at);
            }
            let c = &case["conditions"];
            let flag = |name: &str| c[name].as_bool().unwrap();
            let wind = |name: &str| Wind::ALL[c[name].as_u64().unwrap() as usize];
            Win {
                concealed,
                melds,
                win,
                dora: tiles(&case["dora_indicators"]),
                flags: [
                    "tsumo",
                    "riichi",
                    "double_riichi",
                    "ippatsu",
                    "haitei",
                    "houtei",
                    "rinshan",
                    "chankan",
                    "tsumo_first_turn",
                ]
                .map(flag),
                seat: wind("player_wind"),
                round: wind("round_wind"),
            }
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let wins = wins();
    let mut group = c.benchmark_group("scoring");
    group.throughput(Throughput::Elements(wins.len() as u64));
    group.bench_function("evaluate the 612 vectors", |b| {
        b.iter(|| {
            for win in &wins {
                let [tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, first_turn] =
                    win.flags;
                let ctx = WinContext {
                    tsumo,
                    riichi,
                    double_riichi,
                    ippatsu,
                    haitei,
                    houtei,
                    rinshan,
                    chankan,
                    first_turn,
                    seat_wind: Some(win.seat),
                    round_wind: Some(win.round),
                    dora_indicators: &win.dora,
                    ura_indicators: &[],
                    red_fives: true,
                };
                black_box(evaluate(&win.concealed, &win.melds, win.win, &ctx));
            }
        })
    });
    group.finish();
}

/// `count` hands of `len` distinct tiles drawn from `wall`.
fn random_hands(wall: &[u8], len: usize, count: usize, seed: u64) -> Vec<Counts> {
    let mut rng = seeded_rng(seed);
    let mut wall = wall.to_vec();
    (0..count)
        .map(|_| {
            wall.shuffle(&mut rng);
            let mut counts = [0; 34];
            for &id in &wall[..len] {
                counts[usize::from(id / 4)] += 1;
            }
            counts
        })
        .collect()
}

fn hand_analysis(c: &mut Criterion) {
    let whole: Vec<u8> = (0..136).collect();
    let one_suit: Vec<u8> = (0..36).collect();
    let sets = [
        ("whole wall", random_hands(&whole, 13, 1000, 1)),
        ("one suit", random_hands(&one_suit, 13, 1000, 2)),
    ];
    let seen = [0; 34];
    let mut group = c.benchmark_group("hand analysis");
    for (name, hands) in &sets {
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.bench_function(format!("shanten, {name}"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| shanten(black_box(h)) as i32)
                    .sum::<i32>()
            })
        });
        group.bench_function(format!("waits, {name}"), |b| {
            b.iter(|| hands.iter().fold(0, |acc, h| acc ^ waits(black_box(h))))
        });
        group.bench_function(format!("ukeire, {name}"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| ukeire(black_box(h), &seen))
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, scoring, hand_analysis);
criterion_main!(benches);
