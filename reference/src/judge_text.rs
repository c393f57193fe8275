//! The judge-text reading contract of `docs/judge-text.md`, written out step by step.
//!
//! Every reference game reads its input through [`JudgeText`] (steps 1–6 and 8 of the contract)
//! and checks its number fields with [`number`] (the number rule of step 7). Game-specific field
//! kinds (letters, throw strings, board rows) are checked by the game itself. Step 9, the semantic
//! `invalid` checks, belongs to the games too: they run it only after [`JudgeText::finish`] has
//! accepted the whole input.
//!
//! Line numbers are 1-based everywhere, as in the contract.

use crate::InputError;

/// An input text split into lines, with a cursor over the required lines.
///
/// Built by [`JudgeText::new`]; the game then calls [`JudgeText::required_line`] once per line of
/// its format, in order, and [`JudgeText::finish`] after the last one.
#[derive(Debug, Clone)]
pub struct JudgeText<'a> {
    /// The lines of the input (step 2): `lines[0]` is line 1.
    lines: Vec<&'a str>,
    /// `L` of step 4: the number of the last non-blank line, 0 when every line is blank.
    last_non_blank: usize,
    /// The number of the next line a required line will be read from.
    next_line: usize,
}

/// Step 3: the fields of a line, split on ASCII whitespace.
fn fields_of(line: &str) -> Vec<&str> {
    line.split_ascii_whitespace().collect()
}

/// Step 4: a line is blank if it has no fields.
fn is_blank(line: &str) -> bool {
    line.split_ascii_whitespace().next().is_none()
}

impl<'a> JudgeText<'a> {
    /// Steps 1–4: decode the bytes as UTF-8, split them into lines and find the last non-blank
    /// line.
    ///
    /// Invalid UTF-8 is the error `not-utf8`, at the line holding the first invalid byte (the
    /// number of `\n` bytes before it, plus one).
    pub fn new(input: &'a [u8]) -> Result<JudgeText<'a>, InputError> {
        // Step 1: the bytes must be UTF-8.
        let text = match std::str::from_utf8(input) {
            Ok(text) => text,
            Err(error) => {
                let first_invalid_byte = error.valid_up_to();
                let newlines_before = input[..first_invalid_byte]
                    .iter()
                    .filter(|&&byte| byte == b'\n')
                    .count();
                return Err(InputError {
                    class: "not-utf8",
                    line: newlines_before + 1,
                    message: format!("invalid UTF-8 at byte offset {first_invalid_byte}"),
                });
            }
        };

        // Step 2: split on `\n`; `a\nb\n` is the three lines `a`, `b`, ``.
        let lines: Vec<&'a str> = text.split('\n').collect();

        // Step 4: L is the number of the last non-blank line, 0 if there is none.
        let mut last_non_blank = 0;
        for (index, line) in lines.iter().enumerate() {
            if !is_blank(line) {
                last_non_blank = index + 1;
            }
        }

        Ok(JudgeText {
            lines,
            last_non_blank,
            next_line: 1,
        })
    }

    /// Steps 5–6: reads the next required line and returns its number and its fields.
    ///
    /// A required line past the last non-blank line is `truncated`; a line (blank or not) whose
    /// field count is not `count` is `malformed`.
    pub fn required_line(&mut self, count: usize) -> Result<(usize, Vec<&'a str>), InputError> {
        let number = self.next_line;
        self.next_line += 1;

        // Step 5: a required line after the last non-blank line means the input ended too early.
        if number > self.last_non_blank {
            return Err(InputError {
                class: "truncated",
                line: number,
                message: format!("the input ends before required line {number}"),
            });
        }

        // Step 6: exact field count (a blank line here has 0 fields and is malformed).
        let fields = fields_of(self.lines[number - 1]);
        if fields.len() != count {
            return Err(InputError {
                class: "malformed",
                line: number,
                message: format!("expected {count} field(s), found {}", fields.len()),
            });
        }
        Ok((number, fields))
    }

    /// Steps 5–6 for a required line whose field count may vary (e.g. dice_yut's line of 1 to
    /// 1000 dice): like [`JudgeText::required_line`], but any count in `min..=max` (inclusive) is
    /// accepted.
    ///
    /// A required line past the last non-blank line is `truncated`; a line (blank or not) whose
    /// field count lies outside `min..=max` is `malformed` (so a blank line before the last
    /// non-blank one, with its 0 fields, is `malformed` whenever `min ≥ 1`).
    pub fn required_line_between(
        &mut self,
        min: usize,
        max: usize,
    ) -> Result<(usize, Vec<&'a str>), InputError> {
        let number = self.next_line;
        self.next_line += 1;

        // Step 5: a required line after the last non-blank line means the input ended too early.
        if number > self.last_non_blank {
            return Err(InputError {
                class: "truncated",
                line: number,
                message: format!("the input ends before required line {number}"),
            });
        }

        // Step 6: the field count must lie in min..=max.
        let fields = fields_of(self.lines[number - 1]);
        if fields.len() < min || fields.len() > max {
            return Err(InputError {
                class: "malformed",
                line: number,
                message: format!("expected {min} to {max} fields, found {}", fields.len()),
            });
        }
        Ok((number, fields))
    }

    /// Step 8: every line after the last required line must be blank; the first non-blank one is
    /// `trailing`.
    pub fn finish(self) -> Result<(), InputError> {
        for number in self.next_line..=self.lines.len() {
            if !is_blank(self.lines[number - 1]) {
                return Err(InputError {
                    class: "trailing",
                    line: number,
                    message: "non-blank content after the last required line".to_string(),
                });
            }
        }
        Ok(())
    }
}

/// Step 7, number fields: an optional `-` then one or more ASCII digits (leading zeros allowed),
/// else `malformed`. A value that does not fit in an `i64`, or lies outside `lo..=hi`, is
/// `out-of-range`. `what` names the field in the message.
pub fn number(field: &str, line: usize, what: &str, lo: i64, hi: i64) -> Result<i64, InputError> {
    // The form: optional '-' followed by at least one ASCII digit, nothing else.
    let (negative, digits) = match field.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, field),
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(InputError {
            class: "malformed",
            line,
            message: format!("{what} must be a number, found {field:?}"),
        });
    }

    // The value, one digit at a time; leaving the i64 range at any point is out-of-range.
    // A negative number is accumulated downwards so that i64::MIN itself fits.
    let mut value: Option<i64> = Some(0);
    for byte in digits.bytes() {
        let digit = i64::from(byte - b'0');
        value = value.and_then(|v| v.checked_mul(10)).and_then(|v| {
            if negative {
                v.checked_sub(digit)
            } else {
                v.checked_add(digit)
            }
        });
    }
    let value = match value {
        Some(value) => value,
        None => {
            return Err(InputError {
                class: "out-of-range",
                line,
                message: format!("{what} {field} does not fit in a 64-bit integer"),
            });
        }
    };

    if value < lo || value > hi {
        return Err(InputError {
            class: "out-of-range",
            line,
            message: format!("{what} must be in {lo}..={hi}, found {value}"),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `counts.len()` required lines with the given field counts, then finishes; returns the
    /// fields read, or the first error as (class, line).
    fn read(input: &[u8], counts: &[usize]) -> Result<Vec<Vec<String>>, (&'static str, usize)> {
        let mut text = JudgeText::new(input).map_err(|e| (e.class, e.line))?;
        let mut all = Vec::new();
        for &count in counts {
            let (_, fields) = text.required_line(count).map_err(|e| (e.class, e.line))?;
            all.push(fields.iter().map(|f| f.to_string()).collect());
        }
        text.finish().map_err(|e| (e.class, e.line))?;
        Ok(all)
    }

    fn num(field: &str, lo: i64, hi: i64) -> Result<i64, &'static str> {
        number(field, 7, "x", lo, hi).map_err(|e| {
            assert_eq!(e.line, 7);
            e.class
        })
    }

    #[test]
    fn plain_lines_and_line_numbers() {
        let mut text = JudgeText::new(b"2\nA FFFB\nb BBBB\n").unwrap();
        assert_eq!(text.required_line(1).unwrap(), (1, vec!["2"]));
        assert_eq!(text.required_line(2).unwrap(), (2, vec!["A", "FFFB"]));
        assert_eq!(text.required_line(2).unwrap(), (3, vec!["b", "BBBB"]));
        text.finish().unwrap();
    }

    #[test]
    fn no_final_newline_is_fine() {
        assert_eq!(read(b"1\nA B", &[1, 2]).unwrap()[1], vec!["A", "B"]);
    }

    #[test]
    fn whitespace_splitting() {
        // Leading/trailing blanks, tabs, form feed, several spaces, \r\n line ends.
        let fields = read(b"  1 \r\n\tA  \x0c FFFF\r\n", &[1, 2]).unwrap();
        assert_eq!(fields, vec![vec!["1"], vec!["A", "FFFF"]]);
        // A vertical tab (0x0B) and a non-ASCII space are not ASCII whitespace: part of a field.
        assert_eq!(read(b"A\x0bB\n", &[1]).unwrap(), vec![vec!["A\x0bB"]]);
        assert_eq!(
            read("A\u{a0}B\n".as_bytes(), &[1]).unwrap(),
            vec![vec!["A\u{a0}B"]]
        );
    }

    #[test]
    fn crlf_only_line_is_blank() {
        assert_eq!(read(b"1\r\n\r\n\r\n", &[1]).unwrap(), vec![vec!["1"]]);
        assert_eq!(read(b"1\r\n\r\n", &[1, 1]), Err(("truncated", 2)));
    }

    #[test]
    fn trailing_blank_lines_are_allowed() {
        assert!(read(b"1\n\n  \n\t\n\r\n", &[1]).is_ok());
    }

    #[test]
    fn empty_input_is_truncated_at_line_1() {
        assert_eq!(read(b"", &[1]), Err(("truncated", 1)));
        assert_eq!(read(b"\n\n  \n", &[1]), Err(("truncated", 1)));
    }

    #[test]
    fn truncated_at_the_first_missing_line() {
        assert_eq!(read(b"1\n2\n", &[1, 1, 1]), Err(("truncated", 3)));
        // Blank lines after the last non-blank line do not count as present.
        assert_eq!(read(b"1\n2\n\n\n", &[1, 1, 1]), Err(("truncated", 3)));
    }

    #[test]
    fn blank_line_before_the_last_non_blank_line_is_malformed() {
        assert_eq!(read(b"1\n\n3\n", &[1, 1, 1]), Err(("malformed", 2)));
        assert_eq!(read(b"\n1\n", &[1, 1]), Err(("malformed", 1)));
    }

    #[test]
    fn wrong_field_count_is_malformed() {
        assert_eq!(read(b"1 2\n", &[1]), Err(("malformed", 1)));
        assert_eq!(read(b"1\nA\n", &[1, 2]), Err(("malformed", 2)));
        assert_eq!(read(b"1\nA B C\n", &[1, 2]), Err(("malformed", 2)));
    }

    #[test]
    fn trailing_content_is_reported_at_its_line() {
        assert_eq!(read(b"1\nx\n", &[1]), Err(("trailing", 2)));
        assert_eq!(read(b"1\n\n\n  y\n\n", &[1]), Err(("trailing", 4)));
        assert_eq!(read(b"1\n2\n\nz", &[1, 1]), Err(("trailing", 4)));
    }

    #[test]
    fn not_utf8_line_counts_newlines_before_the_bad_byte() {
        assert_eq!(read(b"\xff", &[1]), Err(("not-utf8", 1)));
        assert_eq!(read(b"1\nA \xff\n", &[1, 2]), Err(("not-utf8", 2)));
        assert_eq!(read(b"1\n\n\nabc\xc3", &[1]), Err(("not-utf8", 4)));
        // The bad byte right after a newline belongs to the next line.
        assert_eq!(read(b"1\n\x80", &[1]), Err(("not-utf8", 2)));
        // not-utf8 beats every other error, even ones on earlier lines.
        assert_eq!(read(b"1 2 3\n\n\n\xfe", &[1]), Err(("not-utf8", 4)));
        // Valid multi-byte UTF-8 is fine.
        assert!(read("한\n".as_bytes(), &[1]).is_ok());
    }

    #[test]
    fn numbers_of_the_right_form() {
        assert_eq!(num("5", 1, 100), Ok(5));
        assert_eq!(num("0005", 1, 100), Ok(5));
        assert_eq!(num("-3", -5, 5), Ok(-3));
        assert_eq!(num("-0", 0, 0), Ok(0));
        assert_eq!(num("-0000", 0, 0), Ok(0));
        assert_eq!(num("9223372036854775807", i64::MIN, i64::MAX), Ok(i64::MAX));
        assert_eq!(
            num("-9223372036854775808", i64::MIN, i64::MAX),
            Ok(i64::MIN)
        );
        assert_eq!(
            num("000000000000000000000000000001", 1, 1),
            Ok(1),
            "many leading zeros still fit"
        );
    }

    #[test]
    fn numbers_of_the_wrong_form_are_malformed() {
        for field in [
            "", "-", "+5", "5.0", "0x5", "5a", "a5", "--5", "-+5", "1e3", " 5", "５", "-x",
        ] {
            assert_eq!(
                num(field, i64::MIN, i64::MAX),
                Err("malformed"),
                "{field:?}"
            );
        }
    }

    #[test]
    fn numbers_outside_the_range_are_out_of_range() {
        assert_eq!(num("0", 1, 100), Err("out-of-range"));
        assert_eq!(num("101", 1, 100), Err("out-of-range"));
        assert_eq!(num("-1", 1, 100), Err("out-of-range"));
        assert_eq!(num("-0", 1, 100), Err("out-of-range"));
        assert_eq!(
            num("9223372036854775808", i64::MIN, i64::MAX),
            Err("out-of-range")
        );
        assert_eq!(
            num("-9223372036854775809", i64::MIN, i64::MAX),
            Err("out-of-range")
        );
        assert_eq!(
            num("99999999999999999999999999999", 1, 100),
            Err("out-of-range")
        );
    }

    #[test]
    fn line_number_in_errors() {
        let error = number("x", 42, "N", 1, 100).unwrap_err();
        assert_eq!((error.class, error.line), ("malformed", 42));
        let error = number("1000", 9, "N", 1, 100).unwrap_err();
        assert_eq!((error.class, error.line), ("out-of-range", 9));
    }
}
