//! Accepting connections under a limit until shutdown.

use super::{proxy, warn_limited, Admission};
use std::future::Future;
use std::io::ErrorKind;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
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

/// Accepts connections on `listener` and runs `session` for each, within the limits of
/// `admission` (a connection past them is closed at once). On shutdown the listener
/// closes and the loop waits for the sessions, which see the same token, to finish.
///
/// When accepting fails for want of resources (no file descriptors left, no memory) the
/// loop waits before trying again, longer each time up to a second, instead of spinning
/// on an error that will not go away by itself; every warning here is rate-limited.
pub async fn accept_loop<F, Fut>(
    protocol: &'static str,
    listener: TcpListener,
    admission: Admission,
    shutdown: CancellationToken,
    session: F,
) where
    F: Fn(TcpStream, SocketAddr, CancellationToken) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let session = std::sync::Arc::new(session);
    let mut sessions = JoinSet::new();
    let mut backoff = Backoff::default();
    loop {
        let (socket, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            Some(_) = sessions.join_next(), if !sessions.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(pair) => {
                    backoff.reset();
                    pair
                }
                Err(error) => {
                    warn_limited!(protocol, %error, "accept failed");
                    if let Some(pause) = backoff.after(&error) {
                        tokio::select! {
                            _ = shutdown.cancelled() => break,
                            _ = tokio::time::sleep(pause) => {}
                        }
                    }
                    continue;
                }
            },
        };
        if admission.is_proxy(peer.ip()) {
            // A balancer's connection: its header names the client, whom the limits
            // count.
            let (session, admission) = (session.clone(), admission.clone());
            let stop = shutdown.child_token();
            sessions.spawn(async move {
                let mut socket = socket;
                let read = tokio::time::timeout(proxy::WAIT, proxy::client_of(&mut socket, peer));
                let client = match read.await {
                    Ok(Ok(client)) => client,
                    // Closed before a byte: a health check.
                    Ok(Err(error)) if error.kind() == ErrorKind::UnexpectedEof => return,
                    Ok(Err(error)) => {
                        warn_limited!(protocol, %peer, %error, "a balancer's connection refused");
                        return;
                    }
                    Err(_) => {
                        warn_limited!(protocol, %peer, "a balancer's connection sent no PROXY header in time");
                        return;
                    }
                };
                let Ok(permit) = admission.admit("tcp", client.ip()) else {
                    warn_limited!(protocol, %client, "connection refused");
                    return;
                };
                let _ = socket.set_nodelay(true);
                session(socket, client, stop).await;
                drop(permit);
            });
            continue;
        }
        let permit = match admission.admit("tcp", peer.ip()) {
            Ok(permit) => permit,
            Err(why) => {
                let max = admission.max();
                let per_address = admission.max_per_address();
                warn_limited!(protocol, %peer, max, per_address, ?why, "connection refused");
                continue;
            }
        };
        let _ = socket.set_nodelay(true);
        // At debug: one line per connection would let a client's rate set the log's.
        tracing::debug!(protocol, %peer, "connection opened");
        let run = session(socket, peer, shutdown.child_token());
        sessions.spawn(async move {
            run.await;
            tracing::debug!(protocol, %peer, "connection closed");
            drop(permit);
        });
    }
    drop(listener);
    while sessions.join_next().await.is_some() {}
}

/// The pause after a failed `accept`.
#[derive(Debug, Default)]
struct Backoff {
    next: Option<Duration>,
}

impl Backoff {
    const FIRST: Duration = Duration::from_millis(10);
    const MOST: Duration = Duration::from_secs(1);

    /// How long to wait after `error`: nothing for an error of one connection (it was
    /// reset before we took it), a growing pause when the process is out of resources.
    fn after(&mut self, error: &std::io::Error) -> Option<Duration> {
        if matches!(
            error.kind(),
            ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::Interrupted
        ) {
            return None;
        }
        let pause = self.next.unwrap_or(Self::FIRST);
        self.next = Some((pause * 2).min(Self::MOST));
        Some(pause)
    }

    fn reset(&mut self) {
        self.next = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_out_of_descriptors_backs_off_up_to_a_second() {
        let mut backoff = Backoff::default();
        let emfile = std::io::Error::from_raw_os_error(24);
        let pauses: Vec<_> = (0..9).map(|_| backoff.after(&emfile).unwrap()).collect();
        assert_eq!(pauses[0], Duration::from_millis(10));
        assert_eq!(pauses[1], Duration::from_millis(20));
        assert_eq!(pauses[8], Duration::from_secs(1));
        let aborted = std::io::Error::from(ErrorKind::ConnectionAborted);
        assert_eq!(backoff.after(&aborted), None);
        backoff.reset();
        assert_eq!(backoff.after(&emfile), Some(Duration::from_millis(10)));
    }
}
