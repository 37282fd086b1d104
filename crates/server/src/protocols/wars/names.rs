//! Name mangling: any requested name becomes a valid, unique one.
//!
//! A valid name is a C identifier of at most 8 characters: ASCII letters, digits and `_`,
//! not starting with a digit. Invalid characters become `_`, a leading digit gets a `_`
//! in front, an empty request becomes `player`; the result is cut to 8 characters. A name
//! already in use (compared ignoring case and look-alike characters such as `0` and `O`,
//! so people can tell players apart) gets a number at its end, replacing letters as needed: `bob`, `bob1`, `bob2`, ... `longname`,
//! `longnam1`, ... which gives far more than the 35 names the server can need.

/// The longest name.
pub const MAX_NAME: usize = 8;

/// A valid form of `requested` (not yet unique).
pub fn valid(requested: &str) -> String {
    let mut name: String = requested
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() {
        name = "player".into();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name.truncate(MAX_NAME);
    name
}

/// A valid name for `requested` that does not look like one in `taken`.
pub fn mangle<'a>(requested: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    let base = valid(requested);
    let free = |candidate: &str| !taken.clone().any(|t| crate::text::look_alike(t, candidate));
    if free(&base) {
        return base;
    }
    (1u32..)
        .map(|n| {
            let suffix = n.to_string();
            let keep = MAX_NAME.saturating_sub(suffix.len()).min(base.len());
            format!("{}{suffix}", &base[..keep])
        })
        .find(|candidate| free(candidate))
        .unwrap_or(base)
}

/// Whether `name` is already valid.
pub fn is_valid(name: &str) -> bool {
    valid(name) == name
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn invalid_requests_become_valid() {
        assert_eq!(valid("bob"), "bob");
        assert_eq!(valid("bob smith"), "bob_smit");
        assert_eq!(valid("9lives"), "_9lives");
        assert_eq!(valid("  "), "player");
        assert_eq!(valid("héllo!"), "h_llo_");
        assert_eq!(valid("averyveryverylongname"), "averyver");
    }

    #[test]
    fn duplicates_get_numbers() {
        let taken = ["bob", "Bob1", "averyver"];
        assert_eq!(mangle("BOB", taken.iter().copied()), "BOB2");
        assert_eq!(mangle("averyverylong", taken.iter().copied()), "averyve1");
        assert_eq!(mangle("carol", taken.iter().copied()), "carol");
    }

    #[test]
    fn thirty_five_clients_with_the_same_name_all_differ() {
        let mut names: Vec<String> = Vec::new();
        for _ in 0..35 {
            let name = mangle("samename", names.iter().map(String::as_str));
            assert!(is_valid(&name), "{name}");
            names.push(name);
        }
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 35);
    }

    proptest! {
        #[test]
        fn any_request_gives_a_valid_unique_name(requested in "\\PC{0,20}", taken in proptest::collection::vec("[a-zA-Z_][a-zA-Z0-9_]{0,7}", 0..35)) {
            let name = mangle(&requested, taken.iter().map(String::as_str));
            prop_assert!(is_valid(&name));
            prop_assert!(!taken.iter().any(|t| crate::text::look_alike(t, &name)));
        }
    }
}
