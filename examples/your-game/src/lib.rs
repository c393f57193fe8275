//! Connect Four, checked by boardfuzz: the example of a game that lives in its own crate.
//!
//! The rules are `RULES.md` (clauses `CF-1` … `CF-11`). Two implementations read the same judge
//! text and write the same answer: [`engine`], the fast one (bitboards), and [`reference`], the
//! literal one (a grid, one function per rule), written apart from each other. This file is all
//! boardfuzz needs to know about the game: the five required items of [`boardfuzz::game::Game`]
//! (a slug, a case type, its judge text, the engine, the reference) and optional ones that each
//! buy something — traces of the board after each move (a report names the first move where the
//! two sides part, as `move 3` since the game's unit is a move), census tags (which edge cases a
//! run reached), the rule clauses each tag exercises, a picture of the board each trace line
//! describes (a finding shows the two sides' boards, the differing cells marked), and a title.
//!
//! A planted bug, for trying the checker: with `YOUR_GAME_PLANT=anti-diagonal` in the
//! environment the engine forgets one of the four directions of a win (see [`engine`]).

pub mod engine;
pub mod reference;

use arbitrary::{Arbitrary, Unstructured};
use boardfuzz::game::{tag_bits, Cell, Game, Options, Outcome, Picture, Rejection, Tone, Trace};

/// The game, as boardfuzz sees it.
pub struct ConnectFour;

/// One game of Connect Four, valid by construction: a board size within the rules' bounds and
/// moves that never enter a full column (CF-2, CF-3, CF-7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Rows of the board, 1 to 7.
    pub rows: u8,
    /// Columns of the board, 1 to 8.
    pub cols: u8,
    /// The columns the pieces are dropped into, numbered from 1.
    pub moves: Vec<u8>,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Case> {
        let rows = u.int_in_range(1..=7u8)?;
        let cols = u.int_in_range(1..=8u8)?;
        let wanted = u.int_in_range(0..=rows as usize * cols as usize)?;
        let mut heights = vec![0u8; cols as usize];
        let mut moves = Vec::with_capacity(wanted);
        for _ in 0..wanted {
            // Each move picks among the columns with room left, so every byte string is a game.
            let open: Vec<usize> = (0..cols as usize).filter(|&c| heights[c] < rows).collect();
            let column = open[u.choose_index(open.len())?];
            heights[column] += 1;
            moves.push(column as u8 + 1);
        }
        Ok(Case { rows, cols, moves })
    }
}

impl From<engine::Error> for Rejection {
    fn from(e: engine::Error) -> Rejection {
        Rejection::new(e.class, e.line, e.message)
    }
}

impl From<reference::InputError> for Rejection {
    fn from(e: reference::InputError) -> Rejection {
        Rejection::new(e.class, e.line, e.message)
    }
}

impl Game for ConnectFour {
    type Case = Case;
    const SLUG: &'static str = "connect_four";
    const TITLE: &'static str = "Connect Four (the example of a game in its own crate)";
    /// A line of the trace is the board after one move: reports say `move 3`, not `turn 3`.
    const UNIT: &'static str = "move";
    const TAGS: &'static [&'static str] = engine::TAGS;
    /// The clauses of `RULES.md` each tag exercises: clause coverage in `check`, `census`, the
    /// reports and `rules`.
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = &[
        ("win-horizontal", &["CF-8"]),
        ("win-vertical", &["CF-8", "CF-6"]),
        ("win-diagonal", &["CF-8"]),
        ("win-anti-diagonal", &["CF-8"]),
        ("win-five-plus", &["CF-8"]),
        ("draw", &["CF-10"]),
        ("none", &["CF-10"]),
        ("moves-after-win", &["CF-9"]),
        ("full-column-after-win", &["CF-9", "CF-7"]),
        ("board-1-row", &["CF-2"]),
        ("board-1-column", &["CF-2"]),
    ];
    /// The clauses no tag measures, and why.
    const UNMEASURED: &'static [(&'static str, &'static str)] = &[
        (
            "CF-1",
            "every input exercises it; reading only (bad-truncated)",
        ),
        ("CF-3", "every input exercises it"),
        ("CF-4", "every input exercises it; reading only (bad-count)"),
        (
            "CF-5",
            "every game exercises it (the trace names each move's player)",
        ),
        ("CF-11", "reading only (the bad-* entries)"),
    ];

    fn render(case: &Case) -> String {
        let moves: Vec<String> = case.moves.iter().map(u8::to_string).collect();
        format!(
            "{} {}\n{}\n{}\n",
            case.rows,
            case.cols,
            case.moves.len(),
            moves.join(" ")
        )
    }

    fn engine(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input))
    }

    fn reference(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(reference::solve(input))
    }

    fn engine_trace(input: &[u8], _: &Options) -> Option<Trace> {
        Some(engine::trace(input).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], _: &Options) -> Option<Trace> {
        Some(reference::trace(input).map_err(Outcome::rejected))
    }

    /// The board of a trace line: a finding shows the reference's and the engine's side by side
    /// at the first move where they part (or the last board, when only the answers differ).
    fn draw(trace_line: &str, _: &[u8], _: &Options) -> Option<Picture> {
        picture(trace_line)
    }

    fn census(input: &[u8], _: &Options) -> u64 {
        engine::census(input)
    }

    fn reference_census(input: &[u8], _: &Options) -> Option<u64> {
        let names = reference::census(input).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}

/// The picture of one trace line, `{player} {column} {rows}` (`X 2 .../.X.`: the rows top first,
/// joined by `/`, as [`engine::trace`] and [`reference::trace`] both write them): a cell for each
/// place, `X` dark, `O` light, `.` empty, and a caption naming the move. `None` for a line that
/// is not one (the same code draws both sides' lines, so a wrong one must not panic).
pub fn picture(trace_line: &str) -> Option<Picture> {
    let mut fields = trace_line.split(' ');
    let (player, column, board) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() || !matches!(player, "X" | "O") {
        return None;
    }
    let column: usize = column.parse().ok()?;
    let rows = board
        .split('/')
        .map(|row| {
            row.chars()
                .map(|c| match c {
                    'X' => Some(Cell::new("X", Tone::Dark)),
                    'O' => Some(Cell::new("O", Tone::Light)),
                    '.' => Some(Cell::new(".", Tone::Empty)),
                    _ => None,
                })
                .collect::<Option<Vec<Cell>>>()
        })
        .collect::<Option<Vec<Vec<Cell>>>>()?;
    let width = rows[0].len();
    if width == 0 || !(1..=width).contains(&column) || rows.iter().any(|r| r.len() != width) {
        return None;
    }
    Some(Picture::new(
        rows,
        format!("{player} dropped in column {column}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_line_is_drawn_cell_by_cell() {
        let p = picture("O 2 .O./.X.").unwrap();
        let texts: Vec<Vec<&str>> = p
            .rows
            .iter()
            .map(|r| r.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(texts, [[".", "O", "."], [".", "X", "."]]);
        assert_eq!(p.rows[0][1].tone, Tone::Light);
        assert_eq!(p.rows[1][1].tone, Tone::Dark);
        assert_eq!(p.rows[1][0].tone, Tone::Empty);
        assert_eq!(p.caption, "O dropped in column 2");
    }

    #[test]
    fn every_line_of_a_real_trace_draws_and_garbage_does_not() {
        let trace = engine::trace(b"3 4\n5\n1 2 2 4 1\n").unwrap();
        for line in &trace {
            assert!(picture(line).is_some(), "{line}");
        }
        for bad in [
            "",
            "X",
            "X 2",
            "Z 1 ...",
            "X 0 ...",
            "X 4 ...",
            "X 1 ../...",
            "X 1 .Q.",
            "X 1 ... extra",
            "X x ...",
            "X 1 /",
        ] {
            assert_eq!(picture(bad), None, "{bad:?}");
        }
    }
}
