//! Numbers towards 0: each number token alone (a natural number to the smallest value kept
//! that a bisection finds, 0 and 1 first; a negative one up towards 0; a decimal to fewer
//! digits), then every occurrence of one value at once — on one line (`65 65` to `1 1`), then
//! over the whole text (`8 1` and the edge `8 8` to `1 1` and `1 1`) — never past the next
//! value towards 0 there, so `l <= r` pairs stay ordered. Negative values go up together as
//! natural ones go down (issue 46: `3 / -7 -7 -7`, where any two equal values fail, stopped at
//! `2 / -7 -7`, each -7 refused alone; it is `2 / 0 0` now). Values a bisection passes over
//! are tried by the deep passes ([`super::deep`]).

use super::text::{lines_with_tokens, replaced, tokens, try_take, Keep, Span};

/// Lowers each number token: a natural number to the smallest value kept that a bisection
/// between 0 and it finds (0 and 1 first), a negative one up towards 0 (to 0, to -1, to half,
/// by one). A count a list needs (`21` moves of 21 stones) takes about log₂ of its size in
/// candidates to reach, where lowering by halves and ones took a pass of every other candidate
/// for each step.
pub(super) fn lower_numbers(mut text: String, keep: &mut Keep) -> String {
    let mut k = 0;
    let mut spans = tokens(&text);
    while let Some(&(s, e)) = spans.get(k) {
        let token = text[s..e].to_string();
        // The text with the token, now `now`, replaced by `number`.
        let with = |text: &str, now: &str, number: &str| {
            format!("{}{number}{}", &text[..s], &text[s + now.len()..])
        };
        if let Ok(n) = token.parse::<usize>() {
            // `now` is the token as the text holds it (`007` until a lower value is kept).
            let mut now = token.clone();
            lowest_kept(0, n, &mut |v| {
                let candidate = with(&text, &now, &v.to_string());
                let kept = try_take(&mut text, candidate, keep);
                if kept {
                    now = v.to_string();
                }
                kept
            });
            if now != token {
                // A shorter number moves the tokens after it.
                spans = tokens(&text);
            }
        } else if let Ok(n) = token.parse::<i64>() {
            // Towards 0: a negative number up (`-5` to `0`, `-1`, `-2`, `-4`).
            let raised = [0, -1, n / 2, n + 1]
                .into_iter()
                .filter(|&higher| n < higher && higher <= 0);
            for number in raised {
                let candidate = with(&text, &token, &number.to_string());
                if try_take(&mut text, candidate, keep) {
                    spans = tokens(&text);
                    break;
                }
            }
        }
        k += 1;
    }
    text
}

/// The smallest value from `floor` up to `high` that `lower` keeps, by bisection (`floor` and
/// `floor + 1` first), `high` being kept already: `lower(v)` tries the value `v` and says
/// whether it was kept, and is asked only for values below the lowest kept so far.
pub(super) fn lowest_kept(
    floor: usize,
    high: usize,
    lower: &mut dyn FnMut(usize) -> bool,
) -> usize {
    // `high` is kept; `low` and below are refused.
    let (mut low, mut high) = (None, high);
    for first in [floor, floor + 1] {
        if first < high {
            if lower(first) {
                return first;
            }
            low = Some(first);
        }
    }
    while let Some(l) = low.filter(|&l| l + 1 < high) {
        let mid = l + (high - l) / 2;
        if lower(mid) {
            high = mid;
        } else {
            low = Some(mid);
        }
    }
    high
}

/// The most values [`lower_values`] tries in one scope.
const MAX_VALUES: usize = 16;

/// The integer a token of `text` spells, if it is one.
pub(super) fn integer(text: &str, (s, e): Span) -> Option<i64> {
    text[s..e].parse().ok()
}

/// Whether a scope's tokens hold one integer twice.
fn repeats(text: &str, spans: &[Span]) -> bool {
    let mut seen = std::collections::HashSet::new();
    spans
        .iter()
        .filter_map(|&s| integer(text, s))
        .any(|v| !seen.insert(v))
}

/// Lowers every occurrence of one value at once, within each line and then within the whole
/// text: for each integer that occurs twice or more there, largest magnitude first, the value
/// nearest 0 kept that a bisection finds between it and the next value of the scope towards 0
/// (0 if none), so `l <= r` pairs stay ordered — a natural number down, a negative one up
/// (`-7 -7` to `0 0`, where lowering either alone breaks what the failure needs).
pub(super) fn lower_values(mut text: String, keep: &mut Keep) -> String {
    // The lines with a repeated value, found once (the pass keeps every line where it is), and
    // the whole text last.
    let scopes: Vec<Option<usize>> = lines_with_tokens(&text)
        .iter()
        .enumerate()
        .filter(|(_, (_, _, spans))| repeats(&text, spans))
        .map(|(j, _)| Some(j))
        .chain([None])
        .collect();
    for scope in scopes {
        let spans = |text: &str| -> Vec<Span> {
            match scope {
                Some(j) => lines_with_tokens(text)
                    .get(j)
                    .map(|l| l.2.clone())
                    .unwrap_or_default(),
                None => tokens(text),
            }
        };
        let values = |text: &str| -> Vec<i64> {
            let mut v: Vec<i64> = spans(text)
                .into_iter()
                .filter_map(|s| integer(text, s))
                .collect();
            v.sort_unstable();
            v
        };
        let mut repeated: Vec<i64> = values(&text)
            .windows(2)
            .filter(|w| w[0] == w[1] && w[0] != 0)
            .map(|w| w[0])
            .collect();
        repeated.dedup();
        repeated.sort_by_key(|v| std::cmp::Reverse(v.unsigned_abs()));
        repeated.truncate(MAX_VALUES);
        for v in repeated {
            let with = |text: &str, from: i64, to: i64| -> String {
                let mut out = text.to_string();
                for s in spans(text).into_iter().rev() {
                    if integer(text, s) == Some(from) {
                        out = replaced(&out, s, &to.to_string());
                    }
                }
                out
            };
            // The next value towards 0, as a distance from 0 (a bound the bisection stays at).
            let now = values(&text);
            let floor = if v > 0 {
                now.iter().rev().find(|&&x| x < v).map_or(0, |&x| x.max(0))
            } else {
                now.iter().find(|&&x| x > v).map_or(0, |&x| -x.min(0))
            };
            let sign = v.signum();
            let mut at = v;
            lowest_kept(floor as usize, v.unsigned_abs() as usize, &mut |to| {
                let to = sign * to as i64;
                let candidate = with(&text, at, to);
                let kept = try_take(&mut text, candidate, keep);
                if kept {
                    at = to;
                }
                kept
            });
        }
    }
    text
}

/// Shortens decimals: `12.375` to `12`, then to `12.4`-long fractions (half the digits).
pub(super) fn shorten_decimals(mut text: String, keep: &mut Keep) -> String {
    let mut k = 0;
    let mut spans = tokens(&text);
    while let Some(&(s, e)) = spans.get(k) {
        let token = text[s..e].to_string();
        if let Some((whole, fraction)) = token.split_once('.') {
            let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
            let whole_ok = digits(whole.trim_start_matches('-'));
            if whole_ok && digits(fraction) {
                let half = &fraction[..fraction.len() / 2];
                let shorter = [whole.to_string(), format!("{whole}.{half}")];
                for candidate in shorter {
                    if candidate.len() < token.len() && !candidate.ends_with('.') {
                        let text2 = replaced(&text, (s, e), &candidate);
                        if try_take(&mut text, text2, keep) {
                            spans = tokens(&text);
                            break;
                        }
                    }
                }
            }
        }
        k += 1;
    }
    text
}
