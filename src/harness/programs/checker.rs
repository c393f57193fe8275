//! How an external solution's answer is judged against the reference's: the judge comparison
//! (lines, trailing whitespace ignored), token by token, numbers within a tolerance, or a
//! checker program of the user's own in testlib's convention.
//!
//! `check --solution`, `stress` and `judge` share it. A checker program is run like any
//! external program ([`crate::harness::programs::process`]: its own process group, a time limit, an
//! output cap) as `CHECKER INPUT OUTPUT ANSWER`, three paths of files written for the call:
//! exit code 0 accepts, any other exit code is a wrong answer whose message (the checker's
//! stderr, else its stdout) the report shows. A checker that is killed, overruns its time limit
//! or floods its output gave no verdict: a fault of the checker, never a finding of the
//! solution.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::game::Fault;
use crate::harness::programs::process::{self, Ended};
use crate::harness::programs::subject::judge_normal;

/// How a solution's answer is compared with the reference's.
#[derive(Debug, Clone, PartialEq)]
pub enum Checker {
    /// Line by line, as a judge compares: trailing whitespace of each line and trailing blank
    /// lines ignored. The default.
    Lines,
    /// Whitespace-separated tokens, equal one by one: line breaks and spacing ignored.
    Tokens,
    /// Tokens, where two tokens that both read as numbers are equal when they are within
    /// `abs` of each other or within `rel` times the reference's value (the judges' "absolute or
    /// relative error at most"); other tokens must be equal.
    Float {
        /// The absolute error allowed.
        abs: f64,
        /// The relative error allowed.
        rel: f64,
    },
    /// A checker program: `COMMAND INPUT OUTPUT ANSWER`, exit 0 accepted (testlib's convention).
    Program {
        /// The command line, without the three paths (they are appended).
        command: String,
        /// The time limit of one run of the checker.
        timeout: Duration,
    },
}

/// The default tolerance of [`Checker::Float`], absolute and relative.
pub const DEFAULT_TOLERANCE: f64 = 1e-6;

/// Whether the solution's token `mine` equals the expected `theirs` as [`Checker::Tokens`]
/// (`tolerance` `None`) or [`Checker::Float`] (absolute, relative) compare them: the same text,
/// or two finite numbers within the tolerance (relative to the expected value). A report shows
/// the tokens that differ ([`crate::harness::write::text::answer_differences`]).
pub fn tokens_equal(mine: &str, theirs: &str, tolerance: Option<(f64, f64)>) -> bool {
    if mine == theirs {
        return true;
    }
    let (Some((abs, rel)), Ok(x), Ok(y)) = (tolerance, mine.parse::<f64>(), theirs.parse::<f64>())
    else {
        return false;
    };
    let error = (x - y).abs();
    x.is_finite() && y.is_finite() && (error <= abs || error <= rel * y.abs())
}

/// What a checker said of one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The answer is accepted.
    Accepted,
    /// The answer is wrong; why, for people (empty where the output diff says it all).
    Wrong(String),
    /// The checker gave no verdict (a checker program that crashed, hung or flooded).
    Failed(Fault, String),
}

impl Checker {
    /// The checker a `--checker` value names: `lines`, `tokens`, `float` (with the tolerances
    /// given), or else a checker program's command line.
    pub fn parse(value: &str, abs: f64, rel: f64, timeout: Duration) -> Checker {
        match value.trim() {
            "lines" => Checker::Lines,
            "tokens" => Checker::Tokens,
            "float" => Checker::Float { abs, rel },
            command => Checker::Program {
                command: command.to_string(),
                timeout,
            },
        }
    }

    /// The command-line words that select this checker again (with a leading space; nothing for
    /// the default), for the commands a report prints.
    pub fn to_args(&self) -> String {
        match self {
            Checker::Lines => String::new(),
            Checker::Tokens => " --checker tokens".into(),
            Checker::Float { abs, rel } => {
                format!(" --checker float --abs-error {abs:e} --rel-error {rel:e}")
            }
            Checker::Program { command, timeout } => format!(
                " --checker {} --checker-timeout {}ms",
                crate::harness::shell_quote(command),
                timeout.as_millis()
            ),
        }
    }

    /// How reports name it.
    pub fn describe(&self) -> String {
        match self {
            Checker::Lines => "lines (trailing whitespace ignored)".into(),
            Checker::Tokens => "tokens (whitespace ignored)".into(),
            Checker::Float { abs, rel } => {
                format!("numbers within absolute {abs:e} or relative {rel:e}")
            }
            Checker::Program { command, .. } => format!("checker program `{command}`"),
        }
    }

    /// Judges `output` (the solution's) against `answer` (the reference's) on `input`.
    pub fn judge(&self, input: &[u8], output: &str, answer: &str) -> Judgement {
        match self {
            Checker::Lines => {
                if judge_normal(output) == judge_normal(answer) {
                    Judgement::Accepted
                } else {
                    Judgement::Wrong(String::new())
                }
            }
            Checker::Tokens => tokens_agree(output, answer, None),
            Checker::Float { abs, rel } => tokens_agree(output, answer, Some((*abs, *rel))),
            Checker::Program { command, timeout } => {
                run_checker(command, *timeout, input, output, answer)
            }
        }
    }
}

/// Token-wise comparison; with `tolerance`, numbers within it are equal.
fn tokens_agree(output: &str, answer: &str, tolerance: Option<(f64, f64)>) -> Judgement {
    let mine: Vec<&str> = output.split_whitespace().collect();
    let theirs: Vec<&str> = answer.split_whitespace().collect();
    for (i, (a, b)) in mine.iter().zip(&theirs).enumerate() {
        if a == b {
            continue;
        }
        if let Some((abs, rel)) = tolerance {
            if let (Ok(x), Ok(y)) = (a.parse::<f64>(), b.parse::<f64>()) {
                let error = (x - y).abs();
                if x.is_finite() && y.is_finite() && (error <= abs || error <= rel * y.abs()) {
                    continue;
                }
                return Judgement::Wrong(format!(
                    "token {}: expected {b}, found {a} ({})",
                    i + 1,
                    float_error(x, y, abs, rel)
                ));
            }
        }
        return Judgement::Wrong(format!("token {}: expected `{b}`, found `{a}`", i + 1));
    }
    if mine.len() != theirs.len() {
        return Judgement::Wrong(format!(
            "expected {} token(s), found {}",
            theirs.len(),
            mine.len()
        ));
    }
    Judgement::Accepted
}

/// Why `found` is not within the tolerance of `expected`: the error that decided, rounded to
/// three significant digits. The answer fails both bounds; the one that decided is the larger
/// (`abs` against `rel` times the expected value): relative where `--rel-error` allows more,
/// absolute where `--abs-error` does, both where they allow the same. Where the expected value
/// is 0 no relative error is defined: absolute.
fn float_error(found: f64, expected: f64, abs: f64, rel: f64) -> String {
    if !found.is_finite() || !expected.is_finite() {
        return "not a finite number".into();
    }
    let error = (found - expected).abs();
    let absolute = format!("absolute error {}", significant(error));
    let relative = format!("relative error {}", significant(error / expected.abs()));
    let (abs_bound, rel_bound) = (abs, rel * expected.abs());
    if expected == 0.0 || abs_bound > rel_bound {
        format!("{absolute}, over the {abs:e} allowed")
    } else if rel_bound > abs_bound {
        format!("{relative}, over the {rel:e} allowed")
    } else if abs == rel {
        format!("{absolute}, {relative}: over the {abs:e} allowed")
    } else {
        format!("{absolute}, {relative}: over the {abs:e} and {rel:e} allowed")
    }
}

/// `x` to three significant digits, as people write it: `2e-4`, `0.0123`, `1.5`, `250`,
/// `1.23e7` (no float noise such as `1.9999999999997797e-4`).
fn significant(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return x.to_string();
    }
    let trim = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    let magnitude = x.abs().log10().floor() as i32;
    if (-3..6).contains(&magnitude) {
        let decimals = (2 - magnitude).max(0) as usize;
        trim(format!("{x:.decimals$}"))
    } else {
        let text = format!("{x:.2e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        format!("{}e{exponent}", trim(mantissa.to_string()))
    }
}

/// Bytes of output a checker program may write before it is stopped.
const CHECKER_OUTPUT_CAP: usize = 1 << 20;

/// Runs a checker program on files holding the input, the output and the answer.
fn run_checker(
    command: &str,
    timeout: Duration,
    input: &[u8],
    output: &str,
    answer: &str,
) -> Judgement {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "boardfuzz-checker-{}-{}",
        std::process::id(),
        CALLS.fetch_add(1, Ordering::Relaxed)
    ));
    let failed = |message: String| Judgement::Failed(Fault::RuntimeError, message);
    let files: [(PathBuf, &[u8]); 3] = [
        (dir.join("input.txt"), input),
        (dir.join("output.txt"), output.as_bytes()),
        (dir.join("answer.txt"), answer.as_bytes()),
    ];
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| files.iter().try_for_each(|(p, b)| std::fs::write(p, b)));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&dir);
        return failed(format!("cannot write the checker's files: {e}"));
    }
    let line = format!(
        "{command} {} {} {}",
        crate::harness::shell_quote(&files[0].0.display().to_string()),
        crate::harness::shell_quote(&files[1].0.display().to_string()),
        crate::harness::shell_quote(&files[2].0.display().to_string())
    );
    let limits = process::Limits {
        timeout,
        output_cap: CHECKER_OUTPUT_CAP,
    };
    let run = process::run_line(&line, b"", limits);
    let _ = std::fs::remove_dir_all(&dir);
    let run = match run {
        Ok(run) => run,
        Err(e) => return failed(format!("cannot start the checker `{command}`: {e}")),
    };
    let said = || {
        let mut tail = run.stderr_tail(5);
        if tail.is_empty() {
            let text = String::from_utf8_lossy(&run.stdout);
            tail = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .take(5)
                .map(str::to_string)
                .collect();
        }
        tail.join("\n")
    };
    match run.ended {
        Ended::Exited(status) if status.success() => Judgement::Accepted,
        Ended::Exited(status) if status.code().is_some() => Judgement::Wrong(format!(
            "the checker said ({}): {}",
            process::describe(status),
            said()
        )),
        Ended::Exited(status) => failed(format!(
            "the checker `{command}` gave no verdict: {}; {}",
            process::describe(status),
            said()
        )),
        Ended::TimedOut => Judgement::Failed(
            Fault::TimeLimit,
            format!("the checker `{command}` gave no verdict within {timeout:?} (killed)"),
        ),
        Ended::OutputLimit => Judgement::Failed(
            Fault::OutputLimit,
            format!("the checker `{command}` wrote more than {CHECKER_OUTPUT_CAP} bytes (killed)"),
        ),
        Ended::MemoryLimit => Judgement::Failed(
            Fault::MemoryLimit,
            format!("the checker `{command}` held too much memory (killed)"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepts(checker: &Checker, output: &str, answer: &str) -> bool {
        checker.judge(b"", output, answer) == Judgement::Accepted
    }

    #[test]
    fn lines_ignore_trailing_space_only() {
        assert!(accepts(&Checker::Lines, "1 2 \n3\n\n", "1 2\n3\n"));
        assert!(!accepts(&Checker::Lines, " 1 2\n3\n", "1 2\n3\n"));
        assert!(!accepts(&Checker::Lines, "1\n2\n3\n", "1 2\n3\n"));
    }

    #[test]
    fn tokens_ignore_all_spacing_but_not_the_count() {
        assert!(accepts(&Checker::Tokens, "  1\n2   3", "1 2\n3\n"));
        assert!(!accepts(&Checker::Tokens, "1 2", "1 2 3"));
        assert_eq!(
            Checker::Tokens.judge(b"", "1 5 3", "1 2 3"),
            Judgement::Wrong("token 2: expected `2`, found `5`".into())
        );
    }

    #[test]
    fn floats_are_equal_within_either_tolerance() {
        let float = Checker::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        assert!(accepts(&float, "0.3333333333", "0.333333"));
        assert!(accepts(&float, "1000000.5", "1000000"));
        assert!(!accepts(&float, "0.3334", "0.333333"));
        assert!(!accepts(&float, "nan", "1"));
        assert!(!accepts(&float, "inf", "1e308"));
        assert!(!accepts(&float, "yes 1", "no 1"));
        assert!(accepts(&float, "yes 1.0000000001", "yes 1"));
    }

    #[test]
    fn a_float_note_shows_the_error_that_decided_rounded() {
        let judge =
            |abs: f64, rel: f64, output: &str, answer: &str| match (Checker::Float { abs, rel })
                .judge(b"", output, answer)
            {
                Judgement::Wrong(why) => why,
                other => panic!("{other:?}"),
            };
        // Only --rel-error raised: the relative error decided (not 1.9999999999997797e-4).
        assert_eq!(
            judge(1e-6, 1e-4, "1.0002", "1"),
            "token 1: expected 1, found 1.0002 (relative error 2e-4, over the 1e-4 allowed)"
        );
        assert_eq!(
            judge(1e-6, 1e-4, "250.5", "200"),
            "token 1: expected 200, found 250.5 (relative error 0.253, over the 1e-4 allowed)"
        );
        // Only --abs-error raised: the absolute one.
        assert_eq!(
            judge(1e-3, 1e-6, "1 2.0123456", "1 2"),
            "token 2: expected 2, found 2.0123456 (absolute error 0.0123, over the 1e-3 allowed)"
        );
        // The same bound both ways: both errors.
        assert_eq!(
            judge(1e-6, 1e-6, "1.0002", "1"),
            "token 1: expected 1, found 1.0002 (absolute error 2e-4, relative error 2e-4: over \
             the 1e-6 allowed)"
        );
        // No relative error of 0; no error of a number that is not finite.
        assert_eq!(
            judge(1e-6, 1e-4, "0.5", "0"),
            "token 1: expected 0, found 0.5 (absolute error 0.5, over the 1e-6 allowed)"
        );
        assert_eq!(
            judge(1e-6, 1e-6, "nan", "1"),
            "token 1: expected 1, found nan (not a finite number)"
        );
        assert_eq!(significant(123456789.0), "1.23e8");
        assert_eq!(significant(0.000123456), "1.23e-4");
        assert_eq!(significant(1.0), "1");
        assert_eq!(significant(999.96), "1000");
    }

    #[test]
    fn a_checker_program_gets_three_files_and_its_exit_code_decides() {
        let timeout = Duration::from_secs(10);
        let same_first_line = Checker::Program {
            command: "sh -c 'head -n1 \"$2\" | cmp -s - \"$3\" || { echo differs >&2; exit 1; }' \
                      checker"
                .into(),
            timeout,
        };
        assert!(accepts(&same_first_line, "5\nextra\n", "5\n"));
        match same_first_line.judge(b"", "4\n", "5\n") {
            Judgement::Wrong(why) => assert!(why.contains("differs"), "{why}"),
            other => panic!("{other:?}"),
        }
        let input_seen = Checker::Program {
            command: "sh -c 'grep -q needle \"$1\"' checker".into(),
            timeout,
        };
        assert!(!accepts(&input_seen, "", ""));
        assert_eq!(input_seen.judge(b"a needle\n", "", ""), Judgement::Accepted);
        let hangs = Checker::Program {
            command: "sh -c 'sleep 5' checker".into(),
            timeout: Duration::from_millis(200),
        };
        assert!(matches!(
            hangs.judge(b"", "", ""),
            Judgement::Failed(Fault::TimeLimit, _)
        ));
    }
}
