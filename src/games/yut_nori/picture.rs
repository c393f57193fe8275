//! The picture of a yut_nori position (one trace line, `docs/judge-text.md`): the 29 positions
//! of the board on a 7×7 grid, as the output's picture places them (the outer square, the two
//! diagonals through 방), each position showing the pieces on it (`ABCD` one team, `abcd` the
//! other, `.` none); the pieces at home or out in the caption.

use crate::game::{Cell, Picture, Tone};
use crate::games::yut_nori::engine::{LETTERS, POSITIONS, SLUGS};

/// The grid place (row, column) of each position, in the order of [`SLUGS`]: the corner of its
/// block in the output's 32×32 picture, with the picture's coordinates 0, 5|6, 10|12, 15, 18|20,
/// 24|25, 30 taken to 0..=6.
const PLACE: [(usize, usize); POSITIONS] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (0, 4),
    (0, 5),
    (0, 6),
    (1, 1),
    (1, 5),
    (1, 0),
    (1, 6),
    (2, 2),
    (2, 4),
    (2, 0),
    (2, 6),
    (3, 3),
    (4, 0),
    (4, 6),
    (4, 2),
    (4, 4),
    (5, 0),
    (5, 6),
    (5, 1),
    (5, 5),
    (6, 0),
    (6, 1),
    (6, 2),
    (6, 4),
    (6, 5),
    (6, 6),
];

/// The picture of `line`; `None` if it is not a yut_nori trace line.
pub fn draw(line: &str) -> Option<Picture> {
    let mut on: Vec<String> = vec![String::new(); POSITIONS];
    let (mut home, mut out) = (Vec::new(), Vec::new());
    for token in line.split_whitespace() {
        let Some((piece, place)) = token.split_once(':') else {
            continue;
        };
        let letter = piece
            .chars()
            .next()
            .filter(|c| LETTERS.contains(&(*c as u8)))?;
        match place {
            "home" => home.push(letter),
            "out" => out.push(letter),
            slug => on[SLUGS.iter().position(|s| *s == slug)?].push(letter),
        }
    }
    let mut grid: Vec<Vec<Cell>> = vec![vec![Cell::blank(); 7]; 7];
    for (p, pieces) in on.iter().enumerate() {
        let (r, c) = PLACE[p];
        grid[r][c] = match pieces.chars().next() {
            None => Cell::new(".", Tone::Empty),
            Some(first) if first.is_ascii_uppercase() => Cell::new(pieces.clone(), Tone::First),
            Some(_) => Cell::new(pieces.clone(), Tone::Second),
        };
    }
    let list = |v: &[char]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter().collect()
        }
    };
    Some(Picture::new(
        grid,
        format!("home: {}; out: {}", list(&home), list(&out)),
    ))
}
