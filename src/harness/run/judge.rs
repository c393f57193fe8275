//! `boardfuzz judge`'s work: kept cases — the findings `stress` saved (`findings/<solution>/`,
//! however deep), a problem's samples, any `NAME.in` beside its `NAME.out` or `NAME.ans` — each
//! judged by a program as a judge judges it, on several jobs at once.
//!
//! A case is its `.in`; the answers beside it (`.out`, `.ans`, and a finding's `.got`,
//! `.expected`, `.args`, `.err`, `.why`) are never cases, so a shell glob over a findings folder
//! judges each case once. A case without an answer is judged against a brute force's answer
//! when one is given, and is otherwise reported as having no answer kept, without stopping the
//! others. A limit verdict is confirmed as a campaign confirms one
//! ([`subject::confirm_limit`]): a verdict only when each rerun gives it too. Every failure gets
//! its details — the input and the answers compared — each fitted to a screen.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use crate::game::Outcome;
use crate::harness::case::input;
use crate::harness::programs::checker::{Checker, Judgement};
use crate::harness::programs::subject::{self, Used};
use crate::harness::programs::{interact, process};
use crate::harness::run::interrupt;
use crate::harness::write::text::{
    answers, diff_fitted, diff_heading, fits_a_screen, head_and_tail, Pieces, SCREEN_ANSWER_LINES,
};

/// The files beside a case that are never cases themselves: its answers and a finding's notes.
const NOT_CASES: &[&str] = &["out", "ans", "got", "expected", "args", "err", "why"];

/// One kept case: its input and the expected answer's file, if one is beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptCase {
    /// The `.in` file (or a file given by name).
    pub input: PathBuf,
    /// `NAME.out` or `NAME.ans` beside it.
    pub answer: Option<PathBuf>,
}

/// The cases `paths` name, in order: a file given by name is a case unless it is an answer or a
/// finding's note (`NOT_CASES`); a folder's `.in` files, and its folders' (findings/ as
/// `stress` writes it), sorted by path. A folder with none, or a path that is neither, is an
/// error.
pub fn kept_cases(paths: &[PathBuf]) -> Result<Vec<KeptCase>, String> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found)?;
            } else if path.extension().is_some_and(|e| e == "in") {
                found.push(path);
            }
        }
        Ok(())
    }
    let answer_of = |input: &Path| {
        ["out", "ans"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|p| p.is_file())
    };
    let mut cases = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inputs = Vec::new();
            walk(path, &mut inputs)?;
            inputs.sort();
            if inputs.is_empty() {
                return Err(format!(
                    "{}: no .in files in it or in its folders",
                    path.display()
                ));
            }
            cases.extend(inputs.into_iter().map(|input| KeptCase {
                answer: answer_of(&input),
                input,
            }));
        } else if path.is_file() {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !NOT_CASES.contains(&ext) {
                cases.push(KeptCase {
                    answer: answer_of(path),
                    input: path.clone(),
                });
            }
        } else {
            return Err(format!("{}: no such file or folder", path.display()));
        }
    }
    if cases.is_empty() {
        return Err("no cases: the files given are answers (.out, .ans, …), not .in files".into());
    }
    Ok(cases)
}

/// What a case is judged by.
pub struct Judge<'a> {
    /// The program judged (a prepared command line).
    pub program: &'a str,
    /// The interactor of an interactive problem: then a case needs no answer.
    pub interactor: Option<&'a str>,
    /// A brute force whose answer judges a case kept without one.
    pub brute: Option<&'a str>,
    /// How an answer is compared with the expected one.
    pub checker: &'a Checker,
    /// The program's CPU-time limit.
    pub cpu: Duration,
    /// Its memory limit in bytes (0: none).
    pub memory: u64,
    /// Its output cap in bytes.
    pub output_cap: usize,
    /// The idleness limit of an interactive dialogue.
    pub idle: Duration,
    /// The brute force's time limit (wall clock).
    pub brute_timeout: Duration,
}

/// How a case was judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// The verdict as the table names it: `ok`, `wrong answer`, `time limit`, …, `no answer
    /// kept`, `brute force failed`.
    pub verdict: String,
    /// Whether the program passed: `None` when the case could not be judged (no answer kept,
    /// the brute force failed on it).
    pub passed: Option<bool>,
    /// What the program used on the run judged (zero when it did not run).
    pub used: Used,
    /// A limit verdict its reruns did not give again.
    pub note: Option<String>,
    /// A failure's details: why, the input and the answers compared, each fitted to a screen.
    pub details: String,
}

impl Judge<'_> {
    /// Judges one case. `Err`: its files cannot be read.
    pub fn case(&self, case: &KeptCase) -> Result<Judged, String> {
        let read = |p: &Path| {
            input::read_file(p, input::DEFAULT_MAX_INPUT)
                .map_err(|e| format!("cannot read {}: {e}", p.display()))
        };
        let text = read(&case.input)?;
        let expected = match (&case.answer, self.interactor, self.brute) {
            (Some(answer), _, _) => String::from_utf8_lossy(&read(answer)?).into_owned(),
            (None, Some(_), _) => format!("{}\n", interact::ACCEPTED),
            (None, None, Some(brute)) => match self.brute_answer(brute, &text) {
                Ok(answer) => answer,
                Err(why) => return Ok(unjudged("brute force failed", why)),
            },
            (None, None, None) => {
                return Ok(unjudged(
                    "no answer kept",
                    format!(
                        "no {} or {} beside it (give --brute to judge it by a brute force's \
                         answer)",
                        case.input.with_extension("out").display(),
                        case.input.with_extension("ans").display()
                    ),
                ))
            }
        };
        let run_once = || match self.interactor {
            Some(interactor) => {
                let limits =
                    interact::Limits::judged(self.cpu, self.memory, self.idle, self.output_cap);
                interact::run_outcome_measured(self.program, interactor, &text, limits)
            }
            None => subject::run_solution_measured(
                self.program,
                &text,
                self.cpu,
                self.output_cap,
                self.memory,
            ),
        };
        let ((outcome, used), note) = subject::confirm_limit(run_once(), run_once);
        let (verdict, why) = self.verdict(&text, &outcome, &expected);
        let passed = verdict == "ok";
        let details = match passed {
            true => String::new(),
            false => self.details(case, &text, &outcome, &expected, &why),
        };
        Ok(Judged {
            verdict,
            passed: Some(passed),
            used,
            note,
            details,
        })
    }

    /// The brute force's answer to `input`, or why it gave none.
    fn brute_answer(&self, brute: &str, input: &[u8]) -> Result<String, String> {
        let limits = process::Limits {
            timeout: self.brute_timeout,
            output_cap: self.output_cap,
        };
        let run = process::run_line(brute, input, limits)
            .map_err(|e| format!("cannot start `{brute}`: {e}"))?;
        match run.ended {
            process::Ended::Exited(status) if status.success() => {
                Ok(String::from_utf8_lossy(&run.stdout).into_owned())
            }
            process::Ended::Exited(status) => Err(format!(
                "`{brute}` failed with {}: {}",
                process::describe(status),
                run.stderr_line()
            )),
            other => Err(format!("`{brute}` gave no answer: {other:?}")),
        }
    }

    /// The verdict's name and what it says, as the checker or the interactor rules.
    fn verdict(&self, text: &[u8], outcome: &Outcome, expected: &str) -> (String, String) {
        let checked = |judgement: Judgement| match judgement {
            Judgement::Accepted => ("ok".to_string(), String::new()),
            Judgement::Wrong(why) => ("wrong answer".to_string(), why),
            Judgement::Failed(fault, why) => (format!("checker {fault}"), why),
        };
        match outcome {
            Outcome::Output(answer) => match self.interactor {
                Some(_) => match interact::judged(answer) {
                    // An answer beside the case that holds an OUTPUT to match (a saved finding
                    // of the interactor alone holds `accepted` and nothing more).
                    Judgement::Accepted if !interact::output_of(expected).trim().is_empty() => {
                        let output = interact::output_of(answer);
                        let kept = interact::output_of(expected);
                        checked(self.checker.judge(text, output, kept))
                    }
                    Judgement::Accepted => checked(Judgement::Accepted),
                    // The interactor's own word: wrong answer or presentation error.
                    Judgement::Wrong(why) => (
                        answer.lines().next().unwrap_or("wrong answer").to_string(),
                        why,
                    ),
                    Judgement::Failed(_, why) => ("interactor fault".to_string(), why),
                },
                None => checked(self.checker.judge(text, answer, expected)),
            },
            Outcome::Failed { fault, message } => (fault.name().to_string(), message.clone()),
            Outcome::Rejected { message, .. } => ("rejected".to_string(), message.clone()),
        }
    }

    /// A failure's details: why, the input (a screen of it), and the answers compared as the
    /// checker compares them, else (a fault, an interactor's verdict) their diff, fitted to a
    /// screen, with the files holding them whole when they are longer.
    fn details(
        &self,
        case: &KeptCase,
        text: &[u8],
        outcome: &Outcome,
        expected: &str,
        why: &str,
    ) -> String {
        let mut report = String::new();
        if !why.is_empty() {
            report.push_str(why.trim_end());
            report.push('\n');
        }
        if let Some(hint) = subject::hint(self.program, outcome) {
            report.push_str(&format!("hint: {hint}\n"));
        }
        report.push_str("--- input ---\n");
        let shown = String::from_utf8_lossy(text);
        if fits_a_screen(&shown) {
            report.push_str(&shown);
            if !shown.ends_with('\n') {
                report.push('\n');
            }
        } else {
            report.push_str(&head_and_tail(&shown, &case.input));
        }
        match (outcome, self.interactor) {
            (Outcome::Output(got), None) => report.push_str(&answers(
                expected,
                got,
                Pieces::of(self.checker),
                (answer_whose(case), "the program's"),
                true,
            )),
            (got, _) => {
                let got = match got {
                    Outcome::Output(answer) => answer.clone(),
                    other => other.to_string(),
                };
                let diff = diff_fitted(expected, &got, true, SCREEN_ANSWER_LINES);
                report.push_str(&diff_heading("expected", "program", &diff));
                report.push('\n');
                report.push_str(&diff);
                if !fits_a_screen(expected) || !fits_a_screen(&got) {
                    let kept = case.answer.as_deref().map(|p| p.display().to_string());
                    let program = crate::harness::keep::corpus::temporary_file("judge", &got);
                    report.push_str(&format!(
                        "the whole answers: {} (expected), {} (the program's)\n",
                        kept.unwrap_or_else(|| "the brute force's, not kept".into()),
                        program.map_or("(not written)".into(), |p| p.display().to_string())
                    ));
                }
            }
        }
        report
    }
}

/// Whose the expected answer is, as the answers' heading names it.
fn answer_whose(case: &KeptCase) -> &'static str {
    match case.answer.as_ref().and_then(|p| p.extension()) {
        Some(ext) if ext == "ans" => "the .ans file's",
        Some(_) => "the .out file's",
        None => "the brute force's",
    }
}

/// A case that could not be judged.
fn unjudged(verdict: &str, why: String) -> Judged {
    Judged {
        verdict: verdict.into(),
        passed: None,
        used: Used::default(),
        note: None,
        details: why,
    }
}

/// Judges every case on `jobs` threads, calling `each` with the cases in their order as their
/// verdicts come (a case waits for those before it). Stops taking new cases at Ctrl-C; `Err`
/// is a case whose files cannot be read (the others are still judged).
pub fn judge_all(
    judge: &Judge<'_>,
    cases: &[KeptCase],
    jobs: usize,
    each: &mut dyn FnMut(&KeptCase, &Result<Judged, String>),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(cases.len().max(1)) {
            let tx = lock(&tx).clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cases.len() || interrupt::requested() {
                    return;
                }
                let judged = judge.case(&cases[i]);
                if interrupt::requested() {
                    return;
                }
                if tx.send((i, judged)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut waiting: Vec<Option<Result<Judged, String>>> = cases.iter().map(|_| None).collect();
        let mut shown = 0;
        for (i, judged) in rx {
            waiting[i] = Some(judged);
            while let Some(Some(judged)) = waiting.get(shown) {
                each(&cases[shown], judged);
                shown += 1;
            }
        }
    });
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_the_in_files_of_folders_however_deep_and_never_answers() {
        let dir = std::env::temp_dir().join(format!("boardfuzz-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (file, text) in [
            ("findings/main-cpp/a.in", "1\n"),
            ("findings/main-cpp/a.out", "1\n"),
            ("findings/main-cpp/a.got", "2\n"),
            ("findings/sol-py/b.in", "2\n"),
            ("findings/sol-py/b.ans", "2\n"),
            ("findings/sol-py/c.in", "3\n"),
            ("loose.in", "4\n"),
        ] {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let found = kept_cases(std::slice::from_ref(&dir)).unwrap();
        let names: Vec<(String, Option<String>)> = found
            .iter()
            .map(|c| {
                let rel = |p: &Path| p.strip_prefix(&dir).unwrap().display().to_string();
                (rel(&c.input), c.answer.as_deref().map(rel))
            })
            .collect();
        assert_eq!(
            names,
            [
                (
                    "findings/main-cpp/a.in".into(),
                    Some("findings/main-cpp/a.out".into())
                ),
                (
                    "findings/sol-py/b.in".into(),
                    Some("findings/sol-py/b.ans".into())
                ),
                ("findings/sol-py/c.in".into(), None),
                ("loose.in".into(), None),
            ]
        );
        // A glob's answers are skipped; a folder with nothing to judge is an error.
        let globbed = [
            dir.join("findings/main-cpp/a.in"),
            dir.join("findings/main-cpp/a.out"),
            dir.join("findings/main-cpp/a.got"),
        ];
        assert_eq!(kept_cases(&globbed).unwrap().len(), 1);
        std::fs::create_dir_all(dir.join("empty")).unwrap();
        assert!(kept_cases(&[dir.join("empty")])
            .unwrap_err()
            .contains("no .in files in it or in its folders"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
