//! Lists the text shows as counted, cut with their counts: a number followed by exactly that
//! many tokens on its line (`3 a b c`), a number followed by a line of that many tokens (`N Q`
//! above the N numbers of an array), or a number followed by that many lines of one shape (`N`,
//! then N lines of `x y`; after `N Q` and the array, the Q queries). A list one item shorter or
//! longer than its number is found too: a parent list `p2 … pN`, and a run of lines right below
//! a lone count that ends exactly one line early or late (`n` above the n-1 edges of a tree, n+1
//! prefix values) — issue 46: such a count was never seen, so its list was cut only by the
//! format-blind line cuts, one line and then the number above it at a time (492 candidates
//! where bisecting the list with its count takes 45).
//!
//! A list shaped like its count's line (`N K` above K lines of `r c`) counts as likely as any
//! where its run of lines ends exactly where the number says; else it is tried last, with less
//! patience (in the middle of such a run every number seems to count the lines after it).
//!
//! Each list is cut with its count by [`super::text::drop_chunks`]: a long one's length bisected,
//! then halves, quarters, …, about log₂ of its length candidates where single drops would take
//! one per item. Where a cut with its count is not kept, coupled numbers are tried: a list of
//! labels (its numbers were 1..k, each once or more: a permutation, a graph's nodes) renumbered
//! onto 1..k in their order, since a cut leaves it with gaps (a permutation of 60 came down to
//! `3 1 2` in 44 candidates, where dropping its top value at a time took 9,334); a total above
//! the list its items must add up to (a pile the moves empty), lowered by the dropped items'
//! sum; the numbers that named the count's old value (a query `1 N`, a vertex `N`), lowered
//! with it; and in a list whose column of numbers rises down it (the seconds of a snake's
//! turns, the times of events), the items after the cut moved earlier by the time the cut ones
//! spanned, so that each keeps its gap to the one before it (issue 46: a snake's first three
//! turns, a detour round the board, go only so, the three after them 8 seconds earlier, from
//! 45 bytes to 30, the minimum). A tree's edges are left to [`super::edges`]. Last, the values
//! a list of lines uses are renumbered onto 1..k in their order (vertices 3 and 7 become 1 and
//! 2), so that the bound above them can follow.

use super::text::{
    counts_before, drop_chunks, lines_with_tokens, natural, replaced, try_take, with_value,
    without_items, Count, Keep, Span,
};

/// Where a counted list's items are: the lines of a run, or the tokens of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Items {
    /// Lines `first..first + n` (0-based), one item each.
    Lines { first: usize },
    /// The tokens of line `line` from its `from`-th on (0-based), one item each.
    Tokens { line: usize, from: usize },
}

/// A number of the text that may count a list after it: the number is token `token` of line
/// `line` (both 0-based), and `items` are what it counts, `less` fewer than the number says (1
/// for a parent list and the n-1 edges of a tree, -1 for n+1 prefix values). It names no byte
/// offsets, so it still names the same list after a drop within the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Counted {
    line: usize,
    token: usize,
    less: isize,
    pub(super) items: Items,
}

/// The numbers of a line that may count lists below it: its first few.
const MAX_HEADER: usize = 4;

/// The most lists [`drop_counted`] tries in a pass: each one that is no count costs one or two
/// candidates.
const MAX_COUNTED: usize = 32;

/// The lists of two items or more that numbers of `text` may count (see the module
/// documentation), each with the rounds of drops it gets before it is left alone if none is
/// kept (two, halves and quarters, for a likely list; one for the rest), likeliest first: a
/// list shaped unlike its count's line (a line of tokens after a lone count, `N` above lines of
/// `x y`), then the rest; nearer the top first within each.
pub(super) fn counted_lists(text: &str) -> Vec<(Counted, u32)> {
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
        for (k, &span) in spans.iter().enumerate() {
            let Some(n) = natural(text, span) else {
                continue;
            };
            if !(2..=longest.saturating_add(1)).contains(&n) {
                before.push(n);
                continue;
            }
            let counted = |less: isize, items: Items| Counted {
                line: i,
                token: k,
                less,
                items,
            };
            for less in [0, 1, -1] {
                let counts = |items: usize| items as isize + less == n as isize;
                // The tokens after it on its line.
                if counts(spans.len() - k - 1) {
                    let items = Items::Tokens {
                        line: i,
                        from: k + 1,
                    };
                    found.push((less.unsigned_abs() as u8, counted(less, items)));
                }
                // The line below.
                if i + 1 < lines.len() && counts(width(i + 1)) {
                    let last = k + 1 == spans.len();
                    let rank = match (last, n == spans.len()) {
                        (true, false) => 0,
                        (false, _) => 1,
                        (true, true) => 2,
                    } + less.unsigned_abs() as u8;
                    let items = Items::Tokens {
                        line: i + 1,
                        from: 0,
                    };
                    found.push((rank, counted(less, items)));
                }
            }
            // The run right below, or after the lists the numbers before it count: each of
            // those a line of that many tokens, or that many lines.
            // (Only the first few numbers of a line are counts of lists below it.)
            let heads = &before[..before.len().min(MAX_HEADER)];
            let mut skips = vec![0, heads.iter().fold(0, |a: usize, b| a.saturating_add(*b))];
            skips.extend(heads.iter().copied());
            let mut walked = 0usize;
            for &b in heads {
                let at = (i + 1).saturating_add(walked);
                if at < lines.len() && width(at) == b {
                    walked += 1;
                } else {
                    walked = walked.saturating_add(b);
                }
                skips.push(walked);
            }
            skips.sort_unstable();
            skips.dedup();
            for skip in skips {
                let first = (i + 1).saturating_add(skip);
                if first >= lines.len() || width(first) == 0 {
                    continue;
                }
                // A run right below one line shorter or longer than the number, ending exactly
                // there and shaped unlike its count's line: a count with an offset (`n`, then
                // the n-1 edges of a tree; n+1 lines of prefix values).
                if skip == 0 && width(first) != spans.len() {
                    for want in [n - 1, n + 1] {
                        if want >= 2 && same[first] == want {
                            let less = n as isize - want as isize;
                            found.push((0, counted(less, Items::Lines { first })));
                        }
                    }
                }
                if first.saturating_add(n) > lines.len() {
                    continue;
                }
                if same[first] >= n {
                    let alike = width(first) == spans.len();
                    // Lines shaped like the count's own line count only where that line starts
                    // a run of its shape (`N M` above M edges): in the middle of a run every
                    // number would seem to count the lines after it.
                    if alike && i > 0 && width(i - 1) == spans.len() {
                        continue;
                    }
                    // A run that ends exactly where the number says (`N K` above the K lines of
                    // `r c`, and then a line of another shape or the end) is as likely a list as
                    // one shaped unlike its count's line.
                    let exact = same[first] == n;
                    let rank = if alike && !exact { 2 } else { 0 };
                    found.push((rank, counted(0, Items::Lines { first })));
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

/// The count's byte range and value, and the byte ranges of the items, of `list` in `text`, if
/// the number there still counts that many items.
pub(super) fn locate(text: &str, list: Counted) -> Option<(Count, Vec<Span>)> {
    let lines = lines_with_tokens(text);
    let &(s, e) = lines.get(list.line)?.2.get(list.token)?;
    let n: usize = text[s..e].parse().ok()?;
    let want = usize::try_from(n as isize - list.less).ok()?;
    let items: Vec<Span> = match list.items {
        Items::Lines { first } => (first..first.checked_add(want)?)
            .map(|j| lines.get(j).map(|(at, line, _)| (*at, at + line.len())))
            .collect::<Option<_>>()?,
        Items::Tokens { line, from } => lines.get(line)?.2.get(from..)?.to_vec(),
    };
    (items.len() == want).then_some(((s, e, n), items))
}

/// Cuts the lists numbers of the text count ([`counted_lists`]) with their counts.
pub(super) fn drop_counted(mut text: String, keep: &mut Keep) -> String {
    let mut done: Vec<Counted> = Vec::new();
    'lists: loop {
        for (list, patience) in counted_lists(&text) {
            if done.contains(&list) {
                continue;
            }
            done.push(list);
            let lines = matches!(list.items, Items::Lines { .. });
            let found = |t: &str| locate(t, list);
            // A tree's edges lose nodes by contraction (`edges.rs`): a cut of its lines leaves a
            // forest but where it takes a whole branch, and that is a contraction too.
            if found(&text)
                .is_some_and(|(count, items)| super::edges::tree(&text, count, &items).is_some())
            {
                continue;
            }
            if shrink_list(&mut text, &found, lines, patience, true, keep) {
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
        for (a, b) in super::text::tokens(&text[s..e]) {
            sum = sum.checked_add(text[s + a..s + b].parse::<u64>().ok()?)?;
        }
    }
    (sum > 0).then_some(sum)
}

/// Where a list is in a text: its count and its items (see [`locate`]).
pub(super) type Locate<'a> = dyn Fn(&str) -> Option<(Count, Vec<Span>)> + 'a;

/// Drops items of one list with its count: halves, quarters, … single items
/// ([`drop_chunks`]); where a cut with its count alone is not kept, a total above the count
/// lowered by the dropped items' sum, then the numbers that spelled the count's old value
/// lowered with it (these two only where `coupled`). Whether any went.
pub(super) fn shrink_list(
    text: &mut String,
    found: &Locate,
    lines: bool,
    patience: u32,
    coupled: bool,
    keep: &mut Keep,
) -> bool {
    let len = |t: &str| found(t).map(|(_, items)| items.len());
    drop_chunks(text, patience, &len, &mut |text, from, to| {
        let Some((count, items)) = found(text) else {
            return false;
        };
        // (A count one less than its list cannot go below 0 with it.)
        if to - from > count.2 {
            return false;
        }
        let candidate = without_items(text, count, &items, lines, (from, to));
        if try_take(text, candidate.clone(), keep) {
            return true;
        }
        if !coupled {
            return false;
        }
        // A list of labels (a permutation of 1..n, the nodes of a graph) with some gone: the
        // rest renumbered onto 1..k in their order, so that it is one again.
        if let Some(base) = labels(text, &items) {
            let relabelled =
                found(&candidate).and_then(|(_, rest)| compressed(&candidate, &rest, base));
            if let Some(relabelled) = relabelled {
                if try_take(text, relabelled, keep) {
                    return true;
                }
            }
        }
        if let Some(total) = total(text, &items[from..to]) {
            // A total above the list that its items must add up to (a pile the moves empty):
            // lowered by what went with them, on the nearest numbers above.
            for (s, e, n) in counts_before(&candidate, count.0) {
                if n > total && s != count.0 {
                    let fixed = replaced(&candidate, (s, e), &(n - total).to_string());
                    if try_take(text, fixed, keep) {
                        return true;
                    }
                }
            }
        }
        // The numbers that named the last item (`1 N`), lowered with the count.
        let (now, was) = (count.2 - (to - from), count.2);
        if with_value(&candidate, was, now, count.0).is_some_and(|coupled| {
            // (Not a number of the dropped items: they are gone from `candidate`.)
            try_take(text, coupled, keep)
        }) {
            return true;
        }
        // A timeline (the seconds of the events, rising down the list): the later items moved
        // earlier by the time the dropped ones spanned, so that they keep their gaps.
        for shifted in timeline_cuts(&candidate, found, &items, (from, to), text) {
            if try_take(text, shifted, keep) {
                return true;
            }
        }
        false
    })
}

/// The most columns of a list [`timeline_cuts`] tries as its timeline.
const MAX_TIMELINES: usize = 2;

/// The numbers of each column of `items` (byte ranges of `text`, the same number of tokens
/// each) that never falls down the list and rises somewhere, none below 0, each as its values
/// in item order: the times of events (a turn at second X, a query at time t), where an item's
/// number says when it comes and only the gaps between them say what happens in between.
fn timelines(text: &str, items: &[Span]) -> Vec<(usize, Vec<i64>)> {
    let rows: Vec<Vec<Option<i64>>> = items
        .iter()
        .map(|&(s, e)| {
            super::text::tokens(&text[s..e])
                .into_iter()
                .map(|(a, b)| super::numbers::integer(text, (s + a, s + b)))
                .collect()
        })
        .collect();
    let width = rows.first().map_or(0, Vec::len);
    if rows.iter().any(|r| r.len() != width) {
        return Vec::new();
    }
    (0..width)
        .filter_map(|col| {
            let values: Vec<i64> = rows.iter().map(|r| r[col]).collect::<Option<_>>()?;
            let rising =
                values.windows(2).all(|w| w[0] <= w[1]) && values[0] < values[values.len() - 1];
            (rising && values[0] >= 0).then_some((col, values))
        })
        .take(MAX_TIMELINES)
        .collect()
}

/// `candidate` (`text` without items `from..to` of a list whose items in `text` are at
/// `items`, found in `candidate` by `found`) with the items after the cut moved earlier on
/// each timeline column of the list ([`timelines`]): their numbers there lowered by the span
/// of the dropped ones, from the item before the cut (or 0) to the last dropped, so that each
/// later item keeps its gap to the one before it. None where no item follows the cut.
fn timeline_cuts(
    candidate: &str,
    found: &Locate,
    items: &[Span],
    (from, to): Span,
    text: &str,
) -> Vec<String> {
    if to >= items.len() {
        return Vec::new();
    }
    let Some((_, rest)) = found(candidate).filter(|(_, r)| r.len() + to - from == items.len())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (col, values) in timelines(text, items) {
        let span = values[to - 1] - if from > 0 { values[from - 1] } else { 0 };
        if span <= 0 {
            continue;
        }
        // The later items, now at `from..` of the list in `candidate`: the last first, so that
        // the earlier spans still hold.
        let mut shifted = candidate.to_string();
        for (j, &v) in values.iter().enumerate().skip(to).rev() {
            let (s, e) = rest[from + j - to];
            let Some(&(a, b)) = super::text::tokens(&shifted[s..e]).get(col) else {
                return out;
            };
            shifted = replaced(&shifted, (s + a, s + b), &(v - span).to_string());
        }
        out.push(shifted);
    }
    out
}

/// The integers of the tokens inside `items` (byte ranges of `text`), each with its byte range,
/// if every token there is one.
pub(super) fn item_numbers(text: &str, items: &[Span]) -> Option<Vec<(Span, i64)>> {
    items
        .iter()
        .flat_map(|&(s, e)| {
            super::text::tokens(&text[s..e])
                .into_iter()
                .map(move |(a, b)| (s + a, s + b))
        })
        .map(|span| Some((span, super::numbers::integer(text, span)?)))
        .collect()
}

/// The first label (0 or 1) of a list of labels: the numbers of `items` are exactly
/// `b..b+k` for some k, each once or more.
fn labels(text: &str, items: &[Span]) -> Option<i64> {
    let mut values: Vec<i64> = item_numbers(text, items)?
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    values.sort_unstable();
    values.dedup();
    let base = *values.first()?;
    ((base == 0 || base == 1) && values.iter().zip(base..).all(|(&v, w)| v == w)).then_some(base)
}

/// `text` with the numbers of `items` renumbered onto `base..` in their order, if they are not
/// so already.
pub(super) fn compressed(text: &str, items: &[Span], base: i64) -> Option<String> {
    let numbers = item_numbers(text, items)?;
    let mut values: Vec<i64> = numbers.iter().map(|&(_, v)| v).collect();
    values.sort_unstable();
    values.dedup();
    if values.iter().zip(base..).all(|(&v, w)| v == w) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for &((s, e), v) in &numbers {
        let rank = values.binary_search(&v).unwrap_or(0) as i64;
        out.push_str(&text[last..s]);
        out.push_str(&(base + rank).to_string());
        last = e;
    }
    out.push_str(&text[last..]);
    Some(out)
}

/// Renumbers the values each counted list of lines uses onto 1..k (0..k-1 where it uses 0) in
/// their order, one candidate a list: labels spread over a large range (vertices 3, 17 and 40)
/// become small, and the bound above them can be lowered after.
pub(super) fn renumber(mut text: String, keep: &mut Keep) -> String {
    for (list, _) in counted_lists(&text) {
        if !matches!(list.items, Items::Lines { .. }) {
            continue;
        }
        let Some((_, items)) = locate(&text, list) else {
            continue;
        };
        let tokens: Vec<Span> = items
            .iter()
            .flat_map(|&(s, e)| {
                super::text::tokens(&text[s..e])
                    .into_iter()
                    .map(move |(a, b)| (s + a, s + b))
            })
            .collect();
        let Some(mut values) = tokens
            .iter()
            .map(|&t| natural(&text, t))
            .collect::<Option<Vec<usize>>>()
        else {
            continue;
        };
        values.sort_unstable();
        values.dedup();
        let base = usize::from(values.first() != Some(&0));
        if values.iter().enumerate().all(|(i, &v)| v == base + i) {
            continue;
        }
        let mut candidate = String::with_capacity(text.len());
        let mut last = 0;
        for &(s, e) in &tokens {
            let v = natural(&text, (s, e)).unwrap_or(0);
            let rank = values.binary_search(&v).unwrap_or(0);
            candidate.push_str(&text[last..s]);
            candidate.push_str(&(base + rank).to_string());
            last = e;
        }
        candidate.push_str(&text[last..]);
        try_take(&mut text, candidate, keep);
    }
    text
}

/// The parents of a parent list: the items of `list` (each one number), if every item's value
/// is below the label of its node (item `j` is node `j + 1 + less`: `p2 … pN` after `N`).
fn parents(text: &str, list: Counted) -> Option<(Count, Vec<Span>, Vec<usize>)> {
    let (count, items) = locate(text, list)?;
    let values: Vec<usize> = items
        .iter()
        .map(|&span| natural(text, span))
        .collect::<Option<_>>()?;
    let label = |j: usize| (j as isize + 1 + list.less) as usize;
    values
        .iter()
        .enumerate()
        .all(|(j, &p)| p < label(j))
        .then_some((count, items, values))
}

/// Contracts nodes of parent lists (`N`, then the parents of nodes 2..N, each below its node):
/// node v goes, its children hang from its parent, and the labels above v move down one, with
/// N. Dropping a node from the middle of such a list any other way leaves the later nodes'
/// parents pointing at the wrong nodes; this keeps the tree a tree, one node smaller. Last
/// node first, one candidate a node.
pub(super) fn contract(mut text: String, keep: &mut Keep) -> String {
    for (list, _) in counted_lists(&text) {
        if list.less != 1 || !matches!(list.items, Items::Tokens { .. }) {
            continue;
        }
        let mut j = match parents(&text, list) {
            Some((_, items, _)) => items.len(),
            None => continue,
        };
        while j > 0 {
            j -= 1;
            let Some(((s, e, n), items, values)) = parents(&text, list) else {
                break;
            };
            if j >= items.len() || items.len() < 2 {
                continue;
            }
            let v = j + 2;
            let above = values[j];
            let relabel = |p: usize| match p {
                _ if p == v => above,
                _ if p > v => p - 1,
                _ => p,
            };
            let kept: Vec<String> = (0..items.len())
                .filter(|&i| i != j)
                .map(|i| relabel(values[i]).to_string())
                .collect();
            let (first, last) = (items[0].0, items[items.len() - 1].1);
            let candidate = format!(
                "{}{}{}{}{}",
                &text[..s],
                n - 1,
                &text[e..first],
                kept.join(" "),
                &text[last..]
            );
            try_take(&mut text, candidate, keep);
        }
    }
    text
}
