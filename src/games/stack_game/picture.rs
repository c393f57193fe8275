//! The picture of a stack_game position (one trace line, `docs/judge-text.md`): the board in
//! its colours, each cell's stack bottom to top (pieces `1`…`9`, then `a` for piece 10), and
//! the pieces' directions in the caption. The colours come from the input (the trace line holds
//! only the pieces); an empty cell shows its colour as a letter too (`.` white, `r` red, `b`
//! blue), so the board reads without colour.

use crate::game::{Cell, Picture, Tone};

/// The picture of `line` on the board of `input`; `None` if either is not what it should be.
pub fn draw(line: &str, input: &[u8]) -> Option<Picture> {
    let text = std::str::from_utf8(input).ok()?;
    let mut numbers = text.split_whitespace().map(|t| t.parse::<usize>().ok());
    let n = numbers.next()??;
    let _k = numbers.next()??;
    if n == 0 || n > 64 {
        return None;
    }
    let mut colours = Vec::with_capacity(n * n);
    for _ in 0..n * n {
        colours.push(numbers.next()??);
    }
    let (turn, rest) = line.split_once(':')?;
    let mut stacks: Vec<Vec<(usize, char)>> = vec![Vec::new(); n * n];
    let mut directions = Vec::new();
    for (i, piece) in rest.split_whitespace().enumerate() {
        let fields: Vec<usize> = piece
            .split(',')
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        let [r, c, d, h] = fields[..] else {
            return None;
        };
        if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
            return None;
        }
        let name = char::from_digit(i as u32 + 1, 36)?;
        stacks[(r - 1) * n + c - 1].push((h, name));
        let arrow = match d {
            1 => '→',
            2 => '←',
            3 => '↑',
            4 => '↓',
            _ => '?',
        };
        directions.push(format!("{name}{arrow}"));
    }
    let rows = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let (tone, empty) = match colours[i] {
                        1 => (Tone::Red, "r"),
                        2 => (Tone::Blue, "b"),
                        _ => (Tone::Light, "."),
                    };
                    let mut stack = stacks[i].clone();
                    stack.sort();
                    let text: String = stack.iter().map(|(_, name)| *name).collect();
                    Cell::new(if text.is_empty() { empty.into() } else { text }, tone)
                })
                .collect()
        })
        .collect();
    Some(Picture::new(
        rows,
        format!(
            "after turn {}; stacks bottom to top; directions {}",
            turn.trim(),
            directions.join(" ")
        ),
    ))
}
