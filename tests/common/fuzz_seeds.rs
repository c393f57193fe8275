//! The kept fuzz seeds (`fuzz/corpus/<target>/`, one raw libFuzzer input a file) replayed under
//! `cargo test`, through exactly what the fuzz targets run (one line in
//! `tests/fuzz_seeds_<slug>.rs`):
//!
//! - `<slug>`: the bytes decode as libfuzzer-sys decodes them (`DynGame::decode_fuzz_case`: the
//!   size check, then `arbitrary_take_rest`), the case is rendered to judge text, and engine and
//!   reference must agree on it under the case's own settings, and so must their traces and
//!   census, and the engine pass its self-checks, where the target runs those
//!   (`boardfuzz::fuzzing::diff_fuzz_bytes`, `boardfuzz::fuzzing::deep`). Bytes that do not
//!   decode are skipped, as libFuzzer skips them.
//! - `<slug>_parse`: the raw bytes go to `boardfuzz::fuzzing::parse_agree`: same answer, or the
//!   same error class at the same line, and no panic.
//!
//! Every failing seed is reported, with the `boardfuzz repro` line that replays it.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;

use boardfuzz::harness::agreement;

/// The files of `fuzz/corpus/<target>/`, sorted; the folder must exist and hold at least one.
fn seeds(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    assert!(
        root.join(format!("fuzz/fuzz_targets/{target}.rs"))
            .is_file(),
        "`{target}` is not a fuzz target"
    );
    let dir = root.join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the kept seeds of `{target}`)", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no seed", dir.display());
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

fn relative(path: &std::path::Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

fn fail_all(target: &str, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} kept seed(s) of `{target}` fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every kept seed of the structured target `<slug>`: decoded, rendered, both sides agree.
pub fn structured(slug: &str) {
    let game = super::suite::game(slug);
    let (mut checked, mut skipped, mut deep) = (0, 0, 0);
    let mut failures = Vec::new();
    for (path, bytes) in seeds(slug) {
        let Ok((text, options)) = game.decode_fuzz_case(&bytes) else {
            skipped += 1;
            continue;
        };
        checked += 1;
        if let Err(d) = agreement(game, text.as_bytes(), &options, "kept fuzz seed") {
            let path = relative(&path);
            failures.push(format!(
                "{path}: {}\nreplay: boardfuzz repro {slug} {path} --artifact",
                d.report()
            ));
        } else if boardfuzz::fuzzing::deep(game, &bytes, text.as_bytes()) {
            deep += 1;
            if let Err(why) = boardfuzz::fuzzing::deep_check(game, text.as_bytes(), &options) {
                let path = relative(&path);
                failures.push(format!(
                    "{path}: {why}\nreplay: boardfuzz repro {slug} {path} --artifact"
                ));
            }
        }
    }
    fail_all(slug, failures);
    eprintln!(
        "{slug}: {checked} kept seeds agree, {deep} of them in traces, census and self-checks too \
         ({skipped} do not decode, skipped)"
    );
}

/// Every kept seed of the raw-bytes target `<slug>_parse`: `parse_agree` does not panic.
pub fn parse(slug: &str) {
    let target = format!("{slug}_parse");
    let mut failures = Vec::new();
    let all = seeds(&target);
    for (path, bytes) in &all {
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
            boardfuzz::fuzzing::parse_agree_slug(slug, bytes)
        }));
        if let Err(payload) = outcome {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            let path = relative(path);
            failures.push(format!(
                "{path}: {message}\nreplay: boardfuzz repro {slug} {path} --text"
            ));
        }
    }
    fail_all(&target, failures);
    eprintln!("{target}: {} kept seeds agree", all.len());
}

/// Both targets of a game, as `#[test]`s (`tests/fuzz_seeds_<slug>.rs` is one line of this).
#[macro_export]
macro_rules! fuzz_seeds {
    ($slug:literal) => {
        #[test]
        fn kept_seeds_of_the_structured_target_agree() {
            common::fuzz_seeds::structured($slug);
        }

        #[test]
        fn kept_seeds_of_the_parse_target_agree() {
            common::fuzz_seeds::parse($slug);
        }
    };
}
