//! The shape of a generator's inputs: what every input the generator of a `stress` run printed
//! had in common, learned from the inputs themselves, so that the shrinker keeps it.
//!
//! The generic text shrinker ([`crate::text_shrink`]) knows nothing of a problem's format, and a
//! brute force that answers any text lets it keep an input no solution was written for (one die
//! of the ten the judge gives). Without a validator, a shrink candidate must keep the generator's
//! shape ([`Shape::admits`]); a candidate outside it is refused before any program runs on it.
//!
//! What is learned, and where ("place") a number's range is looked up:
//!
//! - the characters: a candidate uses only bytes some generated input used;
//! - the number of lines (as [`str::lines`] splits them), where it never varied;
//! - when the number of lines never varied: the number of tokens (whitespace-separated) of each
//!   line, where it never varied; and each token that is a whole number within the `[min, max]`
//!   seen **at its place**: at its (line, token) where that line's token count never varied too,
//!   else pooled over its line;
//! - when the number of lines varied (a list of lines): the tokens per line, pooled over every
//!   line, where every line of every input had as many; and each number within the `[min, max]`
//!   pooled over **the whole input** (a line's index means nothing once a line can be dropped).
//!
//! A place where a generated input had a token that is not a whole number takes any token; a
//! place that held only numbers takes only a number. A fixed-shape input of more than
//! [`MAX_PLACES`] tokens is ranged per line only, so that a big grid costs no more than its
//! lines. Every rule is a property all the learned inputs share, so the shape never refuses an
//! input it learned from (the tests check it on random inputs).
//!
//! The campaign learns from the cases of the run up to the one that failed, in case order
//! ([`Learner`]), so the shape a finding is shrunk to does not depend on the number of jobs;
//! then from every input the regenerate-smaller step printed (inputs of the generator too, and
//! the kept one must fit); and, when that makes fewer than
//! [`LEARN_AT_LEAST`](crate::harness::run::found::LEARN_AT_LEAST) inputs (a finding in the first
//! cases), from the run's next cases, generated and not run: one input alone would pin every
//! number to the found case's.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Above this many tokens in all, a fixed-shape input's numbers are ranged per line, not per
/// (line, token).
pub const MAX_PLACES: usize = 1 << 16;

/// The least and the most of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    min: usize,
    max: usize,
}

impl Span {
    fn of(n: usize) -> Span {
        Span { min: n, max: n }
    }

    fn add(&mut self, n: usize) {
        self.min = self.min.min(n);
        self.max = self.max.max(n);
    }

    fn fixed(&self) -> Option<usize> {
        (self.min == self.max).then_some(self.min)
    }

    fn words(&self, one: &str, many: &str) -> String {
        let unit = |n: usize| if n == 1 { one } else { many };
        match self.fixed() {
            Some(n) => format!("{n} {}", unit(n)),
            None => format!("{} to {} {many}", self.min, self.max),
        }
    }
}

/// The tokens seen at one place: the range of its numbers, and whether any was not a number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Values {
    range: Option<(i128, i128)>,
    words: bool,
}

/// A token as a whole number, if it is one.
fn number(token: &str) -> Option<i128> {
    token.parse().ok()
}

impl Values {
    fn add(&mut self, token: &str) {
        match number(token) {
            Some(n) => {
                let (lo, hi) = self.range.get_or_insert((n, n));
                *lo = (*lo).min(n);
                *hi = (*hi).max(n);
            }
            None => self.words = true,
        }
    }

    fn merge(&mut self, other: &Values) {
        self.words |= other.words;
        if let Some((lo, hi)) = other.range {
            let (a, b) = self.range.get_or_insert((lo, hi));
            *a = (*a).min(lo);
            *b = (*b).max(hi);
        }
    }

    fn admits(&self, token: &str) -> bool {
        if self.words {
            return true;
        }
        match (number(token), self.range) {
            (Some(n), Some((lo, hi))) => lo <= n && n <= hi,
            (Some(_), None) => true,
            (None, range) => range.is_none(),
        }
    }
}

/// What the inputs had at one line index (kept while the number of lines never varied).
#[derive(Debug, Clone)]
struct Line {
    tokens: Span,
    /// Every token of the line.
    pooled: Values,
    /// Each token by its index, while the line's token count never varied and the input is
    /// not too big ([`MAX_PLACES`]); empty otherwise.
    places: Vec<Values>,
}

/// What every input learned from had in common ([`Shape::admits`]).
#[derive(Debug, Clone, Default)]
pub struct Shape {
    inputs: u64,
    bytes: Vec<bool>,
    lines: Option<Span>,
    /// Line by line, while the number of lines never varied (empty once it did).
    by_line: Vec<Line>,
    /// The token count of every line of every input.
    tokens: Option<Span>,
    /// Every token of every input.
    pooled: Values,
}

impl Shape {
    /// Nothing learned: admits everything.
    pub fn new() -> Shape {
        Shape::default()
    }

    /// How many inputs it was learned from.
    pub fn inputs(&self) -> u64 {
        self.inputs
    }

    /// Learns from one more input the generator printed.
    pub fn learn(&mut self, text: &str) {
        if self.bytes.is_empty() {
            self.bytes = vec![false; 256];
        }
        for &b in text.as_bytes() {
            self.bytes[usize::from(b)] = true;
        }
        let lines: Vec<Vec<&str>> = text
            .lines()
            .map(|l| l.split_ascii_whitespace().collect())
            .collect();
        let first = self.inputs == 0;
        self.inputs += 1;
        for line in &lines {
            match &mut self.tokens {
                Some(span) => span.add(line.len()),
                None => self.tokens = Some(Span::of(line.len())),
            }
            for token in line {
                self.pooled.add(token);
            }
        }
        if first {
            self.lines = Some(Span::of(lines.len()));
            let total: usize = lines.iter().map(Vec::len).sum();
            self.by_line = lines
                .iter()
                .map(|tokens| {
                    let mut pooled = Values::default();
                    let mut places = Vec::new();
                    for token in tokens {
                        pooled.add(token);
                        if total <= MAX_PLACES {
                            let mut v = Values::default();
                            v.add(token);
                            places.push(v);
                        }
                    }
                    Line {
                        tokens: Span::of(tokens.len()),
                        pooled,
                        places,
                    }
                })
                .collect();
            return;
        }
        let span = self.lines.as_mut().expect("learned before");
        span.add(lines.len());
        if span.fixed().is_none() {
            self.by_line = Vec::new();
            return;
        }
        for (line, tokens) in self.by_line.iter_mut().zip(&lines) {
            line.tokens.add(tokens.len());
            if line.tokens.fixed().is_none() {
                line.places = Vec::new();
            }
            for (j, token) in tokens.iter().enumerate() {
                line.pooled.add(token);
                if let Some(place) = line.places.get_mut(j) {
                    place.add(token);
                }
            }
        }
    }

    /// Whether `text` keeps the shape: nothing learned admits everything.
    pub fn admits(&self, text: &str) -> bool {
        if self.inputs == 0 {
            return true;
        }
        if text.bytes().any(|b| !self.bytes[usize::from(b)]) {
            return false;
        }
        let lines: Vec<Vec<&str>> = text
            .lines()
            .map(|l| l.split_ascii_whitespace().collect())
            .collect();
        let fixed_lines = self.lines.and_then(|s| s.fixed());
        match fixed_lines {
            Some(n) if lines.len() != n => false,
            Some(_) => self.by_line.iter().zip(&lines).all(|(line, tokens)| {
                line.tokens.fixed().map_or(true, |k| tokens.len() == k)
                    && tokens
                        .iter()
                        .enumerate()
                        .all(|(j, token)| line.places.get(j).unwrap_or(&line.pooled).admits(token))
            }),
            None => lines.iter().all(|tokens| {
                self.tokens
                    .and_then(|s| s.fixed())
                    .map_or(true, |k| tokens.len() == k)
                    && tokens.iter().all(|token| self.pooled.admits(token))
            }),
        }
    }

    /// The shape in a line, as a finding's note says it: `1 line of 10 numbers in 1..5`.
    pub fn describe(&self) -> String {
        let Some(lines) = self.lines else {
            return "nothing learned".into();
        };
        let range = |v: &Values| match (v.range, v.words) {
            (Some((lo, hi)), false) => format!(" in {lo}..{hi}"),
            _ => String::new(),
        };
        let token_words = |span: &Span, v: &Values| {
            let (one, many) = if v.words || v.range.is_none() {
                ("token", "tokens")
            } else {
                ("number", "numbers")
            };
            format!("{}{}", span.words(one, many), range(v))
        };
        let by_place =
            |line: &Line| !line.places.is_empty() && line.places.iter().any(|p| *p != line.pooled);
        let lines_words = lines.words("line", "lines");
        match lines.fixed() {
            Some(_) => {
                let first = self.by_line.first();
                let alike = first.is_some_and(|f| {
                    self.by_line
                        .iter()
                        .all(|l| l.tokens.fixed().is_some() && l.tokens == f.tokens)
                });
                if let (true, Some(first)) = (alike, first) {
                    let mut pooled = Values::default();
                    for line in &self.by_line {
                        pooled.merge(&line.pooled);
                    }
                    let each = if self.by_line.len() == 1 { "" } else { " each" };
                    let placed = if self.by_line.iter().any(by_place) {
                        ", each within what its place held"
                    } else {
                        ""
                    };
                    return format!(
                        "{lines_words} of{each} {}{placed}",
                        token_words(&first.tokens, &pooled)
                    );
                }
                let shown: Vec<String> = self
                    .by_line
                    .iter()
                    .take(4)
                    .enumerate()
                    .map(|(i, l)| format!("line {}: {}", i + 1, token_words(&l.tokens, &l.pooled)))
                    .collect();
                let more = if self.by_line.len() > 4 { ", …" } else { "" };
                format!("{lines_words} ({}{more})", shown.join(", "))
            }
            None => {
                let tokens = match self.tokens.and_then(|s| s.fixed()) {
                    Some(k) => format!(" of {k} token{} each", if k == 1 { "" } else { "s" }),
                    None => String::new(),
                };
                let numbers = match (self.pooled.range, self.pooled.words) {
                    (Some((lo, hi)), false) => format!(", numbers in {lo}..{hi}"),
                    (Some((lo, hi)), true) => format!(", numbers in {lo}..{hi} among words"),
                    (None, _) => String::new(),
                };
                format!("{lines_words}{tokens}{numbers}")
            }
        }
    }

    /// Everything the shape holds, place by place, for `--verbose`.
    pub fn detail(&self) -> String {
        let mut out = format!("learned from {} generated input(s): ", self.inputs);
        out.push_str(&self.describe());
        let chars: String = (0u8..=255)
            .filter(|&b| self.bytes.get(usize::from(b)).copied().unwrap_or(false))
            .map(|b| match b {
                b' ' => "␠".to_string(),
                b'\n' => "⏎".to_string(),
                b'\t' => "⇥".to_string(),
                b'\r' => "␍".to_string(),
                b if b.is_ascii_graphic() => char::from(b).to_string(),
                b => format!("\\x{b:02x}"),
            })
            .collect();
        out.push_str(&format!("\n  characters: {chars}"));
        let show = |v: &Values| match (v.range, v.words) {
            (_, true) => "any".to_string(),
            (Some((lo, hi)), false) => format!("{lo}..{hi}"),
            (None, false) => "-".to_string(),
        };
        for (i, line) in self.by_line.iter().enumerate().take(40) {
            let values = if line.places.is_empty() {
                format!("each {}", show(&line.pooled))
            } else {
                line.places.iter().map(show).collect::<Vec<_>>().join(" ")
            };
            out.push_str(&format!(
                "\n  line {}: {}: {values}",
                i + 1,
                line.tokens.words("token", "tokens")
            ));
        }
        if self.by_line.len() > 40 {
            out.push_str(&format!("\n  … {} more lines", self.by_line.len() - 40));
        }
        out
    }
}

/// A shape learned from a run's cases in case order, whatever order the jobs finish them in:
/// case `j` (the `j`-th of the runner's cases) is learned once every case before it is, and
/// learning stops after the first failing case, so [`Learner::through`] the first finding is
/// the shape of exactly the cases up to it.
#[derive(Debug, Default)]
pub struct Learner(Mutex<Learning>);

#[derive(Debug, Default)]
struct Learning {
    shape: Shape,
    /// The next case to learn.
    next: u64,
    /// A failing case was learned: nothing after it is.
    done: bool,
    /// Cases finished out of order, waiting for the ones before them.
    waiting: BTreeMap<u64, (String, bool)>,
}

impl Learner {
    /// Nothing learned yet.
    pub fn new() -> Learner {
        Learner::default()
    }

    /// The `ordinal`-th case's input, and whether it failed.
    pub fn record(&self, ordinal: u64, input: &str, failed: bool) {
        let mut l = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if l.done || ordinal < l.next {
            return;
        }
        l.waiting.insert(ordinal, (input.to_string(), failed));
        loop {
            let next = l.next;
            let Some((text, failed)) = l.waiting.remove(&next) else {
                break;
            };
            l.shape.learn(&text);
            l.next += 1;
            if failed {
                l.done = true;
                l.waiting.clear();
                break;
            }
        }
    }

    /// The shape of every case up to the `ordinal`-th that was recorded.
    pub fn through(&self, ordinal: u64) -> Shape {
        let l = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut shape = l.shape.clone();
        for (_, (text, _)) in l.waiting.range(..=ordinal) {
            shape.learn(text);
        }
        shape
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn learned(inputs: &[&str]) -> Shape {
        let mut shape = Shape::new();
        for i in inputs {
            shape.learn(i);
        }
        shape
    }

    #[test]
    fn ten_dice_keep_their_count_and_each_place_its_range() {
        let shape = learned(&["5 5 1 5 5 5 5 5 4 3\n", "1 5 5 5 2 5 5 5 5 5\n"]);
        assert!(shape.admits("1 5 1 5 2 5 5 5 4 3\n"));
        // Fewer dice, a die below its place's least, a sixth face, a second line.
        for refused in [
            "1\n",
            "5 5 5 5 5 5 5 5 5\n",
            "5 1 5 5 5 5 5 5 5 5\n",
            "5 5 5 5 5 5 5 5 5 6\n",
            "5 5 5 5 5 5 5 5 5 5\n5\n",
            "5 5 5 5 5 5 5 5 5 x\n",
        ] {
            assert!(!shape.admits(refused), "{refused:?}");
        }
        assert_eq!(
            shape.describe(),
            "1 line of 10 numbers in 1..5, each within what its place held"
        );
        let same = learned(&["1 2\n", "3 4\n", "2 1\n", "4 3\n"]);
        assert_eq!(same.describe(), "1 line of 2 numbers in 1..4");
    }

    #[test]
    fn a_counted_list_keeps_its_two_lines_and_pools_the_list() {
        let shape = learned(&["3\n-1 4 10\n", "1\n7\n", "5\n1 2 3 4 5\n"]);
        assert!(shape.admits("2\n10 -1\n"));
        assert!(!shape.admits("0\n1\n"), "the count held 1..5");
        assert!(!shape.admits("2\n-2 1\n"), "the list held -1..10");
        assert!(!shape.admits("2 1\n1\n"), "line 1 always had one token");
        assert_eq!(
            shape.describe(),
            "2 lines (line 1: 1 number in 1..5, line 2: 1 to 5 numbers in -1..10)"
        );
    }

    #[test]
    fn varying_lines_pool_the_numbers_over_the_whole_input() {
        let shape = learned(&["2\n5\n9\n", "1\n3\n", "4\n1\n2\n3\n4\n"]);
        // The count line may drop below what line 1 held: the pool is the whole input's.
        assert!(shape.admits("1\n9\n"));
        assert!(!shape.admits("1\n0\n"));
        assert!(!shape.admits("1 1\n3\n"), "every line had one token");
        assert_eq!(
            shape.describe(),
            "2 to 5 lines of 1 token each, numbers in 1..9"
        );
    }

    /// A random input of one of a few shapes a generator prints.
    fn random_input(rng: &mut Rng) -> String {
        let mut out = String::new();
        match rng.below(3) {
            0 => {
                let n = rng.range(1, 6);
                out.push_str(&format!("{n}\n"));
                for _ in 0..n {
                    out.push_str(&format!("{} {}\n", rng.range(0, 9), rng.range(50, 99)));
                }
            }
            1 => {
                for _ in 0..3 {
                    let row: Vec<String> = (0..rng.range(1, 4))
                        .map(|_| format!("{}", rng.range(0, 1000) as i64 - 500))
                        .collect();
                    out.push_str(&row.join(" "));
                    out.push('\n');
                }
            }
            _ => out.push_str(&format!("abc {}\n", rng.range(1, 3))),
        }
        out
    }

    #[test]
    fn the_shape_never_refuses_an_input_it_learned_from() {
        for seed in 0..300 {
            let mut rng = Rng::new(seed);
            // One kind of input a run (as a generator prints one shape), or a mix of them.
            let mix = seed % 2 == 0;
            let first = random_input(&mut rng);
            let mut inputs = vec![first.clone()];
            for _ in 0..rng.range(0, 12) {
                let next = random_input(&mut rng);
                if mix || next.lines().count() == first.lines().count() {
                    inputs.push(next);
                }
            }
            let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
            let shape = learned(&refs);
            for input in &inputs {
                assert!(
                    shape.admits(input),
                    "{input:?} refused by {}",
                    shape.detail()
                );
            }
        }
    }

    #[test]
    fn the_learner_learns_in_case_order_up_to_the_first_failure() {
        let learner = Learner::new();
        learner.record(2, "9\n", false);
        learner.record(0, "1\n", false);
        // Case 1 has not finished: case 2 waits for it.
        assert_eq!(learner.through(0).describe(), "1 line of 1 number in 1..1");
        learner.record(1, "3\n", true);
        learner.record(3, "100\n", false);
        // Case 1 failed: cases 2 and 3, which ran beside it, are not learned.
        let shape = learner.through(1);
        assert_eq!(shape.inputs(), 2);
        assert!(shape.admits("3\n") && !shape.admits("9\n"));
        // 2 is in range, but no input learned had the character; 31 has them, out of range.
        assert!(!shape.admits("2\n") && !shape.admits("31\n"));
    }
}
