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
        out!("{}", run.census.table());
        outln!();
        out!("{}", run.census.clause_table());
        for note in &run.notes {
            outln!("note: {note}");
        }
        if run.disagreement.is_none() && campaign::tests_nothing(run.cases, run.rejected) {
            let game = games.iter().find(|g| g.slug() == run.slug);
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
        for (_, d) in findings_of(run) {
            outln!();
            styled!("{}", super::finding_on_screen(d));
            failed = true;
            let name = d.verdict.describe(&d.comparison.subject);
            match verdicts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => verdicts.push((name, 1)),
            }
        }
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
    outln!(
        "\n{verdict}: {} case(s) in {} game(s), {findings} finding(s){kinds}",
        runs.iter().map(|r| r.cases).sum::<u64>(),
        runs.len(),
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
