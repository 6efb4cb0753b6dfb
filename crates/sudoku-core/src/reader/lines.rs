//! [`LineReader`]: bounded lines of text from any [`BufRead`], whatever their line ends.

use std::fmt;
use std::io::{self, BufRead};

/// Reads lines of text from any [`BufRead`], as every reader of the workspace does: lines end
/// with LF, CRLF or a lone CR (old Mac files), a byte-order mark before the first line is
/// dropped, and a line longer than the cap is skipped without being held in memory (an
/// error, and reading goes on with the next line). A line that is not UTF-8 is an error
/// naming the column of its first bad byte. After an I/O error, nothing more is read.
///
/// For parsers that need bytes rather than lines (a JSON array written on one line of any
/// length), [`next_byte`](LineReader::next_byte) and [`peek_byte`](LineReader::peek_byte)
/// read the same input byte by byte, with the same line numbers.
///
/// ```
/// use sudoku_core::LineReader;
///
/// let mut lines = LineReader::new("\u{feff}one\r\ntwo\rthree\nfour".as_bytes());
/// let mut read = Vec::new();
/// while let Some(line) = lines.next_line() {
///     let (number, text) = line?;
///     read.push(format!("{number}:{text}"));
/// }
/// assert_eq!(read, ["1:one", "2:two", "3:three", "4:four"]);
/// # Ok::<(), sudoku_core::LineError>(())
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    max_line: usize,
    /// The number of the last line begun.
    line: usize,
    /// Whether that line's end is still to come (bytes of it were read one by one).
    open: bool,
    /// The last line ended with a CR: an LF right after it belongs to that line end.
    pending_cr: bool,
    /// Whether the byte-order mark was looked for.
    bom_checked: bool,
    /// End of input, or an I/O error.
    done: bool,
    buf: Vec<u8>,
}

/// A line that could not be read: too long, not UTF-8, or an I/O error.
#[derive(Debug)]
pub struct LineError {
    line: usize,
    kind: LineErrorKind,
}

/// What made a line unreadable.
#[derive(Debug)]
#[non_exhaustive]
pub enum LineErrorKind {
    /// The line is longer than the cap; it was skipped.
    TooLong {
        /// The cap, in bytes.
        max: usize,
    },
    /// The line is not UTF-8 text (a binary file?).
    InvalidUtf8 {
        /// 1-based column (in characters) of the first byte that is not UTF-8.
        column: usize,
    },
    /// Reading the input failed; nothing more is read.
    Io(io::Error),
}

impl LineError {
    /// The 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What went wrong.
    pub fn kind(&self) -> &LineErrorKind {
        &self.kind
    }

    /// The error itself, to keep or wrap.
    pub fn into_kind(self) -> LineErrorKind {
        self.kind
    }

    /// What went wrong, without where.
    pub fn message(&self) -> String {
        match &self.kind {
            LineErrorKind::TooLong { max } => format!("longer than {max} bytes, skipped"),
            LineErrorKind::InvalidUtf8 { .. } => "not UTF-8 text (a binary file?)".into(),
            LineErrorKind::Io(err) => format!("read error: {err}"),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let LineErrorKind::InvalidUtf8 { column } = self.kind {
            write!(f, ", column {column}")?;
        }
        write!(f, ": {}", self.message())
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            LineErrorKind::Io(err) => Some(err),
            _ => None,
        }
    }
}

impl<R: BufRead> LineReader<R> {
    /// A reader of `input`, with lines of at most [`DEFAULT_MAX_LINE`](crate::DEFAULT_MAX_LINE)
    /// bytes.
    pub fn new(input: R) -> LineReader<R> {
        LineReader {
            input,
            max_line: super::DEFAULT_MAX_LINE,
            line: 0,
            open: false,
            pending_cr: false,
            bom_checked: false,
            done: false,
            buf: Vec::new(),
        }
    }

    /// Sets the longest line accepted, in bytes (at least 1,000).
    pub fn max_line(mut self, bytes: usize) -> LineReader<R> {
        self.max_line = bytes.max(1000);
        self
    }

    /// The longest line accepted, in bytes.
    pub fn line_cap(&self) -> usize {
        self.max_line
    }

    /// The number of the last line begun (by [`next_line`](LineReader::next_line) or by a
    /// byte of [`next_byte`](LineReader::next_byte)); 0 before any.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Drops a byte-order mark before the first line, once; bytes that only begin one are
    /// kept as the start of the first line.
    fn check_bom(&mut self) -> Result<(), LineError> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        if self.bom_checked {
            return Ok(());
        }
        self.bom_checked = true;
        let mut got = Vec::new();
        while got.len() < BOM.len() {
            let next = match self.input.fill_buf() {
                Ok(bytes) => bytes.first().copied(),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(self.failed(err)),
            };
            match next {
                Some(byte) if byte == BOM[got.len()] => {
                    got.push(byte);
                    self.input.consume(1);
                }
                _ => break,
            }
        }
        if got.len() < BOM.len() {
            self.buf = got;
        }
        Ok(())
    }

    /// The error of a failed read, which ends the reading.
    fn failed(&mut self, err: io::Error) -> LineError {
        self.done = true;
        LineError {
            line: self.line + usize::from(!self.open),
            kind: LineErrorKind::Io(err),
        }
    }

    /// The available bytes, after the LF of a CRLF whose CR ended the last line; empty at
    /// the end of input.
    fn fill(&mut self) -> Result<&[u8], LineError> {
        loop {
            let skip = match self.input.fill_buf() {
                Ok(bytes) => self.pending_cr && bytes.first() == Some(&b'\n'),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(self.failed(err)),
            };
            if !skip {
                break;
            }
            self.input.consume(1);
            self.pending_cr = false;
        }
        self.pending_cr = false;
        match self.input.fill_buf() {
            Ok(bytes) => Ok(bytes),
            Err(err) => {
                self.done = true;
                Err(LineError {
                    line: self.line + usize::from(!self.open),
                    kind: LineErrorKind::Io(err),
                })
            }
        }
    }

    /// The next line, with its number, without its line end; `None` at the end of input.
    pub fn next_line(&mut self) -> Option<Result<(usize, String), LineError>> {
        if let Err(err) = self.check_bom() {
            return Some(Err(err));
        }
        let mut bytes = std::mem::take(&mut self.buf);
        if self.done && bytes.is_empty() {
            return None;
        }
        let mut started = !bytes.is_empty() || self.open;
        let mut too_long = false;
        let max_line = self.max_line;
        loop {
            let available = match self.fill() {
                Ok(available) => available,
                Err(err) => return Some(Err(err)),
            };
            if available.is_empty() {
                self.done = true;
                if !started {
                    return None;
                }
                break;
            }
            started = true;
            let (chunk, used, end) = match line_end(available) {
                Some(at) => (&available[..at], at + 1, Some(available[at])),
                None => (available, available.len(), None),
            };
            if !too_long {
                if bytes.len() + chunk.len() > max_line {
                    too_long = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if let Some(end) = end {
                self.pending_cr = end == b'\r';
                break;
            }
        }
        if !self.open {
            self.line += 1;
        }
        self.open = false;
        let line = self.line;
        if too_long {
            return Some(Err(LineError {
                line,
                kind: LineErrorKind::TooLong { max: self.max_line },
            }));
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Ok((line, text)),
            Err(err) => {
                let valid = err.utf8_error().valid_up_to();
                let bytes = err.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                Err(LineError {
                    line,
                    kind: LineErrorKind::InvalidUtf8 { column },
                })
            }
        })
    }

    /// The next byte, without reading it; `None` at the end of input.
    ///
    /// # Errors
    ///
    /// Reading the input failed.
    pub fn peek_byte(&mut self) -> Result<Option<u8>, LineError> {
        self.check_bom()?;
        if let Some(&first) = self.buf.first() {
            return Ok(Some(first));
        }
        if self.done {
            return Ok(None);
        }
        let available = self.fill()?;
        Ok(available.first().copied())
    }

    /// The next byte, counted in the line numbers as [`next_line`](LineReader::next_line)
    /// counts them (a CRLF is one line end, given as its CR); `None` at the end of input.
    ///
    /// # Errors
    ///
    /// Reading the input failed.
    pub fn next_byte(&mut self) -> Result<Option<u8>, LineError> {
        self.check_bom()?;
        let byte = if self.buf.is_empty() {
            if self.done {
                return Ok(None);
            }
            let Some(byte) = self.fill()?.first().copied() else {
                self.done = true;
                return Ok(None);
            };
            self.input.consume(1);
            byte
        } else {
            self.buf.remove(0)
        };
        if !self.open {
            self.line += 1;
            self.open = true;
        }
        if byte == b'\n' || byte == b'\r' {
            self.open = false;
            self.pending_cr = byte == b'\r';
        }
        Ok(Some(byte))
    }
}

/// The position of the first `\n` or `\r` in `bytes`: eight bytes a step, each word tested
/// for a byte equal to either at once (a zero byte of the word xor the byte repeated).
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut at = 0;
    for word in bytes.chunks_exact(8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        if has_zero(x ^ (ONES * u64::from(b'\n'))) | has_zero(x ^ (ONES * u64::from(b'\r'))) != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut reader = LineReader::new(bytes);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line() {
            out.push(match line {
                Ok((n, text)) => format!("{n}:{text}"),
                Err(err) => format!("{err}"),
            });
        }
        out
    }

    /// The word-at-a-time search finds the first line end a byte-by-byte one finds, among
    /// bytes one bit away from `\n` and `\r`, at every length and position.
    #[test]
    fn line_end_is_the_first_line_end() {
        let others = [
            b'a', 0x0B, 0x09, 0x0C, 0x0E, 0x8A, 0x8D, 0x2A, 0x00, 0xFF, 0x01,
        ];
        for len in 0..40 {
            for seed in 0..len.max(1) * 3 {
                let mut bytes: Vec<u8> = (0..len)
                    .map(|i| others[(i * 7 + seed * 3) % others.len()])
                    .collect();
                if len > 0 && seed % 3 != 2 {
                    bytes[seed / 3 % len] = if seed % 3 == 0 { b'\n' } else { b'\r' };
                }
                let plain = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
                assert_eq!(line_end(&bytes), plain, "{bytes:?}");
            }
        }
    }

    #[test]
    fn every_line_end_ends_one_line() {
        let want = ["1:a", "2:b", "3:", "4:c", "5:d"];
        assert_eq!(lines(b"a\nb\n\nc\nd"), want);
        assert_eq!(lines(b"a\r\nb\r\n\r\nc\r\nd\r\n"), want);
        assert_eq!(lines(b"a\rb\r\rc\rd\r"), want);
        assert_eq!(lines(b"a\rb\r\n\nc\rd"), want);
        assert_eq!(lines(b""), Vec::<String>::new());
        assert_eq!(lines(b"\n"), ["1:"]);
        assert_eq!(lines(b"\r"), ["1:"]);
    }

    #[test]
    fn a_crlf_cut_by_the_buffer_is_one_line_end() {
        // A buffer of one byte cuts every CRLF in two.
        let text = b"ab\r\ncd\r\n\r\nef";
        let mut reader = LineReader::new(io::BufReader::with_capacity(1, &text[..]));
        let mut read = Vec::new();
        while let Some(line) = reader.next_line() {
            read.push(line.unwrap());
        }
        let want: Vec<(usize, String)> = [(1, "ab"), (2, "cd"), (3, ""), (4, "ef")]
            .iter()
            .map(|&(n, t)| (n, t.to_string()))
            .collect();
        assert_eq!(read, want);
    }

    #[test]
    fn the_byte_order_mark_goes_even_when_cut() {
        assert_eq!(lines(b"\xEF\xBB\xBFa\nb"), ["1:a", "2:b"]);
        let text = b"\xEF\xBB\xBFa";
        let mut reader = LineReader::new(io::BufReader::with_capacity(1, &text[..]));
        assert_eq!(reader.next_line().unwrap().unwrap(), (1, "a".to_string()));
        // Only in front of the first line, and only whole.
        assert_eq!(lines(b"a\n\xEF\xBB\xBFb")[0], "1:a");
        assert_eq!(lines(b"a\n\xEF\xBB\xBFb")[1], "2:\u{feff}b");
        assert_eq!(
            lines(b"\xEF\xBBa")[0],
            "line 1, column 1: not UTF-8 text (a binary file?)"
        );
    }

    #[test]
    fn long_and_binary_lines_are_errors_and_reading_goes_on() {
        let mut text = vec![b'x'; 5000];
        text.extend_from_slice(b"\nok\nab\xFFcd\nend");
        let mut reader = LineReader::new(&text[..]).max_line(1000);
        let err = reader.next_line().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "line 1: longer than 1000 bytes, skipped");
        assert_eq!(reader.next_line().unwrap().unwrap(), (2, "ok".into()));
        let err = reader.next_line().unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3, column 3: not UTF-8 text (a binary file?)"
        );
        assert_eq!(reader.next_line().unwrap().unwrap(), (4, "end".into()));
        assert!(reader.next_line().is_none());
    }

    #[test]
    fn bytes_and_lines_share_the_numbers() {
        let mut reader = LineReader::new(&b"[1,\r\n2]\rrest\nlast"[..]);
        let mut bytes = Vec::new();
        while let Some(byte) = reader.next_byte().unwrap() {
            bytes.push((reader.line(), byte));
            if byte == b']' {
                break;
            }
        }
        let lines: Vec<usize> = bytes.iter().map(|&(l, _)| l).collect();
        assert_eq!(lines, [1, 1, 1, 1, 2, 2]);
        assert_eq!(reader.peek_byte().unwrap(), Some(b'\r'));
        // The rest of line 2 (empty), then the next lines.
        assert_eq!(reader.next_line().unwrap().unwrap(), (2, String::new()));
        assert_eq!(reader.next_line().unwrap().unwrap(), (3, "rest".into()));
        assert_eq!(reader.next_byte().unwrap(), Some(b'l'));
        assert_eq!(reader.line(), 4);
        assert_eq!(reader.next_line().unwrap().unwrap(), (4, "ast".into()));
        assert_eq!(reader.next_byte().unwrap(), None);
    }
}
