//! Running a server for the tests: as the right user, watched by a shell that stops it
//! (and removes its directory) when the test binary's end of a pipe closes, which happens
//! however the binary ends; and waiting for the line that says it is ready.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

/// A server under its watching shell; dropping it (or the test binary ending) stops it.
pub struct Watched {
    _shell: Child,
    _pipe: ChildStdin,
}

/// Starts `server` (a shell command line), as the `postgres` user if `as_postgres`,
/// under a shell that stops it and removes `dir` when the pipe closes; returns once the
/// server has written `ready` to its standard error.
pub fn watched(
    as_postgres: bool,
    server: &str,
    dir: &Path,
    ready: &str,
) -> Result<Watched, String> {
    let script = format!(
        "{server} & server=$!; cat >/dev/null; kill -INT $server; wait $server; rm -rf '{}'",
        dir.display()
    );
    let mut shell = as_server_user(as_postgres, &["sh", "-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("starting {server}: {e}"))?;
    let pipe = shell.stdin.take().ok_or("no pipe to the server's shell")?;
    let log = shell.stderr.take().ok_or("no log from the server")?;
    let mut lines = BufReader::new(log).lines();
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let line = line.map_err(|e| e.to_string())?;
        if line.contains(ready) {
            // The rest of the log is drained, so the server never blocks on a full pipe.
            std::thread::spawn(move || lines.for_each(drop));
            return Ok(Watched {
                _shell: shell,
                _pipe: pipe,
            });
        }
        seen.push(line);
    }
    Err(format!("the server stopped:\n{}", seen.join("\n")))
}

/// `args` as a command, run as the `postgres` user if `as_postgres`.
pub fn as_server_user(as_postgres: bool, args: &[&str]) -> Command {
    let mut command = if as_postgres {
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

/// Runs `command`; its output is the error if it fails.
pub fn run(command: &mut Command) -> Result<(), String> {
    let out = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let mut why = format!("{command:?} failed:\n");
    why.push_str(&String::from_utf8_lossy(&out.stdout));
    why.push_str(&String::from_utf8_lossy(&out.stderr));
    Err(why)
}

/// A port that was free a moment ago.
pub fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}
