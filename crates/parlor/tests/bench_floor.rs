//! `parlor bench jass --floor` and `parlor bench play --game mahjong --floor`, as a user
//! runs them: a recorded run, parlor and the floor server, each its own child process on
//! loopback. The benchmarks fail if the floor does not play the recorded games to their
//! end, so a report is proof that the record and its playback agree.

use std::process::Command;

/// Runs `parlor bench` with `args`; its report, or the failure with what it said.
fn bench(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("bench")
        .args(args)
        .output()
        .expect("parlor runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    stdout
}

#[test]
fn jass_games_are_played_back_by_the_floor() {
    let args = ["jass", "--games", "2", "--strategy", "random", "--floor"];
    let report = bench(&args);
    assert!(report.contains("2 games (of 2 started)"), "{report}");
    assert!(report.contains("times the floor"), "{report}");
}

#[test]
fn a_mahjong_table_of_four_people_is_played_back_by_the_floor() {
    let args = [
        "play",
        "--game",
        "mahjong",
        "--clients",
        "4",
        "--people",
        "4",
        "--east-only",
        "--floor",
    ];
    let report = bench(&args);
    assert!(report.contains("1 of 1 games finished"), "{report}");
    assert!(report.contains("times the floor"), "{report}");
    // Both servers' time in the kernel is told (Linux, where the benchmarks run).
    let floor = report
        .lines()
        .find(|l| l.starts_with("floor "))
        .expect("a floor line");
    assert!(floor.contains("in the kernel); parlor is"), "{report}");
}
