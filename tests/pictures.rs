//! Every game draws every line of its trace ([`boardfuzz::game::Game::draw`]): the pictures a
//! finding shows at its first divergence, in the terminal and in the HTML report.

use boardfuzz::game::Options;
use boardfuzz::rng::Rng;

#[test]
fn every_game_draws_each_line_of_its_reference_trace() {
    for game in boardfuzz::games::builtin().all() {
        let mut rng = Rng::new(3);
        for _ in 0..5 {
            let input = game.generate(&mut rng, &Options::new()).unwrap();
            let Some(Ok(trace)) = game.reference_trace(input.as_bytes(), &Options::new()) else {
                panic!("{}: no trace for {input}", game.slug());
            };
            for line in trace.iter().take(40) {
                let picture = game.draw(line, input.as_bytes(), &Options::new());
                let picture =
                    picture.unwrap_or_else(|| panic!("{}: `{line}` not drawn", game.slug()));
                assert!(!picture.rows.is_empty(), "{}: `{line}`", game.slug());
                assert!(!picture.caption.is_empty(), "{}: `{line}`", game.slug());
            }
        }
    }
}
