//! Grids: a line with the grid's size (`R C`, `N M`, or `C` alone) and below it rows of C
//! characters (one token a row: `#..#`) or of C tokens. The rows are counted lines, which
//! [`super::counted`] cuts with R; this pass cuts the columns, from every row at once with C
//! lowered: halves, quarters, … single columns, last first. Without it a failure in a corner of
//! a 20×20 grid keeps all 20 columns, since dropping a character from one row breaks the grid.

use super::text::{drop_chunks, lines_with_tokens, natural, replaced, try_take, Keep, Line};

/// A grid of the text: its column count is token `token` of line `line`, its rows are lines
/// `first..first + rows`, of characters (`chars`) or of tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Grid {
    line: usize,
    token: usize,
    first: usize,
    rows: usize,
    chars: bool,
}

/// The width of line `i` as a grid row: its characters if it is one token, else its tokens.
fn row_width(lines: &[Line], i: usize, chars: bool) -> Option<usize> {
    let (_, line, spans) = lines.get(i)?;
    if chars {
        (spans.len() == 1).then(|| line.trim().chars().count())
    } else {
        (spans.len() >= 2).then_some(spans.len())
    }
}

/// The grids of `text` (see the module documentation), top first.
pub(super) fn grids(text: &str) -> Vec<Grid> {
    let lines = lines_with_tokens(text);
    // How many lines from each one on have its width as a row, for rows of characters and of
    // tokens: every run looked up at once (a scan from each line made 120,000 lines of `u v`
    // cost 7 billion steps).
    let runs = |chars: bool| {
        let mut run = vec![0usize; lines.len() + 1];
        for j in (0..lines.len()).rev() {
            let w = row_width(&lines, j, chars);
            run[j] = match w {
                Some(_) if j + 1 < lines.len() && row_width(&lines, j + 1, chars) == w => {
                    1 + run[j + 1]
                }
                Some(_) => 1,
                None => 0,
            };
        }
        run
    };
    let same = [runs(true), runs(false)];
    let mut found = Vec::new();
    for i in 0..lines.len().saturating_sub(1) {
        let numbers: Vec<(usize, usize)> = lines[i]
            .2
            .iter()
            .enumerate()
            .filter_map(|(k, &span)| natural(text, span).map(|n| (k, n)))
            .collect();
        if numbers.is_empty() {
            continue;
        }
        for chars in [true, false] {
            let Some(width) = row_width(&lines, i + 1, chars).filter(|&w| w >= 2) else {
                continue;
            };
            let run = same[usize::from(!chars)][i + 1];
            if !chars && run < 2 {
                continue;
            }
            let Some(&(token, _)) = numbers.iter().rev().find(|&&(_, n)| n == width) else {
                continue;
            };
            let rows = numbers
                .iter()
                .find(|&&(k, n)| k != token && (1..=run).contains(&n))
                .map_or(run, |&(_, n)| n);
            found.push(Grid {
                line: i,
                token,
                first: i + 1,
                rows,
                chars,
            });
        }
    }
    found
}

/// The lines that are rows of a grid of `text`.
pub(super) fn row_lines(text: &str) -> Vec<usize> {
    grids(text)
        .into_iter()
        .flat_map(|g| g.first..g.first + g.rows)
        .collect()
}

/// The grid's column count now, if its rows still have that many columns.
fn columns(text: &str, grid: Grid) -> Option<usize> {
    let lines = lines_with_tokens(text);
    let c = natural(text, *lines.get(grid.line)?.2.get(grid.token)?)?;
    (grid.first..grid.first + grid.rows)
        .all(|j| row_width(&lines, j, grid.chars) == Some(c))
        .then_some(c)
}

/// `text` without columns `from..to` of `grid` and with its column count lowered by as many.
fn without_columns(text: &str, grid: Grid, from: usize, to: usize) -> Option<String> {
    let lines = lines_with_tokens(text);
    let count = *lines.get(grid.line)?.2.get(grid.token)?;
    let c = natural(text, count)?;
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for (at, line, spans) in lines.get(grid.first..grid.first + grid.rows)? {
        if grid.chars {
            let (s, e) = spans[0];
            let offsets: Vec<usize> = line[s - at..e - at]
                .char_indices()
                .map(|(o, _)| s + o)
                .chain([e])
                .collect();
            cuts.push((offsets[from], offsets[to]));
        } else if to < spans.len() {
            cuts.push((spans[from].0, spans[to].0));
        } else if from > 0 {
            cuts.push((spans[from - 1].1, spans[to - 1].1));
        } else {
            return None;
        }
    }
    let mut out = replaced(text, count, &(c - (to - from)).to_string());
    let shift = out.len() as isize - text.len() as isize;
    for &(s, e) in cuts.iter().rev() {
        let (s, e) = ((s as isize + shift) as usize, (e as isize + shift) as usize);
        out.replace_range(s..e, "");
    }
    Some(out)
}

/// Cuts the columns of every grid of the text with its column count.
pub(super) fn drop_columns(mut text: String, keep: &mut Keep) -> String {
    let mut done = Vec::new();
    'grids: loop {
        for grid in grids(&text) {
            if done.contains(&grid) {
                continue;
            }
            done.push(grid);
            let len = |t: &str| columns(t, grid);
            let progress = drop_chunks(&mut text, 2, &len, &mut |text, from, to| {
                without_columns(text, grid, from, to)
                    .is_some_and(|candidate| try_take(text, candidate, keep))
            });
            if progress {
                continue 'grids;
            }
        }
        return text;
    }
}
