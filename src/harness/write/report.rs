//! Reports for machines: one JSON object per run, and JUnit XML so that CI systems show
//! findings as failed tests. The JSON report is of one of two kinds, each in the words of its
//! run: `check` (games: per game its census, clauses and findings with their first divergence
//! and boards) and `stress` (a problem of programs: the generator, brute force and solution,
//! its cases and findings with the expected and the solution's answers). The schemas are in
//! `docs/reports.md`.
//!
//! The JSON report holds everything the three reports show — each finding's outcomes, first
//! divergence and boards as data, not only as text — so that [`crate::harness::keep::merge`] can read
//! the reports of the shards of a run back and write the JSON, JUnit and HTML reports of the
//! whole run with these same writers.

use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};
use serde_json::{json, Value};

use crate::game::Outcome;
use crate::harness::programs::checker::Checker;
use crate::harness::run::campaign::{Budget, GameRun, Shard};
use crate::harness::write::census::Census;
use crate::harness::{Board, Disagreement, Divergence};
use crate::picture::Picture;

/// What a run was: everything a report needs beside the per-game results.
pub struct RunInfo<'a> {
    /// The subcommand that ran the campaign: `check` or `stress`.
    pub command: &'a str,
    /// The run's seed.
    pub seed: u64,
    /// The number of worker threads (of a merged report: of all its shards together).
    pub jobs: usize,
    /// `engine` or the solution's command line.
    pub subject: &'a str,
    /// Whether the run was stopped by Ctrl-C.
    pub interrupted: bool,
    /// The part of the run's cases this runner took ([`Shard::WHOLE`] for a whole run, and for
    /// a report merged from shards).
    pub shard: Shard,
    /// The budget the run was given (`--cases` or `--time`, as given: a time is shared among
    /// the games).
    pub budget: Budget,
    /// The game settings every case ran with, as command-line words (`--turn-limit`, `50`).
    pub settings: Vec<String>,
    /// `--deep-share` as given (`None`: the default).
    pub deep_share: Option<u32>,
    /// The shards a merged report was made of (empty for a run's own report).
    pub merged_from: Vec<Shard>,
    /// The programs of a `stress` run: the reports are then of the `stress` kind, in its words
    /// (`None`: a `check` run).
    pub programs: Option<Programs>,
}

/// The version of the JSON reports' schema (`schema`): 2 since reports have a `kind`, `check`
/// or `stress`; a report without `schema` is of version 1, a `check` report.
pub const SCHEMA: u64 = 2;

/// The programs of a `stress` run, as the user gave them.
#[derive(Debug, Clone, PartialEq)]
pub struct Programs {
    /// The generator's command line, as given (`gen.py {size}`).
    pub generator: String,
    /// The brute force's (`None` with an interactor).
    pub brute_force: Option<String>,
    /// The interactor's, of an interactive problem.
    pub interactor: Option<String>,
    /// The solutions', in the order given: one, or several (`--solution` given more than once;
    /// each run of the report is then one solution's, in this order).
    pub solutions: Vec<String>,
    /// The validator's, if one was given.
    pub validator: Option<String>,
    /// How answers are compared.
    pub checker: Checker,
}

impl Programs {
    /// The `--checker` value that names the checker: `lines`, `tokens`, `float`, or a checker
    /// program's command line.
    pub fn checker_word(&self) -> &str {
        match &self.checker {
            Checker::Lines => "lines",
            Checker::Tokens => "tokens",
            Checker::Float { .. } => "float",
            Checker::Program { command, .. } => command,
        }
    }

    /// The three commands (and the validator, the checker) as `(name, command)` rows, in the
    /// order reports list them: `generator`, `brute force` or `interactor`, `solution`,
    /// `validator` (if any), `checker`.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let mut rows = vec![("generator", self.generator.clone())];
        rows.extend(self.brute_force.clone().map(|b| ("brute force", b)));
        rows.extend(self.interactor.clone().map(|i| ("interactor", i)));
        rows.extend(self.solutions.iter().map(|s| ("solution", s.clone())));
        rows.extend(self.validator.clone().map(|v| ("validator", v)));
        rows.push(("checker", self.checker.describe()));
        rows
    }
}

/// A verdict in the words of a `stress` run: `wrong answer`, `solution time limit`, …, and a
/// fault of a trusted program by its role (`brute force runtime error`, `interactor hang`,
/// `checker runtime error`), where `check` says `reference`.
pub fn stress_verdict(d: &Disagreement, programs: &Programs) -> String {
    use crate::harness::{Side, Verdict};
    match d.verdict {
        Verdict::Fault { side, fault } => match (side, &programs.interactor) {
            (Side::Reference, _) => format!("brute force {fault}"),
            (Side::Checker, Some(_)) => format!("interactor {fault}"),
            _ => d.verdict.describe(&d.comparison.subject),
        },
        _ => d.verdict.describe(&d.comparison.subject),
    }
}

impl<'a> RunInfo<'a> {
    /// A whole run of `command` (no shard, not merged, default settings and deep share).
    pub fn new(command: &'a str, seed: u64, jobs: usize, subject: &'a str, budget: Budget) -> Self {
        RunInfo {
            command,
            seed,
            jobs,
            subject,
            interrupted: false,
            shard: Shard::WHOLE,
            budget,
            settings: Vec::new(),
            deep_share: None,
            merged_from: Vec::new(),
            programs: None,
        }
    }

    /// The run's status as the reports say it: `ok`, `failed` (a finding or an error) or
    /// `interrupted`.
    pub fn status(&self, runs: &[GameRun]) -> &'static str {
        let failed = runs
            .iter()
            .any(|r| r.disagreement.is_some() || r.error.is_some());
        if self.interrupted {
            "interrupted"
        } else if failed {
            "failed"
        } else {
            "ok"
        }
    }
}

/// Every finding of a run, each with its case index: the one that stopped it, then the others
/// of a merged run (higher case indices).
pub fn findings_of(run: &GameRun) -> Vec<(Option<u64>, &Disagreement)> {
    let first = run.disagreement.as_ref().map(|d| (run.finding_case, d));
    first
        .into_iter()
        .chain(run.other_findings.iter().map(|(i, d)| (*i, d)))
        .collect()
}

/// How fast a game's run went, in the words the text and HTML reports put after its time: the
/// rate, `4100 cases/s`, and where a finding's shrink took part of the time
/// ([`GameRun::shrinking`]), the rate over the time spent running cases, `976 cases/s over the
/// 4.20s of running them`, with the shrink's time apart, `then 8.10s shrinking the finding`.
/// `s` is how the unit of seconds is written after a number (`s`, or ` s` in HTML).
pub fn rate_words(run: &GameRun, s: &str) -> (String, Option<String>) {
    let rate = run.cases_per_second();
    match run.shrinking() {
        None => (format!("{rate:.0} cases/s"), None),
        Some(shrinking) => (
            format!(
                "{rate:.0} cases/s over the {:.2}{s} of running them",
                run.running.as_secs_f64()
            ),
            Some(format!(
                "then {:.2}{s} shrinking the finding",
                shrinking.as_secs_f64()
            )),
        ),
    }
}

/// A budget as a JSON object: `{"cases": C}` or `{"seconds": T}`.
pub fn budget_json(budget: Budget) -> Value {
    match budget {
        Budget::Cases(n) => json!({ "cases": n }),
        Budget::Time(t) => json!({ "seconds": t.as_secs_f64() }),
    }
}

/// An outcome as a JSON object: `{"output": TEXT}`, `{"rejected": {"class", "line",
/// "message"}}` or `{"failed": {"fault", "message"}}`.
pub fn outcome_json(outcome: &Outcome) -> Value {
    match outcome {
        Outcome::Output(text) => json!({ "output": text }),
        Outcome::Rejected {
            class,
            line,
            message,
        } => json!({ "rejected": { "class": class, "line": line, "message": message } }),
        Outcome::Failed { fault, message } => {
            json!({ "failed": { "fault": fault.name(), "message": message } })
        }
    }
}

/// A first divergence as a JSON object, its `kind` one of `none` (with `turns`), `turn` (with
/// `turn`, `engine`, `reference`), `rejected`, `unavailable`, `no-trace` and `skipped` (with
/// `why`). The names say `turn` whatever the game's unit ([`crate::game::Game::UNIT`]), which
/// a finding's `unit` names beside it.
pub fn divergence_json(divergence: &Divergence) -> Value {
    match divergence {
        Divergence::None { turns } => json!({ "kind": "none", "turns": turns }),
        Divergence::Turn {
            turn,
            engine,
            reference,
        } => json!({ "kind": "turn", "turn": turn, "engine": engine, "reference": reference }),
        Divergence::Rejected => json!({ "kind": "rejected" }),
        Divergence::Unavailable => json!({ "kind": "unavailable" }),
        Divergence::NoTrace => json!({ "kind": "no-trace" }),
        Divergence::Skipped(why) => json!({ "kind": "skipped", "why": why }),
    }
}

/// A picture as a JSON object: its `caption`, and its `rows`, each an array of cells
/// `[TEXT, TONE]` ([`crate::picture::Tone::name`]).
pub fn picture_json(picture: &Picture) -> Value {
    let rows: Vec<Value> = picture
        .rows
        .iter()
        .map(|row| {
            Value::Array(
                row.iter()
                    .map(|cell| json!([cell.text, cell.tone.name()]))
                    .collect(),
            )
        })
        .collect();
    json!({ "caption": picture.caption, "rows": rows })
}

fn board_json(board: &Board) -> Value {
    json!({
        "heading": board.heading,
        "reference": picture_json(&board.reference),
        "subject": board.subject.as_ref().map(picture_json),
    })
}

/// The first divergence as one line of text, a line of the trace named `unit` (`turn`, or the
/// game's [`crate::game::Game::UNIT`]).
pub fn divergence_text(d: &Divergence, unit: &str) -> String {
    match d {
        Divergence::None { turns } => {
            format!(
                "the per-{unit} traces agree on all {turns} {unit}(s); only the final answer \
                 differs"
            )
        }
        Divergence::Turn {
            turn,
            engine,
            reference,
        } => format!(
            "{unit} {turn}: reference `{}`, engine `{}`",
            reference.as_deref().unwrap_or("(trace ended)"),
            engine.as_deref().unwrap_or("(trace ended)")
        ),
        Divergence::Rejected => "an input was rejected, so there are no traces to compare".into(),
        Divergence::Unavailable => format!("an external solution has no per-{unit} trace"),
        Divergence::NoTrace => format!("the game gives no per-{unit} trace"),
        Divergence::Skipped(why) => why.clone(),
    }
}

fn finding_json(index: Option<u64>, d: &Disagreement) -> Value {
    json!({
        "game": d.slug,
        "verdict": d.verdict.describe(&d.comparison.subject),
        "case_index": index,
        "origin": d.origin,
        "input": d.input,
        "reference_output": d.comparison.reference.to_string(),
        "subject_output": d.comparison.mine.to_string(),
        "reference_outcome": outcome_json(&d.comparison.reference),
        "subject_outcome": outcome_json(&d.comparison.mine),
        "subject": d.comparison.subject.label(),
        "first_divergence": divergence_text(&d.divergence, d.unit),
        "divergence": divergence_json(&d.divergence),
        "unit": d.unit,
        "boards": d.boards.iter().map(board_json).collect::<Vec<_>>(),
        "notes": d.notes,
        "saved": d.saved.as_ref().map(|p| p.display().to_string()),
        "replay": d.replay,
    })
}

/// The clause coverage of a census as two JSON objects: each clause some tag measures to the
/// number of cases whose tags cite it, and each clause no tag measures to the reason.
fn clauses_json(census: &Census) -> (Value, Value) {
    let mut measured = serde_json::Map::new();
    let mut unmeasured = serde_json::Map::new();
    for (clause, count) in census.clauses.iter().zip(&census.clause_counts) {
        match clause.unmeasured.filter(|_| !clause.measured()) {
            Some(reason) => unmeasured.insert(clause.id.to_string(), json!(reason)),
            None => measured.insert(clause.id.to_string(), json!(count)),
        };
    }
    (Value::Object(measured), Value::Object(unmeasured))
}

/// The clause coverage of a census as JUnit properties, in clause order: `clause:ID` with the
/// number of cases whose tags cite the clause, or `not measured: REASON` for a clause no tag
/// measures.
pub fn clause_properties(census: &Census) -> Vec<(String, String)> {
    census
        .clauses
        .iter()
        .zip(&census.clause_counts)
        .map(|(clause, count)| {
            let value = match clause.unmeasured.filter(|_| !clause.measured()) {
                Some(reason) => format!("not measured: {reason}"),
                None => count.to_string(),
            };
            (format!("clause:{}", clause.id), value)
        })
        .collect()
}

/// The JSON report of a run: of the `stress` kind where the run has programs
/// ([`RunInfo::programs`]), else of the `check` kind.
pub fn json(info: &RunInfo<'_>, runs: &[GameRun]) -> String {
    let report = match &info.programs {
        Some(programs) => stress_json(info, programs, runs),
        None => check_json(info, runs),
    };
    let mut text = serde_json::to_string_pretty(&report).expect("a JSON value serializes");
    text.push('\n');
    text
}

/// A finding of a `stress` run as a JSON object; `solution` is the command of the solution it
/// is of, whose run (and findings folder) `problem` names.
fn stress_finding_json(
    index: Option<u64>,
    d: &Disagreement,
    programs: &Programs,
    solution: Option<&String>,
) -> Value {
    json!({
        "problem": d.slug,
        "solution": solution,
        "verdict": stress_verdict(d, programs),
        "case_index": index,
        "origin": d.origin,
        "input": d.input,
        "expected_output": d.comparison.reference.to_string(),
        "solution_output": d.comparison.mine.to_string(),
        "expected_outcome": outcome_json(&d.comparison.reference),
        "solution_outcome": outcome_json(&d.comparison.mine),
        "notes": d.notes,
        "saved": d.saved.as_ref().map(|p| p.display().to_string()),
        "replay": d.replay,
    })
}

/// The programs of a `stress` run as a JSON object.
pub fn programs_json(p: &Programs) -> Value {
    let (abs, rel) = match p.checker {
        Checker::Float { abs, rel } => (Some(abs), Some(rel)),
        _ => (None, None),
    };
    json!({
        "generator": p.generator,
        "brute_force": p.brute_force,
        "interactor": p.interactor,
        "solution": p.solutions.first(),
        "solutions": p.solutions,
        "validator": p.validator,
        "checker": p.checker_word(),
        "abs_error": abs,
        "rel_error": rel,
    })
}

/// One solution's row of a `stress` report (`solutions`): its run's counts, times, notes and
/// status, and how many of the report's `findings` are its own.
fn stress_row_json(info: &RunInfo<'_>, run: &GameRun, solution: Option<&String>) -> Value {
    json!({
        "name": run.slug,
        "solution": solution,
        "status": info.status(std::slice::from_ref(run)),
        "cases": run.cases,
        "refused": run.rejected,
        "first_refused": run.first_rejection,
        "seconds": run.elapsed.as_secs_f64(),
        "running_seconds": run.running.as_secs_f64(),
        "cases_per_second": run.cases_per_second(),
        "interrupted": run.interrupted,
        "notes": run.notes,
        "error": run.error,
        "findings": findings_of(run).len(),
    })
}

/// The JSON report of a `stress` run: the problem's cases and findings at the top level, and a
/// row per solution (`solutions`). Of a run of several solutions, the top level's counts and
/// times are the most any solution's run had (every case was generated for the first solution
/// still judged), and `problem` is null: each row and finding names its solution's run.
fn stress_json(info: &RunInfo<'_>, programs: &Programs, runs: &[GameRun]) -> Value {
    let solution_of = |i: usize| programs.solutions.get(i);
    let findings: Vec<Value> = runs
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            findings_of(r)
                .into_iter()
                .map(move |(index, d)| stress_finding_json(index, d, programs, solution_of(i)))
        })
        .collect();
    let rows: Vec<Value> = runs
        .iter()
        .enumerate()
        .map(|(i, r)| stress_row_json(info, r, solution_of(i)))
        .collect();
    let most = |f: &dyn Fn(&GameRun) -> f64| runs.iter().map(f).fold(0.0, f64::max);
    let run = runs.first();
    let seconds = most(&|r| r.elapsed.as_secs_f64());
    let running = most(&|r| r.running.as_secs_f64());
    let cases = runs.iter().map(|r| r.cases).max().unwrap_or(0);
    json!({
        "tool": "boardfuzz",
        "version": env!("CARGO_PKG_VERSION"),
        "schema": SCHEMA,
        "kind": "stress",
        "command": info.command,
        "seed": info.seed,
        "shard": (!info.shard.is_whole()).then(|| info.shard.to_string()),
        "merged_from": info.merged_from.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "budget": budget_json(info.budget),
        "jobs": info.jobs,
        "problem": (runs.len() == 1).then(|| run.map(|r| r.slug)).flatten(),
        "programs": programs_json(programs),
        "status": info.status(runs),
        "cases": cases,
        "refused": runs.iter().map(|r| r.rejected).max().unwrap_or(0),
        "first_refused": run.and_then(|r| r.first_rejection.clone()),
        "seconds": seconds,
        "running_seconds": running,
        "cases_per_second": if runs.len() == 1 {
            run.map_or(0.0, |r| r.cases_per_second())
        } else {
            cases as f64 / running.max(1e-9)
        },
        "interrupted": info.interrupted,
        "notes": run.map_or(&[][..], |r| &r.notes[..]),
        "error": run.and_then(|r| r.error.clone()),
        "solutions": rows,
        "findings": findings,
    })
}

/// The JSON report of a `check` run: per game its counts, census, clauses and finding.
fn check_json(info: &RunInfo<'_>, runs: &[GameRun]) -> Value {
    let games: Vec<Value> = runs
        .iter()
        .map(|r| {
            let census: serde_json::Map<String, Value> = r
                .census
                .tags
                .iter()
                .zip(&r.census.counts)
                .map(|(t, c)| (t.to_string(), json!(c)))
                .collect();
            let (clauses, unmeasured) = clauses_json(&r.census);
            json!({
                "game": r.slug,
                "cases": r.cases,
                "deep_cases": r.deep_cases,
                "rejected": r.rejected,
                "first_rejection": r.first_rejection,
                "seconds": r.elapsed.as_secs_f64(),
                "running_seconds": r.running.as_secs_f64(),
                "cases_per_second": r.cases_per_second(),
                "census_cases": r.census.cases,
                "census": census,
                "clauses": clauses,
                "unmeasured_clauses": unmeasured,
                "interrupted": r.interrupted,
                "notes": r.notes,
                "error": r.error,
                "finding": r.disagreement.as_ref().map(|d| finding_json(r.finding_case, d)),
            })
        })
        .collect();
    let findings: Vec<Value> = runs
        .iter()
        .flat_map(|r| findings_of(r).into_iter().map(|(i, d)| finding_json(i, d)))
        .collect();
    json!({
        "tool": "boardfuzz",
        "version": env!("CARGO_PKG_VERSION"),
        "schema": SCHEMA,
        "kind": "check",
        "command": info.command,
        "seed": info.seed,
        "shard": (!info.shard.is_whole()).then(|| info.shard.to_string()),
        "merged_from": info.merged_from.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "budget": budget_json(info.budget),
        "settings": info.settings,
        "deep_share": info.deep_share,
        "jobs": info.jobs,
        "subject": info.subject,
        "cases": runs.iter().map(|r| r.cases).sum::<u64>(),
        "status": info.status(runs),
        "games": games,
        "findings": findings,
    })
}

/// Text as an XML 1.0 document can carry it: each character it cannot (most control characters,
/// U+FFFE, U+FFFF) becomes U+FFFD. quick-junit escapes markup but drops control characters (and
/// leaves U+FFFE and U+FFFF in, which no XML reader accepts); a replacement keeps the place of
/// each one in an input, as the report showed it before.
fn xml_safe(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// The JUnit XML report, written by `quick-junit` (the writer cargo-nextest uses): one test suite
/// per game, with one test case for the game's run (an error if the run stopped on one) and one
/// per finding (always failed, with the full report as its text). `Err` says why the writer
/// failed.
pub fn junit(info: &RunInfo<'_>, runs: &[GameRun]) -> Result<String, String> {
    let mut report = Report::new(format!("boardfuzz {}", info.command));
    report.set_time(runs.iter().map(|r| r.elapsed).sum());
    for r in runs {
        let mut suite = TestSuite::new(r.slug);
        suite.set_time(r.elapsed);
        suite.add_property(Property::new("seed", info.seed.to_string()));
        suite.add_property(Property::new("jobs", info.jobs.to_string()));
        match &info.programs {
            // A problem's three commands (and its validator, its checker), by their roles.
            Some(programs) => {
                for (role, command) in programs.rows() {
                    suite.add_property(Property::new(role.replace(' ', "_"), xml_safe(&command)));
                }
            }
            None => {
                suite.add_property(Property::new("subject", xml_safe(info.subject)));
            }
        }
        if !info.shard.is_whole() {
            suite.add_property(Property::new("shard", info.shard.to_string()));
        }
        if !info.merged_from.is_empty() {
            let list: Vec<String> = info.merged_from.iter().map(|s| s.to_string()).collect();
            suite.add_property(Property::new("merged_from", list.join(" ")));
        }
        for (name, value) in clause_properties(&r.census) {
            suite.add_property(Property::new(xml_safe(&name), xml_safe(&value)));
        }
        let status = match &r.error {
            Some(e) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
                status.set_message(xml_safe(e));
                status
            }
            None => TestCaseStatus::success(),
        };
        let name = format!(
            "{} {} cases, seed {}{}",
            r.cases,
            if info.programs.is_some() {
                "generated"
            } else {
                "random"
            },
            info.seed,
            if r.interrupted { " (interrupted)" } else { "" }
        );
        let mut run = TestCase::new(name, status);
        run.set_classname(format!("boardfuzz.{}", r.slug));
        run.set_time(r.elapsed);
        suite.add_test_case(run);
        for (_, d) in findings_of(r) {
            let verdict = match &info.programs {
                Some(programs) => stress_verdict(d, programs),
                None => d.verdict.describe(&d.comparison.subject),
            };
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status
                .set_message(xml_safe(&format!("{verdict} in {}", r.slug)))
                .set_type(xml_safe(&verdict))
                .set_description(xml_safe(&d.report()));
            let mut finding = TestCase::new(xml_safe(&format!("{verdict}: {}", d.origin)), status);
            finding.set_classname(format!("boardfuzz.{}", r.slug));
            suite.add_test_case(finding);
        }
        report.add_test_suite(suite);
    }
    let mut text = report.to_string().map_err(|e| e.to_string())?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, DynGame, Fault, Game, Options, Outcome};
    use crate::harness::write::census::Census;
    use crate::harness::{Comparison, Side, Subject, Verdict};

    /// A game the findings below are of.
    struct Toy;

    impl Game for Toy {
        type Case = u8;
        const SLUG: &'static str = "toy";
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::from_utf8_lossy(input).into_owned())
        }
        fn reference(input: &[u8], options: &Options) -> Outcome {
            Self::engine(input, options)
        }
    }

    fn toy() -> &'static dyn DynGame {
        dyn_game::<Toy>()
    }

    /// A run of 400 cases in 0.5 s, then `shrinking` more with a finding (`None`: no finding).
    fn timed(shrinking: Option<u64>) -> GameRun {
        let finding = shrinking.map(|_| {
            let comparison = Comparison {
                subject: Subject::Engine,
                mine: Outcome::Output("2\n".into()),
                reference: Outcome::Output("1\n".into()),
                judged: None,
            };
            Disagreement::from_parts(
                toy(),
                "1\n".into(),
                comparison,
                Verdict::WrongAnswer,
                "case 399 of seed 9".into(),
                "",
            )
        });
        let running = std::time::Duration::from_millis(500);
        GameRun {
            slug: "toy",
            cases: 400,
            deep_cases: 0,
            rejected: 0,
            first_rejection: None,
            elapsed: running + std::time::Duration::from_millis(shrinking.unwrap_or(0)),
            running,
            census: Census::new(&[]),
            disagreement: finding,
            finding_case: shrinking.map(|_| 399),
            other_findings: Vec::new(),
            error: None,
            interrupted: false,
            notes: Vec::new(),
        }
    }

    #[test]
    fn the_rate_leaves_a_shrink_out_and_says_so() {
        let info = RunInfo::new("check", 9, 1, "engine", Budget::Cases(1000));
        // No finding: the rate alone, as before.
        let plain = timed(None);
        assert_eq!(rate_words(&plain, "s"), ("800 cases/s".to_string(), None));
        // A finding whose shrink took 7.5 s: 800 cases/s still, and the shrink's time apart.
        let found = timed(Some(7500));
        assert_eq!(
            rate_words(&found, "s"),
            (
                "800 cases/s over the 0.50s of running them".to_string(),
                Some("then 7.50s shrinking the finding".to_string())
            )
        );
        let v: Value = serde_json::from_str(&json(&info, &[found])).unwrap();
        let game = &v["games"][0];
        assert_eq!(game["seconds"], 8.0);
        assert_eq!(game["running_seconds"], 0.5);
        assert_eq!(game["cases_per_second"], 800.0);
        let page = crate::harness::write::html::html(&info, &[timed(Some(7500))]);
        assert!(
            page.contains(
                "in 8.00 s, 800 cases/s over the 0.50 s of running them; then 7.50 s shrinking \
                 the finding</p>"
            ),
            "{page}"
        );
    }

    #[test]
    fn junit_counts_an_error_and_a_failure_and_keeps_every_character_in_place() {
        let input = "1 1\n<&>\u{1}\u{FFFF}\"'\n".to_string();
        let comparison = Comparison {
            subject: Subject::Engine,
            mine: Outcome::Failed {
                fault: Fault::Panic,
                message: "boom".into(),
            },
            reference: Outcome::Output("1\n".into()),
            judged: None,
        };
        let finding = Disagreement::from_parts(
            toy(),
            input,
            comparison,
            Verdict::Fault {
                side: Side::Subject,
                fault: Fault::Panic,
            },
            "case 3 of seed 9".into(),
            "not compared",
        );
        let run = GameRun {
            slug: "toy",
            cases: 4,
            finding_case: Some(3),
            other_findings: Vec::new(),
            elapsed: std::time::Duration::from_millis(1500),
            running: std::time::Duration::from_millis(500),
            census: Census::new(&[]),
            disagreement: Some(finding),
            error: Some("could not save to <dir>".into()),
            interrupted: false,
            deep_cases: 0,
            rejected: 0,
            first_rejection: None,
            notes: Vec::new(),
        };
        let info = RunInfo::new("check", 9, 2, "engine", Budget::Cases(4));
        let xml = junit(&info, &[run]).unwrap();
        let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.attribute("tests"), Some("2"));
        assert_eq!(root.attribute("failures"), Some("1"));
        assert_eq!(root.attribute("errors"), Some("1"));
        assert_eq!(root.attribute("time"), Some("1.500"));
        let cases: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases[0].attribute("name"), Some("4 random cases, seed 9"));
        let error = cases[0]
            .children()
            .find(|n| n.has_tag_name("error"))
            .unwrap();
        assert_eq!(error.attribute("message"), Some("could not save to <dir>"));
        assert_eq!(
            cases[1].attribute("name"),
            Some("engine panic: case 3 of seed 9")
        );
        let failure = cases[1]
            .children()
            .find(|n| n.has_tag_name("failure"))
            .unwrap();
        assert_eq!(failure.attribute("type"), Some("engine panic"));
        assert_eq!(failure.attribute("message"), Some("engine panic in toy"));
        let text = failure.text().unwrap();
        assert!(
            text.contains("--- input ---\n1 1\n<&>\u{FFFD}\u{FFFD}\"'\n"),
            "{text}"
        );
        let property = |name: &str| {
            doc.descendants()
                .find(|n| n.has_tag_name("property") && n.attribute("name") == Some(name))
                .and_then(|n| n.attribute("value"))
        };
        assert_eq!(property("seed"), Some("9"));
        assert_eq!(property("subject"), Some("engine"));
    }
}
