//! Player names as today's app's server cleans them: never refused, an unusable name
//! becomes a default (`sem_nome_<k>`).

use rand::Rng;

/// The longest name kept, in characters.
const MAX_CHARS: usize = 25;

/// What the app's `I` line calls an empty seat or a CPU player; no person may use it.
pub const BOT: &str = "bot";

/// A name after cleaning, and whether it is the person's own (a default name is not
/// rated: strangers would share it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub chosen: bool,
}

impl Name {
    /// The name a connection starts with, before any `N`.
    pub fn default_name() -> Name {
        let k = rand::thread_rng().gen_range(1..=999);
        Name {
            text: format!("sem_nome_{k}"),
            chosen: false,
        }
    }

    /// `raw` cleaned: `-`, `_` and line ends become spaces; only ASCII letters and
    /// digits, spaces and the Latin-1 letters U+00C0-U+00FF stay (not `×` and `÷`, which
    /// the app's server would keep); runs of spaces become
    /// one `_`; at most 25 characters, without a trailing `_`. An empty result, or `bot`
    /// in any case (it would read as an empty seat), gives a default name.
    pub fn clean(raw: &str) -> Name {
        let spaced: String = raw
            .chars()
            .map(|c| {
                if matches!(c, '-' | '_' | '\r' | '\n') {
                    ' '
                } else {
                    c
                }
            })
            .filter(|&c| {
                c == ' '
                    || c.is_ascii_alphanumeric()
                    || (('\u{C0}'..='\u{FF}').contains(&c) && c.is_alphabetic())
            })
            .collect();
        let joined = spaced.split_whitespace().collect::<Vec<_>>().join("_");
        let mut text: String = joined.chars().take(MAX_CHARS).collect();
        if text.ends_with('_') {
            text.pop();
        }
        if text.is_empty() || text.eq_ignore_ascii_case(BOT) {
            return Name::default_name();
        }
        Name { text, chosen: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn names_are_cleaned_as_the_app_does() {
        assert_eq!(Name::clean("joão do pulo 23!").text, "joão_do_pulo_23");
        assert_eq!(Name::clean("  ana--maria__b ").text, "ana_maria_b");
        assert_eq!(Name::clean("a|b c\u{1b}[31m").text, "ab_c31m");
        assert_eq!(Name::clean("2×3÷Ü").text, "23Ü");
        assert_eq!(Name::clean(&"x".repeat(40)).text.len(), 25);
        // Cut at 25 characters, then a trailing `_` dropped.
        assert_eq!(
            Name::clean(&format!("{} b", "y".repeat(24))).text,
            "y".repeat(24)
        );
        for unusable in ["", "!@#$", "bot", " Bot ", "---"] {
            let name = Name::clean(unusable);
            assert!(name.text.starts_with("sem_nome_"), "{unusable:?}: {name:?}");
            assert!(!name.chosen);
        }
        assert!(Name::clean("bia").chosen);
    }

    proptest! {
        #[test]
        fn a_clean_name_carries_no_separator_or_control(raw in "\\PC{0,60}|[\\x00-\\x7f]{0,60}") {
            let name = Name::clean(&raw).text;
            prop_assert!(!name.is_empty() && name.chars().count() <= MAX_CHARS);
            prop_assert!(name.chars().all(|c| c == '_' || c.is_alphanumeric()), "{name:?}");
            prop_assert!(!name.eq_ignore_ascii_case(BOT));
        }
    }
}
