//! The bodies of the fuzz targets, so each file in `fuzz/fuzz_targets/` is a few lines of glue
//! and the same checks run under libFuzzer, under `cargo test` and from the command line.
//!
//! Two kinds of target per game:
//! - `<slug>`: structure-aware, the input decodes (via `arbitrary`) to a valid case, which is
//!   rendered to judge text and run through engine and reference; any difference panics with the
//!   full report.
//! - `<slug>_parse`: raw bytes straight into both readers; they must agree (same output, or the
//!   same error class at the same line) and neither may panic.

use crate::draw::hash64;
use crate::game::{self, DynGame, Game, Options, Registered};
use crate::harness::agreement;

/// The structured fuzz target of game `G` on raw libFuzzer bytes: decoded exactly as
/// `libfuzzer_sys::fuzz_target!` decodes a typed input ([`game::DynGame::decode_fuzz_case`],
/// which also gives the settings the case is judged under, [`Game::case_options`]; bytes that do
/// not decode are skipped), rendered once; the answers must agree, and on one input in
/// [`Game::DEEP_ONE_IN`] the traces, census and self-checks too ([`deep_check`]). The kept-seed
/// replay (`tests/common/fuzz_seeds.rs`) runs the same steps.
pub fn diff_fuzz_bytes<G: Game>(bytes: &[u8]) {
    let game = Registered::<G>::new();
    let Ok((text, options)) = game.decode_fuzz_case(bytes) else {
        return;
    };
    check(&game, text.as_bytes(), &options, "structured fuzz input");
    if deep(&game, bytes, text.as_bytes()) {
        if let Err(why) = deep_check(&game, text.as_bytes(), &options) {
            panic!("{why}\n--- input ---\n{text}");
        }
    }
}

/// Whether the structured target of `game` runs [`deep_check`] on raw fuzz bytes `bytes`, whose
/// case has judge text `text`: one input in [`Game::DEEP_ONE_IN`] by the high half of
/// [`hash64`] of the bytes (the low half draws the scopes), if the text has at most
/// [`Game::DEEP_MAX_TEXT`] bytes. Drawn from the raw bytes, not the text: libFuzzer's inputs
/// grow to 4 KiB while a small case reads a few dozen bytes, so most mutations leave the text as
/// it was, and a deep case drawn from its text would stay deep through them (measured: deep
/// checks took a quarter of coin_jump's time at one in 1024).
pub fn deep(game: &dyn game::DynGame, bytes: &[u8], text: &[u8]) -> bool {
    let (one_in, max_text) = game.deep_share();
    text.len() <= max_text && (hash64(bytes) >> 32) as u32 % one_in == 0
}

/// The engine's per-turn trace equals the reference's, so does its census where the reference
/// computes one, and the engine passes its own consistency checks ([`Game::self_check`]);
/// otherwise the first difference, described.
pub fn deep_check(game: &dyn game::DynGame, input: &[u8], options: &Options) -> Result<(), String> {
    crate::harness::deep_check(game, input, options).map_err(|(_, why)| why)
}

/// Raw-bytes check: both implementations must answer these bytes alike. For a game whose literal
/// reference is too slow to answer every valid raw input at fuzzing speed (dice_yut, large
/// coin_jump boards), both readers must read them alike instead ([`Game::engine_reader`]); the
/// answers of valid inputs are the structured target's.
///
/// Generic over the game so that a fuzz target links only its own game's code: libFuzzer pays
/// for every instrumented edge of the binary on every run (the registry links all six games,
/// 18,545 counters against 7,582 for one).
pub fn parse_agree<G: Game>(bytes: &[u8]) {
    parse_agree_dyn(&Registered::<G>::new(), bytes);
}

/// [`parse_agree`] on the object-safe view of a game (the suite replays kept seeds with it).
pub fn parse_agree_dyn(game: &dyn game::DynGame, bytes: &[u8]) {
    let options = game.raw_options(bytes);
    if let Some((engine, reference)) = game.readers(bytes, &options) {
        if !engine.agrees_with(&reference) {
            panic!(
                "the readers of {} disagree on raw fuzz input {:?}\n--- engine's reader ---\n{engine}--- reference's reader ---\n{reference}",
                game.slug(),
                String::from_utf8_lossy(bytes)
            );
        }
        return;
    }
    check(game, bytes, &options, "raw fuzz input");
}

fn check(game: &dyn game::DynGame, input: &[u8], options: &Options, origin: &str) {
    if let Err(d) = agreement(game, input, options, origin) {
        panic!("{}", d.report());
    }
}
