//! dice_yut exhaustively: every dice sequence of length 1..=6 (the generalized game,
//! `--no-strict`), engine against reference — the trace of a sequence holds the answer of each of
//! its prefixes, so the traces of the 5^6 six-dice sequences cover every shorter one — and the
//! census of both sides on every sequence up to length 4.
//!
//! Ignored by default, run in release: the engine over all 5^10 = 9,765,625 judge inputs, with
//! every 5,000th input (1,954 of them) checked against the reference.
//! `cargo test --release --test exhaustive_dice_yut -- --ignored --nocapture`

use boardfuzz::games::dice_yut::engine;
use boardfuzz_reference::dice_yut as reference;

/// The `index`-th sequence of `len` dice in lexicographic order.
fn dice(mut index: u64, len: usize) -> Vec<u8> {
    let mut out = vec![0; len];
    for slot in out.iter_mut().rev() {
        *slot = 1 + (index % 5) as u8;
        index /= 5;
    }
    out
}

fn text(dice: &[u8]) -> String {
    let words: Vec<String> = dice.iter().map(u8::to_string).collect();
    words.join(" ") + "\n"
}

#[test]
fn every_sequence_up_to_six_dice() {
    let mut failures = Vec::new();
    for i in 0..5u64.pow(6) {
        let input = text(&dice(i, 6));
        let (e, r) = (
            engine::trace(input.as_bytes(), false).unwrap(),
            reference::trace(input.as_bytes(), false).unwrap(),
        );
        if e != r {
            failures.push(format!("{input}  engine {e:?}\n  reference {r:?}"));
        }
    }
    for len in 1..=4 {
        for i in 0..5u64.pow(len as u32) {
            let input = text(&dice(i, len));
            let e = engine::census(input.as_bytes(), false).unwrap();
            let names = reference::census(input.as_bytes(), false).unwrap();
            let r = boardfuzz::game::tag_bits(engine::TAGS, &names);
            if e != r {
                failures.push(format!("{input}  census engine {e:#b} reference {r:#b}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "all 5^10 judge inputs: run in release with --ignored"]
fn every_judge_input() {
    let start = std::time::Instant::now();
    let (mut low, mut high, mut sampled) = (u32::MAX, 0, 0);
    for i in 0..5u64.pow(10) {
        let d = dice(i, 10);
        let answer = engine::max_score(&d, false);
        low = low.min(answer);
        high = high.max(answer);
        if i % 5000 == 0 {
            assert_eq!(answer, reference::max_score(&d, false), "{d:?}");
            sampled += 1;
        }
    }
    eprintln!(
        "all 9,765,625 judge inputs in {:.1?} (answers {low}..={high}), {sampled} checked against the reference",
        start.elapsed()
    );
}
