//! The fast side: the input read through boardfuzz's [`JudgeText`], the board a grid of counts,
//! a move one sum taken modulo the board's side (TP-5, TP-6), a crash one count per cell
//! (TP-7). Nothing allocates but the answer.
//!
//! **A planted bug**, for trying the checker: when the environment variable
//! `TORUS_PIECES_PLANT` is `pair` (read once, see [`planted`]), a cell that exactly two pieces
//! land on loses only the later of them, in input order; the earlier one stays. Three or more
//! still all go. Without the variable the engine follows the rules.

use std::sync::OnceLock;

use boardfuzz::game::Rejection;
use boardfuzz::judge::{number, JudgeText};

/// Whether the planted bug is on: `TORUS_PIECES_PLANT=pair`, read once.
pub fn planted() -> bool {
    static PLANT: OnceLock<bool> = OnceLock::new();
    *PLANT.get_or_init(|| std::env::var_os("TORUS_PIECES_PLANT").is_some_and(|v| v == "pair"))
}

/// The answer to a judge input (TP-8), or the first rule of reading it breaks; the planted bug
/// on where the environment says so ([`planted`]).
pub fn solve(input: &[u8]) -> Result<String, Rejection> {
    answer(input, planted())
}

/// [`solve`] with the planted bug on or off, whatever the environment says (for tests that
/// need both in one process).
pub fn answer(input: &[u8], plant: bool) -> Result<String, Rejection> {
    let mut text = JudgeText::new(input)?;
    let (at, [r, c, m]) = text.fields("R C M")?;
    let rows = number(r, at, "R", 1, 9)? as usize;
    let cols = number(c, at, "C", 1, 9)? as usize;
    let count = number(m, at, "M", 1, 8)? as usize;
    // Per piece: row and column from 0, the step it makes each tick (already reduced modulo
    // the side it runs along), colour, and whether it is still on the board.
    let mut row = [0usize; 8];
    let mut col = [0usize; 8];
    let mut step_row = [0usize; 8];
    let mut step_col = [0usize; 8];
    let mut colour = [0i64; 8];
    let mut lines = [0usize; 8];
    for i in 0..count {
        let (at, [pr, pc, d, s, k]) = text.fields("a piece, r c d s k")?;
        row[i] = number(pr, at, "r", 1, rows as i64)? as usize - 1;
        col[i] = number(pc, at, "c", 1, cols as i64)? as usize - 1;
        let dir = number(d, at, "d", 0, 3)?;
        let speed = number(s, at, "s", 0, 99)? as usize;
        colour[i] = number(k, at, "k", 0, 9)?;
        lines[i] = at;
        // Up and left are the steps that go the other way round: side - s mod side.
        (step_row[i], step_col[i]) = match dir {
            0 => (0, speed % cols),
            1 => (speed % rows, 0),
            2 => (0, (cols - speed % cols) % cols),
            _ => ((rows - speed % rows) % rows, 0),
        };
    }
    text.finish()?;

    let mut held = [false; 81];
    for i in 0..count {
        let cell = row[i] * cols + col[i];
        if held[cell] {
            return Err(Rejection::new(
                "invalid",
                lines[i],
                format!("piece {} starts on a cell an earlier piece holds", i + 1),
            ));
        }
        held[cell] = true;
    }

    let mut live = [false; 8];
    live[..count].fill(true);
    let mut landed = [0u8; 81];
    let mut first = [0usize; 81];
    for _ in 0..3 {
        for i in (0..count).filter(|&i| live[i]) {
            row[i] = (row[i] + step_row[i]) % rows;
            col[i] = (col[i] + step_col[i]) % cols;
            let cell = row[i] * cols + col[i];
            if landed[cell] == 0 {
                first[cell] = i;
            }
            landed[cell] += 1;
        }
        let moved = live;
        for i in (0..count).filter(|&i| moved[i]) {
            let cell = row[i] * cols + col[i];
            let alone = landed[cell] == 1;
            // The planted bug: of a pair, the earlier piece is left standing.
            let spared = plant && landed[cell] == 2 && first[cell] == i;
            live[i] = alone || spared;
        }
        for i in 0..count {
            landed[row[i] * cols + col[i]] = 0;
        }
    }

    let left = live.iter().filter(|&&l| l).count();
    let mut answer = format!("{left}\n");
    for i in (0..count).filter(|&i| live[i]) {
        answer += &format!("{} {} {}\n", row[i] + 1, col[i] + 1, colour[i]);
    }
    Ok(answer)
}
