//! stack_game figures that the generic `engines` bench does not give (plain `main`, no criterion):
//!
//! 1. engine vs reference wall time on random judge-size boards (all, never-ending, ending);
//! 2. turns simulated per never-ending game: the engine's (cycle detection) vs the reference's
//!    (always the limit, 1000) — median, 90th percentile, maximum;
//! 3. time and evaluations the `--end` search needs for TURN = 1000, with and without the time
//!    shift and hill climbing.
//!
//! `cargo bench --bench stack_game` — figures go to BENCHMARKS.md.
//! `BOARDFUZZ_BENCH_BOARDS=N` changes the number of random boards (default 20,000).

use std::time::{Duration, Instant};

use boardfuzz::game::Game;
use boardfuzz::games::stack_game::engine::{self, Fate};
use boardfuzz::games::stack_game::gen::{self, Plan};
use boardfuzz::games::stack_game::{Case, StackGame};
use boardfuzz::rng::Rng;
use boardfuzz_reference::stack_game as reference;

fn percentile(sorted: &[u64], p: f64) -> u64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn time_all(inputs: &[&String], f: impl Fn(&[u8])) -> Duration {
    // Best of three passes.
    (0..3)
        .map(|_| {
            let t = Instant::now();
            for input in inputs {
                f(input.as_bytes());
            }
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    let boards: usize = std::env::var("BOARDFUZZ_BENCH_BOARDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` style probes
    }

    // 1 and 2: random judge-size boards (the engine's plain random generator, seed 2026).
    let mut rng = Rng::new(2026);
    let mut all = Vec::new();
    let mut never = Vec::new();
    let mut ends = Vec::new();
    let mut never_turns = Vec::new();
    for _ in 0..boards {
        let board = gen::random_board(&mut rng);
        let text = StackGame::render(&Case::from_board(&board));
        let run = engine::run(&board, Some(1000));
        match engine::run(&board, None).fate {
            Fate::Never { .. } => {
                never_turns.push(run.turns);
                never.push(text.clone());
            }
            _ => ends.push(text.clone()),
        }
        all.push(text);
    }
    never_turns.sort_unstable();
    println!("## {boards} random judge-size boards (seed 2026)");
    println!(
        "never-ending: {} ({:.1}%), ending at some turn: {}",
        never.len(),
        100.0 * never.len() as f64 / boards as f64,
        ends.len()
    );
    println!(
        "turns simulated by the engine on never-ending games (judge mode, limit 1000): \
         median {}, p90 {}, p99 {}, max {}; the reference: always 1000",
        percentile(&never_turns, 0.5),
        percentile(&never_turns, 0.9),
        percentile(&never_turns, 0.99),
        never_turns.last().unwrap()
    );
    println!("\n| boards | count | engine | reference | reference / engine |");
    println!("|---|---|---|---|---|");
    for (name, set) in [("all", &all), ("never-ending", &never), ("ending", &ends)] {
        let inputs: Vec<&String> = set.iter().collect();
        let e = time_all(&inputs, |b| {
            std::hint::black_box(engine::solve(b, 1000).unwrap());
        });
        let r = time_all(&inputs, |b| {
            std::hint::black_box(reference::solve(b).unwrap());
        });
        let per = |d: Duration| d.as_secs_f64() * 1e6 / inputs.len() as f64;
        println!(
            "| {name} | {} | {:.2} µs/board | {:.2} µs/board | {:.1}× |",
            inputs.len(),
            per(e),
            per(r),
            r.as_secs_f64() / e.as_secs_f64()
        );
    }

    // 3: the --end search for TURN = 1000.
    println!("\n## `--end 1000` search (seeds 1..=N)");
    println!("| plan | seeds | median time | mean time | max time | mean evaluations |");
    println!("|---|---|---|---|---|---|");
    for (name, plan, seeds) in [
        ("time shift (default)", Plan::default(), 200u64),
        (
            "time shift + climb 64",
            Plan {
                climb: 64,
                ..Plan::default()
            },
            50,
        ),
        (
            "climb 64, no shift",
            Plan {
                climb: 64,
                shift: false,
                ..Plan::default()
            },
            5,
        ),
        (
            "random restarts only",
            Plan {
                climb: 0,
                shift: false,
                ..Plan::default()
            },
            5,
        ),
    ] {
        let mut times = Vec::new();
        let mut evaluations = 0;
        for seed in 1..=seeds {
            let t = Instant::now();
            let found = gen::search(&mut Rng::new(seed), 1000, plan);
            times.push(t.elapsed().as_micros() as u64);
            assert!(found.exact, "{name}, seed {seed}");
            evaluations += found.evaluations;
        }
        times.sort_unstable();
        let mean = times.iter().sum::<u64>() / seeds;
        let ms = |us: u64| format!("{:.1} ms", us as f64 / 1000.0);
        println!(
            "| {name} | {seeds} | {} | {} | {} | {} |",
            ms(percentile(&times, 0.5)),
            ms(mean),
            ms(*times.last().unwrap()),
            evaluations / seeds
        );
    }
}
