//! Warm starts: a program's start paid once per worker, not once per run.
//!
//! A run of a small program is mostly its start. A Python interpreter starts in 40–100 ms here
//! (the site imports of this machine's Python alone are 70 ms), and reading a case and printing
//! an answer takes a few milliseconds more; a C++ program spends about a millisecond in the
//! dynamic loader (libstdc++'s relocations) before `main`. A shell loop pays that for every
//! program of every case, and so did `stress` (issue 48). AFL's fork server showed the way: do
//! the start once, stop just before the program's own code runs, and `fork` a fresh copy of that
//! process for each input. Each copy runs on memory none of its siblings touched: no global,
//! module or heap state of one case is seen by the next.
//!
//! - **Python** (`warm_server.py`): one interpreter per program and worker, started as
//!   `python3 SERVER`, forks a child per run that executes the program as `__main__` — its own
//!   `sys.argv`, `__file__`, `sys.path[0]`, stdin, stdout, stderr and exit code; an uncaught
//!   exception is its traceback and exit code 1, as in a fresh interpreter.
//! - **C, C++ and Rust programs boardfuzz built** (`warm_shim.c`, compiled once into the cache):
//!   a library preloaded into the program stands in for glibc's `__libc_start_main`, which runs
//!   once the dynamic loader has loaded, relocated and initialized every library; it forks, and
//!   the child calls the real one with its own argv, so the program's constructors and `main`
//!   run in the child. A static executable (no dynamic loader to preload into) starts cold, and
//!   so does a program given as a command boardfuzz did not build: nothing is known of it.
//!
//! Both speak one protocol over a Unix socket (`SOCK_SEQPACKET`, on the server's fd 0): a run
//! is a request with the argv and the run's three pipes (`SCM_RIGHTS`), answered with the
//! child's pid once it is forked — in a process group of its own, which [`process`] registers,
//! samples, caps and kills as it does a program it spawned — and, when the child has ended, its
//! wait status, CPU time and peak memory from the server's `wait4` (the child is the server's,
//! not boardfuzz's). A server ends when its socket closes (boardfuzz exited, however) and is
//! announced to the sentinel as every run is. Servers wait in a pool, one per program and
//! concurrent run; a server that dies mid-run has its run done again cold, and a program whose
//! server does not start is said once and starts cold from then on.
//!
//! What a warm child shares with its siblings, unlike a fresh process (docs/stress.md, "Warm
//! starts"): Python's hash seed (`hash()` of a `str`, and so the order of a set of strings, is
//! the same in every run of a worker; `PYTHONHASHSEED` makes cold runs alike too), the address
//! layout (addresses are the same from run to run, as with ASLR off), and the server's start
//! in CPU time (not charged to the run: a warm run is charged what the program itself used).
//! `random` is reseeded in each child (it reseeds itself at a fork); the recursion limit, the
//! thread stack size and every module the program imports are the child's own.
//!
//! The figures, warm against `--cold` and a shell loop, are in BENCHMARKS.md ("Warm starts",
//! `scripts/warm-speed.sh`).

use std::collections::HashMap;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::guard::lock;
use crate::harness::programs::process::{self, ExitWatch, Group, Started, Usage};

/// The Python server's source, written once into the cache.
const PYTHON_SERVER: &str = include_str!("warm_server.py");

/// The fork server library's source, compiled once into the cache.
const SHIM: &str = include_str!("warm_shim.c");

/// How long a server may take to say it is ready: a Python interpreter's start on a loaded
/// machine, with room to spare.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// How long a server may take to fork a run's child.
const FORK: Duration = Duration::from_secs(10);

/// How long a server may take to say how its child ended, once it has.
const REPORT: Duration = Duration::from_secs(10);

/// The longest argv a request carries (the servers read at most 64 KiB); longer runs cold.
const MOST_ARGV: usize = 60_000;

/// The length of the last argument of a server's command line, all spaces: room for a child to
/// write its own command line there (what `ps` and `/proc/PID/cmdline` show of it: `python3
/// PROGRAM ARGS` or `EXE ARGS`, as of a program started afresh); a longer one is cut short.
const TITLE_ROOM: usize = 4096;

/// How many servers of one program may die mid-run before it starts cold for good.
const MOST_LOST: u32 = 3;

/// Whether a program starts warm, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// Forked from a warm server ([`self`]).
    Warm,
    /// Started afresh each run, for the reason given (`a command boardfuzz did not build`).
    Cold(String),
}

/// What kind of server a program has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `warm_server.py`, run by the program's interpreter.
    Python,
    /// The program itself with `warm_shim.c` preloaded; `sanitized`: an AddressSanitizer build.
    Native { sanitized: bool },
}

/// A program that starts warm.
#[derive(Debug, Clone)]
struct Program {
    /// The leading words of its command line: the interpreter and the script, or the
    /// executable. A run's command line that starts with them starts warm.
    words: Vec<String>,
    kind: Kind,
    /// The server script, or the library to preload.
    helper: PathBuf,
}

/// The programs of this process that start warm, what was decided of each, and what went wrong.
#[derive(Default)]
struct Registry {
    programs: Vec<Program>,
    /// Per command line's leading words, how it starts (what [`start_of`] says).
    starts: Vec<(Vec<String>, Start)>,
    /// Per program, how many of its servers died mid-run.
    lost: HashMap<Vec<String>, u32>,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

/// Whether any program was registered: a run of any other command line does not lock.
static ANY: AtomicBool = AtomicBool::new(false);

fn registry<T>(f: impl FnOnce(&mut Registry) -> T) -> T {
    f(lock(&REGISTRY).get_or_insert_with(Registry::default))
}

/// Decides how a program built from a source file starts, and registers it to start warm where
/// it can: a Python script run by the default run command (`{python3} {src}`), or a C, C++ or
/// Rust executable that is dynamically linked. `words` are its command line's leading words (the
/// interpreter and the script, or the executable); `cache` is where the server script and the
/// library go; `default_run`: whether the language's run command is its default.
pub fn consider(
    cache: &Path,
    language: &str,
    words: Vec<String>,
    default_run: bool,
    sanitized: bool,
) -> Start {
    let start = match decide(cache, language, &words, default_run, sanitized) {
        Ok(program) => {
            registry(|r| {
                r.programs.retain(|p| p.words != program.words);
                r.programs.push(program);
            });
            ANY.store(true, Ordering::Relaxed);
            Start::Warm
        }
        Err(why) => Start::Cold(why),
    };
    registry(|r| {
        r.starts.retain(|(w, _)| *w != words);
        r.starts.push((words, start.clone()));
    });
    start
}

fn decide(
    cache: &Path,
    language: &str,
    words: &[String],
    default_run: bool,
    sanitized: bool,
) -> Result<Program, String> {
    if !cfg!(target_os = "linux") {
        return Err("warm starts are for Linux".into());
    }
    let kind = match language {
        "Python" if default_run => Kind::Python,
        "Python" => return Err("its run command is not the default (--run)".into()),
        "C" | "C++" | "Rust" if default_run => Kind::Native { sanitized },
        "C" | "C++" | "Rust" => return Err("its run command is not the default (--run)".into()),
        other => {
            return Err(format!(
                "{other} starts cold (warm starts: Python, C, C++, Rust)"
            ))
        }
    };
    let helper = match kind {
        Kind::Python => {
            if words.len() != 2 {
                return Err("its command is not `python3 FILE`".into());
            }
            helper_file(cache, "server", "py", PYTHON_SERVER.as_bytes())?
        }
        Kind::Native { .. } => {
            let [exe] = words else {
                return Err("its command is not its executable".into());
            };
            if std::env::var_os("LD_PRELOAD").is_some() {
                return Err("LD_PRELOAD is set, and a warm start preloads a library".into());
            }
            match dynamic(Path::new(exe)) {
                Some(true) => {}
                Some(false) => {
                    return Err("a static executable: no dynamic loader to preload into".into())
                }
                None => return Err("not an ELF executable".into()),
            }
            shim(cache)?
        }
    };
    Ok(Program {
        words: words.to_vec(),
        kind,
        helper,
    })
}

/// How the program a command line names starts (`{seed}` and `{size}` may be in it): as
/// [`consider`] decided for a program boardfuzz built, else cold, as a command it did not build.
pub fn start_of(command: &str) -> Start {
    let masked = command.replace("{seed}", "0").replace("{size}", "0");
    let words = process::split_words(&masked).unwrap_or_default();
    registry(|r| {
        if let Some(program) = r.programs.iter().find(|p| words.starts_with(&p.words)) {
            if r.lost.get(&program.words).is_some_and(|&n| n >= MOST_LOST) {
                return Start::Cold("its warm server failed".into());
            }
        }
        r.starts
            .iter()
            .find(|(w, _)| words.starts_with(w))
            .map(|(_, start)| start.clone())
            .unwrap_or_else(|| Start::Cold("a command boardfuzz did not build".into()))
    })
}

/// How a command line starts, for an opening line: `started warm` ([`start_of`]), else
/// `started directly` or `through sh -c` ([`process::Launch`]).
pub fn how_started(command: &str) -> &'static str {
    match (start_of(command), process::Launch::of(command)) {
        (Start::Warm, _) => "started warm",
        (_, process::Launch::Direct(_)) => "started directly",
        (_, process::Launch::Shell) => "through sh -c",
    }
}

/// The words an opening line ends with: which of the programs (each as the user named it, and
/// its command line) start warm and which cold, and why (`; warm starts: gen.py, main.cpp; cold
/// starts: ./brute (a command boardfuzz did not build)`); with `cold` (`--cold`), that none does.
pub fn start_words(programs: &[(&str, &str)], cold: bool) -> String {
    if cold {
        return "; every program starts cold (--cold)".into();
    }
    let (mut warm, mut cold) = (Vec::new(), Vec::new());
    for (name, command) in programs {
        match start_of(command) {
            Start::Warm => warm.push(format!("`{name}`")),
            Start::Cold(why) => cold.push(format!("`{name}` ({why})")),
        }
    }
    let mut words = String::new();
    if !warm.is_empty() {
        words.push_str(&format!("; warm starts: {}", warm.join(", ")));
    }
    if !cold.is_empty() {
        words.push_str(&format!("; cold starts: {}", cold.join(", ")));
    }
    words
}

/// Writes `bytes` to `boardfuzz-warm-NAME-HASH.EXT` in the cache's `warm/` folder, once.
fn helper_file(cache: &Path, name: &str, ext: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let dir = cache.join("warm");
    let path = dir.join(format!(
        "boardfuzz-warm-{name}-{:016x}.{ext}",
        crate::draw::hash64(bytes)
    ));
    if path.is_file() {
        return Ok(path);
    }
    let written = (|| {
        std::fs::create_dir_all(&dir)?;
        let tmp = dir.join(format!("{name}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, bytes)?;
        std::fs::rename(&tmp, &path)
    })();
    written.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// The fork server library, compiled once (by `cc`, else `gcc`) into the cache.
fn shim(cache: &Path) -> Result<PathBuf, String> {
    static BUILT: Mutex<Option<(PathBuf, Result<PathBuf, String>)>> = Mutex::new(None);
    let mut built = lock(&BUILT);
    if let Some((dir, result)) = built.as_ref() {
        if dir == cache {
            return result.clone();
        }
    }
    let result = build_shim(cache);
    *built = Some((cache.to_path_buf(), result.clone()));
    result
}

fn build_shim(cache: &Path) -> Result<PathBuf, String> {
    let source = helper_file(cache, "shim", "c", SHIM.as_bytes())?;
    let library = source.with_extension("so");
    if library.is_file() {
        return Ok(library);
    }
    let tmp = source.with_extension(format!("{}.so.tmp", std::process::id()));
    let limits = process::Limits {
        timeout: Duration::from_secs(60),
        output_cap: 1 << 16,
    };
    let mut why = String::from("no C compiler (cc or gcc) on PATH");
    for compiler in ["cc", "gcc"] {
        let mut command = Command::new(compiler);
        command
            .args(["-O2", "-shared", "-fPIC", "-o"])
            .arg(&tmp)
            .arg(&source)
            .arg("-ldl");
        match process::run(command, b"", limits) {
            Ok(run) if matches!(run.ended, process::Ended::Exited(s) if s.success()) => {
                return std::fs::rename(&tmp, &library)
                    .map(|()| library.clone())
                    .map_err(|e| format!("cannot write {}: {e}", library.display()));
            }
            Ok(run) => {
                why = format!(
                    "its fork server library does not build ({compiler}: {})",
                    run.stderr_line()
                );
                let _ = std::fs::remove_file(&tmp);
            }
            Err(_) => {}
        }
    }
    Err(why)
}

/// Whether an ELF executable is dynamically linked (it names a program interpreter, the dynamic
/// loader); `None` if it is no ELF file this reads (64- or 32-bit, little-endian).
fn dynamic(exe: &Path) -> Option<bool> {
    let mut file = std::fs::File::open(exe).ok()?;
    let mut bytes = Vec::new();
    file.by_ref().take(1 << 20).read_to_end(&mut bytes).ok()?;
    if bytes.get(..4)? != b"\x7fELF" || *bytes.get(5)? != 1 {
        return None;
    }
    let u16_at = |at: usize| Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    let u64_at = |at: usize| Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?));
    let (phoff, size, count) = match bytes.get(4)? {
        2 => (u64_at(0x20)? as usize, u16_at(0x36)?, u16_at(0x38)?),
        1 => (u32_at(0x1c)? as usize, u16_at(0x2a)?, u16_at(0x2c)?),
        _ => return None,
    };
    const PT_INTERP: u32 = 3;
    let mut interp = false;
    for i in 0..count as usize {
        interp |= u32_at(phoff + i * size as usize)? == PT_INTERP;
    }
    Some(interp)
}

/// What a server is for: a program, and what its runs inherit from the server's start (the
/// environment of a judged run, the stack limit, the working folder).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    words: Vec<String>,
    asan: bool,
    stack: Option<u64>,
    cwd: Option<PathBuf>,
}

/// A started server: ready for a request when it is in the pool.
struct Server {
    key: Key,
    process: Child,
    socket: OwnedFd,
}

impl Drop for Server {
    fn drop(&mut self) {
        let pid = self.process.id() as i32;
        // SAFETY: kill(2) of the server's own process group; no memory is involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        let _ = self.process.wait();
        process::tell_sentinel('-', pid);
    }
}

/// Servers waiting for a run.
static IDLE: Mutex<Vec<Server>> = Mutex::new(Vec::new());

/// A run's child, forked by a server the run holds until the child has ended. [`ExitWatch::Warm`]
/// polls a pidfd of the child (readable the moment it exits, as one of a spawned program is: an
/// interactive dialogue rules by which program ended first), else the server's socket.
pub(crate) struct Lease {
    server: Option<Server>,
    pidfd: Option<OwnedFd>,
}

impl Server {
    /// Its program's words, for [`count_lost`].
    fn words(&self) -> &[String] {
        &self.key.words
    }
}

impl Lease {
    pub(crate) fn fd(&self) -> i32 {
        match (&self.pidfd, &self.server) {
            (Some(pidfd), Some(_)) => pidfd.as_raw_fd(),
            (_, server) => server.as_ref().map_or(-1, |s| s.socket.as_raw_fd()),
        }
    }

    /// The child's wait status and usage, once [`Lease::fd`] is readable; the server goes back
    /// to the pool. `Err` ([`is_lost`]) if the server is gone.
    pub(crate) fn exit(&mut self) -> io::Result<(ExitStatus, Usage)> {
        let server = self.server.take().ok_or_else(lost)?;
        let message = match receive(&server.socket, REPORT) {
            Ok(message) if message.len() == 21 && message[0] == b'X' => message,
            _ => {
                count_lost(server.words());
                return Err(lost());
            }
        };
        let word = |at: usize| u64::from_le_bytes(message[at..at + 8].try_into().unwrap_or([0; 8]));
        let status = i32::from_le_bytes(message[1..5].try_into().unwrap_or([0; 4]));
        let usage = Usage {
            cpu: Duration::from_nanos(word(5)),
            peak: word(13),
        };
        lock(&IDLE).push(server);
        Ok((ExitStatus::from_raw(status), usage))
    }
}

impl Drop for Lease {
    /// A child not seen to end: the caller has killed its group; its server is kept if it says
    /// so soon.
    fn drop(&mut self) {
        if self.server.is_some() {
            let _ = self.exit();
        }
    }
}

/// The error of a run whose server was lost: the run is done again cold.
#[derive(Debug)]
struct Lost;

impl std::fmt::Display for Lost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the warm server of the program ended")
    }
}

impl std::error::Error for Lost {}

fn lost() -> io::Error {
    io::Error::other(Lost)
}

/// Whether a run failed because its warm server was lost (then it is run again cold).
pub(crate) fn is_lost(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Lost>())
}

/// Starts `line` warm if it names a program that starts warm: forked by one of its servers (from
/// the pool, or started now), in a process group of its own, with three fresh pipes. `asan`:
/// the environment of a judged run (`ASAN_OPTIONS=detect_leaks=0` unless set). `None`: it
/// starts cold (not a warm program, or its server could not give it a child).
pub(crate) fn start(line: &str, asan: bool) -> Option<Started> {
    if !ANY.load(Ordering::Relaxed) {
        return None;
    }
    let words = process::split_words(line)?;
    let program = registry(|r| {
        let program = r.programs.iter().find(|p| words.starts_with(&p.words))?;
        let lost = r.lost.get(&program.words).copied().unwrap_or(0);
        (lost < MOST_LOST).then(|| program.clone())
    })?;
    let argv = match program.kind {
        Kind::Python => &words[1..],
        Kind::Native { .. } => &words[..],
    };
    let request = argv.join("\0").into_bytes();
    if request.len() > MOST_ARGV || argv.iter().any(|w| w.contains('\0')) {
        return None;
    }
    let key = Key {
        words: program.words.clone(),
        asan,
        stack: process::stack_limit(),
        cwd: std::env::current_dir().ok(),
    };
    let idle = {
        let mut idle = lock(&IDLE);
        idle.iter()
            .position(|s| s.key == key)
            .map(|at| idle.swap_remove(at))
    };
    let server = match idle {
        Some(server) => server,
        None => match launch(&program, key) {
            Ok(server) => server,
            Err(why) => {
                give_up(&program, &why);
                return None;
            }
        },
    };
    match fork_in(server, &request) {
        Ok(started) => Some(started),
        Err(server_lost) => {
            if server_lost {
                count_lost(&program.words);
            }
            None
        }
    }
}

/// Says once that a program starts cold from now on, and why.
fn give_up(program: &Program, why: &str) {
    let first = registry(|r| {
        let lost = r.lost.entry(program.words.clone()).or_insert(0);
        let first = *lost < MOST_LOST;
        *lost = MOST_LOST;
        first
    });
    if first {
        eprintln!(
            "note: `{}` starts cold from now on: its warm start failed ({why})",
            program.words.join(" ")
        );
    }
}

/// Counts a server of `words` lost mid-run; the last one allowed says so.
fn count_lost(words: &[String]) {
    let now = registry(|r| {
        let lost = r.lost.entry(words.to_vec()).or_insert(0);
        *lost += 1;
        *lost
    });
    if now == MOST_LOST {
        eprintln!(
            "note: `{}` starts cold from now on: {MOST_LOST} of its warm servers ended mid-run",
            words.join(" ")
        );
    }
}

/// Starts a server of `program` and waits until it says it is ready.
fn launch(program: &Program, key: Key) -> Result<Server, String> {
    let (ours, theirs) = socket_pair().map_err(|e| format!("no socket: {e}"))?;
    let mut command = Command::new(&program.words[0]);
    let mut asan_options = std::env::var("ASAN_OPTIONS").ok();
    if key.asan && asan_options.is_none() {
        asan_options = Some("detect_leaks=0".into());
    }
    match program.kind {
        Kind::Python => {
            command.arg(&program.helper).arg(" ".repeat(TITLE_ROOM));
        }
        Kind::Native { sanitized } => {
            command
                .arg(" ".repeat(TITLE_ROOM))
                .env("LD_PRELOAD", &program.helper)
                .env("BOARDFUZZ_WARM", "1");
            if sanitized {
                // AddressSanitizer wants its runtime first of the libraries; the library
                // preloaded before it only stands in for __libc_start_main.
                let options = asan_options.get_or_insert_with(String::new);
                if !options.is_empty() {
                    options.push(':');
                }
                options.push_str("verify_asan_link_order=0");
            }
        }
    }
    if let Some(options) = asan_options {
        command.env("ASAN_OPTIONS", options);
    }
    command
        .stdin(Stdio::from(theirs))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let child = command
        .spawn()
        .map_err(|e| format!("`{}` does not start: {e}", program.words[0]))?;
    process::tell_sentinel('+', child.id() as i32);
    let server = Server {
        key,
        process: child,
        socket: ours,
    };
    match receive(&server.socket, HANDSHAKE) {
        Ok(message) if message.first() == Some(&b'R') => Ok(server),
        Ok(_) => Err("its server said something else than that it is ready".into()),
        Err(e) => {
            let mut said = String::new();
            let mut server = server;
            if let Some(stderr) = server.process.stderr.as_mut() {
                let _ = process::set_nonblocking(stderr);
                let _ = stderr.take(4096).read_to_string(&mut said);
            }
            let said = said.lines().rev().find(|l| !l.trim().is_empty());
            Err(match said {
                Some(line) => format!("{e}; it said: {}", line.trim()),
                None => e.to_string(),
            })
        }
    }
}

/// Asks `server` for a child of `request`'s argv on three new pipes; the child in its own
/// process group, registered as a run's group is. `Err(true)`: the server did not fork one (it
/// is dropped); `Err(false)`: no pipes (it goes back to the pool).
fn fork_in(server: Server, request: &[u8]) -> Result<Started, bool> {
    let pipes = (|| Ok::<_, io::Error>((pipe()?, pipe()?, pipe()?)))();
    let Ok(((stdin_r, stdin_w), (stdout_r, stdout_w), (stderr_r, stderr_w))) = pipes else {
        lock(&IDLE).push(server);
        return Err(false);
    };
    if send(&server.socket, request, &[&stdin_r, &stdout_w, &stderr_w]).is_err() {
        return Err(true);
    }
    drop((stdin_r, stdout_w, stderr_w));
    let message = receive(&server.socket, FORK).map_err(|_| true)?;
    if message.len() != 5 || message[0] != b'P' {
        return Err(true);
    }
    let pid = i32::from_le_bytes([message[1], message[2], message[3], message[4]]);
    let group = Group::register(pid);
    let (stdin, stdout, stderr) = (
        std::process::ChildStdin::from(stdin_w),
        std::process::ChildStdout::from(stdout_r),
        std::process::ChildStderr::from(stderr_r),
    );
    for fd in [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd()] {
        // Cannot fail on a pipe of ours; if it did, the run would block on it.
        let _ = process::set_nonblocking(&fd);
    }
    Ok(Started {
        pid,
        group,
        exit: ExitWatch::Warm(Lease {
            server: Some(server),
            pidfd: pidfd_of(pid),
        }),
        stdin: Some(stdin),
        stdout: Some(stdout),
        stderr: Some(stderr),
    })
}

/// A pidfd of a server's child `pid` (Linux ≥ 5.3), if it is still the leader of its process
/// group: not a process that took the pid of a child already ended and reaped.
#[cfg(target_os = "linux")]
fn pidfd_of(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return None;
    }
    // SAFETY: the descriptor was just created and nothing else owns it.
    let fd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
    // SAFETY: getpgid takes a pid; no memory is involved.
    (unsafe { libc::getpgid(pid) } == pid).then_some(fd)
}

#[cfg(not(target_os = "linux"))]
fn pidfd_of(_pid: i32) -> Option<OwnedFd> {
    None
}

/// A connected pair of `SOCK_SEQPACKET` Unix sockets, close-on-exec (the one a server gets is
/// its fd 0, which the spawn puts in place without the flag).
fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair writes two descriptors into the array we pass.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and nothing else owns them.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A close-on-exec pipe: (read end, write end).
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array we pass.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and nothing else owns them.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sends one message with `fds` passed along.
fn send(socket: &OwnedFd, bytes: &[u8], fds: &[&OwnedFd]) -> io::Result<()> {
    let raw: Vec<i32> = fds.iter().map(|fd| fd.as_raw_fd()).collect();
    let payload = std::mem::size_of_val(raw.as_slice());
    // SAFETY: CMSG_SPACE computes a size from a length.
    let space = unsafe { libc::CMSG_SPACE(payload as u32) } as usize;
    let mut control = vec![0u64; space.div_ceil(8)];
    let mut iov = libc::iovec {
        iov_base: bytes.as_ptr() as *mut libc::c_void,
        iov_len: bytes.len(),
    };
    // SAFETY: an all-zero msghdr is a valid value of the plain C struct.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr() as *mut libc::c_void;
    msg.msg_controllen = space as _;
    // SAFETY: the control buffer is `space` bytes, room for one header and `payload` bytes,
    // which CMSG_FIRSTHDR and CMSG_DATA point into.
    unsafe {
        let header = libc::CMSG_FIRSTHDR(&msg);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(payload as u32) as _;
        std::ptr::copy_nonoverlapping(raw.as_ptr() as *const u8, libc::CMSG_DATA(header), payload);
    }
    loop {
        // SAFETY: msg points at live buffers for the call's length.
        let sent = unsafe { libc::sendmsg(socket.as_raw_fd(), &msg, libc::MSG_NOSIGNAL) };
        if sent >= 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Receives one message, waiting at most `wait` for it (`ZERO`: it is known to be there, or
/// about to be); end of file or no message in time is an error.
fn receive(socket: &OwnedFd, wait: Duration) -> io::Result<Vec<u8>> {
    let until = Instant::now() + wait.max(Duration::from_secs(2));
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match process::poll_ready([(socket.as_raw_fd(), libc::POLLIN)], left)? {
            None => continue,
            Some([true]) => break,
            Some([false]) if left.is_zero() => {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!(
                        "no word from its server in {:?}",
                        wait.max(Duration::from_secs(2))
                    ),
                ))
            }
            Some([false]) => continue,
        }
    }
    let mut buf = [0u8; 64];
    loop {
        // SAFETY: recv into a buffer we own, of its length.
        let got = unsafe {
            libc::recv(
                socket.as_raw_fd(),
                buf.as_mut_ptr() as *mut libc::c_void,
                buf.len(),
                0,
            )
        };
        match got {
            0 => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "its server ended",
                ))
            }
            n if n > 0 => return Ok(buf[..n as usize].to_vec()),
            _ => {
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::programs::process::{run_line_judged, Ended, Finished, Judged, Limits};

    /// A folder of this test's own: the cache the helpers go to, and its programs.
    fn folder(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardfuzz-warm-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// `source` written as `NAME.py` in `dir` and registered to start warm; its command line.
    /// `None` where there is no python3.
    fn python_program(dir: &Path, name: &str, source: &str) -> Option<String> {
        let python = process::python3()?.display().to_string();
        let script = dir.join(format!("{name}.py"));
        std::fs::write(&script, source).unwrap();
        let script = script.display().to_string();
        let start = consider(
            dir,
            "Python",
            vec![python.clone(), script.clone()],
            true,
            false,
        );
        assert_eq!(start, Start::Warm);
        Some(format!("{python} {script}"))
    }

    fn judged(cpu_ms: u64, memory: u64) -> Option<Judged> {
        Some(Judged {
            cpu: Duration::from_millis(cpu_ms),
            memory,
            stack: None,
        })
    }

    fn run(line: &str, input: &[u8], judge: Option<Judged>) -> Finished {
        let limits = Limits {
            timeout: Duration::from_secs(30),
            output_cap: 1 << 20,
        };
        run_line_judged(line, input, limits, judge).unwrap()
    }

    fn stdout(f: &Finished) -> String {
        String::from_utf8_lossy(&f.stdout).into_owned()
    }

    /// Prints whether it runs warm: forked by a warm server, whose command line names it.
    const WHERE: &str = "import os\n\
        parent = open('/proc/%d/cmdline' % os.getppid(), 'rb').read()\n\
        print('warm' if b'boardfuzz-warm-server' in parent else 'cold')\n";

    #[test]
    fn warm_a_global_changed_in_one_run_is_unseen_in_the_next() {
        let dir = folder("global");
        let source = format!(
            "{WHERE}import sys, json\n\
             print(getattr(sys, 'seen', 0), getattr(json, 'seen', 0), len(sys.modules) > 0)\n\
             sys.seen = json.seen = 1\n\
             import builtins; builtins.len = lambda x: -1\n"
        );
        let Some(line) = python_program(&dir, "global", &source) else {
            return;
        };
        for _ in 0..3 {
            let f = run(&line, b"", judged(10_000, 0));
            assert!(matches!(f.ended, Ended::Exited(s) if s.success()), "{f:?}");
            assert_eq!(
                stdout(&f),
                "warm\n0 0 True\n",
                "{}",
                String::from_utf8_lossy(&f.stderr)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn warm_a_python_run_has_its_own_argv_file_stdin_and_exit_code() {
        let dir = folder("argv");
        let source = format!(
            "{WHERE}import sys\n\
             print(__name__, sys.argv[1:], __file__ == sys.argv[0], sys.path[0] == {dir:?})\n\
             print(sys.stdin.read().upper(), end='')\n\
             print('to stderr', file=sys.stderr)\n\
             sys.exit(int(sys.argv[1]))\n",
            dir = dir.canonicalize().unwrap().display().to_string()
        );
        let Some(line) = python_program(&dir, "argv", &source) else {
            return;
        };
        let f = run(&format!("{line} 3 'two words'"), b"abc\n", None);
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.code() == Some(3)),
            "{f:?}"
        );
        assert_eq!(
            stdout(&f),
            "warm\n__main__ ['3', 'two words'] True True\nABC\n",
            "{}",
            String::from_utf8_lossy(&f.stderr)
        );
        assert_eq!(f.stderr, b"to stderr\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn warm_an_uncaught_exception_is_exit_code_1_with_the_programs_traceback() {
        let dir = folder("raise");
        let Some(line) = python_program(
            &dir,
            "raise",
            "def f():\n    raise ValueError('boom')\n\nf()\n",
        ) else {
            return;
        };
        let f = run(&line, b"", judged(10_000, 0));
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.code() == Some(1)),
            "{f:?}"
        );
        let stderr = String::from_utf8_lossy(&f.stderr);
        let script = dir.join("raise.py").display().to_string();
        assert_eq!(
            stderr,
            format!(
                "Traceback (most recent call last):\n  File \"{script}\", line 4, in <module>\n    \
                 f()\n  File \"{script}\", line 2, in f\n    raise ValueError('boom')\n\
                 ValueError: boom\n"
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn warm_limits_hold_per_run_and_nothing_of_a_run_outlives_it() {
        let dir = folder("limits");
        let source = format!(
            "{WHERE}import sys, os, subprocess\n\
             what = sys.stdin.read().strip()\n\
             if what == 'spin':\n    while True: pass\n\
             if what == 'hog':\n    b = bytearray(300 << 20)\n    for i in range(0, len(b), 4096): b[i] = 1\n\
             if what == 'flood':\n    while True: sys.stdout.write('x' * 65536)\n\
             if what == 'orphan':\n    subprocess.Popen(['sleep', '1000'])\n    print(os.getpgrp() == os.getpid(), os.getpgrp())\n"
        );
        let Some(line) = python_program(&dir, "limits", &source) else {
            return;
        };
        let f = run(&line, b"spin", judged(300, 0));
        assert_eq!(f.ended, Ended::TimedOut, "{f:?}");
        assert!(f.cpu >= Duration::from_millis(300), "{:?}", f.cpu);
        let f = run(&line, b"hog", judged(10_000, 200 << 20));
        assert_eq!(f.ended, Ended::MemoryLimit, "{f:?}");
        let f = run(&line, b"flood", judged(10_000, 0));
        assert_eq!(f.ended, Ended::OutputLimit, "{:?}", f.ended);
        let f = run(&line, b"orphan", judged(10_000, 0));
        // The run leads its own process group, and that group is no longer running (only
        // this run's: other tests run programs beside this one).
        let said = stdout(&f);
        let pgid = said
            .strip_prefix("warm\nTrue ")
            .and_then(|rest| rest.trim_end().parse::<i32>().ok())
            .unwrap_or_else(|| panic!("{said:?}"));
        assert!(!process::group_is_live(pgid), "{pgid}");
        // The sleep was in the run's process group, which is gone.
        let sleeping = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .filter(|c| c == b"sleep\x001000\x00")
            .count();
        assert_eq!(sleeping, 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn warm_a_run_whose_server_dies_is_run_again_cold() {
        let dir = folder("lost");
        let source = format!(
            "{WHERE}import os, signal, time\n\
             if b'boardfuzz-warm-server' in parent and not os.path.exists({mark:?}):\n    \
             open({mark:?}, 'w').close()\n    os.kill(os.getppid(), signal.SIGKILL)\n    \
             time.sleep(0.5)\n    print('not here')\n",
            mark = dir.join("killed").display().to_string()
        );
        let Some(line) = python_program(&dir, "lost", &source) else {
            return;
        };
        let f = run(&line, b"", judged(10_000, 0));
        assert!(matches!(f.ended, Ended::Exited(s) if s.success()), "{f:?}");
        assert_eq!(stdout(&f), "cold\n");
        // The next run starts warm again, from a new server.
        let f = run(&line, b"", judged(10_000, 0));
        assert_eq!(stdout(&f), "warm\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn warm_a_c_program_runs_from_its_fork_server_with_fresh_globals_and_its_own_argv() {
        let dir = folder("native");
        let source = dir.join("count.c");
        std::fs::write(
            &source,
            "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n\
             static int runs;\n\
             int main(int argc, char **argv) {\n\
               char me[4096] = {0}, parent[4096] = {0}, path[64];\n\
               readlink(\"/proc/self/exe\", me, sizeof me - 1);\n\
               snprintf(path, sizeof path, \"/proc/%d/exe\", (int)getppid());\n\
               readlink(path, parent, sizeof parent - 1);\n\
               printf(\"%s %d %d %s\\n\", strcmp(me, parent) ? \"cold\" : \"warm\", ++runs, argc,\n\
                      argc > 1 ? argv[1] : \"-\");\n\
               fflush(stdout);\n\
               if (argc > 1 && !strcmp(argv[1], \"crash\")) raise(SIGSEGV);\n\
               return 0;\n}\n",
        )
        .unwrap();
        let exe = dir.join("count");
        let built = Command::new("cc").arg("-o").arg(&exe).arg(&source).status();
        if !built.is_ok_and(|s| s.success()) {
            eprintln!("skipped: no C compiler here");
            return;
        }
        let exe = exe.display().to_string();
        let start = consider(&dir, "C", vec![exe.clone()], true, false);
        if let Start::Cold(why) = start {
            panic!("{why}");
        }
        for _ in 0..2 {
            let f = run(&format!("{exe} word"), b"", judged(10_000, 0));
            assert!(matches!(f.ended, Ended::Exited(s) if s.success()), "{f:?}");
            assert_eq!(stdout(&f), "warm 1 2 word\n");
        }
        let f = run(&format!("{exe} crash"), b"", judged(10_000, 0));
        assert_eq!(stdout(&f), "warm 1 2 crash\n");
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.signal() == Some(libc::SIGSEGV)),
            "{f:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
