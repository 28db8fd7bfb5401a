//! The `nav` command-line tool.

fn main() {}
