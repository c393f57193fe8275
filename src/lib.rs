#![warn(missing_docs)]
//! boardfuzz: a differential fuzzing and verification harness for board-game engines.
//!
//! Every game has an optimized engine (here, in the module `games`, behind the default feature
//! `games`) and a literal reference (the `boardfuzz-reference` crate, which never depends on
//! this one). Both read the judge's input text and write its output text, following
//! `docs/judge-text.md`. The [`harness`] generates valid cases, runs both sides, shrinks any
//! disagreement to a local minimum and keeps it in the regression corpus (`corpus/<slug>/`).
//! Fuzz targets, property tests, corpus replay and the CLI all reach a game through one
//! abstraction, [`game::DynGame`].

pub mod cli;
pub mod draw;
pub mod fuzzing;
pub mod game;
#[cfg(feature = "games")]
pub mod games;
pub mod guard;
pub mod harness;
pub mod judge;
pub mod picture;
pub mod rng;
pub mod settings;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text_shrink;
