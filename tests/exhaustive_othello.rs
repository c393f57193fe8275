//! othello on the 4×4 board, exhaustively: every legal game prefix up to depth 6, and (ignored by
//! default, run in release) the complete 4×4 game tree; engine and reference must give the same
//! per-placement trace — the whole board after every placement — and the same answer.
//!
//! Games are enumerated with the engine's board, rendered as judge text and sent in batches of up
//! to 1000 test cases (T's limit) to both sides; a batch that differs is split down to the one game
//! that shows it. A prefix is a sequence of legal placements: at each step any colour that has a
//! legal move may play (so passes appear). The complete tree follows the game's own turn order:
//! black starts, the side to move plays any legal move, passes only when it has none, and the game
//! ends when neither side can move.
//!
//! At every prefix shorter than 6 the engine's legal moves are also held to the reference: the empty cells
//! where `--strict` accepts a placement.
//!
//! `cargo test --release --test exhaustive_othello -- --ignored --nocapture` runs the full tree.

use boardfuzz::games::othello::engine::{self, Board, Colour};
use boardfuzz_reference::othello as reference;

/// One placement, 1-based, as in the judge text.
type Move = (u8, u8, u8);

fn colour(code: u8) -> Colour {
    if code == 1 {
        Colour::Black
    } else {
        Colour::White
    }
}

fn moves_of(board: &Board, code: u8) -> Vec<Move> {
    let mask = board.legal_moves(colour(code));
    (0..16)
        .map(|i| (i / 4, i % 4))
        .filter(|&(x, y)| mask & 1 << engine::cell(x, y) != 0)
        .map(|(x, y)| (x as u8 + 1, y as u8 + 1, code))
        .collect()
}

fn play(board: &Board, m: Move) -> Board {
    let mut next = *board;
    next.place(m.0 as usize - 1, m.1 as usize - 1, colour(m.2));
    next
}

fn render(games: &[Vec<Move>]) -> String {
    let mut out = format!("{}\n", games.len());
    for g in games {
        out.push_str(&format!("4 {}\n", g.len()));
        for (x, y, c) in g {
            out.push_str(&format!("{x} {y} {c}\n"));
        }
    }
    out
}

/// Compares both sides on a batch; on a difference, narrows it to one game and panics with it.
fn check_batch(games: &[Vec<Move>]) {
    let text = render(games);
    let same = engine::trace(text.as_bytes(), false).ok()
        == reference::trace(text.as_bytes(), false).ok()
        && engine::solve(text.as_bytes(), false).ok()
            == reference::solve(text.as_bytes(), false).ok();
    if same {
        return;
    }
    if games.len() == 1 {
        panic!(
            "engine and reference differ on\n{text}engine:    {:?}\nreference: {:?}",
            engine::trace(text.as_bytes(), false),
            reference::trace(text.as_bytes(), false)
        );
    }
    let (a, b) = games.split_at(games.len() / 2);
    check_batch(a);
    check_batch(b);
}

/// Collects games into batches of 1000 and checks each full batch.
struct Batcher {
    games: Vec<Vec<Move>>,
    checked: u64,
}

impl Batcher {
    fn push(&mut self, game: Vec<Move>) {
        self.games.push(game);
        if self.games.len() == 1000 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.games.is_empty() {
            check_batch(&self.games);
            self.checked += self.games.len() as u64;
            self.games.clear();
        }
    }
}

/// The engine's legal moves (which drive the enumeration and the generators) are exactly the
/// empty cells where the reference, in `--strict` mode, accepts a placement of that colour.
fn legal_moves_match_the_reference(board: &Board, line: &[Move], legal: &[Move]) {
    for code in [1, 2] {
        for (x, y) in (0..4).flat_map(|x| (0..4).map(move |y| (x, y))) {
            if !board.is_empty(x, y) {
                continue;
            }
            let m = (x as u8 + 1, y as u8 + 1, code);
            let mut game = line.to_vec();
            game.push(m);
            let accepted = reference::solve(render(&[game]).as_bytes(), true).is_ok();
            assert_eq!(
                accepted,
                legal.contains(&m),
                "after {line:?}: {m:?} legal for the reference: {accepted}"
            );
        }
    }
}

/// Every prefix up to `depth`, any colour with a legal move playing each step: the maximal ones
/// are sent (their traces cover every shorter prefix). Returns (prefixes, games sent).
fn prefixes(depth: usize) -> (u64, u64) {
    let mut batch = Batcher {
        games: Vec::new(),
        checked: 0,
    };
    let mut count = 0;
    let mut stack = vec![(Board::new(4), Vec::<Move>::new())];
    while let Some((board, line)) = stack.pop() {
        count += 1;
        let children: Vec<Move> = if line.len() < depth {
            [1, 2].iter().flat_map(|&c| moves_of(&board, c)).collect()
        } else {
            Vec::new()
        };
        if line.len() < depth {
            legal_moves_match_the_reference(&board, &line, &children);
        }
        if children.is_empty() {
            batch.push(line);
            continue;
        }
        for m in children {
            let mut next = line.clone();
            next.push(m);
            stack.push((play(&board, m), next));
        }
    }
    batch.flush();
    (count, batch.checked)
}

#[test]
fn every_legal_prefix_up_to_depth_6() {
    let (prefixes, sent) = prefixes(6);
    eprintln!("{prefixes} prefixes, {sent} maximal games compared");
    assert!(sent > 0 && prefixes >= sent);
}

#[test]
#[ignore = "the complete 4×4 tree: run in release with --ignored"]
fn the_complete_4x4_game_tree() {
    let start = std::time::Instant::now();
    let mut batch = Batcher {
        games: Vec::new(),
        checked: 0,
    };
    let mut stack = vec![(Board::new(4), Vec::<Move>::new(), 1u8)];
    while let Some((board, line, to_move)) = stack.pop() {
        let mut mover = to_move;
        let mut moves = moves_of(&board, mover);
        if moves.is_empty() {
            mover = 3 - to_move;
            moves = moves_of(&board, mover);
        }
        if moves.is_empty() {
            batch.push(line);
            continue;
        }
        for m in moves {
            let mut next = line.clone();
            next.push(m);
            stack.push((play(&board, m), next, 3 - mover));
        }
    }
    batch.flush();
    eprintln!(
        "complete 4x4 tree: {} games compared in {:.1?}",
        batch.checked,
        start.elapsed()
    );
}
