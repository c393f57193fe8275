//! The shape every game copies (`docs/adding-a-game.md`), checked for every registered game: its
//! folder has the same file roles, it has a reference module, a suite file, fuzz targets and a
//! corpus; and the core (`game.rs`, `settings.rs`, `harness/`) imports nothing of the games or the
//! CLI. Also the spec-example extractor the suites use.

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
fn the_extractor_reads_every_layout() {
    let md = "Sample 1 — input:\n```\n1 2\n```\nSample 1 — output:\n```\n3\n```\n\
              Derived. Input:\n```\n4\n```\nOutput:\n```\n5\n```\n```\n6 7\n```\nexpected `8`.\n\
              Gap check:\n```\n9\n```\nexpected:\n```\n#1 1\n```\n\
              | dice | answer |\n|---|---|\n| `1 2 3` | 190 |\n| `4` | 7 | 9 if wrong |\n";
    assert_eq!(
        common::suite::examples(md),
        vec![
            ("1 2\n".into(), "3\n".into()),
            ("4\n".into(), "5\n".into()),
            ("6 7\n".into(), "8\n".into()),
            ("9\n".into(), "#1 1\n".into()),
            ("1 2 3\n".into(), "190\n".into()),
            ("4\n".into(), "7\n".into()),
        ]
    );
}
