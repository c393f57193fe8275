//! Shrinking a failing input to a local minimum that still fails alike, with the game's own
//! shrinker or another, under a watchdog ([`minimize_watched`]).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::{DynGame, Options};
use crate::guard::lock;
use crate::harness::case::verdict::with_census;
use crate::harness::run::{interrupt, watchdog};
use crate::harness::{answered, compare_with, Comparison, Subject, Verdict};

/// Shrinks a failing input to a local minimum of inputs with the same verdict (a wrong answer
/// stays a wrong answer, a time limit a time limit, a panic of one side a panic of that side),
/// structurally or as judge text ([`DynGame::shrink`]); when `answered` (the reference answered
/// `input`), every kept candidate is answered by the reference too. Returns the input unchanged
/// if it cannot be shrunk. `also` is asked before each candidate (`false` ends the shrink
/// early, e.g. on Ctrl-C).
pub fn minimize(
    game: &dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    also: &mut dyn FnMut(&str) -> bool,
) -> String {
    let mut fails = |text: &str| {
        also(text) && {
            let comparison = compare_with(game, subject, text.as_bytes(), options);
            (!answered || self::answered(&comparison.reference))
                && with_census(comparison.verdict(), game, text.as_bytes(), options) == verdict
        }
    };
    game.shrink(input, &mut fails)
        .unwrap_or_else(|| input.to_string())
}

/// What [`minimize_watched`] came to.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing input found (the input itself if nothing smaller fails alike).
    pub input: String,
    /// The candidate call that overran the watchdog and ended the shrink early, if one did.
    pub cut_short: Option<watchdog::Overrun>,
    /// Why the shrink stopped before a local minimum, if it did: the time budget ran out, or
    /// Ctrl-C ([`interrupt::requested`]). The input is then the smallest failing one so far.
    pub stopped: Option<&'static str>,
}

/// What a shrink is told of its progress: each smaller failing input, with the number of
/// candidates tried so far.
pub type OnBest = Box<dyn FnMut(&str, u64) + Send>;

/// What a shrink is told after each candidate it ran: the smallest failing input so far, this
/// candidate's comparison if it was kept (it is then that input), and the number of candidates
/// run so far.
pub type OnTry = Box<dyn FnMut(&str, Option<&Comparison>, u64) + Send>;

/// A shrinker, as [`DynGame::shrink`] is one: the input and the test a candidate must pass to be
/// kept; the smallest input kept, or `None` where it does not take the input on.
pub type Shrinker = Box<dyn FnOnce(&str, &mut dyn FnMut(&str) -> bool) -> Option<String> + Send>;

/// [`minimize`] on a thread of its own, each call into game code under the watchdog the campaign
/// uses: the subject within `watchdog` (plus an external solution's own time limit), the
/// reference within `watchdog` plus 100× the subject's time on the candidate (when `answered`,
/// the reference runs first, so that the subject never runs on a candidate it rejects, and
/// the subject's time is the last candidate's), the census within
/// `watchdog` plus 100× both. A candidate that overruns ends the shrink, and the smallest failing
/// input before it is the result ([`Shrunk::cut_short`] says what hung). No candidate starts
/// after `deadline` or Ctrl-C ([`Shrunk::stopped`]); `on_best` is told each smaller failing
/// input.
#[allow(clippy::too_many_arguments)]
pub fn minimize_watched(
    game: &'static dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    watchdog: Duration,
    deadline: Option<Instant>,
    mut on_best: OnBest,
) -> Shrunk {
    minimize_watched_with(
        Box::new(move |input, fails| game.shrink(input, fails)),
        game,
        subject,
        input,
        options,
        verdict,
        answered,
        watchdog,
        deadline,
        Box::new(move |best, kept, tries| {
            if kept.is_some() {
                on_best(best, tries)
            }
        }),
    )
}

/// [`minimize_watched`] with a shrinker of the caller's instead of the game's own
/// ([`DynGame::shrink`]), telling `on_try` of every candidate run, kept or not: what
/// `boardfuzz shrink` runs on a file of the user's with the generic judge-text shrinker
/// ([`crate::harness::shrink::file`]).
#[allow(clippy::too_many_arguments)]
pub fn minimize_watched_with(
    shrinker: Shrinker,
    game: &'static dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    watchdog: Duration,
    deadline: Option<Instant>,
    mut on_try: OnTry,
) -> Shrunk {
    let best = Arc::new(Mutex::new(input.to_string()));
    let stopped: Arc<Mutex<Option<&'static str>>> = Arc::new(Mutex::new(None));
    let (subject, options, input) = (subject.clone(), options.clone(), input.to_string());
    let (kept, stop) = (Arc::clone(&best), Arc::clone(&stopped));
    let result = watchdog::watched(move |pulse| {
        let own_limit = match &subject {
            Subject::Solution { timeout, .. } => *timeout,
            Subject::Engine => Duration::ZERO,
        };
        let mut tries = 0u64;
        let mut subject_time = Duration::ZERO;
        let mut fails = |text: &str| {
            let why = if interrupt::requested() {
                Some("shrinking was interrupted; this is the smallest failing case so far")
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Some("the time budget ran out while shrinking; this is the smallest failing case so far")
            } else {
                None
            };
            if let Some(why) = why {
                *stop.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                return false;
            }
            tries += 1;
            let bytes = text.as_bytes();
            let (mine, reference, both) = if answered {
                // The candidate must be a valid input: ask the reference first, and spend no
                // run of the subject (an external program's start, often) on one it rejects.
                // Its allowance is 100× the subject's time on the last candidate.
                pulse.enter("the reference", watchdog + subject_time * 100);
                let started = Instant::now();
                let reference = game.reference(bytes, &options);
                let reference_time = started.elapsed();
                if !self::answered(&reference) {
                    pulse.leave();
                    on_try(&lock(&kept), None, tries);
                    return false;
                }
                pulse.enter(subject.label(), watchdog + own_limit);
                let started = Instant::now();
                let mine = subject.run(game, bytes, &options);
                subject_time = started.elapsed();
                (mine, reference, subject_time + reference_time)
            } else {
                pulse.enter(subject.label(), watchdog + own_limit);
                let started = Instant::now();
                let mine = subject.run(game, bytes, &options);
                subject_time = started.elapsed();
                pulse.enter("the reference", watchdog + subject_time * 100);
                let started = Instant::now();
                let reference = game.reference(bytes, &options);
                (mine, reference, subject_time + started.elapsed())
            };
            let comparison = Comparison::new(subject.clone(), bytes, mine, reference);
            pulse.enter("the census code", watchdog + both * 100);
            let same = (!answered || self::answered(&comparison.reference))
                && with_census(comparison.verdict(), game, bytes, &options) == verdict;
            pulse.leave();
            // A candidate killed by Ctrl-C proves nothing.
            let same = same && !interrupt::requested();
            if same {
                *lock(&kept) = text.to_string();
            }
            on_try(&lock(&kept), same.then_some(&comparison), tries);
            same
        };
        shrinker(&input, &mut fails).unwrap_or(input)
    });
    let stopped = *lock(&stopped);
    match result {
        Ok(input) => Shrunk {
            input,
            cut_short: None,
            stopped,
        },
        Err(overrun) => Shrunk {
            input: lock(&best).clone(),
            cut_short: Some(overrun),
            stopped,
        },
    }
}
