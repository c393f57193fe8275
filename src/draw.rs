//! Deterministic draws from an input's bytes: which scope a structured case decodes to, which
//! fuzz inputs also get the deep checks, which take a reading mode.
//!
//! Both the games (their case decoders) and the fuzz entry points ([`crate::fuzzing`]) draw from
//! here, so this module sits below both and imports neither: a game's `case.rs` reaches the hash
//! without reaching the harness.

use arbitrary::Unstructured;

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

/// The default share of structured fuzz cases ([`crate::game::Game::DEEP_ONE_IN`]) that also have their
/// per-turn traces and census compared (engine against reference) and the engine's self-checks
/// run ([`crate::fuzzing::deep_check`]). Chosen by a hash of the raw input ([`crate::fuzzing::deep`]), so the same input always
/// takes the same path (libFuzzer's coverage of it is stable) and every mutation draws afresh:
/// whatever the corpus keeps, about one executed input in this many is deep. Why so few: a deep
/// check costs 4–6 times the answers on the kept seeds (traces replay every turn as text), and
/// the structured targets run close to their 20,000 exec/s goal; one in 64 costs under 10% and
/// still runs the trace, census and self-check code
/// some 20,000 times a minute, so libFuzzer keeps the inputs that reach new lines of it. Games
/// whose literal trace or census costs far more take a smaller share (coin_jump, dice_yut).
pub const DEEP_ONE_IN: u32 = 64;
