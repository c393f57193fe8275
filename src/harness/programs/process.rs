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
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Mutex, Once, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use crate::harness::programs::warm;

/// Limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time allowed, from start, lengthened by the time the program waited for a CPU
    /// ([`Waits`], at most [`MAX_WAIT_FACTOR`] times this): past it the run ends with
    /// [`Ended::TimedOut`] and the program is killed. Only the time a program was given counts,
    /// so that load alone never ends a run.
    pub timeout: Duration,
    /// Bytes of stdout kept; more is an output-limit verdict.
    pub output_cap: usize,
}

/// What a judge holds a solution to beyond [`Limits`]: a CPU-time limit and a memory limit,
/// both charged to its whole process group. With these, [`Limits::timeout`] is the wall-clock
/// cap ([`Judged::wall_cap`]) that ends a program that sleeps or blocks.
///
/// CPU time is what judges charge: it does not grow when other work shares the cores, so a
/// verdict under load is the verdict on an idle machine. It is sampled while the program runs
/// (every [`TICK`], from `/proc`: each process of the group's tree, its threads and the children
/// it has reaped) and read exactly at its exit (`wait4`'s usage of the leader, which holds every
/// descendant it waited for).
///
/// Memory is the resident set (pages really in memory), summed over the group's processes at
/// each sample, and the leader's peak as `wait4` reports it at exit. Not the address space:
/// AddressSanitizer reserves terabytes of it for its shadow and a JVM reserves its whole heap up
/// front, so an `RLIMIT_AS` would stop both before their first line; what a program touches is
/// what costs a machine memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judged {
    /// CPU time allowed (user + system, the whole group); past it: [`Ended::TimedOut`].
    pub cpu: Duration,
    /// Bytes of resident memory allowed, `0` for no limit; past it: [`Ended::MemoryLimit`].
    pub memory: u64,
    /// A stack limit of this run's own, in bytes, set in the child before it starts (a `fork`
    /// then, where every other run is spawned the cheaper way); `None`: the limit every program
    /// starts with ([`set_stack_limit`]).
    pub stack: Option<u64>,
}

impl Judged {
    /// The wall-clock cap of a run allowed `cpu` of CPU time: three times it, and at least 2 s
    /// more than it.
    pub fn wall_cap(cpu: Duration) -> Duration {
        (cpu.saturating_mul(3)).max(cpu.saturating_add(Duration::from_secs(2)))
    }
}

/// How often a judged run's CPU time and memory are sampled while it runs.
pub const TICK: Duration = Duration::from_millis(10);

/// The default memory limit of a solution: 1 GiB, as common judges allow.
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

/// The stack limit every program boardfuzz starts has ([`set_stack_limit`]); 0: not set, the
/// limit boardfuzz itself was started with.
static STACK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Sets the stack limit (the soft `RLIMIT_STACK`) of every program started from now on, to
/// `bytes` or the hard limit if that is lower; returns the limit set. It is boardfuzz's own
/// limit, which a program inherits when it starts: set so, it also places the program's other
/// mappings far enough from its stack for a stack that large (a limit raised after a program
/// started would not), and every run is still spawned the cheap way.
pub fn set_stack_limit(bytes: u64) -> io::Result<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct we pass.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let wanted: libc::rlim_t = bytes;
    limit.rlim_cur = if limit.rlim_max == libc::RLIM_INFINITY {
        wanted
    } else {
        wanted.min(limit.rlim_max)
    };
    // SAFETY: setrlimit reads the struct we pass.
    if unsafe { libc::setrlimit(libc::RLIMIT_STACK, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let set = limit.rlim_cur;
    STACK.store(set, std::sync::atomic::Ordering::Relaxed);
    Ok(set)
}

/// The stack limit [`set_stack_limit`] set, if it was.
pub fn stack_set() -> Option<u64> {
    match STACK.load(std::sync::atomic::Ordering::Relaxed) {
        0 => None,
        set => Some(set),
    }
}

/// The stack limit programs start with: the one [`set_stack_limit`] set, else boardfuzz's own
/// soft limit (`None`: unlimited).
pub fn stack_limit() -> Option<u64> {
    match STACK.load(std::sync::atomic::Ordering::Relaxed) {
        0 => {
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: getrlimit writes the struct we pass.
            let ok = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
            (ok && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
        }
        set => Some(set),
    }
}

/// CPU time (user + system) and resident memory (bytes) of the process tree under `leader`, read
/// from `/proc`: each process's own time (all its threads) and that of the children it reaped,
/// and the sum of the resident sets; children are found in `/proc/PID/task/TID/children`. `None`
/// where `/proc` does not say (not Linux, or the leader is gone). A process re-parented away from
/// the tree (its parent exited first) is no longer counted until it is reaped.
pub fn group_usage(leader: i32) -> Option<(Duration, u64)> {
    let (mut ticks, mut pages) = (0u64, 0u64);
    walk_tree(leader, &mut |fields| {
        add_stat_usage(fields, &mut ticks, &mut pages)
    })?;
    Some(usage_of(ticks, pages))
}

/// Adds a process's CPU time in clock ticks and its resident pages, from the fields of its
/// `/proc/PID/stat` after the command name, to `ticks` and `pages`.
fn add_stat_usage(fields: &[&str], ticks: &mut u64, pages: &mut u64) {
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Fields 14-17 (utime, stime, cutime, cstime) and 24 (rss) of proc(5), counted from the
    // state, field 3.
    *ticks += field(11) + field(12) + field(13) + field(14);
    *pages += field(21);
}

/// Whether a process of the tree under `leader` is running or waiting for a core (state `R` in
/// `/proc`): on a loaded machine a program can go a while without CPU time and still not be
/// waiting on anything. `false` where `/proc` does not say.
pub fn group_runnable(leader: i32) -> bool {
    let mut runnable = false;
    let _ = walk_tree(leader, &mut |fields| {
        runnable |= fields.first() == Some(&"R");
    });
    runnable
}

/// How long the threads of a program's process tree have waited for a CPU while runnable: the
/// run-queue delay Linux keeps per thread (`/proc/PID/task/TID/schedstat`, its second field, in
/// nanoseconds). On a loaded machine a program that would run gets no core for a while; this is
/// that while, so that a wall-clock cap charges only the time the program was given
/// ([`run_judged`]).
///
/// Linux adds a wait to that figure only when it ends, when the thread gets a core again: a
/// thread waiting now is seen by its state (`R`, runnable) with its run time (schedstat's first
/// field) not grown since the last reading, and counted from that reading on until its figure
/// grows. Each thread's figure is kept once seen, so a process that exits (a shell's child, a
/// compiler's stages) still counts; the figures are summed, which for threads that waited at the
/// same time counts that wait more than once — a cap too lenient for a program that computes,
/// which the CPU-time limit stops anyway, never too strict for one that sleeps (a sleeping
/// thread is not runnable, so it gains nothing).
#[derive(Debug, Default)]
pub struct Waits {
    /// Per thread id, what its last reading said.
    by_task: std::collections::HashMap<i32, TaskWait>,
    /// How many readings of the tree were made: a thread not seen in the last one is gone.
    round: u64,
}

/// One thread's last reading ([`Waits`]).
#[derive(Debug, Clone, Copy)]
struct TaskWait {
    /// Its run time and run-queue delay, in nanoseconds.
    ran: u64,
    delay: u64,
    /// When it was read.
    at: Instant,
    /// Since when it has been waiting for a core, as far as the readings tell (runnable, its
    /// run time not grown); `None`: not waiting, or not known yet.
    waiting_since: Option<Instant>,
    /// The reading of the tree it was last seen in.
    round: u64,
}

impl Waits {
    /// Reads one thread from its `/proc` folder.
    fn read(&mut self, tid: i32, folder: &std::path::Path, now: Instant) {
        let Ok(text) = std::fs::read_to_string(folder.join("schedstat")) else {
            return;
        };
        let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
        let (Some(Some(ran)), Some(Some(delay))) = (fields.next(), fields.next()) else {
            return;
        };
        let runnable = std::fs::read_to_string(folder.join("stat"))
            .ok()
            .and_then(|stat| {
                let (_, rest) = stat.rsplit_once(')')?;
                rest.split_whitespace().next().map(|state| state == "R")
            })
            .unwrap_or(false);
        let round = self.round;
        let task = self.by_task.entry(tid).or_insert(TaskWait {
            ran,
            delay,
            at: now,
            waiting_since: None,
            round,
        });
        task.waiting_since = if delay > task.delay || ran > task.ran || !runnable {
            // It ran since, and its wait (if any) is in `delay`; or it sleeps.
            None
        } else if task.round + 1 == round {
            // Runnable and not run since the last reading: waiting since then at least.
            task.waiting_since.or(Some(task.at))
        } else {
            None
        };
        task.ran = ran;
        task.delay = task.delay.max(delay);
        task.at = now;
        task.round = round;
    }

    /// Reads every thread of the tree under `leader` (its threads and its descendants').
    pub fn sample(&mut self, leader: i32) {
        self.round += 1;
        let now = Instant::now();
        let _ = walk_tree_tasks(leader, &mut |_| {}, &mut |tid, folder| {
            self.read(tid, folder, now)
        });
    }

    /// The total wait seen until `now`: every thread's run-queue delay, and the wait of those
    /// waiting still (seen in the last reading).
    pub fn total(&self, now: Instant) -> Duration {
        self.by_task
            .values()
            .map(|task| {
                let waiting = match task.waiting_since {
                    Some(since) if task.round == self.round => now.saturating_duration_since(since),
                    _ => Duration::ZERO,
                };
                Duration::from_nanos(task.delay) + waiting
            })
            .sum()
    }
}

/// [`group_usage`] and, in the same walk of `/proc`, the run-queue delay of every thread into
/// `waits`.
pub fn group_usage_and_waits(leader: i32, waits: &mut Waits) -> Option<(Duration, u64)> {
    let (mut ticks, mut pages) = (0u64, 0u64);
    waits.round += 1;
    let now = Instant::now();
    walk_tree_tasks(
        leader,
        &mut |fields| add_stat_usage(fields, &mut ticks, &mut pages),
        &mut |tid, folder| waits.read(tid, folder, now),
    )?;
    Some(usage_of(ticks, pages))
}

/// Clock ticks and pages, as `/proc` counts them, in a duration and bytes.
fn usage_of(ticks: u64, pages: u64) -> (Duration, u64) {
    // SAFETY: sysconf takes a constant and returns a number.
    let (hz, page) = unsafe {
        (
            libc::sysconf(libc::_SC_CLK_TCK),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let (hz, page) = (hz.max(1) as u64, page.max(1) as u64);
    (
        Duration::from_nanos(ticks * 1_000_000_000 / hz),
        pages * page,
    )
}

/// The most a wall-clock cap is lengthened by the time a program waited for a CPU ([`Waits`]):
/// this many times the cap, so that a program that waits for a core is never stopped for it on
/// any machine that still runs it at all (a tenth of a core's share of one percent), and one
/// that never gets a core is still stopped in the end. Past it the run ends with a time limit
/// whose message says how long it waited, and the reruns of a limit verdict
/// ([`crate::harness::programs::subject::CONFIRM_RUNS`]) decide whether it is a finding.
pub const MAX_WAIT_FACTOR: u32 = 100;

/// Calls `each` with the fields of `/proc/PID/stat` after the command name (the state first) of
/// every process of the tree under `leader`; `None` where `/proc` does not say (not Linux, or the
/// leader is gone).
fn walk_tree(leader: i32, each: &mut dyn FnMut(&[&str])) -> Option<()> {
    walk_tree_tasks(leader, each, &mut |_, _| {})
}

/// [`walk_tree`], and `task` called with the id and the `/proc` folder of every thread of every
/// process of the tree.
fn walk_tree_tasks(
    leader: i32,
    each: &mut dyn FnMut(&[&str]),
    task: &mut dyn FnMut(i32, &std::path::Path),
) -> Option<()> {
    #[cfg(target_os = "linux")]
    {
        let mut stack = vec![leader];
        let mut seen = 0usize;
        let mut first = true;
        while let Some(pid) = stack.pop() {
            seen += 1;
            if seen > 4096 {
                break;
            }
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                if first {
                    return None;
                }
                continue;
            };
            first = false;
            // The command name may hold anything, `)` included: the fields follow its last `)`.
            let Some((_, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let fields: Vec<&str> = rest.split_whitespace().collect();
            each(&fields);
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                continue;
            };
            for entry in tasks.flatten() {
                let path = entry.path();
                if let Some(tid) = entry.file_name().to_str().and_then(|t| t.parse().ok()) {
                    task(tid, &path);
                }
                let children = std::fs::read_to_string(path.join("children"));
                for child in children.iter().flat_map(|c| c.split_whitespace()) {
                    if let Ok(child) = child.parse() {
                        stack.push(child);
                    }
                }
            }
        }
        Some(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (leader, each, task);
        None
    }
}

/// What `wait4` said of a program at its exit: CPU time (user + system, with every descendant it
/// waited for) and its peak resident memory in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Usage {
    pub(crate) cpu: Duration,
    pub(crate) peak: u64,
}

impl Usage {
    fn of(r: &libc::rusage) -> Usage {
        let t = |tv: libc::timeval| {
            Duration::from_secs(tv.tv_sec.max(0) as u64)
                + Duration::from_micros(tv.tv_usec.max(0) as u64)
        };
        Usage {
            cpu: t(r.ru_utime) + t(r.ru_stime),
            // Kilobytes on Linux.
            peak: (r.ru_maxrss.max(0) as u64) * 1024,
        }
    }
}

/// The default output cap: 8 MiB, far above any judge answer of these games (the largest, a
/// yut_nori picture, is about 1 KiB per case).
pub const DEFAULT_OUTPUT_CAP: usize = 8 << 20;

/// Bytes of stderr kept for messages.
pub(crate) const STDERR_KEPT: usize = 64 << 10;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The program exited (or was killed by a signal) on its own.
    Exited(ExitStatus),
    /// The program overran [`Limits::timeout`] and was killed.
    TimedOut,
    /// The program wrote more than [`Limits::output_cap`] bytes to stdout and was killed.
    OutputLimit,
    /// The program's process group held more resident memory than [`Judged::memory`] (it was
    /// killed), or its peak, measured at its exit, was over it.
    MemoryLimit,
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
    /// CPU time (user + system) of the program and everything of its process group
    /// ([`group_usage`]); zero where it cannot be measured (no `/proc`, no `wait4`).
    pub cpu: Duration,
    /// The largest resident memory seen of the process group, in bytes ([`group_usage`]).
    pub peak_memory: u64,
    /// How long its threads waited for a CPU while runnable ([`Waits`]), as far as it was
    /// sampled (every [`TICK`] of a judged run, else at the deadline); the wall-clock limit was
    /// lengthened by it.
    pub waited: Duration,
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

/// Whether process group `pgid` is registered as running now (for tests: unlike
/// [`live_groups`], it does not see the groups of other tests running beside them).
pub fn group_is_live(pgid: i32) -> bool {
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .is_some_and(|live| live.contains(&pgid))
}

/// A registered process group: killed and reaped when dropped.
pub(crate) struct Group(i32);

impl Group {
    pub(crate) fn register(pgid: i32) -> Group {
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashSet::new)
            .insert(pgid);
        tell_sentinel('+', pgid);
        Group(pgid)
    }

    pub(crate) fn kill(&self) {
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

pub(crate) fn become_subreaper() {
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
pub(crate) fn tell_sentinel(sign: char, pgid: i32) {
    if let Some(stdin) = sentinel() {
        // One short line per write: atomic on a pipe, whatever other threads write.
        let _ = stdin
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write_all(format!("{sign} {pgid}\n").as_bytes());
    }
}

/// Sets `O_NONBLOCK` on one of our ends of a pipe.
pub(crate) fn set_nonblocking(fd: &impl AsRawFd) -> io::Result<()> {
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
pub(crate) enum Drained {
    /// Nothing more to read now; the pipe is still open.
    Open,
    /// End of file (or a read error): the pipe is done.
    Closed,
    /// More than the cap arrived; what fits was kept.
    OverCap,
}

/// Reads what `pipe` holds now into `buf`. Past `cap` bytes: with `over_cap_ends`, stops with
/// [`Drained::OverCap`]; otherwise the rest is read and dropped (stderr).
pub(crate) fn drain(
    pipe: &mut impl Read,
    buf: &mut Vec<u8>,
    cap: usize,
    over_cap_ends: bool,
) -> Drained {
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
pub(crate) enum ExitWatch {
    /// Linux ≥ 5.3: a pidfd of the program; the caller reaps it with `waitpid`.
    #[cfg(target_os = "linux")]
    Pidfd(OwnedFd),
    /// Elsewhere: a thread reaps the program and writes its raw wait status to this socket.
    Thread(UnixStream),
    /// A program forked by a warm server ([`warm`]), which reaps it and says how it ended on
    /// the socket this polls.
    Warm(warm::Lease),
}

impl ExitWatch {
    pub(crate) fn new(pid: i32) -> io::Result<ExitWatch> {
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
            // SAFETY: an all-zero rusage is a valid value of the plain C struct.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: wait4 on our own child, blocking; both out-pointers are valid.
            while unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
            let usage = Usage::of(&usage);
            let mut bytes = Vec::with_capacity(20);
            bytes.extend_from_slice(&status.to_ne_bytes());
            bytes.extend_from_slice(&(usage.cpu.as_nanos() as u64).to_ne_bytes());
            bytes.extend_from_slice(&usage.peak.to_ne_bytes());
            let _ = tx.write_all(&bytes);
        });
        Ok(ExitWatch::Thread(rx))
    }

    pub(crate) fn fd(&self) -> i32 {
        match self {
            #[cfg(target_os = "linux")]
            ExitWatch::Pidfd(fd) => fd.as_raw_fd(),
            ExitWatch::Thread(rx) => rx.as_raw_fd(),
            ExitWatch::Warm(lease) => lease.fd(),
        }
    }

    /// The exit status, once [`ExitWatch::fd`] is readable.
    #[cfg(test)]
    fn status(&mut self, pid: i32) -> io::Result<ExitStatus> {
        self.status_and_usage(pid).map(|(status, _)| status)
    }

    /// The exit status and what `wait4` said of the program's usage.
    pub(crate) fn status_and_usage(&mut self, pid: i32) -> io::Result<(ExitStatus, Usage)> {
        let mut status = 0;
        let usage;
        match self {
            #[cfg(target_os = "linux")]
            ExitWatch::Pidfd(_) => loop {
                // SAFETY: an all-zero rusage is a valid value of the plain C struct.
                let mut r: libc::rusage = unsafe { std::mem::zeroed() };
                // SAFETY: wait4 on our own child, which has exited; both pointers are valid.
                if unsafe { libc::wait4(pid, &mut status, 0, &mut r) } >= 0 {
                    usage = Usage::of(&r);
                    break;
                }
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
            },
            ExitWatch::Warm(lease) => return lease.exit(),
            ExitWatch::Thread(rx) => {
                let _ = pid;
                let mut bytes = [0u8; 20];
                rx.read_exact(&mut bytes)?;
                let word = |at: usize| {
                    u64::from_ne_bytes(bytes[at..at + 8].try_into().unwrap_or_default())
                };
                status = i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                usage = Usage {
                    cpu: Duration::from_nanos(word(4)),
                    peak: word(12),
                };
            }
        }
        Ok((ExitStatus::from_raw(status), usage))
    }
}

/// One `poll` over `watch` (a descriptor and the events awaited; a negative descriptor is
/// skipped) for at most `wait`: which of them are ready, all `false` when the wait ran out, or
/// `None` when a signal interrupted it (the caller's loop goes round again).
pub(crate) fn poll_ready<const N: usize>(
    watch: [(i32, i16); N],
    wait: Duration,
) -> io::Result<Option<[bool; N]>> {
    let mut fds = watch.map(|(fd, events)| libc::pollfd {
        fd,
        events,
        revents: 0,
    });
    // Milliseconds, rounded up so that the time has passed when poll times out.
    let ms = wait.as_nanos().div_ceil(1_000_000).min(i32::MAX as u128) as i32;
    // SAFETY: `fds` is a valid array of pollfd of the length given; negative fds are ignored.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if ready < 0 {
        let e = io::Error::last_os_error();
        return match e.kind() {
            io::ErrorKind::Interrupted => Ok(None),
            _ => Err(e),
        };
    }
    Ok(Some(fds.map(|p| p.revents != 0)))
}

/// Runs `command` (stdin, stdout and stderr are set here) with `input` on its stdin.
/// `Err` only when the program cannot be started at all.
///
/// One thread does everything: it writes the input, reads both outputs and sees the exit in one
/// `poll` loop with the deadline as its timeout. Helper threads (a reader per output and a
/// waiter) cost more than the run of a small native program: a stack mapped and unmapped for
/// each, with a TLB shootdown across cores, and four cross-thread wake-ups per run.
pub fn run(command: Command, input: &[u8], limits: Limits) -> io::Result<Finished> {
    run_judged(command, input, limits, None)
}

/// [`run`], and with `judged` as a judge runs a solution: its process group's CPU time and
/// resident memory sampled every [`TICK`] and read again at its exit, the program killed when
/// either is over its limit ([`Ended::TimedOut`], [`Ended::MemoryLimit`]); `limits.timeout` is
/// then the wall-clock cap. A program that ends within the wall-clock cap but over a limit gets
/// that limit's verdict too, as on a judge.
pub fn run_judged(
    mut command: Command,
    input: &[u8],
    limits: Limits,
    judged: Option<Judged>,
) -> io::Result<Finished> {
    if let Some(stack) = judged.and_then(|j| j.stack) {
        let limit = libc::rlimit {
            rlim_cur: stack,
            rlim_max: libc::RLIM_INFINITY,
        };
        // SAFETY: between fork and exec the closure only calls setrlimit, which is
        // async-signal-safe, on a struct it owns; a hard limit below it leaves the inherited one.
        unsafe {
            command.pre_exec(move || {
                let mut now = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::getrlimit(libc::RLIMIT_STACK, &mut now);
                let mut wanted = limit;
                wanted.rlim_max = now.rlim_max;
                if now.rlim_max != libc::RLIM_INFINITY {
                    wanted.rlim_cur = wanted.rlim_cur.min(now.rlim_max);
                }
                libc::setrlimit(libc::RLIMIT_STACK, &wanted);
                Ok(())
            });
        }
    }
    let start = Instant::now();
    let started = start_command(command)?;
    run_started(started, start, input, limits, judged)
}

/// A program started: the leader of a process group of its own (registered: killed and reaped
/// when dropped), how its end is seen, and our ends of its three pipes, non-blocking. Spawned
/// ([`start_command`]) or forked by a warm server ([`warm`]).
pub(crate) struct Started {
    pub(crate) pid: i32,
    pub(crate) group: Group,
    pub(crate) exit: ExitWatch,
    pub(crate) stdin: Option<ChildStdin>,
    pub(crate) stdout: Option<ChildStdout>,
    pub(crate) stderr: Option<ChildStderr>,
}

/// Spawns `command` in a process group of its own, its stdin, stdout and stderr piped.
pub(crate) fn start_command(mut command: Command) -> io::Result<Started> {
    become_subreaper();
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = command.spawn()?;
    let pid = child.id() as i32;
    let group = Group::register(pid);
    let exit = ExitWatch::new(pid)?;
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    for fd in [
        stdout.as_ref().map(AsRawFd::as_raw_fd),
        stderr.as_ref().map(AsRawFd::as_raw_fd),
        stdin.as_ref().map(AsRawFd::as_raw_fd),
    ]
    .into_iter()
    .flatten()
    {
        set_nonblocking(&fd)?;
    }
    Ok(Started {
        pid,
        group,
        exit,
        stdin,
        stdout,
        stderr,
    })
}

/// Starts a command line as [`run_line`] does: warm where it names a program that starts warm
/// ([`warm::start`], unless `warm` is `false`), else directly when it is plain words, through
/// `sh -c` otherwise, and through `sh` when the kernel refuses a script without `#!`.
pub(crate) fn start_line(line: &str, warm: bool) -> io::Result<Started> {
    if warm {
        if let Some(started) = warm::start(line, false) {
            return Ok(started);
        }
    }
    let launch = Launch::of(line);
    match start_command(launch.command(line)) {
        Err(e) if launch != Launch::Shell && e.raw_os_error() == Some(libc::ENOEXEC) => {
            start_command(shell(line))
        }
        other => other,
    }
}

/// The poll loop of [`run_judged`] over a program started at `start`.
fn run_started(
    started: Started,
    start: Instant,
    input: &[u8],
    limits: Limits,
    judged: Option<Judged>,
) -> io::Result<Finished> {
    let Started {
        pid,
        group,
        mut exit,
        mut stdin,
        mut stdout,
        mut stderr,
    } = started;
    let mut stdout_buf = Vec::new();
    let mut stderr_buf = Vec::new();
    // The input is written as the pipe takes it, so a program that does not read its input
    // cannot block us; most inputs fit the pipe and go in the first write.
    let mut written = 0;

    // The deadline, lengthened by the time the program waited for a CPU ([`Waits`]): load alone
    // never ends a run.
    let mut deadline = start + limits.timeout;
    let mut waits = Waits::default();
    let most_waited = limits.timeout.saturating_mul(MAX_WAIT_FACTOR);
    let mut status: Option<io::Result<ExitStatus>> = None;
    // What the samples of a judged run saw: the most CPU time and resident memory.
    let (mut cpu_seen, mut peak_seen) = (Duration::ZERO, 0u64);
    let mut usage = Usage::default();
    let mut next_sample = match judged {
        Some(_) => start + TICK,
        None => start + limits.timeout / 2,
    };
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
        // A judged run is sampled all along; any other from half its time on, for the waits
        // that lengthen its deadline (a fast program is not woken at all).
        let sampling = status.is_none() && verdict.is_none();
        let wake = if sampling {
            until.min(next_sample)
        } else {
            until
        };
        let wait = wake.saturating_duration_since(Instant::now());
        let fd = |p: Option<i32>| p.unwrap_or(-1);
        let Some(ready) = poll_ready(
            [
                (fd(status.is_none().then(|| exit.fd())), libc::POLLIN),
                (fd(stdout.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLIN),
                (fd(stderr.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLIN),
                (fd(stdin.as_ref().map(AsRawFd::as_raw_fd)), libc::POLLOUT),
            ],
            wait,
        )?
        else {
            continue;
        };
        if let (true, None) = (sampling && Instant::now() >= next_sample, judged) {
            next_sample = Instant::now() + TICK;
            waits.sample(pid);
            deadline = start + limits.timeout + waits.total(Instant::now()).min(most_waited);
        }
        if let (true, Some(judged)) = (sampling, judged) {
            if Instant::now() >= next_sample {
                next_sample = Instant::now() + TICK;
                if let Some((cpu, rss)) = group_usage_and_waits(pid, &mut waits) {
                    let waited = waits.total(Instant::now()).min(most_waited);
                    deadline = start + limits.timeout + waited;
                    cpu_seen = cpu_seen.max(cpu);
                    peak_seen = peak_seen.max(rss);
                    let over = if cpu > judged.cpu {
                        Some(Ended::TimedOut)
                    } else if judged.memory > 0 && rss > judged.memory {
                        Some(Ended::MemoryLimit)
                    } else {
                        None
                    };
                    if over.is_some() {
                        verdict = over;
                        give_up = Some(Instant::now() + Duration::from_secs(5));
                        group.kill();
                        continue;
                    }
                }
            }
        }
        if !ready.contains(&true) {
            if Instant::now() < until {
                continue;
            }
            if drain_until.is_some() || verdict.is_some() {
                break;
            }
            // At the deadline: did the program wait for a CPU that long?
            if status.is_none() {
                waits.sample(pid);
                let waited = waits.total(Instant::now()).min(most_waited);
                let lengthened = start + limits.timeout + waited;
                if lengthened > deadline {
                    deadline = lengthened;
                    continue;
                }
            }
            verdict = Some(Ended::TimedOut);
            give_up = Some(Instant::now() + Duration::from_secs(5));
            group.kill();
            continue;
        }
        let [exited, out, err, _] = ready;
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
            status = Some(exit.status_and_usage(pid).map(|(status, u)| {
                usage = u;
                status
            }));
            group.kill();
            drain_until.get_or_insert(Instant::now() + Duration::from_millis(200));
        }
    }
    let elapsed = start.elapsed();
    drop(group);
    let cpu = cpu_seen.max(usage.cpu);
    let peak_memory = peak_seen.max(usage.peak);
    let ended = match (verdict, status) {
        (Some(v), _) => v,
        (None, Some(Ok(_))) if judged.is_some_and(|j| cpu > j.cpu) => Ended::TimedOut,
        (None, Some(Ok(_))) if judged.is_some_and(|j| j.memory > 0 && peak_memory > j.memory) => {
            Ended::MemoryLimit
        }
        (None, Some(Ok(s))) => Ended::Exited(s),
        (None, Some(Err(e))) => return Err(e),
        (None, None) => Ended::TimedOut,
    };
    Ok(Finished {
        ended,
        stdout: stdout_buf,
        stderr: stderr_buf,
        elapsed,
        cpu,
        peak_memory,
        waited: waits.total(Instant::now()),
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
    run_line_judged(line, input, limits, None)
}

/// [`run_line`] under a judge's limits ([`run_judged`]). A sanitizer build's leak check is off
/// (`ASAN_OPTIONS=detect_leaks=0`, unless the environment sets `ASAN_OPTIONS`): judges do not
/// fail a program for memory it never frees.
pub fn run_line_judged(
    line: &str,
    input: &[u8],
    limits: Limits,
    judged: Option<Judged>,
) -> io::Result<Finished> {
    if judged.map_or(true, |j| j.stack.is_none()) {
        let start = Instant::now();
        if let Some(started) = warm::start(line, judged.is_some()) {
            match run_started(started, start, input, limits, judged) {
                // Its server ended mid-run: the run is done again, cold.
                Err(e) if warm::is_lost(&e) => {}
                run => return run,
            }
        }
    }
    let launch = Launch::of(line);
    let with_env = |mut command: Command| {
        if judged.is_some() && std::env::var_os("ASAN_OPTIONS").is_none() {
            command.env("ASAN_OPTIONS", "detect_leaks=0");
        }
        command
    };
    let run = run_judged(with_env(launch.command(line)), input, limits, judged);
    if launch != Launch::Shell && matches!(&run, Err(e) if e.raw_os_error() == Some(libc::ENOEXEC))
    {
        return run_judged(with_env(shell(line)), input, limits, judged);
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
            return Err(no_such_file(first));
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
    } else if std::path::Path::new(first)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.chars().any(|c| c.is_ascii_alphabetic()))
    {
        // `mian.cpp`, `sol.py`: a file name, mistyped or in another folder; not a command.
        Err(no_such_file(first))
    } else {
        Err(format!(
            "`{first}` is not a program on PATH{}",
            closest_in_folder(first)
                .map(|name| format!(" (did you mean `./{name}`?)"))
                .unwrap_or_default()
        ))
    }
}

/// "no such file: `mian.cpp` (did you mean `main.cpp`?)": a path that names nothing, with the
/// closest name in its folder when one is close.
fn no_such_file(path: &str) -> String {
    let closest = closest_in_folder(path).map(|name| {
        let folder = std::path::Path::new(path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty());
        match folder {
            Some(folder) => format!(" (did you mean `{}`?)", folder.join(name).display()),
            None => format!(" (did you mean `{name}`?)"),
        }
    });
    format!("no such file: `{path}`{}", closest.unwrap_or_default())
}

/// The name in `path`'s folder closest to its file name, when it is close: at most one edit in
/// a name of up to 4 characters, two up to 8, three beyond (a swap of two letters is one edit).
pub fn closest_in_folder(path: &str) -> Option<String> {
    let path = std::path::Path::new(path);
    let name = path.file_name()?.to_str()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let allowed = match name.chars().count() {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, String)> = None;
    for entry in std::fs::read_dir(folder).ok()?.flatten().take(10_000) {
        let Ok(other) = entry.file_name().into_string() else {
            continue;
        };
        let d = edit_distance(name, &other);
        if d <= allowed && best.as_ref().map_or(true, |(b, n)| (d, &other) < (*b, n)) {
            best = Some((d, other));
        }
    }
    best.map(|(_, name)| name)
}

/// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbours, one edit each.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// Writes `body` to `path` as an executable script, for a test that then runs it. Written by a
/// child `sh`, not by this process: a file this process held open for writing could be
/// inherited by a child another test thread forks at that moment, and until that child execs,
/// running the script fails with `Text file busy` (ETXTBSY).
#[cfg(test)]
pub(crate) fn write_script(path: &std::path::Path, body: &str) {
    use std::io::Write;
    let mut sh = std::process::Command::new("sh")
        .args(["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh"])
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    sh.stdin.take().unwrap().write_all(body.as_bytes()).unwrap();
    assert!(sh.wait().unwrap().success(), "{}", path.display());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

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
        // Waiting for the child would take its 30 s (or the 10 s limit): well under either,
        // whatever the load.
        assert!(
            started.elapsed() < Duration::from_secs(9),
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

    fn judged(cpu_ms: u64, memory: u64) -> Option<Judged> {
        Some(Judged {
            cpu: Duration::from_millis(cpu_ms),
            memory,
            stack: None,
        })
    }

    #[test]
    fn the_wall_clock_cap_stops_a_program_that_sleeps_and_charges_it_little_cpu() {
        let f = run_judged(sh("sleep 20"), b"", limits(600), judged(300, 0)).unwrap();
        assert_eq!(f.ended, Ended::TimedOut);
        assert!(f.elapsed >= Duration::from_millis(600), "{:?}", f.elapsed);
        assert!(f.elapsed < Duration::from_secs(5), "{:?}", f.elapsed);
        assert!(f.cpu < Duration::from_millis(100), "{:?}", f.cpu);
    }

    #[test]
    fn cpu_time_is_charged_to_the_whole_group_children_included() {
        // The busy loop runs in a child of the shell, which only waits: the leader itself uses
        // no CPU time.
        let busy = "(while :; do :; done) & wait";
        let f = run_judged(sh(busy), b"", limits(20_000), judged(300, 0)).unwrap();
        assert_eq!(f.ended, Ended::TimedOut);
        assert!(f.cpu >= Duration::from_millis(300), "{:?}", f.cpu);
        assert!(f.elapsed < Duration::from_secs(10), "{:?}", f.elapsed);
        // A program that ends within the limit is charged what it used, and is no time limit.
        let count = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo $i";
        let f = run_judged(sh(count), b"", limits(20_000), judged(10_000, 0)).unwrap();
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.success()),
            "{:?}",
            f.ended
        );
        assert_eq!(f.stdout, b"20000\n");
        assert!(
            f.cpu > Duration::ZERO && f.cpu < Duration::from_secs(10),
            "{:?}",
            f.cpu
        );
        // Over the limit at its exit, before a sample saw it: still a time limit.
        let f = run_judged(sh(count), b"", limits(20_000), judged(0, 0)).unwrap();
        assert_eq!(f.ended, Ended::TimedOut);
    }

    #[test]
    fn resident_memory_over_the_limit_is_a_memory_limit() {
        let Some(python) = python3() else {
            eprintln!("skipped: no python3 here");
            return;
        };
        let python = python.to_string_lossy().into_owned();
        let hold = |code: &str| {
            let mut c = Command::new(&python);
            c.args(["-c", code]);
            c
        };
        // 300 MiB touched and held: killed by a sample while it sleeps.
        let code = "import time; b = b'x' * (300 << 20); time.sleep(20)";
        let f = run_judged(hold(code), b"", limits(30_000), judged(20_000, 100 << 20)).unwrap();
        assert_eq!(f.ended, Ended::MemoryLimit);
        assert!(f.peak_memory > 100 << 20, "{}", f.peak_memory);
        assert!(f.elapsed < Duration::from_secs(15), "{:?}", f.elapsed);
        // Touched and exited at once: a sample or, between two, its peak at exit sees it.
        let code = "b = b'x' * (300 << 20)";
        let f = run_judged(hold(code), b"", limits(30_000), judged(20_000, 100 << 20)).unwrap();
        assert_eq!(f.ended, Ended::MemoryLimit);
        assert!(f.peak_memory > 100 << 20, "{}", f.peak_memory);
        // With no limit it exits, and its peak is read at exit (`wait4`).
        let f = run_judged(hold(code), b"", limits(30_000), judged(20_000, 0)).unwrap();
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.success()),
            "{:?}",
            f.ended
        );
        assert!(f.peak_memory >= 300 << 20, "{}", f.peak_memory);
    }

    /// A child that sleeps 5 s, once it runs `sleep` (not between fork and exec).
    fn sleeping() -> std::process::Child {
        let child = sh("exec sleep 5").spawn().unwrap();
        let comm = format!("/proc/{}/comm", child.id());
        let until = Instant::now() + Duration::from_secs(5);
        while std::fs::read_to_string(&comm).map_or(true, |c| c.trim() != "sleep") {
            assert!(Instant::now() < until, "the child never ran sleep");
            std::thread::sleep(Duration::from_millis(5));
        }
        child
    }

    #[test]
    fn a_group_is_measured_from_proc() {
        // Measured once it runs `sleep`: between fork and exec a child has no memory of its own
        // to count yet.
        let mut child = sleeping();
        let (cpu, rss) = group_usage(child.id() as i32).expect("/proc says");
        assert!(cpu < Duration::from_secs(1), "{cpu:?}");
        assert!(rss > 0);
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(group_usage(child.id() as i32), None);
        assert_eq!(
            Judged::wall_cap(Duration::from_secs(1)),
            Duration::from_secs(3)
        );
        assert_eq!(
            Judged::wall_cap(Duration::from_millis(500)),
            Duration::from_millis(2500)
        );
        assert_eq!(
            Judged::wall_cap(Duration::from_secs(10)),
            Duration::from_secs(30)
        );
    }

    /// The first CPU this process may run on.
    fn first_cpu() -> usize {
        // SAFETY: a zeroed cpu_set_t is an empty set; sched_getaffinity fills it.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let ok = unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) };
        assert_eq!(ok, 0, "sched_getaffinity");
        (0..libc::CPU_SETSIZE as usize)
            .find(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
            .expect("a CPU to run on")
    }

    /// Pins the calling thread (or, before an exec, the process) to `cpu`.
    fn pin_to(cpu: usize) -> io::Result<()> {
        // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET adds one CPU to it.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut set) };
        match unsafe { libc::sched_setaffinity(0, std::mem::size_of_val(&set), &set) } {
            0 => Ok(()),
            _ => Err(io::Error::last_os_error()),
        }
    }

    /// A busy thread pinned to one CPU, until dropped: a program pinned to the same CPU under
    /// the idle scheduling class (`SCHED_IDLE`, a weight of 3 against the thread's 1024) then
    /// waits for it nearly all the time, whatever else the machine runs. (Busy threads on
    /// every core with the program at `nice 19` were not enough: its share, and so its wait,
    /// went from seconds here to 19 ms on a quiet machine and 92 ms in CI.)
    struct Spinner(Arc<AtomicBool>, Option<thread::JoinHandle<()>>);

    impl Spinner {
        fn start(cpu: usize) -> Spinner {
            let stop = Arc::new(AtomicBool::new(false));
            let (pinned, started) = std::sync::mpsc::channel();
            let thread = {
                let stop = Arc::clone(&stop);
                thread::spawn(move || {
                    let _ = pinned.send(pin_to(cpu).is_ok());
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            };
            assert_eq!(started.recv(), Ok(true), "the spinner could not be pinned");
            Spinner(stop, Some(thread))
        }
    }

    impl Drop for Spinner {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
            if let Some(t) = self.1.take() {
                let _ = t.join();
            }
        }
    }

    /// A program that needs a little CPU but is given almost none (pinned beside a busy thread
    /// in the idle scheduling class) runs far past a wall-clock limit of 300 ms: the limit is
    /// lengthened by the time it waited for a CPU, so it ends on its own, its answer whole,
    /// where without that it was killed at 300 ms with a time limit.
    #[test]
    fn a_program_that_waits_for_a_cpu_is_not_stopped_by_the_wall_clock_cap() {
        if !std::path::Path::new("/proc/self/schedstat").exists() {
            eprintln!("skipped: no /proc/PID/schedstat here");
            return;
        }
        let cpu = first_cpu();
        let _load = Spinner::start(cpu);
        // About 10 ms of CPU: more than the first slices the scheduler gives a task it has just
        // placed (EEVDF runs a new task of any weight for a slice of about 3 ms at once), so
        // that the rest waits. With 4000 rounds (2 ms) it sometimes ended within that slice,
        // in 5 ms, never waiting at all.
        let program = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done";
        let mut starved = sh(program);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            starved.pre_exec(move || {
                pin_to(cpu)?;
                let param = libc::sched_param { sched_priority: 0 };
                match libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) {
                    0 => Ok(()),
                    _ => Err(io::Error::last_os_error()),
                }
            });
        }
        let f = run_judged(starved, b"", limits(300), judged(60_000, 0)).unwrap();
        assert!(
            matches!(f.ended, Ended::Exited(s) if s.success()),
            "{:?} after {:?}, waited {:?}",
            f.ended,
            f.elapsed,
            f.waited
        );
        assert_eq!(f.stdout, b"done\n");
        // It did run past the bare limit (so the cap was lengthened), by no more than the
        // wait it was charged.
        assert!(f.elapsed > Duration::from_millis(300), "{:?}", f.elapsed);
        assert!(
            f.elapsed <= Duration::from_millis(300) + f.waited + Duration::from_millis(250),
            "ran {:?}, waited {:?}",
            f.elapsed,
            f.waited
        );
    }

    /// A program that sleeps waits for no CPU: the cap stops it on time, lengthened by nothing.
    #[test]
    fn a_sleeping_program_gains_no_time_from_the_wait_for_a_cpu() {
        let f = run_judged(sh("sleep 20"), b"", limits(400), judged(300, 0)).unwrap();
        assert_eq!(f.ended, Ended::TimedOut);
        assert!(f.waited < Duration::from_millis(200), "{:?}", f.waited);
        assert!(f.elapsed < Duration::from_secs(5), "{:?}", f.elapsed);
    }

    #[test]
    fn a_group_that_sleeps_is_not_runnable_and_one_that_spins_is() {
        let mut sleeper = sleeping();
        // A child of the group that spins: the group is runnable through it.
        let mut spinner = sh("sleep 5 & while :; do :; done").spawn().unwrap();
        let until = Instant::now() + Duration::from_secs(5);
        let mut spun = false;
        while !spun && Instant::now() < until {
            spun = group_runnable(spinner.id() as i32);
            std::thread::sleep(Duration::from_millis(5));
        }
        let slept = !group_runnable(sleeper.id() as i32);
        // Both killed before any assertion, so that a failing one leaves no spinner behind.
        for child in [&mut sleeper, &mut spinner] {
            child.kill().unwrap();
            child.wait().unwrap();
        }
        assert!(spun, "a spinning shell is never runnable");
        assert!(slept, "a sleeping shell is runnable");
        assert!(
            !group_runnable(sleeper.id() as i32),
            "gone: /proc says nothing"
        );
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
        assert_eq!(err, "no such file: `./no such sol`");
        assert!(check_startable("'sh' -c true").is_ok());
        assert!(check_startable("FOO=1 ./anything").is_ok());
    }

    #[test]
    fn edit_distance_counts_a_swap_as_one_edit() {
        assert_eq!(edit_distance("mian.cpp", "main.cpp"), 1);
        assert_eq!(edit_distance("brtue.py", "brute.py"), 1);
        assert_eq!(edit_distance("sol.py", "sol.cpp"), 2);
        assert_eq!(edit_distance("a", "xyz"), 3);
        assert_eq!(edit_distance("", "ab"), 2);
    }
}
