//! The games and their registry. Each game lives in `src/games/<slug>/` and implements
//! [`crate::game::Game`] once; adding a game means adding its module here and one line to
//! [`REGISTRY`]. Nothing in the core (`game.rs`, `settings.rs`, `harness/`) imports this module.

pub mod coin_jump;
pub mod dice_yut;
pub mod othello;
pub mod othello_board;
pub mod stack_game;
pub mod yut_nori;

use std::sync::OnceLock;

use crate::game::{DynGame, Registered};
use crate::harness::planted::{self, Planted};

/// Every registered game, in a fixed order (the order `boardfuzz check` runs them).
pub static REGISTRY: &[&dyn DynGame] = &[
    &Registered::<yut_nori::YutNori>::new(),
    &Registered::<stack_game::StackGame>::new(),
    &Registered::<coin_jump::CoinJump>::new(),
    &Registered::<othello::Othello>::new(),
    &Registered::<othello_board::OthelloBoard>::new(),
    &Registered::<dice_yut::DiceYut>::new(),
];

/// Every game boardfuzz knows, in a fixed order. With `BOARDFUZZ_PLANT` set, each wrapped with
/// that planted fault ([`crate::harness::planted`], for testing the checker itself).
pub fn all() -> &'static [&'static dyn DynGame] {
    static PLANTED: OnceLock<Option<Vec<&'static dyn DynGame>>> = OnceLock::new();
    let planted = PLANTED.get_or_init(|| {
        let (plant, byte) = planted::from_env()?;
        let wrap = |inner: &'static dyn DynGame| -> &'static dyn DynGame {
            Box::leak(Box::new(Planted { inner, plant, byte }))
        };
        Some(REGISTRY.iter().map(|g| wrap(*g)).collect())
    });
    planted.as_deref().unwrap_or(REGISTRY)
}

/// The game named by a slug (`yut_nori`) or a problem id (`boj15778`), case-insensitively.
pub fn find(name: &str) -> Option<&'static dyn DynGame> {
    let name = name.to_ascii_lowercase();
    all()
        .iter()
        .copied()
        .find(|g| g.slug() == name || g.problem() == name)
}
