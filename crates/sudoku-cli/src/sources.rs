//! Where puzzles come from: files named on the command line, or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One input: a file, or standard input (named `<stdin>` in messages).
#[derive(Clone, Debug)]
pub(crate) struct Source {
    /// How messages name it.
    pub(crate) name: Arc<str>,
    path: Option<PathBuf>,
}

impl Source {
    /// The inputs of a command line: the files in order (`-` is standard input), or standard
    /// input when there are none.
    pub(crate) fn all(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::stdin()];
        }
        files
            .iter()
            .map(|file| {
                if file.as_os_str() == "-" {
                    Source::stdin()
                } else {
                    Source {
                        name: file.display().to_string().into(),
                        path: Some(file.clone()),
                    }
                }
            })
            .collect()
    }

    fn stdin() -> Source {
        Source {
            name: "<stdin>".into(),
            path: None,
        }
    }

    /// The size in bytes when it is a regular file (for progress).
    pub(crate) fn size(&self) -> Option<u64> {
        let meta = std::fs::metadata(self.path.as_ref()?).ok()?;
        meta.is_file().then_some(meta.len())
    }

    /// Opens it; every byte consumed from the reader is added to `read`.
    pub(crate) fn open(
        &self,
        read: Arc<AtomicU64>,
    ) -> io::Result<Counting<Box<dyn BufRead + Send>>> {
        let inner: Box<dyn BufRead + Send> = match &self.path {
            None => Box::new(BufReader::new(io::stdin())),
            Some(path) => {
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
