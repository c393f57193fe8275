//! What a run writes: the edge-case census ([`census`]), the JSON and JUnit reports ([`report`])
//! and the HTML report ([`html`]), the files a run's `--report` names ([`targets`]), the
//! [`disagreement`] as a person reads it, its [`text`] on a terminal and the [`command`]s a
//! finding prints.

pub mod census;
pub mod command;
pub mod disagreement;
pub mod html;
pub mod report;
pub mod targets;
pub mod text;
