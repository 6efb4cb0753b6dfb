//! The layers of a board's picture, one method each (see the module above for the order).

use std::collections::HashMap;
use std::fmt::Write;

use super::Frame;
use super::outline::outline;
use super::text::{Num, escape_into, symbol};
use crate::board::{Board, Role, Value};
use crate::element::{
    CageStyle, Cell, CellShape, DotKind, Element, LineStyle, Side, outside_position,
};
use crate::style::{Colour, Style, palette};

/// Where the layers are written, and what they draw.
pub(super) struct Pen<'a> {
    pub(super) out: &'a mut String,
    pub(super) board: &'a Board,
    pub(super) style: &'a Style,
    pub(super) frame: Frame,
}

/// The font size of digits, in cells, and where their baseline sits below the centre, in
/// font sizes (half the height of DejaVu Sans's digits).
const DIGIT_SIZE: f32 = 0.62;
const BASELINE: f32 = 0.365;

/// The fill (and opacity) attributes of a colour.
struct Fill(Colour);

impl std::fmt::Display for Fill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, r#"fill="{}""#, self.0)?;
        if self.0.a != 255 {
            write!(f, r#" fill-opacity="{}""#, Num(self.0.opacity()))?;
        }
        Ok(())
    }
}

/// The stroke (and opacity) attributes of a colour, with a width.
struct Stroke(Colour, f32);

impl std::fmt::Display for Stroke {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, r#"stroke="{}" stroke-width="{}""#, self.0, Num(self.1))?;
        if self.0.a != 255 {
            write!(f, r#" stroke-opacity="{}""#, Num(self.0.opacity()))?;
        }
        Ok(())
    }
}

impl Pen<'_> {
    fn c(&self) -> f32 {
        self.frame.cell
    }

    fn n(&self) -> usize {
        self.board.n
    }

    fn centre(&self, cell: Cell) -> (f32, f32) {
        self.frame.centre(cell.row as f32, cell.col as f32)
    }

    /// A square over a whole cell.
    fn cell_rect(&mut self, cell: Cell, colour: Colour) {
        let (x, y) = self.frame.point(cell.col as f32, cell.row as f32);
        let c = self.c();
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {}/>"#,
            Num(x),
            Num(y),
            Num(c),
            Num(c),
            Fill(colour)
        );
    }

    /// Writes `M x y L x y ...` through the centres of `cells` (a line of one cell goes
    /// nowhere, and its round caps draw a disc).
    fn path_through(&mut self, cells: &[Cell]) {
        if let [cell] = cells {
            let (x, y) = self.centre(*cell);
            let _ = write!(self.out, "M{} {} L{} {}", Num(x), Num(y), Num(x), Num(y));
            return;
        }
        for (i, &cell) in cells.iter().enumerate() {
            let (x, y) = self.centre(cell);
            let _ = write!(
                self.out,
                "{}{} {}",
                if i == 0 { "M" } else { " L" },
                Num(x),
                Num(y)
            );
        }
    }

    /// Text centred on (x, y) (the middle of its digits' height).
    fn text_at(&mut self, x: f32, y: f32, size: f32, text: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{}" y="{}">"#,
            Num(x),
            Num(y + size * BASELINE)
        );
        escape_into(self.out, text);
        self.out.push_str("</text>");
    }

    /// Washes under everything: diagonals and windoku windows, shaded cells, extra regions,
    /// minimum and maximum cells, and the cells of an explanation.
    pub(super) fn washes(&mut self) {
        let n = self.n();
        self.out.push_str("<g>");
        let [negative, positive] = self.board.diagonals;
        for k in 0..n {
            if negative {
                self.cell_rect(Cell::new(k, k), palette::DIAGONAL);
            }
            if positive && !(negative && n - 1 - k == k) {
                self.cell_rect(Cell::new(k, n - 1 - k), palette::DIAGONAL);
            }
        }
        if self.board.windoku {
            for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                for k in 0..9 {
                    self.cell_rect(Cell::new(r0 + k / 3, c0 + k % 3), palette::DIAGONAL);
                }
            }
        }
        for element in &self.board.elements {
            match element {
                Element::Shade { cells, colour } => {
                    for &cell in cells {
                        self.cell_rect(cell, *colour);
                    }
                }
                Element::Cage {
                    cells,
                    style: CageStyle::ExtraRegion,
                    ..
                } => {
                    for &cell in cells {
                        self.cell_rect(cell, palette::EXTRA_REGION.with_alpha(150));
                    }
                }
                Element::Shape {
                    cell,
                    shape: CellShape::Minimum | CellShape::Maximum,
                } => self.cell_rect(*cell, palette::SHAPE.with_alpha(140)),
                _ => {}
            }
        }
        for &(cell, role) in &self.board.cell_roles {
            let colour = match role {
                Role::Pattern => self.style.pattern_cell,
                Role::Placement => self.style.placement_cell,
                Role::Elimination => self.style.elimination.with_alpha(40),
            };
            self.cell_rect(Cell::from_index(cell, n), colour);
        }
        self.out.push_str("</g>");
    }

    /// Lines (with thermometer bulbs and between-line circles), then arrow bulbs over them.
    pub(super) fn lines(&mut self) {
        let c = self.c();
        self.out
            .push_str(r#"<g fill="none" stroke-linecap="round" stroke-linejoin="round">"#);
        for element in &self.board.elements {
            let Element::Line { cells, style } = element else {
                continue;
            };
            let (colour, width) = match *style {
                LineStyle::Thermometer | LineStyle::SlowThermometer => (palette::THERMO, 0.3),
                LineStyle::Arrow => (palette::ARROW, 0.05),
                LineStyle::Whisper => (palette::WHISPER, 0.3),
                LineStyle::Renban => (palette::RENBAN, 0.3),
                LineStyle::Palindrome => (palette::PALINDROME, 0.3),
                LineStyle::Between => (palette::BETWEEN, 0.08),
                LineStyle::RegionSum => (palette::REGION_SUM, 0.15),
                LineStyle::Custom { colour, width } => (colour, width),
            };
            if matches!(style, LineStyle::Thermometer | LineStyle::SlowThermometer) {
                let (x, y) = self.centre(cells[0]);
                let _ = write!(
                    self.out,
                    r#"<circle cx="{}" cy="{}" r="{}" {}/>"#,
                    Num(x),
                    Num(y),
                    Num(0.4 * c),
                    Fill(colour)
                );
            }
            let _ = write!(self.out, r#"<path {} d=""#, Stroke(colour, width * c));
            self.path_through(cells);
            if *style == LineStyle::Arrow {
                self.arrow_head(cells[cells.len() - 2], cells[cells.len() - 1]);
            }
            self.out.push_str(r#""/>"#);
            if *style == LineStyle::SlowThermometer {
                // White dashes down the tube, from the bulb's edge (the bulb stays whole).
                let _ = write!(
                    self.out,
                    r#"<path {} stroke-linecap="butt" stroke-dasharray="{} {}" d=""#,
                    Stroke(Colour::WHITE, 0.06 * c),
                    Num(0.12 * c),
                    Num(0.1 * c)
                );
                let (x0, y0) = self.centre(cells[0]);
                let (x1, y1) = self.centre(cells[1]);
                let len = (x1 - x0).hypot(y1 - y0);
                let edge = 0.4 * c / len;
                let _ = write!(
                    self.out,
                    "M{} {}",
                    Num(x0 + (x1 - x0) * edge),
                    Num(y0 + (y1 - y0) * edge)
                );
                for &cell in &cells[1..] {
                    let (x, y) = self.centre(cell);
                    let _ = write!(self.out, " L{} {}", Num(x), Num(y));
                }
                self.out.push_str(r#""/>"#);
            }
            if *style == LineStyle::Between {
                for end in [cells[0], cells[cells.len() - 1]] {
                    self.white_circle(end, palette::BETWEEN);
                }
            }
        }
        for element in &self.board.elements {
            let Element::Bulb { cells } = element else {
                continue;
            };
            let border = 0.05 * c;
            if let [cell] = cells[..] {
                self.white_circle(cell, palette::ARROW);
            } else {
                // A pill: a wide grey stroke through the cells, a white one inside it.
                for (colour, width) in [
                    (palette::ARROW, 0.8 * c + border),
                    (Colour::WHITE, 0.8 * c - border),
                ] {
                    let _ = write!(self.out, r#"<path {} d=""#, Stroke(colour, width));
                    self.path_through(cells);
                    self.out.push_str(r#""/>"#);
                }
            }
        }
        self.out.push_str("</g>");
    }

    /// A white circle in `cell` outlined in `colour`: an end of a between line, an arrow's
    /// round bulb.
    fn white_circle(&mut self, cell: Cell, colour: Colour) {
        let c = self.c();
        let (x, y) = self.centre(cell);
        let _ = write!(
            self.out,
            r##"<circle cx="{}" cy="{}" r="{}" fill="#ffffff" {}/>"##,
            Num(x),
            Num(y),
            Num(0.4 * c),
            Stroke(colour, 0.05 * c)
        );
    }

    /// The head of an arrow pointing from `from` to the centre of `tip`.
    fn arrow_head(&mut self, from: Cell, tip: Cell) {
        let (x0, y0) = self.centre(from);
        let (x1, y1) = self.centre(tip);
        arrow_head(self.out, (x0, y0), (x1, y1), 0.3 * self.c());
    }

    /// Odd circles, even squares and the chevrons of minimum and maximum cells.
    pub(super) fn shapes(&mut self) {
        let c = self.c();
        let mut chevrons = String::new();
        self.out.push_str("<g>");
        for element in &self.board.elements {
            let Element::Shape { cell, shape } = element else {
                continue;
            };
            let (x, y) = self.centre(*cell);
            match shape {
                CellShape::Odd => {
                    let _ = write!(
                        self.out,
                        r#"<circle cx="{}" cy="{}" r="{}" {}/>"#,
                        Num(x),
                        Num(y),
                        Num(0.36 * c),
                        Fill(palette::SHAPE)
                    );
                }
                CellShape::Even => {
                    let side = 0.72 * c;
                    let _ = write!(
                        self.out,
                        r#"<rect x="{}" y="{}" width="{}" height="{}" {}/>"#,
                        Num(x - side / 2.0),
                        Num(y - side / 2.0),
                        Num(side),
                        Num(side),
                        Fill(palette::SHAPE)
                    );
                }
                CellShape::Minimum | CellShape::Maximum => {
                    // A chevron by each side, its point towards the smaller digit: out of
                    // a maximum, into a minimum.
                    let (near, far) = (0.44 * c, 0.34 * c);
                    let (tip, base) = if *shape == CellShape::Maximum {
                        (near, far)
                    } else {
                        (far, near)
                    };
                    let half = 0.1 * c;
                    for (dx, dy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0f32, 0.0f32)] {
                        let (px, py) = (-dy, dx);
                        let _ = write!(
                            chevrons,
                            "M{} {} L{} {} L{} {} ",
                            Num(x + dx * base + px * half),
                            Num(y + dy * base + py * half),
                            Num(x + dx * tip),
                            Num(y + dy * tip),
                            Num(x + dx * base - px * half),
                            Num(y + dy * base - py * half)
                        );
                    }
                }
            }
        }
        if !chevrons.is_empty() {
            let _ = write!(
                self.out,
                r#"<path fill="none" {} stroke-linecap="round" stroke-linejoin="round" d="{}"/>"#,
                Stroke(Colour::hex(0x707070), 0.035 * c),
                chevrons.trim_end()
            );
        }
        self.out.push_str("</g>");
    }

    /// Thin cell lines, thick region borders (boxes or jigsaw regions), the frame.
    pub(super) fn grid(&mut self) {
        let (n, c) = (self.n(), self.c());
        let (left, top) = (self.frame.left, self.frame.top);
        let side = c * n as f32;
        let _ = write!(
            self.out,
            r#"<path fill="none" {} d=""#,
            Stroke(palette::CELL_LINE, 0.02 * c)
        );
        for i in 1..n {
            let at = i as f32 * c;
            let _ = write!(
                self.out,
                "M{} {}h{}M{} {}v{}",
                Num(left),
                Num(top + at),
                Num(side),
                Num(left + at),
                Num(top),
                Num(side)
            );
        }
        self.out.push_str(r#""/>"#);
        let _ = write!(
            self.out,
            r#"<path fill="none" {} stroke-linecap="square" d=""#,
            Stroke(Colour::BLACK, 0.06 * c)
        );
        let regions = &self.board.regions;
        for i in 1..n {
            // Runs of the border between row i - 1 and row i, then between column i - 1 and
            // column i.
            for horizontal in [true, false] {
                let differs = |k: usize| {
                    let (a, b) = if horizontal {
                        ((i - 1) * n + k, i * n + k)
                    } else {
                        (k * n + i - 1, k * n + i)
                    };
                    regions[a] != regions[b]
                };
                let mut k = 0;
                while k < n {
                    if !differs(k) {
                        k += 1;
                        continue;
                    }
                    let start = k;
                    while k < n && differs(k) {
                        k += 1;
                    }
                    let (from, len) = (start as f32 * c, (k - start) as f32 * c);
                    let _ = if horizontal {
                        write!(
                            self.out,
                            "M{} {}h{}",
                            Num(left + from),
                            Num(top + i as f32 * c),
                            Num(len)
                        )
                    } else {
                        write!(
                            self.out,
                            "M{} {}v{}",
                            Num(left + i as f32 * c),
                            Num(top + from),
                            Num(len)
                        )
                    };
                }
            }
        }
        self.out.push_str(r#""/>"#);
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" {}/>"#,
            Num(left),
            Num(top),
            Num(side),
            Num(side),
            Stroke(Colour::BLACK, super::outer_width(c))
        );
    }

    /// Killer cages (dashed, inside the cells, the sum in the top-left corner), the outlines
    /// of extra regions, and free texts in cells' top-left corners.
    pub(super) fn cages(&mut self) {
        let (n, c) = (self.n(), self.c());
        let mut labels: Vec<(Cell, &str)> = Vec::new();
        self.out.push_str(r#"<g fill="none">"#);
        for element in &self.board.elements {
            let Element::Cage {
                cells,
                label,
                style,
            } = element
            else {
                continue;
            };
            let (inset, stroke, dash) = match style {
                CageStyle::Killer => (0.09, Stroke(Colour::BLACK, 0.025 * c), true),
                CageStyle::ExtraRegion => (0.05, Stroke(Colour::hex(0x7a7a7a), 0.03 * c), false),
            };
            let _ = write!(self.out, "<path {stroke}");
            if dash {
                let _ = write!(
                    self.out,
                    r#" stroke-dasharray="{} {}""#,
                    Num(0.1 * c),
                    Num(0.065 * c)
                );
            }
            self.out.push_str(r#" d=""#);
            for points in outline(cells, n, inset) {
                for (i, &(x, y)) in points.iter().enumerate() {
                    let (x, y) = self.frame.point(x, y);
                    let _ = write!(
                        self.out,
                        "{}{} {}",
                        if i == 0 { "M" } else { "L" },
                        Num(x),
                        Num(y)
                    );
                }
                self.out.push('Z');
            }
            self.out.push_str(r#""/>"#);
            if let Some(label) = label {
                let first = *cells.iter().min().expect("a cage has cells");
                labels.push((first, label));
            }
        }
        self.out.push_str("</g>");
        // Free texts sit in the same corner, without the patch.
        let mut texts: Vec<(Cell, &str, bool)> = labels
            .into_iter()
            .map(|(cell, label)| (cell, label, true))
            .collect();
        for element in &self.board.elements {
            if let Element::Text { cell, text } = element {
                texts.push((*cell, text, false));
            }
        }
        if texts.is_empty() {
            return;
        }
        // Each sum on a white patch that cuts the dashed line, as printed killers show it.
        let size = 0.24 * c;
        let _ = write!(
            self.out,
            r#"<g font-size="{}" fill="{}">"#,
            Num(size),
            Colour::BLACK
        );
        for (cell, text, patch) in texts {
            let (x, y) = self.frame.point(cell.col as f32, cell.row as f32);
            if patch {
                let width = 0.62 * size * text.chars().count() as f32 + 0.08 * c;
                let _ = write!(
                    self.out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
                    Num(x + 0.04 * c),
                    Num(y + 0.04 * c),
                    Num(width),
                    Num(size * 1.05)
                );
            }
            let _ = write!(
                self.out,
                r#"<text x="{}" y="{}">"#,
                Num(x + 0.07 * c),
                Num(y + 0.04 * c + size * 0.88)
            );
            escape_into(self.out, text);
            self.out.push_str("</text>");
        }
        self.out.push_str("</g>");
    }

    /// Kropki dots, XV and other edge texts, quadruple circles: on the grid lines.
    pub(super) fn edge_marks(&mut self) {
        let c = self.c();
        let midpoint = |pen: &Self, [a, b]: [Cell; 2]| {
            let (ax, ay) = pen.centre(a);
            let (bx, by) = pen.centre(b);
            ((ax + bx) / 2.0, (ay + by) / 2.0)
        };
        let _ = write!(
            self.out,
            r#"<g text-anchor="middle" font-size="{}">"#,
            Num(0.36 * c)
        );
        for element in &self.board.elements {
            match element {
                Element::Dot { cells, kind, label } => {
                    let (x, y) = midpoint(self, *cells);
                    let (fill, ink) = match kind {
                        DotKind::White => (Colour::WHITE, Colour::BLACK),
                        DotKind::Black => (Colour::BLACK, Colour::WHITE),
                    };
                    let _ = write!(
                        self.out,
                        r#"<circle cx="{}" cy="{}" r="{}" {} {}/>"#,
                        Num(x),
                        Num(y),
                        Num(if label.is_some() { 0.15 } else { 0.12 } * c),
                        Fill(fill),
                        Stroke(Colour::BLACK, 0.025 * c)
                    );
                    if let Some(label) = label {
                        // The number in the dot, in the other colour.
                        let size = 0.2 * c;
                        let _ = write!(self.out, r#"<g font-size="{}" {}>"#, Num(size), Fill(ink));
                        self.text_at(x, y, size, label);
                        self.out.push_str("</g>");
                    }
                }
                Element::EdgeText { cells, text } => {
                    let (x, y) = midpoint(self, *cells);
                    self.text_at(x, y, 0.36 * c, text);
                }
                Element::Quadruple { corner, digits } => {
                    let (x, y) = self
                        .frame
                        .point(corner.col as f32 + 1.0, corner.row as f32 + 1.0);
                    let _ = write!(
                        self.out,
                        r##"<circle cx="{}" cy="{}" r="{}" fill="#ffffff" {}/>"##,
                        Num(x),
                        Num(y),
                        Num(0.24 * c),
                        Stroke(Colour::BLACK, 0.025 * c)
                    );
                    let size = 0.18 * c;
                    let d = 0.085 * c;
                    let places: &[(f32, f32)] = match digits.len() {
                        1 => &[(0.0, 0.0)],
                        2 => &[(-d, 0.0), (d, 0.0)],
                        3 => &[(-d, -d), (d, -d), (0.0, d)],
                        _ => &[(-d, -d), (d, -d), (-d, d), (d, d)],
                    };
                    let _ = write!(self.out, r#"<g font-size="{}">"#, Num(size));
                    for (&digit, &(dx, dy)) in digits.iter().zip(places) {
                        self.text_at(x + dx, y + dy, size, symbol(digit).encode_utf8(&mut [0; 4]));
                    }
                    self.out.push_str("</g>");
                }
                _ => {}
            }
        }
        self.out.push_str("</g>");
    }

    /// Givens, then placed digits, each kind in one group of its colour.
    pub(super) fn digits(&mut self) {
        let (n, c) = (self.n(), self.c());
        let size = DIGIT_SIZE * c;
        for placed in [false, true] {
            let colour = if placed {
                self.style.placed
            } else {
                self.style.given
            };
            let class = if placed { "placed" } else { "given" };
            let _ = write!(
                self.out,
                r#"<g class="{class}" {} font-size="{}" text-anchor="middle">"#,
                Fill(colour),
                Num(size)
            );
            for (cell, value) in self.board.values.iter().enumerate() {
                let digit = match (value, placed) {
                    (Value::Given(d), false) | (Value::Placed(d), true) => *d,
                    _ => continue,
                };
                let (x, y) = self.centre(Cell::from_index(cell, n));
                self.text_at(x, y, size, symbol(digit).encode_utf8(&mut [0; 4]));
            }
            self.out.push_str("</g>");
        }
    }

    /// Pencil marks in their fixed places, the explanation's candidates on discs of their
    /// role's colour (struck through when removed).
    pub(super) fn pencil_marks(&mut self) {
        let (n, c) = (self.n(), self.c());
        let mut roles: HashMap<(usize, u8), Role> = HashMap::new();
        for &(cell, digit, role) in &self.board.candidate_roles {
            if self.board.values[cell] == Value::Empty {
                roles.insert((cell, digit), role);
            }
        }
        let cols = (1..=n).find(|k| k * k >= n).unwrap_or(n);
        let rows = n.div_ceil(cols);
        let inner = 0.88 * c;
        let (w, h) = (inner / cols as f32, inner / rows as f32);
        let size = 0.8 * w.min(h);
        let frame = self.frame;
        let place = move |cell: usize, digit: u8| {
            let i = usize::from(digit - 1);
            let at = Cell::from_index(cell, n);
            let (x, y) = frame.point(at.col as f32, at.row as f32);
            (
                x + 0.06 * c + ((i % cols) as f32 + 0.5) * w,
                y + 0.06 * c + ((i / cols) as f32 + 0.5) * h,
            )
        };
        let _ = write!(
            self.out,
            r#"<g class="pencil" {} font-size="{}" text-anchor="middle">"#,
            Fill(self.style.pencil),
            Num(size)
        );
        for cell in 0..n * n {
            let bits = self.board.candidates[cell];
            if bits == 0 || self.board.values[cell] != Value::Empty {
                continue;
            }
            for digit in 1..=n as u8 {
                if bits & (1 << (digit - 1)) != 0 && !roles.contains_key(&(cell, digit)) {
                    let (x, y) = place(cell, digit);
                    self.text_at(x, y, size, symbol(digit).encode_utf8(&mut [0; 4]));
                }
            }
        }
        self.out.push_str("</g>");
        if roles.is_empty() {
            return;
        }
        let mut marked: Vec<_> = roles.into_iter().collect();
        marked.sort_unstable_by_key(|&(key, _)| key);
        let _ = write!(
            self.out,
            r#"<g class="roles" font-size="{}" text-anchor="middle">"#,
            Num(size)
        );
        for ((cell, digit), role) in marked {
            let colour = match role {
                Role::Pattern => self.style.pattern,
                Role::Elimination => self.style.elimination,
                Role::Placement => self.style.placement,
            };
            let (x, y) = place(cell, digit);
            let _ = write!(
                self.out,
                r#"<circle class="{}" cx="{}" cy="{}" r="{}" {}/>"#,
                match role {
                    Role::Pattern => "pattern",
                    Role::Elimination => "elimination",
                    Role::Placement => "placement",
                },
                Num(x),
                Num(y),
                Num(0.5 * w.min(h)),
                Fill(colour.with_alpha(120))
            );
            let _ = write!(
                self.out,
                r#"<text x="{}" y="{}" {}>{}</text>"#,
                Num(x),
                Num(y + size * BASELINE),
                Fill(colour),
                symbol(digit)
            );
            if role == Role::Elimination {
                let r = 0.42 * w.min(h);
                let _ = write!(
                    self.out,
                    r#"<path d="M{} {}L{} {}" {}/>"#,
                    Num(x - r),
                    Num(y + r),
                    Num(x + r),
                    Num(y - r),
                    Stroke(colour, 0.03 * c)
                );
            }
        }
        self.out.push_str("</g>");
    }

    /// Sandwich and X-sum totals at the ends of rows and columns, little-killer sums with
    /// their arrows.
    pub(super) fn outside_clues(&mut self) {
        let (n, c) = (self.n(), self.c());
        let mut arrows = String::new();
        // Clues that share an outside cell (a sandwich and an X-sum total, say).
        let mut shared: HashMap<(i32, i32), OutsideCell> = HashMap::new();
        for element in &self.board.elements {
            if let Element::Outside(clue) = element {
                let at = shared
                    .entry(outside_position(clue.side, clue.index, n))
                    .or_default();
                match clue.arrow {
                    None => at.totals += 1,
                    Some(direction) => at.arrow = Some(direction.step()),
                }
            }
        }
        self.out
            .push_str(r##"<g text-anchor="middle" fill="#000000">"##);
        for element in &self.board.elements {
            let Element::Outside(clue) = element else {
                continue;
            };
            let (row, col) = outside_position(clue.side, clue.index, n);
            let (x, y) = self.frame.centre(row as f32, col as f32);
            match clue.arrow {
                None => {
                    let at = shared.get_mut(&(row, col)).expect("counted");
                    let slot = at.drawn as f32 - (at.totals - 1) as f32 / 2.0;
                    at.drawn += 1;
                    let (dx, dy, size) = match (at.arrow, clue.side) {
                        (None, _) if at.totals == 1 => (0.0, 0.0, 0.42),
                        // Beside a little killer: in the corners its arrow and sum leave.
                        (Some((dr, dc)), _) => {
                            let turn = if slot > 0.0 { -1.0 } else { 1.0 };
                            (0.24 * turn * dc as f32, -0.24 * turn * dr as f32, 0.26)
                        }
                        // Stacked away from the board, or side by side beside it.
                        (None, Side::Top | Side::Bottom) => (0.0, 0.34 * slot, 0.3),
                        (None, Side::Left | Side::Right) => (0.4 * slot, 0.0, 0.26),
                    };
                    let size = size * c;
                    let _ = write!(self.out, r#"<g font-size="{}">"#, Num(size));
                    self.text_at(x + dx * c, y + dy * c, size, &clue.text);
                    self.out.push_str("</g>");
                }
                Some(direction) => {
                    let (dr, dc) = direction.step();
                    let (dx, dy) = (dc as f32 * c, dr as f32 * c);
                    let size = 0.3 * c;
                    let _ = write!(self.out, r#"<g font-size="{}">"#, Num(size));
                    self.text_at(x - 0.12 * dx, y - 0.12 * dy, size, &clue.text);
                    self.out.push_str("</g>");
                    let (x0, y0) = (x + 0.16 * dx, y + 0.16 * dy);
                    let (x1, y1) = (x + 0.42 * dx, y + 0.42 * dy);
                    let _ = write!(arrows, "M{} {} L{} {}", Num(x0), Num(y0), Num(x1), Num(y1));
                    arrow_head(&mut arrows, (x0, y0), (x1, y1), 0.1 * c);
                    arrows.push(' ');
                }
            }
        }
        self.out.push_str("</g>");
        if !arrows.is_empty() {
            let _ = write!(
                self.out,
                r#"<path fill="none" {} stroke-linecap="round" stroke-linejoin="round" d="{}"/>"#,
                Stroke(Colour::BLACK, 0.03 * c),
                arrows.trim_end()
            );
        }
    }

    /// The caption, centred under the grid.
    pub(super) fn caption(&mut self) {
        let Some(caption) = &self.board.caption else {
            return;
        };
        let c = self.c();
        let size = 0.34 * c;
        let x = self.frame.width / 2.0;
        let y = self.frame.height - 0.4 * c;
        let _ = write!(
            self.out,
            r##"<g class="caption" font-size="{}" text-anchor="middle" fill="#222222">"##,
            Num(size)
        );
        self.text_at(x, y, size, caption);
        self.out.push_str("</g>");
    }
}

/// The clues of one outside cell: the totals without an arrow, how many of them are drawn
/// so far, and the arrow of a little-killer clue there.
#[derive(Default)]
struct OutsideCell {
    totals: usize,
    drawn: usize,
    arrow: Option<(i32, i32)>,
}

/// Writes ` M a L tip L b`: the two strokes of an arrow's head, `length` long, back from the
/// tip (x1, y1) of a shaft that comes from (x0, y0).
fn arrow_head(out: &mut String, (x0, y0): (f32, f32), (x1, y1): (f32, f32), length: f32) {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    let (ux, uy) = (dx / len, dy / len);
    let s = std::f32::consts::FRAC_1_SQRT_2;
    // The shaft's direction turned by 45 degrees either way.
    let side = |sign: f32| {
        let (rx, ry) = (ux * s - sign * uy * s, sign * ux * s + uy * s);
        (x1 - rx * length, y1 - ry * length)
    };
    let (ax, ay) = side(1.0);
    let (bx, by) = side(-1.0);
    let _ = write!(
        out,
        " M{} {} L{} {} L{} {}",
        Num(ax),
        Num(ay),
        Num(x1),
        Num(y1),
        Num(bx),
        Num(by)
    );
}
