//! Replays the regression corpus (`corpus/<slug>/`) against both implementations of every
//! registered game, and checks that each game's corpus exercises every census tag.
//!
//! Every failure is collected and reported together, not just the first.

use std::path::PathBuf;

use boardfuzz::games;
use boardfuzz::harness::census::Census;
use boardfuzz::harness::corpus;

fn corpus_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

#[test]
fn every_corpus_entry_is_answered_correctly_by_engine_and_reference() {
    let mut failures = Vec::new();
    let mut replayed = 0;
    for g in games::all() {
        let entries = corpus::load_game(&corpus_root(), *g).unwrap();
        assert!(!entries.is_empty(), "corpus/{} is empty", g.slug());
        for entry in entries {
            let r = entry.replay(*g);
            for (side, ok, outcome) in [
                ("engine", r.engine_ok, &r.engine),
                ("reference", r.reference_ok, &r.reference),
            ] {
                if !ok {
                    failures.push(format!(
                        "{}: {side} answered\n{outcome}expected {:?}",
                        entry.path.display(),
                        entry.expected
                    ));
                }
            }
            replayed += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("replayed {replayed} corpus entries");
}

#[test]
fn every_corpus_hits_every_census_tag() {
    let mut missing = Vec::new();
    for g in games::all() {
        let entries = corpus::load_game(&corpus_root(), *g).unwrap();
        let census = Census::of_corpus(*g, &entries);
        for tag in census.missing() {
            missing.push(format!("{}: {tag}", g.slug()));
        }
    }
    assert!(
        missing.is_empty(),
        "tags no corpus entry hits:\n{}",
        missing.join("\n")
    );
}
