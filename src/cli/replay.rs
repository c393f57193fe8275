//! `boardfuzz replay`: every corpus entry through engine and reference, each with the settings
//! recorded beside it (`NAME.args`). An entry whose two sides part is reported as `check` reports
//! a finding (input, output diff, first divergence, boards); one whose sides agree with each
//! other but not with the entry shows what it expects and what both gave.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::harness::keep::corpus::{self, Expected};
use crate::harness::{invocation, shell_quote, Disagreement};

use crate::game::Games;

use super::{selected, CliResult, InputLimit, Usage};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Games to replay; all games if none is given.
    games: Vec<String>,
    /// Corpus root folder.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    #[command(flatten)]
    limit: InputLimit,
    /// Watchdog per entry and side: a side that does not answer in time is reported as a hang.
    #[arg(long, value_parser = super::parse_duration, default_value = "10s", value_name = "DURATION")]
    watchdog: std::time::Duration,
}

pub fn run(games: &Games, args: ReplayArgs) -> CliResult {
    let (mut passed, mut failed) = (0, 0);
    for game in selected(games, &args.games)? {
        let entries = corpus::load_game_with_limit(&args.corpus, game, args.limit.max_input)
            .map_err(Usage)?;
        for entry in entries {
            let comparison = entry.compare_watched(game, args.watchdog);
            let verdict = entry.judged(&comparison);
            if verdict.passed() {
                passed += 1;
                continue;
            }
            failed += 1;
            outln!("FAIL {}: {verdict}", entry.path.display());
            if comparison.agrees() {
                outln!("--- the entry expects ---");
                match &entry.expected {
                    Expected::Output(text) => out!("{text}"),
                    Expected::Error { class, line } => outln!("{class} at line {line}"),
                }
                outln!("--- engine and reference both gave ---");
                out!("{}", comparison.reference);
            } else {
                let d = Disagreement::from_comparison_watched(
                    game,
                    String::from_utf8_lossy(&entry.input).into_owned(),
                    comparison,
                    None,
                    &entry.options,
                    format!("corpus entry {}", entry.path.display()),
                    args.watchdog,
                );
                // An entry over a screen: its head and tail, and the entry's own file.
                styled!("{}", d.report_on_screen(Some(&entry.path)));
                outln!(
                    "repro: {} repro {} {}",
                    invocation(),
                    game.slug(),
                    shell_quote(&entry.path.display().to_string())
                );
            }
            outln!();
        }
    }
    outln!("replay: {passed} passed, {failed} failed");
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
