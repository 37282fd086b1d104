//! Text that one client sends and others see: names and chat.
//!
//! Nothing a client types is relayed as it came. Names are checked here and refused with
//! the protocol's own error when they carry control characters or the protocol's
//! separators; chat is cleaned (control characters dropped, separators replaced, cut to
//! the protocol's width in bytes). Names are compared by their confusable skeleton
//! (Unicode TS #39, from the `unicode-security` crate) so that `bοb` (Greek omicron)
//! cannot pose as `bob`, nor `CPU１` as the CPU player `CPU1`.

use unicode_security::confusable_detection::skeleton;

/// The keys two names are compared by: names look alike when they share a key. One is
/// the skeleton of the name in lower case (`ALICE` is `alice`, `bοb` with a Greek
/// omicron is `bob`), the other the skeleton of the name as written, in lower case
/// (`ВОВ` in Cyrillic capitals is `BOB`, so `bob`; a capital `I` is an `l`).
pub fn name_keys(name: &str) -> [String; 2] {
    let folded = skeleton(&name.nfkc_lowercase()).collect();
    let shaped: String = skeleton(name).collect();
    [folded, shaped.nfkc_lowercase()]
}

/// Whether two names look alike (see [`name_keys`]).
pub fn look_alike(a: &str, b: &str) -> bool {
    let (a, b) = (name_keys(a), name_keys(b));
    a.iter().any(|key| b.contains(key))
}

/// `wanted`, or, when a name that looks like it is `taken` (at the same table or in the
/// same lobby), `wanted` with the lowest number from 2 that makes it distinct
/// (`guest`, `guest2`, ...): names stay unique where a person may come back by name.
pub fn distinct_name(wanted: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(wanted) {
        return wanted.to_owned();
    }
    (2u32..)
        .map(|n| format!("{wanted}{n}"))
        .find(|name| !taken(name))
        .expect("some number is free")
}

/// Whether `name` looks like a CPU player's name: `cpu`, optional spaces, and a number
/// in any script (`CPU3`, `cpu 2`, `CPU١`, `СPU１` with a Cyrillic С).
pub fn looks_like_cpu(name: &str) -> bool {
    let stem = name
        .trim_end_matches(|c: char| c.is_numeric())
        .trim_end_matches(char::is_whitespace);
    stem.len() < name.len()
        && name[stem.len()..].chars().any(char::is_numeric)
        && look_alike(stem, "cpu")
}

/// Whether `text` has a control character (C0, DEL, C1, or a Unicode format character
/// such as a bidirectional override) or one of `separators`.
pub fn has_unsafe(text: &str, separators: &str) -> bool {
    text.chars().any(|c| is_unsafe(c) || separators.contains(c))
}

/// `text` made safe to relay: control characters dropped, each of `separators` replaced
/// by `replacement`, cut to at most `max_bytes` bytes on a character boundary.
pub fn clean(text: &str, separators: &str, replacement: char, max_bytes: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_bytes));
    for c in text.chars().filter(|&c| !is_unsafe(c)) {
        let c = if separators.contains(c) {
            replacement
        } else {
            c
        };
        if out.len() + c.len_utf8() > max_bytes {
            break;
        }
        out.push(c);
    }
    out
}

/// Control and invisible formatting characters: terminal escapes, bells, NUL, line
/// breaks of every kind, and bidirectional overrides that reorder what follows.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

/// Lower case after compatibility normalisation (`ＡＢＣ` is `abc`).
trait NfkcLowercase {
    fn nfkc_lowercase(&self) -> String;
}

impl NfkcLowercase for str {
    fn nfkc_lowercase(&self) -> String {
        use unicode_normalization::UnicodeNormalization;
        self.nfkc().collect::<String>().to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_name_taken_gets_the_lowest_free_number() {
        let taken = ["guest", "guest2", "bob"];
        let is_taken = |n: &str| taken.iter().any(|t| look_alike(t, n));
        assert_eq!(distinct_name("ann", is_taken), "ann");
        assert_eq!(distinct_name("GUEST", is_taken), "GUEST3");
        assert_eq!(distinct_name("bοb", is_taken), "bοb2");
    }

    #[test]
    fn look_alikes_share_a_key() {
        for (a, b) in [
            ("bob", "bοb"),
            ("bob", "BOB"),
            ("alice", "ALICE"),
            ("CPU1", "CPU１"),
            ("alice", "аlice"),
            ("bob", "ВОВ"),
            ("Ian", "lan"),
        ] {
            assert!(look_alike(a, b), "{a} {b}");
        }
        assert!(!look_alike("bob", "rob"));
        assert!(!look_alike("alice", "alicia"));
    }

    #[test]
    fn cpu_names_in_any_script() {
        for name in ["CPU1", "cpu3", "CPU１", "CPU٣", "СPU1", "cpu 2", "CPU 12"] {
            assert!(looks_like_cpu(name), "{name}");
        }
        for name in ["cpu", "cpux", "cupid1", "1cpu", "alice"] {
            assert!(!looks_like_cpu(name), "{name}");
        }
    }

    #[test]
    fn cleaning_drops_controls_and_replaces_separators() {
        let chat = "hi \u{1b}[2J\u{1b}c\u{7}\u{0} a|b:c,d\r\nx\u{202E}y";
        assert_eq!(clean(chat, "|:,", ' ', 63), "hi [2Jc a b c dxy");
        assert_eq!(clean("ééé", "", ' ', 5), "éé");
        assert!(has_unsafe("a\nb", ""));
        assert!(has_unsafe("a|b", "|"));
        assert!(!has_unsafe("joão", "|"));
    }

    proptest! {
        #[test]
        fn cleaned_text_is_always_safe(text in "\\PC*|.*", max in 0usize..100) {
            let cleaned = clean(&text, "|:,[]", '_', max);
            prop_assert!(cleaned.len() <= max);
            prop_assert!(!has_unsafe(&cleaned, "|:,[]"));
        }
    }
}
