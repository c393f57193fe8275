//! coin_jump on 4000×4000 boards (16M cells, 16 MB of judge text), far beyond the judge's 50×50:
//! the induced snake (`gen --mode snake`, a 4,718,042-move chain) and the same walk closed by a
//! 2-cycle at its end (`--mode snake-cycle`, found only after the whole path). Measures the
//! engine's parse alone and parse + search, next to two baselines of one pass over the input
//! (summing its bytes, and copying it), for the ns-per-cell comparison in BENCHMARKS.md.
//!
//! `cargo bench --bench coin_jump`

use std::time::Duration;

use boardfuzz::game::{Game, Options, Value};
use boardfuzz::games::coin_jump::{engine, CoinJump};
use boardfuzz::rng::Rng;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const SIDE: usize = 4000;

fn board(mode: &str) -> Vec<u8> {
    let options = Options::new()
        .with("rows", Value::Number(SIDE as u64))
        .with("cols", Value::Number(SIDE as u64))
        .with("mode", Value::Word(mode.to_string()));
    let case = CoinJump::generate(&mut Rng::new(1), &options).expect("generates");
    CoinJump::render(&case).into_bytes()
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("coin_jump/4000x4000");
    group.throughput(Throughput::Elements((SIDE * SIDE) as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let chain = board("snake");
    let cycle = board("snake-cycle");
    assert_eq!(engine::solve(&chain, false).unwrap(), "4718042\n");
    assert_eq!(engine::solve(&cycle, false).unwrap(), "-1\n");
    group.bench_function("one_pass_sum", |b| {
        b.iter(|| {
            std::hint::black_box(&chain)
                .iter()
                .fold(0u64, |s, &x| s.wrapping_add(x as u64))
        })
    });
    group.bench_function("one_pass_copy", |b| {
        b.iter(|| std::hint::black_box(std::hint::black_box(&chain).clone()))
    });
    group.bench_function("parse_chain", |b| {
        b.iter(|| engine::parse(std::hint::black_box(&chain), false).unwrap())
    });
    group.bench_function("solve_chain", |b| {
        b.iter(|| engine::solve(std::hint::black_box(&chain), false).unwrap())
    });
    group.bench_function("solve_cycle", |b| {
        b.iter(|| engine::solve(std::hint::black_box(&cycle), false).unwrap())
    });
    group.finish();
}

/// Engine against reference on single judge-size boards: the longest chain found (1658 moves),
/// the induced snake (856), a random board (-1, a cycle reached early), a board of 1s whose
/// cycles are unreachable (2), and all 1s (-1; the reference's worst case: N·M steps over
/// sets of half the board).
fn judge_size(c: &mut Criterion) {
    let longest = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/coin_jump/longest-chain-50x50.in"
    ))
    .expect("corpus entry");
    let snake = CoinJump::render(&boardfuzz::games::coin_jump::gen::snake(50, 50, false));
    let mut rng = Rng::new(3);
    let random = CoinJump::render(&boardfuzz::games::coin_jump::gen::random_board(
        &mut rng, 50, 50,
    ));
    // Start 9 → (1,10) = 8, whose four jumps end the game (2); all else bounces among 1s,
    // unreachable.
    let mut bounce = String::from("50 50\n");
    for r in 0..50 {
        let row: String = (0..50)
            .map(|c| match (r, c) {
                (0, 0) => '9',
                (0, 9) => '8',
                (0, _) | (_, 0) | (9, _) | (_, 9) => 'H',
                _ => '1',
            })
            .collect();
        bounce.push_str(&row);
        bounce.push('\n');
    }
    let ones = format!("50 50\n{}", format!("{}\n", "1".repeat(50)).repeat(50));
    let mut group = c.benchmark_group("coin_jump/50x50");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(4));
    for (name, input) in [
        ("longest", longest),
        ("snake", snake.into_bytes()),
        ("random", random.into_bytes()),
        ("bounce", bounce.into_bytes()),
        ("ones", ones.into_bytes()),
    ] {
        let e = engine::solve(&input, true).unwrap();
        let r = boardfuzz_reference::coin_jump::solve(&input, true).unwrap();
        assert_eq!(e, r, "{name}");
        group.bench_function(format!("engine/{name}"), |b| {
            b.iter(|| engine::solve(std::hint::black_box(&input), true).unwrap())
        });
        group.bench_function(format!("reference/{name}"), |b| {
            b.iter(|| {
                boardfuzz_reference::coin_jump::solve(std::hint::black_box(&input), true).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, large, judge_size);
criterion_main!(benches);
