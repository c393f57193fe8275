//! Inside a token: a long word (a string the problem reads, `abacabad…`) is cut by runs of
//! characters — halves, quarters, … single characters, as delta debugging cuts lines — with a
//! number before it lowered by as many where it counts the word's length; and characters are
//! replaced by the smallest character of their kind the input used (a letter by the smallest
//! letter it had, `#` and `.` by the smaller of the two), every occurrence at once first, so a
//! failing `zz` becomes `aa`. Numbers are left to [`super::numbers`], grid rows to
//! [`super::grid`].

use super::grid;
use super::text::{drop_chunks, take_with_count, tokens, try_take, Keep, Span};

/// The shortest word cut by runs of characters.
const MIN_WORD: usize = 2;

/// Whether the token is a number (lowered elsewhere).
fn is_number(token: &str) -> bool {
    token.parse::<f64>().is_ok()
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
}

/// The tokens of `text` that are words (not numbers), outside a grid row where `rows_too` is
/// false: the candidates of this module.
fn words(text: &str, rows_too: bool) -> Vec<Span> {
    let rows = if rows_too {
        Vec::new()
    } else {
        grid::row_lines(text)
    };
    let mut line = 0;
    let mut last = 0;
    let mut out = Vec::new();
    for (s, e) in tokens(text) {
        line += text[last..s].matches('\n').count();
        last = s;
        if !rows.contains(&line) && !is_number(&text[s..e]) {
            out.push((s, e));
        }
    }
    out
}

/// Cuts runs of characters from each long word, with a count before it where one follows.
pub(super) fn drop_chars(mut text: String, keep: &mut Keep) -> String {
    let mut k = 0;
    while k < words(&text, false).len() {
        // The word is found again by its place among the words: a count lowered before it
        // moves its bytes, not its place.
        let word_at = |t: &str| words(t, false).get(k).copied();
        let len = |t: &str| {
            word_at(t)
                .map(|(a, e)| t[a..e].chars().count())
                .filter(|&n| n >= MIN_WORD)
        };
        drop_chunks(&mut text, 2, &len, &mut |text, from, to| {
            let Some((a, e)) = word_at(text) else {
                return false;
            };
            let offsets: Vec<usize> = text[a..e]
                .char_indices()
                .map(|(o, _)| a + o)
                .chain([e])
                .collect();
            if to - from == offsets.len() - 1 {
                // Not the whole word: that is a token drop.
                return false;
            }
            let candidate = format!("{}{}", &text[..offsets[from]], &text[offsets[to]..]);
            take_with_count(text, candidate, a, (to - from) as u64, keep)
        });
        k += 1;
    }
    text
}

/// The kind of a character: only characters of one kind replace each other.
fn kind(c: char) -> u8 {
    if c.is_ascii_lowercase() {
        0
    } else if c.is_ascii_uppercase() {
        1
    } else if c.is_ascii_digit() {
        2
    } else if c.is_alphabetic() {
        3
    } else {
        4
    }
}

/// The characters of the words of `text`, sorted.
pub(super) fn alphabet(text: &str) -> Vec<char> {
    let mut chars: Vec<char> = words(text, true)
        .into_iter()
        .flat_map(|(s, e)| text[s..e].chars())
        .collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// Replaces characters of words by the smallest of their kind in `alphabet` (the input's):
/// each character, largest first, every occurrence at once, then (for a character that occurs
/// at most [`MAX_SINGLES`] times) one occurrence at a time.
pub(super) fn lower_chars(mut text: String, alphabet: &[char], keep: &mut Keep) -> String {
    let mut present = self::alphabet(&text);
    present.reverse();
    for c in present {
        let Some(&low) = alphabet.iter().find(|&&l| kind(l) == kind(c)) else {
            continue;
        };
        if low >= c {
            continue;
        }
        let at: Vec<usize> = words(&text, true)
            .into_iter()
            .flat_map(|(s, e)| {
                text[s..e]
                    .char_indices()
                    .filter(move |&(_, x)| x == c)
                    .map(move |(o, _)| s + o)
            })
            .collect();
        let with = |text: &str, at: &[usize]| {
            let mut out = text.to_string();
            for &i in at.iter().rev() {
                out.replace_range(i..i + c.len_utf8(), low.encode_utf8(&mut [0; 4]));
            }
            out
        };
        let all = with(&text, &at);
        if try_take(&mut text, all, keep) || at.len() > MAX_SINGLES {
            continue;
        }
        // Positions hold while replacements keep the length (a character of the same kind
        // and width); otherwise stop.
        if low.len_utf8() != c.len_utf8() {
            continue;
        }
        for &i in &at {
            let one = with(&text, &[i]);
            try_take(&mut text, one, keep);
        }
    }
    text
}

/// The most occurrences of one character tried one at a time.
const MAX_SINGLES: usize = 32;
