//! One connection of today's app: the keep-alive it must echo, its name, the table it
//! sits at, and its commands, forwarded to that table.

use super::hall::Hall;
use super::name::Name;
use super::room::{Member, Msg, RoomHandle, TableCommand};
use super::{MIN_BUILD, VERSION};
use crate::net::{ConnId, Input, LineConnection, Outbox};
use parlor_wire::minitruco::{parse_app as parse, AppCommand, Enter, Parsed, Refusal, ServerMsg};
use std::net::IpAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// The first keep-alive comes this soon after the first line (or the period, if shorter).
const FIRST_KEEPALIVE: Duration = Duration::from_secs(2);

/// Private codes a connection may get wrong before it is closed: five digits are easy
/// to guess at one try per line.
const WRONG_CODES: u32 = 20;

/// The toast the app shows to a build older than the server accepts.
const TOO_OLD: &str = "Atualize o jogo para a versão mais recente para jogar online";

/// An `N` the app sent before its dialect was known, and the nickname the 2008 server
/// answered it with (`None` if it answered an error).
pub struct Named {
    /// The rest of the `N` line.
    pub raw: String,
    pub answered: Option<String>,
}

/// Serves an app connection whose deciding line was `first` (after `named`, if it
/// named itself before), until it leaves, stops echoing the keep-alive, or the server
/// stops.
pub async fn run(
    mut connection: LineConnection,
    addr: IpAddr,
    named: Option<Named>,
    first: String,
    hall: Hall,
) {
    let period = hall.keepalive();
    let mut session = Session {
        conn: connection.id(),
        outbox: connection.outbox().clone(),
        stop: connection.stop().clone(),
        hall,
        addr,
        name: Name::default_name(),
        table: None,
        wrong_codes: 0,
        keepalive: None,
    };
    if let Some(named) = named {
        session.name = Name::clean(&named.raw);
        // Answered once already, unless the 2008 server's answer was not the app's.
        if named.answered.as_ref() != Some(&session.name.text) {
            let name = ServerMsg::Nick(session.name.text.clone());
            session.outbox.send(name.write());
        }
    }
    let mut tick = Instant::now() + FIRST_KEEPALIVE.min(period);
    let mut line = Some(first);
    loop {
        if let Some(line) = line.take() {
            if session.line(&line).await == Flow::Close {
                break;
            }
        }
        tokio::select! {
            () = tokio::time::sleep_until(tick) => {
                // The last keep-alive was not echoed in a whole period: the app is gone.
                if session.keepalive.is_some() {
                    tracing::debug!("keep-alive not echoed; closing");
                    break;
                }
                let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
                let value = now.as_millis().to_string();
                session.outbox.send(ServerMsg::Ping(value.to_string()).write());
                session.keepalive = Some(value);
                tick = Instant::now() + period;
            }
            input = connection.next(None) => match input {
                Input::Message(next) => line = Some(next),
                Input::Idle => {}
                Input::Closed => break,
            },
        }
    }
    session.finish().await;
    connection.close().await;
}

#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Close,
}

struct Session {
    conn: ConnId,
    outbox: Outbox,
    stop: CancellationToken,
    hall: Hall,
    /// Where the connection comes from: wrong private codes are counted per address.
    addr: IpAddr,
    name: Name,
    /// The table the person sits at.
    table: Option<RoomHandle>,
    wrong_codes: u32,
    /// The keep-alive value sent and not echoed yet.
    keepalive: Option<String>,
}

impl Session {
    async fn line(&mut self, line: &str) -> Flow {
        let command = match parse(line) {
            Parsed::Command(command) => command,
            Parsed::Unknown => {
                self.outbox
                    .send(ServerMsg::Refused(Refusal::UnknownCommand).write());
                return Flow::Go;
            }
            Parsed::Ignored => return Flow::Go,
        };
        match command {
            AppCommand::KeepAlive(value) => {
                if self.keepalive.as_ref() == Some(&value) {
                    self.keepalive = None;
                } else {
                    // A stale or made-up echo, as the app's server: no such command.
                    self.outbox
                        .send(ServerMsg::Refused(Refusal::UnknownCommand).write());
                }
            }
            AppCommand::Build(build) if build < MIN_BUILD => {
                self.outbox.send(ServerMsg::Notice(TOO_OLD.into()).write());
                return Flow::Close;
            }
            AppCommand::Build(_) => {}
            AppCommand::Version => self.outbox.send(ServerMsg::Version(VERSION.into()).write()),
            // A name is chosen away from tables, as the app's server wants it.
            AppCommand::Name(_) if self.table.is_some() => {}
            AppCommand::Name(raw) => {
                self.name = Name::clean(&raw);
                self.outbox
                    .send(ServerMsg::Nick(self.name.text.clone()).write());
            }
            AppCommand::Enter(place) => return self.enter(place).await,
            AppCommand::Leave if self.table.is_some() => self.leave_table().await,
            AppCommand::Leave => self
                .outbox
                .send(ServerMsg::Refused(Refusal::NotInRoom).write()),
            AppCommand::Abandon => return self.abandon().await,
            AppCommand::Start if self.table.is_none() => self
                .outbox
                .send(ServerMsg::Refused(Refusal::NotInRoom).write()),
            AppCommand::Start => self.command(TableCommand::Start).await,
            AppCommand::RotatePartners => self.command(TableCommand::RotatePartners).await,
            AppCommand::SwapOpponents => self.command(TableCommand::SwapOpponents).await,
            AppCommand::Game(command) => self.command(TableCommand::Game(command)).await,
        }
        Flow::Go
    }

    /// `E`: leave the current table (as `S`), then go where asked.
    async fn enter(&mut self, place: Enter) -> Flow {
        self.leave_table().await;
        match place {
            Enter::Public(mode) | Enter::NewPublic(mode) => {
                let fresh = matches!(place, Enter::NewPublic(_));
                // A table found may fill up before the person arrives: look again, and
                // the last try always opens a new one.
                for attempt in 0..3 {
                    let table = self.hall.public(mode, fresh || attempt == 2);
                    if self.join(table).await {
                        break;
                    }
                }
            }
            Enter::NewPrivate(mode) => {
                let table = self.hall.new_private(mode);
                self.join(table).await;
            }
            Enter::Private(code) => {
                let now = Instant::now();
                // Looked up only when this address (and everyone together) may try one.
                let table = match self.hall.codes().may_try(self.addr, now) {
                    true => self.hall.private(&code),
                    false => None,
                };
                if table.is_none() {
                    self.hall.codes().wrong(self.addr, now);
                }
                let joined = match table {
                    Some(table) => self.join(table).await,
                    None => false,
                };
                if !joined {
                    self.outbox
                        .send(ServerMsg::Refused(Refusal::NoSuchRoom).write());
                    self.wrong_codes += 1;
                    if self.wrong_codes >= WRONG_CODES {
                        tracing::debug!("too many wrong private codes; closing");
                        return Flow::Close;
                    }
                }
            }
            Enter::Nowhere => {}
        }
        Flow::Go
    }

    /// Leaves the table the person sits at, if any, once the table has taken it in (its
    /// `S` and the others' `I` are sent before anything that follows).
    async fn leave_table(&mut self) {
        let Some(table) = self.table.take() else {
            return;
        };
        let (reply, done) = oneshot::channel();
        let conn = self.conn;
        if self.to_table(&table, Msg::Leave { conn, reply }).await {
            let _ = done.await;
        }
    }

    /// Sits down at `table`; whether there was a seat.
    async fn join(&mut self, table: RoomHandle) -> bool {
        let (reply, answer) = oneshot::channel();
        let member = Member {
            conn: self.conn,
            name: self.name.clone(),
            outbox: self.outbox.clone(),
        };
        let joined =
            self.to_table(&table, Msg::Join { member, reply }).await && answer.await == Ok(true);
        if joined {
            self.table = Some(table);
        }
        joined
    }

    /// `A`: leave the game; a CPU player taking the seat in a public game closes the
    /// connection (the app's server does so; the app then shows its menu).
    async fn abandon(&mut self) -> Flow {
        let Some(table) = self.table.clone() else {
            return Flow::Go;
        };
        let (reply, answer) = oneshot::channel();
        let conn = self.conn;
        if self.to_table(&table, Msg::Abandon { conn, reply }).await && answer.await == Ok(true) {
            self.table = None;
            return Flow::Close;
        }
        Flow::Go
    }

    /// A table command; ignored away from tables, as the app's server does.
    async fn command(&mut self, command: TableCommand) {
        if let Some(table) = self.table.clone() {
            let conn = self.conn;
            self.to_table(&table, Msg::Command { conn, command }).await;
        }
    }

    /// Sends to a table, giving up if the connection is told to stop meanwhile; whether
    /// the table got it.
    async fn to_table(&self, table: &RoomHandle, msg: Msg) -> bool {
        tokio::select! {
            sent = table.send(msg) => sent,
            _ = self.stop.cancelled() => false,
        }
    }

    /// The connection is gone: the table is told.
    async fn finish(&mut self) {
        if let Some(table) = self.table.take() {
            table.send(Msg::Dropped { conn: self.conn }).await;
        }
    }
}
