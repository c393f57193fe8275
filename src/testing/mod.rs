//! The suite every game gets, for any crate's `tests/` (feature `testing`): one line,
//! `boardfuzz::game_suite!(MyGame);`, and the game's regression corpus, traces, census, shrinker
//! and both implementations are checked under `cargo test`.
//!
//! What the suite checks (each a `#[test]` of [`game_suite!`](crate::game_suite)):
//! - the regression corpus (`corpus/<slug>/`) replayed through both sides, with each entry's
//!   recorded settings;
//! - the corpus hits every census tag (tags from the literal side where the reference has them);
//! - the rule clauses the tags cite are declared consistently (one entry per tag, in order; an
//!   unmeasured clause has a reason and no tag);
//! - engine traces == reference traces, and engine tags == reference tags, on random cases and
//!   the corpus;
//! - the engine passes its self-checks ([`crate::game::Game::self_check`]) on the corpus and
//!   random cases;
//! - the generator reaches every census tag (but the rare ones a game names), its cases are
//!   accepted by the engine and read back through the shrinker's reader unchanged, and
//!   shrinking makes progress;
//! - proptest: engine == reference on cases decoded from random bytes as the fuzz target decodes
//!   them, and on mutated judge text (same answer, or the same error class and line);
//! - the kept fuzz seeds (`fuzz/corpus/<slug>/` and `fuzz/corpus/<slug>_parse/`), through
//!   exactly what the fuzz targets run ([`crate::fuzzing`]).
//!
//! A check a game cannot have is skipped — no traces (the game defines none), no census tags, no
//! rule clauses, no reference census, no fuzz target — and its test passes, having checked
//! nothing. So that a plain `cargo test` does not show it as a bare `ok`, each skip writes one
//! line past libtest's capture of a passing test's output, straight to the process's stderr,
//! naming the game, the test, what the game lacks and what to write to get the check:
//!
//! ```text
//! take_away: suite check `engine_trace_equals_reference_trace` skipped, it checked nothing: the game gives no per-turn trace; write Game::engine_trace and Game::reference_trace to have it
//! ```
//!
//! Every failure in a run is counted, and the first is reported as `check` reports a finding
//! (`src/testing/finding.rs`): shrunk by the harness's shrink, the input, the diff of the
//! answers and the first divergence, saved in `corpus/<slug>/` (so that `corpus_replays` holds
//! it from then on), with the command that replays it (`cargo run --release -- repro <slug>
//! corpus/<slug>/<hash>.in`), in at most a screen ([`SCREEN`] lines). A planted bug's failing
//! test prints 34 to 37 lines, libtest's included (`tests/suite_failure.rs`), and the example
//! crate's planted bug 26 to 36 a failing test (163 in all, against 518 with 417 in one test,
//! when the suite printed every failing case whole, with proptest's byte vectors).
//!
//! ```text
//! // tests/suite.rs of a user's crate
//! boardfuzz::game_suite!(my_game::MyGame);
//! // or with the number of random cases, and census tags the generator may miss:
//! boardfuzz::game_suite!(my_game::MyGame, cases = 500, generator_may_miss = &["rare-tag"]);
//! ```

use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::game::{dyn_game, tag_names as names, DynGame, Game, Options, Outcome};
use crate::harness::write::census::Census;
use crate::harness::{agreement, compare, keep::corpus, DeepKind};
use crate::rng::Rng;
use proptest::strategy::Strategy as _;

mod finding;

pub use finding::SCREEN;
use finding::{Failed, Finding};

#[doc(hidden)]
pub use proptest;

/// One game's suite: the game, where its files are, and how many random cases to run.
#[derive(Clone)]
pub struct Suite {
    game: &'static dyn DynGame,
    root: PathBuf,
    cases: u64,
    generator_may_miss: &'static [&'static str],
}

impl Suite {
    /// The suite of game `G` in the crate whose root is `root` (its `corpus/` and `fuzz/` are
    /// there; `game_suite!` passes `CARGO_MANIFEST_DIR`), with 1,000 random cases per check.
    pub fn new<G: Game>(root: impl Into<PathBuf>) -> Suite {
        Suite {
            game: dyn_game::<G>(),
            root: root.into(),
            cases: 1000,
            generator_may_miss: &[],
        }
    }

    /// The same suite over another [`DynGame`] (e.g. one with a planted fault).
    pub fn of(game: &'static dyn DynGame, root: impl Into<PathBuf>) -> Suite {
        Suite {
            game,
            root: root.into(),
            cases: 1000,
            generator_may_miss: &[],
        }
    }

    /// The number of random cases of each property and census cross-check (the trace, self-check
    /// and read-back checks take a quarter, the generator's tag reach four times as many).
    pub fn cases(mut self, cases: u64) -> Suite {
        self.cases = cases;
        self
    }

    /// Census tags the generator may miss in the cases [`Suite::generator_reaches_every_tag`]
    /// draws (each rare by nature, and held by the corpus instead).
    pub fn generator_may_miss(mut self, tags: &'static [&'static str]) -> Suite {
        self.generator_may_miss = tags;
        self
    }

    /// The game under test.
    pub fn game(&self) -> &'static dyn DynGame {
        self.game
    }

    /// The number of random cases a property runs.
    pub fn case_count(&self) -> u64 {
        self.cases
    }

    /// The proptest configuration of the suite's two properties: [`Suite::case_count`] cases,
    /// and a failing case's seed kept beside the test file that holds the suite
    /// (`tests/suite.rs` keeps `tests/suite.proptest-regressions`), to be rerun first from then
    /// on. Not proptest's default, which looks for `lib.rs` or `main.rs` in a folder above the
    /// test file (a `tests/` folder has neither) and prints `failed to find lib.rs or main.rs`
    /// before falling back to that same file; and not `None`, which would forget a failure
    /// proptest took minutes to find and shrink.
    pub fn proptest_config(&self) -> proptest::test_runner::Config {
        use proptest::test_runner::{Config, FileFailurePersistence};
        let mut config = Config::with_cases(u32::try_from(self.cases).unwrap_or(u32::MAX));
        config.failure_persistence = Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        )));
        config
    }

    fn corpus_entries(&self) -> Vec<corpus::Entry> {
        corpus::load_game(&self.root.join("corpus"), self.game).unwrap_or_else(|e| panic!("{e}"))
    }

    fn slug(&self) -> &'static str {
        self.game.slug()
    }

    /// Every corpus entry is answered as recorded by the engine and by the reference.
    pub fn replay_corpus(&self) {
        let (g, slug) = (self.game, self.slug());
        let entries = self.corpus_entries();
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
    pub fn corpus_hits_every_tag(&self) {
        let (g, slug) = (self.game, self.slug());
        if g.tags().is_empty() {
            skipped(slug, "corpus_hits_every_census_tag", NO_TAGS);
            return;
        }
        let census = Census::of_corpus(g, &self.corpus_entries()).unwrap();
        let missing = census.missing();
        assert!(
            missing.is_empty(),
            "{slug}: tags no corpus entry hits: {}\n\
             fix: `cargo run --release -- census {slug} --fill` (`boardfuzz census {slug} --fill` \
             with the binary on PATH) searches random cases for each missing tag, shrinks one \
             that hits it and saves it as {}/census-<tag>.in with its answer beside it; commit \
             those files (a tag no valid input can hit is a tag to remove)",
            missing.join(", "),
            corpus::dir(&self.root.join("corpus"), slug).display()
        );
    }

    /// The clause declarations hold together ([`Game::TAG_CLAUSES`], [`Game::UNMEASURED`]): one
    /// entry per census tag, in the order of [`Game::TAGS`], each citing at least one clause and
    /// none twice; every unmeasured clause listed once, with a reason, and cited by no tag.
    pub fn clauses_are_declared_consistently(&self) {
        let (g, slug) = (self.game, self.slug());
        let (cited, unmeasured) = (g.tag_clauses(), g.unmeasured());
        if cited.is_empty() && unmeasured.is_empty() {
            skipped(
                slug,
                "census_tags_cite_declared_clauses",
                Missing {
                    what: "the game declares no rule clauses",
                    remedy: "write Game::TAG_CLAUSES and Game::UNMEASURED to have it",
                },
            );
            return;
        }
        let mut failures = Vec::new();
        let tags: Vec<&str> = cited.iter().map(|(t, _)| *t).collect();
        if tags != g.tags() {
            failures.push(format!(
                "TAG_CLAUSES names the tags {tags:?}, but TAGS is {:?}",
                g.tags()
            ));
        }
        for (tag, ids) in cited {
            if ids.is_empty() {
                failures.push(format!("tag `{tag}` cites no clause"));
            }
            for (i, id) in ids.iter().enumerate() {
                if ids[..i].contains(id) {
                    failures.push(format!("tag `{tag}` cites {id} twice"));
                }
                if id.trim().is_empty() || id.contains(char::is_whitespace) {
                    failures.push(format!("tag `{tag}` cites a malformed clause id {id:?}"));
                }
            }
        }
        for (i, (id, reason)) in unmeasured.iter().enumerate() {
            if unmeasured[..i].iter().any(|(other, _)| other == id) {
                failures.push(format!("{id} is listed twice as unmeasured"));
            }
            if reason.trim().is_empty() {
                failures.push(format!("{id} is unmeasured without a reason"));
            }
            let citing: Vec<&str> = cited
                .iter()
                .filter(|(_, ids)| ids.contains(id))
                .map(|(t, _)| *t)
                .collect();
            if !citing.is_empty() {
                failures.push(format!(
                    "{id} is listed as unmeasured, but {} cite(s) it",
                    citing.join(", ")
                ));
            }
        }
        fail_all("inconsistent clause declaration(s)", failures);
    }

    /// The generator (default settings) hits every census tag of the game in `4 × cases` cases,
    /// but for the [`Suite::generator_may_miss`] names: a generator that stops producing some
    /// kind of case fails here, though every answer still agrees.
    pub fn generator_reaches_every_tag(&self) {
        let (g, slug) = (self.game, self.slug());
        if g.tags().is_empty() {
            skipped(slug, "generator_reaches_every_census_tag", NO_TAGS);
            return;
        }
        let cases = self.cases * 4;
        let mut hit = 0u64;
        for i in 0..cases {
            let mut rng = Rng::new(Rng::case_seed(0x6E4E, i));
            let text = g.generate(&mut rng, &Options::new()).unwrap();
            hit |= g.census(text.as_bytes(), &Options::new()).unwrap();
        }
        let missing: Vec<&str> = names(g.tags(), !hit)
            .into_iter()
            .filter(|t| !self.generator_may_miss.contains(t))
            .collect();
        assert!(
            missing.is_empty(),
            "{slug}: {cases} generated cases hit no {missing:?}"
        );
    }

    /// Every generated case is accepted by the engine (a generator that renders garbage would
    /// make both sides reject every case alike, and every comparison pass) and reads back as the
    /// case it was rendered from: shrinking with nothing failing returns the text unchanged.
    pub fn generated_cases_read_back(&self) {
        let g = self.game;
        let mut failures = Vec::new();
        for i in 0..self.cases / 4 {
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

    /// The shrinker makes progress: when every candidate "still fails", shrinking 8 generated
    /// cases never lengthens one, shortens them in all, and ends on a case it cannot shrink
    /// further.
    pub fn shrinking_makes_progress(&self) {
        let (g, slug) = (self.game, self.slug());
        let (mut before, mut after) = (0, 0);
        let mut failures = Vec::new();
        for i in 0..8 {
            let mut rng = Rng::new(Rng::case_seed(0x5A41, i));
            let text = g.generate(&mut rng, &Options::new()).unwrap();
            let Some(shrunk) = g.shrink(&text, &mut |_| true) else {
                failures.push(format!("generated case {i} cannot be shrunk:\n{text}"));
                continue;
            };
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
            "{slug}: shrinking 8 generated cases left {before} bytes at {after}"
        );
    }

    /// Every corpus entry (with its recorded settings) and `cases` generated cases (default
    /// settings; case seeds of `seed`).
    fn corpus_and_generated(&self, seed: u64, cases: u64) -> Vec<(Vec<u8>, Options)> {
        let g = self.game;
        let mut inputs: Vec<(Vec<u8>, Options)> = self
            .corpus_entries()
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

    /// The engine passes its own consistency checks on every corpus entry and on `cases / 4`
    /// generated and as many fuzz-decoded cases.
    pub fn self_checks_hold(&self) {
        let g = self.game;
        let cases = self.cases / 4;
        let mut inputs = self.corpus_and_generated(0x5E1F, cases);
        for i in 0..cases {
            let mut rng = Rng::new(Rng::case_seed(0x5E1E, i));
            let bytes: Vec<u8> = (0..rng.below(600)).map(|_| rng.below(256) as u8).collect();
            // Bytes shorter than the case type needs do not decode: libFuzzer skips them too.
            if let Ok((text, options)) = g.decode_fuzz_case(&bytes) {
                inputs.push((text.into_bytes(), options));
            }
        }
        let failing: Vec<usize> = (0..inputs.len())
            .filter(|&i| g.self_check(&inputs[i].0, &inputs[i].1).is_err())
            .collect();
        self.fail_on(
            "engine_passes_its_self_checks",
            Failed::Deep(DeepKind::SelfCheck),
            &failing,
            &inputs,
        );
    }

    /// Fails `check` with the report of the first of the `failing` cases (indices into `inputs`,
    /// the corpus's entries first), shrunk and saved as `check` does ([`finding`]); passes when
    /// no case fails.
    fn fail_on(
        &self,
        check: &str,
        failed: Failed,
        failing: &[usize],
        inputs: &[(Vec<u8>, Options)],
    ) {
        let Some(&first) = failing.first() else {
            return;
        };
        let corpus = self.corpus_entries();
        let origin = match corpus.get(first) {
            Some(entry) => format!("the corpus entry {}", self.relative(&entry.path)),
            None => format!(
                "generated case {} of the suite's `{check}`",
                first - corpus.len()
            ),
        };
        let (input, options) = &inputs[first];
        let finding = Finding {
            check,
            input,
            options,
            origin,
            failed,
            count: Some((failing.len(), inputs.len())),
        };
        panic!("{}", finding.report(self.game, &self.root));
    }

    /// The engine's census equals the reference's on `cases` random cases and every corpus
    /// entry. A game whose reference computes no census is skipped, and says so.
    pub fn census_sides_agree(&self) {
        let (g, slug) = (self.game, self.slug());
        let check = "engine_census_equals_reference_census";
        if g.tags().is_empty() {
            skipped(slug, check, NO_TAGS);
            return;
        }
        let inputs = self.corpus_and_generated(0xCE05, self.cases);
        let mut failing = Vec::new();
        for (i, (input, options)) in inputs.iter().enumerate() {
            let Some(literal) = g.reference_census(input, options) else {
                skipped(
                    slug,
                    check,
                    Missing {
                        what: "the reference computes no census tags of its own",
                        remedy: "write Game::reference_census to have it",
                    },
                );
                return;
            };
            if literal != g.census(input, options) {
                failing.push(i);
            }
        }
        self.fail_on(check, Failed::Deep(DeepKind::Census), &failing, &inputs);
    }

    /// The engine's per-turn trace equals the reference's on `cases / 4` random cases and the
    /// corpus, so a report can always name the first turn (or move: [`Game::UNIT`]) where the
    /// two part ways. A game with no trace is skipped, and says so.
    pub fn traces_agree(&self) {
        let (g, slug) = (self.game, self.slug());
        let inputs = self.corpus_and_generated(0x7ACE, self.cases / 4);
        let mut failing = Vec::new();
        for (i, (input, options)) in inputs.iter().enumerate() {
            let (Some(e), Some(r)) = (
                g.engine_trace(input, options),
                g.reference_trace(input, options),
            ) else {
                let what = format!("the game gives no per-{} trace", g.unit());
                skipped(
                    slug,
                    "engine_trace_equals_reference_trace",
                    Missing {
                        what: &what,
                        remedy: "write Game::engine_trace and Game::reference_trace to have it",
                    },
                );
                return;
            };
            let same = match (&e, &r) {
                (Ok(a), Ok(b)) => a == b,
                (Err(a), Err(b)) => a.agrees_with(b),
                _ => false,
            };
            if !same {
                failing.push(i);
            }
        }
        let check = "engine_trace_equals_reference_trace";
        self.fail_on(check, Failed::Deep(DeepKind::Trace), &failing, &inputs);
    }

    /// The files of `fuzz/corpus/<target>/`, sorted; `None` (with the notice that test `check`
    /// was skipped) when the crate has no fuzz target of that name
    /// (`fuzz/fuzz_targets/<target>.rs`). A target without kept seeds fails: its seeds are what
    /// CI fuzzes from.
    fn seeds(&self, target: &str, check: &str) -> Option<Vec<(PathBuf, Vec<u8>)>> {
        let source = self.root.join(format!("fuzz/fuzz_targets/{target}.rs"));
        if !source.is_file() {
            let what = format!("the crate has no fuzz target {}", self.relative(&source));
            skipped(
                self.slug(),
                check,
                Missing {
                    what: &what,
                    remedy: "add it and commit the seeds its first run keeps in \
                             fuzz/corpus/ to have it (docs/your-own-game.md, step 6)",
                },
            );
            return None;
        }
        let dir = self.root.join("fuzz/corpus").join(target);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e} (the kept seeds of `{target}`)", dir.display()))
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_file())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} holds no seed", dir.display());
        Some(
            files
                .into_iter()
                .map(|path| {
                    let bytes = std::fs::read(&path).unwrap();
                    (path, bytes)
                })
                .collect(),
        )
    }

    fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Every kept seed of the structured target `<slug>`: decoded as libfuzzer-sys decodes it,
    /// rendered, and both sides agree under the case's own settings; where the target runs them
    /// ([`crate::fuzzing::deep`]), traces, census and self-checks too. Bytes that do not decode
    /// are skipped, as libFuzzer skips them.
    pub fn structured_seeds_agree(&self) {
        let (game, slug) = (self.game, self.slug());
        let Some(seeds) = self.seeds(slug, "kept_seeds_of_the_structured_target_agree") else {
            return;
        };
        let (mut checked, mut skipped, mut deep) = (0, 0, 0);
        let mut failing = Vec::new();
        for (path, bytes) in seeds {
            let Ok((text, options)) = game.decode_fuzz_case(&bytes) else {
                skipped += 1;
                continue;
            };
            checked += 1;
            let failed = if agreement(game, text.as_bytes(), &options, "kept fuzz seed").is_err() {
                Some(Failed::Answers)
            } else if crate::fuzzing::deep(game, &bytes, text.as_bytes()) {
                deep += 1;
                crate::harness::deep_check(game, text.as_bytes(), &options)
                    .err()
                    .map(|(kind, _)| Failed::Deep(kind))
            } else {
                None
            };
            if let Some(failed) = failed {
                failing.push((self.relative(&path), text, options, failed));
            }
        }
        if let Some((path, text, options, failed)) = failing.first() {
            let finding = Finding {
                check: "kept_seeds_of_the_structured_target_agree",
                input: text.as_bytes(),
                options,
                origin: format!(
                    "the kept fuzz seed {path}; as the target decodes it: `cargo run --release \
                     -- repro {slug} {path} --artifact`"
                ),
                failed: *failed,
                count: Some((failing.len(), checked)),
            };
            panic!("{}", finding.report(game, &self.root));
        }
        eprintln!(
            "{slug}: {checked} kept seeds agree, {deep} of them in traces, census and \
             self-checks too ({skipped} do not decode, skipped)"
        );
    }

    /// Every kept seed of the raw-bytes target `<slug>_parse`: both readers agree, no panic.
    pub fn parse_seeds_agree(&self) {
        let (game, slug) = (self.game, self.slug());
        let target = format!("{slug}_parse");
        let Some(seeds) = self.seeds(&target, "kept_seeds_of_the_parse_target_agree") else {
            return;
        };
        let mut failures = Vec::new();
        for (path, bytes) in &seeds {
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                crate::fuzzing::parse_agree_dyn(game, bytes)
            }));
            if let Err(payload) = outcome {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".into());
                let path = self.relative(path);
                failures.push(format!(
                    "{path}: {message}\nreplay: repro {slug} {path} --text"
                ));
            }
        }
        fail_all("kept seed failure(s)", failures);
        eprintln!("{target}: {} kept seeds agree", seeds.len());
    }

    /// The full report of a disagreement on `input` under `options`, if the two sides disagree.
    pub fn report(&self, input: &[u8], options: &Options) -> Option<String> {
        agreement(self.game, input, options, "proptest")
            .err()
            .map(|d| d.report())
    }

    /// The property: engine == reference on [`Suite::case_count`] cases decoded from random
    /// bytes as the fuzz target decodes them (bytes too short for the case type are skipped, as
    /// libFuzzer skips them). `source_file` is the test file that holds the suite (`file!()`),
    /// beside which proptest keeps a failing case's seed ([`Suite::proptest_config`]).
    pub fn valid_cases_agree(&self, source_file: &'static str) {
        let game = self.game;
        let bytes = proptest::collection::vec(proptest::arbitrary::any::<u8>(), 0..1024);
        self.property(
            "engine_matches_reference_on_valid_cases",
            source_file,
            bytes.prop_map(RandomBytes),
            |RandomBytes(bytes)| {
                let (text, options) = game.decode_fuzz_case(bytes).ok()?;
                Some((text.into_bytes(), options))
            },
        );
    }

    /// The property: engine == reference (the same answer, or the same error class and line) on
    /// [`Suite::case_count`] generated cases, each mutated once ([`mutate`]). `source_file` as
    /// for [`Suite::valid_cases_agree`].
    pub fn mutated_text_agrees(&self, source_file: &'static str) {
        use proptest::arbitrary::any;
        let game = self.game;
        self.property(
            "engine_and_reference_agree_on_mutated_text",
            source_file,
            (any::<u64>(), any::<u64>(), any::<u64>(), any::<u8>()),
            |&(seed, pick, at, byte)| {
                let options = Options::new();
                let text = game.generate(&mut Rng::new(seed), &options).unwrap();
                Some((mutate(&text, pick, at, byte), options))
            },
        );
    }

    /// Runs a property under proptest (random cases, a failing case's seed kept and run first
    /// from then on) and reports a failing case as `check` reports a finding ([`finding`]):
    /// shrunk by the harness, not by proptest (which would shrink the random values, not the
    /// judge text, and print them raw).
    fn property<S>(
        &self,
        check: &str,
        source_file: &'static str,
        values: S,
        case: impl Fn(&S::Value) -> Option<(Vec<u8>, Options)>,
    ) where
        S: proptest::strategy::Strategy,
    {
        use proptest::test_runner::{TestCaseError, TestError, TestRunner};
        let game = self.game;
        let mut config = self.proptest_config();
        config.source_file = Some(source_file);
        config.max_shrink_iters = 0;
        let mut runner = TestRunner::new(config);
        let result = runner.run(&values, |value| match case(&value) {
            Some((input, options)) if !compare(game, &input, &options).agrees() => {
                Err(TestCaseError::fail("the two sides differ"))
            }
            _ => Ok(()),
        });
        let value = match result {
            Ok(()) => return,
            Err(TestError::Fail(_, value)) => value,
            Err(TestError::Abort(why)) => panic!("{}: `{check}` stopped: {why}", self.slug()),
        };
        let (input, options) = case(&value).expect("a failing case has an input");
        let finding = Finding {
            check,
            input: &input,
            options: &options,
            origin: "a random case of proptest, whose seed is kept in the \
                     .proptest-regressions file beside the suite's test file"
                .into(),
            failed: Failed::Answers,
            count: None,
        };
        panic!("{}", finding.report(game, &self.root));
    }
}

/// The random bytes of a case, as proptest writes them in its regressions file: their number
/// only (the case they decode to is what the failure shows, shrunk).
#[derive(Clone)]
pub struct RandomBytes(Vec<u8>);

impl std::fmt::Debug for RandomBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} random bytes", self.0.len())
    }
}

/// What a game lacks for a check of the suite, and the items that would give it.
struct Missing<'a> {
    /// What the game lacks, e.g. `the game gives no per-turn trace`.
    what: &'a str,
    /// What to do to have the check, e.g. `write Game::engine_trace and Game::reference_trace to
    /// have it`.
    remedy: &'a str,
}

/// What a game without census tags lacks.
const NO_TAGS: Missing<'static> = Missing {
    what: "the game declares no census tags",
    remedy: "write Game::TAGS and Game::census to have it",
};

/// The line that says test `check` of game `slug` was skipped.
fn skip_notice(slug: &str, check: &str, missing: &Missing<'_>) -> String {
    format!(
        "{slug}: suite check `{check}` skipped, it checked nothing: {}; {}\n",
        missing.what, missing.remedy
    )
}

/// Says that test `check` of game `slug` was skipped ([`skip_notice`]), where a plain
/// `cargo test` shows it. Not through `eprintln!`: libtest captures what that prints and shows
/// it only for a failing test (or under `--nocapture`), so a check that checked nothing would
/// pass as a bare `ok`. A write to the stderr handle goes to the process's file descriptor 2,
/// past the capture; one write of the whole line, under the lock, so that tests running side by
/// side do not mix their lines.
fn skipped(slug: &str, check: &str, missing: Missing<'_>) {
    let line = skip_notice(slug, check, &missing);
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Fails with `failures`, all counted, as many shown whole as fit a screen ([`SCREEN`] lines)
/// and at least the first.
fn fail_all(what: &str, failures: Vec<String>) {
    if failures.is_empty() {
        return;
    }
    let mut out = format!("{} {what}:\n", failures.len());
    let mut shown = 0;
    for failure in &failures {
        let lines = out.lines().count() + failure.lines().count() + 1;
        if shown > 0 && lines > SCREEN {
            break;
        }
        out.push_str(failure);
        out.push('\n');
        shown += 1;
    }
    if shown < failures.len() {
        out.push_str(&format!("… and {} more\n", failures.len() - shown));
    }
    panic!("{}", finding::screen(&out, SCREEN));
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

/// Every check of [`Suite`] for one game, as `#[test]`s in the calling test file:
/// `game_suite!(MyGame)`, or with settings of the suite as `key = value` pairs after the game
/// (any [`Suite`] builder method: `cases = 500`, `generator_may_miss = &["rare-tag"]`). The
/// crate's root (`CARGO_MANIFEST_DIR`) holds the corpus (`corpus/<slug>/`) and the kept fuzz
/// seeds (`fuzz/corpus/<slug>/`, `fuzz/corpus/<slug>_parse/`).
#[macro_export]
macro_rules! game_suite {
    ($game:ty $(, $key:ident = $value:expr)* $(,)?) => {
        fn __boardfuzz_suite() -> $crate::testing::Suite {
            $crate::testing::Suite::new::<$game>(env!("CARGO_MANIFEST_DIR")) $(.$key($value))*
        }

        #[test]
        fn corpus_replays() {
            __boardfuzz_suite().replay_corpus();
        }

        #[test]
        fn corpus_hits_every_census_tag() {
            __boardfuzz_suite().corpus_hits_every_tag();
        }

        #[test]
        fn census_tags_cite_declared_clauses() {
            __boardfuzz_suite().clauses_are_declared_consistently();
        }

        #[test]
        fn engine_trace_equals_reference_trace() {
            __boardfuzz_suite().traces_agree();
        }

        #[test]
        fn engine_census_equals_reference_census() {
            __boardfuzz_suite().census_sides_agree();
        }

        #[test]
        fn generator_reaches_every_census_tag() {
            __boardfuzz_suite().generator_reaches_every_tag();
        }

        #[test]
        fn generated_cases_read_back() {
            __boardfuzz_suite().generated_cases_read_back();
        }

        #[test]
        fn shrinking_makes_progress() {
            __boardfuzz_suite().shrinking_makes_progress();
        }

        #[test]
        fn engine_passes_its_self_checks() {
            __boardfuzz_suite().self_checks_hold();
        }

        #[test]
        fn kept_seeds_of_the_structured_target_agree() {
            __boardfuzz_suite().structured_seeds_agree();
        }

        #[test]
        fn kept_seeds_of_the_parse_target_agree() {
            __boardfuzz_suite().parse_seeds_agree();
        }

        #[test]
        fn engine_matches_reference_on_valid_cases() {
            __boardfuzz_suite().valid_cases_agree(file!());
        }

        #[test]
        fn engine_and_reference_agree_on_mutated_text() {
            __boardfuzz_suite().mutated_text_agrees(file!());
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of two tags whose clause declarations are `TAG_CLAUSES` and `UNMEASURED` below.
    macro_rules! declared {
        ($name:ident, $cited:expr, $unmeasured:expr) => {
            struct $name;
            impl Game for $name {
                type Case = u8;
                const SLUG: &'static str = "declared";
                const TAGS: &'static [&'static str] = &["a", "b"];
                const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = $cited;
                const UNMEASURED: &'static [(&'static str, &'static str)] = $unmeasured;
                fn render(case: &u8) -> String {
                    format!("{case}\n")
                }
                fn engine(input: &[u8], _: &Options) -> Outcome {
                    Outcome::Output(String::from_utf8_lossy(input).into_owned())
                }
                fn reference(input: &[u8], options: &Options) -> Outcome {
                    Self::engine(input, options)
                }
            }
        };
    }

    declared!(
        Good,
        &[("a", &["X-1"]), ("b", &["X-1", "X-2"])],
        &[("X-3", "reading only")]
    );
    declared!(
        Bad,
        &[("b", &["X-1", "X-1"]), ("a", &[])],
        &[("X-1", "trace only"), ("X-4", " "), ("X-4", "twice")]
    );

    fn failure_of(suite: Suite) -> String {
        let caught = panic::catch_unwind(AssertUnwindSafe(|| {
            suite.clauses_are_declared_consistently()
        }));
        match caught {
            Ok(()) => String::new(),
            Err(e) => e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "a panic without a message".into()),
        }
    }

    #[test]
    fn a_skip_notice_names_the_game_the_test_and_what_to_write() {
        let line = skip_notice("take_away", "corpus_hits_every_census_tag", &NO_TAGS);
        assert_eq!(
            line,
            "take_away: suite check `corpus_hits_every_census_tag` skipped, it checked nothing: \
             the game declares no census tags; write Game::TAGS and Game::census to have it\n"
        );
    }

    #[test]
    fn a_failing_property_is_kept_beside_the_file_of_the_suite() {
        use proptest::test_runner::PersistedSeed;
        let dir = std::env::temp_dir().join(format!("boardfuzz-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("suite.rs");
        std::fs::write(&source, "").unwrap();
        let source: &'static str = Box::leak(source.display().to_string().into_boxed_str());
        let mut keep = Suite::new::<Good>(".")
            .proptest_config()
            .failure_persistence
            .expect("failures are kept");
        let seed: PersistedSeed =
            "cc 49b389590ffdf9c455ec34a18699c6460fe720038324361f1431d461b23f75db"
                .parse()
                .unwrap();
        keep.save_persisted_failure2(Some(source), seed, &"the case");
        let kept = std::fs::read_to_string(dir.join("suite.proptest-regressions")).unwrap();
        assert!(kept.contains("cc 49b389590ffdf9c4"), "{kept}");
        assert_eq!(keep.load_persisted_failures2(Some(source)).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn clause_declarations_are_checked() {
        assert_eq!(failure_of(Suite::new::<Good>(".")), "");
        let failure = failure_of(Suite::new::<Bad>("."));
        for want in [
            "TAG_CLAUSES names the tags [\"b\", \"a\"], but TAGS is [\"a\", \"b\"]",
            "tag `b` cites X-1 twice",
            "tag `a` cites no clause",
            "X-1 is listed as unmeasured, but b cite(s) it",
            "X-4 is unmeasured without a reason",
            "X-4 is listed twice as unmeasured",
        ] {
            assert!(failure.contains(want), "no `{want}` in:\n{failure}");
        }
    }
}
