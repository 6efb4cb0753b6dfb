//! [`Front`]: which front end asks, so that a message names the option the user can change
//! the way that front end spells it (`--time-limit` on the command line, `time_limit` in
//! Python), while the message itself is written once.

use std::fmt;

/// The front end a message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Front {
    /// The `sudoku` command line: `--time-limit`, `--algo mrv`.
    Cli,
    /// The Python package: `time_limit`, `algo='mrv'`.
    Python,
}

/// An option a message may point the user to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Opt {
    /// The time limit of one puzzle.
    TimeLimit,
    /// The node limit of one puzzle.
    NodeLimit,
    /// Requiring exactly one solution.
    Unique,
    /// The algorithm.
    Algo,
    /// How many tries a generated puzzle may take.
    Attempts,
    /// A range of Sudoku Explainer ratings for generated puzzles.
    Se,
    /// A band of difficulty for generated puzzles.
    Difficulty,
    /// The symmetry of generated clues.
    Symmetry,
    /// The number of clues of generated puzzles.
    Clues,
    /// The side of generated boards.
    Size,
    /// Extra rules of generated puzzles.
    Variant,
    /// How many puzzles to generate.
    Count,
    /// The seed of generated puzzles.
    Seed,
    /// The largest killer cage.
    MaxCage,
    /// Where counting stops.
    Limit,
    /// Worker threads.
    Threads,
    /// The paper of a printable sheet.
    Paper,
    /// Puzzles a page of a sheet.
    PerPage,
    /// Solutions a page of a sheet.
    SolutionsPerPage,
}

impl Front {
    /// The option as this front end spells it: `--node-limit` or `max_nodes`.
    pub fn name(self, opt: Opt) -> &'static str {
        match self {
            Front::Cli => match opt {
                Opt::TimeLimit => "--time-limit",
                Opt::NodeLimit => "--node-limit",
                Opt::Unique => "--unique",
                Opt::Algo => "--algo",
                Opt::Attempts => "--attempts",
                Opt::Se => "--se",
                Opt::Difficulty => "--difficulty",
                Opt::Symmetry => "--symmetry",
                Opt::Clues => "--clues",
                Opt::Size => "--size",
                Opt::Variant => "--variant",
                Opt::Count => "--count",
                Opt::Seed => "--seed",
                Opt::MaxCage => "--max-cage",
                Opt::Limit => "--limit",
                Opt::Threads => "--jobs",
                Opt::Paper => "--paper",
                Opt::PerPage => "--per-page",
                Opt::SolutionsPerPage => "--solutions-per-page",
            },
            Front::Python => match opt {
                Opt::TimeLimit => "time_limit",
                Opt::NodeLimit => "max_nodes",
                Opt::Unique => "unique",
                Opt::Algo => "algo",
                Opt::Attempts => "max_attempts",
                Opt::Se => "se",
                Opt::Difficulty => "difficulty",
                Opt::Symmetry => "symmetry",
                Opt::Clues => "clues",
                Opt::Size => "size",
                Opt::Variant => "variant",
                Opt::Count => "n",
                Opt::Seed => "seed",
                Opt::MaxCage => "max_cage",
                Opt::Limit => "limit",
                Opt::Threads => "threads",
                Opt::Paper => "paper",
                Opt::PerPage => "per_page",
                Opt::SolutionsPerPage => "solutions_per_page",
            },
        }
    }

    /// The option set to `value`, as the user would write it: `--algo mrv` or `algo='mrv'`;
    /// a flag (`value` empty) as `--unique` or `unique=True`.
    ///
    /// ```
    /// use sudoku_api::{Front, Opt};
    ///
    /// assert_eq!(Front::Cli.setting(Opt::Algo, "mrv").to_string(), "--algo mrv");
    /// assert_eq!(Front::Python.setting(Opt::Algo, "mrv").to_string(), "algo='mrv'");
    /// assert_eq!(Front::Python.setting(Opt::Unique, "").to_string(), "unique=True");
    /// ```
    pub fn setting(self, opt: Opt, value: &str) -> Setting<'_> {
        Setting {
            front: self,
            opt,
            value,
        }
    }
}

/// An option with its value, as a front end's user writes it (see [`Front::setting`]).
#[derive(Clone, Copy, Debug)]
pub struct Setting<'a> {
    front: Front,
    opt: Opt,
    value: &'a str,
}

impl fmt::Display for Setting<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.front.name(self.opt);
        match (self.front, self.value.is_empty()) {
            (Front::Cli, true) => f.write_str(name),
            (Front::Cli, false) => write!(f, "{name} {}", self.value),
            (Front::Python, true) => write!(f, "{name}=True"),
            (Front::Python, false) if self.value.parse::<f64>().is_ok() => {
                write!(f, "{name}={}", self.value)
            }
            (Front::Python, false) => write!(f, "{name}='{}'", self.value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_not_quoted_in_python() {
        assert_eq!(
            Front::Python.setting(Opt::Attempts, "5000").to_string(),
            "max_attempts=5000"
        );
        assert_eq!(
            Front::Cli.setting(Opt::Attempts, "5000").to_string(),
            "--attempts 5000"
        );
        assert_eq!(Front::Cli.setting(Opt::Unique, "").to_string(), "--unique");
    }
}
