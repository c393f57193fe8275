//! The checks every game gets from one line in its `tests/suite_<slug>.rs` (regex's shape: one
//! body of test data, and a tiny file per engine that says which game to run it on).
//!
//! - the regression corpus replayed through both sides, with each entry's recorded settings;
//! - the corpus hits every census tag (tags from the literal side where the reference has them);
//! - every worked example of the spec answered exactly by both sides;
//! - engine traces == reference traces, and engine tags == reference tags on random cases and on
//!   the corpus (where the reference
//!   computes tags);
//! - the engine passes its self-checks (`Game::self_check`) on the corpus and random cases;
//! - the generator reaches every census tag (but a few named rare ones), its cases read back
//!   through the shrinker's reader unchanged and are accepted, and shrinking makes progress;
//! - proptest: engine == reference on cases decoded from random bytes as the fuzz target
//!   decodes them, and on mutated judge text (same answer or same error class and line).
//!
//! Every failure in a run is collected and reported together, not just the first.

use std::path::PathBuf;

use boardfuzz::game::{tag_names as names, DynGame, Options, Outcome};
use boardfuzz::games;
use boardfuzz::harness::census::Census;
use boardfuzz::harness::{agreement, corpus};
use boardfuzz::rng::Rng;

pub fn game(slug: &str) -> &'static dyn DynGame {
    games::find(slug).unwrap_or_else(|| panic!("`{slug}` is not a registered game"))
}

fn corpus_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn fail_all(what: &str, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} {what}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every corpus entry is answered as recorded by the engine and by the reference.
pub fn replay_corpus(slug: &str) {
    let g = game(slug);
    let entries = corpus::load_game(&corpus_root(), g).unwrap();
    assert!(!entries.is_empty(), "corpus/{slug} is empty");
    let mut failures = Vec::new();
    for entry in &entries {
        let r = entry.replay(g);
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
    }
    fail_all("corpus failure(s)", failures);
    eprintln!("{slug}: replayed {} corpus entries", entries.len());
}

/// The corpus exercises every census tag of the game.
pub fn corpus_hits_every_tag(slug: &str) {
    let g = game(slug);
    let entries = corpus::load_game(&corpus_root(), g).unwrap();
    let census = Census::of_corpus(g, &entries).unwrap();
    let missing = census.missing();
    assert!(
        missing.is_empty(),
        "{slug}: tags no corpus entry hits: {}",
        missing.join(", ")
    );
}

/// Census tags the campaign's generator (default settings) may miss in the cases
/// [`generator_reaches_every_tag`] draws, with the reason: each is rare by nature and is held by
/// the corpus instead (`corpus_hits_every_tag`).
pub const GENERATOR_MAY_MISS: &[(&str, &[&str])] = &[
    // A 50-cell side is one large case in 512, and then a skewed draw.
    ("coin_jump", &["board-50"]),
    // Exact finishes need the last die to land a piece on the finish; early ends need all four
    // pieces home before the tenth die; a block at 25 needs two branches to meet there.
    ("dice_yut", &["finish-exact", "ends-early", "blocked-at-25"]),
    // Ending on turn 1 or at the limit exactly: one case in 32 is searched near the limit.
    ("stack_game", &["end-1", "end-1000"]),
    // A full board or a side wiped out needs most of the 32 placements.
    ("othello_board", &["full-board", "wipe-out"]),
];

/// The campaign's generator (default settings) hits every census tag of the game in `cases`
/// cases, but for the few [`GENERATOR_MAY_MISS`] names: a generator that stops producing some
/// kind of case (a mode or stream switched off) fails here, though every answer still agrees.
pub fn generator_reaches_every_tag(slug: &str, cases: u64) {
    let g = game(slug);
    let may_miss = GENERATOR_MAY_MISS
        .iter()
        .find(|(s, _)| *s == slug)
        .map_or(&[][..], |(_, tags)| *tags);
    let mut hit = 0u64;
    for i in 0..cases {
        let mut rng = Rng::new(Rng::case_seed(0x6E4E, i));
        let text = g.generate(&mut rng, &Options::new()).unwrap();
        hit |= g.census(text.as_bytes(), &Options::new()).unwrap();
    }
    let missing: Vec<&str> = names(g.tags(), !hit)
        .into_iter()
        .filter(|t| !may_miss.contains(t))
        .collect();
    assert!(
        missing.is_empty(),
        "{slug}: {cases} generated cases hit no {missing:?}"
    );
}

/// Every generated case reads back as the case it was rendered from: the shrinker's reader
/// (`Game::parse_case`) and `Game::render` are inverse (shrinking with nothing failing returns
/// the text unchanged), and the engine accepts it (a generator that renders garbage would make
/// both sides reject every case alike, and every comparison pass).
pub fn generated_cases_read_back(slug: &str, cases: u64) {
    let g = game(slug);
    let mut failures = Vec::new();
    for i in 0..cases {
        let mut rng = Rng::new(Rng::case_seed(0x4EAD, i));
        let text = g.generate(&mut rng, &Options::new()).unwrap();
        if !matches!(
            g.engine(text.as_bytes(), &Options::new()),
            Outcome::Output(_)
        ) {
            failures.push(format!("the engine rejects generated case {i}:\n{text}"));
        }
        match g.shrink(&text, &mut |_| false) {
            Some(back) if back == text => {}
            other => failures.push(format!(
                "generated case {i} reads back as {other:?}:\n{text}"
            )),
        }
    }
    fail_all("generated case(s) that do not read back", failures);
}

/// The shrinker makes progress: when every candidate "still fails", shrinking generated cases
/// never lengthens one, shortens them in all (some generated cases are minimal already: a 4×4
/// stack_game board with 4 pieces), and ends on a case it cannot shrink further.
pub fn shrinking_makes_progress(slug: &str, cases: u64) {
    let g = game(slug);
    let (mut before, mut after) = (0, 0);
    let mut failures = Vec::new();
    for i in 0..cases {
        let mut rng = Rng::new(Rng::case_seed(0x5A41, i));
        let text = g.generate(&mut rng, &Options::new()).unwrap();
        let shrunk = g
            .shrink(&text, &mut |_| true)
            .unwrap_or_else(|| panic!("{slug}: generated case {i} does not parse:\n{text}"));
        if shrunk.len() > text.len() {
            failures.push(format!("case {i} grew:\n{text}\nto\n{shrunk}"));
        }
        if g.shrink(&shrunk, &mut |_| true).as_deref() != Some(shrunk.as_str()) {
            failures.push(format!(
                "case {i} shrinks further after shrinking:\n{shrunk}"
            ));
        }
        before += text.len();
        after += shrunk.len();
    }
    fail_all("shrinking failure(s)", failures);
    assert!(
        after < before,
        "{slug}: shrinking {cases} generated cases left {before} bytes at {after}"
    );
}

/// Every corpus entry (with its recorded settings) and `cases` generated cases (default
/// settings; case seeds of `seed`).
fn corpus_and_generated(g: &dyn DynGame, seed: u64, cases: u64) -> Vec<(Vec<u8>, Options)> {
    let mut inputs: Vec<(Vec<u8>, Options)> = corpus::load_game(&corpus_root(), g)
        .unwrap()
        .into_iter()
        .map(|e| (e.input, e.options))
        .collect();
    for i in 0..cases {
        let mut rng = Rng::new(Rng::case_seed(seed, i));
        inputs.push((
            g.generate(&mut rng, &Options::new()).unwrap().into_bytes(),
            Options::new(),
        ));
    }
    inputs
}

/// The games whose literal reference computes no census (coin_jump: the reference answers by
/// step sets, which do not show the routes its tags name). Every other game's reference must.
pub const NO_REFERENCE_CENSUS: &[&str] = &["coin_jump"];

/// The engine passes its own consistency checks (`Game::self_check`: two cycle detectors, two
/// searches) on every corpus entry and on `cases` generated and `cases` fuzz-decoded cases.
pub fn self_checks_hold(slug: &str, cases: u64) {
    let g = game(slug);
    let mut inputs = corpus_and_generated(g, 0x5E1F, cases);
    for i in 0..cases {
        let mut rng = Rng::new(Rng::case_seed(0x5E1E, i));
        let bytes: Vec<u8> = (0..rng.below(600)).map(|_| rng.below(256) as u8).collect();
        let (text, options) = g.decode_fuzz_case(&bytes).unwrap();
        inputs.push((text.into_bytes(), options));
    }
    let mut failures = Vec::new();
    for (input, options) in &inputs {
        if let Err(why) = g.self_check(input, options) {
            failures.push(format!("{}\n  {why}", String::from_utf8_lossy(input)));
        }
    }
    fail_all("self-check failure(s)", failures);
}

/// The engine's census equals the reference's on `cases` random cases and every corpus entry
/// (a game in [`NO_REFERENCE_CENSUS`] is skipped, and says so).
pub fn census_sides_agree(slug: &str, cases: u64) {
    let g = game(slug);
    let inputs = corpus_and_generated(g, 0xCE05, cases);
    let mut failures = Vec::new();
    for (input, options) in &inputs {
        let Some(literal) = g.reference_census(input, options) else {
            // Only a game whose reference has no census may skip this, and it must say so here.
            assert!(
                NO_REFERENCE_CENSUS.contains(&slug),
                "{slug}: the reference computes no census tags (list the game in \
                 NO_REFERENCE_CENSUS if that is intended)"
            );
            eprintln!("{slug}: the reference computes no census tags; skipped");
            return;
        };
        let literal = literal.unwrap();
        let engine = g.census(input, options).unwrap();
        if engine != literal {
            failures.push(format!(
                "{}\n  engine:    {:?}\n  reference: {:?}",
                String::from_utf8_lossy(input),
                names(g.tags(), engine),
                names(g.tags(), literal)
            ));
        }
    }
    fail_all("census difference(s)", failures);
}

/// The engine's per-turn trace equals the reference's on `cases` random cases and the corpus, so
/// a report can always name the first turn where the two part ways.
pub fn traces_agree(slug: &str, cases: u64) {
    let g = game(slug);
    let inputs = corpus_and_generated(g, 0x7ACE, cases);
    let mut failures = Vec::new();
    for (input, options) in &inputs {
        let (e, r) = (
            g.engine_trace(input, options),
            g.reference_trace(input, options),
        );
        let same = match (&e, &r) {
            (Ok(a), Ok(b)) => a == b,
            (Err(a), Err(b)) => a.agrees_with(b),
            _ => false,
        };
        if !same {
            failures.push(format!(
                "{}: {:?}",
                String::from_utf8_lossy(input),
                boardfuzz::harness::first_divergence(g, input, options)
            ));
        }
    }
    fail_all("trace difference(s)", failures);
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

/// The full report of a disagreement on `input`, if the two sides disagree.
pub fn report(g: &dyn DynGame, input: &[u8]) -> Option<String> {
    report_under(g, input, &Options::new())
}

/// [`report`] under settings (a structured fuzz case's own, `DynGame::decode_fuzz_case`).
pub fn report_under(g: &dyn DynGame, input: &[u8], options: &Options) -> Option<String> {
    agreement(g, input, options, "proptest")
        .err()
        .map(|d| d.report())
}

/// Applies one byte-level mutation chosen by `pick` to a valid judge text: cut, delete, insert or
/// replace a byte, duplicate or drop a line.
pub fn mutate(text: &str, pick: u64, at: u64, byte: u8) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let len = bytes.len().max(1);
    let i = (at as usize) % len;
    const ALPHABET: &[u8] = b" \n\r\t-+0123456789HFBABCDabcdx\xff";
    let b = ALPHABET[byte as usize % ALPHABET.len()];
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let k = (at as usize) % lines.len().max(1);
    match pick % 6 {
        0 => bytes.truncate(i),
        1 if !bytes.is_empty() => {
            bytes.remove(i.min(bytes.len() - 1));
        }
        2 => bytes.insert(i.min(bytes.len()), b),
        3 if !bytes.is_empty() => {
            let j = i.min(bytes.len() - 1);
            bytes[j] = b;
        }
        4 => {
            bytes = lines
                .iter()
                .enumerate()
                .flat_map(|(n, l)| if n == k { vec![*l, *l] } else { vec![*l] })
                .flat_map(|l| l.bytes())
                .collect();
        }
        5 => {
            bytes = lines
                .iter()
                .enumerate()
                .filter(|(n, _)| *n != k)
                .flat_map(|(_, l)| l.bytes())
                .collect();
        }
        _ => {}
    }
    bytes
}

/// Every check of this module for one game, as `#[test]`s (`tests/suite_<slug>.rs` is one line
/// of this). `$cases` is the number of proptest cases per property and of census cross-checks.
/// `game_suite!(slug, cases, no_spec_examples)` is for a game whose spec file has no worked
/// examples of its own (othello_board: the spec recovered no BOJ 15671 sample).
#[macro_export]
macro_rules! game_suite {
    ($slug:literal, $cases:expr) => {
        game_suite!($slug, $cases, no_spec_examples);

        #[test]
        fn spec_examples_are_answered_by_both_sides() {
            common::suite::spec_examples($slug);
        }
    };
    ($slug:literal, $cases:expr, no_spec_examples) => {
        use proptest::prelude::*;

        #[test]
        fn corpus_replays() {
            common::suite::replay_corpus($slug);
        }

        #[test]
        fn corpus_hits_every_census_tag() {
            common::suite::corpus_hits_every_tag($slug);
        }

        #[test]
        fn engine_trace_equals_reference_trace() {
            common::suite::traces_agree($slug, $cases / 4);
        }

        #[test]
        fn engine_census_equals_reference_census() {
            common::suite::census_sides_agree($slug, $cases);
        }

        #[test]
        fn generator_reaches_every_census_tag() {
            common::suite::generator_reaches_every_tag($slug, $cases * 4);
        }

        #[test]
        fn generated_cases_read_back() {
            common::suite::generated_cases_read_back($slug, $cases / 4);
        }

        #[test]
        fn shrinking_makes_progress() {
            common::suite::shrinking_makes_progress($slug, 8);
        }

        #[test]
        fn engine_passes_its_self_checks() {
            common::suite::self_checks_hold($slug, $cases / 4);
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases($cases))]

            #[test]
            fn engine_matches_reference_on_valid_cases(
                bytes in proptest::collection::vec(any::<u8>(), 0..1024)
            ) {
                let g = common::suite::game($slug);
                let (text, options) =
                    g.decode_fuzz_case(&bytes).expect("every byte string decodes");
                let failure = common::suite::report_under(g, text.as_bytes(), &options);
                prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
            }

            #[test]
            fn engine_and_reference_agree_on_mutated_text(
                seed in any::<u64>(), pick in any::<u64>(), at in any::<u64>(), byte in any::<u8>()
            ) {
                let g = common::suite::game($slug);
                let text = g
                    .generate(&mut boardfuzz::rng::Rng::new(seed), &boardfuzz::game::Options::new())
                    .unwrap();
                let input = common::suite::mutate(&text, pick, at, byte);
                let failure = common::suite::report(g, &input);
                prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
            }
        }
    };
}
