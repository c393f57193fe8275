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

/// Drops runs of whole lines, longest runs first, down to runs of `min_run` lines: a text too
/// long for the fine passes is cut in large pieces only (each candidate costs a copy of it).
pub(super) fn drop_lines(mut text: String, min_run: usize, keep: &mut Keep) -> String {
    let mut starts = line_starts(&text);
    let mut run = (starts.len() - 1) / 2;
    while run >= min_run.max(1) {
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
