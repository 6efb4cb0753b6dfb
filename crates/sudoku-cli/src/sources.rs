//! Where puzzles come from: files named on the command line, or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One input: a file, standard input (named `<stdin>` in messages), or a puzzle given as an
/// argument (named `<argument N>`).
#[derive(Clone, Debug)]
pub(crate) struct Source {
    /// How messages name it.
    pub(crate) name: Arc<str>,
    path: Option<PathBuf>,
    /// The puzzle itself, for an argument that is one.
    text: Option<String>,
}

impl Source {
    /// The inputs of a command line: the files in order (`-` is standard input, an argument
    /// that names no file but reads as a puzzle is that puzzle), or standard input when there
    /// are none.
    pub(crate) fn all(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::stdin()];
        }
        files
            .iter()
            .enumerate()
            .map(|(i, file)| {
                if file.as_os_str() == "-" {
                    return Source::stdin();
                }
                if let Some(text) = puzzle_argument(file) {
                    return Source {
                        name: format!("<argument {}>", i + 1).into(),
                        path: None,
                        text: Some(text),
                    };
                }
                Source {
                    name: file.display().to_string().into(),
                    path: Some(file.clone()),
                    text: None,
                }
            })
            .collect()
    }

    fn stdin() -> Source {
        Source {
            name: "<stdin>".into(),
            path: None,
            text: None,
        }
    }

    /// Whether it is standard input.
    pub(crate) fn is_stdin(&self) -> bool {
        self.path.is_none() && self.text.is_none()
    }

    /// The size in bytes when it is a regular file or an argument (for progress).
    pub(crate) fn size(&self) -> Option<u64> {
        if let Some(text) = &self.text {
            return Some(text.len() as u64);
        }
        let meta = std::fs::metadata(self.path.as_ref()?).ok()?;
        meta.is_file().then_some(meta.len())
    }

    /// Opens it; every byte consumed from the reader is added to `read`.
    pub(crate) fn open(
        &self,
        read: Arc<AtomicU64>,
    ) -> io::Result<Counting<Box<dyn BufRead + Send>>> {
        let inner: Box<dyn BufRead + Send> = match (&self.path, &self.text) {
            (_, Some(text)) => Box::new(io::Cursor::new(text.clone().into_bytes())),
            (None, None) => Box::new(BufReader::new(io::stdin())),
            (Some(path), None) => {
                if path.is_dir() {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "is a directory",
                    ));
                }
                Box::new(BufReader::with_capacity(64 * 1024, File::open(path)?))
            }
        };
        Ok(Counting { inner, read })
    }
}

/// The puzzle an argument is, when it names no file (nor anything else on disk) and is
/// written in puzzle symbols only (`1`-`9`, `A`-`Z`, `.`, `0`, `_`), one puzzle per argument:
/// `sudoku solve 53..7....6..195...`; or a puzzle with constraints, as a link or as f-puzzles
/// or ipuz JSON (on one line: JSON's line breaks are spaces). Anything else stays a file
/// name, so that a mistyped file is still reported as one.
fn puzzle_argument(file: &Path) -> Option<String> {
    let text = file.to_str()?;
    if sudoku_api::is_constraint_text(text) && file.symlink_metadata().is_err() {
        return Some(format!("{}\n", text.trim().replace(['\n', '\r'], " ")));
    }
    let symbols = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'));
    if !symbols || text.chars().count() < 16 || file.symlink_metadata().is_ok() {
        return None;
    }
    Some(format!("{text}\n"))
}

/// A reader that counts the bytes consumed through it.
pub(crate) struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: BufRead> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.read.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}

/// Whether standard output may have been closed when the program started (`sudoku solve ...
/// >&-`).
///
/// The Rust runtime reopens a closed standard descriptor on `/dev/null` for reading and
/// writing before `main`, so the answers would vanish without a word. Shells open `>
/// /dev/null` for writing only, so a standard output on `/dev/null` open for both is a sign
/// of a closed one; but Python's `subprocess.DEVNULL`, Node's `"ignore"` and Go's `os/exec`
/// open `/dev/null` that way too, on purpose, and nothing tells the two apart, so this is
/// worth a warning, not an error. Linux only: elsewhere, `false`.
pub(crate) fn stdout_was_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let on_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|path| path == Path::new("/dev/null"));
    on_null && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| read_write(&info))
}

/// Whether the `flags:` line of a `/proc/self/fdinfo` entry (octal) has the access mode
/// `O_RDWR` (2).
fn read_write(info: &str) -> bool {
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & 3 == 2)
}

#[cfg(test)]
mod tests {
    use super::read_write;

    #[test]
    fn the_access_mode_is_read_from_the_octal_flags() {
        assert!(read_write("pos:\t0\nflags:\t0100002\nmnt_id:\t24\n"));
        assert!(!read_write("pos:\t0\nflags:\t0100001\nmnt_id:\t24\n"));
        assert!(!read_write("pos:\t0\nflags:\t02000000\n"));
        assert!(!read_write("no flags here"));
    }
}
