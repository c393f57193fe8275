//! A campaign: random valid cases through both implementations of each chosen game, on every
//! core, with a progress line, a census, a watchdog, and — on the first failure — shrinking,
//! saving to the corpus and a report.
//!
//! Case `i` of a run with seed `S` is generated from `Rng::case_seed(S, i)` alone, so any single
//! case can be regenerated with `boardfuzz gen GAME --seed <case seed>`, and the cases a run
//! covers do not depend on the number of jobs: workers take the next case index from a shared
//! counter. The first failure stops every worker; the lowest failing index found is shrunk once.
//!
//! Whatever goes wrong is a finding, never a crash: a panic of game code is caught
//! ([`crate::guard`]); a hang is seen by the supervisor (the calling thread), which watches each
//! worker's current stage against its limit — the watchdog floor plus 100× the time the other
//! side took on this case — and, since a thread cannot be stopped, shrinks the hang by running
//! candidates in child processes ([`shrink_hang`], the contract of [`child`]) and leaves the
//! stuck thread behind for the process exit. Ctrl-C stops the workers within a second.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::census::Census;
use crate::harness::progress::{Meter, Show};
use crate::harness::{child, corpus, interrupt, Comparison, Disagreement, Side, Subject, Verdict};
use crate::rng::Rng;

/// How long to run each game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many cases of each game (case indices `0..n`).
    Cases(u64),
    /// Wall-clock time, shared equally among the games.
    Time(Duration),
}

/// The default watchdog floor: an in-process call that runs longer than this (plus 100× the
/// other side's time on the same case) is a hang.
pub const DEFAULT_WATCHDOG: Duration = Duration::from_secs(10);

/// What to run.
pub struct Plan {
    /// The games to run, one after the other, in this order.
    pub games: Vec<&'static dyn DynGame>,
    /// How long to run each game.
    pub budget: Budget,
    /// The run's seed `S`: case `i` is generated from `Rng::case_seed(S, i)`.
    pub seed: u64,
    /// The game options every case is generated and run with.
    pub options: Options,
    /// What is checked against the reference (normally the engine).
    pub subject: Subject,
    /// Corpus root to save findings to (`None`: do not save).
    pub corpus: Option<PathBuf>,
    /// Worker threads.
    pub jobs: usize,
    /// The watchdog floor ([`DEFAULT_WATCHDOG`]).
    pub watchdog: Duration,
    /// The `boardfuzz` binary, to shrink a hang in child processes (`None`: a hang is reported
    /// unshrunk).
    pub solver: Option<PathBuf>,
    /// How progress is shown ([`Show::Lines`] to the progress writer by default).
    pub show: Show,
}

impl Plan {
    /// One job, the engine, no corpus, the default watchdog.
    pub fn new(games: Vec<&'static dyn DynGame>, budget: Budget, seed: u64) -> Plan {
        Plan {
            games,
            budget,
            seed,
            options: Options::new(),
            subject: Subject::Engine,
            corpus: None,
            jobs: 1,
            watchdog: DEFAULT_WATCHDOG,
            solver: None,
            show: Show::Lines,
        }
    }
}

/// The result of one game's run.
pub struct GameRun {
    /// The game's slug.
    pub slug: &'static str,
    /// The cases run through both sides (a hung case included).
    pub cases: u64,
    /// Wall-clock time of the game's run, shrinking and saving included.
    pub elapsed: Duration,
    /// The census of the cases run, all workers merged.
    pub census: Census,
    /// The (shrunk, saved) finding that stopped the run.
    pub disagreement: Option<Disagreement>,
    /// A generator or corpus failure that stopped the run (not a finding).
    pub error: Option<String>,
    /// The run was stopped by Ctrl-C.
    pub interrupted: bool,
}

impl GameRun {
    /// Throughput: [`GameRun::cases`] over [`GameRun::elapsed`].
    pub fn cases_per_second(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs the plan; progress goes to `progress` (normally stderr). Stops early on Ctrl-C
/// ([`interrupt::requested`]): the games not yet started are skipped.
pub fn run(plan: &Plan, progress: &mut dyn Write) -> Vec<GameRun> {
    let share = match plan.budget {
        Budget::Time(t) => Budget::Time(t / plan.games.len().max(1) as u32),
        b => b,
    };
    let mut runs = Vec::new();
    for &game in &plan.games {
        if interrupt::requested() {
            break;
        }
        runs.push(run_game(game, plan, share, progress));
    }
    runs
}

/// What a worker is doing now, for the watchdog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Idle,
    Generate,
    Subject,
    Reference,
    Census,
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    stage: Stage,
    since: Instant,
    limit: Duration,
    index: u64,
}

/// One worker's slot, read by the supervisor.
struct Watch(Mutex<Slot>);

impl Watch {
    fn new() -> Watch {
        Watch(Mutex::new(Slot {
            stage: Stage::Idle,
            since: Instant::now(),
            limit: Duration::ZERO,
            index: 0,
        }))
    }

    fn enter(&self, stage: Stage, limit: Duration) {
        let mut slot = lock(&self.0);
        slot.stage = stage;
        slot.since = Instant::now();
        slot.limit = limit;
    }

    fn overrun(&self) -> Option<Slot> {
        let slot = *lock(&self.0);
        (slot.stage != Stage::Idle && slot.since.elapsed() > slot.limit).then_some(slot)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One case through both sides and the census, each stage under the watch.
struct Evaluated {
    comparison: Comparison,
    verdict: Verdict,
    tags: Option<u64>,
    census_error: Option<String>,
}

fn evaluate(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    watchdog: Duration,
    watch: &Watch,
) -> Evaluated {
    let own_limit = match subject {
        Subject::Solution { timeout, .. } => *timeout,
        Subject::Engine => Duration::ZERO,
    };
    watch.enter(Stage::Subject, watchdog + own_limit);
    let started = Instant::now();
    let mine = subject.run(game, input, options);
    let subject_time = started.elapsed();
    watch.enter(Stage::Reference, watchdog + subject_time * 100);
    let started = Instant::now();
    let reference = game.reference(input, options);
    let reference_time = started.elapsed();
    watch.enter(
        Stage::Census,
        watchdog + (subject_time + reference_time) * 100,
    );
    let tags = game.census(input, options);
    watch.enter(Stage::Idle, Duration::ZERO);
    let comparison = Comparison {
        subject: subject.clone(),
        mine,
        reference,
    };
    let mut verdict = comparison.verdict();
    if verdict == Verdict::Agree && tags.is_err() {
        verdict = Verdict::Fault {
            side: Side::Census,
            fault: Fault::Panic,
        };
    }
    let (tags, census_error) = match tags {
        Ok(t) => (Some(t), None),
        Err(e) => (None, Some(e)),
    };
    Evaluated {
        comparison,
        verdict,
        tags,
        census_error,
    }
}

/// A failing case found by a worker.
struct Found {
    index: u64,
    input: String,
    verdict: Verdict,
}

/// What the workers and the supervisor share.
struct Shared {
    game: &'static dyn DynGame,
    subject: Subject,
    options: Options,
    seed: u64,
    watchdog: Duration,
    cases: Option<u64>,
    next: AtomicU64,
    done: AtomicU64,
    stop: AtomicBool,
    /// One per worker, then one for the shrinker.
    watches: Vec<Watch>,
    censuses: Vec<Mutex<Census>>,
    found: Mutex<Vec<Found>>,
    error: Mutex<Option<String>>,
}

fn worker(shared: Arc<Shared>, w: usize) {
    let game = shared.game;
    let watch = &shared.watches[w];
    loop {
        if shared.stop.load(Ordering::Relaxed) || interrupt::requested() {
            return;
        }
        let index = shared.next.fetch_add(1, Ordering::Relaxed);
        if shared.cases.is_some_and(|n| index >= n) {
            return;
        }
        lock(&watch.0).index = index;
        let case_seed = Rng::case_seed(shared.seed, index);
        watch.enter(Stage::Generate, shared.watchdog);
        let input = match game.generate(&mut Rng::new(case_seed), &shared.options) {
            Ok(input) => input,
            Err(e) => {
                *lock(&shared.error) =
                    Some(format!("generator failed on case seed {case_seed}: {e}"));
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
        };
        let ev = evaluate(
            game,
            &shared.subject,
            input.as_bytes(),
            &shared.options,
            shared.watchdog,
            watch,
        );
        if interrupt::requested() {
            // A solution killed by Ctrl-C is not a finding.
            return;
        }
        {
            let mut census = lock(&shared.censuses[w]);
            match ev.tags {
                Some(tags) => census.add(tags),
                None => census.cases += 1,
            }
        }
        shared.done.fetch_add(1, Ordering::Relaxed);
        if ev.verdict != Verdict::Agree {
            lock(&shared.found).push(Found {
                index,
                input,
                verdict: ev.verdict,
            });
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
    }
}

/// Waits for `handles` while watching `watches`: returns the first overrun (worker number and
/// slot), or `None` when every handle has finished (or Ctrl-C was pressed a second ago).
/// `tick` runs about every 10 ms (progress, time budget).
fn supervise(
    handles: &[thread::JoinHandle<()>],
    watches: &[&Watch],
    stop: &AtomicBool,
    tick: &mut dyn FnMut(),
) -> Option<(usize, Slot)> {
    let mut interrupted_at: Option<Instant> = None;
    loop {
        if handles.iter().all(|h| h.is_finished()) {
            return None;
        }
        if interrupt::requested() {
            stop.store(true, Ordering::Relaxed);
            if interrupted_at.get_or_insert_with(Instant::now).elapsed() > Duration::from_secs(1) {
                return None;
            }
        }
        tick();
        for (w, watch) in watches.iter().enumerate() {
            if let Some(slot) = watch.overrun() {
                stop.store(true, Ordering::Relaxed);
                return Some((w, slot));
            }
        }
        thread::sleep(Duration::from_millis(10));
    }
}

fn run_game(
    game: &'static dyn DynGame,
    plan: &Plan,
    budget: Budget,
    progress: &mut dyn Write,
) -> GameRun {
    let start = Instant::now();
    let jobs = plan.jobs.max(1);
    let shared = Arc::new(Shared {
        game,
        subject: plan.subject.clone(),
        options: plan.options.clone(),
        seed: plan.seed,
        watchdog: plan.watchdog,
        cases: match budget {
            Budget::Cases(n) => Some(n),
            Budget::Time(_) => None,
        },
        next: AtomicU64::new(0),
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        watches: (0..=jobs).map(|_| Watch::new()).collect(),
        censuses: (0..jobs)
            .map(|_| Mutex::new(Census::new(game.tags())))
            .collect(),
        found: Mutex::new(Vec::new()),
        error: Mutex::new(None),
    });
    let handles: Vec<_> = (0..jobs)
        .map(|w| {
            let shared = Arc::clone(&shared);
            thread::spawn(move || worker(shared, w))
        })
        .collect();
    let mut meter = Meter::new(game.slug(), budget, plan.show);
    let watches: Vec<&Watch> = shared.watches[..jobs].iter().collect();
    let hang = supervise(&handles, &watches, &shared.stop, &mut || {
        let elapsed = start.elapsed();
        if let Budget::Time(t) = budget {
            if elapsed >= t {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
        meter.tick(progress, shared.done.load(Ordering::Relaxed), elapsed);
    });
    meter.finish();
    let mut result = GameRun {
        slug: game.slug(),
        cases: shared.done.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        census: Census::new(game.tags()),
        disagreement: None,
        error: lock(&shared.error).take(),
        interrupted: interrupt::requested(),
    };
    for census in &shared.censuses {
        result.census.merge(&lock(census));
    }
    let origin = |index: u64| {
        let case_seed = Rng::case_seed(plan.seed, index);
        format!(
            "case {index} of seed {}; regenerate the unshrunk case with `{} gen {} --seed {case_seed}`",
            plan.seed,
            super::program(),
            game.slug()
        )
    };
    let found = if let Some((_, slot)) = hang {
        let case_seed = Rng::case_seed(plan.seed, slot.index);
        if slot.stage == Stage::Generate {
            result.error = Some(format!(
                "the generator hung on case seed {case_seed} (over {:?})",
                slot.limit
            ));
            return result;
        }
        result.cases += 1;
        let what = format!(
            "{} hangs on case {} (no answer after {:?})",
            stage_name(slot.stage, &plan.subject),
            slot.index,
            slot.limit
        );
        // The hung case is regenerated from its seed (generation is deterministic).
        match game.generate(&mut Rng::new(case_seed), &plan.options) {
            Ok(input) => {
                let mut spin = meter.shrinking(progress, &what, input.lines().count());
                let hang = Hang {
                    input,
                    side: stage_side(slot.stage),
                    limit: slot.limit,
                    origin: origin(slot.index),
                };
                let d = shrink_hang(
                    game,
                    &plan.subject,
                    &plan.options,
                    plan.solver.as_deref(),
                    hang,
                    &mut |n| spin.update(n),
                );
                let lines = d.input.lines().count();
                spin.finish(progress, game.slug(), lines, plan.show == Show::Lines);
                Some(d)
            }
            Err(e) => {
                result.error = Some(format!("generator failed on case seed {case_seed}: {e}"));
                None
            }
        }
    } else if result.interrupted {
        None
    } else {
        let mut found = std::mem::take(&mut *lock(&shared.found));
        found.sort_by_key(|f| f.index);
        found.into_iter().next().map(|first| {
            let what = format!(
                "{} on case {}",
                first.verdict.describe(&plan.subject),
                first.index
            );
            let mut spin = meter.shrinking(progress, &what, first.input.lines().count());
            let origin = origin(first.index);
            let d = shrink_supervised(&shared, jobs, first, origin, &mut |n| spin.update(n));
            let lines = d.input.lines().count();
            spin.finish(progress, game.slug(), lines, plan.show == Show::Lines);
            d
        })
    };
    if let Some(mut finding) = found {
        if let Some(root) = &plan.corpus {
            let dir = corpus::dir(root, game.slug());
            match corpus::save(
                &dir,
                finding.input.as_bytes(),
                &finding.comparison.reference,
                None,
                &plan.options.for_running(game.settings()),
            ) {
                Ok(saved) => finding.saved = Some(saved.path().to_path_buf()),
                Err(e) => result.error = Some(format!("could not save to {}: {e}", dir.display())),
            }
        }
        result.disagreement = Some(finding);
    }
    result.elapsed = start.elapsed();
    result
}

fn stage_name(stage: Stage, subject: &Subject) -> &'static str {
    match stage {
        Stage::Subject => subject.label(),
        Stage::Reference => "the reference",
        Stage::Census => "the census code",
        Stage::Generate => "the generator",
        Stage::Idle => "nothing",
    }
}

fn stage_side(stage: Stage) -> Side {
    match stage {
        Stage::Reference => Side::Reference,
        Stage::Census => Side::Census,
        _ => Side::Subject,
    }
}

/// Shrinks a found failure in-process on a thread of its own, under the watchdog: if a candidate
/// hangs, the smallest failing case so far is reported, with a note.
fn shrink_supervised(
    shared: &Arc<Shared>,
    jobs: usize,
    found: Found,
    origin: String,
    on_best: &mut dyn FnMut(usize),
) -> Disagreement {
    let game = shared.game;
    let best: Arc<Mutex<Option<(String, Evaluated)>>> = Arc::new(Mutex::new(None));
    let (tx, rx) = mpsc::channel();
    let handle = {
        let (shared, best) = (Arc::clone(shared), Arc::clone(&best));
        let origin = origin.clone();
        thread::spawn(move || {
            let watch = &shared.watches[jobs];
            let verdict = found.verdict;
            // Whether the reference answered the found input (the first evaluation): then
            // every kept candidate must be answered too (`super::answered`).
            let mut answered = None;
            let mut fails = |text: &str| {
                if interrupt::requested() {
                    return false;
                }
                let ev = evaluate(
                    shared.game,
                    &shared.subject,
                    text.as_bytes(),
                    &shared.options,
                    shared.watchdog,
                    watch,
                );
                let answer = super::answered(&ev.comparison.reference);
                let original = *answered.get_or_insert(answer);
                let same = ev.verdict == verdict && (answer || !original);
                if same {
                    *lock(&best) = Some((text.to_string(), ev));
                }
                same
            };
            let _ = fails(&found.input);
            let small = shared
                .game
                .shrink(&found.input, &mut fails)
                .unwrap_or(found.input);
            // The report re-runs both sides and the traces: still under the watch.
            watch.enter(Stage::Subject, shared.watchdog * 3);
            let d = Disagreement::new(shared.game, &shared.subject, small, &shared.options, origin);
            watch.enter(Stage::Idle, Duration::ZERO);
            let _ = tx.send(d);
        })
    };
    let overrun = supervise(
        std::slice::from_ref(&handle),
        &[&shared.watches[jobs]],
        &AtomicBool::new(false),
        &mut || {
            if let Some((text, _)) = &*lock(&best) {
                on_best(text.lines().count());
            }
        },
    );
    if overrun.is_none() {
        if let Ok(d) = rx.try_recv() {
            return d;
        }
    }
    // The shrink hung (or was interrupted): report the smallest failing case seen.
    let (input, ev) = lock(&best)
        .take()
        .expect("the found case was evaluated first");
    let mut d = Disagreement::from_parts(
        game.slug(),
        input,
        ev.comparison,
        ev.verdict,
        origin,
        "traces not compared: shrinking was cut short",
    );
    if let Some(e) = ev.census_error {
        d.notes.push(format!("the census {e}"));
    }
    d.notes.push(match overrun {
        Some((_, slot)) => format!(
            "shrinking stopped: a smaller candidate hung in {} (over {:?}); this is the smallest failing case before it",
            stage_name(slot.stage, &shared.subject),
            slot.limit
        ),
        None => "shrinking was interrupted; this is the smallest failing case so far".into(),
    });
    d
}

/// Runs `f` on a thread; `None` if it does not finish within `limit` (the thread is left
/// behind). For calls that may hang.
pub fn within<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit).ok()
}

/// A hang seen by a watchdog: the side that gave no answer on `input` within `limit`.
#[derive(Debug, Clone)]
pub struct Hang {
    /// The judge input it hangs on.
    pub input: String,
    /// The side that gave no answer.
    pub side: Side,
    /// The limit it overran: each candidate of the shrink gets as long.
    pub limit: Duration,
    /// How the input was found, for the report.
    pub origin: String,
}

/// Shrinks a hang by running each candidate in a child process ([`child`]: the program at
/// `solver` answering with the side that hung) with the limit the watchdog used: a candidate is
/// kept if its child is still running at the limit. The other side's answer of the shrunk input
/// is computed in-process under the same limit. Without `solver` (library use), or for a hang of
/// census code (no child runs it), the hang is reported unshrunk with a note saying so.
/// `on_best` is told the line count of each smaller hanging input.
pub fn shrink_hang(
    game: &'static dyn DynGame,
    subject: &Subject,
    options: &Options,
    solver: Option<&Path>,
    hang: Hang,
    on_best: &mut dyn FnMut(usize),
) -> Disagreement {
    let Hang {
        input,
        side,
        limit,
        origin,
    } = hang;
    let mut small = input.clone();
    let mut notes = Vec::new();
    match (solver, child::Solver::for_hang(side, subject)) {
        (Some(exe), Some(who)) => {
            let mut tries = 0u32;
            let mut hangs = |text: &str| {
                if interrupt::requested() {
                    return false;
                }
                tries += 1;
                let still = child::hangs(exe, game, who, options, text.as_bytes(), limit);
                if still {
                    on_best(text.lines().count());
                }
                still
            };
            small = game.shrink(&input, &mut hangs).unwrap_or(input);
            notes.push(format!(
                "shrunk in {tries} child runs of `{} {}`",
                super::program(),
                child::SUBCOMMAND
            ));
        }
        (None, _) => notes.push(
            "not shrunk: no program to run the candidates in child processes (library use)"
                .to_string(),
        ),
        (_, None) => notes.push(
            "not shrunk: a hang of census code has no child process to run it in".to_string(),
        ),
    }
    let hung = Outcome::Failed {
        fault: Fault::Hang,
        message: format!("no answer after {limit:?} (watchdog)"),
    };
    let other = |reference: bool| {
        let (subject, options, text) = (subject.clone(), options.clone(), small.clone());
        within(limit, move || {
            if reference {
                game.reference(text.as_bytes(), &options)
            } else {
                subject.run(game, text.as_bytes(), &options)
            }
        })
        .unwrap_or_else(|| hung.clone())
    };
    let (mine, reference) = match side {
        Side::Subject => (hung.clone(), other(true)),
        Side::Reference => (other(false), hung.clone()),
        Side::Census => (other(false), other(true)),
    };
    let comparison = Comparison {
        subject: subject.clone(),
        mine,
        reference,
    };
    let mut d = Disagreement::from_parts(
        game.slug(),
        small,
        comparison,
        Verdict::Fault {
            side,
            fault: Fault::Hang,
        },
        origin,
        "traces not compared: one side hangs",
    );
    d.notes = notes;
    d
}
