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
        timeout: Duration::from_secs(10),
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
    let mut check = |solution: &str, interactor: &str, input: &str, want: Verdict, says: &str| {
        let started = Instant::now();
        let run = interact::run(solution, interactor, input.as_bytes(), limits()).unwrap();
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
                &right,
                &interactor,
                &format!("{n} {x}\n"),
                Verdict::Accepted,
                "",
            );
            let used: u32 = String::from_utf8_lossy(&run.output).trim().parse().unwrap();
            assert!(used >= 1 && used <= n.ilog2() + 1, "{n} {x}: {used}");
        }
    }
    // One query too many on some secrets only.
    let too_many = fixture("guess_one_too_many");
    check(
        &too_many,
        &interactor,
        "6 4\n",
        Verdict::WrongAnswer,
        "query 4: more than 3 queries for n = 6",
    );
    check(&too_many, &interactor, "6 3\n", Verdict::Accepted, "");
    // A malformed query: a presentation error, the interactor's own words in the message.
    let malformed = fixture("guess_malformed");
    check(
        &malformed,
        &interactor,
        "10 2\n",
        Verdict::PresentationError,
        "expected `? y` or `! y`, got '?5'",
    );
    check(&malformed, &interactor, "4 1\n", Verdict::Accepted, "");
    // Both waiting to read: the idleness limit, long before the time limit.
    let deadlock = fixture("guess_deadlock");
    let run = check(
        &deadlock,
        &interactor,
        "4 1\n",
        Verdict::IdlenessLimit,
        "idleness limit",
    );
    assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
    check(&deadlock, &interactor, "5 1\n", Verdict::Accepted, "");
    // The same in a shell that left a child behind: the whole group goes.
    let in_shell = format!("sleep 291.25 & {deadlock}");
    check(
        &in_shell,
        &interactor,
        "4 1\n",
        Verdict::IdlenessLimit,
        "idleness limit",
    );
    // An early exit (0) before the answer: the interactor reads end of file, a wrong answer.
    let early = fixture("guess_exits_early");
    check(
        &early,
        &interactor,
        "15 1\n",
        Verdict::WrongAnswer,
        "ended before its answer (3 queries)",
    );
    check(&early, &interactor, "7 1\n", Verdict::Accepted, "");
    // A crash of the solution is a runtime error, whatever the interactor says of it after.
    check(
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
    // A flood: the output limit.
    check(
        "yes ? 1",
        &interactor,
        "5 3\n",
        Verdict::OutputLimit,
        "65536",
    );
    // The interactor's own failure (exit 3) and one that cannot start: errors of the setup.
    let fails = fixture("interactor_fails");
    check(
        &right,
        &fails,
        "5 3\n",
        Verdict::SetupError,
        "FAIL: internal error: the query table is empty (exit code 3)",
    );
    check(
        &right,
        &interactor,
        "5 9\n",
        Verdict::SetupError,
        "the hidden number 9 is outside 1..5",
    );
    check(
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
