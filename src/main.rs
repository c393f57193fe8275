//! The `boardfuzz` binary: see [`boardfuzz::cli`].

fn main() -> std::process::ExitCode {
    boardfuzz::cli::main()
}
