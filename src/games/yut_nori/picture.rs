//! The picture of a yut_nori position: the 29 positions of the board on a 7×7 grid, as the
//! output's picture places them (the outer square, the two diagonals through 방), each position
//! showing the pieces on it (`ABCD` one team, `abcd` the other, `.` none). Two texts are drawn
//! by the same grid code: a trace line ([`draw`], `docs/judge-text.md`), with the pieces at home
//! or out in the caption, and a judge answer ([`draw_output`]), the 32×32 picture (YN-19), read
//! back block by block, with what the answer cannot tell (the pieces off the board) or gets wrong
//! in the caption.

use crate::game::{Cell, Picture, Tone};
use crate::games::yut_nori::engine::{BLOCK, LETTERS, PICTURE, POSITIONS, SLUGS};

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
    let list = |v: &[char]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter().collect()
        }
    };
    Some(Picture::new(
        grid(&on),
        format!("home: {}; out: {}", list(&home), list(&out)),
    ))
}

/// The 7×7 grid of a position: `on[p]` the letters of the pieces on position `p` (in the order of
/// [`SLUGS`]), in the order of [`LETTERS`]; a position's tone is its first piece's team.
fn grid(on: &[String]) -> Vec<Vec<Cell>> {
    let mut grid: Vec<Vec<Cell>> = vec![vec![Cell::blank(); 7]; 7];
    for (p, pieces) in on.iter().enumerate() {
        let (r, c) = PLACE[p];
        grid[r][c] = match pieces.chars().next() {
            None => Cell::new(".", Tone::Empty),
            Some(first) if first.is_ascii_uppercase() => Cell::new(pieces.clone(), Tone::First),
            Some(_) => Cell::new(pieces.clone(), Tone::Second),
        };
    }
    grid
}

/// The picture of a judge answer (YN-19): each position's block read top-left, top-right,
/// bottom-left, bottom-right, so the reference's answer draws as the grid of its trace's last
/// line. The caption says which pieces are not in the picture (at home or out: the answer does
/// not tell which), and what the answer gets wrong beyond the grid: a letter drawn twice or in
/// another corner than its own (`A` top-left … `D` bottom-right), characters off the blocks
/// that differ from the empty board. `None` unless the answer is 32 lines of 32 characters whose
/// blocks hold only `.` and piece letters.
pub fn draw_output(output: &str) -> Option<Picture> {
    let lines: Vec<&[u8]> = output.lines().map(str::as_bytes).collect();
    let empty: Vec<&[u8]> = PICTURE.lines().map(str::as_bytes).collect();
    if lines.len() != empty.len() || lines.iter().any(|l| l.len() != empty[0].len()) {
        return None;
    }
    let mut on: Vec<String> = vec![String::new(); POSITIONS];
    let mut block_cell = vec![[false; 32]; 32];
    let mut seen = [0u32; 8];
    let mut misplaced = String::new();
    for (p, &(row, col)) in BLOCK.iter().enumerate() {
        for corner in 0..4 {
            let (r, c) = (row as usize + corner / 2, col as usize + corner % 2);
            block_cell[r][c] = true;
            let byte = lines[r][c];
            if byte == b'.' {
                continue;
            }
            let piece = LETTERS.iter().position(|&l| l == byte)?;
            seen[piece] += 1;
            if piece & 3 != corner && !misplaced.contains(byte as char) {
                misplaced.push(byte as char);
            }
            on[p].push(byte as char);
        }
    }
    let letters = |pick: &dyn Fn(u32) -> bool| -> String {
        (0..8)
            .filter(|&i| pick(seen[i]))
            .map(|i| LETTERS[i] as char)
            .collect()
    };
    let off = letters(&|n| n == 0);
    let mut notes = vec![format!(
        "home or out: {}",
        if off.is_empty() { "none" } else { &off }
    )];
    let twice = letters(&|n| n > 1);
    if !twice.is_empty() {
        notes.push(format!("drawn more than once: {twice}"));
    }
    if !misplaced.is_empty() {
        notes.push(format!("in another piece's corner: {misplaced}"));
    }
    let changed = (0..lines.len())
        .flat_map(|r| (0..lines[r].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| !block_cell[r][c] && lines[r][c] != empty[r][c])
        .count();
    if changed > 0 {
        notes.push(format!(
            "{changed} character(s) off the blocks differ from the empty board"
        ));
    }
    Some(Picture::new(grid(&on), notes.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's answer to a game that leaves pieces of both teams on the board, stacked.
    fn answer() -> (String, String) {
        // A and B enter with 도 each and stack (B joins A), a enters with 윷, then c with 개.
        let input = "4\nA FBBB\nB FBBB\na FFFF\nc FFBB\n";
        let out = boardfuzz_reference::yut_nori::solve(input.as_bytes()).unwrap();
        let trace = boardfuzz_reference::yut_nori::trace(input.as_bytes()).unwrap();
        (out, trace.last().unwrap().clone())
    }

    #[test]
    fn the_reference_answer_draws_as_the_grid_of_its_last_trace_line() {
        let (out, last) = answer();
        let drawn = draw_output(&out).unwrap();
        assert_eq!(drawn.rows, draw(&last).unwrap().rows, "{out}");
        let cells: Vec<&str> = drawn
            .rows
            .iter()
            .flatten()
            .filter(|c| c.text != "." && !c.text.is_empty())
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(cells, ["a", "c", "AB"], "{out}");
        assert_eq!(drawn.caption, "home or out: CDbd");
    }

    #[test]
    fn what_the_grid_cannot_show_is_in_the_caption() {
        let (out, _) = answer();
        let mut bytes = out.into_bytes();
        // `A` moved into `B`'s corner of its block (B's own letter gone), `a` drawn again on
        // 뒷밭 (0, 0), and a line of the frame broken.
        let a = bytes.iter().position(|&b| b == b'A').unwrap();
        bytes[a] = b'.';
        bytes[a + 1] = b'A';
        bytes[0] = b'a';
        bytes[2] = b'=';
        let drawn = draw_output(std::str::from_utf8(&bytes).unwrap()).unwrap();
        assert_eq!(drawn.rows[0][0].text, "a");
        assert_eq!(
            drawn.caption,
            "home or out: BCDbd; drawn more than once: a; in another piece's corner: A; \
             1 character(s) off the blocks differ from the empty board"
        );
    }

    #[test]
    fn garbage_is_not_drawn() {
        let (out, _) = answer();
        assert!(draw_output("").is_none());
        assert!(draw_output("A\n").is_none());
        let short: String = out.lines().take(31).map(|l| format!("{l}\n")).collect();
        assert!(draw_output(&short).is_none());
        let wide = out.replacen('\n', ".\n", 1);
        assert!(draw_output(&wide).is_none());
        // An unknown letter in a block, a multi-byte character anywhere.
        assert!(draw_output(&out.replacen("..", "E.", 1)).is_none());
        assert!(draw_output(&out.replacen('|', "ㅣ", 1)).is_none());
        assert!(draw_output(PICTURE).is_some());
    }
}
