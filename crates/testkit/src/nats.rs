//! A private NATS server with JetStream for tests, like the PostgreSQL one: loopback, a
//! free port, its store in a temporary directory, stopped and removed when the test
//! binary ends (the end of a pipe closing tells the shell that runs it). Debian's
//! `nats-server` package is installed when the program is missing.

use crate::process::{free_port, run, watched, Watched};
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

/// The running NATS server of this test binary.
pub struct Nats {
    port: u16,
    _watch: Watched,
}

/// The NATS server of this test binary, started on first use. Panics with the reason if
/// it cannot be installed or started.
pub fn nats() -> &'static Nats {
    static SERVER: OnceLock<Result<Nats, String>> = OnceLock::new();
    match SERVER.get_or_init(Nats::start) {
        Ok(server) => server,
        Err(why) => panic!("the tests need a private NATS server: {why}"),
    }
}

impl Nats {
    /// Its URL.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    fn start() -> Result<Nats, String> {
        let program = program()?;
        let dir = tempfile::Builder::new()
            .prefix("parlor-nats-")
            .tempdir()
            .map_err(|e| e.to_string())?
            .keep();
        let port = free_port()?;
        let server = format!(
            "'{program}' -js -sd '{dir}' -a 127.0.0.1 -p {port}",
            dir = dir.display()
        );
        let watch = watched(false, &server, &dir, "Server is ready")?;
        Ok(Nats {
            port,
            _watch: watch,
        })
    }
}

/// `nats-server`, installing Debian's package if it is missing.
fn program() -> Result<String, String> {
    let found = ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    if let Some(found) = found {
        return Ok(found.to_owned());
    }
    let sh =
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server";
    run(Command::new("sh").args(["-c", sh]))?;
    ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .map(str::to_owned)
        .ok_or_else(|| "no nats-server after installing it".into())
}
