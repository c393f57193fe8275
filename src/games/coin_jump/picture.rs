//! The picture of a coin_jump trace line (`r,c=V`, `docs/judge-text.md`): the board from the
//! input (digits, holes `H`), the cell the line is about marked (`*3`), and a shortest way of
//! jumps from the top-left corner to it (the coin's path so far) shaded (`+2`); the caption says
//! the line's answer.

use std::collections::VecDeque;

use crate::game::{Cell, Picture, Tone};

/// The largest board drawn (a picture of a bigger one helps nobody in a report).
const MAX_CELLS: usize = 64 * 64;

/// The picture of `line` on the board of `input`; `None` if either is not what it should be.
pub fn draw(line: &str, input: &[u8]) -> Option<Picture> {
    let text = std::str::from_utf8(input).ok()?;
    let mut lines = text.lines();
    let mut size = lines.next()?.split_whitespace().map(|t| t.parse::<usize>());
    let (rows, cols) = (size.next()?.ok()?, size.next()?.ok()?);
    if rows == 0 || cols == 0 || rows * cols > MAX_CELLS {
        return None;
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for _ in 0..rows {
        let row = lines.next()?.trim();
        if row.chars().count() != cols {
            return None;
        }
        cells.extend(row.chars().map(|c| c.to_digit(10).unwrap_or(0) as usize));
    }
    let (at, value) = line.split_whitespace().next()?.split_once('=')?;
    let (r, c) = at.split_once(',')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    let target =
        (r.checked_sub(1)? < rows && c.checked_sub(1)? < cols).then(|| (r - 1) * cols + c - 1);
    // A shortest way of jumps from the corner (breadth first), for the shading only.
    let mut from = vec![usize::MAX; cells.len()];
    let mut queue = VecDeque::from([0usize]);
    from[0] = 0;
    while let Some(v) = queue.pop_front() {
        let (vr, vc, d) = ((v / cols) as i64, (v % cols) as i64, cells[v] as i64);
        if d == 0 {
            continue;
        }
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (tr, tc) = (vr + dr * d, vc + dc * d);
            if tr < 0 || tc < 0 || tr >= rows as i64 || tc >= cols as i64 {
                continue;
            }
            let t = tr as usize * cols + tc as usize;
            if cells[t] != 0 && from[t] == usize::MAX {
                from[t] = v;
                queue.push_back(t);
            }
        }
    }
    let mut path = vec![false; cells.len()];
    if let Some(mut v) = target.filter(|&t| from[t] != usize::MAX) {
        while v != 0 {
            path[v] = true;
            v = from[v];
        }
        path[0] = true;
    }
    let grid = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let i = r * cols + c;
                    // The marks in the text too, so that NO_COLOR shows them.
                    let text = match cells[i] {
                        0 => "H".to_string(),
                        d if Some(i) == target => format!("*{d}"),
                        d if path[i] => format!("+{d}"),
                        d => d.to_string(),
                    };
                    let tone = if Some(i) == target {
                        Tone::Mark
                    } else if cells[i] == 0 {
                        Tone::Hole
                    } else if path[i] {
                        Tone::Path
                    } else {
                        Tone::Light
                    };
                    Cell::new(text, tone)
                })
                .collect()
        })
        .collect();
    let answer = if value == "-1" {
        "-1 (a cycle is reachable)".to_string()
    } else {
        format!("{value} move(s)")
    };
    Some(Picture::new(
        grid,
        format!("* row {r}, column {c} gives {answer}; + a way there"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_cell_and_a_way_to_it_are_marked_in_text_and_tone() {
        // 2 jumps right to the 1, which jumps down to the 3 (then off the board).
        let input = b"2 3\n2H1\nHHH3\n";
        assert!(draw("2,3=3", input).is_none(), "a row of the wrong width");
        let input = b"2 3\n2H1\nHH3\n";
        let picture = draw("2,3=3", input).unwrap();
        let cell = |r: usize, c: usize| {
            let cell = &picture.rows[r][c];
            (cell.text.as_str(), cell.tone)
        };
        assert_eq!(cell(1, 2), ("*3", Tone::Mark));
        assert_eq!(cell(0, 0), ("+2", Tone::Path));
        assert_eq!(cell(0, 2), ("+1", Tone::Path));
        assert_eq!(cell(0, 1), ("H", Tone::Hole));
        assert_eq!(
            picture.caption,
            "* row 2, column 3 gives 3 move(s); + a way there"
        );
        // A cell no jump reaches: marked, no way to it.
        let picture = draw("2,1=-1", b"2 2\n2H\n1H\n").unwrap();
        assert_eq!(picture.rows[1][0].text, "*1");
        assert_eq!(picture.rows[0][0].text, "2");
        assert!(picture.caption.contains("-1 (a cycle is reachable)"));
        // A line about a cell off the board marks nothing.
        let off = draw("3,1=1", input).unwrap();
        assert!(off.rows.iter().flatten().all(|c| c.tone != Tone::Mark));
        assert!(draw("x", input).is_none());
    }
}
