//! What a long run shows while it runs: an `indicatif` bar per game (rate, ETA) on a terminal,
//! plain periodic lines when stderr is not a terminal (logs, CI), nothing with `--quiet`; and a
//! spinner while a finding is shrunk ("shrinking: 14 → 3 lines"). The workers of `--jobs` feed
//! one display: the supervisor reads their shared counter.

use std::io::Write;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::harness::run::campaign::Budget;

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// Nothing.
    Quiet,
    /// A line every few seconds to the run's progress writer.
    Lines,
    /// `indicatif` bars on stderr (a terminal).
    Bars,
}

impl Show {
    /// Bars when stderr is a terminal, lines otherwise; nothing if `quiet`.
    pub fn for_stderr(quiet: bool) -> Show {
        use std::io::IsTerminal;
        match (quiet, std::io::stderr().is_terminal()) {
            (true, _) => Show::Quiet,
            (false, true) => Show::Bars,
            (false, false) => Show::Lines,
        }
    }
}

/// How often a plain progress line is written.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// One game's progress display.
pub struct Meter {
    slug: &'static str,
    budget: Budget,
    show: Show,
    bar: Option<ProgressBar>,
    last_line: Instant,
}

impl Meter {
    /// The display of game `slug`'s run with `budget`, shown as `show` says.
    pub fn new(slug: &'static str, budget: Budget, show: Show) -> Meter {
        let bar = (show == Show::Bars).then(|| {
            let (len, template) = match budget {
                Budget::Cases(n) => (
                    n,
                    "{prefix:>14} [{bar:30}] {pos}/{len} cases, {per_sec}, ETA {eta} {msg}",
                ),
                Budget::Time(t) => (
                    t.as_millis() as u64,
                    "{prefix:>14} [{bar:30}] {elapsed}/{duration} {msg}",
                ),
            };
            let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(template)
                    .expect("a valid template")
                    .progress_chars("#>."),
            );
            bar.set_prefix(slug);
            bar
        });
        Meter {
            slug,
            budget,
            show,
            bar,
            last_line: Instant::now(),
        }
    }

    /// `cases` done after `elapsed`. The rate shown is over `elapsed`: the campaign ticks the
    /// meter only while cases run and finishes it before a finding is shrunk, so a shrink is
    /// never in it (the shrink has a display of its own, [`Meter::shrinking`]).
    pub fn tick(&mut self, out: &mut dyn Write, cases: u64, elapsed: Duration) {
        let rate = cases as f64 / elapsed.as_secs_f64().max(1e-9);
        match (&self.bar, self.show) {
            (Some(bar), _) => match self.budget {
                Budget::Cases(_) => bar.set_position(cases),
                Budget::Time(t) => {
                    bar.set_position((elapsed.as_millis() as u64).min(t.as_millis() as u64));
                    bar.set_message(format!("{cases} cases, {rate:.0}/s"));
                }
            },
            (None, Show::Lines) if self.last_line.elapsed() >= LINE_EVERY => {
                self.last_line = Instant::now();
                let planned = match self.budget {
                    Budget::Cases(n) => format!("{cases}/{n} cases"),
                    Budget::Time(t) => format!(
                        "{cases} cases, {:.0}s/{:.0}s",
                        elapsed.as_secs_f64(),
                        t.as_secs_f64()
                    ),
                };
                let _ = writeln!(out, "[{}] {planned}, {rate:.0} cases/s", self.slug);
            }
            _ => {}
        }
    }

    /// Removes the bar (the summary follows).
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }

    /// Starts the shrinking display of a finding whose input is `input`.
    pub fn shrinking(&self, out: &mut dyn Write, what: &str, input: &str) -> Shrinking {
        let from = size(input);
        let spinner = match self.show {
            Show::Bars => {
                let s = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                s.set_style(
                    ProgressStyle::with_template("{prefix:>14} {spinner} {msg} ({elapsed})")
                        .expect("a valid template"),
                );
                s.set_prefix(self.slug);
                s.enable_steady_tick(Duration::from_millis(120));
                Some(s)
            }
            Show::Lines => {
                let _ = writeln!(out, "[{}] {what}; shrinking {from}…", self.slug);
                None
            }
            Show::Quiet => None,
        };
        let s = Shrinking {
            spinner,
            original: input.to_string(),
            what: what.to_string(),
            slug: self.slug,
            from,
            lines: self.show == Show::Lines,
            started: Instant::now(),
            last_line: Instant::now(),
        };
        if let Some(spinner) = &s.spinner {
            spinner.set_message(format!("{what}: shrinking {}", s.from));
        }
        s
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The display of one shrink: a spinner on a terminal, a line every [`SHRINK_LINE_EVERY`]
/// otherwise (a log shows a long shrink moving).
pub struct Shrinking {
    spinner: Option<ProgressBar>,
    original: String,
    what: String,
    slug: &'static str,
    from: String,
    lines: bool,
    started: Instant,
    last_line: Instant,
}

/// The size of a case as shrinking reports it: its lines and bytes (`3 lines, 41 bytes`; a
/// one-line game shrinks in bytes only).
pub fn size(input: &str) -> String {
    let lines = input.lines().count();
    let s = |n: usize| if n == 1 { "" } else { "s" };
    format!(
        "{lines} line{}, {} byte{}",
        s(lines),
        input.len(),
        s(input.len())
    )
}

/// How often a shrink without a terminal prints its progress line.
pub const SHRINK_LINE_EVERY: Duration = Duration::from_secs(5);

impl Shrinking {
    /// The smallest failing case so far is `input`, after `tries` candidates; lines go to `out`
    /// (without a terminal).
    pub fn update(&mut self, out: &mut dyn Write, input: &str, tries: u64) {
        let message = format!(
            "{}: shrinking: {tries} tries, {} → {}",
            self.what,
            self.from,
            size(input)
        );
        if let Some(s) = &self.spinner {
            s.set_message(message);
        } else if self.lines && self.last_line.elapsed() >= SHRINK_LINE_EVERY {
            self.last_line = Instant::now();
            let _ = writeln!(
                out,
                "[{}] {message} ({:.0}s)",
                self.slug,
                self.started.elapsed().as_secs_f64()
            );
        }
    }

    /// Ends the display with the final input's size, or `no smaller case found` when the
    /// shrink kept the input as it was.
    pub fn finish(self, out: &mut dyn Write, slug: &str, input: &str, show: bool) {
        if let Some(s) = self.spinner {
            s.finish_and_clear();
        }
        if show && input == self.original {
            let _ = writeln!(
                out,
                "[{slug}] {}: no smaller case found (still {})",
                self.what, self.from
            );
        } else if show {
            let _ = writeln!(
                out,
                "[{slug}] {}: shrunk from {} to {}",
                self.what,
                self.from,
                size(input)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn a_size_counts_lines_and_bytes_in_words() {
        assert_eq!(size("5 5 5\n"), "1 line, 6 bytes");
        assert_eq!(size("2\n1 2\n"), "2 lines, 6 bytes");
        assert_eq!(size("x"), "1 line, 1 byte");
        assert_eq!(size(""), "0 lines, 0 bytes");
    }
}
