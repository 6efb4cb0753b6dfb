//! JSON lines describing variants (feature `json`).

#[cfg(feature = "json")]
use super::{Form, Record, VariantRecord};
use super::{Kind, ReadError, ReadErrorKind};
use crate::variant::{VariantError, VariantErrorKind};

/// A JSON line describing a variant (feature `json`).
#[cfg(feature = "json")]
pub(super) fn json_variant(text: &str, line: usize, any: bool) -> Kind {
    let fail = |err: VariantError| Kind::Error(ReadError::new(line, ReadErrorKind::variant(err)));
    match crate::variant::from_json(text) {
        Ok(crate::variant::JsonPuzzle {
            puzzle,
            solution,
            id,
        }) => {
            if let Some(grid) = puzzle.to_grid() {
                return Kind::Record(Box::new(Record {
                    line,
                    puzzle: grid,
                    candidates: None,
                    solution: solution.and_then(|s| s.to_grid()),
                    comment: id,
                    form: Form::Json,
                }));
            }
            if !any {
                return fail(VariantError::new(
                    VariantErrorKind::Unsupported,
                    format!(
                        "a {} puzzle{}; this reader takes classic 9x9 puzzles (read others with any_size())",
                        puzzle.rules().shape(),
                        if puzzle.rules().size() == 9 {
                            " with variant rules"
                        } else {
                            ""
                        }
                    ),
                ));
            }
            Kind::Variant(Box::new(VariantRecord {
                line,
                puzzle,
                candidates: None,
                solution,
                comment: id,
                form: Form::Json,
            }))
        }
        Err(err) => fail(err),
    }
}

#[cfg(not(feature = "json"))]
pub(super) fn json_variant(_: &str, line: usize, _: bool) -> Kind {
    Kind::Error(ReadError::new(
        line,
        ReadErrorKind::variant(VariantError::new(
            VariantErrorKind::Unsupported,
            "a JSON line: reading variants needs sudoku-core's `json` feature".into(),
        )),
    ))
}
