//! Options shared by the commands that search tile grids, and map loading.
//!
//! A grid command flattens [`GridRulesArgs`] into its arguments
//! (`#[command(flatten)] rules: GridRulesArgs`) and calls [`GridRulesArgs::to_rules`].

use std::path::Path;

use nav::grid::movingai::read_map;
use nav::grid::{CompiledRules, DiagonalRule, GridMap, GridRules, Heuristic, Moves, SearchMode};

use crate::error::CliError;

/// `--moves`: the neighbours a unit may step to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesArg {
    /// The four orthogonal neighbours.
    #[value(name = "4")]
    Four,
    /// The four orthogonal and the four diagonal neighbours.
    #[value(name = "8")]
    Eight,
}

/// `--diagonal`: when a diagonal step is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiagonalArg {
    /// Never (8 moves behave like 4).
    Never,
    /// Only when both orthogonal neighbours are walkable (the Moving AI rule).
    NoCornerCutting,
    /// Whenever the target is walkable, even between two diagonally touching blocked cells.
    Free,
}

/// `--heuristic`: the estimate that guides A*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HeuristicArg {
    /// Column distance plus row distance.
    Manhattan,
    /// The larger of the two distances.
    Chebyshev,
    /// Diagonal steps for the shorter distance, straight steps for the rest.
    Octile,
    /// Straight-line distance.
    Euclidean,
    /// No estimate (Dijkstra's algorithm).
    Zero,
}

impl From<HeuristicArg> for Heuristic {
    fn from(h: HeuristicArg) -> Self {
        match h {
            HeuristicArg::Manhattan => Heuristic::Manhattan,
            HeuristicArg::Chebyshev => Heuristic::Chebyshev,
            HeuristicArg::Octile => Heuristic::Octile,
            HeuristicArg::Euclidean => Heuristic::Euclidean,
            HeuristicArg::Zero => Heuristic::Zero,
        }
    }
}

impl From<DiagonalArg> for DiagonalRule {
    fn from(d: DiagonalArg) -> Self {
        match d {
            DiagonalArg::Never => DiagonalRule::Never,
            DiagonalArg::NoCornerCutting => DiagonalRule::NoCornerCutting,
            DiagonalArg::Free => DiagonalRule::Free,
        }
    }
}

impl From<MovesArg> for Moves {
    fn from(m: MovesArg) -> Self {
        match m {
            MovesArg::Four => Moves::Four,
            MovesArg::Eight => Moves::Eight,
        }
    }
}

/// Which search runs grid queries (`--search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SearchArg {
    /// A* cell by cell (works under every rule and on weighted maps).
    Astar,
    /// Jump point search: the same optimal paths, far fewer expansions (8 moves with
    /// --diagonal no-corner-cutting or free, uniform costs; `expanded` then counts jump
    /// points).
    Jps,
    /// Jump point search over a preprocessed table of jump distances (JPS+): the paths of
    /// `jps`, each jump one table read; the table (16 bytes per cell) is built once per map.
    JpsPlus,
}

impl SearchArg {
    /// The search `--search` and its alias `--jump-points` ask for: refuses the contradiction
    /// `--jump-points --search astar`.
    pub fn resolve(search: Option<SearchArg>, jump_points: bool) -> Result<SearchArg, CliError> {
        match (search, jump_points) {
            (Some(SearchArg::Astar), true) => Err(CliError::Usage(
                "--jump-points (an alias of --search jps) contradicts --search astar".into(),
            )),
            (_, true) => Ok(SearchArg::Jps),
            (search, false) => Ok(search.unwrap_or(SearchArg::Astar)),
        }
    }

    /// The library's mode for this search.
    pub fn mode(self) -> SearchMode {
        match self {
            SearchArg::Astar => SearchMode::CellByCell,
            SearchArg::Jps => SearchMode::JumpPoints,
            SearchArg::JpsPlus => SearchMode::JumpPointsPlus,
        }
    }

    /// The option's value, as typed.
    pub fn name(self) -> &'static str {
        match self {
            SearchArg::Astar => "astar",
            SearchArg::Jps => "jps",
            SearchArg::JpsPlus => "jps-plus",
        }
    }
}

/// The rules of movement of a grid query, as command-line options. The defaults are the
/// Moving AI rules: 8 moves, no corner cutting, costs 1 and √2, octile heuristic.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct GridRulesArgs {
    /// Neighbours a unit may step to.
    #[arg(long, value_enum, default_value = "8")]
    pub moves: MovesArg,
    /// When a diagonal step is allowed (with --moves 8).
    #[arg(long, value_enum, default_value = "no-corner-cutting")]
    pub diagonal: DiagonalArg,
    /// Heuristic [default: manhattan when only straight steps are allowed, else octile].
    #[arg(long, value_enum)]
    pub heuristic: Option<HeuristicArg>,
    /// Accept a heuristic that may overestimate the remaining cost (e.g. manhattan with
    /// diagonal moves): searches expand fewer cells but paths may be longer than the shortest.
    #[arg(long)]
    pub allow_inadmissible: bool,
    /// The search [default: astar].
    #[arg(long, value_enum)]
    pub search: Option<SearchArg>,
    /// Search by jump points: an alias of `--search jps`.
    #[arg(long)]
    pub jump_points: bool,
}

impl Default for GridRulesArgs {
    fn default() -> Self {
        Self {
            moves: MovesArg::Eight,
            diagonal: DiagonalArg::NoCornerCutting,
            heuristic: None,
            allow_inadmissible: false,
            search: None,
            jump_points: false,
        }
    }
}

impl GridRulesArgs {
    /// Whether diagonal steps are possible under these options.
    pub fn has_diagonals(&self) -> bool {
        self.moves == MovesArg::Eight && self.diagonal != DiagonalArg::Never
    }

    /// The heuristic, choosing the tightest admissible one when none was given.
    pub fn heuristic(&self) -> Heuristic {
        match self.heuristic {
            Some(h) => h.into(),
            None if self.has_diagonals() => Heuristic::Octile,
            None => Heuristic::Manhattan,
        }
    }

    /// The rules, compiled (checked once for every query); a heuristic that could
    /// overestimate is refused (naming `--heuristic`) unless `--allow-inadmissible` was given.
    /// `--jump-points` is [`SearchMode::JumpPoints`]: refused where jump points would not be
    /// exact, never silently replaced by a cell-by-cell search.
    pub fn to_rules(&self) -> Result<CompiledRules, CliError> {
        let search = SearchArg::resolve(self.search, self.jump_points)?;
        let rules = GridRules::default()
            .with_moves(self.moves.into())
            .with_diagonal(self.diagonal.into())
            .with_heuristic(self.heuristic())
            .allow_inadmissible(self.allow_inadmissible)
            .with_search(search.mode());
        if search != SearchArg::Astar && !self.has_diagonals() {
            let option = if self.jump_points {
                "--jump-points"
            } else if search == SearchArg::JpsPlus {
                "--search jps-plus"
            } else {
                "--search jps"
            };
            return Err(CliError::Usage(format!(
                "{option} needs --moves 8 and --diagonal no-corner-cutting or free"
            )));
        }
        rules.compile().map_err(|e| {
            CliError::grid(
                format_args!(
                    "--heuristic {} (see --allow-inadmissible)",
                    self.heuristic()
                ),
                e,
            )
        })
    }

    /// A short description of the rules for summaries (`8 moves, no-corner-cutting, octile`).
    pub fn describe(&self) -> String {
        let moves = match self.moves {
            MovesArg::Four => "4 moves".to_string(),
            MovesArg::Eight => format!("8 moves, {}", DiagonalRule::from(self.diagonal)),
        };
        format!("{moves}, {}", self.heuristic())
    }
}

/// Reads a Moving AI `.map` file; errors name the file (and the line for syntax errors).
pub fn load_map(path: &Path) -> Result<GridMap, CliError> {
    Ok(read_map(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_moving_ai_rules() {
        let rules = GridRulesArgs::default().to_rules().unwrap();
        assert_eq!(rules.rules(), &GridRules::moving_ai());
        assert_eq!(
            GridRulesArgs::default().describe(),
            "8 moves, no-corner-cutting, octile"
        );
    }

    #[test]
    fn default_heuristic_follows_the_moves() {
        let four = GridRulesArgs {
            moves: MovesArg::Four,
            ..GridRulesArgs::default()
        };
        assert_eq!(four.heuristic(), Heuristic::Manhattan);
        assert_eq!(four.describe(), "4 moves, manhattan");
        let never = GridRulesArgs {
            diagonal: DiagonalArg::Never,
            ..GridRulesArgs::default()
        };
        assert_eq!(never.heuristic(), Heuristic::Manhattan);
        assert!(never.to_rules().is_ok());
    }

    #[test]
    fn inadmissible_heuristics_need_the_flag() {
        let greedy = GridRulesArgs {
            heuristic: Some(HeuristicArg::Manhattan),
            ..GridRulesArgs::default()
        };
        let error = greedy.to_rules().unwrap_err().one_line();
        assert!(
            error.starts_with("--heuristic manhattan (see --allow-inadmissible): heuristic manhattan is not admissible"),
            "{error}"
        );
        let allowed = GridRulesArgs {
            allow_inadmissible: true,
            ..greedy
        };
        assert!(allowed.to_rules().is_ok());
    }
}
