//! Ctrl-C (SIGINT) and SIGTERM: the first one asks every long run to stop, print what it has and
//! exit 130, and kills every external program running now; a second one exits at once.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::harness::process;

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Whether a stop was asked for.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Asks every run to stop and kills the running external programs (what the signal handler does).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
    process::kill_all();
}

/// Installs the handler for SIGINT and SIGTERM (once per process).
pub fn install() -> Result<(), String> {
    ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            process::kill_all();
            std::process::exit(130);
        }
        process::kill_all();
    })
    .map_err(|e| format!("cannot install the Ctrl-C handler: {e}"))
}
