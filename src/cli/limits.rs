//! The limits a judge holds a solution to, declared once and flattened into every subcommand
//! that runs one (`check --solution`, `stress`, `judge`): its CPU time, memory and output
//! ([`LimitArgs`]); and how a finding over a limit is confirmed and shrunk ([`MarginArgs`],
//! `check` and `stress`).

use std::time::Duration;

use clap::Args;

use crate::harness::programs::process;
use crate::harness::programs::subject::{self, Margins};

use super::{parse_duration, parse_memory, parse_size, Usage};

/// A solution's limits per run.
#[derive(Args, Debug, Clone, Copy)]
pub(super) struct LimitArgs {
    /// CPU-time limit per run of the solution (user + system of its whole process group, as
    /// judges charge it; over it: a "time limit" verdict; the program and everything it started
    /// are killed). A run that sleeps or blocks is stopped at a wall-clock cap of 3x the limit,
    /// and at least the limit + 2s, lengthened by the time it waited for a CPU (so load alone
    /// never makes a time limit). A time or memory limit is a verdict only when each of 3 reruns
    /// gives it too; one that does not is a note ("unconfirmed"), never a failure.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) solution_timeout: Duration,
    /// Memory limit per run of the solution, in bytes (K, M and G suffixes allowed; 0 for
    /// none): the resident memory of its whole process group, sampled as it runs and its peak
    /// read at exit. Over it: a "memory limit" verdict. Resident, not address space, so that
    /// --sanitize builds and the JVM (which reserve far more than they touch) run.
    #[arg(long, value_parser = parse_memory, default_value = "1G", value_name = "BYTES")]
    pub(super) memory_limit: u64,
    /// Output cap per run of the solution (and of every other program a run starts), in bytes
    /// (K and M suffixes allowed); a solution over it gets an "output limit" verdict.
    #[arg(long, value_parser = parse_size, default_value = "8M", value_name = "BYTES")]
    pub(super) output_limit: usize,
    /// Stack limit of the solution and of every program the run starts, in bytes (K, M and G
    /// suffixes allowed). Default: the memory limit (1 GiB with none), as Kattis and DOMjudge
    /// (NWERC, GCPC) give C, C++ and Python programs; Codeforces gives 256M; a shell's usual
    /// 8M is less than a deep recursion needs. A program killed by SIGSEGV under a limit below
    /// 256M is run again with a larger stack, and a crash that cures is named a stack
    /// overflow.
    #[arg(long, value_parser = parse_size, value_name = "BYTES")]
    pub(super) stack: Option<usize>,
}

impl Default for LimitArgs {
    fn default() -> Self {
        LimitArgs {
            solution_timeout: Duration::from_secs(10),
            memory_limit: process::DEFAULT_MEMORY_LIMIT,
            output_limit: process::DEFAULT_OUTPUT_CAP,
            stack: None,
        }
    }
}

impl LimitArgs {
    /// The stack limit: --stack, else the memory limit (1 GiB with none).
    pub(super) fn stack(&self) -> u64 {
        match (self.stack, self.memory_limit) {
            (Some(stack), _) => stack as u64,
            (None, 0) => process::DEFAULT_MEMORY_LIMIT,
            (None, memory) => memory,
        }
    }

    /// Gives every program started from now on the stack limit ([`LimitArgs::stack`]); a hard
    /// limit below it is said on stderr, and its own used.
    pub(super) fn apply_stack(&self) -> Result<(), Usage> {
        let wanted = self.stack();
        let set = process::set_stack_limit(wanted)
            .map_err(|e| Usage(format!("cannot set the stack limit: {e}")))?;
        if set < wanted {
            eprintln!(
                "warning: the stack limit is {} (this shell's hard limit), not {}",
                subject::bytes(set),
                subject::bytes(wanted)
            );
        }
        Ok(())
    }

    /// The words of a `judge` command that give these limits again (each left out at its
    /// default).
    pub(super) fn judge_words(&self) -> String {
        match self.stack {
            Some(stack) => format!(" --stack {}", subject::size_words(stack as u64)),
            None => String::new(),
        }
    }
}

/// How a limit finding is shrunk: the margins over the limits a candidate must reach.
#[derive(Args, Debug, Clone, Copy)]
pub(super) struct MarginArgs {
    /// A time-limit finding (or an idleness limit) is shrunk keeping only candidates that go
    /// over this many times the CPU-time limit (they are judged under it), so that the case
    /// kept is a time limit every time it is judged again, not one time in two. A found case
    /// over the limit but not over the margin is first made again at larger sizes until one is.
    #[arg(long, default_value_t = Margins::TIME, value_parser = parse_margin, value_name = "X")]
    pub(super) time_margin: f64,
    /// A memory-limit finding is shrunk keeping only candidates that hold this many times the
    /// memory limit.
    #[arg(long, default_value_t = Margins::MEMORY, value_parser = parse_margin, value_name = "X")]
    pub(super) memory_margin: f64,
}

impl MarginArgs {
    /// The margins given.
    pub(super) fn margins(&self) -> Margins {
        Margins {
            time: self.time_margin,
            memory: self.memory_margin,
        }
    }
}

/// Parses a margin over a limit: a number from 1 (none) to 10.
pub(super) fn parse_margin(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (1.0..=10.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "`{s}` is not a margin: a number from 1 (none) to 10, such as 1.25"
        )),
    }
}
