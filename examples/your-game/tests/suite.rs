//! The suite every boardfuzz game gets, on Connect Four: corpus replay, census coverage, traces
//! and census of both sides, generator reach, shrinking, the kept fuzz seeds, and engine ==
//! reference on random games and on mutated text.

// A column that is full when the game is won, named by a later move, needs a win on a board
// nearly full in that column: rare in random games, held by the corpus.
boardfuzz::game_suite!(
    your_game::ConnectFour,
    cases = 500,
    generator_may_miss = &["full-column-after-win"],
);
