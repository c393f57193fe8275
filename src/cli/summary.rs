//! The text report of a campaign's runs, as `check` and `merge` print it: per game its counts,
//! census, clause coverage, notes, warnings and findings, then the verdict line and the exit
//! status.

use std::process::ExitCode;

use crate::harness::run::campaign::{self, GameRun};
use crate::harness::write::report::{self, findings_of, RunInfo};

/// Prints the text report of a campaign's runs — per game its counts, census, clause coverage,
/// notes, warnings and findings; then the verdict line — and gives the exit status `check`
/// gives: 130 interrupted, 1 a finding or an error (or `failed` already), 2 a game that tested
/// nothing, else 0. `games` are the games run (for the settings that would widen what one
/// reads); `engine` whether the engine was checked (then deep-checked cases are counted).
/// `boardfuzz merge` prints a merged run with it, as one whole run would have printed.
pub(super) fn summary(
    info: &RunInfo<'_>,
    runs: &[GameRun],
    games: &[&'static dyn crate::game::DynGame],
    engine: bool,
    mut failed: bool,
) -> ExitCode {
    let seed = info.seed;
    let interrupted = info.interrupted;
    let shard = if info.shard.is_whole() {
        String::new()
    } else {
        format!(", shard {}", info.shard)
    };
    let mut tested_nothing = false;
    let mut verdicts: Vec<(String, usize)> = Vec::new();
    // Of several solutions, a run each: the game's census is shown once (it is the reference's,
    // the same for all), and a row per solution after the findings.
    let game_of = |run: &GameRun| run.slug.split('/').next().unwrap_or(run.slug);
    let mut shown: Vec<&str> = Vec::new();
    let mut rows: Vec<Option<String>> = Vec::new();
    for run in runs {
        let deep = if engine {
            format!(", {} deep-checked", run.deep_cases)
        } else {
            String::new()
        };
        // The rate is over the time spent running cases, a finding's shrink apart.
        let (rate, shrinking) = report::rate_words(run, "s");
        let shrinking = shrinking
            .map(|words| format!("; {words}"))
            .unwrap_or_default();
        outln!(
            "\n== {}: {} cases ({} rejected by both sides) in {:.2}s ({rate}{deep}{shrinking}), \
             seed {seed}{shard}{}",
            run.slug,
            run.cases,
            run.rejected,
            run.elapsed.as_secs_f64(),
            if run.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        );
        if !shown.contains(&game_of(run)) {
            shown.push(game_of(run));
            out!("{}", run.census.table());
            outln!();
            out!("{}", run.census.clause_table());
        }
        for note in &run.notes {
            outln!("note: {note}");
        }
        if run.disagreement.is_none() && campaign::tests_nothing(run.cases, run.rejected) {
            let game = games.iter().find(|g| g.slug() == game_of(run));
            outln!(
                "error: {}",
                nothing_tested(run, game.copied(), &info.settings)
            );
            tested_nothing = true;
        } else if run.rejected as f64 > run.cases as f64 * campaign::REJECTED_WARNING {
            outln!(
                "warning: {} of {} cases were rejected by both sides; each tests only the \
                 readers (first: {})",
                run.rejected,
                run.cases,
                run.first_rejection.as_deref().unwrap_or("?")
            );
        }
        if let Some(e) = &run.error {
            outln!("error: {e}");
            failed = true;
        }
        let mut row = None;
        for (_, d) in findings_of(run) {
            outln!();
            styled!("{}", super::finding_on_screen(d));
            failed = true;
            let name = d.verdict.describe(&d.comparison.subject);
            row.get_or_insert_with(|| name.clone());
            match verdicts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => verdicts.push((name, 1)),
            }
        }
        rows.push(row);
    }
    let findings: usize = verdicts.iter().map(|(_, c)| c).sum();
    let kinds = if verdicts.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = verdicts.iter().map(|(n, c)| format!("{c} {n}")).collect();
        format!(" ({})", list.join(", "))
    };
    let verdict = if interrupted {
        "INTERRUPTED"
    } else if failed {
        "FAILED"
    } else if tested_nothing {
        "NOTHING TESTED"
    } else {
        "ok"
    };
    // The cases of a game are its most judged solution's.
    let cases: u64 = shown
        .iter()
        .map(|g| {
            let of_game = runs.iter().filter(|r| game_of(r) == *g);
            of_game.map(|r| r.cases).max().unwrap_or(0)
        })
        .sum();
    let solutions = if shown.len() < runs.len() {
        outln!("\n{}", solution_rows(runs, &rows));
        format!(", {} solutions", runs.len())
    } else {
        String::new()
    };
    outln!(
        "\n{verdict}: {cases} case(s) in {} game(s){solutions}, {findings} finding(s){kinds}",
        shown.len(),
    );
    if interrupted {
        ExitCode::from(130)
    } else if tested_nothing && !failed {
        ExitCode::from(2)
    } else if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A row per solution of a run of several: its name, the cases it was judged on, and its
/// verdict (`ok`, or `verdicts`' word for it, `None` for none, with the case it was found at and
/// the file it was saved in).
pub(super) fn solution_rows(runs: &[GameRun], verdicts: &[Option<String>]) -> String {
    let width = runs.iter().map(|r| r.slug.len()).max().unwrap_or(0).max(8);
    let mut out = format!("{:<width$}  {:>8}  verdict\n", "solution", "cases");
    for (run, verdict) in runs.iter().zip(verdicts) {
        let words = match (verdict, &run.disagreement) {
            (Some(v), Some(d)) => {
                let case = run
                    .finding_case
                    .map(|i| format!(" on case {i}"))
                    .unwrap_or_default();
                let saved = d
                    .saved
                    .as_ref()
                    .map(|p| format!(", saved in {}", p.display()))
                    .unwrap_or_default();
                format!("{v}{case}{saved}")
            }
            _ if run.error.is_some() => "error".into(),
            _ if run.interrupted => "interrupted".into(),
            _ => "ok".into(),
        };
        out.push_str(&format!(
            "{:<width$}  {:>8}  {words}\n",
            run.slug, run.cases
        ));
    }
    out.pop();
    out
}

/// Why a run that tested nothing did: every case rejected by both sides, the first rejection,
/// the settings given, and the game's switches that widen what it reads.
fn nothing_tested(
    run: &campaign::GameRun,
    game: Option<&'static dyn crate::game::DynGame>,
    given: &[String],
) -> String {
    let mut why = format!(
        "{}: {} of {} generated cases were rejected by both sides (first: {}), so nothing was \
         tested",
        run.slug,
        run.rejected,
        run.cases,
        run.first_rejection.as_deref().unwrap_or("?")
    );
    if !given.is_empty() {
        why.push_str(&format!(
            "; the settings given ({}) make inputs the judge's rules refuse",
            given.join(" ")
        ));
    }
    if let Some(game) = game {
        let switches: Vec<String> = game
            .settings()
            .iter()
            .filter(|s| {
                s.kind == crate::game::Kind::Switch
                    && s.scope == crate::game::Scope::Both
                    && !given.contains(&s.flag())
            })
            .map(|s| s.flag())
            .collect();
        if !switches.is_empty() {
            why.push_str(&format!(
                " (the game's {} may lift the limits)",
                switches.join(", ")
            ));
        }
    }
    why
}
