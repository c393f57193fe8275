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
//! - The caller's thread writes the input, reads both outputs and sees the exit (through a pidfd
//!   on Linux) in one `poll` loop whose timeout is the deadline: no helper threads and no
//!   sleep-polling, so a fast program is not slowed down, and runs on several jobs at once share
//!   nothing but the registry of live groups.

use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
#[cfg(target_os = "linux")]
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, Once, OnceLock};
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

/// How [`describe`] begins the status of a process a signal killed.
pub const KILLED_BY_SIGNAL: &str = "killed by signal";

/// Describes an exit status like a judge: `exit code 1`, `killed by signal 11 (SIGSEGV)`.
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit code {code}");
    }
    match status.signal() {
        Some(sig) => format!("{KILLED_BY_SIGNAL} {sig} ({})", signal_name(sig)),
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
        tell_sentinel('+', pgid);
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
        tell_sentinel('-', self.0);
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

/// The sentinel's script: it keeps the process groups boardfuzz says are running (`+ PGID`,
/// `- PGID` lines on its stdin), and when its stdin ends — boardfuzz exited, however: also
/// killed with SIGKILL, which it cannot catch — it kills every group still on its list.
const SENTINEL: &str = r#"groups=' '
while read -r op pg; do
  case "$op" in
    +) groups="$groups$pg " ;;
    -) case "$groups" in *" $pg "*) groups="${groups%% "$pg" *} ${groups#* "$pg" }" ;; esac ;;
  esac
done
for pg in $groups; do kill -s KILL -- "-$pg" 2>/dev/null; done"#;

/// Our end of the sentinel's stdin: a `sh` started once, in a process group of its own (so a
/// Ctrl-C or a `timeout` that signals our group leaves it alone), to which every run's group is
/// announced. The programs we run die with us even when we cannot kill them ourselves
/// (`PR_SET_PDEATHSIG` would do it per child, but needs a `fork` for every run instead of the
/// `posix_spawn` std uses: measured, it cost a third of `check --solution`'s speed). `None` if
/// no `sh` could be started: then only our own cleanup kills them.
fn sentinel() -> Option<&'static Mutex<std::process::ChildStdin>> {
    static SENTINEL_STDIN: OnceLock<Option<Mutex<std::process::ChildStdin>>> = OnceLock::new();
    SENTINEL_STDIN
        .get_or_init(|| {
            let mut sh = Command::new("sh");
            sh.arg("-c")
                .arg(SENTINEL)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0);
            // Never waited for: it ends when our end of its stdin closes, at our exit.
            let child = sh.spawn().ok()?;
            child.stdin.map(Mutex::new)
        })
        .as_ref()
}

/// Tells the sentinel that group `pgid` started (`+`) or is gone (`-`).
fn tell_sentinel(sign: char, pgid: i32) {
    if let Some(stdin) = sentinel() {
        // One short line per write: atomic on a pipe, whatever other threads write.
        let _ = stdin
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write_all(format!("{sign} {pgid}\n").as_bytes());
    }
}

/// Sets `O_NONBLOCK` on one of our ends of a pipe.
fn set_nonblocking(fd: &impl AsRawFd) -> io::Result<()> {
    let fd = fd.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own; no memory is passed.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// What became of a pipe we read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drained {
    /// Nothing more to read now; the pipe is still open.
    Open,
    /// End of file (or a read error): the pipe is done.
    Closed,
    /// More than the cap arrived; what fits was kept.
    OverCap,
}

/// Reads what `pipe` holds now into `buf`. Past `cap` bytes: with `over_cap_ends`, stops with
/// [`Drained::OverCap`]; otherwise the rest is read and dropped (stderr).
fn drain(pipe: &mut impl Read, buf: &mut Vec<u8>, cap: usize, over_cap_ends: bool) -> Drained {
    let mut chunk = [0u8; 16 << 10];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => return Drained::Closed,
            Ok(n) => {
                let room = cap.saturating_sub(buf.len());
                buf.extend_from_slice(&chunk[..room.min(n)]);
                if n > room && over_cap_ends {
                    return Drained::OverCap;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Drained::Open,
            Err(_) => return Drained::Closed,
        }
    }
}

/// How the end of the program is seen in the poll loop: a descriptor that becomes readable when
/// the program has exited.
enum ExitWatch {
    /// Linux ≥ 5.3: a pidfd of the program; the caller reaps it with `waitpid`.
    #[cfg(target_os = "linux")]
    Pidfd(OwnedFd),
    /// Elsewhere: a thread reaps the program and writes its raw wait status to this socket.
    Thread(UnixStream),
}

impl ExitWatch {
    fn new(pid: i32) -> io::Result<ExitWatch> {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1. The pid
            // is our unreaped child, so it cannot have been reused.
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
            if fd >= 0 {
                // SAFETY: the descriptor was just created and nothing else owns it.
                return Ok(ExitWatch::Pidfd(unsafe { OwnedFd::from_raw_fd(fd as i32) }));
            }
        }
        ExitWatch::thread(pid)
    }

    /// The fallback: a thread blocked in `waitpid`.
    fn thread(pid: i32) -> io::Result<ExitWatch> {
        let (mut tx, rx) = UnixStream::pair()?;
        thread::spawn(move || {
            let mut status = 0;
            // SAFETY: waitpid on our own child, blocking; `status` is a valid out-pointer.
            while unsafe { libc::waitpid(pid, &mut status, 0) } < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
            let _ = tx.write_all(&status.to_ne_bytes());
        });
        Ok(ExitWatch::Thread(rx))
    }

    fn fd(&self) -> i32 {
        match self {
            #[cfg(target_os = "linux")]
            ExitWatch::Pidfd(fd) => fd.as_raw_fd(),
            ExitWatch::Thread(rx) => rx.as_raw_fd(),
        }
    }

    /// The exit status, once [`ExitWatch::fd`] is readable.
    fn status(&mut self, pid: i32) -> io::Result<ExitStatus> {
        let mut status = 0;
        match self {
            #[cfg(target_os = "linux")]
            ExitWatch::Pidfd(_) => loop {
                // SAFETY: waitpid on our own child, which has exited; `status` is valid.
                if unsafe { libc::waitpid(pid, &mut status, 0) } >= 0 {
                    break;
                }
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
            },
            ExitWatch::Thread(rx) => {
                let _ = pid;
                let mut bytes = [0u8; 4];
                rx.read_exact(&mut bytes)?;
                status = i32::from_ne_bytes(bytes);
            }
        }
        Ok(ExitStatus::from_raw(status))
    }
}

/// Runs `command` (stdin, stdout and stderr are set here) with `input` on its stdin.
/// `Err` only when the program cannot be started at all.
///
/// One thread does everything: it writes the input, reads both outputs and sees the exit in one
/// `poll` loop with the deadline as its timeout. Helper threads (a reader per output and a
/// waiter) cost more than the run of a small native program: a stack mapped and unmapped for
/// each, with a TLB shootdown across cores, and four cross-thread wake-ups per run.
pub fn run(mut command: Command, input: &[u8], limits: Limits) -> io::Result<Finished> {
    become_subreaper();
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn()?;
    let pid = child.id() as i32;
    let group = Group::register(pid);
    let mut exit = ExitWatch::new(pid)?;
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let mut stdin = child.stdin.take();
    for fd in [
        stdout.as_ref().map(AsRawFd::as_raw_fd),
        stderr.as_ref().map(AsRawFd::as_raw_fd),
    ]
    .into_iter()
    .flatten()
    .chain(stdin.as_ref().map(AsRawFd::as_raw_fd))
    {
        set_nonblocking(&fd)?;
    }
    let mut stdout_buf = Vec::new();
    let mut stderr_buf = Vec::new();
    // The input is written as the pipe takes it, so a program that does not read its input
    // cannot block us; most inputs fit the pipe and go in the first write.
    let mut written = 0;

    let deadline = start + limits.timeout;
    let mut status: Option<io::Result<ExitStatus>> = None;
    let mut verdict: Option<Ended> = None;
    // After a verdict, how long to wait for the killed program to be reaped.
    let mut give_up: Option<Instant> = None;
    // Once the leader has exited (or been killed), the group is killed too; the pipes then close
    // at once unless a process escaped the group, so waiting for them is bounded.
    let mut drain_until: Option<Instant> = None;
    loop {
        if let Some(pipe) = &mut stdin {
            loop {
                match pipe.write(&input[written..]) {
                    Ok(n) => written += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    // The program closed its stdin (or exited): the rest of the input is dropped.
                    Err(_) => written = input.len(),
                }
                if written == input.len() {
                    break;
                }
            }
            if written == input.len() || status.is_some() {
                stdin = None;
            }
        }
        if status.is_some() && stdout.is_none() && stderr.is_none() {
            break;
        }
        let until = match (drain_until, give_up) {
            (Some(d), _) => d,
            (None, Some(g)) => g,
            (None, None) => deadline,
        };
        let wait = until.saturating_duration_since(Instant::now());
        let fd = |p: Option<i32>| p.unwrap_or(-1);
        let mut fds = [
            (fd(status.is_none().then(|| exit.fd())), libc::POLLIN),
            (fd(stdout.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLIN),
            (fd(stderr.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLIN),
            (fd(stdin.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLOUT),
        ]
        .map(|(fd, events)| libc::pollfd {
            fd,
            events,
            revents: 0,
        });
        // Milliseconds, rounded up so that the deadline has passed when poll times out.
        let ms = wait.as_nanos().div_ceil(1_000_000).min(i32::MAX as u128) as i32;
        // SAFETY: `fds` is a valid array of pollfd of the length given; negative fds are ignored.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if ready < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if ready == 0 {
            if Instant::now() < until {
                continue;
            }
            if drain_until.is_some() || verdict.is_some() {
                break;
            }
            verdict = Some(Ended::TimedOut);
            give_up = Some(Instant::now() + Duration::from_secs(5));
            group.kill();
            continue;
        }
        let [exited, out, err, _] = fds.map(|p| p.revents != 0);
        if out {
            if let Some(pipe) = &mut stdout {
                match drain(pipe, &mut stdout_buf, limits.output_cap, true) {
                    Drained::Open => {}
                    Drained::Closed => stdout = None,
                    Drained::OverCap => {
                        stdout = None;
                        if verdict.is_none() {
                            verdict = Some(Ended::OutputLimit);
                            give_up = Some(Instant::now() + Duration::from_secs(5));
                        }
                        group.kill();
                    }
                }
            }
        }
        if err {
            if let Some(pipe) = &mut stderr {
                if drain(pipe, &mut stderr_buf, STDERR_KEPT, false) != Drained::Open {
                    stderr = None;
                }
            }
        }
        if exited {
            status = Some(exit.status(pid));
            group.kill();
            drain_until.get_or_insert(Instant::now() + Duration::from_millis(200));
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
    Ok(Finished {
        ended,
        stdout: stdout_buf,
        stderr: stderr_buf,
        elapsed,
    })
}

/// Shell keywords and builtins (and a few wrappers) whose command lines are left to `sh -c`.
pub const SHELL_WORDS: &[&str] = &[
    "!", "{", "(", "if", "for", "while", "until", "case", "exec", "command", "eval", "env", "echo",
    "printf", "true", "false", ":", ".", "cd", "set", "export", "read", "test", "[", "ulimit",
    "trap", "time", "nice", "timeout", "exit", "kill", "wait", "source", "type", "umask",
];

/// Characters that mean shell syntax outside quotes: expansions, globs, redirections, pipes,
/// lists, subshells, brace groups, comments.
const SHELL_SYNTAX: &[char] = &[
    '$', '`', '|', '&', ';', '<', '>', '(', ')', '*', '?', '[', ']', '~', '{', '}', '#', '\n',
];

/// Splits a command line into words the way `sh` does when it has nothing to expand: blanks
/// (space, tab) separate words, `'…'` keeps everything literal, `"…"` keeps everything literal
/// but `\$`, `` \` ``, `\"` and `\\`, and a backslash outside quotes makes the next character
/// literal. `None` ("needs a shell") for anything else the shell would interpret: a character of
/// `SHELL_SYNTAX` outside quotes, `$` or `` ` `` inside double quotes, a line continuation, an
/// unterminated quote, a trailing backslash, or a leading `NAME=value` assignment.
pub fn split_words(command: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    // The word being read, if one has started (`''` starts an empty word).
    let mut word: Option<String> = None;
    // Whether everything of the first word so far is unquoted name characters (an assignment
    // `NAME=value` is recognized by its first unquoted `=`).
    let mut bare_name = true;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
                continue;
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' => return None,
                        '\\' => match chars.next()? {
                            c @ ('$' | '`' | '"' | '\\') => w.push(c),
                            '\n' => return None,
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => match chars.next()? {
                '\n' => return None,
                c => word.get_or_insert_with(String::new).push(c),
            },
            '=' if words.is_empty() && bare_name => {
                let name = word.as_deref().unwrap_or("");
                if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    return None;
                }
                word.get_or_insert_with(String::new).push(c);
            }
            c if SHELL_SYNTAX.contains(&c) => return None,
            c => {
                word.get_or_insert_with(String::new).push(c);
                if c.is_ascii_alphanumeric() || c == '_' {
                    continue;
                }
            }
        }
        // Anything but a name character (a quote, an escape, `=`, `-`, `/`, …) ends the chance
        // that the first word is an assignment.
        bare_name = false;
    }
    if let Some(w) = word {
        words.push(w);
    }
    Some(words)
}

/// How a `--solution` command line is started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// Plain words ([`split_words`]) whose first word is no shell builtin or keyword
    /// ([`SHELL_WORDS`]): that program is started directly with the other words as its
    /// arguments — one process per run, as a shell loop starts it.
    Direct(Vec<String>),
    /// Anything else: `sh -c COMMAND`.
    Shell,
}

impl Launch {
    /// How `command` is started: directly when it is plain words led by no shell word, else
    /// through the shell.
    pub fn of(command: &str) -> Launch {
        match split_words(command) {
            Some(words)
                if words
                    .first()
                    .is_some_and(|w| !SHELL_WORDS.contains(&w.as_str())) =>
            {
                Launch::Direct(words)
            }
            _ => Launch::Shell,
        }
    }

    /// The process that runs `command` (the line this launch was made from). A line led by a
    /// bare `python3` starts the interpreter that name finds ([`python3`]), not a version
    /// manager's shim of that name.
    pub fn command(&self, command: &str) -> Command {
        match self {
            Launch::Direct(words) => {
                // Asked only of a line that starts python3: no other program pays for it.
                let program = match words[0].as_str() {
                    "python3" => python3().map_or("python3".as_ref(), |found| found.as_os_str()),
                    first => std::ffi::OsStr::new(first),
                };
                let mut direct = Command::new(program);
                direct.args(&words[1..]);
                direct
            }
            Launch::Shell => shell(command),
        }
    }
}

/// The interpreter `python3` names here (its `sys.executable`), asked once: a version
/// manager's `python3` (pyenv's shim) is a script that picks the interpreter at every start,
/// which here cost about 150 ms a run, more than most programs take (a solution under `check
/// --solution` runs once a case, and once a shrink candidate). `None` where `python3` does not
/// say (none on `PATH`, or no file at the path it prints).
pub fn python3() -> Option<&'static std::path::Path> {
    static FOUND: OnceLock<Option<std::path::PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut ask = Command::new("python3");
            ask.args(["-c", "import sys; print(sys.executable)"]);
            let limits = Limits {
                timeout: Duration::from_secs(30),
                output_cap: 4096,
            };
            run(ask, b"", limits)
                .ok()
                .filter(|run| matches!(run.ended, Ended::Exited(s) if s.success()))
                .map(|run| String::from_utf8_lossy(&run.stdout).trim().into())
                .filter(|path: &std::path::PathBuf| path.is_file())
        })
        .as_deref()
}

/// Runs a command line as [`Launch`] starts it, with `input` on stdin and `limits`
/// ([`run`]): what every program of a user's (a solution, a generator, a validator, a checker,
/// a compiler) is run through. An executable text file without `#!` is refused by the kernel
/// (`ENOEXEC`) when started directly; the shell runs it as a shell script, so this does too.
pub fn run_line(line: &str, input: &[u8], limits: Limits) -> io::Result<Finished> {
    let launch = Launch::of(line);
    let run = run(launch.command(line), input, limits);
    if launch != Launch::Shell && matches!(&run, Err(e) if e.raw_os_error() == Some(libc::ENOEXEC))
    {
        return self::run(shell(line), input, limits);
    }
    run
}

/// `sh -c COMMAND`.
pub fn shell(command: &str) -> Command {
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    sh
}

/// Checks, before any case runs, that a command line can start: its program must be an
/// executable file or a program on `PATH`. A line that runs through `sh -c` may also start with a
/// shell builtin or keyword; one whose first word the shell would expand (`$X`, a glob, an
/// assignment) is left to the shell.
pub fn check_startable(command: &str) -> Result<(), String> {
    let direct = Launch::of(command);
    let first = match &direct {
        Launch::Direct(words) => words[0].as_str(),
        Launch::Shell => {
            let Some(first) = command.split_whitespace().next() else {
                return Err("the command is empty".into());
            };
            if SHELL_WORDS.contains(&first)
                || first.starts_with('(')
                || first.contains(['\'', '"', '\\', '='])
                || first.contains(SHELL_SYNTAX)
            {
                return Ok(());
            }
            first
        }
    };
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
    fn a_bare_python3_starts_the_interpreter_it_names() {
        let Some(found) = python3() else {
            return; // no python3 here: nothing to resolve
        };
        let line = "python3 -c 'import sys; print(sys.executable)'";
        let launch = Launch::of(line);
        assert_eq!(launch.command(line).get_program(), found.as_os_str());
        let f = run(launch.command(line), b"", limits(30_000)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&f.stdout).trim(),
            found.to_string_lossy()
        );
        // Other programs, and a python3 given by path, start as written.
        assert_eq!(
            Launch::of("./python3 x")
                .command("./python3 x")
                .get_program(),
            "./python3"
        );
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
    fn the_exit_is_seen_with_or_without_a_pidfd() {
        for fallback in [false, true] {
            // Reaped by `exit.status`, not by `Child::wait`.
            #[allow(clippy::zombie_processes)]
            let child = sh("exit 3").spawn().unwrap();
            let pid = child.id() as i32;
            let mut exit = if fallback {
                ExitWatch::thread(pid).unwrap()
            } else {
                ExitWatch::new(pid).unwrap()
            };
            let mut fd = libc::pollfd {
                fd: exit.fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            assert_eq!(unsafe { libc::poll(&mut fd, 1, 10_000) }, 1);
            assert_eq!(exit.status(pid).unwrap().code(), Some(3), "{fallback}");
        }
    }

    fn words(command: &str) -> Option<Vec<&str>> {
        // Leaked for the comparisons' convenience; tests only.
        split_words(command).map(|w| w.into_iter().map(|s| &*s.leak()).collect())
    }

    #[test]
    fn plain_words_split_like_sh() {
        assert_eq!(words("./sol"), Some(vec!["./sol"]));
        assert_eq!(
            words("  python3\tsol.py  --fast "),
            Some(vec!["python3", "sol.py", "--fast"])
        );
        assert_eq!(
            words("./a=b --x=1 a=b"),
            Some(vec!["./a=b", "--x=1", "a=b"])
        );
        assert_eq!(
            words("1X=2 a%b,c:d@e+f^g!h"),
            Some(vec!["1X=2", "a%b,c:d@e+f^g!h"])
        );
        assert_eq!(words(""), Some(vec![]));
        assert_eq!(words(" \t "), Some(vec![]));
    }

    #[test]
    fn quotes_and_escapes_split_like_sh() {
        assert_eq!(
            words("'my sol' \"a b\" c\\ d"),
            Some(vec!["my sol", "a b", "c d"])
        );
        assert_eq!(words("'' \"\" x''y"), Some(vec!["", "", "xy"]));
        assert_eq!(
            words("'$HOME|*;' \"a'b\" 'a\"b'"),
            Some(vec!["$HOME|*;", "a'b", "a\"b"])
        );
        // In double quotes a backslash escapes only $ ` " \; elsewhere it stays.
        assert_eq!(words(r#""\$ \` \" \\ \n""#), Some(vec![r#"$ ` " \ \n"#]));
        // Outside quotes it makes any character literal, a metacharacter included.
        assert_eq!(
            words(r"a\;b \$x \'q \\"),
            Some(vec!["a;b", "$x", "'q", "\\"])
        );
        // Quoted newlines are part of the word.
        assert_eq!(words("'a\nb' \"c\nd\""), Some(vec!["a\nb", "c\nd"]));
        // A quoted `NAME=` is no assignment.
        assert_eq!(
            words("'A'=1 \"B=2\" C\\=3"),
            Some(vec!["A=1", "B=2", "C=3"])
        );
    }

    #[test]
    fn shell_syntax_needs_a_shell() {
        for command in [
            "echo $HOME",
            "a`b`",
            "a | b",
            "a & b",
            "a && b",
            "a; b",
            "a < in",
            "a > out",
            "a 2>&1",
            "(a)",
            "a *.in",
            "a?",
            "a [x]",
            "~user/sol",
            "{ a; }",
            "a # comment",
            "a\nb",
            "FOO=1 ./sol",
            "_X=1 a",
            "A1_=",
            "a \"$x\"",
            "a \"`x`\"",
            "'open",
            "\"open",
            "a\\",
            "a\\\nb",
            "\"a\\\nb\"",
        ] {
            assert_eq!(split_words(command), None, "{command:?}");
        }
    }

    #[test]
    fn plain_programs_start_directly_and_the_rest_through_sh() {
        let direct = |words: &[&str]| Launch::Direct(words.iter().map(|w| w.to_string()).collect());
        assert_eq!(Launch::of("./sol"), direct(&["./sol"]));
        assert_eq!(
            Launch::of("python3 'my sol.py'"),
            direct(&["python3", "my sol.py"])
        );
        for command in [
            "",
            "exit 4",
            "echo 1",
            "'exit' 4",
            "kill -ABRT $$",
            "a | b",
            "X=1 a",
        ] {
            assert_eq!(Launch::of(command), Launch::Shell, "{command:?}");
        }
        let line = "/usr/bin/printf '%s|' 'a b' c";
        let f = run(Launch::of(line).command(line), b"", limits(5000)).unwrap();
        assert_eq!(f.stdout, b"a b|c|");
    }

    #[test]
    fn unstartable_commands_are_named() {
        assert!(check_startable("./no/such/file --x").is_err());
        assert!(check_startable("no-such-program-xyz").is_err());
        assert!(check_startable("Cargo.toml").is_err());
        assert!(check_startable("sh -c true").is_ok());
        assert!(check_startable("echo 1 | cat").is_ok());
        assert!(check_startable("").is_err());
        // Without a shell the program is the first word after quote removal.
        let err = check_startable("'./no such sol' --x").unwrap_err();
        assert_eq!(err, "`./no such sol` does not exist");
        assert!(check_startable("'sh' -c true").is_ok());
        assert!(check_startable("FOO=1 ./anything").is_ok());
    }
}
