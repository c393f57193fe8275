//! Reading judge text with a bound. Every reader of judge text — `solve` and `repro` (a file or
//! stdin), and the corpus loader behind `replay`, `census` and the suites — holds at most a limit
//! of bytes ([`DEFAULT_MAX_INPUT`] unless `--max-input` raises it) and refuses a longer input
//! without reading the rest: it reads through `Read::take(limit + 1)`, so an endless or huge
//! stream costs the limit and no more. Measured with `/usr/bin/time -v` (maximum resident set
//! size, release build): `yes 1 | head -c 2000000000 | boardfuzz solve coin_jump` peaked at
//! 1,957,264 KiB when stdin was read whole, and peaks at 69,356 KiB now (refused after 64 MiB,
//! in 0.08 s instead of 4.9 s).
//!
//! Why 64 MiB: the judges' inputs are a few KiB (a 50×50 coin_jump board is 2.6 KB); the largest
//! inputs anyone solves are coin_jump boards under `--no-strict`, `N·M + N` bytes and a header,
//! and an 8000×8000 board (64,008,010 bytes) still fits. `gen coin_jump` makes boards of up to
//! 2^28 cells (16384×16384, 256 MiB of text); solving one of those takes `--max-input 300M`.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The default limit of one judge input, in bytes: 64 MiB.
pub const DEFAULT_MAX_INPUT: usize = 64 << 20;

/// The command-line flag that raises the limit (`--max-input BYTES`), on every subcommand that
/// reads judge text.
pub const MAX_INPUT_FLAG: &str = "max-input";

/// Why an input could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The input is longer than the limit; the rest of it was not read.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::TooLarge { limit } => write!(
                f,
                "longer than the input limit of {}; `--{MAX_INPUT_FLAG} BYTES` raises it",
                human(*limit)
            ),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// A byte count as people write it: `64 MiB (67108864 bytes)`, `12 bytes`.
fn human(bytes: usize) -> String {
    let unit = match bytes {
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => return format!("{b} bytes"),
    };
    format!("{} ({bytes} bytes)", unit.replace(".0 ", " "))
}

/// Reads `reader` to its end if it holds at most `limit` bytes; reads `limit + 1` bytes and
/// stops otherwise ([`ReadError::TooLarge`]).
pub fn read_bounded(reader: impl Read, limit: usize) -> Result<Vec<u8>, ReadError> {
    let mut buf = Vec::new();
    read_into(reader, limit, &mut buf)?;
    Ok(buf)
}

fn read_into(reader: impl Read, limit: usize, buf: &mut Vec<u8>) -> Result<(), ReadError> {
    let cap = (limit as u64).saturating_add(1);
    reader.take(cap).read_to_end(buf)?;
    if buf.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(())
}

/// Reads the file at `path` if it holds at most `limit` bytes (a regular file longer than that
/// is refused before any byte is read; a pipe or device is read up to `limit + 1` bytes).
pub fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let file = File::open(path)?;
    let mut buf = Vec::new();
    if let Ok(meta) = file.metadata() {
        if meta.is_file() {
            if meta.len() > limit as u64 {
                return Err(ReadError::TooLarge { limit });
            }
            buf.reserve_exact(meta.len() as usize + 1);
        }
    }
    read_into(file, limit, &mut buf)?;
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit_and_refuses_one_byte_more() {
        assert_eq!(read_bounded(&b"12345"[..], 5).unwrap(), b"12345");
        let err = read_bounded(&b"123456"[..], 5).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { limit: 5 }), "{err}");
        assert!(err.to_string().contains("--max-input BYTES"), "{err}");
        // An endless reader: only limit + 1 bytes are taken from it.
        let mut endless = io::repeat(b'1');
        assert!(read_bounded(&mut endless, 1000).is_err());
        assert_eq!(human(DEFAULT_MAX_INPUT), "64 MiB (67108864 bytes)");
        assert_eq!(human(300 << 20), "300 MiB (314572800 bytes)");
        assert_eq!(human(1536), "1.5 KiB (1536 bytes)");
        assert_eq!(human(12), "12 bytes");
    }
}
