//! The games and their registry. Each game lives in `src/games/<slug>/` and implements
//! [`crate::game::Game`] once; adding a game means adding its module here and one line to
//! [`REGISTRY`]. Nothing in the core (`game.rs`, `settings.rs`, `harness/`) imports this module.

pub mod coin_jump;
pub mod dice_yut;
pub mod othello;
pub mod othello_board;
pub mod stack_game;
pub mod yut_nori;

use crate::game::{DynGame, Registered};

/// Every registered game, in a fixed order (the order `boardfuzz check` runs them).
pub static REGISTRY: &[&dyn DynGame] = &[
    &Registered::<yut_nori::YutNori>::new(),
    &Registered::<stack_game::StackGame>::new(),
    &Registered::<coin_jump::CoinJump>::new(),
    &Registered::<othello::Othello>::new(),
    &Registered::<othello_board::OthelloBoard>::new(),
    &Registered::<dice_yut::DiceYut>::new(),
];

/// Every game boardfuzz knows, in a fixed order.
pub fn all() -> &'static [&'static dyn DynGame] {
    REGISTRY
}

/// The game named by a slug (`yut_nori`) or a problem id (`boj15778`), case-insensitively.
pub fn find(name: &str) -> Option<&'static dyn DynGame> {
    let name = name.to_ascii_lowercase();
    all()
        .iter()
        .copied()
        .find(|g| g.slug() == name || g.problem() == name)
}
