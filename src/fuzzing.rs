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
    hash(u.peek_bytes(u.len()).unwrap_or_default())
}

/// FNV-1a of `bytes`, then MurmurHash3's finalizer, so that every input bit reaches the low bits
/// the shares test. What picks a share of fuzz inputs deterministically (the same input always
/// takes the same path, so libFuzzer's coverage of it is stable): the scopes, the cases whose
/// traces are compared (the low bits), othello's strict share (bits 16 and up).
pub fn hash(bytes: &[u8]) -> u32 {
    let mut h = bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ h >> 16
}

/// The default share of structured fuzz inputs ([`Game::DEEP_ONE_IN`]) that also have their
/// per-turn traces and census compared (engine against reference) and the engine's self-checks
/// run ([`deep_check`]). Chosen by
/// [`hash`] of the raw input, so the same input always takes the same path (libFuzzer's coverage
/// of it is stable) and every mutation draws afresh: whatever the corpus keeps, about one
/// executed input in this many is deep. Why so few: on the kept seeds a deep check costs 4–6
/// times the answers (`examples`-style timing over `fuzz/corpus/<slug>/`: traces replay every
/// turn as text, dice_yut's census solves the game a second way), and the structured targets
/// run close to their 20,000 exec/s goal; one in 64 costs under 10% and still runs the trace,
/// census and self-check code some 20,000 times a minute, so libFuzzer keeps the inputs that
/// reach new lines of it.
pub const DEEP_ONE_IN: u32 = 64;

/// The structured fuzz target of game `G` on raw libFuzzer bytes: decoded exactly as
/// `libfuzzer_sys::fuzz_target!` decodes a typed input ([`game::decode_fuzz_input`]; bytes that
/// do not decode are skipped), then [`diff_case`], and on one input in [`Game::DEEP_ONE_IN`]
/// [`deep_check`] too.
pub fn diff_fuzz_bytes<G: Game>(bytes: &[u8]) {
    let Ok(case) = game::decode_fuzz_input::<G::Case>(bytes) else {
        return;
    };
    diff_case::<G>(&case);
    if hash(bytes) % G::DEEP_ONE_IN == 0 {
        let text = G::render(&case);
        let options = G::case_options(&case);
        if let Err(why) = deep_check(&Registered::<G>::new(), text.as_bytes(), &options) {
            panic!("{why}\n--- input ---\n{text}");
        }
    }
}

/// Structured differential check of one case, under the settings the case asks for
/// ([`Game::case_options`]: the judge's rules unless a small scope needs e.g. a shorter turn
/// limit): the answers must agree.
pub fn diff_case<G: Game>(case: &G::Case) {
    let text = G::render(case);
    check(
        &Registered::<G>::new(),
        text.as_bytes(),
        &G::case_options(case),
        "structured fuzz input",
    );
}

/// Whether the structured target of `game` runs [`deep_check`] on these raw fuzz bytes (one
/// input in [`Game::DEEP_ONE_IN`]).
pub fn deep(game: &dyn game::DynGame, bytes: &[u8]) -> bool {
    hash(bytes) % game.deep_one_in() == 0
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
            let names = |bits: u64| {
                game.tags()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, t)| *t)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
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
