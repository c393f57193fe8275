//! The text of a finding on a terminal: an input shown whole or as its head and tail, and the
//! line diff of two outputs with the changed characters marked.

use std::fmt::Write as _;
use std::path::Path;

/// A terminal report shows an input of at most this many lines whole ([`fits_a_screen`]).
pub const SCREEN_LINES: usize = 40;
/// … and of at most this many bytes.
pub const SCREEN_BYTES: usize = 4096;
/// The most lines of an answers' diff a report on a terminal shows ([`diff_fitted`]).
pub const SCREEN_ANSWER_LINES: usize = 30;
/// … and a report written to a file or a test's failure (JUnit, HTML): more, never unbounded.
pub const REPORT_ANSWER_LINES: usize = 1000;
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

/// [`diff_lines`] with ANSI styles on top of the same text: deletions red, insertions green, the
/// differing characters of a same-width pair also in reverse video (the `? ` line stays). Print
/// it through `anstream`, which drops the styles when the output is not a terminal, under
/// `NO_COLOR` or `--color never`.
pub fn diff_styled(left: &str, right: &str) -> String {
    render_diff(left, right, true)
}

/// [`diff_styled`] (or with `styled` false [`diff_lines`]) fitted to `lines` lines at the most,
/// for a screen or a report that must stay readable whatever the answers' size: runs of lines
/// both sides share are cut to [`CONTEXT_LINES`] around each difference (`  … N equal lines`),
/// a shown line to [`SHOWN_LINE_BYTES`] bytes around its first marked character, and past
/// `lines` lines one last line says how much was left out and how long each answer is. An
/// answer of 5,000 lines against a crash's message is its first lines and that count, not
/// 5,000 lines.
pub fn diff_fitted(left: &str, right: &str, styled: bool, lines: usize) -> String {
    let (mut out, cut) = render_diff_rows(left, right, styled, Some(lines));
    if cut {
        let count = |text: &str| {
            let n = text.lines().count();
            format!(
                "{n} line{}, {} byte{}",
                if n == 1 { "" } else { "s" },
                text.len(),
                if text.len() == 1 { "" } else { "s" }
            )
        };
        let _ = writeln!(out, "(- has {}, + has {})", count(left), count(right));
    }
    out
}

/// Lines of two texts both sides share that a fitted diff ([`diff_fitted`]) shows before and
/// after each difference.
pub const CONTEXT_LINES: usize = 2;

/// One line of a diff before it is written.
enum Row<'a> {
    /// In both.
    Both(&'a str),
    /// `n` lines in both, left out.
    Skipped(usize),
    /// Only the left text's, with the marks of its pair.
    Minus(&'a str, Option<String>),
    /// Only the right text's, with the marks of its pair.
    Plus(&'a str, Option<String>),
}

fn render_diff(left: &str, right: &str, styled: bool) -> String {
    render_diff_rows(left, right, styled, None).0
}

/// The diff of two texts, at most `cap` rows of it (and the runs of lines both share cut to
/// their context) when `cap` is given; whether rows were left out.
fn render_diff_rows(left: &str, right: &str, styled: bool, cap: Option<usize>) -> (String, bool) {
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
    let mut rows: Vec<Row> = Vec::new();
    let ops = diff.ops();
    for (at, op) in ops.iter().enumerate() {
        match *op {
            DiffOp::Equal { old_index, len, .. } => {
                let run = &l[old_index..old_index + len];
                // Fitted: only the context next to a difference.
                let (before, after) = (
                    if at > 0 { CONTEXT_LINES } else { 0 },
                    if at + 1 < ops.len() { CONTEXT_LINES } else { 0 },
                );
                if cap.is_some() && len > before + after + 1 {
                    rows.extend(run[..before].iter().map(|line| Row::Both(line)));
                    rows.push(Row::Skipped(len - before - after));
                    rows.extend(run[len - after..].iter().map(|line| Row::Both(line)));
                } else {
                    rows.extend(run.iter().map(|line| Row::Both(line)));
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => rows.extend(
                l[old_index..old_index + old_len]
                    .iter()
                    .map(|line| Row::Minus(line, None)),
            ),
            DiffOp::Insert {
                new_index, new_len, ..
            } => rows.extend(
                r[new_index..new_index + new_len]
                    .iter()
                    .map(|line| Row::Plus(line, None)),
            ),
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
                        rows.push(Row::Minus(a, marks.clone()));
                        rows.push(Row::Plus(b, marks));
                    }
                } else {
                    rows.extend(old.iter().map(|line| Row::Minus(line, None)));
                    rows.extend(new.iter().map(|line| Row::Plus(line, None)));
                }
            }
        }
    }
    let shown = cap.map_or(rows.len(), |cap| rows.len().min(cap));
    let mut out = String::new();
    for row in &rows[..shown] {
        match row {
            Row::Both(line) => {
                let (line, _) = fit_line(line, None, cap.is_some());
                let _ = writeln!(out, "  {line}");
            }
            Row::Skipped(n) => {
                let _ = writeln!(out, "  … {n} equal line{}", if *n == 1 { "" } else { "s" });
            }
            Row::Minus(line, marks) | Row::Plus(line, marks) => {
                let (sign, base) = match row {
                    Row::Minus(..) => ("- ", red),
                    _ => ("+ ", green),
                };
                let (line, marks) = fit_line(line, marks.as_deref(), cap.is_some());
                match (&marks, styled) {
                    (Some(marks), true) => {
                        let strong = base.effects(Effects::INVERT | Effects::BOLD);
                        let mut s = String::new();
                        for (c, m) in line.chars().zip(marks.chars()) {
                            let st = if m == '^' { strong } else { base };
                            s.push_str(&paint(st, &c.to_string()));
                        }
                        let _ = writeln!(out, "{}{s}", paint(base, sign));
                    }
                    _ => {
                        let _ = writeln!(out, "{}", paint(base, &format!("{sign}{line}")));
                    }
                }
                // The marks follow the pair's second line.
                if let (Row::Plus(..), Some(marks)) = (row, &marks) {
                    let _ = writeln!(out, "? {}", marks.trim_end());
                }
            }
        }
    }
    if left.ends_with('\n') != right.ends_with('\n') && shown == rows.len() {
        let _ = writeln!(out, "(the two differ in the final newline)");
    }
    if shown < rows.len() {
        let left_out: usize = rows[shown..]
            .iter()
            .map(|row| match row {
                Row::Skipped(n) => *n,
                _ => 1,
            })
            .sum();
        let _ = writeln!(
            out,
            "… {left_out} more line{} of the diff not shown",
            if left_out == 1 { "" } else { "s" }
        );
    }
    (out, shown < rows.len())
}

/// A line of a diff and its marks as shown: whole, or when `fitted` and over
/// [`SHOWN_LINE_BYTES`] bytes, a window of it around its first marked character (the marks cut
/// alike), `…` where cut.
fn fit_line(line: &str, marks: Option<&str>, fitted: bool) -> (String, Option<String>) {
    let width = line.chars().count();
    if !fitted || line.len() <= SHOWN_LINE_BYTES {
        return (line.to_string(), marks.map(str::to_string));
    }
    let keep = SHOWN_LINE_BYTES / 2;
    let first = marks
        .and_then(|m| m.find('^'))
        .map_or(0, |at| m_chars(marks, at));
    let start = first.saturating_sub(keep / 4);
    let end = (start + keep).min(width);
    let cut = |s: &str, pad: char| {
        let mut shown = String::new();
        if start > 0 {
            shown.push(pad);
        }
        shown.extend(s.chars().skip(start).take(end - start));
        if end < width {
            shown.push(pad);
        }
        shown
    };
    (cut(line, '…'), marks.map(|m| cut(m, ' ')))
}

/// The character index of byte `at` of `marks`.
fn m_chars(marks: Option<&str>, at: usize) -> usize {
    marks.map_or(0, |m| m[..at].chars().count())
}

/// The heading of a [`diff_lines`] diff of `minus`'s text against `plus`'s: `--- output diff
/// (- MINUS, + PLUS, two spaces = both) ---`, and where the diff marks characters, what its `?`
/// line says ([`MARK_LEGEND`]).
pub fn diff_heading(minus: &str, plus: &str, diff: &str) -> String {
    let marked = diff.lines().any(|l| l.starts_with("? "));
    format!(
        "--- output diff (- {minus}, + {plus}, two spaces = both{}) ---",
        if marked {
            format!("; {MARK_LEGEND}")
        } else {
            String::new()
        }
    )
}

/// What the one intraline marker of every report means: a line of `^` under the characters
/// that differ, below the line it marks (in a line diff, that line starts with `? `).
pub const MARK_LEGEND: &str = "^ under each character that differs";

/// Where two answers differ, as [`answer_differences`] finds it: a line, or with the `tokens`
/// and `float` checkers a token.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// The line (from 1): of the solution's answer for a token, or of the expected one where the
    /// solution's has ended.
    pub line: usize,
    /// For a token: its index in the whole answer, and in its line (both from 1).
    pub token: Option<(usize, usize)>,
    /// The expected line or token (`None`: the expected answer has ended).
    pub expected: Option<String>,
    /// The solution's (`None`: its answer has ended).
    pub got: Option<String>,
}

/// How answers are cut into the pieces [`answer_differences`] compares: lines (trailing
/// whitespace and trailing blank lines ignored, as the `lines` checker and judges compare), or
/// tokens, equal as [`tokens_equal`](crate::harness::programs::checker::tokens_equal) says
/// (`tolerance`: of the `float` checker).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pieces {
    /// Line by line.
    Lines,
    /// Token by token, numbers within the tolerance equal.
    Tokens {
        /// `float`'s absolute and relative error.
        tolerance: Option<(f64, f64)>,
    },
}

impl Pieces {
    /// The pieces a checker compares: tokens for `tokens` and `float`, else lines (a checker
    /// program's answers are shown line by line).
    pub fn of(checker: &crate::harness::programs::checker::Checker) -> Pieces {
        use crate::harness::programs::checker::Checker;
        match checker {
            Checker::Tokens => Pieces::Tokens { tolerance: None },
            Checker::Float { abs, rel } => Pieces::Tokens {
                tolerance: Some((*abs, *rel)),
            },
            _ => Pieces::Lines,
        }
    }
}

/// Every place where the solution's answer `got` differs from `expected`, in order: position by
/// position, as a judge compares them.
pub fn answer_differences(expected: &str, got: &str, pieces: Pieces) -> Vec<Difference> {
    match pieces {
        Pieces::Lines => {
            let lines = |text: &str| -> Vec<String> {
                let mut lines: Vec<String> =
                    text.lines().map(|l| l.trim_end().to_string()).collect();
                while lines.last().is_some_and(|l| l.is_empty()) {
                    lines.pop();
                }
                lines
            };
            let (e, g) = (lines(expected), lines(got));
            (0..e.len().max(g.len()))
                .filter(|&i| e.get(i) != g.get(i))
                .map(|i| Difference {
                    line: i + 1,
                    token: None,
                    expected: e.get(i).cloned(),
                    got: g.get(i).cloned(),
                })
                .collect()
        }
        Pieces::Tokens { tolerance } => {
            // Each token with its line and its index in the line.
            let tokens = |text: &str| -> Vec<(String, usize, usize)> {
                text.lines()
                    .enumerate()
                    .flat_map(|(l, line)| {
                        line.split_whitespace()
                            .enumerate()
                            .map(move |(t, tok)| (tok.to_string(), l + 1, t + 1))
                    })
                    .collect()
            };
            let (e, g) = (tokens(expected), tokens(got));
            (0..e.len().max(g.len()))
                .filter(|&i| match (e.get(i), g.get(i)) {
                    (Some(a), Some(b)) => {
                        !crate::harness::programs::checker::tokens_equal(&b.0, &a.0, tolerance)
                    }
                    _ => true,
                })
                .map(|i| {
                    let (_, line, index) = g.get(i).or(e.get(i)).expect("one side has it");
                    Difference {
                        line: *line,
                        token: Some((i + 1, *index)),
                        expected: e.get(i).map(|t| t.0.clone()),
                        got: g.get(i).map(|t| t.0.clone()),
                    }
                })
                .collect()
        }
    }
}

/// How many differences [`answers`] shows: the first, and a few after it; the rest are counted.
pub const SHOWN_DIFFERENCES: usize = 3;

/// Lines longer than this many characters are shown as a window around their first difference.
const ANSWER_WINDOW: usize = 100;

/// The two answers of a wrong-answer finding as a person compares them: the heading
/// (`--- answer, line by line (…) ---`, the marker explained), then the first
/// [`SHOWN_DIFFERENCES`] differences, each as
///
/// ```text
/// answer line 2: expected `5 7`
///                     got `5 8`
///                            ^
/// ```
///
/// (`answer token 4 (line 2, token 1): …` with the `tokens` and `float` checkers), and a count
/// of the rest. `whose` names the two answers in the heading (`the brute force's`, `the
/// solution's`). `styled` adds colour on top of the same text (the expected piece green, the
/// solution's red, its differing characters in reverse video).
pub fn answers(
    expected: &str,
    got: &str,
    pieces: Pieces,
    (whose_expected, whose_got): (&str, &str),
    styled: bool,
) -> String {
    use anstyle::{AnsiColor, Effects, Style};
    let paint = |style: Style, text: &str| {
        if styled && !text.is_empty() {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    };
    let green = Style::new().fg_color(Some(AnsiColor::Green.into()));
    let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let strong = red.effects(Effects::INVERT | Effects::BOLD);
    let (by, unit) = match pieces {
        Pieces::Lines => ("line by line", "line"),
        Pieces::Tokens { .. } => ("token by token", "token"),
    };
    let mut out = format!(
        "--- answer, {by} (expected: {whose_expected}; got: {whose_got}; {MARK_LEGEND}) ---\n"
    );
    let differences = answer_differences(expected, got, pieces);
    if differences.is_empty() {
        let _ = writeln!(
            out,
            "(no {unit} differs: the checker's note says why it refused the answer)"
        );
        return out;
    }
    let count = |text: &str| match pieces {
        Pieces::Lines => answer_differences("", text, pieces).len(),
        Pieces::Tokens { .. } => text.split_whitespace().count(),
    };
    for d in differences.iter().take(SHOWN_DIFFERENCES) {
        let head = match d.token {
            None => format!("answer line {}: ", d.line),
            Some((k, t)) => format!("answer token {k} (line {}, token {t}): ", d.line),
        };
        let width = head.chars().count() + "expected ".len();
        let (e, g) = window(d.expected.as_deref(), d.got.as_deref());
        let ended = |whose: &str, text: &str| {
            let n = count(text);
            format!(
                "nothing ({whose} answer has {n} {unit}{})",
                if n == 1 { "" } else { "s" }
            )
        };
        let shown_e = match &e {
            Some(e) => format!("`{}`", paint(green, e)),
            None => ended("the expected", expected),
        };
        let _ = writeln!(out, "{head}expected {shown_e}");
        let shown_g = match (&g, &e) {
            (Some(g), Some(e)) => {
                let e: Vec<char> = e.chars().collect();
                let mut s = String::new();
                for (i, c) in g.chars().enumerate() {
                    let st = if e.get(i) == Some(&c) { red } else { strong };
                    s.push_str(&paint(st, &c.to_string()));
                }
                format!("`{s}`")
            }
            (Some(g), None) => format!("`{}`", paint(red, g)),
            (None, _) => ended("the solution's", got),
        };
        let _ = writeln!(out, "{:>width$}{shown_g}", "got ");
        if let (Some(e), Some(g)) = (&e, &g) {
            let (e, g): (Vec<char>, Vec<char>) = (e.chars().collect(), g.chars().collect());
            let marks: String = (0..e.len().max(g.len()))
                .map(|i| if e.get(i) == g.get(i) { ' ' } else { '^' })
                .collect();
            let _ = writeln!(out, "{}{}", " ".repeat(width + 1), marks.trim_end());
        }
    }
    let rest = differences.len().saturating_sub(SHOWN_DIFFERENCES);
    if rest > 0 {
        let _ = writeln!(
            out,
            "… and {rest} more {unit}{} differ{}",
            if rest == 1 { "" } else { "s" },
            if rest == 1 { "s" } else { "" }
        );
    }
    out
}

/// Two pieces as [`answers`] shows them: whole, or where either is over [`ANSWER_WINDOW`]
/// characters, the same window of both around their first differing character, `…` where cut.
fn window(expected: Option<&str>, got: Option<&str>) -> (Option<String>, Option<String>) {
    let long = |s: Option<&str>| s.is_some_and(|s| s.chars().count() > ANSWER_WINDOW);
    if !long(expected) && !long(got) {
        return (expected.map(str::to_string), got.map(str::to_string));
    }
    let chars = |s: Option<&str>| s.map(|s| s.chars().collect::<Vec<char>>());
    let (e, g) = (chars(expected), chars(got));
    let first = match (&e, &g) {
        (Some(e), Some(g)) => (0..e.len().max(g.len()))
            .find(|&i| e.get(i) != g.get(i))
            .unwrap_or(0),
        _ => 0,
    };
    let start = first.saturating_sub(ANSWER_WINDOW / 4);
    let cut = |s: Option<Vec<char>>| {
        s.map(|s| {
            let end = (start + ANSWER_WINDOW).min(s.len());
            let mut shown: String = if start > 0 {
                "…".into()
            } else {
                String::new()
            };
            shown.extend(&s[start.min(s.len())..end]);
            if end < s.len() {
                shown.push('…');
            }
            shown
        })
    };
    (cut(e), cut(g))
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
    fn a_fitted_diff_of_a_long_answer_against_a_crash_is_a_screen_and_its_counts() {
        let expected: String = (1..=5000).map(|i| format!("{i}\n")).collect();
        let got = "(runtime error) exit code 3";
        let whole = diff_lines(&expected, got);
        assert_eq!(whole.lines().count(), 5002, "and the final newline's line");
        let fitted = diff_fitted(&expected, got, false, 30);
        let lines: Vec<&str> = fitted.lines().collect();
        assert_eq!(lines.len(), 32, "{fitted}");
        assert_eq!(lines[0], "- 1");
        assert_eq!(lines[29], "- 30");
        assert_eq!(lines[30], "… 4971 more lines of the diff not shown");
        assert_eq!(
            lines[31],
            format!(
                "(- has 5000 lines, {} bytes, + has 1 line, 27 bytes)",
                expected.len()
            )
        );
        // What fits is shown as it was.
        assert_eq!(
            diff_fitted("1\n2\n", "1\n3\n", false, 30),
            diff_lines("1\n2\n", "1\n3\n")
        );
    }

    #[test]
    fn a_fitted_diff_keeps_the_context_of_each_difference_and_counts_the_rest() {
        let expected: String = (1..=1000).map(|i| format!("{i}\n")).collect();
        let got = expected.replace("\n500\n", "\n509\n");
        let fitted = diff_fitted(&expected, &got, false, 30);
        assert_eq!(
            fitted,
            "  … 497 equal lines\n  498\n  499\n- 500\n+ 509\n?   ^\n  501\n  502\n  … 498 equal \
             lines\n"
        );
    }

    #[test]
    fn a_fitted_diff_shows_a_long_line_around_its_first_difference() {
        let expected = "7".repeat(300_000) + "\n";
        let mut got = expected.clone().into_bytes();
        got[150_000] = b'8';
        let got = String::from_utf8(got).unwrap();
        let fitted = diff_fitted(&expected, &got, false, 30);
        for line in fitted.lines() {
            assert!(line.chars().count() < 120, "{line}");
        }
        let minus = fitted.lines().find(|l| l.starts_with("- ")).unwrap();
        let plus = fitted.lines().find(|l| l.starts_with("+ ")).unwrap();
        let marks = fitted.lines().find(|l| l.starts_with("? ")).unwrap();
        let at = marks.find('^').unwrap();
        assert_eq!(&minus[..2], "- ");
        assert_eq!(plus.chars().nth(at), Some('8'), "{fitted}");
        assert_eq!(minus.chars().nth(at), Some('7'), "{fitted}");
        assert!(minus.starts_with("- …") && minus.ends_with('…'), "{minus}");
    }

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
        // On a terminal: colour on top of the same marker line.
        let styled = diff_styled("|..A.|\n", "|.A..|\n");
        assert!(styled.contains('\x1b'), "{styled:?}");
        assert!(styled.ends_with("\n?   ^^\n"), "{styled:?}");
        // The heading explains the marker where the diff has one.
        assert_eq!(
            diff_heading("reference", "engine", &d),
            "--- output diff (- reference, + engine, two spaces = both; ^ under each character \
             that differs) ---"
        );
        assert_eq!(
            diff_heading("reference", "engine", "- 1\n+ 22\n"),
            "--- output diff (- reference, + engine, two spaces = both) ---"
        );
    }

    const WHOSE: (&str, &str) = ("the brute force's", "the solution's");

    #[test]
    fn answers_show_the_differing_line_by_its_number_with_the_marker_explained() {
        let shown = answers(
            "1\n5 7\n9\n",
            "1\n5 8  \n9\n\n",
            Pieces::Lines,
            WHOSE,
            false,
        );
        assert_eq!(
            shown,
            "--- answer, line by line (expected: the brute force's; got: the solution's; ^ under \
             each character that differs) ---\n\
             answer line 2: expected `5 7`\n\
             \x20                   got `5 8`\n\
             \x20                          ^\n"
        );
        // The same text under the colours.
        let styled = answers("1\n5 7\n9\n", "1\n5 8\n9\n", Pieces::Lines, WHOSE, true);
        assert!(styled.contains('\x1b'), "{styled:?}");
        let plain = anstream::adapter::strip_str(&styled).to_string();
        assert_eq!(
            plain,
            answers("1\n5 7\n9\n", "1\n5 8\n9\n", Pieces::Lines, WHOSE, false)
        );
    }

    #[test]
    fn answers_show_the_first_few_differences_then_count_the_rest() {
        let expected = "1\n2\n3\n4\n5\n6\n";
        let shown = answers(expected, "0\n2\n0\n0\n0\n", Pieces::Lines, WHOSE, false);
        let heads: Vec<&str> = shown
            .lines()
            .filter(|l| l.starts_with("answer ") || l.starts_with('…'))
            .collect();
        assert_eq!(
            heads,
            [
                "answer line 1: expected `1`",
                "answer line 3: expected `3`",
                "answer line 4: expected `4`",
                "… and 2 more lines differ"
            ]
        );
        // A missing line: what the shorter answer has.
        let short = answers("1\n2\n", "1\n", Pieces::Lines, WHOSE, false);
        assert!(
            short.contains(
                "answer line 2: expected `2`\n                    got nothing (the solution's \
                 answer has 1 line)\n"
            ),
            "{short}"
        );
    }

    #[test]
    fn answers_by_token_say_the_tokens_index_its_line_and_its_place_in_the_line() {
        let shown = answers(
            "3\n-1\n4\n",
            "3 0 4\n",
            Pieces::Tokens { tolerance: None },
            WHOSE,
            false,
        );
        assert!(
            shown.contains(
                "--- answer, token by token (expected: the brute force's; got: the solution's; \
                 ^ under each character that differs) ---\n\
                 answer token 2 (line 1, token 2): expected `-1`\n\
                 \x20                                      got `0`\n\
                 \x20                                           ^^\n"
            ),
            "{shown}"
        );
        // Within the tolerance, a number is no difference.
        let float = Pieces::Tokens {
            tolerance: Some((1e-6, 1e-6)),
        };
        let d = answer_differences("0.5 2.0\n", "0.5000001 2.5\n", float);
        assert_eq!(
            d,
            [Difference {
                line: 1,
                token: Some((2, 2)),
                expected: Some("2.0".into()),
                got: Some("2.5".into()),
            }]
        );
    }

    #[test]
    fn a_long_line_is_shown_around_its_first_difference() {
        let expected: String = (0..300)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let mut got = expected.clone();
        got.replace_range(200..201, "#");
        let shown = answers(&expected, &got, Pieces::Lines, WHOSE, false);
        let lines: Vec<&str> = shown.lines().collect();
        assert!(lines[1].contains("expected `…"), "{shown}");
        assert!(lines[1].ends_with("…`"), "{shown}");
        // The marker is under the one character that differs.
        let at = |line: &str, c: char| line.chars().position(|x| x == c);
        assert_eq!(at(lines[3], '^'), at(lines[2], '#'), "{shown}");
        assert_eq!(lines[3].trim(), "^");
    }
}
