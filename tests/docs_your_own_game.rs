//! docs/your-own-game.md, followed literally: a fresh crate made by the page's own commands
//! (`cargo new`, `cargo add` with this checkout as `$BOARDFUZZ`), its files written from the
//! page's ```` ```rust file=PATH ```` blocks, and every command of the `sh` blocks of sections 1
//! to 4 and 7 run in page order, as a user runs them. Sections 5 (the crate's own `cargo test`),
//! 6 (cargo-fuzz) and 8 (CI files) are left out: they build the crate twice more and need
//! cargo-fuzz. It holds the page to what it promises:
//! - every command exits as the page says (`# exit N`), a `check` with a bug planted exits 1 with
//!   a finding and one without exits 0;
//! - the rare bug (a game of more than 20 moves refused: once in two million cases from uniform
//!   bytes) is found within the page's `--time 10s`, and shrunk to within 2 lines of the
//!   smallest case that shows it (23 lines: `21 21`, then 21 moves);
//! - the broken solution's finding is shrunk to within 2 lines of that minimum too, by the
//!   generic text shrinker (the page's game gives no structural one);
//! - every command a finding prints (its `replay:` and regenerate commands) runs as printed,
//!   right after the finding, from the crate's folder.
//!
//! It builds a crate from nothing (a few minutes), so it is `#[ignore]`d under a plain `cargo
//! test`; `.ci/run` runs it: `cargo test --test docs_your_own_game -- --ignored`.
//!
//! The page's reference section is held by the fast tests below: it gives the signature of every
//! item of `trait Game` as src/game.rs declares it; each of its examples (```` ```rust item=NAME
//! ````) is, line for line, the doc example of that item (or of `JudgeText`) that `cargo test
//! --doc` compiles and runs, and every item has one; and the suite failure it quotes for a corpus
//! that misses a census tag is the one `boardfuzz::testing::Suite` prints, naming `census --fill`.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// One step of the page.
#[derive(Debug)]
enum Step {
    /// Write this file (relative to the crate's folder).
    File { name: String, text: String },
    /// Run this command (one shell command, a here-document included).
    Run { command: String },
}

/// The steps of the sections of `markdown` that `run` accepts (by section number), in order.
fn steps(markdown: &str, run: &[u32]) -> Vec<Step> {
    let mut steps = Vec::new();
    for block in common::markdown::fenced_blocks(markdown) {
        if !run.contains(&block.section) {
            continue;
        }
        if let Some(name) = block.file() {
            steps.push(Step::File {
                name: name.to_string(),
                text: block.lines.join("\n") + "\n",
            });
        } else if block.info == "sh" {
            let commands = commands(&block.lines).into_iter();
            steps.extend(commands.map(|command| Step::Run { command }));
        }
    }
    steps
}

/// The shell commands of a block: one a line, but a here-document (`<<'END'` … `END`) and a
/// line ending in `\` go on.
fn commands(block: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = block.iter();
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let mut command = line.clone();
        if let Some(at) = line.find("<<") {
            let end = line[at + 2..]
                .split_whitespace()
                .next()
                .unwrap()
                .trim_matches(['\'', '"']);
            for inner in lines.by_ref() {
                command += "\n";
                command += inner;
                if inner == end {
                    break;
                }
            }
        }
        while command.ends_with('\\') {
            command += "\n";
            command += lines.next().expect("a continued line goes on");
        }
        out.push(command);
    }
    out
}

/// What one command did.
struct Ran {
    status: i32,
    output: String,
}

/// Runs `command` with bash in `dir`, `$BOARDFUZZ` set to this checkout.
fn run(command: &str, dir: &Path) -> Ran {
    let repo = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("bash")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("BOARDFUZZ", repo)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("bash starts");
    Ran {
        status: out.status.code().unwrap_or(-1),
        output: String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr),
    }
}

/// The input a finding shows, one string a line.
fn shown_input(output: &str) -> Vec<&str> {
    output
        .lines()
        .skip_while(|l| *l != "--- input ---")
        .skip(1)
        .take_while(|l| !l.starts_with("--- "))
        .collect()
}

/// The commands a finding prints: its `replay:` line and the regenerate command in backticks.
fn printed_commands(output: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in output.lines() {
        if let Some(replay) = line.strip_prefix("replay: ") {
            found.push(replay.to_string());
        }
        if let Some((_, rest)) = line.split_once("regenerate the unshrunk case with `") {
            if let Some((command, _)) = rest.split_once('`') {
                found.push(command.to_string());
            }
        }
    }
    found
}

/// The smallest input that shows the page's rare bug: a pile of 21, then 21 moves of 1.
const MINIMAL_LINES: usize = 1 + 21;

#[test]
#[ignore = "builds a crate from nothing (minutes); .ci/run runs it with --ignored"]
fn the_guide_to_a_game_of_your_own_runs_as_written() {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/your-own-game.md"),
    )
    .unwrap();
    let steps = steps(&page, &[1, 2, 3, 4, 7]);
    let work: PathBuf =
        std::env::temp_dir().join(format!("boardfuzz-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let mut dir = work.clone();
    let mut findings = 0;
    for step in &steps {
        match step {
            Step::File { name, text } => std::fs::write(dir.join(name), text).unwrap(),
            Step::Run { command } if command.starts_with("export BOARDFUZZ=") => {}
            Step::Run { command } if command.starts_with("cd ") => {
                dir = dir.join(command[3..].trim());
                assert!(dir.is_dir(), "`{command}`: no folder {}", dir.display());
            }
            Step::Run { command } => {
                let ran = run(command, &dir);
                let said = |what: &str| format!("`{command}` {what}; it printed:\n{}", ran.output);
                let expected = match command.split_once("# exit ") {
                    Some((_, n)) => n
                        .trim_start()
                        .split(':')
                        .next()
                        .unwrap()
                        .trim()
                        .parse()
                        .unwrap(),
                    None if ran.output.contains("FINDING in") => 1,
                    None => 0,
                };
                assert_eq!(ran.status, expected, "{}", said("exited otherwise"));
                if command.contains(" check ") {
                    // What each check came to, for `--nocapture` (the closing figures of CI).
                    let summary = ran.output.lines().find(|l| l.starts_with("== "));
                    println!(
                        "{command}\n  {}\n  input shown: {} lines",
                        summary.unwrap_or("(no summary)"),
                        shown_input(&ran.output).len()
                    );
                    checked(command, &ran.output, &said, &dir);
                    findings += usize::from(ran.status == 1);
                }
            }
        }
    }
    // The wrong player, the rare bug and the broken solution.
    assert_eq!(findings, 3, "the page plants three bugs");
    std::fs::remove_dir_all(&work).unwrap();
}

/// What a `check` of the page must show: `ok` or a finding shrunk as the page says, whose
/// printed commands run as printed.
fn checked(command: &str, output: &str, said: &dyn Fn(&str) -> String, dir: &Path) {
    if !output.contains("FINDING in") {
        assert!(
            output.contains("ok: "),
            "{}",
            said("is neither ok nor a finding")
        );
        return;
    }
    let input = shown_input(output);
    if input.first() == Some(&"21 21") || input.len() > 3 {
        // The rare bug, of the engine or of the solution.
        assert!(
            input.len() <= MINIMAL_LINES + 2,
            "{}",
            said(&format!(
                "shrank to {} lines (the minimum is {MINIMAL_LINES})",
                input.len()
            ))
        );
        assert!(
            output.contains("- A 21"),
            "{}",
            said("shows no game won at move 21")
        );
    } else {
        // The wrong player: the smallest case is one move (`1 1`, `1`); which game a run finds
        // first depends on its seed, and the shrinker cannot shorten a won game whose pile must
        // drop with its moves (`4 2`, `3`, `1`), so within 2 lines of that.
        assert!(
            input.len() <= 2 + 2,
            "{}",
            said("shrank to more than 4 lines")
        );
        assert!(
            output.contains("+ A ") || output.contains("+ B "),
            "{}",
            said("shows no wrong player")
        );
    }
    let printed = printed_commands(output);
    assert_eq!(
        printed.len(),
        2,
        "{}",
        said("prints no replay and regenerate commands")
    );
    for line in printed {
        let again = run(&line, dir);
        let fine = if line.contains(" repro ") {
            again.status == 1 && again.output.contains("21 21") == output.contains("21 21")
        } else {
            again.status == 0 && !again.output.trim().is_empty()
        };
        assert!(
            fine,
            "`{command}` printed `{line}`, which exited {} when run as printed:\n{}",
            again.status, again.output
        );
    }
}

/// The page's section `## NAME…` (up to the next `## `), whole.
fn section<'a>(page: &'a str, heading: &str) -> &'a str {
    let start = page
        .find(&format!("\n## {heading}"))
        .unwrap_or_else(|| panic!("the page has no section `## {heading}`"));
    let rest = &page[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Every item of `trait Game` in src/game.rs: its name, its signature as declared (without the
/// default body's `{` or the `;`), and whether its doc comment holds an example.
fn game_items() -> Vec<(String, String, bool)> {
    let source = read("src/game.rs");
    let lines: Vec<&str> = source.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("pub trait Game: 'static {"))
        .unwrap();
    let end = start + lines[start..].iter().position(|l| *l == "}").unwrap();
    let mut items = Vec::new();
    for i in start + 1..end {
        let line = lines[i];
        let Some(rest) = ["type ", "const ", "fn "]
            .iter()
            .find_map(|k| line.strip_prefix("    ").filter(|l| l.starts_with(k)))
        else {
            continue;
        };
        let name: String = rest
            .split_whitespace()
            .nth(1)
            .unwrap()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut signature = rest.trim().to_string();
        let mut j = i;
        while !(signature.ends_with(';') || signature.ends_with('{')) {
            j += 1;
            signature = format!("{signature} {}", lines[j].trim());
        }
        let signature = signature
            .strip_suffix(" {")
            .or_else(|| signature.strip_suffix(';'))
            .unwrap()
            .to_string();
        let docs = lines[..i]
            .iter()
            .rev()
            .take_while(|l| l.trim_start().starts_with("///"));
        let example = docs.clone().any(|l| l.trim() == "/// # Example");
        items.push((name, signature, example));
    }
    items
}

/// The code of the doc example that precedes `anchor` in `path` (the first `/// # Example`
/// above it), as the guide quotes it: the lines rustdoc shows, up to the hidden `# fn main`,
/// and of a `Game` item only those inside `impl Game for TakeAway { … }`, unindented.
fn doc_example(path: &str, anchor: &str) -> Vec<String> {
    let source = read(path);
    let lines: Vec<&str> = source.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with(anchor))
        .unwrap_or_else(|| panic!("{path} has no `{anchor}`"));
    let example = (0..at)
        .rev()
        .find(|&i| lines[i].trim() == "/// # Example")
        .unwrap_or_else(|| panic!("`{anchor}` of {path} has no example"));
    let mut shown = Vec::new();
    for line in &lines[example + 3..at] {
        let body = line.trim_start().strip_prefix("///").unwrap();
        let body = body.strip_prefix(' ').unwrap_or(body);
        if body.starts_with("# fn main") || body == "```" {
            break;
        }
        if body != "#" && !body.starts_with("# ") {
            shown.push(body.to_string());
        }
    }
    if let Some(open) = shown.iter().position(|l| l == "impl Game for TakeAway {") {
        let close = shown.iter().rposition(|l| l == "}").unwrap();
        shown = shown[open + 1..close]
            .iter()
            .map(|l| l.strip_prefix("    ").unwrap_or(l).to_string())
            .collect();
    }
    while shown.last().is_some_and(|l| l.is_empty()) {
        shown.pop();
    }
    shown
}

#[test]
fn the_reference_section_gives_every_item_of_game_its_signature_and_an_example() {
    let page = read("docs/your-own-game.md");
    let reference = section(&page, "Reference: every item of `Game`");
    let items = game_items();
    assert!(items.len() >= 29, "{items:?}");
    for (name, signature, example) in &items {
        assert!(
            reference.contains(&format!("`{signature}`")),
            "the reference section does not give `{signature}` ({name})"
        );
        assert!(
            reference
                .lines()
                .any(|l| l.starts_with("### ") && l.contains(&format!("`{name}`"))),
            "no heading of the reference section names `{name}`"
        );
        assert!(
            example,
            "`Game::{name}` has no `# Example` in its doc comment"
        );
    }
}

#[test]
fn the_reference_examples_are_the_doc_examples_that_cargo_test_doc_runs() {
    let page = read("docs/your-own-game.md");
    let mut quoted = 0;
    let blocks = common::markdown::fenced_blocks(&page);
    let rust: Vec<_> = blocks
        .iter()
        .filter(|b| b.info.starts_with("rust") && b.file().is_none())
        .collect();
    for block in rust {
        let Some(item) = block
            .info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("item="))
        else {
            continue;
        };
        let expected = if item == "JudgeText" {
            doc_example("src/judge.rs", "pub struct JudgeText<'a>")
        } else {
            let anchor = game_items()
                .into_iter()
                .find(|(name, _, _)| name == item)
                .unwrap_or_else(|| panic!("`item={item}`: Game has no such item"))
                .1;
            doc_example("src/game.rs", &anchor)
        };
        assert_eq!(
            block.lines, expected,
            "the page's example `{item}` is not the doc example of the item"
        );
        quoted += 1;
    }
    // Each entry of the reference has one, the JudgeText section one.
    assert!(quoted >= 24, "only {quoted} examples quoted");
}

/// A game as the page's reference section tags take-away: `won` and `no-winner`.
struct Tagged;

#[derive(Clone, Debug, arbitrary::Arbitrary)]
struct Pile(u8);

impl boardfuzz::game::Game for Tagged {
    type Case = Pile;
    const SLUG: &'static str = "take_away";
    const TAGS: &'static [&'static str] = &["won", "no-winner"];
    fn render(case: &Pile) -> String {
        format!("{} 0\n", case.0 % 10 + 1)
    }
    fn engine(input: &[u8], _: &boardfuzz::game::Options) -> boardfuzz::game::Outcome {
        // Enough of take-away for a census: a game whose moves empty the pile is won.
        let text = String::from_utf8_lossy(input);
        let numbers: Vec<u32> = text
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let won = numbers.len() > 2 && numbers[2..].iter().sum::<u32>() == numbers[0];
        boardfuzz::game::Outcome::Output(if won { "A 1\n" } else { "none\n" }.to_string())
    }
    fn reference(input: &[u8], options: &boardfuzz::game::Options) -> boardfuzz::game::Outcome {
        Self::engine(input, options)
    }
    fn census(input: &[u8], options: &boardfuzz::game::Options) -> u64 {
        let none = Self::engine(input, options).to_string() == "none\n";
        boardfuzz::game::tag_bit(Self::TAGS, if none { "no-winner" } else { "won" })
    }
}

#[test]
fn the_suite_failure_the_page_quotes_is_the_one_the_suite_prints() {
    let page = read("docs/your-own-game.md");
    let reference = section(&page, "Reference: every item of `Game`");
    // The page's tags are these.
    assert!(
        reference.contains(r#"const TAGS: &'static [&'static str] = &["won", "no-winner"];"#),
        "the page's TAGS example changed: change `Tagged` to match"
    );
    let quoted = common::markdown::fenced_blocks(reference)
        .into_iter()
        .find(|b| b.info == "text" && b.lines.iter().any(|l| l.contains("no corpus entry hits")))
        .expect("the reference section quotes the suite's failure")
        .lines
        .join("\n");
    // A corpus of one won game, as step 4 leaves it (both its cases are won games).
    let root = std::env::temp_dir().join(format!("boardfuzz-guide-tags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("corpus/take_away")).unwrap();
    std::fs::write(root.join("corpus/take_away/won.in"), "1 1\n1\n").unwrap();
    std::fs::write(root.join("corpus/take_away/won.out"), "A 1\n").unwrap();
    let suite = boardfuzz::testing::Suite::new::<Tagged>(&root);
    let failure = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        suite.corpus_hits_every_tag()
    }))
    .expect_err("a corpus without a game of no winner fails");
    let printed = failure
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    let printed = printed.replace(root.to_str().unwrap(), "/path/to/stones");
    assert_eq!(
        quoted, printed,
        "the page quotes another failure than the suite prints"
    );
    assert!(printed.contains("census take_away --fill"), "{printed}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// The page's section `## N.` (a numbered step), whole.
fn step(page: &str, n: u32) -> &str {
    section(page, &format!("{n}. "))
}

#[test]
fn every_other_item_the_page_uses_has_its_signature_as_declared() {
    let page = read("docs/your-own-game.md");
    let table = section(&page, "Every other item this page uses");
    let squash = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut rows = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let (item, signature, file) = (cells[0], cells[1], cells[2]);
        let unquote = |cell: &str| cell.trim_matches(['|', ' ', '`']).to_string();
        let (signature, file) = (unquote(signature), unquote(file));
        assert!(
            squash(&read(&file)).contains(&squash(&signature)),
            "{file} does not declare `{signature}` ({item})"
        );
        rows += 1;
    }
    assert!(rows >= 19, "only {rows} items in the table");
    // Where the reference section uses an item that is not of `Game`, it writes its
    // signature out too.
    let reference = section(&page, "Reference: every item of `Game`");
    for signature in [
        "pub type Trace = Result<Vec<String>, Outcome>;",
        "pub fn tag_bit(tags: &[&str], name: &str) -> u64",
        "pub fn tag_bits(tags: &[&str], names: &[&str]) -> u64",
        "pub fn tag_names(tags: &[&'static str], bits: u64) -> Vec<&'static str>",
    ] {
        assert!(reference.contains(&format!("`{signature}`")), "{signature}");
        assert!(squash(&read("src/game.rs")).contains(&squash(signature)));
    }
}

#[test]
fn the_crate_and_the_game_have_names_of_their_own() {
    let page = read("docs/your-own-game.md");
    let blocks = common::markdown::fenced_blocks(&page);
    let lines = || blocks.iter().flat_map(|b| b.lines.iter());
    let krate = lines()
        .find_map(|l| l.strip_prefix("cargo new --lib "))
        .expect("step 1 makes the crate")
        .to_string();
    let slug = lines()
        .find_map(|l| l.trim().strip_prefix("const SLUG: &'static str = \""))
        .and_then(|l| l.strip_suffix("\";"))
        .expect("step 2 names the game")
        .to_string();
    assert_ne!(krate, slug, "the crate and the game have one name");
    // The fuzz crate depends on the crate by its name and names its targets by the slug.
    let fuzz = step(&page, 6);
    assert!(fuzz.contains(&format!("{krate} = {{ path = \"..\" }}")));
    assert!(fuzz.contains(&format!("name = \"{slug}_parse\"")));
    assert!(fuzz.contains(&format!("::<{krate}::TakeAway>")));
    // The page says which is which before it uses them.
    let first = step(&page, 1);
    assert!(first.contains(&format!("the **crate** is `{krate}`")));
    assert!(first.contains(&format!("the **game** in it is\n`{slug}`")));
}

#[test]
fn the_page_warns_of_each_first_build_where_it_happens_and_gives_the_example_s_profile() {
    let page = read("docs/your-own-game.md");
    // Each warning comes before the first command that builds.
    for (n, warning, command) in [
        (
            3,
            "**The first build is the slow one.**",
            "cargo run --release --",
        ),
        (
            5,
            "**The first `cargo test` is a build of its own**",
            "cargo test",
        ),
        (6, "**The first build is the slow one.**", "cargo fuzz run"),
    ] {
        let text = step(&page, n);
        let warned = text
            .find(warning)
            .unwrap_or_else(|| panic!("step {n}: no warning"));
        let built = text
            .find(&format!("\n{command}"))
            .unwrap_or_else(|| panic!("step {n}: no `{command}`"));
        if n != 6 {
            assert!(warned < built, "step {n} warns after `{command}`");
        }
        // With figures, measured.
        let paragraph = &text[warned
            ..text[warned..]
                .find("\n\n")
                .map_or(text.len(), |e| warned + e)];
        assert!(
            paragraph.contains(" s "),
            "step {n} gives no figure: {paragraph}"
        );
    }
    // The profile step 1 gives is the example crate's, line for line.
    let first = step(&page, 1);
    let start = first
        .find("cat >> Cargo.toml <<'TOML'\n")
        .expect("a profile")
        + 27;
    let profile = &first[start..start + first[start..].find("\nTOML").unwrap()];
    let example = read("examples/your-game/Cargo.toml");
    let kept: Vec<&str> = example
        .lines()
        .filter(|l| !l.starts_with('#') && (l.starts_with("[profile") || l.contains(" = ")))
        .skip_while(|l| !l.starts_with("[profile"))
        .collect();
    let given: Vec<&str> = profile.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(given, kept, "the page's profile is not the example's");
}

#[test]
fn repro_help_says_which_shrinker_shrinks() {
    let out = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(["repro", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!help.contains("Shrink the case structurally"), "{help}");
    assert!(
        help.contains("by the game's own structural shrinker where it has one")
            && help.contains("else as judge text by the generic shrinker"),
        "{help}"
    );
}
