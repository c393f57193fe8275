//! The literal side: `RULES.md` one clause at a time. The text is read the way TP-1 says (its
//! own reading, not boardfuzz's reader: a shared reader would be a shared bug), each piece is
//! moved one cell at a time and wrapped at the edges by hand (TP-5, TP-6), and a crash is found
//! by comparing every piece with every other one (TP-7). Slow and plain on purpose.

use boardfuzz::game::Rejection;

/// A piece on the board.
#[derive(Clone, Debug)]
struct Piece {
    row: i64,
    col: i64,
    dir: i64,
    speed: i64,
    colour: i64,
    line: usize,
}

/// The answer to a judge input (TP-8), or the first rule of reading it breaks.
pub fn solve(input: &[u8]) -> Result<String, Rejection> {
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        Err(e) => {
            let newlines = input[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            return Err(Rejection::new("not-utf8", newlines + 1, "not UTF-8"));
        }
    };
    let lines: Vec<Vec<&str>> = text
        .split('\n')
        .map(|line| line.split_ascii_whitespace().collect())
        .collect();
    // The number of the last line that holds anything (0 when none does).
    let last = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);

    // TP-2: the header.
    let header = required(&lines, last, 1, 3)?;
    let rows = read(header[0], 1, 1, 9)?;
    let cols = read(header[1], 1, 1, 9)?;
    let count = read(header[2], 1, 1, 8)?;

    // TP-3: one line per piece, its numbers checked from left to right.
    let mut pieces = Vec::new();
    for n in 1..=count as usize {
        let line = n + 1;
        let fields = required(&lines, last, line, 5)?;
        pieces.push(Piece {
            row: read(fields[0], line, 1, rows)?,
            col: read(fields[1], line, 1, cols)?,
            dir: read(fields[2], line, 0, 3)?,
            speed: read(fields[3], line, 0, 99)?,
            colour: read(fields[4], line, 0, 9)?,
            line,
        });
    }
    // TP-1: nothing but blank lines after the last piece.
    let after = count as usize + 1;
    if last > after {
        let first = (after..last).find(|&i| !lines[i].is_empty()).unwrap();
        return Err(Rejection::new(
            "trailing",
            first + 1,
            "a line after the pieces",
        ));
    }

    // TP-4: no two pieces start on one cell.
    for (i, p) in pieces.iter().enumerate() {
        for q in &pieces[..i] {
            if (p.row, p.col) == (q.row, q.col) {
                return Err(Rejection::new(
                    "invalid",
                    p.line,
                    "a cell held by an earlier piece",
                ));
            }
        }
    }

    // TP-6: three ticks.
    for _tick in 1..=3 {
        for p in &mut pieces {
            for _cell in 0..p.speed {
                step(p, rows, cols);
            }
        }
        // TP-7: every piece that shares its cell with another one leaves.
        let mut staying = Vec::new();
        for p in &pieces {
            let others = pieces
                .iter()
                .filter(|q| (q.row, q.col) == (p.row, p.col))
                .count()
                - 1;
            if others == 0 {
                staying.push(p.clone());
            }
        }
        pieces = staying;
    }

    // TP-8: how many are left, then each in input order.
    let mut answer = format!("{}\n", pieces.len());
    for p in &pieces {
        answer += &format!("{} {} {}\n", p.row, p.col, p.colour);
    }
    Ok(answer)
}

/// Moves a piece one cell its way, coming back in at the opposite edge (TP-5).
fn step(p: &mut Piece, rows: i64, cols: i64) {
    match p.dir {
        0 => p.col += 1,
        1 => p.row += 1,
        2 => p.col -= 1,
        _ => p.row -= 1,
    }
    if p.col > cols {
        p.col = 1;
    }
    if p.col < 1 {
        p.col = cols;
    }
    if p.row > rows {
        p.row = 1;
    }
    if p.row < 1 {
        p.row = rows;
    }
}

/// Line `number` (from 1), which the format requires to hold `count` fields.
fn required<'a>(
    lines: &'a [Vec<&'a str>],
    last: usize,
    number: usize,
    count: usize,
) -> Result<&'a [&'a str], Rejection> {
    if number > last {
        return Err(Rejection::new(
            "truncated",
            number,
            "the input ends too soon",
        ));
    }
    let fields = &lines[number - 1];
    if fields.len() != count {
        let message = format!("{count} numbers expected, {} found", fields.len());
        return Err(Rejection::new("malformed", number, message));
    }
    Ok(fields)
}

/// A number field (an optional `-`, then digits) that must lie in `low..=high`.
fn read(field: &str, line: usize, low: i64, high: i64) -> Result<i64, Rejection> {
    let digits = field.strip_prefix('-').unwrap_or(field);
    if digits.is_empty() || digits.chars().any(|ch| !ch.is_ascii_digit()) {
        return Err(Rejection::new(
            "malformed",
            line,
            format!("not a number: {field}"),
        ));
    }
    match field.parse::<i64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(Rejection::new(
            "out-of-range",
            line,
            format!("{field} is not in {low}..={high}"),
        )),
    }
}
