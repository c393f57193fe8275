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

use crate::game::{self, DynGame, Game, Options, Registered};
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
    hash(u.peek_bytes(u.len()).unwrap_or_default())
}

/// A hash of all of `bytes`, read eight at a time (FNV-1a's step on 64-bit words, the length
/// mixed in, then MurmurHash3's 64-bit finalizer, so that every input bit reaches the low bits
/// the shares test). What picks a share of fuzz inputs deterministically (the same input always
/// takes the same path, so libFuzzer's coverage of it is stable): the scopes, the deep checks
/// (the low bits), othello's strict share (bits 16 and up). Word by word because it runs on every
/// fuzz input, and libFuzzer's inputs grow to 4 KiB: byte by byte, with the fuzz build's
/// comparison tracing on every loop step, hashing took a long input some 20 µs and halved the
/// structured targets' speed over a minute's run.
pub fn hash(bytes: &[u8]) -> u32 {
    hash64(bytes) as u32
}

/// [`hash`] before it is cut to 32 bits; the high half is independent of the low half (the
/// finalizer mixes every bit into both), so a share drawn from it is independent of the scopes.
pub fn hash64(bytes: &[u8]) -> u64 {
    let step = |h: u64, word: u64| (h ^ word).wrapping_mul(0x0000_0100_0000_01b3);
    let mut words = bytes.chunks_exact(8);
    let mut h = (&mut words).fold(0xcbf2_9ce4_8422_2325_u64 ^ bytes.len() as u64, |h, w| {
        step(h, u64::from_le_bytes(w.try_into().expect("eight bytes")))
    });
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    h = step(h, u64::from_le_bytes(last));
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ h >> 33
}

/// The default share of structured fuzz cases ([`Game::DEEP_ONE_IN`]) that also have their
/// per-turn traces and census compared (engine against reference) and the engine's self-checks
/// run ([`deep_check`]). Chosen by a hash of the raw input ([`deep`]), so the same input always
/// takes the same path (libFuzzer's coverage of it is stable) and every mutation draws afresh:
/// whatever the corpus keeps, about one executed input in this many is deep. Why so few: a deep
/// check costs 4–6 times the answers on the kept seeds (traces replay every turn as text), and
/// the structured targets run close to their 20,000 exec/s goal; one in 64 costs under 10% and
/// still runs the trace, census and self-check code
/// some 20,000 times a minute, so libFuzzer keeps the inputs that reach new lines of it. Games
/// whose literal trace or census costs far more take a smaller share (coin_jump, dice_yut).
pub const DEEP_ONE_IN: u32 = 64;

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
    match crate::harness::first_divergence(game, input, options) {
        crate::harness::Divergence::Turn {
            turn,
            engine,
            reference,
        } => {
            let show = |line: Option<String>| line.unwrap_or_else(|| "(trace ended)".into());
            return Err(format!(
                "the traces of {} part at turn {turn}\nengine:    {}\nreference: {}",
                game.slug(),
                show(engine),
                show(reference)
            ));
        }
        crate::harness::Divergence::Skipped(why) => {
            return Err(format!("{}: {why}", game.slug()));
        }
        _ => {}
    }
    if let Some(literal) = game.reference_census(input, options) {
        let engine = game.census(input, options)?;
        let literal = literal?;
        if engine != literal {
            let names = |bits| game::tag_names(game.tags(), bits).join(" ");
            return Err(format!(
                "the census of {} differs\nengine:    {}\nreference: {}",
                game.slug(),
                names(engine),
                names(literal)
            ));
        }
    }
    game.self_check(input, options)
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
    raw(&Registered::<G>::new(), bytes);
}

/// [`parse_agree`] for the game registered as `slug` (the tests and the CLI name games by slug).
pub fn parse_agree_slug(slug: &str, bytes: &[u8]) {
    raw(
        crate::games::find(slug).expect("fuzz target names a registered game"),
        bytes,
    );
}

fn raw(game: &dyn game::DynGame, bytes: &[u8]) {
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
