//! What a run writes: the edge-case census ([`census`]), the JSON and JUnit reports ([`report`])
//! and the HTML report ([`html`]).

pub mod census;
pub mod command;
pub mod disagreement;
pub mod html;
pub mod report;
pub mod text;
