//! Searches for coin_jump boards (50×50 by default) with a large finite answer: prints the answer
//! of the induced snake of `gen --mode snake`, then improves the better greedy snake (or a given
//! board) by local search, optionally annealed (`games::coin_jump::gen::improve_long_chain`).
//!
//! `cargo run --release --example coin_jump_longest -- [--rows 50] [--cols 50] [--steps N]
//! [--seed S] [--temperature T] [--start START.in]`; prints the answer to stderr and the best
//! board (judge text) to stdout.

use boardfuzz::game::Game;
use boardfuzz::games::coin_jump::{engine, gen, CoinJump};
use boardfuzz::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number = |name: &str, default: f64| {
        flag(name).map_or(default, |v| v.parse().expect("a number after the flag"))
    };
    let (rows, cols) = (
        number("--rows", 50.0) as usize,
        number("--cols", 50.0) as usize,
    );
    let steps = number("--steps", 2_000_000.0) as u64;
    let seed = number("--seed", 1.0) as u64;
    let temperature = number("--temperature", 0.0);
    let snake = gen::snake(rows, cols, false);
    eprintln!(
        "induced snake (gen --mode snake): {}",
        engine::longest_of(rows, cols, &snake.cells)
    );
    let mut rng = Rng::new(seed);
    let (best, answer) = match flag("--start") {
        Some(path) => {
            let text = std::fs::read(&path).expect("readable START.in");
            let case = CoinJump::parse_case(&text).expect("a valid board in START.in");
            gen::improve_long_chain(&mut rng, case, steps, temperature)
        }
        None => gen::search_long_chain(&mut rng, rows, cols, steps),
    };
    eprintln!("after {steps} steps (seed {seed}, temperature {temperature}): {answer}");
    print!("{}", CoinJump::render(&best));
}
