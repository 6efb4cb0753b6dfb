//! Streaming puzzle input: one puzzle at a time from any number of sources, each an 81-cell
//! line or a 9-row drawing (detected per puzzle), never holding more than one line in memory.
//!
//! A line is read up to [`MAX_LINE`] bytes; the rest of a longer line is skipped without
//! being stored, and the line is reported as too long. Bytes that are not UTF-8 are reported
//! with their line, not a panic.

use std::io::{self, BufRead};

/// The longest line kept; longer lines are rejected (and skipped in constant memory).
pub(crate) const MAX_LINE: usize = 4096;

/// One puzzle read, or the reason a piece of input is not one.
#[derive(Debug)]
pub(crate) struct Item {
    /// Where it came from: file name or `<stdin>`.
    pub(crate) source: std::sync::Arc<str>,
    /// The line it starts on (1-based).
    pub(crate) line: usize,
    /// The puzzle text (81 cells or a drawing), or what is wrong.
    pub(crate) text: Result<String, String>,
}

/// How many cells a line holds once layout characters are dropped.
fn cell_count(line: &str) -> usize {
    line.chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '|' | '-' | '+' | '\r'))
        .count()
}

/// Splits one source into puzzle items.
pub(crate) struct Puzzles<R> {
    reader: R,
    source: std::sync::Arc<str>,
    line: usize,
    buffer: Vec<u8>,
    /// A drawing being read: its first line, its rows so far, and how many.
    drawing: Option<(usize, String, usize)>,
    pending: std::collections::VecDeque<Item>,
    done: bool,
}

enum Line {
    Text(String),
    TooLong,
    NotUtf8(usize),
    End,
}

impl<R: BufRead> Puzzles<R> {
    pub(crate) fn new(reader: R, source: &str) -> Puzzles<R> {
        Puzzles {
            reader,
            source: source.into(),
            line: 0,
            buffer: Vec::with_capacity(256),
            drawing: None,
            pending: std::collections::VecDeque::new(),
            done: false,
        }
    }

    /// Reads the next line, keeping at most [`MAX_LINE`] bytes of it.
    fn read_line(&mut self) -> io::Result<Line> {
        self.buffer.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (taken, found_end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let content = &chunk[..if found_end { taken - 1 } else { taken }];
            if !too_long {
                if self.buffer.len() + content.len() > MAX_LINE {
                    too_long = true;
                    self.buffer.clear();
                } else {
                    self.buffer.extend_from_slice(content);
                }
            }
            self.reader.consume(taken);
            if found_end {
                break;
            }
        }
        if !any {
            return Ok(Line::End);
        }
        self.line += 1;
        if too_long {
            return Ok(Line::TooLong);
        }
        let mut bytes = std::mem::take(&mut self.buffer);
        if self.line == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Line::Text(text)),
            Err(err) => {
                let at = err.utf8_error().valid_up_to();
                self.buffer = err.into_bytes();
                Ok(Line::NotUtf8(at))
            }
        }
    }

    fn error(&self, line: usize, message: String) -> Item {
        Item {
            source: self.source.clone(),
            line,
            text: Err(message),
        }
    }

    /// Ends a drawing cut short by something that is not one of its rows.
    fn cut_drawing(&mut self) {
        if let Some((start, _, rows)) = self.drawing.take() {
            let item = self.error(
                start,
                format!("drawing has {rows} rows of 9 cells, expected 9"),
            );
            self.pending.push_back(item);
        }
    }

    /// Reads lines until at least one item is pending or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while self.pending.is_empty() && !self.done {
            let line = match self.read_line()? {
                Line::End => {
                    self.done = true;
                    self.cut_drawing();
                    continue;
                }
                Line::TooLong => {
                    self.cut_drawing();
                    let item = self.error(
                        self.line,
                        format!("line longer than {MAX_LINE} bytes, not a puzzle"),
                    );
                    self.pending.push_back(item);
                    continue;
                }
                Line::NotUtf8(at) => {
                    self.cut_drawing();
                    let item = self.error(
                        self.line,
                        format!("not UTF-8 text (invalid byte at column {})", at + 1),
                    );
                    self.pending.push_back(item);
                    continue;
                }
                Line::Text(text) => text,
            };
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                self.cut_drawing();
                continue;
            }
            match cell_count(trimmed) {
                // A separator row such as `------+-------+------`.
                0 => {}
                9 => {
                    let (start, mut text, rows) =
                        self.drawing.take().unwrap_or((self.line, String::new(), 0));
                    text.push_str(line.trim_end_matches('\r'));
                    text.push('\n');
                    if rows + 1 == 9 {
                        self.pending.push_back(Item {
                            source: self.source.clone(),
                            line: start,
                            text: Ok(text),
                        });
                    } else {
                        self.drawing = Some((start, text, rows + 1));
                    }
                }
                _ => {
                    self.cut_drawing();
                    let raw = line.trim_end_matches('\r').to_string();
                    let item = Item {
                        source: self.source.clone(),
                        line: self.line,
                        text: Ok(raw),
                    };
                    self.pending.push_back(item);
                }
            }
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        if let Err(err) = self.fill() {
            self.done = true;
            return Some(Err(err));
        }
        self.pending.pop_front().map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn items(input: &[u8]) -> Vec<(usize, Result<String, String>)> {
        Puzzles::new(input, "t")
            .map(|item| item.unwrap())
            .map(|item| (item.line, item.text))
            .collect()
    }

    fn drawing() -> String {
        let grid: sudoku_core::Grid = LINE.parse().unwrap();
        format!("{grid:#}\n")
    }

    #[test]
    fn lines_and_drawings_are_told_apart() {
        let input = format!("{LINE}\n\n{}# comment\n{LINE}\r\n", drawing());
        let got = items(input.as_bytes());
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], (1, Ok(LINE.to_string())));
        assert_eq!(got[1].0, 3);
        let parsed: sudoku_core::Grid = got[1].1.as_ref().unwrap().parse().unwrap();
        assert_eq!(parsed.to_string(), LINE);
        assert_eq!(got[2], (15, Ok(LINE.to_string())));
    }

    #[test]
    fn bom_is_skipped() {
        let input = format!("\u{feff}{LINE}\n");
        assert_eq!(items(input.as_bytes()), vec![(1, Ok(LINE.to_string()))]);
    }

    #[test]
    fn short_drawing_is_one_error_and_the_rest_goes_on() {
        let rows: Vec<&str> = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect();
        let input = format!("{}\n\n{LINE}\n", rows[..5].join("\n"));
        let got = items(input.as_bytes());
        assert_eq!(
            got[0],
            (1, Err("drawing has 5 rows of 9 cells, expected 9".into()))
        );
        assert_eq!(got[1], (7, Ok(LINE.to_string())));
    }

    #[test]
    fn long_lines_and_bad_bytes_are_reported_in_place() {
        let mut input = Vec::new();
        input.extend_from_slice(b"\xff\xfe junk\n");
        input.extend(std::iter::repeat_n(b'1', MAX_LINE * 3));
        input.push(b'\n');
        input.extend_from_slice(b"\0\0\n");
        input.extend_from_slice(LINE.as_bytes());
        let got = items(&input);
        assert_eq!(got.len(), 4);
        assert_eq!(
            got[0],
            (1, Err("not UTF-8 text (invalid byte at column 1)".into()))
        );
        assert_eq!(
            got[1],
            (
                2,
                Err(format!("line longer than {MAX_LINE} bytes, not a puzzle"))
            )
        );
        assert_eq!(got[2], (3, Ok("\0\0".into())));
        assert_eq!(
            got[3],
            (4, Ok(LINE.to_string())),
            "a last line without newline counts"
        );
    }

    #[test]
    fn empty_input_has_no_items() {
        assert!(items(b"").is_empty());
        assert!(items(b"\n\n# nothing\n").is_empty());
    }
}
