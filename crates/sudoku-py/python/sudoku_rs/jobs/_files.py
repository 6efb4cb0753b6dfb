"""Puzzle files cut into parts of whole lines, each part read by the extension's own reader.

A job over files never holds a file whole: the caller scans each file once, line by line, to
find where every part of `shard_size` puzzles begins ([`plan`]); a worker reads its part's
bytes alone ([`read_part`]). Lines are split as the extension's reader splits them (LF, CRLF
or a lone CR, a byte-order mark dropped, lines over 64 KiB an error), and blank and `#`
comment lines are skipped as it skips them, so that puzzle `i` of a job is record `i` of
`sudoku_rs.read(path)`.

A part is handed to `sudoku_rs.read` through a small temporary file that holds the part's
lines after the file's CSV header (or, without one, after a blank puzzle line, so that every
line is read as one after data, as in the whole file): the extension reads files only, and
this keeps every form and message of its reader. Files are read one puzzle per line; the
forms that spread a puzzle over several lines (drawings) are not split: each of their lines
becomes a row of its own, most of them malformed.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple

import sudoku_rs

#: The longest line the extension's reader reads, in bytes (sudoku_core::DEFAULT_MAX_LINE).
MAX_LINE = 64 * 1024

# What Rust's `str::trim` removes (the White_Space property): Python's `str.strip()` also
# removes the separators U+001C to U+001F, which the reader keeps.
_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000"
)
_BOM = b"\xef\xbb\xbf"
_BREAK = re.compile(rb"\r\n|\r|\n")
_CHUNK = 1 << 20
# Put before a part's lines when the file has no header: a puzzle, so that the reader treats
# the part's first line as one after data, as it does in the whole file.
_FILLER = b"." * 81


@dataclass(frozen=True)
class FilePart:
    """Lines `start` to `stop` (byte offsets) of a puzzle file: `count` puzzle lines, the first
    on line `first_line`, holding puzzles `first` to `first + count - 1` of the job."""

    path: str
    start: int
    stop: int
    first_line: int
    first: int
    count: int
    #: The file's CSV header line (without its line end), None when it has none.
    header: Optional[bytes]


def lines(
    path: str, start: int = 0, stop: Optional[int] = None
) -> Iterator[Tuple[int, int, bytes]]:
    """The lines of bytes `start` to `stop` of a file (the end when None), as `(begin, end,
    text)`: `begin` and `end` the offsets of the line with its line end, `text` the line
    without it, cut after MAX_LINE + 1 bytes (a longer line is an error whatever its length).
    `start` must be the start of a line."""
    with open(path, "rb") as file:
        file.seek(start)
        pos = start  # the offset of data[0]
        begin = start
        text = bytearray()
        data = b""
        while True:
            want = _CHUNK if stop is None else min(_CHUNK, stop - pos - len(data))
            more = file.read(want) if want > 0 else b""
            end_of_input = not more
            data += more
            if not data:
                break
            used = 0
            held = b""
            for match in _BREAK.finditer(data):
                if match.group() == b"\r" and match.end() == len(data) and not end_of_input:
                    held = b"\r"  # an LF may follow in the next chunk
                    break
                _extend(text, data[used : match.start()])
                yield begin, pos + match.end(), bytes(text)
                text.clear()
                begin = pos + match.end()
                used = match.end()
            _extend(text, data[used : len(data) - len(held)])
            pos += len(data) - len(held)
            data = held
            if end_of_input:
                break
        if begin < pos:
            yield begin, pos, bytes(text)


def _extend(text: bytearray, piece: bytes) -> None:
    room = MAX_LINE + 1 - len(text)
    if room > 0:
        text.extend(piece[:room])


def is_data(text: bytes) -> bool:
    """Whether the reader takes a line as data (a puzzle, part of one, a header or an error),
    not as a blank or `#` comment line."""
    if len(text) > MAX_LINE:
        return True
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return bool(decoded.split("#", 1)[0].strip(_WHITESPACE))


def _data_lines(path: str, start: int = 0, stop: Optional[int] = None, first_line: int = 1):
    """`(number, begin, end, text)` of the data lines of a file's bytes `start` to `stop`."""
    for number, (begin, end, text) in enumerate(lines(path, start, stop), first_line):
        if begin == 0 and text.startswith(_BOM):
            text = text[len(_BOM) :]
        if is_data(text):
            yield number, begin, end, text


def plan(paths: Sequence[str], shard_size: int) -> List[FilePart]:
    """The parts of `shard_size` puzzle lines (fewer at the end of each file) of files read in
    turn, numbered on from one file to the next."""
    parts: List[FilePart] = []
    first = 0
    for path in paths:
        header: Optional[bytes] = None
        seen_first = False
        count = 0
        start = first_line = 0
        end = 0
        for number, begin, end, text in _data_lines(path):
            if not seen_first:
                seen_first = True
                if _is_header(text):
                    header = text
                    continue
            if count == 0:
                start, first_line = begin, number
            count += 1
            if count == shard_size:
                parts.append(FilePart(path, start, end, first_line, first, count, header))
                first += count
                count = 0
        if count:
            parts.append(FilePart(path, start, end, first_line, first, count, header))
            first += count
    return parts


def _is_header(text: bytes) -> bool:
    """Whether the first data line of a file is a header: the reader takes it and gives no
    record for it."""
    with tempfile.TemporaryDirectory(prefix="sudoku-rs-") as folder:
        name = os.path.join(folder, "first.txt")
        with open(name, "wb") as file:
            file.write(text + b"\n")
        return sudoku_rs.read(name, errors="none") == []


@dataclass(frozen=True)
class Record:
    """One puzzle line of a part as the reader read it: the puzzle as one line, or the
    message of why not (`FILE:LINE:COLUMN: message`, as `sudoku_rs.read` raises it)."""

    line: int
    puzzle: Optional[str]
    error: Optional[str] = None
    column: Optional[int] = None


def read_part(part: FilePart) -> List[Record]:
    """The records of a part, read by `sudoku_rs.read`."""
    found = list(_data_lines(part.path, part.start, part.stop, part.first_line))
    if len(found) != part.count:
        raise OSError(
            f"{part.path}: bytes {part.start} to {part.stop} hold {len(found)} puzzle lines, "
            f"{part.count} when the job was planned: the file changed"
        )
    prefix = _FILLER if part.header is None else part.header
    with tempfile.TemporaryDirectory(prefix="sudoku-rs-") as folder:
        name = os.path.join(folder, "part.txt")
        texts = [text for _, _, _, text in found]
        read = _read_lines(name, prefix, texts)
        if len(read) == len(texts):
            puzzles = read
        else:
            # Some lines made one record together (a drawing): read each line alone.
            puzzles = [_read_lines(name, prefix, [text])[0] for text in texts]
        records = []
        for (number, _, _, text), puzzle in zip(found, puzzles):
            if puzzle is not None:
                records.append(Record(number, puzzle))
            else:
                records.append(_failure(name, prefix, text, part.path, number))
        return records


def _read_lines(name: str, prefix: bytes, texts: List[bytes]) -> List[Optional[str]]:
    """The records `sudoku_rs.read` finds in `texts` written after `prefix` (a line that gives
    no record or one, dropped here); None for those it cannot read. A line that gives no
    record of its own is a None too."""
    with open(name, "wb") as file:
        file.write(prefix + b"\n")
        for text in texts:
            file.write(text + b"\n")
    read = sudoku_rs.read(name, errors="none")
    if prefix == _FILLER:
        read = read[1:]
    if len(texts) == 1 and not read:
        return [None]
    return read


def _failure(name: str, prefix: bytes, text: bytes, path: str, number: int) -> Record:
    """The reader's message for a line it could not read, placed in the real file."""
    with open(name, "wb") as file:
        file.write(prefix + b"\n" + text + b"\n")
    try:
        sudoku_rs.read(name)
    except sudoku_rs.ParseError as err:
        place = f"{name}:{err.line}" + (f":{err.column}" if err.column is not None else "")
        message = str(err)
        message = message[len(place) + 2 :] if message.startswith(place + ": ") else message
        column = err.column
    else:
        message, column = "not a puzzle: the line gives no record", None
    where = f"{path}:{number}" + (f":{column}" if column is not None else "")
    return Record(number, None, f"{where}: {message}", column)
