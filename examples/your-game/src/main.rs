//! The command line of this crate: `solve`, `check`, `repro`, `gen`, `replay`, `census`, `list`
//! and `completions`, for Connect Four.

fn main() -> std::process::ExitCode {
    boardfuzz::cli::main(boardfuzz::games![your_game::ConnectFour])
}
