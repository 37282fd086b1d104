//! A private PostgreSQL server for tests.
//!
//! It listens on 127.0.0.1 at a free port, keeps its files in a temporary directory, and
//! runs without fsync (a test's data need not survive a power loss). Root may not run
//! PostgreSQL, so under root the server runs as the `postgres` user the package creates.
//! It is started under a shell that stops it when the test binary's end of a pipe closes,
//! which happens however the binary ends (even by a panic or a signal), so no server is
//! left behind.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// The role tests connect as (a superuser of the private server; no password).
const USER: &str = "parlor";

/// The running server of this test binary.
pub struct Postgres {
    port: u16,
    /// The shell that runs the server, and the pipe whose closing stops it (and removes
    /// its directory).
    _watch: (Child, ChildStdin),
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
        let made = self
            .psql("postgres", &format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|why| panic!("creating database {name}: {why}"));
        drop(made);
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
        let data = dir.as_path().join("data");
        let root = is_root();
        if root {
            run(Command::new("chown").arg("postgres").arg(dir.as_path()))?;
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
        let postgres = bin.join("postgres");
        // The shell starts the server, then waits for its standard input to close (the
        // test binary ended), stops it and removes its files.
        let script = format!(
            "'{}' -D '{}' -p {port} -h 127.0.0.1 -k '{dir}' -F -c max_connections=200 & \
             server=$!; cat >/dev/null; kill -INT $server; wait $server; rm -rf '{dir}'",
            postgres.display(),
            data.display(),
            dir = dir.as_path().display(),
        );
        let mut watch = as_server_user(root, &["sh", "-c", &script])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("starting postgres: {e}"))?;
        let stdin = watch.stdin.take().ok_or("no pipe to the server's shell")?;
        let log = watch.stderr.take().ok_or("no log from the server")?;
        ready(log)?;
        Ok(Postgres {
            port,
            _watch: (watch, stdin),
        })
    }
}

/// Reads the server's log until it accepts connections; the rest of the log is drained
/// on a thread of its own so the server never blocks on a full pipe.
fn ready(log: std::process::ChildStderr) -> Result<(), String> {
    let mut lines = BufReader::new(log).lines();
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let line = line.map_err(|e| e.to_string())?;
        if line.contains("ready to accept connections") {
            std::thread::spawn(move || lines.for_each(drop));
            return Ok(());
        }
        seen.push(line);
    }
    Err(format!("postgres stopped:\n{}", seen.join("\n")))
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

/// `args` as a command, run as the `postgres` user when the tests run as root.
fn as_server_user(root: bool, args: &[&str]) -> Command {
    let mut command = if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).args(args);
        c
    } else {
        let mut c = Command::new(args[0]);
        c.args(&args[1..]);
        c
    };
    // The server's user must be able to stand in the working directory.
    command.current_dir(Path::new("/"));
    command
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn run(command: &mut Command) -> Result<(), String> {
    let out = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let mut why = format!("{command:?} failed:\n");
    why.push_str(&String::from_utf8_lossy(&out.stdout));
    why.push_str(&String::from_utf8_lossy(&out.stderr));
    Err(why)
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}
