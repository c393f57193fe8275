//! Several solutions in one run (`--solution` given more than once, or a glob as the shell
//! expands it), for `stress` on the toy problem of `tests/fixtures/stress/` (maximum subarray)
//! and for `check` on coin_jump: each case is answered once by the brute force (or the
//! reference) and judged for every solution; each solution's first failure is its own finding,
//! shrunk, saved in its own folder and replayed as printed; the summary and the JSON report have
//! a row per solution.

mod common;

use std::path::Path;

use common::{reported_input, stress_fixture, temp_dir, Run};

/// The environment of every run: a build cache of this test process, no colours.
fn env() -> Vec<(&'static str, String)> {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions-cache");
    vec![
        ("BOARDFUZZ_CACHE", cache.display().to_string()),
        ("NO_COLOR", "1".to_string()),
    ]
}

/// `boardfuzz ARGS…` in `cwd`.
fn run_in(cwd: &Path, args: &[&str]) -> Run {
    let env = env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Run::in_dir(cwd, args, &env)
}

/// Runs a command line with `sh -c` in `cwd`, as a user's shell would (globs expanded).
fn shell(cwd: &Path, line: &str) -> Run {
    let env = env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Run::shell(cwd, line, &env)
}

/// Copies fixtures of `tests/fixtures/stress/` into `dir`.
fn copy(dir: &Path, names: &[&str]) {
    for name in names {
        std::fs::copy(stress_fixture(name), dir.join(name)).unwrap();
    }
}

/// The FINDING report of solution `name` in a run's stdout (from its FINDING line to the line
/// before the next `FINDING`, `==` or summary row).
fn report_of<'a>(stdout: &'a str, name: &str) -> &'a str {
    let head = format!("FINDING in {name}: ");
    let start = stdout
        .find(&head)
        .unwrap_or_else(|| panic!("no `{head}`: {stdout}"));
    let rest = &stdout[start..];
    let end = rest[1..]
        .find("\n==")
        .into_iter()
        .chain(rest[1..].find("\nFINDING"))
        .chain(rest[1..].find("\nsolution "))
        .min()
        .map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

/// The saved case and the `replay:` line of a finding's report.
fn saved_and_replay(report: &str) -> (String, String) {
    let saved = report
        .split("--- saved ---\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("nothing saved: {report}"))
        .to_string();
    let replay = report
        .lines()
        .find_map(|l| l.strip_prefix("replay: "))
        .unwrap_or_else(|| panic!("no replay line: {report}"))
        .to_string();
    (saved, replay)
}

/// The summary's row of solution `name`: its cases and its verdict words.
fn row<'a>(stdout: &'a str, name: &str) -> (u64, &'a str) {
    let line = stdout
        .lines()
        .skip_while(|l| !l.starts_with("solution "))
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no row of {name}: {stdout}"));
    let rest = line[name.len()..].trim_start();
    let (cases, verdict) = rest.split_once(' ').unwrap_or((rest, ""));
    (cases.parse().unwrap(), verdict.trim())
}

#[test]
fn stress_judges_every_solution_and_keeps_each_finding_apart() {
    let dir = temp_dir("solutions-stress");
    copy(
        &dir,
        &["gen.py", "brute.py", "wrong.cpp", "correct.cpp", "crash.py"],
    );
    let run = run_in(
        &dir,
        &[
            "stress",
            "-q",
            "--gen",
            "gen.py {size}",
            "--brute",
            "brute.py",
            // Both ways to give several: a list after one flag, and the flag again.
            "--solution",
            "wrong.cpp",
            "correct.cpp",
            "-s",
            "crash.py",
            "--cases",
            "60",
            "--seed",
            "5",
            "--report",
            "json",
            "report.json",
        ],
    );
    let all = run.all();
    assert_eq!(run.code, Some(1), "{all}");
    // Each wrong solution's finding: its own verdict, shrunk, saved in its own folder, and its
    // replay line judges its own program on it.
    for (name, program, verdict) in [
        ("wrong-cpp", "wrong.cpp", "wrong answer"),
        ("crash-py", "crash.py", "solution runtime error"),
    ] {
        let report = report_of(&run.stdout, name);
        assert!(
            report.starts_with(&format!("FINDING in {name}: {verdict} (case ")),
            "{report}"
        );
        let input = reported_input(report);
        assert_eq!(
            input.lines().count(),
            2,
            "shrunk to a count and a list: {report}"
        );
        let (saved, replay) = saved_and_replay(report);
        assert!(saved.starts_with(&format!("findings/{name}/")), "{saved}");
        assert_eq!(std::fs::read_to_string(dir.join(&saved)).unwrap(), input);
        assert!(
            replay.contains(&format!(" judge {program} {saved}")),
            "{replay}"
        );
        let again = shell(&dir, &replay);
        assert_eq!(again.code, Some(1), "{replay}: {}", again.all());
        // The right solution passes the other's case.
        let right = run_in(&dir, &["judge", "correct.cpp", &saved]);
        assert_eq!(right.code, Some(0), "{}", right.all());
        let (cases, words) = row(&run.stdout, name);
        assert!(cases < 60, "{name} stopped at its finding: {cases}");
        assert!(
            words.starts_with(&format!("{verdict} on case ")) && words.ends_with(&saved),
            "{words}"
        );
    }
    // The right one is judged on every case, with nothing saved.
    assert_eq!(row(&run.stdout, "correct-cpp"), (60, "ok"));
    assert!(!run.stdout.contains("FINDING in correct-cpp"), "{all}");
    assert!(!dir.join("findings/correct-cpp").exists());
    assert!(
        run.stdout
            .contains("\nFAILED: 60 case(s), 3 solutions, 2 finding(s)"),
        "{all}"
    );
    // The JSON report: a row per solution in the order given, each finding naming its own.
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let rows = report["solutions"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["wrong-cpp", "correct-cpp", "crash-py"]);
    assert_eq!(rows[1]["status"], "ok");
    assert_eq!(rows[1]["cases"], 60);
    let findings = report["findings"].as_array().unwrap();
    let of: Vec<(&str, &str)> = findings
        .iter()
        .map(|f| {
            (
                f["problem"].as_str().unwrap(),
                f["solution"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(of, [("wrong-cpp", "wrong.cpp"), ("crash-py", "crash.py")]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A brute force that appends a line to `runs.log` in the working folder each time it runs.
fn counting_brute(dir: &Path) -> String {
    let path = dir.join("counting_brute.py");
    std::fs::write(
        &path,
        format!(
            "import subprocess, sys\n\
             with open('runs.log', 'a') as log:\n    log.write('run\\n')\n\
             sys.stdout.write(subprocess.run([sys.executable, {:?}], stdin=sys.stdin, \
             capture_output=True, text=True).stdout)\n",
            stress_fixture("brute.py")
        ),
    )
    .unwrap();
    "counting_brute.py".into()
}

#[test]
fn a_glob_of_solutions_shares_one_brute_force_run_per_case() {
    let dir = temp_dir("solutions-glob");
    copy(&dir, &["gen.py"]);
    let brute = counting_brute(&dir);
    // Two right solutions of one name in two folders, and one more: `sol_*/…` as the shell
    // expands it.
    for folder in ["sol_a", "sol_b"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        std::fs::copy(
            stress_fixture("correct.cpp"),
            dir.join(folder).join("main.cpp"),
        )
        .unwrap();
    }
    let line = format!(
        "{} stress -q --gen 'gen.py {{size}}' --brute {brute} --solution sol_*/main.cpp \
         --cases 30 --seed 2",
        env!("CARGO_BIN_EXE_boardfuzz")
    );
    let run = shell(&dir, &line);
    let all = run.all();
    assert_eq!(run.code, Some(0), "{all}");
    assert!(
        run.stderr
            .contains("solutions `sol_a/main.cpp`, `sol_b/main.cpp` against"),
        "{all}"
    );
    // One name twice: the second is told apart.
    assert_eq!(row(&run.stdout, "main-cpp"), (30, "ok"));
    assert_eq!(row(&run.stdout, "main-cpp-2"), (30, "ok"));
    assert!(
        run.stdout
            .contains("\nok: 30 case(s), 2 solutions, 0 finding(s)"),
        "{all}"
    );
    // The probe before the run asks the brute force once (case 0), the run once a case: not
    // once a case per solution.
    let runs = std::fs::read_to_string(dir.join("runs.log")).unwrap();
    assert_eq!(runs.lines().count(), 31, "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn name_with_several_solutions_is_a_usage_error() {
    let dir = temp_dir("solutions-name");
    copy(&dir, &["gen.py", "brute.py", "correct.cpp", "crash.py"]);
    let run = run_in(
        &dir,
        &[
            "stress",
            "--gen",
            "gen.py",
            "--brute",
            "brute.py",
            "-s",
            "correct.cpp",
            "-s",
            "crash.py",
            "--name",
            "p",
        ],
    );
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr
            .contains("--name names the findings folder of one solution"),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_judges_every_solution_of_a_game_named_after_them() {
    let dir = temp_dir("solutions-check");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for name in ["coin_jump.py", "coin_jump_cycle_bug.py"] {
        std::fs::copy(fixtures.join(name), dir.join(name)).unwrap();
    }
    // The game after the list of solutions is the game, not a third solution.
    let run = run_in(
        &dir,
        &[
            "check",
            "--solution",
            "coin_jump.py",
            "coin_jump_cycle_bug.py",
            "coin_jump",
            "--cases",
            "200",
            "--seed",
            "3",
            "-q",
        ],
    );
    let all = run.all();
    assert_eq!(run.code, Some(1), "{all}");
    let name = "coin_jump/coin_jump_cycle_bug-py";
    let report = report_of(&run.stdout, name);
    assert!(
        report.starts_with(&format!("FINDING in {name}: wrong answer (case ")),
        "{report}"
    );
    let (saved, replay) = saved_and_replay(report);
    assert!(saved.starts_with(&format!("findings/{name}/")), "{saved}");
    let again = shell(&dir, &replay);
    assert_eq!(again.code, Some(1), "{replay}: {}", again.all());
    assert_eq!(row(&run.stdout, "coin_jump/coin_jump-py"), (200, "ok"));
    assert!(row(&run.stdout, name)
        .1
        .starts_with("wrong answer on case "));
    // One census for the game, not one per solution.
    assert_eq!(run.stdout.matches("clause coverage:").count(), 1, "{all}");
    assert!(
        run.stdout
            .contains("\nFAILED: 200 case(s) in 1 game(s), 2 solutions, 1 finding(s)"),
        "{all}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
