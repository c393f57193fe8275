//! The shape every game copies (`docs/adding-a-game.md`), checked for every registered game: its
//! folder has the same file roles, it has a reference module, a suite file, fuzz targets and a
//! corpus; and the core (`game.rs`, `settings.rs`, `harness/`) imports nothing of the games or the
//! CLI. The house's rules: every CLI file at most 300 lines, the harness's `mod.rs` files only
//! declare and re-export, and `ARCHITECTURE.md` names every file of every harness part. Also the
//! reader of the rules pages the suites use.

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

/// The `.rs` files under `dir`, its sub-folders' too.
fn rust_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines of the files in `paths` whose code (not a comment) contains one of `words`.
fn lines_naming(paths: &[PathBuf], words: &[&str]) -> Vec<String> {
    let mut offending = Vec::new();
    for path in paths {
        for (n, line) in read(path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if words.iter().any(|w| code.contains(w)) {
                offending.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
        }
    }
    offending
}

#[test]
fn the_core_imports_nothing_of_the_games_or_the_cli() {
    let mut core = vec![root().join("src/game.rs"), root().join("src/settings.rs")];
    core.extend(rust_files_under(&root().join("src/harness")));
    let offending = lines_naming(&core, &["games::", "crate::cli", "games;"]);
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

/// The floor under the harness (the game trait, settings, pictures, judge text, the RNG, the
/// text shrinker) reads nothing of it: what the core prints of the harness's (the command a
/// finding's line starts with) it is handed as an argument.
#[test]
fn the_core_imports_nothing_of_the_harness() {
    let mut core: Vec<PathBuf> = [
        "game", "settings", "picture", "judge", "rng", "guard", "draw",
    ]
    .iter()
    .map(|f| root().join(format!("src/{f}.rs")))
    .collect();
    core.extend(rust_files_under(&root().join("src/text_shrink")));
    let offending = lines_naming(&core, &["harness::", "harness;", "harness}"]);
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

/// The CLI stays thin: a subcommand's module parses flags, builds a plan and prints, in at most
/// 300 lines; anything else goes into the harness part it belongs to.
#[test]
fn every_cli_file_is_at_most_300_lines() {
    let long: Vec<String> = rust_files_under(&root().join("src/cli"))
        .iter()
        .map(|path| (path, read(path).lines().count()))
        .filter(|(_, lines)| *lines > 300)
        .map(|(path, lines)| format!("{}: {lines} lines", path.display()))
        .collect();
    assert!(long.is_empty(), "over 300 lines:\n{}", long.join("\n"));
}

/// A harness `mod.rs` only declares its modules and re-exports: the code is in the files it
/// names.
#[test]
fn the_harness_mod_files_only_declare_and_re_export() {
    let mods: Vec<PathBuf> = rust_files_under(&root().join("src/harness"))
        .into_iter()
        .filter(|p| p.ends_with("mod.rs"))
        .collect();
    assert!(mods.len() > 1, "{mods:?}");
    let items = [
        "fn ",
        "struct ",
        "enum ",
        "impl ",
        "impl<",
        "const ",
        "static ",
        "trait ",
        "type ",
        "macro_rules!",
    ];
    let offending: Vec<String> = lines_naming(&mods, &items)
        .into_iter()
        .filter(|line| !line.contains("pub use") && !line.contains("pub mod"))
        .collect();
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

/// `ARCHITECTURE.md`'s bullet of each harness part (`` - `run/` — … ``) names each of its files
/// (`` `campaign` ``), so the map says where every file is.
#[test]
fn the_architecture_names_every_file_of_every_harness_part() {
    let map = read(&root().join("ARCHITECTURE.md"));
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("src/harness")).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let part = folder.file_name().unwrap().to_string_lossy().into_owned();
        let head = format!("- `{part}/`");
        let bullet: String = match map.lines().position(|l| l.trim_start().starts_with(&head)) {
            Some(at) => {
                let lines: Vec<&str> = map.lines().collect();
                let mut text = lines[at].to_string();
                for line in &lines[at + 1..] {
                    let line = line.trim_start();
                    if line.is_empty()
                        || line.starts_with("- ")
                        || line.starts_with(char::is_numeric)
                    {
                        break;
                    }
                    text.push(' ');
                    text.push_str(line);
                }
                text
            }
            None => {
                missing.push(format!("no bullet for {part}/"));
                continue;
            }
        };
        for file in rust_files_under(&folder) {
            let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            if stem != "mod" && !bullet.contains(&format!("`{stem}`")) {
                missing.push(format!("{part}/{stem}.rs"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name:\n{}",
        missing.join("\n")
    );
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

/// The text files of the repository: every file under the root but build output, git's data,
/// fuzzing output and the fuzzers' kept seeds (bytes for libFuzzer, not text for people).
fn repository_files() -> Vec<PathBuf> {
    let skip = |path: &Path| {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let parent = path
            .parent()
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str());
        matches!(name, "target" | ".git" | "mutants.out" | "mutants.out.old")
            || (parent == Some("fuzz") && matches!(name, "corpus" | "artifacts" | "coverage"))
    };
    let mut files = Vec::new();
    let mut folders = vec![root()];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if skip(&path) {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Where `path` (relative, `/`-separated) leads from folder `base` (relative to the root), or
/// `None` if it climbs out of the root.
fn resolve(base: &Path, path: &str) -> Option<PathBuf> {
    let mut at: Vec<String> = base
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                at.pop()?;
            }
            name => at.push(name.to_string()),
        }
    }
    Some(at.iter().collect())
}

/// A fresh clone holds everything its files name: no file names the folder of notes the rules
/// were first written from (a sibling of the checkout), an absolute path into the folder that
/// holds the checkout (or a home folder), or a relative path that climbs out of the repository —
/// from the file's folder, or (outside Markdown, where links are relative to the page) from its
/// crate's root, as `CARGO_MANIFEST_DIR` and cargo's `path =` resolve. (The patterns below are
/// spelt in pieces so that this file does not name them itself.)
#[test]
fn no_file_names_a_path_outside_the_repository() {
    const UP: &str = concat!("..", "/");
    const UP_END: &str = concat!("/", "..");
    const HOME: &str = concat!("/", "home/");
    const USERS: &str = concat!("/", "Users/");
    const TILDE: &str = concat!("~", "/");
    let root = root();
    let notes = ["shared", "spec"].join("/");
    // The folder holding the checkout, unless it is the system's scratch folder: a checkout
    // there (CI's fresh clones may be) makes every scratch path a file names (`/tmp/…` in a
    // command of MUTANTS.md) look like a path beside the checkout.
    let scratch = std::env::temp_dir();
    let outside = root
        .parent()
        .filter(|p| *p != scratch && *p != Path::new("/tmp"))
        .map(|p| format!("{}/", p.display()))
        .filter(|p| p != "/");
    let mut offending = Vec::new();
    for path in repository_files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // not text
        };
        let relative = path.strip_prefix(&root).unwrap();
        let folder = relative.parent().unwrap_or(Path::new(""));
        let crate_root = folder
            .ancestors()
            .find(|a| root.join(a).join("Cargo.toml").is_file())
            .unwrap_or(Path::new(""));
        let markdown = relative.extension().is_some_and(|e| e == "md");
        for (n, line) in text.lines().enumerate() {
            let mut why = Vec::new();
            if line.contains(&notes) {
                why.push(notes.clone());
            }
            let words = line.split(|c: char| {
                !(c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '_' | '-' | '~' | '$'))
            });
            for word in words {
                let absolute = [HOME, USERS, TILDE]
                    .iter()
                    .chain(outside.as_deref().as_slice())
                    .any(|p| word.starts_with(p));
                if absolute {
                    why.push(word.to_string());
                } else if word.contains(UP)
                    || word.ends_with(UP_END)
                    || (word == ".." && relative.ends_with("Cargo.toml"))
                {
                    let escapes = resolve(folder, word).is_none()
                        || (!markdown && resolve(crate_root, word).is_none());
                    if escapes && !word.starts_with('/') && !word.starts_with('$') {
                        why.push(word.to_string());
                    }
                }
            }
            if !why.is_empty() {
                offending.push(format!(
                    "{}:{}: {} ({})",
                    relative.display(),
                    n + 1,
                    why.join(", "),
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "paths outside the repository:\n{}",
        offending.join("\n")
    );
}
