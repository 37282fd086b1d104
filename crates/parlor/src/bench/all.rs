//! `parlor bench all`: every protocol through its sockets, one table. For each game,
//! whole games by `parlor play`'s own clients against CPU players ([`super::play`]), then
//! idle clients that leave and come back once ([`super::idle`]), then the same number of
//! idle browsers through the HTTP port's `/ws/` bridge (Jass speaks WebSocket already).

use super::idle;
use super::play;
use clap::Args;
use parlor_client::play::Game;

/// Flags of `parlor bench all`.
#[derive(Args, Debug)]
pub struct AllArgs {
    /// Whole games played at once per protocol (Warlords: three players at its one table).
    #[arg(long, default_value_t = 20)]
    clients: usize,
    /// Idle connections per protocol (Warlords: its 35-client limit).
    #[arg(long, default_value_t = 1000)]
    connections: usize,
}

/// Runs every protocol's benchmarks and returns the table.
pub async fn run(args: AllArgs) -> Result<String, String> {
    let mut table = String::from(
        "| protocol | games/s | server CPU per game | move → next message p50 / p99 | \
         RSS per idle connection | through `/ws/` | RSS after churn |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for (name, game) in Game::ALL {
        let (clients, connections) = match game {
            Game::Wars => (3, args.connections.min(35)),
            _ => (args.clients, args.connections),
        };
        let played = play::measure(game, name, clients, false, play::Sitting::ALONE, &[]).await?;
        let holding = idle::Holding {
            connections,
            churn: 1,
            ..idle::Holding::default()
        };
        let idle = idle::measure(game, name, holding).await?;
        let bridged = match game {
            Game::Jass => "n/a: WebSocket".to_owned(),
            _ => {
                let bridged = idle::Holding {
                    connections,
                    ws: true,
                    ..idle::Holding::default()
                };
                let bridged = idle::measure(game, name, bridged).await?;
                format!("{:.1} KiB", bridged.per_connection() / 1024.0)
            }
        };
        let cpu = (played.cpu).map_or("?".to_owned(), |cpu| format!("{:.1} ms", cpu.ms));
        table.push_str(&format!(
            "| {name} | {:.1} | {cpu} | {:.1} / {:.1} ms | {:.1} KiB | {bridged} | {:+.0}% |\n",
            played.games.games_per_second(),
            played.games.p50_us as f64 / 1000.0,
            played.games.p99_us as f64 / 1000.0,
            idle.per_connection() / 1024.0,
            idle.end_over_start(),
        ));
    }
    Ok(table)
}
