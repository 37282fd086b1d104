//! Today's app's dialect for `parlor play minitruco --app` (or `--code`): public tables
//! by mode and private tables with a code to share, instead of the lounge's numbered
//! rooms. The game itself is the 2008 protocol's with a few extra words (the opener in
//! `M`, a phrase number after `T`, `D`, `C`, `H`, `G` and `A`), which the wire module
//! reads into the same messages, so the client's game logic reads both dialects.

use super::super::screen::{printable, Choice, Screen, Seat};
use parlor_wire::minitruco::{AppCommand, Enter, ServerMsg};
use truco::{AppMode, DeckStyle, ManilhaStyle, Rules};

/// The build this client says it is: new enough for any server of the app.
const BUILD: u32 = 30000;

/// `X SI` in the app's dialect.
pub const NO_TABLE: &str =
    "No private table has that code, or it is full, or its game has started.";

/// The modes with their names, in the app's order.
const MODES: [(AppMode, &str); 4] = [
    (AppMode::Paulista, "Paulista"),
    (AppMode::Mineiro, "Mineiro"),
    (AppMode::ManilhaVelha, "manilha velha"),
    (AppMode::BaralhoLimpo, "baralho limpo"),
];

fn mode_name(mode: AppMode) -> &'static str {
    MODES.iter().find(|(m, _)| *m == mode).map_or("?", |m| m.1)
}

/// A name the app's server keeps as it is: letters (with Latin-1 accents), digits and
/// `_` for spaces, at most 25.
pub fn clean_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .filter(|&c| {
            c == '_'
                || c.is_ascii_alphanumeric()
                || (('\u{C0}'..='\u{FF}').contains(&c) && c.is_alphabetic())
        })
        .take(25)
        .collect();
    if kept.trim_matches('_').is_empty() {
        "guest".into()
    } else {
        kept
    }
}

/// Where the client is among the app's tables.
#[derive(Debug)]
pub struct Tables {
    /// The mode of the table we sit at (or last sat at).
    pub mode: AppMode,
    /// `PUB` or `PRI-<code>`, once at a table.
    label: Option<String>,
    /// A private code to go to as soon as we are connected.
    code: Option<String>,
}

/// What a line of the app's dialect means to the client.
pub enum Heard {
    /// Answer at once (the keep-alive's echo).
    Answer(Vec<String>),
    /// Something to show in the log (`! T` notices).
    Note(String),
    /// The table's `I`: its seats and our position in it.
    Table { names: Vec<String>, pos: usize },
}

impl Tables {
    pub fn new(code: Option<&str>) -> Tables {
        Tables {
            mode: AppMode::Paulista,
            label: None,
            code: code.map(str::to_owned),
        }
    }

    /// The first lines: the build, the name, and the private table if a code was given.
    pub fn hello(&self, name: &str) -> Vec<String> {
        let mut lines = vec![
            AppCommand::Build(BUILD).write(),
            AppCommand::Name(name.to_owned()).write(),
        ];
        let code = self.code.iter().cloned();
        lines.extend(code.map(|code| AppCommand::Enter(Enter::Private(code)).write()));
        lines
    }

    /// Takes one server message: what it means to the app's client, or `None` for a
    /// message the two dialects share.
    pub fn receive(&mut self, msg: &ServerMsg) -> Option<Heard> {
        Some(match msg {
            ServerMsg::Ping(value) => {
                Heard::Answer(vec![AppCommand::KeepAlive(value.clone()).write()])
            }
            ServerMsg::Notice(text) => Heard::Note(printable(text)),
            ServerMsg::Table(table) => {
                self.mode = table.mode;
                self.label = Some(printable(&table.label));
                let names = table
                    .names
                    .iter()
                    .map(|n| match n.as_str() {
                        "bot" => String::new(),
                        n => printable(n),
                    })
                    .collect();
                Heard::Table {
                    names,
                    pos: table.position,
                }
            }
            ServerMsg::Left => {
                self.label = None;
                return None;
            }
            _ => return None,
        })
    }

    /// The deck and manilha flags of the mode, for the manilhas' words.
    pub fn deck_and_manilha(&self) -> (bool, bool) {
        let rules = Rules::app(self.mode);
        (
            rules.deck == DeckStyle::Clean,
            rules.manilha == ManilhaStyle::Old,
        )
    }

    /// The moves away from a game: a table to go to, or what to do at ours.
    pub fn moves(&self, seated: bool, pos: usize) -> Vec<(Choice, Vec<String>)> {
        if !seated {
            // A table of each mode, on keys `keys`: `what` in the label, `enter` sent.
            let of_each_mode =
                |keys: &'static str, what: &'static str, enter: fn(AppMode) -> AppCommand| {
                    MODES
                        .iter()
                        .zip(keys.chars())
                        .map(move |((mode, name), key)| {
                            let label = format!("{what}: {name}");
                            (Choice::new(key, label), vec![enter(*mode).write()])
                        })
                };
            let public = |mode| AppCommand::Enter(Enter::Public(mode));
            let private = |mode| AppCommand::Enter(Enter::NewPrivate(mode));
            return of_each_mode("1234", "public table", public)
                .chain(of_each_mode("5678", "new private table", private))
                .collect();
        }
        let mut moves = Vec::new();
        if pos == 1 {
            let start = "start the game (CPU players take the empty seats)";
            moves.push((Choice::new('q', start), vec![AppCommand::Start.write()]));
            let rotate = AppCommand::RotatePartners.write();
            moves.push((Choice::new('t', "rotate partners"), vec![rotate]));
            let swap = AppCommand::SwapOpponents.write();
            moves.push((Choice::new('i', "swap opponents"), vec![swap]));
        }
        let leave = AppCommand::Leave.write();
        moves.push((Choice::new('s', "leave the table"), vec![leave]));
        moves
    }

    /// The screen away from a game.
    pub fn screen(&self, screen: &mut Screen, names: &[String], pos: usize, moves: bool) {
        let Some(label) = &self.label else {
            screen.score = "today's app's tables".into();
            screen.table = vec![
                "A public table of a mode, or a private one with a code for friends.".into(),
                "Friends join a private table with its code (the app's \"join\" field,".into(),
                "or `parlor play minitruco --code <code>`).".into(),
            ];
            screen.prompt = moves.then(|| "choose a table".into());
            return;
        };
        let mode = mode_name(self.mode);
        screen.score = match label.strip_prefix("PRI-") {
            Some(code) => format!("private table {code} · {mode}"),
            None => format!("public table · {mode}"),
        };
        screen.seats = (0..4)
            .map(|i| (pos.max(1) - 1 + i) % 4)
            .map(|i| Seat {
                name: match names.get(i) {
                    Some(n) if !n.is_empty() => n.clone(),
                    _ => "(empty: a CPU player)".into(),
                },
                info: format!(
                    "team {}{}",
                    i % 2 + 1,
                    if i == 0 { ", manager" } else { "" }
                ),
                ..Seat::default()
            })
            .collect();
        if let Some(code) = label.strip_prefix("PRI-") {
            screen.table.push(format!(
                "Code {code}: friends join with it (`parlor play minitruco --code {code}`)."
            ));
        }
        screen
            .table
            .push("The manager (seat 1) starts the game.".into());
        screen.prompt = (pos == 1).then(|| "start the game".into());
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::feed;
    use super::super::{MiniTruco, Table};
    use super::*;

    #[test]
    fn a_private_table_then_a_mineiro_hand() {
        let mut t = MiniTruco::app("Ana Lu\u{1b}", None);
        assert_eq!(t.hello(), ["B 30000", "N Ana_Lu"]);
        assert!(
            feed(&mut t, &["N Ana_Lu"]).is_empty(),
            "no room list in this dialect"
        );
        let labels: Vec<String> = t.screen().choices.iter().map(|c| c.label.clone()).collect();
        assert_eq!(labels[1], "public table: Mineiro");
        assert_eq!(labels[5], "new private table: Mineiro");
        assert_eq!(t.choose(5), ["E PRI M"]);
        assert_eq!(
            feed(&mut t, &["K 17"]),
            ["K 17"],
            "the keep-alive is echoed"
        );
        feed(&mut t, &["I Ana_Lu|bia|bot|bot M 1 PRI-04721"]);
        let screen = t.screen();
        assert_eq!(screen.score, "private table 04721 · Mineiro");
        assert!(
            screen.table[0].contains("--code 04721"),
            "{:?}",
            screen.table
        );
        assert_eq!(screen.seats[2].name, "(empty: a CPU player)");
        assert_eq!(t.choose(0), ["Q"]);
        feed(&mut t, &["P 1", "M 2 4p 6c 7e", "V 2 F"]);
        let g = t.game.as_ref().unwrap();
        assert_eq!((g.hand.len(), g.stake, g.eleven_at), (3, 2, 10));
        feed(
            &mut t,
            &["J 2 6o", "V 3 F", "J 3 Qe", "V 4 F", "J 4 5o", "V 1 F"],
        );
        let raise = t
            .screen()
            .choices
            .iter()
            .find(|c| c.key == 't')
            .unwrap()
            .label
            .clone();
        assert_eq!(raise, "ask for truco (4 points)");
        assert_eq!(t.choose(0), ["J 4p"]);
        feed(
            &mut t,
            &[
                "J 1 4p",
                "R 1 1",
                "V 1 T",
                "T 2 4 123",
                "! T bia saiu; bot\u{1F916} entrou no lugar.",
            ],
        );
        assert!(t.log.iter().any(|l| l.contains("bia saiu")), "{:?}", t.log);
        let labels: Vec<String> = t.screen().choices.iter().map(|c| c.label.clone()).collect();
        assert_eq!(labels, ["accept (4 points)", "fold (they score 2)"]);
        feed(&mut t, &["D 1 4 99", "O 0 4", "G 2 55"]);
        assert!(t.screen().over.unwrap().contains("You lose"));
    }

    #[test]
    fn no_raise_when_both_teams_are_at_the_hand_of_x() {
        let mut t = MiniTruco::app("ana", Some("12345"));
        assert_eq!(t.hello(), ["B 30000", "N ana", "E PRI-12345"]);
        feed(&mut t, &["N ana", "I bob|ana|bot|bot P 2 PRI-12345", "P 2"]);
        t.game.as_mut().unwrap().scores = [11, 11];
        feed(&mut t, &["M 2 3p 6c 7e 4o", "V 2 F"]);
        let keys: String = t.screen().choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, "123");
        assert_eq!(feed(&mut t, &["X SI"]), Vec::<String>::new());
        assert_eq!(t.log.last().map(String::as_str), Some(NO_TABLE));
    }
}
