//! Where a run's reports go: the `--report FORMAT FILE` pairs of `check`, `stress` and `merge`,
//! read before the run starts ([`report_targets`]) and written after it ([`write_reports`]).

use std::path::PathBuf;

use crate::harness::run::campaign::GameRun;
use crate::harness::write::html;
use crate::harness::write::report::{json, junit, RunInfo};

/// A report format of `--report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// `json`: [`json`].
    Json,
    /// `junit`: [`junit`].
    Junit,
    /// `html`: [`crate::harness::write::html::html`].
    Html,
}

/// The `--report FORMAT FILE` pairs (the words in pairs, as clap gives them), checked before
/// the run starts.
pub fn report_targets(words: &[String]) -> Result<Vec<(ReportFormat, PathBuf)>, String> {
    words
        .chunks(2)
        .map(|pair| {
            let format = match pair[0].as_str() {
                "json" => ReportFormat::Json,
                "junit" => ReportFormat::Junit,
                "html" => ReportFormat::Html,
                other => {
                    return Err(format!(
                        "unknown report format `{other}` (use json, junit or html)"
                    ))
                }
            };
            Ok((format, PathBuf::from(&pair[1])))
        })
        .collect()
}

/// Writes the `--report` files of a run; whether every one was written (an error is printed
/// for each that was not).
pub fn write_reports(
    reports: &[(ReportFormat, PathBuf)],
    info: &RunInfo<'_>,
    runs: &[GameRun],
) -> bool {
    let mut ok = true;
    for (format, path) in reports {
        let text = match format {
            ReportFormat::Json => Ok(json(info, runs)),
            ReportFormat::Junit => junit(info, runs),
            ReportFormat::Html => Ok(html::html(info, runs)),
        };
        if let Err(e) = text.and_then(|text| std::fs::write(path, text).map_err(|e| e.to_string()))
        {
            eprintln!("error: cannot write the report {}: {e}", path.display());
            ok = false;
        }
    }
    ok
}
