//! The subcommands of `nav`, one module each.
//!
//! A command module holds a clap `Args` struct (`PathArgs`, ...) and
//! `run(&args, out) -> Result<CommandStatus, CliError>`, which writes its report to `out`
//! (standard output in the binary, a buffer in tests). To add a command, add a module here and
//! a variant to the `Command` enum in `src/main.rs`.

pub mod agent;
pub mod circles;
pub mod demo;
pub mod flow;
/// `nav gen` (the module is not called `gen`: that word is reserved in Rust 2024).
pub mod generate;
pub mod mesh;
pub mod path;
pub mod scen;
pub mod serve;
