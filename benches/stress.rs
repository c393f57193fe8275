//! `boardfuzz stress` against the serial shell loop a competitive programmer writes (issue 29):
//! the same 2,000 cases of native programs (`benches/fixtures/stress/`: a generator, a brute
//! force and a correct solution of maximum subarray, `cc -O2`), in one run:
//!
//! - `shell_loop`: `gen SIZE SEED > in; brute < in > a; sol < in > b; cmp -s a b`, case after case;
//! - `stress_1_job` and `stress_2_jobs`: `boardfuzz stress --cases 2000 --seed 1 --jobs N` on the
//!   same programs; each run must end `ok`.
//!
//! The loop runs exactly the cases `stress` runs: before the samples, one `stress` run with a
//! generator that logs its arguments (`gen SIZE SEED LOG`) writes the 2,000 (size, seed) pairs,
//! and the loop reads them.
//!
//! ```text
//! cargo bench --bench stress          # then: scripts/stress-speed.sh prints the table
//! ```
//!
//! Criterion's flat sampling, 10 samples of one run each; the table of BENCHMARKS.md ("Stress
//! testing three programs") takes the medians.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

/// Cases per run.
const CASES: u64 = 2_000;

/// The folder the programs are built in.
fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/stress-bench")
}

/// Builds the three programs; returns their paths (gen, brute, sol).
fn build() -> [PathBuf; 3] {
    let dir = dir();
    std::fs::create_dir_all(&dir).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/fixtures/stress");
    ["gen", "brute", "sol"].map(|name| {
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

/// One `stress` run of [`CASES`] cases at `jobs` jobs with generator command `gen`; it must end
/// `ok`.
fn stress(gen: &str, brute: &Path, sol: &Path, jobs: usize) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(["stress", "--gen", gen, "--brute"])
        .arg(brute)
        .arg("--solution")
        .arg(sol)
        .args([
            "--cases",
            &CASES.to_string(),
            "--seed",
            "1",
            "--no-save",
            "--quiet",
        ])
        .args(["--jobs", &jobs.to_string()])
        .output()
        .expect("boardfuzz runs");
    assert!(
        out.status.success(),
        "stress --jobs {jobs} did not end ok:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn stress_speed(c: &mut Criterion) {
    let [gen, brute, sol] = build();
    let dir = dir();
    // The (size, seed) pairs of the cases `stress --seed 1` runs, in case order (one job).
    let log = dir.join("cases.txt");
    let _ = std::fs::remove_file(&log);
    let logging = format!("{} {{size}} {{seed}} {}", gen.display(), log.display());
    stress(&logging, &brute, &sol, 1);
    let pairs = std::fs::read_to_string(&log).unwrap();
    // The probe runs the first two cases before the campaign: the campaign's own are the last.
    let lines: Vec<&str> = pairs.lines().collect();
    let cases = &lines[lines.len() - CASES as usize..];
    std::fs::write(&log, cases.join("\n") + "\n").unwrap();
    let script = dir.join("loop.sh");
    std::fs::write(
        &script,
        format!(
            "cd {dir}\nwhile read size seed; do\n  {gen} $size $seed > in\n  {brute} < in > a\n  \
             {sol} < in > b\n  cmp -s a b || {{ echo \"differs: $size $seed\"; exit 1; }}\ndone < {log}\n",
            dir = dir.display(),
            gen = gen.display(),
            brute = brute.display(),
            sol = sol.display(),
            log = log.display()
        ),
    )
    .unwrap();
    let shell_loop = || {
        let status = Command::new("bash").arg(&script).status().unwrap();
        assert!(status.success(), "the shell loop failed");
    };
    let plain = format!("{} {{size}}", gen.display());
    let mut group = c.benchmark_group("stress");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(30));
    group.throughput(Throughput::Elements(CASES));
    group.bench_function("shell_loop", |b| b.iter(shell_loop));
    group.bench_function("stress_1_job", |b| {
        b.iter(|| stress(&plain, &brute, &sol, 1))
    });
    group.bench_function("stress_2_jobs", |b| {
        b.iter(|| stress(&plain, &brute, &sol, 2))
    });
    group.finish();
}

criterion_group!(benches, stress_speed);
criterion_main!(benches);
