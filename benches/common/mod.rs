//! Shared by the benches that measure every game (`engines`, `one_sitting`).

use boardfuzz::game::DynGame;

/// Every registered game, or those `BOARDFUZZ_BENCH_GAMES` names (a comma-separated list of
/// slugs).
pub fn selected() -> Vec<&'static dyn DynGame> {
    let only = std::env::var("BOARDFUZZ_BENCH_GAMES").unwrap_or_default();
    boardfuzz::games::builtin()
        .all()
        .iter()
        .copied()
        .filter(|g| only.is_empty() || only.split(',').any(|s| s == g.slug()))
        .collect()
}
