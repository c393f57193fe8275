//! The command line of this crate: `solve`, `check`, `repro`, `gen`, `replay` and the rest, for
//! the pieces on a torus.

fn main() -> std::process::ExitCode {
    boardfuzz::cli::main(boardfuzz::games![torus_pieces::TorusPieces])
}
