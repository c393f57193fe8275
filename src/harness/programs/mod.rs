//! The external programs a run drives: one run of a program under a deadline ([`process`]), the
//! implementation under test ([`subject`]), source files compiled once ([`toolchain`]), a problem
//! made of programs ([`problem`]), the judgement of an answer ([`checker`]) and the child
//! processes a hang is shrunk in ([`child`]).

pub mod checker;
pub mod child;
pub mod interact;
pub mod problem;
pub mod process;
pub mod subject;
pub mod toolchain;
pub mod warm;

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
