//! Reports for machines: one JSON object per `check` run, and JUnit XML so that CI systems show
//! findings as failed tests. The schema is in `docs/reports.md`.

use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};
use serde_json::{json, Value};

use crate::harness::campaign::GameRun;
use crate::harness::census::Census;
use crate::harness::{Disagreement, Divergence};

/// What a run was: everything a report needs beside the per-game results.
pub struct RunInfo<'a> {
    /// The subcommand that ran: `check` or `stress`.
    pub command: &'a str,
    /// The run's seed.
    pub seed: u64,
    /// The number of worker threads.
    pub jobs: usize,
    /// `engine` or the solution's command line.
    pub subject: &'a str,
    /// Whether the run was stopped by Ctrl-C.
    pub interrupted: bool,
}

/// The first divergence as one line of text.
pub fn divergence_text(d: &Divergence) -> String {
    match d {
        Divergence::None { turns } => {
            format!(
                "the per-turn traces agree on all {turns} turn(s); only the final answer differs"
            )
        }
        Divergence::Turn {
            turn,
            engine,
            reference,
        } => format!(
            "turn {turn}: reference `{}`, engine `{}`",
            reference.as_deref().unwrap_or("(trace ended)"),
            engine.as_deref().unwrap_or("(trace ended)")
        ),
        Divergence::Rejected => "an input was rejected, so there are no traces to compare".into(),
        Divergence::Unavailable => "an external solution has no per-turn trace".into(),
        Divergence::NoTrace => "the game gives no per-turn trace".into(),
        Divergence::Skipped(why) => why.clone(),
    }
}

fn finding_json(d: &Disagreement) -> Value {
    json!({
        "game": d.slug,
        "verdict": d.verdict.describe(&d.comparison.subject),
        "origin": d.origin,
        "input": d.input,
        "reference_output": d.comparison.reference.to_string(),
        "subject_output": d.comparison.mine.to_string(),
        "subject": d.comparison.subject.label(),
        "first_divergence": divergence_text(&d.divergence),
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

/// The JSON report of a run.
pub fn json(info: &RunInfo<'_>, runs: &[GameRun]) -> String {
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
                "seconds": r.elapsed.as_secs_f64(),
                "cases_per_second": r.cases_per_second(),
                "census": census,
                "clauses": clauses,
                "unmeasured_clauses": unmeasured,
                "interrupted": r.interrupted,
                "notes": r.notes,
                "error": r.error,
                "finding": r.disagreement.as_ref().map(finding_json),
            })
        })
        .collect();
    let findings: Vec<Value> = runs
        .iter()
        .filter_map(|r| r.disagreement.as_ref().map(finding_json))
        .collect();
    let failed = !findings.is_empty() || runs.iter().any(|r| r.error.is_some());
    let report = json!({
        "tool": "boardfuzz",
        "command": info.command,
        "version": env!("CARGO_PKG_VERSION"),
        "seed": info.seed,
        "jobs": info.jobs,
        "subject": info.subject,
        "cases": runs.iter().map(|r| r.cases).sum::<u64>(),
        "status": if info.interrupted { "interrupted" } else if failed { "failed" } else { "ok" },
        "games": games,
        "findings": findings,
    });
    let mut text = serde_json::to_string_pretty(&report).expect("a JSON value serializes");
    text.push('\n');
    text
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
        suite.add_property(Property::new("subject", xml_safe(info.subject)));
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
            "{} random cases, seed {}{}",
            r.cases,
            info.seed,
            if r.interrupted { " (interrupted)" } else { "" }
        );
        let mut run = TestCase::new(name, status);
        run.set_classname(format!("boardfuzz.{}", r.slug));
        run.set_time(r.elapsed);
        suite.add_test_case(run);
        if let Some(d) = &r.disagreement {
            let verdict = d.verdict.describe(&d.comparison.subject);
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
    use crate::game::{Fault, Outcome};
    use crate::harness::census::Census;
    use crate::harness::{Comparison, Side, Subject, Verdict};

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
            "toy",
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
            elapsed: std::time::Duration::from_millis(1500),
            census: Census::new(&[]),
            disagreement: Some(finding),
            error: Some("could not save to <dir>".into()),
            interrupted: false,
            deep_cases: 0,
            rejected: 0,
            first_rejection: None,
            notes: Vec::new(),
        };
        let info = RunInfo {
            command: "check",
            seed: 9,
            jobs: 2,
            subject: "engine",
            interrupted: false,
        };
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
