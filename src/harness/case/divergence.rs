//! Where two traces part ways: the first diverging step of a disagreement ([`Divergence`]) and
//! the boards both sides show there.

use crate::game::{DynGame, Options, Outcome};
use crate::harness::{Comparison, Subject};
use crate::picture::{Board, Picture};

/// Where two traces part ways. A line of a trace is one turn of the game, or what the game's
/// [`DynGame::unit`] names instead (a move, a step): the reports say that word; the names here
/// say `turn` for every game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Divergence {
    /// Both traces agree on every turn (the outputs may still differ).
    None {
        /// The number of turns of the traces (both have the same).
        turns: usize,
    },
    /// Turn `turn` (1-based) is the first whose state lines differ; `None` means that side's trace
    /// had already ended.
    Turn {
        /// The 1-based turn (line of the trace).
        turn: usize,
        /// The engine's state line of that turn.
        engine: Option<String>,
        /// The reference's state line of that turn.
        reference: Option<String>,
    },
    /// At least one side rejected the input, so there are no traces to compare.
    Rejected,
    /// The subject is an external solution, which has no trace.
    Unavailable,
    /// The game gives no per-turn trace ([`crate::game::Game::engine_trace`] left at its
    /// default), so only final answers are compared.
    NoTrace,
    /// Traces were not compared (e.g. a side hangs), or computing one failed; the reason.
    Skipped(String),
}

/// Compares the per-turn traces of both implementations.
pub fn first_divergence(game: &dyn DynGame, input: &[u8], options: &Options) -> Divergence {
    match both_traces(game, input, options) {
        Ok((engine, reference)) => divergence_of(&engine, &reference),
        Err(why) => why,
    }
}

/// [`first_divergence`], with the boards a report draws of it ([`boards_of`]).
pub fn first_divergence_drawn(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> (Divergence, Vec<Board>) {
    match both_traces(game, input, options) {
        Ok((engine, reference)) => {
            let divergence = divergence_of(&engine, &reference);
            let boards = boards_of(game, input, options, &divergence, &engine, &reference);
            (divergence, boards)
        }
        Err(why) => (why, Vec::new()),
    }
}

/// Both sides' traces (engine, reference), or why there are none to compare.
fn both_traces(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> Result<(Vec<String>, Vec<String>), Divergence> {
    let (Some(engine), Some(reference)) = (
        game.engine_trace(input, options),
        game.reference_trace(input, options),
    ) else {
        return Err(Divergence::NoTrace);
    };
    for (side, trace) in [("engine", &engine), ("reference", &reference)] {
        if let Err(Outcome::Failed { fault, message }) = trace {
            return Err(Divergence::Skipped(format!(
                "the {side}'s trace failed: {fault}: {message}"
            )));
        }
    }
    match (engine, reference) {
        (Ok(engine), Ok(reference)) => Ok((engine, reference)),
        _ => Err(Divergence::Rejected),
    }
}

/// Where two traces part.
fn divergence_of(engine: &[String], reference: &[String]) -> Divergence {
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

/// The boards a report shows of a divergence, where the game draws ([`DynGame::draw`]): at the
/// first turn that differs, both sides' pictures, after the turn before it (both sides agree
/// there, one picture); a side whose trace has already ended is drawn at its last turn. When the
/// traces agree throughout, the last turn. Empty when the game draws nothing.
pub fn boards_of(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    divergence: &Divergence,
    engine: &[String],
    reference: &[String],
) -> Vec<Board> {
    let draw = |line: &str| game.draw(line, input, options);
    let unit = game.unit();
    let mut boards = Vec::new();
    match divergence {
        Divergence::Turn { turn, .. } => {
            let turn = *turn;
            if turn >= 2 {
                if let Some(before) = reference.get(turn - 2).and_then(|l| draw(l)) {
                    boards.push(Board {
                        heading: format!("{unit} {} (both sides)", turn - 1),
                        reference: before,
                        subject: None,
                    });
                }
            }
            let at = |trace: &[String]| -> (Option<Picture>, bool) {
                match trace.get(turn - 1) {
                    Some(line) => (draw(line), false),
                    None => (trace.last().and_then(|l| draw(l)), true),
                }
            };
            let ((r, r_ended), (e, e_ended)) = (at(reference), at(engine));
            if let (Some(r), Some(e)) = (r, e) {
                let ended = |side: &str, yes: bool, trace: &[String]| {
                    if yes {
                        format!("; the {side}'s trace ended at {unit} {}", trace.len())
                    } else {
                        String::new()
                    }
                };
                boards.push(Board {
                    heading: format!(
                        "{unit} {turn}, the first that differs (differing cells in [brackets]{}{})",
                        ended("reference", r_ended, reference),
                        ended("engine", e_ended, engine)
                    ),
                    reference: r,
                    subject: Some(e),
                });
            }
        }
        Divergence::None { turns } if *turns > 0 => {
            if let Some(last) = reference.last().and_then(|l| draw(l)) {
                boards.push(Board {
                    heading: format!("{unit} {turns}, the last (both sides)"),
                    reference: last,
                    subject: None,
                });
            }
        }
        _ => {}
    }
    boards
}

/// The reference's final board (the last line of its trace, drawn), for a finding of a subject
/// that has no trace (an external solution) whose answer the game does not draw.
pub fn reference_final_board(game: &dyn DynGame, input: &[u8], options: &Options) -> Vec<Board> {
    let Some(Ok(trace)) = game.reference_trace(input, options) else {
        return Vec::new();
    };
    trace
        .last()
        .and_then(|line| game.draw(line, input, options))
        .map(|picture| Board {
            heading: format!(
                "the reference's final position ({} {})",
                game.unit(),
                trace.len()
            ),
            reference: picture,
            subject: None,
        })
        .into_iter()
        .collect()
}

/// The heading of the board [`final_boards`] draws from the two answers.
const OUTPUT_BOARDS: &str =
    "the final boards as the two outputs show them (differing cells in [brackets])";

/// The boards of a finding of a subject that has no trace (an external solution): where both
/// sides answered, differently, and the game draws both answers ([`DynGame::draw_output`]: the
/// answer is a board), one [`Board`] of the reference's answer beside the subject's, the
/// differing cells marked; otherwise the reference's final position alone
/// ([`reference_final_board`]).
pub fn final_boards(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    comparison: &Comparison,
) -> Vec<Board> {
    if let (Outcome::Output(mine), Outcome::Output(reference)) =
        (&comparison.mine, &comparison.reference)
    {
        let draw = |text: &str| game.draw_output(text, input, options);
        if mine != reference {
            if let (Some(reference), Some(mine)) = (draw(reference), draw(mine)) {
                return vec![Board {
                    heading: OUTPUT_BOARDS.to_string(),
                    reference,
                    subject: Some(mine),
                }];
            }
        }
    }
    reference_final_board(game, input, options)
}

/// What a finding shows of the traces: for the engine, the first divergence and its boards
/// ([`first_divergence_drawn`]); for a solution, which has no trace, its final boards
/// ([`final_boards`]).
pub(crate) fn traces_of(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    comparison: &Comparison,
) -> (Divergence, Vec<Board>) {
    match comparison.subject {
        Subject::Engine => first_divergence_drawn(game, input, options),
        Subject::Solution { .. } => (
            Divergence::Unavailable,
            final_boards(game, input, options, comparison),
        ),
    }
}
