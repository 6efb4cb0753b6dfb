//! Reading the JSON family with `serde_json` (feature `json`). Writing needs no library: see
//! [`KillerPuzzle::to_json`] and [`KillerEntry::to_json`](crate::KillerEntry::to_json).

use serde_json::Value;
use sudoku_core::Grid;

use crate::error::{CageName, KillerError, KillerErrorKind};
use crate::puzzle::{Cage, KillerPuzzle};

fn shape(message: String) -> KillerError {
    KillerError::syntax(0, 0, message)
}

/// Reads one JSON value of the family: the puzzle and its expected solution, if given.
pub(crate) fn from_json(text: &str) -> Result<(KillerPuzzle, Option<Grid>), KillerError> {
    let value: Value = serde_json::from_str(text).map_err(|err| {
        KillerError::syntax(err.line(), err.column(), format!("invalid JSON: {err}"))
    })?;
    from_value(&value)
}

/// The keys of a puzzle object: its cages (a list, or a map with its sums), `givens`,
/// `solution`, and `id` (an identifier, as the public krazydad set gives; not kept).
const KEYS: [&str; 6] = ["cages", "cage_map", "cage_sums", "givens", "solution", "id"];

/// The keys of a cage object.
const CAGE_KEYS: [&str; 2] = ["sum", "cells"];

/// The first key of `object` that is not `known`, as an error message naming the known key
/// nearest to it.
fn unknown_key(object: &serde_json::Map<String, Value>, known: &[&str]) -> Option<String> {
    let key = object.keys().find(|key| !known.contains(&key.as_str()))?;
    Some(match sudoku_core::closest_name(key, known) {
        Some(near) => format!("unknown key {key:?} (did you mean {near:?}?)"),
        None => format!("unknown key {key:?} (the keys are {})", known.join(", ")),
    })
}

/// Reads a JSON value already parsed: `{"cages": [...]}` or `{"cage_map": "...",
/// "cage_sums": [...]}`, each with optional `"givens"`, `"solution"` and `"id"`; any other
/// key is an error naming it, and the known key nearest to it.
pub(crate) fn from_value(value: &Value) -> Result<(KillerPuzzle, Option<Grid>), KillerError> {
    let object = value.as_object().ok_or_else(|| {
        shape("expected a JSON object with \"cages\", or \"cage_map\" and \"cage_sums\"".into())
    })?;
    if let Some(message) = unknown_key(object, &KEYS) {
        return Err(shape(message));
    }
    let givens = grid_field(object, "givens")?;
    let solution = grid_field(object, "solution")?;
    let puzzle = match (object.get("cages"), object.get("cage_map")) {
        (Some(list), _) => from_cages(list, givens)?,
        (None, Some(map)) => {
            let map = map
                .as_str()
                .ok_or_else(|| shape("\"cage_map\" must be a string of 81 cage letters".into()))?;
            let sums = object
                .get("cage_sums")
                .ok_or_else(|| shape("\"cage_map\" without \"cage_sums\"".into()))?
                .as_array()
                .ok_or_else(|| shape("\"cage_sums\" must be a list of numbers".into()))?
                .iter()
                .enumerate()
                .map(|(index, v)| {
                    sum_of(v).map_err(|what| shape(format!("cage sum {}: {what}", index + 1)))
                })
                .collect::<Result<Vec<u32>, KillerError>>()?;
            let puzzle = KillerPuzzle::from_cage_map(map, &sums)?;
            match givens {
                Some(_) => puzzle.with_givens(givens)?,
                None => puzzle,
            }
        }
        (None, None) => {
            return Err(shape(
                "missing \"cages\" (or \"cage_map\" and \"cage_sums\")".into(),
            ));
        }
    };
    Ok((puzzle, solution))
}

/// An optional grid line under `key`: absent or null, or an 81-character line.
fn grid_field(
    object: &serde_json::Map<String, Value>,
    key: &str,
) -> Result<Option<Grid>, KillerError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(line)) => line
            .parse::<Grid>()
            .map(Some)
            .map_err(|err| shape(format!("\"{key}\": {err}"))),
        Some(_) => Err(shape(format!(
            "\"{key}\" must be null or an 81-character grid line"
        ))),
    }
}

/// A cage sum: a whole number of 0 or more (sums beyond `u32` are unreachable anyway, and
/// saturate so that validation names the cage); what is wrong otherwise.
fn sum_of(value: &Value) -> Result<u32, String> {
    if let Some(sum) = value.as_u64() {
        return Ok(u32::try_from(sum).unwrap_or(u32::MAX));
    }
    Err(match value {
        Value::Number(n) if n.as_i64().is_some() => {
            format!("{n} is negative; a sum is a whole number, 1 or more")
        }
        Value::Number(n) => format!("{n} is not a whole number"),
        other => format!("{other} is not a number"),
    })
}

fn from_cages(list: &Value, givens: Option<Grid>) -> Result<KillerPuzzle, KillerError> {
    let list = list
        .as_array()
        .ok_or_else(|| shape("\"cages\" must be a list".into()))?;
    let mut cages = Vec::with_capacity(list.len());
    for (index, item) in list.iter().enumerate() {
        let at = |what: &str| shape(format!("cage {}: {what}", index + 1));
        let object = item
            .as_object()
            .ok_or_else(|| at("expected an object with \"sum\" and \"cells\""))?;
        if let Some(message) = unknown_key(object, &CAGE_KEYS) {
            return Err(at(&message));
        }
        let sum = item.get("sum").ok_or_else(|| at("missing \"sum\""))?;
        let sum = sum_of(sum).map_err(|what| at(&format!("\"sum\": {what}")))?;
        let cells_value = item
            .get("cells")
            .ok_or_else(|| at("missing \"cells\""))?
            .as_array()
            .ok_or_else(|| at("\"cells\" must be a list of [row, col] pairs"))?;
        let mut cells = Vec::with_capacity(cells_value.len());
        for cell in cells_value {
            let pair = cell
                .as_array()
                .filter(|p| p.len() == 2)
                .and_then(|p| Some((p[0].as_i64()?, p[1].as_i64()?)))
                .ok_or_else(|| at(&format!("cell {cell} is not a [row, col] pair")))?;
            let (row, col) = pair;
            if !(0..9).contains(&row) || !(0..9).contains(&col) {
                let first_cell = None;
                return Err(KillerError::new(KillerErrorKind::CellOutOfRange {
                    cage: index,
                    row,
                    col,
                })
                .with_cage(CageName {
                    index,
                    label: None,
                    first_cell,
                }));
            }
            cells.push((row * 9 + col) as usize);
        }
        cages.push(Cage { sum, cells });
    }
    KillerPuzzle::new(cages, givens)
}
