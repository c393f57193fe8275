//! The generic judge-text shrinker: what shrinks a failing input of a game that gives no
//! structural shrinker ([`crate::game::Game::parse_case`] left at its default).
//!
//! It knows nothing of the game. It tries, in passes until none makes progress: dropping runs
//! of lines (halves, quarters, … single lines, as delta debugging does), dropping single tokens
//! (whitespace-separated words), and moving numbers towards 0 (to 0, to 1 or -1, halving, by
//! one). A candidate is kept only when it is strictly smaller — shorter, or as long and
//! lexicographically smaller, so shrinking always ends — and the caller's test holds; the
//! harness makes that test "still fails, and the reference still answers it" (see
//! [`crate::harness::minimize`]), so a shrunk case stays a valid input, not a reader error.
//!
//! Judge inputs count their lists (`M` moves, then the moves). Dropping one move alone leaves
//! the count wrong and the reference rejects it, so where a drop alone is not kept, the shrinker
//! tries it again with one of the nearest numbers before the dropped part lowered by as much
//! (by one for a token, by the number of lines for a run of lines): the count and its list
//! shrink together.

/// The longest text the generic shrinker takes on: each candidate runs both sides, and a huge
/// board (a `--no-strict` run) would spend a campaign's budget on one shrink.
pub const MAX_TEXT: usize = 64 * 1024;

/// Shrinks `input` to a local minimum of `keep`, which `input` is assumed to satisfy.
pub fn shrink_text(input: &str, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut best = input.to_string();
    loop {
        let before = best.clone();
        best = drop_lines(best, keep);
        best = drop_tokens(best, keep);
        best = lower_numbers(best, keep);
        if best == before {
            return best;
        }
    }
}

/// Whether `candidate` is strictly smaller than `current`: shorter, or as long and
/// lexicographically smaller.
fn smaller(candidate: &str, current: &str) -> bool {
    (candidate.len(), candidate) < (current.len(), current)
}

/// Takes `candidate` if it is smaller and kept.
fn try_take(current: &mut String, candidate: String, keep: &mut dyn FnMut(&str) -> bool) -> bool {
    if smaller(&candidate, current) && keep(&candidate) {
        *current = candidate;
        true
    } else {
        false
    }
}

/// How many numbers are tried as the count of a dropped part.
const COUNT_TRIES: usize = 4;

/// The numbers of `text` that may count a part dropped at byte `at`, likeliest first: the
/// first number of the part's own line (a count that leads its list, `N a1 … aN`), then the
/// numbers of the lines before, nearest first. At most [`COUNT_TRIES`].
fn counts_before(text: &str, at: usize) -> Vec<(usize, usize, u64)> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let numbers = |from: usize, to: usize| -> Vec<(usize, usize, u64)> {
        tokens(text)
            .into_iter()
            .filter(|&(s, _)| s >= from && s < to)
            .filter_map(|(s, e)| text[s..e].parse::<u64>().ok().map(|n| (s, e, n)))
            .collect()
    };
    let mut found: Vec<(usize, usize, u64)> = numbers(line_start, at).into_iter().take(1).collect();
    found.extend(numbers(0, line_start).into_iter().rev());
    found.truncate(COUNT_TRIES);
    found
}

/// Takes `candidate` if it is kept, or else, with one of the numbers that may count the part
/// dropped at byte `at` of `candidate` ([`counts_before`]) lowered by `by`, the first such that
/// is kept.
fn take_with_count(
    current: &mut String,
    candidate: String,
    at: usize,
    by: u64,
    keep: &mut dyn FnMut(&str) -> bool,
) -> bool {
    if try_take(current, candidate.clone(), keep) {
        return true;
    }
    for (s, e, n) in counts_before(&candidate, at) {
        if n >= by {
            let fixed = format!("{}{}{}", &candidate[..s], n - by, &candidate[e..]);
            if try_take(current, fixed, keep) {
                return true;
            }
        }
    }
    false
}

/// Drops runs of whole lines, longest runs first.
fn drop_lines(mut text: String, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let count = |t: &str| t.split_inclusive('\n').count();
    let mut run = count(&text) / 2;
    while run >= 1 {
        let mut start = 0;
        while start + run <= count(&text) {
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let head = lines[..start].concat();
            let candidate = head.clone() + &lines[start + run..].concat();
            if !take_with_count(&mut text, candidate, head.len(), run as u64, keep) {
                start += run;
            }
        }
        run /= 2;
    }
    text
}

/// The byte ranges of the whitespace-separated tokens of `text`.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in text.bytes().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// Drops single tokens with the blank before them (or after, for a line's first token).
fn drop_tokens(mut text: String, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut k = 0;
    let mut spans = tokens(&text);
    while let Some(&(s, e)) = spans.get(k) {
        let bytes = text.as_bytes();
        let (from, to) = if s > 0 && matches!(bytes[s - 1], b' ' | b'\t') {
            (s - 1, e)
        } else if e < bytes.len() && matches!(bytes[e], b' ' | b'\t') {
            (s, e + 1)
        } else {
            (s, e)
        };
        let candidate = format!("{}{}", &text[..from], &text[to..]);
        if take_with_count(&mut text, candidate, from, 1, keep) {
            spans = tokens(&text);
        } else {
            k += 1;
        }
    }
    text
}

/// Lowers each number token: to 0, to 1, to half, to one less, the first that is kept.
fn lower_numbers(mut text: String, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut k = 0;
    let mut spans = tokens(&text);
    while let Some(&(s, e)) = spans.get(k) {
        let token = &text[s..e];
        // Towards 0: a natural number down, a negative one up (`-5` to `0`, `-1`, `-2`, `-4`).
        let lowered: Vec<String> = if let Ok(n) = token.parse::<u64>() {
            [0, 1, n / 2, n.saturating_sub(1)]
                .into_iter()
                .filter(|&lower| lower < n)
                .map(|lower| lower.to_string())
                .collect()
        } else if let Ok(n) = token.parse::<i64>() {
            [0, -1, n / 2, n + 1]
                .into_iter()
                .filter(|&higher| n < higher && higher <= 0)
                .map(|higher| higher.to_string())
                .collect()
        } else {
            Vec::new()
        };
        for number in lowered {
            let candidate = format!("{}{number}{}", &text[..s], &text[e..]);
            if try_take(&mut text, candidate, keep) {
                // A shorter number moves the tokens after it.
                spans = tokens(&text);
                break;
            }
        }
        k += 1;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A "game" whose input fails when it holds a number of at least 7 on a line after a line
    /// that says `go`, and is valid while its first line counts the lines after it.
    fn valid(text: &str) -> bool {
        let lines: Vec<&str> = text.lines().collect();
        lines.first().and_then(|l| l.trim().parse::<usize>().ok()) == Some(lines.len() - 1)
    }

    fn fails(text: &str) -> bool {
        let mut seen_go = false;
        for line in text.lines().skip(1) {
            if line.trim() == "go" {
                seen_go = true;
            } else if seen_go
                && line
                    .split_whitespace()
                    .any(|t| t.parse::<u64>().is_ok_and(|n| n >= 7))
            {
                return true;
            }
        }
        false
    }

    #[test]
    fn shrinks_to_a_small_valid_failing_text() {
        let input = "5\nx 3\ngo\n1 2 3\n40 9 12\nlast line\n";
        assert!(valid(input) && fails(input));
        let shrunk = shrink_text(input, &mut |t| valid(t) && fails(t));
        assert!(valid(&shrunk) && fails(&shrunk), "{shrunk:?}");
        // The count cannot shrink on its own (the lines must go with it), but the line with the
        // number is cut to one token, lowered to the smallest that still fails.
        assert!(
            shrunk.contains("\n7\n") || shrunk.ends_with("\n7"),
            "{shrunk:?}"
        );
        assert!(shrunk.len() < input.len(), "{shrunk:?}");
    }

    /// A count on the first line and that many numbers on the second: fails while some number
    /// is at least 5.
    fn counted(text: &str) -> bool {
        let mut lines = text.lines();
        let (Some(n), Some(list)) = (lines.next(), lines.next()) else {
            return false;
        };
        let numbers: Vec<u64> = list
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        n.trim().parse::<usize>() == Ok(numbers.len())
            && list.split_whitespace().count() == numbers.len()
    }

    #[test]
    fn a_count_shrinks_with_its_list() {
        let input = "6\n1 2 9 3 4 8\n";
        let fails = |t: &str| {
            t.lines().nth(1).is_some_and(|l| {
                l.split_whitespace()
                    .any(|x| x.parse::<u64>().is_ok_and(|n| n >= 5))
            })
        };
        let shrunk = shrink_text(input, &mut |t| counted(t) && fails(t));
        assert_eq!(shrunk, "1\n5\n");
    }

    #[test]
    fn a_count_on_an_earlier_line_shrinks_with_a_long_list() {
        // The count is two lines up, and the list's own numbers stand nearer the dropped one.
        let input = "4 4\n6\n1 1 1 1 1 9\n";
        let valid = |t: &str| {
            let lines: Vec<&str> = t.lines().collect();
            lines.len() == 3
                && lines[1].trim().parse::<usize>() == Ok(lines[2].split_whitespace().count())
                && lines[2]
                    .split_whitespace()
                    .all(|x| x.parse::<u64>().is_ok_and(|n| n >= 1))
        };
        let fails = |t: &str| t.lines().nth(2).is_some_and(|l| l.contains('9'));
        let shrunk = shrink_text(input, &mut |t| valid(t) && fails(t));
        // (Line 1 is not checked here, so it empties.)
        assert_eq!(shrunk, "\n1\n9\n");
    }

    #[test]
    fn keeps_the_input_when_nothing_smaller_holds() {
        let input = "1\nab\n";
        assert_eq!(shrink_text(input, &mut |t| t == input), input);
    }

    #[test]
    fn a_count_line_shrinks_with_its_items_one_per_line() {
        // `N`, then N items of two numbers each, one per line: the count stands far above most
        // items, behind many nearer numbers. Fails while some item holds a 9.
        let items: Vec<String> = (0..40)
            .map(|i| {
                format!(
                    "{} {}",
                    ["L", "R", "U"][i % 3],
                    if i == 29 { 9 } else { i % 5 }
                )
            })
            .collect();
        let input = format!("40\n{}\n", items.join("\n"));
        let valid = |t: &str| {
            let lines: Vec<&str> = t.lines().collect();
            lines.first().and_then(|l| l.trim().parse::<usize>().ok()) == Some(lines.len() - 1)
                && lines[1..].iter().all(|l| l.split_whitespace().count() == 2)
        };
        let fails = |t: &str| {
            t.lines()
                .skip(1)
                .any(|l| l.split_whitespace().any(|x| x == "9"))
        };
        let mut tries = 0;
        let shrunk = shrink_text(&input, &mut |t| {
            tries += 1;
            valid(t) && fails(t)
        });
        assert_eq!(shrunk, "1\nU 9\n", "after {tries} tries");
    }

    #[test]
    fn negative_numbers_move_up_towards_zero() {
        // Keeps any list whose numbers are all negative, with its count in front.
        let all_negative = |t: &str| {
            let mut words = t.split_whitespace();
            let n: usize = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
            let values: Vec<i64> = words.filter_map(|w| w.parse().ok()).collect();
            n >= 1 && values.len() == n && values.iter().all(|&v| v < 0)
        };
        assert_eq!(
            shrink_text("3\n-7 -30 -5\n", &mut |t| all_negative(t)),
            "1\n-1\n"
        );
        let mut asked = Vec::new();
        shrink_text("-5\n", &mut |t| {
            asked.push(t.to_string());
            false
        });
        assert!(asked.contains(&"-1\n".to_string()), "{asked:?}");
        assert!(!asked.iter().any(|t| t.starts_with("-6")), "{asked:?}");
    }

    #[test]
    fn every_candidate_is_strictly_smaller() {
        let input = "3\n10 20\n30\n40 50 60\n";
        let mut asked = Vec::new();
        let shrunk = shrink_text(input, &mut |t| {
            asked.push(t.to_string());
            false
        });
        assert_eq!(shrunk, input);
        assert!(!asked.is_empty());
        assert!(asked.iter().all(|t| smaller(t, input)), "{asked:?}");
    }
}
