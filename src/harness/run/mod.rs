//! A long run: the campaign of many random cases ([`campaign`]), the shrink of its finding under
//! the supervisor ([`found`]) or, for a hang, in child processes ([`hang`]), a `stress` run's plan
//! of it ([`stress`]), what it shows while it runs ([`progress`]), Ctrl-C ([`interrupt`]) and the
//! watchdogs of calls that may hang ([`watchdog`]); and `judge`'s run of a program over kept
//! cases ([`judge`]).

pub mod campaign;
pub mod found;
pub mod hang;
pub mod interrupt;
pub mod judge;
pub mod progress;
pub mod stress;
pub mod watchdog;
