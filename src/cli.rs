//! The `boardfuzz` command line: `solve`, `check`, `repro`, `gen`, `replay`, `census`, `list`.
//!
//! Generic over games: a game is named by its slug or problem id, and game-specific flags are
//! accepted only by the games that declare them ([`crate::game::Knob`]). Exit codes: 0 success,
//! 1 a disagreement (or a corpus entry that fails), 2 bad usage or bad input.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::game::{self, DynGame, Options, Outcome};
use crate::harness::campaign::{self, Budget, Plan};
use crate::harness::census::Census;
use crate::harness::{compare_with, corpus, minimize, Disagreement, Subject};
use crate::rng::Rng;

#[derive(Parser, Debug)]
#[command(
    name = "boardfuzz",
    version,
    about = "Differential fuzzing for board-game engines: every optimized engine against a literal reference.",
    long_about = "Differential fuzzing for board-game engines.\n\n\
Each game has an optimized engine and a literal, spec-following reference; both read the judge's \
input text and write its output text. `check` runs random valid cases through both, shrinks any \
disagreement to a small case, saves it in corpus/<game>/ and prints it. Games are named by slug \
or problem id (run `boardfuzz list`).\n\n\
Exit status: 0 ok, 1 disagreement found, 2 bad usage or bad input.",
    after_help = "Examples:\n  \
boardfuzz check --time 60s                 all games for a minute\n  \
boardfuzz check yut_nori --cases 100000 --seed 7\n  \
boardfuzz solve yut_nori case.in           engine's answer\n  \
boardfuzz solve boj15778 --reference < case.in\n  \
boardfuzz repro yut_nori fuzz/artifacts/yut_nori/crash-…\n  \
boardfuzz gen yut_nori --seed 3 > case.in\n  \
boardfuzz gen coin_jump --rows 4000 --cols 4000 --mode snake > big.in\n  \
boardfuzz solve coin_jump --no-strict big.in"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer one judge input (from FILE or stdin) with the engine or the reference.
    Solve {
        /// Game slug or problem id.
        game: String,
        /// Judge input file; stdin if absent or `-`.
        file: Option<PathBuf>,
        /// Use the literal reference instead of the optimized engine.
        #[arg(long)]
        reference: bool,
        #[command(flatten)]
        knobs: RunKnobs,
    },
    /// Run random valid cases through engine and reference; shrink and save any disagreement.
    Check {
        /// Games to check (slug or problem id); all games if none is given.
        games: Vec<String>,
        /// Number of cases per game.
        #[arg(long, conflicts_with = "time")]
        cases: Option<u64>,
        /// Total wall-clock time, shared among the games (e.g. 30s, 5m, 1h, 500ms).
        #[arg(long, value_parser = parse_duration)]
        time: Option<Duration>,
        /// Seed of the run (default: from the clock; always printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Corpus root folder to save disagreements in.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// Do not save disagreements to the corpus.
        #[arg(long)]
        no_save: bool,
        /// Search every case to end at exactly this turn (stack_game).
        #[arg(long)]
        end: Option<u32>,
        #[command(flatten)]
        solution: SolutionArgs,
        #[command(flatten)]
        knobs: RunKnobs,
    },
    /// Show one case (judge text or raw libFuzzer artifact): input, both outputs, first divergence.
    Repro {
        /// Game slug or problem id.
        game: String,
        /// A judge input file or a fuzz artifact.
        file: PathBuf,
        /// Treat FILE as a raw artifact of the structured fuzz target `<game>`.
        #[arg(long, conflicts_with = "text")]
        artifact: bool,
        /// Treat FILE as judge text (e.g. an artifact of the `<game>_parse` target).
        #[arg(long)]
        text: bool,
        /// Shrink the case structurally before showing it (if the two disagree).
        #[arg(long)]
        shrink: bool,
        /// Add the case to the corpus (with the reference's answer as expected output).
        #[arg(long)]
        save: bool,
        /// Corpus root folder for --save.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        #[command(flatten)]
        solution: SolutionArgs,
        #[command(flatten)]
        knobs: RunKnobs,
    },
    /// Print one random valid judge input.
    Gen {
        /// Game slug or problem id.
        game: String,
        /// Seed (default: from the clock; printed to stderr).
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        knobs: GenKnobs,
    },
    /// Replay the regression corpus against engine and reference.
    Replay {
        /// Games to replay; all games if none is given.
        games: Vec<String>,
        /// Corpus root folder.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Census of a corpus folder: which edge cases its entries hit. Exit 1 if a tag is missed.
    Census {
        /// Game slug or problem id.
        game: String,
        /// Corpus root folder.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// For every tag no entry hits, search random cases for one that does, shrink it (keeping
        /// the tag) and save it to the corpus with the reference's answer.
        #[arg(long)]
        fill: bool,
        /// Seed of the --fill search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Cases to try per missing tag with --fill.
        #[arg(long, default_value_t = 200_000)]
        tries: u64,
    },
    /// List the games, their problem ids and their game-specific flags.
    List,
}

/// Checking an external solution instead of the engine.
#[derive(Args, Debug, Default, Clone)]
pub struct SolutionArgs {
    /// Check this command instead of the engine: any program (run with `sh -c`) that reads judge
    /// input on stdin and writes the answer on stdout, e.g. `--solution "python3 sol.py"`. It is
    /// compared like a judge compares (trailing whitespace ignored), on valid inputs only.
    #[arg(long, value_name = "COMMAND")]
    pub solution: Option<String>,
    /// Time limit per run of --solution.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub solution_timeout: Duration,
}

impl SolutionArgs {
    fn subject(&self) -> Subject {
        match &self.solution {
            None => Subject::Engine,
            Some(command) => Subject::Solution {
                command: command.clone(),
                timeout: self.solution_timeout,
            },
        }
    }
}

/// Game-specific flags for running implementations.
#[derive(Args, Debug, Default, Clone)]
pub struct RunKnobs {
    /// Turn limit of games that have one (stack_game; default 1000).
    #[arg(long)]
    pub turn_limit: Option<u32>,
    /// Report the true fate of a game instead of the judge's capped answer (stack_game, engine).
    #[arg(long)]
    pub no_limit: bool,
    /// Lift the judge's size limits (coin_jump).
    #[arg(long)]
    pub no_strict: bool,
}

/// Game-specific flags for generating.
#[derive(Args, Debug, Default, Clone)]
pub struct GenKnobs {
    #[command(flatten)]
    pub run: RunKnobs,
    /// Search for a game that ends at exactly this turn (stack_game).
    #[arg(long)]
    pub end: Option<u32>,
    /// Board rows (coin_jump: at most 2^28 cells in all; solving more than 50 needs --no-strict).
    #[arg(long)]
    pub rows: Option<usize>,
    /// Board columns (coin_jump: at most 2^28 cells in all; solving more than 50 needs --no-strict).
    #[arg(long)]
    pub cols: Option<usize>,
    /// Generator mode (coin_jump: random, chain, cycle, unreachable, answer-one, thin, path,
    /// snake, snake-cycle); a random one per case if absent.
    #[arg(long)]
    pub mode: Option<String>,
}

impl RunKnobs {
    fn options(&self) -> Options {
        Options {
            turn_limit: self.turn_limit,
            no_limit: self.no_limit,
            no_strict: self.no_strict,
            ..Options::default()
        }
    }
}

impl GenKnobs {
    fn options(&self) -> Options {
        Options {
            end: self.end,
            rows: self.rows,
            cols: self.cols,
            mode: self.mode.clone(),
            ..self.run.options()
        }
    }
}

/// A usage error: printed as `error: …`, exit code 2.
struct Usage(String);

type CliResult = Result<ExitCode, Usage>;

/// Parses a duration such as `30s`, `5m`, `1h`, `250ms` or a bare number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a duration (try 30s, 5m, 1h, 500ms)"))?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => {
            return Err(format!(
                "unknown unit `{unit}` in `{s}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!("`{s}` must be a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

fn find_game(name: &str) -> Result<&'static dyn DynGame, Usage> {
    game::find(name).ok_or_else(|| {
        let known: Vec<String> = game::all()
            .iter()
            .map(|g| format!("{} ({})", g.slug(), g.problem()))
            .collect();
        Usage(format!(
            "unknown game `{name}`; known games: {}",
            known.join(", ")
        ))
    })
}

fn check_knobs(game: &dyn DynGame, options: &Options) -> Result<(), Usage> {
    for knob in options.knobs_in_use() {
        if !game.knobs().contains(&knob) {
            return Err(Usage(format!(
                "{} does not take {} (run `boardfuzz list` for each game's flags)",
                game.slug(),
                knob.flag()
            )));
        }
    }
    Ok(())
}

/// Refuses the knobs under which engine and reference answer different questions.
fn comparable(options: &Options, command: &str) -> Result<(), Usage> {
    match options.knobs_in_use().into_iter().find(|k| k.engine_only()) {
        Some(knob) => Err(Usage(format!(
            "{} changes what the engine answers, so {command} cannot compare it with the \
             reference; use it with `boardfuzz solve` (engine only)",
            knob.flag()
        ))),
        None => Ok(()),
    }
}

fn read_input(file: Option<&Path>) -> Result<Vec<u8>, Usage> {
    match file {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => std::fs::read(p).map_err(|e| Usage(format!("cannot read {}: {e}", p.display()))),
    }
}

fn read_stdin() -> Result<Vec<u8>, Usage> {
    let mut buf = Vec::new();
    io::stdin()
        .read_to_end(&mut buf)
        .map_err(|e| Usage(format!("cannot read stdin: {e}")))?;
    Ok(buf)
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    Rng::new(nanos).next_u64() >> 16
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Solve {
            game,
            file,
            reference,
            knobs,
        } => solve(&game, file.as_deref(), reference, &knobs.options()),
        Command::Check {
            games,
            cases,
            time,
            seed,
            corpus,
            no_save,
            solution,
            end,
            knobs,
        } => check(
            &games,
            cases,
            time,
            seed,
            (!no_save).then_some(corpus),
            solution.subject(),
            &Options {
                end,
                ..knobs.options()
            },
        ),
        Command::Repro {
            game,
            file,
            artifact,
            text,
            shrink,
            save,
            corpus,
            solution,
            knobs,
        } => repro(
            &game,
            &file,
            ReadAs { artifact, text },
            shrink,
            save.then_some(corpus),
            &solution.subject(),
            &knobs.options(),
        ),
        Command::Gen { game, seed, knobs } => gen(&game, seed, &knobs.options()),
        Command::Replay { games, corpus } => replay(&games, &corpus),
        Command::Census {
            game,
            corpus,
            fill,
            seed,
            tries,
        } => census(&game, &corpus, fill.then_some((seed, tries))),
        Command::List => {
            for g in game::all() {
                let flags: Vec<&str> = g.knobs().iter().map(|k| k.flag()).collect();
                println!(
                    "{:<12} {:<10} {}{}",
                    g.slug(),
                    g.problem(),
                    g.title(),
                    if flags.is_empty() {
                        String::new()
                    } else {
                        format!("  [{}]", flags.join(" "))
                    }
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn solve(name: &str, file: Option<&Path>, reference: bool, options: &Options) -> CliResult {
    let game = find_game(name)?;
    check_knobs(game, options)?;
    if reference {
        comparable(options, "`solve --reference`")?;
    }
    let input = read_input(file)?;
    let outcome = if reference {
        game.reference(&input, options)
    } else {
        game.engine(&input, options)
    };
    match outcome {
        Outcome::Output(text) => {
            let mut out = io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
            Ok(ExitCode::SUCCESS)
        }
        rejected => {
            eprint!("{rejected}");
            Ok(ExitCode::from(2))
        }
    }
}

fn selected(names: &[String]) -> Result<Vec<&'static dyn DynGame>, Usage> {
    if names.is_empty() {
        return Ok(game::all().to_vec());
    }
    let mut games: Vec<&'static dyn DynGame> = Vec::new();
    for name in names {
        let g = find_game(name)?;
        if !games.iter().any(|h| h.slug() == g.slug()) {
            games.push(g);
        }
    }
    Ok(games)
}

fn check(
    names: &[String],
    cases: Option<u64>,
    time: Option<Duration>,
    seed: Option<u64>,
    corpus: Option<PathBuf>,
    subject: Subject,
    options: &Options,
) -> CliResult {
    let games = selected(names)?;
    for g in &games {
        check_knobs(*g, options)?;
    }
    comparable(options, "`check`")?;
    let budget = match (cases, time) {
        (Some(n), _) => Budget::Cases(n),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Cases(10_000),
    };
    let seed = seed.unwrap_or_else(clock_seed);
    eprintln!(
        "boardfuzz check: {} against the reference, {} game(s), {}, seed {seed}",
        match &subject {
            Subject::Engine => "engine".to_string(),
            Subject::Solution { command, .. } => format!("solution `{command}`"),
        },
        games.len(),
        match budget {
            Budget::Cases(n) => format!("{n} cases each"),
            Budget::Time(t) => format!("{:?} in all", t),
        }
    );
    let plan = Plan {
        games,
        budget,
        seed,
        options: options.clone(),
        subject,
        corpus,
    };
    let runs = campaign::run(&plan, &mut io::stderr());
    let mut failed = false;
    for run in &runs {
        println!(
            "\n== {}: {} cases in {:.2}s ({:.0} cases/s), seed {seed}",
            run.slug,
            run.cases,
            run.elapsed.as_secs_f64(),
            run.cases_per_second()
        );
        print!("{}", run.census.table());
        if let Some(e) = &run.error {
            println!("error: {e}");
            failed = true;
        }
        if let Some(d) = &run.disagreement {
            println!();
            print!("{}", d.report());
            failed = true;
        }
    }
    let verdict = if failed { "FAILED" } else { "ok" };
    println!(
        "\n{verdict}: {} case(s) in {} game(s), {} disagreement(s)",
        runs.iter().map(|r| r.cases).sum::<u64>(),
        runs.len(),
        runs.iter().filter(|r| r.disagreement.is_some()).count()
    );
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// How `repro` was told to read its file (neither flag: decide from the file).
struct ReadAs {
    artifact: bool,
    text: bool,
}

/// Decides how to read a repro FILE: judge text, or a raw artifact of the structured target.
fn repro_input(
    game: &dyn DynGame,
    file: &Path,
    bytes: &[u8],
    read_as: &ReadAs,
    options: &Options,
) -> Result<(String, &'static str), Usage> {
    let as_artifact = |why: &'static str| {
        game.decode_fuzz_input(bytes)
            .map(|t| (t, why))
            .map_err(|e| {
                Usage(format!(
                    "{}: not a valid fuzz artifact: {e}",
                    file.display()
                ))
            })
    };
    let as_text = |why: &'static str| Ok((String::from_utf8_lossy(bytes).into_owned(), why));
    if read_as.artifact {
        return as_artifact("raw artifact (--artifact)");
    }
    if read_as.text {
        return as_text("judge text (--text)");
    }
    // An artifact's folder names its fuzz target: artifacts/<slug>/ is the structured target,
    // artifacts/<slug>_parse/ feeds raw bytes to the parsers as judge text.
    let parent = file
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if parent == game.slug() && file.components().any(|c| c.as_os_str() == "artifacts") {
        return as_artifact("raw artifact of the structured fuzz target");
    }
    if parent == format!("{}_parse", game.slug()) {
        return as_text("judge text (artifact of the parse target)");
    }
    let accepted = |o: &Outcome| matches!(o, Outcome::Output(_));
    if std::str::from_utf8(bytes).is_ok()
        && (accepted(&game.engine(bytes, options)) || accepted(&game.reference(bytes, options)))
    {
        return as_text("judge text");
    }
    as_artifact("raw artifact (it is not a valid judge input)")
        .or_else(|_| as_text("judge text (neither side accepts it)"))
}

fn repro(
    name: &str,
    file: &Path,
    read_as: ReadAs,
    shrink: bool,
    save_to: Option<PathBuf>,
    subject: &Subject,
    options: &Options,
) -> CliResult {
    let game = find_game(name)?;
    check_knobs(game, options)?;
    comparable(options, "`repro`")?;
    let bytes =
        std::fs::read(file).map_err(|e| Usage(format!("cannot read {}: {e}", file.display())))?;
    let (text, how) = repro_input(game, file, &bytes, &read_as, options)?;
    // A judge-text file is replayed byte for byte (it may not even be UTF-8).
    let mut raw: Vec<u8> = if how.starts_with("judge text") {
        bytes
    } else {
        text.clone().into_bytes()
    };
    println!("{} read as {how}", file.display());
    if shrink && !compare_with(game, subject, &raw, options).agrees() {
        raw = minimize(game, subject, &text, options).into_bytes();
    }
    let comparison = compare_with(game, subject, &raw, options);
    let mut saved = None;
    if let Some(root) = save_to {
        let dir = corpus::dir(&root, game.slug());
        let s = corpus::save(&dir, &raw, &comparison.reference, None)
            .map_err(|e| Usage(format!("cannot save to {}: {e}", dir.display())))?;
        println!(
            "{} {}",
            match s {
                corpus::Saved::New(_) => "saved as",
                corpus::Saved::Existing(_) => "already in the corpus as",
            },
            s.path().display()
        );
        saved = Some(s.path().to_path_buf());
    }
    if comparison.agrees() {
        println!("--- input ---");
        print!("{}", String::from_utf8_lossy(&raw));
        println!("--- {} and reference agree ---", subject.label());
        print!("{}", comparison.reference);
        Ok(ExitCode::SUCCESS)
    } else {
        // The comparison of the raw bytes is kept: re-running it on a lossy UTF-8 copy would
        // report on a different input when the file is not UTF-8.
        let mut d = Disagreement::from_comparison(
            game,
            String::from_utf8_lossy(&raw).into_owned(),
            comparison,
            options,
            format!("repro of {}", file.display()),
        );
        d.saved = saved;
        print!("{}", d.report());
        Ok(ExitCode::FAILURE)
    }
}

fn gen(name: &str, seed: Option<u64>, options: &Options) -> CliResult {
    let game = find_game(name)?;
    check_knobs(game, options)?;
    let seed = seed.unwrap_or_else(|| {
        let s = clock_seed();
        eprintln!("seed {s}");
        s
    });
    let text = game
        .generate(&mut Rng::new(seed), options)
        .map_err(|e| Usage(format!("cannot generate a {} case: {e}", game.slug())))?;
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}

fn replay(names: &[String], root: &Path) -> CliResult {
    let games = selected(names)?;
    let (mut passed, mut failed) = (0, 0);
    for game in games {
        let dir = corpus::dir(root, game.slug());
        let entries = corpus::load(&dir).map_err(Usage)?;
        for entry in entries {
            let options = Options::default();
            let engine = game.engine(&entry.input, &options);
            let reference = game.reference(&entry.input, &options);
            let ok_e = entry.expected.is_met_by(&engine);
            let ok_r = entry.expected.is_met_by(&reference);
            if ok_e && ok_r {
                passed += 1;
            } else {
                failed += 1;
                println!(
                    "FAIL {}: engine {}, reference {}",
                    entry.path.display(),
                    if ok_e { "ok" } else { "WRONG" },
                    if ok_r { "ok" } else { "WRONG" }
                );
            }
        }
    }
    println!("replay: {passed} passed, {failed} failed");
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn census(name: &str, root: &Path, fill: Option<(u64, u64)>) -> CliResult {
    let game = find_game(name)?;
    let dir = corpus::dir(root, game.slug());
    let options = Options::default();
    let tally = |entries: &[corpus::Entry]| {
        let mut census = Census::new(game.tags());
        for entry in entries {
            census.add(game.census(&entry.input, &options));
        }
        census
    };
    let mut entries = corpus::load(&dir).map_err(Usage)?;
    let mut census = tally(&entries);
    if let Some((seed, tries)) = fill {
        for tag in census.missing() {
            let index = game.tags().iter().position(|t| *t == tag).unwrap_or(0);
            match crate::harness::census::find_example(game, index, seed, tries, &options) {
                Some(text) => {
                    let expected = game.reference(text.as_bytes(), &options);
                    let saved = corpus::save(
                        &dir,
                        text.as_bytes(),
                        &expected,
                        Some(&format!("census-{tag}")),
                    )
                    .map_err(|e| Usage(format!("cannot save to {}: {e}", dir.display())))?;
                    eprintln!("{tag}: {}", saved.path().display());
                }
                None => eprintln!("{tag}: no example in {tries} cases"),
            }
        }
        entries = corpus::load(&dir).map_err(Usage)?;
        census = tally(&entries);
    }
    println!("census of {} ({} entries)", dir.display(), entries.len());
    print!("{}", census.table());
    let missing = census.missing();
    if missing.is_empty() {
        println!("every tag is hit");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("never hit: {}", missing.join(", "));
        Ok(ExitCode::FAILURE)
    }
}
