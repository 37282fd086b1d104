//! The server's modules form layers that import one way only, so each can be read (and
//! changed) knowing only what is below it:
//!
//! 1. the network and the shared basics: `net`, `config`, `seeds`, `text`, `telemetry`;
//! 2. the record: each game's log for the store, the running tables, replays and stories
//!    (`record`);
//! 3. the table kernel: seats, the game in play, timers (`table`);
//! 4. the protocols and their registry (`protocols`);
//! 5. the HTTP port, the API, watching and the web client (`http`, `api`, `watching`,
//!    `web`, and `lib.rs`).
//!
//! This test reads every source file and fails on an import of a higher layer.

use std::path::Path;

/// The layer of a top-level module of the server crate.
fn layer(module: &str) -> Option<usize> {
    Some(match module {
        "net" | "config" | "seeds" | "text" | "telemetry" => 1,
        "record" | "cluster" => 2,
        "table" => 3,
        "protocols" => 4,
        "http" | "api" | "watching" | "web" | "lib" => 5,
        _ => return None,
    })
}

/// Every `crate::<module>` a line of code names (comments skipped).
fn imports(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push((number + 1, name));
        }
    }
    found
}

fn check(dir: &Path, module: &str, wrong: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            check(&path, module, wrong);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let own = layer(module).unwrap_or_else(|| panic!("{module} has no layer"));
        for (line, target) in imports(&source) {
            match layer(&target) {
                Some(theirs) if theirs > own => wrong.push(format!(
                    "{}:{line}: {module} (layer {own}) imports {target} (layer {theirs})",
                    path.display()
                )),
                Some(_) => {}
                None => wrong.push(format!("{}:{line}: {target} has no layer", path.display())),
            }
        }
    }
}

#[test]
fn modules_import_only_their_own_layer_or_lower() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let module = path.file_stem().unwrap().to_str().unwrap().to_owned();
        if path.is_dir() {
            check(&path, &module, &mut wrong);
        } else if path.extension().is_some_and(|e| e == "rs") {
            // A file module and its directory share the name (`api.rs`, `api/`).
            let source = std::fs::read_to_string(&path).unwrap();
            let own = layer(&module).unwrap_or_else(|| panic!("{module} has no layer"));
            for (line, target) in imports(&source) {
                if layer(&target).is_none_or(|theirs| theirs > own) {
                    wrong.push(format!(
                        "{}:{line}: {module} imports {target}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}
