//! One miniTruco connection: reads command lines, answers the lounge commands itself and
//! forwards room commands to the room the person is in.

use super::app;
use super::lounge::Lounge;
use super::opening::{self, Opening};
use super::room::{Arrival, ConnId, RoomMsg};
use super::VERSION;
use crate::net::{HelloTimer, Input, LineConnection, Outbox, Peer, Settings, Socket};
use parlor_wire::minitruco::{parse, Command, Parsed, Refusal, ServerMsg};
use std::net::IpAddr;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

/// Serves one client until it disconnects, misbehaves past a limit, or the server stops.
pub async fn run(socket: impl Socket, peer: Peer, lounge: Lounge, stop: CancellationToken) {
    let peer = peer.addr;
    let settings = Settings {
        outbox_lines: lounge.outbox_lines(),
        terminator: "\r\n",
        protocol: "minitruco",
    };
    let mut connection = LineConnection::lines(socket, lounge.max_line(), settings, stop);
    let mut session = Session {
        conn: connection.id(),
        outbox: connection.outbox().clone(),
        stop: connection.stop().clone(),
        lounge,
        nick: None,
        room: None,
        addr: peer.ip(),
        named: None,
    };
    let keepalive = Some(session.lounge.keepalive());
    // A nickname (`N`) is the hello: without one in time the connection is closed.
    let mut hello = HelloTimer::start(session.lounge.hello_timeout());
    // Until a line only one dialect has arrives, the connection may be today's app.
    let mut decided = false;
    let mut first_line = true;
    let mut handoff = None;
    loop {
        let input = tokio::select! {
            () = stay_ends(&mut session.room) => {
                session.room = None;
                continue;
            }
            input = connection.next(keepalive) => input,
            () = hello.expired() => {
                tracing::debug!(%peer, "no nickname in time; closing");
                break;
            }
        };
        let line = match input {
            Input::Idle => {
                session.outbox.send("");
                continue;
            }
            Input::Closed => break,
            Input::Message(line) if line.is_empty() => continue,
            Input::Message(line) => line,
        };
        if !decided {
            match opening::classify(&line, std::mem::take(&mut first_line)) {
                Opening::Shared => {}
                Opening::Classic => decided = true,
                other => {
                    handoff = Some((other, line));
                    break;
                }
            }
        }
        match parse(&line) {
            Parsed::Command(command) => {
                let naming = matches!(command, Command::Nick(_));
                Box::pin(session.command(command)).await;
                if session.nick.is_some() {
                    hello.greeted();
                }
                if naming && !decided {
                    session.named = line.get(2..).map(str::to_owned);
                }
                // Coming back to a seat is the 2008 protocol's.
                decided |= session.room.is_some();
            }
            Parsed::Unknown => session.outbox.send(refused(Refusal::UnknownCommand)),
            Parsed::Ignored => {}
        }
    }
    if let Some((opening, first)) = handoff {
        return Box::pin(session.hand_over(connection, opening, first)).await;
    }
    Box::pin(session.finish()).await;
    connection.close().await;
    tracing::debug!(%peer, "session ended");
}

/// A stay in a room: its number (1-based) and the channel the room drops when the stay
/// ends without the session asking (a kick, or the room closing).
struct Stay {
    number: usize,
    ended: oneshot::Receiver<()>,
}

/// Completes when the room ends the current stay; never while there is none.
async fn stay_ends(room: &mut Option<Stay>) {
    match room {
        Some(stay) => {
            let _ = (&mut stay.ended).await;
        }
        None => std::future::pending().await,
    }
}

struct Session {
    conn: ConnId,
    lounge: Lounge,
    outbox: Outbox,
    nick: Option<String>,
    /// The room the person is in.
    room: Option<Stay>,
    /// Where the connection comes from (coming back to a seat is allowed from there).
    addr: IpAddr,
    stop: CancellationToken,
    /// The rest of the last `N` line sent before the dialect was decided: today's app
    /// names itself with it if it turns out to be the app.
    named: Option<String>,
}

impl Session {
    /// Gives the connection to what its deciding line asks for. The 2008 nickname a
    /// shared `N` claimed is freed; today's app takes that `N` as its name.
    async fn hand_over(mut self, connection: LineConnection, opening: Opening, first: String) {
        let answered = self.nick.take();
        if let Some(nick) = &answered {
            self.lounge.nicks().release(nick);
        }
        let hall = self.lounge.hall().clone();
        match opening {
            Opening::Status => app::status::answer(connection, &first, &hall).await,
            Opening::App => {
                let named = self
                    .named
                    .take()
                    .map(|raw| app::session::Named { raw, answered });
                app::session::run(connection, self.addr, named, first, hall).await
            }
            _ => {
                self.outbox.send("HTTP/1.0 404 Not Found");
                self.outbox.send("");
                connection.close().await
            }
        }
    }

    async fn command(&mut self, command: Command) {
        match command {
            Command::Version => self.outbox.send(ServerMsg::Version(VERSION.into()).write()),
            Command::Nick(nick) => self.set_nick(nick).await,
            Command::List => self.outbox.send(self.lounge.room_list()),
            Command::Info(Some(arg)) => match self.lounge.room_number(Some(&arg)) {
                Some(number) => self.info(number).await,
                None => self.outbox.send(refused(Refusal::NoSuchRoom)),
            },
            _ if self.nick.is_none() => self.outbox.send(refused(Refusal::NoNick)),
            Command::Info(None) => match self.room_number() {
                Some(number) => self.info(number).await,
                None => self.outbox.send(refused(Refusal::NotInRoom)),
            },
            Command::Enter(arg) => self.enter(arg.as_deref()).await,
            Command::Leave => match self.room.take().map(|stay| stay.number) {
                Some(number) => {
                    let leave = RoomMsg::Leave { conn: self.conn };
                    self.to_room(number, leave).await;
                }
                None => self.outbox.send(refused(Refusal::NotInRoom)),
            },
            command => match self.room_number() {
                Some(number) => {
                    let conn = self.conn;
                    self.to_room(number, RoomMsg::Command { conn, command })
                        .await;
                }
                None if is_game_command(&command) => {}
                None => self.outbox.send(refused(Refusal::NotInRoom)),
            },
        }
    }

    /// The number of the room the person is in.
    fn room_number(&self) -> Option<usize> {
        self.room.as_ref().map(|stay| stay.number)
    }

    async fn set_nick(&mut self, nick: String) {
        if let Some(number) = self.room_number() {
            let (reply, answer) = oneshot::channel();
            let conn = self.conn;
            self.to_room(number, RoomMsg::Rename { conn, nick, reply })
                .await;
            if let Ok(nick) = answer.await {
                self.nick = Some(nick);
            }
            return;
        }
        if self.nick.is_none() && self.resume(&nick).await {
            return;
        }
        match self.lounge.nicks().claim(self.nick.as_deref(), &nick) {
            Ok(()) => {
                self.outbox.send(ServerMsg::Nick(nick.clone()).write());
                self.nick = Some(nick);
            }
            Err(error) => self.outbox.send(error.line()),
        }
    }

    /// A first `N` with the nickname of a person away from a game, from the address they
    /// played from: this connection takes their seat back (the room sends `N`, `E` and
    /// the game so far). Whether it did.
    async fn resume(&mut self, nick: &str) -> bool {
        let Some(number) = self.lounge.nicks().away_room(nick, self.addr) else {
            return false;
        };
        let (reply, answer) = oneshot::channel();
        let (stay, ended) = oneshot::channel();
        let resume = RoomMsg::Resume {
            arrival: self.arrival(nick.to_owned(), stay),
            reply,
        };
        self.to_room(number, resume).await;
        if answer.await != Ok(true) {
            return false;
        }
        self.nick = Some(nick.to_owned());
        self.room = Some(Stay { number, ended });
        true
    }

    async fn info(&mut self, number: usize) {
        let (reply, answer) = oneshot::channel();
        self.to_room(number, RoomMsg::Info { reply }).await;
        if let Ok(line) = answer.await {
            self.outbox.send(line);
        }
    }

    async fn enter(&mut self, arg: Option<&str>) {
        if let Some(current) = self.room_number() {
            return self
                .outbox
                .send(refused(Refusal::AlreadyIn(current.to_string())));
        }
        let Some(number) = self.lounge.room_number(arg) else {
            return self.outbox.send(refused(Refusal::NoSuchRoom));
        };
        let (reply, answer) = oneshot::channel();
        let (stay, ended) = oneshot::channel();
        let nick = self.nick.clone().unwrap_or_default();
        let join = RoomMsg::Join {
            arrival: self.arrival(nick, stay),
            reply,
        };
        self.to_room(number, join).await;
        match answer.await {
            Ok(true) => self.room = Some(Stay { number, ended }),
            Ok(false) => self.outbox.send(refused(Refusal::RoomFull)),
            Err(_) => {}
        }
    }

    /// This connection as it arrives in a room under `nick`.
    fn arrival(&self, nick: String, stay: oneshot::Sender<()>) -> Arrival {
        Arrival {
            conn: self.conn,
            nick,
            addr: self.addr,
            outbox: self.outbox.clone(),
            stay,
        }
    }

    /// Sends to a room, giving up if the connection is told to stop meanwhile.
    async fn to_room(&self, number: usize, msg: RoomMsg) {
        let Some(room) = self.lounge.room(number) else {
            return;
        };
        tokio::select! {
            _ = room.send(msg) => {}
            _ = self.stop.cancelled() => {}
        }
    }

    /// Tells the room the connection is gone and frees the nickname, unless the room
    /// keeps it for a person who may come back to their game.
    async fn finish(&mut self) {
        let mut kept = false;
        if let Some(number) = self.room.take().map(|stay| stay.number) {
            if let Some(room) = self.lounge.room(number) {
                let (reply, answer) = oneshot::channel();
                let dropped = RoomMsg::Dropped {
                    conn: self.conn,
                    reply,
                };
                // The room may be gone already if the whole server is stopping.
                if room.send(dropped).await {
                    kept = answer.await == Ok(true);
                }
            }
        }
        if let Some(nick) = self.nick.take().filter(|_| !kept) {
            self.lounge.nicks().release(&nick);
        }
    }
}

/// In-game commands are ignored outside a room, like any other untimely in-game command.
fn is_game_command(command: &Command) -> bool {
    matches!(
        command,
        Command::Play { .. }
            | Command::Truco
            | Command::Accept
            | Command::Decline
            | Command::HandOfEleven(_)
    )
}

/// The line refusing a command.
fn refused(refusal: Refusal) -> String {
    ServerMsg::Refused(refusal).write()
}
