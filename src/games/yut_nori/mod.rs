//! Yut Nori (BOJ 15778): the structured case, its rendering, shrinking and census, and the glue
//! between the optimized [`engine`] and the literal reference (`reference/src/yut_nori.rs`).
//!
//! Case format (versioned — changing it invalidates saved fuzz corpora): one `u8` picks the turn
//! count in 1..=100 (`int_in_range`), then per turn one byte picks the piece among those that have
//! not exited (`byte % movable.len()`, pieces in `ABCDabcd` order) and one byte's low four bits are
//! the throws (bit i set = `F` at position i). Every byte string is a valid game.

pub mod engine;

use arbitrary::{Arbitrary, Unstructured};

use crate::game::{Game, Options, Outcome, Trace};
use engine::{Board, Move, AP_BAT, BANG, DWIT_BAT, LETTERS, NAL_BAT, OUT};

/// One turn of a case: the piece (0..8 for `ABCDabcd`) and the four throws (`true` = `F`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub piece: u8,
    pub throws: [bool; 4],
}

impl Turn {
    fn steps(self) -> u8 {
        match self.throws.iter().filter(|&&f| f).count() {
            0 => 5,
            n => n as u8,
        }
    }
}

/// A whole game: 1..=100 turns, none of which names a piece that has exited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub turns: Vec<Turn>,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let n: usize = u.int_in_range(1..=100)?;
        let mut board = Board::new();
        let mut turns = Vec::with_capacity(n);
        for _ in 0..n {
            let movable: Vec<u8> = (0..8).filter(|&p| board.position(p) != OUT).collect();
            if movable.is_empty() {
                break;
            }
            let pick = u8::arbitrary(u)? as usize % movable.len();
            let bits = u8::arbitrary(u)?;
            let turn = Turn {
                piece: movable[pick],
                throws: [0, 1, 2, 3].map(|i| bits & (1 << i) != 0),
            };
            board
                .play(Move {
                    piece: turn.piece,
                    steps: turn.steps(),
                })
                .expect("only pieces still in play are picked");
            turns.push(turn);
        }
        Ok(Case { turns })
    }
}

/// The Yut Nori game.
pub struct YutNori;

/// Canonical throws for each step count, as the shrinker writes them.
fn canonical_throws(steps: u8) -> [bool; 4] {
    match steps {
        5 => [false; 4],
        s => [0, 1, 2, 3].map(|i| i >= 4 - s as usize),
    }
}

impl Game for YutNori {
    type Case = Case;
    const SLUG: &'static str = "yut_nori";
    const PROBLEM: &'static str = "boj15778";
    const TITLE: &'static str = "Yut Nori (BOJ 15778)";
    const TAGS: &'static [&'static str] = &[
        "start-ap-bat",
        "start-dwit-bat",
        "start-bang",
        "pass-ap-bat",
        "pass-dwit-bat",
        "pass-bang",
        "land-nal-bat",
        "exit-from-nal-bat",
        "exit-overshoot",
        "capture-single",
        "capture-stack",
        "capture-on-nal-bat",
        "stack-2",
        "stack-3",
        "stack-4",
        "move-stack-by-upper",
        "stack-exits",
        "reenter-after-capture",
        "all-back-throw",
        "home-onto-own",
    ];

    fn render(case: &Case) -> String {
        let mut out = String::with_capacity(4 + case.turns.len() * 7);
        out.push_str(&case.turns.len().to_string());
        out.push('\n');
        for turn in &case.turns {
            out.push(LETTERS[turn.piece as usize] as char);
            out.push(' ');
            for f in turn.throws {
                out.push(if f { 'F' } else { 'B' });
            }
            out.push('\n');
        }
        out
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        let parsed = engine::parse(input).ok()?;
        let mut board = Board::new();
        let mut turns = Vec::with_capacity(parsed.moves().len());
        // Recover the literal throw strings from the text, so rendering gives the same text back.
        let text = std::str::from_utf8(input).ok()?;
        let throw_fields = text
            .lines()
            .skip(1)
            .filter_map(|l| l.split_ascii_whitespace().nth(1));
        for (mv, throws) in parsed.moves().iter().zip(throw_fields) {
            board.play(*mv)?;
            let mut t = [false; 4];
            for (slot, b) in t.iter_mut().zip(throws.bytes()) {
                *slot = b == b'F';
            }
            turns.push(Turn {
                piece: mv.piece,
                throws: t,
            });
        }
        Some(Case { turns })
    }

    fn shrink(case: &Case) -> Vec<Case> {
        let n = case.turns.len();
        let mut out = Vec::new();
        // Drop runs of turns, longest first (keep at least one turn).
        let mut chunk = n / 2;
        while chunk >= 1 {
            let mut start = 0;
            while start + chunk <= n {
                if n - chunk >= 1 {
                    let mut turns = case.turns.clone();
                    turns.drain(start..start + chunk);
                    out.push(Case { turns });
                }
                start += chunk;
            }
            chunk /= 2;
        }
        // Two moves of the same piece in a row become one move of their summed steps (at most 5):
        // often the same walk in fewer turns.
        for i in 1..n {
            let (a, b) = (case.turns[i - 1], case.turns[i]);
            let steps = a.steps() + b.steps();
            if a.piece == b.piece && steps <= 5 {
                let mut turns = case.turns.clone();
                turns[i - 1].throws = canonical_throws(steps);
                turns.remove(i);
                out.push(Case { turns });
            }
        }
        // An earlier letter for every move of one piece, when that letter is not in the game.
        let used = case.turns.iter().fold(0u8, |m, t| m | 1 << t.piece);
        for from in 0..8u8 {
            for to in (0..from).filter(|&to| used & (1 << from) != 0 && used & (1 << to) == 0) {
                let mut turns = case.turns.clone();
                for t in turns.iter_mut().filter(|t| t.piece == from) {
                    t.piece = to;
                }
                out.push(Case { turns });
            }
        }
        // Simpler turns: canonical throws for every step count, then earlier piece letters.
        for i in 0..n {
            for steps in 1..=5 {
                let throws = canonical_throws(steps);
                if throws != case.turns[i].throws {
                    let mut turns = case.turns.clone();
                    turns[i].throws = throws;
                    out.push(Case { turns });
                }
            }
            for piece in 0..case.turns[i].piece {
                let mut turns = case.turns.clone();
                turns[i].piece = piece;
                out.push(Case { turns });
            }
        }
        out
    }

    fn engine(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_engine(engine::solve(input))
    }

    fn reference(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_reference(boardfuzz_reference::yut_nori::solve(input))
    }

    fn engine_trace(input: &[u8], _: &Options) -> Trace {
        engine::trace(input).map_err(|e| Outcome::from_engine(Err(e)))
    }

    fn reference_trace(input: &[u8], _: &Options) -> Trace {
        boardfuzz_reference::yut_nori::trace(input).map_err(|e| Outcome::from_reference(Err(e)))
    }

    fn census(input: &[u8], _: &Options) -> u64 {
        let mut hits = 0u64;
        let tag = |name: &str| -> u64 {
            let i = Self::TAGS
                .iter()
                .position(|t| *t == name)
                .expect("census tag is declared in TAGS");
            1 << i
        };
        let played = engine::play_all(input, |_, ev| {
            let mut hit = |name: &str| hits |= tag(name);
            match ev.start {
                AP_BAT => hit("start-ap-bat"),
                DWIT_BAT => hit("start-dwit-bat"),
                BANG => hit("start-bang"),
                _ => {}
            }
            if ev.passed & 1 != 0 {
                hit("pass-ap-bat");
            }
            if ev.passed & 2 != 0 {
                hit("pass-dwit-bat");
            }
            if ev.passed & 4 != 0 {
                hit("pass-bang");
            }
            if ev.dest == NAL_BAT {
                hit("land-nal-bat");
            }
            if ev.dest == OUT {
                hit(if ev.start == NAL_BAT {
                    "exit-from-nal-bat"
                } else {
                    "exit-overshoot"
                });
                if ev.group.count_ones() >= 2 {
                    hit("stack-exits");
                }
            }
            match ev.captured.count_ones() {
                0 => {}
                1 => hit("capture-single"),
                _ => hit("capture-stack"),
            }
            if ev.captured != 0 && ev.dest == NAL_BAT {
                hit("capture-on-nal-bat");
            }
            if ev.joined != 0 {
                match (ev.joined | ev.group).count_ones() {
                    2 => hit("stack-2"),
                    3 => hit("stack-3"),
                    _ => hit("stack-4"),
                }
                if ev.start == engine::HOME {
                    hit("home-onto-own");
                }
            }
            if ev.group.count_ones() >= 2 && ev.by_upper {
                hit("move-stack-by-upper");
            }
            if ev.reentered {
                hit("reenter-after-capture");
            }
            if ev.steps == 5 {
                hit("all-back-throw");
            }
        });
        if played.is_ok() {
            hits
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DynGame, Registered};

    #[test]
    fn shrinking_merges_moves_and_reaches_the_shortest_walk() {
        // Keep "some move starts on 방": the shortest game that does so is three moves long
        // (home → 앞밭 with 5, 앞밭 → 방 with 3, then any move from 방).
        let game = Registered::<YutNori>::new();
        let start_bang = 1u64
            << YutNori::TAGS
                .iter()
                .position(|t| *t == "start-bang")
                .unwrap();
        let mut keeps =
            |t: &str| YutNori::census(t.as_bytes(), &Options::default()) & start_bang != 0;
        let found = "5\nD FFFF\nD BBBF\nD BBBF\nD BBFF\nD BBBF\n";
        assert!(keeps(found));
        let small = game.shrink(found, &mut keeps).unwrap();
        assert_eq!(small, "3\nA BBBB\nA BFFF\nA BBBB\n");
    }

    #[test]
    fn every_byte_string_decodes_to_a_game_the_engine_accepts() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let mut bytes = vec![0u8; rng.range(0, 300) as usize];
            rng.fill(&mut bytes);
            let case = crate::game::decode_fuzz_input::<Case>(&bytes).unwrap();
            let text = YutNori::render(&case);
            assert!(engine::solve(text.as_bytes()).is_ok(), "{text}");
            assert_eq!(YutNori::parse_case(text.as_bytes()), Some(case));
        }
    }
}
