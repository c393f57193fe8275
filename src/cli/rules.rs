//! `boardfuzz rules`: a game's rule clauses, each with the census tags that cite it or the reason
//! no tag does (`Game::TAG_CLAUSES`, `Game::UNMEASURED`) — what the clause coverage of `check`
//! and `census` counts.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;

use crate::game::{DynGame, Games};

use super::{selected, CliResult};

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Games to show (slug or problem id); all games if none is given.
    games: Vec<String>,
}

/// Prints the clauses of each chosen game, in clause order.
pub fn run(games: &Games, args: RulesArgs) -> CliResult {
    let texts: Vec<String> = selected(games, &args.games)?
        .into_iter()
        .map(describe)
        .collect();
    out!("{}", texts.join("\n"));
    Ok(ExitCode::SUCCESS)
}

/// One game's clauses: a heading line with the counts, then one line per clause.
fn describe(g: &dyn DynGame) -> String {
    let name = if g.title() == g.slug() {
        g.slug().to_string()
    } else {
        format!("{} — {}", g.slug(), g.title())
    };
    let clauses = g.clauses();
    if clauses.is_empty() {
        return format!(
            "{name}: the game declares no rule clauses (`Game::TAG_CLAUSES` names the clauses \
             each census tag exercises)\n"
        );
    }
    let measured = clauses.iter().filter(|c| c.measured()).count();
    let mut out = format!(
        "{name}: {} clauses, {measured} measured by census tags, {} not\n",
        clauses.len(),
        clauses.len() - measured
    );
    let width = clauses.iter().map(|c| c.id.len()).max().unwrap_or(0);
    for c in &clauses {
        let _ = if c.measured() {
            writeln!(out, "  {:width$}  tags: {}", c.id, c.tags.join(", "))
        } else {
            let why = c.unmeasured.unwrap_or("(no reason recorded)");
            writeln!(out, "  {:width$}  not measured: {why}", c.id)
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, Game, Options, Outcome};

    struct Plain;
    impl Game for Plain {
        type Case = u8;
        const SLUG: &'static str = "plain";
        const TAGS: &'static [&'static str] = &["t"];
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(_: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::new())
        }
        fn reference(_: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::new())
        }
    }

    struct Cited;
    impl Game for Cited {
        type Case = u8;
        const SLUG: &'static str = "cited";
        const TITLE: &'static str = "Cited game";
        const TAGS: &'static [&'static str] = &["t", "u"];
        const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] =
            &[("t", &["C-10"]), ("u", &["C-10", "C-2"])];
        const UNMEASURED: &'static [(&'static str, &'static str)] =
            &[("C-1", "every input exercises it")];
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(_: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::new())
        }
        fn reference(_: &[u8], _: &Options) -> Outcome {
            Outcome::Output(String::new())
        }
    }

    #[test]
    fn clauses_in_order_with_tags_or_reason_and_a_game_without_says_so() {
        assert_eq!(
            describe(dyn_game::<Cited>()),
            "cited — Cited game: 3 clauses, 2 measured by census tags, 1 not\n  \
             C-1   not measured: every input exercises it\n  \
             C-2   tags: u\n  \
             C-10  tags: t, u\n"
        );
        assert!(
            describe(dyn_game::<Plain>()).starts_with("plain: the game declares no rule clauses")
        );
    }
}
