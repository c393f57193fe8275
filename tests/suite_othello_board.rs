//! The suite every game gets (`boardfuzz::testing`), run on othello_board: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.

// A full board or a side wiped out needs most of the 32 placements: held by the corpus.
boardfuzz::game_suite!(
    boardfuzz::games::othello_board::OthelloBoard,
    cases = 2000,
    generator_may_miss = &["full-board", "wipe-out"],
);
