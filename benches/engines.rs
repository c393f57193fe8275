//! Engine vs reference, side by side in one run, on the same 10,000 random cases per game
//! (seed 2026), plus the throughput of the `check` loop itself (generate, run both, census).
//!
//! `cargo bench --bench engines` — figures go to BENCHMARKS.md.
//! `BOARDFUZZ_BENCH_GAMES=yut_nori cargo bench --bench engines` limits the games.

use std::time::Duration;

use boardfuzz::game::Options;
use boardfuzz::harness::run::campaign::{self, Budget, Plan};
use boardfuzz::rng::Rng;
use common::selected;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

mod common;

const CASES: u64 = 10_000;

fn engine_vs_reference(c: &mut Criterion) {
    let options = Options::new();
    for g in selected() {
        let inputs: Vec<String> = (0..CASES)
            .map(|i| {
                g.generate(&mut Rng::new(Rng::case_seed(2026, i)), &options)
                    .unwrap()
            })
            .collect();
        let mut group = c.benchmark_group(format!("{}/10k_cases", g.slug()));
        group.throughput(Throughput::Elements(CASES));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        group.bench_function(BenchmarkId::new("engine", g.slug()), |b| {
            b.iter(|| {
                for input in &inputs {
                    std::hint::black_box(g.engine(input.as_bytes(), &options));
                }
            })
        });
        group.bench_function(BenchmarkId::new("reference", g.slug()), |b| {
            b.iter(|| {
                for input in &inputs {
                    std::hint::black_box(g.reference(input.as_bytes(), &options));
                }
            })
        });
        group.finish();
    }
}

fn check_throughput(c: &mut Criterion) {
    for g in selected() {
        let mut group = c.benchmark_group(format!("{}/check", g.slug()));
        group.throughput(Throughput::Elements(CASES));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        group.bench_function("10k_cases", |b| {
            b.iter(|| {
                let plan = Plan::new(vec![g], Budget::Cases(CASES), 2026);
                let runs = campaign::run(&plan, &mut std::io::sink());
                assert!(runs[0].disagreement.is_none());
            })
        });
        group.finish();
    }
}

criterion_group!(benches, engine_vs_reference, check_throughput);
criterion_main!(benches);
