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
//! 2. counted lists: a number and that many tokens or lines after it (also the `N Q` shape,
//!    queries after a line of N numbers, and a parent list of N-1), cut with their count, a
//!    total or the numbers naming the count's value following it (`counted.rs`);
//!    A parent list (`N`, then the parents of nodes 2..N) loses a node at a time, its children
//!    hung from its parent and the labels above it moved down (`counted.rs`);
//! 3. grid columns: `R C` and rows of C characters or tokens, a column cut from every row at
//!    once with C (`grid.rs`);
//! 4. runs of lines, runs of tokens on a long line and single tokens, format-blind, as delta
//!    debugging cuts (`lines.rs`);
//! 5. runs of characters inside a long word, with a count of its length (`chars.rs`);
//! 6. numbers towards 0, one token at a time by bisection, then every occurrence of one
//!    value at once, on a line and in the whole text, keeping `l <= r` pairs ordered; decimals
//!    to fewer digits (`numbers.rs`);
//! 7. the values a counted list of lines uses renumbered onto 1..k (`counted.rs`), and
//!    characters replaced by the smallest of their kind the input had (`chars.rs`).
//!
//! A candidate is kept only when it is strictly smaller — shorter, or as long and
//! lexicographically smaller, so shrinking always ends — and the caller's test holds; the
//! harness makes that test "still fails alike, and the reference still answers it" (see
//! [`crate::harness::minimize`]), so a shrunk case stays a valid input, not a reader error. A
//! candidate the test refused is never asked again (the passes meet the same candidate more
//! than once), so each distinct candidate costs one run at most.
//!
//! Texts of any length are shrunk. Over [`FINE_TEXT`] bytes only the large cuts run (lists and
//! blocks by halves, runs of at least 1/[`COARSE_PARTS`] of the lines): each candidate copies
//! the text and costs a run of both sides, and single-token passes over 85,000 lines would cost
//! as many runs. Once the text is below it, every pass runs.

mod blocks;
mod chars;
mod counted;
mod grid;
mod lines;
mod numbers;
#[cfg(test)]
mod tests;
mod text;

use text::Keep;

/// The longest text every pass runs on; a longer one gets the large cuts only, until it is
/// below this.
pub const FINE_TEXT: usize = 64 * 1024;

/// Over [`FINE_TEXT`], the shortest run of lines cut is this fraction of the text's lines.
pub const COARSE_PARTS: usize = 1024;

/// What a report says of a shrunk case still over [`FINE_TEXT`] bytes: only the large cuts
/// ran on it. `None` for a shorter case.
pub fn coarse_note(shrunk: &str) -> Option<String> {
    (shrunk.len() > FINE_TEXT).then(|| {
        format!(
            "the shrunk case is still {} bytes: over {} KiB the text shrinker makes only large \
             cuts (test cases, lists by halves, runs of 1/{COARSE_PARTS} of the lines), not \
             single tokens or numbers",
            shrunk.len(),
            FINE_TEXT / 1024
        )
    })
}

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

/// [`shrink_text`] without its guard against a panic.
fn shrink_passes(input: &str, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let mut refused: std::collections::HashSet<u64> = std::collections::HashSet::new();
    let keep: &mut Keep = &mut |candidate: &str| {
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
    // The characters a character may become: those the input had, whatever went since.
    let alphabet = chars::alphabet(input);
    let mut stats = Stats::default();
    let mut best = input.to_string();
    loop {
        let before = best.clone();
        let mut run = |best: &mut String, name: &'static str, pass: &mut Pass| {
            let mut asked = 0u64;
            let mut counting = |t: &str| {
                asked += 1;
                keep(t)
            };
            let from = best.len();
            *best = pass(std::mem::take(best), &mut counting);
            stats.add(name, asked, from - best.len());
        };
        run(&mut best, "blocks", &mut blocks::drop_blocks);
        run(&mut best, "counted", &mut counted::drop_counted);
        run(&mut best, "contract", &mut counted::contract);
        run(&mut best, "columns", &mut grid::drop_columns);
        if best.len() > FINE_TEXT {
            let min_run = best.lines().count() / COARSE_PARTS;
            run(&mut best, "lines", &mut |t, k| {
                lines::drop_lines(t, min_run, k)
            });
        } else {
            run(&mut best, "lines", &mut |t, k| lines::drop_lines(t, 1, k));
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
/// asked again is not run, but counts here) and bytes cut. Printed to stderr when
/// `BOARDFUZZ_SHRINK_STATS` is set, to see which passes pay on a format.
#[derive(Debug, Default)]
struct Stats {
    passes: Vec<(&'static str, u64, usize)>,
}

impl Stats {
    fn add(&mut self, name: &'static str, asked: u64, cut: usize) {
        match self.passes.iter_mut().find(|(n, ..)| *n == name) {
            Some((_, a, c)) => {
                *a += asked;
                *c += cut;
            }
            None => self.passes.push((name, asked, cut)),
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "text shrinker passes (candidates, bytes cut):")?;
        for (name, asked, cut) in &self.passes {
            write!(f, " {name} {asked} {cut};")?;
        }
        Ok(())
    }
}
