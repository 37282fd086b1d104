//! The screen loop of `parlor play`: draw, then wait for a server message or a key.

use super::screen::{self, Screen};
use super::wire::Wire;
use super::{Game, Table};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::DefaultTerminal;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What the player did with the keyboard.
enum Key {
    /// Pick the choice with this key.
    Char(char),
    Left,
    Right,
    Enter,
    Quit,
    /// The terminal changed size: draw again.
    Redraw,
}

/// Plays `game` on the server at `host_port` as `name` in the full-screen terminal UI,
/// until the player quits. Returns the last word to print once the screen is restored
/// (the game's result, or why it stopped).
pub async fn run(
    game: Game,
    host_port: &str,
    mut table: Box<dyn Table + Send>,
) -> Result<String, String> {
    let addr = game.address(host_port);
    let mut wire = Wire::connect(&addr, game.framing()).await?;
    for message in table.hello() {
        wire.send(&message).await.map_err(|e| e.to_string())?;
    }
    let keys = keyboard();
    let mut terminal = ratatui::init();
    let ended = play(&mut terminal, table.as_mut(), &mut wire, keys).await;
    ratatui::restore();
    ended
}

/// Keys from a thread that blocks on the terminal, so the loop waits on channels only.
fn keyboard() -> mpsc::Receiver<Key> {
    let (tx, rx) = mpsc::channel(64);
    std::thread::spawn(move || loop {
        let key = match event::read() {
            Ok(Event::Key(key)) if key.kind != KeyEventKind::Release => match to_key(key) {
                Some(key) => key,
                None => continue,
            },
            Ok(Event::Resize(..)) => Key::Redraw,
            Ok(_) => continue,
            Err(_) => Key::Quit,
        };
        let quit = matches!(key, Key::Quit);
        if tx.blocking_send(key).is_err() || quit {
            return;
        }
    });
    rx
}

fn to_key(key: KeyEvent) -> Option<Key> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Key::Quit);
    }
    Some(match key.code {
        KeyCode::Esc => Key::Quit,
        KeyCode::Enter | KeyCode::Char(' ') => Key::Enter,
        KeyCode::Left | KeyCode::Up | KeyCode::BackTab => Key::Left,
        KeyCode::Right | KeyCode::Down | KeyCode::Tab => Key::Right,
        KeyCode::Char(c) => Key::Char(c),
        _ => return None,
    })
}

/// The loop proper, until the player quits (any key once the game is over or the
/// connection closed).
async fn play(
    terminal: &mut DefaultTerminal,
    table: &mut (dyn Table + Send),
    wire: &mut Wire,
    mut keys: mpsc::Receiver<Key>,
) -> Result<String, String> {
    let mut selected = 0;
    let mut shown = Screen::default();
    let mut closed = false;
    // While the end of a round or a hand is held on screen, nothing more is read.
    // `PARLOR_HOLD=0` turns the holds off (scripts that play whole games).
    let holds = std::env::var("PARLOR_HOLD").map_or(true, |v| v != "0");
    let mut held: Option<Instant> = None;
    loop {
        let screen = table.screen();
        if screen.choices != shown.choices {
            selected = screen.suggested.min(screen.choices.len().saturating_sub(1));
        }
        shown = screen;
        let status = status(&shown, closed);
        terminal
            .draw(|frame| screen::draw(frame, &shown, selected, &status))
            .map_err(|e| e.to_string())?;
        tokio::select! {
            message = wire.incoming.recv(), if !closed && held.is_none() => match message {
                Some(message) => {
                    for reply in table.receive(&message) {
                        let _ = wire.send(&reply).await;
                    }
                    let hold = table.hold_after(&message);
                    if holds && !hold.is_zero() {
                        held = Some(Instant::now() + hold);
                    }
                }
                None => closed = true,
            },
            () = crate::play::sleep_until(held), if held.is_some() => held = None,
            key = keys.recv() => {
                let Some(key) = key else { return Ok(last_word(&shown, closed)) };
                let finished = shown.over.is_some() || closed;
                let index = match key {
                    Key::Quit => return Ok(last_word(&shown, closed)),
                    _ if finished => return Ok(last_word(&shown, closed)),
                    Key::Redraw => None,
                    Key::Left => {
                        selected = selected.checked_sub(1).unwrap_or(shown.choices.len().saturating_sub(1));
                        None
                    }
                    Key::Right => {
                        selected = (selected + 1) % shown.choices.len().max(1);
                        None
                    }
                    Key::Enter => (!shown.choices.is_empty()).then_some(selected),
                    Key::Char(c) => match shown.choices.iter().position(|choice| choice.key == c) {
                        Some(index) => Some(index),
                        None if c == 'q' => return Ok(last_word(&shown, closed)),
                        None => None,
                    },
                };
                if let Some(index) = index {
                    for message in table.choose(index) {
                        if wire.send(&message).await.is_err() {
                            closed = true;
                        }
                    }
                }
            }
        }
    }
}

/// The bottom line: the keys, or why the game stopped.
fn status(screen: &Screen, closed: bool) -> String {
    match (&screen.over, closed) {
        (Some(_), _) => "The game is over: press any key to leave.".into(),
        (None, true) => "The server closed the connection: press any key to leave.".into(),
        (None, false) => "←/→ choose · Enter play · a choice's key plays it · Esc quits".into(),
    }
}

fn last_word(screen: &Screen, closed: bool) -> String {
    match (&screen.over, closed) {
        (Some(over), _) => format!("{}: game over. {over}", screen.title),
        (None, true) => format!("{}: the server closed the connection.", screen.title),
        (None, false) => format!("{}: you left.", screen.title),
    }
}
