//! A `stress` run as the harness runs it: a problem of the user's programs ([`Problem`]) and one
//! solution or several, made into a campaign [`Plan`] ([`Stress::plan`]) that [`campaign::run`]
//! runs as it runs `check`'s: with several, each case is generated and answered by the brute
//! force once and judged for every solution ([`Entrant`]). The CLI parses the flags, builds a
//! [`Stress`] and prints; the probe before the run ([`probe`]) and the names of the problem and
//! its solutions ([`problem_name`], [`solution_names`]) live here.

use std::path::PathBuf;
use std::time::Duration;

use crate::game::{DynGame, Options, Outcome};
use crate::harness::programs::problem::{self, Problem};
use crate::harness::programs::process;
use crate::harness::programs::subject::{self, Margins};
use crate::harness::run::campaign::{self, Budget, Entrant, GameRun, Plan, Shard};
use crate::harness::run::progress::Show;
use crate::harness::Subject;
use crate::rng::Rng;

/// Everything a `stress` run needs, its flags read.
pub struct Stress {
    /// The problem of programs: generator, reference, validator.
    pub problem: &'static Problem,
    /// The solutions under test, each with its name and the command that replays its finding.
    pub entrants: Vec<Entrant>,
    /// How many cases, or for how long.
    pub budget: Budget,
    /// The run's seed.
    pub seed: u64,
    /// Which share of the cases this runner takes.
    pub shard: Shard,
    /// Where findings are saved (`--findings`), or `None` (`--no-save`).
    pub corpus: Option<PathBuf>,
    /// Worker threads.
    pub jobs: usize,
    /// The longest time limit of any of the programs (solution, reference, generator, checker).
    pub slowest: Duration,
    /// What the run shows while it runs.
    pub show: Show,
    /// Whether the campaign says more of what it does.
    pub verbose: bool,
    /// The margins over a limit a shrink keeps ([`Plan::margins`]).
    pub margins: Margins,
}

impl Stress {
    /// The campaign plan of this run. Every program has its own time limit; the watchdog only
    /// guards boardfuzz's own waiting.
    pub fn plan(&self) -> Plan {
        let game: &'static dyn DynGame = self.problem;
        Plan {
            games: vec![game],
            budget: self.budget,
            seed: self.seed,
            shard: self.shard,
            options: Options::new(),
            entrants: self.entrants.clone(),
            corpus: self.corpus.clone(),
            jobs: self.jobs,
            watchdog: self.slowest * 3 + Duration::from_secs(10),
            solver: None,
            show: self.show,
            deep_one_in: Some(0),
            reference_faults_are_findings: false,
            verbose: self.verbose,
            margins: self.margins,
        }
    }
}

/// Runs a `stress` plan: [`campaign::run`] of [`Stress::plan`], its progress to `progress`.
pub fn run(stress: &Stress, progress: &mut dyn std::io::Write) -> Vec<GameRun> {
    campaign::run(&stress.plan(), progress)
}

/// The problem's name: `name` (`--name`), else the file name of the solution's first word that
/// names a file, its extension after a `-` (`main-cpp` for `main.cpp`, `Main-java`), so that
/// solutions in two languages keep their findings apart; letters, digits, `-`, `_`, `.`.
pub fn problem_name(name: Option<&str>, solution: &str) -> Result<String, String> {
    if let Some(name) = name {
        let ok = !name.is_empty()
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        return if ok {
            Ok(name.to_string())
        } else {
            Err(format!(
                "--name `{name}`: use letters, digits, `-`, `_` and `.` (it names a folder)"
            ))
        };
    }
    let first = process::split_words(solution)
        .and_then(|w| w.into_iter().find(|w| std::path::Path::new(w).is_file()))
        .unwrap_or_else(|| "solution".into());
    let path = std::path::Path::new(&first);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        return Ok("solution".into());
    }
    let extension: String = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    Ok(if extension.is_empty() {
        clean
    } else {
        format!("{clean}-{extension}")
    })
}

/// The names of a run's solutions, their findings folders: of one, [`problem_name`] (`--name`,
/// or its file's); of several, each its own file's, a repeated one followed by `-2`, `-3`, … in
/// the order given (`a/sol.cpp` and `b/sol.cpp` are `sol-cpp` and `sol-cpp-2`), and `--name`
/// (which names one folder) is refused.
pub fn solution_names(name: Option<&str>, solutions: &[String]) -> Result<Vec<String>, String> {
    match (solutions, name) {
        ([one], name) => return Ok(vec![problem_name(name, one)?]),
        (_, Some(_)) => {
            return Err(
                "--name names the findings folder of one solution; with several \
                        --solution each is named by its file (sol-cpp, sol-py)"
                    .into(),
            )
        }
        _ => {}
    }
    Ok(file_names(solutions))
}

/// The names of several solutions by their files ([`problem_name`] without `--name`), a
/// repeated one followed by `-2`, `-3`, … in the order given.
pub fn file_names(solutions: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for solution in solutions {
        let own = problem_name(None, solution).unwrap_or_else(|_| "solution".into());
        let mut name = own.clone();
        let mut k = 2;
        while names.contains(&name) {
            name = format!("{own}-{k}");
            k += 1;
        }
        names.push(name);
    }
    names
}

/// The entrants of a `stress` run: each solution (its subject and its command line as the user
/// gave it) with the name [`solution_names`] gave it (of several; one solution's run is the
/// problem's, named as it is), its finding replayed by `judge` with `judge_args` (the limit,
/// checker and toolchain flags, each with a leading space).
pub fn entrants(
    solutions: Vec<(Subject, &str)>,
    names: &[String],
    judge_args: &str,
) -> Vec<Entrant> {
    let several = solutions.len() > 1;
    solutions
        .into_iter()
        .zip(names)
        .map(|((subject, line), name)| Entrant {
            subject,
            name: several.then(|| &*Box::leak(name.clone().into_boxed_str())),
            replay: Some(format!(
                "{} judge {} {{path}}{judge_args}",
                crate::harness::invocation(),
                crate::harness::shell_quote(line)
            )),
        })
        .collect()
}

/// Before anything is run or saved: the first case's input, the reference's answer to it, and
/// each solution on the first two inputs. A generator or reference that fails on the first case,
/// or a solution that exits non-zero the same way twice (a wrong interpreter, a missing file),
/// is a usage error with the program's own words. `reference` is the brute force as the user
/// named it, the flag and the command (``--brute `brute.py` ``); each solution comes with its
/// own (``--solution `sol.py` ``). The reference runs once on each input, whatever the number of
/// solutions. A solution a signal killed ran and crashed (`abort()` on the one-element inputs
/// every run starts with): that is a finding. A solution over its time limit on both inputs,
/// and on each of [`subject::CONFIRM_RUNS`] runs of the first (so that a loaded machine does
/// not make it so), is slow on every input — it waits for input it never gets, or sleeps —
/// and is a usage error too: a shrink of such a case would cost a time limit a candidate and
/// find nothing.
pub fn probe(
    problem: &Problem,
    solutions: &[(&Subject, String)],
    reference: &str,
    seed: u64,
) -> Result<(), String> {
    // Per solution: the failures of its runs so far, `None` once it answered or crashed.
    let mut failures: Vec<Option<Vec<String>>> =
        solutions.iter().map(|_| Some(Vec::new())).collect();
    // The first case, and the first of the largest size: a solution that fails the same way on
    // a tiny input and on a large one is broken as a whole, where two tiny inputs alike (the
    // first ten are all of size 1) may well be its bug.
    let largest = problem::CASES_PER_SIZE * (problem.max_size - problem.min_size);
    for index in [0, largest] {
        if failures.iter().all(Option::is_none) {
            break;
        }
        let case_seed = Rng::case_seed(seed, index);
        // Kept: the run's case takes this input, the generator is not run twice on it.
        let input = problem
            .generate_kept(case_seed, index)
            .map_err(|e| format!("{e}\n(nothing was run or saved)"))?;
        match problem.reference(input.as_bytes(), &Options::new()) {
            Outcome::Failed { fault, message } => {
                return Err(format!(
                    "{} fails on case {index} ({fault}: {message}); its input, \
                     from `{}`:\n{input}(nothing was run or saved)",
                    reference,
                    problem.regenerate_command(crate::harness::invocation(), case_seed, index)
                ))
            }
            Outcome::Rejected { .. } => continue,
            Outcome::Output(_) => {}
        }
        for ((subject, _), failed) in solutions.iter().zip(&mut failures) {
            let Some(list) = failed else { continue };
            match broken_run(subject.run(problem, input.as_bytes(), &Options::new())) {
                Some(message) => list.push(message),
                None => *failed = None,
            }
        }
    }
    for ((subject, solution), failed) in solutions.iter().zip(&failures) {
        let Some([first, second]) = failed.as_deref() else {
            continue;
        };
        if first.starts_with(SLOW_ON_EVERY_INPUT) && second.starts_with(SLOW_ON_EVERY_INPUT) {
            // Slow on a tiny input and on a large one: unless a loaded machine made it so, a
            // reason of its own (it waits for input it never gets, sleeps, reads a file that is
            // not there). The tiny one is run again to tell.
            let case_seed = Rng::case_seed(seed, 0);
            let input = problem
                .generate_kept(case_seed, 0)
                .map_err(|e| format!("{e}\n(nothing was run or saved)"))?;
            let again = (1..subject::CONFIRM_RUNS).all(|_| {
                broken_run(subject.run(problem, input.as_bytes(), &Options::new()))
                    .is_some_and(|m| m.starts_with(SLOW_ON_EVERY_INPUT))
            });
            if again {
                return Err(format!(
                    "{solution} goes over its time limit on the first case ({} bytes) and on a \
                     case of the largest size, so it cannot be checked (nothing was saved): it is \
                     slow on every input — does it wait for input it never gets, or sleep? \
                     ({})",
                    input.len(),
                    first.trim_start_matches(SLOW_ON_EVERY_INPUT)
                ));
            }
        } else if first == second {
            return Err(format!(
                "{solution} fails the same way on the first case and on a case of the \
                 largest size, so it cannot be checked (nothing was saved): {first}"
            ));
        }
    }
    Ok(())
}

/// How [`broken_run`] begins the message of a time limit.
const SLOW_ON_EVERY_INPUT: &str = "time limit: ";

/// What a probe keeps of a solution's run that may show it broken on every input: a runtime
/// error's message (not a signal's: a program killed by one ran and crashed, a finding), or a
/// time limit's (`time limit: …`). `None` for anything else.
fn broken_run(outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Failed {
            fault: crate::game::Fault::RuntimeError,
            message,
        } if !message.starts_with(process::KILLED_BY_SIGNAL) => Some(message),
        Outcome::Failed {
            fault: crate::game::Fault::TimeLimit,
            message,
        } => Some(format!("{SLOW_ON_EVERY_INPUT}{message}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::problem_name;

    #[test]
    fn a_problem_is_named_by_the_solution_s_file_and_its_language() {
        let dir = std::env::temp_dir().join(format!("boardfuzz-name-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for file in [
            "sol.cpp",
            "sol.py",
            "Main.java",
            "a.out",
            "solve",
            "my.sol.rs",
        ] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        let name = |line: &str| problem_name(None, &format!("{}/{line}", dir.display())).unwrap();
        assert_eq!(name("sol.cpp"), "sol-cpp");
        assert_eq!(name("sol.py"), "sol-py");
        assert_eq!(name("Main.java"), "Main-java");
        assert_eq!(name("a.out"), "a-out");
        assert_eq!(name("solve"), "solve");
        assert_eq!(name("my.sol.rs"), "my_sol-rs");
        assert_eq!(problem_name(None, "no-such-file.cpp").unwrap(), "solution");
        assert_eq!(problem_name(Some("boj1000"), "sol.cpp").unwrap(), "boj1000");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
