//! What a win is worth as players say it, from mmj1's breakdown (each entry with the
//! points it brings): han and fu or the limit, then who pays what — "4 han 30 fu, 7700",
//! "7 han 40 fu: haneman, 3000/6000", "yakuman, 16000 all".

/// A limit's base points (Tenhou's).
fn limit_base(name: &str) -> Option<i64> {
    Some(match name {
        "Mangan" => 2000,
        "Haneman" => 3000,
        "Baiman" => 4000,
        "Sanbaiman" => 6000,
        "Kazoe yakuman" | "Yakuman" => 8000,
        _ => return None,
    })
}

/// The han (or yakuman count) an entry name gives: `Riichi (1 han)`, `Kokushi musou
/// (yakuman)`, `Junsei chuuren poutou (2x yakuman)`.
fn counted(name: &str) -> (i64, i64) {
    let Some(inner) = name.strip_suffix(')').and_then(|n| n.rsplit_once(" (")) else {
        return (0, 0);
    };
    let what = inner.1;
    if let Some(han) = what.strip_suffix(" han").and_then(|h| h.parse().ok()) {
        return (han, 0);
    }
    if what == "yakuman" {
        return (0, 1);
    }
    match what.strip_suffix("x yakuman").and_then(|y| y.parse().ok()) {
        Some(y) => (0, y),
        None => (0, 0),
    }
}

const fn ceil100(x: i64) -> i64 {
    (x + 99) / 100 * 100
}

/// The win said as players say it, or `None` when the breakdown does not add up to
/// `total` that way (then only the points are shown). `entries` are mmj1's `(name,
/// points)`; the winner is the dealer or not, won by tsumo or ron.
pub(super) fn worth(
    entries: &[(String, i64)],
    total: i64,
    dealer: bool,
    tsumo: bool,
) -> Option<String> {
    let fu = entries
        .iter()
        .find_map(|(n, _)| n.strip_suffix(" fu").and_then(|f| f.parse::<i64>().ok()))
        .unwrap_or(0);
    let (han, yakuman) = entries
        .iter()
        .map(|(n, _)| counted(n))
        .fold((0, 0), |(h, y), (a, b)| (h + a, y + b));
    let limit = entries
        .iter()
        .find(|(n, _)| limit_base(n).is_some())
        .map(|(n, _)| n);
    let base = match (yakuman, limit) {
        (y, _) if y > 0 => 8000 * y,
        (_, Some(limit)) => limit_base(limit)?,
        _ => (fu << (2 + han.clamp(0, 20))).min(2000),
    };
    let extras: i64 = entries
        .iter()
        .filter(|(n, _)| n.starts_with("Honba (") || n.starts_with("Riichi sticks ("))
        .map(|(_, p)| p)
        .sum();
    let (pays, paid) = match (tsumo, dealer) {
        (true, true) => (format!("{} all", ceil100(2 * base)), 3 * ceil100(2 * base)),
        (true, false) => (
            format!("{}/{}", ceil100(base), ceil100(2 * base)),
            2 * ceil100(base) + ceil100(2 * base),
        ),
        (false, _) => {
            let paid = ceil100(if dealer { 6 } else { 4 } * base);
            (paid.to_string(), paid)
        }
    };
    let head = match (yakuman, limit) {
        (1, _) => "yakuman".to_owned(),
        (y, _) if y > 1 => format!("{y}x yakuman"),
        (_, Some(limit)) => format!("{han} han {fu} fu: {}", limit.to_lowercase()),
        _ => format!("{han} han {fu} fu"),
    };
    (paid + extras == total).then(|| format!("{head}, {pays}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(list: &[(&str, i64)]) -> Vec<(String, i64)> {
        list.iter().map(|&(n, p)| (n.to_owned(), p)).collect()
    }

    #[test]
    fn wins_are_said_with_han_fu_limit_and_payments() {
        // A non-dealer's ron of 30 fu and 4 han (the protocol page's example).
        let ron = entries(&[
            ("30 fu", 500),
            ("Riichi (1 han)", 500),
            ("Tanyao (1 han)", 1000),
            ("Dora (2 han)", 5700),
        ]);
        assert_eq!(
            worth(&ron, 7700, false, false).as_deref(),
            Some("4 han 30 fu, 7700")
        );
        // A non-dealer's haneman tsumo with a riichi stick.
        let tsumo = entries(&[
            ("40 fu", 640),
            ("Riichi (1 han)", 640),
            ("Dora (6 han)", 10720),
            ("Haneman", 0),
            ("Riichi sticks (1)", 1000),
        ]);
        assert_eq!(
            worth(&tsumo, 13000, false, true).as_deref(),
            Some("7 han 40 fu: haneman, 3000/6000")
        );
        // A dealer's yakuman tsumo.
        let yakuman = entries(&[("Kokushi musou (yakuman)", 48000)]);
        assert_eq!(
            worth(&yakuman, 48000, true, true).as_deref(),
            Some("yakuman, 16000 all")
        );
        // Entries that do not add up this way: nothing is claimed.
        assert_eq!(worth(&ron, 8000, false, false), None);
    }
}
