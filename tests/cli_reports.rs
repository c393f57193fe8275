//! What a user and a CI system see: the JSON and JUnit reports of `check` (parsed here), colour
//! only where asked (`--color`, `NO_COLOR`, never in pipes), shell completions with the games'
//! flags, and `--help` listing every game's flags.

mod common;

use common::{boardfuzz, boardfuzz_env, temp_dir, text};

/// A run with one finding per game (a planted engine panic on any input holding a 3; seed 2 has
/// one among the first 60 cases of both games) and both reports written.
fn run_with_reports(dir: &std::path::Path) -> (serde_json::Value, String) {
    let json = dir.join("run.json");
    let junit = dir.join("run.xml");
    let out = boardfuzz_env(
        &[
            "check",
            "coin_jump",
            "stack_game",
            "--cases",
            "60",
            "--seed",
            "2",
            "--no-save",
            "--quiet",
            "--report",
            "json",
            json.to_str().unwrap(),
            "--report",
            "junit",
            junit.to_str().unwrap(),
        ],
        b"",
        &[("BOARDFUZZ_PLANT", "engine-panic:3")],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(out.stderr.len() < 400, "--quiet: {}", text(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).expect("valid JSON");
    (json, std::fs::read_to_string(junit).unwrap())
}

#[test]
fn json_and_junit_reports_describe_the_run_and_its_finding() {
    let dir = temp_dir("reports");
    let (json, junit) = run_with_reports(&dir);

    assert_eq!(json["tool"], "boardfuzz");
    assert_eq!(json["seed"], 2);
    assert_eq!(json["status"], "failed");
    let findings = json["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 2, "{json:#}");
    let first = &findings[0];
    assert_eq!(first["game"], "coin_jump");
    assert_eq!(first["verdict"], "engine panic");
    assert!(first["input"].as_str().unwrap().contains('3'));
    assert!(first["subject_output"]
        .as_str()
        .unwrap()
        .contains("index out of bounds"));
    assert!(first["reference_output"].as_str().unwrap().ends_with('\n'));
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["game"], "stack_game");
    assert!(games[0]["census"]
        .as_object()
        .unwrap()
        .contains_key("board-1x1"));
    assert!(games[0]["cases"].as_u64().unwrap() >= 1);

    let doc = roxmltree::Document::parse(&junit).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("failures"), Some("2"));
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), 2);
    for suite in suites {
        let cases: Vec<_> = suite
            .children()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases.len(), 2, "one per game and one per finding");
        let failure = cases[1]
            .children()
            .find(|n| n.has_tag_name("failure"))
            .expect("the finding is a failed test case");
        assert_eq!(failure.attribute("type"), Some("engine panic"));
        assert!(failure.text().unwrap().contains("--- input ---"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clause coverage, in the summary and in both reports, from one run of coin_jump: each clause a
/// tag measures counts the cases whose tags cite it — at least as many as its most frequent
/// tag, at most the sum of its tags and the cases — and a clause no tag measures carries its
/// recorded reason.
#[test]
fn the_summary_and_both_reports_show_clause_coverage() {
    let dir = temp_dir("clause-reports");
    let (json, junit) = (dir.join("run.json"), dir.join("run.xml"));
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--cases",
            "300",
            "--seed",
            "1",
            "--no-save",
            "--quiet",
            "--report",
            "json",
            json.to_str().unwrap(),
            "--report",
            "junit",
            junit.to_str().unwrap(),
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("clause coverage: 8 of 12 clauses measured by a tag\n"),
        "{stdout}"
    );
    assert!(stdout.contains("| CJ-9   |"), "{stdout}");
    assert!(
        stdout.contains("not measured by a tag:\n  CJ-2   every input exercises it ("),
        "{stdout}"
    );

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).expect("valid JSON");
    let game = &json["games"][0];
    let cases = game["cases"].as_u64().unwrap();
    let census = game["census"].as_object().unwrap();
    let clauses = game["clauses"].as_object().unwrap();
    let unmeasured = game["unmeasured_clauses"].as_object().unwrap();
    assert_eq!(clauses.len() + unmeasured.len(), 12, "{game:#}");
    let g = boardfuzz::games::builtin().find("coin_jump").unwrap();
    for clause in g.clauses() {
        if !clause.measured() {
            assert_eq!(unmeasured[clause.id], clause.unmeasured.unwrap());
            continue;
        }
        let count = clauses[clause.id].as_u64().unwrap();
        let of_tags: Vec<u64> = clause
            .tags
            .iter()
            .map(|t| census[*t].as_u64().unwrap())
            .collect();
        let (most, sum) = (*of_tags.iter().max().unwrap(), of_tags.iter().sum::<u64>());
        assert!(
            most <= count && count <= sum.min(cases),
            "{}: {count} cases, its tags {of_tags:?} of {cases}",
            clause.id
        );
    }
    assert!(clauses["CJ-10"].as_u64().unwrap() > 0, "{game:#}");
    assert_eq!(unmeasured["CJ-4"], "every input exercises it");

    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let property = |name: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name("property") && n.attribute("name") == Some(name))
            .and_then(|n| n.attribute("value"))
            .map(str::to_string)
    };
    assert_eq!(property("clause:CJ-10"), Some(clauses["CJ-10"].to_string()));
    assert_eq!(
        property("clause:CJ-4").as_deref(),
        Some("not measured: every input exercises it")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn colour_only_when_asked_and_never_under_no_color() {
    let args = [
        "check",
        "coin_jump",
        "--cases",
        "30",
        "--seed",
        "4",
        "--no-save",
        "--quiet",
    ];
    let plant = ("BOARDFUZZ_PLANT", "engine-panic:3");
    let esc = |out: &std::process::Output| out.stdout.contains(&0x1b);
    // Piped: no colour by default.
    let out = boardfuzz_env(&args, b"", &[plant]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!esc(&out), "{}", text(&out.stdout));
    // Forced.
    let mut always = args.to_vec();
    always.extend(["--color", "always"]);
    let out = boardfuzz_env(&always, b"", &[plant]);
    assert!(esc(&out));
    // NO_COLOR wins over auto; never wins over everything.
    let mut auto = args.to_vec();
    auto.extend(["--color", "auto"]);
    assert!(!esc(&boardfuzz_env(
        &auto,
        b"",
        &[plant, ("NO_COLOR", "1")]
    )));
    let mut never = args.to_vec();
    never.extend(["--color", "never"]);
    assert!(!esc(&boardfuzz_env(
        &never,
        b"",
        &[plant, ("CLICOLOR_FORCE", "1")]
    )));
}

#[test]
fn the_diff_marks_one_changed_character_of_the_yut_board() {
    // The reference's picture and a copy with one character changed, through the library.
    let game = boardfuzz::games::builtin().find("yut_nori").unwrap();
    let input = b"2\nA BBBB\nA BBBF\n";
    let boardfuzz::game::Outcome::Output(picture) =
        game.reference(input, &boardfuzz::game::Options::new())
    else {
        panic!("the reference answers");
    };
    let row = picture.lines().position(|l| l.contains('A')).unwrap();
    let mut lines: Vec<String> = picture.lines().map(String::from).collect();
    let col = lines[row].find('A').unwrap();
    lines[row].replace_range(col..col + 1, "B");
    let changed = lines.join("\n") + "\n";
    let diff = boardfuzz::harness::diff_lines(&picture, &changed);
    let marked: Vec<&str> = diff.lines().filter(|l| l.starts_with("? ")).collect();
    assert_eq!(marked.len(), 1, "{diff}");
    assert_eq!(marked[0].find('^'), Some(col + 2), "{diff}");
    assert_eq!(marked[0].matches('^').count(), 1);
    assert_eq!(diff.lines().filter(|l| l.starts_with("- ")).count(), 1);
}

#[test]
fn completions_and_help_know_every_game_flag() {
    let out = boardfuzz(&["completions", "bash"], b"");
    assert_eq!(out.status.code(), Some(0));
    let script = text(&out.stdout);
    for flag in [
        "--turn-limit",
        "--no-strict",
        "--strict",
        "--end",
        "--report",
        "--jobs",
    ] {
        assert!(
            script.contains(flag),
            "{flag} missing from the bash completions"
        );
    }
    for shell in ["zsh", "fish"] {
        let out = boardfuzz(&["completions", shell], b"");
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).contains("turn-limit"), "{shell}");
    }
    let help = text(&boardfuzz(&["check", "--help"], b"").stdout);
    for flag in [
        "--turn-limit",
        "--no-strict",
        "--strict",
        "--side",
        "--pieces",
    ] {
        assert!(help.contains(flag), "{flag} missing from check --help");
    }
}

/// The HTML report of a run with a finding in every game (the engine's trace runs a turn ahead on
/// any input holding a 3, and every case is deep-checked): a real HTML parser reads it, every
/// finding holds its input, its diff and the two boards at the first divergence, each with a
/// text alternative, and every game's census is a chart.
#[test]
fn html_report_holds_every_findings_two_boards() {
    use scraper::{Html, Selector};
    let dir = temp_dir("html-report");
    let path = dir.join("run.html");
    let out = boardfuzz_env(
        &[
            "check",
            "--cases",
            "30",
            "--seed",
            "1",
            "--deep-share",
            "1",
            "--no-save",
            "--quiet",
            "--report",
            "html",
            path.to_str().unwrap(),
        ],
        b"",
        &[("BOARDFUZZ_PLANT", "trace-ahead")],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(
        !page.contains("<script") && !page.contains("src="),
        "no scripts, no sources"
    );
    assert!(!page.contains("<link"), "self-contained");
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    let select = |s: &str| Selector::parse(s).unwrap();
    let findings: Vec<_> = doc.select(&select("section.finding")).collect();
    let games: Vec<String> = findings
        .iter()
        .map(|f| {
            let h = f.select(&select("h3")).next().unwrap();
            h.text().collect::<String>()
        })
        .collect();
    assert_eq!(findings.len(), 6, "{games:?}");
    for (finding, heading) in findings.iter().zip(&games) {
        let input = finding.select(&select("pre.input")).next().unwrap();
        assert!(input.text().collect::<String>().contains('3'), "{heading}");
        assert!(finding.select(&select("pre.diff")).next().is_some());
        for side in ["reference", "engine"] {
            let boards: Vec<_> = finding
                .select(&select(&format!("figure.side-{side} svg.board")))
                .collect();
            assert_eq!(boards.len(), 1, "{heading}: the {side}'s board");
            let title = boards[0].select(&select("title")).next().unwrap();
            let title: String = title.text().collect();
            assert!(title.starts_with(side), "{heading}: {title}");
            assert!(boards[0].value().attr("aria-label").is_some());
            assert!(boards[0].select(&select("rect")).count() > 0, "{heading}");
        }
    }
    // Where the boards differ (every game but a one-turn trace), the cells are marked.
    let marked = findings
        .iter()
        .filter(|f| f.select(&select("rect.differs")).next().is_some())
        .count();
    assert!(marked >= 4, "{marked} findings with marked cells");
    assert_eq!(doc.select(&select("section.game")).count(), 6);
    for chart in doc.select(&select("svg.chart")) {
        assert!(chart.select(&select("title")).next().is_some());
    }
    assert!(doc.select(&select("svg.chart")).count() >= 12);
}
