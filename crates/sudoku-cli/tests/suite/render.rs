//! `sudoku render`, `sudoku killer render` and `solve --explain --html`: pictures on standard
//! output, in a folder, in one file, on a PDF sheet; the step-through page; and every way the
//! options can disagree.
//!
//! The tests that write PNG or PDF need an installed font: they are ignored by plain `cargo
//! test`, and `cargo xtask ci` runs them in its release step, where each reports itself
//! skipped when no font is installed.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::*;

/// The texts of the SVG group of `class` (`given`, `placed`), in order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let Some(start) = svg.find(&format!("<g class=\"{class}\"")) else {
        return Vec::new();
    };
    let group = &svg[start..];
    all_texts(&group[..group.find("</g>").unwrap()])
}

/// Every text of an SVG, in order.
fn all_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|piece| {
            let text = &piece[piece.find('>').unwrap() + 1..];
            text[..text.find("</text>").unwrap()].to_string()
        })
        .collect()
}

/// The digits of an 81-character line, in order, as texts.
fn digits(line: &str) -> Vec<String> {
    line.chars()
        .filter(char::is_ascii_digit)
        .filter(|&c| c != '0')
        .map(String::from)
        .collect()
}

/// A fresh, empty folder of the system's temporary directory, of this call alone (tests run
/// in parallel, and several ask for the font probe's).
fn temp_dir(name: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sudoku-cli-{}-{call}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether a font is installed for PNG and PDF: the renderer's choice, asked of a PNG of the
/// binary; when none is, reports the running test skipped.
fn font_installed() -> bool {
    let dir = temp_dir("font-probe");
    let out = dir.join("probe.png");
    let output = sudoku(
        &["render", "-o", out.to_str().unwrap()],
        format!("{EASY}\n").as_bytes(),
    );
    if output.status.success() {
        return true;
    }
    let stderr = text(&output.stderr);
    assert!(stderr.contains("no font is installed"), "{stderr}");
    let thread = std::thread::current();
    let _ = writeln!(
        std::io::stdout().lock(),
        "{}{}: needs an installed font (as root `apt-get install fonts-dejavu-core`, which \
         .ci/run does)",
        sudoku_testing::SKIPPED,
        thread.name().unwrap_or("render")
    );
    false
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn each_puzzle_is_one_svg_line_and_a_bad_one_a_placeholder() {
    let input = format!("{EASY}\n{}\n{ESCARGOT}\n", &EASY[1..]);
    let output = sudoku(&["render"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let records: Vec<&str> = stdout.lines().collect();
    assert_eq!(records.len(), 3, "{stdout}");
    assert_eq!(records[1], "malformed");
    for (record, puzzle) in [(records[0], EASY), (records[2], ESCARGOT)] {
        assert!(record.starts_with("<svg") && record.ends_with("</svg>"));
        // Every given once, in the givens' group, in reading order; nothing placed.
        assert_eq!(texts(record, "given"), digits(puzzle));
        assert!(texts(record, "placed").is_empty());
    }
    assert_eq!(
        text(&output.stderr),
        "<stdin>:2: found 80 cells, expected 81\n"
    );
}

#[test]
fn solved_pictures_tell_givens_from_the_digits_found() {
    let output = sudoku(&["render", "--solved", EASY], b"");
    assert_eq!(output.status.code(), Some(0));
    let svg = text(&output.stdout);
    assert_eq!(svg.lines().count(), 1);
    assert_eq!(texts(&svg, "given"), digits(EASY));
    let placed: String = texts(&svg, "placed").concat();
    let expected: String = EASY
        .chars()
        .zip(EASY_SOLUTION.chars())
        .filter(|&(given, _)| given == '.')
        .map(|(_, digit)| digit)
        .collect();
    assert_eq!(placed, expected);
    // A puzzle with two solutions is drawn with the first found, and a warning.
    let output = sudoku(&["render", "--solved", TWO], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output.stderr).contains("warning: several solutions"));
    // One without a solution fails, as solve says.
    let none = format!("11{}", &EASY[2..]);
    let output = sudoku(&["render", "--solved", &none], b"");
    assert_eq!(text(&output.stdout), "clash\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn every_size_variant_and_pencil_mark_position_is_drawn() {
    let sixteen = std::fs::read_to_string(workspace_file("benchdata/size16.txt")).unwrap();
    let sixteen = sixteen
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .unwrap();
    let jigsaw = std::fs::read_to_string(workspace_file("benchdata/jigsaw.jsonl")).unwrap();
    let jigsaw = jigsaw.lines().find(|line| line.starts_with('{')).unwrap();
    let mut marks = sudoku_core::Candidates::from_grid(&EASY.parse().unwrap());
    marks.remove(2, 1);
    let input = format!("{sixteen}\n{jigsaw}\n{marks}\n");
    let output = sudoku(&["render"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let records: Vec<&str> = stdout.lines().collect();
    assert_eq!(records.len(), 3);
    // 16 cells of 50 and a frame of 3 on each side.
    assert!(records[0].starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="806""#));
    let givens16 = sixteen
        .split_whitespace()
        .next()
        .unwrap()
        .chars()
        .filter(|&c| c != '.')
        .count();
    assert_eq!(texts(records[0], "given").len(), givens16);
    assert!(records[1].contains("<svg") && texts(records[1], "given").len() > 10);
    // The position: its digits (the cells of one candidate: the givens and the naked
    // singles), and the candidates of its other cells.
    let singles: Vec<String> = (0..81)
        .filter_map(|cell| marks.get(cell)?.single())
        .map(|digit| digit.to_string())
        .collect();
    assert!(singles.len() > digits(EASY).len());
    assert_eq!(texts(records[2], "given"), singles);
    assert!(records[2].contains(r#"class="pencil""#));
}

#[test]
fn a_folder_gets_a_file_per_puzzle_named_by_its_place() {
    let dir = temp_dir("render-folder");
    let out = format!("{}/", path(&dir.join("pictures")));
    let input = format!("{EASY}\nnot a puzzle\n{ESCARGOT}\n");
    let output = sudoku(&["render", "-o", &out], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let first = dir.join("pictures/puzzle-0001.svg");
    let third = dir.join("pictures/puzzle-0003.svg");
    assert_eq!(
        text(&output.stdout),
        format!("{}\nmalformed\n{}\n", path(&first), path(&third))
    );
    let svg = std::fs::read_to_string(&third).unwrap();
    assert_eq!(texts(&svg, "given"), digits(ESCARGOT));
    assert!(!dir.join("pictures/puzzle-0002.svg").exists());
    // Parts of a run name their files by their place in the whole input.
    let file = temp_file(
        "render-shard.txt",
        format!("{EASY}\n{ESCARGOT}\n").as_bytes(),
    );
    let out = format!("{}/", path(&dir.join("shard")));
    let output = sudoku(&["render", "--shard", "2/2", "-o", &out, path(&file)], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(dir.join("shard/puzzle-0002.svg").exists());
    assert!(!dir.join("shard/puzzle-0001.svg").exists());
}

#[test]
fn one_file_holds_the_first_picture_and_refuses_the_next() {
    let dir = temp_dir("render-one");
    let out = dir.join("grid.svg");
    let input = format!("{}\n{EASY}\n{ESCARGOT}\n", &EASY[1..]);
    let output = sudoku(&["render", "-o", path(&out)], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stdout),
        format!("malformed\n{}\nnot drawn\n", path(&out))
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.ends_with(&format!(
            "<stdin>:3: -o {} holds one puzzle's picture: name a folder (-o DIR/) for one \
             per puzzle\n",
            path(&out)
        )),
        "{stderr}"
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(texts(&svg, "given"), digits(EASY));
}

#[test]
fn options_that_do_not_fit_together_are_usage_errors() {
    let dir = temp_dir("render-usage");
    let pdf = path(&dir.join("book.pdf")).to_string();
    let png = path(&dir.join("grid.png")).to_string();
    let txt = path(&dir.join("grid.txt")).to_string();
    let cases: [(&[&str], &str); 9] = [
        (&["--format", "png"], "PNG images are binary: name a file"),
        (
            &["--format", "pdf"],
            "a PDF sheet is a file: name it (-o SHEET.pdf)",
        ),
        (
            &["-o", &txt],
            "name a folder (ending in /) for a file per puzzle",
        ),
        (&["--format", "svg", "-o", &png], "--format svg and -o"),
        (
            &["--per-page", "4"],
            "lay out a PDF sheet: add -o SHEET.pdf",
        ),
        (&["--no-solutions"], "lay out a PDF sheet: add -o SHEET.pdf"),
        (&["--solved", "-o", &pdf], "--solved is for single pictures"),
        (&["--cell-size", "20"], "--cell-size sizes PNG images"),
        (
            &["--per-page", "5", "-o", &pdf],
            "--per-page must be 1, 2, 4, 6, 8, 9, 12, 16 or 20 (the layouts of a page), got 5",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["render"];
        all.extend_from_slice(args);
        let output = sudoku(&all, EASY.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(text(&output.stdout).is_empty(), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    assert!(!dir.join("book.pdf").exists() && !dir.join("grid.png").exists());
    // --html goes with --explain.
    let output = sudoku(&["solve", "--html", &txt, EASY], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--explain"));
}

/// Without any font, a PNG is refused before any puzzle is read, saying how to install one
/// (the renderer reads fonts where fontconfig's configuration says: here, an empty folder).
#[cfg(target_os = "linux")]
#[test]
fn without_a_font_png_and_pdf_say_how_to_install_one() {
    let dir = temp_dir("render-no-font");
    let empty = dir.join("fonts");
    std::fs::create_dir_all(&empty).unwrap();
    let config = dir.join("fonts.conf");
    std::fs::write(
        &config,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir></fontconfig>\n",
            path(&empty)
        ),
    )
    .unwrap();
    for out in ["grid.png", "book.pdf"] {
        let out = dir.join(out);
        let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["render", "-o", path(&out), EASY])
            .env("FONTCONFIG_FILE", &config)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stdout).is_empty());
        assert_eq!(
            text(&output.stderr),
            "sudoku: no font is installed to draw the picture's digits and text in PNG or \
             PDF: install one (Debian and Ubuntu: `apt-get install fonts-dejavu-core`; \
             Fedora: `dnf install dejavu-sans-fonts`; or copy a .ttf file into \
             ~/.local/share/fonts)\n"
        );
        assert!(!out.exists());
    }
    // SVG needs no font: the browser draws the text.
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["render", EASY])
        .env("FONTCONFIG_FILE", &config)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
}

#[test]
#[ignore = "needs an installed font; cargo xtask ci runs it"]
fn png_pictures_are_sized_by_their_cells() {
    if !font_installed() {
        return;
    }
    let dir = temp_dir("render-png");
    let width = |png: &[u8]| u32::from_be_bytes(png[16..20].try_into().unwrap());
    let out = dir.join("grid.png");
    let output = sudoku(&["render", "-o", path(&out), EASY], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), format!("{}\n", path(&out)));
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    // Nine cells of 50 pixels and a frame of 3 on each side.
    assert_eq!(width(&png), 456);
    let folder = format!("{}/", path(&dir.join("small")));
    let output = sudoku(
        &[
            "render",
            "--format",
            "png",
            "--cell-size",
            "20",
            "-o",
            &folder,
            EASY,
            ESCARGOT,
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in ["puzzle-0001.png", "puzzle-0002.png"] {
        let png = std::fs::read(dir.join("small").join(name)).unwrap();
        assert_eq!(width(&png), (456.0f32 * 0.4).ceil() as u32, "{name}");
    }
}

/// The number of pages of a PDF, read from its page tree.
fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
#[ignore = "needs an installed font; cargo xtask ci runs it"]
fn a_sheet_numbers_its_puzzles_and_follows_them_with_their_solutions() {
    if !font_installed() {
        return;
    }
    let dir = temp_dir("render-sheet");
    let book = dir.join("book.pdf");
    let easy = std::fs::read_to_string(workspace_file("benchdata/easy.txt")).unwrap();
    let mut puzzles: Vec<&str> = easy
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(7)
        .collect();
    puzzles.insert(2, "not a puzzle");
    let input = format!("{}\n", puzzles.join("\n"));
    let output = sudoku(
        &[
            "render",
            "-o",
            path(&book),
            "--per-page",
            "4",
            "--title",
            "Week 1",
        ],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    // Seven puzzles drawn, four a page; the bad one is left out of the numbering.
    let at = |page: usize, number: usize| format!("{}#page={page}\t{number}", path(&book));
    let expected = [
        at(1, 1),
        at(1, 2),
        "malformed".to_string(),
        at(1, 3),
        at(1, 4),
        at(2, 5),
        at(2, 6),
        at(2, 7),
    ];
    assert_eq!(text(&output.stdout), format!("{}\n", expected.join("\n")));
    let pdf = std::fs::read(&book).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // Two pages of puzzles, one of their seven solutions (twelve a page).
    assert_eq!(pages(&pdf), 3);
    assert!(String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 595.27"));
    // Without solutions, on Letter: the puzzle pages alone.
    let letter = dir.join("letter.pdf");
    let output = sudoku(
        &[
            "render",
            "-o",
            path(&letter),
            "--paper",
            "letter",
            "--no-solutions",
            "--per-page",
            "4",
        ],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let pdf = std::fs::read(&letter).unwrap();
    assert_eq!(pages(&pdf), 2);
    assert!(String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 612 792"));
}

/// A killer line of benchdata/killer.jsonl.
fn killer_line() -> String {
    let text = std::fs::read_to_string(workspace_file("benchdata/killer.jsonl")).unwrap();
    text.lines()
        .find(|line| line.contains("\"cages\""))
        .unwrap()
        .to_string()
}

#[test]
fn killer_puzzles_are_drawn_with_their_cages_and_sums() {
    let line = killer_line();
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    let cages = json["cages"].as_array().unwrap();
    let output = sudoku(&["killer", "render"], format!("{line}\n").as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let svg = text(&output.stdout);
    assert_eq!(svg.lines().count(), 1);
    // One dashed outline per cage, its sum written once (no givens: the sums are the texts).
    assert_eq!(svg.matches("stroke-dasharray").count(), cages.len());
    let mut sums: Vec<String> = cages.iter().map(|c| c["sum"].to_string()).collect();
    let mut labels = all_texts(&svg);
    sums.sort();
    labels.sort();
    assert_eq!(labels, sums);
    // Solved: the 81 digits of its solution, all found.
    let output = sudoku(
        &["killer", "render", "--solved"],
        format!("{line}\n").as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(texts(&text(&output.stdout), "placed").len(), 81);
    // A killer handed to `render` is no classic puzzle.
    let output = sudoku(&["render"], format!("{line}\n").as_bytes());
    assert_eq!(text(&output.stdout), "malformed\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn solve_explain_html_writes_the_step_through_page() {
    let dir = temp_dir("render-html");
    let page = dir.join("page.html");
    let output = sudoku(&["solve", "--explain", "--html", path(&page), EASY], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // The record is the usual explained block: the steps, the rating, the solution.
    let stdout = text(&output.stdout);
    assert!(stdout.ends_with(&format!("{EASY_SOLUTION}\n\n")));
    let steps = stdout
        .lines()
        .filter(|line| {
            line.split(". ")
                .next()
                .is_some_and(|n| n.parse::<usize>().is_ok())
        })
        .count();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains(&format!("Step 1 of {steps}")));
    assert!(html.contains(&format!("id=\"step-{steps}\"")));
    assert!(!html.contains(&format!("id=\"step-{}\"", steps + 1)));
    assert!(html.contains("<title>&lt;argument 1&gt;:1: ER "));
    // Several puzzles and one page: the first gets it, the next fails with the reason.
    let output = sudoku(
        &["solve", "--explain", "--html", path(&page), EASY, ESCARGOT],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).ends_with("not drawn\n\n"));
    assert!(text(&output.stderr).contains(&format!(
        "<argument 2>:1: --html {} holds one puzzle's page: name a folder (--html DIR/) for \
         one per puzzle",
        path(&page)
    )));
    // A folder: a page per puzzle, named by its place.
    let pages = format!("{}/", path(&dir.join("pages")));
    let output = sudoku(
        &["solve", "--explain", "--html", &pages, EASY, ESCARGOT],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in ["puzzle-0001.html", "puzzle-0002.html"] {
        let html = std::fs::read_to_string(dir.join("pages").join(name)).unwrap();
        assert!(html.contains("Step 1 of"), "{name}");
    }
}
