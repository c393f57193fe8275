//! The generic judge-text shrinker: what shrinks a failing input of a game that gives no
//! structural shrinker ([`crate::game::Game::parse_case`] left at its default).
//!
//! It knows nothing of the game. It tries, in passes until none makes progress: dropping runs
//! of lines (halves, quarters, … single lines, as delta debugging does), dropping single tokens
//! (whitespace-separated words), and moving numbers towards 0 (a natural number to the
//! smallest value kept that a bisection finds, a negative one to 0, -1, half or one more). A
//! candidate is kept only when it is strictly smaller — shorter, or as long and
//! lexicographically smaller, so shrinking always ends — and the caller's test holds; the
//! harness makes that test "still fails, and the reference still answers it" (see
//! [`crate::harness::minimize`]), so a shrunk case stays a valid input, not a reader error.
//!
//! Judge inputs count their lists (`M` moves, then the moves). Dropping one move alone leaves
//! the count wrong and the reference rejects it, so where a drop alone is not kept, the shrinker
//! tries it again with one of the nearest numbers before the dropped part lowered by as much
//! (by one for a token, by the number of lines for a run of lines): the count and its list
//! shrink together.
//!
//! Before those passes, lists the text itself shows as counted are cut in halves, quarters, …
//! with their count: a number followed by exactly that many tokens on its
//! line (`3 a b c`), a line's last number followed by a line of that many tokens, or a number
//! followed by that many lines of one shape (`N`, then N lines of `x y`; for `N M`, also the M
//! lines after the N). Each such list costs a few candidates to try, and one that is a count
//! shrinks in about log₂ of its length steps, where single drops would take one per item. Where
//! dropping items with their count is not kept, a number above the count may be a total the
//! items must add up to (a pile of stones the moves must empty): it is tried lowered by the
//! sum of the dropped items too.

/// The longest text the generic shrinker takes on: each candidate runs both sides, and a huge
/// board (a `--no-strict` run) would spend a campaign's budget on one shrink.
pub const MAX_TEXT: usize = 64 * 1024;

/// Shrinks `input` to a local minimum of `keep`, which `input` is assumed to satisfy. A
/// candidate `keep` refused is not asked again (the passes meet the same candidate more than
/// once: a count lowered with a line dropped, the same line dropped alone), so each distinct
/// candidate costs one run of both sides at most.
pub fn shrink_text(input: &str, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut refused: std::collections::HashSet<u64> = std::collections::HashSet::new();
    let keep = &mut |candidate: &str| {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        candidate.hash(&mut hasher);
        let key = hasher.finish();
        if refused.contains(&key) {
            return false;
        }
        let kept = keep(candidate);
        if !kept {
            refused.insert(key);
        }
        kept
    };
    let mut best = input.to_string();
    loop {
        let before = best.clone();
        best = drop_counted(best, keep);
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

/// Where a counted list's items are: the lines of a run, or the tokens of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Items {
    /// Lines `first..first + n` (0-based), one item each.
    Lines { first: usize },
    /// The tokens of line `line` from its `from`-th on (0-based), one item each.
    Tokens { line: usize, from: usize },
}

/// A number of the text that may count a list after it: the number is token `token` of line
/// `line` (both 0-based), and `items` are what it counts. It names no byte offsets, so it
/// still names the same list after a drop within the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counted {
    line: usize,
    token: usize,
    items: Items,
}

/// A byte range of the text.
type Span = (usize, usize);

/// The lines of `text`, each with its byte offset, and its tokens as byte ranges of `text`.
fn lines_with_tokens(text: &str) -> Vec<(usize, &str, Vec<Span>)> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let spans = tokens(line)
            .into_iter()
            .map(|(s, e)| (at + s, at + e))
            .collect();
        out.push((at, line, spans));
        at += line.len();
    }
    out
}

/// The most lists [`drop_counted`] tries in a pass: each one that is no count costs one or two
/// candidates.
const MAX_COUNTED: usize = 32;

/// The lists of two items or more that numbers of `text` may count (see the module
/// documentation), each with the rounds of drops it gets before it is left alone if none is
/// kept (two, halves and quarters, for a likely list; one for the rest), likeliest first: a
/// list shaped unlike its count's line (a line of tokens after a lone count, `N` above lines of
/// `x y`), then the rest; nearer the top first within each.
fn counted_lists(text: &str) -> Vec<(Counted, u32)> {
    let lines = lines_with_tokens(text);
    let width = |i: usize| lines[i].2.len();
    // How many lines from each one on have its width: a run of one shape, looked up at once.
    let mut same = vec![0usize; lines.len() + 1];
    for j in (0..lines.len()).rev() {
        same[j] = 1 + if j + 1 < lines.len() && width(j + 1) == width(j) {
            same[j + 1]
        } else {
            0
        };
    }
    // No list of the text is longer than its lines or its longest line's tokens.
    let longest = (0..lines.len())
        .map(width)
        .max()
        .unwrap_or(0)
        .max(lines.len());
    let mut found: Vec<(u8, Counted)> = Vec::new();
    for (i, (_, _, spans)) in lines.iter().enumerate() {
        let mut before: Vec<usize> = Vec::new();
        for (k, &(s, e)) in spans.iter().enumerate() {
            let Ok(n) = text[s..e].parse::<usize>() else {
                continue;
            };
            if (2..=longest).contains(&n) {
                if spans.len() - k - 1 == n {
                    let items = Items::Tokens {
                        line: i,
                        from: k + 1,
                    };
                    found.push((
                        0,
                        Counted {
                            line: i,
                            token: k,
                            items,
                        },
                    ));
                }
                if k + 1 == spans.len() && i + 1 < lines.len() && width(i + 1) == n {
                    let rank = if n == spans.len() { 2 } else { 0 };
                    let items = Items::Tokens {
                        line: i + 1,
                        from: 0,
                    };
                    found.push((
                        rank,
                        Counted {
                            line: i,
                            token: k,
                            items,
                        },
                    ));
                }
                // The run right below, or after the runs the numbers before it count.
                let mut skips = vec![0, before.iter().fold(0, |a: usize, b| a.saturating_add(*b))];
                skips.extend(before.iter().copied());
                skips.sort_unstable();
                skips.dedup();
                for skip in skips {
                    let first = (i + 1).saturating_add(skip);
                    if first.saturating_add(n) > lines.len() || width(first) == 0 {
                        continue;
                    }
                    if same[first] >= n {
                        let rank = if width(first) == spans.len() { 2 } else { 0 };
                        let items = Items::Lines { first };
                        found.push((
                            rank,
                            Counted {
                                line: i,
                                token: k,
                                items,
                            },
                        ));
                    }
                }
            }
            before.push(n);
        }
    }
    found.sort_by_key(|&(rank, c)| (rank, c.line));
    found.dedup_by_key(|&mut (_, c)| c);
    found.truncate(MAX_COUNTED);
    found
        .into_iter()
        .map(|(rank, c)| (c, if rank == 0 { 2 } else { 1 }))
        .collect()
}

/// A count's byte range and value.
type Count = (usize, usize, usize);

/// The count's byte range and value, and the byte ranges of the items, of `list` in `text`, if
/// the number there still counts that many items.
fn locate(text: &str, list: Counted) -> Option<(Count, Vec<Span>)> {
    let lines = lines_with_tokens(text);
    let &(s, e) = lines.get(list.line)?.2.get(list.token)?;
    let n: usize = text[s..e].parse().ok()?;
    let items: Vec<Span> = match list.items {
        Items::Lines { first } => (first..first.checked_add(n)?)
            .map(|j| lines.get(j).map(|(at, line, _)| (*at, at + line.len())))
            .collect::<Option<_>>()?,
        Items::Tokens { line, from } => lines.get(line)?.2.get(from..)?.to_vec(),
    };
    (items.len() == n).then_some(((s, e, n), items))
}

/// `text` without items `from..to` of a list whose items are at `items`, and with its count at
/// `count` lowered by as many.
fn without_items(
    text: &str,
    (s, e, n): Count,
    items: &[Span],
    lines: bool,
    (from, to): Span,
) -> String {
    // Lines take their newline along; tokens take the blank after them, or for a suffix the one
    // before.
    let (cut_start, cut_end) = if lines {
        (items[from].0, items[to - 1].1)
    } else if to < items.len() {
        (items[from].0, items[to].0)
    } else if from > 0 {
        (items[from - 1].1, items[to - 1].1)
    } else {
        (items[from].0, items[to - 1].1)
    };
    format!(
        "{}{}{}{}",
        &text[..s],
        n - (to - from),
        &text[e..cut_start],
        &text[cut_end..]
    )
}

/// Cuts the lists numbers of the text count ([`counted_lists`]) with their counts: for each,
/// halves first (the second, then the first), then quarters and so on down to single items,
/// last items first. A list of which no drop is kept in its first rounds is left to the other
/// passes (it may be no count at all, or its failure may need items all over it).
fn drop_counted(mut text: String, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut done: Vec<Counted> = Vec::new();
    'lists: loop {
        for (list, patience) in counted_lists(&text) {
            if done.contains(&list) {
                continue;
            }
            done.push(list);
            if shrink_list(&mut text, list, patience, keep) {
                // Positions after the list moved: look again.
                continue 'lists;
            }
        }
        return text;
    }
}

/// The sum of the numbers of `items` (byte ranges of `text`), if they are all numbers and it
/// is not 0.
fn total(text: &str, items: &[Span]) -> Option<u64> {
    let mut sum = 0u64;
    for &(s, e) in items {
        for (a, b) in tokens(&text[s..e]) {
            sum = sum.checked_add(text[s + a..s + b].parse::<u64>().ok()?)?;
        }
    }
    (sum > 0).then_some(sum)
}

/// Drops items of one counted list with its count (see [`drop_counted`]); whether any went.
fn shrink_list(
    text: &mut String,
    list: Counted,
    patience: u32,
    keep: &mut dyn FnMut(&str) -> bool,
) -> bool {
    let lines = matches!(list.items, Items::Lines { .. });
    let Some((_, items)) = locate(text, list) else {
        return false;
    };
    let mut chunk = items.len().div_ceil(2);
    let mut progress = false;
    let mut round = 0;
    while chunk >= 1 {
        let mut end = locate(text, list).map_or(0, |(_, items)| items.len());
        while end > 0 {
            let from = end.saturating_sub(chunk);
            let Some((count, items)) = locate(text, list) else {
                return progress;
            };
            let candidate = without_items(text, count, &items, lines, (from, end));
            if try_take(text, candidate.clone(), keep) {
                progress = true;
            } else if let Some(total) = total(text, &items[from..end]) {
                // A total above the list that its items must add up to (a pile the moves
                // empty): lowered by what went with them, on the nearest numbers above.
                for (s, e, n) in counts_before(&candidate, count.0) {
                    if n > total && s != count.0 {
                        let fixed = format!("{}{}{}", &candidate[..s], n - total, &candidate[e..]);
                        if try_take(text, fixed, keep) {
                            progress = true;
                            break;
                        }
                    }
                }
            }
            end = from;
        }
        round += 1;
        if round >= patience && !progress {
            return false;
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    progress
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

/// Lowers each number token: a natural number to the smallest value kept that a bisection
/// between 0 and it finds (0 and 1 first), a negative one up towards 0 (to 0, to -1, to half,
/// by one). A count a list needs (`21` moves of 21 stones) takes about log₂ of its size in
/// candidates to reach, where lowering by halves and ones took a pass of every other candidate
/// for each step.
fn lower_numbers(mut text: String, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut k = 0;
    let mut spans = tokens(&text);
    while let Some(&(s, e)) = spans.get(k) {
        let token = text[s..e].to_string();
        // The text with the token, now `now`, replaced by `number`.
        let with = |text: &str, now: &str, number: &str| {
            format!("{}{number}{}", &text[..s], &text[s + now.len()..])
        };
        if let Ok(n) = token.parse::<u64>() {
            // `high` is kept (the value now in the text), `low` and below are taken as refused.
            // `now` is the token as the text holds it (`007` until a lower value is kept).
            let (mut low, mut high, mut now) = (None, n, token.clone());
            for first in [0, 1] {
                if first < high {
                    let candidate = with(&text, &now, &first.to_string());
                    if try_take(&mut text, candidate, keep) {
                        (high, now) = (first, first.to_string());
                        break;
                    }
                    low = Some(first);
                }
            }
            while let Some(l) = low.filter(|&l| l + 1 < high) {
                let mid = l + (high - l) / 2;
                let candidate = with(&text, &now, &mid.to_string());
                if try_take(&mut text, candidate, keep) {
                    (high, now) = (mid, mid.to_string());
                } else {
                    low = Some(mid);
                }
            }
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

    /// Numbers on a line, if every token is one.
    fn numbers(line: &str) -> Option<Vec<u64>> {
        line.split_whitespace().map(|t| t.parse().ok()).collect()
    }

    /// A small deterministic stream of numbers below `bound`, for test inputs.
    fn noise(i: u64, bound: u64) -> u64 {
        (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % bound
    }

    /// Shrinks `input` under `valid && fails`, returning the result and the candidates tried.
    fn shrink_counting(
        input: &str,
        valid: &dyn Fn(&str) -> bool,
        fails: &dyn Fn(&str) -> bool,
    ) -> (String, u64) {
        assert!(
            valid(input) && fails(input),
            "the test's input must fail: {input:?}"
        );
        let mut tries = 0;
        let shrunk = shrink_text(input, &mut |t| {
            tries += 1;
            valid(t) && fails(t)
        });
        (shrunk, tries)
    }

    /// `N`, then N lines of exactly `width` numbers: the format of the lists below.
    fn counted_lines(lines: &[&str], width: usize) -> bool {
        let Some((head, items)) = lines.split_first() else {
            return false;
        };
        numbers(head).is_some_and(|h| h.len() == 1 && h[0] as usize == items.len())
            && items
                .iter()
                .all(|l| numbers(l).is_some_and(|n| n.len() == width))
    }

    #[test]
    fn a_hundred_counted_lines_shrink_to_the_one_that_fails_in_few_tries() {
        let items: Vec<String> = (0..100)
            .map(|i| match i {
                63 => "8 8".to_string(),
                _ => format!("{} {}", noise(i, 6), 6 + noise(i + 500, 6)),
            })
            .collect();
        let input = format!("100\n{}\n", items.join("\n"));
        let valid = |t: &str| counted_lines(&t.lines().collect::<Vec<_>>(), 2);
        // Fails while some item is a pair of equal numbers of at least 7.
        let fails = |t: &str| {
            t.lines()
                .skip(1)
                .filter_map(numbers)
                .any(|n| n.len() == 2 && n[0] == n[1] && n[0] >= 7)
        };
        let (shrunk, tries) = shrink_counting(&input, &valid, &fails);
        // (Neither 8 can be lowered alone.)
        assert_eq!(shrunk, "1\n8 8\n", "after {tries} tries");
        // Halving with the count: about 2 log2(100) candidates for the list, not one per line.
        assert!(tries <= 120, "{tries} tries");
    }

    #[test]
    fn two_lists_counted_on_one_line_shrink_with_their_counts() {
        // `N M`, N lines of two numbers, then M lines of one: fails while some pair starts with
        // 9 and some single is 9, which the input has far down each list.
        let pairs: Vec<String> = (0..40)
            .map(|i| {
                format!(
                    "{} {}",
                    if i == 31 { 9 } else { noise(i, 5) },
                    noise(i + 7, 50)
                )
            })
            .collect();
        let singles: Vec<String> = (0..30)
            .map(|i| (if i == 22 { 9 } else { noise(i + 99, 5) }).to_string())
            .collect();
        let input = format!("40 30\n{}\n{}\n", pairs.join("\n"), singles.join("\n"));
        let valid = |t: &str| {
            let lines: Vec<&str> = t.lines().collect();
            let Some([n, m]) = lines
                .first()
                .and_then(|l| numbers(l))
                .map(|h| h[..].to_vec())
                .and_then(|h| <[u64; 2]>::try_from(h).ok())
            else {
                return false;
            };
            let (n, m) = (n as usize, m as usize);
            lines.len() == 1 + n + m
                && lines[1..=n]
                    .iter()
                    .all(|l| numbers(l).is_some_and(|v| v.len() == 2))
                && lines[1 + n..]
                    .iter()
                    .all(|l| numbers(l).is_some_and(|v| v.len() == 1))
        };
        let fails = |t: &str| {
            let lines: Vec<&str> = t.lines().collect();
            let n = numbers(lines[0]).unwrap()[0] as usize;
            lines[1..=n].iter().any(|l| l.starts_with("9 "))
                && lines[1 + n..].iter().any(|l| l.trim() == "9")
        };
        let (shrunk, tries) = shrink_counting(&input, &valid, &fails);
        assert_eq!(shrunk, "1 1\n9 0\n9\n", "after {tries} tries");
        assert!(tries <= 200, "{tries} tries");
    }

    #[test]
    fn items_of_many_numbers_still_find_their_count() {
        // Each item holds six numbers, so the count stands behind far more than the nearest
        // few numbers before any dropped item.
        let items: Vec<String> = (0..30)
            .map(|i| {
                let v: Vec<String> = (0..6)
                    .map(|k| {
                        (if i == 17 && k == 3 {
                            9
                        } else {
                            noise(i * 6 + k, 5)
                        })
                        .to_string()
                    })
                    .collect();
                v.join(" ")
            })
            .collect();
        let input = format!("30\n{}\n", items.join("\n"));
        let valid = |t: &str| counted_lines(&t.lines().collect::<Vec<_>>(), 6);
        let fails = |t: &str| {
            t.lines()
                .skip(1)
                .filter_map(numbers)
                .any(|n| n.len() == 6 && n[3] >= 9)
        };
        let (shrunk, tries) = shrink_counting(&input, &valid, &fails);
        assert_eq!(shrunk, "1\n0 0 0 9 0 0\n", "after {tries} tries");
        assert!(tries <= 150, "{tries} tries");
    }

    #[test]
    fn a_long_counted_line_of_tokens_shrinks_by_halves() {
        // `N`, then N numbers on one line: fails while two of them are at least 9.
        let values: Vec<String> = (0..200)
            .map(|i| (if i == 40 || i == 170 { 9 } else { noise(i, 9) }).to_string())
            .collect();
        let input = format!("200\n{}\n", values.join(" "));
        let valid = |t: &str| {
            let lines: Vec<&str> = t.lines().collect();
            lines.len() == 2
                && numbers(lines[0]).is_some_and(|h| h.len() == 1)
                && numbers(lines[1])
                    .is_some_and(|v| Some(v.len() as u64) == numbers(lines[0]).map(|h| h[0]))
        };
        let fails = |t: &str| {
            t.lines()
                .nth(1)
                .and_then(numbers)
                .is_some_and(|v| v.iter().filter(|&&x| x >= 9).count() >= 2)
        };
        let (shrunk, tries) = shrink_counting(&input, &valid, &fails);
        assert_eq!(shrunk, "2\n9 9\n", "after {tries} tries");
        assert!(tries <= 200, "{tries} tries");
    }

    /// Take-away: `N M`, then M moves of 1 to 3, one per line, never more than the stones left
    /// and none after the last; the winner's move number, if the pile is emptied.
    fn take_away(text: &str) -> Option<Option<usize>> {
        let lines: Vec<&str> = text.lines().collect();
        let head = numbers(lines.first()?)?;
        let [mut pile, m] = head[..] else {
            return None;
        };
        if lines.len() != 1 + m as usize || pile == 0 {
            return None;
        }
        let mut won = None;
        for (i, line) in lines[1..].iter().enumerate() {
            let [take @ 1..=3] = numbers(line)?[..] else {
                return None;
            };
            if won.is_some() || take > pile {
                return None;
            }
            pile -= take;
            won = (pile == 0).then_some(i + 1);
        }
        Some(won)
    }

    #[test]
    fn a_total_the_list_adds_up_to_goes_down_with_the_items_dropped() {
        // Fails while the game is won; dropping moves alone leaves it unwon, lowering the pile
        // alone makes the moves invalid: both must go together.
        let moves = [3, 2, 3, 2, 3, 3, 3, 1, 1, 2, 3, 3, 3, 3, 3];
        let lines: Vec<String> = moves.iter().map(u64::to_string).collect();
        let input = format!("38 15\n{}\n", lines.join("\n"));
        let (shrunk, tries) = shrink_counting(&input, &|t| take_away(t).is_some(), &|t| {
            take_away(t).flatten().is_some()
        });
        // One move, as few lines as any won game has (the move and the pile stay 3: lowering
        // either alone leaves the game unwon or invalid).
        assert_eq!(shrunk, "3 1\n3\n", "after {tries} tries");
    }

    #[test]
    fn no_candidate_is_asked_twice() {
        // A take-away game of 69 moves that fails while it has more than 20: the passes meet
        // the same candidates again (a line dropped alone, then with its count lowered).
        let moves: Vec<String> = (0..69).map(|i| (1 + noise(i, 3)).to_string()).collect();
        let input = format!("500 69\n{}\n", moves.join("\n"));
        let mut asked = std::collections::HashSet::new();
        let (mut tries, mut valid, mut again) = (0, 0, Vec::new());
        let shrunk = shrink_text(&input, &mut |t| {
            tries += 1;
            if !asked.insert(t.to_string()) {
                again.push(t.to_string());
            }
            valid += u32::from(take_away(t).is_some());
            take_away(t).is_some() && t.lines().count() > 21
        });
        assert!(again.is_empty(), "asked twice: {again:?}");
        // The smallest such game: 21 moves of 1, and a pile of 21.
        assert_eq!(shrunk, format!("21 21\n{}", "1\n".repeat(21)));
        // (1,051 candidates, 169 of them valid, before refusals were remembered.)
        assert!(
            tries <= 800 && valid <= 140,
            "{tries} candidates, {valid} valid"
        );
    }

    #[test]
    fn a_number_is_lowered_to_the_smallest_kept_by_bisection() {
        let at_least = |t: &str, low: u64| t.trim().parse::<u64>().is_ok_and(|n| n >= low);
        let (shrunk, tries) = shrink_counting("100000\n", &|_| true, &|t| at_least(t, 637));
        assert_eq!(shrunk, "637\n");
        // 0, 1, then about log2(100000) = 17 halvings; one pass to lower, one to confirm.
        assert!(tries <= 2 * 20, "{tries} tries");
    }

    #[test]
    fn numbers_too_large_to_count_anything_and_leading_zeros_are_safe() {
        // A count no text could hold, beside a list, and numbers written with leading zeros.
        let input = "18446744073709551615 3\n0007\n0012\n+9\n";
        let mut asked = Vec::new();
        let shrunk = shrink_text(input, &mut |t| {
            asked.push(t.to_string());
            let mut lines = t.lines();
            lines
                .next()
                .is_some_and(|l| l.split_whitespace().count() == 2)
                && t.lines().count() == 4
                && lines.all(|l| l.parse::<u64>().is_ok_and(|n| n >= 5))
        });
        // (`0007` and `0012` reach 5 only if the bisection replaces the whole token.)
        assert_eq!(shrunk, "0 0\n5\n5\n5\n", "after {asked:?}");
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
