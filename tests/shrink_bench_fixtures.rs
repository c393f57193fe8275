//! The fixtures of the shrink benchmark (`benches/shrink/`, issue 39 item 5): every format folder
//! has its files, its hand-minimal case is no larger than its start case, and both are
//! interesting, by the folder's own `test.sh` (brute.py accepts the input and sol.py answers it
//! differently). Skipped, with a note, where `python3` is missing. `scripts/shrink-bench.sh
//! --check` checks the same and also that the generator reproduces `start.in`.

use std::path::{Path, PathBuf};
use std::process::Command;

const FILES: [&str; 7] = [
    "gen.py",
    "brute.py",
    "sol.py",
    "start.in",
    "start.args",
    "minimal.in",
    "test.sh",
];

/// The issue names these (the first five with their hand-minimal sizes); more may be added
/// (`snake`: issue 38's new user's format, a count second on its header line; the last six,
/// issue 46's formats no generator made).
const FORMATS: [(&str, Option<u64>); 15] = [
    ("multitest", Some(8)),
    ("graph", Some(8)),
    ("grid", Some(10)),
    ("string", Some(3)),
    ("queries", Some(11)),
    ("tree", None),
    ("float", None),
    ("multigrid", None),
    ("snake", Some(30)),
    ("perm", Some(8)),
    ("nocase", Some(4)),
    ("edges", Some(10)),
    ("intervals", Some(10)),
    ("matrix", Some(12)),
    ("path16", Some(764_226)),
];

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/shrink")
}

fn folders() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("benches/shrink")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

fn size(p: &Path) -> u64 {
    std::fs::metadata(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .len()
}

#[test]
fn every_fixture_has_its_files_and_a_minimal_no_larger_than_its_start() {
    let readme = std::fs::read_to_string(fixtures().join("README.md")).expect("README.md");
    let names: Vec<String> = folders()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for (name, minimal) in FORMATS {
        assert!(names.iter().any(|n| n == name), "no fixture folder {name}");
        if let Some(bytes) = minimal {
            assert_eq!(
                size(&fixtures().join(name).join("minimal.in")),
                bytes,
                "{name}: the issue's hand-minimal size"
            );
        }
    }
    for dir in folders() {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for f in FILES {
            assert!(dir.join(f).is_file(), "{name}: no {f}");
        }
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not described in benches/shrink/README.md"
        );
        let (start, minimal) = (size(&dir.join("start.in")), size(&dir.join("minimal.in")));
        assert!(
            minimal <= start,
            "{name}: minimal.in ({minimal} B) is larger than start.in ({start} B)"
        );
        assert!(
            start >= 200,
            "{name}: start.in has {start} bytes, fewer than 200"
        );
    }
}

/// The interpreter `python3` names (given to the tests as SHRINK_BENCH_PYTHON, so a pyenv shim
/// is not paid on every run), or None where there is none.
fn python() -> Option<String> {
    Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

#[test]
fn every_start_and_minimal_case_is_interesting() {
    let Some(python) = python() else {
        println!("note: python3 is not on PATH; the shrink-bench fixtures' cases were not run");
        return;
    };
    let mut failures = Vec::new();
    for dir in folders() {
        for case in ["start.in", "minimal.in"] {
            let status = Command::new(dir.join("test.sh"))
                .arg(dir.join(case))
                .env("SHRINK_BENCH_PYTHON", &python)
                .env_remove("COUNT_FILE")
                .status()
                .unwrap_or_else(|e| panic!("{}/test.sh: {e}", dir.display()));
            if !status.success() {
                failures.push(format!(
                    "{}/{case}",
                    dir.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "not interesting by their test.sh: {failures:?}"
    );
}

#[test]
fn the_test_counts_its_runs_and_rejects_an_invalid_input() {
    let Some(python) = python() else {
        println!("note: python3 is not on PATH; the shrink-bench test was not run");
        return;
    };
    let dir = fixtures().join("multitest");
    let tmp = std::env::temp_dir().join(format!("shrink-bench-fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let count = tmp.join("count");
    // `1 2 1 1` on one line: the same tokens as minimal.in, not the format's lines, so brute.py
    // rejects it and the test says no although sol.py would answer it wrong.
    for (text, interesting) in [
        ("1\n2\n1 1\n", true),
        ("1 2 1 1\n", false),
        ("1\n2\n1 2\n", false),
    ] {
        let case = tmp.join("case.in");
        std::fs::write(&case, text).unwrap();
        let status = Command::new(dir.join("test.sh"))
            .arg(&case)
            .env("SHRINK_BENCH_PYTHON", &python)
            .env("COUNT_FILE", &count)
            .status()
            .unwrap();
        assert_eq!(status.success(), interesting, "{text:?}");
    }
    assert_eq!(std::fs::read_to_string(&count).unwrap().lines().count(), 3);
    std::fs::remove_dir_all(&tmp).unwrap();
}
