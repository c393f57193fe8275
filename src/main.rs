//! The `boardfuzz` binary: the command line of [`cli`] over the `boardfuzz` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
