//! The bodies of the fuzz targets, so each file in `fuzz/fuzz_targets/` is a few lines of glue
//! and the same checks run under libFuzzer, under `cargo test` and from the command line.
//!
//! Two kinds of target per game:
//! - `<slug>`: structure-aware, the input decodes (via `arbitrary`) to a valid case, which is
//!   rendered to judge text and run through engine and reference; any difference panics with the
//!   full report.
//! - `<slug>_parse`: raw bytes straight into both readers; they must agree (same output, or the
//!   same error class at the same line) and neither may panic.

use arbitrary::Unstructured;

use crate::game::{self, Game, Options, Registered};
use crate::harness::agreement;

/// The scope draw of a structured case: a hash of *all* the input's bytes (FNV-1a, then a final
/// mix), taken before anything is decoded. A case type that has a small and a large scope decodes
/// the large one when `scope_draw(u) % ONE_IN == ONE_IN - 1`, one input in `ONE_IN` for uniform
/// bytes, and so do the generators that decode random bytes for the campaign.
///
/// Why not one scope byte: libFuzzer keeps the inputs that reach new coverage and mutates a byte
/// or two at a time. Large cases reach more coverage, so with a scope byte the corpus fills up
/// with large cases whose mutants stay large (stack_game, one large case in 32 by its byte: after
/// 30 s two thirds of the corpus and 95% of the reference's time were large cases, at 2,254
/// cases a second). With the hash, every mutation that changes the bytes draws the scope afresh:
/// whatever the corpus holds, about one executed case in `ONE_IN` is large, and a large case's
/// large mutants are still small edits of it.
pub fn scope_draw(u: &Unstructured<'_>) -> u32 {
    let bytes = u.peek_bytes(u.len()).unwrap_or_default();
    let mut h = bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    // MurmurHash3's finalizer: every input bit reaches the low bits the scope tests use.
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ h >> 16
}

/// Structured differential check of one case, under the settings the case asks for
/// ([`Game::case_options`]: the judge's rules unless a small scope needs e.g. a shorter turn
/// limit).
pub fn diff_case<G: Game>(case: &G::Case) {
    let text = G::render(case);
    check(
        &Registered::<G>::new(),
        text.as_bytes(),
        &G::case_options(case),
        "structured fuzz input",
    );
}

/// Raw-bytes check: both implementations must answer these bytes alike. For a game whose literal
/// reference is too slow to answer every valid raw input at fuzzing speed (dice_yut), both readers
/// must read them alike instead ([`Game::engine_reader`]); the answers of valid inputs are the
/// structured target's.
pub fn parse_agree(slug: &str, bytes: &[u8]) {
    let game = crate::games::find(slug).expect("fuzz target names a registered game");
    let options = Options::new();
    if let Some((engine, reference)) = game.readers(bytes, &options) {
        if !engine.agrees_with(&reference) {
            panic!(
                "the readers of {slug} disagree on raw fuzz input {:?}\n--- engine's reader ---\n{engine}--- reference's reader ---\n{reference}",
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
