//! The stack_game census: the edge cases a board hits, observed on the engine's own game loop.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/stack_game.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use crate::game::{tag_bit, Options};

use super::engine::{self, Board, Bounce, Fate, MoveEvent, Observer, State, RED};
use super::turn_limit;

/// Move tags count moves of turns `1..=limit`; `move-*` and `bounce-off-board` name what the
/// first target was. End buckets are the game's *true* end turn (whatever the limit); the
/// `stack-*` tags are about the move that ends the game within the limit; `cycle-proved`
/// means the engine answered -1 from a repeated state before reaching the limit.
pub const TAGS: &[&str] = &[
    "move-white",
    "move-red",
    "move-blue",
    "bounce-off-board",
    "bounce-blocked",
    "red-after-bounce",
    "group-carried",
    "stack-5-in-one-move",
    "stack-4-broken-same-turn",
    "end-1",
    "end-2-10",
    "end-11-100",
    "end-101-999",
    "end-1000",
    "end-1001-1100",
    "never-ends",
    "cycle-proved",
];

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/stack_game.md`, which `tests/suite_stack_game.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("move-white", &["SG-9"]),
    ("move-red", &["SG-10"]),
    ("move-blue", &["SG-11"]),
    ("bounce-off-board", &["SG-11"]),
    ("bounce-blocked", &["SG-13"]),
    ("red-after-bounce", &["SG-12", "SG-10"]),
    ("group-carried", &["SG-8"]),
    ("stack-5-in-one-move", &["SG-14"]),
    ("stack-4-broken-same-turn", &["SG-14", "SG-7"]),
    ("end-1", &["SG-14"]),
    ("end-2-10", &["SG-14"]),
    ("end-11-100", &["SG-14"]),
    ("end-101-999", &["SG-14"]),
    ("end-1000", &["SG-14", "SG-15"]),
    ("end-1001-1100", &["SG-15"]),
    ("never-ends", &["SG-16"]),
    ("cycle-proved", &["SG-16", "SG-15"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/stack_game.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    ("SG-1", "every input exercises it"),
    ("SG-2", "every input exercises it"),
    ("SG-3", "every input exercises it"),
    (
        "SG-4",
        "reading only (covered by corpus entries `bad-two-pieces-one-cell`, \
         `bad-syntax-beats-duplicate`)",
    ),
    (
        "SG-5",
        "every input exercises it (every move looks at a neighbour; reversal is also tagged \
         through SG-11)",
    ),
    ("SG-6", "every input exercises it"),
    ("SG-17", "every input exercises it"),
    (
        "SG-18",
        "trace only: compared between engine and reference, never part of the census",
    ),
];

/// Sees the moves of turns `1..=limit` and sets census bits.
struct CensusObserver {
    limit: u64,
    hits: u64,
}

fn tag(name: &str) -> u64 {
    tag_bit(TAGS, name)
}

impl Observer for CensusObserver {
    fn on_move(&mut self, turn: u64, ev: &MoveEvent) {
        if turn > self.limit {
            return;
        }
        self.hits |= match ev.bounce {
            Bounce::None => match ev.landed {
                Some(RED) => tag("move-red"),
                _ => tag("move-white"),
            },
            Bounce::Blue => tag("move-blue"),
            Bounce::OffBoard => tag("bounce-off-board"),
        };
        if ev.bounce != Bounce::None {
            self.hits |= match ev.landed {
                None => tag("bounce-blocked"),
                Some(RED) => tag("red-after-bounce"),
                Some(_) => 0,
            };
        }
        if ev.group >= 2 {
            self.hits |= tag("group-carried");
        }
    }
}

/// Replays a game that ends at `end` up to its ending move, then plays the rest of that turn as
/// if SG-14 did not exist. Returns (pieces on the ending move's destination, largest stack at
/// the end of the turn).
pub fn ending_move(board: &Board, end: u64) -> (usize, usize) {
    let mut s = State::new(board);
    for t in 1..end {
        s.play_turn(&board.colour, t, &mut engine::Quiet);
    }
    for a in 0..s.k {
        let len = s.move_piece(&board.colour, a, end, &mut engine::Quiet);
        if len >= 4 {
            return (len, s.finish_turn_ignoring_end(&board.colour, a + 1));
        }
    }
    unreachable!("the game ends in turn {end}")
}

/// The census tags of an input (0 if it is rejected).
pub fn census(input: &[u8], options: &Options) -> u64 {
    let Ok(board) = engine::parse(input) else {
        return 0;
    };
    let limit = turn_limit(options) as u64;
    let mut obs = CensusObserver { limit, hits: 0 };
    let run = engine::run_with(&board, None, engine::TABLE_CAP, &mut obs);
    let mut hits = obs.hits;
    match run.fate {
        Fate::Ends(end) => {
            hits |= match end {
                1 => tag("end-1"),
                2..=10 => tag("end-2-10"),
                11..=100 => tag("end-11-100"),
                101..=999 => tag("end-101-999"),
                1000 => tag("end-1000"),
                1001..=1100 => tag("end-1001-1100"),
                _ => 0,
            };
            if end <= limit {
                let (len, largest_after) = ending_move(&board, end);
                if len >= 5 {
                    hits |= tag("stack-5-in-one-move");
                }
                if largest_after < 4 {
                    hits |= tag("stack-4-broken-same-turn");
                }
            }
        }
        Fate::Never { start, period } => {
            hits |= tag("never-ends");
            if start + period <= limit {
                hits |= tag("cycle-proved");
            }
        }
        Fate::Undecided { .. } => {}
    }
    hits
}
