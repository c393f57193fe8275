//! One case through both sides of a game: what is read as judge text ([`input`]), how a file
//! given to `repro` is read ([`mod@file`]), and the faults planted to test the checker itself
//! ([`planted`]).

pub mod compare;
pub mod divergence;
pub mod file;
pub mod input;
pub mod planted;
pub mod verdict;
