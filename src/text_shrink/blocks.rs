//! Test cases: a first line that is one number `T`, then T blocks of one shape — the
//! multi-test input judges use everywhere. A block is found by its header line (the first of
//! the block): it is as long as one of the header's numbers says plus the header (`n` and n
//! lines, a grid `R C` and R rows, a graph `N M` and M edges), or the sum of two of them (`N M`,
//! N lines, then M lines); or every block has the same number of lines (`n` and a line of n
//! numbers). The split must use up the text exactly.
//!
//! The blocks are cut in halves, quarters, … with T ([`super::text::drop_chunks`]), then each
//! block that is left is tried alone, as `1` and that block: a failure in one test case of ten
//! costs about 2 log₂ 10 candidates, and tests that fail only together are kept together.

use super::counted::shrink_list;
use super::text::{lines_with_tokens, natural, try_take, Count, Keep, Line, Span};

/// The header tokens whose numbers may give a block's length.
const MAX_HEADER: usize = 4;

/// How long a block is, from its header line's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The header and as many lines as its `k`-th number.
    One(usize),
    /// The header and as many lines as its `j`-th and `k`-th numbers together.
    Two(usize, usize),
    /// Every block has this many lines.
    Fixed(usize),
}

/// The lines `from..` split by `rule` into exactly `t` blocks (line ranges) ending at the last
/// line that is not blank, if they split so. Every header has as many tokens as the first.
fn split(text: &str, lines: &[Line], from: usize, t: usize, rule: Rule) -> Option<Vec<Span>> {
    let end = lines
        .iter()
        .rposition(|(_, _, spans)| !spans.is_empty())
        .map_or(0, |i| i + 1);
    let width = lines.get(from)?.2.len();
    let mut blocks = Vec::with_capacity(t);
    let mut at = from;
    for _ in 0..t {
        let header = &lines.get(at)?.2;
        if header.len() != width {
            return None;
        }
        let number = |k: usize| header.get(k).and_then(|&span| natural(text, span));
        let len = match rule {
            Rule::One(k) => number(k)?.checked_add(1)?,
            Rule::Two(j, k) => number(j)?.checked_add(number(k)?)?.checked_add(1)?,
            Rule::Fixed(n) => n,
        };
        let next = at.checked_add(len)?;
        if next > end {
            return None;
        }
        blocks.push((at, next));
        at = next;
    }
    (at == end).then_some(blocks)
}

/// The test-case count and the blocks (byte ranges of whole lines) of `text`, if it is a
/// multi-test input of two blocks or more.
fn locate(text: &str) -> Option<(Count, Vec<Span>)> {
    let lines = lines_with_tokens(text);
    let (_, _, first) = lines.first()?;
    let &[count] = &first[..] else {
        return None;
    };
    let t = natural(text, count).filter(|&t| t >= 2 && t < lines.len())?;
    // A header is short (`n`, `R C`, `N M K`): rules from its first few numbers only (a wide
    // line would make pairs of all its tokens).
    let header = lines.get(1)?.2.len().min(MAX_HEADER);
    let mut rules: Vec<Rule> = (0..header).map(Rule::One).collect();
    for j in 0..header {
        rules.extend((j + 1..header).map(|k| Rule::Two(j, k)));
    }
    let body = lines.len() - 1;
    if body % t == 0 {
        rules.push(Rule::Fixed(body / t));
    }
    let blocks = rules
        .into_iter()
        .find_map(|rule| split(text, &lines, 1, t, rule))?;
    let spans = blocks
        .iter()
        .map(|&(a, b)| (lines[a].0, lines[b - 1].0 + lines[b - 1].1.len()))
        .collect();
    Some(((count.0, count.1, t), spans))
}

/// Drops test cases with their count, then tries each one left alone.
pub(super) fn drop_blocks(mut text: String, keep: &mut Keep) -> String {
    if locate(&text).is_none() {
        return text;
    }
    shrink_list(&mut text, &locate, true, 2, true, keep);
    // Each block alone, the shortest first.
    if let Some(((s, e, _), blocks)) = locate(&text) {
        let mut order: Vec<Span> = blocks.clone();
        order.sort_by_key(|&(a, b)| (b - a, a));
        let (head, tail) = (blocks[0].0, blocks[blocks.len() - 1].1);
        for (a, b) in order {
            let alone = format!(
                "{}1{}{}{}",
                &text[..s],
                &text[e..head],
                &text[a..b],
                &text[tail..]
            );
            if try_take(&mut text, alone, keep) {
                break;
            }
        }
    }
    text
}
