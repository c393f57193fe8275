//! The implementation under test: boardfuzz's own engine, or any external solution — a command in
//! any language that reads judge input on stdin and writes judge output on stdout — checked
//! against the same literal reference.

use std::time::Duration;

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::programs::checker::{Checker, Judgement};
use crate::harness::programs::process::{self, Ended};

/// What is checked against the reference.
#[derive(Debug, Clone)]
pub enum Subject {
    /// The game's optimized engine.
    Engine,
    /// An external program, run once per input: started directly when the command line is plain
    /// words, through `sh -c` otherwise ([`process::Launch`]).
    Solution {
        /// The command line, as given (e.g. `./solution` or `python3 sol.py`).
        command: String,
        /// The time limit of one run; a run that overruns it is killed ([`Fault::TimeLimit`]).
        timeout: Duration,
        /// Bytes of output allowed ([`process::DEFAULT_OUTPUT_CAP`] by default).
        output_cap: usize,
        /// How its answer is judged against the reference's ([`Checker::Lines`] by default).
        checker: Checker,
    },
}

impl Subject {
    /// The command-line words that select this subject again (` --solution '…'` with its time
    /// limit and output cap; nothing for the engine), with a leading space: what a printed repro
    /// command needs to reproduce a finding as printed.
    pub fn to_args(&self) -> String {
        match self {
            Subject::Engine => String::new(),
            Subject::Solution {
                command,
                timeout,
                output_cap,
                checker,
            } => format!(
                " --solution {} --solution-timeout {}ms --output-limit {output_cap}{}",
                crate::harness::shell_quote(command),
                timeout.as_millis(),
                checker.to_args()
            ),
        }
    }

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
            Subject::Solution {
                command,
                timeout,
                output_cap,
                ..
            } => run_command(command, input, *timeout, *output_cap),
        }
    }

    /// Whether this side's answer counts as a disagreement with the reference's.
    ///
    /// The engine must match the reference exactly, errors included. An external solution is
    /// judged like a judge would: only on inputs the reference accepts, where both answered by
    /// its [`Checker`] ([`Subject::judge`]; a checker program needs the input, so here two
    /// answers are compared as [`Checker::Lines`] compares them).
    pub fn disagrees(&self, mine: &Outcome, reference: &Outcome) -> bool {
        match self {
            Subject::Engine => !mine.agrees_with(reference),
            Subject::Solution { checker, .. } => match (mine, reference) {
                (_, Outcome::Rejected { .. }) => false,
                (Outcome::Output(a), Outcome::Output(b)) => {
                    let checker = match checker {
                        Checker::Program { .. } => &Checker::Lines,
                        other => other,
                    };
                    checker.judge(b"", a, b) != Judgement::Accepted
                }
                _ => true,
            },
        }
    }

    /// What this side's checker says of two answers on `input`: `None` for the engine (held to
    /// the reference exactly) and where either side gave no answer.
    pub fn judge(&self, input: &[u8], mine: &Outcome, reference: &Outcome) -> Option<Judgement> {
        match (self, mine, reference) {
            (Subject::Solution { checker, .. }, Outcome::Output(a), Outcome::Output(b)) => {
                Some(checker.judge(input, a, b))
            }
            _ => None,
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

/// How many lines of a failed solution's stderr a report shows (its last ones).
pub const STDERR_LINES: usize = 10;

/// Runs `command` with `input` on its stdin, like a judge: a time limit, an output cap, the
/// whole process group killed at the end ([`process`]). A command line of plain words is started
/// directly, anything else through `sh -c` ([`process::Launch`]). A non-zero exit or a signal is
/// a runtime error; output that is not UTF-8 is kept (lossily) as a wrong answer.
pub fn run_command(command: &str, input: &[u8], timeout: Duration, output_cap: usize) -> Outcome {
    let failed = |fault: Fault, message: String| Outcome::Failed { fault, message };
    let limits = process::Limits {
        timeout,
        output_cap,
    };
    let run = match process::run_line(command, input, limits) {
        Ok(run) => run,
        Err(e) => {
            return failed(
                Fault::RuntimeError,
                format!("cannot start `{command}`: {e}"),
            )
        }
    };
    match run.ended {
        Ended::TimedOut => failed(
            Fault::TimeLimit,
            format!("no answer within {timeout:?} (killed)"),
        ),
        Ended::OutputLimit => failed(
            Fault::OutputLimit,
            format!("wrote more than {output_cap} bytes (killed)"),
        ),
        Ended::Exited(status) if !status.success() => {
            let mut message = process::describe(status);
            let tail = run.stderr_tail(STDERR_LINES);
            if !tail.is_empty() {
                message.push_str(&format!("; its stderr ends:\n  {}", tail.join("\n  ")));
            }
            failed(Fault::RuntimeError, message)
        }
        Ended::Exited(_) => Outcome::Output(String::from_utf8_lossy(&run.stdout).into_owned()),
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
            run_command("tr a-z A-Z", b"abc\n", Duration::from_secs(10), 1000),
            Outcome::Output("ABC\n".into())
        );
        let fault = |command: &str| {
            run_command(command, b"", Duration::from_millis(300), 1000)
                .fault()
                .map(Fault::name)
        };
        assert_eq!(fault("sleep 5"), Some("time limit"));
        assert_eq!(fault("yes"), Some("output limit"));
        assert_eq!(fault("exit 4"), Some("runtime error"));
        assert_eq!(fault("kill -ABRT $$"), Some("runtime error"));
        assert_eq!(
            run_command("printf 'a\\377\\n'", b"", Duration::from_secs(10), 1000),
            Outcome::Output("a\u{FFFD}\n".into())
        );
    }

    #[test]
    fn a_script_without_a_shebang_runs_as_the_shell_would_run_it() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("boardfuzz-subject-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("no shebang");
        std::fs::write(&script, "tr a-z A-Z\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Quoted: one word, started directly; the kernel refuses it (no `#!`), so sh runs it.
        let command = format!("'{}'", script.display());
        assert!(matches!(
            process::Launch::of(&command),
            process::Launch::Direct(_)
        ));
        assert_eq!(
            run_command(&command, b"abc\n", Duration::from_secs(10), 1000),
            Outcome::Output("ABC\n".into())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
