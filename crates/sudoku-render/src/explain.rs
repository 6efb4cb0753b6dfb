//! Explanations as pictures: a [`Step`] is the position before a logical step with the cells
//! and candidates involved marked by role; [`explain_page`] writes one HTML page that steps
//! through a list of them.

use std::fmt::Write;

use crate::board::{Board, Role};
use crate::error::RenderError;
use crate::style::Style;
use crate::svg::text::{escape, escape_into};

/// One step of an explanation, as plain data: the position before it, the technique's name
/// and rating, a sentence, and the `(cell, digit)` pairs (cells row-major from 0) that make
/// the pattern, that the step removes and that it places.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_render::{Board, Step};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut step = Step::new(Board::from_grid(&puzzle), "Hidden Single");
/// step.rating = Some(1.2);
/// step.placements = vec![(22, 3)]; // r3c5 = 3
/// step.pattern_cells = vec![18, 19, 20, 21, 22, 23, 24, 25, 26];
/// let svg = step.to_svg()?;
/// assert!(svg.contains("Hidden Single (1.2)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The position before the step: givens, placed digits and pencil marks.
    pub board: Board,
    /// The technique's name, as the caption shows it.
    pub title: String,
    /// The step's rating (Sudoku Explainer's scale, say), shown after the name.
    pub rating: Option<f64>,
    /// A sentence saying what the step does, shown under the picture on the page.
    pub text: String,
    /// Cells of the pattern, washed pale yellow.
    pub pattern_cells: Vec<usize>,
    /// Candidates of the pattern, on green discs.
    pub pattern: Vec<(usize, u8)>,
    /// Candidates the step removes, on red discs and struck through.
    pub eliminations: Vec<(usize, u8)>,
    /// Digits the step places: their candidate on a blue disc, the cell washed pale blue.
    pub placements: Vec<(usize, u8)>,
}

impl Step {
    /// A step on `board` named `title`, with nothing marked yet.
    pub fn new(board: Board, title: impl Into<String>) -> Step {
        Step {
            board,
            title: title.into(),
            rating: None,
            text: String::new(),
            pattern_cells: Vec::new(),
            pattern: Vec::new(),
            eliminations: Vec::new(),
            placements: Vec::new(),
        }
    }

    /// The caption: the name, and the rating in brackets.
    pub fn caption(&self) -> String {
        match self.rating {
            Some(rating) => format!("{} ({rating:.1})", self.title),
            None => self.title.clone(),
        }
    }

    /// The board with the step's marks and caption.
    ///
    /// # Errors
    ///
    /// When a marked cell is off the board or a digit is not 1 to n.
    pub fn picture(&self) -> Result<Board, RenderError> {
        let mut board = self.board.clone();
        for &cell in &self.pattern_cells {
            board.mark_cell(cell, Role::Pattern)?;
        }
        for &(cell, _) in &self.placements {
            board.mark_cell(cell, Role::Placement)?;
        }
        for (marks, role) in [
            (&self.pattern, Role::Pattern),
            (&self.eliminations, Role::Elimination),
            (&self.placements, Role::Placement),
        ] {
            for &(cell, digit) in marks {
                board.mark_candidate(cell, digit, role)?;
            }
        }
        board.set_caption(self.caption());
        Ok(board)
    }

    /// The step's picture as SVG, in the default style.
    ///
    /// # Errors
    ///
    /// As [`picture`](Step::picture).
    pub fn to_svg(&self) -> Result<String, RenderError> {
        Ok(self.picture()?.to_svg())
    }
}

/// One self-contained HTML page that steps through `steps`: each step's picture with its
/// sentence, Previous and Next buttons (and First and Last), the arrow keys (Home and End
/// too), and `#step-N` in the address to open at step N. Styles and script are inline and
/// the text takes the browser's fonts (DejaVu Sans first): the page works offline in any
/// browser.
///
/// ```
/// use sudoku_render::{Board, Step, explain_page};
///
/// let steps = vec![Step::new(Board::new(4)?, "First"), Step::new(Board::new(4)?, "Second")];
/// let page = explain_page("Two steps", &steps, &Default::default())?;
/// assert!(page.starts_with("<!DOCTYPE html>") && page.contains(r#"id="step-2""#));
/// // Nothing is fetched: no stylesheet, script or font from elsewhere.
/// assert!(!page.contains("<link") && !page.contains("src=\"http") && !page.contains("url(http"));
/// # Ok::<(), sudoku_render::RenderError>(())
/// ```
///
/// # Errors
///
/// When a step's marks do not fit its board (see [`Step::picture`]).
pub fn explain_page(title: &str, steps: &[Step], style: &Style) -> Result<String, RenderError> {
    let mut out = String::with_capacity(64 * 1024 + steps.len() * 24 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
    );
    escape_into(&mut out, title);
    out.push_str("</title>\n<style>\n");
    out.push_str(&one_line(PAGE_CSS));
    out.push('\n');
    out.push_str("</style>\n</head>\n<body>\n<main>\n<h1>");
    escape_into(&mut out, title);
    let _ = write!(
        out,
        "</h1>\n<nav>\
         <button type=\"button\" id=\"first\" title=\"First step (Home)\">First</button>\
         <button type=\"button\" id=\"prev\" title=\"Previous step (left arrow)\">\u{2190} Previous</button>\
         <span id=\"counter\" aria-live=\"polite\">{counter}</span>\
         <button type=\"button\" id=\"next\" title=\"Next step (right arrow)\">Next \u{2192}</button>\
         <button type=\"button\" id=\"last\" title=\"Last step (End)\">Last</button>\
         </nav>\n",
        counter = if steps.is_empty() {
            "No step".to_string()
        } else {
            format!("Step 1 of {}", steps.len())
        }
    );
    for (i, step) in steps.iter().enumerate() {
        let picture = step.picture()?;
        let _ = write!(
            out,
            "<section class=\"step{}\" id=\"step-{n}\" data-step=\"{n}\">\n<figure>",
            if i == 0 { " current" } else { "" },
            n = i + 1
        );
        out.push_str(&crate::svg::document(&picture, style));
        out.push_str("<figcaption>");
        escape_into(&mut out, &step.caption());
        out.push_str("</figcaption></figure>\n");
        if !step.text.is_empty() {
            let _ = writeln!(out, "<p class=\"text\">{}</p>", escape(&step.text));
        }
        out.push_str("</section>\n");
    }
    if steps.is_empty() {
        out.push_str("<p class=\"text\">No step.</p>\n");
    }
    out.push_str(
        "<p class=\"help\">\u{2190} \u{2192} previous and next step, Home and End the first and \
         last. Green: the pattern; red: removed; blue: placed.</p>\n</main>\n<script>\n",
    );
    out.push_str(&one_line(PAGE_SCRIPT));
    out.push('\n');
    out.push_str("</script>\n</body>\n</html>\n");
    Ok(out)
}

/// `text` (the page's style or script) on one line: each line trimmed, joined by a space.
/// Every line of [`PAGE_SCRIPT`] ends a statement or a bracket, so joining changes nothing but
/// the page's size.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

const PAGE_CSS: &str = "\
body{margin:0;background:#f4f3ef;color:#222;font-family:\"DejaVu Sans\",Verdana,sans-serif}
main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:22px;font-weight:normal;margin:4px 0 12px}
nav{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:12px}
button{font:inherit;font-size:15px;padding:6px 12px;border:1px solid #888;border-radius:4px;background:#fff;cursor:pointer}
button:disabled{opacity:.4;cursor:default}
#counter{min-width:120px;text-align:center}
.step{display:none}
.step.current{display:block}
figure{margin:0;background:#fff;padding:8px;border:1px solid #ddd;display:inline-block}
figure svg{display:block;max-width:100%;height:auto}
figcaption{position:absolute;left:-9999px}
.text{font-size:15px;line-height:1.45}
.help{color:#666;font-size:13px}
";

const PAGE_SCRIPT: &str = "\
(function () {
  var steps = document.querySelectorAll('.step');
  var counter = document.getElementById('counter');
  var buttons = {};
  ['first', 'prev', 'next', 'last'].forEach(function (id) {
    buttons[id] = document.getElementById(id);
  });
  var current = 0;
  function show(k) {
    if (steps.length === 0) {
      Object.keys(buttons).forEach(function (id) { buttons[id].disabled = true; });
      return;
    }
    k = Math.max(0, Math.min(steps.length - 1, k));
    steps[current].classList.remove('current');
    current = k;
    steps[current].classList.add('current');
    counter.textContent = 'Step ' + (current + 1) + ' of ' + steps.length;
    buttons.first.disabled = buttons.prev.disabled = current === 0;
    buttons.last.disabled = buttons.next.disabled = current === steps.length - 1;
    try { history.replaceState(null, '', '#step-' + (current + 1)); } catch (e) {}
  }
  buttons.first.addEventListener('click', function () { show(0); });
  buttons.prev.addEventListener('click', function () { show(current - 1); });
  buttons.next.addEventListener('click', function () { show(current + 1); });
  buttons.last.addEventListener('click', function () { show(steps.length - 1); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = {ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1,
              ArrowDown: current + 1, Home: 0, End: steps.length - 1}[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  function fromAddress() {
    var m = /^#step-(\\d+)$/.exec(location.hash);
    show(m ? parseInt(m[1], 10) - 1 : current);
  }
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
})();
";
