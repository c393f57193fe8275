//! A watchdog over one worker thread that calls game code many times — a shrink, a search for a
//! case that hits a census tag, a census of a whole corpus — for the one-off commands (`repro`,
//! `census`). Before each call the worker says what it calls and for how long at most
//! ([`Pulse::enter`]); [`watched`] waits for the worker's result and gives up when a call
//! overruns its limit ([`Overrun`]). A thread cannot be stopped, so the stuck worker is left
//! behind until the process exits, as the campaign leaves its own.
//!
//! One thread for the whole run, not one per call: a census search makes hundreds of thousands of
//! calls. For a single call, [`within`] is simpler: the call on a thread of its own, given up
//! on at its limit.

use crate::guard::lock;
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// What a watched worker is calling now.
#[derive(Debug, Clone, Copy)]
struct Beat {
    what: Option<&'static str>,
    since: Instant,
    limit: Duration,
}

/// The worker's side of the watchdog: it says what it calls before each call.
pub struct Pulse {
    beat: Arc<Mutex<Beat>>,
}

impl Pulse {
    /// The worker is about to call `what` (`the engine`, `the census code`, …), which must return
    /// within `limit`.
    pub fn enter(&self, what: &'static str, limit: Duration) {
        *lock(&self.beat) = Beat {
            what: Some(what),
            since: Instant::now(),
            limit,
        };
    }

    /// The worker is in its own code, which is not watched.
    pub fn leave(&self) {
        lock(&self.beat).what = None;
    }
}

/// A call that overran its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overrun {
    /// What was called, as the worker named it.
    pub what: &'static str,
    /// The limit it overran.
    pub limit: Duration,
}

/// Runs `work` on a thread of its own and returns its result, or the first call it made through
/// its [`Pulse`] that overran its limit. A panic of the worker (not of game code, which is
/// caught where it is called) is passed on.
pub fn watched<T: Send + 'static>(
    work: impl FnOnce(&Pulse) -> T + Send + 'static,
) -> Result<T, Overrun> {
    let beat = Arc::new(Mutex::new(Beat {
        what: None,
        since: Instant::now(),
        limit: Duration::ZERO,
    }));
    let pulse = Pulse {
        beat: Arc::clone(&beat),
    };
    let (tx, rx) = mpsc::channel();
    let handle = thread::spawn(move || {
        let _ = tx.send(work(&pulse));
    });
    loop {
        match rx.recv_timeout(Duration::from_millis(10)) {
            Ok(result) => return Ok(result),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The worker ended without a result: it panicked.
                if let Err(panic) = handle.join() {
                    std::panic::resume_unwind(panic);
                }
                unreachable!("a worker that returns sends its result");
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let now = *lock(&beat);
        if let Some(what) = now.what {
            if now.since.elapsed() > now.limit {
                return Err(Overrun {
                    what,
                    limit: now.limit,
                });
            }
        }
    }
}

/// Runs `f` on a thread; `None` if it does not finish within `limit` (the thread is left
/// behind). For calls that may hang.
pub fn within<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_past_its_limit_is_an_overrun_and_unwatched_time_is_not() {
        let done = watched(|pulse| {
            // Slow, but not in a watched call.
            thread::sleep(Duration::from_millis(50));
            pulse.enter("quick", Duration::from_millis(500));
            pulse.leave();
            thread::sleep(Duration::from_millis(50));
            7
        });
        assert_eq!(done, Ok(7));
        let started = Instant::now();
        let hung = watched(|pulse| {
            pulse.enter("the census code", Duration::from_millis(100));
            loop {
                thread::sleep(Duration::from_secs(1));
            }
        });
        assert_eq!(
            hung,
            Err::<(), _>(Overrun {
                what: "the census code",
                limit: Duration::from_millis(100)
            })
        );
        // The closure never ends: any return at all is the watchdog's.
        assert!(started.elapsed() < Duration::from_secs(30));
    }
}
