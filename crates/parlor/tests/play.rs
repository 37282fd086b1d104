//! `parlor play` through a pseudo-terminal, as a person runs it: for each of the five
//! games, a whole game against CPU players on a real server, driven only by keys. The
//! test reads the screen through a terminal emulator (vt100) and presses Enter (the
//! suggested move) each time the screen asks "Your move", until it says "Game over";
//! then any key leaves and the client prints the result.

use parlor_server::{serve, Config};
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// How long one whole game may take (they take a few seconds).
const PATIENCE: Duration = Duration::from_secs(120);

const ROWS: NonZeroU16 = NonZeroU16::new(40).unwrap();
const COLS: NonZeroU16 = NonZeroU16::new(100).unwrap();

/// `parlor play` running in a pseudo-terminal of 100 x 40, and its screen.
struct Terminal {
    output: mpsc::Receiver<Vec<u8>>,
    keys: Box<dyn Write + Send>,
    screen: vt100::Parser,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    /// The end of the output: the client exited and the terminal closed.
    closed: bool,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS.get(),
                cols: COLS.get(),
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_parlor"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        // Whole games at the server's pace: no pause at the end of a round or hand.
        command.env("PARLOR_HOLD", "0");
        let child = pty
            .slave
            .spawn_command(command)
            .expect("parlor play starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let keys = pty.master.take_writer().expect("a writer");
        let (tx, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 || tx.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
            // Keep the master open until the reader is done with it.
            drop(pty.master);
        });
        Terminal {
            output,
            keys,
            screen: vt100::Parser::new(ROWS, COLS, 0),
            child,
            closed: false,
        }
    }

    fn text(&self) -> String {
        // Choices keep their words together with non-breaking spaces: read as spaces.
        self.screen.screen().contents().replace('\u{a0}', " ")
    }

    /// Waits for more output (or the end of it) and returns the screen after it.
    fn next(&mut self, deadline: Instant) -> String {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(bytes) => self.screen.process(&bytes),
            Err(mpsc::RecvTimeoutError::Disconnected) => self.closed = true,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!("the screen stopped changing:\n{}", self.text())
            }
        }
        // Take everything already there, so the screen checked is the latest.
        while let Ok(bytes) = self.output.try_recv() {
            self.screen.process(&bytes);
        }
        self.text()
    }

    /// Waits until the screen shows `what`.
    fn wait_for(&mut self, what: &str, deadline: Instant) -> String {
        let mut screen = self.text();
        while !screen.contains(what) {
            assert!(!self.closed, "the client ended before {what:?}:\n{screen}");
            screen = self.next(deadline);
        }
        screen
    }

    fn press(&mut self, keys: &str) {
        self.keys
            .write_all(keys.as_bytes())
            .expect("keys reach the client");
        self.keys.flush().expect("keys reach the client");
    }

    /// Plays the suggested move every time the screen asks for one, until the game is
    /// over. Returns the moves made and the last screen.
    fn play_to_the_end(&mut self) -> (u32, String) {
        let deadline = Instant::now() + PATIENCE;
        let mut moves = 0;
        let mut answered = String::new();
        let mut screen = self.text();
        loop {
            if screen.contains("Game over") {
                return (moves, screen);
            }
            if self.closed {
                // Enter pressed for a move just as the game ended reaches a finished game,
                // where any key leaves: the client has then printed its last word.
                assert!(
                    screen.contains("game over"),
                    "the client ended mid-game:\n{screen}"
                );
                return (moves, screen);
            }
            if screen.contains("Your move") && screen != answered {
                self.press("\r");
                moves += 1;
                answered = screen;
            }
            screen = self.next(deadline);
        }
    }

    /// Any key leaves a finished game; returns everything printed after the screen was
    /// restored (the last screen, if the client already left), and the exit status.
    fn leave(mut self) -> (String, bool) {
        if self.closed {
            let status = self.child.wait().expect("the client exits");
            return (self.text(), status.success());
        }
        self.press("q");
        let deadline = Instant::now() + PATIENCE;
        let mut raw = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(wait) {
                Ok(bytes) => raw.extend(bytes),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("the client did not exit"),
            }
        }
        let status = self.child.wait().expect("the client exits");
        (String::from_utf8_lossy(&raw).into_owned(), status.success())
    }
}

/// A server for one game, with CPU players moving at once.
async fn server(
    name: &'static str,
    config: Config,
) -> (
    std::net::SocketAddr,
    CancellationToken,
    parlor_server::Running,
) {
    let shutdown = CancellationToken::new();
    let config = Config {
        only: Some(vec![name.into(), "http".into()]),
        ..config
    };
    let running = serve(config, shutdown.clone()).await.expect("server");
    (running.addrs[name], shutdown, running)
}

/// A whole game of `game` through `parlor play`, by the suggested moves only; checks the
/// result printed at the end contains `result`. Returns the first screen that asked for a
/// move.
async fn whole_game(game: &'static str, config: Config, result: &str) -> String {
    let (addr, shutdown, _running) = server(game, config).await;
    let addr = addr.to_string();
    let outcome = tokio::task::spawn_blocking({
        let game = game.to_owned();
        move || {
            let mut terminal = Terminal::start(&["play", &game, &addr, "--name", "Ana"]);
            let first = terminal.wait_for("Your move", Instant::now() + PATIENCE);

            let (moves, last) = terminal.play_to_the_end();
            let (printed, success) = terminal.leave();
            (first, moves, last, printed, success)
        }
    })
    .await
    .expect("the terminal test ran");
    let (first, moves, last, printed, success) = outcome;
    assert!(first.contains("Ana"), "the name is shown:\n{first}");
    assert!(moves > 3, "{moves} moves:\n{last}");
    assert!(success, "the client exits with success: {printed}");
    assert!(printed.contains(result), "{printed:?}");
    shutdown.cancel();
    first
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_minitruco() {
    whole_game("minitruco", Config::for_tests(31), "game over").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_of_course_truco() {
    whole_game("truco", Config::for_tests(32), "game over").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_jass() {
    whole_game("jass", Config::for_tests(34), "game over").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_mahjong() {
    let mut config = Config::for_tests(35);
    config
        .game_mut::<parlor_server::protocols::mahjong::MahjongSettings>()
        .east_only = true;
    let first = whole_game("mahjong", config, "game over").await;
    // Tiles as players read them, with their legend: never mmj1's spellings.
    assert!(first.contains("m man, p pin, s sou"), "{first}");
    let hand = first
        .lines()
        .skip_while(|l| !l.starts_with("Your hand"))
        .nth(1)
        .unwrap_or_default();
    let words: Vec<&str> = hand.split_whitespace().collect();
    let spoken = |w: &&str| {
        let w = w.trim_end_matches('*');
        matches!(w.as_bytes(), [b'1'..=b'9', b'm' | b'p' | b's'])
            || [
                "East", "South", "West", "North", "Haku", "Hatsu", "Chun", "+", "|",
            ]
            .contains(&w)
    };
    assert!(words.len() >= 13 && words.iter().all(spoken), "{hand:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hands_of_warlords() {
    whole_game("wars", Config::for_tests(33), "game over").await;
}

/// Filling a Warlords table from the terminal (`c`, the lobby's only choice) seats six
/// CPU players at once, beside us: a full table of seven, without the lobby's countdown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn warlords_fill_seats_a_full_table_now() {
    let (addr, shutdown, _running) = server("wars", Config::for_tests(34)).await;
    let addr = addr.to_string();
    let screen = tokio::task::spawn_blocking(move || {
        let deadline = Instant::now() + PATIENCE;
        let mut terminal = Terminal::start(&["play", "wars", &addr, "--name", "Ana"]);
        terminal.wait_for("[c] fill", deadline);
        terminal.press("c");
        let screen = terminal.wait_for("cpu5", deadline);
        terminal.leave();
        screen
    })
    .await
    .expect("the terminal test ran");
    for cpu in ["cpu ", "cpu1", "cpu2", "cpu3", "cpu4", "cpu5"] {
        assert!(screen.contains(cpu), "{cpu} is seated:\n{screen}");
    }
    shutdown.cancel();
}

/// Today's app's dialect: one terminal opens a private Mineiro table, a friend joins
/// with the code shown on its screen, the manager starts, both play to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_minitruco_table_for_two_terminals() {
    let (addr, shutdown, _running) = server("minitruco", Config::for_tests(36)).await;
    let addr = addr.to_string();
    let printed = tokio::task::spawn_blocking(move || {
        let deadline = Instant::now() + PATIENCE;
        let mut ana = Terminal::start(&["play", "minitruco", &addr, "--name", "Ana", "--app"]);
        ana.wait_for("new private table: Mineiro", deadline);
        ana.press("6");
        let screen = ana.wait_for("Code ", deadline);
        let code: String = screen
            .split("Code ")
            .nth(1)
            .expect("the code on the screen")
            .chars()
            .take(5)
            .collect();
        assert!(code.bytes().all(|b| b.is_ascii_digit()), "{screen}");
        let mut bia =
            Terminal::start(&["play", "minitruco", &addr, "--name", "Bia", "--code", &code]);
        bia.wait_for(&format!("private table {code} · Mineiro"), deadline);
        ana.wait_for("Bia", deadline);
        ana.press("q");
        let friend = std::thread::spawn(move || {
            bia.play_to_the_end();
            bia.leave()
        });
        ana.play_to_the_end();
        let (ana_printed, ana_ok) = ana.leave();
        let (bia_printed, bia_ok) = friend.join().expect("the friend's terminal");
        assert!(ana_ok && bia_ok, "{ana_printed} / {bia_printed}");
        (ana_printed, bia_printed)
    })
    .await
    .expect("the terminal test ran");
    assert!(printed.0.contains("game over"), "{printed:?}");
    assert!(printed.1.contains("game over"), "{printed:?}");
    shutdown.cancel();
}
