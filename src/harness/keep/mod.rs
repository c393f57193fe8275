//! What a run keeps: the regression corpus ([`corpus`]) and the shards' reports merged into one
//! run's ([`merge`]).

pub mod corpus;
pub mod merge;
