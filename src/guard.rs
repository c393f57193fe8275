//! Catching panics of game code, so that a panic is a finding and never a crash of boardfuzz.
//!
//! [`catch`] runs a closure and turns a panic into `Err("panicked at FILE:LINE:COL: MESSAGE")`.
//! While a guarded call runs, the panic hook records the message instead of printing it; panics
//! outside a guarded call (boardfuzz's own bugs, a fuzz target's failed check) go to the hook that
//! was installed before, so libFuzzer still sees them as crashes.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if DEPTH.with(Cell::get) == 0 {
                previous(info);
                return;
            }
            let payload = info.payload();
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(a panic payload that is not a string)".to_string());
            let text = match info.location() {
                Some(at) => format!(
                    "panicked at {}:{}:{}: {message}",
                    at.file(),
                    at.line(),
                    at.column()
                ),
                None => format!("panicked: {message}"),
            };
            LAST.with(|last| *last.borrow_mut() = Some(text));
        }));
    });
}

/// Runs `f`; a panic comes back as `Err` with its message and location.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    DEPTH.with(|d| d.set(d.get() + 1));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get() - 1));
    result.map_err(|_| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| "panicked (no message recorded)".to_string())
    })
}

/// The value behind a mutex, even if a thread panicked holding it: a panic of game code is a
/// finding, so the state it left is still read (progress, the best case so far).
pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_comes_back_with_its_message_and_location() {
        let err = catch(|| {
            let v: Vec<u8> = Vec::new();
            v[usize::from(std::hint::black_box(3u8))]
        })
        .unwrap_err();
        assert!(err.contains("index out of bounds"), "{err}");
        assert!(err.contains("src/guard.rs:"), "{err}");
        assert_eq!(catch(|| 7), Ok(7));
    }

    #[test]
    fn nested_guards_report_the_inner_panic() {
        let outer = catch(|| catch(|| panic!("inner")).unwrap_err());
        assert!(outer.unwrap().contains("inner"));
    }
}
