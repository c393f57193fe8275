//! The HTML report of a `check` or `stress` run (`--report html FILE`): one self-contained file
//! a CI job keeps as an artifact and a person opens in a browser — no network, no script, no
//! external stylesheet. The run's summary; of `check`, each game's census and clause coverage as
//! bar charts in inline SVG; every finding with its input, the output diff and the boards at the
//! first divergence ([`crate::picture::svg`]), differing cells outlined. Of `stress`, the
//! summary names the generator, the brute force and the solution, and a finding shows the two
//! answers line by line ([`Disagreement::answer_section`]). Every chart and board has a
//! `<title>` (and `aria-label`) that says in words what it shows. Everything from the run is
//! escaped ([`crate::picture::escape`]).

use std::fmt::Write as _;

use crate::harness::run::campaign::GameRun;
use crate::harness::write::report::{
    divergence_text, findings_of, rate_words, stress_verdict, Programs, RunInfo,
};
use crate::harness::{Disagreement, Divergence, Subject};
use crate::picture::{escape, svg};

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1100px; color: #1b1b1b; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
.status-ok { color: #116611; } .status-failed { color: #b00000; } .status-interrupted { color: #8a5a00; }
table.summary td, table.summary th { text-align: left; padding: 0.1em 1em 0.1em 0; }
pre { background: #f5f5f2; border: 1px solid #ddd; padding: 0.5em; overflow-x: auto; font-size: 0.9em; }
pre .del { color: #a00000; } pre .ins { color: #006000; } pre .mark { color: #555; }
section.finding { border-left: 4px solid #b00000; padding-left: 1em; margin: 1.5em 0; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
figure { margin: 0; } figcaption { font-size: 0.85em; color: #444; max-width: 28em; }
.notes { color: #555; white-space: pre-wrap; }
";

/// The HTML report of a run.
pub fn html(info: &RunInfo<'_>, runs: &[GameRun]) -> String {
    let findings: Vec<&Disagreement> = runs
        .iter()
        .flat_map(|r| findings_of(r).into_iter().map(|(_, d)| d))
        .collect();
    let status = info.status(runs);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>boardfuzz {command}: {status}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        command = info.command
    );
    let cases: u64 = runs.iter().map(|r| r.cases).sum();
    // Of a problem's several solutions, each judged on the cases up to its finding: the cases
    // generated are the most any was judged on.
    let generated = runs.iter().map(|r| r.cases).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "<h1>boardfuzz {}: <span class=\"status-{status}\">{status}</span></h1>",
        info.command
    );
    let _ = writeln!(out, "<table class=\"summary\">");
    let rows: Vec<(&str, String)> = match &info.programs {
        // A problem: its programs by their roles, and no games.
        Some(programs) => [("version", env!("CARGO_PKG_VERSION").to_string())]
            .into_iter()
            .chain(match runs {
                [one] => Some(("problem", one.slug.to_string())),
                _ => None,
            })
            .chain(programs.rows())
            .chain([
                ("seed", info.seed.to_string()),
                ("jobs", info.jobs.to_string()),
                ("cases", generated.to_string()),
            ])
            .chain(programs.validator.as_ref().map(|_| {
                let refused = runs.iter().map(|r| r.rejected).max().unwrap_or(0);
                ("refused by the validator", refused.to_string())
            }))
            .chain([("findings", findings.len().to_string())])
            .collect(),
        None => vec![
            ("version", env!("CARGO_PKG_VERSION").to_string()),
            ("subject", info.subject.to_string()),
            ("seed", info.seed.to_string()),
            ("jobs", info.jobs.to_string()),
            ("games", runs.len().to_string()),
            ("cases", cases.to_string()),
            ("findings", findings.len().to_string()),
        ],
    };
    for (k, v) in rows
        .into_iter()
        .chain((!info.shard.is_whole()).then(|| ("shard", info.shard.to_string())))
        .chain((!info.merged_from.is_empty()).then(|| {
            let list: Vec<String> = info.merged_from.iter().map(|s| s.to_string()).collect();
            ("merged from", list.join(", "))
        }))
    {
        let _ = writeln!(out, "<tr><th>{k}</th><td>{}</td></tr>", escape(&v));
    }
    let _ = writeln!(out, "</table>");
    if !findings.is_empty() {
        let _ = writeln!(out, "<h2 id=\"findings\">Findings</h2>");
        for (i, d) in findings.iter().enumerate() {
            finding(&mut out, i, d, info.programs.as_ref());
        }
    }
    for r in runs {
        match &info.programs {
            Some(_) => problem(&mut out, r),
            None => game(&mut out, r),
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// A problem's section, of a `stress` run: its cases, time and rate, error and notes.
fn problem(out: &mut String, r: &GameRun) {
    let _ = writeln!(
        out,
        "<section class=\"problem\" id=\"problem-{}\">",
        escape(r.slug)
    );
    let _ = writeln!(out, "<h2>{}</h2>", escape(r.slug));
    let (rate, shrinking) = rate_words(r, " s");
    let shrinking = shrinking
        .map(|words| format!("; {words}"))
        .unwrap_or_default();
    let refused = if r.rejected > 0 {
        format!(" ({} refused by the validator)", r.rejected)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<p>{} cases{refused} in {:.2} s, {rate}{shrinking}{}</p>",
        r.cases,
        r.elapsed.as_secs_f64(),
        if r.interrupted { ", interrupted" } else { "" }
    );
    if let Some(e) = &r.error {
        let _ = writeln!(out, "<p class=\"status-failed\">error: {}</p>", escape(e));
    }
    for note in &r.notes {
        let _ = writeln!(out, "<p class=\"notes\">note: {}</p>", escape(note));
    }
    let _ = writeln!(out, "</section>");
}

/// One game's section: its numbers, its census and clause coverage as bar charts.
fn game(out: &mut String, r: &GameRun) {
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"game-{}\">",
        escape(r.slug)
    );
    let _ = writeln!(out, "<h2>{}</h2>", escape(r.slug));
    // The rate is over the time spent running cases, a finding's shrink apart.
    let (rate, shrinking) = rate_words(r, " s");
    let shrinking = shrinking
        .map(|words| format!("; {words}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "<p>{} cases ({} deep-checked, {} rejected by both sides) in {:.2} s, {rate}{shrinking}{}</p>",
        r.cases,
        r.deep_cases,
        r.rejected,
        r.elapsed.as_secs_f64(),
        if r.interrupted { ", interrupted" } else { "" }
    );
    if let Some(e) = &r.error {
        let _ = writeln!(out, "<p class=\"status-failed\">error: {}</p>", escape(e));
    }
    for note in &r.notes {
        let _ = writeln!(out, "<p class=\"notes\">note: {}</p>", escape(note));
    }
    let census = &r.census;
    if census.tags.is_empty() {
        let _ = writeln!(out, "<p>{} has no census tags.</p>", escape(r.slug));
    } else {
        let bars: Vec<(String, u64)> = census
            .tags
            .iter()
            .zip(&census.counts)
            .map(|(t, c)| (t.to_string(), *c))
            .collect();
        let _ = writeln!(out, "<h3>Census</h3>");
        out.push_str(&bar_chart(
            &format!("census of {}: cases per tag, of {}", r.slug, census.cases),
            &bars,
            census.cases,
        ));
    }
    let measured: Vec<(String, u64)> = census
        .clauses
        .iter()
        .zip(&census.clause_counts)
        .filter(|(c, _)| c.measured())
        .map(|(c, n)| (c.id.to_string(), *n))
        .collect();
    if !measured.is_empty() {
        let _ = writeln!(out, "<h3>Clause coverage</h3>");
        out.push_str(&bar_chart(
            &format!(
                "clause coverage of {}: cases per clause, {} clauses measured by a tag",
                r.slug,
                measured.len()
            ),
            &measured,
            census.cases,
        ));
        let unmeasured: Vec<_> = census.clauses.iter().filter(|c| !c.measured()).collect();
        if !unmeasured.is_empty() {
            let _ = writeln!(out, "<p>Not measured by a tag:</p>\n<ul>");
            for c in unmeasured {
                let _ = writeln!(
                    out,
                    "<li><code>{}</code> {}</li>",
                    escape(c.id),
                    escape(c.unmeasured.unwrap_or(""))
                );
            }
            let _ = writeln!(out, "</ul>");
        }
    }
    let _ = writeln!(out, "</section>");
}

/// A horizontal bar chart in inline SVG: one bar per `(label, count)`, its length the share of
/// `total`, with the count and share written beside it; `title` and the numbers are its text
/// alternative.
pub fn bar_chart(title: &str, bars: &[(String, u64)], total: u64) -> String {
    let label_width = bars
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0) as u32
        * 8
        + 12;
    let (bar_max, row) = (420u32, 20u32);
    let width = label_width + bar_max + 130;
    let height = row * bars.len() as u32 + 8;
    let share = |c: u64| {
        if total == 0 {
            0.0
        } else {
            c as f64 / total as f64
        }
    };
    let alt: Vec<String> = bars
        .iter()
        .map(|(l, c)| format!("{l} {c} ({:.1}%)", 100.0 * share(*c)))
        .collect();
    let alt = format!("{title}: {}", alt.join(", "));
    let mut out = format!(
        "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\" aria-label=\"{}\"><title>{}</title>",
        escape(&alt),
        escape(&alt)
    );
    for (i, (label, count)) in bars.iter().enumerate() {
        let y = 4 + i as u32 * row;
        let len = (share(*count) * bar_max as f64).round() as u32;
        let fill = if *count == 0 { "#d9a0a0" } else { "#5b8fd6" };
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"monospace\" text-anchor=\"end\" \
             fill=\"#222\">{}</text><rect x=\"{label_width}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             fill=\"{fill}\"/><text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#333\">{count} \
             ({:.1}%)</text>",
            label_width - 6,
            y + 13,
            escape(label),
            y + 2,
            len.max(if *count == 0 { 2 } else { 1 }),
            row - 6,
            label_width + len + 6,
            y + 13,
            100.0 * share(*count)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// One finding: what it is, its input, the output diff, the first divergence in words and the
/// boards.
fn finding(out: &mut String, i: usize, d: &Disagreement, programs: Option<&Programs>) {
    let label = d.comparison.subject.label();
    let verdict = match programs {
        Some(programs) => stress_verdict(d, programs),
        None => d.verdict.describe(&d.comparison.subject),
    };
    let _ = writeln!(
        out,
        "<section class=\"finding\" id=\"finding-{}\">\n<h3>{} in {}</h3>\n<p>{}</p>",
        i + 1,
        escape(&verdict),
        escape(d.slug),
        escape(&d.origin)
    );
    for note in &d.notes {
        let _ = writeln!(out, "<p class=\"notes\">note: {}</p>", escape(note));
    }
    let _ = writeln!(
        out,
        "<h4>Input</h4>\n<pre class=\"input\">{}</pre>",
        escape(&d.input)
    );
    // The text report's section, its heading without the dashes: the answers line by line
    // (`pre.answer`), or the output diff (`pre.diff`); a line of `^` marks is `span.mark`.
    let (heading, body) = d.answer_section(false, crate::harness::write::text::REPORT_ANSWER_LINES);
    let heading = heading.trim_matches(|c| c == '-' || c == ' ');
    let mut heading = heading.chars();
    let heading: String = heading
        .next()
        .map(|c| c.to_uppercase().chain(heading).collect())
        .unwrap_or_default();
    let class = if body.starts_with("answer ") || body.starts_with("(no ") {
        "answer"
    } else {
        "diff"
    };
    let _ = writeln!(
        out,
        "<h4>{}</h4>\n<pre class=\"{class}\">",
        escape(&heading)
    );
    for line in body.lines() {
        let marks = !line.trim().is_empty() && line.trim().chars().all(|c| c == '^');
        let class = match line.get(..2) {
            Some("- ") => Some("del"),
            Some("+ ") => Some("ins"),
            Some("? ") => Some("mark"),
            _ if marks => Some("mark"),
            _ => None,
        };
        match class {
            Some(c) => {
                let _ = writeln!(out, "<span class=\"{c}\">{}</span>", escape(line));
            }
            None => {
                let _ = writeln!(out, "{}", escape(line));
            }
        }
    }
    let _ = writeln!(out, "</pre>");
    // As in the text report: nothing to say of an external solution with no board drawn.
    if !(matches!(d.divergence, Divergence::Unavailable) && d.boards.is_empty()) {
        let _ = writeln!(
            out,
            "<h4>First divergence</h4>\n<p class=\"divergence\">{}</p>",
            escape(&divergence_text(&d.divergence, d.unit))
        );
    }
    for board in &d.boards {
        let _ = writeln!(
            out,
            "<div class=\"moment\"><h5>{}</h5>\n<div class=\"boards\">",
            escape(&board.heading.replace("in [brackets]", "outlined in red"))
        );
        let figure = |out: &mut String, side: &str, svg_text: String, caption: &str| {
            let _ = writeln!(
                out,
                "<figure class=\"side-{}\">{svg_text}<figcaption>{}</figcaption></figure>",
                escape(side),
                escape(caption)
            );
        };
        match &board.subject {
            Some(other) => {
                let (rm, om) = (
                    board.reference.differences(other),
                    other.differences(&board.reference),
                );
                figure(
                    out,
                    "reference",
                    svg(&board.reference, Some(&rm), "reference"),
                    &board.reference.caption,
                );
                figure(out, label, svg(other, Some(&om), label), &other.caption);
            }
            // A solution has no trace: its finding's lone board is the reference's.
            None if matches!(d.comparison.subject, Subject::Solution { .. }) => figure(
                out,
                "reference",
                svg(&board.reference, None, "reference"),
                &board.reference.caption,
            ),
            None => figure(
                out,
                "both",
                svg(&board.reference, None, "both sides"),
                &board.reference.caption,
            ),
        }
        let _ = writeln!(out, "</div></div>");
    }
    if let Some(path) = &d.saved {
        let _ = writeln!(
            out,
            "<p>saved: <code>{}</code></p>",
            escape(&path.display().to_string())
        );
    }
    if let Some(replay) = &d.replay {
        let _ = writeln!(out, "<p>replay: <code>{}</code></p>", escape(replay));
    }
    let _ = writeln!(out, "</section>");
}
