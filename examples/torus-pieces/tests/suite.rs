//! The suite every boardfuzz game gets, on the pieces on a torus: corpus replay, read-back and
//! shrinking, and engine == reference on random games and on mutated text (the planted bug off).

boardfuzz::game_suite!(torus_pieces::TorusPieces);
