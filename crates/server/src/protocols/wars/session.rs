//! One Warlords connection: frames in, requests to the hall; the hall writes back.

use super::codec::{Frame, WarsCodec};
use super::hall::{Hall, HallMsg};
use super::message::{parse, strike, Request};
use crate::net::{write_lines, HelloTimer, Outbox, Socket};
use futures::StreamExt;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio_util::codec::FramedRead;
use tokio_util::sync::CancellationToken;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Serves one client until it disconnects, is struck out, or the server stops.
pub async fn run(
    socket: impl Socket,
    peer: SocketAddr,
    hall: Hall,
    outbox_lines: usize,
    hello_timeout: Duration,
    stop: CancellationToken,
) {
    let conn = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (reader, writer) = tokio::io::split(socket);
    let (outbox, lines) = Outbox::new(outbox_lines, stop.clone());
    let outbox = outbox.counted("wars");
    let received = metrics::counter!("parlor_messages_in_total", "protocol" => "wars");
    // Messages carry their own brackets: nothing ends them.
    let writing = tokio::spawn(write_lines(writer, lines, "", stop.clone()));
    let mut frames = FramedRead::new(reader, WarsCodec::default());
    let mut hello = HelloTimer::start(hello_timeout);
    if hall.send(HallMsg::Connect { conn, outbox }).await {
        loop {
            let frame = tokio::select! {
                frame = frames.next() => frame,
                _ = stop.cancelled() => None,
                _ = hello.expired() => {
                    tracing::debug!(%peer, "no cjoin in time; closing");
                    None
                }
            };
            if let Some(Ok(_)) = frame {
                received.increment(1);
            }
            let request = match frame {
                Some(Ok(Frame::Message(text))) => parse(&text),
                Some(Ok(Frame::TooLong)) => Err(strike::TOO_LONG),
                Some(Ok(Frame::Garbage)) => Err(strike::BAD_MESSAGE),
                Some(Err(_)) | None => break,
            };
            if matches!(request, Ok(Request::Join(_))) {
                hello.greeted();
            }
            let sent = tokio::select! {
                sent = hall.send(HallMsg::Request { conn, request }) => sent,
                _ = stop.cancelled() => false,
            };
            if !sent {
                break;
            }
        }
        let _ = hall.send(HallMsg::Disconnect { conn }).await;
    }
    stop.cancel();
    let _ = writing.await;
    tracing::debug!(%peer, "wars session ended");
}
