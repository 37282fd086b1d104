//! The table actor: one task owns a [`Game`] and its four seats, people and CPU players.
//!
//! Every client operation arrives here as a [`ClientMsg`], is turned into the rules
//! engine's [`Action`] (mmj1 names tile kinds; the engine picks the physical tile) and
//! applied; the events that follow are rendered per seat. A refused operation gets
//! `reject` with the engine's reason and changes nothing. CPU players act as soon as the
//! game waits for them; people are prompted with `play` or `claim` once per decision.
//! After a hand every person must `ack` before the next `newhand`. When somebody leaves,
//! a CPU player takes the seat; when nobody is left, the table closes.

use super::codec::{ClientMsg, TileName};
use super::render;
use crate::config::MahjongSettings;
use crate::net::Outbox;
use crate::record::{self, GameLog, Note};
use crate::turn_timer::TurnTimer;
use cards::{seeded_rng, GameRng};
use mahjong::bots::{self, Strategy};
use mahjong::game::{Action, DrawKind, Event, Game, Length, Pending, Rules, SeatSet};
use parlor_store::Recorder;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// A person joining a table.
#[derive(Clone, Debug)]
pub struct Human {
    /// The name from `mmj1c`.
    pub name: String,
    /// Where their lines go.
    pub outbox: Outbox,
}

/// What sessions tell a table.
enum TableMsg {
    Op { seat: usize, msg: ClientMsg },
    Left { seat: usize },
}

/// How sessions reach their table. Cheap to clone.
#[derive(Clone, Debug)]
pub struct TableHandle {
    tx: mpsc::Sender<TableMsg>,
}

impl TableHandle {
    /// Passes an operation to the table; `false` if the table has closed.
    pub async fn send(&self, seat: usize, msg: ClientMsg) -> bool {
        self.tx.send(TableMsg::Op { seat, msg }).await.is_ok()
    }

    /// The person at `seat` left: a CPU player takes over. Never waits.
    pub fn left(&self, seat: usize) {
        let tx = self.tx.clone();
        // The inbox may be full for a moment; the message must not be lost.
        tokio::spawn(async move { tx.send(TableMsg::Left { seat }).await });
    }
}

/// Who plays a seat.
enum Player {
    Person { outbox: Outbox },
    Cpu(Box<dyn Strategy<mahjong::game::Game>>),
}

struct Table {
    game: Game,
    names: [String; 4],
    players: [Player; 4],
    settings: MahjongSettings,
    rng: GameRng,
    /// People prompted for the decision the game waits for now.
    prompted: SeatSet,
    /// People who acknowledged the end of the hand.
    acked: SeatSet,
    /// The game's record for the store.
    log: GameLog,
    /// The results of the hand being played (a double ron has two).
    hand_results: Vec<Value>,
    /// When the CPU player on turn moves (it thinks for the configured delay, while the
    /// table keeps reading its inbox); `cpu_ready` once that time has come.
    cpu_due: Option<Instant>,
    cpu_ready: bool,
    /// The time the people the game waits for have.
    turn: TurnTimer,
}

/// A table set up but not yet running: its handle can be given out first, so that every
/// session knows its table before the first line (`game`) reaches its client.
pub struct NewTable {
    table: Table,
    events: Vec<Event>,
    inbox: mpsc::Receiver<TableMsg>,
    shutdown: CancellationToken,
}

impl NewTable {
    /// Sends `game` and the first hand, and runs the table.
    pub fn spawn(self) {
        let NewTable {
            mut table,
            events,
            inbox,
            shutdown,
        } = self;
        for seat in 0..4 {
            table.to(seat, render::game(seat, &table.names));
        }
        table.publish(&events);
        tokio::spawn(table.run(inbox, shutdown));
    }
}

/// Seats `humans` (CPU players in the empty seats) at a new table; [`NewTable::spawn`]
/// starts the game.
pub fn create(
    humans: Vec<Human>,
    settings: MahjongSettings,
    seed: u64,
    recorder: &Recorder,
    shutdown: CancellationToken,
) -> (TableHandle, NewTable) {
    let (tx, inbox) = mpsc::channel(64);
    let mut rng = seeded_rng(seed);
    let rules = Rules {
        red_fives: settings.red_fives,
        length: if settings.east_only {
            Length::Tonpuusen
        } else {
            Length::Hanchan
        },
        ..Rules::default()
    };
    let game_seed: u64 = rand::Rng::gen(&mut rng);
    let (game, events) = Game::new(rules, seeded_rng(game_seed));
    let mut names: [String; 4] = Default::default();
    let players = std::array::from_fn(|seat| match humans.get(seat) {
        Some(h) => {
            names[seat] = h.name.clone();
            Player::Person {
                outbox: h.outbox.clone(),
            }
        }
        None => {
            names[seat] = format!("CPU {}", seat + 1);
            Player::Cpu(cpu(&settings.cpu_strategy))
        }
    });
    let seats = (0..4)
        .map(|s| {
            let cpu =
                matches!(players[s], Player::Cpu(_)).then_some(settings.cpu_strategy.as_str());
            record::seat(&names[s], cpu)
        })
        .collect();
    let log = GameLog::start(
        recorder,
        "mahjong",
        &record::mahjong::variant(&rules),
        game_seed,
        seats,
        None,
    );
    let turn = TurnTimer::new(Some(settings.turn_timeout).filter(|t| !t.is_zero()));
    let table = Table {
        game,
        names,
        players,
        settings,
        rng,
        prompted: SeatSet::EMPTY,
        acked: SeatSet::EMPTY,
        log,
        hand_results: Vec::new(),
        cpu_due: None,
        cpu_ready: false,
        turn,
    };
    let new = NewTable {
        table,
        events,
        inbox,
        shutdown,
    };
    (TableHandle { tx }, new)
}

/// A CPU player of the configured strategy (the strongest if the name is unknown).
fn cpu(strategy: &str) -> Box<dyn Strategy<mahjong::game::Game>> {
    bots::by_name(strategy).unwrap_or_else(|| bots::by_name("efficiency").expect("a bot"))
}

impl Table {
    async fn run(mut self, mut inbox: mpsc::Receiver<TableMsg>, shutdown: CancellationToken) {
        loop {
            if !self.cpu_moves() {
                break;
            }
            self.prompt();
            self.turn.update(self.waiting_for_people());
            let msg = tokio::select! {
                msg = inbox.recv() => msg,
                _ = crate::table::sleep_until(self.cpu_due), if self.cpu_due.is_some() => {
                    self.cpu_ready = true;
                    continue;
                }
                _ = self.turn.expired() => {
                    self.time_out();
                    continue;
                }
                _ = shutdown.cancelled() => None,
            };
            match msg {
                Some(TableMsg::Op { seat, msg }) => {
                    crate::telemetry::timed("mahjong", || self.operation(seat, msg))
                }
                Some(TableMsg::Left { seat }) => self.left(seat),
                None => break,
            }
            if !self.has_people() {
                self.log
                    .abandon("every person left; the game does not go on with CPU players alone");
                break;
            }
        }
        for p in &self.players {
            if let Player::Person { outbox } = p {
                outbox.close();
            }
        }
    }

    fn has_people(&self) -> bool {
        self.players
            .iter()
            .any(|p| matches!(p, Player::Person { .. }))
    }

    /// Lets CPU players act until a person must; `false` once the game is over.
    /// Plays the CPU players' moves that are due (and the next hand once every person
    /// has acknowledged the last one) until a person must act or a CPU player is still
    /// thinking; `false` once the game is over.
    fn cpu_moves(&mut self) -> bool {
        loop {
            match self.game.pending() {
                Pending::GameOver => return false,
                Pending::HandOver => {
                    let people = self.people();
                    if people.iter().any(|&s| !self.acked.contains(s)) {
                        return true;
                    }
                    self.acked = SeatSet::EMPTY;
                    let events = self.game.next_hand().expect("the hand is over");
                    self.publish(&events);
                }
                Pending::Turn(seat) => {
                    if !self.is_cpu(seat) {
                        return true;
                    }
                    let delay = self.settings.cpu_delay;
                    if !delay.is_zero() && !std::mem::take(&mut self.cpu_ready) {
                        self.cpu_due.get_or_insert_with(|| Instant::now() + delay);
                        return true;
                    }
                    self.cpu_due = None;
                    self.cpu_act(seat);
                }
                Pending::Claims(seats) => match seats.iter().find(|&s| self.is_cpu(s)) {
                    Some(seat) => self.cpu_act(seat),
                    None => return true,
                },
            }
        }
    }

    /// Whether the game waits for a person: to play, to answer a claim window, or to
    /// acknowledge the end of the hand.
    fn waiting_for_people(&self) -> bool {
        match self.game.pending() {
            Pending::Turn(seat) => !self.is_cpu(seat),
            Pending::Claims(seats) => seats.iter().any(|s| !self.is_cpu(s)),
            Pending::HandOver => self.people().iter().any(|&s| !self.acked.contains(s)),
            Pending::GameOver => false,
        }
    }

    /// The people the game waited for let their time run out. The expiry rule: a claim
    /// window is passed, the end of a hand acknowledged, and a turn played by the
    /// efficiency strategy (which discards, or declares what it would).
    fn time_out(&mut self) {
        self.turn.restart();
        match self.game.pending() {
            Pending::HandOver => {
                for seat in self.people() {
                    self.acked = self.acked.with(seat);
                }
            }
            Pending::Claims(seats) => {
                let people: Vec<usize> = seats.iter().filter(|&s| !self.is_cpu(s)).collect();
                for seat in people {
                    self.apply_for(seat, Action::Pass);
                }
            }
            Pending::Turn(seat) if !self.is_cpu(seat) => {
                let legal = self.game.legal_actions(seat);
                let mut stand_in = cpu("efficiency");
                let action = stand_in.choose(&self.game.view(seat), &legal, &mut self.rng);
                self.apply_for(seat, action);
            }
            Pending::Turn(_) | Pending::GameOver => {}
        }
    }

    /// Applies `action` for a person who did not choose it (their time ran out).
    fn apply_for(&mut self, seat: usize, action: Action) {
        let legal = self.game.legal_actions(seat);
        if let Ok(events) = self.game.apply(seat, action) {
            self.log.action(seat, &action, &legal);
            self.publish(&events);
        }
    }

    fn cpu_act(&mut self, seat: usize) {
        let legal = self.game.legal_actions(seat);
        let view = self.game.view(seat);
        let Player::Cpu(bot) = &mut self.players[seat] else {
            return;
        };
        let action = bot.choose(&view, &legal, &mut self.rng);
        match self.game.apply(seat, action) {
            Ok(events) => {
                self.log.action(seat, &action, &legal);
                self.publish(&events);
            }
            Err(e) => unreachable!("a CPU player chose an illegal action: {e}"),
        }
    }

    fn is_cpu(&self, seat: usize) -> bool {
        matches!(self.players[seat], Player::Cpu(_))
    }

    fn people(&self) -> Vec<usize> {
        (0..4).filter(|&s| !self.is_cpu(s)).collect()
    }

    /// Sends `play` or `claim` to the people the game waits for and has not asked yet.
    fn prompt(&mut self) {
        let (seats, word) = match self.game.pending() {
            Pending::Turn(seat) => (SeatSet::EMPTY.with(seat), "play"),
            Pending::Claims(seats) => (seats, "claim"),
            Pending::HandOver | Pending::GameOver => return,
        };
        for seat in seats.iter() {
            if !self.prompted.contains(seat) && !self.is_cpu(seat) {
                self.prompted = self.prompted.with(seat);
                self.to(seat, word);
            }
        }
    }

    fn to(&self, seat: usize, line: impl Into<String>) {
        if let Player::Person { outbox } = &self.players[seat] {
            outbox.send(line);
        }
    }

    fn to_all(&self, line: &str) {
        for seat in 0..4 {
            self.to(seat, line);
        }
    }

    /// Renders events to every person.
    fn publish(&mut self, events: &[Event]) {
        let red = self.settings.red_fives;
        for event in events {
            match event {
                Event::NewHand {
                    round,
                    winds,
                    honba,
                    sticks,
                    scores,
                    ..
                } => {
                    self.to_all(&render::newhand(*round, winds));
                    self.to_all(&render::score(scores, *honba, *sticks));
                }
                Event::Move(m) => {
                    self.prompted = SeatSet::EMPTY;
                    for seat in 0..4 {
                        if m.is_for(seat) {
                            self.to(seat, render::move_for(m, seat, red));
                        }
                    }
                }
                Event::Break { dice } => self.to_all(&render::dice(*dice)),
                Event::Riichi { .. } => self.to_all("riichi"),
                Event::Win(w) => {
                    self.hand_results.push(json!({
                        "winner": w.winner,
                        "from": w.from,
                        "han": w.agari.han,
                        "fu": w.agari.fu,
                        "yaku": w.agari.yaku.iter().map(|(y, _)| y.name()).collect::<Vec<_>>(),
                        "deltas": w.deltas,
                    }));
                    self.to_all(&render::win(w));
                }
                Event::Draw { kind, deltas, .. } => {
                    let why = match kind {
                        DrawKind::Exhaustive { .. } => "exhaustive".to_owned(),
                        DrawKind::Abortive(a) => format!("{a:?}"),
                    };
                    self.hand_results
                        .push(json!({ "draw": why, "deltas": deltas }));
                    self.to_all(render::draw(kind));
                }
                Event::HandOver { scores } => {
                    let results = std::mem::take(&mut self.hand_results);
                    self.log
                        .hand(json!({ "results": results, "scores": scores }));
                    self.prompted = SeatSet::EMPTY;
                    // After the last hand the game is over: nothing to acknowledge.
                    if self.game.pending() == Pending::HandOver {
                        self.to_all("ack");
                    }
                }
                Event::GameOver { scores, ranks } => {
                    self.log.finish(
                        json!({ "scores": scores, "ranks": ranks }),
                        scores.iter().map(|&s| i64::from(s)).collect(),
                        ranks.iter().map(|&r| u32::from(r)).collect(),
                    );
                    let (honba, sticks) = (self.game.honba(), self.game.sticks());
                    self.to_all(&render::score(scores, honba, sticks));
                    self.to_all(&render::gameover(ranks));
                }
                Event::RiichiAccepted { .. } | Event::Meld { .. } => {}
            }
        }
    }

    fn reject(&self, seat: usize, why: &str) {
        self.to(seat, render::reject(why));
    }

    /// One person's operation.
    fn operation(&mut self, seat: usize, msg: ClientMsg) {
        if let ClientMsg::Chat { dests, text } = msg {
            return self.chat(seat, dests, &text);
        }
        if let ClientMsg::Ack = msg {
            if self.game.pending() != Pending::HandOver {
                return self.reject(seat, "there is nothing to acknowledge");
            }
            self.acked = self.acked.with(seat);
            self.turn.restart();
            return;
        }
        let action = match self.action(seat, msg) {
            Ok(action) => action,
            Err(why) => return self.reject(seat, &why),
        };
        let legal = self.game.legal_actions(seat);
        let action = as_offered(action, &legal);
        match self.game.apply(seat, action) {
            Ok(events) => {
                self.log.action(seat, &action, &legal);
                self.turn.restart();
                self.publish(&events);
            }
            Err(e) => self.reject(seat, e.message()),
        }
    }

    /// The engine action an mmj1 operation asks for.
    fn action(&self, seat: usize, msg: ClientMsg) -> Result<Action, String> {
        let tile = |name: TileName| -> Result<mahjong::Tile, String> {
            match name {
                TileName::Tile { kind, red } => self
                    .game
                    .find_tile(seat, kind, red && self.settings.red_fives)
                    .ok_or_else(|| "you do not hold that tile".to_owned()),
                TileName::Bonus => Err("riichi mahjong has no flowers or seasons".into()),
                TileName::Hidden => Err("name the tile".into()),
            }
        };
        Ok(match msg {
            ClientMsg::Discard(t) => Action::Discard(tile(t)?),
            ClientMsg::Riichi(t) => Action::Riichi(tile(t)?),
            ClientMsg::Out => {
                let legal = self.game.legal_actions(seat);
                if legal.contains(&Action::NineTerminals) && !legal.contains(&Action::Tsumo) {
                    Action::NineTerminals
                } else {
                    Action::Tsumo
                }
            }
            ClientMsg::ConcealedKong(t) => Action::Ankan(kind_of(t)?),
            ClientMsg::PungKong(t) => Action::Kakan(kind_of(t)?),
            ClientMsg::Claim(tiles) => self.claim(seat, tiles)?,
            ClientMsg::Swap(_) => return Err("riichi mahjong has no swap".into()),
            ClientMsg::Ron => Action::Ron,
            ClientMsg::Pass => Action::Pass,
            ClientMsg::Hello(_) | ClientMsg::Ack | ClientMsg::Chat { .. } => {
                unreachable!("handled before")
            }
        })
    }

    /// `claim T T T`: the hand's tiles that go with the discard; `?` third for pon or chi.
    fn claim(&self, seat: usize, names: [TileName; 3]) -> Result<Action, String> {
        let Some((_, discard)) = self.game.claim_tile() else {
            return Err("there is no tile to claim".into());
        };
        let kinds: Vec<(mahjong::Kind, bool)> = names
            .iter()
            .filter_map(|n| match n {
                TileName::Tile { kind, red } => Some((*kind, *red && self.settings.red_fives)),
                _ => None,
            })
            .collect();
        if names.contains(&TileName::Bonus) {
            return Err("riichi mahjong has no flowers or seasons".into());
        }
        let hidden_third = names[2] == TileName::Hidden;
        if kinds.len() != if hidden_third { 2 } else { 3 } {
            return Err("claim names two tiles and ?, or three tiles for a kong".into());
        }
        let tiles = self.pick(seat, &kinds)?;
        Ok(match tiles.len() {
            3 => Action::Daiminkan([tiles[0], tiles[1], tiles[2]]),
            _ if kinds.iter().all(|(k, _)| *k == discard.kind()) => {
                Action::Pon([tiles[0], tiles[1]])
            }
            _ => Action::Chi([tiles[0], tiles[1]]),
        })
    }

    /// Distinct physical tiles of the named kinds from `seat`'s hand.
    fn pick(
        &self,
        seat: usize,
        kinds: &[(mahjong::Kind, bool)],
    ) -> Result<Vec<mahjong::Tile>, String> {
        let hand = self.game.hand(seat);
        let mut chosen: Vec<mahjong::Tile> = Vec::new();
        for &(kind, red) in kinds {
            let candidates = hand
                .iter()
                .filter(|t| t.kind() == kind && !chosen.contains(t))
                .filter(|t| !red || t.is_red_five());
            // Prefer plain copies unless the red five was named.
            let tile = candidates
                .clone()
                .find(|t| red || !t.is_red_five())
                .or_else(|| candidates.clone().next());
            match tile {
                Some(t) => chosen.push(*t),
                None => return Err("you do not hold those tiles".into()),
            }
        }
        Ok(chosen)
    }

    /// Relays chat, cleaned: control characters (newlines, terminal escapes) dropped.
    fn chat(&self, from: usize, dests: u8, text: &[u8]) {
        let text = crate::text::clean(&String::from_utf8_lossy(text), "", ' ', usize::MAX);
        let to: Vec<usize> = (0..4).filter(|s| dests >> s & 1 == 1).collect();
        for &receiver in &to {
            let others = to.iter().copied().filter(|&s| s != receiver);
            self.to(receiver, render::chat(from, others, &text));
        }
    }

    /// A person left: a CPU player sits in (and acknowledges for them).
    fn left(&mut self, seat: usize) {
        if self.is_cpu(seat) {
            return;
        }
        self.players[seat] = Player::Cpu(cpu(&self.settings.cpu_strategy));
        self.log.note(Note::CpuTookOver { seat });
        self.names[seat] = format!("{} (CPU)", self.names[seat]);
        self.acked = self.acked.without(seat);
    }
}

/// The kind named in `ckong`/`pkong`.
fn kind_of(name: TileName) -> Result<mahjong::Kind, String> {
    match name {
        TileName::Tile { kind, .. } => Ok(kind),
        TileName::Bonus => Err("riichi mahjong has no flowers or seasons".into()),
        TileName::Hidden => Err("name the tile".into()),
    }
}

/// The engine's own form of a call. A client names the kinds of the tiles it calls with
/// (and whether a red five), not physical tiles, while the engine offers one pair per
/// shape; taking the offered action of the same shape changes nothing in the game and
/// keeps the action log replayable (it records actions by their place among the offered
/// ones).
fn as_offered(action: Action, legal: &[Action]) -> Action {
    fn shape(action: &Action) -> Option<(u8, Vec<(mahjong::Kind, bool)>)> {
        let (call, tiles): (u8, &[mahjong::Tile]) = match action {
            Action::Pon(pair) => (0, pair),
            Action::Chi(pair) => (1, pair),
            Action::Daiminkan(three) => (2, three),
            _ => return None,
        };
        let mut tiles: Vec<_> = tiles.iter().map(|t| (t.kind(), t.is_red_five())).collect();
        tiles.sort_unstable();
        Some((call, tiles))
    }
    if legal.contains(&action) {
        return action;
    }
    let Some(wanted) = shape(&action) else {
        return action;
    };
    legal
        .iter()
        .find(|offered| shape(offered).as_ref() == Some(&wanted))
        .copied()
        .unwrap_or(action)
}
