//! The external programs a run drives: one run of a program under a deadline ([`process`]), the
//! implementation under test ([`subject`]), source files compiled once ([`toolchain`]), a problem
//! made of programs ([`problem`]), the judgement of an answer ([`checker`]) and the child
//! processes a hang is shrunk in ([`child`]).

pub mod checker;
pub mod child;
pub mod interact;
pub mod problem;
pub mod process;
pub mod subject;
pub mod toolchain;
pub mod warm;
