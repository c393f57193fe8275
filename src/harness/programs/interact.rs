//! Running an interactive problem once, the way a judge does: a solution and an interactor that
//! talk over two pipes, each in its own process group, under a CPU-time limit, a wall-clock cap,
//! a memory limit, an idleness limit and an output cap, with the interactor's exit code as the
//! verdict and nothing of either left behind.
//!
//! The interactor follows testlib's convention: it runs as `INTERACTOR INPUT OUTPUT`, INPUT a file
//! holding the case (the hidden number, the judge's position, the seed of its strategy), OUTPUT a
//! file it may write for a checker. Its stdout is the solution's stdin and the solution's stdout
//! its stdin. It exits 0 to accept, 1 for a wrong answer, 2 for a presentation error, and 3 (or
//! any other code, or a signal) when it fails itself: a fault of the setup, never a finding.
//!
//! The two programs are not joined pipe to pipe: boardfuzz sits between them and passes each
//! byte on as it arrives, in one `poll` loop on the caller's thread (both stdouts, both stderrs,
//! both stdins while bytes wait for them, and a pidfd of each program). That costs one more hop
//! per message, and buys what a direct pipe cannot give: the dialogue recorded as it goes (a
//! capped [`Transcript`], each line marked `>` solution or `<` interactor), a program's flood cut
//! at the output cap, and the idleness of both sides seen (no byte passed on, no CPU used).
//!
//! How a run ends, as judges rule it ([`Verdict`]):
//! - The interactor exits first: 0 — accepted once the solution exits 0 too (a non-zero exit or
//!   a signal after it is a runtime error; a solution that writes after the interactor has gone
//!   gets `SIGPIPE`, a runtime error, as on a judge); 1 — wrong answer, 2 — presentation error
//!   (the solution is killed then: nothing it does later changes the verdict); any other code
//!   or a signal — a setup error.
//! - The solution exits first: its stdout ends, so the interactor reads end of file and gives
//!   its verdict (an interactor that does not end within the idleness limit then is a setup
//!   error). A solution that exited 0 is judged by that verdict — it exited early if the
//!   interactor wanted more: a wrong answer. A solution that crashed (a non-zero exit or a
//!   signal) gets a runtime error, whatever the interactor says of the broken dialogue, unless
//!   the interactor fails itself (3: a setup error).
//! - Both still running: past the time limit, a time limit; when neither side has written a
//!   byte for the idleness limit and neither used CPU meanwhile (both waiting to read: a
//!   deadlock), an idleness limit (a time limit verdict, named so); the solution past the output
//!   cap, an output limit; the interactor past it, a setup error.
//! - The solution's limits come first, whatever the interactor says: over its CPU time (user +
//!   system of its whole process group, as [`process::Judged`] charges a solution that runs
//!   alone; sampled every [`process::TICK`] and read exactly at its exit) — a time limit; over
//!   the memory limit (resident memory of its group, sampled likewise, and its peak at exit) — a
//!   memory limit; past the wall-clock cap (the dialogue's [`Limits::timeout`], three times the
//!   CPU-time limit and at least 2 s more, for a solution that sleeps) — a time limit. The
//!   interactor is charged only the wall-clock cap and the memory limit (over it, a setup
//!   error): it is the judge's program, and a slow judge must not fail a solution.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::{Fault, Outcome};
use crate::harness::programs::checker::Judgement;
use crate::harness::programs::process::{self, Drained, ExitWatch, Group, Launch};
use crate::harness::programs::subject::{bytes, seconds, Used, STDERR_LINES};
use crate::harness::shell_quote;

/// Limits of one interactive run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time the solution's process group may use over the dialogue (user + system, the
    /// children it reaped included); past it, a time limit. Zero: no CPU-time limit.
    pub cpu: Duration,
    /// Wall-clock time of the whole dialogue, from the start of both programs until the
    /// solution has ended; past it, a time limit and both are killed. [`Limits::judged`] sets it
    /// to the cap of the CPU-time limit ([`process::Judged::wall_cap`]).
    pub timeout: Duration,
    /// Bytes of resident memory each program's process group may hold, `0` for no limit: the
    /// solution past it gets [`Verdict::MemoryLimit`], the interactor a setup error.
    pub memory: u64,
    /// How long both programs may wait on each other with no byte written and no CPU used before
    /// the run ends with [`Verdict::IdlenessLimit`]; also how long the interactor has to end after
    /// the solution's output ended.
    pub idle: Duration,
    /// Bytes each program may write to its stdout, over the whole dialogue.
    pub output_cap: usize,
}

impl Limits {
    /// A judge's limits: `cpu` of CPU time for the solution, the wall-clock cap that sets
    /// ([`process::Judged::wall_cap`]), `memory` bytes of resident memory for each program
    /// (`0`: none), the idleness limit and the output cap.
    pub fn judged(cpu: Duration, memory: u64, idle: Duration, output_cap: usize) -> Limits {
        Limits {
            cpu,
            timeout: process::Judged::wall_cap(cpu),
            memory,
            idle,
            output_cap,
        }
    }
}

/// The default idleness limit: far more than any exchange of a small program takes, short
/// enough that a deadlocked candidate does not slow a shrink down much.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(2);

/// How an interactive run was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The interactor exited 0 and so did the solution.
    Accepted,
    /// The interactor exited 1.
    WrongAnswer,
    /// The interactor exited 2.
    PresentationError,
    /// The solution exited non-zero or was killed by a signal (not by boardfuzz).
    RuntimeError,
    /// The solution used more CPU time than [`Limits::cpu`], or the dialogue overran
    /// [`Limits::timeout`].
    TimeLimit,
    /// The solution's process group held more resident memory than [`Limits::memory`].
    MemoryLimit,
    /// Both programs waited on each other for [`Limits::idle`] (a deadlock, or a solution that
    /// stopped talking).
    IdlenessLimit,
    /// The solution wrote more than [`Limits::output_cap`] bytes.
    OutputLimit,
    /// The interactor failed itself: exit code 3 (testlib's `_fail`) or any code but 0, 1 and
    /// 2, a signal, its own flood, no end after the solution's; or it could not be started. An
    /// error of the setup, never a finding of the solution.
    SetupError,
}

impl Verdict {
    /// How reports name it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::RuntimeError => "runtime error",
            Verdict::TimeLimit => "time limit",
            Verdict::MemoryLimit => "memory limit",
            Verdict::IdlenessLimit => "idleness limit",
            Verdict::OutputLimit => "output limit",
            Verdict::SetupError => "setup error",
        }
    }
}

/// Which program wrote a line of the dialogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speaker {
    /// The solution (`>`).
    Solution,
    /// The interactor (`<`).
    Interactor,
}

impl Speaker {
    /// The mark its lines get in a transcript: `>` the solution's, `<` the interactor's.
    pub fn mark(self) -> char {
        match self {
            Speaker::Solution => '>',
            Speaker::Interactor => '<',
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One line of the dialogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Who wrote it.
    pub from: Speaker,
    /// The line, without its newline (cut to [`LINE_KEPT`] bytes, with `…`).
    pub text: String,
}

/// Bytes of one line a transcript keeps.
pub const LINE_KEPT: usize = 400;

/// Bytes of lines a transcript keeps in all: the last ones, where a failure is.
pub const TRANSCRIPT_KEPT: usize = 64 << 10;

/// The dialogue of a run, line by line: the last lines, up to [`TRANSCRIPT_KEPT`] bytes, and how
/// many earlier ones were dropped. A line that ends without a newline (the program ended) is
/// kept as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Transcript {
    lines: VecDeque<Exchange>,
    kept: usize,
    dropped: u64,
    /// The line each speaker is in the middle of, and whether it was cut.
    open: [(Vec<u8>, bool); 2],
}

impl Transcript {
    /// Records bytes `from` wrote.
    pub fn feed(&mut self, from: Speaker, bytes: &[u8]) {
        let mut rest = bytes;
        while !rest.is_empty() {
            let (part, newline) = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&rest[..i], true),
                None => (rest, false),
            };
            let (open, cut) = &mut self.open[from.index()];
            let room = LINE_KEPT.saturating_sub(open.len());
            open.extend_from_slice(&part[..room.min(part.len())]);
            *cut |= part.len() > room;
            rest = &rest[part.len() + usize::from(newline)..];
            if newline {
                self.close_line(from);
            }
        }
    }

    /// Ends both speakers' unfinished lines (the run is over), the solution's first.
    fn finish(&mut self) {
        for from in [Speaker::Solution, Speaker::Interactor] {
            if !self.open[from.index()].0.is_empty() {
                self.close_line(from);
            }
        }
    }

    fn close_line(&mut self, from: Speaker) {
        let (bytes, cut) = std::mem::take(&mut self.open[from.index()]);
        let mut text = String::from_utf8_lossy(&bytes)
            .trim_end_matches('\r')
            .to_string();
        if cut {
            text.push('…');
        }
        self.kept += text.len();
        self.lines.push_back(Exchange { from, text });
        while self.kept > TRANSCRIPT_KEPT && self.lines.len() > 1 {
            if let Some(old) = self.lines.pop_front() {
                self.kept -= old.text.len();
                self.dropped += 1;
            }
        }
    }

    /// The lines kept, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &Exchange> {
        self.lines.iter()
    }

    /// How many lines the dialogue had in all.
    pub fn total(&self) -> u64 {
        self.dropped + self.lines.len() as u64
    }

    /// The last `n` lines as a report shows them (`> ? 5`, `< >`), after a line saying how many
    /// came before them if any did.
    pub fn tail(&self, n: usize) -> Vec<String> {
        let skip = self.lines.len().saturating_sub(n);
        let earlier = self.dropped + skip as u64;
        let mut out = Vec::new();
        if earlier > 0 {
            out.push(format!("… {earlier} earlier line(s)"));
        }
        out.extend(
            self.lines
                .iter()
                .skip(skip)
                .map(|l| format!("{} {}", l.from.mark(), l.text)),
        );
        out
    }
}

/// What one interactive run came to.
#[derive(Debug, Clone)]
pub struct Interaction {
    /// The verdict.
    pub verdict: Verdict,
    /// Why, for people: the interactor's message (the last line of its stderr), the solution's
    /// exit status, the limit overrun.
    pub message: String,
    /// The dialogue.
    pub transcript: Transcript,
    /// What the interactor wrote to its OUTPUT file (for a checker).
    pub output: Vec<u8>,
    /// The solution's exit status, `None` if boardfuzz killed it.
    pub solution: Option<ExitStatus>,
    /// The interactor's exit status, `None` if boardfuzz killed it.
    pub interactor: Option<ExitStatus>,
    /// The solution's stderr, its first 64 KiB.
    pub solution_stderr: Vec<u8>,
    /// The interactor's stderr, its first 64 KiB.
    pub interactor_stderr: Vec<u8>,
    /// Wall-clock time from the start until both programs were over.
    pub elapsed: Duration,
    /// The CPU time the solution's process group used, as far as it was seen (exactly, when it
    /// exited on its own).
    pub cpu: Duration,
    /// The largest resident memory of the solution's process group seen, in bytes.
    pub peak_memory: u64,
}

/// What an accepted run answers, and what an interactive problem expects (the reference's
/// answer when no brute force plays the dialogue too): the first line of [`Interaction::answer`].
pub const ACCEPTED: &str = "accepted";

/// How many lines of the dialogue a finding shows: its last ones, where it failed.
pub const DIALOGUE_SHOWN: usize = 20;

impl Interaction {
    /// The run as the harness judges an external solution: a time, idleness or output limit and
    /// a runtime error are the solution's failure to answer ([`Outcome::Failed`], the dialogue's
    /// end in the message); the interactor's verdicts are an answer ([`Interaction::answer`]),
    /// which [`judged`] reads back.
    pub fn outcome(&self) -> Outcome {
        let fault = match self.verdict {
            Verdict::TimeLimit | Verdict::IdlenessLimit => Fault::TimeLimit,
            Verdict::RuntimeError => Fault::RuntimeError,
            Verdict::OutputLimit => Fault::OutputLimit,
            Verdict::MemoryLimit => Fault::MemoryLimit,
            Verdict::Accepted
            | Verdict::WrongAnswer
            | Verdict::PresentationError
            | Verdict::SetupError => return Outcome::Output(self.answer()),
        };
        Outcome::Failed {
            fault,
            message: format!(
                "{}
{}",
                self.message,
                self.dialogue(DIALOGUE_SHOWN)
            ),
        }
    }

    /// The verdict as an answer: `accepted` and, on the lines after it, what the interactor
    /// wrote to OUTPUT ([`output_of`] reads it back); else the verdict's name, the message and
    /// the dialogue's last lines — what a finding shows beside the expected `accepted`.
    pub fn answer(&self) -> String {
        match self.verdict {
            Verdict::Accepted => format!("{ACCEPTED}\n{}", String::from_utf8_lossy(&self.output)),
            verdict => format!(
                "{}\n{}\n{}",
                verdict.name(),
                self.message,
                self.dialogue(DIALOGUE_SHOWN)
            ),
        }
    }

    /// The last `lines` lines of the dialogue under a line that says what they are.
    pub fn dialogue(&self, lines: usize) -> String {
        let total = self.transcript.total();
        let mut out = format!(
            "the dialogue, {total} line(s) (`>` the solution, `<` the interactor){}\n",
            if total > lines as u64 {
                format!(", its last {lines}")
            } else {
                String::new()
            }
        );
        for line in self.transcript.tail(lines) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

/// What an [`Interaction::answer`] says, as a checker's judgement: `accepted`, a wrong answer
/// (wrong answer, presentation error) with the interactor's message, or the interactor's own
/// failure (a setup error: [`Judgement::Failed`], never a finding). Any other text is a wrong
/// answer.
pub fn judged(answer: &str) -> Judgement {
    let mut lines = answer.lines();
    let first = lines.next().unwrap_or("");
    let message = lines.next().unwrap_or("").to_string();
    if first == ACCEPTED {
        Judgement::Accepted
    } else if first == Verdict::SetupError.name() {
        Judgement::Failed(Fault::RuntimeError, message)
    } else {
        Judgement::Wrong(message)
    }
}

/// What the interactor wrote to OUTPUT, from an accepted run's answer ([`Interaction::answer`]):
/// the lines after `accepted`. Any other text is its own OUTPUT (an answer file of the user's).
pub fn output_of(answer: &str) -> &str {
    match answer.split_once('\n') {
        Some((ACCEPTED, rest)) => rest,
        None if answer == ACCEPTED => "",
        _ => answer,
    }
}

/// A brute force's run against the interactor as the reference's outcome
/// (`stress --interactor --brute`): accepted, its answer with the interactor's OUTPUT
/// ([`Interaction::answer`]); judged anything else, a failure of the brute force (a runtime error
/// whose message gives the verdict and the dialogue's end, or the limit it overran).
pub fn brute_outcome(brute: &str, interactor: &str, input: &[u8], limits: Limits) -> Outcome {
    let run = match run(brute, interactor, input, limits) {
        Ok(run) => run,
        Err(e) => {
            return Outcome::Failed {
                fault: Fault::RuntimeError,
                message: e.to_string(),
            }
        }
    };
    match run.verdict {
        Verdict::Accepted => Outcome::Output(run.answer()),
        Verdict::WrongAnswer | Verdict::PresentationError | Verdict::SetupError => {
            Outcome::Failed {
                fault: Fault::RuntimeError,
                message: format!(
                    "the interactor judged the brute force's dialogue: {}",
                    run.answer().trim_end()
                ),
            }
        }
        _ => run.outcome(),
    }
}

/// Runs `solution` against `interactor` on `input` ([`run`]) and gives the run as an
/// [`Outcome`] ([`Interaction::outcome`]); a solution that cannot start is a runtime error, as
/// for a solution without an interactor.
pub fn run_outcome(solution: &str, interactor: &str, input: &[u8], limits: Limits) -> Outcome {
    run_outcome_measured(solution, interactor, input, limits).0
}

/// [`run_outcome`], and what the solution used over the dialogue.
pub fn run_outcome_measured(
    solution: &str,
    interactor: &str,
    input: &[u8],
    limits: Limits,
) -> (Outcome, Used) {
    match run(solution, interactor, input, limits) {
        Ok(run) => {
            let used = Used {
                cpu: run.cpu,
                wall: run.elapsed,
                memory: run.peak_memory,
            };
            (run.outcome(), used)
        }
        Err(e) => (
            Outcome::Failed {
                fault: Fault::RuntimeError,
                message: e.to_string(),
            },
            Used::default(),
        ),
    }
}

/// One of the two programs while it runs.
struct Party {
    pid: i32,
    group: Group,
    exit: ExitWatch,
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    /// Bytes of the other program's waiting for this one's stdin.
    pending: Vec<u8>,
    /// Bytes this one wrote to its stdout, in all.
    wrote: usize,
    stderr_buf: Vec<u8>,
    status: Option<ExitStatus>,
    /// When it was seen to have exited on its own.
    ended: Option<Instant>,
    /// Whether it has been waited for.
    reaped: bool,
}

impl Party {
    /// Reads what its stderr holds now, keeping the first [`process::STDERR_KEPT`] bytes; a
    /// closed pipe is dropped.
    fn drain_stderr(&mut self) {
        if let Some(pipe) = &mut self.stderr {
            let kept = process::STDERR_KEPT;
            if process::drain(pipe, &mut self.stderr_buf, kept, false) != Drained::Open {
                self.stderr = None;
            }
        }
    }

    fn start(name: &str, line: &str) -> io::Result<Party> {
        let mut child = spawn(line).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot start the {name} `{line}`: {e}"))
        })?;
        let pid = child.id() as i32;
        let group = Group::register(pid);
        let exit = ExitWatch::new(pid)?;
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        for fd in [
            stdin.as_ref().map(AsRawFd::as_raw_fd),
            stdout.as_ref().map(AsRawFd::as_raw_fd),
            stderr.as_ref().map(AsRawFd::as_raw_fd),
        ]
        .into_iter()
        .flatten()
        {
            process::set_nonblocking(&fd)?;
        }
        Ok(Party {
            pid,
            group,
            exit,
            stdin,
            stdout,
            stderr,
            pending: Vec::new(),
            wrote: 0,
            stderr_buf: Vec::new(),
            status: None,
            ended: None,
            reaped: false,
        })
    }

    /// Writes what waits for its stdin, as the pipe takes it; `true` if a byte went in. A closed
    /// pipe (the program exited or closed its stdin) drops the rest.
    fn flush(&mut self) -> bool {
        let mut moved = false;
        if let Some(pipe) = &mut self.stdin {
            let mut written = 0;
            while written < self.pending.len() {
                match pipe.write(&self.pending[written..]) {
                    Ok(n) => {
                        written += n;
                        moved = true;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    Err(_) => {
                        written = self.pending.len();
                        self.stdin = None;
                        break;
                    }
                }
            }
            self.pending.drain(..written);
        } else {
            self.pending.clear();
        }
        moved
    }

    fn crashed(&self) -> bool {
        self.status.is_some_and(|s| !s.success())
    }

    /// Its last stderr line, for a message.
    fn said(&self) -> String {
        let text = String::from_utf8_lossy(&self.stderr_buf);
        let last = text.lines().rev().find(|l| !l.trim().is_empty());
        last.unwrap_or("").trim().to_string()
    }

    fn watch(&self) -> i32 {
        if !self.reaped {
            self.exit.fd()
        } else {
            -1
        }
    }
}

/// Starts a command line as [`process::run_line`] does (directly when it is plain words, through
/// `sh -c` otherwise, and through `sh` when the kernel refuses a script without `#!`), with its
/// three pipes, in a process group of its own.
fn spawn(line: &str) -> io::Result<Child> {
    let start = |mut command: Command| {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
    };
    let launch = Launch::of(line);
    match start(launch.command(line)) {
        Err(e) if launch != Launch::Shell && e.raw_os_error() == Some(libc::ENOEXEC) => {
            start(process::shell(line))
        }
        other => other,
    }
}

/// One run's INPUT and OUTPUT files in the temporary folder (`boardfuzz-interact-PID-N.in` and
/// `.out`; no folder of their own, whose making and removal would cost each run as much as its
/// files), removed when dropped. OUTPUT is left for the interactor to create.
struct Files {
    input: PathBuf,
    output: PathBuf,
}

impl Files {
    fn write(input: &[u8]) -> io::Result<Files> {
        static RUNS: AtomicU64 = AtomicU64::new(0);
        let stem = std::env::temp_dir().join(format!(
            "boardfuzz-interact-{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        ));
        let files = Files {
            input: stem.with_extension("in"),
            output: stem.with_extension("out"),
        };
        std::fs::write(&files.input, input)?;
        Ok(files)
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.input);
        let _ = std::fs::remove_file(&self.output);
    }
}

/// Runs `solution` against `interactor` on `input` (the case the interactor reads from its
/// INPUT file). `Err` only when a file cannot be written or the solution cannot be started; an
/// interactor that cannot be started is a [`Verdict::SetupError`].
pub fn run(
    solution: &str,
    interactor: &str,
    input: &[u8],
    limits: Limits,
) -> io::Result<Interaction> {
    process::become_subreaper();
    let files = Files::write(input).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot write the interactor's files: {e}"),
        )
    })?;
    let interactor_line = format!(
        "{interactor} {} {}",
        shell_quote(&files.input.display().to_string()),
        shell_quote(&files.output.display().to_string())
    );
    let start = Instant::now();
    let mut sol = Party::start("solution", solution)?;
    let mut int = match Party::start("interactor", &interactor_line) {
        Ok(int) => int,
        Err(e) => {
            drop(sol);
            return Ok(Interaction {
                verdict: Verdict::SetupError,
                message: e.to_string(),
                transcript: Transcript::default(),
                output: Vec::new(),
                solution: None,
                interactor: None,
                solution_stderr: Vec::new(),
                interactor_stderr: Vec::new(),
                elapsed: start.elapsed(),
                cpu: Duration::ZERO,
                peak_memory: 0,
            });
        }
    };
    let mut dialogue = Dialogue {
        limits,
        start,
        deadline: start + limits.timeout,
        last_move: start,
        cpu_mark: None,
        next_sample: start + process::TICK,
        solution_cpu: Duration::ZERO,
        solution_peak: 0,
        interactor_peak: 0,
        waits: (process::Waits::default(), process::Waits::default()),
        transcript: Transcript::default(),
        chunk: vec![0; 16 << 10].into_boxed_slice(),
    };
    let (verdict, message) = dialogue.run(&mut sol, &mut int)?;
    let elapsed = start.elapsed();
    let (cpu, peak_memory) = (dialogue.solution_cpu, dialogue.solution_peak);
    let output = std::fs::read(&files.output).unwrap_or_default();
    let mut transcript = dialogue.transcript;
    transcript.finish();
    let (solution, interactor) = (sol.status, int.status);
    let (solution_stderr, interactor_stderr) = (
        std::mem::take(&mut sol.stderr_buf),
        std::mem::take(&mut int.stderr_buf),
    );
    drop((sol, int));
    Ok(Interaction {
        verdict,
        message,
        transcript,
        output,
        solution,
        interactor,
        solution_stderr,
        interactor_stderr,
        elapsed,
        cpu,
        peak_memory,
    })
}

/// The CPU time of the solution's process tree and of the interactor's ([`cpu_of`]).
type CpuTimes = (Option<Duration>, Option<Duration>);

/// CPU time used so far by the process tree under `leader` ([`process::group_usage`]); `None`
/// where `/proc` does not say (then waiting counts as idle).
fn cpu_of(leader: i32) -> Option<Duration> {
    process::group_usage(leader).map(|(cpu, _)| cpu)
}

/// The poll loop's state beside the two programs.
struct Dialogue {
    limits: Limits,
    /// When both programs were started, and when the wall-clock cap ends the dialogue: the cap
    /// lengthened by the time either program waited for a CPU ([`process::Waits`]), so that
    /// load alone never ends a dialogue.
    start: Instant,
    deadline: Instant,
    /// When a byte last went from one program to the other (or a program used CPU).
    last_move: Instant,
    /// Both groups' CPU time read at half the idleness limit, with the `last_move` it was read
    /// after.
    cpu_mark: Option<(Instant, CpuTimes)>,
    /// When the solution's CPU time and both groups' memory are next read.
    next_sample: Instant,
    /// The most CPU time of the solution's group seen.
    solution_cpu: Duration,
    /// The most resident memory of the solution's group seen, and of the interactor's.
    solution_peak: u64,
    interactor_peak: u64,
    /// The run-queue delays of the solution's threads and of the interactor's.
    waits: (process::Waits, process::Waits),
    transcript: Transcript,
    /// What one read takes from a program's stdout (on the heap once, not zeroed each read).
    chunk: Box<[u8]>,
}

impl Dialogue {
    fn run(&mut self, sol: &mut Party, int: &mut Party) -> io::Result<(Verdict, String)> {
        let verdict = loop {
            if int.flush() | sol.flush() {
                self.last_move = Instant::now();
            }
            // End of file passes on once what came before it has.
            if sol.stdout.is_none() && int.pending.is_empty() {
                int.stdin = None;
            }
            if int.stdout.is_none() && sol.pending.is_empty() {
                sol.stdin = None;
            }
            let now = Instant::now();
            self.sample(sol, int, now);
            if let Some(v) = self.judge(sol, int, now) {
                break v;
            }
            let until = self.wake_at(sol, int);
            let wait = until.saturating_duration_since(now);
            let fd = |p: Option<i32>| p.unwrap_or(-1);
            let raw = |s: &Option<ChildStdout>| fd(s.as_ref().map(AsRawFd::as_raw_fd));
            let raw_err = |s: &Option<ChildStderr>| fd(s.as_ref().map(AsRawFd::as_raw_fd));
            let raw_in = |p: &Party| {
                fd(p.stdin
                    .as_ref()
                    .filter(|_| !p.pending.is_empty())
                    .map(AsRawFd::as_raw_fd))
            };
            let Some(ready) = process::poll_ready(
                [
                    (sol.watch(), libc::POLLIN),
                    (int.watch(), libc::POLLIN),
                    (raw(&sol.stdout), libc::POLLIN),
                    (raw(&int.stdout), libc::POLLIN),
                    (raw_err(&sol.stderr), libc::POLLIN),
                    (raw_err(&int.stderr), libc::POLLIN),
                    (raw_in(sol), libc::POLLOUT),
                    (raw_in(int), libc::POLLOUT),
                ],
                wait,
            )?
            else {
                continue;
            };
            let [sol_exited, int_exited, sol_out, int_out, sol_err, int_err, _, _] = ready;
            if sol_out {
                self.relay(sol, int, Speaker::Solution);
            }
            if int_out {
                self.relay(int, sol, Speaker::Interactor);
            }
            for (party, ready) in [(&mut *sol, sol_err), (&mut *int, int_err)] {
                if ready {
                    party.drain_stderr();
                }
            }
            // Both seen in one wake-up: the interactor's end first, so that its verdict stands
            // against a solution that crashed on the dialogue's end (a race the order of
            // `poll`'s answers should not decide).
            if int_exited {
                let peak = self.exited(int)?.peak;
                self.interactor_peak = self.interactor_peak.max(peak);
                // What the solution already wrote is recorded; then its stdout closes, so a
                // solution that writes on gets SIGPIPE, as it would on a judge.
                if sol.stdout.is_some() {
                    self.relay(sol, int, Speaker::Solution);
                }
                sol.stdout = None;
                int.stdin = None;
                int.pending.clear();
            }
            if sol_exited {
                let usage = self.exited(sol)?;
                self.solution_cpu = self.solution_cpu.max(usage.cpu);
                self.solution_peak = self.solution_peak.max(usage.peak);
            }
        };
        self.finish(sol, int)?;
        Ok(verdict)
    }

    /// Reads what `from` wrote into what waits for `to` and into the transcript.
    fn relay(&mut self, from: &mut Party, to: &mut Party, speaker: Speaker) {
        let Some(pipe) = &mut from.stdout else {
            return;
        };
        let chunk = &mut self.chunk;
        loop {
            match pipe.read(chunk) {
                Ok(0) => {
                    from.stdout = None;
                    return;
                }
                Ok(n) => {
                    let room = self.limits.output_cap.saturating_sub(from.wrote);
                    let kept = &chunk[..n.min(room)];
                    from.wrote += n;
                    self.transcript.feed(speaker, kept);
                    if to.stdin.is_some() {
                        to.pending.extend_from_slice(kept);
                    }
                    self.last_move = Instant::now();
                    if n > room {
                        from.stdout = None;
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    from.stdout = None;
                    return;
                }
            }
        }
    }

    /// Reaps a program whose pidfd is readable, and kills what is left of its group; what
    /// `wait4` said of its usage (its CPU time and the children's it waited for, its peak
    /// memory).
    fn exited(&mut self, party: &mut Party) -> io::Result<process::Usage> {
        let (status, usage) = party.exit.status_and_usage(party.pid)?;
        party.status = Some(status);
        party.ended = Some(Instant::now());
        party.reaped = true;
        party.group.kill();
        Ok(usage)
    }

    /// Every [`process::TICK`] while a program runs: the solution group's CPU time and both
    /// groups' resident memory, the most of each kept, and both groups' run-queue delays, which
    /// lengthen the wall-clock cap.
    fn sample(&mut self, sol: &Party, int: &Party, now: Instant) {
        if now < self.next_sample {
            return;
        }
        self.next_sample = now + process::TICK;
        if sol.ended.is_none() {
            if let Some((cpu, rss)) = process::group_usage_and_waits(sol.pid, &mut self.waits.0) {
                self.solution_cpu = self.solution_cpu.max(cpu);
                self.solution_peak = self.solution_peak.max(rss);
            }
        }
        if int.ended.is_none() {
            if let Some((_, rss)) = process::group_usage_and_waits(int.pid, &mut self.waits.1) {
                self.interactor_peak = self.interactor_peak.max(rss);
            }
        }
        let waited = self.waits.0.total(now) + self.waits.1.total(now);
        let most = self.limits.timeout.saturating_mul(process::MAX_WAIT_FACTOR);
        self.deadline = self.start + self.limits.timeout + waited.min(most);
    }

    /// The solution's CPU time, wall time and peak memory, for a message.
    fn usage(&self, now: Instant) -> String {
        format!(
            "CPU {}, wall {}, peak memory {}",
            seconds(self.solution_cpu),
            seconds(now.saturating_duration_since(self.start)),
            bytes(self.solution_peak)
        )
    }

    /// A verdict of the limits alone: the solution over its CPU time or memory, the interactor
    /// over its memory.
    fn over_limits(&self, now: Instant) -> Option<(Verdict, String)> {
        let limits = self.limits;
        if limits.cpu > Duration::ZERO && self.solution_cpu > limits.cpu {
            return Some((
                Verdict::TimeLimit,
                format!(
                    "the solution went over the CPU-time limit {} ({}; killed)",
                    seconds(limits.cpu),
                    self.usage(now)
                ),
            ));
        }
        if limits.memory > 0 && self.solution_peak > limits.memory {
            return Some((
                Verdict::MemoryLimit,
                format!(
                    "the solution went over the memory limit {} of resident memory ({}; killed)",
                    bytes(limits.memory),
                    self.usage(now)
                ),
            ));
        }
        if limits.memory > 0 && self.interactor_peak > limits.memory {
            return Some((
                Verdict::SetupError,
                format!(
                    "the interactor held more than {} of resident memory (killed)",
                    bytes(limits.memory)
                ),
            ));
        }
        None
    }

    /// When the loop must wake up with nothing ready: the deadline, the idleness check while both
    /// run, the interactor's time to end after the solution.
    fn wake_at(&self, sol: &Party, int: &Party) -> Instant {
        let mut until = self.deadline;
        if sol.ended.is_none() || int.ended.is_none() {
            until = until.min(self.next_sample);
        }
        match (sol.ended, int.ended) {
            (None, None) => {
                let half = self.last_move + self.limits.idle / 2;
                let next = if Instant::now() < half {
                    half
                } else {
                    self.last_move + self.limits.idle
                };
                until = until.min(next);
            }
            (Some(ended), None) => until = until.min(ended + self.limits.idle),
            _ => {}
        }
        until
    }

    /// The verdict, once there is one.
    fn judge(&mut self, sol: &Party, int: &mut Party, now: Instant) -> Option<(Verdict, String)> {
        if let Some(over) = self.over_limits(now) {
            return Some(over);
        }
        let cap = self.limits.output_cap;
        if sol.wrote > cap {
            return Some((
                Verdict::OutputLimit,
                format!("the solution wrote more than {cap} bytes (killed)"),
            ));
        }
        if int.wrote > cap {
            return Some((
                Verdict::SetupError,
                format!("the interactor wrote more than {cap} bytes (killed)"),
            ));
        }
        let solution_crash = || {
            let status = sol.status.map(process::describe).unwrap_or_default();
            let tail = stderr_tail(&sol.stderr_buf, STDERR_LINES);
            (
                Verdict::RuntimeError,
                format!("the solution ended with {status}{tail}"),
            )
        };
        if let Some(status) = int.status {
            let said = int.said();
            let said = if said.is_empty() {
                process::describe(status)
            } else {
                format!("{said} ({})", process::describe(status))
            };
            let first_sol = matches!((sol.ended, int.ended), (Some(s), Some(i)) if s <= i);
            return match status.code() {
                Some(1 | 2) if first_sol && sol.crashed() => Some(solution_crash()),
                Some(1) => Some((Verdict::WrongAnswer, format!("the interactor: {said}"))),
                Some(2) => Some((
                    Verdict::PresentationError,
                    format!("the interactor: {said}"),
                )),
                Some(0) => match sol.status {
                    Some(s) if s.success() => Some((Verdict::Accepted, String::new())),
                    Some(_) => Some(solution_crash()),
                    None if now >= self.deadline => Some(self.time_limit()),
                    None => None,
                },
                _ => Some((
                    Verdict::SetupError,
                    format!("the interactor failed: {said}"),
                )),
            };
        }
        if now >= self.deadline {
            return Some(match sol.ended {
                None => self.time_limit(),
                Some(_) => self.interactor_lingers(),
            });
        }
        match sol.ended {
            Some(ended) if now >= ended + self.limits.idle => Some(if sol.crashed() {
                solution_crash()
            } else {
                self.interactor_lingers()
            }),
            Some(_) => None,
            None => self.idleness(sol, int, now),
        }
    }

    /// Both programs run and nothing has passed between them: at half the idleness limit the
    /// CPU time of both groups is read; at the limit, if neither used any since and neither is
    /// waiting for a core ([`process::group_runnable`]: a loaded machine can leave a program
    /// with no CPU time for a while), both are waiting on each other. One that used CPU, or
    /// would have, is thinking, not waiting: the wait starts over.
    fn idleness(&mut self, sol: &Party, int: &Party, now: Instant) -> Option<(Verdict, String)> {
        let half = self.last_move + self.limits.idle / 2;
        if now < half {
            return None;
        }
        let cpu = (cpu_of(sol.pid), cpu_of(int.pid));
        let before = match self.cpu_mark {
            // A reading since the last byte passed.
            Some((since, before)) if since == self.last_move => before,
            _ => {
                self.cpu_mark = Some((self.last_move, cpu));
                return None;
            }
        };
        if now < self.last_move + self.limits.idle {
            return None;
        }
        if cpu != before || process::group_runnable(sol.pid) || process::group_runnable(int.pid) {
            self.last_move = now;
            return None;
        }
        let idle = self.limits.idle;
        Some((
            Verdict::IdlenessLimit,
            format!(
                "idleness limit: neither side wrote a byte for {idle:?}, nor used CPU (both \
                 waiting to read)"
            ),
        ))
    }

    fn time_limit(&self) -> (Verdict, String) {
        let cpu = match self.limits.cpu {
            Duration::ZERO => String::new(),
            cpu => format!(" of the CPU-time limit {}", seconds(cpu)),
        };
        (
            Verdict::TimeLimit,
            format!(
                "the dialogue did not end within the wall-clock cap {}{cpu} ({}: the solution \
                 sleeps or waits, or other work left it too little CPU; killed)",
                seconds(self.limits.timeout),
                self.usage(Instant::now())
            ),
        )
    }

    fn interactor_lingers(&self) -> (Verdict, String) {
        (
            Verdict::SetupError,
            format!(
                "the interactor did not end within {:?} after the solution's output ended",
                self.limits.idle
            ),
        )
    }

    /// After the verdict: both groups killed, both programs reaped (bounded), and what their
    /// stderr still held read.
    fn finish(&mut self, sol: &mut Party, int: &mut Party) -> io::Result<()> {
        sol.group.kill();
        int.group.kill();
        let give_up = Instant::now() + Duration::from_secs(5);
        let mut drain_until: Option<Instant> = None;
        loop {
            let open = [&sol.stderr, &int.stderr].iter().any(|p| p.is_some());
            if sol.reaped && int.reaped {
                let until = *drain_until.get_or_insert(Instant::now() + Duration::from_millis(200));
                if !open || Instant::now() >= until {
                    return Ok(());
                }
            }
            if Instant::now() >= give_up {
                return Ok(());
            }
            let fd = |p: &Option<ChildStderr>| p.as_ref().map_or(-1, AsRawFd::as_raw_fd);
            let Some(ready) = process::poll_ready(
                [
                    (sol.watch(), libc::POLLIN),
                    (int.watch(), libc::POLLIN),
                    (fd(&sol.stderr), libc::POLLIN),
                    (fd(&int.stderr), libc::POLLIN),
                ],
                Duration::from_millis(50),
            )?
            else {
                continue;
            };
            let [sol_exited, int_exited, sol_err, int_err] = ready;
            if sol_exited {
                self.exited_quietly(sol)?;
            }
            if int_exited {
                self.exited_quietly(int)?;
            }
            for (party, ready) in [(&mut *sol, sol_err), (&mut *int, int_err)] {
                if ready {
                    party.drain_stderr();
                }
            }
        }
    }

    /// Reaps a program boardfuzz killed: its status is not its own, so none is kept.
    fn exited_quietly(&mut self, party: &mut Party) -> io::Result<()> {
        party.exit.status_and_usage(party.pid)?;
        party.reaped = true;
        Ok(())
    }
}

/// `; its stderr ends:` and the last `lines` non-blank lines of `stderr`, or nothing.
fn stderr_tail(stderr: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(stderr);
    let mut tail: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .rev()
        .take(lines)
        .collect();
    if tail.is_empty() {
        return String::new();
    }
    tail.reverse();
    format!("; its stderr ends:\n  {}", tail.join("\n  "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_keeps_lines_as_they_end_whoever_wrote_them() {
        let mut t = Transcript::default();
        t.feed(Speaker::Interactor, b"6\n");
        t.feed(Speaker::Solution, b"? ");
        t.feed(Speaker::Interactor, b"noise without newline");
        t.feed(Speaker::Solution, b"3\r\n! 4");
        t.finish();
        assert_eq!(
            t.tail(10),
            // A line is recorded when it ends; the two left open end with the run, the
            // solution's first.
            ["< 6", "> ? 3", "> ! 4", "< noise without newline"]
        );
        assert_eq!(t.total(), 4);
    }

    #[test]
    fn a_transcript_is_capped_and_keeps_the_last_lines() {
        let mut t = Transcript::default();
        let long = vec![b'x'; LINE_KEPT * 3];
        t.feed(Speaker::Solution, &long);
        t.feed(Speaker::Solution, b"\n");
        let first = t.lines().next().unwrap().text.clone();
        assert_eq!(first.len(), LINE_KEPT + '…'.len_utf8());
        assert!(first.ends_with('…'));
        let lines = 2 * TRANSCRIPT_KEPT / 10;
        for i in 0..lines {
            t.feed(Speaker::Interactor, format!("{i:09}\n").as_bytes());
        }
        assert_eq!(t.total(), lines as u64 + 1);
        let kept: usize = t.lines().map(|l| l.text.len()).sum();
        assert!(kept <= TRANSCRIPT_KEPT, "{kept}");
        let tail = t.tail(2);
        let dropped = t.total() - 2;
        assert_eq!(
            tail,
            [
                format!("… {dropped} earlier line(s)"),
                format!("< {:09}", lines - 2),
                format!("< {:09}", lines - 1)
            ]
        );
    }
}
