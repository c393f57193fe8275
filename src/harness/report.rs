//! Reports for machines: one JSON object per `check` run, and JUnit XML so that CI systems show
//! findings as failed tests. The schema is in `docs/reports.md`.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::harness::campaign::GameRun;
use crate::harness::census::Census;
use crate::harness::{Disagreement, Divergence};

/// What a run was: everything a report needs beside the per-game results.
pub struct RunInfo<'a> {
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
fn divergence_text(d: &Divergence) -> String {
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

/// Escapes text for XML attributes and text nodes; characters XML 1.0 cannot carry are replaced.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// The JUnit XML report: one test suite per game, with one test case for the game's run (failed
/// if the run stopped on an error) and one per finding (always failed, with the full report).
pub fn junit(info: &RunInfo<'_>, runs: &[GameRun]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let tests: usize = runs
        .iter()
        .map(|r| 1 + r.disagreement.is_some() as usize)
        .sum();
    let failures: usize = runs
        .iter()
        .map(|r| r.disagreement.is_some() as usize + r.error.is_some() as usize)
        .sum();
    let time: f64 = runs.iter().map(|r| r.elapsed.as_secs_f64()).sum();
    let _ = writeln!(
        out,
        "<testsuites name=\"boardfuzz check\" tests=\"{tests}\" failures=\"{failures}\" time=\"{time:.3}\">"
    );
    for r in runs {
        let n = 1 + r.disagreement.is_some() as usize;
        let f = r.disagreement.is_some() as usize + r.error.is_some() as usize;
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{n}\" failures=\"{f}\" time=\"{:.3}\">",
            xml(r.slug),
            r.elapsed.as_secs_f64()
        );
        let clauses: String = clause_properties(&r.census)
            .iter()
            .map(|(name, value)| {
                format!(
                    "<property name=\"{}\" value=\"{}\"/>",
                    xml(name),
                    xml(value)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "    <properties><property name=\"seed\" value=\"{}\"/><property name=\"jobs\" value=\"{}\"/><property name=\"subject\" value=\"{}\"/>{clauses}</properties>",
            info.seed,
            info.jobs,
            xml(info.subject)
        );
        let _ = write!(
            out,
            "    <testcase classname=\"boardfuzz.{}\" name=\"{} random cases, seed {}{}\" time=\"{:.3}\"",
            xml(r.slug),
            r.cases,
            info.seed,
            if r.interrupted { " (interrupted)" } else { "" },
            r.elapsed.as_secs_f64()
        );
        match &r.error {
            Some(e) => {
                let _ = writeln!(
                    out,
                    ">\n      <error message=\"{}\"/>\n    </testcase>",
                    xml(e)
                );
            }
            None => {
                let _ = writeln!(out, "/>");
            }
        }
        if let Some(d) = &r.disagreement {
            let verdict = d.verdict.describe(&d.comparison.subject);
            let _ = writeln!(
                out,
                "    <testcase classname=\"boardfuzz.{}\" name=\"{}: {}\">",
                xml(r.slug),
                xml(&verdict),
                xml(&d.origin)
            );
            let _ = writeln!(
                out,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                xml(&format!("{verdict} in {}", r.slug)),
                xml(&verdict),
                xml(&d.report())
            );
            let _ = writeln!(out, "    </testcase>");
        }
        let _ = writeln!(out, "  </testsuite>");
    }
    out.push_str("</testsuites>\n");
    out
}
