//! A `parlor serve` child process for benchmarks, and its memory use.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The server under load, storing its games in a data directory of its own (so the
/// store is measured as a real server has it, but a benchmark's games never mix with a
/// host's). Stopped, and its directory removed, when dropped.
pub struct ServerProcess {
    child: Child,
    data_dir: PathBuf,
}

/// How long a benchmark waits for the server's memory trimmer, which gives memory back
/// every 2 s for 10 s after connections closed.
pub const GIVEN_BACK: Duration = Duration::from_millis(10_500);

impl ServerProcess {
    /// Waits [`GIVEN_BACK`].
    pub async fn given_back() {
        tokio::time::sleep(GIVEN_BACK).await;
    }

    /// Starts `parlor serve` with `args` and waits until `port` accepts connections.
    pub async fn start(args: &[String], port: u16) -> Result<ServerProcess, String> {
        let data_dir = Self::data_dir(port);
        let mut command = Self::command()?;
        command
            .arg("serve")
            .args(args)
            .arg("--data-dir")
            .arg(&data_dir)
            // Every benchmark client comes from loopback: one address, many players.
            .arg("--max-per-address")
            .arg("100000")
            .arg("--max-connect-rate")
            .arg("0");
        Self::spawn(command, data_dir, port).await
    }

    /// Starts this binary with `args` (another server than `parlor serve`, such as the
    /// floor) and waits until `port` accepts connections.
    pub async fn start_other(args: &[String], port: u16) -> Result<ServerProcess, String> {
        let mut command = Self::command()?;
        command.args(args);
        Self::spawn(command, Self::data_dir(port), port).await
    }

    /// This same binary, quiet but for warnings.
    fn command() -> Result<Command, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut command = Command::new(exe);
        command.env("RUST_LOG", "warn");
        Ok(command)
    }

    /// A data directory for the server on `port`, removed when it is dropped.
    fn data_dir(port: u16) -> PathBuf {
        std::env::temp_dir().join(format!("parlor-bench-{}-{port}", std::process::id()))
    }

    /// Runs `command` and waits until `port` accepts connections.
    async fn spawn(
        mut command: Command,
        data_dir: PathBuf,
        port: u16,
    ) -> Result<ServerProcess, String> {
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let server = ServerProcess { child, data_dir };
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                return Ok(server);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        Err("the server did not start listening".into())
    }

    /// Resident memory now and at its peak, in KiB (Linux `/proc`; `None` elsewhere).
    pub fn memory_kib(&self) -> Option<(u64, u64)> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }
}

impl ServerProcess {
    /// The server's threads now (Linux `/proc`; `None` elsewhere).
    pub fn threads(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("Threads:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// CPU time the server has used so far (user + system, all threads), from Linux
    /// `/proc` in clock ticks of 10 ms; `None` elsewhere.
    pub fn cpu_time(&self) -> Option<Duration> {
        self.cpu().map(|cpu| cpu.total)
    }

    /// [`ServerProcess::cpu_time`], and the part of it spent in the kernel.
    pub fn cpu(&self) -> Option<Cpu> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // Fields after the command name (which may hold spaces) start after the last ')'.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks = |field: usize| fields.get(field)?.parse::<u64>().ok();
        let (user, system) = (ticks(11)?, ticks(12)?);
        Some(Cpu {
            total: Duration::from_millis((user + system) * 10),
            kernel: Duration::from_millis(system * 10),
        })
    }
}

/// A process's CPU time, and the part of it in the kernel (its system calls: what a
/// server that only sends and reads costs most of).
#[derive(Clone, Copy, Debug)]
pub struct Cpu {
    pub total: Duration,
    pub kernel: Duration,
}

impl Cpu {
    /// The CPU time spent since `before`.
    pub fn since(self, before: Cpu) -> Cpu {
        Cpu {
            total: self.total.saturating_sub(before.total),
            kernel: self.kernel.saturating_sub(before.kernel),
        }
    }
}

impl ServerProcess {
    /// Kills the server at once (`kill -9`), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long a server told to stop has before it is killed.
const STOPPING: Duration = Duration::from_secs(5);

impl Drop for ServerProcess {
    /// Stops the server as a host would (SIGTERM), so that it ends cleanly and a
    /// profiler it runs under (`valgrind --trace-children=yes`) writes its figures;
    /// kills it if it has not ended within [`STOPPING`].
    fn drop(&mut self) {
        // Only a child not yet reaped: the id of one reaped (`kill`) may be another
        // process's by now.
        if matches!(self.child.try_wait(), Ok(None)) {
            let asked = Command::new("kill")
                .args(["-TERM", &self.child.id().to_string()])
                .status();
            let until = std::time::Instant::now() + STOPPING;
            while asked.as_ref().is_ok_and(|s| s.success()) && std::time::Instant::now() < until {
                if !matches!(self.child.try_wait(), Ok(None)) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// `--flag value` pairs as the arguments of a command line.
pub fn flag_list<'a>(pairs: impl IntoIterator<Item = (&'a str, String)>) -> Vec<String> {
    pairs
        .into_iter()
        .flat_map(|(flag, value)| [flag.to_owned(), value])
        .collect()
}

/// A port that was free a moment ago.
pub fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}
