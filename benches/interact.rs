//! Interactive runs (issue 36): `boardfuzz stress --interactor` against the loop a competitive
//! programmer writes for an interactive problem, a `mkfifo` pipe loop in bash, on the same 1,000
//! dialogues of native programs (`benches/fixtures/interact/`: a generator of guess-the-number
//! cases with n = 1000, its interactor and a binary-search solution, `cc -O2`; 10 or 11 lines
//! each way a dialogue), in one run:
//!
//! - `fifo_loop`: `gen SEED > in; sol < fifo | interactor in out > fifo`, the interactor's exit
//!   code checked, case after case;
//! - `stress_1_job`: `boardfuzz stress --interactor … --cases 1000 --seed 1 --jobs 1` on the
//!   same programs; it must end `ok`. It passes every byte on itself (the dialogue recorded), where
//!   the loop joins the two programs pipe to pipe.
//!
//! The loop runs exactly the cases `stress` runs: before the samples, one `stress` run with a
//! generator that logs its seed (`gen SEED LOG`) writes the 1,000 seeds, and the loop reads them.
//!
//! ```text
//! cargo bench --bench interact
//! ```
//!
//! Criterion's flat sampling, 10 samples of one run each; BENCHMARKS.md ("Interactive problems")
//! takes the medians.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

/// Dialogues per run.
const CASES: u64 = 1_000;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/interact-bench")
}

/// Builds the three programs; returns their paths (gen, interactor, sol).
fn build() -> [PathBuf; 3] {
    let dir = dir();
    std::fs::create_dir_all(&dir).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/fixtures/interact");
    ["gen", "interactor", "sol"].map(|name| {
        let exe = dir.join(name);
        let status = Command::new("cc")
            .args(["-O2", "-o"])
            .arg(&exe)
            .arg(source.join(format!("{name}.c")))
            .status()
            .expect("cc runs");
        assert!(status.success(), "cc {name}.c failed");
        exe
    })
}

/// One `stress --interactor` run of [`CASES`] dialogues at one job with generator command
/// `gen`; it must end `ok`.
fn stress(gen: &str, interactor: &Path, sol: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(["stress", "--gen", gen, "--interactor"])
        .arg(interactor)
        .arg("--solution")
        .arg(sol)
        .args([
            "--cases",
            &CASES.to_string(),
            "--seed",
            "1",
            "--no-save",
            "--quiet",
            "--jobs",
            "1",
        ])
        .output()
        .expect("boardfuzz runs");
    assert!(
        out.status.success(),
        "stress --interactor did not end ok:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn interact_speed(c: &mut Criterion) {
    let [gen, interactor, sol] = build();
    let dir = dir();
    // The seeds of the cases `stress --seed 1` runs, in case order (one job).
    let log = dir.join("seeds.txt");
    let _ = std::fs::remove_file(&log);
    let logging = format!("{} {{seed}} {}", gen.display(), log.display());
    stress(&logging, &interactor, &sol);
    let seeds = std::fs::read_to_string(&log).unwrap();
    // The probe runs the first two cases before the campaign: the campaign's own are the last.
    let lines: Vec<&str> = seeds.lines().collect();
    assert!(
        lines.len() >= CASES as usize,
        "{} seeds logged",
        lines.len()
    );
    let cases = &lines[lines.len() - CASES as usize..];
    std::fs::write(&log, cases.join("\n") + "\n").unwrap();
    let script = dir.join("loop.sh");
    std::fs::write(
        &script,
        format!(
            "cd {dir}\nrm -f fifo; mkfifo fifo\nwhile read seed; do\n  {gen} $seed > in\n  \
             {sol} < fifo | {interactor} in out > fifo\n  [ \"${{PIPESTATUS[1]}}\" = 0 ] || \
             {{ echo \"rejected: $seed\"; exit 1; }}\ndone < {log}\n",
            dir = dir.display(),
            gen = gen.display(),
            sol = sol.display(),
            interactor = interactor.display(),
            log = log.display()
        ),
    )
    .unwrap();
    let fifo_loop = || {
        let status = Command::new("bash").arg(&script).status().unwrap();
        assert!(status.success(), "the fifo loop failed");
    };
    let plain = gen.display().to_string();
    let mut group = c.benchmark_group("interact");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(30));
    group.throughput(Throughput::Elements(CASES));
    group.bench_function("fifo_loop", |b| b.iter(fifo_loop));
    group.bench_function("stress_1_job", |b| {
        b.iter(|| stress(&plain, &interactor, &sol))
    });
    group.finish();
}

criterion_group!(benches, interact_speed);
criterion_main!(benches);
