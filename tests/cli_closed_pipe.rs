//! A closed stdout ends every subcommand quietly: exit status 0, as ripgrep does on a broken
//! pipe, and nothing on stderr (no "failed printing to stdout", no panic, no backtrace).
//!
//! The pipe's read end is closed before the program starts, so its first write meets a closed
//! pipe whatever the size of its output (a pipe that is closed later may already have taken a
//! short output whole into its buffer). One run reads a few bytes of a large output first and
//! then closes: the pipe breaks in the middle of the output.

mod common;

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Output, Stdio};

use common::{temp_dir, text};

/// Runs the binary with `args` and `stdin`, its stdout a pipe nobody reads: the read end is
/// closed before it starts.
fn with_closed_stdout(args: &[&str], stdin: &[u8]) -> Output {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors were just opened by pipe2 and are owned by nothing else.
    let (read_end, write_end) =
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read_end);
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::from(write_end))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Whether a run ended quietly: exit status 0 and nothing on stderr but the lines `allowed`
/// accepts; otherwise what went wrong.
fn quiet_end(args: &[&str], out: &Output, allowed: impl Fn(&str) -> bool) -> Result<(), String> {
    let err = text(&out.stderr);
    if out.status.code() != Some(0) {
        return Err(format!("{args:?}: {}, stderr:\n{err}", out.status));
    }
    if !err.lines().all(&allowed) || err.contains("panicked") || err.contains("Broken pipe") {
        return Err(format!("{args:?} wrote on stderr:\n{err}"));
    }
    Ok(())
}

#[test]
fn every_printing_subcommand_ends_quietly_on_a_closed_stdout() {
    let dir = temp_dir("closed-pipe");
    let case = dir.join("case.in");
    std::fs::write(&case, "2 2\n12\n31\n").unwrap();
    let case = case.to_str().unwrap();
    let runs: [&[&str]; 9] = [
        &["list"],
        &["rules"],
        &["gen", "coin_jump", "--seed", "1"],
        &["solve", "coin_jump"],
        &["repro", "coin_jump", case],
        &["replay", "coin_jump"],
        &["census", "coin_jump"],
        &[
            "check",
            "coin_jump",
            "--cases",
            "5",
            "--seed",
            "1",
            "--no-save",
            "--quiet",
        ],
        &["completions", "bash"],
    ];
    // Every subcommand is run; the failures are reported together.
    let failures: Vec<String> = runs
        .iter()
        .filter_map(|args| {
            let out = with_closed_stdout(args, b"2 2\n12\n31\n");
            // `check` names its run on stderr before it starts; nothing else may follow.
            quiet_end(args, &out, |line| line.starts_with("boardfuzz check: ")).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pipe_closed_in_the_middle_of_a_large_output_ends_it_quietly() {
    // A 2000×2000 board: 4 MB of judge text, far more than a pipe's buffer.
    let args = [
        "gen",
        "coin_jump",
        "--rows",
        "2000",
        "--cols",
        "2000",
        "--mode",
        "random",
        "--seed",
        "1",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first[..10], b"2000 2000\n");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    if let Err(e) = quiet_end(&args, &out, |_| false) {
        panic!("{e}");
    }
}
