//! A long run: the campaign of many random cases ([`campaign`]), a `stress` run's plan of it
//! ([`stress`]), what it shows while it runs
//! ([`progress`]), Ctrl-C ([`interrupt`]) and the watchdog of the one-off commands
//! ([`watchdog`]).

pub mod campaign;
pub mod interrupt;
pub mod progress;
pub mod stress;
pub mod watchdog;
