//! What the subcommands share besides flags: finding the games named, reading judge text within
//! its limit, sweeping a corpus folder, a finding or an input as a terminal shows it, the seed
//! from the clock.

use std::io;
use std::path::Path;

use crate::game::{DynGame, Games};
use crate::harness::case::input;
use crate::rng::Rng;

use super::{InputLimit, Usage};

pub(super) fn find_game(games: &Games, name: &str) -> Result<&'static dyn DynGame, Usage> {
    games.find(name).ok_or_else(|| {
        let known: Vec<String> = games
            .all()
            .iter()
            .map(|g| format!("{} ({})", g.slug(), g.problem()))
            .collect();
        Usage(format!(
            "unknown game `{name}`; known games: {}",
            known.join(", ")
        ))
    })
}

/// The games named (all games if none), each once.
pub(super) fn selected(
    games: &Games,
    names: &[String],
) -> Result<Vec<&'static dyn DynGame>, Usage> {
    if names.is_empty() {
        return Ok(games.all().to_vec());
    }
    let mut chosen: Vec<&'static dyn DynGame> = Vec::new();
    for name in names {
        let g = find_game(games, name)?;
        if !chosen.iter().any(|h| h.slug() == g.slug()) {
            chosen.push(g);
        }
    }
    Ok(chosen)
}

/// Judge text from `file` (stdin if `None` or `-`), at most `limit` bytes.
pub(super) fn read_input(file: Option<&Path>, limit: InputLimit) -> Result<Vec<u8>, Usage> {
    let limit = limit.max_input;
    match file {
        Some(p) if p != Path::new("-") => read_file(p, limit),
        _ => input::read_bounded(io::stdin().lock(), limit)
            .map_err(|e| Usage(format!("cannot read stdin: {e}"))),
    }
}

/// A file of judge text, at most `limit` bytes.
pub(super) fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, Usage> {
    input::read_file(path, limit).map_err(|e| Usage(format!("cannot read {}: {e}", path.display())))
}

/// Removes the temporary files a killed save left in a corpus folder, saying so on stderr
/// ([`corpus::sweep`](crate::harness::keep::corpus::sweep)); run before a command saves into it.
pub(super) fn sweep(dir: &Path) {
    match crate::harness::keep::corpus::sweep(dir) {
        Ok(removed) => {
            for path in removed {
                eprintln!(
                    "note: removed {}, a temporary file left by a save that was killed",
                    path.display()
                );
            }
        }
        Err(e) => eprintln!("warning: cannot clean {}: {e}", dir.display()),
    }
}

/// A finding's report as a terminal shows it ([`Disagreement::report_on_screen`]): an input over
/// a screen shown as its first and last lines, pointing to the saved case, or, when it was not
/// saved (`--no-save`), to a file written for it in the temporary folder
/// (`boardfuzz-<name>-<hash>.in`). Should that file not be written, the input is shown whole.
/// Answers over a screen are shown cut, pointing to the saved finding's files, or to files
/// written for them in the temporary folder (`boardfuzz-<name>-<hash>.expected` and `.got`).
pub(super) fn finding_on_screen(d: &crate::harness::Disagreement) -> String {
    let mut d = std::borrow::Cow::Borrowed(d);
    if d.answer_files.is_none() && d.answers_over_a_screen() {
        let hash = crate::harness::keep::corpus::content_hash(d.input.as_bytes());
        let base = std::env::temp_dir().join(format!("boardfuzz-{}-{hash}.in", d.slug));
        let files = crate::harness::keep::corpus::save_answers(&base, &d.comparison);
        d.to_mut().answer_files = files;
    }
    if d.saved.is_some() || crate::harness::fits_a_screen(&d.input) {
        return d.report_on_screen(None);
    }
    match whole_case_file(d.slug, &d.input) {
        Some(path) => d.report_on_screen(Some(&path)),
        None => d.report_styled(),
    }
}

/// A file in the temporary folder holding `input` whole (`boardfuzz-<slug>-<hash>.in`), for a
/// terminal report that shows only its head and tail; `None` (with a warning) if it cannot be
/// written.
pub(super) fn whole_case_file(slug: &str, input: &str) -> Option<std::path::PathBuf> {
    temp_file(slug, "in", input)
}

/// A file in the temporary folder holding `text` (`boardfuzz-<name>-<hash>.<extension>`), for a
/// report that shows only part of it; `None` (with a warning) if it cannot be written.
pub(super) fn temp_file(name: &str, extension: &str, text: &str) -> Option<std::path::PathBuf> {
    let hash = crate::harness::keep::corpus::content_hash(text.as_bytes());
    let path = std::env::temp_dir().join(format!("boardfuzz-{name}-{hash}.{extension}"));
    match std::fs::write(&path, text) {
        Ok(()) => Some(path),
        Err(e) => {
            eprintln!("warning: cannot write {}: {e}", path.display());
            None
        }
    }
}

/// An input as a terminal shows it: whole if it fits a screen, else its first and last lines
/// and a file written for it in the temporary folder (`boardfuzz-<slug>-<hash>.in`); whole
/// again should that file not be written.
pub(super) fn input_on_screen(slug: &str, input: &str) -> String {
    let fits = crate::harness::fits_a_screen(input);
    match (!fits).then(|| whole_case_file(slug, input)).flatten() {
        Some(path) => crate::harness::head_and_tail(input, &path),
        None if input.ends_with('\n') => input.to_string(),
        None => format!("{input}\n"),
    }
}

pub(super) fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    Rng::new(nanos).next_u64() >> 16
}
