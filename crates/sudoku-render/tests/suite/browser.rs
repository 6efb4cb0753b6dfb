//! The pictures in a real browser: headless Chromium loads the SVGs and the explanation page,
//! the screenshots are compared with reviewed golden images (tests/golden/) within a pixel
//! tolerance, and the page is driven with its buttons and the arrow keys.
//!
//! These tests are ignored by plain `cargo test`; `cargo xtask ci` runs them in its release
//! step. Without Chromium and chromedriver each writes `skipped: TEST: needs ...` and returns,
//! and ci counts it as skipped. `SUDOKU_RENDER_GOLDEN=write` rewrites the golden images
//! (review them before committing); a failed comparison leaves the screenshot and a picture
//! of the differences in the target folder's `tmp/browser/`.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use resvg::tiny_skia::Pixmap;

use crate::gallery;
use crate::webdriver::{ARROW_LEFT, ARROW_RIGHT, END, HOME, Session, programs};

/// A pixel differs when a channel differs by more than this (of 255).
const PIXEL_TOLERANCE: u8 = 64;
/// An image matches when at most this share of its pixels differ (anti-aliasing and font
/// hinting move a few edge pixels between Chromium versions).
const SHARE_TOLERANCE: f64 = 0.005;

/// Where screenshots, differences and the pages under test are written.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A browser session, or `None` after reporting the running test skipped.
fn browser() -> Option<Session> {
    match programs() {
        Ok((browser, driver)) => Some(
            Session::start(&browser, &driver, 1100, 1100)
                .unwrap_or_else(|err| panic!("chromium is installed but does not start: {err}")),
        ),
        Err(what) => {
            let thread = std::thread::current();
            let _ = writeln!(
                std::io::stdout().lock(),
                "{}{}: needs {what}",
                sudoku_testing::SKIPPED,
                thread.name().unwrap_or("browser")
            );
            None
        }
    }
}

/// Compares a screenshot with the golden image `name`.png; `Err` says how far off it is.
fn matches_golden(name: &str, png: &[u8]) -> Result<(), String> {
    let golden_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"));
    let shot_path = scratch().join(format!("{name}.png"));
    std::fs::write(&shot_path, png).unwrap();
    if std::env::var("SUDOKU_RENDER_GOLDEN").is_ok_and(|v| v == "write") {
        std::fs::create_dir_all(golden_path.parent().unwrap()).unwrap();
        std::fs::write(&golden_path, png).unwrap();
        return Ok(());
    }
    let Ok(golden) = std::fs::read(&golden_path) else {
        return Err(format!(
            "{name}: no golden image; look at {} and write the goldens with \
             SUDOKU_RENDER_GOLDEN=write",
            shot_path.display()
        ));
    };
    let golden = Pixmap::decode_png(&golden).map_err(|err| format!("{name}: golden: {err}"))?;
    let shot = Pixmap::decode_png(png).map_err(|err| format!("{name}: screenshot: {err}"))?;
    if (golden.width(), golden.height()) != (shot.width(), shot.height()) {
        return Err(format!(
            "{name}: the screenshot is {}x{}, the golden image {}x{} (see {})",
            shot.width(),
            shot.height(),
            golden.width(),
            golden.height(),
            shot_path.display()
        ));
    }
    let mut diff = shot.clone();
    let mut differing = 0usize;
    for (i, (a, b)) in golden.pixels().iter().zip(shot.pixels()).enumerate() {
        let far = [
            a.red().abs_diff(b.red()),
            a.green().abs_diff(b.green()),
            a.blue().abs_diff(b.blue()),
            a.alpha().abs_diff(b.alpha()),
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        let marked = if far > PIXEL_TOLERANCE {
            differing += 1;
            resvg::tiny_skia::PremultipliedColorU8::from_rgba(255, 0, 0, 255)
        } else {
            resvg::tiny_skia::PremultipliedColorU8::from_rgba(255, 255, 255, 255)
        };
        diff.pixels_mut()[i] = marked.unwrap();
    }
    let share = differing as f64 / golden.pixels().len() as f64;
    if share > SHARE_TOLERANCE {
        let diff_path = scratch().join(format!("{name}-diff.png"));
        diff.save_png(&diff_path).unwrap();
        return Err(format!(
            "{name}: {differing} pixels ({:.2}%) differ from the golden image by more than \
             {PIXEL_TOLERANCE} (at most {:.1}% may): see {} and {}",
            share * 100.0,
            SHARE_TOLERANCE * 100.0,
            shot_path.display(),
            diff_path.display()
        ));
    }
    Ok(())
}

/// The pictures the browser is shown: a classic, its solution, a position, a 16x16, a
/// jigsaw, Sudoku X, a killer, every kind of element, an explanation step, and the variant
/// puzzles that between them hold every kind of constraint with a drawing.
const PICTURES: [&str; 21] = [
    "classic.svg",
    "classic-solved.svg",
    "position.svg",
    "size16.svg",
    "jigsaw.svg",
    "sudoku-x.svg",
    "killer.svg",
    "variants.svg",
    "step.svg",
    "variant-thermo.svg",
    "variant-arrow-kropki.svg",
    "variant-lines.svg",
    "variant-cells.svg",
    "variant-cells-max.svg",
    "variant-outside.svg",
    "variant-killer.svg",
    "variant-renban.svg",
    "variant-palindrome.svg",
    "variant-extraregion.svg",
    "variant-oddeven-6x6.svg",
    "variant-diagonal.svg",
];

#[test]
#[ignore = "needs chromium and chromedriver; cargo xtask ci runs it"]
fn svgs_look_in_chromium_as_the_golden_images() {
    let Some(mut session) = browser() else {
        return;
    };
    let mut failures = Vec::new();
    for (name, svg) in gallery::pictures() {
        if !PICTURES.contains(&name) {
            continue;
        }
        let path = scratch().join(name);
        std::fs::write(&path, svg).unwrap();
        session.open(&path).unwrap();
        let png = session.screenshot("svg").unwrap();
        if let Err(problem) = matches_golden(name.trim_end_matches(".svg"), &png) {
            failures.push(problem);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The counter's text, the current section's id and the address's fragment.
fn state(session: &mut Session) -> (String, String, String) {
    let value = session
        .run(
            "return [document.getElementById('counter').textContent, \
             document.querySelector('.step.current').id, location.hash];",
        )
        .unwrap();
    let text = |i: usize| value[i].as_str().unwrap_or("").to_string();
    (text(0), text(1), text(2))
}

/// Whether the buttons First and Previous, Next and Last are disabled.
fn disabled(session: &mut Session) -> (bool, bool) {
    let value = session
        .run(
            "return [document.getElementById('prev').disabled, \
             document.getElementById('next').disabled];",
        )
        .unwrap();
    (value[0] == true, value[1] == true)
}

#[test]
#[ignore = "needs chromium and chromedriver; cargo xtask ci runs it"]
fn the_explanation_page_steps_with_its_buttons_and_the_arrow_keys() {
    let Some(mut session) = browser() else {
        return;
    };
    let path = scratch().join("explain.html");
    std::fs::write(&path, gallery::explanation_page()).unwrap();
    session.open(&path).unwrap();
    let at = |step: usize| {
        (
            format!("Step {step} of 10"),
            format!("step-{step}"),
            format!("#step-{step}"),
        )
    };
    assert_eq!(state(&mut session), at(1));
    assert_eq!(disabled(&mut session), (true, false));
    let mut failures = Vec::new();
    let mut check = |name: &str, png: Vec<u8>| {
        if let Err(problem) = matches_golden(name, &png) {
            failures.push(problem);
        }
    };
    check("explain-page", session.screenshot("main").unwrap());
    for _ in 0..3 {
        session.click("#next").unwrap();
    }
    assert_eq!(state(&mut session), at(4));
    check(
        "explain-step4",
        session.screenshot(".step.current figure").unwrap(),
    );
    session.click("#prev").unwrap();
    assert_eq!(state(&mut session), at(3));
    session.press(ARROW_RIGHT).unwrap();
    session.press(ARROW_RIGHT).unwrap();
    assert_eq!(state(&mut session), at(5));
    session.press(ARROW_LEFT).unwrap();
    assert_eq!(state(&mut session), at(4));
    session.press(END).unwrap();
    assert_eq!(state(&mut session), at(10));
    assert_eq!(disabled(&mut session), (false, true));
    check(
        "explain-step10",
        session.screenshot(".step.current figure").unwrap(),
    );
    // Past the last step, Next and the right arrow stay on it.
    session.press(ARROW_RIGHT).unwrap();
    assert_eq!(state(&mut session), at(10));
    session.press(HOME).unwrap();
    assert_eq!(state(&mut session), at(1));
    session.click("#last").unwrap();
    assert_eq!(state(&mut session), at(10));
    session.click("#first").unwrap();
    assert_eq!(state(&mut session), at(1));
    // An address with #step-N opens at step N, and following such a link moves there.
    let url = format!("file://{}#step-7", path.canonicalize().unwrap().display());
    session.open_url(&url).unwrap();
    assert_eq!(state(&mut session), at(7));
    session
        .run("location.hash = '#step-2'; return null;")
        .unwrap();
    assert_eq!(state(&mut session), at(2));
    // Only one step shows at a time.
    let shown = session
        .run(
            "return Array.from(document.querySelectorAll('.step'))\
             .filter(s => getComputedStyle(s).display !== 'none').length;",
        )
        .unwrap();
    assert_eq!(shown, 1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The bench's plotters charts (docs/benchmarks-*.svg) render: an SVG root with a size, every
/// text that says something laid out with a width, and ink on the screenshot.
#[test]
#[ignore = "needs chromium and chromedriver; cargo xtask ci runs it"]
fn the_benchmark_charts_render_in_chromium() {
    let Some(mut session) = browser() else {
        return;
    };
    let docs = gallery::workspace().join("docs");
    let mut charts: Vec<PathBuf> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("benchmarks") && name.ends_with(".svg")
        })
        .collect();
    charts.sort();
    assert!(!charts.is_empty(), "docs/ has benchmark charts");
    for chart in charts {
        let name = chart.file_name().unwrap().to_string_lossy().to_string();
        session.open(&chart).unwrap();
        let facts = session
            .run(
                "const root = document.documentElement; const box = root.getBBox(); \
                 const texts = Array.from(document.querySelectorAll('text')) \
                 .filter(t => t.textContent.trim() !== ''); \
                 return [root.tagName, box.width, box.height, texts.length, \
                 texts.filter(t => t.getBBox().width > 0).length, \
                 texts.filter(t => t.getBBox().width === 0).map(t => t.outerHTML)];",
            )
            .unwrap();
        assert_eq!(facts[0], "svg", "{name}");
        assert!(facts[1].as_f64().unwrap() > 200.0, "{name}: {facts}");
        assert!(facts[2].as_f64().unwrap() > 100.0, "{name}: {facts}");
        let texts = facts[3].as_u64().unwrap();
        assert!(texts > 5, "{name}: {facts}");
        assert_eq!(
            facts[4].as_u64().unwrap(),
            texts,
            "{name}: every text is drawn, not {}",
            facts[5]
        );
        let png = session.screenshot("svg").unwrap();
        let pixmap = Pixmap::decode_png(&png).unwrap();
        let ink = pixmap
            .pixels()
            .iter()
            .filter(|p| p.red() < 200 || p.green() < 200 || p.blue() < 200)
            .count();
        let share = ink as f64 / pixmap.pixels().len() as f64;
        assert!(
            share > 0.02,
            "{name}: {:.1}% of the chart is drawn",
            share * 100.0
        );
    }
}
