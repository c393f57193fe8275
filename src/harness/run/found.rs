//! A campaign's finding shrunk under the supervisor: `shrink_supervised` shrinks the lowest
//! failing case in-process on a thread of its own, watched as the workers are (a candidate that
//! hangs ends the shrink with the smallest failing case so far), after the regenerate-smaller
//! step and within the shape learned from the run's inputs ([`LEARN_AT_LEAST`]); a time limit is
//! kept only if it comes twice (`confirm_twice`), and a shrunk case that no longer fails is
//! reported as found (`rerun_found`). A hang is shrunk in child processes instead
//! ([`super::hang`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Fault, Outcome, Regenerate};
use crate::guard::lock;
use crate::harness::programs::subject::CONFIRM_RUNS;
use crate::harness::run::campaign::{
    self, before, evaluate, evaluate_answered, origin_words, stage_name, supervise, Evaluated,
    Found, Shared, Stage, Supervised,
};
use crate::harness::shrink::shape::Shape;
use crate::harness::{programs::subject, run::interrupt, Disagreement, Side, Verdict};
use crate::rng::Rng;

/// Shrinks a found failure in-process on a thread of its own, under the watchdog: if a candidate
/// hangs, the smallest failing case so far is reported, with a note.
///
/// Where the game can ([`DynGame::regenerate_smaller`]), the shrink starts from a smaller input
/// its generator makes that fails the same way; where its shrink keeps the generated inputs'
/// shape ([`DynGame::shrink_in_shape`]), a candidate outside the shape learned from the run's
/// cases up to the found one (and the inputs the regenerate step printed) is refused before any
/// side runs on it.
///
/// [`DynGame::regenerate_smaller`]: crate::game::DynGame::regenerate_smaller
/// [`DynGame::shrink_in_shape`]: crate::game::DynGame::shrink_in_shape
pub(super) fn shrink_supervised(
    shared: &Arc<Shared>,
    jobs: usize,
    found: Found,
    origin: String,
    deadline: Option<Instant>,
    on_best: &mut dyn FnMut(&str, u64),
) -> Disagreement {
    let game = shared.game;
    // The entrant that failed: its candidates are judged for it alone.
    let subject = shared.entrants[found.entrant].subject.clone();
    let best: Arc<Mutex<Option<(String, Evaluated)>>> = Arc::new(Mutex::new(None));
    let tries = Arc::new(AtomicU64::new(0));
    let cut_short = Arc::new(AtomicBool::new(false));
    // What the worker saw of the found case: the report if the shrink ends before its first
    // evaluation does (a slow solution whose re-run outlasts the budget or Ctrl-C's second).
    let as_found = (
        found.input.clone(),
        Evaluated {
            comparison: found.comparison.clone(),
            verdict: found.verdict,
            tags: None,
            census_error: None,
            deep_message: None,
            subject_time: Duration::ZERO,
            reference_time: Duration::ZERO,
        },
    );
    // The origin and the notes of the regenerate step and the shape, for the report of a shrink
    // that ends early too.
    let (found_origin, found_input) = (origin.clone(), found.input.clone());
    let origin = Arc::new(Mutex::new(origin));
    let notes: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = mpsc::channel();
    let handle = {
        let (shared, best) = (Arc::clone(shared), Arc::clone(&best));
        let (tries, cut_short) = (Arc::clone(&tries), Arc::clone(&cut_short));
        let (origin, notes) = (Arc::clone(&origin), Arc::clone(&notes));
        let first_origin = found_origin.clone();
        let subject = subject.clone();
        thread::spawn(move || {
            let watch = &shared.watches[jobs];
            let verdict = found.verdict;
            // A limit finding's candidates (the found case first) are judged under the limits
            // raised by the margins, and kept only if they still go over them: the case kept is
            // over the real limit by the margin, and fails every time it is judged again.
            let limit = verdict.is_limit();
            let judged_as = match limit {
                true => subject.with_margins(shared.margins),
                false => subject.clone(),
            };
            // Whether the reference answered the found input (the first evaluation): then
            // every kept candidate must be answered too (`crate::harness::answered`).
            let mut answered = None;
            // The subject's time on the last candidate it ran.
            let mut took = Duration::ZERO;
            let mut fails = |text: &str| {
                if interrupt::requested() {
                    return false;
                }
                // The found case itself is always evaluated; candidates only in the budget.
                if answered.is_some() && !before(deadline) {
                    cut_short.store(true, Ordering::Relaxed);
                    return false;
                }
                tries.fetch_add(1, Ordering::Relaxed);
                let deep = matches!(verdict, Verdict::Deep(_));
                let ev = if answered == Some(true) {
                    // Only a candidate the reference answers can be kept: ask it first.
                    let checks = (shared.watchdog, watch, deep);
                    let bytes = text.as_bytes();
                    let (game, options) = (shared.game, &shared.options);
                    match evaluate_answered(game, &judged_as, bytes, options, checks, took) {
                        Some(ev) => ev,
                        None => return false,
                    }
                } else {
                    evaluate(
                        shared.game,
                        &judged_as,
                        text.as_bytes(),
                        &shared.options,
                        shared.watchdog,
                        watch,
                        deep,
                    )
                };
                took = ev.subject_time;
                let answer = crate::harness::answered(&ev.comparison.reference);
                let original = *answered.get_or_insert(answer);
                let mut same = ev.verdict == verdict
                    && (answer || !original)
                    && subject::same_failure(&ev.comparison.mine, &found.comparison.mine);
                if same && confirm_twice(verdict) && shared.margins.time <= 1.0 {
                    // A time limit near the limit may not come twice: kept only if it does
                    // (beyond a margin one run is enough: it is over the limit by the margin).
                    tries.fetch_add(1, Ordering::Relaxed);
                    let (game, options) = (shared.game, &shared.options);
                    let again = evaluate(
                        game,
                        &judged_as,
                        text.as_bytes(),
                        options,
                        shared.watchdog,
                        watch,
                        deep,
                    );
                    same = again.verdict == verdict;
                }
                if same {
                    // The smallest failing case so far (a regenerated input may be larger than
                    // one regenerated before it).
                    let mut best = lock(&best);
                    if best.as_ref().map_or(true, |(b, _)| text.len() <= b.len()) {
                        *best = Some((text.to_string(), ev));
                    }
                }
                same
            };
            let game = shared.game;
            let mut shape: Option<Shape> =
                shared.learner.as_ref().map(|l| l.through(found.ordinal));
            let verbose = shared.verbose;
            let mut log = |line: &str| {
                if verbose {
                    eprintln!("[{}] regenerate: {line}", game.slug());
                }
            };
            let go_on = || !interrupt::requested() && before(deadline);
            // The game's generator searched again from the found case: at smaller sizes, or at
            // larger ones (`larger`) for a limit case not over the margin.
            let mut regenerate = |larger: bool, fails: &mut dyn FnMut(&str) -> bool| {
                let mut generated = |text: &str| {
                    if let Some(shape) = &mut shape {
                        shape.learn(text);
                    }
                };
                let mut search = Regenerate {
                    case_seed: Rng::case_seed(shared.seed, found.index),
                    index: found.index,
                    input: &found.input,
                    fails,
                    go_on: &go_on,
                    generated: &mut generated,
                    log: &mut log,
                };
                match larger {
                    true => game.regenerate_larger(&mut search),
                    false => game.regenerate_smaller(&mut search),
                }
            };
            // A limit finding whose found case is not over the margin (the found case is always
            // run first) is not shrunk by text: a shrink could keep nothing that fails every
            // time. It is made again larger, over the margin, and kept as regenerated (a text
            // shrink from it would cost each candidate the whole raised limit to cut a few
            // bytes); without such an input, it is reported as found.
            let under_margin = !fails(&found.input) && limit;
            let regeneration = if under_margin {
                match regenerate(true, &mut fails) {
                    Some(r) if r.kept.is_some() => Some(r),
                    other => {
                        lock(&notes).extend(other.map(|r| r.note));
                        lock(&notes).push(format!(
                            "not shrunk: the found case did not go over the limits raised by \
                             the margins (--time-margin {}, --memory-margin {}), so no smaller \
                             case would fail every time; it gave its verdict on each of its \
                             {CONFIRM_RUNS} reruns",
                            shared.margins.time, shared.margins.memory
                        ));
                        None
                    }
                }
            } else {
                regenerate(false, &mut fails)
            };
            let (grew, unshrinkable) = (
                under_margin && regeneration.is_some(),
                under_margin && regeneration.is_none(),
            );
            let mut start = found.input.clone();
            let mut regenerated = false;
            if let Some(r) = &regeneration {
                if let Some(kept) = &r.kept {
                    *lock(&origin) =
                        origin_words(found.index, shared.seed, Some(&kept.how), &kept.command);
                    if verbose {
                        eprintln!(
                            "[{}] the regenerated case, from `{}`:\n{}",
                            game.slug(),
                            kept.command,
                            kept.input
                        );
                    }
                    start = kept.input.clone();
                    regenerated = true;
                }
                lock(&notes).push(r.note.clone());
            }
            // The regenerate step's note, which the shrink's words then end.
            let path_note = regeneration.as_ref().map(|_| lock(&notes).len() - 1);
            // A finding in the first cases shows little of the generator: the run's next cases
            // are generated (not run) until the shape is learned from enough inputs.
            let mut more = 0u64;
            while let Some(shape) = &mut shape {
                if shape.inputs() >= LEARN_AT_LEAST || !go_on() || under_margin {
                    break;
                }
                let index = shared.shard.case(found.ordinal + 1 + more);
                let case_seed = Rng::case_seed(shared.seed, index);
                match game.generate_case(case_seed, index, &shared.options) {
                    Ok(text) => shape.learn(&text),
                    Err(_) => break,
                }
                more += 1;
            }
            let mut refused = 0u64;
            if let Some(shape) = shape.as_ref().filter(|_| !under_margin) {
                if verbose {
                    eprintln!(
                        "[{}] the generator's shape, {}",
                        game.slug(),
                        shape.detail()
                    );
                }
                let next = if more > 0 {
                    format!(", {more} of them the run's next cases, generated to learn from")
                } else {
                    String::new()
                };
                lock(&notes).push(format!(
                    "kept to the generator's shape (learned from {} generated inputs{next}): {}",
                    shape.inputs(),
                    shape.describe()
                ));
            }
            let tries_before = tries.load(Ordering::Relaxed);
            let small = {
                let mut keep = |text: &str| {
                    if shape.as_ref().is_some_and(|s| !s.admits(text)) {
                        refused += 1;
                        return false;
                    }
                    fails(text)
                };
                match under_margin {
                    true => start.clone(),
                    false => game.shrink(&start, &mut keep).unwrap_or(start.clone()),
                }
            };
            // Every shrink says what it came to and how many candidates it ran, a game's own
            // structural shrinker as the generic one.
            if !unshrinkable {
                let run = tries.load(Ordering::Relaxed) - tries_before;
                let outside = if shape.is_some() {
                    format!(", {refused} outside the shape refused without a run")
                } else {
                    String::new()
                };
                let sized = crate::harness::run::progress::size;
                let shrunk = if grew {
                    "kept as regenerated (not shrunk by text: each candidate would cost the \
                     raised limit)"
                        .to_string()
                } else if small == start && !regenerated {
                    format!(
                        "not shrunk: no smaller case failed alike ({run} candidates run{outside})"
                    )
                } else if regenerated {
                    format!(
                        "then shrunk to {} ({run} candidates run{outside})",
                        sized(&small)
                    )
                } else {
                    format!(
                        "shrunk from {} to {} ({run} candidates run{outside})",
                        sized(&found.input),
                        sized(&small)
                    )
                };
                let mut notes = lock(&notes);
                match path_note {
                    Some(i) => notes[i] = format!("{}; {shrunk}", notes[i]),
                    None => notes.push(shrunk),
                }
            }
            // The report re-runs both sides and the traces: still under the watch.
            watch.enter(Stage::Subject, shared.watchdog * 3);
            let origin = lock(&origin).clone();
            let mut d = Disagreement::new(shared.game, &subject, small, &shared.options, origin);
            if d.verdict == Verdict::Agree && !matches!(verdict, Verdict::Deep(_)) {
                d = rerun_found(&shared, &found, &first_origin, d.input.len());
            }
            d.notes.extend(lock(&notes).iter().cloned());
            if limit && !unshrinkable {
                let kept = lock(&best)
                    .as_ref()
                    .filter(|(text, _)| *text == d.input)
                    .and_then(|(_, ev)| match &ev.comparison.mine {
                        Outcome::Failed { message, .. } => Some(message.clone()),
                        _ => None,
                    });
                if let Some(kept) = kept {
                    d.notes.push(format!(
                        "kept with a margin: judged under {}x the CPU-time limit and {}x the \
                         memory limit (--time-margin, --memory-margin), this case still went \
                         over: {}",
                        shared.margins.time,
                        shared.margins.memory,
                        kept.lines().next().unwrap_or("")
                    ));
                }
            }
            watch.enter(Stage::Idle, Duration::ZERO);
            d.notes.extend(shared.game.shrink_note(&d.input));
            if cut_short.load(Ordering::Relaxed) {
                d.notes.push(campaign::cut_short(shared.game));
            }
            if let Verdict::Deep(_) = verdict {
                // The answers agree: the finding is the deep check's, as its evaluation said.
                d.verdict = verdict;
                let why = lock(&best)
                    .as_ref()
                    .filter(|(text, _)| *text == d.input)
                    .and_then(|(_, ev)| ev.deep_message.clone());
                d.notes.extend(why);
            }
            let _ = tx.send(d);
        })
    };
    let supervised = supervise(
        std::slice::from_ref(&handle),
        &[&shared.watches[jobs]],
        &AtomicBool::new(false),
        deadline,
        &mut || {
            if let Some((text, _)) = &*lock(&best) {
                on_best(text, tries.load(Ordering::Relaxed));
            }
        },
    );
    if let Supervised::Done = supervised {
        if let Ok(d) = rx.try_recv() {
            return d;
        }
    }
    // The shrink hung (or was interrupted): report the smallest failing case seen, else the
    // found case as the worker saw it.
    let (input, ev) = lock(&best).take().unwrap_or(as_found);
    // The origin is the regenerated case's only if the shrink started from it.
    let regenerated = *lock(&origin) != found_origin;
    let origin = if regenerated && input == found_input {
        found_origin
    } else {
        lock(&origin).clone()
    };
    let mut d = Disagreement::from_parts(
        game,
        input,
        ev.comparison,
        ev.verdict,
        origin,
        "traces not compared: shrinking was cut short",
    );
    d.notes.extend(lock(&notes).iter().cloned());
    if let Some(e) = ev.census_error {
        d.notes.push(format!("the census {e}"));
    }
    d.notes.push(match supervised {
        Supervised::Overrun(slot) => format!(
            "shrinking stopped: a smaller candidate hung in {} (over {:?}); this is the smallest failing case before it",
            stage_name(slot.stage, &subject),
            slot.limit
        ),
        Supervised::OutOfTime => campaign::cut_short(game),
        _ => "shrinking was interrupted; this is the smallest failing case so far".into(),
    });
    d
}

/// Whether a shrink keeps a candidate with `verdict` only when a second run gives it too: a
/// solution's time limit, which a run a little under the limit may or may not reach.
fn confirm_twice(verdict: Verdict) -> bool {
    verdict
        == Verdict::Fault {
            side: Side::Subject,
            fault: Fault::TimeLimit,
        }
}

/// The finding when the shrunk case no longer failed on its final run (a time limit reached on
/// the candidate's runs but not on this one): the found case, run again; if that agrees too,
/// the found case as it was judged when found. A finding never carries the verdict `agree`.
fn rerun_found(shared: &Shared, found: &Found, origin: &str, shrunk_len: usize) -> Disagreement {
    let game = shared.game;
    let mut d = Disagreement::new(
        game,
        &shared.entrants[found.entrant].subject,
        found.input.clone(),
        &shared.options,
        origin.to_string(),
    );
    let what = format!(
        "the shrunk case ({shrunk_len} bytes) did not fail when it was run again to be \
         reported, so this is the found case"
    );
    if d.verdict == Verdict::Agree {
        d = Disagreement::from_parts(
            game,
            found.input.clone(),
            found.comparison.clone(),
            found.verdict,
            origin.to_string(),
            "traces not compared: the found case did not fail again",
        );
        d.notes.push(format!(
            "{what}, as judged when it was found: it did not fail when run again either (a \
             verdict near a limit)"
        ));
    } else {
        d.notes.push(what);
    }
    d
}

/// The shape a shrink keeps ([`DynGame::shrink_in_shape`]) is learned from at least this many
/// generated inputs: when the run's cases up to the finding and the regenerate step's inputs
/// are fewer, the run's next cases are generated (not run) to make up the number. One input
/// alone would pin every number to the found case's.
///
/// [`DynGame::shrink_in_shape`]: crate::game::DynGame::shrink_in_shape
pub const LEARN_AT_LEAST: u64 = 32;

#[cfg(test)]
mod tests {
    use crate::game::{dyn_game, Game, Options, Outcome};
    use crate::guard::lock;
    use crate::harness::run::campaign::{run, Budget, Plan};
    use crate::harness::run::progress::Show;
    use std::sync::Mutex;

    /// Every input [`Picky`]'s engine was asked, in order.
    static ASKED: Mutex<Vec<String>> = Mutex::new(Vec::new());

    /// A list game (`N`, then N numbers, one a line) whose reference refuses a list with a
    /// number above 5, and whose engine, which answers anything, is wrong on a list of 4 or
    /// more. Cases are `7`: seven 1s.
    struct Picky;

    impl Picky {
        fn list(input: &[u8]) -> Option<Vec<u64>> {
            let text = String::from_utf8_lossy(input);
            let mut lines = text.lines();
            let n: usize = lines.next()?.trim().parse().ok()?;
            let list: Vec<u64> = lines
                .map(|l| l.trim().parse().ok())
                .collect::<Option<_>>()?;
            (list.len() == n).then_some(list)
        }
    }

    impl Game for Picky {
        type Case = u8;
        const SLUG: &'static str = "picky";
        fn render(_: &u8) -> String {
            "7\n1\n1\n1\n1\n1\n1\n1\n".into()
        }
        fn engine(input: &[u8], _: &Options) -> Outcome {
            lock(&ASKED).push(String::from_utf8_lossy(input).into_owned());
            match Self::list(input) {
                Some(list) if list.len() >= 4 => Outcome::Output("wrong\n".into()),
                Some(list) => Outcome::Output(format!("{}\n", list.len())),
                None => Outcome::Output("?\n".into()),
            }
        }
        fn reference(input: &[u8], _: &Options) -> Outcome {
            match Self::list(input) {
                Some(list) if list.iter().all(|&x| x <= 5) => {
                    Outcome::Output(format!("{}\n", list.len()))
                }
                _ => Outcome::rejected(crate::game::Rejection::new("invalid", 1, "no list")),
            }
        }
    }

    #[test]
    fn a_shrink_runs_the_subject_only_on_candidates_the_reference_answers() {
        let plan = Plan::new(vec![dyn_game::<Picky>()], Budget::Cases(10), 1);
        let plan = Plan {
            show: Show::Quiet,
            jobs: 1,
            ..plan
        };
        let run = run(&plan, &mut std::io::sink()).remove(0);
        let finding = run
            .disagreement
            .as_ref()
            .expect("the engine is wrong on 7 numbers");
        assert_eq!(finding.input, "4\n0\n0\n0\n0\n");
        let asked = lock(&ASKED).clone();
        // The generic shrinker tried many candidates the reference refuses (lines dropped
        // without their count); the engine saw none of them.
        assert!(asked.len() > 2, "{asked:?}");
        let refused: Vec<&String> = asked
            .iter()
            .filter(|t| !crate::harness::answered(&Picky::reference(t.as_bytes(), &Options::new())))
            .collect();
        assert!(refused.is_empty(), "the engine ran on {refused:?}");
    }
}
