//! Pictures of what the tasks take and give, through the renderer (`sudoku-render`): a
//! [`Board`] (a classic grid with its pencil marks, another size, a jigsaw, Sudoku X,
//! windoku, a variant puzzle with its constraints), a killer puzzle with its cages, a
//! solution drawn over its puzzle, a position after a hint, and an explained path as one
//! picture per step; then SVG, PNG (feature `png`), printable sheets (SVG pages, or PDF with
//! the feature `pdf`) and the step-through HTML page.
//!
//! The renderer's own board is re-exported as [`Picture`] (`sudoku_api::Board` is the
//! puzzle a task takes; a `Picture` is what gets drawn), its step as [`StepPicture`].
//!
//! ```
//! use sudoku_api::{Algo, Board, Budget, Front, Worker, picture};
//!
//! let board: Board =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let svg = picture::of_board(&board).to_svg();
//! assert!(svg.starts_with("<svg") && svg.contains(">5</text>"));
//!
//! // A solution over its puzzle (givens black, the rest blue), for a sheet's answer pages.
//! let mut worker = Worker::new(Front::Cli);
//! let drawn = worker.draw(&board, true, Budget::UNLIMITED)?;
//! let mut sheet = picture::Sheet::new(picture::Paper::A4);
//! sheet.add(drawn.puzzle, drawn.solution)?;
//! assert_eq!(sheet.to_svg_pages()?.len(), 2);
//!
//! // The step-through page of the explained path.
//! let explained = worker.explain(&board, Budget::UNLIMITED)?;
//! let page = picture::explanation_page("An easy one", &explained)?;
//! assert!(page.contains(&format!("Step 1 of {}", explained.steps.len())));
//! # Ok::<(), sudoku_api::Failure>(())
//! ```

use sudoku_core::{Budget, Grid, Unit};
use sudoku_gen::Step;
use sudoku_killer::KillerPuzzle;
pub use sudoku_render::{
    Board as Picture, Paper, RenderError, RenderErrorKind, Sheet, Step as StepPicture, Style,
};
use sudoku_render::{Cell, Element, explain_page};

use crate::choice::Choice;
use crate::failure::{Failure, FailureKind, UsageError};
use crate::front::{Front, Opt};
use crate::input::Board;
use crate::tasks::{Explained, Position, Solution, Worker};

/// The picture of a puzzle as it was read: its givens, its rules (jigsaw regions as thick
/// outlines, diagonals and windoku windows shaded), for a pencil-mark position its
/// candidates (cells with one candidate drawn as digits), and for a puzzle with constraints
/// each constraint as f-puzzles and SudokuPad draw it (thermometers, arrows, dots, lines,
/// cages, clues outside the grid; rules of the whole board named in the caption; see
/// [`Picture::from_constraints`]).
pub fn of_board(board: &Board) -> Picture {
    match board {
        Board::Classic {
            grid,
            marks: Some(marks),
        } => {
            // The cells of one candidate are the position's digits: no digit differs.
            Picture::from_position(grid, grid, marks).unwrap_or_else(|_| Picture::from_grid(grid))
        }
        Board::Classic { grid, marks: None } => Picture::from_grid(grid),
        Board::Sized(puzzle) => Picture::from_puzzle(puzzle),
        Board::Constraint(puzzle) => Picture::from_constraints(puzzle),
    }
}

/// The picture of `solution` drawn over `board`: givens as givens, the digits the solution
/// adds as placed digits (another colour).
///
/// # Errors
///
/// When the solution is not of the board's size or changes a given (not a solution of it).
pub fn of_solution(board: &Board, solution: &Solution) -> Result<Picture, Failure> {
    let mut picture = of_board(board);
    picture.fill(solution.cells()).map_err(drawing_failure)?;
    Ok(picture)
}

/// The picture of a position being solved (the one after a hint, say): `givens` as givens,
/// the position's other digits as placed digits, and its pencil marks where it is not
/// plain (once candidates were eliminated beyond what the digits rule out).
///
/// # Errors
///
/// When the position changes or clears a given.
pub fn of_position(givens: &Grid, position: &Position) -> Result<Picture, Failure> {
    if position.plain {
        let mut picture = Picture::from_grid(givens);
        picture
            .fill(position.grid.cells())
            .map_err(drawing_failure)?;
        return Ok(picture);
    }
    Picture::from_position(givens, &position.grid, &position.marks).map_err(drawing_failure)
}

/// The picture of a killer puzzle: its cages as dashed outlines with their sums in the
/// corner, and its givens, if any.
///
/// # Errors
///
/// Never for a puzzle sudoku-killer accepted (its cages are connected and on the board);
/// the renderer's refusal otherwise.
pub fn of_killer(puzzle: &KillerPuzzle) -> Result<Picture, Failure> {
    let mut picture = Picture::from_grid(puzzle.givens().unwrap_or(&Grid::EMPTY));
    for cage in puzzle.cages() {
        let cells = cage
            .cells
            .iter()
            .map(|&cell| Cell::from_index(cell, 9))
            .collect();
        picture
            .push(Element::killer_cage(cells, Some(cage.sum)))
            .map_err(drawing_failure)?;
    }
    Ok(picture)
}

/// The picture of a killer puzzle's `solution`: its cages, the givens, and the digits the
/// solution adds as placed digits.
///
/// # Errors
///
/// When the solution changes a given.
pub fn of_killer_solution(puzzle: &KillerPuzzle, solution: &Grid) -> Result<Picture, Failure> {
    let mut picture = of_killer(puzzle)?;
    picture.fill(solution.cells()).map_err(drawing_failure)?;
    Ok(picture)
}

/// The picture of one step of an explained path: the position before it (`givens` as
/// givens, the digits placed since, the pencil marks), the cells of the pattern and the
/// unit it lives in washed yellow, its candidates on green discs, the candidates it removes
/// on red discs, the digits it places on blue ones, and the technique's name and rating as
/// the caption.
///
/// # Errors
///
/// When the position changes a given, or the step names a cell or digit off the board.
pub fn step(givens: &Grid, before: &Position, step: &Step) -> Result<StepPicture, Failure> {
    let board =
        Picture::from_position(givens, &before.grid, &before.marks).map_err(drawing_failure)?;
    let mut picture = StepPicture::new(board, step.name.to_string());
    picture.rating = Some(step.difficulty.as_f64());
    picture.text = step.to_string();
    picture.pattern_cells = step.cells.clone();
    if let Some(cells) = step.unit.and_then(Unit::cells) {
        let unit = cells.iter().map(|&cell| usize::from(cell));
        picture
            .pattern_cells
            .extend(unit.filter(|cell| !step.cells.contains(cell)));
    }
    picture.pattern = step
        .cells
        .iter()
        .flat_map(|&cell| {
            (step.digits & before.marks.get(cell).unwrap_or_default())
                .iter()
                .map(move |digit| (cell, digit))
        })
        .filter(|pair| !step.eliminations.contains(pair) && !step.placements.contains(pair))
        .collect();
    picture.eliminations = step.eliminations.clone();
    picture.placements = step.placements.clone();
    Ok(picture)
}

/// One picture per step of an explained path, each on the position before it (the digits of
/// the path's start drawn as givens).
///
/// # Errors
///
/// As [`step`].
pub fn steps(explained: &Explained) -> Result<Vec<StepPicture>, Failure> {
    let givens = explained.start.grid;
    let mut before = &explained.start;
    let mut pictures = Vec::with_capacity(explained.steps.len());
    for explained_step in &explained.steps {
        pictures.push(step(&givens, before, &explained_step.step)?);
        before = &explained_step.after;
    }
    Ok(pictures)
}

/// The self-contained HTML page that steps through an explained path (buttons, the arrow
/// keys, `#step-N` addresses; nothing fetched), headed `name` and what the path says: its
/// ratings, or where search had to take over.
///
/// # Errors
///
/// As [`step`].
pub fn explanation_page(name: &str, explained: &Explained) -> Result<String, Failure> {
    let count = explained.steps.len();
    let steps_in_words = format!("{count} step{}", crate::failure::plural(count));
    let open = explained.open_cells();
    let report = &explained.report;
    let title = if open > 0 {
        format!(
            "{name}: {steps_in_words}, then search (no technique of the ladder applies with \
             {open} cells open)"
        )
    } else {
        format!(
            "{name}: ER {} EP {} ED {}, {steps_in_words}",
            report.er, report.ep, report.ed
        )
    };
    explain_page(&title, &steps(explained)?, &Style::default()).map_err(drawing_failure)
}

/// A puzzle drawn for a sheet or a picture: the puzzle, its solution when one was asked
/// for, and a remark that does not make it fail (several solutions, say).
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The puzzle.
    pub puzzle: Picture,
    /// The solution over the puzzle, when asked for.
    pub solution: Option<Picture>,
    /// A warning about the solution (one of several; uniqueness not settled).
    pub warning: Option<String>,
}

impl Worker {
    /// Draws `board`, and with `solved` its solution over it (found within `budget`, by the
    /// constraint engine for a puzzle with constraints; of several, the first found, with a
    /// warning).
    ///
    /// # Errors
    ///
    /// With `solved`, why there is no solution (clashing givens, no solution, the budget ran
    /// out).
    pub fn draw(&mut self, board: &Board, solved: bool, budget: Budget) -> Result<Drawn, Failure> {
        let puzzle = of_board(board);
        if !solved {
            return Ok(Drawn {
                puzzle,
                solution: None,
                warning: None,
            });
        }
        let found = self.solve(board, crate::engines::Algo::Mrv, true, budget);
        let (solution, warning) = found.any()?;
        Ok(Drawn {
            solution: Some(of_solution(board, solution)?),
            puzzle,
            warning,
        })
    }

    /// Draws a killer puzzle, and with `solved` its solution over it, as [`draw`](Worker::draw).
    ///
    /// # Errors
    ///
    /// As [`draw`](Worker::draw).
    pub fn draw_killer(
        &mut self,
        puzzle: &KillerPuzzle,
        solved: bool,
        budget: Budget,
    ) -> Result<Drawn, Failure> {
        let drawing = of_killer(puzzle)?;
        if !solved {
            return Ok(Drawn {
                puzzle: drawing,
                solution: None,
                warning: None,
            });
        }
        let found = self.solve_killer(puzzle, None, true, budget);
        let (solution, warning) = found.any()?;
        let solution = match solution {
            Solution::Grid(grid) => of_killer_solution(puzzle, grid)?,
            Solution::Sized(_) | Solution::Filled(_) => {
                return Err(Failure::new(
                    FailureKind::Internal,
                    "a killer solution that is not a 9x9 grid",
                ));
            }
        };
        Ok(Drawn {
            puzzle: drawing,
            solution: Some(solution),
            warning,
        })
    }
}

/// A printable sheet as a front end asks for it: the paper, puzzles and solutions a page,
/// whether solutions follow, a title and a line for a name and date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRequest {
    /// The paper. Default: A4.
    pub paper: Paper,
    /// Puzzles a page, one of [`Sheet::PER_PAGE`]. Default: 6.
    pub per_page: usize,
    /// Solutions a page, one of [`Sheet::PER_PAGE`]. Default: 12.
    pub solutions_per_page: usize,
    /// Whether the solutions follow the puzzles, on pages of their own. Default: true.
    pub solutions: bool,
    /// The heading of every page. Default: none.
    pub title: Option<String>,
    /// A line for a name and a date on the puzzle pages, as worksheets have. Default: false.
    pub name_line: bool,
}

impl Default for SheetRequest {
    fn default() -> SheetRequest {
        SheetRequest {
            paper: Paper::A4,
            per_page: 6,
            solutions_per_page: 12,
            solutions: true,
            title: None,
            name_line: false,
        }
    }
}

impl SheetRequest {
    /// An empty sheet laid out as asked.
    ///
    /// # Errors
    ///
    /// When a number a page is not one the layouts hold, in `front`'s words.
    pub fn sheet(&self, front: Front) -> Result<Sheet, UsageError> {
        per_page(self.per_page, Opt::PerPage, front)?;
        per_page(self.solutions_per_page, Opt::SolutionsPerPage, front)?;
        let mut sheet = Sheet::new(self.paper);
        sheet.per_page = self.per_page;
        sheet.solutions_per_page = self.solutions_per_page;
        sheet.title = self.title.clone();
        sheet.name_line = self.name_line;
        Ok(sheet)
    }

    /// The page, from 1, that puzzle `number` (from 1) of the sheet is on.
    pub fn page_of(&self, number: usize) -> usize {
        number.saturating_sub(1) / self.per_page.max(1) + 1
    }
}

/// Checks a number of boards a page (`opt`: puzzles or solutions) against the layouts.
///
/// # Errors
///
/// When no layout holds `count` boards: the message lists those that do.
pub fn per_page(count: usize, opt: Opt, front: Front) -> Result<usize, UsageError> {
    if Sheet::PER_PAGE.contains(&count) {
        return Ok(count);
    }
    let counts: Vec<String> = Sheet::PER_PAGE.iter().map(usize::to_string).collect();
    let (last, rest) = counts.split_last().expect("layouts");
    Err(UsageError::new(format!(
        "{} must be {} or {last} (the layouts of a page), got {count}",
        front.name(opt),
        rest.join(", ")
    )))
}

impl Choice for Paper {
    const ALL: &'static [Paper] = &[Paper::A4, Paper::Letter];
    const OPT: Opt = Opt::Paper;

    fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            Paper::A4 => "A4, 210 x 297 mm",
            Paper::Letter => "US Letter, 8.5 x 11 in",
        }
    }
}

/// The font PNG and PDF draw text with (DejaVu Sans where installed).
///
/// # Errors
///
/// When no font is installed: the message says how to install one. Front ends call it
/// before a run of PNG or PDF pictures, so that the problem is told once.
#[cfg(any(feature = "png", feature = "pdf"))]
pub fn installed_font() -> Result<&'static str, Failure> {
    sudoku_render::installed_font().map_err(drawing_failure)
}

/// The picture as PNG, `cell` pixels a cell.
///
/// # Errors
///
/// When the image would be too large (16,384 pixels on a side at most), the size is not
/// positive, or no font is installed for its text.
#[cfg(feature = "png")]
pub fn png(picture: &Picture, cell: u32) -> Result<Vec<u8>, Failure> {
    // The renderer's cells are 50 units wide.
    picture.to_png(cell as f32 / 50.0).map_err(drawing_failure)
}

/// The failure of a picture that cannot be drawn.
pub fn drawing_failure(err: RenderError) -> Failure {
    Failure::new(FailureKind::NotDrawn, err.to_string())
}

impl From<RenderError> for Failure {
    fn from(err: RenderError) -> Failure {
        drawing_failure(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::Algo;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn layouts_are_checked_in_the_front_ends_words() {
        assert_eq!(per_page(6, Opt::PerPage, Front::Cli), Ok(6));
        assert_eq!(
            per_page(5, Opt::PerPage, Front::Cli)
                .unwrap_err()
                .to_string(),
            "--per-page must be 1, 2, 4, 6, 8, 9, 12, 16 or 20 (the layouts of a page), got 5"
        );
        let request = SheetRequest {
            solutions_per_page: 7,
            ..SheetRequest::default()
        };
        assert!(
            request
                .sheet(Front::Python)
                .unwrap_err()
                .to_string()
                .starts_with("solutions_per_page must be")
        );
        assert_eq!(SheetRequest::default().page_of(6), 1);
        assert_eq!(SheetRequest::default().page_of(7), 2);
    }

    #[test]
    fn a_position_shows_its_digits_and_marks() {
        let board: Board = EASY.parse().unwrap();
        let Board::Classic { grid, .. } = &board else {
            unreachable!()
        };
        let mut marks = sudoku_core::Candidates::from_grid(grid);
        marks.remove(2, 1);
        let position: Board = marks.to_string().parse().unwrap();
        let svg = of_board(&position).to_svg();
        // r1c3 keeps its candidates but 1; r1c1's 5 is a digit.
        assert!(svg.contains(">5</text>"));
        assert!(svg.contains("class=\"pencil\""), "{svg}");
    }

    /// The texts of the SVG group of `class` (`given`, `placed`).
    fn texts(svg: &str, class: &str) -> usize {
        svg.find(&format!("<g class=\"{class}\""))
            .map_or(0, |start| {
                let group = &svg[start..];
                group[..group.find("</g>").unwrap()]
                    .matches("<text")
                    .count()
            })
    }

    #[test]
    fn a_solution_tells_its_givens_from_the_digits_found() {
        let board: Board = EASY.parse().unwrap();
        let mut worker = Worker::new(Front::Cli);
        let drawn = worker.draw(&board, true, Budget::UNLIMITED).unwrap();
        assert_eq!(texts(&drawn.puzzle.to_svg(), "given"), 30);
        assert_eq!(texts(&drawn.puzzle.to_svg(), "placed"), 0);
        let solution = drawn.solution.unwrap().to_svg();
        assert_eq!(texts(&solution, "given"), 30);
        assert_eq!(texts(&solution, "placed"), 51);
        // A solution of another puzzle is refused, naming the cell.
        let other: Board = format!("9{}", &EASY[1..]).parse().unwrap();
        let found = worker.solve(&board, Algo::Mrv, false, Budget::UNLIMITED);
        let (solution, _) = found.any().unwrap();
        let err = of_solution(&other, solution).unwrap_err();
        assert_eq!(err.kind(), FailureKind::NotDrawn);
        assert!(err.message().contains("r1c1"), "{}", err.message());
    }

    #[test]
    fn a_killer_shows_every_cage_sum() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../benchdata/killer.jsonl"
        ))
        .unwrap();
        let line = text
            .lines()
            .find(|line| line.contains("\"cages\""))
            .unwrap();
        let puzzle = crate::parse_killer(line).unwrap();
        let svg = of_killer(&puzzle).unwrap().to_svg();
        for cage in puzzle.cages() {
            assert!(
                svg.contains(&format!(">{}</text>", cage.sum)),
                "{}",
                cage.sum
            );
        }
        let mut worker = Worker::new(Front::Cli);
        let drawn = worker
            .draw_killer(&puzzle, true, Budget::UNLIMITED)
            .unwrap();
        assert_eq!(texts(&drawn.solution.unwrap().to_svg(), "placed"), 81);
    }

    #[test]
    fn each_step_is_drawn_on_the_position_before_it() {
        let board: Board = EASY.parse().unwrap();
        let mut worker = Worker::new(Front::Cli);
        let explained = worker.explain(&board, Budget::UNLIMITED).unwrap();
        let pictures = steps(&explained).unwrap();
        assert_eq!(pictures.len(), explained.steps.len());
        let first = &explained.steps[0].step;
        assert_eq!(pictures[0].placements, first.placements);
        assert_eq!(pictures[0].eliminations, first.eliminations);
        assert!(pictures[0].caption().contains(&first.name.to_string()));
        // The last step's position holds the digits every earlier step placed.
        let placed: usize = explained.steps[..explained.steps.len() - 1]
            .iter()
            .map(|step| step.step.placements.len())
            .sum();
        let last = pictures.last().unwrap().picture().unwrap().to_svg();
        assert_eq!(texts(&last, "placed"), placed);
    }

    /// A puzzle with constraints, read as the front ends read it (an f-puzzles line of
    /// benchdata), is drawn with them, and its solution found by the constraint engine.
    #[test]
    fn a_variant_puzzle_is_drawn_with_its_constraints_and_solved() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../benchdata/variants_thermo.jsonl"
        ))
        .unwrap();
        let board = Board::parse(text.lines().nth(1).unwrap(), Front::Cli).unwrap();
        let Board::Constraint(puzzle) = &board else {
            panic!("{}", board.describe())
        };
        let thermometers = puzzle.constraints().len();
        assert!(thermometers > 0);
        let mut worker = Worker::new(Front::Cli);
        let drawn = worker.draw(&board, true, Budget::UNLIMITED).unwrap();
        // A bulb a thermometer, in the thermometers' grey.
        let bulbs = r##"r="20" fill="#cfcfcf""##;
        assert_eq!(drawn.puzzle.to_svg().matches(bulbs).count(), thermometers);
        let solution = drawn.solution.unwrap().to_svg();
        assert_eq!(solution.matches(bulbs).count(), thermometers);
        let givens = puzzle.givens().iter().filter(|&&d| d != 0).count();
        assert_eq!(texts(&solution, "given"), givens);
        assert_eq!(texts(&solution, "placed"), 81 - givens);
    }

    /// An empty board has no text: its PNG needs no font, wherever the tests run.
    #[cfg(feature = "png")]
    #[test]
    fn png_cells_have_the_size_asked_for() {
        let empty = of_board(&Board::classic(Grid::EMPTY));
        let width = |cell| {
            let png = png(&empty, cell).unwrap();
            assert!(png.starts_with(b"\x89PNG"));
            u32::from_be_bytes(png[16..20].try_into().unwrap())
        };
        assert_eq!(width(100), 2 * width(50));
        assert!(width(50) >= 9 * 50);
        assert_eq!(png(&empty, 0).unwrap_err().kind(), FailureKind::NotDrawn);
    }
}
