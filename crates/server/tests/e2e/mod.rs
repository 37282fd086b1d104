//! Running the web client's end-to-end scripts (`e2e/*.mjs` at the repository root) in
//! headless Chromium against a test server; screenshots go to
//! `target/e2e-artifacts/<script>/`.
//!
//! What the scripts need is installed here when missing, so `cargo test --workspace` on a
//! fresh machine runs them: Debian's `chromium` package (`apt-get install`) and
//! `playwright-core` from npm (`npm ci` in `e2e/`, from its lock file). If that fails the
//! tests fail with the reason; they are never skipped silently.

#![allow(dead_code)] // each browser test binary uses a different part

use crate::common::TestServer;
use parlor_server::protocols::minitruco::MinitrucoSettings;
use parlor_server::protocols::wars::WarsSettings;
use parlor_server::Config;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::Mutex;

/// One browser at a time: two cores are shared by everything.
pub static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Installs Chromium and playwright-core if they are missing (once per test binary).
fn tools() -> &'static Result<(), String> {
    static TOOLS: OnceLock<Result<(), String>> = OnceLock::new();
    TOOLS.get_or_init(|| {
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        if !Path::new(&chromium).exists() {
            let sh = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium";
            run_quietly(Command::new("sh").args(["-c", sh]), "installing chromium")?;
        }
        let e2e = repo().join("e2e");
        if !e2e.join("node_modules/playwright-core").exists() {
            run_quietly(
                Command::new("npm")
                    .args(["ci", "--no-audit", "--no-fund"])
                    .current_dir(&e2e),
                "npm ci in e2e/",
            )?;
        }
        Ok(())
    })
}

fn run_quietly(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Runs `e2e/<script>.mjs` against `server`; panics with its output if it fails.
pub async fn script(server: &TestServer, name: &str) {
    script_with(server, name, &[]).await;
}

/// [`script`] with extra environment variables for the script.
pub async fn script_with(server: &TestServer, name: &str, env: &[(&str, &str)]) {
    if let Err(why) = tools() {
        panic!("the browser tests need chromium and playwright-core: {why}");
    }
    let artifacts = repo().join("target/e2e-artifacts").join(name);
    let mut child = tokio::process::Command::new("node")
        .arg(repo().join("e2e").join(format!("{name}.mjs")))
        .env("PARLOR_URL", format!("http://{}", server.addr("http")))
        .env("PARLOR_ARTIFACTS", &artifacts)
        .env("PARLOR_MINITRUCO", server.addr("minitruco").to_string())
        .envs(env.iter().copied())
        .kill_on_drop(true)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("node runs");
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let output = tokio::time::timeout(Duration::from_secs(240), async {
        use tokio::io::AsyncReadExt;
        let (mut out, mut err) = (String::new(), String::new());
        let (mut so, mut se) = (stdout, stderr);
        let _ = tokio::join!(so.read_to_string(&mut out), se.read_to_string(&mut err));
        (child.wait().await, out, err)
    })
    .await;
    let (status, out, err) = output.expect("the browser script finishes within 4 minutes");
    assert!(
        status.expect("node exits").success(),
        "e2e/{name}.mjs failed\n--- stdout\n{out}\n--- stderr\n{err}"
    );
}

/// A server for the browser: everything on port 0, CPU players moving at once.
pub async fn server(seed: u64) -> TestServer {
    TestServer::start(config(seed)).await
}

/// The configuration of [`server`].
pub fn config(seed: u64) -> Config {
    Config::for_tests(seed)
        .with(|wars: &mut WarsSettings| {
            wars.min_players = 3;
            wars.lobby_timeout = Duration::from_secs(2);
            // As long as a script's patience: a client that stalls (a bot that missed
            // its turn) fails the test instead of being quietly played for.
            wars.turn_timeout = Duration::from_secs(60);
        })
        // As `parlor serve` plays by default: decent partners and opponents.
        .with(|minitruco: &mut MinitrucoSettings| minitruco.cpu = Some("heuristic".into()))
}
