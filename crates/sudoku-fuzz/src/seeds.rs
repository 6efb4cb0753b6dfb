//! [`SeedData`]: the puzzles seed corpora are made from.

use std::path::Path;

use sudoku_core::{Grid, PuzzleReader};
use sudoku_killer::{KillerPuzzle, KillerReader};

/// Puzzles to make seed inputs of: the project's benchdata sets and, when asked and
/// present, the public sets (a few puzzles of each).
#[derive(Clone, Debug, Default)]
pub struct SeedData {
    /// Classic puzzles and the solutions the files give.
    pub grids: Vec<Grid>,
    /// Pieces of the puzzle files as they are: the first lines of each.
    pub files: Vec<Vec<u8>>,
    /// Killer puzzles.
    pub killers: Vec<KillerPuzzle>,
}

/// How many puzzles of each file are taken.
const PER_FILE: usize = 12;

/// How many lines of each file make its piece.
const LINES_PER_PIECE: usize = 16;

impl SeedData {
    /// The data of `workspace/benchdata/` and, with `public`, of the public sets
    /// ([`public_data_dir`](sudoku_testing::public_data_dir)) when present.
    ///
    /// # Panics
    ///
    /// When benchdata cannot be read: it is part of the repository.
    pub fn load(workspace: &Path, public: bool) -> SeedData {
        let mut data = SeedData::default();
        let mut dirs = vec![workspace.join("benchdata")];
        if public {
            dirs.extend(sudoku_testing::public_data_dir());
        }
        for dir in dirs {
            let mut paths: Vec<_> = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|entry| entry.expect("a folder entry").path())
                .collect();
            paths.sort();
            for path in paths {
                data.add_file(&path);
            }
        }
        data
    }

    /// Adds the puzzles and the first lines of one file (`.txt`, `.csv` or `.jsonl`).
    fn add_file(&mut self, path: &Path) {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(extension, "txt" | "csv" | "jsonl") {
            return;
        }
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let piece: Vec<&[u8]> = bytes.split(|&b| b == b'\n').take(LINES_PER_PIECE).collect();
        self.files.push(piece.join(&b'\n'));
        if extension == "jsonl" {
            let killers = KillerReader::new(&bytes[..]).filter_map(Result::ok);
            self.killers
                .extend(killers.take(PER_FILE).map(|r| r.puzzle));
        } else {
            for record in PuzzleReader::new(&bytes[..])
                .filter_map(Result::ok)
                .take(PER_FILE)
            {
                self.grids.push(record.puzzle);
                self.grids.extend(record.solution);
            }
        }
    }
}
