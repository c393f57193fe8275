//! `boardfuzz merge`: the JSON reports of the shards of one run (`check --shard K/N --report
//! json FILE` on N runners) made into the run's one report — the text report, the exit status
//! and the `--report json|junit|html` files one whole run would have given
//! ([`crate::harness::keep::merge`] says what is summed, what is refused and what "the same" means
//! for findings).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::game::Games;
use crate::harness::keep::merge;

use super::stress_summary::{stress_summary, Roles};
use super::summary::summary;
use super::{CliResult, Usage};
use crate::harness::run::campaign::Shard;
use crate::harness::write::targets::{report_targets, write_reports};

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The JSON reports of the shards of one run, in any order (`shard-*.json`).
    #[arg(required = true, value_name = "REPORT")]
    reports: Vec<PathBuf>,
    /// Write a report of the merged run: `--report json FILE`, `--report junit FILE` or
    /// `--report html FILE`, as `check` writes them. May be given more than once.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    /// Merge even when some shards of the run are missing (a runner that died): a warning, and a
    /// note in each game of the report, say which. Without it a missing shard is an error.
    #[arg(long)]
    allow_missing: bool,
}

pub fn run(games: &Games, args: MergeArgs) -> CliResult {
    let targets = report_targets(&args.report).map_err(Usage)?;
    let mut read = Vec::new();
    for path in &args.reports {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Usage(format!("cannot read {}: {e}", path.display())))?;
        read.push(merge::read(path, &text, games).map_err(Usage)?);
    }
    let merged = merge::merge(read, args.allow_missing).map_err(Usage)?;
    let header = &merged.header;
    let count = header.merged_from.first().map_or(1, |s| s.count);
    eprintln!(
        "{} merge: {} report(s) of seed {}, {} of {count} shard(s)",
        crate::harness::program(),
        args.reports.len(),
        header.seed,
        header.merged_from.len().max(1),
    );
    if !merged.missing.is_empty() {
        let list: Vec<String> = merged.missing.iter().map(|s| s.to_string()).collect();
        eprintln!(
            "warning: shard(s) {} of this run are missing: their cases are in no count and \
             their findings in no list of this report",
            list.join(", ")
        );
    }
    let info = header.info();
    let written = write_reports(&targets, &info, &merged.runs);
    if let Some(programs) = &header.programs {
        // A stress run's, in its words, as `stress` prints and exits.
        let roles = Roles {
            reference: programs.brute_force.as_deref().unwrap_or(""),
            interactor: programs.interactor.as_deref(),
            brute_flag: "--brute",
            checker: programs.checker_word(),
            validator: programs.validator.is_some(),
        };
        let (seed, interrupted) = (header.seed, header.interrupted);
        let code = stress_summary(
            &merged.runs,
            &roles,
            seed,
            Shard::WHOLE,
            interrupted,
            !written,
        );
        if code == ExitCode::from(2) {
            eprintln!(
                "error: the brute force (or the checker program) failed: yours to fix, not a \
                 finding of the solution"
            );
        }
        return Ok(code);
    }
    let known: Vec<_> = games
        .all()
        .iter()
        .copied()
        .filter(|g| merged.runs.iter().any(|r| r.slug == g.slug()))
        .collect();
    let engine = header.subject == "engine";
    let code = summary(&info, &merged.runs, &known, engine, !written);
    // As `stress` itself exits: a trusted program of the user's that failed (the brute force, a
    // checker program) is the user's to fix, exit 2, unless a shard found the solution wrong.
    let findings = merged.runs.iter().filter_map(|r| r.disagreement.as_ref());
    let (faults, others): (Vec<_>, Vec<_>) = findings.partition(|d| d.verdict.of_judge());
    if header.command == "stress" && !faults.is_empty() && others.is_empty() && written {
        eprintln!(
            "error: the reference (or the checker program) failed: yours to fix, not a \
             finding of the solution"
        );
        return Ok(ExitCode::from(2));
    }
    Ok(code)
}
