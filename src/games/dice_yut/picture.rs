//! The picture of a dice_yut trace line (`k: V | piece P X->Y +N, total T | pieces A B C D`,
//! `docs/judge-text.md`): the board after die `k` of the first best line, on a 10×9 grid.
//!
//! The outer ring runs round the edge of a 9×9 square, `O2` up the right side from the corner
//! `O40` (bottom right) to `O10` (top right), left along the top to `O20`, down the left side to
//! `O30` and right along the bottom back to `O40`; the branches run diagonally from the three
//! blue corners to `M25` in the middle, and the spine from there to `O40`. `F` and `S` sit under
//! the board, below `O40`. An empty cell shows the number in its name (a blue cell in blue), a cell with a
//! piece shows the piece (`p1` to `p4`, the one that just moved marked), `S` and `F` how many
//! pieces they hold (`S2`, `F1`). The caption gives the die, the move's points, the line's total
//! and the best total of the first `k` dice (which the line's total need not reach before the
//! last die).

use crate::game::{Cell, Picture, Tone};
use crate::games::dice_yut::engine::{CELLS, F, NAMES, O10, O20, O30, S};

/// The grid place (row, column) of each cell, in the order of [`NAMES`].
const PLACE: [(usize, usize); CELLS] = [
    // O2 .. O10: up the right side.
    (7, 8),
    (5, 8),
    (3, 8),
    (1, 8),
    (0, 8),
    // O12 .. O20: left along the top.
    (0, 7),
    (0, 5),
    (0, 3),
    (0, 1),
    (0, 0),
    // O22 .. O30: down the left side.
    (1, 0),
    (3, 0),
    (5, 0),
    (7, 0),
    (8, 0),
    // O32 .. O40: right along the bottom.
    (8, 1),
    (8, 3),
    (8, 5),
    (8, 7),
    (8, 8),
    // B13 B16 B19: from O10 towards the middle.
    (1, 7),
    (2, 6),
    (3, 5),
    // C22 C24: from O20.
    (2, 2),
    (3, 3),
    // D28 D27 D26: from O30.
    (7, 1),
    (6, 2),
    (5, 3),
    // M25 M30 M35: the middle and the spine towards O40.
    (4, 4),
    (5, 5),
    (6, 6),
    // F and S, under the board.
    (9, 7),
    (9, 8),
];

/// The rows and columns of the grid.
const ROWS: usize = 10;
const COLUMNS: usize = 9;

/// The cell id (an index of [`NAMES`]) named `name`.
fn cell_of(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| *n == name)
}

/// The picture of `line` with the dice of `input`; `None` if either is not what it should be.
pub fn draw(line: &str, input: &[u8]) -> Option<Picture> {
    let dice: Vec<&str> = std::str::from_utf8(input)
        .ok()?
        .split_whitespace()
        .collect();
    let mut parts = line.split(" | ");
    let (k, best) = parts.next()?.split_once(": ")?;
    let k: usize = k.parse().ok()?;
    let die = dice.get(k.checked_sub(1)?)?;
    let turn = parts.next()?;
    let pieces: Vec<usize> = parts
        .next()?
        .strip_prefix("pieces ")?
        .split(' ')
        .map(cell_of)
        .collect::<Option<_>>()?;
    if pieces.len() != 4 || parts.next().is_some() {
        return None;
    }
    // `piece P X->Y +N, total T`, or `no move, total T`.
    let (moved, total) = turn.split_once(", total ")?;
    let moved: Option<(usize, &str)> = match moved {
        "no move" => None,
        _ => {
            let mut words = moved.strip_prefix("piece ")?.split(' ');
            let piece: usize = words.next()?.parse().ok()?;
            let _from_to = words.next()?;
            let points = words.next()?;
            if !(1..=4).contains(&piece) {
                return None;
            }
            Some((piece, points))
        }
    };

    let mut grid: Vec<Vec<Cell>> = vec![vec![Cell::blank(); COLUMNS]; ROWS];
    for (cell, &(r, c)) in PLACE.iter().enumerate() {
        let here: Vec<usize> = (0..4).filter(|&p| pieces[p] == cell).collect();
        let is_moved = |p: usize| moved.is_some_and(|(m, _)| m == p + 1);
        grid[r][c] = if cell == S as usize || cell == F as usize {
            let tone = if here.iter().any(|&p| is_moved(p)) {
                Tone::Mark
            } else {
                Tone::Empty
            };
            Cell::new(format!("{}{}", NAMES[cell], here.len()), tone)
        } else if let Some(&p) = here.first() {
            let tone = if is_moved(p) { Tone::Mark } else { Tone::First };
            // Two pieces on one board cell break DY-10; the picture shows them all.
            let text: String = here.iter().map(|p| format!("p{}", p + 1)).collect();
            Cell::new(text, tone)
        } else {
            let blue = [O10, O20, O30].contains(&(cell as u8));
            let tone = if blue { Tone::Blue } else { Tone::Empty };
            // The number in the cell's name (DY-3), not the engine's score table: the picture
            // of the reference's line must not show the engine's numbers.
            Cell::new(&NAMES[cell][1..], tone)
        };
    }
    let turn = match moved {
        Some((piece, points)) => format!("p{piece} {points}"),
        None => "no move".to_string(),
    };
    Some(Picture::new(
        grid,
        format!("die {k}={die}: {turn}, total {total}; best {best}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(picture: &Picture, r: usize, c: usize) -> (&str, Tone) {
        let cell = &picture.rows[r][c];
        (cell.text.as_str(), cell.tone)
    }

    #[test]
    fn a_line_is_drawn_with_its_pieces_on_their_cells() {
        let input = b"5 4 5\n";
        let picture = draw(
            "2: 35 | piece 2 S->O8 +8, total 18 | pieces O10 O8 S S",
            input,
        )
        .unwrap();
        assert_eq!(picture.size(), (ROWS, COLUMNS));
        assert_eq!(text(&picture, 0, 8), ("p1", Tone::First));
        assert_eq!(text(&picture, 1, 8), ("p2", Tone::Mark));
        assert_eq!(text(&picture, 9, 8), ("S2", Tone::Empty));
        assert_eq!(text(&picture, 9, 7), ("F0", Tone::Empty));
        // Empty cells show their numbers; the blue corners are blue.
        assert_eq!(text(&picture, 0, 0), ("20", Tone::Blue));
        assert_eq!(text(&picture, 4, 4), ("25", Tone::Empty));
        assert_eq!(text(&picture, 8, 8), ("40", Tone::Empty));
        assert_eq!(text(&picture, 4, 0).1, Tone::Blank);
        assert_eq!(picture.caption, "die 2=4: p2 +8, total 18; best 35");
    }

    #[test]
    fn every_cell_has_its_own_place() {
        for (i, a) in PLACE.iter().enumerate() {
            assert!(a.0 < ROWS && a.1 < COLUMNS);
            assert!(!PLACE[..i].contains(a), "{} shares {a:?}", NAMES[i]);
        }
    }

    #[test]
    fn a_line_after_the_end_and_on_f_is_drawn() {
        let fives = vec!["5"; 13].join(" ");
        let picture = draw(
            "13: 160 | no move, total 160 | pieces F F F F",
            fives.as_bytes(),
        )
        .unwrap();
        assert_eq!(text(&picture, 9, 7), ("F4", Tone::Empty));
        assert_eq!(text(&picture, 9, 8), ("S0", Tone::Empty));
        assert_eq!(picture.caption, "die 13=5: no move, total 160; best 160");
        let picture = draw(
            "12: 160 | piece 4 M30->F +0, total 160 | pieces F F F F",
            fives.as_bytes(),
        )
        .unwrap();
        assert_eq!(text(&picture, 9, 7), ("F4", Tone::Mark));
    }

    #[test]
    fn what_is_not_a_line_is_not_drawn() {
        let input = b"5 4 5\n";
        for line in [
            "2: 35",
            "4: 35 | no move, total 0 | pieces S S S S",
            "0: 35 | no move, total 0 | pieces S S S S",
            "1: 10 | piece 5 S->O10 +10, total 10 | pieces O10 S S S",
            "1: 10 | piece 1 S->O10 +10, total 10 | pieces O10 S S",
            "1: 10 | piece 1 S->O10 +10, total 10 | pieces O10 S S Q9",
            "1: 10 | piece 1 S->O10 +10 | pieces O10 S S S",
        ] {
            assert!(draw(line, input).is_none(), "{line}");
        }
    }
}
