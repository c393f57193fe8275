//! The harness: comparing the two implementations of a game on one input, finding the first turn
//! where their traces part ways, and writing the human-readable report of a disagreement.
//!
//! [`campaign`] runs many random cases, [`corpus`] keeps the regression corpus, [`census`] counts
//! edge-case tags. Everything here works on any [`DynGame`]; nothing is game-specific.

pub mod campaign;
pub mod census;
pub mod corpus;
pub mod subject;

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::game::{DynGame, Options, Outcome};
pub use subject::Subject;

/// What the subject (normally the engine) and the reference said about one input.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub subject: Subject,
    pub mine: Outcome,
    pub reference: Outcome,
}

impl Comparison {
    pub fn agrees(&self) -> bool {
        !self.subject.disagrees(&self.mine, &self.reference)
    }
}

/// Runs the engine and the reference on one input.
pub fn compare(game: &dyn DynGame, input: &[u8], options: &Options) -> Comparison {
    compare_with(game, &Subject::Engine, input, options)
}

/// Runs a subject and the reference on one input.
pub fn compare_with(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
) -> Comparison {
    Comparison {
        subject: subject.clone(),
        mine: subject.run(game, input, options),
        reference: game.reference(input, options),
    }
}

/// Runs the engine and the reference on `input`; a disagreement comes back ready to report
/// (its comparison is the one of the raw bytes, even when they are not UTF-8).
pub fn agreement(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    origin: &str,
) -> Result<(), Box<Disagreement>> {
    let comparison = compare(game, input, options);
    if comparison.agrees() {
        return Ok(());
    }
    Err(Box::new(Disagreement::from_comparison(
        game,
        String::from_utf8_lossy(input).into_owned(),
        comparison,
        options,
        origin.to_string(),
    )))
}

/// Where two traces part ways.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Divergence {
    /// Both traces agree on every turn (the outputs may still differ).
    None { turns: usize },
    /// Turn `turn` (1-based) is the first whose state lines differ; `None` means that side's trace
    /// had already ended.
    Turn {
        turn: usize,
        engine: Option<String>,
        reference: Option<String>,
    },
    /// At least one side rejected the input, so there are no traces to compare.
    Rejected,
    /// The subject is an external solution, which has no trace.
    Unavailable,
}

/// Compares the per-turn traces of both implementations.
pub fn first_divergence(game: &dyn DynGame, input: &[u8], options: &Options) -> Divergence {
    let (Ok(engine), Ok(reference)) = (
        game.engine_trace(input, options),
        game.reference_trace(input, options),
    ) else {
        return Divergence::Rejected;
    };
    let turns = engine.len().max(reference.len());
    for turn in 0..turns {
        let (e, r) = (engine.get(turn), reference.get(turn));
        if e != r {
            return Divergence::Turn {
                turn: turn + 1,
                engine: e.cloned(),
                reference: r.cloned(),
            };
        }
    }
    Divergence::None { turns }
}

/// A disagreement, ready to be reported.
#[derive(Debug, Clone)]
pub struct Disagreement {
    pub slug: &'static str,
    /// The (minimized) judge input.
    pub input: String,
    pub comparison: Comparison,
    pub divergence: Divergence,
    /// Where the case was saved in the corpus, if it was.
    pub saved: Option<PathBuf>,
    /// How the case was found, e.g. `case 17 of seed 42 (case seed 0x…)`.
    pub origin: String,
}

impl Disagreement {
    pub fn new(
        game: &dyn DynGame,
        subject: &Subject,
        input: String,
        options: &Options,
        origin: String,
    ) -> Self {
        let comparison = compare_with(game, subject, input.as_bytes(), options);
        Disagreement::from_comparison(game, input, comparison, options, origin)
    }

    /// A disagreement whose comparison has already been run on `input`.
    pub fn from_comparison(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        options: &Options,
        origin: String,
    ) -> Self {
        let divergence = match comparison.subject {
            Subject::Engine => first_divergence(game, input.as_bytes(), options),
            Subject::Solution { .. } => Divergence::Unavailable,
        };
        Disagreement {
            slug: game.slug(),
            input,
            comparison,
            divergence,
            saved: None,
            origin,
        }
    }

    /// The full human-readable report: input, both outputs as a diff, first divergence, replay.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "DISAGREEMENT in {} ({})", self.slug, self.origin);
        let _ = writeln!(out, "--- input ---");
        out.push_str(&self.input);
        if !self.input.ends_with('\n') {
            out.push('\n');
        }
        let label = self.comparison.subject.label();
        let _ = writeln!(
            out,
            "--- output diff (- reference, + {label}, two spaces = both) ---"
        );
        out.push_str(&diff_lines(
            &self.comparison.reference.to_string(),
            &self.comparison.mine.to_string(),
        ));
        let _ = writeln!(out, "--- first divergence ---");
        match &self.divergence {
            Divergence::None { turns } => {
                let _ = writeln!(
                    out,
                    "the per-turn traces agree on all {turns} turn(s); only the final answer differs"
                );
            }
            Divergence::Rejected => {
                let _ = writeln!(
                    out,
                    "an input was rejected, so there are no traces to compare"
                );
            }
            Divergence::Unavailable => {
                let _ = writeln!(out, "an external solution has no per-turn trace");
            }
            Divergence::Turn {
                turn,
                engine,
                reference,
            } => {
                let show = |s: &Option<String>| s.clone().unwrap_or_else(|| "(trace ended)".into());
                let _ = writeln!(out, "turn {turn}:");
                let _ = writeln!(out, "  reference: {}", show(reference));
                let _ = writeln!(out, "  engine:    {}", show(engine));
            }
        }
        if let Some(path) = &self.saved {
            let _ = writeln!(out, "--- saved ---");
            let _ = writeln!(out, "{}", path.display());
            let _ = writeln!(
                out,
                "replay: boardfuzz repro {} {}",
                self.slug,
                path.display()
            );
        }
        out
    }
}

/// A line-by-line diff of two texts: `  ` both, `- ` only in `left`, `+ ` only in `right`.
/// Positional (line i against line i), which suits fixed-layout judge outputs.
pub fn diff_lines(left: &str, right: &str) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let mut out = String::new();
    for i in 0..l.len().max(r.len()) {
        match (l.get(i), r.get(i)) {
            (Some(a), Some(b)) if a == b => {
                let _ = writeln!(out, "  {a}");
            }
            (a, b) => {
                if let Some(a) = a {
                    let _ = writeln!(out, "- {a}");
                }
                if let Some(b) = b {
                    let _ = writeln!(out, "+ {b}");
                }
            }
        }
    }
    if left.ends_with('\n') != right.ends_with('\n') {
        let _ = writeln!(out, "(the two differ in the final newline)");
    }
    out
}

/// Shrinks a failing input structurally to a local minimum (any input on which the subject
/// disagrees with the reference). Returns the input unchanged if it cannot be parsed as a case
/// of this game.
pub fn minimize(game: &dyn DynGame, subject: &Subject, input: &str, options: &Options) -> String {
    let mut fails = |text: &str| !compare_with(game, subject, text.as_bytes(), options).agrees();
    game.shrink(input, &mut fails)
        .unwrap_or_else(|| input.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_changed_lines() {
        let d = diff_lines("a\nb\nc\n", "a\nx\n");
        assert_eq!(d, "  a\n- b\n+ x\n- c\n");
    }
}
