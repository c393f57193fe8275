//! `boardfuzz stress` on big inputs, which the text shrinker shrinks as it does small ones: a
//! finding of 15,001 lines and 90 KB is shrunk to its failing line (it was left as it was
//! without a word), and one that must stay 70,000 bytes long comes down to exactly that (above
//! 64 KiB only large cuts ran: it stayed at all its 100,001 bytes, with a note saying so).

mod common;

use std::time::Duration;

use common::{boardfuzz_in, temp_dir, text};

/// Writes `name` in `dir` with `body`, and returns its path.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path.display().to_string()
}

/// Runs `stress` in `dir` with these programs (seed 1, one job, `cases` cases): it must find
/// the solution wrong (exit 1); what it printed.
fn finding(dir: &std::path::Path, gen: &str, brute: &str, sol: &str, cases: &str) -> String {
    let out = boardfuzz_in(
        dir,
        &[
            "stress",
            "--gen",
            gen,
            "--brute",
            brute,
            "--solution",
            sol,
            "--seed",
            "1",
            "--cases",
            cases,
            "--jobs",
            "1",
            "--quiet",
        ],
        &[("NO_COLOR", "1")],
        Duration::from_secs(300),
    )
    .expect("stress ends");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    stdout
}

#[test]
fn a_finding_of_fifteen_thousand_lines_is_shrunk_to_its_failing_line() {
    let dir = temp_dir("stress-big-lines");
    // About 15,001 lines of two numbers (how many varies, so the generator's shape lets lines
    // go); the solution is wrong on a line `7 7`, which one of them is.
    let gen = script(
        &dir,
        "gen.py",
        "import random, sys\nrng = random.Random(int(sys.argv[1]))\n\
         rows = [f'{rng.randint(10, 99)} {rng.randint(10, 99)}' for _ in range(15001 - rng.randint(0, 9))]\n\
         rows[rng.randint(0, 14000)] = '7 7'\nprint('\\n'.join(rows))\n",
    );
    let brute = script(&dir, "brute.py", "import sys\nsys.stdin.read()\nprint(0)\n");
    let sol = script(
        &dir,
        "sol.py",
        "import sys\nprint(int(any(l.split() == ['7', '7'] for l in sys.stdin)))\n",
    );
    let stdout = finding(&dir, &gen, &brute, &sol, "3");
    let saved = stdout
        .lines()
        .find(|l| l.starts_with("findings/"))
        .unwrap_or_else(|| panic!("no saved finding in {stdout}"));
    let case = std::fs::read_to_string(dir.join(saved.trim())).unwrap();
    assert_eq!(case.trim(), "7 7", "{stdout}");
    assert!(!stdout.contains("only large"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finding_that_must_stay_long_comes_down_to_the_length_that_fails() {
    let dir = temp_dir("stress-big-word");
    // One word of 100,000 letters; the solution is wrong on any input of 70,000 bytes or more.
    let gen = script(&dir, "gen.py", "print('ab' * 50000)\n");
    let brute = script(&dir, "brute.py", "import sys\nsys.stdin.read()\nprint(0)\n");
    let sol = script(
        &dir,
        "sol.py",
        "import sys\nprint(int(len(sys.stdin.read()) >= 70000))\n",
    );
    let stdout = finding(&dir, &gen, &brute, &sol, "2");
    let saved = stdout
        .lines()
        .find(|l| l.starts_with("findings/"))
        .unwrap_or_else(|| panic!("no saved finding in {stdout}"));
    let case = std::fs::read_to_string(dir.join(saved.trim())).unwrap();
    // The word's length bisected: 69,999 letters and the newline, every `b` an `a`.
    assert_eq!(case, format!("{}\n", "a".repeat(69_999)), "{stdout}");
    assert!(!stdout.contains("only large"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
