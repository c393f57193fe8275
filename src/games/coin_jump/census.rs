//! The coin_jump census: the edge cases a board hits, computed on the engine's analysis of the
//! board (the campaign runs it on every case). `tests/exhaustive_coin_jump.rs` holds the analysis
//! to the literal reference on every board up to 3×3.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/coin_jump.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use crate::game::tag_bit;

use super::engine::{moves, Analysis};

/// The census tags, in display order (see [`census_bits`] for each one's definition).
pub const TAGS: &[&str] = &[
    "answer-one",
    "reachable-cycle",
    "cycle-far",
    "unreachable-cycle",
    "trace-mixed",
    "rejoin-no-cycle",
    "long-chain",
    "holes-but-path",
    "board-1x1",
    "board-1xM",
    "board-Nx1",
    "board-50",
    "leave-up",
    "leave-down",
    "leave-left",
    "leave-right",
    "land-in-hole",
    "jump-over-hole",
];

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/coin_jump.md`, which `tests/suite_coin_jump.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("answer-one", &["CJ-10", "CJ-6"]),
    ("reachable-cycle", &["CJ-9"]),
    ("cycle-far", &["CJ-9"]),
    ("unreachable-cycle", &["CJ-9", "CJ-10"]),
    ("trace-mixed", &["CJ-9", "CJ-12"]),
    ("rejoin-no-cycle", &["CJ-10"]),
    ("long-chain", &["CJ-10", "CJ-7", "CJ-8"]),
    ("holes-but-path", &["CJ-8", "CJ-10"]),
    ("board-1x1", &["CJ-1"]),
    ("board-1xM", &["CJ-1"]),
    ("board-Nx1", &["CJ-1"]),
    ("board-50", &["CJ-1"]),
    ("leave-up", &["CJ-6"]),
    ("leave-down", &["CJ-6"]),
    ("leave-left", &["CJ-6"]),
    ("leave-right", &["CJ-6"]),
    ("land-in-hole", &["CJ-6"]),
    ("jump-over-hole", &["CJ-5"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/coin_jump.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    (
        "CJ-2",
        "every input exercises it (`bad-short-row`, `bad-long-row`, `bad-character`, \
         `bad-zero-digit`, `bad-missing-rows`, `bad-extra-row` cover its rejections)",
    ),
    (
        "CJ-3",
        "reading only (covered by corpus entries `bad-hole-at-start`, \
         `bad-syntax-beats-hole-at-start`)",
    ),
    ("CJ-4", "every input exercises it"),
    ("CJ-11", "every input exercises it"),
];

/// A finite answer at least this large is a "long chain".
pub const LONG_CHAIN: i64 = 25;
/// A cycle at least this many moves from the start is "far".
pub const FAR: usize = 10;

/// The census tags of an analysed board:
/// - `answer-one`: every move of the start ends the game; `reachable-cycle`: the answer is -1;
/// - `cycle-far`: -1, and every reachable cell that lies on or between cycles (reaches one and
///   is reached from one) is at least [`FAR`] moves from the start;
/// - `unreachable-cycle`: a finite answer on a board where some cell can move forever;
/// - `trace-mixed`: -1, but some reachable cell has a finite value;
/// - `rejoin-no-cycle`: a finite answer and a cell reached from two different reachable cells
///   (the `2312` trap: a finished cell met again is not a cycle);
/// - `long-chain`: a finite answer ≥ [`LONG_CHAIN`];
/// - `holes-but-path`: the board has holes and the answer equals its number of digit cells (≥ 2),
///   so every digit cell lies on the longest path;
/// - `board-1x1`, `board-1xM`, `board-Nx1`, `board-50` (a side at the judge's limit);
/// - `leave-up/down/left/right`: a move of a reachable cell other than the start leaves the
///   board on that side (the start always leaves up and left);
/// - `land-in-hole`: a reachable cell's move lands in a hole;
/// - `jump-over-hole`: a reachable cell's move lands on a digit cell over at least one hole.
pub fn census_bits(a: &Analysis) -> u64 {
    let (rows, cols) = (a.rows, a.cols);
    let n = rows * cols;
    let answer = a.answer();
    let mut bits = 0;
    let mut hit = |name: &str, yes: bool| {
        if yes {
            bits |= tag_bit(TAGS, name);
        }
    };
    let digits = a.cells.iter().filter(|&&c| c != 0).count();
    hit("answer-one", answer == 1);
    hit("reachable-cycle", answer == -1);
    hit("unreachable-cycle", answer > 0 && a.value.contains(&-1));
    hit(
        "trace-mixed",
        answer == -1 && (0..n).any(|i| a.reachable[i] && a.value[i] > 0),
    );
    hit("long-chain", answer >= LONG_CHAIN);
    hit(
        "holes-but-path",
        digits < n && digits >= 2 && answer == digits as i64,
    );
    hit("board-1x1", rows == 1 && cols == 1);
    hit("board-1xM", rows == 1 && cols > 1);
    hit("board-Nx1", cols == 1 && rows > 1);
    hit("board-50", rows == 50 || cols == 50);

    // Moves of reachable cells, and in-degrees within the reachable part.
    let mut indeg = vec![0u32; n];
    const SIDES: [&str; 4] = ["leave-up", "leave-down", "leave-left", "leave-right"];
    for i in (0..n).filter(|&i| a.reachable[i]) {
        let d = a.cells[i] as usize;
        for (k, t) in moves(rows, cols, i, a.cells[i]).into_iter().enumerate() {
            match t {
                None => hit(SIDES[k], i != 0),
                Some(t) if a.cells[t] == 0 => hit("land-in-hole", true),
                Some(t) => {
                    indeg[t] += 1;
                    let step = if k < 2 { cols } else { 1 };
                    let lo = i.min(t);
                    let over = (1..d).any(|j| a.cells[lo + j * step] == 0);
                    hit("jump-over-hole", over);
                }
            }
        }
    }
    hit(
        "rejoin-no-cycle",
        answer > 0 && indeg.iter().any(|&d| d >= 2),
    );
    if answer == -1 {
        // Peel reachable cells of in-degree 0: what stays is reached from a cycle.
        let mut left = indeg.clone();
        let mut stack: Vec<usize> = (0..n).filter(|&i| a.reachable[i] && left[i] == 0).collect();
        let mut peeled = vec![false; n];
        while let Some(v) = stack.pop() {
            peeled[v] = true;
            for t in a.edges(v) {
                left[t] -= 1;
                if left[t] == 0 {
                    stack.push(t);
                }
            }
        }
        // Breadth-first distance from the start to the nearest cell on or between cycles.
        let mut dist = vec![usize::MAX; n];
        let mut queue = std::collections::VecDeque::from([0usize]);
        dist[0] = 0;
        let mut nearest = usize::MAX;
        while let Some(v) = queue.pop_front() {
            if !peeled[v] && a.value[v] == -1 {
                nearest = dist[v];
                break;
            }
            for t in a.edges(v) {
                if dist[t] == usize::MAX {
                    dist[t] = dist[v] + 1;
                    queue.push_back(t);
                }
            }
        }
        hit("cycle-far", nearest != usize::MAX && nearest >= FAR);
    }
    bits
}
