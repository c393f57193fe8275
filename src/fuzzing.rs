//! The bodies of the fuzz targets, so each file in `fuzz/fuzz_targets/` is a few lines of glue
//! and the same checks run under libFuzzer, under `cargo test` and from the command line.
//!
//! Two kinds of target per game:
//! - `<slug>`: structure-aware, the input decodes (via `arbitrary`) to a valid case, which is
//!   rendered to judge text and run through engine and reference; any difference panics with the
//!   full report.
//! - `<slug>_parse`: raw bytes straight into both readers; they must agree (same output, or the
//!   same error class at the same line) and neither may panic.

use crate::game::{self, Game, Options, Registered};
use crate::harness::agreement;

/// Structured differential check of one case.
pub fn diff_case<G: Game>(case: &G::Case) {
    let text = G::render(case);
    check(
        &Registered::<G>::new(),
        text.as_bytes(),
        "structured fuzz input",
    );
}

/// Raw-bytes check: both implementations must answer these bytes alike.
pub fn parse_agree(slug: &str, bytes: &[u8]) {
    let game = crate::games::find(slug).expect("fuzz target names a registered game");
    check(game, bytes, "raw fuzz input");
}

fn check(game: &dyn game::DynGame, input: &[u8], origin: &str) {
    if let Err(d) = agreement(game, input, &Options::new(), origin) {
        panic!("{}", d.report());
    }
}
