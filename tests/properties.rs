//! Property tests (proptest) over every registered game:
//! - engine == reference on valid cases decoded from random bytes exactly as the structured
//!   fuzz target decodes them;
//! - engine and reference agree on *mutated* judge text (bytes deleted, inserted, lines
//!   duplicated or cut): same answer, or the same error class at the same line.
//!
//! A failure prints the full disagreement report. proptest keeps failing seeds in
//! `tests/properties.proptest-regressions`, which is committed and replayed first.

use boardfuzz::game::{DynGame, Options};
use boardfuzz::games;
use boardfuzz::harness::{compare, Disagreement};
use boardfuzz::rng::Rng;
use proptest::collection::vec;
use proptest::prelude::*;

fn game(slug: &str) -> &'static dyn DynGame {
    games::find(slug).expect("registered game")
}

fn report(g: &dyn DynGame, input: &[u8]) -> Option<String> {
    let options = Options::new();
    let comparison = compare(g, input, &options);
    if comparison.agrees() {
        None
    } else {
        let text = String::from_utf8_lossy(input).into_owned();
        let d = Disagreement::from_comparison(g, text, comparison, &options, "proptest".into());
        Some(d.report())
    }
}

/// Applies one byte-level mutation chosen by `pick` to a valid judge text.
fn mutate(text: &str, pick: u64, at: u64, byte: u8) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let len = bytes.len().max(1);
    let i = (at as usize) % len;
    const ALPHABET: &[u8] = b" \n\r\t-+0123456789HFBABCDabcdx\xff";
    let b = ALPHABET[byte as usize % ALPHABET.len()];
    match pick % 6 {
        0 => {
            bytes.truncate(i);
        }
        1 => {
            if !bytes.is_empty() {
                bytes.remove(i.min(bytes.len() - 1));
            }
        }
        2 => bytes.insert(i.min(bytes.len()), b),
        3 => {
            if !bytes.is_empty() {
                let j = i.min(bytes.len() - 1);
                bytes[j] = b;
            }
        }
        4 => {
            // Duplicate the line holding byte i.
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let k = (at as usize) % lines.len().max(1);
            let mut out = String::new();
            for (n, l) in lines.iter().enumerate() {
                out.push_str(l);
                if n == k {
                    out.push_str(l);
                }
            }
            bytes = out.into_bytes();
        }
        _ => {
            // Drop the line holding byte i.
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let k = (at as usize) % lines.len().max(1);
            bytes = lines
                .iter()
                .enumerate()
                .filter(|(n, _)| *n != k)
                .flat_map(|(_, l)| l.bytes())
                .collect();
        }
    }
    bytes
}

macro_rules! game_properties {
    ($module:ident, $slug:literal, $cases:expr) => {
        mod $module {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases($cases))]

                #[test]
                fn engine_matches_reference_on_valid_cases(bytes in vec(any::<u8>(), 0..1024)) {
                    let g = game($slug);
                    let text = g.decode_fuzz_input(&bytes).expect("every byte string decodes");
                    let failure = report(g, text.as_bytes());
                    prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
                }

                #[test]
                fn engine_and_reference_agree_on_mutated_text(
                    seed in any::<u64>(), pick in any::<u64>(), at in any::<u64>(), byte in any::<u8>()
                ) {
                    let g = game($slug);
                    let text = g.generate(&mut Rng::new(seed), &Options::new()).unwrap();
                    let input = mutate(&text, pick, at, byte);
                    let failure = report(g, &input);
                    prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
                }
            }
        }
    };
}

game_properties!(yut_nori, "yut_nori", 2000);
game_properties!(stack_game, "stack_game", 1000);
game_properties!(coin_jump, "coin_jump", 1000);

#[test]
fn every_registered_game_has_properties() {
    // Adding a game means adding a `game_properties!` line above.
    let covered = ["yut_nori", "stack_game", "coin_jump"];
    for g in games::all() {
        assert!(
            covered.contains(&g.slug()),
            "no properties for {}",
            g.slug()
        );
    }
}
