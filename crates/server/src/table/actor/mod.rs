//! One table actor for any game: the loop that owns a table's seats and its game.
//!
//! It takes people as they sit down (in the seat the protocol's rule gives them, with
//! CPU players a seated person asks for, and starts the game when every seat is taken,
//! or at once with CPU players when someone asks), or a group a lobby formed, all at once
//! ([`seat_group`]); their moves, their names, their acknowledgements between hands,
//! their leaving and their coming back (with their token, or by name from their address
//! where the protocol allows it); it keeps a dropped person's seat for the grace period
//! while a stand-in plays, moves the CPU players after their delay, runs the turn timer,
//! prompts the people the game waits for, shows the game to the protocol's own
//! spectators, and records, lists and shows the game to watchers through [`Play`]. When
//! the game ends (by its rules, or by a forfeit the protocol declares), the table ends
//! and closes its people's and spectators' connections, unless the protocol keeps them
//! (a tournament's programs, off to their next pairing; a lobby's clients).
//!
//! A protocol brings only what is its own ([`Hooks`]): how an event reads on its wire
//! for one seat, what a person is told on sitting down and on coming back, the lines it
//! announces the table's changes with, how refusals read, its names' rules, its seat
//! rule, prompts and forfeits, and the CPU players' strategy. It turns its clients'
//! lines into [`Input`]s and keeps its own lobby (which table a newcomer joins, which
//! table a token belongs to).

mod hooks;
mod inputs;
mod table;

pub use hooks::{Gone, Hooks};
pub use inputs::{
    Input, Joiner, Newcomer, NoCpu, NoSeat, Op, Query, Seated, Settings, TableHandle,
};

use super::{sleep_until, Play};
use crate::record::{Carried, Ledger};
use crate::seeds::SeedSource;
use parlor_game::{Game, Projected};
use table::Table;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

type Event<H> = <<H as Hooks>::Game as Projected>::Event;
type Action<H> = <<H as Hooks>::Game as Game>::Action;

/// Starts a table's actor with an inbox of `inbox` inputs; it runs until its game ends
/// (by its rules or a forfeit), until it is deserted or every handle is gone before a
/// game began, or until shutdown.
pub fn spawn<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    inbox: usize,
    ledger: Ledger,
    seeds: SeedSource,
    shutdown: CancellationToken,
) -> TableHandle<H::Game>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    run(Table::new(hooks, settings, ledger, seeds), inbox, shutdown)
}

/// A table whose game has begun but whose actor does not run yet (see [`seat_group`]).
pub struct Starter<H: Hooks> {
    table: Table<H>,
    inputs: mpsc::Receiver<Input<H::Game>>,
    shutdown: CancellationToken,
}

impl<H> Starter<H>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    /// Runs the table: its people are told of the game's start, and it goes on.
    pub fn run(self) {
        spawn_loop(self.table, self.inputs, self.shutdown);
    }

    /// The seats kept for their people, who are away (a carried game's, see
    /// [`carry_paused`]).
    pub fn kept(&self) -> Vec<parlor_game::Seat> {
        self.table.seats.held().map(|(seat, _)| seat).collect()
    }

    /// The game as it stands (a lobby taking on a carried game learns where it is).
    pub fn game(&self) -> Option<&H::Game> {
        self.table.play.as_deref()
    }

    /// The protocol's part, to be told what it could not know when the table was made
    /// (a lobby learns who a carried game kept only from [`Starter::kept`]).
    pub fn hooks_mut(&mut self) -> &mut H {
        &mut self.table.hooks
    }

    /// `conn` watches the table through its own protocol from the start (as
    /// [`Input::Watch`] would once it runs).
    pub fn watch(&mut self, conn: crate::net::ConnId, outbox: crate::net::Outbox) {
        self.table.watch(conn, outbox);
    }

    /// The table never runs: its game ends without a result, for `reason`.
    pub fn abandon(mut self, reason: &str) {
        if let Some(play) = self.table.play.as_mut() {
            play.abandon(reason);
        }
        self.table.close();
    }
}

/// Seats `people` together at a new table (by seat; CPU players take the seats left,
/// and those given as `None`) and begins the game, as a lobby that formed the group
/// asks. Its actor runs,
/// and its people hear of the game, only on [`Starter::run`], so that every session
/// can be told its table first.
pub fn seat_group<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    people: Vec<Option<Newcomer>>,
    inbox: usize,
    (ledger, seeds): (Ledger, SeedSource),
    shutdown: CancellationToken,
) -> (TableHandle<H::Game>, Starter<H>)
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    let mut table = Table::new(hooks, settings, ledger, seeds);
    table.seat_group(people);
    paused(table, inbox, shutdown)
}

/// Starts a table's actor that carries on game `carried` from another node (see
/// [`crate::record::Carried`]); it runs like one [`spawn`] started, from where the game
/// is. An error if the game cannot be made again here.
pub fn carry<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    inbox: usize,
    ledger: Ledger,
    shutdown: CancellationToken,
    carried: &Carried,
) -> Result<TableHandle<H::Game>, String>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    let (handle, starter) = carry_paused(hooks, settings, (inbox, ledger), shutdown, carried)?;
    starter.run();
    Ok(handle)
}

/// Makes game `carried` again as [`carry`] does, but its actor runs only on
/// [`Starter::run`], so that a lobby can first learn which seats it kept for their people
/// ([`Starter::kept`]), or decline it ([`Starter::abandon`]).
pub fn carry_paused<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    (inbox, ledger): (usize, Ledger),
    shutdown: CancellationToken,
    carried: &Carried,
) -> Result<(TableHandle<H::Game>, Starter<H>), String>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    // A carried table starts no new game: its seeds are never drawn.
    let seeds = SeedSource::new(Some(carried.seed));
    let mut table = Table::new(hooks, settings, ledger, seeds);
    table.carry_on(carried)?;
    Ok(paused(table, inbox, shutdown))
}

/// Runs `table`'s loop on a task of its own, with an inbox of `inbox` inputs.
fn run<H>(table: Table<H>, inbox: usize, shutdown: CancellationToken) -> TableHandle<H::Game>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    let (handle, starter) = paused(table, inbox, shutdown);
    starter.run();
    handle
}

/// A way to `table` and what runs it, with an inbox of `inbox` inputs.
fn paused<H: Hooks>(
    table: Table<H>,
    inbox: usize,
    shutdown: CancellationToken,
) -> (TableHandle<H::Game>, Starter<H>) {
    let (tx, inputs) = mpsc::channel(inbox.max(1));
    let starter = Starter {
        table,
        inputs,
        shutdown,
    };
    (TableHandle { inbox: tx }, starter)
}

/// Runs `table`'s loop on a task of its own, reading `inputs`.
fn spawn_loop<H>(
    mut table: Table<H>,
    mut inputs: mpsc::Receiver<Input<H::Game>>,
    shutdown: CancellationToken,
) where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    tokio::spawn(async move {
        // Every handle gone: a game under way plays on with its timers alone.
        let mut orphaned = false;
        let timer = crate::telemetry::CommandTimer::new(table.settings.protocol);
        // A carried game's machines move and its timers are set at once.
        let mut going = table.after_change();
        table.flush();
        // One wait for the shutdown for the table's life, not one made and dropped with
        // every input.
        let shutting_down = shutdown.cancelled();
        tokio::pin!(shutting_down);
        while going {
            let due = table.play.as_ref().and_then(Play::due);
            let away = table.seats.next_deadline();
            tokio::select! {
                input = inputs.recv(), if !orphaned => match input {
                    Some(input) => {
                        timer.time(|| table.handle(input));
                    }
                    None if table.play.is_none() => break,
                    None => orphaned = true,
                },
                () = sleep_until(due) => table.wake(),
                () = sleep_until(table.ack_due()) => table.ack_for_everyone(),
                () = sleep_until(away) => table.expire(),
                () = &mut shutting_down => break,
            }
            going = table.after_change();
            table.flush();
        }
        table.close();
    });
}
