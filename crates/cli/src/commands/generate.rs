//! `nav gen`: writes a generated map in the Moving AI format.
//!
//! ```text
//! nav gen --kind random|caves|rooms|maze --size WxH [--fill P] [--seed S] -o OUT.map [--svg OUT.svg]
//! ```
//!
//! The same options give the same file on every run and platform. `-o -` writes the map to
//! standard output.

use std::io::Write;
use std::path::PathBuf;

use nav::grid::GridError;
use nav::grid::generate::{MapGenerator, MapKind};
use nav::grid::movingai::{write_map, write_map_file};

use crate::CommandStatus;
use crate::arg_values::parse_size;
use crate::error::CliError;
use crate::svg::grid::map_picture;

/// `--kind`: which generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// Each cell blocked with probability --fill (default 0.25).
    Random,
    /// Cellular-automaton caves, one connected open region (--fill: initial walls, default 0.45).
    Caves,
    /// A grid of rooms joined by doors.
    Rooms,
    /// A perfect maze of one-cell corridors.
    Maze,
}

impl From<KindArg> for MapKind {
    fn from(kind: KindArg) -> Self {
        match kind {
            KindArg::Random => MapKind::Random,
            KindArg::Caves => MapKind::Caves,
            KindArg::Rooms => MapKind::Rooms,
            KindArg::Maze => MapKind::Maze,
        }
    }
}

/// Options of `nav gen`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct GenArgs {
    /// The kind of map.
    #[arg(long, value_enum)]
    pub kind: KindArg,
    /// Width and height in cells.
    #[arg(long, value_name = "WxH", value_parser = parse_size, allow_hyphen_values = true)]
    pub size: (u32, u32),
    /// Blocked fraction from 0 to 1 (random maps: blocked cells; caves: initial walls; ignored
    /// by rooms and mazes).
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    pub fill: Option<f64>,
    /// Seed of the generator.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 0,
        allow_hyphen_values = true
    )]
    pub seed: u64,
    /// The map file to write (`-` for standard output).
    #[arg(short = 'o', long = "out", value_name = "OUT.map")]
    pub out: PathBuf,
    /// Also write a picture of the map.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

/// Runs `nav gen`.
pub fn run(args: &GenArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let kind = MapKind::from(args.kind);
    let (width, height) = args.size;
    let mut generator = MapGenerator::new(kind, width, height).with_seed(args.seed);
    if let Some(fill) = args.fill {
        generator = generator.with_fill(fill);
    }
    let map = generator.generate().map_err(|e| {
        // Name the option the generator refused.
        let option = match &e {
            GridError::InvalidGeneratorParameter {
                name: "fill",
                value,
                ..
            } => {
                format!("--fill {value}")
            }
            GridError::InvalidSize { .. } | GridError::InvalidGeneratorParameter { .. } => {
                format!("--size {width}x{height}")
            }
            _ => format!("--kind {kind}"),
        };
        CliError::grid(option, e)
    })?;
    let summary = format!(
        "{width}x{height} {kind} map, seed {}, {} of {} cells walkable",
        args.seed,
        map.walkable_count(),
        map.cell_count()
    );
    if let Some(svg_path) = &args.svg {
        map_picture(&map, &summary, |_, _| {}).write_file(svg_path)?;
    }
    let to_stdout = args.out.as_os_str() == "-";
    if to_stdout {
        write_map(&map, &mut &mut *out).map_err(CliError::stdout)?;
    } else {
        write_map_file(&map, &args.out)?;
        writeln!(out, "wrote {}: {summary}", args.out.display()).map_err(CliError::stdout)?;
        if let Some(svg) = &args.svg {
            writeln!(out, "picture: {}", svg.display()).map_err(CliError::stdout)?;
        }
    }
    Ok(CommandStatus::Success)
}
