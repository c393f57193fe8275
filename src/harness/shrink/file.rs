//! Shrinking a failing file of the user's own, one that no generator made (a judge's test, a
//! file from a bug report): what `boardfuzz shrink` runs. The candidates are the generic
//! judge-text shrinker's ([`crate::text_shrink::shrink_text`], taken on at any size); what
//! decides whether one is kept is either
//!
//! - a test program of the user's, the convention of C-Reduce and shrinkray ([`TestCommand`]):
//!   run once per candidate with the candidate in a file whose path it is given (and on its
//!   stdin), exit 0 meaning "still interesting"; or
//! - the verdict `stress` gives ([`VerdictTest`]): a brute force's answer against a solution's,
//!   judged by the same checker, behind the same validator, and the candidate kept only when
//!   the brute force answers it and the solution's verdict is the original's (a wrong answer
//!   stays a wrong answer, a runtime error a runtime error, a time limit a time limit). This
//!   is [`minimize_watched_with`](crate::harness::minimize_watched_with), as `repro --shrink` runs it.
//!
//! Both stop at a budget or at Ctrl-C with the smallest interesting input so far — at once: the
//! shrink runs on a worker thread that is left behind (`drive`), since the shrinker knows no
//! stop and on a large file spends long between two candidates — and tell the caller of every
//! test run ([`OnProgress`]), which writes each smaller one as it comes, so that nothing found
//! is lost to a second Ctrl-C. Every program runs as every program of a user's
//! runs ([`process::run_line`]: its own process group, a time limit, an output cap).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{DynGame, Options, Outcome};
use crate::guard::lock;
use crate::harness::programs::problem::Problem;
use crate::harness::programs::process::{self, Ended};
use crate::harness::programs::subject::{Margins, CONFIRM_RUNS, STDERR_LINES};
use crate::harness::{run::interrupt, shell_quote, Comparison, Side, Subject, Verdict};
use crate::text_shrink;

/// Why a shrink ended before a local minimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The time budget ran out.
    Budget,
    /// Ctrl-C (or SIGTERM).
    Interrupted,
}

/// What a shrink came to.
#[derive(Debug, Clone)]
pub struct Reduced {
    /// The smallest interesting input found (the original if nothing smaller is).
    pub input: String,
    /// How many times the test ran, the original's run included: for a [`VerdictTest`], the
    /// candidates judged (each one run of the validator and the brute force, and of the
    /// solution and the checker where the brute force answered).
    pub runs: u64,
    /// How many of those runs the test's time limit ended ([`TestCommand`] only): counted as
    /// not interesting.
    pub timed_out: u64,
    /// Why the shrink stopped early, if it did.
    pub stopped: Option<Stop>,
    /// A note on a shrink a hang cut short (a program past boardfuzz's own watchdog).
    pub cut_short: Option<String>,
}

/// What the caller is told after each run of the test: the smallest interesting input so far,
/// whether this run's candidate is it (it was just kept), and the runs so far (the original's
/// included).
pub type OnProgress = Box<dyn FnMut(&str, bool, u64) + Send>;

/// `DIR/NAME.min.EXT` for `DIR/NAME.EXT` (`case.in` → `case.min.in`, `case` → `case.min`):
/// where `boardfuzz shrink` writes its result unless told otherwise.
pub fn min_path(case: &Path) -> PathBuf {
    let name = case.file_name().unwrap_or_default().to_string_lossy();
    let named = match case.extension().map(|e| e.to_string_lossy()) {
        Some(ext) => {
            let stem = &name[..name.len() - ext.len() - 1];
            format!("{stem}.min.{ext}")
        }
        None => format!("{name}.min"),
    };
    case.with_file_name(named)
}

/// A case's size as `boardfuzz shrink` says it: `L lines, T tokens, B bytes` (the words the
/// same whatever the numbers, for scripts). Tokens count: `64 64` to `16 16` is as many lines
/// and bytes, and a shrink all the same.
pub fn sizes(text: &str) -> String {
    let tokens = text.split_ascii_whitespace().count();
    format!(
        "{} lines, {tokens} tokens, {} bytes",
        text.lines().count(),
        text.len()
    )
}

/// Whether `now` is past the deadline, if there is one.
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Why a shrink must stop now: Ctrl-C, or the budget.
fn stop_now(deadline: Option<Instant>) -> Option<Stop> {
    if interrupt::requested() {
        Some(Stop::Interrupted)
    } else if past(deadline) {
        Some(Stop::Budget)
    } else {
        None
    }
}

/// A test program, C-Reduce's convention: `line` runs once per candidate, with the candidate
/// written to a file whose path goes where the line says `{path}` (as one shell word), or last;
/// the candidate is on its stdin too. Exit code 0: still interesting.
#[derive(Debug, Clone)]
pub struct TestCommand {
    /// The command line, ready to run (a source file already compiled).
    pub line: String,
    /// Limits of one run: a run past the time limit is not interesting.
    pub limits: process::Limits,
    /// The candidate file's name (the case's own, so that a test that looks at the extension
    /// sees it).
    pub file_name: String,
}

/// What the test said of one candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Exit code 0.
    Interesting,
    /// Anything else: how it ended (`exit code 1`, `killed by signal 9 (SIGKILL)`, a time
    /// limit) and the last lines of its stderr.
    Not {
        /// How the run ended, in words.
        status: String,
        /// The last lines of its stderr.
        stderr: Vec<String>,
        /// Whether the time limit ended it.
        timed_out: bool,
    },
}

/// A folder of the process's own for the candidate file, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> std::io::Result<Scratch> {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "boardfuzz-shrink-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl TestCommand {
    /// The command line for a candidate at `path`.
    pub fn line_for(&self, path: &Path) -> String {
        let quoted = shell_quote(&path.display().to_string());
        if self.line.contains("{path}") {
            self.line.replace("{path}", &quoted)
        } else {
            format!("{} {quoted}", self.line)
        }
    }

    /// Runs the test on `text`, written to `path`, within `timeout` at most (the test's own
    /// limit or less). `Err`: the test cannot be started, or the file written.
    fn ask(&self, path: &Path, text: &str, timeout: Duration) -> Result<Said, String> {
        std::fs::write(path, text)
            .map_err(|e| format!("cannot write the candidate file {}: {e}", path.display()))?;
        let limits = process::Limits {
            timeout: timeout.min(self.limits.timeout),
            output_cap: self.limits.output_cap,
        };
        let run = process::run_line(&self.line_for(path), text.as_bytes(), limits)
            .map_err(|e| format!("the test `{}` cannot start: {e}", self.line))?;
        let stderr = run.stderr_tail(STDERR_LINES);
        Ok(match run.ended {
            Ended::Exited(status) if status.success() => Said::Interesting,
            Ended::Exited(status) => Said::Not {
                status: process::describe(status),
                stderr,
                timed_out: false,
            },
            Ended::TimedOut => Said::Not {
                status: format!("no verdict within {:?}, killed", limits.timeout),
                stderr,
                timed_out: true,
            },
            Ended::OutputLimit => Said::Not {
                status: format!("wrote more than {} bytes, killed", limits.output_cap),
                stderr,
                timed_out: false,
            },
            Ended::MemoryLimit => Said::Not {
                status: "held too much memory, killed".into(),
                stderr,
                timed_out: false,
            },
        })
    }
}

/// The payload that unwinds a shrink out of the shrinker ([`shrink_until`]).
struct Stopped;

/// [`text_shrink::shrink_text`] with a test that may end the shrink (`None`): then it ends at
/// once, with the smallest input kept so far and `true`. The shrinker would otherwise go on
/// building every candidate of its passes, each refused unasked, which on a large file takes
/// far longer than a budget allows. It is left by unwinding (`resume_unwind`, which no panic
/// hook sees), the one way out of a shrinker that knows no stop.
fn shrink_until(input: &str, keep: &mut dyn FnMut(&str) -> Option<bool>) -> (String, bool) {
    let mut best = input.to_string();
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        text_shrink::shrink_text(input, &mut |candidate| match keep(candidate) {
            Some(kept) => {
                if kept {
                    best = candidate.to_string();
                }
                kept
            }
            None => std::panic::resume_unwind(Box::new(Stopped)),
        })
    }));
    match run {
        Ok(result) => (result, false),
        Err(payload) if payload.is::<Stopped>() => (best, true),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Shrinks `original` (the file `case`, as messages name it) to a local minimum of inputs
/// `test` finds interesting. The test runs first on the original, which must be interesting:
/// `Err` says what the test said instead (or why it could not run). A run still going at the
/// deadline is killed then (the deadline ends the shrink, it is no time limit of the test's);
/// after Ctrl-C no run counts, and the shrink ends at once either way (`drive`). `on_try` is
/// told of every run after the original's.
pub fn shrink_by_test(
    test: &TestCommand,
    case: &str,
    original: &str,
    deadline: Option<Instant>,
    mut on_try: OnProgress,
) -> Result<Reduced, String> {
    let scratch = Scratch::new().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let path = scratch.0.join(&test.file_name);
    let forever = Duration::from_secs(u64::MAX / 4);
    let left = move |deadline: Option<Instant>| {
        deadline.map_or(forever, |d| d.saturating_duration_since(Instant::now()))
    };
    match test.ask(&path, original, left(deadline))? {
        Said::Interesting => {}
        _ if interrupt::requested() => {
            return Err(format!("interrupted before the test finished on {case}"))
        }
        Said::Not { status, stderr, .. } => {
            let mut why = format!("the test says {case} is not interesting ({status})");
            if past(deadline) {
                why.push_str(", stopped by the time budget before it answered");
            }
            why.push_str(&match &stderr[..] {
                [] => "; it wrote nothing on stderr".to_string(),
                [line] => format!("; its stderr ends: {line}"),
                lines => format!("; its stderr ends:\n  {}", lines.join("\n  ")),
            });
            return Err(why);
        }
    }
    let state = Arc::new(Mutex::new(State::new(original)));
    let work = {
        let (state, test, original) = (Arc::clone(&state), test.clone(), original.to_string());
        move || {
            let mut failure = None;
            let done = shrink_until(&original, &mut |candidate| {
                {
                    let mut s = lock(&state);
                    if s.closed {
                        return None;
                    }
                    if let Some(stop) = stop_now(deadline) {
                        s.stopped = Some(stop);
                        return None;
                    }
                    s.runs += 1;
                }
                let said = test.ask(&path, candidate, left(deadline));
                let mut s = lock(&state);
                let kept = match said {
                    _ if s.closed => return None,
                    Err(e) => {
                        failure = Some(e);
                        return None;
                    }
                    // A run Ctrl-C or the budget killed proves nothing.
                    Ok(_) if interrupt::requested() => false,
                    Ok(Said::Not {
                        timed_out: true, ..
                    }) if past(deadline) => false,
                    Ok(Said::Not { timed_out, .. }) => {
                        s.timed_out += u64::from(timed_out);
                        false
                    }
                    Ok(Said::Interesting) => true,
                };
                if kept {
                    s.best = candidate.to_string();
                }
                on_try(&s.best, kept, s.runs);
                Some(kept)
            });
            (done, failure)
        }
    };
    let finished = drive(deadline, work);
    // The folder goes only now: the worker is done with it, or closed out.
    let mut s = lock(&state);
    s.closed = true;
    drop(scratch);
    match finished {
        Ok((_, Some(failure))) => Err(failure),
        Ok(((input, _), None)) => Ok(s.reduced(input, s.stopped)),
        Err(stop) => Ok(s.reduced(s.best.clone(), Some(stop))),
    }
}

/// What a shrink's worker has come to, shared with the thread that waits for it (`drive`).
struct State {
    best: String,
    runs: u64,
    timed_out: u64,
    stopped: Option<Stop>,
    /// The comparison of `best` ([`VerdictTest`]), where a candidate was kept.
    comparison: Option<Comparison>,
    /// Set when the waiting thread has stopped waiting: the worker changes nothing after it.
    closed: bool,
}

impl State {
    /// The state before any candidate: the original, its one run.
    fn new(original: &str) -> State {
        State {
            best: original.to_string(),
            runs: 1,
            timed_out: 0,
            stopped: None,
            comparison: None,
            closed: false,
        }
    }

    fn reduced(&self, input: String, stopped: Option<Stop>) -> Reduced {
        Reduced {
            input,
            runs: self.runs,
            timed_out: self.timed_out,
            stopped,
            cut_short: None,
        }
    }
}

/// Runs `work` on a thread of its own and waits for its result, or until the deadline or
/// Ctrl-C (`Err`): then the worker is left behind — in the middle of a run of a program, which
/// ends by itself at the deadline or was killed by Ctrl-C and whose verdict proves nothing, or
/// of the shrinker's own work between two candidates, which on a large file may be long — and
/// the caller takes the smallest case so far from the shared [`State`].
fn drive<T: Send + 'static>(
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Stop> {
    let (tx, rx) = mpsc::channel();
    let handle = thread::spawn(move || {
        let _ = tx.send(work());
    });
    loop {
        match rx.recv_timeout(Duration::from_millis(20)) {
            Ok(result) => return Ok(result),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The worker ended without a result: it panicked.
                if let Err(panic) = handle.join() {
                    std::panic::resume_unwind(panic);
                }
                unreachable!("a worker that returns sends its result");
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(stop) = stop_now(deadline) {
                    return Err(stop);
                }
            }
        }
    }
}

/// The verdict `stress` gives, as the test: a problem (the brute force as its reference, the
/// validator in front of it) and the solution with its checker.
#[derive(Debug, Clone)]
pub struct VerdictTest {
    /// The brute force and the validator (no generator: its fields are not used).
    pub problem: &'static Problem,
    /// The solution, its limits and its checker.
    pub subject: Subject,
    /// boardfuzz's own watchdog over a candidate's runs (each program has its own time limit).
    pub watchdog: Duration,
    /// The margins over the limits a candidate of a time or memory limit must reach to be kept
    /// ([`Margins`], 1.25 and 1.1 by default), as a campaign's shrink keeps them.
    pub margins: Margins,
}

impl VerdictTest {
    /// The test of `subject` against the brute force `reference` (and `validator`, if any; and
    /// the subject's interactor, if it has one, which alone judges when there is no brute
    /// force): the programs' own limits are `reference_limits` and `validator_limits`, and
    /// boardfuzz's watchdog over a candidate is 3x the slowest of them, the solution's, the
    /// interactor's idleness limit and `checker_timeout`, plus 10 s.
    pub fn new(
        reference: Option<String>,
        validator: Option<String>,
        reference_limits: process::Limits,
        validator_limits: process::Limits,
        subject: Subject,
        checker_timeout: Duration,
    ) -> VerdictTest {
        let (solution_timeout, interactor) = match &subject {
            Subject::Solution {
                timeout,
                interactor,
                ..
            } => (*timeout, interactor.clone()),
            Subject::Engine => (Duration::ZERO, None),
        };
        let slowest = [
            solution_timeout,
            interactor.as_ref().map_or(Duration::ZERO, |i| i.idle),
            reference_limits.timeout,
            validator_limits.timeout,
            checker_timeout,
        ]
        .into_iter()
        .max()
        .unwrap_or_default();
        let problem: &'static Problem = Box::leak(Box::new(Problem {
            name: "shrink",
            generator: String::new(),
            generator_display: String::new(),
            reference,
            interactor,
            validator,
            generator_limits: validator_limits,
            reference_limits,
            min_size: 1,
            max_size: 1,
            keep_shape: false,
            generator_flag: "--gen",
            kept: Default::default(),
        }));
        VerdictTest {
            problem,
            subject,
            watchdog: (slowest * 3 + Duration::from_secs(10)).mul_f64(Margins::TIME),
            margins: Margins::default(),
        }
    }
}

/// What a [`VerdictTest`] shrink came to.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The shrink.
    pub reduced: Reduced,
    /// The verdict every kept candidate had, the original's.
    pub verdict: Verdict,
    /// Both answers on [`Reduced::input`].
    pub comparison: Comparison,
    /// What the reader should know of how the verdict was kept (a limit kept with a margin, or
    /// a file not over the margin, not shrunk).
    pub notes: Vec<String>,
}

/// Shrinks `original` (the file `case`) to a local minimum of inputs the brute force answers
/// and on which the solution has the original's verdict. The original is judged first: `Err`
/// if the brute force fails on it, the validator refuses it, the checker gives no verdict or the
/// solution's answer is accepted. The shrink ends at `deadline` or Ctrl-C, a candidate still
/// being judged then left behind (`drive`).
pub fn shrink_by_verdict(
    test: &VerdictTest,
    case: &str,
    original: &str,
    deadline: Option<Instant>,
    mut on_try: OnProgress,
) -> Result<Judged, String> {
    let game: &'static dyn DynGame = test.problem;
    let options = Options::new();
    let first = crate::harness::compare_with(game, &test.subject, original.as_bytes(), &options);
    if interrupt::requested() {
        return Err(format!("interrupted before {case} was judged"));
    }
    let verdict = first.verdict();
    match (&first.reference, verdict) {
        (Outcome::Rejected { message, .. }, _) => {
            return Err(format!("{case} is not a valid input: {message}"))
        }
        (Outcome::Failed { fault, message }, _) => {
            return Err(format!(
                "the brute force `{}` fails on {case} ({fault}: {message})",
                test.problem.reference.as_deref().unwrap_or("")
            ))
        }
        (_, Verdict::Agree) => {
            return Err(format!(
                "the solution's answer to {case} is accepted{}: there is no failure to keep",
                match &test.subject {
                    Subject::Solution {
                        interactor: Some(_),
                        ..
                    } if test.problem.reference.is_none() => " (by the interactor)".to_string(),
                    Subject::Solution { checker, .. } => format!(" ({})", checker.describe()),
                    Subject::Engine => String::new(),
                }
            ))
        }
        (
            _,
            Verdict::Fault {
                side: Side::Checker,
                fault,
            },
        ) => {
            return Err(format!(
                "the checker gave no verdict on {case} ({fault}: {})",
                first.checker_message().unwrap_or("it said nothing")
            ))
        }
        _ => {}
    }
    // A limit verdict is the file's only when each rerun gives it too, and its candidates are
    // judged under limits raised by the margins, so that the case kept fails every time.
    let mut notes = Vec::new();
    let mut subject = test.subject.clone();
    if verdict.is_limit() {
        let gave = (0..CONFIRM_RUNS)
            .filter(|_| {
                let again = crate::harness::compare_with(
                    game,
                    &test.subject,
                    original.as_bytes(),
                    &options,
                );
                again.verdict() == verdict
            })
            .count() as u32;
        if interrupt::requested() {
            return Err(format!("interrupted before {case} was judged"));
        }
        if gave < CONFIRM_RUNS {
            return Err(format!(
                "the solution's {} on {case} did not come again on every rerun (given again by \
                 {gave} of {CONFIRM_RUNS}): a verdict near the limit, or one a loaded machine \
                 gave, is no failure to keep",
                verdict.describe(&test.subject)
            ));
        }
        let raised = test.subject.with_margins(test.margins);
        let over = crate::harness::compare_with(game, &raised, original.as_bytes(), &options);
        if over.verdict() != verdict {
            notes.push(format!(
                "not shrunk: {case} is not over {}x the CPU-time limit and {}x the memory limit \
                 (--time-margin, --memory-margin), so no smaller case would fail every time; it \
                 gave its verdict on each of {CONFIRM_RUNS} reruns",
                test.margins.time, test.margins.memory
            ));
            return Ok(Judged {
                reduced: Reduced {
                    input: original.to_string(),
                    runs: 2 + u64::from(CONFIRM_RUNS),
                    timed_out: 0,
                    stopped: None,
                    cut_short: None,
                },
                verdict,
                comparison: first,
                notes,
            });
        }
        notes.push(format!(
            "kept with a margin: every candidate was judged under {}x the CPU-time limit and {}x \
             the memory limit (--time-margin, --memory-margin)",
            test.margins.time, test.margins.memory
        ));
        subject = raised;
    }
    let state = Arc::new(Mutex::new(State::new(original)));
    let told = {
        let state = Arc::clone(&state);
        Box::new(move |best: &str, kept: Option<&Comparison>, tries: u64| {
            let mut s = lock(&state);
            if s.closed {
                return;
            }
            s.runs = 1 + tries;
            if let Some(comparison) = kept {
                s.best = best.to_string();
                s.comparison = Some(comparison.clone());
            }
            on_try(best, kept.is_some(), s.runs);
        })
    };
    let work = {
        let (original, watchdog) = (original.to_string(), test.watchdog);
        move || {
            crate::harness::minimize_watched_with(
                Box::new(|input, keep| Some(text_shrink::shrink_text(input, keep))),
                game,
                &subject,
                &original,
                &Options::new(),
                verdict,
                true,
                watchdog,
                deadline,
                told,
            )
        }
    };
    let finished = drive(deadline, work);
    let mut s = lock(&state);
    s.closed = true;
    let comparison = s.comparison.take().unwrap_or(first);
    let reduced = match finished {
        Ok(shrunk) => Reduced {
            stopped: shrunk
                .stopped
                .and(stop_now(deadline).or(Some(Stop::Budget))),
            cut_short: shrunk.cut_short.map(|overrun| {
                format!(
                    "shrinking stopped: a candidate hung in {} (over {:?}, boardfuzz's \
                     watchdog); this is the smallest failing case before it",
                    overrun.what, overrun.limit
                )
            }),
            ..s.reduced(shrunk.input, None)
        },
        Err(stop) => s.reduced(s.best.clone(), Some(stop)),
    };
    Ok(Judged {
        // The comparison kept is the result's: a shrink the watchdog cut short returns the
        // last candidate kept, whose comparison it is.
        comparison,
        reduced,
        verdict,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_goes_beside_the_case_with_min_before_the_extension() {
        assert_eq!(min_path(Path::new("case.in")), Path::new("case.min.in"));
        assert_eq!(min_path(Path::new("d/case")), Path::new("d/case.min"));
        assert_eq!(
            min_path(Path::new("/t/a.tar.gz")),
            Path::new("/t/a.tar.min.gz")
        );
        assert_eq!(min_path(Path::new(".hidden")), Path::new(".hidden.min"));
    }

    #[test]
    fn the_path_goes_where_the_line_says_or_last() {
        let test = |line: &str| TestCommand {
            line: line.into(),
            limits: process::Limits {
                timeout: Duration::from_secs(5),
                output_cap: 1 << 20,
            },
            file_name: "case.in".into(),
        };
        let path = Path::new("/tmp/a b/case.in");
        assert_eq!(test("./t.sh").line_for(path), "./t.sh '/tmp/a b/case.in'");
        assert_eq!(
            test("grep -q 9 {path} && true").line_for(path),
            "grep -q 9 '/tmp/a b/case.in' && true"
        );
    }

    #[test]
    fn a_test_shrinks_to_what_it_finds_interesting_and_counts_its_runs() {
        let test = TestCommand {
            line: "grep -q 9".into(),
            limits: process::Limits {
                timeout: Duration::from_secs(10),
                output_cap: 1 << 20,
            },
            file_name: "case.in".into(),
        };
        let original: String = (1..=12).map(|i| format!("{i}\n")).collect();
        let seen = std::sync::Arc::new(AtomicU64::new(0));
        let counted = std::sync::Arc::clone(&seen);
        let reduced = shrink_by_test(
            &test,
            "case.in",
            &original,
            None,
            Box::new(move |_, _, runs| counted.store(runs, Ordering::Relaxed)),
        )
        .unwrap();
        assert_eq!(reduced.input, "9\n");
        assert_eq!(reduced.runs, seen.load(Ordering::Relaxed));
        assert!(reduced.runs > 1 && reduced.stopped.is_none() && reduced.timed_out == 0);
        let e = shrink_by_test(&test, "x.in", "1\n", None, Box::new(|_, _, _| {})).unwrap_err();
        assert_eq!(
            e,
            "the test says x.in is not interesting (exit code 1); it wrote nothing on stderr"
        );
    }
}
