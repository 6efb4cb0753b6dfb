//! Reading the JSON form with `serde_json` (feature `json`). Writing needs no library: see
//! [`KillerPuzzle::to_json`].

use serde_json::Value;
use sudoku_core::Grid;

use crate::error::{CageName, KillerError, KillerErrorKind};
use crate::puzzle::{Cage, KillerPuzzle};

fn shape(message: String) -> KillerError {
    KillerError::syntax(0, 0, message)
}

pub(crate) fn from_json(text: &str) -> Result<KillerPuzzle, KillerError> {
    let value: Value = serde_json::from_str(text).map_err(|err| {
        KillerError::syntax(err.line(), err.column(), format!("invalid JSON: {err}"))
    })?;
    let object = value
        .as_object()
        .ok_or_else(|| shape("expected a JSON object with \"cages\"".into()))?;
    let list = object
        .get("cages")
        .ok_or_else(|| shape("missing \"cages\"".into()))?
        .as_array()
        .ok_or_else(|| shape("\"cages\" must be a list".into()))?;
    let mut cages = Vec::with_capacity(list.len());
    for (index, item) in list.iter().enumerate() {
        let at = |what: &str| shape(format!("cage {}: {what}", index + 1));
        let sum = item
            .get("sum")
            .ok_or_else(|| at("missing \"sum\""))?
            .as_u64()
            .ok_or_else(|| at("\"sum\" must be a whole number"))?;
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
        // Sums beyond u32 are unreachable anyway; saturate so validation names the cage.
        let sum = u32::try_from(sum).unwrap_or(u32::MAX);
        cages.push(Cage { sum, cells });
    }
    let givens = match object.get("givens") {
        None | Some(Value::Null) => None,
        Some(Value::String(line)) => Some(
            line.parse::<Grid>()
                .map_err(|err| shape(format!("\"givens\": {err}")))?,
        ),
        Some(_) => {
            return Err(shape(
                "\"givens\" must be null or an 81-character grid line".into(),
            ));
        }
    };
    KillerPuzzle::new(cages, givens)
}
