//! One report from many: the JSON reports of the shards of a run ([`Shard`]: `check --shard K/N
//! --report json FILE`) read back into [`GameRun`]s ([`read`]) and merged into the runs of the
//! whole run ([`merge`]), which the writers of [`crate::harness::write::report`] and
//! [`crate::harness::write::html`] then write as `check` writes a run's own.
//!
//! What the merge can honestly promise. With `--cases C`, the `N` shards of one seed run
//! exactly the cases `0..C` of a whole run, each case generated from the same case seed, so the
//! merged counts, census and clause coverage are the whole run's. A finding stops a run: a whole
//! run stops at its lowest failing case index `f` (every worker finishes the case it holds, so
//! every index below `f` is judged) and shrinks that case; the shard that owns `f` stops there
//! too and shrinks the same case to the same input; every other shard stops at its own first
//! finding, at a higher index, or never. So a merged report lists every shard's finding, lowest
//! case index first — the first one is the whole run's finding, word for word — and its counts
//! are those of the cases the shards ran: every index below `f` and some above it, more than the
//! whole run judged. The same shrunk case found by two shards is listed once, at its lower index.
//!
//! Reports that are not shards of one run are refused, not mixed: another version of boardfuzz,
//! another command, seed, subject, budget, game settings, deep share or list of games, or shards
//! of another `N`. A shard given twice is refused; a missing shard is an error unless the caller
//! allows it (`merge --allow-missing`), and then each game says which shards it lacks.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use serde_json::Value;

use crate::game::{DynGame, Fault, Games, Outcome};
use crate::harness::programs::checker::Checker;
use crate::harness::programs::subject::Interactor;
use crate::harness::run::campaign::{Budget, GameRun, Shard};
use crate::harness::write::census::Census;
use crate::harness::write::report::{budget_json, programs_json, Programs, RunInfo, SCHEMA};
use crate::harness::{
    programs::process, Board, Comparison, Disagreement, Divergence, Subject, Verdict,
};
use crate::picture::{Cell, Picture, Tone};

/// What a report says of its run beside the games: the fields shards of one run share, and
/// their own (`shard`, `jobs`, `interrupted`).
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The boardfuzz version that wrote it.
    pub version: String,
    /// `check` or `stress`.
    pub command: String,
    /// The run's seed.
    pub seed: u64,
    /// The shard the report is of ([`Shard::WHOLE`] for a whole run or a merged one).
    pub shard: Shard,
    /// The shards a merged report was made of (empty for a run's own report).
    pub merged_from: Vec<Shard>,
    /// The budget as given.
    pub budget: Budget,
    /// The game settings, as command-line words.
    pub settings: Vec<String>,
    /// `--deep-share` as given.
    pub deep_share: Option<u32>,
    /// Worker threads.
    pub jobs: usize,
    /// `engine` or the solution's command line.
    pub subject: String,
    /// Whether the run was stopped by Ctrl-C.
    pub interrupted: bool,
    /// The programs of a `stress` run (a report of the `stress` kind); `None` for `check`.
    pub programs: Option<Programs>,
}

impl Header {
    /// The [`RunInfo`] the report writers take.
    pub fn info(&self) -> RunInfo<'_> {
        RunInfo {
            command: &self.command,
            seed: self.seed,
            jobs: self.jobs,
            subject: &self.subject,
            interrupted: self.interrupted,
            shard: self.shard,
            budget: self.budget,
            settings: self.settings.clone(),
            deep_share: self.deep_share,
            merged_from: self.merged_from.clone(),
            programs: self.programs.clone(),
        }
    }
}

/// One JSON report read back.
pub struct Read {
    /// The file it was read from (named in errors).
    pub path: PathBuf,
    /// What it says of its run.
    pub header: Header,
    /// Its games, in run order, findings and census included.
    pub runs: Vec<GameRun>,
}

/// A merged run: what one whole run's report would say.
pub struct Merged {
    /// The run's header: jobs summed, `merged_from` the shards given.
    pub header: Header,
    /// The games, each merged from every shard's.
    pub runs: Vec<GameRun>,
    /// The shards of the run that were not given (only with `allow_missing`).
    pub missing: Vec<Shard>,
}

/// A string that lives as long as the program: report text where the data model holds
/// `&'static str` (a rejection's class, the slug of a game this program does not register).
/// Each distinct string is kept once.
fn intern(text: &str) -> &'static str {
    static KEPT: OnceLock<Mutex<Vec<&'static str>>> = OnceLock::new();
    let mut kept = KEPT
        .get_or_init(|| Mutex::new(Vec::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(s) = kept.iter().find(|s| **s == text) {
        return s;
    }
    let s: &'static str = Box::leak(text.to_string().into_boxed_str());
    kept.push(s);
    s
}

/// A field of a JSON object, or an error naming it.
fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("no field `{key}`"))
}

fn u64_field(v: &Value, key: &str) -> Result<u64, String> {
    field(v, key)?
        .as_u64()
        .ok_or_else(|| format!("`{key}` is not a whole number"))
}

fn seconds_field(v: &Value, key: &str) -> Result<Duration, String> {
    field(v, key)?
        .as_f64()
        .filter(|s| *s >= 0.0 && s.is_finite())
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{key}` is not a number of seconds"))
}

fn str_field<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
    field(v, key)?
        .as_str()
        .ok_or_else(|| format!("`{key}` is not a string"))
}

fn opt_str_field(v: &Value, key: &str) -> Result<Option<String>, String> {
    match field(v, key)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        _ => Err(format!("`{key}` is neither a string nor null")),
    }
}

fn bool_field(v: &Value, key: &str) -> Result<bool, String> {
    field(v, key)?
        .as_bool()
        .ok_or_else(|| format!("`{key}` is not true or false"))
}

fn strings_field(v: &Value, key: &str) -> Result<Vec<String>, String> {
    field(v, key)?
        .as_array()
        .ok_or_else(|| format!("`{key}` is not an array"))?
        .iter()
        .map(|s| {
            s.as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("`{key}` holds something other than a string"))
        })
        .collect()
}

fn budget_of(v: &Value) -> Result<Budget, String> {
    if let Some(n) = v.get("cases").and_then(Value::as_u64) {
        return Ok(Budget::Cases(n));
    }
    match v.get("seconds").and_then(Value::as_f64) {
        Some(t) if t >= 0.0 && t.is_finite() => Ok(Budget::Time(Duration::from_secs_f64(t))),
        _ => Err("`budget` is neither {\"cases\": C} nor {\"seconds\": T}".into()),
    }
}

fn fault_of(name: &str) -> Result<Fault, String> {
    [
        Fault::Panic,
        Fault::Hang,
        Fault::RuntimeError,
        Fault::TimeLimit,
        Fault::OutputLimit,
        Fault::MemoryLimit,
        Fault::UndefinedBehaviour,
    ]
    .into_iter()
    .find(|f| f.name() == name)
    .ok_or_else(|| format!("`{name}` is not a fault"))
}

fn outcome_of(v: &Value) -> Result<Outcome, String> {
    if let Some(text) = v.get("output") {
        let text = text.as_str().ok_or("an output is not a string")?;
        return Ok(Outcome::Output(text.to_string()));
    }
    if let Some(r) = v.get("rejected") {
        return Ok(Outcome::Rejected {
            class: intern(str_field(r, "class")?),
            line: u64_field(r, "line")? as usize,
            message: str_field(r, "message")?.to_string(),
        });
    }
    if let Some(f) = v.get("failed") {
        return Ok(Outcome::Failed {
            fault: fault_of(str_field(f, "fault")?)?,
            message: str_field(f, "message")?.to_string(),
        });
    }
    Err("an outcome is none of output, rejected, failed".into())
}

fn divergence_of(v: &Value) -> Result<Divergence, String> {
    Ok(match str_field(v, "kind")? {
        "none" => Divergence::None {
            turns: u64_field(v, "turns")? as usize,
        },
        "turn" => Divergence::Turn {
            turn: u64_field(v, "turn")? as usize,
            engine: opt_str_field(v, "engine")?,
            reference: opt_str_field(v, "reference")?,
        },
        "rejected" => Divergence::Rejected,
        "unavailable" => Divergence::Unavailable,
        "no-trace" => Divergence::NoTrace,
        "skipped" => Divergence::Skipped(str_field(v, "why")?.to_string()),
        other => return Err(format!("`{other}` is not a kind of divergence")),
    })
}

fn picture_of(v: &Value) -> Result<Picture, String> {
    let rows = field(v, "rows")?
        .as_array()
        .ok_or("a picture's rows are not an array")?
        .iter()
        .map(|row| {
            row.as_array()
                .ok_or_else(|| "a picture's row is not an array".to_string())?
                .iter()
                .map(|cell| match cell.as_array().map(Vec::as_slice) {
                    Some([Value::String(text), Value::String(tone)]) => Ok(Cell::new(
                        text.clone(),
                        Tone::from_name(tone).ok_or_else(|| format!("`{tone}` is not a tone"))?,
                    )),
                    _ => Err("a picture's cell is not [TEXT, TONE]".to_string()),
                })
                .collect::<Result<Vec<Cell>, String>>()
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Picture::new(rows, str_field(v, "caption")?))
}

fn board_of(v: &Value) -> Result<Board, String> {
    Ok(Board {
        heading: str_field(v, "heading")?.to_string(),
        reference: picture_of(field(v, "reference")?)?,
        subject: match field(v, "subject")? {
            Value::Null => None,
            p => Some(picture_of(p)?),
        },
    })
}

/// The subject a finding was checked with, as the writers need it: the engine, or a solution
/// by its command line (the writers read only its label; its limits and checker are not in a
/// report, and a finding's `replay` line already repeats them).
/// Of a `stress` report, the solution's checker and interactor are its programs' (a finding's
/// answers are shown as its checker compares them).
pub fn subject_of(header: &Header) -> Subject {
    if header.subject == "engine" {
        Subject::Engine
    } else {
        let programs = header.programs.as_ref();
        Subject::Solution {
            command: header.subject.clone(),
            timeout: Duration::from_secs(10),
            output_cap: process::DEFAULT_OUTPUT_CAP,
            memory: process::DEFAULT_MEMORY_LIMIT,
            checker: programs.map_or(Checker::Lines, |p| p.checker.clone()),
            interactor: programs
                .and_then(|p| p.interactor.clone())
                .map(|command| Interactor {
                    command,
                    idle: Duration::from_secs(2),
                    against_brute: programs.is_some_and(|p| p.brute_force.is_some()),
                }),
        }
    }
}

/// The programs of a `stress` report (`programs`).
fn programs_of(v: &Value) -> Result<Programs, String> {
    let p = field(v, "programs")?;
    let checker = str_field(p, "checker")?;
    let tolerance = |key: &str| match p.get(key) {
        Some(Value::Null) | None => Ok(crate::harness::programs::checker::DEFAULT_TOLERANCE),
        Some(x) => x.as_f64().ok_or_else(|| format!("`{key}` is not a number")),
    };
    Ok(Programs {
        generator: str_field(p, "generator")?.to_string(),
        brute_force: opt_str_field(p, "brute_force")?,
        interactor: opt_str_field(p, "interactor")?,
        // A report written before `solutions` names its one solution only.
        solutions: match p.get("solutions") {
            None => vec![str_field(p, "solution")?.to_string()],
            Some(_) => strings_field(p, "solutions")?,
        },
        validator: opt_str_field(p, "validator")?,
        checker: Checker::parse(
            checker,
            tolerance("abs_error")?,
            tolerance("rel_error")?,
            Duration::from_secs(10),
        ),
    })
}

/// A verdict of a `stress` report (`brute force runtime error`, `interactor hang`, …) in the
/// words of `check`, which [`Verdict::from_description`] reads.
fn check_verdict_words(text: &str) -> String {
    for (stress, check) in [("brute force ", "reference "), ("interactor ", "checker ")] {
        if let Some(fault) = text.strip_prefix(stress) {
            return format!("{check}{fault}");
        }
    }
    text.to_string()
}

/// A finding read back, with its case index. The checker's judgement is not kept: what it said
/// is one of the finding's notes already. `unit` is what a line of the game's trace stands for
/// where the finding does not say (a report written before findings named their `unit`).
/// A finding of a `stress` report (`stress` true) has no trace, no boards and no unit, and its
/// outcomes are `expected_outcome` and `solution_outcome`.
fn finding_of(
    v: &Value,
    slug: &'static str,
    unit: &'static str,
    subject: &Subject,
    stress: bool,
) -> Result<(Option<u64>, Disagreement), String> {
    let described = str_field(v, "verdict")?;
    let verdict = Verdict::from_description(&check_verdict_words(described), subject)
        .ok_or_else(|| format!("`{described}` is not a verdict"))?;
    let (mine, reference) = if stress {
        ("solution_outcome", "expected_outcome")
    } else {
        ("subject_outcome", "reference_outcome")
    };
    let comparison = Comparison {
        subject: subject.clone(),
        mine: outcome_of(field(v, mine)?)?,
        reference: outcome_of(field(v, reference)?)?,
        judged: None,
    };
    let boards = match stress {
        true => Vec::new(),
        false => field(v, "boards")?
            .as_array()
            .ok_or("`boards` is not an array")?
            .iter()
            .map(board_of)
            .collect::<Result<Vec<_>, String>>()?,
    };
    let index = match field(v, "case_index")? {
        Value::Null => None,
        i => Some(i.as_u64().ok_or("`case_index` is not a whole number")?),
    };
    let unit = match v.get("unit") {
        None => unit,
        Some(_) => intern(str_field(v, "unit")?),
    };
    let d = Disagreement {
        slug,
        unit,
        input: str_field(v, "input")?.to_string(),
        comparison,
        divergence: match stress {
            true => Divergence::Unavailable,
            false => divergence_of(field(v, "divergence")?)?,
        },
        saved: opt_str_field(v, "saved")?.map(PathBuf::from),
        replay: opt_str_field(v, "replay")?,
        origin: str_field(v, "origin")?.to_string(),
        verdict,
        notes: strings_field(v, "notes")?,
        boards,
        of_programs: stress,
        answer_files: None,
    };
    Ok((index, d))
}

/// The census of a game object: this program's census of the game, its counts the report's.
/// A game this program does not register (a `stress` problem) may have no tags and no clauses.
fn census_of(g: &Value, slug: &str, game: Option<&'static dyn DynGame>) -> Result<Census, String> {
    let counts = field(g, "census")?
        .as_object()
        .ok_or("`census` is not an object")?;
    let clause_counts = field(g, "clauses")?
        .as_object()
        .ok_or("`clauses` is not an object")?;
    let unmeasured = field(g, "unmeasured_clauses")?
        .as_object()
        .ok_or("`unmeasured_clauses` is not an object")?;
    let mut census = match game {
        Some(game) => Census::of_game(game),
        None if counts.is_empty() && clause_counts.is_empty() && unmeasured.is_empty() => {
            Census::new(&[])
        }
        None => {
            return Err(format!(
                "`{slug}` is not a game of this program (`{} list` shows them)",
                crate::harness::program()
            ))
        }
    };
    let differs = || {
        format!(
            "the census tags or clauses of `{slug}` are not this program's: a report of another \
             build"
        )
    };
    if counts.len() != census.tags.len() {
        return Err(differs());
    }
    for (tag, count) in census.tags.iter().zip(census.counts.iter_mut()) {
        *count = counts
            .get(*tag)
            .and_then(Value::as_u64)
            .ok_or_else(differs)?;
    }
    let measured = census.clauses.iter().filter(|c| c.measured()).count();
    if clause_counts.len() != measured {
        return Err(differs());
    }
    for (clause, count) in census.clauses.iter().zip(census.clause_counts.iter_mut()) {
        if clause.measured() {
            *count = clause_counts
                .get(clause.id)
                .and_then(Value::as_u64)
                .ok_or_else(differs)?;
        }
    }
    census.cases = u64_field(g, "census_cases")?;
    Ok(census)
}

fn header_of(v: &Value) -> Result<Header, String> {
    if v.get("tool").and_then(Value::as_str) != Some("boardfuzz") {
        return Err("not a boardfuzz JSON report (no \"tool\": \"boardfuzz\")".into());
    }
    let shard = match field(v, "shard")? {
        Value::Null => Shard::WHOLE,
        Value::String(s) => Shard::parse(s)?,
        _ => return Err("`shard` is neither a string nor null".into()),
    };
    let merged_from = strings_field(v, "merged_from")?
        .iter()
        .map(|s| Shard::parse(s))
        .collect::<Result<Vec<_>, String>>()?;
    let schema = match v.get("schema") {
        None => 1,
        Some(n) => n.as_u64().ok_or("`schema` is not a whole number")?,
    };
    if schema > SCHEMA {
        return Err(format!(
            "a report of schema {schema}; this boardfuzz reads schemas up to {SCHEMA}"
        ));
    }
    // A report of schema 1 has no `kind`: it is of `check`.
    let kind = match v.get("kind") {
        None => "check",
        Some(_) => str_field(v, "kind")?,
    };
    if kind == "stress" {
        let programs = programs_of(v)?;
        return Ok(Header {
            version: str_field(v, "version")?.to_string(),
            command: str_field(v, "command")?.to_string(),
            seed: u64_field(v, "seed")?,
            shard,
            merged_from,
            budget: budget_of(field(v, "budget")?)?,
            settings: Vec::new(),
            deep_share: None,
            jobs: u64_field(v, "jobs")? as usize,
            subject: programs.solutions.join(" "),
            interrupted: str_field(v, "status")? == "interrupted",
            programs: Some(programs),
        });
    }
    if kind != "check" {
        return Err(format!("`{kind}` is not a kind of report (check, stress)"));
    }
    let deep_share = match field(v, "deep_share")? {
        Value::Null => None,
        n => Some(
            n.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or("`deep_share` is not a whole number")?,
        ),
    };
    Ok(Header {
        version: str_field(v, "version")?.to_string(),
        command: str_field(v, "command")?.to_string(),
        seed: u64_field(v, "seed")?,
        shard,
        merged_from,
        budget: budget_of(field(v, "budget")?)?,
        settings: strings_field(v, "settings")?,
        deep_share,
        jobs: u64_field(v, "jobs")? as usize,
        subject: str_field(v, "subject")?.to_string(),
        interrupted: str_field(v, "status")? == "interrupted",
        programs: None,
    })
}

/// The runs of a `stress` report: a run per row of `solutions`, each with the findings that
/// name it (`problem`); of a report written before `solutions`, its one problem's run, its
/// counts at the top level.
fn stress_run_of(v: &Value, subject: &Subject) -> Result<Vec<GameRun>, String> {
    let findings = field(v, "findings")?
        .as_array()
        .ok_or("`findings` is not an array")?;
    let Some(rows) = v.get("solutions") else {
        let Some(name) = opt_str_field(v, "problem")? else {
            return Ok(Vec::new());
        };
        return Ok(vec![stress_row_of(v, &name, findings.iter(), subject)?]);
    };
    let rows = rows.as_array().ok_or("`solutions` is not an array")?;
    let one = rows.len() == 1;
    rows.iter()
        .map(|row| {
            let name = str_field(row, "name")?;
            let own = findings
                .iter()
                .filter(|f| one || f.get("problem").and_then(Value::as_str) == Some(name));
            stress_row_of(row, name, own, subject).map_err(|e| format!("solution `{name}`: {e}"))
        })
        .collect()
}

/// One solution's run of a `stress` report: its counts in `v` (a row of `solutions`, or the
/// report's top level), its findings.
fn stress_row_of<'a>(
    v: &Value,
    name: &str,
    findings: impl Iterator<Item = &'a Value>,
    subject: &Subject,
) -> Result<GameRun, String> {
    let slug = intern(name);
    let mut found = findings
        .map(|f| finding_of(f, slug, "turn", subject, true))
        .collect::<Result<Vec<_>, String>>()
        .map_err(|e| format!("a finding: {e}"))?
        .into_iter();
    let (finding_case, disagreement) = match found.next() {
        Some((i, d)) => (i, Some(d)),
        None => (None, None),
    };
    Ok(GameRun {
        slug,
        cases: u64_field(v, "cases")?,
        deep_cases: 0,
        rejected: u64_field(v, "refused")?,
        first_rejection: opt_str_field(v, "first_refused")?,
        elapsed: seconds_field(v, "seconds")?,
        running: seconds_field(v, "running_seconds")?,
        census: Census::new(&[]),
        disagreement,
        finding_case,
        other_findings: found.collect(),
        error: opt_str_field(v, "error")?,
        interrupted: bool_field(v, "interrupted")?,
        notes: strings_field(v, "notes")?,
    })
}

/// Reads one JSON report (`text`, from `path`) back: its header, and each game's run with its
/// census (the game looked up among `games`) and findings. `Err` says what is wrong with it,
/// its file named.
pub fn read(path: &Path, text: &str, games: &Games) -> Result<Read, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let v: Value =
        serde_json::from_str(text).map_err(|e| at(format!("not a JSON report ({e})")))?;
    let header = header_of(&v).map_err(at)?;
    if header.version != env!("CARGO_PKG_VERSION") {
        return Err(at(format!(
            "written by boardfuzz {}; this is boardfuzz {}: merge the reports of one version",
            header.version,
            env!("CARGO_PKG_VERSION")
        )));
    }
    let subject = subject_of(&header);
    if header.programs.is_some() {
        let runs = stress_run_of(&v, &subject).map_err(at)?;
        return Ok(Read {
            path: path.to_path_buf(),
            header,
            runs,
        });
    }
    let findings = field(&v, "findings")
        .and_then(|f| {
            f.as_array()
                .ok_or_else(|| "`findings` is not an array".into())
        })
        .map_err(at)?;
    let mut runs = Vec::new();
    for g in field(&v, "games")
        .and_then(|g| g.as_array().ok_or_else(|| "`games` is not an array".into()))
        .map_err(at)?
    {
        let run = (|| -> Result<GameRun, String> {
            let name = str_field(g, "game")?;
            // A solution's run of several is named `GAME/SOLUTION`.
            let game_name = name.split('/').next().unwrap_or(name);
            let game = games.all().iter().copied().find(|x| x.slug() == game_name);
            let slug = match game {
                Some(x) if x.slug() == name => x.slug(),
                _ => intern(name),
            };
            let unit = game.map_or("turn", |x| x.unit());
            let census = census_of(g, name, game).map_err(|e| format!("game `{name}`: {e}"))?;
            let mut found = findings
                .iter()
                .filter(|f| f.get("game").and_then(Value::as_str) == Some(name))
                .map(|f| finding_of(f, slug, unit, &subject, false))
                .collect::<Result<Vec<_>, String>>()
                .map_err(|e| format!("a finding of `{name}`: {e}"))?
                .into_iter();
            let first = found.next();
            if first.is_some() == field(g, "finding")?.is_null() {
                return Err(format!(
                    "game `{name}`: its `finding` and the report's `findings` disagree"
                ));
            }
            let (finding_case, disagreement) = match first {
                Some((i, d)) => (i, Some(d)),
                None => (None, None),
            };
            Ok(GameRun {
                slug,
                cases: u64_field(g, "cases")?,
                deep_cases: u64_field(g, "deep_cases")?,
                rejected: u64_field(g, "rejected")?,
                first_rejection: opt_str_field(g, "first_rejection")?,
                elapsed: seconds_field(g, "seconds")?,
                // A report written before `running_seconds` counts its cases over `seconds`.
                running: match g.get("running_seconds") {
                    None => seconds_field(g, "seconds")?,
                    Some(_) => seconds_field(g, "running_seconds")?,
                },
                census,
                disagreement,
                finding_case,
                other_findings: found.collect(),
                error: opt_str_field(g, "error")?,
                interrupted: bool_field(g, "interrupted")?,
                notes: strings_field(g, "notes")?,
            })
        })()
        .map_err(at)?;
        runs.push(run);
    }
    Ok(Read {
        path: path.to_path_buf(),
        header,
        runs,
    })
}

/// Merges the reports of the shards of one run (any order) into the whole run's; see the module
/// documentation for what is refused, and what the merged counts and findings mean. With
/// `allow_missing`, shards of the run that were not given are listed in [`Merged::missing`] and
/// named in a note of each game; without, they are an error.
pub fn merge(mut reports: Vec<Read>, allow_missing: bool) -> Result<Merged, String> {
    let first = reports.first().ok_or("no report to merge")?;
    let (base, base_path) = (first.header.clone(), first.path.clone());
    let slugs = |r: &Read| -> Vec<&str> { r.runs.iter().map(|g| g.slug).collect() };
    let base_games: Vec<String> = slugs(first).iter().map(|s| s.to_string()).collect();
    for r in &reports[1..] {
        let h = &r.header;
        let mismatch = |what: &str, a: String, b: String| {
            Err(format!(
                "cannot merge {} and {}: {what} {a} and {b} (the shards of one run share it)",
                base_path.display(),
                r.path.display()
            ))
        };
        if h.command != base.command {
            return mismatch("reports of", base.command.clone(), h.command.clone());
        }
        if h.seed != base.seed {
            return mismatch("seed", base.seed.to_string(), h.seed.to_string());
        }
        if h.subject != base.subject {
            return mismatch("subject", base.subject.clone(), h.subject.clone());
        }
        if h.programs != base.programs {
            let show = |p: &Option<Programs>| {
                p.as_ref()
                    .map_or("none".into(), |p| programs_json(p).to_string())
            };
            return mismatch("programs", show(&base.programs), show(&h.programs));
        }
        if h.budget != base.budget {
            return mismatch(
                "budget",
                budget_json(base.budget).to_string(),
                budget_json(h.budget).to_string(),
            );
        }
        if h.settings != base.settings {
            return mismatch(
                "settings",
                format!("`{}`", base.settings.join(" ")),
                format!("`{}`", h.settings.join(" ")),
            );
        }
        if h.deep_share != base.deep_share {
            let show = |d: Option<u32>| d.map_or("the default".into(), |d| format!("1 in {d}"));
            return mismatch("deep share", show(base.deep_share), show(h.deep_share));
        }
        if slugs(r) != base_games {
            return mismatch("games", base_games.join(", "), slugs(r).join(", "));
        }
        if h.shard.count != base.shard.count {
            return Err(format!(
                "cannot merge {} (shard {}) and {} (shard {}): the shards of one run are of one N",
                base_path.display(),
                base.shard,
                r.path.display(),
                h.shard
            ));
        }
    }
    reports.sort_by_key(|r| r.header.shard.index);
    for pair in reports.windows(2) {
        if pair[0].header.shard == pair[1].header.shard {
            return Err(format!(
                "shard {} is given twice: {} and {}",
                pair[0].header.shard,
                pair[0].path.display(),
                pair[1].path.display()
            ));
        }
    }
    let count = base.shard.count;
    let given: Vec<Shard> = reports.iter().map(|r| r.header.shard).collect();
    let missing: Vec<Shard> = (0..count)
        .map(|k| Shard { index: k, count })
        .filter(|s| !given.contains(s))
        .collect();
    let list = |shards: &[Shard]| -> String {
        shards
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !missing.is_empty() && !allow_missing {
        return Err(format!(
            "{} of the {count} shards of seed {} are missing ({}): merge every shard's report, \
             or pass --allow-missing to merge these {} with a warning",
            missing.len(),
            base.seed,
            list(&missing),
            given.len()
        ));
    }
    let header = Header {
        jobs: reports.iter().map(|r| r.header.jobs).sum(),
        interrupted: reports.iter().any(|r| r.header.interrupted),
        shard: Shard::WHOLE,
        merged_from: if count > 1 {
            given.clone()
        } else {
            base.merged_from.clone()
        },
        ..base
    };
    let mut per_game: Vec<Vec<(Shard, GameRun)>> = base_games.iter().map(|_| Vec::new()).collect();
    for r in reports {
        let shard = r.header.shard;
        for (i, run) in r.runs.into_iter().enumerate() {
            per_game[i].push((shard, run));
        }
    }
    let runs = per_game
        .into_iter()
        .map(|shards| {
            let mut run = combine(shards);
            if !missing.is_empty() {
                run.notes.push(format!(
                    "merged from {} of {count} shards: {} missing, so their cases are in no \
                     count here",
                    given.len(),
                    list(&missing)
                ));
            }
            run
        })
        .collect();
    Ok(Merged {
        header,
        runs,
        missing,
    })
}

/// One game's runs of several shards as one run: counts, census and clause coverage summed, the
/// longest shard's time and the longest shard's time running cases (the shards run side by side,
/// so the merged run's cases ran within it, and its rate is the sum of cases over it), every
/// finding once, lowest case index first; each shard's notes and error named by its shard.
fn combine(shards: Vec<(Shard, GameRun)>) -> GameRun {
    let named = |shard: Shard, text: &str| {
        if shard.is_whole() {
            text.to_string()
        } else {
            format!("shard {shard}: {text}")
        }
    };
    let mut shards = shards.into_iter();
    let (first_shard, mut run) = shards.next().expect("a report of every game");
    let mut findings: Vec<(Option<u64>, Disagreement)> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut take = |shard: Shard, r: &mut GameRun| {
        if let Some(d) = r.disagreement.take() {
            findings.push((r.finding_case, d));
        }
        findings.append(&mut r.other_findings);
        errors.extend(r.error.take().map(|e| named(shard, &e)));
        notes.extend(r.notes.drain(..).map(|n| named(shard, &n)));
    };
    take(first_shard, &mut run);
    for (shard, mut other) in shards {
        take(shard, &mut other);
        run.cases += other.cases;
        run.deep_cases += other.deep_cases;
        run.rejected += other.rejected;
        if run.first_rejection.is_none() {
            run.first_rejection = other.first_rejection.take();
        }
        run.elapsed = run.elapsed.max(other.elapsed);
        run.running = run.running.max(other.running);
        run.census.merge(&other.census);
        run.interrupted |= other.interrupted;
    }
    findings.sort_by_key(|(i, _)| i.unwrap_or(u64::MAX));
    let mut kept: Vec<(Option<u64>, Disagreement)> = Vec::new();
    for (i, d) in findings {
        let same =
            |(_, k): &(Option<u64>, Disagreement)| k.verdict == d.verdict && k.input == d.input;
        if !kept.iter().any(same) {
            kept.push((i, d));
        }
    }
    let mut kept = kept.into_iter();
    match kept.next() {
        Some((i, d)) => {
            run.finding_case = i;
            run.disagreement = Some(d);
        }
        None => {
            run.finding_case = None;
            run.disagreement = None;
        }
    }
    run.other_findings = kept.collect();
    run.error = (!errors.is_empty()).then(|| errors.join("; "));
    run.notes = notes;
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, Game, Options};
    use crate::harness::write::report;
    use crate::harness::Side;
    use serde_json::json;

    /// The game the findings below are of, whose trace lines are moves; the reports are read
    /// back by a program that does not register it.
    struct Toy;

    impl Game for Toy {
        type Case = u8;
        const SLUG: &'static str = "toy";
        const UNIT: &'static str = "move";
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

    /// A run of a game this program does not register, with two findings that use every kind of
    /// data a report holds: a rejection and a failure, a diverging turn, boards of two tones.
    fn run() -> GameRun {
        let picture = |cell: &str, tone| {
            Picture::new(vec![vec![Cell::new(cell, tone), Cell::blank()]], "score 1")
        };
        let mut wrong = Disagreement::from_parts(
            dyn_game::<Toy>(),
            "1 2\n3\n".into(),
            Comparison {
                subject: Subject::Engine,
                mine: Outcome::Rejected {
                    class: "malformed",
                    line: 2,
                    message: "no".into(),
                },
                reference: Outcome::Output("A 1\n".into()),
                judged: None,
            },
            Verdict::WrongAnswer,
            "case 5 of seed 9".into(),
            "",
        );
        wrong.divergence = Divergence::Turn {
            turn: 2,
            engine: None,
            reference: Some("A:1".into()),
        };
        wrong.boards = vec![Board {
            heading: "move 2, the first that differs".into(),
            reference: picture("A", Tone::First),
            subject: Some(picture("a", Tone::Second)),
        }];
        wrong.notes = vec!["a note".into()];
        wrong.saved = Some(PathBuf::from("corpus/toy/x.in"));
        wrong.replay = Some("boardfuzz repro toy corpus/toy/x.in".into());
        let panic = Disagreement::from_parts(
            dyn_game::<Toy>(),
            "7\n".into(),
            Comparison {
                subject: Subject::Engine,
                mine: Outcome::Failed {
                    fault: Fault::Panic,
                    message: "boom".into(),
                },
                reference: Outcome::Output("none\n".into()),
                judged: None,
            },
            Verdict::Fault {
                side: Side::Subject,
                fault: Fault::Panic,
            },
            "case 9 of seed 9".into(),
            "traces not compared",
        );
        GameRun {
            slug: "toy",
            cases: 12,
            deep_cases: 1,
            rejected: 2,
            first_rejection: Some("line 1: malformed: x".into()),
            elapsed: Duration::from_millis(250),
            running: Duration::from_millis(100),
            census: Census::new(&[]),
            disagreement: Some(wrong),
            finding_case: Some(5),
            other_findings: vec![(Some(9), panic)],
            error: None,
            interrupted: false,
            notes: vec!["n".into()],
        }
    }

    fn info(shard: Shard) -> RunInfo<'static> {
        RunInfo {
            shard,
            settings: vec!["--no-strict".into()],
            deep_share: Some(4),
            ..RunInfo::new("check", 9, 2, "engine", Budget::Cases(24))
        }
    }

    #[test]
    fn a_json_report_read_back_writes_the_same_three_reports() {
        let games = Games::new(Vec::new());
        let runs = vec![run()];
        let text = report::json(&info(Shard::WHOLE), &runs);
        let back = read(Path::new("r.json"), &text, &games).unwrap();
        assert_eq!(back.header.deep_share, Some(4));
        assert_eq!(back.header.settings, ["--no-strict"]);
        let again = back.header.info();
        assert_eq!(report::json(&again, &back.runs), text);
        assert_eq!(
            report::junit(&again, &back.runs).unwrap(),
            report::junit(&info(Shard::WHOLE), &runs).unwrap()
        );
        assert_eq!(
            crate::harness::write::html::html(&again, &back.runs),
            crate::harness::write::html::html(&info(Shard::WHOLE), &runs)
        );
        // The text report of a finding too: its boards, divergence (in the game's unit, which
        // this program could not look up) and replay line.
        let report = back.runs[0].disagreement.as_ref().unwrap().report();
        assert_eq!(report, runs[0].disagreement.as_ref().unwrap().report());
        assert!(
            report.contains("--- first divergence ---\nmove 2:\n"),
            "{report}"
        );
        // A report of before findings named their unit: a game this program does not register
        // is in turns.
        let mut v: Value = serde_json::from_str(&text).unwrap();
        for finding in v["findings"].as_array_mut().unwrap() {
            finding.as_object_mut().unwrap().remove("unit");
        }
        let old = read(Path::new("old.json"), &v.to_string(), &games).unwrap();
        let report = old.runs[0].disagreement.as_ref().unwrap().report();
        assert!(
            report.contains("--- first divergence ---\nturn 2:\n"),
            "{report}"
        );
    }

    #[test]
    fn a_check_report_of_schema_1_without_a_kind_reads_back() {
        let games = Games::new(Vec::new());
        let text = report::json(&info(Shard::WHOLE), &[run()]);
        let mut v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (&v["schema"], &v["kind"]),
            (&json!(SCHEMA), &json!("check"))
        );
        let object = v.as_object_mut().unwrap();
        object.remove("schema");
        object.remove("kind");
        let old = read(Path::new("old.json"), &v.to_string(), &games).unwrap();
        assert_eq!(old.header.programs, None);
        assert_eq!(report::json(&old.header.info(), &old.runs), text);
        // A schema this program does not know is refused, by name.
        v["schema"] = json!(SCHEMA + 1);
        let err = read(Path::new("new.json"), &v.to_string(), &games)
            .err()
            .unwrap();
        assert!(err.contains("a report of schema 3"), "{err}");
    }

    /// A `stress` run of problem `main` with a tokens checker, its finding a wrong answer.
    fn stress_run(index: u64) -> (RunInfo<'static>, GameRun) {
        let programs = Programs {
            generator: "gen.py {size}".into(),
            brute_force: Some("brute.py".into()),
            interactor: None,
            solutions: vec!["main.cpp".into()],
            validator: Some("validate.py".into()),
            checker: Checker::Tokens,
        };
        let subject = Subject::Solution {
            command: "main.cpp".into(),
            timeout: Duration::from_secs(10),
            output_cap: process::DEFAULT_OUTPUT_CAP,
            memory: process::DEFAULT_MEMORY_LIMIT,
            checker: Checker::Tokens,
            interactor: None,
        };
        let mut d = Disagreement::from_parts(
            dyn_game::<Toy>(),
            "3\n-1 -2 4\n".into(),
            Comparison {
                subject,
                mine: Outcome::Output("3 0 4\n".into()),
                reference: Outcome::Output("3\n-2\n4\n".into()),
                judged: None,
            },
            Verdict::WrongAnswer,
            format!("case {index} of seed 9"),
            "",
        );
        d.slug = "main";
        d.divergence = Divergence::Unavailable;
        d.of_programs = true;
        d.notes = vec!["checker: token 2: expected `-2`, found `0`".into()];
        let run = GameRun {
            slug: "main",
            cases: 12,
            deep_cases: 0,
            rejected: 1,
            first_rejection: Some("the validator refused it".into()),
            elapsed: Duration::from_millis(250),
            running: Duration::from_millis(100),
            census: Census::new(&[]),
            disagreement: Some(d),
            finding_case: Some(index),
            other_findings: Vec::new(),
            error: None,
            interrupted: false,
            notes: Vec::new(),
        };
        let info = RunInfo {
            programs: Some(programs),
            ..RunInfo::new("stress", 9, 2, "main.cpp", Budget::Cases(24))
        };
        (info, run)
    }

    #[test]
    fn a_stress_report_speaks_of_programs_reads_back_and_merges() {
        let games = Games::new(Vec::new());
        let (info, run) = stress_run(3);
        let runs = vec![run];
        let text = report::json(&info, &runs);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (&v["schema"], &v["kind"]),
            (&json!(SCHEMA), &json!("stress"))
        );
        assert_eq!(v["problem"], "main");
        assert_eq!(v["programs"]["generator"], "gen.py {size}");
        assert_eq!(v["programs"]["brute_force"], "brute.py");
        assert_eq!(v["programs"]["checker"], "tokens");
        assert_eq!((&v["cases"], &v["refused"]), (&json!(12), &json!(1)));
        for game_only in [
            "games",
            "subject",
            "settings",
            "deep_share",
            "deep_cases",
            "census",
            "clauses",
        ] {
            assert!(v.get(game_only).is_none(), "`{game_only}` in {text}");
        }
        let finding = &v["findings"][0];
        assert_eq!(finding["expected_output"], "3\n-2\n4\n");
        assert_eq!(finding["solution_output"], "3 0 4\n");
        for game_only in [
            "game",
            "first_divergence",
            "divergence",
            "unit",
            "boards",
            "subject",
        ] {
            assert!(finding.get(game_only).is_none(), "`{game_only}` in {text}");
        }
        for word in ["turn", "deep", "census", "clause", "engine", "reference"] {
            assert!(!text.contains(word), "`{word}` in {text}");
        }
        // Read back, it writes the same three reports, and the same text.
        let back = read(Path::new("s.json"), &text, &games).unwrap();
        let again = back.header.info();
        assert_eq!(report::json(&again, &back.runs), text);
        assert_eq!(
            report::junit(&again, &back.runs).unwrap(),
            report::junit(&info, &runs).unwrap()
        );
        let html = crate::harness::write::html::html(&again, &back.runs);
        assert_eq!(html, crate::harness::write::html::html(&info, &runs));
        let shown = back.runs[0].disagreement.as_ref().unwrap().report();
        assert_eq!(shown, runs[0].disagreement.as_ref().unwrap().report());
        assert!(
            shown.contains("answer token 2 (line 1, token 2): expected `-2`\n"),
            "{shown}"
        );
        // Two shards of it merge; a stress report and a check report do not.
        let shard = |k: u64, index: u64| {
            let (info, run) = stress_run(index);
            let info = RunInfo {
                shard: Shard::new(k, 2).unwrap(),
                ..info
            };
            read(Path::new("s.json"), &report::json(&info, &[run]), &games).unwrap()
        };
        let merged = merge(vec![shard(1, 5), shard(0, 4)], false).unwrap();
        let m = &merged.runs[0];
        assert_eq!((m.cases, m.rejected, m.finding_case), (24, 2, Some(4)));
        let v: Value =
            serde_json::from_str(&report::json(&merged.header.info(), &merged.runs)).unwrap();
        assert_eq!(
            (&v["kind"], &v["merged_from"]),
            (&json!("stress"), &json!(["0/2", "1/2"]))
        );
        let check = read(
            Path::new("c.json"),
            &report::json(&self::info(Shard::new(1, 2).unwrap()), &[self::run()]),
            &games,
        )
        .unwrap();
        let err = merge(vec![shard(0, 4), check], false).err().unwrap();
        assert!(err.contains("reports of stress and check"), "{err}");
    }

    #[test]
    fn a_stress_report_of_two_solutions_reads_back_a_run_each_with_its_own_finding() {
        let games = Games::new(Vec::new());
        // `main.cpp` found wrong at case 3; `slow.py` judged on all 24 cases, right.
        let (info, mut wrong) = stress_run(3);
        wrong.slug = "main-cpp";
        wrong.disagreement.as_mut().unwrap().slug = "main-cpp";
        let right = GameRun {
            slug: "slow-py",
            cases: 24,
            disagreement: None,
            finding_case: None,
            ..stress_run(0).1
        };
        let mut info = info;
        info.programs.as_mut().unwrap().solutions = vec!["main.cpp".into(), "slow.py".into()];
        let runs = vec![wrong, right];
        let text = report::json(&info, &runs);
        let v: Value = serde_json::from_str(&text).unwrap();
        // No one problem: a row per solution, and the finding names its own.
        assert_eq!(v["problem"], Value::Null);
        assert_eq!(v["cases"], 24);
        assert_eq!(v["programs"]["solutions"], json!(["main.cpp", "slow.py"]));
        let rows = v["solutions"].as_array().unwrap();
        let row = |i: usize| (&rows[i]["name"], &rows[i]["status"], &rows[i]["findings"]);
        assert_eq!(row(0), (&json!("main-cpp"), &json!("failed"), &json!(1)));
        assert_eq!(row(1), (&json!("slow-py"), &json!("ok"), &json!(0)));
        assert_eq!(v["findings"][0]["problem"], "main-cpp");
        assert_eq!(v["findings"][0]["solution"], "main.cpp");
        // Read back: a run each, the finding its solution's only; written again, the same.
        let back = read(Path::new("s.json"), &text, &games).unwrap();
        let slugs: Vec<&str> = back.runs.iter().map(|r| r.slug).collect();
        assert_eq!(slugs, ["main-cpp", "slow-py"]);
        assert_eq!(back.runs[0].finding_case, Some(3));
        assert!(back.runs[1].disagreement.is_none());
        assert_eq!(back.runs[1].cases, 24);
        assert_eq!(report::json(&back.header.info(), &back.runs), text);
    }

    #[test]
    fn a_report_without_running_seconds_counts_its_cases_over_seconds() {
        let games = Games::new(Vec::new());
        let text = report::json(&info(Shard::WHOLE), &[run()]);
        let mut v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["games"][0]["running_seconds"], 0.1);
        assert_eq!(v["games"][0]["cases_per_second"], 120.0);
        let back = read(Path::new("new.json"), &text, &games).unwrap();
        assert_eq!(back.runs[0].running, Duration::from_millis(100));
        // A report of before `running_seconds` reads back, its rate over its whole time.
        v["games"][0]
            .as_object_mut()
            .unwrap()
            .remove("running_seconds");
        let back = read(Path::new("old.json"), &v.to_string(), &games).unwrap();
        assert_eq!(back.runs[0].running, Duration::from_millis(250));
        assert_eq!(back.runs[0].cases_per_second(), 48.0);
    }

    #[test]
    fn two_shards_merge_into_sums_and_every_finding_once() {
        let games = Games::new(Vec::new());
        let shard = |k: u64, run: GameRun| {
            let text = report::json(&info(Shard::new(k, 2).unwrap()), &[run]);
            read(Path::new(&format!("s{k}.json")), &text, &games).unwrap()
        };
        // Shard 1 found the same shrunk panic at a lower index, and a finding of its own.
        let mut other = run();
        let (_, panic) = other.other_findings.pop().unwrap();
        other.disagreement = Some(panic);
        other.finding_case = Some(7);
        other.error = Some("could not save".into());
        other.elapsed = Duration::from_millis(200);
        other.running = Duration::from_millis(150);
        let merged = merge(vec![shard(1, other), shard(0, run())], false).unwrap();
        assert_eq!(merged.header.jobs, 4);
        assert_eq!(
            merged.header.merged_from,
            [Shard { index: 0, count: 2 }, Shard { index: 1, count: 2 }]
        );
        let m = &merged.runs[0];
        assert_eq!((m.cases, m.deep_cases, m.rejected), (24, 2, 4));
        // Side by side: the longest shard's time, and the longest time running cases.
        assert_eq!(m.elapsed, Duration::from_millis(250));
        assert_eq!(m.running, Duration::from_millis(150));
        assert_eq!(m.cases_per_second(), 24.0 / 0.15);
        assert_eq!(m.finding_case, Some(5));
        let indices: Vec<Option<u64>> = m.other_findings.iter().map(|(i, _)| *i).collect();
        assert_eq!(indices, [Some(7)], "the panic once, at its lower index");
        assert_eq!(m.error.as_deref(), Some("shard 1/2: could not save"));
        assert_eq!(m.notes, ["shard 0/2: n", "shard 1/2: n"]);
        // A missing shard is an error; allowed, it leaves a note.
        let err = merge(vec![shard(0, run())], false).err().unwrap();
        assert!(
            err.contains("1 of the 2 shards of seed 9 are missing (1/2)"),
            "{err}"
        );
        let partial = merge(vec![shard(0, run())], true).unwrap();
        assert_eq!(partial.missing, [Shard { index: 1, count: 2 }]);
        assert!(partial.runs[0]
            .notes
            .last()
            .unwrap()
            .contains("1/2 missing"));
    }
}
