//! Inside a token: a long word (a string the problem reads, `abacabad…`) is cut by runs of
//! characters — halves, quarters, … single characters, as delta debugging cuts lines — with a
//! number before it lowered by as many where it counts the word's length; and characters are
//! replaced by the smallest character of their kind the input used (a letter by the smallest
//! letter it had, `#` and `.` by the smaller of the two), every occurrence at once first, so a
//! failing `zz` becomes `aa`. Words that must change together — equal up to case, or one a
//! prefix of the other (two spellings of a name, a word and its key) — are cut alike where a
//! cut of one is refused, and a letter goes down with its other case (`xX` to `aA`): issue 46's
//! two words equal up to case kept 22 bytes (`aanaazXqlA aaNaaZxQLA`) where `a A` fails; they
//! come to it in 25 runs now. Numbers are left to [`super::numbers`], grid rows to
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

/// Whether two words must change together: equal up to case, or one a prefix of the other
/// (up to case too).
fn coupled(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    a.starts_with(&b) || b.starts_with(&a)
}

/// The most words cut alike with one ([`drop_chars`]).
const MAX_COUPLED: usize = 8;

/// `text` without the characters `from..to` of each word at `spans` (byte ranges, in any order).
fn without_chars(text: &str, spans: &[Span], (from, to): Span) -> Option<String> {
    let mut spans = spans.to_vec();
    spans.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (a, e) in spans {
        let offsets: Vec<usize> = text[a..e]
            .char_indices()
            .map(|(o, _)| a + o)
            .chain([e])
            .collect();
        if to >= offsets.len() || a < last {
            return None;
        }
        out.push_str(&text[last..offsets[from]]);
        last = offsets[to];
    }
    out.push_str(&text[last..]);
    Some(out)
}

/// Cuts runs of characters from each long word, with a count before it where one follows;
/// where that is refused, the same characters from every word coupled with it (equal up to
/// case, or one a prefix of the other: two spellings of one name, a word and its key), which
/// no cut of one word alone keeps so (issue 46: `aanaazXqlA aaNaaZxQLA` was kept where `a A`
/// fails).
pub(super) fn drop_chars(mut text: String, keep: &mut Keep) -> String {
    // The words, looked up again only after a cut: a text of many short words is not read
    // once a word.
    let mut all = words(&text, false);
    let mut k = 0;
    while let Some(&(a, e)) = all.get(k) {
        if text[a..e].chars().nth(MIN_WORD - 1).is_none() {
            k += 1;
            continue;
        }
        // The word is found again by its place among the words: a count lowered before it
        // moves its bytes, not its place.
        let word_at = |t: &str| words(t, false).get(k).copied();
        let len = |t: &str| {
            word_at(t)
                .map(|(a, e)| t[a..e].chars().count())
                .filter(|&n| n >= MIN_WORD)
        };
        let cut = drop_chunks(&mut text, 2, &len, &mut |text, from, to| {
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
            if take_with_count(text, candidate, a, (to - from) as u64, keep) {
                return true;
            }
            let word = &text[a..e];
            let mut alike: Vec<Span> = words(text, false)
                .into_iter()
                .filter(|&(s, t)| (s, t) != (a, e) && coupled(word, &text[s..t]))
                .take(MAX_COUPLED)
                .collect();
            if alike.is_empty() {
                return false;
            }
            alike.push((a, e));
            without_chars(text, &alike, (from, to)).is_some_and(|c| try_take(text, c, keep))
        });
        if cut {
            all = words(&text, false);
        }
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
        if try_take(&mut text, all, keep) {
            continue;
        }
        // A letter and its other case, each to the smallest of its kind, at once: words equal
        // up to case stay so (`xX` to `aA`, where `aX` or `xA` breaks it).
        if let Some(both) = both_cases(&text, c, alphabet) {
            if try_take(&mut text, both, keep) {
                continue;
            }
        }
        if at.len() > MAX_SINGLES {
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

/// `text` with the ASCII letter `c` and its other case, where the words have both, each
/// replaced by the smallest letter of its kind in `alphabet`, if that lowers either.
fn both_cases(text: &str, c: char, alphabet: &[char]) -> Option<String> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let other = if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    };
    let low = |x: char| alphabet.iter().copied().find(|&l| kind(l) == kind(x));
    let (to_c, to_other) = (low(c)?, low(other)?);
    if (to_c, to_other) == (c, other) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut seen_other = false;
    for (s, e) in words(text, true) {
        out.push_str(&text[last..s]);
        for x in text[s..e].chars() {
            seen_other |= x == other;
            out.push(match x {
                _ if x == c => to_c,
                _ if x == other => to_other,
                _ => x,
            });
        }
        last = e;
    }
    out.push_str(&text[last..]);
    seen_other.then_some(out)
}

/// The most occurrences of one character tried one at a time.
const MAX_SINGLES: usize = 32;
