//! The `boardfuzz` binary, game-independent parts: usage errors, help, `list` and the settings
//! each game declares, `rules` and the clauses each game declares, and a replay of the whole
//! committed corpus through the CLI.

mod common;

use common::{boardfuzz, temp_dir, text};

#[test]
fn usage_errors_exit_2_with_a_message() {
    let out = boardfuzz(&["solve", "chess"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown game `chess`; known games: yut_nori (boj15778)"));
    let out = boardfuzz(&["check", "yut_nori", "--time", "5 parsecs"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = boardfuzz(&["solve", "yut_nori", "/no/such/file"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: cannot read /no/such/file"));
    let out = boardfuzz(&["gen", "yut_nori", "--end", "5"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("yut_nori does not take --end"));
}

#[test]
fn help_explains_the_commands() {
    let out = boardfuzz(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for word in [
        "solve",
        "check",
        "repro",
        "gen",
        "replay",
        "census",
        "Exit status",
    ] {
        assert!(help.contains(word), "--help mentions {word}");
    }
}

#[test]
fn replay_of_the_committed_corpus_passes() {
    let out = boardfuzz(&["replay"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains(", 0 failed"));
}

#[test]
fn every_game_and_its_settings_are_listed_and_a_foreign_setting_is_refused() {
    let list = text(&boardfuzz(&["list"], b"").stdout);
    for g in boardfuzz::games::builtin().all() {
        assert!(
            list.contains(g.slug()) && list.contains(g.problem()),
            "{list}"
        );
        for s in g.settings() {
            assert!(
                list.contains(&s.flag()),
                "{} missing from\n{list}",
                s.flag()
            );
            // Every other game refuses it.
            for other in boardfuzz::games::builtin().all() {
                if other.settings().iter().any(|o| o.name == s.name) {
                    continue;
                }
                let mut args = vec!["gen", other.slug(), "--seed", "1"];
                let flag = format!("--{}", s.name);
                args.push(&flag);
                if s.kind != boardfuzz::game::Kind::Switch {
                    args.push("1");
                }
                let out = boardfuzz(&args, b"");
                assert_eq!(out.status.code(), Some(2), "{args:?}");
            }
        }
    }
    let help = text(&boardfuzz(&["check", "--help"], b"").stdout);
    assert!(help.contains("Game settings"), "{help}");
}

#[test]
fn rules_prints_every_clause_with_its_tags_or_its_reason() {
    let out = boardfuzz(&["rules"], b"");
    assert_eq!(out.status.code(), Some(0));
    let all = text(&out.stdout);
    for g in boardfuzz::games::builtin().all() {
        let clauses = g.clauses();
        assert!(!clauses.is_empty(), "{} declares its clauses", g.slug());
        let measured = clauses.iter().filter(|c| c.measured()).count();
        let heading = format!(
            "{} — {}: {} clauses, {measured} measured by census tags, {} not\n",
            g.slug(),
            g.title(),
            clauses.len(),
            clauses.len() - measured
        );
        let at = all
            .find(&heading)
            .unwrap_or_else(|| panic!("{heading}in\n{all}"));
        let lines: Vec<&str> = all[at + heading.len()..].lines().collect();
        for (c, line) in clauses.iter().zip(lines) {
            let (id, rest) = line.trim_start().split_once(' ').unwrap();
            assert_eq!(id, c.id, "{line}");
            let want = match c.unmeasured {
                None => format!("tags: {}", c.tags.join(", ")),
                Some(why) => format!("not measured: {why}"),
            };
            assert_eq!(rest.trim_start(), want);
        }
    }
    let one = text(&boardfuzz(&["rules", "boj15778"], b"").stdout);
    assert!(
        one.starts_with("yut_nori — Yut Nori (BOJ 15778): 21 clauses"),
        "{one}"
    );
    assert!(
        one.contains("  YN-7   tags: land-nal-bat, capture-on-nal-bat\n"),
        "{one}"
    );
    assert!(!one.contains("SG-"), "{one}");
    assert_eq!(boardfuzz(&["rules", "chess"], b"").status.code(), Some(2));
}

#[test]
fn judge_text_over_the_input_limit_is_refused_with_one_line_and_exit_2() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let refused = |out: &std::process::Output, what: &str| {
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: one line: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("longer than the input limit of"),
            "{what}: {err}"
        );
        assert!(out.stdout.is_empty(), "{what}: {}", text(&out.stdout));
    };
    // An endless stdin: refused once the limit is passed, not read to its (missing) end.
    let mut yes = Command::new("yes")
        .arg("1")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut solve = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(["solve", "coin_jump", "--no-strict", "--max-input", "1M"])
        .stdin(Stdio::from(yes.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while solve.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = solve.kill();
    let _ = yes.kill();
    let _ = yes.wait();
    refused(&solve.wait_with_output().unwrap(), "solve < endless stdin");

    // A file, and a corpus entry, one byte over the limit; at the limit they are read.
    let dir = temp_dir("input-limit");
    std::fs::create_dir_all(dir.join("coin_jump")).unwrap();
    let case = dir.join("coin_jump/one.in");
    std::fs::write(&case, "1 1\n3\n").unwrap();
    std::fs::write(dir.join("coin_jump/one.out"), "1\n").unwrap();
    let (case, corpus) = (case.to_str().unwrap(), dir.to_str().unwrap());
    let runs: [&[&str]; 4] = [
        &["solve", "coin_jump", case],
        &["repro", "coin_jump", case],
        &["replay", "coin_jump", "--corpus", corpus],
        &["census", "coin_jump", "--corpus", corpus],
    ];
    for args in runs {
        let mut over = args.to_vec();
        over.extend(["--max-input", "5"]);
        refused(&boardfuzz(&over, b""), &format!("{over:?}"));
        let mut at = args.to_vec();
        at.extend(["--max-input", "6"]);
        let out = boardfuzz(&at, b"");
        assert_ne!(out.status.code(), Some(2), "{at:?}: {}", text(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn census_of_the_corpus_shows_the_clause_coverage_in_80_columns() {
    // dice_yut's clause DY-4 is cited by eight tags: its list wraps onto rows of its own.
    for game in ["coin_jump", "othello_board", "dice_yut"] {
        let out = boardfuzz(&["census", game], b"");
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        let coverage = stdout
            .split("clause coverage: ")
            .nth(1)
            .unwrap_or_else(|| panic!("{game}: no clause coverage: {stdout}"));
        assert!(
            coverage.contains("not measured by a tag:\n"),
            "{game}: no unmeasured clauses listed: {stdout}"
        );
        // The tag lists and the reasons wrap to fit a terminal.
        for line in coverage.lines() {
            assert!(
                line.chars().count() <= 80,
                "{game}: over 80 columns: {line}"
            );
        }
    }
    let out = boardfuzz(&["census", "dice_yut"], b"");
    let stdout = text(&out.stdout);
    let dy4 = stdout
        .lines()
        .position(|line| line.starts_with("| DY-4 "))
        .expect("DY-4 is measured");
    let rows: Vec<&str> = stdout.lines().skip(dy4).take(4).collect();
    assert!(rows[0].contains("blocked-at-40"), "{rows:?}");
    assert!(
        rows[1].starts_with("|        |            |         | "),
        "the tags go on in a row of their own: {rows:?}"
    );
    assert!(rows.join(" ").contains("land-30-35-from-30"), "{rows:?}");
}
