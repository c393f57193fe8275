//! The shape every game copies (`docs/adding-a-game.md`), checked for every registered game: its
//! folder has the same file roles, it has a reference module, a suite file, fuzz targets and a
//! corpus; and the core (`game.rs`, `settings.rs`, `harness/`) imports nothing of the games or the
//! CLI. Also the reader of the rules pages the suites use.

mod common;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_game_has_every_file_of_the_shape() {
    let fuzz_manifest = read(&root().join("fuzz/Cargo.toml"));
    let mut missing = Vec::new();
    for g in boardfuzz::games::builtin().all() {
        let slug = g.slug();
        let mut files: Vec<String> = ["mod", "engine", "case", "gen", "census"]
            .iter()
            .map(|f| format!("src/games/{slug}/{f}.rs"))
            .collect();
        files.push(format!("reference/src/{slug}.rs"));
        files.push(format!("tests/suite_{slug}.rs"));
        files.push(format!("corpus/{slug}/README.md"));
        for target in [slug.to_string(), format!("{slug}_parse")] {
            files.push(format!("fuzz/fuzz_targets/{target}.rs"));
            if !fuzz_manifest.contains(&format!("name = \"{target}\"")) {
                missing.push(format!("fuzz/Cargo.toml: [[bin]] {target}"));
            }
        }
        missing.extend(files.into_iter().filter(|f| !root().join(f).is_file()));
    }
    assert!(missing.is_empty(), "missing:\n{}", missing.join("\n"));
}

#[test]
fn the_core_imports_nothing_of_the_games_or_the_cli() {
    let mut core = vec![root().join("src/game.rs"), root().join("src/settings.rs")];
    for entry in std::fs::read_dir(root().join("src/harness")).unwrap() {
        core.push(entry.unwrap().path());
    }
    let mut offending = Vec::new();
    for path in core {
        for (n, line) in read(&path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("games::") || code.contains("crate::cli") || code.contains("games;") {
                offending.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
        }
    }
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

#[test]
fn the_rules_page_reader_reads_every_layout() {
    use common::rules::{clause_ids, corpus_lines, parse};
    assert_eq!(
        clause_ids("YN-7, (as OT-9) SG-12a X-1 BOJ-15 `DY-3`: e.g. AB-"),
        ["YN-7", "OT-9", "BOJ-15", "DY-3"]
    );
    let md = "# T\n\n## Rules\n\n### XY-1 — One\nText citing XY-2.\n\n### XY-2 — Two\n\n\
              ## Census tags\n\n| tag | clauses |\n|---|---|\n\
              | `a` | XY-2 |\n| `b` | XY-2, XY-1 |\n\n\
              ## Clauses no tag measures\n\n- XY-3 — reading only (covered by corpus entry\n  \
              `bad-x`).\n";
    let page = parse(md).unwrap();
    assert_eq!(page.clauses, ["XY-1", "XY-2"]);
    assert_eq!(
        page.tags,
        [
            ("a".to_string(), vec!["XY-2".to_string()]),
            (
                "b".to_string(),
                vec!["XY-2".to_string(), "XY-1".to_string()]
            )
        ]
    );
    assert_eq!(
        page.unmeasured,
        [(
            "XY-3".to_string(),
            "reading only (covered by corpus entry `bad-x`)".to_string()
        )]
    );
    assert_eq!(
        page.mentioned,
        ["XY-1", "XY-2", "XY-2", "XY-2", "XY-2", "XY-1", "XY-3"]
    );
    let bad = parse(
        &md.replace("### XY-2 — Two", "### Two")
            .replace("- XY-3 —", "- XY-3:"),
    );
    assert_eq!(bad.unwrap_err().len(), 2);
    let lines = corpus_lines(
        "| entry | why it is here |\n|---|---|\n| `sample-1` … `sample-6` | samples |\n\
         | census-*, `bad-a` | found (XY-1; XY-2) |\n",
    );
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].names, ["sample-1", "sample-6"]);
    assert!(lines[0].cites.is_empty());
    assert_eq!(lines[1].names, ["census-*", "bad-a"]);
    assert_eq!(lines[1].cites, ["XY-1", "XY-2"]);
}
