//! The regression corpus: `corpus/<slug>/NAME.in` with the expected `NAME.out` (judge output) or
//! `NAME.err` (`CLASS LINE`, for inputs that must be rejected). Human-readable judge text only.
//! An entry that needs game settings records them beside it in `NAME.args`, as command-line words
//! (`--turn-limit 50`); every replay — `cargo test`, `boardfuzz replay`, `census`, `repro` —
//! honours them.
//!
//! A case on which the reference itself failed (a panic or a hang) has no expected answer: it is
//! kept in `corpus/<slug>/unanswered/NAME.in` with a `NAME.why` note, and not replayed.
//!
//! Every file is read with the input limit ([`input`]): the default one
//! ([`load`], [`load_game`]) or a caller's ([`load_with_limit`], `--max-input` on the command
//! line); an entry over it is an error that names it.
//!
//! Cases found by the harness are saved under a content-hash name, and never twice: an input
//! already present under any name is not saved again. Hand-named entries (`sample-1.in`,
//! `derived-check-2.in`, …) live beside them.
//!
//! Saving is safe against other runs saving into the same folder at once and against a run killed
//! in the middle (`SIGKILL` included): each file is written to a temporary file of its own
//! (`NAME.EXT.PID-N.tmp`: the writer's process id and a counter) and renamed into place, which is
//! atomic, and the expectation (`.out`, `.err`, with its `.args`) is in place before the `.in`. So
//! a reader sees an entry whole or not at all: an `.in` always has its expectation. Two runs that
//! save the same case write the same bytes under the same names. A run killed while writing leaves
//! at most a temporary file, which no loader reads; [`sweep`] removes those whose writer is gone
//! (`check`, `repro --save` and `census --fill` sweep a folder before they save into it, and say
//! what they removed).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use std::time::Duration;

use crate::game::{DynGame, Options, Outcome, Setting};
use crate::harness::case::input::{self, DEFAULT_MAX_INPUT};
use crate::harness::{compare_watched, Comparison, Subject};

/// What a corpus entry expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// This judge output, byte for byte (`NAME.out`).
    Output(String),
    /// A rejection of this class at this line (`NAME.err`, `CLASS LINE`).
    Error {
        /// The error class, e.g. `malformed`.
        class: String,
        /// The 1-based line the input must be rejected at.
        line: usize,
    },
}

impl Expected {
    /// Whether an implementation's outcome meets this expectation.
    pub fn is_met_by(&self, outcome: &Outcome) -> bool {
        match (self, outcome) {
            (Expected::Output(want), Outcome::Output(got)) => want == got,
            (
                Expected::Error { class, line },
                Outcome::Rejected {
                    class: c, line: l, ..
                },
            ) => class == c && line == l,
            _ => false,
        }
    }
}

/// One corpus entry.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The entry's name: the file name of its `.in` without the extension.
    pub name: String,
    /// The path of its `.in` file.
    pub path: PathBuf,
    /// The judge input, the `.in` file's bytes.
    pub input: Vec<u8>,
    /// What the entry expects, from its `.out` or `.err`.
    pub expected: Expected,
    /// The settings recorded in `NAME.args` (none: the game's defaults).
    pub options: Options,
}

/// What a replay of one entry found.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// What the engine answered.
    pub engine: Outcome,
    /// What the reference answered.
    pub reference: Outcome,
    /// Whether the engine's outcome meets the entry's expectation.
    pub engine_ok: bool,
    /// Whether the reference's outcome meets the entry's expectation.
    pub reference_ok: bool,
}

impl Replayed {
    /// Whether both sides met the entry's expectation.
    pub fn passed(&self) -> bool {
        self.engine_ok && self.reference_ok
    }
}

impl std::fmt::Display for Replayed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |ok| if ok { "ok" } else { "WRONG" };
        write!(
            f,
            "engine {}, reference {}",
            side(self.engine_ok),
            side(self.reference_ok)
        )?;
        for (name, outcome) in [("engine", &self.engine), ("reference", &self.reference)] {
            if let Outcome::Failed { fault, message } = outcome {
                write!(f, "; {name} {fault}: {message}")?;
            }
        }
        Ok(())
    }
}

impl Entry {
    /// Runs the entry through both sides of `game` with its recorded settings.
    pub fn replay(&self, game: &dyn DynGame) -> Replayed {
        let engine = game.engine(&self.input, &self.options);
        let reference = game.reference(&self.input, &self.options);
        self.judge(engine, reference)
    }

    /// The engine and the reference on the entry, each under a watchdog (a hang is reported, not
    /// waited for): the comparison a finding is made of when the two part ([`Entry::judged`]
    /// says whether each met the entry).
    pub fn compare_watched(&self, game: &'static dyn DynGame, watchdog: Duration) -> Comparison {
        compare_watched(game, &Subject::Engine, &self.input, &self.options, watchdog)
    }

    /// Whether each side of `comparison` meets the entry's expectation.
    pub fn judged(&self, comparison: &Comparison) -> Replayed {
        self.judge(comparison.mine.clone(), comparison.reference.clone())
    }

    fn judge(&self, engine: Outcome, reference: Outcome) -> Replayed {
        Replayed {
            engine_ok: self.expected.is_met_by(&engine),
            reference_ok: self.expected.is_met_by(&reference),
            engine,
            reference,
        }
    }
}

/// The entries of `game` below a corpus root, settings read against the game's declarations,
/// each file at most [`DEFAULT_MAX_INPUT`] bytes.
pub fn load_game(root: &Path, game: &dyn DynGame) -> Result<Vec<Entry>, String> {
    load_game_with_limit(root, game, DEFAULT_MAX_INPUT)
}

/// [`load_game`] with files of at most `max_input` bytes.
pub fn load_game_with_limit(
    root: &Path,
    game: &dyn DynGame,
    max_input: usize,
) -> Result<Vec<Entry>, String> {
    load_with_limit(&dir(root, game.slug()), game.settings(), max_input)
}

/// A corpus file's text, at most `limit` bytes of UTF-8; errors name the file.
fn read_text(path: &Path, limit: usize) -> Result<String, String> {
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8: {e}", path.display()))
}

/// A corpus file's bytes, at most `limit`; errors name the file.
fn read_bytes(path: &Path, limit: usize) -> Result<Vec<u8>, String> {
    input::read_file(path, limit).map_err(|e| format!("{}: {e}", path.display()))
}

/// The settings recorded beside a corpus file (`NAME.args` next to `NAME.in`); none if there is
/// no such file.
pub fn args_beside(input: &Path, declared: &[Setting]) -> Result<Options, String> {
    let path = input.with_extension("args");
    if !path.exists() {
        return Ok(Options::new());
    }
    let text = read_text(&path, ARGS_MAX)?;
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    Options::parse_args(declared, &words).map_err(|e| format!("{}: {e}", path.display()))
}

/// The most bytes an `.args` or `.err` file may hold (a few words).
const ARGS_MAX: usize = 64 << 10;

/// The corpus folder of a game below a corpus root.
pub fn dir(root: &Path, slug: &str) -> PathBuf {
    root.join(slug)
}

/// Loads every entry of a folder, sorted by name. A missing folder is an empty corpus; an `.in`
/// without its `.out` or `.err`, an unreadable `.err`, an `.args` with a setting the game does
/// not declare, or an `.in` or `.out` over [`DEFAULT_MAX_INPUT`] bytes is an error.
pub fn load(dir: &Path, declared: &[Setting]) -> Result<Vec<Entry>, String> {
    load_with_limit(dir, declared, DEFAULT_MAX_INPUT)
}

/// [`load`] with `.in` and `.out` files of at most `max_input` bytes.
pub fn load_with_limit(
    dir: &Path,
    declared: &[Setting],
    max_input: usize,
) -> Result<Vec<Entry>, String> {
    let read_dir = match fs::read_dir(dir) {
        Ok(r) => r,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut entries = Vec::new();
    for item in read_dir {
        let path = item.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("in") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| format!("{}: file name is not UTF-8", path.display()))?
            .to_string();
        let input = read_bytes(&path, max_input)?;
        let out_path = path.with_extension("out");
        let err_path = path.with_extension("err");
        let expected = if out_path.exists() {
            Expected::Output(read_text(&out_path, max_input)?)
        } else if err_path.exists() {
            let text = read_text(&err_path, ARGS_MAX)?;
            parse_err(&text).ok_or_else(|| {
                format!(
                    "{}: expected `CLASS LINE`, found `{}`",
                    err_path.display(),
                    text.trim()
                )
            })?
        } else {
            return Err(format!(
                "{}: no {}.out or {}.err beside it",
                path.display(),
                name,
                name
            ));
        };
        let options = args_beside(&path, declared)?;
        entries.push(Entry {
            name,
            path,
            input,
            expected,
            options,
        });
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

fn parse_err(text: &str) -> Option<Expected> {
    let mut fields = text.split_ascii_whitespace();
    let class = fields.next()?.to_string();
    let line = fields.next()?.parse().ok()?;
    fields
        .next()
        .is_none()
        .then_some(Expected::Error { class, line })
}

/// FNV-1a, 64 bits, as 16 hex digits: a stable content name for saved cases.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The result of [`save`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// A new entry was written at this `.in` path.
    New(PathBuf),
    /// The same input was already in the corpus at this path.
    Existing(PathBuf),
}

impl Saved {
    /// The `.in` path of the entry, new or existing.
    pub fn path(&self) -> &Path {
        match self {
            Saved::New(p) | Saved::Existing(p) => p,
        }
    }
}

/// Saves `input` with the expectation `expected` (normally the reference's outcome) and the
/// settings it was run with, under `name` or else a content hash of input and settings.
pub fn save(
    dir: &Path,
    input: &[u8],
    expected: &Outcome,
    name: Option<&str>,
    options: &Options,
) -> io::Result<Saved> {
    // Without an answer from the reference there is nothing to expect: the input is kept in
    // `unanswered/` (not replayed) with a note of why, until the reference is fixed.
    let unanswered;
    let dir = if let Outcome::Failed { .. } = expected {
        unanswered = dir.join("unanswered");
        unanswered.as_path()
    } else {
        dir
    };
    fs::create_dir_all(dir)?;
    let args = options.to_args().join(" ");
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        // An entry of another length cannot hold the same input: it is not read.
        if path.extension().and_then(|e| e.to_str()) == Some("in")
            && fs::metadata(&path)?.len() == input.len() as u64
            && fs::read(&path)? == input
            && recorded_args(&path)? == args
        {
            return Ok(Saved::Existing(path));
        }
    }
    let name = name.map_or_else(
        || {
            let mut keyed = input.to_vec();
            if !args.is_empty() {
                keyed.push(0);
                keyed.extend_from_slice(args.as_bytes());
            }
            content_hash(&keyed)
        },
        str::to_string,
    );
    let in_path = dir.join(format!("{name}.in"));
    if !args.is_empty() {
        atomic_write(
            &dir.join(format!("{name}.args")),
            format!("{args}\n").as_bytes(),
        )?;
    }
    // The expectation is written first, so a reader never sees an `.in` without it.
    match expected {
        Outcome::Output(text) => atomic_write(&dir.join(format!("{name}.out")), text.as_bytes())?,
        Outcome::Rejected { class, line, .. } => atomic_write(
            &dir.join(format!("{name}.err")),
            format!("{class} {line}\n").as_bytes(),
        )?,
        Outcome::Failed { fault, message } => atomic_write(
            &dir.join(format!("{name}.why")),
            format!("the reference gave no answer: {fault}: {message}\n").as_bytes(),
        )?,
    }
    atomic_write(&in_path, input)?;
    Ok(Saved::New(in_path))
}

/// Beside a saved finding `input` (its `NAME.in`), the whole answers a report shows cut: the
/// expected one is its `NAME.out` already (written here as `NAME.expected` when the reference
/// gave no output to save as one), the subject's is written as `NAME.got` — its output, or its
/// verdict's message. `None` (with a warning) if a file cannot be written.
pub fn save_answers(
    input: &Path,
    comparison: &crate::harness::Comparison,
) -> Option<(PathBuf, PathBuf)> {
    let write = |path: PathBuf, text: String| match atomic_write(&path, text.as_bytes()) {
        Ok(()) => Some(path),
        Err(e) => {
            eprintln!("warning: cannot write {}: {e}", path.display());
            None
        }
    };
    let expected = match &comparison.reference {
        Outcome::Output(_) if input.with_extension("out").is_file() => input.with_extension("out"),
        other => write(input.with_extension("expected"), other.to_string())?,
    };
    let got = write(input.with_extension("got"), comparison.mine.to_string())?;
    Some((expected, got))
}

/// A file in the temporary folder holding `text` (`boardfuzz-<name>-<hash>.got`), for a report
/// that shows only part of a program's answer; `None` (with a warning) if it cannot be written.
pub fn temporary_file(name: &str, text: &str) -> Option<PathBuf> {
    let hash = content_hash(text.as_bytes());
    let path = std::env::temp_dir().join(format!("boardfuzz-{name}-{hash}.got"));
    match fs::write(&path, text) {
        Ok(()) => Some(path),
        Err(e) => {
            eprintln!("warning: cannot write {}: {e}", path.display());
            None
        }
    }
}

/// The words of the `.args` beside an `.in`, joined by single spaces ("" if there is none).
fn recorded_args(input: &Path) -> io::Result<String> {
    match fs::read_to_string(input.with_extension("args")) {
        Ok(text) => Ok(text.split_ascii_whitespace().collect::<Vec<_>>().join(" ")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(e),
    }
}

/// Writes `bytes` to a temporary file beside `path` and renames it into place: a reader sees the
/// old file or the new one, never part of one.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}-{n}{TEMPORARY}", std::process::id()));
    let tmp = path.with_file_name(name);
    let written = fs::write(&tmp, bytes).and_then(|()| fs::rename(&tmp, path));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// The ending of the temporary files of [`atomic_write`].
const TEMPORARY: &str = ".tmp";

/// The process id that wrote a temporary file of [`atomic_write`] (`NAME.EXT.PID-N.tmp`), or of
/// the naming before it (`NAME.tmp.PID`); `None` for any other file.
fn temporary_writer(file_name: &str) -> Option<u32> {
    if let Some(rest) = file_name.strip_suffix(TEMPORARY) {
        let (_, tag) = rest.rsplit_once('.')?;
        let (pid, n) = tag.split_once('-')?;
        n.parse::<u64>().ok()?;
        return pid.parse().ok();
    }
    let (rest, pid) = file_name.rsplit_once('.')?;
    rest.ends_with(TEMPORARY).then(|| pid.parse().ok())?
}

/// Whether a process with this id is running (or exists under another user).
fn running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 sends nothing; kill only checks that the process exists.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    alive || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Removes the temporary files in a corpus folder (and its `unanswered/`) that a save killed in
/// the middle left behind: those whose writing process is gone. A save still running elsewhere
/// keeps its own. Returns the files removed; a missing folder has none.
pub fn sweep(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for folder in [dir.to_path_buf(), dir.join("unanswered")] {
        let read_dir = match fs::read_dir(&folder) {
            Ok(r) => r,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        for entry in read_dir {
            let path = entry?.path();
            let writer = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(temporary_writer);
            if writer.is_some_and(|pid| !running(pid)) && path.is_file() {
                match fs::remove_file(&path) {
                    Ok(()) => removed.push(path),
                    // Another run swept it first.
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e),
                }
            }
        }
    }
    removed.sort();
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("boardfuzz-corpus-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn save_is_idempotent_and_loads_back() {
        let d = temp_dir("save");
        let out = Outcome::Output("42\n".into());
        let none = Options::new();
        let first = save(&d, b"1 2\n", &out, None, &none).unwrap();
        assert!(matches!(first, Saved::New(_)));
        assert_eq!(
            save(&d, b"1 2\n", &out, None, &none).unwrap(),
            Saved::Existing(first.path().into())
        );
        let rejected = Outcome::Rejected {
            class: "invalid",
            line: 3,
            message: "x".into(),
        };
        save(&d, b"bad\n", &rejected, None, &none).unwrap();
        let entries = load(&d, &[]).unwrap();
        assert_eq!(entries.len(), 2);
        assert!(entries
            .iter()
            .any(|e| e.expected == Expected::Output("42\n".into())));
        assert!(entries.iter().any(|e| e.expected
            == Expected::Error {
                class: "invalid".into(),
                line: 3
            }));
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn settings_are_saved_beside_the_entry_and_read_back() {
        use crate::settings::{Kind, Scope, Value};
        const LIMIT: Setting = Setting {
            name: "turn-limit",
            help: "",
            kind: Kind::Number { min: 1, max: 99 },
            scope: Scope::Both,
            value_name: "L",
        };
        let d = temp_dir("args");
        let out = Outcome::Output("-1\n".into());
        let limited = Options::new().with("turn-limit", Value::Number(50));
        let a = save(&d, b"x\n", &out, None, &limited).unwrap();
        // The same input without settings is another entry; with the same settings it is not.
        let b = save(&d, b"x\n", &out, None, &Options::new()).unwrap();
        assert!(matches!((&a, &b), (Saved::New(_), Saved::New(_))));
        assert_eq!(
            save(&d, b"x\n", &out, None, &limited).unwrap(),
            Saved::Existing(a.path().into())
        );
        assert_eq!(
            fs::read_to_string(a.path().with_extension("args")).unwrap(),
            "--turn-limit 50\n"
        );
        let entries = load(&d, &[LIMIT]).unwrap();
        let with: Vec<_> = entries
            .iter()
            .map(|e| e.options.number("turn-limit"))
            .collect();
        assert!(with.contains(&Some(50)) && with.contains(&None), "{with:?}");
        // A setting the game does not declare is an error, naming the file.
        assert!(load(&d, &[]).unwrap_err().contains(".args"));
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn sweep_removes_the_temporaries_of_dead_writers_only() {
        let d = temp_dir("sweep");
        fs::create_dir_all(d.join("unanswered")).unwrap();
        // A process that has ended: its id names no running process.
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        let dead = gone.id();
        gone.wait().unwrap();
        let me = std::process::id();
        let files = [
            format!("a.in.{dead}-0.tmp"),
            format!("unanswered/b.why.{dead}-3.tmp"),
            format!("c.tmp.{dead}"),
            format!("d.out.{me}-1.tmp"),
            "e.in".to_string(),
            "notes.tmp".to_string(),
        ];
        for f in &files {
            fs::write(d.join(f), "x").unwrap();
        }
        let removed = sweep(&d).unwrap();
        let names: Vec<String> = removed
            .iter()
            .map(|p| p.strip_prefix(&d).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            [files[0].clone(), files[2].clone(), files[1].clone()]
        );
        for kept in &files[3..] {
            assert!(d.join(kept).exists(), "{kept}");
        }
        // A save leaves no temporary file of its own.
        save(
            &d,
            b"1\n",
            &Outcome::Output("2\n".into()),
            None,
            &Options::new(),
        )
        .unwrap();
        let left: Vec<_> = fs::read_dir(&d)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(&format!(".{me}-")))
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "only d.out's: {left:?}");
        assert_eq!(sweep(&d).unwrap(), Vec::<PathBuf>::new());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn an_input_without_expectation_is_an_error() {
        let d = temp_dir("orphan");
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("x.in"), "1\n").unwrap();
        assert!(load(&d, &[]).unwrap_err().contains("no x.out or x.err"));
        fs::remove_dir_all(&d).unwrap();
    }
}
