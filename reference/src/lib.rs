//! Literal reference implementations of the boardfuzz games.
//!
//! Each module reads the judge's input text and writes the judge's output text by following the
//! rules (`docs/rules/<slug>.md`, in the project's own words) rule by rule: named positions, plain
//! lists, explicit loops, one function per rule. They are slow on purpose and obvious on purpose;
//! the optimized engines in the root crate are checked against them.
//!
//! This crate uses `std` only and never depends on the root `boardfuzz` crate. How input text is
//! read, and which error a bad input gets, is fixed by `docs/judge-text.md`; this crate implements
//! that contract on its own.

pub mod coin_jump;
pub mod dice_yut;
pub mod judge_text;
pub mod othello;
pub mod othello_board;
pub mod stack_game;
pub mod yut_nori;

use std::fmt;

/// Why an input was rejected: the error class and line fixed by `docs/judge-text.md`, plus a
/// message for humans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// One of `not-utf8`, `truncated`, `malformed`, `out-of-range`, `trailing`, `invalid`.
    pub class: &'static str,
    /// The 1-based input line the error is reported at.
    pub line: usize,
    /// A human-readable explanation.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.class, self.message)
    }
}

impl std::error::Error for InputError {}
