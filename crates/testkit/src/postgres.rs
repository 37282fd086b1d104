//! A private PostgreSQL server for tests.
//!
//! It listens on 127.0.0.1 at a free port, keeps its files in a temporary directory, and
//! runs without fsync (a test's data need not survive a power loss). Root may not run
//! PostgreSQL, so under root the server runs as the `postgres` user the package creates.
//! It is started under a shell that stops it when the test binary's end of a pipe closes,
//! which happens however the binary ends (even by a panic or a signal), so no server is
//! left behind.

use crate::process::{as_server_user, free_port, run, watched, Watched};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// The role tests connect as (a superuser of the private server; no password).
const USER: &str = "parlor";

/// The running server of this test binary.
pub struct Postgres {
    port: u16,
    _watch: Watched,
}

/// The server of this test binary, started on first use. Panics with the reason if
/// PostgreSQL cannot be installed or started.
pub fn postgres() -> &'static Postgres {
    static SERVER: OnceLock<Result<Postgres, String>> = OnceLock::new();
    match SERVER.get_or_init(Postgres::start) {
        Ok(server) => server,
        Err(why) => panic!("the tests need a private PostgreSQL: {why}"),
    }
}

impl Postgres {
    /// A new, empty database; its connection URL.
    pub fn database(&self) -> String {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let name = format!("test{}", MADE.fetch_add(1, Ordering::Relaxed));
        if let Err(why) = self.psql("postgres", &format!("CREATE DATABASE {name}")) {
            panic!("creating database {name}: {why}");
        }
        self.url(&name)
    }

    /// The URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{USER}@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs `sql` in database `name` with `psql`; what it printed (unaligned, tuples only).
    pub fn psql(&self, name: &str, sql: &str) -> Result<String, String> {
        let port = self.port.to_string();
        let args = ["-h", "127.0.0.1", "-p", &port, "-U", USER, "-d", name];
        let out = Command::new("psql")
            .args(args)
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .output()
            .map_err(|e| format!("psql: {e}"))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    }

    fn start() -> Result<Postgres, String> {
        let bin = binaries()?;
        // Kept: the server's shell removes it once the server has stopped.
        let dir = tempfile::Builder::new()
            .prefix("parlor-pg-")
            .tempdir()
            .map_err(|e| e.to_string())?
            .keep();
        let data = dir.join("data");
        let root = is_root();
        if root {
            run(Command::new("chown").arg("postgres").arg(&dir))?;
        }
        let initdb = bin.join("initdb");
        let initdb = initdb.to_string_lossy();
        let data_arg = data.to_string_lossy();
        run(&mut as_server_user(
            root,
            &[
                &initdb,
                "-D",
                &data_arg,
                "-U",
                USER,
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        ))?;
        let port = free_port()?;
        let server = format!(
            "'{}' -D '{}' -p {port} -h 127.0.0.1 -k '{}' -F -c max_connections=200",
            bin.join("postgres").display(),
            data.display(),
            dir.display(),
        );
        let watch = watched(root, &server, &dir, "ready to accept connections")?;
        Ok(Postgres {
            port,
            _watch: watch,
        })
    }
}

/// The directory of PostgreSQL's programs, installing Debian's package if there is none.
fn binaries() -> Result<PathBuf, String> {
    if let Some(bin) = installed() {
        return Ok(bin);
    }
    let sh =
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql";
    run(Command::new("sh").args(["-c", sh]))?;
    installed().ok_or_else(|| "PostgreSQL is not in /usr/lib/postgresql after installing".into())
}

/// The newest `/usr/lib/postgresql/<version>/bin` with `initdb` and `postgres` in it.
fn installed() -> Option<PathBuf> {
    let versions = std::fs::read_dir("/usr/lib/postgresql").ok()?;
    let mut bins: Vec<(u32, PathBuf)> = versions
        .filter_map(|v| {
            let v = v.ok()?;
            let version = v.file_name().to_str()?.parse().ok()?;
            let bin = v.path().join("bin");
            (bin.join("initdb").exists() && bin.join("postgres").exists()).then_some((version, bin))
        })
        .collect();
    bins.sort();
    bins.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}
