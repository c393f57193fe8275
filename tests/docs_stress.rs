//! docs/stress.md, followed literally: every file block (```` ```LANG file=NAME ````) is written,
//! and every `$ command` of a console block is run with `sh`, in page order, in a fresh folder
//! with `boardfuzz` on `PATH`; the output the page shows under a command must appear in what it
//! printed (in order; a `…` stands for anything: a line of its own for any lines, within a line
//! for any text).

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// One step of the page.
#[derive(Debug)]
enum Step {
    /// Write this file (relative to the current folder).
    File { name: String, text: String },
    /// Run this command; its output must show these lines.
    Run { command: String, shown: Vec<String> },
}

/// The steps of a markdown page, in order.
fn steps(markdown: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    for block in common::markdown::fenced_blocks(markdown) {
        if let Some(name) = block.file() {
            steps.push(Step::File {
                name: name.to_string(),
                text: block.lines.join("\n") + "\n",
            });
        } else if block.info == "console" {
            for line in block.lines {
                match line.strip_prefix("$ ") {
                    Some(command) => steps.push(Step::Run {
                        command: command.to_string(),
                        shown: Vec::new(),
                    }),
                    None => match steps.last_mut() {
                        Some(Step::Run { shown, .. }) => shown.push(line),
                        _ => panic!("output before any command: {line}"),
                    },
                }
            }
        }
    }
    steps
}

/// Whether `line` matches `pattern`, where each `…` in the pattern stands for any text.
fn matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    let (first, rest) = parts.split_first().expect("split gives one part at least");
    let Some(mut tail) = line.strip_prefix(first) else {
        return false;
    };
    for (i, part) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        if last {
            return tail.ends_with(part);
        }
        match tail.find(part) {
            Some(at) => tail = &tail[at + part.len()..],
            None => return false,
        }
    }
    tail.is_empty()
}

/// The shown lines not found, in order, in `printed`.
fn missing(shown: &[String], printed: &str) -> Vec<String> {
    let lines: Vec<&str> = printed.lines().collect();
    let mut at = 0;
    let mut missing = Vec::new();
    for pattern in shown.iter().filter(|l| l.trim() != "…") {
        match lines[at..].iter().position(|l| matches(pattern, l)) {
            Some(i) => at += i + 1,
            None => missing.push(pattern.clone()),
        }
    }
    missing
}

#[test]
fn the_matching_of_shown_output_is_strict_where_the_page_is() {
    assert!(matches("ok: … case(s)", "ok: 100 case(s)"));
    assert!(matches("a (…s)", "a (0.01s)"));
    assert!(!matches("ok: … case(s)", "FAILED: 100 case(s)"));
    assert!(!matches("- -1", "- -2"));
    let shown = vec!["b".to_string(), "…".to_string(), "a".to_string()];
    assert_eq!(missing(&shown, "a\nb\nc\n"), vec!["a".to_string()]);
    assert!(missing(&shown, "b\nc\na\n").is_empty());
}

#[test]
fn the_stress_page_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/stress.md")).unwrap();
    let steps = steps(&page);
    assert!(
        steps
            .iter()
            .filter(|s| matches!(s, Step::Run { .. }))
            .count()
            >= 4
            && steps.iter().any(|s| matches!(s, Step::File { .. })),
        "the page has no steps: {steps:?}"
    );
    let dir = common::temp_dir("docs-stress");
    let cache = dir.join("cache");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_boardfuzz"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cwd = dir.join("work");
    std::fs::create_dir_all(&cwd).unwrap();
    let where_file = dir.join("cwd");
    for step in &steps {
        match step {
            Step::File { name, text } => std::fs::write(cwd.join(name), text).unwrap(),
            Step::Run { command, shown } => {
                // The command, then the folder it left the shell in (for `cd`).
                let script = format!(
                    "{command}\nstatus=$?\npwd > '{}'\nexit $status",
                    where_file.display()
                );
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(&script)
                    .current_dir(&cwd)
                    .env("PATH", &path)
                    .env("BOARDFUZZ_CACHE", &cache)
                    .env("NO_COLOR", "1")
                    .output()
                    .unwrap();
                let printed = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                let lost = missing(shown, &printed);
                assert!(
                    lost.is_empty(),
                    "`{command}` did not print, in order:\n{}\n--- it printed ({}) ---\n{printed}",
                    lost.join("\n"),
                    out.status
                );
                cwd = PathBuf::from(std::fs::read_to_string(&where_file).unwrap().trim());
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
