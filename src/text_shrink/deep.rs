//! The deep passes: what runs once the other passes are at a fixed point, because it pays
//! rarely and costs many runs. Each was a case the other passes left above its minimum (issue
//! 49: a game of `R C M` and M records of five numbers, its finding kept at 29 bytes where 26
//! fail):
//!
//! - records dropped in pairs, with their count, where each alone is refused (two pieces that
//!   collide with each other first, before the two the failure needs meet; with either alone
//!   left, the one left gets in the way) — [`drop_pairs`];
//! - a bound lowered with every number it bounds (the header's `R` with the row of each record:
//!   neither goes alone, `R` not below a row and the rows not apart from each other), the
//!   numbers shifted down together or renumbered onto 1..k in their order — [`lower_bounds`];
//! - a number set to 2 and to the smaller values the numbers at its place have (its column in
//!   a run of records): a number whose failing values are scattered (a speed taken modulo the
//!   lap fails at 3, 10, 17, …) is passed over by a bisection towards 0, which tries 0 and 1
//!   and halves — [`lower_to_places`];
//! - two numbers of one short line lowered together by the same amount, so their difference
//!   stays (Hypothesis lowers pairs of integers by a common offset): `n x` of a hidden number x
//!   in 1..n, whose failure needs x near n, where lowering `n` alone goes below `x` and `x`
//!   alone leaves it far from `n` (a guess-the-number case `35 33` stayed there; it is `6 4`,
//!   the smallest that fails, now) — [`lower_together`].

use super::counted::{counted_lists, locate, Items};
use super::numbers::integer;
use super::text::{lines_with_tokens, replaced, try_take, Keep, Line, Span};

/// The longest list whose items are dropped in pairs: n(n-1)/2 candidates.
const MAX_PAIRED: usize = 12;

/// Drops pairs of items of each counted list of at most [`MAX_PAIRED`] items with its count
/// lowered by 2, last pairs first.
pub(super) fn drop_pairs(mut text: String, keep: &mut Keep) -> String {
    let mut done = Vec::new();
    'lists: loop {
        for (list, _) in counted_lists(&text) {
            if done.contains(&list) {
                continue;
            }
            done.push(list);
            let Some((_, items)) = locate(&text, list) else {
                continue;
            };
            let n = items.len();
            if !(3..=MAX_PAIRED).contains(&n) {
                continue;
            }
            for i in (0..n).rev() {
                for j in (0..i).rev() {
                    let Some(((s, e, count), items)) = locate(&text, list) else {
                        continue 'lists;
                    };
                    let lines = matches!(list.items, Items::Lines { .. });
                    let kept: Vec<&str> = (0..items.len())
                        .filter(|&k| k != i && k != j)
                        .map(|k| &text[items[k].0..items[k].1])
                        .collect();
                    let (first, last) = (items[0].0, items[items.len() - 1].1);
                    let list_text = if lines { kept.concat() } else { kept.join(" ") };
                    let candidate = format!(
                        "{}{}{}{list_text}{}",
                        &text[..s],
                        count - 2,
                        &text[e..first],
                        &text[last..]
                    );
                    if try_take(&mut text, candidate, keep) {
                        continue 'lists;
                    }
                }
            }
        }
        return text;
    }
}

/// The runs of lines of one width (two tokens or more), each as its first line and its
/// length.
fn runs(lines: &[Line]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut j = 0;
    while j < lines.len() {
        let w = lines[j].2.len();
        let len = lines[j..].iter().take_while(|l| l.2.len() == w).count();
        if w >= 2 {
            out.push((j, len));
        }
        j += len;
    }
    out
}

/// The numbers of a header line (its first few) that may bound others.
const MAX_BOUNDS: usize = 4;

/// The most headers [`lower_bounds`] tries, the topmost first.
const MAX_HEADERS: usize = 8;

/// Lowers each of the first numbers of a header (the first line, or the line right above a
/// run of records) together with a column of the run below it that it bounds (every number of
/// the column at most it): the column shifted down to start at 1 (or 0) and the bound by as
/// much, or the column renumbered onto 1..k in its order and the bound lowered by as much as
/// its largest number.
pub(super) fn lower_bounds(mut text: String, keep: &mut Keep) -> String {
    let lines = lines_with_tokens(&text);
    let runs = runs(&lines);
    // Each header with the run of records below it (the rest of its own run, where the header
    // is shaped like its records: `N K` above the K lines of `r c`).
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    for &(first, len) in &runs {
        if first > 0 {
            pairs.push((first - 1, first, len));
        } else if len > 1 {
            pairs.push((0, 1, len - 1));
        }
    }
    if let Some(&(first, len)) = runs.iter().find(|&&(first, _)| first > 1) {
        pairs.push((0, first, len));
    }
    pairs.sort_unstable();
    pairs.dedup();
    // (A few headers: a text of alternating widths is no header above records.)
    pairs.truncate(MAX_HEADERS);
    drop(lines);
    for (header, first, len) in pairs {
        for b in 0..MAX_BOUNDS {
            let width = match lines_with_tokens(&text).get(first) {
                Some(l) => l.2.len(),
                None => break,
            };
            for col in 0..width {
                let lines = lines_with_tokens(&text);
                let Some(&bound_span) = lines.get(header).and_then(|l| l.2.get(b)) else {
                    break;
                };
                let Some(bound) = integer(&text, bound_span).filter(|&v| v > 0) else {
                    break;
                };
                let Some(cells) = (first..first + len)
                    .map(|r| {
                        let span = *lines.get(r)?.2.get(col)?;
                        Some((span, integer(&text, span)?))
                    })
                    .collect::<Option<Vec<(Span, i64)>>>()
                else {
                    continue;
                };
                let (low, high) = cells
                    .iter()
                    .fold((i64::MAX, i64::MIN), |(l, h), &(_, v)| (l.min(v), h.max(v)));
                if low < 0 || high > bound {
                    continue;
                }
                let base = low.min(1);
                let with = |cell: &dyn Fn(i64) -> i64, lowered: i64| {
                    let mut out = text.clone();
                    for &(span, v) in cells.iter().rev() {
                        out = replaced(&out, span, &cell(v).to_string());
                    }
                    replaced(&out, bound_span, &lowered.to_string())
                };
                // Shifted down, the bound with them.
                let shift = low - base;
                let shifted = (shift > 0).then(|| with(&|v| v - shift, bound - shift));
                // Renumbered in their order, the bound by as much as the largest.
                let mut values: Vec<i64> = cells.iter().map(|&(_, v)| v).collect();
                values.sort_unstable();
                values.dedup();
                let rank = |v: i64| base + values.binary_search(&v).unwrap_or(0) as i64;
                let top = rank(high);
                let renumbered = (top < high).then(|| with(&rank, bound - (high - top)));
                for candidate in [shifted, renumbered].into_iter().flatten() {
                    if try_take(&mut text, candidate, keep) {
                        break;
                    }
                }
            }
        }
    }
    text
}

/// The most values of its place a number is set to.
const MAX_PLACES: usize = 4;

/// Sets each number of 3 or more to a smaller value that a bisection towards 0 does not try:
/// 2, the smaller values the numbers at its place have (its column in its run of lines of one
/// width; at most [`MAX_PLACES`]) and its residues modulo the first numbers of the header and
/// of the line above its run (and one such number more), smallest first: the first kept stays.
pub(super) fn lower_to_places(mut text: String, keep: &mut Keep) -> String {
    // The lines, looked up once and again after a change (a number for a number: every token
    // stays where it is, line and column).
    let mut lines = owned_lines(&text);
    // The run of lines of its width each line is in, as its first and last line.
    let mut run_of = vec![(0, 0); lines.len()];
    for (first, len) in runs(&lines_with_tokens(&text)) {
        for at in run_of.iter_mut().skip(first).take(len) {
            *at = (first, first + len - 1);
        }
    }
    // The values of each column of each run, sorted, looked up once (and again after a change
    // in that run).
    let mut seen: std::collections::HashMap<(usize, usize), Vec<i64>> = Default::default();
    for line in 0..lines.len() {
        for col in 0..lines[line].len() {
            let span = lines[line][col];
            let Some(v) = integer(&text, span).filter(|&v| v >= 3) else {
                continue;
            };
            let (top, bottom) = if lines[line].len() >= 2 {
                run_of[line]
            } else {
                (line, line)
            };
            let column = seen.entry((top, col)).or_insert_with(|| {
                let mut values: Vec<i64> = (top..=bottom)
                    .filter_map(|r| integer(&text, *lines[r].get(col)?))
                    .collect();
                values.sort_unstable();
                values.dedup();
                values
            });
            let mut places: Vec<i64> = column
                .iter()
                .copied()
                .filter(|&x| (3..v).contains(&x))
                .take(MAX_PLACES)
                .collect();
            // Its residues modulo the numbers of the header and of the line above its run (a
            // lap, a board's side), and one lap more.
            for &h in [0, top.saturating_sub(1)]
                .iter()
                .take(1 + usize::from(top > 1))
            {
                for &b in lines[h].iter().take(MAX_BOUNDS) {
                    let Some(b) = integer(&text, b).filter(|&b| (2..v).contains(&b)) else {
                        continue;
                    };
                    places.extend([v % b, v % b + b].into_iter().filter(|&r| r < v));
                }
            }
            places.push(2);
            places.sort_unstable();
            places.dedup();
            for to in places.into_iter().filter(|&x| x >= 2) {
                let candidate = replaced(&text, span, &to.to_string());
                if try_take(&mut text, candidate, keep) {
                    lines = owned_lines(&text);
                    seen.remove(&(top, col));
                    break;
                }
            }
        }
    }
    text
}

/// The most tokens of a line whose numbers [`lower_together`] pairs, and the most such lines.
const MAX_TOGETHER: usize = 4;
const MAX_TOGETHER_LINES: usize = 8;

/// Lowers the two numbers of each pair of one line of 2 to [`MAX_TOGETHER`] tokens (in the
/// first [`MAX_TOGETHER_LINES`] such lines), both natural and the smaller at least 1, by one
/// amount: the smaller to the lowest value a bisection keeps ([`super::numbers::lowest_kept`],
/// 0 and 1 first), the larger by as much, so their difference and order stay.
pub(super) fn lower_together(mut text: String, keep: &mut Keep) -> String {
    let lines: Vec<usize> = lines_with_tokens(&text)
        .iter()
        .enumerate()
        .filter(|(_, l)| (2..=MAX_TOGETHER).contains(&l.2.len()))
        .map(|(j, _)| j)
        .take(MAX_TOGETHER_LINES)
        .collect();
    for line in lines {
        let width = lines_with_tokens(&text).get(line).map_or(0, |l| l.2.len());
        for i in 0..width {
            for j in i + 1..width {
                let pair = |text: &str| -> Option<((Span, i64), (Span, i64))> {
                    let lines = lines_with_tokens(text);
                    let spans = &lines.get(line)?.2;
                    let (a, b) = (*spans.get(i)?, *spans.get(j)?);
                    Some(((a, integer(text, a)?), (b, integer(text, b)?)))
                };
                let Some(((_, a), (_, b))) = pair(&text) else {
                    continue;
                };
                if a < 0 || b < 0 || a.min(b) < 1 || a == b {
                    // Equal values go down together in the values pass.
                    continue;
                }
                let low = a.min(b);
                super::numbers::lowest_kept(0, low as usize, &mut |to| {
                    let Some(((sa, a), (sb, b))) = pair(&text) else {
                        return false;
                    };
                    let by = a.min(b) - to as i64;
                    if by <= 0 {
                        return false;
                    }
                    // The later token first, so the earlier one's span still holds.
                    let candidate = replaced(&text, sb, &(b - by).to_string());
                    let candidate = replaced(&candidate, sa, &(a - by).to_string());
                    try_take(&mut text, candidate, keep)
                });
            }
        }
    }
    text
}

/// The tokens of each line of `text`, as byte ranges.
fn owned_lines(text: &str) -> Vec<Vec<Span>> {
    lines_with_tokens(text).into_iter().map(|l| l.2).collect()
}
