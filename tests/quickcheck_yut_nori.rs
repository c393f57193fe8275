//! Yut Nori with quickcheck: a second generator, independent of the `arbitrary` decoding the
//! fuzz target and proptest use. It writes random turns (any piece letter, any throws) and cuts
//! the game just before the first turn the *reference* rejects as a move of an exited piece, so
//! the cases are valid without borrowing the engine's notion of validity.

use boardfuzz::game::{Options, Outcome};
use boardfuzz::games;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

#[derive(Clone, Debug)]
struct Game(String);

impl Arbitrary for Game {
    fn arbitrary(g: &mut Gen) -> Game {
        let n = 1 + usize::arbitrary(g) % 100;
        // Favour a few pieces per game so stacks and captures are common.
        let pieces: Vec<char> = {
            let mut p: Vec<char> = "ABCDabcd".chars().collect();
            let keep = 2 + usize::arbitrary(g) % 7;
            while p.len() > keep {
                let i = usize::arbitrary(g) % p.len();
                p.remove(i);
            }
            p
        };
        let mut turns: Vec<String> = (0..n)
            .map(|_| {
                let piece = *g.choose(&pieces).unwrap();
                let throws: String = (0..4)
                    .map(|_| if bool::arbitrary(g) { 'F' } else { 'B' })
                    .collect();
                format!("{piece} {throws}")
            })
            .collect();
        loop {
            let text = render(&turns);
            match games::builtin()
                .find("yut_nori")
                .unwrap()
                .reference(text.as_bytes(), &Options::new())
            {
                Outcome::Rejected {
                    class: "invalid",
                    line,
                    ..
                } if line >= 3 => turns.truncate(line - 2),
                _ => return Game(text),
            }
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Game>> {
        let turns: Vec<String> = self.0.lines().skip(1).map(String::from).collect();
        let shorter: Vec<Game> = (0..turns.len())
            .filter(|_| turns.len() > 1)
            .map(|i| {
                let mut t = turns.clone();
                t.remove(i);
                Game(render(&t))
            })
            .collect();
        Box::new(shorter.into_iter())
    }
}

fn render(turns: &[String]) -> String {
    let mut s = format!("{}\n", turns.len());
    for t in turns {
        s.push_str(t);
        s.push('\n');
    }
    s
}

#[test]
fn engine_matches_reference_on_quickcheck_games() {
    fn prop(game: Game) -> TestResult {
        let g = games::builtin().find("yut_nori").unwrap();
        let engine = g.engine(game.0.as_bytes(), &Options::new());
        let reference = g.reference(game.0.as_bytes(), &Options::new());
        if !matches!(reference, Outcome::Output(_)) {
            // A shrunk game can name an exited piece; such inputs are not this property's concern.
            return TestResult::discard();
        }
        TestResult::from_bool(engine.agrees_with(&reference))
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Game) -> TestResult);
}
