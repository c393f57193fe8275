//! The implementation under test: boardfuzz's own engine, or any external solution — a command in
//! any language that reads judge input on stdin and writes judge output on stdout — checked
//! against the same literal reference.

use std::time::Duration;

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::programs::checker::{Checker, Judgement};
use crate::harness::programs::interact;
use crate::harness::programs::process::{self, Ended};
use std::os::unix::process::ExitStatusExt;

/// What is checked against the reference.
#[derive(Debug, Clone)]
pub enum Subject {
    /// The game's optimized engine.
    Engine,
    /// An external program, run once per input: started directly when the command line is plain
    /// words, through `sh -c` otherwise ([`process::Launch`]).
    Solution {
        /// The command line, as given (e.g. `./solution` or `python3 sol.py`).
        command: String,
        /// The CPU-time limit of one run, charged to its whole process group; a run over it, or
        /// over the wall-clock cap it sets ([`process::Judged::wall_cap`]), is killed
        /// ([`Fault::TimeLimit`]).
        timeout: Duration,
        /// Bytes of output allowed ([`process::DEFAULT_OUTPUT_CAP`] by default).
        output_cap: usize,
        /// Bytes of resident memory allowed, `0` for none ([`process::DEFAULT_MEMORY_LIMIT`] by
        /// default; [`process::Judged`] says what is measured).
        memory: u64,
        /// How its answer is judged against the reference's ([`Checker::Lines`] by default).
        checker: Checker,
        /// The interactor it talks to, if the problem is interactive: then the interactor judges
        /// each run ([`interact`]), under the same CPU-time, memory and output limits; the
        /// checker compares the interactor's OUTPUT with the brute force's when one plays the
        /// dialogue too ([`Interactor::against_brute`]).
        interactor: Option<Interactor>,
    },
}

/// The interactor of an interactive problem, testlib's convention: run as `COMMAND INPUT
/// OUTPUT` ([`interact::run`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interactor {
    /// The command line, without the two paths (they are appended).
    pub command: String,
    /// The idleness limit ([`interact::Limits::idle`]).
    pub idle: Duration,
    /// Whether a brute force plays the same dialogue (`stress --interactor --brute`): then an
    /// accepted run is also judged by its interactor's OUTPUT against the brute force's
    /// ([`interact::output_of`]), with the solution's checker.
    pub against_brute: bool,
}

impl Subject {
    /// The command-line words that select this subject again (` --solution '…'` with its time
    /// limit and output cap; nothing for the engine), with a leading space: what a printed repro
    /// command needs to reproduce a finding as printed.
    pub fn to_args(&self) -> String {
        match self {
            Subject::Engine => String::new(),
            Subject::Solution {
                command,
                timeout,
                output_cap,
                memory,
                checker,
                interactor,
            } => format!(
                " --solution {} --solution-timeout {}ms --output-limit {}{}{}{}{}",
                crate::harness::shell_quote(command),
                timeout.as_millis(),
                size_words(*output_cap as u64),
                memory_args(*memory),
                stack_args(*memory),
                checker.to_args(),
                match interactor {
                    Some(i) => format!(
                        " --interactor {} --idle-limit {}ms",
                        crate::harness::shell_quote(&i.command),
                        i.idle.as_millis()
                    ),
                    None => String::new(),
                }
            ),
        }
    }

    /// The command line of a solution (`None` for the engine).
    pub fn command(&self) -> Option<&str> {
        match self {
            Subject::Engine => None,
            Subject::Solution { command, .. } => Some(command),
        }
    }

    /// How reports name this side.
    pub fn label(&self) -> &'static str {
        match self {
            Subject::Engine => "engine",
            Subject::Solution { .. } => "solution",
        }
    }

    /// Runs this side on one input.
    pub fn run(&self, game: &dyn DynGame, input: &[u8], options: &Options) -> Outcome {
        match self {
            Subject::Engine => game.engine(input, options),
            Subject::Solution {
                command,
                timeout,
                output_cap,
                memory,
                interactor: Some(interactor),
                ..
            } => interact::run_outcome(
                command,
                &interactor.command,
                input,
                interact::Limits::judged(*timeout, *memory, interactor.idle, *output_cap),
            ),
            Subject::Solution {
                command,
                timeout,
                output_cap,
                memory,
                ..
            } => run_solution(command, input, *timeout, *output_cap, *memory),
        }
    }

    /// Whether this side's answer counts as a disagreement with the reference's.
    ///
    /// The engine must match the reference exactly, errors included. An external solution is
    /// judged like a judge would: only on inputs the reference accepts, where both answered by
    /// its [`Checker`] ([`Subject::judge`]; a checker program needs the input, so here two
    /// answers are compared as [`Checker::Lines`] compares them). An interactive solution's
    /// answer is its interactor's verdict ([`interact::judged`]), and with a brute force
    /// playing too, its interactor's OUTPUT against the brute force's.
    pub fn disagrees(&self, mine: &Outcome, reference: &Outcome) -> bool {
        match (self, mine, reference) {
            (Subject::Engine, _, _) => !mine.agrees_with(reference),
            (Subject::Solution { .. }, _, Outcome::Rejected { .. }) => false,
            (Subject::Solution { checker, .. }, Outcome::Output(a), Outcome::Output(b)) => {
                let checker = match checker {
                    Checker::Program { .. } => &Checker::Lines,
                    other => other,
                };
                self.judge_with(checker, b"", a, b) != Judgement::Accepted
            }
            (Subject::Solution { .. }, _, _) => true,
        }
    }

    /// Two answers judged by `checker`, or for an interactive solution by its interactor's
    /// verdict and (against a brute force) `checker` on the two OUTPUTs.
    fn judge_with(&self, checker: &Checker, input: &[u8], a: &str, b: &str) -> Judgement {
        match self {
            Subject::Solution {
                interactor: Some(interactor),
                ..
            } => match interact::judged(a) {
                Judgement::Accepted if interactor.against_brute => {
                    checker.judge(input, interact::output_of(a), interact::output_of(b))
                }
                judgement => judgement,
            },
            _ => checker.judge(input, a, b),
        }
    }

    /// What this side's checker says of two answers on `input`: `None` for the engine (held to
    /// the reference exactly) and where either side gave no answer.
    pub fn judge(&self, input: &[u8], mine: &Outcome, reference: &Outcome) -> Option<Judgement> {
        match (self, mine, reference) {
            (Subject::Solution { checker, .. }, Outcome::Output(a), Outcome::Output(b)) => {
                Some(self.judge_with(checker, input, a, b))
            }
            _ => None,
        }
    }
}

/// How many times a limit verdict ([`crate::harness::Verdict::is_limit`]: a time limit, the
/// wall-clock cap, an idleness limit, a memory limit) is run again before it is a finding: it
/// is one only when every rerun gives it too. A run near a limit may give it once in a while,
/// and a loaded machine may give it alone (a program that waits for a core is slower on the
/// clock, and its CPU time grows a little too); such a verdict is a note ("unconfirmed"),
/// never a failure.
pub const CONFIRM_RUNS: u32 = 3;

/// A solution's `first` outcome with a limit verdict (time or memory) confirmed, as a
/// campaign confirms one: it is the outcome only when each of [`CONFIRM_RUNS`] runs `again`
/// gives it too; else the outcome is that of the first rerun that did not, with a note of how
/// many did (`unconfirmed time limit: given again by 1 of 3 reruns`). Any other outcome is
/// returned as it is, without a rerun.
///
/// Each run comes with what it measured (`X`: its CPU and wall time, say), returned with the
/// outcome kept.
pub fn confirm_limit<X>(
    first: (Outcome, X),
    mut again: impl FnMut() -> (Outcome, X),
) -> ((Outcome, X), Option<String>) {
    let fault = match &first.0 {
        Outcome::Failed {
            fault: fault @ (Fault::TimeLimit | Fault::MemoryLimit),
            ..
        } => *fault,
        _ => return (first, None),
    };
    let mut gave = 0;
    let mut other = None;
    for _ in 0..CONFIRM_RUNS {
        match again() {
            (Outcome::Failed { fault: f, .. }, _) if f == fault => gave += 1,
            run => {
                other.get_or_insert(run);
            }
        }
    }
    match other {
        None => (first, None),
        Some(outcome) => (
            outcome,
            Some(format!(
                "unconfirmed {}: given again by {gave} of {CONFIRM_RUNS} reruns",
                fault.name()
            )),
        ),
    }
}

/// How far over a limit a shrink candidate must go for the shrink to keep it: a candidate of a
/// time-limit finding is judged under `time` × the CPU-time limit (and its wall-clock cap and
/// idleness limit), one of a memory-limit finding under `memory` × the memory limit, and kept
/// only if it is over that. A case kept so is over the real limit by the margin, so that it
/// fails every time it is judged again, where a shrink without one homes in on the limit
/// itself and keeps a case that fails one time in two.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Margins {
    /// The CPU-time margin, at least 1 (1.25 by default).
    pub time: f64,
    /// The memory margin, at least 1 (1.1 by default).
    pub memory: f64,
}

impl Margins {
    /// The default time margin: a candidate must use 1.25× the CPU-time limit.
    pub const TIME: f64 = 1.25;
    /// The default memory margin: a candidate must hold 1.1× the memory limit.
    pub const MEMORY: f64 = 1.1;
}

impl Default for Margins {
    fn default() -> Self {
        Margins {
            time: Margins::TIME,
            memory: Margins::MEMORY,
        }
    }
}

impl Subject {
    /// This subject with its limits raised by `margins` (the CPU-time limit, and with it the
    /// wall-clock cap and an interactor's idleness limit, by `margins.time`; the memory limit,
    /// if any, by `margins.memory`): what a shrink judges a candidate of a limit finding with.
    /// The engine has no limits: it is returned as it is.
    pub fn with_margins(&self, margins: Margins) -> Subject {
        let mut raised = self.clone();
        if let Subject::Solution {
            timeout,
            memory,
            interactor,
            ..
        } = &mut raised
        {
            *timeout = timeout.mul_f64(margins.time.max(1.0));
            *memory = (*memory as f64 * margins.memory.max(1.0)) as u64;
            if let Some(interactor) = interactor {
                interactor.idle = interactor.idle.mul_f64(margins.time.max(1.0));
            }
        }
        raised
    }
}

/// Output as a judge compares it: trailing whitespace of each line and trailing blank lines
/// removed.
pub fn judge_normal(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines.join("\n")
}

/// A hint where a verdict has a usual cause: a time limit of a Python program (PyPy), an
/// idleness limit (an answer not flushed), a crash by `SIGSEGV` (out of bounds: `--sanitize`);
/// `None` for any other. `command` is the program's command line.
pub fn hint(command: &str, outcome: &Outcome) -> Option<String> {
    let Outcome::Failed { fault, message } = outcome else {
        return None;
    };
    let python = command.split_whitespace().any(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        name.starts_with("python") || name.ends_with(".py")
    }) && !command.contains("pypy");
    match fault {
        Fault::TimeLimit if message.contains("idleness limit") => Some(
            "an interactive solution must flush its output after each line, or the interactor \
             waits for it for ever: `print(..., flush=True)`, `cout << endl` or `fflush(stdout)`"
                .into(),
        ),
        Fault::TimeLimit if python && message.contains("over the CPU-time limit") => Some(
            "CPython is slow: PyPy often runs the same program 5 to 10 times faster, as many \
             judges offer it (`--run 'py=pypy3 {src}'` runs every .py program with it)"
                .into(),
        ),
        Fault::RuntimeError if message.contains("(SIGSEGV)") && !message.starts_with("stack") => {
            Some(
                "a SIGSEGV is mostly a read or write out of bounds: a C or C++ solution built \
                 with `--sanitize` stops at it and names the line"
                    .into(),
            )
        }
        _ => None,
    }
}

/// How many lines of a failed solution's stderr a report shows (its last ones).
pub const STDERR_LINES: usize = 10;

/// Runs `command` with `input` on its stdin, like a judge: a time limit, an output cap, the
/// whole process group killed at the end ([`process`]). A command line of plain words is started
/// directly, anything else through `sh -c` ([`process::Launch`]). A non-zero exit or a signal is
/// a runtime error; output that is not UTF-8 is kept (lossily) as a wrong answer.
pub fn run_command(command: &str, input: &[u8], timeout: Duration, output_cap: usize) -> Outcome {
    let failed = |fault: Fault, message: String| Outcome::Failed { fault, message };
    let limits = process::Limits {
        timeout,
        output_cap,
    };
    let run = match process::run_line(command, input, limits) {
        Ok(run) => run,
        Err(e) => {
            return failed(
                Fault::RuntimeError,
                format!("cannot start `{command}`: {e}"),
            )
        }
    };
    match run.ended {
        Ended::TimedOut => failed(
            Fault::TimeLimit,
            format!("no answer within {timeout:?} (killed)"),
        ),
        Ended::OutputLimit => failed(
            Fault::OutputLimit,
            format!("wrote more than {output_cap} bytes (killed)"),
        ),
        Ended::MemoryLimit => failed(Fault::MemoryLimit, "held too much memory (killed)".into()),
        Ended::Exited(status) if !status.success() => {
            let mut message = process::describe(status);
            let tail = run.stderr_tail(STDERR_LINES);
            if !tail.is_empty() {
                message.push_str(&format!("; its stderr ends:\n  {}", tail.join("\n  ")));
            }
            failed(Fault::RuntimeError, message)
        }
        Ended::Exited(_) => Outcome::Output(String::from_utf8_lossy(&run.stdout).into_owned()),
    }
}

/// ` --memory-limit N` for a limit other than the default, nothing for the default: the words a
/// printed command needs.
pub fn memory_args(memory: u64) -> String {
    if memory == process::DEFAULT_MEMORY_LIMIT {
        String::new()
    } else {
        format!(" --memory-limit {}", size_words(memory))
    }
}

/// ` --stack N` when the stack limit set for this run ([`process::set_stack_limit`]) is not the
/// default of a run with `memory` (the memory limit, or 1 GiB with none); else nothing.
pub fn stack_args(memory: u64) -> String {
    let default = match memory {
        0 => process::DEFAULT_MEMORY_LIMIT,
        memory => memory,
    };
    match process::stack_set() {
        Some(set) if set != default => format!(" --stack {}", size_words(set)),
        _ => String::new(),
    }
}

/// A byte count as a flag takes it: `256M` for 268435456, a plain number where no suffix
/// divides it.
pub fn size_words(n: u64) -> String {
    for (unit, size) in [("G", 1u64 << 30), ("M", 1 << 20), ("K", 1 << 10)] {
        if n > 0 && n % size == 0 {
            return format!("{}{unit}", n / size);
        }
    }
    n.to_string()
}

/// The limits of a solution's run as `judge` takes them (` --solution-timeout 500ms --output-limit N`,
/// ` --memory-limit N`, ` --interactor '…' --idle-limit 1000ms`), each left out at `judge`'s
/// default: the words after the solution in the `judge` command a `stress` finding prints.
/// `interactor` is the interactor as the user named it, and its idleness limit.
pub fn judge_limit_args(
    timeout: Duration,
    output_limit: usize,
    memory: u64,
    interactor: Option<(&str, Duration)>,
) -> String {
    let mut limits = String::new();
    if timeout != Duration::from_secs(10) {
        limits.push_str(&format!(" --solution-timeout {}ms", timeout.as_millis()));
    }
    if output_limit != process::DEFAULT_OUTPUT_CAP {
        limits.push_str(&format!(
            " --output-limit {}",
            size_words(output_limit as u64)
        ));
    }
    limits.push_str(&memory_args(memory));
    if let Some((i, idle)) = interactor {
        limits.push_str(&format!(" --interactor {}", crate::harness::shell_quote(i)));
        if idle != Duration::from_secs(2) {
            limits.push_str(&format!(" --idle-limit {}ms", idle.as_millis()));
        }
    }
    limits
}

/// A byte count as reports print it: `1.5 MiB`, `2.00 GiB`.
pub fn bytes(n: u64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    let mib = n as f64 / MIB;
    if mib >= 1024.0 {
        format!("{:.2} GiB", mib / 1024.0)
    } else {
        format!("{mib:.1} MiB")
    }
}

/// What a wall-clock cap's verdict says of the time a program waited for a CPU, by which the cap
/// was lengthened ([`process::Waits`]): nothing when it did not wait.
pub fn waited_words(waited: Duration) -> String {
    if waited < Duration::from_millis(100) {
        return String::new();
    }
    format!(
        ", lengthened by the {} it waited for a CPU",
        seconds(waited)
    )
}

/// A duration as a verdict's message gives it: seconds, two decimals (`1.50s`).
pub fn seconds(d: Duration) -> String {
    format!("{:.2}s", d.as_secs_f64())
}

/// Runs a solution like a judge ([`process::run_line_judged`]): charged `cpu` of CPU time for its
/// whole process group, under the wall-clock cap that sets ([`process::Judged::wall_cap`]), with
/// `memory` bytes of resident memory (`0`: no limit) and `output_cap` bytes of output. A
/// sanitizer's report on stderr ([`sanitizer_report`]) is [`Fault::UndefinedBehaviour`]; any
/// other non-zero exit or signal a runtime error. The messages give the CPU and wall times and
/// the peak memory.
pub fn run_solution(
    command: &str,
    input: &[u8],
    cpu: Duration,
    output_cap: usize,
    memory: u64,
) -> Outcome {
    run_solution_measured(command, input, cpu, output_cap, memory).0
}

/// What a run of a program used, as a judge's table shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Used {
    /// CPU time (user + system) of its whole process group.
    pub cpu: Duration,
    /// Wall-clock time from its start until it was over.
    pub wall: Duration,
    /// Its peak resident memory, in bytes.
    pub memory: u64,
}

/// [`run_solution`], and what the run used.
pub fn run_solution_measured(
    command: &str,
    input: &[u8],
    cpu: Duration,
    output_cap: usize,
    memory: u64,
) -> (Outcome, Used) {
    let failed = |fault: Fault, message: String| Outcome::Failed { fault, message };
    let wall = process::Judged::wall_cap(cpu);
    let limits = process::Limits {
        timeout: wall,
        output_cap,
    };
    let judged = process::Judged {
        cpu,
        memory,
        stack: None,
    };
    let run = match process::run_line_judged(command, input, limits, Some(judged)) {
        Ok(run) => run,
        Err(e) => {
            let why = format!("cannot start `{command}`: {e}");
            return (failed(Fault::RuntimeError, why), Used::default());
        }
    };
    let used = Used {
        cpu: run.cpu,
        wall: run.elapsed,
        memory: run.peak_memory,
    };
    let mut outcome = judged_outcome(&run, cpu, output_cap, memory);
    if let (Outcome::Failed { message, .. }, Ended::Exited(status)) = (&mut outcome, run.ended) {
        if status.signal() == Some(libc::SIGSEGV) {
            *message = stack_words(message, || {
                let larger = memory.max(STACK_TRIED);
                let judged = process::Judged {
                    stack: Some(larger),
                    ..judged
                };
                let again = process::run_line_judged(command, input, limits, Some(judged));
                let crashed = again.is_ok_and(|run| {
                    matches!(run.ended, Ended::Exited(s) if s.signal() == Some(libc::SIGSEGV))
                });
                (larger, !crashed)
            });
        }
    }
    (outcome, used)
}

/// A stack limit under which a program killed by `SIGSEGV` is run again with a larger stack
/// ([`STACK_TRIED`] or the memory limit), to tell a stack overflow from another crash: judges
/// give far more (Kattis and DOMjudge the memory limit, Codeforces 256 MiB), so a deep recursion
/// that overflows a smaller one is a crash only here.
pub const STACK_DIAGNOSED_BELOW: u64 = 256 << 20;

/// The stack a crash under [`STACK_DIAGNOSED_BELOW`] is run again with (at least).
pub const STACK_TRIED: u64 = 1 << 30;

/// The message of a program killed by `SIGSEGV`, with the stack limit it ran under; under
/// [`STACK_DIAGNOSED_BELOW`], `rerun` runs it again with a larger stack (which, and whether it
/// then ran without the crash), and a crash a larger stack cures is named a stack overflow.
fn stack_words(message: &str, rerun: impl FnOnce() -> (u64, bool)) -> String {
    let Some(stack) = process::stack_limit() else {
        return message.to_string();
    };
    let (status, rest) = match message.split_once("; ") {
        Some((status, rest)) => (status, format!("; {rest}")),
        None => (message, String::new()),
    };
    if stack < STACK_DIAGNOSED_BELOW {
        let (larger, cured) = rerun();
        if cured {
            return format!(
                "stack overflow: {status} under the stack limit {} (--stack); with {} it does \
                 not crash{rest}",
                bytes(stack),
                bytes(larger)
            );
        }
    }
    format!(
        "{status} (the stack limit is {}, --stack){rest}",
        bytes(stack)
    )
}

/// The outcome of a run of a solution judged under `cpu`, `output_cap` and `memory`
/// ([`run_solution`]).
fn judged_outcome(
    run: &process::Finished,
    cpu: Duration,
    output_cap: usize,
    memory: u64,
) -> Outcome {
    let failed = |fault: Fault, message: String| Outcome::Failed { fault, message };
    let wall = process::Judged::wall_cap(cpu);
    let usage = format!(
        "CPU {}, wall {}, peak memory {}",
        seconds(run.cpu),
        seconds(run.elapsed),
        bytes(run.peak_memory)
    );
    match run.ended {
        Ended::TimedOut if run.cpu > cpu => failed(
            Fault::TimeLimit,
            format!("over the CPU-time limit {} ({usage}; killed)", seconds(cpu)),
        ),
        Ended::TimedOut => failed(
            Fault::TimeLimit,
            format!(
                "no answer within the wall-clock cap {} of the CPU-time limit {}{} ({usage}: it \
                 sleeps or waits; killed)",
                seconds(wall),
                seconds(cpu),
                waited_words(run.waited),
            ),
        ),
        Ended::MemoryLimit => failed(
            Fault::MemoryLimit,
            format!(
                "over the memory limit {} of resident memory ({usage}; killed)",
                bytes(memory)
            ),
        ),
        Ended::OutputLimit => failed(
            Fault::OutputLimit,
            format!("wrote more than {output_cap} bytes (killed)"),
        ),
        Ended::Exited(status) if !status.success() => {
            if let Some(report) = sanitizer_report(&run.stderr) {
                return failed(
                    Fault::UndefinedBehaviour,
                    format!(
                        "{}; {}:\n  {}",
                        process::describe(status),
                        report.check,
                        report.lines.join("\n  ")
                    ),
                );
            }
            let mut message = process::describe(status);
            let tail = run.stderr_tail(STDERR_LINES);
            if !tail.is_empty() {
                message.push_str(&format!("; its stderr ends:\n  {}", tail.join("\n  ")));
            }
            failed(Fault::RuntimeError, message)
        }
        Ended::Exited(_) => Outcome::Output(String::from_utf8_lossy(&run.stdout).into_owned()),
    }
}

/// What a sanitizer said when it stopped a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SanitizerReport {
    /// The check that fired, numbers and addresses left out, the same for every input that
    /// trips it: `AddressSanitizer: heap-buffer-overflow`, `UndefinedBehaviorSanitizer: index
    /// out of bounds`. A shrink keeps it ([`same_failure`]).
    pub check: String,
    /// The report's first lines that say what and where: the error line, and for
    /// AddressSanitizer the access and the first frames with their `file:line`.
    pub lines: Vec<String>,
}

/// The sanitizer's report in a program's stderr, if there is one: AddressSanitizer's `ERROR:
/// AddressSanitizer: …` or UndefinedBehaviorSanitizer's `FILE:LINE:COL: runtime error: …`.
pub fn sanitizer_report(stderr: &[u8]) -> Option<SanitizerReport> {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    let cut = |l: &str| -> String {
        let l = l.trim_end();
        match l.char_indices().nth(200) {
            Some((at, _)) => format!("{}…", &l[..at]),
            None => l.to_string(),
        }
    };
    if let Some(at) = lines.iter().position(|l| l.contains("runtime error: ")) {
        let (_, what) = lines[at].split_once("runtime error: ")?;
        return Some(SanitizerReport {
            check: format!("UndefinedBehaviorSanitizer: {}", check_words(what)),
            lines: lines[at..]
                .iter()
                .filter(|l| !l.trim().is_empty())
                .take(4)
                .map(|l| cut(l))
                .collect(),
        });
    }
    for (sanitizer, mark) in [
        ("AddressSanitizer", "ERROR: AddressSanitizer: "),
        ("LeakSanitizer", "ERROR: LeakSanitizer: "),
    ] {
        let Some(at) = lines.iter().position(|l| l.contains(mark)) else {
            continue;
        };
        let (_, what) = lines[at].split_once(mark)?;
        let kind = what.split_whitespace().next().unwrap_or("error");
        // The error line, the access (`READ of size 4 at …`), and the first frames that name a
        // source line.
        let mut shown = vec![cut(lines[at])];
        for l in &lines[at + 1..] {
            let t = l.trim_start();
            if t.starts_with("READ") || t.starts_with("WRITE") {
                shown.push(cut(l));
            } else if t.starts_with('#') {
                if shown.len() >= 4 {
                    break;
                }
                shown.push(cut(l));
            } else if t.starts_with("SUMMARY:") || (shown.len() > 2 && t.is_empty()) {
                break;
            }
        }
        return Some(SanitizerReport {
            check: format!("{sanitizer}: {kind}"),
            lines: shown,
        });
    }
    None
}

/// The words of a sanitizer's message that name its check: up to its first `:`, every word that
/// holds a digit (an index, a value, an address) left out.
fn check_words(what: &str) -> String {
    let head = what.split(": ").next().unwrap_or(what);
    let head = head.split(" for type ").next().unwrap_or(head);
    head.split_whitespace()
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether two outcomes of a solution fail the same way for a shrink to keep one for the other:
/// always, but for undefined behaviour, where the same sanitizer check must fire.
pub fn same_failure(a: &Outcome, b: &Outcome) -> bool {
    let check = |o: &Outcome| match o {
        Outcome::Failed {
            fault: Fault::UndefinedBehaviour,
            message,
        } => message
            .split_once("; ")
            .map(|(_, rest)| rest.split(":\n").next().unwrap_or(rest).to_string()),
        _ => None,
    };
    check(a) == check(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_normal_ignores_trailing_space_and_blank_lines() {
        assert_eq!(judge_normal("1 \n2\n\n\n"), judge_normal("1\n2"));
        assert_ne!(judge_normal("1\n 2\n"), judge_normal("1\n2\n"));
    }

    #[test]
    fn a_solution_is_run_with_the_input_on_stdin() {
        assert_eq!(
            run_command("tr a-z A-Z", b"abc\n", Duration::from_secs(10), 1000),
            Outcome::Output("ABC\n".into())
        );
        let fault = |command: &str| {
            run_command(command, b"", Duration::from_millis(300), 1000)
                .fault()
                .map(Fault::name)
        };
        assert_eq!(fault("sleep 5"), Some("time limit"));
        assert_eq!(fault("yes"), Some("output limit"));
        assert_eq!(fault("exit 4"), Some("runtime error"));
        assert_eq!(fault("kill -ABRT $$"), Some("runtime error"));
        assert_eq!(
            run_command("printf 'a\\377\\n'", b"", Duration::from_secs(10), 1000),
            Outcome::Output("a\u{FFFD}\n".into())
        );
    }

    const ASAN: &str = "=================================================================
==13480==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x603000000058 at pc 0x55d7c4079be7 bp 0x7ffd1ff1bcd0 sp 0x7ffd1ff1bcc8
READ of size 8 at 0x603000000058 thread T0
    #0 0x55d7c4079be6 in main /src/oob_right.cpp:16
    #1 0x7f9b3b045249 in __libc_start_call_main /build/glibc/sysdeps/nptl/libc_start_call_main.h:58
    #2 0x7f9b3b045304 in __libc_start_main_impl /build/glibc/csu/libc-start.c:360

0x603000000058 is located 0 bytes to the right of 24-byte region [0x603000000040,0x603000000058)
SUMMARY: AddressSanitizer: heap-buffer-overflow /src/oob_right.cpp:16 in main
";

    #[test]
    fn a_sanitizer_report_names_its_check_and_where() {
        let asan = sanitizer_report(ASAN.as_bytes()).unwrap();
        assert_eq!(asan.check, "AddressSanitizer: heap-buffer-overflow");
        assert_eq!(asan.lines.len(), 4, "{:?}", asan.lines);
        assert!(asan.lines[0].contains("ERROR: AddressSanitizer: heap-buffer-overflow"));
        assert!(asan.lines[1].starts_with("READ of size 8"));
        assert!(asan.lines[2].ends_with("in main /src/oob_right.cpp:16"));
        let ubsan = "x.cpp:13:33: runtime error: signed integer overflow: 6 * 1073741824 cannot \
                     be represented in type 'int'\n";
        let ub = sanitizer_report(ubsan.as_bytes()).unwrap();
        assert_eq!(
            ub.check,
            "UndefinedBehaviorSanitizer: signed integer overflow"
        );
        assert!(ub.lines[0].starts_with("x.cpp:13:33: runtime error:"));
        let index = "a.cpp:9:20: runtime error: index -1 out of bounds for type 'int [9][9]'";
        let ub = sanitizer_report(index.as_bytes()).unwrap();
        assert_eq!(ub.check, "UndefinedBehaviorSanitizer: index out of bounds");
        // Another index, another type: the same check.
        let other = "a.cpp:9:20: runtime error: index 12 out of bounds for type 'long [3]'";
        assert_eq!(sanitizer_report(other.as_bytes()).unwrap().check, ub.check);
        assert_eq!(
            sanitizer_report(b"Traceback (most recent call last):\n"),
            None
        );
        assert_eq!(sanitizer_report(b""), None);
    }

    #[test]
    fn a_shrink_keeps_undefined_behaviour_only_with_the_same_check() {
        let failed = |fault, message: &str| Outcome::Failed {
            fault,
            message: message.into(),
        };
        let ub = |check: &str| {
            failed(
                Fault::UndefinedBehaviour,
                &format!("exit code 1; {check}:\n  x.cpp:1: …"),
            )
        };
        let overflow = ub("UndefinedBehaviorSanitizer: signed integer overflow");
        assert!(same_failure(&overflow, &overflow.clone()));
        assert!(!same_failure(
            &overflow,
            &ub("AddressSanitizer: heap-buffer-overflow")
        ));
        let runtime = failed(Fault::RuntimeError, "exit code 1");
        assert!(same_failure(
            &runtime,
            &failed(Fault::RuntimeError, "exit code 2")
        ));
        assert!(same_failure(
            &Outcome::Output("1".into()),
            &Outcome::Output("2".into())
        ));
    }

    #[test]
    fn a_solution_is_charged_cpu_time_and_memory_and_told_so() {
        let fault = |command: &str, cpu_ms: u64, memory: u64| match run_solution(
            command,
            b"",
            Duration::from_millis(cpu_ms),
            1000,
            memory,
        ) {
            Outcome::Failed { fault, message } => (fault, message),
            other => panic!("{command}: {other:?}"),
        };
        let (f, message) = fault("sleep 30", 200, 0);
        assert_eq!(f, Fault::TimeLimit);
        assert!(message.contains("wall-clock cap 2.20s"), "{message}");
        assert!(message.contains("sleeps or waits"), "{message}");
        let (f, message) = fault("while :; do :; done", 300, 0);
        assert_eq!(f, Fault::TimeLimit);
        assert!(
            message.starts_with("over the CPU-time limit 0.30s (CPU "),
            "{message}"
        );
        assert!(message.contains(", wall "), "{message}");
        assert_eq!(memory_args(process::DEFAULT_MEMORY_LIMIT), "");
        assert_eq!(memory_args(0), " --memory-limit 0");
        assert_eq!(bytes(3 << 19), "1.5 MiB");
        assert_eq!(bytes(2 << 30), "2.00 GiB");
    }

    #[test]
    fn a_limit_verdict_stands_only_when_every_rerun_gives_it() {
        // Each run with its number, as a run's measurement comes with its outcome.
        let tle = |run: u32| {
            let fault = Fault::TimeLimit;
            let message = "over".into();
            (Outcome::Failed { fault, message }, run)
        };
        let answer = |run: u32| (Outcome::Output("7\n".into()), run);
        // Every rerun gives it: it stands, as first judged.
        let mut runs = 0;
        let (kept, note) = confirm_limit(tle(0), || {
            runs += 1;
            tle(runs)
        });
        assert_eq!((runs, note), (CONFIRM_RUNS, None));
        assert_eq!(kept, tle(0));
        // One rerun answers: its answer is the outcome, with how many reruns gave the limit.
        let mut runs = 0;
        let (kept, note) = confirm_limit(tle(0), || {
            runs += 1;
            if runs == 2 {
                answer(runs)
            } else {
                tle(runs)
            }
        });
        assert_eq!(kept, answer(2));
        assert_eq!(
            note.as_deref(),
            Some("unconfirmed time limit: given again by 2 of 3 reruns")
        );
        // Anything but a limit is not run again.
        let (kept, note) = confirm_limit(answer(0), || panic!("no rerun"));
        assert_eq!((kept, note), (answer(0), None));
    }

    #[test]
    fn a_verdict_with_a_usual_cause_gets_a_hint() {
        let failed = |fault, message: &str| Outcome::Failed {
            fault,
            message: message.into(),
        };
        let tle = failed(
            Fault::TimeLimit,
            "over the CPU-time limit 1.00s (CPU 1.01s)",
        );
        assert!(hint("python3 sol.py", &tle).unwrap().contains("pypy3"));
        assert!(hint("pypy3 sol.py", &tle).is_none());
        assert!(hint("./a.out", &tle).is_none());
        let idle = failed(
            Fault::TimeLimit,
            "idleness limit: neither side wrote a byte",
        );
        assert!(hint("./a.out", &idle).unwrap().contains("flush"));
        let segv = failed(Fault::RuntimeError, "killed by signal 11 (SIGSEGV)");
        assert!(hint("./a.out", &segv).unwrap().contains("--sanitize"));
        let overflow = failed(
            Fault::RuntimeError,
            "stack overflow: killed by signal 11 (SIGSEGV) under the stack limit 8.0 MiB",
        );
        assert!(hint("./a.out", &overflow).is_none());
        assert!(hint("./a.out", &Outcome::Output("1\n".into())).is_none());
    }

    #[test]
    fn a_limit_is_written_back_as_it_is_given() {
        assert_eq!(size_words(256 << 20), "256M");
        assert_eq!(size_words(1 << 30), "1G");
        assert_eq!(size_words(3 << 10), "3K");
        assert_eq!(size_words(1000), "1000");
        assert_eq!(memory_args(256 << 20), " --memory-limit 256M");
        assert_eq!(
            judge_limit_args(Duration::from_secs(10), 4 << 20, 1 << 30, None),
            " --output-limit 4M"
        );
    }

    #[test]
    fn margins_raise_a_solution_s_limits_and_leave_none_where_there_is_none() {
        let solution = |memory| Subject::Solution {
            command: "./a.out".into(),
            timeout: Duration::from_millis(400),
            output_cap: 100,
            memory,
            checker: Checker::Lines,
            interactor: Some(Interactor {
                command: "./judge".into(),
                idle: Duration::from_secs(2),
                against_brute: false,
            }),
        };
        let raised = solution(1000).with_margins(Margins::default());
        let Subject::Solution {
            timeout,
            memory,
            output_cap,
            interactor,
            ..
        } = raised
        else {
            unreachable!()
        };
        assert_eq!(timeout, Duration::from_millis(500));
        assert_eq!(memory, 1100);
        assert_eq!(output_cap, 100);
        assert_eq!(interactor.unwrap().idle, Duration::from_millis(2500));
        let Subject::Solution { memory, .. } = solution(0).with_margins(Margins::default()) else {
            unreachable!()
        };
        assert_eq!(memory, 0, "no memory limit stays none");
    }

    #[test]
    fn a_script_without_a_shebang_runs_as_the_shell_would_run_it() {
        let dir = std::env::temp_dir().join(format!("boardfuzz-subject-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("no shebang");
        crate::harness::programs::process::write_script(&script, "tr a-z A-Z\n");
        // Quoted: one word, started directly; the kernel refuses it (no `#!`), so sh runs it.
        let command = format!("'{}'", script.display());
        assert!(matches!(
            process::Launch::of(&command),
            process::Launch::Direct(_)
        ));
        assert_eq!(
            run_command(&command, b"abc\n", Duration::from_secs(10), 1000),
            Outcome::Output("ABC\n".into())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
