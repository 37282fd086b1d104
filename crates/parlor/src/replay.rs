//! `parlor replay <game-id>`: prints a stored game hand by hand from its action log and
//! checks that replaying it reproduces the stored hands and result.

use clap::Args;
use parlor_store::{GameId, PgStore, Reader, SqliteStore, Status};
use std::path::PathBuf;
use std::process::ExitCode;

/// Flags of `parlor replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game's id (as `/api/games` lists it).
    game: i64,
    /// The server's data directory.
    #[arg(long, env = "PARLOR_DATA_DIR", default_value = "parlor-data")]
    data_dir: PathBuf,
    /// A cluster's PostgreSQL store (`postgres://user@host/database`), read instead of
    /// the data directory.
    #[arg(long, env = "PARLOR_DATABASE")]
    database: Option<String>,
}

/// Replays one game; fails if it is missing or the replay disagrees with the store.
pub fn run(args: ReplayArgs) -> ExitCode {
    match replay(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("parlor replay: {why}");
            ExitCode::FAILURE
        }
    }
}

fn replay(args: &ReplayArgs) -> Result<(), String> {
    let (store, place): (Box<dyn Reader>, String) = match &args.database {
        Some(url) => {
            let store = PgStore::open_reader(url).map_err(|e| e.to_string())?;
            (Box::new(store), "the database".into())
        }
        None => {
            let store = SqliteStore::open_reader(&args.data_dir).map_err(|e| e.to_string())?;
            (Box::new(store), args.data_dir.display().to_string())
        }
    };
    let game = store
        .game(GameId(args.game))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no game {} in {place}", args.game))?;
    let g = &game.summary;
    let stored = game.seed.as_deref().unwrap_or_default();
    let seed: u64 = stored.parse().map_err(|_| format!("bad seed {stored:?}"))?;
    println!(
        "game {} ({} {}), seed {seed}, {:?}",
        g.id.0, g.protocol, g.variant, g.status
    );
    for (seat, s) in g.seats.iter().enumerate() {
        let cpu = s
            .player
            .cpu
            .as_deref()
            .map(|c| format!(" (CPU {c})"))
            .unwrap_or_default();
        println!("  seat {}: {}{cpu}", seat + 1, s.player.name);
    }
    let replayed =
        parlor_server::protocols::replay(&g.protocol, &g.variant, seed, &game.actions())?;
    let mut agree = true;
    for (i, line) in replayed.hands.iter().enumerate() {
        println!("hand {}: {line}", i + 1);
    }
    if replayed.hands.len() != game.hand_results.len() {
        agree = false;
        println!(
            "MISMATCH: the store has {} hands, the replay {}",
            game.hand_results.len(),
            replayed.hands.len()
        );
    }
    let stored: Option<(Vec<i64>, Vec<u32>)> = (g.status == Status::Finished).then(|| {
        (
            g.seats
                .iter()
                .map(|s| s.score.unwrap_or_default())
                .collect(),
            g.seats.iter().map(|s| s.rank.unwrap_or_default()).collect(),
        )
    });
    match (&stored, &replayed.end) {
        (Some(stored), Some(end)) if stored == end => {
            println!(
                "result: scores {:?}, ranks {:?} (the replay agrees)",
                end.0, end.1
            )
        }
        (None, None) => println!("the game did not finish; the replay agrees"),
        // A forfeit or a leave ends a stored game the rules engine would have continued.
        (Some(stored), None) if game.actions().iter().any(|a| a.starts_with("# ")) => {
            println!(
                "result: scores {:?}, ranks {:?} (ended by a forfeit)",
                stored.0, stored.1
            )
        }
        _ => {
            agree = false;
            println!("MISMATCH: stored {stored:?}, replayed {:?}", replayed.end);
        }
    }
    if agree {
        Ok(())
    } else {
        Err("the replay does not reproduce the stored game".into())
    }
}
