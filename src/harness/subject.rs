//! The implementation under test: boardfuzz's own engine, or any external solution — a command in
//! any language that reads judge input on stdin and writes judge output on stdout — checked
//! against the same literal reference.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::game::{DynGame, Options, Outcome};

/// What is checked against the reference.
#[derive(Debug, Clone)]
pub enum Subject {
    /// The game's optimized engine.
    Engine,
    /// An external program, run through `sh -c` once per input.
    Solution { command: String, timeout: Duration },
}

impl Subject {
    /// How reports name this side.
    pub fn label(&self) -> &'static str {
        match self {
            Subject::Engine => "engine",
            Subject::Solution { .. } => "solution",
        }
    }

    /// Runs this side on one input.
    pub fn run(&self, game: &dyn DynGame, input: &[u8], options: &Options) -> Outcome {
        match self {
            Subject::Engine => game.engine(input, options),
            Subject::Solution { command, timeout } => run_command(command, input, *timeout),
        }
    }

    /// Whether this side's answer counts as a disagreement with the reference's.
    ///
    /// The engine must match the reference exactly, errors included. An external solution is
    /// judged like a judge would: only on inputs the reference accepts, ignoring trailing
    /// whitespace on each line and trailing blank lines.
    pub fn disagrees(&self, mine: &Outcome, reference: &Outcome) -> bool {
        match self {
            Subject::Engine => !mine.agrees_with(reference),
            Subject::Solution { .. } => match (mine, reference) {
                (_, Outcome::Rejected { .. }) => false,
                (Outcome::Output(a), Outcome::Output(b)) => judge_normal(a) != judge_normal(b),
                (Outcome::Rejected { .. }, Outcome::Output(_)) => true,
            },
        }
    }
}

/// Output as a judge compares it: trailing whitespace of each line and trailing blank lines
/// removed.
pub fn judge_normal(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines.join("\n")
}

/// Runs `command` through `sh -c` with `input` on its stdin.
pub fn run_command(command: &str, input: &[u8], timeout: Duration) -> Outcome {
    let failed = |class: &'static str, message: String| Outcome::Rejected {
        class,
        line: 0,
        message,
    };
    let mut child = match Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return failed("crashed", format!("cannot start `{command}`: {e}")),
    };
    // Feed stdin and drain stdout/stderr on threads so a chatty program cannot deadlock.
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let mut stderr = child.stderr.take().expect("piped stderr");
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut pause = Duration::from_micros(50);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() >= timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return failed(
                    "timeout",
                    format!("`{command}` ran longer than {timeout:?}"),
                );
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            Err(e) => return failed("crashed", format!("waiting for `{command}`: {e}")),
        }
    };
    let _ = writer.join();
    let out = reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    if !status.success() {
        let first = String::from_utf8_lossy(&err);
        let first = first.lines().next().unwrap_or("").to_string();
        return failed(
            "crashed",
            format!("`{command}` exited with {status}: {first}"),
        );
    }
    match String::from_utf8(out) {
        Ok(text) => Outcome::Output(text),
        Err(_) => failed(
            "crashed",
            format!("`{command}` wrote output that is not UTF-8"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_normal_ignores_trailing_space_and_blank_lines() {
        assert_eq!(judge_normal("1 \n2\n\n\n"), judge_normal("1\n2"));
        assert_ne!(judge_normal("1\n 2\n"), judge_normal("1\n2\n"));
    }

    #[test]
    fn a_solution_is_run_with_the_input_on_stdin() {
        assert_eq!(
            run_command("tr a-z A-Z", b"abc\n", Duration::from_secs(10)),
            Outcome::Output("ABC\n".into())
        );
        assert!(matches!(
            run_command("sleep 5", b"", Duration::from_millis(100)),
            Outcome::Rejected {
                class: "timeout",
                ..
            }
        ));
    }
}
