//! The games. Each lives in `src/games/<slug>/` and implements [`crate::game::Game`] once; adding a
//! game means adding its module here and one line to [`REGISTRY`].

pub mod coin_jump;
pub mod stack_game;
pub mod yut_nori;

use crate::game::{DynGame, Registered};

/// Every registered game, in a fixed order (the order `boardfuzz check` runs them).
pub static REGISTRY: &[&dyn DynGame] = &[
    &Registered::<yut_nori::YutNori>::new(),
    &Registered::<stack_game::StackGame>::new(),
    &Registered::<coin_jump::CoinJump>::new(),
];
