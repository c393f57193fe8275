//! The edge-case census: how often each of a game's tags was hit, so a run can show that it
//! exercised what matters and not just many easy cases.

use std::fmt::Write as _;
use std::time::Duration;

use crate::game::{DynGame, Fault, Options};
use crate::harness::corpus::Entry;
use crate::harness::watchdog::{self, Overrun, Pulse};
use crate::rng::Rng;

/// Hit counts per tag of one game.
#[derive(Debug, Clone)]
pub struct Census {
    /// The game's census tags; tag `i` is bit `i` of a case's tag bit set.
    pub tags: &'static [&'static str],
    /// For each tag (same order as `tags`), the number of cases that hit it.
    pub counts: Vec<u64>,
    /// The number of cases counted, whether or not they hit any tag.
    pub cases: u64,
}

impl Census {
    /// An empty census over `tags`: no cases, every count zero.
    pub fn new(tags: &'static [&'static str]) -> Census {
        Census {
            tags,
            counts: vec![0; tags.len()],
            cases: 0,
        }
    }

    /// The census of a game's corpus entries, each run with its recorded settings and tagged by
    /// the literal side where the game's reference computes tags. `Err` names the entry whose census code panicked.
    pub fn of_corpus(game: &dyn DynGame, entries: &[Entry]) -> Result<Census, String> {
        let mut census = Census::new(game.tags());
        for entry in entries {
            let tags = game
                .literal_census(&entry.input, &entry.options)
                .map_err(|e| format!("{}: {e}", entry.path.display()))?;
            census.add(tags);
        }
        Ok(census)
    }

    /// [`Census::of_corpus`] with each entry's census under a watchdog: census code that gives no
    /// result within `limit` is a [`Fault::Hang`]. `Err` names the entry, the fault and its
    /// message.
    pub fn of_corpus_watched(
        game: &'static dyn DynGame,
        entries: &[Entry],
        limit: Duration,
    ) -> Result<Census, (Fault, String)> {
        let entries: Vec<Entry> = entries.to_vec();
        // The entry whose census runs now, to name the one that hangs.
        let current = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let shown = std::sync::Arc::clone(&current);
        let result = watchdog::watched(move |pulse| {
            let mut census = Census::new(game.tags());
            for entry in &entries {
                let path = entry.path.display().to_string();
                *shown.lock().unwrap_or_else(|e| e.into_inner()) = path.clone();
                pulse.enter("the census code", limit);
                let tags = game.literal_census(&entry.input, &entry.options);
                pulse.leave();
                match tags {
                    Ok(tags) => census.add(tags),
                    Err(e) => return Err(format!("{path}: {e}")),
                }
            }
            Ok(census)
        });
        match result {
            Ok(Ok(census)) => Ok(census),
            Ok(Err(message)) => Err((Fault::Panic, message)),
            Err(overrun) => Err((
                Fault::Hang,
                format!(
                    "{}: no result after {:?} (watchdog)",
                    current.lock().unwrap_or_else(|e| e.into_inner()),
                    overrun.limit
                ),
            )),
        }
    }

    /// Adds another census of the same game (e.g. another worker's).
    pub fn merge(&mut self, other: &Census) {
        self.cases += other.cases;
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// Records one case's tag bit set.
    pub fn add(&mut self, bits: u64) {
        self.cases += 1;
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            if let Some(c) = self.counts.get_mut(i) {
                *c += 1;
            }
            rest &= rest - 1;
        }
    }

    /// Tags never hit.
    pub fn missing(&self) -> Vec<&'static str> {
        self.tags
            .iter()
            .zip(&self.counts)
            .filter(|(_, &c)| c == 0)
            .map(|(t, _)| *t)
            .collect()
    }

    /// A table: tag, number of cases that hit it, share of all cases.
    pub fn table(&self) -> String {
        if self.tags.is_empty() {
            return "(the game declares no census tags: `Game::TAGS` names the edge cases a run \
                    should reach)\n"
                .to_string();
        }
        let width = self.tags.iter().map(|t| t.len()).max().unwrap_or(3).max(3);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| {:width$} | {:>10} | {:>7} |",
            "tag", "cases", "share"
        );
        let _ = writeln!(
            out,
            "|{}|{}|{}|",
            "-".repeat(width + 2),
            "-".repeat(12),
            "-".repeat(9)
        );
        for (tag, &count) in self.tags.iter().zip(&self.counts) {
            let share = if self.cases == 0 {
                0.0
            } else {
                100.0 * count as f64 / self.cases as f64
            };
            let _ = writeln!(out, "| {tag:width$} | {count:>10} | {share:>6.2}% |");
        }
        out
    }
}

/// Searches random cases for one that hits census tag `tag` (an index into the game's tags),
/// then shrinks it while it still hits the tag. `None` if `tries` cases found none.
pub fn find_example(
    game: &dyn DynGame,
    tag: usize,
    seed: u64,
    tries: u64,
    options: &Options,
) -> Option<String> {
    search(game, tag, seed, tries, options, None)
}

/// [`find_example`] with every call into game code (the generator, census code, the shrinker's
/// candidates) under a watchdog: each must return within `limit`, or the search ends with the
/// [`Overrun`].
pub fn find_example_watched(
    game: &'static dyn DynGame,
    tag: usize,
    seed: u64,
    tries: u64,
    options: &Options,
    limit: Duration,
) -> Result<Option<String>, Overrun> {
    let options = options.clone();
    watchdog::watched(move |pulse| search(game, tag, seed, tries, &options, Some((pulse, limit))))
}

fn search(
    game: &dyn DynGame,
    tag: usize,
    seed: u64,
    tries: u64,
    options: &Options,
    watch: Option<(&Pulse, Duration)>,
) -> Option<String> {
    let bit = 1u64 << tag;
    let enter = |what: &'static str| {
        if let Some((pulse, limit)) = watch {
            pulse.enter(what, limit);
        }
    };
    let hits = |text: &str| {
        enter("the census code");
        game.literal_census(text.as_bytes(), options)
            .is_ok_and(|tags| tags & bit != 0)
    };
    for index in 0..tries {
        let mut rng = Rng::new(Rng::case_seed(seed, index));
        enter("the generator");
        let Ok(text) = game.generate(&mut rng, options) else {
            continue;
        };
        if hits(&text) {
            let mut still_hits = |t: &str| hits(t);
            return Some(game.shrink(&text, &mut still_hits).unwrap_or(text));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_bit_once_per_case() {
        let mut c = Census::new(&["a", "b", "c"]);
        c.add(0b101);
        c.add(0b001);
        assert_eq!(c.counts, vec![2, 0, 1]);
        assert_eq!(c.cases, 2);
        assert_eq!(c.missing(), vec!["b"]);
        assert!(c.table().contains("| a   |          2 | 100.00% |"));
    }
}
