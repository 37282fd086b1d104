//! Accepting connections under a limit until shutdown.

use super::Admission;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

/// Pending connections the kernel may queue before `accept` (capped by the system's
/// `somaxconn`): large enough for a thousand clients arriving at once.
pub const BACKLOG: u32 = 4096;

/// Binds a listener with a large backlog and, for a fixed port, address reuse (a
/// restarted server does not wait for old connections to time out). Port 0 gets no
/// reuse: with it Linux may pick a port another socket already holds.
pub fn bind(ip: IpAddr, port: u16) -> std::io::Result<TcpListener> {
    let addr = SocketAddr::new(ip, port);
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(port != 0)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// [`bind`], with an error that names the protocol and the address.
pub fn bind_for(protocol: &str, ip: IpAddr, port: u16) -> std::io::Result<TcpListener> {
    bind(ip, port).map_err(|error| {
        std::io::Error::new(
            error.kind(),
            format!(
                "{protocol} cannot listen on {}: {error}",
                SocketAddr::new(ip, port)
            ),
        )
    })
}

/// Accepts connections on `listener` and runs `session` for each, at most `max` at once
/// (a connection past the limit is closed at once). On shutdown the listener closes and
/// the loop waits for the sessions, which see the same token, to finish.
pub async fn accept_loop<F, Fut>(
    protocol: &'static str,
    listener: TcpListener,
    admission: Admission,
    shutdown: CancellationToken,
    session: F,
) where
    F: Fn(TcpStream, SocketAddr, CancellationToken) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut sessions = JoinSet::new();
    loop {
        let (socket, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            Some(_) = sessions.join_next(), if !sessions.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(error) => {
                    tracing::warn!(protocol, %error, "accept failed");
                    continue;
                }
            },
        };
        let Some(permit) = admission.admit("tcp") else {
            let max = admission.max();
            tracing::warn!(protocol, %peer, max, "connection refused: too many connections");
            continue;
        };
        let _ = socket.set_nodelay(true);
        tracing::info!(protocol, %peer, "connection opened");
        let run = session(socket, peer, shutdown.child_token());
        sessions.spawn(async move {
            run.await;
            tracing::info!(protocol, %peer, "connection closed");
            drop(permit);
        });
    }
    drop(listener);
    while sessions.join_next().await.is_some() {}
}
