//! How a stored mahjong game is told step by step for the replay page (see
//! [`crate::record::story`]).

use super::{abort_name, deal_if_over, rules_of};
use crate::record::entries;
use crate::record::redo;
use crate::record::story::{name_of, Shot, Step, Story, StoryHand};
use crate::record::{Entry, Note};
use cards::seeded_rng;
use mahjong::game::{Abort, Action, DrawKind, Event, Game, Pending, Win};
use mahjong::{Limit, Tile, Wind};
use parlor_wire::mmj1 as spelling;

/// Tells a finished game of `variant` from `seed` with its `log` hand (kyoku) by hand,
/// naming the seats by `names` (see [`crate::record::story`]).
///
/// A hand is told from the action that follows its deal, as the replay deals it, so a
/// game that stopped between two hands ends with the last one played; a note (a CPU
/// player taking a seat) is a step of the hand it came in, or of the last one.
pub fn story(variant: &str, seed: u64, log: &[String], names: &[String]) -> Result<Story, String> {
    let rules = rules_of(variant).ok_or_else(|| format!("unknown mahjong variant {variant}"))?;
    let (mut game, _) = Game::new(rules, seeded_rng(seed));
    let mut teller = Teller {
        names,
        red_fives: rules.red_fives,
        story: Story::default(),
        round: String::new(),
        ron_tiles: [None; 4],
    };
    let mut dealt = true;
    for (at, entry) in entries(log) {
        match entry? {
            Entry::Note(note) => {
                if std::mem::take(&mut dealt) {
                    teller.begin(&game);
                }
                teller.note(note, &game);
            }
            Entry::Action { seat, named } => {
                dealt |= deal_if_over(&mut game, at)?;
                if std::mem::take(&mut dealt) {
                    teller.begin(&game);
                }
                let before = Before {
                    claim: game.claim_tile(),
                    drawn: game.drawn_tile(),
                };
                let (action, events) = redo(&mut game, at, seat, named)?;
                teller.action(&game, seat, action, before, &events);
            }
        }
    }
    Ok(teller.story)
}

/// What an action's words need from the table before it.
#[derive(Clone, Copy)]
struct Before {
    /// The tile up for claiming and who it came from.
    claim: Option<(usize, Tile)>,
    /// The tile the seat on turn had just drawn.
    drawn: Option<Tile>,
}

/// Writes a Mahjong story: a step per entry, each with the table read from the game
/// (which keeps a finished hand on the table until the next is dealt).
struct Teller<'a> {
    names: &'a [String],
    red_fives: bool,
    story: Story,
    /// The hand being told, as the notes say it ("East 2 (Bob deals), 1 honba"): the
    /// game moves round and honba on as soon as a hand ends.
    round: String,
    /// The tile each seat won on by ron this hand, shown at the end of its hand.
    ron_tiles: [Option<Tile>; 4],
}

impl Teller<'_> {
    fn name(&self, seat: usize) -> String {
        name_of(self.names, seat)
    }

    /// A tile in mmj1's spelling, as the replay page draws it.
    fn face(&self, tile: Tile) -> String {
        spelling::face(Some(tile), self.red_fives)
    }

    /// A tile as players read it in a step's words (`5p`, `East`, `Chun`), a red five
    /// said so.
    fn said(&self, tile: Tile) -> String {
        let red = if self.red_fives && tile.is_red_five() {
            " (red)"
        } else {
            ""
        };
        format!("{}{red}", tile.kind().spoken())
    }

    /// Begins the hand `game` has just dealt: its first step is the deal.
    fn begin(&mut self, game: &Game) {
        let honba = match game.honba() {
            0 => String::new(),
            n => format!(", {n} honba"),
        };
        let round = format!("{} {}", wind_name(game.round_wind()), game.hand_number());
        let dealer = self.name(game.dealer());
        self.round = format!("{round} ({dealer} deals){honba}");
        self.ron_tiles = [None; 4];
        let dora: Vec<String> = game
            .dora_indicators()
            .into_iter()
            .map(|t| self.said(t))
            .collect();
        let text = format!(
            "{round}{honba}: {dealer} deals; dora indicator {}",
            dora.join(" ")
        );
        let step = self.step(game, None, text);
        self.story.begin_hand(step);
    }

    /// The hand being told (there is one before every entry).
    fn hand(&mut self) -> &mut StoryHand {
        self.story
            .hands
            .last_mut()
            .expect("a hand is begun before the first entry")
    }

    /// A step by `seat` (none: the table's) with the table as it is now.
    fn step(&self, game: &Game, seat: Option<usize>, text: String) -> Step {
        Step {
            seat: seat.map(|s| s + 1),
            text,
            table: self.shot(game),
        }
    }

    fn shot(&self, game: &Game) -> Shot {
        let turn = match game.pending() {
            Pending::Turn(seat) => game.drawn_tile().map(|tile| (seat, tile)),
            _ => None,
        };
        let hands = (0..4)
            .map(|seat| {
                let mut tiles = game.hand(seat).to_vec();
                // The tile just drawn goes last, as it is held.
                if let Some((_, drawn)) = turn.filter(|&(s, _)| s == seat) {
                    tiles.retain(|&t| t != drawn);
                    tiles.push(drawn);
                }
                tiles.extend(self.ron_tiles[seat]);
                tiles.into_iter().map(|t| self.face(t)).collect()
            })
            .collect();
        let played = (0..4)
            .map(|seat| {
                game.discards(seat)
                    .iter()
                    .filter(|d| !d.called)
                    .map(|d| self.face(d.tile))
                    .collect()
            })
            .collect();
        let melds = (0..4)
            .map(|seat| {
                game.melds(seat)
                    .iter()
                    .map(|m| m.tiles().iter().map(|&t| self.face(t)).collect())
                    .collect()
            })
            .collect();
        let mut round = self.round.clone();
        match game.sticks() {
            0 => {}
            1 => round += ", 1 riichi stick",
            n => round += &format!(", {n} riichi sticks"),
        }
        let dora: Vec<String> = game
            .dora_indicators()
            .into_iter()
            .map(|t| self.face(t))
            .collect();
        let mut notes = vec![round, format!("dora indicators: {}", dora.join(" "))];
        let riichi: Vec<String> = (0..4)
            .filter(|&s| game.is_riichi(s))
            .map(|s| self.name(s))
            .collect();
        if !riichi.is_empty() {
            notes.push(format!("riichi: {}", riichi.join(", ")));
        }
        notes.push(format!("{} tiles left", game.wall_remaining()));
        let score: Vec<String> = game
            .scores()
            .iter()
            .enumerate()
            .map(|(seat, points)| format!("{} {points}", self.name(seat)))
            .collect();
        Shot {
            hands,
            played,
            melds,
            notes,
            score: score.join(" · "),
        }
    }

    /// `seat` did `action` (`before` it the table was so), which brought `events`; `game`
    /// is the table after it.
    fn action(
        &mut self,
        game: &Game,
        seat: usize,
        action: Action,
        before: Before,
        events: &[Event],
    ) {
        let mut results = Vec::new();
        for event in events {
            match event {
                Event::Win(w) => {
                    if w.from.is_some() {
                        self.ron_tiles[w.winner] = Some(w.tile);
                    }
                    results.push(self.win_text(w));
                }
                Event::Draw(drawn) => results.push(self.draw_text(drawn.kind)),
                Event::GameOver { scores, ranks } => {
                    let mut order: Vec<usize> = (0..4).collect();
                    order.sort_by_key(|&s| ranks[s]);
                    let places: Vec<String> = order
                        .iter()
                        .map(|&s| format!("{}. {} {}", ranks[s], self.name(s), scores[s]))
                        .collect();
                    let over = format!("Game over: {}", places.join(", "));
                    results = match results.as_slice() {
                        [] => vec![over],
                        ended => vec![format!("{}. {over}", ended.join("; "))],
                    };
                }
                _ => {}
            }
        }
        let text = self.action_text(seat, action, before);
        let step = self.step(game, Some(seat), text);
        let hand = self.hand();
        hand.steps.push(step);
        if !results.is_empty() {
            hand.result = results.join("; ");
        }
    }

    /// An action in words.
    fn action_text(&self, seat: usize, action: Action, before: Before) -> String {
        let who = self.name(seat);
        let claimed = match before.claim {
            Some((from, tile)) => format!("{}'s {}", self.name(from), self.said(tile)),
            None => "a tile".to_owned(),
        };
        let on = before
            .claim
            .map_or_else(|| "a tile".to_owned(), |(_, tile)| self.said(tile));
        let tiles = |tiles: &[Tile]| -> String {
            tiles
                .iter()
                .map(|&t| self.said(t))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match action {
            Action::Discard(tile) => format!("{who} discards {}", self.said(tile)),
            Action::Riichi(tile) => {
                format!("{who} declares riichi discarding {}", self.said(tile))
            }
            Action::Tsumo => match before.drawn {
                Some(tile) => format!("{who} wins by tsumo on {}", self.said(tile)),
                None => format!("{who} wins by tsumo"),
            },
            Action::Ankan(kind) => {
                format!("{who} declares a concealed kan of {}", kind.spoken())
            }
            Action::Kakan(kind) => {
                format!("{who} adds {} to a pon (kan)", kind.spoken())
            }
            Action::NineTerminals => {
                format!("{who} shows nine terminals and honours (kyuushu kyuuhai)")
            }
            Action::Pass => format!("{who} passes"),
            Action::Ron => format!("{who} rons {claimed}"),
            Action::Chi(pair) => format!("{who} calls chi on {on} with {}", tiles(&pair)),
            Action::Pon(_) => format!("{who} calls pon on {on}"),
            Action::Daiminkan(_) => format!("{who} calls kan on {on}"),
        }
    }

    fn win_text(&self, w: &Win) -> String {
        win_words(self.names, w)
    }

    fn draw_text(&self, kind: DrawKind) -> String {
        draw_words(self.names, kind)
    }

    /// A note of the log, told as a step of the table.
    fn note(&mut self, note: Note, game: &Game) {
        let text = match note {
            Note::Left { seat } => format!("{} left the table", self.name(seat)),
            other => other.in_words(|seat| self.name(seat)),
        };
        let step = self.step(game, None, text);
        self.hand().steps.push(step);
    }
}

/// A win in words: "Ana wins 7700 by ron from Bob: Riichi, Tanyao, dora 2 (3 han 40
/// fu)". The points are all the winner gained (honba and sticks included).
pub(super) fn win_words(names: &[String], w: &Win) -> String {
    let how = match w.from {
        Some(from) => format!("by ron from {}", name_of(names, from)),
        None => "by tsumo".to_owned(),
    };
    let a = &w.agari;
    let mut yaku: Vec<String> = a.yaku.iter().map(|(y, _)| y.name().to_owned()).collect();
    for (what, n) in [("dora", a.dora), ("red fives", a.aka), ("ura dora", a.ura)] {
        if n > 0 {
            yaku.push(format!("{what} {n}"));
        }
    }
    let value = match a.limit {
        Limit::Yakuman(1) => "yakuman".to_owned(),
        Limit::Yakuman(n) => format!("{n}x yakuman"),
        limit => {
            let name = match limit {
                Limit::Mangan => ", mangan",
                Limit::Haneman => ", haneman",
                Limit::Baiman => ", baiman",
                Limit::Sanbaiman => ", sanbaiman",
                Limit::KazoeYakuman => ", kazoe yakuman",
                Limit::None | Limit::Yakuman(_) => "",
            };
            format!("{} han {} fu{name}", a.han, a.fu)
        }
    };
    format!(
        "{} wins {} {how}: {} ({value})",
        name_of(names, w.winner),
        w.deltas[w.winner],
        yaku.join(", ")
    )
}

/// A draw in words: "Exhaustive draw: Ana and Bob tenpai".
pub(super) fn draw_words(names: &[String], kind: DrawKind) -> String {
    match kind {
        DrawKind::Exhaustive { tenpai } => {
            let ready: Vec<String> = (0..4)
                .filter(|&s| tenpai[s])
                .map(|s| name_of(names, s))
                .collect();
            let who = match ready.as_slice() {
                [] => "nobody".to_owned(),
                [one] => one.clone(),
                [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            };
            format!("Exhaustive draw: {who} tenpai")
        }
        DrawKind::Abortive(why) => {
            let why = match why {
                Abort::NineTerminals(seat) => {
                    format!(
                        "{} shows nine terminals and honours",
                        name_of(names, seat.into())
                    )
                }
                other => abort_name(other).to_owned(),
            };
            format!("Abortive draw: {why}")
        }
    }
}

/// A wind's name in the notes.
pub(super) fn wind_name(wind: Wind) -> &'static str {
    match wind {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::mahjong::replay;
    use mahjong::bots::{EfficiencyBot, Strategy};

    fn names() -> Vec<String> {
        ["Ana", "Bob", "", "Dan"].map(str::to_owned).to_vec()
    }

    /// A whole game of efficiency bots, logged as `GameLog::action` logs it, and how
    /// many actions each hand had.
    fn played_game(variant: &str, seed: u64) -> (Vec<String>, Vec<usize>) {
        let (mut game, _) = Game::new(rules_of(variant).unwrap(), seeded_rng(seed));
        let mut rng = seeded_rng(seed ^ 0x5eed);
        let (mut log, mut per_hand) = (Vec::new(), vec![0]);
        loop {
            let seat = match game.pending() {
                Pending::Turn(seat) => seat,
                Pending::Claims(owed) => owed.iter().next().unwrap(),
                Pending::HandOver => {
                    game.next_hand().unwrap();
                    per_hand.push(0);
                    continue;
                }
                Pending::GameOver => break,
            };
            let legal = game.legal_actions(seat);
            let action = EfficiencyBot.choose(&game.view(seat), &legal, &mut rng);
            let index = legal.iter().position(|a| *a == action).unwrap();
            log.push(format!("{seat} {index} {action:?}"));
            *per_hand.last_mut().unwrap() += 1;
            game.apply(seat, action).unwrap();
        }
        (log, per_hand)
    }

    fn is_face(face: &str) -> bool {
        let mut chars = face.chars();
        matches!(
            (chars.next(), chars.next(), chars.next()),
            (Some('c' | 'd' | 'b'), Some('0'..='9'), None)
                | (Some('w'), Some('e' | 's' | 'w' | 'n'), None)
                | (Some('d'), Some('r' | 'g' | 'w'), None)
        )
    }

    #[test]
    fn a_whole_game_is_told_hand_by_hand() {
        let names = names();
        let variant = "tonpuusen red-fives";
        let (log, per_hand) = played_game(variant, 11);
        let replayed = replay(variant, 11, &log).unwrap();
        let story = story(variant, 11, &log, &names).unwrap();
        assert_eq!(story.hands.len(), replayed.hands.len());
        assert_eq!(story.hands.len(), per_hand.len());
        let mut kinds = std::collections::HashSet::new();
        for (i, hand) in story.hands.iter().enumerate() {
            assert_eq!(hand.number, i + 1);
            assert_eq!(hand.steps.len(), per_hand[i] + 1, "hand {}", i + 1);
            let deal = &hand.steps[0];
            assert_eq!(deal.seat, None);
            assert!(
                deal.text.contains(" deals; dora indicator "),
                "{}",
                deal.text
            );
            let dealt: usize = deal.table.hands.iter().map(Vec::len).sum();
            assert_eq!(dealt, 53);
            assert!(
                hand.result.contains(" wins ") || hand.result.contains(" draw"),
                "{}",
                hand.result
            );
            for step in &hand.steps {
                let table = &step.table;
                assert_eq!(table.hands.len(), 4);
                assert_eq!(table.played.len(), 4);
                assert_eq!(table.melds.len(), 4);
                let mut faces = table.hands.iter().chain(&table.played).flatten();
                assert!(faces.all(|f| is_face(f)), "{table:?}");
                assert!(table.melds.iter().flatten().flatten().all(|f| is_face(f)));
                assert!(table
                    .notes
                    .iter()
                    .any(|n| n.starts_with("dora indicators: ")));
                assert!(table.score.starts_with("Ana "), "{}", table.score);
                if let Some(seat) = step.seat {
                    assert!((1..=4).contains(&seat));
                    assert!(step.text.starts_with(&name_of(&names, seat - 1)));
                    kinds.insert(step.text.split(' ').nth(1).unwrap().to_owned());
                }
            }
        }
        assert!(story.hands.last().unwrap().result.contains("Game over: "));
        for kind in ["discards", "passes"] {
            assert!(kinds.contains(kind), "{kinds:?}");
        }
    }

    #[test]
    fn a_discard_leaves_the_hand_for_the_pond() {
        let variant = "hanchan red-fives";
        let (log, _) = played_game(variant, 4);
        let story = story(variant, 4, &log, &names()).unwrap();
        let steps = &story.hands[0].steps;
        let at = steps
            .iter()
            .position(|s| s.text.contains(" discards "))
            .unwrap();
        let (before, after) = (&steps[at - 1].table, &steps[at].table);
        let seat = steps[at].seat.unwrap() - 1;
        // The words read as players read tiles; the table keeps mmj1's spelling.
        let said = steps[at]
            .text
            .trim_end_matches(" (red)")
            .rsplit(' ')
            .next()
            .unwrap();
        let tile = after.played[seat].last().unwrap().as_str();
        assert_ne!(said, tile, "{}", steps[at].text);
        assert!(said.ends_with(['m', 'p', 's']) || said.chars().next().unwrap().is_uppercase());
        assert_eq!(after.played[seat].len(), before.played[seat].len() + 1);
        let count = |hand: &Vec<String>| hand.iter().filter(|t| *t == tile).count();
        assert_eq!(count(&after.hands[seat]), count(&before.hands[seat]) - 1);
        assert_eq!(after.hands[seat].len(), 13);
        assert_eq!(before.hands[seat].len(), 14);
    }

    #[test]
    fn a_cpu_taking_a_seat_is_a_step() {
        let variant = "tonpuusen no-red-fives";
        let (mut log, _) = played_game(variant, 2);
        log.insert(5, "# seat 1 left; a CPU player took over".to_owned());
        let story = story(variant, 2, &log, &names()).unwrap();
        let step = &story.hands[0].steps[6];
        assert_eq!(step.seat, None);
        assert_eq!(
            step.text,
            "Bob left; a CPU player plays the seat from now on"
        );
        assert!(log[..5].iter().all(|e| !e.starts_with('#')));
    }

    #[test]
    fn a_log_that_does_not_replay_names_its_entry() {
        let variant = "tonpuusen red-fives";
        let (mut log, _) = played_game(variant, 3);
        log.truncate(2);
        log.push("3 99 Pass".to_owned());
        let err = story(variant, 3, &log, &names()).unwrap_err();
        assert!(err.starts_with("entry 2:"), "{err}");
        assert!(story("nonsense", 3, &log, &names()).is_err());
    }
}
