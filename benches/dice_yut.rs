//! dice_yut (BOJ 17825): engine vs reference on the same random 10-dice judge inputs (two sets,
//! see [`input_sets`]), and the engine alone on 100 and 1000 dice (`--no-strict`), which the
//! exponential reference cannot do.
//!
//! The reference takes up to ~20 ms per 10-dice case (8–9 ms on average), so it runs on the first
//! [`REFERENCE_CASES`] inputs of each set only, flat sampling; the engine runs on those same
//! inputs (for the ratio) and on all [`CASES`] (for the per-case figure).
//!
//! `cargo bench --bench dice_yut` — figures go to BENCHMARKS.md.

use std::time::Duration;

use boardfuzz::game::{Options, Value};
use boardfuzz::games;
use boardfuzz::rng::Rng;
use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

/// Random 10-dice inputs for the engine.
const CASES: u64 = 200;

/// The first this many of them also go to the reference.
const REFERENCE_CASES: u64 = 40;

/// Two sets of 10-dice inputs: `generated`, the game's own generator as `check` draws it (case
/// seeds of 2026; one case in four from its pass-rich stream, seven high dice then three small,
/// where the reference's tree is small), and `uniform`, ten dice uniform in 1..=5 (seed 2026), as
/// a judge's random tests would be.
fn input_sets() -> Vec<(&'static str, Vec<String>)> {
    let game = games::builtin()
        .find("dice_yut")
        .expect("dice_yut is registered");
    let generated = (0..CASES)
        .map(|i| {
            game.generate(&mut Rng::new(Rng::case_seed(2026, i)), &Options::new())
                .unwrap()
        })
        .collect();
    let mut rng = Rng::new(2026);
    let uniform = (0..CASES)
        .map(|_| {
            let dice: Vec<String> = (0..10).map(|_| (1 + rng.below(5)).to_string()).collect();
            format!("{}\n", dice.join(" "))
        })
        .collect();
    vec![("generated", generated), ("uniform", uniform)]
}

fn ten_dice(c: &mut Criterion) {
    let game = games::builtin()
        .find("dice_yut")
        .expect("dice_yut is registered");
    let options = Options::new();
    for (set, inputs) in input_sets() {
        let few = &inputs[..REFERENCE_CASES as usize];
        for input in few {
            let e = game.engine(input.as_bytes(), &options);
            assert_eq!(e, game.reference(input.as_bytes(), &options), "{input}");
        }
        let mut group = c.benchmark_group(format!("dice_yut/10_dice/{set}"));
        group.throughput(Throughput::Elements(CASES));
        group.sample_size(30);
        group.measurement_time(Duration::from_secs(5));
        group.bench_function(BenchmarkId::new("engine", format!("{CASES}_cases")), |b| {
            b.iter(|| {
                for input in &inputs {
                    std::hint::black_box(game.engine(input.as_bytes(), &options));
                }
            })
        });
        group.throughput(Throughput::Elements(REFERENCE_CASES));
        group.bench_function(
            BenchmarkId::new("engine", format!("{REFERENCE_CASES}_cases")),
            |b| {
                b.iter(|| {
                    for input in few {
                        std::hint::black_box(game.engine(input.as_bytes(), &options));
                    }
                })
            },
        );
        // About a third of a second per pass: a few passes per sample, ten samples.
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.measurement_time(Duration::from_secs(10));
        group.bench_function(
            BenchmarkId::new("reference", format!("{REFERENCE_CASES}_cases")),
            |b| {
                b.iter(|| {
                    for input in few {
                        std::hint::black_box(game.reference(input.as_bytes(), &options));
                    }
                })
            },
        );
        group.finish();
    }
}

/// The engine alone on one game of 100 and one of 1000 random dice (`--no-strict`).
fn many_dice(c: &mut Criterion) {
    let game = games::builtin()
        .find("dice_yut")
        .expect("dice_yut is registered");
    let options = Options::new().with("no-strict", Value::Switch);
    let mut group = c.benchmark_group("dice_yut/no_strict");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    for count in [100usize, 1000] {
        let mut rng = Rng::new(2026);
        let dice: Vec<String> = (0..count).map(|_| (1 + rng.below(5)).to_string()).collect();
        let input = format!("{}\n", dice.join(" "));
        let answer = game.engine(input.as_bytes(), &options);
        eprintln!("dice_yut {count} dice: {answer:?}");
        group.bench_function(BenchmarkId::new("engine", format!("{count}_dice")), |b| {
            b.iter(|| game.engine(std::hint::black_box(input.as_bytes()), &options))
        });
    }
    group.finish();
}

criterion_group!(benches, ten_dice, many_dice);
criterion_main!(benches);
