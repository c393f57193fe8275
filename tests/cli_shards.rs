//! A campaign split across runners: for every game, four processes of `check --shard K/4` on one
//! seed, merged by `boardfuzz merge`, against one whole run of the same seed and cases. Without a
//! bug the merged JSON, JUnit, HTML and text reports are the whole run's line for line, times
//! aside; with a planted one (`BOARDFUZZ_PLANT=engine-wrong:C`: the engine's answer gets a line
//! more on any input holding C) the merged report's first finding is the whole run's, word for
//! word, and the shards between them judged every case below it. Then `--time` with a shard, and
//! what `merge` refuses.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use common::{temp_dir, text};

const SEED: &str = "11";
const SHARDS: u64 = 4;

/// Starts the binary with `args` in the project root (the plant in `plant`, if any, and no
/// colour); [`finish`] waits for it.
fn start(args: &[String], plant: Option<&str>) -> std::process::Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardfuzz"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match plant {
        Some(p) => command.env("BOARDFUZZ_PLANT", p),
        None => command.env_remove("BOARDFUZZ_PLANT"),
    };
    command.spawn().expect("the binary runs")
}

fn finish(child: std::process::Child) -> Output {
    child.wait_with_output().expect("the binary finishes")
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// `check GAME --cases N --seed SEED --no-save --quiet` with reports `STEM.json|xml|html` in `dir`,
/// and `extra` flags.
fn check_args(game: &str, cases: u64, dir: &Path, stem: &str, extra: &[String]) -> Vec<String> {
    let mut args = words(&["check", game, "--seed", SEED, "--no-save", "--quiet"]);
    args.extend(["--cases".to_string(), cases.to_string()]);
    for (format, ext) in [("json", "json"), ("junit", "xml"), ("html", "html")] {
        args.extend([
            "--report".to_string(),
            format.to_string(),
            dir.join(format!("{stem}.{ext}")).display().to_string(),
        ]);
    }
    args.extend(extra.iter().cloned());
    args
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(path: PathBuf) -> Value {
    serde_json::from_str(&read(path)).expect("a JSON report")
}

/// A JSON report with what differs between a whole run and a merged one by nature taken out:
/// times, throughput, and the list of shards merged.
fn timeless(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for key in [
                    "seconds",
                    "running_seconds",
                    "cases_per_second",
                    "merged_from",
                ] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            Value::Array(list) => list.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

/// Text with every time and throughput blanked (`in 0.01s (29166 cases/s`, `time="0.010"`,
/// `in 0.01 s, 29166 cases/s`), and the lines that name the merged shards left out.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.contains("merged_from") || line.contains("merged from") {
            continue;
        }
        let mut kept = String::new();
        let mut rest = line;
        // A number followed by a unit of time or rate becomes `#`.
        while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
            let end = rest[start..]
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .map_or(rest.len(), |e| start + e);
            let after = &rest[end..];
            let timed = [
                "s ", "s)", "s,", "s\"", "s<", " s,", " s ", " cases/s", "\"",
            ]
            .iter()
            .any(|unit| after.starts_with(unit))
                && (rest[..start].ends_with("in ")
                    || rest[..start].ends_with("time=\"")
                    || rest[..start].ends_with('(')
                    || rest[..start].ends_with(", "));
            kept.push_str(&rest[..start]);
            kept.push_str(if timed { "#" } else { &rest[start..end] });
            rest = after;
        }
        kept.push_str(rest);
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// One whole run (`jobs` jobs), the four shards (one job each, side by side) and their merge.
struct Runs {
    dir: PathBuf,
    whole: Output,
    shards: Vec<Output>,
    merged: Output,
}

fn run_all(game: &str, cases: u64, plant: Option<&str>, whole_jobs: &str) -> Runs {
    let dir = temp_dir(&format!("shards-{game}-{}", plant.is_some()));
    let whole = start(
        &check_args(game, cases, &dir, "whole", &words(&["--jobs", whole_jobs])),
        plant,
    );
    let children: Vec<_> = (0..SHARDS)
        .map(|k| {
            let extra = vec![
                "--jobs".to_string(),
                "1".to_string(),
                "--shard".to_string(),
                format!("{k}/{SHARDS}"),
            ];
            start(
                &check_args(game, cases, &dir, &format!("shard-{k}"), &extra),
                plant,
            )
        })
        .collect();
    let whole = finish(whole);
    let shards: Vec<Output> = children.into_iter().map(finish).collect();
    let mut merge = words(&["merge"]);
    merge.extend((0..SHARDS).map(|k| dir.join(format!("shard-{k}.json")).display().to_string()));
    for (format, ext) in [("json", "json"), ("junit", "xml"), ("html", "html")] {
        merge.extend([
            "--report".to_string(),
            format.to_string(),
            dir.join(format!("merged.{ext}")).display().to_string(),
        ]);
    }
    let merged = finish(start(&merge, None));
    Runs {
        dir,
        whole,
        shards,
        merged,
    }
}

/// Without a bug: four shards merged are the whole run, report for report.
fn shards_equal_one_run(game: &str, cases: u64) {
    let r = run_all(game, cases, None, "4");
    assert_eq!(r.whole.status.code(), Some(0), "{}", text(&r.whole.stdout));
    for (k, shard) in r.shards.iter().enumerate() {
        assert_eq!(
            shard.status.code(),
            Some(0),
            "shard {k}: {}",
            text(&shard.stderr)
        );
        let report = json(r.dir.join(format!("shard-{k}.json")));
        assert_eq!(report["shard"], format!("{k}/{SHARDS}"));
        // Shard k of 4 runs the indices below `cases` that are k mod 4.
        let own = (cases - k as u64).div_ceil(SHARDS);
        assert_eq!(report["games"][0]["cases"], own, "shard {k}");
        assert!(
            text(&shard.stdout).contains(&format!("seed {SEED}, shard {k}/{SHARDS}")),
            "{}",
            text(&shard.stdout)
        );
    }
    assert_eq!(
        r.merged.status.code(),
        Some(0),
        "{}{}",
        text(&r.merged.stdout),
        text(&r.merged.stderr)
    );
    let whole = json(r.dir.join("whole.json"));
    let merged = json(r.dir.join("merged.json"));
    // The numbers first, for a readable failure; then the whole report.
    let (w, m) = (&whole["games"][0], &merged["games"][0]);
    assert_eq!(m["cases"], cases);
    for key in ["cases", "deep_cases", "rejected", "census_cases"] {
        assert_eq!(w[key], m[key], "{key}");
    }
    assert_eq!(w["census"], m["census"], "census");
    assert_eq!(w["clauses"], m["clauses"], "clause coverage");
    assert_eq!(
        merged["merged_from"],
        serde_json::json!(["0/4", "1/4", "2/4", "3/4"])
    );
    assert_eq!(timeless(whole), timeless(merged), "the JSON reports");
    for ext in ["xml", "html"] {
        let (w, m) = (
            read(r.dir.join(format!("whole.{ext}"))),
            read(r.dir.join(format!("merged.{ext}"))),
        );
        assert_eq!(without_times(&w), without_times(&m), "the {ext} reports");
    }
    // The text report too, but for its first line (the whole run's header is on stderr).
    assert_eq!(
        without_times(&text(&r.whole.stdout)),
        without_times(&text(&r.merged.stdout)),
        "the text reports"
    );
    std::fs::remove_dir_all(&r.dir).unwrap();
}

/// With a planted bug: the merged report's first finding is the whole run's, and the shards
/// judged every case below it.
fn shards_find_what_one_run_finds(game: &str, cases: u64, plant: &str) {
    // One job: the whole run judges exactly the cases up to its first finding.
    let r = run_all(game, cases, Some(plant), "1");
    assert_eq!(r.whole.status.code(), Some(1), "{}", text(&r.whole.stdout));
    assert_eq!(
        r.merged.status.code(),
        Some(1),
        "{}{}",
        text(&r.merged.stdout),
        text(&r.merged.stderr)
    );
    let whole = json(r.dir.join("whole.json"));
    let merged = json(r.dir.join("merged.json"));
    let finding = &whole["games"][0]["finding"];
    let first = finding["case_index"].as_u64().expect("a case index");
    assert_eq!(
        whole["games"][0]["cases"],
        first + 1,
        "one job stops at its finding"
    );
    assert_eq!(
        &merged["games"][0]["finding"], finding,
        "the merged first finding is the whole run's"
    );
    // Every shard judged its cases up to that index: together, the whole run's cases.
    let mut below = 0;
    let mut shard_findings = Vec::new();
    for k in 0..SHARDS {
        assert_eq!(r.shards[k as usize].status.code(), Some(1), "shard {k}");
        let report = json(r.dir.join(format!("shard-{k}.json")));
        let own = (first + 1).saturating_sub(k).div_ceil(SHARDS);
        let ran = report["games"][0]["cases"].as_u64().unwrap();
        assert!(
            ran >= own,
            "shard {k} ran {ran} cases, fewer than its {own} up to {first}"
        );
        below += own;
        let index = report["games"][0]["finding"]["case_index"]
            .as_u64()
            .unwrap();
        assert_eq!(index % SHARDS, k, "a shard finds only its own cases");
        if index == first {
            assert_eq!(&report["games"][0]["finding"], finding);
        }
        shard_findings.push(report["findings"][0].clone());
    }
    assert_eq!(below, first + 1);
    // The merged list: every shard's finding once, lowest case index first.
    let listed = merged["findings"].as_array().unwrap();
    let indices: Vec<u64> = listed
        .iter()
        .map(|f| f["case_index"].as_u64().unwrap())
        .collect();
    assert!(indices.windows(2).all(|w| w[0] < w[1]), "{indices:?}");
    assert_eq!(indices[0], first);
    for f in &shard_findings {
        let same = |g: &&Value| g["input"] == f["input"] && g["verdict"] == f["verdict"];
        let kept = listed
            .iter()
            .find(same)
            .expect("each shard's finding is listed");
        assert!(kept["case_index"].as_u64() <= f["case_index"].as_u64());
    }
    assert_eq!(
        listed.len(),
        {
            let mut distinct: Vec<(&Value, &Value)> = Vec::new();
            for f in &shard_findings {
                if !distinct.contains(&(&f["input"], &f["verdict"])) {
                    distinct.push((&f["input"], &f["verdict"]));
                }
            }
            distinct.len()
        },
        "a shrunk case found twice is listed once"
    );
    // The text: the merged report's first finding reads as the whole run's.
    let block = |out: &Output| {
        let t = text(&out.stdout);
        let start = t.find("FINDING in").expect("a finding");
        let end = t[start + 1..]
            .find("FINDING in")
            .map_or(t.len(), |e| start + 1 + e);
        let end = t[start..end].find("\nFAILED").map_or(end, |e| start + e);
        t[start..end].trim_end().to_string()
    };
    assert_eq!(block(&r.whole), block(&r.merged));
    std::fs::remove_dir_all(&r.dir).unwrap();
}

macro_rules! game_tests {
    ($($name:ident: $game:literal, $cases:literal, $plant:literal;)*) => {
        mod no_bug {
            $(#[test]
            fn $name() {
                super::shards_equal_one_run($game, $cases);
            })*
        }
        mod planted_bug {
            $(#[test]
            fn $name() {
                super::shards_find_what_one_run_finds($game, $cases, $plant);
            })*
        }
    };
}

// With seed 11 the plants put the first finding of stack_game at case 17 (shard 1), coin_jump's
// at 8 (shard 0), othello's at 19 (shard 3), othello_board's at 5 (shard 1), yut_nori's and
// dice_yut's at 0 (dice_yut's inputs are the digits 1 to 5, nearly all in every case).
game_tests! {
    yut_nori: "yut_nori", 400, "engine-wrong:7";
    stack_game: "stack_game", 300, "engine-wrong:7";
    coin_jump: "coin_jump", 400, "engine-wrong:7";
    othello: "othello", 400, "engine-wrong:7";
    othello_board: "othello_board", 400, "engine-wrong:7";
    dice_yut: "dice_yut", 120, "engine-wrong:5";
}

#[test]
fn a_shard_with_a_time_budget_runs_only_its_own_cases() {
    let dir = temp_dir("shards-time");
    let report = dir.join("shard.json").display().to_string();
    let out = finish(start(
        &words(&[
            "check",
            "coin_jump",
            "--time",
            "3s",
            "--seed",
            SEED,
            "--shard",
            "2/4",
            "--no-save",
            "--quiet",
            "--report",
            "json",
            &report,
        ]),
        Some("engine-wrong:7"),
    ));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let v = json(PathBuf::from(&report));
    assert_eq!(v["shard"], "2/4");
    assert_eq!(v["budget"]["seconds"], 3.0);
    let index = v["games"][0]["finding"]["case_index"].as_u64().unwrap();
    assert_eq!(index % 4, 2, "{index}");
    let origin = v["games"][0]["finding"]["origin"].as_str().unwrap();
    assert!(
        origin.starts_with(&format!("case {index} of seed {SEED}")),
        "{origin}"
    );
    assert!(
        text(&out.stderr).contains("shard 2/4 (cases 2, 6, 10, …)"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_reports_that_are_not_the_shards_of_one_run() {
    let dir = temp_dir("shards-refused");
    let path = |name: &str| dir.join(name).display().to_string();
    let shard = |seed: &str, k: u64, name: &str| {
        let out = finish(start(
            &words(&[
                "check",
                "othello",
                "--cases",
                "20",
                "--seed",
                seed,
                "--shard",
                &format!("{k}/3"),
                "--no-save",
                "--quiet",
                "--report",
                "json",
                &path(name),
            ]),
            None,
        ));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    };
    shard("1", 0, "a0.json");
    shard("1", 1, "a1.json");
    shard("1", 2, "a2.json");
    shard("2", 1, "b1.json");
    let merge = |files: &[&str], extra: &[&str]| {
        let mut args = words(&["merge"]);
        args.extend(files.iter().map(|f| path(f)));
        args.extend(words(extra));
        finish(start(&args, None))
    };
    let refused = |out: &Output, want: &str| {
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains(want),
            "want `{want}`: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    };
    refused(
        &merge(&["a0.json", "b1.json", "a2.json"], &[]),
        "seed 1 and 2 (the shards of one run share it)",
    );
    refused(
        &merge(&["a0.json", "a0.json", "a1.json"], &[]),
        "shard 0/3 is given twice",
    );
    refused(
        &merge(&["a0.json", "a2.json"], &[]),
        "1 of the 3 shards of seed 1 are missing (1/3)",
    );
    // Allowed, a missing shard is loud: a warning, and a note in the game's report.
    let out = merge(
        &["a0.json", "a2.json"],
        &["--allow-missing", "--report", "json", &path("m.json")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("warning: shard(s) 1/3 of this run are missing"));
    let m = json(dir.join("m.json"));
    assert_eq!(m["merged_from"], serde_json::json!(["0/3", "2/3"]));
    let notes = m["games"][0]["notes"].to_string();
    assert!(
        notes.contains("merged from 2 of 3 shards: 1/3 missing"),
        "{notes}"
    );
    // Not a report at all, and a shard that does not exist.
    std::fs::write(dir.join("junk.json"), "{\"tool\": \"other\"}").unwrap();
    refused(&merge(&["junk.json"], &[]), "not a boardfuzz JSON report");
    for bad in ["3/3", "0/0", "1-3", "x/4"] {
        let out = finish(start(
            &words(&["check", "othello", "--cases", "1", "--shard", bad]),
            None,
        ));
        assert_eq!(out.status.code(), Some(2), "--shard {bad}");
        assert!(text(&out.stderr).contains("shard"), "{}", text(&out.stderr));
    }
    // One whole run's report merged alone is that report again (its times read back to the
    // nanosecond, which a float need not hold exactly).
    let out = finish(start(
        &words(&[
            "check",
            "othello",
            "--cases",
            "30",
            "--seed",
            "1",
            "--no-save",
            "--quiet",
            "--report",
            "json",
            &path("whole.json"),
        ]),
        None,
    ));
    assert_eq!(out.status.code(), Some(0));
    let out = merge(&["whole.json"], &["--report", "json", &path("again.json")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        timeless(json(dir.join("whole.json"))),
        timeless(json(dir.join("again.json")))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
