//! Shared by the test files: running the `boardfuzz` binary (`tests/cli_*.rs`) and holding each
//! game's rules page to its code and corpus ([`rules`], beside the one `game_suite!` line of
//! `tests/suite_<slug>.rs`).
#![allow(dead_code, unused_macros)]

pub mod markdown;
pub mod rules;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args` in the project root, `stdin` on its standard input.
pub fn boardfuzz(args: &[&str], stdin: &[u8]) -> Output {
    boardfuzz_env(args, stdin, &[])
}

/// [`boardfuzz`] with extra environment variables (e.g. `BOARDFUZZ_PLANT`).
pub fn boardfuzz_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that exits without reading stdin closes the pipe: that is not a test failure.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// [`boardfuzz_env`] with an empty stdin that gives up after `limit`: the process is killed and
/// `None` returned, so that a run that hangs fails its test instead of hanging it.
pub fn boardfuzz_within(
    args: &[&str],
    env: &[(&str, &str)],
    limit: std::time::Duration,
) -> Option<Output> {
    boardfuzz_in(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        args,
        env,
        limit,
    )
}

/// [`boardfuzz_within`] run in the folder `cwd` (where `stress` saves its `findings/`).
pub fn boardfuzz_in(
    cwd: &std::path::Path,
    args: &[&str],
    env: &[(&str, &str)],
    limit: std::time::Duration,
) -> Option<Output> {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the binary can be waited for") {
            return Some(Output {
                status,
                stdout: stdout.join().unwrap_or_default(),
                stderr: stderr.join().unwrap_or_default(),
            });
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Bytes as text, for messages and comparisons.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `solve` command lines for the engine and for `--reference` (game `name`, extra flags).
pub fn both_sides<'a>(name: &'a str, extra: &[&'a str]) -> [Vec<&'a str>; 2] {
    [&[][..], &["--reference"][..]].map(|side| {
        ["solve", name]
            .iter()
            .chain(side)
            .chain(extra)
            .copied()
            .collect()
    })
}

/// Runs `solve` with the engine and with `--reference`; both must give this answer.
pub fn solves_to(name: &str, input: &[u8], extra: &[&str], want: &str) {
    for args in both_sides(name, extra) {
        let out = boardfuzz(&args, input);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), want, "{args:?}");
    }
}

/// Runs `solve` with the engine and with `--reference`; both must reject the input with exit
/// code 2, nothing on stdout and one line `error: line L: CLASS: …` on stderr.
pub fn rejects(name: &str, input: &[u8], extra: &[&str], line: usize, class: &str) {
    for args in both_sides(name, extra) {
        let out = boardfuzz(&args, input);
        let err = text(&out.stderr);
        let shown = text(input);
        assert_eq!(out.status.code(), Some(2), "{args:?} on {shown:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} on {shown:?}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        let prefix = format!("error: line {line}: {class}: ");
        assert!(
            err.starts_with(&prefix),
            "{args:?} on {shown:?}: want `{prefix}`, got `{err}`"
        );
    }
}

/// A fresh empty folder under the system's temporary folder.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("boardfuzz-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Processes whose command line contains `needle` (from /proc), excluding this test process.
pub fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in dir.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push(format!("{pid}: {cmdline}"));
        }
    }
    found
}

/// The report's input section (between `--- input ---` and the next `---` line).
pub fn reported_input(report: &str) -> String {
    report
        .split("--- input ---\n")
        .nth(1)
        .map(|rest| {
            rest.lines()
                .take_while(|l| !l.starts_with("--- "))
                .map(|l| format!("{l}\n"))
                .collect()
        })
        .unwrap_or_default()
}

/// A word that marks the processes this test binary starts (for [`processes_with`]).
pub fn run_marker(fixture: &str) -> String {
    format!("boardfuzz-test-{}-{fixture}", std::process::id())
}

/// What `check GAME --solution "python3 tests/fixtures/FIXTURE" --seed 1 --no-save EXTRA…`
/// printed: exit code, stdout (the report), and how long it took.
pub fn check_fixture(
    game: &str,
    fixture: &str,
    extra: &[&str],
) -> (Option<i32>, String, std::time::Duration) {
    assert!(
        Command::new("python3").arg("-V").output().is_ok(),
        "python3 is needed for the solution fixtures"
    );
    // The extra argument (ignored by the fixtures) marks this test's processes.
    let command = format!("python3 tests/fixtures/{fixture} {}", run_marker(fixture));
    let mut args = vec![
        "check",
        game,
        "--solution",
        &command,
        "--seed",
        "1",
        "--no-save",
    ];
    args.extend_from_slice(extra);
    let started = std::time::Instant::now();
    let out = boardfuzz(&args, b"");
    let mut report = text(&out.stdout);
    report.push_str(&text(&out.stderr));
    (out.status.code(), report, started.elapsed())
}

/// A fixture of `tests/fixtures/stress/` (the toy problem `stress`, `judge` and `shrink` are
/// tested on), by its absolute path.
pub fn stress_fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/stress/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The case a finding's report says it saved (the line after `--- saved ---`), relative to the
/// run's folder.
pub fn saved_case(run: &Run) -> String {
    run.stdout
        .split("--- saved ---\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("nothing saved: {}", run.all()))
        .to_string()
}

/// A fixture of `tests/fixtures/interact/` (the interactive problems), by its absolute path.
pub fn interact_fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/interact/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// What one run of the binary did, and how long it took.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub took: std::time::Duration,
}

impl Run {
    /// Runs `boardfuzz ARGS…` in `cwd` with `env`, killed (and the test failed) after two
    /// minutes.
    pub fn in_dir(cwd: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Run {
        let started = std::time::Instant::now();
        let out = boardfuzz_in(cwd, args, env, std::time::Duration::from_secs(120))
            .unwrap_or_else(|| panic!("boardfuzz {args:?} did not end within 2 minutes"));
        Run {
            code: out.status.code(),
            stdout: text(&out.stdout),
            stderr: text(&out.stderr),
            took: started.elapsed(),
        }
    }

    /// Runs a command line as a user's shell would (`sh -c`, globs expanded) in `cwd` with
    /// `env`: a printed command run as printed (`boardfuzz` is not on `PATH`: a printed command
    /// names the binary by the path it was started by).
    pub fn shell(cwd: &std::path::Path, line: &str, env: &[(&str, &str)]) -> Run {
        let started = std::time::Instant::now();
        let out = Command::new("sh")
            .args(["-c", line])
            .current_dir(cwd)
            .envs(env.iter().copied())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        Run {
            code: out.status.code(),
            stdout: text(&out.stdout),
            stderr: text(&out.stderr),
            took: started.elapsed(),
        }
    }

    /// Everything it printed, for assertion messages.
    pub fn all(&self) -> String {
        format!(
            "exit {:?} after {:?}\n--- stdout ---\n{}--- stderr ---\n{}",
            self.code, self.took, self.stdout, self.stderr
        )
    }

    /// The last `n` lines of stdout.
    pub fn last_lines(&self, n: usize) -> Vec<&str> {
        let lines: Vec<&str> = self.stdout.lines().collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }
}

/// The rows of `judge`'s table (after its header line): each case's verdict (its first 19
/// columns) and its path (after the CPU and wall columns).
pub fn judge_rows(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("verdict "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (verdict, rest) = l.split_at(19);
            let case = rest.split_whitespace().nth(2).unwrap_or("");
            (verdict.trim_end().to_string(), case.to_string())
        })
        .collect()
}
