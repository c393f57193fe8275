//! The `boardfuzz` binary: the library's command line ([`boardfuzz::cli::main`]) over the six
//! games boardfuzz ships.

fn main() -> std::process::ExitCode {
    boardfuzz::cli::main(boardfuzz::games::builtin())
}
