//! `sudoku generate`: unique puzzles of a seed, streamed in order.

use std::io;
use std::time::Instant;

use clap::Args;
use serde_json::json;
use sudoku_gen::{Band, GenConfig, Generated, Generator, Symmetry, TargetNotReached};

use crate::progress::{Measure, Progress};
use crate::{MAX_JOBS, Summary, Writer, pipeline};

/// How many puzzles, from which seed, on how many threads: the options every generator takes.
#[derive(Args, Debug)]
pub(crate) struct Batch {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub(crate) count: u64,
    /// The seed: the same seed gives the same puzzles, whatever --jobs; puzzle i of a seed
    /// does not depend on --count.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads, 1 to 256.
    #[arg(long, short, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS as i64))]
    pub(crate) jobs: u16,
}

#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    #[command(flatten)]
    batch: Batch,
    /// Only puzzles of this band (rated by the ladder of human techniques).
    #[arg(long, value_enum)]
    difficulty: Option<Difficulty>,
    /// Symmetry of the clue pattern.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Exactly this many clues (17 to 81): removal stops there, and puzzles that cannot get
    /// down to it are made again (fewer than about 22 clues takes many tries).
    #[arg(long)]
    clues: Option<usize>,
    /// How puzzles are written: `line` (81 characters), `grid` (a drawing and a blank line)
    /// or `json` (puzzle, solution, clue count and rating).
    #[arg(long, value_enum, default_value_t = crate::Format::Line)]
    format: crate::Format,
    /// Write a summary line on standard error.
    #[arg(long)]
    stats: bool,
}

/// `--difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Difficulty {
    /// Naked and hidden singles suffice.
    Easy,
    /// Also locked candidates and pairs.
    Medium,
    /// Also triples, X-Wing, Swordfish, XY-Wing.
    Hard,
    /// The ladder gets stuck: needs search.
    Expert,
}

/// `--symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SymmetryArg {
    /// Any clue pattern.
    None,
    /// Unchanged by a half turn.
    Rotate180,
    /// Unchanged by a quarter turn.
    Rotate90,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

pub(crate) fn run(args: GenerateArgs) -> io::Result<Summary> {
    let config = GenConfig {
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        target_clues: args.clues,
        band: args.difficulty.map(|d| match d {
            Difficulty::Easy => Band::Easy,
            Difficulty::Medium => Band::Medium,
            Difficulty::Hard => Band::Hard,
            Difficulty::Expert => Band::Expert,
        }),
        ..GenConfig::default()
    };
    if let Err(why) = config.check() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--clues {}: {why}", args.clues.unwrap_or(0)),
        ));
    }
    let started = Instant::now();
    let Batch { count, seed, jobs } = args.batch;
    let progress = Progress::new(Measure::Items { total: count }, "puzzles");
    let mut writer = Writer::new(progress, "puzzles");
    let format = args.format;
    pipeline::run(
        usize::from(jobs),
        1,
        |emit| {
            for index in 0..count {
                if !emit(index) {
                    break;
                }
            }
        },
        || Generator::new(config),
        |generator, index| (index, generator.generate_indexed(seed, index)),
        &mut Sink(&mut writer, seed, format),
    )?;
    writer.close(args.stats, started)
}

struct Sink<'a>(&'a mut Writer, u64, crate::Format);

impl pipeline::Sink<(u64, Result<Generated, TargetNotReached>)> for Sink<'_> {
    fn write(
        &mut self,
        (index, made): (u64, Result<Generated, TargetNotReached>),
    ) -> io::Result<()> {
        let Sink(writer, seed, format) = self;
        let place = || format!("sudoku: puzzle {}", index + 1);
        match made {
            Err(err) => {
                let record = match format {
                    crate::Format::Json => format!(
                        "{}\n",
                        json!({ "index": index, "seed": seed, "status": "not made", "error": err.to_string() })
                    ),
                    crate::Format::Grid => "not made\n\n".to_string(),
                    crate::Format::Line => "not made\n".to_string(),
                };
                writer.answer(place, &record, Some(&err.to_string()), None)
            }
            Ok(made) => {
                let record = match format {
                    crate::Format::Line => format!("{}\n", made.puzzle),
                    crate::Format::Grid => format!("{:#}\n\n", made.puzzle),
                    crate::Format::Json => {
                        let rating = made
                            .rating
                            .unwrap_or_else(|| sudoku_gen::rate(&made.puzzle));
                        let line = json!({
                            "index": index,
                            "seed": seed,
                            "puzzle": made.puzzle.to_string(),
                            "solution": made.solution.to_string(),
                            "clues": made.puzzle.filled(),
                            "band": rating.band.name(),
                            "hardest": rating.hardest.map(|t| t.name()),
                        });
                        format!("{line}\n")
                    }
                };
                writer.answer(place, &record, None, None)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
