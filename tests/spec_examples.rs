//! Every worked example in the specs (`../shared/spec/<slug>.md`: official samples, derived and
//! additional checks) must be answered exactly by both implementations of every registered game.
//!
//! The examples are read straight from the spec, so a typo in a copied corpus file cannot hide a
//! wrong answer. A code block is an input when the text before it ends in `input:`, an output
//! when it ends in `output:`, and a block followed by "expected `X`" expects `X`.
//! The spec folder is found at `$BOARDFUZZ_SPEC_DIR` or `../shared/spec`; without it the test is
//! skipped with a message, except under CI (`CI` set), where a missing spec is a failure.

use std::path::PathBuf;

use boardfuzz::game::{Options, Outcome};
use boardfuzz::games;

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

/// (input, expected output) pairs of a spec, in order.
fn examples(markdown: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut pending_input: Option<String> = None;
    let mut parts = markdown.split("```");
    let mut before = parts.next().unwrap_or("").to_string();
    while let (Some(block), Some(after)) = (parts.next(), parts.next()) {
        let block = block.strip_prefix('\n').unwrap_or(block).to_string();
        let lead = before.trim_end().to_ascii_lowercase();
        if lead.ends_with("input:") {
            pending_input = Some(block.clone());
        } else if lead.ends_with("output:") {
            if let Some(input) = pending_input.take() {
                pairs.push((input, block.clone()));
            }
        }
        if let Some(rest) = after.trim_start().strip_prefix("expected `") {
            if let Some(answer) = rest.split('`').next() {
                pairs.push((block.clone(), format!("{answer}\n")));
            }
        }
        before = after.to_string();
    }
    pairs
}

#[test]
fn both_implementations_answer_every_spec_example() {
    let Some(dir) = spec_dir() else { return };
    let mut failures = Vec::new();
    for g in games::all() {
        let path = dir.join(format!("{}.md", g.slug()));
        let markdown = std::fs::read_to_string(&path).unwrap();
        let pairs = examples(&markdown);
        assert!(
            pairs.len() >= 2,
            "{}: found only {} examples",
            path.display(),
            pairs.len()
        );
        for (i, (input, output)) in pairs.iter().enumerate() {
            let options = Options::new();
            for (side, got) in [
                ("engine", g.engine(input.as_bytes(), &options)),
                ("reference", g.reference(input.as_bytes(), &options)),
            ] {
                if got != Outcome::Output(output.clone()) {
                    failures.push(format!(
                        "{} example {}: {side} answered\n{got}expected\n{output}",
                        g.slug(),
                        i + 1
                    ));
                }
            }
        }
        eprintln!("{}: {} spec examples", g.slug(), pairs.len());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_extractor_reads_all_three_layouts() {
    let md = "Sample 1 — input:\n```\n1 2\n```\nSample 1 — output:\n```\n3\n```\n\
              Derived. Input:\n```\n4\n```\nOutput:\n```\n5\n```\n```\n6 7\n```\nexpected `8`.\n";
    assert_eq!(
        examples(md),
        vec![
            ("1 2\n".into(), "3\n".into()),
            ("4\n".into(), "5\n".into()),
            ("6 7\n".into(), "8\n".into())
        ]
    );
}
