//! The fenced code blocks of a markdown page, for the tests that follow a page literally
//! (`tests/docs_stress.rs`, `tests/docs_your_own_game.rs`).

/// One fenced block: its info string (`sh`, `rust file=src/lib.rs`), the number of the
/// `## N. …` section it stands in (0 before any numbered one), and its lines.
#[derive(Debug)]
pub struct Block {
    pub info: String,
    pub section: u32,
    pub lines: Vec<String>,
}

impl Block {
    /// The file the block is, if its info string names one (`file=NAME`).
    pub fn file(&self) -> Option<&str> {
        self.info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="))
    }
}

/// The fenced blocks of `markdown`, in page order.
pub fn fenced_blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut section = 0;
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if let Some(heading) = line.strip_prefix("## ") {
            section = heading
                .split('.')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            continue;
        }
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut block = Vec::new();
        for inner in lines.by_ref() {
            if inner.starts_with("```") {
                break;
            }
            block.push(inner.to_string());
        }
        blocks.push(Block {
            info: info.trim().to_string(),
            section,
            lines: block,
        });
    }
    blocks
}
