//! `process::run` leaves nothing behind: no zombie child, no orphan of a program it ran.
//!
//! In a test binary of its own: this process becomes a child subreaper when it runs programs,
//! so it adopts the orphans of every other test's processes in the same binary — e.g. the
//! sentinel of a `boardfuzz` child that a test kills — and would count their zombies as its own.

mod common;

use std::process::Command;
use std::time::Duration;

use common::processes_with;

/// 10,000 runs of a program that leaves a child behind: afterwards no process of theirs is left,
/// and no zombie child of ours.
#[test]
fn no_zombie_or_orphan_after_ten_thousand_runs() {
    use boardfuzz::harness::programs::process::{self, Limits};
    let limits = Limits {
        timeout: Duration::from_secs(10),
        output_cap: 1 << 20,
    };
    let run = || {
        for _ in 0..5_000 {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg("sleep 297.75 & echo 1");
            let f = process::run(sh, b"", limits).unwrap();
            assert_eq!(f.stdout, b"1\n");
        }
    };
    std::thread::scope(|s| {
        s.spawn(run);
        s.spawn(run);
    });
    assert_eq!(process::live_groups(), 0);
    let left = processes_with("sleep 297.75");
    assert!(
        left.is_empty(),
        "left running: {} e.g. {:?}",
        left.len(),
        left.first()
    );
    let me = std::process::id().to_string();
    let zombies: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            let after = stat.rsplit(')').next().unwrap_or("");
            let fields: Vec<&str> = after.split_whitespace().collect();
            fields.first() == Some(&"Z") && fields.get(1) == Some(&me.as_str())
        })
        .collect();
    assert!(zombies.is_empty(), "zombies: {zombies:?}");
}
