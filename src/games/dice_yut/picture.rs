//! The picture of a dice_yut trace line (`k: V`, `docs/judge-text.md`): the dice of the first
//! `k` turns in a row (the `k`-th marked) and the best total of those dice in the caption. The
//! trace holds no pieces — the answer is a maximum over every choice of piece, and the line gives
//! only its value — so the picture shows what the line says, not a board of pieces.

use crate::game::{Cell, Picture, Tone};

/// The picture of `line` with the dice of `input`; `None` if either is not what it should be.
pub fn draw(line: &str, input: &[u8]) -> Option<Picture> {
    let dice: Vec<&str> = std::str::from_utf8(input)
        .ok()?
        .split_whitespace()
        .collect();
    let (k, rest) = line.split_once(':')?;
    let k: usize = k.trim().parse().ok()?;
    let value = rest.split_whitespace().next()?;
    if k == 0 || k > dice.len() {
        return None;
    }
    let row = dice
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let tone = match i + 1 {
                t if t == k => Tone::Mark,
                t if t < k => Tone::Light,
                _ => Tone::Empty,
            };
            Cell::new(*d, tone)
        })
        .collect();
    Some(Picture::new(
        vec![row],
        format!("best total of the first {k} dice: {value}"),
    ))
}
