//! A problem of the user's own, made of programs: a generator, a trusted brute force (the
//! reference) and, optionally, a validator — what `boardfuzz stress` checks a solution against,
//! with no Rust code of the user's.
//!
//! [`Problem`] is a [`DynGame`], so the campaign runs it as it runs a game of boardfuzz's own:
//! jobs, progress, the time budget, Ctrl-C, shrinking with the generic judge-text shrinker,
//! findings saved and reported, JSON, JUnit and HTML reports. Every program runs as an external
//! solution does ([`crate::harness::programs::process`]: its own process group, a time limit, an output
//! cap, nothing left behind).
//!
//! - Case `i` of a run of seed `S`: the generator runs with the case's seed (a number below
//!   2^31, from `S` and `i` alone: [`Problem::generator_seed`]) as its last argument, or where
//!   its command line says `{seed}`; and, where it says `{size}`, a size that grows with `i`
//!   ([`Problem::size_of`]), so the first cases are small and so is the first finding.
//! - The reference's answer is what the solution is judged against. An input the validator
//!   refuses is rejected (class `invalid`): counted, never judged, and never kept by the
//!   shrinker, which keeps only inputs the reference answers.
//! - A generator that fails, hangs or prints nothing stops the run as an error; a reference or
//!   validator that fails is a fault of the reference, which `stress` reports as the user's to
//!   fix (exit 2), never as a finding of the solution.

use crate::game::{
    DynGame, Fault, Options, Outcome, Regenerate, Regenerated, Regeneration, Setting, Trace,
};
use crate::harness::programs::interact;
use crate::harness::programs::process::{self, Ended};
use crate::harness::programs::subject::{run_command, Interactor, STDERR_LINES};
use crate::rng::Rng;
use crate::text_shrink;

/// The error class of an input the validator refuses.
pub const INVALID: &str = "invalid";

/// The programs and limits of a problem. Commands are ready to run (source files already
/// compiled: [`crate::harness::programs::toolchain`]).
#[derive(Debug, Clone)]
pub struct Problem {
    /// The name reports give it; findings are saved in `<findings>/<name>/`.
    pub name: &'static str,
    /// The generator's command line, with `{seed}` (appended when absent) and optionally
    /// `{size}`.
    pub generator: String,
    /// The generator's command line as a person types it (`python3 gen.py {size}`), for the
    /// command a finding prints to regenerate its case ([`crate::harness::programs::toolchain::Prepared`]).
    pub generator_display: String,
    /// The reference's command line; `None` for an interactive problem whose interactor alone
    /// judges (`stress --interactor` without `--brute`): every valid input then expects
    /// [`interact::ACCEPTED`].
    pub reference: Option<String>,
    /// The interactor of an interactive problem, if the reference (a brute force) plays the
    /// dialogue too: it is then run against it ([`interact::brute_outcome`]).
    pub interactor: Option<Interactor>,
    /// The validator's command line, if any: input on stdin, exit 0 for a valid input.
    pub validator: Option<String>,
    /// Limits of one run of the generator (and of the validator).
    pub generator_limits: process::Limits,
    /// Limits of one run of the reference.
    pub reference_limits: process::Limits,
    /// The first `{size}`.
    pub min_size: u64,
    /// The largest `{size}`.
    pub max_size: u64,
    /// Whether shrink candidates must keep the generated inputs' shape
    /// ([`crate::harness::shrink::shape`]): `--shape strict` without a validator.
    pub keep_shape: bool,
    /// The flag the user gave the generator under (`--gen` or `-g`), which its errors name.
    pub generator_flag: &'static str,
    /// The inputs the generator printed before the run ([`Problem::generate_kept`]: the
    /// probe's), which the run's same cases take instead of running it again.
    pub kept: Kept,
}

/// Inputs the generator printed, by the command line (seed and size filled in) that printed
/// them: a case whose command line is here is not generated again. Shared by the clones of a
/// [`Problem`].
#[derive(Debug, Clone, Default)]
pub struct Kept(std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>);

impl Kept {
    fn get(&self, line: &str) -> Option<String> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().find(|(l, _)| l == line).map(|(_, t)| t.clone())
    }
    fn put(&self, line: String, text: String) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if !kept.iter().any(|(l, _)| *l == line) {
            kept.push((line, text));
        }
    }
}

/// How many cases run at each size before it grows by one.
pub const CASES_PER_SIZE: u64 = 10;

/// How many seeds the regenerate-smaller search tries at a size before it takes the size for
/// one that does not fail (`Problem::search_smaller`).
pub const SEEDS_PER_SIZE: u64 = 8;

/// How many seeds a size is tried with when a limit case is regenerated larger: each try of a
/// size under the margin costs the solution its whole raised limit, and a limit depends on the
/// size far more than on the seed.
pub const SEEDS_PER_LARGER_SIZE: u64 = 2;

impl Problem {
    /// The seed case `index` of a run hands the generator, from its case seed: below 2^31, so
    /// that any generator reads it (C's `atoi`, a 32-bit `int`).
    pub fn generator_seed(case_seed: u64) -> u64 {
        case_seed >> 33
    }

    /// The `{size}` of case `index`: `min_size` (1 by default) for the first
    /// [`CASES_PER_SIZE`] cases, then one more every [`CASES_PER_SIZE`] cases, up to `max_size`.
    pub fn size_of(&self, index: u64) -> u64 {
        let first = self.min_size.max(1);
        first
            .saturating_add(index / CASES_PER_SIZE)
            .min(self.max_size.max(first))
    }

    /// Whether the generator's command takes a `{size}`.
    pub fn takes_size(&self) -> bool {
        self.generator.contains("{size}")
    }

    /// The generator seed of the `k`-th try at `size` when a finding of case seed `case_seed`
    /// is regenerated smaller: from the case seed (so from the run's seed and the case), the
    /// size and `k` alone, so a run regenerates the same inputs whatever its jobs.
    pub fn regenerate_seed(case_seed: u64, size: u64, k: u64) -> u64 {
        Problem::generator_seed(Rng::case_seed(Rng::case_seed(case_seed, size), k))
    }

    /// The generator's command line for a seed and a size.
    pub fn generator_command(&self, seed: u64, size: u64) -> String {
        with_seed_and_size(&self.generator, seed, size)
    }

    /// The generator's command line of case `index` (of case seed `case_seed`).
    fn case_command(&self, case_seed: u64, index: u64) -> String {
        self.generator_command(Problem::generator_seed(case_seed), self.size_of(index))
    }

    /// Runs the generator's command line `line` of case `index`, its errors naming the command
    /// as the user typed it ([`DynGame::regenerate_command`]).
    fn generate_line(&self, line: &str, case_seed: u64, index: u64) -> Result<String, String> {
        let shown = self.regenerate_command("", case_seed, index);
        generate_shown(line, &shown, self.generator_limits)
    }

    /// Case `index`, as [`DynGame::generate_case`] gives it, and kept: the run's case `index`
    /// is then this input, the generator not run again for it (what the probe before a run
    /// generates).
    pub fn generate_kept(&self, case_seed: u64, index: u64) -> Result<String, String> {
        let line = self.case_command(case_seed, index);
        if let Some(text) = self.kept.get(&line) {
            return Ok(text);
        }
        let text = self
            .generate_line(&line, case_seed, index)
            .map_err(|e| self.generator_failed(case_seed, index, &e))?;
        self.kept.put(line, text.clone());
        Ok(text)
    }

    /// The search [`DynGame::regenerate_smaller`] runs: the found case failed at size `s`;
    /// the sizes below it are bisected, each tried with up to [`SEEDS_PER_SIZE`] seeds
    /// ([`Problem::regenerate_seed`]) until one fails the same way (then the failing sizes go
    /// down to it) or none does (then they stay above it). The smallest failing input in bytes
    /// is kept if it is smaller than the found one. A generator that fails at a size makes
    /// that size one that does not fail (the run never gave it that size).
    fn search_smaller(&self, search: &mut Regenerate<'_>) -> Regeneration {
        let found = self.size_of(search.index);
        let none = |note: String| Regeneration { kept: None, note };
        if !self.takes_size() {
            return none("not regenerated smaller: the generator's command has no `{size}`".into());
        }
        let found_words = format!("found at size {found} ({})", size_words(search.input));
        if found <= 1 {
            return none(format!("{found_words}: no smaller size to regenerate at"));
        }
        let mut kept: Option<(String, u64, u64)> = None;
        let mut smallest = search.input.len();
        let mut tally = Tally::default();
        let (mut lo, mut hi) = (1, found);
        while lo < hi {
            let size = lo + (hi - lo) / 2;
            match self.try_size(search, size, SEEDS_PER_SIZE, &mut tally) {
                Tried::Fails(text, seed) => {
                    if text.len() < smallest {
                        smallest = text.len();
                        kept = Some((text, size, seed));
                    }
                    hi = size;
                }
                Tried::DoesNot => lo = size + 1,
                Tried::Stopped => break,
            }
        }
        let tally = tally.words();
        match kept {
            Some((input, size, seed)) => Regeneration {
                note: format!(
                    "{found_words}; regenerated failing at size {size} (seed {seed}: {}) in \
                     {tally}",
                    size_words(&input)
                ),
                kept: Some(Regenerated {
                    command: with_seed_and_size(&self.generator_display, seed, size),
                    how: format!("at size {found}, regenerated failing at size {size}"),
                    input,
                }),
            },
            None => none(format!(
                "{found_words}; no smaller regenerated input fails the same way ({tally})"
            )),
        }
    }

    /// The search [`DynGame::regenerate_larger`] runs: the found case of size `s` went over a
    /// limit but not over its margin, so that no case shrunk from it would fail every time.
    /// Sizes above it are tried, doubling up to `max_size` (each with up to
    /// [`SEEDS_PER_LARGER_SIZE`] seeds), until one goes over the margin (`search.fails`); the
    /// sizes between the last that did not and that one are then bisected, and the smallest
    /// failing input is kept.
    fn search_larger(&self, search: &mut Regenerate<'_>) -> Regeneration {
        let found = self.size_of(search.index);
        let none = |note: String| Regeneration { kept: None, note };
        let found_words = format!(
            "found at size {found} ({}), over the limit but not over its margin",
            size_words(search.input)
        );
        if !self.takes_size() {
            return none(format!(
                "{found_words}; not regenerated larger: the generator's command has no `{{size}}`"
            ));
        }
        let top = self.max_size.max(found);
        let mut tally = Tally::default();
        let mut kept: Option<(String, u64, u64)> = None;
        // `lo` the largest size known not to fail, `hi` the smallest known to fail: doubled
        // until one fails, then bisected.
        let (mut lo, mut hi) = (found, None);
        loop {
            let size = match hi {
                None if lo < top => lo.saturating_mul(2).min(top),
                Some(hi) if lo + 1 < hi => lo + (hi - lo) / 2,
                _ => break,
            };
            match self.try_size(search, size, SEEDS_PER_LARGER_SIZE, &mut tally) {
                Tried::Fails(text, seed) => {
                    kept = Some((text, size, seed));
                    hi = Some(size);
                }
                Tried::DoesNot => lo = size,
                Tried::Stopped => break,
            }
        }
        let tally = tally.words();
        match kept {
            Some((input, size, seed)) => Regeneration {
                note: format!(
                    "{found_words}; regenerated over the margin at size {size} (seed {seed}: {}) \
                     in {tally}",
                    size_words(&input)
                ),
                kept: Some(Regenerated {
                    command: with_seed_and_size(&self.generator_display, seed, size),
                    how: format!("at size {found}, regenerated over the margin at size {size}"),
                    input,
                }),
            },
            None => none(format!(
                "{found_words}; no regenerated input up to size {top} went over the margin \
                 ({tally})"
            )),
        }
    }

    /// Tries `size` with up to `seeds` seeds ([`Problem::regenerate_seed`]): the first input
    /// that fails as the found case does, with its seed.
    fn try_size(
        &self,
        search: &mut Regenerate<'_>,
        size: u64,
        seeds: u64,
        tally: &mut Tally,
    ) -> Tried {
        for k in 0..seeds {
            if !(search.go_on)() {
                tally.stopped = true;
                return Tried::Stopped;
            }
            let seed = Problem::regenerate_seed(search.case_seed, size, k);
            tally.runs += 1;
            let text = match generate(&self.generator_command(seed, size), self.generator_limits) {
                Ok(text) => text,
                Err(e) => {
                    (search.log)(&format!("size {size}, seed {seed}: no input: {e}"));
                    tally.no_input_at.get_or_insert(size);
                    return Tried::DoesNot;
                }
            };
            (search.generated)(&text);
            let fails = (search.fails)(&text);
            (search.log)(&format!(
                "size {size}, seed {seed}: {} ({})",
                if fails {
                    "fails the same way"
                } else {
                    "does not"
                },
                size_words(&text)
            ));
            if fails {
                tally.failing += 1;
                return Tried::Fails(text, seed);
            }
        }
        Tried::DoesNot
    }

    /// Runs the validator, if any, on `input`: `None` if it is valid (or there is no
    /// validator), else the rejection or the validator's failure.
    fn validate(&self, input: &[u8]) -> Option<Outcome> {
        let validator = self.validator.as_deref()?;
        let run = process::run_line(validator, input, self.generator_limits);
        let failed = |message: String| {
            Some(Outcome::Failed {
                fault: Fault::RuntimeError,
                message: format!("the validator `{validator}` {message}"),
            })
        };
        let run = match run {
            Ok(run) => run,
            Err(e) => return failed(format!("cannot start: {e}")),
        };
        match run.ended {
            Ended::Exited(status) if status.success() => None,
            Ended::Exited(status) if status.code().is_some() => Some(Outcome::Rejected {
                class: INVALID,
                line: 1,
                message: {
                    let said = run.stderr_line();
                    if said.is_empty() {
                        format!("the validator refused it ({})", process::describe(status))
                    } else {
                        format!("the validator refused it: {said}")
                    }
                },
            }),
            Ended::Exited(status) => failed(format!("died: {}", process::describe(status))),
            Ended::TimedOut => Some(Outcome::Failed {
                fault: Fault::TimeLimit,
                message: format!(
                    "the validator `{validator}` gave no verdict within {:?} (killed)",
                    self.generator_limits.timeout
                ),
            }),
            Ended::OutputLimit => failed("wrote too much (killed)".into()),
            Ended::MemoryLimit => failed("held too much memory (killed)".into()),
        }
    }
}

/// What trying one size of a regenerate search gave.
enum Tried {
    /// An input that fails as the found case does, and its generator seed.
    Fails(String, u64),
    /// No seed's input did (or the generator gave none).
    DoesNot,
    /// The time budget or Ctrl-C stopped the search.
    Stopped,
}

/// The generator runs of a regenerate search, for its note.
#[derive(Default)]
struct Tally {
    runs: u64,
    failing: u64,
    /// The first size the generator gave no input at.
    no_input_at: Option<u64>,
    /// Whether the time budget or Ctrl-C stopped the search.
    stopped: bool,
}

impl Tally {
    fn words(&self) -> String {
        let mut words = format!("{} generator run(s), {} failing", self.runs, self.failing);
        if let Some(size) = self.no_input_at {
            words += &format!("; the generator gave no input at size {size}");
        }
        if self.stopped {
            words += "; stopped by the time budget or Ctrl-C";
        }
        words
    }
}

/// `3 lines, 41 bytes`.
fn size_words(text: &str) -> String {
    crate::harness::run::progress::size(text)
}

/// A generator command line with its `{size}` and `{seed}` filled in (the seed appended when
/// the line does not say where it goes).
fn with_seed_and_size(line: &str, seed: u64, size: u64) -> String {
    let line = line.replace("{size}", &size.to_string());
    if line.contains("{seed}") {
        line.replace("{seed}", &seed.to_string())
    } else {
        format!("{line} {seed}")
    }
}

/// Runs a generator command line, the input it printed or why there is none.
pub fn generate(line: &str, limits: process::Limits) -> Result<String, String> {
    generate_shown(line, line, limits)
}

/// [`generate`], its errors naming the command as `line` (the command as the user typed it,
/// `python3 gen.py 2 7`, where the run's is the interpreter's path).
fn generate_shown(run: &str, line: &str, limits: process::Limits) -> Result<String, String> {
    let run =
        process::run_line(run, b"", limits).map_err(|e| format!("`{line}` cannot start: {e}"))?;
    match run.ended {
        Ended::Exited(status) if status.success() => {
            let text = String::from_utf8_lossy(&run.stdout).into_owned();
            if text.trim().is_empty() {
                return Err(format!("`{line}` printed nothing"));
            }
            Ok(text)
        }
        Ended::Exited(status) => {
            let mut why = match status.code() {
                Some(code) => format!("`{line}` failed with exit code {code}"),
                None => format!("`{line}` failed: {}", process::describe(status)),
            };
            let tail = run.stderr_tail(STDERR_LINES);
            if !tail.is_empty() {
                why.push_str(&format!("; its stderr ends:\n  {}", tail.join("\n  ")));
            }
            Err(why)
        }
        Ended::TimedOut => Err(format!(
            "`{line}` gave no input within {:?} (killed)",
            limits.timeout
        )),
        Ended::OutputLimit => Err(format!(
            "`{line}` wrote more than {} bytes (killed)",
            limits.output_cap
        )),
        Ended::MemoryLimit => Err(format!("`{line}` held too much memory (killed)")),
    }
}

impl DynGame for Problem {
    fn slug(&self) -> &'static str {
        self.name
    }
    fn problem(&self) -> &'static str {
        self.name
    }
    fn title(&self) -> &'static str {
        self.name
    }
    fn tags(&self) -> &'static [&'static str] {
        &[]
    }
    fn settings(&self) -> &'static [Setting] {
        &[]
    }
    fn engine(&self, _input: &[u8], _options: &Options) -> Outcome {
        // A problem has no engine: `stress` always checks a solution.
        Outcome::Failed {
            fault: Fault::RuntimeError,
            message: "a problem of programs has no engine; give a --solution".into(),
        }
    }
    fn reference(&self, input: &[u8], _options: &Options) -> Outcome {
        if let Some(refused) = self.validate(input) {
            return refused;
        }
        let Some(reference) = &self.reference else {
            return Outcome::Output(format!("{}\n", interact::ACCEPTED));
        };
        let limits = self.reference_limits;
        if let Some(interactor) = &self.interactor {
            // A trusted program: charged the wall-clock time alone, as a brute force always is.
            let limits = interact::Limits {
                cpu: std::time::Duration::ZERO,
                timeout: limits.timeout,
                memory: 0,
                idle: interactor.idle,
                output_cap: limits.output_cap,
            };
            return interact::brute_outcome(reference, &interactor.command, input, limits);
        }
        match run_command(reference, input, limits.timeout, limits.output_cap) {
            Outcome::Output(text) if text.trim().is_empty() => Outcome::Failed {
                fault: Fault::RuntimeError,
                message: "printed nothing (exit code 0)".into(),
            },
            other => other,
        }
    }
    fn engine_trace(&self, _input: &[u8], _options: &Options) -> Option<Trace> {
        None
    }
    fn reference_trace(&self, _input: &[u8], _options: &Options) -> Option<Trace> {
        None
    }
    fn census(&self, _input: &[u8], _options: &Options) -> Result<u64, String> {
        Ok(0)
    }
    fn reference_census(&self, _input: &[u8], _options: &Options) -> Option<Result<u64, String>> {
        None
    }
    fn generate(&self, rng: &mut Rng, options: &Options) -> Result<String, String> {
        self.generate_case(rng.next_u64(), 0, options)
    }
    fn generate_case(
        &self,
        case_seed: u64,
        index: u64,
        _options: &Options,
    ) -> Result<String, String> {
        let line = self.case_command(case_seed, index);
        match self.kept.get(&line) {
            Some(text) => Ok(text),
            None => self.generate_line(&line, case_seed, index),
        }
    }
    fn generator_failed(&self, case_seed: u64, index: u64, why: &str) -> String {
        format!(
            "the generator ({}) failed on case {index} (seed {}): {why}",
            self.generator_flag,
            Problem::generator_seed(case_seed)
        )
    }
    fn regenerate_command(&self, _invocation: &str, case_seed: u64, index: u64) -> String {
        with_seed_and_size(
            &self.generator_display,
            Problem::generator_seed(case_seed),
            self.size_of(index),
        )
    }
    fn decode_fuzz_input(&self, _bytes: &[u8]) -> Result<String, String> {
        Err("a problem of programs has no fuzz target".into())
    }
    fn raw_options(&self, _input: &[u8]) -> Options {
        Options::new()
    }
    fn self_check(&self, _input: &[u8], _options: &Options) -> Result<(), String> {
        Ok(())
    }
    fn deep_share(&self) -> (u32, usize) {
        (0, 0)
    }
    fn shrink(&self, input: &str, still_fails: &mut dyn FnMut(&str) -> bool) -> Option<String> {
        Some(text_shrink::shrink_text(input, still_fails))
    }
    fn regenerate_smaller(&self, search: &mut Regenerate<'_>) -> Option<Regeneration> {
        Some(self.search_smaller(search))
    }
    fn regenerate_larger(&self, search: &mut Regenerate<'_>) -> Option<Regeneration> {
        Some(self.search_larger(search))
    }
    fn shrink_in_shape(&self) -> bool {
        self.keep_shape
    }
    fn of_programs(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn problem(generator: &str, reference: &str, validator: Option<&str>) -> Problem {
        let limits = process::Limits {
            timeout: Duration::from_secs(5),
            output_cap: 1 << 20,
        };
        Problem {
            name: "toy",
            generator: generator.into(),
            generator_display: generator.into(),
            reference: Some(reference.into()),
            interactor: None,
            validator: validator.map(str::to_string),
            generator_limits: limits,
            reference_limits: limits,
            min_size: 1,
            max_size: 3,
            keep_shape: false,
            generator_flag: "--gen",
            kept: Kept::default(),
        }
    }

    #[test]
    fn the_generator_gets_the_seed_last_or_where_it_says_and_a_growing_size() {
        let p = problem("echo {size}", "cat", None);
        assert_eq!(p.generator_command(7, 2), "echo 2 7");
        assert_eq!(
            problem("echo {seed} x", "cat", None).generator_command(7, 2),
            "echo 7 x"
        );
        let sizes: Vec<u64> = [0, 9, 10, 19, 20, 1000]
            .iter()
            .map(|&i| p.size_of(i))
            .collect();
        assert_eq!(sizes, [1, 1, 2, 2, 3, 3]);
        let seed = Rng::case_seed(5, 12);
        assert!(Problem::generator_seed(seed) < 1 << 31);
        assert_eq!(
            p.generate_case(seed, 12, &Options::new()).unwrap(),
            format!("2 {}\n", Problem::generator_seed(seed))
        );
        assert_eq!(
            p.regenerate_command("boardfuzz", seed, 12),
            format!("echo 2 {}", Problem::generator_seed(seed))
        );
    }

    #[test]
    fn a_limit_case_not_over_its_margin_is_regenerated_at_the_smallest_larger_size_that_is() {
        // Found at size 5; an input of size 37 or more goes over the margin, up to size 100.
        let mut p = problem("echo {size}", "cat", None);
        p.max_size = 100;
        let index = 40;
        assert_eq!(p.size_of(index), 5);
        let case_seed = Rng::case_seed(7, index);
        let mut tried = Vec::new();
        let mut fails = |t: &str| {
            let size: u64 = t.split_whitespace().next().unwrap().parse().unwrap();
            tried.push(size);
            size >= 37
        };
        let (mut log, mut generated) = (|_: &str| {}, |_: &str| {});
        let found = format!("5 {}\n", Problem::generator_seed(case_seed));
        let r = p.search_larger(&mut Regenerate {
            case_seed,
            index,
            input: &found,
            fails: &mut fails,
            go_on: &|| true,
            generated: &mut generated,
            log: &mut log,
        });
        let kept = r.kept.expect("size 37 goes over the margin");
        assert_eq!(
            kept.how,
            "at size 5, regenerated over the margin at size 37"
        );
        assert!(kept.input.starts_with("37 "), "{}", kept.input);
        assert!(
            r.note.contains("regenerated over the margin at size 37"),
            "{}",
            r.note
        );
        // Doubled: 10, 20 (every seed), 40 (one); then bisected: 30, 35 (every seed), 37, 36.
        let every = |size| [size; SEEDS_PER_LARGER_SIZE as usize];
        let expected: Vec<u64> = [every(10), every(20)]
            .concat()
            .into_iter()
            .chain([40])
            .chain([every(30), every(35)].concat())
            .chain([37])
            .chain(every(36))
            .collect();
        assert_eq!(tried, expected);
        // Nothing over the margin up to the largest size: no case, and the note says so.
        let mut never = |_: &str| false;
        let r = p.search_larger(&mut Regenerate {
            case_seed,
            index,
            input: &found,
            fails: &mut never,
            go_on: &|| true,
            generated: &mut generated,
            log: &mut log,
        });
        assert!(r.kept.is_none());
        assert!(
            r.note
                .contains("no regenerated input up to size 100 went over the margin"),
            "{}",
            r.note
        );
    }

    #[test]
    fn a_finding_is_regenerated_at_the_smallest_failing_size_and_its_command_prints_it() {
        // The generator prints its size; an input of size 3 or more fails.
        let mut p = problem("echo {size}", "cat", None);
        p.max_size = 100;
        let index = 595;
        assert_eq!(p.size_of(index), 60);
        let case_seed = Rng::case_seed(7, index);
        let mut tried = Vec::new();
        let mut fails = |t: &str| {
            let size: u64 = t.split_whitespace().next().unwrap().parse().unwrap();
            tried.push(size);
            size >= 3
        };
        let (mut printed, mut log) = (0, |_: &str| {});
        let mut generated = |_: &str| printed += 1;
        let found = format!("60 {}\n", Problem::generator_seed(case_seed));
        let r = p.search_smaller(&mut Regenerate {
            case_seed,
            index,
            input: &found,
            fails: &mut fails,
            go_on: &|| true,
            generated: &mut generated,
            log: &mut log,
        });
        let kept = r.kept.expect("size 3 fails");
        assert_eq!(kept.how, "at size 60, regenerated failing at size 3");
        assert!(kept.input.starts_with("3 "), "{}", kept.input);
        assert_eq!(
            generate(&kept.command, p.generator_limits).unwrap(),
            kept.input
        );
        // Bisected: 30, 15, 8, 4, 2 (every seed), 3; one try at each failing size.
        assert_eq!(
            tried,
            [30, 15, 8, 4]
                .into_iter()
                .chain([2; SEEDS_PER_SIZE as usize])
                .chain([3])
                .collect::<Vec<u64>>()
        );
        assert_eq!(printed, tried.len());
        assert!(
            r.note.starts_with(&format!(
                "found at size 60 (1 line, {} bytes); regenerated failing at size 3 (seed ",
                found.len()
            )) && r.note.ends_with(") in 13 generator run(s), 5 failing"),
            "{}",
            r.note
        );
        // The same search again regenerates the same inputs; a generator without a size, or
        // a search told to stop, keeps nothing.
        let mut fails = |t: &str| t.split(' ').next().unwrap().parse::<u64>().unwrap() >= 3;
        let again = p.search_smaller(&mut Regenerate {
            case_seed,
            index,
            input: &found,
            fails: &mut fails,
            go_on: &|| true,
            generated: &mut |_| {},
            log: &mut |_| {},
        });
        assert_eq!(again.kept.unwrap().input, kept.input);
        for (p, go_on) in [(problem("echo", "cat", None), true), (p.clone(), false)] {
            let r = p.search_smaller(&mut Regenerate {
                case_seed,
                index,
                input: &found,
                fails: &mut |_| true,
                go_on: &|| go_on,
                generated: &mut |_| {},
                log: &mut |_| {},
            });
            assert!(r.kept.is_none(), "{}", r.note);
        }
    }

    #[test]
    fn a_generator_script_without_a_shebang_runs_as_the_shell_would_run_it() {
        let dir = std::env::temp_dir().join(format!("boardfuzz-problem-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("gen");
        crate::harness::programs::process::write_script(&script, "echo \"1 $1\"\n");
        let p = problem(
            &script.display().to_string(),
            "cat",
            Some(&script.display().to_string()),
        );
        let seed = Rng::case_seed(1, 0);
        let text = p.generate_case(seed, 0, &Options::new()).unwrap();
        assert_eq!(text, format!("1 {}\n", Problem::generator_seed(seed)));
        // The same script as a validator: it starts, and exits 0.
        assert_eq!(
            p.reference(b"x\n", &Options::new()),
            Outcome::Output("x\n".into())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_generator_that_fails_or_prints_nothing_gives_no_case() {
        let options = Options::new();
        let e = problem("sh -c 'echo bad config >&2; exit 3' x", "cat", None)
            .generate_case(1, 0, &options)
            .unwrap_err();
        assert!(e.contains("exit code 3") && e.contains("bad config"), "{e}");
        let e = problem("true", "cat", None)
            .generate_case(1, 0, &options)
            .unwrap_err();
        assert!(e.contains("printed nothing"), "{e}");
    }

    #[test]
    fn the_validator_rejects_and_the_reference_answers() {
        let p = problem("echo", "cat", Some("grep -q ok"));
        let options = Options::new();
        assert_eq!(
            p.reference(b"ok\n", &options),
            Outcome::Output("ok\n".into())
        );
        assert!(matches!(
            p.reference(b"no\n", &options),
            Outcome::Rejected { class: INVALID, .. }
        ));
        let silent = problem("echo", "true", None);
        assert_eq!(
            silent.reference(b"1\n", &options).fault(),
            Some(Fault::RuntimeError)
        );
    }
}
