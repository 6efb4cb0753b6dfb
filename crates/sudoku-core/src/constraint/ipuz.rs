//! ipuz Sudoku (`http://ipuz.org/sudoku#1`, feature `fpuzzles`): classic puzzles, other sizes
//! and irregular regions. Regions other than boxes are written as `"zones"`, one per region,
//! each a list of `[column, row]` positions counted from 1.

use serde_json::{Map, Value, json};

use super::{ConstraintError, ConstraintErrorKind, ConstraintPuzzle, default_box};

const KIND: &str = "http://ipuz.org/sudoku#1";

/// ipuz's optional fields of every puzzle kind, which state no rule.
const METADATA: [&str; 17] = [
    "version",
    "kind",
    "copyright",
    "publisher",
    "publication",
    "url",
    "uniqueid",
    "title",
    "intro",
    "explanation",
    "annotation",
    "author",
    "editor",
    "date",
    "notes",
    "difficulty",
    "origin",
];

fn syntax(message: String) -> ConstraintError {
    ConstraintError::new(ConstraintErrorKind::Syntax, format!("ipuz: {message}"))
}

/// The symbols of the digits 1 to n.
fn charset(n: usize) -> String {
    "123456789ABCDEFGHIJKLMNOP".chars().take(n).collect()
}

impl ConstraintPuzzle {
    /// Reads an ipuz Sudoku: `"puzzle"` (rows of digits, `0` or `null` for blanks, or cells
    /// `{"cell": d}`), `"charset"` when the digits are written as symbols, `"zones"` for
    /// irregular regions, `"solution"`, `"title"` and `"author"`.
    ///
    /// # Errors
    ///
    /// When the text is not an ipuz Sudoku, the board is not square, or it names what this
    /// reader does not take (cages, `"boxes": false` without zones): each error names it.
    pub fn from_ipuz(text: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        let value: Value = serde_json::from_str(text).map_err(|err| {
            syntax(format!(
                "line {}, column {}: {err}",
                err.line(),
                err.column()
            ))
        })?;
        let object = value
            .as_object()
            .ok_or_else(|| syntax("expected a JSON object".into()))?;
        let kinds = object
            .get("kind")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if !kinds.iter().any(|k| {
            k.as_str()
                .is_some_and(|k| k.starts_with("http://ipuz.org/sudoku"))
        }) {
            return Err(syntax(format!("\"kind\" must name {KIND}")));
        }
        let rows = object
            .get("puzzle")
            .and_then(Value::as_array)
            .ok_or_else(|| syntax("missing \"puzzle\", a list of rows".into()))?;
        let n = rows.len();
        let mut puzzle = ConstraintPuzzle::new(n).map_err(|e| e.within("ipuz"))?;
        let symbols: Vec<char> = match object.get("charset") {
            None | Some(Value::Null) => charset(n).chars().collect(),
            Some(Value::String(s)) if s.chars().count() == n => s.chars().collect(),
            Some(other) => {
                return Err(syntax(format!(
                    "\"charset\" {other} does not name {n} digits"
                )));
            }
        };
        let digit = |value: &Value, at: &str| -> Result<u8, ConstraintError> {
            let value = value.get("cell").unwrap_or(value);
            match value {
                Value::Null => Ok(0),
                Value::Number(v) if v.as_u64().is_some_and(|d| d <= n as u64) => {
                    Ok(v.as_u64().unwrap_or(0) as u8)
                }
                Value::String(s) if s.is_empty() || s == "0" || s == "." || s == "#" => Ok(0),
                Value::String(s) => {
                    let mut chars = s.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => symbols
                            .iter()
                            .position(|&c| c == ch)
                            .map(|i| i as u8 + 1)
                            .ok_or_else(|| syntax(format!("{at}: {s:?} is not in the charset"))),
                        _ => s
                            .parse::<u8>()
                            .ok()
                            .filter(|&d| usize::from(d) <= n)
                            .ok_or_else(|| syntax(format!("{at}: {s:?} is not a digit"))),
                    }
                }
                other => Err(syntax(format!("{at}: {other} is not a digit"))),
            }
        };
        let grid = |key: &str, rows: &[Value]| -> Result<Vec<u8>, ConstraintError> {
            if rows.len() != n {
                return Err(syntax(format!(
                    "\"{key}\" has {} rows, the board {n}",
                    rows.len()
                )));
            }
            let mut cells = Vec::with_capacity(n * n);
            for (r, row) in rows.iter().enumerate() {
                let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                    syntax(format!(
                        "\"{key}\" row {} is not {n} cells (the board must be square)",
                        r + 1
                    ))
                })?;
                for (c, value) in row.iter().enumerate() {
                    cells.push(digit(
                        value,
                        &format!("\"{key}\" row {} column {}", r + 1, c + 1),
                    )?);
                }
            }
            Ok(cells)
        };
        puzzle.set_givens(&grid("puzzle", rows)?)?;
        if let Some(solution) = object.get("solution").and_then(Value::as_array) {
            let cells = grid("solution", solution)?;
            if !cells.contains(&0) {
                puzzle
                    .set_solution(Some(cells))
                    .map_err(|e| e.within("ipuz"))?;
            }
        }
        let boxes = object.get("boxes").and_then(Value::as_bool).unwrap_or(true);
        match object.get("zones").and_then(Value::as_array) {
            Some(zones) if !zones.is_empty() => {
                let mut map = vec![usize::MAX; n * n];
                for (z, zone) in zones.iter().enumerate() {
                    let cells = zone
                        .get("cells")
                        .and_then(Value::as_array)
                        .ok_or_else(|| syntax(format!("zone {} has no \"cells\"", z + 1)))?;
                    for position in cells {
                        let pair = position.as_array().map(|p| {
                            (
                                p.first().and_then(Value::as_u64),
                                p.get(1).and_then(Value::as_u64),
                            )
                        });
                        let Some((Some(col), Some(row))) = pair else {
                            return Err(syntax(format!(
                                "zone {}: {position} is not [column, row]",
                                z + 1
                            )));
                        };
                        if !(1..=n as u64).contains(&col) || !(1..=n as u64).contains(&row) {
                            return Err(syntax(format!(
                                "zone {}: [{col}, {row}] is off the board",
                                z + 1
                            )));
                        }
                        map[(row as usize - 1) * n + col as usize - 1] = z;
                    }
                }
                if let Some(cell) = map.iter().position(|&z| z == usize::MAX) {
                    return Err(syntax(format!(
                        "r{}c{} lies in no zone",
                        cell / n + 1,
                        cell % n + 1
                    )));
                }
                puzzle
                    .set_regions(&map)
                    .map_err(|e| e.within("ipuz zones"))?;
            }
            _ if !boxes || default_box(n).0 == 1 => {
                return Err(ConstraintError::new(
                    ConstraintErrorKind::Unsupported,
                    format!("ipuz: a {n}x{n} board without boxes needs its regions as \"zones\""),
                ));
            }
            _ => {}
        }
        for (key, value) in object {
            match key.as_str() {
                "puzzle" | "solution" | "charset" | "boxes" | "zones" | "dimensions" | "saved"
                | "displaycharset" | "styles" | "block" | "empty" | "showoperators"
                | "cageborder" => {}
                "title" => puzzle.set_title(value.as_str().map(String::from)),
                "author" => puzzle.set_author(value.as_str().map(String::from)),
                "notes" | "intro" => puzzle.set_rules(value.as_str().map(String::from)),
                key if METADATA.contains(&key) => {}
                "cages" if value.as_array().is_some_and(Vec::is_empty) => {}
                key => {
                    return Err(ConstraintError::new(
                        ConstraintErrorKind::Unsupported,
                        format!(
                            "ipuz: key \"{key}\" is not read; the puzzle is refused rather than solved without a rule it may state"
                        ),
                    ));
                }
            }
        }
        Ok(puzzle)
    }

    /// The puzzle as ipuz Sudoku JSON: the givens, the regions as `"zones"` when they are not
    /// boxes, the solution, title and author.
    ///
    /// # Errors
    ///
    /// When the puzzle has constraints ipuz cannot state (anything beyond givens and
    /// regions).
    pub fn to_ipuz(&self) -> Result<String, ConstraintError> {
        let n = self.size;
        if let Some(c) = self.constraints.first() {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Unsupported,
                format!(
                    "ipuz: the {} cannot be written; ipuz Sudoku holds givens and regions only",
                    c.name()
                ),
            ));
        }
        let rows = |cells: &[u8]| -> Value {
            Value::Array(cells.chunks(n).map(|row| json!(row)).collect())
        };
        let mut out = Map::new();
        out.insert("version".into(), json!("http://ipuz.org/v2"));
        out.insert("kind".into(), json!([KIND]));
        out.insert("dimensions".into(), json!({"width": n, "height": n}));
        out.insert("charset".into(), json!(charset(n)));
        let boxes = self.has_default_regions() && default_box(n).0 > 1;
        out.insert("boxes".into(), json!(boxes));
        if !boxes {
            let zones: Vec<Value> = (0..n)
                .map(|region| {
                    let cells: Vec<Value> = (0..n * n)
                        .filter(|&c| usize::from(self.regions[c]) == region)
                        .map(|c| json!([c % n + 1, c / n + 1]))
                        .collect();
                    json!({"cells": cells})
                })
                .collect();
            out.insert("zones".into(), Value::Array(zones));
        }
        out.insert("puzzle".into(), rows(&self.givens));
        if let Some(solution) = &self.solution {
            out.insert("solution".into(), rows(solution));
        }
        if let Some(title) = &self.title {
            out.insert("title".into(), json!(title));
        }
        if let Some(author) = &self.author {
            out.insert("author".into(), json!(author));
        }
        if let Some(rules) = &self.rules {
            out.insert("notes".into(), json!(rules));
        }
        Ok(Value::Object(out).to_string())
    }
}
