//! Running the `boardfuzz` binary from the CLI tests (shared by `tests/cli*.rs`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args` in the project root, `stdin` on its standard input.
pub fn boardfuzz(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that exits without reading stdin closes the pipe: that is not a test failure.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Bytes as text, for messages and comparisons.
#[allow(dead_code)]
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
