//! Making a failing case smaller: a file of the user's own ([`file`](mod@file)) and the shape a stress
//! generator's inputs keep while they shrink ([`shape`]).

pub mod file;
pub mod minimize;
pub mod shape;
