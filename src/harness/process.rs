//! Running an external program once, the way a judge does: input on stdin, a time limit, an
//! output cap, and nothing of the program left behind.
//!
//! - The program runs in its own process group; on exit, on timeout, on the output cap and on
//!   Ctrl-C ([`kill_all`]) the whole group is killed with `SIGKILL`, so a child it started cannot
//!   keep running, nor keep its stdout open.
//! - On Linux boardfuzz makes itself a child subreaper: a killed program's orphans are re-parented
//!   to boardfuzz, which reaps them, so no zombie is left either. (A process that leaves the group
//!   with `setsid` escapes this; judges use cgroups for that.)
//! - stdout is read up to the cap ([`Limits::output_cap`]); past it the run ends with
//!   [`Ended::OutputLimit`] and the program is killed: a flood costs a bounded amount of memory.
//!   stderr is drained and its first 64 KiB kept, for the runtime-error message.
//! - The child is waited for by a thread that blocks in `wait`, and the caller blocks on a channel
//!   with the deadline: no sleep-polling, so a fast program is not slowed down.

use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

/// Limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time allowed, from start; past it the run ends with [`Ended::TimedOut`] and the
    /// program is killed.
    pub timeout: Duration,
    /// Bytes of stdout kept; more is an output-limit verdict.
    pub output_cap: usize,
}

/// The default output cap: 8 MiB, far above any judge answer of these games (the largest, a
/// yut_nori picture, is about 1 KiB per case).
pub const DEFAULT_OUTPUT_CAP: usize = 8 << 20;

/// Bytes of stderr kept for messages.
const STDERR_KEPT: usize = 64 << 10;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The program exited (or was killed by a signal) on its own.
    Exited(ExitStatus),
    /// The program overran [`Limits::timeout`] and was killed.
    TimedOut,
    /// The program wrote more than [`Limits::output_cap`] bytes to stdout and was killed.
    OutputLimit,
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct Finished {
    /// How the run ended.
    pub ended: Ended,
    /// What the program wrote to stdout, up to [`Limits::output_cap`] bytes.
    pub stdout: Vec<u8>,
    /// What the program wrote to stderr, its first 64 KiB.
    pub stderr: Vec<u8>,
    /// Wall-clock time from start until the run was over: the program ended or was killed, and
    /// its output was drained.
    pub elapsed: Duration,
}

impl Finished {
    /// The last non-empty line of stderr, for messages.
    pub fn stderr_line(&self) -> String {
        let text = String::from_utf8_lossy(&self.stderr);
        let last = text.lines().rev().find(|l| !l.trim().is_empty());
        last.unwrap_or("").trim().to_string()
    }

    /// The last `lines` non-blank lines of stderr, each cut to 200 characters: what a report
    /// shows of a program that failed (a traceback's end, a compiler's message).
    pub fn stderr_tail(&self, lines: usize) -> Vec<String> {
        let text = String::from_utf8_lossy(&self.stderr);
        let mut tail: Vec<String> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .rev()
            .take(lines)
            .map(|l| {
                let l = l.trim_end();
                match l.char_indices().nth(200) {
                    Some((cut, _)) => format!("{}…", &l[..cut]),
                    None => l.to_string(),
                }
            })
            .collect();
        tail.reverse();
        tail
    }
}

/// Describes an exit status like a judge: `exit code 1`, `killed by signal 11 (SIGSEGV)`.
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit code {code}");
    }
    match status.signal() {
        Some(sig) => format!("killed by signal {sig} ({})", signal_name(sig)),
        None => status.to_string(),
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        _ => "signal",
    }
}

/// Process groups of programs running now, killed by [`kill_all`].
static LIVE: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

/// Kills every program boardfuzz is running (their whole process groups). Safe to call from a
/// signal-handling thread.
pub fn kill_all() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    for &pgid in live.iter().flatten() {
        // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Number of program groups running now (for tests).
pub fn live_groups() -> usize {
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map_or(0, HashSet::len)
}

/// A registered process group: killed and reaped when dropped.
struct Group(i32);

impl Group {
    fn register(pgid: i32) -> Group {
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashSet::new)
            .insert(pgid);
        Group(pgid)
    }

    fn kill(&self) {
        // SAFETY: as in `kill_all`.
        unsafe {
            libc::kill(-self.0, libc::SIGKILL);
        }
    }

    /// Reaps what is left of the group (orphans re-parented to us as subreaper). The leader has
    /// already been waited for. Bounded: a member that is not our child cannot be reaped here.
    fn reap(&self) {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            let mut status = 0;
            // SAFETY: waitpid on our own children of this group, non-blocking.
            let pid = unsafe { libc::waitpid(-self.0, &mut status, libc::WNOHANG) };
            if pid > 0 {
                continue;
            }
            // SAFETY: signal 0 only asks whether any process of the group still exists.
            let exists = unsafe { libc::kill(-self.0, 0) } == 0;
            if !exists || Instant::now() >= deadline {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
        self.reap();
        if let Some(live) = LIVE.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            live.remove(&self.0);
        }
    }
}

fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        #[cfg(target_os = "linux")]
        // SAFETY: PR_SET_CHILD_SUBREAPER takes an integer flag; no memory is passed.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

enum Event {
    Exited(io::Result<ExitStatus>),
    StdoutDone,
    StdoutOverCap,
    StderrDone,
}

/// Runs `command` (stdin, stdout and stderr are set here) with `input` on its stdin.
/// `Err` only when the program cannot be started at all.
pub fn run(mut command: Command, input: &[u8], limits: Limits) -> io::Result<Finished> {
    become_subreaper();
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn()?;
    let group = Group::register(child.id() as i32);
    let (tx, rx) = mpsc::channel();

    let stdout_buf = Arc::new(Mutex::new(Vec::new()));
    let stderr_buf = Arc::new(Mutex::new(Vec::new()));
    if let Some(mut out) = child.stdout.take() {
        let (tx, buf) = (tx.clone(), Arc::clone(&stdout_buf));
        let cap = limits.output_cap;
        thread::spawn(move || {
            let mut chunk = vec![0u8; 64 << 10];
            let event = loop {
                match out.read(&mut chunk) {
                    Ok(0) => break Event::StdoutDone,
                    Ok(n) => {
                        let mut b = buf.lock().unwrap_or_else(|e| e.into_inner());
                        if b.len() + n > cap {
                            let room = cap - b.len();
                            b.extend_from_slice(&chunk[..room]);
                            break Event::StdoutOverCap;
                        }
                        b.extend_from_slice(&chunk[..n]);
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break Event::StdoutDone,
                }
            };
            let _ = tx.send(event);
        });
    } else {
        let _ = tx.send(Event::StdoutDone);
    }
    if let Some(mut err) = child.stderr.take() {
        let (tx, buf) = (tx.clone(), Arc::clone(&stderr_buf));
        thread::spawn(move || {
            let mut chunk = vec![0u8; 16 << 10];
            loop {
                match err.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        let mut b = buf.lock().unwrap_or_else(|e| e.into_inner());
                        let room = STDERR_KEPT.saturating_sub(b.len()).min(n);
                        b.extend_from_slice(&chunk[..room]);
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = tx.send(Event::StderrDone);
        });
    } else {
        let _ = tx.send(Event::StderrDone);
    }
    // Small inputs fit in the pipe and are written at once; large ones by a thread, so a program
    // that does not read its input cannot block us.
    if let Some(mut stdin) = child.stdin.take() {
        if input.len() <= 32 << 10 {
            let _ = stdin.write_all(input);
        } else {
            let input = input.to_vec();
            thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
    }
    {
        let tx = tx.clone();
        thread::spawn(move || {
            let _ = tx.send(Event::Exited(child.wait()));
        });
    }
    drop(tx);

    let deadline = start + limits.timeout;
    let mut status: Option<io::Result<ExitStatus>> = None;
    let mut verdict: Option<Ended> = None;
    let (mut out_done, mut err_done) = (false, false);
    // Once the leader has exited (or been killed), the group is killed too; the pipes then close
    // at once unless a process escaped the group, so waiting for them is bounded.
    let mut drain_until: Option<Instant> = None;
    loop {
        if status.is_some() && out_done && err_done {
            break;
        }
        let until = match (drain_until, verdict) {
            (Some(d), _) => d,
            (None, Some(_)) => Instant::now() + Duration::from_secs(5),
            (None, None) => deadline,
        };
        let wait = until.saturating_duration_since(Instant::now());
        match rx.recv_timeout(wait) {
            Ok(Event::Exited(s)) => {
                status = Some(s);
                group.kill();
                drain_until.get_or_insert(Instant::now() + Duration::from_millis(200));
            }
            Ok(Event::StdoutDone) => out_done = true,
            Ok(Event::StdoutOverCap) => {
                out_done = true;
                verdict.get_or_insert(Ended::OutputLimit);
                group.kill();
            }
            Ok(Event::StderrDone) => err_done = true,
            Err(RecvTimeoutError::Timeout) => {
                if drain_until.is_some() || verdict.is_some() {
                    break;
                }
                verdict = Some(Ended::TimedOut);
                group.kill();
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let elapsed = start.elapsed();
    drop(group);
    let ended = match (verdict, status) {
        (Some(v), _) => v,
        (None, Some(Ok(s))) => Ended::Exited(s),
        (None, Some(Err(e))) => return Err(e),
        (None, None) => Ended::TimedOut,
    };
    let take =
        |b: &Arc<Mutex<Vec<u8>>>| std::mem::take(&mut *b.lock().unwrap_or_else(|e| e.into_inner()));
    Ok(Finished {
        ended,
        stdout: take(&stdout_buf),
        stderr: take(&stderr_buf),
        elapsed,
    })
}

/// Shell keywords and builtins (and a few wrappers) whose command lines are left to `sh -c`.
pub const SHELL_WORDS: &[&str] = &[
    "!", "{", "(", "if", "for", "while", "until", "case", "exec", "command", "eval", "env", "echo",
    "printf", "true", "false", ":", ".", "cd", "set", "export", "read", "test", "[", "ulimit",
    "trap", "time", "nice", "timeout", "exit", "kill", "wait", "source", "type", "umask",
];

/// Checks, before any case runs, that a `sh -c` command line can start: its first word must be a
/// shell builtin or keyword, an executable file, or a program on `PATH`. Commands whose first word
/// the shell would expand (`$X`, quotes, assignments) are left to the shell.
pub fn check_startable(command: &str) -> Result<(), String> {
    let Some(first) = command.split_whitespace().next() else {
        return Err("the command is empty".into());
    };
    if SHELL_WORDS.contains(&first)
        || first.starts_with('(')
        || first.contains([
            '$', '\'', '"', '`', '=', '*', '?', '~', ';', '&', '|', '<', '>',
        ])
    {
        return Ok(());
    }
    let executable = |p: &std::path::Path| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if first.contains('/') {
        let path = std::path::Path::new(first);
        if !path.exists() {
            return Err(format!("`{first}` does not exist"));
        }
        if !executable(path) {
            return Err(format!(
                "`{first}` is not an executable file (try `sh {first}`, `python3 {first}`, or chmod +x)"
            ));
        }
        return Ok(());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| executable(&dir.join(first))) {
        Ok(())
    } else {
        Err(format!("`{first}` is not a program on PATH"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(command: &str) -> Command {
        let mut c = Command::new("sh");
        c.arg("-c").arg(command);
        c
    }

    fn limits(ms: u64) -> Limits {
        Limits {
            timeout: Duration::from_millis(ms),
            output_cap: 1 << 20,
        }
    }

    #[test]
    fn runs_with_input_and_reports_exit() {
        let f = run(sh("tr a-z A-Z; exit 3"), b"abc\n", limits(5000)).unwrap();
        assert_eq!(f.stdout, b"ABC\n");
        assert!(matches!(f.ended, Ended::Exited(s) if s.code() == Some(3)));
        let f = run(sh("kill -SEGV $$"), b"", limits(5000)).unwrap();
        let Ended::Exited(s) = f.ended else { panic!() };
        assert_eq!(describe(s), "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn a_lingering_child_does_not_block_the_run() {
        let started = Instant::now();
        let f = run(sh("sleep 30 & echo 1"), b"", limits(10_000)).unwrap();
        assert_eq!(f.stdout, b"1\n");
        assert!(matches!(f.ended, Ended::Exited(_)));
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_timeout_and_a_flood_end_the_run() {
        let f = run(sh("sleep 20"), b"", limits(200)).unwrap();
        assert_eq!(f.ended, Ended::TimedOut);
        assert!(f.elapsed < Duration::from_secs(3));
        let f = run(sh("yes"), b"", limits(10_000)).unwrap();
        assert_eq!(f.ended, Ended::OutputLimit);
        assert_eq!(f.stdout.len(), 1 << 20);
    }

    #[test]
    fn unstartable_commands_are_named() {
        assert!(check_startable("./no/such/file --x").is_err());
        assert!(check_startable("no-such-program-xyz").is_err());
        assert!(check_startable("Cargo.toml").is_err());
        assert!(check_startable("sh -c true").is_ok());
        assert!(check_startable("echo 1 | cat").is_ok());
    }
}
