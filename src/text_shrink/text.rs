//! What every pass of the text shrinker stands on: the text's tokens and lines as byte ranges,
//! the order "smaller" that makes shrinking end, taking a candidate, and the two moves that keep
//! a count true when part of its list goes (a number before the cut lowered with it, and the
//! halves-then-quarters drop of a list's items, [`drop_chunks`]).

/// The test a candidate must pass to be kept.
pub(super) type Keep<'a> = dyn FnMut(&str) -> bool + 'a;

/// A byte range of the text.
pub(super) type Span = (usize, usize);

/// A count's byte range and value.
pub(super) type Count = (usize, usize, usize);

/// Whether `candidate` is strictly smaller than `current`: shorter, or as long and
/// lexicographically smaller.
pub(super) fn smaller(candidate: &str, current: &str) -> bool {
    (candidate.len(), candidate) < (current.len(), current)
}

/// Takes `candidate` if it is smaller and kept.
pub(super) fn try_take(current: &mut String, candidate: String, keep: &mut Keep) -> bool {
    if smaller(&candidate, current) && keep(&candidate) {
        *current = candidate;
        true
    } else {
        false
    }
}

/// The byte ranges of the whitespace-separated tokens of `text`.
pub(super) fn tokens(text: &str) -> Vec<Span> {
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

/// A line of the text: its byte offset, its text (with its newline) and its tokens as byte
/// ranges of the whole text.
pub(super) type Line<'t> = (usize, &'t str, Vec<Span>);

/// The lines of `text`, each with its byte offset, and its tokens as byte ranges of `text`.
pub(super) fn lines_with_tokens(text: &str) -> Vec<Line<'_>> {
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

/// The natural number a token of `text` spells, if it is one.
pub(super) fn natural(text: &str, (s, e): Span) -> Option<usize> {
    text[s..e].parse().ok()
}

/// `text` with the byte range `span` replaced by `with`.
pub(super) fn replaced(text: &str, (s, e): Span, with: &str) -> String {
    format!("{}{with}{}", &text[..s], &text[e..])
}

/// How many numbers are tried as the count of a dropped part.
const COUNT_TRIES: usize = 4;

/// The numbers of `text` that may count a part dropped at byte `at`, likeliest first: the
/// first number of the part's own line (a count that leads its list, `N a1 … aN`), then the
/// numbers of the lines before, nearest first. At most [`COUNT_TRIES`].
pub(super) fn counts_before(text: &str, at: usize) -> Vec<(usize, usize, u64)> {
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
pub(super) fn take_with_count(
    current: &mut String,
    candidate: String,
    at: usize,
    by: u64,
    keep: &mut Keep,
) -> bool {
    if try_take(current, candidate.clone(), keep) {
        return true;
    }
    for (s, e, n) in counts_before(&candidate, at) {
        if n >= by {
            let fixed = replaced(&candidate, (s, e), &(n - by).to_string());
            if try_take(current, fixed, keep) {
                return true;
            }
        }
    }
    false
}

/// The shortest list whose length is bisected before it is cut in chunks ([`drop_chunks`]).
pub(super) const BISECT_MIN: usize = 16;

/// Bisects a list's length: the fewest items kept at its front (its tail cut), then at its end
/// (its head cut), each by a binary search over how many, as if a failure needed the list to
/// be long enough (a path of 65,537 nodes, a word of 70,000 letters) — about log₂ n
/// candidates each, where cutting chunks from a long list makes as many candidates as there
/// are chunks that all cut too much. `len` and `drop` as for [`drop_chunks`]. Whether any cut
/// was kept.
fn bisect_length(
    text: &mut String,
    len: &dyn Fn(&str) -> Option<usize>,
    drop: &mut dyn FnMut(&mut String, usize, usize) -> bool,
) -> bool {
    let mut progress = false;
    for from_end in [true, false] {
        // `hi` items are enough (the list as it is); fewer than `lo` are not tried.
        let Some(mut hi) = len(text) else {
            return progress;
        };
        let mut lo = 1;
        while lo < hi {
            let keep_n = lo + (hi - lo) / 2;
            let (from, to) = if from_end {
                (keep_n, hi)
            } else {
                (0, hi - keep_n)
            };
            if drop(text, from, to) {
                progress = true;
                // A cut may change the list under it: go on from what it has.
                hi = match len(text) {
                    Some(n) if n < hi => n,
                    _ => break,
                };
            } else {
                lo = keep_n + 1;
            }
        }
    }
    progress
}

/// Drops chunks of a list's items: for a list of [`BISECT_MIN`] items or more given a
/// `patience` of 2 or more, its length bisected from the end and from the start first
/// ([`bisect_length`]); then halves (the
/// second, then the first), quarters and so on down to single items, last items first. `len`
/// says how many items the list has now (`None`: it is gone); `drop(text, from, to)` tries to
/// cut items `from..to` and says whether the cut was kept. A list of which no cut is kept in
/// its first `patience` rounds is left alone (it may be no list at all, or its failure may
/// need items all over it). Whether any cut was kept.
pub(super) fn drop_chunks(
    text: &mut String,
    patience: u32,
    len: &dyn Fn(&str) -> Option<usize>,
    drop: &mut dyn FnMut(&mut String, usize, usize) -> bool,
) -> bool {
    let Some(mut n) = len(text) else {
        return false;
    };
    let mut progress = false;
    // (Only a likely list's: a list tried with little patience may be no list at all.)
    if n >= BISECT_MIN && patience >= 2 {
        progress = bisect_length(text, len, drop);
        match len(text) {
            Some(now) => n = now,
            None => return progress,
        }
    }
    let mut chunk = n.div_ceil(2);
    let mut round = 0;
    while chunk >= 1 {
        let mut end = len(text).unwrap_or(0);
        while end > 0 {
            let from = end.saturating_sub(chunk);
            // A cut may change the list under it (a word that became a number is no word):
            // only items it still has are cut.
            if len(text).is_some_and(|n| end <= n) && drop(text, from, end) {
                progress = true;
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

/// `text` without items `from..to` of a list whose items are at `items`, and with its count at
/// `count` lowered by as many. Lines take their newline along; tokens take the blank after
/// them, or for a suffix the one before.
pub(super) fn without_items(
    text: &str,
    (s, e, n): Count,
    items: &[Span],
    lines: bool,
    (from, to): Span,
) -> String {
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

/// `text` with every token that spells `from` (as a number) except the one starting at byte
/// `except` replaced by `to`; `None` if there is no such token. When a count goes down with its
/// list, the numbers that name the list's last index (`l r` = `1 N`, a vertex `N`) may have to
/// follow it.
pub(super) fn with_value(text: &str, from: usize, to: usize, except: usize) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut any = false;
    for (s, e) in tokens(text) {
        if s != except && natural(text, (s, e)) == Some(from) {
            out.push_str(&text[last..s]);
            out.push_str(&to.to_string());
            last = e;
            any = true;
        }
    }
    out.push_str(&text[last..]);
    any.then_some(out)
}
