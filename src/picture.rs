//! Pictures of a position: what a finding shows beside its words, the two boards at the turn
//! where the sides part, the cells that differ marked.
//!
//! A game that draws ([`crate::game::Game::draw`]) turns one line of its per-turn trace into a
//! [`Picture`]: a grid of short [`Cell`]s, each with a [`Tone`] (a player's colour, a board
//! colour, a mark), and a caption line (a score, the pieces off the board). Engine and reference
//! lines are drawn by the same code, so a picture is presentation of the trace, never a third
//! implementation of the rules. This module knows no game: it compares two pictures cell by cell
//! ([`Picture::differences`]), lays pictures out for a terminal ([`terminal`]: side by side, or
//! stacked when they do not fit in 80 columns; differing cells in brackets, and in reverse video
//! where colour is on) and draws them as SVG for the HTML report ([`svg`]).

use std::fmt::Write as _;

/// What a cell shows beside its text: a colour in SVG and on a colour terminal. Text must stand
/// alone without it (NO_COLOR): `B` and `W`, `A` and `a`, digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tone {
    /// Not part of the board (a gap in a drawing such as the yut board's empty middle).
    Blank,
    /// An empty place on the board.
    Empty,
    /// A dark stone or the first player (othello's black).
    Dark,
    /// A light stone or the second player (othello's white); a white square.
    Light,
    /// The first team (yut_nori's `ABCD`).
    First,
    /// The second team (yut_nori's `abcd`).
    Second,
    /// A red square.
    Red,
    /// A blue square.
    Blue,
    /// A hole, or a place nothing can stand on.
    Hole,
    /// A place on a path drawn in the picture (the coin's way so far).
    Path,
    /// The place the trace line is about (the coin's cell, a piece that just moved).
    Mark,
}

impl Tone {
    /// Every tone, in declaration order.
    pub const ALL: [Tone; 11] = [
        Tone::Blank,
        Tone::Empty,
        Tone::Dark,
        Tone::Light,
        Tone::First,
        Tone::Second,
        Tone::Red,
        Tone::Blue,
        Tone::Hole,
        Tone::Path,
        Tone::Mark,
    ];

    /// The tone's name in a JSON report (`blank`, `dark`, `first`, …).
    pub fn name(self) -> &'static str {
        match self {
            Tone::Blank => "blank",
            Tone::Empty => "empty",
            Tone::Dark => "dark",
            Tone::Light => "light",
            Tone::First => "first",
            Tone::Second => "second",
            Tone::Red => "red",
            Tone::Blue => "blue",
            Tone::Hole => "hole",
            Tone::Path => "path",
            Tone::Mark => "mark",
        }
    }

    /// The tone of a [`Tone::name`], if it is one.
    pub fn from_name(name: &str) -> Option<Tone> {
        Tone::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// One place of a picture: 1 to 4 characters of text and a tone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// What the place holds, as text (`B`, `12`, `Ab`, `.`).
    pub text: String,
    /// How it is coloured.
    pub tone: Tone,
}

impl Cell {
    /// A cell of `text` in `tone`.
    pub fn new(text: impl Into<String>, tone: Tone) -> Cell {
        Cell {
            text: text.into(),
            tone,
        }
    }

    /// A cell that is not part of the board.
    pub fn blank() -> Cell {
        Cell::new("", Tone::Blank)
    }
}

/// A position as a grid of cells (row by row, top first) and a caption line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The rows, top first; rows may differ in length.
    pub rows: Vec<Vec<Cell>>,
    /// One line under the grid: a score, the pieces off the board (may be empty).
    pub caption: String,
}

/// Which cells of a picture differ from another's: `marks[r][c]` for cell `(r, c)`.
pub type Marks = Vec<Vec<bool>>;

impl Picture {
    /// A picture of `rows` with `caption`.
    pub fn new(rows: Vec<Vec<Cell>>, caption: impl Into<String>) -> Picture {
        Picture {
            rows,
            caption: caption.into(),
        }
    }

    /// The cells of `self` that differ from `other`'s cell at the same place (in text or tone),
    /// or that `other` does not have.
    pub fn differences(&self, other: &Picture) -> Marks {
        self.rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| other.rows.get(r).and_then(|o| o.get(c)) != Some(cell))
                    .collect()
            })
            .collect()
    }

    /// The number of rows and the widest row's number of cells.
    pub fn size(&self) -> (usize, usize) {
        (
            self.rows.len(),
            self.rows.iter().map(Vec::len).max().unwrap_or(0),
        )
    }

    /// The widest cell text, in characters (at least 1).
    fn cell_width(&self) -> usize {
        self.rows
            .iter()
            .flatten()
            .map(|c| c.text.chars().count())
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// The picture as plain lines of text, for a text alternative: each row's cells separated by
    /// spaces (a blank cell as `_` only where the row needs a place holder).
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let cells: Vec<&str> = row
                .iter()
                .map(|c| {
                    if c.text.is_empty() {
                        "_"
                    } else {
                        c.text.as_str()
                    }
                })
                .collect();
            let _ = writeln!(out, "{}", cells.join(" ").trim_end());
        }
        if !self.caption.is_empty() {
            let _ = writeln!(out, "{}", self.caption);
        }
        out
    }
}

/// One picture as a terminal shows it: a heading, the picture, and the cells to mark.
#[derive(Debug, Clone)]
pub struct Panel<'a> {
    /// The heading over the picture (`reference`, `engine`).
    pub label: &'a str,
    /// The picture.
    pub picture: &'a Picture,
    /// The cells that differ from the other panel's, if any are compared.
    pub marks: Option<Marks>,
}

/// The width of a terminal a report is laid out for.
pub const TERMINAL_WIDTH: usize = 80;

/// The columns between two pictures side by side.
const GUTTER: usize = 4;

/// The narrowest a picture's column is (so that a caption is not wrapped to a few letters).
const MIN_COLUMN: usize = 37;

/// Lays `panels` out for a terminal, each line indented by `indent` spaces: side by side when
/// they fit in `width` columns, else one under the other. Every cell is ` text ` with the text
/// padded to the widest cell of its picture; a marked cell is `[text]` (and in reverse video
/// when `styled`), so the marks survive NO_COLOR and a copy into a plain-text issue.
pub fn terminal(panels: &[Panel<'_>], styled: bool, indent: usize, width: usize) -> String {
    let blocks: Vec<Vec<(String, usize)>> = panels.iter().map(|p| block(p, styled)).collect();
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|(_, w)| *w).max().unwrap_or(0))
        .collect();
    let total = indent + widths.iter().sum::<usize>() + GUTTER * panels.len().saturating_sub(1);
    let pad = " ".repeat(indent);
    let mut out = String::new();
    if total <= width {
        let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..height {
            let mut line = pad.clone();
            for (k, block) in blocks.iter().enumerate() {
                let (text, w) = block.get(i).map_or(("", 0), |(t, w)| (t.as_str(), *w));
                line.push_str(text);
                if k + 1 < blocks.len() {
                    line.push_str(&" ".repeat(widths[k] - w + GUTTER));
                }
            }
            let _ = writeln!(out, "{}", trim_end_styled(&line));
        }
    } else {
        for (k, block) in blocks.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            for (text, _) in block {
                let _ = writeln!(out, "{}", trim_end_styled(&format!("{pad}{text}")));
            }
        }
    }
    out
}

/// `line` without its trailing spaces, also those inside the styles of its last cells (an unmarked
/// cell is ` text `, its style around the spaces too): the escape sequences stay, so that no
/// style is left open, and a line that a terminal or `NO_COLOR` shows ends in no space.
fn trim_end_styled(line: &str) -> String {
    // The line as characters and whole `ESC [ … m` sequences.
    let mut pieces: Vec<&str> = Vec::new();
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let len = match rest.strip_prefix("\x1b[").and_then(|r| r.find('m')) {
            Some(m) => m + 3,
            None => c.len_utf8(),
        };
        pieces.push(&rest[..len]);
        rest = &rest[len..];
    }
    let mut keep = vec![true; pieces.len()];
    for (i, piece) in pieces.iter().enumerate().rev() {
        if piece.starts_with('\x1b') {
            continue;
        }
        if !piece.trim().is_empty() {
            break;
        }
        keep[i] = false;
    }
    pieces
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(p, _)| *p)
        .collect()
}

/// One panel's lines, each with its width in columns (styles excluded).
fn block(panel: &Panel<'_>, styled: bool) -> Vec<(String, usize)> {
    use anstyle::{Effects, Style};
    let picture = panel.picture;
    let w = picture.cell_width();
    let (_, cols) = picture.size();
    let grid_width = cols * (w + 2);
    let column = grid_width.max(MIN_COLUMN).max(panel.label.chars().count());
    let mut lines = vec![(panel.label.to_string(), panel.label.chars().count())];
    for (r, row) in picture.rows.iter().enumerate() {
        let mut line = String::new();
        let mut width = 0;
        for (c, cell) in row.iter().enumerate() {
            let marked = panel
                .marks
                .as_ref()
                .and_then(|m| m.get(r).and_then(|row| row.get(c)).copied())
                .unwrap_or(false);
            let text = format!("{:<w$}", cell.text);
            let (open, close) = if marked { ('[', ']') } else { (' ', ' ') };
            let plain = format!("{open}{text}{close}");
            width += w + 2;
            if styled {
                let mut style = tone_style(cell.tone);
                if marked {
                    style = style.effects(Effects::INVERT | Effects::BOLD);
                }
                if style == Style::new() {
                    line.push_str(&plain);
                } else {
                    let _ = write!(line, "{}{plain}{}", style.render(), style.render_reset());
                }
            } else {
                line.push_str(&plain);
            }
        }
        lines.push((line, width));
    }
    for caption in wrap(&picture.caption, column) {
        let n = caption.chars().count();
        lines.push((caption, n));
    }
    lines
}

/// The terminal style of a tone (a foreground colour; nothing for plain places).
fn tone_style(tone: Tone) -> anstyle::Style {
    use anstyle::{AnsiColor, Effects, Style};
    let fg = |c: AnsiColor| Style::new().fg_color(Some(c.into()));
    match tone {
        Tone::Blank | Tone::Light => Style::new(),
        Tone::Empty | Tone::Hole => Style::new().effects(Effects::DIMMED),
        Tone::Dark => Style::new().effects(Effects::BOLD),
        Tone::First => fg(AnsiColor::Cyan).effects(Effects::BOLD),
        Tone::Second => fg(AnsiColor::Magenta).effects(Effects::BOLD),
        Tone::Red => fg(AnsiColor::Red),
        Tone::Blue => fg(AnsiColor::Blue),
        Tone::Path => fg(AnsiColor::Yellow),
        Tone::Mark => fg(AnsiColor::Yellow).effects(Effects::BOLD),
    }
}

/// `text` wrapped at spaces to lines of at most `width` characters (a longer word stays whole).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Text as HTML and SVG carry it: `&`, `<`, `>`, `"` and `'` as entities, and each character
/// neither may hold (most control characters, U+FFFE, U+FFFF) as U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{7f}' || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                out.push('\u{FFFD}')
            }
            c => out.push(c),
        }
    }
    out
}

/// The fill and text colours of a tone in SVG.
fn tone_colours(tone: Tone) -> (&'static str, &'static str) {
    match tone {
        Tone::Blank => ("none", "#222"),
        Tone::Empty => ("#e9efe6", "#889"),
        Tone::Dark => ("#1d1d1d", "#fff"),
        Tone::Light => ("#fbfbf7", "#222"),
        Tone::First => ("#cfe0ff", "#0b3a8a"),
        Tone::Second => ("#ffd8cc", "#8a240b"),
        Tone::Red => ("#f6b9b9", "#5a0000"),
        Tone::Blue => ("#b9cdf6", "#00205a"),
        Tone::Hole => ("#6b6b6b", "#fff"),
        Tone::Path => ("#fff2a8", "#4a3b00"),
        Tone::Mark => ("#ffc83d", "#000"),
    }
}

/// The picture as one inline SVG element, headed `label`: each cell a square in its tone's
/// colour with its text, each marked cell outlined in red with a thick border; the caption is
/// left to the page (a `<figcaption>`). Its `<title>` (and `aria-label`) is the text
/// alternative: the label, the cells row by row and the differing cells by row and column.
pub fn svg(picture: &Picture, marks: Option<&Marks>, label: &str) -> String {
    let w = picture.cell_width();
    let cell = (9 * w as u32 + 14).max(28);
    let (rows, cols) = picture.size();
    let top = 22;
    let width = (cols as u32 * cell + 4).max(160);
    let height = top + rows as u32 * cell + 4;
    let marked = |r: usize, c: usize| {
        marks
            .and_then(|m| m.get(r).and_then(|row| row.get(c)).copied())
            .unwrap_or(false)
    };
    let mut differing = Vec::new();
    for (r, row) in picture.rows.iter().enumerate() {
        for c in 0..row.len() {
            if marked(r, c) {
                differing.push(format!("row {} column {}", r + 1, c + 1));
            }
        }
    }
    let mut alt = format!("{label}:\n{}", picture.describe());
    if marks.is_some() {
        if differing.is_empty() {
            alt.push_str("no cell differs from the other board");
        } else {
            let _ = write!(alt, "differs at {}", differing.join(", "));
        }
    }
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\" aria-label=\"{}\"><title>{}</title>",
        escape(&alt),
        escape(&alt)
    );
    let _ = write!(
        out,
        "<text x=\"2\" y=\"15\" font-size=\"13\" font-weight=\"bold\" fill=\"#222\">{}</text>",
        escape(label)
    );
    let font = if w > 2 { 12 } else { 14 };
    for (r, row) in picture.rows.iter().enumerate() {
        for (c, cellv) in row.iter().enumerate() {
            let (x, y) = (2 + c as u32 * cell, top + r as u32 * cell);
            let (fill, ink) = tone_colours(cellv.tone);
            let is_marked = marked(r, c);
            if cellv.tone != Tone::Blank || is_marked {
                let (stroke, sw) = if is_marked {
                    ("#d00000", 3)
                } else {
                    ("#9aa39a", 1)
                };
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" \
                     stroke=\"{stroke}\" stroke-width=\"{sw}\"{}/>",
                    x + 1,
                    y + 1,
                    cell - 2,
                    cell - 2,
                    if is_marked { " class=\"differs\"" } else { "" }
                );
            }
            if !cellv.text.is_empty() {
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" font-family=\"monospace\" \
                     text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{ink}\"{}>{}</text>",
                    x + cell / 2,
                    y + cell / 2,
                    if is_marked { " font-weight=\"bold\"" } else { "" },
                    escape(&cellv.text)
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// The pictures of one moment of a finding: the reference's, and the other side's where it has
/// one, under a heading (`turn 3, the first that differs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// What the pictures show, e.g. `turn 2 (both sides)`.
    pub heading: String,
    /// The reference's picture.
    pub reference: Picture,
    /// The engine's (or a solution's) picture, when it differs in its trace line.
    pub subject: Option<Picture>,
}

impl Board {
    /// The board as terminal text ([`terminal`]), indented two spaces under its heading (wrapped
    /// to 80 columns); the subject's side headed `subject` (`engine`, `solution`).
    pub fn terminal(&self, subject: &str, styled: bool) -> String {
        let mut out = String::new();
        for line in wrap(&format!("{}:", self.heading), TERMINAL_WIDTH) {
            let _ = writeln!(out, "{line}");
        }
        let panels = match &self.subject {
            Some(other) => vec![
                Panel {
                    label: "reference",
                    picture: &self.reference,
                    marks: Some(self.reference.differences(other)),
                },
                Panel {
                    label: subject,
                    picture: other,
                    marks: Some(other.differences(&self.reference)),
                },
            ],
            None => vec![Panel {
                label: "",
                picture: &self.reference,
                marks: None,
            }],
        };
        let text = terminal(&panels, styled, 2, TERMINAL_WIDTH);
        // A lone picture has no heading line.
        let text = if self.subject.is_none() {
            text.split_once('\n')
                .map_or("", |(_, rest)| rest)
                .to_string()
        } else {
            text
        };
        out.push_str(&text);
        if let Some(other) = &self.subject {
            if other == &self.reference {
                out.push_str(
                    "  (the pictures agree: the texts differ in what the pictures do not show)\n",
                );
            } else if other.caption != self.reference.caption {
                out.push_str("  (the captions differ)\n");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pic(rows: &[&str], caption: &str) -> Picture {
        Picture::new(
            rows.iter()
                .map(|r| {
                    r.chars()
                        .map(|c| Cell::new(c.to_string(), Tone::Empty))
                        .collect()
                })
                .collect(),
            caption,
        )
    }

    #[test]
    fn escape_covers_markup_and_control_characters() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>\u{1}"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\u{FFFD}"
        );
        assert_eq!(escape("turn 3\n"), "turn 3\n");
    }

    #[test]
    fn differing_cells_are_bracketed_side_by_side() {
        let a = pic(&["B.", ".W"], "black 1");
        let b = pic(&["B.", "BW"], "black 2");
        let board = Board {
            heading: "turn 2".into(),
            reference: a,
            subject: Some(b),
        };
        let text = board.terminal("engine", false);
        assert!(text.starts_with("turn 2:\n  reference"), "{text}");
        assert!(text.contains("   B  .         B  .\n"), "{text}");
        assert!(text.contains("[.] W "), "{text}");
        assert!(text.contains("[B] W\n"), "{text}");
        assert!(text.contains("(the captions differ)"), "{text}");
        assert!(!text.contains('\x1b'));
        assert!(board.terminal("engine", true).contains('\x1b'));
    }

    #[test]
    fn styled_lines_end_in_no_space() {
        let a = pic(&["B.", ".."], "");
        let board = Board {
            heading: "turn 1".into(),
            reference: a.clone(),
            subject: Some(a),
        };
        let text = board.terminal("engine", true);
        assert!(text.contains('\x1b'), "{text}");
        for line in text.lines() {
            let plain = anstream::adapter::strip_str(line).to_string();
            assert_eq!(plain, plain.trim_end(), "{line:?}");
        }
        assert_eq!(
            trim_end_styled("a \x1b[1m b \x1b[0m "),
            "a \x1b[1m b\x1b[0m"
        );
        assert_eq!(trim_end_styled("  "), "");
    }

    #[test]
    fn a_long_heading_wraps_to_80_columns() {
        let a = pic(&["B."], "");
        let heading = "turn 2, the first that differs (differing cells in [brackets]; the \
                       engine's trace ended at turn 1)";
        let board = Board {
            heading: heading.into(),
            reference: a.clone(),
            subject: Some(a),
        };
        let text = board.terminal("engine", false);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        let lines: Vec<&str> = text.lines().take(2).collect();
        assert_eq!(lines.join(" "), format!("{heading}:"), "{text}");
    }

    #[test]
    fn wide_pictures_are_stacked() {
        let row: String = "x".repeat(20);
        let a = pic(&[&row], "");
        let panels = [
            Panel {
                label: "reference",
                picture: &a,
                marks: None,
            },
            Panel {
                label: "engine",
                picture: &a,
                marks: None,
            },
        ];
        let text = terminal(&panels, false, 2, 80);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert_eq!(text.lines().filter(|l| l.contains("x  x")).count(), 2);
    }

    #[test]
    fn svg_has_a_title_and_marks_the_differing_cells() {
        let a = pic(&["B.", ".W"], "");
        let b = pic(&["B.", "BW"], "");
        let s = svg(&a, Some(&a.differences(&b)), "reference <turn 2>");
        assert!(s.starts_with("<svg"), "{s}");
        assert!(
            s.contains(
                "<title>reference &lt;turn 2&gt;:\nB .\n. W\ndiffers at row 2 column 1</title>"
            ),
            "{s}"
        );
        assert_eq!(s.matches("class=\"differs\"").count(), 1);
    }
}
