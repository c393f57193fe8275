//! Ctrl-C (SIGINT) and SIGTERM. The first one asks every long run to stop, write what it has
//! (summary, census so far, every requested report) and exit 130, and kills every external
//! program running now. Further signals within [`GRACE`] of the first are absorbed: `timeout -s
//! INT` and CI runners signal the whole process group, so one stop arrives as two or three
//! signals at once, and the report must not be lost to the second. A signal after the grace
//! exits at once (130), for a wind-down that is itself stuck.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::harness::programs::process;

/// How long after the first signal further signals are absorbed while the run winds down.
pub const GRACE: Duration = Duration::from_secs(2);

static REQUESTED: AtomicBool = AtomicBool::new(false);
/// When the first signal came: milliseconds since [`epoch`], plus one (0: none yet).
static FIRST_AT: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Asks every run to stop and kills the running external programs (what the signal handler does).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
    process::kill_all();
}

/// What a signal that arrives `since_first` after the first one does: `true` exits at once.
fn exits_at_once(since_first: Duration) -> bool {
    since_first > GRACE
}

/// Installs the handler for SIGINT and SIGTERM (once per process).
pub fn install() -> Result<(), String> {
    epoch();
    ctrlc::set_handler(|| {
        let now = epoch().elapsed().as_millis() as u64 + 1;
        match FIRST_AT.compare_exchange(0, now, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => request(),
            Err(first) => {
                if exits_at_once(Duration::from_millis(now.saturating_sub(first))) {
                    process::kill_all();
                    std::process::exit(130);
                }
                // Within the grace: the first signal's wind-down goes on.
                process::kill_all();
            }
        }
    })
    .map_err(|e| format!("cannot install the Ctrl-C handler: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_within_the_grace_are_absorbed_and_a_late_one_exits() {
        assert!(!exits_at_once(Duration::from_millis(1)));
        assert!(!exits_at_once(GRACE));
        assert!(exits_at_once(GRACE + Duration::from_millis(1)));
    }
}
