use cards::{seeded_rng, GameRng};
use jass::bots::{RandomBot, Strategy};
use jass::{Config, Game};
use rand::Rng;
fn main() {
    let n: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut rng: GameRng = seeded_rng(1);
    let mut game = Game::new(Config::default(), seeded_rng(2)).0;
    let mut sum = 0usize;
    let mut ev = jass::Events::new();
    let mut legal = jass::Actions::new();
    for _ in 0..n {
        if game.is_over() {
            game = Game::new(Config::default(), seeded_rng(rng.gen())).0;
        }
        let seat = game.to_act().unwrap();
        game.legal_actions_into(seat, &mut legal);
        let action = Strategy::<Game>::choose(&mut RandomBot, &game.view(seat), &legal, &mut rng);
        game.apply_into(seat, action, &mut ev).unwrap();
        sum += ev.len();
    }
    println!("{sum}");
}
