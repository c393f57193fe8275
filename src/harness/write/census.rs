//! The edge-case census: how often each of a game's tags was hit, so a run can show that it
//! exercised what matters and not just many easy cases — and, through the clauses each tag cites
//! ([`crate::game::Game::TAG_CLAUSES`]), how often each rule of the game was played: a clause's
//! count is the number of cases whose tags include one that cites it. A clause no tag cites is
//! listed with the reason the game records for it.

use std::fmt::Write as _;
use std::time::Duration;

use crate::game::{tag_bits, Clause, DynGame, Fault, Options};
use crate::harness::keep::corpus::Entry;
use crate::harness::run::watchdog::{self, Overrun, Pulse};
use crate::picture;
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
    /// The game's rule clauses, in clause order (none if the game declares none).
    pub clauses: Vec<Clause>,
    /// For each clause (same order as `clauses`), the number of cases whose tags include one
    /// that cites it; 0 for a clause no tag measures.
    pub clause_counts: Vec<u64>,
    /// For each clause, the bit set of the tags that cite it.
    clause_bits: Vec<u64>,
}

impl Census {
    /// An empty census over `tags`, without clauses: no cases, every count zero.
    pub fn new(tags: &'static [&'static str]) -> Census {
        Census::with_clauses(tags, Vec::new())
    }

    /// An empty census over `tags` that also counts `clauses` (each measured by the tags among
    /// `tags` that it names).
    pub fn with_clauses(tags: &'static [&'static str], clauses: Vec<Clause>) -> Census {
        let clause_bits = clauses.iter().map(|c| tag_bits(tags, &c.tags)).collect();
        Census {
            tags,
            counts: vec![0; tags.len()],
            cases: 0,
            clause_counts: vec![0; clauses.len()],
            clauses,
            clause_bits,
        }
    }

    /// An empty census of a game: its tags and its clauses.
    pub fn of_game(game: &dyn DynGame) -> Census {
        Census::with_clauses(game.tags(), game.clauses())
    }

    /// The census of a game's corpus entries, each run with its recorded settings and tagged by
    /// the literal side where the game's reference computes tags. `Err` names the entry whose census code panicked.
    pub fn of_corpus(game: &dyn DynGame, entries: &[Entry]) -> Result<Census, String> {
        let mut census = Census::of_game(game);
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
            let mut census = Census::of_game(game);
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
        for (mine, theirs) in self.clause_counts.iter_mut().zip(&other.clause_counts) {
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
        for (count, &cited_by) in self.clause_counts.iter_mut().zip(&self.clause_bits) {
            if bits & cited_by != 0 {
                *count += 1;
            }
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
            let share = self.share(count);
            let _ = writeln!(out, "| {tag:width$} | {count:>10} | {share:>6.2}% |");
        }
        out
    }
}

impl Census {
    /// The clause coverage: a table of the clauses some tag measures (clause, number of cases
    /// whose tags cite it, share of all cases, the citing tags), the measured clauses no case
    /// reached, then every clause no tag measures with its reason. A game without clauses gets
    /// one line saying so.
    pub fn clause_table(&self) -> String {
        if self.clauses.is_empty() {
            return "(the game declares no rule clauses: `Game::TAG_CLAUSES` names the clauses \
                    each census tag exercises)\n"
                .to_string();
        }
        let measured: Vec<usize> = (0..self.clauses.len())
            .filter(|&i| self.clauses[i].measured())
            .collect();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "clause coverage: {} of {} clauses measured by a tag",
            measured.len(),
            self.clauses.len()
        );
        if !measured.is_empty() {
            let id_width = self.clauses.iter().map(|c| c.id.len()).max().unwrap_or(6);
            let id_width = id_width.max(6);
            // The tags wrap to fit 80 columns, continued on rows of their own.
            let room = 80usize.saturating_sub(id_width + 30).max(20);
            let lists: Vec<Vec<String>> = measured
                .iter()
                .map(|&i| wrap(&self.clauses[i].tags.join(", "), room))
                .collect();
            let tags_width = lists
                .iter()
                .flatten()
                .map(|line| line.chars().count())
                .max()
                .unwrap_or(4)
                .max(4);
            let _ = writeln!(
                out,
                "| {:id_width$} | {:>10} | {:>7} | {:tags_width$} |",
                "clause", "cases", "share", "tags"
            );
            let _ = writeln!(
                out,
                "|{}|{}|{}|{}|",
                "-".repeat(id_width + 2),
                "-".repeat(12),
                "-".repeat(9),
                "-".repeat(tags_width + 2)
            );
            for (&i, tags) in measured.iter().zip(&lists) {
                let count = self.clause_counts[i];
                for (k, line) in tags.iter().enumerate() {
                    if k == 0 {
                        let _ = writeln!(
                            out,
                            "| {:id_width$} | {count:>10} | {:>6.2}% | {line:tags_width$} |",
                            self.clauses[i].id,
                            self.share(count)
                        );
                    } else {
                        let _ = writeln!(
                            out,
                            "| {:id_width$} | {:>10} | {:>7} | {line:tags_width$} |",
                            "", "", ""
                        );
                    }
                }
            }
        }
        let missing = self.missing_clauses();
        if !missing.is_empty() {
            let _ = writeln!(
                out,
                "measured clauses no case reached: {}",
                missing.join(", ")
            );
        }
        let unmeasured: Vec<&Clause> = self.clauses.iter().filter(|c| !c.measured()).collect();
        if !unmeasured.is_empty() {
            let _ = writeln!(out, "not measured by a tag:");
            let width = unmeasured.iter().map(|c| c.id.len()).max().unwrap_or(0);
            // Reasons wrap to fit 80 columns, under their first word.
            let room = 80usize.saturating_sub(width + 4).max(30);
            for c in unmeasured {
                let why = c.unmeasured.unwrap_or("(no reason recorded)");
                for (i, line) in wrap(why, room).iter().enumerate() {
                    let id = if i == 0 { c.id } else { "" };
                    let _ = writeln!(out, "  {id:width$}  {line}");
                }
            }
        }
        out
    }

    /// Measured clauses no case reached.
    pub fn missing_clauses(&self) -> Vec<&'static str> {
        self.clauses
            .iter()
            .zip(&self.clause_counts)
            .filter(|(c, &n)| c.measured() && n == 0)
            .map(|(c, _)| c.id)
            .collect()
    }

    /// `count` as a percentage of the cases counted.
    fn share(&self, count: u64) -> f64 {
        if self.cases == 0 {
            0.0
        } else {
            100.0 * count as f64 / self.cases as f64
        }
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

/// `text` wrapped to lines of at most `width` characters; one empty line for an empty text, so
/// a table row is never lost.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let lines = picture::wrap(text, width);
    if lines.is_empty() {
        vec![String::new()]
    } else {
        lines
    }
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

    #[test]
    fn a_clause_counts_each_case_once_whatever_the_number_of_citing_tags() {
        let clauses = crate::game::clauses(
            &[("a", &["X-2"]), ("b", &["X-2", "X-3"]), ("c", &["X-3"])],
            &[("X-1", "every input exercises it")],
        );
        let mut c = Census::with_clauses(&["a", "b", "c"], clauses);
        c.add(0b011); // a and b: X-2 once, X-3 once
        c.add(0b100); // c: X-3
        c.add(0);
        let mut other = c.clone();
        other.add(0b001);
        c.merge(&other);
        let ids: Vec<&str> = c.clauses.iter().map(|c| c.id).collect();
        assert_eq!(ids, ["X-1", "X-2", "X-3"]);
        assert_eq!(c.clause_counts, vec![0, 3, 4]);
        assert_eq!(c.cases, 7);
        assert!(c.missing_clauses().is_empty());
        assert!(!c.clause_table().contains("no case reached"));
        let mut only_c = Census::with_clauses(&["a", "b", "c"], c.clauses.clone());
        only_c.add(0b100);
        assert_eq!(only_c.missing_clauses(), ["X-2"]);
        assert!(only_c
            .clause_table()
            .contains("measured clauses no case reached: X-2\n"));
        let table = c.clause_table();
        assert!(table.starts_with("clause coverage: 2 of 3 clauses measured by a tag\n"));
        assert!(
            table.contains("| X-2    |          3 |  42.86% | a, b |"),
            "{table}"
        );
        assert!(
            table.contains("| X-3    |          4 |  57.14% | b, c |"),
            "{table}"
        );
        assert!(table.contains("not measured by a tag:\n  X-1  every input exercises it\n"));
        assert!(Census::new(&["a"])
            .clause_table()
            .contains("no rule clauses"));
    }
}
