//! The generic judge-text shrinker: what shrinks a failing input of a game that gives no
//! structural shrinker ([`crate::game::Game::parse_case`] left at its default), a finding of
//! `stress`, and a file given to `boardfuzz shrink`.
//!
//! It knows no game, but it knows the shapes judge inputs have, and cuts along them so that a
//! candidate stays a valid input: a cut that breaks a count or a bound is refused by the
//! reference and wastes a run. Its passes, in rounds until none makes progress, the cheap big
//! cuts first:
//!
//! 1. test cases: a leading `T` and T blocks of one shape, dropped with T, then each tried
//!    alone (`blocks.rs`);
//! 2. trees given as `n` and n-1 edge lines, labels and lines in any order: nodes contracted
//!    by ranges of labels (a leaf with its edge, a node of two edges joining its neighbours),
//!    the rest renumbered onto 1..k with `n`, the range bisected from the top and the bottom
//!    first (`edges.rs`): a 120,000-node path, 1.4 MB, comes down to the 65,537 nodes its
//!    failure needs in 17 runs, where no cut of its lines was a tree;
//! 3. counted lists: a number and that many tokens or lines after it, or one more or one less
//!    (also the `N Q` shape, queries after a line of N numbers, and a parent list of N-1), cut
//!    with their count; where a cut alone is refused, a list of labels (a permutation, 1..n
//!    each once or more) renumbered onto 1..k in its order, a total above lowered by the items'
//!    sum, the numbers naming the count's value lowered with it, or, in a list whose column
//!    of numbers rises down it (the seconds of timed events), the later items moved earlier
//!    by the time the cut ones spanned, so their gaps stay (`counted.rs`). A parent
//!    list (`N`, then the parents of nodes 2..N) loses a node at a time, its children hung from
//!    its parent and the labels above it moved down (`counted.rs`);
//! 4. grid columns: `R C` and rows of C characters or tokens, a column cut from every row at
//!    once with C (`grid.rs`);
//! 5. runs of lines, runs of tokens on a long line and single tokens, format-blind, as delta
//!    debugging cuts (`lines.rs`);
//! 6. runs of characters inside a long word, with a count of its length, or else alike in the
//!    words coupled with it — equal up to case, or one a prefix of the other (`chars.rs`);
//! 7. numbers towards 0, one token at a time by bisection, then every occurrence of one
//!    value at once (a negative one up), on a line and in the whole text, keeping `l <= r`
//!    pairs ordered; decimals to fewer digits (`numbers.rs`);
//! 8. the values a counted list of lines uses renumbered onto 1..k (`counted.rs`), and
//!    characters replaced by the smallest of their kind the input had, a letter with its other
//!    case at once (`chars.rs`);
//! 9. once the passes above are at a fixed point, the deep passes, which pay rarely and cost
//!    many runs: records dropped in pairs, a bound lowered with the numbers it bounds, numbers
//!    set to 2, to the values seen at their place and to their residues modulo a header's
//!    numbers (`deep.rs`); where they cut something, the rounds start again, so a case another
//!    shrink left converged (`repro --shrink` on a finding) goes on with the passes it had not
//!    tried.
//!
//! Every list cut in chunks (of counted items, tree labels, test cases, grid columns, tokens
//! of a line, characters of a word) has its length bisected first when it is long, from the
//! end and from the start, with its count (`drop_chunks` in `text.rs`): a failure that needs a
//! list long enough (a path of 65,537 nodes, a word of 70,000 letters) is found in about
//! 2 log₂ n candidates, then halves, quarters, … down to single items.
//!
//! A candidate is kept only when it is strictly smaller — shorter, or as long and
//! lexicographically smaller, so shrinking always ends — and the caller's test holds; the
//! harness makes that test "still fails alike, and the reference still answers it" (see
//! [`crate::harness::minimize`]), so a shrunk case stays a valid input, not a reader error. A
//! candidate the test refused is never asked again (the passes meet the same candidate more
//! than once), so each distinct candidate costs one run at most.
//!
//! Texts of any length are shrunk by the same passes, at 1 MB as at 1 KB (until issue 46 only
//! the large cuts ran over 64 KiB: a 715 KB path was not cut by a byte in 537 s). What keeps a
//! long text's shrink from spending its runs where nothing goes is the stall stop: a pass that
//! has run [`stall_runs`] candidates in a row without one kept ends for the round, and the next
//! pass has its turn; a round that keeps nothing ends the shrink, a stalled pass included.
//! Candidates asked before cost no run and do not count. No pass reads the whole text once per
//! line or token it looks at: a grid's rows were found so, and 120,000 lines of `u v` cost 7
//! billion steps before a single candidate.

mod blocks;
mod chars;
mod counted;
mod deep;
mod edges;
mod grid;
mod lines;
mod numbers;
#[cfg(test)]
mod tests;
mod text;

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use text::Keep;

/// The most candidates in a row a pass runs without one kept before it ends for the round:
/// [`STALL_RUNS`], fewer on a long text ([`STALL_BYTES`] of candidates), [`MIN_STALL_RUNS`] at
/// least. A run of the test costs about its input's size: on a 1.4 MB tree 16 runs without a
/// cut are half a minute of the budget.
pub fn stall_runs(text_len: usize) -> u64 {
    (STALL_BYTES / text_len.max(1)).clamp(MIN_STALL_RUNS, STALL_RUNS) as u64
}

/// See [`stall_runs`].
pub const STALL_RUNS: usize = 256;

/// See [`stall_runs`].
pub const MIN_STALL_RUNS: usize = 16;

/// See [`stall_runs`].
pub const STALL_BYTES: usize = 8 << 20;

/// Shrinks `input` to a local minimum of `keep`, which `input` is assumed to satisfy. A
/// candidate `keep` refused is not asked again, so each distinct candidate costs one run of
/// both sides at most.
///
/// A panic inside the shrink (a bug of the shrinker's, or of `keep`) ends it with the smallest
/// kept case so far: a finding is still reported, never lost to a crash of the shrinker. An
/// unwinding `keep` starts with a payload of its own (not a panic's message) is not caught: it
/// is the caller's way out of a shrink it stops.
pub fn shrink_text(input: &str, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut kept = input.to_string();
    let shrunk = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        shrink_passes(input, &mut |t: &str| {
            let k = keep(t);
            if k {
                kept = t.to_string();
            }
            k
        })
    }));
    match shrunk {
        Ok(shrunk) => shrunk,
        // A panic's payload is its message; any other is an unwinding the caller started to
        // leave the shrink (`boardfuzz shrink` at its budget), which goes on to the caller.
        Err(payload) if payload.is::<&str>() || payload.is::<String>() => kept,
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// The caller's test behind a memory of the candidates it refused: a candidate refused once is
/// refused again without a run.
struct Asker<'k> {
    keep: &'k mut dyn FnMut(&str) -> bool,
    refused: std::collections::HashSet<u64>,
}

impl Asker<'_> {
    /// Whether `candidate` is kept, and whether the test ran to say so.
    fn ask(&mut self, candidate: &str) -> (bool, bool) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        candidate.hash(&mut hasher);
        let key = hasher.finish();
        if self.refused.contains(&key) {
            return (false, false);
        }
        let kept = (self.keep)(candidate);
        if !kept {
            self.refused.insert(key);
        }
        (kept, true)
    }
}

/// The payload that ends a stalled pass ([`stall_runs`]).
struct Stall;

/// Runs one pass on `best` under the stall stop, and counts what it asked and cut. Whether it
/// stalled.
fn run_pass(
    asker: &mut Asker,
    stats: &mut Stats,
    best: &mut String,
    name: &'static str,
    pass: &mut Pass,
) -> bool {
    let start = std::mem::take(best);
    let from = start.len();
    let stall = stall_runs(from);
    let (mut asked, mut idle) = (0u64, 0u64);
    let mut last: Option<String> = None;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        pass(start.clone(), &mut |t: &str| {
            asked += 1;
            let (kept, ran) = asker.ask(t);
            if kept {
                idle = 0;
                last = Some(t.to_string());
            } else if ran {
                idle += 1;
                if idle >= stall {
                    resume_unwind(Box::new(Stall));
                }
            }
            kept
        })
    }));
    let stalled = match outcome {
        Ok(shrunk) => {
            *best = shrunk;
            false
        }
        // A pass's text is always its last kept candidate (or its input): that is where it was.
        Err(payload) if payload.is::<Stall>() => {
            *best = last.unwrap_or(start);
            true
        }
        Err(payload) => resume_unwind(payload),
    };
    stats.add(name, asked, from.saturating_sub(best.len()), stalled);
    stalled
}

/// [`shrink_text`] without its guard against a panic.
fn shrink_passes(input: &str, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut asker = Asker {
        keep,
        refused: std::collections::HashSet::new(),
    };
    // The characters a character may become: those the input had, whatever went since.
    let alphabet = chars::alphabet(input);
    let mut stats = Stats::default();
    let mut best = input.to_string();
    loop {
        let before = best.clone();
        {
            let mut run = |best: &mut String, name: &'static str, pass: &mut Pass| {
                run_pass(&mut asker, &mut stats, best, name, pass);
            };
            run(&mut best, "blocks", &mut blocks::drop_blocks);
            run(&mut best, "edges", &mut edges::contract_edges);
            run(&mut best, "counted", &mut counted::drop_counted);
            run(&mut best, "contract", &mut counted::contract);
            run(&mut best, "columns", &mut grid::drop_columns);
            run(&mut best, "lines", &mut lines::drop_lines);
            run(&mut best, "token runs", &mut lines::drop_token_runs);
            run(&mut best, "blanks", &mut lines::tidy_blanks);
            run(&mut best, "tokens", &mut lines::drop_tokens);
            run(&mut best, "chars", &mut chars::drop_chars);
            run(&mut best, "numbers", &mut numbers::lower_numbers);
            run(&mut best, "values", &mut numbers::lower_values);
            run(&mut best, "decimals", &mut numbers::shorten_decimals);
            run(&mut best, "renumber", &mut counted::renumber);
            let letters = &mut |t, k: &mut Keep| chars::lower_chars(t, &alphabet, k);
            run(&mut best, "letters", letters);
            if best == before {
                // A fixed point of the passes above (or as near as their stall stops let
                // them come): the deep passes' turn.
                run(&mut best, "pairs", &mut deep::drop_pairs);
                run(&mut best, "bounds", &mut deep::lower_bounds);
                run(&mut best, "places", &mut deep::lower_to_places);
                run(&mut best, "together", &mut deep::lower_together);
            }
        }
        if best == before {
            if std::env::var_os("BOARDFUZZ_SHRINK_STATS").is_some() {
                eprintln!("{stats}");
            }
            return best;
        }
    }
}

/// A pass: the text in, the smaller text it kept out.
type Pass<'a> = dyn FnMut(String, &mut Keep) -> String + 'a;

/// What each pass cost and won over a shrink: candidates handed to the test (a refused one
/// asked again is not run, but counts here), bytes cut and stall stops. Printed to stderr when
/// `BOARDFUZZ_SHRINK_STATS` is set, to see which passes pay on a format.
#[derive(Debug, Default)]
struct Stats {
    passes: Vec<(&'static str, u64, usize, u32)>,
}

impl Stats {
    fn add(&mut self, name: &'static str, asked: u64, cut: usize, stalled: bool) {
        let stalled = u32::from(stalled);
        match self.passes.iter_mut().find(|(n, ..)| *n == name) {
            Some((_, a, c, s)) => {
                *a += asked;
                *c += cut;
                *s += stalled;
            }
            None => self.passes.push((name, asked, cut, stalled)),
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "text shrinker passes (candidates, bytes cut, stalls):")?;
        for (name, asked, cut, stalls) in &self.passes {
            write!(f, " {name} {asked} {cut} {stalls};")?;
        }
        Ok(())
    }
}
