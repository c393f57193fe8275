//! Searches for 50×50 (or `ROWS COLS`) coin_jump boards with a large finite answer: prints the
//! answer of the induced snake of `gen --mode snake`, then improves the denser greedy snake by
//! local search (`games::coin_jump::gen::search_long_chain`).
//!
//! `cargo run --release --example coin_jump_longest -- [ROWS COLS STEPS SEED [START.in]]`; prints
//! the answer to stderr and the board (judge text) to stdout. With `START.in` (a judge text), the
//! search continues from that board instead of the snakes.

use boardfuzz::game::Game;
use boardfuzz::games::coin_jump::{engine, gen, CoinJump};
use boardfuzz::rng::Rng;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let start = (args.len() > 4).then(|| args.remove(4));
    let args: Vec<u64> = args
        .iter()
        .map(|a| a.parse().expect("numeric arguments"))
        .collect();
    let arg = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let (rows, cols) = (arg(0, 50) as usize, arg(1, 50) as usize);
    let (steps, seed) = (arg(2, 2_000_000), arg(3, 1));
    let snake = gen::snake(rows, cols, false);
    eprintln!(
        "induced snake (gen --mode snake): {}",
        engine::longest_of(rows, cols, &snake.cells)
    );
    let mut rng = Rng::new(seed);
    let (best, answer) = match start {
        Some(path) => {
            let text = std::fs::read(&path).expect("readable START.in");
            let case = CoinJump::parse_case(&text).expect("a valid board in START.in");
            gen::improve_long_chain(&mut rng, case, steps)
        }
        None => gen::search_long_chain(&mut rng, rows, cols, steps),
    };
    eprintln!("after {steps} search steps (seed {seed}): {answer}");
    print!("{}", CoinJump::render(&best));
}
