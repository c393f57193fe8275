//! A file given to `repro`: judge text, or a raw libFuzzer artifact of the structured target,
//! told apart by its folder, by whether a side accepts it, or by the flag the user gave.

use std::path::Path;
use std::time::Duration;

use crate::game::{DynGame, Options, Outcome};
use crate::harness::run::watchdog::within;

/// How the user asked a FILE to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadAs {
    /// `--artifact`: a raw artifact of the structured fuzz target.
    Artifact,
    /// `--text`: judge text.
    Text,
    /// Neither flag: decided from the file's folder and content.
    Guess,
}

/// Why a FILE cannot be replayed.
pub enum Refused {
    /// The file cannot be read as asked (a usage error: the message says why).
    Unreadable(String),
    /// Game code called to read it (the fuzz-case decoder) gave no result in time: a finding.
    Hang(String),
}

/// Decides how to read a repro FILE: judge text, or a raw artifact of the structured target (then
/// with the settings the fuzz target ran that case under, `Game::case_options`). Every call into
/// game code here runs under the watchdog: a side that hangs on the text does not accept it (the
/// comparison then reports the hang).
pub fn read_case(
    game: &'static dyn DynGame,
    file: &Path,
    how: ReadAs,
    bytes: &[u8],
    options: &Options,
    watchdog: Duration,
) -> Result<(String, &'static str, Options), Refused> {
    let as_artifact = |why: &'static str| {
        let copy = bytes.to_vec();
        match within(watchdog, move || game.decode_fuzz_case(&copy)) {
            Some(Ok((t, case_options))) => Ok((t, why, case_options)),
            Some(Err(e)) => Err(Refused::Unreadable(format!(
                "{}: not a valid fuzz artifact: {e}",
                file.display()
            ))),
            None => Err(Refused::Hang(format!(
                "fuzz-case decoder hang on {}: no result after {watchdog:?} (watchdog)",
                file.display()
            ))),
        }
    };
    let as_text_under = |why: &'static str, settings: Options| {
        Ok((String::from_utf8_lossy(bytes).into_owned(), why, settings))
    };
    let as_text = |why: &'static str| as_text_under(why, Options::new());
    match how {
        ReadAs::Artifact => return as_artifact("raw artifact (--artifact)"),
        ReadAs::Text => return as_text("judge text (--text)"),
        ReadAs::Guess => {}
    }
    // An artifact's folder names its fuzz target: artifacts/<slug>/ is the structured target,
    // artifacts/<slug>_parse/ feeds raw bytes to the parsers as judge text.
    let parent = file
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if parent == game.slug() && file.components().any(|c| c.as_os_str() == "artifacts") {
        return as_artifact("raw artifact of the structured fuzz target");
    }
    if parent == format!("{}_parse", game.slug()) {
        // Under the settings the raw-bytes target judges its inputs with (`Game::raw_options`).
        let copy = bytes.to_vec();
        let Some(settings) = within(watchdog, move || game.raw_options(&copy)) else {
            return Err(Refused::Hang(format!(
                "raw_options hang on {}: no result after {watchdog:?} (watchdog)",
                file.display()
            )));
        };
        return as_text_under("judge text (artifact of the parse target)", settings);
    }
    let accepts = |reference: bool| {
        let (input, options) = (bytes.to_vec(), options.clone());
        let outcome = within(watchdog, move || {
            if reference {
                game.reference(&input, &options)
            } else {
                game.engine(&input, &options)
            }
        });
        matches!(outcome, Some(Outcome::Output(_)))
    };
    if std::str::from_utf8(bytes).is_ok() && (accepts(true) || accepts(false)) {
        return as_text("judge text");
    }
    match as_artifact("raw artifact (it is not a valid judge input)") {
        Err(Refused::Unreadable(_)) => as_text("judge text (neither side accepts it)"),
        other => other,
    }
}
