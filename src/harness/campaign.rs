//! A campaign: random valid cases through both implementations of each chosen game, with a
//! progress line, a census, and — on the first disagreement — shrinking, saving to the corpus and
//! a report.
//!
//! Case `i` of a run with seed `S` is generated from `Rng::case_seed(S, i)` alone, so any single
//! case can be regenerated with `boardfuzz gen GAME --seed <case seed>`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::game::{DynGame, Options};
use crate::harness::census::Census;
use crate::harness::{compare_with, corpus, minimize, Disagreement, Subject};
use crate::rng::Rng;

/// How long to run each game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Cases(u64),
    /// Wall-clock time, shared equally among the games.
    Time(Duration),
}

/// What to run.
pub struct Plan {
    pub games: Vec<&'static dyn DynGame>,
    pub budget: Budget,
    pub seed: u64,
    pub options: Options,
    /// What is checked against the reference (normally the engine).
    pub subject: Subject,
    /// Corpus root to save disagreements to (`None`: do not save).
    pub corpus: Option<PathBuf>,
}

/// The result of one game's run.
pub struct GameRun {
    pub slug: &'static str,
    pub cases: u64,
    pub elapsed: Duration,
    pub census: Census,
    pub disagreement: Option<Disagreement>,
    /// A generator or corpus failure that stopped the run (not a disagreement).
    pub error: Option<String>,
}

impl GameRun {
    pub fn cases_per_second(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs the plan; progress goes to `progress` (normally stderr).
pub fn run(plan: &Plan, progress: &mut dyn Write) -> Vec<GameRun> {
    let share = match plan.budget {
        Budget::Time(t) => Budget::Time(t / plan.games.len().max(1) as u32),
        b => b,
    };
    plan.games
        .iter()
        .map(|&game| run_game(game, plan, share, progress))
        .collect()
}

fn run_game(game: &dyn DynGame, plan: &Plan, budget: Budget, progress: &mut dyn Write) -> GameRun {
    let start = Instant::now();
    let mut meter = Meter::new(game.slug(), budget);
    let mut index: u64 = 0;
    let mut result = GameRun {
        slug: game.slug(),
        cases: 0,
        elapsed: Duration::ZERO,
        census: Census::new(game.tags()),
        disagreement: None,
        error: None,
    };
    loop {
        if let Budget::Cases(n) = budget {
            if index >= n {
                break;
            }
        }
        if index % 64 == 0 {
            let elapsed = start.elapsed();
            if let Budget::Time(t) = budget {
                if elapsed >= t {
                    break;
                }
            }
            meter.tick(progress, index, elapsed);
        }
        let case_seed = Rng::case_seed(plan.seed, index);
        let input = match game.generate(&mut Rng::new(case_seed), &plan.options) {
            Ok(input) => input,
            Err(e) => {
                result.error = Some(format!("generator failed on case seed {case_seed}: {e}"));
                break;
            }
        };
        index += 1;
        let comparison = compare_with(game, &plan.subject, input.as_bytes(), &plan.options);
        result
            .census
            .add(game.census(input.as_bytes(), &plan.options));
        if !comparison.agrees() {
            meter.clear(progress);
            let _ = writeln!(
                progress,
                "[{}] disagreement on case {} (case seed {case_seed}); shrinking…",
                game.slug(),
                index - 1
            );
            let small = minimize(game, &plan.subject, &input, &plan.options);
            let origin = format!(
                "case {} of seed {}; regenerate the unshrunk case with `boardfuzz gen {} --seed {case_seed}`",
                index - 1,
                plan.seed,
                game.slug()
            );
            let mut found = Disagreement::new(game, &plan.subject, small, &plan.options, origin);
            if let Some(root) = &plan.corpus {
                let dir = corpus::dir(root, game.slug());
                match corpus::save(
                    &dir,
                    found.input.as_bytes(),
                    &found.comparison.reference,
                    None,
                    &plan.options.for_running(game.settings()),
                ) {
                    Ok(saved) => found.saved = Some(saved.path().to_path_buf()),
                    Err(e) => {
                        result.error = Some(format!("could not save to {}: {e}", dir.display()))
                    }
                }
            }
            result.disagreement = Some(found);
            break;
        }
    }
    meter.clear(progress);
    result.cases = index;
    result.elapsed = start.elapsed();
    result
}

/// The progress line: redrawn in place on a terminal, a line every few seconds otherwise.
struct Meter {
    slug: &'static str,
    budget: Budget,
    tty: bool,
    last: Option<Instant>,
    drawn: bool,
}

impl Meter {
    fn new(slug: &'static str, budget: Budget) -> Meter {
        Meter {
            slug,
            budget,
            tty: std::io::stderr().is_terminal(),
            last: None,
            drawn: false,
        }
    }

    fn tick(&mut self, out: &mut dyn Write, cases: u64, elapsed: Duration) {
        let every = if self.tty {
            Duration::from_millis(200)
        } else {
            Duration::from_secs(5)
        };
        let now = Instant::now();
        if self.last.is_some_and(|l| now - l < every) {
            return;
        }
        if self.last.is_none() {
            self.last = Some(now);
            return;
        }
        self.last = Some(now);
        let rate = cases as f64 / elapsed.as_secs_f64().max(1e-9);
        let (done, bar) = match self.budget {
            Budget::Cases(n) => (cases as f64 / n.max(1) as f64, format!("{cases}/{n} cases")),
            Budget::Time(t) => (
                elapsed.as_secs_f64() / t.as_secs_f64().max(1e-9),
                format!(
                    "{cases} cases, {:.0}s/{:.0}s",
                    elapsed.as_secs_f64(),
                    t.as_secs_f64()
                ),
            ),
        };
        let filled = ((done.clamp(0.0, 1.0)) * 20.0) as usize;
        let line = format!(
            "[{}] [{}{}] {bar}, {rate:.0} cases/s",
            self.slug,
            "#".repeat(filled),
            ".".repeat(20 - filled)
        );
        if self.tty {
            let _ = write!(out, "\r\x1b[2K{line}");
        } else {
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
        self.drawn = true;
    }

    fn clear(&mut self, out: &mut dyn Write) {
        if self.tty && self.drawn {
            let _ = write!(out, "\r\x1b[2K");
            let _ = out.flush();
            self.drawn = false;
        }
    }
}
