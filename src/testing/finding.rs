//! A failure of the suite as `check` reports one: the first failing case shrunk by the harness's
//! shrink ([`minimize`] for two answers that differ, the game's shrinker for a deep check), shown
//! as a [`Disagreement`] (the input, the diff of the answers, the first divergence), saved in the
//! corpus as `check` saves it, with the command that replays it, in at most a screen.
//!
//! Why: a suite that printed every failing case whole, proptest's raw byte vectors and the trace
//! lines of each ran to 1,393 lines for one planted bug (issue 49); a user reads the first
//! finding, shrunk, and runs the command under it. The others are counted, not shown: the fix
//! of the first usually fixes them, and the suite runs them again.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::game::{DynGame, Options};
use crate::harness::case::verdict::with_census;
use crate::harness::keep::corpus;
use crate::harness::{
    compare, deep_check, first_divergence, fits_a_screen, head_and_tail, minimize, shell_quote,
    DeepKind, Disagreement, Divergence, Subject, Verdict,
};

/// How long the suite shrinks one finding: a case whose candidates take long ends with the
/// smallest failing case so far (`check --time` bounds the same).
const SHRINK_FOR: Duration = Duration::from_secs(30);

/// The most lines a failure of one suite check prints, its header and the command to run
/// included (libtest adds its own few around it).
pub const SCREEN: usize = 50;

/// What failed on a case: its two answers (`None`), or a deep check whose answers agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failed {
    /// The answers differ, or one side gave none.
    Answers,
    /// The answers agree, and this deep check fails.
    Deep(DeepKind),
}

/// One failure the suite found.
pub(crate) struct Finding<'a> {
    /// The suite check, as its test is named: `engine_matches_reference_on_valid_cases`.
    pub check: &'a str,
    /// The first failing case.
    pub input: &'a [u8],
    /// Its settings.
    pub options: &'a Options,
    /// How it was found: `random case 12 of the suite`, `corpus/take_away/x.in`.
    pub origin: String,
    /// What failed on it.
    pub failed: Failed,
    /// How many cases failed so, of how many run (`None`: a property's random case).
    pub count: Option<(usize, usize)>,
}

impl Finding<'_> {
    /// The report: a header naming the check and the count, then `check`'s report of the first
    /// case, shrunk, saved under `root`'s `corpus/<slug>/`, with the command that replays it;
    /// at most [`SCREEN`] lines.
    pub fn report(&self, game: &dyn DynGame, root: &Path) -> String {
        let slug = game.slug();
        let original = String::from_utf8_lossy(self.input).into_owned();
        let shrunk = match std::str::from_utf8(self.input) {
            Ok(text) => self.shrink(game, text),
            // The shrinkers work on text: bytes that are not UTF-8 are shown as they are.
            Err(_) => original.clone(),
        };
        let bytes = if shrunk == original {
            self.input.to_vec()
        } else {
            shrunk.clone().into_bytes()
        };
        let comparison = compare(game, &bytes, self.options);
        let mut d = Disagreement::from_comparison(
            game,
            shrunk.clone(),
            comparison,
            self.options,
            self.origin.clone(),
        );
        // A deep check's failure on answers that agree is its own verdict (where the answers
        // differ too, the report is of the wrong answer, with the first divergence under it).
        if let (Failed::Deep(kind), Verdict::Agree) = (self.failed, d.verdict) {
            d.verdict = Verdict::Deep(kind);
            // The first divergence section shows a trace difference; the others say it here.
            if let (Err((_, why)), false) = (
                deep_check(game, &bytes, self.options),
                kind == DeepKind::Trace,
            ) {
                d.notes.push(why);
            }
        }
        let dir = corpus::dir(&root.join("corpus"), slug);
        let saved = corpus::save(&dir, &bytes, &d.comparison.reference, None, self.options);
        match saved {
            Ok(saved) => {
                let path = relative(saved.path(), root);
                d.replay = Some(format!(
                    "cargo run --release -- repro {slug} {}",
                    shell_quote(&path.display().to_string())
                ));
                if !fits_a_screen(&d.input) {
                    d.input = head_and_tail(&d.input, &path);
                }
                d.saved = Some(path);
            }
            Err(e) => d
                .notes
                .push(format!("could not save the case in {}: {e}", dir.display())),
        }
        let size = |text: &str| format!("{} line(s), {} bytes", text.lines().count(), text.len());
        let on = match self.count {
            Some((failing, of)) => format!("on {failing} of {of} case(s); the first"),
            None => "on a random case; it".into(),
        };
        let shrunk_so = if shrunk == original {
            format!("as small as the shrinker makes it ({})", size(&shrunk))
        } else {
            format!("shrunk from {} to {}", size(&original), size(&shrunk))
        };
        let mut out = format!(
            "{slug}: `{}` failed {on}, {shrunk_so} as `check` shrinks a finding, is saved in \
             the corpus (`corpus_replays` and the checks that read the corpus run it from now \
             on: commit it with the fix):\n",
            self.check,
        );
        out.push_str(&d.report());
        screen(&out, SCREEN)
    }

    /// The smallest case that still fails as this one does: by [`minimize`] (the verdict of the
    /// answers kept, as `check` keeps it), or by the game's shrinker keeping the deep check's
    /// failure (on candidates the reference answers, where it answered the case); within
    /// [`SHRINK_FOR`].
    fn shrink(&self, game: &dyn DynGame, text: &str) -> String {
        let options = self.options;
        let until = Instant::now() + SHRINK_FOR;
        let mut in_time = |_: &str| Instant::now() < until;
        match self.failed {
            Failed::Answers => {
                let first = compare(game, text.as_bytes(), options);
                let verdict = with_census(first.verdict(), game, text.as_bytes(), options);
                let answered = crate::harness::answered(&first.reference);
                let engine = Subject::Engine;
                minimize(
                    game,
                    &engine,
                    text,
                    options,
                    verdict,
                    answered,
                    &mut in_time,
                )
            }
            Failed::Deep(kind) => {
                // Kept: a candidate the reference answers if it answered the case, on which
                // this check fails (the answers may differ too: a bug often shows in both).
                let answered = crate::harness::answered(&game.reference(text.as_bytes(), options));
                let mut fails = |candidate: &str| {
                    in_time(candidate) && {
                        let bytes = candidate.as_bytes();
                        (!answered || crate::harness::answered(&game.reference(bytes, options)))
                            && fails_deep(game, bytes, options, kind)
                    }
                };
                game.shrink(text, &mut fails)
                    .unwrap_or_else(|| text.to_string())
            }
        }
    }
}

/// Whether the deep check `kind` fails on `input`: the traces part (or one cannot be computed),
/// the two censuses differ (or one fails), the engine's self-check fails.
fn fails_deep(game: &dyn DynGame, input: &[u8], options: &Options, kind: DeepKind) -> bool {
    match kind {
        DeepKind::Trace => matches!(
            first_divergence(game, input, options),
            Divergence::Turn { .. } | Divergence::Skipped(_)
        ),
        DeepKind::Census => game
            .reference_census(input, options)
            .is_some_and(|literal| literal != game.census(input, options)),
        DeepKind::SelfCheck => game.self_check(input, options).is_err(),
    }
}

/// `path` as seen from the crate's root, where `cargo run` runs (or whole, outside it).
fn relative(path: &Path, root: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// `text` in at most `most` lines: the first lines and the last few (the saved case and the
/// command that replays it), with a line saying how many are left out between them.
pub(crate) fn screen(text: &str, most: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= most {
        return text.to_string();
    }
    let tail = 4.min(most / 2);
    let head = most - tail - 1;
    let mut out = lines[..head].join("\n");
    out.push_str(&format!(
        "\n… {} line(s) not shown: the command below shows the case whole\n",
        lines.len() - head - tail
    ));
    out.push_str(&lines[lines.len() - tail..].join("\n"));
    out.push('\n');
    out
}
