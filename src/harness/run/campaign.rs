//! A campaign: random valid cases through both implementations of each chosen game, on every
//! core, with a progress line, a census, a watchdog, and — on the first failure — shrinking,
//! saving to the corpus and a report.
//!
//! Case `i` of a run with seed `S` is generated from `Rng::case_seed(S, i)` alone, so any single
//! case can be regenerated with `boardfuzz gen GAME --seed <case seed>`, and the cases a run
//! covers do not depend on the number of jobs: workers take the next case index from a shared
//! counter. The first failure stops every worker; the lowest failing index found is shrunk once.
//!
//! A campaign may be split across machines ([`Shard`]): runner `K` of `N` takes only the case
//! indices `i` with `i % N == K`, generated from the same `Rng::case_seed(S, i)`, so the `N`
//! shards of one seed together run exactly the cases of one whole run, whatever each one's
//! `--jobs`, and a finding's printed case index and seed regenerate it as before. Each shard stops
//! at its own first finding; `boardfuzz merge` makes one report of the shards' reports.
//!
//! Whatever goes wrong is a finding, never a crash: a panic of game code is caught
//! ([`crate::guard`]); a hang is seen by the supervisor (the calling thread), which watches each
//! worker's current stage against its limit — the watchdog floor plus 100× the time the other
//! side took on this case — and, since a thread cannot be stopped, shrinks the hang by running
//! candidates in child processes ([`shrink_hang`], the contract of
//! [`child`](crate::harness::programs::child)) and leaves the stuck thread behind for the process
//! exit. Any other finding is shrunk under the supervisor ([`found`](super::found)). Ctrl-C stops
//! the workers within a second.
//!
//! A limit verdict of a solution (a time limit, the wall-clock cap, an idleness limit, a memory
//! limit: [`Verdict::is_limit`]) is run again [`CONFIRM_RUNS`] times by the worker that saw it,
//! and is a finding only when every rerun gives it: one that does not is a note of the run
//! ("unconfirmed, not a finding: …"), the case counts as passed, and the run goes on. A run near
//! a limit, or on a loaded machine, must not turn a right solution into a finding.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::guard::lock;
use crate::harness::programs::process;
use crate::harness::programs::subject::{Margins, CONFIRM_RUNS};
use crate::harness::run::found::shrink_supervised;
use crate::harness::run::hang::{shrink_hang, Hang};
use crate::harness::run::progress::{Meter, Show};
use crate::harness::shrink::shape::Learner;
use crate::harness::write::census::Census;
use crate::harness::{
    keep::corpus, run::interrupt, Comparison, Disagreement, Side, Subject, Verdict,
};
use crate::rng::Rng;

/// How long to run each game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many cases of each game (case indices `0..n`).
    Cases(u64),
    /// Wall-clock time, shared equally among the games.
    Time(Duration),
}

/// One runner's part of a campaign split across several: runner `index` of `count` takes the
/// cases whose index `i` has `i % count == index` (the whole run is `0/1`). With
/// [`Budget::Cases`]`(C)` it runs the indices below `C` it owns; with [`Budget::Time`] it runs
/// its own indices, in order, for the whole budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    /// Which runner this is, `0..count`.
    pub index: u64,
    /// How many runners share the run (at least 1).
    pub count: u64,
}

impl Shard {
    /// The whole run: one runner that takes every case.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Runner `index` of `count`; `Err` says why the pair is not one (`count` 0, `index` not
    /// below `count`).
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 {
            return Err("the number of shards must be at least 1".into());
        }
        if index >= count {
            return Err(format!(
                "shard {index} of {count} does not exist: shards are numbered 0 to {} \
                 (runner K of N takes the cases whose index is K mod N)",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }

    /// Reads `K/N` (e.g. `0/4`, `3/4`).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not a shard: write K/N, e.g. 0/4"))?;
        let number = |word: &str| {
            word.trim().parse::<u64>().map_err(|_| {
                format!("`{text}` is not a shard: write K/N with whole numbers, e.g. 0/4")
            })
        };
        Shard::new(number(k)?, number(n)?)
    }

    /// Whether this is the whole run (`0/1`).
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// The case index of this shard's `j`-th case (0-based).
    pub fn case(&self, j: u64) -> u64 {
        j.saturating_mul(self.count).saturating_add(self.index)
    }

    /// Whether case `index` is this shard's.
    pub fn owns(&self, index: u64) -> bool {
        index % self.count == self.index
    }

    /// How many of the indices `0..n` are this shard's.
    pub fn cases_below(&self, n: u64) -> u64 {
        if n <= self.index {
            0
        } else {
            (n - self.index).div_ceil(self.count)
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The default watchdog floor: an in-process call that runs longer than this (plus 100× the
/// other side's time on the same case) is a hang.
pub const DEFAULT_WATCHDOG: Duration = Duration::from_secs(10);

/// After this many cases, a game whose every case so far was rejected by both sides stops: the
/// settings make inputs the judge's rules refuse, and going on would test nothing.
pub const NOTHING_TESTED_AFTER: u64 = 200;

/// Whether a run of `cases` cases of which `rejected` were rejected by both sides tested
/// (nearly) nothing: at least 99% rejected.
pub fn tests_nothing(cases: u64, rejected: u64) -> bool {
    cases > 0 && rejected * 100 >= cases * 99
}

/// Above this share of cases rejected by both sides, the summary warns.
pub const REJECTED_WARNING: f64 = 0.5;

/// The default share of a campaign's cases that also get the deep checks: one in this many.
/// Not the fuzz targets' share ([`crate::game::Game::DEEP_ONE_IN`]): a fuzz input is mostly a
/// tiny case run in microseconds, where a campaign's cases are whole games whose reference
/// already runs on every one, so a deep check costs a few times one case, not hundreds. One in
/// 32 keeps the campaign within about a tenth of its speed without them (BENCHMARKS.md, "Deep
/// checks in check", `scripts/deep-share-cost.sh`).
pub const DEEP_ONE_IN: u32 = 32;

/// What to run.
pub struct Plan {
    /// The games to run, one after the other, in this order.
    pub games: Vec<&'static dyn DynGame>,
    /// How long to run each game.
    pub budget: Budget,
    /// The run's seed `S`: case `i` is generated from `Rng::case_seed(S, i)`.
    pub seed: u64,
    /// The part of the run's cases this runner takes ([`Shard::WHOLE`]: every case).
    pub shard: Shard,
    /// The game options every case is generated and run with.
    pub options: Options,
    /// What is checked against the reference: normally one entrant, the engine or a
    /// `--solution`; several when `--solution` is given more than once (see [`Entrant`]).
    pub entrants: Vec<Entrant>,
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
    /// The deep checks ([`crate::harness::deep_check`]: both traces, both censuses, the engine's
    /// self-checks) run on one case in this many whose answers agree; 0 runs none. `None`:
    /// [`DEEP_ONE_IN`], on cases up to the game's [`crate::game::Game::DEEP_MAX_TEXT`] bytes.
    /// Engine runs only: an external solution has no trace, census or self-check.
    pub deep_one_in: Option<u32>,
    /// Whether a case on which the reference (or a checker program) fails — a panic, a hang, a
    /// crash — is a finding, shrunk and saved like any other: yes for boardfuzz's own
    /// references, whose failures are bugs to keep; no for a user's trusted brute force and
    /// checker (`stress`), whose failure is the user's to fix: the run stops with the case as
    /// found, unshrunk and unsaved.
    pub reference_faults_are_findings: bool,
    /// Whether a finding's shrink says more on stderr: each input the regenerate-smaller step
    /// tries ([`DynGame::regenerate_smaller`]), the kept one, and the shape learned, place by
    /// place ([`DynGame::shrink_in_shape`]).
    pub verbose: bool,
    /// How far over a limit a shrink candidate of a limit finding must go to be kept
    /// ([`Margins`]).
    pub margins: Margins,
}

impl Plan {
    /// One job, the engine, no corpus, the default watchdog.
    pub fn new(games: Vec<&'static dyn DynGame>, budget: Budget, seed: u64) -> Plan {
        Plan {
            games,
            budget,
            seed,
            shard: Shard::WHOLE,
            options: Options::new(),
            entrants: vec![Entrant::new(Subject::Engine)],
            corpus: None,
            jobs: 1,
            watchdog: DEFAULT_WATCHDOG,
            solver: None,
            show: Show::Lines,
            deep_one_in: None,
            reference_faults_are_findings: true,
            verbose: false,
            margins: Margins::default(),
        }
    }
}

/// One program a campaign judges against the reference. A plan has one — the engine, or a
/// `--solution` — or several, when `--solution` is given more than once: each case is then
/// generated once and answered once by the reference, and judged for every entrant that has
/// not failed yet. An entrant's first failure is its own finding, shrunk and saved under its
/// name, and the run goes on for the others until each has failed or the budget is spent.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// What is judged.
    pub subject: Subject,
    /// The name of its run, given to an entrant of several: its row in the summary and the
    /// reports, the slug its findings speak of, and its findings folder under the corpus root
    /// (`main-cpp`, or `yut_nori/sol-py`). `None`: the game's slug.
    pub name: Option<&'static str>,
    /// The command that replays its saved finding, with `{path}` where the case's path goes
    /// (`boardfuzz judge main.cpp {path} …`). `None`: the game's
    /// [`DynGame::replay_command`] with the subject's flags.
    pub replay: Option<String>,
}

impl Entrant {
    /// `subject`, named by the game, replayed as the game replays.
    pub fn new(subject: Subject) -> Entrant {
        Entrant {
            subject,
            name: None,
            replay: None,
        }
    }

    /// The name of its run in a campaign of `game`.
    pub fn run_name(&self, game: &dyn DynGame) -> &'static str {
        self.name.unwrap_or(game.slug())
    }
}

/// The result of one game's run (of one entrant's, of a plan of several: [`Entrant`]).
pub struct GameRun {
    /// The game's slug, or the entrant's name ([`Entrant::run_name`]).
    pub slug: &'static str,
    /// The cases run through both sides (a hung case included).
    pub cases: u64,
    /// Of those, the cases that also had the deep checks run (traces, censuses, self-checks).
    pub deep_cases: u64,
    /// Of those, the cases the reference rejected (and the subject alike): each tests only the
    /// readers. A run of nothing else tested nothing ([`tests_nothing`]).
    pub rejected: u64,
    /// The first rejection of such a case, e.g. `line 1: out-of-range: …`.
    pub first_rejection: Option<String>,
    /// Wall-clock time of the game's run, shrinking and saving included.
    pub elapsed: Duration,
    /// Wall-clock time spent running cases: from the start of the game's run to the moment its
    /// cases stopped (at a finding, at the end of the budget, on Ctrl-C), before a finding is
    /// shrunk and saved. What [`GameRun::cases_per_second`] is over; without a finding, all of
    /// [`GameRun::elapsed`] but for microseconds.
    pub running: Duration,
    /// The census of the cases run, all workers merged.
    pub census: Census,
    /// The (shrunk, saved) finding that stopped the run.
    pub disagreement: Option<Disagreement>,
    /// The case index where that finding was found (before shrinking), as its origin says.
    pub finding_case: Option<u64>,
    /// More findings, each with its case index, higher than [`GameRun::finding_case`]: a run
    /// merged from shards ([`crate::harness::keep::merge`]) lists every shard's finding; a campaign
    /// leaves this empty (it stops at its first).
    pub other_findings: Vec<(Option<u64>, Disagreement)>,
    /// A generator or corpus failure that stopped the run (not a finding).
    pub error: Option<String>,
    /// The run was stopped by Ctrl-C.
    pub interrupted: bool,
    /// Anything else the reader should know (cases left unjudged at the end of the budget).
    pub notes: Vec<String>,
}

impl GameRun {
    /// Throughput: [`GameRun::cases`] over [`GameRun::running`], the time spent running them. A
    /// finding's shrink (minutes, at times) is not in it: it would make the same engine seem
    /// slower in a run that found something.
    pub fn cases_per_second(&self) -> f64 {
        self.cases as f64 / self.running.as_secs_f64().max(1e-9)
    }

    /// The time after the cases stopped — shrinking and saving the finding — when the run has a
    /// finding and that time shows in a report's hundredths of a second; `None` otherwise. (Of a
    /// run merged from shards: the time the slowest shard went on after the last case of any
    /// shard, [`crate::harness::keep::merge`].)
    pub fn shrinking(&self) -> Option<Duration> {
        let after = self.elapsed.saturating_sub(self.running);
        (self.disagreement.is_some() && after >= Duration::from_millis(10)).then_some(after)
    }
}

/// Runs the plan: a run per game (per game and entrant, of a plan of several entrants); progress
/// goes to `progress` (normally stderr). Stops early on Ctrl-C
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
        runs.extend(run_game(game, plan, share, progress));
    }
    runs
}

/// What a worker is doing now, for the watchdog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    Idle,
    Generate,
    Subject,
    Reference,
    Census,
    Deep,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Slot {
    pub(super) stage: Stage,
    since: Instant,
    pub(super) limit: Duration,
    index: u64,
    /// The entrant whose evaluation the stage is part of ([`Plan::entrants`]).
    entrant: usize,
    /// Which rerun of a limit verdict the stage is ([`CONFIRM_RUNS`]); 0: none.
    confirming: u32,
}

/// One worker's slot, read by the supervisor.
pub(super) struct Watch(Mutex<Slot>);

impl Watch {
    fn new() -> Watch {
        Watch(Mutex::new(Slot {
            stage: Stage::Idle,
            since: Instant::now(),
            limit: Duration::ZERO,
            index: 0,
            entrant: 0,
            confirming: 0,
        }))
    }

    pub(super) fn enter(&self, stage: Stage, limit: Duration) {
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

/// One case through both sides and the census, each stage under the watch.
pub(super) struct Evaluated {
    pub(super) comparison: Comparison,
    pub(super) verdict: Verdict,
    pub(super) tags: Option<u64>,
    pub(super) census_error: Option<String>,
    /// What the deep check that failed said (a [`Verdict::Deep`] or a deep check's panic).
    pub(super) deep_message: Option<String>,
    /// How long the subject took.
    pub(super) subject_time: Duration,
    /// How long the reference took (an earlier entrant's run of it, of a case judged for
    /// several: [`evaluate_against`]).
    pub(super) reference_time: Duration,
}

pub(super) fn evaluate(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    watchdog: Duration,
    watch: &Watch,
    deep: bool,
) -> Evaluated {
    let (mine, subject_time) = run_subject(subject, game, input, options, watchdog, watch);
    watch.enter(Stage::Reference, watchdog + subject_time * 100);
    let started = Instant::now();
    let reference = game.reference(input, options);
    let reference_time = started.elapsed();
    finish_evaluation(
        game,
        subject,
        input,
        options,
        (watchdog, watch, deep, true),
        (mine, subject_time),
        (reference, reference_time),
    )
}

/// [`evaluate`] of one more entrant on a case whose reference answer an earlier entrant's
/// evaluation already has (`reference` and its time): the reference is not run again, and the
/// census (the reference's, counted once per case) is not computed again.
pub(super) fn evaluate_against(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    (watchdog, watch): (Duration, &Watch),
    (reference, reference_time): (&Outcome, Duration),
) -> Evaluated {
    let mine = run_subject(subject, game, input, options, watchdog, watch);
    finish_evaluation(
        game,
        subject,
        input,
        options,
        (watchdog, watch, false, false),
        mine,
        (reference.clone(), reference_time),
    )
}

/// A shrink candidate of an input the reference answered: [`evaluate`], but the reference runs
/// first, and a candidate it does not answer (one a shrink would not keep anyway) is `None`,
/// without a run of the subject — often an external program's start, which is most of a
/// candidate's time. The reference's allowance is 100× `subject_time`, the subject's time on
/// an earlier candidate, as [`evaluate`] allows 100× the subject's time on the same one.
pub(super) fn evaluate_answered(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    (watchdog, watch, deep): (Duration, &Watch, bool),
    subject_time: Duration,
) -> Option<Evaluated> {
    watch.enter(Stage::Reference, watchdog + subject_time * 100);
    let started = Instant::now();
    let reference = game.reference(input, options);
    let reference_time = started.elapsed();
    if !crate::harness::answered(&reference) {
        watch.enter(Stage::Idle, Duration::ZERO);
        return None;
    }
    let mine = run_subject(subject, game, input, options, watchdog, watch);
    Some(finish_evaluation(
        game,
        subject,
        input,
        options,
        (watchdog, watch, deep, true),
        mine,
        (reference, reference_time),
    ))
}

/// The subject's answer, under the watch, and its time.
fn run_subject(
    subject: &Subject,
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    watchdog: Duration,
    watch: &Watch,
) -> (Outcome, Duration) {
    // A solution ends by its own limits: its wall-clock cap, lengthened by the time it waits
    // for a CPU ([`process::MAX_WAIT_FACTOR`] times the cap at the most).
    let own_limit = match subject {
        Subject::Solution { timeout, .. } => {
            process::Judged::wall_cap(*timeout).saturating_mul(1 + process::MAX_WAIT_FACTOR)
        }
        Subject::Engine => Duration::ZERO,
    };
    watch.enter(Stage::Subject, watchdog + own_limit);
    let started = Instant::now();
    let mine = subject.run(game, input, options);
    (mine, started.elapsed())
}

/// The rest of an evaluation, once both sides answered: the census (if `census`: once a case)
/// and the deep checks (if `deep`), each under the watch, and the verdict.
fn finish_evaluation(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    (watchdog, watch, deep, census): (Duration, &Watch, bool, bool),
    (mine, subject_time): (Outcome, Duration),
    (reference, reference_time): (Outcome, Duration),
) -> Evaluated {
    watch.enter(
        Stage::Census,
        watchdog + (subject_time + reference_time) * 100,
    );
    // The engine is not under test in a solution's run: the census of what the cases reached
    // is the reference's, where the game's reference computes one.
    let tags = census.then(|| match subject {
        Subject::Engine => game.census(input, options),
        Subject::Solution { .. } => game.literal_census(input, options),
    });
    let comparison = Comparison::new(subject.clone(), input, mine, reference);
    let mut verdict = comparison.verdict();
    if verdict == Verdict::Agree && tags.as_ref().is_some_and(|t| t.is_err()) {
        verdict = Verdict::Fault {
            side: Side::Census,
            fault: Fault::Panic,
        };
    }
    // The deep checks, on the cases drawn for them whose answers agree.
    let mut deep_message = None;
    if deep && verdict == Verdict::Agree && matches!(subject, Subject::Engine) {
        watch.enter(
            Stage::Deep,
            watchdog + (subject_time + reference_time) * 100,
        );
        if let Err((kind, why)) = crate::harness::deep_check(game, input, options) {
            verdict = Verdict::Deep(kind);
            deep_message = Some(why);
        }
    }
    watch.enter(Stage::Idle, Duration::ZERO);
    let (tags, census_error) = match tags {
        Some(Ok(t)) => (Some(t), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    Evaluated {
        comparison,
        verdict,
        tags,
        census_error,
        deep_message,
        subject_time,
        reference_time,
    }
}

/// A failing case found by a worker.
pub(super) struct Found {
    /// The entrant that failed on it ([`Plan::entrants`]).
    pub(super) entrant: usize,
    pub(super) index: u64,
    /// Its place among the runner's cases (`index` of a shard's `ordinal`-th case).
    pub(super) ordinal: u64,
    pub(super) input: String,
    pub(super) verdict: Verdict,
    pub(super) comparison: Comparison,
}

/// Per entrant, the cases it was judged on and, of those, the ones the reference rejected.
#[derive(Default)]
struct Tally {
    judged: AtomicU64,
    rejected: AtomicU64,
}

/// What the workers and the supervisor share.
pub(super) struct Shared {
    pub(super) game: &'static dyn DynGame,
    pub(super) entrants: Vec<Entrant>,
    /// Per entrant, whether it is still judged (it has not failed yet).
    live: Vec<AtomicBool>,
    tally: Vec<Tally>,
    pub(super) options: Options,
    pub(super) seed: u64,
    pub(super) shard: Shard,
    pub(super) watchdog: Duration,
    cases: Option<u64>,
    /// One case in this many gets the deep checks (0: none), if its text is at most
    /// `deep_max_text` bytes.
    deep_one_in: u32,
    deep_max_text: usize,
    next: AtomicU64,
    done: AtomicU64,
    deep_done: AtomicU64,
    rejected: AtomicU64,
    first_rejection: Mutex<Option<String>>,
    stop: AtomicBool,
    /// One per worker, then one for the shrinker.
    pub(super) watches: Vec<Watch>,
    censuses: Vec<Mutex<Census>>,
    found: Mutex<Vec<Found>>,
    error: Mutex<Option<String>>,
    /// The shape of the generated inputs, learned in case order, where the game's shrink keeps
    /// it ([`DynGame::shrink_in_shape`]).
    pub(super) learner: Option<Learner>,
    pub(super) verbose: bool,
    pub(super) margins: Margins,
    /// When the run's time budget ends (`None`: a count of cases).
    pub(super) deadline: Option<Instant>,
    /// The limit verdicts that did not come again on every rerun ([`CONFIRM_RUNS`]): notes, not
    /// findings.
    unconfirmed: Mutex<Vec<Unconfirmed>>,
}

/// A limit verdict that a rerun did not give again.
struct Unconfirmed {
    entrant: usize,
    index: u64,
    /// The verdict and its message, as first judged.
    what: String,
    /// How many of the [`CONFIRM_RUNS`] reruns gave it.
    gave: u32,
    /// How many were run: fewer when Ctrl-C or the end of the time budget came first.
    ran: u32,
}

fn worker(shared: Arc<Shared>, w: usize) {
    let game = shared.game;
    let watch = &shared.watches[w];
    loop {
        if shared.stop.load(Ordering::Relaxed) || interrupt::requested() {
            return;
        }
        // The shard's next case: with N shards, every N-th index from the shard's own.
        let ordinal = shared.next.fetch_add(1, Ordering::Relaxed);
        let index = shared.shard.case(ordinal);
        if shared.cases.is_some_and(|n| index >= n) {
            return;
        }
        lock(&watch.0).index = index;
        let case_seed = Rng::case_seed(shared.seed, index);
        watch.enter(Stage::Generate, shared.watchdog);
        let input = match game.generate_case(case_seed, index, &shared.options) {
            Ok(input) => input,
            // A generator program killed by Ctrl-C has not failed.
            Err(_) if interrupt::requested() => return,
            Err(e) => {
                *lock(&shared.error) = Some(game.generator_failed(case_seed, index, &e));
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
        };
        // Drawn from a hash of the case seed (the one every share of the project draws with),
        // not from the generator's own stream of it.
        let deep = shared.deep_one_in > 0
            && input.len() <= shared.deep_max_text
            && crate::draw::hash64(&case_seed.to_le_bytes()) % u64::from(shared.deep_one_in) == 0;
        let mut reference: Option<(Outcome, Duration)> = None;
        let mut failed = false;
        for (e, entrant) in shared.entrants.iter().enumerate() {
            if !shared.live[e].load(Ordering::Relaxed) {
                continue;
            }
            lock(&watch.0).entrant = e;
            let subject = &entrant.subject;
            let ev = match &reference {
                None => evaluate(
                    game,
                    subject,
                    input.as_bytes(),
                    &shared.options,
                    shared.watchdog,
                    watch,
                    deep,
                ),
                Some((answer, took)) => evaluate_against(
                    game,
                    subject,
                    input.as_bytes(),
                    &shared.options,
                    (shared.watchdog, watch),
                    (answer, *took),
                ),
            };
            if interrupt::requested() {
                // A solution killed by Ctrl-C is not a finding.
                return;
            }
            let rejected = ev.verdict == Verdict::Agree
                && matches!(ev.comparison.reference, Outcome::Rejected { .. });
            if reference.is_none() {
                count_case(&shared, w, &ev, deep);
                reference = Some((ev.comparison.reference.clone(), ev.reference_time));
            }
            let tally = &shared.tally[e];
            tally.judged.fetch_add(1, Ordering::Relaxed);
            if rejected {
                tally.rejected.fetch_add(1, Ordering::Relaxed);
            }
            if ev.verdict.is_limit() {
                let (gave, ran) = reruns_giving(&shared, subject, &input, watch, &ev);
                if gave < CONFIRM_RUNS {
                    lock(&shared.unconfirmed).push(Unconfirmed {
                        entrant: e,
                        index,
                        what: format!(
                            "{}: {}",
                            ev.verdict.describe(subject),
                            match &ev.comparison.mine {
                                Outcome::Failed { message, .. } => first_line(message),
                                other => first_line(&other.to_string()),
                            }
                        ),
                        gave,
                        ran,
                    });
                    if ran < CONFIRM_RUNS {
                        // Ctrl-C or the end of the time budget came during the reruns.
                        return;
                    }
                    continue;
                }
            }
            if ev.verdict != Verdict::Agree {
                failed = true;
                // The reference, the census or the checker failed: no entrant can be judged.
                let shared_part = ev.verdict.of_shared_part();
                lock(&shared.found).push(Found {
                    entrant: e,
                    index,
                    ordinal,
                    input: input.clone(),
                    verdict: ev.verdict,
                    comparison: ev.comparison,
                });
                if shared_part {
                    break;
                }
            }
        }
        if let Some(learner) = &shared.learner {
            learner.record(ordinal, &input, failed);
        }
        if failed {
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
    }
}

/// How many of [`CONFIRM_RUNS`] reruns of `subject` on `input` give the limit verdict `ev` has
/// (the reference's answer is `ev`'s: it is not run again). Every rerun is run, so that the
/// note of one that does not come every time says how often it came.
fn reruns_giving(
    shared: &Shared,
    subject: &Subject,
    input: &str,
    watch: &Watch,
    ev: &Evaluated,
) -> (u32, u32) {
    let mut gave = 0;
    for rerun in 1..=CONFIRM_RUNS {
        lock(&watch.0).confirming = rerun;
        let (mine, _) = run_subject(
            subject,
            shared.game,
            input.as_bytes(),
            &shared.options,
            shared.watchdog,
            watch,
        );
        watch.enter(Stage::Idle, Duration::ZERO);
        lock(&watch.0).confirming = 0;
        // A solution killed by Ctrl-C, or run past the time budget, gives no verdict.
        if interrupt::requested() || !before(shared.deadline) {
            return (gave, rerun - 1);
        }
        let again = Comparison::new(
            subject.clone(),
            input.as_bytes(),
            mine,
            ev.comparison.reference.clone(),
        );
        if again.verdict() == ev.verdict {
            gave += 1;
        }
    }
    (gave, CONFIRM_RUNS)
}

/// The first line of a message, `…` where more follows.
fn first_line(text: &str) -> String {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("").trim_end();
    match lines.next() {
        Some(_) => format!("{first} …"),
        None => first.to_string(),
    }
}

/// The notes of an entrant's unconfirmed limit verdicts, lowest case first: the first few
/// each in a line, then how many more.
fn unconfirmed_notes(shared: &Shared, e: usize) -> Vec<String> {
    let mut own: Vec<_> = lock(&shared.unconfirmed)
        .iter()
        .filter(|u| u.entrant == e)
        .map(|u| (u.index, u.what.clone(), u.gave, u.ran))
        .collect();
    own.sort_by_key(|u| u.0);
    let stopped = if interrupt::requested() {
        "Ctrl-C"
    } else {
        "the end of the time budget"
    };
    let mut notes: Vec<String> = own
        .iter()
        .take(UNCONFIRMED_SHOWN)
        .map(|(index, what, gave, ran)| match *ran {
            CONFIRM_RUNS => format!(
                "unconfirmed, not a finding: {what} on case {index}, given again by {gave} of \
                 {CONFIRM_RUNS} reruns"
            ),
            0 => format!(
                "unconfirmed, not a finding: {what} on case {index}: {stopped} came before it \
                 was run again"
            ),
            ran => format!(
                "unconfirmed, not a finding: {what} on case {index}, given again by {gave} of the \
                 {ran} reruns made before {stopped} ({CONFIRM_RUNS} needed)"
            ),
        })
        .collect();
    if own.len() > UNCONFIRMED_SHOWN {
        notes.push(format!(
            "… and {} more unconfirmed limit verdicts",
            own.len() - UNCONFIRMED_SHOWN
        ));
    }
    notes
}

/// How many unconfirmed limit verdicts a run's notes list one by one.
const UNCONFIRMED_SHOWN: usize = 5;

/// Counts a case once, from its first entrant's evaluation: its census tags, a rejection by
/// the reference, the deep checks, and the cases done (a run of nothing but rejections stops:
/// [`tests_nothing`]).
fn count_case(shared: &Shared, w: usize, ev: &Evaluated, deep: bool) {
    {
        let mut census = lock(&shared.censuses[w]);
        // Tags are counted only where nothing says they are wrong: a case whose census the
        // deep check found different is a finding, not a count.
        match ev.tags {
            Some(tags) if ev.verdict != Verdict::Deep(crate::harness::DeepKind::Census) => {
                census.add(tags)
            }
            _ => census.cases += 1,
        }
    }
    if let (
        Verdict::Agree,
        Outcome::Rejected {
            class,
            line,
            message,
        },
    ) = (ev.verdict, &ev.comparison.reference)
    {
        shared.rejected.fetch_add(1, Ordering::Relaxed);
        lock(&shared.first_rejection)
            .get_or_insert_with(|| format!("line {line}: {class}: {message}"));
    }
    let done = shared.done.fetch_add(1, Ordering::Relaxed) + 1;
    if done >= NOTHING_TESTED_AFTER && tests_nothing(done, shared.rejected.load(Ordering::Relaxed))
    {
        shared.stop.store(true, Ordering::Relaxed);
    }
    // (Only the engine is drawn deep checks: `Shared::deep_one_in`.)
    if deep {
        shared.deep_done.fetch_add(1, Ordering::Relaxed);
    }
}

/// How a [`supervise`] ended.
pub(super) enum Supervised {
    /// Every handle finished.
    Done,
    /// A watched stage ran past its limit: its slot.
    Overrun(Slot),
    /// Ctrl-C was pressed a second ago and the handles still run.
    Interrupted,
    /// The run's time budget ended [`GRACE`] ago and the handles still run.
    OutOfTime,
}

/// How long past its time budget a run may take to wind down: the cases running at the
/// deadline get this long to finish, and nothing new starts after it.
pub const GRACE: Duration = Duration::from_secs(2);

/// The note of a shrink of `game`'s finding that the time budget ended: how to go on.
pub(super) fn cut_short(game: &dyn DynGame) -> String {
    let go_on = if game.of_programs() {
        "`boardfuzz shrink` on the saved case, with the run's --brute and --solution (and \
         --validator, --checker, the limits), goes on from it, with a time budget of its own"
    } else {
        "`repro --shrink` on the saved case goes on from it, with no time limit unless it is \
         given a `--time` of its own"
    };
    format!(
        "the time budget ran out while shrinking; this is the smallest failing case so far \
         ({go_on})"
    )
}

/// Waits for `handles` while watching `watches`, until they finish, one overruns its limit,
/// Ctrl-C was pressed a second ago, or `deadline` (the time budget's end) is [`GRACE`] past.
/// `tick` runs about every 10 ms (progress, time budget).
pub(super) fn supervise(
    handles: &[thread::JoinHandle<()>],
    watches: &[&Watch],
    stop: &AtomicBool,
    deadline: Option<Instant>,
    tick: &mut dyn FnMut(),
) -> Supervised {
    let mut interrupted_at: Option<Instant> = None;
    loop {
        if handles.iter().all(|h| h.is_finished()) {
            return Supervised::Done;
        }
        if interrupt::requested() {
            stop.store(true, Ordering::Relaxed);
            if interrupted_at.get_or_insert_with(Instant::now).elapsed() > Duration::from_secs(1) {
                return Supervised::Interrupted;
            }
        }
        tick();
        for watch in watches {
            if let Some(slot) = watch.overrun() {
                stop.store(true, Ordering::Relaxed);
                return Supervised::Overrun(slot);
            }
        }
        if deadline.is_some_and(|d| Instant::now() >= d + GRACE) {
            stop.store(true, Ordering::Relaxed);
            return Supervised::OutOfTime;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// Whether time is left before `deadline` (always, without one).
pub(super) fn before(deadline: Option<Instant>) -> bool {
    deadline.map_or(true, |d| Instant::now() < d)
}

/// Each entrant's part of a game's run, as the rounds leave it.
#[derive(Default)]
struct Settled {
    /// When its cases stopped, the other entrants' shrinks before then not counted.
    running: Option<Duration>,
    /// How long its own finding took to shrink and save.
    shrinking: Duration,
    /// Its finding and the case index it was found at.
    finding: Option<(u64, Disagreement)>,
    /// What its run's report should say beside the run's own notes.
    notes: Vec<String>,
    /// Its finding could not be saved.
    error: Option<String>,
}

/// One game's run. The workers run cases in rounds: a round ends at the first failure of any
/// entrant (or at the budget's end, an error, Ctrl-C); each entrant that failed in it has its
/// lowest failing case shrunk and saved, and is judged no more; a next round goes on from the
/// next case for the entrants left. Every case below where a round stopped was judged for every
/// entrant still judged in it, so an entrant's lowest failing case does not depend on the jobs.
/// With one entrant there is one round, as there always was.
fn run_game(
    game: &'static dyn DynGame,
    plan: &Plan,
    budget: Budget,
    progress: &mut dyn Write,
) -> Vec<GameRun> {
    let start = Instant::now();
    let jobs = plan.jobs.max(1);
    let entrants = plan.entrants.clone();
    let engine = matches!(
        entrants.first(),
        Some(Entrant {
            subject: Subject::Engine,
            ..
        })
    );
    let shared = Arc::new(Shared {
        game,
        live: entrants.iter().map(|_| AtomicBool::new(true)).collect(),
        tally: entrants.iter().map(|_| Tally::default()).collect(),
        entrants,
        options: plan.options.clone(),
        seed: plan.seed,
        shard: plan.shard,
        watchdog: plan.watchdog,
        cases: match budget {
            Budget::Cases(n) => Some(n),
            Budget::Time(_) => None,
        },
        deep_one_in: match engine {
            true => plan.deep_one_in.unwrap_or(DEEP_ONE_IN),
            false => 0,
        },
        deep_max_text: match plan.deep_one_in {
            Some(_) => usize::MAX,
            None => game.deep_share().1,
        },
        next: AtomicU64::new(0),
        done: AtomicU64::new(0),
        deep_done: AtomicU64::new(0),
        rejected: AtomicU64::new(0),
        first_rejection: Mutex::new(None),
        stop: AtomicBool::new(false),
        watches: (0..=jobs).map(|_| Watch::new()).collect(),
        censuses: (0..jobs)
            .map(|_| Mutex::new(Census::of_game(game)))
            .collect(),
        found: Mutex::new(Vec::new()),
        error: Mutex::new(None),
        learner: game.shrink_in_shape().then(Learner::new),
        verbose: plan.verbose,
        margins: plan.margins,
        deadline: match budget {
            Budget::Time(t) => Some(start + t),
            Budget::Cases(_) => None,
        },
        unconfirmed: Mutex::new(Vec::new()),
    });
    // A shard's bar counts its own share of the cases.
    let shown = match budget {
        Budget::Cases(n) => Budget::Cases(plan.shard.cases_below(n)),
        b => b,
    };
    // `--time` is the whole budget, shrinking included: the search stops at the deadline, and a
    // finding's shrink has what is left of it (`GRACE` past it at the most).
    let deadline = shared.deadline;
    let count = shared.entrants.len();
    let mut settled: Vec<Settled> = (0..count).map(|_| Settled::default()).collect();
    // The time spent shrinking between rounds, which no entrant's cases ran in.
    let mut paused = Duration::ZERO;
    let mut notes = Vec::new();
    let mut hung_case = None;
    loop {
        shared.stop.store(false, Ordering::Relaxed);
        let handles: Vec<_> = (0..jobs)
            .map(|w| {
                let shared = Arc::clone(&shared);
                thread::spawn(move || worker(shared, w))
            })
            .collect();
        let mut meter = Meter::new(game.slug(), shown, plan.show);
        let watches: Vec<&Watch> = shared.watches[..jobs].iter().collect();
        let supervised = supervise(&handles, &watches, &shared.stop, deadline, &mut || {
            let elapsed = start.elapsed();
            if let Budget::Time(t) = budget {
                if elapsed >= t {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
            meter.tick(progress, shared.done.load(Ordering::Relaxed), elapsed);
        });
        meter.finish();
        // The round's cases have stopped: what follows is its findings' shrinks and saves.
        let running = start.elapsed() - paused;
        for (e, s) in settled.iter_mut().enumerate() {
            if shared.live[e].load(Ordering::Relaxed) {
                s.running = Some(running);
            }
        }
        if let Supervised::OutOfTime = supervised {
            let slots: Vec<Slot> = shared.watches[..jobs]
                .iter()
                .map(|w| *lock(&w.0))
                .filter(|slot| slot.stage != Stage::Idle)
                .collect();
            notes.push(format!(
                "{} case(s) still running {GRACE:?} past the time budget were left \
                 unjudged (under the watchdog's limit, so not a hang)",
                slots.len()
            ));
            for slot in slots.iter().filter(|slot| slot.confirming > 0) {
                notes.push(format!(
                    "unconfirmed, not a finding: a limit verdict of {} on case {}, whose rerun \
                     {} of {CONFIRM_RUNS} was still running at the end of the time budget",
                    shared.entrants[slot.entrant].run_name(game),
                    slot.index,
                    slot.confirming
                ));
            }
        }
        let origin = |index: u64| {
            let case_seed = Rng::case_seed(plan.seed, index);
            origin_words(
                index,
                plan.seed,
                None,
                &game.regenerate_command(crate::harness::invocation(), case_seed, index),
            )
        };
        let shrinks_began = Instant::now();
        if let Supervised::Overrun(slot) = supervised {
            // A thread that hangs cannot be stopped: the run ends here, for every entrant.
            let e = slot.entrant;
            let case_seed = Rng::case_seed(plan.seed, slot.index);
            if slot.stage == Stage::Generate {
                *lock(&shared.error) = Some(game.generator_failed(
                    case_seed,
                    slot.index,
                    &format!("it hung (no input after {:?})", slot.limit),
                ));
                break;
            }
            hung_case = Some(e);
            let subject = &shared.entrants[e].subject;
            let what = format!(
                "{} hangs on case {} (no answer after {:?})",
                stage_name(slot.stage, subject),
                slot.index,
                slot.limit
            );
            // The hung case is regenerated from its seed (generation is deterministic).
            match game.generate_case(case_seed, slot.index, &plan.options) {
                Ok(input) => {
                    let mut spin = meter.shrinking(progress, &what, &input);
                    let hang = Hang {
                        input,
                        side: stage_side(slot.stage),
                        limit: slot.limit,
                        origin: origin(slot.index),
                    };
                    let d = shrink_hang(
                        game,
                        subject,
                        &plan.options,
                        plan.solver.as_deref(),
                        hang,
                        deadline,
                        &mut |input, tries| spin.update(&mut *progress, input, tries),
                    );
                    spin.finish(progress, game.slug(), &d.input, plan.show == Show::Lines);
                    settle(
                        plan,
                        game,
                        &shared.entrants[e],
                        &mut settled[e],
                        slot.index,
                        d,
                    );
                    settled[e].shrinking = shrinks_began.elapsed();
                }
                Err(e) => {
                    *lock(&shared.error) = Some(game.generator_failed(case_seed, slot.index, &e));
                }
            }
            if count > 1 {
                notes.push(format!(
                    "the run stopped at the hang of {} on case {} (a hung thread cannot be \
                     stopped)",
                    shared.entrants[e].run_name(game),
                    slot.index
                ));
            }
            break;
        }
        if interrupt::requested() {
            break;
        }
        let mut found = std::mem::take(&mut *lock(&shared.found));
        // A failure of what every entrant shares ends the run, for every entrant.
        let fatal = found.iter().any(|f| f.verdict.of_shared_part());
        found.sort_by_key(|f| (f.entrant, f.index));
        // Each entrant's lowest failing case.
        found.dedup_by_key(|f| f.entrant);
        if found.is_empty() {
            break;
        }
        for first in found {
            let e = first.entrant;
            shared.live[e].store(false, Ordering::Relaxed);
            let began = Instant::now();
            let entrant = &shared.entrants[e];
            let index = first.index;
            // A shrink whose candidate hung left its thread behind, on the shrink's watch.
            let shrink_hung = lock(&shared.watches[jobs].0).stage != Stage::Idle;
            let d = if first.verdict.of_judge() && !plan.reference_faults_are_findings {
                Disagreement::from_parts(
                    game,
                    first.input,
                    first.comparison,
                    first.verdict,
                    origin(index),
                    "not compared: the reference failed",
                )
            } else if shrink_hung {
                let mut d = Disagreement::from_parts(
                    game,
                    first.input,
                    first.comparison,
                    first.verdict,
                    origin(index),
                    "traces not compared: not shrunk",
                );
                d.notes.push(if interrupt::requested() {
                    "not shrunk: Ctrl-C came first".into()
                } else if !before(deadline) {
                    cut_short(game)
                } else {
                    "not shrunk: a candidate of the shrink before it hung, and its thread cannot \
                     be stopped"
                        .into()
                });
                d
            } else {
                let what = match count {
                    1 => format!(
                        "{} on case {index}",
                        first.verdict.describe(&entrant.subject)
                    ),
                    _ => format!(
                        "{} of {} on case {index}",
                        first.verdict.describe(&entrant.subject),
                        entrant.run_name(game)
                    ),
                };
                let mut spin = meter.shrinking(progress, &what, &first.input);
                let d = shrink_supervised(
                    &shared,
                    jobs,
                    first,
                    origin(index),
                    deadline,
                    &mut |input, tries| spin.update(&mut *progress, input, tries),
                );
                spin.finish(progress, game.slug(), &d.input, plan.show == Show::Lines);
                d
            };
            settle(plan, game, entrant, &mut settled[e], index, d);
            settled[e].shrinking = began.elapsed();
        }
        paused += shrinks_began.elapsed();
        let budget_spent = shared
            .cases
            .is_some_and(|n| shared.shard.case(shared.next.load(Ordering::Relaxed)) >= n);
        let nothing_tested = tests_nothing(
            shared.done.load(Ordering::Relaxed),
            shared.rejected.load(Ordering::Relaxed),
        );
        let any_live = shared.live.iter().any(|l| l.load(Ordering::Relaxed));
        let shrink_hung = lock(&shared.watches[jobs].0).stage != Stage::Idle;
        // (At the time budget's end or on Ctrl-C a shrink is left as it is, hung or not.)
        if shrink_hung && any_live && before(deadline) && !interrupt::requested() {
            notes.push(
                "the run stopped after a shrink whose candidate hung (its thread cannot be \
                 stopped)"
                    .into(),
            );
        }
        if !any_live
            || shrink_hung
            || budget_spent
            || nothing_tested
            || fatal
            || lock(&shared.error).is_some()
            || !before(deadline)
            || interrupt::requested()
        {
            break;
        }
    }
    let mut census = Census::of_game(game);
    for c in &shared.censuses {
        census.merge(&lock(c));
    }
    let error = lock(&shared.error).take();
    let first_rejection = lock(&shared.first_rejection).take();
    let interrupted = interrupt::requested();
    let wall = start.elapsed();
    shared
        .entrants
        .iter()
        .zip(settled)
        .enumerate()
        .map(|(e, (entrant, s))| {
            let tally = &shared.tally[e];
            let running = s.running.unwrap_or(wall - paused);
            let (finding_case, disagreement) = match s.finding {
                Some((index, d)) => (Some(index), Some(d)),
                None => (None, None),
            };
            let mut own = notes.clone();
            own.extend(unconfirmed_notes(&shared, e));
            own.extend(s.notes);
            GameRun {
                slug: entrant.run_name(game),
                // A hung case was judged too, if not to the end.
                cases: tally.judged.load(Ordering::Relaxed) + u64::from(hung_case == Some(e)),
                deep_cases: shared.deep_done.load(Ordering::Relaxed),
                rejected: tally.rejected.load(Ordering::Relaxed),
                first_rejection: first_rejection.clone(),
                elapsed: running + s.shrinking,
                running,
                census: census.clone(),
                disagreement,
                finding_case,
                other_findings: Vec::new(),
                error: s.error.or_else(|| error.clone()),
                interrupted,
                notes: own,
            }
        })
        .collect()
}

/// Saves an entrant's finding `d` (found at case `index`) under its name, where the plan saves
/// (a failure of the user's trusted programs is not saved), and keeps it as settled.
fn settle(
    plan: &Plan,
    game: &'static dyn DynGame,
    entrant: &Entrant,
    settled: &mut Settled,
    index: u64,
    mut finding: Disagreement,
) {
    let name = entrant.run_name(game);
    finding.slug = name;
    let corpus = plan
        .corpus
        .as_ref()
        .filter(|_| plan.reference_faults_are_findings || !finding.verdict.of_judge());
    if let Some(root) = corpus {
        let dir = corpus::dir(root, name);
        match corpus::save(
            &dir,
            finding.input.as_bytes(),
            &finding.comparison.reference,
            None,
            &plan.options.for_running(game.settings()),
        ) {
            Ok(saved) => {
                let path = saved.path().to_path_buf();
                let quoted = crate::harness::shell_quote(&path.display().to_string());
                finding.replay = Some(match &entrant.replay {
                    Some(command) => command.replace("{path}", &quoted),
                    None => game.replay_command(
                        crate::harness::invocation(),
                        &quoted,
                        &entrant.subject.to_args(),
                    ),
                });
                if finding.answers_over_a_screen() {
                    finding.answer_files = corpus::save_answers(&path, &finding.comparison);
                }
                finding.saved = Some(path);
            }
            Err(e) => settled.error = Some(format!("could not save to {}: {e}", dir.display())),
        }
    }
    settled.finding = Some((index, finding));
}

pub(super) fn stage_name(stage: Stage, subject: &Subject) -> &'static str {
    match stage {
        Stage::Subject => subject.label(),
        Stage::Reference => "the reference",
        Stage::Census => "the census code",
        Stage::Deep => "the deep checks (traces, censuses, self-checks)",
        Stage::Generate => "the generator",
        Stage::Idle => "nothing",
    }
}

fn stage_side(stage: Stage) -> Side {
    match stage {
        Stage::Reference => Side::Reference,
        Stage::Census => Side::Census,
        Stage::Deep => Side::Deep,
        _ => Side::Subject,
    }
}

/// How a finding's origin reads: `case 7 of seed 1; regenerate the unshrunk case with `…``, or,
/// when the shrink started from an input regenerated smaller ([`DynGame::regenerate_smaller`]),
/// `case 7 of seed 1, at size 60, regenerated failing at size 2; regenerate …` with the command
/// that prints the regenerated input.
pub(super) fn origin_words(index: u64, seed: u64, how: Option<&str>, command: &str) -> String {
    let how = how.map(|h| format!(", {h}")).unwrap_or_default();
    format!("case {index} of seed {seed}{how}; regenerate the unshrunk case with `{command}`")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, Game};

    /// How long [`SlowShrink`]'s shrinker takes.
    const SHRINK: Duration = Duration::from_millis(1500);

    /// A one-number game whose engine is wrong on 7, and whose shrinker takes [`SHRINK`] and
    /// finds nothing smaller: a finding whose shrink takes far longer than finding it did.
    struct SlowShrink;

    impl Game for SlowShrink {
        type Case = u8;
        const SLUG: &'static str = "slow_shrink";
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(input: &[u8], options: &Options) -> Outcome {
            match Self::reference(input, options) {
                Outcome::Output(text) if text == "7\n" => Outcome::Output("8\n".into()),
                other => other,
            }
        }
        fn reference(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::from_utf8_lossy(input).into_owned())
        }
        fn parse_case(input: &[u8]) -> Option<u8> {
            String::from_utf8_lossy(input).trim().parse().ok()
        }
        fn shrink(_: &u8) -> Vec<u8> {
            thread::sleep(SHRINK);
            Vec::new()
        }
    }

    #[test]
    fn the_rate_is_over_the_time_running_cases_not_the_shrink() {
        let plan = Plan::new(vec![dyn_game::<SlowShrink>()], Budget::Cases(1_000_000), 1);
        let plan = Plan {
            show: Show::Quiet,
            ..plan
        };
        let run = run(&plan, &mut std::io::sink()).remove(0);
        let finding = run.disagreement.as_ref().expect("the engine is wrong on 7");
        assert_eq!(finding.input, "7\n");
        assert!(run.cases > 1, "{} cases", run.cases);
        // The shrink's time is the run's, not the cases'.
        assert!(
            run.elapsed >= run.running + SHRINK,
            "{:?} in all, {:?} running cases",
            run.elapsed,
            run.running
        );
        assert_eq!(run.shrinking(), Some(run.elapsed - run.running));
        let over_running = run.cases as f64 / run.running.as_secs_f64();
        assert_eq!(run.cases_per_second(), over_running);
        assert!(run.cases_per_second() > run.cases as f64 / run.elapsed.as_secs_f64());
        // And the reports say so.
        let (rate, shrinking) = crate::harness::write::report::rate_words(&run, "s");
        assert_eq!(
            rate,
            format!(
                "{over_running:.0} cases/s over the {:.2}s of running them",
                run.running.as_secs_f64()
            )
        );
        let shrinking = shrinking.expect("the shrink's time, apart");
        assert!(
            shrinking.starts_with("then ") && shrinking.ends_with("s shrinking the finding"),
            "{shrinking}"
        );
    }

    /// How many times [`Counted`]'s reference ran.
    static REFERENCE_RUNS: AtomicU64 = AtomicU64::new(0);

    /// A one-number game whose reference answers the number and counts its runs; its engine is
    /// wrong from 70 up.
    struct Counted;

    impl Game for Counted {
        type Case = u8;
        const SLUG: &'static str = "counted";
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(input: &[u8], _: &Options) -> Outcome {
            let text = String::from_utf8_lossy(input).into_owned();
            match text.trim().parse::<u8>() {
                Ok(n) if n >= 70 => Outcome::Output("0\n".into()),
                _ => Outcome::Output(text),
            }
        }
        fn reference(input: &[u8], _: &Options) -> Outcome {
            REFERENCE_RUNS.fetch_add(1, Ordering::Relaxed);
            Outcome::Output(String::from_utf8_lossy(input).into_owned())
        }
    }

    /// An external solution of [`Counted`]: `command` under the default limits.
    fn solution(command: &str) -> Subject {
        Subject::Solution {
            command: command.into(),
            timeout: Duration::from_secs(10),
            output_cap: 1 << 20,
            memory: 0,
            checker: crate::harness::programs::checker::Checker::Lines,
            interactor: None,
        }
    }

    /// A plan of `entrants` (subject, name) over [`Counted`], quiet, saving to `corpus`.
    fn plan_of(entrants: Vec<(Subject, &'static str)>, cases: u64, jobs: usize) -> Plan {
        Plan {
            entrants: entrants
                .into_iter()
                .map(|(subject, name)| Entrant {
                    name: Some(name),
                    replay: Some(format!("judge {name} {{path}}")),
                    ..Entrant::new(subject)
                })
                .collect(),
            show: Show::Quiet,
            jobs,
            ..Plan::new(vec![dyn_game::<Counted>()], Budget::Cases(cases), 5)
        }
    }

    #[test]
    fn several_entrants_each_get_their_own_finding_against_one_reference_run_per_case() {
        // Two right solutions: each case is answered by the reference once, not once each.
        REFERENCE_RUNS.store(0, Ordering::Relaxed);
        let right = vec![(solution("cat"), "cat"), (solution("head -n 1"), "head")];
        let runs = run(&plan_of(right, 60, 2), &mut std::io::sink());
        assert_eq!(runs.len(), 2);
        for (r, name) in runs.iter().zip(["cat", "head"]) {
            assert_eq!((r.slug, r.cases), (name, 60));
            assert!(r.disagreement.is_none() && r.error.is_none(), "{name}");
        }
        assert_eq!(REFERENCE_RUNS.load(Ordering::Relaxed), 60);

        // The engine is wrong from 70 up, `awk` from 200 up, `cat` never: the first two are
        // shrunk and saved apart, and the third is judged on every case.
        let dir = std::env::temp_dir().join(format!("boardfuzz-entrants-{}", std::process::id()));
        let mut found = Vec::new();
        for jobs in [1, 3] {
            let _ = std::fs::remove_dir_all(&dir);
            let entrants = vec![
                (Subject::Engine, "seventy"),
                (solution("cat"), "cat"),
                (solution("awk '{ print ($1 >= 200 ? 0 : $1) }'"), "big"),
            ];
            let plan = Plan {
                corpus: Some(dir.clone()),
                ..plan_of(entrants, 400, jobs)
            };
            let runs = run(&plan, &mut std::io::sink());
            let names: Vec<&str> = runs.iter().map(|r| r.slug).collect();
            assert_eq!(names, ["seventy", "cat", "big"]);
            let finding = |r: &GameRun| {
                let d = r.disagreement.as_ref().expect("a finding");
                assert_eq!(d.slug, r.slug);
                let saved = d.saved.clone().expect("saved");
                assert_eq!(saved.parent(), Some(dir.join(r.slug).as_path()));
                let replay = format!("judge {} {}", r.slug, saved.display());
                assert_eq!(d.replay.as_deref(), Some(replay.as_str()));
                (d.input.clone(), r.finding_case)
            };
            let seventy = finding(&runs[0]);
            let big = finding(&runs[2]);
            assert_eq!(seventy.0, "70\n");
            assert_eq!(big.0, "200\n");
            assert!(runs[1].disagreement.is_none(), "cat is right");
            assert_eq!(runs[1].cases, 400, "cat is judged on every case");
            assert!(runs[0].cases < 400 && runs[2].cases < 400);
            found.push((seventy.1, big.1));
        }
        // Each entrant's lowest failing case, whatever the jobs.
        assert_eq!(found[0], found[1]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn shards_parse_and_split_the_indices() {
        let s = Shard::parse("2/4").unwrap();
        assert_eq!((s.index, s.count), (2, 4));
        assert_eq!(s.to_string(), "2/4");
        assert_eq!((s.case(0), s.case(1), s.case(3)), (2, 6, 14));
        assert!(s.owns(10) && !s.owns(11));
        // Indices below 10 that are 2 mod 4: 2 and 6.
        assert_eq!(s.cases_below(10), 2);
        assert_eq!(s.cases_below(2), 0);
        assert_eq!(s.cases_below(3), 1);
        let total: u64 = (0..4)
            .map(|k| Shard::new(k, 4).unwrap().cases_below(401))
            .sum();
        assert_eq!(total, 401);
        for bad in ["4/4", "0/0", "2", "a/4", "1/-4"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert!(Shard::parse("4/4").unwrap_err().contains("numbered 0 to 3"));
    }
}
