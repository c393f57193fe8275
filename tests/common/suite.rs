//! The worked examples of the rules, answered by both sides of a shipped game (the rest of the
//! suite every game gets is `boardfuzz::testing`, one `game_suite!` line in
//! `tests/suite_<slug>.rs`).

use std::path::PathBuf;

use boardfuzz::game::{DynGame, Options, Outcome};

/// The shipped game named `slug`.
pub fn game(slug: &str) -> &'static dyn DynGame {
    boardfuzz::games::builtin()
        .find(slug)
        .unwrap_or_else(|| panic!("`{slug}` is not a shipped game"))
}

fn fail_all(what: &str, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} {what}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The spec folder: `$BOARDFUZZ_SPEC_DIR` or `../shared/spec`. Missing is a skip with a message,
/// except under CI (`CI` set), where it is a failure.
fn spec_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("BOARDFUZZ_SPEC_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/spec"));
    if dir.is_dir() {
        Some(dir)
    } else if std::env::var_os("CI").is_some() {
        panic!("spec folder {} is missing", dir.display());
    } else {
        eprintln!("skipped: spec folder {} is missing", dir.display());
        None
    }
}

/// (input, expected output) pairs of a spec, in order. A code block is an input when the text
/// before it ends in `input:`, an output when it ends in `output:`; a block followed by
/// "expected `X`" expects `X`; a table row `` | `INPUT` | ANSWER | `` is an input line and its
/// answer (dice_yut's tables).
pub fn examples(markdown: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut pending_input: Option<String> = None;
    let mut last_block: Option<String> = None;
    let mut parts = markdown.split("```");
    let mut before = parts.next().unwrap_or("").to_string();
    let mut prose = vec![before.clone()];
    while let (Some(block), Some(after)) = (parts.next(), parts.next()) {
        let block = block.strip_prefix('\n').unwrap_or(block).to_string();
        let lead = before.trim_end().to_ascii_lowercase();
        if lead.ends_with("input:") {
            pending_input = Some(block.clone());
        } else if lead.ends_with("output:") || lead.ends_with("expected:") {
            // An "expected:" block answers the block just before it, input-labelled or not.
            if let Some(input) = pending_input.take().or(last_block.take()) {
                pairs.push((input, block.clone()));
            }
        }
        last_block = Some(block.clone());
        if let Some(rest) = after.trim_start().strip_prefix("expected `") {
            if let Some(answer) = rest.split('`').next() {
                pairs.push((block.clone(), format!("{answer}\n")));
            }
        }
        before = after.to_string();
        prose.push(before.clone());
    }
    for text in prose {
        for line in text.lines() {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() >= 4 && cells[0].is_empty() {
                let (input, answer) = (cells[1], cells[2]);
                if let Some(input) = input.strip_prefix('`').and_then(|i| i.strip_suffix('`')) {
                    if !answer.is_empty() && answer.bytes().all(|b| b.is_ascii_digit()) {
                        pairs.push((format!("{input}\n"), format!("{answer}\n")));
                    }
                }
            }
        }
    }
    pairs
}

/// Both sides answer every worked example of `../shared/spec/<slug>.md` exactly.
pub fn spec_examples(slug: &str) {
    let Some(dir) = spec_dir() else { return };
    let g = game(slug);
    let path = dir.join(format!("{slug}.md"));
    let markdown = std::fs::read_to_string(&path).unwrap();
    let pairs = examples(&markdown);
    assert!(
        pairs.len() >= 2,
        "{}: found only {} examples",
        path.display(),
        pairs.len()
    );
    let mut failures = Vec::new();
    for (i, (input, output)) in pairs.iter().enumerate() {
        let options = Options::new();
        for (side, got) in [
            ("engine", g.engine(input.as_bytes(), &options)),
            ("reference", g.reference(input.as_bytes(), &options)),
        ] {
            if got != Outcome::Output(output.clone()) {
                failures.push(format!(
                    "{slug} example {}: {side} answered\n{got}expected\n{output}",
                    i + 1
                ));
            }
        }
    }
    fail_all("spec example failure(s)", failures);
    eprintln!("{slug}: {} spec examples", pairs.len());
}
