//! How the commands a finding prints start: the program's name and the invocation that runs it
//! as printed, set once by the CLI; and the shell quoting of a word in them.

/// The name of the program whose command line runs the harness (`boardfuzz`, or a user's own
/// binary), as headings and help name it: set once by [`crate::cli::main`] from the
/// executable's file name; `boardfuzz` otherwise. The commands a report prints start with
/// [`invocation`] instead.
pub fn program() -> &'static str {
    PROGRAM.get().map_or("boardfuzz", String::as_str)
}

/// Sets [`program`] (the first call wins).
pub fn set_program(name: &str) {
    let _ = PROGRAM.set(name.to_string());
}

static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// How the commands a report prints (`replay: … repro …`, `regenerate … with …`) start, so
/// that each runs as printed: the program's name where `PATH` finds this very executable under
/// it, else the path it was started by (`target/release/boardfuzz` under `cargo run`, a
/// user's `target/debug/snake`), shell-quoted. Set once by [`crate::cli::main`]
/// ([`set_invocation`]); [`program`] otherwise.
pub fn invocation() -> &'static str {
    INVOCATION.get().map_or_else(program, String::as_str)
}

/// Sets [`invocation`] from the name and the path this process was started by (`argv[0]`):
/// the name if `PATH` resolves it to the running executable, else the path (the first call
/// wins).
pub fn set_invocation(name: &str, started_as: &std::path::Path) {
    let same = |a: &std::path::Path, b: &std::path::Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b);
    let exe = std::env::current_exe().unwrap_or_else(|_| started_as.to_path_buf());
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
            .is_some_and(|found| same(&found, &exe))
    });
    let line = if on_path || started_as.components().count() <= 1 {
        name.to_string()
    } else {
        shell_quote(&started_as.display().to_string())
    };
    let _ = INVOCATION.set(line);
}

static INVOCATION: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// `word` as a shell reads it back as one word: bare when it holds only safe characters, else in
/// single quotes.
pub fn shell_quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
