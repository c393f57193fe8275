//! A disagreement as a person reads it: the input, both outputs, their diff and the first
//! diverging step with its boards ([`Disagreement`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::case::divergence::traces_of;
use crate::harness::run::watchdog;
use crate::harness::write::text::{diff_fitted, Pieces, REPORT_ANSWER_LINES, SCREEN_ANSWER_LINES};
use crate::harness::{
    answers, census_within, compare_with, diff_heading, fits_a_screen, head_and_tail, invocation,
    shell_quote, CensusOutcome, Comparison, Divergence, Side, Subject, Verdict,
};
use crate::picture::Board;

/// A disagreement, ready to be reported.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The game's slug.
    pub slug: &'static str,
    /// What a line of the game's trace stands for ([`DynGame::unit`]: `turn`, `move`, …), as
    /// the report names the first divergence.
    pub unit: &'static str,
    /// The (minimized) judge input.
    pub input: String,
    /// What the two sides said about `input`.
    pub comparison: Comparison,
    /// Where the two per-turn traces of `input` part ways, or why they were not compared.
    pub divergence: Divergence,
    /// Where the case was saved in the corpus, if it was.
    pub saved: Option<PathBuf>,
    /// The command that replays the saved case, as the report prints it
    /// ([`DynGame::replay_command`]); `None`: `repro` of the game and the saved file.
    pub replay: Option<String>,
    /// How the case was found, e.g. `case 17 of seed 42 (case seed 0x…)`.
    pub origin: String,
    /// What kind of failure this is.
    pub verdict: Verdict,
    /// Anything else the reader should know (a census panic's message, a shrink cut short).
    pub notes: Vec<String>,
    /// Whether the game is a problem of programs ([`DynGame::of_programs`]: `stress`): the
    /// report then shows the brute force's and the solution's answers line by line
    /// ([`Disagreement::answer_section`]) and speaks of expected answers.
    pub of_programs: bool,
    /// The boards at the first divergence, where the game draws ([`boards_of`](crate::harness::boards_of)); for an
    /// external solution, the two final boards its answer and the reference's show, or the
    /// reference's final position ([`final_boards`](crate::harness::final_boards)).
    pub boards: Vec<Board>,
    /// Where the whole answers are — the expected one's file and the subject's — when a report
    /// shows them cut ([`Disagreement::report_on_screen`]): the saved finding's `NAME.out` and
    /// `NAME.got`, or files in the temporary folder. `None`: the answers fit a screen, or were
    /// not written.
    pub answer_files: Option<(PathBuf, PathBuf)>,
}

impl Disagreement {
    /// Runs `subject` and the reference on `input` and makes the disagreement of their answers
    /// (see [`Disagreement::from_comparison`]).
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

    /// A disagreement whose comparison has already been run on `input`. The census (where the
    /// answers agree) and the traces are computed here, in-process and unwatched; see
    /// [`Disagreement::from_comparison_watched`] for the one-off commands.
    pub fn from_comparison(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        options: &Options,
        origin: String,
    ) -> Self {
        let text = input.as_bytes();
        Disagreement::assemble(
            game,
            input.clone(),
            comparison,
            origin,
            || game.census(text, options).map_err(|e| (Fault::Panic, e)),
            |comparison| traces_of(game, text, options, comparison),
        )
    }

    /// [`Disagreement::from_comparison`] with the census and the traces under a watchdog: each
    /// must give its result within `limit`, or it is reported as a hang (census code: the verdict
    /// `census hang`; trace code: a note where the first divergence would be). `census` is the
    /// census of `input` if the caller has already run it (it is run here otherwise, when the
    /// answers agree).
    pub fn from_comparison_watched(
        game: &'static dyn DynGame,
        input: String,
        comparison: Comparison,
        census: Option<CensusOutcome>,
        options: &Options,
        origin: String,
        limit: Duration,
    ) -> Self {
        let text = input.clone().into_bytes();
        Disagreement::assemble(
            game,
            input,
            comparison,
            origin,
            || census.unwrap_or_else(|| census_within(game, &text, options, limit)),
            |comparison| {
                let engine = matches!(comparison.subject, Subject::Engine);
                let (text, options, comparison) =
                    (text.clone(), options.clone(), comparison.clone());
                watchdog::within(limit, move || traces_of(game, &text, &options, &comparison))
                    .unwrap_or_else(|| {
                        let divergence = if engine {
                            Divergence::Skipped(format!(
                            "traces not compared: the trace code gave no result after {limit:?} \
                             (watchdog)"
                        ))
                        } else {
                            Divergence::Unavailable
                        };
                        (divergence, Vec::new())
                    })
            },
        )
    }

    /// The disagreement of a comparison: `census` is asked only where the answers agree, and
    /// `traces` only when no side hangs (for the engine: the divergence and its boards; for a
    /// solution: its final boards, [`traces_of`]).
    fn assemble(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        origin: String,
        census: impl FnOnce() -> CensusOutcome,
        traces: impl FnOnce(&Comparison) -> (Divergence, Vec<Board>),
    ) -> Self {
        let mut verdict = comparison.verdict();
        let mut notes: Vec<String> = comparison
            .checker_message()
            .map(|why| format!("checker: {why}"))
            .into_iter()
            .chain(hint_of(&comparison))
            .collect();
        if verdict == Verdict::Agree {
            if let Err((fault, e)) = census() {
                verdict = Verdict::Fault {
                    side: Side::Census,
                    fault,
                };
                notes.push(match fault {
                    Fault::Hang => format!("the census code {e}"),
                    _ => format!("the census {e}"),
                });
            }
        }
        let hangs = matches!(
            verdict,
            Verdict::Fault {
                fault: Fault::Hang,
                ..
            }
        );
        let (divergence, boards) = if hangs {
            (
                Divergence::Skipped("traces not compared: one side hangs".into()),
                Vec::new(),
            )
        } else {
            traces(&comparison)
        };
        Disagreement {
            slug: game.slug(),
            unit: game.unit(),
            input,
            comparison,
            divergence,
            saved: None,
            replay: None,
            origin,
            verdict,
            notes,
            boards,
            of_programs: game.of_programs(),
            answer_files: None,
        }
    }

    /// A finding of `game` whose outcomes were obtained elsewhere (e.g. from child processes, for
    /// a hang), with no trace comparison.
    pub fn from_parts(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        verdict: Verdict,
        origin: String,
        why_no_trace: &str,
    ) -> Self {
        Disagreement {
            slug: game.slug(),
            unit: game.unit(),
            input,
            divergence: Divergence::Skipped(why_no_trace.to_string()),
            saved: None,
            replay: None,
            origin,
            verdict,
            notes: hint_of(&comparison).into_iter().collect(),
            comparison,
            boards: Vec::new(),
            of_programs: game.of_programs(),
            answer_files: None,
        }
    }

    /// The full human-readable report: input, both outputs as a diff, first divergence, replay.
    /// The answers' diff is fitted to [`REPORT_ANSWER_LINES`] lines: a report file (JUnit, a
    /// test's failure) stays readable whatever the answers' size.
    pub fn report(&self) -> String {
        self.render(false, None, REPORT_ANSWER_LINES)
    }

    /// [`Disagreement::report`] with a coloured diff (print it through `anstream`).
    pub fn report_styled(&self) -> String {
        self.render(true, None, REPORT_ANSWER_LINES)
    }

    /// [`Disagreement::report_styled`] for a terminal: an input over a screen
    /// ([`fits_a_screen`]) is shown as its first and last lines ([`head_and_tail`]), pointing to
    /// the saved case, else to `whole` (a file holding the whole input). The reports written to
    /// files (JSON, JUnit, HTML) keep the whole input. The answers are fitted to a screen too
    /// ([`SCREEN_ANSWER_LINES`] lines of their diff, [`diff_fitted`]), followed by where the
    /// whole answers are ([`Disagreement::answer_files`]).
    pub fn report_on_screen(&self, whole: Option<&Path>) -> String {
        self.render(true, self.saved.as_deref().or(whole), SCREEN_ANSWER_LINES)
    }

    /// Whether either answer is over a screen ([`fits_a_screen`]): a report on a screen then
    /// shows them cut, and points to files holding them whole.
    pub fn answers_over_a_screen(&self) -> bool {
        !fits_a_screen(&self.comparison.reference.to_string())
            || !fits_a_screen(&self.comparison.mine.to_string())
    }

    /// How the report compares the two sides' answers: its heading line and its text. For a
    /// problem of programs whose brute force and solution both answered (no interactor), the
    /// answers compared as the checker compares them, line by line or token by token, the first
    /// difference first ([`answers`]); else the line diff of the two outputs
    /// ([`crate::harness::write::text::diff_lines`], `- reference` or, of a problem,
    /// `- expected`). Both mark the characters that differ the
    /// same way, explained in the heading ([`crate::harness::write::text::MARK_LEGEND`]).
    /// `styled` adds colour on top of the same text.
    /// A diff is fitted to `lines` lines ([`diff_fitted`]).
    pub fn answer_section(&self, styled: bool, lines: usize) -> (String, String) {
        answer_section_fitted(&self.comparison, self.of_programs, styled, lines)
    }

    fn render(&self, styled: bool, whole: Option<&Path>, lines: usize) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "FINDING in {}: {} ({})",
            self.slug,
            self.verdict.describe(&self.comparison.subject),
            self.origin
        );
        for note in &self.notes {
            let _ = writeln!(out, "note: {note}");
        }
        let _ = writeln!(out, "--- input ---");
        match whole {
            Some(path) if !fits_a_screen(&self.input) => {
                out.push_str(&head_and_tail(&self.input, path));
            }
            _ => {
                out.push_str(&self.input);
                if !self.input.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        let label = self.comparison.subject.label();
        let (heading, body) = self.answer_section(styled, lines);
        let _ = writeln!(out, "{heading}");
        out.push_str(&body);
        if let Some((expected, got)) = self
            .answer_files
            .as_ref()
            .filter(|_| self.answers_over_a_screen())
        {
            let _ = writeln!(
                out,
                "the whole answers: {} ({}), {} ({})",
                expected.display(),
                if self.of_programs {
                    "expected"
                } else {
                    "the reference's"
                },
                got.display(),
                match self.comparison.subject {
                    Subject::Engine => "the engine's",
                    Subject::Solution { .. } => "the solution's",
                }
            );
        }
        // An external solution has no trace: with no board to draw either (a problem of
        // programs, `stress`), the section would say only that.
        // A problem of programs has no trace at all: whatever the divergence says of traces
        // (cut short, not compared) is a game's word, not the problem's.
        let nothing_to_show = (matches!(self.divergence, Divergence::Unavailable)
            || self.of_programs)
            && self.boards.is_empty();
        if !nothing_to_show {
            let _ = writeln!(out, "--- first divergence ---");
        }
        let unit = self.unit;
        match &self.divergence {
            Divergence::Unavailable if nothing_to_show => {}
            Divergence::None { turns } => {
                let _ = writeln!(
                    out,
                    "the per-{unit} traces agree on all {turns} {unit}(s); only the final answer \
                     differs"
                );
            }
            Divergence::Rejected => {
                let _ = writeln!(
                    out,
                    "an input was rejected, so there are no traces to compare"
                );
            }
            Divergence::Unavailable => {
                let _ = writeln!(out, "an external solution has no per-{unit} trace");
            }
            Divergence::NoTrace => {
                let _ = writeln!(
                    out,
                    "{} gives no per-{unit} trace (the game defines none), so only the final \
                     answers are compared",
                    self.slug
                );
            }
            Divergence::Skipped(why) => {
                let _ = writeln!(out, "{why}");
            }
            Divergence::Turn {
                turn,
                engine,
                reference,
            } => {
                let show = |s: &Option<String>| s.clone().unwrap_or_else(|| "(trace ended)".into());
                let _ = writeln!(out, "{unit} {turn}:");
                let _ = writeln!(out, "  reference: {}", show(reference));
                let _ = writeln!(out, "  engine:    {}", show(engine));
            }
        }
        for board in &self.boards {
            out.push_str(&board.terminal(label, styled));
        }
        if let Some(path) = &self.saved {
            let _ = writeln!(out, "--- saved ---");
            let _ = writeln!(out, "{}", path.display());
            let replay = self.replay.clone().unwrap_or_else(|| {
                format!(
                    "{} repro {} {}{}",
                    invocation(),
                    self.slug,
                    shell_quote(&path.display().to_string()),
                    self.comparison.subject.to_args()
                )
            });
            let _ = writeln!(out, "replay: {replay}");
        }
        out
    }
}

/// The hint a solution's verdict has, if any ([`crate::harness::programs::subject::hint`]), as
/// a note says it.
fn hint_of(comparison: &Comparison) -> Option<String> {
    let command = comparison.subject.command()?;
    crate::harness::programs::subject::hint(command, &comparison.mine).map(|h| format!("hint: {h}"))
}

/// [`Disagreement::answer_section`] of a comparison (`of_programs`: of a problem of programs,
/// as `stress` and `shrink --brute` run them).
///
/// Fitted to a screen ([`SCREEN_ANSWER_LINES`]); [`answer_section_fitted`] to any number of lines.
pub fn answer_section(
    comparison: &Comparison,
    of_programs: bool,
    styled: bool,
) -> (String, String) {
    answer_section_fitted(comparison, of_programs, styled, SCREEN_ANSWER_LINES)
}

/// [`answer_section`], a diff fitted to `lines` lines ([`diff_fitted`]).
pub fn answer_section_fitted(
    comparison: &Comparison,
    of_programs: bool,
    styled: bool,
    lines: usize,
) -> (String, String) {
    let (reference, mine) = (&comparison.reference, &comparison.mine);
    if let (
        true,
        Subject::Solution {
            checker,
            interactor: None,
            ..
        },
        Outcome::Output(expected),
        Outcome::Output(got),
    ) = (of_programs, &comparison.subject, reference, mine)
    {
        let text = answers(
            expected,
            got,
            Pieces::of(checker),
            ("the brute force's", "the solution's"),
            styled,
        );
        let (heading, body) = text.split_once('\n').unwrap_or((&text, ""));
        return (heading.to_string(), body.to_string());
    }
    let body = diff_fitted(&reference.to_string(), &mine.to_string(), styled, lines);
    let minus = if of_programs { "expected" } else { "reference" };
    let heading = diff_heading(minus, comparison.subject.label(), &body);
    (heading, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, Game, Outcome, Trace};
    use crate::harness::run::campaign;
    use crate::harness::write::report;
    use crate::harness::{deep_check, first_divergence, reference_final_board};
    use crate::picture::{Cell, Picture, Tone};

    /// A game whose trace lines are moves: the input is numbers, one per move, the trace the
    /// running total after each, and the engine adds one too many at the third move.
    struct Moves;

    impl Moves {
        fn totals(input: &[u8], slip: bool) -> Vec<String> {
            let mut total = 0u64;
            String::from_utf8_lossy(input)
                .split_whitespace()
                .enumerate()
                .map(|(i, n)| {
                    total += n.parse::<u64>().unwrap_or(0) + u64::from(slip && i == 2);
                    total.to_string()
                })
                .collect()
        }
    }

    impl Game for Moves {
        type Case = u8;
        const SLUG: &'static str = "moves";
        const UNIT: &'static str = "move";
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(format!("{:?}\n", Moves::totals(input, true).last()))
        }
        fn reference(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(format!("{:?}\n", Moves::totals(input, false).last()))
        }
        fn engine_trace(input: &[u8], _: &Options) -> Option<Trace> {
            Some(Ok(Moves::totals(input, true)))
        }
        fn reference_trace(input: &[u8], _: &Options) -> Option<Trace> {
            Some(Ok(Moves::totals(input, false)))
        }
        fn draw(line: &str, _: &[u8], _: &Options) -> Option<Picture> {
            Some(Picture::new(vec![vec![Cell::new(line, Tone::Mark)]], line))
        }
    }

    #[test]
    fn a_finding_names_the_games_unit_not_turn() {
        let game = dyn_game::<Moves>();
        let options = Options::new();
        let input = "1 1 1 1\n";
        let d = Disagreement::new(
            game,
            &Subject::Engine,
            input.into(),
            &options,
            "case 0".into(),
        );
        assert_eq!(d.unit, "move");
        assert!(matches!(d.divergence, Divergence::Turn { turn: 3, .. }));
        let report = d.report();
        assert!(
            report.contains("--- first divergence ---\nmove 3:\n  reference: 3\n  engine:    4\n"),
            "{report}"
        );
        let headings: Vec<&str> = d.boards.iter().map(|b| b.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "move 2 (both sides)",
                "move 3, the first that differs (differing cells in [brackets])"
            ]
        );
        assert_eq!(
            report::divergence_text(&d.divergence, d.unit),
            "move 3: reference `3`, engine `4`"
        );
        // Traces that agree throughout, and the reference's last board of a solution's finding.
        let same = first_divergence(game, b"1 1\n", &options);
        let agreeing = Disagreement {
            divergence: same,
            ..d.clone()
        };
        assert!(
            agreeing.report().contains(
                "the per-move traces agree on all 2 move(s); only the final answer differs"
            ),
            "{}",
            agreeing.report()
        );
        let last = reference_final_board(game, input.as_bytes(), &options);
        assert_eq!(last[0].heading, "the reference's final position (move 4)");
        let deep = deep_check(game, input.as_bytes(), &options).unwrap_err().1;
        assert!(
            deep.starts_with("the traces of moves part at move 3\n"),
            "{deep}"
        );
        // No `turn` anywhere in what the finding says.
        let everything = format!(
            "{report}{}",
            report::json(
                &report::RunInfo::new("check", 1, 1, "engine", campaign::Budget::Cases(1)),
                &[campaign::GameRun {
                    slug: "moves",
                    cases: 1,
                    deep_cases: 0,
                    rejected: 0,
                    first_rejection: None,
                    elapsed: Duration::from_millis(1),
                    running: Duration::from_millis(1),
                    census: crate::harness::write::census::Census::of_game(game),
                    disagreement: Some(d.clone()),
                    finding_case: Some(0),
                    other_findings: Vec::new(),
                    error: None,
                    interrupted: false,
                    notes: Vec::new(),
                }],
            )
        );
        for line in everything.lines() {
            // The JSON's field names stay `turn`; its words say `move`.
            let words = line.replace("\"turn\"", "");
            assert!(!words.contains("turn"), "`turn` in: {line}");
        }
        assert!(everything.contains("\"unit\": \"move\""), "{everything}");
    }
}
