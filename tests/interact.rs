//! Interactive runs (`harness::interact`): a guess-the-number interactor
//! (`tests/fixtures/interact/`) against solutions that are right, that use one query too many on
//! some secrets, print a malformed query, deadlock, exit early, crash, spin or flood, and an
//! interactor that fails itself. Each gets the verdict a judge gives, and afterwards nothing of
//! any of them is left: no process, no zombie, no registered group.
//!
//! In a test binary of its own, for the same reason as `tests/process_reaping.rs`: this process
//! becomes a child subreaper, and would count the orphans of other tests' programs as its own.

mod common;

use std::time::{Duration, Instant};

use boardfuzz::harness::programs::interact::{self, Limits, Speaker, Verdict};
use boardfuzz::harness::programs::process;

fn fixture(name: &str) -> String {
    let python = process::python3().map_or("python3".into(), |p| p.display().to_string());
    format!(
        "{python} {}/tests/fixtures/interact/{name}.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn limits() -> Limits {
    Limits {
        cpu: Duration::from_secs(5),
        timeout: Duration::from_secs(10),
        memory: 256 << 20,
        idle: Duration::from_millis(600),
        output_cap: 1 << 16,
    }
}

fn zombies_of_mine() -> Vec<String> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
                .filter(|stat| {
                    let after = stat.rsplit(')').next().unwrap_or("");
                    let fields: Vec<&str> = after.split_whitespace().collect();
                    fields.first() == Some(&"Z") && fields.get(1) == Some(&me.as_str())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Every solution on the inputs where it fails and where it does not, all in one test so that
/// the check for leftovers at its end sees no other test's programs. Every wrong verdict is
/// collected and reported together.
#[test]
fn every_solution_gets_its_verdict_and_nothing_is_left() {
    let interactor = fixture("guess_interactor");
    let mut wrong = Vec::new();
    let mut check = |limits: Limits,
                     solution: &str,
                     interactor: &str,
                     input: &str,
                     want: Verdict,
                     says: &str| {
        let started = Instant::now();
        let run = interact::run(solution, interactor, input.as_bytes(), limits).unwrap();
        if run.verdict != want || !run.message.contains(says) {
            wrong.push(format!(
                "{solution} on {input:?}: {} ({}), wanted {} saying {says:?}; dialogue:\n{}",
                run.verdict.name(),
                run.message,
                want.name(),
                run.transcript.tail(10).join("\n")
            ));
        }
        // A verdict never waits for more than the limit that gives it.
        assert!(started.elapsed() < Duration::from_secs(8), "{solution}");
        run
    };
    // Right: accepted on every secret of n = 1..=9, the queries used in OUTPUT.
    let right = fixture("guess_right");
    for n in 1..=9u32 {
        for x in 1..=n {
            let run = check(
                limits(),
                &right,
                &interactor,
                &format!("{n} {x}\n"),
                Verdict::Accepted,
                "",
            );
            // (A run not accepted is already among the wrong ones, with its dialogue.)
            if run.verdict == Verdict::Accepted {
                let used: u32 = String::from_utf8_lossy(&run.output).trim().parse().unwrap();
                assert!(used >= 1 && used <= n.ilog2() + 1, "{n} {x}: {used}");
            }
        }
    }
    // One query too many on some secrets only.
    let too_many = fixture("guess_one_too_many");
    check(
        limits(),
        &too_many,
        &interactor,
        "6 4\n",
        Verdict::WrongAnswer,
        "query 4: more than 3 queries for n = 6",
    );
    check(
        limits(),
        &too_many,
        &interactor,
        "6 3\n",
        Verdict::Accepted,
        "",
    );
    // A malformed query: a presentation error, the interactor's own words in the message.
    let malformed = fixture("guess_malformed");
    check(
        limits(),
        &malformed,
        &interactor,
        "10 2\n",
        Verdict::PresentationError,
        "expected `? y` or `! y`, got '?5'",
    );
    check(
        limits(),
        &malformed,
        &interactor,
        "4 1\n",
        Verdict::Accepted,
        "",
    );
    // Both waiting to read: the idleness limit, long before the time limit.
    let deadlock = fixture("guess_deadlock");
    let run = check(
        limits(),
        &deadlock,
        &interactor,
        "4 1\n",
        Verdict::IdlenessLimit,
        "idleness limit",
    );
    // The idleness limit ends it, not the deadlock (which never ends).
    assert!(run.elapsed < Duration::from_secs(10), "{:?}", run.elapsed);
    check(
        limits(),
        &deadlock,
        &interactor,
        "5 1\n",
        Verdict::Accepted,
        "",
    );
    // The same in a shell that left a child behind: the whole group goes.
    let in_shell = format!("sleep 291.25 & {deadlock}");
    check(
        limits(),
        &in_shell,
        &interactor,
        "4 1\n",
        Verdict::IdlenessLimit,
        "idleness limit",
    );
    // An early exit (0) before the answer: the interactor reads end of file, a wrong answer.
    let early = fixture("guess_exits_early");
    check(
        limits(),
        &early,
        &interactor,
        "15 1\n",
        Verdict::WrongAnswer,
        "ended before its answer (3 queries)",
    );
    check(
        limits(),
        &early,
        &interactor,
        "7 1\n",
        Verdict::Accepted,
        "",
    );
    // A crash of the solution is a runtime error, whatever the interactor says of it after.
    check(
        limits(),
        "sh -c 'read n; echo \"? 1\"; read r; echo broken >&2; exit 4'",
        &interactor,
        "5 3\n",
        Verdict::RuntimeError,
        "exit code 4; its stderr ends:\n  broken",
    );
    // A solution that thinks (uses CPU) is not idle: it runs into the time limit.
    let spin = Limits {
        timeout: Duration::from_millis(1500),
        ..limits()
    };
    let run = interact::run(
        "sh -c 'read n; while :; do :; done'",
        &interactor,
        b"5 3\n",
        spin,
    )
    .unwrap();
    assert_eq!(run.verdict, Verdict::TimeLimit, "{}", run.message);
    assert!(
        run.message.contains("wall-clock cap 1.50s"),
        "{}",
        run.message
    );
    // Thinking is charged in CPU time: over the CPU-time limit long before the wall-clock cap.
    let run = check(
        Limits {
            cpu: Duration::from_millis(300),
            ..limits()
        },
        "sh -c 'read n; while :; do :; done'",
        &interactor,
        "5 3\n",
        Verdict::TimeLimit,
        "over the CPU-time limit 0.30s",
    );
    assert!(run.cpu > Duration::from_millis(300), "{:?}", run.cpu);
    // Memory: the solution's resident memory over the limit; the interactor's, a setup error.
    let hog = "python3 -c 'import sys, time; sys.stdin.readline(); b = b\"x\" * (200 << 20); \
               time.sleep(5)'";
    let run = check(
        Limits {
            memory: 64 << 20,
            ..limits()
        },
        hog,
        &interactor,
        "5 3\n",
        Verdict::MemoryLimit,
        "over the memory limit 64.0 MiB of resident memory",
    );
    assert!(run.peak_memory > 64 << 20, "{}", run.peak_memory);
    check(
        Limits {
            memory: 64 << 20,
            ..limits()
        },
        &right,
        &format!(
            "python3 -c 'import time; b = b\"x\" * (200 << 20); time.sleep(1)' && {interactor}"
        ),
        "5 3\n",
        Verdict::SetupError,
        "the interactor held more than 64.0 MiB",
    );
    // A flood: the output limit.
    check(
        limits(),
        "yes ? 1",
        &interactor,
        "5 3\n",
        Verdict::OutputLimit,
        "65536",
    );
    // The interactor's own failure (exit 3) and one that cannot start: errors of the setup.
    let fails = fixture("interactor_fails");
    check(
        limits(),
        &right,
        &fails,
        "5 3\n",
        Verdict::SetupError,
        "FAIL: internal error: the query table is empty (exit code 3)",
    );
    check(
        limits(),
        &right,
        &interactor,
        "5 9\n",
        Verdict::SetupError,
        "the hidden number 9 is outside 1..5",
    );
    check(
        limits(),
        &right,
        "/no/such/interactor",
        "5 3\n",
        Verdict::SetupError,
        "cannot start the interactor",
    );
    // A solution that cannot start is an error of the call.
    let e = interact::run("/no/such/solution", &interactor, b"5 3\n", limits()).unwrap_err();
    assert!(e.to_string().contains("cannot start the solution"), "{e}");
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n\n")
    );

    assert_eq!(process::live_groups(), 0);
    let fixtures = format!("{}/tests/fixtures/interact", env!("CARGO_MANIFEST_DIR"));
    for needle in [fixtures.as_str(), "sleep 291.25", "while :; do :; done"] {
        let left = common::processes_with(needle);
        assert!(left.is_empty(), "left running: {left:?}");
    }
    let zombies = zombies_of_mine();
    assert!(zombies.is_empty(), "zombies: {zombies:?}");
}

/// The dialogue is recorded line by line, each marked by who wrote it, and ends where the
/// failure is.
#[test]
fn the_transcript_shows_the_dialogue_up_to_the_failure() {
    let run = interact::run(
        &fixture("guess_one_too_many"),
        &fixture("guess_interactor"),
        b"6 4\n",
        limits(),
    )
    .unwrap();
    assert_eq!(run.verdict, Verdict::WrongAnswer);
    let lines: Vec<String> = run
        .transcript
        .lines()
        .map(|l| format!("{} {}", l.from.mark(), l.text))
        .collect();
    // n = 6, secret 4: the buggy middles are 2 (>), 3 (>), 5 (<), and a fourth query, 4, which
    // the interactor no longer answers.
    assert_eq!(
        lines,
        ["< 6", "> ? 2", "< >", "> ? 3", "< >", "> ? 5", "< <", "> ? 4"]
    );
    assert_eq!(run.transcript.total(), lines.len() as u64);
    assert!(run
        .transcript
        .lines()
        .all(|l| matches!(l.from, Speaker::Solution) == l.text.starts_with('?')));
    assert_eq!(
        run.transcript.tail(2).len(),
        3,
        "{:?}",
        run.transcript.tail(2)
    );
}

/// The time limit is charged in CPU time, so it holds on a loaded machine: with a busy thread on
/// every core, a solution that thinks for 0.1 s of CPU time and sleeps 2.3 s (a wall time over
/// its CPU-time limit of 2 s) is accepted, and one that thinks for 2.5 s gets a time limit.
#[test]
fn the_cpu_time_limit_holds_under_load() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let load: Vec<_> = (0..cores)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
                }
            })
        })
        .collect();
    let limits = Limits::judged(
        Duration::from_secs(2),
        256 << 20,
        // More than the sleep: a solution asleep while the interactor waits is idle.
        Duration::from_secs(5),
        1 << 16,
    );
    let interactor = fixture("guess_interactor");
    let thinks = |burn: &str, pause: &str| format!("{} {burn} {pause}", fixture("guess_thinks"));
    let calm = interact::run(&thinks("0.1", "2.3"), &interactor, b"9 4\n", limits).unwrap();
    let slow = interact::run(&thinks("2.5", "0"), &interactor, b"9 4\n", limits).unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for thread in load {
        thread.join().unwrap();
    }
    assert_eq!(calm.verdict, Verdict::Accepted, "{}", calm.message);
    assert!(calm.elapsed > Duration::from_secs(2), "{:?}", calm.elapsed);
    assert!(calm.cpu < Duration::from_secs(1), "{:?}", calm.cpu);
    // Over its CPU time, or (if the load left it under a third of a core) the wall-clock cap
    // of that limit: a time limit either way.
    assert_eq!(slow.verdict, Verdict::TimeLimit, "{}", slow.message);
    assert!(
        slow.message.contains("CPU-time limit 2.00s"),
        "{}",
        slow.message
    );
}
