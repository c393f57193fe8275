//! The CI files a user copies from `examples/your-game` (its campaign workflow, ClusterFuzzLite)
//! and the page that tells how, `docs/your-own-game.md` ("CI and more machines"), held to each
//! other: every workflow is YAML and names actions by a released major version; every command the
//! campaign workflow runs with the crate's binary is on the page word for word; every file the
//! page's table names is in the example; the page's local ClusterFuzzLite build is the one
//! `build.sh` documents. (The example crate's own `tests/ci.rs` runs the workflow's commands.)

use std::path::{Path, PathBuf};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/your-game")
}

fn page() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/your-own-game.md"))
        .unwrap()
}

/// The page's "CI and more machines" section.
fn section() -> String {
    let page = page();
    let start = page
        .find("## 8. CI and more machines")
        .expect("the section is on the page");
    let end = page[start + 3..]
        .find("\n## ")
        .map_or(page.len(), |e| start + 3 + e);
    page[start..end].to_string()
}

fn workflow(name: &str) -> serde_yaml::Value {
    let path = example().join(".github/workflows").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn steps(v: &serde_yaml::Value) -> Vec<&serde_yaml::Value> {
    v["jobs"]
        .as_mapping()
        .expect("jobs")
        .values()
        .flat_map(|job| job["steps"].as_sequence().expect("steps").iter())
        .collect()
}

#[test]
fn the_example_workflows_are_yaml_and_name_released_actions() {
    let mut names: Vec<String> = std::fs::read_dir(example().join(".github/workflows"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["boardfuzz.yml", "cflite_batch.yml", "cflite_pr.yml"]
    );
    for name in &names {
        let v = workflow(name);
        assert!(v["name"].as_str().is_some(), "{name} has a name");
        // YAML 1.1 reads a bare `on:` key as the boolean true; serde_yaml keeps it a string.
        assert!(!v["on"].is_null(), "{name} says when it runs");
        for step in steps(&v) {
            if let Some(uses) = step["uses"].as_str() {
                let (action, version) = uses.split_once('@').expect("a pinned action");
                let known = [
                    ("actions/checkout", "v4"),
                    ("actions/cache", "v4"),
                    ("actions/upload-artifact", "v4"),
                    ("actions/download-artifact", "v4"),
                    ("google/clusterfuzzlite/actions/build_fuzzers", "v1"),
                    ("google/clusterfuzzlite/actions/run_fuzzers", "v1"),
                ];
                assert!(known.contains(&(action, version)), "{name}: {uses}");
            } else {
                assert!(
                    step["run"].as_str().is_some(),
                    "{name}: a step runs or uses"
                );
            }
        }
    }
}

#[test]
fn the_page_gives_the_commands_the_campaign_workflow_runs() {
    let section = section();
    let v = workflow("boardfuzz.yml");
    let commands: Vec<String> = steps(&v)
        .iter()
        .filter_map(|s| s["run"].as_str())
        .flat_map(|r| r.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| l.starts_with("target/release/your-game "))
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(commands[0].contains(" check ") && commands[1].contains(" merge "));
    for command in &commands {
        assert!(
            section.lines().any(|l| l == command),
            "the page does not give `{command}`"
        );
    }
    // The matrix the page says to extend.
    assert!(section.contains("`shard: [0, 1, 2, 3, 4, 5, 6, 7]`"));
    let matrix = &v["jobs"]["shard"]["strategy"]["matrix"]["shard"];
    assert_eq!(
        serde_yaml::to_string(matrix).unwrap(),
        "- 0\n- 1\n- 2\n- 3\n"
    );
}

#[test]
fn every_file_the_page_names_is_in_the_example() {
    let section = section();
    let mut named = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let file = line[3..].split('`').next().unwrap();
        named.push(file.to_string());
    }
    assert_eq!(named.len(), 8, "{named:?}");
    // The page's copy loop: `for f in … ; do`.
    let start = section.find("for f in ").expect("a copy loop");
    let end = start + section[start..].find("; do").expect("the loop's end");
    let copied: Vec<&str> = section[start + 9..end]
        .split_whitespace()
        .filter(|w| *w != "\\")
        .collect();
    for file in &named {
        assert!(
            example().join(file).is_file(),
            "{file} is not in the example"
        );
        assert!(
            copied.contains(&file.as_str()),
            "the page does not copy {file}"
        );
    }
    let build = std::fs::read_to_string(example().join(".clusterfuzzlite/build.sh")).unwrap();
    let local = "SRC=/tmp/cfl/src OUT=/tmp/cfl/out WORK=/tmp/cfl/work CRATE_SRC=$PWD \
                 .clusterfuzzlite/build.sh";
    assert!(
        build.contains(&format!("#     {local}")),
        "build.sh documents it"
    );
    assert!(section.lines().any(|l| l == local), "the page gives it");
}
