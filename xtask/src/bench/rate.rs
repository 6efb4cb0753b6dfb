//! `cargo xtask bench --mode rate`: ratings on Sudoku Explainer's scale (ER, EP, ED) by
//! sudoku-gen, timed beside Sudoku Explainer itself when it is there (see [`explainer`]).
//!
//! Per set: a warm-up pass of each side (sudoku-gen first, so that a puzzle it cannot rate
//! stops the run before the JVM starts; SE's JIT makes its second pass over a file about 1.5
//! times as fast as its first, so its first is not a fair figure), then `--passes` rounds
//! (default 3), SE first in odd rounds and sudoku-gen first in even ones, so that drift of a
//! shared machine falls on both. One JVM serves the whole set. A puzzle's time is the median
//! over the rounds: for sudoku-gen the clock around `sudoku_gen::rate_within` (what `sudoku rate
//! --scale se` runs), for SE the time between its output lines, read as they come (its own
//! `%e` counts 10 ms, so it is kept only as a total beside). Figures by band of ER (below 7, 7
//! to 8.9, 9 and up) and over the set: medians and totals of each side and their ratios.
//!
//! Every rating of every pass, warm-up included, is checked: sudoku-gen's must equal SE's
//! and, where the file gives ratings after a puzzle (`<puzzle> <ER> <EP> <ED>`), the file's.
//! A difference is a `WRONG` line and fails the run.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sudoku_core::{Budget, PuzzleReader};
use sudoku_gen::{Difficulty, Grid};

use super::args::BenchArgs;
use super::explainer::{self, Rated, Serate, Setup};
use super::report::{display_path, micros, write_json};
use crate::workspace_root;

/// The longest either side may take on one puzzle.
const LIMIT: Duration = Duration::from_secs(600);

/// Rounds after the warm-up, unless `--passes` says otherwise (`--quick`: one).
const ROUNDS: usize = 3;

/// The bands of the report, by ER.
pub(crate) const BANDS: [&str; 3] = ["ER below 7", "ER 7 to 8.9", "ER 9 and up"];

/// The band of an ER rating: an index into [`BANDS`].
pub(crate) fn band(er: Difficulty) -> usize {
    match er.tenths() {
        0..=69 => 0,
        70..=89 => 1,
        _ => 2,
    }
}

/// The set `--mode rate` runs without `--data`: the generator's puzzles with SE's ratings.
pub(crate) fn default_set() -> PathBuf {
    workspace_root().join("crates/sudoku-gen/tests/se_rated.txt")
}

/// One puzzle of a set to rate.
#[derive(Clone, Debug)]
pub(crate) struct ToRate {
    pub(crate) line: usize,
    pub(crate) grid: Grid,
    /// The 81 characters SE is given.
    pub(crate) text: String,
    /// ER, EP and ED as the file gives them after the puzzle.
    pub(crate) file: Option<[Difficulty; 3]>,
}

/// Reads at most `limit` puzzles of `text` (any classic form of the puzzle reader; ratings
/// after a puzzle are kept).
pub(crate) fn parse(path: &Path, text: &str, limit: Option<usize>) -> Result<Vec<ToRate>, String> {
    let mut puzzles = Vec::new();
    for record in PuzzleReader::new(text.as_bytes()) {
        if limit.is_some_and(|n| puzzles.len() >= n) {
            break;
        }
        let record = record.map_err(|err| format!("{}: {err}", path.display()))?;
        if record.candidates.is_some() {
            return Err(format!(
                "{}: line {}: a position with pencil marks (Sudoku Explainer rates givens)",
                path.display(),
                record.line
            ));
        }
        let words: Vec<&str> = record.comment.split_whitespace().take(3).collect();
        let file = match words[..] {
            [er, ep, ed] => match (er.parse(), ep.parse(), ed.parse()) {
                (Ok(er), Ok(ep), Ok(ed)) => Some([er, ep, ed]),
                _ => None,
            },
            _ => None,
        };
        puzzles.push(ToRate {
            line: record.line,
            text: record.puzzle.to_string(),
            grid: record.puzzle,
            file,
        });
    }
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzles", path.display()));
    }
    Ok(puzzles)
}

/// The figures of one band (or of the whole set).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BandFigures {
    pub(crate) name: &'static str,
    pub(crate) puzzles: usize,
    pub(crate) median: Duration,
    pub(crate) total: Duration,
    /// SE's median, total, and the total of its own clock (`%e`), when it ran.
    pub(crate) se: Option<(Duration, Duration, f64)>,
}

/// The figures of the three bands and of the set: `bands[i]` is puzzle `i`'s band, `ours[i]`
/// its time here, `se` SE's time and own clock for each puzzle.
pub(crate) fn figures(
    bands: &[usize],
    ours: &[Duration],
    se: Option<(&[Duration], &[f64])>,
) -> Vec<BandFigures> {
    let names = BANDS.iter().copied().chain(["all"]);
    names
        .enumerate()
        .map(|(b, name)| {
            let picked: Vec<usize> = (0..bands.len())
                .filter(|&i| b == BANDS.len() || bands[i] == b)
                .collect();
            let summary = |times: &[Duration]| {
                let mut mine: Vec<Duration> = picked.iter().map(|&i| times[i]).collect();
                (median(&mut mine), mine.iter().sum::<Duration>())
            };
            let (median, total) = summary(ours);
            BandFigures {
                name,
                puzzles: picked.len(),
                median,
                total,
                se: se.map(|(times, own)| {
                    let (median, total) = summary(times);
                    (median, total, picked.iter().map(|&i| own[i]).sum())
                }),
            }
        })
        .collect()
}

/// The report of one set.
#[derive(Debug)]
pub(crate) struct SetReport {
    pub(crate) path: PathBuf,
    pub(crate) puzzles: usize,
    /// Puzzles whose ratings the file gives.
    pub(crate) in_file: usize,
    pub(crate) rounds: usize,
    /// SE's command line, or why it did not run.
    pub(crate) se: Result<String, String>,
    pub(crate) bands: Vec<BandFigures>,
    /// One line per rating that differs: file, line, pass, both ratings.
    pub(crate) wrong: Vec<String>,
}

/// Rates every set of `files` as `args` asks, with SE where the environment has it.
pub(crate) fn run(files: &[PathBuf], args: &BenchArgs) -> Result<(), String> {
    let rounds = args.passes.unwrap_or(if args.quick { 1 } else { ROUNDS });
    let se = explainer::locate(|name| std::env::var_os(name));
    if let Err(why) = &se {
        eprintln!("note: Sudoku Explainer skipped: {why}");
    }
    let mut reports = Vec::new();
    let mut wrong = 0;
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|err| format!("cannot read {}: {err}", file.display()))?;
        let puzzles = parse(file, &text, args.puzzle_limit())?;
        let report = rate_set(file, &puzzles, rounds, se.clone())?;
        print!("{}", table(&report));
        wrong += report.wrong.len();
        reports.push(report);
    }
    if let Some(path) = &args.json {
        write_json(path, &to_json(&reports))?;
    }
    if wrong > 0 {
        return Err(format!(
            "{wrong} rating(s) differ from Sudoku Explainer's or the file's: see WRONG lines above"
        ));
    }
    Ok(())
}

/// One pass of sudoku-gen: each puzzle's ratings and time.
fn our_pass(path: &Path, puzzles: &[ToRate]) -> Result<Vec<([Difficulty; 3], Duration)>, String> {
    puzzles
        .iter()
        .map(|p| {
            let started = Instant::now();
            let rating = sudoku_gen::rate_within(&p.grid, Budget::time(LIMIT));
            let elapsed = started.elapsed();
            let rating =
                rating.map_err(|err| format!("{}: line {}: {err}", path.display(), p.line))?;
            Ok(([rating.er, rating.ep, rating.ed], elapsed))
        })
        .collect()
}

fn show(ratings: [Difficulty; 3]) -> String {
    format!("{}/{}/{}", ratings[0], ratings[1], ratings[2])
}

/// Rates `puzzles` of `path`: a warm-up pass and `rounds` timed ones of each side; SE's side
/// only where `se` is a setup (its reason is reported otherwise).
pub(crate) fn rate_set(
    path: &Path,
    puzzles: &[ToRate],
    rounds: usize,
    se: Result<Setup, String>,
) -> Result<SetReport, String> {
    let n = puzzles.len();
    let name = display_path(path);
    let mut wrong = Vec::new();
    let mut differs = |i: usize, pass: &str, ours: [Difficulty; 3], who: &str, theirs| {
        if ours != theirs {
            let line = format!(
                "{name} line {} ({pass}): sudoku-gen rates it {} (ER/EP/ED), {who} {}",
                puzzles[i].line,
                show(ours),
                show(theirs)
            );
            eprintln!("WRONG {line}");
            wrong.push(line);
        }
    };
    eprintln!("{name}: {n} puzzles: warm-up pass of sudoku-gen");
    let warm = our_pass(path, puzzles)?;
    let ours_rated: Vec<[Difficulty; 3]> = warm.iter().map(|(r, _)| *r).collect();
    for (i, p) in puzzles.iter().enumerate() {
        if let Some(file) = p.file {
            differs(i, "warm-up", ours_rated[i], "the file", file);
        }
    }
    let mut serate = match &se {
        Ok(setup) => Some(Serate::start(setup)?),
        Err(_) => None,
    };
    let texts: Vec<String> = puzzles.iter().map(|p| p.text.clone()).collect();
    // times[i]: puzzle i's times over the rounds.
    let mut ours_times = vec![Vec::new(); n];
    let mut se_times = vec![Vec::new(); n];
    let mut se_own = vec![Vec::new(); n];
    let mut se_er = None;
    let se_pass = |serate: &mut Serate, pass: &str| -> Result<Vec<Rated>, String> {
        eprintln!("{name}: {pass}: Sudoku Explainer");
        let started = Instant::now();
        let rated = serate.pass(&texts, LIMIT)?;
        eprintln!("  {:.1} s", started.elapsed().as_secs_f64());
        Ok(rated)
    };
    if let Some(serate) = serate.as_mut() {
        let rated = se_pass(serate, "warm-up pass")?;
        for (i, r) in rated.iter().enumerate() {
            differs(
                i,
                "warm-up",
                ours_rated[i],
                "Sudoku Explainer",
                r.line.ratings,
            );
        }
        se_er = Some(rated.iter().map(|r| r.line.ratings[0]).collect::<Vec<_>>());
    }
    for round in 1..=rounds {
        let pass = format!("pass {round} of {rounds}");
        let se_first = round % 2 == 1;
        for side in 0..2 {
            if (side == 0) == se_first {
                if let Some(serate) = serate.as_mut() {
                    let rated = se_pass(serate, &pass)?;
                    for (i, r) in rated.into_iter().enumerate() {
                        differs(i, &pass, ours_rated[i], "Sudoku Explainer", r.line.ratings);
                        se_times[i].push(r.elapsed);
                        se_own[i].push(r.line.seconds);
                    }
                }
            } else {
                eprintln!("{name}: {pass}: sudoku-gen");
                let started = Instant::now();
                let rated = our_pass(path, puzzles)?;
                eprintln!("  {:.1} s", started.elapsed().as_secs_f64());
                for (i, (rating, elapsed)) in rated.into_iter().enumerate() {
                    differs(i, &pass, rating, "in the warm-up", ours_rated[i]);
                    ours_times[i].push(elapsed);
                }
            }
        }
    }
    drop(serate);
    // The band of each puzzle: by SE's ER, else the file's, else ours (all equal when right).
    let bands: Vec<usize> = (0..n)
        .map(|i| {
            let er = se_er
                .as_ref()
                .map(|er: &Vec<Difficulty>| er[i])
                .or(puzzles[i].file.map(|f| f[0]))
                .unwrap_or(ours_rated[i][0]);
            band(er)
        })
        .collect();
    let ours: Vec<Duration> = ours_times.iter_mut().map(|t| median(t)).collect();
    let se_figures = se.is_ok().then(|| {
        let times: Vec<Duration> = se_times.iter_mut().map(|t| median(t)).collect();
        let own: Vec<f64> = se_own
            .iter_mut()
            .map(|t| {
                t.sort_by(f64::total_cmp);
                t[(t.len() - 1) / 2]
            })
            .collect();
        (times, own)
    });
    let bands = figures(
        &bands,
        &ours,
        se_figures.as_ref().map(|(t, o)| (&t[..], &o[..])),
    );
    Ok(SetReport {
        path: path.to_path_buf(),
        puzzles: n,
        in_file: puzzles.iter().filter(|p| p.file.is_some()).count(),
        rounds,
        se: se.map(|setup| setup.command()),
        bands,
        wrong,
    })
}

fn median(times: &mut [Duration]) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    times[(times.len() - 1) / 2]
}

fn millis(time: Duration) -> f64 {
    time.as_secs_f64() * 1e3
}

/// SE's time over ours.
fn ratio(se: Duration, ours: Duration) -> String {
    if ours.is_zero() {
        return "-".into();
    }
    format!("{:.0}x", se.as_secs_f64() / ours.as_secs_f64())
}

/// The table of one set, with the lines that say how it was measured.
pub(crate) fn table(report: &SetReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{} ({} puzzles, {} with ratings in the file; mode rate: ER/EP/ED, 1 thread each)",
        display_path(&report.path),
        report.puzzles,
        report.in_file
    );
    let _ = writeln!(
        out,
        "  sudoku-gen: sudoku_gen::rate_within (as `sudoku rate --scale se`), in this process"
    );
    match &report.se {
        Ok(command) => {
            let _ = writeln!(out, "  Sudoku Explainer: one JVM for the set: {command}");
        }
        Err(why) => {
            let _ = writeln!(out, "  Sudoku Explainer: skipped: {why}");
        }
    }
    let _ = writeln!(
        out,
        "  a warm-up pass each, then {} round(s); a puzzle's time: its median over the rounds \
         (SE: between its output lines; SE %e: its own clock, in steps of 10 ms)",
        report.rounds
    );
    let _ = write!(
        out,
        "{:<12} {:>7} {:>14}  {:>12}",
        "band", "puzzles", "median ms", "total s"
    );
    if report.se.is_ok() {
        let _ = write!(
            out,
            " {:>14} {:>8} {:>12} {:>8} {:>9}",
            "SE median ms", "x median", "SE total s", "x total", "SE %e s"
        );
    }
    out.push('\n');
    for band in &report.bands {
        if band.puzzles == 0 {
            let _ = writeln!(out, "{:<12} {:>7}  (none)", band.name, 0);
            continue;
        }
        let _ = write!(
            out,
            "{:<12} {:>7} {:>14.3}  {:>12.3}",
            band.name,
            band.puzzles,
            millis(band.median),
            band.total.as_secs_f64()
        );
        if let Some((median, total, own)) = band.se {
            let _ = write!(
                out,
                " {:>14.3} {:>8} {:>12.3} {:>8} {:>9.2}",
                millis(median),
                ratio(median, band.median),
                total.as_secs_f64(),
                ratio(total, band.total),
                own
            );
        }
        out.push('\n');
    }
    let checked = match (&report.se, report.in_file) {
        (Ok(_), 0) => "Sudoku Explainer's in every pass",
        (Ok(_), _) => "Sudoku Explainer's in every pass, and the file's",
        (Err(_), 0) => "sudoku-gen's own in the warm-up (nothing else to check against)",
        (Err(_), _) => "the file's where it gives them, and the warm-up's in every pass",
    };
    if report.wrong.is_empty() {
        let _ = writeln!(out, "ratings: every one equal to {checked}");
    } else {
        let _ = writeln!(
            out,
            "ratings: {} WRONG (compared with {checked}): see the WRONG lines",
            report.wrong.len()
        );
    }
    out
}

/// Every figure as JSON.
pub(crate) fn to_json(reports: &[SetReport]) -> Value {
    json!({
        "mode": "rate",
        "sets": reports.iter().map(|r| json!({
            "file": display_path(&r.path),
            "puzzles": r.puzzles,
            "rated_in_file": r.in_file,
            "rounds": r.rounds,
            "sudoku_explainer": match &r.se {
                Ok(command) => json!({"command": command}),
                Err(why) => json!({"skipped": why}),
            },
            "bands": r.bands.iter().map(|b| {
                let mut band = json!({
                    "band": b.name,
                    "puzzles": b.puzzles,
                    "median_us": micros(b.median),
                    "total_s": b.total.as_secs_f64(),
                });
                if let Some((median, total, own)) = b.se.filter(|_| b.puzzles > 0) {
                    band["se_median_us"] = json!(micros(median));
                    band["se_total_s"] = json!(total.as_secs_f64());
                    band["se_own_total_s"] = json!(own);
                }
                band
            }).collect::<Vec<_>>(),
            "wrong": r.wrong,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::*;

    /// `std::env::var_os` with `name` hidden: SE's skip path, whatever the environment.
    fn without(name: &'static str) -> impl Fn(&str) -> Option<OsString> {
        move |var| (var != name).then(|| std::env::var_os(var)).flatten()
    }

    const P: &str =
        "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........";

    fn d(text: &str) -> Difficulty {
        text.parse().unwrap()
    }

    #[test]
    fn bands_split_at_7_and_9() {
        let bands: Vec<usize> = ["1.0", "6.9", "7.0", "8.9", "9.0", "11.9"]
            .iter()
            .map(|e| band(d(e)))
            .collect();
        assert_eq!(bands, [0, 0, 1, 1, 2, 2]);
        let ms = Duration::from_millis;
        let figures = figures(
            &[0, 0, 0, 2],
            &[ms(1), ms(3), ms(2), ms(10)],
            Some((&[ms(4), ms(5), ms(6), ms(100)], &[0.0, 0.01, 0.0, 0.1])),
        );
        let names: Vec<&str> = figures.iter().map(|f| f.name).collect();
        assert_eq!(names, [BANDS[0], BANDS[1], BANDS[2], "all"]);
        assert_eq!(
            figures.iter().map(|f| f.puzzles).collect::<Vec<_>>(),
            [3, 0, 1, 4]
        );
        assert_eq!((figures[0].median, figures[0].total), (ms(2), ms(6)));
        assert_eq!(figures[0].se, Some((ms(5), ms(15), 0.01)));
        assert_eq!((figures[1].median, figures[1].total), (ms(0), ms(0)));
        let report = SetReport {
            path: PathBuf::from("r.txt"),
            puzzles: 4,
            in_file: 0,
            rounds: 1,
            se: Ok("serate".into()),
            bands: figures.clone(),
            wrong: Vec::new(),
        };
        let shown = table(&report);
        assert!(shown.contains("ER 7 to 8.9        0  (none)\n"), "{shown}");
        assert!(!shown.contains("-0.00"), "{shown}");
        assert_eq!((figures[3].median, figures[3].total), (ms(2), ms(16)));
        assert_eq!(figures[3].se.map(|s| s.1), Some(ms(115)));
        assert_eq!(ratio(ms(115), ms(16)), "7x");
    }

    #[test]
    fn ratings_after_the_puzzle_are_read() {
        let text = format!("# SE ratings\n{P} 7.1 1.2 1.2 0.05s\n{P}\n{P} 7.1 x\n");
        let puzzles = parse(Path::new("r.txt"), &text, None).unwrap();
        assert_eq!(puzzles.len(), 3);
        assert_eq!(puzzles[0].line, 2);
        assert_eq!(puzzles[0].file, Some([d("7.1"), d("1.2"), d("1.2")]));
        assert_eq!(puzzles[0].text, P);
        assert_eq!((puzzles[1].file, puzzles[2].file), (None, None));
        assert_eq!(parse(Path::new("r.txt"), &text, Some(1)).unwrap().len(), 1);
        let err = parse(Path::new("r.txt"), "# nothing\n", None).unwrap_err();
        assert_eq!(err, "r.txt: no puzzles");
    }

    /// Without the jar the set is rated and timed here alone, the reason is in the table,
    /// and the file's ratings are checked: a wrong one is a WRONG line.
    #[test]
    fn without_sudoku_explainer_the_reason_is_printed_and_ratings_checked() {
        let se = explainer::locate(without(explainer::JAR_VAR));
        let text = format!("{P} 7.1 1.2 1.2\n{P} 7.2 1.2 1.2\n");
        let path = Path::new("r.txt");
        let puzzles = parse(path, &text, None).unwrap();
        let report = rate_set(path, &puzzles, 1, se).unwrap();
        let shown = table(&report);
        assert!(
            shown.contains("Sudoku Explainer: skipped: SUDOKU_SE_JAR is not set"),
            "{shown}"
        );
        assert!(!shown.contains("SE median"), "{shown}");
        assert_eq!(report.bands[1].puzzles, 2, "{shown}");
        assert_eq!(report.wrong.len(), 1, "{:?}", report.wrong);
        assert!(
            report.wrong[0].contains(
                "line 2 (warm-up): sudoku-gen rates it 7.1/1.2/1.2 (ER/EP/ED), the file 7.2/1.2/1.2"
            ),
            "{:?}",
            report.wrong
        );
        let json = to_json(&[report]);
        assert!(json["sets"][0]["sudoku_explainer"]["skipped"].is_string());
    }

    /// A puzzle with two solutions has no rating: the run stops, naming the line.
    #[test]
    fn a_puzzle_without_a_rating_is_an_error() {
        let text = format!("{P}\n{}\n", ".".repeat(81));
        let path = Path::new("r.txt");
        let puzzles = parse(path, &text, None).unwrap();
        let err = rate_set(path, &puzzles, 1, Err("absent".into())).unwrap_err();
        assert!(err.starts_with("r.txt: line 2: several solutions"), "{err}");
    }
}
