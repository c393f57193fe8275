//! Othello on the printed board (BOJ 15671): the glue between the [`engine`] (over othello's
//! bitboards), the literal reference
//! (`reference/src/othello_board.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`].
//!
//! Settings: `--strict` (othello's, both sides) rejects a placement that flips nothing; by default
//! such a placement is applied literally (the stone is put, nothing turns: OB-4).

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;

use crate::game::{tag_bits, Game, Options, Outcome, Picture, Setting, Trace};
use crate::games::othello::{fuzz_options, strict, STRICT};
use crate::rng::Rng;
pub use case::Case;

/// The Othello game of BOJ 15671.
pub struct OthelloBoard;

impl Game for OthelloBoard {
    type Case = Case;
    const SLUG: &'static str = "othello_board";
    const PROBLEM: &'static str = "boj15671";
    const TITLE: &'static str = "Othello, the printed board (BOJ 15671)";
    const TAGS: &'static [&'static str] = census::TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;
    const SETTINGS: &'static [Setting] = &[STRICT];

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        case.shrink()
    }

    /// othello's [`fuzz_options`]: `--strict` on one case in four.
    fn case_options(case: &Case) -> Options {
        fuzz_options(case.render().as_bytes())
    }

    /// othello's [`fuzz_options`]: `--strict` on one raw input in four.
    fn raw_options(input: &[u8]) -> Options {
        fuzz_options(input)
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        Ok(gen::generate(rng, strict(options)))
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::othello_board::solve(
            input,
            strict(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(
            boardfuzz_reference::othello_board::trace(input, strict(options))
                .map_err(Outcome::rejected),
        )
    }

    fn draw(line: &str, _input: &[u8], _options: &Options) -> Option<Picture> {
        let (k, rest) = line.split_once(": ")?;
        let rows = rest.split_whitespace().next()?;
        let colour = if k.parse::<u32>().ok()? % 2 == 1 {
            "black"
        } else {
            "white"
        };
        crate::games::othello::draw_rows(rows, &format!("placement {k} ({colour})"))
    }

    /// The answer's six rows (OB-12) on the grid of [`OthelloBoard::draw`], the winner line and
    /// the stone counts in the caption: [`draw_output`].
    fn draw_output(output: &str, _input: &[u8], _options: &Options) -> Option<Picture> {
        draw_output(output)
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, strict(options))
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::othello_board::census(input, strict(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}

/// The picture of a judge answer (OB-12): its first six lines as the rows of the board (each
/// drawn as it is, so a short or long row shows as one), the seventh, the winner's name, in the
/// caption with the stones counted, and the number of any lines after it. `None` unless the
/// first six lines hold only `B`, `W` and `.`, and some cell.
pub fn draw_output(output: &str) -> Option<Picture> {
    let mut lines = output.lines();
    let rows: Vec<&str> = lines.by_ref().take(6).collect();
    if rows.iter().all(|r| r.is_empty()) || rows.iter().any(|r| r.contains('/')) {
        return None;
    }
    let winner = match lines.next() {
        Some(name @ ("Black" | "White")) => format!("winner {name}"),
        Some(other) => format!("winner line {other:?}"),
        None => "no winner line".to_string(),
    };
    let mut picture = crate::games::othello::draw_rows(&rows.join("/"), &winner)?;
    let more = lines.count();
    if more > 0 {
        picture.caption.push_str(&format!("; {more} more line(s)"));
    }
    Some(picture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Tone;

    #[test]
    fn the_reference_answer_draws_as_the_grid_of_its_last_trace_line() {
        let input = b"3\n3 2\n2 2\n1 1\n";
        let out = boardfuzz_reference::othello_board::solve(input, false).unwrap();
        let trace = boardfuzz_reference::othello_board::trace(input, false).unwrap();
        let drawn = draw_output(&out).unwrap();
        let last = OthelloBoard::draw(trace.last().unwrap(), input, &Options::new()).unwrap();
        assert_eq!(drawn.rows, last.rows, "{out}");
        assert_eq!(drawn.size(), (6, 6));
        let row = |r: usize| -> String { drawn.rows[r].iter().map(|c| c.text.as_str()).collect() };
        assert_eq!(row(1), out.lines().nth(1).unwrap());
        assert_eq!(drawn.rows[2][2].tone, Tone::Light);
        let counts = last.caption.split_once(": ").unwrap().1;
        let winner = out.lines().nth(6).unwrap();
        assert_eq!(drawn.caption, format!("winner {winner}: {counts}"));
    }

    #[test]
    fn a_bad_winner_line_and_extra_lines_are_in_the_caption() {
        let rows = "......\n......\n..WB..\n..BW..\n......\n......\n";
        let caption = |tail: &str| draw_output(&format!("{rows}{tail}")).unwrap().caption;
        assert_eq!(caption(""), "no winner line: black 2, white 2");
        assert_eq!(
            caption("black\n"),
            "winner line \"black\": black 2, white 2"
        );
        assert_eq!(
            caption("White\n\n\n"),
            "winner White: black 2, white 2; 2 more line(s)"
        );
        // A short row is drawn short.
        let short = draw_output(&rows.replacen("......", "...", 1)).unwrap();
        assert_eq!(short.rows[0].len(), 3);
    }

    #[test]
    fn garbage_is_not_drawn() {
        for garbage in ["", "\n\n", "Black\n", "..B.x.\n", "B/W\n", "é\n", "\u{0}"] {
            assert!(draw_output(garbage).is_none(), "{garbage:?}");
        }
    }
}
