//! A game's rules page (`docs/rules/<slug>.md`) held to the code and to the corpus: the test
//! every `tests/suite_<slug>.rs` runs beside its `game_suite!` line.
//!
//! The page numbers its clauses (`### YN-7 — Title`), ends with a "Census tags" table (each tag
//! with the clauses it exercises) and a "Clauses no tag measures" list (each clause with the
//! reason). The game's code declares the same two things (`Game::TAG_CLAUSES`,
//! `Game::UNMEASURED`), and they must be equal. A corpus entry cites a clause by naming its id
//! in its line of `corpus/<slug>/README.md` (the "why it is here" column): every entry such a
//! line names must exist, and every id it cites must be a clause of the page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use boardfuzz::game::DynGame;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The shipped game named `slug`.
pub fn game(slug: &str) -> &'static dyn DynGame {
    boardfuzz::games::builtin()
        .find(slug)
        .unwrap_or_else(|| panic!("`{slug}` is not a shipped game"))
}

/// What a rules page says.
#[derive(Debug, Default)]
pub struct Page {
    /// Clause ids of the `### ID — Title` headings, in page order.
    pub clauses: Vec<String>,
    /// The "Census tags" table: each tag with the clause ids it exercises.
    pub tags: Vec<(String, Vec<String>)>,
    /// The "Clauses no tag measures" list: each clause id with its reason (whitespace folded, no
    /// final full stop).
    pub unmeasured: Vec<(String, String)>,
    /// Every clause-id-shaped word of the page (`XX-12`), wherever it appears.
    pub mentioned: Vec<String>,
}

/// The section of `markdown` under the level-2 heading `## title`, up to the next one.
fn section<'a>(markdown: &'a str, title: &str) -> Option<&'a str> {
    let heading = format!("\n## {title}\n");
    let start = markdown.find(&heading)? + heading.len();
    let rest = &markdown[start..];
    Some(rest.find("\n## ").map_or(rest, |end| &rest[..end]))
}

/// Clause-id-shaped words of `text`: two or more capital letters, `-`, digits, standing alone.
pub fn clause_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut ids = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-');
        let letters = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_uppercase())
            .count();
        if starts_word && letters >= 2 && bytes.get(i + letters) == Some(&b'-') {
            let digits_at = i + letters + 1;
            let digits = bytes[digits_at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let end = digits_at + digits;
            let ends_word = !matches!(bytes.get(end),
                Some(b) if b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_');
            if digits > 0 && ends_word {
                ids.push(text[i..end].to_string());
                i = end;
                continue;
            }
        }
        i += letters.max(1);
    }
    ids
}

/// Reads a rules page; `Err` lists what does not have the expected shape.
pub fn parse(markdown: &str) -> Result<Page, Vec<String>> {
    let mut page = Page::default();
    let mut problems = Vec::new();
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            match heading.split_once(" — ") {
                Some((id, _)) if clause_ids(id) == [id] => page.clauses.push(id.to_string()),
                _ => problems.push(format!("a heading that is not `### ID — Title`: {line}")),
            }
        }
    }
    let Some(tags) = section(markdown, "Census tags") else {
        return Err(vec!["no `## Census tags` section".into()]);
    };
    for line in tags.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 4 || cells[1] == "tag" || cells[1].starts_with("---") {
            continue;
        }
        let tag = cells[1].trim_matches('`');
        let ids: Vec<String> = cells[2].split(',').map(|c| c.trim().to_string()).collect();
        if ids.iter().any(|id| clause_ids(id) != [id.as_str()]) {
            problems.push(format!(
                "a census tag row whose clauses are not ids: {line}"
            ));
        }
        page.tags.push((tag.to_string(), ids));
    }
    let Some(list) = section(markdown, "Clauses no tag measures") else {
        return Err(vec!["no `## Clauses no tag measures` section".into()]);
    };
    let mut items: Vec<String> = Vec::new();
    for line in list.lines() {
        if let Some(item) = line.strip_prefix("- ") {
            items.push(item.to_string());
        } else if line.starts_with("  ") && !items.is_empty() {
            let last = items.last_mut().unwrap();
            last.push(' ');
            last.push_str(line.trim());
        }
    }
    for item in items {
        match item.split_once(" — ") {
            Some((id, reason)) if clause_ids(id) == [id] => {
                let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
                let reason = reason.strip_suffix('.').unwrap_or(&reason).to_string();
                page.unmeasured.push((id.to_string(), reason));
            }
            _ => problems.push(format!("an item that is not `- ID — reason`: {item}")),
        }
    }
    page.mentioned = clause_ids(markdown);
    if problems.is_empty() {
        Ok(page)
    } else {
        Err(problems)
    }
}

/// One line of a corpus README's table: the entries it names and the clause ids it cites.
#[derive(Debug)]
pub struct CorpusLine {
    /// The names of the first column: entry names, `census-*` patterns, or the two ends of a
    /// `sample-1 … sample-6` range.
    pub names: Vec<String>,
    /// The clause-id-shaped words of the whole line.
    pub cites: Vec<String>,
    /// The line itself, for messages.
    pub text: String,
}

/// The table lines of a corpus README (`| entry | why it is here |`).
pub fn corpus_lines(readme: &str) -> Vec<CorpusLine> {
    readme
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() < 4 || cells[1] == "entry" || cells[1].starts_with("---") {
                return None;
            }
            let names = cells[1]
                .split([',', '…'])
                .map(|n| n.trim().trim_matches('`').trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            Some(CorpusLine {
                names,
                cites: clause_ids(line),
                text: line.to_string(),
            })
        })
        .collect()
}

/// Whether corpus entry `stem` is named by `name` (the stem itself, or a pattern with one `*`).
fn names_entry(name: &str, stem: &str) -> bool {
    match name.split_once('*') {
        Some((head, tail)) => {
            stem.len() >= head.len() + tail.len() && stem.starts_with(head) && stem.ends_with(tail)
        }
        None => name == stem,
    }
}

/// The entries of a corpus folder: the stems of its `.in` files.
fn corpus_entries(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "in").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect()
}

/// The clause prefixes of every rules page, from the table of `docs/rules/README.md`
/// (`` | … | [slug.md](slug.md) | `YN-` | ``): prefix → page file.
fn prefixes() -> Vec<(String, PathBuf)> {
    let dir = root().join("docs/rules");
    read(&dir.join("README.md"))
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let prefix = cells.get(3)?.strip_prefix('`')?.strip_suffix("-`")?;
            let file = cells.get(2)?.split_once("](")?.1.strip_suffix(')')?;
            Some((prefix.to_string(), dir.join(file)))
        })
        .collect()
}

/// The rows where a declaration of the code and a table of the page differ, one message each.
fn differences<T: PartialEq + std::fmt::Debug>(
    code_name: &str,
    page_name: &str,
    code: &[T],
    page: &[T],
) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..code.len().max(page.len()) {
        let (c, p) = (code.get(i), page.get(i));
        if c != p {
            out.push(format!(
                "row {} of {code_name} is {c:?}, of the page's {page_name} {p:?}",
                i + 1
            ));
        }
    }
    out
}

/// Per game, how its clauses are covered (the numbers a closing note gives).
#[derive(Debug)]
pub struct Coverage {
    /// Every clause of the page.
    pub clauses: Vec<String>,
    /// Clauses some census tag cites.
    pub by_tag: Vec<String>,
    /// Clauses no tag cites but some corpus entry does.
    pub by_corpus_only: Vec<String>,
    /// Clauses neither cites, with the page's reason.
    pub unmeasured: Vec<(String, String)>,
}

/// The test of one game: its page parses; the code's tag clauses and unmeasured clauses equal
/// the page's tables; every clause a tag, an unmeasured item, a corpus line or the page's own
/// text cites exists; every clause no tag cites is listed with a reason; the corpus lines name
/// existing entries, and an entry that an unmeasured clause's reason names cites that clause;
/// the literal reference (`reference/src/<slug>.rs`, outside its tests) names every clause, and
/// no id of the game's prefix that is not one.
pub fn holds(slug: &str) -> Coverage {
    let g = game(slug);
    let page_path = root().join(format!("docs/rules/{slug}.md"));
    let page = parse(&read(&page_path))
        .unwrap_or_else(|e| panic!("{}:\n{}", page_path.display(), e.join("\n")));
    let mut failures = Vec::new();
    let known: BTreeSet<&str> = page.clauses.iter().map(String::as_str).collect();
    if known.len() != page.clauses.len() {
        failures.push(format!("a clause id heads two clauses: {:?}", page.clauses));
    }
    let prefix = page
        .clauses
        .first()
        .and_then(|id| id.rsplit_once('-'))
        .map(|(p, _)| p.to_string())
        .unwrap_or_default();
    if page
        .clauses
        .iter()
        .any(|id| !id.starts_with(&format!("{prefix}-")))
    {
        failures.push(format!(
            "clauses of more than one prefix: {:?}",
            page.clauses
        ));
    }
    let prefixes = prefixes();
    if !prefixes
        .iter()
        .any(|(p, file)| *p == prefix && *file == page_path)
    {
        failures.push(format!(
            "docs/rules/README.md does not give `{prefix}-` as the prefix of {slug}.md"
        ));
    }

    // The code's declarations are the page's tables.
    let code_tags: Vec<(String, Vec<String>)> = g
        .tag_clauses()
        .iter()
        .map(|(t, ids)| (t.to_string(), ids.iter().map(|s| s.to_string()).collect()))
        .collect();
    failures.extend(differences(
        "TAG_CLAUSES",
        "census tags table",
        &code_tags,
        &page.tags,
    ));
    let code_unmeasured: Vec<(String, String)> = g
        .unmeasured()
        .iter()
        .map(|(id, why)| (id.to_string(), why.to_string()))
        .collect();
    failures.extend(differences(
        "UNMEASURED",
        "list of clauses no tag measures",
        &code_unmeasured,
        &page.unmeasured,
    ));
    let tag_names: Vec<&str> = page.tags.iter().map(|(t, _)| t.as_str()).collect();
    if tag_names != g.tags() {
        failures.push(format!(
            "the census tags table lists {tag_names:?}, TAGS is {:?}",
            g.tags()
        ));
    }

    // Every id cited anywhere is a clause: of this page, or of the page its prefix names.
    let by_tag: BTreeSet<&str> = page
        .tags
        .iter()
        .flat_map(|(_, ids)| ids.iter().map(String::as_str))
        .collect();
    for (tag, ids) in &page.tags {
        for id in ids.iter().filter(|id| !known.contains(id.as_str())) {
            failures.push(format!("tag `{tag}` cites {id}, which is no clause"));
        }
    }
    for id in &page.mentioned {
        let Some((p, _)) = id.rsplit_once('-') else {
            continue;
        };
        if p == prefix {
            if !known.contains(id.as_str()) {
                failures.push(format!("the page mentions {id}, which is no clause"));
            }
        } else if let Some((_, other)) = prefixes.iter().find(|(q, _)| q == p) {
            let other_page = parse(&read(other)).unwrap_or_default();
            if !other_page.clauses.contains(id) {
                failures.push(format!(
                    "the page mentions {id}, which is no clause of {}",
                    other.display()
                ));
            }
        }
    }

    // Every clause is measured by a tag or listed with its reason, and not both.
    let listed: Vec<&str> = page.unmeasured.iter().map(|(id, _)| id.as_str()).collect();
    for id in &page.clauses {
        let (tagged, unlisted) = (by_tag.contains(id.as_str()), !listed.contains(&id.as_str()));
        if !tagged && unlisted {
            failures.push(format!("{id}: no tag cites it and no reason is recorded"));
        }
        if tagged && !unlisted {
            failures.push(format!(
                "{id}: a tag cites it, yet it is listed as unmeasured"
            ));
        }
    }
    for (id, reason) in &page.unmeasured {
        if !known.contains(id.as_str()) {
            failures.push(format!("{id} is listed as unmeasured, but is no clause"));
        }
        if reason.is_empty() {
            failures.push(format!("{id} is listed as unmeasured without a reason"));
        }
        if listed.iter().filter(|l| **l == id).count() > 1 {
            failures.push(format!("{id} is listed twice as unmeasured"));
        }
    }

    // The corpus lines name existing entries and cite existing clauses.
    let dir = root().join("corpus").join(slug);
    let entries = corpus_entries(&dir);
    let lines = corpus_lines(&read(&dir.join("README.md")));
    let mut by_corpus: BTreeSet<&str> = BTreeSet::new();
    for line in &lines {
        for name in &line.names {
            if !entries.iter().any(|e| names_entry(name, e)) {
                failures.push(format!(
                    "corpus/{slug}/README.md names no entry `{name}`: {}",
                    line.text
                ));
            }
        }
        for id in &line.cites {
            match known.get(id.as_str()) {
                Some(id) => {
                    by_corpus.insert(id);
                }
                None => failures.push(format!(
                    "corpus/{slug}/README.md cites {id}, which is no clause: {}",
                    line.text
                )),
            }
        }
    }
    // An entry a reason names (`bad-exited-piece`) cites the clause on its corpus line.
    for (id, reason) in &page.unmeasured {
        for name in reason.split('`').skip(1).step_by(2) {
            if !entries.contains(name) {
                continue;
            }
            let cited = lines
                .iter()
                .any(|l| l.names.iter().any(|n| names_entry(n, name)) && l.cites.contains(id));
            if !cited {
                failures.push(format!(
                    "the reason of {id} names corpus entry `{name}`, whose line in \
                     corpus/{slug}/README.md does not cite {id}"
                ));
            }
        }
    }
    // The literal reference names every clause it implements (outside its tests).
    let reference_path = root().join(format!("reference/src/{slug}.rs"));
    let reference = read(&reference_path);
    let reference = reference.split("#[cfg(test)]").next().unwrap_or_default();
    let named: BTreeSet<String> = clause_ids(reference).into_iter().collect();
    for id in page.clauses.iter().filter(|id| !named.contains(*id)) {
        failures.push(format!("reference/src/{slug}.rs names no {id}"));
    }
    for id in named
        .iter()
        .filter(|id| id.starts_with(&format!("{prefix}-")))
    {
        if !known.contains(id.as_str()) {
            failures.push(format!(
                "reference/src/{slug}.rs names {id}, which is no clause"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{slug}: {} problem(s) with docs/rules/{slug}.md:\n{}",
        failures.len(),
        failures.join("\n")
    );

    let coverage = Coverage {
        clauses: page.clauses.clone(),
        by_tag: page
            .clauses
            .iter()
            .filter(|id| by_tag.contains(id.as_str()))
            .cloned()
            .collect(),
        by_corpus_only: page
            .clauses
            .iter()
            .filter(|id| !by_tag.contains(id.as_str()) && by_corpus.contains(id.as_str()))
            .cloned()
            .collect(),
        unmeasured: page
            .unmeasured
            .iter()
            .filter(|(id, _)| !by_corpus.contains(id.as_str()))
            .cloned()
            .collect(),
    };
    eprintln!(
        "{slug}: {} clauses; {} measured by a tag; {} covered only by corpus entries ({}); \
         {} unmeasured ({})",
        coverage.clauses.len(),
        coverage.by_tag.len(),
        coverage.by_corpus_only.len(),
        coverage.by_corpus_only.join(", "),
        coverage.unmeasured.len(),
        coverage
            .unmeasured
            .iter()
            .map(|(id, why)| format!("{id}: {why}"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    coverage
}
