//! othello (SWEA 4615) and othello_board (BOJ 15671): engine vs reference side by side on the
//! same random *legal full games* (seed 2026), plus the engine's placements per second and where
//! its time goes (reading the text vs playing the stones).
//!
//! A full game starts from the initial position and plays uniformly random legal moves, black
//! first, the colour to move passing (the other colour moves again) when it has no legal move,
//! until neither colour can move. For othello one input holds 1000 such games of one size (T =
//! 1000, the contract's maximum, many test cases per input like the real judge); for othello_board
//! every game is its own input (one 6×6 game, strict alternation: a game stops when the side to
//! move cannot move, and one that would end in a tie loses its last placement).
//!
//! `cargo bench --bench othello` — figures go to BENCHMARKS.md.
//! `cargo bench --bench othello -- full_games` (or `placements`, `othello_board`) runs one group.

use std::time::Duration;

use boardfuzz::game::Options;
use boardfuzz::games;
use boardfuzz::games::othello::engine::{self, cell, Board, Colour};
use boardfuzz::rng::Rng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Games per othello input (the contract's maximum T).
const GAMES: usize = 1000;

/// Inputs for othello_board (one game each).
const BOARD_GAMES: usize = 1000;

/// One placement: 0-based row and column, colour.
type Move = (usize, usize, Colour);

/// A uniformly random legal move of `colour` (a non-empty mask of legal cells).
fn pick(rng: &mut Rng, moves: u64) -> (usize, usize) {
    let k = rng.below(moves.count_ones() as u64);
    let mut m = moves;
    for _ in 0..k {
        m &= m - 1;
    }
    let bit = m.trailing_zeros() as usize;
    (bit / 8, bit % 8)
}

/// A random legal full othello game on an n×n board (passes included, as the same colour
/// twice), played to the end: until neither colour has a legal move.
fn full_game(rng: &mut Rng, n: usize) -> Vec<Move> {
    let mut board = Board::new(n);
    let mut to_move = Colour::Black;
    let mut moves = Vec::new();
    loop {
        let mut legal = board.legal_moves(to_move);
        if legal == 0 {
            to_move = to_move.opponent();
            legal = board.legal_moves(to_move);
            if legal == 0 {
                return moves;
            }
        }
        let (x, y) = pick(rng, legal);
        board.place(x, y, to_move);
        moves.push((x, y, to_move));
        to_move = to_move.opponent();
    }
}

/// The judge text of some games of one size (`T`, then `N M` and `x y c` per game).
fn othello_text(n: usize, games: &[Vec<Move>]) -> String {
    let mut out = format!("{}\n", games.len());
    for g in games {
        out.push_str(&format!("{n} {}\n", g.len()));
        for &(x, y, c) in g {
            out.push_str(&format!("{} {} {}\n", x + 1, y + 1, c.code()));
        }
    }
    out
}

/// A random legal othello_board game: black first, strictly alternating, ending when the side to
/// move has no legal move; a game that would end in a tie loses its last placement.
fn board_game(rng: &mut Rng) -> Vec<(usize, usize)> {
    let mut board = Board::new(6);
    let mut to_move = Colour::Black;
    let mut moves = Vec::new();
    loop {
        let legal = board.legal_moves(to_move);
        if legal == 0 || moves.len() == 32 {
            break;
        }
        let (x, y) = pick(rng, legal);
        board.place(x, y, to_move);
        moves.push((x, y));
        to_move = to_move.opponent();
    }
    if board.black_count() == board.white_count() {
        moves.pop();
    }
    moves
}

fn board_text(game: &[(usize, usize)]) -> String {
    let mut out = format!("{}\n", game.len());
    for &(x, y) in game {
        out.push_str(&format!("{} {}\n", x + 1, y + 1));
    }
    out
}

/// For each size, 1000 random full games (seed 2026) and their judge text.
fn inputs() -> Vec<(usize, Vec<Vec<Move>>, String)> {
    let mut rng = Rng::new(2026);
    [4, 6, 8]
        .into_iter()
        .map(|n| {
            let games: Vec<Vec<Move>> = (0..GAMES).map(|_| full_game(&mut rng, n)).collect();
            let text = othello_text(n, &games);
            (n, games, text)
        })
        .collect()
}

/// Engine against reference, both through the registry (`DynGame::engine` / `reference`, bytes
/// and options in, outcome out), on one input of 1000 full games per board size.
fn full_games(c: &mut Criterion) {
    let game = games::builtin()
        .find("othello")
        .expect("othello is registered");
    let options = Options::new();
    let mut group = c.benchmark_group("othello/full_games");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(6));
    for (n, games, text) in inputs() {
        let placements: usize = games.iter().map(Vec::len).sum();
        let input = text.as_bytes();
        let engine_answer = game.engine(input, &options);
        assert_eq!(engine_answer, game.reference(input, &options), "{n}x{n}");
        eprintln!(
            "othello {n}x{n}: {GAMES} games, {placements} placements ({:.1} per game), {} bytes",
            placements as f64 / GAMES as f64,
            input.len()
        );
        group.throughput(Throughput::Elements(placements as u64));
        group.bench_function(BenchmarkId::new("engine", format!("{n}x{n}")), |b| {
            b.iter(|| game.engine(std::hint::black_box(input), &options))
        });
        group.bench_function(BenchmarkId::new("reference", format!("{n}x{n}")), |b| {
            b.iter(|| game.reference(std::hint::black_box(input), &options))
        });
    }
    group.finish();
}

/// The engine's placements per second on 1000 full 8×8 games, and where the time goes: the
/// normal path (`engine::solve` on canonical text), the general reader (the same text with CRLF
/// line ends, which the fast path declines), and the stones alone (pre-decoded placements played
/// on the bitboards, no text at all).
fn placements(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello/placements");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(5));
    for (n, games, text) in inputs() {
        let placements: usize = games.iter().map(Vec::len).sum();
        group.throughput(Throughput::Elements(placements as u64));
        let input = text.as_bytes();
        let crlf = text.replace('\n', "\r\n");
        let answer = engine::solve(input, false).unwrap();
        assert_eq!(engine::solve(crlf.as_bytes(), false).unwrap(), answer);
        let decoded: Vec<Vec<(u32, Colour)>> = games
            .iter()
            .map(|g| g.iter().map(|&(x, y, c)| (cell(x, y), c)).collect())
            .collect();
        let size = format!("{n}x{n}");
        group.bench_function(BenchmarkId::new("engine_solve", &size), |b| {
            b.iter(|| engine::solve(std::hint::black_box(input), false).unwrap())
        });
        group.bench_function(BenchmarkId::new("engine_general_reader", &size), |b| {
            b.iter(|| engine::solve(std::hint::black_box(crlf.as_bytes()), false).unwrap())
        });
        group.bench_function(BenchmarkId::new("board_only", &size), |b| {
            b.iter(|| {
                let mut total = 0u32;
                for g in std::hint::black_box(&decoded) {
                    let mut board = Board::new(n);
                    for &(at, colour) in g {
                        board.play::<false>(at, colour);
                    }
                    total += board.black_count() * 65 + board.white_count();
                }
                total
            })
        });
    }
    group.finish();
}

/// othello_board (BOJ 15671, 6×6): 1000 random legal games, each its own input, engine against
/// reference through the registry.
fn othello_board(c: &mut Criterion) {
    let game = games::builtin()
        .find("othello_board")
        .expect("othello_board is registered");
    let options = Options::new();
    let mut rng = Rng::new(2026);
    let inputs: Vec<String> = (0..BOARD_GAMES)
        .map(|_| board_text(&board_game(&mut rng)))
        .collect();
    let placements: usize = inputs
        .iter()
        .map(|t| t.lines().next().unwrap().parse::<usize>().unwrap())
        .sum();
    eprintln!(
        "othello_board: {BOARD_GAMES} games, {placements} placements ({:.1} per game)",
        placements as f64 / BOARD_GAMES as f64
    );
    for input in &inputs {
        let e = game.engine(input.as_bytes(), &options);
        assert_eq!(e, game.reference(input.as_bytes(), &options), "{input}");
    }
    let mut group = c.benchmark_group("othello_board/1000_games");
    group.throughput(Throughput::Elements(BOARD_GAMES as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(6));
    group.bench_function("engine", |b| {
        b.iter(|| {
            for input in &inputs {
                std::hint::black_box(game.engine(input.as_bytes(), &options));
            }
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            for input in &inputs {
                std::hint::black_box(game.reference(input.as_bytes(), &options));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, full_games, placements, othello_board);
criterion_main!(benches);
