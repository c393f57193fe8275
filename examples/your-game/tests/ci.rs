//! The CI of this crate, held to what it says. The campaign workflow
//! (`.github/workflows/boardfuzz.yml`) is run here: each shard's command as the workflow gives
//! it — with 200 cases instead of five minutes — then the merge command, in a scratch folder,
//! through this crate's binary, and every file a step keeps as an artifact is one a command
//! wrote. The ClusterFuzzLite set-up (`.clusterfuzzlite/`, the two `cflite_*.yml` workflows)
//! names only files that exist, and every fuzz target has kept seeds to start from. The fuzz job
//! of the campaign workflow caches cargo-fuzz and `fuzz/target`, keyed on both lock files, so
//! that the first build (minutes: boardfuzz and every dependency instrumented) is paid once.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_yaml::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn yaml(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{path} is not YAML: {e}"))
}

fn steps(job: &Value) -> &Vec<Value> {
    job["steps"].as_sequence().expect("a job's steps")
}

/// The `run:` lines of a job, in order.
fn runs(job: &Value) -> Vec<String> {
    steps(job)
        .iter()
        .filter_map(|s| s["run"].as_str())
        .flat_map(|r| r.lines().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// The paths a job keeps as artifacts (`actions/upload-artifact`).
fn uploads(job: &Value) -> Vec<String> {
    steps(job)
        .iter()
        .filter(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/upload-artifact@"))
        })
        .flat_map(|s| {
            s["with"]["path"]
                .as_str()
                .expect("an upload's path")
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A workflow's command as this test runs it: the binary that `cargo build --release` makes
/// replaced by the one cargo built for this test, and the workflow's variables by values.
fn local(line: &str, vars: &[(&str, String)]) -> String {
    let mut line = line.replace("target/release/your-game", env!("CARGO_BIN_EXE_your-game"));
    for (name, value) in vars {
        line = line.replace(&format!("${{{{ {name} }}}}"), value);
    }
    assert!(!line.contains("${{"), "a variable left in `{line}`");
    line
}

fn sh(line: &str, dir: &Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env_remove("YOUR_GAME_PLANT")
        .output()
        .expect("sh runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_campaign_workflow_runs_its_shards_and_merges_their_reports() {
    let workflow = yaml(".github/workflows/boardfuzz.yml");
    let (shard_job, merge_job) = (&workflow["jobs"]["shard"], &workflow["jobs"]["merge"]);
    assert_eq!(merge_job["needs"].as_str(), Some("shard"));
    assert_eq!(
        merge_job["if"].as_str(),
        Some("always()"),
        "the merge runs when a shard found something"
    );
    let shards: Vec<u64> = shard_job["strategy"]["matrix"]["shard"]
        .as_sequence()
        .expect("a matrix of shards")
        .iter()
        .map(|k| k.as_u64().expect("a shard number"))
        .collect();
    let count = shards.len() as u64;
    assert_eq!(shards, (0..count).collect::<Vec<_>>(), "shards 0 to N-1");

    let find = |job: &Value, start: &str| {
        runs(job)
            .into_iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no `{start}` step"))
    };
    let check = find(shard_job, "target/release/your-game check");
    assert!(
        check.contains("--shard ${{ matrix.shard }}/${{ strategy.job-total }}"),
        "{check}"
    );
    assert!(check.contains("--time 5m"), "{check}");
    let merge = find(merge_job, "target/release/your-game merge");
    for job in [shard_job, merge_job] {
        assert!(runs(job).iter().any(|l| l == "cargo build --release"));
    }

    let dir = std::env::temp_dir().join(format!("your-game-ci-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for k in &shards {
        let vars = [
            ("github.run_id", "4242".to_string()),
            ("matrix.shard", k.to_string()),
            ("strategy.job-total", count.to_string()),
        ];
        let line = local(&check, &vars).replace("--time 5m", "--cases 200");
        let out = sh(&line, &dir);
        assert_eq!(out.status.code(), Some(0), "{line}: {}", text(&out.stdout));
        for path in uploads(shard_job) {
            let path = local(&path, &vars);
            // The corpus folder of findings is there only after a finding.
            if path != "found/" {
                assert!(
                    dir.join(&path).exists(),
                    "shard {k} keeps {path}, which is not there"
                );
            }
        }
    }
    let out = sh(&local(&merge, &[]), &dir);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{merge}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    for path in uploads(merge_job) {
        assert!(
            dir.join(&path).exists(),
            "the merge keeps {path}, which is not there"
        );
    }
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("boardfuzz.json")).unwrap())
            .unwrap();
    assert_eq!(merged["cases"], 200);
    assert_eq!(merged["seed"], 4242);
    assert_eq!(
        merged["merged_from"].as_array().unwrap().len() as u64,
        count
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_clusterfuzzlite_set_up_names_files_that_exist() {
    assert_eq!(
        yaml(".clusterfuzzlite/project.yaml")["language"].as_str(),
        Some("rust")
    );
    let dockerfile = std::fs::read_to_string(root().join(".clusterfuzzlite/Dockerfile")).unwrap();
    for line in dockerfile.lines().filter(|l| l.starts_with("COPY ")) {
        let source = line.split_whitespace().nth(1).unwrap();
        assert!(
            root().join(source).exists(),
            "the Dockerfile copies {source}"
        );
    }
    let build = root().join(".clusterfuzzlite/build.sh");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&build).unwrap().permissions().mode();
    assert!(mode & 0o111 != 0, "build.sh is executable");
    for (file, mode) in [
        ("cflite_pr.yml", "code-change"),
        ("cflite_batch.yml", "batch"),
    ] {
        let workflow = yaml(&format!(".github/workflows/{file}"));
        let jobs = workflow["jobs"].as_mapping().expect("jobs");
        let steps: Vec<&Value> = jobs.values().flat_map(|j| steps(j).iter()).collect();
        let uses: Vec<&str> = steps.iter().filter_map(|s| s["uses"].as_str()).collect();
        assert_eq!(
            uses,
            [
                "google/clusterfuzzlite/actions/build_fuzzers@v1",
                "google/clusterfuzzlite/actions/run_fuzzers@v1"
            ],
            "{file}"
        );
        assert_eq!(
            steps[0]["with"]["language"].as_str(),
            Some("rust"),
            "{file}"
        );
        assert_eq!(steps[1]["with"]["mode"].as_str(), Some(mode), "{file}");
    }
    // Every fuzz target (a `[[bin]]` of fuzz/Cargo.toml) has kept seeds, which build.sh zips
    // as its seed corpus.
    let fuzz: String = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    let mut targets: Vec<&str> = Vec::new();
    let mut in_bin = false;
    for line in fuzz.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(name) = line.strip_prefix("name = \"").filter(|_| in_bin) {
            targets.push(name.trim_end_matches('"'));
        }
    }
    assert!(!targets.is_empty(), "fuzz/Cargo.toml has no targets");
    for target in targets {
        let seeds = root().join("fuzz/corpus").join(target);
        assert!(
            std::fs::read_dir(&seeds).is_ok_and(|mut d| d.next().is_some()),
            "{} has no kept seeds",
            seeds.display()
        );
    }
}

#[test]
fn the_fuzz_job_caches_its_build_and_runs_every_target_over_its_seeds() {
    let workflow = yaml(".github/workflows/boardfuzz.yml");
    let job = &workflow["jobs"]["fuzz"];
    let cache = steps(job)
        .iter()
        .find(|s| s["uses"].as_str() == Some("actions/cache@v4"))
        .expect("the fuzz job caches");
    let paths: Vec<&str> = cache["with"]["path"]
        .as_str()
        .unwrap()
        .lines()
        .map(str::trim)
        .collect();
    for kept in [".cargo-home/bin/cargo-fuzz", "fuzz/target"] {
        assert!(
            paths.contains(&kept),
            "the cache keeps no {kept}: {paths:?}"
        );
    }
    assert_eq!(
        workflow["env"]["CARGO_HOME"].as_str(),
        Some("${{ github.workspace }}/.cargo-home"),
        "the cached paths are cargo's own"
    );
    let key = cache["with"]["key"].as_str().unwrap();
    assert!(
        key.contains("hashFiles('Cargo.lock', 'fuzz/Cargo.lock')"),
        "a new lock file (a new boardfuzz) makes a new cache: {key}"
    );
    for lock in ["Cargo.lock", "fuzz/Cargo.lock"] {
        assert!(root().join(lock).is_file(), "{lock} is committed");
    }
    let runs = runs(job);
    assert!(
        runs.iter().any(|l| l == "cargo fuzz build -s none"),
        "{runs:?}"
    );
    let over_seeds = runs
        .iter()
        .find(|l| l.contains("$(cargo fuzz list)"))
        .expect("a step runs every target");
    assert!(
        over_seeds.contains("\"fuzz/corpus/$target\" -- -runs=0"),
        "{over_seeds}"
    );
    // The shard and merge jobs cache their build too.
    for name in ["shard", "merge"] {
        let job = &workflow["jobs"][name];
        assert!(
            steps(job)
                .iter()
                .any(|s| s["uses"].as_str() == Some("actions/cache@v4")
                    && s["with"]["path"]
                        .as_str()
                        .unwrap()
                        .lines()
                        .any(|l| l.trim() == "target")),
            "{name} caches target/"
        );
    }
}
