//! `parlor bench idle --play`: whole games played while idle connections are held, as a
//! user runs it (the binary, its own server child, loopback only).

use std::process::Command;

/// Runs `parlor bench idle` with `args`; its report, or the failure with what it said.
fn bench_idle(args: &[&str]) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["bench", "idle"])
        .args(args)
        .output()
        .expect("parlor runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.success() {
        true => Ok(stdout),
        false => Err(format!("{stdout}{stderr}")),
    }
}

#[test]
fn games_are_played_while_idle_connections_are_held() {
    let args = ["--protocol", "truco", "--connections", "8", "--play", "2"];
    let report = bench_idle(&args).unwrap();
    assert!(report.contains("8 connections"), "{report}");
    assert!(
        report.contains("meanwhile 2 of 2 games finished"),
        "{report}"
    );
    assert!(report.contains("p99"), "{report}");
}

#[test]
fn warlords_has_no_games_alongside() {
    let args = ["--protocol", "wars", "--connections", "3", "--play", "1"];
    let refused = bench_idle(&args).unwrap_err();
    assert!(
        refused.contains("--play is not offered for Warlords"),
        "{refused}"
    );
}
