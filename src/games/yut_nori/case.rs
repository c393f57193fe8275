//! The structured yut_nori case: a game valid by construction, its `arbitrary` decoding (the
//! fuzz targets' format), rendering to judge text, parsing back, and structural shrinking.
//!
//! Case format, version 3 (version 3: the scope draw hashes 8 bytes at a time; versioned —
//! changing it invalidates saved fuzz corpora): the scope is
//! drawn from all the input's bytes ([`crate::draw::scope_draw`]); one `u8` picks the turn
//! count (`int_in_range`), in 1..=100 in a *large* case (`draw % LARGE_ONE_IN == LARGE_ONE_IN -
//! 1`, one case in [`LARGE_ONE_IN`]) and in 1..=[`SMALL_MAX_TURNS`] in a *small* one; then per
//! turn one byte picks the piece among those that have not exited (`byte % movable.len()`,
//! pieces in `ABCDabcd` order) and one byte's low four bits are the throws (bit i set = `F` at
//! position i). Every byte string is a valid game.
//!
//! Why these scopes: both sides replay every turn, so a case costs about as much as it has turns
//! (plus the picture). Shortcuts from 앞밭, 뒷밭 and 방, captures, stacks of two to four and moving
//! a stack by its upper piece all happen within a couple of dozen turns of random play; what
//! needs long games is pieces exiting in numbers and a team finishing. So most cases are small,
//! at most [`SMALL_MAX_TURNS`] turns, and one in [`LARGE_ONE_IN`] has up to 100, which gives
//! large cases a sixth of the answering time (`cargo run --release --example scope_share`, table in
//! BENCHMARKS.md, "Fuzz targets"). The campaign's generator decodes random bytes through this
//! same decoding.

use arbitrary::{Arbitrary, Unstructured};

use super::engine::{self, Board, Move, LETTERS, OUT};

/// One case in this many is large: up to 100 turns (the share is explained in the module
/// documentation).
pub const LARGE_ONE_IN: u32 = 8;

/// A small case has at most this many turns.
pub const SMALL_MAX_TURNS: usize = 25;

/// One turn of a case: the piece (0..8 for `ABCDabcd`) and the four throws (`true` = `F`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The piece named, 0..8 for `ABCDabcd`.
    pub piece: u8,
    /// The four throws in input order, `true` for `F` and `false` for `B`.
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
    /// The turns, in input order.
    pub turns: Vec<Turn>,
}

impl Case {
    /// The judge input text: N, then one line per turn, the piece letter and four throws.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(4 + self.turns.len() * 7);
        out.push_str(&self.turns.len().to_string());
        out.push('\n');
        for turn in &self.turns {
            out.push(LETTERS[turn.piece as usize] as char);
            out.push(' ');
            for f in turn.throws {
                out.push(if f { 'F' } else { 'B' });
            }
            out.push('\n');
        }
        out
    }

    /// The case a judge text describes, its throws as written; `None` if the text is not a
    /// valid input (a syntax error, or a turn that names an exited piece).
    pub fn parse(input: &[u8]) -> Option<Case> {
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

    /// Structurally smaller variants, most aggressive first: runs of turns dropped (longest
    /// first), two moves of one piece in a row merged, a piece renamed to an earlier letter
    /// not in the game, then simpler throws and earlier letters turn by turn.
    pub fn shrink(&self) -> Vec<Case> {
        let n = self.turns.len();
        let mut out = Vec::new();
        // Drop runs of turns, longest first (keep at least one turn).
        let mut chunk = n / 2;
        while chunk >= 1 {
            let mut start = 0;
            while start + chunk <= n {
                if n - chunk >= 1 {
                    let mut turns = self.turns.clone();
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
            let (a, b) = (self.turns[i - 1], self.turns[i]);
            let steps = a.steps() + b.steps();
            if a.piece == b.piece && steps <= 5 {
                let mut turns = self.turns.clone();
                turns[i - 1].throws = canonical_throws(steps);
                turns.remove(i);
                out.push(Case { turns });
            }
        }
        // An earlier letter for every move of one piece, when that letter is not in the game.
        let used = self.turns.iter().fold(0u8, |m, t| m | 1 << t.piece);
        for from in 0..8u8 {
            for to in (0..from).filter(|&to| used & (1 << from) != 0 && used & (1 << to) == 0) {
                let mut turns = self.turns.clone();
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
                if throws != self.turns[i].throws {
                    let mut turns = self.turns.clone();
                    turns[i].throws = throws;
                    out.push(Case { turns });
                }
            }
            for piece in 0..self.turns[i].piece {
                let mut turns = self.turns.clone();
                turns[i].piece = piece;
                out.push(Case { turns });
            }
        }
        out
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let large = crate::draw::scope_draw(u) % LARGE_ONE_IN == LARGE_ONE_IN - 1;
        let n: usize = u.int_in_range(1..=if large { 100 } else { SMALL_MAX_TURNS })?;
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

/// Canonical throws for each step count, as the shrinker writes them.
fn canonical_throws(steps: u8) -> [bool; 4] {
    match steps {
        5 => [false; 4],
        s => [0, 1, 2, 3].map(|i| i >= 4 - s as usize),
    }
}
