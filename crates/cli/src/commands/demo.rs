//! `nav demo`: the subcommand. The demo itself (its built-in map, scenes, reports and SVG
//! panels) lives in [`crate::demo`]; this module is its entry point among the commands.

pub use crate::demo::{DemoArgs, run};
