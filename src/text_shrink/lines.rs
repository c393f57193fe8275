//! The format-blind cuts delta debugging makes: runs of whole lines (halves, quarters, …
//! single lines) and single tokens, each with a number before it lowered by as much where a
//! cut alone is refused ([`super::text::take_with_count`]: the count and its list shrink
//! together).

use super::text::{take_with_count, tokens, try_take, Keep};

/// The byte offsets where the lines of `text` start, and its length last.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < text.len())
        .collect();
    starts.push(text.len());
    starts
}

/// Drops runs of whole lines, longest runs first (halves, quarters, …), down to single lines.
pub(super) fn drop_lines(mut text: String, keep: &mut Keep) -> String {
    let mut starts = line_starts(&text);
    let mut run = (starts.len() - 1) / 2;
    while run >= 1 {
        let mut start = 0;
        while start + run < starts.len() {
            let (from, to) = (starts[start], starts[start + run]);
            let candidate = format!("{}{}", &text[..from], &text[to..]);
            if take_with_count(&mut text, candidate, from, run as u64, keep) {
                starts = line_starts(&text);
            } else {
                start += run;
            }
        }
        run /= 2;
    }
    text
}

/// Drops single tokens with the blank before them (or after, for a line's first token); a
/// token alone on its line is dropped without a count lowered (the line stays).
pub(super) fn drop_tokens(mut text: String, keep: &mut Keep) -> String {
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
        // A token alone on its line leaves the line empty, not gone: no count counts it.
        let alone = (from, to) == (s, e);
        let taken = if alone {
            try_take(&mut text, candidate, keep)
        } else {
            take_with_count(&mut text, candidate, from, 1, keep)
        };
        if taken {
            spans = tokens(&text);
        } else {
            k += 1;
        }
    }
    text
}

/// The fewest tokens on a line for [`drop_token_runs`]: shorter lines lose single tokens.
const MIN_RUN_LINE: usize = 4;

/// Drops runs of tokens from each long line (halves, quarters, … as lines are dropped), with a
/// number before the run lowered by as many where a run alone is refused: a line of 10,000
/// numbers with no count above it costs about 2 log₂ 10,000 candidates to cut to the token
/// that fails, where single drops cost one a token.
pub(super) fn drop_token_runs(mut text: String, keep: &mut Keep) -> String {
    // The lines long enough, looked up once and again after a cut: a text of 120,000 short
    // lines is not read again for each of them.
    let long = |t: &str| -> Vec<usize> {
        super::text::lines_with_tokens(t)
            .iter()
            .enumerate()
            .filter(|(_, l)| l.2.len() >= MIN_RUN_LINE)
            .map(|(i, _)| i)
            .collect()
    };
    let mut todo = long(&text);
    let mut next = 0;
    while let Some(line) = todo.iter().copied().find(|&i| i >= next) {
        let spans = |t: &str| -> Vec<(usize, usize)> {
            super::text::lines_with_tokens(t)
                .get(line)
                .map(|l| l.2.clone())
                .unwrap_or_default()
        };
        let len = |t: &str| Some(spans(t).len()).filter(|&n| n >= MIN_RUN_LINE);
        let progress = super::text::drop_chunks(&mut text, 2, &len, &mut |text, from, to| {
            let items = spans(text);
            if to - from == items.len() {
                return false;
            }
            // The run takes the blank after it, or for a suffix the one before.
            let (cut_start, cut_end) = if to < items.len() {
                (items[from].0, items[to].0)
            } else {
                (items[from - 1].1, items[to - 1].1)
            };
            let candidate = format!("{}{}", &text[..cut_start], &text[cut_end..]);
            take_with_count(text, candidate, cut_start, (to - from) as u64, keep)
        });
        if progress {
            todo = long(&text);
        }
        next = line + 1;
    }
    text
}

/// One candidate: every line without blanks at its end and with one blank between tokens (a
/// cut may leave a blank behind, and judge inputs rarely need two).
pub(super) fn tidy_blanks(mut text: String, keep: &mut Keep) -> String {
    let tidy: String = text
        .split_inclusive('\n')
        .map(|line| {
            let words: Vec<&str> = line.split_ascii_whitespace().collect();
            let end = if line.ends_with('\n') { "\n" } else { "" };
            words.join(" ") + end
        })
        .collect();
    try_take(&mut text, tidy, keep);
    text
}
