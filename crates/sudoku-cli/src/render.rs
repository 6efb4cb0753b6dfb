//! `sudoku render` and `sudoku killer render`: pictures of puzzles (SVG, PNG, a printable PDF
//! sheet), and where pictures and the pages of `solve --explain --html` go: standard
//! output, a folder, one file, or a sheet.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use sudoku_api::picture::{self, Drawn, Paper, Picture, Sheet, SheetRequest};
use sudoku_api::{
    Choice, Failure, FailureKind, Front, KillerReadError, Opt, Output, ReadError, Worker,
};

use crate::{Input, Limits, Reply, Summary, choices};

/// Where pictures and pages go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Standard output, one SVG document a line.
    Stdout,
    /// A folder: one file per puzzle, named after its place among the records
    /// (`puzzle-0001.svg`).
    Folder(PathBuf),
    /// One file, for one puzzle.
    File(PathBuf),
    /// A printable PDF sheet of every puzzle.
    Sheet(PathBuf),
}

impl Target {
    /// A folder when `path` ends with a slash or names one, else a file.
    fn of(path: &Path) -> Target {
        let text = path.to_string_lossy();
        if text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir() {
            Target::Folder(path.to_path_buf())
        } else {
            Target::File(path.to_path_buf())
        }
    }

    /// Makes the folder of a folder target (a failure is an I/O error: exit status 2).
    fn prepare(&self) -> io::Result<()> {
        if let Target::Folder(dir) = self {
            std::fs::create_dir_all(dir).map_err(|err| {
                io::Error::new(err.kind(), format!("cannot make {}: {err}", dir.display()))
            })?;
        }
        Ok(())
    }
}

/// What a worker made for the writer to put in its place, in input order.
pub(crate) struct Made {
    payload: Payload,
    /// The record when the writer cannot take it (a second picture for one file).
    refused: String,
}

enum Payload {
    /// A picture or a page, for one file.
    Bytes(Vec<u8>),
    /// A puzzle and its solution, for a sheet (boxed: pictures are large).
    Sheet(Box<(Picture, Option<Picture>)>),
}

/// Where the writer puts what the workers made, in input order: one file (the first
/// picture or page; a later one is refused) or a sheet (written when the run ends).
pub(crate) enum Gather {
    File {
        path: PathBuf,
        /// The option that named it and what it holds (`picture`, `page`), for the message
        /// that refuses a second one.
        option: &'static str,
        what: &'static str,
        /// Whether records name the file (pictures do; the records of `solve` stay
        /// solutions).
        named: bool,
        written: bool,
    },
    Sheet {
        path: PathBuf,
        request: SheetRequest,
        sheet: Box<Sheet>,
    },
}

impl Gather {
    /// Takes what a worker made: the text that leads its record, or why it was refused (and
    /// whether that is an I/O error).
    fn take(&mut self, payload: Payload) -> Result<String, (String, bool)> {
        match (self, payload) {
            (
                Gather::File {
                    path,
                    option,
                    what,
                    named,
                    written,
                },
                Payload::Bytes(bytes),
            ) => {
                if *written {
                    return Err((
                        format!(
                            "{option} {} holds one puzzle's {what}: name a folder ({option} \
                             DIR/) for one per puzzle",
                            path.display()
                        ),
                        false,
                    ));
                }
                write(path, &bytes).map_err(|err| (err, true))?;
                *written = true;
                Ok(if *named {
                    path.display().to_string()
                } else {
                    String::new()
                })
            }
            (
                Gather::Sheet {
                    path,
                    request,
                    sheet,
                },
                Payload::Sheet(pictures),
            ) => {
                let (puzzle, solution) = *pictures;
                sheet
                    .add(puzzle, solution)
                    .map_err(|err| (err.to_string(), false))?;
                let number = sheet.len();
                Ok(format!(
                    "{}#page={}\t{number}",
                    path.display(),
                    request.page_of(number)
                ))
            }
            _ => Err(("a picture for another destination".to_string(), false)),
        }
    }

    /// Writes the sheet, once every puzzle is in: a remark when there is none to write, an
    /// error (an I/O error) when it cannot be written.
    pub(crate) fn finish(self) -> Result<Option<String>, String> {
        let Gather::Sheet { path, sheet, .. } = self else {
            return Ok(None);
        };
        if sheet.is_empty() {
            return Ok(Some(format!(
                "{}: not written, no puzzle was drawn",
                path.display()
            )));
        }
        let pdf = sheet
            .to_pdf()
            .map_err(|err| format!("cannot make {}: {err}", path.display()))?;
        write(&path, &pdf).map(|()| None)
    }
}

/// Puts what a worker made in its place, and completes its reply: the record leads with
/// where it went, or becomes the placeholder, with the problem, when it was refused.
pub(crate) fn place(gather: Option<&mut Gather>, made: Made, reply: &mut Reply) {
    let taken = match gather {
        Some(gather) => gather.take(made.payload),
        None => Err(("nowhere to put a picture".to_string(), false)),
    };
    match taken {
        Ok(lead) => reply.stdout.insert_str(0, &lead),
        Err((problem, io_error)) => {
            reply.stdout = made.refused;
            reply.problem = Some(problem);
            reply.io_error = io_error;
        }
    }
}

/// Writes a file, in words when it fails.
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|err| format!("cannot write {}: {err}", path.display()))
}

/// What happened to a picture or page a worker made.
pub(crate) enum Delivered {
    /// Written, at this path.
    At(String),
    /// Handed to the writer.
    Later(Made),
    /// Not written: why (an I/O error).
    Failed(String),
}

/// Delivers the picture or page `bytes` of record `index` (from 0) to `target`: written
/// into a folder now, or handed to the writer for one file; `refused` is the record if the
/// writer cannot take it.
pub(crate) fn deliver(
    target: &Target,
    index: u64,
    extension: &str,
    bytes: Vec<u8>,
    refused: String,
) -> Delivered {
    match target {
        Target::Folder(dir) => {
            let path = dir.join(format!("puzzle-{:04}.{extension}", index + 1));
            match write(&path, &bytes) {
                Ok(()) => Delivered::At(path.display().to_string()),
                Err(err) => Delivered::Failed(err),
            }
        }
        _ => Delivered::Later(Made {
            payload: Payload::Bytes(bytes),
            refused,
        }),
    }
}

/// How pictures are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PictureFormat {
    /// SVG: scalable, for the web and documents.
    Svg,
    /// PNG: pixels, for chat and the web.
    Png,
    /// PDF: a printable sheet of every puzzle, and their solutions on later pages.
    Pdf,
}

impl PictureFormat {
    fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
            PictureFormat::Pdf => "pdf",
        }
    }
}

/// The options of `render` and `killer render`.
#[derive(Args, Debug)]
pub(crate) struct RenderArgs {
    #[command(flatten)]
    input: Input,
    #[command(flatten)]
    limits: Limits,
    /// The picture format: `svg`, `png` or `pdf` (a sheet). Default: the extension of -o,
    /// else svg.
    #[arg(long, value_enum)]
    format: Option<PictureFormat>,
    /// Where pictures go: a folder (ending in '/', or one that exists) for one file per
    /// puzzle (puzzle-0001.svg, ... numbered by the puzzle's place in the input); a .svg or
    /// .png file for one puzzle; a .pdf file for a printable sheet of every puzzle. Without
    /// it, each puzzle's SVG is one line of standard output.
    #[arg(long, short, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Draw each puzzle solved: its givens in black, the digits found in blue (within the
    /// time and node limits; of several solutions, the first found, with a warning).
    #[arg(long)]
    solved: bool,
    /// PNG only: the side of a cell in pixels, 8 to 400 (a 9x9 board is 9 cells and a
    /// frame). Default: 50.
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(8..=400))]
    cell_size: Option<u32>,
    #[command(flatten)]
    sheet: SheetArgs,
}

/// How a sheet is laid out.
#[derive(Args, Debug)]
struct SheetArgs {
    /// Sheet only: the paper. Default: a4.
    #[arg(long, value_parser = choices(<Paper as Choice>::ALL))]
    paper: Option<Paper>,
    /// Sheet only: puzzles a page, 1, 2, 4, 6, 8, 9, 12, 16 or 20. Default: 6.
    #[arg(long, value_name = "N", value_parser = parse_per_page)]
    per_page: Option<usize>,
    /// Sheet only: solutions a page, 1, 2, 4, 6, 8, 9, 12, 16 or 20. Default: 12.
    #[arg(long, value_name = "N", value_parser = parse_solutions_per_page)]
    solutions_per_page: Option<usize>,
    /// Sheet only: leave the solution pages out (nothing is solved).
    #[arg(long)]
    no_solutions: bool,
    /// Sheet only: a heading on every page.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// Sheet only: a line for a name and a date at the top of each puzzle page, as class
    /// worksheets have.
    #[arg(long)]
    name_line: bool,
}

impl SheetArgs {
    /// Whether any option of a sheet was given.
    fn any(&self) -> bool {
        self.paper.is_some()
            || self.per_page.is_some()
            || self.solutions_per_page.is_some()
            || self.no_solutions
            || self.title.is_some()
            || self.name_line
    }

    fn request(&self) -> SheetRequest {
        let default = SheetRequest::default();
        SheetRequest {
            paper: self.paper.unwrap_or(default.paper),
            per_page: self.per_page.unwrap_or(default.per_page),
            solutions_per_page: self
                .solutions_per_page
                .unwrap_or(default.solutions_per_page),
            solutions: !self.no_solutions,
            title: self.title.clone(),
            name_line: self.name_line,
        }
    }
}

fn parse_per_page(text: &str) -> Result<usize, String> {
    parse_layout(text, Opt::PerPage)
}

fn parse_solutions_per_page(text: &str) -> Result<usize, String> {
    parse_layout(text, Opt::SolutionsPerPage)
}

fn parse_layout(text: &str, opt: Opt) -> Result<usize, String> {
    let count: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of boards"))?;
    picture::per_page(count, opt, Front::Cli).map_err(|err| err.to_string())
}

/// What each puzzle of a run becomes.
struct Job {
    target: Target,
    format: PictureFormat,
    /// Whether each picture is the puzzle solved.
    solved: bool,
    /// Whether a sheet has solution pages.
    solutions: bool,
    cell: u32,
    budget: sudoku_api::Budget,
    stats: bool,
}

impl Job {
    /// The job the options ask for, after checking that they fit together.
    fn of(args: &RenderArgs) -> Result<(Job, Option<Gather>), String> {
        let format = args.format;
        // The target, and the format its file's extension implies.
        let (target, implied) = match &args.output {
            None => match format {
                None | Some(PictureFormat::Svg) => (Target::Stdout, None),
                Some(PictureFormat::Png) => {
                    return Err(
                        "PNG images are binary: name a file (-o grid.png) or a folder \
                                (-o DIR/)"
                            .into(),
                    );
                }
                Some(PictureFormat::Pdf) => {
                    return Err("a PDF sheet is a file: name it (-o SHEET.pdf)".into());
                }
            },
            Some(path) => match Target::of(path) {
                Target::File(path) => {
                    let extension = path
                        .extension()
                        .map(|e| e.to_string_lossy().to_lowercase())
                        .unwrap_or_default();
                    match extension.as_str() {
                        "pdf" => (Target::Sheet(path), Some(PictureFormat::Pdf)),
                        "svg" => (Target::File(path), Some(PictureFormat::Svg)),
                        "png" => (Target::File(path), Some(PictureFormat::Png)),
                        _ => {
                            return Err(format!(
                                "-o {}: name a folder (ending in /) for a file per puzzle, a \
                                 .svg or .png file for one puzzle, or a .pdf file for a sheet",
                                path.display()
                            ));
                        }
                    }
                }
                folder => (folder, None),
            },
        };
        let format = match (format, implied) {
            (Some(asked), Some(implied)) if asked != implied => {
                return Err(format!(
                    "--format {} and -o {} disagree: one of them is enough",
                    asked.extension(),
                    args.output.as_deref().unwrap_or(Path::new("")).display()
                ));
            }
            (Some(PictureFormat::Pdf), None) => {
                return Err("a PDF sheet is one file: name it (-o SHEET.pdf)".into());
            }
            (asked, implied) => asked.or(implied).unwrap_or(PictureFormat::Svg),
        };
        let sheet = matches!(target, Target::Sheet(_));
        if args.sheet.any() && !sheet {
            return Err(
                "--paper, --per-page, --solutions-per-page, --no-solutions, --title \
                        and --name-line lay out a PDF sheet: add -o SHEET.pdf"
                    .into(),
            );
        }
        if args.solved && sheet {
            return Err(
                "a sheet draws the solutions on pages of their own (--no-solutions \
                        leaves them out): --solved is for single pictures"
                    .into(),
            );
        }
        if args.cell_size.is_some() && format != PictureFormat::Png {
            return Err("--cell-size sizes PNG images: add --format png".into());
        }
        if format != PictureFormat::Svg {
            picture::installed_font().map_err(|failure| failure.message().to_string())?;
        }
        let request = args.sheet.request();
        let gather = match &target {
            Target::Sheet(path) => Some(Gather::Sheet {
                path: path.clone(),
                sheet: Box::new(request.sheet(Front::Cli).map_err(|err| err.to_string())?),
                request: request.clone(),
            }),
            Target::File(path) => Some(Gather::File {
                path: path.clone(),
                option: "-o",
                what: "picture",
                named: true,
                written: false,
            }),
            Target::Stdout | Target::Folder(_) => None,
        };
        let job = Job {
            target,
            format,
            solved: args.solved,
            solutions: sheet && request.solutions,
            cell: args.cell_size.unwrap_or(50),
            budget: args.limits.budget(),
            stats: args.input.stats,
        };
        Ok((job, gather))
    }

    /// Whether each puzzle is solved before it is drawn.
    fn solves(&self) -> bool {
        self.solved || self.solutions
    }

    /// The reply of one puzzle drawn (or why it could not be).
    fn reply(
        &self,
        source: Arc<str>,
        line: usize,
        index: u64,
        drawn: Result<Drawn, Failure>,
    ) -> Reply {
        let mut made = None;
        let mut io_error = false;
        let output = match drawn.and_then(|drawn| self.picture(drawn)) {
            Err(failure) => Output::failed(failure),
            Ok((picture, warning)) => {
                let mut output = match picture {
                    Drawing::Sheet(pictures) => {
                        made = Some(Made {
                            payload: Payload::Sheet(pictures),
                            refused: placeholder(false),
                        });
                        Output::ok("drawn", String::new())
                    }
                    // One line a picture: the document has no line break but its last.
                    Drawing::Svg(svg) if self.target == Target::Stdout => {
                        Output::ok("drawn", svg.trim_end().to_string())
                    }
                    Drawing::Svg(svg) => {
                        self.delivered(index, svg.into_bytes(), &mut made, &mut io_error)
                    }
                    Drawing::Png(png) => self.delivered(index, png, &mut made, &mut io_error),
                };
                output.warning = warning;
                output
            }
        };
        Reply {
            source,
            line,
            column: None,
            stdout: output.to_text(false, self.stats),
            problem: output.problem.map(|p| p.message().to_string()),
            warning: output.warning,
            stats: output.stats,
            made,
            io_error,
        }
    }

    /// The record of a picture delivered to a folder or handed to the writer.
    fn delivered(
        &self,
        index: u64,
        bytes: Vec<u8>,
        made: &mut Option<Made>,
        io_error: &mut bool,
    ) -> Output {
        match deliver(
            &self.target,
            index,
            self.format.extension(),
            bytes,
            placeholder(false),
        ) {
            Delivered::At(path) => Output::ok("drawn", path),
            Delivered::Later(later) => {
                *made = Some(later);
                Output::ok("drawn", String::new())
            }
            Delivered::Failed(problem) => {
                *io_error = true;
                Output::failed(Failure::new(FailureKind::NotDrawn, problem))
            }
        }
    }

    /// What a drawn puzzle becomes in this job's format, with its warning.
    fn picture(&self, drawn: Drawn) -> Result<(Drawing, Option<String>), Failure> {
        let Drawn {
            puzzle,
            solution,
            warning,
        } = drawn;
        if matches!(self.target, Target::Sheet(_)) {
            return Ok((Drawing::Sheet(Box::new((puzzle, solution))), warning));
        }
        let picture = match solution {
            Some(solution) if self.solved => solution,
            _ => puzzle,
        };
        let drawing = match self.format {
            PictureFormat::Png => Drawing::Png(picture::png(&picture, self.cell)?),
            _ => Drawing::Svg(picture.to_svg()),
        };
        Ok((drawing, warning))
    }
}

/// A puzzle drawn in a job's format.
enum Drawing {
    Svg(String),
    Png(Vec<u8>),
    Sheet(Box<(Picture, Option<Picture>)>),
}

/// The record of a puzzle whose picture or page the writer could not take: the status word
/// (then a blank line after a block).
pub(crate) fn placeholder(block: bool) -> String {
    let mut output = Output::failed(Failure::new(FailureKind::NotDrawn, ""));
    output.block = block;
    output.to_text(false, false)
}

/// `render` (classic, sizes and variants, pencil marks) or `killer render`.
pub(crate) fn run(args: &RenderArgs, killer: bool) -> io::Result<Summary> {
    let usage = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
    let (job, gather) = Job::of(args).map_err(usage)?;
    job.target.prepare()?;
    let job = &job;
    if killer {
        crate::run_inputs(
            &args.input,
            |reader| Box::new(sudoku_api::read_killers(reader)),
            KillerReadError::is_io,
            KillerReadError::to_string,
            || Worker::new(Front::Cli),
            |worker, source, index, read| match read {
                Ok(record) => {
                    let drawn = worker.draw_killer(&record.puzzle, job.solves(), job.budget);
                    job.reply(source, record.line, index, drawn)
                }
                Err(err) => {
                    let mut reply = job.reply(
                        source,
                        err.line(),
                        index,
                        Err(sudoku_api::killer_read_failure(&err)),
                    );
                    reply.column = err.column();
                    reply
                }
            },
            gather,
        )
    } else {
        crate::run_inputs(
            &args.input,
            |reader| Box::new(sudoku_api::read_puzzles(reader)),
            ReadError::is_io,
            ReadError::to_string,
            || Worker::new(Front::Cli),
            |worker, source, index, read| match read {
                Ok(record) => {
                    let drawn = worker.draw(&record.board, job.solves(), job.budget);
                    job.reply(source, record.line, index, drawn)
                }
                Err(err) => {
                    let mut reply = job.reply(
                        source,
                        err.line(),
                        index,
                        Err(Failure::read(&err, Front::Cli)),
                    );
                    reply.column = err.column();
                    reply
                }
            },
            gather,
        )
    }
}

/// Where `solve --explain --html PATH` puts its pages: a folder, or one file.
pub(crate) fn pages(path: &Path) -> io::Result<(Target, Option<Gather>)> {
    let target = Target::of(path);
    target.prepare()?;
    let gather = match &target {
        Target::File(path) => Some(Gather::File {
            path: path.clone(),
            option: "--html",
            what: "page",
            named: false,
            written: false,
        }),
        _ => None,
    };
    Ok((target, gather))
}
