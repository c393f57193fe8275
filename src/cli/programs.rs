//! The programs of the command line: how source files are compiled and run (`--compile`,
//! `--run`, `--sanitize`, shared by `stress`, `judge`, `shrink` and `check --solution`), and a
//! program made ready to run under the role the user gave it.

use clap::Args;

use crate::harness::programs::process;
use crate::harness::programs::toolchain::{Prepared, Toolchain};
use crate::harness::shell_quote;

use super::{CheckerArgs, Usage};

/// How source files are compiled and run.
#[derive(Args, Debug, Clone, Default)]
pub(super) struct ToolchainArgs {
    /// A language's compile command instead of the default, as EXT=COMMAND with {src} (the
    /// source file), {exe} (the executable to write) and {dir} (the build folder), e.g.
    /// `--compile 'cpp=clang++ -O2 -std=c++20 -o {exe} {src}'`. Defaults: cpp `g++ -O2
    /// -std=gnu++17 -o {exe} {src}`, c `gcc -O2 -std=gnu11 -o {exe} {src} -lm`, rs `rustc -O
    /// --edition 2021 -o {exe} {src}`, java `javac -d {dir} {src}`, go `go build -o {exe} {src}`, kt `kotlinc {src}
    /// -include-runtime -d {dir}/{class}.jar`, py (a syntax check). Builds
    /// are cached by content in $BOARDFUZZ_CACHE (default $HOME/.cache/boardfuzz).
    #[arg(long, value_name = "EXT=COMMAND", action = clap::ArgAction::Append)]
    compile: Vec<String>,
    /// A language's run command instead of the default, as EXT=COMMAND with {exe}, {dir},
    /// {src} and {class} (the file stem), e.g. `--run 'py=pypy3 {src}'` (PyPy for every .py).
    /// Defaults: cpp, c, rs, go `{exe}`, java `java -Xss256m -cp {dir} {class}`, kt `java
    /// -Xss256m -jar {dir}/{class}.jar`, py `{python3} {src}` ({python3}: the interpreter
    /// `python3` names, found once).
    #[arg(long, value_name = "EXT=COMMAND", action = clap::ArgAction::Append)]
    run: Vec<String>,
    /// Build a C or C++ solution with sanitizers (`-fsanitize=address,undefined
    /// -fno-sanitize-recover=all -g`, cached apart from the normal build): an out-of-bounds
    /// access, a signed overflow or a use after free stops it with an "undefined behaviour"
    /// verdict and the sanitizer's first lines (file:line), even where its answer is right.
    /// Only the program under test is built so; its leak check is off.
    #[arg(long)]
    sanitize: bool,
}

impl ToolchainArgs {
    /// The toolchain these flags set.
    pub(super) fn toolchain(&self) -> Result<Toolchain, Usage> {
        let mut tools = Toolchain::default();
        for (list, run) in [(&self.compile, false), (&self.run, true)] {
            for assignment in list {
                tools.set(assignment, run).map_err(Usage)?;
            }
        }
        Ok(tools)
    }

    /// The toolchain of the program under test: `tools` with --sanitize's builds.
    pub(super) fn for_solution(&self, tools: &Toolchain) -> Toolchain {
        let mut tools = tools.clone();
        tools.sanitize = self.sanitize;
        tools
    }

    /// The flags again, for a printed command.
    pub(super) fn to_args(&self) -> String {
        let mut out = String::from(if self.sanitize { " --sanitize" } else { "" });
        for (flag, list) in [("--compile", &self.compile), ("--run", &self.run)] {
            for a in list {
                out.push_str(&format!(" {flag} {}", shell_quote(a)));
            }
        }
        out
    }
}

/// A program of the command line made ready to run (a source file compiled), and startable;
/// `flag` is the flag the user gave it under (`--brute`, not `--reference`, if they wrote
/// `--brute`), which every message names.
pub(super) fn ready(tools: &Toolchain, flag: &str, line: &str) -> Result<Prepared, Usage> {
    let prepared = tools
        .prepare(line)
        .map_err(|e| Usage(format!("{flag} `{line}`: {e}")))?;
    if let (true, Some(source), Some(language)) =
        (prepared.compiled, &prepared.source, prepared.language)
    {
        let done = if language == "Python" {
            "checked the syntax of"
        } else {
            "compiled"
        };
        // A short flag names its role in full (`-s`: the solution).
        let role = match flag {
            "-s" => "solution",
            "-g" => "gen",
            "-r" => "brute",
            long => long.trim_start_matches('-'),
        };
        eprintln!("{done} {} ({role}, {language})", source.display());
    }
    process::check_startable(&prepared.command)
        .map_err(|e| Usage(format!("{flag} `{line}` cannot be run: {e}")))?;
    Ok(prepared)
}

/// [`ready`] of a program the user may not have given (`None`): its command, ready to run.
pub(super) fn ready_given(
    tools: &Toolchain,
    flag: &str,
    line: Option<&str>,
) -> Result<Option<String>, Usage> {
    line.map(|line| ready(tools, flag, line).map(|p| p.command))
        .transpose()
}

/// Which of a flag's names (`--reference`, `--brute`, `-r`) the user wrote on the command line:
/// the first of `names` given, or the first name if none is found (a flag from a settings file).
pub(super) fn given_flag(names: &[&'static str]) -> &'static str {
    // `args_os`: an argument that is not UTF-8 (a file name) is skipped, not a panic.
    std::env::args_os()
        .filter_map(|arg| arg.into_string().ok())
        .find_map(|arg| {
            names.iter().copied().find(|name| {
                arg == *name
                    || arg.starts_with(&format!("{name}="))
                    || (name.len() == 2 && !name.starts_with("--") && arg.starts_with(name))
            })
        })
        .unwrap_or(names[0])
}

/// The checker flags of `judge` that select the same checker.
pub(super) fn judge_checker_args(args: &CheckerArgs) -> String {
    let default = CheckerArgs::default();
    let mut out = String::new();
    if args.checker != default.checker {
        out.push_str(&format!(" --checker {}", shell_quote(&args.checker)));
    }
    if args.checker == "float" {
        out.push_str(&format!(
            " --abs-error {:e} --rel-error {:e}",
            args.abs_error, args.rel_error
        ));
    }
    if args.checker_timeout != default.checker_timeout {
        out.push_str(&format!(
            " --checker-timeout {}ms",
            args.checker_timeout.as_millis()
        ));
    }
    out
}
