//! How the structured fuzz targets spend their time across scopes: for each game, `N` random fuzz
//! inputs (uniform bytes, uniform lengths 0..=4096 as libFuzzer's inputs grow to, seed 2026) are
//! decoded as the target decodes
//! them and answered by engine and reference (the target's answer check, `harness::agreement`);
//! each case is put in its scope by the same draw the decoding uses (`draw::hash` of the raw
//! bytes against the game's `LARGE_ONE_IN`, or coin_jump's and dice_yut's three scopes), and the table
//! prints each scope's share of cases and of the time.
//!
//!     cargo run --release --example scope_share [N]      # default N = 20000
//!
//! A native build, not the instrumented fuzz build: the shares of time, not the times, carry
//! over. BENCHMARKS.md ("Fuzz targets") records the table.

use std::time::Instant;

use boardfuzz::draw::hash;
use boardfuzz::games::{coin_jump, dice_yut, othello, othello_board, stack_game, yut_nori};
use boardfuzz::harness::agreement;
use boardfuzz::rng::Rng;

/// The scope the decoding of `game` gives raw input `bytes`.
fn scope(game: &str, bytes: &[u8]) -> &'static str {
    let h = hash(bytes);
    let large = |one_in: u32| {
        if h % one_in == one_in - 1 {
            "large"
        } else {
            "small"
        }
    };
    match game {
        "coin_jump" => coin_jump::case::Scope::of(h).name(),
        "stack_game" => large(stack_game::case::LARGE_ONE_IN),
        "othello" => large(othello::case::LARGE_ONE_IN),
        "othello_board" => large(othello_board::case::LARGE_ONE_IN),
        "yut_nori" => large(yut_nori::case::LARGE_ONE_IN),
        "dice_yut" => match dice_yut::case::dice_for_scope(h) {
            dice_yut::case::JUDGE_DICE => "judge",
            n if n > dice_yut::case::SMALL_MAX_DICE => "mid",
            _ => "small",
        },
        _ => unreachable!("a game without scopes"),
    }
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("N is a number of cases"))
        .unwrap_or(20_000);
    println!("| game | scope | cases | share of cases | share of time | µs per case |");
    println!("|---|---|---:|---:|---:|---:|");
    for slug in [
        "coin_jump",
        "dice_yut",
        "othello",
        "othello_board",
        "stack_game",
        "yut_nori",
    ] {
        let game = boardfuzz::games::builtin()
            .find(slug)
            .expect("a registered game");
        let mut rng = Rng::new(2026);
        let mut by_scope: Vec<(&str, u64, f64)> = Vec::new();
        let mut total = 0.0;
        for _ in 0..n {
            let len = rng.below(4097) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let Ok((text, options)) = game.decode_fuzz_case(&bytes) else {
                continue;
            };
            let start = Instant::now();
            agreement(game, text.as_bytes(), &options, "scope_share")
                .unwrap_or_else(|d| panic!("{}", d.report()));
            let seconds = start.elapsed().as_secs_f64();
            total += seconds;
            let name = scope(slug, &bytes);
            match by_scope.iter_mut().find(|(s, _, _)| *s == name) {
                Some(row) => {
                    row.1 += 1;
                    row.2 += seconds;
                }
                None => by_scope.push((name, 1, seconds)),
            }
        }
        by_scope.sort_by(|a, b| a.0.cmp(b.0));
        let cases: u64 = by_scope.iter().map(|r| r.1).sum();
        for (name, count, seconds) in by_scope {
            println!(
                "| {slug} | {name} | {count} | {:.2}% | {:.1}% | {:.1} |",
                100.0 * count as f64 / cases as f64,
                100.0 * seconds / total,
                1e6 * seconds / count as f64
            );
        }
    }
}
