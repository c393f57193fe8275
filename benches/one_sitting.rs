//! Every game in one sitting (issue 12): for each game, on the same machine in one run,
//!
//! - `engine` and `reference`: both sides on the same [`CASES`] cases of the campaign's generator
//!   (seed 2026, default settings), so their ratio is the engine's speed-up on what `check` runs;
//! - `check_1_job` and `check_all_jobs`: the whole campaign loop (generate, both sides, census)
//!   at one job and at one job per core, over a campaign sized to about half a second at one
//!   job ([`check_cases`]);
//! - `judge_case`: the engine on one judge-size input ([`judge_case`]).
//!
//! ```text
//! cargo bench --bench one_sitting                  # every game
//! BOARDFUZZ_BENCH_GAMES=coin_jump,dice_yut cargo bench --bench one_sitting
//! scripts/one-sitting.sh                           # this, the fuzz targets' exec/s, and the table
//! ```
//!
//! Criterion's flat sampling (10 samples): a sample of the slow references is seconds long.
//! `scripts/one-sitting.sh` reads the medians from `target/criterion/` and prints the table of
//! BENCHMARKS.md ("One sitting").

use std::time::Duration;

use boardfuzz::game::{DynGame, Options, Outcome, Value};
use boardfuzz::harness::run::campaign::{self, Budget, Plan};
use boardfuzz::rng::Rng;
use common::selected;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

mod common;

/// Cases per engine/reference sample.
const CASES: u64 = 1_000;
/// The cases of the campaign that sizes a `check` sample ([`check_cases`]).
const CHECK_PROBE: u64 = 200;
/// About how long one `check` sample runs at one job.
const CHECK_SAMPLE: Duration = Duration::from_millis(500);
/// The seed of every generated case.
const SEED: u64 = 2026;

/// Case `i` of the campaign's generator with `options`.
fn generated(g: &dyn DynGame, i: u64, options: &Options) -> String {
    g.generate(&mut Rng::new(Rng::case_seed(SEED, i)), options)
        .expect("the generator makes a case")
}

/// One judge-size input per game, within the judge's limits:
/// - coin_jump: a 50×50 `snake-cycle` board (a long induced path, then a 2-cycle only its end
///   reaches: the longest search the benchmarks know at that size);
/// - stack_game: the first generated 12×12 board with 10 pieces that never ends (its 1000 turns
///   all played, `-1`);
/// - the others (no size setting): the longest text among the first 1,000 generated cases that
///   the engine answers (valid under the judge's rules: dice_yut's 10 dice, yut_nori's up to 100
///   throws, othello's and othello_board's games).
fn judge_case(g: &dyn DynGame) -> String {
    let none = Options::new();
    match g.slug() {
        "coin_jump" => generated(
            g,
            0,
            &Options::new()
                .with("rows", Value::Number(50))
                .with("cols", Value::Number(50))
                .with("mode", Value::Word("snake-cycle".into())),
        ),
        "stack_game" => {
            let options = Options::new()
                .with("side", Value::Number(12))
                .with("pieces", Value::Number(10));
            (0..)
                .map(|i| generated(g, i, &options))
                .find(|text| {
                    matches!(g.engine(text.as_bytes(), &none),
                             Outcome::Output(ref out) if out == "-1\n")
                })
                .expect("a never-ending board")
        }
        _ => (0..1_000)
            .map(|i| generated(g, i, &none))
            .filter(|text| matches!(g.engine(text.as_bytes(), &none), Outcome::Output(_)))
            .max_by_key(String::len)
            .expect("a valid case"),
    }
}

/// A `check` campaign of `cases` cases of game `g` at `jobs` jobs (no corpus, no output); it
/// must find nothing.
fn run_check(g: &'static dyn DynGame, cases: u64, jobs: usize) {
    let plan = Plan {
        jobs,
        ..Plan::new(vec![g], Budget::Cases(cases), SEED)
    };
    let runs = campaign::run(&plan, &mut std::io::sink());
    assert!(runs[0].disagreement.is_none(), "{}: a finding", g.slug());
}

/// The campaign size of a `check` sample: about [`CHECK_SAMPLE`] of work at one job, timed on
/// [`CHECK_PROBE`] cases (between 2 and 1,000 probes' worth), so that starting the workers is a
/// small part of a sample on the fast games and the slow ones still fit the sitting.
fn check_cases(g: &'static dyn DynGame) -> u64 {
    let start = std::time::Instant::now();
    run_check(g, CHECK_PROBE, 1);
    let probes = CHECK_SAMPLE.as_secs_f64() / start.elapsed().as_secs_f64();
    CHECK_PROBE * (probes as u64).clamp(2, 1_000)
}

fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
}

fn one_sitting(c: &mut Criterion) {
    let options = Options::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for g in selected() {
        let inputs: Vec<String> = (0..CASES).map(|i| generated(g, i, &options)).collect();
        let mut group = c.benchmark_group(format!("one_sitting_{}", g.slug()));
        configure(&mut group);
        group.throughput(Throughput::Elements(CASES));
        group.bench_function("engine", |b| {
            b.iter(|| {
                for input in &inputs {
                    std::hint::black_box(g.engine(input.as_bytes(), &options));
                }
            })
        });
        group.bench_function("reference", |b| {
            b.iter(|| {
                for input in &inputs {
                    std::hint::black_box(g.reference(input.as_bytes(), &options));
                }
            })
        });
        let check_cases = check_cases(g);
        group.throughput(Throughput::Elements(check_cases));
        for (name, jobs) in [("check_1_job", 1), ("check_all_jobs", cores)] {
            group.bench_function(name, |b| b.iter(|| run_check(g, check_cases, jobs)));
        }
        let judge = judge_case(g);
        eprintln!(
            "{}: judge-size input of {} bytes, {} lines",
            g.slug(),
            judge.len(),
            judge.lines().count()
        );
        group.throughput(Throughput::Elements(1));
        group.bench_function("judge_case", |b| {
            b.iter(|| std::hint::black_box(g.engine(judge.as_bytes(), &options)))
        });
        group.finish();
    }
}

criterion_group!(benches, one_sitting);
criterion_main!(benches);
