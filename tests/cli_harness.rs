//! The `boardfuzz` binary, game-independent parts: usage errors, help, `list` and the settings
//! each game declares, `rules` and the clauses each game declares, and a replay of the whole
//! committed corpus through the CLI.

mod common;

use common::{boardfuzz, text};

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
