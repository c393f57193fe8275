//! The harness: everything that runs a game's two sides and says what it found. Its parts, in
//! the order a run uses them (`ARCHITECTURE.md` draws the whole):
//!
//! - [`case`]: one input through both sides: the [`Verdict`], [`compare`], the deep checks and
//!   the first [`Divergence`] of two traces; bounded reading of judge text.
//! - [`shrink`]: a failing input made smaller ([`minimize_watched`]), a file of the user's own,
//!   the shape a generator's inputs keep.
//! - [`programs`]: the external programs a run drives: one process under a deadline, the
//!   [`Subject`] under test, toolchains, a problem made of programs, checkers, child processes.
//! - [`run`]: a campaign of many cases ([`run::campaign`], `Plan` → `run`), its finding's shrink
//!   ([`run::found`]; a hang's, in child processes, [`run::hang`]), the `stress` plan
//!   ([`run::stress`]), progress, Ctrl-C, the watchdogs.
//! - [`keep`]: the regression corpus and the merge of shards' reports.
//! - [`write`](mod@write): what a person or a machine reads: the [`Disagreement`], diffs, the census, the
//!   JSON, JUnit and HTML reports, the commands a finding prints.
//!
//! Everything here works on any [`DynGame`](crate::game::DynGame); nothing is game-specific, and
//! nothing below (the core: `game`, `settings`, `picture`, …) reads anything of it. The names
//! most callers reach are re-exported here.

pub mod case;
pub mod keep;
pub mod programs;
pub mod run;
pub mod shrink;
pub mod write;

pub use crate::picture::Board;
pub use case::compare::{
    agreement, compare, compare_watched, compare_with, deep_check, Comparison,
};
pub use case::divergence::{
    boards_of, final_boards, first_divergence, first_divergence_drawn, reference_final_board,
    Divergence,
};
pub use case::verdict::{
    answered, census_within, verdict_of, CensusOutcome, DeepKind, Side, Verdict,
};
pub use programs::subject::Subject;
pub use shrink::minimize::{
    minimize, minimize_watched, minimize_watched_with, OnBest, OnTry, Shrinker, Shrunk,
};
pub use write::command::{invocation, program, set_invocation, set_program, shell_quote};
pub use write::disagreement::Disagreement;
pub use write::text::{
    answers, diff_heading, diff_lines, diff_styled, fits_a_screen, head_and_tail, HEAD_LINES,
    SCREEN_BYTES, SCREEN_LINES, SHOWN_LINE_BYTES, TAIL_LINES,
};
