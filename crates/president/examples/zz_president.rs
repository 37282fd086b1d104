use cards::{seeded_rng, GameRng};
use president::bots::{RandomBot, Strategy};
use president::Hand;
use rand::Rng;
fn new_hand(rng: &mut GameRng) -> Hand {
    let players = rng.gen_range(3..=7);
    let ranked = rng.gen();
    Hand::deal(players, ranked, rng).unwrap().0
}
fn main() {
    let n: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut rng: GameRng = seeded_rng(1);
    let mut hand = new_hand(&mut rng);
    let mut sum = 0usize;
    let mut ev = president::Events::new();
    for _ in 0..n {
        let seat = match hand.active() {
            Some(seat) => seat,
            None => {
                hand = new_hand(&mut rng);
                hand.active().unwrap()
            }
        };
        let legal = hand.legal_actions(seat);
        let action = Strategy::<Hand>::choose(&mut RandomBot, &hand.view(seat), &legal, &mut rng);
        hand.apply_into(seat, action, &mut ev).unwrap();
        sum += ev.len();
    }
    println!("{sum}");
}
