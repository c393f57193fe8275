//! Every game draws every line of its trace ([`boardfuzz::game::Game::draw`]): the pictures a
//! finding shows at its first divergence, in the terminal and in the HTML report. The games whose
//! answer is a board draw it too ([`boardfuzz::game::Game::draw_output`]): a finding of an
//! external solution, which has no trace, shows its final board beside the reference's.

mod common;

use std::time::Duration;

use boardfuzz::game::{Options, Outcome};
use boardfuzz::harness::{Comparison, Disagreement, Divergence, Subject};
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

/// The heading of the two final boards of a solution's finding.
const FINAL_BOARDS: &str =
    "the final boards as the two outputs show them (differing cells in [brackets]):";

/// `check GAME --solution 'python3 tests/fixtures/FIXTURE' --report html …` on a wrong solution:
/// the finding in the terminal shows the reference's final board beside the solution's, the
/// differing cells in brackets on both sides, within 80 columns, and the HTML report holds both
/// boards, headed `reference` and `solution`, the differing cells outlined.
fn solution_finding_shows_both_final_boards(game: &str, fixture: &str) {
    use scraper::{Html, Selector};
    let dir = common::temp_dir(&format!("final-boards-{game}"));
    let page = dir.join("run.html");
    let (code, report, _) = common::check_fixture(
        game,
        fixture,
        &["--cases", "500", "--report", "html", page.to_str().unwrap()],
    );
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains(&format!("FINDING in {game}: wrong answer")),
        "{report}"
    );
    let boards = report
        .split_once(FINAL_BOARDS)
        .unwrap_or_else(|| panic!("no final boards: {report}"))
        .1;
    let boards: Vec<&str> = boards
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(
        boards[0].trim_start().starts_with("reference") && boards[0].ends_with("solution"),
        "{report}"
    );
    let marked: Vec<&&str> = boards.iter().filter(|l| l.contains('[')).collect();
    assert!(!marked.is_empty(), "{report}");
    // The solution's board starts in the column of its label.
    let middle = boards[0].find("solution").unwrap();
    for line in marked {
        // A cell that differs is marked on both sides of its row.
        let (left, right) = line.split_at(middle.min(line.len()));
        assert!(
            left.contains('[') && right.contains('['),
            "{line}\n{report}"
        );
    }
    for line in &boards {
        assert!(line.chars().count() <= 80, "{line}");
        assert_eq!(*line, line.trim_end(), "{line:?}");
    }

    let page = std::fs::read_to_string(&page).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    let select = |s: &str| Selector::parse(s).unwrap();
    let findings: Vec<_> = doc.select(&select("section.finding")).collect();
    assert_eq!(findings.len(), 1, "{page}");
    let heading: String = findings[0]
        .select(&select("div.moment h5"))
        .next()
        .unwrap()
        .text()
        .collect();
    assert!(heading.starts_with("the final boards"), "{heading}");
    for side in ["reference", "solution"] {
        let boards: Vec<_> = findings[0]
            .select(&select(&format!("figure.side-{side} svg.board")))
            .collect();
        assert_eq!(boards.len(), 1, "the {side}'s board: {page}");
        let title: String = boards[0]
            .select(&select("title"))
            .next()
            .unwrap()
            .text()
            .collect();
        assert!(title.starts_with(side), "{title}");
        assert!(title.contains("differs at row"), "{title}");
        assert!(boards[0].select(&select("rect.differs")).next().is_some());
    }
}

#[test]
fn an_othello_board_solutions_finding_shows_both_final_boards() {
    solution_finding_shows_both_final_boards("othello_board", "othello_board_diagonal_bug.py");
}

#[test]
fn a_yut_nori_solutions_finding_shows_both_final_boards() {
    solution_finding_shows_both_final_boards("yut_nori", "yut_nori_shortcut_bug.py");
}

/// A solution's finding in a game that draws its answers shows the two answers' boards, the
/// differing cell marked; an answer that is no board leaves the reference's final position.
#[test]
fn a_solutions_finding_shows_both_final_boards_where_the_answers_draw() {
    let game = boardfuzz::games::builtin().find("othello_board").unwrap();
    let options = Options::new();
    let input = "3\n3 2\n2 2\n1 1\n";
    let Outcome::Output(right) = game.reference(input.as_bytes(), &options) else {
        panic!("the reference answers {input}");
    };
    let finding = |answer: &str| {
        let comparison = Comparison::new(
            Subject::Solution {
                command: "solution".into(),
                timeout: Duration::from_secs(1),
                output_cap: 1 << 20,
                memory: 0,
                checker: boardfuzz::harness::programs::checker::Checker::Lines,
                interactor: None,
            },
            input.as_bytes(),
            Outcome::Output(answer.into()),
            game.reference(input.as_bytes(), &options),
        );
        Disagreement::from_comparison(game, input.into(), comparison, &options, "test".into())
    };
    // The stone on (1, 1) is white, not black.
    assert!(right.starts_with('B'), "{right}");
    let d = finding(&format!("W{}", &right[1..]));
    assert!(matches!(d.divergence, Divergence::Unavailable));
    assert_eq!(d.boards.len(), 1);
    let board = &d.boards[0];
    assert_eq!(format!("{}:", board.heading), FINAL_BOARDS);
    let theirs = board.subject.as_ref().unwrap();
    assert_eq!(theirs.rows[0][0].text, "W");
    assert_eq!(board.reference.rows[0][0].text, "B");
    let report = d.report();
    assert!(report.contains("reference"), "{report}");
    assert!(report.contains("solution"), "{report}");
    assert!(report.contains("[B]") && report.contains("[W]"), "{report}");
    // No board in the answer: the reference's final position alone.
    let d = finding("Black\n");
    assert_eq!(d.boards.len(), 1);
    assert!(d.boards[0].subject.is_none());
    assert!(d.boards[0]
        .heading
        .starts_with("the reference's final position"));
}
