use cards::{seeded_rng, GameRng};
use rand::Rng;
use truco::bots::{RandomBot, Strategy};
use truco::{DeckStyle, Events, Game, ManilhaStyle, Rules};
fn main() {
    let n: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let rules = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
    let mut rng: GameRng = seeded_rng(1);
    let mut game = Game::new(rules, seeded_rng(2)).0;
    let mut events = Events::new();
    let mut legal = truco::Actions::new();
    let mut sum = 0usize;
    for _ in 0..n {
        if game.is_over() {
            game = Game::new(rules, seeded_rng(rng.gen())).0;
        }
        let seat = game.to_act()[0];
        game.legal_actions_into(seat, &mut legal);
        let action = Strategy::<Game>::choose(&mut RandomBot, &game.view(seat), &legal, &mut rng);
        events.clear();
        game.apply_into(seat, action, &mut events).unwrap();
        sum += events.len();
    }
    println!("{sum}");
}
