//! Everything the command line prints on stdout goes through here ([`out!`], [`outln!`],
//! [`styled!`], [`bytes`]), so that a closed stdout ends any subcommand quietly.
//!
//! The Rust runtime ignores SIGPIPE, so a write to a pipe whose reader has gone (`boardfuzz list |
//! head -1`) is an `EPIPE` error, which `println!` turns into a panic, a "failed printing to
//! stdout" message and exit 101. A pipeline's reader that stops early is no fault of ours: here a
//! broken pipe ends the process at once with [`CLOSED_PIPE_STATUS`] (0), saying nothing, as
//! ripgrep does (its `main` returns status 0 on a `BrokenPipe` error: "exit gracefully with a
//! success exit code"). Any other write error (a full disk behind a redirection) is one line on
//! stderr and exit 2.
//!
//! Whatever a subcommand must do whether or not stdout is read (saving to the corpus, writing
//! `--report` files) it does before it prints.

use std::fmt;
use std::io::{self, Write};

/// The exit status of a run whose stdout was closed before it finished printing.
pub const CLOSED_PIPE_STATUS: i32 = 0;

/// Prints formatted text on stdout (no colour codes), like `print!`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::out::text(format_args!($($arg)*))
    };
}

/// Prints formatted text and a newline on stdout, like `println!`.
macro_rules! outln {
    () => {
        $crate::cli::out::text(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::out::text(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints text that may hold ANSI styles through `anstream`, which drops them where colour is
/// off (`--color never`, `NO_COLOR`, not a terminal).
macro_rules! styled {
    ($($arg:tt)*) => {
        $crate::cli::out::with_styles(format_args!($($arg)*))
    };
}

/// Writes formatted text on stdout; see the module documentation for what a failure does.
pub fn text(args: fmt::Arguments<'_>) {
    ended(io::stdout().lock().write_fmt(args));
}

/// Writes formatted text that may hold ANSI styles on stdout, through `anstream`.
pub fn with_styles(args: fmt::Arguments<'_>) {
    ended(anstream::stdout().lock().write_fmt(args));
}

/// Writes bytes on stdout as they are (a judge answer, a completion script).
pub fn bytes(data: &[u8]) {
    ended(io::stdout().lock().write_all(data));
}

/// Flushes stdout (what is still buffered meets a closed pipe here, at the latest).
pub fn flush() {
    ended(io::stdout().lock().flush());
}

/// Ends the process if a write to stdout failed: quietly with [`CLOSED_PIPE_STATUS`] on a broken
/// pipe, with one line and exit 2 on any other error.
fn ended(result: io::Result<()>) {
    let Err(e) = result else {
        return;
    };
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(CLOSED_PIPE_STATUS);
    }
    let _ = writeln!(io::stderr(), "error: cannot write to stdout: {e}");
    std::process::exit(2);
}

/// Sets where colour goes from `--color`.
pub(super) fn color_choice(color: super::Color) {
    anstream::ColorChoice::write_global(match color {
        super::Color::Auto => anstream::ColorChoice::Auto,
        super::Color::Always => anstream::ColorChoice::Always,
        super::Color::Never => anstream::ColorChoice::Never,
    });
}

/// A command's exit status, its usage error printed.
pub(super) fn exit(result: super::CliResult) -> std::process::ExitCode {
    // What is still buffered meets a closed stdout here at the latest (exit status 0, quietly).
    flush();
    match result {
        Ok(code) => code,
        Err(super::Usage(message)) => {
            eprintln!("error: {message}");
            std::process::ExitCode::from(2)
        }
    }
}
