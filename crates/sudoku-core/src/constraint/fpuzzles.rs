//! f-puzzles JSON (feature `fpuzzles`): the format of f-puzzles.com, which SudokuPad also
//! opens. Reading refuses every key and constraint it does not know: ignoring a rule would
//! give a confident wrong answer.

use serde_json::{Map, Value, json};

use super::{
    Constraint, ConstraintError, ConstraintErrorKind, ConstraintPuzzle, DiagonalClue, Direction,
    Edge, Side, default_regions,
};

/// Keys that carry no rule: metadata, the f-puzzles editor's own settings, and cosmetic
/// shapes (lines, cages, circles, rectangles and text drawn for people, which no solver reads;
/// f-puzzles' own solver ignores them too).
const IGNORED: [&str; 9] = [
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "line",
    "cage",
    "rectangle",
    "circle",
    "text",
    "fogofwar",
];

/// Keys of f-puzzles rules this toolkit does not solve; refused when they hold anything.
const UNSUPPORTED: [&str; 12] = [
    "skyscraper",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "entropicline",
    "modularline",
    "nabner",
    "doublearrow",
    "zipperline",
    "lockout",
    "foglight",
    "givenPencilMarks",
];

fn syntax(message: String) -> ConstraintError {
    ConstraintError::new(ConstraintErrorKind::Syntax, message)
}

/// A cell reference `R3C4` (1-based) as 0-based row and column, which may lie outside the
/// board (clues).
fn position(value: &Value) -> Result<(isize, isize), ConstraintError> {
    let text = value.as_str().ok_or_else(|| {
        syntax(format!(
            "a cell must be a string like \"R1C1\", not {value}"
        ))
    })?;
    let bad = || syntax(format!("{text:?} is not a cell like \"R1C1\""));
    let upper = text.to_ascii_uppercase();
    let rest = upper.strip_prefix('R').ok_or_else(bad)?;
    let (row, col) = rest.split_once('C').ok_or_else(bad)?;
    let row: isize = row.parse().map_err(|_| bad())?;
    let col: isize = col.parse().map_err(|_| bad())?;
    if !(0..=1000).contains(&row) || !(0..=1000).contains(&col) {
        return Err(bad());
    }
    Ok((row - 1, col - 1))
}

/// A cell reference inside the board, as a cell index.
fn cell(value: &Value, n: usize) -> Result<usize, ConstraintError> {
    let (r, c) = position(value)?;
    if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
        return Err(syntax(format!("{value} is off the {n}x{n} board")));
    }
    Ok(r as usize * n + c as usize)
}

fn cells(value: Option<&Value>, n: usize) -> Result<Vec<usize>, ConstraintError> {
    let list = value
        .and_then(Value::as_array)
        .ok_or_else(|| syntax("expected \"cells\", a list of cells".into()))?;
    list.iter().map(|v| cell(v, n)).collect()
}

fn lines(entry: &Value, n: usize) -> Result<Vec<Vec<usize>>, ConstraintError> {
    let list = entry
        .get("lines")
        .and_then(Value::as_array)
        .ok_or_else(|| syntax("expected \"lines\", a list of lines of cells".into()))?;
    list.iter().map(|line| cells(Some(line), n)).collect()
}

/// A number written as a JSON number or a string (f-puzzles writes `"value": "12"`); `None`
/// for a missing value or an empty string.
fn number(entry: &Value, key: &str) -> Result<Option<u32>, ConstraintError> {
    match entry.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<u32>()
            .map(Some)
            .map_err(|_| syntax(format!("\"{key}\" is {s:?}, not a number"))),
        Some(Value::Number(v)) => v
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .map(Some)
            .ok_or_else(|| syntax(format!("\"{key}\" is {v}, not a number 0 or more"))),
        Some(other) => Err(syntax(format!("\"{key}\" is {other}, not a number"))),
    }
}

/// A digit (0 for a blank, up to 25) given as a number or a string of one.
fn digit(value: &Value) -> Option<u8> {
    value
        .as_u64()
        .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
        .filter(|&d| d <= 25)
        .map(|d| d as u8)
}

fn flag(value: &Value, key: &str) -> Result<bool, ConstraintError> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        other => Err(syntax(format!("\"{key}\" is {other}, not true or false"))),
    }
}

/// Whether a value states nothing: null, false, an empty list, object or string.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

impl ConstraintPuzzle {
    /// Reads an f-puzzles JSON text (what f-puzzles' "Export as JSON" writes, and what its
    /// links carry).
    ///
    /// # Errors
    ///
    /// When the text is not JSON, the board or a constraint is not valid, or the puzzle holds
    /// a key or a rule this toolkit does not know: each error names the key, the entry and
    /// the cell.
    ///
    /// ```
    /// use sudoku_core::{Constraint, ConstraintPuzzle};
    ///
    /// let json = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}],
    ///     [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
    ///     "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}], "antiking": true}"#;
    /// let puzzle = ConstraintPuzzle::from_fpuzzles(json)?;
    /// assert_eq!(puzzle.givens()[0], 1);
    /// assert_eq!(puzzle.constraints()[1], Constraint::Thermometer(vec![4, 5, 6]));
    /// let err = ConstraintPuzzle::from_fpuzzles(r#"{"size": 4, "grid": [], "skyscraper": [{"cell": "R0C1", "value": "2"}]}"#);
    /// assert!(err.unwrap_err().to_string().contains("\"skyscraper\""));
    /// # Ok::<(), sudoku_core::ConstraintError>(())
    /// ```
    pub fn from_fpuzzles(text: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        let value: Value = serde_json::from_str(text).map_err(|err| {
            syntax(format!(
                "f-puzzles JSON, line {}, column {}: {err}",
                err.line(),
                err.column()
            ))
        })?;
        from_value(&value).map_err(|err| err.within("f-puzzles"))
    }

    /// The puzzle as f-puzzles JSON (one line), which f-puzzles and SudokuPad open.
    /// Slow thermometers, which f-puzzles has no tool for, go under the key
    /// `"slowthermometer"` that this reader takes back.
    ///
    /// # Errors
    ///
    /// When the board is larger than f-puzzles' 16x16.
    pub fn to_fpuzzles(&self) -> Result<String, ConstraintError> {
        Ok(self.fpuzzles_value()?.to_string())
    }

    pub(crate) fn fpuzzles_value(&self) -> Result<Value, ConstraintError> {
        let n = self.size;
        if n > 16 {
            return Err(ConstraintError::new(
                ConstraintErrorKind::Size,
                format!("f-puzzles: boards go to 16x16, this one is {n}x{n}"),
            ));
        }
        let name = |cell: usize| Value::String(format!("R{}C{}", cell / n + 1, cell % n + 1));
        let names = |cells: &[usize]| Value::Array(cells.iter().map(|&c| name(c)).collect());
        let default = self.has_default_regions();
        let grid: Vec<Value> = (0..n)
            .map(|r| {
                Value::Array(
                    (0..n)
                        .map(|c| {
                            let cell = r * n + c;
                            let mut object = Map::new();
                            if self.givens[cell] != 0 {
                                object.insert("value".into(), json!(self.givens[cell]));
                                object.insert("given".into(), json!(true));
                            }
                            if !default {
                                object.insert("region".into(), json!(self.regions[cell]));
                            }
                            Value::Object(object)
                        })
                        .collect(),
                )
            })
            .collect();
        let mut out = Map::new();
        out.insert("size".into(), json!(n));
        for (key, value) in [
            ("title", &self.title),
            ("author", &self.author),
            ("ruleset", &self.rules),
        ] {
            if let Some(value) = value {
                out.insert(key.into(), json!(value));
            }
        }
        out.insert("grid".into(), Value::Array(grid));
        let mut negative = Vec::new();
        let mut push = |key: &str, entry: Value| {
            out.entry(key.to_string())
                .or_insert_with(|| Value::Array(Vec::new()))
                .as_array_mut()
                .expect("lists")
                .push(entry);
        };
        let mut flags = Vec::new();
        for constraint in &self.constraints {
            match constraint {
                Constraint::ExtraRegion(cells) => {
                    push("extraregion", json!({"cells": names(cells)}))
                }
                Constraint::PositiveDiagonal => flags.push("diagonal+"),
                Constraint::NegativeDiagonal => flags.push("diagonal-"),
                Constraint::AntiKnight => flags.push("antiknight"),
                Constraint::AntiKing => flags.push("antiking"),
                Constraint::NonConsecutive => flags.push("nonconsecutive"),
                Constraint::DisjointGroups => flags.push("disjointgroups"),
                Constraint::Odd(c) => push("odd", json!({"cell": name(*c)})),
                Constraint::Even(c) => push("even", json!({"cell": name(*c)})),
                Constraint::Minimum(c) => push("minimum", json!({"cell": name(*c)})),
                Constraint::Maximum(c) => push("maximum", json!({"cell": name(*c)})),
                Constraint::Killer { cells, sum } => {
                    let mut entry = json!({"cells": names(cells)});
                    if let Some(sum) = sum {
                        entry["value"] = json!(sum.to_string());
                    }
                    push("killercage", entry);
                }
                Constraint::LittleKiller { clue, sum } => {
                    let (r, c) = clue.position(n);
                    push(
                        "littlekillersum",
                        json!({"cell": format!("R{r}C{c}"), "cells": names(&clue.cells(n)),
                               "direction": clue.direction.code(), "value": sum.to_string()}),
                    );
                }
                Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
                    let (r, c) = clue.position(n);
                    let key = if matches!(constraint, Constraint::Sandwich { .. }) {
                        "sandwichsum"
                    } else {
                        "xsum"
                    };
                    push(
                        key,
                        json!({"cell": format!("R{r}C{c}"), "value": sum.to_string()}),
                    );
                }
                Constraint::Thermometer(line) => {
                    push("thermometer", json!({"lines": [names(line)]}))
                }
                Constraint::SlowThermometer(line) => {
                    push("slowthermometer", json!({"lines": [names(line)]}))
                }
                Constraint::Arrow { bulb, shaft } => {
                    let mut line = vec![*bulb.last().expect("a bulb")];
                    // The line starts in the bulb cell next to the shaft.
                    if let Some(&b) = bulb.iter().find(|&&b| {
                        (b / n).abs_diff(shaft[0] / n) <= 1 && (b % n).abs_diff(shaft[0] % n) <= 1
                    }) {
                        line = vec![b];
                    }
                    line.extend(shaft);
                    push(
                        "arrow",
                        json!({"cells": names(bulb), "lines": [names(&line)]}),
                    );
                }
                Constraint::Difference { cells, difference } => push(
                    "difference",
                    json!({"cells": names(cells), "value": difference.to_string()}),
                ),
                Constraint::Ratio { cells, ratio } => push(
                    "ratio",
                    json!({"cells": names(cells), "value": ratio.to_string()}),
                ),
                Constraint::Xv { cells, sum } => push(
                    "xv",
                    json!({"cells": names(cells), "value": if *sum == 10 { "X" } else { "V" }}),
                ),
                Constraint::NegativeDifference => negative.push("difference"),
                Constraint::NegativeRatio => negative.push("ratio"),
                Constraint::NegativeXv => negative.push("xv"),
                Constraint::Palindrome(line) => push("palindrome", json!({"lines": [names(line)]})),
                Constraint::Whispers { cells, gap } => {
                    let mut entry = json!({"lines": [names(cells)]});
                    if *gap != Constraint::default_whispers_gap(n) {
                        entry["value"] = json!(gap.to_string());
                    }
                    push("whispers", entry);
                }
                Constraint::Renban(line) => push("renban", json!({"lines": [names(line)]})),
                Constraint::Between(line) => push("betweenline", json!({"lines": [names(line)]})),
                Constraint::RegionSum(line) => {
                    push("regionsumline", json!({"lines": [names(line)]}))
                }
                Constraint::Quadruple { cells, digits } => push(
                    "quadruple",
                    json!({"cells": names(cells), "values": digits}),
                ),
                Constraint::Clone { cells, copy } => push(
                    "clone",
                    json!({"cells": names(cells), "cloneCells": names(copy)}),
                ),
            }
        }
        for key in flags {
            out.insert(key.into(), json!(true));
        }
        if !negative.is_empty() {
            out.insert("negative".into(), json!(negative));
        }
        if let Some(solution) = &self.solution {
            out.insert("solution".into(), json!(solution));
        }
        Ok(Value::Object(out))
    }
}

/// Reads the f-puzzles object `value`.
pub(crate) fn from_value(value: &Value) -> Result<ConstraintPuzzle, ConstraintError> {
    let object = value
        .as_object()
        .ok_or_else(|| syntax("expected a JSON object with \"size\" and \"grid\"".into()))?;
    let n = object
        .get("size")
        .and_then(Value::as_u64)
        .ok_or_else(|| syntax("missing \"size\", the side of the board".into()))?
        as usize;
    let mut puzzle = ConstraintPuzzle::new(n)?;
    let mut negative: Vec<Constraint> = Vec::new();
    for (key, value) in object {
        let key = key.as_str();
        let entries = || -> Result<&Vec<Value>, ConstraintError> {
            value
                .as_array()
                .ok_or_else(|| syntax(format!("\"{key}\" must be a list, not {value}")))
        };
        let each = |f: &mut dyn FnMut(&Value) -> Result<Vec<Constraint>, ConstraintError>| -> Result<Vec<Constraint>, ConstraintError> {
            let mut out = Vec::new();
            for (i, entry) in entries()?.iter().enumerate() {
                out.extend(f(entry).map_err(|err| err.within(&format!("\"{key}\" entry {}", i + 1)))?);
            }
            Ok(out)
        };
        let lines_of = |make: fn(Vec<usize>) -> Constraint| {
            each(&mut |entry| Ok(lines(entry, n)?.into_iter().map(make).collect()))
        };
        let one_cell = |make: fn(usize) -> Constraint| {
            each(&mut |entry| {
                Ok(vec![make(cell(
                    entry.get("cell").unwrap_or(&Value::Null),
                    n,
                )?)])
            })
        };
        let pair = |entry: &Value| -> Result<[usize; 2], ConstraintError> {
            let cells = cells(entry.get("cells"), n)?;
            <[usize; 2]>::try_from(cells.as_slice())
                .map_err(|_| syntax(format!("a dot joins 2 cells, not {}", cells.len())))
        };
        let found: Vec<Constraint> = match key {
            "size" | "grid" | "solution" | "title" | "author" | "ruleset" => continue,
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "nonconsecutive"
            | "disjointgroups" => {
                if !flag(value, key)? {
                    continue;
                }
                vec![match key {
                    "diagonal+" => Constraint::PositiveDiagonal,
                    "diagonal-" => Constraint::NegativeDiagonal,
                    "antiknight" => Constraint::AntiKnight,
                    "antiking" => Constraint::AntiKing,
                    "nonconsecutive" => Constraint::NonConsecutive,
                    _ => Constraint::DisjointGroups,
                }]
            }
            "negative" => {
                for item in entries()? {
                    negative.push(match item.as_str() {
                        Some("ratio") => Constraint::NegativeRatio,
                        Some("xv") => Constraint::NegativeXv,
                        Some("difference") => Constraint::NegativeDifference,
                        _ => {
                            return Err(ConstraintError::new(
                                ConstraintErrorKind::Unsupported,
                                format!("\"negative\": {item} is not a negative rule this toolkit knows (\"ratio\", \"xv\", \"difference\")"),
                            ));
                        }
                    });
                }
                continue;
            }
            "odd" => one_cell(Constraint::Odd)?,
            "even" => one_cell(Constraint::Even)?,
            "minimum" => one_cell(Constraint::Minimum)?,
            "maximum" => one_cell(Constraint::Maximum)?,
            "extraregion" => {
                each(&mut |e| Ok(vec![Constraint::ExtraRegion(cells(e.get("cells"), n)?)]))?
            }
            "killercage" => each(&mut |e| {
                Ok(vec![Constraint::Killer {
                    cells: cells(e.get("cells"), n)?,
                    sum: number(e, "value")?,
                }])
            })?,
            "littlekillersum" => each(&mut |e| {
                let Some(sum) = number(e, "value")? else {
                    return Ok(Vec::new());
                };
                let (r, c) = position(e.get("cell").unwrap_or(&Value::Null))?;
                let direction = match e.get("direction").and_then(Value::as_str) {
                    Some("DR") => Direction::DownRight,
                    Some("DL") => Direction::DownLeft,
                    Some("UR") => Direction::UpRight,
                    Some("UL") => Direction::UpLeft,
                    other => {
                        return Err(syntax(format!(
                            "direction {other:?}; one of \"DR\", \"DL\", \"UR\", \"UL\""
                        )));
                    }
                };
                let clue =
                    DiagonalClue::from_position(r + 1, c + 1, direction, n).ok_or_else(|| {
                        syntax(format!(
                            "the clue at R{}C{} does not point into the board from outside",
                            r + 1,
                            c + 1
                        ))
                    })?;
                Ok(vec![Constraint::LittleKiller { clue, sum }])
            })?,
            "sandwichsum" | "xsum" => each(&mut |e| {
                let Some(sum) = number(e, "value")? else {
                    return Ok(Vec::new());
                };
                let (r, c) = position(e.get("cell").unwrap_or(&Value::Null))?;
                let last = n as isize;
                let clue = match (r, c) {
                    (-1, c) if (0..last).contains(&c) => Edge {
                        side: Side::Top,
                        index: c as usize,
                    },
                    (r, c) if r == last && (0..last).contains(&c) => Edge {
                        side: Side::Bottom,
                        index: c as usize,
                    },
                    (r, -1) if (0..last).contains(&r) => Edge {
                        side: Side::Left,
                        index: r as usize,
                    },
                    (r, c) if c == last && (0..last).contains(&r) => Edge {
                        side: Side::Right,
                        index: r as usize,
                    },
                    _ => {
                        return Err(syntax(format!(
                            "R{}C{} is not beside a row or column",
                            r + 1,
                            c + 1
                        )));
                    }
                };
                Ok(vec![if key == "xsum" {
                    Constraint::XSum { clue, sum }
                } else {
                    Constraint::Sandwich { clue, sum }
                }])
            })?,
            "thermometer" => lines_of(Constraint::Thermometer)?,
            "slowthermometer" => lines_of(Constraint::SlowThermometer)?,
            "palindrome" => lines_of(Constraint::Palindrome)?,
            "renban" => lines_of(Constraint::Renban)?,
            "betweenline" => lines_of(Constraint::Between)?,
            "regionsumline" => lines_of(Constraint::RegionSum)?,
            "whispers" => each(&mut |e| {
                let gap = number(e, "value")?.unwrap_or(Constraint::default_whispers_gap(n));
                Ok(lines(e, n)?
                    .into_iter()
                    .map(|cells| Constraint::Whispers { cells, gap })
                    .collect())
            })?,
            "arrow" => each(&mut |e| {
                let bulb = cells(e.get("cells"), n)?;
                let mut out = Vec::new();
                for line in lines(e, n)? {
                    let shaft: Vec<usize> =
                        line.into_iter().skip_while(|c| bulb.contains(c)).collect();
                    out.push(Constraint::Arrow {
                        bulb: bulb.clone(),
                        shaft,
                    });
                }
                Ok(out)
            })?,
            "difference" => each(&mut |e| {
                Ok(vec![Constraint::Difference {
                    cells: pair(e)?,
                    difference: number(e, "value")?.unwrap_or(1),
                }])
            })?,
            "ratio" => each(&mut |e| {
                Ok(vec![Constraint::Ratio {
                    cells: pair(e)?,
                    ratio: number(e, "value")?.unwrap_or(2),
                }])
            })?,
            "xv" => each(&mut |e| {
                let sum = match e.get("value").and_then(Value::as_str) {
                    Some("X" | "x") => 10,
                    Some("V" | "v") => 5,
                    other => return Err(syntax(format!("value {other:?}; \"X\" or \"V\""))),
                };
                Ok(vec![Constraint::Xv {
                    cells: pair(e)?,
                    sum,
                }])
            })?,
            "quadruple" => each(&mut |e| {
                let digits = e
                    .get("values")
                    .and_then(Value::as_array)
                    .ok_or_else(|| syntax("expected \"values\", a list of digits".into()))?
                    .iter()
                    .map(|v| digit(v).ok_or_else(|| syntax(format!("{v} is not a digit"))))
                    .collect::<Result<Vec<u8>, _>>()?;
                Ok(vec![Constraint::Quadruple {
                    cells: cells(e.get("cells"), n)?,
                    digits,
                }])
            })?,
            "clone" => each(&mut |e| {
                Ok(vec![Constraint::Clone {
                    cells: cells(e.get("cells"), n)?,
                    copy: cells(e.get("cloneCells"), n)?,
                }])
            })?,
            key if IGNORED.contains(&key) => continue,
            // A key that states nothing (an empty list, false) sets no rule.
            _ if is_empty(value) => continue,
            key if UNSUPPORTED.contains(&key) => {
                return Err(ConstraintError::new(
                    ConstraintErrorKind::Unsupported,
                    format!(
                        "\"{key}\" is a rule this toolkit does not solve; the puzzle is refused rather than solved without it"
                    ),
                ));
            }
            key => {
                return Err(ConstraintError::new(
                    ConstraintErrorKind::Unsupported,
                    format!(
                        "unknown key \"{key}\"; the puzzle is refused rather than solved without a rule it may state"
                    ),
                ));
            }
        };
        for constraint in found {
            puzzle
                .add(constraint)
                .map_err(|err| err.within(&format!("\"{key}\"")))?;
        }
    }
    for constraint in negative {
        puzzle
            .add(constraint)
            .map_err(|err| err.within("\"negative\""))?;
    }
    read_grid(&mut puzzle, object.get("grid"))?;
    for (key, slot) in [("title", 0), ("author", 1), ("ruleset", 2)] {
        let text = match object.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => return Err(syntax(format!("\"{key}\" is {other}, not a string"))),
        };
        match slot {
            0 => puzzle.set_title(text),
            1 => puzzle.set_author(text),
            _ => puzzle.set_rules(text),
        }
    }
    if let Some(solution) = object.get("solution").filter(|v| !v.is_null()) {
        let digits = solution
            .as_array()
            .ok_or_else(|| syntax("\"solution\" must be a list of digits".into()))?
            .iter()
            .map(|v| digit(v).ok_or_else(|| syntax(format!("\"solution\": {v} is not a digit"))))
            .collect::<Result<Vec<u8>, _>>()?;
        // An unfinished solution (blanks) is the setter's work in progress: no solution.
        if !digits.contains(&0) {
            puzzle
                .set_solution(Some(digits))
                .map_err(|e| e.within("\"solution\""))?;
        }
    }
    Ok(puzzle)
}

/// Reads `"grid"`: givens and regions.
fn read_grid(puzzle: &mut ConstraintPuzzle, grid: Option<&Value>) -> Result<(), ConstraintError> {
    let n = puzzle.size();
    let rows = grid.and_then(Value::as_array).ok_or_else(|| {
        let what = if grid.is_some() {
            "\"grid\" is not"
        } else {
            "missing \"grid\","
        };
        syntax(format!("{what} a list of rows of cells"))
    })?;
    if rows.len() != n {
        return Err(syntax(format!(
            "\"grid\" has {} rows, \"size\" is {n}",
            rows.len()
        )));
    }
    let mut regions: Vec<u64> = default_regions(n).into_iter().map(u64::from).collect();
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| syntax(format!("\"grid\" row {} is not a list of {n} cells", r + 1)))?;
        for (c, cell) in row.iter().enumerate() {
            let at = r * n + c;
            let where_ = format!("\"grid\" R{}C{}", r + 1, c + 1);
            let object = cell
                .as_object()
                .ok_or_else(|| syntax(format!("{where_} is {cell}, not an object")))?;
            let given = match object.get("given") {
                None => false,
                Some(v) => flag(v, "given").map_err(|e| e.within(&where_))?,
            };
            for (key, value) in object {
                match key.as_str() {
                    "value" if given => {
                        let digit = value
                            .as_u64()
                            .filter(|&d| (1..=n as u64).contains(&d))
                            .ok_or_else(|| {
                                syntax(format!("{where_}: value {value} is not a digit 1 to {n}"))
                            })?;
                        puzzle.set_given(at, digit as u8)?;
                    }
                    "region" => match value {
                        Value::Null => {
                            return Err(ConstraintError::new(
                                ConstraintErrorKind::Unsupported,
                                format!(
                                    "{where_} lies in no region, which this toolkit does not solve"
                                ),
                            ));
                        }
                        v => {
                            regions[at] = v.as_u64().ok_or_else(|| {
                                syntax(format!("{where_}: region {v} is not a number"))
                            })?
                        }
                    },
                    "givenPencilMarks" if !is_empty(value) => {
                        return Err(ConstraintError::new(
                            ConstraintErrorKind::Unsupported,
                            format!(
                                "{where_}: given pencil marks (candidates the setter restricts) are a rule this toolkit does not solve"
                            ),
                        ));
                    }
                    // The solver's own entries and marks, and colours (`"c"` is the colour
                    // a setter paints a cell, such as "#D0D0FF"): not part of the puzzle.
                    "value" | "given" | "givenPencilMarks" | "centerPencilMarks"
                    | "cornerPencilMarks" | "candidates" | "highlight" | "c" | "c-candidates"
                    | "pm-candidates" => {}
                    other => {
                        return Err(ConstraintError::new(
                            ConstraintErrorKind::Unsupported,
                            format!("{where_}: unknown key \"{other}\""),
                        ));
                    }
                }
            }
        }
    }
    puzzle
        .set_regions(&regions)
        .map_err(|e| e.within("\"grid\" regions"))
}
