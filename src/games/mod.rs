//! The six games boardfuzz ships, behind the default feature `games` (a crate of a user's own
//! game builds without them, and without the reference crate). Each lives in
//! `src/games/<slug>/` and implements [`crate::game::Game`] once; adding a game means adding its
//! module here and one line to [`builtin`]. Nothing in the core (`game.rs`, `settings.rs`,
//! `draw.rs`, `harness/`, `cli/`) imports this module: the binary hands [`builtin`] to the
//! command line.

pub mod coin_jump;
pub mod dice_yut;
pub mod othello;
pub mod othello_board;
pub mod stack_game;
pub mod yut_nori;

use crate::game::Games;

/// The six games boardfuzz ships, in the order `boardfuzz check` runs them: the list the
/// `boardfuzz` binary serves (`boardfuzz::cli::main(boardfuzz::games::builtin())`).
pub fn builtin() -> Games {
    crate::games![
        yut_nori::YutNori,
        stack_game::StackGame,
        coin_jump::CoinJump,
        othello::Othello,
        othello_board::OthelloBoard,
        dice_yut::DiceYut,
    ]
}

impl From<boardfuzz_reference::InputError> for crate::game::Rejection {
    fn from(e: boardfuzz_reference::InputError) -> Self {
        crate::game::Rejection::new(e.class, e.line, e.message)
    }
}
