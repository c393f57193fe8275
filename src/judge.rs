//! Reading judge input text the way `docs/judge-text.md` says, for the optimized engines.
//!
//! Every engine reads its input through [`JudgeText`], so every engine reports bad input with the
//! same error classes and line numbers as the reference implementations (which implement the same
//! contract independently, in `reference/src/judge_text.rs`). The reader is allocation-free: lines
//! and fields are borrowed slices of the input.

use std::fmt;

/// The error classes of `docs/judge-text.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// `not-utf8`: the bytes are not UTF-8.
    NotUtf8,
    /// `truncated`: the input ends before a required line.
    Truncated,
    /// `malformed`: a wrong number of fields on a line, or a field of the wrong form.
    Malformed,
    /// `out-of-range`: a number outside the game's limits.
    OutOfRange,
    /// `trailing`: non-blank content after the last required line.
    Trailing,
    /// `invalid`: well-formed input that breaks a rule of the game's constraints.
    Invalid,
}

impl ErrorClass {
    /// The class's name as written in the contract, e.g. `out-of-range`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorClass::NotUtf8 => "not-utf8",
            ErrorClass::Truncated => "truncated",
            ErrorClass::Malformed => "malformed",
            ErrorClass::OutOfRange => "out-of-range",
            ErrorClass::Trailing => "trailing",
            ErrorClass::Invalid => "invalid",
        }
    }
}

/// A rejected input: the class and 1-based line the contract prescribes, plus a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeError {
    /// The error class.
    pub class: ErrorClass,
    /// The 1-based line the error is reported at.
    pub line: usize,
    /// A message for people; not compared.
    pub message: String,
}

impl JudgeError {
    /// An error of class `class` at line `line`.
    pub fn new(class: ErrorClass, line: usize, message: impl Into<String>) -> JudgeError {
        JudgeError {
            class,
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: {}: {}",
            self.line,
            self.class.name(),
            self.message
        )
    }
}

impl std::error::Error for JudgeError {}

/// A cursor over the required lines of a judge input.
///
/// [`JudgeText::new`] checks UTF-8 (`not-utf8`); [`JudgeText::line`] (a line of exactly N fields),
/// [`JudgeText::line_in`] (a line of N to M fields) and [`JudgeText::fields`] (the N fields
/// themselves) read the next required line, `truncated` past the last non-blank one and
/// `malformed` for a wrong number of fields; [`number`] reads a bounded number (`malformed`,
/// `out-of-range`); [`JudgeText::finish`] requires the rest to be blank (`trailing`). Each error
/// names the 1-based line, and converts into a [`crate::game::Rejection`] with `?`.
///
/// # Example
///
/// ```
/// use boardfuzz::game::Rejection;
/// use boardfuzz::judge::{number, JudgeText};
///
/// /// Take-away's answer (`N M`, then M moves of 1 to 3 stones), read through `JudgeText`.
/// pub fn solve(input: &[u8]) -> Result<String, Rejection> {
///     let mut text = JudgeText::new(input)?;
///     let (at, [pile, count]) = text.fields("the pile and the number of moves")?;
///     let mut left = number(pile, at, "N", 1, 1000)?;
///     let count = number(count, at, "M", 0, 1000)?;
///     let mut winner = None;
///     for t in 1..=count {
///         let (at, [take]) = text.fields("a move")?;
///         let take = number(take, at, "a move", 1, 3)?;
///         if winner.is_some() || take > left {
///             return Err(Rejection::new("invalid", at, format!("move {t}")));
///         }
///         left -= take;
///         if left == 0 {
///             winner = Some(format!("{} {t}\n", if t % 2 == 1 { "A" } else { "B" }));
///         }
///     }
///     text.finish()?;
///     Ok(winner.unwrap_or_else(|| "none\n".to_string()))
/// }
/// # fn main() {
///
/// assert_eq!(solve(b"3 2\n1\n2\n"), Ok("B 2\n".to_string()));
/// let class_line = |input: &[u8]| solve(input).map_err(|e| (e.class, e.line)).unwrap_err();
/// assert_eq!(class_line(b"3 2\n1\n"), ("truncated", 3));
/// assert_eq!(class_line(b"3 1\n4\n"), ("out-of-range", 2));
/// assert_eq!(class_line(b"3 1\n1 1\n"), ("malformed", 2));
/// assert_eq!(class_line(b"3 1\n3\n1\n"), ("trailing", 3));
/// assert_eq!(class_line(b"2 2\n2\n1\n"), ("invalid", 3));
/// # }
/// ```
pub struct JudgeText<'a> {
    rest: &'a str,
    /// Number of the next line to be read (1-based).
    next: usize,
}

impl<'a> JudgeText<'a> {
    /// Checks UTF-8.
    pub fn new(input: &'a [u8]) -> Result<JudgeText<'a>, JudgeError> {
        let text = match std::str::from_utf8(input) {
            Ok(text) => text,
            Err(e) => {
                let good = &input[..e.valid_up_to()];
                let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
                return Err(JudgeError::new(
                    ErrorClass::NotUtf8,
                    line,
                    format!("byte {} is not valid UTF-8", e.valid_up_to()),
                ));
            }
        };
        Ok(JudgeText {
            rest: text,
            next: 1,
        })
    }

    /// Whether no line from the next one on holds a non-whitespace character, i.e. the next line
    /// is past the last non-blank line. (Asked where needed rather than by counting the lines up
    /// to the last non-blank one first: the scan stops at the first non-whitespace byte, which
    /// for a line that is read is in that line, unless the line is blank, which is an error.)
    fn ended(&self) -> bool {
        self.rest.bytes().all(|b| b.is_ascii_whitespace())
    }

    /// Reads the next required line, which must have exactly `count` fields. Returns its number
    /// and the line; iterate its fields with [`fields`].
    pub fn line(&mut self, count: usize, what: &str) -> Result<(usize, &'a str), JudgeError> {
        let number = self.next;
        if self.ended() {
            return Err(JudgeError::new(
                ErrorClass::Truncated,
                number,
                format!("input ends before {what}"),
            ));
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.next += 1;
        let found = fields(line).count();
        if found != count {
            return Err(JudgeError::new(
                ErrorClass::Malformed,
                number,
                format!("expected {count} field(s) for {what}, found {found}"),
            ));
        }
        Ok((number, line))
    }

    /// Reads the next required line, whose number of fields must lie in `counts` (for a line of
    /// variable length, e.g. dice_yut's dice). Otherwise exactly as [`JudgeText::line`]: `truncated`
    /// past the last non-blank line, `malformed` for a count outside the range. Returns the
    /// line's number and the line.
    pub fn line_in(
        &mut self,
        counts: std::ops::RangeInclusive<usize>,
        what: &str,
    ) -> Result<(usize, &'a str), JudgeError> {
        let number = self.next;
        if self.ended() {
            return Err(JudgeError::new(
                ErrorClass::Truncated,
                number,
                format!("input ends before {what}"),
            ));
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.next += 1;
        let found = fields(line).count();
        if !counts.contains(&found) {
            return Err(JudgeError::new(
                ErrorClass::Malformed,
                number,
                format!(
                    "expected {} to {} fields for {what}, found {found}",
                    counts.start(),
                    counts.end()
                ),
            ));
        }
        Ok((number, line))
    }

    /// Reads a required line of exactly `N` fields and returns them.
    pub fn fields<const N: usize>(
        &mut self,
        what: &str,
    ) -> Result<(usize, [&'a str; N]), JudgeError> {
        let (number, line) = self.line(N, what)?;
        let mut out = [""; N];
        for (slot, field) in out.iter_mut().zip(fields(line)) {
            *slot = field;
        }
        Ok((number, out))
    }

    /// Requires every remaining line to be blank.
    pub fn finish(self) -> Result<(), JudgeError> {
        if !self.ended() {
            // The first non-blank line at or after `next`.
            let mut number = self.next;
            for line in self.rest.split('\n') {
                if fields(line).next().is_some() {
                    break;
                }
                number += 1;
            }
            return Err(JudgeError::new(
                ErrorClass::Trailing,
                number,
                "unexpected content after the last required line",
            ));
        }
        Ok(())
    }
}

/// The fields of a line: split on ASCII whitespace.
pub fn fields(line: &str) -> std::str::SplitAsciiWhitespace<'_> {
    line.split_ascii_whitespace()
}

/// Parses a number field (optional `-`, then ASCII digits) that must lie in `lo..=hi`.
pub fn number(field: &str, line: usize, what: &str, lo: i64, hi: i64) -> Result<i64, JudgeError> {
    let digits = field.strip_prefix('-').unwrap_or(field);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(JudgeError::new(
            ErrorClass::Malformed,
            line,
            format!("{what} must be a number, found `{field}`"),
        ));
    }
    let out_of_range = || {
        JudgeError::new(
            ErrorClass::OutOfRange,
            line,
            format!("{what} must be in {lo}..={hi}, found {field}"),
        )
    };
    let value: i64 = field.parse().map_err(|_| out_of_range())?;
    if value < lo || value > hi {
        return Err(out_of_range());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(r: Result<(), JudgeError>) -> Option<(&'static str, usize)> {
        r.err().map(|e| (e.class.name(), e.line))
    }

    fn read(input: &str, counts: &[usize]) -> Result<(), JudgeError> {
        let mut t = JudgeText::new(input.as_bytes())?;
        for &c in counts {
            t.line(c, "x")?;
        }
        t.finish()
    }

    #[test]
    fn reads_lines_with_crlf_and_extra_blanks() {
        assert_eq!(class(read("1 2\r\n  3\t\n\n\n", &[2, 1])), None);
    }

    #[test]
    fn truncated_versus_malformed_blank_line() {
        assert_eq!(class(read("", &[1])), Some(("truncated", 1)));
        assert_eq!(class(read("1\n\n", &[1, 1])), Some(("truncated", 2)));
        assert_eq!(class(read("1\n\n2\n", &[1, 1, 1])), Some(("malformed", 2)));
        assert_eq!(class(read("1 2\n", &[1])), Some(("malformed", 1)));
    }

    #[test]
    fn a_line_with_a_range_of_field_counts() {
        let read_in = |input: &str| -> Result<(), JudgeError> {
            let mut t = JudgeText::new(input.as_bytes())?;
            let (number, line) = t.line_in(2..=3, "x")?;
            assert_eq!(number, 1);
            assert!(matches!(fields(line).count(), 2 | 3));
            t.finish()
        };
        assert_eq!(class(read_in("1 2\n")), None);
        assert_eq!(class(read_in(" 1 2 3\r\n\n")), None);
        assert_eq!(class(read_in("1\n")), Some(("malformed", 1)));
        assert_eq!(class(read_in("1 2 3 4\n")), Some(("malformed", 1)));
        assert_eq!(class(read_in("\n1 2\n")), Some(("malformed", 1)));
        assert_eq!(class(read_in(" \n\n")), Some(("truncated", 1)));
        assert_eq!(class(read_in("1 2\n\nx\n")), Some(("trailing", 3)));
        // A range line and an exact line read on together.
        let mut t = JudgeText::new(b"1\n2 3\n").unwrap();
        assert_eq!(t.line_in(1..=5, "x").unwrap().0, 1);
        assert_eq!(t.line(2, "y").unwrap().0, 2);
        assert!(t.finish().is_ok());
    }

    #[test]
    fn trailing_content_is_reported_at_its_line() {
        assert_eq!(class(read("1\n\n \nx\n", &[1])), Some(("trailing", 4)));
    }

    #[test]
    fn numbers() {
        let n = |s: &str| number(s, 7, "n", -5, 100).map_err(|e| (e.class.name(), e.line));
        assert_eq!(n("007"), Ok(7));
        assert_eq!(n("-0"), Ok(0));
        assert_eq!(n("-5"), Ok(-5));
        assert_eq!(n("+5"), Err(("malformed", 7)));
        assert_eq!(n("5.0"), Err(("malformed", 7)));
        assert_eq!(n("-"), Err(("malformed", 7)));
        assert_eq!(n("101"), Err(("out-of-range", 7)));
        assert_eq!(n("99999999999999999999999"), Err(("out-of-range", 7)));
    }

    #[test]
    fn non_utf8_names_its_line() {
        let e = JudgeText::new(b"1\n2\n\xff\n").err().unwrap();
        assert_eq!((e.class, e.line), (ErrorClass::NotUtf8, 3));
    }
}
