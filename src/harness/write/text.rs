//! The text of a finding on a terminal: an input shown whole or as its head and tail, and the
//! line diff of two outputs with the changed characters marked.

use std::fmt::Write as _;
use std::path::Path;

/// A terminal report shows an input of at most this many lines whole ([`fits_a_screen`]).
pub const SCREEN_LINES: usize = 40;
/// … and of at most this many bytes.
pub const SCREEN_BYTES: usize = 4096;
/// How many first lines, and how many last lines, [`head_and_tail`] shows.
pub const HEAD_LINES: usize = 20;
/// See [`HEAD_LINES`].
pub const TAIL_LINES: usize = 10;
/// A line [`head_and_tail`] shows is cut after this many bytes.
pub const SHOWN_LINE_BYTES: usize = 200;

/// Whether a terminal shows `input` whole: at most [`SCREEN_LINES`] lines and
/// [`SCREEN_BYTES`] bytes.
pub fn fits_a_screen(input: &str) -> bool {
    input.len() <= SCREEN_BYTES && input.lines().count() <= SCREEN_LINES
}

/// A big input as a terminal shows it: its first [`HEAD_LINES`] and last [`TAIL_LINES`] lines,
/// each cut after [`SHOWN_LINE_BYTES`] bytes (`…`), and between them (or after them, when no
/// line is left out) `… N lines (B bytes) not shown; the whole case: PATH`, B counting every
/// byte left out.
pub fn head_and_tail(input: &str, whole: &Path) -> String {
    let lines: Vec<&str> = input.lines().collect();
    let (head, tail) = if lines.len() > HEAD_LINES + TAIL_LINES {
        (HEAD_LINES, TAIL_LINES)
    } else {
        (lines.len(), 0)
    };
    let mut shown_bytes = 0;
    let mut show = |line: &str, out: &mut String| {
        let mut cut = line.len().min(SHOWN_LINE_BYTES);
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        shown_bytes += cut + 1;
        out.push_str(&line[..cut]);
        if cut < line.len() {
            out.push('…');
        }
        out.push('\n');
    };
    let mut out = String::new();
    for line in &lines[..head] {
        show(line, &mut out);
    }
    let mut rest = String::new();
    for line in &lines[lines.len() - tail..] {
        show(line, &mut rest);
    }
    let left_out = lines.len() - head - tail;
    let _ = writeln!(
        out,
        "… {left_out} line{} ({} bytes) not shown; the whole case: {}",
        if left_out == 1 { "" } else { "s" },
        input.len().saturating_sub(shown_bytes),
        whole.display()
    );
    out + &rest
}

/// A line diff of two texts (`left` the reference's, `right` the other side's), aligned by the
/// `similar` crate (Myers' algorithm): `  ` in both, `- ` only left, `+ ` only right, so one
/// missing line shows as one deletion, not as every later line changed. When a line is replaced
/// by one of the same width — a fixed-layout output such as the 32×32 yut board — a `? ` line
/// follows with `^` under each differing character (as Python's `difflib.ndiff` does). Plain
/// text; [`diff_styled`] adds colour.
pub fn diff_lines(left: &str, right: &str) -> String {
    render_diff(left, right, false)
}

/// [`diff_lines`] with ANSI styles: deletions red, insertions green, the differing characters of
/// a same-width pair in reverse video. Print it through `anstream`, which drops the styles when
/// the output is not a terminal, under `NO_COLOR` or `--color never`.
pub fn diff_styled(left: &str, right: &str) -> String {
    render_diff(left, right, true)
}

fn render_diff(left: &str, right: &str, styled: bool) -> String {
    use anstyle::{AnsiColor, Effects, Style};
    use similar::{DiffOp, TextDiff};
    let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let green = Style::new().fg_color(Some(AnsiColor::Green.into()));
    let paint = |style: Style, text: &str| {
        if styled {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    };
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let diff = TextDiff::from_slices(&l, &r);
    let mut out = String::new();
    for op in diff.ops() {
        match *op {
            DiffOp::Equal { old_index, len, .. } => {
                for line in &l[old_index..old_index + len] {
                    let _ = writeln!(out, "  {line}");
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                for line in &l[old_index..old_index + old_len] {
                    let _ = writeln!(out, "{}", paint(red, &format!("- {line}")));
                }
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                for line in &r[new_index..new_index + new_len] {
                    let _ = writeln!(out, "{}", paint(green, &format!("+ {line}")));
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let old = &l[old_index..old_index + old_len];
                let new = &r[new_index..new_index + new_len];
                if old_len == new_len {
                    // Pairs, each with the characters that differ marked.
                    for (a, b) in old.iter().zip(new) {
                        let marks = char_marks(a, b);
                        match (&marks, styled) {
                            (Some(marks), true) => {
                                let emph = |line: &str, base: Style| {
                                    let strong = base.effects(Effects::INVERT | Effects::BOLD);
                                    let mut s = String::new();
                                    for (c, m) in line.chars().zip(marks.chars()) {
                                        let st = if m == '^' { strong } else { base };
                                        s.push_str(&paint(st, &c.to_string()));
                                    }
                                    s
                                };
                                let _ = writeln!(out, "{}{}", paint(red, "- "), emph(a, red));
                                let _ = writeln!(out, "{}{}", paint(green, "+ "), emph(b, green));
                            }
                            _ => {
                                let _ = writeln!(out, "{}", paint(red, &format!("- {a}")));
                                let _ = writeln!(out, "{}", paint(green, &format!("+ {b}")));
                            }
                        }
                        if let (Some(marks), false) = (marks, styled) {
                            let _ = writeln!(out, "? {}", marks.trim_end());
                        }
                    }
                } else {
                    for line in old {
                        let _ = writeln!(out, "{}", paint(red, &format!("- {line}")));
                    }
                    for line in new {
                        let _ = writeln!(out, "{}", paint(green, &format!("+ {line}")));
                    }
                }
            }
        }
    }
    if left.ends_with('\n') != right.ends_with('\n') {
        let _ = writeln!(out, "(the two differ in the final newline)");
    }
    out
}

/// For two lines of the same width in characters: a marker string with `^` under each differing
/// character and spaces elsewhere; `None` when the widths differ.
fn char_marks(a: &str, b: &str) -> Option<String> {
    if a.chars().count() != b.chars().count() {
        return None;
    }
    Some(
        a.chars()
            .zip(b.chars())
            .map(|(x, y)| if x == y { ' ' } else { '^' })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_aligns_an_inserted_line() {
        let d = diff_lines("1\n2\n3\n4\n", "1\n2\nextra line\n3\n4\n");
        assert_eq!(d, "  1\n  2\n+ extra line\n  3\n  4\n");
        let d = diff_lines("1\n2\n3\n", "1\n3\n");
        assert_eq!(d, "  1\n- 2\n  3\n");
    }

    #[test]
    fn diff_marks_the_changed_character_of_a_same_width_line() {
        let d = diff_lines("ab\n|..A.|\nz\n", "ab\n|.A..|\nz\n");
        assert_eq!(d, "  ab\n- |..A.|\n+ |.A..|\n?   ^^\n  z\n");
        assert!(!d.contains('\x1b'));
        let styled = diff_styled("|..A.|\n", "|.A..|\n");
        assert!(styled.contains('\x1b'), "{styled:?}");
    }
}
